//! Runs one function of the `security` bench (benches/security.rs) over its corpus, a given
//! number of passes, for a counter that does not depend on the machine's load
//! (`valgrind --tool=callgrind`, `perf stat -e instructions:u`):
//!
//! ```text
//! cargo build --release -p corpus --bin security_count
//! valgrind --tool=callgrind target/release/security_count display_verdict 10
//! ```
//!
//! `tools/corpus/security-count.sh` runs each function and prints its instructions for the
//! passes (callgrind counting inside [`run`] only) and the ratios; with `-v`, the functions
//! that spend them.

use std::hint::black_box;
use std::process::ExitCode;

use idn_hostname::is_idn_hostname;
use idn_hostname::security::display_verdict;

#[path = "../../../../benches/security/corpus.rs"]
mod corpus;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [function, passes] = args.as_slice() else {
        eprintln!("usage: security_count <function> <passes>");
        return ExitCode::from(2);
    };
    let Ok(passes) = passes.parse::<usize>() else {
        eprintln!("security_count: passes is a number");
        return ExitCode::from(2);
    };
    let names = corpus::corpus();
    let set = corpus::trusted();
    let kept = match function.as_str() {
        "is_idn_hostname" => run(&names, passes, is_idn_hostname),
        "display_verdict" => run(&names, passes, |n| {
            display_verdict(n).is_ok_and(|v| v.is_safe_to_display())
        }),
        "lookalike_lookup" => run(&names, passes, |n| set.lookup(n).is_some()),
        other => {
            eprintln!("security_count: unknown function {other}");
            return ExitCode::from(2);
        }
    };
    black_box(kept);
    ExitCode::SUCCESS
}

/// The passes of `f` over `names`, as the bench's loops run them: callgrind counts this function
/// alone (`--toggle-collect='security_count::run*'`), without the corpus and the set's setup.
#[inline(never)]
fn run(names: &[String], passes: usize, f: impl Fn(&str) -> bool) -> usize {
    let mut kept = 0;
    for _ in 0..passes {
        kept += names.iter().filter(|n| f(black_box(n))).count();
    }
    kept
}
