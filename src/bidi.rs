//! The Bidi rule of RFC 5893 section 2.
//!
//! RFC 5893 section 1.4 calls a domain name with at least one RTL label (a label holding a
//! character of Bidi_Class R, AL or AN) a "Bidi domain name", and section 2 requires every label
//! of such a name to satisfy the six conditions below. UTS #46 (CheckBidi) says the same.
//! RFC 5891 section 4.2.3.4 can be read as asking it of RTL labels only; [`crate::BidiScope`]
//! offers that reading.

use core::ops::ControlFlow;

use crate::ascii;
use crate::ucd::{self, BidiClass};

/// A condition of the Bidi rule, RFC 5893 section 2.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidiRule {
    /// 1. The first character must have Bidi property L, R or AL.
    Rule1,
    /// 2. In an RTL label, only characters of Bidi property R, AL, AN, EN, ES, CS, ET, ON, BN or
    ///    NSM are allowed.
    Rule2,
    /// 3. In an RTL label, the last character that is not NSM must be R, AL, EN or AN.
    Rule3,
    /// 4. In an RTL label, EN and AN must not both be present.
    Rule4,
    /// 5. In an LTR label, only characters of Bidi property L, EN, ES, CS, ET, ON, BN or NSM are
    ///    allowed.
    Rule5,
    /// 6. In an LTR label, the last character that is not NSM must be L or EN.
    Rule6,
}

impl BidiRule {
    /// The condition's number in RFC 5893 section 2 (1 to 6).
    pub const fn number(self) -> u8 {
        match self {
            BidiRule::Rule1 => 1,
            BidiRule::Rule2 => 2,
            BidiRule::Rule3 => 3,
            BidiRule::Rule4 => 4,
            BidiRule::Rule5 => 5,
            BidiRule::Rule6 => 6,
        }
    }

    /// What the condition asks for, in a few words.
    pub const fn requirement(self) -> &'static str {
        match self {
            BidiRule::Rule1 => {
                "a label of a Bidi domain name must start with a letter (L, R or AL)"
            }
            BidiRule::Rule2 => "a right-to-left label must not hold left-to-right characters",
            BidiRule::Rule3 => "a right-to-left label must end with R, AL, EN or AN",
            BidiRule::Rule4 => "a right-to-left label must not mix European and Arabic digits",
            BidiRule::Rule5 => "a left-to-right label must not hold right-to-left characters",
            BidiRule::Rule6 => "a left-to-right label must end with a letter or digit (L or EN)",
        }
    }
}

impl core::fmt::Display for BidiRule {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} (RFC 5893 section 2, rule {})",
            self.requirement(),
            self.number()
        )
    }
}

/// Bidi_Class, with ASCII answered without the table.
#[inline]
pub(crate) fn bidi_class(c: char) -> BidiClass {
    if c.is_ascii() {
        match c {
            'a'..='z' | 'A'..='Z' => BidiClass::L,
            '0'..='9' => BidiClass::EN,
            '-' | '+' => BidiClass::ES,
            _ => ucd::props(c).bidi_class(),
        }
    } else {
        ucd::props(c).bidi_class()
    }
}

/// What the validation of a U-label learns of its Bidi classes, for the Bidi rule of the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LabelBidi {
    /// An RTL label (RFC 5893 section 1.4).
    pub(crate) rtl: bool,
    /// The label is known to satisfy the six conditions of RFC 5893 section 2; when false,
    /// [`check_label`] decides.
    pub(crate) satisfies_rule: bool,
}

/// The Bidi classes of a label gathered one code point at a time, in the pass that reads the
/// code points' properties anyway, so that the conditions of RFC 5893 section 2 are decided
/// without a second table read a code point: they ask only for the first class, the set of
/// classes present, and the last class that is not NSM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    first: Option<BidiClass>,
    seen: u32,
    last_not_nsm: Option<BidiClass>,
}

/// The set of the given classes, as the bits of [`Summary::seen`].
pub(crate) const fn classes(mut list: &[BidiClass]) -> u32 {
    let mut set = 0;
    while let [class, rest @ ..] = list {
        set |= 1 << *class as u32;
        list = rest;
    }
    set
}

impl Summary {
    /// Nothing seen yet.
    pub(crate) const EMPTY: Summary = Summary {
        first: None,
        seen: 0,
        last_not_nsm: None,
    };

    /// Adds the class of the label's first code point.
    #[inline]
    pub(crate) fn push_first(&mut self, class: BidiClass) {
        self.first = Some(class);
        self.push(class);
    }

    /// Adds the next code point's class (the first one through [`Summary::push_first`]).
    #[inline]
    pub(crate) fn push(&mut self, class: BidiClass) {
        self.seen |= 1 << class as u32;
        if class != BidiClass::NSM {
            self.last_not_nsm = Some(class);
        }
    }

    /// The summary of a whole label, one property lookup a non-ASCII code point.
    pub(crate) fn of(label: impl IntoIterator<Item = char>) -> Summary {
        let mut summary = Summary::EMPTY;
        let mut chars = label.into_iter();
        if let Some(first) = chars.next() {
            summary.push_first(bidi_class(first));
            for c in chars {
                summary.push(bidi_class(c));
            }
        }
        summary
    }

    /// An RTL label: a class R, AL or AN is present (RFC 5893 section 1.4).
    pub(crate) fn rtl(&self) -> bool {
        self.seen & classes(&[BidiClass::R, BidiClass::AL, BidiClass::AN]) != 0
    }

    /// Whether the label satisfies the six conditions of RFC 5893 section 2: the same answer as
    /// [`check_label`] (a test compares them), without the position of a failure; an empty
    /// label does not.
    pub(crate) fn satisfies_rule(&self) -> bool {
        self.first.is_some() && self.failed_conditions() == 0
    }

    /// Every condition of RFC 5893 section 2 that the label fails, as bit `n` for condition `n`
    /// (UTS #46 reports them all: IdnaTestV2.txt gives `[B5, B6]` for `\u{E0}\u{5D0}`); none for
    /// an empty label. A label whose first character fails condition 1 is neither an RTL nor an
    /// LTR label, so conditions 2 to 6, stated "in an RTL label" and "in an LTR label", are not
    /// asked of it.
    pub(crate) fn failed_conditions(&self) -> u8 {
        use BidiClass::*;
        let rtl = match self.first {
            None => return 0,
            Some(R | AL) => true,
            Some(L) => false,
            Some(_) => return 1 << 1,
        };
        let (allowed, ends) = if rtl {
            (
                classes(&[R, AL, AN, EN, ES, CS, ET, ON, BN, NSM]),
                classes(&[R, AL, EN, AN]),
            )
        } else {
            (
                classes(&[L, EN, ES, CS, ET, ON, BN, NSM]),
                classes(&[L, EN]),
            )
        };
        let mut failed = 0u8;
        // Conditions 2 and 5: the classes allowed.
        if self.seen & !allowed != 0 {
            failed |= 1 << if rtl { 2 } else { 5 };
        }
        // Condition 4: EN and AN not both.
        if rtl && self.seen & classes(&[EN, AN]) == classes(&[EN, AN]) {
            failed |= 1 << 4;
        }
        // Conditions 3 and 6: the end, but trailing NSM (the first character is not NSM).
        let last = self.last_not_nsm.unwrap_or(L);
        if ends & (1 << last as u32) == 0 {
            failed |= 1 << if rtl { 3 } else { 6 };
        }
        failed
    }
}

/// Whether the label holds a character of Bidi_Class R, AL or AN: an RTL label, which makes the
/// name a Bidi domain name (RFC 5893 section 1.4).
pub(crate) fn has_rtl(label: &[char]) -> bool {
    label
        .iter()
        .any(|&c| !c.is_ascii() && is_rtl_class(bidi_class(c)))
}

/// Whether Bidi_Class `class` is R, AL or AN: a code point of it makes its label an RTL label
/// (RFC 5893 section 1.4).
#[inline]
pub(crate) fn is_rtl_class(class: BidiClass) -> bool {
    matches!(class, BidiClass::R | BidiClass::AL | BidiClass::AN)
}

/// Checks the six conditions of RFC 5893 section 2 on one label; on failure, the position of
/// the offending code point and the first condition it breaks.
pub(crate) fn check_label(label: &[char]) -> Result<(), (usize, BidiRule)> {
    match walk(label, |i, rule| ControlFlow::Break((i, rule))) {
        ControlFlow::Break(failure) => Err(failure),
        ControlFlow::Continue(()) => Ok(()),
    }
}

/// Whether an ASCII label satisfies the six conditions of RFC 5893 section 2 without a table
/// read: letters are Bidi_Class L, digits EN and the hyphen ES, so a label of them that starts
/// with a letter (condition 1) and ends with a letter or digit (condition 6) is an LTR label of
/// allowed classes only (condition 5).
pub(crate) fn is_ltr_ldh(label: &[u8]) -> bool {
    label.first().is_some_and(u8::is_ascii_alphabetic)
        && label.last().is_some_and(u8::is_ascii_alphanumeric)
        && label.iter().all(|&b| ascii::is_ldh(b))
}

/// The six conditions over one label, in label order, calling `fail` with the position and the
/// condition of each failure until it breaks. A label whose first character fails condition 1 is
/// neither an RTL nor an LTR label, so conditions 2 to 6, which are stated "in an RTL label" and
/// "in an LTR label", are not asked of it.
fn walk<B>(
    label: &[char],
    mut fail: impl FnMut(usize, BidiRule) -> ControlFlow<B>,
) -> ControlFlow<B> {
    use BidiClass::*;
    let Some(&first) = label.first() else {
        return ControlFlow::Continue(());
    };
    let rtl = match bidi_class(first) {
        R | AL => true,
        L => false,
        _ => return fail(0, BidiRule::Rule1),
    };
    let (mut seen_en, mut seen_an) = (false, false);
    for (i, &c) in label.iter().enumerate() {
        let class = bidi_class(c);
        let allowed = if rtl {
            matches!(class, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM)
        } else {
            matches!(class, L | EN | ES | CS | ET | ON | BN | NSM)
        };
        if !allowed {
            fail(
                i,
                if rtl {
                    BidiRule::Rule2
                } else {
                    BidiRule::Rule5
                },
            )?;
        }
        if rtl && matches!(class, EN | AN) {
            let (this, other) = if class == EN {
                (&mut seen_en, seen_an)
            } else {
                (&mut seen_an, seen_en)
            };
            if other && !*this {
                fail(i, BidiRule::Rule4)?;
            }
            *this = true;
        }
    }
    // The last character that is not NSM; the first character is never NSM here.
    let (end, class) = label
        .iter()
        .enumerate()
        .rev()
        .map(|(i, &c)| (i, bidi_class(c)))
        .find(|&(_, class)| class != NSM)
        .unwrap_or((0, L));
    let ends_well = if rtl {
        matches!(class, R | AL | EN | AN)
    } else {
        matches!(class, L | EN)
    };
    if !ends_well {
        fail(
            end,
            if rtl {
                BidiRule::Rule3
            } else {
                BidiRule::Rule6
            },
        )?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    //! Cases built from the text of RFC 5893 section 2; the Bidi classes of the code points used
    //! are those of DerivedBidiClass.txt (U+05D0 HEBREW LETTER ALEF: R, U+0627 ARABIC LETTER ALEF:
    //! AL, U+0661 ARABIC-INDIC DIGIT ONE: AN, U+05B0 HEBREW POINT SHEVA: NSM).

    use super::*;

    fn check(s: &str) -> Result<(), (usize, BidiRule)> {
        check_label(&s.chars().collect::<Vec<_>>())
    }

    #[test]
    fn ltr_labels() {
        assert_eq!(check("abc"), Ok(()));
        assert_eq!(check("a1"), Ok(()));
        assert_eq!(check("1a"), Err((0, BidiRule::Rule1)));
        assert_eq!(check("a\u{05D0}"), Err((1, BidiRule::Rule5)));
        assert_eq!(check("a-"), Err((1, BidiRule::Rule6)));
        assert_eq!(check("a\u{0300}"), Ok(())); // trailing NSM after L
    }

    #[test]
    fn rtl_labels() {
        assert_eq!(check("\u{05D0}\u{05D1}"), Ok(()));
        assert_eq!(check("\u{05D0}1"), Ok(()));
        assert_eq!(check("\u{0627}\u{0661}"), Ok(()));
        assert_eq!(check("\u{05D0}a"), Err((1, BidiRule::Rule2)));
        assert_eq!(check("\u{05D0}-"), Err((1, BidiRule::Rule3)));
        assert_eq!(check("\u{05D0}\u{05B0}"), Ok(()));
        assert_eq!(check("\u{0627}1\u{0661}"), Err((2, BidiRule::Rule4)));
        assert_eq!(check("\u{0627}\u{0661}1"), Err((2, BidiRule::Rule4)));
    }

    /// The one-pass summary against the walk of the six conditions (each condition failed, and
    /// the verdict), on every string of up to four code points over a code point of each Bidi
    /// class that IDNA allows somewhere (and one it never does).
    #[test]
    fn summary_agrees_with_the_walk() {
        // L, R, AL, EN, ES, ET, AN, CS, NSM, ON, BN, WS (DerivedBidiClass.txt).
        let alphabet = [
            'a', '\u{05D0}', '\u{0627}', '1', '-', '\u{00B0}', '\u{0661}', '\u{002C}', '\u{05B0}',
            '\u{00B7}', '\u{00AD}', ' ',
        ];
        let mut label = Vec::new();
        let (mut pass, mut fail) = (0, 0);
        for len in 1..=4u32 {
            for mut code in 0..alphabet.len().pow(len) {
                label.clear();
                for _ in 0..len {
                    label.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                let summary = Summary::of(label.iter().copied());
                let walked = check_label(&label).is_ok();
                assert_eq!(summary.satisfies_rule(), walked, "{label:?}");
                // Every condition failed, as UTS #46 reports them.
                let mut failed = 0u8;
                let _ = walk(&label, |_, rule| {
                    failed |= 1 << rule.number();
                    ControlFlow::<()>::Continue(())
                });
                assert_eq!(summary.failed_conditions(), failed, "{label:?}");
                assert_eq!(summary.rtl(), has_rtl(&label), "{label:?}");
                if walked { pass += 1 } else { fail += 1 }
            }
        }
        assert!(pass > 100 && fail > 100, "{pass} pass, {fail} fail");
    }

    #[test]
    fn rtl_detection() {
        assert!(has_rtl(&['a', '\u{0661}']));
        assert!(has_rtl(&['\u{05D0}']));
        assert!(!has_rtl(&['a', '1', '-']));
    }
}
