//! UTS #46 section 5, the IDNA Mapping Table, read from the generated ranges in
//! [`crate::tables::uts46`], and Processing steps 1 (Map) and 2 (Normalize) of section 4.

use alloc::borrow::Cow;
use alloc::string::String;

use unicode_normalization::UnicodeNormalization;

use crate::tables::uts46::{
    BLOCK_FIRST, BLOCK_SHIFT, INDEX_LIMIT, MAPPED, RANGE_LOW, RANGE_VALUES, TAIL_STARTS,
};

// The low bits of a range start are kept in a byte (see the table's header).
const _: () = assert!(BLOCK_SHIFT <= 8);

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
        let block = (cp >> BLOCK_SHIFT) as usize;
        let first = BLOCK_FIRST.get(block).copied().unwrap_or(0) as usize;
        let end = BLOCK_FIRST.get(block + 1).copied().unwrap_or(0) as usize;
        let low = (cp & ((1 << BLOCK_SHIFT) - 1)) as u8;
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

/// Steps 1 and 2 of UTS #46 section 4 applied to a domain name, with what the scan learnt.
pub(crate) struct Mapped<'a> {
    /// The mapped and normalized name; borrowed when the input is already the answer.
    pub(crate) text: Cow<'a, str>,
    /// A `disallowed` code point was seen (step 1 keeps them).
    pub(crate) disallowed: bool,
    /// Every non-ASCII code point of `text` is `valid` (or `deviation`, which Nontransitional
    /// Processing keeps): criterion 7 of section 4.1 holds for them without another lookup.
    pub(crate) valid: bool,
}

/// Processing steps 1 (Map) and 2 (Normalize to NFC) of UTS #46 section 4; borrowed when the
/// input is already the answer. One table lookup per non-ASCII code point until the first one
/// that step 1 changes.
pub(crate) fn map_and_normalize(input: &str, transitional: bool) -> Mapped<'_> {
    let mut disallowed = false;
    let mut first_change = None;
    let mut inert = true;
    for (i, c) in input.char_indices() {
        if c.is_ascii() {
            if c.is_ascii_uppercase() {
                first_change = Some(i);
                break;
            }
            continue;
        }
        match entry(c) {
            Entry::Valid => {}
            Entry::Deviation(_) if !transitional => {}
            Entry::Disallowed => disallowed = true,
            Entry::Mapped(_) | Entry::Deviation(_) | Entry::Ignored => {
                first_change = Some(i);
                break;
            }
        }
        inert = inert && crate::label::is_nfc_inert(c);
    }
    let Some(split) = first_change else {
        if inert || unicode_normalization::is_nfc(input) {
            return Mapped {
                text: Cow::Borrowed(input),
                disallowed,
                valid: !disallowed,
            };
        }
        return Mapped {
            text: Cow::Owned(input.nfc().collect()),
            disallowed,
            valid: false,
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
    }
}

/// Whether `s` is in NFC: at once when every code point is ASCII or one NFC leaves alone
/// ([`crate::label::is_nfc_inert`], one property lookup each), by the UAX #15 check otherwise.
fn is_nfc(s: &str) -> bool {
    s.chars()
        .all(|c| c.is_ascii() || crate::label::is_nfc_inert(c))
        || unicode_normalization::is_nfc(s)
}

/// [`is_nfc`] for a label as code points (criterion 1 of section 4.1 on a decoded A-label).
pub(crate) fn is_nfc_chars(label: &[char]) -> bool {
    if label
        .iter()
        .all(|&c| c.is_ascii() || crate::label::is_nfc_inert(c))
    {
        return true;
    }
    match unicode_normalization::is_nfc_quick(label.iter().copied()) {
        unicode_normalization::IsNormalized::Yes => true,
        unicode_normalization::IsNormalized::No => false,
        unicode_normalization::IsNormalized::Maybe => {
            label.iter().copied().nfc().eq(label.iter().copied())
        }
    }
}

#[cfg(test)]
mod tests {
    //! The packed table against IdnaMappingTable.txt, for every code point.

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
        let text = crate::shared_data::read("unicode/18.0.0/idna/IdnaMappingTable.txt");
        let mut seen = 0u32;
        for (n, line) in text.lines().enumerate() {
            let data = line.split('#').next().unwrap_or("").trim();
            if data.is_empty() {
                continue;
            }
            let fields: Vec<&str> = data.split(';').map(str::trim).collect();
            let (lo, hi) = match fields[0].split_once("..") {
                Some((a, b)) => (
                    u32::from_str_radix(a, 16).unwrap(),
                    u32::from_str_radix(b, 16).unwrap(),
                ),
                None => {
                    let a = u32::from_str_radix(fields[0], 16).unwrap();
                    (a, a)
                }
            };
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
}
