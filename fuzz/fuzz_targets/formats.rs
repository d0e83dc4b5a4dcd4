//! The JSON Schema formats `hostname` and `idn-hostname`: no panic on any input, and the laws
//! that tie them together, from the definitions of RFC 1123, RFC 5890 and RFC 5891.
//!
//! - `is_*` is `check_*().is_ok()`, and every error describes the input it came from.
//! - `hostname` and `idn-hostname` on an ASCII name differ by one rule only: a label with `--`
//!   in its third and fourth positions that is not an A-label (`xn--`, in any case) is a
//!   reserved LDH label, which `idn-hostname` rejects (RFC 5890 section 2.3.1) and `hostname`
//!   accepts (RFC 1123 section 2.1 knows no such rule). A non-ASCII name is never a `hostname`.
//! - ASCII case does not matter in an ASCII name: LDH labels compare without case (RFC 4343) and
//!   so do A-labels (RFC 5890 section 2.3.2.5; their basic code points are taken in lowercase).
//! - The A-label form of a valid `idn-hostname` (each U-label replaced by `xn--` and its
//!   Punycode, each separator by `.`; RFC 5891 section 4) is a valid `hostname`, and the U-label
//!   form of a valid `hostname` (each A-label decoded, RFC 5891 section 5) is a valid
//!   `idn-hostname` unless the name has a reserved LDH label; the two conversions are inverse.
//! - Each option of `Options` only widens what is accepted, the UTS #46 mapping included.
//! - The newtypes `Hostname` and `IdnHostname` accept and refuse as the functions do.

#![no_main]

use std::str::FromStr;

use idn_hostname::{
    BidiScope, Error, Hostname, IdnHostname, Options, check_hostname, check_idn_hostname,
    is_hostname, is_idn_hostname, punycode,
};
use libfuzzer_sys::fuzz_target;

/// The label separators of `idn-hostname` (RFC 3490 section 3.1, as RFC 5890 takes them).
const IDN_SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let hostname = check_hostname(s);
    let idn = check_idn_hostname(s);
    assert_eq!(is_hostname(s), hostname.is_ok(), "{s:?}");
    assert_eq!(is_idn_hostname(s), idn.is_ok(), "{s:?}");
    if let Err(e) = &hostname {
        check_error(s, e, &['.']);
    }
    if let Err(e) = &idn {
        check_error(s, e, &IDN_SEPARATORS);
    }

    // The checked newtypes are the same checks.
    assert_eq!(
        Hostname::new(s.to_owned()).err(),
        hostname.clone().err(),
        "{s:?}"
    );
    assert_eq!(IdnHostname::from_str(s).err(), idn.clone().err(), "{s:?}");

    if s.is_ascii() {
        let reserved = s.split('.').any(is_reserved_ldh);
        assert_eq!(
            idn.is_ok(),
            hostname.is_ok() && !reserved,
            "{s:?}: hostname {hostname:?}, idn-hostname {idn:?}"
        );
        for other in [s.to_ascii_lowercase(), s.to_ascii_uppercase()] {
            assert_eq!(is_hostname(&other), hostname.is_ok(), "{s:?} / {other:?}");
            assert_eq!(is_idn_hostname(&other), idn.is_ok(), "{s:?} / {other:?}");
        }
    } else {
        assert!(hostname.is_err(), "{s:?} is not ASCII");
    }

    if idn.is_ok() {
        // U-labels are at most 4 bytes a code point, A-labels at least 1 octet a code point plus
        // `xn--`, and a separator at most 3 bytes: four times 253 octets.
        assert!(s.len() <= 4 * 253, "{s:?}");
        let alabels = to_alabels(s);
        assert!(alabels.len() <= 253, "{s:?} -> {alabels:?}");
        assert!(
            is_hostname(&alabels),
            "{s:?} -> {alabels:?}: {:?}",
            check_hostname(&alabels)
        );
        assert!(is_idn_hostname(&alabels), "{s:?} -> {alabels:?}");
    }
    if hostname.is_ok() {
        let ulabels = to_ulabels(s);
        let reserved = s.split('.').any(is_reserved_ldh);
        assert_eq!(
            is_idn_hostname(&ulabels),
            !reserved,
            "{s:?} -> {ulabels:?}: {:?}",
            check_idn_hostname(&ulabels)
        );
        let back = to_alabels(&ulabels);
        assert!(
            back.eq_ignore_ascii_case(s),
            "{s:?} -> {ulabels:?} -> {back:?}"
        );
    }

    // Each option only accepts more.
    let lenient = [
        Options::new().bidi_scope(BidiScope::RtlLabels),
        Options::new().allow_underscore_labels(true),
        Options::new().allow_trailing_dot(true),
        // UTS #46 mapping (section 4 steps 1 and 2) before the IDNA2008 rules: the mapping
        // leaves PVALID, CONTEXTJ and CONTEXTO code points as they are (their status in
        // IdnaMappingTable.txt is valid or deviation, kept by Nontransitional Processing), a
        // U-label is NFC already, and the full stops become ".": what is valid stays valid.
        Options::new().uts46_mapping(true),
    ];
    for options in lenient {
        if hostname.is_ok() {
            assert!(options.is_hostname(s), "{options:?} {s:?}");
        }
        if idn.is_ok() {
            assert!(options.is_idn_hostname(s), "{options:?} {s:?}");
        }
        assert_eq!(
            options.is_hostname(s),
            options.check_hostname(s).is_ok(),
            "{s:?}"
        );
        assert_eq!(
            options.is_idn_hostname(s),
            options.check_idn_hostname(s).is_ok(),
            "{s:?}"
        );
    }
    // A trailing root separator, the only difference the option makes (RFC 1034 section 3.1).
    let dot = Options::new().allow_trailing_dot(true);
    if !s.ends_with(IDN_SEPARATORS) {
        assert_eq!(dot.is_hostname(s), hostname.is_ok(), "{s:?}");
        assert_eq!(dot.is_idn_hostname(s), idn.is_ok(), "{s:?}");
    }
    if hostname.is_ok() {
        assert!(dot.is_hostname(&format!("{s}.")), "{s:?}");
    }
    if idn.is_ok() {
        for sep in IDN_SEPARATORS {
            let rooted = format!("{s}{sep}");
            assert!(
                dot.is_idn_hostname(&rooted),
                "{rooted:?}: {:?}",
                dot.check_idn_hostname(&rooted)
            );
        }
    }
});

/// Whether `label` starts with the ACE prefix, in any case (RFC 5890 section 2.3.2.5).
fn has_ace_prefix(label: &str) -> bool {
    label
        .as_bytes()
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

/// A reserved LDH label that is not an A-label candidate: `--` in positions 3 and 4 (RFC 5890
/// section 2.3.1).
fn is_reserved_ldh(label: &str) -> bool {
    label.as_bytes().get(2..4) == Some(b"--") && !has_ace_prefix(label)
}

/// The A-label form: U-labels to `xn--` + Punycode, separators to `.` (RFC 5891 section 4).
fn to_alabels(s: &str) -> String {
    let labels: Vec<String> = s
        .split(IDN_SEPARATORS)
        .map(|label| {
            if label.is_ascii() {
                label.to_owned()
            } else {
                match punycode::encode(label) {
                    Ok(p) => format!("xn--{p}"),
                    Err(e) => panic!("U-label {label:?} of a valid name does not encode: {e:?}"),
                }
            }
        })
        .collect();
    labels.join(".")
}

/// The U-label form of a `hostname`: each A-label decoded, its basic code points in lowercase
/// (RFC 5891 section 5.4; DNS compares ASCII without case, RFC 4343).
fn to_ulabels(s: &str) -> String {
    let labels: Vec<String> = s
        .split('.')
        .map(|label| {
            if has_ace_prefix(label) {
                match punycode::decode(&label[4..]) {
                    Ok(u) => u.to_ascii_lowercase(),
                    Err(e) => panic!("A-label {label:?} of a valid name does not decode: {e:?}"),
                }
            } else {
                label.to_owned()
            }
        })
        .collect();
    labels.join(".")
}

/// What an error says about the input is true of the input (the accessors' documentation).
fn check_error(s: &str, e: &Error, separators: &[char]) {
    let message = e.to_string();
    assert!(!message.contains('\n'), "{message:?}");
    assert!(s.is_char_boundary(e.offset()), "{s:?}: {e:?}");
    match e.label_index() {
        None => {
            assert_eq!(e.label(), "", "{s:?}: {e:?}");
            assert_eq!(e.offset(), 0, "{s:?}: {e:?}");
        }
        Some(i) => {
            let mut start = 0;
            let mut found = None;
            for (j, label) in s.split(separators).enumerate() {
                if j == i {
                    found = Some((start, label));
                    break;
                }
                start += label.len();
                start += s[start..].chars().next().map_or(0, char::len_utf8);
            }
            let Some((start, label)) = found else {
                panic!("{s:?}: {e:?}: no label {i}");
            };
            assert_eq!(e.label(), label, "{s:?}: {e:?}");
            assert!(
                (start..=start + label.len()).contains(&e.offset()),
                "{s:?}: {e:?}"
            );
            // The code point stands at the offset, unless it comes from decoding an A-label,
            // when the offset is the label's.
            if let Some(c) = e.code_point() {
                if label.is_ascii() && has_ace_prefix(label) && !c.is_ascii() {
                    assert_eq!(e.offset(), start, "{s:?}: {e:?}");
                } else if !(label.is_ascii() && has_ace_prefix(label)) {
                    assert!(s[e.offset()..].starts_with(c), "{s:?}: {e:?}");
                }
            }
        }
    }
}
