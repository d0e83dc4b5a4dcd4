"""Verdicts for whole Arrow columns, with no Python object per name.

Each function takes any Arrow string array or stream through the Arrow PyCapsule interface (an
object with ``__arrow_c_array__`` or ``__arrow_c_stream__``: a ``pyarrow.Array`` or
``ChunkedArray``, a ``polars.Series``, DuckDB's Arrow results, ...) of type ``utf8``,
``large_utf8`` or ``utf8_view``, and returns one Arrow array, an :class:`ArrowResult`, which
pyarrow and Polars take as it is: ``pyarrow.array(result)``, ``polars.Series(result)``.

- ``is_hostname``, ``is_idn_hostname``: ``bool``, null for a null name;
- ``check_hostname``, ``check_idn_hostname``: ``struct<valid: bool, code: utf8>``, ``code`` the
  crate's error code and null where the name is valid; the struct is null for a null name.

Another Arrow type raises ``TypeError``. The options are the keywords of
``idn_hostname.is_hostname``. The names are read where Arrow holds them and the work is done with
the GIL released.
"""

from __future__ import annotations

from typing import Any

from . import _native

__all__ = ["ArrowResult", "is_hostname", "is_idn_hostname", "check_hostname", "check_idn_hostname"]

ArrowResult = _native.ArrowResult


def is_hostname(names: Any, **options: Any) -> ArrowResult:
    """Whether each name is a valid ``hostname``: an Arrow ``bool`` array, null for null."""
    return _native.arrow_validate(names, "hostname", False, **options)


def is_idn_hostname(names: Any, **options: Any) -> ArrowResult:
    """Whether each name is a valid ``idn-hostname``: an Arrow ``bool`` array, null for null."""
    return _native.arrow_validate(names, "idn-hostname", False, **options)


def check_hostname(names: Any, **options: Any) -> ArrowResult:
    """Each name checked as a ``hostname``: an Arrow ``struct<valid: bool, code: utf8>``."""
    return _native.arrow_validate(names, "hostname", True, **options)


def check_idn_hostname(names: Any, **options: Any) -> ArrowResult:
    """Each name checked as an ``idn-hostname``: an Arrow ``struct<valid: bool, code: utf8>``."""
    return _native.arrow_validate(names, "idn-hostname", True, **options)
