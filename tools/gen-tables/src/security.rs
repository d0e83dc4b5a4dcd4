//! `src/tables/security.rs`: the data of UTS #39 (Unicode Security Mechanisms) for the crate's
//! `security` module: one packed value per code point (Identifier_Status and Identifier_Type of
//! section 3.1, the Script_Extensions set of section 5.1, and the few UCD properties the checks
//! of sections 4 and 5 read), the script sets, and the prototypes of `confusables.txt`
//! (section 4).
//!
//! Assumed of the data, and checked: every code point has a Script (`@missing` Unknown) and an
//! Identifier_Type (`@missing` Not_Character); Identifier_Status is `Allowed` or `Restricted`
//! (`@missing`); each confusables.txt source is one code point listed once, of type `MA`; every
//! Script_Extensions value is a Script short name of PropertyValueAliases.txt; the decimal digits
//! (Nd) have a digit value.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::{
    CODE_POINTS, Field, Inputs, Result, Trie, array, data_lines, header, hex_items, missing_lines,
};

/// The files this table is made from.
pub(crate) const INPUTS: [&str; 10] = [
    "security/IdentifierStatus.txt",
    "security/IdentifierType.txt",
    "security/confusables.txt",
    "ucd/Scripts.txt",
    "ucd/ScriptExtensions.txt",
    "ucd/PropertyValueAliases.txt",
    "ucd/extracted/DerivedGeneralCategory.txt",
    "ucd/UnicodeData.txt",
    "ucd/DerivedCoreProperties.txt",
    "ucd/PropList.txt",
];

/// Identifier_Type values in their bit order (IdentifierType.txt's header lists them so).
const TYPES: [&str; 12] = [
    "Not_Character",
    "Deprecated",
    "Default_Ignorable",
    "Not_NFKC",
    "Not_XID",
    "Exclusion",
    "Obsolete",
    "Technical",
    "Uncommon_Use",
    "Limited_Use",
    "Inclusion",
    "Recommended",
];

/// The scripts UTS #39 section 5.1 adds to augmented script sets, which are no Script value
/// (ISO 15924 codes for writing systems of several scripts).
const AUGMENTED: [&str; 3] = ["Hanb", "Jpan", "Kore"];

/// The scripts the crate names (augmented sets, restriction levels).
const NAMED: [(&str, &str); 13] = [
    ("COMMON", "Zyyy"),
    ("INHERITED", "Zinh"),
    ("LATIN", "Latn"),
    ("CYRILLIC", "Cyrl"),
    ("GREEK", "Grek"),
    ("HAN", "Hani"),
    ("HIRAGANA", "Hira"),
    ("KATAKANA", "Kana"),
    ("HANGUL", "Hang"),
    ("BOPOMOFO", "Bopo"),
    ("HANB", "Hanb"),
    ("JPAN", "Jpan"),
    ("KORE", "Kore"),
];

/// Words of a script set (`u64` each).
const SET_WORDS: usize = 3;

const S_ALLOWED: Field = Field {
    name: "ALLOWED",
    shift: 0,
    bits: 1,
    doc: "Identifier_Status is Allowed (UTS #39 section 3.1); else Restricted.",
};
const S_TYPES: Field = Field {
    name: "TYPES",
    shift: 1,
    bits: 5,
    doc: "the index of the Identifier_Type set (section 3.1) in `TYPE_SETS`.",
};
const S_SKELETON_LDH: Field = Field {
    name: "SKELETON_LDH",
    shift: 6,
    bits: 1,
    doc: "an NFD starter (see `NFD_STARTER_BIT`) that adds only ASCII letters, digits and\n\
          /// hyphens to a skeleton (section 4): dropped (Default_Ignorable_Code_Point), an ASCII\n\
          /// letter, digit or hyphen that is no source of confusables.txt, or a source whose\n\
          /// prototype's NFD form is all of them.",
};
const S_SCX: Field = Field {
    name: "SCX",
    shift: 13,
    bits: 9,
    doc: "the index of the code point's Script_Extensions in `SCRIPT_SETS`.",
};
const S_NONSPACING: Field = Field {
    name: "NONSPACING",
    shift: 22,
    bits: 1,
    doc: "General_Category Mn or Me, a nonspacing mark (section 5.4).",
};
const S_DIGIT: Field = Field {
    name: "DIGIT",
    shift: 23,
    bits: 1,
    doc: "General_Category Nd, a decimal digit (section 5.3).",
};
const S_DIGIT_VALUE: Field = Field {
    name: "DIGIT_VALUE",
    shift: 24,
    bits: 4,
    doc: "the digit's value (UnicodeData.txt field 6); its zero is the code point minus it.",
};
const S_IGNORABLE: Field = Field {
    name: "DEFAULT_IGNORABLE",
    shift: 28,
    bits: 1,
    doc: "Default_Ignorable_Code_Point (the skeleton drops it, section 4).",
};
const S_SOFT_DOTTED: Field = Field {
    name: "SOFT_DOTTED",
    shift: 29,
    bits: 1,
    doc: "Soft_Dotted (PropList.txt): a dot above it hides (section 5.4).",
};
const S_CONFUSABLE: Field = Field {
    name: "CONFUSABLE",
    shift: 30,
    bits: 1,
    doc: "a source of confusables.txt: the skeleton maps it (section 4).",
};
const S_STARTER: Field = Field {
    name: "NFD_STARTER",
    shift: 31,
    bits: 1,
    doc: "its own canonical decomposition (UAX #15) and Canonical_Combining_Class 0: NFD keeps it\n\
          /// in place, so the skeleton and the mark checks need not decompose it.",
};
const FIELDS: [&Field; 11] = [
    &S_ALLOWED,
    &S_TYPES,
    &S_SKELETON_LDH,
    &S_SCX,
    &S_NONSPACING,
    &S_DIGIT,
    &S_DIGIT_VALUE,
    &S_IGNORABLE,
    &S_SOFT_DOTTED,
    &S_CONFUSABLE,
    &S_STARTER,
];

/// Trie shifts of this table (its values do not fit the property trie's one-byte index).
const DATA_SHIFT: u32 = 4;
const INDEX_SHIFT: u32 = 10;

fn hex_cps(field: &str, file: &str, line: usize) -> Result<Vec<u32>> {
    field
        .split_whitespace()
        .map(|h| crate::parse_cp(h, file, line))
        .collect()
}

/// The file `security.rs` of `src/tables`.
pub(crate) fn render(inputs: &Inputs, version: (u8, u8, u8)) -> Result<(&'static str, String)> {
    let [
        status_file,
        type_file,
        conf_file,
        sc_file,
        scx_file,
        pva_file,
        gc_file,
        ud_file,
        dcp_file,
        pl_file,
    ] = INPUTS;
    let expected = format!("# Version: {}.{}.{}", version.0, version.1, version.2);
    for file in [status_file, type_file, conf_file] {
        if !inputs.text(file).lines().any(|l| l.trim() == expected) {
            return Err(format!("{file}: no `{expected}` line"));
        }
    }

    // Script values: short and long names, in PropertyValueAliases.txt order, then the
    // augmented ones.
    let mut short_names: Vec<String> = Vec::new();
    let mut by_name: BTreeMap<String, u8> = BTreeMap::new();
    for (i, raw) in inputs.text(pva_file).lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        if fields.first() != Some(&"sc") {
            continue;
        }
        let id = u8::try_from(short_names.len())
            .map_err(|_| format!("{pva_file}:{}: too many scripts", i + 1))?;
        for name in fields.iter().skip(1) {
            by_name.insert((*name).to_string(), id);
        }
        short_names.push(fields.get(1).copied().unwrap_or("").to_string());
    }
    for name in AUGMENTED {
        if by_name.contains_key(name) {
            return Err(format!("{pva_file}: {name} is a Script value now"));
        }
        by_name.insert(name.to_string(), short_names.len() as u8);
        short_names.push(name.to_string());
    }
    if short_names.len() > 64 * SET_WORDS {
        return Err(format!(
            "{} scripts do not fit a script set",
            short_names.len()
        ));
    }
    let id = |name: &str| -> Result<u8> {
        by_name
            .get(name)
            .copied()
            .ok_or_else(|| format!("{pva_file}: no script {name:?}"))
    };

    // Script, then Script_Extensions over it (its `@missing` default is the Script).
    let mut scx: Vec<Vec<u8>> = vec![Vec::new(); CODE_POINTS];
    for line in missing_lines(inputs.text(sc_file), sc_file)?
        .iter()
        .chain(data_lines(inputs.text(sc_file), sc_file)?.iter())
    {
        let v = id(line.fields.first().copied().unwrap_or(""))?;
        for cp in line.first..=line.last {
            scx[cp as usize] = vec![v];
        }
    }
    for (cp, set) in scx.iter().enumerate() {
        if set.is_empty() {
            return Err(format!("{sc_file}: no Script for U+{cp:04X}"));
        }
    }
    for line in data_lines(inputs.text(scx_file), scx_file)? {
        let mut set: Vec<u8> = line
            .fields
            .first()
            .copied()
            .unwrap_or("")
            .split_whitespace()
            .map(id)
            .collect::<Result<_>>()?;
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(format!("{scx_file}: empty set at U+{:04X}", line.first));
        }
        for cp in line.first..=line.last {
            scx[cp as usize] = set.clone();
        }
    }
    let sets: BTreeSet<&Vec<u8>> = scx.iter().collect();
    let sets: Vec<Vec<u8>> = sets.into_iter().cloned().collect();
    let set_index: BTreeMap<&Vec<u8>, u32> = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (s, i as u32))
        .collect();
    let words = |set: &[u8]| {
        let mut w = [0u64; SET_WORDS];
        for &s in set {
            if let Some(word) = w.get_mut(usize::from(s) / 64) {
                *word |= 1 << (s % 64);
            }
        }
        w
    };

    // Identifier_Status and Identifier_Type.
    let mut allowed = vec![None; CODE_POINTS];
    for line in missing_lines(inputs.text(status_file), status_file)?
        .iter()
        .chain(data_lines(inputs.text(status_file), status_file)?.iter())
    {
        let v = match line.fields.first().copied() {
            Some("Allowed") => true,
            Some("Restricted") => false,
            other => return Err(format!("{status_file}: unknown status {other:?}")),
        };
        for cp in line.first..=line.last {
            allowed[cp as usize] = Some(v);
        }
    }
    let mut types = vec![None; CODE_POINTS];
    for line in missing_lines(inputs.text(type_file), type_file)?
        .iter()
        .chain(data_lines(inputs.text(type_file), type_file)?.iter())
    {
        let mut bits = 0u32;
        for name in line
            .fields
            .first()
            .copied()
            .unwrap_or("")
            .split_whitespace()
        {
            let i = TYPES
                .iter()
                .position(|t| *t == name)
                .ok_or_else(|| format!("{type_file}: unknown Identifier_Type {name:?}"))?;
            bits |= 1 << i;
        }
        if bits == 0 {
            return Err(format!(
                "{type_file}: empty type set at U+{:04X}",
                line.first
            ));
        }
        for cp in line.first..=line.last {
            types[cp as usize] = Some(bits);
        }
    }
    for cp in 0..CODE_POINTS {
        if allowed[cp].is_none() || types[cp].is_none() {
            return Err(format!(
                "no Identifier_Status or Identifier_Type for U+{cp:04X}"
            ));
        }
    }
    // The Recommended scripts (UAX #31 Table 5) as the data has them: the scripts of the
    // characters of Identifier_Type Recommended (Script_Extensions of one script).
    let mut recommended: BTreeSet<u8> = BTreeSet::new();
    for cp in 0..CODE_POINTS {
        if let ([one], Some(t)) = (&scx[cp][..], types[cp])
            && t & (1 << 11) != 0
        {
            recommended.insert(*one);
        }
    }
    // General_Category (Mn, Me, Nd), digit values, Default_Ignorable, Soft_Dotted.
    let mut gc = vec![""; CODE_POINTS];
    for line in data_lines(inputs.text(gc_file), gc_file)? {
        let v = line.fields.first().copied().unwrap_or("");
        for cp in line.first..=line.last {
            gc[cp as usize] = v;
        }
    }
    let mut digit_value = vec![None; CODE_POINTS];
    // NFD leaves in place a code point of class 0 with no canonical decomposition; UnicodeData.txt
    // omits the unassigned ones (class 0, none), and its `First>`/`Last>` ranges hold Hangul
    // syllables (decomposed by algorithm, UAX #15) and ideographs (none).
    let mut starter = vec![true; CODE_POINTS];
    // Canonical decomposition mappings (Hangul syllables, decomposed by algorithm into jamo,
    // are not ASCII, which is all `nfd_is_ldh` below asks).
    let mut canonical: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut range_first: Option<u32> = None;
    for (i, raw) in inputs.text(ud_file).lines().enumerate() {
        let fields: Vec<&str> = raw.split(';').collect();
        let cp = crate::parse_cp(fields.first().copied().unwrap_or(""), ud_file, i + 1)?;
        let name = fields.get(1).copied().unwrap_or("");
        let ccc = fields.get(3).copied().unwrap_or("0");
        let decomposition = fields.get(5).copied().unwrap_or("");
        let keeps = ccc == "0"
            && (decomposition.is_empty() || decomposition.starts_with('<'))
            && !name.starts_with("<Hangul Syllable");
        if name.ends_with(", First>") {
            range_first = Some(cp);
        } else if name.ends_with(", Last>") {
            let first = range_first
                .take()
                .ok_or(format!("{ud_file}:{}: Last without First", i + 1))?;
            for r in first..=cp {
                starter[r as usize] = keeps;
            }
        }
        starter[cp as usize] = keeps;
        if !decomposition.is_empty() && !decomposition.starts_with('<') {
            canonical.insert(cp, hex_cps(decomposition, ud_file, i + 1)?);
        }
        if fields.get(2) == Some(&"Nd") {
            let cp = crate::parse_cp(fields.first().copied().unwrap_or(""), ud_file, i + 1)?;
            let v: u32 = fields
                .get(6)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{ud_file}:{}: Nd without a digit value", i + 1))?;
            digit_value[cp as usize] = Some(v);
        }
    }
    let binary = |file: &str, name: &str| -> Result<Vec<bool>> {
        let mut set = vec![false; CODE_POINTS];
        for line in data_lines(inputs.text(file), file)? {
            if line.fields.first() == Some(&name) {
                for cp in line.first..=line.last {
                    set[cp as usize] = true;
                }
            }
        }
        if !set.contains(&true) {
            return Err(format!("{file}: no {name}"));
        }
        Ok(set)
    };
    let ignorable = binary(dcp_file, "Default_Ignorable_Code_Point")?;
    let soft_dotted = binary(pl_file, "Soft_Dotted")?;

    // confusables.txt: source ; target ; MA.
    let mut prototypes: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let text = inputs.text(conf_file);
    for (i, raw) in text.lines().enumerate() {
        let raw = raw.trim_start_matches('\u{FEFF}');
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        let [source, target, kind] = fields[..] else {
            return Err(format!("{conf_file}:{}: expected three fields", i + 1));
        };
        if kind != "MA" {
            return Err(format!("{conf_file}:{}: type {kind:?}, not MA", i + 1));
        }
        let source = hex_cps(source, conf_file, i + 1)?;
        let [source] = source[..] else {
            return Err(format!(
                "{conf_file}:{}: source is not one code point",
                i + 1
            ));
        };
        let target = hex_cps(target, conf_file, i + 1)?;
        if target.is_empty() || prototypes.insert(source, target).is_some() {
            return Err(format!(
                "{conf_file}:{}: empty target or repeated source",
                i + 1
            ));
        }
    }

    // Whether the NFD form of a code point is all ASCII letters, digits and hyphens.
    fn nfd_is_ldh(cp: u32, canonical: &BTreeMap<u32, Vec<u32>>) -> bool {
        match canonical.get(&cp) {
            Some(d) => d.iter().all(|&d| nfd_is_ldh(d, canonical)),
            None => u8::try_from(cp).is_ok_and(|b| b.is_ascii_alphanumeric() || b == b'-'),
        }
    }
    // The distinct Identifier_Type sets, in increasing order of their bits.
    let type_sets: Vec<u32> = types
        .iter()
        .map(|t| t.unwrap_or(0))
        .collect::<BTreeSet<u32>>()
        .into_iter()
        .collect();
    let type_index = |bits: u32| type_sets.iter().position(|&t| t == bits).unwrap_or(0) as u32;

    // The packed values.
    let mut packed = vec![0u32; CODE_POINTS];
    for cp in 0..CODE_POINTS {
        let skeleton_ldh = starter[cp]
            && (ignorable[cp]
                || match prototypes.get(&(cp as u32)) {
                    Some(target) => target.iter().all(|&t| nfd_is_ldh(t, &canonical)),
                    None => nfd_is_ldh(cp as u32, &canonical),
                });
        let (dv, is_digit) = match (gc[cp], digit_value[cp]) {
            ("Nd", Some(v)) => (v, 1),
            ("Nd", None) => return Err(format!("{ud_file}: U+{cp:04X} is Nd without a value")),
            _ => (0, 0),
        };
        packed[cp] = S_ALLOWED.put(u32::from(allowed[cp] == Some(true)))?
            | S_TYPES.put(type_index(types[cp].unwrap_or(0)))?
            | S_SKELETON_LDH.put(u32::from(skeleton_ldh))?
            | S_SCX.put(set_index[&scx[cp]])?
            | S_NONSPACING.put(u32::from(matches!(gc[cp], "Mn" | "Me")))?
            | S_DIGIT.put(is_digit)?
            | S_DIGIT_VALUE.put(dv)?
            | S_IGNORABLE.put(u32::from(ignorable[cp]))?
            | S_SOFT_DOTTED.put(u32::from(soft_dotted[cp]))?
            | S_CONFUSABLE.put(u32::from(prototypes.contains_key(&(cp as u32))))?
            | S_STARTER.put(u32::from(starter[cp]))?;
    }
    let values: Vec<u32> = packed
        .iter()
        .copied()
        .collect::<BTreeSet<u32>>()
        .into_iter()
        .collect();
    let value_index: BTreeMap<u32, u16> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as u16))
        .collect();
    if values.len() > usize::from(u16::MAX) {
        return Err(format!("{} packed values do not fit u16", values.len()));
    }
    let indices: Vec<u16> = packed.iter().map(|v| value_index[v]).collect();
    let trie = Trie::build(&indices, DATA_SHIFT, INDEX_SHIFT)?;
    for cp in 0..CODE_POINTS as u32 {
        if values.get(usize::from(trie.get(cp))) != Some(&packed[cp as usize]) {
            return Err(format!("security trie lookup of U+{cp:04X} disagrees"));
        }
    }

    // Prototypes: sorted sources, each with its offset and length in one string, and a flag
    // when every character of the prototype is an NFD starter (the skeleton's last NFD keeps it).
    let mut pool = String::new();
    let mut targets = Vec::new();
    for target in prototypes.values() {
        let s: String = target
            .iter()
            .map(|&cp| char::from_u32(cp).ok_or(format!("{conf_file}: U+{cp:04X} in a target")))
            .collect::<Result<_>>()?;
        let offset = match pool.find(&s) {
            Some(o) => o,
            None => {
                pool.push_str(&s);
                pool.len() - s.len()
            }
        };
        if offset >= 1 << 23 || s.len() >= 1 << 8 {
            return Err(format!(
                "{conf_file}: pool offset {offset} or length too large"
            ));
        }
        let starters = target.iter().all(|&cp| starter[cp as usize]);
        targets.push((u32::from(starters) << 31) | (offset << 8 | s.len()) as u32);
    }
    let sources: Vec<u32> = prototypes.keys().copied().collect();
    // The index of a source among the sources, by rank: for each chunk of 64 code points, the
    // sources below it and a bit per source in it; chunks without a source share row 0.
    let chunks = sources.last().map_or(0, |&cp| cp >> 6) + 1;
    let mut rows: Vec<(u64, u32)> = vec![(0, 0)];
    let mut chunk_rows: Vec<u32> = Vec::new();
    for chunk in 0..chunks {
        let below = sources.partition_point(|&cp| cp < chunk << 6);
        let bits = sources
            .iter()
            .filter(|&&cp| cp >> 6 == chunk)
            .fold(0u64, |b, &cp| b | 1 << (cp & 63));
        if bits == 0 {
            chunk_rows.push(0);
        } else {
            chunk_rows.push(rows.len() as u32);
            rows.push((bits, below as u32));
        }
    }
    if rows.len() > usize::from(u16::MAX) || sources.len() > usize::from(u16::MAX) {
        return Err(format!("{conf_file}: too many sources for the rank index"));
    }
    for (i, &cp) in sources.iter().enumerate() {
        let (bits, below) = rows[chunk_rows[(cp >> 6) as usize] as usize];
        let rank = below + (bits & ((1u64 << (cp & 63)) - 1)).count_ones();
        if rank as usize != i || bits & (1 << (cp & 63)) == 0 {
            return Err(format!("{conf_file}: rank of U+{cp:04X} disagrees"));
        }
    }
    let row_bits: Vec<String> = rows.iter().map(|&(b, _)| format!("0x{b:016X}")).collect();
    let row_below: Vec<u32> = rows.iter().map(|&(_, n)| n).collect();

    let set_bytes = sets.len() * SET_WORDS * 8;
    let trie_bytes =
        2 * (trie.bmp.len() + trie.index2.len()) + trie.index1.len() + 2 * trie.data.len();
    let proto_bytes = 4 * sources.len() + 2 * chunk_rows.len() + 10 * rows.len() + pool.len();
    let sizes = format!(
        "Security trie: {} bytes (BMP index {} and index2 {} entries of u16; index1 {} of u8;\n\
         data {} of u16; values {} and ASCII 128 of u32; {} type sets of u16).\n\
         Script sets: {set_bytes} bytes ({} sets of {} scripts).\n\
         Prototypes: {proto_bytes} bytes ({} targets of u32, {} chunks of u16, {} rows of u64 and\n\
         u16, {} bytes of strings).\n\
         In all: {} bytes.",
        trie_bytes + 4 * values.len() + 4 * 0x80 + 2 * type_sets.len(),
        trie.bmp.len(),
        trie.index2.len(),
        trie.index1.len(),
        trie.data.len(),
        values.len(),
        type_sets.len(),
        sets.len(),
        short_names.len(),
        sources.len(),
        chunk_rows.len(),
        rows.len(),
        pool.len(),
        trie_bytes + 4 * values.len() + 4 * 0x80 + 2 * type_sets.len() + set_bytes + proto_bytes
    );
    let mut s = header(inputs, version, &INPUTS, &sizes);
    s.push_str(
        "//! UTS #39 data: one packed `u32` per code point, found through a code point trie (as in\n\
         //! `properties.rs`: `DATA[BMP_INDEX[cp >> DATA_SHIFT] + (cp & mask)]` in the BMP, through\n\
         //! `INDEX1` and `INDEX2` above) as a `u16` index into `VALUES`; the fields are the\n\
         //! `*_BIT`, `*_SHIFT` and `*_MASK` constants below. `SCRIPT_SETS` holds the distinct\n\
         //! Script_Extensions values as bit sets over `SCRIPT_NAMES` (bit `i` of word `i / 64`).\n\
         //! The sources of confusables.txt, in increasing order, are numbered by rank: source `cp`\n\
         //! is number `PROTOTYPE_BELOW[r] + (PROTOTYPE_BITS[r] & ((1 << (cp & 63)) - 1)).count_ones()`\n\
         //! with `r = PROTOTYPE_CHUNKS[cp >> 6]`; the target of number `i` is\n\
         //! `PROTOTYPES[offset..offset + len]` with `PROTOTYPE_TARGETS[i] & !TARGET_STARTERS_BIT` =\n\
         //! `offset << 8 | len` (bytes).\n\n",
    );
    for field in FIELDS {
        s.push_str(&field.render());
    }
    let quoted = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("{n:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let type_names: Vec<String> = TYPES.iter().map(|t| (*t).to_string()).collect();
    let _ = writeln!(
        s,
        "/// Identifier_Type values by bit of a `TYPE_SETS` entry.\n\
         pub(crate) static IDENTIFIER_TYPES: [&str; {}] = [{}];\n\n\
         /// The distinct Identifier_Type sets, bit `i` for `IDENTIFIER_TYPES[i]`, by `TYPES` index.\n\
         pub(crate) static TYPE_SETS: [u16; {}] = [{}];\n\n\
         /// Script short names (ISO 15924) by script number: the Script values of\n\
         /// PropertyValueAliases.txt, then Hanb, Jpan and Kore (UTS #39 section 5.1).\n\
         pub(crate) static SCRIPT_NAMES: [&str; {}] = [{}];\n\n\
         /// Words of a script set.\n\
         pub(crate) const SET_WORDS: usize = {SET_WORDS};\n",
        TYPES.len(),
        quoted(&type_names),
        type_sets.len(),
        type_sets
            .iter()
            .map(|t| format!("0x{t:03X}"))
            .collect::<Vec<_>>()
            .join(", "),
        short_names.len(),
        quoted(&short_names),
    );
    for (name, short) in NAMED {
        let _ = writeln!(
            s,
            "/// The script number of {short}.\npub(crate) const {name}: u8 = {};",
            id(short)?
        );
    }
    let recommended: Vec<u8> = recommended.into_iter().collect();
    let _ = writeln!(
        s,
        "\n/// The Recommended scripts of UAX #31 Table 5 as IdentifierType.txt has them (the scripts\n\
         /// of its Recommended characters), as a script set.\n\
         pub(crate) static RECOMMENDED: [u64; SET_WORDS] = [{}];\n",
        words(&recommended)
            .iter()
            .map(|w| format!("0x{w:016X}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "/// Entries per data block is `1 << DATA_SHIFT`.\n\
         pub(crate) const DATA_SHIFT: u32 = {DATA_SHIFT};\n\n\
         /// Code points per `INDEX1` entry is `1 << INDEX_SHIFT`.\n\
         pub(crate) const INDEX_SHIFT: u32 = {INDEX_SHIFT};\n"
    );
    s.push_str(&array(
        "BMP_INDEX",
        "u16",
        &trie.bmp,
        "Offset into `DATA` of each BMP block.",
    ));
    s.push_str(&array(
        "INDEX1",
        "u8",
        &trie.index1,
        "The block of `INDEX2` for each `1 << INDEX_SHIFT` code points.",
    ));
    s.push_str(&array(
        "INDEX2",
        "u16",
        &trie.index2,
        "Offset into `DATA` of each data block.",
    ));
    s.push_str(&array(
        "DATA",
        "u16",
        &trie.data,
        "The index into `VALUES` of each code point, in deduplicated blocks.",
    ));
    s.push_str(&array(
        "VALUES",
        "u32",
        &hex_items(&values, 8),
        "The distinct packed values, in increasing order.",
    ));
    s.push_str(&array(
        "ASCII_VALUES",
        "u32",
        &hex_items(&packed[..0x80], 8),
        "The packed value of each ASCII code point, read without the trie.",
    ));
    let _ = writeln!(
        s,
        "/// The distinct Script_Extensions values, as script sets.\n\
         pub(crate) static SCRIPT_SETS: [[u64; SET_WORDS]; {}] = [",
        sets.len()
    );
    for set in &sets {
        let w = words(set);
        let _ = writeln!(
            s,
            "    [{}],",
            w.iter()
                .map(|w| format!("0x{w:X}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    s.push_str("];\n\n");
    s.push_str(&array(
        "PROTOTYPE_CHUNKS",
        "u16",
        &chunk_rows,
        "The row of `PROTOTYPE_BITS` and `PROTOTYPE_BELOW` of each chunk of 64 code points (0: no\n\
         /// source).",
    ));
    s.push_str(&array(
        "PROTOTYPE_BITS",
        "u64",
        &row_bits,
        "Bit `cp & 63` for each source `cp` of the row's chunk.",
    ));
    s.push_str(&array(
        "PROTOTYPE_BELOW",
        "u16",
        &row_below,
        "The number of sources below the row's chunk.",
    ));
    s.push_str(
        "/// Bit 31 of a `PROTOTYPE_TARGETS` entry: every character of the prototype is an NFD\n\
         /// starter (see `NFD_STARTER_BIT`).\n\
         pub(crate) const TARGET_STARTERS_BIT: u32 = 1 << 31;\n\n",
    );
    s.push_str(&array(
        "PROTOTYPE_TARGETS",
        "u32",
        &hex_items(&targets, 8),
        "`offset << 8 | len` of each source's prototype in `PROTOTYPES`, with\n\
         /// `TARGET_STARTERS_BIT`.",
    ));
    let _ = writeln!(
        s,
        "/// The prototypes, concatenated; one that is part of another is stored once.\n\
         pub(crate) static PROTOTYPES: &str = \"{}\";",
        pool.escape_unicode()
    );
    Ok(("security.rs", s))
}
