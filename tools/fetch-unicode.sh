#!/usr/bin/env bash
# Fetches the Unicode files this crate reads for a later Unicode version into
# data/unicode/VERSION/, verifies that each file's header names VERSION, and writes their SHA-256
# sums for data/unicode/SHA256SUMS.
#
#   tools/fetch-unicode.sh VERSION        e.g. tools/fetch-unicode.sh 19.0.0
#
# NOT RUNNABLE IN THIS PROJECT'S OWN SANDBOX: it needs the Unicode Consortium's public site
# (https://www.unicode.org/Public/), and the machines this project is developed and tested on reach
# package registries only. Run it on a machine with network access, then commit the folder; the
# procedure that follows (regenerate, test, differential, review) is in README.md, "Updating
# Unicode".
#
# The file list is the one data/unicode/README.md gives for 18.0.0; a file read by a new version of
# the generator or of the tests must be added here too.
set -euo pipefail
version="${1:?usage: tools/fetch-unicode.sh VERSION (e.g. 19.0.0)}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "fetch-unicode: VERSION must look like 19.0.0" >&2; exit 2; }
cd "$(dirname "$0")/.."
dest="data/unicode/$version"
ucd="https://www.unicode.org/Public/$version/ucd"
idna="https://www.unicode.org/Public/idna/$version"
files=(
  "ucd/UnicodeData.txt" "ucd/DerivedCoreProperties.txt" "ucd/DerivedNormalizationProps.txt"
  "ucd/PropList.txt" "ucd/Blocks.txt" "ucd/HangulSyllableType.txt" "ucd/CaseFolding.txt"
  "ucd/Scripts.txt" "ucd/NormalizationTest.txt" "ucd/DerivedAge.txt"
  "ucd/extracted/DerivedBidiClass.txt" "ucd/extracted/DerivedJoiningType.txt"
  "ucd/extracted/DerivedCombiningClass.txt" "ucd/extracted/DerivedGeneralCategory.txt"
  "idna/IdnaMappingTable.txt" "idna/IdnaTestV2.txt" "idna/Idna2008.txt"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "${files[@]}"; do
  case "$f" in
    ucd/*) url="$ucd/${f#ucd/}" ;;
    idna/*) url="$idna/${f#idna/}" ;;
  esac
  mkdir -p "$tmp/$(dirname "$f")"
  echo "fetch-unicode: $url" >&2
  curl --fail --silent --show-error --location --proto '=https' --output "$tmp/$f" "$url"
  # Each file but UnicodeData.txt (which has no header) names its version in its first lines
  # ("# Scripts-19.0.0.txt", or "# Version: 19.0.0" in the IDNA files); another version is refused.
  if [ "$f" != "ucd/UnicodeData.txt" ] && ! head -n 10 "$tmp/$f" | grep -qF -- "$version"; then
    echo "fetch-unicode: $f does not name version $version in its header" >&2
    exit 1
  fi
done
mkdir -p "$dest"
cp -r "$tmp"/. "$dest"/
(cd data/unicode && find "$version" -type f | sort | xargs sha256sum) > "$tmp/sums"
echo "fetch-unicode: $dest written. SHA-256 lines for data/unicode/SHA256SUMS:" >&2
cat "$tmp/sums"
