//! Hints for the sender: what a failing name looks like, and the valid name in it. The host of a
//! URL is read by RFC 3986's grammar (section 3.2: userinfo `@`, host, `:` port), an e-mail's
//! domain by RFC 5321 section 4.1.2, and each expectation below from those, not from the crate.
//! A hint never changes the verdict.

use idn_hostname::{Error, Hint, Options, check_hostname, check_idn_hostname};

fn hint_of(err: &Error) -> (Option<&str>, Option<&str>) {
    (
        err.hint().map(Hint::code),
        err.hint().and_then(Hint::suggestion),
    )
}

/// The error of `name` in both formats, whose hint must be `code` with `suggestion`.
fn check(name: &str, code: &str, suggestion: Option<&str>) {
    for err in [check_hostname(name), check_idn_hostname(name)] {
        let err = err.expect_err(name);
        assert_eq!(hint_of(&err), (Some(code), suggestion), "{name}: {err}");
        let text = err.to_string();
        let hint = err.hint().unwrap().to_string();
        assert!(text.ends_with(&format!("; hint: {hint}")), "{text}");
        assert!(!text.contains('\n'), "{text}");
        if let Some(s) = suggestion {
            assert!(text.contains(&format!("\"{s}\"")), "{text}");
        }
    }
    assert!(!idn_hostname::is_hostname(name) && !idn_hostname::is_idn_hostname(name));
}

/// The error of `name` in both formats, whose hint is not `code`.
fn check_not(name: &str, code: &str) {
    for err in [check_hostname(name), check_idn_hostname(name)] {
        let err = err.expect_err(name);
        assert_ne!(err.hint().map(Hint::code), Some(code), "{name}: {err}");
    }
}

#[test]
fn what_only_looks_like_a_url_a_port_or_an_address_is_not_taken_for_one() {
    // RFC 3986 section 3.1: a scheme is a letter, then letters, digits, "+", "-" and ".".
    check_not("1http://example.com", "url");
    check_not("ht%tp://example.com", "url");
    // Section 3.2.3: a port is digits.
    check_not("example.com:http", "port");
    // RFC 4291 section 2.2: an IPv6 address is hexadecimal digits, colons and dots.
    check_not("mail:example:com", "ipv6-address");
    // RFC 2673 section 3.2: a dotted-quad's numbers are one to three decimal digits.
    check_not("0001.2.3.4", "ipv4-address");
    check_not("+1.2.3.4", "ipv4-address");
    // A name that is no valid idn-hostname either (a label starts with a hyphen, RFC 5891
    // section 4.2.3.1) is not pointed to that format.
    check_not("-example.com", "idn-hostname");
}

#[test]
fn urls_give_their_host() {
    check("https://example.com", "url", Some("example.com"));
    check("https://example.com/a/b?c=d#e", "url", Some("example.com"));
    check(
        "http://user:pw@example.com:8443/",
        "url",
        Some("example.com"),
    );
    check("ftp://www.example.org?x", "url", Some("www.example.org"));
    check("https://exa_mple.com/", "url", None);
    check("https://[2001:db8::1]:443/", "url", None);
}

#[test]
fn ports_paths_and_mail_give_the_host() {
    check("example.com:443", "port", Some("example.com"));
    check("localhost:8080", "port", Some("localhost"));
    check("example.com/index.html", "path", Some("example.com"));
    check("example.com:80/x", "path", Some("example.com"));
    check("user@example.com", "email", Some("example.com"));
    check(
        "first.last@mail.example.org",
        "email",
        Some("mail.example.org"),
    );
}

#[test]
fn addresses_point_to_their_formats() {
    check("[::1]", "ip-literal", None);
    check("[192.0.2.1]:80", "ip-literal", None);
    check("::1", "ipv6-address", None);
    check("2001:db8::ff00:42:8329", "ipv6-address", None);
    // RFC 4291 section 2.2, form 3: the low 32 bits in dotted decimal.
    check("::ffff:192.0.2.1", "ipv6-address", None);
    check("192.168.0.1", "ipv4-address", None);
    check("10.0.0.255", "ipv4-address", None);
}

#[test]
fn white_space_and_the_root_dot_give_the_name() {
    check("example.com\n", "whitespace", Some("example.com"));
    check(" example.com", "whitespace", Some("example.com"));
    check("example.com\r\n", "whitespace", Some("example.com"));
    check("https://example.com/\n", "url", Some("example.com"));
    check("example.com.", "trailing-dot", Some("example.com"));
    check("_dmarc.example.com", "underscore-label", None);
}

#[test]
fn a_u_label_in_a_hostname_points_to_idn_hostname() {
    let err = check_hostname("bücher.example").unwrap_err();
    assert_eq!(hint_of(&err), (Some("idn-hostname"), None));
    assert!(check_idn_hostname("bücher.example").is_ok());
}

#[test]
fn a_capital_in_a_u_label_gives_the_name_in_lower_case() {
    let err = check_idn_hostname("Bücher.example").unwrap_err();
    assert_eq!(hint_of(&err), (Some("upper-case"), Some("bücher.example")));
    assert_eq!(
        err.to_string(),
        "label 1 \"Bücher\": U+0042 is DISALLOWED (RFC 5892); hint: lower-case it, or map with \
         Options::uts46_mapping; in lower case: \"bücher.example\""
    );
}

/// Only ASCII letters are lowered (the error is about an ASCII capital, docs of `Hint`): with a
/// capital Ü left, `bÜcher.example` is not valid (U+00DC is DISALLOWED, RFC 5892), so the hint
/// names no name.
#[test]
fn a_capital_beside_a_non_ascii_capital_gives_no_name() {
    let err = check_idn_hostname("BÜcher.example").unwrap_err();
    assert_eq!(hint_of(&err), (Some("upper-case"), None));
}

#[test]
fn no_hint_where_no_shape_is_recognised() {
    for name in ["exa_mple.com", "-bad-", "xn--X", "a..b", ""] {
        for err in [check_hostname(name), check_idn_hostname(name)] {
            let err = err.expect_err(name);
            assert_eq!(err.hint(), None, "{name}: {err}");
        }
    }
}

#[test]
fn options_that_accept_a_shape_give_no_hint_for_it() {
    let dns = Options::new()
        .allow_trailing_dot(true)
        .allow_underscore_labels(true);
    assert!(dns.is_hostname("example.com."));
    assert!(dns.is_hostname("_dmarc.example.com"));
}

#[test]
fn a_megabyte_url_is_answered_with_a_bounded_hint() {
    let long = format!("https://example.com/{}", "a".repeat(1 << 20));
    let err = check_hostname(&long).unwrap_err();
    assert_eq!(hint_of(&err), (Some("url"), Some("example.com")));
    assert!(err.to_string().len() < 1024);
}

/// docs/errors.md, "Hints": the hint's text for the first input of each row, as the message
/// ends (`; hint: TEXT`); the input is a `hostname` unless the row says `idn-hostname`.
#[test]
fn every_hint_text_is_the_documented_one() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/errors.md")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|l| *l != "## Hints")
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 12, "one row a hint");
    let span = |cell: &str| -> String {
        let open = cell.find('`').unwrap();
        let close = open + 1 + cell[open + 1..].find('`').unwrap();
        cell[open + 1..close].replace("\\n", "\n")
    };
    for row in rows {
        let [code, input, hint, _suggestion] = row.as_slice() else {
            panic!("row {row:?}: code, input, text, suggestion");
        };
        let (code, name, hint) = (span(code), span(input), span(hint));
        let err = if input.contains("as an `idn-hostname`") {
            check_idn_hostname(&name)
        } else {
            check_hostname(&name)
        }
        .expect_err(&name);
        assert_eq!(err.hint().map(Hint::code), Some(code.as_str()), "{name:?}");
        assert_eq!(err.hint().unwrap().to_string(), hint, "{name:?}");
        assert!(
            err.to_string().ends_with(&format!("; hint: {hint}")),
            "{err}"
        );
    }
}
