//! The optional detections of UTS #39 section 5.4, on the NFD form of a string (the section
//! reads the marks of canonically decomposed text).

use crate::nfc::decompose_canonical;

use crate::tables::security::{
    DEFAULT_IGNORABLE_BIT, NFD_STARTER_BIT, NONSPACING_BIT, SOFT_DOTTED_BIT,
};

use super::profile::packed;

/// One of the optional detections of UTS #39 section 5.4 (with mixed numbers, section 5.3,
/// which [`has_mixed_numbers`](super::has_mixed_numbers) answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Detection {
    /// The same nonspacing mark twice on one base character ("forbid sequences of the same
    /// nonspacing mark").
    RepeatedNonspacingMark,
    /// More than four nonspacing marks (General_Category Mn or Me) in a row ("forbid sequences
    /// of more than 4 nonspacing marks").
    TooManyNonspacingMarks,
    /// A mark that overlays part of its base so that the pair looks like the base alone: U+0307
    /// COMBINING DOT ABOVE on a Soft_Dotted letter such as `i` (the section's example).
    HiddenOverlay,
    /// An invisible character: a Default_Ignorable_Code_Point (in a valid `idn-hostname`, the
    /// joiners U+200C and U+200D in their contexts).
    InvisibleCharacter,
}

impl Detection {
    /// A stable kebab-case code (`repeated-nonspacing-mark`).
    pub fn code(self) -> &'static str {
        match self {
            Detection::RepeatedNonspacingMark => "repeated-nonspacing-mark",
            Detection::TooManyNonspacingMarks => "too-many-nonspacing-marks",
            Detection::HiddenOverlay => "hidden-overlay",
            Detection::InvisibleCharacter => "invisible-character",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of [`Detection`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Detections(u8);

impl Detections {
    const ALL: [Detection; 4] = [
        Detection::RepeatedNonspacingMark,
        Detection::TooManyNonspacingMarks,
        Detection::HiddenOverlay,
        Detection::InvisibleCharacter,
    ];

    /// Whether the set holds `d`.
    pub fn contains(self, d: Detection) -> bool {
        self.0 & d.bit() != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The detections of the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Detection> {
        Self::ALL.into_iter().filter(move |&d| self.contains(d))
    }

    fn insert(&mut self, d: Detection) {
        self.0 |= d.bit();
    }
}

/// The marks remembered per base to find a repeated one: a run longer than this is
/// already [`Detection::TooManyNonspacingMarks`].
const KEPT_MARKS: usize = 5;

/// Scans the NFD form of `text` once, with constant memory.
pub(crate) struct Scan {
    found: Detections,
    marks: [char; KEPT_MARKS],
    run: usize,
    soft_dotted_base: bool,
}

impl Scan {
    pub(crate) const fn new() -> Scan {
        Scan {
            found: Detections(0),
            marks: ['\0'; KEPT_MARKS],
            run: 0,
            soft_dotted_base: false,
        }
    }

    /// Feeds one character of the input (decomposed here).
    pub(crate) fn push_char(&mut self, c: char) {
        self.push_packed(c, packed(c));
    }

    /// [`Scan::push_char`] with the packed value of `c` looked up already.
    #[inline]
    pub(crate) fn push_packed(&mut self, c: char, p: u32) {
        // Most characters are visible NFD starters, not marks: they end a run of marks, and
        // that is all, decided inline on three bits (callgrind, tools/corpus/security-count.sh,
        // ten passes of the display verdict: with the one walk of `DisplayPolicy::verdict`,
        // 3.41 M -> 3.34 M instructions).
        if p & (NFD_STARTER_BIT | NONSPACING_BIT | DEFAULT_IGNORABLE_BIT) == NFD_STARTER_BIT {
            self.run = 0;
            self.soft_dotted_base = p & SOFT_DOTTED_BIT != 0;
            return;
        }
        self.push_other(c, p);
    }

    /// [`Scan::push_packed`] for the other characters.
    fn push_other(&mut self, c: char, p: u32) {
        if p & NFD_STARTER_BIT != 0 {
            self.push_value(c, p);
        } else {
            decompose_canonical(c, |d| self.push(d));
        }
    }

    pub(crate) fn found(&self) -> Detections {
        self.found
    }

    fn push(&mut self, c: char) {
        self.push_value(c, packed(c));
    }

    fn push_value(&mut self, c: char, p: u32) {
        if p & DEFAULT_IGNORABLE_BIT != 0 {
            self.found.insert(Detection::InvisibleCharacter);
        }
        if p & NONSPACING_BIT == 0 {
            self.run = 0;
            self.soft_dotted_base = p & SOFT_DOTTED_BIT != 0;
            return;
        }
        if self.marks.iter().take(self.run).any(|&m| m == c) {
            self.found.insert(Detection::RepeatedNonspacingMark);
        }
        if let Some(slot) = self.marks.get_mut(self.run) {
            *slot = c;
        }
        self.run += 1;
        if self.run > 4 {
            self.found.insert(Detection::TooManyNonspacingMarks);
        }
        if c == '\u{0307}' && self.soft_dotted_base {
            self.found.insert(Detection::HiddenOverlay);
        }
    }
}

/// The optional detections of UTS #39 section 5.4 that `text` triggers, read on its NFD form
/// (canonical order of marks does not change what is counted).
///
/// # Examples
///
/// ```
/// use idn_hostname::security::{detections, Detection};
///
/// assert!(detections("bücher").is_empty());
/// assert!(detections("i\u{0307}").contains(Detection::HiddenOverlay));
/// assert!(detections("a\u{0301}\u{0301}").contains(Detection::RepeatedNonspacingMark));
/// assert!(detections("a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}").contains(Detection::TooManyNonspacingMarks));
/// assert!(detections("a\u{200D}b").contains(Detection::InvisibleCharacter));
/// ```
pub fn detections(text: &str) -> Detections {
    let mut scan = Scan::new();
    text.chars().for_each(|c| scan.push_char(c));
    scan.found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No code point's packed value is NONSPACING_BIT and DEFAULT_IGNORABLE_BIT alone, every
    /// other field zero: a test of the fast path of `Scan::push_packed` written with `^` in
    /// place of `&` (listed equivalent in .cargo/mutants.toml) is true for none.
    #[test]
    fn no_packed_value_is_two_bits_alone() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            assert_ne!(
                packed(c),
                NONSPACING_BIT | DEFAULT_IGNORABLE_BIT,
                "U+{:04X}",
                c as u32
            );
        }
    }
}
