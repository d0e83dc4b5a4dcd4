//! `idn-hostname`: checks host names from the command line or standard input.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use idn_hostname::{Error, Options, uts46};

const USAGE: &str = "\
usage: idn-hostname [--format hostname|idn-hostname | --to-ascii | --to-unicode] [--json]
                    [--summary] [--all|--invalid] [--trailing-dot] [--underscore]
                    [--uts46-mapping] [--] [NAME...]

Checks each NAME (or, with none, each line of standard input, as it streams in) as a
JSON Schema `idn-hostname` (the default: IDNA2008, RFC 5890-5893) or `hostname`
(RFC 1123 section 2.1 with valid A-labels), and prints one line per name: the name,
then `valid` or `invalid:` and the rule it breaks, with its label and code point.
Only the line terminator (LF or CR LF) is stripped from an input line: a space or a
trailing dot is part of the name judged. A line that is not UTF-8 is invalid: its
line number is given, and its bytes that are not UTF-8 are shown as U+FFFD.

options:
  --format F   hostname or idn-hostname (default idn-hostname)
  --to-ascii   instead of checking, convert with UTS #46 ToASCII (section 4.2, default
               flags: Nontransitional, CheckHyphens, CheckBidi, CheckJoiners,
               UseSTD3ASCIIRules, VerifyDnsLength) and print `NAME: A-LABEL-FORM`;
               an error gives its UTS #46 clause and IdnaTestV2 status codes
  --to-unicode the same with ToUnicode (section 4.3): `NAME: UNICODE-FORM`; on an
               error the converted form is printed too, after the status codes
  --json       print one JSON object per line instead:
                 {\"name\":..,\"valid\":true} or {\"name\":..,\"valid\":false,\"error\":
                 {\"kind\":..,\"message\":..,\"label_index\":..,\"offset\":..,\"code_point\":..}};
               with --to-ascii/--to-unicode, {\"name\":..,\"valid\":..,\"ascii\"|\"unicode\":..}
               and on an error {\"kind\":FIRST-STATUS,\"statuses\":[..],\"message\":..}
  --summary    print only a summary at the end: the number of names, valid and
               invalid, and the invalid ones counted by the rule they break
               (with --json, one object {\"summary\":{..}})
  --all        with --summary: print every name's line too, then the summary
               (alone, it is the default)
  --invalid    print the lines of invalid names only (with --summary: then the summary)
  -h, --help   print this help

departures from the formats, for checks only (each breaks the JSON Schema format):
  --trailing-dot    accept one trailing dot, the root of a fully qualified name
                    (RFC 1034 section 3.1)
  --underscore      accept labels that start with an underscore, as `_dmarc`
                    (RFC 8552)
  --uts46-mapping   idn-hostname: map the name with UTS #46 (section 4 steps 1 and 2)
                    before the IDNA2008 rules, so that `Bücher.de` passes

Reading standard input with standard error on a terminal, a count of the lines read
is shown there once the input passes 200000 lines.

exit status: 0 when every name is valid, 1 when any is invalid, 2 on a usage or
input/output error.

examples:
  idn-hostname bücher.example i.xn--ls8h 例え。テスト
  idn-hostname --format hostname --json < names.txt
  idn-hostname --summary < one-million-names.txt
  idn-hostname --invalid --summary --format hostname < zone-names.txt
  idn-hostname --to-ascii Bücher.example faß.de
  printf 'a.example\\nb..example\\n' | idn-hostname --json";

/// Lines of standard input after which a progress count appears on a terminal.
const PROGRESS_AFTER: usize = 200_000;
/// Lines between two updates of the progress count.
const PROGRESS_EVERY: usize = 50_000;

/// What is done with each name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Check against a JSON Schema format.
    Check(Format),
    /// UTS #46 ToASCII, section 4.2.
    ToAscii,
    /// UTS #46 ToUnicode, section 4.3.
    ToUnicode,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Hostname,
    IdnHostname,
}

/// Which per-name lines are printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    All,
    Invalid,
    None,
}

struct Args {
    mode: Mode,
    options: Options,
    json: bool,
    lines: Lines,
    summary: bool,
    names: Vec<OsString>,
}

fn parse_args(args: impl Iterator<Item = OsString>) -> Result<Option<Args>, String> {
    let mut format = None;
    let mut options = Options::new();
    let mut departs = false;
    let mut conversion = None;
    let mut json = false;
    let mut summary = false;
    let mut all = false;
    let mut invalid = false;
    let mut names = Vec::new();
    let mut it = args;
    let mut options_done = false;
    while let Some(arg) = it.next() {
        // An option is ASCII: an argument that is not UTF-8 can only be a name (judged invalid).
        let text = match arg.to_str() {
            Some(text) if !options_done && text.starts_with('-') && text != "-" => text,
            _ => {
                names.push(arg);
                continue;
            }
        };
        match text {
            "--" => options_done = true,
            "-h" | "--help" => return Ok(None),
            "--json" => json = true,
            "--summary" => summary = true,
            "--all" => all = true,
            "--invalid" => invalid = true,
            "--trailing-dot" => {
                options = options.allow_trailing_dot(true);
                departs = true;
            }
            "--underscore" => {
                options = options.allow_underscore_labels(true);
                departs = true;
            }
            "--uts46-mapping" => {
                options = options.uts46_mapping(true);
                departs = true;
            }
            "--format" => {
                let value = it.next().ok_or("--format needs a value")?;
                format = Some(parse_format(&value.to_string_lossy())?);
            }
            "--to-ascii" | "--to-unicode" => {
                if conversion.is_some() {
                    return Err(String::from(
                        "--to-ascii and --to-unicode exclude each other",
                    ));
                }
                conversion = Some(if text == "--to-ascii" {
                    Mode::ToAscii
                } else {
                    Mode::ToUnicode
                });
            }
            other => match other.strip_prefix("--format=") {
                Some(value) => format = Some(parse_format(value)?),
                None => {
                    return Err(format!(
                        "unknown option {other} (put -- before names that start with -)"
                    ));
                }
            },
        }
    }
    let lines = match (summary, all, invalid) {
        (_, true, true) => return Err(String::from("--all and --invalid exclude each other")),
        (_, _, true) => Lines::Invalid,
        (true, false, false) => Lines::None,
        (_, true, false) | (false, false, false) => Lines::All,
    };
    let mode = match (format, conversion) {
        (Some(_), Some(_)) => {
            return Err(String::from(
                "--format checks, --to-ascii and --to-unicode convert: give one",
            ));
        }
        (_, Some(_)) if departs => {
            return Err(String::from(
                "--trailing-dot, --underscore and --uts46-mapping are for checks, not conversions",
            ));
        }
        (_, Some(mode)) => mode,
        (format, None) => Mode::Check(format.unwrap_or(Format::IdnHostname)),
    };
    Ok(Some(Args {
        mode,
        options,
        json,
        lines,
        summary,
        names,
    }))
}

fn parse_format(value: &str) -> Result<Format, String> {
    match value {
        "hostname" => Ok(Format::Hostname),
        "idn-hostname" => Ok(Format::IdnHostname),
        other => Err(format!(
            "unknown format {other:?} (hostname or idn-hostname)"
        )),
    }
}

/// Where an input that is not UTF-8 came from.
#[derive(Clone, Copy)]
enum Source {
    Line(usize),
    Argument(usize),
}

/// What one input line or argument came to.
enum Outcome {
    Valid,
    Invalid(Error),
    /// A UTS #46 conversion's result: `field` is `ascii` or `unicode`.
    Converted {
        field: &'static str,
        value: String,
    },
    /// A UTS #46 conversion's errors, with ToUnicode's string (always produced).
    ConversionFailed {
        error: uts46::Error,
        unicode: Option<String>,
    },
    NotUtf8 {
        source: Source,
        at: usize,
    },
}

impl Outcome {
    fn is_valid(&self) -> bool {
        matches!(self, Outcome::Valid | Outcome::Converted { .. })
    }

    /// The name of the rule broken, as `--json`'s `kind` and the summary give it: the
    /// `ErrorKind`, or for UTS #46 the first status code.
    fn kind(&self) -> Option<String> {
        match self {
            Outcome::Valid | Outcome::Converted { .. } => None,
            Outcome::Invalid(e) => Some(format!("{:?}", e.kind())),
            Outcome::ConversionFailed { error, .. } => Some(error.first().to_string()),
            Outcome::NotUtf8 { .. } => Some(String::from("NotUtf8")),
        }
    }
}

fn check(mode: Mode, options: Options, name: &str) -> Outcome {
    let checked = |result: Result<(), Error>| match result {
        Ok(()) => Outcome::Valid,
        Err(e) => Outcome::Invalid(e),
    };
    match mode {
        Mode::Check(Format::Hostname) => checked(options.check_hostname(name)),
        Mode::Check(Format::IdnHostname) => checked(options.check_idn_hostname(name)),
        Mode::ToAscii => match uts46::to_ascii(name, uts46::Options::default()) {
            Ok(value) => Outcome::Converted {
                field: "ascii",
                value,
            },
            Err(error) => Outcome::ConversionFailed {
                error,
                unicode: None,
            },
        },
        Mode::ToUnicode => match uts46::to_unicode(name, uts46::Options::default()) {
            (value, Ok(())) => Outcome::Converted {
                field: "unicode",
                value,
            },
            (value, Err(error)) => Outcome::ConversionFailed {
                error,
                unicode: Some(value),
            },
        },
    }
}

fn not_utf8_message(source: Source, at: usize) -> String {
    match source {
        Source::Line(n) => format!("line {n} is not UTF-8 (byte {at})"),
        Source::Argument(n) => format!("argument {n} is not UTF-8 (byte {at})"),
    }
}

fn report(out: &mut impl Write, json: bool, name: &str, outcome: &Outcome) -> io::Result<()> {
    if json {
        let mut s = String::from("{\"name\":");
        json_string(&mut s, name);
        match outcome {
            Outcome::Valid => s.push_str(",\"valid\":true}"),
            Outcome::Invalid(e) => {
                s.push_str(",\"valid\":false,\"error\":{\"kind\":");
                json_string(&mut s, &format!("{:?}", e.kind()));
                s.push_str(",\"message\":");
                json_string(&mut s, &e.to_string());
                match e.label_index() {
                    Some(i) => s.push_str(&format!(",\"label_index\":{i}")),
                    None => s.push_str(",\"label_index\":null"),
                }
                s.push_str(&format!(",\"offset\":{}", e.offset()));
                match e.code_point() {
                    Some(c) => s.push_str(&format!(",\"code_point\":\"U+{:04X}\"", c as u32)),
                    None => s.push_str(",\"code_point\":null"),
                }
                s.push_str("}}");
            }
            Outcome::Converted { field, value } => {
                s.push_str(&format!(",\"valid\":true,\"{field}\":"));
                json_string(&mut s, value);
                s.push('}');
            }
            Outcome::ConversionFailed { error, unicode } => {
                s.push_str(",\"valid\":false,\"error\":{\"kind\":");
                json_string(&mut s, error.first().code());
                s.push_str(",\"statuses\":[");
                for (i, status) in error.statuses().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    json_string(&mut s, status.code());
                }
                s.push_str("],\"message\":");
                json_string(&mut s, &error.to_string());
                s.push('}');
                if let Some(unicode) = unicode {
                    s.push_str(",\"unicode\":");
                    json_string(&mut s, unicode);
                }
                s.push('}');
            }
            Outcome::NotUtf8 { source, at } => {
                s.push_str(",\"valid\":false,\"error\":{\"kind\":\"NotUtf8\",\"message\":");
                json_string(&mut s, &not_utf8_message(*source, *at));
                match source {
                    Source::Line(n) => s.push_str(&format!(",\"line\":{n}")),
                    Source::Argument(n) => s.push_str(&format!(",\"argument\":{n}")),
                }
                s.push_str(&format!(",\"offset\":{at}}}}}"));
            }
        }
        writeln!(out, "{s}")
    } else {
        let shown = name.escape_debug();
        match outcome {
            Outcome::Valid => writeln!(out, "{shown}: valid"),
            Outcome::Invalid(e) => writeln!(out, "{shown}: invalid: {e}"),
            Outcome::Converted { value, .. } => writeln!(out, "{shown}: {}", value.escape_debug()),
            Outcome::ConversionFailed {
                error,
                unicode: None,
            } => writeln!(out, "{shown}: invalid: {error}"),
            Outcome::ConversionFailed {
                error,
                unicode: Some(unicode),
            } => writeln!(
                out,
                "{shown}: invalid: {error}; ToUnicode gives \"{}\"",
                unicode.escape_debug()
            ),
            Outcome::NotUtf8 { source, at } => {
                writeln!(out, "{shown}: invalid: {}", not_utf8_message(*source, *at))
            }
        }
    }
}

/// Appends `value` as a JSON string (RFC 8259 section 7).
fn json_string(s: &mut String, value: &str) {
    s.push('"');
    for c in value.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\t' => s.push_str("\\t"),
            c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
            c => s.push(c),
        }
    }
    s.push('"');
}

/// The counts `--summary` prints.
#[derive(Default)]
struct Summary {
    valid: usize,
    invalid: usize,
    by_kind: BTreeMap<String, usize>,
}

impl Summary {
    fn add(&mut self, outcome: &Outcome) {
        match outcome.kind() {
            None => self.valid += 1,
            Some(kind) => {
                self.invalid += 1;
                *self.by_kind.entry(kind).or_insert(0) += 1;
            }
        }
    }

    fn print(&self, out: &mut impl Write, json: bool) -> io::Result<()> {
        let names = self.valid + self.invalid;
        if json {
            let mut s = format!(
                "{{\"summary\":{{\"names\":{names},\"valid\":{},\"invalid\":{},\"by_kind\":{{",
                self.valid, self.invalid
            );
            for (i, (kind, n)) in self.by_kind.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                json_string(&mut s, kind);
                s.push_str(&format!(":{n}"));
            }
            s.push_str("}}}");
            writeln!(out, "{s}")
        } else {
            writeln!(
                out,
                "summary: {names} names, {} valid, {} invalid",
                self.valid, self.invalid
            )?;
            // Most frequent rule first; ties in the order of the names.
            let mut kinds: Vec<_> = self.by_kind.iter().collect();
            kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (kind, n) in kinds {
                writeln!(out, "  {kind}: {n}")?;
            }
            Ok(())
        }
    }
}

/// Prints what the options ask for about one name, and counts it.
struct Sink<W: Write> {
    out: W,
    json: bool,
    lines: Lines,
    summary: Summary,
}

impl<W: Write> Sink<W> {
    fn take(&mut self, name: &str, outcome: &Outcome) -> io::Result<()> {
        self.summary.add(outcome);
        let print = match self.lines {
            Lines::All => true,
            Lines::Invalid => !outcome.is_valid(),
            Lines::None => false,
        };
        if print {
            report(&mut self.out, self.json, name, outcome)?;
        }
        Ok(())
    }
}

/// A `\r` line count on standard error, for long inputs read with a person watching.
struct Progress {
    enabled: bool,
    shown: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            shown: false,
        }
    }

    fn tick(&mut self, line: usize) {
        if self.enabled && line >= PROGRESS_AFTER && line.is_multiple_of(PROGRESS_EVERY) {
            eprint!("\ridn-hostname: {line} lines read");
            self.shown = true;
        }
    }

    fn finish(&mut self) {
        if self.shown {
            // Blank the count out so that it does not mix with what follows on the terminal.
            eprint!("\r{:60}\r", "");
            self.shown = false;
        }
    }
}

fn run(args: Args) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut sink = Sink {
        out: BufWriter::new(stdout.lock()),
        json: args.json,
        lines: args.lines,
        summary: Summary::default(),
    };
    if !args.names.is_empty() {
        for (i, name) in args.names.iter().enumerate() {
            match name.to_str() {
                Some(name) => sink.take(name, &check(args.mode, args.options, name))?,
                None => {
                    let bytes = name.as_encoded_bytes();
                    let at = match std::str::from_utf8(bytes) {
                        Ok(_) => bytes.len(),
                        Err(e) => e.valid_up_to(),
                    };
                    let outcome = Outcome::NotUtf8 {
                        source: Source::Argument(i + 1),
                        at,
                    };
                    sink.take(&name.to_string_lossy(), &outcome)?;
                }
            }
        }
    } else {
        // Our own buffer, to see when the next read may wait for the writer.
        let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
        let mut buf = Vec::new();
        let mut line = 0usize;
        let mut progress = Progress::new();
        loop {
            buf.clear();
            // Streaming: before a read that may block, hand out the verdicts so far, so that a
            // program feeding names one at a time gets each answer; a large file costs one
            // flush per 64 KiB read.
            if input.buffer().is_empty() {
                sink.out.flush()?;
            }
            if input.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
            line += 1;
            progress.tick(line);
            // Strip only the line terminator: any other byte is part of the name being judged.
            if buf.last() == Some(&b'\n') {
                buf.pop();
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
            }
            match std::str::from_utf8(&buf) {
                Ok(name) => sink.take(name, &check(args.mode, args.options, name))?,
                Err(e) => {
                    let outcome = Outcome::NotUtf8 {
                        source: Source::Line(line),
                        at: e.valid_up_to(),
                    };
                    sink.take(&String::from_utf8_lossy(&buf), &outcome)?;
                }
            }
        }
        progress.finish();
    }
    if args.summary {
        sink.summary.print(&mut sink.out, args.json)?;
    }
    sink.out.flush()?;
    Ok(sink.summary.invalid == 0)
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args_os().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("idn-hostname: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A closed pipe (`| head`) is the reader's choice, not a failure of the check.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("idn-hostname: {e}");
            ExitCode::from(2)
        }
    }
}
