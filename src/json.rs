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
}
