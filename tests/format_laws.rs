//! Laws of the formats, checked on generated names (proptest):
//! - a name without reserved LDH labels is a valid `idn-hostname` exactly when its A-label form
//!   is a valid `hostname` (RFC 5890 section 2.3.2.3: the A-label and U-label forms of a name are
//!   equivalent, and lengths are measured on the A-label form);
//! - `is_*` agrees with `check_*`;
//! - every valid `hostname` without reserved LDH labels is a valid `idn-hostname`.

use idn_hostname::{check_hostname, check_idn_hostname, is_hostname, is_idn_hostname};
use proptest::prelude::*;

/// Code points the rules treat differently: LDH, letters of several scripts (LTR, RTL),
/// combining marks, viramas, joiners, the CONTEXTO code points, digits of both Arabic kinds,
/// disallowed symbols, upper case (disallowed in U-labels), non-NFC sequences.
const ALPHABET: &[char] = &[
    'a',
    'b',
    'l',
    'x',
    'n',
    '0',
    '1',
    '-',
    '-',
    'ü',
    'ß',
    'é',
    'u',
    '\u{0308}',
    '\u{0301}',
    'α',
    'λ',
    'ж',
    'я',
    '\u{05D0}',
    '\u{05D1}',
    '\u{05B0}',
    '\u{0627}',
    '\u{0628}',
    '\u{064E}',
    '\u{0660}',
    '\u{06F0}',
    '\u{0661}',
    '\u{0915}',
    '\u{094D}',
    '\u{0937}',
    '\u{200C}',
    '\u{200D}',
    '\u{00B7}',
    '\u{0375}',
    '\u{05F3}',
    '\u{05F4}',
    '\u{30FB}',
    '\u{30A2}',
    '\u{3042}',
    '\u{4E00}',
    '\u{AC00}',
    '\u{0E01}',
    '\u{2665}',
    '\u{1F4A9}',
    '\u{0378}',
    '_',
    '\u{0640}',
];

/// Labels from one script-coherent pool half of the time, so that valid names are common too.
fn label() -> impl Strategy<Value = String> {
    let any = prop::collection::vec(prop::sample::select(ALPHABET), 1..12);
    let latin = prop::collection::vec(
        prop::sample::select(&['a', 'b', 'l', 'ü', 'ß', '0', '-'][..]),
        1..12,
    );
    let hebrew = prop::collection::vec(
        prop::sample::select(&['\u{05D0}', '\u{05D1}', '\u{05B0}', '1'][..]),
        1..8,
    );
    prop_oneof![any, latin, hebrew].prop_map(|v| v.into_iter().collect())
}

fn name() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(label(), 1..4)
}

/// The A-label form: ASCII labels as they are, others `xn--` and their Punycode (RFC 3492).
fn a_label_form(labels: &[String]) -> String {
    labels
        .iter()
        .map(|l| {
            if l.is_ascii() {
                l.clone()
            } else {
                format!("xn--{}", idn_hostname::punycode::encode(l).unwrap())
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// An LDH label with `--` in positions 3 and 4 that is not an A-label (RFC 5890 section 2.3.1).
fn has_reserved_ldh(labels: &[String]) -> bool {
    labels.iter().any(|l| {
        l.is_ascii() && l.get(2..4) == Some("--") && !l.to_ascii_lowercase().starts_with("xn--")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn u_label_and_a_label_forms_agree(labels in name()) {
        prop_assume!(!has_reserved_ldh(&labels));
        let unicode = labels.join(".");
        let ascii = a_label_form(&labels);
        prop_assert_eq!(
            is_idn_hostname(&unicode),
            is_hostname(&ascii),
            "{:?} / {:?}: {:?} / {:?}",
            unicode, ascii, check_idn_hostname(&unicode), check_hostname(&ascii)
        );
    }

    #[test]
    fn predicates_agree_with_checks(labels in name()) {
        let s = labels.join(".");
        prop_assert_eq!(is_idn_hostname(&s), check_idn_hostname(&s).is_ok());
        prop_assert_eq!(is_hostname(&s), check_hostname(&s).is_ok());
        let a = a_label_form(&labels);
        prop_assert_eq!(is_hostname(&a), check_hostname(&a).is_ok());
    }

    #[test]
    fn hostname_implies_idn_hostname(labels in name()) {
        let a = a_label_form(&labels);
        prop_assume!(!has_reserved_ldh(&labels));
        if is_hostname(&a) {
            prop_assert!(is_idn_hostname(&a), "{:?}: {:?}", a, check_idn_hostname(&a));
        }
    }
}

/// The generated names are a mix of verdicts, so the laws above are not vacuous.
#[test]
fn generator_yields_both_verdicts() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..2_000 {
        let labels = name().new_tree(&mut runner).unwrap().current();
        if is_idn_hostname(&labels.join(".")) {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(
        valid > 200 && invalid > 200,
        "{valid} valid, {invalid} invalid"
    );
}
