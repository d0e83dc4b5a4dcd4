"""Python idna 3.20 (tools/reference) on conformance cases, and the classes of its known
differences from the standards, each with the clause that decides the case.

Import with the interpreter of tools/reference/.venv (tools/reference/make_reference.sh builds it):
importing tools/reference/make_reference.py swaps in `unicodedata2` 18.0.0 and checks the pins.
"""

import os
import sys

import rules

sys.path.insert(0, os.path.join(rules.ROOT, "tools", "reference"))
import make_reference as ref  # noqa: E402

# class -> the clause that decides, and why the conformance verdict, not idna's, is the standard's.
CLAUSES = {
    "trailing-dot": "RFC 1123 section 2.1",
    "bidi-scope": "RFC 5893 section 2",
    "surrogate": "RFC 5890 section 2.3.2.1",
    "xn-ldh": "RFC 5890 section 2.3.1",
    "hostname-rldh": "RFC 1123 section 2.1",
    "hostname-ascii": "RFC 1123 section 2.1",
    "numeric-tld": "RFC 1123 section 2.1, RFC 3696 section 2",
}
DIFFERENCES = {
    "trailing-dot": "idna accepts a final root dot; a JSON Schema hostname is an RFC 1123 "
    "section 2.1 host name, whose labels are not empty (RFC 1034 section 3.1)",
    "bidi-scope": "idna applies the Bidi rule only to labels holding R, AL or AN characters; "
    "RFC 5893 section 2 requires it of every label of a Bidi domain name (section 1.4)",
    "surrogate": "idna decodes the Punycode to surrogate code points and reports a later rule; "
    "a U-label is a string of Unicode scalar values (RFC 5890 section 2.3.2.1)",
    "xn-ldh": "an A-label is an LDH label (RFC 5890 section 2.3.1): the LDH rule is broken "
    "before the Punycode is read; idna reports the Punycode",
    "hostname-rldh": "a hostname is an RFC 1123 section 2.1 host name, where '--' in the "
    "third and fourth positions is allowed; idna applies RFC 5891 section 4.2.3.1 to every label",
    "hostname-ascii": "a hostname is ASCII with '.' as its only separator (RFC 1123 section "
    "2.1); idna converts U-labels and the IDNA full stops",
    "numeric-tld": "idna accepts an all-numeric top-level label; RFC 1123 section 2.1 says the "
    "highest-level label is alphabetic, RFC 3696 section 2 that TLDs are not all-numeric",
}


def idna(name):
    """(idna's first error code or "ok", the set of failure classes of the full check)."""
    v = ref.verdict(name)
    mask = v >> 5
    names = ["EMPTY", "LENGTH", "HYPHEN", "ALABEL", "NFC", "COMBINER", "CODEPOINT", "CONTEXTJ",
             "CONTEXTO", "BIDI"]
    return ref.CODES[v & 31], {n for i, n in enumerate(names) if mask >> i & 1}


def agrees(expected, result):
    code, classes = result
    if expected == "valid":
        return code == "ok"
    return code != "ok" and rules.CLASS[expected] in classes


def difference(fmt, name, expected, result):
    """None when idna agrees with `expected`, else the class of DIFFERENCES that explains the
    case, else "unexplained"."""
    if agrees(expected, result):
        return None
    labels = rules.split(fmt, name)
    if fmt == "hostname" and (not name.isascii() or any(d in name for d in rules.DOTS[1:])):
        return "hostname-ascii"
    if name and name[-1] in rules.DOTS and expected == "empty-label":
        if agrees(rules.verdict(fmt, name[:-1]), result) and rules.verdict(fmt, name[:-1]) != "empty-label":
            return "trailing-dot"
    if expected == "numeric-tld" and any(
            agrees(rules.verdict(fmt, name, scope, numeric_tld=True), result)
            for scope in ("domain", "rtl")):
        return "numeric-tld"
    if expected.startswith("bidi-rule-") and agrees(rules.verdict(fmt, name, "rtl"), result):
        return "bidi-scope"
    for label in labels:
        if label.isascii() and label[:4].lower() == "xn--":
            if any(c not in rules.LDH for c in label) or label.endswith("-"):
                return "xn-ldh"
            try:
                u = label[4:].lower().encode("ascii").decode("punycode")
            except UnicodeError:
                continue
            if any(0xD800 <= ord(c) <= 0xDFFF for c in u):
                return "surrogate"
    if fmt == "hostname":
        idn = rules.verdict("idn-hostname", name)
        if agrees(idn, result) and any(l[2:4] == "--" and l[:4].lower() != "xn--" for l in labels):
            return "hostname-rldh"
    return "unexplained"
