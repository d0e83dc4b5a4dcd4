//! The error of the `hostname` and `idn-hostname` checks: which rule failed, where.

use alloc::string::String;
use core::fmt;

use crate::bidi::BidiRule;
use crate::context::ContextRule;
use crate::punycode::PunycodeError;

/// The rule a name breaks. Each variant's documentation names the clause it enforces; the
/// `Display` text ends with that clause too.
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
    /// An `xn--` label whose Punycode does not decode (RFC 3492; RFC 5891 section 5.4).
    ///
    /// The decoding is strict (RFC 3492 section 6.2), which leaves exactly one payload per
    /// U-label up to ASCII case: a payload that decodes is the encoding of its decoding, so the
    /// comparison of RFC 5891 section 5.4 cannot fail after it and has no kind of its own.
    InvalidPunycode(PunycodeError),
    /// An `xn--` label that decodes to ASCII only: a U-label has a non-ASCII code point
    /// (RFC 5890 section 2.3.2.1).
    ALabelAsciiOnly,
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
    /// The README's "Error codes" table lists each code with its meaning and clause.
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
            ErrorKind::ALabelAsciiOnly => "a-label-ascii-only",
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
            ErrorKind::InvalidPunycode(e) => write!(f, "invalid Punycode: {e}"),
            ErrorKind::ALabelAsciiOnly => f.write_str(
                "decodes to ASCII only, so it is not an A-label (RFC 5890 section 2.3.2.1)",
            ),
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

/// Why a string is not a valid `hostname` or `idn-hostname`: the rule, the label, the position
/// and the code point.
///
/// Its `Display` is one line, e.g. `label 2 "xn--ls8h": U+1F4A9 is DISALLOWED (RFC 5892)`.
/// Labels are counted from 1 in the message and from 0 by [`Error::label_index`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    kind: ErrorKind,
    label_index: Option<usize>,
    label: String,
    offset: usize,
    code_point: Option<char>,
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
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label_index {
            Some(i) => write!(f, "label {} {:?}: ", i + 1, self.label)?,
            None => f.write_str("name: ")?,
        }
        if let Some(c) = self.code_point {
            write!(f, "U+{:04X} ", c as u32)?;
        }
        fmt::Display::fmt(&self.kind, f)
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
}

impl Violation {
    /// A fault of the whole name.
    pub(crate) fn name(kind: ErrorKind) -> Violation {
        Violation {
            kind,
            label: None,
            offset: 0,
            code_point: None,
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
        Error {
            kind: self.kind,
            label_index,
            label,
            offset: self.offset,
            code_point: self.code_point,
        }
    }
}
