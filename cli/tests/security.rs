//! End-to-end tests of `--display` and `--lookalike-of` (UTS #39), run as a process.
//!
//! Expected values come from UTS #39 and its data (confusables.txt 18.0.0 for skeletons; the
//! restriction levels of section 5.2), from RFC 3492 Punycode as Python's codec computes it, or
//! from the library's documented API (`security::display_verdict`, `DisplayPolicy`) run on the
//! same name: the command must say what the library says. None is copied from a run of the
//! command.

mod common;
use common::{json_lines, read_data, run, run_json, stdout_lines};

use std::collections::HashMap;
use std::path::PathBuf;

use idn_hostname::security::{DisplayPolicy, Form, display_verdict};
use serde_json::{Value, json};

/// `раураl.com`: Cyrillic ER, A, U, ER, A (U+0440, U+0430, U+0443) and a Latin `l`.
const PAYPAL_CYRILLIC: &str = "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com";
/// Its first label's A-label: `"раураl".encode("punycode")` in Python is `l-7sba6dbr`.
const PAYPAL_CYRILLIC_SHOWN: &str = "xn--l-7sba6dbr.com";

/// A file of trusted names, one a line, in the tests' own temporary folder.
fn trusted_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The single-code-point prototypes of confusables.txt (UTS #39 section 4): enough to compute
/// the skeleton of names of letters whose prototypes are one code point.
fn prototypes() -> HashMap<char, String> {
    let text = read_data("unicode/18.0.0/security/confusables.txt");
    let mut map = HashMap::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let source = u32::from_str_radix(fields[0], 16).unwrap();
        let target: String = fields[1]
            .split_whitespace()
            .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
            .collect();
        map.insert(char::from_u32(source).unwrap(), target);
    }
    assert!(map.len() > 6000, "confusables.txt: {} lines", map.len());
    map
}

#[test]
fn a_mixed_script_lookalike_is_shown_as_its_a_label_and_flagged() {
    // UTS #39 section 4: the skeleton maps U+0440 to p, U+0430 to a, U+0443 to y, so the name's
    // skeleton is paypal.com's (NFD changes none of these letters).
    // (and m to rn, in both names).
    let protos = prototypes();
    let skeleton = |name: &str| -> String {
        name.chars()
            .map(|c| protos.get(&c).cloned().unwrap_or_else(|| c.to_string()))
            .collect()
    };
    assert_eq!(skeleton(PAYPAL_CYRILLIC), skeleton("paypal.com"));
    assert_ne!(PAYPAL_CYRILLIC, "paypal.com");

    let file = trusted_file(
        "trusted-paypal.txt",
        "# names we call\npaypal.com\n\nexample.org\n",
    );
    let file = file.to_str().unwrap();
    let args = [
        "--json",
        "--display",
        "--lookalike-of",
        file,
        PAYPAL_CYRILLIC,
    ];
    let (output, got) = run_json(&args, b"");
    assert_eq!(got.len(), 1);
    let line = &got[0];
    assert_eq!(line["valid"], true);
    assert_eq!(line["display"], PAYPAL_CYRILLIC_SHOWN, "{line}");
    // Cyrillic with Latin in one label is past Highly Restrictive (section 5.2: Latin may join
    // Han, Hiragana, Katakana, Bopomofo or Hangul only).
    assert_eq!(line["display_labels"][0]["form"], "a-label", "{line}");
    assert!(
        line["display_labels"][0]["reasons"]
            .as_array()
            .unwrap()
            .contains(&json!("mixed-scripts")),
        "{line}"
    );
    assert_eq!(
        line["display_labels"][1],
        json!({"label": "com", "form": "ascii", "reasons": []})
    );
    assert_eq!(line["lookalike_of"], "paypal.com", "{line}");
    // A flagged name fails the run.
    assert_eq!(output.status.code(), Some(1));

    // What the library's documented API says of the same name.
    let verdict = display_verdict(PAYPAL_CYRILLIC).unwrap();
    assert_eq!(line["display"], verdict.to_display_string().as_str());
    let codes: Vec<&str> = verdict.labels()[0]
        .reasons()
        .iter()
        .map(|r| r.code())
        .collect();
    assert_eq!(line["display_labels"][0]["reasons"], json!(codes));

    // The text line, in the form `--help` and the README document.
    let output = run(&["--display", "--lookalike-of", file, PAYPAL_CYRILLIC], b"");
    let want = format!(
        "{PAYPAL_CYRILLIC}: valid; shown as {PAYPAL_CYRILLIC_SHOWN} (label 1 \"{}\": a-label for {}); imitates \"paypal.com\"",
        PAYPAL_CYRILLIC.split('.').next().unwrap(),
        codes.join(", ")
    );
    assert_eq!(stdout_lines(&output), [want]);
    assert_eq!(output.status.code(), Some(1));

    // The A-label form is the same lookalike; the trusted name itself, in any ASCII case (RFC
    // 4343), is not; DIGIT ONE's prototype is l (confusables.txt).
    assert_eq!(protos[&'1'], "l");
    let input = format!("{PAYPAL_CYRILLIC_SHOWN}\nPayPal.com\npaypa1.com\nexample.com\n");
    let args = ["--json", "--lookalike-of", file];
    let (_, got) = run_json(&args, input.as_bytes());
    let of: Vec<&Value> = got.iter().map(|l| &l["lookalike_of"]).collect();
    assert_eq!(
        of,
        [
            &json!("paypal.com"),
            &Value::Null,
            &json!("paypal.com"),
            &Value::Null
        ]
    );
}

#[test]
fn an_ascii_name_is_shown_as_written_and_a_u_label_in_unicode() {
    let file = trusted_file("trusted-ascii.txt", "paypal.com\n");
    let file = file.to_str().unwrap();
    // An NR-LDH label is shown as written; bücher is Latin only (Single Script, section 5.2),
    // shown in Unicode, whether written as a U-label or as its A-label (RFC 3492).
    let names = ["Example.COM", "bücher.example", "xn--bcher-kva.example"];
    let mut args = vec!["--json", "--display", "--lookalike-of", file];
    args.extend(names);
    let (output, got) = run_json(&args, b"");
    assert_eq!(output.status.code(), Some(0), "{got:?}");
    assert_eq!(got[0]["display"], "Example.COM");
    assert_eq!(
        got[0]["display_labels"],
        json!([
            {"label": "Example", "form": "ascii", "reasons": []},
            {"label": "COM", "form": "ascii", "reasons": []},
        ])
    );
    assert_eq!(got[1]["display"], "bücher.example");
    assert_eq!(got[1]["display_labels"][0]["form"], "unicode");
    assert_eq!(got[2]["display"], "bücher.example");
    assert_eq!(
        got[2]["display_labels"][0],
        json!({"label": "xn--bcher-kva", "form": "unicode", "reasons": []})
    );
    for line in &got {
        assert_eq!(line["lookalike_of"], Value::Null, "{line}");
    }
    let output = run(&["--display", "Example.COM"], b"");
    assert_eq!(
        stdout_lines(&output),
        ["Example.COM: valid; shown as Example.COM"]
    );
}

#[test]
fn an_invalid_name_gets_the_format_error_and_null_security_fields() {
    let file = trusted_file("trusted-invalid.txt", "paypal.com\n");
    let file = file.to_str().unwrap();
    // RFC 5891 section 4.2.3.1: no leading hyphen; an empty label (RFC 1034 section 3.1).
    let input = "-paypal.com\npaypal..com\n";
    let (plain_status, plain) = {
        let (output, got) = run_json(&["--json"], input.as_bytes());
        (output.status.code(), got)
    };
    let args = ["--json", "--display", "--lookalike-of", file];
    let (output, got) = run_json(&args, input.as_bytes());
    assert_eq!(output.status.code(), plain_status);
    assert_eq!(output.status.code(), Some(1));
    for (line, plain) in got.iter().zip(&plain) {
        assert_eq!(line["valid"], false);
        assert_eq!(
            line["error"], plain["error"],
            "the format's error, as without --display"
        );
        assert_eq!(line["display"], Value::Null);
        assert_eq!(line["display_labels"], Value::Null);
        assert_eq!(line["lookalike_of"], Value::Null);
    }
    // Not UTF-8 (RFC 3629) and too long: the same keys.
    let mut input = b"b\xFFcher.com\n".to_vec();
    input.extend(vec![b'a'; 5000]);
    input.push(b'\n');
    let output = run(&args, &input);
    let got = json_lines(&args, &output);
    assert_eq!(got.len(), 2);
}

#[test]
fn the_policy_chooses_the_restriction_level() {
    // Latin with Devanagari in one label: not among the Highly Restrictive combinations
    // (section 5.2), but Moderately Restrictive (Latin and one other Recommended script, not
    // Cyrillic or Greek).
    let name = "a\u{0915}.com";
    let chromium = run_json(&["--json", "--display", name], b"").1;
    let explicit = run_json(&["--json", "--display", "--policy", "chromium", name], b"").1;
    let firefox = run_json(&["--json", "--display", "--policy", "firefox", name], b"").1;
    assert_eq!(chromium, explicit);
    assert_eq!(chromium[0]["display_labels"][0]["form"], "a-label");
    assert_eq!(firefox[0]["display_labels"][0]["form"], "unicode");
    assert_eq!(firefox[0]["display"], name);
    // The library's policies say the same.
    let form = |p: DisplayPolicy| p.verdict(name).unwrap().labels()[0].form();
    assert_eq!(form(DisplayPolicy::new()), Form::ALabel);
    assert_eq!(form(DisplayPolicy::moderate()), Form::Unicode);
    // Cyrillic with Latin is past Moderately Restrictive too.
    let firefox = run_json(
        &[
            "--json",
            "--display",
            "--policy",
            "firefox",
            PAYPAL_CYRILLIC,
        ],
        b"",
    )
    .1;
    assert_eq!(firefox[0]["display"], PAYPAL_CYRILLIC_SHOWN);
    // --display alone informs: a name shown as its A-label is still valid (status 0).
    let output = run(&["--display", PAYPAL_CYRILLIC], b"");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_summary_counts_lookalikes() {
    let file = trusted_file("trusted-summary.txt", "paypal.com\n");
    let file = file.to_str().unwrap();
    let input = format!("{PAYPAL_CYRILLIC}\npaypal.com\n-x.com\n");
    let args = ["--json", "--summary", "--lookalike-of", file];
    let (output, got) = run_json(&args, input.as_bytes());
    assert_eq!(
        got,
        [json!({"summary": {"names": 3, "valid": 2, "invalid": 1,
                "by_code": {"leading-hyphen": 1}, "lookalikes": 1}})]
    );
    assert_eq!(output.status.code(), Some(1));
    // --invalid prints the failing names: the invalid and the flagged.
    let output = run(&["--invalid", "--lookalike-of", file], input.as_bytes());
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with(PAYPAL_CYRILLIC));
    assert!(lines[1].starts_with("-x.com: invalid"));
}

#[test]
fn a_bad_trusted_file_is_a_usage_error_naming_the_line() {
    let file = trusted_file("trusted-bad.txt", "paypal.com\r\n# ok\nbad..example\n");
    let output = run(&["--lookalike-of", file.to_str().unwrap(), "a.com"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("bad..example"), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");

    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-file.txt");
    let output = run(&["--lookalike-of", missing.to_str().unwrap(), "a.com"], b"");
    assert_eq!(output.status.code(), Some(2));

    // Latin-1 bytes are not UTF-8 (RFC 3629).
    let bytes_file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trusted-not-utf8.txt");
    std::fs::write(&bytes_file, b"paypal.com\nb\xFCcher.de\n").unwrap();
    let output = run(
        &["--lookalike-of", bytes_file.to_str().unwrap(), "a.com"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn security_options_are_for_checks_of_idn_hostname() {
    for args in [
        &["--display", "--to-ascii", "a.com"][..],
        &["--display", "--format", "hostname", "a.com"],
        &["--display", "--trailing-dot", "a.com"],
        &["--policy", "firefox", "a.com"],
        &["--display", "--policy", "safari", "a.com"],
        &["--lookalike-of", "x", "--to-unicode", "a.com"],
    ] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
