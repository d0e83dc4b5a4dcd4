//! The lengths DNS allows and the mark of an A-label, the one home of the numbers 63 and 253
//! and of the ACE prefix.

/// A label is at most 63 octets (RFC 1034 section 3.1), measured on its A-label form.
pub(crate) const MAX_LABEL_OCTETS: usize = 63;

/// A name is at most 253 octets in A-label form, without a trailing root dot (RFC 1034 section
/// 3.1 gives 255 octets on the wire: a length octet before each label and the root's zero).
pub(crate) const MAX_NAME_OCTETS: usize = 253;

/// The ACE prefix of A-labels (RFC 5890 section 2.3.2.5).
pub(crate) const ACE_PREFIX: &str = "xn--";

/// The ACE prefix as code points, for a label held as `char`s.
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
pub(crate) const ACE_PREFIX_CHARS: [char; 4] = {
    let b = ACE_PREFIX.as_bytes();
    [b[0] as char, b[1] as char, b[2] as char, b[3] as char]
};

/// The most code points a U-label can have: its A-label is the ACE prefix and at least one
/// octet per code point, within 63 octets.
pub(crate) const MAX_ULABEL_CHARS: usize = MAX_LABEL_OCTETS - ACE_PREFIX.len();

/// The longest UTF-8 text that can be an `idn-hostname`: a U-label of `n` code points has an
/// A-label of at least `4 + n` octets and at most `4 * n` bytes of UTF-8, and a separator
/// (U+3002 and the like) is at most 3 bytes where the A-label form has one.
pub(crate) const MAX_IDN_NAME_BYTES: usize = 4 * MAX_NAME_OCTETS;

/// Room for the code points of one label of at most 63 octets: a U-label, or an A-label's
/// decoding (at most [`MAX_ULABEL_CHARS`]).
pub(crate) type LabelBuffer = [char; MAX_LABEL_OCTETS];

/// An empty [`LabelBuffer`].
pub(crate) const EMPTY_LABEL: LabelBuffer = ['\0'; MAX_LABEL_OCTETS];

/// Whether `label` starts with the ACE prefix, in any case (RFC 5890 section 2.3.2.5: A-labels
/// are compared without regard to case).
#[inline]
pub(crate) fn has_ace_prefix(label: &[u8]) -> bool {
    label
        .get(..ACE_PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(ACE_PREFIX.as_bytes()))
}

/// The label after its ACE prefix, when it has one in any case.
#[inline]
pub(crate) fn strip_ace_prefix(label: &[u8]) -> Option<&[u8]> {
    if has_ace_prefix(label) {
        label.get(ACE_PREFIX.len()..)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ace_prefix_in_any_case() {
        for label in ["xn--a", "XN--a", "Xn--", "xN--b"] {
            assert!(has_ace_prefix(label.as_bytes()), "{label}");
        }
        for label in ["xn-", "xn-a", "x--a", "", "axn--"] {
            assert!(!has_ace_prefix(label.as_bytes()), "{label}");
        }
        assert_eq!(strip_ace_prefix(b"XN--abc"), Some(&b"abc"[..]));
        assert_eq!(strip_ace_prefix(b"abc"), None);
        assert_eq!(String::from_iter(ACE_PREFIX_CHARS), "xn--");
    }
}
