//! Validates a JSON document against a JSON Schema whose strings carry `"format": "hostname"`
//! or `"format": "idn-hostname"`, with `jsonschema` and this crate's checkers registered, and
//! fails closed: any error, of the schema or of a name, exits non-zero.
//!
//! ```sh
//! cargo run --example validate_json                     # examples/tool-output.{schema.,}json
//! cargo run --example validate_json -- SCHEMA DOCUMENT  # your own files
//! ```
//!
//! The committed document is a scanner's structured output with two names that break IDNA2008
//! (`a·b.example`: RFC 5892 Appendix A.3; `i.xn--ls8h`: U+1F4A9 is DISALLOWED), so the run
//! prints their reasons and exits with status 1.

use std::process::ExitCode;

use jsonschema::error::ValidationErrorKind;
use serde_json::Value;

fn main() -> ExitCode {
    let here = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let mut args = std::env::args().skip(1);
    let (schema_path, document_path) = match (args.next(), args.next(), args.next()) {
        (None, None, None) => (
            format!("{here}/tool-output.schema.json"),
            format!("{here}/tool-output.json"),
        ),
        (Some(schema), Some(document), None) => (schema, document),
        _ => {
            eprintln!("usage: validate_json [SCHEMA DOCUMENT]");
            return ExitCode::from(2);
        }
    };
    match validate(&schema_path, &document_path) {
        Ok(0) => {
            println!("{document_path}: valid");
            ExitCode::SUCCESS
        }
        Ok(n) => {
            println!("{document_path}: {n} error(s)");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("validate_json: {e}");
            ExitCode::from(2)
        }
    }
}

/// The number of validation errors, each printed; `Err` when a file cannot be read or parsed
/// or the schema does not compile.
fn validate(schema_path: &str, document_path: &str) -> Result<usize, String> {
    let schema = read_json(schema_path)?;
    let document = read_json(document_path)?;

    // The whole registration: the checkers are `fn(&str) -> bool`, as `with_format` wants.
    // Format assertion is off by default in 2019-09 and 2020-12 (Validation section 7.2.1),
    // so it is turned on: this is a check, not an annotation.
    let validator = jsonschema::options()
        .with_format("hostname", idn_hostname::is_hostname)
        .with_format("idn-hostname", idn_hostname::is_idn_hostname)
        .should_validate_formats(true)
        .build(&schema)
        .map_err(|e| format!("{schema_path}: invalid schema: {e}"))?;

    let mut errors = 0;
    for error in validator.iter_errors(&document) {
        errors += 1;
        let at = error.instance_path().to_string();
        let at = if at.is_empty() { "/" } else { &at };
        // The validator knows only "false"; our `check_*` says which rule, label and code point.
        let reason = match (error.kind(), error.instance().as_ref()) {
            (ValidationErrorKind::Format { format }, Value::String(s)) => match format.as_str() {
                "hostname" => idn_hostname::check_hostname(s).err().map(|e| e.to_string()),
                "idn-hostname" => idn_hostname::check_idn_hostname(s)
                    .err()
                    .map(|e| e.to_string()),
                _ => None,
            }
            .map(|why| format!("{s:?} is not a valid {format}: {why}")),
            _ => None,
        };
        println!("{at}: {}", reason.unwrap_or_else(|| error.to_string()));
    }
    Ok(errors)
}

fn read_json(path: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
}
