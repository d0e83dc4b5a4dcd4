//! Owned strings that are known to be a valid `hostname` or `idn-hostname`: parse once at the
//! boundary (`FromStr`, `TryFrom<String>`, serde's `Deserialize` behind the `serde` feature),
//! then pass the proof around in the type.
//!
//! The check of [`Hostname`] and [`IdnHostname`] is the one of the free functions with
//! `Options::default()`, so exactly the JSON Schema formats: [`check_hostname`] (RFC 1123
//! section 2.1 with valid A-labels, RFC 5891 section 4.4) and [`check_idn_hostname`] (RFC 5890
//! section 2.3.2.3). Nothing is mapped or folded: the string kept is the string checked, so `Eq`, `Ord` and `Hash` are those of the
//! string (`Example.com` and `example.com` are two values, though DNS matches them without
//! case, RFC 4343). [`FqdnHostname`] and [`FqdnIdnHostname`] are the same with a trailing root
//! dot allowed, the common departure for names that DNS software writes fully qualified.

use alloc::borrow::Cow;
use alloc::string::String;
use core::borrow::Borrow;
use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::convert;
use crate::error::Error;
use crate::formats::{check_hostname, check_idn_hostname};
use crate::options::Options;

macro_rules! newtype {
    (
        $(#[$doc:meta])*
        $name:ident, $check:path, $format:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(String);

        impl $name {
            #[doc = concat!("Checks that `name` is a valid ", $format, " and keeps it.")]
            ///
            /// # Errors
            ///
            /// The first rule the name breaks, with its label, position and code point; the
            /// string is dropped.
            pub fn new(name: String) -> Result<$name, Error> {
                $check(&name)?;
                Ok($name(name))
            }

            /// The name, as it was given.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The name as an owned `String`, without a copy.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl FromStr for $name {
            type Err = Error;

            /// Checks `s` first: nothing is allocated for an invalid name.
            fn from_str(s: &str) -> Result<$name, Error> {
                $check(s)?;
                Ok($name(String::from(s)))
            }
        }

        impl TryFrom<String> for $name {
            type Error = Error;

            fn try_from(name: String) -> Result<$name, Error> {
                $name::new(name)
            }
        }

        impl TryFrom<&str> for $name {
            type Error = Error;

            fn try_from(name: &str) -> Result<$name, Error> {
                name.parse()
            }
        }

        impl From<$name> for String {
            fn from(name: $name) -> String {
                name.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        // `Eq`, `Ord` and `Hash` are the inner `String`'s, so they agree with `str`'s, as
        // `Borrow` requires: a `HashSet<$name>` can be searched with a `&str`.
        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name {
            /// Accepts a string that passes the check; the error of any other carries the
            /// crate's message (the rule, label, position and code point).
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                struct Visitor;

                impl serde::de::Visitor<'_> for Visitor {
                    type Value = $name;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a string that is a valid ", $format))
                    }

                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        v.parse().map_err(invalid::<E>)
                    }

                    // An owned string is kept as it is: no second allocation.
                    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<$name, E> {
                        $name::new(v).map_err(invalid::<E>)
                    }
                }

                fn invalid<E: serde::de::Error>(e: Error) -> E {
                    E::custom(format_args!(concat!("invalid ", $format, ": {}"), e))
                }

                deserializer.deserialize_string(Visitor)
            }
        }
    };
}

newtype! {
    /// A `String` that is a valid JSON Schema `hostname` ([`check_hostname`]): RFC 1123
    /// section 2.1 host name syntax, every `xn--` label a valid A-label (RFC 5891 section 4.4).
    ///
    /// Made by [`Hostname::new`], `FromStr`, `TryFrom<String>`, `TryFrom<&str>`, and with the
    /// `serde` feature by `Deserialize`, which fails with the crate's message. With the
    /// `schemars` feature its `JsonSchema` is `{"type": "string", "format": "hostname"}` (JSON
    /// Schema Validation, draft 2020-12, section 7.3.3), inlined where it is used.
    ///
    /// # Examples
    ///
    /// ```
    /// use idn_hostname::Hostname;
    ///
    /// let host: Hostname = "xn--bcher-kva.example".parse()?;
    /// assert_eq!(host, "xn--bcher-kva.example");
    /// assert!(host.ends_with(".example")); // `Deref<Target = str>`
    ///
    /// let err = "exa_mple.com".parse::<Hostname>().unwrap_err();
    /// assert_eq!(err.code_point(), Some('_'));
    /// # Ok::<(), idn_hostname::Error>(())
    /// ```
    Hostname, check_hostname, "hostname"
}

newtype! {
    /// A `String` that is a valid JSON Schema `idn-hostname` ([`check_idn_hostname`]): an
    /// internationalized host name of RFC 5890 section 2.3.2.3, its labels NR-LDH labels,
    /// A-labels or U-labels, kept in the form given (no conversion to A-labels).
    ///
    /// Made by [`IdnHostname::new`], `FromStr`, `TryFrom<String>`, `TryFrom<&str>`, and with
    /// the `serde` feature by `Deserialize`, which fails with the crate's message. With the
    /// `schemars` feature its `JsonSchema` is `{"type": "string", "format": "idn-hostname"}`
    /// (JSON Schema Validation, draft 2020-12, section 7.3.3), inlined where it is used.
    ///
    /// # Examples
    ///
    /// ```
    /// use idn_hostname::IdnHostname;
    ///
    /// let host = IdnHostname::try_from(String::from("bücher.example"))?;
    /// assert_eq!(host.to_string(), "bücher.example");
    ///
    /// let err = IdnHostname::try_from("i.xn--ls8h").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     r#"label 2 "xn--ls8h" decodes to "💩": U+1F4A9 is DISALLOWED (RFC 5892)"#
    /// );
    /// # Ok::<(), idn_hostname::Error>(())
    /// ```
    IdnHostname, check_idn_hostname, "idn-hostname"
}

newtype! {
    /// A `String` that is a valid fully qualified `hostname`: a [`Hostname`] that may end with
    /// the root label's dot (`example.com.`, RFC 1034 section 3.1), which the JSON Schema
    /// format refuses. The 253-octet limit is measured without it. The check is
    /// [`Options::allow_trailing_dot`](crate::Options::allow_trailing_dot)'s.
    ///
    /// With the `schemars` feature its `JsonSchema` is `{"type": "string"}` and a `description`
    /// that says the rest in words: no JSON Schema format allows the root dot (`hostname`
    /// refuses `example.com.`), and a format name of our own would make validators that assert
    /// formats refuse the schema (draft 2020-12 Validation section 7.2.3; Ajv's default strict
    /// mode). The check is `Deserialize`'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use idn_hostname::FqdnHostname;
    ///
    /// assert!("www.example.com.".parse::<FqdnHostname>().is_ok());
    /// assert!("www.example.com".parse::<FqdnHostname>().is_ok());
    /// assert!("www.example.com..".parse::<FqdnHostname>().is_err());
    /// ```
    FqdnHostname, check_fqdn_hostname, "fully qualified hostname"
}

newtype! {
    /// A `String` that is a valid fully qualified `idn-hostname`: an [`IdnHostname`] that may
    /// end with one label separator, the root label's (RFC 1034 section 3.1; any of the four
    /// full stops of RFC 5890 section 2.3.2.3). The check is
    /// [`Options::allow_trailing_dot`](crate::Options::allow_trailing_dot)'s.
    ///
    /// With the `schemars` feature its `JsonSchema` is `{"type": "string"}` and a `description`,
    /// for the reasons [`FqdnHostname`] gives.
    ///
    /// # Examples
    ///
    /// ```
    /// use idn_hostname::FqdnIdnHostname;
    ///
    /// let host: FqdnIdnHostname = "例え。テスト。".parse()?;
    /// assert_eq!(host.to_ascii(), "xn--r8jz45g.xn--zckzah.");
    /// # Ok::<(), idn_hostname::Error>(())
    /// ```
    FqdnIdnHostname, check_fqdn_idn_hostname, "fully qualified idn-hostname"
}

/// `schemars::JsonSchema` (feature `schemars`): the schema a type publishes is the one its
/// `Deserialize` checks. Each schema is inlined where the type is used (as schemars does for
/// `String`), so a field reads `{"type": "string", "format": "hostname"}`, with no `$ref`.
#[cfg(feature = "schemars")]
macro_rules! json_schema {
    ($name:ident, { $($key:literal: $value:expr),* $(,)? }) => {
        impl schemars::JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }

            // Unique beyond this crate: another crate's `Hostname` is another schema.
            fn schema_id() -> Cow<'static, str> {
                Cow::Borrowed(concat!("idn_hostname::", stringify!($name)))
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let mut schema = schemars::Schema::default();
                $(schema.insert(String::from($key), $value.into());)*
                schema
            }
        }
    };
}

// The JSON Schema formats of Validation, draft 2020-12, section 7.3.3 ("Hostnames"), which these
// types check exactly.
#[cfg(feature = "schemars")]
json_schema!(Hostname, { "type": "string", "format": "hostname" });
#[cfg(feature = "schemars")]
json_schema!(IdnHostname, { "type": "string", "format": "idn-hostname" });

// No format of JSON Schema (Validation, draft 2020-12, section 7.3) allows the root dot:
// `hostname` and `idn-hostname` refuse `example.com.` (the official test suite's "trailing dot"
// cases), and a format of our own would be refused by validators that assert formats (section
// 7.2.3: an unknown format fails under the Format-Assertion vocabulary; Ajv's strict mode throws).
// So the fully qualified types publish what is true, a string, and say the rest in words.
#[cfg(feature = "schemars")]
json_schema!(FqdnHostname, {
    "type": "string",
    "description": "A hostname (JSON Schema format `hostname`: RFC 1123 section 2.1, valid \
        A-labels) that may end with the root label's dot (RFC 1034 section 3.1).",
});
#[cfg(feature = "schemars")]
json_schema!(FqdnIdnHostname, {
    "type": "string",
    "description": "An internationalized hostname (JSON Schema format `idn-hostname`: RFC 5890 \
        section 2.3.2.3) that may end with the root label's dot (RFC 1034 section 3.1).",
});

/// The options of the fully qualified variants: the formats and a root dot.
const FQDN: Options = Options::new().allow_trailing_dot(true);

/// [`check_hostname`] with a trailing root dot allowed (RFC 1034 section 3.1).
pub(crate) fn check_fqdn_hostname(name: &str) -> Result<(), Error> {
    FQDN.check_hostname(name)
}

/// [`check_idn_hostname`] with a trailing root dot allowed (RFC 1034 section 3.1).
pub(crate) fn check_fqdn_idn_hostname(name: &str) -> Result<(), Error> {
    FQDN.check_idn_hostname(name)
}

impl IdnHostname {
    /// The A-label form (RFC 5891 section 4.4), a valid `hostname`: see [`crate::to_ascii`].
    /// Borrows the name when it is in that form already.
    ///
    /// ```
    /// use idn_hostname::IdnHostname;
    ///
    /// let host: IdnHostname = "bücher.example".parse()?;
    /// assert_eq!(host.to_ascii(), "xn--bcher-kva.example");
    /// # Ok::<(), idn_hostname::Error>(())
    /// ```
    pub fn to_ascii(&self) -> Cow<'_, str> {
        convert::ascii_form(&self.0)
    }
}

impl FqdnIdnHostname {
    /// The A-label form (RFC 5891 section 4.4), the root dot kept as U+002E: see
    /// [`crate::to_ascii`].
    pub fn to_ascii(&self) -> Cow<'_, str> {
        convert::ascii_form(&self.0)
    }
}

impl Hostname {
    /// The U-label form (RFC 5891 section 5.5): see [`crate::to_unicode`]. Borrows the name
    /// when it holds no A-label.
    ///
    /// ```
    /// use idn_hostname::Hostname;
    ///
    /// let host: Hostname = "xn--bcher-kva.example".parse()?;
    /// assert_eq!(host.to_unicode(), "bücher.example");
    /// # Ok::<(), idn_hostname::Error>(())
    /// ```
    pub fn to_unicode(&self) -> Cow<'_, str> {
        convert::unicode_form(&self.0)
    }
}

impl FqdnHostname {
    /// The U-label form (RFC 5891 section 5.5): see [`crate::to_unicode`].
    pub fn to_unicode(&self) -> Cow<'_, str> {
        convert::unicode_form(&self.0)
    }
}

#[cfg(test)]
mod tests {
    //! Verdicts from the JSON Schema test suite (draft 2020-12 `hostname.json` and
    //! `idn-hostname.json`), named by their case description.

    use super::*;
    use alloc::collections::BTreeSet;
    use std::collections::HashSet;

    #[test]
    fn made_from_a_valid_name_by_every_constructor() {
        // "a valid host name"
        let name = "www.example.com";
        let parsed: Hostname = name.parse().unwrap();
        assert_eq!(Hostname::try_from(name).unwrap(), parsed);
        assert_eq!(Hostname::try_from(String::from(name)).unwrap(), parsed);
        assert_eq!(Hostname::new(String::from(name)).unwrap(), parsed);
        assert_eq!(parsed.as_str(), name);
        assert_eq!(parsed.as_ref(), name);
        assert_eq!(&*parsed, name);
        assert_eq!(parsed.to_string(), name);
        assert_eq!(parsed, name);
        assert_eq!(String::from(parsed.clone()), name);
        assert_eq!(parsed.into_string(), name);

        // "a valid host name (example.test in Hangul)"
        let idn: IdnHostname = "실례.테스트".parse().unwrap();
        assert_eq!(idn, "실례.테스트");
        assert_eq!(idn.len(), "실례.테스트".len());
    }

    #[test]
    fn an_owned_string_is_kept_without_a_copy() {
        let name = String::from("xn--9n2bp8q.xn--9t4b11yi5a");
        let at = name.as_ptr();
        let host = Hostname::try_from(name).unwrap();
        assert_eq!(host.as_str().as_ptr(), at);
        let back = host.into_string();
        assert_eq!(back.as_ptr(), at);
    }

    #[test]
    fn an_invalid_name_is_refused_with_the_error_of_the_check() {
        for name in [
            "host_name",
            "-hostname",
            "example.",
            "",
            "\u{212A}elvin.example.com",
        ] {
            let want = check_hostname(name).unwrap_err();
            assert_eq!(name.parse::<Hostname>().unwrap_err(), want, "{name:?}");
            assert_eq!(Hostname::try_from(String::from(name)).unwrap_err(), want);
        }
        // "illegal first char U+302E Hangul single dot tone mark"
        let name = "\u{302E}실례.테스트";
        let err = name.parse::<IdnHostname>().unwrap_err();
        assert_eq!(err, check_idn_hostname(name).unwrap_err());
        assert_eq!(err.code_point(), Some('\u{302E}'));
        // A U-label is no `hostname` ("invalid non-ASCII KELVIN SIGN" is the suite's case of
        // that rule), though it is an `idn-hostname`.
        assert!("실례.테스트".parse::<Hostname>().is_err());
    }

    #[test]
    fn eq_ord_hash_are_those_of_the_string() {
        let names = ["b.example", "a.example", "A.example", "xn--ll-0ea"];
        let hosts: BTreeSet<Hostname> = names.iter().map(|n| n.parse().unwrap()).collect();
        let strs: BTreeSet<&str> = names.iter().copied().collect();
        assert!(hosts.iter().map(Hostname::as_str).eq(strs.iter().copied()));
        let set: HashSet<Hostname> = names.iter().map(|n| n.parse().unwrap()).collect();
        // `Borrow<str>`: looked up by `&str`. No case folding: two values.
        assert!(set.contains("a.example") && set.contains("A.example"));
        assert!(!set.contains("c.example"));
    }

    #[cfg(feature = "serde")]
    mod serde {
        use super::*;

        #[derive(::serde::Deserialize, ::serde::Serialize, Debug, PartialEq)]
        struct Target {
            host: Hostname,
            idn: IdnHostname,
        }

        #[test]
        fn deserialize_checks_and_serialize_writes_the_string() {
            let json = r#"{"host":"www.example.com","idn":"실례.테스트"}"#;
            let target: Target = serde_json::from_str(json).unwrap();
            assert_eq!(target.host, "www.example.com");
            assert_eq!(target.idn, "실례.테스트");
            assert_eq!(serde_json::to_string(&target).unwrap(), json);
            // From a `Value` (owned strings: `visit_string`).
            let value = serde_json::json!({"host": "a--b.com", "idn": "xn--ll-0ea"});
            let target: Target = serde_json::from_value(value).unwrap();
            assert_eq!(target.host, "a--b.com");
        }

        #[test]
        fn the_deserialization_error_carries_our_message() {
            // "contains underscore"
            let want = check_hostname("host_name").unwrap_err().to_string();
            let err = serde_json::from_str::<Hostname>(r#""host_name""#).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with(&format!("invalid hostname: {want}")),
                "{err}"
            );
            // "contains illegal char U+302E Hangul single dot tone mark", from a `Value`.
            let name = "실\u{302E}례.테스트";
            let want = check_idn_hostname(name).unwrap_err().to_string();
            let err = serde_json::from_value::<IdnHostname>(serde_json::json!(name)).unwrap_err();
            assert_eq!(err.to_string(), format!("invalid idn-hostname: {want}"));
            // Inside a struct, with its position.
            let err =
                serde_json::from_str::<Target>(r#"{"host":"a.example","idn":"-x"}"#).unwrap_err();
            let want = check_idn_hostname("-x").unwrap_err().to_string();
            assert!(err.to_string().contains(&want), "{err}");
            assert_eq!(err.line(), 1);
            // Not a string at all.
            let err = serde_json::from_str::<Hostname>("12").unwrap_err();
            assert!(
                err.to_string()
                    .contains("a string that is a valid hostname"),
                "{err}"
            );
        }
    }
}
