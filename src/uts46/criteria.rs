//! The Validity Criteria of UTS #46 section 4.1, one implementation for every path: criteria 2
//! to 8 by [`Checker`], fed one code point at a time, which also gathers the Bidi classes of
//! criterion 9 (RFC 5893 section 2); the hyphen rules and ASCII labels on their own where a
//! caller knows nothing else can fail. Criterion 1 (NFC) is the caller's: only a decoded A-label
//! can fail it.

use super::error::Statuses;
use super::mapping;
use super::{Options, Status};
use crate::ascii;
use crate::bidi::Summary;
use crate::limits::ACE_PREFIX_CHARS;
use crate::nfc::QuickCheck;
use crate::ucd::{self, BidiClass, JoiningType, Props};

/// Criteria 2 and 3 of section 4.1 (CheckHyphens) on a label, as bytes or code points: no
/// "--" in the third and fourth positions (V2), no hyphen at either end (V3).
pub(super) fn check_hyphens<T: PartialEq + From<u8>>(label: &[T], statuses: &mut Statuses) {
    let hyphen = T::from(b'-');
    if label.get(2) == Some(&hyphen) && label.get(3) == Some(&hyphen) {
        statuses.add(Status::V2);
    }
    if label.first() == Some(&hyphen) || label.last() == Some(&hyphen) {
        statuses.add(Status::V3);
    }
}

/// The Validity Criteria of section 4.1 on a non-empty ASCII label that is not an A-label:
/// criteria 2 and 3 (CheckHyphens) and 7 (UseSTD3ASCIIRules); every lowercase ASCII code point
/// is `valid`, none is a mark or a joiner, and a label holds no U+002E. `unmapped`: the label is
/// read before step 1, which maps its capitals to small letters.
pub(super) fn validate_ascii(
    bytes: &[u8],
    options: Options,
    statuses: &mut Statuses,
    unmapped: bool,
) {
    if options.check_hyphens {
        check_hyphens(bytes, statuses);
    }
    // Capitals are fine before step 1, which maps them.
    let ldh = bytes
        .iter()
        .all(|&b| ascii::is_ldh(b) && (unmapped || !b.is_ascii_uppercase()));
    if !ldh {
        // Criterion 7: step 1 leaves no capital, but a label of the general path is checked
        // as the criteria say.
        if !unmapped && bytes.iter().any(u8::is_ascii_uppercase) {
            statuses.add(Status::V7);
        }
        if options.use_std3_ascii_rules {
            statuses.add(Status::U1);
        }
    }
}

/// Criteria 2 and 3 (CheckHyphens) and 4 of UTS #46 section 4.1 on a non-empty label.
pub(super) fn validate_hyphens(label: &[char], options: Options, statuses: &mut Statuses) {
    if options.check_hyphens {
        check_hyphens(label, statuses);
    }
    // Criterion 4 is written for CheckHyphens=false; with CheckHyphens, criterion 2 rejects the
    // same labels, and IdnaTestV2.txt records V4 for them too.
    if label.starts_with(&ACE_PREFIX_CHARS) {
        statuses.add(Status::V4);
    }
}

/// Criteria 5 (no U+002E), 7 (no capital: step 1 maps them) and, with UseSTD3ASCIIRules, 7's
/// rule for ASCII (only a-z, 0-9 and hyphen) on one ASCII code point of a label.
#[inline(always)]
pub(super) fn validate_ascii_char(c: char, options: Options, statuses: &mut Statuses) {
    if c == '.' {
        statuses.add(Status::V5);
    }
    if c.is_ascii_uppercase() {
        statuses.add(Status::V7);
    }
    if options.use_std3_ascii_rules && !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        statuses.add(Status::U1);
    }
}

/// Records the conditions of RFC 5893 section 2 given as bit `n` for condition `n`.
pub(super) fn add_bidi_conditions(failed: u8, statuses: &mut Statuses) {
    if failed == 0 {
        return;
    }
    for (rule, status) in [
        (1, Status::B1),
        (2, Status::B2),
        (3, Status::B3),
        (4, Status::B4),
        (5, Status::B5),
        (6, Status::B6),
    ] {
        if failed & (1 << rule) != 0 {
            statuses.add(status);
        }
    }
}

/// The Validity Criteria of section 4.1 on a whole label (criterion 1 aside): the statuses
/// into `statuses`; returns whether it is an RTL label and the conditions of RFC 5893 section 2
/// it fails (bit `n` for condition `n`). `valid`: every non-ASCII code point is known to satisfy
/// criterion 7 (step 1 said so), which spares its lookup.
pub(super) fn check(
    label: &[char],
    options: Options,
    transitional: bool,
    valid: bool,
    statuses: &mut Statuses,
) -> (bool, u8) {
    if label.is_empty() {
        return (false, 0);
    }
    let mut checker = Checker::new(options, transitional);
    checker.push_label(label, valid, |_, _| {});
    checker.end(label, statuses)
}

/// Steps 4.1.3 and 4.1.4 of section 4 for the code points an A-label decodes to: P4 when they
/// are empty or all ASCII (it was not an A-label), then the Validity Criteria, always those of
/// Nontransitional Processing; criterion 1 (V1) only a decoded label can fail, decided by the
/// quick check of UAX #15 in the same pass. Returns whether it is an RTL label and the
/// conditions of RFC 5893 section 2 it fails.
#[inline(never)]
pub(super) fn check_decoded(
    chars: &[char],
    options: Options,
    statuses: &mut Statuses,
) -> (bool, u8) {
    if chars.iter().all(char::is_ascii) {
        statuses.add(Status::P4);
    }
    if chars.is_empty() {
        return (false, 0);
    }
    let mut quick = QuickCheck::default();
    let mut checker = Checker::new(options, false);
    // A PVALID code point with Canonical_Combining_Class 0 and NFC_Quick_Check=Yes is pushed as
    // a starter, which is what `push` would record of it: the A-label forms of `realistic.txt`
    // 728,539 → 709,243 instructions a pass (−2.6 %, tools/corpus/count.sh 5).
    checker.push_label(chars, false, |_, p| match p {
        Some(p) if !p.is_pvalid_cut() => quick.push(p.ccc(), p.nfc_quick_check()),
        _ => quick.starter(),
    });
    if !quick.is_nfc(chars) {
        statuses.add(Status::V1);
    }
    checker.end(chars, statuses)
}

/// Whether no code point of `label` can fail criteria 5 to 8 of section 4.1, so that
/// [`validate_hyphens`] is all [`check`] would find beside criterion 7 and the Bidi rule: every
/// ASCII one is a small letter, a digit or a hyphen, none is a joiner (U+200C, U+200D, the
/// only CONTEXTJ code points), and the first is not a mark.
pub(super) fn is_plain(label: &[char]) -> bool {
    let first_ok = label
        .first()
        .is_none_or(|&c| c.is_ascii() || !ucd::props(c).is_mark());
    first_ok
        && label.iter().all(|&c| {
            if c.is_ascii() {
                c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
            } else {
                !is_joiner(c)
            }
        })
}

/// U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER, the CONTEXTJ code points of
/// RFC 5892 (Appendix A.1 and A.2).
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// The Validity Criteria of section 4.1 on one label, fed one code point at a time (criterion 1,
/// NFC, is the caller's), with the conditions of RFC 5893 section 2 the label fails, as
/// [`crate::bidi::Summary::failed_conditions`] gives them. Each criterion asks only for the
/// first four code points, the last one, the neighbours of a joiner, or a set of properties,
/// so a label of any length is checked in constant memory.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Checker {
    options: Options,
    /// Criterion 7 as Transitional Processing reads a deviation (false for a decoded A-label).
    transitional: bool,
    /// Code points fed through [`Checker::push_with`], for what asks for the first four and
    /// for an empty label; the steady paths and runs, which come after the first four, leave
    /// it ([`Checker::same_shape`] ignores it).
    count: usize,
    head: [char; 4],
    last: char,
    last_props: Option<Props>,
    statuses: Statuses,
    /// No code point fed is outside ASCII.
    pub(super) all_ascii: bool,
    /// CheckJoiners: the code point before is a virama; the last code point that is not
    /// Joining_Type T is L or D; a ZERO WIDTH NON-JOINER waits for its right side.
    after_virama: bool,
    joins_left: bool,
    zwnj_open: bool,
    /// The Bidi classes, for criterion 9.
    bidi: Summary,
}

impl Checker {
    pub(super) fn new(options: Options, transitional: bool) -> Self {
        Checker {
            options,
            transitional,
            count: 0,
            head: ['\0'; 4],
            last: '\0',
            last_props: None,
            statuses: Statuses::default(),
            all_ascii: true,
            after_virama: false,
            joins_left: false,
            zwnj_open: false,
            bidi: Summary::EMPTY,
        }
    }

    /// The next code point of the label; returns its properties (none for ASCII).
    #[inline]
    pub(super) fn push(&mut self, c: char, valid: Option<bool>) -> Option<Props> {
        self.push_with(c, valid, ucd::props)
    }

    /// [`Checker::push`] of every code point of a whole label, on a fresh checker, ended by
    /// [`Checker::end`] with the label as its window; `valid`: step 1 found every non-ASCII code
    /// point `valid`. `each` sees every code point with its properties (none for ASCII), for
    /// what the caller gathers in the same pass. A property lookup a code point serves criteria
    /// 6 and 7 and the Bidi classes; criterion 8 has nothing to check but in a label with a
    /// joiner (U+200C, U+200D), which a second pass takes. Measured (callgrind,
    /// `tools/corpus/count.sh 5`, `uts46::to_ascii`, instructions a pass) against
    /// [`Checker::push`] on each code point: the A-label forms of `realistic.txt` 820,051 →
    /// 709,243 (−13.5 %), its U-label forms 977,277 → 940,010, `arabic.txt` 1,204,242 →
    /// 1,091,012.
    pub(super) fn push_label(
        &mut self,
        label: &[char],
        valid: bool,
        mut each: impl FnMut(char, Option<Props>),
    ) {
        let Some((&first, rest)) = label.split_first() else {
            return;
        };
        let (class, p) = self.label_class(first, valid);
        // The classes gathered in a local, which the compiler keeps in registers through the
        // loop, rather than through `self`: the A-label forms of long.txt 2,475,510 →
        // 2,416,736 instructions a pass (`tools/corpus/count.sh 5 long253`, `uts46::to_ascii`).
        let mut bidi = self.bidi;
        bidi.push_first(class);
        if p.is_some_and(Props::is_mark) {
            self.statuses.add(Status::V6);
        }
        each(first, p);
        let mut joiner = is_joiner(first);
        for &c in rest {
            let (class, p) = self.label_class(c, valid);
            bidi.push(class);
            each(c, p);
            joiner |= is_joiner(c);
        }
        self.bidi = bidi;
        if joiner && self.options.check_joiners {
            // Criterion 8, in a second pass over the few labels with a joiner.
            for &c in label {
                let p = (!c.is_ascii()).then(|| ucd::props(c));
                self.join(c, p);
            }
        }
    }

    /// Criterion 8 (CheckJoiners), the CONTEXTJ rules of RFC 5892 Appendix A.1 and A.2, for
    /// the next code point `c`, whose properties are `p` (none for ASCII): the state is whether
    /// the code point before is a virama, whether the last one not of Joining_Type T is L or D,
    /// and whether a ZERO WIDTH NON-JOINER waits for its right side.
    #[inline(always)]
    fn join(&mut self, c: char, props: Option<Props>) {
        // Every ASCII code point has Joining_Type U and is not a virama.
        let (joining, virama) = props.map_or((JoiningType::U, false), |p| {
            (p.joining_type(), p.is_virama())
        });
        // RFC 5892 Appendix A.1: `(L|D) T* ZWNJ T* (R|D)` unless a virama comes before.
        if self.zwnj_open && joining != JoiningType::T {
            if !matches!(joining, JoiningType::R | JoiningType::D) {
                self.statuses.add(Status::C1);
            }
            self.zwnj_open = false;
        }
        match c {
            '\u{200C}' if !self.after_virama => {
                if self.joins_left {
                    self.zwnj_open = true;
                } else {
                    self.statuses.add(Status::C1);
                }
            }
            // Appendix A.2: only after a virama.
            '\u{200D}' if !self.after_virama => self.statuses.add(Status::C2),
            _ => {}
        }
        if joining != JoiningType::T {
            self.joins_left = matches!(joining, JoiningType::L | JoiningType::D);
        }
        self.after_virama = virama;
    }

    /// [`Checker::push_label`] for one code point: criteria 5 and 7, its Bidi class and its
    /// properties (none for ASCII).
    #[inline(always)]
    fn label_class(&mut self, c: char, valid: bool) -> (BidiClass, Option<Props>) {
        if c.is_ascii() {
            validate_ascii_char(c, self.options, &mut self.statuses);
            return (crate::bidi::bidi_class(c), None);
        }
        self.all_ascii = false;
        let p = ucd::props(c);
        if !valid && !mapping::is_valid(p, c, self.transitional) {
            self.statuses.add(Status::V7);
        }
        (p.bidi_class(), Some(p))
    }

    /// [`Checker::push`] of `c`, `times` in a row: after five, the label's first four and the
    /// last are `c`, and one more changes nothing (but for a joiner, whose context does). The
    /// streamed NFC quick check needs `c` once.
    pub(super) fn push_run(&mut self, c: char, times: usize) -> Option<Props> {
        let joiner = is_joiner(c);
        let each = if joiner { times } else { times.min(5) };
        let mut props = None;
        for _ in 0..each {
            props = self.push(c, None);
        }
        props
    }

    /// [`Checker::push`] with the properties of a non-ASCII code point from `props`. Always
    /// inlined (into the loop that was `Stream::push_span`): 6 % fewer instructions on 1 MiB of
    /// Arabic words (117.9 M against 110.5 M, callgrind).
    #[inline(always)]
    pub(super) fn push_with(
        &mut self,
        c: char,
        valid: Option<bool>,
        props: impl FnOnce(char) -> Props,
    ) -> Option<Props> {
        let i = self.count;
        self.count += 1;
        // The same code point again changes nothing but the count: every criterion it can fail
        // it failed already, and it is its own neighbour (the joiners excepted).
        if c == self.last && i >= 4 && !is_joiner(c) {
            return self.last_props;
        }
        if let Some(slot) = self.head.get_mut(i) {
            *slot = c;
        }
        self.last = c;
        let (class, props) = if c.is_ascii() {
            validate_ascii_char(c, self.options, &mut self.statuses);
            (crate::bidi::bidi_class(c), None)
        } else {
            self.all_ascii = false;
            let p = props(c);
            if i == 0 && p.is_mark() {
                self.statuses.add(Status::V6);
            }
            let valid = valid.unwrap_or_else(|| mapping::is_valid(p, c, self.transitional));
            if !valid {
                self.statuses.add(Status::V7);
            }
            (p.bidi_class(), Some(p))
        };
        self.last_props = props;
        if i == 0 {
            self.bidi.push_first(class);
        } else {
            self.bidi.push(class);
        }
        if self.options.check_joiners {
            self.join(c, props);
        }
        props
    }

    /// Records the statuses of the label into `statuses`; returns whether it is an RTL label
    /// and the conditions of RFC 5893 section 2 it fails (bit `n` for condition `n`).
    pub(super) fn finish(&self, statuses: &mut Statuses) -> (bool, u8) {
        if self.count == 0 {
            return (false, 0);
        }
        // Criteria 2 to 4 ask for the first four code points and the last only; those of a
        // shorter label are followed by U+0000, which none of them asks for.
        let [a, b, c, d] = self.head;
        self.end(&[a, b, c, d, self.last], statuses)
    }

    /// [`Checker::finish`] with the label's ends in `window`: the whole label, or its first
    /// four code points (U+0000 after a shorter label's) and its last; not empty.
    fn end(&self, window: &[char], statuses: &mut Statuses) -> (bool, u8) {
        statuses.add_all(self.statuses);
        validate_hyphens(window, self.options, statuses);
        if self.zwnj_open {
            statuses.add(Status::C1);
        }
        (self.rtl(), self.bidi.failed_conditions())
    }

    /// Equal but for the count of code points fed: one more copy of a run left the state as
    /// the copy before did.
    pub(super) fn same_shape(&self, other: &Checker) -> bool {
        let mut shape = *self;
        shape.count = other.count;
        shape == *other
    }

    /// `times` more copies of what was fed since `before`, a state of the same shape.
    pub(super) fn repeat(&mut self, before: &Checker, times: usize) {
        let step = self.count.saturating_sub(before.count);
        self.count = self.count.saturating_add(times.saturating_mul(step));
    }

    /// Whether a code point of Bidi_Class R, AL or AN has been fed: the label is an RTL label.
    pub(super) fn rtl(&self) -> bool {
        self.bidi.rtl()
    }
}
