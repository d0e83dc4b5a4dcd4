//! What the command prints for a name: one text line, or one JSON object of the shape the
//! README documents ("JSON output"), and the summary. The JSON comes from the `Serialize`
//! structs below, so that every line has the same keys for the same mode.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};

use idn_hostname::security::{DisplayVerdict, Form};
use idn_hostname::{Error, uts46};
use serde::Serialize;

/// Where an input came from: a line of standard input or a NAME argument, numbered from 1.
#[derive(Clone, Copy, Debug)]
pub enum Source {
    Line(u64),
    Argument(usize),
}

/// Which conversion, if any, the command runs: it decides the keys of a JSON line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Conversion {
    None,
    ToAscii,
    ToUnicode,
}

/// What the security options (`--display`, `--lookalike-of`) add to a name's line: `None` when
/// the option is off, `Some(None)` when it is on and the name is not valid (no verdict is given
/// on an invalid name), so that every line of a mode has the same keys.
#[derive(Default)]
pub struct Extra<'a> {
    /// `--display`: the library's display verdict of a valid name.
    pub display: Option<Option<DisplayVerdict<'a>>>,
    /// `--lookalike-of`: the trusted name a valid name imitates, if any.
    pub lookalike: Option<Option<&'a str>>,
}

impl Extra<'_> {
    /// Whether `--lookalike-of` flags the name.
    pub fn is_lookalike(&self) -> bool {
        matches!(self.lookalike, Some(Some(_)))
    }
}

/// The JSON and text word for a label's [`Form`].
fn form_code(form: Form) -> &'static str {
    match form {
        Form::Ascii => "ascii",
        Form::Unicode => "unicode",
        Form::ALabel => "a-label",
    }
}

/// What one input came to.
pub enum Verdict {
    /// A valid name (a check).
    Valid,
    /// The rule of the formats the name breaks.
    Invalid(Error),
    /// A UTS #46 conversion's result.
    Converted(String),
    /// A UTS #46 conversion's statuses, with ToUnicode's string (section 4.3 always gives one).
    ConversionFailed {
        error: uts46::Error,
        unicode: Option<String>,
    },
    /// Input that is not UTF-8 (RFC 3629): the offset of its first bad byte.
    NotUtf8 { at: usize },
    /// A line longer than the command reads of a line, with its length.
    LineTooLong { len: u64, max: usize },
}

impl Verdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, Verdict::Valid | Verdict::Converted(_))
    }

    /// The stable code of the fault, as `--json` and `--summary` give it: the library's
    /// [`idn_hostname::ErrorKind::code`], `uts46-` and the first UTS #46 status in kebab case,
    /// `not-utf-8` or `line-too-long`.
    pub fn code(&self) -> Option<Cow<'static, str>> {
        match self {
            Verdict::Valid | Verdict::Converted(_) => None,
            Verdict::Invalid(e) => Some(Cow::Borrowed(e.kind().code())),
            Verdict::ConversionFailed { error, .. } => Some(Cow::Owned(uts46_code(error.first()))),
            Verdict::NotUtf8 { .. } => Some(Cow::Borrowed("not-utf-8")),
            Verdict::LineTooLong { .. } => Some(Cow::Borrowed("line-too-long")),
        }
    }
}

/// The kebab-case code of a UTS #46 status: `V3` is `uts46-v3`, `A4_2` is `uts46-a4-2`.
pub fn uts46_code(status: uts46::Status) -> String {
    let code: String = status
        .code()
        .chars()
        .map(|c| match c {
            '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    format!("uts46-{code}")
}

/// Where an input came from, as a message says it.
struct Place(Source);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Source::Line(n) => write!(f, "line {n}"),
            Source::Argument(n) => write!(f, "argument {n}"),
        }
    }
}

/// The message of a fault, one line.
fn message(verdict: &Verdict, source: Source) -> Option<String> {
    let place = Place(source);
    match verdict {
        Verdict::Valid | Verdict::Converted(_) => None,
        Verdict::Invalid(e) => Some(e.to_string()),
        Verdict::ConversionFailed { error, .. } => Some(error.to_string()),
        Verdict::NotUtf8 { at } => Some(format!("{place} is not UTF-8 (byte {at})")),
        Verdict::LineTooLong { len, max } => Some(format!(
            "{place} is {len} bytes long; the command judges lines of at most {max} bytes, \
             and a valid name is shorter (RFC 1034 section 3.1)"
        )),
    }
}

/// One line of `--json`.
#[derive(Serialize)]
struct JsonLine<'a> {
    name: &'a str,
    valid: bool,
    /// `--to-ascii` only: the A-label form, null on an error.
    #[serde(skip_serializing_if = "Option::is_none")]
    ascii: Option<Option<&'a str>>,
    /// `--to-unicode` only: ToUnicode's string, null where the input could not be converted.
    #[serde(skip_serializing_if = "Option::is_none")]
    unicode: Option<Option<&'a str>>,
    /// `--display` only: the name as shown, null when the name is not valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    display: Option<Option<String>>,
    /// `--display` only: each label's verdict, null when the name is not valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    display_labels: Option<Option<Vec<JsonLabel<'a>>>>,
    /// `--lookalike-of` only: the trusted name imitated, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    lookalike_of: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<JsonError<'a>>,
}

/// One label of `display_labels`: as written, its form, and the reasons' codes (empty unless
/// the form is `a-label`).
#[derive(Serialize)]
struct JsonLabel<'a> {
    label: &'a str,
    form: &'static str,
    reasons: Vec<&'static str>,
}

/// The `error` object: the same keys in every error (null where one does not apply), and
/// `statuses` in every error of a conversion.
#[derive(Serialize)]
struct JsonError<'a> {
    code: &'a str,
    message: &'a str,
    /// The label at fault, from 1: the number in the message.
    label: Option<usize>,
    /// The byte offset in the input of the fault.
    offset: Option<u64>,
    /// `U+XXXX`.
    code_point: Option<String>,
    /// The line of standard input, or null for an argument.
    line: Option<u64>,
    /// The NAME argument (the first is 1), or null for a line of standard input.
    argument: Option<usize>,
    /// What the input looks like when it is a common mistake (the library's `Hint`), with
    /// the valid name in it where there is one; null otherwise.
    hint: Option<JsonHint<'a>>,
    /// The UTS #46 status codes as IdnaTestV2.txt writes them (`V3`, `A4_2`), conversions only.
    #[serde(skip_serializing_if = "Option::is_none")]
    statuses: Option<Vec<&'static str>>,
}

/// The `hint` object: `Hint::code()` and `Hint::suggestion()`.
#[derive(Serialize)]
struct JsonHint<'a> {
    code: &'static str,
    suggestion: Option<&'a str>,
}

/// Writes the line for one input: `name` as it is shown (the input, or what could be decoded
/// of it).
pub fn write_line(
    out: &mut impl Write,
    json: bool,
    conversion: Conversion,
    name: &str,
    source: Source,
    verdict: &Verdict,
    extra: &Extra<'_>,
) -> io::Result<()> {
    if !json {
        if let Verdict::Valid = verdict
            && (extra.display.is_some() || extra.lookalike.is_some())
        {
            write_shown(out, name)?;
            out.write_all(b": valid")?;
            write_security(out, extra)?;
            return out.write_all(b"\n");
        }
        // Written piece by piece rather than formatted: the line of a valid name costs no
        // formatting and no allocation. Measured (callgrind, the 6,640 names of data/bench one
        // a line, text output): 35,155,429 to 27,896,690 instructions, against 23,892,095 with
        // `--summary`.
        write_shown(out, name)?;
        return match verdict {
            Verdict::Valid => out.write_all(b": valid\n"),
            Verdict::Converted(value) => {
                out.write_all(b": ")?;
                write_shown(out, value)?;
                out.write_all(b"\n")
            }
            Verdict::ConversionFailed {
                error,
                unicode: Some(unicode),
            } => {
                write!(out, ": invalid: {error}; ToUnicode gives \"")?;
                write_shown(out, unicode)?;
                out.write_all(b"\"\n")
            }
            Verdict::Invalid(e) => writeln!(out, ": invalid: {e}"),
            Verdict::ConversionFailed { error, .. } => writeln!(out, ": invalid: {error}"),
            Verdict::NotUtf8 { .. } | Verdict::LineTooLong { .. } => writeln!(
                out,
                ": invalid: {}",
                message(verdict, source).unwrap_or_default()
            ),
        };
    }
    let message = message(verdict, source);
    let code = verdict.code();
    let error = match (&code, &message) {
        (Some(code), Some(message)) => {
            let (label, offset, code_point) = match verdict {
                Verdict::Invalid(e) => (
                    e.label_index().map(|i| i + 1),
                    Some(e.offset() as u64),
                    e.code_point().map(|c| format!("U+{:04X}", u32::from(c))),
                ),
                Verdict::ConversionFailed { error, .. } => {
                    (error.label_index().map(|i| i + 1), None, None)
                }
                Verdict::NotUtf8 { at } => (None, Some(*at as u64), None),
                Verdict::LineTooLong { max, .. } => (None, Some(*max as u64), None),
                _ => (None, None, None),
            };
            let (line, argument) = match source {
                Source::Line(n) => (Some(n), None),
                Source::Argument(n) => (None, Some(n)),
            };
            let statuses = (conversion != Conversion::None).then(|| match verdict {
                Verdict::ConversionFailed { error, .. } => {
                    error.statuses().map(uts46::Status::code).collect()
                }
                _ => Vec::new(),
            });
            let hint = match verdict {
                Verdict::Invalid(e) => e.hint().map(|h| JsonHint {
                    code: h.code(),
                    suggestion: h.suggestion(),
                }),
                _ => None,
            };
            Some(JsonError {
                code: code.as_ref(),
                message: message.as_str(),
                label,
                offset,
                code_point,
                line,
                argument,
                hint,
                statuses,
            })
        }
        _ => None,
    };
    let converted = match verdict {
        Verdict::Converted(value) => Some(value.as_str()),
        Verdict::ConversionFailed {
            unicode: Some(unicode),
            ..
        } => Some(unicode.as_str()),
        _ => None,
    };
    let display = extra
        .display
        .as_ref()
        .map(|d| d.as_ref().map(|d| (d.to_display_string(), json_labels(d))));
    let (display, display_labels) = match display {
        None => (None, None),
        Some(None) => (Some(None), Some(None)),
        Some(Some((shown, labels))) => (Some(Some(shown)), Some(Some(labels))),
    };
    let line = JsonLine {
        name,
        valid: verdict.is_valid(),
        ascii: (conversion == Conversion::ToAscii).then_some(converted),
        unicode: (conversion == Conversion::ToUnicode).then_some(converted),
        display,
        display_labels,
        lookalike_of: extra.lookalike,
        error,
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

fn json_labels<'a>(verdict: &DisplayVerdict<'a>) -> Vec<JsonLabel<'a>> {
    verdict
        .labels()
        .iter()
        .map(|l| JsonLabel {
            label: l.label(),
            form: form_code(l.form()),
            reasons: l.reasons().iter().map(|r| r.code()).collect(),
        })
        .collect()
}

/// The text a valid name's line gets from the security options: `; shown as NAME-AS-SHOWN`,
/// then, for each label shown as its A-label, `label N "LABEL": a-label for CODE, CODE` in
/// parentheses, and `; imitates "TRUSTED"`.
fn write_security(out: &mut impl Write, extra: &Extra<'_>) -> io::Result<()> {
    if let Some(Some(display)) = &extra.display {
        out.write_all(b"; shown as ")?;
        write_shown(out, &display.to_display_string())?;
        let mut first = true;
        for (i, label) in display.labels().iter().enumerate() {
            if label.form() != Form::ALabel {
                continue;
            }
            out.write_all(if first { b" (" } else { b"; " })?;
            first = false;
            write!(out, "label {} \"", i + 1)?;
            write_shown(out, label.label())?;
            write!(out, "\": {}", form_code(label.form()))?;
            for (j, reason) in label.reasons().iter().enumerate() {
                let sep = if j == 0 { " for " } else { ", " };
                write!(out, "{sep}{}", reason.code())?;
            }
        }
        if !first {
            out.write_all(b")")?;
        }
    }
    if let Some(Some(trusted)) = extra.lookalike {
        out.write_all(b"; imitates \"")?;
        write_shown(out, trusted)?;
        out.write_all(b"\"")?;
    }
    Ok(())
}

/// Writes a name as the text output shows it: as written, but for what cannot be seen or would
/// break the line (control characters, white space other than U+0020) and the backslash that
/// starts an escape, written as `\u{XXXX}` or `\\`.
pub fn write_shown(out: &mut impl Write, name: &str) -> io::Result<()> {
    // In ASCII, the controls are below U+0020 and U+007F, and so is all white space but U+0020.
    let escaped_ascii = |b: u8| b < b' ' || b == 0x7F || b == b'\\';
    let escaped = |c: char| match u8::try_from(c) {
        Ok(b) if b.is_ascii() => escaped_ascii(b),
        _ => c.is_control() || c.is_whitespace(),
    };
    if name.bytes().all(|b| b.is_ascii() && !escaped_ascii(b)) {
        return out.write_all(name.as_bytes());
    }
    // Runs of code points shown as they are go out in one write.
    let mut plain = 0;
    for (i, c) in name.char_indices() {
        if !escaped(c) {
            continue;
        }
        out.write_all(name.get(plain..i).unwrap_or("").as_bytes())?;
        match c {
            '\\' => out.write_all(b"\\\\")?,
            c => write!(out, "\\u{{{:X}}}", u32::from(c))?,
        }
        plain = i + c.len_utf8();
    }
    out.write_all(name.get(plain..).unwrap_or("").as_bytes())
}

/// The counts `--summary` prints.
#[derive(Default, Serialize)]
pub struct Summary {
    names: u64,
    valid: u64,
    invalid: u64,
    /// The invalid names counted by [`Verdict::code`].
    by_code: BTreeMap<Cow<'static, str>, u64>,
    /// `--lookalike-of` only: the valid names that imitate a trusted one.
    #[serde(skip_serializing_if = "Option::is_none")]
    lookalikes: Option<u64>,
}

impl Summary {
    /// The summary of a run; `lookalikes` when `--lookalike-of` is given.
    pub fn new(lookalikes: bool) -> Summary {
        Summary {
            lookalikes: lookalikes.then_some(0),
            ..Summary::default()
        }
    }

    pub fn add(&mut self, verdict: &Verdict, extra: &Extra<'_>) {
        if extra.is_lookalike()
            && let Some(n) = &mut self.lookalikes
        {
            *n += 1;
        }
        self.names += 1;
        match verdict.code() {
            None => self.valid += 1,
            Some(code) => {
                self.invalid += 1;
                *self.by_code.entry(code).or_insert(0) += 1;
            }
        }
    }

    /// Whether a name judged fails: invalid, or (with `--lookalike-of`) a lookalike.
    pub fn any_failed(&self) -> bool {
        self.invalid > 0 || self.lookalikes.is_some_and(|n| n > 0)
    }

    pub fn write(&self, out: &mut impl Write, json: bool) -> io::Result<()> {
        if json {
            #[derive(Serialize)]
            struct Wrapper<'a> {
                summary: &'a Summary,
            }
            serde_json::to_writer(&mut *out, &Wrapper { summary: self })
                .map_err(io::Error::from)?;
            return out.write_all(b"\n");
        }
        write!(
            out,
            "summary: {} names, {} valid, {} invalid",
            self.names, self.valid, self.invalid
        )?;
        match self.lookalikes {
            Some(n) => writeln!(out, ", {n} lookalikes")?,
            None => writeln!(out)?,
        }
        // Most frequent code first; ties in the order of the codes.
        let mut codes: Vec<_> = self.by_code.iter().collect();
        codes.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (code, n) in codes {
            writeln!(out, "  {code}: {n}")?;
        }
        Ok(())
    }
}
