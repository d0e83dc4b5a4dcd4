//! The Unicode character properties the IDNA rules ask about, read from the generated packed
//! table in [`crate::tables::properties`] (one `u32` per code point; layout in that file), and
//! among them the IDNA2008 derived property of RFC 5892.
//!
//! Every accessor here takes a `char`, so every lookup is in range; ASCII callers are expected to
//! answer from the byte before they get here.

use crate::tables::properties::{
    BIDI_CLASS_BY_INDEX, BIDI_CLASS_MASK, BIDI_CLASS_SHIFT, BMP_INDEX, CCC_MASK, CCC_SHIFT, DATA,
    DATA_SHIFT, DECOMPOSES_BIT, DERIVED_CONTEXTJ, DERIVED_CONTEXTO, DERIVED_DISALLOWED,
    DERIVED_MASK, DERIVED_PVALID, INDEX_SHIFT, INDEX1, INDEX2, JOINING_TYPE_BY_INDEX,
    JOINING_TYPE_MASK, JOINING_TYPE_SHIFT, MARK_BIT, NFC_QC_MASK, NFC_QC_MAYBE, NFC_QC_NO,
    NFC_QC_SHIFT, NFC_QC_YES, SCRIPT_BY_INDEX, SCRIPT_MASK, SCRIPT_SHIFT, VALUES,
};
pub(crate) use crate::tables::properties::{BidiClass, JoiningType, Script};

/// The value of the RFC 5892 derived property of a code point (RFC 5892 section 2 and 3).
///
/// The table behind it is computed by `tools/gen-tables` with the algorithm of RFC 5892
/// section 3 from the raw Unicode 18.0.0 properties, and tested against Unicode's own
/// `Idna2008.txt` for every code point.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DerivedProperty {
    /// Protocol valid: allowed in a U-label anywhere (RFC 5892 section 2, PVALID).
    Pvalid,
    /// Allowed only where a joiner rule of RFC 5892 Appendix A holds (CONTEXTJ).
    ContextJ,
    /// Allowed only where an other-context rule of RFC 5892 Appendix A holds (CONTEXTO).
    ContextO,
    /// Never allowed in a U-label (DISALLOWED).
    Disallowed,
    /// Not assigned in Unicode 18.0.0, so not allowed (UNASSIGNED).
    Unassigned,
}

impl DerivedProperty {
    /// The value's name as RFC 5892 writes it: `PVALID`, `CONTEXTJ`, `CONTEXTO`, `DISALLOWED`
    /// or `UNASSIGNED`.
    pub const fn as_str(self) -> &'static str {
        match self {
            DerivedProperty::Pvalid => "PVALID",
            DerivedProperty::ContextJ => "CONTEXTJ",
            DerivedProperty::ContextO => "CONTEXTO",
            DerivedProperty::Disallowed => "DISALLOWED",
            DerivedProperty::Unassigned => "UNASSIGNED",
        }
    }
}

impl core::fmt::Display for DerivedProperty {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The RFC 5892 derived property of `c`, at Unicode 18.0.0.
///
/// ASCII is answered without a table: letters `a`-`z`, digits and `-` are PVALID (RFC 5892
/// section 2.5, category E), every other ASCII code point DISALLOWED.
///
/// # Examples
///
/// ```
/// use idn_hostname::{derived_property, DerivedProperty};
///
/// assert_eq!(derived_property('a'), DerivedProperty::Pvalid);
/// assert_eq!(derived_property('A'), DerivedProperty::Disallowed); // unstable under case folding
/// assert_eq!(derived_property('\u{200D}'), DerivedProperty::ContextJ); // ZERO WIDTH JOINER
/// assert_eq!(derived_property('\u{00B7}'), DerivedProperty::ContextO); // MIDDLE DOT
/// assert_eq!(derived_property('\u{1F4A9}'), DerivedProperty::Disallowed);
/// ```
#[inline]
pub fn derived_property(c: char) -> DerivedProperty {
    if c.is_ascii() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' {
            DerivedProperty::Pvalid
        } else {
            DerivedProperty::Disallowed
        }
    } else {
        props(c).derived()
    }
}

/// The packed properties of one code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Props(u32);

/// A three-level trie as `tools/gen-tables` writes one (`tables::properties`,
/// `tables::security`): a code point's block of `1 << data_shift` entries is named by
/// `bmp_index` in the BMP, and above it by `index1` (a block of `index2`, in one byte: 1,088
/// bytes less than `u16` offsets) then `index2`; its entry in `data` names its value in
/// `values`.
pub(crate) struct Trie<D: 'static> {
    pub(crate) data_shift: u32,
    pub(crate) index_shift: u32,
    pub(crate) bmp_index: &'static [u16],
    pub(crate) index1: &'static [u8],
    pub(crate) index2: &'static [u16],
    pub(crate) data: &'static [D],
    pub(crate) values: &'static [u32],
}

impl<D: Copy + Into<usize>> Trie<D> {
    /// The value of `cp`: two table reads in the BMP, three above, then the value the entry
    /// names. `None` only past the tables, which the generator checks hold every scalar value.
    #[inline(always)]
    pub(crate) fn value(&self, cp: u32) -> Option<u32> {
        let (data_shift, index_shift) = (self.data_shift, self.index_shift);
        let block = if cp < 0x1_0000 {
            self.bmp_index.get((cp >> data_shift) as usize).copied()
        } else {
            let mask2 = (1 << (index_shift - data_shift)) - 1;
            self.index1
                .get((cp >> index_shift) as usize)
                .and_then(|&i| {
                    self.index2
                        .get(
                            (usize::from(i) << (index_shift - data_shift))
                                + ((cp >> data_shift) & mask2) as usize,
                        )
                        .copied()
                })
        };
        let mask = (1 << data_shift) - 1;
        block
            .and_then(|b| self.data.get(usize::from(b) + (cp & mask) as usize))
            .and_then(|&v| self.values.get(v.into()).copied())
    }
}

/// The trie of [`crate::tables::properties`].
const PROPERTIES: Trie<u8> = Trie {
    data_shift: DATA_SHIFT,
    index_shift: INDEX_SHIFT,
    bmp_index: &BMP_INDEX,
    index1: &INDEX1,
    index2: &INDEX2,
    data: &DATA,
    values: &VALUES,
};

/// Looks up the packed properties of `c` in [`PROPERTIES`].
#[inline]
pub(crate) fn props(c: char) -> Props {
    // Every scalar value has an entry (the generator checks each one), so the fallback, which
    // reads as UNASSIGNED, is never taken.
    PROPERTIES
        .value(c as u32)
        .map_or(Props(DERIVED_UNASSIGNED_PROPS), Props)
}

/// The packed value of an unassigned code point with no other property, the fallback of
/// [`props`].
const DERIVED_UNASSIGNED_PROPS: u32 = crate::tables::properties::DERIVED_UNASSIGNED;

/// The NFC_Quick_Check value of a code point (UAX #15 section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum QuickCheckValue {
    Yes,
    Maybe,
    No,
}

impl Props {
    /// The field at `shift` under `mask`.
    #[inline]
    fn field(self, shift: u32, mask: u32) -> usize {
        ((self.0 >> shift) & mask) as usize
    }

    /// The RFC 5892 derived property.
    #[inline]
    pub(crate) fn derived(self) -> DerivedProperty {
        match self.0 & DERIVED_MASK {
            DERIVED_PVALID => DerivedProperty::Pvalid,
            DERIVED_CONTEXTJ => DerivedProperty::ContextJ,
            DERIVED_CONTEXTO => DerivedProperty::ContextO,
            DERIVED_DISALLOWED => DerivedProperty::Disallowed,
            _ => DerivedProperty::Unassigned,
        }
    }

    #[inline]
    pub(crate) fn bidi_class(self) -> BidiClass {
        BIDI_CLASS_BY_INDEX
            .get(self.field(BIDI_CLASS_SHIFT, BIDI_CLASS_MASK))
            .copied()
            .unwrap_or(BidiClass::ON)
    }

    #[inline]
    pub(crate) fn joining_type(self) -> JoiningType {
        JOINING_TYPE_BY_INDEX
            .get(self.field(JOINING_TYPE_SHIFT, JOINING_TYPE_MASK))
            .copied()
            .unwrap_or(JoiningType::U)
    }

    /// Canonical_Combining_Class (UnicodeData.txt field 3; UAX #15 section 3.11 orders and
    /// blocks by it).
    #[inline]
    pub(crate) fn ccc(self) -> u8 {
        ((self.0 >> CCC_SHIFT) & CCC_MASK) as u8
    }

    /// Canonical_Combining_Class is Virama (9): the test of RFC 5892 Appendix A.1 and A.2.
    #[inline]
    pub(crate) fn is_virama(self) -> bool {
        self.ccc() == 9
    }

    /// General_Category is Mn, Mc or Me (RFC 5891 section 4.2.3.2).
    #[inline]
    pub(crate) fn is_mark(self) -> bool {
        self.0 & MARK_BIT != 0
    }

    /// NFC_Quick_Check (UAX #15 section 9).
    #[inline]
    pub(crate) fn nfc_quick_check(self) -> QuickCheckValue {
        match (self.0 >> NFC_QC_SHIFT) & NFC_QC_MASK {
            NFC_QC_YES => QuickCheckValue::Yes,
            NFC_QC_MAYBE => QuickCheckValue::Maybe,
            NFC_QC_NO => QuickCheckValue::No,
            // Two bits hold three values; the fourth is not generated.
            _ => QuickCheckValue::No,
        }
    }

    /// NFC_Quick_Check is Yes (UAX #15 section 9): the code point can stay as it is in NFC,
    /// whatever follows, unless canonical ordering moves it.
    #[inline]
    pub(crate) fn is_nfc_quick_check_yes(self) -> bool {
        (self.0 >> NFC_QC_SHIFT) & NFC_QC_MASK == NFC_QC_YES
    }

    /// The code point has a canonical decomposition (UnicodeData.txt field 5 without a tag, or
    /// a Hangul syllable).
    #[inline]
    pub(crate) fn decomposes(self) -> bool {
        self.0 & DECOMPOSES_BIT != 0
    }

    /// PVALID (RFC 5892).
    #[inline]
    pub(crate) fn is_pvalid(self) -> bool {
        self.0 & DERIVED_MASK == DERIVED_PVALID
    }

    /// PVALID (RFC 5892), NFC_Quick_Check=Yes and Canonical_Combining_Class 0: a code point
    /// that stays as it is in NFC and is valid whatever comes before it. (Each test is of bits
    /// that are 0 for it, which the compiler joins into one mask.)
    #[inline]
    pub(crate) fn is_pvalid_cut(self) -> bool {
        self.is_pvalid() && self.is_nfc_quick_check_yes() && !self.is_reordered()
    }

    /// Canonical_Combining_Class is not 0 (Not_Reordered): canonical ordering (UAX #15 section
    /// 9's quick check) compares it with the class before it.
    #[inline]
    pub(crate) fn is_reordered(self) -> bool {
        self.0 & (CCC_MASK << CCC_SHIFT) != 0
    }

    #[inline]
    pub(crate) fn script(self) -> Script {
        SCRIPT_BY_INDEX
            .get(self.field(SCRIPT_SHIFT, SCRIPT_MASK))
            .copied()
            .unwrap_or(Script::Other)
    }
}

#[cfg(test)]
mod tests {
    //! Each property of the packed table against the raw UCD file it came from, for every code
    //! point.

    use super::*;
    use crate::tables::properties::{BIDI_CLASSES, JOINING_TYPES, SCRIPTS};
    use crate::test_ucd::property as ucd_property;

    fn chars() -> impl Iterator<Item = char> {
        (0..=0x10_FFFFu32).filter_map(char::from_u32)
    }

    /// Each value shows as RFC 5892 section 2 and Idna2008.txt name it, on a code point that
    /// Idna2008.txt gives that value: `a`, U+200D (Appendix A.2), U+00B7 (Appendix A.3), `A`
    /// (section 2.2, Unstable) and U+0378 (unassigned in Unicode 18.0.0).
    #[test]
    fn values_show_their_rfc_5892_names() {
        for (c, name) in [
            ('a', "PVALID"),
            ('\u{200D}', "CONTEXTJ"),
            ('\u{B7}', "CONTEXTO"),
            ('A', "DISALLOWED"),
            ('\u{378}', "UNASSIGNED"),
        ] {
            let value = derived_property(c);
            assert_eq!(value.as_str(), name, "{c:?}");
            assert_eq!(alloc::format!("{value}"), name, "{c:?}");
        }
    }

    #[test]
    fn bidi_class_matches_derived_bidi_class() {
        let long = [
            ("Left_To_Right", "L"),
            ("Right_To_Left", "R"),
            ("Arabic_Letter", "AL"),
            ("European_Terminator", "ET"),
        ];
        let expected = ucd_property("ucd/extracted/DerivedBidiClass.txt", &long);
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
        let expected = ucd_property(
            "ucd/extracted/DerivedJoiningType.txt",
            &[("Non_Joining", "U")],
        );
        for c in chars() {
            let got = JOINING_TYPES[props(c).joining_type() as usize];
            assert_eq!(
                got, expected[c as usize],
                "Joining_Type of U+{:04X}",
                c as u32
            );
        }
    }

    /// Canonical_Combining_Class and the two tests taken from it: Virama (9), and not 0.
    #[test]
    fn combining_class_matches_derived_combining_class() {
        let expected = ucd_property(
            "ucd/extracted/DerivedCombiningClass.txt",
            &[("Not_Reordered", "0")],
        );
        for c in chars() {
            let ccc = expected[c as usize].as_str();
            let p = props(c);
            assert_eq!(p.ccc().to_string(), ccc, "U+{:04X}", c as u32);
            assert_eq!(p.is_virama(), ccc == "9", "U+{:04X}", c as u32);
            assert_eq!(p.is_reordered(), ccc != "0", "U+{:04X}", c as u32);
        }
    }

    /// The decomposition bit against UnicodeData.txt field 5 (a mapping without a `<tag>`) and
    /// the Hangul syllables (U+AC00..U+D7A3, the core specification section 3.12).
    #[test]
    fn decomposes_matches_unicode_data() {
        let mut canonical = vec![false; 0x11_0000];
        canonical[0xAC00..=0xD7A3].fill(true);
        let text = crate::test_data::read("unicode/18.0.0/ucd/UnicodeData.txt");
        for line in text.lines() {
            let f: Vec<&str> = line.split(';').collect();
            if !f[5].is_empty() && !f[5].starts_with('<') {
                canonical[usize::from_str_radix(f[0], 16).unwrap()] = true;
            }
        }
        assert_eq!(canonical.iter().filter(|&&d| d).count(), 2081 + 11172);
        for c in chars() {
            assert_eq!(
                props(c).decomposes(),
                canonical[c as usize],
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn mark_matches_derived_general_category() {
        let expected = ucd_property("ucd/extracted/DerivedGeneralCategory.txt", &[]);
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
        let mut qc = vec![QuickCheckValue::Yes; 0x11_0000];
        let mut listed = 0;
        for (lo, hi, fields) in crate::test_ucd::lines("ucd/DerivedNormalizationProps.txt") {
            if fields.len() == 2 && fields[0] == "NFC_QC" {
                let value = match fields[1].as_str() {
                    "N" => QuickCheckValue::No,
                    "M" => QuickCheckValue::Maybe,
                    other => panic!("NFC_QC={other}"),
                };
                qc[lo as usize..=hi as usize].fill(value);
                listed += hi - lo + 1;
            }
        }
        assert!(
            listed > 1000,
            "NFC_QC lines in DerivedNormalizationProps.txt: {listed}"
        );
        for c in chars() {
            let want = qc[c as usize];
            assert_eq!(props(c).nfc_quick_check(), want, "U+{:04X}", c as u32);
            assert_eq!(
                props(c).is_nfc_quick_check_yes(),
                want == QuickCheckValue::Yes,
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn script_matches_scripts() {
        let expected = ucd_property("ucd/Scripts.txt", &[]);
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
