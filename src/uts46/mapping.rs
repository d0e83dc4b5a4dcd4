//! UTS #46 section 5, the IDNA Mapping Table, read from the generated ranges in
//! [`crate::tables::uts46`], and Processing steps 1 (Map) and 2 (Normalize) of section 4.

use alloc::borrow::Cow;
use alloc::string::String;

use unicode_normalization::UnicodeNormalization;

use crate::tables::uts46::{
    BLOCK_FIRST, BMP_SHIFT, INDEX_LIMIT, MAPPED, RANGE_LOW, RANGE_VALUES, SUPPLEMENTARY_SHIFT,
    TAIL_STARTS,
};

// The low bits of a range start are kept in a byte, and the index starts above the BMP on a
// block boundary (see the table's header).
const _: () = assert!(BMP_SHIFT <= SUPPLEMENTARY_SHIFT && SUPPLEMENTARY_SHIFT <= 8);
const _: () = assert!(INDEX_LIMIT >= 0x1_0000);

/// The mapping of a `mapped` or `deviation` code point (UTS #46 section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mapping {
    /// A single code point (most mappings: case, width, compatibility variants).
    Char(char),
    /// Any other string, possibly empty (the `deviation` ZERO WIDTH (NON-)JOINER).
    Str(&'static str),
}

impl Mapping {
    /// Appends the mapping to `out`.
    #[inline]
    pub(crate) fn push_to(self, out: &mut String) {
        match self {
            Mapping::Char(c) => out.push(c),
            Mapping::Str(s) => out.push_str(s),
        }
    }

    /// The code points of the mapping.
    pub(crate) fn chars(self) -> impl Iterator<Item = char> {
        let (one, rest) = match self {
            Mapping::Char(c) => (Some(c), ""),
            Mapping::Str(s) => (None, s),
        };
        one.into_iter().chain(rest.chars())
    }
}

/// The status of a code point in the IDNA Mapping Table (UTS #46 section 5), with its mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// `valid`: the code point stays as it is.
    Valid,
    /// `mapped`: the code point is replaced by the mapping.
    Mapped(Mapping),
    /// `deviation`: kept by Nontransitional Processing, replaced by the mapping (possibly
    /// empty) by Transitional Processing.
    Deviation(Mapping),
    /// `ignored`: the code point is removed.
    Ignored,
    /// `disallowed`: the code point is kept, and the Validity Criteria (section 4.1, criterion
    /// 7) reject it later.
    Disallowed,
}

/// The packed value of the range holding `cp` (layout in the table's header), with the
/// alternating runs resolved: a code point at an odd distance from its range's start is then
/// `valid`, value 0.
#[inline]
fn value(cp: u32) -> u32 {
    let index = if cp < INDEX_LIMIT {
        let (block, low) = if cp < 0x1_0000 {
            (cp >> BMP_SHIFT, cp & ((1 << BMP_SHIFT) - 1))
        } else {
            (
                (0x1_0000 >> BMP_SHIFT) + ((cp - 0x1_0000) >> SUPPLEMENTARY_SHIFT),
                cp & ((1 << SUPPLEMENTARY_SHIFT) - 1),
            )
        };
        let (block, low) = (block as usize, low as u8);
        let first = BLOCK_FIRST.get(block).copied().unwrap_or(0) as usize;
        let end = BLOCK_FIRST.get(block + 1).copied().unwrap_or(0) as usize;
        let within = RANGE_LOW
            .get(first..end)
            .map_or(0, |lows| lows.partition_point(|&l| l <= low));
        // The first range starts at U+0000, so a block's first range index is at least 1 or a
        // start within the block is at or below `low`: the sum is at least 1.
        (first + within).wrapping_sub(1)
    } else {
        let first = BLOCK_FIRST.last().copied().unwrap_or(0) as usize;
        (first + TAIL_STARTS.partition_point(|&s| s <= cp)).wrapping_sub(1)
    };
    let (Some(&value), Some(&low)) = (RANGE_VALUES.get(index), RANGE_LOW.get(index)) else {
        // Unreachable for a well-formed table; `disallowed` is the safe answer.
        return 4;
    };
    // The range's start and `low` have the same parity (the block size is even).
    if value & 8 != 0 && (cp ^ u32::from(low)) & 1 != 0 {
        return 0;
    }
    value
}

/// The table entry for `c`. ASCII is answered without the table: in UTS #46 revision 33 and later
/// every ASCII code point is `valid` but for A-Z, which are mapped to a-z.
#[inline]
pub(crate) fn entry(c: char) -> Entry {
    if c.is_ascii() {
        return if c.is_ascii_uppercase() {
            Entry::Mapped(Mapping::Char(c.to_ascii_lowercase()))
        } else {
            Entry::Valid
        };
    }
    let cp = c as u32;
    let value = value(cp);
    let mapping = || {
        if value & 16 != 0 {
            let delta = (value as i32) >> 5;
            char::from_u32(cp.wrapping_add_signed(delta)).map_or(Mapping::Str(""), Mapping::Char)
        } else {
            let offset = ((value >> 5) & 0xFFFF) as usize;
            let length = (value >> 21) as usize;
            Mapping::Str(MAPPED.get(offset..offset + length).unwrap_or(""))
        }
    };
    match value & 7 {
        0 => Entry::Valid,
        1 => Entry::Mapped(mapping()),
        2 => Entry::Deviation(mapping()),
        3 => Entry::Ignored,
        _ => Entry::Disallowed,
    }
}

/// The facts a `valid` or `disallowed` value carries (layout in the table's header).
const CCC_SHIFT: u32 = 5;
/// NFC_Quick_Check, two bits: 0 Yes, 1 Maybe, 2 No.
const QC_SHIFT: u32 = 13;
/// Bidi_Class R, AL or AN.
const RTL_BIT: u32 = 1 << 15;

/// The UAX #15 NFC quick check, fed one code point at a time from the table's values.
#[derive(Default)]
struct QuickCheck {
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
    fn starter(&mut self) {
        self.last_ccc = 0;
        self.starter_seen = true;
    }

    /// A `valid` or `disallowed` code point, from its value.
    #[inline]
    fn push(&mut self, value: u32) {
        let ccc = (value >> CCC_SHIFT) as u8;
        if ccc != 0 && self.last_ccc > ccc {
            self.no = true;
        }
        match (value >> QC_SHIFT) & 3 {
            0 => {}
            // With nothing to compose with (a leading combining mark), "maybe" is "yes".
            1 => self.maybe = self.maybe || self.starter_seen,
            _ => self.no = true,
        }
        self.last_ccc = ccc;
        self.starter_seen = self.starter_seen || ccc == 0;
    }

    /// Whether the code points are in NFC; `chars` are they, for the full check on "maybe".
    fn is_nfc(&self, chars: impl Iterator<Item = char> + Clone) -> bool {
        if self.no {
            false
        } else if self.maybe {
            chars.clone().nfc().eq(chars)
        } else {
            true
        }
    }
}

/// Steps 1 and 2 of UTS #46 section 4 applied to a domain name, with what the scan learnt.
pub(crate) struct Mapped<'a> {
    /// The mapped and normalized name; borrowed when the input is already the answer.
    pub(crate) text: Cow<'a, str>,
    /// A `disallowed` code point was seen (step 1 keeps them).
    pub(crate) disallowed: bool,
    /// Every non-ASCII code point of `text` is `valid` (or `deviation`, which Nontransitional
    /// Processing keeps): criterion 7 of section 4.1 holds for them without another lookup.
    pub(crate) valid: bool,
    /// `text` may hold a code point of Bidi_Class R, AL or AN (false only when the scan saw
    /// every code point and none).
    pub(crate) maybe_rtl: bool,
}

/// Processing steps 1 (Map) and 2 (Normalize to NFC) of UTS #46 section 4; borrowed when the
/// input is already the answer. One table lookup per non-ASCII code point answers step 1, the
/// NFC quick check and the Bidi test, until the first code point that step 1 changes.
pub(crate) fn map_and_normalize(input: &str, transitional: bool) -> Mapped<'_> {
    // ASCII without capitals (an A-label form): every code point is `valid`, a starter with
    // NFC_Quick_Check=Yes, and not RTL; the bytes are tested a word at a time.
    if input.is_ascii() && !input.bytes().any(|b| b.is_ascii_uppercase()) {
        return Mapped {
            text: Cow::Borrowed(input),
            disallowed: false,
            valid: true,
            maybe_rtl: false,
        };
    }
    let mut disallowed = false;
    let mut first_change = None;
    let mut quick = QuickCheck::default();
    let mut rtl = false;
    for (i, c) in input.char_indices() {
        if c.is_ascii() {
            if c.is_ascii_uppercase() {
                first_change = Some(i);
                break;
            }
            quick.starter();
            continue;
        }
        let value = value(c as u32);
        match value & 7 {
            0 => {}
            4 => disallowed = true,
            2 if !transitional => {
                quick.starter();
                continue;
            }
            _ => {
                first_change = Some(i);
                break;
            }
        }
        quick.push(value);
        rtl = rtl || value & RTL_BIT != 0;
    }
    let Some(split) = first_change else {
        let unchanged = Mapped {
            text: Cow::Borrowed(input),
            disallowed,
            valid: !disallowed,
            maybe_rtl: rtl,
        };
        if !quick.no && !quick.maybe {
            return unchanged;
        }
        // One normalization answers "maybe" and gives the result when it is "no".
        let nfc: String = input.nfc().collect();
        if quick.maybe && !quick.no && nfc == input {
            return unchanged;
        }
        return Mapped {
            text: Cow::Owned(nfc),
            disallowed,
            valid: false,
            maybe_rtl: true,
        };
    };
    let mut mapped = String::with_capacity(input.len() + 8);
    mapped.push_str(input.get(..split).unwrap_or(""));
    for c in input.get(split..).unwrap_or("").chars() {
        match entry(c) {
            Entry::Valid => mapped.push(c),
            Entry::Disallowed => {
                disallowed = true;
                mapped.push(c);
            }
            // Transitional Processing maps the deviation code points a mapping yields too, as
            // IdnaTestV2.txt expects (U+1E9E LATIN CAPITAL LETTER SHARP S, mapped to U+00DF, is
            // the only such mapping): "FAẞ.de" is "fass.de" under toAsciiT.
            Entry::Mapped(to) if transitional => {
                for m in to.chars() {
                    match entry(m) {
                        Entry::Deviation(d) => d.push_to(&mut mapped),
                        _ => mapped.push(m),
                    }
                }
            }
            Entry::Mapped(to) => to.push_to(&mut mapped),
            Entry::Deviation(to) => {
                if transitional {
                    to.push_to(&mut mapped);
                } else {
                    mapped.push(c);
                }
            }
            Entry::Ignored => {}
        }
    }
    let text = if is_nfc(&mapped) {
        mapped
    } else {
        mapped.nfc().collect()
    };
    Mapped {
        text: Cow::Owned(text),
        disallowed,
        valid: false,
        maybe_rtl: true,
    }
}

/// What one table lookup per non-ASCII code point tells of a label.
pub(crate) struct LabelFacts {
    /// Criterion 7 of section 4.1 holds for every non-ASCII code point: `valid`, or
    /// `deviation` under Nontransitional Processing.
    pub(crate) valid: bool,
    /// The label is in NFC (criterion 1).
    pub(crate) nfc: bool,
    /// The label holds a code point of Bidi_Class R, AL or AN (an RTL label, RFC 5893
    /// section 1.4).
    pub(crate) rtl: bool,
}

/// [`LabelFacts`] of a label, by one table lookup per non-ASCII code point (and the slower
/// checks when a code point is `mapped` or `ignored`, whose values carry no NFC or Bidi facts).
pub(crate) fn label_facts(label: &[char], transitional: bool) -> LabelFacts {
    let mut quick = QuickCheck::default();
    let (mut valid, mut rtl, mut exact) = (true, false, true);
    for &c in label {
        if c.is_ascii() {
            quick.starter();
            continue;
        }
        let value = value(c as u32);
        match value & 7 {
            0 => {}
            4 => valid = false,
            2 => {
                valid = valid && !transitional;
                quick.starter();
                continue;
            }
            _ => {
                valid = false;
                exact = false;
                continue;
            }
        }
        quick.push(value);
        rtl = rtl || value & RTL_BIT != 0;
    }
    if !exact {
        return LabelFacts {
            valid,
            nfc: is_nfc_chars(label.iter().copied()),
            rtl: crate::bidi::has_rtl(label),
        };
    }
    LabelFacts {
        valid,
        nfc: quick.is_nfc(label.iter().copied()),
        rtl,
    }
}

/// Whether `s` is in NFC.
fn is_nfc(s: &str) -> bool {
    is_nfc_chars(s.chars())
}

/// Whether the code points are in NFC (criterion 1 of section 4.1 on a decoded A-label too).
///
/// A code point that NFC leaves alone wherever it stands ([`crate::label::is_nfc_inert`], one
/// property lookup) has `Canonical_Combining_Class=0` and `NFC_Quick_Check=Yes`, like ASCII: the
/// UAX #15 quick check is run with each of them replaced by "a", so that it looks up only the
/// others (the marks, mostly), and the full comparison runs only on its answer "maybe".
pub(crate) fn is_nfc_chars(chars: impl Iterator<Item = char> + Clone) -> bool {
    let inert = |c: char| c.is_ascii() || crate::label::is_nfc_inert(c);
    if chars.clone().all(inert) {
        return true;
    }
    let masked = chars.clone().map(|c| if inert(c) { 'a' } else { c });
    match unicode_normalization::is_nfc_quick(masked) {
        unicode_normalization::IsNormalized::Yes => true,
        unicode_normalization::IsNormalized::No => false,
        unicode_normalization::IsNormalized::Maybe => chars.clone().nfc().eq(chars),
    }
}

#[cfg(test)]
mod tests {
    //! The packed table against IdnaMappingTable.txt, and the facts kept with the `valid` and
    //! `disallowed` code points against the UCD files, for every code point.

    use super::*;

    /// The entry as the file writes it: status name and mapping.
    fn describe(e: Entry) -> (&'static str, String) {
        match e {
            Entry::Valid => ("valid", String::new()),
            Entry::Mapped(m) => ("mapped", m.chars().collect()),
            Entry::Deviation(m) => ("deviation", m.chars().collect()),
            Entry::Ignored => ("ignored", String::new()),
            Entry::Disallowed => ("disallowed", String::new()),
        }
    }

    #[test]
    fn ascii_capitals_map_to_small_letters() {
        for c in 'A'..='Z' {
            let lower = c.to_ascii_lowercase().to_string();
            assert_eq!(describe(entry(c)), ("mapped", lower), "{c}");
        }
    }

    #[test]
    fn every_code_point_matches_idna_mapping_table() {
        let text = crate::test_data::read("unicode/18.0.0/idna/IdnaMappingTable.txt");
        let mut seen = 0u32;
        for (n, line) in text.lines().enumerate() {
            let data = line.split('#').next().unwrap_or("").trim();
            if data.is_empty() {
                continue;
            }
            let fields: Vec<&str> = data.split(';').map(str::trim).collect();
            let (lo, hi) = code_point_range(fields[0]);
            let mapping: String = fields
                .get(2)
                .map(|m| {
                    m.split_whitespace()
                        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
                        .collect()
                })
                .unwrap_or_default();
            for cp in lo..=hi {
                let Some(c) = char::from_u32(cp) else {
                    continue;
                };
                seen += 1;
                assert!(
                    ["valid", "mapped", "deviation", "ignored", "disallowed"].contains(&fields[1]),
                    "IdnaMappingTable.txt:{}: unknown status",
                    n + 1
                );
                assert_eq!(
                    describe(entry(c)),
                    (fields[1], mapping.clone()),
                    "IdnaMappingTable.txt:{}: U+{cp:04X}",
                    n + 1
                );
            }
        }
        assert_eq!(seen, 0x11_0000 - 0x800);
    }

    /// The first field of a UCD line: `XXXX` or `XXXX..YYYY`.
    fn code_point_range(field: &str) -> (u32, u32) {
        let (a, b) = field.split_once("..").unwrap_or((field, field));
        (
            u32::from_str_radix(a, 16).unwrap(),
            u32::from_str_radix(b, 16).unwrap(),
        )
    }

    /// Each code point of a `;` file with the first field equal to `property` (or every line
    /// when `property` is empty), with the value field.
    fn ucd_values(file: &str, property: &str) -> Vec<(u32, String)> {
        let text = crate::test_data::read(file);
        let mut out = Vec::new();
        for line in text.lines() {
            let data = line.split('#').next().unwrap_or("").trim();
            if data.is_empty() {
                continue;
            }
            let fields: Vec<&str> = data.split(';').map(str::trim).collect();
            let value = if property.is_empty() {
                fields[1]
            } else if fields[1] == property {
                fields[2]
            } else {
                continue;
            };
            let (lo, hi) = code_point_range(fields[0]);
            out.extend((lo..=hi).map(|cp| (cp, value.to_string())));
        }
        out
    }

    #[test]
    fn kept_code_points_carry_ccc_nfc_quick_check_and_rtl() {
        let mut ccc = vec![0u8; 0x11_0000];
        for (cp, v) in ucd_values("unicode/18.0.0/ucd/extracted/DerivedCombiningClass.txt", "") {
            ccc[cp as usize] = v.parse().unwrap();
        }
        let mut qc = vec![0u32; 0x11_0000];
        for (cp, v) in ucd_values("unicode/18.0.0/ucd/DerivedNormalizationProps.txt", "NFC_QC") {
            qc[cp as usize] = match v.as_str() {
                "M" => 1,
                "N" => 2,
                other => panic!("NFC_QC {other}"),
            };
        }
        let mut kept = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            if c.is_ascii() {
                continue;
            }
            let v = value(c as u32);
            match v & 7 {
                0 | 4 => {}
                2 => {
                    // The reader takes a deviation for a plain starter.
                    assert_eq!((ccc[c as usize], qc[c as usize]), (0, 0), "{c:?}");
                    continue;
                }
                _ => continue,
            }
            kept += 1;
            let cp = c as usize;
            assert_eq!((v >> CCC_SHIFT) as u8, ccc[cp], "ccc U+{cp:04X}");
            assert_eq!((v >> QC_SHIFT) & 3, qc[cp], "NFC_QC U+{cp:04X}");
            let rtl = matches!(
                crate::bidi::bidi_class(c),
                crate::ucd::BidiClass::R | crate::ucd::BidiClass::AL | crate::ucd::BidiClass::AN
            );
            assert_eq!(v & RTL_BIT != 0, rtl, "RTL U+{cp:04X}");
        }
        assert!(kept > 1_000_000, "{kept}");
    }
}
