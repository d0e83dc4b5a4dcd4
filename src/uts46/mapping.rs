//! UTS #46 section 5, the IDNA Mapping Table, read from the generated ranges in
//! [`crate::tables::uts46`], and Processing steps 1 (Map) and 2 (Normalize) of section 4.

use alloc::borrow::Cow;
use alloc::string::String;

use unicode_normalization::UnicodeNormalization;

use crate::tables::uts46::{MAPPED, RANGE_STARTS, RANGE_VALUES};

/// The status of a code point in the IDNA Mapping Table (UTS #46 section 5), with its mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// `valid`: the code point stays as it is.
    Valid,
    /// `mapped`: the code point is replaced by the string.
    Mapped(&'static str),
    /// `deviation`: kept by Nontransitional Processing, replaced by the string (possibly empty)
    /// by Transitional Processing.
    Deviation(&'static str),
    /// `ignored`: the code point is removed.
    Ignored,
    /// `disallowed`: the code point is kept, and the Validity Criteria (section 4.1, criterion
    /// 7) reject it later.
    Disallowed,
}

/// The table entry for `c`. ASCII is answered without the table: in UTS #46 revision 33 and later
/// every ASCII code point is `valid` but for A-Z, which are mapped to a-z.
#[inline]
pub(crate) fn entry(c: char) -> Entry {
    if c.is_ascii() {
        return match c {
            'A'..='Z' => Entry::Mapped(ascii_lower(c)),
            _ => Entry::Valid,
        };
    }
    let cp = c as u32;
    // The first range starts at U+0000, so the partition point is at least 1.
    let index = RANGE_STARTS
        .partition_point(|&start| start <= cp)
        .saturating_sub(1);
    let Some(&value) = RANGE_VALUES.get(index) else {
        return Entry::Disallowed;
    };
    // Layout (see the table's header): bits 0-2 status, 3-18 byte offset, 19-31 byte length.
    let offset = ((value >> 3) & 0xFFFF) as usize;
    let length = (value >> 19) as usize;
    let mapping = MAPPED.get(offset..offset + length).unwrap_or("");
    match value & 7 {
        0 => Entry::Valid,
        1 => Entry::Mapped(mapping),
        2 => Entry::Deviation(mapping),
        3 => Entry::Ignored,
        _ => Entry::Disallowed,
    }
}

/// The one-letter lowercase string for an ASCII capital letter, borrowed from the table's own
/// mapping string so that nothing is allocated.
fn ascii_lower(c: char) -> &'static str {
    // MAPPED starts with "abcdefghijklmnopqrstuvwxyz" (the mappings of U+0041..U+005A, the first
    // mapped code points); the generator's layout guarantees it and a unit test checks it.
    let i = (c as u8).wrapping_sub(b'A') as usize;
    MAPPED.get(i..i + 1).unwrap_or("")
}

/// Whether the code point is left unchanged by step 1 (Map).
#[inline]
fn unchanged(c: char, transitional: bool) -> bool {
    if c.is_ascii() {
        return !c.is_ascii_uppercase();
    }
    match entry(c) {
        Entry::Valid | Entry::Disallowed => true,
        Entry::Deviation(_) => !transitional,
        Entry::Mapped(_) | Entry::Ignored => false,
    }
}

/// Processing steps 1 (Map) and 2 (Normalize to NFC) of UTS #46 section 4; borrowed when the
/// input is already the answer. The second value tells whether a `disallowed` code point was
/// seen.
pub(crate) fn map_and_normalize(input: &str, transitional: bool) -> (Cow<'_, str>, bool) {
    let mut disallowed = false;
    let mut first_change = None;
    for (i, c) in input.char_indices() {
        if !unchanged(c, transitional) {
            first_change = Some(i);
            break;
        }
        if !c.is_ascii() && entry(c) == Entry::Disallowed {
            disallowed = true;
        }
    }
    let Some(split) = first_change else {
        if is_nfc(input) {
            return (Cow::Borrowed(input), disallowed);
        }
        return (Cow::Owned(input.nfc().collect()), disallowed);
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
                        Entry::Deviation(d) => mapped.push_str(d),
                        _ => mapped.push(m),
                    }
                }
            }
            Entry::Mapped(to) => mapped.push_str(to),
            Entry::Deviation(to) => {
                if transitional {
                    mapped.push_str(to);
                } else {
                    mapped.push(c);
                }
            }
            Entry::Ignored => {}
        }
    }
    if is_nfc(&mapped) {
        (Cow::Owned(mapped), disallowed)
    } else {
        (Cow::Owned(mapped.nfc().collect()), disallowed)
    }
}

/// Whether `s` is in NFC: at once when every code point is ASCII or one NFC leaves alone
/// ([`crate::label::is_nfc_inert`], one property lookup each), by the UAX #15 check otherwise.
fn is_nfc(s: &str) -> bool {
    s.chars()
        .all(|c| c.is_ascii() || crate::label::is_nfc_inert(c))
        || unicode_normalization::is_nfc(s)
}

#[cfg(test)]
mod tests {
    //! The packed table against IdnaMappingTable.txt, for every code point.

    use super::*;

    /// The entry as the file writes it: status name and mapping.
    fn describe(e: Entry) -> (&'static str, String) {
        match e {
            Entry::Valid => ("valid", String::new()),
            Entry::Mapped(m) => ("mapped", m.into()),
            Entry::Deviation(m) => ("deviation", m.into()),
            Entry::Ignored => ("ignored", String::new()),
            Entry::Disallowed => ("disallowed", String::new()),
        }
    }

    #[test]
    fn ascii_capitals_borrow_the_table() {
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
