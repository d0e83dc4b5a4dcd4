//! Runs one function of the `formats` bench over one corpus, a given number of passes, for a
//! counter that does not depend on the machine's load (`perf stat -e instructions:u,cycles:u`,
//! or `valgrind --tool=callgrind`):
//!
//! ```text
//! cargo build --release -p corpus --bin count
//! perf stat -e instructions:u,cycles:u target/release/count data/bench/cyrillic.txt 0 is_idn_hostname 1000
//! target/release/count data/bench/realistic.txt a-label is_hostname 1000
//! ```
//!
//! `tools/corpus/count.sh` runs every pair and prints the ratios per pass (the counts of a run
//! with 0 passes, the setup, are subtracted).

use std::hint::black_box;
use std::process::ExitCode;

#[path = "../../../../benches/formats/ldh_floor.rs"]
mod ldh_floor;
use ldh_floor::ldh_loop;

#[path = "../../../../benches/formats/realistic.rs"]
mod realistic;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, column, function, passes] = args.as_slice() else {
        eprintln!("usage: count <corpus.txt> <column> <function> <passes>");
        return ExitCode::from(2);
    };
    let Ok(passes) = passes.parse::<usize>() else {
        eprintln!("count: passes is a number");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("count: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A column is a number, or one of the views of realistic.txt (`realistic::VIEWS`).
    let names: Vec<&str> = match column.parse::<usize>() {
        Ok(column) => text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(column))
            .collect(),
        Err(_) => match realistic::view(&text, column) {
            Some(names) => names,
            None => {
                eprintln!(
                    "count: a column is a number or one of {:?}",
                    realistic::VIEWS
                );
                return ExitCode::from(2);
            }
        },
    };
    let f: fn(&str) -> bool = match function.as_str() {
        "ldh_loop" => ldh_loop,
        "is_hostname" => idn_hostname::is_hostname,
        "is_idn_hostname" => idn_hostname::is_idn_hostname,
        "idna_strict" => |n| idna::domain_to_ascii_strict(n).is_ok(),
        "uts46_to_ascii" => {
            |n| idn_hostname::uts46::to_ascii(n, idn_hostname::uts46::Options::new()).is_ok()
        }
        "punycode_decode" => |n| {
            n.split('.')
                .filter_map(|l| l.strip_prefix("xn--"))
                .all(|p| idn_hostname::punycode::decode(p).is_ok())
        },
        other => {
            eprintln!("count: unknown function {other}");
            return ExitCode::from(2);
        }
    };
    let mut accepted = 0;
    for _ in 0..passes {
        accepted += names.iter().filter(|n| f(black_box(n))).count();
    }
    black_box(accepted);
    ExitCode::SUCCESS
}
