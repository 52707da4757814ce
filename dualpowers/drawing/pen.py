"""The small drawing interface every back end implements.

The board is drawn once, by :func:`dualpowers.drawing.board.draw_board`, through a
:class:`Pen`.  A pen only knows a handful of primitives; each takes its whole style
as keyword arguments, so a back end never has to remember state between calls:

========== =====================================================================
clear      fill the whole picture with one colour (start of a drawing)
rect       axis-aligned rectangle, optionally with rounded corners
circle     circle given by centre and radius
polygon    closed polygon given by its corner points
line       open polyline through two or more points
text       one line of text, vertically centred on ``y``; squeezed to ``max_width`` if wider
group      context manager naming what is drawn inside (SVG keeps it; others ignore it)
part       context manager: what is drawn inside is one part of the picture, all inside the
           tile ``(x, y, w, h)``, and, if ``cells`` are given, the tile is cut into those
           rectangles ``(x, y, w, h)`` (a live board redraws only the parts, and of a part with
           cells only the cells, that changed; others ignore it)
cached     ``cached(name, inputs, draw)``: ``draw()`` draws one piece of the picture that reads
           nothing but ``inputs``; a live board replays what it drew for the same ``name`` and
           equal ``inputs`` instead of drawing it again (others always call ``draw()``)
========== =====================================================================

Colours are CSS hex strings (``"#rrggbb"``) or ``None`` for "do not fill" /
"do not stroke".  ``dash`` is ``None`` (solid) or a sequence of on/off lengths.
``align`` is ``"left"``, ``"center"`` or ``"right"``.

Besides the protocol this module holds :class:`PenBase` (shared no-op ``group``),
:class:`ScaledPen` (draws a fixed-size design at any size) and
:class:`RecordingPen` (remembers every call; used by tests and for counting).
"""

from __future__ import annotations

from contextlib import contextmanager, nullcontext
from typing import Any, Callable, Iterator, Protocol, Sequence, runtime_checkable

__all__ = ["Pen", "PenBase", "ScaledPen", "RecordingPen", "Point", "PRIMITIVES"]

Point = tuple[float, float]
Color = str | None
Dash = Sequence[float] | None

#: The drawing primitives of the protocol, in the order documented above.
PRIMITIVES = ("clear", "rect", "circle", "polygon", "line", "text")


@runtime_checkable
class Pen(Protocol):
    """What :func:`draw_board` needs from a back end."""

    def clear(self, fill: str) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Color = None, stroke: Color = None,
             width: float = 1.0, dash: Dash = None, radius: float = 0.0) -> None: ...

    def circle(self, cx: float, cy: float, r: float, *, fill: Color = None, stroke: Color = None,
               width: float = 1.0, dash: Dash = None) -> None: ...

    def polygon(self, points: Sequence[Point], *, fill: Color = None, stroke: Color = None,
                width: float = 1.0, dash: Dash = None) -> None: ...

    def line(self, points: Sequence[Point], *, stroke: Color = "#000000", width: float = 1.0,
             dash: Dash = None) -> None: ...

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None: ...

    def group(self, kind: str, ident: str = "", **attrs: str) -> Any: ...


class PenBase:
    """Shared behaviour: ``group`` and ``part`` do nothing and ``cached`` draws, unless a back end
    overrides them."""

    def cached(self, name: str, inputs: Any, draw: Callable[[], None]) -> None:
        """Draw one piece of the picture, ``draw()``, whose drawing reads nothing but ``inputs``
        (compared with ``==``): a back end that keeps pictures may replay the piece drawn last
        under ``name`` when its inputs are equal (:meth:`dualpowers.widgets.canvas_pen.CanvasPen.cached`)."""
        draw()

    @contextmanager
    def group(self, kind: str, ident: str = "", **attrs: str) -> Iterator[None]:
        yield

    @contextmanager
    def part(self, name: str, x: float, y: float, w: float, h: float,
             cells: Sequence[tuple[float, float, float, float]] | None = None) -> Iterator[None]:
        yield


class ScaledPen(PenBase):
    """Passes every call on to ``pen`` after scaling by ``scale`` and shifting by (dx, dy).

    The board is designed on a fixed grid (``layout.DESIGN_W`` x ``DESIGN_H``); this wrapper draws it at any size.
    """

    def __init__(self, pen: Pen, scale: float, dx: float = 0.0, dy: float = 0.0) -> None:
        self.pen, self.s, self.dx, self.dy = pen, scale, dx, dy

    def _p(self, x: float, y: float) -> Point:
        return (x * self.s + self.dx, y * self.s + self.dy)

    def _d(self, dash: Dash) -> Dash:
        return None if not dash else [d * self.s for d in dash]

    def clear(self, fill: str) -> None:
        self.pen.clear(fill)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Color = None, stroke: Color = None,
             width: float = 1.0, dash: Dash = None, radius: float = 0.0) -> None:
        px, py = self._p(x, y)
        self.pen.rect(px, py, w * self.s, h * self.s, fill=fill, stroke=stroke, width=width * self.s,
                      dash=self._d(dash), radius=radius * self.s)

    def circle(self, cx: float, cy: float, r: float, *, fill: Color = None, stroke: Color = None,
               width: float = 1.0, dash: Dash = None) -> None:
        px, py = self._p(cx, cy)
        self.pen.circle(px, py, r * self.s, fill=fill, stroke=stroke, width=width * self.s, dash=self._d(dash))

    def polygon(self, points: Sequence[Point], *, fill: Color = None, stroke: Color = None,
                width: float = 1.0, dash: Dash = None) -> None:
        self.pen.polygon([self._p(x, y) for x, y in points], fill=fill, stroke=stroke,
                         width=width * self.s, dash=self._d(dash))

    def line(self, points: Sequence[Point], *, stroke: Color = "#000000", width: float = 1.0,
             dash: Dash = None) -> None:
        self.pen.line([self._p(x, y) for x, y in points], stroke=stroke, width=width * self.s, dash=self._d(dash))

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None:
        px, py = self._p(x, y)
        self.pen.text(px, py, text, size=size * self.s, fill=fill, align=align, bold=bold,
                      max_width=None if max_width is None else max_width * self.s)

    def group(self, kind: str, ident: str = "", **attrs: str) -> Any:
        return self.pen.group(kind, ident, **attrs)

    def cached(self, name: str, inputs: Any, draw: Callable[[], None]) -> None:
        inner = getattr(self.pen, "cached", None)     # a back end of the protocol alone has none
        if inner is None:
            draw()
        else:       # (the scale in the inputs: the same piece drawn at another size is another drawing)
            inner(name, (self.s, self.dx, self.dy, inputs), draw)

    def part(self, name: str, x: float, y: float, w: float, h: float,
             cells: Sequence[tuple[float, float, float, float]] | None = None) -> Any:
        inner = getattr(self.pen, "part", None)      # a back end of the protocol alone has none
        if inner is None:
            return nullcontext()
        px, py = self._p(x, y)
        if cells is None:
            return inner(name, px, py, w * self.s, h * self.s)
        return inner(name, px, py, w * self.s, h * self.s,
                     cells=[(*self._p(cx, cy), cw * self.s, ch * self.s) for cx, cy, cw, ch in cells])


class RecordingPen(PenBase):
    """Remembers every call as ``(name, args, kwargs)``; draws nothing.

    ``calls`` lists the primitives in order; ``groups`` lists ``(kind, ident)`` of every
    group entered.  :meth:`counts` gives how often each primitive was used.
    """

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.groups: list[tuple[str, str]] = []

    def _rec(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.calls.append((name, args, kwargs))

    def clear(self, fill: str) -> None:
        self._rec("clear", fill)

    def rect(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        self._rec("rect", x, y, w, h, **kw)

    def circle(self, cx: float, cy: float, r: float, **kw: Any) -> None:
        self._rec("circle", cx, cy, r, **kw)

    def polygon(self, points: Sequence[Point], **kw: Any) -> None:
        self._rec("polygon", list(points), **kw)

    def line(self, points: Sequence[Point], **kw: Any) -> None:
        self._rec("line", list(points), **kw)

    def text(self, x: float, y: float, text: str, **kw: Any) -> None:
        self._rec("text", x, y, text, **kw)

    @contextmanager
    def group(self, kind: str, ident: str = "", **attrs: str) -> Iterator[None]:
        self.groups.append((kind, ident))
        yield

    def counts(self) -> dict[str, int]:
        out = {name: 0 for name in PRIMITIVES}
        for name, _, _ in self.calls:
            out[name] += 1
        return out

    def texts(self) -> list[str]:
        return [args[2] for name, args, _ in self.calls if name == "text"]
