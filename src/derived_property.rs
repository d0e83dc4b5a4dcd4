//! The IDNA2008 derived property of RFC 5892.

use crate::ucd;

/// The value of the RFC 5892 derived property of a code point (RFC 5892 section 2 and 3).
///
/// The table behind it is computed by `tools/gen-tables` with the algorithm of RFC 5892
/// section 3 from the raw Unicode 18.0.0 properties, and tested against Unicode's own
/// `Idna2008.txt` for every code point.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DerivedProperty {
    /// Protocol valid: allowed in a U-label anywhere (RFC 5892 section 2, PVALID).
    Pvalid,
    /// Allowed only where a joiner rule of RFC 5892 Appendix A holds (CONTEXTJ).
    ContextJ,
    /// Allowed only where an other-context rule of RFC 5892 Appendix A holds (CONTEXTO).
    ContextO,
    /// Never allowed in a U-label (DISALLOWED).
    Disallowed,
    /// Not assigned in Unicode 18.0.0, so not allowed (UNASSIGNED).
    Unassigned,
}

impl DerivedProperty {
    /// The value's name as RFC 5892 writes it: `PVALID`, `CONTEXTJ`, `CONTEXTO`, `DISALLOWED`
    /// or `UNASSIGNED`.
    pub const fn as_str(self) -> &'static str {
        match self {
            DerivedProperty::Pvalid => "PVALID",
            DerivedProperty::ContextJ => "CONTEXTJ",
            DerivedProperty::ContextO => "CONTEXTO",
            DerivedProperty::Disallowed => "DISALLOWED",
            DerivedProperty::Unassigned => "UNASSIGNED",
        }
    }
}

impl core::fmt::Display for DerivedProperty {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The RFC 5892 derived property of `c`, at Unicode 18.0.0.
///
/// ASCII is answered without a table: letters `a`-`z`, digits and `-` are PVALID (RFC 5892
/// section 2.5, category E), every other ASCII code point DISALLOWED.
///
/// # Examples
///
/// ```
/// use idn_hostname::{derived_property, DerivedProperty};
///
/// assert_eq!(derived_property('a'), DerivedProperty::Pvalid);
/// assert_eq!(derived_property('A'), DerivedProperty::Disallowed); // unstable under case folding
/// assert_eq!(derived_property('\u{200D}'), DerivedProperty::ContextJ); // ZERO WIDTH JOINER
/// assert_eq!(derived_property('\u{00B7}'), DerivedProperty::ContextO); // MIDDLE DOT
/// assert_eq!(derived_property('\u{1F4A9}'), DerivedProperty::Disallowed);
/// ```
#[inline]
pub fn derived_property(c: char) -> DerivedProperty {
    if c.is_ascii() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' {
            DerivedProperty::Pvalid
        } else {
            DerivedProperty::Disallowed
        }
    } else {
        ucd::props(c).derived()
    }
}
