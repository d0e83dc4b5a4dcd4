//! `idn_hostname.security` (python/idn_hostname/security.py): the crate's UTS #39 display verdict
//! and lookalike set. Types in, verdicts out; every rule is the crate's.

use idn_hostname::security::{self, DisplayPolicy, Form, LookalikeError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::{Text, crate_error, hostname_error, lone_surrogate_error, text};

/// A label's form as the command line's `--json` writes it.
fn form_code(form: Form) -> &'static str {
    match form {
        Form::Ascii => "ascii",
        Form::Unicode => "unicode",
        Form::ALabel => "a-label",
    }
}

/// What `display` returns to security.py: the name as shown, whether it is safe to display,
/// and each label as `(label, form, reason codes)`.
type Shown = (String, bool, Vec<(String, &'static str, Vec<&'static str>)>);

/// The display verdict of `name` under `policy` (`"chromium"`: `DisplayPolicy::new()`;
/// `"firefox"`: `DisplayPolicy::moderate()`). Raises `HostnameError` for an invalid name.
#[pyfunction]
#[pyo3(signature = (name, /, policy = "chromium"))]
pub(crate) fn display(py: Python<'_>, name: &Bound<'_, PyAny>, policy: &str) -> PyResult<Shown> {
    let policy = match policy {
        "chromium" => DisplayPolicy::new(),
        "firefox" => DisplayPolicy::moderate(),
        other => {
            return Err(PyValueError::new_err(format!(
                "policy must be \"chromium\" or \"firefox\", got {other:?}"
            )));
        }
    };
    let s = match text(name)? {
        Text::LoneSurrogate { index, code_point } => {
            return Err(lone_surrogate_error(py, index, code_point));
        }
        Text::Str(s) => s,
    };
    let verdict = policy
        .verdict(&s)
        .map_err(|err| crate_error(py, &err, Some(&s)))?;
    let labels = verdict
        .labels()
        .iter()
        .map(|l| {
            (
                l.label().to_owned(),
                form_code(l.form()),
                l.reasons().iter().map(|r| r.code()).collect(),
            )
        })
        .collect();
    Ok((
        verdict.to_display_string(),
        verdict.is_safe_to_display(),
        labels,
    ))
}

/// The crate's `LookalikeSet` (python/idn_hostname/security.py documents it).
#[pyclass(module = "idn_hostname.security", name = "LookalikeSet", frozen)]
pub(crate) struct LookalikeSet(security::LookalikeSet);

#[pymethods]
impl LookalikeSet {
    #[new]
    fn new(py: Python<'_>, names: &Bound<'_, PyAny>) -> PyResult<LookalikeSet> {
        if names.is_instance_of::<pyo3::types::PyString>() {
            return Err(PyTypeError::new_err(
                "LookalikeSet takes an iterable of names, not one str",
            ));
        }
        let mut list: Vec<String> = Vec::new();
        for (index, item) in names.try_iter()?.enumerate() {
            let item = item?;
            match text(&item)? {
                Text::LoneSurrogate {
                    index: at,
                    code_point,
                } => {
                    let err = lone_surrogate_error(py, at, code_point);
                    err.value(py).setattr("index", index)?;
                    return Err(err);
                }
                Text::Str(s) => list.push(s.into_owned()),
            }
        }
        security::LookalikeSet::new(&list)
            .map(LookalikeSet)
            .map_err(|e| {
                let (LookalikeError::InvalidName(name, _) | LookalikeError::TooManyMarks(name)) =
                    &e;
                let index = list.iter().position(|n| n == name).unwrap_or(0);
                let err = match &e {
                    LookalikeError::InvalidName(name, error) => {
                        let label_index = error.label_index();
                        hostname_error(
                            py,
                            e.to_string(),
                            error.kind().code(),
                            label_index.map(|_| error.label().to_owned()),
                            label_index.map(|i| i + 1),
                            Some(crate::char_index(name, error.offset())),
                            error.code_point().map(u32::from),
                            error.hint(),
                        )
                    }
                    LookalikeError::TooManyMarks(_) => PyValueError::new_err(e.to_string()),
                };
                match err.value(py).setattr("index", index) {
                    Ok(()) => err,
                    Err(setattr) => setattr,
                }
            })
    }

    /// The trusted name `name` imitates, or `None` (also for a `str` holding a lone surrogate).
    fn lookup(&self, name: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        match text(name)? {
            Text::LoneSurrogate { .. } => Ok(None),
            Text::Str(s) => Ok(self.0.lookup(&s).map(str::to_owned)),
        }
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<idn_hostname.security.LookalikeSet of {} names>",
            self.0.len()
        )
    }
}
