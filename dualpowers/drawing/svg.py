"""SVG back end: a static picture of the board as a string.

``board_svg(state)`` is the picture notebooks show for a bare ``State``
(``State._repr_svg_`` calls it).  Each part of the board is an SVG group with a
``class`` (``region``, ``token``, ``connection``, ``blockade``, ``calendar``,
``will``, ``score``, ``card`` ...) and a ``data-id``, so the picture can be
inspected or styled.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..i18n import resolve
from .board import draw_board
from .layout import DESIGN_H, DESIGN_W, text_width
from .pen import PRIMITIVES, PenBase, Point

if TYPE_CHECKING:
    from ..state import State

__all__ = ["SvgPen", "board_svg", "Picture"]

FONT = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points: Sequence[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _style(fill: str | None, stroke: str | None, width: float, dash: Sequence[float] | None) -> str:
    out = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke:
        out.append(f'stroke="{stroke}" stroke-width="{_n(width)}"')
        if dash:
            out.append(f'stroke-dasharray="{" ".join(_n(d) for d in dash)}"')
    return " ".join(out)


class SvgPen(PenBase):
    """Collects SVG elements; :meth:`svg` returns the finished document."""

    def __init__(self, width: float = DESIGN_W, height: float = DESIGN_H) -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []
        self.counts = {name: 0 for name in PRIMITIVES}

    def clear(self, fill: str) -> None:
        self.counts["clear"] += 1
        self.parts.clear()
        self.parts.append(f'<rect x="0" y="0" width="{_n(self.width)}" height="{_n(self.height)}" fill="{fill}"/>')

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             width: float = 1.0, dash: Sequence[float] | None = None, radius: float = 0.0) -> None:
        self.counts["rect"] += 1
        r = f' rx="{_n(radius)}"' if radius else ""
        self.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{r} '
                          f'{_style(fill, stroke, width, dash)}/>')

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["circle"] += 1
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" {_style(fill, stroke, width, dash)}/>')

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["polygon"] += 1
        self.parts.append(f'<polygon points="{_pts(points)}" stroke-linejoin="round" '
                          f'{_style(fill, stroke, width, dash)}/>')

    def line(self, points: Sequence[Point], *, stroke: str | None = "#000000", width: float = 1.0,
             dash: Sequence[float] | None = None) -> None:
        self.counts["line"] += 1
        self.parts.append(f'<polyline points="{_pts(points)}" stroke-linecap="round" stroke-linejoin="round" '
                          f'{_style(None, stroke, width, dash)}/>')

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None:
        self.counts["text"] += 1
        anchor = {"left": "start", "center": "middle", "right": "end"}.get(align, "start")
        weight = ' font-weight="bold"' if bold else ""
        if max_width is not None and text_width(text, size, bold) > max_width:
            # SVG cannot measure: squeeze when the (generous) estimate says it is too wide
            weight += f' textLength="{_n(max_width)}" lengthAdjust="spacingAndGlyphs"'
        # dominant-baseline is not honoured everywhere: shift by a third of the size instead
        self.parts.append(f'<text x="{_n(x)}" y="{_n(y + size * 0.35)}" font-size="{_n(size)}"{weight} '
                          f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')

    @contextmanager
    def group(self, kind: str, ident: str = "", **attrs: str) -> Iterator[None]:
        extra = "".join(f" data-{k.replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items())
        ident_attr = f" data-id={quoteattr(ident)}" if ident else ""
        cls = kind + (f" {attrs['side']}" if "side" in attrs else "")
        self.parts.append(f'<g class={quoteattr(cls)}{ident_attr}{extra}>')
        try:
            yield
        finally:
            self.parts.append("</g>")

    def svg(self, title: str = "") -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" height="{_n(self.height)}" '
                f'viewBox="0 0 {_n(self.width)} {_n(self.height)}" font-family={quoteattr(FONT)} role="img">')
        t = f"<title>{escape(title)}</title>" if title else ""
        return head + t + "".join(self.parts) + "</svg>"


class Picture:
    """An SVG picture for a notebook that shows before the notebook is trusted.

    JupyterLab does not render an ``image/svg+xml`` output of a notebook it does not trust
    (every notebook opened from disk before it has run): it shows the text fallback
    instead.  A picture is therefore also given as HTML holding an ``<img>`` with a
    ``data:`` URI, which the sanitizer keeps.  Pure Python: IPython calls
    ``_repr_mimebundle_``; nothing here imports Jupyter.
    """

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        import base64
        import re
        from html import escape, unescape
        title = re.search(r"<title>(.*?)</title>", self.svg, re.S)
        alt = escape(unescape(title.group(1))) if title else ""
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        html = f"<img src='data:image/svg+xml;base64,{data}' alt='{alt}' style='max-width: 100%; height: auto'>"
        return {"text/html": html, "image/svg+xml": self.svg, "text/plain": unescape(title.group(1)) if title else ""}


def board_svg(state: "State", *, highlight: Any = None, width: float = DESIGN_W, height: float = DESIGN_H,
              lang: str | None = None, conceal: Any = (),
              markers: Mapping[int, str] | None = None, turn: bool = True) -> str:
    """The board for ``state`` as an SVG document (a string), its words in ``lang``
    (default: the current language, :func:`dualpowers.i18n.current_language`).

    ``highlight``: see :func:`dualpowers.drawing.board.normalize_highlight`.
    """
    lang = resolve(lang)
    pen = SvgPen(width, height)
    draw_board(pen, state, highlight=highlight, width=width, height=height, lang=lang, conceal=conceal,
               markers=markers, turn=turn)
    return pen.svg(title=_title(state, lang))


def _title(state: "State", lang: str = "en") -> str:
    from .. import names
    from ..text import translator
    _ = translator(lang)
    date = names.date(state.month_name, state.day, lang)
    if state.mode == "solo":
        return _("Dual Powers board (solo), round {number}, {date}", number=state.round, date=date)
    return _("Dual Powers board (two-player), round {number}, {date}", number=state.round, date=date)
