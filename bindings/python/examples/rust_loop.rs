//! The Rust loop the Python benchmark (bench.py) compares the Arrow path with: `is_idn_hostname`
//! over the names of a file (one a line), repeated for about a second, on one core. Prints the
//! nanoseconds per name and the number of valid names.
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
    let start = Instant::now();
    while passes < 3 || start.elapsed() < Duration::from_secs(1) {
        valid = names
            .iter()
            .filter(|n| idn_hostname::is_idn_hostname(black_box(n)))
            .count();
        passes += 1;
    }
    let per_name = start.elapsed().as_nanos() as f64 / f64::from(passes) / names.len() as f64;
    println!("{per_name:.1} {valid}");
    Ok(())
}
