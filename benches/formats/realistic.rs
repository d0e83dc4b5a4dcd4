//! The four views of `data/bench/realistic.txt` (names as they occur, issue #16), shared by
//! `benches/formats.rs` and `tools/corpus`'s instruction counter. Each line is
//! `<name>\t<A-form>`, the two equal for an ASCII name.

/// The views, as the bench's group names end and as `count` takes them for a column.
pub const VIEWS: [&str; 4] = ["ascii", "a-label", "u-label", "mix"];

/// The names of one view: `ascii` the ASCII names, `a-label` and `u-label` the two forms of the
/// others, `mix` all three in the file's order (an ASCII name once, the others in both forms).
/// `None` for a view not in `VIEWS`.
pub fn view<'a>(text: &'a str, view: &str) -> Option<Vec<&'a str>> {
    let rows = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'));
    Some(match view {
        "ascii" => rows.filter(|(u, a)| u == a).map(|(u, _)| u).collect(),
        "a-label" => rows.filter(|(u, a)| u != a).map(|(_, a)| a).collect(),
        "u-label" => rows.filter(|(u, a)| u != a).map(|(u, _)| u).collect(),
        "mix" => rows
            .flat_map(|(u, a)| std::iter::once(u).chain((u != a).then_some(a)))
            .collect(),
        _ => return None,
    })
}
