//! The official JSON Schema test suite (`data/json-schema-test-suite`) through two JSON
//! Schema validators with this crate's checkers registered and format assertion turned on:
//! `jsonschema` (`with_format(name, is_hostname)`) and `boon`
//! (`register_format(Format { name, func: json::hostname_format })`).
//!
//! Each file is compiled under its own draft, set explicitly from its folder (drafts 4, 6, 7,
//! 2019-09, 2020-12); where a schema names its dialect with `$schema`, the test checks that it
//! is the folder's draft. Neither validator knows draft 3 (whose format is named `host-name`)
//! or the `v1` dialect, so those files' cases go through the `json` module's functions
//! directly, non-string instances included (they are valid: a format applies to strings
//! only).

mod common;
use common::data;

use std::error::Error;

use serde_json::Value;

use idn_hostname::json::{hostname_format, idn_hostname_format};

/// (file below the suite folder, the draft its folder names)
const FILES: &[(&str, Draft)] = &[
    ("draft4/hostname.json", Draft::V4),
    ("draft6/hostname.json", Draft::V6),
    ("draft7/hostname.json", Draft::V7),
    ("draft7/idn-hostname.json", Draft::V7),
    ("draft2019-09/hostname.json", Draft::V2019_09),
    ("draft2019-09/idn-hostname.json", Draft::V2019_09),
    ("draft2020-12/hostname.json", Draft::V2020_12),
    ("draft2020-12/idn-hostname.json", Draft::V2020_12),
];

/// The validators neither know these dialects: their cases go through our functions.
const DIRECT_FILES: &[&str] = &[
    "draft3/host-name.json",
    "v1/hostname.json",
    "v1/idn-hostname.json",
];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Draft {
    V4,
    V6,
    V7,
    V2019_09,
    V2020_12,
}

impl Draft {
    fn jsonschema(self) -> jsonschema::Draft {
        match self {
            Draft::V4 => jsonschema::Draft::Draft4,
            Draft::V6 => jsonschema::Draft::Draft6,
            Draft::V7 => jsonschema::Draft::Draft7,
            Draft::V2019_09 => jsonschema::Draft::Draft201909,
            Draft::V2020_12 => jsonschema::Draft::Draft202012,
        }
    }

    fn boon(self) -> boon::Draft {
        match self {
            Draft::V4 => boon::Draft::V4,
            Draft::V6 => boon::Draft::V6,
            Draft::V7 => boon::Draft::V7,
            Draft::V2019_09 => boon::Draft::V2019_09,
            Draft::V2020_12 => boon::Draft::V2020_12,
        }
    }
}

struct Group {
    file: &'static str,
    description: String,
    schema: Value,
    /// (description, data, valid)
    cases: Vec<(String, Value, bool)>,
}

fn groups(file: &'static str) -> Vec<Group> {
    let text = data::read(&format!("json-schema-test-suite/{file}"));
    let groups: Value = serde_json::from_str(&text).unwrap();
    groups
        .as_array()
        .unwrap()
        .iter()
        .map(|g| Group {
            file,
            description: g["description"].as_str().unwrap().to_string(),
            schema: g["schema"].clone(),
            cases: g["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["description"].as_str().unwrap().to_string(),
                        c["data"].clone(),
                        c["valid"].as_bool().unwrap(),
                    )
                })
                .collect(),
        })
        .collect()
}

/// Runs every case of every file through `is_valid(draft, schema, data)`, collecting the
/// disagreements with the suite.
fn run_suite(validator: &str, is_valid: impl Fn(Draft, &Value) -> Box<dyn Fn(&Value) -> bool>) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for &(file, draft) in FILES {
        for group in groups(file) {
            if let Some(dialect) = group.schema.get("$schema") {
                let named = boon::Draft::from_url(dialect.as_str().unwrap());
                assert_eq!(named, Some(draft.boon()), "{file}: $schema {dialect}");
            }
            let check = is_valid(draft, &group.schema);
            for (description, data, want) in &group.cases {
                checked += 1;
                let got = check(data);
                if got != *want {
                    failures.push(format!(
                        "{}: {} / {description}: {data} expected valid={want}, got {got}",
                        group.file, group.description
                    ));
                }
            }
        }
    }
    assert!(checked > 300, "{validator}: only {checked} cases read");
    assert!(
        failures.is_empty(),
        "{validator}: {} of {checked} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn jsonschema_validator(draft: Draft, schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .with_draft(draft.jsonschema())
        .with_format("hostname", idn_hostname::is_hostname)
        .with_format("idn-hostname", idn_hostname::is_idn_hostname)
        .should_validate_formats(true)
        .build(schema)
        .unwrap()
}

fn boon_compile(
    draft: Draft,
    schema: &Value,
    formats: &[boon::Format],
) -> (boon::Schemas, boon::SchemaIndex) {
    const URL: &str = "http://suite.invalid/schema.json";
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(draft.boon());
    for &format in formats {
        compiler.register_format(format);
    }
    compiler.enable_format_assertions();
    compiler.add_resource(URL, schema.clone()).unwrap();
    let mut schemas = boon::Schemas::new();
    let index = compiler.compile(URL, &mut schemas).unwrap();
    (schemas, index)
}

const OUR_FORMATS: [boon::Format; 2] = [
    boon::Format {
        name: "hostname",
        func: hostname_format,
    },
    boon::Format {
        name: "idn-hostname",
        func: idn_hostname_format,
    },
];

#[test]
fn jsonschema_every_case_of_every_draft() {
    run_suite("jsonschema", |draft, schema| {
        let validator = jsonschema_validator(draft, schema);
        Box::new(move |data| validator.is_valid(data))
    });
}

#[test]
fn boon_every_case_of_every_draft() {
    run_suite("boon", |draft, schema| {
        let (schemas, index) = boon_compile(draft, schema, &OUR_FORMATS);
        Box::new(move |data| schemas.validate(data, index).is_ok())
    });
}

#[test]
fn draft3_and_v1_through_the_json_functions() {
    let mut checked = 0;
    for file in DIRECT_FILES {
        for group in groups(file) {
            let format = group.schema["format"].as_str().unwrap();
            let func = match format {
                // Draft 3 section 5.23: `host-name` is RFC 1034's host name.
                "hostname" | "host-name" => hostname_format,
                "idn-hostname" => idn_hostname_format,
                other => panic!("{file}: unexpected format {other}"),
            };
            for (description, data, want) in &group.cases {
                checked += 1;
                assert_eq!(
                    func(data).is_ok(),
                    *want,
                    "{file}: {} / {description}: {data}",
                    group.description
                );
            }
        }
    }
    assert!(checked > 100, "only {checked} cases read");
}

/// Our registration must replace each validator's built-in checker: registering one that
/// rejects everything makes a name the suite calls valid fail. Proves that the suite runs
/// above test our functions, not the validators' own.
#[test]
fn a_registered_format_replaces_the_built_in_one() {
    fn reject(_: &Value) -> Result<(), Box<dyn Error>> {
        Err("rejected".into())
    }
    let schema = serde_json::json!({ "format": "hostname" });
    let name = Value::from("www.example.com"); // "a valid host name" in every draft's file

    let ours = jsonschema_validator(Draft::V2020_12, &schema);
    assert!(ours.is_valid(&name));
    let rejecting = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_format("hostname", |_: &str| false)
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    assert!(!rejecting.is_valid(&name));

    let (schemas, index) = boon_compile(Draft::V2020_12, &schema, &OUR_FORMATS);
    assert!(schemas.validate(&name, index).is_ok());
    let rejecting = [boon::Format {
        name: "hostname",
        func: reject,
    }];
    let (schemas, index) = boon_compile(Draft::V2020_12, &schema, &rejecting);
    assert!(schemas.validate(&name, index).is_err());
}

/// boon passes the checker's error on: its report carries our message (rule, label, code
/// point).
#[test]
fn boon_reports_our_message() {
    let schema = serde_json::json!({ "format": "idn-hostname" });
    let (schemas, index) = boon_compile(Draft::V2020_12, &schema, &OUR_FORMATS);
    // The suite's "contains illegal char U+302E Hangul single dot tone mark" (RFC 5892: U+302E
    // is DISALLOWED).
    let name = "실\u{302E}례.테스트";
    let ours = idn_hostname::check_idn_hostname(name).unwrap_err();
    assert_eq!(ours.code_point(), Some('\u{302E}'));
    let report = schemas
        .validate(&Value::from(name), index)
        .unwrap_err()
        .to_string();
    assert!(report.contains(&ours.to_string()), "{report}");
}

/// jsonschema-rs keeps only the verdict of a `fn(&str) -> bool` checker, so its message is
/// `... is not a "idn-hostname"`; docs/json-schema.md's recipe (and examples/validate_json.rs) checks the
/// instance again for our reason.
#[test]
fn jsonschema_drops_our_reason_and_a_second_check_gets_it_back() {
    use jsonschema::error::ValidationErrorKind;
    let schema = serde_json::json!({ "format": "idn-hostname" });
    let validator = jsonschema_validator(Draft::V2020_12, &schema);
    // The suite's "illegal first char U+302E Hangul single dot tone mark" (RFC 5891 section
    // 4.2.3.2: U+302E is a combining mark).
    let name = "\u{302E}실례.테스트";
    let ours = idn_hostname::check_idn_hostname(name)
        .unwrap_err()
        .to_string();
    let instance = Value::from(name);
    let error = validator.iter_errors(&instance).next().unwrap();
    let report = error.to_string();
    assert!(report.contains(r#"is not a "idn-hostname""#), "{report}");
    assert!(!report.contains(&ours), "{report}");
    // The recipe of docs/json-schema.md.
    let reason = match (error.kind(), error.instance().as_ref()) {
        (ValidationErrorKind::Format { format }, Value::String(s)) if format == "idn-hostname" => {
            idn_hostname::check_idn_hostname(s)
                .err()
                .map(|e| e.to_string())
        }
        _ => None,
    };
    assert_eq!(reason, Some(ours));
}

/// The fully qualified variants registered with boon in place of the formats.
#[test]
fn boon_takes_the_fully_qualified_variants() {
    let formats = [
        boon::Format {
            name: "hostname",
            func: idn_hostname::json::fqdn_hostname_format,
        },
        boon::Format {
            name: "idn-hostname",
            func: idn_hostname::json::fqdn_idn_hostname_format,
        },
    ];
    for (format, root, not) in [
        ("hostname", "www.example.com.", "www.example.com.."),
        ("idn-hostname", "bücher.example。", "bücher..example"),
    ] {
        let schema = serde_json::json!({ "format": format });
        let (schemas, index) = boon_compile(Draft::V2020_12, &schema, &formats);
        // RFC 1034 section 3.1: the root label ends a fully qualified name.
        assert!(
            schemas.validate(&Value::from(root), index).is_ok(),
            "{root}"
        );
        assert!(
            schemas
                .validate(
                    &Value::from(&root[..root.len() - root.chars().last().unwrap().len_utf8()]),
                    index
                )
                .is_ok()
        );
        // Only the root label is empty (RFC 1034 section 3.1).
        let report = schemas
            .validate(&Value::from(not), index)
            .unwrap_err()
            .to_string();
        assert!(
            report.contains("empty label (RFC 1034 section 3.1)"),
            "{report}"
        );
    }
}
