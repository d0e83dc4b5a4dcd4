//! The floor the benches measure `is_hostname` against: RFC 1123 section 2.1 as a plain loop
//! over bytes, with the length limits of RFC 1034 section 3.1, and nothing else. Shared by
//! `benches/formats.rs` and `tools/corpus`'s instruction counter.

/// Letters, digits and hyphens; 1 to 63 octets a label, no hyphen at either end; 253 a name.
pub fn ldh_loop(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > 253 {
        return false;
    }
    bytes.split(|&b| b == b'.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-')
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
    })
}
