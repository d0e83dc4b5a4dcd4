//! The `schemars` feature: a struct that derives `JsonSchema` and `Deserialize` with the four
//! newtypes as fields publishes the JSON Schema formats (`hostname`, `idn-hostname`; a plain
//! string for the fully qualified types, which no format describes), and its `Deserialize`
//! checks what the schema promises. Expected verdicts come from the official JSON Schema test
//! suite; expected messages from the crate's own check functions, run on the same input.

mod common;
use common::data;

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::Deserialize;
use serde_json::{Value, json};

use idn_hostname::{
    FqdnHostname, FqdnIdnHostname, Hostname, IdnHostname, Options, check_hostname,
    check_idn_hostname,
};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // the fields are read through `Debug` and the schema only
struct Params {
    host: Hostname,
    idn: IdnHostname,
    fqdn: FqdnHostname,
    fqdn_idn: FqdnIdnHostname,
    /// The server to call, as the agent reads it.
    documented: Hostname,
    maybe: Option<IdnHostname>,
}

/// The schema of `Params` as rmcp makes a tool's input schema (draft 2020-12).
fn schema() -> Value {
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<Params>();
    serde_json::to_value(schema).unwrap()
}

fn valid_params() -> Value {
    json!({
        "host": "xn--bcher-kva.example",
        "idn": "bücher.example",
        "fqdn": "example.com.",
        "fqdn_idn": "例え。テスト。",
        "documented": "example.com",
    })
}

/// `valid_params()` with `field` set to `value`.
fn with(field: &str, value: Value) -> Value {
    let mut params = valid_params();
    params[field] = value;
    params
}

#[test]
fn each_field_publishes_its_format_inline() {
    let schema = schema();
    let properties = &schema["properties"];
    assert_eq!(
        properties["host"],
        json!({"type": "string", "format": "hostname"})
    );
    assert_eq!(
        properties["idn"],
        json!({"type": "string", "format": "idn-hostname"})
    );
    // No format allows the root dot: a string, with the rest in words.
    for field in ["fqdn", "fqdn_idn"] {
        let property = properties[field].as_object().unwrap();
        assert_eq!(property["type"], "string", "{field}");
        assert!(!property.contains_key("format"), "{field}: {property:?}");
        assert!(
            property["description"]
                .as_str()
                .unwrap()
                .contains("root label's dot"),
            "{field}: {property:?}"
        );
    }
    // A field's doc comment becomes its description; the format stays.
    assert_eq!(
        properties["documented"],
        json!({
            "type": "string",
            "format": "hostname",
            "description": "The server to call, as the agent reads it."
        })
    );
    // `Option`: the format survives beside `null`.
    assert_eq!(
        properties["maybe"],
        json!({"type": ["string", "null"], "format": "idn-hostname"})
    );
    assert_eq!(
        schema["required"],
        json!(["host", "idn", "fqdn", "fqdn_idn", "documented"])
    );
    assert_eq!(schema["additionalProperties"], json!(false));
    // Inlined: no `$defs` entry, no `$ref`.
    assert!(schema.get("$defs").is_none(), "{schema}");
}

#[test]
fn the_schema_names_and_ids_are_the_crates() {
    assert_eq!(Hostname::schema_name(), "Hostname");
    assert_eq!(Hostname::schema_id(), "idn_hostname::Hostname");
    assert_eq!(
        FqdnIdnHostname::schema_id(),
        "idn_hostname::FqdnIdnHostname"
    );
    assert!(IdnHostname::inline_schema());
}

#[test]
fn a_valid_document_deserializes() {
    let params: Params = serde_json::from_value(valid_params()).unwrap();
    assert_eq!(params.host, "xn--bcher-kva.example");
    assert_eq!(params.fqdn_idn, "例え。テスト。");
    assert!(params.maybe.is_none());
}

#[test]
fn xn_x_is_refused_with_the_crates_message() {
    let fqdn = Options::new().allow_trailing_dot(true);
    let cases: [(&str, &str, String); 4] = [
        (
            "host",
            "hostname",
            check_hostname("xn--X").unwrap_err().to_string(),
        ),
        (
            "idn",
            "idn-hostname",
            check_idn_hostname("xn--X").unwrap_err().to_string(),
        ),
        (
            "fqdn",
            "fully qualified hostname",
            fqdn.check_hostname("xn--X").unwrap_err().to_string(),
        ),
        (
            "fqdn_idn",
            "fully qualified idn-hostname",
            fqdn.check_idn_hostname("xn--X").unwrap_err().to_string(),
        ),
    ];
    for (field, format, message) in cases {
        let err = serde_json::from_value::<Params>(with(field, json!("xn--X"))).unwrap_err();
        assert_eq!(err.to_string(), format!("invalid {format}: {message}"));
    }
}

/// The official suite's draft 2020-12 cases, through the type whose schema publishes the
/// suite's format: the type's `Deserialize` agrees with every string case.
#[test]
fn deserialize_agrees_with_the_official_suite_on_the_published_format() {
    let schema = schema();
    let mut strings = 0;
    for (file, field) in [
        ("draft2020-12/hostname.json", "host"),
        ("draft2020-12/idn-hostname.json", "idn"),
    ] {
        let groups: Value =
            serde_json::from_str(&data::read(&format!("json-schema-test-suite/{file}"))).unwrap();
        for group in groups.as_array().unwrap() {
            assert_eq!(
                group["schema"]["format"], schema["properties"][field]["format"],
                "{file}"
            );
            for case in group["tests"].as_array().unwrap() {
                let Some(name) = case["data"].as_str() else {
                    continue; // a format applies to strings only; the type wants a string
                };
                strings += 1;
                let got = serde_json::from_value::<Params>(with(field, json!(name))).is_ok();
                assert_eq!(
                    got, case["valid"],
                    "{file}: {}: {name:?}",
                    case["description"]
                );
            }
        }
    }
    assert!(strings > 100, "{strings} string cases");
}

#[test]
fn a_wrong_json_type_gets_serdes_type_error() {
    for bad in [
        json!(47),
        Value::Null,
        json!({"host": "example.com"}),
        json!([]),
    ] {
        let err = serde_json::from_value::<Params>(with("host", bad.clone())).unwrap_err();
        assert!(
            err.to_string()
                .contains("expected a string that is a valid hostname"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn a_megabyte_string_is_refused_with_the_crates_message() {
    let name = "a".repeat(1 << 20);
    let want = check_hostname(&name).unwrap_err().to_string();
    let err = serde_json::from_value::<Params>(with("host", json!(name))).unwrap_err();
    assert_eq!(err.to_string(), format!("invalid hostname: {want}"));
    // The message names the rule, not the megabyte.
    assert!(
        err.to_string().len() < 1000,
        "{} bytes",
        err.to_string().len()
    );
}

#[test]
fn deny_unknown_fields_still_refuses_an_unknown_key() {
    let err = serde_json::from_value::<Params>(with("port", json!(443))).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `port`"), "{err}");
}
