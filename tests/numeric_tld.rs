//! The top-level label is not all-numeric: RFC 1123 section 2.1 ("a valid host name can never
//! have the dotted-decimal form #.#.#.#, since at least the highest-level component label will
//! be alphabetic") and RFC 3696 section 2 ("top-level domain names are not all-numeric").
//! Every expectation below is read from those two sentences.

use idn_hostname::{ErrorKind, Options, check_hostname, check_idn_hostname};

fn kinds(name: &str) -> [Option<ErrorKind>; 2] {
    [
        check_hostname(name).err().map(|e| e.kind()),
        check_idn_hostname(name).err().map(|e| e.kind()),
    ]
}

#[test]
fn an_all_numeric_last_label_is_refused_in_both_formats() {
    for name in [
        "example.123",
        "192.168.0.1",
        "1.2.3.4.5",
        "a.b.0",
        "123",
        "0",
        "xn--bcher-kva.42",
    ] {
        assert_eq!(
            kinds(name),
            [Some(ErrorKind::NumericTopLevelLabel); 2],
            "{name}"
        );
    }
    let err = check_hostname("example.123").unwrap_err();
    assert_eq!(err.kind().code(), "numeric-tld");
    assert_eq!(err.label_index(), Some(1));
    assert_eq!(err.label(), "123");
    assert_eq!(err.offset(), "example.".len());
    assert!(
        err.to_string()
            .starts_with(r#"label 2 "123": the top-level label is all-numeric (RFC 1123 section 2.1, RFC 3696 section 2)"#),
        "{err}"
    );
}

#[test]
fn a_digit_elsewhere_is_allowed() {
    for name in [
        "example.12a",
        "example.a12",
        "123.456.789.example",
        "1host",
        "1host.example",
        "3com.com",
        "example.1-2",
    ] {
        assert_eq!(kinds(name), [None, None], "{name}");
    }
    assert_eq!(
        check_idn_hostname("例え.テスト1").err().map(|e| e.kind()),
        None
    );
}

#[test]
fn the_root_dot_is_not_the_top_level_label() {
    let fqdn = Options::new().allow_trailing_dot(true);
    assert_eq!(
        fqdn.check_hostname("example.123.").err().map(|e| e.kind()),
        Some(ErrorKind::NumericTopLevelLabel)
    );
    assert!(fqdn.is_hostname("123.example."));
    assert!(fqdn.is_idn_hostname("例え.com。"));
}

#[test]
fn the_older_reading_is_an_option() {
    let old = Options::new().allow_numeric_tld(true);
    for name in ["example.123", "192.168.0.1", "123"] {
        assert!(old.is_hostname(name), "{name}");
        assert!(old.is_idn_hostname(name), "{name}");
    }
}

#[test]
fn the_other_rules_of_the_last_label_come_first() {
    // 64 digits: the label's length (RFC 1034 section 3.1) is a rule of the label itself.
    let long = format!("a.{}", "1".repeat(64));
    assert_eq!(kinds(&long), [Some(ErrorKind::LabelTooLong); 2]);
}
