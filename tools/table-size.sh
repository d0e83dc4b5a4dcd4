#!/usr/bin/env bash
# The bytes of this crate's static tables linked into a program, for the two kinds of user:
# one that only validates (`is_idn_hostname`, `is_hostname`) and one that converts with UTS #46
# (`uts46::to_ascii`). Builds two small programs in target/table-size (release, no debug info)
# and sums the sizes of the crate's data symbols (`nm`), plus the UTS #46 mapped strings, which
# are one string literal without a symbol of their own.
# A third program shows the display verdict (feature `security`): its tables are the UTS #39
# data of src/tables/security.rs on top of the validator's.
# Usage: tools/table-size.sh   (run from the crate root)
set -euo pipefail
root="$(pwd)"
dir="$root/target/table-size"
mkdir -p "$dir/src/bin"
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "table-size"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
idn-hostname = { path = "$root", default-features = false }

[features]
security = ["idn-hostname/security"]

[[bin]]
name = "display"
required-features = ["security"]

[profile.release]
debug = 0

[workspace]
TOML
cat > "$dir/src/bin/validate.rs" <<'RS'
fn main() {
    let ok = std::env::args().skip(1).filter(|a| idn_hostname::is_idn_hostname(a)).count();
    std::process::exit(i32::try_from(ok).unwrap_or(0));
}
RS
cat > "$dir/src/bin/convert.rs" <<'RS'
fn main() {
    let options = idn_hostname::uts46::Options::new();
    let ok = std::env::args().skip(1).filter(|a| idn_hostname::uts46::to_ascii(a, options).is_ok()).count();
    std::process::exit(i32::try_from(ok).unwrap_or(0));
}
RS
cat > "$dir/src/bin/display.rs" <<'RS'
fn main() {
    let shown = std::env::args()
        .skip(1)
        .filter(|a| idn_hostname::security::display_verdict(a).is_ok_and(|v| v.is_safe_to_display()))
        .count();
    std::process::exit(i32::try_from(shown).unwrap_or(0));
}
RS
(cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build --release --quiet --bins)
(cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build --release --quiet --features security --bin display)
mapped=$(grep -o 'MAPPED: &str = "[^"]*"' src/tables/uts46.rs | python3 -c '
import sys, re
text = sys.stdin.read()
body = text[text.index("\"") + 1:text.rindex("\"")]
print(len(re.sub(r"\\u\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), body).encode()))')
for bin in validate convert display; do
  nm -S -C "$dir/target/release/$bin" | python3 -c '
import sys
bin, mapped = sys.argv[1], int(sys.argv[2])
total, tables = 0, {}
for line in sys.stdin:
    parts = line.split(None, 3)
    if len(parts) < 4 or parts[2] in "tT" or "idn_hostname::" not in parts[3]:
        continue
    size = int(parts[1], 16)
    total += size
    tables[parts[3].strip()] = size
uts46 = any("tables::uts46" in name for name in tables)
if uts46:
    total += mapped
print(f"{bin}: {total} bytes of idn-hostname tables ({total / 1024:.1f} KiB)")
for name, size in sorted(tables.items(), key=lambda kv: -kv[1]):
    print(f"  {size:>7}  {name}")
if uts46:
    print(f"  {mapped:>7}  idn_hostname::tables::uts46::MAPPED (string literal)")
' "$bin" "$mapped"
done
