//! The `security` feature: the crate's UTS #39 display verdict and lookalike set, for the npm
//! package's subpath `idn-hostname/security` (a WebAssembly module of its own, so that the
//! formats' module stays as small as it is; README, "Security"). Types in, verdicts out: every
//! rule is the crate's.

use idn_hostname::security::{self, DisplayPolicy, Form, LookalikeError};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::{HostnameError, hostname_error};

/// `display`'s policy argument: Chromium's model (`DisplayPolicy::new`).
const POLICY_CHROMIUM: u32 = 0;
/// Firefox's default (`DisplayPolicy::moderate`).
const POLICY_FIREFOX: u32 = 1;

/// The display verdict of a valid name (`DisplayVerdict`), label by label in three arrays of
/// the same length (`js/security.js` zips them into objects).
#[wasm_bindgen(getter_with_clone)]
pub struct Display {
    /// `DisplayVerdict::to_display_string()`: the name as shown.
    pub value: String,
    /// Each label as written.
    pub labels: Vec<String>,
    /// Each label's form: `ascii`, `unicode` or `a-label` (as the command line's `--json`).
    pub forms: Vec<String>,
    /// Each label's reasons' codes (`Reason::code()`), joined with commas (empty when none).
    pub reasons: Vec<String>,
    /// `DisplayVerdict::is_safe_to_display()`: no label falls back to its A-label.
    pub safe: bool,
}

fn form_code(form: Form) -> &'static str {
    match form {
        Form::Ascii => "ascii",
        Form::Unicode => "unicode",
        Form::ALabel => "a-label",
    }
}

/// The display verdict of `input` under `policy` ([`POLICY_CHROMIUM`] or [`POLICY_FIREFOX`]).
///
/// # Errors
///
/// The rule `input` breaks as an `idn-hostname` (no security step runs on an invalid name).
#[wasm_bindgen]
pub fn display(input: &str, policy: u32) -> Result<Display, HostnameError> {
    let policy = if policy == POLICY_FIREFOX {
        DisplayPolicy::moderate()
    } else {
        debug_assert_eq!(policy, POLICY_CHROMIUM);
        DisplayPolicy::new()
    };
    let verdict = policy
        .verdict(input)
        .map_err(|e| hostname_error(&e, input))?;
    let labels = verdict.labels();
    Ok(Display {
        safe: verdict.is_safe_to_display(),
        value: verdict.to_display_string(),
        labels: labels.iter().map(|l| l.label().to_owned()).collect(),
        forms: labels
            .iter()
            .map(|l| form_code(l.form()).to_owned())
            .collect(),
        reasons: labels
            .iter()
            .map(|l| {
                l.reasons()
                    .iter()
                    .map(|r| r.code())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect(),
    })
}

/// A trusted name the set refuses: its index in the list, the crate's message
/// (`LookalikeError`'s `Display`) and, for an invalid name, the format's error.
#[wasm_bindgen(getter_with_clone)]
pub struct LookalikeFailure {
    /// The name's index in the list given, from 0.
    pub index: u32,
    /// `LookalikeError`'s message.
    pub message: String,
    /// The format's error of an invalid name (`LookalikeError::InvalidName`), else `None`.
    #[wasm_bindgen(skip)]
    pub error: Option<HostnameError>,
}

#[wasm_bindgen]
impl LookalikeFailure {
    /// The format's error, taken out (once).
    #[wasm_bindgen(js_name = takeError)]
    pub fn take_error(&mut self) -> Option<HostnameError> {
        self.error.take()
    }
}

/// The crate's `LookalikeSet`.
#[wasm_bindgen]
pub struct LookalikeSet(security::LookalikeSet);

#[wasm_bindgen]
impl LookalikeSet {
    /// The set of `names`, each a valid `idn-hostname`.
    ///
    /// # Errors
    ///
    /// The first name the crate refuses.
    #[wasm_bindgen(constructor)]
    pub fn new(names: Vec<String>) -> Result<LookalikeSet, LookalikeFailure> {
        security::LookalikeSet::new(&names)
            .map(LookalikeSet)
            .map_err(|e| {
                let (LookalikeError::InvalidName(name, _) | LookalikeError::TooManyMarks(name)) =
                    &e;
                let index = names.iter().position(|n| n == name).unwrap_or(0);
                LookalikeFailure {
                    index: u32::try_from(index).unwrap_or(u32::MAX),
                    message: e.to_string(),
                    error: match &e {
                        LookalikeError::InvalidName(name, error) => {
                            Some(hostname_error(error, name))
                        }
                        LookalikeError::TooManyMarks(_) => None,
                    },
                }
            })
    }

    /// The trusted name `name` imitates, if any (`LookalikeSet::lookup`).
    pub fn lookup(&self, name: &str) -> Option<String> {
        self.0.lookup(name).map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_translates_the_verdict() {
        let d = display(
            "\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com",
            POLICY_CHROMIUM,
        );
        let d = d.ok().unwrap();
        let v = security::display_verdict("\u{0440}\u{0430}\u{0443}\u{0440}\u{0430}l.com").unwrap();
        assert_eq!(d.value, v.to_display_string());
        assert_eq!(d.forms, ["a-label", "ascii"]);
        assert!(display("-x.com", POLICY_FIREFOX).is_err());
    }

    #[test]
    fn a_refused_trusted_name_is_named_by_index() {
        let names = vec!["paypal.com".to_owned(), "bad..com".to_owned()];
        let Err(mut failure) = LookalikeSet::new(names) else {
            panic!("bad..com accepted");
        };
        assert_eq!(failure.index, 1);
        assert_eq!(
            failure.take_error().map(|e| e.code),
            Some("empty-label".to_owned())
        );
    }
}
