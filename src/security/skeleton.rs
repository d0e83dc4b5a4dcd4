//! The skeleton of UTS #39 section 4 and the confusability of two strings.

use alloc::string::String;

use crate::nfc::{canonical_combining_class, decompose_canonical, for_each_nfd};

use crate::tables::security::{
    CONFUSABLE_BIT, DEFAULT_IGNORABLE_BIT, NFD_STARTER_BIT, PROTOTYPE_BELOW, PROTOTYPE_BITS,
    PROTOTYPE_CHUNKS, PROTOTYPE_TARGETS, PROTOTYPES, TARGET_STARTERS_BIT,
};

use super::profile::packed;
use super::scripts::resolved_script_set;

/// The prototype of `c` in confusables.txt, or `None` when the file does not map it.
pub(crate) fn prototype(c: char, p: u32) -> Option<&'static str> {
    prototype_entry(c, p).map(|(s, _)| s)
}

/// The prototype of `c` and whether every character of it is an NFD starter.
///
/// The source's number comes from its rank in its chunk of 64 code points, read in the table
/// (a direct index, two reads and a population count, in place of a binary search among the
/// sources of a block of 256; callgrind, the bench's corpus, ten passes: lookalike lookup
/// 3.36 M -> 3.03 M instructions, display verdict 3.76 M -> 3.58 M).
#[inline]
fn prototype_entry(c: char, p: u32) -> Option<(&'static str, bool)> {
    if p & CONFUSABLE_BIT == 0 {
        return None;
    }
    let cp = u32::from(c);
    let row = usize::from(*PROTOTYPE_CHUNKS.get((cp >> 6) as usize)?);
    let bits = *PROTOTYPE_BITS.get(row)?;
    let below = usize::from(*PROTOTYPE_BELOW.get(row)?);
    let i = below + (bits & ((1u64 << (cp & 63)) - 1)).count_ones() as usize;
    let packed = *PROTOTYPE_TARGETS.get(i)?;
    let starters = packed & TARGET_STARTERS_BIT != 0;
    let packed = packed & !TARGET_STARTERS_BIT;
    let (offset, len) = ((packed >> 8) as usize, (packed & 0xFF) as usize);
    PROTOTYPES.get(offset..offset + len).map(|s| (s, starters))
}

/// The skeleton of `text` (UTS #39 section 4): its NFD form, without the
/// Default_Ignorable_Code_Points, each character replaced by its prototype in confusables.txt,
/// and the result in NFD again. Two strings are confusable when their skeletons are equal; a
/// skeleton is meant for comparison, not for display.
///
/// # Examples
///
/// ```
/// use idn_hostname::security::skeleton;
///
/// assert_eq!(skeleton("paypal"), skeleton("\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l"));
/// assert_eq!(skeleton("rn"), skeleton("m"));
/// ```
pub fn skeleton(text: &str) -> String {
    let mut mapped = String::with_capacity(text.len());
    for_each_nfd(text.chars(), |c| {
        let p = packed(c);
        if p & DEFAULT_IGNORABLE_BIT != 0 {
            return;
        }
        match prototype(c, p) {
            Some(s) => mapped.push_str(s),
            None => mapped.push(c),
        }
    });
    let mut out = String::with_capacity(mapped.len());
    for_each_nfd(mapped.chars(), |c| out.push(c));
    out
}

/// Whether `a` and `b` are confusable (UTS #39 section 4): their skeletons are equal.
///
/// # Examples
///
/// ```
/// use idn_hostname::security::are_confusable;
///
/// assert!(are_confusable("paypal", "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l"));
/// assert!(!are_confusable("paypal", "example"));
/// ```
pub fn are_confusable(a: &str, b: &str) -> bool {
    skeleton(a) == skeleton(b)
}

/// How two confusable strings relate by script (UTS #39 section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confusability {
    /// Confusable, and their resolved script sets share a script.
    SingleScript,
    /// Confusable, and their resolved script sets share none (a mixed-script confusable).
    MixedScript,
    /// Mixed-script confusables of which each is single-script (a whole-script confusable).
    WholeScript,
}

/// Whether `a` and `b` are confusable, and of which kind (UTS #39 section 4): `None` when they
/// are not confusable.
///
/// # Examples
///
/// ```
/// use idn_hostname::security::{confusability, Confusability};
///
/// // Cyrillic "раура" and Latin "paypa": each single-script, no script in common.
/// assert_eq!(confusability("paypa", "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}"), Some(Confusability::WholeScript));
/// // Cyrillic and Latin mixed ("раураl") against Latin.
/// assert_eq!(confusability("paypal", "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l"), Some(Confusability::MixedScript));
/// assert_eq!(confusability("rn", "m"), Some(Confusability::SingleScript));
/// assert_eq!(confusability("a", "b"), None);
/// ```
pub fn confusability(a: &str, b: &str) -> Option<Confusability> {
    if !are_confusable(a, b) {
        return None;
    }
    let (sa, sb) = (resolved_script_set(a), resolved_script_set(b));
    Some(if !sa.intersection(sb).is_empty() {
        Confusability::SingleScript
    } else if !sa.is_empty() && !sb.is_empty() {
        Confusability::WholeScript
    } else {
        Confusability::MixedScript
    })
}

/// The combining marks the streaming skeleton keeps in a row before reordering them: a run
/// longer than this is more than UTS #39 section 5.4 lets through (four). (Sixteen rather than
/// more: the two runs are set up for every lookup.)
pub(crate) const RUN_CAPACITY: usize = 16;

/// A run of non-starters waiting for canonical ordering (UAX #15), in a fixed buffer.
struct Run {
    marks: [(u8, char); RUN_CAPACITY],
    len: usize,
}

impl Run {
    const fn new() -> Run {
        Run {
            marks: [(0, '\0'); RUN_CAPACITY],
            len: 0,
        }
    }

    /// Adds a mark in canonical order (a stable insertion: equal classes keep their order).
    /// `false` when the run is full.
    fn push(&mut self, ccc: u8, c: char) -> bool {
        if self.len >= RUN_CAPACITY {
            return false;
        }
        let mut i = self.len;
        while i > 0 && self.marks.get(i - 1).is_some_and(|&(k, _)| k > ccc) {
            self.marks.swap(i - 1, i);
            i -= 1;
        }
        if let Some(slot) = self.marks.get_mut(i) {
            *slot = (ccc, c);
        }
        self.len += 1;
        true
    }

    /// The `i`th mark of the run, in canonical order.
    fn get(&self, i: usize) -> Option<char> {
        self.marks.get(i).filter(|_| i < self.len).map(|&(_, c)| c)
    }
}

/// The skeleton of a stream of characters, computed with fixed memory and no allocation, for
/// the lookalike set: the same steps as [`skeleton`] (tested equal on every input of the tests),
/// each character given to `emit`. `Err(())` when a run of combining marks exceeds
/// [`RUN_CAPACITY`].
pub(crate) struct Streaming<F: FnMut(char)> {
    first: Run,
    second: Run,
    emit: F,
    overflow: bool,
}

impl<F: FnMut(char)> Streaming<F> {
    pub(crate) fn new(emit: F) -> Self {
        Streaming {
            first: Run::new(),
            second: Run::new(),
            emit,
            overflow: false,
        }
    }

    /// Feeds one character of the input.
    pub(crate) fn push(&mut self, c: char) {
        let p = packed(c);
        if p & NFD_STARTER_BIT != 0 {
            // NFD keeps it, a starter, in place (one lookup instead of two).
            self.flush_first();
            self.map_packed(c, p);
        } else {
            decompose_canonical(c, |d| self.nfd(d));
        }
    }

    /// Ends the input; `false` when a run was too long (the output is then incomplete).
    pub(crate) fn finish(mut self) -> bool {
        self.flush_first();
        self.flush_second();
        !self.overflow
    }

    /// Step 1: a character of the NFD form of the input, before ordering.
    fn nfd(&mut self, d: char) {
        let ccc = canonical_combining_class(d);
        if ccc == 0 {
            self.flush_first();
            self.map(d);
        } else if !self.first.push(ccc, d) {
            self.overflow = true;
        }
    }

    fn flush_first(&mut self) {
        if self.first.len == 0 {
            return;
        }
        let mut i = 0;
        while let Some(c) = self.first.get(i) {
            self.map(c);
            i += 1;
        }
        self.first.len = 0;
    }

    /// Steps 2 and 3: drop a Default_Ignorable_Code_Point, replace by the prototype.
    fn map(&mut self, c: char) {
        self.map_packed(c, packed(c));
    }

    fn map_packed(&mut self, c: char, p: u32) {
        if p & DEFAULT_IGNORABLE_BIT != 0 {
            return;
        }
        match prototype_entry(c, p) {
            // A prototype of starters is emitted as it is, without a lookup per character
            // (callgrind, the bench's corpus, ten passes of the lookalike lookup: 3.03 M -> 2.84 M
            // instructions).
            Some((s, true)) => {
                self.flush_second();
                s.chars().for_each(|t| (self.emit)(t));
            }
            Some((s, false)) => {
                for t in s.chars() {
                    self.second(t, packed(t));
                }
            }
            None => self.second(c, p),
        }
    }

    /// Step 4 for one mapped character, decomposed unless NFD keeps it.
    fn second(&mut self, c: char, p: u32) {
        if p & NFD_STARTER_BIT != 0 {
            self.flush_second();
            (self.emit)(c);
        } else {
            decompose_canonical(c, |d| self.second_nfd(d));
        }
    }

    /// Step 4: NFD again.
    fn second_nfd(&mut self, d: char) {
        let ccc = canonical_combining_class(d);
        if ccc == 0 {
            self.flush_second();
            (self.emit)(d);
        } else if !self.second.push(ccc, d) {
            self.overflow = true;
        }
    }

    fn flush_second(&mut self) {
        if self.second.len == 0 {
            return;
        }
        let mut i = 0;
        while let Some(c) = self.second.get(i) {
            (self.emit)(c);
            i += 1;
        }
        self.second.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn streamed(text: &str) -> Option<String> {
        let mut out = String::new();
        let mut s = Streaming::new(|c| out.push(c));
        for c in text.chars() {
            s.push(c);
        }
        s.finish().then_some(out)
    }

    #[test]
    fn streaming_equals_skeleton() {
        let samples = [
            "paypal",
            "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l",
            "a\u{0323}\u{0307}\u{0301}",
            "\u{1E09}\u{0327}",
            "\u{FB01}\u{00C5}\u{212B}",
            "\u{0627}\u{064E}\u{0651}",
            "\u{AC00}\u{11A8}",
            "x\u{200D}y\u{00AD}",
        ];
        for s in samples {
            assert_eq!(streamed(s).as_deref(), Some(skeleton(s).as_str()), "{s:?}");
        }
        for cp in 0..=0x10_FFFFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let s: String = ['x', c, '\u{0301}', 'y'].iter().collect();
            assert_eq!(
                streamed(&s).as_deref(),
                Some(skeleton(&s).as_str()),
                "U+{cp:04X}"
            );
        }
        let long: String = core::iter::once('a')
            .chain(core::iter::repeat_n('\u{0301}', RUN_CAPACITY + 1))
            .collect();
        assert_eq!(streamed(&long), None);
        let _: Vec<u8> = Vec::new();
    }
}
