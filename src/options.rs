//! The options for what lies beside the JSON Schema formats, below every module that reads
//! them (`domain`, the checks in `formats`).

/// Which labels the Bidi rule of RFC 5893 section 2 is applied to.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BidiScope {
    /// Every label of a Bidi domain name (a name with a label holding an R, AL or AN
    /// character), as RFC 5893 sections 1.4 and 2 and UTS #46 (CheckBidi) say. The default.
    #[default]
    DomainName,
    /// Only labels that hold R, AL or AN characters themselves: the reading of RFC 5891 section
    /// 4.2.3.4 ("the label ... contains any characters from scripts that are written from right
    /// to left") that Python `idna` follows. Departs from RFC 5893 section 2.
    RtlLabels,
}

/// Options for the cases a JSON Schema format does not cover. `Options::default()` is exactly
/// the formats, as the free functions ([`check_hostname`](crate::check_hostname), [`check_idn_hostname`](crate::check_idn_hostname), ...) apply
/// them.
///
/// # Examples
///
/// ```
/// use idn_hostname::Options;
///
/// let dns = Options::new().allow_trailing_dot(true).allow_underscore_labels(true);
/// assert!(dns.is_hostname("_dmarc.example.com."));
/// assert!(!idn_hostname::is_hostname("_dmarc.example.com."));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub(crate) bidi_scope: BidiScope,
    pub(crate) trailing_dot: bool,
    pub(crate) underscore: bool,
    pub(crate) uts46_mapping: bool,
    pub(crate) numeric_tld: bool,
}

impl Options {
    /// The JSON Schema formats with no departure: the same as `Options::default()`.
    pub const fn new() -> Options {
        Options {
            bidi_scope: BidiScope::DomainName,
            trailing_dot: false,
            underscore: false,
            uts46_mapping: false,
            numeric_tld: false,
        }
    }

    /// Which labels the Bidi rule applies to (default [`BidiScope::DomainName`]).
    pub const fn bidi_scope(mut self, scope: BidiScope) -> Options {
        self.bidi_scope = scope;
        self
    }

    /// Accept one trailing label separator, the root of a fully qualified name
    /// (`example.com.`; RFC 1034 section 3.1). JSON Schema's formats reject it, as RFC 1123
    /// section 2.1's host names have none. The 253-octet limit is measured without it.
    pub const fn allow_trailing_dot(mut self, allow: bool) -> Options {
        self.trailing_dot = allow;
        self
    }

    /// Accept an underscore as the first character of an LDH label, as in DNS service and
    /// policy names (`_dmarc`, `_sip._tcp`; RFC 8552). Departs from RFC 1123 section 2.1,
    /// which allows letters, digits and hyphens only.
    pub const fn allow_underscore_labels(mut self, allow: bool) -> Options {
        self.underscore = allow;
        self
    }

    /// Accept an all-numeric last label (`example.123`, `192.168.0.1`, a lone `123`), the
    /// reading before RFC 1123. By default it is refused (`numeric-tld`): RFC 1123 section 2.1
    /// says a host name never has the dotted-decimal form, "since at least the highest-level
    /// component label will be alphabetic", and RFC 3696 section 2 that top-level domain names
    /// are not all-numeric. The rule is what lets a schema tell `format: hostname` from
    /// `format: ipv4` (`oneOf` of the two accepts an IPv4 address once, not twice).
    pub const fn allow_numeric_tld(mut self, allow: bool) -> Options {
        self.numeric_tld = allow;
        self
    }

    /// For `idn-hostname`: apply the UTS #46 mapping first (section 4 steps 1 and 2:
    /// the IDNA Mapping Table, nontransitional, then NFC), then check the IDNA2008 rules on the
    /// result. This is the profile of the JSON Schema dialects that define `idn-hostname` as
    /// IDNA2008 with the UTS #46 mapping: `Bücher.de` and `ＥＸＡＭＰＬＥ．com` pass. It departs
    /// from RFC 5890 section 2.3.2.3, whose U-labels are checked as they stand. The mapping
    /// allocates when it changes the input, and an error then speaks of the mapped name.
    /// `hostname` is ASCII and unaffected.
    ///
    /// # Security
    ///
    /// With the mapping on, input longer than any valid name cannot be refused before it is
    /// mapped: ignored code points (U+00AD SOFT HYPHEN and the like) map to nothing, so a
    /// megabyte of them around `a.com` is a valid name. The work stays linear in the input (about
    /// a millisecond a megabyte of ASCII on the development machine, `benches/hostile.rs`), and
    /// the mapping allocates; callers that take untrusted input may cap its length first.
    pub const fn uts46_mapping(mut self, on: bool) -> Options {
        self.uts46_mapping = on;
        self
    }
}
