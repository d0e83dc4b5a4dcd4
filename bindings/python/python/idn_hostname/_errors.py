"""The exceptions of idn_hostname (raised by its native module)."""

from __future__ import annotations

from typing import List, NamedTuple, Optional

__all__ = ["Hint", "HostnameError", "Uts46Error"]


class Hint(NamedTuple):
    """What a failing input looks like when it is a common mistake of a sender (a URL,
    ``host:port``, an e-mail address, an IP address, a name with white space or a root dot):
    the crate's hint. It never changes the verdict.

    - ``code``: its stable kebab-case code (``"url"``, ``"port"``, ``"email"``, ...);
    - ``suggestion``: the valid name to send instead, or ``None`` where there is none.
    """

    code: str
    suggestion: Optional[str]


class HostnameError(ValueError):
    """Why a string is not a valid ``hostname`` or ``idn-hostname``.

    ``str(error)`` is the crate's one-line message, ending with the clause broken. The
    attributes are those of the command line's JSON (``idn-hostname --json``):

    - ``code``: the stable kebab-case error code (``"disallowed"``, ``"context-middle-dot"``,
      ...), or ``"lone-surrogate"`` for a ``str`` holding a lone surrogate;
    - ``label``: the label at fault as written (``None`` for a fault of the whole name);
    - ``label_index``: its number, counted from 1 as in the message (``None`` likewise);
    - ``offset``: the index in the ``str`` of the offending code point, or of the start of
      the label when the fault is the label's as a whole, so that ``name[error.offset]`` is
      that code point (the crate's UTF-8 byte offset, counted in code points). With
      ``uts46_mapping=True`` it indexes the mapped name the rules saw
      (``idn_hostname.uts46.map``-equivalent), and is ``None`` if that mapping fails;
    - ``code_point``: the offending code point as ``"U+00B7"``, or ``None``. For an A-label it
      is a code point of the decoded U-label, so it may not be in the input;
    - ``hint``: a :class:`Hint` when the input looks like a URL, ``host:port`` or another
      common mistake (the message then ends with ``; hint: ...``), else ``None``.
    """

    code: str
    label: Optional[str]
    label_index: Optional[int]
    offset: Optional[int]
    code_point: Optional[str]
    hint: Optional[Hint]

    def __init__(
        self,
        message: str,
        code: str,
        label: Optional[str] = None,
        label_index: Optional[int] = None,
        offset: Optional[int] = None,
        code_point: Optional[str] = None,
        hint_code: Optional[str] = None,
        hint_suggestion: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.label = label
        self.label_index = label_index
        self.offset = offset
        self.code_point = code_point
        self.hint = None if hint_code is None else Hint(hint_code, hint_suggestion)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __repr__(self) -> str:
        return f"HostnameError({self.args[0]!r}, code={self.code!r})"

    def __reduce__(self):  # pickling (multiprocessing, Spark) keeps every attribute
        return (
            type(self),
            (
                self.args[0],
                self.code,
                self.label,
                self.label_index,
                self.offset,
                self.code_point,
                *(self.hint or (None, None)),
            ),
        )


class Uts46Error(ValueError):
    """A UTS #46 conversion recorded one or more errors.

    - ``statuses``: every status code of IdnaTestV2.txt recorded (``["P4", "V3"]``), in
      declaration order; UTS #46 processes every label, so there may be several;
    - ``label``, ``label_index``: the first label in error after mapping (``label_index`` from
      1), or ``None`` for a fault of the whole name;
    - ``output``: for ``to_unicode``, the converted name UTS #46 gives along with the errors
      (``None`` for ``to_ascii``, which gives none).
    """

    statuses: List[str]
    label: Optional[str]
    label_index: Optional[int]
    output: Optional[str]

    def __init__(
        self,
        message: str,
        statuses: List[str],
        label: Optional[str] = None,
        label_index: Optional[int] = None,
        output: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.statuses = list(statuses)
        self.label = label
        self.label_index = label_index
        self.output = output

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self):
        return (
            type(self),
            (self.args[0], self.statuses, self.label, self.label_index, self.output),
        )
