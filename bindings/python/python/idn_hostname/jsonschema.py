"""The formats ``hostname`` and ``idn-hostname`` for python-jsonschema (the ``jsonschema``
package, extra ``idn-hostname[jsonschema]``).

>>> import jsonschema
>>> from idn_hostname.jsonschema import FORMAT_CHECKER
>>> v = jsonschema.Draft202012Validator({"format": "idn-hostname"}, format_checker=FORMAT_CHECKER)
>>> [e.cause.code for e in v.iter_errors("xn--X")]
['punycode-truncated']

Passing a ``format_checker`` turns format assertion on in every draft. The reason a name fails
reaches the ``ValidationError`` as its ``cause``: the :class:`idn_hostname.HostnameError`.
"""

from __future__ import annotations

import jsonschema as _jsonschema

from . import _native
from ._errors import HostnameError

__all__ = ["FORMAT_CHECKER", "register", "FORMATS"]

#: The format names replaced: JSON Schema's two, and draft 3's name of ``hostname``.
FORMATS = ("hostname", "host-name", "idn-hostname")


def _hostname(instance: object) -> bool:
    # A format applies to strings only (JSON Schema Validation, section 7.1).
    if isinstance(instance, str):
        _native.check_hostname(instance)
    return True


def _idn_hostname(instance: object) -> bool:
    if isinstance(instance, str):
        _native.check_idn_hostname(instance)
    return True


def register(checker: _jsonschema.FormatChecker) -> _jsonschema.FormatChecker:
    """Registers this package's ``hostname``, ``host-name`` (draft 3) and ``idn-hostname``
    checks on ``checker`` (replacing any there), and returns it."""
    checker.checks("hostname", raises=HostnameError)(_hostname)
    checker.checks("host-name", raises=HostnameError)(_hostname)
    checker.checks("idn-hostname", raises=HostnameError)(_idn_hostname)
    return checker


#: Every format python-jsonschema checks, with ``hostname`` and ``idn-hostname`` ours.
FORMAT_CHECKER: _jsonschema.FormatChecker = register(_jsonschema.FormatChecker())
