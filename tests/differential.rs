//! Differential test against Python `idna` 3.20 (an independent IDNA2008 implementation).
//!
//! data/reference/ holds idna's verdict on every case of the families listed in
//! data/reference/families.tsv, made by tools/reference/make_reference.sh; this test regenerates
//! the same case strings (tools/reference/README.md spells out every family, and a CRC-32 of the
//! strings proves the regeneration), asks the crate, and compares the verdict and the failure
//! class. The expectations are idna's alone; the crate never supplies one.
//!
//! A case agrees when both accept it, or both reject it and the crate's error is one of the rules
//! idna finds broken (RFC 5891 section 5.4 does not order the checks, so a label breaking two
//! rules may be reported by either). Every other case is a difference, keyed by idna's first
//! error code and the crate's error kind; data/reference/known-differences.tsv lists the keys
//! whose difference the standards explain, each with the clause that makes the crate right. An
//! unlisted key fails the test, and so does a listed key that no longer occurs (a ratchet).
//!
//! The one line of output: `differential: N cases, A agree, E explained, U unexplained`.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use idn_hostname::{BidiScope, ContextRule, ErrorKind, Options};

/// idna 3.20's error codes, as numbered in the verdict files (index 0: accepted), from the
/// manifest the generator writes beside them.
fn codes() -> &'static [String] {
    static CODES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CODES.get_or_init(|| {
        let manifest: serde_json::Value =
            serde_json::from_slice(&read("manifest.json")).expect("JSON manifest.json");
        let codes: Vec<String> = manifest["codes"]
            .as_array()
            .expect("manifest.json: a list of codes")
            .iter()
            .map(|c| {
                c.as_str()
                    .expect("manifest.json: codes are strings")
                    .to_string()
            })
            .collect();
        assert_eq!(
            codes.first().map(String::as_str),
            Some("ok"),
            "manifest.json: code 0"
        );
        codes
    })
}

/// Failure classes (tools/reference/README.md, "Failure classes"); bit `class - 1` of a mask.
const EMPTY: u32 = 1;
const LENGTH: u32 = 2;
const HYPHEN: u32 = 3;
const ALABEL: u32 = 4;
const NFC: u32 = 5;
const COMBINER: u32 = 6;
const CODEPOINT: u32 = 7;
const CONTEXTJ: u32 = 8;
const CONTEXTO: u32 = 9;
const BIDI: u32 = 10;

/// The failure class of a crate error kind: the same rule as idna's codes of that class.
fn class_of(kind: &ErrorKind) -> u32 {
    match kind {
        ErrorKind::EmptyName | ErrorKind::EmptyLabel => EMPTY,
        ErrorKind::NameTooLong | ErrorKind::LabelTooLong => LENGTH,
        ErrorKind::LeadingHyphen
        | ErrorKind::TrailingHyphen
        | ErrorKind::HyphenPositions3And4
        | ErrorKind::ReservedLdhLabel => HYPHEN,
        ErrorKind::InvalidPunycode(_) => ALABEL,
        ErrorKind::NotNfc => NFC,
        ErrorKind::LeadingCombiningMark => COMBINER,
        ErrorKind::InvalidCharacter | ErrorKind::Disallowed | ErrorKind::Unassigned => CODEPOINT,
        ErrorKind::Context(ContextRule::ZeroWidthNonJoiner | ContextRule::ZeroWidthJoiner) => {
            CONTEXTJ
        }
        ErrorKind::Context(_) => CONTEXTO,
        ErrorKind::Bidi(_) => BIDI,
        _ => 0,
    }
}

/// The crate's verdict: `None` when it accepts, else the kind of its error.
fn crate_verdict(options: &Options, case: &str) -> Option<ErrorKind> {
    options.check_idn_hostname(case).err().map(|e| e.kind())
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/reference")
}

fn read(name: &str) -> Vec<u8> {
    let path = data_dir().join(name);
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => panic!(
            "cannot read {} ({e}); regenerate with tools/reference/make_reference.sh",
            path.display()
        ),
    }
}

// ---- Verdict files (README, "Verdict files"). ---------------------------------------------------

fn leb128(data: &[u8], pos: &mut usize) -> u64 {
    let mut n = 0u64;
    let mut shift = 0;
    loop {
        let b = data[*pos];
        *pos += 1;
        n |= u64::from(b & 0x7F) << shift;
        shift += 7;
        if b < 0x80 {
            return n;
        }
    }
}

fn decode_verdicts(file: &str, count: usize) -> Vec<u16> {
    let data = read(file);
    let mut out = Vec::with_capacity(count);
    let mut pos = 0;
    if file.ends_with(".rle") {
        while pos < data.len() {
            let run = leb128(&data, &mut pos) as usize;
            let value = leb128(&data, &mut pos) as u16;
            out.extend(std::iter::repeat_n(value, run));
        }
    } else if file.ends_with(".huf") {
        // Canonical Huffman: symbols in (code length, value) order; decoded as in zlib's puff.
        let nsym = leb128(&data, &mut pos) as usize;
        let mut symbols = Vec::with_capacity(nsym);
        let mut count_by_len = [0u64; 65];
        for _ in 0..nsym {
            let value = leb128(&data, &mut pos) as u16;
            let len = leb128(&data, &mut pos) as usize;
            symbols.push(value);
            count_by_len[len] += 1;
        }
        let (mut code, mut first, mut index, mut len) = (0u64, 0u64, 0u64, 1usize);
        'bits: for &byte in &data[pos..] {
            for k in (0..8).rev() {
                if out.len() == count {
                    break 'bits;
                }
                code |= u64::from((byte >> k) & 1);
                let n = count_by_len[len];
                if code < first + n {
                    out.push(symbols[(index + code - first) as usize]);
                    (code, first, index, len) = (0, 0, 0, 1);
                } else {
                    index += n;
                    first = (first + n) << 1;
                    code <<= 1;
                    len += 1;
                }
            }
        }
    } else {
        panic!("{file}: unknown verdict encoding");
    }
    assert_eq!(
        out.len(),
        count,
        "{file}: the verdict count differs from families.tsv"
    );
    out
}

// ---- Case generation (README, "Families"). ------------------------------------------------------

const CP_FAMILIES: [(&str, &str, &str); 19] = [
    ("cp-alone", "", ""),
    ("cp-ltr-between", "a", "b"),
    ("cp-first", "", "a"),
    ("cp-after-hebrew", "\u{05D0}", ""),
    ("cp-arabic-between", "\u{0628}", "\u{0628}"),
    ("cp-after-virama", "\u{0915}\u{094D}", ""),
    ("cp-zwnj-left", "", "\u{200C}\u{0628}"),
    ("cp-zwnj-right", "\u{0628}\u{200C}", ""),
    ("cp-zwnj-left-skip", "\u{0628}", "\u{200C}\u{0628}"),
    ("cp-zwnj-right-skip", "\u{0628}\u{200C}", "\u{0628}"),
    ("cp-zwj-virama", "\u{0915}", "\u{200D}"),
    ("cp-zwnj-virama", "\u{0915}", "\u{200C}"),
    ("cp-middle-dot-after", "l\u{00B7}", ""),
    ("cp-middle-dot-before", "", "\u{00B7}l"),
    ("cp-keraia", "\u{0375}", ""),
    ("cp-geresh", "", "\u{05F3}"),
    ("cp-katakana-middle-dot", "", "\u{30FB}"),
    ("cp-arabic-indic", "\u{0628}\u{0660}", ""),
    ("cp-extended-arabic-indic", "\u{0628}\u{06F0}", ""),
];

const POOL: [u32; 51] = [
    0x61, 0x62, 0x7A, 0x30, 0x39, 0x2D, 0x41, 0x5F, 0x6C, 0x00E9, 0x00DF, 0x0301, 0x0065, 0x212B,
    0x03B1, 0x03C2, 0x0375, 0x0431, 0x05D0, 0x05D1, 0x05B4, 0x05F3, 0x05F4, 0x0627, 0x0628, 0x0644,
    0x064E, 0x0660, 0x0661, 0x06F0, 0x06F1, 0x0640, 0x0710, 0x0712, 0x0780, 0x07C0, 0x0915, 0x0930,
    0x094D, 0x200C, 0x200D, 0x00B7, 0x4E2D, 0x3042, 0x30A2, 0x30FB, 0x0378, 0xE000, 0xFFFD,
    0x1F600, 0x1E030,
];
const ALPH: &[u8; 37] = b"abcdefghijklmnopqrstuvwxyz0123456789-";

mod common;
use common::splitmix::SplitMix64;

fn scalar_values() -> impl Iterator<Item = char> {
    ('\0'..='\u{D7FF}').chain('\u{E000}'..='\u{10FFFF}')
}

fn random_label(rng: &mut SplitMix64, out: &mut String) {
    out.clear();
    let n = 1 + rng.below(12);
    for _ in 0..n {
        out.push(char::from_u32(POOL[rng.below(POOL.len())]).unwrap());
    }
}

fn alabel_of(u: &str) -> String {
    let payload = idna::punycode::encode_str(u).expect("Punycode encoding of a short label");
    format!("xn--{payload}")
}

/// Calls `each` on every case of `family`, in the generator's order.
fn for_each_case(family: &str, verbatim: &str, each: &mut dyn FnMut(&str)) {
    let mut buf = String::new();
    if let Some(&(_, prefix, suffix)) = CP_FAMILIES.iter().find(|f| f.0 == family) {
        for c in scalar_values() {
            buf.clear();
            buf.push_str(prefix);
            buf.push(c);
            buf.push_str(suffix);
            each(&buf);
        }
        return;
    }
    match family {
        "cp-alabel" => {
            // Needs the cp-* verdicts: the A-label of every accepted case and of every case whose
            // code point is a multiple of 64; ASCII-only cases have none.
            let index = families();
            for &(name, prefix, suffix) in &CP_FAMILIES {
                let row = index
                    .iter()
                    .find(|r| r.name == name)
                    .expect("cp family in index");
                let values = decode_verdicts(&row.file, row.count);
                for (c, &v) in scalar_values().zip(&values) {
                    if v == 0 || (c as u32).is_multiple_of(64) {
                        buf.clear();
                        buf.push_str(prefix);
                        buf.push(c);
                        buf.push_str(suffix);
                        if !buf.is_ascii() {
                            each(&alabel_of(&buf));
                        }
                    }
                }
            }
        }
        "random" | "random-alabel" | "random-punycode" => {
            let (seed, count) = match family {
                "random" => (1, 1_000_000),
                "random-alabel" => (2, 500_000),
                _ => (3, 500_000),
            };
            let mut rng = SplitMix64(seed);
            let mut label = String::new();
            for _ in 0..count {
                match family {
                    "random" => {
                        random_label(&mut rng, &mut label);
                        each(&label);
                    }
                    "random-alabel" => {
                        random_label(&mut rng, &mut label);
                        let (mut s, start) = if label.is_ascii() {
                            (label.clone().into_bytes(), 0)
                        } else {
                            (alabel_of(&label).into_bytes(), 4)
                        };
                        let n = s.len() - start;
                        match rng.below(5) {
                            1 => {
                                let p = start + rng.below(n);
                                s[p] = ALPH[rng.below(ALPH.len())];
                            }
                            2 => {
                                let p = start + rng.below(n);
                                s.remove(p);
                            }
                            3 => {
                                let p = start + rng.below(n + 1);
                                s.insert(p, ALPH[rng.below(ALPH.len())]);
                            }
                            4 => s.make_ascii_uppercase(),
                            _ => {}
                        }
                        each(std::str::from_utf8(&s).expect("ASCII"));
                    }
                    _ => {
                        buf.clear();
                        buf.push_str("xn--");
                        let n = 1 + rng.below(40);
                        for _ in 0..n {
                            buf.push(char::from(ALPH[rng.below(ALPH.len())]));
                        }
                        each(&buf);
                    }
                }
            }
        }
        _ => {
            assert_ne!(
                verbatim, "-",
                "{family}: no generation rule and no verbatim cases"
            );
            let text = String::from_utf8(read(verbatim)).expect("UTF-8 verbatim cases");
            for line in text.split_terminator('\n') {
                each(line);
            }
        }
    }
}

// ---- CRC-32 (ISO-HDLC, as Python's zlib.crc32) of the case strings, each followed by 0xFF. ----

struct Crc32([u32; 256], u32);

impl Crc32 {
    fn new() -> Self {
        let mut table = [0u32; 256];
        for (i, slot) in table.iter_mut().enumerate() {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *slot = c;
        }
        Crc32(table, 0xFFFF_FFFF)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.1 = self.0[((self.1 ^ u32::from(b)) & 0xFF) as usize] ^ (self.1 >> 8);
        }
    }

    fn value(&self) -> u32 {
        self.1 ^ 0xFFFF_FFFF
    }
}

// ---- The comparison. ----------------------------------------------------------------------------

struct Family {
    name: String,
    count: usize,
    crc: u32,
    file: String,
    verbatim: String,
}

fn families() -> Vec<Family> {
    let text = String::from_utf8(read("families.tsv")).expect("UTF-8 families.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "families.tsv: bad line {l:?}");
            Family {
                name: f[0].to_string(),
                count: f[1].parse().expect("case count"),
                crc: u32::from_str_radix(f[2], 16).expect("crc32"),
                file: f[3].to_string(),
                verbatim: f[4].to_string(),
            }
        })
        .collect()
}

/// Differences of one key: how many, and the first few cases.
#[derive(Default)]
struct Seen {
    count: u64,
    examples: Vec<String>,
}

#[derive(Default)]
struct Tally {
    cases: u64,
    agree: u64,
    differences: BTreeMap<(String, String), Seen>,
}

fn run_family(family: &Family, options: &Options) -> Tally {
    let values = decode_verdicts(&family.file, family.count);
    let mut tally = Tally::default();
    let mut crc = Crc32::new();
    let mut i = 0usize;
    for_each_case(&family.name, &family.verbatim, &mut |case| {
        crc.update(case.as_bytes());
        crc.update(&[0xFF]);
        let Some(&value) = values.get(i) else {
            panic!(
                "{}: more cases regenerated than families.tsv says",
                family.name
            )
        };
        let value = u32::from(value);
        i += 1;
        let (code, mask) = (value & 31, value >> 5);
        let verdict = crate_verdict(options, case);
        let agree = match &verdict {
            None => mask == 0,
            Some(kind) => {
                let class = class_of(kind);
                class != 0 && mask & (1 << (class - 1)) != 0
            }
        };
        if !agree {
            let key = verdict.map_or_else(|| "ok".to_string(), |k| format!("{k:?}"));
            note(&mut tally, code, key, case);
        }
        tally.cases += 1;
        tally.agree += u64::from(agree);
    });
    assert_eq!(
        i, family.count,
        "{}: the regenerated case count differs",
        family.name
    );
    assert_eq!(
        crc.value(),
        family.crc,
        "{}: the regenerated cases differ from the generator's (CRC-32)",
        family.name
    );
    tally
}

fn note(tally: &mut Tally, code: u32, crate_key: String, case: &str) {
    let idna_key = codes()
        .get(code as usize)
        .map_or("?", String::as_str)
        .to_string();
    let seen = tally.differences.entry((idna_key, crate_key)).or_default();
    seen.count += 1;
    if seen.examples.len() < 3 {
        seen.examples.push(format!("{case:?}"));
    }
}

#[test]
fn differential_against_python_idna() {
    // idna applies the Bidi rule to RTL labels only and accepts a root dot: the same reading.
    let options = Options::new()
        .bidi_scope(BidiScope::RtlLabels)
        .allow_trailing_dot(true);
    let families = families();
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(family) = families.get(k) else { break };
                    let tally = run_family(family, &options);
                    let mut total = total.lock().unwrap();
                    total.cases += tally.cases;
                    total.agree += tally.agree;
                    for (key, seen) in tally.differences {
                        let t = total.differences.entry(key).or_default();
                        t.count += seen.count;
                        for e in seen.examples {
                            if t.examples.len() < 3 {
                                t.examples.push(e);
                            }
                        }
                    }
                }
            });
        }
    });
    let total = total.into_inner().unwrap();

    let known_text =
        String::from_utf8(read("known-differences.tsv")).expect("UTF-8 known-differences.tsv");
    let mut known = BTreeMap::new();
    for line in known_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(
            f.len() >= 3 && !f[2].trim().is_empty(),
            "known-differences.tsv: {line:?}"
        );
        known.insert((f[0].to_string(), f[1].to_string()), f[2].to_string());
    }

    let mut explained = 0u64;
    let mut unexplained = 0u64;
    let mut report = Vec::new();
    for (key, seen) in &total.differences {
        if known.contains_key(key) {
            explained += seen.count;
        } else {
            unexplained += seen.count;
            report.push(format!(
                "unexplained: idna {} / crate {}: {} cases, e.g. {}",
                key.0,
                key.1,
                seen.count,
                seen.examples.join(" ")
            ));
        }
    }
    for key in known.keys() {
        if !total.differences.contains_key(key) {
            report.push(format!(
                "known-differences.tsv lists idna {} / crate {}, which no longer occurs",
                key.0, key.1
            ));
        }
    }
    writeln!(
        std::io::stderr(),
        "differential: {} cases, {} agree, {} explained, {} unexplained",
        total.cases,
        total.agree,
        explained,
        unexplained
    )
    .unwrap();
    assert!(report.is_empty(), "{}", report.join("\n"));
}
