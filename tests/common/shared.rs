//! Where the tests find `../shared` (the Unicode data and the JSON Schema test suite).
//!
//! One environment variable, `IDN_HOSTNAME_SHARED`, names the folder; its default is `../shared`
//! beside the project. A test that needs the data and does not find it fails with a message that
//! says so: in CI that is the required failure, and elsewhere the message tells the developer what
//! is missing. No test skips silently.

#![allow(dead_code)]

use std::path::PathBuf;

/// The environment variable that locates the shared data folder.
pub const VARIABLE: &str = "IDN_HOSTNAME_SHARED";

/// The shared data folder.
pub fn dir() -> PathBuf {
    match std::env::var_os(VARIABLE) {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The text of `path` below the shared folder; fails the test, plainly, when it is absent.
pub fn read(path: &str) -> String {
    let full = dir().join(path);
    match std::fs::read_to_string(&full) {
        Ok(text) => text,
        Err(e) => panic!(
            "the shared test data is absent: cannot read {} ({e}); set {VARIABLE} to the folder \
             that holds unicode/18.0.0 and json-schema-test-suite (default ../shared){}",
            full.display(),
            if std::env::var_os("CI").is_some() {
                " — CI requires it"
            } else {
                ""
            }
        ),
    }
}
