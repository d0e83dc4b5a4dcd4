//! The WebAssembly core of the npm package `idn-hostname`: the crate's checks and conversions,
//! exported with wasm-bindgen. It translates types and nothing else: a string in, a verdict, a
//! converted string or an error out. The JavaScript side (`js/index.js`) checks argument types,
//! reads the options object and finds lone surrogates (a JavaScript string can hold them; a Rust
//! `&str` cannot) before any call reaches this crate.
//!
//! Offsets: the crate counts UTF-8 bytes, JavaScript indexes UTF-16 code units; [`utf16_offset`]
//! translates one into the other against the string the crate judged.

// The error crosses into JavaScript once a call, as an object: its size in Rust costs nothing
// worth boxing for.
#![allow(clippy::result_large_err)]

use idn_hostname::{BidiScope, Options, uts46};
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(feature = "security")]
mod security;

/// The options object of the JavaScript API, as bits (`js/index.js` builds them): one call
/// crosses the boundary with a number, not an object to read field by field.
const TRAILING_DOT: u32 = 1;
const UNDERSCORE: u32 = 1 << 1;
const BIDI_RTL_LABELS: u32 = 1 << 2;
const UTS46_MAPPING: u32 = 1 << 3;
const NUMERIC_TLD: u32 = 1 << 4;

const CHECK_HYPHENS: u32 = 1;
const CHECK_BIDI: u32 = 1 << 1;
const CHECK_JOINERS: u32 = 1 << 2;
const USE_STD3_ASCII_RULES: u32 = 1 << 3;
const TRANSITIONAL_PROCESSING: u32 = 1 << 4;
const VERIFY_DNS_LENGTH: u32 = 1 << 5;
const IGNORE_INVALID_PUNYCODE: u32 = 1 << 6;

fn options(bits: u32) -> Options {
    Options::new()
        .allow_trailing_dot(bits & TRAILING_DOT != 0)
        .allow_underscore_labels(bits & UNDERSCORE != 0)
        .allow_numeric_tld(bits & NUMERIC_TLD != 0)
        .bidi_scope(if bits & BIDI_RTL_LABELS != 0 {
            BidiScope::RtlLabels
        } else {
            BidiScope::DomainName
        })
        .uts46_mapping(bits & UTS46_MAPPING != 0)
}

fn uts46_options(bits: u32) -> uts46::Options {
    uts46::Options::new()
        .check_hyphens(bits & CHECK_HYPHENS != 0)
        .check_bidi(bits & CHECK_BIDI != 0)
        .check_joiners(bits & CHECK_JOINERS != 0)
        .use_std3_ascii_rules(bits & USE_STD3_ASCII_RULES != 0)
        .transitional_processing(bits & TRANSITIONAL_PROCESSING != 0)
        .verify_dns_length(bits & VERIFY_DNS_LENGTH != 0)
        .ignore_invalid_punycode(bits & IGNORE_INVALID_PUNYCODE != 0)
}

/// The index in UTF-16 code units of the UTF-8 byte `offset` of `text` (an offset inside a
/// character, which the crate never gives, counts to the start of that character).
fn utf16_offset(text: &str, offset: usize) -> u32 {
    let units: usize = text
        .char_indices()
        .take_while(|&(at, c)| at + c.len_utf8() <= offset)
        .map(|(_, c)| c.len_utf16())
        .sum();
    u32::try_from(units).unwrap_or(u32::MAX)
}

/// A failed check or IDNA2008 conversion: the crate's [`idn_hostname::Error`] in JavaScript's
/// terms (`js/index.js` copies it into a plain object).
#[wasm_bindgen(getter_with_clone)]
pub struct HostnameError {
    /// The stable kebab-case code, `ErrorKind::code()`.
    pub code: String,
    /// The crate's message (`Display`).
    pub message: String,
    /// The label at fault as written, `None` for a fault of the whole name.
    pub label: Option<String>,
    /// The label's index counted from 1, as the message counts.
    #[wasm_bindgen(js_name = labelIndex)]
    pub label_index: Option<u32>,
    /// The offset in UTF-16 code units.
    pub offset: u32,
    /// `U+XXXX`, where there is an offending code point.
    #[wasm_bindgen(js_name = codePoint)]
    pub code_point: Option<String>,
    /// The hint's stable code (`Hint::code()`), where the input looks like a common mistake.
    #[wasm_bindgen(js_name = hintCode)]
    pub hint_code: Option<String>,
    /// The valid name the hint suggests (`Hint::suggestion()`), where it has one.
    #[wasm_bindgen(js_name = hintSuggestion)]
    pub hint_suggestion: Option<String>,
}

fn hostname_error(error: &idn_hostname::Error, judged: &str) -> HostnameError {
    HostnameError {
        code: error.kind().code().to_owned(),
        message: error.to_string(),
        label: error.label_index().map(|_| error.label().to_owned()),
        label_index: error
            .label_index()
            .map(|i| u32::try_from(i.saturating_add(1)).unwrap_or(u32::MAX)),
        offset: utf16_offset(judged, error.offset()),
        code_point: error
            .code_point()
            .map(|c| format!("U+{:04X}", u32::from(c))),
        hint_code: error.hint().map(|h| h.code().to_owned()),
        hint_suggestion: error.hint().and_then(|h| h.suggestion()).map(str::to_owned),
    }
}

/// The error of a check under `bits`: with the UTS #46 mapping on, the crate's offset is in the
/// mapped name ("an error then speaks of the mapped name"), so it is translated against that.
fn check_error(error: &idn_hostname::Error, input: &str, bits: u32) -> HostnameError {
    if bits & UTS46_MAPPING != 0
        && let Ok(mapped) = uts46::map(input, uts46::Options::new())
    {
        return hostname_error(error, &mapped);
    }
    hostname_error(error, input)
}

/// The instance's start function, empty: `__wbg_reset_state()` (the fresh instance after a
/// trap, `js/index.js`) calls the module's `__wbindgen_start` export, which wasm-bindgen 0.2.129
/// only emits for a crate that has a start function.
#[wasm_bindgen(start)]
pub fn start() {}

/// `hostname` (RFC 1123 section 2.1 with valid A-labels) under the options `bits`.
#[wasm_bindgen]
pub fn is_hostname(input: &str, bits: u32) -> bool {
    options(bits).is_hostname(input)
}

/// `idn-hostname` (RFC 5890 section 2.3.2.3) under the options `bits`.
#[wasm_bindgen]
pub fn is_idn_hostname(input: &str, bits: u32) -> bool {
    options(bits).is_idn_hostname(input)
}

/// The first rule `input` breaks as a `hostname`, or `None`.
#[wasm_bindgen]
pub fn check_hostname(input: &str, bits: u32) -> Option<HostnameError> {
    options(bits)
        .check_hostname(input)
        .err()
        .map(|e| check_error(&e, input, bits))
}

/// The first rule `input` breaks as an `idn-hostname`, or `None`.
#[wasm_bindgen]
pub fn check_idn_hostname(input: &str, bits: u32) -> Option<HostnameError> {
    options(bits)
        .check_idn_hostname(input)
        .err()
        .map(|e| check_error(&e, input, bits))
}

/// IDNA2008 ToASCII (RFC 5891 section 5): the name with every U-label as its A-label.
///
/// # Errors
///
/// The rule the name breaks, as [`check_idn_hostname`] gives it.
#[wasm_bindgen]
pub fn to_ascii(input: &str) -> Result<String, HostnameError> {
    idn_hostname::to_ascii(input)
        .map(|s| s.into_owned())
        .map_err(|e| hostname_error(&e, input))
}

/// IDNA2008 ToUnicode: the name with every A-label as its U-label.
///
/// # Errors
///
/// The rule the name breaks, as [`check_idn_hostname`] gives it.
#[wasm_bindgen]
pub fn to_unicode(input: &str) -> Result<String, HostnameError> {
    idn_hostname::to_unicode(input)
        .map(|s| s.into_owned())
        .map_err(|e| hostname_error(&e, input))
}

/// A UTS #46 error: every status recorded (IdnaTestV2 codes), the first label at fault as
/// processed, and the crate's message.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone)]
pub struct Uts46Error {
    /// The first status recorded (`"P4"`, `"V7"`, `"A4_1"`, ...).
    pub code: String,
    /// Every status recorded, in the crate's order, joined with commas.
    pub statuses: String,
    /// The crate's message (`Display`).
    pub message: String,
    /// The first label at fault after mapping, `None` for a fault of the whole name.
    pub label: Option<String>,
    /// That label's index counted from 1.
    #[wasm_bindgen(js_name = labelIndex)]
    pub label_index: Option<u32>,
}

fn uts46_error(error: &uts46::Error) -> Uts46Error {
    Uts46Error {
        code: error.first().code().to_owned(),
        statuses: error
            .statuses()
            .map(|s| s.code())
            .collect::<Vec<_>>()
            .join(","),
        message: error.to_string(),
        label: error.label_index().map(|_| error.label().to_owned()),
        label_index: error
            .label_index()
            .map(|i| u32::try_from(i.saturating_add(1)).unwrap_or(u32::MAX)),
    }
}

/// UTS #46 ToASCII (section 4.2) under the flags `bits`.
///
/// # Errors
///
/// Every status recorded.
#[wasm_bindgen]
pub fn uts46_to_ascii(input: &str, bits: u32) -> Result<String, Uts46Error> {
    uts46::to_ascii(input, uts46_options(bits)).map_err(|e| uts46_error(&e))
}

/// UTS #46 ToUnicode (section 4.3) under the flags `bits`: the converted name, always, and the
/// error, if any.
#[wasm_bindgen(getter_with_clone)]
pub struct Uts46Unicode {
    /// The converted name (present even on an error, as section 4.3 says).
    pub value: String,
    /// The statuses recorded, if any.
    pub error: Option<Uts46Error>,
}

/// UTS #46 ToUnicode (section 4.3) under the flags `bits`.
#[wasm_bindgen]
pub fn uts46_to_unicode(input: &str, bits: u32) -> Uts46Unicode {
    let (value, result) = uts46::to_unicode(input, uts46_options(bits));
    Uts46Unicode {
        value,
        error: result.err().map(|e| uts46_error(&e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_count_code_units() {
        // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; U+1F600 is 4 bytes and 2 units.
        assert_eq!(utf16_offset("é.a_b", 4), 3);
        assert_eq!(utf16_offset("\u{1F600}.a", 5), 3);
        assert_eq!(utf16_offset("abc", 0), 0);
        assert_eq!(utf16_offset("abc", 3), 3);
        // Inside a character: its start.
        assert_eq!(utf16_offset("é", 1), 0);
    }

    #[test]
    fn errors_carry_the_crates_fields() {
        let e = check_idn_hostname("é.a_b", 0);
        let e = e.as_ref();
        assert_eq!(e.map(|e| e.code.as_str()), Some("invalid-character"));
        assert_eq!(e.and_then(|e| e.label_index), Some(2));
        assert_eq!(e.and_then(|e| e.label.as_deref()), Some("a_b"));
        assert_eq!(e.map(|e| e.offset), Some(3));
        assert_eq!(e.and_then(|e| e.code_point.as_deref()), Some("U+005F"));
        assert!(check_hostname("_dmarc.example.com", 0).is_some());
        assert!(check_hostname("_dmarc.example.com", UNDERSCORE).is_none());
    }

    #[test]
    fn mapped_offsets_are_in_the_mapped_name() {
        // U+1D400 maps to "a" (2 UTF-16 units to 1): the "_" is at 3 in the mapped name "a.a_b",
        // at 4 in the input.
        let e = check_idn_hostname("\u{1D400}.a_b", UTS46_MAPPING);
        assert_eq!(e.map(|e| e.offset), Some(3));
    }
}
