//! Where the tests find the data the project carries: `data/` at the root of the crate (the
//! Unicode 18.0.0 files and the JSON Schema test suite, each folder with its README and
//! `SHA256SUMS`). Nothing outside the crate is read.

#![allow(dead_code)]

use std::path::PathBuf;

/// The crate's `data/` folder.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The text of `path` below `data/`. A missing file fails the test that needs it: the files are
/// part of the repository and of the package, so a missing one is a broken checkout.
pub fn read(path: &str) -> String {
    let full = dir().join(path);
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("cannot read {} ({e}): data/ is incomplete", full.display()))
}
