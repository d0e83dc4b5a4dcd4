"""The formats ``hostname`` and ``idn-hostname`` for python-jsonschema (the ``jsonschema``
package, extra ``idn-hostname[jsonschema]``).

>>> import jsonschema
>>> from idn_hostname.jsonschema import FORMAT_CHECKER
>>> v = jsonschema.Draft202012Validator({"format": "idn-hostname"}, format_checker=FORMAT_CHECKER)
>>> [e.cause.code for e in v.iter_errors("xn--X")]
['punycode-truncated']

Passing a ``format_checker`` turns format assertion on in every draft. The reason a name fails
reaches the ``ValidationError`` as its ``cause``: the :class:`idn_hostname.HostnameError`.

The custom format ``idn-hostname-display-safe`` (:data:`DISPLAY_SAFE_FORMAT`, the crate's
``json::DISPLAY_SAFE_FORMAT``) refuses, beside invalid names, valid ones that a careful browser
would show with an A-label (UTS #39, :func:`idn_hostname.security.check_display_safe`); its
cause is then a :class:`idn_hostname.security.NotSafeToDisplay`:

>>> v = jsonschema.Draft202012Validator({"format": DISPLAY_SAFE_FORMAT}, format_checker=FORMAT_CHECKER)
>>> [type(e.cause).__name__ for e in v.iter_errors("\u0440\u0430\u0443\u0440\u0430l.com")]
['NotSafeToDisplay']
>>> v.is_valid("bücher.example")
True
"""

from __future__ import annotations

import jsonschema as _jsonschema

from . import _native, security
from ._errors import HostnameError

__all__ = ["FORMAT_CHECKER", "register", "validator", "FORMATS", "DISPLAY_SAFE_FORMAT"]

#: The format names replaced: JSON Schema's two, and draft 3's name of ``hostname``.
FORMATS = ("hostname", "host-name", "idn-hostname")

#: The custom format of names safe to display (docs/security.md of the crate, "JSON Schema").
DISPLAY_SAFE_FORMAT = "idn-hostname-display-safe"


def _hostname(instance: object) -> bool:
    # A format applies to strings only (JSON Schema Validation, section 7.1).
    if isinstance(instance, str):
        _native.check_hostname(instance)
    return True


def _idn_hostname(instance: object) -> bool:
    if isinstance(instance, str):
        _native.check_idn_hostname(instance)
    return True


def _display_safe(instance: object) -> bool:
    if isinstance(instance, str):
        security.check_display_safe(instance)
    return True


def register(checker: _jsonschema.FormatChecker) -> _jsonschema.FormatChecker:
    """Registers this package's ``hostname``, ``host-name`` (draft 3) and ``idn-hostname``
    checks, and the custom ``idn-hostname-display-safe``, on ``checker`` (replacing any there),
    and returns it."""
    checker.checks("hostname", raises=HostnameError)(_hostname)
    checker.checks("host-name", raises=HostnameError)(_hostname)
    checker.checks("idn-hostname", raises=HostnameError)(_idn_hostname)
    checker.checks(DISPLAY_SAFE_FORMAT, raises=(HostnameError, security.NotSafeToDisplay))(
        _display_safe
    )
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
