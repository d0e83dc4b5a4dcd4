//! Caps the WebAssembly memory of the npm package at 128 MiB (the linker's `--max-memory`): a
//! string too large to judge in that fails to allocate, which traps, and the JavaScript side
//! replaces the instance (`js/index.js`), instead of the instance growing without bound.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!(
            "cargo::rustc-link-arg-cdylib=--max-memory={}",
            128 * 1024 * 1024
        );
    }
}
