"""Pillow back end: the board as a PNG, without a browser.

Pillow is imported only when a :class:`PillowPen` is made, so the rest of
:mod:`dualpowers.drawing` works without it.  The picture is drawn at
``supersample`` times the size and scaled down, which smooths the edges that
Pillow's ImageDraw leaves jagged.  Text uses Pillow's built-in scalable font
(``ImageFont.load_default(size=...)``), so nothing is downloaded.
"""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..i18n import resolve
from .board import draw_board
from .layout import DESIGN_H, DESIGN_W
from .pen import PRIMITIVES, PenBase, Point

if TYPE_CHECKING:
    from PIL import Image as _Image

    from ..state import State

__all__ = ["PillowPen", "board_png", "board_image"]

_FONTS: dict[float, Any] = {}


#: Fonts with the accented letters of French and Italian ("é", "à", "ç"), tried in order (Debian
#: installs DejaVu with fontconfig, which chromium needs); Pillow's built-in font has none of
#: them (it draws a box), so it is only the last resort.
_FONT_FILES = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "NotoSans-Regular.ttf", "FreeSans.ttf",
               "Vera.ttf", "Arial.ttf")


def _font_file() -> Any:
    """A font file that draws French and Italian letters, or None (Pillow's built-in font)."""
    global _FONT_FILE
    if _FONT_FILE is False:
        from PIL import ImageFont
        _FONT_FILE = None
        candidates: list[Any] = list(_FONT_FILES)
        try:                               # matplotlib, when installed, ships DejaVu Sans
            import matplotlib
            from pathlib import Path
            candidates.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")
        except ImportError:
            pass
        for name in candidates:
            try:
                ImageFont.truetype(str(name), 10)
            except OSError:
                continue
            _FONT_FILE = str(name)
            break
    return _FONT_FILE


_FONT_FILE: Any = False


def _font(size: float) -> Any:
    from PIL import ImageFont
    key = max(4.0, round(size * 2) / 2)
    f = _FONTS.get(key)
    if f is None:
        path = _font_file()
        f = _FONTS[key] = ImageFont.truetype(path, key) if path else ImageFont.load_default(size=key)
    return f


def _dashed(points: Sequence[Point], dash: Sequence[float], closed: bool = False) -> list[list[Point]]:
    """Split a polyline into the "on" pieces of a dash pattern."""
    pts = list(points) + ([points[0]] if closed else [])
    pattern = [max(0.5, d) for d in dash] or [1.0]
    if len(pattern) % 2:
        pattern = pattern * 2
    out: list[list[Point]] = []
    k, left, on = 0, pattern[0], True
    current: list[Point] = [pts[0]]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while seg - pos > 1e-9:
            step = min(left, seg - pos)
            pos += step
            left -= step
            t = pos / seg
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if on:
                current.append(p)
            if left <= 1e-9:
                if on and len(current) > 1:
                    out.append(current)
                on = not on
                k = (k + 1) % len(pattern)
                left = pattern[k]
                current = [p]
    if on and len(current) > 1:
        out.append(current)
    return out


def _circle_points(cx: float, cy: float, r: float) -> list[Point]:
    n = max(16, int(r * 1.2))
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def _round_rect_points(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    out: list[Point] = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for i in range(7):
            a = math.radians(a0 + 15 * i)
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


class PillowPen(PenBase):
    """Draws on a Pillow image of ``width`` x ``height`` pixels.

    ``supersample`` (1, 2, 3 ...) draws at that many times the size first;
    :meth:`image` returns the final, scaled-down picture.
    """

    def __init__(self, width: int = int(DESIGN_W), height: int = int(DESIGN_H), *, supersample: int = 2) -> None:
        from PIL import Image, ImageDraw
        self.width, self.height = int(round(width)), int(round(height))
        self.ss = max(1, int(supersample))
        self.img = Image.new("RGB", (self.width * self.ss, self.height * self.ss), "#ffffff")
        self.draw = ImageDraw.Draw(self.img)
        self.counts = {name: 0 for name in PRIMITIVES}

    # ---------------------------------------------------------------- helpers
    def _w(self, width: float) -> int:
        return max(1, int(round(width * self.ss)))

    def _sp(self, points: Sequence[Point]) -> list[Point]:
        s = self.ss
        return [(x * s, y * s) for x, y in points]

    def _stroke_path(self, pts: Sequence[Point], stroke: str, width: float, dash: Sequence[float] | None,
                     closed: bool) -> None:
        w = self._w(width)
        if dash:
            for piece in _dashed(pts, [d * self.ss for d in dash], closed):
                self.draw.line(piece, fill=stroke, width=w, joint="curve")
        else:
            path = list(pts) + ([pts[0]] if closed else [])
            self.draw.line(path, fill=stroke, width=w, joint="curve")
            if w >= 3:  # round the joints and ends a little, as the other back ends do
                r = w / 2 - 0.5
                for x, y in (path if not closed else path[:-1]):
                    self.draw.ellipse((x - r, y - r, x + r, y + r), fill=stroke)

    # ---------------------------------------------------------------- primitives
    def clear(self, fill: str) -> None:
        self.counts["clear"] += 1
        self.draw.rectangle((0, 0, self.img.width, self.img.height), fill=fill)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             width: float = 1.0, dash: Sequence[float] | None = None, radius: float = 0.0) -> None:
        self.counts["rect"] += 1
        s = self.ss
        box = (x * s, y * s, (x + w) * s, (y + h) * s)
        if box[2] - box[0] < 0.5 or box[3] - box[1] < 0.5:
            return
        r = max(0.0, min(radius * s, (box[2] - box[0]) / 2, (box[3] - box[1]) / 2))
        if fill:
            if r:
                self.draw.rounded_rectangle(box, radius=r, fill=fill)
            else:
                self.draw.rectangle(box, fill=fill)
        if stroke:
            if dash:
                self._stroke_path(_round_rect_points(*box[:2], box[2] - box[0], box[3] - box[1], r),
                                  stroke, width, dash, closed=True)
                return
            lw = self._w(width)
            half = lw / 2
            outer = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            if r:
                self.draw.rounded_rectangle(outer, radius=r + half, outline=stroke, width=lw)
            else:
                self.draw.rectangle(outer, outline=stroke, width=lw)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["circle"] += 1
        s = self.ss
        x, y, rr = cx * s, cy * s, r * s
        if fill:
            self.draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill)
        if stroke:
            if dash:
                self._stroke_path(_circle_points(x, y, rr), stroke, width, dash, closed=True)
                return
            lw = self._w(width)
            ro = rr + lw / 2
            self.draw.ellipse((x - ro, y - ro, x + ro, y + ro), outline=stroke, width=lw)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self.counts["polygon"] += 1
        pts = self._sp(points)
        if len(pts) < 3:
            return
        if fill:
            self.draw.polygon(pts, fill=fill)
        if stroke:
            self._stroke_path(pts, stroke, width, dash, closed=True)

    def line(self, points: Sequence[Point], *, stroke: str | None = "#000000", width: float = 1.0,
             dash: Sequence[float] | None = None) -> None:
        self.counts["line"] += 1
        if not stroke or len(points) < 2:
            return
        self._stroke_path(self._sp(points), stroke, width, dash, closed=False)

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000000",
             align: str = "left", bold: bool = False, max_width: float | None = None) -> None:
        self.counts["text"] += 1
        s = self.ss
        anchor = {"left": "lm", "center": "mm", "right": "rm"}.get(align, "lm")
        font = _font(size * s)
        stroke = max(1, round(size * s / 26)) if bold else 0
        if max_width is not None:
            room = max_width * s
            wide = font.getlength(text) + 2 * stroke
            if wide > room > 0:  # no squeezing in Pillow: use a smaller size instead
                font = _font(size * s * room / wide)
        self.draw.text((x * s, y * s), text, fill=fill, font=font, anchor=anchor,
                       stroke_width=stroke, stroke_fill=fill if bold else None)

    # ---------------------------------------------------------------- results
    def image(self) -> "_Image.Image":
        if self.ss == 1:
            return self.img
        if self.img.width % self.ss == 0 and self.img.height % self.ss == 0:
            return self.img.reduce(self.ss)
        from PIL import Image
        return self.img.resize((self.width, self.height), Image.Resampling.LANCZOS)

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.image().save(buf, format="PNG", optimize=False, compress_level=1)
        return buf.getvalue()


def board_image(state: "State", *, highlight: Any = None, width: int = int(DESIGN_W), height: int = int(DESIGN_H),
                supersample: int = 2, lang: str | None = None, conceal: Any = (),
              markers: Mapping[int, str] | None = None, turn: bool = True) -> "_Image.Image":
    """The board for ``state`` as a Pillow image, its words in ``lang`` (default: the current language)."""
    lang = resolve(lang)
    pen = PillowPen(width, height, supersample=supersample)
    draw_board(pen, state, highlight=highlight, width=pen.width, height=pen.height, lang=lang, conceal=conceal,
               markers=markers, turn=turn)
    return pen.image()


def board_png(state: "State", *, highlight: Any = None, width: int = int(DESIGN_W), height: int = int(DESIGN_H),
              supersample: int = 2, lang: str | None = None, conceal: Any = (),
              markers: Mapping[int, str] | None = None, turn: bool = True) -> bytes:
    """The board for ``state`` as PNG bytes (``width`` x ``height`` pixels), its words in ``lang``
    (default: the current language)."""
    lang = resolve(lang)
    pen = PillowPen(width, height, supersample=supersample)
    draw_board(pen, state, highlight=highlight, width=pen.width, height=pen.height, lang=lang, conceal=conceal,
               markers=markers, turn=turn)
    return pen.png()
