//! The Python module `idn_hostname._native`: the crate's checks, conversions and errors, and its
//! Arrow column functions, for the Python package `idn_hostname` (python/idn_hostname/), which
//! re-exports them with their docstrings and stubs.
//!
//! A thin translation: `str` in, `bool` or an exception out. It holds no rule of its own; what it
//! adds is what Python has and Rust has not: a `str` may hold a lone surrogate (not a Unicode
//! scalar value, so no Rust `&str`), reported as the binding's own code `lone-surrogate`, and the
//! crate's UTF-8 byte offsets become indexes of code points (`name[error.offset]`).
//!
//! No panic crosses into Python: PyO3 turns a panic inside a `#[pyfunction]` into a
//! `PanicException`, and the crate denies the constructs that panic.

mod arrow;
mod security;

use std::borrow::Cow;

use idn_hostname::{BidiScope, Error, Hint, Options};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

/// The binding's error code for a `str` holding a lone surrogate (U+D800 to U+DFFF alone), which
/// no valid name and no Rust `&str` can hold. The JavaScript package uses the same code.
pub(crate) const LONE_SURROGATE: &str = "lone-surrogate";

/// What a Python argument holds: a string of Unicode scalar values, or a lone surrogate at a
/// code point index.
pub(crate) enum Text<'a> {
    Str(Cow<'a, str>),
    LoneSurrogate { index: usize, code_point: u32 },
}

/// The text of `obj`, a `str` (or a subclass of it); a `TypeError` naming the type otherwise.
pub(crate) fn text<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Text<'a>> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let type_name = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!("expected a str, got {type_name}"))
    })?;
    match utf8(s) {
        Ok(cow) => Ok(Text::Str(cow)),
        Err(err) => {
            // UTF-8 cannot encode a lone surrogate: the UnicodeEncodeError says where it stands.
            let py = obj.py();
            let index: usize = err.value(py).getattr("start")?.extract()?;
            let code_point = ord_at(obj, index)?;
            Ok(Text::LoneSurrogate { index, code_point })
        }
    }
}

// `PyUnicode_AsUTF8AndSize` is in the stable ABI from CPython 3.10 (PEP 652) and exported, with
// the same meaning, by every CPython 3; PyO3 declares it only for 3.10 and newer stable ABIs.
unsafe extern "C" {
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut pyo3::ffi::PyObject,
        size: *mut pyo3::ffi::Py_ssize_t,
    ) -> *const std::ffi::c_char;
}

/// The UTF-8 of `s` without a copy: CPython keeps it with the `str` (an ASCII `str` is its own
/// UTF-8). An error (a lone surrogate) is the `UnicodeEncodeError` CPython raises. Against
/// PyO3's `to_cow`, which makes a `bytes` copy on a 3.9 stable ABI: `is_idn_hostname` per call
/// on the names of data/bench/ 601 -> 375 ns (bench.py, the same loaded machine).
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    let mut size: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a `str`; the buffer returned lives as long as the `str`, which outlives 'a.
    let data = unsafe { PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
    if data.is_null() {
        return Err(PyErr::fetch(s.py()));
    }
    let len = usize::try_from(size).unwrap_or(0);
    // SAFETY: CPython returns `size` bytes of valid UTF-8 (it refuses lone surrogates).
    let bytes = unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) };
    Ok(Cow::Borrowed(unsafe {
        std::str::from_utf8_unchecked(bytes)
    }))
}

/// The code point at `index` of the `str` `obj` (a lone surrogate), read with `str.__getitem__` itself, as a subclass may override indexing.
fn ord_at(obj: &Bound<'_, PyAny>, index: usize) -> PyResult<u32> {
    let py = obj.py();
    let c = py
        .get_type::<PyString>()
        .getattr("__getitem__")?
        .call1((obj, index))?;
    py.import("builtins")?
        .getattr("ord")?
        .call1((c,))?
        .extract()
}

static HOSTNAME_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static UTS46_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `U+XXXX`, as the command line's JSON writes a code point.
fn u_plus(code_point: u32) -> String {
    format!("U+{code_point:04X}")
}

/// The number of code points in the first `offset` bytes of `s`: the index Python uses.
pub(crate) fn char_index(s: &str, offset: usize) -> usize {
    s.get(..offset).map_or(0, |head| head.chars().count())
}

/// A `HostnameError(message, code, label, label_index, offset, code_point, hint_code,
/// hint_suggestion)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn hostname_error(
    py: Python<'_>,
    message: String,
    code: &str,
    label: Option<String>,
    label_index: Option<usize>,
    offset: Option<usize>,
    code_point: Option<u32>,
    hint: Option<&Hint>,
) -> PyErr {
    match HOSTNAME_ERROR.import(py, "idn_hostname._errors", "HostnameError") {
        Ok(cls) => PyErr::from_type(
            cls.clone(),
            (
                message,
                code.to_owned(),
                label,
                label_index,
                offset,
                code_point.map(u_plus),
                hint.map(Hint::code),
                hint.and_then(Hint::suggestion).map(str::to_owned),
            ),
        ),
        Err(e) => e,
    }
}

/// The `HostnameError` for a lone surrogate at `index`.
pub(crate) fn lone_surrogate_error(py: Python<'_>, index: usize, code_point: u32) -> PyErr {
    let message = format!(
        "name: {} at index {index} is a lone surrogate, not a Unicode scalar value: no host name can hold it (Unicode section 3.9, D76)",
        u_plus(code_point)
    );
    hostname_error(
        py,
        message,
        LONE_SURROGATE,
        None,
        None,
        Some(index),
        Some(code_point),
        None,
    )
}

/// The `HostnameError` for the crate's `err` on the name `seen` (the input, or its mapping).
pub(crate) fn crate_error(py: Python<'_>, err: &Error, seen: Option<&str>) -> PyErr {
    let label_index = err.label_index();
    hostname_error(
        py,
        err.to_string(),
        err.kind().code(),
        label_index.map(|_| err.label().to_owned()),
        label_index.map(|i| i + 1),
        seen.map(|s| char_index(s, err.offset())),
        err.code_point().map(u32::from),
        err.hint(),
    )
}

/// The crate's options from the keyword arguments.
fn options(
    allow_trailing_dot: bool,
    allow_underscore_labels: bool,
    bidi_scope: &str,
    uts46_mapping: bool,
    allow_numeric_tld: bool,
) -> PyResult<Options> {
    let scope = match bidi_scope {
        "domain-name" => BidiScope::DomainName,
        "rtl-labels" => BidiScope::RtlLabels,
        other => {
            return Err(PyValueError::new_err(format!(
                "bidi_scope must be \"domain-name\" or \"rtl-labels\", got {other:?}"
            )));
        }
    };
    Ok(Options::new()
        .allow_trailing_dot(allow_trailing_dot)
        .allow_underscore_labels(allow_underscore_labels)
        .bidi_scope(scope)
        .uts46_mapping(uts46_mapping)
        .allow_numeric_tld(allow_numeric_tld))
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Hostname,
    IdnHostname,
}

impl Format {
    pub(crate) fn check(self, options: &Options, name: &str) -> Result<(), Error> {
        match self {
            Format::Hostname => options.check_hostname(name),
            Format::IdnHostname => options.check_idn_hostname(name),
        }
    }

    pub(crate) fn is_valid(self, options: &Options, name: &str) -> bool {
        match self {
            Format::Hostname => options.is_hostname(name),
            Format::IdnHostname => options.is_idn_hostname(name),
        }
    }
}

/// The name the rules saw, for the offset of an error: the input, or under `uts46_mapping` its
/// mapping when that changed it (`None` when the mapping itself fails: no offset then).
fn seen_name(uts46_mapping: bool, name: &str) -> Option<Cow<'_, str>> {
    if uts46_mapping {
        idn_hostname::uts46::map(name, idn_hostname::uts46::Options::new()).ok()
    } else {
        Some(Cow::Borrowed(name))
    }
}

fn check(
    py: Python<'_>,
    format: Format,
    name: &Bound<'_, PyAny>,
    options_: Options,
    uts46_mapping: bool,
) -> PyResult<()> {
    match text(name)? {
        Text::LoneSurrogate { index, code_point } => {
            Err(lone_surrogate_error(py, index, code_point))
        }
        Text::Str(s) => match format.check(&options_, &s) {
            Ok(()) => Ok(()),
            Err(err) => {
                let seen = seen_name(uts46_mapping, &s);
                Err(crate_error(py, &err, seen.as_deref()))
            }
        },
    }
}

fn is_valid(format: Format, name: &Bound<'_, PyAny>, options_: Options) -> PyResult<bool> {
    match text(name)? {
        Text::LoneSurrogate { .. } => Ok(false),
        Text::Str(s) => Ok(format.is_valid(&options_, &s)),
    }
}

macro_rules! format_functions {
    ($is:ident, $check:ident, $format:expr, $trailing_dot:expr, $is_doc:literal, $check_doc:literal) => {
        #[doc = $is_doc]
        #[pyfunction]
        #[pyo3(signature = (name, /, *, allow_trailing_dot = $trailing_dot, allow_underscore_labels = false, bidi_scope = "domain-name", uts46_mapping = false, allow_numeric_tld = false))]
        fn $is(
            name: &Bound<'_, PyAny>,
            allow_trailing_dot: bool,
            allow_underscore_labels: bool,
            bidi_scope: &str,
            uts46_mapping: bool,
            allow_numeric_tld: bool,
        ) -> PyResult<bool> {
            let o = options(
                allow_trailing_dot,
                allow_underscore_labels,
                bidi_scope,
                uts46_mapping,
                allow_numeric_tld,
            )?;
            is_valid($format, name, o)
        }

        #[doc = $check_doc]
        #[pyfunction]
        #[pyo3(signature = (name, /, *, allow_trailing_dot = $trailing_dot, allow_underscore_labels = false, bidi_scope = "domain-name", uts46_mapping = false, allow_numeric_tld = false))]
        fn $check(
            py: Python<'_>,
            name: &Bound<'_, PyAny>,
            allow_trailing_dot: bool,
            allow_underscore_labels: bool,
            bidi_scope: &str,
            uts46_mapping: bool,
            allow_numeric_tld: bool,
        ) -> PyResult<()> {
            let o = options(
                allow_trailing_dot,
                allow_underscore_labels,
                bidi_scope,
                uts46_mapping,
                allow_numeric_tld,
            )?;
            check(py, $format, name, o, uts46_mapping)
        }
    };
}

format_functions!(
    is_hostname,
    check_hostname,
    Format::Hostname,
    false,
    "Whether `name` is a valid JSON Schema `hostname`: RFC 1123 section 2.1 host name syntax where every `xn--` label is a valid A-label (RFC 5891 section 4.4). `False` for a `str` holding a lone surrogate; `TypeError` for anything but a `str`.",
    "Checks `name` as a JSON Schema `hostname`: returns `None`, or raises `HostnameError` (a `ValueError`) naming the rule, the label, the offset and the code point. `TypeError` for anything but a `str`."
);
format_functions!(
    is_idn_hostname,
    check_idn_hostname,
    Format::IdnHostname,
    false,
    "Whether `name` is a valid JSON Schema `idn-hostname`: RFC 5890 section 2.3.2.3 (NR-LDH labels, A-labels and U-labels under IDNA2008, RFC 5890-5893, Unicode 18.0.0). `False` for a `str` holding a lone surrogate; `TypeError` for anything but a `str`.",
    "Checks `name` as a JSON Schema `idn-hostname`: returns `None`, or raises `HostnameError` (a `ValueError`) naming the rule, the label, the offset and the code point. `TypeError` for anything but a `str`."
);
format_functions!(
    is_fqdn_hostname,
    check_fqdn_hostname,
    Format::Hostname,
    true,
    "`is_hostname` that accepts the root dot of a fully qualified name (`example.com.`, RFC 1034 section 3.1): `allow_trailing_dot` defaults to `True`.",
    "`check_hostname` that accepts the root dot of a fully qualified name (`example.com.`, RFC 1034 section 3.1): `allow_trailing_dot` defaults to `True`."
);
format_functions!(
    is_fqdn_idn_hostname,
    check_fqdn_idn_hostname,
    Format::IdnHostname,
    true,
    "`is_idn_hostname` that accepts the root dot of a fully qualified name (`bücher.example.`, RFC 1034 section 3.1): `allow_trailing_dot` defaults to `True`.",
    "`check_idn_hostname` that accepts the root dot of a fully qualified name (`bücher.example.`, RFC 1034 section 3.1): `allow_trailing_dot` defaults to `True`."
);

/// The A-label form of a valid `idn-hostname`, for the DNS (IDNA2008, RFC 5891 section 4.4; no
/// mapping, as Python `idna`'s `encode`). Raises `HostnameError` when `name` is not valid.
#[pyfunction]
#[pyo3(signature = (name, /))]
fn to_ascii(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<String> {
    match text(name)? {
        Text::LoneSurrogate { index, code_point } => {
            Err(lone_surrogate_error(py, index, code_point))
        }
        Text::Str(s) => match idn_hostname::to_ascii(&s) {
            Ok(out) => Ok(out.into_owned()),
            Err(err) => Err(crate_error(py, &err, Some(&s))),
        },
    }
}

/// The U-label form of a valid `hostname` (IDNA2008, RFC 5891 section 5.5; no mapping, as
/// Python `idna`'s `decode`). Raises `HostnameError` when `name` is not valid.
#[pyfunction]
#[pyo3(signature = (name, /))]
fn to_unicode(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<String> {
    match text(name)? {
        Text::LoneSurrogate { index, code_point } => {
            Err(lone_surrogate_error(py, index, code_point))
        }
        Text::Str(s) => match idn_hostname::to_unicode(&s) {
            Ok(out) => Ok(out.into_owned()),
            Err(err) => Err(crate_error(py, &err, Some(&s))),
        },
    }
}

/// The UTS #46 options from the keyword arguments (every flag of section 4).
#[allow(clippy::fn_params_excessive_bools)]
fn uts46_options(
    check_hyphens: bool,
    check_bidi: bool,
    check_joiners: bool,
    use_std3_ascii_rules: bool,
    transitional_processing: bool,
    verify_dns_length: bool,
    ignore_invalid_punycode: bool,
) -> idn_hostname::uts46::Options {
    idn_hostname::uts46::Options::new()
        .check_hyphens(check_hyphens)
        .check_bidi(check_bidi)
        .check_joiners(check_joiners)
        .use_std3_ascii_rules(use_std3_ascii_rules)
        .transitional_processing(transitional_processing)
        .verify_dns_length(verify_dns_length)
        .ignore_invalid_punycode(ignore_invalid_punycode)
}

/// A `Uts46Error(message, statuses, label, label_index, output)`.
fn uts46_error(py: Python<'_>, err: &idn_hostname::uts46::Error, output: Option<String>) -> PyErr {
    let statuses: Vec<&'static str> = err.statuses().map(|s| s.code()).collect();
    let label_index = err.label_index();
    let message = err.to_string();
    match UTS46_ERROR.import(py, "idn_hostname._errors", "Uts46Error") {
        Ok(cls) => PyErr::from_type(
            cls.clone(),
            (
                message,
                statuses,
                label_index.map(|_| err.label().to_owned()),
                label_index.map(|i| i + 1),
                output,
            ),
        ),
        Err(e) => e,
    }
}

/// A UTS #46 conversion as a Python function. A lone surrogate is the binding's `HostnameError`:
/// UTS #46 maps Unicode scalar values, and a lone surrogate is none.
macro_rules! uts46_function {
    ($(#[$doc:meta])* $name:ident, $body:expr) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (name, /, *, check_hyphens = true, check_bidi = true, check_joiners = true, use_std3_ascii_rules = true, transitional_processing = false, verify_dns_length = true, ignore_invalid_punycode = false))]
        #[allow(clippy::fn_params_excessive_bools, clippy::too_many_arguments)]
        fn $name(
            py: Python<'_>,
            name: &Bound<'_, PyAny>,
            check_hyphens: bool,
            check_bidi: bool,
            check_joiners: bool,
            use_std3_ascii_rules: bool,
            transitional_processing: bool,
            verify_dns_length: bool,
            ignore_invalid_punycode: bool,
        ) -> PyResult<String> {
            let o = uts46_options(
                check_hyphens,
                check_bidi,
                check_joiners,
                use_std3_ascii_rules,
                transitional_processing,
                verify_dns_length,
                ignore_invalid_punycode,
            );
            match text(name)? {
                Text::LoneSurrogate { index, code_point } => {
                    Err(lone_surrogate_error(py, index, code_point))
                }
                Text::Str(s) => {
                    let f: fn(Python<'_>, &str, idn_hostname::uts46::Options) -> PyResult<String> =
                        $body;
                    f(py, &s, o)
                }
            }
        }
    };
}

uts46_function!(
    /// UTS #46 ToASCII (section 4.2) with every flag of section 4 as a keyword (defaults:
    /// Nontransitional, every check on). Raises `Uts46Error` with the IdnaTestV2 status codes.
    uts46_to_ascii, |py, s, o| idn_hostname::uts46::to_ascii(
    s, o
)
.map_err(|e| uts46_error(py, &e, None)));
uts46_function!(
    /// UTS #46 ToUnicode (section 4.3) with every flag as a keyword. On an error, raises
    /// `Uts46Error`, whose `output` is the converted name UTS #46 gives along with it.
    uts46_to_unicode, |py, s, o| {
    let (out, result) = idn_hostname::uts46::to_unicode(s, o);
    match result {
        Ok(()) => Ok(out),
        Err(e) => Err(uts46_error(py, &e, Some(out))),
    }
});

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(is_idn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(check_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(check_idn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(is_fqdn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(is_fqdn_idn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(check_fqdn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(check_fqdn_idn_hostname, m)?)?;
    m.add_function(wrap_pyfunction!(to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(uts46_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(uts46_to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_validate, m)?)?;
    m.add_class::<arrow::ArrowResult>()?;
    m.add_function(wrap_pyfunction!(security::display, m)?)?;
    m.add_class::<security::LookalikeSet>()?;
    m.add("UNICODE_VERSION", "18.0.0")?;
    m.add("LONE_SURROGATE", LONE_SURROGATE)?;
    Ok(())
}
