//! Validates hostnames and internationalized hostnames exactly as the standards say: the JSON
//! Schema formats `hostname` (RFC 1123 section 2.1 host names whose `xn--` labels are valid
//! A-labels, RFC 5891 section 4.4) and `idn-hostname` (RFC 5890 section 2.3.2.3: NR-LDH labels,
//! A-labels and U-labels under IDNA2008, RFC 5890-5893, with Unicode 18.0.0 data), and when a
//! name is not valid, says which rule it breaks, in which label, at which code point.
//!
//! # Check a name
//!
//! [`is_hostname`] and [`is_idn_hostname`] answer yes or no and allocate nothing:
//!
//! ```
//! use idn_hostname::{is_hostname, is_idn_hostname};
//!
//! assert!(is_hostname("www.example.com"));
//! assert!(is_hostname("xn--bcher-kva.example")); // a valid A-label
//! assert!(!is_hostname("bücher.example"));      // a U-label is no `hostname`
//! assert!(is_idn_hostname("bücher.example"));
//! assert!(is_idn_hostname("例え。テスト"));        // U+3002 separates labels (RFC 3490 3.1)
//! assert!(!is_idn_hostname("i.xn--ls8h"));       // U+1F4A9 is DISALLOWED (RFC 5892)
//! ```
//!
//! # Say why not
//!
//! [`check_hostname`] and [`check_idn_hostname`] return the [`Error`]: its [`ErrorKind`] names
//! the rule, and its `Display` is one line ending with the clause (then, where the input looks
//! like a URL, `host:port` or another common mistake, a [`Hint`]).
//!
//! ```
//! use idn_hostname::{check_idn_hostname, ContextRule, ErrorKind};
//!
//! let err = check_idn_hostname("a\u{00B7}b.example").unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Context(ContextRule::MiddleDot));
//! assert_eq!(err.label_index(), Some(0));
//! assert_eq!(err.label(), "a\u{00B7}b");
//! assert_eq!(err.code_point(), Some('\u{00B7}'));
//! println!("{err}"); // label 1 "a·b": U+00B7 MIDDLE DOT must stand between two 'l' (RFC 5892 Appendix A.3)
//! ```
//!
//! # Options
//!
//! [`Options`] holds what the formats leave out, each departure named after its clause; its
//! default is exactly the formats.
//!
//! ```
//! use idn_hostname::{BidiScope, Options};
//!
//! let dns = Options::new()
//!     .allow_trailing_dot(true)       // the root label of a fully qualified name (RFC 1034 3.1)
//!     .allow_underscore_labels(true); // `_dmarc`, `_sip._tcp` (RFC 8552)
//! assert!(dns.is_hostname("_dmarc.example.com."));
//! assert!(!idn_hostname::is_hostname("_dmarc.example.com."));
//!
//! let python_idna = Options::new().bidi_scope(BidiScope::RtlLabels);
//! assert!(python_idna.is_idn_hostname("example.com"));
//!
//! // Map with UTS #46 (case, width) before the IDNA2008 rules: a departure from RFC 5890.
//! let mapped = Options::new().uts46_mapping(true);
//! assert!(mapped.is_idn_hostname("Bücher.de"));
//! assert!(!idn_hostname::is_idn_hostname("Bücher.de"));
//! ```
//!
//! # Register with a JSON Schema validator
//!
//! `jsonschema` takes the `fn(&str) -> bool` checkers as they are. Format assertion must be
//! turned on: in drafts 2019-09 and 2020-12 `format` is only an annotation by default.
//!
//! ```
//! use serde_json::json;
//!
//! let validator = jsonschema::options()
//!     .with_format("hostname", idn_hostname::is_hostname)
//!     .with_format("idn-hostname", idn_hostname::is_idn_hostname)
//!     .should_validate_formats(true)
//!     .build(&json!({ "type": "string", "format": "idn-hostname" }))?;
//! assert!(validator.is_valid(&json!("bücher.example")));
//! assert!(!validator.is_valid(&json!("i.xn--ls8h")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `boon` hands a format the whole `serde_json::Value`; the `json` module (feature
//! `serde_json`) has the functions of that shape, whose error is ours (an example below, with
//! that feature).
//!
//! # Keep a checked name
//!
//! [`Hostname`] and [`IdnHostname`] (and [`FqdnHostname`], [`FqdnIdnHostname`], which allow
//! a root dot) own a `String` known to be valid: made by `FromStr`,
//! `TryFrom<String>` and, with the `serde` feature, `Deserialize`, whose error carries the
//! message above (an example below, with the features `serde` and `serde_json`).
//!
//! # Convert a valid name (IDNA2008)
//!
//! [`to_ascii`] gives the A-label form of a valid `idn-hostname` for the DNS (RFC 5891
//! section 4.4) and [`to_unicode`] the U-label form of a valid `hostname` (RFC 5891 section
//! 5.5), without mapping, as Python `idna`'s `encode` and `decode` do; `_into` forms write into
//! a buffer of the caller's. A message about an error shows the label as written
//! ([`escape_invisible`]) and says what an A-label decodes to.
//!
//! ```
//! use idn_hostname::{to_ascii, to_unicode};
//!
//! assert_eq!(to_ascii("bücher。example").unwrap(), "xn--bcher-kva.example");
//! assert_eq!(to_unicode("xn--bcher-kva.example").unwrap(), "bücher.example");
//! let err = to_unicode("xn--ls8h.example").unwrap_err();
//! assert_eq!(err.kind().code(), "disallowed"); // stable codes: docs/errors.md
//! assert_eq!(err.to_string(), r#"label 1 "xn--ls8h" decodes to "💩": U+1F4A9 is DISALLOWED (RFC 5892)"#);
//! ```
//!
//! # Convert for lookup (UTS #46)
//!
//! The [`uts46`] module maps and converts names as a browser or resolver does before lookup:
//! ToASCII and ToUnicode of UTS #46 (revision 36), with its flags as [`uts46::Options`] and its
//! errors as the status codes of IdnaTestV2.txt.
//!
//! ```
//! use idn_hostname::uts46::{to_ascii, Options};
//!
//! assert_eq!(to_ascii("Bücher.example", Options::default()).unwrap(), "xn--bcher-kva.example");
//! // Mapping is not validation: the JSON Schema format refuses the input as it stands.
//! assert!(!idn_hostname::is_idn_hostname("Bücher.example"));
//! ```
//!
//! # Features
//!
//! - `std` (default): links the standard library (and turns on `serde/std` with `serde`).
//!   Without it the crate is `no_std` and needs `alloc` (for the label text in [`Error`] and the
//!   newtypes' `String`). [`Error`] implements `core::error::Error`, which is
//!   `std::error::Error`, with or without this feature.
//! - `serde`: `Serialize` and validating `Deserialize` for [`Hostname`] and [`IdnHostname`].
//! - `serde_json` (implies `std`): the `json` module.
//! - `security`: the `security` module (UTS #39: identifier profile, restriction levels,
//!   skeletons and confusables, a display verdict, lookalikes of trusted names).
//! - `schemars` (implies `serde`; no `std` needed): `schemars::JsonSchema` (schemars 1.x) for
//!   the four newtypes, so the schema a struct derives publishes what its `Deserialize` checks:
//!   [`Hostname`] is `{"type": "string", "format": "hostname"}` and [`IdnHostname`]
//!   `{"type": "string", "format": "idn-hostname"}` (JSON Schema Validation, draft 2020-12,
//!   section 7.3.3). No format allows the root dot, so [`FqdnHostname`] and [`FqdnIdnHostname`]
//!   publish `{"type": "string"}` with a `description` that says the rest. An MCP tool of `rmcp`
//!   whose parameters hold these types publishes the format and refuses a bad name before the
//!   tool runs (docs/agents.md in the repository).
//!
//! The command line `idn-hostname` (`--help`) checks names given as arguments or streamed on
//! standard input, one verdict a line, in text or JSON, with a summary for large files, and
//! converts them with `--to-ascii` / `--to-unicode`.
#![cfg_attr(
    all(feature = "serde_json", feature = "serde"),
    doc = r##"
## With `boon`, and keeping a checked name (features `serde_json`, `serde`)

`boon` hands a format the whole `serde_json::Value`; the [`json`] module (feature
`serde_json`) has the functions of that shape, whose error is ours:

```
use serde_json::json;

let mut compiler = boon::Compiler::new();
compiler.register_format(boon::Format { name: "hostname", func: idn_hostname::json::hostname_format });
compiler.register_format(boon::Format { name: "idn-hostname", func: idn_hostname::json::idn_hostname_format });
compiler.enable_format_assertions();
compiler.add_resource("urn:example:host", json!({ "format": "hostname" }))?;
let mut schemas = boon::Schemas::new();
let schema = compiler.compile("urn:example:host", &mut schemas)?;
assert!(schemas.validate(&json!("www.example.com"), schema).is_ok());
let bad = json!("host_name.example");
let err = schemas.validate(&bad, schema).unwrap_err();
assert!(err.to_string().contains("U+005F not a letter, digit or hyphen (RFC 1123 section 2.1)"));
# Ok::<(), Box<dyn std::error::Error>>(())
```

```
use idn_hostname::IdnHostname;

#[derive(Debug, serde::Deserialize)]
struct Config {
    upstream: IdnHostname,
}

let config: Config = serde_json::from_str(r#"{ "upstream": "bücher.example" }"#)?;
assert_eq!(config.upstream, "bücher.example");

let err = serde_json::from_str::<Config>(r#"{ "upstream": "-bücher.example" }"#).unwrap_err();
assert!(err.to_string().starts_with(r#"invalid idn-hostname: label 1 "-bücher": U+002D starts with a hyphen"#));
# Ok::<(), serde_json::Error>(())
```
"##
)]
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

extern crate alloc;

// The modules in layers, lowest first; each uses only modules of the layers before it
// (tests/architecture.rs checks it, docs/testing.md, "Layout", draws it).
mod tables;

mod ucd;

mod ascii;
mod escape;
mod limits;

mod bidi;
mod context;
mod nfc;
pub mod punycode;

mod error;

mod label;
mod options;

mod domain;
pub mod uts46;

mod hint;

mod formats;

mod convert;

mod newtypes;

#[cfg(feature = "serde_json")]
pub mod json;

#[cfg(feature = "security")]
pub mod security;

#[cfg(test)]
#[path = "../tests/common/data.rs"]
mod test_data;
#[cfg(test)]
#[path = "../tests/common/ucd.rs"]
mod test_ucd;
#[cfg(test)]
use test_data as data;

pub use bidi::BidiRule;
pub use context::ContextRule;
pub use convert::{
    ASCII_BUFFER_LEN, UNICODE_BUFFER_LEN, to_ascii, to_ascii_into, to_unicode, to_unicode_into,
};
pub use error::{Error, ErrorKind, Hint};
pub use escape::escape_invisible;
pub use formats::{check_hostname, check_idn_hostname, is_hostname, is_idn_hostname};
pub use newtypes::{FqdnHostname, FqdnIdnHostname, Hostname, IdnHostname};
pub use options::{BidiScope, Options};
pub use ucd::{DerivedProperty, derived_property};

/// The version of Unicode whose data every table of this crate was generated from.
pub const UNICODE_VERSION: (u8, u8, u8) = tables::UNICODE_VERSION;

/// The README's Rust example runs as a doctest, so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
