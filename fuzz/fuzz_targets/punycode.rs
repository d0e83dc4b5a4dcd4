//! Punycode (RFC 3492): no panic on any input, every decoder and every encoder agree, and the
//! two round trips hold.
//!
//! - Decoding: `decode_into`, `decode_canonical_into` and `decode` give the same answer for any
//!   bytes. RFC 3492 section 6.2: a decoder that fails where it says "cannot produce the same
//!   output for two distinct inputs", so whatever decodes is, up to the case of ASCII letters
//!   (section 5: digits are read in either case; the basic code points keep theirs), the
//!   encoding of what it decoded to, and the re-encoding check never refuses a decodable input.
//! - Encoding: `encode`, `encode_into` and `encoded_len` (one encoder, through three sinks) give
//!   the same answer for any string, and decoding the encoding gives the string back (section
//!   6.3 is the inverse of section 6.2). The unit tests of `src/punycode.rs` compare the encoder
//!   with section 6.3 as written.

#![no_main]

use idn_hostname::punycode::{self, PunycodeError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_decoding(data);
    if let Ok(text) = std::str::from_utf8(data) {
        check_encoding(text);
    }
});

fn check_decoding(data: &[u8]) {
    // A Punycode string decodes to at most one code point per byte: the basic code points are
    // one byte each, and every delta takes at least one digit.
    let mut out = vec!['\0'; data.len()];
    let into = punycode::decode_into(data, &mut out).map(|n| out[..n].to_vec());
    assert_ne!(into, Err(PunycodeError::TooLong), "{data:?}");
    let mut out = vec!['\0'; data.len()];
    let canonical = punycode::decode_canonical_into(data, &mut out).map(|n| out[..n].to_vec());
    assert_eq!(into, canonical, "decode_canonical_into({data:?})");
    if let Ok(text) = std::str::from_utf8(data) {
        let decoded = punycode::decode(text).map(|s| s.chars().collect::<Vec<char>>());
        assert_eq!(into, decoded, "decode({text:?})");
    }
    if !data.is_ascii() {
        assert_eq!(into, Err(PunycodeError::NonBasic), "{data:?}");
    }
    if let Ok(chars) = into {
        // Too small by one: the decoders must refuse, not write out of bounds.
        if let Some(short) = chars.len().checked_sub(1) {
            let mut out = vec!['\0'; short];
            assert_eq!(
                punycode::decode_into(data, &mut out),
                Err(PunycodeError::TooLong),
                "{data:?}"
            );
        }
        let text: String = chars.iter().collect();
        let encoded = punycode::encode(&text);
        match &encoded {
            Ok(e) => assert!(
                e.as_bytes().eq_ignore_ascii_case(data),
                "encode(decode({data:?})) = {e:?}"
            ),
            Err(e) => panic!("{data:?} decodes to {text:?}, which does not encode: {e:?}"),
        }
    }
}

fn check_encoding(text: &str) {
    let chars: Vec<char> = text.chars().collect();
    let fast = punycode::encode(text);
    let len = punycode::encoded_len(&chars);
    assert_eq!(
        fast.as_ref().map(String::len).map_err(|e| *e),
        len,
        "encoded_len({text:?})"
    );
    // At most 10 digits for a delta below 2^32 (each digit divides by base - t >= 10), one
    // delta per code point, and the delimiter.
    let mut out = vec![0u8; 11 * chars.len() + 1];
    let into = punycode::encode_into(&chars, &mut out).map(|n| out[..n].to_vec());
    assert_eq!(
        fast.as_ref().map(|s| s.as_bytes().to_vec()).map_err(|e| *e),
        into,
        "encode_into({text:?})"
    );
    match fast {
        Ok(encoded) => {
            assert!(encoded.is_ascii(), "{encoded:?}");
            // The digits are written in lowercase; the basic code points keep their case.
            let deltas = match encoded.rfind('-') {
                Some(i) if chars.iter().any(char::is_ascii) => &encoded[i + 1..],
                _ => &encoded[..],
            };
            assert!(
                !deltas.bytes().any(|b| b.is_ascii_uppercase()),
                "{encoded:?}"
            );
            assert_eq!(
                punycode::decode(&encoded).as_deref(),
                Ok(text),
                "decode(encode({text:?}))"
            );
            let mut out = vec!['\0'; encoded.len()];
            let decoded = punycode::decode_canonical_into(encoded.as_bytes(), &mut out)
                .map(|n| out[..n].to_vec());
            assert_eq!(decoded, Ok(chars), "decode_canonical_into({encoded:?})");
            if let Some(short) = encoded.len().checked_sub(1) {
                let mut out = vec![0u8; short];
                assert_eq!(
                    punycode::encode_into(&text.chars().collect::<Vec<_>>(), &mut out),
                    Err(PunycodeError::TooLong),
                    "{text:?}"
                );
            }
        }
        Err(e) => assert_eq!(e, PunycodeError::Overflow, "encode({text:?})"),
    }
}
