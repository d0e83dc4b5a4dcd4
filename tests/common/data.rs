//! Where the tests find the data the project carries: `data/` at the root of the crate (the
//! Unicode 18.0.0 files and the JSON Schema test suite, each folder with its README and
//! `SHA256SUMS`). Nothing outside the crate is read.

#![allow(dead_code)]

use std::path::PathBuf;

/// The crate's `data/` folder.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The text of `path` below `data/`. A missing file fails the test that needs it: the files are
/// part of the repository and of the package, so a missing one is a broken checkout.
pub fn read(path: &str) -> String {
    let full = dir().join(path);
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("cannot read {} ({e}): data/ is incomplete", full.display()))
}

/// `\uXXXX` and `\x{X...}`; `None` when an escape names a surrogate.
pub fn unescape(field: &str) -> Option<String> {
    if field == "\"\"" {
        return Some(String::new());
    }
    let mut out = String::new();
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let hex: String = match chars.next() {
            Some('u') => chars.by_ref().take(4).collect(),
            Some('x') => {
                assert_eq!(chars.next(), Some('{'), "bad \\x escape in {field:?}");
                chars.by_ref().take_while(|&c| c != '}').collect()
            }
            other => panic!("unknown escape \\{other:?} in {field:?}"),
        };
        let cp = u32::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("bad escape {hex:?}"));
        out.push(char::from_u32(cp)?);
    }
    Some(out)
}
