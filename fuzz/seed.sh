#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the test suites the crate carries in data/ (the corpora are not
# committed: .gitignore). Each seed is one file named by the SHA-1 of its content, so running
# this again adds nothing twice.
#
#   fuzz/seed.sh [DATA]    DATA defaults to the crate's data/ folder
#
# - formats:  every `data` string of the JSON Schema suite's hostname and idn-hostname files (all
#             drafts), and every name of IdnaTestV2.txt (source, toUnicode, toAsciiN columns).
# - punycode: the Punycode payloads (after `xn--`) of those names, and their U-labels (the target
#             encodes any UTF-8 input too).
# - uts46:    the source column of IdnaTestV2.txt, after a 0 byte (the target's flags: defaults).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="${1:-$here/../data}"
suite="$data/json-schema-test-suite"
idna_test="$data/unicode/18.0.0/idna/IdnaTestV2.txt"
for f in "$suite" "$idna_test"; do
  [ -e "$f" ] || { echo "seed.sh: $f is missing (give the data folder as argument)" >&2; exit 1; }
done

python3 - "$suite" "$idna_test" "$here/corpus" <<'PY'
import hashlib, json, os, re, sys

suite, idna_test, corpus = sys.argv[1:4]

def unescape(field):
    # IdnaTestV2.txt writes some code points as \uXXXX or \x{X...} (see its header).
    field = re.sub(r'\\x\{([0-9A-Fa-f]+)\}', lambda m: chr(int(m.group(1), 16)), field)
    return re.sub(r'\\u([0-9A-Fa-f]{4})', lambda m: chr(int(m.group(1), 16)), field)

names = set()
for root, _, files in os.walk(suite):
    for name in files:
        if name in ('hostname.json', 'idn-hostname.json', 'host-name.json'):
            with open(os.path.join(root, name), encoding='utf-8') as f:
                for group in json.load(f):
                    for test in group['tests']:
                        if isinstance(test['data'], str):
                            names.add(test['data'])
sources = set()
with open(idna_test, encoding='utf-8') as f:
    for line in f:
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        fields = [unescape(x.strip()) for x in line.split(';')]
        source = fields[0]
        to_unicode = fields[1] or source
        to_ascii = fields[3] or to_unicode
        sources.add(source)
        for value in (source, to_unicode, to_ascii):
            names.add('' if value == '""' else value)

labels = set()
for name in names:
    for label in re.split('[.\u3002\uff0e\uff61]', name):
        if label[:4].lower() == 'xn--':
            labels.add(label[4:])
        elif label and not label.isascii():
            labels.add(label)

def write(target, values, prefix=b''):
    folder = os.path.join(corpus, target)
    os.makedirs(folder, exist_ok=True)
    added = 0
    for value in values:
        data = prefix + value.encode('utf-8', 'surrogatepass')
        path = os.path.join(folder, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, 'wb') as f:
                f.write(data)
            added += 1
    print(f'{target}: {added} seeds added, {len(os.listdir(folder))} files')

write('formats', sorted(names))
write('punycode', sorted(labels))
# The uts46 target reads its flags from the first byte: 0 is the default options.
write('uts46', sorted(sources), b'\x00')
PY
