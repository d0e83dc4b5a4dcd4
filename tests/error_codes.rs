//! The stable error codes (`ErrorKind::code`) and the messages (`Display`).
//!
//! Every code is checked against the "Error codes" table of docs/errors.md and the table in the rustdoc
//! of `ErrorKind`, and produced by a name that breaks its rule; the rule and so the code are
//! chosen from the clause cited beside each name, not from what the crate answers. The codes
//! the formats cannot produce are shown unreachable from the data or the clause.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use idn_hostname::punycode::PunycodeError;
use idn_hostname::{BidiRule, ContextRule, ErrorKind, check_hostname, check_idn_hostname};

/// Every kind, by hand: `ErrorKind` is `#[non_exhaustive]`, so a new kind missing here shows as
/// a docs/errors.md row without a kind.
fn all_kinds() -> Vec<ErrorKind> {
    let mut kinds = vec![
        ErrorKind::EmptyName,
        ErrorKind::NameTooLong,
        ErrorKind::EmptyLabel,
        ErrorKind::LabelTooLong,
        ErrorKind::InvalidCharacter,
        ErrorKind::LeadingHyphen,
        ErrorKind::TrailingHyphen,
        ErrorKind::HyphenPositions3And4,
        ErrorKind::ReservedLdhLabel,
        ErrorKind::NumericTopLevelLabel,
        ErrorKind::NotNfc,
        ErrorKind::LeadingCombiningMark,
        ErrorKind::Disallowed,
        ErrorKind::Unassigned,
    ];
    kinds.extend(
        [
            PunycodeError::NonBasic,
            PunycodeError::InvalidDigit,
            PunycodeError::LeadingDelimiter,
            PunycodeError::Truncated,
            PunycodeError::Overflow,
            PunycodeError::InvalidCodePoint,
            PunycodeError::TooLong,
            PunycodeError::NotCanonical,
        ]
        .map(ErrorKind::InvalidPunycode),
    );
    kinds.extend(CONTEXT_RULES.map(ErrorKind::Context));
    kinds.extend(
        [
            BidiRule::Rule1,
            BidiRule::Rule2,
            BidiRule::Rule3,
            BidiRule::Rule4,
            BidiRule::Rule5,
            BidiRule::Rule6,
        ]
        .map(ErrorKind::Bidi),
    );
    kinds
}

/// Every contextual rule of RFC 5892 Appendix A the crate names, in the order of docs/errors.md.
const CONTEXT_RULES: [ContextRule; 9] = [
    ContextRule::ZeroWidthNonJoiner,
    ContextRule::ZeroWidthJoiner,
    ContextRule::MiddleDot,
    ContextRule::GreekLowerNumeralSign,
    ContextRule::HebrewGeresh,
    ContextRule::HebrewGershayim,
    ContextRule::KatakanaMiddleDot,
    ContextRule::ArabicIndicDigits,
    ContextRule::ExtendedArabicIndicDigits,
];
#[test]
fn codes_are_distinct_and_kebab_case() {
    let kinds = all_kinds();
    let codes: BTreeSet<&str> = kinds.iter().map(ErrorKind::code).collect();
    assert_eq!(codes.len(), kinds.len(), "two kinds share a code");
    for code in codes {
        let kebab = !code.is_empty()
            && code.split('-').all(|word| {
                !word.is_empty()
                    && word
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        assert!(kebab, "{code:?} is not kebab-case");
    }
}

/// The codes of the table rows in `text`: lines `| `code` | meaning | clause |`, after the line
/// `start`, up to the first line that is neither a row nor blank after the table began.
fn table_codes(text: &str, prefix: &str, start: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| !l.contains(start)).skip(1);
    let mut codes = Vec::new();
    for line in lines.by_ref() {
        let Some(row) = line.strip_prefix(prefix) else {
            if codes.is_empty() {
                continue;
            }
            break;
        };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // ["`code`", meaning, clause, ""]: the prefix took the first bar.
        assert_eq!(cells.len(), 4, "row {line:?}: code, meaning and clause");
        if let Some(code) = cells[0].strip_prefix('`').and_then(|c| c.strip_suffix('`')) {
            assert!(!cells[1].is_empty() && cells[2].contains("RFC"), "{line:?}");
            codes.push(code.to_string());
        }
    }
    codes
}

#[test]
fn the_readme_and_rustdoc_tables_are_the_codes() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/docs/errors.md")).unwrap();
    let source = std::fs::read_to_string(format!("{root}/src/error.rs")).unwrap();
    let expected: Vec<String> = all_kinds().iter().map(|k| k.code().to_string()).collect();
    let mut sorted = expected.clone();
    sorted.sort();
    for (what, codes) in [
        (
            "docs/errors.md",
            table_codes(&readme, "|", "## Error codes"),
        ),
        (
            "ErrorKind's rustdoc",
            table_codes(&source, "/// |", "/// # Codes"),
        ),
    ] {
        let mut codes_sorted = codes.clone();
        codes_sorted.sort();
        assert_eq!(codes_sorted, sorted, "{what}'s table and ErrorKind::code()");
        assert_eq!(codes.len(), expected.len(), "{what}: a code listed twice");
    }
}

#[derive(Clone, Copy)]
enum Format {
    Hostname,
    IdnHostname,
}

/// A name breaking one rule, the code of that rule, and the clause that names it.
struct Case {
    format: Format,
    name: String,
    code: &'static str,
    clause: &'static str,
}

fn case(format: Format, name: &str, code: &'static str, clause: &'static str) -> Case {
    Case {
        format,
        name: name.to_string(),
        code,
        clause,
    }
}

fn cases() -> Vec<Case> {
    use Format::{Hostname as H, IdnHostname as I};
    let long = "a".repeat(63);
    vec![
        case(H, "", "empty-name", "RFC 1123 2.1: at least one label"),
        case(
            H,
            &[long.as_str(), &long, &long, &long].join("."),
            "name-too-long",
            "RFC 1034 3.1: 4 * 63 + 3 = 255 octets > 253",
        ),
        case(
            H,
            "a..example",
            "empty-label",
            "RFC 1034 3.1: only the root label is empty",
        ),
        case(
            H,
            &format!("{long}a.example"),
            "label-too-long",
            "RFC 1034 3.1: 64 octets > 63",
        ),
        case(
            H,
            "exa_mple.com",
            "invalid-character",
            "RFC 1123 2.1: letters, digits, hyphen",
        ),
        case(
            H,
            "-example.com",
            "leading-hyphen",
            "RFC 1123 2.1: starts with a letter or digit",
        ),
        case(
            H,
            "example-.com",
            "trailing-hyphen",
            "RFC 1123 2.1: ends with a letter or digit",
        ),
        case(
            I,
            "ab--\u{FC}.example",
            "hyphen-3-4",
            "RFC 5891 4.2.3.1: a U-label has no -- in positions 3 and 4",
        ),
        case(
            I,
            "ab--cd.example",
            "reserved-ldh-label",
            "RFC 5890 2.3.1: an R-LDH label that is not an A-label is not an idn-hostname label",
        ),
        case(
            H,
            "example.123",
            "numeric-tld",
            "RFC 1123 2.1: the highest-level component label will be alphabetic",
        ),
        case(
            I,
            "192.168.0.1",
            "numeric-tld",
            "RFC 3696 2: top-level domain names are not all-numeric",
        ),
        case(
            H,
            "xn---abc.example",
            "punycode-leading-delimiter",
            "RFC 3492 6.2/6.3: the encoder writes a delimiter only after basic code points",
        ),
        case(
            H,
            "xn--z.example",
            "punycode-truncated",
            "RFC 3492 6.2: digit z = 25 >= t = 1, so the integer goes on past the end",
        ),
        case(
            H,
            "xn--99999999.example",
            "punycode-overflow",
            "RFC 3492 6.4: 9 = 35, eight digits exceed 32 bits",
        ),
        case(
            H,
            "xn--ib9b.example",
            "punycode-invalid-code-point",
            "RFC 3492 5: delta 55168 (i, b, 9, b under bias 72) gives 0x80 + 55168 = U+D800",
        ),
        case(
            I,
            "a\u{301}.example",
            "not-nfc",
            "RFC 5891 5.3: U+0061 U+0301 composes to U+00E1 (UAX #15)",
        ),
        case(
            I,
            "\u{301}a.example",
            "leading-combining-mark",
            "RFC 5891 4.2.3.2: U+0301 is Mn",
        ),
        case(
            I,
            "\u{2603}.example",
            "disallowed",
            "RFC 5892 2.1-2.3: U+2603 SNOWMAN is So, not LetterDigits",
        ),
        case(
            I,
            "a\u{378}.example",
            "unassigned",
            "RFC 5892 2.11: U+0378 is Cn in DerivedGeneralCategory.txt 18.0.0",
        ),
        case(
            I,
            "a\u{200C}b.example",
            "context-zero-width-non-joiner",
            "RFC 5892 A.1: no virama before, no joining letters around",
        ),
        case(
            I,
            "a\u{200D}b.example",
            "context-zero-width-joiner",
            "RFC 5892 A.2: no virama before",
        ),
        case(
            I,
            "a\u{B7}b.example",
            "context-middle-dot",
            "RFC 5892 A.3: between a and b, not two l",
        ),
        case(
            I,
            "\u{3B1}\u{375}b.example",
            "context-greek-keraia",
            "RFC 5892 A.4: followed by b, not Greek",
        ),
        case(
            I,
            "\u{5F3}\u{5D0}.example",
            "context-hebrew-geresh",
            "RFC 5892 A.5: first in its label, nothing Hebrew before",
        ),
        case(
            I,
            "\u{5F4}\u{5D0}.example",
            "context-hebrew-gershayim",
            "RFC 5892 A.6: first in its label, nothing Hebrew before",
        ),
        case(
            I,
            "a\u{30FB}b.example",
            "context-katakana-middle-dot",
            "RFC 5892 A.7: no Hiragana, Katakana or Han in the label",
        ),
        // A.8 and A.9 fail together by definition; the first digit decides which is reported.
        case(
            I,
            "\u{628}\u{660}\u{6F0}.example",
            "context-arabic-indic-digits",
            "RFC 5892 A.8: U+0660 beside U+06F0",
        ),
        case(
            I,
            "\u{628}\u{6F0}\u{660}.example",
            "context-extended-arabic-indic-digits",
            "RFC 5892 A.9: U+06F0 beside U+0660",
        ),
        case(
            I,
            "1\u{5D0}.example",
            "bidi-rule-1",
            "RFC 5893 2 rule 1: an RTL label starting with EN",
        ),
        case(
            I,
            "\u{5D0}a\u{5D0}.example",
            "bidi-rule-2",
            "RFC 5893 2 rule 2: L in an RTL label",
        ),
        case(
            I,
            "\u{5D0}\u{2B9}.example",
            "bidi-rule-3",
            "RFC 5893 2 rule 3: ends with U+02B9, Bidi_Class ON",
        ),
        case(
            I,
            "\u{628}1\u{661}.example",
            "bidi-rule-4",
            "RFC 5893 2 rule 4: EN (1) and AN (U+0661) in an RTL label",
        ),
        case(
            I,
            "a\u{2B9}.\u{5D0}",
            "bidi-rule-6",
            "RFC 5893 2 rule 6: an LTR label of a Bidi domain name ending with ON",
        ),
    ]
}

/// The codes no input to the formats can produce, and why (docs/errors.md, notes 1 and 2).
const UNREACHABLE: [&str; 5] = [
    "punycode-non-basic",
    "punycode-invalid-digit",
    "punycode-too-long",
    "punycode-not-canonical",
    "bidi-rule-5",
];

#[test]
fn every_code_is_produced_by_a_name_breaking_its_rule() {
    let mut produced = BTreeSet::new();
    for c in cases() {
        let result = match c.format {
            Format::Hostname => check_hostname(&c.name),
            Format::IdnHostname => check_idn_hostname(&c.name),
        };
        let err = result.expect_err(&c.name);
        assert_eq!(
            err.kind().code(),
            c.code,
            "{:?} ({}): {err}",
            c.name,
            c.clause
        );
        produced.insert(c.code);
    }
    let all: BTreeSet<&str> = all_kinds().iter().map(ErrorKind::code).collect();
    let missing: Vec<_> = all
        .iter()
        .filter(|code| !produced.contains(*code) && !UNREACHABLE.contains(code))
        .collect();
    assert!(missing.is_empty(), "codes no test produces: {missing:?}");
}

/// Note 1: the Punycode the formats decode is that of an LDH label, so the four codes cannot
/// come. Every payload of up to three bytes over the LDH alphabet shows it, and so does every
/// suite and corpus name.
#[test]
fn the_unreachable_punycode_codes_do_not_come() {
    let alphabet: Vec<char> = ('a'..='z').chain('0'..='9').chain(['-', 'Q']).collect();
    let mut seen = BTreeSet::new();
    let mut payload = String::new();
    let mut check = |payload: &str| {
        if let Err(e) = check_hostname(&format!("xn--{payload}")) {
            seen.insert(e.kind().code());
        }
    };
    for &a in &alphabet {
        for &b in &alphabet {
            for &c in &alphabet {
                for len in 1..=3 {
                    payload.clear();
                    payload.extend([a, b, c].iter().take(len));
                    check(&payload);
                }
            }
        }
    }
    // The longest payload of an A-label: 59 octets; every code point costs at least one.
    check(&"9".repeat(59));
    check(&format!("{}-", "a".repeat(58)));
    for code in UNREACHABLE {
        assert!(!seen.contains(code), "{code} produced: {seen:?}");
    }
    assert!(seen.contains("punycode-truncated") && seen.contains("punycode-leading-delimiter"));
}

/// `(first, last, fields)` of each data line of a UCD file.
fn ucd_ranges(path: &str) -> Vec<(u32, u32, Vec<String>)> {
    common::data::read(path)
        .lines()
        .filter_map(|line| {
            let content = line.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                return None;
            }
            let mut fields = content.split(';').map(str::trim);
            let range = fields.next().unwrap_or("");
            let (a, b) = range.split_once("..").unwrap_or((range, range));
            let first = u32::from_str_radix(a, 16).unwrap();
            let last = u32::from_str_radix(b, 16).unwrap();
            Some((first, last, fields.map(String::from).collect()))
        })
        .collect()
}

/// Note 2: every code point IDNA2008 lets into a label (Idna2008.txt: PVALID, CONTEXTJ,
/// CONTEXTO) is of a class rule 5 allows (L, EN, ES, CS, ET, ON, BN, NSM) or is R, AL or AN,
/// which make its label an RTL label (RFC 5893 section 1.4), to which rule 5 does not apply.
#[test]
fn bidi_rule_5_cannot_fail_after_the_label_rules() {
    let mut bidi = BTreeMap::new();
    // DerivedBidiClass.txt gives every code point a class; unlisted ones default to L.
    for (first, last, fields) in ucd_ranges("unicode/18.0.0/ucd/extracted/DerivedBidiClass.txt") {
        for cp in first..=last {
            bidi.insert(cp, fields[0].clone());
        }
    }
    let allowed = [
        "L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM", "R", "AL", "AN",
    ];
    let mut valid = 0;
    for (first, last, fields) in ucd_ranges("unicode/18.0.0/idna/Idna2008.txt") {
        if !matches!(fields[0].as_str(), "PVALID" | "CONTEXTJ" | "CONTEXTO") {
            continue;
        }
        for cp in first..=last {
            let class = bidi.get(&cp).map_or("L", String::as_str);
            assert!(allowed.contains(&class), "U+{cp:04X} is {class}");
            valid += 1;
        }
    }
    assert!(
        valid > 100_000,
        "{valid} code points read from Idna2008.txt"
    );
}

/// The escape set of the messages, against the UCD for every code point: General_Category Cc,
/// Cf, Cs, Co, Cn (DerivedGeneralCategory.txt), White_Space (PropList.txt), `"` and `\`.
#[test]
fn messages_escape_exactly_the_invisible_code_points() {
    let mut escaped = vec![false; 0x11_0000];
    for (first, last, fields) in
        ucd_ranges("unicode/18.0.0/ucd/extracted/DerivedGeneralCategory.txt")
    {
        if matches!(fields[0].as_str(), "Cc" | "Cf" | "Cs" | "Co" | "Cn") {
            for cp in first..=last {
                escaped[cp as usize] = true;
            }
        }
    }
    for (first, last, fields) in ucd_ranges("unicode/18.0.0/ucd/PropList.txt") {
        if fields[0] == "White_Space" {
            for cp in first..=last {
                escaped[cp as usize] = true;
            }
        }
    }
    escaped['"' as usize] = true;
    escaped['\\' as usize] = true;
    let mut buf = [0u8; 4];
    for (cp, &want) in escaped.iter().enumerate() {
        let Some(c) = char::from_u32(cp as u32) else {
            continue;
        };
        let text: &str = c.encode_utf8(&mut buf);
        let shown = idn_hostname::escape_invisible(text).to_string();
        let expected = if want {
            format!("\\u{{{cp:04X}}}")
        } else {
            text.to_string()
        };
        assert_eq!(shown, expected, "U+{cp:04X}");
    }
}

#[test]
fn messages_show_labels_as_written_and_end_with_the_clause() {
    // Devanagari with a virama (U+094D, Mn): shown as is, not as `\u{94d}`. The label ends
    // with a hyphen (RFC 5891 section 4.2.3.1).
    let err = check_idn_hostname("हिन्दी-.example").unwrap_err();
    assert_eq!(
        err.to_string(),
        "label 1 \"हिन्दी-\": U+002D ends with a hyphen (RFC 1123 section 2.1, RFC 5891 section 4.2.3.1)"
    );
    // U+200D is Cf: escaped, so the message shows what cannot be seen.
    let err = check_idn_hostname("a\u{200D}b.example").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("label 1 \"a\\u{200D}b\": U+200D "),
        "{err}"
    );
    assert!(
        err.to_string().ends_with("(RFC 5892 Appendix A.2)"),
        "{err}"
    );
}

#[test]
fn a_code_point_from_an_a_label_says_what_the_label_decodes_to() {
    // "abc" decodes to U+0082 U+0081 U+0080 (RFC 3492 section 6.2; Python's `punycode` codec
    // agrees), C1 controls: Cc, DISALLOWED (RFC 5892 section 2.3).
    let err = check_hostname("xn--abc.example").unwrap_err();
    assert_eq!(err.kind().code(), "disallowed");
    let text = err.to_string();
    assert!(text.ends_with("is DISALLOWED (RFC 5892)"), "{text}");
    assert_eq!(err.decoded(), Some("\u{82}\u{81}\u{80}"));
    assert_eq!(err.code_point(), Some('\u{82}'));
    assert!(
        text.starts_with(r#"label 1 "xn--abc" decodes to "\u{0082}\u{0081}\u{0080}": U+0082 "#),
        "{text}"
    );
    // The fault of the A-label's own characters is no decoding.
    let err = check_hostname("xn--abc-.example").unwrap_err();
    assert_eq!(err.decoded(), None);
    assert!(!err.to_string().contains("decodes to"), "{err}");
}

#[test]
fn an_upper_case_letter_in_a_u_label_gets_a_hint() {
    // RFC 5892 section 2.2 (Unstable): U+0042 changes under NFKC_Casefold, so DISALLOWED;
    // IDNA2008 maps nothing (RFC 5891 section 5.2 leaves it to the application).
    let err = check_idn_hostname("Bücher.example").unwrap_err();
    assert_eq!(err.kind().code(), "disallowed");
    let text = err.to_string();
    assert!(
        text.contains(
            "is DISALLOWED (RFC 5892); hint: lower-case it, or map with Options::uts46_mapping"
        ),
        "{text}"
    );
    // Not for a symbol.
    let err = check_idn_hostname("\u{2603}.example").unwrap_err();
    assert!(!err.to_string().contains("lower-case"), "{err}");
}

/// The rows of the first table after the line `heading` of `text`: its cells, trimmed, the
/// header and the separator row left out.
fn table_rows(text: &str, heading: &str) -> Vec<Vec<String>> {
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip_while(|l| *l != heading)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let inner = l
                .trim()
                .strip_prefix('|')
                .unwrap()
                .strip_suffix('|')
                .unwrap();
            inner.split('|').map(|c| c.trim().to_string()).collect()
        })
        .collect();
    assert!(!rows.is_empty(), "no table after {heading:?}");
    rows
}

/// A cell's text without the backticks of its code span; an empty cell stays empty.
fn code_span(cell: &str) -> &str {
    cell.strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .unwrap_or(cell)
}

/// The notation of the tables' inputs and lines: `[a;63]` stands for 63 `a`.
fn expand_repeats(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let mut chars = after.chars();
        let repeated = chars.next().and_then(|c| {
            let tail = chars.as_str().strip_prefix(';')?;
            let close = tail.find(']')?;
            let n: usize = tail[..close].parse().ok()?;
            Some((c, n, &tail[close + 1..]))
        });
        match repeated {
            Some((c, n, tail)) => {
                out.extend(std::iter::repeat_n(c, n));
                rest = tail;
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// An input cell: a quoted string whose `\u{XXXX}` are code points, with `[a;63]` expanded.
fn input_cell(cell: &str) -> String {
    let quoted = code_span(cell);
    let text = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{cell:?} is not a quoted input"));
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\\u{") {
        out.push_str(&rest[..at]);
        let hex = &rest[at + 3..];
        let close = hex.find('}').unwrap();
        let cp = u32::from_str_radix(&hex[..close], 16).unwrap();
        out.push(char::from_u32(cp).unwrap());
        rest = &hex[close + 1..];
    }
    out.push_str(rest);
    expand_repeats(&out)
}

fn errors_md() -> String {
    std::fs::read_to_string(format!("{}/docs/errors.md", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// docs/errors.md, "Messages": each code's message is `ErrorKind`'s `Display`, and the input
/// of its row gives the line of the row, whole. The texts are the table's, the contract.
#[test]
fn every_message_is_the_documented_one() {
    let text = errors_md();
    let rows = table_rows(&text, "## Messages");
    let kinds = all_kinds();
    let mut seen = BTreeSet::new();
    for row in &rows {
        let [code, message, format, input, line] = row.as_slice() else {
            panic!("row {row:?}: code, message, format, input, line");
        };
        let code = code_span(code);
        assert!(seen.insert(code.to_string()), "{code} listed twice");
        let kind = kinds
            .iter()
            .find(|k| k.code() == code)
            .unwrap_or_else(|| panic!("{code}: no ErrorKind has this code"));
        assert_eq!(kind.to_string(), code_span(message), "{code}");
        if format.is_empty() {
            assert!(UNREACHABLE.contains(&code), "{code} has no input");
            assert!(input.is_empty() && line.is_empty(), "{code}");
            continue;
        }
        let name = input_cell(input);
        let result = match code_span(format) {
            "hostname" => check_hostname(&name),
            "idn-hostname" => check_idn_hostname(&name),
            other => panic!("{code}: no format {other:?}"),
        };
        let err = result.expect_err(&name);
        assert_eq!(err.kind().code(), code, "{name:?}: {err}");
        assert_eq!(err.to_string(), expand_repeats(code_span(line)), "{name:?}");
    }
    assert_eq!(seen.len(), kinds.len(), "a code without its message");
}

/// docs/errors.md, "The contextual rules" and "The Bidi rule": `requirement()`, and the
/// `Display` that is the requirement and the clause in parentheses.
#[test]
fn every_rule_requirement_is_the_documented_one() {
    let text = errors_md();
    check_rules(&text, "### The contextual rules", &CONTEXT_RULES, |rule| {
        rule.requirement()
    });
    let bidi = [
        BidiRule::Rule1,
        BidiRule::Rule2,
        BidiRule::Rule3,
        BidiRule::Rule4,
        BidiRule::Rule5,
        BidiRule::Rule6,
    ];
    check_rules(&text, "### The Bidi rule", &bidi, |rule| rule.requirement());
}

/// The rows of the table under `heading`, one a rule in order: its name, its `requirement()`,
/// and its `Display`, the requirement then the clause in parentheses.
fn check_rules<R: std::fmt::Debug + std::fmt::Display>(
    text: &str,
    heading: &str,
    rules: &[R],
    requirement: impl Fn(&R) -> &'static str,
) {
    let rows = table_rows(text, heading);
    assert_eq!(rows.len(), rules.len());
    for (rule, row) in rules.iter().zip(&rows) {
        let [name, want, clause] = row.as_slice() else {
            panic!("row {row:?}: rule, requirement, clause");
        };
        assert_eq!(code_span(name), format!("{rule:?}"));
        assert_eq!(requirement(rule), want, "{rule:?}");
        assert_eq!(rule.to_string(), format!("{want} ({clause})"));
    }
}

/// docs/errors.md, "UTS #46": each status's `clause()`, and the line of the row's input.
#[test]
fn every_uts46_message_is_the_documented_one() {
    use idn_hostname::uts46::{self, Options, Status};
    let text = errors_md();
    let rows = table_rows(&text, "## UTS #46");
    let mut seen = BTreeSet::new();
    for row in &rows {
        let [code, message, function, input, line] = row.as_slice() else {
            panic!("row {row:?}: status, message, function, input, line");
        };
        let code = code_span(code);
        assert!(seen.insert(code), "{code} listed twice");
        let status = Status::from_code(code).unwrap_or_else(|| panic!("no status {code}"));
        assert_eq!(status.clause(), code_span(message), "{code}");
        if function.is_empty() {
            assert!(matches!(code, "V5" | "A3"), "{code} has no input");
            continue;
        }
        let name = input_cell(input);
        let err = match code_span(function) {
            "to_ascii" => uts46::to_ascii(&name, Options::new()).unwrap_err(),
            "to_unicode" => uts46::to_unicode(&name, Options::new()).1.unwrap_err(),
            other => panic!("{code}: no function {other:?}"),
        };
        assert!(err.contains(status), "{name:?}: {err}");
        assert_eq!(err.to_string(), expand_repeats(code_span(line)), "{name:?}");
    }
    // IdnaTestV2.txt's status codes, every one (its header lists the kinds; Status has 21).
    assert_eq!(seen.len(), 21, "{seen:?}");
}
