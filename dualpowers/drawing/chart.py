"""A win-rate chart with confidence intervals, drawn through the same pens as the board.

Used by the difficulty notebook: win rate (y, 0..100 %) against a category on x
(the solo difficulty), one line per series (a policy and faction), each point with
its 95 % interval as an error bar.  The chart can be read without colour: no two
series share both marker and line style, and when the points say which two things a
series combines (``marker``: e.g. the policy, ``line``: e.g. the faction), every
``marker`` value has its own marker shape and colour (a palette safe for colour-blind
readers, Okabe and Ito's) and every ``line`` value its own line style (solid, dashed,
...; the markers of the second are drawn open), so a reader finds a policy by its
marker and a faction by its line; the legend shows both beside each name.

    svg = win_rate_svg(points, title="Solo win rate by difficulty")

``points`` is a sequence of mappings (or a pandas DataFrame) with the keys
``series``, ``x``, ``rate``, ``low`` and ``high`` (rates as fractions 0..1), and
optionally ``marker`` and ``line``.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

from ..i18n import resolve
from ..text import translator
from .layout import text_width
from .pen import Pen
from .svg import SvgPen

__all__ = ["draw_win_rates", "win_rate_svg", "series_styles", "ChartError", "MARKERS", "DASHES", "SERIES_STYLES"]

#: (colour, marker) per ``marker`` value (or per series), in order: Okabe and Ito's colours.
MARKERS: tuple[tuple[str, str], ...] = (
    ("#0072b2", "circle"),
    ("#d55e00", "square"),
    ("#009e73", "triangle"),
    ("#cc79a7", "diamond"),
    ("#e69f00", "triangle-down"),
    ("#56b4e9", "pentagon"),
    ("#000000", "cross"),
)
#: Line dash per ``line`` value, in order (None: solid).
DASHES: tuple[tuple[float, ...] | None, ...] = (None, (7.0, 4.0), (2.0, 3.0), (9.0, 3.0, 2.0, 3.0))
#: (colour, marker, dash) of the series when the points do not say ``marker`` and ``line``:
#: every marker with every dash, so that no two of the first 28 series look alike.
SERIES_STYLES: tuple[tuple[str, str, tuple[float, ...] | None], ...] = tuple(
    (colour, marker, dash) for dash in DASHES for colour, marker in MARKERS)

REQUIRED = ("series", "x", "rate", "low", "high")


class ChartError(ValueError):
    """The data cannot be charted (a missing column, a rate outside 0..1)."""


def _rows(points: Any) -> list[Mapping[str, Any]]:
    if hasattr(points, "to_dict"):               # a pandas DataFrame
        points = points.to_dict("records")
    rows = list(points)
    for i, row in enumerate(rows):
        missing = [k for k in REQUIRED if k not in row]
        if missing:
            raise ChartError(f"point {i} lacks {', '.join(missing)} (needs {', '.join(REQUIRED)})")
        for k in ("rate", "low", "high"):
            if not 0.0 <= float(row[k]) <= 1.0:
                raise ChartError(f"point {i}: {k} = {row[k]!r} is not a fraction between 0 and 1")
        if not float(row["low"]) <= float(row["rate"]) <= float(row["high"]):
            raise ChartError(f"point {i}: the interval {row['low']}..{row['high']} does not contain {row['rate']}")
    return rows


def _marker(pen: Pen, kind: str, x: float, y: float, colour: str, r: float = 5.0) -> None:
    open_ = kind.endswith("-open")
    fill = "#ffffff" if open_ else colour
    shape = kind.removesuffix("-open")
    if shape == "circle":
        pen.circle(x, y, r, fill=fill, stroke=colour, width=2)
    elif shape == "square":
        pen.rect(x - r, y - r, 2 * r, 2 * r, fill=fill, stroke=colour, width=2)
    elif shape == "triangle":
        pen.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=fill, stroke=colour, width=2)
    elif shape == "triangle-down":
        pen.polygon([(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)], fill=fill, stroke=colour, width=2)
    elif shape == "pentagon":
        pen.polygon([(x + (r + 1) * math.sin(2 * math.pi * k / 5), y - (r + 1) * math.cos(2 * math.pi * k / 5))
                     for k in range(5)], fill=fill, stroke=colour, width=2)
    elif shape == "cross":
        a = r * 0.45
        pen.polygon([(x - a, y - r), (x + a, y - r), (x + a, y - a), (x + r, y - a), (x + r, y + a), (x + a, y + a),
                     (x + a, y + r), (x - a, y + r), (x - a, y + a), (x - r, y + a), (x - r, y - a), (x - a, y - a)],
                    fill=fill, stroke=colour, width=2)
    else:  # diamond
        pen.polygon([(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], fill=fill, stroke=colour, width=2)


def series_styles(rows: Sequence[Mapping[str, Any]]) -> dict[str, tuple[str, str, tuple[float, ...] | None]]:
    """(colour, marker, dash) of every series, in order of first appearance (see the module docstring)."""
    series = list(dict.fromkeys(str(r["series"]) for r in rows))
    if rows and all("marker" in r and "line" in r for r in rows):
        first = {str(r["series"]): r for r in reversed(rows)}
        marks = list(dict.fromkeys(str(r["marker"]) for r in rows))
        lines = list(dict.fromkeys(str(r["line"]) for r in rows))
        combos = {(str(first[name]["marker"]), str(first[name]["line"])) for name in series}
        if len(combos) == len(series):           # each series is one marker value with one line value
            out = {}
            for name in series:
                m, ln = marks.index(str(first[name]["marker"])), lines.index(str(first[name]["line"]))
                colour, marker = MARKERS[m % len(MARKERS)]
                out[name] = (colour, marker + ("-open" if ln % 2 else ""), DASHES[ln % len(DASHES)])
            return out
    return {name: SERIES_STYLES[i % len(SERIES_STYLES)] for i, name in enumerate(series)}


def draw_win_rates(pen: Pen, points: Iterable[Mapping[str, Any]] | Any, *, title: str = "",
                   x_label: str | None = None, width: float = 720, height: float = 420,
                   lang: str | None = None) -> None:
    """Draw the chart through ``pen`` (any back end of :mod:`dualpowers.drawing.pen`); the
    axis in ``lang`` (default: the current language), percentages in its form (Babel)."""
    from babel.numbers import format_percent
    lang = resolve(lang)
    _ = translator(lang)
    if x_label is None:
        x_label = _("difficulty X")
    rows = _rows(points)
    xs: list[Any] = sorted({r["x"] for r in rows}, key=lambda v: (str(type(v)), v))
    series: list[str] = list(dict.fromkeys(str(r["series"]) for r in rows))
    # the legend column is as wide as its longest line (translated names are longer), within reason
    legend = max((text_width(name, 12) for name in series), default=0.0)
    left, right, top, bottom = 60.0, min(max(190.0, legend + 72.0), width * 0.45), 40.0, 50.0
    pw, ph = width - left - right, height - top - bottom
    pen.clear("#ffffff")
    if title:
        pen.text(left, 18, title, size=15, bold=True, max_width=width - left - 10)

    def px(x: Any) -> float:
        i = xs.index(x)
        return left + (i + 0.5) * pw / max(len(xs), 1)

    def py(rate: float) -> float:
        return top + ph * (1.0 - rate)

    for pct in range(0, 101, 20):                       # grid and y axis
        y = py(pct / 100)
        pen.line([(left, y), (left + pw, y)], stroke="#dddddd", width=1)
        pen.text(left - 8, y, format_percent(pct / 100, locale=lang), size=11, align="right", fill="#444444")
    pen.line([(left, top), (left, top + ph), (left + pw, top + ph)], stroke="#333333", width=1.5)
    for x in xs:
        pen.text(px(x), top + ph + 16, str(x), size=12, align="center")
    pen.text(left + pw / 2, height - 12, x_label, size=12, align="center", fill="#444444")
    pen.line([(left, py(0.5)), (left + pw, py(0.5))], stroke="#999999", width=1, dash=(3, 3))

    n = max(len(series), 1)
    styles = series_styles(rows)
    for i, name in enumerate(series):
        colour, marker, dash = styles[name]
        offset = (i - (n - 1) / 2) * min(8.0, pw / max(len(xs), 1) / (n + 1))   # keep error bars apart
        mine = sorted((r for r in rows if str(r["series"]) == name), key=lambda r: xs.index(r["x"]))
        pts = [(px(r["x"]) + offset, py(float(r["rate"]))) for r in mine]
        with pen.group("series", name):
            if len(pts) > 1:
                pen.line(pts, stroke=colour, width=2, dash=dash)
            for r, (x, y) in zip(mine, pts):
                lo, hi = py(float(r["low"])), py(float(r["high"]))
                pen.line([(x, lo), (x, hi)], stroke=colour, width=1.5)
                pen.line([(x - 4, lo), (x + 4, lo)], stroke=colour, width=1.5)
                pen.line([(x - 4, hi), (x + 4, hi)], stroke=colour, width=1.5)
                _marker(pen, marker, x, y, colour)
        ly = top + 10 + i * 22                           # legend: marker, dash and name
        lx = left + pw + 16
        pen.line([(lx, ly), (lx + 36, ly)], stroke=colour, width=2, dash=dash)
        _marker(pen, marker, lx + 18, ly, colour, r=4)
        pen.text(lx + 44, ly, name, size=12, max_width=right - 64)


def win_rate_svg(points: Sequence[Mapping[str, Any]] | Any, *, title: str = "", x_label: str | None = None,
                 width: float = 720, height: float = 420, lang: str | None = None) -> str:
    """The chart as an SVG document (shows in notebooks and on GitHub without a kernel)."""
    _ = translator(resolve(lang))
    pen = SvgPen(width, height)
    draw_win_rates(pen, points, title=title, x_label=x_label, width=width, height=height, lang=lang)
    return pen.svg(title=title or _("win rates"))
