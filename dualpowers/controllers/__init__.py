"""Plain-Python controllers behind the Jupyter widgets.

Each widget in :mod:`dualpowers.widgets` is a thin view over one of these
classes.  They hold the logic (what is selected, what is legal, what to show)
and talk only to the engine, so they can be driven and tested without Jupyter:
nothing here imports ipywidgets or ipycanvas.

* :class:`PositionEditor` -- build a position token by token, validate it with
  the engine, import/export JSON and notation, Force in Presence everywhere.
* :class:`OppositionExplorer` -- the solo Opposition's objective choice from
  five command cards, step by step.
* :class:`SoloRoundWalker` -- a seeded solo round, one player decision at a time.
* :class:`GameSession` -- a whole game (solo or hot-seat), with undo, save and load.
"""

from __future__ import annotations

from .editor import PaletteItem, PositionEditor
from .opposition import OppositionExplorer, SoloRoundWalker
from .play import POLICIES, GameSession, LoadError, LogEntry, choose_action

__all__ = [
    "PositionEditor", "PaletteItem",
    "OppositionExplorer", "SoloRoundWalker",
    "GameSession", "LoadError", "LogEntry", "choose_action", "POLICIES",
]
