//! `data/bench/realistic.txt`: names as they occur (issue #16), from `data/psl/`.
//!
//! ```text
//! cargo run --release -p corpus -- realistic data/psl/public_suffix_list.dat data/bench/realistic.txt
//! ```
//!
//! Half the names are ASCII (`www.`, `m.`, `mail.`-style prefixes, a word, a common TLD or a
//! real ASCII suffix); the other half hold one or two short IDN labels: a real IDN top-level
//! domain of the list (`рф`, `中国`, `ישראל`), a second-level U-label taken from the list's own
//! IDN rules (`ålesund`, `香港`), or both. Every name is 20 to 60 octets in both forms and is
//! kept only if the `idna` crate accepts it (see `a_form`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::{ASCII_TLDS, ASCII_WORDS, Result, Rng, Suffixes, a_form};

pub const COMMAND: &str = "cargo run --release -p corpus -- realistic \
                           data/psl/public_suffix_list.dat data/bench/realistic.txt";

/// Names of each half (ASCII, with IDN labels).
const HALF: usize = 256;
/// The octet lengths of a name, in both forms.
const LENGTHS: std::ops::RangeInclusive<usize> = 20..=60;
/// A U-label of the list longer than this (UTF-8 octets) is not "short".
const SHORT_LABEL: usize = 18;

/// The first labels of names as they occur.
const PREFIXES: &[&str] = &[
    "www", "www", "www", "m", "mail", "shop", "api", "cdn", "blog", "news", "app", "login",
];

/// The lines of the corpus: `<name>\t<name>` for an ASCII name, `<U-form>\t<A-form>` otherwise.
pub fn lines(suffixes: &Suffixes) -> Result<Vec<(String, String)>> {
    let idn_tlds: Vec<&String> = suffixes
        .unicode
        .iter()
        .filter(|s| !s.contains('.'))
        .collect();
    // The short U-labels of the list, each once, grouped by the 256-code-point page of their
    // first non-ASCII character, a cheap stand-in for their script: a second-level label under an
    // IDN TLD is taken from the TLD's page when there is one, as names are usually written in
    // one script.
    let labels: BTreeSet<&str> = suffixes
        .unicode
        .iter()
        .flat_map(|s| s.split('.'))
        .filter(|l| !l.is_ascii() && l.len() <= SHORT_LABEL)
        .collect();
    let labels: Vec<&str> = labels.into_iter().collect();
    let mut by_page: BTreeMap<u32, Vec<&str>> = BTreeMap::new();
    for &l in &labels {
        by_page.entry(page(l)).or_default().push(l);
    }
    if idn_tlds.len() < 50 || labels.len() < 100 {
        return Err(format!(
            "{} IDN TLDs and {} short U-labels: not a Public Suffix List",
            idn_tlds.len(),
            labels.len()
        ));
    }

    let mut rng = Rng(0x16_2026);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let (mut ascii, mut idn) = (0, 0);
    let mut attempts = 0;
    while (ascii < HALF || idn < HALF) && attempts < HALF * 200 {
        attempts += 1;
        let prefix = *rng.pick(PREFIXES);
        let word = *rng.pick(ASCII_WORDS);
        let name = if ascii < HALF && (idn >= HALF || rng.below(2) == 0) {
            let suffix = if rng.below(3) == 0 {
                rng.pick(&suffixes.ascii).as_str()
            } else {
                rng.pick(ASCII_TLDS)
            };
            match rng.below(4) {
                0 => format!("{word}.{suffix}"),
                _ => format!("{prefix}.{word}.{suffix}"),
            }
        } else {
            let tld = rng.pick(&idn_tlds).as_str();
            match rng.below(3) {
                // An IDN TLD under an ASCII name: `www.example.рф`.
                0 => format!("{prefix}.{word}.{tld}"),
                // A U-label under an ASCII TLD: `shop.café.com`.
                1 => format!("{prefix}.{}.{}", rng.pick(&labels), rng.pick(ASCII_TLDS)),
                // Both, one script: `www.香港.中国`.
                _ => {
                    let own = by_page.get(&page(tld)).map_or(&labels, |v| v);
                    format!("{prefix}.{}.{tld}", rng.pick(own))
                }
            }
        };
        if !LENGTHS.contains(&name.len()) || seen.contains(&name) {
            continue;
        }
        let Some(a) = a_form(&name) else { continue };
        if !LENGTHS.contains(&a.len()) {
            continue;
        }
        if name.is_ascii() {
            ascii += 1;
        } else {
            idn += 1;
        }
        seen.insert(name.clone());
        out.push((name, a));
    }
    if ascii < HALF || idn < HALF {
        return Err(format!(
            "only {ascii} ASCII and {idn} IDN names after {attempts} attempts"
        ));
    }
    Ok(out)
}

/// The 256-code-point page of the first non-ASCII character of `label`.
fn page(label: &str) -> u32 {
    label
        .chars()
        .find(|c| !c.is_ascii())
        .map_or(0, |c| u32::from(c) >> 8)
}

/// The file: the header of the other corpora, then one line a name.
pub fn body(psl_sha: &str, names: &[(String, String)]) -> String {
    let mut body = String::new();
    super::header(
        COMMAND,
        "Names as they occur, 20 to 60 octets: `<name>\\t<the same name in A-labels>` a line \
         (equal columns for an ASCII name).",
        psl_sha,
        &mut body,
    );
    for (u, a) in names {
        let _ = writeln!(body, "{u}\t{a}");
    }
    body
}
