"""Hand-designed cases: each item names the verdict its author meant for `idn-hostname` (and for
`hostname` where it differs from what ASCII-ness alone decides), and is written out with its
variants: in both formats, as the second label of a name, and, for a U-label, as its A-label in
both formats (upper case too when valid). Most items break exactly one rule."""

import rules

BOTH = "both"
IDN = "idn"

# (formats, input, idn-hostname verdict, hostname verdict or None, clause of a valid case, note)
ITEMS = []


def item(s, idn, host=None, clause="RFC 1123 section 2.1", note="", formats=BOTH):
    ITEMS.append((formats, s, idn, host, clause, note))


def ldh():
    c = "RFC 1123 section 2.1"
    for s, n in (("a", "one letter"), ("z", "last letter"), ("A", "upper case letter"),
                 ("Z", "upper case Z"),
                 ("0a", "leading digit"), ("a0", "trailing digit"), ("a-b", "inner hyphen"),
                 ("a-b-c", "two hyphens apart"), ("a-b--c", "two hyphens in 4 and 5"),
                 ("www.example.com", "three labels"), ("EXAMPLE.COM", "upper case name"),
                 ("ExAmPlE.cOm", "mixed case"), ("a.b.c.d.e.f.g", "seven one-letter labels"),
                 ("xn-a", "xn- with one hyphen is an LDH label"), ("x-n--a", "not the prefix"),
                 ("xna--b", "hyphens in positions 4-5")):
        item(s, "valid", "valid", c, n)
    for s, n in (("-a", "leading hyphen"), ("-", "hyphen alone"), ("-0", "leading hyphen, digit"),
                 ("a.-b", "leading hyphen in label 2"), ("-a.b", "leading hyphen in label 1")):
        item(s, "leading-hyphen", "leading-hyphen", c, n)
    for s, n in (("a-", "trailing hyphen"), ("0-", "digit then hyphen"), ("a.b-", "in label 2"),
                 ("ab-.c", "in label 1")):
        item(s, "trailing-hyphen", "trailing-hyphen", c, n)
    for cp in list(range(0x00, 0x2D)) + [0x2F] + list(range(0x3A, 0x41)) + \
            list(range(0x5B, 0x61)) + list(range(0x7B, 0x80)):
        ch = chr(cp)
        item("a" + ch + "b", "invalid-character", "invalid-character", c,
             f"U+{cp:04X} between two letters is not a letter, digit or hyphen")
    n = "RFC 1123 section 2.1, RFC 3696 section 2"
    for s, note in (("0", "one digit: a name of one label is its own top-level label"),
                    ("9", "digit nine alone"), ("123", "all digits alone"),
                    ("example.123", "an all-numeric top-level label"),
                    ("1.2.3.4", "the dotted-decimal form #.#.#.# (an IPv4 address)"),
                    ("192.168.0.1", "an IPv4 address"), ("1.2.3.4.5", "five numbers"),
                    ("a.b.0", "a one-digit top-level label"),
                    ("xn--bcher-kva.42", "after an A-label")):
        item(s, "numeric-tld", "numeric-tld", n, note)
    for s, note in (("example.12a", "a top-level label with a letter"),
                    ("example.a12", "a top-level label starting with a letter"),
                    ("123.456.789.example", "all-numeric labels below an alphabetic top level"),
                    ("1host", "one label starting with a digit"),
                    ("example.1-2", "digits and a hyphen are not all-numeric")):
        item(s, "valid", "valid", n, note)
    item("_dmarc.example.com", "invalid-character", "invalid-character", c,
         "a leading underscore (RFC 8552 names are not host names)")
    item("a b", "invalid-character", "invalid-character", c, "a space")


def rldh():
    c = "RFC 5890 section 2.3.1"
    for s in ("ab--cd", "a1--b", "zz--", "99--9", "ab--", "qq--qq.example", "XY--Z"):
        if s.endswith("-"):
            continue
        item(s, "reserved-ldh-label", "valid", c,
             "'--' in positions 3 and 4, not xn--: a reserved LDH label, though RFC 1123 allows it")
    item("a--b", "valid", "valid", c, "'--' in positions 2 and 3")
    item("abc--d", "valid", "valid", c, "'--' in positions 4 and 5")


def empty_and_dots():
    c = "RFC 1034 section 3.1"
    item("", "empty-name", "empty-name", "RFC 1123 section 2.1", "the empty string")
    for s, n in ((".", "a dot alone"), ("..", "two dots"), (".a", "leading dot"),
                 ("a..b", "two dots in a row"), ("a.", "trailing dot (root label)"),
                 ("a.b.", "trailing dot after two labels"), ("a..", "two trailing dots")):
        item(s, "empty-label", "empty-label", c, n)
    d = "RFC 3490 section 3.1, RFC 5890 section 2.3.2.3"
    for sep, n in (("\u3002", "IDEOGRAPHIC FULL STOP"), ("\uff0e", "FULLWIDTH FULL STOP"),
                   ("\uff61", "HALFWIDTH IDEOGRAPHIC FULL STOP")):
        item("a" + sep + "b", "valid", "invalid-character", d, f"{n} separates idn-hostname labels")
        item("a" + sep, "empty-label", "invalid-character", d, f"{n} at the end: a root label")
        item(sep + "a", "empty-label", "invalid-character", d, f"{n} at the start")
        item("a" + sep + sep + "b", "empty-label", "invalid-character", d, f"{n} twice")
        item("a." + sep + "b", "empty-label", "invalid-character", d, f"'.' then {n}")
        item(sep, "empty-label", "invalid-character", d, f"{n} alone")
    for cp, n in ((0x2024, "ONE DOT LEADER"), (0xFE52, "SMALL FULL STOP"),
                  (0x0701, "SYRIAC SUPRALINEAR FULL STOP"), (0x1362, "ETHIOPIC FULL STOP"),
                  (0x2E3C, "STENOGRAPHIC FULL STOP"), (0xFF0C, "FULLWIDTH COMMA")):
        item("a" + chr(cp) + "b", "disallowed", "invalid-character", "RFC 5892 section 2",
             f"{n} is no separator: it is DISALLOWED")


def alabels():
    c = "RFC 5890 section 2.3.2.1, RFC 5891 section 5.4"
    for u, n in (("bücher", "German"), ("münchen", "umlaut"), ("ü", "one letter"),
                 ("例え", "Han and Hiragana"), ("テスト", "Katakana"), ("пример", "Cyrillic"),
                 ("παράδειγμα", "Greek"), ("مثال", "Arabic"), ("דוגמה", "Hebrew"),
                 ("उदाहरण", "Devanagari"), ("실례", "Hangul"), ("ไทย", "Thai"),
                 ("ß", "sharp s (PVALID in IDNA2008)"), ("ς", "final sigma (PVALID)"),
                 ("a-ü", "hyphen and basic code points")):
        item(u, "valid", "invalid-character", c, f"U-label: {n}")
    a = rules.alabel("bücher")
    for s, n in (("XN--BCHER-KVA", "prefix and payload in upper case"),
                 ("Xn--bcher-kva", "mixed-case prefix"), ("xN--bcher-kva", "mixed-case prefix"),
                 ("xn--BCHER-kva", "upper-case basic code points, compared without case"),
                 ("xn--bcher-KVA", "upper-case digits")):
        item(s, "valid", "valid", c, n + " (RFC 5890 section 2.3.2.1: A-labels are ASCII and compare without case)")
    assert a == "xn--bcher-kva"


def punycode():
    c = "RFC 3492 section 6.2"
    item("xn--", "trailing-hyphen", "trailing-hyphen", c, "empty payload: the ACE prefix alone ends with a hyphen")
    item("xn--a-", "trailing-hyphen", "trailing-hyphen", c, "basic code points and a delimiter, no deltas")
    item("xn--abc-", "trailing-hyphen", "trailing-hyphen", c, "decodes to ASCII only, and ends with a hyphen")
    item("xn---abc", "punycode-leading-delimiter", "punycode-leading-delimiter", c,
         "the last delimiter first: no basic code point before it (non-canonical: CPython's codec decodes it)")
    item("xn---", "trailing-hyphen", "trailing-hyphen", c, "delimiter alone")
    for k in range(1, 7):
        item("xn--" + "9" * k, "punycode-truncated", "punycode-truncated", c,
             f"{k} digit(s) of value 35, none below its threshold: the integer never ends")
    for k in (8, 9, 10, 12, 20, 40):
        item("xn--" + "9" * k, "punycode-overflow", "punycode-overflow", "RFC 3492 section 6.4",
             f"{k} digits of value 35: the integer exceeds 32 bits")
    item("xn--a-99999999999a", "punycode-overflow", "punycode-overflow", "RFC 3492 section 6.4",
         "overflow after a basic code point")
    # A delta past U+10FFFF: the encoding of U+110000, which the encoder of RFC 3492 writes.
    for cp, n in ((0x110000, "U+110000"), (0x10FFFF + 0x1000, "U+110FFF"), (0x7FFFFFFF, "U+7FFFFFFF")):
        item("xn--" + rules.encode([cp]), "punycode-invalid-code-point", "punycode-invalid-code-point",
             "RFC 3492 section 5", f"decodes to {n}, above U+10FFFF")
        item("xn--a-" + rules.encode([ord("a"), cp])[2:], "punycode-invalid-code-point",
             "punycode-invalid-code-point", "RFC 3492 section 5", f"'a' then {n}")
    for cp in (0xD800, 0xDBFF, 0xDC00, 0xDFFF):
        for pre in ("", "a"):
            cps = [ord(x) for x in pre] + [cp]
            item("xn--" + rules.encode(cps), "punycode-invalid-code-point", "punycode-invalid-code-point",
                 "RFC 5890 section 2.3.2.1", f"decodes to {pre!r} and the surrogate U+{cp:04X}, not a scalar value")


def lengths():
    c = "RFC 1034 section 3.1"
    for n in (62, 63):
        item("a" * n, "valid", "valid", c, f"an LDH label of {n} octets")
        item("x." + "a" * n, "valid", "valid", c, f"a second label of {n} octets")
    for n in (64, 65, 100):
        item("a" * n, "label-too-long", "label-too-long", c, f"an LDH label of {n} octets")


def nfc():
    c = "RFC 5891 section 5.3"
    for s, n in (("e\u0301", "e + COMBINING ACUTE ACCENT composes to U+00E9"),
                 ("a\u030a", "a + COMBINING RING ABOVE composes to U+00E5"),
                 ("\u212b", "ANGSTROM SIGN decomposes to U+00C5"),
                 ("a\u212b", "ANGSTROM SIGN after a letter"),
                 ("\u1e0b\u0323", "marks out of canonical order"),
                 ("\u0958", "DEVANAGARI LETTER QA is a composition exclusion"),
                 ("\uf900", "CJK COMPATIBILITY IDEOGRAPH"),
                 ("\u1100\u1161", "conjoining jamo compose to a Hangul syllable")):
        item(s, "not-nfc", None, c, n)
    for s, n in (("\u00e9", "precomposed e acute"), ("\u1e0d\u0307", "marks in canonical order"),
                 ("\uac00", "Hangul syllable"), ("a\u0308\u0323", "order kept when it cannot compose")):
        item(s, rules.verdict("idn-hostname", s), None, c, n)


def combining():
    c = "RFC 5891 section 4.2.3.2"
    for s, n in (("\u0301a", "COMBINING ACUTE ACCENT first (Mn)"),
                 ("\u0903a", "DEVANAGARI SIGN VISARGA first (Mc)"),
                 ("\u20ddab", "COMBINING ENCLOSING CIRCLE first (Me)"),
                 ("\u094d\u0915", "VIRAMA first"), ("\u05b4\u05d0", "HEBREW POINT HIRIQ first"),
                 ("\u064e\u0628", "ARABIC FATHA first")):
        item(s, rules.verdict("idn-hostname", s), None, c, n)
    item("a\u0301", "not-nfc", None, "RFC 5891 section 5.3", "mark after a letter it composes with")
    item("b\u0301", "valid", None, c, "mark after a letter it does not compose with")


def hyphens():
    c = "RFC 5891 section 4.2.3.1"
    for s, n in (("ab--\u00fc", "ASCII before the hyphens"), ("\u00fca--b", "U+00FC is one code point: hyphens in 3 and 4"),
                 ("\u4e2d\u6587--x", "two Han characters (six bytes) then '--'"),
                 ("\u00fc\u00fc--", "hyphens at the end too")):
        item(s, rules.verdict("idn-hostname", s), None, c, n)
    for s, n in (("\u00fc--ab", "hyphens in 2 and 3 (bytes 3 and 4)"), ("a\u00fc-b-c", "no two hyphens in 3 and 4"),
                 ("\u00fcab--c", "hyphens in 4 and 5"), ("\u4e2d--", "ends with hyphens")):
        item(s, rules.verdict("idn-hostname", s), None, c, n)
    item("-\u00fc", "leading-hyphen", None, c, "U-label starting with a hyphen")
    item("\u00fc-", "trailing-hyphen", None, c, "U-label ending with a hyphen")


def contexts():
    j = "RFC 5892 Appendix A.1"
    for s, want, n in (
        ("\u0915\u094d\u200c\u0937", "valid", "ZWNJ after DEVANAGARI VIRAMA"),
        ("\u0915\u200c\u0937", "context-zero-width-non-joiner", "ZWNJ after a letter, no joining context"),
        ("\u200ca", "context-zero-width-non-joiner", "ZWNJ first"),
        ("a\u200c", "context-zero-width-non-joiner", "ZWNJ last"),
        ("\u0628\u200c\u0628", "valid", "ZWNJ between two dual-joining letters (D, D)"),
        ("\u0628\u064e\u200c\u064e\u0628", "valid", "transparent marks skipped on both sides"),
        ("\u0627\u200c\u0628", "context-zero-width-non-joiner", "ALEF (R) cannot join to what follows"),
        ("\u0628\u200c\u0621", "context-zero-width-non-joiner", "HAMZA (U) does not join"),
        ("\u0628\u200c\u0627", "valid", "D then R"),
        ("\ua872\u200c\ua840", "valid", "PHAGS-PA SUPERFIXED LETTER RA (L) then a dual-joining letter"),
        ("\u0915\u094d\u200d\u0937", "valid", "ZWJ after DEVANAGARI VIRAMA"),
        ("\u0915\u200d\u0937", "context-zero-width-joiner", "ZWJ after a letter"),
        ("\u0628\u200d\u0628", "context-zero-width-joiner", "ZWJ between joining letters: only a virama allows it"),
        ("\u200d", "context-zero-width-joiner", "ZWJ alone"),
    ):
        item(s, want, None, j if "ZWNJ" in n else "RFC 5892 Appendix A.2", n, IDN)
    for s, want, clause, n in (
        ("l\u00b7l", "valid", "A.3", "MIDDLE DOT between two l"),
        ("al\u00b7la", "valid", "A.3", "Catalan ela geminada"),
        ("a\u00b7l", "context-middle-dot", "A.3", "not l before"),
        ("l\u00b7a", "context-middle-dot", "A.3", "not l after"),
        ("\u00b7l", "context-middle-dot", "A.3", "first"),
        ("l\u00b7", "context-middle-dot", "A.3", "last"),
        ("\u0375\u03b1", "valid", "A.4", "KERAIA before alpha"),
        ("\u03b1\u0375\u03b2", "valid", "A.4", "KERAIA between Greek letters"),
        ("\u0375a", "context-greek-keraia", "A.4", "KERAIA before a Latin letter"),
        ("\u03b1\u0375", "context-greek-keraia", "A.4", "KERAIA last"),
        ("\u05d0\u05f3\u05d1", "valid", "A.5", "GERESH after a Hebrew letter"),
        ("a\u05f3", "context-hebrew-geresh", "A.5", "GERESH after a Latin letter"),
        ("\u05f3\u05d0", "context-hebrew-geresh", "A.5", "GERESH first"),
        ("\u05d0\u05f4\u05d1", "valid", "A.6", "GERSHAYIM after a Hebrew letter"),
        ("a\u05f4", "context-hebrew-gershayim", "A.6", "GERSHAYIM after a Latin letter"),
        ("\u05f4\u05d0", "context-hebrew-gershayim", "A.6", "GERSHAYIM first"),
        ("\u30a2\u30fb\u30a4", "valid", "A.7", "KATAKANA MIDDLE DOT between Katakana"),
        ("\u30fb\u4e2d", "valid", "A.7", "first, with Han in the label"),
        ("\u3042\u30fb", "valid", "A.7", "last, with Hiragana"),
        ("a\u30fbb", "context-katakana-middle-dot", "A.7", "with Latin only"),
        ("\u30fb", "context-katakana-middle-dot", "A.7", "alone"),
        ("\u30fb\u30fb", "context-katakana-middle-dot", "A.7", "twice, nothing else"),
        ("\u0628\u0660\u0661", "valid", "A.8", "ARABIC-INDIC DIGITS"),
        ("\u0628\u0660\u06f0", "context-arabic-indic-digits", "A.8", "mixed with an EXTENDED ARABIC-INDIC DIGIT"),
        ("\u0628\u06f0\u06f1", "valid", "A.9", "EXTENDED ARABIC-INDIC DIGITS"),
        ("\u0628\u06f0\u0660", "context-extended-arabic-indic-digits", "A.9",
         "EXTENDED then ARABIC-INDIC: the first code point whose rule fails is reported"),
    ):
        item(s, want, None, "RFC 5892 Appendix " + clause, n, IDN)


def bidi():
    c = "RFC 5893 section 2"
    for s, want, n in (
        ("\u05d0", "valid", "one Hebrew letter"),
        ("\u05d0\u05d1", "valid", "R R"),
        ("\u0627\u0628", "valid", "AL AL"),
        ("\u05d01", "valid", "R then EN at the end (rule 3 allows EN)"),
        ("\u0628\u0661", "valid", "AL then AN"),
        ("1\u05d0", "bidi-rule-1", "EN first"),
        ("\u0661\u0628", "bidi-rule-1", "AN first"),
        ("\u05d0a", "bidi-rule-2", "L in an RTL label"),
        ("\u05d0-", "trailing-hyphen", "ends with a hyphen: the hyphen rule comes first"),
        ("\u05d0\u00b7", "context-middle-dot", "context first"),
        ("\u05d0\u05b4", "valid", "R then NSM (NSM is skipped at the end)"),
        ("\u05d0\u0021", "disallowed", "'!' is DISALLOWED first"),
        ("\u05d0" + rules.first_pvalid("ON"), "bidi-rule-3", "ends with a PVALID ON character"),
        ("\u05d0" + rules.first_pvalid("ON") + "\u05d0", "valid", "a PVALID ON character inside"),
        ("\u05d01\u0661", "bidi-rule-4", "EN and AN in an RTL label"),
        ("\u0628\u06611", "bidi-rule-4", "AN then an ASCII digit (EN)"),
        ("a\u05d0", "bidi-rule-5", "R in an LTR label"),
        ("a\u0661", "bidi-rule-5", "AN in an LTR label"),
        ("a\u05b4", "valid", "LTR label ending with NSM"),
        ("\u00e9\u0300", "valid", "LTR label, L then NSM"),
    ):
        item(s, want, None, c, n, IDN)
    # Across labels: the Bidi rule holds for every label of a Bidi domain name (RFC 5893 1.4, 2).
    for s, want, n in (
        ("example.\u05d0", "valid", "an LTR label beside an RTL one"),
        ("0a.\u05d0", "bidi-rule-1", "an LTR label starting with a digit in a Bidi domain name"),
        ("0a.b", "valid", "the same label in a name without RTL labels"),
        ("a.1\u05d0", "bidi-rule-1", "the RTL label starts with a digit"),
        ("123.\u05d0", "bidi-rule-1", "an all-digit label in a Bidi domain name"),
        ("\u05d0.123.example", "bidi-rule-1", "an all-digit label after the RTL one"),
        ("\u05d0.123", "numeric-tld", "an all-digit top-level label: its rule comes before the Bidi rule"),
        ("a1.\u0628", "valid", "LTR label ending with a digit (rule 6 allows EN)"),
        ("\u05d0.\u0628", "valid", "two RTL labels"),
        ("xn--4db.0a", "bidi-rule-1", "the RTL label as an A-label"),
        ("xn--4db.a", "valid", "the RTL label as an A-label, a letter label"),
        ("\u00e9\u0661.x", "bidi-rule-5", "AN in an LTR U-label makes the name a Bidi domain name"),
    ):
        item(s, want, None, c, n, BOTH if s.isascii() else IDN)


def code_points():
    c = "RFC 5892 section 2"
    for cp, n in ((0x1F4A9, "PILE OF POO (So)"), (0x2603, "SNOWMAN"), (0x00A0, "NO-BREAK SPACE"),
                  (0x00AD, "SOFT HYPHEN"), (0x0640, "ARABIC TATWEEL"), (0x3007, "IDEOGRAPHIC NUMBER ZERO"),
                  (0xFFFD, "REPLACEMENT CHARACTER"), (0xE000, "private use"), (0xFEFF, "BOM"),
                  (0x2028, "LINE SEPARATOR"), (0x00C0, "upper case A grave"), (0x0130, "I with dot above"),
                  (0xFF21, "FULLWIDTH A"), (0x2160, "ROMAN NUMERAL ONE"), (0x02B0, "MODIFIER LETTER SMALL H"),
                  (0x0378, "unassigned in Greek"), (0x10FFFF, "last code point, noncharacter"),
                  (0xE0001, "LANGUAGE TAG"), (0x1D400, "MATHEMATICAL BOLD A")):
        item("a" + chr(cp), rules.verdict("idn-hostname", "a" + chr(cp)), None, c, n)
        item(chr(cp), rules.verdict("idn-hostname", chr(cp)), None, c, n + ", alone")
    item("B\u00fccher", "disallowed", None, c, "an upper-case letter in a U-label is DISALLOWED (no mapping)")
    item("\u00fcB", "disallowed", None, c, "upper case after a U+00FC")
    item("\u00fc_", "disallowed", None, c, "'_' in a U-label is DISALLOWED")


def all_items():
    for f in (ldh, rldh, empty_and_dots, alabels, punycode, lengths, nfc, combining, hyphens,
              contexts, bidi, code_points):
        f()
    return ITEMS


def cases(w):
    for formats, s, idn, host, clause, note in all_items():
        w.add("idn-hostname", s, clause, note, idn)
        if formats == BOTH or s.isascii():
            w.add("hostname", s, clause, note, host if s.isascii() or host else None)
        if s and not s.isascii() and not any(d in s for d in rules.DOTS):
            w.add("idn-hostname", "host." + s, clause, note + " (as label 2)")
            if rules.verdict("idn-hostname", s) in ("label-too-long", "name-too-long"):
                continue
            a = rules.alabel(s)
            for fmt in ("idn-hostname", "hostname"):
                w.add(fmt, a, clause, note + " (its A-label)")
            if rules.verdict("idn-hostname", s) == "valid":
                w.add("hostname", a.upper(), clause, note + " (its A-label in upper case)")
                w.add("hostname", "host." + a, clause, note + " (its A-label as label 2)")
        elif s.isascii() and s:
            w.add("hostname", "host." + s, clause, note + " (as label 2)")
