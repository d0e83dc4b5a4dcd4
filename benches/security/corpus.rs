//! The corpus of the `security` bench, shared with `tools/corpus` (`security-count`, for
//! instruction counts): valid U-label names across scripts, and a set of 10,000 trusted names.

use idn_hostname::is_idn_hostname;
use idn_hostname::security::LookalikeSet;

/// Valid U-label names across scripts, some of them lookalikes.
pub fn corpus() -> Vec<String> {
    let labels = [
        "bücher",
        "münchen",
        "пример",
        "раураl",
        "сосо",
        "παράδειγμα",
        "例え",
        "テスト",
        "漢字かな",
        "한국어",
        "उदाहरण",
        "উদাহরণ",
        "ตัวอย่าง",
        "მაგალითი",
        "ምሳሌ",
        "café",
        "straße",
        "résumé",
        "naïve",
        "ǆungla",
        "ελληνικά",
        "中文网",
        "abc漢字",
        "ѕсоре",
    ];
    let tlds = ["com", "example", "org", "рф", "中国", "de"];
    let mut out = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        for (j, tld) in tlds.iter().enumerate() {
            let name = if (i + j) % 3 == 0 {
                format!("www.{label}.{tld}")
            } else {
                format!("{label}.{tld}")
            };
            if is_idn_hostname(&name) {
                out.push(name);
            }
        }
    }
    assert!(out.len() > 100, "{} valid names", out.len());
    out
}

/// 10,000 trusted names: ASCII and Unicode, as a user's list would be.
pub fn trusted() -> LookalikeSet {
    let names = (0..10_000).map(|i| match i % 4 {
        0 => format!("service-{i}.example.com"),
        1 => format!("api{i}.example.org"),
        2 => format!("bücher{i}.example"),
        _ => format!("例え{i}.テスト"),
    });
    LookalikeSet::new(names).expect("valid trusted names")
}
