//! Names: splitting into labels, the limits on the whole name (RFC 1034 section 3.1), and the
//! Bidi rule, which RFC 5893 states for a whole Bidi domain name.

use crate::bidi;
use crate::error::{ErrorKind, Violation};
use crate::formats::{BidiScope, Options};
use crate::label::{self, Buffer, Label, MAX_LABEL_OCTETS};

/// A name is at most 253 octets in A-label form, without a trailing root dot (RFC 1034 section
/// 3.1 gives 255 octets on the wire: a length octet before each label and the root's zero).
pub(crate) const MAX_NAME_OCTETS: usize = 253;

/// The longest UTF-8 text that can be an `idn-hostname`: a U-label of `n` code points has an
/// A-label of at least `4 + n` octets and at most `4 * n` bytes of UTF-8, and a separator
/// (U+3002 and the like) is at most 3 bytes where the A-label form has one.
pub(crate) const MAX_IDN_NAME_BYTES: usize = 4 * MAX_NAME_OCTETS;

/// The two JSON Schema formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// `hostname`: RFC 1123 section 2.1, with `xn--` labels valid A-labels.
    Hostname,
    /// `idn-hostname`: RFC 5890 section 2.3.2.3.
    IdnHostname,
}

impl Format {
    /// Label separators. `idn-hostname` also takes the full stops IDNA recognizes (U+3002
    /// IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP;
    /// RFC 3490 section 3.1, carried into RFC 5890 section 2.3.2.3's internationalized names).
    fn is_separator(self, c: char) -> bool {
        match self {
            Format::Hostname => c == '.',
            Format::IdnHostname => matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'),
        }
    }
}

/// The labels of `name`, each with its index and byte offset.
fn labels(name: &str, format: Format) -> impl Iterator<Item = Label<'_>> {
    let mut start = 0;
    name.split(move |c| format.is_separator(c))
        .enumerate()
        .map(move |(index, text)| {
            let label = Label { text, index, start };
            // The separator after this label; its length is whatever `split` consumed.
            let sep = name
                .get(start + text.len()..)
                .and_then(|s| s.chars().next());
            start += text.len() + sep.map_or(0, char::len_utf8);
            label
        })
}

/// Checks `input` as a name of `format`. Allocation-free.
pub(crate) fn check(input: &str, format: Format, options: &Options) -> Result<(), Violation> {
    if input.is_empty() {
        return Err(Violation::name(ErrorKind::EmptyName));
    }
    // Refuse what no valid name can be before looking at a single character.
    let limit = match format {
        Format::Hostname => MAX_NAME_OCTETS + 1,
        Format::IdnHostname => MAX_IDN_NAME_BYTES + 3,
    };
    if input.len() > limit {
        return Err(Violation::name(ErrorKind::NameTooLong));
    }
    let name = match input.chars().next_back() {
        Some(c) if options.trailing_dot && format.is_separator(c) && input.len() > c.len_utf8() => {
            input.get(..input.len() - c.len_utf8()).unwrap_or(input)
        }
        _ => input,
    };

    let mut buf: Buffer = ['\0'; MAX_LABEL_OCTETS];
    let mut octets = 0usize;
    let mut bidi_domain = false;
    for label in labels(name, format) {
        if label.text.is_empty() {
            return Err(label.whole(ErrorKind::EmptyLabel));
        }
        let (label_octets, rtl) = check_label(&label, format, options, &mut buf)?;
        octets += label_octets + usize::from(label.index > 0);
        if octets > MAX_NAME_OCTETS {
            return Err(Violation::name(ErrorKind::NameTooLong));
        }
        if rtl {
            bidi_domain = true;
            if options.bidi_scope == BidiScope::RtlLabels {
                check_bidi(&label, &mut buf)?;
            }
        }
    }
    if bidi_domain && options.bidi_scope == BidiScope::DomainName {
        // RFC 5893 section 2: in a Bidi domain name every label, LTR and ASCII ones included,
        // satisfies the rule. A second pass, so that names without RTL labels pay nothing.
        for label in labels(name, format) {
            check_bidi(&label, &mut buf)?;
        }
    }
    Ok(())
}

/// Checks one label; returns its length in A-label form and whether it is an RTL label.
fn check_label(
    label: &Label<'_>,
    format: Format,
    options: &Options,
    buf: &mut Buffer,
) -> Result<(usize, bool), Violation> {
    if label.text.is_ascii() {
        label::check_ldh(label, options.underscore)?;
        if label.has_ace_prefix() {
            let n = label::check_alabel(label, buf)?;
            let rtl = bidi::has_rtl(buf.get(..n).unwrap_or(&[]));
            return Ok((label.text.len(), rtl));
        }
        if format == Format::IdnHostname && label.has_hyphens_3_4() {
            return Err(label.whole(ErrorKind::ReservedLdhLabel));
        }
        return Ok((label.text.len(), false));
    }
    match format {
        Format::Hostname => {
            let (at, c) = label
                .text
                .char_indices()
                .find(|(_, c)| !c.is_ascii())
                .unwrap_or((0, '\0'));
            Err(label.violation(ErrorKind::InvalidCharacter, at, Some(c)))
        }
        Format::IdnHostname => {
            let (n, octets) = label::check_ulabel(label, buf)?;
            Ok((octets, bidi::has_rtl(buf.get(..n).unwrap_or(&[]))))
        }
    }
}

/// The Bidi rule on one label that has passed [`check_label`], in its U-label form.
fn check_bidi(label: &Label<'_>, buf: &mut Buffer) -> Result<(), Violation> {
    let from_alabel = label.text.is_ascii() && label.has_ace_prefix();
    let n = if from_alabel {
        label::check_alabel(label, buf)?
    } else {
        label::collect_chars(label.text, buf).ok_or_else(|| label.whole(ErrorKind::LabelTooLong))?
    };
    let chars = buf.get(..n).unwrap_or(&[]);
    bidi::check_label(chars).map_err(|(i, rule)| {
        let kind = ErrorKind::Bidi(rule);
        if from_alabel {
            label.violation(kind, 0, chars.get(i).copied())
        } else {
            label.at_char(kind, i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_carry_their_offsets() {
        let got: Vec<(usize, usize, &str)> = labels("a\u{3002}bc.d", Format::IdnHostname)
            .map(|l| (l.index, l.start, l.text))
            .collect();
        assert_eq!(got, [(0, 0, "a"), (1, 4, "bc"), (2, 7, "d")]);
        let got: Vec<&str> = labels("a\u{3002}b", Format::Hostname)
            .map(|l| l.text)
            .collect();
        assert_eq!(got, ["a\u{3002}b"]);
    }
}
