//! The conformance suite of `data/conformance/` (format in its README): every case through both
//! entry points of its format, verdict and error code; and the JSON Schema test suite exports of
//! `data/conformance/json-schema/` in step with the cases.
//!
//! The expected verdicts come from the RFCs and the Unicode 18.0.0 data by way of
//! `tools/conformance/generate.py`, and agree with Python idna 3.20 but where a case's note says
//! why not (`tools/conformance/check_reference.py`); they are never taken from this crate.
//!
//! The exports are written by the same code that checks them: `CONFORMANCE_BLESS=1 cargo test
//! --test conformance` (`tools/conformance/export.sh`) rewrites them from the case files.

mod common;
use common::data;

use std::fmt::Write as _;

#[path = "conformance/cases.rs"]
mod cases;
use cases::Case;

fn cases() -> Vec<Case> {
    cases::read(&data::dir().join("conformance"))
}

/// `valid` or the error code, through `check_*`, after checking that `is_*` agrees.
fn verdict(format: &str, input: &str) -> String {
    let (checked, is) = match format {
        "hostname" => (
            idn_hostname::check_hostname(input),
            idn_hostname::is_hostname(input),
        ),
        _ => (
            idn_hostname::check_idn_hostname(input),
            idn_hostname::is_idn_hostname(input),
        ),
    };
    let code = match &checked {
        Ok(()) => "valid".to_string(),
        Err(e) => e.kind().code().to_string(),
    };
    if is != checked.is_ok() {
        return format!("{code} (but is_{} says {is})", format.replace('-', "_"));
    }
    code
}

#[test]
fn every_case_verdict_and_code() {
    let cases = cases();
    assert!(cases.len() > 10_000, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let got = verdict(&case.format, &case.input);
        if got != case.expected {
            failures.push(format!(
                "{} {} {:?}: expected {}, got {got}",
                case.origin, case.format, case.input, case.expected
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every code the crate can report is expected by some case, and no case expects another code.
#[test]
fn codes_are_the_contract() {
    let cases = cases();
    let mut seen: Vec<&str> = cases.iter().map(|c| c.expected.as_str()).collect();
    seen.sort_unstable();
    seen.dedup();
    // ErrorKind::code() of every kind the formats can produce (src/error.rs). Not listed, as no
    // name reaches them: `a-label-ascii-only` (such a payload ends with a hyphen, refused first;
    // the kind is gone from the crate for that reason),
    // `punycode-non-basic` (a label with a non-ASCII byte is a U-label), `punycode-invalid-digit`
    // (every LDH byte is a digit or the delimiter), `punycode-too-long` (63 octets decode to at
    // most 59 code points) and `punycode-not-canonical` (strict decoding leaves one payload).
    for code in [
        "valid",
        "empty-name",
        "name-too-long",
        "empty-label",
        "label-too-long",
        "invalid-character",
        "leading-hyphen",
        "trailing-hyphen",
        "hyphen-3-4",
        "reserved-ldh-label",
        "punycode-leading-delimiter",
        "punycode-truncated",
        "punycode-overflow",
        "punycode-invalid-code-point",
        "not-nfc",
        "leading-combining-mark",
        "disallowed",
        "unassigned",
        "context-zero-width-non-joiner",
        "context-zero-width-joiner",
        "context-middle-dot",
        "context-greek-keraia",
        "context-hebrew-geresh",
        "context-hebrew-gershayim",
        "context-katakana-middle-dot",
        "context-arabic-indic-digits",
        "context-extended-arabic-indic-digits",
        "bidi-rule-1",
        "bidi-rule-2",
        "bidi-rule-3",
        "bidi-rule-4",
        "bidi-rule-5",
        "bidi-rule-6",
    ] {
        assert!(seen.contains(&code), "no case expects {code}");
    }
    for case in &cases {
        assert!(
            case.expected == "valid"
                || case
                    .expected
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{}: {} is not a code",
            case.origin,
            case.expected
        );
    }
}

/// (draft folder, path below it, the schema of the format in that draft, formats it has)
const DRAFTS: &[(&str, &str, &str, &[&str])] = &[
    (
        "draft3",
        "optional/format",
        r#"{"format": "host-name"}"#,
        &["hostname"],
    ),
    (
        "draft4",
        "optional/format",
        r#"{"format": "FORMAT"}"#,
        &["hostname"],
    ),
    (
        "draft6",
        "optional/format",
        r#"{"format": "FORMAT"}"#,
        &["hostname"],
    ),
    (
        "draft7",
        "optional/format",
        r#"{"format": "FORMAT"}"#,
        &["hostname", "idn-hostname"],
    ),
    (
        "draft2019-09",
        "optional/format",
        r#"{"$schema": "https://json-schema.org/draft/2019-09/schema", "format": "FORMAT"}"#,
        &["hostname", "idn-hostname"],
    ),
    (
        "draft2020-12",
        "optional/format",
        r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "format": "FORMAT"}"#,
        &["hostname", "idn-hostname"],
    ),
    (
        "v1",
        "format",
        r#"{"$schema": "https://json-schema.org/v1", "format": "FORMAT"}"#,
        &["hostname", "idn-hostname"],
    ),
];

/// The export of the cases of `format` for one draft: one group per expected verdict (`valid`
/// first, then the codes in order), one test object a line, cases in file order.
fn export(cases: &[Case], format: &str, schema: &str) -> String {
    let schema = schema.replace("FORMAT", format);
    let mut codes: Vec<&str> = cases
        .iter()
        .filter(|c| c.format == format)
        .map(|c| c.expected.as_str())
        .collect();
    codes.sort_unstable_by_key(|&c| (c != "valid", c));
    codes.dedup();
    let mut out = String::from("[\n");
    for (g, code) in codes.iter().enumerate() {
        let description = match *code {
            "valid" => format!("data/conformance {format}: valid"),
            code => format!("data/conformance {format}: invalid, {code}"),
        };
        let _ = writeln!(
            out,
            "{{\"description\": {}, \"schema\": {schema}, \"tests\": [",
            serde_json::to_string(&description).unwrap()
        );
        let lines: Vec<String> = cases
            .iter()
            .filter(|c| c.format == format && c.expected == *code)
            .map(|c| {
                format!(
                    "{{\"description\": {}, \"data\": {}, \"valid\": {}}}",
                    serde_json::to_string(&c.origin).unwrap(),
                    serde_json::to_string(&c.input).unwrap(),
                    *code == "valid"
                )
            })
            .collect();
        out.push_str(&lines.join(",\n"));
        out.push_str(if g + 1 == codes.len() {
            "\n]}\n"
        } else {
            "\n]},\n"
        });
    }
    out.push_str("]\n");
    out
}

#[test]
fn exports_are_in_step() {
    let cases = cases();
    let bless = std::env::var_os("CONFORMANCE_BLESS").is_some();
    let mut stale = Vec::new();
    for (draft, below, schema, formats) in DRAFTS {
        for format in *formats {
            let name = if *draft == "draft3" {
                "host-name"
            } else {
                format
            };
            let path = format!("conformance/json-schema/{draft}/{below}/{name}.json");
            let want = export(&cases, format, schema);
            // The export is valid JSON in the suite's shape, one test per case of the format.
            let parsed: serde_json::Value = serde_json::from_str(&want).unwrap();
            let tests: usize = parsed
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["tests"].as_array().unwrap().len())
                .sum();
            assert_eq!(tests, cases.iter().filter(|c| c.format == *format).count());
            let full = data::dir().join(&path);
            if bless {
                std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                std::fs::write(&full, &want).unwrap();
                continue;
            }
            if std::fs::read_to_string(&full).ok().as_deref() != Some(want.as_str()) {
                stale.push(path);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "out of step with data/conformance/*.txt: {stale:?}; run tools/conformance/export.sh"
    );
}
