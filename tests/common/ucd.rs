//! Reading the Unicode data files of `data/unicode/18.0.0/` in the tests: the one parser of
//! their `;`-separated lines, shared by the integration tests (`common::ucd`) and the unit tests
//! in `src/` (through `#[path]`, as `test_ucd`).

#![allow(dead_code)]

// `common::data` here, and in `src/` the same file as `crate::data`.
use super::data;

/// A code point range field of a UCD file: `XXXX` or `XXXX..YYYY`.
pub fn range(field: &str) -> (u32, u32) {
    let field = field.trim();
    let (a, b) = field.split_once("..").unwrap_or((field, field));
    let hex = |s: &str| {
        u32::from_str_radix(s, 16).unwrap_or_else(|e| panic!("bad code point {s:?}: {e}"))
    };
    (hex(a), hex(b))
}

/// A code point sequence field: hexadecimal code points separated by spaces.
pub fn chars(field: &str) -> Vec<char> {
    field
        .split_whitespace()
        .map(|h| {
            let cp = u32::from_str_radix(h, 16).unwrap_or_else(|e| panic!("bad {h:?}: {e}"));
            char::from_u32(cp).unwrap_or_else(|| panic!("U+{cp:04X} is not a scalar value"))
        })
        .collect()
}

/// The data lines of `file` (a path below `data/unicode/18.0.0/`), comments removed: each
/// line's range and its other fields, trimmed.
pub fn lines(file: &str) -> Vec<(u32, u32, Vec<String>)> {
    let text = data::read(&format!("unicode/18.0.0/{file}"));
    text.lines()
        .filter_map(|line| {
            let content = line.split('#').next().unwrap_or("").trim();
            let (first, rest) = content.split_once(';')?;
            let (lo, hi) = range(first);
            Some((
                lo,
                hi,
                rest.split(';').map(|f| f.trim().to_string()).collect(),
            ))
        })
        .collect()
}

/// An enumerated property of a UCD file for every code point: its `@missing` defaults, then its
/// data lines, each value replaced by its alias when listed in `aliases`.
pub fn property(file: &str, aliases: &[(&str, &str)]) -> Vec<String> {
    let text = data::read(&format!("unicode/18.0.0/{file}"));
    let mut values = vec![String::new(); 0x11_0000];
    let mut apply = |lo: u32, hi: u32, value: &str| {
        let value = aliases
            .iter()
            .find(|(long, _)| *long == value)
            .map_or(value, |(_, short)| short);
        for cp in lo..=hi {
            values[cp as usize] = value.to_string();
        }
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# @missing:") {
            let (first, value) = rest.split_once(';').unwrap_or_else(|| panic!("{line}"));
            let (lo, hi) = range(first);
            apply(lo, hi, value.trim());
        }
    }
    for (lo, hi, fields) in lines(file) {
        apply(lo, hi, fields.first().map_or("", String::as_str));
    }
    values
}
