//! The Rust loop the Python benchmark (bench.py) compares the Arrow path with: `is_idn_hostname`
//! over the names of a file (one a line), pass after pass for about a second, on one core. Prints
//! the nanoseconds per name of the fastest pass (bench.py takes the fastest call of the Arrow path
//! too: on a shared machine the minimum is the stable figure) and the number of valid names.
//!
//!   cargo run --release -p idn-hostname-py --example rust_loop -- NAMES.txt

use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: rust_loop NAMES.txt")?;
    let text = std::fs::read_to_string(path)?;
    let names: Vec<&str> = text.split('\n').filter(|n| !n.is_empty()).collect();
    let mut valid = 0usize;
    let mut passes = 0u32;
    let mut fastest = Duration::MAX;
    let start = Instant::now();
    while passes < 3 || start.elapsed() < Duration::from_secs(1) {
        let pass = Instant::now();
        valid = names
            .iter()
            .filter(|n| idn_hostname::is_idn_hostname(black_box(n)))
            .count();
        fastest = fastest.min(pass.elapsed());
        passes += 1;
    }
    let per_name = fastest.as_nanos() as f64 / names.len() as f64;
    println!("{per_name:.1} {valid}");
    Ok(())
}
