//! The kinds of label of RFC 5890 section 2.3 and their rules: LDH labels (RFC 1123 section 2.1),
//! A-labels and U-labels (RFC 5890 section 2.3.2.1, RFC 5891 sections 4.2 and 5.4, RFC 5892).

use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
use unicode_normalization::{IsNormalized, is_nfc_quick};

use crate::context;
use crate::derived_property::DerivedProperty;
use crate::error::{ErrorKind, Violation};
use crate::punycode::{self, PunycodeError};
use crate::ucd;

/// A label is at most 63 octets (RFC 1034 section 3.1), measured on its A-label form.
pub(crate) const MAX_LABEL_OCTETS: usize = 63;

/// The most code points a U-label can have: its A-label is `xn--` and at least one octet per
/// code point, within 63 octets.
pub(crate) const MAX_ULABEL_CHARS: usize = MAX_LABEL_OCTETS - ACE_PREFIX.len();

/// The ACE prefix of A-labels (RFC 5890 section 2.3.2.5).
pub(crate) const ACE_PREFIX: &str = "xn--";

/// Room for the code points of one label of at most 63 octets.
pub(crate) type Buffer = [char; MAX_LABEL_OCTETS];

/// One label of the input: its text, its index in the name and its byte offset in the input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label<'a> {
    pub(crate) text: &'a str,
    pub(crate) index: usize,
    pub(crate) start: usize,
}

impl Label<'_> {
    /// A violation at byte `at` of this label.
    pub(crate) fn violation(
        &self,
        kind: ErrorKind,
        at: usize,
        code_point: Option<char>,
    ) -> Violation {
        Violation {
            kind,
            label: Some((self.index, self.start, self.start + self.text.len())),
            offset: self.start + at,
            code_point,
        }
    }

    /// A violation of the label as a whole.
    pub(crate) fn whole(&self, kind: ErrorKind) -> Violation {
        self.violation(kind, 0, None)
    }

    /// A violation at the `i`-th code point of the label's text (error path only).
    pub(crate) fn at_char(&self, kind: ErrorKind, i: usize) -> Violation {
        match self.text.char_indices().nth(i) {
            Some((at, c)) => self.violation(kind, at, Some(c)),
            None => self.whole(kind),
        }
    }

    /// Whether the label starts with the ACE prefix `xn--`, in any case (RFC 5890 section
    /// 2.3.2.5: A-labels are compared without regard to case).
    pub(crate) fn has_ace_prefix(&self) -> bool {
        self.text
            .as_bytes()
            .get(..ACE_PREFIX.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(ACE_PREFIX.as_bytes()))
    }

    /// `--` in the third and fourth positions: the mark of a reserved LDH label (RFC 5890
    /// section 2.3.1).
    pub(crate) fn has_hyphens_3_4(&self) -> bool {
        self.text.as_bytes().get(2..4) == Some(b"--")
    }
}

/// The rules every LDH label obeys (RFC 1123 section 2.1, as RFC 5890 section 2.3.1 restates
/// them): 1 to 63 octets of ASCII letters, digits and hyphens, not starting or ending with a
/// hyphen. `underscore_first` accepts a leading `_` (RFC 8552 underscored labels).
pub(crate) fn check_ldh(label: &Label<'_>, underscore_first: bool) -> Result<(), Violation> {
    let bytes = label.text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ok =
            b.is_ascii_alphanumeric() || b == b'-' || (b == b'_' && i == 0 && underscore_first);
        if !ok {
            let c = label.text.get(i..).and_then(|s| s.chars().next());
            return Err(label.violation(ErrorKind::InvalidCharacter, i, c));
        }
    }
    if bytes.len() > MAX_LABEL_OCTETS {
        return Err(label.whole(ErrorKind::LabelTooLong));
    }
    if bytes.first() == Some(&b'-') {
        return Err(label.violation(ErrorKind::LeadingHyphen, 0, Some('-')));
    }
    if bytes.last() == Some(&b'-') {
        return Err(label.violation(ErrorKind::TrailingHyphen, bytes.len() - 1, Some('-')));
    }
    Ok(())
}

/// Checks an `xn--` label that is already known to be a valid LDH label (see [`check_ldh`]):
/// its Punycode decodes strictly, re-encodes to itself, and gives a U-label with a non-ASCII
/// code point (RFC 5890 section 2.3.2.1, RFC 5891 section 5.4). Returns the number of code
/// points of the U-label, written into `buf`.
pub(crate) fn check_alabel(label: &Label<'_>, buf: &mut Buffer) -> Result<usize, Violation> {
    let payload = label.text.as_bytes().get(ACE_PREFIX.len()..).unwrap_or(&[]);
    let n = match punycode::decode_canonical_into(payload, buf) {
        Ok(n) => n,
        Err(PunycodeError::NotCanonical) => return Err(label.whole(ErrorKind::ALabelNotCanonical)),
        // More code points than a 63-octet A-label can hold cannot come from a valid payload.
        Err(PunycodeError::TooLong) => return Err(label.whole(ErrorKind::LabelTooLong)),
        Err(e) => return Err(label.whole(ErrorKind::InvalidPunycode(e))),
    };
    let ulabel = buf.get_mut(..n).unwrap_or(&mut []);
    // An A-label is lower-cased before it is decoded (RFC 5891 section 5.3; DNS matches ASCII
    // without regard to case, RFC 4343), so its basic code points are taken in lower case.
    for c in ulabel.iter_mut() {
        c.make_ascii_lowercase();
    }
    if ulabel.iter().all(char::is_ascii) {
        return Err(label.whole(ErrorKind::ALabelAsciiOnly));
    }
    check_ulabel_chars(ulabel)
        .map_err(|(kind, i)| label.violation(kind, 0, ulabel.get(i).copied()))?;
    Ok(n)
}

/// Checks a label of the input that holds a non-ASCII code point as a U-label: the rules of
/// RFC 5891 section 4.2 and an A-label form of at most 63 octets. Returns the number of code
/// points, written into `buf`, and the length of the A-label form.
pub(crate) fn check_ulabel(
    label: &Label<'_>,
    buf: &mut Buffer,
) -> Result<(usize, usize), Violation> {
    let n = collect_chars(label.text, buf)
        .filter(|&n| n <= MAX_ULABEL_CHARS)
        .ok_or_else(|| label.whole(ErrorKind::LabelTooLong))?;
    let chars = buf.get(..n).unwrap_or(&[]);
    check_ulabel_chars(chars).map_err(|(kind, i)| label.at_char(kind, i))?;
    let octets = ACE_PREFIX.len()
        + punycode::encoded_len(chars).map_err(|_| label.whole(ErrorKind::LabelTooLong))?;
    if octets > MAX_LABEL_OCTETS {
        return Err(label.whole(ErrorKind::LabelTooLong));
    }
    Ok((n, octets))
}

/// The rules of RFC 5891 section 4.2 on the code points of a U-label, in the order Python
/// `idna` applies them (so that a label breaking several rules is reported alike): NFC
/// (5.3), hyphens (4.2.3.1), leading combining mark (4.2.3.2), then each code point PVALID or
/// its contextual rule satisfied (4.2.2, 4.2.3.3). The Bidi rule is the name's (see
/// `domain`). On failure: the rule and the index of the code point.
pub(crate) fn check_ulabel_chars(label: &[char]) -> Result<(), (ErrorKind, usize)> {
    if !is_nfc(label) {
        let i = first_not_nfc(label);
        return Err((ErrorKind::NotNfc, i));
    }
    if label.get(2..4) == Some(&['-', '-']) {
        return Err((ErrorKind::HyphenPositions3And4, 2));
    }
    if label.first() == Some(&'-') {
        return Err((ErrorKind::LeadingHyphen, 0));
    }
    if label.last() == Some(&'-') {
        return Err((ErrorKind::TrailingHyphen, label.len() - 1));
    }
    if label
        .first()
        .is_some_and(|&c| !c.is_ascii() && ucd::props(c).is_mark())
    {
        return Err((ErrorKind::LeadingCombiningMark, 0));
    }
    for (i, &c) in label.iter().enumerate() {
        match crate::derived_property(c) {
            DerivedProperty::Pvalid => {}
            DerivedProperty::ContextJ | DerivedProperty::ContextO => {
                if let Some(rule) = context::context_rule(c)
                    && !context::satisfied(rule, label, i)
                {
                    return Err((ErrorKind::Context(rule), i));
                }
            }
            DerivedProperty::Unassigned => return Err((ErrorKind::Unassigned, i)),
            DerivedProperty::Disallowed => return Err((ErrorKind::Disallowed, i)),
        }
    }
    Ok(())
}

/// Whether a label is in NFC, without allocation: the quick check of UAX #15 section 9, and
/// where it answers "maybe", the normalization itself in a buffer on the stack.
fn is_nfc(label: &[char]) -> bool {
    match is_nfc_quick(label.iter().copied()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => {
            let mut buf = ['\0'; NFC_BUFFER];
            normalize_nfc(label, &mut buf).is_some_and(|nfc| nfc == label)
        }
    }
}

/// Room for the canonical decomposition of a label: no code point decomposes to more than four
/// (UnicodeData.txt), and a label that can pass has at most 63 code points.
const NFC_BUFFER: usize = 4 * MAX_LABEL_OCTETS;

/// NFC of `label` written into `buf` (UAX #15 section 3.11: canonical decomposition, canonical
/// ordering, canonical composition); `None` when it does not fit, which no label of at most 63
/// code points reaches.
fn normalize_nfc<'a>(label: &[char], buf: &'a mut [char; NFC_BUFFER]) -> Option<&'a [char]> {
    let mut n = 0;
    let mut fits = true;
    for &c in label {
        decompose_canonical(c, |d| match buf.get_mut(n) {
            Some(slot) => {
                *slot = d;
                n += 1;
            }
            None => fits = false,
        });
    }
    if !fits {
        return None;
    }
    let decomposed = buf.get_mut(..n)?;
    // Canonical ordering: a stable insertion sort of each run of non-starters.
    for i in 1..decomposed.len() {
        let mut j = i;
        while j > 0 {
            let (Some(&a), Some(&b)) = (decomposed.get(j - 1), decomposed.get(j)) else {
                break;
            };
            let (ca, cb) = (canonical_combining_class(a), canonical_combining_class(b));
            if cb == 0 || ca <= cb {
                break;
            }
            decomposed.swap(j - 1, j);
            j -= 1;
        }
    }
    // Canonical composition, in place: `out` never passes `i`.
    let mut out = 0;
    let mut starter: Option<usize> = None;
    let mut last_class: Option<u8> = None;
    for i in 0..decomposed.len() {
        let Some(&c) = decomposed.get(i) else { break };
        let class = canonical_combining_class(c);
        let blocked = last_class.is_some_and(|last| last == 0 || last >= class);
        if let Some(s) = starter
            && !blocked
            && let Some(composed) = decomposed.get(s).and_then(|&base| compose(base, c))
        {
            if let Some(slot) = decomposed.get_mut(s) {
                *slot = composed;
            }
            continue;
        }
        if class == 0 {
            starter = Some(out);
            last_class = None;
        } else {
            last_class = Some(class);
        }
        if let Some(slot) = decomposed.get_mut(out) {
            *slot = c;
        }
        out += 1;
    }
    decomposed.get(..out).map(|s| s as &[char])
}

/// The index of the first code point where the label and its NFC differ (error path only).
fn first_not_nfc(label: &[char]) -> usize {
    let mut buf = ['\0'; NFC_BUFFER];
    let nfc = normalize_nfc(label, &mut buf).unwrap_or(&[]);
    label.iter().zip(nfc).position(|(a, b)| a != b).unwrap_or(0)
}

/// Writes the code points of `text` into `buf`; `None` when they do not fit.
pub(crate) fn collect_chars(text: &str, buf: &mut Buffer) -> Option<usize> {
    let mut n = 0;
    for c in text.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(field: &str) -> Vec<char> {
        field
            .split_whitespace()
            .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
            .collect()
    }

    /// The stack NFC against every line of Unicode's NormalizationTest.txt: c2 == NFC(c1) ==
    /// NFC(c2) == NFC(c3) and c4 == NFC(c4) == NFC(c5) (the conformance rules in its header).
    #[test]
    fn nfc_matches_normalization_test() {
        let text = crate::shared_data::read("unicode/18.0.0/ucd/NormalizationTest.txt");
        let mut lines = 0;
        for (n, line) in text.lines().enumerate() {
            let content = line.split('#').next().unwrap().trim();
            if content.is_empty() || content.starts_with('@') {
                continue;
            }
            let c: Vec<Vec<char>> = content.split(';').take(5).map(chars).collect();
            let mut buf = ['\0'; NFC_BUFFER];
            for (from, to) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
                let got = normalize_nfc(&c[from], &mut buf).unwrap().to_vec();
                assert_eq!(
                    got,
                    c[to],
                    "NormalizationTest.txt:{}: NFC(c{})",
                    n + 1,
                    from + 1
                );
                assert_eq!(
                    is_nfc(&c[from]),
                    c[from] == c[to],
                    "NormalizationTest.txt:{}",
                    n + 1
                );
            }
            lines += 1;
        }
        assert!(lines > 19_000, "{lines} lines");
    }
}
