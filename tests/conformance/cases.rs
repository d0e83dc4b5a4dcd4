//! The case files of `data/conformance/` (format in its README), read by tests/conformance.rs
//! and by tools/score.

#![allow(dead_code)]

use std::path::Path;

/// The case files, in the order the exports list them.
pub const FILES: &[&str] = &["curated.txt", "generated.txt"];

/// One line of a case file.
pub struct Case {
    /// `file:line`, for messages and for the exports' descriptions.
    pub origin: String,
    /// `hostname` or `idn-hostname`.
    pub format: String,
    /// The input, unescaped.
    pub input: String,
    /// `valid` or an error code.
    pub expected: String,
}

/// `\u{...}` escapes to characters; anything else as it is.
fn unescape(field: &str, origin: &str) -> String {
    let mut out = String::new();
    let mut rest = field;
    while let Some(at) = rest.find("\\u{") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 3..];
        let end = tail
            .find('}')
            .unwrap_or_else(|| panic!("{origin}: unterminated escape"));
        let cp = u32::from_str_radix(&tail[..end], 16)
            .ok()
            .and_then(char::from_u32)
            .unwrap_or_else(|| panic!("{origin}: bad escape {:?}", &tail[..end]));
        out.push(cp);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The cases of `FILES` in `folder` (`data/conformance`).
pub fn read(folder: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    for file in FILES {
        let path = folder.join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {} ({e})", path.display()));
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let origin = format!("{file}:{}", i + 1);
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(fields.len(), 5, "{origin}: not five fields: {line}");
            assert!(
                matches!(fields[0], "hostname" | "idn-hostname"),
                "{origin}: unknown format {}",
                fields[0]
            );
            assert!(!fields[3].is_empty(), "{origin}: no clause");
            out.push(Case {
                input: unescape(fields[1], &origin),
                format: fields[0].to_string(),
                expected: fields[2].to_string(),
                origin,
            });
        }
    }
    out
}
