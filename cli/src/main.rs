//! `idn-hostname`: checks host names from the command line or standard input, or converts them
//! with UTS #46.
//!
//! What it promises (issues 14 and 15): one text line or one JSON object per name, of the shape
//! the README documents; exit status 0, 1 or 2 as `--help` says, a closed standard output
//! included; bounded memory on any input (a line is held up to [`lines::MAX_LINE`] bytes); no
//! panic, so every write goes through a `Result`.

#![forbid(unsafe_code)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod lines;
mod output;

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use idn_hostname::security::{DisplayPolicy, LookalikeError, LookalikeSet};
use idn_hostname::{Options, check_idn_hostname, uts46};

use lines::{Line, Lines, MAX_LINE};
use output::{Conversion, Extra, Source, Summary, Verdict};

const LONG_ABOUT: &str = "\
Checks each NAME (or, with none, each line of standard input, as it streams in) as a JSON \
Schema `idn-hostname` (the default: IDNA2008, RFC 5890-5893) or `hostname` (RFC 1123 section \
2.1 with valid A-labels), and prints one line per name: the name, then `valid` or `invalid:` \
and the rule it breaks, with its label and code point.

Only the line terminator (LF or CR LF) is stripped from an input line: a space or a trailing dot \
is part of the name judged. A line that is not UTF-8 is invalid (`not-utf-8`, with its line \
number; its bytes that are not UTF-8 are shown as U+FFFD). A line longer than 4096 bytes is \
invalid (`line-too-long`, with its number and length; only its first bytes are shown) and the \
rest of it is skipped: no valid name is that long.";

const AFTER_HELP: &str = "\
Reading standard input with standard error on a terminal, a count of the lines read is shown \
there once the input passes 200000 lines.

Exit status: 0 when every name judged is valid, 1 when any is invalid (or, with --lookalike-of, \
imitates a trusted name), 2 on a usage error (an unreadable or invalid --lookalike-of FILE \
included), an unreadable standard input or an error writing standard output. When standard output is closed \
by its reader (`| head`), the command stops quietly, with the status of the names judged until \
then: 1 if one of them was invalid, 0 otherwise.

Examples:
  idn-hostname bücher.example i.xn--ls8h 例え。テスト
  idn-hostname --format hostname --json < names.txt
  idn-hostname --summary < one-million-names.txt
  idn-hostname --invalid --summary --format hostname < zone-names.txt
  idn-hostname --to-ascii Bücher.example faß.de
  idn-hostname --display --lookalike-of trusted.txt раураl.com bücher.example
  printf 'a.example\\nb..example\\n' | idn-hostname --json";

/// Checks host names (JSON Schema `idn-hostname` or `hostname`), or converts them with UTS #46.
#[derive(Parser)]
#[command(
    name = "idn-hostname",
    version,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    max_term_width = 100
)]
struct Cli {
    /// The names to judge; with none, each line of standard input.
    #[arg(value_name = "NAME", value_parser = clap::value_parser!(OsString))]
    names: Vec<OsString>,

    /// The JSON Schema format to check [default: idn-hostname].
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Format>,

    /// Convert with UTS #46 ToASCII instead of checking.
    ///
    /// Section 4.2, default flags: Nontransitional, CheckHyphens, CheckBidi, CheckJoiners,
    /// UseSTD3ASCIIRules, VerifyDnsLength. Prints `NAME: A-LABEL-FORM`; an error gives its UTS #46
    /// clause and IdnaTestV2 status codes.
    #[arg(long, conflicts_with_all = ["format", "to_unicode"])]
    to_ascii: bool,

    /// Convert with UTS #46 ToUnicode instead of checking.
    ///
    /// Section 4.3, the same flags: `NAME: UNICODE-FORM`; on an error the converted form is
    /// printed too, after the status codes.
    #[arg(long, conflicts_with = "format")]
    to_unicode: bool,

    /// Print one JSON object per line (the shape is in the README).
    ///
    /// {"name":..,"valid":true}, or {"name":..,"valid":false,"error":{"code":..,"message":..,
    /// "label":..,"offset":..,"code_point":..,"line":..,"argument":..}}; conversions add
    /// "ascii" or "unicode" beside "valid" and "statuses" inside "error".
    #[arg(long)]
    json: bool,

    /// Print only a summary at the end: names, valid, invalid, and the invalid ones by code.
    ///
    /// With --json, one object {"summary":{"names":..,"valid":..,"invalid":..,"by_code":{..}}}.
    #[arg(long)]
    summary: bool,

    /// With --summary: print every name's line too, then the summary.
    #[arg(long, conflicts_with = "invalid")]
    all: bool,

    /// Print the lines of invalid names only (with --summary: then the summary).
    #[arg(long)]
    invalid: bool,

    /// Accept one trailing dot, the root of a fully qualified name (RFC 1034 section 3.1).
    ///
    /// A departure from the formats, for checks only.
    #[arg(long, conflicts_with_all = ["to_ascii", "to_unicode"])]
    trailing_dot: bool,

    /// Accept labels that start with an underscore, as `_dmarc` (RFC 8552).
    ///
    /// A departure from the formats, for checks only.
    #[arg(long, conflicts_with_all = ["to_ascii", "to_unicode"])]
    underscore: bool,

    /// Accept an all-numeric top-level label (`example.123`, `192.168.0.1`), the reading
    /// before RFC 1123 section 2.1 and RFC 3696 section 2.
    ///
    /// A departure from the formats, for checks only.
    #[arg(long, conflicts_with_all = ["to_ascii", "to_unicode"])]
    numeric_tld: bool,

    /// Map with UTS #46 (section 4 steps 1 and 2) before the IDNA2008 rules: `Bücher.de` passes.
    ///
    /// A departure from the `idn-hostname` format, for checks only.
    #[arg(long, conflicts_with_all = ["to_ascii", "to_unicode"])]
    uts46_mapping: bool,

    /// Show each valid name as a careful browser would (UTS #39): each label in Unicode, or as
    /// its A-label with the reasons' codes.
    ///
    /// Text: `NAME: valid; shown as SHOWN (label N "LABEL": a-label for CODE, ...)`. JSON adds
    /// "display" (the name as shown) and "display_labels" ([{"label","form","reasons"}]), null
    /// for an invalid name. The name is checked as an `idn-hostname`, with no departure.
    #[arg(long, conflicts_with_all = [
        "format", "to_ascii", "to_unicode", "trailing_dot", "underscore", "numeric_tld",
        "uts46_mapping",
    ])]
    display: bool,

    /// With --display: whose display policy [default: chromium].
    #[arg(long, value_enum, value_name = "POLICY", requires = "display")]
    policy: Option<Policy>,

    /// Flag each valid name whose UTS #39 skeleton is that of a name in FILE without being it.
    ///
    /// FILE: trusted names, one a line (valid `idn-hostname`s; empty lines and lines starting
    /// with `#` are skipped). Text adds `; imitates "TRUSTED"`, JSON "lookalike_of" (the trusted
    /// name or null). A flagged name makes the exit status 1.
    #[arg(long, value_name = "FILE", value_parser = clap::value_parser!(PathBuf),
          conflicts_with_all = ["to_ascii", "to_unicode"])]
    lookalike_of: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Policy {
    /// Chromium's model (`DisplayPolicy::new`): Highly Restrictive.
    Chromium,
    /// Firefox's default (`DisplayPolicy::moderate`): Moderately Restrictive.
    Firefox,
}

/// What the security options ask of each valid name.
struct Security {
    display: Option<DisplayPolicy>,
    lookalikes: Option<LookalikeSet>,
}

impl Security {
    /// The verdict of `name` and what the security options add to it.
    fn judge<'a>(&'a self, mode: Mode, name: &'a str) -> (Verdict, Extra<'a>) {
        let (verdict, display) = match self.display {
            Some(policy) => match policy.verdict(name) {
                Ok(shown) => (Verdict::Valid, Some(Some(shown))),
                Err(e) => (Verdict::Invalid(e), Some(None)),
            },
            None => (mode.judge(name), None),
        };
        let lookalike = self
            .lookalikes
            .as_ref()
            .map(|set| verdict.is_valid().then(|| set.lookup(name)).flatten());
        (verdict, Extra { display, lookalike })
    }

    /// What the options add to an input that is not judged (not UTF-8, too long).
    fn none(&self) -> Extra<'static> {
        Extra {
            display: self.display.map(|_| None),
            lookalike: self.lookalikes.as_ref().map(|_| None),
        }
    }
}

/// The trusted names of `--lookalike-of FILE`, or the usage error's first line.
fn read_trusted(path: &Path) -> Result<LookalikeSet, String> {
    let at = |what: fmt::Arguments<'_>| format!("--lookalike-of {}: {what}", path.display());
    let bytes = std::fs::read(path).map_err(|e| at(format_args!("cannot read it: {e}")))?;
    let mut names = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let n = i + 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = std::str::from_utf8(line).map_err(|e| {
            at(format_args!(
                "line {n} is not UTF-8 (byte {})",
                e.valid_up_to()
            ))
        })?;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        check_idn_hostname(line).map_err(|e| {
            at(format_args!(
                "line {n}: {line:?} is not a valid idn-hostname: {e}"
            ))
        })?;
        names.push((n, line));
    }
    LookalikeSet::new(names.iter().map(|&(_, name)| name)).map_err(|e| {
        let (LookalikeError::InvalidName(name, _) | LookalikeError::TooManyMarks(name)) = &e;
        let n = names
            .iter()
            .find(|&&(_, l)| l == name)
            .map_or(0, |&(n, _)| n);
        at(format_args!("line {n}: {e}"))
    })
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// RFC 1123 section 2.1 host names with valid A-labels.
    Hostname,
    /// RFC 5890 section 2.3.2.3 internationalized host names.
    IdnHostname,
}

/// What is done with each name.
#[derive(Clone, Copy)]
enum Mode {
    Check(Format, Options),
    ToAscii,
    ToUnicode,
}

impl Mode {
    fn conversion(self) -> Conversion {
        match self {
            Mode::Check(..) => Conversion::None,
            Mode::ToAscii => Conversion::ToAscii,
            Mode::ToUnicode => Conversion::ToUnicode,
        }
    }

    fn judge(self, name: &str) -> Verdict {
        let checked = |result: Result<(), idn_hostname::Error>| match result {
            Ok(()) => Verdict::Valid,
            Err(e) => Verdict::Invalid(e),
        };
        match self {
            Mode::Check(Format::Hostname, options) => checked(options.check_hostname(name)),
            Mode::Check(Format::IdnHostname, options) => checked(options.check_idn_hostname(name)),
            Mode::ToAscii => match uts46::to_ascii(name, uts46::Options::default()) {
                Ok(value) => Verdict::Converted(value),
                Err(error) => Verdict::ConversionFailed {
                    error,
                    unicode: None,
                },
            },
            Mode::ToUnicode => match uts46::to_unicode(name, uts46::Options::default()) {
                (value, Ok(())) => Verdict::Converted(value),
                (value, Err(error)) => Verdict::ConversionFailed {
                    error,
                    unicode: Some(value),
                },
            },
        }
    }
}

/// Which per-name lines are printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Print {
    All,
    Invalid,
    None,
}

/// Why the command stopped before the end.
enum Failure {
    Read(io::Error),
    Write(io::Error),
}

/// Prints what the options ask for about each name, and counts it.
struct Sink<'s, W: Write> {
    out: W,
    security: &'s Security,
    json: bool,
    print: Print,
    conversion: Conversion,
    summary: Summary,
}

impl<W: Write> Sink<'_, W> {
    /// Judges `name` and takes its verdict.
    fn judge(&mut self, mode: Mode, name: &str, source: Source) -> Result<(), Failure> {
        let security = self.security;
        let (verdict, extra) = security.judge(mode, name);
        self.take(name, source, &verdict, &extra)
    }

    /// Takes the verdict of an input that could not be judged (not UTF-8, too long).
    fn take_unjudged(
        &mut self,
        name: &str,
        source: Source,
        verdict: &Verdict,
    ) -> Result<(), Failure> {
        let extra = self.security.none();
        self.take(name, source, verdict, &extra)
    }

    fn take(
        &mut self,
        name: &str,
        source: Source,
        verdict: &Verdict,
        extra: &Extra<'_>,
    ) -> Result<(), Failure> {
        self.summary.add(verdict, extra);
        let print = match self.print {
            Print::All => true,
            Print::Invalid => !verdict.is_valid() || extra.is_lookalike(),
            Print::None => false,
        };
        if print {
            output::write_line(
                &mut self.out,
                self.json,
                self.conversion,
                name,
                source,
                verdict,
                extra,
            )
            .map_err(Failure::Write)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(Failure::Write)
    }
}

/// A line on standard error. If standard error cannot be written either there is no one to
/// tell, so its own error is dropped.
fn say(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// Lines of standard input after which a progress count appears on a terminal.
const PROGRESS_AFTER: u64 = 200_000;
/// Lines between two updates of the progress count.
const PROGRESS_EVERY: u64 = 50_000;

/// A `\r` line count on standard error, for long inputs read with a person watching.
struct Progress {
    enabled: bool,
    shown: bool,
}

impl Progress {
    fn tick(&mut self, line: u64) {
        if self.enabled && line >= PROGRESS_AFTER && line.is_multiple_of(PROGRESS_EVERY) {
            say(format_args!("\ridn-hostname: {line} lines read"));
            self.shown = true;
        }
    }

    fn finish(&mut self) {
        if self.shown {
            // Blank the count out so that it does not mix with what follows on the terminal.
            say(format_args!("\r{:60}\r", ""));
            self.shown = false;
        }
    }
}

/// What a line too long to hold shows as its name: its first bytes (up to a whole code point)
/// and an ellipsis.
fn preview(head: &[u8]) -> String {
    const SHOWN: usize = 64;
    let mut cut = head.get(..SHOWN).unwrap_or(head);
    if let Err(e) = std::str::from_utf8(cut)
        && e.error_len().is_none()
    {
        cut = cut.get(..e.valid_up_to()).unwrap_or(cut);
    }
    format!("{}…", String::from_utf8_lossy(cut))
}

fn judge_arguments<W: Write>(
    sink: &mut Sink<'_, W>,
    mode: Mode,
    names: &[OsString],
) -> Result<(), Failure> {
    for (i, name) in names.iter().enumerate() {
        let source = Source::Argument(i + 1);
        match name.to_str() {
            Some(name) => sink.judge(mode, name, source)?,
            None => {
                let bytes = name.as_encoded_bytes();
                let at = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |_| 0);
                sink.take_unjudged(&name.to_string_lossy(), source, &Verdict::NotUtf8 { at })?;
            }
        }
    }
    Ok(())
}

fn judge_stdin<W: Write>(sink: &mut Sink<'_, W>, mode: Mode) -> Result<(), Failure> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        say(format_args!(
            "idn-hostname: reading names from the terminal, one a line; end with Ctrl-D \
             (names can also be arguments: idn-hostname --help)\n"
        ));
    }
    let mut progress = Progress {
        enabled: io::stderr().is_terminal(),
        shown: false,
    };
    // Our own buffer, to see when the next read may wait for the writer.
    let mut lines = Lines::new(stdin.lock(), MAX_LINE, 1 << 16);
    loop {
        // Streaming: before a read that may block, hand out the verdicts so far, so that a
        // program feeding names one at a time gets each answer; a large file costs one flush
        // per 64 KiB read.
        if !lines.pending() {
            sink.flush()?;
        }
        let Some((n, line)) = lines.next_line().map_err(Failure::Read)? else {
            break;
        };
        progress.tick(n);
        let source = Source::Line(n);
        match line {
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(name) => sink.judge(mode, name, source)?,
                Err(e) => {
                    let verdict = Verdict::NotUtf8 {
                        at: e.valid_up_to(),
                    };
                    sink.take_unjudged(&String::from_utf8_lossy(bytes), source, &verdict)?;
                }
            },
            Line::TooLong { head, len } => {
                let verdict = Verdict::LineTooLong { len, max: MAX_LINE };
                sink.take_unjudged(&preview(head), source, &verdict)?;
            }
        }
    }
    progress.finish();
    Ok(())
}

/// A usage error in two lines: what was wrong (with clap's hints), then where to look.
fn usage_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut what = String::new();
    let mut hints = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        match line.strip_prefix("error: ") {
            Some(rest) if what.is_empty() => what = rest.to_string(),
            _ if !line.is_empty() => hints.push(line.strip_prefix("tip: ").unwrap_or(line)),
            _ => {}
        }
    }
    if what.is_empty() {
        what = e.kind().to_string();
    }
    hints.push("try 'idn-hostname --help'");
    format!("idn-hostname: {what}\n{}\n", hints.join("; "))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let mut out = io::stdout().lock();
                let written = write!(out, "{}", e.render()).and_then(|()| out.flush());
                return match written {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                    Err(e) => {
                        say(format_args!(
                            "idn-hostname: cannot write to standard output: {e}\n"
                        ));
                        ExitCode::from(2)
                    }
                };
            }
            say(format_args!("{}", usage_error(&e)));
            return ExitCode::from(2);
        }
    };
    let mode = if cli.to_ascii {
        Mode::ToAscii
    } else if cli.to_unicode {
        Mode::ToUnicode
    } else {
        let options = Options::new()
            .allow_trailing_dot(cli.trailing_dot)
            .allow_underscore_labels(cli.underscore)
            .allow_numeric_tld(cli.numeric_tld)
            .uts46_mapping(cli.uts46_mapping);
        Mode::Check(cli.format.unwrap_or(Format::IdnHostname), options)
    };
    let print = match (cli.summary, cli.all, cli.invalid) {
        (_, _, true) => Print::Invalid,
        (true, false, false) => Print::None,
        (_, true, false) | (false, false, false) => Print::All,
    };
    let lookalikes = match cli.lookalike_of.as_deref().map(read_trusted).transpose() {
        Ok(set) => set,
        Err(what) => {
            say(format_args!(
                "idn-hostname: {what}\ntry 'idn-hostname --help'\n"
            ));
            return ExitCode::from(2);
        }
    };
    let security = Security {
        display: cli.display.then(|| match cli.policy {
            Some(Policy::Firefox) => DisplayPolicy::moderate(),
            Some(Policy::Chromium) | None => DisplayPolicy::new(),
        }),
        lookalikes,
    };
    let mut sink = Sink {
        out: BufWriter::new(io::stdout().lock()),
        security: &security,
        json: cli.json,
        print,
        conversion: mode.conversion(),
        summary: Summary::new(security.lookalikes.is_some()),
    };
    let mut result = if cli.names.is_empty() {
        judge_stdin(&mut sink, mode)
    } else {
        judge_arguments(&mut sink, mode, &cli.names)
    };
    if result.is_ok() && cli.summary {
        result = sink
            .summary
            .write(&mut sink.out, cli.json)
            .map_err(Failure::Write);
    }
    // Hand out the verdicts judged, after a read error too; a failed write is not retried.
    if !matches!(result, Err(Failure::Write(_))) {
        result = result.and(sink.flush());
    }
    let judged = ExitCode::from(u8::from(sink.summary.any_failed()));
    match result {
        Ok(()) => judged,
        // A closed pipe (`| head`) is the reader's choice, not a failure of the check.
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => judged,
        Err(Failure::Write(e)) => {
            say(format_args!(
                "idn-hostname: cannot write to standard output: {e}\n"
            ));
            ExitCode::from(2)
        }
        Err(Failure::Read(e)) => {
            say(format_args!(
                "idn-hostname: cannot read standard input: {e}\n"
            ));
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use output::write_shown;

    #[test]
    fn the_arguments_are_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn a_preview_ends_on_a_whole_code_point() {
        // "é" is two bytes in UTF-8 (RFC 3629): 63 ASCII bytes and "é" cut at 64 bytes.
        let mut head = vec![b'a'; 63];
        head.extend_from_slice("é".as_bytes());
        assert_eq!(preview(&head), format!("{}…", "a".repeat(63)));
        assert_eq!(preview(b"ab"), "ab…");
        // A byte that is no UTF-8 anywhere is shown as U+FFFD.
        assert_eq!(preview(b"\xFFb"), "\u{FFFD}b…");
    }

    #[test]
    fn shown_escapes_only_what_cannot_be_seen() {
        let shown = |name: &str| {
            let mut out = Vec::new();
            write_shown(&mut out, name).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(shown("हिन्दी a"), "हिन्दी a");
        assert_eq!(shown("a\tb\0\\"), "a\\u{9}b\\u{0}\\\\");
        assert_eq!(
            shown("a\u{7F}\u{85}\u{A0}\u{3000} b"),
            "a\\u{7F}\\u{85}\\u{A0}\\u{3000} b"
        );
    }
}
