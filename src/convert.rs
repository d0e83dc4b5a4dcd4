//! The conversions that follow validation, IDNA2008 without mapping: a valid `idn-hostname` to
//! its A-label form (RFC 5891 section 4.4, "Conversion to A-label"), for the DNS, and a valid
//! `hostname` to its U-label form (RFC 5891 section 5.5, the U-label of each A-label), for
//! display. These are what Python `idna`'s `encode` and `decode` (with `uts46=False`) and
//! libidn2's `idn2_to_ascii_8z` / `idn2_to_unicode_8z8z` do, and what the `idna` crate, whose
//! conversions are those of UTS #46, does not.
//!
//! Nothing is mapped: a name that is not valid as it stands is refused with the [`Error`] of
//! [`check_idn_hostname`] or [`check_hostname`]. For mapping first (case, width), see
//! [`crate::uts46`].

use alloc::borrow::Cow;
use alloc::string::String;

use crate::error::{Error, ErrorKind, Violation};
use crate::formats::{check_hostname, check_idn_hostname};
use crate::label;
use crate::limits::{ACE_PREFIX, MAX_LABEL_OCTETS, MAX_NAME_OCTETS};
use crate::punycode;

/// The size of the buffer of [`to_ascii_into`]: the A-label form of a valid `idn-hostname` has
/// at most 253 octets (RFC 1034 section 3.1).
pub const ASCII_BUFFER_LEN: usize = MAX_NAME_OCTETS;

/// The size of the buffer of [`to_unicode_into`]: the U-label form of a valid `hostname` has at
/// most 4 bytes of UTF-8 for each of its 253 octets (a U-label has fewer code points than its
/// A-label has octets).
pub const UNICODE_BUFFER_LEN: usize = 4 * MAX_NAME_OCTETS;

/// The A-label form of a valid `idn-hostname` (RFC 5891 section 4.4): each U-label replaced by
/// its A-label, `xn--` and its Punycode (RFC 3492), and the label separators U+3002, U+FF0E and
/// U+FF61 by U+002E FULL STOP (RFC 3490 section 3.1, the full stops of RFC 5890 section
/// 2.3.2.3). NR-LDH labels and A-labels are kept as written, case included. Borrows the input
/// when it is already in that form (ASCII).
///
/// The result is a valid `hostname`.
///
/// # Errors
///
/// The [`Error`] of [`check_idn_hostname`] when `input` is not a valid `idn-hostname`.
///
/// # Examples
///
/// ```
/// use idn_hostname::to_ascii;
///
/// assert_eq!(to_ascii("bücher。example").unwrap(), "xn--bcher-kva.example");
/// assert_eq!(to_ascii("www.example.com").unwrap(), "www.example.com");
/// assert!(to_ascii("Bücher.example").is_err()); // no mapping: U+0042 is DISALLOWED
/// ```
pub fn to_ascii(input: &str) -> Result<Cow<'_, str>, Error> {
    check_idn_hostname(input)?;
    Ok(ascii_form(input))
}

/// [`to_ascii`] without allocation: the A-label form is written into `out`, and returned as a
/// `&str` borrowed from it.
///
/// # Errors
///
/// Those of [`to_ascii`].
///
/// # Examples
///
/// ```
/// use idn_hostname::{to_ascii_into, ASCII_BUFFER_LEN};
///
/// let mut buf = [0; ASCII_BUFFER_LEN];
/// assert_eq!(to_ascii_into("例え.テスト", &mut buf).unwrap(), "xn--r8jz45g.xn--zckzah");
/// ```
pub fn to_ascii_into<'b>(
    input: &str,
    out: &'b mut [u8; ASCII_BUFFER_LEN],
) -> Result<&'b str, Error> {
    check_idn_hostname(input)?;
    let mut sink = Buffer { buf: out, len: 0 };
    write_ascii_form(input, &mut sink);
    sink.finish(input)
}

/// The U-label form of a valid `hostname` (RFC 5891 section 5.5): each A-label replaced by the
/// U-label it decodes to (RFC 3492; its basic code points in lower case, as RFC 5891 section
/// 5.3 lowercases an A-label before decoding). Other labels are kept as written. Borrows the
/// input when it holds no A-label.
///
/// # Errors
///
/// The [`Error`] of [`check_hostname`] when `input` is not a valid `hostname`.
///
/// # Examples
///
/// ```
/// use idn_hostname::to_unicode;
///
/// assert_eq!(to_unicode("xn--bcher-kva.example").unwrap(), "bücher.example");
/// assert!(to_unicode("xn--ls8h.example").is_err()); // U+1F4A9 is DISALLOWED
/// ```
pub fn to_unicode(input: &str) -> Result<Cow<'_, str>, Error> {
    check_hostname(input)?;
    Ok(unicode_form(input))
}

/// [`to_unicode`] without allocation: the U-label form is written into `out`, and returned as
/// a `&str` borrowed from it.
///
/// # Errors
///
/// Those of [`to_unicode`].
///
/// # Examples
///
/// ```
/// use idn_hostname::{to_unicode_into, UNICODE_BUFFER_LEN};
///
/// let mut buf = [0; UNICODE_BUFFER_LEN];
/// assert_eq!(to_unicode_into("xn--r8jz45g.xn--zckzah", &mut buf).unwrap(), "例え.テスト");
/// ```
pub fn to_unicode_into<'b>(
    input: &str,
    out: &'b mut [u8; UNICODE_BUFFER_LEN],
) -> Result<&'b str, Error> {
    check_hostname(input)?;
    let mut sink = Buffer { buf: out, len: 0 };
    write_unicode_form(input, &mut sink);
    sink.finish(input)
}

/// The A-label form of a name known to be a valid `idn-hostname`.
pub(crate) fn ascii_form(name: &str) -> Cow<'_, str> {
    if name.is_ascii() {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(ASCII_BUFFER_LEN);
    write_ascii_form(name, &mut out);
    Cow::Owned(out)
}

/// The U-label form of a name known to be a valid `hostname`.
pub(crate) fn unicode_form(name: &str) -> Cow<'_, str> {
    if !name.split('.').any(has_ace_prefix) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len());
    write_unicode_form(name, &mut out);
    Cow::Owned(out)
}

/// Where a conversion writes: a `String`, or the caller's buffer.
trait Sink {
    fn push(&mut self, s: &str);
}

impl Sink for String {
    fn push(&mut self, s: &str) {
        self.push_str(s);
    }
}

/// A caller's buffer and how much of it is written; `len` passes its size if it overflowed.
struct Buffer<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl Sink for Buffer<'_> {
    fn push(&mut self, s: &str) {
        let end = self.len.saturating_add(s.len());
        if let Some(slot) = self.buf.get_mut(self.len..end) {
            slot.copy_from_slice(s.as_bytes());
        }
        self.len = end;
    }
}

impl<'b> Buffer<'b> {
    /// The text written. The buffers hold the longest form of a valid name, so the error (the
    /// name too long) is never returned.
    fn finish(self, input: &str) -> Result<&'b str, Error> {
        let Buffer { buf, len } = self;
        let buf: &'b [u8] = buf;
        buf.get(..len)
            .and_then(|written| core::str::from_utf8(written).ok())
            .ok_or_else(|| Violation::name(ErrorKind::NameTooLong).into_error(input))
    }
}

/// Whether a label starts with the ACE prefix in any case (RFC 5890 section 2.3.2.5).
fn has_ace_prefix(label: &str) -> bool {
    label
        .as_bytes()
        .get(..ACE_PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(ACE_PREFIX.as_bytes()))
}

/// The labels of an `idn-hostname`, split on the four full stops.
fn idn_labels(name: &str) -> impl Iterator<Item = &str> {
    name.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
}

/// Writes the A-label form of a valid `idn-hostname`. Every U-label of a valid name has at most
/// 59 code points and an A-label of at most 63 octets, so the buffers on the stack hold it; a
/// label they did not hold would be written as it stands.
fn write_ascii_form(name: &str, out: &mut impl Sink) {
    for (i, label) in idn_labels(name).enumerate() {
        if i > 0 {
            out.push(".");
        }
        if label.is_ascii() {
            out.push(label);
            continue;
        }
        let mut chars = ['\0'; MAX_LABEL_OCTETS];
        let mut encoded = [0u8; MAX_LABEL_OCTETS];
        let payload = label::collect_chars(label, &mut chars)
            .and_then(|n| chars.get(..n))
            .and_then(|chars| punycode::encode_into(chars, &mut encoded).ok())
            .and_then(|len| encoded.get(..len))
            .and_then(|bytes| core::str::from_utf8(bytes).ok());
        match payload {
            Some(payload) => {
                out.push(ACE_PREFIX);
                out.push(payload);
            }
            None => out.push(label),
        }
    }
}

/// Writes the U-label form of a valid `hostname`; an A-label that did not decode (none of a
/// valid name) would be written as it stands.
fn write_unicode_form(name: &str, out: &mut impl Sink) {
    for (i, label) in name.split('.').enumerate() {
        if i > 0 {
            out.push(".");
        }
        let mut chars = ['\0'; MAX_LABEL_OCTETS];
        let decoded = label
            .as_bytes()
            .get(ACE_PREFIX.len()..)
            .filter(|_| has_ace_prefix(label))
            .and_then(|payload| punycode::decode_alabel_into(payload, &mut chars).ok())
            .and_then(|(n, _)| chars.get(..n));
        match decoded {
            Some(chars) => {
                for c in chars {
                    out.push(c.encode_utf8(&mut [0; 4]));
                }
            }
            None => out.push(label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrows_what_is_already_in_form() {
        assert!(matches!(to_ascii("www.example.com"), Ok(Cow::Borrowed(_))));
        assert!(matches!(
            to_unicode("www.example.com"),
            Ok(Cow::Borrowed(_))
        ));
        // RFC 5890 section 2.3.2.1: the A-label of "bücher" (RFC 3492 section 7.1 style).
        assert!(matches!(
            to_unicode("xn--bcher-kva.example"),
            Ok(Cow::Owned(_))
        ));
    }

    #[test]
    fn buffers_hold_the_longest_names() {
        // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 octets (RFC 1034 section 3.1).
        let a = "a".repeat(63);
        let name = [a.as_str(), &a, &a, &"a".repeat(61)].join(".");
        let mut buf = [0; ASCII_BUFFER_LEN];
        assert_eq!(to_ascii_into(&name, &mut buf).as_deref(), Ok(name.as_str()));
        let mut buf = [0; UNICODE_BUFFER_LEN];
        assert_eq!(
            to_unicode_into(&name, &mut buf).as_deref(),
            Ok(name.as_str())
        );
        // A long U-label form: an A-label of 63 octets holds 56 copies of U+20000 (PVALID, 4
        // bytes of UTF-8 each), "xn--j50i" and 55 "a"; one of 61 octets holds 54 (RFC 3492,
        // as Python's punycode codec encodes them). 253 octets, 891 bytes once converted.
        let ace = |n: usize| format!("xn--j50i{}", "a".repeat(n));
        let name = [ace(55), ace(55), ace(55), ace(53)].join(".");
        let u = |n: usize| "\u{20000}".repeat(n);
        let unicode = [u(56), u(56), u(56), u(54)].join(".");
        assert_eq!(
            to_unicode_into(&name, &mut buf).as_deref(),
            Ok(unicode.as_str())
        );
    }
}
