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

__all__ = ["show", "StaticBoard", "STATIC_CLASS"]

STATIC_CLASS = "dp-static-board"


class StaticBoard:
    """A board picture as a display object: SVG (for viewers) and HTML (with a class the live
    widget uses to hide it)."""

    def __init__(self, svg: str, note: str = "A picture of the board: run the notebook "
                                           "(Run > Run All Cells) to play with it.") -> None:
        self.svg, self.note = svg, note

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from html import escape
        html = (f"<style>.{STATIC_CLASS} svg {{ max-width: 100%; height: auto; }}</style>"
                f"<div class='{STATIC_CLASS}' style='max-width: 720px'>"
                f"<div style='font-size: 12px; color: #5f5a50'><i>{escape(self.note)}</i></div>"
                f"{self.svg}</div>")
        return {"text/html": html, "image/svg+xml": self.svg, "text/plain": self.note}


def show(widget: Any) -> Any:
    """Display ``widget`` and a still picture of its board (if it has one); return the widget."""
    from IPython.display import display
    display(widget)
    board = getattr(widget, "board", None)
    if board is not None and getattr(board, "state", None) is not None:
        display(StaticBoard(board.to_svg()))
    return widget
