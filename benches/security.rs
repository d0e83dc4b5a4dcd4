//! The cost of the `security` layer against the validation it sits on: the display verdict of
//! a valid U-label name must cost at most 2× `is_idn_hostname` on it, and a lookup in a
//! lookalike set of 10,000 names at most 3×. Criterion measures each on a corpus of valid
//! names across scripts; `ratios` then times the corpus loops side by side and prints the
//! ratios.
//!
//! Run: `cargo bench --features security --bench security -- --warm-up-time 1 --measurement-time 2`

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group};
use idn_hostname::is_idn_hostname;
use idn_hostname::security::display_verdict;

#[path = "security/corpus.rs"]
mod corpus;
use corpus::{corpus, trusted};

fn verdict(c: &mut Criterion) {
    let corpus = corpus();
    let bytes: usize = corpus.iter().map(String::len).sum();
    let set = trusted();
    let mut group = c.benchmark_group("security");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("is_idn_hostname", |b| {
        b.iter(|| {
            corpus
                .iter()
                .filter(|n| is_idn_hostname(black_box(n)))
                .count()
        })
    });
    group.bench_function("display_verdict", |b| {
        b.iter(|| {
            corpus
                .iter()
                .filter(|n| display_verdict(black_box(n)).is_ok_and(|v| v.is_safe_to_display()))
                .count()
        })
    });
    group.bench_function("lookalike_lookup_10000", |b| {
        b.iter(|| {
            corpus
                .iter()
                .filter(|n| set.lookup(black_box(n)).is_some())
                .count()
        })
    });
    group.finish();
}

/// Nanoseconds per corpus pass of `f`, the best of 15 rounds.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..15 {
        let start = Instant::now();
        for _ in 0..rounds {
            black_box(f());
        }
        best = best.min(start.elapsed().as_nanos() as f64 / rounds as f64);
    }
    best
}

fn ratios(_: &mut Criterion) {
    let corpus = corpus();
    let set = trusted();
    let base = best(200, || {
        corpus
            .iter()
            .filter(|n| is_idn_hostname(black_box(n)))
            .count()
    });
    let shown = best(200, || {
        corpus
            .iter()
            .filter(|n| display_verdict(black_box(n)).is_ok_and(|v| v.is_safe_to_display()))
            .count()
    });
    let lookup = best(200, || {
        corpus
            .iter()
            .filter(|n| set.lookup(black_box(n)).is_some())
            .count()
    });
    println!(
        "security ratios on {} valid names: display_verdict / is_idn_hostname = {:.2} (at most 2), \
         lookalike lookup in 10,000 names / is_idn_hostname = {:.2} (at most 3)",
        corpus.len(),
        shown / base,
        lookup / base
    );
}

criterion_group!(benches, verdict, ratios);
criterion::criterion_main!(benches);
