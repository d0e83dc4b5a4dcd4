//! Regressions from fuzzing (`fuzz/`) and hostile input (`benches/hostile.rs`).
//!
//! Every crash or broken law the fuzz targets find becomes a test here, with its cause in a
//! comment and its expected value from the standards, never from this crate's output. The runs
//! recorded in fuzz/README.md found no panic; the `uts46` target found two differences with the
//! `idna` crate, both decided by UTS #46 in our favour (the last two tests). The rest pins the
//! hostile inputs down: the length gate of the formats refuses them whole, and it refuses
//! nothing a valid name can be.

use idn_hostname::punycode::{self, PunycodeError};
use idn_hostname::uts46;
use idn_hostname::{
    ErrorKind, Options, check_hostname, check_idn_hostname, is_hostname, is_idn_hostname,
};

const MIB: usize = 1 << 20;

/// A name is at most 253 octets in A-label form (RFC 1034 section 3.1, RFC 5890 section
/// 2.3.2.1), so a megabyte is refused as a whole, whatever it holds: no label is blamed and no
/// position is given. So are 2 KiB: each octet of an A-label stands for at most four bytes of
/// UTF-8 (RFC 3629; an A-label holds at least one octet a code point, RFC 3492 section 6.3) and
/// each separator for at most three (U+3002 and the like, RFC 3490 section 3.1), so no name of
/// either format reaches 4 * 253 + 3 = 1,015 bytes; the input with an empty label, a control
/// character or an LDH label ending with a hyphen at its start is still refused for its length.
#[test]
fn inputs_longer_than_any_name_are_refused_as_too_long() {
    for bytes in [2 * 1024, MIB] {
        let inputs = [
            "a".repeat(bytes),
            "\u{FC}".repeat(bytes / 2),
            "\u{4F8B}".repeat(bytes / 3),
            "a.".repeat(bytes / 2),
            "..".repeat(bytes / 2),
            "xn--.".repeat(bytes / 5),
            format!("xn--{}", "9".repeat(bytes)),
            "\0".repeat(bytes),
            "\u{301}".repeat(bytes / 2),
            "\u{202E}".repeat(bytes / 3),
            "a\u{3002}".repeat(bytes / 4),
        ];
        for input in &inputs {
            assert!(input.len() > 1_015, "{} bytes", input.len());
            for result in [check_hostname(input), check_idn_hostname(input)] {
                let err = result.expect_err("no name is this long");
                assert_eq!(err.kind(), ErrorKind::NameTooLong, "{:?}", input.get(..4));
                assert_eq!(err.label_index(), None);
                assert_eq!(err.offset(), 0);
            }
        }
    }
}

/// The longest `hostname`: four labels of 63, 63, 63 and 61 octets and three dots, 253 octets
/// (RFC 1034 section 3.1). One octet more is too long; a root dot is not counted (RFC 1034
/// section 3.1: the 255 octets of the wire form hold the length octets and the root).
#[test]
fn hostname_length_boundary() {
    let longest = [
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(61),
    ]
    .join(".");
    assert_eq!(longest.len(), 253);
    assert!(is_hostname(&longest));
    assert!(is_idn_hostname(&longest));
    let over = format!("{longest}e");
    assert_eq!(
        check_hostname(&over).map_err(|e| e.kind()),
        Err(ErrorKind::NameTooLong)
    );
    assert_eq!(
        check_idn_hostname(&over).map_err(|e| e.kind()),
        Err(ErrorKind::NameTooLong)
    );
    let rooted = format!("{longest}.");
    assert!(
        !is_hostname(&rooted),
        "JSON Schema's formats have no root dot"
    );
    assert!(Options::new().allow_trailing_dot(true).is_hostname(&rooted));
    assert!(
        Options::new()
            .allow_trailing_dot(true)
            .is_idn_hostname(&format!("{longest}\u{3002}"))
    );
}

/// The length gate of `idn-hostname` is on the UTF-8 bytes of the input, the limit on the
/// A-label form: it must let through every name whose A-label form fits in 253 octets. A name
/// of U-labels of four-byte code points separated by three-byte full stops comes close to four
/// bytes per octet. CJK UNIFIED IDEOGRAPH-20000 is PVALID (Idna2008.txt: 20000..2A6DF), and a
/// run of one code point is NFC, has no hyphen, mark or right-to-left character. The A-label
/// lengths come from the `idna` crate's Punycode, an independent implementation.
#[test]
fn long_utf8_names_within_the_octet_limit_pass() {
    let alabel_len = |k: usize| {
        4 + idna::punycode::encode_str(&"\u{20000}".repeat(k))
            .expect("encodes")
            .len()
    };
    // Labels as long as 63 octets allow, then a last one as long as the name allows.
    let mut labels = Vec::new();
    let mut octets = 0;
    loop {
        let separator = usize::from(!labels.is_empty());
        let room = 63.min(253_usize.saturating_sub(octets + separator));
        let Some(k) = (1..=59).rev().find(|&k| alabel_len(k) <= room) else {
            break;
        };
        octets += alabel_len(k) + separator;
        labels.push("\u{20000}".repeat(k));
    }
    assert!(octets <= 253);
    let name = labels.join("\u{3002}");
    assert!(
        name.len() > 3 * 253,
        "{} bytes: not a test of the gate",
        name.len()
    );
    assert_eq!(check_idn_hostname(&name), Ok(()));
    // No label fits in what is left: one more is over 253 octets.
    let over = format!("{name}\u{3002}\u{20000}");
    assert!(octets + 1 + alabel_len(1) > 253);
    assert_eq!(
        check_idn_hostname(&over).map_err(|e| e.kind()),
        Err(ErrorKind::NameTooLong)
    );
}

/// Short hostile names: each is refused by the rule the standards name, at the right place.
#[test]
fn control_characters_and_bidi_overrides() {
    // U+0000 is not a letter, digit or hyphen (RFC 1123 section 2.1); in an LDH label, the
    // same for `idn-hostname` (RFC 5890 section 2.3.1).
    for result in [
        check_hostname("exa\0mple.com"),
        check_idn_hostname("exa\0mple.com"),
    ] {
        let err = result.expect_err("NUL");
        assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
        assert_eq!((err.label_index(), err.offset()), (Some(0), 3));
        assert_eq!(err.code_point(), Some('\0'));
    }
    // U+202E RIGHT-TO-LEFT OVERRIDE: DISALLOWED (Idna2008.txt: 200E..2064).
    let err = check_idn_hostname("\u{202E}elpmaxe.com").expect_err("RLO");
    assert_eq!(err.kind(), ErrorKind::Disallowed);
    assert_eq!((err.offset(), err.code_point()), (0, Some('\u{202E}')));
    // Not ASCII, so not a `hostname` label character at all (RFC 1123 section 2.1).
    let err = check_hostname("\u{202E}elpmaxe.com").expect_err("RLO");
    assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
}

/// U+0301 COMBINING ACUTE ACCENT is PVALID (Idna2008.txt: 0300..033F) and alone is in NFC, but
/// a U-label must not begin with a combining mark (RFC 5891 section 4.2.3.2).
#[test]
fn lone_combining_mark() {
    let err = check_idn_hostname("\u{301}.example").expect_err("leading mark");
    assert_eq!(err.kind(), ErrorKind::LeadingCombiningMark);
    assert_eq!((err.label_index(), err.offset()), (Some(0), 0));
    assert_eq!(err.code_point(), Some('\u{301}'));
}

/// A label with `--` in positions 3 and 4 is allowed by RFC 1123 section 2.1 (`hostname`) but
/// is a reserved LDH label that is not an A-label for `idn-hostname` (RFC 5890 section 2.3.1):
/// the one difference between the formats on ASCII names, the law the `formats` fuzz target
/// checks. The ACE prefix is matched without case (RFC 5890 section 2.3.2.5, RFC 5891
/// section 5.3), so `XN--` labels are A-labels, not reserved ones.
#[test]
fn reserved_ldh_labels_differ_between_the_formats() {
    assert!(is_hostname("ab--cd.example"));
    assert_eq!(
        check_idn_hostname("ab--cd.example").map_err(|e| e.kind()),
        Err(ErrorKind::ReservedLdhLabel)
    );
    // "bücher" is xn--bcher-kva (RFC 3492 encoding, as every registry writes it).
    for name in ["xn--bcher-kva.example", "XN--BCHER-KVA.EXAMPLE"] {
        assert!(is_hostname(name), "{name}");
        assert!(is_idn_hostname(name), "{name}");
    }
}

/// Punycode on a megabyte. Each `a` is digit-value 0, below every threshold (t >= tmin = 1), so
/// each is a whole delta of 0 (RFC 3492 section 6.2): the first inserts n = initial_n = U+0080
/// at i = 0; after it i = 1, and every next delta leaves n unchanged (i / (length + 1) = 0) and
/// inserts U+0080 at the end. So a million `a` decode to a million U+0080, and back.
#[test]
fn punycode_megabyte_payloads() {
    let deltas = "a".repeat(MIB);
    let decoded = punycode::decode(&deltas).expect("a million deltas of 0");
    assert_eq!(decoded, "\u{80}".repeat(MIB));
    assert_eq!(punycode::encode(&decoded).as_deref(), Ok(deltas.as_str()));
    // Digit-value 35 is never below a threshold (t <= tmax = 26), and w grows by base - t >= 10
    // a digit, so i passes 2^32 within a dozen digits (RFC 3492 section 6.4).
    assert_eq!(
        punycode::decode(&"9".repeat(MIB)),
        Err(PunycodeError::Overflow)
    );
    // A label's buffer: 59 code points at most (RFC 5890 section 2.3.2.1 with `xn--`).
    let mut out = ['\0'; 59];
    assert_eq!(
        punycode::decode_canonical_into(deltas.as_bytes(), &mut out),
        Err(PunycodeError::TooLong)
    );
}

/// Found by the `uts46` target (difference with `idna` 1.1 with `Hyphens::Allow`): with
/// CheckHyphens=false, `xn--xn--a--gua` decodes to "xn--a-\u{E4}", a label that begins with
/// "xn--", which criterion 4 of UTS #46 section 4.1 forbids when CheckHyphens is off (status
/// V4). IdnaTestV2.txt line 312 gives `xn--xn--a--gua.pt; xn--a-\u{E4}.pt; [V2, V4]`, and its
/// header lists only V2 and V3 under CheckHyphens, so V4 remains with the flag off.
#[test]
fn uts46_v4_without_check_hyphens() {
    let options = uts46::Options::new().check_hyphens(false);
    let err = uts46::to_ascii("xn--xn--a--gua.pt", options).expect_err("V4");
    assert!(err.contains(uts46::Status::V4), "{err:?}");
    assert!(!err.contains(uts46::Status::V2), "{err:?}");
}

/// Found by the `uts46` target (difference with `idna` 1.1): `idna` refuses to encode a label
/// of more than 1000 code points and to decode a Punycode payload of more than 2000 bytes, limits
/// of its own (ICU-13727). UTS #46 has none: ToASCII bounds labels only with VerifyDnsLength
/// (section 4.2 step 4: 1 to 63 octets, status A4_2; the name 1 to 253, A4_1). Expected
/// A-labels from `idna`'s Punycode functions, which have no such limit.
#[test]
fn uts46_long_labels_without_verify_dns_length() {
    let lenient = uts46::Options::new().verify_dns_length(false);
    // U+00FC is valid in UTS #46 and NFC; 1001 and 2100 of them.
    for count in [1001, 2100] {
        let label = "\u{FC}".repeat(count);
        let alabel = format!(
            "xn--{}",
            idna::punycode::encode_str(&label).expect("encodes")
        );
        assert_eq!(uts46::to_ascii(&label, lenient).as_ref(), Ok(&alabel));
        // The A-label itself: decoded, validated and encoded again (section 4 step 4.1).
        assert_eq!(uts46::to_ascii(&alabel, lenient).as_ref(), Ok(&alabel));
        let err = uts46::to_ascii(&label, uts46::Options::default()).expect_err("A4");
        assert!(err.contains(uts46::Status::A4_2), "{err:?}");
        assert!(err.contains(uts46::Status::A4_1), "{err:?}");
    }
}

/// ToASCII counts the labels of a name already in error by an upper bound of their Punycode
/// length (`label::encoded_len_bound`), and encodes one only when its bound passes 63 octets:
/// the bound must hold where the length is 64. Each label holds a C1 control (U+008A, U+008E:
/// `disallowed` in IdnaMappingTable.txt, the error), and its Punycode is 60 octets by `idna`'s
/// encoder (Python's `punycode` codec gives the same), so the A-label has 64 and
/// VerifyDnsLength adds A4_2 (section 4.2 step 4). Found by a search for labels where a bound
/// that adds a code point's offset to the label's length instead of multiplying them, or that
/// takes one octet from the basic code points for the delimiter instead of adding it (two
/// mutants), fits in 63 octets and the encoding does not.
#[test]
fn uts46_bounded_label_of_64_octets() {
    let labels = [
        format!("aa\u{8A}{}\u{17D1}{}", "a".repeat(9), "a".repeat(39)),
        format!("aaaaa\u{17386}{}\u{8E}{}", "a".repeat(33), "a".repeat(11)),
        format!("{}\u{8A}{}", "a".repeat(10), "a".repeat(46)),
    ];
    for label in labels {
        let encoded = idna::punycode::encode_str(&label).expect("encodes");
        assert_eq!(encoded.len(), 60, "{label:?}");
        let err = uts46::to_ascii(&label, uts46::Options::default()).expect_err("a C1 control");
        assert!(err.contains(uts46::Status::A4_2), "{label:?}: {err:?}");
    }
}

/// Found by the `uts46` target (a law of the target, not a fault of the crate): `xn--1ugg`
/// decodes to U+200D U+2010 (Python's `punycode` codec gives the same), which stays as it is
/// in ToUnicode, since a decoded label is validated with Transitional_Processing false (UTS #46
/// section 4 step 4.1); ToASCII of that result under Transitional Processing maps U+200D, a
/// `deviation` (IdnaMappingTable.txt), to nothing, and U+2010 alone is `xn--4ug` (the same
/// codec). So ToASCII(ToUnicode(x)) = ToASCII(x) holds for Nontransitional Processing only.
#[test]
fn uts46_transitional_round_trip_maps_a_decoded_deviation() {
    // The flags of the input the target found (CheckJoiners off: U+200D alone breaks RFC 5892
    // Appendix A.2, status C2).
    let options = uts46::Options::new()
        .check_hyphens(false)
        .check_joiners(false)
        .transitional_processing(true)
        .ignore_invalid_punycode(true);
    let (unicode, result) = uts46::to_unicode("97c.xn--1ugg", options);
    assert_eq!((unicode.as_str(), result), ("97c.\u{200D}\u{2010}", Ok(())));
    assert_eq!(
        uts46::to_ascii("97c.xn--1ugg", options).as_deref(),
        Ok("97c.xn--1ugg")
    );
    assert_eq!(
        uts46::to_ascii(&unicode, options).as_deref(),
        Ok("97c.xn--4ug")
    );
}

/// On inputs over 1 KiB, which UTS #46 maps in pieces (`src/uts46/process.rs`), an error names
/// the first label in error as on a short input: the label after Map and Normalize (UTS #46
/// section 4, steps 1 and 2), by its index. Expected values from the criteria and IdnaMappingTable.txt.
#[test]
fn long_inputs_name_the_first_label_in_error() {
    let d = uts46::Options::default();
    let long = "\u{FC}".repeat(1000);
    // Criterion 3 (CheckHyphens): "b-" ends with a hyphen; the long label after it fails only
    // by its length (section 4.2, step 4).
    let err = uts46::to_ascii(&format!("a.b-.{long}"), d).unwrap_err();
    assert_eq!((err.label_index(), err.label()), (Some(1), "b-"));
    // U+00C4 is mapped to U+00E4 (IdnaMappingTable.txt): the label as mapped.
    let (_, result) = uts46::to_unicode(&format!("\u{C4}B-.{long}"), d);
    let err = result.unwrap_err();
    assert_eq!((err.label_index(), err.label()), (Some(0), "\u{E4}b-"));
    // Criterion 9 (CheckBidi): "1a" starts with EN in a Bidi domain name (RFC 5893 section 2,
    // rule 1), which is known only when the RTL label comes.
    let err = uts46::to_ascii(&format!("1a.{}", "\u{5D0}".repeat(600)), d).unwrap_err();
    assert!(err.contains(uts46::Status::B1));
    assert_eq!((err.label_index(), err.label()), (Some(0), "1a"));
    // A label too long for DNS is named by its range, as mapped (U+FDFA maps to 18 code points,
    // IdnaMappingTable.txt), and its first 256 bytes at most, cut at a character boundary.
    let fdfa = "\u{635}\u{644}\u{649} \u{627}\u{644}\u{644}\u{647} \u{639}\u{644}\u{64A}\u{647} \u{648}\u{633}\u{644}\u{645}";
    let mapped = fdfa.repeat(400);
    let cut = (0..=uts46::LABEL_TEXT_MAX)
        .rev()
        .find(|&i| mapped.is_char_boundary(i))
        .unwrap();
    for err in [
        uts46::to_ascii(&"\u{FDFA}".repeat(400), d).unwrap_err(),
        uts46::to_unicode(&"\u{FDFA}".repeat(400), d).1.unwrap_err(),
    ] {
        assert_eq!(err.label_index(), Some(0));
        assert_eq!(err.label_range(), Some(0..mapped.len()));
        assert_eq!(err.label(), &mapped[..cut]);
        assert!(err.is_label_truncated());
        let shown = idn_hostname::escape_invisible(&mapped[..cut]);
        assert!(
            err.to_string()
                .starts_with(&format!("label 1 \"{shown}…\": "))
        );
    }
    // A second label's range starts after the first and its dot, as mapped: U+3002 maps to
    // U+002E (IdnaMappingTable.txt), U+00C4 to U+00E4.
    let err = uts46::to_ascii(&format!("\u{C4}\u{3002}b-.{long}"), d).unwrap_err();
    assert_eq!(err.label_index(), Some(1));
    assert_eq!(err.label_range(), Some(3..5));
    assert!(!err.is_label_truncated());
    // Step 4 of section 4.2: 400 labels U+00E0, each "xn--0ca" (RFC 3492), make a name of
    // 3,199 octets, a fault of the name only.
    let err = uts46::to_ascii(&["\u{E0}"; 400].join("."), d).unwrap_err();
    assert_eq!(err.statuses().collect::<Vec<_>>(), [uts46::Status::A4_1]);
    assert_eq!((err.label_index(), err.label()), (None, ""));
}
