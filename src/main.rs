//! `idn-hostname`: checks host names from the command line or standard input.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use idn_hostname::{Error, Options};

const USAGE: &str = "\
usage: idn-hostname [--format hostname|idn-hostname] [--json] [NAME...]

Checks each NAME (or, with none, each line of standard input) as a JSON Schema
`idn-hostname` (the default: IDNA2008, RFC 5890-5893) or `hostname` (RFC 1123
with valid A-labels), and prints one line per name.

options:
  --format F   hostname or idn-hostname (default idn-hostname)
  --json       print one JSON object per line
  -h, --help   print this help

exit status: 0 when every name is valid, 1 when any is invalid, 2 on a usage error.

examples:
  idn-hostname bücher.example xn--ls8h.example
  idn-hostname --format hostname --json < names.txt";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Hostname,
    IdnHostname,
}

struct Args {
    format: Format,
    json: bool,
    names: Vec<String>,
}

fn parse_args() -> Result<Option<Args>, String> {
    let mut args = Args {
        format: Format::IdnHostname,
        json: false,
        names: Vec::new(),
    };
    let mut it = std::env::args_os().skip(1);
    let mut options_done = false;
    while let Some(arg) = it.next() {
        let arg = arg
            .into_string()
            .map_err(|a| format!("argument {a:?} is not UTF-8"))?;
        if options_done || !arg.starts_with('-') || arg == "-" {
            args.names.push(arg);
            continue;
        }
        match arg.as_str() {
            "--" => options_done = true,
            "-h" | "--help" => return Ok(None),
            "--json" => args.json = true,
            "--format" => {
                let value = it.next().ok_or("--format needs a value")?;
                args.format = parse_format(&value.to_string_lossy())?;
            }
            other => match other.strip_prefix("--format=") {
                Some(value) => args.format = parse_format(value)?,
                None => {
                    return Err(format!(
                        "unknown option {other} (put -- before names that start with -)"
                    ));
                }
            },
        }
    }
    Ok(Some(args))
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

/// What one input line or argument came to.
enum Outcome {
    Valid,
    Invalid(Error),
    NotUtf8 { line: usize, at: usize },
}

fn check(format: Format, name: &str) -> Outcome {
    let options = Options::new();
    let result = match format {
        Format::Hostname => options.check_hostname(name),
        Format::IdnHostname => options.check_idn_hostname(name),
    };
    match result {
        Ok(()) => Outcome::Valid,
        Err(e) => Outcome::Invalid(e),
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
            Outcome::NotUtf8 { line, at, .. } => {
                s.push_str(",\"valid\":false,\"error\":{\"kind\":\"NotUtf8\",\"message\":");
                json_string(&mut s, &format!("line {line}: not UTF-8 (byte {at})"));
                s.push_str(&format!(",\"line\":{line},\"offset\":{at}}}}}"));
            }
        }
        writeln!(out, "{s}")
    } else {
        let shown = name.escape_debug();
        match outcome {
            Outcome::Valid => writeln!(out, "{shown}: valid"),
            Outcome::Invalid(e) => writeln!(out, "{shown}: invalid: {e}"),
            Outcome::NotUtf8 { line, at, .. } => {
                writeln!(
                    out,
                    "{shown}: invalid: line {line} is not UTF-8 (byte {at})"
                )
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

fn run(args: Args) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_valid = true;
    if !args.names.is_empty() {
        for name in &args.names {
            let outcome = check(args.format, name);
            all_valid &= matches!(outcome, Outcome::Valid);
            report(&mut out, args.json, name, &outcome)?;
        }
        out.flush()?;
        return Ok(all_valid);
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    let mut line = 0usize;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        line += 1;
        // Strip only the line terminator: any other byte is part of the name being judged.
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        match std::str::from_utf8(&buf) {
            Ok(name) => {
                let outcome = check(args.format, name);
                all_valid &= matches!(outcome, Outcome::Valid);
                report(&mut out, args.json, name, &outcome)?;
            }
            Err(e) => {
                all_valid = false;
                let shown = String::from_utf8_lossy(&buf);
                let outcome = Outcome::NotUtf8 {
                    line,
                    at: e.valid_up_to(),
                };
                report(&mut out, args.json, &shown, &outcome)?;
            }
        }
    }
    out.flush()?;
    Ok(all_valid)
}

fn main() -> ExitCode {
    let args = match parse_args() {
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
