//! Normalization Form C (UAX #15), the one home of every NFC question the rules ask: RFC 5891
//! section 5.3 and UTS #46 section 4.1 criterion 1 (a label is in NFC), UTS #46 section 4 step
//! 2 (normalize the name), and the NFD of UTS #39's skeletons.
//!
//! The answers come in three costs: [`cannot_change`] from one property lookup, the quick check
//! of UAX #15 section 9 ([`quick_check`], or [`QuickCheck`] fed by UTS #46 processing),
//! and the normalization itself, on the stack for a label ([`normalize_into`]) and a segment at
//! a time for a text of any length ([`for_each_nfc`]).
//!
//! The data is the crate's own, from Unicode 18.0.0 by `tools/gen-tables`: the combining
//! class, the quick check value and whether a code point decomposes are fields of the property
//! trie ([`ucd::props`]), and the mappings and primary composites are sorted tables
//! ([`crate::tables::nfc`]), searched only for a code point whose field says it decomposes or
//! may compose.

use alloc::string::String;

use alloc::vec::Vec;

use crate::limits::MAX_LABEL_OCTETS;
use crate::tables::nfc::{
    COMPOSITES, DEPTH, L_BASE, L_COUNT, N_COUNT, PAIR_FIRSTS, PAIR_KEYS, PAIR_PLANE, PAIR_SECONDS,
    PAIRS_BMP, S_BASE, S_COUNT, SECOND_STARTS, SECONDS, SINGLETON_HIGH, SINGLETON_PLANE,
    SINGLETON_RUN_FIRST, SINGLETON_RUNS, SINGLETONS, T_BASE, T_COUNT, V_BASE, V_COUNT,
};
use crate::ucd;
pub(crate) use crate::ucd::QuickCheckValue;

/// The answer of the quick check of UAX #15 section 9 on a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IsNormalized {
    /// The text is in NFC.
    Yes,
    /// The text is not in NFC.
    No,
    /// Only normalizing the text can tell.
    Maybe,
}

/// Canonical_Combining_Class of `c` (UnicodeData.txt field 3).
#[inline]
pub(crate) fn canonical_combining_class(c: char) -> u8 {
    if c.is_ascii() { 0 } else { ucd::props(c).ccc() }
}

/// The high bits of the code point and of the first code point of `PAIR_KEYS` entry `i`
/// (they share a plane).
#[inline]
fn pair_plane(i: usize) -> u32 {
    if i < PAIRS_BMP { 0 } else { PAIR_PLANE << 16 }
}

/// The code point of `PAIR_KEYS` entry `i`.
#[inline]
fn pair_key(i: usize) -> u32 {
    pair_plane(i) + PAIR_KEYS.get(i).map_or(0, |&k| u32::from(k))
}

/// The first code point of `PAIR_FIRSTS` entry `i`.
#[inline]
fn pair_first(i: usize) -> u32 {
    pair_plane(i) + PAIR_FIRSTS.get(i).map_or(0, |&k| u32::from(k))
}

/// The canonical decomposition mapping of `c` to two code points, where it has one.
#[inline]
fn pair(cp: u32) -> Option<(char, char)> {
    let (from, keys) = match cp >> 16 {
        0 => (0, PAIR_KEYS.get(..PAIRS_BMP)?),
        PAIR_PLANE => (PAIRS_BMP, PAIR_KEYS.get(PAIRS_BMP..)?),
        _ => return None,
    };
    let i = from + keys.binary_search(&(cp as u16)).ok()?;
    let second = SECONDS.get(usize::from(*PAIR_SECONDS.get(i)?))?;
    Some((char::from_u32(pair_first(i))?, char::from_u32(*second)?))
}

/// The canonical decomposition mapping of `c` to one code point (a singleton), where it has
/// one: from the run of consecutive such code points that holds `c`.
pub(crate) fn singleton(c: char) -> Option<char> {
    let cp = u32::from(c);
    let run = SINGLETON_RUNS
        .partition_point(|&start| start <= cp)
        .checked_sub(1)?;
    let i = usize::from(*SINGLETON_RUN_FIRST.get(run)?) + (cp - *SINGLETON_RUNS.get(run)?) as usize;
    if i >= usize::from(*SINGLETON_RUN_FIRST.get(run + 1)?) {
        return None;
    }
    let high = SINGLETON_HIGH.get(i / 8)? >> (i % 8) & 1 != 0;
    let plane = if high { SINGLETON_PLANE << 16 } else { 0 };
    char::from_u32(plane + u32::from(*SINGLETONS.get(i)?))
}

/// The canonical decomposition mapping of `c` (one step), where it has one in the table: its
/// first code point, and its second if it has two.
#[inline]
fn decomposition(c: char) -> Option<(char, Option<char>)> {
    match pair(u32::from(c)) {
        Some((first, second)) => Some((first, Some(second))),
        None => singleton(c).map(|first| (first, None)),
    }
}

/// The full canonical decomposition of `c` (UAX #15 section 3.11: the mappings applied until
/// none applies), given to `emit` a code point at a time. The generator checks that only a
/// first code point decomposes again, fewer than [`DEPTH`] times, so the second ones wait on
/// a stack of that size.
#[inline]
pub(crate) fn decompose_canonical(c: char, mut emit: impl FnMut(char)) {
    if c.is_ascii() || !ucd::props(c).decomposes() {
        emit(c);
        return;
    }
    let s = u32::from(c).wrapping_sub(S_BASE);
    if s < S_COUNT {
        let (l, v, t) = (
            L_BASE + s / N_COUNT,
            V_BASE + (s % N_COUNT) / T_COUNT,
            s % T_COUNT,
        );
        for d in [Some(l), Some(v), (t > 0).then_some(T_BASE + t)]
            .into_iter()
            .flatten()
        {
            emit(char::from_u32(d).unwrap_or(c));
        }
        return;
    }
    let mut seconds = ['\0'; DEPTH];
    let mut n = 0;
    let mut first = c;
    // `c` decomposes; a first code point it decomposes to only when its property says so
    // (most are ASCII, which never does).
    let mut more = true;
    while more && let Some((next, second)) = decomposition(first) {
        if let (Some(second), Some(slot)) = (second, seconds.get_mut(n)) {
            *slot = second;
            n += 1;
        }
        first = next;
        more = !next.is_ascii() && ucd::props(next).decomposes();
    }
    emit(first);
    for &second in seconds.get(..n).unwrap_or_default().iter().rev() {
        emit(second);
    }
}

/// The primary composite of `a` and `b` (UAX #15 section 3.11, D114), if there is one.
#[inline]
pub(crate) fn compose(a: char, b: char) -> Option<char> {
    let (a, b) = (u32::from(a), u32::from(b));
    // L + V, and LV + T.
    if let (Some(l), Some(v)) = (a.checked_sub(L_BASE), b.checked_sub(V_BASE))
        && l < L_COUNT
        && v < V_COUNT
    {
        return char::from_u32(S_BASE + (l * V_COUNT + v) * T_COUNT);
    }
    if let (Some(s), Some(t)) = (a.checked_sub(S_BASE), b.checked_sub(T_BASE))
        && s < S_COUNT
        && s % T_COUNT == 0
        && t > 0
        && t < T_COUNT
    {
        return char::from_u32(a + t);
    }
    // Only a code point with NFC_Quick_Check=Maybe can be the second of a primary composite
    // (the generator checks it), so most marks are answered without a search.
    if b < 0x80 || ucd::props(char::from_u32(b)?).nfc_quick_check() != QuickCheckValue::Maybe {
        return None;
    }
    let second = SECONDS.binary_search(&b).ok()?;
    let start = usize::from(*SECOND_STARTS.get(second)?);
    let end = usize::from(*SECOND_STARTS.get(second + 1)?);
    let first = |&i: &u16| pair_first(usize::from(i));
    let candidates = COMPOSITES.get(start..end)?;
    let &i = candidates.get(candidates.partition_point(|i| first(i) < a))?;
    if first(&i) != a {
        return None;
    }
    char::from_u32(pair_key(usize::from(i)))
}

/// The quick check of UAX #15 section 9 on a text.
pub(crate) fn is_nfc_quick(chars: impl Iterator<Item = char>) -> IsNormalized {
    let mut check = QuickCheck::default();
    for c in chars {
        if c.is_ascii() {
            check.starter();
        } else {
            let p = ucd::props(c);
            check.push(p.ccc(), p.nfc_quick_check());
        }
        if check.no {
            return IsNormalized::No;
        }
    }
    check.verdict()
}

/// Whether NFC leaves `c` as it is wherever it stands: `NFC_Quick_Check=Yes` (nothing before it
/// composes with it, and it does not decompose) and `Canonical_Combining_Class=0` (canonical
/// ordering never moves it). A string of such code points is in NFC (UAX #15 section 9).
#[inline]
pub(crate) fn cannot_change(c: char) -> bool {
    if c.is_ascii() {
        return true;
    }
    let p = ucd::props(c);
    p.is_nfc_quick_check_yes() && !p.is_reordered()
}

/// The quick check of UAX #15 section 9 on `chars`. The code points that [`cannot_change`] (one
/// property lookup) are given to it as "a", which has the same two properties, so that it looks
/// up only the others (the marks, mostly).
pub(crate) fn quick_check(chars: impl Iterator<Item = char> + Clone) -> IsNormalized {
    if chars.clone().all(cannot_change) {
        return IsNormalized::Yes;
    }
    is_nfc_quick(chars.map(|c| if cannot_change(c) { 'a' } else { c }))
}

/// Whether a label is in NFC (RFC 5891 section 5.3), without allocation for a label of DNS
/// size, a segment at a time. A code point that [`cannot_change`] is a boundary before which
/// normalization never looks back: nothing before it composes with it or moves past it, and it
/// ends any composition begun before it (UAX #15 section 9, the quick check's own premise). So
/// the label is in NFC when each segment, from such a code point up to the next one, is; most
/// segments are one code point, or a base and one mark, answered without the quick check:
///
/// - a mark of `NFC_Quick_Check=Yes` after a base that cannot change: the quick check says
///   "yes" of the two (one non-zero combining class, nothing to reorder);
/// - a mark of `NFC_Quick_Check=Maybe` that is a starter and does not decompose (U+09BE in
///   ভারত, U+0B3E in ଭାରତ; some do decompose: U+16D68 KIRAT RAI VOWEL SIGN AI to U+16D67
///   twice, whose first composes with the base before it): the segment changes exactly when
///   the two compose, as the base alone is its own NFC, so its decomposition composes back to
///   it before the mark is reached, unblocked.
///
/// Other segments take the quick check, and where it answers "maybe", the normalization.
/// Measured (callgrind, `tools/corpus/count.sh 5 realistic`, `is_idn_hostname`, instructions a
/// pass), against the quick check of the whole label and its normalization on "maybe": the
/// U-label forms of `realistic.txt` 410,588 to 386,665, the A-label forms (`is_hostname`)
/// 608,254 to 582,486 (3,044 and 4,889 of them from `domain` dropping its table of measured
/// lengths, counted in the same step).
pub(crate) fn is_nfc(label: &[char]) -> bool {
    let mut rest = label;
    while let Some((&first, tail)) = rest.split_first() {
        let len = tail
            .iter()
            .position(|&c| cannot_change(c))
            .unwrap_or(tail.len());
        let (marks, after) = tail.split_at_checked(len).unwrap_or((tail, &[]));
        let segment = rest.get(..=len).unwrap_or(rest);
        let own = match marks {
            _ if !cannot_change(first) => is_nfc_segment(segment),
            [] => true,
            [mark] if ucd::props(*mark).is_nfc_quick_check_yes() => true,
            [mark] if canonical_combining_class(*mark) == 0 && decomposes_to_itself(*mark) => {
                compose(first, *mark).is_none()
            }
            _ => is_nfc_segment(segment),
        };
        if !own {
            return false;
        }
        rest = after;
    }
    true
}

/// Whether a segment of [`is_nfc`] is in NFC: the quick check, and the normalization where it
/// answers "maybe".
fn is_nfc_segment(segment: &[char]) -> bool {
    match is_nfc_quick(segment.iter().copied()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => is_own_nfc(segment),
    }
}

/// Whether `c` has no canonical decomposition.
fn decomposes_to_itself(c: char) -> bool {
    let mut own = true;
    decompose_canonical(c, |d| own &= d == c);
    own
}

/// Whether `s` is in NFC: [`is_nfc`] for a whole name of any length, which may allocate.
///
/// The segments of [`is_nfc`] are gathered on the stack, one at a time; only a segment longer
/// than a label can be (a run of marks) streams the whole string.
pub(crate) fn is_nfc_str(s: &str) -> bool {
    let mut segment = ['\0'; MAX_LABEL_OCTETS];
    let mut n = 0;
    for c in s.chars() {
        if cannot_change(c) {
            if !is_nfc(segment.get(..n).unwrap_or(&[])) {
                return false;
            }
            n = 0;
        }
        let Some(slot) = segment.get_mut(n) else {
            return is_nfc_chars(s.chars());
        };
        *slot = c;
        n += 1;
    }
    is_nfc(segment.get(..n).unwrap_or(&[]))
}

/// Whether a sequence of code points of any length is in NFC; where the quick check answers
/// "maybe", the normalization is streamed beside the input (it allocates only for a run of
/// combining marks longer than the normalizer's inline buffer).
pub(crate) fn is_nfc_chars(chars: impl Iterator<Item = char> + Clone) -> bool {
    match quick_check(chars.clone()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => nfc_eq(chars),
    }
}

/// Whether normalizing `chars` gives them back, streamed beside them.
fn nfc_eq(chars: impl Iterator<Item = char> + Clone) -> bool {
    let mut original = chars.clone();
    let mut same = true;
    for_each_nfc(chars, |c| same &= original.next() == Some(c));
    same && original.next().is_none()
}

/// Whether normalizing `label` gives it back: on the stack when it fits (every label of DNS
/// size), streamed otherwise.
pub(crate) fn is_own_nfc(label: &[char]) -> bool {
    let mut buf = [char::MAX; NFC_BUFFER];
    match normalize_into(label, &mut buf) {
        Some(nfc) => nfc == label,
        None => nfc_eq(label.iter().copied()),
    }
}

/// NFC of `s`, as a new string (UTS #46 section 4 step 2).
pub(crate) fn to_nfc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for_each_nfc(s.chars(), |c| out.push(c));
    out
}

/// NFC of `chars`, of any length, given to `emit` a code point at a time (UAX #15 section
/// 3.11). The text is cut before each code point that [`cannot_change`]: normalization never
/// looks back past one (see [`is_nfc`]), so each segment is normalized alone, in a buffer on
/// the stack when it fits ([`NFC_BUFFER`]: every segment of a label) and on the heap otherwise
/// (a run of combining marks), never more than four code points a code point of input.
pub(crate) fn for_each_nfc(chars: impl Iterator<Item = char>, mut emit: impl FnMut(char)) {
    let mut stack = ['\0'; NFC_BUFFER];
    let mut n = 0;
    let mut heap: Vec<char> = Vec::new();
    let mut flush = |stack: &mut [char; NFC_BUFFER], n: &mut usize, heap: &mut Vec<char>| {
        let segment = if heap.is_empty() {
            stack.get_mut(..*n).unwrap_or_default()
        } else {
            heap.as_mut_slice()
        };
        let len = order_and_compose(segment);
        segment.iter().take(len).for_each(|&c| emit(c));
        *n = 0;
        heap.clear();
    };
    for c in chars {
        if cannot_change(c) {
            flush(&mut stack, &mut n, &mut heap);
        }
        decompose_canonical(c, |d| {
            if heap.is_empty()
                && let Some(slot) = stack.get_mut(n)
            {
                *slot = d;
                n += 1;
            } else {
                if heap.is_empty() {
                    heap.extend_from_slice(stack.get(..n).unwrap_or_default());
                    n = 0;
                }
                heap.push(d);
            }
        });
    }
    flush(&mut stack, &mut n, &mut heap);
}

/// NFD of `chars` (UAX #15 section 3.11: canonical decomposition, then canonical ordering),
/// given to `emit` a code point at a time; each run of non-starters is gathered and sorted
/// before it is given (UTS #39 section 4 asks for the NFD of a skeleton's input and output).
#[cfg(any(test, feature = "security"))]
pub(crate) fn for_each_nfd(chars: impl Iterator<Item = char>, mut emit: impl FnMut(char)) {
    let mut marks: Vec<char> = Vec::new();
    let flush = |marks: &mut Vec<char>, emit: &mut dyn FnMut(char)| {
        sort_by_class(marks);
        marks.drain(..).for_each(emit);
    };
    for c in chars {
        decompose_canonical(c, |d| {
            if canonical_combining_class(d) == 0 {
                flush(&mut marks, &mut emit);
                emit(d);
            } else {
                marks.push(d);
            }
        });
    }
    flush(&mut marks, &mut emit);
}

/// Room for the canonical decomposition of a label: no code point decomposes to more than four
/// (UnicodeData.txt), and a label that can pass has at most 63 code points.
pub(crate) const NFC_BUFFER: usize = 4 * MAX_LABEL_OCTETS;

/// NFC of `label` written into `buf` (UAX #15 section 3.11: canonical decomposition, canonical
/// ordering, canonical composition); `None` when it does not fit, which no label of at most 63
/// code points reaches.
pub(crate) fn normalize_into<'a>(
    label: &[char],
    buf: &'a mut [char; NFC_BUFFER],
) -> Option<&'a [char]> {
    let mut n = 0;
    let mut fits = true;
    for &c in label {
        decompose_canonical(c, |d| match buf.get_mut(n) {
            Some(slot) => {
                *slot = d;
                n += 1;
            }
            None => fits = false,
        });
    }
    if !fits {
        return None;
    }
    let decomposed = buf.get_mut(..n)?;
    let len = order_and_compose(decomposed);
    decomposed.get(..len).map(|s| s as &[char])
}

/// Canonical ordering and canonical composition (UAX #15 section 3.11) of a canonically
/// decomposed text, in place; returns the length of its NFC, at the front of `decomposed`.
fn order_and_compose(decomposed: &mut [char]) -> usize {
    // Canonical ordering: each run of non-starters sorted by combining class.
    let mut at = 0;
    while at < decomposed.len() {
        let run = decomposed
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&c| canonical_combining_class(c) != 0)
            .count();
        if let Some(marks) = decomposed.get_mut(at..at + run) {
            sort_by_class(marks);
        }
        at += run.max(1);
    }
    // Canonical composition, in place: `out` never passes `i`.
    let mut out = 0;
    let mut starter: Option<usize> = None;
    let mut last_class: Option<u8> = None;
    for i in 0..decomposed.len() {
        let Some(&c) = decomposed.get(i) else { break };
        let class = canonical_combining_class(c);
        let blocked = last_class.is_some_and(|last| last == 0 || last >= class);
        if let Some(s) = starter
            && !blocked
            && let Some(composed) = decomposed.get(s).and_then(|&base| compose(base, c))
        {
            if let Some(slot) = decomposed.get_mut(s) {
                *slot = composed;
            }
            continue;
        }
        if class == 0 {
            starter = Some(out);
            last_class = None;
        } else {
            last_class = Some(class);
        }
        if let Some(slot) = decomposed.get_mut(out) {
            *slot = c;
        }
        out += 1;
    }
    out
}

/// Canonical ordering of a run of non-starters: sorted by combining class, stably; by insertion
/// where a run is as short as a label's, so that a label needs no allocation, and by counting
/// beyond, so that a run of a megabyte of marks stays linear.
fn sort_by_class(marks: &mut [char]) {
    if marks.len() > NFC_BUFFER {
        counting_sort_by_class(marks);
    } else {
        insertion_sort_by_class(marks);
    }
}

/// A stable counting sort of a long run of non-starters by combining class, in one buffer
/// (linear, and less code in the `.wasm` than the standard library's stable sort).
fn counting_sort_by_class(marks: &mut [char]) {
    let mut next = [0usize; 256];
    for &c in marks.iter() {
        if let Some(count) = next.get_mut(usize::from(canonical_combining_class(c))) {
            *count += 1;
        }
    }
    let mut start = 0;
    for slot in &mut next {
        let count = *slot;
        *slot = start;
        start += count;
    }
    let mut sorted = alloc::vec!['\0'; marks.len()];
    for &c in marks.iter() {
        if let Some(at) = next.get_mut(usize::from(canonical_combining_class(c))) {
            if let Some(slot) = sorted.get_mut(*at) {
                *slot = c;
            }
            *at += 1;
        }
    }
    marks.copy_from_slice(&sorted);
}

/// A stable insertion sort of a short run of non-starters by combining class.
fn insertion_sort_by_class(marks: &mut [char]) {
    for i in 1..marks.len() {
        let mut j = i;
        while j > 0 {
            let (Some(&a), Some(&b)) = (marks.get(j - 1), marks.get(j)) else {
                break;
            };
            if canonical_combining_class(a) <= canonical_combining_class(b) {
                break;
            }
            marks.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The index of the first code point where the label and its NFC differ (error path only).
pub(crate) fn first_difference(label: &[char]) -> usize {
    let mut buf = ['\0'; NFC_BUFFER];
    let nfc = normalize_into(label, &mut buf).unwrap_or(&[]);
    label.iter().zip(nfc).position(|(a, b)| a != b).unwrap_or(0)
}

/// The quick check of UAX #15 section 9 fed one code point at a time, with the two properties
/// it reads, by a caller that has them at hand (UTS #46 processing, from the property lookup
/// it makes for every non-ASCII code point).
#[derive(Default)]
pub(crate) struct QuickCheck {
    last_ccc: u8,
    /// A starter (Canonical_Combining_Class 0) came before: only after one can a code point
    /// with NFC_Quick_Check=Maybe compose (UAX #15, the canonical composition algorithm).
    starter_seen: bool,
    maybe: bool,
    no: bool,
}

impl QuickCheck {
    /// A starter with NFC_Quick_Check=Yes (ASCII, a `deviation` code point).
    #[inline]
    pub(crate) fn starter(&mut self) {
        self.last_ccc = 0;
        self.starter_seen = true;
    }

    /// A code point with Canonical_Combining_Class `ccc` and NFC_Quick_Check `value`.
    #[inline]
    pub(crate) fn push(&mut self, ccc: u8, value: QuickCheckValue) {
        if ccc != 0 && self.last_ccc > ccc {
            self.no = true;
        }
        match value {
            QuickCheckValue::Yes => {}
            // With nothing to compose with (a leading combining mark), "maybe" is "yes".
            QuickCheckValue::Maybe => self.maybe = self.maybe || self.starter_seen,
            QuickCheckValue::No => self.no = true,
        }
        self.last_ccc = ccc;
        self.starter_seen = self.starter_seen || ccc == 0;
    }

    /// The answer of the quick check on the code points pushed so far.
    pub(crate) fn verdict(&self) -> IsNormalized {
        if self.no {
            IsNormalized::No
        } else if self.maybe {
            IsNormalized::Maybe
        } else {
            IsNormalized::Yes
        }
    }

    /// Whether `label`, the code points pushed, is in NFC: the normalization decides "maybe".
    pub(crate) fn is_nfc(&self, label: &[char]) -> bool {
        match self.verdict() {
            IsNormalized::Yes => true,
            IsNormalized::No => false,
            IsNormalized::Maybe => is_nfc(label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_ucd;

    /// The premise of `cannot_change`, read from the raw files rather than the packed table: a
    /// code point it accepts has `NFC_Quick_Check=Yes` and `Canonical_Combining_Class=0`
    /// (DerivedNormalizationProps.txt, DerivedCombiningClass.txt), and every such code point is
    /// accepted.
    #[test]
    fn cannot_change_matches_the_ucd() {
        let mut not_yes = vec![false; 0x11_0000];
        for (lo, hi, fields) in test_ucd::lines("ucd/DerivedNormalizationProps.txt") {
            if fields.first().map(String::as_str) == Some("NFC_QC") {
                not_yes[lo as usize..=hi as usize].fill(true);
            }
        }
        for (lo, hi, fields) in test_ucd::lines("ucd/extracted/DerivedCombiningClass.txt") {
            if fields.first().map(String::as_str) != Some("0") {
                not_yes[lo as usize..=hi as usize].fill(true);
            }
        }
        let mut stable = 0;
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            assert_eq!(cannot_change(c), !not_yes[c as usize], "U+{:04X}", c as u32);
            stable += usize::from(cannot_change(c));
        }
        assert!(stable > 100_000, "{stable}");
    }

    /// The first difference of a label from its NFC, where the label's canonical decomposition
    /// is longer than the label: 25 U+1E69 (three code points each, UnicodeData.txt) and `a`
    /// U+0301, whose NFC (Python's `unicodedata`) first differs at index 25, U+00E1 for `a`.
    #[test]
    fn first_difference_of_a_label_that_decomposes_long() {
        let label: Vec<char> = "\u{1E69}"
            .repeat(25)
            .chars()
            .chain(['a', '\u{301}'])
            .collect();
        assert_eq!(first_difference(&label), 25);
    }

    /// Hangul composition (Unicode section 3.12, which UAX #15 takes): an LV syllable from an
    /// L of index below LCount (19: U+1100..U+1112) and a V below VCount (21: U+1161..U+1175),
    /// an LVT from an LV and a T of index 1 to TCount - 1 (U+11A8..U+11C2). The jamo just
    /// past each range, a T after an LVT, and one after U+D7A4 (unassigned, just past the
    /// syllables), compose with nothing: Python's
    /// `unicodedata.normalize("NFC", ..)` gives each pair below as it does.
    #[test]
    fn hangul_composition_within_the_ranges_of_section_3_12() {
        let pairs = [
            ('\u{1112}', '\u{1175}', Some('\u{D788}')),
            ('\u{1113}', '\u{1161}', None),
            ('\u{1100}', '\u{1176}', None),
            ('\u{AC00}', '\u{11C2}', Some('\u{AC1B}')),
            ('\u{AC00}', '\u{11C3}', None),
            ('\u{AC00}', '\u{11A7}', None),
            ('\u{AC01}', '\u{11A8}', None),
            ('\u{D7A4}', '\u{11A8}', None),
        ];
        for (a, b, expected) in pairs {
            assert_eq!(
                compose(a, b),
                expected,
                "U+{:04X} U+{:04X}",
                a as u32,
                b as u32
            );
            let pair = [a, b];
            assert_eq!(is_nfc(&pair), expected.is_none());
        }
    }

    /// `is_nfc` against the crate's own full check (`unicode_normalization::is_nfc`) on labels
    /// made of the pieces its segments are cut from: bases that compose with a following mark,
    /// marks of NFC_Quick_Check=Maybe, other combining marks, Hangul jamo and syllables.
    #[test]
    fn segmented_nfc_agrees_with_unicode_normalization() {
        use proptest::prelude::*;
        let pieces = [
            'a',
            'e',
            '\u{E9}',
            '\u{1E63}',
            '\u{9C7}',
            '\u{9BE}',
            '\u{9D7}',
            '\u{9AD}',
            '\u{B47}',
            '\u{B3E}',
            '\u{B56}',
            '\u{B57}',
            '\u{BC6}',
            '\u{BBE}',
            '\u{BD7}',
            '\u{DD9}',
            '\u{DCF}',
            '\u{DDF}',
            '\u{D46}',
            '\u{D3E}',
            '\u{1025}',
            '\u{102E}',
            '\u{300}',
            '\u{301}',
            '\u{307}',
            '\u{323}',
            '\u{344}',
            '\u{9CD}',
            '\u{3099}',
            '\u{304B}',
            '\u{1100}',
            '\u{1161}',
            '\u{11A8}',
            '\u{AC00}',
            '\u{AC01}',
            '\u{16D63}',
            '\u{16D67}',
            '\u{16D68}',
            '\u{16D69}',
            '\u{113C2}',
            '\u{113C5}',
            '\u{113B8}',
            '\u{113C9}',
            '\u{11383}',
        ];
        proptest!(ProptestConfig::with_cases(20_000), |(picks in proptest::collection::vec(0..pieces.len(), 1..8))| {
            let label: Vec<char> = picks.iter().map(|&i| pieces[i]).collect();
            let s: String = label.iter().collect();
            prop_assert_eq!(is_nfc(&label), unicode_normalization::is_nfc(&s), "{:?}", label);
        });
    }

    /// `is_nfc_str` on a segment longer than its buffer (a run of marks, streamed) and on
    /// segments that fit, against the crate's own full check.
    #[test]
    fn is_nfc_str_takes_any_segment() {
        for marks in [1, 2, 62, 63, 64, 200] {
            for mark in ["\u{301}", "\u{323}\u{301}", "\u{301}\u{323}", "\u{9BE}"] {
                for base in ["a", "\u{9C7}", "x.\u{E9}"] {
                    let s = format!("{base}{}b", mark.repeat(marks));
                    assert_eq!(is_nfc_str(&s), unicode_normalization::is_nfc(&s), "{s:?}");
                }
            }
        }
    }

    /// `for_each_nfc` against `unicode-normalization`'s own string normalizer on texts whose
    /// segments outgrow the stack buffer (runs of hundreds of marks in every order of combining
    /// class, which the heap path sorts), and on random mixes of the pieces segments are cut
    /// from.
    #[test]
    fn streamed_nfc_agrees_with_unicode_normalization() {
        use proptest::prelude::*;
        use unicode_normalization::UnicodeNormalization;
        let marks = [
            "\u{301}", "\u{323}", "\u{31B}", "\u{345}", "\u{9BE}", "\u{3099}", "\u{1161}",
        ];
        for run in [NFC_BUFFER - 1, NFC_BUFFER, NFC_BUFFER + 1, 1000] {
            for (i, first) in marks.iter().enumerate() {
                let second = marks[(i + 3) % marks.len()];
                for base in ["a", "o", "\u{1100}", "\u{AC00}", ""] {
                    let s = format!(
                        "{base}{}x{first}",
                        format!("{first}{second}").repeat(run / 2)
                    );
                    let want: String = s.nfc().collect();
                    assert_eq!(to_nfc(&s), want, "{base:?} {first:?} {second:?} {run}");
                    assert_eq!(is_nfc_chars(s.chars()), s == want);
                }
            }
        }
        let pieces = [
            'a',
            'o',
            '\u{E9}',
            '\u{1E63}',
            '\u{1100}',
            '\u{1161}',
            '\u{11A8}',
            '\u{AC00}',
            '\u{301}',
            '\u{323}',
            '\u{31B}',
            '\u{344}',
            '\u{F900}',
            '\u{2126}',
            '\u{9C7}',
            '\u{9BE}',
            '\u{16D67}',
            '\u{16D68}',
            '\u{113C2}',
            '\u{113B8}',
            '\u{FB2C}',
            '\u{5BC}',
            '\u{5C1}',
        ];
        proptest!(ProptestConfig::with_cases(20_000), |(picks in proptest::collection::vec(0..pieces.len(), 0..300))| {
            let s: String = picks.iter().map(|&i| pieces[i]).collect();
            let want: String = s.nfc().collect();
            prop_assert_eq!(to_nfc(&s), want.clone());
            prop_assert_eq!(is_nfc_chars(s.chars()), s == want);
        });
    }

    /// The stack NFC, the checks and the NFD against every line of Unicode's
    /// NormalizationTest.txt: c2 == NFC(c1) == NFC(c2) == NFC(c3), c4 == NFC(c4) == NFC(c5),
    /// c3 == NFD(c1) == NFD(c2) == NFD(c3) and c5 == NFD(c4) == NFD(c5) (the conformance rules
    /// in its header).
    #[test]
    fn nfc_matches_normalization_test() {
        let text = crate::test_data::read("unicode/18.0.0/ucd/NormalizationTest.txt");
        let mut lines = 0;
        for (n, line) in text.lines().enumerate() {
            let content = line.split('#').next().unwrap().trim();
            if content.is_empty() || content.starts_with('@') {
                continue;
            }
            let c: Vec<Vec<char>> = content.split(';').take(5).map(test_ucd::chars).collect();
            let mut buf = ['\0'; NFC_BUFFER];
            for (from, to) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
                let got = normalize_into(&c[from], &mut buf).unwrap().to_vec();
                let at = format!("NormalizationTest.txt:{}: c{}", n + 1, from + 1);
                assert_eq!(got, c[to], "{at}: NFC");
                let nfc = c[from] == c[to];
                assert_eq!(is_nfc(&c[from]), nfc, "{at}");
                let s: String = c[from].iter().collect();
                assert_eq!(is_nfc_str(&s), nfc, "{at}");
                assert_eq!(to_nfc(&s), c[to].iter().collect::<String>(), "{at}");
            }
            // c3 == NFD(c1) == NFD(c2) == NFD(c3) and c5 == NFD(c4) == NFD(c5).
            for (from, to) in [(0, 2), (1, 2), (2, 2), (3, 4), (4, 4)] {
                let mut nfd = Vec::new();
                for_each_nfd(c[from].iter().copied(), |d| nfd.push(d));
                assert_eq!(
                    nfd,
                    c[to],
                    "NormalizationTest.txt:{}: NFD(c{})",
                    n + 1,
                    from + 1
                );
            }
            lines += 1;
        }
        assert!(lines > 19_000, "{lines} lines");
    }
}
