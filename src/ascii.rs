//! The one classifier of ASCII bytes: letters, digits and hyphens (the LDH of RFC 1123 section
//! 2.1 and RFC 5890 section 2.3.1), the label separator U+002E, and everything else. Used by the
//! formats' scan of names, the LDH label rules and the ASCII paths of UTS #46.

/// The class of a small letter or a digit.
pub(crate) const SMALL_OR_DIGIT: u8 = 0;
/// The class of a capital A-Z.
pub(crate) const CAPITAL: u8 = 1;
/// The class of U+002D HYPHEN-MINUS. The three classes up to here are the LDH bytes.
pub(crate) const HYPHEN: u8 = 2;
/// The class of U+002E FULL STOP, the ASCII label separator.
pub(crate) const DOT: u8 = 3;
/// The class of every other byte, non-ASCII ones included.
pub(crate) const OTHER: u8 = 4;

/// The class of each byte. A table read costs less than the comparisons.
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_lowercase() || c.is_ascii_digit() {
            SMALL_OR_DIGIT
        } else if c.is_ascii_uppercase() {
            CAPITAL
        } else if c == b'-' {
            HYPHEN
        } else if c == b'.' {
            DOT
        } else {
            OTHER
        };
        b += 1;
    }
    table
};

/// The class of `byte`: one of [`SMALL_OR_DIGIT`], [`CAPITAL`], [`HYPHEN`], [`DOT`], [`OTHER`].
#[inline]
pub(crate) fn class(byte: u8) -> u8 {
    CLASS.get(usize::from(byte)).copied().unwrap_or(OTHER)
}

/// Whether `byte` is a letter (either case), a digit or a hyphen (RFC 1123 section 2.1).
#[inline]
pub(crate) fn is_ldh(byte: u8) -> bool {
    class(byte) <= HYPHEN
}

/// The end of the run of letters, digits and hyphens that starts at `from`: eight bytes at a
/// time while they are all LDH (see [`non_ldh`]), then byte by byte.
#[inline]
pub(crate) fn ldh_run(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let bad = non_ldh(word);
        if bad != 0 {
            // Little-endian: the lowest flagged byte is the first in the text.
            return at + (bad.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes.get(at).is_some_and(|&b| is_ldh(b)) {
        at += 1;
    }
    at
}

/// The high bit of each byte of `word` that is at least `x`, on the low seven bits of each
/// byte of `low` (an addition that cannot carry into the next byte: at most 0x7F + 0x7F).
#[inline(always)]
fn at_least(low: u64, x: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (low + ONES * u64::from(0x80 - x)) & (ONES * 0x80)
}

/// The bytes of `word` that are not ASCII letters, digits or hyphen, each flagged by its high
/// bit. Every comparison is an addition on the low seven bits of a byte, which cannot carry
/// into the next byte (at most 0x7F + 0x7F), so the bytes are tested independently.
#[inline]
fn non_ldh(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES * 0x80;
    let low = word & !HIGH;
    let ge = at_least;
    // Setting bit 5 maps A-Z onto a-z and moves no other byte into a-z.
    let folded = low | (ONES * 0x20);
    let letter = ge(folded, b'a') & !ge(folded, b'z' + 1);
    let digit = ge(low, b'0') & !ge(low, b'9' + 1);
    let hyphen = ge(low, b'-') & !ge(low, b'-' + 1);
    let ldh_flags = letter | digit | hyphen;
    // A byte with its high bit set is not ASCII, whatever its low bits say.
    HIGH & !(ldh_flags & !word)
}

/// The position of the last `needle` in `bytes`, eight bytes at a time from the end (each
/// byte equal to it found exactly, by the test of [`zero_bytes`]), then byte by byte.
#[inline]
pub(crate) fn rposition(bytes: &[u8], needle: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut end = bytes.len();
    while let Some(chunk) = end.checked_sub(8).and_then(|start| bytes.get(start..end)) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = zero_bytes(word ^ (ONES * u64::from(needle)));
        if found != 0 {
            // Little-endian: the highest flagged byte is the last in the text.
            return Some(end - 1 - (found.leading_zeros() / 8) as usize);
        }
        end -= 8;
    }
    bytes.get(..end)?.iter().rposition(|&b| b == needle)
}

/// The zero bytes of `word`, each flagged by its high bit and no other: the low seven bits of a
/// byte plus 0x7F carry into its high bit unless they are all 0, and cannot carry further.
#[inline]
fn zero_bytes(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((word & LOW) + LOW) | word | LOW)
}

/// The first label of an ASCII name, whether its bytes are all letters (either case), digits or
/// hyphens, and the rest of the name after its dot: [`ldh_run`] eight bytes at a time, then a
/// search for the dot only in a label with another byte. Measured (callgrind,
/// `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`, instructions a pass), against a
/// table read a byte: the ASCII names 227,354 to 210,822, the mix 2,261,778 to 2,247,598.
#[inline]
pub(crate) fn split_ldh(name: &[u8]) -> (&[u8], bool, Option<&[u8]>) {
    let at = ldh_run(name, 0);
    let (end, ldh) = match name.get(at) {
        Some(b'.') | None => (at, true),
        Some(_) => (
            name.iter()
                .skip(at)
                .position(|&b| b == b'.')
                .map_or(name.len(), |dot| at + dot),
            false,
        ),
    };
    // Without a dot, `end + 1` is past the name: `get` gives no rest.
    (name.get(..end).unwrap_or(name), ldh, name.get(end + 1..))
}

/// What [`plain_name`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Plain {
    /// A plain host name; whether it holds a capital A-Z.
    Name { capitals: bool },
    /// Not one, or not without a closer look: the labels before byte `start`, `index` of them,
    /// are plain; the one from `start` on (or the name's length) is not, or was not read.
    Stop { start: usize, index: usize },
    /// Not one: a byte is not ASCII.
    NonAscii,
}

/// Whether `name` is a plain host name, which every check of this crate accepts as it is: labels
/// of 1 to 63 letters, digits and hyphens (RFC 1123 section 2.1), none starting or ending with a
/// hyphen (RFC 5891 section 4.2.3.1, UTS #46 section 4.1 criterion 3) or holding "--" in its
/// third and fourth positions (criterion 2; so no "xn--" label, which must be decoded), at most
/// 253 octets in all, without a trailing dot.
///
/// One table step a byte ([`plain`]; the state says where in its label the byte is and whether
/// a capital was seen), and a length test at each dot. Measured (callgrind,
/// `tools/corpus/count.sh 5 realistic`, `uts46::to_ascii`, instructions a pass over the ASCII
/// names): 211,334 with no plain path ([`split_ldh`] a label, then a lowering byte by byte),
/// 163,668 with this one; eight bytes at a time, with every rule a test of the word's flags,
/// 208,496 (the labels are short: a word holds a dot or two).
pub(crate) fn plain_name(name: &[u8]) -> Plain {
    let mut state = plain::START;
    let mut start = 0;
    let mut index = 0;
    // Most names with a U-label end with it, so their last byte is not ASCII: measured (the
    // same count, the U-label names), 1,024,915 instructions a pass without this test, 1,000,107
    // with it (996,048 with no plain path).
    if name.last().is_some_and(|b| !b.is_ascii()) {
        return Plain::NonAscii;
    }
    // A name starting with an "xn--" label (most A-label forms) stops at once; see below.
    if name.get(2..4) == Some(b"--") {
        return Plain::Stop { start, index };
    }
    if name.len() <= crate::limits::MAX_NAME_OCTETS {
        let mut bytes = name.iter();
        while let Some(&b) = bytes.next() {
            state = plain::step(state, b);
            if state >= plain::DOT {
                if state >= plain::DEAD {
                    return if b.is_ascii() {
                        Plain::Stop { start, index }
                    } else {
                        Plain::NonAscii
                    };
                }
                // The position after the dot, from what is left: no counter a byte.
                let after = name.len() - bytes.len();
                if after - 1 - start > crate::limits::MAX_LABEL_OCTETS {
                    return Plain::Stop { start, index };
                }
                start = after;
                index += 1;
            }
        }
        if plain::is_end(state) && name.len() - start <= crate::limits::MAX_LABEL_OCTETS {
            return Plain::Name {
                capitals: state & plain::CAPITAL != 0,
            };
        }
    }
    Plain::Stop { start, index }
}

/// The automaton of [`plain_name`]: the position of a byte in its label, as far as the rules
/// need it, and a bit for a capital seen.
mod plain {
    use super::{CAPITAL as CAPITAL_CLASS, DOT as FULL_STOP, HYPHEN, SMALL_OR_DIGIT};

    /// A label's start (the name's, or after a dot).
    pub(super) const START: u8 = 0;
    /// One, two, three bytes into a label, the last not a hyphen; `_H`: the last a hyphen.
    const P1: u8 = 2;
    const P2: u8 = 4;
    const P2_H: u8 = 6;
    const P3: u8 = 8;
    /// Three bytes, the third a hyphen.
    const P3_H: u8 = 10;
    /// Four bytes or more.
    const PN: u8 = 12;
    const PN_H: u8 = 14;
    /// A dot that ends a label that passes; a rule broken (with or without [`CAPITAL`]: each
    /// is one comparison).
    pub(super) const DOT: u8 = 16;
    pub(super) const DEAD: u8 = 18;
    /// The low bit: a capital was seen; the position is in the bits above.
    pub(super) const CAPITAL: u8 = 1;

    /// Whether a name may end in `state`: its last label not empty nor ending with a hyphen.
    #[inline(always)]
    pub(super) fn is_end(state: u8) -> bool {
        matches!(state & !CAPITAL, P1 | P2 | P3 | PN)
    }

    /// The next position from a position and a class (capitals as small letters).
    const fn next(position: u8, class: u8) -> u8 {
        let class = if class == CAPITAL_CLASS {
            SMALL_OR_DIGIT
        } else {
            class
        };
        // Every pair not named breaks a rule: a byte of another class, a hyphen or a dot first
        // in a label, a dot after a hyphen or after the third position's hyphen, "--" in the
        // third and fourth positions, anything after a rule broken.
        match (position, class) {
            (START | DOT, SMALL_OR_DIGIT) => P1,
            (P1, SMALL_OR_DIGIT) => P2,
            (P1, HYPHEN) => P2_H,
            (P2 | P2_H, SMALL_OR_DIGIT) => P3,
            (P2 | P2_H, HYPHEN) => P3_H,
            (P3 | P3_H | PN | PN_H, SMALL_OR_DIGIT) => PN,
            (P3 | PN | PN_H, HYPHEN) => PN_H,
            (P1 | P2 | P3 | PN, FULL_STOP) => DOT,
            _ => DEAD,
        }
    }

    /// The next state at `state * 8 + class`: 20 states (position and capital bit) of the five
    /// classes of [`super::class`], and [`DEAD`] at every index that none of them makes.
    #[allow(clippy::indexing_slicing)]
    static STEPS: [u8; 256] = {
        let mut table = [DEAD; 256];
        let mut state: usize = 0;
        while state < 32 {
            let mut class: usize = 0;
            while class < 8 {
                let capital = if class as u8 == CAPITAL_CLASS {
                    CAPITAL
                } else {
                    state as u8 & CAPITAL
                };
                table[state * 8 + class] = next(state as u8 & !CAPITAL, class as u8) + capital;
                class += 1;
            }
            state += 1;
        }
        table
    };

    /// One step of the automaton.
    #[inline(always)]
    pub(super) fn step(state: u8, byte: u8) -> u8 {
        let class = super::class(byte);
        // Masked, so that the index needs no bounds check: every state is below 32.
        STEPS
            .get((usize::from(state) * 8 + usize::from(class)) & 255)
            .copied()
            .unwrap_or(DEAD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`plain_name`] by its definition: the labels of RFC 1123 section 2.1 (letters, digits,
    /// hyphens, 1 to 63 octets, at most 253 in all), no hyphen first or last (RFC 5891 section
    /// 4.2.3.1), no "--" third and fourth (UTS #46 section 4.1 criterion 2), no empty label.
    fn plain_by_definition(name: &[u8]) -> bool {
        name.len() <= 253
            && name.split(|&b| b == b'.').all(|label| {
                (1..=63).contains(&label.len())
                    && label
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
                    && label.first() != Some(&b'-')
                    && label.last() != Some(&b'-')
                    && label.get(2..4) != Some(b"--")
            })
    }

    /// [`plain_name`]'s answer against the definition; where it stops, the labels before the
    /// stop are plain ones, and as many as it says.
    fn assert_plain(name: &[u8]) {
        match plain_name(name) {
            Plain::Name { capitals } => {
                assert!(
                    plain_by_definition(name),
                    "{:?}",
                    String::from_utf8_lossy(name)
                );
                assert_eq!(capitals, name.iter().any(u8::is_ascii_uppercase));
            }
            Plain::Stop { start, index } => {
                assert!(
                    !plain_by_definition(name),
                    "{:?}",
                    String::from_utf8_lossy(name)
                );
                if start > 0 {
                    let before = &name[..start - 1];
                    assert_eq!(name[start - 1], b'.');
                    assert!(
                        plain_by_definition(before),
                        "{:?}",
                        String::from_utf8_lossy(name)
                    );
                    assert_eq!(before.split(|&b| b == b'.').count(), index);
                } else {
                    assert_eq!(index, 0);
                }
                assert!(name[..start].is_ascii());
            }
            Plain::NonAscii => assert!(!name.is_ascii()),
        }
    }

    /// Every name of up to 7 bytes over letters of both cases, a digit, a hyphen, a dot, a
    /// byte of another class and a non-ASCII one.
    #[test]
    fn plain_name_is_its_definition_on_short_names() {
        const BYTES: [u8; 7] = [b'a', b'B', b'1', b'-', b'.', b'_', 0xC3];
        for len in 0..=7u32 {
            for n in 0..7usize.pow(len) {
                let name: Vec<u8> = (0..len).map(|i| BYTES[n / 7usize.pow(i) % 7]).collect();
                assert_plain(&name);
            }
        }
    }

    /// Long labels and names around the limits, with the hyphens in every position of a word.
    #[test]
    fn plain_name_is_its_definition_at_the_limits() {
        for label in [62usize, 63, 64] {
            for labels in 1..=5 {
                let name = vec!["a".repeat(label); labels].join(".");
                assert_plain(name.as_bytes());
            }
        }
        for total in 245..=260 {
            let mut name = "abcdefg.".repeat(40);
            name.truncate(total);
            assert_plain(name.as_bytes());
            assert_plain(name.trim_end_matches('.').as_bytes());
        }
        for shift in 0..16 {
            for pattern in [
                "xn--abc",
                "ab--c",
                "a-",
                "-a",
                "a--",
                "a.-b",
                "ab-.c",
                "a..b",
                "ab.c--d",
                "abc.de--f",
            ] {
                let name = format!("{}{pattern}.example", "x".repeat(shift));
                assert_plain(name.as_bytes());
                let name = format!("{}.{pattern}", "x".repeat(shift + 1));
                assert_plain(name.as_bytes());
            }
        }
    }

    /// The classes against their definitions in RFC 1123 section 2.1, for every byte, and
    /// `is_ldh` against its definition there.
    #[test]
    fn byte_classes() {
        for b in 0..=255u8 {
            let expected = if b.is_ascii_lowercase() || b.is_ascii_digit() {
                SMALL_OR_DIGIT
            } else if b.is_ascii_uppercase() {
                CAPITAL
            } else if b == b'-' {
                HYPHEN
            } else if b == b'.' {
                DOT
            } else {
                OTHER
            };
            assert_eq!(class(b), expected, "{b:#04x}");
            let ldh = b.is_ascii_alphabetic() || b.is_ascii_digit() || b == b'-';
            assert_eq!(is_ldh(b), ldh, "{b:#04x}");
        }
    }

    /// A word-at-a-time test against the byte test `flagged`, on every byte in every position
    /// of a word of small letters.
    fn assert_flags(flags_of: fn(u64) -> u64, flagged: fn(u8) -> bool) {
        for b in 0..=255u8 {
            for pos in 0..8 {
                let mut bytes = *b"abcdefgh";
                bytes[pos] = b;
                let flags = flags_of(u64::from_le_bytes(bytes));
                let want = if flagged(b) { 0x80u64 << (8 * pos) } else { 0 };
                assert_eq!(flags, want, "byte {b:#04x} at {pos}");
            }
        }
    }

    /// The word-at-a-time test against the byte test, on every byte in every position.
    #[test]
    fn non_ldh_flags_exactly_the_other_bytes() {
        assert_flags(non_ldh, |b| !is_ldh(b));
        assert_eq!(ldh_run(b"abc-0123456789xyz.q", 0), 17);
        assert_eq!(ldh_run(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ_", 2), 26);
        assert_eq!(ldh_run("abcdefg\u{e9}".as_bytes(), 0), 7);
        assert_eq!(ldh_run(b"abc", 3), 3);
    }

    /// The word-at-a-time search against the byte loop, for the needle in every position of
    /// every length up to 20, among bytes of every value, and for none.
    #[test]
    fn rposition_finds_the_last() {
        for len in 0..20usize {
            for fill in [b'a', b'-' ^ 0x80, 0x2C, 0x2E, 0xFF, 0] {
                let mut bytes = vec![fill; len];
                assert_eq!(rposition(&bytes, b'-'), None, "{bytes:?}");
                for at in 0..len {
                    bytes[at] = b'-';
                    let want = bytes.iter().rposition(|&b| b == b'-');
                    assert_eq!(rposition(&bytes, b'-'), want, "{bytes:?}");
                }
            }
        }
        for b in 0..=255u8 {
            let mut word = [b'x'; 8];
            word[3] = b;
            let flags = zero_bytes(u64::from_le_bytes(word));
            assert_eq!(flags, if b == 0 { 0x80 << 24 } else { 0 }, "{b:#04x}");
        }
    }

    #[test]
    fn split_ldh_stops_at_the_dot() {
        assert_eq!(
            split_ldh(b"Ab-1.c_d"),
            (&b"Ab-1"[..], true, Some(&b"c_d"[..]))
        );
        assert_eq!(split_ldh(b"c_d"), (&b"c_d"[..], false, None));
        assert_eq!(split_ldh(b".x"), (&b""[..], true, Some(&b"x"[..])));
        // The last label: no rest, and an empty one after a trailing dot.
        assert_eq!(split_ldh(b"ab"), (&b"ab"[..], true, None));
        assert_eq!(split_ldh(b"a_."), (&b"a_"[..], false, Some(&b""[..])));
        assert_eq!(split_ldh(b""), (&b""[..], true, None));
    }
}
