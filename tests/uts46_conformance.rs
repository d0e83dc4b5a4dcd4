//! UTS #46 conformance: every line of IdnaTestV2.txt (Unicode 18.0.0), through toUnicode,
//! toAsciiN and toAsciiT, read as the file's header says:
//!
//! - columns: source; toUnicode; toUnicodeStatus; toAsciiN; toAsciiNStatus; toAsciiT;
//!   toAsciiTStatus, each trimmed of spaces and tabs; `""` is the empty string;
//! - a blank toUnicode is the source, a blank toAsciiN the toUnicode value, a blank toAsciiT the
//!   toAsciiN value; a blank toUnicodeStatus is `[]`, a blank toAsciiNStatus the toUnicodeStatus,
//!   a blank toAsciiTStatus the toAsciiNStatus; an explicit `[]` is no error;
//! - `\uXXXX` and `\x{XXXX}` are escapes; a line whose escapes name an unpaired surrogate cannot
//!   be a `&str` and is counted apart ("Implementations that cannot work with ill-formed strings
//!   would skip test cases that contain them");
//! - "Implementations need only record that there is an error: they need not reproduce the
//!   precise status codes": a case passes when we record an error exactly when the file lists a
//!   status, and, without an error, the strings are equal; the toUnicode string is compared in
//!   every case, as ToUnicode always returns one. Beyond that rule, the status sets must also be
//!   the file's exactly (after removing the codes of a flag turned off); that is reported apart.
//! - "Implementations that allow values of particular input flags to be false would ignore the
//!   corresponding status codes": each flag is also turned off alone, and its codes removed from
//!   the expectation (VerifyDnsLength: A4_1, A4_2, and X4_2, which the file says stands for A4_2
//!   in toUnicode; CheckHyphens: V2, V3; CheckJoiners: Cn; CheckBidi: Bn; UseSTD3ASCIIRules: U1).
//!
//! Every failure is reported with its line number; the test fails if there is any.

mod common;
use common::data;
use common::data::unescape;

use idn_hostname::uts46::{self, Options, Status};

/// One line of the file, its blanks resolved.
struct Case {
    line: usize,
    source: String,
    to_unicode: String,
    to_unicode_status: Vec<String>,
    to_ascii_n: String,
    to_ascii_n_status: Vec<String>,
    to_ascii_t: String,
    to_ascii_t_status: Vec<String>,
}

fn statuses(field: &str) -> Vec<String> {
    let inner = field
        .strip_prefix('[')
        .and_then(|f| f.strip_suffix(']'))
        .unwrap_or_else(|| panic!("bad status field {field:?}"));
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The cases, and the number of lines skipped for unpaired surrogates.
fn cases() -> (Vec<Case>, usize) {
    let text = data::read("unicode/18.0.0/idna/IdnaTestV2.txt");
    let mut cases = Vec::new();
    let mut surrogate_lines = 0;
    for (n, raw) in text.lines().enumerate() {
        let data = raw.split('#').next().unwrap_or("").trim();
        if data.is_empty() {
            continue;
        }
        let f: Vec<&str> = data
            .split(';')
            .map(|x| x.trim_matches([' ', '\t']))
            .collect();
        assert_eq!(f.len(), 7, "IdnaTestV2.txt:{}: expected 7 columns", n + 1);
        let fields: Option<Vec<String>> = [f[0], f[1], f[3], f[5]]
            .iter()
            .map(|x| unescape(x))
            .collect();
        let Some(fields) = fields else {
            surrogate_lines += 1;
            continue;
        };
        let source = fields[0].clone();
        let to_unicode = if f[1].is_empty() {
            source.clone()
        } else {
            fields[1].clone()
        };
        let to_unicode_status = if f[2].is_empty() {
            Vec::new()
        } else {
            statuses(f[2])
        };
        let to_ascii_n = if f[3].is_empty() {
            to_unicode.clone()
        } else {
            fields[2].clone()
        };
        let to_ascii_n_status = if f[4].is_empty() {
            to_unicode_status.clone()
        } else {
            statuses(f[4])
        };
        let to_ascii_t = if f[5].is_empty() {
            to_ascii_n.clone()
        } else {
            fields[3].clone()
        };
        let to_ascii_t_status = if f[6].is_empty() {
            to_ascii_n_status.clone()
        } else {
            statuses(f[6])
        };
        cases.push(Case {
            line: n + 1,
            source,
            to_unicode,
            to_unicode_status,
            to_ascii_n,
            to_ascii_n_status,
            to_ascii_t,
            to_ascii_t_status,
        });
    }
    (cases, surrogate_lines)
}

#[derive(Default)]
struct Tally {
    operations: usize,
    passed: usize,
    exact_statuses: usize,
    failures: Vec<String>,
    status_failures: Vec<String>,
}

impl Tally {
    fn check(
        &mut self,
        case: &Case,
        what: &str,
        expected: (&str, &[String]),
        actual: (Option<&str>, Result<(), uts46::Error>),
        ignored: &[&str],
    ) {
        self.operations += 1;
        let want: Vec<&str> = expected
            .1
            .iter()
            .map(String::as_str)
            .filter(|s| !ignored.contains(s))
            .collect();
        for code in &want {
            assert!(
                Status::from_code(code).is_some(),
                "line {}: unknown code {code}",
                case.line
            );
        }
        let got: Vec<&str> = match &actual.1 {
            Ok(()) => Vec::new(),
            Err(e) => e.statuses().map(Status::code).collect(),
        };
        let mut sorted_want = want.clone();
        sorted_want.sort_unstable();
        let mut sorted_got = got.clone();
        sorted_got.sort_unstable();
        if sorted_want == sorted_got {
            self.exact_statuses += 1;
        } else {
            self.status_failures.push(format!(
                "IdnaTestV2.txt:{} {what}: source {:?}: statuses {:?}, got {:?}",
                case.line, case.source, sorted_want, sorted_got
            ));
        }
        let error_agrees = want.is_empty() == got.is_empty();
        // The string: always for toUnicode (`Some`), only without an error for toASCII.
        let string_agrees = match actual.0 {
            Some(s) => s == expected.0,
            None => true,
        };
        if error_agrees && string_agrees {
            self.passed += 1;
        } else {
            self.failures.push(format!(
                "IdnaTestV2.txt:{} {what}: source {:?}: expected {:?} {:?}, got {:?} {:?}",
                case.line, case.source, expected.0, want, actual.0, got
            ));
        }
    }
}

fn run(options: Options, ignored: &[&str], name: &str) {
    let (cases, surrogate_lines) = cases();
    let mut tally = Tally::default();
    let transitional = options.transitional_processing(true);
    // VerifyDnsLength also covers X4_2, which the file gives in toUnicode where toASCII has A4_2.
    for case in &cases {
        let (unicode, result) = uts46::to_unicode(&case.source, options);
        tally.check(
            case,
            "toUnicode",
            (&case.to_unicode, &case.to_unicode_status),
            (Some(&unicode), result),
            ignored,
        );
        for (what, opts, expected, status) in [
            (
                "toAsciiN",
                options,
                &case.to_ascii_n,
                &case.to_ascii_n_status,
            ),
            (
                "toAsciiT",
                transitional,
                &case.to_ascii_t,
                &case.to_ascii_t_status,
            ),
        ] {
            let result = uts46::to_ascii(&case.source, opts);
            let (string, result) = match result {
                Ok(s) => (Some(s), Ok(())),
                Err(e) => (None, Err(e)),
            };
            tally.check(
                case,
                what,
                (expected, status),
                (string.as_deref(), result),
                ignored,
            );
        }
    }
    println!(
        "{name}: {} lines ({} more with unpaired surrogates, not representable in &str), \
         {}/{} operations pass, {} with the exact status set",
        cases.len(),
        surrogate_lines,
        tally.passed,
        tally.operations,
        tally.exact_statuses
    );
    assert_eq!(
        surrogate_lines, 2,
        "IdnaTestV2.txt 18.0.0 has two lines with \\uD900"
    );
    assert!(cases.len() > 6000, "only {} cases read", cases.len());
    for (list, what) in [
        (&tally.failures, "fail"),
        (
            &tally.status_failures,
            "record other status codes than the file",
        ),
    ] {
        if !list.is_empty() {
            eprintln!(
                "{name}: {} of {} operations {what}:\n{}",
                list.len(),
                tally.operations,
                list.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
            );
        }
    }
    assert!(
        tally.failures.is_empty() && tally.status_failures.is_empty(),
        "{name}: {} operations fail, {} differ in status codes",
        tally.failures.len(),
        tally.status_failures.len()
    );
}

#[test]
fn default_options() {
    run(Options::default(), &[], "default options");
}

#[test]
fn check_hyphens_off() {
    run(
        Options::new().check_hyphens(false),
        &["V2", "V3"],
        "CheckHyphens=false",
    );
}

#[test]
fn check_bidi_off() {
    run(
        Options::new().check_bidi(false),
        &["B1", "B2", "B3", "B4", "B5", "B6"],
        "CheckBidi=false",
    );
}

#[test]
fn check_joiners_off() {
    run(
        Options::new().check_joiners(false),
        &["C1", "C2"],
        "CheckJoiners=false",
    );
}

#[test]
fn use_std3_ascii_rules_off() {
    run(
        Options::new().use_std3_ascii_rules(false),
        &["U1"],
        "UseSTD3ASCIIRules=false",
    );
}

#[test]
fn verify_dns_length_off() {
    run(
        Options::new().verify_dns_length(false),
        &["A4_1", "A4_2", "X4_2"],
        "VerifyDnsLength=false",
    );
}

/// The codes a flag turned off removes from the expectation (the file's header: "would ignore
/// the corresponding status codes"), for each of the five checks.
const CHECKS: [(&str, &[&str]); 5] = [
    ("CheckHyphens", &["V2", "V3"]),
    ("CheckBidi", &["B1", "B2", "B3", "B4", "B5", "B6"]),
    ("CheckJoiners", &["C1", "C2"]),
    ("UseSTD3ASCIIRules", &["U1"]),
    ("VerifyDnsLength", &["A4_1", "A4_2", "X4_2"]),
];

/// The options of combination `bits` (bit n on: check n of [`CHECKS`] on; bit 5:
/// Transitional_Processing; bit 6: IgnoreInvalidPunycode) and the codes to ignore.
fn combination(bits: u32) -> (Options, Vec<&'static str>) {
    let on = |n: u32| bits & (1 << n) != 0;
    let options = Options::new()
        .check_hyphens(on(0))
        .check_bidi(on(1))
        .check_joiners(on(2))
        .use_std3_ascii_rules(on(3))
        .verify_dns_length(on(4))
        .transitional_processing(on(5))
        .ignore_invalid_punycode(on(6));
    let ignored = (0..5u32)
        .filter(|&n| !on(n))
        .flat_map(|n| CHECKS[n as usize].1.iter().copied())
        .collect();
    (options, ignored)
}

/// The four deviation code points of UTS #46 section 5, which Transitional Processing maps.
const DEVIATIONS: [char; 4] = ['\u{DF}', '\u{3C2}', '\u{200C}', '\u{200D}'];

/// Runs every line of the file through ToUnicode and ToASCII under one combination of the
/// seven flags, the source as it is, behind `pad`, or with `pad` in its middle (`middle`). The expectation is the file's:
///
/// - the codes of the checks turned off are ignored, as in the tests above;
/// - Transitional_Processing: ToASCII is read from the toAsciiT columns; the file gives
///   ToUnicode for Nontransitional Processing only, which is the same processing when the
///   processed name holds no deviation code point (step 1 is the only step the flag changes,
///   and only for those), so ToUnicode is checked on those lines and skipped on the others;
/// - IgnoreInvalidPunycode changes nothing where the file records no P4 (no label is invalid
///   Punycode there), and its operations with a P4 are skipped.
///
/// Adds to `tally`; returns the operations skipped.
fn run_combination(cases: &[Case], bits: u32, pad: &str, middle: bool, tally: &mut Tally) -> usize {
    let (options, ignored) = combination(bits);
    let transitional = options == options.transitional_processing(true);
    let lenient = options == options.ignore_invalid_punycode(true);
    let name = format!(
        "flags {bits:07b}{}",
        match (pad.is_empty(), middle) {
            (true, _) => "",
            (false, false) => " (long)",
            (false, true) => " (long, in two pieces)",
        }
    );
    let p4 = |status: &[String]| lenient && status.iter().any(|s| s == "P4");
    let mut skipped = 0;
    for case in cases {
        let source = if middle {
            // After the code point that ends the first half of the source's bytes.
            let half = case.source.len() / 2;
            let at = (half..=case.source.len())
                .find(|&i| case.source.is_char_boundary(i))
                .unwrap_or(0);
            let (head, tail) = case.source.split_at(at);
            format!("{head}{pad}{tail}")
        } else {
            format!("{pad}{}", case.source)
        };
        if (transitional && case.to_unicode.contains(DEVIATIONS)) || p4(&case.to_unicode_status) {
            skipped += 1;
        } else {
            let (unicode, result) = uts46::to_unicode(&source, options);
            tally.check(
                case,
                &format!("{name} toUnicode"),
                (&case.to_unicode, &case.to_unicode_status),
                (Some(&unicode), result),
                &ignored,
            );
        }
        let (expected, status) = if transitional {
            (&case.to_ascii_t, &case.to_ascii_t_status)
        } else {
            (&case.to_ascii_n, &case.to_ascii_n_status)
        };
        if p4(status) {
            skipped += 1;
            continue;
        }
        let (string, result) = match uts46::to_ascii(&source, options) {
            Ok(s) => (Some(s), Ok(())),
            Err(e) => (None, Err(e)),
        };
        tally.check(
            case,
            &format!("{name} toAscii"),
            (expected, status),
            (string.as_deref(), result),
            &ignored,
        );
    }
    skipped
}

/// The three forms of each line: as it is, behind 1,024 U+00AD SOFT HYPHEN, and with them in
/// its middle. U+00AD is `ignored` in IdnaMappingTable.txt, so step 1 removes it and the
/// expectation is the same, on inputs of more than 1 KiB, which are mapped in pieces (the
/// second cut in the middle of the source, most often inside a label).
#[derive(Clone, Copy)]
enum Form {
    Short,
    Long,
    LongInTwoPieces,
}

/// Every combination of the seven flags (128) on every line of the file, in `form`. One test a
/// form, so that libtest runs them side by side (one thread a core): each case is the one the
/// single test ran, and the three together check every line under every combination in every
/// form.
fn every_flag_combination(form: Form) {
    let (cases, _) = cases();
    let pad = "\u{AD}".repeat(1024);
    let (pad, middle, what) = match form {
        Form::Short => ("", false, "short"),
        Form::Long => (pad.as_str(), false, "long"),
        Form::LongInTwoPieces => (pad.as_str(), true, "long, in two pieces"),
    };
    let mut tally = Tally::default();
    let mut skipped = 0;
    for bits in 0..128 {
        skipped += run_combination(&cases, bits, pad, middle, &mut tally);
    }
    println!(
        "128 flag combinations, {what}: {}/{} operations pass, {} with the exact status set, \
         {skipped} skipped",
        tally.passed, tally.operations, tally.exact_statuses
    );
    assert!(tally.operations > 128 * 2 * 5000, "{}", tally.operations);
    for list in [&tally.failures, &tally.status_failures] {
        if !list.is_empty() {
            eprintln!(
                "{}",
                list.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
            );
        }
    }
    assert!(
        tally.failures.is_empty() && tally.status_failures.is_empty(),
        "{what}: {} operations fail, {} differ in status codes",
        tally.failures.len(),
        tally.status_failures.len()
    );
}

#[test]
fn every_flag_combination_short() {
    every_flag_combination(Form::Short);
}

#[test]
fn every_flag_combination_long() {
    every_flag_combination(Form::Long);
}

#[test]
fn every_flag_combination_long_in_two_pieces() {
    every_flag_combination(Form::LongInTwoPieces);
}
