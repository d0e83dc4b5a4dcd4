//! Hints for the sender of a name that fails: what the string looks like when it is something
//! else a program or an agent had at hand (a URL, `host:port`, an e-mail address, an IP
//! address, a name with white space or a root dot), and the host name in it where that one is
//! valid. A hint is looked for only after a name has failed, and never changes a verdict.

use alloc::string::String;

use crate::domain::{self, Format};
use crate::error::{ErrorKind, Hint};
use crate::options::Options;

/// The hint for `input`, which failed as a name of `format` with `kind`, or `None` when it has
/// none of the shapes below. Linear in the input; a suggestion is kept only when it is a valid
/// name of `format` with `options`, so it is never longer than a valid name.
pub(crate) fn find(
    input: &str,
    format: Format,
    options: &Options,
    kind: ErrorKind,
    code_point: Option<char>,
) -> Option<Hint> {
    let valid = |s: &str| domain::check(s, format, options).is_ok();
    let suggest = |s: &str| valid(s).then(|| String::from(s));

    if kind == ErrorKind::Disallowed && code_point.is_some_and(|c| c.is_ascii_uppercase()) {
        // IDNA2008 does not map (RFC 5891 section 5.2 leaves it to the application). The ASCII
        // letters only, as the error is about one: `str::to_lowercase` would link the standard
        // library's case tables, 7.5 KB of the npm package's gzipped module (bindings/js).
        let lower = input.to_ascii_lowercase();
        return Some(Hint::UpperCase {
            name: valid(&lower).then_some(lower),
        });
    }
    let name = input.trim();
    if name.len() != input.len() && valid(name) {
        return Some(Hint::Whitespace {
            name: String::from(name),
        });
    }
    if name.starts_with('[') && name.contains(']') {
        return Some(Hint::IpLiteral);
    }
    if let Some((scheme, rest)) = name.split_once("://")
        && is_scheme(scheme)
    {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host = authority
            .rsplit_once('@')
            .map_or(authority, |(_, host)| host);
        return Some(Hint::Url {
            host: suggest(strip_port(host)),
        });
    }
    if let Some((local, domain)) = name.split_once('@')
        && !local.is_empty()
        && !domain.contains('@')
    {
        return Some(Hint::Email {
            domain: suggest(domain),
        });
    }
    if let Some((host, _)) = name.split_once('/') {
        return Some(Hint::Path {
            host: suggest(strip_port(host)),
        });
    }
    if is_ipv4(name) {
        return Some(Hint::Ipv4Address);
    }
    if name.bytes().filter(|&b| b == b':').count() >= 2
        && name
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
    {
        return Some(Hint::Ipv6Address);
    }
    let host = strip_port(name);
    if host.len() != name.len() {
        return Some(Hint::Port {
            host: suggest(host),
        });
    }
    if !options.trailing_dot
        && domain::check(name, format, &options.allow_trailing_dot(true)).is_ok()
    {
        let without = name
            .char_indices()
            .next_back()
            .and_then(|(at, _)| name.get(..at))
            .unwrap_or("");
        return Some(Hint::TrailingDot {
            name: String::from(without),
        });
    }
    if !options.underscore
        && domain::check(name, format, &options.allow_underscore_labels(true)).is_ok()
    {
        return Some(Hint::UnderscoreLabel);
    }
    if format == Format::Hostname
        && !name.is_ascii()
        && domain::check(name, Format::IdnHostname, options).is_ok()
    {
        return Some(Hint::IdnHostname);
    }
    None
}

/// A URI scheme: a letter, then letters, digits, `+`, `-` and `.` (RFC 3986 section 3.1).
fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// `host` without a `:port` of one to five digits at its end (RFC 3986 section 3.2.3).
fn strip_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port))
            if (1..=5).contains(&port.len()) && port.bytes().all(|b| b.is_ascii_digit()) =>
        {
            name
        }
        _ => host,
    }
}

/// Dotted-decimal IPv4: four decimal numbers of at most 255 (RFC 2673 section 3.2, the
/// `dotted-quad` of JSON Schema's `ipv4`).
fn is_ipv4(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('.') {
        parts += 1;
        let ok = (1..=3).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_digit())
            && part.parse::<u16>().is_ok_and(|n| n <= 255);
        if !ok {
            return false;
        }
    }
    parts == 4
}
