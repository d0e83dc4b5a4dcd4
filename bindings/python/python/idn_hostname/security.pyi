from dataclasses import dataclass
from typing import Iterable, Optional, Tuple

from ._errors import HostnameError as HostnameError

POLICIES: Tuple[str, ...]

@dataclass(frozen=True)
class LabelDisplay:
    label: str
    form: str
    reasons: Tuple[str, ...]

@dataclass(frozen=True)
class Display:
    name: str
    display: str
    safe_to_display: bool
    labels: Tuple[LabelDisplay, ...]

def display(name: str, policy: str = "chromium") -> Display: ...
def check_display_safe(name: str, policy: str = "chromium") -> Display: ...

class NotSafeToDisplay(ValueError):
    display: Display
    label: str
    label_index: int
    reasons: Tuple[str, ...]
    def __init__(self, shown: Display) -> None: ...

class LookalikeSet:
    def __init__(self, names: Iterable[str]) -> None: ...
    def lookup(self, name: str) -> Optional[str]: ...
    def __len__(self) -> int: ...
