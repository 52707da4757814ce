"""Jupyter widgets for Dual Powers (they need ipywidgets and ipycanvas).

The engine itself (``import dualpowers``) imports none of this.  Each widget's module is
imported when the widget is first asked for (``from dualpowers.widgets import PlayWidget``
imports the play widget and what it needs, not the advisor's or the analyzer's), so a
notebook's first paint pays only for the widgets it shows.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .advisor import AdvisorWidget
    from .analyzer import AnalyzerWidget
    from .board import BoardWidget
    from .opposition import OppositionWidget, SoloRoundWidget
    from .play import PlayWidget
    from .screen import Screen
    from .show import show
    from .tutorial import TutorialWidget

#: Each public name -> the module (in this package) that defines it.
_HOMES = {
    "AdvisorWidget": "advisor",
    "AnalyzerWidget": "analyzer",
    "BoardWidget": "board",
    "OppositionWidget": "opposition",
    "PlayWidget": "play",
    "Screen": "screen",
    "SoloRoundWidget": "opposition",
    "TutorialWidget": "tutorial",
    "show": "show",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value       # asked once: later look-ups do not come here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
