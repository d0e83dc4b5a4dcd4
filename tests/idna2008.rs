//! Each rule of the `hostname` and `idn-hostname` formats, with names that pass and names that
//! fail. Every expectation is read off the clause named beside it (RFC 1034, RFC 1123,
//! RFC 3492, RFC 5890-5893) or, for A-labels, off the RFC 3492 section 7.1 samples and the
//! IDNA2008 examples of RFC 5890; code point properties are those of the Unicode 18.0.0 UCD.

use idn_hostname::{
    BidiRule, BidiScope, ContextRule, ErrorKind, Options, check_hostname, check_idn_hostname,
    is_hostname, is_idn_hostname,
};

fn idn_kind(s: &str) -> ErrorKind {
    check_idn_hostname(s).expect_err(s).kind()
}

fn host_kind(s: &str) -> ErrorKind {
    check_hostname(s).expect_err(s).kind()
}

#[test]
fn rfc1123_host_names() {
    for ok in [
        "a",
        "example.com",
        "EXAMPLE.COM",
        "1example.com",
        "a-b.c-d",
        "0.example",
        "ab--cd.com",
    ] {
        assert!(is_hostname(ok), "{ok}");
    }
    // "At least the highest-level component label will be alphabetic" (RFC 1123 section 2.1):
    // a name of one all-numeric label is its own top-level label.
    assert_eq!(host_kind("0"), ErrorKind::NumericTopLevelLabel);
    assert_eq!(host_kind(""), ErrorKind::EmptyName);
    assert_eq!(host_kind("a..b"), ErrorKind::EmptyLabel);
    assert_eq!(host_kind(".a"), ErrorKind::EmptyLabel);
    assert_eq!(host_kind("a.b."), ErrorKind::EmptyLabel);
    assert_eq!(host_kind("-ab.c"), ErrorKind::LeadingHyphen);
    assert_eq!(host_kind("ab-.c"), ErrorKind::TrailingHyphen);
    assert_eq!(host_kind("a_b.c"), ErrorKind::InvalidCharacter);
    assert_eq!(host_kind("a b"), ErrorKind::InvalidCharacter);
    assert_eq!(host_kind("bücher.de"), ErrorKind::InvalidCharacter);
    assert_eq!(host_kind("a\u{3002}b"), ErrorKind::InvalidCharacter);
    // The error names the hyphen at fault: its label, its byte offset in the input, itself.
    for (name, kind, offset) in [
        ("www.-ab.c", ErrorKind::LeadingHyphen, 4),
        ("www.ab-.c", ErrorKind::TrailingHyphen, 6),
        ("www.abcdef-.c", ErrorKind::TrailingHyphen, 10),
    ] {
        let e = check_hostname(name).unwrap_err();
        assert_eq!(
            (e.kind(), e.label_index(), e.offset(), e.code_point()),
            (kind, Some(1), offset, Some('-')),
            "{name}"
        );
    }
    // And the first character that is not a letter, digit or hyphen, after letters too.
    let e = check_hostname("www.b\u{FC}cher.de").unwrap_err();
    assert_eq!(
        (e.kind(), e.label_index(), e.offset(), e.code_point()),
        (ErrorKind::InvalidCharacter, Some(1), 5, Some('\u{FC}'))
    );
}

#[test]
fn rfc1034_lengths() {
    let l63 = "a".repeat(63);
    let l64 = "a".repeat(64);
    assert!(is_hostname(&l63));
    assert_eq!(host_kind(&l64), ErrorKind::LabelTooLong);
    // 4 labels of 63 octets and 3 dots = 255 octets; trim to 253 and 254.
    let name = |n: usize| {
        let full = [l63.as_str(); 4].join(".");
        full[..n].to_string()
    };
    assert!(is_hostname(&name(253)));
    assert_eq!(host_kind(&name(254)), ErrorKind::NameTooLong);
    assert!(is_idn_hostname(&name(253)));
    assert_eq!(idn_kind(&name(254)), ErrorKind::NameTooLong);
    // Huge input is refused as a whole.
    assert_eq!(host_kind(&"a.".repeat(500_000)), ErrorKind::NameTooLong);
    assert_eq!(idn_kind(&"ü".repeat(1 << 20)), ErrorKind::NameTooLong);
}

#[test]
fn lengths_are_measured_on_the_a_label_form() {
    // "ü" needs "xn--" + 2 octets ("tda"): 59 code points cannot fit, nor 60.
    // RFC 3492: 'ü' x n encodes to "tda" followed by n-1 further digits; so the A-label is
    // 4 + 3 + (n - 1) octets: n = 57 gives 63 octets, n = 58 gives 64.
    assert!(is_idn_hostname(&"ü".repeat(57)));
    assert_eq!(idn_kind(&"ü".repeat(58)), ErrorKind::LabelTooLong);
    assert_eq!(idn_kind(&"ü".repeat(60)), ErrorKind::LabelTooLong);
    // More than 59 code points cannot be a U-label whatever they are (an A-label is at most 63
    // octets, "xn--" and one at least a code point, RFC 5890 section 2.3.2.1, RFC 3492): the
    // length is refused before the code points' rules, as tools/conformance/rules.py's model
    // does (`check_label`), so U+2603 (DISALLOWED) as the 60th is not what is reported.
    let snowman_60th = format!("{}\u{2603}", "ü".repeat(59));
    assert_eq!(idn_kind(&snowman_60th), ErrorKind::LabelTooLong);
    assert_eq!(
        idn_kind(&format!("{}\u{2603}", "ü".repeat(58))),
        ErrorKind::Disallowed
    );
    // A label of more than 63 code points between two others is named as written, its own
    // text only (docs/errors.md: the label in error), after an LDH part and without one.
    for long in ["ü".repeat(64), format!("ab{}", "ü".repeat(70))] {
        let err = check_idn_hostname(&format!("x.{long}.y")).unwrap_err();
        assert_eq!(
            (err.kind(), err.label_index(), err.label()),
            (ErrorKind::LabelTooLong, Some(1), long.as_str())
        );
    }
}

#[test]
fn a_labels_in_hostnames() {
    // RFC 3492 section 7.1 (A) Arabic (Egyptian) decodes, but ends in U+061F ARABIC QUESTION
    // MARK, General_Category Po: DISALLOWED (RFC 5892).
    let e = check_hostname("xn--egbpdaj6bu4bxfgehfvwxn.example").unwrap_err();
    assert_eq!(
        (e.kind(), e.code_point()),
        (ErrorKind::Disallowed, Some('\u{061F}'))
    );
    // The same sample without its question mark, encoded by the `idna` crate.
    let arabic = "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}";
    let alabel = format!("xn--{}", idna::punycode::encode_str(arabic).unwrap());
    assert!(is_hostname(&format!("{alabel}.example")), "{alabel}");
    assert!(is_idn_hostname(&format!("{arabic}.example")));
    let bucher = format!(
        "xn--{}",
        idna::punycode::encode_str("b\u{00FC}cher").unwrap()
    );
    assert_eq!(bucher, "xn--bcher-kva");
    assert!(is_hostname("xn--bcher-kva.example"));
    assert!(
        is_hostname("XN--BCHER-KVA.example"),
        "A-labels compare without case"
    );
    // A payload that would decode to ASCII only ends in the delimiter, so the label already
    // breaks the LDH rule of RFC 1123 section 2.1 (and RFC 5890 section 2.3.2.1 besides).
    assert_eq!(host_kind("xn--.example"), ErrorKind::TrailingHyphen);
    assert_eq!(host_kind("xn--abc-.example"), ErrorKind::TrailingHyphen);
    assert_eq!(host_kind("xn--ab-.example"), ErrorKind::TrailingHyphen);
    // Overflow (RFC 3492 section 6.4).
    assert!(matches!(
        host_kind("xn--99999999999999999999.example"),
        ErrorKind::InvalidPunycode(_)
    ));
    // U+1F4A9 is DISALLOWED (RFC 5892: General_Category So).
    assert_eq!(host_kind("xn--ls8h.example"), ErrorKind::Disallowed);
    // Other R-LDH labels are host names by RFC 1123.
    assert!(is_hostname("ab--c.example"));
    assert!(!is_idn_hostname("ab--c.example"));
    assert_eq!(idn_kind("ab--c.example"), ErrorKind::ReservedLdhLabel);
    // The same after a label that is not LDH ("xn--tda" is U+00FC, Python `idna`).
    assert!(is_hostname("xn--tda.ab--c"));
    assert_eq!(idn_kind("\u{FC}.ab--c"), ErrorKind::ReservedLdhLabel);
    assert_eq!(idn_kind("xn--tda.ab--c"), ErrorKind::ReservedLdhLabel);
}

#[test]
fn u_label_rules() {
    // RFC 5891 section 4.2.3.1: hyphens.
    assert_eq!(idn_kind("-ü"), ErrorKind::LeadingHyphen);
    assert_eq!(idn_kind("ü-"), ErrorKind::TrailingHyphen);
    assert_eq!(idn_kind("ab--ü"), ErrorKind::HyphenPositions3And4);
    // RFC 5891 section 4.2.3.2: U+0300 COMBINING GRAVE ACCENT is Mn.
    assert_eq!(idn_kind("\u{0300}a"), ErrorKind::LeadingCombiningMark);
    // NFC: "u" + U+0308 composes to U+00FC.
    assert_eq!(idn_kind("bu\u{0308}cher"), ErrorKind::NotNfc);
    assert!(is_idn_hostname("b\u{00FC}cher"));
    // RFC 5892: U+00DF is PVALID by exception; U+0640 ARABIC TATWEEL DISALLOWED by exception;
    // U+2665 (So) DISALLOWED; U+0378 unassigned; capital letters are unstable (B).
    assert!(is_idn_hostname("stra\u{00DF}e"));
    assert_eq!(idn_kind("\u{0628}\u{0640}\u{0628}"), ErrorKind::Disallowed);
    assert_eq!(idn_kind("\u{2665}a"), ErrorKind::Disallowed);
    assert_eq!(idn_kind("a\u{0378}"), ErrorKind::Unassigned);
    assert_eq!(idn_kind("Bücher"), ErrorKind::Disallowed);
    let e = check_idn_hostname("ok.ab\u{2665}").unwrap_err();
    assert_eq!(
        (e.label_index(), e.offset(), e.code_point()),
        (Some(1), 5, Some('\u{2665}'))
    );
}

#[test]
fn contextual_rules() {
    use ContextRule::*;
    let ctx = |s: &str| idn_kind(s);
    assert!(is_idn_hostname("\u{0915}\u{094D}\u{200C}\u{0937}"));
    assert_eq!(
        ctx("\u{0915}\u{200C}\u{0937}"),
        ErrorKind::Context(ZeroWidthNonJoiner)
    );
    assert!(is_idn_hostname("\u{0628}\u{200C}\u{0628}"));
    assert!(is_idn_hostname("\u{0915}\u{094D}\u{200D}\u{0937}"));
    assert_eq!(
        ctx("\u{0628}\u{200D}\u{0628}"),
        ErrorKind::Context(ZeroWidthJoiner)
    );
    assert!(is_idn_hostname("l\u{00B7}l"));
    assert_eq!(ctx("a\u{00B7}b"), ErrorKind::Context(MiddleDot));
    assert!(is_idn_hostname("\u{0375}\u{03B1}"));
    assert_eq!(ctx("a\u{0375}b"), ErrorKind::Context(GreekLowerNumeralSign));
    assert!(is_idn_hostname("\u{05D0}\u{05F3}"));
    assert_eq!(ctx("a\u{05F3}"), ErrorKind::Context(HebrewGeresh));
    assert!(is_idn_hostname("\u{05D0}\u{05F4}"));
    assert_eq!(ctx("a\u{05F4}"), ErrorKind::Context(HebrewGershayim));
    assert!(is_idn_hostname("\u{30A2}\u{30FB}\u{30A4}"));
    assert_eq!(ctx("a\u{30FB}b"), ErrorKind::Context(KatakanaMiddleDot));
    assert!(is_idn_hostname("\u{0628}\u{0660}"));
    assert_eq!(
        ctx("\u{0628}\u{0660}\u{06F0}"),
        ErrorKind::Context(ArabicIndicDigits)
    );
    assert!(is_idn_hostname("\u{0628}\u{06F0}"));
    assert_eq!(
        ctx("\u{0628}\u{06F0}\u{0660}"),
        ErrorKind::Context(ExtendedArabicIndicDigits)
    );
}

#[test]
fn bidi_rule() {
    // U+05D0 HEBREW LETTER ALEF (R), U+0627 ARABIC LETTER ALEF (AL), U+0661 (AN).
    assert!(is_idn_hostname("\u{05D0}\u{05D1}.example"));
    assert_eq!(idn_kind("\u{05D0}a"), ErrorKind::Bidi(BidiRule::Rule2));
    assert_eq!(idn_kind("\u{05D0}-\u{05D1}-"), ErrorKind::TrailingHyphen);
    assert_eq!(
        idn_kind("\u{0627}1\u{0661}"),
        ErrorKind::Bidi(BidiRule::Rule4)
    );
    // In a Bidi domain name, LTR labels obey rules 1, 5 and 6 too (RFC 5893 section 2) ...
    assert_eq!(idn_kind("1a.\u{05D0}"), ErrorKind::Bidi(BidiRule::Rule1));
    assert_eq!(host_kind("1a.xn--4db"), ErrorKind::Bidi(BidiRule::Rule1));
    // An A-label is walked on its decoding, although its own letters would pass: "xn--a-zhc"
    // is U+05D0 then "a" (RFC 3492; Python `idna` refuses it for its direction), an L in an
    // RTL label.
    assert_eq!(host_kind("xn--a-zhc"), ErrorKind::Bidi(BidiRule::Rule2));
    assert_eq!(host_kind("a.xn--a-zhc"), ErrorKind::Bidi(BidiRule::Rule2));
    // The error says what an A-label decodes to (`Error::decoded`), and only for an A-label:
    // "1abcdefg" breaks rule 1 as written (what follows its fourth byte is Punycode for
    // U+18FC U+18FF, Python's codec, but it has no ACE prefix).
    let e = check_hostname("xn--a-zhc").unwrap_err();
    assert_eq!(e.decoded(), Some("\u{5D0}a"));
    for e in [
        check_hostname("1abcdefg.xn--4db"),
        check_idn_hostname("1abcdefg.\u{5D0}"),
    ] {
        let e = e.unwrap_err();
        assert_eq!((e.label_index(), e.decoded()), (Some(0), None), "{e}");
    }
    // ... but not in a name without RTL labels, nor with the RFC 5891 section 4.2.3.4 reading.
    assert!(is_idn_hostname("1a.b"));
    let per_label = Options::new().bidi_scope(BidiScope::RtlLabels);
    assert!(per_label.is_idn_hostname("1a.\u{05D0}"));
    assert!(!per_label.is_idn_hostname("\u{05D0}a"));
}

/// Each label's own rules (RFC 5891 section 4.2.3.1 here) come before the Bidi rule across the
/// labels (RFC 5893 section 2), in both scopes: "\u{5D0}a" breaks Bidi rule 2 (an L character
/// in an RTL label), "-b" starts with a hyphen, and the hyphen is reported.
#[test]
fn label_rules_before_the_bidi_rule_in_both_scopes() {
    let name = "\u{5D0}a.-b";
    for scope in [BidiScope::DomainName, BidiScope::RtlLabels] {
        let err = Options::new()
            .bidi_scope(scope)
            .check_idn_hostname(name)
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LeadingHyphen, "{scope:?}");
        assert_eq!(err.label_index(), Some(1), "{scope:?}");
        // The Bidi rule is still reported when it is the only one broken.
        let err = Options::new()
            .bidi_scope(scope)
            .check_idn_hostname("\u{5D0}a.b")
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Bidi(BidiRule::Rule2), "{scope:?}");
        assert_eq!(err.label_index(), Some(0), "{scope:?}");
    }
    // The labels after the first RTL one are not read for the Bidi rule before their own
    // rules: a fourth label of 70 octets (`xn--` and 66 `a`) is too long (RFC 1034 section
    // 3.1), whichever form the labels before it take ("xn--tda" is U+00FC and "xn--4db" U+05D0,
    // Python `idna`), and never a Punycode error (docs/errors.md: `punycode-too-long` is not
    // produced by the formats). The LTR label "\u{FC}" is walked again when the RTL one comes.
    let long = format!("xn--{}", "a".repeat(66));
    for (name, idn) in [
        (format!("a.\u{FC}.\u{5D0}.{long}"), true),
        (format!("a.xn--tda.xn--4db.{long}"), true),
        (format!("a.xn--tda.xn--4db.{long}"), false),
    ] {
        let err = if idn {
            check_idn_hostname(&name)
        } else {
            check_hostname(&name)
        }
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LabelTooLong, "{name}");
        assert_eq!(err.label_index(), Some(3), "{name}");
    }
}

#[test]
fn idn_hostname_separators() {
    for sep in ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'] {
        let name = format!("b\u{00FC}cher{sep}example");
        assert!(is_idn_hostname(&name), "{name}");
        assert_eq!(idn_kind(&format!("a{sep}")), ErrorKind::EmptyLabel);
    }
}

#[test]
fn options() {
    let o = Options::new().allow_trailing_dot(true);
    assert!(o.is_hostname("example.com."));
    assert!(o.is_idn_hostname("b\u{00FC}cher\u{3002}"));
    assert!(!o.is_hostname("example.com.."));
    assert!(!o.is_hostname("."));
    // The root alone is no name of labels (RFC 1123 section 2.1): its label is empty, as that
    // of a trailing dot is (the `empty-label` row of docs/errors.md), the first label, whole.
    for (name, idn) in [(".", false), (".", true), ("\u{3002}", true)] {
        let e = if idn {
            o.check_idn_hostname(name)
        } else {
            o.check_hostname(name)
        }
        .unwrap_err();
        assert_eq!(
            (e.kind(), e.label_index(), e.offset()),
            (ErrorKind::EmptyLabel, Some(0), 0),
            "{name:?}"
        );
    }
    let u = Options::new().allow_underscore_labels(true);
    assert!(u.is_hostname("_dmarc.example.com"));
    assert!(u.is_hostname("_sip._tcp.example.com"));
    assert!(!u.is_hostname("a_b.example.com"));
    assert_eq!(Options::default(), Options::new());
}

#[test]
fn error_messages_name_label_position_code_point_and_rule() {
    // Issue 14: a code point that comes from decoding an A-label says so ("decodes to").
    let e = check_idn_hostname("i.xn--ls8h").unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"label 2 "xn--ls8h" decodes to "💩": U+1F4A9 is DISALLOWED (RFC 5892)"#
    );
    let e = check_hostname("a".repeat(300).as_str()).unwrap_err();
    assert_eq!(e.label_index(), None);
    assert!(e.to_string().contains("253"), "{e}");
    fn assert_traits<T: std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<idn_hostname::Error>();
}

#[test]
fn uts46_mapping_profile() {
    // IdnaMappingTable.txt: U+0042 maps to U+0062; U+FF25.. (FULLWIDTH LATIN CAPITAL LETTER E..)
    // map to ASCII small letters; U+FF0E FULLWIDTH FULL STOP maps to U+002E; U+00AD SOFT HYPHEN
    // is ignored.
    let o = Options::new().uts46_mapping(true);
    assert!(o.is_idn_hostname("B\u{00FC}cher.de"));
    assert!(!is_idn_hostname("B\u{00FC}cher.de"));
    assert!(
        o.is_idn_hostname("\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}\u{FF0E}com")
    );
    assert!(o.is_idn_hostname("ex\u{00AD}ample.com"));
    // The IDNA2008 rules still apply after the mapping: U+2665 (So) is DISALLOWED (RFC 5892).
    assert_eq!(
        o.check_idn_hostname("a\u{2665}.com").unwrap_err().kind(),
        ErrorKind::Disallowed
    );
    // U+00B7 stays CONTEXTO after mapping (valid in the table).
    assert!(o.check_idn_hostname("a\u{00B7}b").is_err());
    // An error names the label of the mapped name, whole: 1,012 "A" and ten U+00AD (1,032
    // bytes, past the length at which the mapping streams) map to 1,012 "a", one label of more
    // than 63 octets (RFC 1034 section 3.1).
    let long = format!("{}{}", "A".repeat(1012), "\u{00AD}".repeat(10));
    let err = o.check_idn_hostname(&long).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LabelTooLong);
    assert!(
        err.label() == "a".repeat(1012),
        "{} bytes",
        err.label().len()
    );
}
