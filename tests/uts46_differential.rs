//! `uts46::to_ascii` with the default options against the `idna` crate's
//! `domain_to_ascii_strict` (UTS #46 with UseSTD3ASCIIRules, CheckHyphens, CheckBidi,
//! CheckJoiners, VerifyDnsLength, Nontransitional Processing; its data is ICU4X 2.4, Unicode
//! 18.0.0) on generated names: both must agree on success or failure and on the output.
//!
//! The names come from a fixed-seed splitmix64 generator, so every run sees the same ones. They
//! mix ASCII, dots (ASCII and ideographic), hyphens, "xn--" prefixes with valid and invalid
//! Punycode, letters of many scripts, RTL letters (R, AL), Arabic digits (AN), joiners, combining
//! marks, viramas, mapped code points (capitals, fullwidth, compatibility), ignored and
//! disallowed code points.
//!
//! The same names go through `uts46::to_unicode` (VerifyDnsLength off, as `idna` has none there)
//! against `idna`'s `Uts46::to_unicode` with the STD3 deny list and CheckHyphens: same success or
//! failure, same string (U+FFFD in `idna`'s output, which marks what failed, is a wildcard as
//! IdnaTestV2.txt's header says), but for one known class, a decoded A-label that fails
//! ([`decoded_where_idna_keeps_the_a_label`]).
//!
//! A difference that belongs to no known class fails the test; so does a known class that no
//! longer occurs (a ratchet). The ToASCII list, [`KNOWN`], is empty.

use idn_hostname::uts46::{self, Options};

mod common;
use common::splitmix::SplitMix64;

const ASCII: &[&str] = &[
    "a", "b", "c", "e", "x", "n", "z", "0", "1", "9", "-", "-", "A", "Z", "_", " ", "!", "*",
];
const LATIN_GREEK_CYRILLIC: &[&str] = &[
    "\u{E9}", "\u{E4}", "\u{DF}", "\u{3B1}", "\u{3C2}", "\u{3C3}", "\u{430}", "\u{44F}", "\u{131}",
    "\u{1E9E}", "\u{375}", "\u{B7}", "l",
];
const RTL: &[&str] = &[
    "\u{5D0}",
    "\u{5D1}",
    "\u{5EA}",
    "\u{5F3}",
    "\u{5F4}",
    "\u{627}",
    "\u{628}",
    "\u{644}",
    "\u{6A9}",
    "\u{710}",
    "\u{7C0}",
    "\u{10900}",
];
const DIGITS: &[&str] = &[
    "\u{660}", "\u{669}", "\u{6F0}", "\u{6F9}", "0", "5", "\u{966}", "\u{FF11}",
];
const MARKS: &[&str] = &[
    "\u{300}", "\u{308}", "\u{5B0}", "\u{64B}", "\u{94D}", "\u{93F}", "\u{A3C}", "\u{1BA3}",
    "\u{302A}",
];
const JOINERS: &[&str] = &["\u{200C}", "\u{200D}"];
const OTHER_SCRIPTS: &[&str] = &[
    "\u{915}",
    "\u{937}",
    "\u{E01}",
    "\u{E33}",
    "\u{4E2D}",
    "\u{6587}",
    "\u{3042}",
    "\u{30A2}",
    "\u{30FB}",
    "\u{AC00}",
    "\u{1100}",
    "\u{10D0}",
    "\u{531}",
    "\u{1F600}",
    "\u{2665}",
    "\u{1D400}",
    "\u{20000}",
    "\u{A8FF}",
];
const MAPPED: &[&str] = &[
    "\u{FF21}",
    "\u{FF41}",
    "\u{2474}",
    "\u{210C}",
    "\u{FB00}",
    "\u{216B}",
    "\u{130}",
    "\u{3A3}",
    "\u{410}",
    "\u{32FF}",
    "\u{FF0D}",
    "\u{2160}",
    "\u{1D7CE}",
    "\u{FE63}",
    "\u{2488}",
    "\u{33C6}",
    "\u{FDFA}",
];
const IGNORED: &[&str] = &["\u{AD}", "\u{200B}", "\u{FE0F}", "\u{180B}", "\u{2064}"];
const DISALLOWED: &[&str] = &[
    "\u{80}",
    "\u{378}",
    "\u{2028}",
    "\u{E000}",
    "\u{FFFD}",
    "\u{10FFFF}",
    "\u{E0001}",
    "\u{FFF0}",
    "\u{200E}",
    "\u{202E}",
];
const DOTS: &[&str] = &[".", "\u{3002}", "\u{FF0E}", "\u{FF61}"];
const PUNYCODE: &[&str] = &[
    "xn--fa-hia",
    "xn--4db",
    "xn--mgb",
    "xn--0ca",
    "xn--a",
    "xn---",
    "xn--",
    "xn--ls8h",
    "xn--ascii-",
    "xn--zca",
    "xn--1ug",
    "xn--0ug",
    "xn--u-ccb",
    "xn--9-bmc",
    "XN--FA-HIA",
    "xn--mgbh0fb",
    "xn--kgbechtv",
    "xn--bcher-kva",
    "xn--99zt52a",
    "xn--xn--a--gua",
];

fn label(rng: &mut SplitMix64) -> String {
    let mut s = String::new();
    if rng.below(8) == 0 {
        s.push_str(rng.pick::<&str>(PUNYCODE));
        if rng.below(3) != 0 {
            return s;
        }
    }
    let length = rng.below(9);
    for _ in 0..length {
        let pool: &[&str] = match rng.below(30) {
            0..=8 => ASCII,
            9..=11 => LATIN_GREEK_CYRILLIC,
            12..=15 => RTL,
            16..=17 => DIGITS,
            18..=19 => MARKS,
            20..=21 => JOINERS,
            22..=24 => OTHER_SCRIPTS,
            25..=26 => MAPPED,
            27 => IGNORED,
            28 => DISALLOWED,
            _ => &["-"],
        };
        s.push_str(rng.pick::<&str>(pool));
    }
    s
}

/// Letters of one script per label, as registrable names are, so that many names are valid and
/// the comparison also covers the outputs.
const COHERENT: &[&[&str]] = &[
    &[
        "a", "b", "k", "o", "s", "z", "0", "7", "-", "\u{E9}", "\u{FC}", "\u{DF}", "\u{F1}",
        "\u{142}",
    ],
    &[
        "\u{3B1}", "\u{3B2}", "\u{3C2}", "\u{3C3}", "\u{3AC}", "\u{391}", "\u{375}",
    ],
    &[
        "\u{430}", "\u{431}", "\u{44F}", "\u{410}", "\u{451}", "\u{4E7}",
    ],
    &[
        "\u{5D0}", "\u{5D1}", "\u{5E9}", "\u{5EA}", "\u{5B0}", "\u{5F3}", "1", "\u{FB2A}",
    ],
    &[
        "\u{627}", "\u{628}", "\u{644}", "\u{6CC}", "\u{660}", "\u{669}", "\u{64B}", "\u{200C}",
        "\u{6F1}", "\u{FEFB}",
    ],
    &[
        "\u{915}", "\u{937}", "\u{94D}", "\u{93F}", "\u{200D}", "\u{200C}", "\u{966}",
    ],
    &[
        "\u{4E2D}", "\u{6587}", "\u{3042}", "\u{30A2}", "\u{30FB}", "\u{3005}", "\u{FF76}",
    ],
    &["\u{AC00}", "\u{B098}", "\u{1100}", "\u{1161}", "\u{3131}"],
    &["\u{E01}", "\u{E33}", "\u{E48}", "\u{E50}"],
];

fn coherent_label(rng: &mut SplitMix64) -> String {
    let pool = COHERENT[rng.below(COHERENT.len())];
    let length = 1 + rng.below(10);
    let mut s = String::new();
    for _ in 0..length {
        s.push_str(rng.pick::<&str>(pool));
    }
    if rng.below(10) == 0 {
        s.push_str(rng.pick::<&str>(MAPPED));
    }
    s
}

fn ascii_label(rng: &mut SplitMix64) -> String {
    let mut s = String::new();
    if rng.below(10) == 0 {
        s.push_str(rng.pick::<&str>(PUNYCODE));
    }
    for _ in 0..rng.below(12) {
        s.push_str(if rng.below(3) == 0 {
            rng.pick::<&str>(ASCII)
        } else {
            rng.pick::<&str>(&["a", "k", "q", "3"])
        });
    }
    s
}

fn name(rng: &mut SplitMix64) -> String {
    let labels = 1 + rng.below(4);
    // 0..=3: one script per label; 4..=6: anything; 7: ASCII only (the fast path of ToASCII).
    let kind = rng.below(8);
    let mut s = String::new();
    for i in 0..labels {
        if i > 0 {
            s.push_str(if kind == 7 {
                "."
            } else {
                rng.pick::<&str>(DOTS)
            });
        }
        match kind {
            0..=3 => s.push_str(&coherent_label(rng)),
            4..=6 => s.push_str(&label(rng)),
            _ => s.push_str(&ascii_label(rng)),
        }
    }
    if rng.below(40) == 0 {
        s.push('.');
    }
    if rng.below(200) == 0 {
        // Near the DNS length limits.
        let long = "a".repeat(55 + rng.below(15));
        s = format!("{long}.{s}.{long}.{long}.{long}");
    }
    s
}

type Ours = Result<String, uts46::Error>;
type Theirs = Result<String, idna::Errors>;

/// A class of difference that UTS #46 decides in our favour, with the clause.
struct Known {
    name: &'static str,
    clause: &'static str,
    /// Whether a difference (input, ours, theirs) belongs to the class.
    matches: fn(&str, &Ours, &Theirs) -> bool,
}

/// The known classes of difference. Empty: every difference found so far was ours to fix.
const KNOWN: &[Known] = &[];

const NAMES: usize = 1_000_000;

/// Whether `theirs` is `ours` with some runs of code points (one or more each) replaced by one
/// U+FFFD each: `idna` marks a failed code point, or a whole failed label, that way.
fn same_but_replacements(ours: &str, theirs: &str) -> bool {
    let a: Vec<char> = ours.chars().collect();
    let b: Vec<char> = theirs.chars().collect();
    // matches[i][j]: a[..i] matches b[..j].
    let mut matches = vec![vec![false; b.len() + 1]; a.len() + 1];
    matches[0][0] = true;
    for j in 1..=b.len() {
        for i in 1..=a.len() {
            matches[i][j] = if b[j - 1] == '\u{FFFD}' {
                matches[i - 1][j - 1] || matches[i - 1][j]
            } else {
                b[j - 1] == a[i - 1] && matches[i - 1][j - 1]
            };
        }
    }
    matches[a.len()][b.len()]
}

/// Known class of toUnicode difference, on failure only: UTS #46 section 4 step 4.1.2 replaces
/// an "xn--" label by its Punycode decoding ("Otherwise replace the original label in the string
/// by the results of the conversion") before steps 4.1.3 and 4.1.4 check it, so a decoded label
/// that fails is returned decoded; `idna` returns such a label undecoded (with U+FFFD marks).
/// IdnaTestV2.txt sides with UTS #46: line 295 `xn--u-ccb; u\u0308; [V1]`, line 550 `xn--; "";
/// [P4, X4_2]`, line 552 `xn--ASCII-; ascii; [P4]`. `idna` returns such a label either undecoded
/// (it starts with "xn") or as the output of its validity check, ICU4X's
/// `Uts46Mapper::normalize_validate` (mapped, with U+FFFD for what the check rejects). Every label
/// agrees up to U+FFFD, or is one of those two.
fn decoded_where_idna_keeps_the_a_label(ours: &str, theirs: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.split('.').collect(), theirs.split('.').collect());
    let mapper = icu_normalizer::uts46::Uts46Mapper::new();
    a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            let validated: String = mapper.normalize_validate(x.chars()).collect();
            same_but_replacements(x, y)
                || y.starts_with("xn")
                || same_but_replacements(&validated, y)
        })
}

#[derive(Default)]
struct UnicodeTally {
    ok: usize,
    err: usize,
    known_a_label: usize,
    differences: Vec<String>,
}

/// ToUnicode against the `idna` crate's `Uts46::to_unicode` with the STD3 deny list and
/// CheckHyphens (it has no VerifyDnsLength, so neither do we here): same success or failure, and
/// the same string, where on failure `idna` puts U+FFFD in place of code points that failed
/// (UTS #46 section 4 allows it; IdnaTestV2.txt's header says to treat it as a wildcard).
fn compare_to_unicode(input: &str, tally: &mut UnicodeTally) {
    let options = Options::new().verify_dns_length(false);
    let (ours, our_result) = uts46::to_unicode(input, options);
    let (theirs, their_result) = idna::uts46::Uts46::new().to_unicode(
        input.as_bytes(),
        idna::uts46::AsciiDenyList::STD3,
        idna::uts46::Hyphens::Check,
    );
    match (&our_result, &their_result) {
        (Ok(()), Ok(())) if ours == theirs => tally.ok += 1,
        (Err(_), Err(_)) if same_but_replacements(&ours, &theirs) => tally.err += 1,
        (Err(_), Err(_)) if decoded_where_idna_keeps_the_a_label(&ours, &theirs) => {
            tally.known_a_label += 1
        }
        _ => tally.differences.push(format!(
            "{input:?}: ours {ours:?} {our_result:?}, idna {theirs:?} {their_result:?}"
        )),
    }
}

#[test]
fn to_ascii_agrees_with_idna_crate() {
    let mut rng = SplitMix64(0x5EED_0046_0036_0018);
    let mut agreed_ok = 0usize;
    let mut agreed_err = 0usize;
    let mut known_counts = vec![0usize; KNOWN.len()];
    let mut unknown: Vec<String> = Vec::new();
    let mut unknown_count = 0usize;
    for _ in 0..NAMES {
        let input = name(&mut rng);
        let ours = uts46::to_ascii(&input, Options::default());
        let theirs = idna::domain_to_ascii_strict(&input);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) if a == b => {
                agreed_ok += 1;
                continue;
            }
            (Err(_), Err(_)) => {
                agreed_err += 1;
                continue;
            }
            _ => {}
        }
        if let Some(k) = KNOWN
            .iter()
            .position(|k| (k.matches)(&input, &ours, &theirs))
        {
            known_counts[k] += 1;
            continue;
        }
        unknown_count += 1;
        if unknown.len() < 40 {
            unknown.push(format!(
                "{input:?} ({:?}): ours {ours:?}, idna {theirs:?}",
                input.escape_unicode().to_string()
            ));
        }
    }
    println!(
        "{NAMES} names: {agreed_ok} agree (Ok, same output), {agreed_err} agree (Err), \
         {unknown_count} unexplained differences"
    );
    for (k, count) in KNOWN.iter().zip(&known_counts) {
        println!("known difference {:?} ({}): {count}", k.name, k.clause);
    }
    assert!(
        agreed_ok > NAMES / 20,
        "too few valid names generated: {agreed_ok}"
    );
    assert!(
        agreed_err > NAMES / 20,
        "too few invalid names generated: {agreed_err}"
    );
    assert!(
        unknown.is_empty(),
        "{unknown_count} differences:\n{}",
        unknown.join("\n")
    );
    for (k, count) in KNOWN.iter().zip(&known_counts) {
        assert!(
            *count > 0,
            "known difference {:?} no longer occurs: remove it",
            k.name
        );
    }
}

/// The same names through ToUnicode (a test of its own, so that both run at once).
#[test]
fn to_unicode_agrees_with_idna_crate() {
    let mut rng = SplitMix64(0x5EED_0046_0036_0018);
    let mut unicode_tally = UnicodeTally::default();
    for _ in 0..NAMES {
        let input = name(&mut rng);
        compare_to_unicode(&input, &mut unicode_tally);
    }
    println!(
        "toUnicode: {} agree (Ok, same output), {} agree (Err, same output up to U+FFFD), {} \
         agree (Err) with the known difference of output \"decoded A-label\" (UTS #46 section \
         4 step 4.1.2), {} unexplained differences",
        unicode_tally.ok,
        unicode_tally.err,
        unicode_tally.known_a_label,
        unicode_tally.differences.len()
    );
    assert!(
        unicode_tally.known_a_label > 0,
        "known difference \"decoded A-label\" no longer occurs: remove it"
    );
    assert!(
        unicode_tally.differences.is_empty(),
        "toUnicode differences:\n{}",
        unicode_tally
            .differences
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        unicode_tally.ok > NAMES / 20,
        "too few valid names: {}",
        unicode_tally.ok
    );
}

/// The documented equality, on real names: `uts46::to_ascii(s, Options::default())` is
/// `idna::domain_to_ascii_strict(s)`, result and output, for every field of every line of
/// data/bench/*.txt (the valid corpora, the long names, the invalid ones) and every string of the
/// JSON Schema suite's hostname files. No known difference.
#[test]
fn to_ascii_is_domain_to_ascii_strict_on_the_corpora_and_suite() {
    let mut names = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(common::data::dir().join("bench")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            names.extend(line.split('\t').map(String::from));
        }
    }
    for draft in std::fs::read_dir(common::data::dir().join("json-schema-test-suite")).unwrap() {
        // The drafts are folders; the files beside them are the suite's README, licence and sums.
        let draft = draft.unwrap().path();
        if !draft.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(draft).unwrap() {
            let path = file.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let groups: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for test in groups
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["tests"].as_array().unwrap())
            {
                if let Some(s) = test["data"].as_str() {
                    names.insert(s.to_string());
                }
            }
        }
    }
    let (mut ok, mut err) = (0, 0);
    for name in &names {
        let ours = uts46::to_ascii(name, Options::default());
        let theirs = idna::domain_to_ascii_strict(name);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{name:?}");
                ok += 1;
            }
            (Err(_), Err(_)) => err += 1,
            _ => panic!("{name:?}: ours {ours:?}, idna {theirs:?}"),
        }
    }
    println!(
        "corpora and suite: {} names, {ok} converted alike, {err} refused alike",
        names.len()
    );
    assert!(ok > 2_000 && err > 200, "{ok} {err}");
}
