//! How messages show a label: as written, with only what cannot be seen or breaks the line
//! escaped.
//!
//! Escaped, as `\u{XXXX}`: the code points of General_Category Cc, Cf (bidi controls, joiners,
//! soft hyphen), Cs, Co and Cn (UAX #44 section 5.7.1), of White_Space (PropList.txt), the quote
//! mark and the backslash. Letters and combining marks of every script are shown as they are,
//! so `हिन्दी` and Arabic with harakat stay readable.

use core::fmt;

use crate::tables::escape::ESCAPED;
use crate::ucd;
use crate::ucd::DerivedProperty;

/// Whether a message escapes `c` (see [`escape_invisible`]).
pub(crate) fn is_escaped(c: char) -> bool {
    if c.is_ascii() {
        // Cc, White_Space (U+0009..U+000D, U+0020), and what would end or break the quoting.
        return c.is_ascii_control() || matches!(c, ' ' | '"' | '\\');
    }
    // Cn is UNASSIGNED in the packed table but for the noncharacters (RFC 5892 section 2.11),
    // which the escape table holds with the other categories.
    ucd::props(c).derived() == DerivedProperty::Unassigned || {
        let cp = u32::from(c);
        ESCAPED
            .binary_search_by(|&(first, last)| {
                if last < cp {
                    core::cmp::Ordering::Less
                } else if first > cp {
                    core::cmp::Ordering::Greater
                } else {
                    core::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
}

/// `text` as messages show it: as written, but with every code point of General_Category Cc,
/// Cf, Cs, Co or Cn, of White_Space, the quote mark `"` and the backslash written as
/// `\u{XXXX}` (upper-case hexadecimal, at least four digits), so that what cannot be seen
/// (U+200D ZERO WIDTH JOINER, U+202E RIGHT-TO-LEFT OVERRIDE) shows and the text cannot break
/// the line or its quotes. Letters and combining marks are not escaped.
///
/// # Examples
///
/// ```
/// use idn_hostname::escape_invisible;
///
/// assert_eq!(escape_invisible("हिन्दी").to_string(), "हिन्दी");
/// assert_eq!(escape_invisible("a\u{200D}b c").to_string(), r"a\u{200D}b\u{0020}c");
/// ```
pub fn escape_invisible(text: &str) -> impl fmt::Display + '_ {
    Escaped(text)
}

struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(is_escaped) {
            let (plain, tail) = rest.split_at(at);
            f.write_str(plain)?;
            let mut chars = tail.chars();
            if let Some(c) = chars.next() {
                write!(f, "\\u{{{:04X}}}", u32::from(c))?;
            }
            rest = chars.as_str();
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii() {
        // U+0000..U+001F and U+007F are Cc, U+0020 is White_Space (UnicodeData.txt, PropList.txt).
        for c in ['\0', '\t', '\n', '\u{1F}', '\u{7F}', ' ', '"', '\\'] {
            assert!(is_escaped(c), "{c:?}");
        }
        for c in ['a', 'Z', '0', '-', '.', '_', '\''] {
            assert!(!is_escaped(c), "{c:?}");
        }
    }
}
