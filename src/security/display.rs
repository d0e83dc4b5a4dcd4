//! The display verdict: for a valid `idn-hostname`, which labels a careful browser shows in
//! Unicode and which as A-labels, and why.
//!
//! The policy follows the published display algorithms of Chromium ("IDN in Google Chrome",
//! `components/url_formatter/spoof_checks/idn_spoof_checker.cc`) and Firefox ("IDN Display
//! Algorithm", `network.IDN.restriction_profile`), decided per label as both do, from the UTS #39
//! mechanisms of this module. `docs/security.md` lists the steps taken and left out.

use alloc::string::String;
use alloc::vec::Vec;
use core::cell::OnceCell;
use core::fmt;

use crate::limits::{ACE_PREFIX, MAX_LABEL_OCTETS};
use crate::nfc::{canonical_combining_class, decompose_canonical};

use crate::tables::security::{DEFAULT_IGNORABLE_BIT, NFD_STARTER_BIT, SKELETON_LDH_BIT};
use crate::{Error, ascii, check_idn_hostname, punycode, to_ascii};

use super::detect::{Detection, Scan};
use super::profile::packed;
use super::scripts::{Facts, LABEL_SEPARATORS, RestrictionLevel, Script};
use super::skeleton::{RUN_CAPACITY, prototype};

/// Why a label is shown as its A-label: one code per failed check, stable and kebab-case (like
/// [`ErrorKind::code`](crate::ErrorKind::code)), each naming its UTS #39 section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// `restricted-character`: a character outside the General Security Profile
    /// (Identifier_Status Restricted, section 3.1): the label is Unrestricted (section 5.2).
    RestrictedCharacter,
    /// `mixed-scripts`: the label's restriction level (section 5.2) is less restrictive than
    /// the policy's [`DisplayPolicy::max_restriction_level`].
    MixedScripts,
    /// `mixed-numbers`: decimal digits of more than one set of ten (section 5.3).
    MixedNumbers,
    /// `repeated-nonspacing-mark`: the same nonspacing mark twice on a base (section 5.4).
    RepeatedNonspacingMark,
    /// `too-many-nonspacing-marks`: more than four nonspacing marks in a row (section 5.4).
    TooManyNonspacingMarks,
    /// `hidden-overlay`: a mark hidden by its base, as U+0307 on `i` (section 5.4).
    HiddenOverlay,
    /// `invisible-character`: a Default_Ignorable_Code_Point, such as U+200D ZERO WIDTH JOINER
    /// (section 5.4).
    InvisibleCharacter,
    /// `whole-script-confusable`: a label of one script but Latin whose skeleton (section 4)
    /// is all ASCII letters, digits and hyphens, so that it can pass for an ASCII label (a
    /// whole-script confusable of one, section 4), under a top-level label of another script.
    /// Checked last, on a label that passes every other check: never given with another reason.
    WholeScriptConfusable,
}

impl Reason {
    const ALL: [Reason; 8] = [
        Reason::RestrictedCharacter,
        Reason::MixedScripts,
        Reason::MixedNumbers,
        Reason::RepeatedNonspacingMark,
        Reason::TooManyNonspacingMarks,
        Reason::HiddenOverlay,
        Reason::InvisibleCharacter,
        Reason::WholeScriptConfusable,
    ];

    /// The stable kebab-case code (docs/security.md, "Codes").
    pub fn code(self) -> &'static str {
        match self {
            Reason::RestrictedCharacter => "restricted-character",
            Reason::MixedScripts => "mixed-scripts",
            Reason::MixedNumbers => "mixed-numbers",
            Reason::RepeatedNonspacingMark => "repeated-nonspacing-mark",
            Reason::TooManyNonspacingMarks => "too-many-nonspacing-marks",
            Reason::HiddenOverlay => "hidden-overlay",
            Reason::InvisibleCharacter => "invisible-character",
            Reason::WholeScriptConfusable => "whole-script-confusable",
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// The set of [`Reason`]s of a label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reasons(u16);

impl Reasons {
    /// Whether the set holds `r`.
    pub fn contains(self, r: Reason) -> bool {
        self.0 & r.bit() != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The reasons, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Reason> {
        Reason::ALL.into_iter().filter(move |&r| self.contains(r))
    }

    fn insert(&mut self, r: Reason) {
        self.0 |= r.bit();
    }
}

/// What a policy decides of a display: show the label's Unicode form, or its A-label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// An NR-LDH label (ASCII, no `xn--`): shown as it is, nothing to decide.
    Ascii,
    /// A U-label (or an A-label's U-label) that passes the policy: shown in Unicode.
    Unicode,
    /// A label that fails the policy: shown as its A-label, for the [`Reasons`] given.
    ALabel,
}

/// A display policy: which UTS #39 checks a label must pass to be shown in Unicode. A small
/// `Copy` value built with `const` methods.
///
/// [`DisplayPolicy::new`] (the [`Default`]) is modelled on Chromium: Highly Restrictive, with
/// every detection of sections 5.3 and 5.4 and the whole-script confusables of ASCII labels.
/// [`DisplayPolicy::moderate`] is Firefox's default profile
/// (`network.IDN.restriction_profile = "moderate"`): Moderately Restrictive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DisplayPolicy {
    max_level: RestrictionLevel,
    mixed_numbers: bool,
    nonspacing_marks: bool,
    invisible_characters: bool,
    whole_script_confusables: bool,
}

impl Default for DisplayPolicy {
    fn default() -> Self {
        DisplayPolicy::new()
    }
}

impl DisplayPolicy {
    /// The default policy, after Chromium's: Highly Restrictive (section 5.2), mixed numbers
    /// (section 5.3), the nonspacing-mark checks and invisible characters (section 5.4), and
    /// labels that pass for ASCII in another script (section 4).
    pub const fn new() -> DisplayPolicy {
        DisplayPolicy {
            max_level: RestrictionLevel::HighlyRestrictive,
            mixed_numbers: true,
            nonspacing_marks: true,
            invisible_characters: true,
            whole_script_confusables: true,
        }
    }

    /// Firefox's default (`network.IDN.restriction_profile = "moderate"`): the checks of
    /// [`DisplayPolicy::new`] with Moderately Restrictive (Latin with one other Recommended
    /// script but Cyrillic and Greek) in place of Highly Restrictive.
    pub const fn moderate() -> DisplayPolicy {
        DisplayPolicy::new().max_restriction_level(RestrictionLevel::ModeratelyRestrictive)
    }

    /// The least restrictive level (section 5.2) shown in Unicode; a label of a level past it
    /// gets [`Reason::MixedScripts`] (or [`Reason::RestrictedCharacter`] for Unrestricted).
    /// `Unrestricted` turns the script check off.
    pub const fn max_restriction_level(mut self, level: RestrictionLevel) -> DisplayPolicy {
        self.max_level = level;
        self
    }

    /// Whether mixed numbers (section 5.3) fail a label.
    pub const fn mixed_numbers(mut self, on: bool) -> DisplayPolicy {
        self.mixed_numbers = on;
        self
    }

    /// Whether the nonspacing-mark detections of section 5.4 (repeated, more than four, hidden
    /// overlay) fail a label.
    pub const fn nonspacing_marks(mut self, on: bool) -> DisplayPolicy {
        self.nonspacing_marks = on;
        self
    }

    /// Whether an invisible character (section 5.4) fails a label.
    pub const fn invisible_characters(mut self, on: bool) -> DisplayPolicy {
        self.invisible_characters = on;
        self
    }

    /// Whether a label of another script that passes for ASCII (section 4) fails, unless the
    /// top-level label is of its script.
    pub const fn whole_script_confusables(mut self, on: bool) -> DisplayPolicy {
        self.whole_script_confusables = on;
        self
    }

    /// The display verdict of `name`, a valid `idn-hostname`, label by label.
    ///
    /// # Errors
    ///
    /// The [`Error`] of [`check_idn_hostname`] when `name` is not a valid `idn-hostname`:
    /// no security step runs on an invalid name.
    ///
    /// # Examples
    ///
    /// ```
    /// use idn_hostname::security::{DisplayPolicy, Form, Reason};
    ///
    /// let policy = DisplayPolicy::new();
    /// let verdict = policy.verdict("bücher.example").unwrap();
    /// assert_eq!(verdict.to_display_string(), "bücher.example");
    ///
    /// // Cyrillic "раура" with a Latin l: mixed scripts (Punycode by Python's codec).
    /// let verdict = policy.verdict("\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com").unwrap();
    /// assert_eq!(verdict.labels()[0].form(), Form::ALabel);
    /// assert!(verdict.labels()[0].reasons().contains(Reason::MixedScripts));
    /// assert_eq!(verdict.to_display_string(), "xn--l-7sba6dbr.com");
    ///
    /// // All Cyrillic "сосо" passes for ASCII "coco" under .com, not under .рф.
    /// let verdict = policy.verdict("\u{0441}\u{043E}\u{0441}\u{043E}.com").unwrap();
    /// assert!(verdict.labels()[0].reasons().contains(Reason::WholeScriptConfusable));
    /// let verdict = policy.verdict("\u{0441}\u{043E}\u{0441}\u{043E}.\u{0440}\u{0444}").unwrap();
    /// assert_eq!(verdict.labels()[0].form(), Form::Unicode);
    ///
    /// assert_eq!(policy.verdict("-x.example").unwrap_err().kind().code(), "leading-hyphen");
    /// ```
    pub fn verdict<'a>(&self, name: &'a str) -> Result<DisplayVerdict<'a>, Error> {
        check_idn_hostname(name)?;
        // Only whether every label is shown in Unicode is decided here, up to the first label
        // that is not; the labels' verdicts wait for `DisplayVerdict::labels` (callgrind,
        // tools/corpus/security-count.sh, ten passes of the display verdict: storing each
        // label's verdict as it was decided, 3.33 M -> 3.15 M instructions).
        let safe = self.walk(name, |v| v.form != Form::ALabel).is_ok();
        Ok(DisplayVerdict {
            name,
            policy: *self,
            safe,
            labels: OnceCell::new(),
        })
    }

    /// The verdicts of the labels of `name`, a valid `idn-hostname`, in order, each given to
    /// `f` until `f` answers `false`: `Err(())` then.
    fn walk<'a>(
        &self,
        name: &'a str,
        mut f: impl FnMut(LabelVerdict<'a>) -> bool,
    ) -> Result<(), ()> {
        // The top-level label's scripts are read only for a label that might pass for ASCII
        // (callgrind, the bench's corpus: with the inline labels below, 4.76 M -> 4.36 M
        // instructions for ten passes).
        let tld = || {
            name.rsplit(LABEL_SEPARATORS)
                .next()
                .and_then(|tld| with_unicode(tld, resolved_of))
        };
        // One walk over the name: an ASCII label is skipped eight bytes at a time to its dot,
        // a label with other characters is read a character at a time, the facts of every
        // check gathered as it goes, up to its separator. (callgrind, tools/corpus/
        // security-count.sh, ten passes of the display verdict: against splitting the name into
        // labels first, then testing each for ASCII, then reading its characters,
        // 3.41 M -> 3.34 M instructions.)
        let bytes = name.as_bytes();
        let mut start = 0;
        loop {
            let ldh_end = ascii::ldh_run(bytes, start);
            let (verdict, next) = match bytes.get(ldh_end) {
                None => (
                    self.ascii_label_verdict(name.get(start..).unwrap_or_default(), &tld),
                    None,
                ),
                Some(b'.') => (
                    self.ascii_label_verdict(name.get(start..ldh_end).unwrap_or_default(), &tld),
                    Some(ldh_end + 1),
                ),
                Some(_) => self.unicode_label_verdict(name, start, &tld),
            };
            if !f(verdict) {
                return Err(());
            }
            match next {
                Some(n) => start = n,
                None => return Ok(()),
            }
        }
    }

    /// The verdict of a label of letters, digits and hyphens: shown as it is, or an A-label,
    /// checked on its U-label.
    fn ascii_label_verdict<'a>(
        &self,
        label: &'a str,
        tld: &impl Fn() -> Option<super::ScriptSet>,
    ) -> LabelVerdict<'a> {
        if !is_alabel(label) {
            return LabelVerdict {
                label,
                form: Form::Ascii,
                reasons: Reasons::default(),
            };
        }
        let reasons = with_unicode(label, |chars| {
            let mut facts = Facts::new();
            let mut scan = Scan::new();
            for &c in chars {
                let p = packed(c);
                facts.push_packed(c, p);
                scan.push_packed(c, p);
            }
            self.decide(
                &facts,
                &scan,
                || passes_for_ascii(chars.iter().copied()),
                tld,
            )
        })
        .unwrap_or_default();
        LabelVerdict::of(label, reasons)
    }

    /// The verdict of the label of `name` that starts at byte `start` and holds a character
    /// other than a letter, digit or hyphen, with the start of the next label: its characters
    /// read once, up to the next label separator.
    fn unicode_label_verdict<'a>(
        &self,
        name: &'a str,
        start: usize,
        tld: &impl Fn() -> Option<super::ScriptSet>,
    ) -> (LabelVerdict<'a>, Option<usize>) {
        let text = name.get(start..).unwrap_or_default();
        let mut facts = Facts::new();
        let mut scan = Scan::new();
        let mut end = text.len();
        let mut next = None;
        // Whether the skeleton (section 4) is all ASCII letters, digits and hyphens, read on
        // the way from one bit of each NFD starter: a starter without it answers no; only a
        // label with a character that decomposes reads its skeleton after the walk (callgrind,
        // tools/corpus/security-count.sh, ten passes of the display verdict: against reading
        // the skeleton of each label of one script but Latin, 3.12 M -> 3.01 M instructions).
        let mut not_ldh = false;
        let mut decomposes = false;
        for (i, c) in text.char_indices() {
            if matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
                end = i;
                next = Some(start + i + c.len_utf8());
                break;
            }
            let p = packed(c);
            not_ldh |= p & (NFD_STARTER_BIT | SKELETON_LDH_BIT) == NFD_STARTER_BIT;
            decomposes |= p & NFD_STARTER_BIT == 0;
            facts.push_packed(c, p);
            scan.push_packed(c, p);
        }
        let label = text.get(..end).unwrap_or_default();
        if facts.is_ascii() || is_alabel(label) {
            // Not in a valid name (its ASCII labels are LDH, its A-labels ASCII): decided as
            // an ASCII label.
            return (self.ascii_label_verdict(label, tld), next);
        }
        let reasons = self.decide(
            &facts,
            &scan,
            || !not_ldh && (!decomposes || passes_for_ascii(label.chars())),
            tld,
        );
        (LabelVerdict::of(label, reasons), next)
    }

    /// The reasons of a label from the facts and detections of its characters;
    /// `passes_for_ascii` reads its skeleton, only when the policy asks.
    fn decide(
        &self,
        facts: &Facts,
        scan: &Scan,
        passes_for_ascii: impl FnOnce() -> bool,
        tld: &impl Fn() -> Option<super::ScriptSet>,
    ) -> Reasons {
        let mut reasons = Reasons::default();
        let level = facts.level();
        if level == RestrictionLevel::Unrestricted {
            reasons.insert(Reason::RestrictedCharacter);
        } else if level > self.max_level {
            reasons.insert(Reason::MixedScripts);
        }
        if self.mixed_numbers && facts.mixed_numbers() {
            reasons.insert(Reason::MixedNumbers);
        }
        let found = scan.found();
        if self.nonspacing_marks {
            for (d, r) in [
                (
                    Detection::RepeatedNonspacingMark,
                    Reason::RepeatedNonspacingMark,
                ),
                (
                    Detection::TooManyNonspacingMarks,
                    Reason::TooManyNonspacingMarks,
                ),
                (Detection::HiddenOverlay, Reason::HiddenOverlay),
            ] {
                if found.contains(d) {
                    reasons.insert(r);
                }
            }
        }
        if self.invisible_characters && found.contains(Detection::InvisibleCharacter) {
            reasons.insert(Reason::InvisibleCharacter);
        }
        if self.whole_script_confusables && reasons.is_empty() {
            let resolved = facts.resolved();
            let foreign =
                !resolved.is_empty() && !resolved.is_all() && !resolved.contains(Script::LATIN);
            if foreign
                && passes_for_ascii()
                && !tld().is_some_and(|t| !t.intersection(resolved).is_empty() && !t.is_all())
            {
                reasons.insert(Reason::WholeScriptConfusable);
            }
        }
        reasons
    }
}

impl<'a> LabelVerdict<'a> {
    /// The verdict of a checked label: in Unicode when no reason fails it.
    fn of(label: &'a str, reasons: Reasons) -> LabelVerdict<'a> {
        let form = if reasons.is_empty() {
            Form::Unicode
        } else {
            Form::ALabel
        };
        LabelVerdict {
            label,
            form,
            reasons,
        }
    }
}

/// Whether the skeleton of `chars` is all ASCII letters, digits and hyphens.
///
/// Read a character at a time, without the skeleton: each character of the NFD form of
/// `chars` is dropped (a Default_Ignorable_Code_Point) or becomes its prototype (or itself),
/// and the skeleton is the NFD form of these pieces in canonical order, so it is all ASCII
/// letters, digits and hyphens when each piece's NFD form is. The one difference with the
/// streaming skeleton, which gives up on a run of more than
/// [`RUN_CAPACITY`](super::skeleton::RUN_CAPACITY) marks, is kept: such a run answers `false`
/// here too. (callgrind, the bench's corpus, ten passes: 4.36 M -> 4.06 M instructions.)
fn passes_for_ascii(chars: impl Iterator<Item = char>) -> bool {
    let mut marks = 0;
    for c in chars {
        let p = packed(c);
        if p & NFD_STARTER_BIT != 0 {
            marks = 0;
            if !piece_is_ascii(c, p) {
                return false;
            }
        } else {
            let mut ok = true;
            decompose_canonical(c, |d| {
                if canonical_combining_class(d) == 0 {
                    marks = 0;
                } else {
                    marks += 1;
                }
                ok &= marks <= RUN_CAPACITY && piece_is_ascii(d, packed(d));
            });
            if !ok {
                return false;
            }
        }
    }
    true
}

/// Whether the character `d` of an NFD form (its packed value `p`) adds only ASCII letters,
/// digits and hyphens to a skeleton: none when it is dropped, else its prototype's NFD form.
fn piece_is_ascii(d: char, p: u32) -> bool {
    let ascii = |c: char| c.is_ascii_alphanumeric() || c == '-';
    if p & DEFAULT_IGNORABLE_BIT != 0 {
        return true;
    }
    match prototype(d, p) {
        None => ascii(d),
        Some(s) => s.chars().all(|t| {
            if t.is_ascii() {
                ascii(t)
            } else {
                let mut ok = true;
                decompose_canonical(t, |u| ok &= ascii(u));
                ok
            }
        }),
    }
}

fn resolved_of(chars: &[char]) -> super::ScriptSet {
    let mut facts = Facts::new();
    chars.iter().for_each(|&c| facts.push(c));
    facts.resolved()
}

/// Whether `label` starts with the ACE prefix, in any case (RFC 5890 section 2.3.2.1).
fn is_alabel(label: &str) -> bool {
    label
        .get(..ACE_PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(ACE_PREFIX))
}

/// Calls `f` with the code points of `label`'s Unicode form: an A-label decoded (RFC 3492),
/// other labels as written. `None` for a label longer than a valid one or that does not decode.
fn with_unicode<T>(label: &str, f: impl FnOnce(&[char]) -> T) -> Option<T> {
    let mut buf = ['\0'; MAX_LABEL_OCTETS];
    let len = if is_alabel(label) {
        let rest = label.get(ACE_PREFIX.len()..)?;
        punycode::decode_into(rest.as_bytes(), &mut buf).ok()?
    } else {
        let mut n = 0;
        for c in label.chars() {
            *buf.get_mut(n)? = c;
            n += 1;
        }
        n
    };
    Some(f(buf.get(..len)?))
}

/// The verdict of one label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelVerdict<'a> {
    label: &'a str,
    form: Form,
    reasons: Reasons,
}

impl<'a> LabelVerdict<'a> {
    /// The label as written in the name.
    pub fn label(&self) -> &'a str {
        self.label
    }

    /// The form to show.
    pub fn form(&self) -> Form {
        self.form
    }

    /// Why the label is shown as its A-label (empty otherwise).
    pub fn reasons(&self) -> Reasons {
        self.reasons
    }

    /// The label as shown: as written for [`Form::Ascii`], its U-label for [`Form::Unicode`],
    /// its A-label for [`Form::ALabel`].
    pub fn shown(&self) -> String {
        let as_written = || String::from(self.label);
        match self.form {
            Form::Ascii => as_written(),
            Form::Unicode => {
                with_unicode(self.label, |chars| chars.iter().collect()).unwrap_or_else(as_written)
            }
            Form::ALabel => to_ascii(self.label).map_or_else(|_| as_written(), |a| a.into_owned()),
        }
    }
}

/// The labels a verdict holds in place: a name of up to this many labels costs no allocation
/// (callgrind, the bench's corpus, ten passes: 4.76 M -> 4.36 M instructions with the lazy
/// top-level label above, of which the allocation and its `free` were 0.45 M). Four rather
/// than more: a verdict small enough to move without a call to `memmove` (perf, the bench's
/// corpus: the time ratio to `is_idn_hostname` 3.0 with six, 2.78 with four).
const INLINE_LABELS: usize = 4;

/// The verdicts of a name's labels: in place for the names people type, on the heap past
/// [`INLINE_LABELS`] (a valid name has at most 127 labels).
#[derive(Clone)]
enum Labels<'a> {
    Inline(usize, [LabelVerdict<'a>; INLINE_LABELS]),
    Heap(Vec<LabelVerdict<'a>>),
}

impl<'a> Labels<'a> {
    const fn new() -> Labels<'a> {
        const EMPTY: LabelVerdict<'static> = LabelVerdict {
            label: "",
            form: Form::Ascii,
            reasons: Reasons(0),
        };
        Labels::Inline(0, [EMPTY; INLINE_LABELS])
    }

    fn push(&mut self, verdict: LabelVerdict<'a>) {
        match self {
            Labels::Inline(len, items) => {
                if let Some(slot) = items.get_mut(*len) {
                    *slot = verdict;
                    *len += 1;
                } else {
                    let mut heap = Vec::with_capacity(2 * INLINE_LABELS);
                    heap.extend_from_slice(items);
                    heap.push(verdict);
                    *self = Labels::Heap(heap);
                }
            }
            Labels::Heap(heap) => heap.push(verdict),
        }
    }

    fn as_slice(&self) -> &[LabelVerdict<'a>] {
        match self {
            Labels::Inline(len, items) => items.get(..*len).unwrap_or_default(),
            Labels::Heap(heap) => heap,
        }
    }
}

/// The display verdict of a valid `idn-hostname` (see [`DisplayPolicy::verdict`]).
#[derive(Clone)]
pub struct DisplayVerdict<'a> {
    name: &'a str,
    policy: DisplayPolicy,
    /// Whether no label falls back to its A-label.
    safe: bool,
    /// The labels' verdicts, decided again on the first call of [`DisplayVerdict::labels`].
    labels: OnceCell<Labels<'a>>,
}

impl fmt::Debug for DisplayVerdict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DisplayVerdict")
            .field("name", &self.name)
            .field("labels", &self.labels())
            .finish()
    }
}

impl PartialEq for DisplayVerdict<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.labels() == other.labels()
    }
}

impl Eq for DisplayVerdict<'_> {}

impl<'a> DisplayVerdict<'a> {
    /// The name the verdict is about, as given.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The verdict of each label, in order. [`DisplayPolicy::verdict`] decides only whether
    /// every label is shown in Unicode ([`DisplayVerdict::is_safe_to_display`]); the labels'
    /// verdicts are decided on the first call of this method, and kept.
    pub fn labels(&self) -> &[LabelVerdict<'a>] {
        self.labels
            .get_or_init(|| {
                let mut labels = Labels::new();
                // The name was checked and walked once: every label is given.
                let _ = self.policy.walk(self.name, |v| {
                    labels.push(v);
                    true
                });
                labels
            })
            .as_slice()
    }

    /// Whether every label is shown as written or in Unicode (no label falls back to its
    /// A-label).
    pub fn is_safe_to_display(&self) -> bool {
        self.safe
    }

    /// The name as shown: each label in its [`LabelVerdict::shown`] form, joined by U+002E.
    pub fn to_display_string(&self) -> String {
        let mut out = String::with_capacity(self.name.len());
        for (i, label) in self.labels().iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(&label.shown());
        }
        out
    }
}

/// The verdict of `name` under the default [`DisplayPolicy`] (Chromium's model): the function
/// a command line's `--display` calls.
///
/// # Errors
///
/// The [`Error`] of [`check_idn_hostname`] when `name` is not a valid `idn-hostname`.
pub fn display_verdict(name: &str) -> Result<DisplayVerdict<'_>, Error> {
    DisplayPolicy::new().verdict(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_kebab_case() {
        let codes: Vec<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
        for (i, c) in codes.iter().enumerate() {
            assert!(
                c.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{c}"
            );
            assert!(!codes[..i].contains(c), "{c} twice");
        }
    }

    /// The table's bit against the skeleton's pieces as `piece_is_ascii` reads them (with
    /// the decompositions of [`crate::nfc`]), for every code point.
    #[test]
    fn skeleton_ldh_bit_is_piece_is_ascii_of_a_starter() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let p = packed(c);
            let expected = p & NFD_STARTER_BIT != 0 && piece_is_ascii(c, p);
            assert_eq!(p & SKELETON_LDH_BIT != 0, expected, "U+{:04X}", c as u32);
        }
    }

    /// The skeleton (UTS #39 section 4) of DIGIT ONE followed by BATAK PANONGONAN is all
    /// ASCII letters, digits and hyphens: confusables.txt maps U+0031 to `l` and U+1BF3 to `-`.
    /// U+1BF3 is a mark (Canonical_Combining_Class 9, UnicodeData.txt), so a run of more than
    /// [`RUN_CAPACITY`] of them answers `false`, as the doc comment of `passes_for_ascii` says
    /// (the streaming skeleton gives up there). Cyrillic `с` and `о` map to `c` and `o`; `ж` is
    /// no source of confusables.txt, and `й` is `и` U+0306 (UnicodeData.txt), `и` mapped to
    /// U+1D0E: neither skeleton is ASCII.
    #[test]
    fn passes_for_ascii_reads_the_skeleton() {
        let run = |n: usize| format!("1{}", "\u{1BF3}".repeat(n));
        assert!(passes_for_ascii(run(1).chars()));
        assert!(passes_for_ascii(run(RUN_CAPACITY).chars()));
        assert!(!passes_for_ascii(run(RUN_CAPACITY + 1).chars()));
        assert!(!passes_for_ascii(
            format!("{}a", run(RUN_CAPACITY + 1)).chars()
        ));
        assert!(passes_for_ascii("\u{0441}\u{043E}\u{0441}\u{043E}".chars()));
        assert!(!passes_for_ascii("\u{0436}\u{0436}".chars()));
        assert!(!passes_for_ascii("\u{0441}\u{043E}\u{0439}".chars()));
        assert!(!passes_for_ascii("\u{0439}".chars()));
    }

    /// Why `unicode_label_verdict` may read the skeleton of a label with a character that
    /// decomposes only after the walk: no character that NFD changes (or that is no starter)
    /// and that is Allowed (IdentifierStatus.txt) has a skeleton of ASCII letters, digits and
    /// hyphens, so such a label passes for ASCII only when it holds a Restricted character, and
    /// then `decide` never asks (the label has `RestrictedCharacter` already). U+1BF3 BATAK
    /// PANONGONAN is one that passes (a mark, Canonical_Combining_Class 9, mapped to `-` by
    /// confusables.txt), and is Limited_Use (IdentifierType.txt), not Allowed.
    #[test]
    fn no_allowed_character_that_decomposes_passes_for_ascii() {
        let mut passing = Vec::new();
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            if packed(c) & NFD_STARTER_BIT == 0 && passes_for_ascii([c].into_iter()) {
                assert_ne!(
                    super::super::identifier_status(c),
                    super::super::IdentifierStatus::Allowed,
                    "U+{:04X}",
                    c as u32
                );
                passing.push(c);
            }
        }
        assert!(passing.contains(&'\u{1BF3}'), "{passing:?}");
    }

    #[test]
    fn resolved_scripts_of_the_tld() {
        assert!(super::super::resolved_script_set("рф").contains(Script::CYRILLIC));
    }
}
