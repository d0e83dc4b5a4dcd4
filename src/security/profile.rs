//! The General Security Profile for identifiers (UTS #39 section 3.1): Identifier_Status and
//! Identifier_Type of every code point, from IdentifierStatus.txt and IdentifierType.txt.

use crate::tables::security::{
    ALLOWED_BIT, ASCII_VALUES, BMP_INDEX, DATA, DATA_SHIFT, IDENTIFIER_TYPES, INDEX_SHIFT, INDEX1,
    INDEX2, TYPE_SETS, TYPES_MASK, TYPES_SHIFT, VALUES,
};
use crate::ucd::Trie;

/// The packed UTS #39 value of `c` (`tables::security`): one trie lookup.
pub(crate) fn packed(c: char) -> u32 {
    let cp = c as u32;
    // ASCII in one read (the letters of Latin labels; callgrind, the bench's corpus, ten passes:
    // display verdict 3.48 M -> 3.38 M, lookalike lookup 2.84 M -> 2.66 M instructions).
    if let Some(&v) = ASCII_VALUES.get(cp as usize) {
        return v;
    }
    // Every scalar value has an entry (the generator checks each one); the fallback, 0, reads
    // as Restricted, Not_Character-less and of the first script set, and is never taken.
    SECURITY.value(cp).unwrap_or(0)
}

/// The trie of [`crate::tables::security`].
const SECURITY: Trie<u16> = Trie {
    data_shift: DATA_SHIFT,
    index_shift: INDEX_SHIFT,
    bmp_index: &BMP_INDEX,
    index1: &INDEX1,
    index2: &INDEX2,
    data: &DATA,
    values: &VALUES,
};

/// Identifier_Status (UTS #39 section 3.1): whether a character is in the General Security
/// Profile for identifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdentifierStatus {
    /// In the profile: Identifier_Type Recommended or Inclusion.
    Allowed,
    /// Not in the profile.
    Restricted,
}

/// The Identifier_Status of `c` (UTS #39 section 3.1, IdentifierStatus.txt; `Restricted` for
/// every code point the file does not list).
///
/// # Examples
///
/// ```
/// use idn_hostname::security::{identifier_status, IdentifierStatus};
///
/// assert_eq!(identifier_status('a'), IdentifierStatus::Allowed);
/// assert_eq!(identifier_status('\u{2460}'), IdentifierStatus::Restricted); // CIRCLED DIGIT ONE
/// ```
pub fn identifier_status(c: char) -> IdentifierStatus {
    if packed(c) & ALLOWED_BIT != 0 {
        IdentifierStatus::Allowed
    } else {
        IdentifierStatus::Restricted
    }
}

/// An Identifier_Type value (UTS #39 section 3.1, Table 1), in the order of IdentifierType.txt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IdentifierType {
    /// Unassigned, private use or surrogate.
    NotCharacter,
    /// Deprecated (PropList.txt).
    Deprecated,
    /// Default_Ignorable_Code_Point.
    DefaultIgnorable,
    /// Changes under NFKC.
    NotNfkc,
    /// Not XID_Continue.
    NotXid,
    /// Of an excluded script (UAX #31 Table 4).
    Exclusion,
    /// No longer in use.
    Obsolete,
    /// Specialized use.
    Technical,
    /// Not in common use.
    UncommonUse,
    /// Of a Limited Use script (UAX #31 Table 7).
    LimitedUse,
    /// Added to the profile (UAX #31 Table 3).
    Inclusion,
    /// Of a Recommended script (UAX #31 Table 5).
    Recommended,
}

impl IdentifierType {
    /// Every value, in bit order.
    pub const ALL: [IdentifierType; 12] = [
        IdentifierType::NotCharacter,
        IdentifierType::Deprecated,
        IdentifierType::DefaultIgnorable,
        IdentifierType::NotNfkc,
        IdentifierType::NotXid,
        IdentifierType::Exclusion,
        IdentifierType::Obsolete,
        IdentifierType::Technical,
        IdentifierType::UncommonUse,
        IdentifierType::LimitedUse,
        IdentifierType::Inclusion,
        IdentifierType::Recommended,
    ];

    /// The value's name in IdentifierType.txt (`Not_NFKC`, `Uncommon_Use`, ...).
    pub fn name(self) -> &'static str {
        IDENTIFIER_TYPES.get(self as usize).copied().unwrap_or("")
    }
}

/// The set of Identifier_Type values of a code point (UTS #39 section 3.1: a code point has one
/// or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdentifierTypes(u16);

impl IdentifierTypes {
    /// Whether the set holds `t`.
    pub fn contains(self, t: IdentifierType) -> bool {
        self.0 & (1 << t as u16) != 0
    }

    /// The values of the set, in bit order.
    pub fn iter(self) -> impl Iterator<Item = IdentifierType> {
        IdentifierType::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }
}

/// The Identifier_Type set of `c` (UTS #39 section 3.1, IdentifierType.txt; `Not_Character` for
/// every code point the file does not list).
///
/// # Examples
///
/// ```
/// use idn_hostname::security::{identifier_types, IdentifierType};
///
/// assert!(identifier_types('a').contains(IdentifierType::Recommended));
/// assert!(identifier_types('\u{00DF}').contains(IdentifierType::Recommended));
/// assert!(identifier_types('\u{200D}').contains(IdentifierType::DefaultIgnorable));
/// ```
pub fn identifier_types(c: char) -> IdentifierTypes {
    let i = (packed(c) >> TYPES_SHIFT) & TYPES_MASK;
    IdentifierTypes(TYPE_SETS.get(i as usize).copied().unwrap_or(0))
}
