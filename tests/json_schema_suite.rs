//! The official JSON Schema test suite (`data/json-schema-test-suite`), every draft, both
//! formats, through the public functions. Draft 3 names the format `host-name`.

mod common;
use common::data;

use serde_json::Value;

/// (file below the suite folder, format name in its schemas)
const FILES: &[&str] = &[
    "draft3/host-name.json",
    "draft4/hostname.json",
    "draft6/hostname.json",
    "draft7/hostname.json",
    "draft7/idn-hostname.json",
    "draft2019-09/hostname.json",
    "draft2019-09/idn-hostname.json",
    "draft2020-12/hostname.json",
    "draft2020-12/idn-hostname.json",
    "v1/hostname.json",
    "v1/idn-hostname.json",
];

#[test]
fn every_case_of_every_draft() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in FILES {
        let text = data::read(&format!("json-schema-test-suite/{file}"));
        let groups: Value = serde_json::from_str(&text).unwrap();
        for group in groups.as_array().unwrap() {
            let format = group["schema"]["format"].as_str().unwrap();
            let check: fn(&str) -> bool = match format {
                "hostname" | "host-name" => idn_hostname::is_hostname,
                "idn-hostname" => idn_hostname::is_idn_hostname,
                other => panic!("{file}: unexpected format {other}"),
            };
            for case in group["tests"].as_array().unwrap() {
                let want = case["valid"].as_bool().unwrap();
                // Formats apply to strings only: any other instance is valid.
                let got = match &case["data"] {
                    Value::String(s) => check(s),
                    _ => true,
                };
                checked += 1;
                if got != want {
                    let why = match &case["data"] {
                        Value::String(s) if format == "idn-hostname" => {
                            idn_hostname::check_idn_hostname(s)
                                .err()
                                .map(|e| e.to_string())
                        }
                        Value::String(s) => {
                            idn_hostname::check_hostname(s).err().map(|e| e.to_string())
                        }
                        _ => None,
                    };
                    failures.push(format!(
                        "{file}: {} / {}: data {} expected valid={want}, got {got} ({why:?})",
                        group["description"], case["description"], case["data"]
                    ));
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} cases read");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
