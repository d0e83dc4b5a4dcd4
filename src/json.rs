//! Format checkers over `serde_json::Value`, of the shape a JSON Schema validator that hands
//! the checker the whole instance registers (feature `serde_json`).
//!
//! JSON Schema 2020-12 Validation section 7.1: a format applies to instances of its type only,
//! so these accept every non-string instance, and judge a string with [`check_hostname`] or
//! [`check_idn_hostname`]. The error returned is the crate's [`Error`](crate::Error), boxed.
//!
//! They have exactly the type of `boon`'s `Format::func`, so registering is one line:
//!
//! ```
//! let mut compiler = boon::Compiler::new();
//! compiler.register_format(boon::Format { name: "hostname", func: idn_hostname::json::hostname_format });
//! compiler.register_format(boon::Format { name: "idn-hostname", func: idn_hostname::json::idn_hostname_format });
//! compiler.enable_format_assertions();
//! ```
//!
//! Validators that hand the checker a `&str` (`jsonschema`'s `with_format`) take
//! [`is_hostname`](crate::is_hostname) and [`is_idn_hostname`](crate::is_idn_hostname) as they
//! are.

use serde_json::Value;

use crate::formats::{check_hostname, check_idn_hostname};
use crate::newtypes::{check_fqdn_hostname, check_fqdn_idn_hostname};

/// The JSON Schema `hostname` format over a JSON value: `Ok` for a non-string, else
/// [`check_hostname`] (RFC 1123 section 2.1, A-labels per RFC 5891 section 4.4).
///
/// # Errors
///
/// For a string that is not a valid `hostname`: the crate's [`Error`](crate::Error), boxed,
/// whose message names the rule, the label and the code point.
///
/// # Examples
///
/// ```
/// use serde_json::json;
/// use idn_hostname::json::hostname_format;
///
/// assert!(hostname_format(&json!("www.example.com")).is_ok());
/// assert!(hostname_format(&json!(12)).is_ok()); // not a string: the format does not apply
/// let err = hostname_format(&json!("-a.example")).unwrap_err();
/// assert!(err.to_string().contains("starts with a hyphen"));
/// ```
pub fn hostname_format(value: &Value) -> Result<(), Box<dyn std::error::Error>> {
    match value {
        Value::String(s) => Ok(check_hostname(s)?),
        _ => Ok(()),
    }
}

/// The JSON Schema `idn-hostname` format over a JSON value: `Ok` for a non-string, else
/// [`check_idn_hostname`] (RFC 5890 section 2.3.2.3).
///
/// # Errors
///
/// For a string that is not a valid `idn-hostname`: the crate's [`Error`](crate::Error),
/// boxed, whose message names the rule, the label and the code point.
///
/// # Examples
///
/// ```
/// use serde_json::json;
/// use idn_hostname::json::idn_hostname_format;
///
/// assert!(idn_hostname_format(&json!("bücher.example")).is_ok());
/// assert!(idn_hostname_format(&json!(null)).is_ok());
/// assert!(idn_hostname_format(&json!("i.xn--ls8h")).is_err()); // U+1F4A9 is DISALLOWED
/// ```
pub fn idn_hostname_format(value: &Value) -> Result<(), Box<dyn std::error::Error>> {
    match value {
        Value::String(s) => Ok(check_idn_hostname(s)?),
        _ => Ok(()),
    }
}

/// The `hostname` format with a trailing root dot allowed (`example.com.`, RFC 1034 section
/// 3.1), for a schema whose names are fully qualified: `Ok` for a non-string, else
/// [`FqdnHostname`](crate::FqdnHostname)'s check. Register it under a name of your own, as it
/// is not the JSON Schema format.
///
/// # Errors
///
/// For a string that is not such a name: the crate's [`Error`](crate::Error), boxed.
///
/// # Examples
///
/// ```
/// use serde_json::json;
/// use idn_hostname::json::fqdn_hostname_format;
///
/// assert!(fqdn_hostname_format(&json!("www.example.com.")).is_ok());
/// assert!(fqdn_hostname_format(&json!("www.example.com..")).is_err());
/// ```
pub fn fqdn_hostname_format(value: &Value) -> Result<(), Box<dyn std::error::Error>> {
    match value {
        Value::String(s) => Ok(check_fqdn_hostname(s)?),
        _ => Ok(()),
    }
}

/// The `idn-hostname` format with one trailing label separator allowed (RFC 1034 section 3.1):
/// `Ok` for a non-string, else [`FqdnIdnHostname`](crate::FqdnIdnHostname)'s check.
///
/// # Errors
///
/// For a string that is not such a name: the crate's [`Error`](crate::Error), boxed.
///
/// # Examples
///
/// ```
/// use serde_json::json;
/// use idn_hostname::json::fqdn_idn_hostname_format;
///
/// assert!(fqdn_idn_hostname_format(&json!("bücher.example。")).is_ok());
/// assert!(fqdn_idn_hostname_format(&json!("bücher.example")).is_ok());
/// ```
pub fn fqdn_idn_hostname_format(value: &Value) -> Result<(), Box<dyn std::error::Error>> {
    match value {
        Value::String(s) => Ok(check_fqdn_idn_hostname(s)?),
        _ => Ok(()),
    }
}

/// The name of the custom format [`idn_hostname_display_safe_format`] checks (feature
/// `security`): an `idn-hostname` that a careful browser shows as written or in Unicode, with
/// no label falling back to its A-label. Named after the standard format it narrows, so that a
/// schema's reader sees the base, and after [`DisplayVerdict::is_safe_to_display`]
/// (docs/security.md, "JSON Schema").
///
/// [`DisplayVerdict::is_safe_to_display`]: crate::security::DisplayVerdict::is_safe_to_display
#[cfg(feature = "security")]
pub const DISPLAY_SAFE_FORMAT: &str = "idn-hostname-display-safe";

/// Why a valid `idn-hostname` is refused by [`idn_hostname_display_safe_format`]: its first
/// label that the display policy shows as an A-label, with the reasons, and the name as shown.
#[cfg(feature = "security")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSafeToDisplay {
    label_index: usize,
    label: String,
    reasons: crate::security::Reasons,
    display: String,
}

#[cfg(feature = "security")]
impl NotSafeToDisplay {
    /// The index of the first label shown as its A-label, from 0.
    pub fn label_index(&self) -> usize {
        self.label_index
    }

    /// That label, as written.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Why it is shown as its A-label.
    pub fn reasons(&self) -> crate::security::Reasons {
        self.reasons
    }

    /// The name as shown ([`DisplayVerdict::to_display_string`](crate::security::DisplayVerdict::to_display_string)).
    pub fn display(&self) -> &str {
        &self.display
    }
}

#[cfg(feature = "security")]
impl core::fmt::Display for NotSafeToDisplay {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "label {} \"{}\" is shown as its A-label (",
            self.label_index + 1,
            self.label
        )?;
        for (i, r) in self.reasons.iter().enumerate() {
            write!(f, "{}{}", if i > 0 { ", " } else { "" }, r.code())?;
        }
        write!(f, "): the name reads \"{}\" (UTS #39)", self.display)
    }
}

#[cfg(feature = "security")]
impl std::error::Error for NotSafeToDisplay {}

/// The custom format [`DISPLAY_SAFE_FORMAT`] over a JSON value (features `serde_json` and
/// `security`): `Ok` for a non-string, else the name must be a valid `idn-hostname` whose
/// display verdict under the default [`DisplayPolicy`](crate::security::DisplayPolicy)
/// (Chromium's model) shows every label as written or in Unicode. For schemas that receive
/// names to show to people, or to call, and want to refuse lookalikes at the boundary.
///
/// # Errors
///
/// The crate's [`Error`](crate::Error), boxed, for a string that is not a valid
/// `idn-hostname`; [`NotSafeToDisplay`], boxed, for one shown with an A-label.
///
/// # Examples
///
/// ```
/// use serde_json::json;
/// use idn_hostname::json::{NotSafeToDisplay, idn_hostname_display_safe_format};
///
/// assert!(idn_hostname_display_safe_format(&json!("bücher.example")).is_ok());
/// assert!(idn_hostname_display_safe_format(&json!(12)).is_ok()); // not a string
/// // Cyrillic "раура" with a Latin l: mixed scripts.
/// let err = idn_hostname_display_safe_format(&json!("\u{440}\u{430}\u{443}\u{440}\u{430}l.com"))
///     .unwrap_err();
/// assert_eq!(err.downcast_ref::<NotSafeToDisplay>().unwrap().display(), "xn--l-7sba6dbr.com");
/// assert!(idn_hostname_display_safe_format(&json!("-x.com")).is_err()); // the format's error
///
/// let mut compiler = boon::Compiler::new();
/// compiler.register_format(boon::Format {
///     name: idn_hostname::json::DISPLAY_SAFE_FORMAT,
///     func: idn_hostname_display_safe_format,
/// });
/// ```
#[cfg(feature = "security")]
pub fn idn_hostname_display_safe_format(value: &Value) -> Result<(), Box<dyn std::error::Error>> {
    let Value::String(s) = value else {
        return Ok(());
    };
    let verdict = crate::security::display_verdict(s)?;
    let refused = verdict
        .labels()
        .iter()
        .enumerate()
        .find(|(_, l)| l.form() == crate::security::Form::ALabel);
    match refused {
        None => Ok(()),
        Some((label_index, l)) => Err(Box::new(NotSafeToDisplay {
            label_index,
            label: l.label().into(),
            reasons: l.reasons(),
            display: verdict.to_display_string(),
        })),
    }
}

#[cfg(test)]
mod tests {
    //! Verdicts from the JSON Schema test suite (draft 2020-12), named by their description.

    use super::*;
    use crate::Error;
    use serde_json::json;

    #[test]
    fn the_boxed_error_is_the_crates() {
        // "contains underscore"
        let err = hostname_format(&json!("host_name")).unwrap_err();
        let err = err.downcast::<Error>().unwrap();
        assert_eq!(*err, check_hostname("host_name").unwrap_err());
        // "illegal first char U+302E Hangul single dot tone mark"
        let name = "\u{302E}실례.테스트";
        let err = idn_hostname_format(&json!(name)).unwrap_err();
        assert_eq!(
            *err.downcast::<Error>().unwrap(),
            check_idn_hostname(name).unwrap_err()
        );
    }

    #[test]
    fn every_non_string_is_valid() {
        // "all string formats ignore integers / floats / objects / arrays / booleans / nulls"
        for value in [
            json!(12),
            json!(13.7),
            json!({}),
            json!([]),
            json!(false),
            json!(null),
        ] {
            assert!(hostname_format(&value).is_ok());
            assert!(idn_hostname_format(&value).is_ok());
        }
        // "a valid host name (example.test in Hangul)"
        assert!(hostname_format(&json!("xn--9n2bp8q.xn--9t4b11yi5a")).is_ok());
        assert!(idn_hostname_format(&json!("실례.테스트")).is_ok());
    }

    /// UTS #39 section 5.2: Cyrillic with Latin in one label is past Highly Restrictive; a
    /// Latin-only label (Single Script) and an ASCII one are shown as they are. The verdicts
    /// are the security module's own (`display_verdict`), read through the format.
    #[cfg(feature = "security")]
    #[test]
    fn display_safe_refuses_what_the_display_verdict_shows_as_an_a_label() {
        use crate::security::{Reason, display_verdict};
        let name = "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com";
        let err = idn_hostname_display_safe_format(&json!(name)).unwrap_err();
        let err = err.downcast::<NotSafeToDisplay>().unwrap();
        assert_eq!(err.label_index(), 0);
        assert_eq!(err.label(), "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l");
        assert!(err.reasons().contains(Reason::MixedScripts));
        assert_eq!(
            err.display(),
            display_verdict(name).unwrap().to_display_string()
        );
        assert!(err.to_string().starts_with("label 1 "), "{err}");
        for ok in ["bücher.example", "www.example.com", "xn--bcher-kva.example"] {
            assert!(idn_hostname_display_safe_format(&json!(ok)).is_ok(), "{ok}");
        }
        // An invalid name gets the format's error.
        let err = idn_hostname_display_safe_format(&json!("-x.com")).unwrap_err();
        assert_eq!(
            *err.downcast::<Error>().unwrap(),
            check_idn_hostname("-x.com").unwrap_err()
        );
        for v in [
            json!(null),
            json!(1),
            json!(["\u{0441}\u{043E}\u{0441}\u{043E}.com"]),
        ] {
            assert!(idn_hostname_display_safe_format(&v).is_ok());
        }
    }
}
