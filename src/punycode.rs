//! Punycode, the Bootstring encoding of Unicode for IDNA (RFC 3492).
//!
//! An A-label is `xn--` followed by the Punycode encoding of its U-label (RFC 5890 section
//! 2.3.2.1); this module converts between that payload and the code points, and nothing else:
//! the ACE prefix, the label rules and the DNS limits belong to the callers.
//!
//! The parameters are those of RFC 3492 section 5; the decoder is the procedure of section 6.2,
//! the encoder that of section 6.3, and every step that can overflow is checked on `u32`, the
//! "detection" approach of section 6.4.
//!
//! Strictness: a decoder that fails as section 6.2 says "cannot produce the same output for two
//! distinct inputs", so besides ASCII case there is exactly one Punycode string per code point
//! sequence. The decoder recognizes the letters in both cases (section 5), keeps the case of the
//! basic code points it copies, and ignores the mixed-case annotation of Appendix A. The encoder
//! writes the digits in lowercase.
//!
//! # Security
//!
//! Inputs are not trusted. Nothing here panics or loops without bound. The work done is
//! bounded as follows, for an input of `n` units:
//!
//! - [`decode_into`] and [`decode_canonical_into`]: `O(n + m²)` moves of a `char`, where `m` is
//!   the number of code points written, at most `min(n, out.len())`: each insertion shifts the
//!   tail of the output. For a label (at most 59 code points) this is a few hundred moves.
//! - One encoder serves [`encode`], [`encode_into`] and [`encoded_len`] (and the re-encoding of
//!   [`decode_canonical_into`]): it sorts the non-basic code points once, `O(n log n)` for any
//!   input. An input of at most 64 code points (every label) is encoded on the stack; a longer
//!   one takes two buffers of its length. [`encode_into`] refuses with
//!   [`PunycodeError::TooLong`], before any work, an input that has more code points than `out`
//!   has bytes.
//! - [`decode`] uses an order-statistic tree instead of shifting: `O(n log n)` for any input.
//! - The `_into` functions allocate nothing on inputs of at most 64 code points.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// `base` (RFC 3492 section 5).
const BASE: u32 = 36;
/// `tmin` (RFC 3492 section 5).
const TMIN: u32 = 1;
/// `tmax` (RFC 3492 section 5).
const TMAX: u32 = 26;
/// `skew` (RFC 3492 section 5).
const SKEW: u32 = 38;
/// `damp` (RFC 3492 section 5).
const DAMP: u32 = 700;
/// `initial_bias` (RFC 3492 section 5).
const INITIAL_BIAS: u32 = 72;
/// `initial_n` (RFC 3492 section 5).
const INITIAL_N: u32 = 0x80;
/// The delimiter, U+002D HYPHEN-MINUS (RFC 3492 section 5).
const DELIMITER: u8 = b'-';

// The constraints of RFC 3492 section 4, checked at compile time: 0 <= tmin <= tmax <= base-1,
// skew >= 1, damp >= 2, initial_bias mod base <= base - tmin.
const _: () = assert!(TMIN <= TMAX && TMAX < BASE && SKEW >= 1 && DAMP >= 2);
const _: () = assert!(INITIAL_BIAS % BASE + TMIN <= BASE);

/// Error of RFC 3492 decoding/encoding.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PunycodeError {
    /// The input to decode holds a non-basic (non-ASCII) code point: a Punycode string is a basic
    /// string (RFC 3492 sections 3.1 and 5; section 6.2 "fail on any non-basic code point").
    NonBasic,
    /// A byte after the last delimiter has no digit-value (RFC 3492 section 5 table; section 6.2
    /// "fail if it has none").
    InvalidDigit,
    /// The last delimiter is the first byte, so no basic code point precedes it.
    ///
    /// RFC 3492 section 6.2 consumes the last delimiter only "if more than zero code points were
    /// consumed" before it, so a leading one is read as a digit, and a delimiter has no
    /// digit-value. The sample decoder of Appendix C (`b > 0 ? b + 1 : 0`) and the `idna` crate
    /// fail the same way; CPython's `punycode` codec instead drops the delimiter and decodes the
    /// rest, which makes `-abc` a second encoding of the same string as `abc`.
    LeadingDelimiter,
    /// The input ends in the middle of a generalized variable-length integer (RFC 3492 section
    /// 6.2 "consume a code point, or fail if there was none to consume").
    Truncated,
    /// An integer of the decoder or the encoder would exceed `u32` (RFC 3492 section 6.4).
    Overflow,
    /// A decoded value is a surrogate or above U+10FFFF: not a Unicode scalar value, which the
    /// code points of RFC 3492 section 5 are.
    InvalidCodePoint,
    /// The output would exceed the buffer given by the caller.
    TooLong,
    /// The input is not what its decoding encodes to, ignoring ASCII case (the re-encoding check of
    /// RFC 3492 section 6.4). Used by [`decode_canonical_into`] only.
    NotCanonical,
}

impl core::fmt::Display for PunycodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PunycodeError::NonBasic => "non-basic code point in a Punycode string (RFC 3492 6.2)",
            PunycodeError::InvalidDigit => "byte with no Punycode digit-value (RFC 3492 5, 6.2)",
            PunycodeError::LeadingDelimiter => {
                "Punycode delimiter with no basic code point before it (RFC 3492 6.2)"
            }
            PunycodeError::Truncated => {
                "Punycode ends inside a variable-length integer (RFC 3492 6.2)"
            }
            PunycodeError::Overflow => "Punycode integer overflow (RFC 3492 6.4)",
            PunycodeError::InvalidCodePoint => {
                "Punycode decodes to a surrogate or a value above U+10FFFF (RFC 3492 5)"
            }
            PunycodeError::TooLong => "Punycode output longer than its buffer",
            PunycodeError::NotCanonical => {
                "Punycode string differs from the encoding of its decoding (RFC 3492 6.4)"
            }
        })
    }
}

// `core::error::Error` (Rust 1.81), so that `no_std` users have the trait too.
impl core::error::Error for PunycodeError {}

/// The bias adaptation function `adapt` of RFC 3492 section 6.1.
///
/// Cannot overflow: `delta` is at most `u32::MAX / 2` after the first division (`damp` and 2 are
/// both at least 2), so adding `delta / numpoints` stays below `u32::MAX`, and the last product
/// is at most `36 * 455`.
#[inline]
fn adapt(delta: u32, numpoints: u32, firsttime: bool) -> u32 {
    let mut delta = if firsttime { delta / DAMP } else { delta / 2 };
    delta += div_rem(delta, numpoints.max(1)).0;
    let mut k = 0;
    while delta > ADAPT_LIMIT {
        delta /= BASE - TMIN;
        k += BASE;
    }
    // `delta <= ADAPT_LIMIT` here.
    k + LAST_STEP
        .get(delta as usize)
        .map_or(0, |&step| u32::from(step))
}

/// The last step of `adapt`, `((base - tmin + 1) * delta) div (delta + skew)`, for every
/// `delta` up to [`ADAPT_LIMIT`]: a table read in place of a division by a divisor known only
/// at run time, whose latency the instruction counts do not show (see [`div_rem`]).
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
static LAST_STEP: [u8; ADAPT_LIMIT as usize + 1] = {
    let mut table = [0u8; ADAPT_LIMIT as usize + 1];
    let mut delta = 0;
    while delta <= ADAPT_LIMIT {
        table[delta as usize] = (((BASE - TMIN + 1) * delta) / (delta + SKEW)) as u8;
        delta += 1;
    }
    table
};

/// `(n / d, n % d)`, by multiplication for the divisors up to [`RECIPROCALS`]'s length (the
/// encoder's `base - t`, from 10 to 35, and `adapt`'s `numpoints` for a label), by division
/// above: with `c = ceil(2^64 / d)`, `n / d` is the high half of `c * n` for every 32-bit `n` and
/// `1 < d < 2^32` (D. Lemire, O. Kaser, N. Kurz, "Faster Remainder by Direct Computation",
/// Software: Practice and Experience 49(6), 2019). A 32-bit division takes some 12 to 26 cycles,
/// a multiplication 3 or 4, and instruction counts do not show the difference. Measured in time,
/// with `adapt`'s last step from [`LAST_STEP`] (the `count` binary of `tools/corpus`, best of 7
/// runs, the builds in turn): `is_hostname` on the A-label forms of `realistic.txt`, 10,000
/// passes, 333 to 298 ms (−10.5 %), on the Cyrillic A-labels 227 to 207 ms, on the names of 253
/// octets 781 to 706 ms; `uts46::to_ascii` on the mix 392 and 388 ms. The decoder's own
/// division of `i` by `length + 1` taken the same way was slower on the names of 253 octets (831
/// ms) and no faster elsewhere, and stays a division. In instructions (`tools/corpus/count.sh 5
/// realistic`) the A-label forms 590,898 to 593,263 a pass, the mix 2,247,598 to 2,279,537.
#[inline]
fn div_rem(n: u32, d: u32) -> (u32, u32) {
    match RECIPROCALS.get(d as usize) {
        Some(&c) if d > 1 => {
            let q = ((u128::from(c) * u128::from(n)) >> 64) as u32;
            (q, n - q * d)
        }
        _ => (n / d.max(1), n % d.max(1)),
    }
}

/// `ceil(2^64 / d)` for every divisor `d` from 2 to 64 (0 for 0 and 1, which [`div_rem`] does not
/// read): 520 bytes.
// Indexing in a constant is evaluated by the compiler: it cannot fail at run time.
#[allow(clippy::indexing_slicing)]
static RECIPROCALS: [u64; 65] = {
    let mut table = [0u64; 65];
    let mut d = 2;
    while d < 65 {
        table[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    table
};

/// The bound of the loop of `adapt`: `((base - tmin) * tmax) div 2`.
const ADAPT_LIMIT: u32 = ((BASE - TMIN) * TMAX) / 2;

/// The thresholds `t` of the digits of one generalized variable-length integer (RFC 3492
/// sections 3.3, 6.2 and 6.3): `k - bias` clamped to `tmin..=tmax`, for `k = base, 2 base, ...`.
/// The "+ tmin" of the pseudocode is omitted as section 6.2 allows. `k - bias` is kept rather
/// than `k`: one addition a digit instead of a subtraction and a saturation.
struct Thresholds {
    k_minus_bias: i64,
}

impl Thresholds {
    /// The thresholds with `bias`, starting at `k = base`.
    #[inline]
    fn new(bias: u32) -> Self {
        Thresholds {
            k_minus_bias: i64::from(BASE) - i64::from(bias),
        }
    }

    /// The threshold of the next digit. Every caller stops within a dozen digits (`w` or `q`
    /// shrinks or grows at least tenfold a digit, `base - tmax`), long before `k` could grow
    /// large.
    #[inline]
    fn next(&mut self) -> u32 {
        // Clamped to `tmin..=tmax`, which fits a `u32`.
        let t = self.k_minus_bias.clamp(i64::from(TMIN), i64::from(TMAX)) as u32;
        self.k_minus_bias += i64::from(BASE);
        t
    }
}

/// The digit-value of a basic code point (RFC 3492 section 5): `A-Z` and `a-z` are 0 to 25,
/// `0-9` are 26 to 35. One table read: payloads mix letters and digits, so range tests branch
/// unpredictably.
#[inline]
fn digit_value(byte: u8) -> Option<u32> {
    match DIGIT_VALUES.get(usize::from(byte)) {
        Some(&value) if value != u8::MAX => Some(u32::from(value)),
        _ => None,
    }
}

/// [`digit_value`] of every byte, `u8::MAX` for the bytes that are not basic code points of a
/// digit. All 256 bytes, so that reading the entry of any byte needs no bound check. Measured
/// against 128 entries (callgrind, `tools/corpus/count.sh 5`, instructions a pass):
/// `is_hostname` on the A-label forms of `realistic.txt` 554,695 to 542,041 (-2.3 %), of
/// `idnatest.txt` 206,852 to 203,244 (-1.7 %).
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index fails the build
static DIGIT_VALUES: [u8; 256] = {
    let mut table = [u8::MAX; 256];
    let mut letter = 0;
    while letter < 26 {
        table[(b'a' + letter) as usize] = letter;
        table[(b'A' + letter) as usize] = letter;
        letter += 1;
    }
    let mut digit = 0;
    while digit < 10 {
        table[(b'0' + digit) as usize] = 26 + digit;
        digit += 1;
    }
    table
};

/// The lowercase basic code point of a digit-value below `base` (RFC 3492 section 5).
fn digit_byte(digit: u32) -> u8 {
    match u8::try_from(digit) {
        Ok(d @ 0..=25) => b'a' + d,
        Ok(d @ 26..=35) => b'0' + (d - 26),
        // Callers pass `q < t <= tmax` or `t + x mod (base - t)`, both below `base`.
        _ => b'?',
    }
}

/// Splits a Punycode string at its last delimiter into the basic code points copied as they are
/// and the deltas (RFC 3492 sections 3.1 and 6.2).
pub(crate) fn split_basic(input: &[u8]) -> Result<(&[u8], &[u8]), PunycodeError> {
    // A word at a time: most payloads have no delimiter, so the search reads them whole.
    // Measured (callgrind, tools/corpus/count.sh 5 realistic, instructions a pass) against a
    // byte at a time: `is_hostname` on the A-label forms 570,406 to 561,161 (-1.6 %),
    // `uts46::to_ascii` 765,909 to 756,672; in time (the `count` binary, best of 5, in turn)
    // 228 to 216 ms.
    match crate::ascii::rposition(input, DELIMITER) {
        None => Ok((&[], input)),
        // Section 6.2 does not consume this delimiter, then fails on it as a digit.
        Some(0) => Err(PunycodeError::LeadingDelimiter),
        Some(index) => match input.split_at_checked(index) {
            Some((basic, rest)) => Ok((basic, rest.get(1..).unwrap_or_default())),
            None => Err(PunycodeError::LeadingDelimiter),
        },
    }
}

/// What [`decode_deltas`] does with each insertion: a closure `insert(i, n, length)`, or a type
/// that takes a run of insertions at the end at once ([`Insert::RUNS`]).
pub(crate) trait Insert {
    /// [`Insert::insert_run`] is called for a run of insertions at the end. A compile-time
    /// constant, so that a closure's decoding loop is the same code as without runs (with the
    /// run's code in it, decoding the 4,796 A-label payloads of data/bench took 15 % more
    /// instructions).
    const RUNS: bool = false;

    /// Inserts `c` at `position` of an output of `length` code points.
    fn insert(&mut self, position: usize, c: char, length: usize) -> Result<(), PunycodeError>;

    /// `times` insertions of `c` at the end of an output of `length` code points.
    fn insert_run(&mut self, c: char, length: usize, times: usize) -> Result<(), PunycodeError> {
        for k in 0..times {
            self.insert(length + k, c, length + k)?;
        }
        Ok(())
    }
}

impl<F: FnMut(usize, char, usize) -> Result<(), PunycodeError>> Insert for F {
    #[inline(always)]
    fn insert(&mut self, position: usize, c: char, length: usize) -> Result<(), PunycodeError> {
        self(position, c, length)
    }
}

/// The main loop of the decoding procedure (RFC 3492 section 6.2) over the deltas that follow
/// `basic_len` basic code points: calls `insert(i, n, length)` for each insertion of the code point
/// `n` at position `i` of the output, whose length before the insertion is `length`.
pub(crate) fn decode_deltas<I: Insert>(
    deltas: &[u8],
    basic_len: usize,
    mut insert: I,
) -> Result<usize, PunycodeError> {
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut length = basic_len;
    let mut bytes = deltas.iter();
    while let Some(&first) = bytes.next() {
        let oldi = i;
        let mut w: u32 = 1;
        let mut thresholds = Thresholds::new(bias);
        let mut byte = first;
        loop {
            let digit = digit_value(byte).ok_or(PunycodeError::InvalidDigit)?;
            i = digit
                .checked_mul(w)
                .and_then(|product| i.checked_add(product))
                .ok_or(PunycodeError::Overflow)?;
            let t = thresholds.next();
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t).ok_or(PunycodeError::Overflow)?;
            byte = *bytes.next().ok_or(PunycodeError::Truncated)?;
        }
        // `i` only grew since `oldi` was taken.
        // `length(output) + 1`, the divisor of `i`: an integer of `i`'s width.
        let points = u32::try_from(length)
            .ok()
            .and_then(|length| length.checked_add(1))
            .ok_or(PunycodeError::Overflow)?;
        bias = adapt(i.saturating_sub(oldi), points, oldi == 0);
        let (steps, position) = (i / points, i % points);
        n = n.checked_add(steps).ok_or(PunycodeError::Overflow)?;
        i = position;
        // `n` starts at `initial_n` and never decreases, so it is never basic: the braced check of
        // section 6.2 is omitted as the RFC allows.
        let c = char::from_u32(n).ok_or(PunycodeError::InvalidCodePoint)?;
        let position = usize::try_from(i).map_err(|_| PunycodeError::Overflow)?;
        insert.insert(position, c, length)?;
        length += 1;
        // `i < points` after the modulo, so `i + 1` fits.
        i += 1;
        // After an insertion at the end with a delta of 0, `bias` is 0 (`adapt(0, ..)`), so
        // each next digit 0 ("a" or "A") is a whole delta of 0 again: `c` once more at the end,
        // with the state as it was. The long run of "a" of a hostile A-label then costs the
        // insertions alone: `xn--` + 1 MiB of `a`, streamed ToASCII (`benches/hostile.rs`,
        // table/xn_a), 150.9 M instructions without this loop, 96.4 M with it (callgrind);
        // decoding the 4,427 A-label payloads of data/bench: 5.46 M without, 5.45 M with.
        if bias == 0 && usize::try_from(i).is_ok_and(|i| i == length) {
            // A run is one `a` or more; none, and the loop below has nothing to do either.
            if I::RUNS
                && let rest @ [b'a' | b'A', ..] = bytes.as_slice()
            {
                let run = rest
                    .iter()
                    .take_while(|&&b| matches!(b, b'a' | b'A'))
                    .count();
                // Past `u32::MAX`, `i` overflows within the run: the loop below then.
                if let Some(end) = u32::try_from(run).ok().and_then(|run| i.checked_add(run)) {
                    insert.insert_run(c, length, run)?;
                    length += run;
                    i = end;
                    bytes = rest.get(run..).unwrap_or_default().iter();
                }
            }
            while let Some(&(b'a' | b'A')) = bytes.as_slice().first() {
                bytes.next();
                insert.insert(length, c, length)?;
                length += 1;
                i = i.checked_add(1).ok_or(PunycodeError::Overflow)?;
            }
        }
    }
    Ok(length)
}

/// Decodes `input` (the part after "xn--", ASCII) into `out`, returns the number of chars written.
///
/// This is the decoding procedure of RFC 3492 section 6.2, strict: the basic code points before
/// the last delimiter are copied with their case, and the digits are read in either case
/// (section 5). It allocates nothing.
///
/// # Errors
///
/// [`PunycodeError::NonBasic`] for a byte above 0x7F anywhere, [`PunycodeError::LeadingDelimiter`]
/// when the last delimiter is the first byte, [`PunycodeError::InvalidDigit`],
/// [`PunycodeError::Truncated`], [`PunycodeError::Overflow`] and
/// [`PunycodeError::InvalidCodePoint`] as section 6.2 fails, and [`PunycodeError::TooLong`] when
/// `out` is too small. On error the content of `out` is unspecified; on success, so is the
/// content of its slots past the returned length (up to eight of them serve as room to move
/// code points through).
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::decode_into;
///
/// let mut out = ['\0'; 59];
/// let len = decode_into(b"mnchen-3ya", &mut out).unwrap();
/// assert_eq!(out[..len].iter().collect::<String>(), "m\u{FC}nchen");
/// ```
pub fn decode_into(input: &[u8], out: &mut [char]) -> Result<usize, PunycodeError> {
    if !input.is_ascii() {
        return Err(PunycodeError::NonBasic);
    }
    decode_ascii_into(input, out, false).map(|(len, _)| len)
}

/// [`decode_into`] for the payload of an A-label that is known to be ASCII (an LDH label): the
/// basic code points are written in lowercase (RFC 5891 section 5.3 lowercases an A-label
/// before decoding it). Returns the number of chars written and how many of them are basic:
/// every other one is non-basic (the decoder never inserts a basic code point).
pub(crate) fn decode_alabel_into(
    payload: &[u8],
    out: &mut [char],
) -> Result<(usize, usize), PunycodeError> {
    debug_assert!(payload.is_ascii(), "an A-label is an LDH label");
    decode_ascii_into(payload, out, true)
}

/// The decoding of [`decode_into`] on ASCII input, lowercasing the basic code points or not.
#[inline]
fn decode_ascii_into(
    input: &[u8],
    out: &mut [char],
    lowercase: bool,
) -> Result<(usize, usize), PunycodeError> {
    let (basic, deltas) = split_basic(input)?;
    let copied = out.get_mut(..basic.len()).ok_or(PunycodeError::TooLong)?;
    for (slot, &byte) in copied.iter_mut().zip(basic) {
        *slot = char::from(if lowercase {
            byte.to_ascii_lowercase()
        } else {
            byte
        });
    }
    let len = decode_deltas(deltas, basic.len(), |position: usize, c, length: usize| {
        // A tail of fewer than eight code points moves as a fixed window of eight, the slots
        // past the output included (they hold nothing yet, as `decode_into` documents; the
        // window is taken only where `out` has them): no loop whose length changes with
        // every insertion. Measured against the loop below alone (cachegrind, instructions a
        // pass of `is_hostname`): the A-label forms of realistic.txt 594,241 to 570,890
        // (-3.9 %), the Cyrillic A-labels 826,100 to 779,301 (-5.7 %), the Latin ones 502,482
        // to 488,155, the names of 253 octets 2,436,585 to 2,374,879; `uts46::to_ascii` on the
        // mix 2,290,516 to 2,267,166. In time (the `count` binary, the two builds in turn, best
        // of 9 to 15) the Cyrillic A-labels 430 to 410 ms, the names of 253 octets 404 to 397,
        // the realistic A-label forms 328 and 334 (within the machine's noise).
        if length.wrapping_sub(position) < 8
            && let Some(window) = out.get_mut(position..position + 9)
        {
            let mut moved = [c; 9];
            if let (Some(to), Some(from)) = (moved.get_mut(1..), window.get(..8)) {
                to.copy_from_slice(from);
            }
            window.copy_from_slice(&moved);
            return Ok(());
        }
        // Shifting the tail is what bounds the work by `out.len()` squared (module docs). A
        // label's tail is a few code points: passing the new one along them costs less than a
        // call to `memmove`.
        let tail = out
            .get_mut(position..=length)
            .ok_or(PunycodeError::TooLong)?;
        let mut carried = c;
        for slot in tail {
            carried = core::mem::replace(slot, carried);
        }
        Ok(())
    })?;
    Ok((len, basic.len()))
}

/// Decodes like [`decode_into`], then checks that the input is the encoding of what it decoded
/// to, ignoring ASCII case.
///
/// RFC 3492 section 6.2 shows that a decoder failing as it says already admits a single input
/// per output; this check is the independent "re-encode and compare" of section 6.4, for a
/// caller who wants the uniqueness not to rest on the decoder alone. (The validators of this
/// crate rely on the strict decoder, and assert the comparison in debug builds; the tests check
/// it on every payload of up to four bytes, the fuzz target on any input.) The re-encoding is
/// compared byte by byte as it is produced, without a buffer, and stops at the first difference.
///
/// # Errors
///
/// Those of [`decode_into`], then [`PunycodeError::NotCanonical`] when the re-encoding differs
/// from `input` other than by ASCII case.
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::decode_canonical_into;
///
/// let mut out = ['\0'; 59];
/// // Digits in uppercase are the same Punycode string (RFC 3492 section 5).
/// let len = decode_canonical_into(b"MNCHEN-3YA", &mut out).unwrap();
/// assert_eq!(out[..len].iter().collect::<String>(), "M\u{FC}NCHEN");
/// ```
pub fn decode_canonical_into(input: &[u8], out: &mut [char]) -> Result<usize, PunycodeError> {
    let len = decode_into(input, out)?;
    let decoded = out.get(..len).ok_or(PunycodeError::TooLong)?;
    check_canonical(decoded, input)?;
    Ok(len)
}

/// Fails with [`PunycodeError::NotCanonical`] unless `expected` is the encoding of `decoded`,
/// ignoring ASCII case.
fn check_canonical(decoded: &[char], expected: &[u8]) -> Result<(), PunycodeError> {
    let mut sink = CompareSink {
        expected: expected.iter(),
    };
    match encode_chars(decoded, &mut sink) {
        // An encoding that cannot be produced is not the input either.
        Err(PunycodeError::Overflow) => return Err(PunycodeError::NotCanonical),
        other => other?,
    }
    if sink.expected.next().is_some() {
        return Err(PunycodeError::NotCanonical);
    }
    Ok(())
}

/// Where the encoder writes its basic code points.
trait Sink {
    /// Appends one basic code point.
    fn push(&mut self, byte: u8) -> Result<(), PunycodeError>;
}

/// Writes into a caller's buffer.
struct SliceSink<'a> {
    out: &'a mut [u8],
    len: usize,
}

impl Sink for SliceSink<'_> {
    fn push(&mut self, byte: u8) -> Result<(), PunycodeError> {
        let slot = self.out.get_mut(self.len).ok_or(PunycodeError::TooLong)?;
        *slot = byte;
        self.len += 1;
        Ok(())
    }
}

/// Only counts.
struct CountSink {
    len: usize,
}

impl Sink for CountSink {
    fn push(&mut self, _: u8) -> Result<(), PunycodeError> {
        self.len = self.len.checked_add(1).ok_or(PunycodeError::Overflow)?;
        Ok(())
    }
}

/// Compares with an expected encoding as the bytes come.
struct CompareSink<'a> {
    expected: core::slice::Iter<'a, u8>,
}

impl Sink for CompareSink<'_> {
    fn push(&mut self, byte: u8) -> Result<(), PunycodeError> {
        match self.expected.next() {
            Some(expected) if expected.eq_ignore_ascii_case(&byte) => Ok(()),
            _ => Err(PunycodeError::NotCanonical),
        }
    }
}

impl Sink for String {
    fn push(&mut self, byte: u8) -> Result<(), PunycodeError> {
        // Every byte an encoder writes is a basic code point, ASCII: the mask changes none, and
        // lets the compiler drop the two-byte UTF-8 branch of `String::push`. Measured
        // (callgrind, tools/corpus/count.sh 5 realistic, `uts46::to_ascii`, instructions a
        // pass): the U-label forms 1,019,800 to 1,006,625, the mix 1,987,183 to 1,974,008.
        String::push(self, char::from(byte & 0x7F));
        Ok(())
    }
}

/// Writes `delta` as a generalized variable-length integer, least significant digit first, with
/// the thresholds of `bias` (RFC 3492 sections 3.3 and 6.3).
fn write_delta<S: Sink>(delta: u32, bias: u32, sink: &mut S) -> Result<(), PunycodeError> {
    let mut q = delta;
    let mut thresholds = Thresholds::new(bias);
    loop {
        let t = thresholds.next();
        if q < t {
            break;
        }
        let (rest, digit) = div_rem(q - t, BASE - t);
        sink.push(digit_byte(t + digit))?;
        q = rest;
    }
    sink.push(digit_byte(q))
}

/// Writes the basic code points of `input` in order, then the delimiter if there was any (RFC
/// 3492 section 3.1), and returns their number `b`; fails unless the input's length fits a
/// `u32`.
fn write_basic<S: Sink>(input: &[char], sink: &mut S) -> Result<u32, PunycodeError> {
    u32::try_from(input.len()).map_err(|_| PunycodeError::Overflow)?;
    let mut b: u32 = 0;
    for &c in input {
        if let Ok(byte @ 0..=0x7F) = u8::try_from(c) {
            sink.push(byte)?;
            // At most `length`, which is a `u32`.
            b += 1;
        }
    }
    if b > 0 {
        sink.push(DELIMITER)?;
    }
    Ok(b)
}

/// The positions of the input whose code points the decoder has inserted so far (RFC 3492
/// section 6.3's "code points less than n"), counted before a position: the `q` of a delta.
trait Encoded {
    /// The set serves inputs of at most [`SHORT_INPUT`] code points, whose deltas cannot
    /// overflow: with at most 64 code points below 2^21, a delta is below 2^21 * 65 + 64, which
    /// is below 2^28.
    const SHORT: bool;
    /// How many positions before `position` are in the set.
    fn before(&self, position: usize) -> u32;
    /// Adds `position` to the set.
    fn insert(&mut self, position: usize);
}

/// One bit a position, for inputs of at most [`SHORT_INPUT`] code points (every label): a
/// population count answers [`Encoded::before`], and nothing is allocated.
impl Encoded for u64 {
    const SHORT: bool = true;

    #[inline]
    fn before(&self, position: usize) -> u32 {
        // `position < 64`: the mask of the bits below it.
        (self & ((1u64 << (position & 63)) - 1)).count_ones()
    }

    #[inline]
    fn insert(&mut self, position: usize) {
        *self |= 1 << (position & 63);
    }
}

/// Prefix sums over any number of positions, `O(log n)` a query.
impl Encoded for Fenwick {
    const SHORT: bool = false;

    fn before(&self, position: usize) -> u32 {
        self.prefix(position)
    }

    fn insert(&mut self, position: usize) {
        self.update(position, true);
    }
}

/// The inputs of at most this many code points are encoded without allocation: one bit each
/// in a `u64`, the keys on the stack.
const SHORT_INPUT: usize = 64;

/// The encoding procedure of RFC 3492 section 6.3, the one encoder of this module: the basic
/// code points, the delimiter, then one delta per non-basic code point.
///
/// Section 6.3 emits the deltas in increasing order of code point and, for equal ones, of
/// position; rather than scanning the input once per distinct code point, the non-basic code
/// points are sorted once. Each delta moves the decoder's state from the previous insertion,
/// code point `n` written at position `i - 1` of a string of `h` code points, to this one,
/// code point `m` at position `q`: `(m - n) * (h + 1) + q - i` (section 6.2 reads it back as
/// `n + (i + delta) div (h + 1)` and `(i + delta) mod (h + 1)`), where `q` counts the code
/// points before it that are already encoded ([`Encoded`]). Section 6.3's `delta` only grows
/// between two emissions, so it overflows `u32` exactly when this value does (section 6.4).
///
/// An input of at most [`SHORT_INPUT`] code points (every label) keeps its keys on the stack
/// and its encoded positions in a `u64`; a longer one (only [`encode`], [`encode_into`] with a
/// larger buffer, [`encoded_len`] and [`decode_canonical_into`] on such inputs) sorts `(code
/// point, position)` pairs in a vector and counts with a Fenwick tree: `O(n log n)` for any
/// input, two buffers of its length.
fn encode_chars<S: Sink>(input: &[char], sink: &mut S) -> Result<(), PunycodeError> {
    let b = write_basic(input, sink)?;
    if input.len() <= SHORT_INPUT {
        // Each non-basic code point as `code point << 6 | position` (21 + 6 bits): sorting
        // gives section 6.3's order.
        let mut keys = [0u32; SHORT_INPUT];
        let mut count = 0;
        let mut encoded: u64 = 0;
        for (position, &c) in input.iter().enumerate() {
            if c.is_ascii() {
                encoded.insert(position);
            } else if let Some(key) = keys.get_mut(count) {
                // `position < 64`.
                *key = u32::from(c) << 6 | position as u32;
                count += 1;
            }
        }
        let keys = keys.get_mut(..count).unwrap_or_default();
        keys.sort_unstable();
        let order = keys.iter().map(|&key| (key >> 6, (key & 63) as usize));
        return encode_deltas(order, b, encoded, sink);
    }
    // `code point << 32 | position`: the input's length fits a `u32` ([`write_basic`]).
    let mut keys: Vec<u64> = input
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(position, &c)| u64::from(c) << 32 | position as u64)
        .collect();
    heapsort(&mut keys);
    let mut encoded = Fenwick::zeros(input.len());
    for (position, c) in input.iter().enumerate() {
        if c.is_ascii() {
            encoded.insert(position);
        }
    }
    let order = keys
        .into_iter()
        .map(|key| ((key >> 32) as u32, (key as u32) as usize));
    encode_deltas(order, b, encoded, sink)
}

/// Sorts keys in increasing order, in place, by heapsort: `O(n log n)` for any input, no
/// allocation.
///
/// For the encoder's keys of a long input (a `u64` each) and the streamed check's counts of
/// code points (`uts46::process`): each type `slice::sort_unstable` sorts adds its own copy of
/// a pattern-defeating quicksort, 2 to 8 KB of WebAssembly. The sorts of a label's `u32` keys
/// keep `sort_unstable`, whose small-input sort takes 7 to 11 % fewer instructions on the
/// U-labels of 253-octet names than an insertion sort did (tools/corpus/count.sh 5 long253).
pub(crate) fn heapsort<T: Copy + Ord>(keys: &mut [T]) {
    let len = keys.len();
    for root in (0..len / 2).rev() {
        sift_down(keys, root, len);
    }
    for end in (1..len).rev() {
        keys.swap(0, end);
        sift_down(keys, 0, end);
    }
}

/// Moves the key at `root` down the binary max-heap in `keys[..end]` until it is no smaller
/// than its children.
fn sift_down<T: Copy + Ord>(keys: &mut [T], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && keys.get(child) < keys.get(child + 1) {
            child += 1;
        }
        if keys.get(root) >= keys.get(child) {
            return;
        }
        keys.swap(root, child);
        root = child;
    }
}

/// The deltas of section 6.3 for the non-basic code points in `order` (by code point, then
/// position), after `b` basic ones, with the positions in `encoded` (see [`encode_chars`]).
#[inline]
fn encode_deltas<S: Sink, E: Encoded>(
    order: impl Iterator<Item = (u32, usize)>,
    b: u32,
    mut encoded: E,
    sink: &mut S,
) -> Result<(), PunycodeError> {
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // `h` counts the code points encoded so far, the basic ones first; it stays below the
    // input's length, a `u32` ([`write_basic`]).
    let mut h = b;
    for (m, position) in order {
        let q = encoded.before(position);
        // `m >= n`, and `q >= i` when `m == n` (the previous one is counted in `q`), `i <= h`
        // otherwise: the value is not negative.
        let (delta, points) = if E::SHORT {
            // Wrapping arithmetic, the same values as checked arithmetic without its branches:
            // the U-label forms of realistic.txt 1,036,831 → 1,019,800 instructions a pass
            // (tools/corpus/count.sh 5 realistic, `uts46::to_ascii`).
            let delta = m
                .wrapping_sub(n)
                .wrapping_mul(h.wrapping_add(1))
                .wrapping_add(q)
                .wrapping_sub(i);
            (delta, h.wrapping_add(1))
        } else {
            // The product and sum of `u32`s fit a `u64`.
            let delta = u64::from(m.wrapping_sub(n))
                .wrapping_mul(u64::from(h) + 1)
                .wrapping_add(u64::from(q))
                .wrapping_sub(u64::from(i));
            let delta = u32::try_from(delta).map_err(|_| PunycodeError::Overflow)?;
            (delta, h.checked_add(1).ok_or(PunycodeError::Overflow)?)
        };
        write_delta(delta, bias, sink)?;
        bias = adapt(delta, points, h == b);
        encoded.insert(position);
        n = m;
        i = q.wrapping_add(1);
        h = points;
    }
    Ok(())
}

/// Encodes chars, writing ASCII bytes into `out` (lowercase digits); returns bytes written.
///
/// This is the encoding procedure of RFC 3492 section 6.3: the basic code points first, in order
/// and with their case, then the delimiter if there was any, then the deltas ([`encode`]'s
/// encoder). It allocates nothing for an input of at most 64 code points.
///
/// # Errors
///
/// [`PunycodeError::TooLong`] when `out` is too small, and before any other work when `input` has
/// more code points than `out` has bytes (each code point takes at least one byte);
/// [`PunycodeError::Overflow`] as section 6.3 fails on overflow. On error the content of `out`
/// is unspecified.
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::encode_into;
///
/// let mut out = [0u8; 63];
/// let len = encode_into(&['m', '\u{FC}', 'n', 'c', 'h', 'e', 'n'], &mut out).unwrap();
/// assert_eq!(&out[..len], b"mnchen-3ya");
/// ```
pub fn encode_into(input: &[char], out: &mut [u8]) -> Result<usize, PunycodeError> {
    if input.len() > out.len() {
        return Err(PunycodeError::TooLong);
    }
    let mut sink = SliceSink { out, len: 0 };
    encode_chars(input, &mut sink)?;
    Ok(sink.len)
}

/// The length in bytes that [`encode_into`] would write, without writing.
///
/// The result is never less than `input.len()`, so a caller checking a limit (63 octets for an
/// A-label, RFC 5890 section 2.3.2.1) can refuse longer inputs before calling this, which bounds
/// the work of section 6.3 (see the module documentation).
///
/// # Errors
///
/// [`PunycodeError::Overflow`] as section 6.3 fails on overflow.
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::encoded_len;
///
/// assert_eq!(encoded_len(&['m', '\u{FC}', 'n', 'c', 'h', 'e', 'n']), Ok(10)); // "mnchen-3ya"
/// ```
pub fn encoded_len(input: &[char]) -> Result<usize, PunycodeError> {
    let mut sink = CountSink { len: 0 };
    encode_chars(input, &mut sink)?;
    Ok(sink.len)
}

/// A Fenwick tree of counts over `0..len`, for order statistics in `O(log len)`.
struct Fenwick {
    /// One-based: `tree[j]` sums the `j & j.wrapping_neg()` counts that end at `j - 1`.
    tree: Vec<u32>,
}

impl Fenwick {
    /// All counts 0.
    fn zeros(len: usize) -> Self {
        Fenwick {
            tree: vec![0; len + 1],
        }
    }

    /// All counts 1: the node at `j` covers `j & -j` of them.
    fn ones(len: usize) -> Self {
        let tree = (0..=len)
            .map(|j| u32::try_from(j & j.wrapping_neg()).unwrap_or(0))
            .collect();
        Fenwick { tree }
    }

    /// Adds 1 to the count at `index`, or subtracts 1 when `increment` is false.
    fn update(&mut self, index: usize, increment: bool) {
        let mut j = index + 1;
        while let Some(node) = self.tree.get_mut(j) {
            *node = if increment {
                node.wrapping_add(1)
            } else {
                node.wrapping_sub(1)
            };
            j += j & j.wrapping_neg();
        }
    }

    /// The sum of the counts at `0..end`.
    fn prefix(&self, end: usize) -> u32 {
        let mut sum: u32 = 0;
        let mut j = end;
        while j > 0 {
            sum = sum.wrapping_add(self.tree.get(j).copied().unwrap_or(0));
            j &= j - 1;
        }
        sum
    }

    /// The smallest index whose prefix sum through it exceeds `rank`: the position of the
    /// `rank`-th (from 0) unit counted.
    fn select(&self, rank: u32) -> usize {
        let len = self.tree.len().saturating_sub(1);
        let mut position = 0;
        let mut remaining = rank;
        // The largest power of two within `len`, none for an empty tree.
        let mut step = len.checked_ilog2().map_or(0, |bits| 1 << bits);
        while step > 0 {
            if let Some(&node) = self.tree.get(position + step)
                && node <= remaining
            {
                position += step;
                remaining -= node;
            }
            step >>= 1;
        }
        position
    }
}

/// Decodes a Punycode string (the part after "xn--") into a `String`.
///
/// Strict like [`decode_into`], with the same errors but [`PunycodeError::TooLong`], and no
/// re-encoding check: RFC 3492 section 6.2 makes it unnecessary, and [`decode_canonical_into`]
/// does it for the callers that want it.
///
/// The insertions are recorded, then placed from the last to the first in the slots still free,
/// with an order-statistic tree: `O(n log n)` for an input of any length, where shifting would be
/// quadratic.
///
/// # Errors
///
/// As [`decode_into`], except [`PunycodeError::TooLong`].
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::{decode, PunycodeError};
///
/// assert_eq!(decode("mnchen-3ya").as_deref(), Ok("m\u{FC}nchen"));
/// assert_eq!(decode("-3ya"), Err(PunycodeError::LeadingDelimiter));
/// ```
pub fn decode(input: &str) -> Result<String, PunycodeError> {
    if !input.is_ascii() {
        return Err(PunycodeError::NonBasic);
    }
    let (basic, deltas) = split_basic(input.as_bytes())?;
    let mut insertions: Vec<(usize, char)> = Vec::new();
    let length = decode_deltas(deltas, basic.len(), |position, c, _| {
        insertions.push((position, c));
        Ok(())
    })?;
    // A later insertion only shifts earlier code points, so the code point inserted at `i` ends
    // in the `i`-th slot not taken by a later insertion; the basic code points fill the rest.
    let mut free = Fenwick::ones(length);
    let mut slots: Vec<Option<char>> = vec![None; length];
    for &(position, c) in insertions.iter().rev() {
        let rank = u32::try_from(position).map_err(|_| PunycodeError::Overflow)?;
        let slot = free.select(rank);
        free.update(slot, false);
        if let Some(entry) = slots.get_mut(slot) {
            *entry = Some(c);
        }
    }
    let mut basic = basic.iter();
    let mut output = String::with_capacity(length);
    for slot in slots {
        match slot {
            Some(c) => output.push(c),
            None => {
                if let Some(&byte) = basic.next() {
                    output.push(char::from(byte));
                }
            }
        }
    }
    Ok(output)
}

/// Encodes a string as Punycode (without "xn--"), digits in lowercase.
///
/// The output equals that of [`encode_into`]. It is computed in `O(n log n)` for an input of any
/// length: the non-basic code points are sorted once, and the counts of code points below `n`
/// that section 6.3 gets by rescanning the input come from a tree of prefix sums.
///
/// # Errors
///
/// [`PunycodeError::Overflow`] as section 6.3 fails on overflow.
///
/// # Examples
///
/// ```
/// use idn_hostname::punycode::encode;
///
/// assert_eq!(encode("m\u{FC}nchen").as_deref(), Ok("mnchen-3ya"));
/// ```
pub fn encode(input: &str) -> Result<String, PunycodeError> {
    let chars: Vec<char> = input.chars().collect();
    let mut output = String::with_capacity(input.len());
    encode_chars(&chars, &mut output)?;
    Ok(output)
}

/// Appends the Punycode of `input` to `out`, as [`encode_into`] writes it, with no buffer
/// between; on error, what was appended is unspecified.
pub(crate) fn encode_to_string(input: &[char], out: &mut String) -> Result<(), PunycodeError> {
    encode_chars(input, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `div_rem` against the division of the language: every dividend below 2^16 and around
    /// every multiple of the divisor's powers, for every divisor it takes by multiplication and
    /// a few it divides, and random 32-bit dividends.
    #[test]
    fn div_rem_divides() {
        use proptest::prelude::*;
        for d in 1..=70u32 {
            let mut dividends: Vec<u32> = (0..1 << 16).collect();
            let mut p = u64::from(d);
            while p <= u64::from(u32::MAX) {
                let p32 = p as u32;
                dividends.extend([p32 - 1, p32, p32.saturating_add(1)]);
                p *= u64::from(d.max(2));
            }
            dividends.extend([
                u32::MAX - 1,
                u32::MAX,
                u32::MAX / d * d,
                u32::MAX / d * d - 1,
            ]);
            for n in dividends {
                assert_eq!(div_rem(n, d), (n / d, n % d), "{n} / {d}");
            }
        }
        proptest!(|(n: u32, d in 1..=64u32)| {
            prop_assert_eq!(div_rem(n, d), (n / d, n % d));
        });
    }

    /// `adapt` against a transcription of the pseudocode of RFC 3492 section 6.1, for every
    /// delta up to 2^20 and around `u32::MAX / 2`, with the numbers of points a label can have
    /// and more.
    #[test]
    fn adapt_is_section_6_1() {
        fn rfc(delta: u32, numpoints: u32, firsttime: bool) -> u32 {
            let mut delta = u64::from(delta);
            delta = if firsttime { delta / 700 } else { delta / 2 };
            delta += delta / u64::from(numpoints);
            let mut k = 0;
            while delta > ((36 - 1) * 26) / 2 {
                delta /= 36 - 1;
                k += 36;
            }
            (k + (((36 - 1 + 1) * delta) / (delta + 38))) as u32
        }
        for numpoints in [1, 2, 3, 7, 10, 35, 63, 64, 65, 1000, 1 << 20] {
            for firsttime in [false, true] {
                let deltas = (0..1u32 << 20).chain((u32::MAX / 2 - 1000)..=(u32::MAX / 2));
                for delta in deltas {
                    assert_eq!(
                        adapt(delta, numpoints, firsttime),
                        rfc(delta, numpoints, firsttime),
                        "adapt({delta}, {numpoints}, {firsttime})"
                    );
                }
            }
        }
    }

    /// A xorshift generator from `seed`: each call draws a number below its bound.
    fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |bound| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        }
    }

    /// `heapsort` against the standard library's sort, on every length from 0 to three times
    /// [`SHORT_INPUT`], with keys drawn from few values (ties) and from many, ascending and
    /// descending runs included.
    #[test]
    fn heapsort_sorts_as_the_standard_library() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        for len in 0..=3 * SHORT_INPUT {
            for range in [2, 7, 1 << 21, u64::MAX] {
                let keys: Vec<u64> = (0..len).map(|_| next(range)).collect();
                for mut keys in [
                    keys.clone(),
                    {
                        let mut k = keys.clone();
                        k.sort_unstable();
                        k
                    },
                    {
                        let mut k = keys;
                        k.sort_unstable_by(|a, b| b.cmp(a));
                        k
                    },
                ] {
                    let mut want = keys.clone();
                    want.sort_unstable();
                    heapsort(&mut keys);
                    assert_eq!(keys, want, "{len} keys below {range}");
                }
            }
        }
    }

    fn decode_vec(input: &[u8]) -> Result<Vec<char>, PunycodeError> {
        let mut out = vec!['\0'; input.len()];
        let len = decode_into(input, &mut out)?;
        out.truncate(len);
        Ok(out)
    }

    fn encode_vec(input: &[char]) -> Result<Vec<u8>, PunycodeError> {
        let mut out = vec![0; 8 * input.len() + 1];
        let len = encode_into(input, &mut out)?;
        out.truncate(len);
        Ok(out)
    }

    /// Every entry point that decodes must give the same answer.
    fn decode_all(input: &[u8]) -> Result<Vec<char>, PunycodeError> {
        let into = decode_vec(input);
        let mut out = vec!['\0'; input.len()];
        let canonical = decode_canonical_into(input, &mut out).map(|len| out[..len].to_vec());
        assert_eq!(into, canonical, "decode_canonical_into({input:?})");
        if let Ok(text) = core::str::from_utf8(input) {
            let string = decode(text).map(|s| s.chars().collect::<Vec<_>>());
            assert_eq!(into, string, "decode({input:?})");
        }
        into
    }

    #[test]
    fn digit_values_of_section_5() {
        assert_eq!(digit_value(b'A'), Some(0));
        assert_eq!(digit_value(b'z'), Some(25));
        assert_eq!(digit_value(b'0'), Some(26));
        assert_eq!(digit_value(b'9'), Some(35));
        assert_eq!(digit_value(b'-'), None);
        // Section 5: the letters and the digits, and no other byte.
        for byte in 0..=u8::MAX {
            let expected = match byte {
                b'A'..=b'Z' => Some(byte - b'A'),
                b'a'..=b'z' => Some(byte - b'a'),
                b'0'..=b'9' => Some(byte - b'0' + 26),
                _ => None,
            };
            assert_eq!(digit_value(byte), expected.map(u32::from), "{byte:#04x}");
        }
        for digit in 0..BASE {
            assert_eq!(digit_value(digit_byte(digit)), Some(digit));
        }
    }

    #[test]
    fn traces_of_section_7_2() {
        // Decoding trace of example B: the deltas and the biases after each.
        let mut bias = INITIAL_BIAS;
        let mut out = String::new();
        let deltas = [19853, 64, 37, 56, 599, 130, 154, 46301, 88531];
        let biases = [21, 20, 13, 17, 32, 23, 25, 84, 90];
        for (count, (&delta, &expected)) in deltas.iter().zip(&biases).enumerate() {
            write_delta(delta, bias, &mut out).unwrap();
            bias = adapt(delta, count as u32 + 1, count == 0);
            assert_eq!(bias, expected, "after delta {delta}");
        }
        assert_eq!(out, "ihqwcrb4cv8a8dqg056pqjye");
    }

    #[test]
    fn non_basic() {
        // "ü" in UTF-8 before the delimiter, then after it.
        assert_eq!(decode_all(b"\xC3\xBC-abc"), Err(PunycodeError::NonBasic));
        assert_eq!(decode_all(b"ab-\xFF"), Err(PunycodeError::NonBasic));
        assert_eq!(decode("m\u{FC}nchen-3ya"), Err(PunycodeError::NonBasic));
    }

    #[test]
    fn invalid_digit() {
        // No delimiter, so '!' is read as the first digit of a delta.
        assert_eq!(decode_all(b"!"), Err(PunycodeError::InvalidDigit));
        // 'b' = 1 is not below t = tmin (k = 36 <= bias 72), so a second digit is read: '_'.
        assert_eq!(decode_all(b"ab-b_"), Err(PunycodeError::InvalidDigit));
        // A delta of 0 ('a') inserts U+0080 at position 0, before the basic code points.
        assert_eq!(decode_all(b"a b-a"), Ok(vec!['\u{80}', 'a', ' ', 'b']));
    }

    #[test]
    fn leading_delimiter() {
        assert_eq!(decode_all(b"-"), Err(PunycodeError::LeadingDelimiter));
        assert_eq!(decode_all(b"-abc"), Err(PunycodeError::LeadingDelimiter));
        assert_eq!(decode_all(b"-a!"), Err(PunycodeError::LeadingDelimiter));
        // Not leading: the first '-' is a basic code point before the last delimiter.
        assert_eq!(decode_all(b"--"), Ok(vec!['-']));
        assert_eq!(decode_all(b"--a"), Ok(vec!['\u{80}', '-']));
    }

    #[test]
    fn truncated() {
        // 'b' = 1 >= t = 1: the delta goes on, and the input ends.
        assert_eq!(decode_all(b"b"), Err(PunycodeError::Truncated));
        assert_eq!(decode_all(b"abc-zz"), Err(PunycodeError::Truncated));
        // 'a' = 0 < t ends a delta of 0: U+0080 inserted at 0.
        assert_eq!(decode_all(b"a"), Ok(vec!['\u{80}']));
    }

    #[test]
    fn overflow_on_decode() {
        // Digit 35 is never below t <= tmax, and w grows by at least base - tmax = 10 a digit, so
        // i + digit * w passes 2^32 within ten digits.
        assert_eq!(decode_all(&[b'9'; 20]), Err(PunycodeError::Overflow));
        // Digits equal to their thresholds (1, 1, 26, 26, ...) keep the delta going too: w reaches
        // 35 * 35 * 10^6 by the ninth digit, and 26 times that is above 2^32.
        assert_eq!(decode_all(b"bb000000000000"), Err(PunycodeError::Overflow));
        // With basic code points first, the same: the deltas are read the same way.
        assert_eq!(
            decode_all(b"ab-99999999999999999999"),
            Err(PunycodeError::Overflow)
        );
    }

    #[test]
    fn overflow_on_encode() {
        // 5000 basic code points then U+10FFFF: the first delta is (0x10FFFF - 0x80) * 5001,
        // about 5.6e9, above u32::MAX (section 6.3 "fail on overflow").
        let mut input = vec!['a'; 5000];
        input.push('\u{10FFFF}');
        assert_eq!(encoded_len(&input), Err(PunycodeError::Overflow));
        assert_eq!(encode_vec(&input), Err(PunycodeError::Overflow));
        let text: String = input.iter().collect();
        assert_eq!(encode(&text), Err(PunycodeError::Overflow));
        // With 2999 basic code points the product is 0x10FF7F * 3000, about 3.34e9: no overflow.
        input.drain(..2001);
        assert!(encoded_len(&input).is_ok());
    }

    #[test]
    fn invalid_code_point() {
        // i = 0xD800 - 0x80 = 55168 with bias 72 (thresholds 1, 1, 26, 26), by section 3.3:
        // 1 + 55167 mod 35 = 8 'i', q = 1576; 1 + 1575 mod 35 = 1 'b', q = 45;
        // 26 + 19 mod 10 = 35 '9', q = 1; 1 < 26 'b'. So "ib9b" inserts U+D800, a surrogate.
        assert_eq!(decode_all(b"ib9b"), Err(PunycodeError::InvalidCodePoint));
        // i = 0x110000 - 0x80 = 1113984: 'e' (q 31828), 'n' (q 909), '3' (q 88), '2' (q 6),
        // 'g'. One past U+10FFFF.
        assert_eq!(decode_all(b"en32g"), Err(PunycodeError::InvalidCodePoint));
        // i = 0xE000 - 0x80 = 57216, just past the surrogates, is fine: 1 + 57215 mod 35 = 26
        // '0', q = 1634; 1 + 1633 mod 35 = 24 'y', q = 46; 26 + 20 mod 10 = 26 '0', q = 2; 'c'.
        assert_eq!(decode_all(b"0y0c"), Ok(vec!['\u{E000}']));
    }

    /// The decoder moves a tail two ways (a fixed window of eight slots where `out` has them,
    /// a loop otherwise): at every size of `out` from empty to ten slots past the U-label,
    /// label-like strings encoded and decoded again are the strings they were, or
    /// [`PunycodeError::TooLong`] exactly when `out` is shorter than them.
    #[test]
    fn every_size_of_out_decodes_alike() {
        let mut draw = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move |bound: u32| draw(u64::from(bound)) as u32;
        // Lower case ASCII, Latin-1 letters, Cyrillic, CJK: insertions at the front, in the
        // middle and at the end of outputs of every length up to 24.
        let pools: [(u32, u32); 4] = [(0x61, 26), (0xE0, 31), (0x430, 32), (0x4E00, 64)];
        for _ in 0..3000 {
            let len = 1 + next(24) as usize;
            let label: Vec<char> = (0..len)
                .map(|_| {
                    let (base, span) = pools[next(4) as usize];
                    char::from_u32(base + next(span)).unwrap()
                })
                .collect();
            let payload = encode_vec(&label).unwrap();
            for size in 0..=len + 10 {
                let mut out = vec!['\u{FFFD}'; size];
                match decode_into(&payload, &mut out) {
                    Ok(n) => assert_eq!(&out[..n], &label[..], "{payload:?} into {size}"),
                    Err(e) => {
                        assert_eq!(e, PunycodeError::TooLong, "{payload:?} into {size}");
                        assert!(size < len, "{payload:?} into {size}: {e:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn too_long() {
        let mut two = ['\0'; 2];
        assert_eq!(decode_into(b"abc-", &mut two), Err(PunycodeError::TooLong));
        // Two basic code points fit, the inserted one does not.
        assert_eq!(decode_into(b"ab-a", &mut two), Err(PunycodeError::TooLong));
        assert_eq!(decode_into(b"ab-a", &mut ['\0'; 3]), Ok(3));
        let mut one = [0u8; 1];
        assert_eq!(
            encode_into(&['a', 'b'], &mut one),
            Err(PunycodeError::TooLong)
        );
        // One code point, but "a-" and a delta do not fit in 3 bytes.
        let mut three = [0u8; 3];
        assert_eq!(
            encode_into(&['a', '\u{FC}'], &mut three),
            Err(PunycodeError::TooLong)
        );
        assert_eq!(encode_into(&[], &mut []), Ok(0));
    }

    #[test]
    fn not_canonical() {
        // Section 6.2 leaves no decodable input that re-encodes differently, so the check is
        // exercised on its own: "a" decodes to U+0080 (one delta of 0); these are not its
        // encoding.
        assert_eq!(check_canonical(&['\u{80}'], b"a"), Ok(()));
        assert_eq!(check_canonical(&['\u{80}'], b"A"), Ok(()));
        assert_eq!(
            check_canonical(&['\u{80}'], b"b"),
            Err(PunycodeError::NotCanonical)
        );
        assert_eq!(
            check_canonical(&['\u{80}'], b"aa"),
            Err(PunycodeError::NotCanonical)
        );
        assert_eq!(
            check_canonical(&['\u{80}'], b""),
            Err(PunycodeError::NotCanonical)
        );
        assert_eq!(
            check_canonical(&['x'], b"x"),
            Err(PunycodeError::NotCanonical)
        );
        assert_eq!(check_canonical(&['x'], b"x-"), Ok(()));
    }

    /// The claim `check_alabel` rests on (RFC 3492 section 6.2: a strict decoder admits one
    /// input per output): every payload of up to four bytes over the label alphabet (both
    /// cases) that decodes is the encoding of what it decodes to.
    #[test]
    fn strict_decoding_is_canonical_on_every_short_payload() {
        let alphabet: Vec<u8> = (b'a'..=b'z')
            .chain(b'0'..=b'9')
            .chain([b'-', b'A', b'Z'])
            .collect();
        let mut out = ['\0'; 8];
        let (mut decoded, mut refused) = (0u32, 0u32);
        for len in 0..=4u32 {
            for mut code in 0..alphabet.len().pow(len) {
                let mut payload = Vec::with_capacity(4);
                for _ in 0..len {
                    payload.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                match decode_into(&payload, &mut out) {
                    Ok(n) => {
                        assert_eq!(check_canonical(&out[..n], &payload), Ok(()), "{payload:?}");
                        decoded += 1;
                    }
                    Err(_) => refused += 1,
                }
            }
        }
        assert!(
            decoded > 1_000_000 && refused > 10_000,
            "{decoded} decoded, {refused} refused"
        );
    }

    /// The encoding procedure of RFC 3492 section 6.3 as written: one scan of the input per
    /// distinct non-basic code point.
    fn rfc_encode(input: &[char], sink: &mut String) -> Result<(), PunycodeError> {
        let length = u32::try_from(input.len()).map_err(|_| PunycodeError::Overflow)?;
        let b = write_basic(input, sink)?;
        let mut n = INITIAL_N;
        let mut delta: u32 = 0;
        let mut bias = INITIAL_BIAS;
        let mut h = b;
        while h < length {
            // Every code point below `n` is handled (there are `h` of them), so one is left at or
            // above `n`; the braced "non-basic" of section 6.3 is implied as `n >= initial_n`.
            let Some(m) = input
                .iter()
                .map(|&c| u32::from(c))
                .filter(|&c| c >= n)
                .min()
            else {
                break;
            };
            // `h < length <= u32::MAX`, so `h + 1` fits.
            delta = (m - n)
                .checked_mul(h + 1)
                .and_then(|steps| delta.checked_add(steps))
                .ok_or(PunycodeError::Overflow)?;
            n = m;
            for &c in input {
                let c = u32::from(c);
                if c < n {
                    delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
                } else if c == n {
                    write_delta(delta, bias, sink)?;
                    bias = adapt(delta, h + 1, h == b);
                    delta = 0;
                    h += 1;
                }
            }
            // Section 6.3: neither can overflow (`delta < length`, `n <= 0x10FFFF`); checked anyway.
            delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
            n = n.checked_add(1).ok_or(PunycodeError::Overflow)?;
        }
        Ok(())
    }

    /// The encoder against section 6.3 as written, on label-like inputs and longer ones (both
    /// sides of [`SHORT_INPUT`]): few distinct code points or many, repeated or not, ASCII
    /// mixed in, astral ones.
    #[test]
    fn encoder_equals_section_6_3_as_written() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let pools: [&[u32]; 4] = [
            &[0x61, 0x2D, 0xE4, 0xF6, 0xFC],
            &[0x430, 0x431, 0x44F, 0x451, 0x61, 0x31],
            &[0x4E2D, 0x6587, 0x1F4A9, 0x10FFFF, 0x80],
            &[0x627, 0x644, 0x5D0, 0x915, 0x94D, 0xE01, 0xAC00, 0x3042],
        ];
        let mut long = 0;
        for round in 0..20_000 {
            let pool = pools[round % pools.len()];
            let len = next(2 * SHORT_INPUT as u64 + 1) as usize;
            long += usize::from(len > SHORT_INPUT);
            let input: Vec<char> = (0..len)
                .map(|_| {
                    if next(4) == 0 {
                        char::from_u32(0x80 + next(0x10_FF80) as u32).unwrap_or('\u{FFFD}')
                    } else {
                        char::from_u32(pool[next(pool.len() as u64) as usize]).unwrap()
                    }
                })
                .collect();
            let mut ours = String::new();
            let mut rfc = String::new();
            assert_eq!(
                encode_chars(&input, &mut ours),
                rfc_encode(&input, &mut rfc),
                "{input:?}"
            );
            assert_eq!(ours, rfc, "{input:?}");
        }
        assert!(long > 5_000, "{long}");
    }

    #[test]
    fn empty_and_basic_only() {
        assert_eq!(decode_all(b""), Ok(vec![]));
        assert_eq!(encode_vec(&[]), Ok(vec![]));
        // Section 3.1: a delimiter follows the basic code points if and only if there are any.
        assert_eq!(encode_vec(&['a', 'B']), Ok(b"aB-".to_vec()));
        assert_eq!(decode_all(b"aB-"), Ok(vec!['a', 'B']));
    }

    #[test]
    fn display_cites_the_rfc() {
        for error in [
            PunycodeError::NonBasic,
            PunycodeError::InvalidDigit,
            PunycodeError::LeadingDelimiter,
            PunycodeError::Truncated,
            PunycodeError::Overflow,
            PunycodeError::InvalidCodePoint,
            PunycodeError::NotCanonical,
        ] {
            let text = alloc::format!("{error}");
            assert!(text.contains("RFC 3492"), "{text}");
            assert!(!text.contains('\n'));
        }
    }

    #[test]
    fn fenwick_select_and_prefix() {
        let mut tree = Fenwick::ones(10);
        assert_eq!(tree.prefix(10), 10);
        assert_eq!(tree.select(0), 0);
        assert_eq!(tree.select(9), 9);
        tree.update(0, false);
        tree.update(5, false);
        assert_eq!(tree.select(0), 1);
        assert_eq!(tree.select(4), 6);
        assert_eq!(tree.prefix(6), 4);
    }
}
