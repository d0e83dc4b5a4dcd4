//! The data the crate carries is the data its README says: every file of `data/unicode`,
//! `data/json-schema-test-suite` and `data/psl` matches its line in the folder's `SHA256SUMS`, no listed file is
//! missing, and no data file is present without a line.

use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;

/// The files a folder's `SHA256SUMS` does not list: its own documentation.
const NOT_LISTED: [&str; 4] = ["README.md", "LICENSE", "SHA256SUMS", "COMMIT.txt"];

fn files_below(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_below(root, &path, out);
        } else {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if !NOT_LISTED.contains(&rel.as_str()) {
                out.push(rel);
            }
        }
    }
}

fn check_folder(name: &str) -> usize {
    let root: PathBuf = common::data::dir().join(name);
    let sums = common::data::read(&format!("{name}/SHA256SUMS"));
    let mut listed = BTreeMap::new();
    for (i, line) in sums.lines().enumerate() {
        let (sum, file) = line
            .split_once("  ")
            .unwrap_or_else(|| panic!("{name}/SHA256SUMS:{}: expected `<sha256>  <path>`", i + 1));
        assert!(
            listed.insert(file.to_string(), sum.to_string()).is_none(),
            "{name}/SHA256SUMS:{}: {file} listed twice",
            i + 1
        );
    }
    let mut present = Vec::new();
    files_below(&root, &root, &mut present);
    present.sort();
    let unlisted: Vec<_> = present
        .iter()
        .filter(|f| !listed.contains_key(*f))
        .collect();
    assert!(
        unlisted.is_empty(),
        "data/{name}: files without a line in SHA256SUMS: {unlisted:?}"
    );
    for (file, sum) in &listed {
        let bytes = std::fs::read(root.join(file)).unwrap_or_else(|e| {
            panic!("data/{name}/{file} is listed in SHA256SUMS but absent: {e}")
        });
        let actual: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            &actual, sum,
            "data/{name}/{file}: SHA-256 differs from SHA256SUMS"
        );
    }
    listed.len()
}

#[test]
fn unicode_files_match_their_sums() {
    // The 22 files data/unicode/README.md lists.
    assert_eq!(check_folder("unicode"), 22);
}

#[test]
fn json_schema_suite_files_match_their_sums() {
    // Draft 3, 4 and 6 have one file each; draft 7, 2019-09, 2020-12 and v1 have two.
    assert_eq!(check_folder("json-schema-test-suite"), 11);
}

#[test]
fn public_suffix_list_matches_its_sum() {
    // The one list data/psl/README.md names.
    assert_eq!(check_folder("psl"), 1);
}
