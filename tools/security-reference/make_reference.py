"""ICU's answers on generated labels, for tests/security_icu.rs (see README.md).

Writes one line per case, tab-separated, code points in hexadecimal separated by spaces:
  level   <label>  <ICU restriction level>  <ICU skeleton>
  pair    <a>  <b>  <ICU areConfusable bits: 1 single-script, 2 mixed-script, 4 whole-script>
  char    <code point>  <ICU skeleton of the code point alone>   (where it differs from the cp)
  scx     <code point>  <ICU Script_Extensions, short names>   (each code point of the labels)
  allowed <first>..<last>   (ICU's identifier profile: its recommended and inclusion sets)
"""
import sys
import icu

data, out = sys.argv[1], sys.argv[2]
assert icu.ICU_VERSION == "72.1", icu.ICU_VERSION

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


def ranges(path):
    for line in open(f"{data}/{path}", encoding="utf-8"):
        content = line.split("#")[0].strip()
        if not content:
            continue
        fields = [f.strip() for f in content.split(";")]
        first, _, last = fields[0].partition("..")
        yield int(first, 16), int(last or first, 16), fields[1:]


SCRIPTS = ["Latn", "Cyrl", "Grek", "Arab", "Hebr", "Hani", "Hira", "Kana", "Hang", "Deva",
           "Beng", "Thai", "Armn", "Geor", "Ethi", "Zyyy", "Zinh", "Khmr", "Taml", "Thaa"]
long_to_short = {}
for line in open(f"{data}/ucd/PropertyValueAliases.txt", encoding="utf-8"):
    fields = [f.strip() for f in line.split("#")[0].split(";")]
    if fields[0] == "sc":
        long_to_short[fields[2]] = fields[1]
script = {}
for first, last, fields in ranges("ucd/Scripts.txt"):
    for cp in range(first, last + 1):
        script[cp] = long_to_short[fields[0]]
allowed = set()
for first, last, fields in ranges("security/IdentifierStatus.txt"):
    if fields[0] == "Allowed":
        allowed.update(range(first, last + 1))
pools = {s: [] for s in SCRIPTS}
for cp in sorted(allowed):
    s = script.get(cp)
    if s in pools:
        pools[s].append(chr(cp))
prototypes = {}
for first, _, fields in ranges("security/confusables.txt"):
    prototypes[chr(first)] = "".join(chr(int(h, 16)) for h in fields[0].split())
pool_list = [pools[s] for s in SCRIPTS] + [sorted(prototypes)[::7]]

rng = SplitMix64(0x1C0_0039)
labels = ["paypal", "раураl", "раура", "сосо", "ѕсоре", "scope", "1\u0662\u0663", "i\u0307",
          "abc漢字かな", "abc漢字한글", "abcαβγ", "abcабв", "abcกขค", "rn", "m"]
while len(labels) < 20000:
    chosen = [pool_list[rng.below(len(pool_list))] for _ in range(1 + rng.below(3))]
    n = 1 + rng.below(8)
    label = ""
    for _ in range(n):
        pool = chosen[rng.below(len(chosen))]
        label += pool[rng.below(len(pool))]
    labels.append(label)

LEVELS = [
    (icu.URestrictionLevel.ASCII, "ascii-only"),
    (icu.URestrictionLevel.SINGLE_SCRIPT_RESTRICTIVE, "single-script"),
    (icu.URestrictionLevel.HIGHLY_RESTRICTIVE, "highly-restrictive"),
    (icu.URestrictionLevel.MODERATELY_RESTRICTIVE, "moderately-restrictive"),
    (icu.URestrictionLevel.MINIMALLY_RESTRICTIVE, "minimally-restrictive"),
]
plain = icu.SpoofChecker()
# The identifier profile of UTS #39 section 5.2 (ICU's default allows every code point).
profile = icu.UnicodeSet(plain.getRecommendedUnicodeSet())
profile.addAll(plain.getInclusionUnicodeSet())
checkers = []
for level, name in LEVELS:
    c = icu.SpoofChecker()
    c.setAllowedUnicodeSet(profile)
    c.setChecks(icu.USpoofChecks.RESTRICTION_LEVEL)
    c.setRestrictionLevel(level)
    checkers.append((c, name))


def hexs(s):
    return " ".join(f"{ord(c):04X}" for c in s)


def level(label):
    for checker, name in checkers:
        if checker.check(label) == 0:
            return name
    return "unrestricted"


with open(out, "w", encoding="utf-8") as f:
    f.write(f"# ICU {icu.ICU_VERSION} (Unicode {icu.UNICODE_VERSION}), PyICU {icu.VERSION}: "
            "tools/security-reference/make_reference.py\n")
    for label in labels:
        f.write(f"level\t{hexs(label)}\t{level(label)}\t{hexs(plain.getSkeleton(0, label))}\n")
    for i, a in enumerate(labels):
        b = "".join(prototypes.get(c, c) for c in a) if i % 2 == 0 else labels[i - 1]
        f.write(f"pair\t{hexs(a)}\t{hexs(b)}\t{plain.areConfusable(a, b)}\n")
    for cp in range(0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        s = plain.getSkeleton(0, chr(cp))
        if s != chr(cp):
            f.write(f"char\t{cp:04X}\t{hexs(s)}\n")
    for cp in sorted({ord(c) for label in labels for c in label}):
        names = sorted(icu.Script(x).getShortName() for x in icu.Script.getScriptExtensions(cp))
        f.write(f"scx\t{cp:04X}\t{' '.join(names)}\n")
    for i in range(profile.getRangeCount()):
        f.write(f"allowed\t{ord(profile.getRangeStart(i)):04X}..{ord(profile.getRangeEnd(i)):04X}\n")
