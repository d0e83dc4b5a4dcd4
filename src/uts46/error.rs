//! The errors UTS #46 records, named by the status codes of IdnaTestV2.txt.

use alloc::string::String;
use core::fmt;

/// A condition UTS #46 records as an error, with the status code IdnaTestV2.txt gives it
/// ("Pn for Section 4 Processing step n, Vn for 4.1 Validity Criteria step n, U1 for
/// UseSTD3ASCIIRules, An for 4.2 ToASCII step n, Bn for Bidi, Cn for ContextJ, Xn for toUnicode
/// issues").
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Section 4 (Processing), step 4.1 (Convert/Validate): a label starting with "xn--" holds a
    /// non-ASCII code point, is not valid Punycode (RFC 3492), or decodes to an empty or
    /// all-ASCII label.
    P4,
    /// Section 4.1 (Validity Criteria), criterion 1: the label is not in Normalization Form C.
    V1,
    /// Section 4.1, criterion 2 (CheckHyphens): the label has U+002D HYPHEN-MINUS in both its
    /// third and fourth positions.
    V2,
    /// Section 4.1, criterion 3 (CheckHyphens): the label begins or ends with U+002D
    /// HYPHEN-MINUS.
    V3,
    /// Section 4.1, criterion 4: the label begins with "xn--" after Punycode decoding.
    V4,
    /// Section 4.1, criterion 5: the label holds U+002E FULL STOP (only possible in a decoded
    /// Punycode label).
    V5,
    /// Section 4.1, criterion 6: the label begins with a combining mark (General_Category=Mark).
    V6,
    /// Section 4.1, criterion 7: a code point's status in the IDNA Mapping Table (section 5) is
    /// not `valid` (or `deviation`, for Nontransitional Processing).
    V7,
    /// Section 4.1, criterion 7 (UseSTD3ASCIIRules): an ASCII code point other than a-z, 0-9 and
    /// U+002D HYPHEN-MINUS.
    U1,
    /// Section 4.2 (ToASCII), step 3: Punycode encoding failed (RFC 3492 section 6.4 overflow).
    A3,
    /// Section 4.2, step 4.1 (VerifyDnsLength): the domain name, without the root label and its
    /// dot, is not 1 to 253 octets long.
    A4_1,
    /// Section 4.2, step 4.2 (VerifyDnsLength): a label is not 1 to 63 octets long; since
    /// revision 31, the empty root label counts too.
    A4_2,
    /// Section 4.1, criterion 9 (CheckBidi): RFC 5893 section 2, rule 1 (the first character of
    /// a label of a Bidi domain name is L, R or AL).
    B1,
    /// Section 4.1, criterion 9: RFC 5893 section 2, rule 2 (characters allowed in an RTL label).
    B2,
    /// Section 4.1, criterion 9: RFC 5893 section 2, rule 3 (how an RTL label ends).
    B3,
    /// Section 4.1, criterion 9: RFC 5893 section 2, rule 4 (EN and AN not both in an RTL label).
    B4,
    /// Section 4.1, criterion 9: RFC 5893 section 2, rule 5 (characters allowed in an LTR label).
    B5,
    /// Section 4.1, criterion 9: RFC 5893 section 2, rule 6 (how an LTR label ends).
    B6,
    /// Section 4.1, criterion 8 (CheckJoiners): RFC 5892 Appendix A.1, ZERO WIDTH NON-JOINER.
    C1,
    /// Section 4.1, criterion 8 (CheckJoiners): RFC 5892 Appendix A.2, ZERO WIDTH JOINER.
    C2,
    /// ToUnicode (section 4.3) found an empty label other than the root label: the code
    /// IdnaTestV2.txt uses where ToASCII records A4_2. Recorded only with VerifyDnsLength.
    X4_2,
}

/// Every status, in bit order.
const ALL: [Status; 21] = [
    Status::P4,
    Status::V1,
    Status::V2,
    Status::V3,
    Status::V4,
    Status::V5,
    Status::V6,
    Status::V7,
    Status::U1,
    Status::A3,
    Status::A4_1,
    Status::A4_2,
    Status::B1,
    Status::B2,
    Status::B3,
    Status::B4,
    Status::B5,
    Status::B6,
    Status::C1,
    Status::C2,
    Status::X4_2,
];

impl Status {
    /// The status code as IdnaTestV2.txt writes it: `"P4"`, `"V7"`, `"A4_1"`, ...
    pub const fn code(self) -> &'static str {
        match self {
            Status::P4 => "P4",
            Status::V1 => "V1",
            Status::V2 => "V2",
            Status::V3 => "V3",
            Status::V4 => "V4",
            Status::V5 => "V5",
            Status::V6 => "V6",
            Status::V7 => "V7",
            Status::U1 => "U1",
            Status::A3 => "A3",
            Status::A4_1 => "A4_1",
            Status::A4_2 => "A4_2",
            Status::B1 => "B1",
            Status::B2 => "B2",
            Status::B3 => "B3",
            Status::B4 => "B4",
            Status::B5 => "B5",
            Status::B6 => "B6",
            Status::C1 => "C1",
            Status::C2 => "C2",
            Status::X4_2 => "X4_2",
        }
    }

    /// The status whose code is `code`, as IdnaTestV2.txt writes it.
    pub fn from_code(code: &str) -> Option<Status> {
        ALL.iter().copied().find(|s| s.code() == code)
    }

    /// The clause of UTS #46 (or of the RFC it delegates to) and what it requires, in one line.
    pub const fn clause(self) -> &'static str {
        match self {
            Status::P4 => {
                "UTS #46 section 4 step 4.1: an \"xn--\" label must be ASCII, valid Punycode, \
                 and decode to a non-ASCII label"
            }
            Status::V1 => "UTS #46 section 4.1 criterion 1: a label must be in NFC",
            Status::V2 => {
                "UTS #46 section 4.1 criterion 2: a label must not have \"--\" in its third and \
                 fourth positions"
            }
            Status::V3 => {
                "UTS #46 section 4.1 criterion 3: a label must not begin or end with a hyphen"
            }
            Status::V4 => "UTS #46 section 4.1 criterion 4: a label must not begin with \"xn--\"",
            Status::V5 => "UTS #46 section 4.1 criterion 5: a label must not contain a full stop",
            Status::V6 => {
                "UTS #46 section 4.1 criterion 6: a label must not begin with a combining mark"
            }
            Status::V7 => {
                "UTS #46 section 4.1 criterion 7: a code point is not valid in the IDNA Mapping \
                 Table"
            }
            Status::U1 => {
                "UTS #46 section 4.1 criterion 7 (UseSTD3ASCIIRules): ASCII must be a-z, 0-9 or \
                 hyphen"
            }
            Status::A3 => "UTS #46 section 4.2 step 3: Punycode encoding failed",
            Status::A4_1 => {
                "UTS #46 section 4.2 step 4.1: a domain name must be 1 to 253 octets long"
            }
            Status::A4_2 => "UTS #46 section 4.2 step 4.2: a label must be 1 to 63 octets long",
            Status::B1 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 1: a label of a Bidi \
                 domain name must start with L, R or AL"
            }
            Status::B2 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 2: character not \
                 allowed in an RTL label"
            }
            Status::B3 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 3: an RTL label must \
                 end with R, AL, EN or AN"
            }
            Status::B4 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 4: an RTL label must \
                 not mix EN and AN"
            }
            Status::B5 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 5: character not \
                 allowed in an LTR label"
            }
            Status::B6 => {
                "UTS #46 section 4.1 criterion 9, RFC 5893 section 2 rule 6: an LTR label must \
                 end with L or EN"
            }
            Status::C1 => {
                "UTS #46 section 4.1 criterion 8, RFC 5892 Appendix A.1: ZERO WIDTH NON-JOINER \
                 out of context"
            }
            Status::C2 => {
                "UTS #46 section 4.1 criterion 8, RFC 5892 Appendix A.2: ZERO WIDTH JOINER out \
                 of context"
            }
            Status::X4_2 => "UTS #46 section 4.3 (IdnaTestV2 X4_2): empty label",
        }
    }

    const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The set of statuses that UTS #46 processing recorded for one domain name, and the first
/// label in error.
///
/// UTS #46 goes on past an error to the end of the domain name, so an error carries every
/// condition found, not only the first. Like the formats' [`Error`](crate::Error), it names the
/// first label (lowest index) where one was recorded, as that label stands after steps 1 and 2
/// (Map, Normalize) and step 3 (Break on U+002E): the mapping may change it, or even where the
/// labels break (U+3002 maps to U+002E).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Error {
    statuses: u32,
    label: Option<Named>,
}

/// The most bytes of its label's text an [`Error`] holds: a label can be megabytes long (UTS #46
/// maps before it measures, and U+FDFA maps to 33 bytes), and an error stays small.
pub const LABEL_TEXT_MAX: usize = 256;

/// The label an error names: its index, its byte range in the name after steps 1 to 3 (Map,
/// Normalize, Break), and the first [`LABEL_TEXT_MAX`] bytes of it at most, cut at a character
/// boundary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Named {
    pub(crate) index: usize,
    start: usize,
    len: usize,
    text: String,
}

impl Named {
    /// Label `index`, which starts at byte `start` of the processed name and is `len` bytes
    /// long, of which `text` holds the start (or all).
    pub(crate) fn at(index: usize, start: usize, len: usize, text: &str) -> Named {
        let mut named = Named {
            index,
            start,
            ..Named::default()
        };
        named.push_str(text);
        named.len = len.max(named.len);
        named
    }

    /// The label of index `index`, empty, at the start of the name.
    pub(crate) fn new(index: usize) -> Named {
        Named {
            index,
            ..Named::default()
        }
    }

    /// The next code point of the label: counted, and kept while the text is under the bound.
    pub(crate) fn push(&mut self, c: char) {
        if self.len == self.text.len() && self.len + c.len_utf8() <= LABEL_TEXT_MAX {
            self.text.push(c);
        }
        self.len += c.len_utf8();
    }

    fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            self.push(c);
        }
    }
}

impl Error {
    /// The error holding the statuses of `bits` (one bit per [`Status`], in declaration order).
    #[cfg(test)]
    pub(crate) const fn from_bits(statuses: u32) -> Self {
        Self {
            statuses,
            label: None,
        }
    }

    /// The statuses recorded, in the order of [`Status`]'s declaration.
    pub fn statuses(&self) -> impl Iterator<Item = Status> + '_ {
        ALL.iter().copied().filter(|s| self.contains(*s))
    }

    /// Whether `status` was recorded.
    pub fn contains(&self, status: Status) -> bool {
        self.statuses & status.bit() != 0
    }

    /// The first status recorded, in the order of [`Status`]'s declaration.
    pub fn first(&self) -> Status {
        self.statuses().next().unwrap_or(Status::P4)
    }

    /// The index (from 0) of the first label for which a status was recorded, or `None` when
    /// every status is of the whole name ([`Status::A4_1`], or [`Status::V7`] from [`map`](super::map)).
    pub fn label_index(&self) -> Option<usize> {
        self.label.as_ref().map(|named| named.index)
    }

    /// The byte range of that label in the name as processed: after steps 1 to 3 (Map,
    /// Normalize, Break on U+002E), where a label may be longer than in the input (U+FDFA maps to
    /// 33 bytes) or begin elsewhere (U+3002 maps to U+002E).
    pub fn label_range(&self) -> Option<core::ops::Range<usize>> {
        self.label
            .as_ref()
            .map(|named| named.start..named.start + named.len)
    }

    /// That label as processed, or its first [`LABEL_TEXT_MAX`] bytes at most when it is
    /// longer ([`Error::is_label_truncated`]); empty for an empty label or a fault of the whole
    /// name.
    pub fn label(&self) -> &str {
        self.label.as_ref().map_or("", |named| &named.text)
    }

    /// Whether [`Error::label`] is only the start of the label (its text beyond
    /// [`LABEL_TEXT_MAX`] bytes is not kept).
    pub fn is_label_truncated(&self) -> bool {
        self.label
            .as_ref()
            .is_some_and(|named| named.text.len() < named.len)
    }
}

/// Accumulates statuses during processing, and the lowest index of a label that got one.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Statuses {
    bits: u32,
    /// The label being processed; `None` while the checks are of the whole name.
    current: Option<usize>,
    first: Option<usize>,
}

impl Statuses {
    #[inline]
    pub(crate) fn add(&mut self, status: Status) {
        self.bits |= status.bit();
        self.mark_current();
    }

    /// Records every status of `other` as one of the current label, whatever label `other`
    /// was gathered for (a label's checks gathered apart from the name's).
    #[inline]
    pub(crate) fn add_all(&mut self, other: Statuses) {
        if other.bits != 0 {
            self.bits |= other.bits;
            self.mark_current();
        }
    }

    #[inline]
    fn mark_current(&mut self) {
        if let Some(index) = self.current {
            self.first = Some(self.first.map_or(index, |first| first.min(index)));
        }
    }

    /// The lowest index of a label that got a status so far.
    #[inline]
    pub(crate) fn first_label(&self) -> Option<usize> {
        self.first
    }

    /// The statuses added from now on are those of label `index` (`None`: of the name).
    #[inline]
    pub(crate) fn enter(&mut self, index: Option<usize>) {
        self.current = index;
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// `Ok` when nothing was recorded; else the error, with the first label in error given by
    /// `label`, from its index (error path only).
    pub(crate) fn into_result(self, label: impl FnOnce(usize) -> Named) -> Result<(), Error> {
        if self.bits == 0 {
            return Ok(());
        }
        Err(Error {
            statuses: self.bits,
            label: self.first.map(label),
        })
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("statuses", &DebugSet(self))
            .field("label", &self.label)
            .finish()
    }
}

struct DebugSet<'a>(&'a Error);

impl fmt::Debug for DebugSet<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.0.statuses()).finish()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(named) = &self.label {
            let cut = if self.is_label_truncated() { "…" } else { "" };
            write!(
                f,
                "label {} \"{}{cut}\": ",
                named.index + 1,
                crate::escape::escape_invisible(&named.text)
            )?;
        }
        let first = self.first();
        write!(f, "{} [{}", first.clause(), first.code())?;
        for s in self.statuses().skip(1) {
            write!(f, ", {}", s.code())?;
        }
        f.write_str("]")
    }
}

// `core::error::Error` (Rust 1.81), so that `no_std` users have the trait too.
impl core::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_bits_are_distinct() {
        let mut bits = 0u32;
        for s in ALL {
            assert_eq!(Status::from_code(s.code()), Some(s));
            assert_eq!(bits & s.bit(), 0);
            bits |= s.bit();
        }
    }

    /// A status displays as its code, as the header of IdnaTestV2.txt names the codes.
    #[test]
    fn status_displays_its_code() {
        let shown: Vec<String> = ALL.iter().map(ToString::to_string).collect();
        let codes = [
            "P4", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "U1", "A3", "A4_1", "A4_2", "B1", "B2",
            "B3", "B4", "B5", "B6", "C1", "C2", "X4_2",
        ];
        assert_eq!(shown, codes);
    }

    /// `Debug` shows the statuses as a set of their codes, then the label in error.
    #[test]
    fn debug_shows_the_codes() {
        let e = Error::from_bits(Status::V3.bit() | Status::B1.bit());
        assert_eq!(
            format!("{e:?}"),
            "Error { statuses: {V3, B1}, label: None }"
        );
    }

    #[test]
    fn display_is_one_line_citing_uts46() {
        let e = Error::from_bits(Status::V3.bit() | Status::B1.bit());
        let text = e.to_string();
        assert!(
            text.starts_with("UTS #46 section 4.1 criterion 3"),
            "{text}"
        );
        assert!(text.ends_with("[V3, B1]"), "{text}");
        assert!(!text.contains('\n'));
    }

    #[test]
    fn error_is_send_sync() {
        fn check<T: Send + Sync + 'static>() {}
        check::<Error>();
    }
}
