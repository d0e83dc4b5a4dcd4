//! The contextual rules of RFC 5892 Appendix A, for the code points whose derived property is
//! CONTEXTJ (A.1, A.2) or CONTEXTO (A.3 to A.9).
//!
//! Each rule is asked about one position of a label held as code points; "Before" and "After"
//! are the neighbouring code points within that label, and a rule that needs one that is not
//! there (the start or end of the label) is not satisfied.

use crate::ucd::{self, JoiningType, Script};

/// A rule of RFC 5892 Appendix A.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContextRule {
    /// A.1 ZERO WIDTH NON-JOINER (U+200C): after a virama, or between a left- or dual-joining
    /// and a right- or dual-joining character with only transparent characters between.
    ZeroWidthNonJoiner,
    /// A.2 ZERO WIDTH JOINER (U+200D): after a virama.
    ZeroWidthJoiner,
    /// A.3 MIDDLE DOT (U+00B7): between two `l` (U+006C).
    MiddleDot,
    /// A.4 GREEK LOWER NUMERAL SIGN (KERAIA, U+0375): followed by a Greek character.
    GreekLowerNumeralSign,
    /// A.5 HEBREW PUNCTUATION GERESH (U+05F3): preceded by a Hebrew character.
    HebrewGeresh,
    /// A.6 HEBREW PUNCTUATION GERSHAYIM (U+05F4): preceded by a Hebrew character.
    HebrewGershayim,
    /// A.7 KATAKANA MIDDLE DOT (U+30FB): the label holds a Hiragana, Katakana or Han character.
    KatakanaMiddleDot,
    /// A.8 ARABIC-INDIC DIGITS (U+0660..U+0669): no EXTENDED ARABIC-INDIC DIGIT in the label.
    ArabicIndicDigits,
    /// A.9 EXTENDED ARABIC-INDIC DIGITS (U+06F0..U+06F9): no ARABIC-INDIC DIGIT in the label.
    ExtendedArabicIndicDigits,
}

impl ContextRule {
    /// The rule's section of RFC 5892 Appendix A, e.g. `"A.3"`.
    pub const fn section(self) -> &'static str {
        match self {
            ContextRule::ZeroWidthNonJoiner => "A.1",
            ContextRule::ZeroWidthJoiner => "A.2",
            ContextRule::MiddleDot => "A.3",
            ContextRule::GreekLowerNumeralSign => "A.4",
            ContextRule::HebrewGeresh => "A.5",
            ContextRule::HebrewGershayim => "A.6",
            ContextRule::KatakanaMiddleDot => "A.7",
            ContextRule::ArabicIndicDigits => "A.8",
            ContextRule::ExtendedArabicIndicDigits => "A.9",
        }
    }

    /// What the rule asks for, in a few words.
    pub const fn requirement(self) -> &'static str {
        match self {
            ContextRule::ZeroWidthNonJoiner => {
                "ZERO WIDTH NON-JOINER must follow a virama or sit between joining letters"
            }
            ContextRule::ZeroWidthJoiner => "ZERO WIDTH JOINER must follow a virama",
            ContextRule::MiddleDot => "MIDDLE DOT must stand between two 'l'",
            ContextRule::GreekLowerNumeralSign => {
                "GREEK LOWER NUMERAL SIGN must be followed by a Greek character"
            }
            ContextRule::HebrewGeresh => "HEBREW GERESH must follow a Hebrew character",
            ContextRule::HebrewGershayim => "HEBREW GERSHAYIM must follow a Hebrew character",
            ContextRule::KatakanaMiddleDot => {
                "KATAKANA MIDDLE DOT needs a Hiragana, Katakana or Han character in the label"
            }
            ContextRule::ArabicIndicDigits => {
                "ARABIC-INDIC DIGITS must not be mixed with EXTENDED ARABIC-INDIC DIGITS"
            }
            ContextRule::ExtendedArabicIndicDigits => {
                "EXTENDED ARABIC-INDIC DIGITS must not be mixed with ARABIC-INDIC DIGITS"
            }
        }
    }
}

impl core::fmt::Display for ContextRule {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} (RFC 5892 Appendix {})",
            self.requirement(),
            self.section()
        )
    }
}

/// The Appendix A rule that governs `c`, for the code points RFC 5892 lists there.
#[inline]
pub(crate) fn context_rule(c: char) -> Option<ContextRule> {
    Some(match c {
        '\u{200C}' => ContextRule::ZeroWidthNonJoiner,
        '\u{200D}' => ContextRule::ZeroWidthJoiner,
        '\u{00B7}' => ContextRule::MiddleDot,
        '\u{0375}' => ContextRule::GreekLowerNumeralSign,
        '\u{05F3}' => ContextRule::HebrewGeresh,
        '\u{05F4}' => ContextRule::HebrewGershayim,
        '\u{30FB}' => ContextRule::KatakanaMiddleDot,
        '\u{0660}'..='\u{0669}' => ContextRule::ArabicIndicDigits,
        '\u{06F0}'..='\u{06F9}' => ContextRule::ExtendedArabicIndicDigits,
        _ => return None,
    })
}

/// Whether `rule` holds for the code point at `label[i]`.
pub(crate) fn satisfied(rule: ContextRule, label: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|j| label.get(j)).copied();
    let after = label.get(i + 1).copied();
    match rule {
        ContextRule::ZeroWidthNonJoiner => {
            after_virama(before) || between_joining_letters(label, i)
        }
        ContextRule::ZeroWidthJoiner => after_virama(before),
        ContextRule::MiddleDot => before == Some('l') && after == Some('l'),
        ContextRule::GreekLowerNumeralSign => after.is_some_and(|c| script(c) == Script::Greek),
        ContextRule::HebrewGeresh | ContextRule::HebrewGershayim => {
            before.is_some_and(|c| script(c) == Script::Hebrew)
        }
        ContextRule::KatakanaMiddleDot => label
            .iter()
            .any(|&c| matches!(script(c), Script::Hiragana | Script::Katakana | Script::Han)),
        ContextRule::ArabicIndicDigits => {
            !label.iter().any(|c| ('\u{06F0}'..='\u{06F9}').contains(c))
        }
        ContextRule::ExtendedArabicIndicDigits => {
            !label.iter().any(|c| ('\u{0660}'..='\u{0669}').contains(c))
        }
    }
}

/// "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True" (A.1, A.2).
fn after_virama(before: Option<char>) -> bool {
    before.is_some_and(|c| !c.is_ascii() && ucd::props(c).is_virama())
}

/// The regular expression of A.1:
/// `(Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})`.
fn between_joining_letters(label: &[char], i: usize) -> bool {
    let (head, tail) = (
        label.get(..i).unwrap_or(&[]),
        label.get(i + 1..).unwrap_or(&[]),
    );
    let left = head
        .iter()
        .rev()
        .map(|&c| joining_type(c))
        .find(|&t| t != JoiningType::T);
    let right = tail
        .iter()
        .map(|&c| joining_type(c))
        .find(|&t| t != JoiningType::T);
    matches!(left, Some(JoiningType::L | JoiningType::D))
        && matches!(right, Some(JoiningType::R | JoiningType::D))
}

fn joining_type(c: char) -> JoiningType {
    // No ASCII code point joins (DerivedJoiningType.txt lists none).
    if c.is_ascii() {
        JoiningType::U
    } else {
        ucd::props(c).joining_type()
    }
}

fn script(c: char) -> Script {
    if c.is_ascii() {
        Script::Other
    } else {
        ucd::props(c).script()
    }
}

#[cfg(test)]
mod tests {
    //! Cases from the rules' text in RFC 5892 Appendix A; properties of the code points used are
    //! as UnicodeData.txt and ArabicShaping.txt give them.

    use super::*;

    fn holds(label: &str, i: usize) -> bool {
        let chars: Vec<char> = label.chars().collect();
        let rule = context_rule(chars[i]).unwrap();
        satisfied(rule, &chars, i)
    }

    #[test]
    fn zwnj_after_virama() {
        // U+0915 DEVANAGARI LETTER KA, U+094D DEVANAGARI SIGN VIRAMA (ccc 9).
        assert!(holds("\u{0915}\u{094D}\u{200C}\u{0937}", 2));
        assert!(!holds("\u{0915}\u{200C}\u{0937}", 1));
        assert!(!holds("\u{200C}a", 0));
    }

    #[test]
    fn zwnj_between_joining_letters() {
        // U+0628 ARABIC LETTER BEH is D; U+0627 ALEF is R; U+064E FATHA is T.
        assert!(holds("\u{0628}\u{200C}\u{0628}", 1));
        assert!(holds("\u{0628}\u{064E}\u{200C}\u{064E}\u{0627}", 2));
        // ALEF is right-joining only: it cannot join to what follows.
        assert!(!holds("\u{0627}\u{200C}\u{0628}", 1));
        assert!(!holds("\u{0628}\u{200C}", 1));
        assert!(!holds("a\u{200C}b", 1));
    }

    #[test]
    fn zwj_after_virama_only() {
        assert!(holds("\u{0915}\u{094D}\u{200D}", 2));
        assert!(!holds("\u{0628}\u{200D}\u{0628}", 1));
    }

    #[test]
    fn middle_dot_between_ells() {
        assert!(holds("l\u{00B7}l", 1));
        assert!(!holds("a\u{00B7}l", 1));
        assert!(!holds("l\u{00B7}", 1));
        assert!(!holds("L\u{00B7}L", 1));
    }

    #[test]
    fn keraia_before_greek() {
        assert!(holds("\u{0375}\u{03B1}", 0));
        assert!(!holds("\u{0375}a", 0));
        assert!(!holds("\u{03B1}\u{0375}", 1));
    }

    #[test]
    fn geresh_and_gershayim_after_hebrew() {
        assert!(holds("\u{05D0}\u{05F3}", 1));
        assert!(holds("\u{05D0}\u{05F4}", 1));
        assert!(!holds("\u{05F3}\u{05D0}", 0));
        assert!(!holds("a\u{05F4}", 1));
    }

    #[test]
    fn katakana_middle_dot_needs_kana_or_han() {
        assert!(holds("\u{30A2}\u{30FB}", 1)); // KATAKANA LETTER A
        assert!(holds("\u{30FB}\u{3042}", 0)); // HIRAGANA LETTER A
        assert!(holds("\u{4E00}\u{30FB}", 1)); // CJK UNIFIED IDEOGRAPH-4E00
        assert!(!holds("a\u{30FB}b", 1));
        assert!(!holds("\u{30FB}", 0));
    }

    #[test]
    fn arabic_indic_digit_kinds_do_not_mix() {
        assert!(holds("\u{0660}\u{0661}", 0));
        assert!(!holds("\u{0660}\u{06F1}", 0));
        assert!(holds("\u{06F0}\u{06F1}", 0));
        assert!(!holds("\u{06F0}\u{0661}", 0));
    }

    #[test]
    fn only_the_appendix_code_points_have_rules() {
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let listed = context_rule(c).is_some();
            let prop = ucd::derived_property(c);
            let contextual = matches!(
                prop,
                ucd::DerivedProperty::ContextJ | ucd::DerivedProperty::ContextO
            );
            assert_eq!(listed, contextual, "U+{:04X} is {prop}", c as u32);
        }
    }
}
