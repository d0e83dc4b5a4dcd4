//! The modules of `src/` depend one way, from the generated tables up: every `crate::` path in a
//! module names a module of a lower layer (docs/testing.md, "Layout"). A path to a module of the same or
//! a higher layer fails, and a cycle among the modules is named.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may use the modules of the layers before its own only.
const LAYERS: &[&[&str]] = &[
    &["tables"],
    &["ucd"],
    &["limits"],
    &["ascii", "escape"],
    &["bidi", "context", "nfc", "punycode"],
    &["error"],
    &["label", "options"],
    &["domain", "uts46"],
    &["hint"],
    &["formats"],
    &["convert"],
    &["newtypes"],
    &["security"],
    &["json"],
];

/// Modules of the unit tests only (`#[cfg(test)]` in `src/lib.rs`), which any test may read.
const TEST_ONLY: &[&str] = &["data", "test_data", "test_ucd"];

/// The module graph: for each module, the modules its code names, with one place each.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The code of a line, without its comment (doc comments included): a `//` outside a string.
fn code(line: &str) -> &str {
    let mut quotes = 0;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' if i == 0 || bytes[i - 1] != b'\\' => quotes += 1,
            b'/' if quotes % 2 == 0 && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The first path segment after each `crate::` in `text`: `crate::a::b` gives `a`, and
/// `crate::{a, b::c}` gives `a` and `b`.
fn crate_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = text[from..].find("crate::") {
        let at = from + found;
        from = at + "crate::".len();
        if at > 0 && (is_ident(bytes[at - 1]) || bytes[at - 1] == b'$') {
            continue;
        }
        let rest = &text[from..];
        if let Some(group) = rest.strip_prefix('{') {
            // The items of the group, split at its top-level commas.
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(std::mem::take(&mut item));
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.push(item);
        } else {
            out.push(rest.to_string());
        }
    }
    out.into_iter()
        .map(|item| {
            let item = item.trim_start();
            let end = item
                .bytes()
                .position(|b| !is_ident(b))
                .unwrap_or(item.len());
            item[..end].to_string()
        })
        .filter(|name| !name.is_empty() && name != "self")
        .collect()
}

/// The items the crate root re-exports, each with the module it comes from (`pub use m::x`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let text: String = lib.lines().map(code).collect::<Vec<_>>().join(" ");
    for statement in text.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        let items = items.trim().trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.trim().rsplit(' ').next().unwrap_or("");
            if !name.is_empty() {
                map.insert(name.to_string(), module.trim().to_string());
            }
        }
    }
    map
}

/// The module a file of `src/` belongs to: `src/m.rs` and `src/m/*.rs` are `m`; `None` for the
/// crate root and the command line, which use the modules through the public API.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    match first {
        "lib.rs" | "main.rs" => None,
        _ => Some(first.trim_end_matches(".rs").to_string()),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module graph of `files` (module, file name, text), with the root's re-exports resolved.
fn module_graph(files: &[(String, String, String)], roots: &BTreeMap<String, String>) -> Graph {
    let mut graph = Graph::new();
    for (module, file, text) in files {
        let edges = graph.entry(module.clone()).or_default();
        for (n, line) in text.lines().enumerate() {
            for name in crate_paths(code(line)) {
                if TEST_ONLY.contains(&name.as_str()) {
                    continue;
                }
                let target = roots.get(&name).cloned().unwrap_or(name);
                if target != *module {
                    edges
                        .entry(target)
                        .or_insert_with(|| format!("{file}:{}", n + 1));
                }
            }
        }
    }
    graph
}

/// A cycle of `graph`, as the modules along it, the first repeated at the end.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|n| n == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
            if let Some(cycle) = visit(graph, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(graph, node, &mut Vec::new(), &mut done))
}

/// Every way `graph` breaks the layers: a cycle first, then each path to a module of the same
/// or a higher layer, or to a module not in `LAYERS`.
fn violations(graph: &Graph) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(cycle) = find_cycle(graph) {
        out.push(format!("cycle: {}", cycle.join(" -> ")));
    }
    for (module, edges) in graph {
        let Some(own) = layer(module) else {
            out.push(format!("module {module} is in no layer of LAYERS"));
            continue;
        };
        for (target, at) in edges {
            match layer(target) {
                None => out.push(format!("{at}: {module} uses {target}, in no layer")),
                Some(l) if l >= own => out.push(format!(
                    "{at}: {module} (layer {own}) uses {target} (layer {l}): only lower layers"
                )),
                Some(_) => {}
            }
        }
    }
    out
}

#[test]
fn modules_depend_on_lower_layers_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let roots = reexports(&lib);
    assert!(
        roots.get("Options").map(String::as_str) == Some("options")
            && roots.get("DerivedProperty").map(String::as_str) == Some("ucd"),
        "re-exports read from src/lib.rs: {roots:?}"
    );
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let files: Vec<(String, String, String)> = paths
        .iter()
        .filter_map(|path| {
            let module = module_of(&src, path)?;
            let name = path.strip_prefix(&src).unwrap().display().to_string();
            Some((module, name, std::fs::read_to_string(path).unwrap()))
        })
        .collect();
    let graph = module_graph(&files, &roots);
    // Every module of `LAYERS` exists, so that the list cannot go stale.
    for module in LAYERS.iter().flat_map(|l| l.iter()) {
        assert!(graph.contains_key(*module), "no module {module} in src/");
    }
    let problems = violations(&graph);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The graph is read: the paths a few modules are known to take are there.
    assert!(graph["ucd"].contains_key("tables"), "{graph:?}");
    assert!(graph["formats"].contains_key("domain"), "{graph:?}");
}

/// The checker on made-up modules: a path up a layer and a cycle are each reported.
#[test]
fn a_path_up_and_a_cycle_are_reported() {
    let file = |module: &str, text: &str| (module.to_string(), format!("{module}.rs"), text.into());
    let roots = reexports("pub use options::{BidiScope, Options};\npub use ucd::derived_property;");
    let files = [
        file(
            "ucd",
            "use crate::tables::x; // crate::formats in a comment",
        ),
        file(
            "label",
            "let s = \"// not a comment\"; crate::Options::new();",
        ),
        file("options", "use crate::{label::Label, self};"),
        file("tables", "fn f() { crate::derived_property('a'); }"),
    ];
    let graph = module_graph(&files, &roots);
    assert_eq!(
        graph["ucd"].keys().collect::<Vec<_>>(),
        ["tables"],
        "comments are not code"
    );
    let problems = violations(&graph);
    assert_eq!(
        problems,
        [
            "cycle: label -> options -> label",
            "label.rs:1: label (layer 6) uses options (layer 6): only lower layers",
            "options.rs:1: options (layer 6) uses label (layer 6): only lower layers",
            "tables.rs:1: tables (layer 0) uses ucd (layer 1): only lower layers",
        ]
    );
    // `tables -> ucd -> tables` is a cycle too, found through the re-export.
    let files = [
        file("ucd", "crate::tables::X"),
        file("tables", "crate::derived_property"),
    ];
    assert_eq!(
        find_cycle(&module_graph(&files, &roots)),
        Some(vec!["tables".into(), "ucd".into(), "tables".into()])
    );
}
