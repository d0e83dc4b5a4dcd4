//! The Bidi rule of RFC 5893 section 2.
//!
//! RFC 5893 section 1.4 calls a domain name with at least one RTL label (a label holding a
//! character of Bidi_Class R, AL or AN) a "Bidi domain name", and section 2 requires every label
//! of such a name to satisfy the six conditions below. UTS #46 (CheckBidi) says the same.
//! RFC 5891 section 4.2.3.4 can be read as asking it of RTL labels only; [`crate::BidiScope`]
//! offers that reading.

use core::ops::ControlFlow;

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

/// Whether the label holds a character of Bidi_Class R, AL or AN: an RTL label, which makes the
/// name a Bidi domain name (RFC 5893 section 1.4).
pub(crate) fn has_rtl(label: &[char]) -> bool {
    label.iter().any(|&c| {
        !c.is_ascii() && matches!(bidi_class(c), BidiClass::R | BidiClass::AL | BidiClass::AN)
    })
}

/// Checks the six conditions of RFC 5893 section 2 on one label; on failure, the position of
/// the offending code point and the first condition it breaks.
pub(crate) fn check_label(label: &[char]) -> Result<(), (usize, BidiRule)> {
    match walk(label, |i, rule| ControlFlow::Break((i, rule))) {
        ControlFlow::Break(failure) => Err(failure),
        ControlFlow::Continue(()) => Ok(()),
    }
}

/// Every condition of RFC 5893 section 2 that a label fails, as bit `n` for condition `n`
/// (UTS #46 reports them all: IdnaTestV2.txt gives `[B5, B6]` for `à\u{5D0}`).
pub(crate) fn failed_conditions(label: &[char]) -> u8 {
    let mut failed = 0u8;
    let _ = walk(label, |_, rule| {
        failed |= 1 << rule.number();
        ControlFlow::<()>::Continue(())
    });
    failed
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

    #[test]
    fn rtl_detection() {
        assert!(has_rtl(&['a', '\u{0661}']));
        assert!(has_rtl(&['\u{05D0}']));
        assert!(!has_rtl(&['a', '1', '-']));
    }
}
