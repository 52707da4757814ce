"""Show a widget together with a still picture of its board, for readers without a kernel.

A notebook stored with a live widget's output shows, on GitHub, in nbviewer or
when opened before it has run, either the widget's text repr or "Error
displaying widget: model not found".  :func:`show` displays the widget and,
right after it, a picture of the same board drawn by the SVG back end.  While
the widget is alive in the page, a CSS rule of the widget hides the picture
(``:has``), so a person sees one board; wherever the widget is not alive, the
picture is what shows.  ``scripts/execute_notebooks.py`` stores the notebooks
with the pictures and without the widget outputs or widget state.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, gettext

__all__ = ["show", "StaticBoard", "STATIC_CLASS", "NOTE"]

STATIC_CLASS = "dp-static-board"
#: The caption above a stored board picture.  It belongs to the notebooks' text, so it
#: is a message of the ``notebooks`` domain (babel-notebooks.cfg), shown in the
#: notebook's language.
NOTE = N_("A picture of the board: run the notebook (Run > Run All Cells) to play with it.")


class StaticBoard:
    """A board picture as a display object: SVG (for viewers) and HTML (with a class the live
    widget uses to hide it)."""

    def __init__(self, svg: str, note: str | None = None) -> None:
        if note is None:
            from . import language
            note = gettext(NOTE, language.current(), "notebooks")
        self.svg, self.note = svg, note

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        import base64
        import re
        from html import escape, unescape
        # The picture goes into the HTML as an <img> with a data: URI, not as inline SVG:
        # JupyterLab sanitizes the HTML of a notebook it does not trust (every notebook
        # opened from disk before it has run), which strips inline SVG down to its text.
        title = re.search(r"<title>(.*?)</title>", self.svg, re.S)
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        html = (f"<div class='{STATIC_CLASS}' style='max-width: 720px'>"
                f"<div style='font-size: 12px; color: var(--jp-content-font-color2, #5f5a50)'><i>{escape(self.note)}</i></div>"
                f"<img src='data:image/svg+xml;base64,{data}' alt='{escape(unescape(title.group(1)) if title else '')}' "
                f"style='max-width: 100%; height: auto'></div>")
        return {"text/html": html, "image/svg+xml": self.svg, "text/plain": self.note}


def show(widget: Any) -> Any:
    """Display ``widget`` and a still picture of its board (if it has one); return the widget."""
    from IPython.display import display
    display(widget)
    board = getattr(widget, "board", None)
    if board is not None and getattr(board, "state", None) is not None:
        display(StaticBoard(board.to_svg()))
    return widget
