//! Peak memory of the command on one huge line streamed through a pipe (issue 15: under 64 MiB
//! on a 1 GiB line in every mode).
//!
//! The peak is the child's maximum resident set size as getrusage(2) gives it once the child
//! is reaped: exact for the whole life of the process, with no sampling. So that the figure is
//! the command's alone (RUSAGE_CHILDREN covers every child reaped), this test binary runs
//! itself as a small wrapper (`IDN_HOSTNAME_MEASURE=1`) around one command: the wrapper's only
//! child is the command, and it prints the figure on standard error.
//!
//! By hand, with a line of 1 GiB (the size in MiB):
//!
//! ```sh
//! IDN_HOSTNAME_LINE_MIB=1024 cargo test -p idn-hostname-cli --test memory
//! ```
//!
//! `harness = false`: the wrapper mode needs its own `main`.

use std::io::Write;
use std::process::{Command, ExitCode, Stdio};

use nix::sys::resource::{UsageWho, getrusage};

const BIN: &str = env!("CARGO_BIN_EXE_idn-hostname");
/// Set in the wrapper's environment: run `BIN` with the arguments and report its peak.
const WRAPPER: &str = "IDN_HOSTNAME_MEASURE";
/// What the wrapper prints before the figure, in KiB.
const REPORT: &str = "max-rss-kib:";
/// The bound of issue 15.
const BOUND_KIB: i64 = 64 * 1024;

/// Every mode, each with what it must print for the huge line followed by `www.example.com`.
const MODES: [&[&str]; 6] = [
    &["--summary"],
    &["--json"],
    &["--to-ascii"],
    &["--to-unicode", "--json"],
    &["--summary", "--json", "--to-ascii"],
    &["--display", "--json"],
];

fn wrapper() -> ExitCode {
    let status = Command::new(BIN)
        .args(std::env::args_os().skip(1))
        .status()
        .unwrap();
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
    // Linux gives ru_maxrss in KiB.
    eprintln!("{REPORT}{}", usage.max_rss());
    ExitCode::from(u8::try_from(status.code().unwrap()).unwrap())
}

/// Runs the command on a line of `mib` MiB (no byte of it a newline until its end), then one
/// valid name; returns the peak in KiB and what the command printed.
fn measure(args: &[&str], mib: usize) -> (i64, String, Option<i32>) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .env(WRAPPER, "1")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        // Letters and a two-byte code point: a name of one huge label, as far as it goes.
        let chunk: Vec<u8> = "aü".repeat(1 << 19).into_bytes()[..1 << 20].to_vec();
        for _ in 0..mib {
            input.write_all(&chunk).unwrap();
        }
        input.write_all(b"\nwww.example.com\n").unwrap();
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let kib = stderr
        .lines()
        .find_map(|l| l.strip_prefix(REPORT))
        .unwrap_or_else(|| panic!("no figure from the wrapper: {stderr}"))
        .parse()
        .unwrap();
    (kib, stdout, output.status.code())
}

fn main() -> ExitCode {
    if std::env::var_os(WRAPPER).is_some() {
        return wrapper();
    }
    let mib: usize = std::env::var("IDN_HOSTNAME_LINE_MIB")
        .ok()
        .map_or(96, |v| v.parse().unwrap());
    let len = (mib as u64) << 20;
    for args in MODES {
        let (kib, stdout, status) = measure(args, mib);
        println!(
            "memory: {args:?} on a line of {mib} MiB: peak {:.1} MiB",
            kib as f64 / 1024.0
        );
        // The huge line is judged too long with its length, the name after it valid.
        assert_eq!(status, Some(1), "{args:?}: {stdout}");
        assert!(
            stdout.contains("line-too-long") || stdout.contains(&format!("is {len} bytes long")),
            "{args:?}: {stdout}"
        );
        if !args.contains(&"--summary") {
            assert!(
                stdout.contains(&format!("line 1 is {len} bytes long")),
                "{args:?}"
            );
            assert_eq!(stdout.lines().count(), 2, "{args:?}: {stdout}");
            assert!(stdout.lines().nth(1).unwrap().contains("www.example.com"));
        } else {
            assert!(
                stdout.contains("2") && stdout.contains("line-too-long"),
                "{stdout}"
            );
        }
        assert!(
            kib < BOUND_KIB,
            "{args:?}: peak {kib} KiB on a {mib} MiB line, over {BOUND_KIB} KiB"
        );
    }
    println!("memory: {} passed, 0 failed", MODES.len());
    ExitCode::SUCCESS
}
