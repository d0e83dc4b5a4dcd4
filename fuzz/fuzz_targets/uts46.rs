//! UTS #46 (revision 36): no panic on any input, ToASCII agrees with the `idna` crate (an
//! independent implementation, Unicode 18.0.0 through ICU4X 2.4), and the laws of section 4.
//!
//! The first byte chooses the seven flags of UTS #46 section 4 (bit 0 UseSTD3ASCIIRules off,
//! 1 CheckHyphens off, 2 VerifyDnsLength off, 3 CheckBidi off, 4 CheckJoiners off, 5
//! Transitional_Processing on, 6 IgnoreInvalidPunycode on). The rest of the input is the
//! domain name.
//!
//! - With the flags `idna` 1.x has no switch for at their defaults (CheckBidi, CheckJoiners on,
//!   Nontransitional, IgnoreInvalidPunycode off), ToASCII equals `idna`'s `Uts46::to_ascii` with
//!   the same UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength: both succeed with the same
//!   string, or both fail; and ToUnicode (VerifyDnsLength off, which `idna`'s has not) equals
//!   its `Uts46::to_unicode`: both succeed with the same string, or both fail.
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
    let flags = Flags {
        use_std3_ascii_rules: flags & 1 == 0,
        check_hyphens: flags & 2 == 0,
        verify_dns_length: flags & 4 == 0,
        check_bidi: flags & 8 == 0,
        check_joiners: flags & 16 == 0,
        transitional_processing: flags & 32 != 0,
        ignore_invalid_punycode: flags & 64 != 0,
    };
    let like_idna = flags.check_bidi
        && flags.check_joiners
        && !flags.transitional_processing
        && !flags.ignore_invalid_punycode;
    if like_idna {
        compare_with_idna(input, flags);
    }
    laws(input, flags);
});

/// The seven flags read from the first byte: `Options` has setters only, and the comparison
/// with `idna` and the laws need to read some of them back.
#[derive(Clone, Copy, Debug)]
struct Flags {
    use_std3_ascii_rules: bool,
    check_hyphens: bool,
    verify_dns_length: bool,
    check_bidi: bool,
    check_joiners: bool,
    transitional_processing: bool,
    ignore_invalid_punycode: bool,
}

impl Flags {
    fn options(self) -> Options {
        Options::new()
            .use_std3_ascii_rules(self.use_std3_ascii_rules)
            .check_hyphens(self.check_hyphens)
            .verify_dns_length(self.verify_dns_length)
            .check_bidi(self.check_bidi)
            .check_joiners(self.check_joiners)
            .transitional_processing(self.transitional_processing)
            .ignore_invalid_punycode(self.ignore_invalid_punycode)
    }
}

/// ToASCII and ToUnicode against the `idna` crate with the same flags.
fn compare_with_idna(input: &str, flags: Flags) {
    let options = flags.options();
    let ours = uts46::to_ascii(input, options);
    let theirs = Uts46::new().to_ascii(
        input.as_bytes(),
        deny_list(flags),
        hyphens(flags),
        if flags.verify_dns_length {
            DnsLength::Verify
        } else {
            DnsLength::Ignore
        },
    );
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{input:?} {options:?}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(_)) if v4_without_check_hyphens(e, flags) => {}
        (Ok(a), Err(_)) if beyond_idna_punycode_limits(input, a, flags) => {}
        _ => panic!("{input:?} {options:?}: ours {ours:?}, idna {theirs:?}"),
    }

    let lengthless = Flags {
        verify_dns_length: false,
        ..flags
    };
    let (ours, our_result) = uts46::to_unicode(input, lengthless.options());
    let (theirs, their_result) =
        Uts46::new().to_unicode(input.as_bytes(), deny_list(flags), hyphens(flags));
    match (&our_result, &their_result) {
        (Ok(()), Ok(())) => assert_eq!(ours, theirs, "ToUnicode {input:?} {options:?}"),
        (Err(_), Err(_)) => {}
        (Err(e), Ok(())) if v4_without_check_hyphens(e, lengthless) => {}
        (Ok(()), Err(_)) if beyond_idna_punycode_limits(input, &ours, lengthless) => {}
        _ => panic!(
            "ToUnicode {input:?} {options:?}: ours {ours:?} {our_result:?}, idna {theirs:?} {their_result:?}"
        ),
    }
}

/// UseSTD3ASCIIRules as `idna` spells it.
fn deny_list(flags: Flags) -> AsciiDenyList {
    if flags.use_std3_ascii_rules {
        AsciiDenyList::STD3
    } else {
        AsciiDenyList::EMPTY
    }
}

/// CheckHyphens as `idna` spells it.
fn hyphens(flags: Flags) -> Hyphens {
    if flags.check_hyphens {
        Hyphens::Check
    } else {
        Hyphens::Allow
    }
}

/// The laws of section 4, under any flags.
fn laws(input: &str, flags: Flags) {
    let options = flags.options();
    let ours = uts46::to_ascii(input, options);
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
        // Under Transitional Processing a deviation that an A-label decodes to stays (section
        // 4 step 4.1: the decoded label is checked with Transitional_Processing false), and
        // processing the result again maps it (`xn--1ugg` is U+200D U+2010): this law and the
        // next hold for Nontransitional Processing only.
        if !flags.transitional_processing {
            assert_eq!(
                uts46::to_ascii(&unicode, options).as_ref(),
                Ok(ascii),
                "{input:?} -> ToUnicode {unicode:?} {options:?}"
            );
        }
    }

    let (unicode, result) = uts46::to_unicode(input, options);
    if result.is_ok() && !flags.transitional_processing {
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
}

/// Known difference: with CheckHyphens=false, a label that begins with "xn--" after its
/// decoding (`xn--xn--a--gua` is "xn--a-" with U+00E4 inserted) breaks criterion 4 of UTS #46
/// section 4.1 ("If not CheckHyphens, the label must not begin with 'xn--'"), status V4.
/// IdnaTestV2.txt line 312 (`xn--xn--a--gua.pt; xn--a-\u{e4}.pt; [V2, V4]`) records V4 besides
/// V2, and its header lists only V2 and V3 as the CheckHyphens statuses, so V4 stands when the
/// flag is off. `idna` 1.1 with `Hyphens::Allow` accepts such a label.
fn v4_without_check_hyphens(error: &uts46::Error, flags: Flags) -> bool {
    !flags.check_hyphens && error.statuses().all(|s| s == Status::V4)
}

/// Known difference: `idna` 1.1 refuses to encode a label of more than 1000 code points to
/// Punycode, and to decode a Punycode payload of more than 2000 bytes (its
/// `PUNYCODE_ENCODE_MAX_INPUT_LENGTH` and `PUNYCODE_DECODE_MAX_INPUT_LENGTH`, taken from ICU4C
/// against the quadratic cost of the textbook algorithm, ICU-13727). UTS #46 sets no such
/// limit: labels are bounded only by VerifyDnsLength (section 4.2, step 4: 63 octets), and
/// with it on both implementations refuse them. Our Punycode is `O(n log n)` on any length.
fn beyond_idna_punycode_limits(input: &str, ascii: &str, flags: Flags) -> bool {
    let (unicode, _) = uts46::to_unicode(input, flags.options());
    !flags.verify_dns_length
        && ascii.split('.').zip(unicode.split('.')).any(|(a, u)| {
            u.chars().count() > 1000
                || (a.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                    && a.len() - 4 > 2000)
        })
}
