"""Jupyter widgets for Dual Powers (they need ipywidgets and ipycanvas).

The engine itself (``import dualpowers``) imports none of this.
"""

from __future__ import annotations

from .analyzer import AnalyzerWidget
from .board import BoardWidget
from .opposition import OppositionWidget, SoloRoundWidget
from .play import PlayWidget
from .tutorial import TutorialWidget

__all__ = [
    "AnalyzerWidget",
    "BoardWidget",
    "OppositionWidget",
    "PlayWidget",
    "SoloRoundWidget",
    "TutorialWidget",
]
