#!/usr/bin/env python3
"""Reference verdicts of Python `idna` 3.20 for tests/differential.rs.

Run through tools/reference/make_reference.sh (which builds the pinned venv); the families, the
value encoding and the file formats are spelled out in tools/reference/README.md, which the Rust
side mirrors. Output is byte-for-byte reproducible: cases come from fixed lists and a splitmix64
generator, never from dict or set order or hash seeds, and verdicts are gathered in case order.
"""

import json
import hashlib
import multiprocessing
import os
import sys
import zlib

GENERATOR_VERSION = 1
IDNA_VERSION = "3.20"
UNICODEDATA2_VERSION = "18.0.0"
UNICODE_VERSION = "18.0.0"


def install_unicode_18():
    """Make idna read Unicode 18.0.0 character properties.

    idna 3.20 carries its own Unicode 18.0.0 tables for the derived property, joining types and
    scripts, but takes the bidirectional class, the canonical combining class, the general
    category and NFC from the standard `unicodedata` module, which in CPython 3.11 is Unicode
    14.0.0. Mixed versions would make it judge characters assigned after 14.0 as having no
    direction (a Bidi failure) and leave them out of NFC, so its `unicodedata` is replaced by
    `unicodedata2`, the same module built from Unicode 18.0.0.
    """
    import idna
    import idna.core
    import idna.idnadata
    import idna.package_data
    import unicodedata2

    idna.core.unicodedata = unicodedata2
    checks = [
        (unicodedata2.unidata_version, UNICODE_VERSION, "unicodedata2.unidata_version"),
        (idna.package_data.__version__, IDNA_VERSION, "idna.package_data.__version__"),
        (idna.idnadata.__version__, UNICODE_VERSION, "idna.idnadata.__version__"),
        (idna.core.unicodedata.unidata_version, UNICODE_VERSION, "idna.core.unicodedata.unidata_version"),
    ]
    for got, want, what in checks:
        if got != want:
            sys.exit(f"make_reference: {what} is {got!r}, expected {want!r}")
    # U+1E08F, a combining mark new in Unicode 15.0, must have its direction now.
    if idna.core.unicodedata.bidirectional("\U0001e08f") != "NSM":
        sys.exit("make_reference: the unicodedata swap did not take")


install_unicode_18()

import idna  # noqa: E402
import idna.core as core  # noqa: E402

# idna 3.20's error codes (IDNAError.code), in the order of its `_ErrorCode` list. A verdict
# records the index of the code idna.encode raised (0 = accepted).
CODES = [
    "ok",
    "input_too_long",
    "label_too_long",
    "domain_too_long",
    "empty_label",
    "empty_domain",
    "not_nfc",
    "hyphen_3_4",
    "hyphen_start_end",
    "leading_combiner",
    "disallowed_codepoint",
    "contextj",
    "contexto",
    "unknown_codepoint",
    "bidi_rule_1",
    "bidi_rule_2",
    "bidi_rule_3",
    "bidi_rule_4",
    "bidi_rule_5",
    "bidi_rule_6",
    "bidi_unknown_direction",
    "invalid_alabel",
    "non_canonical_alabel",
    "invalid_ascii",
    "invalid_utf8",
    "uts46_disallowed",
    "uts46_std3",
    "unsupported_errors",
]
CODE_INDEX = {c: i for i, c in enumerate(CODES)}

# Failure classes (README, "Failure classes"): bit (class - 1) of the mask.
EMPTY, LENGTH, HYPHEN, ALABEL, NFC, COMBINER, CODEPOINT, CONTEXTJ, CONTEXTO, BIDI = range(1, 11)
CODE_CLASS = {
    "input_too_long": LENGTH,
    "label_too_long": LENGTH,
    "domain_too_long": LENGTH,
    "empty_label": EMPTY,
    "empty_domain": EMPTY,
    "not_nfc": NFC,
    "hyphen_3_4": HYPHEN,
    "hyphen_start_end": HYPHEN,
    "leading_combiner": COMBINER,
    "disallowed_codepoint": CODEPOINT,
    "contextj": CONTEXTJ,
    "contexto": CONTEXTO,
    "unknown_codepoint": CODEPOINT,
    "bidi_rule_1": BIDI,
    "bidi_rule_2": BIDI,
    "bidi_rule_3": BIDI,
    "bidi_rule_4": BIDI,
    "bidi_rule_5": BIDI,
    "bidi_rule_6": BIDI,
    "bidi_unknown_direction": BIDI,
    "invalid_alabel": ALABEL,
    "non_canonical_alabel": ALABEL,
    "invalid_ascii": ALABEL,
}


def primary_code(s):
    """The code of the exception idna.encode raises for `s`, or "ok"."""
    try:
        idna.encode(s, strict=False, uts46=False, std3_rules=False, transitional=False)
    except idna.IDNAError as e:
        if e.code not in CODE_CLASS:
            raise RuntimeError(f"unexpected idna error code {e.code!r} for {s!r}") from e
        return e.code
    return "ok"


def check_label_classes(label):
    """Every class idna.core.check_label would fail on, not only the first it reports.

    Each step is idna's own function; only the stop at the first failure is removed, so that the
    test can accept the crate reporting any rule the label breaks (RFC 5891 section 5.4 lists the
    checks without an order).
    """
    out = set()
    if len(label) > core._max_domain_length + 1:
        out.add(LENGTH)
    for step, cls in (
        (core.check_nfc, NFC),
        (core.check_hyphen_ok, HYPHEN),
        (core.check_initial_combiner, COMBINER),
    ):
        try:
            step(label)
        except idna.IDNAError:
            out.add(cls)
    classes = core.idnadata.codepoint_classes
    for pos, ch in enumerate(label):
        v = ord(ch)
        if core.intranges_contain(v, classes["PVALID"]):
            continue
        if core.intranges_contain(v, classes["CONTEXTJ"]):
            try:
                if not core.valid_contextj(label, pos):
                    out.add(CONTEXTJ)
            except ValueError:
                out.add(CODEPOINT)  # idna's unknown_codepoint
        elif core.intranges_contain(v, classes["CONTEXTO"]):
            if not core.valid_contexto(label, pos):
                out.add(CONTEXTO)
        else:
            out.add(CODEPOINT)
    try:
        core.check_bidi(label)
    except idna.IDNAError:
        out.add(BIDI)
    return out


def label_classes(label):
    """Every class idna.core.alabel would fail on for one label of a name (see encode())."""
    if label == "":
        return {EMPTY}, b""
    out = set()
    if label.isascii():
        lb = label.lower().encode("ascii")
        wire = lb
        if lb.startswith(b"xn--"):
            payload = lb[4:]
            if payload == b"" or payload.endswith(b"-"):
                out.add(ALABEL)
            else:
                try:
                    u = payload.decode("punycode")
                except UnicodeError:
                    out.add(ALABEL)
                    u = None
                if u is not None:
                    if u.encode("punycode") != payload:
                        out.add(ALABEL)
                    out |= check_label_classes(u)
        else:
            out |= check_label_classes(lb.decode("ascii"))
    else:
        out |= check_label_classes(label)
        wire = b"xn--" + label.encode("punycode")
    if len(wire) > 63:
        out.add(LENGTH)
    return out, wire


def verdict(s):
    """The recorded value for case `s`: primary code index | (class mask << 5)."""
    code = primary_code(s)
    classes = set()
    if len(s) > core._max_input_length or len(s) > core._max_domain_length + 1:
        classes.add(LENGTH)
    labels = core._unicode_dots_re.split(s)
    if labels == [""]:
        classes.add(EMPTY)
        labels = []
    trailing = bool(labels) and labels[-1] == ""
    if trailing:
        labels = labels[:-1]
    wires = []
    for label in labels:
        c, w = label_classes(label)
        classes |= c
        wires.append(w)
    if labels and len(b".".join(wires)) + trailing > core._max_domain_length + trailing:
        classes.add(LENGTH)
    mask = 0
    for c in classes:
        mask |= 1 << (c - 1)
    # The set of every failure must agree with idna.encode's own verdict and first failure.
    if code == "ok":
        if mask:
            raise RuntimeError(f"idna accepts {s!r} but the full check finds classes {sorted(classes)}")
    elif CODE_CLASS[code] not in classes:
        raise RuntimeError(f"idna rejects {s!r} with {code} but the full check finds {sorted(classes)}")
    return CODE_INDEX[code] | (mask << 5)


def verdicts(chunk):
    return [verdict(s) for s in chunk]


# ---- Case families (README, "Families"). -----------------------------------------------------

CP_FAMILIES = [
    ("cp-alone", "", ""),
    ("cp-ltr-between", "a", "b"),
    ("cp-first", "", "a"),
    ("cp-after-hebrew", "\u05d0", ""),
    ("cp-arabic-between", "\u0628", "\u0628"),
    ("cp-after-virama", "\u0915\u094d", ""),
    ("cp-zwnj-left", "", "\u200c\u0628"),
    ("cp-zwnj-right", "\u0628\u200c", ""),
    ("cp-zwnj-left-skip", "\u0628", "\u200c\u0628"),
    ("cp-zwnj-right-skip", "\u0628\u200c", "\u0628"),
    ("cp-zwj-virama", "\u0915", "\u200d"),
    ("cp-zwnj-virama", "\u0915", "\u200c"),
    ("cp-middle-dot-after", "l\u00b7", ""),
    ("cp-middle-dot-before", "", "\u00b7l"),
    ("cp-keraia", "\u0375", ""),
    ("cp-geresh", "", "\u05f3"),
    ("cp-katakana-middle-dot", "", "\u30fb"),
    ("cp-arabic-indic", "\u0628\u0660", ""),
    ("cp-extended-arabic-indic", "\u0628\u06f0", ""),
]


def scalar_values():
    return [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]


def cp_cases(prefix, suffix):
    return [prefix + chr(c) + suffix for c in scalar_values()]


def alabel_twin_cases(cp_results):
    """A-label forms of the cp-* cases that idna accepts, and of every one whose code point is a
    multiple of 64, whichever the verdict; ASCII-only cases have no A-label form."""
    out = []
    for (name, prefix, suffix), values in zip(CP_FAMILIES, cp_results):
        for c, v in zip(scalar_values(), values):
            if v == 0 or c % 64 == 0:
                s = prefix + chr(c) + suffix
                if not s.isascii():
                    out.append("xn--" + s.encode("punycode").decode("ascii"))
    return out


MASK64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


# The characters of random labels; each is there for a rule it exercises (README).
POOL = [
    0x61, 0x62, 0x7A, 0x30, 0x39, 0x2D, 0x41, 0x5F, 0x6C,
    0x00E9, 0x00DF, 0x0301, 0x0065, 0x212B,
    0x03B1, 0x03C2, 0x0375, 0x0431,
    0x05D0, 0x05D1, 0x05B4, 0x05F3, 0x05F4,
    0x0627, 0x0628, 0x0644, 0x064E, 0x0660, 0x0661, 0x06F0, 0x06F1, 0x0640,
    0x0710, 0x0712, 0x0780, 0x07C0,
    0x0915, 0x0930, 0x094D,
    0x200C, 0x200D, 0x00B7,
    0x4E2D, 0x3042, 0x30A2, 0x30FB,
    0x0378, 0xE000, 0xFFFD, 0x1F600, 0x1E030,
]
ALPH = "abcdefghijklmnopqrstuvwxyz0123456789-"


def random_label(rng):
    n = 1 + rng.below(12)
    return "".join(chr(POOL[rng.below(len(POOL))]) for _ in range(n))


def random_cases(seed, count):
    rng = SplitMix64(seed)
    return [random_label(rng) for _ in range(count)]


def random_alabel_cases(seed, count):
    rng = SplitMix64(seed)
    out = []
    for _ in range(count):
        label = random_label(rng)
        if label.isascii():
            s, start = label, 0
        else:
            s, start = "xn--" + label.encode("punycode").decode("ascii"), 4
        n = len(s) - start
        op = rng.below(5)
        if op == 1:
            p = start + rng.below(n)
            s = s[:p] + ALPH[rng.below(len(ALPH))] + s[p + 1 :]
        elif op == 2:
            p = start + rng.below(n)
            s = s[:p] + s[p + 1 :]
        elif op == 3:
            p = start + rng.below(n + 1)
            s = s[:p] + ALPH[rng.below(len(ALPH))] + s[p:]
        elif op == 4:
            s = s.upper()
        out.append(s)
    return out


def random_punycode_cases(seed, count):
    rng = SplitMix64(seed)
    out = []
    for _ in range(count):
        n = 1 + rng.below(40)
        out.append("xn--" + "".join(ALPH[rng.below(len(ALPH))] for _ in range(n)))
    return out


def limit_cases():
    """Labels and names at the DNS length limits; stored verbatim in limits.txt."""
    out = ["", ".", "..", "a.", ".a", "a..b", "a.b.", "a\u3002b", "a\uff0eb\uff61", "\u3002"]
    for n in range(58, 68):
        out.append("a" * n)
        out.append("a" * n + ".")
        out.append("x." + "a" * n)
    ulabels = []
    for head, tail in (
        ("a", "\u00e9"),
        ("\u00e9", "\u00e9"),
        ("\u05d0", "\u05d0"),
        ("\u0628", "\u0628"),
        ("\u4e2d", "\u4e2d"),
        ("a", "\u4e2d"),
    ):
        for k in range(71):
            u = head * k + tail
            a = "xn--" + u.encode("punycode").decode("ascii")
            out.append(u)
            out.append(a)
            ulabels.append((u, a))
    # Names of 245..=260 octets: 63-octet labels, then the rest; with an A-label or U-label
    # whose A-label is 63 octets in first place; with and without a trailing dot; with U+3002.
    u63 = next(u for u, a in ulabels if len(a) == 63 and not u.isascii())
    a63 = "xn--" + u63.encode("punycode").decode("ascii")
    for total in range(245, 261):
        q, r = divmod(total, 64)
        name = ("a" * 63 + ".") * q + "b" * r
        names = [name, name.rstrip(".")]
        if q >= 1:
            names.append(a63 + name[63:])
            names.append(u63 + name[63:])
        for nm in names:
            out.append(nm)
            if not nm.endswith("."):
                out.append(nm + ".")
            out.append(nm.replace(".", "\u3002"))
    return out


RANDOM_FAMILIES = [
    ("random", random_cases, 1, 1_000_000),
    ("random-alabel", random_alabel_cases, 2, 500_000),
    ("random-punycode", random_punycode_cases, 3, 500_000),
]


# ---- Output. ---------------------------------------------------------------------------------


def leb128(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def rle(values):
    out = bytearray()
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        out += leb128(j - i) + leb128(values[i])
        i = j
    return bytes(out)


def huffman(values):
    """Canonical Huffman code of the values (README, "Verdict files")."""
    import heapq

    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    symbols = sorted(counts)
    lengths = {v: 0 for v in symbols}
    if len(symbols) == 1:
        lengths[symbols[0]] = 1
    else:
        # Ties break on a creation number, so the code does not depend on heap internals.
        heap = [(counts[v], i, [v]) for i, v in enumerate(symbols)]
        heapq.heapify(heap)
        serial = len(heap)
        while len(heap) > 1:
            w1, _, s1 = heapq.heappop(heap)
            w2, _, s2 = heapq.heappop(heap)
            for v in s1 + s2:
                lengths[v] += 1
            heapq.heappush(heap, (w1 + w2, serial, s1 + s2))
            serial += 1
    order = sorted(symbols, key=lambda v: (lengths[v], v))
    codes = {}
    code = 0
    prev = lengths[order[0]]
    for v in order:
        code <<= lengths[v] - prev
        prev = lengths[v]
        codes[v] = code
        code += 1
    out = bytearray(leb128(len(order)))
    for v in order:
        out += leb128(v) + leb128(lengths[v])
    acc = 0
    nbits = 0
    bits = bytearray()
    for v in values:
        acc = (acc << lengths[v]) | codes[v]
        nbits += lengths[v]
        while nbits >= 8:
            nbits -= 8
            bits.append((acc >> nbits) & 0xFF)
        acc &= (1 << nbits) - 1
    if nbits:
        bits.append((acc << (8 - nbits)) & 0xFF)
    return bytes(out + bits)


def read_leb128(data, pos):
    n = shift = 0
    while True:
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return n, pos


def decode(ext, data, count):
    """The inverse of rle()/huffman(), run on every file written, as the Rust test reads them."""
    out = []
    pos = 0
    if ext == "rle":
        while pos < len(data):
            run, pos = read_leb128(data, pos)
            v, pos = read_leb128(data, pos)
            out.extend([v] * run)
        return out
    nsym, pos = read_leb128(data, pos)
    table = {}
    code = 0
    prev = None
    for _ in range(nsym):
        v, pos = read_leb128(data, pos)
        ln, pos = read_leb128(data, pos)
        if prev is not None:
            code = (code + 1) << (ln - prev)
        prev = ln
        table[(ln, code)] = v
    acc = ln = 0
    for byte in data[pos:]:
        for k in range(7, -1, -1):
            acc = (acc << 1) | ((byte >> k) & 1)
            ln += 1
            if (ln, acc) in table and len(out) < count:
                out.append(table[(ln, acc)])
                acc = ln = 0
    return out


def case_crc(cases):
    crc = 0
    for s in cases:
        crc = zlib.crc32(s.encode("utf-8") + b"\xff", crc)
    return crc


def evaluate(pool, cases):
    chunk = 20_000
    parts = [cases[i : i + chunk] for i in range(0, len(cases), chunk)]
    out = []
    for part in pool.imap(verdicts, parts):
        out.extend(part)
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_reference.py OUT_DIR")
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    jobs = int(os.environ.get("REFERENCE_JOBS", "2"))
    families = []  # (name, cases, values, verbatim)

    with multiprocessing.get_context("fork").Pool(jobs, initializer=install_unicode_18) as pool:
        cp_results = []
        for name, prefix, suffix in CP_FAMILIES:
            cases = cp_cases(prefix, suffix)
            values = evaluate(pool, cases)
            cp_results.append(values)
            families.append((name, cases, values, False))
            print(f"{name}: {len(cases)} cases", file=sys.stderr, flush=True)
        cases = alabel_twin_cases(cp_results)
        families.append(("cp-alabel", cases, evaluate(pool, cases), False))
        print(f"cp-alabel: {len(cases)} cases", file=sys.stderr, flush=True)
        for name, make, seed, count in RANDOM_FAMILIES:
            cases = make(seed, count)
            families.append((name, cases, evaluate(pool, cases), False))
            print(f"{name}: {len(cases)} cases", file=sys.stderr, flush=True)
        cases = limit_cases()
        families.append(("limits", cases, evaluate(pool, cases), True))

    index_lines = ["# family\tcases\tcrc32\tverdicts\tverbatim cases"]
    files = {}
    for name, cases, values, verbatim in families:
        # Whichever encoding is smaller; the extension names it.
        encoded = [(len(d), ext, d) for ext, d in (("rle", rle(values)), ("huf", huffman(values)))]
        _, ext, data = min(encoded)
        if decode(ext, data, len(values)) != values:
            raise RuntimeError(f"{name}: the {ext} encoding does not decode to the verdicts")
        data_name = f"{name}.{ext}"
        files[data_name] = data
        cases_name = "-"
        if verbatim:
            cases_name = f"{name}.txt"
            for s in cases:
                if "\n" in s or "\r" in s:
                    raise RuntimeError("verbatim cases must not hold line breaks")
            files[cases_name] = "".join(s + "\n" for s in cases).encode("utf-8")
        index_lines.append(f"{name}\t{len(cases)}\t{case_crc(cases):08x}\t{data_name}\t{cases_name}")
    files["families.tsv"] = ("\n".join(index_lines) + "\n").encode("utf-8")

    for fname, data in files.items():
        with open(os.path.join(out_dir, fname), "wb") as f:
            f.write(data)

    manifest = {
        "generator": "tools/reference/make_reference.py",
        "generator_version": GENERATOR_VERSION,
        "reference": {
            "idna": IDNA_VERSION,
            "unicodedata2": UNICODEDATA2_VERSION,
            "unicode": UNICODE_VERSION,
            "python": "%d.%d" % sys.version_info[:2],
            "requirements_sha256": sha256_file(os.path.join(os.path.dirname(__file__), "requirements.txt")),
        },
        "call": "idna.encode(case, strict=False, uts46=False, std3_rules=False, transitional=False)",
        "codes": CODES,
        "total_cases": sum(len(f[1]) for f in families),
        "families": {f[0]: len(f[1]) for f in families},
        "files": {fname: hashlib.sha256(data).hexdigest() for fname, data in sorted(files.items())},
    }
    with open(os.path.join(out_dir, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    size = sum(len(d) for d in files.values())
    print(f"{manifest['total_cases']} cases, {size} bytes of data", file=sys.stderr)


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


if __name__ == "__main__":
    main()
