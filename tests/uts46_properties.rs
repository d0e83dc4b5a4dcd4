//! Laws of UTS #46 processing, checked on generated names:
//!
//! - ToASCII is idempotent: an A-label form that ToASCII produced is its own ToASCII.
//! - ToUnicode undoes ToASCII: for a name ToASCII accepts, ToUnicode of the result is ToUnicode of
//!   the name, without error (section 4.3 is section 4 processing, which decodes each A-label).
//! - Strict implies lenient: a name accepted with every check on is accepted, with the same
//!   output, when any one check is turned off.
//! - ToUnicode's string does not depend on the checks (they only record errors).
//! - `map` borrows exactly when the mapping leaves the input unchanged, and is idempotent
//!   (section 4 step 1 and 2 outputs are stable under the table, a design goal of section 5).
//! - Nothing panics, whatever the input.

use idn_hostname::uts46::{Options, map, to_ascii, to_unicode};
use proptest::prelude::*;
use std::borrow::Cow;

const PIECES: &[&str] = &[
    "a",
    "b",
    "x",
    "n",
    "0",
    "9",
    "-",
    "--",
    ".",
    "\u{3002}",
    "xn--",
    "A",
    "\u{E4}",
    "\u{DF}",
    "\u{3C2}",
    "\u{3B1}",
    "\u{430}",
    "\u{5D0}",
    "\u{5D1}",
    "\u{627}",
    "\u{628}",
    "\u{660}",
    "\u{6F0}",
    "\u{915}",
    "\u{94D}",
    "\u{200C}",
    "\u{200D}",
    "\u{300}",
    "\u{5B0}",
    "\u{4E2D}",
    "\u{30FB}",
    "\u{3042}",
    "\u{AC00}",
    "\u{FF21}",
    "\u{AD}",
    "\u{2474}",
    "\u{1E9E}",
    "\u{FB00}",
    "\u{E000}",
    "\u{B7}",
    "l",
    "_",
    "\u{1F600}",
    "xn--fa-hia",
    "xn--4db",
    "xn--a",
];

fn names() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(prop::sample::select(PIECES), 0..12).prop_map(|v| v.concat()),
        1 => any::<String>(),
    ]
}

/// Names most of which are valid: labels of one script each.
fn valid_names() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        "[a-z0-9]{1,10}",
        "[a-z\u{E0}-\u{F6}]{1,10}",
        "[\u{3B1}-\u{3C9}]{1,8}",
        "[\u{5D0}-\u{5EA}]{1,8}",
        "[\u{628}-\u{63A}][\u{660}-\u{669}\u{641}-\u{64A}]{0,6}",
        "[\u{4E00}-\u{4E40}\u{3041}-\u{3090}]{1,6}",
        "[A-Z\u{FF21}-\u{FF3A}]{1,6}",
    ];
    prop::collection::vec(label, 1..4).prop_map(|v| v.join("."))
}

fn each_check_off() -> [Options; 6] {
    let d = Options::default();
    [
        d.check_hyphens(false),
        d.check_bidi(false),
        d.check_joiners(false),
        d.use_std3_ascii_rules(false),
        d.verify_dns_length(false),
        d.ignore_invalid_punycode(true),
    ]
}

fn laws(name: &str) -> Result<(), TestCaseError> {
    let d = Options::default();
    if let Ok(ascii) = to_ascii(name, d) {
        prop_assert_eq!(to_ascii(&ascii, d), Ok(ascii.clone()), "idempotence");
        let (from_ascii, result) = to_unicode(&ascii, d);
        prop_assert!(result.is_ok(), "ToUnicode of {:?}: {:?}", ascii, result);
        let (direct, result) = to_unicode(name, d);
        prop_assert!(result.is_ok(), "ToUnicode of {:?}: {:?}", name, result);
        prop_assert_eq!(from_ascii, direct, "round trip");
        for lenient in each_check_off() {
            prop_assert_eq!(to_ascii(name, lenient), Ok(ascii.clone()), "{:?}", lenient);
        }
    }
    let (strict, _) = to_unicode(name, d);
    // The last option of `each_check_off` keeps invalid Punycode as it is: another string.
    for lenient in each_check_off()
        .into_iter()
        .filter(|o| *o != d.ignore_invalid_punycode(true))
    {
        prop_assert_eq!(&to_unicode(name, lenient).0, &strict, "{:?}", lenient);
    }
    for transitional in [false, true] {
        let options = d.transitional_processing(transitional);
        if let Ok(mapped) = map(name, options) {
            prop_assert_eq!(matches!(mapped, Cow::Borrowed(_)), mapped == name);
            prop_assert_eq!(
                map(&mapped, options).map(|m| m.into_owned()),
                Ok(mapped.into_owned())
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn laws_on_mixed_names(name in names()) {
        laws(&name)?;
    }

    #[test]
    fn laws_on_mostly_valid_names(name in valid_names()) {
        laws(&name)?;
    }
}

/// The generator of [`valid_names`] does produce valid names, so the round-trip laws are
/// exercised (and not vacuously true).
#[test]
fn valid_names_are_mostly_valid() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = valid_names();
    let mut ok = 0;
    for _ in 0..1000 {
        let name = strategy.new_tree(&mut runner).unwrap().current();
        if to_ascii(&name, Options::default()).is_ok() {
            ok += 1;
        }
    }
    assert!(ok > 500, "only {ok} of 1000 generated names are valid");
}
