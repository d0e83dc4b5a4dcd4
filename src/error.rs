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
/// [`ErrorKind::code`] gives each rule a stable kebab-case code (the README's "Error codes"
/// table is this one; `tests/error_codes.rs` checks both against `code()`):
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
    decoded: Option<String>,
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

    /// Whether the hint on case applies: an upper-case ASCII letter is DISALLOWED beside
    /// non-ASCII code points, as IDNA2008 does not map (RFC 5891 section 5.2 leaves mapping to
    /// the application).
    fn upper_case_hint(&self) -> bool {
        self.kind == ErrorKind::Disallowed
            && self.code_point.is_some_and(|c| c.is_ascii_uppercase())
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
        if self.upper_case_hint() {
            // The clause stays last, as in every message.
            return f.write_str(
                "is DISALLOWED: lower-case it, or map with Options::uts46_mapping (RFC 5892)",
            );
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
        }
    }
}

/// The U-label form of an A-label, for a message (error path only).
fn decode_alabel(label: &str) -> Option<String> {
    let payload = label.get(ACE_PREFIX.len()..)?;
    crate::punycode::decode(&payload.to_ascii_lowercase()).ok()
}
