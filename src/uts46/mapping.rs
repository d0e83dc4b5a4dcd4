//! UTS #46 section 5, the IDNA Mapping Table, read from the generated ranges in
//! [`crate::tables::uts46`], and Processing steps 1 (Map) and 2 (Normalize) of section 4.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::nfc::{self, IsNormalized, QuickCheck, QuickCheckValue};
use crate::tables::uts46::{
    BLOCK_FIRST, BMP_SHIFT, CANONICAL_MAPPING_BIT, DELTA_MAPPING_BIT, DELTA_SHIFT, GROUP_FIRST,
    GROUP_SHIFT, INDEX_LIMIT, LENGTH_MASK, LENGTH_SHIFT, MAPPED, OFFSET_MASK, OFFSET_SHIFT,
    PVALID_DEVIATIONS, RANGE_HIGH, RANGE_LOW, RANGE_VALUES, STATUS_DEVIATION, STATUS_DISALLOWED,
    STATUS_IGNORED, STATUS_MAPPED, STATUS_MASK, STATUS_VALID, SUPPLEMENTARY_SHIFT, TAIL_STARTS,
    VALUE_BITS,
};
use crate::ucd::{self, Props};

// The low bits of a range start are kept in a byte, and the index starts above the BMP on a
// block boundary (see the table's header).
const _: () = assert!(BMP_SHIFT <= SUPPLEMENTARY_SHIFT && SUPPLEMENTARY_SHIFT <= 8);
const _: () = assert!(INDEX_LIMIT >= 0x1_0000);
// A value is 16 bits of `RANGE_VALUES` and 8 of `RANGE_HIGH`, one of each per range.
const _: () = assert!(VALUE_BITS == 24);
const _: () = assert!(RANGE_VALUES.len() == RANGE_LOW.len() && RANGE_HIGH.len() == RANGE_LOW.len());

/// The mapping of a `mapped` or `deviation` code point (UTS #46 section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mapping {
    /// A single code point (most mappings: case, width, compatibility variants).
    Char(char),
    /// Any other string, possibly empty (the `deviation` ZERO WIDTH (NON-)JOINER).
    Str(&'static str),
}

impl Mapping {
    /// Calls `f` on each code point of the mapping.
    #[inline]
    pub(crate) fn for_each(self, mut f: impl FnMut(char)) {
        match self {
            Mapping::Char(c) => f(c),
            Mapping::Str(s) => s.chars().for_each(f),
        }
    }

    /// The code points of the mapping.
    #[cfg(test)]
    fn chars(self) -> impl Iterator<Item = char> {
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

/// Step 1 (Map) of UTS #46 section 4 for one code point `c`, whose entry in the table of
/// section 5 is `e`: each code point it becomes goes to `push`, with its status where the table
/// gives it (`Some(true)`: `valid`, or a `deviation` Nontransitional Processing keeps;
/// `Some(false)`: `disallowed`; `None`: a mapping's). An `ignored` code point gives none.
/// Transitional Processing maps the deviation code points a mapping yields too, as
/// IdnaTestV2.txt expects (U+1E9E LATIN CAPITAL LETTER SHARP S, mapped to U+00DF, is the only
/// such mapping): "FA\u{1E9E}.de" is "fass.de" under toAsciiT.
#[inline(always)]
pub(crate) fn map_one(
    c: char,
    e: Entry,
    transitional: bool,
    mut push: impl FnMut(char, Option<bool>),
) {
    match e {
        Entry::Valid => push(c, Some(true)),
        Entry::Disallowed => push(c, Some(false)),
        Entry::Mapped(to) if transitional => to.for_each(|m| match entry(m) {
            Entry::Deviation(d) => d.for_each(|d| push(d, None)),
            _ => push(m, None),
        }),
        Entry::Mapped(to) => to.for_each(|m| push(m, None)),
        Entry::Deviation(to) if transitional => to.for_each(|m| push(m, None)),
        Entry::Deviation(_) => push(c, Some(true)),
        Entry::Ignored => {}
    }
}

/// Whether step 1's output for `c` starts with a code point that step 2 can neither reorder nor
/// compose with what precedes it ([`nfc::cannot_change`]): cut before `c`, the input's NFC after
/// step 1 is that of the two parts (UAX #15 section 9). False for an `ignored` code point, which
/// step 1 removes.
pub(crate) fn starts_segment(c: char, transitional: bool) -> bool {
    if c.is_ascii() {
        return true;
    }
    let mut first = None;
    map_one(c, entry(c), transitional, |m, _| {
        first.get_or_insert(m);
    });
    first.is_some_and(nfc::cannot_change)
}

/// How many copies of `c` `bytes` starts with, compared byte by byte (`c` is 1 to 4 bytes).
pub(crate) fn run_of(bytes: &[u8], c: char) -> usize {
    let mut unit = [0u8; 4];
    let unit = c.encode_utf8(&mut unit).as_bytes();
    bytes
        .chunks_exact(unit.len())
        .take_while(|chunk| chunk.iter().zip(unit).all(|(a, b)| a == b))
        .count()
}

/// Whether non-ASCII `c`, whose properties are `p`, is PVALID (RFC 5892) and so `valid` in the
/// IDNA Mapping Table: every PVALID code point is but the `PVALID_DEVIATIONS` (U+00DF, U+03C2),
/// which the table answers (`pvalid_is_valid_or_deviation` checks it against Idna2008.txt and
/// IdnaMappingTable.txt). The table's ranges extend over such a code point, whose value there is
/// meaningless: 3,468 ranges against 5,928 with the facts and alternating runs of before
/// (33,072 → 22,696 bytes, `tools/gen-tables/README.md`).
#[inline]
fn is_pvalid_valid(p: Props, c: char) -> bool {
    p.is_pvalid() && !PVALID_DEVIATIONS.contains(&(c as u32))
}

/// Criterion 7 of section 4.1 for non-ASCII `c`, whose properties are `p`: [`Entry::is_valid`]
/// of its entry, answered from the properties when it is PVALID (see [`is_pvalid_valid`]).
#[inline]
pub(crate) fn is_valid(p: Props, c: char, transitional: bool) -> bool {
    // The two PVALID deviations are kept by Nontransitional Processing: the property answers
    // for them too then.
    if p.is_pvalid() && !(transitional && PVALID_DEVIATIONS.contains(&(c as u32))) {
        return true;
    }
    match status(value(c as u32)) {
        STATUS_VALID => true,
        STATUS_DEVIATION => !transitional,
        _ => false,
    }
}

/// The low 16 bits of the packed value of the range holding `cp` (layout in the table's header):
/// the status; all but a mapping. Meaningless for a non-ASCII code point that
/// [`is_pvalid_valid`].
#[inline]
fn value(cp: u32) -> u32 {
    lookup(cp).0
}

/// The whole packed value of the range holding `cp`, the mapping's bits from `RANGE_HIGH` too.
#[inline]
fn full_value(cp: u32) -> u32 {
    let (value, index) = lookup(cp);
    // A sum of fields that share no bit (`value` is 16 bits), as their `|` is.
    value
        + RANGE_HIGH
            .get(index)
            .map_or(0, |&high| u32::from(high) << 16)
}

/// The whole packed value of `c`: `valid` for a non-ASCII code point that [`is_pvalid_valid`],
/// else the table's.
#[inline]
fn resolved_value(c: char) -> u32 {
    if !c.is_ascii() && is_pvalid_valid(ucd::props(c), c) {
        return STATUS_VALID;
    }
    full_value(c as u32)
}

/// The number of ranges that start below block `b`: a byte for each block above a `u16` for
/// each group of blocks, 1,725 bytes less than a `u16` for each block (the converting program's
/// tables went under 64 KiB with it).
#[inline]
fn block_first(b: usize) -> usize {
    let group = GROUP_FIRST.get(b >> GROUP_SHIFT).copied().unwrap_or(0);
    usize::from(group) + usize::from(BLOCK_FIRST.get(b).copied().unwrap_or(0))
}

/// [`value`] of `cp`, and the index of its range for `RANGE_HIGH`.
#[inline]
fn lookup(cp: u32) -> (u32, usize) {
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
        let (first, end) = (block_first(block), block_first(block + 1));
        let within = RANGE_LOW
            .get(first..end)
            .map_or(0, |lows| lows.partition_point(|&l| l <= low));
        // The first range starts at U+0000, so a block's first range index is at least 1 or a
        // start within the block is at or below `low`: the sum is at least 1.
        (first + within).wrapping_sub(1)
    } else {
        let first = block_first(BLOCK_FIRST.len() - 1);
        (first + TAIL_STARTS.partition_point(|&s| s <= cp)).wrapping_sub(1)
    };
    // The mapping's bits are apart in `RANGE_HIGH`: a byte a range less than `u32` values (issue
    // 16), and the lookups that need no mapping read 16 bits as they read 32 before. Callgrind,
    // `tools/corpus/count.sh 5`, `uts46::to_ascii` against `u32` values: split, −1.0 to +0.3 %
    // instructions on every corpus (Cyrillic U 1,317,642 → 1,305,652, Greek A 1,315,774 →
    // 1,320,216); the 24 bits loaded together (four bytes of a byte array, masked) +0.3 to
    // +2.4 % (Cyrillic A 1,243,259 → 1,273,535).
    let Some(&value) = RANGE_VALUES.get(index) else {
        // Unreachable for a well-formed table; `disallowed` is the safe answer.
        return (STATUS_DISALLOWED, usize::MAX);
    };
    (u32::from(value), index)
}

/// The status field of a packed value: one of the `STATUS_*` values.
#[inline]
fn status(value: u32) -> u32 {
    value & STATUS_MASK
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
    entry_of(c, resolved_value(c))
}

/// The entry of non-ASCII `c` from its packed value.
#[inline]
fn entry_of(c: char, value: u32) -> Entry {
    let cp = c as u32;
    let mapping = || {
        if value & DELTA_MAPPING_BIT != 0 {
            // The delta is signed in the top bits of the value.
            let delta = ((value << (32 - VALUE_BITS)) as i32) >> (DELTA_SHIFT + 32 - VALUE_BITS);
            char::from_u32(cp.wrapping_add_signed(delta)).map_or(Mapping::Str(""), Mapping::Char)
        } else if value & CANONICAL_MAPPING_BIT != 0 {
            nfc::singleton(c).map_or(Mapping::Str(""), Mapping::Char)
        } else {
            let offset = ((value >> OFFSET_SHIFT) & OFFSET_MASK) as usize;
            let length = ((value >> LENGTH_SHIFT) & LENGTH_MASK) as usize;
            Mapping::Str(MAPPED.get(offset..offset + length).unwrap_or(""))
        }
    };
    match status(value) {
        STATUS_VALID => Entry::Valid,
        STATUS_MAPPED => Entry::Mapped(mapping()),
        STATUS_DEVIATION => Entry::Deviation(mapping()),
        STATUS_IGNORED => Entry::Ignored,
        _ => Entry::Disallowed,
    }
}

/// Whether step 1 keeps non-ASCII `c`, whose properties are `p`, and it is a starter with
/// NFC_Quick_Check=Yes (what [`QuickCheck::starter`] records), answered from the property trie
/// of [`crate::ucd::props`] when `c` is PVALID (RFC 5892): every PVALID code point of Unicode
/// 18.0.0 is `valid` in the IDNA Mapping Table but U+00DF and U+03C2, which are `deviation`
/// (kept by Nontransitional Processing); `pvalid_is_valid_or_deviation` checks it against
/// Idna2008.txt and IdnaMappingTable.txt. False when the IDNA Mapping Table must answer.
///
/// The trie is three dependent reads, where the table is a binary search within a block.
/// Measured (callgrind, `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`, instructions a
/// pass): the A-label forms 915,820 → 832,045, the U-label forms 1,136,072 → 1,068,445, the
/// mix 2,262,603 → 2,111,201 (−6.7 %).
#[inline]
fn kept_starter(p: Props, c: char, transitional: bool) -> bool {
    p.is_pvalid_cut() && !(transitional && PVALID_DEVIATIONS.contains(&(c as u32)))
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
/// input is already the answer. One property lookup per non-ASCII code point answers the NFC
/// quick check and the Bidi test, and step 1 for a PVALID one; the IDNA Mapping Table answers
/// step 1 for the others, until the first code point that step 1 changes.
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
    // The byte offset of the first code point with NFC_Quick_Check=Maybe.
    let mut first_maybe = None;
    for (i, c) in input.char_indices() {
        if c.is_ascii() {
            if c.is_ascii_uppercase() {
                first_change = Some(i);
                break;
            }
            quick.starter();
            continue;
        }
        let p = ucd::props(c);
        if kept_starter(p, c, transitional) {
            quick.starter();
            rtl = rtl || crate::bidi::is_rtl_class(p.bidi_class());
            continue;
        }
        if !is_pvalid_valid(p, c) {
            match status(value(c as u32)) {
                STATUS_VALID => {}
                STATUS_DISALLOWED => disallowed = true,
                STATUS_DEVIATION if !transitional => {}
                _ => {
                    first_change = Some(i);
                    break;
                }
            }
        }
        let qc = p.nfc_quick_check();
        if first_maybe.is_none() && qc == QuickCheckValue::Maybe {
            first_maybe = Some(i);
        }
        quick.push(p.ccc(), qc);
        rtl = rtl || crate::bidi::is_rtl_class(p.bidi_class());
    }
    let Some(split) = first_change else {
        let unchanged = Mapped {
            text: Cow::Borrowed(input),
            disallowed,
            valid: !disallowed,
            maybe_rtl: rtl,
        };
        let verdict = quick.verdict();
        if verdict == IsNormalized::Yes {
            return unchanged;
        }
        // "Maybe" is decided without a copy, which only a name that changes pays for. Measured
        // (callgrind, `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`, instructions a
        // pass), against normalizing to a new string and comparing: the mix 2,330,609 to 2,261,778,
        // the U-label forms 1,170,930 to 1,102,099.
        // Only from the last code point before the first "maybe" that NFC cannot change: the
        // text before it passed the quick check, and NFC composes and reorders nothing across
        // such a code point (UAX #15 section 9). Measured (callgrind, tools/corpus/count.sh 5
        // realistic, `uts46::to_ascii`, instructions a pass), against the whole name: the
        // U-label forms 1,006,735 to 995,137, the mix 1,929,746 to 1,918,148.
        let from = first_maybe
            .and_then(|end| input.get(..end))
            .and_then(|before| {
                before
                    .char_indices()
                    .rev()
                    .find(|&(_, c)| nfc::cannot_change(c))
            })
            .map_or(0, |(at, _)| at);
        if verdict == IsNormalized::Maybe && nfc::is_nfc_str(input.get(from..).unwrap_or(input)) {
            return unchanged;
        }
        return Mapped {
            text: Cow::Owned(nfc::to_nfc(input)),
            disallowed,
            valid: false,
            maybe_rtl: true,
        };
    };
    let mut mapped = String::with_capacity(input.len() + 8);
    mapped.push_str(input.get(..split).unwrap_or(""));
    let mut chars = input.get(split..).unwrap_or("").chars();
    while let Some(c) = chars.next() {
        let e = entry(c);
        if e == Entry::Ignored {
            // The copies that follow an ignored code point, removed at once: a megabyte of
            // U+00AD before `a.com`, 179 M instructions before, 109 M after (callgrind,
            // `uts46::to_ascii`).
            let rest = chars.as_str();
            let copies = run_of(rest.as_bytes(), c);
            chars = rest.get(copies * c.len_utf8()..).unwrap_or("").chars();
            continue;
        }
        map_one(c, e, transitional, |m, valid| {
            disallowed |= valid == Some(false);
            mapped.push(m);
        });
    }
    let text = if nfc::is_nfc_str(&mapped) {
        mapped
    } else {
        nfc::to_nfc(&mapped)
    };
    Mapped {
        text: Cow::Owned(text),
        disallowed,
        valid: false,
        maybe_rtl: true,
    }
}

#[cfg(test)]
mod tests {
    //! The packed table against IdnaMappingTable.txt, and the facts processing reads of the
    //! `valid` and `disallowed` code points against the UCD files, for every code point.

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
            let (lo, hi) = crate::test_ucd::range(fields[0]);
            let mapping: String = fields
                .get(2)
                .map(|m| crate::test_ucd::chars(m).into_iter().collect())
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
                // Criterion 7 of section 4.1: `valid`, or `deviation` under Nontransitional
                // Processing.
                for transitional in [false, true] {
                    if !c.is_ascii() {
                        assert_eq!(
                            is_valid(ucd::props(c), c, transitional),
                            fields[1] == "valid" || (fields[1] == "deviation" && !transitional),
                            "IdnaMappingTable.txt:{}: U+{cp:04X}, transitional {transitional}",
                            n + 1
                        );
                    }
                }
            }
        }
        assert_eq!(seen, 0x11_0000 - 0x800);
    }

    /// Each code point of a `;` file with the first field equal to `property` (or every line
    /// when `property` is empty), with the value field.
    fn ucd_values(file: &str, property: &str) -> Vec<(u32, String)> {
        let mut out = Vec::new();
        for (lo, hi, fields) in crate::test_ucd::lines(file) {
            let value = if property.is_empty() {
                &fields[0]
            } else if fields[0] == property {
                &fields[1]
            } else {
                continue;
            };
            out.extend((lo..=hi).map(|cp| (cp, value.clone())));
        }
        out
    }

    /// U+1E9E, `mapped` to U+00DF, a `deviation`: Transitional Processing maps it on, as
    /// IdnaTestV2.txt expects (line 229: "FAẞ.de", toAsciiN "xn--fa-hia.de", toAsciiT
    /// "fass.de").
    #[test]
    fn a_mapping_to_a_deviation() {
        assert_eq!(
            map_and_normalize("FA\u{1E9E}.de", false).text,
            "fa\u{DF}.de"
        );
        assert_eq!(map_and_normalize("FA\u{1E9E}.de", true).text, "fass.de");
    }

    /// Steps 1 and 2 on names that the quick check cannot pass, each from Python `idna` 3.13
    /// (`uts46_remap`): a U+0301 that composes with the `e` before it, and, later in the name,
    /// an `é` or a U+0332 (NFC_Quick_Check=Yes) or a U+0301 that nothing composes with; a run of U+00AD,
    /// which step 1 removes (`ignored`).
    #[test]
    fn map_and_normalize_composes_before_a_later_code_point() {
        for (input, want) in [
            ("e\u{301}b\u{e9}.com", "\u{e9}b\u{e9}.com"),
            ("e\u{301}bx\u{332}.com", "\u{e9}bx\u{332}.com"),
            ("e\u{301}bx\u{301}.com", "\u{e9}bx\u{301}.com"),
            ("a\u{ad}\u{ad}\u{ad}b.com", "ab.com"),
        ] {
            assert_eq!(map_and_normalize(input, false).text, want, "{input:?}");
        }
    }

    /// The fact [`kept_starter`] stands on, from Unicode's own files: every code point that
    /// Idna2008.txt lists as PVALID is `valid` in IdnaMappingTable.txt, but for U+00DF and
    /// U+03C2, which are `deviation`.
    #[test]
    fn pvalid_is_valid_or_deviation() {
        let mut mapping_status = vec![String::new(); 0x11_0000];
        for (lo, hi, fields) in crate::test_ucd::lines("idna/IdnaMappingTable.txt") {
            for cp in lo..=hi {
                mapping_status[cp as usize] = fields[0].clone();
            }
        }
        let mut pvalid = 0;
        for (lo, hi, fields) in crate::test_ucd::lines("idna/Idna2008.txt") {
            if fields[0] != "PVALID" {
                continue;
            }
            for cp in lo..=hi {
                pvalid += 1;
                let want = if matches!(cp, 0xDF | 0x3C2) {
                    "deviation"
                } else {
                    "valid"
                };
                assert_eq!(mapping_status[cp as usize], want, "U+{cp:04X}");
            }
        }
        assert!(pvalid > 150_000, "{pvalid}");
    }

    /// [`kept_starter`] against the IDNA Mapping Table's entries (checked against the file by
    /// `every_code_point_matches_idna_mapping_table`) and [`nfc::cannot_change`] (checked
    /// against the UCD by its own test), for every non-ASCII code point under both processings:
    /// where it answers, step 1 keeps the code point, which is a starter with
    /// NFC_Quick_Check=Yes, and it answers for every PVALID code point that is one (but U+00DF
    /// and U+03C2 under Transitional Processing, which maps them).
    #[test]
    fn kept_starter_agrees_with_the_table() {
        let mut answered = 0;
        for c in (0x80..0x11_0000u32).filter_map(char::from_u32) {
            let p = crate::ucd::props(c);
            let e = entry(c);
            let starter = nfc::cannot_change(c);
            for transitional in [false, true] {
                let kept = match e {
                    Entry::Valid => starter,
                    Entry::Deviation(_) => !transitional,
                    _ => false,
                };
                let got = kept_starter(p, c, transitional);
                if got {
                    answered += 1;
                    assert!(kept, "U+{:04X} transitional {transitional}", c as u32);
                    assert_eq!(p.derived(), crate::ucd::DerivedProperty::Pvalid);
                }
                if p.derived() == crate::ucd::DerivedProperty::Pvalid && kept && starter {
                    assert!(got, "U+{:04X} transitional {transitional}", c as u32);
                }
            }
        }
        assert!(answered > 250_000, "{answered}");
    }

    #[test]
    fn kept_code_points_carry_ccc_nfc_quick_check_and_rtl() {
        let mut ccc = vec![0u8; 0x11_0000];
        for (cp, v) in ucd_values("ucd/extracted/DerivedCombiningClass.txt", "") {
            ccc[cp as usize] = v.parse().unwrap();
        }
        let mut qc = vec![QuickCheckValue::Yes; 0x11_0000];
        for (cp, v) in ucd_values("ucd/DerivedNormalizationProps.txt", "NFC_QC") {
            qc[cp as usize] = match v.as_str() {
                "M" => QuickCheckValue::Maybe,
                "N" => QuickCheckValue::No,
                other => panic!("NFC_QC {other}"),
            };
        }
        let mut kept = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            if c.is_ascii() {
                continue;
            }
            // The facts processing reads of a code point it keeps: the property trie's.
            let p = crate::ucd::props(c);
            match entry(c) {
                Entry::Valid | Entry::Disallowed => {}
                Entry::Deviation(_) => {
                    assert_eq!(
                        (ccc[c as usize], qc[c as usize]),
                        (0, QuickCheckValue::Yes),
                        "{c:?}"
                    );
                    continue;
                }
                _ => continue,
            }
            kept += 1;
            let cp = c as usize;
            assert_eq!(p.ccc(), ccc[cp], "ccc U+{cp:04X}");
            assert_eq!(p.nfc_quick_check(), qc[cp], "NFC_QC U+{cp:04X}");
            let rtl = matches!(
                crate::bidi::bidi_class(c),
                crate::ucd::BidiClass::R | crate::ucd::BidiClass::AL | crate::ucd::BidiClass::AN
            );
            assert_eq!(
                crate::bidi::is_rtl_class(p.bidi_class()),
                rtl,
                "RTL U+{cp:04X}"
            );
        }
        assert!(kept > 1_000_000, "{kept}");
    }
}
