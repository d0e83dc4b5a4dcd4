//! The UTS #39 tables of the `security` module against the raw Unicode 18.0.0 files, for every
//! code point 0..=0x10FFFF: Identifier_Status (IdentifierStatus.txt), Identifier_Type
//! (IdentifierType.txt) and Script_Extensions (ScriptExtensions.txt over Scripts.txt, with the
//! short names of PropertyValueAliases.txt).

mod common;

use common::ucd;
use idn_hostname::security::{
    IdentifierStatus, IdentifierType, Script, identifier_status, identifier_types,
    script_extensions,
};

fn chars() -> impl Iterator<Item = char> {
    (0..=0x10_FFFFu32).filter_map(char::from_u32)
}

#[test]
fn identifier_status_of_every_code_point() {
    let status = ucd::property("security/IdentifierStatus.txt", &[]);
    let mut allowed = 0;
    for c in chars() {
        let expected = match status[c as usize].as_str() {
            "Allowed" => IdentifierStatus::Allowed,
            "Restricted" => IdentifierStatus::Restricted,
            other => panic!("IdentifierStatus.txt: {other:?} for U+{:04X}", c as u32),
        };
        assert_eq!(identifier_status(c), expected, "U+{:04X}", c as u32);
        allowed += usize::from(expected == IdentifierStatus::Allowed);
    }
    assert!(
        allowed > 0 && allowed < 0x11_0000,
        "{allowed} Allowed code points"
    );
}

#[test]
fn identifier_type_of_every_code_point() {
    let types = ucd::property("security/IdentifierType.txt", &[]);
    for c in chars() {
        let mut expected: Vec<&str> = types[c as usize].split_whitespace().collect();
        expected.sort_unstable();
        let mut actual: Vec<&str> = identifier_types(c)
            .iter()
            .map(IdentifierType::name)
            .collect();
        actual.sort_unstable();
        assert_eq!(actual, expected, "U+{:04X}", c as u32);
    }
    // The names of the enum are the file's, in its header's order.
    let header = common::data::read("unicode/18.0.0/security/IdentifierType.txt");
    let listed: String = header
        .lines()
        .skip_while(|l| !l.contains("The possible values are:"))
        .skip(1)
        .take(2)
        .collect();
    let listed: Vec<&str> = listed
        .split([',', '#', ' '])
        .filter(|w| !w.is_empty())
        .collect();
    let names: Vec<&str> = IdentifierType::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(names, listed);
}

#[test]
fn script_extensions_of_every_code_point() {
    // Long Script names to short ones.
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
            for name in &fields[1..] {
                aliases.push((name.to_string(), fields[1].to_string()));
            }
        }
    }
    let pairs: Vec<(&str, &str)> = aliases
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let script = ucd::property("ucd/Scripts.txt", &pairs);
    let mut scx: Vec<Vec<String>> = script.into_iter().map(|s| vec![s]).collect();
    for (lo, hi, fields) in ucd::lines("ucd/ScriptExtensions.txt") {
        for cp in lo..=hi {
            scx[cp as usize] = fields[0].split_whitespace().map(str::to_string).collect();
        }
    }
    for c in chars() {
        let mut expected = scx[c as usize].clone();
        expected.sort();
        let mut actual: Vec<String> = script_extensions(c)
            .iter()
            .map(|s| s.short_name().to_string())
            .collect();
        actual.sort();
        assert_eq!(actual, expected, "U+{:04X}", c as u32);
        assert!(!script_extensions(c).is_all());
    }
    assert_eq!(Script::from_short_name("Latn"), Some(Script::LATIN));
    assert_eq!(Script::CYRILLIC.short_name(), "Cyrl");
}

/// Every mapping of confusables.txt through the skeleton (UTS #39 section 4): a source that is
/// its own NFD and not Default_Ignorable has the NFD of its target as skeleton, and every
/// source is confusable with its target.
#[test]
fn every_confusables_mapping_through_the_skeleton() {
    use idn_hostname::security::{IdentifierType, are_confusable, identifier_types, skeleton};
    use unicode_normalization::UnicodeNormalization;

    let text = common::data::read("unicode/18.0.0/security/confusables.txt");
    let mut checked = 0;
    let mut direct = 0;
    for (n, line) in text.lines().enumerate() {
        let content = line
            .trim_start_matches('\u{FEFF}')
            .split('#')
            .next()
            .unwrap()
            .trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        let source: String = ucd::chars(fields[0]).into_iter().collect();
        let target: String = ucd::chars(fields[1]).into_iter().collect();
        assert!(
            are_confusable(&source, &target),
            "confusables.txt:{}: {source:?} and {target:?}",
            n + 1
        );
        let c = source.chars().next().unwrap();
        let ignorable = identifier_types(c).contains(IdentifierType::DefaultIgnorable);
        if source.nfd().eq(source.chars()) && !ignorable {
            let expected: String = target.nfd().collect();
            assert_eq!(skeleton(&source), expected, "confusables.txt:{}", n + 1);
            direct += 1;
        }
        checked += 1;
    }
    assert!(
        checked > 6000 && direct > 5000,
        "{checked} mappings, {direct} direct"
    );
}
