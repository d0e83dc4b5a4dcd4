//! Differential of the `security` module against an independent implementation of UTS #39, the
//! `unicode-security` crate (0.1.3, Unicode 18.0.0 tables; its scripts from `unicode-script`),
//! on a generated set of labels across scripts: the restriction level (section 5.2), the
//! skeleton (section 4), single-script or not (section 5.1), and Identifier_Status of every
//! code point (section 3.1).
//!
//! Every difference is a key (check, theirs, ours) that must be listed, with the clause or data
//! version that explains it, in `data/security-reference/known-differences.tsv`: a new key
//! fails, and so does a listed key that no longer occurs (a ratchet).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::splitmix::SplitMix64;
use common::ucd;
use idn_hostname::security as ours;
use unicode_security::{GeneralSecurityProfile, MixedScript, RestrictionLevelDetection};

/// Labels generated: enough to meet every script pair many times.
const LABELS: usize = 200_000;

/// The scripts the labels are made of (short names), each a pool of its Allowed characters
/// read from the raw files, plus pools of Restricted characters and of digits.
const SCRIPTS: [&str; 24] = [
    "Latn", "Cyrl", "Grek", "Arab", "Hebr", "Hani", "Hira", "Kana", "Hang", "Bopo", "Deva", "Beng",
    "Thai", "Armn", "Geor", "Ethi", "Zyyy", "Zinh", "Khmr", "Mymr", "Tibt", "Taml", "Sinh", "Thaa",
];

fn pools() -> Vec<(String, Vec<char>)> {
    let mut aliases: Vec<(String, String)> = Vec::new();
    for line in common::data::read("unicode/18.0.0/ucd/PropertyValueAliases.txt").lines() {
        let fields: Vec<&str> = line
            .split('#')
            .next()
            .unwrap()
            .split(';')
            .map(str::trim)
            .collect();
        if fields.first() == Some(&"sc") {
            aliases.push((fields[2].to_string(), fields[1].to_string()));
        }
    }
    let pairs: Vec<(&str, &str)> = aliases
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let script = ucd::property("ucd/Scripts.txt", &pairs);
    let status = ucd::property("security/IdentifierStatus.txt", &[]);
    let gc = ucd::property("ucd/extracted/DerivedGeneralCategory.txt", &[]);
    let mut by_script: BTreeMap<&str, Vec<char>> = BTreeMap::new();
    // A script without Allowed characters (Bopomofo is Limited_Use in 18.0) takes all of its.
    let mut any_status: BTreeMap<&str, Vec<char>> = BTreeMap::new();
    let mut restricted = Vec::new();
    let mut digits = Vec::new();
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let s = script[cp as usize].as_str();
        if gc[cp as usize] == "Nd" {
            digits.push(c);
        }
        if let Some(name) = SCRIPTS.iter().find(|n| **n == s) {
            any_status.entry(name).or_default().push(c);
        }
        if status[cp as usize] == "Allowed" {
            if let Some(name) = SCRIPTS.iter().find(|n| **n == s) {
                by_script.entry(name).or_default().push(c);
            }
        } else if gc[cp as usize].starts_with('L') && cp % 97 == 0 {
            restricted.push(c);
        }
    }
    let mut out: Vec<(String, Vec<char>)> = SCRIPTS
        .iter()
        .map(|n| {
            let pool = by_script.remove(n).or_else(|| any_status.remove(n));
            (n.to_string(), pool.unwrap_or_default())
        })
        .collect();
    for (name, pool) in &out {
        assert!(!pool.is_empty(), "no Allowed character of {name}");
    }
    out.push(("restricted".into(), restricted));
    out.push(("digits".into(), digits));
    out
}

/// Labels of one to three pools, one to eight characters, and the confusable classics.
fn labels() -> Vec<String> {
    let pools = pools();
    let mut rng = SplitMix64(0x5EC0_0039);
    let mut out: Vec<String> = [
        "paypal",
        "раураl",
        "раура",
        "сосо",
        "coco",
        "аpple",
        "scope",
        "ѕсоре",
        "1\u{0662}3",
        "i\u{0307}",
        "abc漢字かな",
        "abc漢字한글",
        "abcㄅㄆ漢",
        "abcαβγ",
        "abcабв",
        "abcאבג",
        "abcกขค",
        "\u{0131}",
        "rn",
        "m",
        "0O",
        "l1I",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    while out.len() < LABELS {
        let n_pools = 1 + rng.below(3);
        let chosen: Vec<&Vec<char>> = (0..n_pools).map(|_| &rng.pick(&pools).1).collect();
        let len = 1 + rng.below(8);
        let label: String = (0..len)
            .map(|_| {
                let pool = chosen[rng.below(chosen.len())];
                pool[rng.below(pool.len())]
            })
            .collect();
        out.push(label);
    }
    out
}

fn theirs_level(s: &str) -> &'static str {
    use unicode_security::RestrictionLevel as L;
    match s.detect_restriction_level() {
        L::ASCIIOnly => "ascii-only",
        L::SingleScript => "single-script",
        L::HighlyRestrictive => "highly-restrictive",
        L::ModeratelyRestrictive => "moderately-restrictive",
        L::MinimallyRestrictive => "minimally-restrictive",
        L::Unrestricted => "unrestricted",
    }
}

fn known() -> BTreeMap<String, String> {
    let text = common::data::read("security-reference/known-differences.tsv");
    let mut map = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "known-differences.tsv: {line:?}");
        if fields[0] == "unicode-security" {
            let key = fields[1..4].join("\t");
            assert!(
                map.insert(key, fields[4].to_string()).is_none(),
                "{line:?} twice"
            );
        }
    }
    map
}

#[test]
fn against_unicode_security() {
    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut note = |key: String, example: String| {
        let e = seen.entry(key).or_insert((0, example));
        e.0 += 1;
    };
    let labels = labels();
    let mut compared = 0;
    for label in &labels {
        let (t, o) = (theirs_level(label), ours::restriction_level(label).code());
        if t != o {
            note(format!("restriction-level\t{t}\t{o}"), label.clone());
        }
        let t: String = unicode_security::skeleton(label).collect();
        let o = ours::skeleton(label);
        if t != o {
            note("skeleton\tdiffers\tdiffers".into(), label.clone());
        }
        let (t, o) = (
            label.as_str().is_single_script(),
            !ours::resolved_script_set(label).is_empty(),
        );
        if t != o {
            note(format!("single-script\t{t}\t{o}"), label.clone());
        }
        compared += 1;
    }
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let t = c.identifier_allowed();
        let o = ours::identifier_status(c) == ours::IdentifierStatus::Allowed;
        if t != o {
            note(format!("identifier-status\t{t}\t{o}"), c.to_string());
        }
    }
    let known = known();
    let mut report = String::new();
    for (key, (count, example)) in &seen {
        let listed = if known.contains_key(key) {
            "known"
        } else {
            "NEW"
        };
        report.push_str(&format!(
            "{listed}\t{key}\t{count}\te.g. {example:?} {:X?}\n",
            example.chars().map(u32::from).collect::<Vec<_>>()
        ));
    }
    eprintln!("{compared} labels compared; differences by key:\n{report}");
    let new: BTreeSet<&String> = seen.keys().filter(|k| !known.contains_key(*k)).collect();
    let gone: BTreeSet<&String> = known.keys().filter(|k| !seen.contains_key(*k)).collect();
    assert!(
        new.is_empty(),
        "differences not in known-differences.tsv: {new:?}\n{report}"
    );
    assert!(
        gone.is_empty(),
        "listed differences that no longer occur: {gone:?}"
    );
    assert_eq!(compared, LABELS);
}
