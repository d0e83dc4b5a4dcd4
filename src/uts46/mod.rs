//! UTS #46, Unicode IDNA Compatibility Processing (revision 36, Unicode 18.0.0).
//!
//! The flags of UTS #46 section 4 are the setters of [`Options`]:
//!
//! | UTS #46 flag | setter | default |
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

mod criteria;
mod error;
pub(crate) mod mapping;
pub(crate) mod process;

use alloc::borrow::Cow;
use alloc::string::String;

pub use error::{Error, LABEL_TEXT_MAX, Status};
use error::{Named, Statuses};

use crate::ascii::{self, Plain};
use crate::limits::{ACE_PREFIX, EMPTY_LABEL, MAX_LABEL_OCTETS, MAX_NAME_OCTETS, has_ace_prefix};
use crate::{bidi, punycode};
use criteria::{check_hyphens, validate_ascii};

/// The flags of UTS #46 section 4 (and section 4.2 for VerifyDnsLength), in the style of the
/// formats' [`Options`](crate::Options): a `Copy` value made by the `const fn`
/// [`Options::new`] (the same as `Options::default()`) and changed by one `const fn` setter a
/// flag, each named after the flag. New flags may come in later versions without breaking
/// callers.
///
/// # Examples
///
/// ```
/// use idn_hostname::uts46::{to_ascii, Options};
///
/// const LENIENT: Options = Options::new().use_std3_ascii_rules(false).check_hyphens(false);
/// assert!(to_ascii("_sip._tcp.example", Options::new()).is_err());
/// assert_eq!(to_ascii("_sip._tcp.example", LENIENT).unwrap(), "_sip._tcp.example");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    check_hyphens: bool,
    check_bidi: bool,
    check_joiners: bool,
    use_std3_ascii_rules: bool,
    transitional_processing: bool,
    verify_dns_length: bool,
    ignore_invalid_punycode: bool,
}

impl Options {
    /// The defaults: Nontransitional Processing with every check on (CheckHyphens, CheckBidi,
    /// CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength), IgnoreInvalidPunycode off. With them,
    /// [`to_ascii`] is the `idna` crate's `domain_to_ascii_strict`.
    pub const fn new() -> Options {
        Options {
            check_hyphens: true,
            check_bidi: true,
            check_joiners: true,
            use_std3_ascii_rules: true,
            transitional_processing: false,
            verify_dns_length: true,
            ignore_invalid_punycode: false,
        }
    }

    /// CheckHyphens (default on): criteria 2 and 3 of section 4.1 (no "--" in the third and
    /// fourth positions, no hyphen at either end of a label).
    pub const fn check_hyphens(mut self, on: bool) -> Options {
        self.check_hyphens = on;
        self
    }

    /// CheckBidi (default on): criterion 9 of section 4.1, the six conditions of RFC 5893
    /// section 2 on every label of a Bidi domain name.
    pub const fn check_bidi(mut self, on: bool) -> Options {
        self.check_bidi = on;
        self
    }

    /// CheckJoiners (default on): criterion 8 of section 4.1, the ContextJ rules of RFC 5892
    /// Appendix A.1 and A.2.
    pub const fn check_joiners(mut self, on: bool) -> Options {
        self.check_joiners = on;
        self
    }

    /// UseSTD3ASCIIRules (default on): criterion 7.3 of section 4.1, ASCII limited to a-z, 0-9
    /// and hyphen.
    pub const fn use_std3_ascii_rules(mut self, on: bool) -> Options {
        self.use_std3_ascii_rules = on;
        self
    }

    /// Transitional_Processing (default off): map the four deviation code points (section 5)
    /// as IDNA2003 did. Deprecated by UTS #46 since revision 31; still supported.
    pub const fn transitional_processing(mut self, on: bool) -> Options {
        self.transitional_processing = on;
        self
    }

    /// VerifyDnsLength (default on): step 4 of ToASCII (section 4.2), name of 1 to 253 and
    /// labels of 1 to 63 octets. In ToUnicode it reports empty labels other than the root label
    /// (status [`Status::X4_2`]).
    pub const fn verify_dns_length(mut self, on: bool) -> Options {
        self.verify_dns_length = on;
        self
    }

    /// IgnoreInvalidPunycode (default off): an "xn--" label that is not valid Punycode is kept
    /// as it is, without recording [`Status::P4`] and without the Validity Criteria (section 4,
    /// step 4.1.2); an "xn--" label that decodes is still checked.
    pub const fn ignore_invalid_punycode(mut self, on: bool) -> Options {
        self.ignore_invalid_punycode = on;
        self
    }
}

impl Default for Options {
    fn default() -> Self {
        Self::new()
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
    let mapped = mapping::map_and_normalize(input, options.transitional_processing);
    if mapped.disallowed {
        let mut s = Statuses::default();
        s.add(Status::V7);
        s.into_result(Named::new)?;
    }
    Ok(mapped.text)
}

/// ToASCII, UTS #46 section 4.2: processes `input` (section 4), converts each label with
/// non-ASCII code points to Punycode with the "xn--" prefix, and, with VerifyDnsLength, checks
/// the DNS lengths.
///
/// With [`Options::default()`] this is the `idna` crate's `domain_to_ascii_strict` (1.x: UTS #46
/// with UseSTD3ASCIIRules, CheckHyphens, CheckBidi, CheckJoiners, VerifyDnsLength,
/// Nontransitional Processing): the same result and the same output for every name of the
/// bench corpora and the JSON Schema suite, and for 1,000,000 generated ones
/// (`tests/uts46_differential.rs`).
///
/// # Errors
///
/// Every [`Status`] recorded, but [`Status::X4_2`] (ToASCII records [`Status::A4_2`] for an
/// empty label instead).
pub fn to_ascii(input: &str, options: Options) -> Result<String, Error> {
    // An ASCII name: the labels that are plain (most names are plain throughout) are passed
    // at once by `ascii::plain_name`, one table step a byte; the rest are checked by
    // `check_ascii_name` from the first that is not.
    let plain = ascii::plain_name(input.as_bytes());
    if let Plain::Stop { start, index } = plain
        && input.as_bytes().get(start..).is_some_and(<[u8]>::is_ascii)
        && let Some(statuses) = check_ascii_name(input.as_bytes(), start, index, options)
    {
        if !statuses.is_empty() {
            statuses.into_result(|i| process::named(input, false, i, None))?;
        }
        return Ok(input.to_ascii_lowercase());
    }
    if let Plain::Name { capitals } = plain {
        // Every criterion and length holds, whatever the flags; step 1 lowers the capitals.
        return Ok(if capitals {
            input.to_ascii_lowercase()
        } else {
            String::from(input)
        });
    }
    process::to_ascii(input, options)
}

/// ToUnicode, UTS #46 section 4.3: processes `input` (section 4) and returns the result with
/// the errors recorded; processing goes on past an error, so the string is always there.
///
/// With VerifyDnsLength, an empty label other than the root label is reported as
/// [`Status::X4_2`], as IdnaTestV2.txt does.
pub fn to_unicode(input: &str, options: Options) -> (String, Result<(), Error>) {
    if input.is_ascii() && !has_a_label_prefix(input) {
        let mut statuses = Statuses::default();
        let unicode = process_ascii(input, options, &mut statuses, options.verify_dns_length);
        return (
            unicode,
            statuses.into_result(|i| process::named(input, false, i, None)),
        );
    }
    process::to_unicode(input, options)
}

/// ToASCII step 4, A4_1: the name, without the root label and its dot, has 1 to 253 octets.
fn name_length_ok(ascii: &[u8]) -> bool {
    let name = ascii.strip_suffix(b".").unwrap_or(ascii);
    (1..=MAX_NAME_OCTETS).contains(&name.len())
}

/// ToASCII step 4, A4_2: a label has 1 to 63 octets.
fn label_length_ok(label: &[u8]) -> bool {
    (1..=MAX_LABEL_OCTETS).contains(&label.len())
}

/// Whether a label of the ASCII `input` starts with "xn--" in any case (after step 1 maps
/// capitals, "XN--" is "xn--").
fn has_a_label_prefix(input: &str) -> bool {
    ascii_labels(input.as_bytes()).any(has_ace_prefix)
}

/// The labels of an ASCII name, split on U+002E: a byte loop, cheaper than `str::split`.
fn ascii_labels(name: &[u8]) -> impl Iterator<Item = &[u8]> {
    name.split(|&b| b == b'.')
}
/// ToUnicode of ASCII input without an "xn--" label, where the steps reduce to byte tests:
/// step 1 maps A-Z to a-z and leaves the rest (every other ASCII code point is `valid`), step 2
/// has nothing to compose, no label can begin with a mark or hold a joiner, and none holds an R,
/// AL or AN character, so the name is not a Bidi domain name (criterion 9 does not apply).
/// Left are criteria 2 and 3 (CheckHyphens), 7 (UseSTD3ASCIIRules) and empty labels.
fn process_ascii(input: &str, options: Options, statuses: &mut Statuses, x4_2: bool) -> String {
    check_ascii(input.as_bytes(), options, statuses, x4_2);
    input.to_ascii_lowercase()
}

/// ToASCII of an ASCII name, as [`process::to_ascii`] would do it, in
/// one pass over the bytes and before step 1 maps the capitals (which changes no length and no
/// criterion), so that a name in error costs no allocation. A label starting with "xn--" is
/// decoded and validated as the pipeline does it (its capitals lowered, as step 1 maps them
/// before decoding), and would be written back as it came, so the name's lengths are the
/// input's; such a name is answered here only when nothing at all is recorded, `None` (the
/// pipeline) otherwise, and also when such a label does not decode on the stack.
///
/// It starts at byte `from` of `name`, label `index`: the labels before are plain ones
/// ([`ascii::plain_name`]), with no status.
///
/// Measured (callgrind, tools/corpus/count.sh 5 realistic, `uts46::to_ascii`): against leaving
/// every name with an "xn--" label to the pipeline (and testing the statuses before
/// making an error of them), the A-label view 1,151,383 → 1,073,479 instructions a pass
/// (−6.8 %), the ASCII view 234,052 → 232,979, the mix 2,590,639 → 2,514,274 (−2.9 %).
fn check_ascii_name(
    name: &[u8],
    from: usize,
    mut index: usize,
    options: Options,
) -> Option<Statuses> {
    let mut statuses = Statuses::default();
    let mut rest = name.get(from..);
    while let Some(remaining) = rest {
        statuses.enter(Some(index));
        if has_ace_prefix(remaining) {
            // Only a name without a status so far can come out of here without one; a name of
            // more than one piece is left to the pipeline.
            if !statuses.is_empty() || name.len() > process::CHUNK {
                return None;
            }
            return check_a_label_name(name, remaining, options);
        }
        index += 1;
        let (label, ldh, next) = ascii::split_ldh(remaining);
        rest = next;
        check_ldh_label(label, ldh, options, &mut statuses);
    }
    statuses.enter(None);
    if options.verify_dns_length && !name_length_ok(name) {
        statuses.add(Status::A4_1);
    }
    Some(statuses)
}

/// The checks of [`check_ascii_name`] on a label that does not start with "xn--": its length,
/// criteria 2 and 3 (CheckHyphens) and 7 (UseSTD3ASCIIRules; `ldh`: only letters, digits and
/// hyphens).
#[inline(always)]
fn check_ldh_label(label: &[u8], ldh: bool, options: Options, statuses: &mut Statuses) {
    if options.verify_dns_length && !label_length_ok(label) {
        statuses.add(Status::A4_2);
    }
    if !label.is_empty() {
        if options.check_hyphens {
            check_hyphens(label, statuses);
        }
        if options.use_std3_ascii_rules && !ldh {
            statuses.add(Status::U1);
        }
    }
}

/// [`check_ascii_name`] from its first "xn--" label, `from`, of `name`, the labels before it
/// without a status: `Some` (and no status) only when nothing is recorded. A status leaves the
/// name to the pipeline, which names the label in error, so the labels' indexes are not kept.
/// Apart, so that the loop over ASCII names stays as short as it was (measured: inline, it cost
/// 3 % more instructions on the ASCII corpus). Criterion 9 is decided as the labels pass, the
/// "xn--" ones by the Bidi conditions their decoding fails ([`criteria::check_decoded`]), the
/// others when they are letters, digits and hyphens starting with a letter and ending with a
/// letter or digit ([`bidi::is_ltr_ldh`]), the general path otherwise. Measured (callgrind,
/// tools/corpus/count.sh 5 realistic, `uts46::to_ascii`, instructions a pass), against checking
/// each RTL domain name's labels again after the loop, with the Bidi summary of the pass over
/// the decoded label: the A-label forms 832,045 → 776,086, the mix 2,111,201 →
/// 2,040,656.
#[inline(never)]
fn check_a_label_name(name: &[u8], from: &[u8], options: Options) -> Option<Statuses> {
    let mut statuses = Statuses::default();
    let mut rest = Some(from);
    // A label decoded to an RTL label; every label from `from` on satisfies criterion 9.
    let (mut rtl, mut bidi_ok) = (false, true);
    while let Some(remaining) = rest {
        if has_ace_prefix(remaining) {
            let mut parts = remaining.splitn(2, |&b| b == b'.');
            let label = parts.next()?;
            rest = parts.next();
            let (label_rtl, failed) = check_a_label(label, options, &mut statuses)?;
            rtl |= label_rtl;
            bidi_ok &= failed == 0;
        } else {
            let (label, ldh, next) = ascii::split_ldh(remaining);
            rest = next;
            check_ldh_label(label, ldh, options, &mut statuses);
            bidi_ok &= label.is_empty() || bidi::is_ltr_ldh(label);
        }
        if !statuses.is_empty() {
            return None;
        }
    }
    if options.verify_dns_length && !name_length_ok(name) {
        return None;
    }
    if rtl && options.check_bidi {
        // The labels before `from` are ASCII ones that do not start with "xn--".
        let before = name.get(..name.len() - from.len()).unwrap_or_default();
        let before_ok = ascii_labels(before).all(|l| l.is_empty() || bidi::is_ltr_ldh(l));
        if !(bidi_ok && before_ok) {
            return None;
        }
    }
    Some(statuses)
}

/// Step 4 (Convert/Validate) of section 4 on an "xn--" label of an ASCII name, as the
/// pipeline does it for a label that decodes, and the label's length (ToASCII
/// step 4, the label written back as it came). Returns what the pass over the decoded label
/// learnt (whether it is an RTL label, the conditions of RFC 5893 section 2 it fails); `None` when
/// the pipeline must decide: the label does not decode on the stack.
// Not inlined: its label buffer would be cleared on every call of `check_ascii_name`.
#[inline(never)]
fn check_a_label(label: &[u8], options: Options, statuses: &mut Statuses) -> Option<(bool, u8)> {
    if options.verify_dns_length && !label_length_ok(label) {
        statuses.add(Status::A4_2);
    }
    let mut buf = EMPTY_LABEL;
    // Step 1 lowers the capitals before step 4 decodes: so does the decoder here, and a label
    // with capitals is not left to the pipeline. Measured against leaving it there, after a
    // search for capitals a word at a time (callgrind, tools/corpus/count.sh 5 realistic,
    // `uts46::to_ascii`, instructions a pass): the A-label forms 698,961 → 662,450 (−5.2 %), the
    // mix 1,787,861 → 1,751,350 (−2.0 %).
    let (len, _) = punycode::decode_alabel_into(label.get(ACE_PREFIX.len()..)?, &mut buf).ok()?;
    let chars = buf.get(..len)?;
    Some(criteria::check_decoded(chars, options, statuses))
}

/// The checks of [`process_ascii`], on the name before step 1 maps its capitals.
fn check_ascii(name: &[u8], options: Options, statuses: &mut Statuses, x4_2: bool) {
    let mut labels = ascii_labels(name).enumerate().peekable();
    while let Some((index, bytes)) = labels.next() {
        statuses.enter(Some(index));
        if bytes.is_empty() {
            let is_root = index > 0 && labels.peek().is_none();
            if x4_2 && !is_root {
                statuses.add(Status::X4_2);
            }
            continue;
        }
        validate_ascii(bytes, options, statuses, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

    /// Step 1 maps the capitals of an A-label before step 4 decodes it: in its prefix, its
    /// basic code points and its digits. Python `idna` 3.13 (`idna.encode(name, uts46=True)`)
    /// gives "xn--bcher-kva.example" for each.
    #[test]
    fn an_a_label_with_capitals_is_lowered_then_decoded() {
        for name in [
            "XN--BCHER-KVA.example",
            "xn--Bcher-kva.Example",
            "xn--bcher-KVA.example",
        ] {
            assert_eq!(
                to_ascii(name, Options::default()).as_deref(),
                Ok("xn--bcher-kva.example"),
                "{name}"
            );
        }
    }

    #[test]
    fn ignore_invalid_punycode_passes_the_label_through() {
        // "xn---": the only delimiter is the first byte, which RFC 3492 section 6.2 reads as a
        // digit, and a delimiter has no digit-value.
        let d = Options::default();
        let lenient = d.ignore_invalid_punycode(true);
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
    fn the_error_names_the_first_label_in_error() {
        let d = Options::default();
        // Criterion 3 (CheckHyphens): "b-" ends with a hyphen; "-c" too, later.
        let err = to_ascii("a.b-.-c", d).unwrap_err();
        assert_eq!((err.label_index(), err.label()), (Some(1), "b-"));
        assert!(
            err.to_string()
                .starts_with(r#"label 2 "b-": UTS #46 section 4.1 criterion 3"#)
        );
        // The label as mapped (step 1: fullwidth and capital letters map to "ab").
        let err = to_ascii("\u{FF21}B.-c", d).unwrap_err();
        assert_eq!((err.label_index(), err.label()), (Some(1), "-c"));
        let (_, result) = to_unicode("\u{FF21}B-.c", d);
        let err = result.unwrap_err();
        assert_eq!((err.label_index(), err.label()), (Some(0), "ab-"));
        // Criterion 9 (CheckBidi), found when the RTL label comes: "1a" starts with EN in a
        // Bidi domain name (RFC 5893 section 2, rule 1).
        let err = to_ascii("1a.\u{5D0}", d).unwrap_err();
        assert!(err.contains(Status::B1));
        assert_eq!((err.label_index(), err.label()), (Some(0), "1a"));
        // Step 4.1 of ToASCII: 4 labels of 63 octets are 255 octets, a fault of the name only.
        let long = ["a".repeat(63).as_str(); 4].join(".");
        let err = to_ascii(&long, d).unwrap_err();
        assert_eq!(
            err.statuses().collect::<alloc::vec::Vec<_>>(),
            [Status::A4_1]
        );
        assert_eq!((err.label_index(), err.label()), (None, ""));
    }

    #[test]
    fn map_borrows_when_unchanged() {
        let d = Options::default();
        assert!(matches!(map("abc.xn--fa-hia", d), Ok(Cow::Borrowed(_))));
        assert!(matches!(map("fa\u{DF}.\u{5D0}", d), Ok(Cow::Borrowed(_))));
        assert_eq!(map("Fa\u{DF}", d).as_deref(), Ok("fa\u{DF}"));
        let t = d.transitional_processing(true);
        assert_eq!(map("Fa\u{DF}", t).as_deref(), Ok("fass"));
        // U+0041 U+030A: mapped, then composed (step 2) to U+00E5.
        assert_eq!(map("A\u{30A}", d).as_deref(), Ok("\u{E5}"));
        // Unchanged by step 1 but not NFC.
        assert_eq!(map("a\u{30A}", d).as_deref(), Ok("\u{E5}"));
        assert_eq!(map("a\u{AD}b", d).as_deref(), Ok("ab"));
        // A leading combining mark has no starter to compose with: NFC leaves it (UAX #15).
        let leading = "\u{301}a\u{301}";
        assert_eq!(leading.nfc().collect::<String>(), "\u{301}\u{E1}");
        assert_eq!(map(leading, d).as_deref(), Ok("\u{301}\u{E1}"));
        assert!(matches!(map("\u{301}\u{E1}", d), Ok(Cow::Borrowed(_))));
        assert_eq!(map("a\u{E000}", d).unwrap_err().first(), Status::V7);
    }

    /// The ASCII fast paths give the string and statuses of the pipeline, on every string
    /// of up to five bytes over an alphabet that exercises its cases, under several options.
    #[test]
    fn ascii_fast_path_equals_general_path() {
        let alphabet = ['a', 'Z', '0', '-', '.', '_', ' ', 'x', 'n'];
        let d = Options::default();
        let all = [
            d,
            d.check_hyphens(false).use_std3_ascii_rules(false),
            d.transitional_processing(true).verify_dns_length(false),
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
        // The DNS lengths: a 64-octet label, names of 253 and 255 octets, with a root label.
        let l63 = "a".repeat(63);
        inputs.push("A".repeat(64));
        inputs.push(format!("{l63}.{l63}.{l63}.{}", "a".repeat(61)));
        inputs.push(format!("{l63}.{l63}.{l63}.{}.", "a".repeat(61)));
        inputs.push(format!("{l63}.{l63}.{l63}.{l63}"));
        for input in inputs.iter().filter(|s| !has_a_label_prefix(s)) {
            for options in all {
                assert_eq!(
                    to_unicode(input, options),
                    process::to_unicode(input, options),
                    "{input:?} {options:?}"
                );
                // ToASCII's one-pass check against the pipeline.
                let fast = check_ascii_name(input.as_bytes(), 0, 0, options).unwrap();
                assert_eq!(
                    fast.into_result(|i| process::named(input, false, i, None)),
                    process::to_ascii(input, options).map(|_| ()),
                    "to_ascii {input:?} {options:?}"
                );
            }
        }
    }

    /// ToASCII's one pass over an ASCII name with "xn--" labels answers only names the pipeline
    /// accepts, with the same (empty) statuses, and every such name of a label set that
    /// exercises the criteria and the Bidi rule is answered there or left to the pipeline.
    #[test]
    fn ascii_a_label_pass_equals_general_path() {
        let ace = |u: &str| format!("xn--{}", punycode::encode(u).unwrap());
        let mut labels: Vec<String> = [
            "www",
            "1a",
            "a-",
            "-a",
            "ab--c",
            "",
            "a_b",
            "Www",
            "xn--",
            "xn---",
            "xn--a",
            "xn--abc-",
            "XN--mnchen-3ya",
            "xn--Mnchen-3ya",
            "xn--mnchen-3yA",
        ]
        .iter()
        .map(|l| l.to_string())
        .collect();
        for u in [
            "m\u{FC}nchen",
            "\u{639}\u{631}\u{628}",
            "\u{5D0}\u{5D1}",
            "\u{4E2D}\u{6587}",
            "\u{5D0}1",
            "1\u{5D0}",
            "a\u{5D0}",
            "\u{301}a",
            "a\u{200D}b",
            "\u{915}\u{94D}\u{200D}",
            "\u{E9}",
            "e\u{301}",
            "\u{DF}",
            "A\u{E9}",
            "a.\u{E9}",
            "\u{E9}-",
            "xn--\u{E9}",
            "a_\u{E9}",
            "\u{E000}",
            "\u{660}\u{6F0}\u{628}",
            "\u{1F600}",
            "\u{E9}".repeat(60).as_str(),
        ] {
            labels.push(ace(u));
        }
        labels.push("a".repeat(63));
        let d = Options::default();
        let all = [
            d,
            d.check_hyphens(false).use_std3_ascii_rules(false),
            d.check_bidi(false).check_joiners(false),
            d.transitional_processing(true).verify_dns_length(false),
        ];
        let mut answered = 0;
        for a in &labels {
            for b in &labels {
                for name in [
                    format!("{a}.{b}"),
                    format!("{a}.{b}."),
                    format!("{a}.{b}.{a}"),
                ] {
                    for options in all {
                        let Some(fast) = check_ascii_name(name.as_bytes(), 0, 0, options) else {
                            continue;
                        };
                        let pipeline = process::to_ascii(&name, options);
                        assert_eq!(
                            fast.into_result(|i| process::named(&name, false, i, None)),
                            pipeline.as_ref().map(|_| ()).map_err(Clone::clone),
                            "{name:?} {options:?}"
                        );
                        if has_a_label_prefix(&name) {
                            answered += 1;
                            assert!(fast.is_empty(), "{name:?}");
                            assert_eq!(pipeline, Ok(name.to_ascii_lowercase()), "{name:?}");
                        }
                    }
                }
            }
        }
        assert!(answered > 1000, "{answered}");
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
        let no_length = d.verify_dns_length(false);
        assert_eq!(to_unicode("a..b", no_length).1, Ok(()));
        assert!(to_ascii("a.b.", d).unwrap_err().contains(Status::A4_2));
        assert_eq!(to_ascii("a.b.", no_length).as_deref(), Ok("a.b."));
    }
}
