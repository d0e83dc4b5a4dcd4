"""Pydantic v2 types checked by the crate (extra ``idn-hostname[pydantic]``): one type that is
both the runtime check and the published JSON Schema.

>>> from pydantic import BaseModel
>>> from idn_hostname.pydantic import Hostname, IdnHostname
>>> class Upstream(BaseModel):
...     host: IdnHostname
>>> Upstream.model_json_schema()["properties"]["host"]
{'format': 'idn-hostname', 'title': 'Host', 'type': 'string'}

- ``Hostname``: ``{"type": "string", "format": "hostname"}``, checked by ``check_hostname``;
- ``IdnHostname``: ``{"type": "string", "format": "idn-hostname"}``, by ``check_idn_hostname``;
- ``FqdnHostname``, ``FqdnIdnHostname``: the same names with an optional root dot (RFC 1034
  section 3.1). No JSON Schema format allows the root dot, so they publish
  ``{"type": "string"}`` with a description saying what is checked, rather than a format that
  would refuse what they accept.

A name that fails gives a ``ValidationError`` whose error ``type`` is the crate's code
(``"punycode-truncated"``) and whose ``msg`` is the crate's message; its ``ctx`` holds
``label``, ``label_index``, ``offset`` and ``code_point`` as :class:`idn_hostname.HostnameError`
has them. Anything but a string gets Pydantic's usual ``string_type`` error. The value is the
``str`` as given: nothing is stripped, lowered or mapped.
"""

from __future__ import annotations

from typing import Annotated, Any, Callable, Dict, Optional

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from . import _native
from ._errors import HostnameError

__all__ = ["Hostname", "IdnHostname", "FqdnHostname", "FqdnIdnHostname", "HostnameFormat"]


class HostnameFormat:
    """The Pydantic annotation behind the four types: ``Annotated[str, HostnameFormat(...)]``.

    ``check`` is one of this package's ``check_*`` functions; ``format`` the JSON Schema format
    published (``None``: none); ``description`` what the schema says otherwise.
    """

    def __init__(
        self,
        check: Callable[[str], None],
        format: Optional[str],
        description: Optional[str] = None,
    ) -> None:
        self.check = check
        self.format = format
        self.description = description

    def _validate(self, value: str) -> str:
        try:
            self.check(value)
        except HostnameError as e:
            # The message is the context's, so braces in a label cannot act as a template.
            raise PydanticCustomError(
                e.code,
                "{message}",
                {
                    "message": str(e),
                    "label": e.label,
                    "label_index": e.label_index,
                    "offset": e.offset,
                    "code_point": e.code_point,
                },
            ) from None
        return value

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._validate, core_schema.str_schema())

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema: Dict[str, Any] = handler(schema)
        if self.format is not None:
            json_schema["format"] = self.format
        if self.description is not None:
            json_schema.setdefault("description", self.description)
        return json_schema

    def __repr__(self) -> str:
        return f"HostnameFormat({self.check.__name__}, format={self.format!r})"


#: A JSON Schema ``hostname``: RFC 1123 section 2.1 with valid A-labels.
Hostname = Annotated[str, HostnameFormat(_native.check_hostname, "hostname")]
#: A JSON Schema ``idn-hostname``: RFC 5890 section 2.3.2.3 (IDNA2008, Unicode 18.0.0).
IdnHostname = Annotated[str, HostnameFormat(_native.check_idn_hostname, "idn-hostname")]
#: A ``hostname`` with an optional root dot (``example.com.``); publishes no format (none allows it).
FqdnHostname = Annotated[
    str,
    HostnameFormat(
        _native.check_fqdn_hostname,
        None,
        "A host name (JSON Schema format hostname) with an optional trailing root dot (RFC 1034 section 3.1).",
    ),
]
#: An ``idn-hostname`` with an optional root dot; publishes no format (none allows it).
FqdnIdnHostname = Annotated[
    str,
    HostnameFormat(
        _native.check_fqdn_idn_hostname,
        None,
        "An internationalized host name (JSON Schema format idn-hostname) with an optional trailing root dot (RFC 1034 section 3.1).",
    ),
]
