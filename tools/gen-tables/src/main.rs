//! Generates `src/tables/` of `idn-hostname` from the raw Unicode Character Database.
//!
//! ```text
//! cargo run --release -p gen-tables -- data/unicode/18.0.0 src/tables
//! ```
//!
//! The first argument is a folder holding `ucd/` (the raw UCD, with `extracted/`) and `idna/`
//! (`IdnaMappingTable.txt`); the second is where the tables go. Every input is checked against
//! `inputs.sha256` beside this crate before it is read, so a table can only come from the data it
//! says it came from.
//!
//! The RFC 5892 derived property is computed here with the algorithm of RFC 5892 section 3 from
//! the raw properties. `Idna2008.txt` is never read: it is the check the crate's tests run against
//! the table. See `README.md` beside this file for the layout and the measurements behind it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use sha2::{Digest, Sha256};

mod escape;
mod security;

/// The command that regenerates the tables, written into every header.
const COMMAND: &str = "cargo run --release -p gen-tables -- data/unicode/18.0.0 src/tables";
const CODE_POINTS: usize = 0x11_0000;

/// Shift of the data block (entries per block = `1 << DATA_SHIFT`) of the property trie; chosen
/// by measurement, see README.md.
const DATA_SHIFT: u32 = 4;
/// Shift of the first-level index of the property trie (supplementary planes).
const INDEX_SHIFT: u32 = 10;

type Result<T> = std::result::Result<T, String>;

/// A field of a packed value. The generated file names it beside its table: `{NAME}_BIT` for a
/// one-bit field, `{NAME}_SHIFT` and `{NAME}_MASK` (the mask after the shift) for a wider one;
/// the crate reads the values through those names only.
struct Field {
    name: &'static str,
    shift: u32,
    bits: u32,
    doc: &'static str,
}

impl Field {
    /// `value` in the field's place; an error when it does not fit.
    fn put(&self, value: u32) -> Result<u32> {
        if value >> self.bits != 0 {
            return Err(format!(
                "{value} does not fit the {} bits of {}",
                self.bits, self.name
            ));
        }
        Ok(value << self.shift)
    }

    /// The field's value in `packed`.
    fn get(&self, packed: u32) -> u32 {
        (packed >> self.shift) & self.mask()
    }

    fn mask(&self) -> u32 {
        (1u32 << self.bits) - 1
    }

    /// The constants that name the field in the generated code.
    fn render(&self) -> String {
        let (name, doc, last) = (self.name, self.doc, self.shift + self.bits - 1);
        if self.bits == 1 {
            format!(
                "/// Bit {}: {doc}\npub(crate) const {name}_BIT: u32 = 1 << {};\n\n",
                self.shift, self.shift
            )
        } else if self.shift == 0 {
            // The lowest field is read with its mask alone: no shift for a reader to write.
            format!(
                "/// Bits 0-{last}: {doc}\npub(crate) const {name}_MASK: u32 = 0x{:X};\n\n",
                self.mask()
            )
        } else {
            format!(
                "/// Bits {}-{last}: {doc}\npub(crate) const {name}_SHIFT: u32 = {};\n\
                 /// The bits of `{name}` after the shift.\n\
                 pub(crate) const {name}_MASK: u32 = 0x{:X};\n\n",
                self.shift,
                self.shift,
                self.mask()
            )
        }
    }
}

/// `pub(crate) const {prefix}_{NAME}: u32 = {index};` for each name of a packed enumeration.
fn render_values(prefix: &str, doc: &str, names: &[&str]) -> String {
    let mut s = format!("// {doc}\n");
    for (i, name) in names.iter().enumerate() {
        let _ = writeln!(
            s,
            "pub(crate) const {prefix}_{}: u32 = {i};",
            name.to_uppercase()
        );
    }
    s.push('\n');
    s
}

/// A `Copy` enum of the packed indices `0..names.len()`, with `{NAME}_BY_INDEX` to read it.
fn render_enum(name: &str, doc: &str, variants: &[(&str, &str)]) -> String {
    let mut s = format!(
        "/// {doc}\n#[allow(clippy::upper_case_acronyms)]\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub(crate) enum {name} {{\n"
    );
    for (i, (variant, long)) in variants.iter().enumerate() {
        let _ = writeln!(s, "    /// {long}.\n    {variant} = {i},");
    }
    let upper: String = name
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            let sep = (i > 0 && c.is_ascii_uppercase()).then_some('_');
            sep.into_iter()
                .chain(std::iter::once(c.to_ascii_uppercase()))
        })
        .collect();
    let _ = writeln!(
        s,
        "}}\n\n/// The `{name}` of each packed index.\n\
         pub(crate) static {upper}_BY_INDEX: [{name}; {}] = [{}];\n",
        variants.len(),
        variants
            .iter()
            .map(|(v, _)| format!("{name}::{v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (root, out) = match args.as_slice() {
        [root, out] => (PathBuf::from(root), PathBuf::from(out)),
        [root, out, flag] if flag == "--measure" => {
            if let Err(e) = measure(Path::new(root)) {
                eprintln!("gen-tables: {e}");
                return ExitCode::FAILURE;
            }
            let _ = out;
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("usage: gen-tables <unicode-data-dir> <output-dir> [--measure]");
            eprintln!("  e.g. {COMMAND}");
            return ExitCode::from(2);
        }
    };
    match run(&root, &out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-tables: {e}");
            ExitCode::FAILURE
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/// One input file: its path below the data folder, its text, and its SHA-256.
struct Input {
    name: &'static str,
    text: String,
    sha256: String,
}

/// The UCD files the packed property table is made from.
const PROPERTY_INPUTS: &[&str] = &[
    "ucd/UnicodeData.txt",
    "ucd/DerivedCoreProperties.txt",
    "ucd/DerivedNormalizationProps.txt",
    "ucd/PropList.txt",
    "ucd/Blocks.txt",
    "ucd/HangulSyllableType.txt",
    "ucd/CaseFolding.txt",
    "ucd/Scripts.txt",
    "ucd/extracted/DerivedBidiClass.txt",
    "ucd/extracted/DerivedJoiningType.txt",
    "ucd/extracted/DerivedCombiningClass.txt",
];

/// The UTS #46 mapping table.
const MAPPING_INPUT: &str = "idna/IdnaMappingTable.txt";
struct Inputs {
    files: Vec<Input>,
}

impl Inputs {
    fn load(root: &Path) -> Result<Inputs> {
        let sums_text = include_str!("../inputs.sha256");
        let mut expected = BTreeMap::new();
        for (i, line) in sums_text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (sum, name) = line
                .split_once("  ")
                .ok_or_else(|| format!("inputs.sha256:{}: expected `<sha256>  <path>`", i + 1))?;
            expected.insert(name.to_string(), sum.to_string());
        }
        let mut files = Vec::new();
        for &name in PROPERTY_INPUTS
            .iter()
            .chain([&MAPPING_INPUT])
            .chain(&escape::INPUTS)
            .chain(&security::INPUTS)
        {
            let path = root.join(name);
            let bytes = std::fs::read(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            let sha256 = hex(&Sha256::digest(&bytes));
            match expected.get(name) {
                Some(sum) if *sum == sha256 => {}
                Some(sum) => {
                    return Err(format!(
                        "{}: SHA-256 is {sha256}, inputs.sha256 expects {sum}",
                        path.display()
                    ));
                }
                None => return Err(format!("inputs.sha256 has no line for {name}")),
            }
            let text = String::from_utf8(bytes)
                .map_err(|e| format!("{}: not UTF-8: {e}", path.display()))?;
            files.push(Input { name, text, sha256 });
        }
        Ok(Inputs { files })
    }

    fn get(&self, name: &str) -> &Input {
        // PROPERTY_INPUTS and MAPPING_INPUT list every file the generator asks for.
        match self.files.iter().find(|f| f.name == name) {
            Some(f) => f,
            None => unreachable!("{name} is not an input"),
        }
    }

    fn text(&self, name: &str) -> &str {
        &self.get(name).text
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

// ---------------------------------------------------------------------------------------------
// UCD parsing
// ---------------------------------------------------------------------------------------------

/// A data line of a UCD file: the code point range and the fields after it.
struct Line<'a> {
    first: u32,
    last: u32,
    fields: Vec<&'a str>,
}

fn parse_cp(s: &str, file: &str, line: usize) -> Result<u32> {
    let cp = u32::from_str_radix(s.trim(), 16)
        .map_err(|_| format!("{file}:{line}: bad code point {s:?}"))?;
    if cp as usize >= CODE_POINTS {
        return Err(format!("{file}:{line}: code point {cp:X} out of range"));
    }
    Ok(cp)
}

fn parse_range(s: &str, file: &str, line: usize) -> Result<(u32, u32)> {
    match s.trim().split_once("..") {
        Some((a, b)) => Ok((parse_cp(a, file, line)?, parse_cp(b, file, line)?)),
        None => {
            let cp = parse_cp(s, file, line)?;
            Ok((cp, cp))
        }
    }
}

/// The data lines of a `;`-separated UCD file, comments removed.
fn data_lines<'a>(text: &'a str, file: &str) -> Result<Vec<Line<'a>>> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let mut parts = content.split(';');
        let range = parts.next().unwrap_or("");
        let (first, last) = parse_range(range, file, i + 1)?;
        out.push(Line {
            first,
            last,
            fields: parts.map(str::trim).collect(),
        });
    }
    Ok(out)
}

/// The `# @missing:` default lines of a UCD file, in file order.
fn missing_lines<'a>(text: &'a str, file: &str) -> Result<Vec<Line<'a>>> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if let Some(rest) = raw.strip_prefix("# @missing:") {
            let mut parts = rest.split(';');
            let (first, last) = parse_range(parts.next().unwrap_or(""), file, i + 1)?;
            out.push(Line {
                first,
                last,
                fields: parts.map(str::trim).collect(),
            });
        }
    }
    Ok(out)
}

/// A property with a value for every code point: `@missing` defaults first, then the data lines.
fn enumerated<T: Copy>(
    inputs: &Inputs,
    file: &str,
    value: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>> {
    let text = inputs.text(file);
    let missing = missing_lines(text, file)?;
    let mut table: Vec<Option<T>> = vec![None; CODE_POINTS];
    for line in missing.iter().chain(data_lines(text, file)?.iter()) {
        let name = line.fields.first().copied().unwrap_or("");
        let v = value(name).ok_or_else(|| format!("{file}: unknown value {name:?}"))?;
        for cp in line.first..=line.last {
            table[cp as usize] = Some(v);
        }
    }
    table
        .into_iter()
        .enumerate()
        .map(|(cp, v)| v.ok_or_else(|| format!("{file}: no value for U+{cp:04X}")))
        .collect()
}

/// A binary property: the set of code points listed with `name` in `file`.
fn binary(inputs: &Inputs, file: &str, name: &str) -> Result<Vec<bool>> {
    let mut set = vec![false; CODE_POINTS];
    let mut seen = false;
    for line in data_lines(inputs.text(file), file)? {
        if line.fields.first() == Some(&name) {
            seen = true;
            for cp in line.first..=line.last {
                set[cp as usize] = true;
            }
        }
    }
    if !seen {
        return Err(format!("{file}: property {name} not found"));
    }
    Ok(set)
}

/// What the generator reads of `UnicodeData.txt`.
struct UnicodeData {
    general_category: Vec<&'static str>,
    combining_class: Vec<u8>,
    /// Decomposition mapping: `(is_compatibility, code points)`.
    decomposition: BTreeMap<u32, (bool, Vec<u32>)>,
}

fn unicode_data(text: &str) -> Result<UnicodeData> {
    const FILE: &str = "UnicodeData.txt";
    const CATEGORIES: &[&str] = &[
        "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe",
        "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
    ];
    let mut gc = vec!["Cn"; CODE_POINTS];
    let mut ccc = vec![0u8; CODE_POINTS];
    let mut decomposition = BTreeMap::new();
    let mut range_start: Option<u32> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let f: Vec<&str> = raw.split(';').collect();
        if f.len() != 15 {
            return Err(format!("{FILE}:{n}: expected 15 fields, found {}", f.len()));
        }
        let cp = parse_cp(f[0], FILE, n)?;
        let cat = CATEGORIES
            .iter()
            .copied()
            .find(|c| *c == f[2])
            .ok_or_else(|| format!("{FILE}:{n}: unknown General_Category {:?}", f[2]))?;
        let class: u8 = f[3]
            .parse()
            .map_err(|_| format!("{FILE}:{n}: bad combining class {:?}", f[3]))?;
        let first = if f[1].ends_with(", Last>") {
            range_start
                .take()
                .ok_or_else(|| format!("{FILE}:{n}: Last without First"))?
        } else {
            if f[1].ends_with(", First>") {
                range_start = Some(cp);
                continue;
            }
            cp
        };
        for c in first..=cp {
            gc[c as usize] = cat;
            ccc[c as usize] = class;
        }
        if !f[5].is_empty() {
            let (compat, rest) = match f[5].strip_prefix('<') {
                Some(r) => (true, r.split_once('>').map(|(_, m)| m).unwrap_or("")),
                None => (false, f[5]),
            };
            let cps = rest
                .split_whitespace()
                .map(|s| parse_cp(s, FILE, n))
                .collect::<Result<Vec<u32>>>()?;
            decomposition.insert(cp, (compat, cps));
        }
    }
    Ok(UnicodeData {
        general_category: gc,
        combining_class: ccc,
        decomposition,
    })
}

// ---------------------------------------------------------------------------------------------
// NFKC and case folding of single code points (RFC 5892 section 2.2, category B)
// ---------------------------------------------------------------------------------------------

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Normalization Form KC of short strings, built from `UnicodeData.txt` and the
/// Full_Composition_Exclusion property (UAX #15).
struct Nfkc<'a> {
    ucd: &'a UnicodeData,
    compositions: BTreeMap<(u32, u32), u32>,
}

impl<'a> Nfkc<'a> {
    fn new(ucd: &'a UnicodeData, exclusions: &[bool]) -> Nfkc<'a> {
        let mut compositions = BTreeMap::new();
        for (&cp, (compat, m)) in &ucd.decomposition {
            if !*compat && m.len() == 2 && !exclusions[cp as usize] {
                compositions.insert((m[0], m[1]), cp);
            }
        }
        Nfkc { ucd, compositions }
    }

    fn decompose(&self, cp: u32, out: &mut Vec<u32>) {
        if (S_BASE..S_BASE + S_COUNT).contains(&cp) {
            let s = cp - S_BASE;
            out.push(L_BASE + s / N_COUNT);
            out.push(V_BASE + (s % N_COUNT) / T_COUNT);
            if !s.is_multiple_of(T_COUNT) {
                out.push(T_BASE + s % T_COUNT);
            }
        } else if let Some((_, m)) = self.ucd.decomposition.get(&cp) {
            for &c in m {
                self.decompose(c, out);
            }
        } else {
            out.push(cp);
        }
    }

    fn ccc(&self, cp: u32) -> u8 {
        self.ucd.combining_class[cp as usize]
    }

    fn normalize(&self, input: &[u32]) -> Vec<u32> {
        let mut d = Vec::new();
        for &cp in input {
            self.decompose(cp, &mut d);
        }
        // Canonical ordering: a stable sort of each run of non-starters by combining class.
        let mut i = 0;
        while i < d.len() {
            if self.ccc(d[i]) == 0 {
                i += 1;
                continue;
            }
            let start = i;
            while i < d.len() && self.ccc(d[i]) != 0 {
                i += 1;
            }
            d[start..i].sort_by_key(|&c| self.ccc(c));
        }
        self.compose(d)
    }

    fn compose(&self, d: Vec<u32>) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::with_capacity(d.len());
        let mut starter: Option<usize> = None;
        let mut last_ccc: Option<u8> = None;
        for cp in d {
            let class = self.ccc(cp);
            if let Some(si) = starter {
                let blocked = matches!(last_ccc, Some(lc) if lc == 0 || lc >= class);
                if !blocked && let Some(c) = self.pair(out[si], cp) {
                    out[si] = c;
                    continue;
                }
            }
            if class == 0 {
                starter = Some(out.len());
                last_ccc = None;
            } else {
                last_ccc = Some(class);
            }
            out.push(cp);
        }
        out
    }

    fn pair(&self, a: u32, b: u32) -> Option<u32> {
        if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
            return Some(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
        }
        if (S_BASE..S_BASE + S_COUNT).contains(&a)
            && (a - S_BASE).is_multiple_of(T_COUNT)
            && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
        {
            return Some(a + (b - T_BASE));
        }
        self.compositions.get(&(a, b)).copied()
    }
}

/// Full case folding (statuses C and F of `CaseFolding.txt`).
fn case_folding(inputs: &Inputs) -> Result<BTreeMap<u32, Vec<u32>>> {
    const FILE: &str = "ucd/CaseFolding.txt";
    let mut map = BTreeMap::new();
    for (i, line) in data_lines(inputs.text(FILE), FILE)?.into_iter().enumerate() {
        let status = line.fields.first().copied().unwrap_or("");
        if status == "C" || status == "F" {
            let target = line.fields.get(1).copied().unwrap_or("");
            let cps = target
                .split_whitespace()
                .map(|s| parse_cp(s, FILE, i + 1))
                .collect::<Result<Vec<u32>>>()?;
            map.insert(line.first, cps);
        }
    }
    Ok(map)
}

// ---------------------------------------------------------------------------------------------
// RFC 5892 section 3: the derived property
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Derived {
    Pvalid = 0,
    ContextJ = 1,
    ContextO = 2,
    Disallowed = 3,
    Unassigned = 4,
}

/// RFC 5892 section 2.6, category F (Exceptions).
fn exception(cp: u32) -> Option<Derived> {
    match cp {
        0x00DF | 0x03C2 | 0x06FD | 0x06FE | 0x0F0B | 0x3007 => Some(Derived::Pvalid),
        0x00B7 | 0x0375 | 0x05F3 | 0x05F4 | 0x30FB => Some(Derived::ContextO),
        0x0660..=0x0669 | 0x06F0..=0x06F9 => Some(Derived::ContextO),
        0x0640 | 0x07FA | 0x302E | 0x302F | 0x3031..=0x3035 | 0x303B => Some(Derived::Disallowed),
        _ => None,
    }
}

fn derived_property(inputs: &Inputs, ucd: &UnicodeData) -> Result<Vec<Derived>> {
    let exclusions = binary(
        inputs,
        "ucd/DerivedNormalizationProps.txt",
        "Full_Composition_Exclusion",
    )?;
    let nfkc = Nfkc::new(ucd, &exclusions);
    let folding = case_folding(inputs)?;
    let default_ignorable = binary(
        inputs,
        "ucd/DerivedCoreProperties.txt",
        "Default_Ignorable_Code_Point",
    )?;
    let white_space = binary(inputs, "ucd/PropList.txt", "White_Space")?;
    let noncharacter = binary(inputs, "ucd/PropList.txt", "Noncharacter_Code_Point")?;
    let join_control = binary(inputs, "ucd/PropList.txt", "Join_Control")?;
    let ignorable_block = {
        // RFC 5892 section 2.5, category D (IgnorableBlocks).
        const BLOCKS: &[&str] = &[
            "Combining Diacritical Marks for Symbols",
            "Musical Symbols",
            "Ancient Greek Musical Notation",
        ];
        let mut set = vec![false; CODE_POINTS];
        let mut found = 0;
        for line in data_lines(inputs.text("ucd/Blocks.txt"), "ucd/Blocks.txt")? {
            if BLOCKS.contains(&line.fields.first().copied().unwrap_or("")) {
                found += 1;
                for cp in line.first..=line.last {
                    set[cp as usize] = true;
                }
            }
        }
        if found != BLOCKS.len() {
            return Err(format!(
                "ucd/Blocks.txt: found {found} of the {} blocks",
                BLOCKS.len()
            ));
        }
        set
    };
    let hangul_type = enumerated(inputs, "ucd/HangulSyllableType.txt", |v| {
        Some(matches!(
            v,
            "L" | "V" | "T" | "Leading_Jamo" | "Vowel_Jamo" | "Trailing_Jamo"
        ))
    })?;

    let mut out = Vec::with_capacity(CODE_POINTS);
    for cp in 0..CODE_POINTS as u32 {
        let i = cp as usize;
        let gc = ucd.general_category[i];
        // Category J: Unassigned = General_Category Cn and not Noncharacter_Code_Point.
        let unassigned = gc == "Cn" && !noncharacter[i];
        // Category E: LDH.
        let ldh = cp == 0x2D || (0x30..=0x39).contains(&cp) || (0x61..=0x7A).contains(&cp);
        // Category B: Unstable, toNFKC(toCaseFold(toNFKC(cp))) != cp.
        let unstable = || {
            let once = nfkc.normalize(&[cp]);
            let folded: Vec<u32> = once
                .iter()
                .flat_map(|c| folding.get(c).cloned().unwrap_or_else(|| vec![*c]))
                .collect();
            nfkc.normalize(&folded) != [cp]
        };
        // Category A: LetterDigits.
        let letter_digit = matches!(gc, "Ll" | "Lu" | "Lo" | "Nd" | "Lm" | "Mn" | "Mc");
        // The rules of RFC 5892 section 3, in order; category G (BackwardCompatible) is empty.
        let value = if let Some(v) = exception(cp) {
            v
        } else if unassigned {
            Derived::Unassigned
        } else if ldh {
            Derived::Pvalid
        } else if join_control[i] {
            Derived::ContextJ
        } else if unstable()
            || default_ignorable[i]
            || white_space[i]
            || noncharacter[i]
            || ignorable_block[i]
            || hangul_type[i]
        {
            Derived::Disallowed
        } else if letter_digit {
            Derived::Pvalid
        } else {
            Derived::Disallowed
        };
        out.push(value);
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The packed property value
// ---------------------------------------------------------------------------------------------

/// The fields of the packed property value.
const P_DERIVED: Field = Field {
    name: "DERIVED",
    shift: 0,
    bits: 3,
    doc: "the RFC 5892 derived property, one of the `DERIVED_*` values.",
};
const P_BIDI_CLASS: Field = Field {
    name: "BIDI_CLASS",
    shift: 3,
    bits: 5,
    doc: "Bidi_Class, an index into `BIDI_CLASS_BY_INDEX`.",
};
const P_JOINING_TYPE: Field = Field {
    name: "JOINING_TYPE",
    shift: 8,
    bits: 3,
    doc: "Joining_Type, an index into `JOINING_TYPE_BY_INDEX`.",
};
const P_MARK: Field = Field {
    name: "MARK",
    shift: 11,
    bits: 1,
    doc: "General_Category is M (Mn, Mc, Me).",
};
const P_SCRIPT: Field = Field {
    name: "SCRIPT",
    shift: 12,
    bits: 3,
    doc: "Script, an index into `SCRIPT_BY_INDEX`.",
};
const P_NFC_QC: Field = Field {
    name: "NFC_QC",
    shift: 15,
    bits: 2,
    doc: "NFC_Quick_Check, one of the `NFC_QC_*` values.",
};
const P_DECOMPOSES: Field = Field {
    name: "DECOMPOSES",
    shift: 17,
    bits: 1,
    doc: "a canonical decomposition: a mapping without a tag in UnicodeData.txt (in `nfc.rs`), or a Hangul syllable.",
};
const P_CCC: Field = Field {
    name: "CCC",
    shift: 18,
    bits: 8,
    doc: "Canonical_Combining_Class.",
};
const PROPERTY_FIELDS: &[&Field] = &[
    &P_DERIVED,
    &P_BIDI_CLASS,
    &P_JOINING_TYPE,
    &P_MARK,
    &P_SCRIPT,
    &P_NFC_QC,
    &P_DECOMPOSES,
    &P_CCC,
];

/// The RFC 5892 derived property values in the order of `Derived`.
const DERIVED_NAMES: &[&str] = &["PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"];

/// Bidi_Class values in the order of their packed index; short and long names.
const BIDI_CLASSES: &[(&str, &str)] = &[
    ("L", "Left_To_Right"),
    ("R", "Right_To_Left"),
    ("AL", "Arabic_Letter"),
    ("EN", "European_Number"),
    ("ES", "European_Separator"),
    ("ET", "European_Terminator"),
    ("AN", "Arabic_Number"),
    ("CS", "Common_Separator"),
    ("NSM", "Nonspacing_Mark"),
    ("BN", "Boundary_Neutral"),
    ("B", "Paragraph_Separator"),
    ("S", "Segment_Separator"),
    ("WS", "White_Space"),
    ("ON", "Other_Neutral"),
    ("LRE", "Left_To_Right_Embedding"),
    ("LRO", "Left_To_Right_Override"),
    ("RLE", "Right_To_Left_Embedding"),
    ("RLO", "Right_To_Left_Override"),
    ("PDF", "Pop_Directional_Format"),
    ("LRI", "Left_To_Right_Isolate"),
    ("RLI", "Right_To_Left_Isolate"),
    ("FSI", "First_Strong_Isolate"),
    ("PDI", "Pop_Directional_Isolate"),
];

/// Joining_Type values in the order of their packed index.
const JOINING_TYPES: &[(&str, &str)] = &[
    ("U", "Non_Joining"),
    ("C", "Join_Causing"),
    ("D", "Dual_Joining"),
    ("L", "Left_Joining"),
    ("R", "Right_Joining"),
    ("T", "Transparent"),
];

/// The Script values RFC 5892 Appendix A asks about; index 0 is every other script.
const SCRIPTS: &[&str] = &["Other", "Greek", "Hebrew", "Hiragana", "Katakana", "Han"];

fn index_of(names: &[(&str, &str)], v: &str) -> Option<u16> {
    names
        .iter()
        .position(|(s, l)| *s == v || *l == v)
        .map(|i| i as u16)
}

fn packed_properties(inputs: &Inputs, ucd: &UnicodeData, derived: &[Derived]) -> Result<Vec<u32>> {
    let bidi = enumerated(inputs, "ucd/extracted/DerivedBidiClass.txt", |v| {
        index_of(BIDI_CLASSES, v)
    })?;
    let joining = enumerated(inputs, "ucd/extracted/DerivedJoiningType.txt", |v| {
        index_of(JOINING_TYPES, v)
    })?;
    let ccc = enumerated(
        inputs,
        "ucd/extracted/DerivedCombiningClass.txt",
        |v| match v {
            "Not_Reordered" => Some(0),
            _ => v.parse::<u8>().ok(),
        },
    )?;
    let script = enumerated(inputs, "ucd/Scripts.txt", |v| {
        Some(SCRIPTS.iter().position(|s| *s == v).unwrap_or(0) as u16)
    })?;
    let qc = nfc_quick_check(inputs)?;
    let mut out = Vec::with_capacity(CODE_POINTS);
    for cp in 0..CODE_POINTS {
        if ccc[cp] != ucd.combining_class[cp] {
            return Err(format!(
                "U+{cp:04X}: DerivedCombiningClass.txt says {}, UnicodeData.txt says {}",
                ccc[cp], ucd.combining_class[cp]
            ));
        }
        let mark = matches!(ucd.general_category[cp], "Mn" | "Mc" | "Me");
        let decomposes = hangul_syllable(cp as u32)
            || ucd
                .decomposition
                .get(&(cp as u32))
                .is_some_and(|(compat, _)| !compat);
        out.push(
            P_DERIVED.put(derived[cp] as u32)?
                | P_BIDI_CLASS.put(u32::from(bidi[cp]))?
                | P_JOINING_TYPE.put(u32::from(joining[cp]))?
                | P_MARK.put(u32::from(mark))?
                | P_SCRIPT.put(u32::from(script[cp]))?
                | P_NFC_QC.put(qc[cp])?
                | P_DECOMPOSES.put(u32::from(decomposes))?
                | P_CCC.put(u32::from(ccc[cp]))?,
        );
    }
    Ok(out)
}

/// NFC_Quick_Check of every code point, as an index into `NFC_QC_VALUES`: the code points
/// listed under NFC_QC in DerivedNormalizationProps.txt have N or M, the others Y.
fn nfc_quick_check(inputs: &Inputs) -> Result<Vec<u32>> {
    const NORM: &str = "ucd/DerivedNormalizationProps.txt";
    let mut qc = vec![0u32; CODE_POINTS];
    let qc_index = |name: &str| NFC_QC_VALUES.iter().position(|v| *v == name).unwrap_or(0) as u32;
    for line in data_lines(inputs.text(NORM), NORM)? {
        if line.fields.first() == Some(&"NFC_QC") {
            let v = match line.fields.get(1) {
                Some(&"M") => qc_index("Maybe"),
                Some(&"N") => qc_index("No"),
                other => return Err(format!("{NORM}: NFC_QC value {other:?}")),
            };
            for cp in line.first..=line.last {
                qc[cp as usize] = v;
            }
        }
    }
    Ok(qc)
}

/// A precomposed Hangul syllable (Unicode core specification section 3.12), whose canonical
/// decomposition is computed rather than listed.
fn hangul_syllable(cp: u32) -> bool {
    (S_BASE..S_BASE + S_COUNT).contains(&cp)
}

/// The distinct packed values, in increasing order, and for each code point the index of its
/// value: the trie stores the index, one byte, in place of the four-byte value.
fn value_table(packed: &[u32]) -> Result<(Vec<u32>, Vec<u16>)> {
    let values: Vec<u32> = packed
        .iter()
        .copied()
        .collect::<std::collections::BTreeSet<u32>>()
        .into_iter()
        .collect();
    if values.len() > 256 {
        return Err(format!(
            "{} distinct property values do not fit one-byte indices",
            values.len()
        ));
    }
    let index: BTreeMap<u32, u16> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as u16))
        .collect();
    Ok((values, packed.iter().map(|v| index[v]).collect()))
}

// ---------------------------------------------------------------------------------------------
// Canonical decomposition and composition (UAX #15)
// ---------------------------------------------------------------------------------------------

/// The plane above the BMP that holds the mappings of two code points that are not in the BMP
/// (their code point and first code point share a plane), and the plane of the singletons'
/// mappings that are not in the BMP (checked by `render_nfc`).
const NFC_PAIR_PLANE: u32 = 1;
const NFC_SINGLETON_PLANE: u32 = 2;

/// `nfc.rs`: the canonical decomposition mappings of UnicodeData.txt (those without a tag) and
/// the primary composites among them (not Full_Composition_Exclusion), for UAX #15 section 3.11.
///
/// Layout (sizes and instructions in README.md): the mappings to two code points (`PAIR_*`,
/// 5 bytes each: the low 16 bits of the code point and of its first, which share a plane, and a
/// byte naming the second among the 94 distinct ones) apart from the mappings to one
/// (`SINGLETON_*`: runs of consecutive code points, 2 bytes a mapping and a bit for its plane),
/// half of them the CJK compatibility ideographs.
fn render_nfc(inputs: &Inputs, version: (u8, u8, u8), ucd: &UnicodeData) -> Result<String> {
    const NORM: &str = "ucd/DerivedNormalizationProps.txt";
    let excluded = binary(inputs, NORM, "Full_Composition_Exclusion")?;
    let qc = nfc_quick_check(inputs)?;
    let maybe = NFC_QC_VALUES
        .iter()
        .position(|v| *v == "Maybe")
        .unwrap_or(0) as u32;
    let canonical: Vec<(u32, &[u32])> = ucd
        .decomposition
        .iter()
        .filter(|(_, (compat, _))| !compat)
        .map(|(&cp, (_, m))| (cp, m.as_slice()))
        .collect();
    let decomposes = |cp: u32| canonical.binary_search_by_key(&cp, |&(c, _)| c).is_ok();
    let mut seconds: Vec<u32> = canonical
        .iter()
        .filter_map(|(_, m)| m.get(1).copied())
        .collect();
    seconds.sort_unstable();
    seconds.dedup();
    if seconds.len() > 1 << 8 {
        return Err(format!(
            "{} second code points do not fit a byte",
            seconds.len()
        ));
    }
    let plane_of_pair = |cp: u32| match cp >> 16 {
        0 => Ok(0),
        NFC_PAIR_PLANE => Ok(1),
        _ => Err(format!(
            "U+{cp:04X}: a mapping of two code points outside planes 0 and {NFC_PAIR_PLANE}"
        )),
    };
    // Pairs: (code point, first, index of the second).
    let mut pairs: Vec<(u32, u32, u8)> = Vec::new();
    // Singletons: (code point, mapping).
    let mut singletons: Vec<(u32, u32)> = Vec::new();
    let mut composites = Vec::new();
    for &(cp, m) in &canonical {
        let (first, second) = match *m {
            [first] => (first, None),
            [first, second] => (first, Some(second)),
            _ => {
                return Err(format!(
                    "U+{cp:04X}: a canonical mapping of {} code points",
                    m.len()
                ));
            }
        };
        // The crate decomposes the first code point again and never the second: checked here.
        let mut depth = 0;
        let mut c = first;
        while let Some(&(_, m)) = canonical.iter().find(|(d, _)| *d == c) {
            depth += 1;
            c = m[0];
            if m.get(1).is_some_and(|&s| decomposes(s)) {
                return Err(format!("U+{cp:04X}: a second code point decomposes"));
            }
        }
        if depth >= NFC_DEPTH {
            return Err(format!("U+{cp:04X}: decomposes {depth} times"));
        }
        let Some(s) = second else {
            if first >> 16 != 0 && first >> 16 != NFC_SINGLETON_PLANE {
                return Err(format!(
                    "U+{cp:04X}: a singleton mapping outside planes 0 and {NFC_SINGLETON_PLANE}"
                ));
            }
            singletons.push((cp, first));
            continue;
        };
        if decomposes(s) {
            return Err(format!("U+{cp:04X}: its second code point decomposes"));
        }
        if plane_of_pair(cp)? != plane_of_pair(first)? {
            return Err(format!(
                "U+{cp:04X}: its first code point is in another plane"
            ));
        }
        let index = seconds.binary_search(&s).unwrap_or(0) as u8;
        if !excluded[cp as usize] {
            // The quick check answers "yes" for what is not Maybe: a second code point of a
            // primary composite must be.
            if qc[s as usize] != maybe {
                return Err(format!("U+{cp:04X}: its second code point is not NFC_QC=M"));
            }
            composites.push((index, first, pairs.len() as u16));
        }
        pairs.push((cp, first, index));
    }
    composites.sort_unstable();
    // `canonical` is sorted, so the pairs in the BMP come first.
    let pairs_bmp = pairs.partition_point(|&(cp, _, _)| cp < 0x1_0000);
    // Runs of consecutive singleton code points.
    let mut run_starts: Vec<u32> = Vec::new();
    let mut run_firsts: Vec<u16> = Vec::new();
    for (i, &(cp, _)) in singletons.iter().enumerate() {
        if i == 0 || singletons[i - 1].0 + 1 != cp {
            run_starts.push(cp);
            run_firsts.push(i as u16);
        }
    }
    run_firsts.push(singletons.len() as u16);
    let mut high = vec![0u8; singletons.len().div_ceil(8)];
    for (i, &(_, m)) in singletons.iter().enumerate() {
        if m >> 16 != 0 {
            high[i / 8] |= 1 << (i % 8);
        }
    }
    // Read every mapping back through the layout, as `src/nfc.rs` does.
    for &(cp, m) in &canonical {
        let plane = |i: usize| {
            if i < pairs_bmp {
                0
            } else {
                NFC_PAIR_PLANE << 16
            }
        };
        let (lo, hi) = if cp < 0x1_0000 {
            (0, pairs_bmp)
        } else {
            (pairs_bmp, pairs.len())
        };
        let pair = pairs[lo..hi]
            .iter()
            .position(|p| p.0 & 0xFFFF == cp & 0xFFFF && cp >> 16 == plane(lo) >> 16)
            .map(|i| {
                let p = pairs[lo + i];
                vec![plane(lo + i) | (p.1 & 0xFFFF), seconds[usize::from(p.2)]]
            });
        let run = run_starts.partition_point(|&r| r <= cp).checked_sub(1);
        let single = run.and_then(|r| {
            let i = run_firsts[r] as usize + (cp - run_starts[r]) as usize;
            (i < run_firsts[r + 1] as usize).then(|| {
                let plane = if high[i / 8] >> (i % 8) & 1 != 0 {
                    NFC_SINGLETON_PLANE << 16
                } else {
                    0
                };
                vec![plane | (singletons[i].1 & 0xFFFF)]
            })
        });
        if pair.or(single).as_deref() != Some(m) {
            return Err(format!(
                "U+{cp:04X}: the NFC tables do not give its mapping back"
            ));
        }
    }
    let pair_bytes = 5 * pairs.len();
    let singleton_bytes = 2 * singletons.len() + 6 * run_starts.len() + 2 + high.len();
    let composite_bytes = 2 * (composites.len() + seconds.len() + 1) + 4 * seconds.len();
    let sizes = format!(
        "Canonical decompositions: {} mappings to two code points ({pair_bytes} bytes), {} to one \
         in {} runs\n({singleton_bytes} bytes), {} second code points and {} primary composites \
         ({composite_bytes} bytes):\n{} bytes in all.",
        pairs.len(),
        singletons.len(),
        run_starts.len(),
        seconds.len(),
        composites.len(),
        pair_bytes + singleton_bytes + composite_bytes
    );
    let mut s = header(inputs, version, &["ucd/UnicodeData.txt", NORM], &sizes);
    s.push_str(
        "//! The canonical decomposition mappings of UnicodeData.txt (field 5 without a tag) and\n\
         //! the primary composites among them (UAX #15 section 3.11): a mapping of two code points\n\
         //! whose code point is not Full_Composition_Exclusion (DerivedNormalizationProps.txt).\n\
         //! Hangul syllables are computed, not listed. The generator checks that a second code\n\
         //! point never decomposes and that a first one decomposes fewer than `DEPTH` times.\n//!\n\
         //! The mappings to two code points: `PAIR_KEYS[i]` and `PAIR_FIRSTS[i]` are the low 16\n\
         //! bits of the code point and of its first code point, which are in the BMP for\n\
         //! `i < PAIRS_BMP` and in the plane `PAIR_PLANE` above (the generator checks that the\n\
         //! two share a plane); its second is `SECONDS[PAIR_SECONDS[i]]`.\n//!\n\
         //! The mappings to one code point (singletons), in runs of consecutive code points: run\n\
         //! `r` starts at `SINGLETON_RUNS[r]` and holds the mappings\n\
         //! `SINGLETON_RUN_FIRST[r]..SINGLETON_RUN_FIRST[r + 1]` of `SINGLETONS`, the low 16 bits\n\
         //! of each; mapping `i` is in the plane `SINGLETON_PLANE` where bit `i % 8` of\n\
         //! `SINGLETON_HIGH[i / 8]` is set, in the BMP otherwise.\n\n",
    );
    let _ = writeln!(
        s,
        "/// Canonical decompositions applied one after the other are fewer than this.\n\
         pub(crate) const DEPTH: usize = {NFC_DEPTH};\n\n\
         /// The mappings to two code points of `PAIR_KEYS` in the BMP come first, this many.\n\
         pub(crate) const PAIRS_BMP: usize = {pairs_bmp};\n\n\
         /// The plane of the mappings to two code points after the first `PAIRS_BMP`.\n\
         pub(crate) const PAIR_PLANE: u32 = {NFC_PAIR_PLANE};\n\n\
         /// The plane of a singleton mapping whose bit is set in `SINGLETON_HIGH`.\n\
         pub(crate) const SINGLETON_PLANE: u32 = {NFC_SINGLETON_PLANE};\n"
    );
    s.push_str(
        "// Hangul syllables (the Unicode core specification section 3.12): decomposed and composed\n\
         // by arithmetic on these, not listed.\n",
    );
    for (name, value) in [
        ("S_BASE", S_BASE),
        ("L_BASE", L_BASE),
        ("V_BASE", V_BASE),
        ("T_BASE", T_BASE),
        ("L_COUNT", L_COUNT),
        ("V_COUNT", V_COUNT),
        ("T_COUNT", T_COUNT),
        ("N_COUNT", N_COUNT),
        ("S_COUNT", S_COUNT),
    ] {
        if name.ends_with("_BASE") {
            let _ = writeln!(s, "pub(crate) const {name}: u32 = {value:#X};");
        } else {
            let _ = writeln!(s, "pub(crate) const {name}: u32 = {value};");
        }
    }
    s.push('\n');
    let low16 = |v: u32| format!("0x{:04X}", v & 0xFFFF);
    s.push_str(&array(
        "PAIR_KEYS",
        "u16",
        &pairs.iter().map(|p| low16(p.0)).collect::<Vec<_>>(),
        "The low 16 bits of the code points with a canonical mapping to two code points, in \
         increasing order (the BMP's `PAIRS_BMP` first, then plane `PAIR_PLANE`'s).",
    ));
    s.push_str(&array(
        "PAIR_FIRSTS",
        "u16",
        &pairs.iter().map(|p| low16(p.1)).collect::<Vec<_>>(),
        "The low 16 bits of the first code point of each mapping of `PAIR_KEYS`, in its plane.",
    ));
    s.push_str(&array(
        "PAIR_SECONDS",
        "u8",
        &pairs.iter().map(|p| p.2).collect::<Vec<_>>(),
        "The index in `SECONDS` of the second code point of each mapping of `PAIR_KEYS`.",
    ));
    s.push_str(&array(
        "SECONDS",
        "u32",
        &hex_items(&seconds, 5),
        "The second code points of the mappings of two, in increasing order.",
    ));
    let order: Vec<u16> = composites.iter().map(|&(_, _, i)| i).collect();
    s.push_str(&array(
        "COMPOSITES",
        "u16",
        &order,
        "The entries of `PAIR_KEYS` that are primary composites, by second code point, then \
         first.",
    ));
    // A search for a composite looks among those of one second code point only (in the
    // U-label names of data/bench/realistic.txt, 335 -> 120 instructions a search by callgrind).
    let starts: Vec<u16> = (0..=seconds.len())
        .map(|index| composites.partition_point(|&(i, _, _)| usize::from(i) < index) as u16)
        .collect();
    s.push_str(&array(
        "SECOND_STARTS",
        "u16",
        &starts,
        "Where the composites of each second code point start in `COMPOSITES`, by the index of \
         the second code point in `SECONDS`, and one past the last.",
    ));
    s.push_str(&array(
        "SINGLETON_RUNS",
        "u32",
        &hex_items(&run_starts, 5),
        "The first code point of each run of consecutive code points with a canonical mapping \
         to one code point.",
    ));
    s.push_str(&array(
        "SINGLETON_RUN_FIRST",
        "u16",
        &run_firsts,
        "The index in `SINGLETONS` of the mapping of each run's first code point, and one past \
         the last.",
    ));
    s.push_str(&array(
        "SINGLETONS",
        "u16",
        &singletons.iter().map(|p| low16(p.1)).collect::<Vec<_>>(),
        "The low 16 bits of each singleton mapping, by code point.",
    ));
    s.push_str(&array(
        "SINGLETON_HIGH",
        "u8",
        &high
            .iter()
            .map(|b| format!("0x{b:02X}"))
            .collect::<Vec<_>>(),
        "Bit `i % 8` of byte `i / 8`: singleton mapping `i` is in plane `SINGLETON_PLANE`.",
    ));
    Ok(s)
}

/// A first code point decomposes fewer times than this (checked by `render_nfc`).
const NFC_DEPTH: usize = 4;

// ---------------------------------------------------------------------------------------------
// The code point trie
// ---------------------------------------------------------------------------------------------

/// A three-level trie with a two-level fast path for the BMP:
/// `data[bmp[cp >> s] + (cp & mask)]` below U+10000, and
/// `data[index2[(index1[cp >> s1] << (s1 - s)) + ((cp >> s) & mask2)] + (cp & mask)]` above:
/// `index1` holds the number of a block of `index2`, one byte.
struct Trie {
    data_shift: u32,
    index_shift: u32,
    bmp: Vec<u16>,
    index1: Vec<u8>,
    index2: Vec<u16>,
    data: Vec<u16>,
}

/// Cuts `values` into blocks of `len`, stores each distinct block once, and returns the stored
/// blocks and, for each block of `values`, the offset of its copy.
fn dedup_blocks(values: &[u16], len: usize, what: &str) -> Result<(Vec<u16>, Vec<u16>)> {
    let mut stored: Vec<u16> = Vec::new();
    let mut seen: BTreeMap<&[u16], u16> = BTreeMap::new();
    let mut offsets = Vec::with_capacity(values.len() / len);
    for chunk in values.chunks(len) {
        let offset = match seen.get(chunk) {
            Some(&o) => o,
            None => {
                let o = u16::try_from(stored.len())
                    .map_err(|_| format!("{what} does not fit 16-bit offsets"))?;
                stored.extend_from_slice(chunk);
                seen.insert(chunk, o);
                o
            }
        };
        offsets.push(offset);
    }
    Ok((stored, offsets))
}

impl Trie {
    fn build(values: &[u16], data_shift: u32, index_shift: u32) -> Result<Trie> {
        let (data, block_offsets) = dedup_blocks(values, 1 << data_shift, "trie data")?;
        let bmp = block_offsets[..0x10000 >> data_shift].to_vec();
        let (index2, index1) = dedup_blocks(
            &block_offsets,
            1 << (index_shift - data_shift),
            "trie index",
        )?;
        let index1 = index1
            .iter()
            .map(|&o| u8::try_from(o >> (index_shift - data_shift)))
            .collect::<std::result::Result<Vec<u8>, _>>()
            .map_err(|_| "more than 256 blocks of the trie's index2")?;
        Ok(Trie {
            data_shift,
            index_shift,
            bmp,
            index1,
            index2,
            data,
        })
    }

    fn get(&self, cp: u32) -> u16 {
        let mask = (1u32 << self.data_shift) - 1;
        let block = if cp < 0x10000 {
            self.bmp[(cp >> self.data_shift) as usize]
        } else {
            let mask2 = (1u32 << (self.index_shift - self.data_shift)) - 1;
            let i = (u32::from(self.index1[(cp >> self.index_shift) as usize])
                << (self.index_shift - self.data_shift))
                + ((cp >> self.data_shift) & mask2);
            self.index2[i as usize]
        };
        self.data[(block as u32 + (cp & mask)) as usize]
    }

    /// `bmp` and `index2` are `u16`, `index1` and the data entries (indices into the value
    /// table) one byte.
    fn bytes(&self) -> usize {
        2 * (self.bmp.len() + self.index2.len()) + self.index1.len() + self.data.len()
    }
}

// ---------------------------------------------------------------------------------------------
// UTS #46 mapping table
// ---------------------------------------------------------------------------------------------

/// UTS #46 section 5 status values, in the order of their packed index.
const STATUSES: &[&str] = &["valid", "mapped", "deviation", "ignored", "disallowed"];

/// NFC_Quick_Check values in the order of their packed index.
const NFC_QC_VALUES: &[&str] = &["Yes", "Maybe", "No"];

/// The fields of a packed UTS #46 range value.
const U_STATUS: Field = Field {
    name: "STATUS",
    shift: 0,
    bits: 3,
    doc: "the status, one of the `STATUS_*` values (index into `STATUSES`).",
};
const U_DELTA_MAPPING: Field = Field {
    name: "DELTA_MAPPING",
    shift: 3,
    bits: 1,
    doc: "the mapping is one code point, `cp + delta` (signed, from `DELTA_SHIFT` up).",
};
const U_CANONICAL_MAPPING: Field = Field {
    name: "CANONICAL_MAPPING",
    shift: 4,
    bits: 1,
    doc: "the mapping is the code point's canonical decomposition, a single code point \
          (`SINGLETONS` of `nfc.rs`).",
};
/// The first bit of the signed delta, which takes every bit above it.
const U_DELTA_SHIFT: u32 = 5;
/// The bits of a packed value: its low 16 in `RANGE_VALUES`, the rest in `RANGE_HIGH`. 24 bits
/// hold every field (the widest delta of Unicode 18.0.0 is -181,519, of 19 signed bits; the
/// offsets into the 4,206 bytes of strings take 13 bits, the longest string 33 bytes 6 bits).
/// The status is in the low 16 bits: only a mapping reads `RANGE_HIGH`.
const U_VALUE_BITS: u32 = 24;
const U_OFFSET: Field = Field {
    name: "OFFSET",
    shift: 5,
    bits: 13,
    doc: "without `DELTA_MAPPING_BIT`: the byte offset of the mapping in `MAPPED`.",
};
const U_LENGTH: Field = Field {
    name: "LENGTH",
    shift: 18,
    bits: 6,
    doc: "without `DELTA_MAPPING_BIT`: the byte length of the mapping in `MAPPED`.",
};
const UTS46_FIELDS: &[&Field] = &[
    &U_STATUS,
    &U_DELTA_MAPPING,
    &U_CANONICAL_MAPPING,
    &U_OFFSET,
    &U_LENGTH,
];

/// Blocks of the first-level index of the UTS #46 ranges: `1 << UTS46_BMP_SHIFT` code points in
/// the BMP, where the scripts and their ranges are dense, `1 << UTS46_SUPPLEMENTARY_SHIFT` above;
/// the low bits of a range start within its block are kept in one byte. Chosen by measurement,
/// see README.md.
const UTS46_BMP_SHIFT: u32 = 5;
const UTS46_SUPPLEMENTARY_SHIFT: u32 = 8;
/// The ranges that start at or above the index limit are searched in full (`TAIL_STARTS`); the
/// limit is the lowest block boundary above which at most this many ranges start.
const UTS46_TAIL_MAX: usize = 8;

/// What one code point's line of IdnaMappingTable.txt says, with a mapping to a single code
/// point written as the difference to the code point (so that runs like A-Z share one value).
#[derive(Clone, PartialEq, Eq)]
enum CpMapping {
    None,
    Delta(i32),
    /// The code point's canonical decomposition, a single code point.
    Canonical,
    Str(String),
}

struct Mapping {
    starts: Vec<u32>,
    /// Packed values, see `pack_value` and the header of the generated file.
    values: Vec<u32>,
    strings: String,
    /// How many ranges the file's lines make before merging, for the measurements.
    lines: usize,
    /// The PVALID code points that are not `valid` (all `deviation`).
    pvalid_deviations: Vec<u32>,
}

/// Blocks of `BLOCK_FIRST` per entry of `GROUP_FIRST`: the number of ranges that start below
/// a block is `GROUP_FIRST[b >> UTS46_GROUP_SHIFT] + BLOCK_FIRST[b]`, a byte for each block
/// (at most 224 ranges start in a group of 8 blocks in Unicode 18.0.0; checked), 4,602 → 2,877
/// bytes against `u16` counts (README.md).
const UTS46_GROUP_SHIFT: u32 = 3;

/// The first-level index of the ranges (see the generated file's header).
struct RangeIndex {
    /// `first[b]`: how many ranges start below block `b`, for every block below `limit`, and
    /// one more entry for `limit` itself.
    first: Vec<u16>,
    /// `first` as the table stores it: `group[b >> UTS46_GROUP_SHIFT] + offset[b]`.
    group: Vec<u16>,
    offset: Vec<u8>,
    /// The low bits of each range start, within its block.
    low: Vec<u8>,
    /// The starts of the ranges at or above `limit`.
    tail: Vec<u32>,
    limit: u32,
}

/// The block of a code point below the index limit, and its low bits within the block.
fn uts46_block(cp: u32) -> (u32, u32) {
    if cp < 0x1_0000 {
        (cp >> UTS46_BMP_SHIFT, cp & ((1 << UTS46_BMP_SHIFT) - 1))
    } else {
        (
            (0x1_0000 >> UTS46_BMP_SHIFT) + ((cp - 0x1_0000) >> UTS46_SUPPLEMENTARY_SHIFT),
            cp & ((1 << UTS46_SUPPLEMENTARY_SHIFT) - 1),
        )
    }
}

/// The first code point of a block.
fn uts46_block_start(b: u32) -> u32 {
    let bmp_blocks = 0x1_0000 >> UTS46_BMP_SHIFT;
    if b < bmp_blocks {
        b << UTS46_BMP_SHIFT
    } else {
        0x1_0000 + ((b - bmp_blocks) << UTS46_SUPPLEMENTARY_SHIFT)
    }
}

impl RangeIndex {
    fn build(starts: &[u32]) -> Result<RangeIndex> {
        let big = 1u32 << UTS46_SUPPLEMENTARY_SHIFT;
        let tail_from = starts.len().saturating_sub(UTS46_TAIL_MAX);
        let limit = starts
            .get(tail_from)
            .map_or(0, |&s| s.div_ceil(big) * big)
            .max(0x1_0000);
        let mut first = Vec::new();
        for b in 0..=uts46_block(limit).0 {
            let n = starts.partition_point(|&s| s < uts46_block_start(b));
            first.push(u16::try_from(n).map_err(|_| "too many UTS #46 ranges for u16")?);
        }
        let group: Vec<u16> = first
            .iter()
            .step_by(1 << UTS46_GROUP_SHIFT)
            .copied()
            .collect();
        let offset = first
            .iter()
            .enumerate()
            .map(|(b, &n)| {
                u8::try_from(n - group[b >> UTS46_GROUP_SHIFT]).map_err(|_| {
                    format!("more than 255 UTS #46 ranges start in the group of block {b}")
                })
            })
            .collect::<Result<Vec<u8>>>()?;
        Ok(RangeIndex {
            first,
            group,
            offset,
            low: starts.iter().map(|&s| uts46_block(s).1 as u8).collect(),
            tail: starts.iter().copied().filter(|&s| s >= limit).collect(),
            limit,
        })
    }

    /// The index of the range holding `cp`, as the reader in `src/uts46/mapping.rs` finds it.
    fn find(&self, cp: u32) -> usize {
        if cp >= self.limit {
            let before = self.first_of(self.offset.len() - 1);
            return before + self.tail.partition_point(|&s| s <= cp) - 1;
        }
        let (b, low) = uts46_block(cp);
        let (lo, hi) = (self.first_of(b as usize), self.first_of(b as usize + 1));
        lo + self.low[lo..hi].partition_point(|&l| u32::from(l) <= low) - 1
    }

    /// How many ranges start below block `b`, read as the crate does.
    fn first_of(&self, b: usize) -> usize {
        let n = usize::from(self.group[b >> UTS46_GROUP_SHIFT]) + usize::from(self.offset[b]);
        assert_eq!(n, usize::from(self.first[b]));
        n
    }

    fn bytes(&self) -> usize {
        self.group.len() * 2 + self.offset.len() + self.low.len() + self.tail.len() * 4
    }
}

/// The status, with `U_DELTA_MAPPING` and the delta for a delta mapping,
/// `U_CANONICAL_MAPPING` for the canonical decomposition, `U_OFFSET` and `U_LENGTH` for a
/// string.
fn pack_value(status: u32, mapping: &CpMapping, pool: &Pool) -> Result<u32> {
    let head = U_STATUS.put(status)?;
    Ok(match mapping {
        CpMapping::Delta(d) => {
            let room = 1i32 << (U_VALUE_BITS - 1 - U_DELTA_SHIFT);
            if !(-room..room).contains(d) {
                return Err(format!("UTS #46 delta {d} does not fit the packed value"));
            }
            let bits = ((*d as u32) << U_DELTA_SHIFT) & ((1 << U_VALUE_BITS) - 1);
            head | U_DELTA_MAPPING.put(1)? | bits
        }
        CpMapping::Canonical => head | U_CANONICAL_MAPPING.put(1)?,
        CpMapping::None => head,
        CpMapping::Str(s) => head | U_OFFSET.put(pool.offset(s)?)? | U_LENGTH.put(s.len() as u32)?,
    })
}

/// The packed values as `RANGE_VALUES` (the low 16 bits) and `RANGE_HIGH` (the rest) store
/// them.
fn split_values(values: &[u32]) -> (Vec<u16>, Vec<u8>) {
    (
        values.iter().map(|&v| v as u16).collect(),
        values.iter().map(|&v| (v >> 16) as u8).collect(),
    )
}

/// Value `i` of `split_values`, as `src/uts46/mapping.rs` reads it.
fn read_value(low: &[u16], high: &[u8], i: usize) -> u32 {
    u32::from(low[i]) | (u32::from(high[i]) << 16)
}

/// The mapped strings, each stored once, and inside a longer one when it is a part of it.
struct Pool {
    strings: String,
}

impl Pool {
    fn new(mut all: Vec<String>) -> Pool {
        all.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        all.dedup();
        let mut strings = String::new();
        for s in all {
            if !strings.contains(&s) {
                strings.push_str(&s);
            }
        }
        Pool { strings }
    }

    fn offset(&self, s: &str) -> Result<u32> {
        if s.is_empty() {
            return Ok(0);
        }
        self.strings
            .find(s)
            .map(|o| o as u32)
            .ok_or_else(|| format!("UTS #46 mapping {s:?} missing from the pool"))
    }
}

/// The ranges of the IDNA Mapping Table. A non-ASCII PVALID code point (`derived`) that is
/// `valid` is answered by the reader from the property trie before the table, so its value
/// here is free: the ranges around it extend over it (5,298 ranges become 4,468). A `mapped`
/// code point whose mapping is its canonical decomposition to one code point (the CJK
/// compatibility ideographs, 1,021 of them) is read from `nfc.rs`: 3,466 ranges.
fn uts46_mapping(inputs: &Inputs, ucd: &UnicodeData, derived: &[Derived]) -> Result<Mapping> {
    const FILE: &str = MAPPING_INPUT;
    let mut status = vec![u32::MAX; CODE_POINTS];
    let mut mapping = vec![CpMapping::None; CODE_POINTS];
    let mut next = 0u32;
    let mut lines = 0;
    for (n, raw) in inputs.text(FILE).lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        let (first, last) = parse_range(fields[0], FILE, n + 1)?;
        if first != next {
            return Err(format!("{FILE}:{}: gap before U+{first:04X}", n + 1));
        }
        next = last + 1;
        lines += 1;
        let name = fields.get(1).copied().unwrap_or("");
        let status_index = STATUSES
            .iter()
            .position(|s| *s == name)
            .ok_or_else(|| format!("{FILE}:{}: unknown status {name:?}", n + 1))?
            as u32;
        let mapped: Vec<u32> = match fields.get(2) {
            Some(m) if name == "mapped" || name == "deviation" => m
                .split_whitespace()
                .map(|s| parse_cp(s, FILE, n + 1))
                .collect::<Result<Vec<u32>>>()?,
            _ if name == "mapped" => {
                return Err(format!("{FILE}:{}: mapped without a mapping", n + 1));
            }
            _ => Vec::new(),
        };
        let text = mapped
            .iter()
            .map(|&cp| char::from_u32(cp).ok_or_else(|| format!("{FILE}:{}: surrogate", n + 1)))
            .collect::<Result<String>>()?;
        for cp in first..=last {
            status[cp as usize] = status_index;
            mapping[cp as usize] = match mapped.as_slice() {
                [one] => CpMapping::Delta(*one as i32 - cp as i32),
                [] if name == "deviation" => CpMapping::Str(String::new()),
                [] => CpMapping::None,
                _ => CpMapping::Str(text.clone()),
            };
        }
    }
    if next as usize != CODE_POINTS {
        return Err(format!("{FILE}: ends at U+{:04X}, not U+10FFFF", next - 1));
    }
    let pool = Pool::new(
        mapping
            .iter()
            .filter_map(|m| match m {
                CpMapping::Str(s) if !s.is_empty() => Some(s.clone()),
                _ => None,
            })
            .collect(),
    );
    for (cp, m) in mapping.iter_mut().enumerate() {
        if let CpMapping::Delta(d) = *m
            && let Some((false, to)) = ucd.decomposition.get(&(cp as u32))
            && *to == [(cp as i32 + d) as u32]
        {
            *m = CpMapping::Canonical;
        }
    }
    // A `deviation` code point is a starter with NFC_Quick_Check=Yes: the stream's reader takes
    // one kept by Nontransitional Processing for a cut (`EntryCache::is_kept_cut`).
    let qc = nfc_quick_check(inputs)?;
    let yes = NFC_QC_VALUES.iter().position(|v| *v == "Yes").unwrap_or(0) as u32;
    for cp in 0..CODE_POINTS {
        if STATUSES[status[cp] as usize] == "deviation"
            && (qc[cp] != yes || ucd.combining_class[cp] != 0)
        {
            return Err(format!("deviation U+{cp:04X} is not a plain starter"));
        }
    }
    // The code points the reader answers without the table, and the PVALID ones it must not.
    let mut answered = vec![false; CODE_POINTS];
    let mut pvalid_deviations = Vec::new();
    for cp in 0x80..CODE_POINTS {
        if derived[cp] != Derived::Pvalid {
            continue;
        }
        match STATUSES[status[cp] as usize] {
            "valid" => answered[cp] = true,
            "deviation" => pvalid_deviations.push(cp as u32),
            other => return Err(format!("PVALID U+{cp:04X} is {other} in {FILE}")),
        }
    }
    // Greedy ranges: a run of one value, over the answered code points.
    let mut starts = Vec::new();
    let mut values = Vec::new();
    let mut current = None;
    for cp in 0..CODE_POINTS {
        if answered[cp] {
            continue;
        }
        let this = Some((status[cp], &mapping[cp]));
        if this == current {
            continue;
        }
        current = this;
        starts.push(cp as u32);
        values.push(pack_value(status[cp], &mapping[cp], &pool)?);
    }
    let m = Mapping {
        starts,
        values,
        strings: pool.strings,
        lines,
        pvalid_deviations,
    };
    // Read every code point back through the index and the bytes, as the crate's reader does.
    let index = RangeIndex::build(&m.starts)?;
    let (low, high) = split_values(&m.values);
    for cp in 0..CODE_POINTS as u32 {
        if answered[cp as usize] {
            continue;
        }
        let i = index.find(cp);
        let v = read_value(&low, &high, i);
        if v != m.values[i] || v >> U_VALUE_BITS != 0 {
            return Err(format!(
                "UTS #46 value {i} does not fit {U_VALUE_BITS} bits"
            ));
        }
        let st = U_STATUS.get(v);
        let map = if U_DELTA_MAPPING.get(v) != 0 {
            CpMapping::Delta(
                ((v << (32 - U_VALUE_BITS)) as i32) >> (U_DELTA_SHIFT + 32 - U_VALUE_BITS),
            )
        } else if U_CANONICAL_MAPPING.get(v) != 0 {
            CpMapping::Canonical
        } else {
            let (o, l) = (U_OFFSET.get(v) as usize, U_LENGTH.get(v) as usize);
            let s = if matches!(st, 1 | 2) {
                &m.strings[o..o + l]
            } else {
                ""
            };
            if s.is_empty() && st != 2 {
                CpMapping::None
            } else {
                CpMapping::Str(s.to_string())
            }
        };
        if st != status[cp as usize] || map != mapping[cp as usize] {
            return Err(format!(
                "UTS #46 ranges disagree with the file at U+{cp:04X}"
            ));
        }
    }
    Ok(m)
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

fn unicode_version(inputs: &Inputs) -> Result<(u8, u8, u8)> {
    let text = inputs.text(MAPPING_INPUT);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# Version: "))
        .ok_or("idna/IdnaMappingTable.txt: no `# Version:` line")?;
    let parts: Vec<u8> = line
        .trim()
        .split('.')
        .filter_map(|p| p.parse().ok())
        .collect();
    let [a, b, c] = parts[..] else {
        return Err(format!("idna/IdnaMappingTable.txt: bad version {line:?}"));
    };
    // Every UCD file names its version in its first line (`# DerivedAge-18.0.0.txt`).
    let version = format!("{a}.{b}.{c}");
    for input in &inputs.files {
        if input.name.starts_with("ucd/") && input.name != "ucd/UnicodeData.txt" {
            let first = input.text.lines().next().unwrap_or("");
            if !first.contains(&format!("-{version}.txt")) {
                return Err(format!(
                    "{}: first line {first:?} is not version {version}",
                    input.name
                ));
            }
        }
    }
    Ok((a, b, c))
}

fn header(inputs: &Inputs, version: (u8, u8, u8), files: &[&str], sizes: &str) -> String {
    let mut h = String::new();
    h.push_str("// DO NOT EDIT: generated by tools/gen-tables.\n//\n");
    let _ = writeln!(h, "//   {COMMAND}\n//");
    let _ = writeln!(
        h,
        "// Unicode version: {}.{}.{}",
        version.0, version.1, version.2
    );
    h.push_str("// Inputs (SHA-256):\n");
    for f in files {
        let _ = writeln!(h, "//   {}  {f}", inputs.get(f).sha256);
    }
    h.push_str("//\n");
    for line in sizes.lines() {
        let _ = writeln!(h, "// {line}");
    }
    h.push('\n');
    h
}

fn array<T: std::fmt::Display>(name: &str, ty: &str, items: &[T], doc: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "/// {doc}");
    let _ = writeln!(s, "pub(crate) static {name}: [{ty}; {}] = [", items.len());
    for chunk in items.chunks(16) {
        s.push_str("    ");
        for (i, v) in chunk.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{v},");
        }
        s.push('\n');
    }
    s.push_str("];\n\n");
    s
}

fn hex_items(items: &[u32], width: usize) -> Vec<String> {
    items.iter().map(|v| format!("0x{v:0width$X}")).collect()
}

fn render(inputs: &Inputs) -> Result<Vec<(&'static str, String)>> {
    let version = unicode_version(inputs)?;
    let ucd = unicode_data(inputs.text("ucd/UnicodeData.txt"))?;
    let derived = derived_property(inputs, &ucd)?;
    let packed = packed_properties(inputs, &ucd, &derived)?;
    let (values, indices) = value_table(&packed)?;
    let trie = Trie::build(&indices, DATA_SHIFT, INDEX_SHIFT)?;
    for cp in 0..CODE_POINTS as u32 {
        if values.get(usize::from(trie.get(cp))) != Some(&packed[cp as usize]) {
            return Err(format!(
                "trie lookup of U+{cp:04X} disagrees with the table"
            ));
        }
    }
    let mapping = uts46_mapping(inputs, &ucd, &derived)?;

    let mut files = Vec::new();

    let mod_rs = format!(
        "{}//! Generated Unicode tables. Nothing in this folder is written by hand.\n\n\
         pub(crate) mod escape;\npub(crate) mod nfc;\npub(crate) mod properties;\n\
         #[cfg(feature = \"security\")]\npub(crate) mod security;\npub(crate) mod uts46;\n\n\
         /// The version of Unicode every table in this folder was generated from.\n\
         pub(crate) const UNICODE_VERSION: (u8, u8, u8) = ({}, {}, {});\n",
        header(inputs, version, &[MAPPING_INPUT], ""),
        version.0,
        version.1,
        version.2
    );
    files.push(("mod.rs", mod_rs));
    files.push(escape::render(inputs, version)?);
    files.push(security::render(inputs, version)?);

    let sizes = format!(
        "Property trie: {} bytes (BMP index {} and index2 {} entries of u16; index1 {} and data \
         {} entries of u8; values {} of u32).",
        trie.bytes() + 4 * values.len(),
        trie.bmp.len(),
        trie.index2.len(),
        trie.index1.len(),
        trie.data.len(),
        values.len()
    );
    let mut props = header(inputs, version, PROPERTY_INPUTS, &sizes);
    props.push_str(
        "//! One packed `u32` of properties for every code point: a code point trie maps each code\n\
         //! point to a one-byte index into `VALUES`, the distinct packed values. The fields of a\n\
         //! value are the `*_BIT`, `*_SHIFT` and `*_MASK` constants below.\n\n",
    );
    for field in PROPERTY_FIELDS {
        props.push_str(&field.render());
    }
    props.push_str(&render_values(
        "DERIVED",
        "The values of the `DERIVED` field (RFC 5892 section 2).",
        DERIVED_NAMES,
    ));
    props.push_str(&render_values(
        "NFC_QC",
        "The values of the `NFC_QC` field (UAX #15 section 9).",
        NFC_QC_VALUES,
    ));
    props.push_str(&render_enum(
        "BidiClass",
        "Bidi_Class (UAX #9), in the packed order.",
        BIDI_CLASSES,
    ));
    props.push_str(&render_enum(
        "JoiningType",
        "Joining_Type (Unicode core specification section 9.2), in the packed order.",
        JOINING_TYPES,
    ));
    let scripts: Vec<(&str, &str)> = SCRIPTS
        .iter()
        .map(|&s| {
            (
                s,
                if s == "Other" {
                    "Any script not listed"
                } else {
                    s
                },
            )
        })
        .collect();
    props.push_str(&render_enum(
        "Script",
        "The Script values RFC 5892 Appendix A asks about, in the packed order.",
        &scripts,
    ));
    let names = |list: &[(&str, &str)]| {
        list.iter()
            .map(|(s, _)| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        props,
        "/// Bidi_Class short names by packed index.\n\
         #[cfg_attr(not(test), allow(dead_code))] // read by the tests against the UCD\n\
         pub(crate) static BIDI_CLASSES: [&str; {}] = [{}];\n\n\
         /// Joining_Type short names by packed index.\n\
         #[cfg_attr(not(test), allow(dead_code))]\n\
         pub(crate) static JOINING_TYPES: [&str; {}] = [{}];\n\n\
         /// Script names by packed index (`Other` stands for every script not listed).\n\
         #[cfg_attr(not(test), allow(dead_code))]\n\
         pub(crate) static SCRIPTS: [&str; {}] = [{}];\n",
        BIDI_CLASSES.len(),
        names(BIDI_CLASSES),
        JOINING_TYPES.len(),
        names(JOINING_TYPES),
        SCRIPTS.len(),
        SCRIPTS
            .iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        props,
        "/// Entries per data block is `1 << DATA_SHIFT`.\n\
         pub(crate) const DATA_SHIFT: u32 = {DATA_SHIFT};\n\n\
         /// Code points per `INDEX1` entry is `1 << INDEX_SHIFT`.\n\
         pub(crate) const INDEX_SHIFT: u32 = {INDEX_SHIFT};\n"
    );
    props.push_str(&array(
        "BMP_INDEX",
        "u16",
        &trie.bmp,
        "Offset into `DATA` of the block of each `1 << DATA_SHIFT` BMP code points.",
    ));
    props.push_str(&array(
        "INDEX1",
        "u8",
        &trie.index1,
        "The block of `INDEX2` (`1 << (INDEX_SHIFT - DATA_SHIFT)` entries) for each \
         `1 << INDEX_SHIFT` code points.",
    ));
    props.push_str(&array(
        "INDEX2",
        "u16",
        &trie.index2,
        "Offset into `DATA` of each data block.",
    ));
    props.push_str(&array(
        "DATA",
        "u8",
        &trie.data,
        "The index into `VALUES` of each code point, in deduplicated blocks.",
    ));
    props.push_str(&array(
        "VALUES",
        "u32",
        &hex_items(&values, 5),
        "The distinct packed property values, in increasing order.",
    ));
    files.push(("properties.rs", props));
    files.push(("nfc.rs", render_nfc(inputs, version, &ucd)?));

    let index = RangeIndex::build(&mapping.starts)?;
    let sizes = format!(
        "UTS #46 mapping: {} ranges (from {} lines), {} bytes of values (RANGE_VALUES,\n\
         RANGE_HIGH), {} bytes of index (GROUP_FIRST, BLOCK_FIRST, RANGE_LOW, TAIL_STARTS),\n\
         {} bytes of mapped strings: {} bytes in all.",
        mapping.starts.len(),
        mapping.lines,
        mapping.values.len() * 3,
        index.bytes(),
        mapping.strings.len(),
        mapping.values.len() * 3 + index.bytes() + mapping.strings.len()
    );
    let mut inputs_uts46 = vec![MAPPING_INPUT];
    inputs_uts46.extend_from_slice(PROPERTY_INPUTS);
    let mut uts46 = header(inputs, version, &inputs_uts46, &sizes);
    uts46.push_str(
        "//! The UTS #46 mapping table (IdnaMappingTable.txt) as sorted ranges of code points.\n//!\n\
         //! Finding the range of `cp`: below `INDEX_LIMIT`, the code points are cut in blocks of\n\
         //! `1 << BMP_SHIFT` in the BMP and of `1 << SUPPLEMENTARY_SHIFT` above (block\n\
         //! `b = (0x10000 >> BMP_SHIFT) + ((cp - 0x10000) >> SUPPLEMENTARY_SHIFT)` there). Block `b`\n\
         //! holds the ranges `first(b)..first(b + 1)` (those that start in it), where `first(b) =\n\
         //! GROUP_FIRST[b >> GROUP_SHIFT] + BLOCK_FIRST[b]`, and `RANGE_LOW[i]` is the start of\n\
         //! range `i` within its block (its low bits). The range of `cp` is `first(b) - 1` plus\n\
         //! the number of those starts at or below `cp`'s low bits. From `INDEX_LIMIT` on, it is\n\
         //! `first(last) - 1` plus the number of `TAIL_STARTS` at or below `cp`. The first range\n\
         //! starts at U+0000.\n//!\n\
         //! A non-ASCII code point whose RFC 5892 derived property is PVALID (the property trie of\n\
         //! `properties.rs`) is `valid`, but for the `PVALID_DEVIATIONS`: the reader answers it\n\
         //! without this table, whose ranges extend over it (the generator checks both facts).\n//!\n\
         //! `RANGE_VALUES[i] | RANGE_HIGH[i] << 16`, the `VALUE_BITS` of the packed status and\n\
         //! mapping of range `i`, in the fields named by the `*_BIT`, `*_SHIFT` and `*_MASK`\n\
         //! constants below (all but the mapping in `RANGE_VALUES`): the status; a mapping to\n\
         //! `cp + delta` (so that a run like A-Z..a-z is one range), to the code point's canonical\n\
         //! decomposition to one code point (`nfc.rs`: the CJK compatibility ideographs) or to a\n\
         //! string of `MAPPED` (the empty mapping of a `deviation` has length zero).\n\n",
    );
    for field in UTS46_FIELDS {
        uts46.push_str(&field.render());
    }
    let _ = writeln!(
        uts46,
        "/// The first bit of the signed delta of `DELTA_MAPPING_BIT`, which takes every bit above.\n\
         pub(crate) const DELTA_SHIFT: u32 = {U_DELTA_SHIFT};\n\n\
         /// The bits of a packed value: 16 in `RANGE_VALUES`, the rest in `RANGE_HIGH`.\n\
         pub(crate) const VALUE_BITS: u32 = {U_VALUE_BITS};\n"
    );
    uts46.push_str(&render_values(
        "STATUS",
        "The values of the `STATUS` field (UTS #46 section 5).",
        STATUSES,
    ));
    let _ = writeln!(
        uts46,
        "/// The PVALID code points (RFC 5892) that are not `valid` in the table.\n\
         pub(crate) const PVALID_DEVIATIONS: [u32; {}] = [{}];\n",
        mapping.pvalid_deviations.len(),
        hex_items(&mapping.pvalid_deviations, 4).join(", ")
    );
    let _ = writeln!(
        uts46,
        "/// UTS #46 status names by packed index.\n\
         #[allow(dead_code)] // documents the packed order; the reader uses the `STATUS_*` names\n\
         pub(crate) static STATUSES: [&str; {}] = [{}];\n\n\
         /// Code points per block of `BLOCK_FIRST` in the BMP is `1 << BMP_SHIFT`.\n\
         pub(crate) const BMP_SHIFT: u32 = {UTS46_BMP_SHIFT};\n\n\
         /// Code points per block of `BLOCK_FIRST` above the BMP is `1 << SUPPLEMENTARY_SHIFT`.\n\
         pub(crate) const SUPPLEMENTARY_SHIFT: u32 = {UTS46_SUPPLEMENTARY_SHIFT};\n\n\
         /// Blocks per entry of `GROUP_FIRST` is `1 << GROUP_SHIFT`.\n\
         pub(crate) const GROUP_SHIFT: u32 = {UTS46_GROUP_SHIFT};\n\n\
         /// `BLOCK_FIRST` covers the code points below this one.\n\
         pub(crate) const INDEX_LIMIT: u32 = 0x{:X};\n",
        STATUSES.len(),
        STATUSES
            .iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", "),
        index.limit
    );
    uts46.push_str(&array(
        "GROUP_FIRST",
        "u16",
        &index.group,
        "The number of ranges that start below each group of `1 << GROUP_SHIFT` blocks.",
    ));
    uts46.push_str(&array(
        "BLOCK_FIRST",
        "u8",
        &index.offset,
        "The number of ranges that start below each block, and below `INDEX_LIMIT` last, less \
         `GROUP_FIRST` of its group.",
    ));
    uts46.push_str(&array(
        "RANGE_LOW",
        "u8",
        &index.low,
        "The low bits of each range's first code point, within its block.",
    ));
    uts46.push_str(&array(
        "TAIL_STARTS",
        "u32",
        &hex_items(&index.tail, 4),
        "The first code points of the ranges from `INDEX_LIMIT` on.",
    ));
    let (low, high) = split_values(&mapping.values);
    let low: Vec<u32> = low.into_iter().map(u32::from).collect();
    let high: Vec<u32> = high.into_iter().map(u32::from).collect();
    uts46.push_str(&array(
        "RANGE_VALUES",
        "u16",
        &hex_items(&low, 4),
        "The low 16 bits of the packed status and mapping of each range: all but the mapping.",
    ));
    uts46.push_str(&array(
        "RANGE_HIGH",
        "u8",
        &hex_items(&high, 2),
        "Bits 16 and up of the packed value of each range: the rest of a mapping.",
    ));
    let _ = writeln!(
        uts46,
        "/// The mapped strings of more than one code point, concatenated; a string that is part\n\
         /// of a longer one is stored only there.\npub(crate) static MAPPED: &str = \"{}\";",
        mapping.strings.escape_unicode()
    );
    files.push(("uts46.rs", uts46));
    Ok(files)
}

fn run(root: &Path, out: &Path) -> Result<()> {
    let inputs = Inputs::load(root)?;
    let files = render(&inputs)?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut paths = Vec::new();
    for (name, text) in files {
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
    }
    let status = Command::new("rustfmt")
        .args(["--edition", "2024"])
        .args(&paths)
        .status()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    if !status.success() {
        return Err("rustfmt failed on the generated files".into());
    }
    Ok(())
}

/// Prints the size of the property trie for a range of block shifts (README.md).
fn measure(root: &Path) -> Result<()> {
    let inputs = Inputs::load(root)?;
    let ucd = unicode_data(inputs.text("ucd/UnicodeData.txt"))?;
    let derived = derived_property(&inputs, &ucd)?;
    let packed = packed_properties(&inputs, &ucd, &derived)?;
    let (_, packed) = value_table(&packed)?;
    // Lookup cost: every scalar value, in order and in a scattered order, ten rounds each.
    let scattered: Vec<u32> = (0..CODE_POINTS as u32)
        .map(|i| i.wrapping_mul(0x9E37_79B9) % CODE_POINTS as u32)
        .filter(|&cp| !(0xD800..0xE000).contains(&cp))
        .collect();
    println!(
        "data_shift index_shift bytes data_entries ns_per_lookup_sequential ns_per_lookup_scattered"
    );
    for data_shift in 4..=7 {
        for index_shift in data_shift + 3..=13 {
            match Trie::build(&packed, data_shift, index_shift) {
                Ok(t) => {
                    let time = |cps: &mut dyn Iterator<Item = u32>| {
                        let cps: Vec<u32> = cps.collect();
                        let start = std::time::Instant::now();
                        let mut sum = 0u64;
                        for _ in 0..10 {
                            for &cp in &cps {
                                sum += u64::from(std::hint::black_box(&t).get(cp));
                            }
                        }
                        std::hint::black_box(sum);
                        start.elapsed().as_nanos() as f64 / (10 * cps.len()) as f64
                    };
                    let seq = time(&mut (0..CODE_POINTS as u32));
                    let scat = time(&mut scattered.iter().copied());
                    println!(
                        "{data_shift} {index_shift} {} {} {seq:.2} {scat:.2}",
                        t.bytes(),
                        t.data.len()
                    );
                }
                Err(e) => println!("{data_shift} {index_shift} - ({e})"),
            }
        }
    }
    Ok(())
}
