//! UTS #46 section 4 on long inputs, as a stream: ToASCII, ToUnicode and the mapping of the
//! formats in time linear in the input and in memory bounded by a small multiple of the input
//! and the output, with the results of the short path (the status set included).
//!
//! The short path maps the whole name (steps 1 and 2), then splits it (step 3) and converts
//! every label (step 4), each into a buffer of its code points. On a megabyte that is many
//! times the input: U+FDFA maps to 18 code points, a label is held as `char`s, and ToASCII
//! encodes a label to Punycode that VerifyDnsLength has already refused. Here the steps run
//! one code point at a time:
//!
//! - step 1 maps each code point as it is read;
//! - step 2 normalizes one segment at a time: a code point with Canonical_Combining_Class 0
//!   and NFC_Quick_Check=Yes never composes with what precedes it nor is reordered across, so
//!   NFC of the name is the NFC of the pieces cut before such code points (UAX #15 section 9);
//! - step 3 ends a label at each U+002E that comes out of step 2;
//! - step 4 and the Validity Criteria of section 4.1 are decided by [`Checker`], the one
//!   implementation of [`super::criteria`], fed one code point at a time;
//! - CheckBidi (criterion 9) needs the whole name: the conditions each validated label fails
//!   are gathered, and recorded at the end if any label was an RTL one;
//! - ToASCII keeps a label's text only while its A-label can still be within 63 octets (or
//!   always without VerifyDnsLength, which asks for its Punycode); a longer label fails A4_2
//!   and A4_1 whatever its encoding, and whether the encoding would overflow (A3) is decided
//!   from the code points' values and counts ([`Deltas`]), without encoding.
//!
//! A run of one repeated code point costs one lookup once the stream is in a steady state:
//! [`Front::feed`] processes two copies, and when they leave the state as it was but for its
//! counters, adds the counts of the rest of the run at once. Runs of ASCII and spans of code
//! points that steps 1 and 2 keep as they are pass to the back end at once, and an ignored
//! code point's copies are skipped.
//!
//! An error names the first label in error as step 2 gives it: where that label stands in the
//! processed name and at most its first [`LABEL_TEXT_MAX`](super::error::LABEL_TEXT_MAX) bytes,
//! kept as it passes (ToASCII keeps a label's first [`KEPT_CHARS`] code points anyway, while
//! no earlier label is in error), so there is no second pass and the error stays small (the
//! label itself can be 11 times the input: U+FDFA maps 3 bytes to 33).
//!
//! Where the memory is not bounded by the input: a segment without a cut point (a megabyte of
//! combining marks) is normalized as a whole; an A-label whose Punycode inserts anywhere but at
//! the end is decoded by [`punycode::decode`]; and a label of thousands of code points whose
//! deltas come within its length of `u32::MAX` is encoded to decide A3.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::criteria::{self, Checker, Facts};
use super::error::{Named, Statuses};
use super::mapping::{self, Entry, EntryCache};
use super::{Error, Options, Status};
use crate::limits::EMPTY_LABEL;
use crate::nfc::{IsNormalized, QuickCheck};
use crate::punycode::{self, PunycodeError};
use crate::ucd::{self, Props};

/// Inputs longer than this many bytes take the streamed path; the short path is faster below.
/// Measured (callgrind, `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`, instructions a
/// pass) with every input streamed (0 here) against 1,024: the A-label view 2,487,511 against
/// 714,711, the U-label view 2,700,271 against 997,117, the mix 5,397,567 against 1,923,051 (the
/// ASCII view, answered before either path, 211,201 against 211,361).
pub(crate) const THRESHOLD: usize = 1024;

/// ToASCII keeps the text of a label of at most this many code points: a longer one has an
/// A-label of more than 63 octets (Punycode writes at least one byte a code point, after
/// "xn--"), and of more than 253, so A4_2 and A4_1 hold whatever its encoding.
const KEPT_CHARS: usize = 256;

/// Distinct non-basic code points [`Deltas`] counts one by one.
const DISTINCT: usize = 32;

/// ToASCII (UTS #46 section 4.2) of a long input: [`super::to_ascii`].
pub(crate) fn to_ascii(input: &str, options: Options) -> Result<String, Error> {
    let mut stream = Stream::new(options, Form::Ascii, input.len());
    stream.run(input);
    for index in core::mem::take(&mut stream.a3_unknown) {
        if overflows_by_encoding(input, options, index) {
            stream.statuses.enter(Some(index));
            stream.statuses.add(Status::A3);
        }
    }
    stream.verify_lengths();
    stream.error()?;
    Ok(stream.out)
}

/// ToUnicode (UTS #46 section 4.3) of a long input: [`super::to_unicode`].
pub(crate) fn to_unicode(input: &str, options: Options) -> (String, Result<(), Error>) {
    let mut stream = Stream::new(options, Form::Unicode, input.len());
    stream.run(input);
    let result = stream.error();
    (stream.out, result)
}

/// Steps 1 and 2 (Nontransitional) of a long input for the formats' mapping, or, when the
/// result is longer than `cap` bytes, its first `cap + 1` bytes or more (what the formats refuse
/// by length without reading it).
pub(crate) fn map_capped(input: &str, cap: usize) -> Cow<'_, str> {
    if input.len() <= THRESHOLD
        || (input.is_ascii() && !input.bytes().any(|b| b.is_ascii_uppercase()))
    {
        return mapping::map_and_normalize(input, false).text;
    }
    let mut capped = Capped {
        out: String::new(),
        cap,
    };
    let mut front = Front::new(false);
    front.feed(input, &mut capped);
    front.flush(&mut capped);
    Cow::Owned(capped.out)
}

/// A3 for label `index` when [`Deltas`] could not decide it: its text gathered by a second
/// pass, and encoded (RFC 3492 section 6.3 fails on overflow).
#[cold]
fn overflows_by_encoding(input: &str, options: Options, index: usize) -> bool {
    let label = processed_label(input, options.transitional_processing, index);
    punycode::encode(&label).is_err()
}

/// Label `index` of `input` after steps 1 and 2 (what the short path finds in the mapped
/// name), by a second pass that keeps only that label.
#[cold]
fn processed_label(input: &str, transitional: bool, index: usize) -> String {
    let mut capture = Capture {
        index: 0,
        target: index,
        text: String::new(),
    };
    let mut front = Front::new(transitional);
    front.feed(input, &mut capture);
    front.flush(&mut capture);
    capture.text
}

/// Step 3 for [`processed_label`]: the code points of one label.
struct Capture {
    index: usize,
    target: usize,
    text: String,
}

impl Back for Capture {
    fn push(&mut self, c: char, _: Option<bool>) {
        if c == '.' {
            self.index += 1;
        } else if self.index == self.target {
            self.text.push(c);
        }
    }

    fn done(&self) -> bool {
        self.index > self.target
    }
}

/// What the stream's back end receives from steps 1 and 2.
trait Back {
    /// The next code point after steps 1 and 2; `valid`: its status is known from step 1
    /// (`Some(true)` valid, `Some(false)` disallowed).
    fn push(&mut self, c: char, valid: Option<bool>);

    /// [`Back::push`] for each of a run of ASCII bytes as in the input (step 1 maps A-Z to
    /// a-z; every ASCII code point is `valid` and its own segment).
    fn push_ascii(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(char::from(b.to_ascii_lowercase()), Some(true));
        }
    }

    /// [`Back::push`] for the code points at the start of `text` that steps 1 and 2 keep as
    /// they are but A-Z, which step 1 maps to a-z, each its own segment: the first (which is
    /// one) and those after it up to U+002E or the first that `kept` refuses, but the last of
    /// them, which may compose with what follows and is not passed on. Returns its offset in
    /// `text`. `kept` tells whether a non-ASCII code point is `valid` (or a kept `deviation`)
    /// and a cut point ([`EntryCache::is_kept_cut`]).
    fn push_kept(&mut self, text: &str, mut kept: impl FnMut(char) -> bool) -> usize {
        let mut chars = text.char_indices();
        let Some((_, mut last)) = chars.next() else {
            return 0;
        };
        let mut at = 0;
        for (next, c) in chars {
            if !is_kept_with(c, &mut kept) {
                break;
            }
            self.push(last.to_ascii_lowercase(), Some(true));
            (last, at) = (c, next);
        }
        at
    }

    /// Nothing more can change the result.
    fn done(&self) -> bool {
        false
    }

    /// The state, when a run may be added at once from here ([`Front::feed`]).
    fn snapshot(&self) -> Option<Snapshot> {
        None
    }

    /// Given the state one copy of the run ago, adds `times` more copies when that copy left
    /// the state as it was but for its counters; false otherwise.
    fn repeat(&mut self, _before: &Snapshot, _times: usize) -> bool {
        false
    }

    /// The bytes a segment may hold before it is passed on unfinished: only where the result
    /// is known to be too long anyway.
    fn segment_limit(&self) -> usize {
        usize::MAX
    }
}

/// Steps 1 (Map) and 2 (Normalize) of section 4, one code point at a time.
struct Front {
    transitional: bool,
    /// The segment being normalized: its first code point (a cut point, with its step 1
    /// validity) and the code points after it, none a cut point.
    start: Option<(char, Option<bool>)>,
    rest: String,
    cache: EntryCache,
}

impl Front {
    fn new(transitional: bool) -> Self {
        Front {
            transitional,
            start: None,
            rest: String::new(),
            cache: EntryCache::new(),
        }
    }

    /// Maps and normalizes `input`, adding runs of a repeated code point at once where `back`
    /// allows it.
    fn feed<B: Back>(&mut self, input: &str, back: &mut B) {
        let mut chars = input.chars();
        while let Some(c) = chars.next() {
            if back.done() {
                return;
            }
            let ignored = self.map(c, back);
            if c.is_ascii() {
                // Every ASCII code point is a cut point whose segment is itself: the run after
                // `c` passes on at once, but its last code point, which may compose with what
                // follows (U+0061 U+0301). `xn--` + 1 MiB of `a`: 35 ms before, 20 ms after.
                let rest = chars.as_str();
                let run = rest
                    .bytes()
                    .position(|b| !b.is_ascii())
                    .unwrap_or(rest.len());
                if let (Some(head), Some(&last), Some(tail)) = (
                    rest.as_bytes().get(..run.wrapping_sub(1)),
                    rest.as_bytes().get(run.wrapping_sub(1)),
                    rest.get(run..),
                ) {
                    self.flush(back);
                    back.push_ascii(head);
                    self.start = Some((char::from(last.to_ascii_lowercase()), Some(true)));
                    chars = tail.chars();
                }
                continue;
            }
            let mut unit = [0u8; 4];
            let unit = c.encode_utf8(&mut unit).as_bytes();
            let rest = chars.as_str();
            if ignored {
                // Step 1 removes every copy: nothing to map, nothing changes (1 MiB of U+00AD
                // before `a.com`: 22.7 ms before, 0.75 ms after, one run each).
                let run = run_of(rest.as_bytes(), unit);
                chars = rest.get(run * unit.len()..).unwrap_or("").chars();
                continue;
            }
            if !self.rest.is_empty() {
                continue;
            }
            if run_of(rest.as_bytes().get(..unit.len()).unwrap_or(&[]), unit) == 0 {
                // A span of code points that steps 1 and 2 keep as they are passes on at once,
                // but its last, which may compose with what follows. Instructions on 1 MiB
                // (streamed ToASCII, callgrind): Arabic words 215.2 M before, 113.6 M after;
                // `\u{5D0}1` 222.0 M, 109.8 M; `A\u{DF}` 229.6 M, 135.9 M.
                // (Not when U+002E or the end comes next, the span one code point: 6 % of the
                // instructions on 1 MiB of `\u{FC}.`.)
                if self.start == Some((c, Some(true)))
                    && !matches!(rest.as_bytes().first(), None | Some(b'.'))
                    && let Some(text) = input.get(input.len() - rest.len() - unit.len()..)
                {
                    self.start = None;
                    let (cache, transitional) = (&mut self.cache, self.transitional);
                    let at = back.push_kept(text, |k| cache.is_kept_cut(k, transitional));
                    let mut tail = text.get(at..).unwrap_or("").chars();
                    if let Some(last) = tail.next() {
                        self.start = Some((last.to_ascii_lowercase(), Some(true)));
                    }
                    chars = tail;
                }
                continue;
            }
            let Some(before) = back.snapshot() else {
                continue;
            };
            let start = self.start;
            self.map(c, back);
            let after_one = rest.get(unit.len()..).unwrap_or("");
            let run = run_of(after_one.as_bytes(), unit);
            chars = after_one.chars();
            if run > 0 && self.rest.is_empty() && self.start == start && back.repeat(&before, run) {
                chars = after_one.get(run * unit.len()..).unwrap_or("").chars();
            }
        }
    }

    /// Step 1 for one code point ([`mapping::map_one`], as [`mapping::map_and_normalize`] does it);
    /// returns whether `c` is `ignored`.
    #[inline]
    fn map<B: Back>(&mut self, c: char, back: &mut B) -> bool {
        if c.is_ascii() {
            self.normalize(c.to_ascii_lowercase(), Some(true), back);
            return false;
        }
        let entry = self.cache.entry(c);
        if entry == Entry::Ignored {
            return true;
        }
        let transitional = self.transitional;
        mapping::map_one(c, entry, transitional, |m, valid| {
            self.normalize(m, valid, back)
        });
        false
    }

    /// Step 2: a cut point ends the segment before it.
    #[inline]
    fn normalize<B: Back>(&mut self, c: char, valid: Option<bool>, back: &mut B) {
        if crate::nfc::cannot_change(c) {
            self.flush(back);
            self.start = Some((c, valid));
        } else {
            self.rest.push(c);
            if self.rest.len() > back.segment_limit() {
                self.flush(back);
            }
        }
    }

    /// Passes on the segment, normalized.
    fn flush<B: Back>(&mut self, back: &mut B) {
        let start = self.start.take();
        if self.rest.is_empty() {
            if let Some((c, valid)) = start {
                back.push(c, valid);
            }
            return;
        }
        let rest = core::mem::take(&mut self.rest);
        let first = start.map(|(c, _)| c);
        crate::nfc::for_each_nfc(first.into_iter().chain(rest.chars()), |c| {
            back.push(c, None)
        });
        self.rest = rest;
        self.rest.clear();
    }
}

/// The properties of the last code points looked up, and whether steps 1 and 2 keep each as
/// it is and as its own segment ([`EntryCache::is_kept_cut`]), by the low bits of the code
/// point, as [`EntryCache`] keeps the mapping's values: a long label repeats a few code points.
/// With the slot index of [`Deltas`], measured together on 1 MiB of Arabic words (streamed
/// ToASCII, callgrind): 110.7 M instructions without, 92.4 M with (17 % fewer).
struct PropsCache {
    keys: [u32; PROPS_SLOTS],
    values: [Cached; PROPS_SLOTS],
}

/// A slot of [`PropsCache`]: the facts the checker reads, taken out of the properties once, and
/// whether the code point is kept. Measured against taking them out of [`Props`] at each code
/// point (1 MiB, streamed ToASCII, callgrind): Arabic words 69.5 M instructions before, 62.9 M
/// after; `\u{5D0}1` 83.9 M, 79.4 M.
#[derive(Clone, Copy)]
struct Cached {
    facts: Facts,
    kept: bool,
}

impl Cached {
    fn of(c: char, entries: &mut EntryCache, transitional: bool) -> Self {
        Cached {
            facts: Facts::of(c),
            kept: entries.is_kept_cut(c, transitional),
        }
    }
}

/// Slots of [`PropsCache`], a power of two.
const PROPS_SLOTS: usize = 64;

impl PropsCache {
    fn new() -> Self {
        // No scalar value is u32::MAX: every slot starts empty.
        PropsCache {
            keys: [u32::MAX; PROPS_SLOTS],
            values: [Cached::of('\0', &mut EntryCache::new(), false); PROPS_SLOTS],
        }
    }

    /// The properties of non-ASCII `c`, and whether it is kept as it is and a cut point.
    #[inline(always)]
    fn get(&mut self, c: char, entries: &mut EntryCache, transitional: bool) -> Cached {
        let cp = c as u32;
        let slot = cp as usize % PROPS_SLOTS;
        let (Some(key), Some(value)) = (self.keys.get_mut(slot), self.values.get_mut(slot)) else {
            return Cached::of(c, entries, transitional);
        };
        if *key != cp {
            *key = cp;
            *value = Cached::of(c, entries, transitional);
        }
        *value
    }
}

/// Whether steps 1 and 2 keep `c` as it is (but A-Z) and it is its own segment: any ASCII code
/// point but U+002E, which ends the label, and a non-ASCII one as `kept` says.
#[inline(always)]
fn is_kept_with(c: char, kept: &mut impl FnMut(char) -> bool) -> bool {
    if c.is_ascii() { c != '.' } else { kept(c) }
}

/// How many copies of `unit` (one code point's UTF-8, 2 to 4 bytes) `bytes` starts with.
/// Compared byte by byte rather than by a call to `memcmp` for each copy: 1.5 % fewer
/// instructions on 1 MiB of Arabic words (streamed ToASCII, callgrind), where it runs once a
/// code point.
#[inline]
fn run_of(bytes: &[u8], unit: &[u8]) -> usize {
    bytes
        .chunks_exact(unit.len())
        .take_while(|chunk| chunk.iter().zip(unit).all(|(a, b)| a == b))
        .count()
}

/// The formats' mapping: the text, up to a cap.
struct Capped {
    out: String,
    cap: usize,
}

impl Back for Capped {
    fn push(&mut self, c: char, _: Option<bool>) {
        if self.out.len() <= self.cap {
            self.out.push(c);
        }
    }

    fn done(&self) -> bool {
        self.out.len() > self.cap
    }

    /// NFC composes a code point with the last starter before it, a few at most on one
    /// starter (a canonical composite is the end of a chain of at most four), so a segment
    /// keeps at least a quarter of its bytes: one of more than four times the cap is too long.
    fn segment_limit(&self) -> usize {
        4 * (self.cap + 1)
    }
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
    /// before the search: the values of a long label come again and again.
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

    /// Equal but for the counts.
    fn same_shape(&self, other: &Deltas) -> bool {
        Deltas {
            basic: other.basic,
            total: other.total,
            counts: other.counts,
            ..*self
        } == *other
    }
}

/// Which result the stream builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// ToASCII: the labels as A-labels, and the lengths of step 4.
    Ascii,
    /// ToUnicode: the processed name.
    Unicode,
}

/// Where the current label stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Its first three code points or fewer: whether it starts with "xn--" is not known yet.
    Head,
    /// "xn--" and ASCII so far: kept whole, to be decoded.
    Ace,
    /// "xn--" and a non-ASCII code point (step 4.1.1: P4).
    AceNonAscii,
    /// Not "xn--": validated as it comes, kept (ToASCII) while short.
    Plain,
    /// ToASCII, VerifyDnsLength: a label beyond [`KEPT_CHARS`], not kept.
    Long,
}

/// The state copied by [`Back::snapshot`].
#[derive(Clone, Copy)]
struct Snapshot {
    checker: Checker,
    deltas: Deltas,
    chars: usize,
    out: usize,
    bytes: usize,
    statuses: Statuses,
}

/// Steps 3 and 4 and the Validity Criteria, label by label.
struct Stream {
    options: Options,
    form: Form,
    x4_2: bool,
    statuses: Statuses,
    out: String,
    /// ToASCII: no status yet, so the output may still be the answer.
    write: bool,
    /// ToASCII step 4: the octets of the name so far (a lower bound after a long label),
    /// whether the output ends in U+002E.
    octets: usize,
    ends_in_dot: bool,
    bidi_domain: bool,
    bidi_failed: u8,
    /// The first label that fails a condition of RFC 5893 section 2.
    bidi_first: Option<usize>,
    /// The first label with a status but those of CheckBidi.
    first: Option<usize>,
    a3_unknown: Vec<usize>,
    /// The labels an error may name (the first in error, the first to fail the Bidi rule):
    /// where each stands and at most [`LABEL_TEXT_MAX`] bytes of it, kept as they pass.
    named: Vec<Named>,
    /// The bytes, after steps 1 and 2, of the labels before the current one with their dots,
    /// and of the current one: where a named label stands in the processed name.
    name_bytes: usize,
    label_bytes: usize,
    /// No earlier label is in error, so the current one may be named: ToASCII keeps its text
    /// whatever its length (the error holds it anyway, section 4.2 step 4 having refused it).
    keep_whole: bool,
    /// ToUnicode: the text of the current label before it was decoded as an A-label.
    a_label: String,
    /// The current label: its index, phase, code points, where it starts in `out`
    /// (ToUnicode) or its text (ToASCII).
    index: usize,
    phase: Phase,
    chars: usize,
    start: usize,
    text: String,
    checker: Checker,
    deltas: Deltas,
    rtl: bool,
    scratch: String,
    buf: Vec<char>,
    cache: EntryCache,
    props: PropsCache,
}

impl Stream {
    fn new(options: Options, form: Form, capacity: usize) -> Self {
        let mut statuses = Statuses::default();
        statuses.enter(Some(0));
        Stream {
            options,
            form,
            x4_2: form == Form::Unicode && options.verify_dns_length,
            statuses,
            out: String::with_capacity(match form {
                Form::Unicode => capacity,
                Form::Ascii => 0,
            }),
            write: true,
            octets: 0,
            ends_in_dot: false,
            bidi_domain: false,
            bidi_failed: 0,
            bidi_first: None,
            first: None,
            a3_unknown: Vec::new(),
            named: Vec::new(),
            name_bytes: 0,
            label_bytes: 0,
            keep_whole: true,
            a_label: String::new(),
            index: 0,
            phase: Phase::Head,
            chars: 0,
            start: 0,
            text: String::new(),
            checker: Checker::new(options, options.transitional_processing),
            deltas: Deltas::EMPTY,
            rtl: false,
            scratch: String::new(),
            buf: Vec::new(),
            cache: EntryCache::new(),
            props: PropsCache::new(),
        }
    }

    fn run(&mut self, input: &str) {
        let mut front = Front::new(self.options.transitional_processing);
        front.feed(input, self);
        front.flush(self);
        self.end_label(true);
        if self.options.check_bidi && self.bidi_domain {
            // The short path records each label's conditions under its index; the first is
            // what the error names.
            self.statuses.enter(self.bidi_first);
            criteria::add_bidi_conditions(self.bidi_failed, &mut self.statuses);
        }
        self.statuses.enter(None);
    }

    /// The result of the statuses recorded: the error names the first label in error, whose
    /// text was kept as it passed.
    fn error(&mut self) -> Result<(), Error> {
        let named = &mut self.named;
        self.statuses.into_result_with(|index| {
            named
                .iter_mut()
                .find(|n| n.index == index)
                .map(core::mem::take)
                .unwrap_or_else(|| Named::new(index))
        })
    }

    /// The text of the current label, where it is kept.
    fn label(&self) -> &str {
        match self.form {
            Form::Ascii => &self.text,
            Form::Unicode => self.out.get(self.start..).unwrap_or(""),
        }
    }

    /// Criterion 7 for a code point of step 2 whose status step 1 did not give (a mapping's
    /// or a normalization's), as [`Checker::push`] would look it up.
    #[inline]
    fn validity(&mut self, c: char, valid: Option<bool>) -> Option<bool> {
        if valid.is_some() || c.is_ascii() {
            return valid;
        }
        Some(
            self.cache
                .entry(c)
                .is_valid(self.options.transitional_processing),
        )
    }

    /// ToASCII, a label too long for its text to be encoded: the text kept so far, its first
    /// [`KEPT_CHARS`] code points (at least [`LABEL_TEXT_MAX`] bytes), is all an error may
    /// show of it; nothing more is kept.
    fn keep_long(&mut self) {
        if !self.may_be_named() && !self.text.is_empty() {
            self.text = String::new();
        }
    }

    /// Whether the error may name the current label: no earlier label is in error, and none
    /// failed the Bidi rule in a name already known to be a Bidi domain name (by an earlier
    /// label or this one), for the error names the first label with a status, and the
    /// conditions of RFC 5893 section 2 count in a Bidi domain name only (UTS #46 section 4.1,
    /// criterion 9). Without the second test, `1xn--bcher-kva.` (which fails condition 1)
    /// followed by a long label of U+FDFA kept that label's 11-fold mapping for nothing.
    fn may_be_named(&self) -> bool {
        self.keep_whole
            && !(self.options.check_bidi
                && self.bidi_first.is_some_and(|first| first < self.index)
                && (self.bidi_domain || self.rtl || self.checker.rtl()))
    }

    fn keep(&mut self, c: char) {
        match self.form {
            Form::Ascii => self.text.push(c),
            Form::Unicode => self.out.push(c),
        }
    }

    /// ToASCII without VerifyDnsLength needs every label's Punycode; with it, a label beyond
    /// [`KEPT_CHARS`] fails by length.
    fn long(&self) -> bool {
        self.form == Form::Ascii && self.options.verify_dns_length && self.chars > KEPT_CHARS
    }

    /// Ends the current label; `last`: at the end of the input.
    fn end_label(&mut self, last: bool) {
        let index = self.index;
        let is_root = last && index > 0;
        let mut validated = true;
        let mut failed = 0;
        let mut rtl = self.rtl;
        // ToASCII: the label as it goes into the output, when that is known.
        let mut ascii: Option<String> = None;
        // ToASCII: the label's text went into `ascii` (an ASCII label is its own A-label), or
        // its encoding, in `scratch`: the buffer goes back after use, for the next label
        // (`\u{FC}.` repeated, 1 MiB: 516.6 M instructions with an allocation a label, 449.1 M).
        let mut moved = false;
        let mut encoded = false;
        let mut empty = self.chars == 0;
        match self.phase {
            Phase::Head | Phase::Plain | Phase::Long => {
                let (label_rtl, bits) = self.checker.finish(&mut self.statuses);
                rtl = label_rtl;
                failed = bits;
                if self.form == Form::Ascii {
                    if self.phase == Phase::Long {
                        self.decide_a3(index);
                    } else if self.checker.all_ascii {
                        ascii = Some(core::mem::take(&mut self.text));
                        moved = true;
                    } else {
                        ascii = Some(self.encode_text());
                        encoded = true;
                    }
                }
            }
            Phase::Ace => {
                let (decoded, basic) = self.decode();
                validated = decoded.is_some();
                if let Some((label_rtl, bits)) = decoded {
                    rtl = label_rtl;
                    failed = bits;
                }
                match self.form {
                    Form::Unicode => empty = self.out.len() == self.start,
                    Form::Ascii => {
                        ascii = Some(basic.unwrap_or_else(|| {
                            moved = true;
                            core::mem::take(&mut self.text)
                        }))
                    }
                }
            }
            Phase::AceNonAscii => {
                validated = false;
                if self.form == Form::Ascii {
                    if self.long() {
                        self.decide_a3(index);
                    } else {
                        ascii = Some(self.encode_text());
                        encoded = true;
                    }
                }
            }
        }
        if rtl {
            self.bidi_domain = true;
        }
        if validated {
            self.bidi_failed |= failed;
            if failed != 0 && self.bidi_first.is_none() {
                self.bidi_first = Some(index);
            }
        }
        if self.x4_2 && empty && !is_root {
            self.statuses.add(Status::X4_2);
        }
        let end = self.out.len();
        if self.form == Form::Ascii {
            self.account(ascii.as_deref(), index);
        } else if !last {
            self.out.push('.');
        }
        if self.first.is_none() && self.statuses.first_label() == Some(index) {
            self.first = Some(index);
        }
        if self.may_be_named() && (self.first == Some(index) || self.bidi_first == Some(index)) {
            let text = match self.form {
                Form::Ascii if moved => ascii.as_deref().unwrap_or(""),
                Form::Ascii => &self.text,
                // A decoded A-label: the output holds its U-label.
                Form::Unicode if self.phase == Phase::Ace && validated => &self.a_label,
                Form::Unicode => self.out.get(self.start..end).unwrap_or(""),
            };
            self.named
                .push(Named::at(index, self.name_bytes, self.label_bytes, text));
        }
        self.name_bytes += self.label_bytes + 1;
        self.label_bytes = 0;
        if let Some(mut buffer) = ascii {
            buffer.clear();
            if moved {
                self.text = buffer;
            } else if encoded {
                self.scratch = buffer;
            }
        }
        // The next label.
        self.index += 1;
        self.phase = Phase::Head;
        self.chars = 0;
        self.start = self.out.len();
        self.text.clear();
        self.a_label.clear();
        self.keep_whole = self.first.is_none();
        self.checker = Checker::new(self.options, self.options.transitional_processing);
        self.deltas = Deltas::EMPTY;
        self.rtl = false;
        self.statuses.enter(Some(self.index));
    }

    /// A3 for a label too long to be kept.
    fn decide_a3(&mut self, index: usize) {
        match self.deltas.overflows() {
            Some(true) => self.statuses.add(Status::A3),
            Some(false) => {}
            None => self.a3_unknown.push(index),
        }
    }

    /// Step 4.1 for an ASCII label that starts with "xn--": decodes it (ToUnicode: into the
    /// output) and validates it. Returns whether it is an RTL label and the conditions of
    /// RFC 5893 it fails, or `None` when it is not Punycode (step 4.1.2); ToASCII: the decoded
    /// label when it is ASCII (then it is the basic code points, step 4.1.3).
    fn decode(&mut self) -> (Option<(bool, u8)>, Option<String>) {
        let label = match self.form {
            Form::Ascii => core::mem::take(&mut self.text),
            Form::Unicode => self.out.split_off(self.start),
        };
        let payload = label.get(4..).unwrap_or("");
        let mut small = EMPTY_LABEL;
        let len = match punycode::decode_into(payload.as_bytes(), &mut small) {
            Ok(len) => len,
            Err(PunycodeError::TooLong) => usize::MAX,
            Err(_) => return self.not_punycode(label),
        };
        if let Some(chars) = small.get(..len) {
            // A label's worth of code points: as the short path checks it.
            let result = criteria::check_decoded(chars, self.options, &mut self.statuses);
            let mut basic = None;
            match self.form {
                Form::Ascii => {
                    if chars.iter().all(char::is_ascii) {
                        basic = Some(chars.iter().collect());
                    }
                    self.text = label;
                }
                Form::Unicode => {
                    self.out.extend(chars);
                    self.a_label = label;
                }
            }
            return (Some(result), basic);
        }
        let mut checker = Checker::new(self.options, false);
        let sink = match self.form {
            Form::Ascii => None,
            Form::Unicode => Some(&mut self.out),
        };
        let Some(nfc) = decode_payload(payload, &mut checker, sink) else {
            return self.not_punycode(label);
        };
        let mut basic = None;
        if checker.all_ascii {
            self.statuses.add(Status::P4);
            if self.form == Form::Ascii {
                let (head, _) = punycode::split_basic(payload.as_bytes()).unwrap_or_default();
                basic = Some(head.iter().map(|&b| char::from(b)).collect());
            }
        }
        // Criterion 1: only a decoded label can be outside NFC.
        if !nfc {
            self.statuses.add(Status::V1);
        }
        let result = checker.finish(&mut self.statuses);
        match self.form {
            Form::Ascii => self.text = label,
            Form::Unicode => self.a_label = label,
        }
        (Some(result), basic)
    }

    /// Step 4.1.2 for an "xn--" label that is not Punycode: P4 (but with
    /// IgnoreInvalidPunycode), and the label kept as it is.
    fn not_punycode(&mut self, label: String) -> (Option<(bool, u8)>, Option<String>) {
        if !self.options.ignore_invalid_punycode {
            self.statuses.add(Status::P4);
        }
        match self.form {
            Form::Ascii => self.text = label,
            Form::Unicode => self.out.push_str(&label),
        }
        (None, None)
    }

    /// ToASCII step 3 for the kept text of a label with a non-ASCII code point.
    fn encode_text(&mut self) -> String {
        self.buf.clear();
        self.buf.extend(self.text.chars());
        self.scratch.clear();
        super::push_a_label(&self.text, &self.buf, &mut self.scratch, &mut self.statuses);
        core::mem::take(&mut self.scratch)
    }

    /// ToASCII step 4 for one label (`None`: too long to be kept), and the output.
    fn account(&mut self, ascii: Option<&str>, index: usize) {
        let verify = self.options.verify_dns_length;
        if index > 0 {
            self.octets = self.octets.saturating_add(1);
        }
        match ascii {
            Some(label) => {
                self.octets = self.octets.saturating_add(label.len());
                // A decoded ASCII label may hold U+002E (criterion 5), which splits it here as
                // it splits the output of the short path.
                if verify
                    && !label
                        .split('.')
                        .all(|l| super::label_length_ok(l.as_bytes()))
                {
                    self.statuses.add(Status::A4_2);
                }
                self.ends_in_dot = label.ends_with('.') || (label.is_empty() && index > 0);
            }
            None => {
                self.octets = self.octets.saturating_add(self.chars + 4);
                self.statuses.add(Status::A4_2);
                self.ends_in_dot = false;
            }
        }
        if verify && self.octets > crate::limits::MAX_NAME_OCTETS + 1 {
            // A fault of the name, not of this label.
            self.statuses.enter(None);
            self.statuses.add(Status::A4_1);
            self.statuses.enter(Some(index));
        }
        if !self.statuses.is_empty() {
            self.write = false;
            self.out = String::new();
        }
        if self.write
            && let Some(label) = ascii
        {
            if index > 0 {
                self.out.push('.');
            }
            self.out.push_str(label);
        }
    }

    /// ToASCII step 4.1 (VerifyDnsLength), A4_1, once the name is complete.
    fn verify_lengths(&mut self) {
        if !self.options.verify_dns_length {
            return;
        }
        let name = self.octets - usize::from(self.ends_in_dot);
        self.statuses.enter(None);
        if !(1..=crate::limits::MAX_NAME_OCTETS).contains(&name) {
            self.statuses.add(Status::A4_1);
        }
        if !self.statuses.is_empty() {
            self.out = String::new();
        }
    }
}

impl Back for Stream {
    /// Once the label's phase cannot change but by its end, the checks run on each code
    /// point as the span is read, and its text is kept at once. The span is read here rather
    /// than in [`Front::feed`], its UTF-8 decoded once; one cache answers both whether a code
    /// point is kept and its properties; a non-ASCII code point takes
    /// [`Checker::push_kept_steady`]. On 1 MiB of Arabic words (streamed ToASCII, callgrind):
    /// 87.4 M instructions before, 69.5 M after; `\u{5D0}1` 91.6 M, 83.9 M; `A\u{DF}`
    /// 116.7 M, 105.1 M. (The reading alone, with [`Checker::push_with`], was 89.9 M: the
    /// second decoding cost less than the checker's general path.) Not inlined into
    /// [`Front::feed`]: inlined, the loop's code came out 7 % longer on Arabic words (67.3 M
    /// against 63.3 M).
    #[inline(never)]
    fn push_kept(&mut self, text: &str, mut kept: impl FnMut(char) -> bool) -> usize {
        let mut chars = text.char_indices();
        let Some((_, mut last)) = chars.next() else {
            return 0;
        };
        let mut at = 0;
        while !matches!(
            (self.form, self.phase),
            (_, Phase::Long) | (Form::Unicode, Phase::Plain)
        ) {
            let Some((next, c)) = chars.next() else {
                return at;
            };
            if !is_kept_with(c, &mut kept) {
                return at;
            }
            self.push(last.to_ascii_lowercase(), Some(true));
            (last, at) = (c, next);
        }
        let from = at;
        let long = self.phase == Phase::Long;
        let transitional = self.options.transitional_processing;
        let mut upper = false;
        let mut passed = 0;
        let mut last_props =
            (!last.is_ascii()).then(|| self.props.get(last, &mut self.cache, transitional));
        for (next, c) in chars {
            let props = if c.is_ascii() {
                if c == '.' {
                    break;
                }
                None
            } else {
                let cached = self.props.get(c, &mut self.cache, transitional);
                if !cached.kept {
                    break;
                }
                Some(cached)
            };
            passed += 1;
            match last_props {
                Some(p) => {
                    self.checker.push_kept_steady(last, &p.facts);
                    if long {
                        self.deltas.push_non_ascii(last);
                    }
                }
                None => {
                    upper |= last.is_ascii_uppercase();
                    let l = last.to_ascii_lowercase();
                    self.checker.push_ascii_steady(l);
                    if long {
                        self.deltas.push(l);
                    }
                }
            }
            (last, last_props, at) = (c, props, next);
        }
        self.chars += passed;
        let span = text.get(from..at).unwrap_or("");
        self.label_bytes += span.len();
        let named = self.may_be_named();
        let kept = match self.form {
            Form::Unicode => &mut self.out,
            // A long label keeps the text it had (`keep_long`).
            Form::Ascii if named && long => return at,
            Form::Ascii if named => &mut self.text,
            Form::Ascii => {
                if !self.text.is_empty() {
                    self.text = String::new();
                }
                return at;
            }
        };
        if upper {
            kept.extend(span.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            kept.push_str(span);
        }
        at
    }

    /// An A-label's ASCII is only kept until the label ends: a run of it at once.
    fn push_ascii(&mut self, mut bytes: &[u8]) {
        while let Some((&b, rest)) = bytes.split_first() {
            if self.phase != Phase::Ace || b == b'.' {
                self.push(char::from(b.to_ascii_lowercase()), Some(true));
                bytes = rest;
                continue;
            }
            let n = bytes.iter().position(|&b| b == b'.').unwrap_or(bytes.len());
            let (chunk, rest) = bytes.split_at_checked(n).unwrap_or((bytes, &[]));
            self.chars += n;
            self.label_bytes += n;
            let kept = match self.form {
                Form::Ascii => &mut self.text,
                Form::Unicode => &mut self.out,
            };
            match core::str::from_utf8(chunk) {
                Ok(text) if !chunk.iter().any(u8::is_ascii_uppercase) => kept.push_str(text),
                _ => kept.extend(chunk.iter().map(|b| char::from(b.to_ascii_lowercase()))),
            }
            bytes = rest;
        }
    }

    #[inline]
    fn push(&mut self, c: char, valid: Option<bool>) {
        if c == '.' {
            self.end_label(false);
            return;
        }
        self.chars += 1;
        self.label_bytes += c.len_utf8();
        match self.phase {
            Phase::Head => {
                self.keep(c);
                let valid = self.validity(c, valid);
                self.checker.push(c, valid);
                if self.chars == 4 {
                    self.phase = if self.label() == "xn--" {
                        Phase::Ace
                    } else {
                        Phase::Plain
                    };
                }
            }
            Phase::Plain => {
                let valid = self.validity(c, valid);
                self.checker.push(c, valid);
                if self.long() {
                    self.phase = Phase::Long;
                    self.text.chars().for_each(|k| self.deltas.push(k));
                    self.deltas.push(c);
                    self.keep_long();
                } else {
                    self.keep(c);
                }
            }
            Phase::Long => {
                let valid = self.validity(c, valid);
                self.checker.push(c, valid);
                self.deltas.push(c);
                self.keep_long();
            }
            Phase::Ace if c.is_ascii() => self.keep(c),
            Phase::Ace | Phase::AceNonAscii => {
                if self.phase == Phase::Ace {
                    // Step 4.1.1: an A-label is ASCII.
                    self.phase = Phase::AceNonAscii;
                    self.statuses.add(Status::P4);
                }
                self.rtl |= !c.is_ascii() && crate::bidi::is_rtl_class(crate::bidi::bidi_class(c));
                if self.long() {
                    if self.deltas.total == 0 {
                        self.text.chars().for_each(|k| self.deltas.push(k));
                    }
                    self.deltas.push(c);
                    self.keep_long();
                } else {
                    self.keep(c);
                }
            }
        }
    }

    fn snapshot(&self) -> Option<Snapshot> {
        let steady = match self.form {
            Form::Ascii => self.phase == Phase::Long,
            Form::Unicode => self.phase == Phase::Plain,
        };
        steady.then_some(Snapshot {
            checker: self.checker,
            deltas: self.deltas,
            chars: self.chars,
            out: self.out.len(),
            bytes: self.label_bytes,
            statuses: self.statuses,
        })
    }

    fn repeat(&mut self, before: &Snapshot, times: usize) -> bool {
        let Some(now) = self.snapshot() else {
            return false;
        };
        if !now.checker.same_shape(&before.checker)
            || !now.deltas.same_shape(&before.deltas)
            || now.statuses != before.statuses
        {
            return false;
        }
        let times64 = times as u64;
        self.chars += times * (now.chars - before.chars);
        let d = &mut self.deltas;
        d.basic += times64 * (now.deltas.basic - before.deltas.basic);
        d.total += times64 * (now.deltas.total - before.deltas.total);
        for (count, (&a, &b)) in d
            .counts
            .iter_mut()
            .zip(now.deltas.counts.iter().zip(&before.deltas.counts))
        {
            *count += times64 * (a - b);
        }
        self.label_bytes += times * (now.bytes - before.bytes);
        // ToASCII repeats only in a long label, whose text is kept no further (`keep_long`);
        // ToUnicode's output takes exactly the copies, and room for the code points the run
        // leaves in the normalizer (its last starter).
        if self.form == Form::Unicode {
            let period = before.out..now.out;
            self.out.reserve_exact((times + 1) * period.len() + 16);
            for _ in 0..times {
                self.out.extend_from_within(period.clone());
            }
        }
        true
    }
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
        elsewhere: false,
    };
    let result = punycode::decode_deltas(deltas, basic.len(), &mut streamed);
    let (elsewhere, nfc) = (streamed.elsewhere, streamed.nfc);
    match result {
        Ok(_) => match nfc.verdict() {
            IsNormalized::No => return Some(false),
            IsNormalized::Yes => return Some(true),
            // The full check needs the whole label.
            IsNormalized::Maybe => {}
        },
        Err(_) if elsewhere => {}
        Err(_) => {
            if let Some(out) = sink.as_deref_mut() {
                out.truncate(mark);
            }
            return None;
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

/// The insertions of a payload decoded as a stream ([`decode_payload`]): at the end only
/// (`elsewhere` otherwise), into the checker, the NFC quick check and the output.
struct Streamed<'a> {
    checker: &'a mut Checker,
    nfc: QuickCheck,
    sink: Option<&'a mut String>,
    elsewhere: bool,
}

impl punycode::Insert for &mut Streamed<'_> {
    /// A run at once: `xn--` + 1 MiB of `a`, streamed ToASCII (callgrind), 96.4 M instructions
    /// before, 48.1 M after; ToUnicode 133.0 M, 71.1 M.
    const RUNS: bool = true;

    fn insert(&mut self, position: usize, c: char, length: usize) -> Result<(), PunycodeError> {
        if position != length {
            self.elsewhere = true;
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
    //! The streamed path against the short path, which the conformance suite checks against
    //! IdnaTestV2.txt: the same strings and the same status sets.

    use super::*;
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;

    /// The 128 combinations of the seven flags.
    fn all_options() -> Vec<Options> {
        (0..128u32)
            .map(|bits| {
                Options::new()
                    .check_hyphens(bits & 1 != 0)
                    .check_bidi(bits & 2 != 0)
                    .check_joiners(bits & 4 != 0)
                    .use_std3_ascii_rules(bits & 8 != 0)
                    .transitional_processing(bits & 16 != 0)
                    .verify_dns_length(bits & 32 != 0)
                    .ignore_invalid_punycode(bits & 64 != 0)
            })
            .collect()
    }

    fn short_to_ascii(input: &str, options: Options) -> Result<String, Error> {
        assert!(input.len() <= THRESHOLD);
        super::super::to_ascii(input, options)
    }

    fn short_to_unicode(input: &str, options: Options) -> (String, Result<(), Error>) {
        assert!(input.len() <= THRESHOLD);
        super::super::to_unicode(input, options)
    }

    /// Both paths on `input` under `options`; the differences as text.
    fn compare(input: &str, options: Options) -> Option<String> {
        let (a, b) = (short_to_ascii(input, options), to_ascii(input, options));
        if a != b {
            return Some(format!("to_ascii {input:?} {options:?}: {a:?} != {b:?}"));
        }
        let (a, b) = (short_to_unicode(input, options), to_unicode(input, options));
        if a != b {
            return Some(format!("to_unicode {input:?} {options:?}: {a:?} != {b:?}"));
        }
        let a = mapping::map_and_normalize(input, false).text;
        let b = map_capped(input, usize::MAX);
        if a != b {
            return Some(format!("map {input:?}: {a:?} != {b:?}"));
        }
        None
    }

    /// Every source of IdnaTestV2.txt (and its toUnicode and toAsciiN columns) under every
    /// combination of the flags.
    #[test]
    fn streamed_equals_short_on_idna_test_v2() {
        let text = crate::test_data::read("unicode/18.0.0/idna/IdnaTestV2.txt");
        let options = all_options();
        let mut failures = Vec::new();
        let mut cases = 0;
        for line in text.lines() {
            let data = line.split('#').next().unwrap_or("");
            let fields: Vec<&str> = data.split(';').map(str::trim).collect();
            if fields.len() < 7 {
                continue;
            }
            for field in [fields[0], fields[1], fields[3]] {
                if field.is_empty() {
                    continue;
                }
                let Some(input) = crate::test_data::unescape(field) else {
                    continue;
                };
                for &o in &options {
                    cases += 1;
                    if let Some(f) = compare(&input, o) {
                        failures.push(f);
                    }
                }
            }
        }
        assert!(cases > 1_000_000, "{cases}");
        assert!(
            failures.is_empty(),
            "{} of {cases} differ, e.g.\n{}",
            failures.len(),
            failures
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    /// Inputs built from pieces that exercise every criterion, the label kept and not kept,
    /// the runs added at once, cut points and the decoder's two ways.
    #[test]
    fn streamed_equals_short_on_generated_names() {
        let pieces = [
            "a",
            "A",
            "-",
            "1",
            ".",
            "\u{3002}",
            "xn--",
            "XN--",
            "\u{DF}",
            "\u{FC}",
            "u\u{308}",
            "\u{301}",
            "\u{5D0}",
            "\u{627}",
            "\u{661}",
            "\u{6F1}",
            "\u{200C}",
            "\u{200D}",
            "\u{94D}",
            "\u{915}",
            "\u{628}",
            "\u{64E}",
            "\u{AD}",
            "\u{FDFA}",
            "\u{1E9E}",
            "\u{E000}",
            "_",
            " ",
            "\u{2488}",
            "\u{FF0E}",
            "\u{10FFFD}",
            "\u{20000}",
            "\u{1100}",
            "\u{1161}",
            "\u{11A8}",
            "bcher-kva",
            "xn--bcher-kva",
            "xn--a",
            "xn--ls8h",
            "9",
        ];
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        let options = all_options();
        let mut failures = Vec::new();
        for _ in 0..4000 {
            let mut input = String::new();
            let count = 1 + next(12);
            for _ in 0..count {
                let piece = pieces[next(pieces.len())];
                let times = if next(4) == 0 { 1 + next(300) } else { 1 };
                for _ in 0..times {
                    input.push_str(piece);
                }
            }
            if input.len() > THRESHOLD {
                continue;
            }
            let o = options[next(options.len())];
            if let Some(f) = compare(&input, o) {
                failures.push(f);
            }
        }
        assert!(
            failures.is_empty(),
            "{} differ, e.g.\n{}",
            failures.len(),
            failures
                .iter()
                .take(10)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    /// A label that fails the Bidi rule (condition 1: it starts with a digit), then a label too
    /// long to encode that makes the name a Bidi domain name and has a status of its own: the
    /// error names the first, as the short path's does, though the second's text is not kept
    /// (`Stream::may_be_named`); and the same with the order or the Bidi domain changed.
    #[test]
    fn error_names_the_earlier_bidi_failure() {
        let mut failures = Vec::new();
        for head in ["1xn--bcher-kva.", "1a.", "a.1b.", "\u{5D0}a.", "a."] {
            for body in [
                "\u{FDFA}".repeat(300),
                "\u{627} ".repeat(150),
                format!("{}_", "\u{5D0}".repeat(300)),
                format!("{}_", "b".repeat(300)),
            ] {
                for tail in ["", "a", ".b", ".1c"] {
                    let input = format!("{head}{body}{tail}");
                    for o in all_options() {
                        failures.extend(compare(&input, o));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
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

    /// Criterion 8 (CheckJoiners) where the streamed path checks a label a code point at a time
    /// (behind 1,024 U+00AD, `ignored` in IdnaMappingTable.txt): RFC 5892 Appendix A.2 asks for
    /// a virama (U+094D DEVANAGARI SIGN VIRAMA, Canonical_Combining_Class 9) just before each
    /// U+200D ZERO WIDTH JOINER, so the second of two fails (C2); Appendix A.1 lets U+200C ZERO
    /// WIDTH NON-JOINER stand between two Dual_Joining letters (U+0628 ARABIC LETTER BEH and
    /// U+062A ARABIC LETTER TEH, DerivedJoiningType.txt: D), here after ASCII letters
    /// (Joining_Type U), and not before one (C1).
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
