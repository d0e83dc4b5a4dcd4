"""UTS #39 (Unicode Security Mechanisms, Unicode 18.0.0) for names shown to people or called:
how a careful browser shows a name, label by label, and whether a name imitates one you trust.
The crate's ``security`` layer; its reference is the crate's docs/security.md.

>>> from idn_hostname import security
>>> shown = security.display("\u0440\u0430\u0443\u0440\u0430l.com")  # Cyrillic and a Latin l
>>> shown.display, shown.safe_to_display
('xn--l-7sba6dbr.com', False)
>>> shown.labels[0].form, shown.labels[0].reasons
('a-label', ('mixed-scripts',))
>>> security.display("xn--bcher-kva.example").display
'bücher.example'
>>> trusted = security.LookalikeSet(["paypal.com", "api.example.org"])
>>> trusted.lookup("paypa1.com"), trusted.lookup("PayPal.com")
('paypal.com', None)

A name can be safe to display and still belong to an attacker: this says how a name reads,
not who owns it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from . import _native
from ._errors import HostnameError

__all__ = [
    "display",
    "check_display_safe",
    "Display",
    "LabelDisplay",
    "LookalikeSet",
    "NotSafeToDisplay",
    "POLICIES",
    "HostnameError",
]

#: The display policies: Chromium's model (``DisplayPolicy::new()``, Highly Restrictive, the
#: default) and Firefox's default (``DisplayPolicy::moderate()``, Moderately Restrictive).
POLICIES = ("chromium", "firefox")


@dataclass(frozen=True)
class LabelDisplay:
    """One label's verdict: the label as written, its ``form`` (``"ascii"``: shown as written;
    ``"unicode"``; ``"a-label"``: shown as its A-label) and the ``reasons``' stable codes (empty
    unless the form is ``"a-label"``)."""

    label: str
    form: str
    reasons: Tuple[str, ...]


@dataclass(frozen=True)
class Display:
    """The display verdict of a valid name: the ``name`` given, the ``display`` string (each
    label in its form, joined by ``.``), ``safe_to_display`` (no label falls back to its
    A-label) and the ``labels``."""

    name: str
    display: str
    safe_to_display: bool
    labels: Tuple[LabelDisplay, ...]


def display(name: str, policy: str = "chromium") -> Display:
    """The display verdict of ``name`` under ``policy`` (``"chromium"`` or ``"firefox"``).

    Raises :class:`idn_hostname.HostnameError` (the format's error) when ``name`` is not a valid
    ``idn-hostname``: no security step runs on an invalid name. ``ValueError`` for another
    policy, ``TypeError`` for a non-``str`` name.
    """
    shown, safe, labels = _native.display(name, policy)
    return Display(
        name=name,
        display=shown,
        safe_to_display=safe,
        labels=tuple(LabelDisplay(label, form, tuple(reasons)) for label, form, reasons in labels),
    )


class NotSafeToDisplay(ValueError):
    """A valid name with a label that the display policy shows as its A-label: ``display``
    (the :class:`Display`), ``label`` and ``label_index`` (from 1, as in the message) of the
    first such label, and its ``reasons``."""

    def __init__(self, shown: Display) -> None:
        index, first = next((i, l) for i, l in enumerate(shown.labels) if l.form == "a-label")
        super().__init__(
            f'label {index + 1} "{first.label}" is shown as its A-label '
            f'({", ".join(first.reasons)}): the name reads "{shown.display}" (UTS #39)'
        )
        self.display = shown
        self.label = first.label
        self.label_index = index + 1
        self.reasons = first.reasons


def check_display_safe(name: str, policy: str = "chromium") -> Display:
    """The :func:`display` verdict of ``name`` when no label falls back to its A-label (the
    format ``idn-hostname-display-safe``); raises :class:`idn_hostname.HostnameError` for an
    invalid name and :class:`NotSafeToDisplay` otherwise.

    >>> check_display_safe("bücher.example").display
    'bücher.example'
    >>> check_display_safe("\u0441\u043e\u0441\u043e.com")
    Traceback (most recent call last):
    ...
    idn_hostname.security.NotSafeToDisplay: label 1 "сосо" is shown as its A-label (whole-script-confusable): the name reads "xn--n1aahb.com" (UTS #39)
    """
    shown = display(name, policy)
    if not shown.safe_to_display:
        raise NotSafeToDisplay(shown)
    return shown


#: Trusted names, and their lookalikes: ``LookalikeSet(names)`` takes an iterable of valid
#: ``idn-hostname``s (a name that is not one raises :class:`idn_hostname.HostnameError`, whose
#: ``index`` is its place in the iterable); ``lookup(name)`` answers the trusted name whose UTS
#: #39 skeleton ``name`` has without being it (ASCII case ignored, A-labels decoded), or
#: ``None``; ``len()`` is the number of names given.
LookalikeSet = _native.LookalikeSet
