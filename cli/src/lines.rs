//! The lines of standard input, each held only up to a bound: a line longer than any name the
//! command can judge is counted and skipped, not stored, so that memory stays bounded whatever
//! the input (issue 15).

use std::io::{self, BufRead, BufReader, Read};

/// The most bytes of a line that are judged as a name (terminator excluded).
///
/// A valid `idn-hostname` has at most 253 octets in A-label form (RFC 1034 section 3.1, RFC 5890
/// section 2.3.2.1). An A-label of `n` octets decodes to at most `n - 4` code points of at most
/// 4 bytes, and a separator takes at most 3 bytes (U+3002) where the A-label form has 1: its
/// U-label form has at most 4 x 253 + 2 x 126 = 1,264 bytes. The bound leaves room beyond that,
/// so that a name a few times too long is still judged by the rule it breaks; only UTS #46
/// mapping could make a longer line valid (ignored code points such as U+00AD), and the
/// command refuses that as too long too.
pub const MAX_LINE: usize = 4096;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes without its terminator (LF, or CR LF).
    Text(&'a [u8]),
    /// A line longer than the bound: its first bytes (as many as the bound) and its length in
    /// bytes, terminator excluded. The rest was read and dropped.
    TooLong {
        /// The first [`MAX_LINE`] bytes (or the reader's bound) of the line.
        head: &'a [u8],
        /// The length of the whole line, terminator excluded.
        len: u64,
    },
}

/// Reads lines of at most `max` bytes into one buffer of `max + 1` bytes.
pub struct Lines<R> {
    input: BufReader<R>,
    buf: Vec<u8>,
    max: usize,
    number: u64,
}

impl<R: Read> Lines<R> {
    /// Lines of `input` judged up to `max` bytes, read through a buffer of `capacity` bytes.
    pub fn new(input: R, max: usize, capacity: usize) -> Self {
        Lines {
            input: BufReader::with_capacity(capacity, input),
            // One byte more than the bound: the CR of a CR LF after `max` bytes.
            buf: Vec::with_capacity(max.saturating_add(1)),
            max,
            number: 0,
        }
    }

    /// Whether input is buffered, so that the next line starts without a read that may wait.
    pub fn pending(&self) -> bool {
        !self.input.buffer().is_empty()
    }

    /// The next line with its number (from 1), or `None` at the end of the input. Only LF ends a line; a CR right
    /// before it is part of the terminator. A last line without a terminator is a line.
    ///
    /// # Errors
    ///
    /// A read error of the input (an interrupted read is retried).
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        self.buf.clear();
        let keep = self.max.saturating_add(1);
        // Bytes of the line before its LF, and whether the last of them was a CR.
        let mut len: u64 = 0;
        let mut last_is_cr = false;
        let mut any = false;
        let mut ended = false;
        while !ended {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (part, used) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    ended = true;
                    (chunk.get(..i).unwrap_or_default(), i + 1)
                }
                None => (chunk, chunk.len()),
            };
            let room = keep.saturating_sub(self.buf.len()).min(part.len());
            self.buf
                .extend_from_slice(part.get(..room).unwrap_or_default());
            if let Some(&b) = part.last() {
                last_is_cr = b == b'\r';
            }
            len = len.saturating_add(part.len() as u64);
            self.input.consume(used);
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if ended && last_is_cr {
            len -= 1;
            if self.buf.len() as u64 > len {
                self.buf.pop();
            }
        }
        if len > self.max as u64 {
            let head = self.buf.get(..self.max).unwrap_or(&self.buf);
            Ok(Some((self.number, Line::TooLong { head, len })))
        } else {
            Ok(Some((self.number, Line::Text(&self.buf))))
        }
    }
}

#[cfg(test)]
mod tests {
    //! Hostile streams: the expected lines follow from the rule of [`Lines::next_line`] (LF ends
    //! a line, a CR before it is stripped, nothing else is).

    use super::*;

    /// What a reader gives, owned, with the line numbers.
    #[derive(Debug, PartialEq, Eq)]
    enum Got {
        Text(u64, Vec<u8>),
        TooLong(u64, Vec<u8>, u64),
    }

    fn read_all<R: Read>(mut lines: Lines<R>) -> Vec<Got> {
        let mut got = Vec::new();
        while let Some((n, line)) = lines.next_line().unwrap() {
            got.push(match line {
                Line::Text(t) => Got::Text(n, t.to_vec()),
                Line::TooLong { head, len } => Got::TooLong(n, head.to_vec(), len),
            });
        }
        got
    }

    /// A reader that hands out at most `step` bytes a read and fails every other read with
    /// `Interrupted`, as a signal would.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        interrupt: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            let n = self.step.min(out.len()).min(self.data.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// The same lines, whether the input comes in one read or byte by byte, through a buffer
    /// smaller than the bound or larger.
    fn each_way(data: &[u8], max: usize) -> Vec<Got> {
        let whole = read_all(Lines::new(data, max, 1 << 16));
        for (step, capacity) in [(1, 1), (1, 7), (3, 2), (5, 64), (4096, 3)] {
            let trickle = Trickle {
                data,
                step,
                interrupt: false,
            };
            assert_eq!(
                read_all(Lines::new(trickle, max, capacity)),
                whole,
                "step {step}, capacity {capacity}"
            );
        }
        whole
    }

    fn text(n: u64, t: &[u8]) -> Got {
        Got::Text(n, t.to_vec())
    }

    #[test]
    fn lf_and_cr_lf_end_a_line_and_a_last_line_needs_none() {
        let got = each_way(b"a\nb\r\n\nc\rd\n\r\ne", 10);
        assert_eq!(
            got,
            [
                text(1, b"a"),
                text(2, b"b"),
                text(3, b""),
                text(4, b"c\rd"),
                text(5, b""),
                text(6, b"e"),
            ]
        );
    }

    #[test]
    fn a_lone_cr_at_the_end_is_kept() {
        assert_eq!(each_way(b"a\r", 10), [text(1, b"a\r")]);
        assert_eq!(each_way(b"\r", 10), [text(1, b"\r")]);
    }

    #[test]
    fn empty_input_has_no_line() {
        assert_eq!(each_way(b"", 10), []);
        assert_eq!(each_way(b"\n", 10), [text(1, b"")]);
    }

    #[test]
    fn nul_bytes_and_invalid_utf8_are_bytes_of_the_line() {
        let got = each_way(b"a\0b\n\xFF\xC3\x28\n\0", 10);
        assert_eq!(
            got,
            [text(1, b"a\0b"), text(2, b"\xFF\xC3\x28"), text(3, b"\0")]
        );
    }

    #[test]
    fn the_bound_is_inclusive_and_cr_lf_does_not_count() {
        let max = 8;
        let at = vec![b'x'; max];
        let mut input = at.clone();
        input.extend_from_slice(b"\n");
        input.extend_from_slice(&at);
        input.extend_from_slice(b"\r\n");
        input.extend_from_slice(&at);
        input.extend_from_slice(b"y\n");
        input.extend_from_slice(&at);
        input.extend_from_slice(b"\r\r\n");
        input.extend_from_slice(&at);
        let got = each_way(&input, max);
        assert_eq!(
            got,
            [
                text(1, &at),
                text(2, &at),
                Got::TooLong(3, at.clone(), 9),
                Got::TooLong(4, at.clone(), 9),
                text(5, &at),
            ]
        );
    }

    #[test]
    fn a_huge_line_is_counted_skipped_and_reading_goes_on() {
        let max = 16;
        let mut input = b"first\n".to_vec();
        let huge = 3 * 65_536 + 5;
        input.extend((0..huge).map(|i| b"ab\0\xFF\r"[i % 5]));
        input.extend_from_slice(b"\r\nlast");
        let got = each_way(&input, max);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], text(1, b"first"));
        let head: Vec<u8> = (0..max).map(|i| b"ab\0\xFF\r"[i % 5]).collect();
        assert_eq!(got[1], Got::TooLong(2, head, huge as u64));
        assert_eq!(got[2], text(3, b"last"));
    }

    #[test]
    fn a_huge_last_line_without_terminator() {
        let got = each_way(&vec![b'a'; 100_000], 64);
        assert_eq!(got, [Got::TooLong(1, vec![b'a'; 64], 100_000)]);
    }

    #[test]
    fn the_buffer_never_grows_past_the_bound() {
        let mut lines = Lines::new(&[b'z'; 1 << 20][..], 100, 64);
        assert!(matches!(
            lines.next_line().unwrap(),
            Some((1, Line::TooLong { len: 1_048_576, .. }))
        ));
        assert!(lines.buf.capacity() < 256, "{}", lines.buf.capacity());
        assert_eq!(lines.next_line().unwrap(), None);
    }

    #[test]
    fn a_read_error_is_returned() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("broken"))
            }
        }
        let mut lines = Lines::new(Broken, 10, 16);
        assert_eq!(lines.next_line().unwrap_err().to_string(), "broken");
    }
}
