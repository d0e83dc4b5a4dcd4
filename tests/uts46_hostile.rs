//! Hostile input for UTS #46 (issue #15): the heap that `uts46::to_ascii`, `uts46::to_unicode`
//! and the mapped `idn-hostname` check take on long inputs, counted by a global allocator (not
//! timed): at most 4 times the input for ToASCII and the mapped check, 2 times the input and the
//! output for ToUnicode, and growing linearly (16 KiB against 64 KiB).
//!
//! What a function returns is output: the string ToUnicode gives, as allocated. An error is not: it names its
//! label by index and byte range and holds at most `LABEL_TEXT_MAX` bytes of its text, so its
//! heap counts within the bound like any other (the label itself can be 11 times the input:
//! U+FDFA, 3 bytes, maps to 18 code points, 33 bytes).
//!
//! Not bounded yet, so not here: an A-label of more than 63 code points whose Punycode inserts
//! anywhere but at the end (`xn--` + `a9z0b` repeated) is decoded by `punycode::decode`, about
//! 25 times its length; a segment of combining marks without a starter between them is
//! normalized as a whole.
//!
//! The results are checked too where UTS #46 gives them: megabytes of U+00AD SOFT HYPHEN
//! (`ignored`, IdnaMappingTable.txt) before `a.com` are `a.com`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use idn_hostname::Options;
use idn_hostname::uts46::{self, Status};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grow(by: usize) {
    let live = LIVE.fetch_add(by, Ordering::SeqCst) + by;
    PEAK.fetch_max(live, Ordering::SeqCst);
}

// SAFETY: forwards to the system allocator unchanged; only counts the bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as a change of size (the live bytes after it): a moving realloc holds both
        // blocks for the time of the copy, which is not what "peak heap" measures here.
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        grow(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The peak heap above what was live before `f`, and its result.
fn peak<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = LIVE.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let result = f();
    (PEAK.load(Ordering::SeqCst) - base, result)
}

/// `unit` repeated up to `bytes` bytes.
fn fill(unit: &str, bytes: usize) -> String {
    unit.repeat(bytes / unit.len())
}

/// The inputs of the table and others, `size` bytes each.
fn inputs(size: usize) -> Vec<(&'static str, String)> {
    vec![
        ("U+FDFA", fill("\u{FDFA}", size)),
        ("xn-- a", format!("xn--{}", fill("a", size - 4))),
        ("XN-- a", format!("XN--{}", fill("A", size - 4))),
        ("xn-- u umlaut", format!("xn--{}", fill("\u{FC}", size - 4))),
        ("u umlaut", fill("\u{FC}", size)),
        ("A sharp s", fill("A\u{DF}", size)),
        ("alef 1", fill("\u{5D0}1", size)),
        ("a acute", fill("a\u{301}", size)),
        (
            "soft hyphens a.com",
            format!("{}a.com", fill("\u{AD}", size - 5)),
        ),
        ("short labels", fill("\u{FC}.", size)),
        ("short A-labels", fill("xn--bcher-kva.", size)),
        ("CJK", fill("\u{4F8B}", size)),
        (
            "CJK distinct",
            (0x4E00..)
                .filter_map(char::from_u32)
                .take(size / 3)
                .collect(),
        ),
        (
            "Arabic words",
            fill("\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629} ", size),
        ),
        (
            "joiners",
            fill("\u{628}\u{200C}\u{628}\u{915}\u{94D}\u{200D}", size),
        ),
        ("fullwidth", fill("\u{FF21}\u{FF0E}", size)),
        ("supplementary", fill("\u{1F600}a", size)),
        ("U+FDFA after a Bidi failure", after_bidi_failure(size)),
    ]
}

/// `1xn--bcher-kva.` (an LDH label starting with a digit: condition 1 of RFC 5893 section 2
/// fails in a Bidi domain name), then U+FDFA, which makes the name one, and `a`, `size` bytes:
/// the shape of the input a fresh seed of the generated inputs found (4,096 bytes, U+FDFA 1,251
/// times, `a` 328 times), whose second label's mapping an earlier design kept for an error
/// that names the first.
fn after_bidi_failure(size: usize) -> String {
    let head = "1xn--bcher-kva.";
    let fdfa = fill("\u{FDFA}", (size - head.len()) * 3 / 4);
    let tail = fill("a", size - head.len() - fdfa.len());
    format!("{head}{fdfa}{tail}")
}

/// The peaks of the three functions on `input`, each checked against its bound, and the output
/// of ToUnicode.
fn check(name: &str, input: &str, failures: &mut Vec<String>) -> ([usize; 3], usize) {
    let options = uts46::Options::default();
    let n = input.len();
    let (ascii, result) = peak(|| uts46::to_ascii(input, options));
    let returned = result.err().map_or(0, |e| e.label().len());
    let (unicode, (out, result)) = peak(|| uts46::to_unicode(input, options));
    // The output is the string returned, as allocated (a string grown as it passes has up to
    // twice its length in capacity).
    let output = out.capacity();
    let held = result.err().map_or(0, |e| e.label().len());
    let mapping = Options::new().uts46_mapping(true);
    let (mapped, _) = peak(|| mapping.check_idn_hostname(input));
    if returned.max(held) > uts46::LABEL_TEXT_MAX {
        failures.push(format!(
            "{name} ({n} B): an error holds {} B of its label",
            returned.max(held)
        ));
    }
    if ascii > 4 * n {
        failures.push(format!("{name} ({n} B): to_ascii {ascii} B > 4x"));
    }
    if unicode > 2 * n + output {
        failures.push(format!(
            "{name} ({n} B): to_unicode {unicode} B > 2x {n} + {output} B"
        ));
    }
    if mapped > 4 * n {
        failures.push(format!("{name} ({n} B): mapped check {mapped} B > 4x"));
    }
    ([ascii, unicode, mapped], output)
}

/// Pieces of generated inputs: letters of several scripts and Bidi classes, digits, joiners
/// and a virama after its consonant, full stops and what maps to one, ignored, mapped,
/// disallowed and deviation code points, a combining mark after its starter, and a short
/// A-label with its full stop (its copies stay apart). Left out: the inputs docs/hostile-input.md
/// lists as not bounded yet (a long A-label whose Punycode inserts anywhere but at the
/// end, combining marks with no starter between them).
const PIECES: [&str; 26] = [
    "a",
    "A",
    "-",
    "1",
    ".",
    "\u{3002}",
    "\u{DF}",
    "\u{FC}",
    "u\u{308}",
    "\u{5D0}",
    "\u{627}",
    "\u{661}",
    "\u{200C}",
    "\u{200D}",
    "\u{915}\u{94D}",
    "\u{915}",
    "\u{AD}",
    "\u{FDFA}",
    "\u{E000}",
    "_",
    " ",
    "\u{2488}",
    "\u{FF0E}",
    "\u{1F600}",
    "\u{4F8B}",
    "xn--bcher-kva.",
];

/// Inputs of 4 to 64 KiB made of runs of the pieces, against the same bounds.
fn generated_inputs_are_bounded() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let runs = prop::collection::vec((0..PIECES.len(), 1..4000usize), 1..40);
    let config = Config {
        cases: 48,
        failure_persistence: None,
        ..Config::default()
    };
    // The same 48 inputs on every run, so that CI passes or fails on the code alone: a seed
    // drawn afresh found, once in some 25 runs, an input an earlier design did not bound (a
    // long label of U+FDFA after a label that fails the Bidi rule), now one of `inputs`.
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&runs, |runs| {
        let mut input = String::new();
        for (piece, times) in runs {
            for _ in 0..times {
                if input.len() >= 64 << 10 {
                    break;
                }
                input.push_str(PIECES.get(piece).copied().unwrap_or("a"));
            }
        }
        prop_assume!(input.len() >= 4 << 10);
        let mut failures = Vec::new();
        check("generated", &input, &mut failures);
        prop_assert!(failures.is_empty(), "{}", failures.join("\n"));
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}");
    }
}

/// The only test in this binary, so that no other thread allocates while it counts.
#[test]
fn heap_is_bounded_and_linear() {
    let mut failures = Vec::new();
    let small = inputs(16 << 10);
    let large = inputs(64 << 10);
    // The table of docs/hostile-input.md (`cargo test --test uts46_hostile -- --nocapture`).
    println!(
        "| input (64 KiB) | ToASCII heap / input | ToUnicode heap / (2 input + output) | mapped check heap / input |"
    );
    println!("| --- | ---: | ---: | ---: |");
    for ((name, s), (_, l)) in small.iter().zip(&large) {
        let (a, _) = check(name, s, &mut failures);
        let (b, output) = check(name, l, &mut failures);
        let n = l.len() as f64;
        println!(
            "| {name} | {:.2}x | {:.2}x | {:.2}x |",
            b[0] as f64 / n,
            b[1] as f64 / (2.0 * n + output as f64),
            b[2] as f64 / n,
        );
        // Four times the input: at most about four times the heap (with 16 KiB of slack for
        // the buffers of fixed size and the rounding of capacities).
        for (what, (x, y)) in ["to_ascii", "to_unicode", "mapped"]
            .iter()
            .zip(a.iter().zip(&b))
        {
            if *y > 4 * x + (16 << 10) {
                failures.push(format!("{name}: {what} grows from {x} B to {y} B"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    generated_inputs_are_bounded();

    // IdnaMappingTable.txt: U+00AD is `ignored` (step 1 removes it).
    let input = format!("{}a.com", "\u{AD}".repeat(1 << 20));
    assert_eq!(
        uts46::to_ascii(&input, uts46::Options::default()).as_deref(),
        Ok("a.com")
    );
    let (unicode, result) = uts46::to_unicode(&input, uts46::Options::default());
    assert_eq!((unicode.as_str(), result), ("a.com", Ok(())));
    assert!(
        Options::new()
            .uts46_mapping(true)
            .check_idn_hostname(&input)
            .is_ok()
    );
    // A label longer than 63 octets (UTS #46 section 4.2 step 4) whatever else it holds.
    let long = "\u{FC}".repeat(1 << 20);
    let error = uts46::to_ascii(&long, uts46::Options::default()).unwrap_err();
    assert!(error.contains(Status::A4_2) && error.contains(Status::A4_1));
}
