"""ipycanvas back end: the board drawn live in a notebook.

:class:`CanvasPen` turns the :class:`~dualpowers.drawing.pen.Pen` primitives into ipycanvas'
drawing commands for one canvas and keeps them until :meth:`CanvasPen.send` sends them in one
message.  What is drawn inside :meth:`CanvasPen.drawing` is kept only if the drawing completes,
so a drawing that fails half-way sends nothing (ipycanvas' ``hold_canvas`` would stay switched
on after an error inside it)::

    pen = CanvasPen(canvas)
    with pen.drawing():
        draw_board(pen, state)
    pen.send()

Speed (``benchmarks/widget_speed.py``): the time of a click that redraws the board grew with
the commands sent (a bare canvas: 20 ms for 400 commands, 36 ms for 1,900, in the same run).  So:

* the picture is drawn in parts (the status line, the map, the side column, the track, the
  cards: ``Layout.parts``), each clipped to its tile, and only the parts that differ from the
  picture the canvas shows are sent (:meth:`CanvasPen.outgoing`; a move sends the map and the
  status line, not the calendar or the track);
* a box with rounded corners is one polygon, where a path of arcs took seven commands;
* the pen writes the commands as ipycanvas sends them, without ``Canvas``' methods (a call to
  the shared manager and argument checks per command were half of a redraw's time in the
  kernel).  ``tests/widgets/test_canvas_pen.py`` checks every command against what ``Canvas``'
  own method sends, so an ipycanvas that changes them fails a test instead of drawing wrong;
* numbers in the JSON are rounded to 0.1 of a backing-store pixel (less than the eye or the
  antialiasing can tell), points go as float32 buffers, and a style is sent only when it
  differs from the last one sent.
"""

from __future__ import annotations

import math
from array import array
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from ipycanvas import hold_canvas
from ipycanvas.canvas import COMMANDS, Canvas

from ..drawing.pen import PRIMITIVES, PenBase, Point

__all__ = ["CanvasPen", "FONT_FAMILY", "send"]

FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"

_ATTRS: dict[str, int] = dict(Canvas.ATTRS)
_SET, _CLEAR = COMMANDS["set"], COMMANDS["clear"]
_FILL_RECT, _STROKE_RECT = COMMANDS["fillRect"], COMMANDS["strokeRect"]
_FILL_CIRCLE, _STROKE_CIRCLE = COMMANDS["fillCircle"], COMMANDS["strokeCircle"]
_FILL_POLYGON, _STROKE_POLYGON = COMMANDS["fillPolygon"], COMMANDS["strokePolygon"]
_STROKE_LINE, _STROKE_LINES = COMMANDS["strokeLine"], COMMANDS["strokeLines"]
_FILL_TEXT, _LINE_DASH = COMMANDS["fillText"], COMMANDS["setLineDash"]
_SAVE, _RESTORE, _BEGIN, _RECT, _CLIP = (COMMANDS[name] for name in ("save", "restore", "beginPath", "rect", "clip"))
#: One command as ipycanvas sends it: the command, and its binary buffers.
_Command = tuple[list[Any], list[Any]]
_ALIGN = {"left": "left", "center": "center", "right": "right"}
#: Straight pieces per rounded corner (see :meth:`CanvasPen._round_rect`).
CORNER_STEPS = 4
#: The unit points of a quarter circle from each start angle (degrees, clockwise on the screen).
_CORNER = {start: [(math.cos(math.radians(start + 90 * i / CORNER_STEPS)),
                    math.sin(math.radians(start + 90 * i / CORNER_STEPS))) for i in range(CORNER_STEPS + 1)]
           for start in (-90.0, 0.0, 90.0, 180.0)}


def _r(v: float) -> float:
    """A coordinate as sent: 0.1 of a backing-store pixel."""
    return round(float(v), 1)


def send(*pens: "CanvasPen") -> None:
    """Send what the pens keep (:meth:`CanvasPen.outgoing`), in this order, in one message
    (several canvases may share it: ipycanvas switches from one to the next)."""
    with hold_canvas():      # not nested: a hold_canvas sends what it holds when it ends, even inside another
        for pen in pens:
            manager, canvas = pen.canvas._canvas_manager, pen.canvas
            for command, buffers in pen.outgoing():
                manager.send_command(canvas, command, buffers)


class CanvasPen(PenBase):
    """Draws on an ``ipycanvas.Canvas``: the commands wait in :attr:`commands` until sent."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        #: the commands drawn and not yet sent: ``(command, binary buffers)`` as ipycanvas sends them
        self.commands: list[_Command] = []
        self._sent: dict[str, Any] = {}
        self.counts = {name: 0 for name in PRIMITIVES}
        self._paper: str | None = None
        #: where each part of the picture being drawn is in :attr:`commands`: name -> (start, end)
        self._parts: dict[str, tuple[int, int]] = {}
        #: the picture last sent whole or in parts: (its commands before the first part, each
        #: part's commands), or None when the canvas may not show it (nothing sent yet, a new view)
        self._shown: tuple[list[_Command], dict[str, list[_Command]]] | None = None
        #: how many parts the last :meth:`outgoing` left out, as the canvas already shows them
        self.parts_kept = 0

    # ---------------------------------------------------------------- sending
    @contextmanager
    def drawing(self) -> Iterator["CanvasPen"]:
        """Keep what is drawn inside only if the drawing completes: should it fail, the commands
        drawn inside are dropped and the styles the pen believes sent are as before."""
        before, start, parts = dict(self._sent), len(self.commands), dict(self._parts)
        try:
            yield self
        except BaseException:
            del self.commands[start:]
            self._sent, self._parts = before, parts
            raise

    def send(self) -> None:
        """Send the commands kept so far, in one message."""
        send(self)

    def outgoing(self) -> list[_Command]:
        """Take the commands kept so far, to send: of a picture drawn in parts (:meth:`part`) after
        one the canvas shows, only the parts that differ from it."""
        commands, parts = self.commands, self._parts
        self.commands, self._parts = [], {}
        self.parts_kept = 0
        if not parts:
            self._shown = None if commands else self._shown
            return commands
        first = min(start for start, _end in parts.values())
        head = commands[:first]
        drawn = {name: commands[start:end] for name, (start, end) in parts.items()}
        whole = len(head) + sum(len(c) for c in drawn.values()) == len(commands)     # nothing between parts
        shown, self._shown = self._shown, ((head, drawn) if whole else None)
        if not whole or shown is None or shown[0] != head or shown[1].keys() != drawn.keys():
            return commands
        changed = [name for name in drawn if drawn[name] != shown[1][name]]
        self.parts_kept = len(drawn) - len(changed)
        return [command for name in changed for command in drawn[name]]

    def forget_styles(self) -> None:
        """Send every style again from the next command on (a new view of the canvas starts from
        the browser's defaults)."""
        self._sent.clear()

    def forget_shown(self) -> None:
        """Send the next picture whole: the canvas may not show the last one (a new view of it)."""
        self._shown = None

    @contextmanager
    def part(self, name: str, x: float, y: float, w: float, h: float) -> Iterator[None]:
        """One part of the picture, in its tile (pixels; the tiles of a picture must not overlap):
        clipped to the tile, on a tile painted afresh in the picture's background, its styles set
        inside it and put back after it (``save``/``restore``).  So the part's commands alone
        redraw it over an older picture: :meth:`outgoing` sends only the parts that changed."""
        x0, y0, x1, y1 = round(x), round(y), round(x + w), round(y + h)      # whole pixels: no seam
        tile = [x0, y0, x1 - x0, y1 - y0]
        before, start = dict(self._sent), len(self.commands)
        self._cmd(_SAVE, [])
        self._cmd(_BEGIN, [])
        self._cmd(_RECT, tile)
        self._cmd(_CLIP, [])
        if self._paper is not None:
            self._set("fill_style", self._paper)
            self._cmd(_FILL_RECT, list(tile))
        try:
            yield
        finally:
            self._cmd(_RESTORE, [])
            self._sent = before
            self._parts[name] = (start, len(self.commands))

    def erase(self) -> None:
        """Clear the canvas to transparent (a layer drawn over another)."""
        self._cmd(_CLEAR, [])

    def _cmd(self, code: int, args: list[Any]) -> None:
        self.commands.append(([code, args, 0], []))

    def _points(self, code: int, points: list[Point]) -> None:
        """A command whose points go as a binary buffer of float32 pairs, as ipycanvas sends a
        NumPy array of them (written here without NumPy: a board has about 200 of these).  Not
        rounded: a buffer's size does not depend on the digits."""
        flat = array("f", [c for point in points for c in point])
        meta = {"shape": [len(points), 2], "dtype": "float32", "idx": 0}
        self.commands.append(([code, [meta], 1], [memoryview(flat)]))

    # ---------------------------------------------------------------- styles
    def _set(self, name: str, value: Any) -> None:
        if self._sent.get(name) != value:
            self.commands.append(([_SET, [_ATTRS[name], value]], []))
            self._sent[name] = value

    def _dash(self, dash: Sequence[float] | None) -> None:
        key = tuple(float(d) for d in dash) if dash else ()
        if self._sent.get("dash") != key:
            segments = list(key) if len(key) % 2 == 0 else list(key) * 2     # as Canvas.set_line_dash
            self._cmd(_LINE_DASH, [segments])
            self._sent["dash"] = key

    def _stroke_style(self, stroke: str, width: float, dash: Sequence[float] | None) -> None:
        self._set("stroke_style", stroke)
        self._set("line_width", _r(width))
        self._dash(dash)

    def _round_rect(self, x: float, y: float, w: float, h: float, r: float) -> list[Point]:
        """The outline of a rectangle with rounded corners, as a polygon: one command where a path
        of arcs took seven (a board has about a hundred of them); each corner is a quarter circle in
        :data:`CORNER_STEPS` straight pieces, within 0.2 px of the arc at the board's radii."""
        r = max(0.0, min(r, w / 2, h / 2))
        pts: list[Point] = []
        for cx, cy, start in ((x + w - r, y + r, -90.0), (x + w - r, y + h - r, 0.0),
                              (x + r, y + h - r, 90.0), (x + r, y + r, 180.0)):
            for dx, dy in _CORNER[start]:
                pts.append((cx + r * dx, cy + r * dy))
        return pts

    # ---------------------------------------------------------------- primitives
    def clear(self, fill: str) -> None:
        """Start a new picture: forget the styles sent so far (a new view starts from defaults)."""
        self.counts["clear"] += 1
        self._sent.clear()
        self._paper = fill
        self._cmd(_CLEAR, [])
        self._set("line_join", "round")
        self._set("line_cap", "round")
        self._set("text_baseline", "middle")
        self._dash(None)
        self._set("fill_style", fill)
        self._cmd(_FILL_RECT, [0, 0, self.canvas.width, self.canvas.height])

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             width: float = 1.0, dash: Sequence[float] | None = None, radius: float = 0.0) -> None:
        self.counts["rect"] += 1
        if radius > 0:
            outline = self._round_rect(x, y, w, h, radius)
            if fill:
                self._set("fill_style", fill)
                self._points(_FILL_POLYGON, outline)
            if stroke:
                self._stroke_style(stroke, width, dash)
                self._points(_STROKE_POLYGON, outline)
            return
        box = [_r(x), _r(y), _r(w), _r(h)]
        if fill:
            self._set("fill_style", fill)
            self._cmd(_FILL_RECT, box)
        if stroke:
            self._stroke_style(stroke, width, dash)
            self._cmd(_STROKE_RECT, box)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["circle"] += 1
        at = [_r(cx), _r(cy), _r(r)]
        if fill:
            self._set("fill_style", fill)
            self._cmd(_FILL_CIRCLE, at)
        if stroke:
            self._stroke_style(stroke, width, dash)
            self._cmd(_STROKE_CIRCLE, list(at))

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["polygon"] += 1
        pts = list(points)
        if len(pts) < 3:
            return
        if fill:
            self._set("fill_style", fill)
            self._points(_FILL_POLYGON, pts)
        if stroke:
            self._stroke_style(stroke, width, dash)
            self._points(_STROKE_POLYGON, pts)

    def line(self, points: Sequence[Point], *, stroke: str | None = "#000000", width: float = 1.0,
             dash: Sequence[float] | None = None) -> None:
        self.counts["line"] += 1
        if not stroke or len(points) < 2:
            return
        self._stroke_style(stroke, width, dash)
        if len(points) == 2:
            (x1, y1), (x2, y2) = points
            self._cmd(_STROKE_LINE, [_r(x1), _r(y1), _r(x2), _r(y2)])
        else:
            self._points(_STROKE_LINES, list(points))

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None:
        self.counts["text"] += 1
        self._set("font", f"{'bold ' if bold else ''}{size:.1f}px {FONT_FAMILY}")
        self._set("text_align", _ALIGN.get(align, "left"))
        self._set("fill_style", fill)
        if max_width is None:
            self._cmd(_FILL_TEXT, [text, _r(x), _r(y)])
        else:  # the browser squeezes the text only if it is wider
            self._cmd(_FILL_TEXT, [text, _r(x), _r(y), _r(max(1.0, float(max_width)))])
