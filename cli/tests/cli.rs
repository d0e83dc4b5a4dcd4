//! End-to-end tests of the `idn-hostname` command, run as a process.
//!
//! Every expected verdict comes from the official JSON Schema test suite (draft 2020-12,
//! `data/json-schema-test-suite`) or from a clause cited beside it: RFC 1123 section 2.1
//! (letters, digits, hyphen; no leading hyphen), RFC 3629 (what UTF-8 is). None is taken from a
//! run of the command.

mod common;
use common::{
    BIN, Security, Shape, check_shape_with, json_lines, read_data, run, run_json, run_with,
    stdout_lines,
};

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

/// A case of the suite: (data, valid).
type Case = (String, bool);

/// The string cases of a suite file.
fn suite(file: &str) -> Vec<Case> {
    let text = read_data(&format!("json-schema-test-suite/{file}"));
    let groups: Value = serde_json::from_str(&text).unwrap();
    let mut cases = Vec::new();
    for group in groups.as_array().unwrap() {
        for case in group["tests"].as_array().unwrap() {
            if let Value::String(s) = &case["data"] {
                cases.push((s.clone(), case["valid"].as_bool().unwrap()));
            }
        }
    }
    assert!(
        cases.len() > 40,
        "{file}: only {} string cases",
        cases.len()
    );
    cases
}

/// The suite's names split into those that can go on a line of input and those (with a line
/// terminator inside) that can only be arguments.
fn by_line(cases: &[Case]) -> (Vec<&Case>, Vec<&Case>) {
    cases
        .iter()
        .partition(|(s, _)| !s.contains('\n') && !s.contains('\r'))
}

fn check_suite_through_stdin(file: &str, format: &str) {
    let cases = suite(file);
    let (lines, args) = by_line(&cases);
    let input: String = lines.iter().map(|(s, _)| format!("{s}\n")).collect();
    let (output, got) = run_json(&["--format", format, "--json"], input.as_bytes());
    assert_eq!(got.len(), lines.len(), "one output line per input line");
    for ((name, valid), line) in lines.iter().zip(&got) {
        assert_eq!(line["name"], Value::String(name.clone()));
        assert_eq!(
            line["valid"],
            Value::Bool(*valid),
            "{file}: {name:?}: {line}"
        );
        if *valid {
            assert!(line.get("error").is_none(), "{line}");
        } else {
            let error = &line["error"];
            assert!(error["message"].as_str().unwrap().contains("RFC"), "{line}");
            assert!(error["offset"].is_u64(), "{line}");
            assert_eq!(error["argument"], Value::Null, "{line}");
        }
    }
    let any_invalid = lines.iter().any(|(_, v)| !v);
    assert_eq!(output.status.code(), Some(if any_invalid { 1 } else { 0 }));
    assert!(output.stderr.is_empty());

    // Names holding a line terminator go as arguments.
    for (name, valid) in args {
        let (output, got) = run_json(&["--format", format, "--json", "--", name], b"");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0]["valid"], Value::Bool(*valid), "{name:?}");
        assert_eq!(output.status.code(), Some(if *valid { 0 } else { 1 }));
    }
}

#[test]
fn hostname_suite_through_stdin_as_json() {
    check_suite_through_stdin("draft2020-12/hostname.json", "hostname");
}

#[test]
fn idn_hostname_suite_through_stdin_as_json() {
    check_suite_through_stdin("draft2020-12/idn-hostname.json", "idn-hostname");
}

#[test]
fn idn_hostname_is_the_default_format() {
    let cases = suite("draft2020-12/idn-hostname.json");
    let (lines, _) = by_line(&cases);
    let input: String = lines.iter().map(|(s, _)| format!("{s}\n")).collect();
    let (_, got) = run_json(&["--json"], input.as_bytes());
    let want: Vec<Value> = lines.iter().map(|(_, v)| Value::Bool(*v)).collect();
    let got: Vec<Value> = got.iter().map(|l| l["valid"].clone()).collect();
    assert_eq!(got, want);
}

/// A name as the text output shows it (README, "The command line"): as written, but for control
/// characters and white space other than U+0020, written `\u{X}`, and the backslash, `\\`.
fn shown(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '\\' => String::from("\\\\"),
            ' ' => String::from(" "),
            c if c.is_control() || c.is_whitespace() => format!("\\u{{{:X}}}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

#[test]
fn exit_status_from_arguments() {
    let cases = suite("draft2020-12/hostname.json");
    let valid: Vec<&str> = cases
        .iter()
        .filter(|(_, v)| *v)
        .map(|(s, _)| s.as_str())
        .collect();
    let invalid: Vec<&str> = cases
        .iter()
        .filter(|(s, v)| !*v && !s.starts_with('-'))
        .map(|(s, _)| s.as_str())
        .collect();

    let mut args = vec!["--format", "hostname", "--"];
    args.extend(&valid);
    let output = run(&args, b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), valid.len());
    for (line, name) in lines.iter().zip(&valid) {
        assert_eq!(line, &format!("{}: valid", shown(name)));
    }

    for bad in &invalid {
        let output = run(&["--format", "hostname", valid[0], bad, valid[1]], b"");
        assert_eq!(output.status.code(), Some(1), "{bad:?}");
        let lines = stdout_lines(&output);
        assert_eq!(lines.len(), 3);
        assert!(
            lines[1].starts_with(&format!("{}: invalid: ", shown(bad))),
            "{lines:?}"
        );
    }
}

#[test]
fn a_name_starting_with_a_hyphen_goes_after_the_double_dash() {
    // RFC 1123 section 2.1: a label does not start with a hyphen.
    let output = run(&["--", "-a.example"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout_lines(&output)[0].starts_with("-a.example: invalid: "));
}

/// The usage errors of issue 14: one or two lines on standard error, what was wrong and then
/// where to look, and exit status 2, whatever standard input holds.
#[test]
fn usage_errors_are_two_lines_and_exit_2() {
    for args in [
        &["--frobnicate"][..],
        &["--jsn"],
        &["-a.example"],
        &["--format"],
        &["--format", "email"],
        &["--format=host-name"],
        &["--all", "--invalid", "--summary"],
        &["--to-ascii", "--to-unicode"],
    ] {
        let output = run(args, b"www.example.com\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let lines: Vec<&str> = stderr.lines().collect();
        assert!((1..=2).contains(&lines.len()), "{args:?}: {stderr}");
        assert!(lines[0].starts_with("idn-hostname: "), "{stderr}");
        assert!(lines.last().unwrap().contains("--help"), "{stderr}");
        assert!(stderr.ends_with('\n'), "{stderr:?}");
    }
    // The option at fault is named, and a near miss gets its suggestion.
    let stderr = String::from_utf8(run(&["--jsn"], b"").stderr).unwrap();
    assert!(
        stderr.contains("'--jsn'") && stderr.contains("'--json'"),
        "{stderr}"
    );
}

#[test]
fn version_prints_the_package_version() {
    for flag in ["--version", "-V"] {
        let output = run(&[flag], b"");
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            format!("idn-hostname {}\n", env!("CARGO_PKG_VERSION"))
        );
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn help_prints_usage_exit_status_and_examples() {
    for flag in ["--help", "-h"] {
        let output = run(&[flag], b"");
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stderr.is_empty());
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.contains("Usage: idn-hostname [OPTIONS] [NAME]..."),
            "{text}"
        );
        for word in [
            "--to-ascii",
            "--to-unicode",
            "--trailing-dot",
            "--underscore",
            "--uts46-mapping",
            "--format",
            "--json",
            "--summary",
            "--all",
            "--invalid",
            "--version",
            "Exit status",
            "Examples:",
        ] {
            assert!(text.contains(word), "{flag} lacks {word}");
        }
        // What a closed standard output does to the exit status (issue 15).
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "When standard output is closed by its reader (`| head`), the command stops \
                 quietly, with the status of the names judged until then: 1 if one of them was \
                 invalid, 0 otherwise."
            ),
            "{text}"
        );
    }
}

#[test]
fn only_the_line_terminator_is_stripped() {
    // RFC 1123 section 2.1: a space is not a letter, digit or hyphen, and a host name has no
    // trailing dot (the suite's "single dot" and trailing-dot cases agree).
    let input =
        b"www.example.com\r\nwww.example.com \n www.example.com\nwww.example.com.\nwww.example.com";
    let (output, lines) = run_json(&["--format", "hostname", "--json"], input);
    let got: Vec<Value> = lines.iter().map(|l| l["valid"].clone()).collect();
    let want = [true, false, false, false, true].map(Value::Bool);
    assert_eq!(got, want);
    assert_eq!(output.status.code(), Some(1));
    // The space is shown as part of the name.
    assert_eq!(lines[1]["name"], "www.example.com ");
}

#[test]
fn empty_input_is_all_valid() {
    let output = run(&[], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
}

#[test]
fn stdin_is_streamed_answer_by_answer() {
    let mut child = Command::new(BIN)
        .args(["--format", "hostname"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    // Each answer must come back while standard input is still open.
    for (name, want) in [
        ("www.example.com", "www.example.com: valid"),
        ("not_a_valid_host_name", "not_a_valid_host_name: invalid: "),
        ("a.b.example", "a.b.example: valid"),
    ] {
        writeln!(input, "{name}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        assert!(line.starts_with(want), "{line:?}");
    }
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn invalid_utf8_lines_are_invalid_with_their_line_number() {
    // RFC 3629 section 3: 0xFF never appears in UTF-8; 0xC3 must be followed by a continuation
    // byte (0x80..=0xBF), and 0x28 is not one.
    let input = b"www.example.com\n\xFF.example\nb\xC3\x28cher.example\nwww.example.org\n";
    let output = run(&["--format", "hostname"], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty());
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "www.example.com: valid");
    assert!(
        lines[1].ends_with("invalid: line 2 is not UTF-8 (byte 0)"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with("invalid: line 3 is not UTF-8 (byte 1)"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "www.example.org: valid");

    let (_, got) = run_json(&["--json"], input);
    assert_eq!(got.len(), 4);
    assert_eq!(got[1]["valid"], false);
    assert_eq!(got[1]["error"]["code"], "not-utf-8");
    assert_eq!(got[2]["error"]["code"], "not-utf-8");
    assert_eq!(got[1]["error"]["line"], 2);
    assert_eq!(got[2]["error"]["line"], 3);
    assert_eq!(got[2]["error"]["offset"], 1);
    assert_eq!(got[3]["valid"], true);
}

#[cfg(unix)]
#[test]
fn invalid_utf8_arguments_are_invalid_not_a_crash() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    // RFC 3629 section 3: 0xFF never appears in UTF-8.
    let bad = OsStr::from_bytes(b"a\xFF.example");
    let output = Command::new(BIN)
        .arg("www.example.com")
        .arg(bad)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].ends_with("invalid: argument 2 is not UTF-8 (byte 1)"),
        "{}",
        lines[1]
    );
    for args in [&["--json"][..], &["--json", "--to-unicode"]] {
        let output = Command::new(BIN)
            .args(args)
            .arg("www.example.com")
            .arg(bad)
            .output()
            .unwrap();
        let got = json_lines(args, &output);
        assert_eq!(got[1]["name"], "a\u{FFFD}.example");
        assert_eq!(got[1]["error"]["code"], "not-utf-8");
        assert_eq!(got[1]["error"]["argument"], 2);
        assert_eq!(got[1]["error"]["line"], Value::Null);
        assert_eq!(got[1]["error"]["offset"], 1);
    }
}

/// The suite's idn-hostname names as input lines, with the numbers the summary must give.
fn summary_input() -> (String, usize, usize, Vec<String>) {
    let cases = suite("draft2020-12/idn-hostname.json");
    let (lines, _) = by_line(&cases);
    let input = lines.iter().map(|(s, _)| format!("{s}\n")).collect();
    let valid = lines.iter().filter(|(_, v)| *v).count();
    let invalid_names = lines
        .iter()
        .filter(|(_, v)| !*v)
        .map(|(s, _)| s.clone())
        .collect::<Vec<_>>();
    (input, valid, invalid_names.len(), invalid_names)
}

#[test]
fn summary_alone_prints_only_the_counts() {
    let (input, valid, invalid, _) = summary_input();
    let output = run(&["--summary"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let lines = stdout_lines(&output);
    assert_eq!(
        lines[0],
        format!(
            "summary: {} names, {valid} valid, {invalid} invalid",
            valid + invalid
        )
    );
    // Then one line per rule, "  code: count", most frequent first, adding up to `invalid`.
    let mut total = 0;
    let mut last = usize::MAX;
    for line in &lines[1..] {
        let (kind, n) = line.trim_start().rsplit_once(": ").unwrap();
        assert!(line.starts_with("  ") && !kind.is_empty(), "{line}");
        let n: usize = n.parse().unwrap();
        assert!(n <= last, "not sorted: {lines:?}");
        last = n;
        total += n;
    }
    assert_eq!(total, invalid);
}

#[test]
fn summary_as_json_agrees_with_the_per_name_kinds() {
    let (input, valid, invalid, _) = summary_input();
    let (_, each) = run_json(&["--json"], input.as_bytes());
    let (_, got) = run_json(&["--json", "--summary", "--all"], input.as_bytes());
    // Every name's line, then the summary.
    assert_eq!(got.len(), each.len() + 1);
    assert_eq!(&got[..each.len()], &each[..]);
    let summary = &got[each.len()]["summary"];
    assert_eq!(summary["names"], valid + invalid);
    assert_eq!(summary["valid"], valid);
    assert_eq!(summary["invalid"], invalid);
    let mut want = serde_json::Map::new();
    for line in &each {
        if let Some(code) = line["error"]["code"].as_str() {
            let n = want.get(code).and_then(Value::as_u64).unwrap_or(0);
            want.insert(code.to_string(), Value::from(n + 1));
        }
    }
    assert_eq!(summary["by_code"], Value::Object(want));

    let (_, only) = run_json(&["--json", "--summary"], input.as_bytes());
    assert_eq!(only.len(), 1);
    assert_eq!(only[0]["summary"], *summary);
}

#[test]
fn invalid_prints_the_invalid_names_only() {
    let (input, _, invalid, invalid_names) = summary_input();
    let (output, got) = run_json(&["--json", "--invalid"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let names: Vec<&str> = got.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, invalid_names);

    let output = run(&["--invalid", "--summary"], input.as_bytes());
    let lines = stdout_lines(&output);
    assert!(lines[..invalid].iter().all(|l| l.contains(": invalid: ")));
    assert!(lines[invalid].starts_with("summary: "));

    // All valid: nothing printed, status 0 (names valid per the hostname suite).
    let output = run(
        &["--invalid"],
        b"www.example.com\nxn--9n2bp8q.xn--9t4b11yi5a\n",
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
}

#[test]
fn a_long_input_shows_no_progress_when_stderr_is_not_a_terminal() {
    // 300 000 lines, more than the 200 000 after which a terminal gets a count.
    let mut input = String::new();
    for i in 0..300_000 {
        input.push_str(&format!("host-{i}.example\n"));
    }
    let output = run(&["--summary", "--format", "hostname"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty(), "stderr is a pipe here");
    assert_eq!(
        stdout_lines(&output),
        ["summary: 300000 names, 300000 valid, 0 invalid"]
    );
}

/// With standard error on a terminal, a long input gets a `\r` line count there. The terminal
/// is a pseudo-terminal made by util-linux `script`, which must be installed (Debian: bsdutils).
#[cfg(target_os = "linux")]
#[test]
fn a_long_input_shows_a_line_count_on_a_terminal() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-progress.txt");
    let mut input = String::new();
    for i in 0..250_000 {
        input.push_str(&format!("host-{i}.example\n"));
    }
    std::fs::write(&path, input).unwrap();
    let command = format!("{BIN} --summary --format hostname < '{}'", path.display());
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("util-linux `script` is needed to give the command a terminal");
    let screen = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{screen:?}");
    // 200 000 is the first count shown, 250 000 the last; the count is blanked before the
    // summary.
    let first = screen.find("\ridn-hostname: 200000 lines read").unwrap();
    let last = screen.find("\ridn-hostname: 250000 lines read").unwrap();
    let summary = screen
        .find("summary: 250000 names, 250000 valid, 0 invalid")
        .unwrap();
    assert!(first < last && last < summary, "{screen:?}");
    assert!(!screen.contains("150000 lines read"), "{screen:?}");
}

/// A line of IdnaTestV2.txt (UTS #46 section 8): the source, the ToUnicode result and whether
/// it has errors, the ToASCII (Nontransitional) result and whether it has errors.
struct Uts46Case {
    source: String,
    to_unicode: String,
    to_unicode_ok: bool,
    to_ascii: String,
    to_ascii_ok: bool,
}

/// Reads IdnaTestV2.txt as its header says: blank columns default to earlier ones, `""` is the
/// empty string, `\uXXXX` and `\x{XXXX}` are escapes. Also returns the sources that name an
/// unpaired surrogate, as the bytes a surrogate would take in UTF-8's scheme (RFC 3629 section
/// 3 forbids them, so they are no UTF-8), with whether ToUnicode and ToASCII fail.
#[allow(clippy::type_complexity)]
fn idna_test_v2() -> (Vec<Uts46Case>, Vec<(Vec<u8>, bool, bool)>) {
    /// `None` when an escape names a surrogate.
    fn unescape(column: &str) -> Option<String> {
        if column == "\"\"" {
            return Some(String::new());
        }
        let mut out = String::new();
        let mut rest = column;
        while let Some(i) = rest.find('\\') {
            out.push_str(&rest[..i]);
            let tail = &rest[i..];
            let (hex, len) = if let Some(t) = tail.strip_prefix("\\u") {
                (&t[..4], 6)
            } else if let Some(t) = tail.strip_prefix("\\x{") {
                let end = t.find('}').unwrap();
                (&t[..end], 4 + end)
            } else {
                panic!("unknown escape in {column:?}");
            };
            out.push(char::from_u32(u32::from_str_radix(hex, 16).unwrap())?);
            rest = &tail[len..];
        }
        out.push_str(rest);
        Some(out)
    }
    /// The column's bytes, a surrogate escape written as three bytes like any code point
    /// from U+0800 to U+FFFF.
    fn surrogate_bytes(column: &str) -> Vec<u8> {
        let mut out = Vec::new();
        let mut rest = column;
        while let Some(i) = rest.find("\\u") {
            out.extend_from_slice(&rest.as_bytes()[..i]);
            let cp = u32::from_str_radix(&rest[i + 2..i + 6], 16).unwrap();
            match char::from_u32(cp) {
                Some(c) => out.extend_from_slice(c.to_string().as_bytes()),
                None => out.extend_from_slice(&[
                    0xE0 | (cp >> 12) as u8,
                    0x80 | ((cp >> 6) & 0x3F) as u8,
                    0x80 | (cp & 0x3F) as u8,
                ]),
            }
            rest = &rest[i + 6..];
        }
        out.extend_from_slice(rest.as_bytes());
        out
    }
    let text = read_data("unicode/18.0.0/idna/IdnaTestV2.txt");
    let mut cases = Vec::new();
    let mut surrogates = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let data = line.split('#').next().unwrap();
        if data.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = data.split(';').map(str::trim).collect();
        assert_eq!(c.len(), 7, "IdnaTestV2.txt:{}: {line}", n + 1);
        let to_unicode_ok = c[2].is_empty() || c[2] == "[]";
        let to_ascii_ok = if c[4].is_empty() {
            to_unicode_ok
        } else {
            c[4] == "[]"
        };
        let Some(source) = unescape(c[0]) else {
            surrogates.push((surrogate_bytes(c[0]), to_unicode_ok, to_ascii_ok));
            continue;
        };
        let column = |i: usize, blank: &String| match c[i] {
            "" => blank.clone(),
            text => unescape(text).unwrap_or_default(),
        };
        let to_unicode = column(1, &source);
        let to_ascii = column(3, &to_unicode);
        cases.push(Uts46Case {
            source,
            to_unicode,
            to_unicode_ok,
            to_ascii,
            to_ascii_ok,
        });
    }
    assert!(cases.len() > 6000, "only {} cases read", cases.len());
    (cases, surrogates)
}

/// Every IdnaTestV2 line through `--to-ascii` and `--to-unicode`: the verdict, and the
/// converted string where the file gives no error (on an error the file's string may hold
/// U+FFFD where an implementation keeps the code point, section 8 of UTS #46 and the file's
/// header).
#[test]
fn to_ascii_and_to_unicode_agree_with_idna_test_v2() {
    let (cases, surrogates) = idna_test_v2();
    // A source holding a line terminator goes as an argument instead.
    let (lines, args): (Vec<&Uts46Case>, Vec<&Uts46Case>) = cases
        .iter()
        .partition(|c| !c.source.contains('\n') && !c.source.contains('\r'));
    let input: String = lines.iter().map(|c| format!("{}\n", c.source)).collect();
    for (flag, field) in [("--to-ascii", "ascii"), ("--to-unicode", "unicode")] {
        let (_, mut got) = run_json(&[flag, "--json"], input.as_bytes());
        for case in &args {
            got.extend(run_json(&[flag, "--json", "--", &case.source], b"").1);
        }
        let all: Vec<&&Uts46Case> = lines.iter().chain(args.iter()).collect();
        assert_eq!(got.len(), all.len());
        let mut failures = Vec::new();
        for (case, line) in all.iter().zip(&got) {
            let (want, ok) = match field {
                "ascii" => (&case.to_ascii, case.to_ascii_ok),
                _ => (&case.to_unicode, case.to_unicode_ok),
            };
            assert_eq!(line["name"].as_str(), Some(case.source.as_str()));
            if line["valid"] != Value::Bool(ok)
                || (ok && line[field].as_str() != Some(want.as_str()))
            {
                failures.push(format!(
                    "{:?}: want {want:?} ok={ok}, got {line}",
                    case.source
                ));
            }
            if !ok {
                let statuses = line["error"]["statuses"].as_array().unwrap();
                assert!(!statuses.is_empty(), "{line}");
                // The code is the first status in kebab case: `V3` is `uts46-v3`, `A4_2` is
                // `uts46-a4-2`.
                let first = statuses[0].as_str().unwrap();
                let code = format!("uts46-{}", first.to_lowercase().replace('_', "-"));
                assert_eq!(line["error"]["code"], code, "{line}");
            }
        }
        assert!(
            failures.is_empty(),
            "{flag}: {} of {} lines differ from IdnaTestV2.txt:\n{}",
            failures.len(),
            all.len(),
            failures.join("\n")
        );

        // The lines with an unpaired surrogate (two in Unicode 18.0.0: `a\uD900z`, `A\uD900Z`)
        // go in as bytes: they are no UTF-8, so the command reports them invalid, as the file
        // does ([V7]).
        assert_eq!(surrogates.len(), 2);
        for (bytes, to_unicode_ok, to_ascii_ok) in &surrogates {
            let mut input = bytes.clone();
            input.push(b'\n');
            let (_, got) = run_json(&[flag, "--json"], &input);
            let ok = if field == "ascii" {
                to_ascii_ok
            } else {
                to_unicode_ok
            };
            assert!(!ok);
            assert_eq!(got[0]["valid"], false);
            assert_eq!(got[0]["error"]["code"], "not-utf-8");
            assert_eq!(got[0]["error"]["statuses"], Value::Array(Vec::new()));
        }
    }
}

#[test]
fn to_ascii_text_output_and_exit_status() {
    // IdnaTestV2.txt: "faß.de; ; ; xn--fa-hia.de" and "a.bc--de.f; ; [V2]".
    let output = run(&["--to-ascii", "faß.de"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_lines(&output), ["faß.de: xn--fa-hia.de"]);
    let output = run(&["--to-ascii", "faß.de", "a.bc--de.f"], b"");
    assert_eq!(output.status.code(), Some(1));
    let lines = stdout_lines(&output);
    assert!(lines[1].starts_with("a.bc--de.f: invalid: ") && lines[1].ends_with("[V2]"));
    // "xn--fa-hia.de; faß.de; ;"
    let output = run(&["--to-unicode"], b"xn--fa-hia.de\n");
    assert_eq!(stdout_lines(&output), ["xn--fa-hia.de: faß.de"]);
    // --summary counts by the first status code, in kebab case.
    let output = run(&["--to-ascii", "--summary"], b"fass.de\na.bc--de.f\n");
    assert_eq!(
        stdout_lines(&output),
        ["summary: 2 names, 1 valid, 1 invalid", "  uts46-v2: 1"]
    );
}

#[test]
fn conversions_and_format_exclude_each_other() {
    for args in [
        &["--to-ascii", "--to-unicode"][..],
        &["--to-ascii", "--format", "hostname"],
        &["--format=idn-hostname", "--to-unicode"],
    ] {
        let output = run(args, b"fass.de\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn departures_from_the_formats() {
    // The suite's "trailing dot" is invalid as a format; RFC 1034 section 3.1 writes a fully
    // qualified name with the root's dot.
    let output = run(&["--format", "hostname", "example."], b"");
    assert_eq!(output.status.code(), Some(1));
    let output = run(&["--format", "hostname", "--trailing-dot", "example."], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // The suite's "contains underscore" is invalid; RFC 8552 section 2 names underscored
    // labels such as `_dmarc` (leftmost, underscore-led).
    let output = run(&["--format", "hostname", "_dmarc.example.com"], b"");
    assert_eq!(output.status.code(), Some(1));
    let output = run(&["--underscore", "_dmarc.example.com"], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // RFC 5892: U+0046 is DISALLOWED (Unstable: it changes under NFKC_Casefold), so `Faß.de`
    // is no idn-hostname; IdnaTestV2.txt maps it to `faß.de` with no error, and ß is PVALID.
    let output = run(&["Faß.de"], b"");
    assert_eq!(output.status.code(), Some(1));
    let output = run(&["--uts46-mapping", "Faß.de"], b"");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // Departures are for checks.
    let output = run(&["--to-ascii", "--trailing-dot", "example."], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// Issue 15: a line longer than the 4096 bytes the command reads of a line is invalid, with
/// its number and length; the rest of it is skipped and reading goes on. A line of exactly
/// 4096 bytes (its CR LF not counted) is judged by the rules.
#[test]
fn a_line_too_long_is_reported_skipped_and_reading_goes_on() {
    let long = "a".repeat(5000);
    let just_over = "b".repeat(4097);
    // 4088 letters and ".example": 4096 bytes, one label far over 63 octets.
    let at_bound = format!("{}.example", "a".repeat(4088));
    assert_eq!(at_bound.len(), 4096);
    let input = format!("www.example.com\n{long}\r\n{at_bound}\r\n{just_over}\nwww.example.org");
    // At the bound the verdict is the standard's: RFC 1034 section 3.1 (63 octets a label)
    // for the formats, UTS #46 section 4.2 step 4.2 (A4_2) for ToASCII; ToUnicode (section
    // 4.3) checks no length, so the label is valid there.
    for (args, at_bound_valid) in [
        (&["--json"][..], false),
        (&["--json", "--format", "hostname"], false),
        (&["--json", "--to-ascii"], false),
        (&["--json", "--to-unicode"], true),
    ] {
        let (output, got) = run_json(args, input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(got.len(), 5, "{args:?}: {got:?}");
        assert_eq!(got[0]["valid"], true, "{args:?}");
        for (line, len, start) in [(&got[1], 5000, 'a'), (&got[3], 4097, 'b')] {
            let error = &line["error"];
            assert_eq!(error["code"], "line-too-long", "{line}");
            let n = error["line"].as_u64().unwrap();
            assert_eq!(n, if start == 'a' { 2 } else { 4 });
            let message = error["message"].as_str().unwrap();
            assert!(
                message.starts_with(&format!("line {n} is {len} bytes long")),
                "{line}"
            );
            let name = line["name"].as_str().unwrap();
            assert!(name.starts_with(start) && name.ends_with('…'), "{line}");
            assert!(
                name.len() < 100,
                "only the head of the line is shown: {line}"
            );
        }
        assert_eq!(got[2]["valid"], at_bound_valid, "{args:?}: {}", got[2]);
        assert_eq!(got[2]["name"], at_bound.as_str());
        if !at_bound_valid {
            assert_ne!(got[2]["error"]["code"], "line-too-long");
        }
        assert_eq!(got[4]["valid"], true, "{args:?}");
    }
    let output = run(&[], input.as_bytes());
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 5);
    assert!(
        lines[1].starts_with(&format!(
            "{}…: invalid: line 2 is 5000 bytes long",
            "a".repeat(64)
        )),
        "{}",
        lines[1]
    );
    let output = run(&["--summary"], input.as_bytes());
    assert!(
        stdout_lines(&output).contains(&String::from("  line-too-long: 2")),
        "{output:?}"
    );
}

/// The line reader on a hostile stream, end to end: NUL bytes, bytes that are no UTF-8, bare
/// CR and CR LF, an empty line, and a last line of 1 MiB with no terminator.
#[test]
fn a_hostile_stream_gets_one_verdict_a_line() {
    let mut input = b"a\0.example\nb\xFF\xFE.example\r\n\r\nc\rd.example\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    let (output, got) = run_json(&["--json"], &input);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty());
    let codes: Vec<&str> = got
        .iter()
        .map(|l| l["error"]["code"].as_str().unwrap())
        .collect();
    // RFC 1123 section 2.1: NUL and CR are no letter, digit or hyphen; RFC 3629: 0xFF is no
    // UTF-8; an empty line is an empty name (RFC 1123: a name has a label).
    assert_eq!(
        codes,
        [
            "invalid-character",
            "not-utf-8",
            "empty-name",
            "invalid-character",
            "line-too-long"
        ]
    );
    assert_eq!(got[0]["name"], "a\u{0}.example");
    assert_eq!(got[0]["error"]["code_point"], "U+0000");
    assert_eq!(got[1]["error"]["offset"], 1);
    assert_eq!(got[3]["error"]["code_point"], "U+000D");
    assert_eq!(got[4]["error"]["line"], 5);
    assert!(
        got[4]["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("line 5 is 1048576 bytes long")
    );
}

/// `/dev/full` as a file to write to: every write fails with ENOSPC.
#[cfg(target_os = "linux")]
fn dev_full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

/// Issue 15: a write error ends the command with status 2 and one line on standard error where
/// that can be written; never a panic (status 101).
#[cfg(target_os = "linux")]
#[test]
fn write_errors_exit_2_with_one_line_on_stderr() {
    let many: String = (0..20_000).map(|i| format!("host-{i}.example\n")).collect();
    for (args, stdin) in [
        (&["--help"][..], ""),
        (&["-h"], ""),
        (&["--version"], ""),
        (&["a.example"], ""),
        (&["--json", "a..example"], ""),
        (&["--json"], many.as_str()),
        (&["--summary"], many.as_str()),
        (&["--to-unicode", "--json"], many.as_str()),
    ] {
        // Standard output full, standard error a pipe: one line there.
        let (output, _) = run_with(args, stdin.as_bytes(), dev_full(), Stdio::piped());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("idn-hostname: cannot write to standard output: "),
            "{args:?}: {stderr}"
        );
        // Both full: nothing can be said, the status still tells.
        let (output, _) = run_with(args, stdin.as_bytes(), dev_full(), dev_full());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
    // A usage error with standard error full: status 2, nothing on standard output.
    let output = Command::new(BIN)
        .arg("--bogus")
        .stdin(Stdio::null())
        .stderr(dev_full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

/// Runs the command with a standard output whose reader is gone before it starts, so that its
/// first write fails with EPIPE. Returns the status, standard error, and whether the command
/// stopped before reading all of `stdin`.
fn closed_stdout(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, bool) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let (output, fed) = run_with(args, stdin, Stdio::from(writer), Stdio::piped());
    let stopped_early = matches!(fed, Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe);
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
        stopped_early,
    )
}

/// Issue 15 and `--help`: a closed standard output ends the command quietly, with the status of
/// the names judged until then (1 if one was invalid, 0 otherwise), without reading on.
#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_quietly_with_the_status_judged() {
    for args in [&["--help"][..], &["--version"], &["www.example.com"]] {
        assert_eq!(
            closed_stdout(args, b""),
            (Some(0), String::new(), false),
            "{args:?}"
        );
    }
    // RFC 1034 section 3.1: an empty label.
    assert_eq!(closed_stdout(&["a..example"], b"").0, Some(1));
    // 8 MiB of valid names, far more than the pipes hold: the command stops at the first
    // failed write instead of reading them all.
    let valid: String = (0..500_000)
        .map(|i| format!("host-{i}.example\n"))
        .collect();
    for args in [&[][..], &["--json"], &["--to-ascii"]] {
        let (status, stderr, stopped_early) = closed_stdout(args, valid.as_bytes());
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{args:?}");
        assert!(stopped_early, "{args:?} read all of its input");
        let invalid_first = format!("a..example\n{valid}");
        let (status, stderr, _) = closed_stdout(args, invalid_first.as_bytes());
        assert_eq!((status, stderr.as_str()), (Some(1), ""), "{args:?}");
    }

    // As `| head -1` does it: the reader takes one line and goes away.
    for (first, want) in [("www.example.com", 0), ("a..example", 1)] {
        let (reader, writer) = std::io::pipe().unwrap();
        let mut child = Command::new(BIN)
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let data = format!("{first}\n{valid}");
        let feeder = std::thread::spawn(move || input.write_all(data.as_bytes()));
        let mut line = String::new();
        BufReader::new(reader).read_line(&mut line).unwrap();
        assert!(line.starts_with(first), "{line}");
        let output = child.wait_with_output().unwrap();
        let _ = feeder.join().unwrap();
        assert_eq!(output.status.code(), Some(want), "{first}");
        assert!(output.stderr.is_empty(), "{first}");
    }
}

/// An unreadable standard input (a directory: read(2) fails with EISDIR) is status 2 and one
/// line on standard error.
#[cfg(target_os = "linux")]
#[test]
fn a_read_error_exits_2_with_one_line() {
    let output = Command::new(BIN)
        .stdin(Stdio::from(std::fs::File::open("/").unwrap()))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("idn-hostname: cannot read standard input: "),
        "{stderr}"
    );
}

/// Issue 14: with no NAME and standard input on a terminal, a hint says what the command waits
/// for; with a NAME, or input from a pipe (the tests above: standard error empty), none. The
/// terminal is a pseudo-terminal made by util-linux `script` (Debian: bsdutils).
#[cfg(target_os = "linux")]
#[test]
fn a_terminal_on_stdin_gets_a_hint() {
    let on_terminal = |command: &str| {
        let output = Command::new("script")
            .args(["-qec", command, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .expect("util-linux `script` is needed to give the command a terminal");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let screen = on_terminal(BIN);
    assert!(
        screen.starts_with(
            "idn-hostname: reading names from the terminal, one a line; end with Ctrl-D"
        ),
        "{screen:?}"
    );
    assert!(screen.contains("--help"), "{screen:?}");
    let screen = on_terminal(&format!("{BIN} www.example.com"));
    assert_eq!(screen, "www.example.com: valid\r\n");
}

/// The "JSON output" examples of the package's README (cli/README.md): each has the documented
/// shape, and the command gives the same verdict, code and hint for the same name.
#[test]
fn the_readme_json_examples_have_the_shape_the_tests_check() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme
        .split("\n## JSON output\n")
        .nth(1)
        .expect("README has a \"## JSON output\" section");
    let block = section
        .split("```json\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("a ```json block in the section");
    // The README's trusted.txt of the --lookalike-of examples.
    assert!(section.contains("(`trusted.txt` holding `paypal.com`)"));
    let trusted = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme-trusted.txt");
    std::fs::write(&trusted, "paypal.com\n").unwrap();
    let trusted = trusted.to_str().unwrap();
    let mut codes = std::collections::BTreeSet::new();
    let mut shapes = std::collections::BTreeSet::new();
    for example in block.lines().filter(|l| !l.is_empty()) {
        let value: Value =
            serde_json::from_str(example).unwrap_or_else(|e| panic!("{e}: {example}"));
        let (shape, mut args) = if value.get("ascii").is_some() {
            (Shape::ToAscii, vec!["--json", "--to-ascii"])
        } else if value.get("unicode").is_some() {
            (Shape::ToUnicode, vec!["--json", "--to-unicode"])
        } else {
            (Shape::Check, vec!["--json"])
        };
        let security = Security {
            display: value.get("display").is_some(),
            lookalike: value.get("lookalike_of").is_some()
                || value["summary"].get("lookalikes").is_some(),
        };
        if security.display {
            args.push("--display");
            shapes.insert("display");
        }
        if security.lookalike {
            args.extend(["--lookalike-of", trusted]);
            shapes.insert("lookalike");
        }
        check_shape_with(&value, shape, security);
        if value.get("summary").is_some() {
            shapes.insert("summary");
            continue;
        }
        shapes.insert(match shape {
            Shape::Check => "check",
            Shape::ToAscii => "ascii",
            Shape::ToUnicode => "unicode",
        });
        let code = value["error"]["code"]
            .as_str()
            .unwrap_or("valid")
            .to_string();
        codes.insert(code.clone());
        if code == "not-utf-8" || code == "line-too-long" {
            continue; // the name shown is not the input
        }
        let name = value["name"].as_str().unwrap();
        args.extend(["--", name]);
        let (_, got) = run_json(&args, b"");
        assert_eq!(got[0]["valid"], value["valid"], "{example}");
        assert_eq!(got[0]["error"]["code"], value["error"]["code"], "{example}");
        assert_eq!(got[0]["error"]["hint"], value["error"]["hint"], "{example}");
        assert_eq!(got[0].get("ascii"), value.get("ascii"), "{example}");
        assert_eq!(got[0].get("unicode"), value.get("unicode"), "{example}");
        for key in ["display", "display_labels", "lookalike_of"] {
            assert_eq!(got[0].get(key), value.get(key), "{key}: {example}");
        }
    }
    // An example of each case of issue 14, and of the security options (issue 28).
    for shape in [
        "check",
        "ascii",
        "unicode",
        "summary",
        "display",
        "lookalike",
    ] {
        assert!(shapes.contains(shape), "no {shape} example");
    }
    for code in ["valid", "not-utf-8", "line-too-long"] {
        assert!(codes.contains(code), "no {code} example");
    }
    assert!(
        codes.iter().any(|c| c.starts_with("uts46-")),
        "no UTS #46 error example"
    );
}

/// The package README's first command (`idn-hostname NAME...`): the verdicts it shows are the
/// command's. (The repository README's `cargo run -q -- NAME...` is checked by .ci/run.)
#[test]
fn the_readme_first_command_shows_the_command_verdicts() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let (_, rest) = readme.split_once("\nidn-hostname ").unwrap();
    let (command, rest) = rest.split_once('\n').unwrap();
    let names: Vec<&str> = command.split_whitespace().collect();
    let shown = rest
        .split_once("```text\n")
        .and_then(|(_, r)| r.split_once("\n```"))
        .map(|(block, _)| block.lines().collect::<Vec<_>>())
        .unwrap();
    // The standards' verdicts: `bücher.example` and `例え。テスト` are idn-hostnames (U-labels
    // of PVALID code points, RFC 5892; U+3002 separates labels, RFC 3490 section 3.1);
    // `i.xn--ls8h` decodes to U+1F4A9, DISALLOWED (RFC 5892), and `exa_mple.com` has an
    // underscore (RFC 1123 section 2.1).
    assert_eq!(
        names,
        [
            "bücher.example",
            "i.xn--ls8h",
            "例え。テスト",
            "exa_mple.com"
        ]
    );
    let want = [true, false, true, false];
    let output = run(&names, b"");
    let got = stdout_lines(&output);
    assert_eq!(got.len(), shown.len());
    for (((name, readme), got), want) in names.iter().zip(&shown).zip(&got).zip(want) {
        let verdict = |line: &str| {
            line.strip_prefix(&format!("{name}: "))
                .map(|v| v.starts_with("valid"))
                .unwrap_or_else(|| panic!("{line:?} is not about {name}"))
        };
        assert_eq!(verdict(readme), want, "README: {readme}");
        assert_eq!(verdict(got), want, "command: {got}");
    }
    assert_eq!(output.status.code(), Some(1));
}

/// The package README's `--display --lookalike-of` text example (section "Display and
/// lookalikes") shows the command's lines, with `trusted.txt` holding `paypal.com` as it says.
#[test]
fn the_readme_display_example_shows_the_command_lines() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme
        .split("\n## Display and lookalikes")
        .nth(1)
        .expect("a \"Display and lookalikes\" section");
    assert!(section.contains("With `trusted.txt` holding `paypal.com`"));
    let (_, rest) = section
        .split_once("\nidn-hostname --display --lookalike-of trusted.txt ")
        .unwrap();
    let (names, rest) = rest.split_once('\n').unwrap();
    let shown: Vec<&str> = rest
        .split_once("```text\n")
        .and_then(|(_, r)| r.split_once("\n```"))
        .map(|(block, _)| block.lines().collect())
        .unwrap();
    let trusted =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme-trusted-text.txt");
    std::fs::write(&trusted, "paypal.com\n").unwrap();
    let mut args = vec!["--display", "--lookalike-of", trusted.to_str().unwrap()];
    args.extend(names.split_whitespace());
    let output = run(&args, b"");
    assert_eq!(stdout_lines(&output), shown);
    assert_eq!(output.status.code(), Some(1));
}
