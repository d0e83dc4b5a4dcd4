//! Runs the conformance cases of `data/conformance/` through the hostname validators people use
//! and counts, by the rule each case tests, the cases each gets wrong (a valid name refused, or
//! an invalid one accepted). Only the yes/no verdict is scored: the others have no error codes.
//!
//! `score DATA_DIR` prints one tab-separated line per (validator, format, rule): the counts of
//! the validators this build has (jsonschema with or without its `idna` feature, as built).
//! `score --table FILE...` merges such outputs into the Markdown table of the README.
//! `tools/score/run.sh` does both builds and the merge.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::json;

#[path = "../../../tests/conformance/cases.rs"]
mod cases;

type Check = Box<dyn Fn(&str) -> bool>;
/// Makes the checker of a validator for one format.
type MakeCheck = fn(&str) -> Check;

fn jsonschema_format(format: &str) -> Check {
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&json!({ "format": format }))
        .expect("the schema compiles");
    Box::new(move |s| validator.is_valid(&json!(s)))
}

fn boon_format(format: &str) -> Check {
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    compiler
        .add_resource("urn:score", json!({ "format": format }))
        .expect("the schema is added");
    let mut schemas = boon::Schemas::new();
    let index = compiler
        .compile("urn:score", &mut schemas)
        .expect("the schema compiles");
    Box::new(move |s| schemas.validate(&json!(s), index).is_ok())
}

/// (column name, checker for a format)
fn validators() -> Vec<(&'static str, MakeCheck)> {
    let jsonschema_name = if cfg!(feature = "jsonschema-idna") {
        "jsonschema 0.61 (idna)"
    } else {
        "jsonschema 0.61 (no idna)"
    };
    vec![
        ("idn-hostname", |format| match format {
            "hostname" => Box::new(idn_hostname::is_hostname),
            _ => Box::new(idn_hostname::is_idn_hostname),
        }),
        (jsonschema_name, jsonschema_format),
        ("boon 0.6", boon_format),
        ("idna 1.1 strict ToASCII", |_| {
            Box::new(|s| idna::domain_to_ascii_strict(s).is_ok())
        }),
    ]
}

fn score(folder: &Path) {
    let cases = cases::read(folder);
    let only_jsonschema = cfg!(feature = "jsonschema-idna");
    for (name, make) in validators() {
        if only_jsonschema && !name.starts_with("jsonschema") {
            continue;
        }
        // (format, rule) -> (failed, cases)
        let mut counts: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
        for format in ["hostname", "idn-hostname"] {
            let check = make(format);
            for case in cases.iter().filter(|c| c.format == format) {
                let wrong = check(&case.input) != (case.expected == "valid");
                let entry = counts.entry((format, &case.expected)).or_default();
                entry.0 += usize::from(wrong);
                entry.1 += 1;
            }
        }
        for ((format, rule), (failed, total)) in counts {
            println!("{name}\t{format}\t{rule}\t{failed}\t{total}");
        }
    }
}

fn table(files: &[String]) {
    // validator order as first seen; (format, rule) -> validator -> (failed, total)
    let mut columns: Vec<String> = Vec::new();
    let mut rows: BTreeMap<(String, String), BTreeMap<String, (usize, usize)>> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(file).expect("a score output");
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let [name, format, rule, failed, total] = f[..] else {
                panic!("{file}: bad line {line:?}");
            };
            if !columns.iter().any(|c| c == name) {
                columns.push(name.to_string());
            }
            let cell = (failed.parse().unwrap(), total.parse().unwrap());
            rows.entry((format.to_string(), rule.to_string()))
                .or_default()
                .insert(name.to_string(), cell);
        }
    }
    for format in ["hostname", "idn-hostname"] {
        println!("`{format}`: cases failed, by the rule the case tests\n");
        println!("| rule | cases | {} |", columns.join(" | "));
        println!("|---|---:|{}", "---:|".repeat(columns.len()));
        let mut totals = vec![0usize; columns.len()];
        let mut all = 0;
        // `valid` first, then the codes.
        let mut keys: Vec<&(String, String)> = rows.keys().filter(|k| k.0 == format).collect();
        keys.sort_by_key(|k| (k.1 != "valid", k.1.clone()));
        for key in keys {
            let row = &rows[key];
            let n = row.values().next().map_or(0, |c| c.1);
            all += n;
            let cells: Vec<String> = columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let failed = row.get(c).map_or(0, |c| c.0);
                    totals[i] += failed;
                    if failed == 0 {
                        "0".into()
                    } else {
                        failed.to_string()
                    }
                })
                .collect();
            println!("| {} | {n} | {} |", key.1, cells.join(" | "));
        }
        let cells: Vec<String> = totals
            .iter()
            .map(|t| format!("**{t}** ({:.1} %)", 100.0 * *t as f64 / all.max(1) as f64))
            .collect();
        println!("| **all** | **{all}** | {} |\n", cells.join(" | "));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--table") => table(&args[1..]),
        Some(folder) => score(Path::new(folder)),
        None => {
            eprintln!("usage: score DATA_CONFORMANCE_DIR | score --table FILE...");
            std::process::exit(2);
        }
    }
}
