//! `to_ascii` and `to_unicode` (IDNA2008 without mapping, RFC 5891 sections 4.4 and 5.5)
//! against Python `idna` 3.20's `encode` and `decode` (`uts46=False`), on the names of
//! data/bench/*.txt and the JSON Schema suite: data/reference/convert.jsonl, written by
//! tools/reference/make_convert.py.
//!
//! Where the verdicts differ, the difference is one of the classes below, each with the clause
//! that makes ours the answer; a class that no longer occurs fails too.

mod common;

use std::collections::BTreeMap;

use idn_hostname::{
    BidiScope, FqdnHostname, FqdnIdnHostname, Hostname, IdnHostname, Options, to_ascii, to_unicode,
};

/// The known differences, by name, with their clause.
const KNOWN: [(&str, &str); 6] = [
    (
        "encode-trailing-dot",
        "idna accepts a root dot; the JSON Schema formats do not (RFC 1123 section 2.1 host \
         names; Options::allow_trailing_dot and the Fqdn types accept it)",
    ),
    (
        "bidi-scope",
        "idna applies the Bidi rule to RTL labels only (RFC 5891 section 4.2.3.4); RFC 5893 \
         section 2 applies it to every label of a Bidi domain name (BidiScope::DomainName)",
    ),
    ("decode-trailing-dot", "as encode-trailing-dot, for decode"),
    (
        "decode-length",
        "idna.decode does not check lengths; a hostname has at most 63 octets a label and 253 a \
         name (RFC 1034 section 3.1)",
    ),
    (
        "decode-r-ldh",
        "idna.decode refuses an R-LDH label (`ab--cd`, RFC 5890 section 2.3.1); a hostname may \
         hold one (RFC 1123 section 2.1 allows hyphens anywhere inside a label)",
    ),
    (
        "decode-not-hostname",
        "idna.decode takes U-labels too; to_unicode takes a hostname, which is ASCII (RFC 1123 \
         section 2.1)",
    ),
];

fn ends_with_separator(name: &str) -> bool {
    name.ends_with(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
}

/// Why `to_ascii(name)` and idna.encode differ in verdict, if a known reason.
fn encode_difference(name: &str) -> Option<&'static str> {
    let fqdn = Options::new().allow_trailing_dot(true);
    if ends_with_separator(name) && fqdn.is_idn_hostname(name) {
        return Some("encode-trailing-dot");
    }
    let rtl_labels = Options::new().bidi_scope(BidiScope::RtlLabels);
    if rtl_labels.is_idn_hostname(name)
        || rtl_labels.allow_trailing_dot(true).is_idn_hostname(name) && ends_with_separator(name)
    {
        return Some("bidi-scope");
    }
    None
}

/// Why `to_unicode(name)` and idna.decode differ in verdict, if a known reason.
fn decode_difference(name: &str) -> Option<&'static str> {
    if !name.is_ascii() {
        return Some("decode-not-hostname");
    }
    let err = idn_hostname::check_hostname(name).err();
    let code = err.as_ref().map(|e| e.kind().code());
    let rtl_labels = Options::new().bidi_scope(BidiScope::RtlLabels);
    match code {
        Some("name-too-long" | "label-too-long") => Some("decode-length"),
        Some("empty-label") if name.ends_with('.') => Options::new()
            .allow_trailing_dot(true)
            .is_hostname(name)
            .then_some("decode-trailing-dot"),
        Some(c) if c.starts_with("bidi-") && rtl_labels.is_hostname(name) => Some("bidi-scope"),
        None if name
            .split('.')
            .any(|l| l.get(2..4) == Some("--") && !l.to_ascii_lowercase().starts_with("xn--")) =>
        {
            Some("decode-r-ldh")
        }
        _ => None,
    }
}

/// One of the name types, from a name it takes.
fn parse<T: core::str::FromStr>(name: &str) -> T
where
    T::Err: core::fmt::Debug,
{
    name.parse()
        .unwrap_or_else(|e| panic!("{name:?} refused: {e:?}"))
}

/// Each conversion is checked through its function and through the name types' methods, the
/// fully qualified ones included (a name with its root dot too, which idna takes).
#[test]
fn conversions_agree_with_python_idna() {
    let text = common::data::read("reference/convert.jsonl");
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unexplained = Vec::new();
    let (mut cases, mut agree) = (0, 0);
    for line in text.lines() {
        let (name, encoded, decoded): (String, Option<String>, Option<String>) =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        cases += 2;
        match (to_ascii(&name), &encoded) {
            (Ok(ours), Some(theirs)) => {
                assert_eq!(ours, theirs.as_str(), "to_ascii({name:?})");
                assert_eq!(parse::<IdnHostname>(&name).to_ascii(), theirs.as_str());
                assert_eq!(parse::<FqdnIdnHostname>(&name).to_ascii(), theirs.as_str());
                agree += 1;
            }
            (Err(_), None) => agree += 1,
            (ours, _) => match encode_difference(&name) {
                Some(class) => {
                    if let ("encode-trailing-dot", Some(theirs)) = (class, &encoded) {
                        let fqdn = parse::<FqdnIdnHostname>(&name);
                        assert_eq!(fqdn.to_ascii(), theirs.as_str(), "{name:?}");
                    }
                    *counts.entry(class).or_default() += 1;
                }
                None => {
                    unexplained.push(format!("encode {name:?}: ours {ours:?}, idna {encoded:?}"))
                }
            },
        }
        match (to_unicode(&name), &decoded) {
            // idna.decode lowercases every label; LDH labels compare without case (RFC 4343),
            // and to_unicode keeps the case of those that are not A-labels.
            (Ok(ours), Some(theirs)) => {
                assert_eq!(ours.to_ascii_lowercase(), *theirs, "to_unicode({name:?})");
                let host = parse::<Hostname>(&name);
                assert_eq!(host.to_unicode().to_ascii_lowercase(), *theirs);
                let fqdn = parse::<FqdnHostname>(&name);
                assert_eq!(fqdn.to_unicode().to_ascii_lowercase(), *theirs);
                agree += 1;
            }
            (Err(_), None) => agree += 1,
            (ours, _) => match decode_difference(&name) {
                Some(class) => {
                    if let ("decode-trailing-dot", Some(theirs)) = (class, &decoded) {
                        let fqdn = parse::<FqdnHostname>(&name);
                        assert_eq!(fqdn.to_unicode().to_ascii_lowercase(), *theirs, "{name:?}");
                    }
                    *counts.entry(class).or_default() += 1;
                }
                None => {
                    unexplained.push(format!("decode {name:?}: ours {ours:?}, idna {decoded:?}"))
                }
            },
        }
    }
    let explained: usize = counts.values().sum();
    println!(
        "convert: {cases} cases, {agree} agree, {explained} explained, {} unexplained",
        unexplained.len()
    );
    for (class, clause) in KNOWN {
        println!(
            "known difference {class} ({clause}): {}",
            counts.get(class).unwrap_or(&0)
        );
    }
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
    for (class, _) in KNOWN {
        assert!(
            counts.contains_key(class),
            "known difference {class} no longer occurs: remove it"
        );
    }
    assert!(cases > 10_000, "{cases} cases read");
}
