//! Names: splitting into labels, the limits on the whole name (RFC 1034 section 3.1), and the
//! Bidi rule, which RFC 5893 states for a whole Bidi domain name.

use crate::ascii;
use crate::bidi::{self, LabelBidi};
use crate::error::{ErrorKind, Violation};
use crate::label::{self, Label, Measure};
use crate::limits::{
    ACE_PREFIX, EMPTY_LABEL, LabelBuffer, MAX_IDN_NAME_BYTES, MAX_NAME_OCTETS, strip_ace_prefix,
};
use crate::options::{BidiScope, Options};
use crate::punycode;

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

/// The separator that starts at byte `at` of `bytes`, if any: its length in bytes.
#[inline]
fn separator_at(bytes: &[u8], at: usize, format: Format) -> Option<usize> {
    match bytes.get(at)? {
        b'.' => Some(1),
        0xE3 | 0xEF if format == Format::IdnHostname => {
            let sep = bytes.get(at..at + 3)?;
            // U+3002, U+FF0E, U+FF61 in UTF-8 (see `Format::is_separator`).
            matches!(
                sep,
                [0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x8E] | [0xEF, 0xBD, 0xA1]
            )
            .then_some(3)
        }
        _ => None,
    }
}

/// The end of the label that starts at or before `from`, and the start of the next label
/// (`None` for the last label).
fn label_end(bytes: &[u8], from: usize, format: Format) -> (usize, Option<usize>) {
    for at in from..bytes.len() {
        if let Some(len) = separator_at(bytes, at, format) {
            return (at, Some(at + len));
        }
    }
    (bytes.len(), None)
}

/// The labels of `name`, each with its index and byte offset. One pass over the bytes: the
/// separators are U+002E, ASCII, or three-byte UTF-8 sequences whose lead bytes 0xE3 and 0xEF
/// are never continuation bytes, so a match at a byte where no character starts is impossible.
fn labels(name: &str, format: Format) -> impl Iterator<Item = Label<'_>> {
    labels_from(name, format, 0, 0)
}

/// [`labels`] from the label of index `index` on, which starts at byte `start`.
fn labels_from(
    name: &str,
    format: Format,
    start: usize,
    mut index: usize,
) -> impl Iterator<Item = Label<'_>> {
    let bytes = name.as_bytes();
    let mut next = Some(start);
    core::iter::from_fn(move || {
        let start = next?;
        let (end, after) = label_end(bytes, start, format);
        next = after;
        let label = Label {
            text: name.get(start..end).unwrap_or(""),
            index,
            start,
        };
        index += 1;
        Some(label)
    })
}

/// What the first pass learns of one valid label.
struct Checked {
    /// The length of the label in A-label form, or an upper bound of it when `exact` is false.
    octets: usize,
    exact: bool,
    /// What is known of its Bidi classes: an RTL label is one holding a character of
    /// Bidi_Class R, AL or AN (RFC 5893 section 1.4).
    bidi: LabelBidi,
    /// The number of code points of the label's U-label form written into the buffer; `None`
    /// when the label is ASCII and not an A-label (its code points are its bytes).
    chars: Option<usize>,
}

/// Checks `input` as a name of `format`. Allocation-free.
///
/// One pass over the labels. An LDH label is scanned once, byte by byte through a table, and
/// its separator found in the same loop; only a label with another byte takes the general path.
/// The Bidi rule, which RFC 5893 section 2 states for a whole Bidi domain name, is checked in the
/// same pass on the code points already decoded, and its first failure is reported after every
/// label has passed its own rules, as if it were a second pass, in either [`BidiScope`].
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
        // A separator alone leaves the empty name: its one label is empty, as it is when the
        // separator stays.
        Some(c) if options.trailing_dot && format.is_separator(c) => {
            input.get(..input.len() - c.len_utf8()).unwrap_or(input)
        }
        _ => input,
    };
    let bytes = name.as_bytes();

    // The labels of letters, digits and hyphens only that are not A-labels, the most common
    // kind, before the first other one: the same rules in the same order as `check_label`
    // applies them, without the buffers and the bookkeeping of the general loop. Every length
    // is exact, and such a label satisfies the Bidi rule when it starts with a letter (see
    // `bidi::is_ltr_ldh`: it cannot end with a hyphen). Measured (callgrind,
    // `tools/corpus/count.sh 5 realistic`, instructions a pass): `is_hostname` on the ASCII names 205,088 to 122,874
    // (-40.1 %), on the A-label forms 644,306 to 637,833 (-1.0 %); `is_idn_hostname` on the
    // U-label forms 491,612 to 471,334 (-4.1 %).
    let mut start = 0;
    let mut index = 0;
    let mut octets = 0usize;
    // The least first byte of these labels: a letter when at least b'A' (digits are below it,
    // and no label starts with a hyphen).
    let mut least_first = u8::MAX;
    let mut at;
    loop {
        at = ascii::ldh_run(bytes, start);
        let next = match bytes.get(at) {
            None => None,
            Some(b'.') => Some(at + 1),
            Some(_) => break,
        };
        let label = Label {
            text: name.get(start..at).unwrap_or(""),
            index,
            start,
        };
        if label.has_ace_prefix() {
            break;
        }
        if label.text.is_empty() {
            return Err(label.whole(ErrorKind::EmptyLabel));
        }
        label::check_ldh_shape(&label)?;
        if format == Format::IdnHostname && label.has_hyphens_3_4() {
            return Err(label.whole(ErrorKind::ReservedLdhLabel));
        }
        least_first = least_first.min(label.text.as_bytes().first().copied().unwrap_or(0));
        octets += label.text.len() + usize::from(index > 0);
        if octets > MAX_NAME_OCTETS {
            return Err(Violation::name(ErrorKind::NameTooLong));
        }
        match next {
            Some(next) => {
                start = next;
                index += 1;
            }
            None => return check_top_level(&label, options),
        }
    }
    check_labels(
        name,
        format,
        options,
        Prefix {
            start,
            scanned: at,
            index,
            octets,
            ltr: least_first >= b'A',
        },
    )
}

/// The rule on the last label, the top-level one (the root dot, where the options accept it,
/// is already stripped): it is not all-numeric. RFC 1123 section 2.1: "a valid host name can
/// never have the dotted-decimal form #.#.#.#, since at least the highest-level component label
/// will be alphabetic"; RFC 3696 section 2: "top-level domain names are not all-numeric". A
/// name of one label is its own top-level label, so `123` is refused too. All-numeric means
/// ASCII digits only, the digits of the RFCs; a U-label of other digits is left to the IDNA2008
/// rules. Checked after the label's own rules and the name's length, before the Bidi rule.
fn check_top_level(label: &Label<'_>, options: &Options) -> Result<(), Violation> {
    if !options.numeric_tld && label.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(label.whole(ErrorKind::NumericTopLevelLabel));
    }
    Ok(())
}

/// Where [`check`]'s loop over the plain LDH labels left off: the next label's byte offset, the
/// end of its run of letters, digits and hyphens, its index, the length of the labels before it
/// with their separators, and whether they all satisfy the Bidi rule.
struct Prefix {
    start: usize,
    scanned: usize,
    index: usize,
    octets: usize,
    ltr: bool,
}

/// [`check`] from the first label that is not a plain LDH label on.
fn check_labels(
    name: &str,
    format: Format,
    options: &Options,
    prefix: Prefix,
) -> Result<(), Violation> {
    let bytes = name.as_bytes();
    let Prefix {
        mut start,
        scanned,
        mut index,
        mut octets,
        ltr,
    } = prefix;
    // The first label that the first RTL label must walk again for the Bidi rule: the labels
    // of `check`'s loop are known to satisfy it when they start with letters (most RTL labels
    // as names occur are a TLD after such labels). Measured as above, against walking them:
    // A-label forms 637,833 to 605,988 (-5.0 %), U-label forms 471,334 to 436,714 (-7.3 %);
    // the ASCII names pay for the least first byte, 122,874 to 128,809 (+4.8 %). Tracking
    // every label of this loop as well saved a little more on those (612,985 and 444,425) but
    // cost the names without an RTL label up to 4.6 % (Latin U-labels), and was left out.
    let rewalk_from = if ltr { (start, index) } else { (0, 0) };
    let mut buf = EMPTY_LABEL;
    // `octets` is the length of the name in A-label form so far; an upper bound while `exact`
    // is false.
    let mut exact = true;
    // How a U-label's length is taken: bounded by its UTF-8 length where the whole name stays
    // within 253 octets at 6 octets a byte (see `label::utf8_len_bound`), by its code points
    // otherwise, and exactly once the bounds have been found too loose.
    let mut measure = if octets + 6 * (bytes.len() - start + 1) <= MAX_NAME_OCTETS {
        Measure::Loose
    } else {
        Measure::Bound
    };
    let mut bidi_domain = false;
    let mut bidi_error: Option<Violation> = None;
    let mut scanned = Some(scanned);
    loop {
        // The LDH scan: letters, digits and hyphens up to a separator or the end (the first
        // label's was done by `check`).
        let at = scanned
            .take()
            .unwrap_or_else(|| ascii::ldh_run(bytes, start));
        let (end, next, scan) = match bytes.get(at) {
            None => (at, None, Scan::Ldh),
            Some(b'.') => (at, Some(at + 1), Scan::Ldh),
            Some(_) if format == Format::IdnHostname => scan_idn_label(name, start, at, &mut buf),
            Some(_) => {
                let (end, next) = label_end(bytes, at, format);
                (end, next, Scan::Other)
            }
        };
        let label = Label {
            text: name.get(start..end).unwrap_or(""),
            index,
            start,
        };
        if label.text.is_empty() {
            return Err(label.whole(ErrorKind::EmptyLabel));
        }
        let checked = check_label(&label, format, options, &mut buf, scan, measure)?;
        octets += checked.octets + usize::from(index > 0);
        exact &= checked.exact;
        if octets > MAX_NAME_OCTETS {
            if exact {
                return Err(Violation::name(ErrorKind::NameTooLong));
            }
            // Some lengths were upper bounds: measure the labels so far exactly, and every
            // label after them.
            octets = octets.saturating_sub(overestimate(name, format, index, measure, &mut buf));
            exact = true;
            measure = Measure::Exact;
            if octets > MAX_NAME_OCTETS {
                return Err(Violation::name(ErrorKind::NameTooLong));
            }
            // The buffer was reused: the current label's code points are written again.
            if checked.chars.is_some() {
                refill(&label, &mut buf)?;
            }
        }
        // Either scope reports the Bidi rule only once every label has passed its own rules.
        match options.bidi_scope {
            BidiScope::RtlLabels => {
                if checked.bidi.rtl && bidi_error.is_none() {
                    bidi_error = check_bidi(&label, &checked, &mut buf).err();
                }
            }
            BidiScope::DomainName => {
                if checked.bidi.rtl && !bidi_domain {
                    bidi_domain = true;
                    // RFC 5893 section 2: in a Bidi domain name every label, LTR and ASCII ones
                    // included, satisfies the rule; the labels before the first RTL one are
                    // decoded again (names without RTL labels pay nothing), but for those known
                    // to satisfy it already.
                    let (from, first) = rewalk_from;
                    // Without this test (it only skips the zeroed buffer when no label is to
                    // be walked), `is_idn_hostname` on the U-label forms of realistic.txt takes
                    // 360,422 → 363,797 instructions a pass, on the Arabic names 436,542 →
                    // 446,234 (callgrind, as `tools/corpus/count.sh 5` counts them).
                    if first < index {
                        let mut before = EMPTY_LABEL;
                        for earlier in labels_from(name, format, from, first).take(index - first) {
                            let n = refill(&earlier, &mut before)?;
                            if bidi_error.is_none() {
                                bidi_error = walk_bidi(&earlier, n, &mut before).err();
                            }
                        }
                    }
                    if bidi_error.is_none() {
                        bidi_error = check_bidi(&label, &checked, &mut buf).err();
                    }
                } else if bidi_domain && bidi_error.is_none() {
                    bidi_error = check_bidi(&label, &checked, &mut buf).err();
                }
            }
        }
        match next {
            Some(next) => {
                start = next;
                index += 1;
            }
            None => {
                check_top_level(&label, options)?;
                break;
            }
        }
    }
    match bidi_error {
        Some(violation) => Err(violation),
        None => Ok(()),
    }
}

/// How much the lengths of labels `0..=last` of a name whose labels have passed [`check_label`]
/// with `measure` add up to more than their exact lengths: the rare path (a name whose bounds
/// add up to more than 253 octets). A label that was bounded is told by taking its bound again,
/// which every label that was measured exactly passes 63 octets by; nothing is kept for it in
/// the loop, where a table of the measured lengths cost clearing 128 bytes a name (callgrind,
/// `tools/corpus/count.sh 5 realistic`, instructions a pass: `is_idn_hostname` on the U-label
/// forms 396,381 to 393,337), and measuring every label again cost 11.7 % on the names of 253
/// octets (3,080,804 to 3,441,983; taking the bounds again, 3,076,314).
fn overestimate(
    name: &str,
    format: Format,
    last: usize,
    measure: Measure,
    buf: &mut LabelBuffer,
) -> usize {
    labels(name, format)
        .take(last + 1)
        .filter(|label| !label.text.is_ascii())
        .filter_map(|label| {
            let chars = label::collect_chars(label.text, buf).and_then(|n| buf.get(..n))?;
            let bound = label::len_bound(label.text.len(), chars, measure)?;
            let exact = ACE_PREFIX.len() + punycode::encoded_len(chars).ok()?;
            Some(bound.saturating_sub(exact))
        })
        .sum()
}

/// Writes the U-label form of a label that has passed [`check_label`] into `buf` again; `None`
/// when it is ASCII and not an A-label.
fn refill(label: &Label<'_>, buf: &mut LabelBuffer) -> Result<Option<usize>, Violation> {
    if label.text.is_ascii() {
        if let Some(payload) = strip_ace_prefix(label.text.as_bytes()) {
            // The label has passed `check_alabel` already: decoding it again is enough, with
            // its basic code points in lower case as `check_alabel` gives them.
            return punycode::decode_alabel_into(payload, buf)
                .map(|(n, _)| Some(n))
                .map_err(|e| label.whole(ErrorKind::InvalidPunycode(e)));
        }
        return Ok(None);
    }
    Ok(label::collect_chars(label.text, buf))
}

/// What the scan that found a label's end learnt of it.
#[derive(Clone, Copy)]
enum Scan {
    /// Letters, digits and hyphens only.
    Ldh,
    /// A non-ASCII label whose code points, this many, are in the buffer.
    Collected(usize),
    /// Anything else: nothing more is known.
    Other,
}

/// For `idn-hostname`, the label that starts at byte `start` and whose letters, digits and
/// hyphens end at `at`, before a byte that is neither one nor a full stop: its end, the next
/// label's start, and its code points written into `buf` when it holds a non-ASCII one and
/// they fit. The label is decoded once, its separator found on the way, where finding its end
/// first and decoding it after read each byte twice. Measured (callgrind,
/// `tools/corpus/count.sh 5 realistic`, `is_idn_hostname`, instructions a pass): the U-label
/// forms 418,033 to 410,588; the A-label forms (`is_hostname`) 605,988 to 608,254.
fn scan_idn_label(
    name: &str,
    start: usize,
    at: usize,
    buf: &mut LabelBuffer,
) -> (usize, Option<usize>, Scan) {
    let ldh = name.as_bytes().get(start..at).unwrap_or(&[]);
    if ldh.len() < buf.len() {
        for (slot, &b) in buf.iter_mut().zip(ldh) {
            *slot = char::from(b);
        }
        let mut n = ldh.len();
        let mut wide = false;
        for (i, c) in name.get(at..).unwrap_or("").char_indices() {
            if Format::IdnHostname.is_separator(c) {
                let scan = if wide {
                    Scan::Collected(n)
                } else {
                    Scan::Other
                };
                return (at + i, Some(at + i + c.len_utf8()), scan);
            }
            let Some(slot) = buf.get_mut(n) else {
                // Longer than any U-label: found to be so again by `check_ulabel`.
                let (end, next) = label_end(name.as_bytes(), at + i, Format::IdnHostname);
                return (end, next, Scan::Other);
            };
            *slot = c;
            n += 1;
            wide |= !c.is_ascii();
        }
        let scan = if wide {
            Scan::Collected(n)
        } else {
            Scan::Other
        };
        return (name.len(), None, scan);
    }
    let (end, next) = label_end(name.as_bytes(), at, Format::IdnHostname);
    (end, next, Scan::Other)
}

/// Checks one label; `scan` tells what finding its end learnt of it; `measure` how a U-label's
/// length in A-label form is taken.
fn check_label(
    label: &Label<'_>,
    format: Format,
    options: &Options,
    buf: &mut LabelBuffer,
    scan: Scan,
    measure: Measure,
) -> Result<Checked, Violation> {
    let ldh = matches!(scan, Scan::Ldh);
    if let Scan::Collected(n) = scan {
        let checked = label::check_collected_ulabel(label, buf, n, measure)?;
        return Ok(Checked {
            octets: checked.octets,
            exact: checked.exact,
            bidi: checked.bidi,
            chars: Some(checked.chars),
        });
    }
    if ldh || label.text.is_ascii() {
        if ldh {
            label::check_ldh_shape(label)?;
        } else {
            label::check_ldh(label, options.underscore)?;
        }
        if label.has_ace_prefix() {
            let (n, bidi) = label::check_alabel(label, buf)?;
            return Ok(Checked {
                octets: label.text.len(),
                exact: true,
                bidi,
                chars: Some(n),
            });
        }
        if format == Format::IdnHostname && label.has_hyphens_3_4() {
            return Err(label.whole(ErrorKind::ReservedLdhLabel));
        }
        // Nothing is known of its Bidi classes yet: `check_bidi` finds out if it must.
        return Ok(Checked {
            octets: label.text.len(),
            exact: true,
            bidi: LabelBidi {
                rtl: false,
                satisfies_rule: false,
            },
            chars: None,
        });
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
            let checked = label::check_ulabel(label, buf, measure)?;
            Ok(Checked {
                octets: checked.octets,
                exact: checked.exact,
                bidi: checked.bidi,
                chars: Some(checked.chars),
            })
        }
    }
}

/// The Bidi rule on one label that has passed [`check_label`], unless that check found it
/// satisfied already (see [`walk_bidi`]).
fn check_bidi(
    label: &Label<'_>,
    checked: &Checked,
    buf: &mut LabelBuffer,
) -> Result<(), Violation> {
    if checked.bidi.satisfies_rule {
        return Ok(());
    }
    walk_bidi(label, checked.chars, buf)
}

/// The Bidi rule on one label that has passed [`check_label`], on its U-label form: the `n`
/// code points in `buf`, or the label's own ASCII when `n` is `None`.
fn walk_bidi(label: &Label<'_>, n: Option<usize>, buf: &mut LabelBuffer) -> Result<(), Violation> {
    if n.is_none() && bidi::is_ltr_ldh(label.text.as_bytes()) {
        return Ok(());
    }
    let from_alabel = label.text.is_ascii() && label.has_ace_prefix();
    let n = match n {
        Some(n) => n,
        None => label::collect_chars(label.text, buf)
            .ok_or_else(|| label.whole(ErrorKind::LabelTooLong))?,
    };
    let chars = buf.get(..n).unwrap_or(&[]);
    bidi::check_label(chars).map_err(|(i, rule)| {
        let kind = ErrorKind::Bidi(rule);
        if from_alabel {
            label
                .violation(kind, 0, chars.get(i).copied())
                .in_decoding()
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
