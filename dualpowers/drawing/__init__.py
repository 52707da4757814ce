"""Pictures of the board: one drawing routine, several back ends.

* :func:`draw_board` draws a state through any :class:`Pen`;
* :func:`board_svg` gives an SVG string (``State._repr_svg_``);
* :func:`board_png` gives PNG bytes (needs Pillow, imported only then);
* the live ipycanvas widget lives in :mod:`dualpowers.widgets`.

This package imports nothing from Jupyter.
"""

from __future__ import annotations

from typing import Any

from .board import HIGHLIGHT_KEYS, draw_board, draw_empty, normalize_highlight
from .layout import DESIGN_H, DESIGN_W, Layout, layout_for
from .pen import Pen, PenBase, RecordingPen, ScaledPen
from .svg import Picture, SvgPen, board_svg

__all__ = [
    "draw_board", "draw_empty", "normalize_highlight", "HIGHLIGHT_KEYS",
    "Layout", "layout_for", "DESIGN_W", "DESIGN_H",
    "Pen", "PenBase", "RecordingPen", "ScaledPen", "SvgPen", "board_svg", "Picture", "board_png", "PillowPen",
]


def __getattr__(name: str) -> Any:
    # Pillow is optional: load the PNG back end only when asked for.
    if name in ("board_png", "PillowPen", "board_image"):
        from . import png
        return getattr(png, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
