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

* the picture is drawn in parts (the status line, the map, the calendar and the Will, the
  region tiles, the reserves, the track, the cards: ``Layout.parts``), each clipped to its tile,
  and only the parts that differ from the picture the canvas shows are sent
  (:meth:`CanvasPen.outgoing`; a move sends the map and the status line, not the calendar or the
  track);
* the map and the calendar are also cut into cells (a region each, a row of days each:
  ``Layout.cells``) and always drawn cell by cell, each cell clipped to itself with what of the
  part meets it (:func:`_cells`); of a changed part only the cells that changed are sent (a move
  sends the regions it touched, a card played the rows of the old and the new day).  A clip of
  its own for a few commands would not do: where a clip's edge cuts a shape, the browser
  antialiases the rest of its outline a little differently, so the same picture must always be
  cut the same way;
* each part, each region of the map and the reserve's two halves are *pieces* that say what they
  read (``drawing/board.py``, the ``_*_inputs`` functions): :meth:`CanvasPen.cached` puts in the
  commands it drew for a piece whose inputs did not change, without drawing it again (a card
  played draws the status line and the calendar, not the map), and keeps with each piece the
  boxes of its commands that decide which cells changed (:class:`_Piece`);
* the click layer goes with a picture only when it changed (``BoardWidget._layer_unchanged``);
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
from functools import partial
from typing import Any, Callable, Iterator, Sequence

from ipycanvas import hold_canvas
from ipycanvas.canvas import COMMANDS, Canvas

from ..drawing.layout import text_width
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
_UNSET = object()
#: The styles :meth:`CanvasPen.clear` sets once for the whole picture (no primitive changes them);
#: a piece (:meth:`CanvasPen.cached`) forgets every other style sent before it.
_SETTLED = frozenset({"line_join", "line_cap", "text_baseline"})
#: A part's tile in whole pixels (x, y, w, h), the styles in force when the part began, and its
#: cells (x0, y0, x1, y1) in whole pixels, if it has any.
_Tile = tuple[tuple[int, int, int, int], dict[str, Any], "tuple[tuple[int, int, int, int], ...] | None"]
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
        #: part's commands, each part's tile and starting styles), or None when the canvas may not
        #: show it (nothing sent yet, a new view)
        self._shown: tuple[list[_Command], dict[str, list[_Command]], dict[str, _Tile]] | None = None
        #: how many parts the last :meth:`outgoing` left out, as the canvas already shows them
        self.parts_kept = 0
        #: the tile of each part drawn (whole pixels) and the styles in force when it began
        self._tiles: dict[str, _Tile] = {}
        #: the cells of the parts shown that have cells (:func:`_cells`)
        self._cells: dict[str, list[_Cell]] = {}
        #: the parts of the last :meth:`outgoing` sent cell by cell: name -> the cells sent
        self.cells_sent: dict[str, list[tuple[int, int, int, int]]] = {}
        #: the pieces drawn through :meth:`cached`, by name
        self._pieces: dict[str, _Piece] = {}
        #: the pieces of the picture being drawn (or of the piece being drawn) that are in no other
        #: piece: (start, end, piece)
        self._spans: list[tuple[int, int, _Piece]] = []
        #: of the picture being drawn (since :meth:`clear`), the pieces drawn and those replayed
        self.pieces_drawn: list[str] = []
        self.pieces_kept: list[str] = []

    # ---------------------------------------------------------------- sending
    @contextmanager
    def drawing(self) -> Iterator["CanvasPen"]:
        """Keep what is drawn inside only if the drawing completes: should it fail, the commands
        drawn inside are dropped and the styles the pen believes sent are as before."""
        before, start, parts = dict(self._sent), len(self.commands), dict(self._parts)
        tiles, pieces, spans = dict(self._tiles), dict(self._pieces), list(self._spans)
        try:
            yield self
        except BaseException:
            del self.commands[start:]
            self._sent, self._parts, self._tiles, self._pieces, self._spans = before, parts, tiles, pieces, spans
            raise

    def send(self) -> None:
        """Send the commands kept so far, in one message."""
        send(self)

    def outgoing(self) -> list[_Command]:
        """Take the commands kept so far, to send: of a picture drawn in parts (:meth:`part`) after
        one the canvas shows, only the parts that differ from it, and of a part cut into cells,
        only the cells that differ (:func:`_cells`)."""
        commands, parts, tiles, spans = self.commands, self._parts, self._tiles, self._spans
        self.commands, self._parts, self._tiles, self._spans = [], {}, {}, []
        self.parts_kept = 0
        self.cells_sent = {}
        if not parts:
            self._shown, self._cells = (None if commands else self._shown), {}
            return commands
        first = min(start for start, _end in parts.values())
        head = commands[:first]
        drawn = {name: commands[start:end] for name, (start, end) in parts.items()}
        whole = len(head) + sum(len(c) for c in drawn.values()) == len(commands)     # nothing between parts
        shown, self._shown = self._shown, ((head, drawn, tiles) if whole else None)
        if not whole:                     # (not a picture in parts: as drawn)
            self._cells = {}
            return commands
        out: list[_Command] = []
        if shown is None or shown[0] != head or shown[1].keys() != drawn.keys():
            shown, out = None, list(head)
        for name, part in drawn.items():
            if shown is not None and part == shown[1][name]:
                self.parts_kept += 1
                continue
            tile, start, cell_rects = tiles[name]
            if cell_rects is None:
                out.extend(part)
                continue
            at = parts[name][0]
            cells = _cells(part, start, cell_rects,
                           [(a - at, b - at, piece) for a, b, piece in spans if at <= a and b <= at + len(part)])
            old = self._cells.get(name) if shown is not None and shown[2].get(name) == tiles[name] else None
            self._cells[name] = cells
            if old is not None:
                cells = [cell for cell, was in zip(cells, old) if cell[1] != was[1]]
                self.cells_sent[name] = [cell[0] for cell in cells]
            for _rect, _keys, cell_commands in cells:
                out.extend(cell_commands())
        return out

    def forget_styles(self) -> None:
        """Send every style again from the next command on (a new view of the canvas starts from
        the browser's defaults)."""
        self._sent.clear()

    def forget_shown(self) -> None:
        """Send the next picture whole: the canvas may not show the last one (a new view of it)."""
        self._shown = None
        self._cells = {}

    @contextmanager
    def part(self, name: str, x: float, y: float, w: float, h: float,
             cells: Sequence[tuple[float, float, float, float]] | None = None) -> Iterator[None]:
        """One part of the picture, in its tile (pixels; the tiles of a picture must not overlap):
        clipped to the tile, on a tile painted afresh in the picture's background, its styles set
        inside it and put back after it (``save``/``restore``).  So the part's commands alone
        redraw it over an older picture: :meth:`outgoing` sends only the parts that changed.
        ``cells``: rectangles ``(x, y, w, h)`` that cut the tile (they must cover it without
        overlapping); the part is then sent cell by cell (:func:`_cells`), after a first time
        only the cells that changed."""
        x0, y0, x1, y1 = round(x), round(y), round(x + w), round(y + h)      # whole pixels: no seam
        tile = [x0, y0, x1 - x0, y1 - y0]
        before, start = dict(self._sent), len(self.commands)
        rects = None if cells is None else tuple(
            (round(cx), round(cy), round(cx + cw), round(cy + ch)) for cx, cy, cw, ch in cells)
        self._tiles[name] = ((x0, y0, x1 - x0, y1 - y0), dict(before), rects)
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

    def cached(self, name: str, inputs: Any, draw: Callable[[], None]) -> None:
        """One piece of the picture (a part, a region of the map), ``draw()``, whose drawing reads
        nothing but ``inputs``: when the piece last drawn under ``name`` had equal inputs, its
        commands are put in again as they were, and ``draw`` is not called.

        A piece starts by forgetting the drawing styles sent (it sets every style it uses), so
        its commands do not depend on what was drawn before it: replayed, they are exactly the
        commands drawing it again would write (``tests/widgets/test_board_pieces.py`` compares
        both over played games).  Pieces may nest (the map, and each region in it)."""
        sent = self._sent = {k: v for k, v in self._sent.items() if k in _SETTLED}
        start = len(self.commands)
        kept = self._pieces.get(name)
        if kept is not None and kept.inputs == inputs and kept.entry == sent:
            self.commands.extend(kept.commands)
            self._sent = dict(kept.exit)
            self.pieces_kept.append(name)
        else:
            entry, spans = dict(sent), self._spans
            self._spans = []
            try:
                draw()
            finally:
                inner, self._spans = self._spans, spans
            kept = self._pieces[name] = _Piece(inputs, entry, self.commands[start:], dict(self._sent),
                                               [(a - start, b - start, piece) for a, b, piece in inner])
            self.pieces_drawn.append(name)
        self._spans.append((start, len(self.commands), kept))     # (in the piece being drawn, if any)

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
        self.pieces_drawn, self.pieces_kept = [], []
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
            # the same box drawn again (most of a board, from one picture to the next) is the same
            # command, made once: its points are not computed again, and comparing it with the
            # picture shown finds it the same object
            if fill:
                self._set("fill_style", fill)
                self.commands.append(_outline(self, _FILL_POLYGON, x, y, w, h, radius))
            if stroke:
                self._stroke_style(stroke, width, dash)
                self.commands.append(_outline(self, _STROKE_POLYGON, x, y, w, h, radius))
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


_OUTLINES: dict[tuple[int, float, float, float, float, float], _Command] = {}
#: How many rounded boxes' commands :func:`_outline` keeps (a board has about 200; sizes and boards vary).
OUTLINES_KEPT = 4096


def _outline(pen: CanvasPen, code: int, x: float, y: float, w: float, h: float, r: float) -> _Command:
    """The command that fills or strokes a rounded box (:meth:`CanvasPen._round_rect`), made once
    for each box and kept (commands are never changed once made)."""
    key = (code, x, y, w, h, r)
    got = _OUTLINES.get(key)
    if got is None:
        if len(_OUTLINES) >= OUTLINES_KEPT:
            _OUTLINES.clear()
        points = pen._round_rect(x, y, w, h, r)
        flat = array("f", [c for point in points for c in point])
        got = _OUTLINES[key] = ([code, [{"shape": [len(points), 2], "dtype": "float32", "idx": 0}], 1],
                                [memoryview(flat)])
    return got


# ---------------------------------------------------------------- a part's cells
#: The styles each kind of drawing command uses (the joins, the caps and the text's baseline are
#: set once, by :meth:`CanvasPen.clear`): the same command with the same values of these draws
#: the same pixels.  0: a fill (its colour), 1: a stroke (colour, width, dash), 2: a text (font,
#: alignment, colour).
_KIND: dict[int, int] = {
    **{code: 0 for code in (_FILL_RECT, _FILL_CIRCLE, _FILL_POLYGON)},
    **{code: 1 for code in (_STROKE_RECT, _STROKE_CIRCLE, _STROKE_POLYGON, _STROKE_LINE, _STROKE_LINES)},
    _FILL_TEXT: 2,
}
_FILL_STYLE, _STROKE_STYLE, _LINE_WIDTH = _ATTRS["fill_style"], _ATTRS["stroke_style"], _ATTRS["line_width"]
_FONT, _TEXT_ALIGN = _ATTRS["font"], _ATTRS["text_align"]
_USES: dict[int, tuple[Any, ...]] = {0: (_FILL_STYLE,), 1: (_STROKE_STYLE, _LINE_WIDTH, "dash"),
                                     2: (_FONT, _TEXT_ALIGN, _FILL_STYLE)}
_CIRCLES = (_FILL_CIRCLE, _STROKE_CIRCLE)
#: A cell of a part: its rectangle, its drawing commands as compared, its commands to send.
_Cell = tuple[tuple[int, int, int, int], list[Any], "Callable[[], list[_Command]]"]
#: A text's width on the page over the layout's estimate (Helvetica's widths), at most: the
#: browser picks the first font of :data:`FONT_FAMILY` it has, and DejaVu Sans (Debian's
#: fallback, the widest of them) runs up to a quarter wider than Helvetica in bold.
TEXT_SPREAD = 1.4
#: One drawing command of a part: (its index in the part, the box it may ink in canvas pixels,
#: its command with the values of the styles it uses: comparable and hashable).
_Unit = tuple[int, tuple[float, float, float, float], Any]


def _units(part: list[_Command], start: dict[Any, Any], pieces: Sequence[tuple[int, int, "_Piece"]] = ()) -> list[_Unit]:
    """The drawing commands of a part, each with the box it inks and the styles it uses, found by
    following the part's style commands from ``start`` (the styles in force when the part began).
    ``pieces``: where the part holds pieces (:meth:`CanvasPen.cached`), ``(start, end, piece)``:
    their units are found once for each piece drawn and kept with it (:meth:`_Piece.units`).

    A shape's box takes in half its stroke's width and half a pixel (the antialiasing).  A text's
    is generous, as the browser chooses the font: :data:`TEXT_SPREAD` times the layout's estimate
    of its width and half its size more on each side, half its size above and below its middle
    (the digits and capitals take 0.37 of it), two thirds above when a letter may carry an accent."""
    state = {_ATTRS[k] if k in _ATTRS else k: v for k, v in start.items()}
    return _walk(part, state, pieces)


def _walk(commands: list[_Command], state: dict[Any, Any], pieces: Sequence[tuple[int, int, "_Piece"]]) -> list[_Unit]:
    """:func:`_units` of ``commands`` from the styles ``state`` (which it follows to the end)."""
    get = state.get
    out: list[_Unit] = []
    ahead = iter(pieces)
    nxt = next(ahead, None)
    i, n = 0, len(commands)
    while i < n:
        if nxt is not None and nxt[0] == i:           # a piece: its units as kept, moved to here
            begin, end, piece = nxt
            units, styles = piece.units()
            out.extend([(begin + k, box, key) for k, box, key in units])
            state.update(styles)
            i, nxt = end, next(ahead, None)
            continue
        command, buffers = commands[i]
        unit = _unit(i, command, buffers, state, get)
        if unit is not None:
            out.append(unit)
        i += 1
    return out


def _unit(i: int, command: list[Any], buffers: list[Any], state: dict[Any, Any], get: Any) -> _Unit | None:
    """One command's unit (:func:`_units`), or None for a style (followed into ``state``), a save,
    a restore or a clip."""
    code, args = command[0], command[1]
    if code == _SET:
        state[args[0]] = args[1]
        return None
    if code == _LINE_DASH:
        state["dash"] = tuple(args[0])
        return None
    kind = _KIND.get(code)
    if kind is None:                  # save, restore, the clip's path
        return None
    values: tuple[Any, ...]
    if kind == 0:
        m, values = 0.5, (get(_FILL_STYLE),)
    elif kind == 1:
        width = get(_LINE_WIDTH, 1.0)
        m, values = 0.5 + float(width) / 2, (get(_STROKE_STYLE), width, get("dash"))
    else:
        m, values = 0.0, (get(_FONT), get(_TEXT_ALIGN), get(_FILL_STYLE))
    if buffers:
        flat = buffers[0].obj                                  # the array of the points (_points)
        xs, ys = flat[0::2], flat[1::2]
        box = (min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m)
        key: Any = (code, flat.tobytes(), values)
    elif kind == 2:                   # a text
        font = str(get(_FONT) or "")
        size = float(font.split("px", 1)[0].rsplit(" ", 1)[-1] or 12.0)
        text = str(args[0])
        w = text_width(text, size, font.startswith("bold ")) * TEXT_SPREAD
        if len(args) > 3:
            w = min(w, float(args[3]))
        x, y = args[1], args[2]
        align = get(_TEXT_ALIGN) or "left"
        x0 = x - w / 2 if align == "center" else (x - w if align == "right" else x)
        up = size * (0.67 if not text.isascii() else 0.5)
        box = (x0 - size / 2, y - up, x0 + w + size / 2, y + size / 2)
        key = (code, tuple(args), values)
    elif code in _CIRCLES:
        x, y, r = args
        box = (x - r - m, y - r - m, x + r + m, y + r + m)
        key = (code, tuple(args), values)
    elif code == _STROKE_LINE:
        x1, y1, x2, y2 = args
        box = (min(x1, x2) - m, min(y1, y2) - m, max(x1, x2) + m, max(y1, y2) + m)
        key = (code, tuple(args), values)
    else:                             # a rectangle
        x, y, w, h = args
        box = (min(x, x + w) - m, min(y, y + h) - m, max(x, x + w) + m, max(y, y + h) + m)
        key = (code, tuple(args), values)
    return (i, box, key)


class _Piece:
    """A piece of the picture as :meth:`CanvasPen.cached` drew it: what it read, the styles the pen
    had sent at its start and at its end, its commands, the pieces in it ``(start, end, piece)``,
    and once asked for, its units (:func:`_units`)."""

    __slots__ = ("inputs", "entry", "commands", "exit", "inner", "_units")

    def __init__(self, inputs: Any, entry: dict[str, Any], commands: list[_Command], exit: dict[str, Any],
                 inner: list[tuple[int, int, "_Piece"]]) -> None:
        self.inputs, self.entry, self.commands, self.exit, self.inner = inputs, entry, commands, exit, inner
        self._units: tuple[list[_Unit], dict[Any, Any]] | None = None

    def units(self) -> tuple[list[_Unit], dict[Any, Any]]:
        """The piece's units, indexed from its first command, and the styles it sets.  A piece
        starts with the drawing styles forgotten (it sets each before using it), so these do not
        depend on what comes before it."""
        if self._units is None:
            state: dict[Any, Any] = {}
            self._units = (_walk(self.commands, state, self.inner), state)
        return self._units


def _style_command(attr: Any, value: Any) -> _Command:
    """The command that sets one style (an attribute's code, or "dash")."""
    if attr == "dash":
        return ([_LINE_DASH, [list(value)], 0], [])
    return ([_SET, [attr, value]], [])


def _cells(part: list[_Command], start: dict[str, Any], rects: Sequence[tuple[int, int, int, int]],
           pieces: Sequence[tuple[int, int, _Piece]] = ()) -> list[_Cell]:
    """A part drawn cell by cell: each cell clipped to its rectangle, with every drawing command
    of the part whose box meets it (:func:`_units`; the part's background first), in the part's
    order, with the styles each uses.  The part is always sent this way, whole or cell by cell,
    so a cell whose commands did not change need not be sent again: the same commands under the
    same clip give the same pixels, whatever the browser's fonts and antialiasing (a shape that
    crosses a seam is drawn in both cells, cut the same way each time).

    Returns each cell as ``(its rectangle, its commands' keys to compare, a function giving the
    commands to send)``."""
    units = _units(part, start, pieces)
    members: list[list[_Unit]] = [[] for _ in rects]
    for unit in units:
        ux0, uy0, ux1, uy1 = unit[1]
        for k, (x0, y0, x1, y1) in enumerate(rects):
            if ux1 > x0 and ux0 < x1 and uy1 > y0 and uy0 < y1:
                members[k].append(unit)
    begin = {_ATTRS[k] if k in _ATTRS else k: v for k, v in start.items()}
    return [(rect, [u[2] for u in cell], partial(_cell_commands, rect, cell, part, begin))
            for rect, cell in zip(rects, members)]


def _cell_commands(rect: tuple[int, int, int, int], cell: list[_Unit], part: list[_Command],
                   begin: dict[Any, Any]) -> list[_Command]:
    """The commands that draw one cell (:func:`_cells`)."""
    x0, y0, x1, y1 = rect
    out: list[_Command] = [([_SAVE, [], 0], []), ([_BEGIN, [], 0], []),
                           ([_RECT, [x0, y0, x1 - x0, y1 - y0], 0], []), ([_CLIP, [], 0], [])]
    state = dict(begin)
    for i, _box, (code, _args, values) in cell:
        for attr, value in zip(_USES[_KIND[code]], values):
            if state.get(attr, _UNSET) != value:
                state[attr] = value
                out.append(_style_command(attr, value))
        out.append(part[i])
    out.append(([_RESTORE, [], 0], []))
    return out
