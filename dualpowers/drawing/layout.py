"""Where everything goes on the drawn board.

The board is designed on a fixed grid of ``DESIGN_W`` x ``DESIGN_H`` (900 x 740)
units; :class:`Layout` holds the geometry in those units plus the scale and
offset that map them to the pixels of a picture of any size.  Region boxes are
placed from the component data (``Region.position``, 0..1 on the map) and pushed
apart if they would overlap, so a components file with other positions still
gives a readable map.

The same :class:`Layout` serves the drawing (:mod:`dualpowers.drawing.board`)
and the hit-testing of mouse clicks (:meth:`Layout.hit_test`), so a click always
lands on what was drawn there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from ..i18n import N_, NP_

if TYPE_CHECKING:
    from ..components import Components
    from ..state import State

__all__ = ["BARRIER_HALF_LEN", "BARRIER_HALF_TH", "DESIGN_W", "DESIGN_H", "TALL_W", "TALL_H", "is_tall", "TEXT", "MIN_TEXT", "MIN_CSS_TEXT", "BOARD_MIN_CSS_WIDTH", "Box", "RegionGeom",
           "TokenSlot", "Layout", "layout_for", "text_width", "token_caption_width"]

DESIGN_W, DESIGN_H = 900.0, 740.0
#: The blockade's barrier: half its length across the road and half its thickness along it
#: (design units; 44 x 16, 28 x 10 CSS px on the board of 1280x720: it was 34 x 12, issue 33).
BARRIER_HALF_LEN, BARRIER_HALF_TH = 22.0, 8.0

#: The tall board (a phone, or a board narrower than ``BOARD_MIN_CSS_WIDTH`` CSS px): the same
#: map, with the side column under it in two columns, the track and the played cards under that,
#: on a grid of ``TALL_W`` x ``TALL_H`` units.  Narrower than the wide board (652 units against
#: 900), so every word is 1.38 times larger on a board of the same width: on a 390 px phone the
#: board is about 358 CSS px wide and its smallest words about 9.6 CSS px (docs/architecture.md).
TALL_W, TALL_H = 652.0, 1178.0
Point = tuple[float, float]


def is_tall(width: float, height: float) -> bool:
    """Is a picture of ``width`` x ``height`` drawn as the tall board (:data:`TALL_W`)?  Any
    picture at least 1.3 times as tall as it is wide is (the wide board is 0.82)."""
    return height >= 1.3 * width

# ---------------------------------------------------------------------- legibility
# One relation decides every text size on the board (issue 9: at least 11 CSS px):
#
#     smallest text (design units) = MIN_CSS_TEXT * DESIGN_W / BOARD_MIN_CSS_WIDTH
#
#: The narrowest the screen layout (dualpowers.widgets.screen) draws the board, in CSS px:
#: 1280x720 with JupyterLab's file browser open gives it 586; 10 px are kept in hand
#: (a scroll bar, a wider sidebar).  The board is never taller than the window allows
#: (``board_max_width`` in screen.py), which at 1280x720 is wider than this.
BOARD_MIN_CSS_WIDTH = 576.0
#: The smallest text a person must be able to read on the board, in CSS px at 100% zoom.
MIN_CSS_TEXT = 11.0
#: The smallest text drawn, in design units (17.2): every word on the board is at least
#: this size *as drawn*, after any squeezing to a maximum width.
MIN_TEXT = MIN_CSS_TEXT * DESIGN_W / BOARD_MIN_CSS_WIDTH
#: The size of every ordinary word on the board (captions, counts, notes), design units.
TEXT = math.ceil(MIN_TEXT * 2) / 2

# Token cells inside a region box (design units).  A cell is as wide as its caption
# (a unit's id, a leader's name) needs; a row of cells is ROW_H high.
TOKEN_R = 11.5
ROW_H = 42.0
CAPTION_SIZE = TEXT
HEADER_H, FOOTER_H, PAD = 26.0, 26.0, 4.0
REGION_W = 200.0
REGION_H = HEADER_H + 3 * ROW_H + FOOTER_H + 2 * PAD    # three rows of tokens
REGION_GAP = 14.0
#: The side column's width (on the tall board, each of its two columns).
SIDE_W = 238.0
#: A line of the played cards' row.
ROW_LINE_H = 36.0
#: The reserve in the side column: its title line, and the room kept under its tokens for the
#: other lines (the Opposition's supply or the other side's reserve).
RESERVE_TITLE_H, RESERVE_TEXT_H = 20.0, 40.0
CELL_GAP = 5.0
#: The calendar's month spaces, two rows of three: their widths' shares (a two-month space is wider).
MONTH_WEIGHTS = ((9, 9, 5), (7, 7, 9))
#: The played-cards row's title, two lines (solo / two-player).
CARDS_TITLES = {"solo": (N_("OPPOSITION'S"), N_("CARDS, IN ORDER")), "two-player": (N_("PLAYED THIS"), N_("ROUND"))}


# Advance widths (thousandths of the font size) of the printable ASCII characters in
# DejaVu Sans and DejaVu Sans Bold: the widest of the usual sans-serif fonts, so an
# estimate made with them errs on the safe side.
_WIDTHS_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
_WIDTHS_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
    683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771,
    724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665,
    343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A back-end independent (slightly generous) estimate of the width of a line of text."""
    table = _WIDTHS_BOLD if bold else _WIDTHS_REGULAR
    total = 0
    for ch in text:
        o = ord(ch) - 32
        total += table[o] if 0 <= o < len(table) else 700
    return total * size / 1000.0


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in design units."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def contains(self, px: float, py: float, pad: float = 0.0) -> bool:
        return self.x - pad <= px <= self.right + pad and self.y - pad <= py <= self.bottom + pad

    def inset(self, dx: float, dy: float | None = None) -> "Box":
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)


@dataclass(frozen=True)
class RegionGeom:
    """A region box: its header (icon and label), token area and footer (strengths)."""

    name: str
    box: Box
    header: Box
    tokens: Box
    footer: Box


@dataclass(frozen=True)
class TokenSlot:
    """Where one token is drawn: centre, radius and caption (size 0: no caption).

    ``caption_w`` is the width of the plate the caption is written on; ``number`` is
    False when the token is drawn too small to carry its strength (a crowded region).
    """

    id: str
    x: float
    y: float
    r: float
    caption_y: float
    caption_size: float
    caption_w: float = 0.0
    number: bool = True


@dataclass(frozen=True)
class CardSlot:
    """A small card in the bottom row (played cards)."""

    id: str
    box: Box
    side: str
    #: the level of the unit the card places, drawn at the chip's right end (an Opposition's
    #: command card, R-SOLO-OPP-TURN); 0: none
    level: int = 0


def token_caption(comp: "Components", token: str, lang: str) -> str:
    """What is written under a token: a unit's short name ("W3", French "B3"), a leader's (or Trotsky's) name."""
    from .. import names
    spec = comp.tokens.get(token)
    if spec is None:      # not a token of these components: its id
        return token
    if spec.kind == "trotsky":
        return names.token("Trotsky", lang)
    return names.token(spec.id, lang)


@lru_cache(maxsize=512)
def _widest(comp: "Components", kind: str, ident: str, size: float, bold: bool) -> float:
    from .. import names
    from ..i18n import LANGUAGES
    if kind == "token":
        texts = [token_caption(comp, ident, lang) for lang in LANGUAGES]
    else:
        texts = [card_chip_text(comp, ident, lang) for lang in LANGUAGES]
    return max(text_width(t, size, bold) for t in texts)


#: Room for the region icon on a command card's chip in the played-cards row.
CHIP_ICON_W = 20.0
#: Room at a chip's right end for the Opposition unit its card places (its level in its glyph).
CHIP_LEVEL_W = 22.0


#: A played second copy's chip: its day number and which copy, without the id's internal suffix.
CHIP_SECOND_COPY = NP_("card chip", "{days} (2nd)")


def card_chip_text(comp: "Components", card: str, lang: str) -> str:
    """What a played card's chip says: a command card its day number, and for a second copy which
    one ("5", "5 (2nd)", French "5 (2e)"; the chip has the region's colour and icon), a leader card
    the leader's name."""
    from .. import names
    from ..i18n import pgettext
    if card in comp.cards:
        days = card.partition("-")[2] or card
        if days[-1:] == "b" and days[:-1].isdigit():
            return pgettext(*CHIP_SECOND_COPY, lang).format(days=days[:-1])
        return days
    return names.card(card, lang)


def token_caption_width(comp: "Components", token: str) -> float:
    """The width of a token's caption in its widest language, so a token's place on the
    board (and a click's target) does not depend on the language it is drawn in."""
    return _widest(comp, "token", token, CAPTION_SIZE, False)


def card_chip_width(comp: "Components", card: str) -> float:
    """The width of a played card's chip (cards row), in the widest language."""
    icon = CHIP_ICON_W if card in comp.cards else 0.0
    return icon + _widest(comp, "card", card, TEXT, False) + 12


class Layout:
    """Geometry of the board for one set of components and one picture size.

    Everything is in design units (``DESIGN_W`` x ``DESIGN_H``); ``scale``, ``dx`` and ``dy``
    map design units to pixels: ``px = x * scale + dx``.  Use :func:`layout_for` to get a
    cached one.
    """

    def __init__(self, comp: "Components", width: float = DESIGN_W, height: float = DESIGN_H) -> None:
        self.comp = comp
        self.width, self.height = float(width), float(height)
        #: drawn as the tall board (a phone): :data:`TALL_W` x :data:`TALL_H` design units
        self.tall = tall = is_tall(self.width, self.height)
        self.design_w, self.design_h = (TALL_W, TALL_H) if tall else (DESIGN_W, DESIGN_H)
        self.scale = min(self.width / self.design_w, self.height / self.design_h)
        self.dx = (self.width - self.design_w * self.scale) / 2
        self.dy = (self.height - self.design_h * self.scale) / 2

        # The big areas: status line; map and side column; support track; played cards.
        self.status = Box(0, 0, self.design_w, 34)
        self.map = Box(6, 40, 640, 590)
        if tall:
            # the side column under the map, in two columns (calendar and Will; tiles and reserve);
            # then the track, with a line under its spaces for the objectives face up; then the
            # played cards, on as many as three lines
            self.panel = Box(6, 642, 640, 317)
            self.track = Box(6, 967, 640, 82)
            self.row = Box(6, 1055, 640, 3 * ROW_LINE_H)
        else:
            self.panel = Box(656, 40, 238, 590)
            self.track = Box(6, 636, 888, 58)
            self.row = Box(6, 700, 888, ROW_LINE_H)
        #: where an objective face up is drawn: on the track's title line, or under its spaces
        self.objectives_top = self.track.bottom - 22 if tall else self.track.y
        #: The picture's parts and the tile each draws in, with everything it draws (highlight
        #: rings included): tiles that cover the picture without overlapping, so a live board
        #: redraws a part alone (:func:`~dualpowers.drawing.board.draw_board`,
        #: ``widgets/canvas_pen.py``).  The seams lie between what the parts draw: the map's
        #: boxes end at x 647 and the calendar's ring starts at 648.5; the map and the reserves'
        #: ring end at y 630 and the track's ring starts at 631.5; the track's ring ends at y
        #: 696.5 and the cards' ring starts at 699.  The tiles at the picture's edges reach the
        #: canvas' edges (a ring may pass the design's edge by a stroke's width).
        #: tests/test_drawing.py draws many positions in every language to check that nothing is
        #: drawn outside its tile.
        left, top = -self.dx / self.scale, -self.dy / self.scale
        right, bottom = (self.width - self.dx) / self.scale, (self.height - self.dy) / self.scale
        below_status = self.status.bottom
        if tall:        # one above the other: map, side column, track, cards
            map_end, track_top, row_top = 636.0, 961.75, 1052.75
            self.parts: dict[str, Box] = {
                "status": Box(left, top, right - left, below_status - top),
                "map": Box(left, below_status, right - left, map_end - below_status),
                "panel": Box(left, map_end, right - left, track_top - map_end),
                "track": Box(left, track_top, right - left, row_top - track_top),
                "cards": Box(left, row_top, right - left, bottom - row_top),
            }
        else:
            split_x, track_top, row_top = 648.0, 630.75, 697.75
            self.parts = {
                "status": Box(left, top, right - left, below_status - top),
                "map": Box(left, below_status, split_x - left, track_top - below_status),
                "panel": Box(split_x, below_status, right - split_x, track_top - below_status),
                "track": Box(left, track_top, right - left, row_top - track_top),
                "cards": Box(left, row_top, right - left, bottom - row_top),
            }

        self.regions: dict[str, RegionGeom] = self._place_regions()
        #: Parts cut into cells, each a rectangle of its tile (``widgets/canvas_pen.py`` sends a
        #: changed part cell by cell, only the cells that changed): the map one cell per region
        #: (cut along the gaps between the regions' boxes), the calendar a band per row of days.
        self.cells: dict[str, list[Box]] = {
            "map": _guillotine(self.parts["map"], [g.box for g in self.regions.values()])}
        # Roads: centre to centre, bent around any third box in the way; ``connections``
        # holds the part of each road that is visible between its two boxes.
        self.roads: dict[tuple[str, str], list[Point]] = {}
        self.connections: dict[tuple[str, str], list[Point]] = {}
        for c in comp.connections:
            a, b = self.regions[c[0]].box, self.regions[c[1]].box
            others = [g.box for n, g in self.regions.items() if n not in c]
            road = _route(a, b, others)
            self.roads[c] = road
            self.connections[c] = _clip_road(road, a, b)

        # The side column: calendar, Will of the People, region tiles, reserves (on the tall
        # board: calendar and Will on the left, tiles and reserves on the right).
        p = Box(self.panel.x, self.panel.y, SIDE_W, self.panel.h) if tall else self.panel
        self.calendar_title = (p.x, p.y + 9)
        # Two rows of three month spaces; a space of two months (March/April, May/June,
        # October/November) is wider than one of a single month, so that a name written in the
        # reader's form fits at the smallest text size (French "mars/avr.", "oct./nov.").
        self.month_cells = []
        for row, weights in enumerate(MONTH_WEIGHTS):
            x = p.x
            for weight in weights:
                w = (p.w - 8) * weight / sum(weights)
                self.month_cells.append(Box(x, p.y + 20 + row * 29, w, 26))
                x += w + 4
        dw, dh = p.w / 7, 24.0
        top = p.y + 80
        self.day_cells = [Box(p.x + ((d - 1) % 7) * dw, top + ((d - 1) // 7) * dh, dw, dh) for d in range(1, 32)]
        self.calendar = Box(p.x - 2, p.y, p.w + 4, top + 5 * dh + 3 - p.y)
        self.will = Box(p.x, self.calendar.bottom + 8, p.w, 50)
        tiles_top = self.will.bottom + 12
        if tall:        # the second column
            p = Box(self.panel.right - SIDE_W, self.panel.y, SIDE_W, self.panel.h)
            tiles_top = p.y
        self.tiles_title = (p.x, tiles_top + 9)
        self.unrest_tile = Box(p.x, tiles_top + 20, p.w, 26)
        self.blockade_tile = Box(p.x, self.unrest_tile.bottom + 4, p.w, 26)
        self.stack_label = (p.x, self.blockade_tile.bottom + 12)
        self.tiles = Box(p.x, tiles_top, p.w, self.stack_label[1] + 9 - tiles_top)
        self.info = Box(p.x, self.tiles.bottom + 8, p.w, p.bottom - self.tiles.bottom - 8)
        self._split_panel()

        # The support track: 2 * length + 1 spaces, white's end on the left, red's on the right.
        t = self.track
        n = 2 * comp.track_length + 1
        left, right = t.x + 84, t.right - 84
        cw = (right - left) / n
        self.track_title = (t.cx, t.y + 9)
        self.track_cells = [Box(left + i * cw, t.y + 22, cw, 34) for i in range(n)]

    def _split_panel(self) -> None:
        """The side column's tile in three parts, so that a click redraws only the one that
        changed: ``calendar`` (the calendar, Trotsky waiting by it and the Will: a card played
        moves the day), ``tiles`` (the region tiles and the stack) and ``reserves`` (the reserves
        and the Opposition's supply: a recruit).  The calendar's ring and the Will's overlap, so
        they share a part.  The seams: the Will's ring ends 3.5 units above the first, the tiles'
        title starts 4 units below it; the stack's line ends 3.5 units above the second, the
        reserves' ring starts 1.5 units below it.  On the tall board the calendar and the Will are
        the left column (the seam halfway between the columns), the tiles and the reserves the
        right one."""
        panel = self.parts.pop("panel")
        track = self.parts.pop("track")
        cards = self.parts.pop("cards")
        tiles_top, reserves_top = self.tiles.y - 2.0, self.info.y - 6.5
        if self.tall:
            split_x = (self.will.right + self.tiles.x) / 2
            right_w = panel.right - split_x
            self.parts["calendar"] = Box(panel.x, panel.y, split_x - panel.x, panel.h)
            self.parts["tiles"] = Box(split_x, panel.y, right_w, reserves_top - panel.y)
            self.parts["reserves"] = Box(split_x, reserves_top, right_w, panel.bottom - reserves_top)
        else:
            self.parts["calendar"] = Box(panel.x, panel.y, panel.w, tiles_top - panel.y)
            self.parts["tiles"] = Box(panel.x, tiles_top, panel.w, reserves_top - tiles_top)
            self.parts["reserves"] = Box(panel.x, reserves_top, panel.w, panel.bottom - reserves_top)
        self.parts["track"], self.parts["cards"] = track, cards
        cal = self.parts["calendar"]
        seams = [cal.y] + [self.day_cells[0].y + 24.0 * row for row in range(6)] + [cal.bottom]
        self.cells["calendar"] = [Box(cal.x, top, cal.w, bottom - top) for top, bottom in zip(seams, seams[1:])]

    # ------------------------------------------------------------------ regions
    def _place_regions(self) -> dict[str, RegionGeom]:
        """Boxes at the data's positions, pushed apart until none overlap (shrunk if needed)."""
        area = self.map
        w, h = REGION_W, REGION_H
        placed: list[list[float]] | None = None
        for _ in range(12):
            placed = _separate(
                [(area.x + r.position[0] * area.w, area.y + r.position[1] * area.h) for r in self.comp.regions],
                w, h, area, REGION_GAP,
            )
            if placed is not None:
                break
            w, h = w * 0.93, h * 0.93
        if placed is None:  # give up separating: keep the (clamped) positions
            placed = [[min(max(area.x + r.position[0] * area.w - w / 2, area.x), area.right - w),
                       min(max(area.y + r.position[1] * area.h - h / 2, area.y), area.bottom - h)]
                      for r in self.comp.regions]
        #: how much the region boxes had to shrink to fit the map (1.0: not at all)
        self.region_scale = k = w / REGION_W
        out: dict[str, RegionGeom] = {}
        for r, (x, y) in zip(self.comp.regions, placed):
            box = Box(x, y, w, h)
            header = Box(x, y, w, HEADER_H * k)
            footer = Box(x, box.bottom - FOOTER_H * k, w, FOOTER_H * k)
            tokens = Box(x + PAD * k, header.bottom + PAD * k, w - 2 * PAD * k,
                         footer.y - header.bottom - 2 * PAD * k)
            out[r.name] = RegionGeom(r.name, box, header, tokens, footer)
        return out

    def connection_mid(self, conn: Sequence[str], at: float = 0.5) -> tuple[Point, Point]:
        """A point of the visible part of a road (``at``: 0..1 along it, default the middle),
        and the road's direction there."""
        return _polyline_mid(self.connections[_canon(self.comp, conn)], at)

    def blockade_spot(self, conn: Sequence[str], reach: float = 23.0) -> tuple[Point, Point]:
        """Where on a road the blockade barrier goes: the point of its visible part whose
        surroundings (``reach`` each way) cover least of the region boxes' insides (the
        middle when several are clear), and the road's direction there."""
        inner = [g.box.inset(6) for g in self.regions.values()]

        def cost(at: float) -> float:
            (x, y), _ = self.connection_mid(conn, at)
            box = Box(x - reach, y - reach, 2 * reach, 2 * reach)
            return sum(max(0.0, min(box.right, b.right) - max(box.x, b.x))
                       * max(0.0, min(box.bottom, b.bottom) - max(box.y, b.y)) for b in inner)

        best = min((0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9), key=cost)
        return self.connection_mid(conn, best)

    # ------------------------------------------------------------------ tokens
    def token_slots(self, region: str, tokens: Sequence[str]) -> list[TokenSlot]:
        """Where ``tokens`` go in ``region``: rows of cells as wide as each caption needs.

        When they do not all fit with their captions, the captions are left out (the
        tokens keep their strengths); when even that does not fit, the tokens shrink and
        carry no text at all.  Text is never drawn smaller than :data:`TEXT`.
        """
        return self.slots_in(self.regions[region].tokens, tokens)

    def slots_in(self, area: Box, tokens: Sequence[str], at_top: bool = False) -> list[TokenSlot]:
        """Where ``tokens`` go in ``area`` (see :meth:`token_slots`); ``at_top``: a single row at the
        area's top rather than in its middle (a reserve, under its title)."""
        if not tokens:
            return []
        full = 2 * TOKEN_R + CELL_GAP
        widths = [max(full, token_caption_width(self.comp, t) + CELL_GAP + 2) for t in tokens]
        rows = _flow(widths, area.w)
        if len(rows) * ROW_H <= area.h + 1e-6:
            return self._rows(area, tokens, widths, rows, ROW_H, TOKEN_R, True, at_top=at_top)
        # without captions: square cells
        rows = _flow([full] * len(tokens), area.w)
        if len(rows) * full <= area.h + 1e-6:
            return self._rows(area, tokens, [full] * len(tokens), rows, full, TOKEN_R, False, at_top=at_top)
        # shrink until all fit, no text
        n = len(tokens)
        best = 0.0
        for c in range(1, n + 1):
            r = math.ceil(n / c)
            best = max(best, min(area.w / (c * full), area.h / (r * full)))
        cell = full * best
        rows = _flow([cell] * n, area.w)
        return self._rows(area, tokens, [cell] * n, rows, cell, TOKEN_R * best, False, number=False, at_top=at_top)

    def _rows(self, area: Box, tokens: Sequence[str], widths: list[float], rows: list[list[int]], row_h: float,
              r: float, captions: bool, number: bool = True, at_top: bool = False) -> list[TokenSlot]:
        out: list[TokenSlot] = []
        y0 = area.y + max(0.0, (area.h - len(rows) * row_h) / 2) if len(rows) < 2 and not at_top else area.y
        for ri, row in enumerate(rows):
            x = area.cx - sum(widths[i] for i in row) / 2
            top = y0 + ri * row_h
            for i in row:
                cx = x + widths[i] / 2
                if captions:
                    out.append(TokenSlot(tokens[i], cx, top + 12.5, r, top + 33.5, CAPTION_SIZE,
                                         widths[i] - CELL_GAP, number))
                else:
                    out.append(TokenSlot(tokens[i], cx, top + row_h / 2, r * 0.98 if number else row_h / 2 - 1,
                                         0.0, 0.0, 0.0, number))
                x += widths[i]
        return out

    @staticmethod
    def caption_box(slot: TokenSlot) -> Box:
        """Where a token's caption (its id or name) is written, on a small plate, in design units."""
        half_w = slot.caption_w / 2
        return Box(slot.x - half_w, slot.caption_y - slot.caption_size * 0.52, 2 * half_w, slot.caption_size * 1.04)

    def all_token_slots(self, state: "State") -> dict[str, TokenSlot]:
        """Every token drawn, on the map and in the reserve (:meth:`reserve_slots`)."""
        out: dict[str, TokenSlot] = {}
        for region in self.comp.region_names:
            for slot in self.token_slots(region, state.tokens_in(region)):
                out[slot.id] = slot
        for slot in self.reserve_slots(state):
            out[slot.id] = slot
        return out

    # ------------------------------------------------------------------ the reserve
    @staticmethod
    def reserve_side(state: "State") -> str | None:
        """Whose reserve is drawn token by token, to be clicked (a recruit picks its units
        there): the player's in a solo game, else the side to act (red when nobody acts)."""
        if state.mode == "solo":
            return state.player
        return state.to_act if state.to_act in ("red", "white") else "red"

    @property
    def reserve_area(self) -> Box:
        """Where the reserve's tokens go: the side column's info box below its title line,
        leaving room for two lines of text under them.  It holds three rows of named tokens,
        as many as a whole reserve needs."""
        b = self.info
        return Box(b.x, b.y + RESERVE_TITLE_H, b.w, b.h - RESERVE_TITLE_H - RESERVE_TEXT_H)

    def reserve_slots(self, state: "State") -> list[TokenSlot]:
        """The tokens of :meth:`reserve_side`'s reserve, units then leaders, with their captions
        while they fit (the same rows as in a region)."""
        side = self.reserve_side(state)
        if side is None:
            return []
        return self.slots_in(self.reserve_area, state.reserve(side), at_top=True)

    # ------------------------------------------------------------------ played cards row
    def card_slots(self, groups: Sequence[tuple[str, Sequence[str]]], title_w: float = 0.0,
                   levels: bool = False) -> tuple[list[CardSlot], list[tuple[str, Point]]]:
        """Small cards for each ``(side, card ids)`` group, left to right in order.

        Each card is as wide as its name needs (in its widest language).  Returns the
        card slots and, for each group, where its side label goes (only when there are
        several groups).  ``title_w``: room taken by the row's title on the left.
        ``levels``: the cards are the Opposition's (solo), so each command card also shows the
        level of the unit it placed (its recruit value, R-SOLO-OPP-TURN).
        """
        r = self.row
        labels = len(groups) > 1
        start = r.x + (title_w + 10 if title_w else 0.0)
        x, top = start, r.y               # the row's lines (several on the tall board): a chip that
        last_line = r.bottom - ROW_LINE_H + 1e-6   # would pass the right edge starts the next line
        cards: list[CardSlot] = []
        label_pos: list[tuple[str, Point]] = []

        def room(w: float) -> None:
            nonlocal x, top
            if x + w > r.right and x > start and top + ROW_LINE_H <= last_line:
                x, top = start, top + ROW_LINE_H

        for side, ids in groups:
            if labels:
                room(_side_label_w(side) + 10 + 40)
                label_pos.append((side, (x, top + ROW_LINE_H / 2)))
                x += _side_label_w(side) + 10
            for cid in ids:
                level = self.comp.cards[cid].recruit if levels and cid in self.comp.cards else 0
                w = card_chip_width(self.comp, cid) + (CHIP_LEVEL_W if level else 0.0)
                room(w)
                cards.append(CardSlot(cid, Box(x, top + 4, w, ROW_LINE_H - 8), side, level))
                x += w + 4
            x += 8
        return cards, label_pos

    def played_slots(self, state: "State") -> tuple[list[CardSlot], list[tuple[str, Point]], float]:
        """The played-cards row of ``state`` as it is drawn and clicked: the chips (a solo
        Opposition's with the unit each placed), the side labels, and the title's room (0: the
        cards need it, so the row has no title)."""
        groups, levels = played_groups(state), state.mode == "solo"
        title_w = self.cards_title_w(state)
        slots, labels = self.card_slots(groups, title_w, levels)
        if slots and slots[-1].box.right > self.row.right:
            title_w = 0.0
            slots, labels = self.card_slots(groups, title_w, levels)
        return slots, labels, title_w

    @staticmethod
    def cards_title_w(state: "State") -> float:
        """Room for the played-cards row's title: its widest line in its widest language."""
        from ..i18n import LANGUAGES
        from ..text import translator
        lines = CARDS_TITLES["solo" if state.mode == "solo" else "two-player"]
        return max(text_width(translator(lang)(line), TEXT, True) for lang in LANGUAGES for line in lines)

    # ------------------------------------------------------------------ coordinates and clicks
    def to_design(self, px: float, py: float) -> Point:
        """Picture pixels to design units."""
        return ((px - self.dx) / self.scale, (py - self.dy) / self.scale)

    def to_pixels(self, x: float, y: float) -> Point:
        """Design units to picture pixels."""
        return (x * self.scale + self.dx, y * self.scale + self.dy)

    def on_barrier(self, state: "State | None", x: float, y: float) -> tuple[str, str] | None:
        """The blocked connection when design point (x, y) is on the blockade's barrier (drawn
        across its road, :data:`BARRIER_HALF_LEN` x :data:`BARRIER_HALF_TH` each way, and a margin):
        a click on the barrier is a click on its road (a click on its ends, off the road, found
        nothing, and one on it was taken for a road nothing could be done with: QA7)."""
        conn = None if state is None else state.blockade
        if conn is None or conn not in self.connections:
            return None
        (mx, my), (ux, uy) = self.blockade_spot(conn)
        along = (x - mx) * ux + (y - my) * uy
        across = (x - mx) * -uy + (y - my) * ux
        if abs(along) <= BARRIER_HALF_TH + 3 and abs(across) <= BARRIER_HALF_LEN + 3:
            return conn
        return None

    def hit_test(self, state: "State | None", px: float, py: float) -> tuple[str, Any] | None:
        """What is under the picture pixel (px, py)?

        Returns ``("token", id)``, ``("region", name)``, ``("connection", (a, b))``,
        ``("card", id)``, ``("date", None)``, ``("will", None)``, ``("score", None)``,
        ``("tiles", None)`` or ``None``.  Tokens win over the region they stand in.
        """
        x, y = self.to_design(px, py)
        if state is not None:
            slots = self.all_token_slots(state).values()
            for slot in slots:
                if (x - slot.x) ** 2 + (y - slot.y) ** 2 <= (slot.r + 2) ** 2:
                    return ("token", slot.id)
            for slot in slots:               # the caption under a token belongs to the token
                if slot.caption_size and self.caption_box(slot).contains(x, y):
                    return ("token", slot.id)
        for name, geom in self.regions.items():
            if geom.box.contains(x, y):
                return ("region", name)
        barrier = self.on_barrier(state, x, y)      # (drawn under the boxes: where a box covers it, the box's)
        if barrier is not None:
            return ("connection", barrier)
        for conn, pts in self.connections.items():
            if any(_dist_to_segment((x, y), a, b) <= 6 for a, b in zip(pts, pts[1:])):
                return ("connection", conn)
        if state is not None:
            for card in self.played_slots(state)[0]:
                if card.box.contains(x, y):
                    return ("card", card.id)
        if self.calendar.contains(x, y):
            return ("date", None)
        if self.will.contains(x, y):
            return ("will", None)
        if self.track.contains(x, y):
            return ("score", None)
        if self.unrest_tile.contains(x, y) or self.blockade_tile.contains(x, y):
            return ("tiles", None)
        return None


    def tap_test(self, state: "State | None", px: float, py: float, lit: Any = (),
                 reach: float = 0.0) -> tuple[str, Any] | None:
        """What a finger at picture pixel (px, py) means: a fingertip covers more than the point
        it lands on.  What is exactly under it when that is lit (a target of the clicks); else the
        nearest lit token, region or road within ``reach`` picture pixels (a tap on a unit's edge,
        or on a unit that is not asked for inside a region that is); else what is under it.
        """
        exact = self.hit_test(state, px, py)
        if exact is not None and exact[1] in lit:
            return exact
        x, y = self.to_design(px, py)
        room = reach / self.scale
        near: list[tuple[float, int, tuple[str, Any]]] = []
        if state is not None:
            for slot in self.all_token_slots(state).values():
                if slot.id in lit:
                    gap = max(0.0, math.hypot(x - slot.x, y - slot.y) - slot.r - 2)
                    near.append((gap, 0, ("token", slot.id)))
        for name, geom in self.regions.items():
            if name in lit:
                b = geom.box
                gap = math.hypot(max(b.x - x, 0.0, x - b.right), max(b.y - y, 0.0, y - b.bottom))
                near.append((gap, 1, ("region", name)))
        for conn, pts in self.connections.items():
            if conn in lit:
                gap = max(0.0, min(_dist_to_segment((x, y), a, b) for a, b in zip(pts, pts[1:])) - 6)
                near.append((gap, 2, ("connection", conn)))
        within = [n for n in near if n[0] <= room]
        if within:
            return min(within, key=lambda n: (n[0], n[1]))[2]
        return exact


def _guillotine(area: Box, boxes: Sequence[Box]) -> list[Box]:
    """``area`` cut into rectangles, each holding one of ``boxes`` where the boxes allow it: cut
    in two along the widest gap between the boxes, across or down, and each half again."""
    inside = [b for b in boxes if b.right > area.x and b.x < area.right and b.bottom > area.y and b.y < area.bottom]
    best: tuple[float, str, float] | None = None          # (gap, axis, seam)
    for axis in ("x", "y"):
        spans = sorted((b.x, b.right) if axis == "x" else (b.y, b.bottom) for b in inside)
        reach = spans[0][1] if spans else 0.0
        for lo, hi in spans[1:]:
            if lo > reach and (best is None or lo - reach > best[0]):
                best = (lo - reach, axis, (lo + reach) / 2)
            reach = max(reach, hi)
    if best is None:
        return [area]
    _gap, axis, seam = best
    if axis == "x":
        halves = [Box(area.x, area.y, seam - area.x, area.h), Box(seam, area.y, area.right - seam, area.h)]
    else:
        halves = [Box(area.x, area.y, area.w, seam - area.y), Box(area.x, seam, area.w, area.bottom - seam)]
    return [cell for half in halves for cell in _guillotine(half, inside)]


@lru_cache(maxsize=8)
def _side_label_w(side: str) -> float:
    """Room for "{side}:" before a side's played cards, in its widest language."""
    from ..i18n import LANGUAGES
    from ..text import translator
    widths = []
    for lang in LANGUAGES:
        _ = translator(lang)
        widths.append(text_width(_("{side}:", side=side), TEXT, True))
    return max(widths)


def _flow(widths: Sequence[float], room: float) -> list[list[int]]:
    """Indices of ``widths`` split into rows no wider than ``room`` (at least one per row)."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(widths):
        if rows[-1] and used + w > room + 1e-6:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += w
    return rows


def played_groups(state: "State") -> list[tuple[str, list[str]]]:
    """The bottom row: the Opposition's cards in solo, both sides' cards otherwise."""
    if state.mode == "solo" and state.opposition:
        return [(state.opposition, list(state.played.get(state.opposition, [])))]
    return [(side, list(state.played.get(side, []))) for side in ("red", "white")]


@lru_cache(maxsize=16)
def layout_for(comp: "Components", width: float = DESIGN_W, height: float = DESIGN_H) -> Layout:
    """A cached :class:`Layout` (components objects compare by identity)."""
    return Layout(comp, width, height)


# ---------------------------------------------------------------------- helpers
def _canon(comp: "Components", conn: Sequence[str]) -> tuple[str, str]:
    a, b = conn
    return comp.connection(a, b)


def _dist_to_segment(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _separate(centres: list[Point], w: float, h: float, area: Box, gap: float) -> list[list[float]] | None:
    """Top-left corners for boxes of w x h near ``centres``, inside ``area``, not overlapping.

    A few rounds of pushing each overlapping pair apart along the axis where they
    overlap least; ``None`` if the boxes still overlap afterwards.
    """
    pos = [[cx - w / 2, cy - h / 2] for cx, cy in centres]

    def clamp() -> None:
        for p in pos:
            p[0] = min(max(p[0], area.x), area.right - w)
            p[1] = min(max(p[1], area.y), area.bottom - h)

    clamp()
    n = len(pos)
    for _ in range(300):
        moved = False
        for i in range(n):
            for j in range(i + 1, n):
                a, b = pos[i], pos[j]
                ox = min(a[0], b[0]) + w + gap - max(a[0], b[0])
                oy = min(a[1], b[1]) + h + gap - max(a[1], b[1])
                if ox > 0.01 and oy > 0.01:
                    moved = True
                    if ox <= oy:
                        s = 1 if a[0] <= b[0] else -1
                        a[0] -= s * ox / 2
                        b[0] += s * ox / 2
                    else:
                        s = 1 if a[1] <= b[1] else -1
                        a[1] -= s * oy / 2
                        b[1] += s * oy / 2
        clamp()
        if not moved:
            return pos
    return None


def _segment_hits_box(p0: Point, p1: Point, box: Box) -> bool:
    """Does the segment p0-p1 pass through ``box`` (Liang-Barsky clipping)?"""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box.x), (dx, box.right - x0), (-dy, y0 - box.y), (dy, box.bottom - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def _route(a: Box, b: Box, others: Sequence[Box], margin: float = 14.0) -> list[Point]:
    """A road from the centre of ``a`` to the centre of ``b``: straight, or bent once around
    a corner of a box that is in the way."""
    ca, cb = (a.cx, a.cy), (b.cx, b.cy)
    blocking = [o for o in others if _segment_hits_box(ca, cb, o.inset(-2))]
    if not blocking:
        return [ca, cb]
    best: tuple[float, Point] | None = None
    for o in blocking:
        for corner in ((o.x - margin, o.y - margin), (o.right + margin, o.y - margin),
                       (o.x - margin, o.bottom + margin), (o.right + margin, o.bottom + margin)):
            if any(box.contains(*corner, pad=2) for box in (a, b, *others)):
                continue
            if any(_segment_hits_box(ca, corner, box.inset(-2)) for box in others):
                continue
            if any(_segment_hits_box(corner, cb, box.inset(-2)) for box in others):
                continue
            length = math.dist(ca, corner) + math.dist(corner, cb)
            if best is None or length < best[0]:
                best = (length, corner)
    return [ca, best[1], cb] if best else [ca, cb]


def _exit_t(box: Box, p0: Point, p1: Point) -> float | None:
    """Where (0..1) the segment p0-p1, starting inside ``box``, leaves it; None if it does not."""
    (x0, y0), (x1, y1) = p0, p1
    if box.contains(x1, y1):
        return None
    t = 1.0
    dx, dy = x1 - x0, y1 - y0
    if dx > 0:
        t = min(t, (box.right - x0) / dx)
    elif dx < 0:
        t = min(t, (box.x - x0) / dx)
    if dy > 0:
        t = min(t, (box.bottom - y0) / dy)
    elif dy < 0:
        t = min(t, (box.y - y0) / dy)
    return max(0.0, t)


def _clip_road(road: list[Point], a: Box, b: Box) -> list[Point]:
    """The part of ``road`` outside boxes ``a`` (where it starts) and ``b`` (where it ends)."""
    pts = list(road)
    # leave a
    i, start = 0, None
    while i < len(pts) - 1:
        t = _exit_t(a, pts[i], pts[i + 1])
        if t is not None:
            (x0, y0), (x1, y1) = pts[i], pts[i + 1]
            start = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            break
        i += 1
    if start is None:
        m = ((a.cx + b.cx) / 2, (a.cy + b.cy) / 2)
        return [m, m]
    rest = [start] + pts[i + 1:]
    # enter b (walk backwards from b's centre)
    j, end = len(rest) - 1, None
    while j > 0:
        t = _exit_t(b, rest[j], rest[j - 1])
        if t is not None:
            (x0, y0), (x1, y1) = rest[j], rest[j - 1]
            end = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            break
        j -= 1
    if end is None:
        return [start, start]
    return rest[:j] + [end]


def _polyline_mid(pts: Sequence[Point], at: float = 0.5) -> tuple[Point, Point]:
    """The point ``at`` (0..1, default halfway) along a polyline and the unit direction there."""
    lengths = [math.dist(p, q) for p, q in zip(pts, pts[1:])]
    total = sum(lengths)
    if total == 0:
        return pts[0], (1.0, 0.0)
    half = total * at
    for (p, q), seg in zip(zip(pts, pts[1:]), lengths):
        if seg >= half and seg > 0:
            t = half / seg
            return ((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t),
                    ((q[0] - p[0]) / seg, (q[1] - p[1]) / seg))
        half -= seg
    p, q = pts[-2], pts[-1]
    return q, (1.0, 0.0)
