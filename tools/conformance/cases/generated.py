"""Systematic families, each named in its notes (README "Families"): every run of the RFC 5892
derived property at both ends, the code points new in Unicode 16.0, 17.0 and 18.0, each Bidi
class in each position, each contextual rule across its contexts, the length limits on both
sides, hyphen positions counted in code points, the four separators, and Punycode payloads."""

import rules

IDN = "idn-hostname"
HOST = "hostname"


def both(w, s, clause, note):
    """`s` as an idn-hostname, and its A-label form as both formats when `s` is one label."""
    w.add(IDN, s, clause, note)
    if s.isascii():
        w.add(HOST, s, clause, note)
        return
    if any(d in s for d in rules.DOTS) or len(s) > rules.MAX_ULABEL_CHARS:
        return
    a = rules.alabel(s)
    if len(a) <= rules.MAX_LABEL:
        w.add(IDN, a, clause, note + ", its A-label")
        w.add(HOST, a, clause, note + ", its A-label")


def derived_property(w):
    # The first code point of every run of Idna2008.txt alone; for a run that is not DISALLOWED
    # or UNASSIGNED, its A-label in both formats and the code point after a letter too.
    for lo, hi, v in rules.DERIVED.table:
        if 0xD800 <= lo <= 0xDFFF:
            continue
        ch = chr(lo)
        note = f"derived-property: U+{lo:04X} {v}, first of the run {lo:04X}..{hi:04X}"
        if v in ("DISALLOWED", "UNASSIGNED"):
            w.add(IDN, ch, "RFC 5892 section 2", note)
        else:
            both(w, ch, "RFC 5892 section 2", note)
            if lo >= 0x80:
                w.add(IDN, "a" + ch, "RFC 5892 section 2", note + ", after 'a'")


def new_characters(w):
    for lo, hi, v in rules.AGE.table:
        if v not in ("16.0", "17.0", "18.0"):
            continue
        step = max(1, (hi - lo) // 4)
        for c in sorted(set(range(lo, hi + 1, step)) | {hi}):
            ch = chr(c)
            note = f"new-in-{v}: U+{c:04X} {rules.DERIVED(c)}, Bidi {rules.BIDI(c)}"
            clause = "RFC 5892 section 2, Unicode " + v
            both(w, ch, clause, note)
            base = "\u05d0" if rules.BIDI(c) in ("R", "AL", "AN") else "a"
            if rules.GC(c).startswith("M") or rules.BIDI(c) in ("R", "AL", "AN"):
                both(w, base + ch, clause, note + f", after U+{ord(base):04X}")
                both(w, base + ch + base, clause, note + f", between two U+{ord(base):04X}")


BIDI_CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
                "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]


def representatives(cls, k=2):
    """Up to `k` PVALID code points of Bidi class `cls` (or, with none, any assigned one)."""
    out = []
    after = 0x7F
    while len(out) < k:
        c = rules.first_pvalid(cls, after)
        if c is None:
            break
        out.append(c)
        after = ord(c) + 0x400  # from another block
    if not out:
        for c in range(0x80, 0x110000):
            if rules.BIDI(c) == cls and rules.GC(c) != "Cn" and not 0xD800 <= c <= 0xDFFF:
                return [chr(c)]
    return out


def bidi(w):
    clause = "RFC 5893 section 2"
    for cls in BIDI_CLASSES:
        for x in representatives(cls):
            tag = f"bidi-class: {cls} U+{ord(x):04X}"
            for base, direction in (("a", "LTR"), ("\u05d0", "RTL (R)"), ("\u0628", "RTL (AL)")):
                for pos, s in (("first", x + base + base), ("middle", base + x + base),
                               ("last", base + base + x)):
                    note = f"{tag} {pos} in an {direction} label"
                    w.add(IDN, s, clause, note)
                    if direction == "LTR":
                        # Across labels: the same label in a Bidi domain name.
                        w.add(IDN, s + ".\u05d0", clause, note + ", beside an RTL label")
                        w.add(IDN, "\u05d0." + s, clause, note + ", after an RTL label")
    # Rule 4 across the digit classes, and rule 3 on every final class.
    for a in ("1", "\u0661", "\u06f1", "\u05d0", "\u0300", "-"):
        for b in ("1", "\u0661", "\u06f1", "\u0628", "\u064e"):
            s = "\u0628" + a + b
            w.add(IDN, s, clause, f"bidi-digits: AL then U+{ord(a):04X} U+{ord(b):04X}")
            both(w, "\u05d0" + a + b + "\u05d0", clause, f"bidi-digits: inside an R label")


def contextj(w):
    # ZWNJ and ZWJ after every PVALID virama (Canonical_Combining_Class 9), and not after.
    for lo, hi, v in rules.CCC.table:
        if v != rules.VIRAMA:
            continue
        for c in range(lo, hi + 1):
            if rules.DERIVED(c) != "PVALID":
                continue
            vir = chr(c)
            base = chr(c - 0x3D) if rules.GC(c - 0x3D).startswith("L") else "a"
            for j, n in (("\u200c", "A.1"), ("\u200d", "A.2")):
                note = f"contextj: U+{ord(j):04X} after the virama U+{c:04X}"
                both(w, base + vir + j + base, "RFC 5892 Appendix " + n, note)
                w.add(IDN, base + j + vir, "RFC 5892 Appendix " + n, note.replace("after", "before"))
    # ZWNJ between every pair of joining types, with and without transparent marks between.
    reps = {"D": "\u0628", "R": "\u0627", "L": "\ua872", "U": "\u0621", "T": "\u064e",
            "C": "\u0640"}
    for lt, l in reps.items():
        for rt, r in reps.items():
            for skip in ("", "\u064e", "\u064e\u0650"):
                s = l + skip + "\u200c" + skip + r
                note = f"contextj: ZWNJ between joining types {lt} and {rt}" + (
                    f", {len(skip)} T between" if skip else "")
                both(w, s, "RFC 5892 Appendix A.1", note)
                w.add(IDN, "\u0628" + s + "\u0628", "RFC 5892 Appendix A.1", note + ", inside BEH")
    for s in ("\u200c", "\u200d", "\u200c\u0628", "\u0628\u200c", "a\u200cb", "a\u200db"):
        both(w, s, "RFC 5892 Appendix A.1", "contextj: no joining context")


def contexto(w):
    greek = [chr(c) for c in (0x3B1, 0x3C9, 0x3F3, 0x1F00, 0x10140)]
    hebrew = [chr(c) for c in (0x5D0, 0x5EA, 0x5B4, 0xFB1D)]
    kana = [chr(c) for c in (0x3042, 0x30A2, 0x4E2D, 0x31F0, 0x1B001, 0x20000, 0x3005)]
    others = ["a", "\u00e9", "\u0431", "\u0628", "1", "\u0915", "\uac00"]
    for x in greek + others + hebrew:
        both(w, "\u0375" + x, "RFC 5892 Appendix A.4", f"contexto: KERAIA before U+{ord(x):04X}")
        both(w, x + "\u0375", "RFC 5892 Appendix A.4", f"contexto: KERAIA after U+{ord(x):04X}")
    for sign, n in (("\u05f3", "A.5"), ("\u05f4", "A.6")):
        for x in hebrew + greek + others:
            both(w, x + sign + "\u05d0", "RFC 5892 Appendix " + n,
                 f"contexto: U+{ord(sign):04X} after U+{ord(x):04X}")
            both(w, "\u05d0" + sign + x, "RFC 5892 Appendix " + n,
                 f"contexto: U+{ord(sign):04X} before U+{ord(x):04X}")
    for x in kana + others + greek:
        for s, where in ((x + "\u30fb", "after"), ("\u30fb" + x, "before"),
                         ("\u30fb" + "a" + x, "two after")):
            both(w, s, "RFC 5892 Appendix A.7", f"contexto: KATAKANA MIDDLE DOT {where} U+{ord(x):04X}")
    for x in ("l", "L", "a", "\u0140", "1", "\u00b7"):
        for y in ("l", "L", "a", "1"):
            both(w, x + "\u00b7" + y, "RFC 5892 Appendix A.3",
                 f"contexto: MIDDLE DOT between U+{ord(x):04X} and U+{ord(y):04X}")
    for d in range(10):
        for e in (0, 9):
            a, x = chr(0x660 + d), chr(0x6F0 + e)
            both(w, "\u0628" + a, "RFC 5892 Appendix A.8", f"contexto: U+{ord(a):04X} alone")
            both(w, "\u0628" + x, "RFC 5892 Appendix A.9", f"contexto: U+{ord(x):04X} alone")
            both(w, "\u0628" + a + x, "RFC 5892 Appendix A.8", "contexto: the two digit sets mixed")
            both(w, "\u0628" + x + a, "RFC 5892 Appendix A.9", "contexto: the two digit sets mixed")
            both(w, "\u0628" + a + "." + "\u0628" + x, "RFC 5892 Appendix A.8",
                 "contexto: the two digit sets in different labels")


def ulabel_of_length(head, tail, octets):
    """`head * k + tail` whose A-label is `octets` long, or None."""
    for k in range(0, 70):
        u = head * k + tail
        if len(u) > rules.MAX_ULABEL_CHARS + 2:
            return None
        if len(rules.alabel(u)) == octets:
            return u
    return None


def lengths(w):
    c = "RFC 1034 section 3.1, RFC 5890 section 2.3.2.1"
    for n in range(1, 67):
        both(w, "a" * n, c, f"length: an LDH label of {n} octets")
    scripts = [("a", "\u00e9"), ("\u00e9", "\u00e9"), ("\u00e9b", "\u00fc"), ("\u05d0", "\u05d1"),
               ("\u0628", "\u0628"), ("\u4e2d", "\u6587"), ("\u4e2d", "\u4e2d"),
               ("\u0915\u094d", "\u0937"), ("\U00020000", "\U00020001"), ("a", "\U0001e030"),
               ("\u03b1\u03c9", "\u03b9")]
    for head, tail in scripts:
        for octets in (61, 62, 63, 64, 65):
            u = ulabel_of_length(head, tail, octets)
            if u is None:
                continue
            utf8 = len(u.encode("utf-8"))
            rel = "longer" if utf8 > octets else "shorter" if utf8 < octets else "as long"
            note = (f"length: a U-label of {len(u)} code points, {utf8} bytes of UTF-8 ({rel}) "
                    f"and {octets} octets as an A-label")
            both(w, u, c, note)
    for n in (58, 59, 60, 61):
        both(w, "\u4e2d" * n, c, f"length: {n} identical Han code points")
        both(w, "a" * (n - 1) + "\u00e9", c, f"length: {n} code points, one non-ASCII")
    # Names around 253 octets in A-label form: 63-octet labels and a remainder, some U-labels.
    u63 = ulabel_of_length("\u4e2d", "\u6587", 63)
    e63 = ulabel_of_length("\u00e9", "\u00e9", 63)
    for total in range(250, 257):
        for first, what in (("a" * 63, "LDH"), (u63, "Han U-label"), (e63, "Latin U-label"),
                            (rules.alabel(u63), "A-label")):
            rest = total - 64 * 3
            if rest < 1:
                continue
            labels = [first, "b" * 63, "c" * 63, "d" * (rest)]
            if rest > 63:
                continue
            for sep in (".", "\u3002"):
                name = sep.join(labels)
                utf8 = len(name.encode("utf-8"))
                note = (f"length: a name of {total} octets in A-label form, {utf8} bytes as "
                        f"written, first label {what}")
                w.add(IDN, name, c, note + (f", separator U+{ord(sep):04X}" if sep != "." else ""))
                if name.isascii():
                    w.add(HOST, name, c, note)
                    w.add(HOST, name + ".", c, note + ", with a root dot")
    # Many short labels.
    for k in (126, 127, 128):
        name = ".".join(["a"] * k)
        both(w, name, c, f"length: {k} one-letter labels, {len(name)} octets")


def hyphens(w):
    c = "RFC 5891 section 4.2.3.1"
    chars = ["a", "\u00fc", "\u4e2d", "\U00020000"]
    for x in chars:
        for y in chars:
            for s in (x + y + "--" + "b", x + y + "-" + "b", x + "--" + y, x + y + "b" + "--" + "c",
                      "-" + x + y, x + y + "-", "--" + x + y):
                if s.isascii():
                    continue
                both(w, s, c, "hyphens: positions counted in code points, not bytes")


def separators(w):
    c = "RFC 3490 section 3.1, RFC 5890 section 2.3.2.3"
    seps = [".", "\u3002", "\uff0e", "\uff61"]
    for a in seps:
        for b in seps:
            for s in ("x" + a + "y" + b + "z", "x" + a + b + "y", a + "x" + b + "y",
                      "x" + a + "y" + b, "\u00fc" + a + "\u00fc" + b + "\u00fc"):
                w.add(IDN, s, c, "separators: the four full stops")
                w.add(HOST, s, c, "separators: only '.' in a hostname")


def punycode(w):
    c = "RFC 3492 section 6.2"
    digits = "abcdefghijklmnopqrstuvwxyz0123456789"
    for x in digits:
        both(w, "xn--" + x, c, "punycode: one digit")
        for y in "az09":
            both(w, "xn--" + x + y, c, "punycode: two digits")
    for pre in ("a-", "ab-", "a-b-"):
        for x in digits:
            both(w, "xn--" + pre + x, c, f"punycode: basic {pre!r} and one digit")
            both(w, "xn--" + pre + x + "a", c, f"punycode: basic {pre!r} and two digits")
    for k in range(1, 16):
        for d in ("9", "z", "0"):
            both(w, "xn--" + d * k, c, f"punycode: {k} times {d!r}")
            both(w, "xn--" + d * k + "a", c, f"punycode: {k} times {d!r}, then 'a'")


def cases(w):
    for f in (derived_property, new_characters, bidi, contextj, contexto, lengths, hyphens,
              separators, punycode):
        f(w)
