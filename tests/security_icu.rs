//! Differential of the `security` module against ICU's spoof checker (ICU 72.1, Unicode 15.0,
//! through PyICU 2.17): `data/security-reference/icu.tsv`, made by
//! `tools/security-reference/make_reference.sh` on 20,000 generated labels across scripts, holds
//! ICU's restriction level and skeleton of each label, its `areConfusable` on 20,000 pairs, the
//! skeleton of every code point alone, and its identifier profile.
//!
//! ICU's data is three Unicode versions older than ours, so a difference is keyed by its cause:
//! `…/profile` when a character of the label is in one profile and not the other, `…/scripts`
//! when a character's Script_Extensions differ (ScriptExtensions.txt 15.0 against 18.0),
//! `…/prototype` when a character's skeleton alone differs between ICU and us (confusables.txt
//! 15.0 against 18.0), and the bare check name otherwise. Every key must be listed with its
//! explanation in `data/security-reference/known-differences.tsv` (reference `icu`); a new key,
//! or a listed key that no longer occurs, fails.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use idn_hostname::security as ours;

fn chars(field: &str) -> String {
    field
        .split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn against_icu() {
    let text = common::data::read("security-reference/icu.tsv");
    assert!(
        text.starts_with("# ICU 72.1 (Unicode 15.0)"),
        "icu.tsv header"
    );
    let mut icu_char: BTreeMap<char, String> = BTreeMap::new();
    let mut icu_allowed: Vec<(u32, u32)> = Vec::new();
    let mut icu_scx: BTreeMap<char, Vec<String>> = BTreeMap::new();
    let mut levels = Vec::new();
    let mut pairs = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "char" => {
                let c = char::from_u32(u32::from_str_radix(f[1], 16).unwrap()).unwrap();
                icu_char.insert(c, chars(f[2]));
            }
            "allowed" => {
                let (a, b) = f[1].split_once("..").unwrap();
                icu_allowed.push((
                    u32::from_str_radix(a, 16).unwrap(),
                    u32::from_str_radix(b, 16).unwrap(),
                ));
            }
            "scx" => {
                let c = char::from_u32(u32::from_str_radix(f[1], 16).unwrap()).unwrap();
                icu_scx.insert(c, f[2].split(' ').map(str::to_string).collect());
            }
            "level" => levels.push((chars(f[1]), f[2].to_string(), chars(f[3]))),
            "pair" => pairs.push((chars(f[1]), chars(f[2]), f[3].parse::<u32>().unwrap())),
            other => panic!("icu.tsv: unknown line kind {other:?}"),
        }
    }
    let in_icu_profile = |c: char| {
        icu_allowed
            .iter()
            .any(|&(a, b)| (a..=b).contains(&u32::from(c)))
    };
    let profile_differs = |s: &str| {
        s.chars().any(|c| {
            in_icu_profile(c) != (ours::identifier_status(c) == ours::IdentifierStatus::Allowed)
        })
    };
    let prototype_differs = |s: &str| {
        s.chars().any(|c| {
            let icu = icu_char.get(&c).cloned().unwrap_or_else(|| c.to_string());
            icu != ours::skeleton(&c.to_string())
        })
    };
    let scripts_differ = |s: &str| {
        s.chars().any(|c| {
            let mut o: Vec<String> = ours::script_extensions(c)
                .iter()
                .map(|s| s.short_name().to_string())
                .collect();
            o.sort();
            icu_scx.get(&c) != Some(&o)
        })
    };
    let cause = |check: &str, s: &str| {
        if profile_differs(s) {
            format!("{check}/profile")
        } else if scripts_differ(s) {
            format!("{check}/scripts")
        } else {
            check.to_string()
        }
    };

    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut note = |key: String, example: &str| {
        seen.entry(key).or_insert((0, example.to_string())).0 += 1;
    };
    for (label, level, skeleton) in &levels {
        let o = ours::restriction_level(label).code();
        if o != level {
            note(
                format!("{}\t{level}\t{o}", cause("restriction-level", label)),
                label,
            );
        }
        if ours::skeleton(label) != *skeleton {
            let key = if prototype_differs(label) {
                "skeleton/prototype"
            } else {
                "skeleton"
            };
            note(format!("{key}\tdiffers\tdiffers"), label);
        }
    }
    for (a, b, bits) in &pairs {
        let (t, o) = (*bits != 0, ours::are_confusable(a, b));
        if t != o {
            let both = format!("{a}{b}");
            let key = if prototype_differs(&both) {
                "confusable/prototype"
            } else {
                "confusable"
            };
            note(format!("{key}\t{t}\t{o}"), &both);
        }
    }

    let text = common::data::read("security-reference/known-differences.tsv");
    let known: BTreeSet<String> = text
        .lines()
        .filter(|l| l.starts_with("icu\t"))
        .map(|l| l.split('\t').skip(1).take(3).collect::<Vec<_>>().join("\t"))
        .collect();
    let mut report = String::new();
    for (key, (count, example)) in &seen {
        let listed = if known.contains(key) { "known" } else { "NEW" };
        let cps: Vec<String> = example
            .chars()
            .map(|c| format!("{:04X}", u32::from(c)))
            .collect();
        report.push_str(&format!(
            "{listed}\t{key}\t{count}\te.g. {}\n",
            cps.join(" ")
        ));
    }
    eprintln!(
        "{} labels and {} pairs compared with ICU 72.1; differences by key:\n{report}",
        levels.len(),
        pairs.len()
    );
    let new: Vec<&String> = seen.keys().filter(|k| !known.contains(*k)).collect();
    let gone: Vec<&String> = known.iter().filter(|k| !seen.contains_key(*k)).collect();
    assert!(
        new.is_empty(),
        "differences not in known-differences.tsv: {new:?}\n{report}"
    );
    assert!(
        gone.is_empty(),
        "listed differences that no longer occur: {gone:?}"
    );
    assert_eq!((levels.len(), pairs.len()), (20_000, 20_000));
}
