//! UTS #46 (revision 36): no panic on any input, ToASCII agrees with the `idna` crate (an
//! independent implementation, Unicode 18.0.0 through ICU4X 2.4), and the laws of section 4.
//!
//! The first byte chooses the flags the `idna` crate also has (UseSTD3ASCIIRules, CheckHyphens,
//! VerifyDnsLength); CheckBidi and CheckJoiners stay on and Transitional_Processing off, as
//! `idna` 1.x has no switch for them. The rest of the input is the domain name.
//!
//! - ToASCII equals `idna`'s `Uts46::to_ascii` with the same flags: both succeed with the same
//!   string, or both fail.
//! - ToASCII is idempotent: its output is already mapped and normalized, every label is ASCII
//!   or an A-label whose decoding passes the Validity Criteria (section 4, step 4.1), so
//!   processing it again changes nothing.
//! - ToUnicode after a successful ToASCII succeeds and gives a string whose ToASCII is the same
//!   (sections 4.2 and 4.3 share the Processing steps of section 4).
//! - `map` (steps 1 and 2) is idempotent on its own output.
//!
//! Two known differences with `idna`, decided by UTS #46 in our favour: see
//! [`v4_without_check_hyphens`] and [`beyond_idna_punycode_limits`].

#![no_main]

use idn_hostname::uts46::{self, Options, Status};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(rest) else {
        return;
    };
    let (std3, hyphens, dns_length) = (flags & 1 == 0, flags & 2 == 0, flags & 4 == 0);
    let options = Options::new()
        .use_std3_ascii_rules(std3)
        .check_hyphens(hyphens)
        .verify_dns_length(dns_length);
    let ours = uts46::to_ascii(input, options);
    let theirs = Uts46::new().to_ascii(
        input.as_bytes(),
        if std3 {
            AsciiDenyList::STD3
        } else {
            AsciiDenyList::EMPTY
        },
        if hyphens {
            Hyphens::Check
        } else {
            Hyphens::Allow
        },
        if dns_length {
            DnsLength::Verify
        } else {
            DnsLength::Ignore
        },
    );
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{input:?} {options:?}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(_)) if v4_without_check_hyphens(e, hyphens) => {}
        (Ok(a), Err(_)) if beyond_idna_punycode_limits(input, a, options, dns_length) => {}
        _ => panic!("{input:?} {options:?}: ours {ours:?}, idna {theirs:?}"),
    }

    if let Ok(ascii) = &ours {
        assert!(ascii.is_ascii(), "{input:?} -> {ascii:?}");
        assert_eq!(
            uts46::to_ascii(ascii, options).as_ref(),
            Ok(ascii),
            "ToASCII not idempotent: {input:?} -> {ascii:?} {options:?}"
        );
        let (unicode, result) = uts46::to_unicode(input, options);
        assert!(
            result.is_ok(),
            "{input:?}: ToASCII {ascii:?} but ToUnicode {unicode:?} {result:?}"
        );
        assert_eq!(
            uts46::to_ascii(&unicode, options).as_ref(),
            Ok(ascii),
            "{input:?} -> ToUnicode {unicode:?} {options:?}"
        );
    }

    let (unicode, result) = uts46::to_unicode(input, options);
    if result.is_ok() {
        let (again, again_result) = uts46::to_unicode(&unicode, options);
        assert!(
            again_result.is_ok(),
            "{input:?} -> {unicode:?}: {again_result:?}"
        );
        assert_eq!(again, unicode, "ToUnicode not idempotent: {input:?}");
    }

    if let Ok(mapped) = uts46::map(input, options) {
        assert_eq!(
            uts46::map(&mapped, options).as_deref(),
            Ok(&*mapped),
            "map not idempotent: {input:?}"
        );
    }
});

/// Known difference: with CheckHyphens=false, a label that begins with "xn--" after its
/// decoding (`xn--xn--a--gua` is "xn--a-" with U+00E4 inserted) breaks criterion 4 of UTS #46
/// section 4.1 ("If not CheckHyphens, the label must not begin with 'xn--'"), status V4.
/// IdnaTestV2.txt line 312 (`xn--xn--a--gua.pt; xn--a-\u{e4}.pt; [V2, V4]`) records V4 besides
/// V2, and its header lists only V2 and V3 as the CheckHyphens statuses, so V4 stands when the
/// flag is off. `idna` 1.1 with `Hyphens::Allow` accepts such a label.
fn v4_without_check_hyphens(error: &uts46::Error, check_hyphens: bool) -> bool {
    !check_hyphens && error.statuses().all(|s| s == Status::V4)
}

/// Known difference: `idna` 1.1 refuses to encode a label of more than 1000 code points to
/// Punycode, and to decode a Punycode payload of more than 2000 bytes (its
/// `PUNYCODE_ENCODE_MAX_INPUT_LENGTH` and `PUNYCODE_DECODE_MAX_INPUT_LENGTH`, taken from ICU4C
/// against the quadratic cost of the textbook algorithm, ICU-13727). UTS #46 sets no such
/// limit: labels are bounded only by VerifyDnsLength (section 4.2, step 4: 63 octets), and
/// with it on both implementations refuse them. Our Punycode is `O(n log n)` on any length.
fn beyond_idna_punycode_limits(
    input: &str,
    ascii: &str,
    options: Options,
    verify_dns_length: bool,
) -> bool {
    let (unicode, _) = uts46::to_unicode(input, options);
    !verify_dns_length
        && ascii.split('.').zip(unicode.split('.')).any(|(a, u)| {
            u.chars().count() > 1000
                || (a.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                    && a.len() - 4 > 2000)
        })
}
