//! Arrow columns through the Arrow PyCapsule interface: any string array (`__arrow_c_array__`) or
//! stream (`__arrow_c_stream__`) in, one Arrow array out (`ArrowResult.__arrow_c_array__`), with
//! no Python object per name. utf8, large_utf8 and utf8_view are read as they are; any other type
//! is a `TypeError`. Null in, null out.

use std::ffi::CStr;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, to_ffi};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef, BooleanArray, StructArray, make_array};
use arrow_buffer::NullBufferBuilder;
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use idn_hostname::Options;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use crate::Format;

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

fn arrow_err(err: &ArrowError) -> PyErr {
    PyValueError::new_err(format!("Arrow: {err}"))
}

/// The verdicts built so far, over every chunk.
struct Verdicts {
    valid: BooleanBuilder,
    /// With codes: the error code of each invalid name, and the struct's validity.
    codes: Option<(StringBuilder, NullBufferBuilder)>,
}

impl Verdicts {
    fn new(with_codes: bool) -> Verdicts {
        Verdicts {
            valid: BooleanBuilder::new(),
            codes: with_codes.then(|| (StringBuilder::new(), NullBufferBuilder::new(0))),
        }
    }

    fn push<'a>(
        &mut self,
        names: impl Iterator<Item = Option<&'a str>>,
        format: Format,
        options: &Options,
    ) {
        match &mut self.codes {
            None => {
                for name in names {
                    self.valid
                        .append_option(name.map(|n| format.is_valid(options, n)));
                }
            }
            Some((codes, nulls)) => {
                for name in names {
                    match name {
                        None => {
                            self.valid.append_null();
                            codes.append_null();
                            nulls.append_null();
                        }
                        Some(n) => {
                            match format.check(options, n) {
                                Ok(()) => {
                                    self.valid.append_value(true);
                                    codes.append_null();
                                }
                                Err(e) => {
                                    self.valid.append_value(false);
                                    codes.append_value(e.kind().code());
                                }
                            }
                            nulls.append_non_null();
                        }
                    }
                }
            }
        }
    }

    fn push_chunk(
        &mut self,
        data: ArrayData,
        format: Format,
        options: &Options,
    ) -> Result<(), ArrowError> {
        // The C data interface promises valid UTF-8 and offsets; a producer that broke the
        // promise must not give the crate a `&str` that is not one.
        data.validate_full()?;
        let array = make_array(data);
        match array.data_type() {
            DataType::Utf8 => self.push(array.as_string::<i32>().iter(), format, options),
            DataType::LargeUtf8 => self.push(array.as_string::<i64>().iter(), format, options),
            DataType::Utf8View => self.push(array.as_string_view().iter(), format, options),
            // Checked against the schema before any chunk is read.
            _ => {}
        }
        Ok(())
    }

    fn finish(mut self) -> ArrayData {
        let valid: BooleanArray = self.valid.finish();
        match self.codes {
            None => valid.into_data(),
            Some((mut codes, mut nulls)) => {
                let fields = Fields::from(vec![
                    Field::new("valid", DataType::Boolean, true),
                    Field::new("code", DataType::Utf8, true),
                ]);
                let children: Vec<ArrayRef> = vec![Arc::new(valid), Arc::new(codes.finish())];
                StructArray::new(fields, children, nulls.finish()).into_data()
            }
        }
    }
}

/// `TypeError` unless `data_type` is one of the string types.
fn check_type(data_type: &DataType) -> PyResult<()> {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(()),
        other => Err(PyTypeError::new_err(format!(
            "expected an Arrow string array (utf8, large_utf8 or utf8_view), got {other}"
        ))),
    }
}

fn capsule_pointer<'py>(obj: &Bound<'py, PyAny>, name: &CStr) -> PyResult<*mut std::ffi::c_void> {
    let capsule = obj.cast::<PyCapsule>().map_err(|_| {
        PyTypeError::new_err(format!(
            "the Arrow PyCapsule interface returned no {} capsule",
            name.to_string_lossy()
        ))
    })?;
    Ok(capsule.pointer_checked(Some(name))?.as_ptr())
}

/// Reads every chunk of `obj` into `verdicts`.
fn read(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    verdicts: &mut Verdicts,
    format: Format,
    options: &Options,
) -> PyResult<()> {
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let pair = pair.cast::<PyTuple>().map_err(|_| {
            PyTypeError::new_err("__arrow_c_array__ must return a tuple of two capsules")
        })?;
        if pair.len() != 2 {
            return Err(PyTypeError::new_err(
                "__arrow_c_array__ must return a tuple of two capsules",
            ));
        }
        let schema_ptr = capsule_pointer(&pair.get_item(0)?, SCHEMA)?;
        let array_ptr = capsule_pointer(&pair.get_item(1)?, ARRAY)?;
        // SAFETY: the capsules are named as the PyCapsule interface says, so they point to an
        // ArrowSchema and an ArrowArray; the schema is read in place (its capsule releases it),
        // the array is moved out (its capsule then finds it released).
        let schema = unsafe { &*(schema_ptr as *const FFI_ArrowSchema) };
        let data_type = DataType::try_from(schema).map_err(|e| arrow_err(&e))?;
        check_type(&data_type)?;
        let array = unsafe { FFI_ArrowArray::from_raw(array_ptr.cast::<FFI_ArrowArray>()) };
        // SAFETY: the array was made for this schema by its producer.
        let data = unsafe { from_ffi(array, schema) }.map_err(|e| arrow_err(&e))?;
        let result = py.detach(|| verdicts.push_chunk(data, format, options));
        return result.map_err(|e| arrow_err(&e));
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let stream_ptr = capsule_pointer(&capsule, STREAM)?;
        // SAFETY: an arrow_array_stream capsule points to an ArrowArrayStream; it is moved out.
        let mut stream =
            unsafe { FFI_ArrowArrayStream::from_raw(stream_ptr.cast::<FFI_ArrowArrayStream>()) };
        let (Some(get_schema), Some(get_next)) = (stream.get_schema(), stream.get_next()) else {
            return Err(PyValueError::new_err("Arrow: the stream is released"));
        };
        let mut schema = FFI_ArrowSchema::empty();
        // SAFETY: the callbacks are called with the stream they came from.
        let rc = unsafe { get_schema(&mut stream, &mut schema) };
        if rc != 0 {
            return Err(stream_error(&mut stream, rc));
        }
        let data_type = DataType::try_from(&schema).map_err(|e| arrow_err(&e))?;
        check_type(&data_type)?;
        loop {
            let mut array = FFI_ArrowArray::empty();
            let rc = unsafe { get_next(&mut stream, &mut array) };
            if rc != 0 {
                return Err(stream_error(&mut stream, rc));
            }
            if array.is_released() {
                return Ok(());
            }
            // SAFETY: each array of the stream has the stream's schema.
            let data = unsafe { from_ffi(array, &schema) }.map_err(|e| arrow_err(&e))?;
            py.detach(|| verdicts.push_chunk(data, format, options))
                .map_err(|e| arrow_err(&e))?;
        }
    }
    let type_name = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string());
    Err(PyTypeError::new_err(format!(
        "expected an Arrow string array or stream (an object with __arrow_c_array__ or __arrow_c_stream__), got {type_name}"
    )))
}

fn stream_error(stream: &mut FFI_ArrowArrayStream, rc: i32) -> PyErr {
    let message = stream
        .get_last_error()
        // SAFETY: the callback is called with its stream; the string it returns is valid
        // until the next call on the stream, and copied at once.
        .map(|f| unsafe { f(stream) })
        .filter(|p| !p.is_null())
        .map_or_else(
            || format!("error {rc}"),
            |p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned(),
        );
    PyValueError::new_err(format!("Arrow stream: {message}"))
}

/// The verdicts of `names` (an Arrow string array or stream) as one Arrow array: booleans, or
/// with `with_codes` a struct of `valid` and `code`.
#[pyfunction]
#[pyo3(signature = (names, format, with_codes, /, *, allow_trailing_dot = false, allow_underscore_labels = false, bidi_scope = "domain-name", uts46_mapping = false, allow_numeric_tld = false))]
#[allow(clippy::fn_params_excessive_bools, clippy::too_many_arguments)]
pub(crate) fn arrow_validate(
    py: Python<'_>,
    names: &Bound<'_, PyAny>,
    format: &str,
    with_codes: bool,
    allow_trailing_dot: bool,
    allow_underscore_labels: bool,
    bidi_scope: &str,
    uts46_mapping: bool,
    allow_numeric_tld: bool,
) -> PyResult<ArrowResult> {
    let format = match format {
        "hostname" => Format::Hostname,
        "idn-hostname" => Format::IdnHostname,
        other => {
            return Err(PyValueError::new_err(format!(
                "format must be \"hostname\" or \"idn-hostname\", got {other:?}"
            )));
        }
    };
    let options = crate::options(
        allow_trailing_dot,
        allow_underscore_labels,
        bidi_scope,
        uts46_mapping,
        allow_numeric_tld,
    )?;
    let mut verdicts = Verdicts::new(with_codes);
    read(py, names, &mut verdicts, format, &options)?;
    Ok(ArrowResult {
        data: verdicts.finish(),
    })
}

/// An Arrow array of verdicts, handed over through the Arrow PyCapsule interface:
/// `pyarrow.array(result)`, `polars.Series(result)`.
#[pyclass(module = "idn_hostname.arrow", frozen)]
pub(crate) struct ArrowResult {
    data: ArrayData,
}

#[pymethods]
impl ArrowResult {
    /// The Arrow PyCapsule interface: an `arrow_schema` and an `arrow_array` capsule.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        // A consumer may ask for another schema; the PyCapsule interface lets a producer give
        // its own, and the consumer casts.
        let _ = requested_schema;
        let (array, schema) = to_ffi(&self.data).map_err(|e| arrow_err(&e))?;
        let schema = PyCapsule::new_with_value(py, schema, SCHEMA)?;
        let array = PyCapsule::new_with_value(py, array, ARRAY)?;
        Ok((schema, array))
    }

    /// The Arrow PyCapsule interface: the `arrow_schema` capsule of the array's type.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let schema = FFI_ArrowSchema::try_from(self.data.data_type()).map_err(|e| arrow_err(&e))?;
        PyCapsule::new_with_value(py, schema, SCHEMA)
    }

    fn __len__(&self) -> usize {
        self.data.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<idn_hostname.arrow.ArrowResult {} of {} values>",
            self.data.data_type(),
            self.data.len()
        )
    }
}
