//! The validation path allocates nothing: a counting global allocator watches `is_hostname`
//! and `is_idn_hostname` on valid and invalid names of every kind, up to 253 octets.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The only test in this binary, so no other thread allocates while it counts.
#[test]
fn validation_allocates_nothing() {
    let long_ascii = [
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(61),
    ]
    .join(".");
    let long_unicode = [
        "ü".repeat(57),
        "ü".repeat(57),
        "ü".repeat(57),
        "ü".repeat(50),
    ]
    .join(".");
    let names: Vec<String> = [
        "example.com",
        "xn--bcher-kva.example",
        "bücher.example",
        "例え。テスト",
        "\u{05D0}\u{05D1}.example",
        "1a.\u{05D0}",
        "i.xn--ls8h",
        "a..b",
        "-a.com",
        "bu\u{0308}cher",
        "a\u{00B7}b",
        "xn--99999999999999999999",
        "\u{0915}\u{094D}\u{200C}\u{0937}",
        "l\u{00B7}l.\u{0628}\u{200C}\u{0628}",
        "a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}",
        long_ascii.as_str(),
        long_unicode.as_str(),
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let huge = "a".repeat(1 << 20);
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut valid = 0;
    let mut allocating = Vec::new();
    for name in names.iter().chain(std::iter::once(&huge)) {
        let at = ALLOCATIONS.load(Ordering::SeqCst);
        valid += usize::from(idn_hostname::is_hostname(name));
        valid += usize::from(idn_hostname::is_idn_hostname(name));
        if ALLOCATIONS.load(Ordering::SeqCst) != at {
            allocating.push(name.chars().take(20).collect::<String>());
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert_eq!(after - before, 0, "allocated on: {allocating:?}");
    // The inputs are the mix they claim to be: some of each verdict.
    assert!(
        valid > 5 && valid < 2 * names.len(),
        "{valid} valid verdicts"
    );
}
