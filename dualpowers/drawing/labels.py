"""The layout boxes of everything written on the board, to check that every word is readable.

:class:`LabelPen` is a back end that draws nothing: it records, in drawing order,
the box each text takes (from :func:`~dualpowers.drawing.layout.text_width`, the
font size and the alignment, never wider than ``max_width``) and the box of each
filled shape.  :func:`label_problems` then lists

* two labels whose boxes overlap (one word written over another);
* a label covered by a filled shape drawn after it (a highlight ring, a badge or a
  token over a word);
* a label smaller than a minimum size (in picture pixels), measured as drawn: a
  text squeezed to fit ``max_width`` counts at its squeezed size.

A few pairs are meant to touch and are not reported: a label over the shape it is
written on (the shape is drawn first), and a token's strength inside its token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .layout import text_width
from .pen import PenBase, Point

__all__ = ["Label", "Shape", "LabelPen", "label_problems", "board_labels", "text_box"]


@dataclass(frozen=True)
class Label:
    """One piece of text: its box (x0, y0, x1, y1), size as drawn and the drawing step it came at.

    ``size`` is the effective size: the font size times how much the text was squeezed
    to fit its ``max_width`` (1 when it fits); ``nominal`` is the font size asked for.
    """

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    order: int
    group: str
    nominal: float = 0.0

    def overlaps(self, other: "Label | Shape", pad: float = 0.0) -> bool:
        return (self.x0 + pad < other.x1 and other.x0 + pad < self.x1
                and self.y0 + pad < other.y1 and other.y0 + pad < self.y1)


@dataclass(frozen=True)
class Shape:
    """A filled shape's bounding box, drawing step and the group it belongs to."""

    x0: float
    y0: float
    x1: float
    y1: float
    order: int
    group: str
    fill: str


def text_box(x: float, y: float, text: str, *, size: float = 12.0, align: str = "left", bold: bool = False,
             max_width: float | None = None) -> tuple[tuple[float, float, float, float], float]:
    """The box a line of text takes as the back ends draw it, (x0, y0, x1, y1), and its size as
    drawn: the pen primitive ``text``'s arguments, its width from :func:`text_width`."""
    w = text_width(text, size, bold)
    effective = size
    if max_width is not None and w > max_width:
        # the back ends squeeze a line that is too wide: it is drawn this much smaller
        effective = size * max(max_width, 0.0) / w
        w = max_width
    x0 = x - w / 2 if align == "center" else (x - w if align == "right" else x)
    # the ink of a line of text: about 0.8 of the size around its middle
    return (x0, y - size * 0.4, x0 + w, y + size * 0.4), effective


class LabelPen(PenBase):
    """Records label and filled-shape boxes in drawing order (draws nothing)."""

    def __init__(self) -> None:
        self.labels: list[Label] = []
        self.shapes: list[Shape] = []
        self._order = 0
        self._groups: list[str] = []

    def _next(self) -> int:
        self._order += 1
        return self._order

    @property
    def _group(self) -> str:
        return "/".join(self._groups)

    def _shape(self, x0: float, y0: float, x1: float, y1: float, fill: str | None) -> None:
        if fill:
            self.shapes.append(Shape(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), self._next(),
                                     self._group, fill))
        else:
            self._next()

    def clear(self, fill: str) -> None:
        self.labels.clear()
        self.shapes.clear()

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, **_: Any) -> None:
        self._shape(x, y, x + w, y + h, fill)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, **_: Any) -> None:
        self._shape(cx - r, cy - r, cx + r, cy + r, fill)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, **_: Any) -> None:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if xs:
            self._shape(min(xs), min(ys), max(xs), max(ys), fill)

    def line(self, points: Sequence[Point], **_: Any) -> None:
        self._next()

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, align: str = "left", bold: bool = False,
             max_width: float | None = None, **_: Any) -> None:
        (x0, y0, x1, y1), effective = text_box(x, y, text, size=size, align=align, bold=bold, max_width=max_width)
        self.labels.append(Label(text, x0, y0, x1, y1, effective, self._next(), self._group, size))

    def group(self, kind: str, ident: str = "", **attrs: str) -> Any:
        pen = self

        class _G:
            def __enter__(self) -> None:
                pen._groups.append(f"{kind}:{ident}" if ident else kind)

            def __exit__(self, *exc: Any) -> None:
                pen._groups.pop()

        return _G()


def _same_token(a: Label, b: Label | Shape) -> bool:
    """A token's strength written inside its own token (same token group)."""
    return a.group.startswith("map") and a.group == b.group and "token:" in a.group


def label_problems(pen: LabelPen, *, min_size: float = 0.0, pad: float = 0.5) -> list[str]:
    """Overlapping labels, labels covered by a later filled shape, labels below ``min_size``."""
    problems: list[str] = []
    labels = [lb for lb in pen.labels if lb.text.strip() and lb.x1 > lb.x0]
    for lb in labels:
        if lb.size + 1e-9 < min_size:
            squeezed = f", squeezed from {lb.nominal:.1f}" if lb.nominal > lb.size + 1e-9 else ""
            problems.append(f"{lb.text!r} ({lb.group}) is {lb.size:.1f} px as drawn{squeezed} (< {min_size:.1f})")
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if a.overlaps(b, pad) and not _same_token(a, b):
                problems.append(f"{a.text!r} ({a.group}) overlaps {b.text!r} ({b.group})")
    for lb in labels:
        for sh in pen.shapes:
            if sh.order > lb.order and lb.overlaps(sh, pad) and not _same_token(lb, sh):
                problems.append(f"{lb.text!r} ({lb.group}) is covered by a {sh.fill} shape ({sh.group})")
    return problems


def board_labels(state: Any, *, highlight: Any = None, lang: str = "en", tall: bool = False) -> LabelPen:
    """The label boxes of the board drawn for ``state`` (design units); ``tall``: the tall board
    (a phone's, :data:`~dualpowers.drawing.layout.TALL_W`), else the wide one."""
    from .board import draw_board
    from .layout import DESIGN_H, DESIGN_W, TALL_H, TALL_W
    pen = LabelPen()
    width, height = (TALL_W, TALL_H) if tall else (DESIGN_W, DESIGN_H)
    draw_board(pen, state, highlight=highlight, lang=lang, width=width, height=height)
    return pen

