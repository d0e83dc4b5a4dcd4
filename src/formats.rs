//! The JSON Schema formats `hostname` and `idn-hostname`, and the checks of [`Options`].

use alloc::borrow::Cow;

use crate::domain::{self, Format};
use crate::error::{Error, Violation};
use crate::hint;
use crate::options::Options;
use crate::uts46;

impl Options {
    /// Checks `input` as a `hostname` with these options. See [`check_hostname`].
    ///
    /// # Errors
    ///
    /// The first rule the name breaks, with its label, position and code point.
    pub fn check_hostname(&self, input: &str) -> Result<(), Error> {
        domain::check(input, Format::Hostname, self)
            .map_err(|v| error(v, input, input, Format::Hostname, self))
    }

    /// Whether `input` is a valid `hostname` with these options. Allocation-free.
    pub fn is_hostname(&self, input: &str) -> bool {
        domain::check(input, Format::Hostname, self).is_ok()
    }

    /// Checks `input` as an `idn-hostname` with these options. See [`check_idn_hostname`].
    ///
    /// # Errors
    ///
    /// The first rule the name breaks, with its label, position and code point.
    pub fn check_idn_hostname(&self, input: &str) -> Result<(), Error> {
        let name = self.mapped(input);
        domain::check(&name, Format::IdnHostname, self)
            .map_err(|v| error(v, &name, input, Format::IdnHostname, self))
    }

    /// Whether `input` is a valid `idn-hostname` with these options. Allocation-free unless
    /// [`Options::uts46_mapping`] changes the input.
    pub fn is_idn_hostname(&self, input: &str) -> bool {
        domain::check(&self.mapped(input), Format::IdnHostname, self).is_ok()
    }

    /// The name the `idn-hostname` rules are checked on: the input, or its UTS #46 mapping.
    fn mapped<'a>(&self, input: &'a str) -> Cow<'a, str> {
        if self.uts46_mapping {
            // A code point the table disallows stays in place, and the IDNA2008 rules reject it.
            // Beyond what the length gate of the rules refuses, only the length matters.
            uts46::process::map_capped(input, crate::limits::MAX_IDN_NAME_BYTES + 3)
        } else {
            Cow::Borrowed(input)
        }
    }
}

/// The error of `violation`, found in `name` (the input, or its mapping), with the hint for
/// `input` (error path only).
fn error(
    violation: Violation,
    name: &str,
    input: &str,
    format: Format,
    options: &Options,
) -> Error {
    let hint = hint::find(input, format, options, violation.kind, violation.code_point);
    violation.into_error(name).with_hint(hint)
}

/// Checks `input` as a JSON Schema `hostname`: RFC 1123 section 2.1 host name syntax, where
/// every `xn--` label must also be a valid A-label (RFC 5891 section 4.4).
///
/// - ASCII only; labels of letters (either case), digits and hyphens, separated by `.`;
/// - each label 1 to 63 octets, not starting or ending with a hyphen; no trailing dot;
/// - the name at most 253 octets;
/// - a label starting with `xn--` (in any case) is a valid A-label: its Punycode decodes
///   (RFC 3492) to a valid U-label (RFC 5891 section 4.2, RFC 5892) and re-encodes to itself;
///   other labels with `--` in positions 3 and 4 are allowed, as RFC 1123 allows them;
/// - when a label is right-to-left, the name's U-label form obeys the Bidi rule (RFC 5893).
///
/// # Errors
///
/// The first rule the name breaks, with its label, position and code point.
///
/// # Examples
///
/// ```
/// use idn_hostname::{check_hostname, ErrorKind};
///
/// assert!(check_hostname("www.example.com").is_ok());
/// assert!(check_hostname("xn--bcher-kva.example").is_ok());
/// let err = check_hostname("exa_mple.com").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
/// assert_eq!(err.to_string(), r#"label 1 "exa_mple": U+005F not a letter, digit or hyphen (RFC 1123 section 2.1)"#);
/// ```
pub fn check_hostname(input: &str) -> Result<(), Error> {
    Options::new().check_hostname(input)
}

/// Whether `input` is a valid JSON Schema `hostname` (see [`check_hostname`]). Allocation-free:
/// the function to register with a JSON Schema validator.
pub fn is_hostname(input: &str) -> bool {
    Options::new().is_hostname(input)
}

/// Checks `input` as a JSON Schema `idn-hostname`: an internationalized host name of RFC 5890
/// section 2.3.2.3, whose labels are each an NR-LDH label, an A-label or a U-label.
///
/// - labels separated by U+002E, U+3002, U+FF0E or U+FF61; no empty label, no trailing
///   separator;
/// - an ASCII label is an NR-LDH label (as in [`check_hostname`]) or an A-label; a label with
///   `--` in positions 3 and 4 that is not an A-label is a reserved LDH label and is rejected
///   (RFC 5890 section 2.3.1);
/// - a label with non-ASCII code points is a U-label: NFC, every code point PVALID or its
///   contextual rule of RFC 5892 Appendix A satisfied, no leading combining mark, no hyphen
///   at either end or in positions 3 and 4 (RFC 5891 section 4.2);
/// - the Bidi rule of RFC 5893 on every label of a name with a right-to-left label;
/// - lengths measured on the A-label form: 63 octets a label, 253 the name.
///
/// No mapping is applied: `EXAMPLE.com` passes (LDH labels compare without case) but
/// `Bücher.de` does not, as `B` is not PVALID in a U-label.
///
/// # Errors
///
/// The first rule the name breaks, with its label, position and code point.
///
/// # Examples
///
/// ```
/// use idn_hostname::{check_idn_hostname, ErrorKind, DerivedProperty};
///
/// assert!(check_idn_hostname("bücher.example").is_ok());
/// assert!(check_idn_hostname("例え。テスト").is_ok());
/// let err = check_idn_hostname("i.xn--ls8h").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Disallowed);
/// assert_eq!(err.code_point(), Some('\u{1F4A9}'));
/// assert_eq!(err.to_string(), r#"label 2 "xn--ls8h" decodes to "💩": U+1F4A9 is DISALLOWED (RFC 5892)"#);
/// ```
pub fn check_idn_hostname(input: &str) -> Result<(), Error> {
    // Straight to the rules, not through `Options::check_idn_hostname`: without the branch to
    // the UTS #46 mapping, a program that only validates does not link the mapping table.
    let options = Options::new();
    domain::check(input, Format::IdnHostname, &options)
        .map_err(|v| error(v, input, input, Format::IdnHostname, &options))
}

/// Whether `input` is a valid JSON Schema `idn-hostname` (see [`check_idn_hostname`]).
/// Allocation-free: the function to register with a JSON Schema validator.
pub fn is_idn_hostname(input: &str) -> bool {
    // See `check_idn_hostname`.
    domain::check(input, Format::IdnHostname, &Options::new()).is_ok()
}
