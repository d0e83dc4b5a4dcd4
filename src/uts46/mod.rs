//! UTS #46, Unicode IDNA Compatibility Processing (revision 36, Unicode 18.0.0).
//!
//! The flags of UTS #46 section 4 are the fields of [`Options`]:
//!
//! | UTS #46 flag | field | default |
//! | --- | --- | --- |
//! | CheckHyphens | [`Options::check_hyphens`] | true |
//! | CheckBidi | [`Options::check_bidi`] | true |
//! | CheckJoiners | [`Options::check_joiners`] | true |
//! | UseSTD3ASCIIRules | [`Options::use_std3_ascii_rules`] | true |
//! | Transitional_Processing (deprecated) | [`Options::transitional_processing`] | false |
//! | VerifyDnsLength (ToASCII) | [`Options::verify_dns_length`] | true |
//! | IgnoreInvalidPunycode | [`Options::ignore_invalid_punycode`] | false |
//!
//! [`to_ascii`] is section 4.2 (ToASCII), [`to_unicode`] section 4.3 (ToUnicode), and [`map`]
//! steps 1 and 2 of section 4 (Map, Normalize). Errors are reported as the status codes of
//! IdnaTestV2.txt ([`Status`]); every label is processed, so an [`Error`] holds all of them.
//!
//! # Examples
//!
//! ```
//! use idn_hostname::uts46::{to_ascii, to_unicode, Options, Status};
//!
//! assert_eq!(to_ascii("Faß.de", Options::default()).unwrap(), "xn--fa-hia.de");
//! let (unicode, result) = to_unicode("xn--fa-hia.de", Options::default());
//! assert_eq!(unicode, "faß.de");
//! assert!(result.is_ok());
//! let error = to_ascii("a-.de", Options::default()).unwrap_err();
//! assert!(error.contains(Status::V3));
//! ```
//!
//! # Security
//!
//! UTS #46 maps many visually different strings to one domain name and accepts some code points
//! IDNA2008 disallows (symbols, with the IDNA2008 status NV8 or XV8 in IdnaMappingTable.txt). A
//! registry must apply IDNA2008 itself; this module is for lookup.

mod error;
pub(crate) mod mapping;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use error::Statuses;
pub use error::{Error, Status};
use mapping::Entry;

use crate::{bidi, context, punycode};

/// The flags of UTS #46 section 4 (and section 4.2 for VerifyDnsLength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// CheckHyphens: criteria 2 and 3 of section 4.1 (no "--" in the third and fourth
    /// positions, no hyphen at either end of a label).
    pub check_hyphens: bool,
    /// CheckBidi: criterion 9 of section 4.1, the six conditions of RFC 5893 section 2 on every
    /// label of a Bidi domain name.
    pub check_bidi: bool,
    /// CheckJoiners: criterion 8 of section 4.1, the ContextJ rules of RFC 5892 Appendix A.1
    /// and A.2.
    pub check_joiners: bool,
    /// UseSTD3ASCIIRules: criterion 7.3 of section 4.1, ASCII limited to a-z, 0-9 and hyphen.
    pub use_std3_ascii_rules: bool,
    /// Transitional_Processing: map the four deviation code points (section 5) as IDNA2003
    /// did. Deprecated by UTS #46 since revision 31; still supported.
    pub transitional_processing: bool,
    /// VerifyDnsLength: step 4 of ToASCII (section 4.2), name of 1 to 253 and labels of 1 to
    /// 63 octets. In ToUnicode it reports empty labels other than the root label (status
    /// [`Status::X4_2`]).
    pub verify_dns_length: bool,
    /// IgnoreInvalidPunycode: an "xn--" label that is not valid Punycode is kept as it is,
    /// without recording [`Status::P4`] and without the Validity Criteria (section 4, step
    /// 4.1.2); an "xn--" label that decodes is still checked.
    pub ignore_invalid_punycode: bool,
}

impl Options {
    /// The defaults: Nontransitional Processing with every check on, IgnoreInvalidPunycode off.
    pub const DEFAULT: Options = Options {
        check_hyphens: true,
        check_bidi: true,
        check_joiners: true,
        use_std3_ascii_rules: true,
        transitional_processing: false,
        verify_dns_length: true,
        ignore_invalid_punycode: false,
    };
}

impl Default for Options {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Steps 1 (Map) and 2 (Normalize to NFC) of UTS #46 section 4.
///
/// Deviation code points are mapped only with `options.transitional_processing`; no other
/// option is read. The result borrows the input when mapping and normalization leave it as it
/// is.
///
/// # Errors
///
/// [`Status::V7`] when the input holds a code point whose status is `disallowed`: step 1 keeps
/// it, and criterion 7 of section 4.1 would reject it in any label.
pub fn map(input: &str, options: Options) -> Result<Cow<'_, str>, Error> {
    let (mapped, disallowed) = mapping::map_and_normalize(input, options.transitional_processing);
    if disallowed {
        let mut s = Statuses::default();
        s.add(Status::V7);
        s.into_result()?;
    }
    Ok(mapped)
}

/// ToASCII, UTS #46 section 4.2: processes `input` (section 4), converts each label with
/// non-ASCII code points to Punycode with the "xn--" prefix, and, with VerifyDnsLength, checks
/// the DNS lengths.
///
/// # Errors
///
/// Every [`Status`] recorded, but [`Status::X4_2`] (ToASCII records [`Status::A4_2`] for an
/// empty label instead).
pub fn to_ascii(input: &str, options: Options) -> Result<String, Error> {
    let mut statuses = Statuses::default();
    let unicode = process(input, options, &mut statuses, false);
    let ascii = if unicode.is_ascii() {
        unicode
    } else {
        punycode_labels(&unicode, &mut statuses)
    };
    if options.verify_dns_length {
        verify_dns_length(&ascii, &mut statuses);
    }
    statuses.into_result()?;
    Ok(ascii)
}

/// ToASCII step 3: each label with non-ASCII code points becomes "xn--" and its Punycode.
fn punycode_labels(unicode: &str, statuses: &mut Statuses) -> String {
    let mut ascii = String::with_capacity(unicode.len() + 8);
    for (i, label) in unicode.split('.').enumerate() {
        if i > 0 {
            ascii.push('.');
        }
        if label.is_ascii() {
            ascii.push_str(label);
        } else {
            ascii.push_str("xn--");
            if push_punycode(label, &mut ascii).is_err() {
                // Step 4.2 of section 4.2 (ToASCII): a Punycode failure is A3, and the label is
                // left as it was.
                ascii.truncate(ascii.len() - "xn--".len());
                statuses.add(Status::A3);
                ascii.push_str(label);
            }
        }
    }
    ascii
}

/// Appends the Punycode of `label` to `out`: on the stack for a label of DNS size (the
/// allocation-free encoder), through the allocating one for anything longer.
fn push_punycode(label: &str, out: &mut String) -> Result<(), punycode::PunycodeError> {
    let mut chars = ['\0'; 64];
    let mut n = 0;
    for c in label.chars() {
        let Some(slot) = chars.get_mut(n) else {
            out.push_str(&punycode::encode(label)?);
            return Ok(());
        };
        *slot = c;
        n += 1;
    }
    let mut bytes = [0u8; 256];
    match punycode::encode_into(chars.get(..n).unwrap_or(&[]), &mut bytes) {
        Ok(len) => {
            out.extend(
                bytes
                    .get(..len)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&b| char::from(b)),
            );
            Ok(())
        }
        Err(punycode::PunycodeError::TooLong) => {
            out.push_str(&punycode::encode(label)?);
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// ToUnicode, UTS #46 section 4.3: processes `input` (section 4) and returns the result with
/// the errors recorded; processing goes on past an error, so the string is always there.
///
/// With VerifyDnsLength, an empty label other than the root label is reported as
/// [`Status::X4_2`], as IdnaTestV2.txt does.
pub fn to_unicode(input: &str, options: Options) -> (String, Result<(), Error>) {
    let mut statuses = Statuses::default();
    let unicode = process(input, options, &mut statuses, options.verify_dns_length);
    (unicode, statuses.into_result())
}

/// ToASCII step 4: "The length of the domain name, excluding the root label and its dot, is
/// from 1 to 253" (A4_1) and "The length of each label is from 1 to 63" (A4_2); the empty root
/// label is one of those labels, so a trailing dot is refused (UTS #46 since revision 31).
fn verify_dns_length(ascii: &str, statuses: &mut Statuses) {
    let name = ascii.strip_suffix('.').unwrap_or(ascii);
    if name.is_empty() || name.len() > 253 {
        statuses.add(Status::A4_1);
    }
    if ascii_labels(ascii.as_bytes()).any(|label| label.is_empty() || label.len() > 63) {
        statuses.add(Status::A4_2);
    }
}

/// The Processing steps of UTS #46 section 4 (Map, Normalize, Break, Convert/Validate), then
/// CheckBidi across the labels. Returns the processed domain name; `x4_2` asks for empty labels
/// (but the root label) to be recorded.
fn process(input: &str, options: Options, statuses: &mut Statuses, x4_2: bool) -> String {
    if input.is_ascii() && !has_a_label_prefix(input) {
        process_ascii(input, options, statuses, x4_2)
    } else {
        process_general(input, options, statuses, x4_2)
    }
}

/// Whether a label of the ASCII `input` starts with "xn--" in any case (after step 1 maps
/// capitals, "XN--" is "xn--").
fn has_a_label_prefix(input: &str) -> bool {
    ascii_labels(input.as_bytes()).any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
    })
}

/// The labels of an ASCII name, split on U+002E: a byte loop, cheaper than `str::split`.
fn ascii_labels(name: &[u8]) -> impl Iterator<Item = &[u8]> {
    name.split(|&b| b == b'.')
}
/// [`process`] for ASCII input without an "xn--" label, where the steps reduce to byte tests:
/// step 1 maps A-Z to a-z and leaves the rest (every other ASCII code point is `valid`), step 2
/// has nothing to compose, no label can begin with a mark or hold a joiner, and none holds an R,
/// AL or AN character, so the name is not a Bidi domain name (criterion 9 does not apply).
/// Left are criteria 2 and 3 (CheckHyphens), 7 (UseSTD3ASCIIRules) and empty labels.
fn process_ascii(input: &str, options: Options, statuses: &mut Statuses, x4_2: bool) -> String {
    let out = input.to_ascii_lowercase();
    let mut labels = ascii_labels(out.as_bytes()).enumerate().peekable();
    while let Some((index, bytes)) = labels.next() {
        let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
            let is_root = index > 0 && labels.peek().is_none();
            if x4_2 && !is_root {
                statuses.add(Status::X4_2);
            }
            continue;
        };
        if options.check_hyphens {
            if bytes.get(2) == Some(&b'-') && bytes.get(3) == Some(&b'-') {
                statuses.add(Status::V2);
            }
            if first == b'-' || last == b'-' {
                statuses.add(Status::V3);
            }
        }
        if options.use_std3_ascii_rules
            && !bytes
                .iter()
                .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            statuses.add(Status::U1);
        }
    }
    drop(labels);
    out
}

/// [`process`] for any input.
fn process_general(input: &str, options: Options, statuses: &mut Statuses, x4_2: bool) -> String {
    let (mapped, _) = mapping::map_and_normalize(input, options.transitional_processing);
    let mut out = String::with_capacity(mapped.len());
    // Each label's byte range in `out` and whether the validity criteria were applied to it.
    let mut labels: Vec<(usize, usize, bool)> = Vec::new();
    let mut chars: Vec<char> = Vec::new();
    let mut bidi_domain = false;
    let label_count = mapped.split('.').count();
    for (index, label) in mapped.split('.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        let start = out.len();
        let mut validated = true;
        chars.clear();
        match label.strip_prefix("xn--") {
            Some(_) if !label.is_ascii() => {
                // Step 4.1.1: an A-label is ASCII.
                statuses.add(Status::P4);
                validated = false;
                chars.extend(label.chars());
                out.push_str(label);
            }
            Some(encoded) => match punycode::decode(encoded) {
                Ok(decoded) => {
                    // Step 4.1.3: a decoded label that is empty or ASCII was not an A-label.
                    if decoded.is_empty() || decoded.is_ascii() {
                        statuses.add(Status::P4);
                    }
                    // Criterion 1: only a decoded label can be outside NFC.
                    if !unicode_normalization::is_nfc(&decoded) {
                        statuses.add(Status::V1);
                    }
                    chars.extend(decoded.chars());
                    // Step 4.1.4: always the criteria of Nontransitional Processing.
                    validate(&chars, options, false, statuses);
                    out.push_str(&decoded);
                }
                Err(_) if options.ignore_invalid_punycode => {
                    // Step 4.1.2 with IgnoreInvalidPunycode: the label stays as it is, without
                    // an error, and processing goes on with the next label (the ASCII fast path
                    // the flag was added for: such a label is passed through, not validated).
                    validated = false;
                    chars.extend(label.chars());
                    out.push_str(label);
                }
                Err(_) => {
                    // Step 4.1.2: record the error and go on with the next label.
                    statuses.add(Status::P4);
                    validated = false;
                    chars.extend(label.chars());
                    out.push_str(label);
                }
            },
            None => {
                chars.extend(label.chars());
                validate(&chars, options, options.transitional_processing, statuses);
                out.push_str(label);
            }
        }
        let is_root = index + 1 == label_count && label_count > 1;
        if x4_2 && start == out.len() && !is_root {
            statuses.add(Status::X4_2);
        }
        bidi_domain = bidi_domain || bidi::has_rtl(&chars);
        labels.push((start, out.len(), validated));
    }
    // Criterion 9: "If CheckBidi, and if the domain name is a Bidi domain name, then the label
    // must satisfy all six of the numbered conditions in RFC 5893, Section 2" — for every label,
    // which is why this waits until all labels are known.
    if options.check_bidi && bidi_domain {
        for &(start, end, validated) in &labels {
            if !validated || start == end {
                continue;
            }
            chars.clear();
            chars.extend(out.get(start..end).unwrap_or("").chars());
            let failed = bidi::failed_conditions(&chars);
            for (rule, status) in [
                (1, Status::B1),
                (2, Status::B2),
                (3, Status::B3),
                (4, Status::B4),
                (5, Status::B5),
                (6, Status::B6),
            ] {
                if failed & (1 << rule) != 0 {
                    statuses.add(status);
                }
            }
        }
    }
    out
}

/// The Validity Criteria of UTS #46 section 4.1 on one label, but criterion 1 (NFC), which the
/// caller checks where it can fail, and criterion 9 (Bidi), which needs the whole name.
fn validate(label: &[char], options: Options, transitional: bool, statuses: &mut Statuses) {
    let (Some(&first), Some(&last)) = (label.first(), label.last()) else {
        // "Each of the following criteria must be satisfied for a non-empty label."
        return;
    };
    if options.check_hyphens {
        if label.get(2) == Some(&'-') && label.get(3) == Some(&'-') {
            statuses.add(Status::V2);
        }
        if first == '-' || last == '-' {
            statuses.add(Status::V3);
        }
    }
    // Criterion 4 is written for CheckHyphens=false; with CheckHyphens, criterion 2 rejects the
    // same labels, and IdnaTestV2.txt records V4 for them too.
    if label.starts_with(&['x', 'n', '-', '-']) {
        statuses.add(Status::V4);
    }
    if !first.is_ascii() && crate::ucd::props(first).is_mark() {
        statuses.add(Status::V6);
    }
    for (i, &c) in label.iter().enumerate() {
        if c.is_ascii() {
            if c == '.' {
                statuses.add(Status::V5);
            }
            if c.is_ascii_uppercase() {
                statuses.add(Status::V7);
            }
            if options.use_std3_ascii_rules
                && !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                statuses.add(Status::U1);
            }
            continue;
        }
        match mapping::entry(c) {
            Entry::Valid => {}
            Entry::Deviation(_) if !transitional => {}
            _ => statuses.add(Status::V7),
        }
        if options.check_joiners {
            // Criterion 8: the CONTEXTJ rules only (RFC 5892 Appendix A.1 and A.2).
            match context::context_rule(c) {
                Some(rule @ context::ContextRule::ZeroWidthNonJoiner)
                    if !context::satisfied(rule, label, i) =>
                {
                    statuses.add(Status::C1);
                }
                Some(rule @ context::ContextRule::ZeroWidthJoiner)
                    if !context::satisfied(rule, label, i) =>
                {
                    statuses.add(Status::C2);
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignore_invalid_punycode_passes_the_label_through() {
        // "xn---": the only delimiter is the first byte, which RFC 3492 section 6.2 reads as a
        // digit, and a delimiter has no digit-value.
        let d = Options::default();
        let lenient = Options {
            ignore_invalid_punycode: true,
            ..d
        };
        assert!(to_ascii("xn---.com", d).unwrap_err().contains(Status::P4));
        assert_eq!(to_ascii("xn---.com", lenient).as_deref(), Ok("xn---.com"));
        assert_eq!(
            to_unicode("XN---.com", lenient),
            ("xn---.com".into(), Ok(()))
        );
        // A label that decodes is still validated: "xn--a" is U+0080, disallowed.
        assert!(
            to_ascii("xn--a.com", lenient)
                .unwrap_err()
                .contains(Status::V7)
        );
    }

    #[test]
    fn map_borrows_when_unchanged() {
        let d = Options::default();
        assert!(matches!(map("abc.xn--fa-hia", d), Ok(Cow::Borrowed(_))));
        assert!(matches!(map("fa\u{DF}.\u{5D0}", d), Ok(Cow::Borrowed(_))));
        assert_eq!(map("Fa\u{DF}", d).as_deref(), Ok("fa\u{DF}"));
        let t = Options {
            transitional_processing: true,
            ..d
        };
        assert_eq!(map("Fa\u{DF}", t).as_deref(), Ok("fass"));
        // U+0041 U+030A: mapped, then composed (step 2) to U+00E5.
        assert_eq!(map("A\u{30A}", d).as_deref(), Ok("\u{E5}"));
        // Unchanged by step 1 but not NFC.
        assert_eq!(map("a\u{30A}", d).as_deref(), Ok("\u{E5}"));
        assert_eq!(map("a\u{AD}b", d).as_deref(), Ok("ab"));
        assert_eq!(map("a\u{E000}", d).unwrap_err().first(), Status::V7);
    }

    /// The ASCII fast path gives the string and statuses of the general path, on every string
    /// of up to five bytes over an alphabet that exercises its cases, under several options.
    #[test]
    fn ascii_fast_path_equals_general_path() {
        let alphabet = ['a', 'Z', '0', '-', '.', '_', ' ', 'x', 'n'];
        let d = Options::default();
        let all = [
            d,
            Options {
                check_hyphens: false,
                use_std3_ascii_rules: false,
                ..d
            },
            Options {
                transitional_processing: true,
                verify_dns_length: false,
                ..d
            },
        ];
        let mut inputs = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = inputs
                .iter()
                .filter(|s| s.len() == inputs.last().map_or(0, String::len))
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            inputs.extend(longer);
        }
        inputs.push("ab--c.-d.e-".into());
        for input in inputs.iter().filter(|s| !has_a_label_prefix(s)) {
            for options in all {
                for x4_2 in [false, true] {
                    let (mut fast, mut general) = (Statuses::default(), Statuses::default());
                    let a = process_ascii(input, options, &mut fast, x4_2);
                    let b = process_general(input, options, &mut general, x4_2);
                    assert_eq!(a, b, "{input:?}");
                    assert_eq!(
                        fast.into_result(),
                        general.into_result(),
                        "{input:?} {options:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn punycode_overflow_is_a3() {
        // RFC 3492 section 6.3: the first delta is (0x20000 - 0x80) * (40000 + 1), above
        // u32::MAX, and section 6.4 says to fail on overflow.
        let label = format!("{}\u{20000}", "a".repeat(40_000));
        let error = to_ascii(&label, Options::default()).unwrap_err();
        assert!(error.contains(Status::A3), "{error:?}");
        assert!(error.contains(Status::A4_2), "{error:?}");
    }

    #[test]
    fn x4_2_and_root_label() {
        let d = Options::default();
        assert_eq!(to_unicode("a.b.", d), ("a.b.".into(), Ok(())));
        assert!(to_unicode("a..b", d).1.unwrap_err().contains(Status::X4_2));
        assert!(to_unicode("", d).1.unwrap_err().contains(Status::X4_2));
        let no_length = Options {
            verify_dns_length: false,
            ..d
        };
        assert_eq!(to_unicode("a..b", no_length).1, Ok(()));
        assert!(to_ascii("a.b.", d).unwrap_err().contains(Status::A4_2));
        assert_eq!(to_ascii("a.b.", no_length).as_deref(), Ok("a.b."));
    }
}
