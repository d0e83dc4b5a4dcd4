//! The Unicode character properties the IDNA rules ask about, read from the generated packed
//! table in [`crate::tables::properties`] (one `u32` per code point; layout in that file).
//!
//! Every accessor here takes a `char`, so every lookup is in range; ASCII callers are expected to
//! answer from the byte before they get here.

use crate::derived_property::DerivedProperty;
use crate::tables::properties::{BMP_INDEX, DATA, DATA_SHIFT, INDEX_SHIFT, INDEX1, INDEX2, VALUES};

/// The packed properties of one code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Props(u32);

/// Looks up the packed properties of `c`: two table reads in the BMP, three above, then the
/// value the one-byte entry names.
#[inline]
pub(crate) fn props(c: char) -> Props {
    let cp = c as u32;
    let mask = (1 << DATA_SHIFT) - 1;
    let block = if cp < 0x1_0000 {
        BMP_INDEX.get((cp >> DATA_SHIFT) as usize).copied()
    } else {
        let mask2 = (1 << (INDEX_SHIFT - DATA_SHIFT)) - 1;
        INDEX1.get((cp >> INDEX_SHIFT) as usize).and_then(|&i| {
            INDEX2
                .get(i as usize + ((cp >> DATA_SHIFT) & mask2) as usize)
                .copied()
        })
    };
    // Every scalar value has an entry (the generator checks each one), so the fallback, which
    // reads as UNASSIGNED, is never taken.
    block
        .and_then(|b| DATA.get(b as usize + (cp & mask) as usize))
        .and_then(|&v| VALUES.get(usize::from(v)).copied())
        .map_or(Props(DerivedProperty::Unassigned as u32), Props)
}

/// Bidi_Class (UAX #9), in the generator's packed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms, missing_docs)]
pub(crate) enum BidiClass {
    L,
    R,
    AL,
    EN,
    ES,
    ET,
    AN,
    CS,
    NSM,
    BN,
    B,
    S,
    WS,
    ON,
    LRE,
    LRO,
    RLE,
    RLO,
    PDF,
    LRI,
    RLI,
    FSI,
    PDI,
}

/// Joining_Type (Unicode core specification section 9.2), in the generator's packed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum JoiningType {
    /// Non_Joining.
    U,
    /// Join_Causing.
    C,
    /// Dual_Joining.
    D,
    /// Left_Joining.
    L,
    /// Right_Joining.
    R,
    /// Transparent.
    T,
}

/// The Script values RFC 5892 Appendix A asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// Any script not listed below.
    Other,
    Greek,
    Hebrew,
    Hiragana,
    Katakana,
    Han,
}

impl Props {
    /// The RFC 5892 derived property.
    #[inline]
    pub(crate) fn derived(self) -> DerivedProperty {
        match self.0 & 7 {
            0 => DerivedProperty::Pvalid,
            1 => DerivedProperty::ContextJ,
            2 => DerivedProperty::ContextO,
            3 => DerivedProperty::Disallowed,
            _ => DerivedProperty::Unassigned,
        }
    }

    #[inline]
    pub(crate) fn bidi_class(self) -> BidiClass {
        use BidiClass::*;
        const ORDER: [BidiClass; 23] = [
            L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI,
            FSI, PDI,
        ];
        ORDER
            .get(((self.0 >> 3) & 31) as usize)
            .copied()
            .unwrap_or(ON)
    }

    #[inline]
    pub(crate) fn joining_type(self) -> JoiningType {
        match (self.0 >> 8) & 7 {
            1 => JoiningType::C,
            2 => JoiningType::D,
            3 => JoiningType::L,
            4 => JoiningType::R,
            5 => JoiningType::T,
            _ => JoiningType::U,
        }
    }

    /// Canonical_Combining_Class is Virama (9): the test of RFC 5892 Appendix A.1 and A.2.
    #[inline]
    pub(crate) fn is_virama(self) -> bool {
        self.0 & (1 << 11) != 0
    }

    /// General_Category is Mn, Mc or Me (RFC 5891 section 4.2.3.2).
    #[inline]
    pub(crate) fn is_mark(self) -> bool {
        self.0 & (1 << 12) != 0
    }

    /// NFC_Quick_Check is Yes (UAX #15 section 9): the code point can stay as it is in NFC,
    /// whatever follows, unless canonical ordering moves it.
    #[inline]
    pub(crate) fn is_nfc_quick_check_yes(self) -> bool {
        self.0 & (1 << 16) == 0
    }

    /// Canonical_Combining_Class is not 0 (Not_Reordered): canonical ordering (UAX #15 section
    /// 9's quick check) compares it with the class before it.
    #[inline]
    pub(crate) fn is_reordered(self) -> bool {
        self.0 & (1 << 17) != 0
    }

    #[inline]
    pub(crate) fn script(self) -> Script {
        match (self.0 >> 13) & 7 {
            1 => Script::Greek,
            2 => Script::Hebrew,
            3 => Script::Hiragana,
            4 => Script::Katakana,
            5 => Script::Han,
            _ => Script::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each property of the packed table against the raw UCD file it came from, for every code
    //! point.

    use super::*;
    use crate::tables::properties::{BIDI_CLASSES, JOINING_TYPES, SCRIPTS};
    use crate::test_data;
    use std::collections::HashMap;

    /// Reads an enumerated property of a UCD file: `@missing` defaults, then the data lines.
    fn ucd_property(file: &str, aliases: &[(&str, &str)]) -> Vec<String> {
        let text = test_data::read(&format!("unicode/18.0.0/ucd/{file}"));
        let alias: HashMap<&str, &str> = aliases.iter().copied().collect();
        let mut values = vec![String::new(); 0x11_0000];
        let mut apply = |range: &str, value: &str| {
            let (a, b) = match range.trim().split_once("..") {
                Some((a, b)) => (a, b),
                None => (range.trim(), range.trim()),
            };
            let a = u32::from_str_radix(a, 16).unwrap();
            let b = u32::from_str_radix(b, 16).unwrap();
            let v = value.trim();
            let v = alias.get(v).copied().unwrap_or(v);
            for cp in a..=b {
                values[cp as usize] = v.to_string();
            }
        };
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# @missing:") {
                let (range, value) = rest.split_once(';').unwrap();
                apply(range, value);
            }
        }
        for line in text.lines() {
            let content = line.split('#').next().unwrap().trim();
            if let Some((range, value)) = content.split_once(';') {
                apply(range, value);
            }
        }
        values
    }

    fn chars() -> impl Iterator<Item = char> {
        (0..=0x10_FFFFu32).filter_map(char::from_u32)
    }

    #[test]
    fn bidi_class_matches_derived_bidi_class() {
        let long = [
            ("Left_To_Right", "L"),
            ("Right_To_Left", "R"),
            ("Arabic_Letter", "AL"),
            ("European_Terminator", "ET"),
        ];
        let expected = ucd_property("extracted/DerivedBidiClass.txt", &long);
        for c in chars() {
            let got = BIDI_CLASSES[props(c).bidi_class() as usize];
            assert_eq!(
                got, expected[c as usize],
                "Bidi_Class of U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn joining_type_matches_derived_joining_type() {
        let expected = ucd_property("extracted/DerivedJoiningType.txt", &[("Non_Joining", "U")]);
        for c in chars() {
            let got = JOINING_TYPES[props(c).joining_type() as usize];
            assert_eq!(
                got, expected[c as usize],
                "Joining_Type of U+{:04X}",
                c as u32
            );
        }
    }

    /// Both bits taken from Canonical_Combining_Class: Virama (9), and not 0.
    #[test]
    fn combining_class_bits_match_derived_combining_class() {
        let expected = ucd_property(
            "extracted/DerivedCombiningClass.txt",
            &[("Not_Reordered", "0")],
        );
        for c in chars() {
            let ccc = expected[c as usize].as_str();
            let p = props(c);
            assert_eq!(p.is_virama(), ccc == "9", "U+{:04X}", c as u32);
            assert_eq!(p.is_reordered(), ccc != "0", "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn mark_matches_derived_general_category() {
        let expected = ucd_property("extracted/DerivedGeneralCategory.txt", &[]);
        for c in chars() {
            let gc = expected[c as usize].as_str();
            assert_eq!(
                props(c).is_mark(),
                matches!(gc, "Mn" | "Mc" | "Me"),
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn nfc_quick_check_matches_derived_normalization_props() {
        let text = test_data::read("unicode/18.0.0/ucd/DerivedNormalizationProps.txt");
        let mut not_yes = vec![false; 0x11_0000];
        let mut listed = 0;
        for line in text.lines() {
            let content = line.split('#').next().unwrap();
            let fields: Vec<&str> = content.split(';').map(str::trim).collect();
            if fields.len() == 3 && fields[1] == "NFC_QC" {
                assert!(matches!(fields[2], "N" | "M"), "{line}");
                let (a, b) = fields[0].split_once("..").unwrap_or((fields[0], fields[0]));
                for cp in u32::from_str_radix(a, 16).unwrap()..=u32::from_str_radix(b, 16).unwrap()
                {
                    not_yes[cp as usize] = true;
                    listed += 1;
                }
            }
        }
        assert!(
            listed > 1000,
            "NFC_QC lines in DerivedNormalizationProps.txt: {listed}"
        );
        for c in chars() {
            assert_eq!(
                props(c).is_nfc_quick_check_yes(),
                !not_yes[c as usize],
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn script_matches_scripts() {
        let expected = ucd_property("Scripts.txt", &[]);
        for c in chars() {
            let want = expected[c as usize].as_str();
            let want = if SCRIPTS.contains(&want) {
                want
            } else {
                "Other"
            };
            assert_eq!(
                SCRIPTS[props(c).script() as usize],
                want,
                "U+{:04X}",
                c as u32
            );
        }
    }
}
