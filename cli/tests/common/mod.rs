//! What the command line's tests share: the data the repository carries, running the command,
//! and the check of every JSON line against the shape the README documents ("JSON output").

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_idn-hostname");

/// `tests/data/`: the files of the repository's `data/` the tests read (links there, files in
/// the published package; tests/data/README.md). Nothing outside the package is read.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The text of `path` below `data/`; a missing file is a broken checkout and fails the test.
pub fn read_data(path: &str) -> String {
    let full = data_dir().join(path);
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("cannot read {} ({e}): data/ is incomplete", full.display()))
}

/// Runs the command with `args`, `stdin` written on a thread (a large input would otherwise
/// fill the pipes both ways), and the given standard output and error. Returns what it printed
/// (where piped) and how the writing of `stdin` ended: a broken pipe when the command stopped
/// before reading all of it.
pub fn run_with(
    args: &[&str],
    stdin: &[u8],
    stdout: Stdio,
    stderr: Stdio,
) -> (Output, std::io::Result<()>) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let output = child.wait_with_output().unwrap();
    (output, writer.join().unwrap())
}

/// Runs the command with `args` and `stdin`, and collects what it prints.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    match run_with(args, stdin, Stdio::piped(), Stdio::piped()) {
        // A usage error ends the command before it reads its input.
        (output, Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => output,
        (output, result) => {
            result.unwrap();
            output
        }
    }
}

pub fn stdout_lines(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Which keys a JSON line has: they depend on the mode only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Check,
    ToAscii,
    ToUnicode,
}

impl Shape {
    /// The shape of the lines the command prints with `args`.
    pub fn of(args: &[&str]) -> Shape {
        if args.contains(&"--to-ascii") {
            Shape::ToAscii
        } else if args.contains(&"--to-unicode") {
            Shape::ToUnicode
        } else {
            Shape::Check
        }
    }
}

/// Which keys the security options add to a JSON line: `display` and `display_labels` for
/// `--display`, `lookalike_of` for `--lookalike-of` (and `lookalikes` in the summary).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Security {
    pub display: bool,
    pub lookalike: bool,
}

impl Security {
    /// The keys the command adds with `args`.
    pub fn of(args: &[&str]) -> Security {
        Security {
            display: args.contains(&"--display"),
            lookalike: args.contains(&"--lookalike-of"),
        }
    }
}

/// Every line of the command's standard output, parsed and checked against the documented
/// shape of `args`' mode.
pub fn json_lines(args: &[&str], output: &Output) -> Vec<Value> {
    let shape = Shape::of(args);
    let security = Security::of(args);
    stdout_lines(output)
        .iter()
        .map(|l| {
            let value = serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"));
            check_shape_with(&value, shape, security);
            value
        })
        .collect()
}

/// Runs the command and returns its JSON lines, each checked against the shape.
pub fn run_json(args: &[&str], stdin: &[u8]) -> (Output, Vec<Value>) {
    let output = run(args, stdin);
    let lines = json_lines(args, &output);
    (output, lines)
}

fn keys(object: &serde_json::Map<String, Value>) -> Vec<&str> {
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

fn is_kebab(code: &str) -> bool {
    !code.is_empty()
        && code.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

fn null_or_positive(v: &Value) -> bool {
    v.is_null() || v.as_u64().is_some_and(|n| n >= 1)
}

/// Checks one JSON line against the README's "JSON output": a name's line or the summary.
///
/// - `{"name": string, "valid": true}`, or `"valid": false` and an `error` object;
/// - `--to-ascii` adds `"ascii"` (a string when valid, null otherwise), `--to-unicode` adds
///   `"unicode"` (a string when valid, a string or null otherwise);
/// - `error`: `code` (kebab case), `message` (a non-empty line), `label` (from 1, or null),
///   `offset` (or null), `code_point` (`U+XXXX` with 4 to 6 hex digits, or null), `line` and
///   `argument` (from 1; exactly one of them a number), `hint` (null, or `code` in kebab case
///   and `suggestion`, a string or null), and, for conversions, `statuses` (an array of
///   IdnaTestV2 status codes);
/// - the summary: `{"summary": {"names", "valid", "invalid", "by_code": {code: count}}}` with
///   names = valid + invalid and the counts adding up to invalid.
pub fn check_shape(v: &Value, shape: Shape) {
    check_shape_with(v, shape, Security::default());
}

/// [`check_shape`] with the keys of the security options (README, "JSON output"):
///
/// - `--display`: `display` (the name as shown: a string when valid, null otherwise) and
///   `display_labels` (when valid, one object per label of the name shown, with `label` (a
///   string), `form` (`ascii`, `unicode` or `a-label`) and `reasons` (kebab-case codes, not
///   empty exactly when the form is `a-label`); null otherwise);
/// - `--lookalike-of`: `lookalike_of` (a string, or null; null when invalid); the summary adds
///   `lookalikes`, at most the valid names.
pub fn check_shape_with(v: &Value, shape: Shape, security: Security) {
    let object = v
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"));
    if let Some(summary) = object.get("summary") {
        assert_eq!(keys(object), ["summary"], "{v}");
        let s = summary.as_object().unwrap();
        if security.lookalike {
            assert_eq!(
                keys(s),
                ["by_code", "invalid", "lookalikes", "names", "valid"],
                "{v}"
            );
            assert!(s["lookalikes"].as_u64().unwrap() <= s["valid"].as_u64().unwrap());
        } else {
            assert_eq!(keys(s), ["by_code", "invalid", "names", "valid"], "{v}");
        }
        let n = |k: &str| {
            s[k].as_u64()
                .unwrap_or_else(|| panic!("{k} not a count: {v}"))
        };
        assert_eq!(n("names"), n("valid") + n("invalid"), "{v}");
        let by_code = s["by_code"].as_object().unwrap();
        let mut total = 0;
        for (code, count) in by_code {
            assert!(is_kebab(code), "{code:?} is not kebab case: {v}");
            total += count.as_u64().unwrap();
        }
        assert_eq!(total, n("invalid"), "{v}");
        return;
    }
    let valid = object["valid"]
        .as_bool()
        .unwrap_or_else(|| panic!("valid: {v}"));
    assert!(object["name"].is_string(), "name: {v}");
    let mut want = vec!["name", "valid"];
    if security.display {
        want.extend(["display", "display_labels"]);
        check_display(v, valid);
    }
    if security.lookalike {
        want.push("lookalike_of");
        let of = &object["lookalike_of"];
        assert!(
            of.is_null() || (valid && of.is_string()),
            "lookalike_of: {v}"
        );
    }
    match shape {
        Shape::Check => {}
        Shape::ToAscii => {
            want.push("ascii");
            let ascii = &object["ascii"];
            assert!(
                if valid {
                    ascii.is_string()
                } else {
                    ascii.is_null()
                },
                "{v}"
            );
        }
        Shape::ToUnicode => {
            want.push("unicode");
            let unicode = &object["unicode"];
            assert!(unicode.is_string() || (!valid && unicode.is_null()), "{v}");
        }
    }
    if !valid {
        want.push("error");
        let error = object["error"]
            .as_object()
            .unwrap_or_else(|| panic!("error: {v}"));
        let mut error_keys = vec![
            "argument",
            "code",
            "code_point",
            "hint",
            "label",
            "line",
            "message",
            "offset",
        ];
        if shape != Shape::Check {
            error_keys.push("statuses");
            let statuses = error["statuses"]
                .as_array()
                .unwrap_or_else(|| panic!("{v}"));
            for s in statuses {
                let s = s.as_str().unwrap();
                assert!(
                    !s.is_empty()
                        && s.bytes()
                            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                    "status {s:?}: {v}"
                );
            }
        }
        error_keys.sort_unstable();
        assert_eq!(keys(error), error_keys, "{v}");
        assert!(is_kebab(error["code"].as_str().unwrap()), "code: {v}");
        let hint = &error["hint"];
        if let Some(hint) = hint.as_object() {
            assert_eq!(keys(hint), ["code", "suggestion"], "hint: {v}");
            assert!(is_kebab(hint["code"].as_str().unwrap()), "hint: {v}");
            assert!(
                hint["suggestion"].is_null() || hint["suggestion"].is_string(),
                "hint: {v}"
            );
        } else {
            assert!(hint.is_null(), "hint: {v}");
        }
        let message = error["message"].as_str().unwrap();
        assert!(
            !message.is_empty() && !message.contains('\n'),
            "message: {v}"
        );
        assert!(null_or_positive(&error["label"]), "label: {v}");
        // The label is counted from 1, as the message counts it.
        if let (Shape::Check, Some(n)) = (shape, error["label"].as_u64()) {
            assert!(message.starts_with(&format!("label {n} ")), "label: {v}");
        }
        assert!(
            error["offset"].is_null() || error["offset"].is_u64(),
            "offset: {v}"
        );
        let cp = &error["code_point"];
        assert!(
            cp.is_null()
                || cp
                    .as_str()
                    .is_some_and(|s| s.strip_prefix("U+").is_some_and(|h| {
                        (4..=6).contains(&h.len())
                            && h.bytes()
                                .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b))
                    })),
            "code_point: {v}"
        );
        assert!(null_or_positive(&error["line"]), "line: {v}");
        assert!(null_or_positive(&error["argument"]), "argument: {v}");
        assert_ne!(
            error["line"].is_null(),
            error["argument"].is_null(),
            "line or argument: {v}"
        );
    }
    want.sort_unstable();
    assert_eq!(keys(object), want, "{v}");
}

/// The `display` and `display_labels` of a line (see [`check_shape_with`]).
fn check_display(v: &Value, valid: bool) {
    let (display, labels) = (&v["display"], &v["display_labels"]);
    if !valid {
        assert!(display.is_null() && labels.is_null(), "display: {v}");
        return;
    }
    let display = display.as_str().unwrap_or_else(|| panic!("display: {v}"));
    let labels = labels
        .as_array()
        .unwrap_or_else(|| panic!("display_labels: {v}"));
    assert_eq!(
        display.split('.').count(),
        labels.len(),
        "display_labels: {v}"
    );
    for label in labels {
        let l = label.as_object().unwrap_or_else(|| panic!("label: {v}"));
        assert_eq!(keys(l), ["form", "label", "reasons"], "label: {v}");
        assert!(l["label"].is_string(), "label: {v}");
        let form = l["form"].as_str().unwrap_or_else(|| panic!("form: {v}"));
        assert!(["ascii", "unicode", "a-label"].contains(&form), "form: {v}");
        let reasons = l["reasons"]
            .as_array()
            .unwrap_or_else(|| panic!("reasons: {v}"));
        assert_eq!(reasons.is_empty(), form != "a-label", "reasons: {v}");
        for r in reasons {
            assert!(is_kebab(r.as_str().unwrap_or("")), "reason: {v}");
        }
    }
}
