"""Exact JSON Schema ``hostname`` and ``idn-hostname`` checks, from the Rust crate idn-hostname.

``hostname`` is RFC 1123 section 2.1 where every ``xn--`` label is a valid A-label;
``idn-hostname`` is RFC 5890 section 2.3.2.3 (IDNA2008, RFC 5890-5893) with Unicode 18.0.0
data, whatever Unicode version the interpreter has.

>>> import idn_hostname
>>> idn_hostname.is_idn_hostname("bücher.example")
True
>>> idn_hostname.is_hostname("xn--X")
False
>>> try:
...     idn_hostname.check_idn_hostname("a\u00b7b.example")
... except idn_hostname.HostnameError as e:
...     print(e.code, e.label_index, e.offset, e.code_point)
context-middle-dot 1 1 U+00B7

Every function takes the name positionally and the options by keyword, with the crate's names:
``allow_trailing_dot`` (RFC 1034 section 3.1's root dot), ``allow_underscore_labels``
(``_dmarc``, RFC 8552), ``bidi_scope`` (``"domain-name"``, the default, as RFC 5893 says, or
``"rtl-labels"`` as Python ``idna`` reads RFC 5891 section 4.2.3.4) and ``uts46_mapping`` (map
case and width with UTS #46 before the IDNA2008 rules). The defaults are exactly the formats.
A non-``str`` argument raises ``TypeError`` naming its type.

Integrations: ``idn_hostname.jsonschema`` (python-jsonschema), ``idn_hostname.arrow`` (Arrow
columns: pyarrow, Polars, DuckDB, Spark), ``idn_hostname.uts46`` (UTS #46 ToASCII, ToUnicode),
``idn_hostname.security`` (UTS #39: the display verdict and lookalikes of trusted names).
"""

from __future__ import annotations

from . import _native
from ._errors import Hint, HostnameError, Uts46Error

__all__ = [
    "Hint",
    "HostnameError",
    "Uts46Error",
    "UNICODE_VERSION",
    "is_hostname",
    "is_idn_hostname",
    "check_hostname",
    "check_idn_hostname",
    "is_fqdn_hostname",
    "is_fqdn_idn_hostname",
    "check_fqdn_hostname",
    "check_fqdn_idn_hostname",
    "to_ascii",
    "to_unicode",
]

#: The Unicode version of the crate's tables.
UNICODE_VERSION: str = _native.UNICODE_VERSION

is_hostname = _native.is_hostname
is_idn_hostname = _native.is_idn_hostname
check_hostname = _native.check_hostname
check_idn_hostname = _native.check_idn_hostname
is_fqdn_hostname = _native.is_fqdn_hostname
is_fqdn_idn_hostname = _native.is_fqdn_idn_hostname
check_fqdn_hostname = _native.check_fqdn_hostname
check_fqdn_idn_hostname = _native.check_fqdn_idn_hostname
to_ascii = _native.to_ascii
to_unicode = _native.to_unicode
