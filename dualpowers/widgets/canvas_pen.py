"""ipycanvas back end: the board drawn live in a notebook.

:class:`CanvasPen` turns the :class:`~dualpowers.drawing.pen.Pen` primitives into
ipycanvas commands.  It only sends a style (colour, width, font, dash) when it
differs from the one last sent; wrap a whole drawing in ``hold_canvas()`` so the
commands go to the browser as one message.

Speed (``benchmarks/widget_speed.py``): every number is sent rounded to 0.1 of a
backing-store pixel (less than the eye or the antialiasing can tell; the JSON of a board
was half digits), and a style goes straight to ipycanvas' command queue rather than
through the canvas' trait (the same command, without traitlets' validation and
notification, which took half of a redraw's Python time).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..drawing.pen import PRIMITIVES, PenBase, Point

__all__ = ["CanvasPen"]


def _r(v: float) -> float:
    """A coordinate as sent: 0.1 of a backing-store pixel."""
    return round(float(v), 1)

FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"


class CanvasPen(PenBase):
    """Draws on an ``ipycanvas.Canvas``."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._sent: dict[str, Any] = {}
        self.counts = {name: 0 for name in PRIMITIVES}
        try:
            from ipycanvas.canvas import COMMANDS
            self._attrs: dict[str, int] | None = dict(type(canvas).ATTRS)
            self._set_command = COMMANDS["set"]
        except (ImportError, AttributeError, KeyError, TypeError):   # not an ipycanvas Canvas: its attributes
            self._attrs = None

    # ---------------------------------------------------------------- styles
    def _set(self, name: str, value: Any) -> None:
        if self._sent.get(name) != value:
            attrs = self._attrs
            if attrs is not None and name in attrs:
                self.canvas._canvas_manager.send_command(self.canvas, [self._set_command, [attrs[name], value]])
            else:
                setattr(self.canvas, name, value)
            self._sent[name] = value

    def _dash(self, dash: Sequence[float] | None) -> None:
        key = tuple(float(d) for d in dash) if dash else ()
        if self._sent.get("dash") != key:
            self.canvas.set_line_dash(list(key))
            self._sent["dash"] = key

    def _stroke_style(self, stroke: str, width: float, dash: Sequence[float] | None) -> None:
        self._set("stroke_style", stroke)
        self._set("line_width", _r(width))
        self._dash(dash)

    def _round_rect_path(self, x: float, y: float, w: float, h: float, r: float) -> None:
        c = self.canvas
        r = _r(max(0.0, min(r, w / 2, h / 2)))
        x, y, w, h = _r(x), _r(y), _r(w), _r(h)
        c.begin_path()
        c.move_to(_r(x + r), y)
        c.arc_to(_r(x + w), y, _r(x + w), _r(y + h), r)
        c.arc_to(_r(x + w), _r(y + h), x, _r(y + h), r)
        c.arc_to(x, _r(y + h), x, y, r)
        c.arc_to(x, y, _r(x + w), y, r)
        c.close_path()

    # ---------------------------------------------------------------- primitives
    def clear(self, fill: str) -> None:
        """Start a new picture: forget the styles sent so far (a new view starts from defaults)."""
        self.counts["clear"] += 1
        self._sent.clear()
        c = self.canvas
        c.clear()
        self._set("line_join", "round")
        self._set("line_cap", "round")
        self._set("text_baseline", "middle")
        self._dash(None)
        self._set("fill_style", fill)
        c.fill_rect(0, 0, c.width, c.height)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             width: float = 1.0, dash: Sequence[float] | None = None, radius: float = 0.0) -> None:
        self.counts["rect"] += 1
        c = self.canvas
        if radius > 0:
            self._round_rect_path(x, y, w, h, radius)
            if fill:
                self._set("fill_style", fill)
                c.fill()
            if stroke:
                self._stroke_style(stroke, width, dash)
                c.stroke()
            return
        if fill:
            self._set("fill_style", fill)
            c.fill_rect(_r(x), _r(y), _r(w), _r(h))
        if stroke:
            self._stroke_style(stroke, width, dash)
            c.stroke_rect(_r(x), _r(y), _r(w), _r(h))

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["circle"] += 1
        if fill:
            self._set("fill_style", fill)
            self.canvas.fill_circle(_r(cx), _r(cy), _r(r))
        if stroke:
            self._stroke_style(stroke, width, dash)
            self.canvas.stroke_circle(_r(cx), _r(cy), _r(r))

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["polygon"] += 1
        pts = [(_r(x), _r(y)) for x, y in points]
        if len(pts) < 3:
            return
        if fill:
            self._set("fill_style", fill)
            self.canvas.fill_polygon(pts)
        if stroke:
            self._stroke_style(stroke, width, dash)
            self.canvas.stroke_polygon(pts)

    def line(self, points: Sequence[Point], *, stroke: str | None = "#000000", width: float = 1.0,
             dash: Sequence[float] | None = None) -> None:
        self.counts["line"] += 1
        if not stroke or len(points) < 2:
            return
        self._stroke_style(stroke, width, dash)
        if len(points) == 2:
            (x1, y1), (x2, y2) = points
            self.canvas.stroke_line(_r(x1), _r(y1), _r(x2), _r(y2))
        else:
            self.canvas.stroke_lines([(_r(x), _r(y)) for x, y in points])

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None:
        self.counts["text"] += 1
        self._set("font", f"{'bold ' if bold else ''}{size:.1f}px {FONT_FAMILY}")
        self._set("text_align", {"left": "left", "center": "center", "right": "right"}.get(align, "left"))
        self._set("fill_style", fill)
        if max_width is None:
            self.canvas.fill_text(text, _r(x), _r(y))
        else:  # the browser squeezes the text only if it is wider
            self.canvas.fill_text(text, _r(x), _r(y), _r(max(1.0, float(max_width))))
