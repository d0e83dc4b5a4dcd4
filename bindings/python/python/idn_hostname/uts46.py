"""UTS #46 (Unicode IDNA Compatibility Processing, revision 36, Unicode 18.0.0): ToASCII and
ToUnicode as a browser or resolver applies them before lookup.

Every flag of UTS #46 section 4 is a keyword with its default:

=============================== ========================== =======
UTS #46 flag                    keyword                    default
=============================== ========================== =======
CheckHyphens                    ``check_hyphens``          True
CheckBidi                       ``check_bidi``             True
CheckJoiners                    ``check_joiners``          True
UseSTD3ASCIIRules               ``use_std3_ascii_rules``   True
Transitional_Processing         ``transitional_processing`` False
VerifyDnsLength (ToASCII)       ``verify_dns_length``      True
IgnoreInvalidPunycode           ``ignore_invalid_punycode`` False
=============================== ========================== =======

Errors raise :class:`idn_hostname.Uts46Error` with the IdnaTestV2.txt status codes.

>>> from idn_hostname import uts46
>>> uts46.to_ascii("Bücher.example")
'xn--bcher-kva.example'
>>> uts46.to_unicode("xn--fa-hia.de")
'faß.de'

Mapping is not validation: a registry applies IDNA2008 (``idn_hostname.check_idn_hostname``).
"""

from __future__ import annotations

from . import _native
from ._errors import Uts46Error

__all__ = ["to_ascii", "to_unicode", "Uts46Error"]

to_ascii = _native.uts46_to_ascii
to_unicode = _native.uts46_to_unicode
