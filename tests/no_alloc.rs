//! The validation path allocates nothing: a counting global allocator watches `is_hostname`
//! and `is_idn_hostname` on valid and invalid names of every kind, up to 253 octets, under
//! every `Options` setting but the UTS #46 mapping (which builds the mapped name); `check_*`
//! on the names that pass (an `Error` holds its label as a `String`, so only success is
//! allocation-free); and the `_into` functions of `punycode`, which write into the caller's
//! buffers; with the `security` feature, a lookalike set's lookup on every name.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use idn_hostname::{BidiScope, Options, check_hostname, check_idn_hostname, punycode};

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
    // Every setting but the mapping, `is_*` and, on success, `check_*`.
    let mut settings = Vec::new();
    for scope in [BidiScope::DomainName, BidiScope::RtlLabels] {
        for dot in [false, true] {
            for underscore in [false, true] {
                settings.push(
                    Options::new()
                        .bidi_scope(scope)
                        .allow_trailing_dot(dot)
                        .allow_underscore_labels(underscore),
                );
            }
        }
    }
    let extra = [
        "a.example.",
        "_srv.example",
        "_a._b.c.",
        "\u{05D0}.a1",
        "1.\u{05D0}",
    ]
    .map(String::from);
    // The lookalike set (feature `security`) is built before counting; its lookup allocates
    // nothing, on any text.
    #[cfg(feature = "security")]
    let trusted =
        idn_hostname::security::LookalikeSet::new(["paypal.com", "bücher.example", "例え.テスト"])
            .unwrap();
    #[cfg(feature = "security")]
    let lookalikes: Vec<String> = [
        "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com",
        "xn--l-7sba6dbr.com",
        "paypa1.com",
        "PAYPAL.COM",
        "bu\u{0308}cher.example",
        "a\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}\u{0301}.com",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
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
    let mut successes = 0;
    for options in &settings {
        for name in names.iter().chain(&extra).chain(std::iter::once(&huge)) {
            let at = ALLOCATIONS.load(Ordering::SeqCst);
            let hostname = options.is_hostname(name);
            let idn = options.is_idn_hostname(name);
            if hostname {
                successes += usize::from(options.check_hostname(name).is_ok());
            }
            if idn {
                successes += usize::from(options.check_idn_hostname(name).is_ok());
            }
            if idn_hostname::is_hostname(name) {
                successes += usize::from(check_hostname(name).is_ok());
            }
            if idn_hostname::is_idn_hostname(name) {
                successes += usize::from(check_idn_hostname(name).is_ok());
            }
            if ALLOCATIONS.load(Ordering::SeqCst) != at {
                allocating.push(format!(
                    "{options:?} {}",
                    name.chars().take(20).collect::<String>()
                ));
            }
        }
    }
    // The `_into` functions of RFC 3492, on the stack.
    let mut chars = ['\0'; 64];
    let mut bytes = [0u8; 64];
    for payload in [
        "mnchen-3ya",
        "bcher-kva",
        "ls8h",
        "-> $1.00 <--",
        "99999999",
        "a",
    ] {
        let at = ALLOCATIONS.load(Ordering::SeqCst);
        if let Ok(n) = punycode::decode_into(payload.as_bytes(), &mut chars) {
            let _ = punycode::encode_into(&chars[..n], &mut bytes);
            let _ = punycode::encoded_len(&chars[..n]);
        }
        let _ = punycode::decode_canonical_into(payload.as_bytes(), &mut chars);
        if ALLOCATIONS.load(Ordering::SeqCst) != at {
            allocating.push(format!("punycode {payload}"));
        }
    }
    #[cfg(feature = "security")]
    let mut found = 0;
    #[cfg(feature = "security")]
    for name in names
        .iter()
        .chain(&lookalikes)
        .chain(std::iter::once(&huge))
    {
        let at = ALLOCATIONS.load(Ordering::SeqCst);
        found += usize::from(trusted.lookup(name).is_some());
        if ALLOCATIONS.load(Ordering::SeqCst) != at {
            allocating.push(format!("lookalike lookup {name:?}"));
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert_eq!(after - before, 0, "allocated on: {allocating:?}");
    #[cfg(feature = "security")]
    assert!(found >= 3, "{found} lookalikes found");
    assert!(successes > 50, "{successes} successes");
    // The inputs are the mix they claim to be: some of each verdict.
    assert!(
        valid > 5 && valid < 2 * names.len(),
        "{valid} valid verdicts"
    );
}
