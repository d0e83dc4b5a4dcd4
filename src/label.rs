//! The kinds of label of RFC 5890 section 2.3 and their rules: LDH labels (RFC 1123 section 2.1),
//! A-labels and U-labels (RFC 5890 section 2.3.2.1, RFC 5891 sections 4.2 and 5.4, RFC 5892).

use crate::ascii;
use crate::bidi::{self, LabelBidi, Summary};
use crate::context;
use crate::error::{ErrorKind, Violation};
use crate::limits::{ACE_PREFIX, LabelBuffer, MAX_LABEL_OCTETS, MAX_ULABEL_CHARS};
use crate::nfc;
use crate::punycode::{self, PunycodeError};
use crate::ucd::{self, DerivedProperty};

/// One label of the input: its text, its index in the name and its byte offset in the input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label<'a> {
    pub(crate) text: &'a str,
    pub(crate) index: usize,
    pub(crate) start: usize,
}

impl Label<'_> {
    /// A violation at byte `at` of this label.
    pub(crate) fn violation(
        &self,
        kind: ErrorKind,
        at: usize,
        code_point: Option<char>,
    ) -> Violation {
        Violation {
            kind,
            label: Some((self.index, self.start, self.start + self.text.len())),
            offset: self.start + at,
            code_point,
            decoded: false,
        }
    }

    /// A violation of the label as a whole.
    pub(crate) fn whole(&self, kind: ErrorKind) -> Violation {
        self.violation(kind, 0, None)
    }

    /// A violation at the `i`-th code point of the label's text (error path only).
    pub(crate) fn at_char(&self, kind: ErrorKind, i: usize) -> Violation {
        match self.text.char_indices().nth(i) {
            Some((at, c)) => self.violation(kind, at, Some(c)),
            None => self.whole(kind),
        }
    }

    /// Whether the label starts with the ACE prefix `xn--`, in any case (RFC 5890 section
    /// 2.3.2.5: A-labels are compared without regard to case).
    ///
    /// The first byte is tested alone (most labels fail there), then the four bytes are read
    /// as one word and compared once, the two letters of the prefix folded to lower case by
    /// their bit 5 (a byte with that bit set is that letter only when it is the letter in
    /// either case; the hyphens are compared exactly), where `limits::has_ace_prefix` folds and
    /// compares byte by byte (a test checks it against the standard library's comparison). Measured (callgrind,
    /// `tools/corpus/count.sh 5`, instructions a pass): `is_hostname` on the A-label forms of
    /// `realistic.txt` 571,311 to 554,695 (-2.9 %), of `idnatest.txt` 214,940 to 206,852
    /// (-3.8 %); `is_idn_hostname` on the U-label forms 363,082 to 359,976 and 142,679 to
    /// 141,747. The word test alone, without the first byte's, cost the U-label forms of
    /// `realistic.txt` 2.1 % (370,809), from the code around `domain::check`'s loop as the
    /// compiler lays it out.
    #[inline]
    pub(crate) fn has_ace_prefix(&self) -> bool {
        match self.text.as_bytes().first_chunk::<4>() {
            // Most labels fail at their first byte, tested alone first.
            Some(&head @ [first, ..]) => {
                first | 0x20 == ACE_WORD as u8 && u32::from_le_bytes(head) | ACE_FOLD == ACE_WORD
            }
            None => false,
        }
    }

    /// `--` in the third and fourth positions: the mark of a reserved LDH label (RFC 5890
    /// section 2.3.1).
    pub(crate) fn has_hyphens_3_4(&self) -> bool {
        self.text.as_bytes().get(2..4) == Some(b"--")
    }
}

/// The ACE prefix as a little-endian word, its letters in lower case.
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
const ACE_WORD: u32 = {
    let b = ACE_PREFIX.as_bytes();
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
};

/// Bit 5 of the bytes of [`ACE_WORD`] that are letters: OR-ed in, it folds an ASCII capital to
/// its small letter, and only a capital or the small letter itself gives that small letter.
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
const ACE_FOLD: u32 = {
    let b = ACE_PREFIX.as_bytes();
    let mut fold = 0;
    let mut k = 0;
    while k < 4 {
        if b[k].is_ascii_alphabetic() {
            fold |= 0x20 << (8 * k);
        }
        k += 1;
    }
    fold
};
const _: () = assert!(ACE_PREFIX.len() == 4);

/// The rules every LDH label obeys (RFC 1123 section 2.1, as RFC 5890 section 2.3.1 restates
/// them): 1 to 63 octets of ASCII letters, digits and hyphens, not starting or ending with a
/// hyphen. `underscore_first` accepts a leading `_` (RFC 8552 underscored labels).
pub(crate) fn check_ldh(label: &Label<'_>, underscore_first: bool) -> Result<(), Violation> {
    let bytes = label.text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ok = ascii::is_ldh(b) || (b == b'_' && i == 0 && underscore_first);
        if !ok {
            let c = label.text.get(i..).and_then(|s| s.chars().next());
            return Err(label.violation(ErrorKind::InvalidCharacter, i, c));
        }
    }
    check_ldh_shape(label)
}

/// The rules of an LDH label beyond its characters (see [`check_ldh`]), for a label already
/// known to hold letters, digits and hyphens only: 1 to 63 octets, no hyphen at either end.
#[inline]
pub(crate) fn check_ldh_shape(label: &Label<'_>) -> Result<(), Violation> {
    let bytes = label.text.as_bytes();
    if bytes.len() > MAX_LABEL_OCTETS {
        return Err(label.whole(ErrorKind::LabelTooLong));
    }
    if bytes.first() == Some(&b'-') {
        return Err(label.violation(ErrorKind::LeadingHyphen, 0, Some('-')));
    }
    if bytes.last() == Some(&b'-') {
        return Err(label.violation(ErrorKind::TrailingHyphen, bytes.len() - 1, Some('-')));
    }
    Ok(())
}

/// Checks an `xn--` label that is already known to be a valid LDH label (see [`check_ldh`]):
/// its Punycode decodes strictly, re-encodes to itself, and gives a U-label with a non-ASCII
/// code point (RFC 5890 section 2.3.2.1, RFC 5891 section 5.4). Returns the number of code
/// points of the U-label, written into `buf`, and what is known of its Bidi classes.
pub(crate) fn check_alabel(
    label: &Label<'_>,
    buf: &mut LabelBuffer,
) -> Result<(usize, LabelBidi), Violation> {
    let payload = label.text.as_bytes().get(ACE_PREFIX.len()..).unwrap_or(&[]);
    // Strict decoding admits one payload per U-label (see `punycode::decode_into`), so the
    // re-encoding comparison of RFC 5891 section 5.4 cannot fail after it; it is asserted in
    // debug builds (tests, fuzzing) rather than paid for in release ones. The payload is
    // lowercased as it is decoded (RFC 5891 section 5.3; DNS matches ASCII without regard to
    // case, RFC 4343).
    let (n, basic) = match punycode::decode_alabel_into(payload, buf) {
        Ok(decoded) => {
            debug_assert!(
                punycode::decode_canonical_into(payload, &mut [char::MAX; MAX_ULABEL_CHARS])
                    .is_ok(),
                "strict decoding accepted a non-canonical payload"
            );
            decoded
        }
        // More code points than a 63-octet A-label can hold cannot come from a valid payload.
        Err(PunycodeError::TooLong) => return Err(label.whole(ErrorKind::LabelTooLong)),
        Err(e) => return Err(label.whole(ErrorKind::InvalidPunycode(e))),
    };
    // The code points that are not basic are the inserted ones, all non-ASCII. A payload that
    // inserts none ends with its delimiter, so the label ends with a hyphen, which the LDH
    // rules refused before: every A-label that gets here decodes to a non-ASCII U-label.
    debug_assert!(n > basic, "an LDH label decoded to ASCII only");
    let ulabel = buf.get(..n).unwrap_or(&[]);
    let bidi = check_ulabel_chars(ulabel).map_err(|(kind, i)| {
        label
            .violation(kind, 0, ulabel.get(i).copied())
            .in_decoding()
    })?;
    Ok((n, bidi))
}

/// A U-label that has passed [`check_ulabel`].
pub(crate) struct ULabel {
    /// The number of its code points, written into the caller's buffer.
    pub(crate) chars: usize,
    /// Its length in A-label form, or an upper bound of it (never above 63) when `exact` is
    /// false.
    pub(crate) octets: usize,
    pub(crate) exact: bool,
    /// What is known of its Bidi classes.
    pub(crate) bidi: LabelBidi,
}

/// How [`check_ulabel`] gives the length of a U-label in A-label form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// The exact length: the encoder runs.
    Exact,
    /// An upper bound from the code points ([`encoded_len_bound`]); the exact length where
    /// that passes 63 octets.
    Bound,
    /// An upper bound from the label's UTF-8 length alone ([`utf8_len_bound`]) where that is
    /// within 63 octets, as [`Measure::Bound`] otherwise.
    Loose,
}

/// Checks a label of the input that holds a non-ASCII code point as a U-label: the rules of
/// RFC 5891 section 4.2 and an A-label form of at most 63 octets. The code points are written
/// into `buf`. The length in A-label form is measured as `measure` says: the Punycode encoding
/// is computed only when it is asked for or a bound passes 63.
pub(crate) fn check_ulabel(
    label: &Label<'_>,
    buf: &mut LabelBuffer,
    measure: Measure,
) -> Result<ULabel, Violation> {
    let n = collect_chars(label.text, buf).ok_or_else(|| label.whole(ErrorKind::LabelTooLong))?;
    check_collected_ulabel(label, buf, n, measure)
}

/// [`check_ulabel`] on a label whose `n` code points the caller has written into `buf`.
pub(crate) fn check_collected_ulabel(
    label: &Label<'_>,
    buf: &LabelBuffer,
    n: usize,
    measure: Measure,
) -> Result<ULabel, Violation> {
    if n > MAX_ULABEL_CHARS {
        return Err(label.whole(ErrorKind::LabelTooLong));
    }
    let chars = buf.get(..n).unwrap_or(&[]);
    let bidi = check_ulabel_chars(chars).map_err(|(kind, i)| label.at_char(kind, i))?;
    if let Some(bound) = len_bound(label.text.len(), chars, measure) {
        return Ok(ULabel {
            chars: n,
            octets: bound,
            exact: false,
            bidi,
        });
    }
    let octets = ACE_PREFIX.len()
        + punycode::encoded_len(chars).map_err(|_| label.whole(ErrorKind::LabelTooLong))?;
    if octets > MAX_LABEL_OCTETS {
        return Err(label.whole(ErrorKind::LabelTooLong));
    }
    Ok(ULabel {
        chars: n,
        octets,
        exact: true,
        bidi,
    })
}

/// The bound of the length in A-label form, with its `xn--`, that `measure` takes for a U-label
/// of `bytes` bytes of UTF-8 and code points `chars`; `None` when it asks for the exact length
/// or the bound passes 63 octets.
pub(crate) fn len_bound(bytes: usize, chars: &[char], measure: Measure) -> Option<usize> {
    let bound = match measure {
        Measure::Exact => return None,
        Measure::Loose if bytes <= UTF8_BOUND_BYTES => utf8_len_bound(bytes),
        Measure::Bound | Measure::Loose => {
            ACE_PREFIX.len().saturating_add(encoded_len_bound(chars))
        }
    };
    (bound <= MAX_LABEL_OCTETS).then_some(bound)
}

/// The longest U-label, in UTF-8 bytes, whose [`utf8_len_bound`] is within 63 octets.
pub(crate) const UTF8_BOUND_BYTES: usize = 19;

/// An upper bound of the length in A-label form, with its `xn--`, of a U-label of `bytes`
/// bytes of UTF-8, at most [`UTF8_BOUND_BYTES`]: `5 + 3 * bytes`, from the bound of
/// [`encoded_len_bound`] without reading a code point. The label has at most 19 code points,
/// so each integer's value is below `(m - 0x7E) * 20`, which takes at most 5 digits for a code
/// point of two bytes (`m <= 0x7FF`), 7 for three, 8 for four: with the integer's extra digit,
/// at most 3 octets a byte of UTF-8, and a basic code point takes 1; then the prefix and the
/// delimiter. So is a name's length in A-label form at most 6 octets a byte of UTF-8 when each
/// label is bounded by this or within 63 octets: [`crate::domain`] takes this bound when that
/// keeps the name within 253 octets, and never has to measure it again. Measured (callgrind,
/// `tools/corpus/count.sh 5 realistic`, `is_idn_hostname`, instructions a pass): the U-label
/// forms of `realistic.txt` 386,665 to 350,263 (the A-label forms, which never take it, 582,486
/// to 590,898 and the ASCII names 128,809 to 131,879, from the code around `domain::check`'s
/// loop as the compiler lays it out).
pub(crate) const fn utf8_len_bound(bytes: usize) -> usize {
    ACE_PREFIX.len() + 1 + 3 * bytes
}

/// An upper bound of [`punycode::encoded_len`] for a label of at most [`MAX_ULABEL_CHARS`] code
/// points, computed without running the encoder.
///
/// The encoder of RFC 3492 section 6.3 writes the `b` basic code points, a delimiter if `b > 0`,
/// then one generalized variable-length integer (section 3.3) per non-basic code point:
///
/// - Each delta is below `(m - p + 1) * (len + 1)`, where `m` is the code point being inserted,
///   `p` the previous distinct non-basic code point in increasing order (0x7F for the first; `m`
///   itself for a repeat) and `len` the label's length: the encoder adds `(m - n) * (h + 1)`
///   with `n = p + 1` and `h < len`, at most `len` for the code points passed before it, and at
///   most `len + 1` left from the previous value.
/// - A value `q` takes at most `1 + d(q)` digits, `d` the number of its decimal digits: every
///   digit but the last replaces `q` with `(q - t) / (base - t)` where `tmin <= t <= tmax`, so
///   divides it by at least `base - tmax = 10`, and `q = 0` is always the last digit.
///
/// The bound is tight enough that most labels under 20 code points stay under 63 octets; the
/// tests check it against the encoder.
pub(crate) fn encoded_len_bound(label: &[char]) -> usize {
    if label.len() <= LOOSE_BOUND_CHARS
        && let Some(bound) = unsorted_len_bound(label)
    {
        return bound;
    }
    sorted_len_bound(label)
}

/// The longest label for which [`unsorted_len_bound`] is tried first: longer ones rarely fit
/// in 63 octets by it, and would pay for both.
const LOOSE_BOUND_CHARS: usize = 16;

/// [`encoded_len_bound`] without sorting, with `p = 0x7F` for every code point (no previous
/// one is smaller), when that fits in 63 octets, as it does for nearly every label as names
/// occur: the sort and its buffer are then paid only for long labels. Measured (callgrind,
/// `tools/corpus/count.sh`, `is_idn_hostname`): 11.7 % fewer instructions on the U-label forms
/// of `realistic.txt` (556,554 to 491,612 a pass), 4 to 16 % on the script corpora but Greek
/// (1.1 %), 0.5 % on `long.txt`.
fn unsorted_len_bound(label: &[char]) -> Option<usize> {
    let mut total = 0;
    let mut basic = 0;
    for &c in label {
        if c.is_ascii() {
            basic += 1;
        } else {
            total += integer_len_bound(u32::from(c) - 0x7F, label.len());
        }
    }
    let total = total + basic_len(basic);
    (ACE_PREFIX.len() + total <= MAX_LABEL_OCTETS).then_some(total)
}

/// [`encoded_len_bound`] with the previous code point in increasing order; `usize::MAX` for a
/// label of more than [`SORTED_CODE_POINTS`] non-basic code points.
fn sorted_len_bound(label: &[char]) -> usize {
    let mut values = [0u32; SORTED_CODE_POINTS];
    let mut k = 0;
    let mut basic = 0;
    for &c in label {
        if c.is_ascii() {
            basic += 1;
        } else {
            let Some(slot) = values.get_mut(k) else {
                return usize::MAX;
            };
            *slot = u32::from(c);
            k += 1;
        }
    }
    let values = values.get_mut(..k).unwrap_or(&mut []);
    values.sort_unstable();
    let mut total = basic_len(basic);
    let mut previous = 0x7F;
    for &m in values.iter() {
        total += integer_len_bound(m - previous, label.len());
        previous = m;
    }
    total
}

/// The most non-basic code points that [`sorted_len_bound`] sorts. Each takes at least two
/// octets (`q >= len + 1 >= 2`), so that with one more no bound is within 63 octets: the label
/// is encoded without sorting it. Measured (callgrind, `tools/corpus/count.sh 5`,
/// `is_idn_hostname`, a pass): `long.txt` 3,781,995 instructions without it, 3,035,736 with it.
/// (A literal, and the sum below checked at compile time, so that no change of the bound
/// compiles: it changes no answer, only how soon a label is encoded.)
const SORTED_CODE_POINTS: usize = 29;
const _: () = assert!(ACE_PREFIX.len() + 2 * (SORTED_CODE_POINTS + 1) == MAX_LABEL_OCTETS + 1);

/// The most octets of the integer of a non-basic code point `delta` above the previous one
/// (by [`encoded_len_bound`]) in a label of `len` code points: `1 + d((delta + 1) * (len + 1))`.
fn integer_len_bound(delta: u32, len: usize) -> usize {
    1 + decimal_digits((u64::from(delta) + 1) * (len as u64 + 1))
}

/// The octets of `basic` basic code points and of the delimiter that follows them, written
/// only when there is one (RFC 3492 section 6.3).
fn basic_len(basic: usize) -> usize {
    basic + usize::from(basic > 0)
}

/// The powers of ten that fit in a `u64`, for [`decimal_digits`].
static POWERS: [u64; 20] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
    100_000_000_000_000_000,
    1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
];

/// The number of decimal digits of `q`, none for 0.
///
/// From the bit length: `t = bits * 1233 / 4096` is `floor(bits * log10(2))` for every bit
/// length up to 64, and a number of that bit length, from `2^(bits - 1)` to `2^bits - 1`, has
/// `t` or `t + 1` digits: `t + 1` when it is at least `10^t`, one comparison. Measured against
/// `checked_ilog10` (callgrind, `tools/corpus/count.sh 5 realistic`, `is_idn_hostname`, a pass):
/// the U-label forms of `realistic.txt` 436,714 to 418,033 instructions.
fn decimal_digits(q: u64) -> usize {
    let bits = (u64::BITS - q.leading_zeros()) as usize;
    let t = (bits * 1233) >> 12;
    t + POWERS.get(t).map_or(0, |&p| usize::from(q >= p))
}

/// The rules of RFC 5891 section 4.2 on the code points of a U-label, in the order Python
/// `idna` applies them (so that a label breaking several rules is reported alike): NFC
/// (5.3), hyphens (4.2.3.1), leading combining mark (4.2.3.2), then each code point PVALID or
/// its contextual rule satisfied (4.2.2, 4.2.3.3). The Bidi rule is the name's (see
/// `domain`). Returns whether the label is an RTL label (RFC 5893 section 1.4); on failure, the
/// rule and the index of the code point.
///
/// The common case takes one table read a code point: when every code point is PVALID, the
/// rules in the order above all pass once the hyphens are checked (first), the first code point
/// is not a combining mark and the label is in NFC. NFC needs no normalization when the quick
/// check of UAX #15 section 9 says Yes: every code point has `NFC_Quick_Check=Yes`, and no two
/// adjacent ones both have a non-zero `Canonical_Combining_Class` (only such a pair can be out
/// of canonical order), both read from the same table entry.
pub(crate) fn check_ulabel_chars(label: &[char]) -> Result<LabelBidi, (ErrorKind, usize)> {
    if let Some(summary) = plain_ulabel(label) {
        return Ok(LabelBidi {
            rtl: summary.rtl(),
            satisfies_rule: summary.satisfies_rule(),
        });
    }
    check_ulabel_chars_in_order(label)?;
    Ok(LabelBidi {
        rtl: bidi::has_rtl(label),
        satisfies_rule: false,
    })
}

/// The fast path of [`check_ulabel_chars`]: the Bidi classes of the label when it passes,
/// `None` when the rules must be applied one by one.
#[inline]
fn plain_ulabel(label: &[char]) -> Option<Summary> {
    use crate::ucd::BidiClass;
    if label.get(2..4) == Some(&['-', '-'])
        || label.first() == Some(&'-')
        || label.last() == Some(&'-')
    {
        return None;
    }
    let mut bidi = Summary::EMPTY;
    let mut quick_check_yes = true;
    // Whether the code point before has a non-zero combining class; ASCII has class 0.
    let mut after_reordered = false;
    let (&first, rest) = label.split_first()?;
    // The first code point of the label cannot be a combining mark (RFC 5891 section 4.2.3.2).
    if first.is_ascii() {
        if !first.is_ascii_lowercase() && !first.is_ascii_digit() {
            return None;
        }
        bidi.push_first(bidi::bidi_class(first));
    } else {
        let props = ucd::props(first);
        if props.derived() != DerivedProperty::Pvalid || props.is_mark() {
            return None;
        }
        quick_check_yes = props.is_nfc_quick_check_yes();
        after_reordered = props.is_reordered();
        bidi.push_first(props.bidi_class());
    }
    for &c in rest {
        if c.is_ascii() {
            bidi.push(match c {
                'a'..='z' => BidiClass::L,
                '0'..='9' => BidiClass::EN,
                '-' => BidiClass::ES,
                _ => return None,
            });
            after_reordered = false;
            continue;
        }
        let props = ucd::props(c);
        if props.derived() != DerivedProperty::Pvalid {
            return None;
        }
        let reordered = props.is_reordered();
        quick_check_yes &= props.is_nfc_quick_check_yes() && !(reordered && after_reordered);
        after_reordered = reordered;
        bidi.push(props.bidi_class());
    }
    // A quick check of Maybe, or a pair of marks to compare, asks the normalization itself.
    if !quick_check_yes && !nfc::is_nfc(label) {
        return None;
    }
    Some(bidi)
}

/// The rules of [`check_ulabel_chars`], one after the other.
fn check_ulabel_chars_in_order(label: &[char]) -> Result<(), (ErrorKind, usize)> {
    if !nfc::is_nfc(label) {
        return Err((ErrorKind::NotNfc, nfc::first_difference(label)));
    }
    if label.get(2..4) == Some(&['-', '-']) {
        return Err((ErrorKind::HyphenPositions3And4, 2));
    }
    if label.first() == Some(&'-') {
        return Err((ErrorKind::LeadingHyphen, 0));
    }
    if label.last() == Some(&'-') {
        return Err((ErrorKind::TrailingHyphen, label.len() - 1));
    }
    if label
        .first()
        .is_some_and(|&c| !c.is_ascii() && ucd::props(c).is_mark())
    {
        return Err((ErrorKind::LeadingCombiningMark, 0));
    }
    for (i, &c) in label.iter().enumerate() {
        match ucd::derived_property(c) {
            DerivedProperty::Pvalid => {}
            DerivedProperty::ContextJ | DerivedProperty::ContextO => {
                if let Some(rule) = context::context_rule(c)
                    && !context::satisfied(rule, label, i)
                {
                    return Err((ErrorKind::Context(rule), i));
                }
            }
            DerivedProperty::Unassigned => return Err((ErrorKind::Unassigned, i)),
            DerivedProperty::Disallowed => return Err((ErrorKind::Disallowed, i)),
        }
    }
    Ok(())
}

/// Writes the code points of `text` into `buf`; `None` when they do not fit.
pub(crate) fn collect_chars(text: &str, buf: &mut LabelBuffer) -> Option<usize> {
    let mut n = 0;
    for c in text.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_ucd::chars;

    /// Runs `check` on 20,000 labels of `lengths` code points, each drawn from one of `ranges`
    /// (the surrogates left out).
    fn for_labels(
        ranges: &[core::ops::Range<u32>],
        lengths: core::ops::RangeInclusive<usize>,
        check: impl Fn(Vec<char>) -> Result<(), proptest::test_runner::TestCaseError>,
    ) {
        use proptest::prelude::*;
        let chars = proptest::sample::select(ranges.to_vec())
            .prop_flat_map(|range| range)
            .prop_filter_map("scalar value", char::from_u32);
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
            cases: 20_000,
            ..ProptestConfig::default()
        });
        runner
            .run(&proptest::collection::vec(chars, lengths), check)
            .unwrap();
    }

    /// The word test of the ACE prefix agrees with the comparison of RFC 5890 section
    /// 2.3.2.5 (the first four bytes equal `xn--` without regard to ASCII case, as the
    /// standard library's `eq_ignore_ascii_case` compares), for every byte in every position
    /// of the prefix (the others as in `xn--`, in each case) and on labels of 0 to 5 bytes.
    #[test]
    fn ace_prefix_word_test_agrees() {
        let agree = |text: &[u8]| {
            let Ok(text) = core::str::from_utf8(text) else {
                return;
            };
            let label = Label {
                text,
                index: 0,
                start: 0,
            };
            assert_eq!(
                label.has_ace_prefix(),
                text.as_bytes()
                    .get(..4)
                    .is_some_and(|head| head.eq_ignore_ascii_case(b"xn--")),
                "{text:?}"
            );
        };
        for base in [*b"xn--", *b"XN--", *b"xN--", *b"Xn--"] {
            for pos in 0..4 {
                for b in 0..=255u8 {
                    let mut head = base;
                    head[pos] = b;
                    agree(&head);
                    let mut longer = head.to_vec();
                    longer.push(b'a');
                    agree(&longer);
                }
            }
        }
        for short in ["", "x", "xn", "xn-", "xn--", "xn--a", "-xn-"] {
            agree(short.as_bytes());
        }
    }

    /// `utf8_len_bound` is never below the encoder's length with its prefix, on labels of up to
    /// `UTF8_BOUND_BYTES` bytes drawn from ASCII and the extremes of each UTF-8 length, and it
    /// stays within 63 octets.
    #[test]
    fn utf8_len_bound_is_an_upper_bound() {
        assert!(utf8_len_bound(UTF8_BOUND_BYTES) <= MAX_LABEL_OCTETS);
        let ranges = [
            0x61..0x7B,
            0x80..0x88,
            0x780..0x800,
            0x800..0x810,
            0xFF00..0x1_0000,
            0x1_0000..0x1_0010,
            0x10_FF00..0x11_0000,
        ];
        for_labels(&ranges, 1..=19, |mut label| {
            // The longest prefix of at most UTF8_BOUND_BYTES bytes.
            let mut bytes = 0;
            label.retain(|c| {
                bytes += c.len_utf8();
                bytes <= UTF8_BOUND_BYTES
            });
            let bytes: usize = label.iter().map(|c| c.len_utf8()).sum();
            let exact = ACE_PREFIX.len() + punycode::encoded_len(&label).unwrap();
            proptest::prop_assert!(utf8_len_bound(bytes) >= exact, "{label:?}: {exact}");
            Ok(())
        });
        // The largest gaps: the greatest code point of each length, alone and repeated, after
        // and before a small one.
        for c in ['\u{7FF}', '\u{FFFF}', '\u{10FFFF}'] {
            let n = UTF8_BOUND_BYTES / c.len_utf8();
            for label in [
                vec![c; n],
                vec!['\u{80}', c],
                vec![c, '\u{80}'],
                vec!['a', c],
            ] {
                let bytes: usize = label.iter().map(|c| c.len_utf8()).sum();
                let exact = ACE_PREFIX.len() + punycode::encoded_len(&label).unwrap();
                assert!(utf8_len_bound(bytes) >= exact, "{label:?}: {exact}");
            }
        }
        // A bound 2 octets smaller would still hold (.cargo/mutants.toml lists the mutants
        // that make it so): on every label of one code point of two bytes, where the exact
        // length comes closest to it (U+00FF, "xn--wda": 7 octets for 2 bytes, RFC 3492).
        for c in ('\u{80}'..='\u{7FF}').chain(['\u{FFFF}', '\u{10FFFF}']) {
            let exact = ACE_PREFIX.len() + punycode::encoded_len(&[c]).unwrap();
            assert!(utf8_len_bound(c.len_utf8()) - 2 >= exact, "{c:?}: {exact}");
        }
        assert_eq!(punycode::encoded_len(&['\u{FF}']), Ok(3));
    }

    /// `decimal_digits` against the standard library's `checked_ilog10` around every power of
    /// two and of ten in `u64`, and on random values.
    #[test]
    fn decimal_digits_agree_with_ilog10() {
        let reference = |q: u64| q.checked_ilog10().map_or(0, |d| d as usize + 1);
        let mut values = vec![0, 1, u64::MAX];
        for k in 0..64 {
            let p = 1u64 << k;
            values.extend([p - 1, p, p + 1]);
        }
        for k in 0..20 {
            let p = 10u64.pow(k);
            values.extend([p - 1, p, p + 1]);
        }
        for q in values {
            assert_eq!(decimal_digits(q), reference(q), "{q}");
        }
        proptest::proptest!(|(q: u64)| {
            proptest::prop_assert_eq!(decimal_digits(q), reference(q));
        });
    }

    /// The bound of `encoded_len_bound` is never below the encoder's length, on labels of up
    /// to 59 code points drawn from ASCII, a few scripts' blocks and the whole code space.
    #[test]
    fn encoded_len_bound_is_an_upper_bound() {
        let ranges = [
            0x61..0x7B,
            0x80..0x800,
            0x400..0x460,
            0x4E00..0x9FFF,
            0xAC00..0xD7A4,
            0x1_0000..0x11_0000,
        ];
        for_labels(&ranges, 1..=59, |label| {
            let exact = punycode::encoded_len(&label).unwrap();
            let bound = encoded_len_bound(&label);
            proptest::prop_assert!(bound >= exact, "{label:?}: bound {bound} < {exact}");
            Ok(())
        });
        // The extremes: the largest gaps and the longest label.
        for label in [
            vec!['\u{10FFFF}'; 59],
            vec!['\u{80}', '\u{10FFFF}'],
            (0..59)
                .map(|i| char::from_u32(0x10FFFF - i * 0x4000).unwrap())
                .collect(),
            (0..59)
                .map(|i| char::from_u32(0x80 + i).unwrap())
                .rev()
                .collect(),
        ] {
            assert!(encoded_len_bound(&label) >= punycode::encoded_len(&label).unwrap());
        }
    }

    /// The fast path of `check_ulabel_chars` on the strings of NormalizationTest.txt, which are
    /// made to exercise canonical ordering and composition: when it accepts a string, the
    /// string is its own NFC by the file (c2, c4 are the NFC of c1-c3 and c4-c5), and the
    /// rules in order accept it too.
    #[test]
    fn fast_path_agrees_with_normalization_test() {
        let text = crate::test_data::read("unicode/18.0.0/ucd/NormalizationTest.txt");
        let (mut accepted, mut refused) = (0, 0);
        for (n, line) in text.lines().enumerate() {
            let content = line.split('#').next().unwrap().trim();
            if content.is_empty() || content.starts_with('@') {
                continue;
            }
            let c: Vec<Vec<char>> = content.split(';').take(5).map(chars).collect();
            for (from, to) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
                if plain_ulabel(&c[from]).is_some() {
                    assert_eq!(
                        c[from],
                        c[to],
                        "NormalizationTest.txt:{}: c{}",
                        n + 1,
                        from + 1
                    );
                    assert_eq!(
                        check_ulabel_chars_in_order(&c[from]),
                        Ok(()),
                        "line {}",
                        n + 1
                    );
                    accepted += 1;
                } else {
                    refused += 1;
                }
            }
        }
        // Both outcomes occur, so the test can fail either way.
        assert!(
            accepted > 1000 && refused > 1000,
            "{accepted} accepted, {refused} refused"
        );
    }
}
