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

__all__ = ["FORMAT_CHECKER", "register", "validator", "FORMATS"]

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


def validator(schema: dict) -> _jsonschema.protocols.Validator:
    """A validator for ``schema`` (its ``$schema``'s draft, 2020-12 when it names none) that
    asserts formats with :data:`FORMAT_CHECKER`: for a schema received at run time, such as an
    MCP tool's ``outputSchema``.

    >>> v = validator({"type": "object", "properties": {"host": {"format": "hostname"}}})
    >>> v.is_valid({"host": "xn--X"})
    False
    """
    cls = _jsonschema.validators.validator_for(schema, default=_jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema, format_checker=FORMAT_CHECKER)
