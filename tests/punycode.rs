//! Punycode (RFC 3492) against the RFC's own sample strings (section 7.1), and against the `idna`
//! crate as an independent implementation on generated inputs.

use idn_hostname::punycode::{
    PunycodeError, decode, decode_canonical_into, decode_into, encode, encode_into, encoded_len,
};
use proptest::prelude::*;

/// RFC 3492 section 7.1, samples (A) to (S): the code points as the RFC lists them, and the
/// Punycode, with the line break of (H) joined. A capital "U+" is the RFC's mixed-case
/// annotation (Appendix A), which changes no code point.
const SAMPLES: &[(&str, &str, &str)] = &[
    (
        "A Arabic (Egyptian)",
        "u+0644 u+064A u+0647 u+0645 u+0627 u+0628 u+062A u+0643 u+0644
         u+0645 u+0648 u+0634 u+0639 u+0631 u+0628 u+064A u+061F",
        "egbpdaj6bu4bxfgehfvwxn",
    ),
    (
        "B Chinese (simplified)",
        "u+4ED6 u+4EEC u+4E3A u+4EC0 u+4E48 u+4E0D u+8BF4 u+4E2D u+6587",
        "ihqwcrb4cv8a8dqg056pqjye",
    ),
    (
        "C Chinese (traditional)",
        "u+4ED6 u+5011 u+7232 u+4EC0 u+9EBD u+4E0D u+8AAA u+4E2D u+6587",
        "ihqwctvzc91f659drss3x8bo0yb",
    ),
    (
        "D Czech",
        "U+0050 u+0072 u+006F u+010D u+0070 u+0072 u+006F u+0073 u+0074
         u+011B u+006E u+0065 u+006D u+006C u+0075 u+0076 u+00ED u+010D
         u+0065 u+0073 u+006B u+0079",
        "Proprostnemluvesky-uyb24dma41a",
    ),
    (
        "E Hebrew",
        "u+05DC u+05DE u+05D4 u+05D4 u+05DD u+05E4 u+05E9 u+05D5 u+05D8
         u+05DC u+05D0 u+05DE u+05D3 u+05D1 u+05E8 u+05D9 u+05DD u+05E2
         u+05D1 u+05E8 u+05D9 u+05EA",
        "4dbcagdahymbxekheh6e0a7fei0b",
    ),
    (
        "F Hindi (Devanagari)",
        "u+092F u+0939 u+0932 u+094B u+0917 u+0939 u+093F u+0928 u+094D
         u+0926 u+0940 u+0915 u+094D u+092F u+094B u+0902 u+0928 u+0939
         u+0940 u+0902 u+092C u+094B u+0932 u+0938 u+0915 u+0924 u+0947
         u+0939 u+0948 u+0902",
        "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd",
    ),
    (
        "G Japanese (kanji and hiragana)",
        "u+306A u+305C u+307F u+3093 u+306A u+65E5 u+672C u+8A9E u+3092
         u+8A71 u+3057 u+3066 u+304F u+308C u+306A u+3044 u+306E u+304B",
        "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
    ),
    (
        "H Korean (Hangul syllables)",
        "u+C138 u+ACC4 u+C758 u+BAA8 u+B4E0 u+C0AC u+B78C u+B4E4 u+C774
         u+D55C u+AD6D u+C5B4 u+B97C u+C774 u+D574 u+D55C u+B2E4 u+BA74
         u+C5BC u+B9C8 u+B098 u+C88B u+C744 u+AE4C",
        "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
    ),
    (
        "I Russian (Cyrillic)",
        "U+043F u+043E u+0447 u+0435 u+043C u+0443 u+0436 u+0435 u+043E
         u+043D u+0438 u+043D u+0435 u+0433 u+043E u+0432 u+043E u+0440
         u+044F u+0442 u+043F u+043E u+0440 u+0443 u+0441 u+0441 u+043A
         u+0438",
        "b1abfaaepdrnnbgefbaDotcwatmq2g4l",
    ),
    (
        "J Spanish",
        "U+0050 u+006F u+0072 u+0071 u+0075 u+00E9 u+006E u+006F u+0070
         u+0075 u+0065 u+0064 u+0065 u+006E u+0073 u+0069 u+006D u+0070
         u+006C u+0065 u+006D u+0065 u+006E u+0074 u+0065 u+0068 u+0061
         u+0062 u+006C u+0061 u+0072 u+0065 u+006E U+0045 u+0073 u+0070
         u+0061 u+00F1 u+006F u+006C",
        "PorqunopuedensimplementehablarenEspaol-fmd56a",
    ),
    (
        "K Vietnamese",
        "U+0054 u+1EA1 u+0069 u+0073 u+0061 u+006F u+0068 u+1ECD u+006B
         u+0068 u+00F4 u+006E u+0067 u+0074 u+0068 u+1EC3 u+0063 u+0068
         u+1EC9 u+006E u+00F3 u+0069 u+0074 u+0069 u+1EBF u+006E u+0067
         U+0056 u+0069 u+1EC7 u+0074",
        "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g",
    ),
    (
        "L 3<nen>B<gumi><kinpachi><sensei>",
        "u+0033 u+5E74 U+0042 u+7D44 u+91D1 u+516B u+5148 u+751F",
        "3B-ww4c5e180e575a65lsy2b",
    ),
    (
        "M <amuro><namie>-with-SUPER-MONKEYS",
        "u+5B89 u+5BA4 u+5948 u+7F8E u+6075 u+002D u+0077 u+0069 u+0074
         u+0068 u+002D U+0053 U+0055 U+0050 U+0045 U+0052 u+002D U+004D
         U+004F U+004E U+004B U+0045 U+0059 U+0053",
        "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
    ),
    (
        "N Hello-Another-Way-<sorezore><no><basho>",
        "U+0048 u+0065 u+006C u+006C u+006F u+002D U+0041 u+006E u+006F
         u+0074 u+0068 u+0065 u+0072 u+002D U+0057 u+0061 u+0079 u+002D
         u+305D u+308C u+305E u+308C u+306E u+5834 u+6240",
        "Hello-Another-Way--fc4qua05auwb3674vfr0b",
    ),
    (
        "O <hitotsu><yane><no><shita>2",
        "u+3072 u+3068 u+3064 u+5C4B u+6839 u+306E u+4E0B u+0032",
        "2-u9tlzr9756bt3uc0v",
    ),
    (
        "P Maji<de>Koi<suru>5<byou><mae>",
        "U+004D u+0061 u+006A u+0069 u+3067 U+004B u+006F u+0069 u+3059
         u+308B u+0035 u+79D2 u+524D",
        "MajiKoi5-783gue6qz075azm5e",
    ),
    (
        "Q <pafii>de<runba>",
        "u+30D1 u+30D5 u+30A3 u+30FC u+0064 u+0065 u+30EB u+30F3 u+30D0",
        "de-jg4avhby1noc0d",
    ),
    (
        "R <sono><supiido><de>",
        "u+305D u+306E u+30B9 u+30D4 u+30FC u+30C9 u+3067",
        "d9juau41awczczp",
    ),
    (
        "S -> $1.00 <-",
        "u+002D u+003E u+0020 u+0024 u+0031 u+002E u+0030 u+0030 u+0020
         u+003C u+002D",
        "-> $1.00 <--",
    ),
];

fn code_points(list: &str) -> Vec<char> {
    list.split_whitespace()
        .map(|token| {
            let hex = token
                .strip_prefix("u+")
                .or_else(|| token.strip_prefix("U+"))
                .unwrap();
            char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap()
        })
        .collect()
}

/// What an encoder without mixed-case annotation writes for a sample: the basic code points as
/// they are (section 3.1), the deltas in lowercase (section 5, "only lowercase forms").
fn without_annotation(punycode: &str) -> String {
    match punycode.rfind('-') {
        Some(last) => {
            let (basic, deltas) = punycode.split_at(last);
            format!("{basic}{}", deltas.to_ascii_lowercase())
        }
        None => punycode.to_ascii_lowercase(),
    }
}

#[test]
fn rfc3492_samples_decode() {
    assert_eq!(SAMPLES.len(), 19, "(A) to (S)");
    for &(name, list, punycode) in SAMPLES {
        let expected = code_points(list);
        let expected_string: String = expected.iter().collect();
        assert_eq!(decode(punycode).as_ref(), Ok(&expected_string), "({name})");
        let mut out = ['\0'; 128];
        let len = decode_into(punycode.as_bytes(), &mut out).unwrap();
        assert_eq!(&out[..len], &expected[..], "({name}) decode_into");
        let len = decode_canonical_into(punycode.as_bytes(), &mut out).unwrap();
        assert_eq!(&out[..len], &expected[..], "({name}) decode_canonical_into");
        // Section 5: "A decoder MUST recognize the letters in both uppercase and lowercase".
        let upper = without_annotation(punycode).to_ascii_uppercase();
        let upper_decoded = decode(&upper).unwrap();
        assert_eq!(
            upper_decoded.to_ascii_lowercase(),
            expected_string.to_ascii_lowercase(),
            "({name}) in uppercase"
        );
    }
}

#[test]
fn rfc3492_samples_encode() {
    for &(name, list, punycode) in SAMPLES {
        let input = code_points(list);
        let expected = without_annotation(punycode);
        let string: String = input.iter().collect();
        assert_eq!(encode(&string).as_ref(), Ok(&expected), "({name})");
        let mut out = [0u8; 128];
        let len = encode_into(&input, &mut out).unwrap();
        assert_eq!(&out[..len], expected.as_bytes(), "({name}) encode_into");
        assert_eq!(
            encoded_len(&input),
            Ok(expected.len()),
            "({name}) encoded_len"
        );
        // The exact size is enough, one byte less is not.
        let mut exact = vec![0u8; expected.len()];
        assert_eq!(
            encode_into(&input, &mut exact),
            Ok(expected.len()),
            "({name})"
        );
        let mut short = vec![0u8; expected.len() - 1];
        assert_eq!(
            encode_into(&input, &mut short),
            Err(PunycodeError::TooLong),
            "({name})"
        );
    }
}

#[test]
fn rfc3492_samples_against_idna_crate() {
    // The reference agrees with the RFC on the samples: checks the harness as much as the crate.
    for &(name, list, punycode) in SAMPLES {
        let string: String = code_points(list).iter().collect();
        assert_eq!(
            idna::punycode::encode_str(&string),
            Some(without_annotation(punycode)),
            "({name})"
        );
        assert_eq!(
            idna::punycode::decode_to_string(punycode),
            Some(string),
            "({name})"
        );
    }
}

#[test]
fn overflow_agrees_with_idna() {
    // Section 6.3: 5000 basic code points then U+10FFFF needs a first delta of
    // (0x10FFFF - 0x80) * 5001 > u32::MAX.
    let input = format!("{}\u{10FFFF}", "a".repeat(5000));
    assert_eq!(idna::punycode::encode_str(&input), None);
    assert_eq!(encode(&input), Err(PunycodeError::Overflow));
    let chars: Vec<char> = input.chars().collect();
    assert_eq!(encoded_len(&chars), Err(PunycodeError::Overflow));
    // Digit 35 ('9') is never below a threshold (at most tmax = 26): the delta never ends and its
    // weight grows by a factor of at least 10 a digit, past u32 within ten digits.
    for payload in ["9".repeat(20), "a-".to_owned() + &"9".repeat(20)] {
        assert_eq!(idna::punycode::decode_to_string(&payload), None);
        assert_eq!(decode(&payload), Err(PunycodeError::Overflow), "{payload}");
    }
}

/// Code points `0xE000 + (j * 7919) % len` (distinct, 7919 being prime to `len`), with a basic
/// one at every seventh position: many distinct code points in a scrambled order.
fn scrambled(len: u32) -> Vec<char> {
    (0..len)
        .map(|j| {
            if j % 7 == 0 {
                char::from(b'a' + (j % 26) as u8)
            } else {
                char::from_u32(0xE000 + (j * 7919) % len).unwrap()
            }
        })
        .collect()
}

#[test]
fn fast_paths_equal_slow_paths_and_idna_on_long_inputs() {
    // The encoder on an input past 64 code points (its Fenwick tree) against the `idna` crate,
    // through its three entry points; `decode` (order-statistic tree) against
    // `decode_canonical_into` (section 6.2 as written).
    let chars = scrambled(4000);
    let string: String = chars.iter().collect();
    let fast = encode(&string).unwrap();
    let mut out = vec![0u8; 8 * chars.len()];
    let len = encode_into(&chars, &mut out).unwrap();
    assert_eq!(fast.as_bytes(), &out[..len]);
    assert_eq!(encoded_len(&chars), Ok(len));
    assert_eq!(idna::punycode::encode_str(&string).as_deref(), Some(&*fast));
    assert_eq!(decode(&fast).as_deref(), Ok(&*string));
    let mut decoded = vec!['\0'; chars.len()];
    let n = decode_canonical_into(fast.as_bytes(), &mut decoded).unwrap();
    assert_eq!(&decoded[..n], &chars[..]);
}

#[test]
fn huge_inputs_are_not_quadratic() {
    // Each 'a' is a whole delta of 0 (0 is below every threshold): one U+0080 per byte.
    let payload = "a".repeat(1_000_000);
    let decoded = decode(&payload).unwrap();
    assert_eq!(decoded.chars().count(), 1_000_000);
    assert!(decoded.chars().all(|c| c == '\u{80}'));
    // 200000 code points, 171428 of them distinct non-basic ones: section 6.3 as written would
    // scan the input 171428 times.
    let string: String = scrambled(200_000).into_iter().collect();
    let encoded = encode(&string).unwrap();
    assert_eq!(decode(&encoded).as_deref(), Ok(&*string));
}

/// ASCII, Latin-1 and other BMP code points, and astral ones, mixed.
fn unicode_char() -> impl Strategy<Value = char> {
    prop_oneof![
        proptest::char::range('\0', '\x7F'),
        proptest::char::range('\u{80}', '\u{24F}'),
        proptest::char::range('\u{250}', '\u{FFFF}'),
        proptest::char::range('\u{10000}', '\u{10FFFF}'),
    ]
}

fn decode_all(input: &str) -> Result<String, PunycodeError> {
    let result = decode(input);
    let mut out = vec!['\0'; input.len()];
    let into = decode_into(input.as_bytes(), &mut out).map(|len| out[..len].iter().collect());
    assert_eq!(result, into, "decode_into({input:?})");
    // Strict decoding implies canonical (RFC 3492 section 6.2): the re-encoding check of
    // section 6.4 never fails after it.
    let canonical =
        decode_canonical_into(input.as_bytes(), &mut out).map(|len| out[..len].iter().collect());
    assert_eq!(result, canonical, "decode_canonical_into({input:?})");
    result
}

/// Our strict decoder and the `idna` crate's accept the same payloads and decode them alike.
fn agrees_with_idna(payload: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    let ours = decode_all(payload);
    prop_assert_eq!(
        ours.ok(),
        idna::punycode::decode_to_string(payload),
        "{}",
        payload
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn encode_agrees_with_idna_and_round_trips(chars in prop::collection::vec(unicode_char(), 0..=60)) {
        let string: String = chars.iter().collect();
        let ours = encode(&string).unwrap();
        let reference = idna::punycode::encode_str(&string);
        prop_assert_eq!(Some(&ours), reference.as_ref());
        let mut out = [0u8; 1024];
        let len = encode_into(&chars, &mut out).unwrap();
        prop_assert_eq!(ours.as_bytes(), &out[..len]);
        prop_assert_eq!(encoded_len(&chars), Ok(len));
        prop_assert_eq!(decode_all(&ours), Ok(string.clone()));
        prop_assert_eq!(decode_all(&ours.to_ascii_uppercase()).map(|s| s.to_ascii_lowercase()),
            Ok(string.to_ascii_lowercase()));
    }

    #[test]
    fn decode_agrees_with_idna_on_digits(payload in "[a-z0-9]{0,30}") {
        agrees_with_idna(&payload)?;
    }

    #[test]
    fn decode_agrees_with_idna_on_label_bytes(payload in "[a-zA-Z0-9-]{0,63}") {
        agrees_with_idna(&payload)?;
    }

    #[test]
    fn decode_agrees_with_idna_on_any_ascii(payload in "[\\x00-\\x7F]{0,40}") {
        agrees_with_idna(&payload)?;
    }

    #[test]
    fn decode_agrees_with_idna_on_long_digit_runs(payload in "[a-z]{0,3}-?[0-9z]{1,12}[a-z]{0,3}") {
        agrees_with_idna(&payload)?;
    }
}
