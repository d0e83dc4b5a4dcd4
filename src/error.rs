//! The error of the `hostname` and `idn-hostname` checks: which rule failed, where.

use alloc::string::String;
use core::fmt;

use crate::bidi::BidiRule;
use crate::context::ContextRule;
use crate::escape::escape_invisible;
use crate::limits::ACE_PREFIX;
use crate::punycode::PunycodeError;

/// The rule a name breaks. Each variant's documentation names the clause it enforces; the
/// `Display` text ends with that clause too.
///
/// # Codes
///
/// [`ErrorKind::code`] gives each rule a stable kebab-case code (the "Error codes"
/// table of docs/errors.md is this one; `tests/error_codes.rs` checks both against `code()`):
///
/// | code | meaning | clause |
/// | --- | --- | --- |
/// | `empty-name` | the name is empty | RFC 1123 section 2.1 |
/// | `name-too-long` | more than 253 octets in A-label form | RFC 1034 section 3.1 |
/// | `empty-label` | an empty label (two dots in a row, a leading or trailing dot) | RFC 1034 section 3.1 |
/// | `label-too-long` | a label of more than 63 octets in A-label form | RFC 1034 section 3.1 |
/// | `invalid-character` | not a letter, digit or hyphen in an LDH label | RFC 1123 section 2.1 |
/// | `leading-hyphen` | a label starts with a hyphen | RFC 1123 section 2.1, RFC 5891 section 4.2.3.1 |
/// | `trailing-hyphen` | a label ends with a hyphen | RFC 1123 section 2.1, RFC 5891 section 4.2.3.1 |
/// | `hyphen-3-4` | a U-label with hyphens in its third and fourth positions | RFC 5891 section 4.2.3.1 |
/// | `numeric-tld` | the last (top-level) label is all-numeric | RFC 1123 section 2.1, RFC 3696 section 2 |
/// | `reserved-ldh-label` | `--` in positions 3 and 4 of an LDH label that is not an A-label | RFC 5890 section 2.3.1 |
/// | `punycode-non-basic` | a non-ASCII code point in Punycode (1) | RFC 3492 section 6.2 |
/// | `punycode-invalid-digit` | a byte with no Punycode digit-value (1) | RFC 3492 sections 5, 6.2 |
/// | `punycode-leading-delimiter` | an A-label's Punycode starts with its only delimiter | RFC 3492 section 6.2, RFC 5891 section 5.4 |
/// | `punycode-truncated` | an A-label's Punycode ends inside an integer | RFC 3492 section 6.2 |
/// | `punycode-overflow` | an A-label's Punycode overflows | RFC 3492 section 6.4 |
/// | `punycode-invalid-code-point` | an A-label decodes to a surrogate or beyond U+10FFFF | RFC 3492 section 5 |
/// | `punycode-too-long` | Punycode longer than its buffer (1) | RFC 3492 section 6.2 |
/// | `punycode-not-canonical` | Punycode that is not the encoding of its decoding (1) | RFC 3492 section 6.4, RFC 5891 section 5.4 |
/// | `not-nfc` | a U-label not in Normalization Form C | RFC 5891 section 5.3 |
/// | `leading-combining-mark` | a U-label starts with a combining mark | RFC 5891 section 4.2.3.2 |
/// | `disallowed` | a DISALLOWED code point | RFC 5892, RFC 5891 section 4.2.2 |
/// | `unassigned` | a code point UNASSIGNED in Unicode 18.0.0 | RFC 5892, RFC 5891 section 4.2.2 |
/// | `context-zero-width-non-joiner` | U+200C out of its context | RFC 5892 Appendix A.1 |
/// | `context-zero-width-joiner` | U+200D not after a virama | RFC 5892 Appendix A.2 |
/// | `context-middle-dot` | U+00B7 not between two `l` | RFC 5892 Appendix A.3 |
/// | `context-greek-keraia` | U+0375 not followed by a Greek character | RFC 5892 Appendix A.4 |
/// | `context-hebrew-geresh` | U+05F3 not after a Hebrew character | RFC 5892 Appendix A.5 |
/// | `context-hebrew-gershayim` | U+05F4 not after a Hebrew character | RFC 5892 Appendix A.6 |
/// | `context-katakana-middle-dot` | U+30FB in a label without Hiragana, Katakana or Han | RFC 5892 Appendix A.7 |
/// | `context-arabic-indic-digits` | U+0660..U+0669 beside an extended Arabic-Indic digit | RFC 5892 Appendix A.8 |
/// | `context-extended-arabic-indic-digits` | U+06F0..U+06F9 beside an Arabic-Indic digit | RFC 5892 Appendix A.9 |
/// | `bidi-rule-1` | a label of a Bidi domain name does not start with L, R or AL | RFC 5893 section 2, rule 1 |
/// | `bidi-rule-2` | a character not allowed in an RTL label | RFC 5893 section 2, rule 2 |
/// | `bidi-rule-3` | an RTL label does not end with R, AL, EN or AN | RFC 5893 section 2, rule 3 |
/// | `bidi-rule-4` | an RTL label holds both EN and AN | RFC 5893 section 2, rule 4 |
/// | `bidi-rule-5` | a character not allowed in an LTR label (2) | RFC 5893 section 2, rule 5 |
/// | `bidi-rule-6` | an LTR label of a Bidi domain name does not end with L or EN | RFC 5893 section 2, rule 6 |
///
/// (1) Not produced by `check_hostname` or `check_idn_hostname`, which decode only the Punycode of
/// an LDH label: ASCII letters, digits and hyphens, each a basic code point with a digit-value
/// after the last delimiter, at most 59 octets (one per code point at least, so the 63-code-point
/// buffer always holds the decoding), through the strict decoder, which admits one payload per
/// U-label (`punycode::decode_canonical_into` alone reports `NotCanonical`). They stay because
/// `ErrorKind::InvalidPunycode` carries a `PunycodeError`, whose other users meet them.
/// (2) Not produced by the formats either: every PVALID, CONTEXTJ or CONTEXTO code point outside
/// rule 5's classes is R, AL or AN, which makes its label an RTL one (checked against
/// Idna2008.txt and DerivedBidiClass.txt for every code point). UTS #46 reports it (`B5`): its
/// mapping table allows more.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The name is empty: a hostname has at least one label (RFC 1123 section 2.1).
    EmptyName,
    /// The name, in A-label form, is longer than 253 octets (RFC 1034 section 3.1; RFC 5890
    /// section 2.3.2.1 measures it on the A-label form). Also given for input longer than any
    /// valid name, before any per-character work.
    NameTooLong,
    /// A label is empty: two separators in a row, a leading separator, or a trailing one where
    /// the options do not accept a root dot (RFC 1034 section 3.1).
    EmptyLabel,
    /// A label, in A-label form, is longer than 63 octets (RFC 1034 section 3.1; RFC 5890
    /// section 2.3.2.1).
    LabelTooLong,
    /// A character that cannot stand in a label of this kind: outside letters, digits and
    /// hyphen in a `hostname` or an LDH label (RFC 1123 section 2.1, RFC 5890 section 2.3.1).
    InvalidCharacter,
    /// The label starts with a hyphen (RFC 1123 section 2.1; RFC 5891 section 4.2.3.1).
    LeadingHyphen,
    /// The label ends with a hyphen (RFC 1123 section 2.1; RFC 5891 section 4.2.3.1).
    TrailingHyphen,
    /// A U-label has hyphens in both its third and fourth positions (RFC 5891 section
    /// 4.2.3.1).
    HyphenPositions3And4,
    /// An LDH label with `--` in its third and fourth positions is a reserved LDH label; only
    /// A-labels (`xn--`) of those are valid (RFC 5890 section 2.3.1).
    ReservedLdhLabel,
    /// The last label, the top-level one, is all ASCII digits: "at least the highest-level
    /// component label will be alphabetic" (RFC 1123 section 2.1); "top-level domain names are
    /// not all-numeric" (RFC 3696 section 2). [`Options::allow_numeric_tld`](crate::Options::allow_numeric_tld)
    /// accepts it.
    NumericTopLevelLabel,
    /// An `xn--` label whose Punycode does not decode (RFC 3492; RFC 5891 section 5.4).
    ///
    /// The decoding is strict (RFC 3492 section 6.2), which leaves exactly one payload per
    /// U-label up to ASCII case: a payload that decodes is the encoding of its decoding, so the
    /// comparison of RFC 5891 section 5.4 cannot fail after it and has no kind of its own.
    InvalidPunycode(PunycodeError),
    /// A U-label that is not in Unicode Normalization Form C (RFC 5891 section 5.3; RFC 5890
    /// section 2.3.2.1).
    NotNfc,
    /// A U-label whose first code point is a combining mark, General_Category M (RFC 5891
    /// section 4.2.3.2).
    LeadingCombiningMark,
    /// A code point whose derived property is DISALLOWED (RFC 5892; RFC 5891 section 4.2.2).
    Disallowed,
    /// A code point not assigned in Unicode 18.0.0: UNASSIGNED (RFC 5892; RFC 5891 section
    /// 4.2.2).
    Unassigned,
    /// A CONTEXTJ or CONTEXTO code point whose rule of RFC 5892 Appendix A does not hold
    /// (RFC 5891 section 4.2.3.3).
    Context(ContextRule),
    /// A label of a Bidi domain name breaks a condition of the Bidi rule (RFC 5893 section 2).
    Bidi(BidiRule),
}

impl ErrorKind {
    /// A stable, kebab-case code for the rule: the same in every release for the same rule, and
    /// distinct for distinct rules. It is what the command line's `--json` and `--summary` print,
    /// and what a program should match on instead of the `Display` text (which may be reworded).
    ///
    /// The "Error codes" table of docs/errors.md lists each code with its meaning and clause.
    pub const fn code(&self) -> &'static str {
        match self {
            ErrorKind::EmptyName => "empty-name",
            ErrorKind::NameTooLong => "name-too-long",
            ErrorKind::EmptyLabel => "empty-label",
            ErrorKind::LabelTooLong => "label-too-long",
            ErrorKind::InvalidCharacter => "invalid-character",
            ErrorKind::LeadingHyphen => "leading-hyphen",
            ErrorKind::TrailingHyphen => "trailing-hyphen",
            ErrorKind::HyphenPositions3And4 => "hyphen-3-4",
            ErrorKind::ReservedLdhLabel => "reserved-ldh-label",
            ErrorKind::NumericTopLevelLabel => "numeric-tld",
            ErrorKind::InvalidPunycode(e) => match e {
                PunycodeError::NonBasic => "punycode-non-basic",
                PunycodeError::InvalidDigit => "punycode-invalid-digit",
                PunycodeError::LeadingDelimiter => "punycode-leading-delimiter",
                PunycodeError::Truncated => "punycode-truncated",
                PunycodeError::Overflow => "punycode-overflow",
                PunycodeError::InvalidCodePoint => "punycode-invalid-code-point",
                PunycodeError::TooLong => "punycode-too-long",
                PunycodeError::NotCanonical => "punycode-not-canonical",
            },
            ErrorKind::NotNfc => "not-nfc",
            ErrorKind::LeadingCombiningMark => "leading-combining-mark",
            ErrorKind::Disallowed => "disallowed",
            ErrorKind::Unassigned => "unassigned",
            ErrorKind::Context(rule) => match rule {
                ContextRule::ZeroWidthNonJoiner => "context-zero-width-non-joiner",
                ContextRule::ZeroWidthJoiner => "context-zero-width-joiner",
                ContextRule::MiddleDot => "context-middle-dot",
                ContextRule::GreekLowerNumeralSign => "context-greek-keraia",
                ContextRule::HebrewGeresh => "context-hebrew-geresh",
                ContextRule::HebrewGershayim => "context-hebrew-gershayim",
                ContextRule::KatakanaMiddleDot => "context-katakana-middle-dot",
                ContextRule::ArabicIndicDigits => "context-arabic-indic-digits",
                ContextRule::ExtendedArabicIndicDigits => "context-extended-arabic-indic-digits",
            },
            ErrorKind::Bidi(rule) => match rule {
                BidiRule::Rule1 => "bidi-rule-1",
                BidiRule::Rule2 => "bidi-rule-2",
                BidiRule::Rule3 => "bidi-rule-3",
                BidiRule::Rule4 => "bidi-rule-4",
                BidiRule::Rule5 => "bidi-rule-5",
                BidiRule::Rule6 => "bidi-rule-6",
            },
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::EmptyName => f.write_str("the name is empty (RFC 1123 section 2.1)"),
            ErrorKind::NameTooLong => {
                f.write_str("the name is longer than 253 octets in A-label form (RFC 1034 section 3.1)")
            }
            ErrorKind::EmptyLabel => f.write_str("empty label (RFC 1034 section 3.1)"),
            ErrorKind::LabelTooLong => {
                f.write_str("longer than 63 octets in A-label form (RFC 1034 section 3.1)")
            }
            ErrorKind::InvalidCharacter => {
                f.write_str("not a letter, digit or hyphen (RFC 1123 section 2.1)")
            }
            ErrorKind::LeadingHyphen => {
                f.write_str("starts with a hyphen (RFC 1123 section 2.1, RFC 5891 section 4.2.3.1)")
            }
            ErrorKind::TrailingHyphen => {
                f.write_str("ends with a hyphen (RFC 1123 section 2.1, RFC 5891 section 4.2.3.1)")
            }
            ErrorKind::HyphenPositions3And4 => {
                f.write_str("hyphens in the third and fourth positions (RFC 5891 section 4.2.3.1)")
            }
            ErrorKind::ReservedLdhLabel => f.write_str(
                "'--' in the third and fourth positions is reserved for A-labels (RFC 5890 section 2.3.1)",
            ),
            ErrorKind::NumericTopLevelLabel => f.write_str(
                "the top-level label is all-numeric (RFC 1123 section 2.1, RFC 3696 section 2)",
            ),
            ErrorKind::InvalidPunycode(e) => write!(f, "invalid Punycode: {e}"),
            ErrorKind::NotNfc => {
                f.write_str("not in Unicode Normalization Form C (RFC 5891 section 5.3)")
            }
            ErrorKind::LeadingCombiningMark => {
                f.write_str("starts with a combining mark (RFC 5891 section 4.2.3.2)")
            }
            ErrorKind::Disallowed => f.write_str("is DISALLOWED (RFC 5892)"),
            ErrorKind::Unassigned => f.write_str("is UNASSIGNED in Unicode 18.0.0 (RFC 5892)"),
            ErrorKind::Context(rule) => fmt::Display::fmt(rule, f),
            ErrorKind::Bidi(rule) => fmt::Display::fmt(rule, f),
        }
    }
}

/// What a name that fails looks like, when it is something else a sender had at hand: a hint
/// for the fix, looked for after the verdict and never changing it. Where a variant carries a
/// name (the host of a URL, the name without its white space), that name is valid in the same
/// format with the same options: the fix, as data.
///
/// # Codes
///
/// [`Hint::code`] gives each a stable kebab-case code (the `hint` of the command line's `--json`):
///
/// | code | the input | what it says |
/// | --- | --- | --- |
/// | `whitespace` | a valid name with white space around it (a trailing newline) | the name without it |
/// | `url` | `scheme://...` | its host |
/// | `email` | `local@domain` | its domain |
/// | `path` | `host/path` | the host |
/// | `port` | `host:port` | the host |
/// | `ip-literal` | `[...]`, an IP literal of a URL (RFC 3986 section 3.2.2) | formats `ipv4`, `ipv6` |
/// | `ipv4-address` | a dotted-decimal IPv4 address | format `ipv4` |
/// | `ipv6-address` | an IPv6 address | format `ipv6` |
/// | `trailing-dot` | a valid name with a root dot | the name without it; [`Options::allow_trailing_dot`](crate::Options::allow_trailing_dot) |
/// | `underscore-label` | a valid name but for a label starting with `_` | [`Options::allow_underscore_labels`](crate::Options::allow_underscore_labels) |
/// | `idn-hostname` | a `hostname` that is a valid `idn-hostname` | the A-label form ([`to_ascii`](crate::to_ascii)) |
/// | `upper-case` | an ASCII capital DISALLOWED in a U-label | the name with its ASCII letters in lower case; [`Options::uts46_mapping`](crate::Options::uts46_mapping) |
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    /// White space around a name that is valid without it.
    Whitespace {
        /// The name without the white space.
        name: String,
    },
    /// A URL (`scheme://`, RFC 3986 section 3).
    Url {
        /// Its host, when it is a valid name.
        host: Option<String>,
    },
    /// An e-mail address (`local@domain`, RFC 5321 section 4.1.2).
    Email {
        /// Its domain, when it is a valid name.
        domain: Option<String>,
    },
    /// A host followed by a path (`example.com/index.html`).
    Path {
        /// The host, when it is a valid name.
        host: Option<String>,
    },
    /// `host:port`: a port is not part of a host name (RFC 3986 section 3.2.3).
    Port {
        /// The host, when it is a valid name.
        host: Option<String>,
    },
    /// An IP literal in brackets (RFC 3986 section 3.2.2): the formats `ipv4` and `ipv6` check
    /// addresses.
    IpLiteral,
    /// A dotted-decimal IPv4 address: the format `ipv4` checks it.
    Ipv4Address,
    /// An IPv6 address: the format `ipv6` checks it.
    Ipv6Address,
    /// A valid name but for its root dot (RFC 1034 section 3.1).
    TrailingDot {
        /// The name without the dot.
        name: String,
    },
    /// A valid name but for a label starting with `_` (RFC 8552).
    UnderscoreLabel,
    /// A `hostname` that is a valid `idn-hostname`: `hostname` takes its A-label form.
    IdnHostname,
    /// An ASCII capital in a U-label, which IDNA2008 does not map (RFC 5891 section 5.2).
    UpperCase {
        /// The name with its ASCII letters in lower case, when that is valid.
        name: Option<String>,
    },
}

impl Hint {
    /// A stable kebab-case code for the hint (the table above).
    pub const fn code(&self) -> &'static str {
        match self {
            Hint::Whitespace { .. } => "whitespace",
            Hint::Url { .. } => "url",
            Hint::Email { .. } => "email",
            Hint::Path { .. } => "path",
            Hint::Port { .. } => "port",
            Hint::IpLiteral => "ip-literal",
            Hint::Ipv4Address => "ipv4-address",
            Hint::Ipv6Address => "ipv6-address",
            Hint::TrailingDot { .. } => "trailing-dot",
            Hint::UnderscoreLabel => "underscore-label",
            Hint::IdnHostname => "idn-hostname",
            Hint::UpperCase { .. } => "upper-case",
        }
    }

    /// The valid name the hint suggests in place of the input, where it has one.
    pub fn suggestion(&self) -> Option<&str> {
        match self {
            Hint::Whitespace { name } | Hint::TrailingDot { name } => Some(name),
            Hint::Url { host } | Hint::Path { host } | Hint::Port { host } => host.as_deref(),
            Hint::Email { domain } => domain.as_deref(),
            Hint::UpperCase { name } => name.as_deref(),
            Hint::IpLiteral
            | Hint::Ipv4Address
            | Hint::Ipv6Address
            | Hint::UnderscoreLabel
            | Hint::IdnHostname => None,
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, then) = match self {
            Hint::Whitespace { .. } => ("white space is not part of a host name", "the name is"),
            Hint::Url { .. } => ("this looks like a URL", "its host is"),
            Hint::Email { .. } => ("this looks like an e-mail address", "its domain is"),
            Hint::Path { .. } => ("a path is not part of a host name", "the host is"),
            Hint::Port { .. } => ("a port is not part of a host name", "the host is"),
            Hint::IpLiteral => (
                "an IP literal in brackets is not a host name (formats ipv4 and ipv6 check addresses)",
                "",
            ),
            Hint::Ipv4Address => ("this is an IPv4 address (format ipv4 checks it)", ""),
            Hint::Ipv6Address => ("this is an IPv6 address (format ipv6 checks it)", ""),
            Hint::TrailingDot { .. } => (
                "a host name has no root dot (Options::allow_trailing_dot accepts it)",
                "without it:",
            ),
            Hint::UnderscoreLabel => (
                "a label starting with '_' is a DNS service or policy name (Options::allow_underscore_labels accepts it)",
                "",
            ),
            Hint::IdnHostname => (
                "this is a valid idn-hostname; hostname takes its A-label form (to_ascii)",
                "",
            ),
            Hint::UpperCase { .. } => (
                "lower-case it, or map with Options::uts46_mapping",
                "in lower case:",
            ),
        };
        f.write_str(what)?;
        match self.suggestion() {
            Some(name) => write!(f, "; {then} \"{}\"", escape_invisible(name)),
            None => Ok(()),
        }
    }
}

/// Why a string is not a valid `hostname` or `idn-hostname`: the rule, the label, the position
/// and the code point.
///
/// Its `Display` is one line, e.g. `label 2 "xn--ls8h": U+1F4A9 is DISALLOWED (RFC 5892)`,
/// followed by `; hint: ...` where [`Error::hint`] has one.
/// Labels are counted from 1 in the message and from 0 by [`Error::label_index`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    kind: ErrorKind,
    label_index: Option<usize>,
    label: String,
    offset: usize,
    code_point: Option<char>,
    decoded: Option<String>,
    /// Boxed: the error path alone pays for it, and `Error` stays small in every `Result`.
    hint: Option<alloc::boxed::Box<Hint>>,
}

impl Error {
    /// The rule that failed.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The index (from 0) of the label at fault, or `None` for a fault of the whole name
    /// (empty, too long).
    pub fn label_index(&self) -> Option<usize> {
        self.label_index
    }

    /// The label at fault as it stands in the input (empty for a fault of the whole name).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The byte offset in the input of the offending code point, or of the start of the label
    /// when the fault is the label's as a whole or lies in the decoding of an A-label.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The offending code point, where there is one. For an A-label it is a code point of the
    /// decoded U-label.
    pub fn code_point(&self) -> Option<char> {
        self.code_point
    }

    /// The U-label that the A-label at fault decodes to (RFC 3492; basic code points in lower
    /// case, RFC 5891 section 5.3), when the rule broken is one of the decoded U-label (RFC
    /// 5891 section 5.4) rather than of the A-label's own characters.
    pub fn decoded(&self) -> Option<&str> {
        self.decoded.as_deref()
    }

    /// What the input looks like, when it is a common mistake of a sender (a URL, `host:port`,
    /// white space...), with the valid name in it where there is one: see [`Hint`]. Never
    /// changes the verdict.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_deref()
    }

    pub(crate) fn with_hint(mut self, hint: Option<Hint>) -> Error {
        self.hint = hint.map(alloc::boxed::Box::new);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label_index {
            Some(i) => write!(f, "label {} \"{}\"", i + 1, escape_invisible(&self.label))?,
            None => f.write_str("name")?,
        }
        if let Some(decoded) = &self.decoded {
            write!(f, " decodes to \"{}\"", escape_invisible(decoded))?;
        }
        f.write_str(": ")?;
        if let Some(c) = self.code_point {
            write!(f, "U+{:04X} ", c as u32)?;
        }
        fmt::Display::fmt(&self.kind, f)?;
        match &self.hint {
            Some(hint) => write!(f, "; hint: {hint}"),
            None => Ok(()),
        }
    }
}

// `core::error::Error` (Rust 1.81), so that `no_std` users have the trait too.
impl core::error::Error for Error {}

/// An error without its label text: what the validation path produces, allocation-free. The
/// public [`Error`] is made from it and the input only when a caller asks why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Violation {
    pub(crate) kind: ErrorKind,
    /// Index and byte range in the input of the label; `None` for the whole name.
    pub(crate) label: Option<(usize, usize, usize)>,
    pub(crate) offset: usize,
    pub(crate) code_point: Option<char>,
    /// Whether the rule broken is one of the U-label an A-label decodes to.
    pub(crate) decoded: bool,
}

impl Violation {
    /// A fault of the whole name.
    pub(crate) fn name(kind: ErrorKind) -> Violation {
        Violation {
            kind,
            label: None,
            offset: 0,
            code_point: None,
            decoded: false,
        }
    }

    /// The same violation, of the U-label its A-label decodes to.
    pub(crate) fn in_decoding(self) -> Violation {
        Violation {
            decoded: true,
            ..self
        }
    }

    pub(crate) fn into_error(self, input: &str) -> Error {
        let (label_index, label) = match self.label {
            Some((index, start, end)) => (
                Some(index),
                String::from(input.get(start..end).unwrap_or("")),
            ),
            None => (None, String::new()),
        };
        let decoded = if self.decoded {
            decode_alabel(&label)
        } else {
            None
        };
        Error {
            kind: self.kind,
            label_index,
            label,
            offset: self.offset,
            code_point: self.code_point,
            decoded,
            hint: None,
        }
    }
}

/// The U-label form of an A-label, for a message (error path only).
fn decode_alabel(label: &str) -> Option<String> {
    let payload = label.get(ACE_PREFIX.len()..)?;
    crate::punycode::decode(&payload.to_ascii_lowercase()).ok()
}
