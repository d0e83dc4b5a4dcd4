//! Hostile input: the cost of refusing what an attacker sends must be bounded by the limits of
//! the DNS, not by the size of the input.
//!
//! A valid `hostname` is at most 253 octets and a valid `idn-hostname` at most 4 × 253 bytes of
//! UTF-8 (RFC 1034 section 3.1 on the A-label form, RFC 5890 section 2.3.2.1), so the formats
//! refuse anything longer before looking at a character: the megabyte groups must take the
//! same few nanoseconds whatever their content. The `at_limit` group is the real worst case,
//! inputs just within the length gate, where every rule runs. `punycode` exercises the
//! allocating decoder and encoder on a payload of a megabyte, which they handle in
//! `O(n log n)` (see the `punycode` module documentation).
//!
//! There is no `&[u8]` entry point: the API takes `&str`, so invalid UTF-8 is the caller's to
//! refuse (the command line reports such lines as "not UTF-8" without calling the library).
//!
//! `uts46_table` runs the inputs of the hostile-input table beside the `idna` crate and prints
//! the ratios at the end (`cargo bench --bench hostile -- table/`).
//!
//! Run: `cargo bench --bench hostile -- --warm-up-time 1 --measurement-time 2`

use std::hint::black_box;

use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group};
use idn_hostname::{
    Options, check_hostname, check_idn_hostname, is_hostname, is_idn_hostname, punycode, uts46,
};

const MIB: usize = 1 << 20;

/// `unit` repeated up to `bytes` bytes (whole units only).
fn fill(unit: &str, bytes: usize) -> String {
    unit.repeat(bytes / unit.len())
}

/// The four format entry points on one input, and `idn-hostname` with the UTS #46 mapping.
fn formats(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, input: &str) {
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("is_hostname", |b| b.iter(|| is_hostname(black_box(input))));
    group.bench_function("is_idn_hostname", |b| {
        b.iter(|| is_idn_hostname(black_box(input)))
    });
    group.bench_function("check_hostname", |b| {
        b.iter(|| check_hostname(black_box(input)))
    });
    group.bench_function("check_idn_hostname", |b| {
        b.iter(|| check_idn_hostname(black_box(input)))
    });
    // The UTS #46 mapping runs on the whole input before the rules (and their length gate):
    // ignored code points map to nothing, so no length refuses an input before it is mapped.
    let mapping = Options::new().uts46_mapping(true);
    group.bench_function("is_idn_hostname_uts46_mapping", |b| {
        b.iter(|| mapping.is_idn_hostname(black_box(input)))
    });
}

/// One-megabyte (and larger) inputs: refused by length before any per-character work.
fn megabyte(c: &mut Criterion) {
    let inputs: [(&str, String); 11] = [
        ("ascii_1mib", fill("a", MIB)),
        ("latin_1mib", fill("\u{FC}", MIB)),
        ("cjk_1mib", fill("\u{4F8B}", MIB)),
        ("million_labels", "a.".repeat(MIB)),
        ("million_ace_prefixes", fill("xn--.", 5 * MIB)),
        ("overlong_punycode", format!("xn--{}", fill("9", MIB))),
        ("nul_1mib", fill("\0", MIB)),
        ("controls_1mib", fill("\u{1}\u{1F}\u{7F}\u{85}", MIB)),
        ("combining_marks_1mib", fill("\u{301}", MIB)),
        ("bidi_controls_1mib", fill("\u{202E}", MIB)),
        ("ideographic_stops_1mib", fill("a\u{3002}", MIB)),
    ];
    for (name, input) in &inputs {
        let mut group = c.benchmark_group(format!("hostile/{name}"));
        formats(&mut group, input);
        group.finish();
    }
}

/// Short hostile names, and inputs just within the length gate, where every rule runs.
fn at_limit(c: &mut Criterion) {
    // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 octets: the longest valid hostname.
    let ascii_253 = [fill("a", 63), fill("b", 63), fill("c", 63), fill("d", 61)].join(".");
    // The most labels a name can have: 127 one-letter labels (253 octets).
    let labels_127 = vec!["a"; 127].join(".");
    // U-labels of consecutive CJK ideographs (PVALID), each as long as its 63-octet A-label
    // allows, as many as 253 octets allow: the longest U-label name of this kind.
    let cjk_label = longest_ulabel(|i| char::from_u32(0x4E00 + i));
    let cjk = repeat_labels(&cjk_label, "\u{3002}");
    // The same name in A-label form: every label decoded and checked (strict decoding leaves
    // no re-encoding to do).
    let cjk_alabels = repeat_labels(&alabel(&cjk_label), ".");
    // Hebrew letters (R): a Bidi domain name, so the Bidi rule runs on every label.
    let hebrew_label = longest_ulabel(|i| char::from_u32(0x5D0 + i % 27));
    let hebrew = repeat_labels(&hebrew_label, ".");
    // Near-misses that only fail at the end of the name.
    let bad_last = format!("{}.a\u{202E}b", repeat_labels(&cjk_label, "."));
    let inputs: [(&str, String); 9] = [
        ("ascii_253", ascii_253),
        ("labels_127", labels_127),
        ("cjk_ulabels", cjk),
        ("cjk_alabels", cjk_alabels),
        ("hebrew_ulabels", hebrew),
        ("bidi_control_last", bad_last),
        ("nul_in_name", String::from("exa\0mple.com")),
        ("lone_combining_mark", String::from("\u{301}.example")),
        ("rlo_override", String::from("\u{202E}elpmaxe.com")),
    ];
    for (name, input) in &inputs {
        let mut group = c.benchmark_group(format!("at_limit/{name}"));
        formats(&mut group, input);
        group.finish();
    }
}

/// The longest label `f(0) f(1) ...` whose A-label is at most 63 octets.
fn longest_ulabel(f: impl Fn(u32) -> Option<char>) -> String {
    let mut label = String::new();
    for i in 0.. {
        let Some(c) = f(i) else { break };
        let mut longer = label.clone();
        longer.push(c);
        if alabel(&longer).len() > 63 {
            break;
        }
        label = longer;
    }
    label
}

fn alabel(ulabel: &str) -> String {
    format!("xn--{}", punycode::encode(ulabel).unwrap_or_default())
}

/// `label` repeated with `sep` while the A-label form stays within 253 octets.
fn repeat_labels(label: &str, sep: &str) -> String {
    let octets = alabel(label).len().max(label.len());
    let count = (253 + 1) / (octets + 1);
    vec![label; count].join(sep)
}

/// The allocating Punycode functions on a megabyte: `O(n log n)` whatever the payload. Each is
/// also run on 64 KiB: from there to 1 MiB, `n log n` grows about 20 times, `n²` 256 times.
fn punycode_huge(c: &mut Criterion) {
    let mut group = c.benchmark_group("punycode_huge");
    group.sample_size(10);
    for (size, label) in [(MIB / 16, "64KiB"), (MIB, "1MiB")] {
        // One delta of 0 a byte: insertions of U+0080, all valid.
        let deltas = fill("a", size);
        // Half basic code points, then as many insertions among them.
        let mixed = format!("{}-{}", fill("b", size / 2), fill("a", size / 2));
        // The largest digit never ends a delta: overflow within a dozen bytes.
        let overflow = fill("9", size);
        let text_cjk = fill("\u{4F8B}\u{5B50}", size);
        let text_mixed = fill("a\u{FC}\u{4F8B}\u{1F600}", size);
        for (name, input) in [
            ("decode_deltas", &deltas),
            ("decode_mixed", &mixed),
            ("decode_overflow", &overflow),
        ] {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function(BenchmarkId::new(name, label), |b| {
                b.iter(|| punycode::decode(black_box(input)))
            });
        }
        // The allocation-free decoder with a label's buffer: refused once the buffer is full.
        group.throughput(Throughput::Bytes(deltas.len() as u64));
        group.bench_function(BenchmarkId::new("decode_canonical_into_59", label), |b| {
            b.iter(|| {
                let mut out = ['\0'; 59];
                punycode::decode_canonical_into(black_box(deltas.as_bytes()), &mut out)
            })
        });
        for (name, input) in [("encode_cjk", &text_cjk), ("encode_mixed", &text_mixed)] {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function(BenchmarkId::new(name, label), |b| {
                b.iter(|| punycode::encode(black_box(input)))
            });
        }
    }
    group.finish();
}

/// UTS #46 on a megabyte. Unlike the formats, ToASCII cannot refuse a long input before mapping
/// it: ignored code points (U+00AD SOFT HYPHEN and others) map to nothing, so a megabyte can
/// map to a valid name (section 4 step 1). Its cost must be linear, or `n log n`, instead.
fn uts46_huge(c: &mut Criterion) {
    let mut group = c.benchmark_group("uts46_huge");
    group.sample_size(10);
    let options = uts46::Options::default();
    for (size, label) in [(MIB / 16, "64KiB"), (MIB, "1MiB")] {
        let inputs = [
            ("ascii", fill("a", size)),
            ("labels", fill("a.", size)),
            ("cjk", fill("\u{4F8B}", size)),
            ("soft_hyphens", format!("{}a.com", fill("\u{AD}", size))),
            ("combining_marks", fill("\u{301}", size)),
        ];
        for (name, input) in &inputs {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function(BenchmarkId::new(format!("to_ascii_{name}"), label), |b| {
                b.iter(|| uts46::to_ascii(black_box(input), options))
            });
            group.bench_function(BenchmarkId::new(format!("to_unicode_{name}"), label), |b| {
                b.iter(|| uts46::to_unicode(black_box(input), options))
            });
        }
    }
    group.finish();
}

/// The inputs of the hostile-input table (issue #15), a mebibyte each, and a few more.
fn table_inputs() -> Vec<(&'static str, String)> {
    vec![
        ("fdfa", fill("\u{FDFA}", MIB)),
        ("xn_a", format!("xn--{}", fill("a", MIB - 4))),
        ("u_umlaut", fill("\u{FC}", MIB)),
        ("a_sharp_s", fill("A\u{DF}", MIB)),
        ("alef_1", fill("\u{5D0}1", MIB)),
        ("a_acute", fill("a\u{301}", MIB)),
        (
            "soft_hyphens_a_com",
            format!("{}a.com", fill("\u{AD}", MIB)),
        ),
        ("short_labels", fill("\u{FC}.", MIB)),
        ("huge_label_cjk", fill("\u{4F8B}", MIB)),
        (
            "arabic_words",
            fill("\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629} ", MIB),
        ),
    ]
}

/// ToASCII and ToUnicode beside the `idna` crate (default flags: UseSTD3ASCIIRules,
/// CheckHyphens, VerifyDnsLength; CheckBidi and CheckJoiners on in both).
fn uts46_table(c: &mut Criterion) {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let options = uts46::Options::default();
    for (name, input) in table_inputs() {
        let mut group = c.benchmark_group(format!("table/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function("to_ascii", |b| {
            b.iter(|| uts46::to_ascii(black_box(&input), options))
        });
        group.bench_function("idna_to_ascii", |b| {
            b.iter(|| {
                Uts46::new().to_ascii(
                    black_box(input.as_bytes()),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                    DnsLength::Verify,
                )
            })
        });
        group.bench_function("to_unicode", |b| {
            b.iter(|| uts46::to_unicode(black_box(&input), options))
        });
        group.bench_function("idna_to_unicode", |b| {
            b.iter(|| {
                Uts46::new().to_unicode(
                    black_box(input.as_bytes()),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                )
            })
        });
        let mapping = Options::new().uts46_mapping(true);
        group.bench_function("check_idn_hostname_uts46_mapping", |b| {
            b.iter(|| mapping.check_idn_hostname(black_box(&input)))
        });
        group.finish();
    }
}

/// The median of one benchmark from criterion's `estimates.json`, in nanoseconds.
fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/criterion")
        .join(group.replace('/', "_"))
        .join(function)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// Prints the table as ratios to `idna` (time ours / time theirs, so below 1 is faster) and
/// against the bound of issue #15 (the larger of twice `idna`'s time and 10 ms). The mapped
/// check (`Options::uts46_mapping`) is set against `idna`'s ToASCII, the nearest it has.
fn print_table() {
    println!(
        "\n| input (1 MiB) | to_ascii | idna | ratio | bound | to_unicode | idna | ratio | bound | mapped check | ratio to idna to_ascii | bound |"
    );
    println!("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |");
    let ms = |ns: f64| format!("{:.2} ms", ns / 1e6);
    for (name, _) in table_inputs() {
        let group = format!("table/{name}");
        let mut row = format!("| {name} |");
        for (ours, theirs, both) in [
            ("to_ascii", "idna_to_ascii", true),
            ("to_unicode", "idna_to_unicode", true),
            ("check_idn_hostname_uts46_mapping", "idna_to_ascii", false),
        ] {
            match (median_ns(&group, ours), median_ns(&group, theirs)) {
                (Some(a), Some(b)) => {
                    let ok = a <= (2.0 * b).max(10e6);
                    let theirs = if both {
                        format!(" {} |", ms(b))
                    } else {
                        String::new()
                    };
                    row += &format!(
                        " {} |{theirs} {:.2} | {} |",
                        ms(a),
                        a / b,
                        if ok { "within" } else { "OUTSIDE" }
                    );
                }
                _ if both => row += " - | - | - | - |",
                _ => row += " - | - | - |",
            }
        }
        println!("{row}");
    }
}

criterion_group!(
    benches,
    megabyte,
    at_limit,
    punycode_huge,
    uts46_huge,
    uts46_table
);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    print_table();
}
