//! The custom format `idn-hostname-display-safe` (docs/security.md, "JSON Schema") through
//! boon, and a `jsonschema` format that holds a `LookalikeSet`, as the docs show them. The
//! verdicts expected are UTS #39's (section 5.2: Cyrillic with Latin in one label is past
//! Highly Restrictive; confusables.txt maps U+0440 to p, U+0430 to a, U+0443 to y) and the
//! security module's own, read through the validators.

use serde_json::{Value, json};

use idn_hostname::json::{DISPLAY_SAFE_FORMAT, NotSafeToDisplay, idn_hostname_display_safe_format};
use idn_hostname::security::{LookalikeSet, Reason, display_verdict};

/// `раураl.com`: Cyrillic ER, A, U, ER, A and a Latin l.
const PAYPAL_CYRILLIC: &str = "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com";

fn boon_validator(schema: Value) -> impl Fn(&Value) -> Result<(), String> {
    const URL: &str = "http://display-safe.invalid/schema.json";
    let mut compiler = boon::Compiler::new();
    compiler.register_format(boon::Format {
        name: DISPLAY_SAFE_FORMAT,
        func: idn_hostname_display_safe_format,
    });
    compiler.enable_format_assertions();
    compiler.add_resource(URL, schema).unwrap();
    let mut schemas = boon::Schemas::new();
    let index = compiler.compile(URL, &mut schemas).unwrap();
    move |data| schemas.validate(data, index).map_err(|e| format!("{e:#}"))
}

#[test]
fn boon_refuses_names_shown_with_an_a_label() {
    assert_eq!(DISPLAY_SAFE_FORMAT, "idn-hostname-display-safe");
    let validate = boon_validator(json!({
        "type": "object",
        "properties": { "host": { "type": "string", "format": DISPLAY_SAFE_FORMAT } }
    }));
    let names = [
        "www.example.com",
        "bücher.example",
        "xn--bcher-kva.example",
        PAYPAL_CYRILLIC,
        "\u{0441}\u{043E}\u{0441}\u{043E}.com",
        "\u{0441}\u{043E}\u{0441}\u{043E}.\u{0440}\u{0444}",
        "-x.com",
    ];
    for name in names {
        let safe = display_verdict(name).is_ok_and(|v| v.is_safe_to_display());
        let got = validate(&json!({ "host": name }));
        assert_eq!(got.is_ok(), safe, "{name}: {got:?}");
        if let Err(e) = got {
            let reason = idn_hostname_display_safe_format(&json!(name)).unwrap_err();
            assert!(e.contains(&reason.to_string()), "{e}");
        }
    }
    // The mixed-script name is refused with its label and reasons.
    let err = idn_hostname_display_safe_format(&json!(PAYPAL_CYRILLIC)).unwrap_err();
    let err = err.downcast::<NotSafeToDisplay>().unwrap();
    assert_eq!(err.display(), "xn--l-7sba6dbr.com");
    // Behind an ASCII label: the second label, as written; Latin with Cyrillic in one label
    // (UTS #39 section 5.2).
    let name = format!("www.{PAYPAL_CYRILLIC}");
    let err = idn_hostname_display_safe_format(&json!(name)).unwrap_err();
    let err = err.downcast::<NotSafeToDisplay>().unwrap();
    let label = PAYPAL_CYRILLIC.strip_suffix(".com").unwrap();
    assert_eq!((err.label_index(), err.label()), (1, label));
    assert_eq!(
        err.reasons().iter().collect::<Vec<_>>(),
        [Reason::MixedScripts]
    );
    assert_eq!(err.display(), "www.xn--l-7sba6dbr.com");
    assert!(validate(&json!({ "host": 12 })).is_err()); // the type keyword, not the format
    let any = boon_validator(json!({ "format": DISPLAY_SAFE_FORMAT }));
    assert!(any(&json!(12)).is_ok());
}

#[test]
fn a_jsonschema_format_can_hold_a_lookalike_set() {
    let set = LookalikeSet::new(["paypal.com"]).unwrap();
    let validator = jsonschema::options()
        .with_format("trusted-host", move |s: &str| set.lookup(s).is_none())
        .should_validate_formats(true)
        .build(&json!({ "type": "string", "format": "trusted-host" }))
        .unwrap();
    assert!(!validator.is_valid(&json!(PAYPAL_CYRILLIC)));
    assert!(!validator.is_valid(&json!("paypa1.com"))); // DIGIT ONE's prototype is l
    assert!(validator.is_valid(&json!("paypal.com")));
    assert!(validator.is_valid(&json!("example.com")));
}
