"""Jupyter widgets for Dual Powers (they need ipywidgets and ipycanvas).

The engine itself (``import dualpowers``) imports none of this.
"""

from __future__ import annotations

from .advisor import AdvisorWidget
from .analyzer import AnalyzerWidget
from .board import BoardWidget
from .opposition import OppositionWidget, SoloRoundWidget
from .play import PlayWidget
from .screen import Screen
from .show import show
from .tutorial import TutorialWidget

__all__ = [
    "AdvisorWidget",
    "AnalyzerWidget",
    "BoardWidget",
    "OppositionWidget",
    "PlayWidget",
    "Screen",
    "SoloRoundWidget",
    "TutorialWidget",
    "show",
]
