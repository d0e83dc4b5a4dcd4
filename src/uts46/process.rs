//! The Processing steps of UTS #46 section 4 (Map, Normalize, Break, Convert/Validate) and
//! ToASCII (section 4.2) and ToUnicode (section 4.3) on top of them: one pipeline for inputs of
//! every length, in time linear in the input and in memory bounded by a small multiple of the
//! input and the output.
//!
//! - Steps 1 and 2 map and normalize the input a piece at a time ([`for_each_piece`], by
//!   [`mapping::map_and_normalize`]): an input of at most [`CHUNK`] bytes is one piece, a longer
//!   one is cut about every [`CHUNK`] bytes before a code point that step 2 can neither reorder
//!   nor compose with what precedes, so that NFC of the name is the NFC of the pieces (UAX #15
//!   section 9). A mapped piece is at most 11 times its input (U+FDFA, the longest mapping,
//!   maps 3 bytes to 33).
//! - Step 3 ends a label at each U+002E of a mapped piece; a label may span pieces.
//! - Step 4 converts and validates each label as it ends ([`Pipeline::end_label`]), from the
//!   mapped text itself when the label lies in one piece. ToUnicode writes every label into its
//!   output as it comes and validates it there; ToASCII with VerifyDnsLength keeps a label's
//!   text only while its A-label can be within 253 octets ([`KEPT_BYTES`]), and validates a
//!   longer one as it passes ([`Long`]): it fails A4_2 and A4_1 whatever its encoding, and
//!   whether its encoding overflows (A3) is decided from its code points' values and counts
//!   ([`Deltas`]).
//! - CheckBidi (criterion 9) asks every label of a Bidi domain name for the six conditions of
//!   RFC 5893 section 2: the conditions each label fails are gathered as the labels pass, and
//!   recorded at the end if any label was an RTL one. A name of one piece gathers them only
//!   from its first RTL label on, and then converts the labels before it again, from the
//!   mapped name.
//!
//! An error names the first label in error as step 2 gives it ([`Named`]), found on the error
//! path only: a name of more than one piece keeps where the labels an error may name stand, and
//! a second pass maps again only the start of that label, for its first
//! [`LABEL_TEXT_MAX`](super::error::LABEL_TEXT_MAX) bytes; a name of one piece is mapped again
//! up to the end of that label.
//!
//! Where the memory is not bounded by the input: a piece without a cut point (a megabyte of
//! combining marks) is mapped as a whole; an A-label whose Punycode inserts anywhere but at the
//! end is decoded by [`punycode::decode`]; and a label of thousands of code points whose deltas
//! come within its length of `u32::MAX` is encoded to decide A3.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::criteria::{self, Checker, add_bidi_conditions, validate_ascii, validate_hyphens};
use super::error::{Named, Statuses};
use super::mapping::{self, Mapped};
use super::{Error, Options, Status};
use crate::bidi;
use crate::limits::{
    ACE_PREFIX, EMPTY_LABEL, LabelBuffer, MAX_LABEL_OCTETS, MAX_NAME_OCTETS, MAX_ULABEL_CHARS,
};
use crate::nfc::{IsNormalized, QuickCheck};
use crate::punycode::{self, PunycodeError};
use crate::ucd::{self, Props};

/// An input of at most this many bytes is mapped and normalized as one piece; a longer one in
/// pieces of about this many bytes, each mapped to at most 11 times as many.
pub(super) const CHUNK: usize = 1024;

/// ToASCII with VerifyDnsLength keeps the text of a label of at most this many bytes: a longer
/// one has more than 253 code points (four bytes each at most), so its A-label has more than
/// 253 octets (Punycode writes at least one byte a code point, after "xn--"), and A4_2 and
/// A4_1 hold whatever its encoding.
const KEPT_BYTES: usize = 4 * MAX_NAME_OCTETS;

/// Distinct non-basic code points [`Deltas`] counts one by one.
const DISTINCT: usize = 32;

/// Steps 1 and 2 of section 4 on `input`, a piece at a time: `receiver` gets the mapped and
/// normalized text of each piece in order, and whether it is the last ([`Pieces`]). An input
/// of at most [`CHUNK`] bytes is one piece; a longer one is cut before the first code point
/// after each [`CHUNK`] bytes whose mapping starts with a code point that NFC neither reorders
/// nor composes with what precedes ([`mapping::starts_segment`]): NFC of the whole is then the
/// NFC of the pieces (UAX #15 section 9).
#[inline(always)]
fn for_each_piece(input: &str, transitional: bool, receiver: &mut impl Pieces) {
    let mut rest = input;
    let mut first = true;
    loop {
        // Between pieces only: nothing is to be added at once before the first.
        let skipped = if first { 0 } else { receiver.skip(rest) };
        first = false;
        if skipped > 0 {
            rest = rest.get(skipped..).unwrap_or("");
            if rest.is_empty() {
                // The end of the input ends the last label.
                receiver.piece(&mapping::map_and_normalize("", transitional), true);
                return;
            }
            continue;
        }
        let cut = if rest.len() <= CHUNK {
            rest.len()
        } else {
            cut_point(rest, transitional)
        };
        let (piece, tail) = rest.split_at_checked(cut).unwrap_or((rest, ""));
        let mapped = mapping::map_and_normalize(piece, transitional);
        if !receiver.piece(&mapped, tail.is_empty()) || tail.is_empty() {
            return;
        }
        rest = tail;
    }
}

/// What [`for_each_piece`] gives the pieces to.
trait Pieces {
    /// The bytes at the start of the rest of the input, before it is cut into a piece, that the
    /// receiver takes itself (a run of one code point it adds at once); none by default.
    fn skip(&mut self, _rest: &str) -> usize {
        0
    }

    /// The next piece after steps 1 and 2, and whether it is the last; false to stop.
    fn piece(&mut self, mapped: &Mapped<'_>, last: bool) -> bool;
}

/// A closure as a receiver of the pieces.
struct Each<F>(F);

impl<F: FnMut(&Mapped<'_>, bool) -> bool> Pieces for Each<F> {
    fn piece(&mut self, mapped: &Mapped<'_>, last: bool) -> bool {
        (self.0)(mapped, last)
    }
}

/// Where [`for_each_piece`] cuts `text`, longer than [`CHUNK`] bytes: before the first code
/// point at or after byte [`CHUNK`] that [`mapping::starts_segment`], or at the end.
fn cut_point(text: &str, transitional: bool) -> usize {
    let mut from = CHUNK;
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut at = from;
    while let Some(c) = text.get(at..).and_then(|tail| tail.chars().next()) {
        if mapping::starts_segment(c, transitional) {
            return at;
        }
        // Its copies that follow are no cut point either: a megabyte of U+00AD before `a.com`,
        // 109 M instructions before, 21 M after (callgrind, `uts46::to_ascii`).
        let copies = mapping::run_of(text.as_bytes().get(at..).unwrap_or_default(), c);
        at += copies.max(1) * c.len_utf8();
    }
    text.len()
}

/// ToASCII, UTS #46 section 4.2, after the ASCII names [`super::to_ascii`] answers itself.
#[inline]
pub(super) fn to_ascii(input: &str, options: Options) -> Result<String, Error> {
    let mut buf = EMPTY_LABEL;
    let mut pipeline = Pipeline::<false>::new(options, true, &mut buf);
    pipeline.run(input);
    if pipeline.bounded && options.verify_dns_length && !pipeline.name_length_ok() {
        // The bounds add up to more than 253 octets: the exact lengths decide.
        let mut exact = Pipeline::<false>::new(options, false, pipeline.buf);
        exact.run(input);
        return exact.ascii_result(input);
    }
    pipeline.ascii_result(input)
}

/// ToUnicode, UTS #46 section 4.3, after the ASCII names [`super::to_unicode`] answers itself.
pub(super) fn to_unicode(input: &str, options: Options) -> (String, Result<(), Error>) {
    let mut buf = EMPTY_LABEL;
    let mut pipeline = Pipeline::<true>::new(options, false, &mut buf);
    pipeline.run(input);
    let result = pipeline.result(input);
    (pipeline.out, result)
}

/// Steps 1 and 2 (Nontransitional) for the formats' mapping, or, when the result is longer
/// than `cap` bytes, its first `cap + 1` bytes or more (what the formats refuse by length
/// without reading it).
pub(crate) fn map_capped(input: &str, cap: usize) -> Cow<'_, str> {
    if input.len() <= CHUNK || (input.is_ascii() && !input.bytes().any(|b| b.is_ascii_uppercase()))
    {
        return mapping::map_and_normalize(input, false).text;
    }
    let mut out = String::new();
    for_each_piece(
        input,
        false,
        &mut Each(|mapped: &Mapped<'_>, _| {
            out.push_str(&mapped.text);
            out.len() <= cap
        }),
    );
    Cow::Owned(out)
}

/// Label `index` of `input` after steps 1 to 3, for an error: where it stands in the processed
/// name, its length, and its first [`LABEL_TEXT_MAX`](super::error::LABEL_TEXT_MAX) bytes. With
/// `span`, where it stands and its length as the pipeline found them, only its start is mapped
/// again.
#[cold]
pub(super) fn named(
    input: &str,
    transitional: bool,
    index: usize,
    span: Option<(usize, usize)>,
) -> Named {
    let cap = super::LABEL_TEXT_MAX;
    let (start, len, text) = capture(input, transitional, index, cap, span.is_some());
    let (start, len) = span.unwrap_or((start, len));
    Named::at(index, start, len, &text)
}

/// Label `index` of `input` after steps 1 to 3, by a pass that keeps only that label: its
/// byte offset in the processed name, its length, and its first `cap` bytes or more; `early`:
/// the pass stops once it has them (the length is then unknown).
fn capture(
    input: &str,
    transitional: bool,
    index: usize,
    cap: usize,
    early: bool,
) -> (usize, usize, String) {
    let (mut label, mut start, mut len) = (0, 0, 0);
    let mut text = String::new();
    let mut each = Each(|mapped: &Mapped<'_>, _| {
        let mut rest: &str = &mapped.text;
        loop {
            let dot = rest.as_bytes().iter().position(|&b| b == b'.');
            let part = dot.and_then(|d| rest.get(..d)).unwrap_or(rest);
            if label < index {
                start += part.len();
            } else {
                len += part.len();
                if text.len() <= cap {
                    text.push_str(part);
                }
                if early && text.len() > cap {
                    return false;
                }
            }
            let Some(tail) = dot.and_then(|d| rest.get(d + 1..)) else {
                return true;
            };
            if label == index {
                return false;
            }
            start += 1;
            label += 1;
            rest = tail;
        }
    });
    for_each_piece(input, transitional, &mut each);
    (start, len, text)
}

/// Which result the pipeline builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// ToUnicode: the processed name.
    Unicode,
    /// ToASCII: every label with non-ASCII code points as "xn--" and its Punycode, and the
    /// lengths of step 4.
    Ascii,
}

/// What step 4 (Convert/Validate) makes of a label, by its text after steps 1 and 2.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// ASCII, not starting with "xn--".
    Ascii,
    /// Non-ASCII, not starting with "xn--".
    Unicode,
    /// "xn--" and Punycode that decodes; the code points are the decoded ones.
    Decoded,
    /// "xn--" and Punycode that does not decode (step 4.1.2).
    BadPunycode,
    /// "xn--" and a non-ASCII code point (step 4.1.1).
    NonAsciiAce,
}

/// What step 4 found of a label.
#[derive(Clone, Copy)]
struct Converted {
    kind: Kind,
    /// The criteria were applied (not to an "xn--" label that is no A-label).
    validated: bool,
    /// An RTL label (RFC 5893 section 1.4).
    rtl: bool,
    /// The conditions of RFC 5893 section 2 it fails, when the pass that found `rtl` found
    /// them too.
    failed: Option<u8>,
    /// Its code points (the decoded ones for [`Kind::Decoded`]) are the first this many of the
    /// label buffer; `None` when they did not fit (or an ASCII label, whose bytes they are).
    chars: Option<usize>,
    /// A decoded label made only of basic code points (step 4.1.3: P4), which ToASCII writes
    /// as they are.
    basic: bool,
}

/// A label of ToASCII with VerifyDnsLength beyond [`KEPT_BYTES`]: checked as it passes, its
/// text not kept.
#[derive(Clone, Copy)]
struct Long {
    /// The criteria, `None` for an "xn--" label with a non-ASCII code point (step 4.1.1: P4,
    /// not validated).
    checker: Option<Checker>,
    deltas: Deltas,
    /// An RTL code point in a label that is not validated.
    rtl: bool,
}

impl Long {
    /// Equal to `other` but for the counts.
    fn same_shape(&self, other: &Long) -> bool {
        let checkers = match (&self.checker, &other.checker) {
            (Some(a), Some(b)) => a.same_shape(b),
            (None, None) => true,
            _ => false,
        };
        checkers && self.rtl == other.rtl && self.deltas.same_shape(&other.deltas)
    }

    /// `times` more copies of what was pushed since `before`, a state of the same shape.
    fn repeat(&mut self, before: &Long, times: usize) {
        if let (Some(checker), Some(earlier)) = (&mut self.checker, &before.checker) {
            checker.repeat(earlier, times);
        }
        self.deltas.repeat(&before.deltas, times);
    }

    /// The code points of `text`, the next part of the label after steps 1 and 2; `valid`:
    /// step 1 found its non-ASCII code points `valid`.
    fn push_str(&mut self, text: &str, valid: bool) {
        let valid = valid.then_some(true);
        for c in text.chars() {
            match &mut self.checker {
                Some(checker) => {
                    checker.push(c, valid);
                }
                None => self.rtl |= !c.is_ascii() && bidi::is_rtl_class(bidi::bidi_class(c)),
            }
            self.deltas.push(c);
        }
    }
}

/// What a name of more than one piece keeps: for ToASCII, of labels that span pieces or are
/// too long to be kept, the current label's text so far and whether it holds a non-ASCII code
/// point, its state once it is too long to be kept, and the labels whose A3 only their encoding
/// decides. Boxed, and made for a name of more than one piece: a name of one piece has none.
#[derive(Default)]
struct Spill {
    text: String,
    non_ascii: bool,
    long: Option<Long>,
    a3_unknown: Vec<usize>,
    /// Where the labels stand in the processed name: the bytes before the current label and
    /// of it so far; and `(index, start, length)` of the first label with a status and of the
    /// first that fails a condition of RFC 5893 section 2, which an error may name. An error
    /// then maps only the start of its label again ([`named`]), not the name up to its end.
    before: usize,
    bytes: usize,
    first: Option<(usize, usize, usize)>,
    bidi: Option<(usize, usize, usize)>,
}

impl Spill {
    /// The end of label `index`, whose last part is `last` bytes: where it stands, kept when it
    /// is the first with a status, or the first that fails the Bidi rule (`bidi_first`).
    fn end_label(
        &mut self,
        last: usize,
        index: usize,
        statuses: &Statuses,
        bidi_first: Option<usize>,
    ) {
        self.bytes += last;
        if self.first.is_none() && statuses.first_label() == Some(index) {
            self.first = Some((index, self.before, self.bytes));
        }
        if bidi_first == Some(index) {
            self.bidi = Some((index, self.before, self.bytes));
        }
        self.before += self.bytes + 1;
        self.bytes = 0;
    }

    /// Where label `index` stands, when it was kept.
    fn span_of(&self, index: usize) -> Option<(usize, usize)> {
        [self.first, self.bidi]
            .into_iter()
            .flatten()
            .find(|&(i, _, _)| i == index)
            .map(|(_, start, len)| (start, len))
    }
}

/// Steps 3 and 4 and the Validity Criteria, label by label, and what ToASCII and ToUnicode
/// build of them.
struct Pipeline<'b, const UNICODE: bool> {
    options: Options,
    /// ToASCII, once a status is recorded: a label of at most 59 code points is counted by the
    /// bound on its Punycode ([`crate::label::encoded_len_bound`]) when that fits in 63
    /// octets, without encoding. ToASCII fails anyway then, and such a label cannot fail to
    /// encode (A3: no delta overflows `u32` for so few code points) nor break the label length
    /// (A4_2, 1 to 63 octets either way); the name length (A4_1) is known when the bounded
    /// name is within 253 octets, which bounds the real one, and must be found again exactly
    /// otherwise ([`Pipeline::bounded`]). Measured (callgrind, tools/corpus/count.sh,
    /// `to_ascii`): 3.6 % fewer instructions on the invalid corpus of benches/formats.rs than
    /// encoding throughout, and 1.1 to 1.6 % more on the valid U-label corpora (the check of
    /// the statuses on every label).
    bound: bool,
    statuses: Statuses,
    out: String,
    /// ToASCII step 4: the octets of the labels so far (without the dots between them),
    /// whether the output ends in U+002E, and whether a label was counted by its bound.
    octets: usize,
    ends_in_dot: bool,
    bounded: bool,
    /// The name is one piece whose mapping found no RTL code point: a label of code points
    /// that cannot fail criteria 5 to 8 needs only the hyphen rules ([`criteria::is_plain`]).
    plain: bool,
    bidi_domain: bool,
    /// CheckBidi, and each label's conditions are gathered as it passes: the name is a Bidi
    /// domain name, or is not one piece.
    gather: bool,
    bidi_failed: u8,
    /// The first label that fails a condition of RFC 5893 section 2.
    bidi_first: Option<usize>,
    /// The current label: its index, where it starts in `out` (ToUnicode), and whether step 1
    /// found all its non-ASCII code points `valid`.
    index: usize,
    start: usize,
    valid: bool,
    /// A name of more than one piece: what it keeps besides. Boxed, so that a name of one
    /// piece makes and drops none of it (the U-label forms of `realistic.txt` 955,738 →
    /// 951,263 instructions a pass, `tools/corpus/count.sh 5`).
    spill: Option<Box<Spill>>,
    /// The code points of the current label, when they fit: the caller's, so that the
    /// pipeline is smaller to set up (`uts46::to_ascii` on `münchen.de`, callgrind: 1,945
    /// instructions a name against 1,919).
    buf: &'b mut LabelBuffer,
}

impl<'b, const UNICODE: bool> Pipeline<'b, UNICODE> {
    /// The result built: ToUnicode's or ToASCII's, a constant of each instance, so that each
    /// is compiled without the other's branches (`uts46::to_ascii` on `münchen.de`,
    /// callgrind: 1,919 instructions a name against 1,902).
    const FORM: Form = if UNICODE { Form::Unicode } else { Form::Ascii };

    #[inline(always)]
    fn new(options: Options, bound: bool, buf: &'b mut LabelBuffer) -> Self {
        let mut statuses = Statuses::default();
        statuses.enter(Some(0));
        Pipeline {
            options,
            bound,
            statuses,
            out: String::new(),
            octets: 0,
            ends_in_dot: false,
            bounded: false,
            plain: false,
            bidi_domain: false,
            gather: false,
            bidi_failed: 0,
            bidi_first: None,
            index: 0,
            start: 0,
            valid: true,
            spill: None,
            buf,
        }
    }

    #[inline(always)]
    fn run(&mut self, input: &str) {
        let transitional = self.options.transitional_processing;
        // A name of one piece gathers the Bidi conditions of its labels from its first RTL
        // label on, and converts the labels before it again (`become_bidi`). Measured against
        // gathering them from every label (callgrind, `tools/corpus/count.sh 5`,
        // `uts46::to_ascii`, instructions a pass): the U-label forms of `realistic.txt`
        // 1,012,182 → 937,076, `latin.txt` 876,220 → 758,768.
        let one_piece = input.len() <= CHUNK;
        self.gather = self.options.check_bidi && !one_piece;
        if !one_piece {
            self.spill = Some(Box::default());
        }
        for_each_piece(input, transitional, self);
        if self.options.check_bidi && self.bidi_domain {
            // Criterion 9 for every label; the error names the first that fails.
            self.statuses.enter(self.bidi_first);
            add_bidi_conditions(self.bidi_failed, &mut self.statuses);
        }
        self.statuses.enter(None);
    }

    /// ToASCII with VerifyDnsLength, in a label too long to be kept ([`Long`]), where the rest
    /// of the input starts with a run of one code point: two copies go through the label's
    /// state, and when the second left it as the first did but for its counts, the rest of the
    /// run is added at once. Each copy is a piece of its own: its mapping starts a segment that
    /// NFC composes nothing into ([`mapping::starts_segment`]), and so does what follows the
    /// run (else the run's last copy stays for the next piece). Returns the bytes taken.
    /// Measured (callgrind, `uts46::to_ascii`, a megabyte): U+FDFA 1,941 M instructions
    /// before, 12 M after; `\u{FC}` 66 M, 11 M.
    fn skip_run(&mut self, rest: &str) -> usize {
        let Some(spill) = self.spill.as_deref_mut() else {
            return 0;
        };
        let Some(long) = spill.long.as_mut() else {
            return 0;
        };
        let Some(c) = rest.chars().next() else {
            return 0;
        };
        let mut copies = mapping::run_of(rest.as_bytes(), c);
        let transitional = self.options.transitional_processing;
        if copies < 3 || !mapping::starts_segment(c, transitional) {
            return 0;
        }
        let unit = c.len_utf8();
        let after = rest
            .get(copies * unit..)
            .and_then(|tail| tail.chars().next());
        if after.is_some_and(|next| !mapping::starts_segment(next, transitional)) {
            copies -= 1;
        }
        let one = mapping::map_and_normalize(rest.get(..unit).unwrap_or(""), transitional);
        if copies < 3 || one.text.contains('.') {
            return 0;
        }
        long.push_str(&one.text, one.valid);
        let first = *long;
        long.push_str(&one.text, one.valid);
        let taken = if long.same_shape(&first) {
            long.repeat(&first, copies - 2);
            copies
        } else {
            2
        };
        spill.bytes += taken * one.text.len();
        self.valid &= one.valid;
        taken * unit
    }

    /// Step 3 on a mapped piece: `valid` when step 1 found all its non-ASCII code points
    /// `valid`; `last` at the end of the input; `name`, the whole mapped name when it is one
    /// piece.
    #[inline(always)]
    fn feed(&mut self, piece: &str, valid: bool, last: bool, name: Option<&str>) {
        let mut rest = piece;
        loop {
            // A byte loop: U+002E is one byte and never inside another code point.
            match rest.as_bytes().iter().position(|&b| b == b'.') {
                Some(dot) => {
                    let label = rest.get(..dot).unwrap_or("");
                    self.end_label(label, valid, false, name);
                    rest = rest.get(dot + 1..).unwrap_or("");
                }
                None if last => return self.end_label(rest, valid, true, name),
                None => return self.add(rest, valid),
            }
        }
    }

    /// The start of the current label, which goes on in the next piece.
    fn add(&mut self, part: &str, valid: bool) {
        self.valid &= valid;
        if let Some(spill) = self.spill.as_deref_mut() {
            spill.bytes += part.len();
        }
        if Self::FORM == Form::Unicode {
            self.out.push_str(part);
            return;
        }
        let spill = self.spill.get_or_insert_with(Box::default);
        match &mut spill.long {
            Some(long) => long.push_str(part, valid),
            None => {
                spill.text.push_str(part);
                spill.non_ascii |= !part.is_ascii();
                self.keep_or_stream();
            }
        }
    }

    /// ToASCII with VerifyDnsLength: once a label is beyond [`KEPT_BYTES`], it is checked as
    /// it passes and its text dropped, but for an "xn--" label still ASCII, which is decoded
    /// at its end (its text is no longer than its input).
    fn keep_or_stream(&mut self) {
        let Some(spill) = self.spill.as_deref_mut() else {
            return;
        };
        if !self.options.verify_dns_length || spill.text.len() <= KEPT_BYTES {
            return;
        }
        let ace = spill.text.starts_with(ACE_PREFIX);
        if ace && !spill.non_ascii {
            return;
        }
        if ace {
            // Step 4.1.1: an A-label is ASCII.
            self.statuses.add(Status::P4);
        }
        let transitional = self.options.transitional_processing;
        let mut long = Long {
            checker: (!ace).then(|| Checker::new(self.options, transitional)),
            deltas: Deltas::EMPTY,
            rtl: false,
        };
        long.push_str(&spill.text, self.valid);
        spill.text = String::new();
        spill.long = Some(long);
    }

    /// Ends the current label with its last part; `last`: at the end of the input. The steps
    /// of a label are inlined into the loop over the labels (this function, `feed`,
    /// `ascii_label`, `convert`, `encode`, `account`, `count`): the U-label forms of
    /// `realistic.txt` 1,090,553 → 1,041,337 instructions a pass against separate functions
    /// (`tools/corpus/count.sh 5`).
    #[inline(always)]
    fn end_label(&mut self, part: &str, valid: bool, last: bool, name: Option<&str>) {
        self.valid &= valid;
        match Self::FORM {
            Form::Unicode => {
                self.out.push_str(part);
                self.unicode_label(last, name);
                if !last {
                    self.out.push('.');
                }
            }
            Form::Ascii => match self.spill {
                None => self.ascii_label(part, name),
                Some(_) => self.end_spilled(part, valid, name),
            },
        }
        if let Some(spill) = self.spill.as_deref_mut() {
            spill.end_label(part.len(), self.index, &self.statuses, self.bidi_first);
        }
        // The next label.
        self.index += 1;
        self.statuses.enter(Some(self.index));
        self.start = self.out.len();
        self.valid = true;
    }

    /// [`Pipeline::end_label`] for ToASCII once a label spanned pieces: the label ends with
    /// `part` after the text kept of it, or as it passed when it was too long to be kept.
    #[cold]
    fn end_spilled(&mut self, part: &str, valid: bool, name: Option<&str>) {
        let Some(spill) = self.spill.as_deref_mut() else {
            return;
        };
        if let Some(long) = &mut spill.long {
            long.push_str(part, valid);
        } else if !spill.text.is_empty() {
            spill.text.push_str(part);
            spill.non_ascii |= !part.is_ascii();
            self.keep_or_stream();
        }
        let Some(spill) = self.spill.as_deref_mut() else {
            return;
        };
        spill.non_ascii = false;
        if let Some(long) = spill.long.take() {
            self.long_label(long);
        } else if spill.text.is_empty() {
            self.ascii_label(part, name);
        } else {
            let text = core::mem::take(&mut spill.text);
            self.ascii_label(&text, name);
            if let Some(spill) = self.spill.as_deref_mut() {
                spill.text = text;
                spill.text.clear();
            }
        }
    }

    /// Step 4 on a label, ToUnicode: its text is the end of the output from `start`.
    fn unicode_label(&mut self, last: bool, name: Option<&str>) {
        let start = self.start;
        let label = self.out.get(start..).unwrap_or("");
        let converted = if label.starts_with(ACE_PREFIX) && label.is_ascii() {
            let payload = label.get(ACE_PREFIX.len()..).unwrap_or("");
            match punycode::decode_into(payload.as_bytes(), self.buf) {
                Ok(len) => {
                    let chars = self.buf.get(..len).unwrap_or(&[]);
                    let (rtl, failed) =
                        criteria::check_decoded(chars, self.options, &mut self.statuses);
                    self.out.truncate(start);
                    self.out.extend(chars);
                    Converted::checked(Kind::Decoded, rtl, Some(failed), Some(len))
                }
                Err(PunycodeError::TooLong) => {
                    let label = self.out.split_off(start);
                    let payload = label.get(ACE_PREFIX.len()..).unwrap_or("");
                    match decode_long(
                        payload,
                        self.options,
                        &mut self.statuses,
                        Some(&mut self.out),
                    ) {
                        Some(((rtl, failed), _)) => {
                            Converted::checked(Kind::Decoded, rtl, Some(failed), None)
                        }
                        None => {
                            self.out.push_str(&label);
                            self.bad_punycode()
                        }
                    }
                }
                Err(_) => self.bad_punycode(),
            }
        } else {
            let out = core::mem::take(&mut self.out);
            let label = out.get(start..).unwrap_or("");
            let mut converted = self.convert(label);
            if converted.kind == Kind::Ascii && self.needs_failures() {
                converted.failed = Some(ascii_bidi_failures(label.as_bytes()));
            }
            self.out = out;
            converted
        };
        let empty = self.out.len() == start;
        let is_root = last && self.index > 0;
        // ToUnicode with VerifyDnsLength: an empty label but the root label is X4_2.
        if self.options.verify_dns_length && empty && !is_root {
            self.statuses.add(Status::X4_2);
        }
        self.bidi(&converted, name);
    }

    /// Step 4 on a label but an "xn--" one that is ASCII (ToUnicode decodes it into the
    /// output), with its code points put into the label buffer when they fit.
    #[inline(always)]
    fn convert(&mut self, label: &str) -> Converted {
        let options = self.options;
        let statuses = &mut self.statuses;
        if label.starts_with(ACE_PREFIX) && !label.is_ascii() {
            // Step 4.1.1: an A-label is ASCII.
            statuses.add(Status::P4);
            let rtl = label
                .chars()
                .any(|c| !c.is_ascii() && bidi::is_rtl_class(bidi::bidi_class(c)));
            return Converted {
                kind: Kind::NonAsciiAce,
                validated: false,
                rtl,
                failed: None,
                chars: chars_into(label, self.buf),
                basic: false,
            };
        }
        if label.is_ascii() {
            if !label.is_empty() {
                validate_ascii(label.as_bytes(), options, statuses, false);
            }
            return Converted::checked(Kind::Ascii, false, None, None);
        }
        let transitional = options.transitional_processing;
        let Some(len) = chars_into(label, self.buf) else {
            // Beyond a label buffer: as it passes, without one.
            let mut checker = Checker::new(options, transitional);
            let valid = self.valid.then_some(true);
            for c in label.chars() {
                checker.push(c, valid);
            }
            let (rtl, failed) = checker.finish(statuses);
            return Converted::checked(Kind::Unicode, rtl, Some(failed), None);
        };
        let chars = self.buf.get(..len).unwrap_or(&[]);
        if self.plain && self.valid && criteria::is_plain(chars) {
            // Step 1 found every code point `valid`, none RTL in the name, and none can fail
            // criteria 5 to 8: the hyphens are left. Measured (callgrind,
            // tools/corpus/count.sh 5, `uts46::to_ascii`, instructions a pass) against the
            // checker on every label: the U-label forms of `realistic.txt` 993,032 → 940,010
            // (−5.3 %), `latin.txt` 873,035 → 752,109.
            validate_hyphens(chars, options, statuses);
            return Converted::checked(Kind::Unicode, false, None, Some(len));
        }
        let (rtl, failed) = criteria::check(chars, options, transitional, self.valid, statuses);
        Converted::checked(Kind::Unicode, rtl, Some(failed), Some(len))
    }

    /// Step 4.1.2 for an "xn--" label that is not Punycode: P4 (but with
    /// IgnoreInvalidPunycode, the ASCII fast path the flag was added for: such a label is
    /// passed through, not validated).
    fn bad_punycode(&mut self) -> Converted {
        if !self.options.ignore_invalid_punycode {
            self.statuses.add(Status::P4);
        }
        Converted {
            kind: Kind::BadPunycode,
            validated: false,
            rtl: false,
            failed: None,
            chars: None,
            basic: false,
        }
    }

    /// Step 4 on a label, ToASCII, and step 3 of section 4.2: the label as it goes into the
    /// output.
    #[inline(always)]
    fn ascii_label(&mut self, label: &str, name: Option<&str>) {
        let mut converted = match label.strip_prefix(ACE_PREFIX) {
            Some(payload) if label.is_ascii() => {
                match punycode::decode_into(payload.as_bytes(), self.buf) {
                    Ok(len) => {
                        let chars = self.buf.get(..len).unwrap_or(&[]);
                        let (rtl, failed) =
                            criteria::check_decoded(chars, self.options, &mut self.statuses);
                        Converted::checked(Kind::Decoded, rtl, Some(failed), Some(len))
                    }
                    Err(PunycodeError::TooLong) => {
                        match decode_long(payload, self.options, &mut self.statuses, None) {
                            Some(((rtl, failed), basic)) => Converted {
                                basic,
                                ..Converted::checked(Kind::Decoded, rtl, Some(failed), None)
                            },
                            None => self.bad_punycode(),
                        }
                    }
                    Err(_) => self.bad_punycode(),
                }
            }
            _ => self.convert(label),
        };
        if converted.kind == Kind::Ascii && self.needs_failures() {
            converted.failed = Some(ascii_bidi_failures(label.as_bytes()));
        }
        // Once a status is recorded the output is not the answer, nor beyond 253 octets with
        // VerifyDnsLength: only its length counts.
        let write = self.statuses.is_empty()
            && (self.out.len() <= MAX_NAME_OCTETS + 1 || !self.options.verify_dns_length);
        match converted.kind {
            Kind::Decoded => {
                // Basic code points only: written as they are; they may hold U+002E
                // (criterion 5), which splits the label in the output.
                let basic: Option<String> = match converted.chars {
                    Some(len) => self
                        .buf
                        .get(..len)
                        .filter(|chars| chars.iter().all(char::is_ascii))
                        .map(|chars| chars.iter().collect()),
                    None if converted.basic => label
                        .get(ACE_PREFIX.len()..)
                        .and_then(|payload| punycode::split_basic(payload.as_bytes()).ok())
                        .map(|(head, _)| head.iter().map(|&b| char::from(b)).collect()),
                    None => None,
                };
                match basic {
                    Some(basic) => self.account(&basic, true, write),
                    // The decoder admits one Punycode string per code point sequence, ignoring
                    // case, and the label is lowercase after step 1: the encoding of what it
                    // decoded to is the label itself.
                    None => self.account(label, false, write),
                }
            }
            Kind::Unicode | Kind::NonAsciiAce => self.encode(label, converted.chars, write),
            Kind::Ascii | Kind::BadPunycode => self.account(label, false, write),
        }
        self.bidi(&converted, name);
    }

    /// ToASCII step 3 for a label with non-ASCII code points, the first `len` of the label
    /// buffer when they fit: "xn--" and its Punycode (A3 when it overflows, section 4.2 step 4.2, and the
    /// label is left as it was), or after an error its bound.
    #[inline(always)]
    fn encode(&mut self, label: &str, len: Option<usize>, write: bool) {
        let heap: Vec<char>;
        let chars = match len.and_then(|n| self.buf.get(..n)) {
            Some(chars) => chars,
            None => {
                heap = label.chars().collect();
                &heap
            }
        };
        if self.bound && !self.statuses.is_empty() && chars.len() <= MAX_ULABEL_CHARS {
            let bound = crate::label::encoded_len_bound(chars);
            if bound <= MAX_LABEL_OCTETS - ACE_PREFIX.len() {
                self.bounded = true;
                self.count(ACE_PREFIX.len() + bound, false);
                return;
            }
        }
        // Straight into the output while it is the answer (an allocation a label cost 35 %
        // more instructions on the U-label forms, `tools/corpus/count.sh 5 realistic`), else
        // only counted.
        let len = if write {
            let start = self.out.len();
            if self.index > 0 {
                self.out.push('.');
            }
            let from = self.out.len();
            self.out.push_str(ACE_PREFIX);
            let encoded = punycode::encode_to_string(chars, &mut self.out);
            let len = self.out.len() - from;
            if encoded.is_err() {
                self.out.truncate(start);
            }
            encoded.map(|()| len)
        } else {
            a_label_len(chars)
        };
        let Ok(len) = len else {
            self.statuses.add(Status::A3);
            self.account(label, false, false);
            return;
        };
        self.count(len, false);
        if self.options.verify_dns_length && !label_length_ok(len) {
            self.statuses.add(Status::A4_2);
        }
    }

    /// ToASCII step 4 for a label written as `ascii`, and the output; `parts`: a decoded label
    /// of basic code points, whose U+002E (criterion 5) split it in the output.
    #[inline(always)]
    fn account(&mut self, ascii: &str, parts: bool, write: bool) {
        self.count(ascii.len(), ascii.ends_with('.'));
        let lengths_ok = if parts {
            ascii.split('.').all(|l| label_length_ok(l.len()))
        } else {
            label_length_ok(ascii.len())
        };
        if self.options.verify_dns_length && !lengths_ok {
            self.statuses.add(Status::A4_2);
        }
        if write && self.statuses.is_empty() {
            if self.index > 0 {
                self.out.push('.');
            }
            self.out.push_str(ascii);
        }
    }

    /// ToASCII step 4: the octets of a label of `len` octets; `dot`: it ends in U+002E.
    #[inline(always)]
    fn count(&mut self, len: usize, dot: bool) {
        self.octets = self.octets.saturating_add(len);
        // An empty label ends the output in U+002E but as the first, which leaves no octet.
        self.ends_in_dot = dot || len == 0;
    }

    /// The end of a label too long to be kept.
    fn long_label(&mut self, long: Long) {
        let converted = match long.checker {
            Some(checker) => {
                let (rtl, failed) = checker.finish(&mut self.statuses);
                Converted::checked(Kind::Unicode, rtl, Some(failed), None)
            }
            None => Converted {
                kind: Kind::NonAsciiAce,
                validated: false,
                rtl: long.rtl,
                failed: None,
                chars: None,
                basic: false,
            },
        };
        match long.deltas.overflows() {
            Some(true) => self.statuses.add(Status::A3),
            Some(false) => {}
            None => self
                .spill
                .get_or_insert_with(Box::default)
                .a3_unknown
                .push(self.index),
        }
        // More than 253 code points: "xn--" and at least one octet each.
        let len = usize::try_from(long.deltas.total).unwrap_or(usize::MAX);
        self.count(len.saturating_add(ACE_PREFIX.len()), false);
        self.statuses.add(Status::A4_2);
        self.bidi(&converted, None);
    }

    /// Criterion 9 as the label passes: the name is a Bidi domain name from its first RTL
    /// label, and every label's conditions count then.
    #[inline(always)]
    fn bidi(&mut self, converted: &Converted, name: Option<&str>) {
        if !(converted.rtl || self.gather) {
            return;
        }
        if !self.options.check_bidi {
            return;
        }
        if converted.rtl && !self.bidi_domain {
            self.become_bidi(name);
        }
        if converted.validated {
            let failed = converted.failed.unwrap_or_else(|| {
                converted
                    .chars
                    .and_then(|len| self.buf.get(..len))
                    .map_or(0, |chars| {
                        bidi::Summary::of(chars.iter().copied()).failed_conditions()
                    })
            });
            self.add_failed(self.index, failed);
        }
    }

    /// The first RTL label: the name is a Bidi domain name. A name of one piece gathered no
    /// conditions so far: the labels before this one are converted again, found by a byte
    /// loop (`www.שלום.co.il`, callgrind: 3,427 instructions a name with `str::split`, 3,304).
    #[cold]
    fn become_bidi(&mut self, name: Option<&str>) {
        self.bidi_domain = true;
        self.gather = true;
        if let Some(mut rest) = name {
            for i in 0..self.index {
                let dot = rest.as_bytes().iter().position(|&b| b == b'.');
                let earlier = dot.and_then(|d| rest.get(..d)).unwrap_or(rest);
                if let Some(failed) = earlier_failures(earlier, self.buf) {
                    self.add_failed(i, failed);
                }
                rest = dot.and_then(|d| rest.get(d + 1..)).unwrap_or("");
            }
        }
    }

    /// Whether the conditions of RFC 5893 section 2 a label fails are wanted as it passes:
    /// CheckBidi, and the name is known to be a Bidi domain name or is not one piece.
    fn needs_failures(&self) -> bool {
        self.gather
    }

    fn add_failed(&mut self, index: usize, failed: u8) {
        if failed != 0 {
            self.bidi_failed |= failed;
            self.bidi_first = Some(self.bidi_first.map_or(index, |first| first.min(index)));
        }
    }

    /// Whether the name, counted as ToASCII writes it, has 1 to 253 octets but the root label
    /// and its dot (A4_1).
    fn name_length_ok(&self) -> bool {
        // The labels' octets, the dots between them (one less than the labels, all ended), and
        // the root label's dot out.
        let dots = self.index.saturating_sub(1);
        let name = self
            .octets
            .saturating_add(dots)
            .saturating_sub(usize::from(self.ends_in_dot));
        (1..=MAX_NAME_OCTETS).contains(&name)
    }

    /// The statuses recorded as a result: the error names its first label in error, where the
    /// pipeline kept where it stands ([`Spill::span_of`]).
    fn result(&self, input: &str) -> Result<(), Error> {
        let spill = self.spill.as_deref();
        self.statuses.into_result(|index| {
            let span = spill.and_then(|spill| spill.span_of(index));
            named(input, self.options.transitional_processing, index, span)
        })
    }

    /// ToASCII's result: A3 of the labels only their encoding decides, A4_1, and the error.
    #[inline(always)]
    fn ascii_result(&mut self, input: &str) -> Result<String, Error> {
        let verify = self.options.verify_dns_length;
        let a3_known = self
            .spill
            .as_ref()
            .is_none_or(|spill| spill.a3_unknown.is_empty());
        if self.statuses.is_empty() && a3_known && (!verify || self.name_length_ok()) {
            return Ok(core::mem::take(&mut self.out));
        }
        let transitional = self.options.transitional_processing;
        let a3_unknown = self
            .spill
            .as_mut()
            .map(|spill| core::mem::take(&mut spill.a3_unknown))
            .unwrap_or_default();
        for index in a3_unknown {
            let (_, _, label) = capture(input, transitional, index, usize::MAX, false);
            if punycode::encode(&label).is_err() {
                self.statuses.enter(Some(index));
                self.statuses.add(Status::A3);
            }
        }
        if self.options.verify_dns_length && !self.name_length_ok() {
            self.statuses.enter(None);
            self.statuses.add(Status::A4_1);
        }
        self.result(input)?;
        Ok(core::mem::take(&mut self.out))
    }
}

impl<const UNICODE: bool> Pieces for Pipeline<'_, UNICODE> {
    /// ToASCII, in a label too long to be kept, a run of one code point: added at once.
    fn skip(&mut self, rest: &str) -> usize {
        self.skip_run(rest)
    }

    #[inline(always)]
    fn piece(&mut self, mapped: &Mapped<'_>, last: bool) -> bool {
        let text: &str = &mapped.text;
        // A name of one piece (several keep a `spill`): this piece is the whole mapped name.
        let whole = self.spill.is_none();
        if whole {
            self.plain = !mapped.maybe_rtl;
            self.out = String::with_capacity(match Self::FORM {
                Form::Unicode => text.len(),
                Form::Ascii => 2 * text.len() + 8,
            });
        }
        self.feed(text, mapped.valid, last, whole.then_some(text));
        true
    }
}

impl Converted {
    /// A label the criteria were applied to.
    fn checked(kind: Kind, rtl: bool, failed: Option<u8>, chars: Option<usize>) -> Self {
        Converted {
            kind,
            validated: true,
            rtl,
            failed,
            chars,
            basic: false,
        }
    }
}

/// The code points of `label` in `buf`, their number; `None` when they do not fit. Not
/// inlined: `latin.txt`, U-label forms, 776,117 → 769,799 instructions a pass against inlined
/// (`tools/corpus/count.sh 5`).
#[inline(never)]
fn chars_into(label: &str, buf: &mut LabelBuffer) -> Option<usize> {
    let mut n = 0;
    for c in label.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(n)
}

/// The length of the A-label of `chars`, for a name already in error.
#[cold]
fn a_label_len(chars: &[char]) -> Result<usize, PunycodeError> {
    punycode::encoded_len(chars).map(|len| ACE_PREFIX.len() + len)
}

/// A label of `len` octets satisfies ToASCII step 4 (A4_2): 1 to 63.
fn label_length_ok(len: usize) -> bool {
    (1..=MAX_LABEL_OCTETS).contains(&len)
}

/// The conditions of RFC 5893 section 2 that an ASCII label fails, as
/// [`bidi::Summary::failed_conditions`] gives them: none without a table read for a label of
/// letters, digits and hyphens that starts with a letter ([`bidi::is_ltr_ldh`]; measured with
/// the mix of `realistic.txt`, `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`: 2,373,779
/// to 2,328,402 instructions a pass).
fn ascii_bidi_failures(label: &[u8]) -> u8 {
    if bidi::is_ltr_ldh(label) {
        return 0;
    }
    bidi::Summary::of(label.iter().map(|&b| char::from(b))).failed_conditions()
}

/// The conditions of RFC 5893 section 2 a label before the first RTL one fails, converted
/// again from the mapped name (a name of one piece); `None` for a label the criteria did not
/// apply to (an "xn--" label that does not decode, a non-ASCII one among them).
fn earlier_failures(label: &str, buf: &mut LabelBuffer) -> Option<u8> {
    let chars = match label.strip_prefix(ACE_PREFIX) {
        Some(payload) => match punycode::decode_into(payload.as_bytes(), buf) {
            Ok(len) => buf.get(..len)?,
            Err(PunycodeError::TooLong) => {
                let decoded = punycode::decode(payload).ok()?;
                return Some(bidi::Summary::of(decoded.chars()).failed_conditions());
            }
            Err(_) => return None,
        },
        // The fast path of an LDH label, which the general one answers the same: the U-label
        // forms of `realistic.txt`, `uts46::to_ascii`, 940,683 instructions a pass without it,
        // 934,382 with it (callgrind, `tools/corpus/count.sh 5 realistic`).
        None if label.is_ascii() => return Some(ascii_bidi_failures(label.as_bytes())),
        None => return Some(bidi::Summary::of(label.chars()).failed_conditions()),
    };
    Some(bidi::Summary::of(chars.iter().copied()).failed_conditions())
}

/// What ToASCII step 3 needs to know of a long label to decide A3 without encoding it: RFC 3492
/// section 6.3 inserts the code points by increasing value; before the first insertion of value
/// `v`, `delta` is `(v - n) * (h + 1)` plus what is left of the previous value's scan and the
/// count of smaller code points before the first `v`, each at most the label's length, where
/// `n` is one more than the previous value and `h` the count of smaller code points. It
/// overflows when a product does, and cannot when every product is at least twice the length
/// (plus one) below `u32::MAX`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Deltas {
    basic: u64,
    total: u64,
    max: u32,
    /// More than [`DISTINCT`] values: only the bound from `max` is known.
    many: bool,
    len: usize,
    values: [u32; DISTINCT],
    counts: [u64; DISTINCT],
    /// One more than the index in `values` of a value, by its low bits (0: none), tried
    /// before the search: the values of a long label come again and again. Measured
    /// (callgrind, `uts46::to_ascii` on a label of 32 distinct CJK ideographs in turn, 96,000
    /// of them): 30.1 M instructions without the hints, 22.1 M with them; of 4 in turn, 23.4
    /// M and 22.1 M.
    slots: [u8; DELTA_SLOTS],
}

/// Slots of [`Deltas::slots`], a power of two.
const DELTA_SLOTS: usize = 64;

impl Deltas {
    const EMPTY: Deltas = Deltas {
        basic: 0,
        total: 0,
        max: 0,
        many: false,
        len: 0,
        values: [0; DISTINCT],
        counts: [0; DISTINCT],
        slots: [0; DELTA_SLOTS],
    };

    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.total += 1;
            self.basic += 1;
            return;
        }
        self.push_non_ascii(c);
    }

    /// [`Deltas::push`] of a non-ASCII code point.
    #[inline(always)]
    fn push_non_ascii(&mut self, c: char) {
        self.total += 1;
        let v = c as u32;
        self.max = self.max.max(v);
        if self.many {
            return;
        }
        let slot = v as usize % DELTA_SLOTS;
        let hint = usize::from(self.slots.get(slot).copied().unwrap_or(0));
        if let Some(i) = hint.checked_sub(1)
            && self.values.get(i) == Some(&v)
            && let Some(count) = self.counts.get_mut(i)
        {
            *count += 1;
            return;
        }
        let values = self.values.get(..self.len).unwrap_or(&[]);
        if let Some(i) = values.iter().position(|&x| x == v) {
            if let Some(count) = self.counts.get_mut(i) {
                *count += 1;
            }
        } else if let (Some(value), Some(count)) =
            (self.values.get_mut(self.len), self.counts.get_mut(self.len))
        {
            *value = v;
            *count = 1;
            self.len += 1;
            if let Some(hint) = self.slots.get_mut(slot) {
                // DISTINCT is below 255, so the index fits.
                *hint = u8::try_from(self.len).unwrap_or(0);
            }
        } else {
            self.many = true;
        }
    }

    /// Equal but for the counts.
    fn same_shape(&self, other: &Deltas) -> bool {
        let mut shape = *self;
        shape.basic = other.basic;
        shape.total = other.total;
        shape.counts = other.counts;
        shape == *other
    }

    /// `times` more copies of what was pushed since `before`, a state of the same shape.
    fn repeat(&mut self, before: &Deltas, times: usize) {
        let times = times as u64;
        self.basic += times * (self.basic - before.basic);
        self.total += times * (self.total - before.total);
        for (count, &earlier) in self.counts.iter_mut().zip(&before.counts) {
            *count += times * (*count - earlier);
        }
    }

    /// Whether the encoding overflows; `None` when only encoding can tell.
    fn overflows(&self) -> Option<bool> {
        const MAX: u64 = u32::MAX as u64;
        if self.total == self.basic {
            return Some(false);
        }
        let slack = 2 * self.total + 1;
        let widest = u64::from(self.max.saturating_sub(0x80));
        if widest.saturating_mul(self.total + 1).saturating_add(slack) <= MAX {
            return Some(false);
        }
        if self.many || self.total >= MAX {
            return None;
        }
        let mut pairs = [(0u32, 0u64); DISTINCT];
        for (pair, (&v, &count)) in pairs.iter_mut().zip(self.values.iter().zip(&self.counts)) {
            *pair = (v, count);
        }
        let pairs = pairs.get_mut(..self.len).unwrap_or(&mut []);
        punycode::heapsort(pairs);
        let (mut n, mut h, mut unsure) = (0x80u64, self.basic, false);
        for &(v, count) in pairs.iter() {
            let product = (u64::from(v) - n).saturating_mul(h + 1);
            if product > MAX {
                return Some(true);
            }
            unsure |= product + slack > MAX;
            h += count;
            n = u64::from(v) + 1;
        }
        if unsure { None } else { Some(false) }
    }
}

/// Steps 4.1 and 4.1.3 to 4.1.4 for the payload of an ASCII "xn--" label that decodes to more
/// code points than a label buffer holds: decoded as it streams ([`decode_payload`]) into the
/// criteria and into `sink` when given (ToUnicode's output). `None` when it is not Punycode;
/// else whether it is an RTL label and the conditions of RFC 5893 it fails, and whether it
/// decodes to basic code points only (step 4.1.3: P4).
fn decode_long(
    payload: &str,
    options: Options,
    statuses: &mut Statuses,
    sink: Option<&mut String>,
) -> Option<((bool, u8), bool)> {
    let mut checker = Checker::new(options, false);
    let nfc = decode_payload(payload, &mut checker, sink)?;
    if checker.all_ascii {
        statuses.add(Status::P4);
    }
    // Criterion 1: only a decoded label can be outside NFC.
    if !nfc {
        statuses.add(Status::V1);
    }
    Some((checker.finish(statuses), checker.all_ascii))
}

/// Decodes a Punycode payload (RFC 3492 section 6.2) of more code points than a label holds
/// into `checker`, and into `sink` when given; returns whether the decoded label is in NFC,
/// `None` when the payload is not Punycode. A payload whose every insertion is at the end (a run
/// of one code point, the usual hostile case) is decoded as a stream; any other through
/// [`punycode::decode`].
fn decode_payload(
    payload: &str,
    checker: &mut Checker,
    mut sink: Option<&mut String>,
) -> Option<bool> {
    let bytes = payload.as_bytes();
    let mark = sink.as_ref().map_or(0, |out| out.len());
    let fresh = *checker;
    let (basic, deltas) = punycode::split_basic(bytes).ok()?;
    let mut nfc = QuickCheck::default();
    for &b in basic {
        let c = char::from(b);
        checker.push(c, None);
        quick_check(&mut nfc, c, None);
        if let Some(out) = sink.as_deref_mut() {
            out.push(c);
        }
    }
    let mut streamed = Streamed {
        checker: &mut *checker,
        nfc,
        sink: sink.as_deref_mut(),
    };
    // An error is an insertion elsewhere than at the end, or a payload that is not Punycode,
    // which the decoder below refuses again.
    if punycode::decode_deltas(deltas, basic.len(), &mut streamed).is_ok() {
        match streamed.nfc.verdict() {
            IsNormalized::No => return Some(false),
            IsNormalized::Yes => return Some(true),
            // The full check needs the whole label.
            IsNormalized::Maybe => {}
        }
    }
    *checker = fresh;
    if let Some(out) = sink.as_deref_mut() {
        out.truncate(mark);
    }
    let decoded = punycode::decode(payload).ok()?;
    for c in decoded.chars() {
        checker.push(c, None);
    }
    if let Some(out) = sink {
        out.push_str(&decoded);
    }
    Some(crate::nfc::is_nfc_chars(decoded.chars()))
}

/// The insertions of a payload decoded as a stream ([`decode_payload`]): at the end only (one
/// elsewhere stops the stream, and the payload is decoded whole), into the checker, the NFC
/// quick check and the output.
struct Streamed<'a> {
    checker: &'a mut Checker,
    nfc: QuickCheck,
    sink: Option<&'a mut String>,
}

impl punycode::Insert for &mut Streamed<'_> {
    /// A run at once: `xn--` + 1 MiB of `a`, streamed ToASCII (callgrind), 96.4 M instructions
    /// before, 48.1 M after; ToUnicode 133.0 M, 71.1 M.
    const RUNS: bool = true;

    fn insert(&mut self, position: usize, c: char, length: usize) -> Result<(), PunycodeError> {
        if position != length {
            return Err(PunycodeError::TooLong);
        }
        self.insert_run(c, length, 1)
    }

    fn insert_run(&mut self, c: char, _: usize, times: usize) -> Result<(), PunycodeError> {
        let props = self.checker.push_run(c, times);
        quick_check(&mut self.nfc, c, props);
        if let Some(out) = self.sink.as_deref_mut() {
            out.extend(core::iter::repeat_n(c, times));
        }
        Ok(())
    }
}

/// Feeds the UAX #15 quick check with `c`, whose properties are `props` when known.
#[inline]
fn quick_check(quick: &mut QuickCheck, c: char, props: Option<Props>) {
    if c.is_ascii() {
        quick.starter();
        return;
    }
    let p = props.unwrap_or_else(|| ucd::props(c));
    quick.push(p.ccc(), p.nfc_quick_check());
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;

    /// The status codes of `error`, sorted.
    fn codes(error: &Error) -> Vec<&'static str> {
        let mut codes: Vec<&str> = error.statuses().map(Status::code).collect();
        codes.sort_unstable();
        codes
    }

    /// ToASCII of a name already in error counts its U-labels by a bound; the statuses must be
    /// those of the exact encoding, for names on both sides of 253 octets and labels on both
    /// sides of 63.
    #[test]
    fn bounded_labels_give_the_statuses_of_the_encoding() {
        let d = Options::default();
        let labels = [
            "b\u{FC}cher".to_string(),
            "\u{4E2D}\u{6587}".to_string(),
            "\u{FC}".repeat(20),
            "\u{4E00}\u{9FA5}".repeat(10),
            "a\u{10FFFD}".repeat(29),
            "\u{5D0}\u{5D1}".repeat(12),
        ];
        let (mut bounded, mut redone) = (0, 0);
        for first in ["a-", "a\u{200D}b", "\u{301}a"] {
            for label in &labels {
                for count in 1..=14 {
                    let name = format!("{first}.{}", vec![label.as_str(); count].join("."));
                    let mut buf = EMPTY_LABEL;
                    let mut exact = Pipeline::<false>::new(d, false, &mut buf);
                    exact.run(&name);
                    assert_eq!(
                        to_ascii(&name, d).err(),
                        exact.ascii_result(&name).err(),
                        "{name}"
                    );
                    let mut filled = Pipeline::<false>::new(d, true, &mut buf);
                    filled.run(&name);
                    bounded += usize::from(filled.bounded);
                    redone += usize::from(filled.bounded && !filled.name_length_ok());
                }
            }
        }
        assert!(bounded > 100 && redone > 10, "{bounded} {redone}");
    }

    /// ToASCII of a name in error, its U-labels counted by their bound, near 253 octets: four
    /// labels of 43 code points (three U+0081, disallowed, among `a`s), 47 octets of Punycode
    /// each by Python's punycode codec (51 with `xn--`), then an ASCII label of `pad` letters:
    /// 211 + `pad` octets, over 253 (A4_1, section 4.2 step 4) from 43 letters on; and a name
    /// of short labels, each as long as its bound.
    #[test]
    fn a_bounded_name_just_over_253_octets() {
        let label = format!("aa\u{81}aaa\u{81}{}\u{81}aaaa", "a".repeat(31));
        for pad in 40..=46 {
            let name = format!("a-.{}.{}", [label.as_str(); 4].join("."), "a".repeat(pad));
            let error = to_ascii(&name, Options::default()).unwrap_err();
            assert_eq!(codes(&error).contains(&"A4_1"), 211 + pad > 253, "{pad}");
        }
        // Then `count` labels of U+00A4 CURRENCY SIGN (valid, NV8, in IdnaMappingTable.txt):
        // "bba" by Python's codec, 7 octets with `xn--`, as many as its bound allows (one
        // integer, `1 + d(38 * 2)` = 3 digits). So 2 + 8 * `count` octets, over 253 from 32 on.
        for count in 29..=36 {
            let name = format!("a-.{}", vec!["\u{A4}"; count].join("."));
            let error = to_ascii(&name, Options::default()).unwrap_err();
            assert_eq!(
                codes(&error).contains(&"A4_1"),
                2 + 8 * count > 253,
                "{count}"
            );
        }
    }

    #[test]
    fn ignored_code_points_before_a_name() {
        let input = format!("{}a.com", "\u{AD}".repeat(1 << 16));
        assert_eq!(to_ascii(&input, Options::default()).as_deref(), Ok("a.com"));
        assert_eq!(
            to_unicode(&input, Options::default()),
            ("a.com".to_string(), Ok(()))
        );
        assert_eq!(map_capped(&input, 1015), "a.com");
    }

    /// Criterion 8 (CheckJoiners) on a name of several pieces (behind 1,024 U+00AD, `ignored`
    /// in IdnaMappingTable.txt): RFC 5892 Appendix A.2 asks for a virama (U+094D DEVANAGARI
    /// SIGN VIRAMA, Canonical_Combining_Class 9) just before each U+200D ZERO WIDTH JOINER, so
    /// the second of two fails (C2); Appendix A.1 lets U+200C ZERO WIDTH NON-JOINER stand
    /// between two Dual_Joining letters (U+0628 ARABIC LETTER BEH and U+062A ARABIC LETTER TEH,
    /// DerivedJoiningType.txt: D), here after ASCII letters (Joining_Type U), and not before
    /// one (C1).
    #[test]
    fn joiners_in_a_long_input() {
        let pad = "\u{AD}".repeat(1024);
        let d = Options::default();
        let ka = "\u{915}\u{915}\u{915}\u{94D}";
        let one = format!("{pad}{ka}\u{200D}.com");
        assert_eq!(to_unicode(&one, d).1, Ok(()));
        let two = format!("{pad}{ka}\u{200D}\u{200D}.com");
        let (_, result) = to_unicode(&two, d);
        assert!(result.unwrap_err().contains(Status::C2));
        let beh = "\u{628}\u{62A}\u{628}\u{62A}";
        let zwnj = format!("{pad}abcd{beh}\u{200C}\u{628}.com");
        let (_, result) = to_unicode(&zwnj, d);
        assert!(!result.unwrap_err().contains(Status::C1));
        let (_, result) = to_unicode(&zwnj, d.check_bidi(false));
        assert_eq!(result, Ok(()));
        let open = format!("{pad}abcd{beh}\u{200C}a.com");
        let (_, result) = to_unicode(&open, d.check_bidi(false));
        assert!(result.unwrap_err().contains(Status::C1));
    }

    /// Criterion 9 in a name of several pieces: "1a" starts with a digit (Bidi_Class EN), which
    /// fails condition 1 of RFC 5893 section 2 once the name is a Bidi domain name, here by a
    /// label of U+05D0 HEBREW LETTER ALEF (R) too long to be kept; the error names the first
    /// label in error, "1a", though its conditions count only from the later label on. Without
    /// the RTL label, nothing is recorded for "1a".
    #[test]
    fn error_names_an_earlier_bidi_failure() {
        let d = Options::default();
        let rtl = "\u{5D0}".repeat(600);
        for tail in ["", ".b", "_"] {
            let input = format!("1a.{rtl}{tail}");
            let error = to_ascii(&input, d).unwrap_err();
            assert!(
                error.contains(Status::B1) && error.contains(Status::A4_2),
                "{error:?}"
            );
            assert_eq!((error.label_index(), error.label()), (Some(0), "1a"));
            let (_, result) = to_unicode(&input, d);
            let error = result.unwrap_err();
            assert!(error.contains(Status::B1), "{error:?}");
            assert_eq!((error.label_index(), error.label()), (Some(0), "1a"));
        }
        let ltr = format!("1a.{}", "b".repeat(1100));
        let error = to_ascii(&ltr, d).unwrap_err();
        assert_eq!(
            error.statuses().collect::<Vec<_>>(),
            [Status::A4_1, Status::A4_2]
        );
        assert_eq!(error.label_index(), Some(1));
        assert_eq!(to_unicode(&ltr, d).1, Ok(()));
    }

    /// Long labels that ToASCII refuses by length, where runs are added at once: their
    /// statuses and the label an error names are those the standards give. U+200D ZERO WIDTH
    /// JOINER without a virama before it fails RFC 5892 Appendix A.2 (C2) however often it
    /// comes; U+FF21 FULLWIDTH LATIN CAPITAL LETTER A maps to U+0061 (IdnaMappingTable.txt),
    /// one byte a copy in the processed name; and the last `a` of a run composes with a U+0301
    /// COMBINING ACUTE ACCENT after it into U+00E1 (UAX #15), two bytes.
    #[test]
    fn runs_in_a_label_refused_by_length() {
        let d = Options::default();
        let statuses = |input: &str| {
            let error = to_ascii(input, d).unwrap_err();
            (codes(&error), error.label_index(), error.label_range())
        };
        let joiners = format!("{}.com", "\u{200D}".repeat(1500));
        assert_eq!(
            statuses(&joiners),
            (vec!["A4_1", "A4_2", "C2"], Some(0), Some(0..4500))
        );
        let wide = format!("{}.com", "\u{FF21}".repeat(2000));
        assert_eq!(
            statuses(&wide),
            (vec!["A4_1", "A4_2"], Some(0), Some(0..2000))
        );
        assert_eq!(
            to_unicode(&wide, d),
            (format!("{}.com", "a".repeat(2000)), Ok(()))
        );
        let acute = format!("{}\u{301}.com", "a".repeat(2000));
        assert_eq!(
            statuses(&acute),
            (vec!["A4_1", "A4_2"], Some(0), Some(0..2001))
        );
        let ascii = format!("x.{}", "\u{FC}".repeat(2000));
        assert_eq!(
            statuses(&ascii),
            (vec!["A4_1", "A4_2"], Some(1), Some(2..4002))
        );
    }

    /// `skip` (`skip_run`) on the rest of an input whose current label is too long to be kept
    /// (a piece of [`CHUNK`] bytes of `a`): the bytes it takes, and whether it left the label's
    /// state, the bytes counted and `valid` as pushing the copies it took one at a time does
    /// (its contract: the run is added at once, and only a run it may add so).
    fn skip_after_a_long_label(rest: &str) -> (usize, bool, bool) {
        let d = Options::default();
        let mut buf = EMPTY_LABEL;
        let mut pipeline = Pipeline::<false>::new(d, true, &mut buf);
        pipeline.spill = Some(Box::default());
        pipeline.piece(
            &mapping::map_and_normalize(&"a".repeat(CHUNK), false),
            false,
        );
        let spill = pipeline.spill.as_deref().unwrap();
        let (mut expected, bytes) = (spill.long.unwrap(), spill.bytes);
        let taken = Pieces::skip(&mut pipeline, rest);
        let one_by_one = mapping::map_and_normalize(&rest[..taken], false);
        expected.push_str(&one_by_one.text, one_by_one.valid);
        let spill = pipeline.spill.as_deref().unwrap();
        let long = spill.long.unwrap();
        let same = long.checker == expected.checker
            && long.deltas == expected.deltas
            && long.rtl == expected.rtl
            && spill.bytes == bytes + one_by_one.text.len();
        (taken, same, pipeline.valid)
    }

    /// A run of three copies or more is taken whole when what follows it starts a segment
    /// (UAX #15 section 9: U+002E and U+0063 are starters that compose with nothing before
    /// them), and but for its last copy when that composes with what follows (U+00FC and
    /// U+0301 COMBINING ACUTE ACCENT are U+01D8, UnicodeData.txt); a shorter one is left to
    /// the pieces, and so is a run that maps to a label separator (U+FF0E FULLWIDTH FULL STOP
    /// maps to U+002E, IdnaMappingTable.txt). U+00FC is `valid` there, U+0378 `disallowed`,
    /// which the label's `valid` keeps; U+01C4 is `mapped` (not `valid`) to two code points,
    /// U+0064 U+017E, each counted.
    #[test]
    fn runs_are_skipped_whole_where_their_copies_may_be_added_at_once() {
        let u = "\u{FC}";
        for (rest, taken, valid) in [
            (format!("{}.com", u.repeat(1000)), 2000, true),
            (format!("{}.com", u.repeat(3)), 6, true),
            (format!("{}c", u.repeat(3)), 6, true),
            (format!("{}\u{301}.com", u.repeat(1000)), 1998, true),
            (format!("{}\u{301}.com", u.repeat(4)), 6, true),
            (format!("{}\u{301}.com", u.repeat(3)), 0, true),
            (format!("{}.com", u.repeat(2)), 0, true),
            (format!("{}com", "\u{FF0E}".repeat(10)), 0, true),
            (format!("{}.com", "\u{378}".repeat(1000)), 2000, false),
            (format!("{}.com", "\u{1C4}".repeat(1000)), 2000, false),
        ] {
            assert_eq!(
                skip_after_a_long_label(&rest),
                (taken, true, valid),
                "{}",
                rest.escape_unicode()
            );
        }
    }

    /// A label cut between two pieces keeps what step 1 found of its first part: U+0378 is
    /// `disallowed` (IdnaMappingTable.txt), so its label fails criterion 7 (V7) though the
    /// part after the cut is `valid`. ToUnicode keeps the code point in its output.
    #[test]
    fn a_disallowed_code_point_before_a_cut_fails_its_label() {
        let prefix = "abcdefghi.".repeat(102);
        // The cut falls after "\u{378}bc", before the `d` at byte CHUNK.
        assert_eq!(prefix.len() + 4, CHUNK);
        let input = format!("{prefix}\u{378}bcdef.com");
        let (out, result) = to_unicode(&input, Options::default());
        assert_eq!(out, input);
        let error = result.unwrap_err();
        assert_eq!(
            (codes(&error), error.label_index()),
            (vec!["V7"], Some(102))
        );
    }

    /// An "xn--" label of ASCII longer than [`KEPT_BYTES`] is kept and decoded at its end
    /// (section 4.1 step 4.1.2): "xn--" and the Punycode of 1,100 `b` and U+00FC (Python's
    /// punycode codec, RFC 3492) is an A-label of a valid U-label, whose only statuses are its
    /// lengths (A4_2, A4_1); no part of it is a non-ASCII code point after "xn--" (P4).
    #[test]
    fn a_long_ascii_a_label_is_decoded_whole() {
        let input = format!("xn--{}-em6i.com", "b".repeat(1100));
        let error = to_ascii(&input, Options::default()).unwrap_err();
        assert_eq!(
            (codes(&error), error.label_index()),
            (vec!["A4_1", "A4_2"], Some(0))
        );
    }

    /// A name of one piece that turns out to be a Bidi domain name at a later label checks the
    /// labels before it again, each one: "0a" fails condition 1 of RFC 5893 section 2 (it
    /// starts with a European digit) in a Bidi domain name, B1 (IdnaTestV2.txt, "0a.\u{5D0}"),
    /// also as the second of three labels, and so does "xn--0-sfa", the A-label of "0\u{E0}"
    /// (IdnaTestV2.txt, "xn--0-sfa.xn--4db").
    #[test]
    fn every_label_before_the_first_rtl_one_is_checked_again() {
        for (name, index) in [
            ("0a.\u{5D0}", 0),
            ("b.0a.\u{5D0}", 1),
            ("b.c.0a.\u{5D0}", 2),
            ("b.xn--0-sfa.\u{5D0}", 1),
        ] {
            let error = to_ascii(name, Options::default()).unwrap_err();
            assert_eq!(
                (codes(&error), error.label_index()),
                (vec!["B1"], Some(index)),
                "{name}"
            );
        }
    }

    /// ToASCII keeps the text of a label that spans pieces while it is within [`KEPT_BYTES`]
    /// (four bytes a code point, 253 of them), and then counts its A-label's exact length for
    /// A4_1. Here 65 code points of CJK Unified Ideographs Extension B (U+20000 to U+20940, 37
    /// apart; `valid` in IdnaMappingTable.txt), 260 bytes, cut by 1,024 U+00AD (`ignored`):
    /// its A-label has 178 octets (Python's punycode codec, RFC 3492), so the name, with a
    /// label of 63 and one of 20, has 263, over 253 (UTS #46 section 4.2 step 4: A4_1; the
    /// label over 63: A4_2). Counted as a label too long to be kept, "xn--" and an octet a code
    /// point, it would have 154.
    #[test]
    fn a_label_across_pieces_counts_its_exact_length() {
        let d = Options::default();
        let label: Vec<char> = (0..65)
            .filter_map(|i| char::from_u32(0x20000 + 37 * i))
            .collect();
        let (head, tail) = label.split_at(32);
        let head: String = head.iter().collect();
        let tail: String = tail.iter().collect();
        let input = format!(
            "{head}{}{tail}.{}.{}",
            "\u{AD}".repeat(1024),
            "a".repeat(63),
            "b".repeat(20)
        );
        let error = to_ascii(&input, d).unwrap_err();
        assert_eq!(codes(&error), ["A4_1", "A4_2"]);
    }

    /// An error names its label as step 3 gives it, whole, when the label spans two pieces:
    /// "ab", 1,024 U+00AD SOFT HYPHEN (`ignored` in IdnaMappingTable.txt, removed by step 1),
    /// then "c-": the input is cut after the U+00AD, and the label is "abc-", which ends with
    /// U+002D HYPHEN-MINUS (UTS #46 section 4.1, criterion 3 with CheckHyphens: V3).
    #[test]
    fn error_names_a_label_across_pieces() {
        let d = Options::default();
        let input = format!("ab{}c-.com", "\u{AD}".repeat(1024));
        let error = to_ascii(&input, d).unwrap_err();
        assert_eq!(error.statuses().collect::<Vec<_>>(), [Status::V3]);
        assert_eq!(
            (error.label_index(), error.label(), error.label_range()),
            (Some(0), "abc-", Some(0..4))
        );
        let (unicode, result) = to_unicode(&input, d);
        assert_eq!(unicode, "abc-.com");
        let error = result.unwrap_err();
        assert_eq!(
            (error.label_index(), error.label(), error.label_range()),
            (Some(0), "abc-", Some(0..4))
        );
    }

    /// An error names a later label of a name of one piece where step 3 puts it: in
    /// "\u{FC}.bc-.d", "bc-" (V3, criterion 3) starts after U+00FC (two bytes in UTF-8) and
    /// its U+002E, at byte 3.
    #[test]
    fn error_names_a_later_label_where_it_stands() {
        let d = Options::default();
        let error = to_ascii("\u{FC}.bc-.d", d).unwrap_err();
        assert_eq!(
            (error.label_index(), error.label(), error.label_range()),
            (Some(1), "bc-", Some(3..6))
        );
    }

    /// A label that is "xn--" and non-ASCII code points is not validated (step 4.1.1: P4),
    /// but its code points still count for criterion 9: with U+05D0 HEBREW LETTER ALEF
    /// (Bidi_Class R) it is an RTL label, the name a Bidi domain name (RFC 5893 section 1.4),
    /// and "1a", which starts with a digit (EN), fails condition 1 (B1); with U+00FC (L) it is
    /// neither, and nothing is recorded for "1a". So for a label of one code point, and for one
    /// too long to be kept, where both labels are over 63 octets and the names over 253 (A4_2,
    /// A4_1).
    #[test]
    fn a_long_ace_label_with_rtl_code_points() {
        let d = Options::default();
        let codes = |input: &str| codes(&to_ascii(input, d).unwrap_err());
        let rtl = format!("1a.xn--{}", "\u{5D0}".repeat(600));
        assert_eq!(codes(&rtl), ["A4_1", "A4_2", "B1", "P4"]);
        let ltr = format!("1a.xn--{}", "\u{FC}".repeat(600));
        assert_eq!(codes(&ltr), ["A4_1", "A4_2", "P4"]);
        assert_eq!(codes("1a.xn--\u{5D0}"), ["B1", "P4"]);
        assert_eq!(codes("1a.xn--\u{FC}"), ["P4"]);
    }

    /// An "xn--" label whose Punycode decodes to basic code points only fails step 4.1.3
    /// (P4), and ToASCII measures it as those code points, as IdnaTestV2.txt has "xn--ASCII-"
    /// give "ascii" and [P4]: "xn--", 64 "a" and "-" decodes to 64 "a" (RFC 3492 section 3.1:
    /// the basic code points before the last delimiter, no delta), more than a label buffer
    /// holds, a label over 63 octets (A4_2); with labels of 63, 63 and 60 the name has 253
    /// octets (no A4_1), where the label as written, 69 octets, would make it 258.
    #[test]
    fn a_long_label_of_basic_code_points() {
        let name = format!(
            "xn--{}-.{}.{}.{}",
            "a".repeat(64),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(60)
        );
        let error = to_ascii(&name, Options::default()).unwrap_err();
        assert_eq!(codes(&error), ["A4_2", "P4"]);
    }

    /// `Deltas` counts each distinct non-basic value, also where two share a slot of its
    /// hints: U+00FC and U+013C are 64 apart (`DELTA_SLOTS`), so that each hint of one finds
    /// the other's index.
    #[test]
    fn deltas_count_each_value() {
        let mut d = Deltas::EMPTY;
        for c in "\u{FC}\u{13C}\u{FC}\u{FC}a\u{13C}\u{FC}".chars() {
            d.push(c);
        }
        assert_eq!(
            (d.len, d.values.get(..2), d.counts.get(..2)),
            (2, Some(&[0xFC, 0x13C][..]), Some(&[4, 2][..]))
        );
        assert_eq!((d.basic, d.total, d.max, d.many), (1, 7, 0x13C, false));
    }

    /// An A-label of more code points than a label buffer holds whose insertion is not at the
    /// end is decoded whole: "xn--", 100 `a` and "-3hk" is U+00FC and 100 `a` (Python's
    /// punycode codec, RFC 3492), a valid U-label of a label over 63 octets (A4_2 alone, no
    /// P4 of a payload that does not decode); ToUnicode gives the U-label.
    #[test]
    fn a_long_a_label_with_an_insertion_before_its_end() {
        let d = Options::default();
        let label = format!("xn--{}-3hk", "a".repeat(100));
        let error = to_ascii(&label, d).unwrap_err();
        assert_eq!(codes(&error), ["A4_2"]);
        let (unicode, result) = to_unicode(&label, d);
        assert_eq!(
            (unicode, result),
            (format!("\u{FC}{}", "a".repeat(100)), Ok(()))
        );
    }

    /// A long A-label decoded as a stream is checked for NFC as it streams: "xn--", 100 `a`
    /// and "-v66c" is 100 `a` and U+0301 COMBINING ACUTE ACCENT (Python's punycode codec),
    /// which NFC composes with the last `a` (Python's `unicodedata.is_normalized` says it is
    /// not NFC): criterion 1 (V1), beside the label's length (A4_2).
    #[test]
    fn a_long_a_label_streamed_out_of_nfc() {
        let label = format!("xn--{}-v66c", "a".repeat(100));
        let error = to_ascii(&label, Options::default()).unwrap_err();
        assert_eq!(codes(&error), ["A4_2", "V1"]);
    }

    /// A run of insertions at the end counts in the length the next delta divides by: "xn--td",
    /// 73 `a` and "244c" is 73 U+00FC and U+0144 (Python's punycode codec, RFC 3492). "tda" is
    /// the first U+00FC, after which the bias is 0 (`adapt(124, 1, true)`), so the other 72 are
    /// one run; the last delta, (0x144 - 0xFC) * 74, divided by 73 + 1 (the code points before
    /// it and one), puts U+0144 at the end. The label is longer than a label buffer, so it is
    /// decoded as it streams; ToUnicode gives it whole.
    #[test]
    fn a_long_a_label_with_a_run_then_another_code_point() {
        let label = format!("xn--td{}244c", "a".repeat(73));
        let (unicode, result) = to_unicode(&label, Options::default());
        assert_eq!(
            (unicode, result),
            (format!("{}\u{144}", "\u{FC}".repeat(73)), Ok(()))
        );
    }

    /// The Validity Criteria of a label longer than a label buffer, checked as its code points
    /// pass (`criteria::Checker::push`), each against UTS #46 section 4.1 with the defaults
    /// (CheckHyphens, CheckJoiners); ToUnicode, which does not verify DNS lengths, so that the
    /// statuses are the criteria's alone. Each label has 70 code points or more.
    #[test]
    fn the_criteria_of_a_label_longer_than_a_buffer() {
        let d = Options::default();
        let statuses = |label: String| match to_unicode(&label, d).1 {
            Ok(()) => Vec::new(),
            Err(error) => codes(&error),
        };
        let (a, u) = ("a".repeat(70), "\u{FC}".repeat(70));
        // Criterion 2: U+002D in the third and fourth positions, the fourth a repeat of the
        // third.
        assert_eq!(statuses(format!("ab--{u}")), ["V2"]);
        // Criterion 6: a mark (U+0301 COMBINING ACUTE ACCENT, General_Category Mn) first, and
        // none after `x` (x and U+0301 are NFC: Python's `unicodedata.is_normalized`).
        assert_eq!(statuses(format!("\u{301}{a}")), ["V6"]);
        assert!(statuses(format!("x\u{301}{a}")).is_empty());
        // Criterion 8, RFC 5892 Appendix A.1: a ZERO WIDTH NON-JOINER after another one has no
        // joining letter (L or D) before it; each U+0628 ARABIC LETTER BEH is Joining_Type D
        // (ArabicShaping.txt). After five letters, so that the second is past the label's head.
        let beh = "\u{628}".repeat(5);
        assert_eq!(
            statuses(format!("{beh}\u{200C}\u{200C}{}", "\u{628}".repeat(65))),
            ["C1"]
        );
        assert!(statuses(format!("{beh}\u{200C}{}", "\u{628}".repeat(65))).is_empty());
        // Criterion 9, RFC 5893 rule 1: an RTL label starts with a code point of Bidi class L,
        // R or AL, and "1" is EN (DerivedBidiClass.txt).
        assert_eq!(statuses(format!("1{}", "\u{628}".repeat(70))), ["B1"]);
    }

    /// The criteria on short labels that IdnaTestV2.txt alone pinned, now in the fast tests.
    /// Criterion 7 with UseSTD3ASCIIRules: an ASCII code point of a label is a-z, 0-9 or
    /// U+002D, and `_` in a U-label is not (U1). Criterion 8, RFC 5892 Appendix A.1: a ZERO
    /// WIDTH NON-JOINER after a virama (U+094D DEVANAGARI SIGN VIRAMA, Canonical_Combining_Class
    /// 9) is valid without joining letters around it.
    #[test]
    fn the_criteria_of_a_short_label_in_the_fast_tests() {
        let std3 = Options::default().use_std3_ascii_rules(true);
        let error = to_unicode("\u{FC}_x", std3).1.unwrap_err();
        assert_eq!(codes(&error), ["U1"]);
        assert_eq!(to_unicode("\u{FC}-x", std3).1, Ok(()));
        let virama = "\u{915}\u{94D}\u{200C}\u{937}";
        assert_eq!(
            to_unicode(virama, Options::default()),
            (virama.to_owned(), Ok(()))
        );
    }

    /// Whether RFC 3492's encoding procedure (section 6.3) overflows on `label`: a delta past
    /// `u32::MAX` where section 6.4 checks it, after adding `(m - n) * (h + 1)` and at each
    /// code point below `n`; computed as written, in 64 bits.
    fn rfc_overflows(label: &str) -> bool {
        const MAX: u64 = u32::MAX as u64;
        let input: Vec<u64> = label.chars().map(|c| u64::from(u32::from(c))).collect();
        let (mut n, mut delta) = (0x80u64, 0u64);
        let mut h = input.iter().filter(|&&c| c < 0x80).count() as u64;
        while (h as usize) < input.len() {
            let m = input.iter().copied().filter(|&c| c >= n).min().unwrap();
            delta += (m - n) * (h + 1);
            if delta > MAX {
                return true;
            }
            n = m;
            for &c in &input {
                if c < n {
                    delta += 1;
                    if delta > MAX {
                        return true;
                    }
                }
                if c == n {
                    delta = 0;
                    h += 1;
                }
            }
            delta += 1;
            n += 1;
        }
        false
    }

    /// `Deltas::overflows` answers as RFC 3492's encoding procedure does (`rfc_overflows`)
    /// wherever it answers, on labels whose largest
    /// code point makes the first delta of its insertions fall on either side of `u32::MAX`,
    /// by less than twice the label's length or by more, inserted first or last, before or
    /// after a run of a smaller code point; on a label of more distinct code points than it
    /// counts, its largest the one past them; and on one whose first delta is `u32::MAX`
    /// itself. It answers on some that overflow and some that do not.
    #[test]
    fn deltas_overflow_as_the_encoder_does() {
        const MAX: i64 = u32::MAX as i64;
        let mut labels = Vec::new();
        for basic in [1usize, 50, 3000] {
            for (filler, count) in [(0xE9u32, 0usize), (0xE9, 1), (0xE9, 1000), (0xF0000, 3000)] {
                let h = (basic + count) as i64;
                let total = h + 1;
                let n = if count == 0 {
                    0x80
                } else {
                    i64::from(filler) + 1
                };
                let filler = char::from_u32(filler).unwrap();
                for k in [-100, -10, -3, -1, 0, 1, 2, 3, 5, 10, 15, 20, 30, 100, 1000] {
                    // The distance from `u32::MAX` in tenths of the label's length.
                    let v = n + (MAX - k * total / 10) / (h + 1);
                    let Some(top) = u32::try_from(v).ok().and_then(char::from_u32) else {
                        continue;
                    };
                    let basics = "a".repeat(basic);
                    let fillers = filler.to_string().repeat(count);
                    labels.push(format!("{basics}{fillers}{top}"));
                    labels.push(format!("{top}{basics}{fillers}"));
                    labels.push(format!("{fillers}{basics}{top}"));
                }
            }
        }
        // 33 distinct code points, one more than `Deltas` counts, then U+20000 after 40,000
        // basic ones: (0x20000 - 0xE2) * 40,034 passes u32::MAX.
        let many: String = ('\u{C0}'..='\u{E0}').collect();
        labels.push(format!("{many}{}\u{20000}", "a".repeat(40_000)));
        // (0x1007F - 0x80) * (65,536 + 1) is u32::MAX (3 * 5 * 17 * 257 * 65,537).
        labels.push(format!("\u{1007F}{}", "a".repeat(65_536)));
        let (mut overflows, mut fits) = (0, 0);
        for label in &labels {
            let mut d = Deltas::EMPTY;
            label.chars().for_each(|c| d.push(c));
            let exact = rfc_overflows(label);
            if let Some(answer) = d.overflows() {
                assert_eq!(answer, exact, "{}", label.escape_unicode());
                if exact {
                    overflows += 1;
                } else {
                    fits += 1;
                }
            }
        }
        assert!(overflows > 5 && fits > 5, "{overflows} {fits}");
    }

    #[test]
    fn a3_is_decided_from_the_deltas() {
        // RFC 3492 section 6.3: the first delta is (0x20000 - 0x80) * (40000 + 1) > u32::MAX.
        let label = format!("{}\u{20000}", "a".repeat(40_000));
        let e = to_ascii(&label, Options::default()).unwrap_err();
        assert!(e.contains(Status::A3) && e.contains(Status::A4_2), "{e:?}");
        // (0xFC - 0x80) * (40000 + 1) fits.
        let label = format!("{}\u{FC}", "a".repeat(40_000));
        assert!(
            !to_ascii(&label, Options::default())
                .unwrap_err()
                .contains(Status::A3)
        );
        let many: String = (0x4E00..0x4E00 + 40).filter_map(char::from_u32).collect();
        let d = Deltas::EMPTY;
        assert_eq!(d.overflows(), Some(false));
        let mut d = Deltas::EMPTY;
        for c in vec![many.as_str(); 200].concat().chars() {
            d.push(c);
        }
        assert!(d.many);
        assert_eq!(d.overflows(), Some(false));
    }
}
