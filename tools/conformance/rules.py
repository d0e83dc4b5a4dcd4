"""The rules of the JSON Schema formats `hostname` and `idn-hostname`, written from the RFCs and
the Unicode 18.0.0 data files of data/unicode/18.0.0, for the conformance generator.

This is the model the expected verdicts of data/conformance/ come from. It does not run the
crate; it reads the derived property of RFC 5892 from Idna2008.txt, Bidi classes, joining types,
scripts, combining classes and general categories from the UCD, and normalizes with
`unicodedata2` (CPython's module built from Unicode 18.0.0). The order in which the rules are
tried is the crate's documented order (README "Conformance", src/error.rs): a name is refused
for the first rule it breaks, label by label; the Bidi rule, stated for the whole name, comes
after every label has passed its own rules.
"""

import bisect
import os
import unicodedata2

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
UCD = os.path.join(ROOT, "data", "unicode", "18.0.0")

MAX_LABEL = 63  # RFC 1034 section 3.1
MAX_NAME = 253  # RFC 1034 section 3.1, without the root dot
MAX_ULABEL_CHARS = MAX_LABEL - 4
DOTS = (".", "\u3002", "\uff0e", "\uff61")  # RFC 3490 section 3.1
LDH = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")


def _ranges(path, field=1, missing=None):
    """A dict-like lookup from a UCD property file: (sorted starts, ends, values)."""
    table = []
    defaults = []
    with open(os.path.join(UCD, path), encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("# @missing:") and missing is not None:
                cps, value = line[len("# @missing:") :].split(";")[:2]
                lo, _, hi = cps.strip().partition("..")
                defaults.append((int(lo, 16), int(hi or lo, 16), missing(value.strip())))
                continue
            line = line.split("#")[0].strip()
            if not line:
                continue
            parts = [p.strip() for p in line.split(";")]
            lo, _, hi = parts[0].partition("..")
            try:
                table.append((int(lo, 16), int(hi or lo, 16), parts[field]))
            except (ValueError, IndexError) as e:
                raise SystemExit(f"{path}:{lineno}: {e}")
    return table, defaults


class Property:
    """One property of a UCD file: the listed ranges, then its `@missing` defaults (the last
    that covers a code point wins), then `default`."""

    def __init__(self, path, field=1, missing=None, default=None):
        table, self.defaults = _ranges(path, field, missing)
        table.sort()
        self.table = table
        self.starts = [lo for lo, _, _ in table]
        self.default = default

    def __call__(self, c):
        c = ord(c) if isinstance(c, str) else c
        k = bisect.bisect_right(self.starts, c) - 1
        if k >= 0 and self.table[k][0] <= c <= self.table[k][1]:
            return self.table[k][2]
        for lo, hi, v in reversed(self.defaults):
            if lo <= c <= hi:
                return v
        return self.default


BIDI_LONG = {
    "Left_To_Right": "L",
    "Right_To_Left": "R",
    "Arabic_Letter": "AL",
    "European_Terminator": "ET",
    "Boundary_Neutral": "BN",
}

DERIVED = Property("idna/Idna2008.txt", default="UNASSIGNED")
BIDI = Property("ucd/extracted/DerivedBidiClass.txt", missing=lambda v: BIDI_LONG[v], default="L")
JOINING = Property("ucd/extracted/DerivedJoiningType.txt", default="U")
SCRIPT = Property("ucd/Scripts.txt", default="Unknown")
CCC = Property("ucd/extracted/DerivedCombiningClass.txt", default="0")
GC = Property("ucd/extracted/DerivedGeneralCategory.txt", default="Cn")
AGE = Property("ucd/DerivedAge.txt", default=None)

VIRAMA = "9"  # Canonical_Combining_Class=Virama (RFC 5892 Appendix A.1, A.2)

# The class of failures shared with tools/reference (README "Failure classes").
CLASS = {
    "empty-name": "EMPTY",
    "empty-label": "EMPTY",
    "name-too-long": "LENGTH",
    "label-too-long": "LENGTH",
    "invalid-character": "CODEPOINT",
    "leading-hyphen": "HYPHEN",
    "trailing-hyphen": "HYPHEN",
    "hyphen-3-4": "HYPHEN",
    "reserved-ldh-label": "HYPHEN",
    # No class of tools/reference: idna does not apply the rule.
    "numeric-tld": "NUMERIC",
    "a-label-ascii-only": "ALABEL",
    "not-nfc": "NFC",
    "leading-combining-mark": "COMBINER",
    "disallowed": "CODEPOINT",
    "unassigned": "CODEPOINT",
}
for _p in ("non-basic", "invalid-digit", "leading-delimiter", "truncated", "overflow",
           "invalid-code-point", "too-long", "not-canonical"):
    CLASS["punycode-" + _p] = "ALABEL"
for _r in ("zero-width-non-joiner", "zero-width-joiner"):
    CLASS["context-" + _r] = "CONTEXTJ"
for _r in ("middle-dot", "greek-keraia", "hebrew-geresh", "hebrew-gershayim",
           "katakana-middle-dot", "arabic-indic-digits", "extended-arabic-indic-digits"):
    CLASS["context-" + _r] = "CONTEXTO"
for _n in range(1, 7):
    CLASS[f"bidi-rule-{_n}"] = "BIDI"
CODES = sorted(CLASS)


# ---- Punycode, RFC 3492 sections 5 and 6, on integers ------------------------------------------

BASE, TMIN, TMAX, SKEW, DAMP, INITIAL_BIAS, INITIAL_N = 36, 1, 26, 38, 700, 72, 0x80
U32 = 1 << 32


def adapt(delta, numpoints, firsttime):
    delta = delta // DAMP if firsttime else delta // 2
    delta += delta // numpoints
    k = 0
    while delta > ((BASE - TMIN) * TMAX) // 2:
        delta //= BASE - TMIN
        k += BASE
    return k + (BASE - TMIN + 1) * delta // (delta + SKEW)


def digit(d):
    return chr(ord("a") + d) if d < 26 else chr(ord("0") + d - 26)


def encode(cps):
    """RFC 3492 section 6.3 on a list of integers (any values, surrogates included)."""
    n, delta, bias = INITIAL_N, 0, INITIAL_BIAS
    out = [chr(c) for c in cps if c < 0x80]
    h = b = len(out)
    if b:
        out.append("-")
    while h < len(cps):
        m = min(c for c in cps if c >= n)
        delta += (m - n) * (h + 1)
        n = m
        for c in cps:
            if c < n:
                delta += 1
            if c == n:
                q = delta
                k = BASE
                while True:
                    t = TMIN if k <= bias else TMAX if k >= bias + TMAX else k - bias
                    if q < t:
                        break
                    out.append(digit(t + (q - t) % (BASE - t)))
                    q = (q - t) // (BASE - t)
                    k += BASE
                out.append(digit(q))
                bias = adapt(delta, h + 1, h == b)
                delta = 0
                h += 1
        delta += 1
        n += 1
    return "".join(out)


def alabel(u):
    return "xn--" + encode([ord(c) for c in u])


def decode(payload):
    """RFC 3492 section 6.2, strict, with the failures of section 6.2 and 6.4 (u32 arithmetic)
    and code points limited to Unicode scalar values: (error code, None) or (None, string).

    The last delimiter is consumed only if a basic code point precedes it (section 6.2), so a
    leading one is a digit without a value: `punycode-leading-delimiter`.
    """
    p = payload.lower()
    pos = p.rfind("-")
    if pos == 0:
        return "punycode-leading-delimiter", None
    if pos > 0:
        out, rest = [ord(c) for c in p[:pos]], p[pos + 1 :]
    else:
        out, rest = [], p
    n, i, bias = INITIAL_N, 0, INITIAL_BIAS
    j = 0
    while j < len(rest):
        oldi, w, k = i, 1, BASE
        while True:
            if j >= len(rest):
                return "punycode-truncated", None
            ch = rest[j]
            j += 1
            if "a" <= ch <= "z":
                d = ord(ch) - ord("a")
            elif "0" <= ch <= "9":
                d = ord(ch) - ord("0") + 26
            else:
                return "punycode-invalid-digit", None
            i += d * w
            if i >= U32:
                return "punycode-overflow", None
            t = TMIN if k <= bias else TMAX if k >= bias + TMAX else k - bias
            if d < t:
                break
            w *= BASE - t
            if w >= U32:
                return "punycode-overflow", None
            k += BASE
        bias = adapt(i - oldi, len(out) + 1, oldi == 0)
        n += i // (len(out) + 1)
        if n >= U32:
            return "punycode-overflow", None
        i %= len(out) + 1
        if n > 0x10FFFF or 0xD800 <= n <= 0xDFFF:
            return "punycode-invalid-code-point", None
        out.insert(i, n)
        i += 1
    return None, "".join(chr(c) for c in out)


# ---- RFC 5892 Appendix A ---------------------------------------------------------------------

CONTEXT_RULE = {0x200C: "zero-width-non-joiner", 0x200D: "zero-width-joiner", 0xB7: "middle-dot",
                0x375: "greek-keraia", 0x5F3: "hebrew-geresh", 0x5F4: "hebrew-gershayim",
                0x30FB: "katakana-middle-dot"}
for _c in range(0x660, 0x66A):
    CONTEXT_RULE[_c] = "arabic-indic-digits"
for _c in range(0x6F0, 0x6FA):
    CONTEXT_RULE[_c] = "extended-arabic-indic-digits"


def context_holds(label, i):
    c = ord(label[i])
    before = label[i - 1] if i > 0 else None
    after = label[i + 1] if i + 1 < len(label) else None
    rule = CONTEXT_RULE[c]
    if rule in ("zero-width-non-joiner", "zero-width-joiner"):
        if before is not None and CCC(before) == VIRAMA:
            return True
        if rule == "zero-width-joiner":
            return False
        left = next((JOINING(x) for x in reversed(label[:i]) if JOINING(x) != "T"), None)
        right = next((JOINING(x) for x in label[i + 1 :] if JOINING(x) != "T"), None)
        return left in ("L", "D") and right in ("R", "D")
    if rule == "middle-dot":
        return before == "l" and after == "l"
    if rule == "greek-keraia":
        return after is not None and SCRIPT(after) == "Greek"
    if rule in ("hebrew-geresh", "hebrew-gershayim"):
        return before is not None and SCRIPT(before) == "Hebrew"
    if rule == "katakana-middle-dot":
        return any(SCRIPT(x) in ("Hiragana", "Katakana", "Han") for x in label)
    if rule == "arabic-indic-digits":
        return not any("\u06f0" <= x <= "\u06f9" for x in label)
    return not any("\u0660" <= x <= "\u0669" for x in label)


# ---- Labels and names ------------------------------------------------------------------------


def ulabel_rules(u):
    """RFC 5891 section 4.2 on a U-label, in order: NFC (5.3), hyphens (4.2.3.1), leading
    combining mark (4.2.3.2), each code point PVALID or its Appendix A rule (4.2.2, 4.2.3.3)."""
    if unicodedata2.normalize("NFC", u) != u:
        return "not-nfc"
    if u[2:4] == "--":
        return "hyphen-3-4"
    if u.startswith("-"):
        return "leading-hyphen"
    if u.endswith("-"):
        return "trailing-hyphen"
    if GC(u[0]).startswith("M"):
        return "leading-combining-mark"
    for i, c in enumerate(u):
        p = DERIVED(c)
        if p == "PVALID":
            continue
        if p in ("CONTEXTJ", "CONTEXTO"):
            if ord(c) in CONTEXT_RULE and not context_holds(u, i):
                return "context-" + CONTEXT_RULE[ord(c)]
            continue
        return "unassigned" if p == "UNASSIGNED" else "disallowed"
    return None


def check_label(fmt, label):
    """(error, A-label octets, U-label form) of one non-empty label."""
    if label.isascii():
        for c in label:
            if c not in LDH:
                return "invalid-character", 0, None
        if len(label) > MAX_LABEL:
            return "label-too-long", 0, None
        if label.startswith("-"):
            return "leading-hyphen", 0, None
        if label.endswith("-"):
            return "trailing-hyphen", 0, None
        if label[:4].lower() == "xn--":
            err, u = decode(label[4:])
            if err:
                return err, 0, None
            if u.isascii():
                return "a-label-ascii-only", 0, None
            err = ulabel_rules(u)
            return err, len(label), u
        if fmt == "idn-hostname" and label[2:4] == "--":
            return "reserved-ldh-label", 0, None
        return None, len(label), label
    if fmt == "hostname":
        return "invalid-character", 0, None
    if len(label) > MAX_ULABEL_CHARS:
        return "label-too-long", 0, None
    err = ulabel_rules(label)
    if err:
        return err, 0, None
    octets = len(alabel(label))
    if octets > MAX_LABEL:
        return "label-too-long", 0, None
    return None, octets, label


def bidi_rule(u):
    """The first condition of RFC 5893 section 2 that label `u` breaks, or None."""
    first = BIDI(u[0])
    if first in ("R", "AL"):
        rtl = True
    elif first == "L":
        rtl = False
    else:
        return "bidi-rule-1"
    seen = set()
    for c in u:
        b = BIDI(c)
        if rtl:
            if b not in ("R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"):
                return "bidi-rule-2"
            if b in ("EN", "AN"):
                if ({"EN", "AN"} - {b}) & seen:
                    return "bidi-rule-4"
                seen.add(b)
        elif b not in ("L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"):
            return "bidi-rule-5"
    last = next((BIDI(c) for c in reversed(u) if BIDI(c) != "NSM"), None)
    if rtl and last not in ("R", "AL", "EN", "AN"):
        return "bidi-rule-3"
    if not rtl and last not in ("L", "EN"):
        return "bidi-rule-6"
    return None


def is_rtl_label(u):
    return any(BIDI(c) in ("R", "AL", "AN") for c in u)


def split(fmt, name):
    dots = DOTS if fmt == "idn-hostname" else (".",)
    labels, cur = [], []
    for c in name:
        if c in dots:
            labels.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    labels.append("".join(cur))
    return labels


def verdict(fmt, name, bidi_scope="domain", numeric_tld=False):
    """`valid` or the code of the first rule `name` breaks as a `fmt`. `numeric_tld`: accept an
    all-numeric top-level label (the reading before RFC 1123)."""
    if name == "":
        return "empty-name"
    limit = MAX_NAME + 1 if fmt == "hostname" else 4 * MAX_NAME + 3
    if len(name.encode("utf-8")) > limit:
        return "name-too-long"
    total = 0
    forms = []
    for i, label in enumerate(split(fmt, name)):
        if label == "":
            return "empty-label"
        err, octets, u = check_label(fmt, label)
        if err:
            return err
        total += octets + (i > 0)
        if total > MAX_NAME:
            return "name-too-long"
        forms.append(u)
    # RFC 1123 section 2.1: "at least the highest-level component label will be alphabetic";
    # RFC 3696 section 2: "top-level domain names are not all-numeric" (ASCII digits).
    last = split(fmt, name)[-1]
    if not numeric_tld and last.isascii() and last.isdigit():
        return "numeric-tld"
    rtl = [is_rtl_label(u) for u in forms]
    if any(rtl):
        for u, r in zip(forms, rtl):
            if bidi_scope == "domain" or r:
                err = bidi_rule(u)
                if err:
                    return err
    return "valid"


def first_pvalid(bidi_class, after=0):
    """The first PVALID code point after `after` whose Bidi_Class is `bidi_class`, or None."""
    for lo, hi, v in DERIVED.table:
        if v != "PVALID" or hi <= after:
            continue
        for c in range(max(lo, after + 1), hi + 1):
            if BIDI(c) == bidi_class:
                return chr(c)
    return None
