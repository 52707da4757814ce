"""The one routine that draws the board, whatever the back end.

:func:`draw_board` draws a :class:`~dualpowers.state.State` through a
:class:`~dualpowers.drawing.pen.Pen`: the SVG, Pillow (PNG) and ipycanvas back
ends all call it, so the static pictures and the live widget always agree.

Accessibility: the printed region colours are easy to confuse, so every region
also carries its text label and an icon glyph; token sides differ by pattern
(solid = fresh, hatched with a dashed rim = exhausted), token kinds by shape
(circle = unit, rounded square = leader, hexagon = Trotsky, octagon with a double
rim = Opposition unit), and every marker has words next to it.
"""

from __future__ import annotations

import math
from contextvars import ContextVar
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .. import names
from ..dates import BONUS_DAYS, MONTHS, SKIPPED_DAYS
from ..i18n import DEFAULT_LANGUAGE, N_, NP_, check_language
from ..kinds import reserve_part
from ..text import Message, translator
from ..scoring import SOLO_ROUNDS
from ..scoring import face_up_objective, lead
from .layout import (
    BARRIER_HALF_LEN, BARRIER_HALF_TH, CARDS_TITLES, CHIP_ICON_W, CHIP_LEVEL_W, DESIGN_H, DESIGN_W, RESERVE_TEXT_H, ROW_LINE_H, TEXT, Box, Layout, TokenSlot, card_chip_text,
    card_chip_width, layout_for, played_groups,
    text_width, token_caption,
)

lay_caption = Layout.caption_box
from .pen import Pen, Point, ScaledPen

if TYPE_CHECKING:
    from ..components import Components
    from ..state import State

__all__ = [
    "draw_board", "draw_empty", "normalize_highlight", "HIGHLIGHT_KEYS", "split_highlight", "draw_click_layer",
    "lit_box",
    "REGION_COLOURS", "FACTION_COLOURS", "ICONS",
]

# ---------------------------------------------------------------------- palette
PAPER = "#f4f0e6"
INK = "#1f1f1f"
MUTED = "#5f5a50"
ROAD = "#8c8577"
GLOW = "#ff9800"         # highlight colour (amber)
GLOW_DARK = "#7a3e00"

#: Region colour -> (strong colour of the header, pale body tint, text on the header, outline).
REGION_COLOURS: dict[str, tuple[str, str, str, str]] = {
    "red": ("#c62828", "#fbe4e1", "#ffffff", "#7f1010"),
    "blue": ("#1f5fae", "#dfe9f6", "#ffffff", "#123a6b"),
    "green": ("#2e7d32", "#e1f0df", "#ffffff", "#1b4d1e"),
    "purple": ("#6a2c91", "#ece1f3", "#ffffff", "#40175a"),
    "white": ("#ffffff", "#fbfbf8", "#111111", "#3a3a3a"),
    "brown": ("#8b5a2b", "#f1e5d6", "#ffffff", "#55341a"),
}
_FALLBACK_REGION = ("#607d8b", "#e6ecef", "#ffffff", "#37474f")

#: Faction -> fill, text on the fill, rim, pale fill (exhausted side), hatch colour.
FACTION_COLOURS: dict[str, dict[str, str]] = {
    "red": {"fill": "#a3161c", "text": "#ffffff", "rim": "#3d0608", "pale": "#f6d6d4", "hatch": "#a3161c"},
    "white": {"fill": "#f7f7f4", "text": "#111111", "rim": "#222222", "pale": "#ffffff", "hatch": "#6b6b6b"},
    "neutral": {"fill": "#b3a66a", "text": "#111111", "rim": "#4a4322", "pale": "#efe9cd", "hatch": "#7d7035"},
}
STEP_WORDS = {
    "objective": N_("choose a secret objective"),
    "card": N_("play a card"),
    "command": N_("take the card's action"),
    "leader": N_("leader recruit / special action"),
    "bonus": N_("take the bonus action"),
    "unrest": N_("score unrest or take a bonus"),
    "over": N_("game over"),
}

#: The label of an objective face up, drawn at its side's end of the support track.
OBJECTIVE_LABEL = N_("Objective:")

# Every word drawn comes from the catalogs in the language draw_board was given;
# the helpers below read it from here rather than take one more argument each.
_LANG: ContextVar[str] = ContextVar("dualpowers_board_language", default=DEFAULT_LANGUAGE)
#: Regions whose strength plates are hidden ("?") in the board being drawn: a question asks them.
_CONCEAL: ContextVar[frozenset[str]] = ContextVar("dualpowers_board_conceal", default=frozenset())
#: The objective markers on the board (number -> region), None: as the position implies.
_MARKERS: ContextVar[Mapping[int, str] | None] = ContextVar("dualpowers_board_markers", default=None)
#: Whether the status line says who acts and what they choose (not on a lesson's picture).
_TURN: ContextVar[bool] = ContextVar("dualpowers_board_turn", default=True)


class _BoardWords:
    """The words of the board being drawn, in its language: ``_(msgid, **params)`` and
    ``_.ngettext(singular, plural, n, **params)``, as on a translator."""

    def __call__(self, msgid: str, **params: Any) -> str:
        return translator(_LANG.get())(msgid, **params)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return translator(_LANG.get()).ngettext(singular, plural, n, **params)

    def pgettext(self, context: str, msgid: str, **params: Any) -> str:
        return translator(_LANG.get()).pgettext(context, msgid, **params)


_ = _BoardWords()


def _colour_name(region: str) -> str:
    """A region by its colour alone, capitalised ("Green", "Vert", "Verde"): the game's word."""
    word = names.colour(region, _LANG.get())
    return word[:1].upper() + word[1:]


def _side(side: str | None) -> str:
    return names.side(side, _LANG.get()) if side else _("nobody")


#: The solo labels of the side to act in a sentence's grammatical roles (a template's "{side:to}",
#: under the contexts of dualpowers.names.ROLE_CONTEXTS): French "À vous (Blanc) de jouer".
_LABEL_ROLES = (
    NP_("side, with its article", "{side} (you)"), NP_("side, after 'to'", "{side} (you)"),
    NP_("side, after 'of'", "{side} (you)"), NP_("side, with its article", "{side} (Opposition)"),
    NP_("side, after 'to'", "{side} (Opposition)"), NP_("side, after 'of'", "{side} (Opposition)"))

#: Keys of ``highlight`` naming parts of the board other than regions, tokens, connections, cards.
#: ``"reserve"`` is the reserve drawn token by token, whichever side's; ``"reserve:red"`` (or
#: white) lights it only when it is that side's (:func:`~dualpowers.kinds.base.reserve_part`).
HIGHLIGHT_KEYS = frozenset({"date", "calendar", "will", "score", "track", "unrest", "blockade", "tiles",
                            "cards", "status", "info", "reserve", *(reserve_part(side) for side in ("red", "white"))})
_ALIASES = {"calendar": "date", "track": "score"}


# ---------------------------------------------------------------------- highlight
def normalize_highlight(state: "State | None", highlight: Any) -> frozenset[Any]:
    """Turn a ``highlight`` argument into a frozen set of region names, token ids, card ids,
    canonical connection tuples and the keys in :data:`HIGHLIGHT_KEYS`.

    Accepts ``None``, one item, or any collection of items; a connection is a pair
    of region names in either order.  Unknown names raise ``ValueError``.
    """
    if highlight is None:
        return frozenset()
    if isinstance(highlight, str) or _is_pair(state, highlight):
        highlight = [highlight]
    out: set[Any] = set()
    for item in highlight:
        if isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(x, str) for x in item):
            if state is not None:
                a, b = item
                if not state.comp.is_connection(a, b):
                    raise ValueError(f"highlight: {a}-{b} is not a connection of the map")
                out.add(state.comp.connection(a, b))
            else:
                out.add(tuple(item))
            continue
        if not isinstance(item, str):
            raise ValueError(f"highlight: cannot highlight {item!r}")
        key = _ALIASES.get(item, item)
        if state is not None and not (
            key in HIGHLIGHT_KEYS or key in state.comp.region_index or key in state.comp.tokens
            or key in state.comp.cards or key in state.comp.leaders
        ):
            raise ValueError(
                f"highlight: unknown item {item!r} (give region names, token ids, card ids, connection "
                f"pairs, or one of {', '.join(sorted(HIGHLIGHT_KEYS))})"
            )
        out.add(key)
    return frozenset(out)


def _is_pair(state: "State | None", x: Any) -> bool:
    if not (isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, str) for v in x)):
        return False
    regions = state.comp.region_index if state is not None else None
    return regions is None or (x[0] in regions and x[1] in regions)


# ---------------------------------------------------------------------- the routine
def draw_board(pen: Pen, state: "State", *, highlight: Any = None,
               width: float = DESIGN_W, height: float = DESIGN_H, lang: str = DEFAULT_LANGUAGE,
               conceal: Any = (), markers: Mapping[int, str] | None = None, turn: bool = True) -> Layout:
    """Draw the whole board for ``state`` through ``pen`` on a ``width`` x ``height`` picture.

    ``highlight`` emphasises parts of the board (see :func:`normalize_highlight`);
    every word is written in ``lang`` ("en", "fr" or "it"); ``conceal`` names regions
    whose strength plates show "?" instead of the strengths (a question asks them).
    ``markers``: the objective markers on the board, number -> region, as a scoring told
    event by event places them (:func:`dualpowers.scoring.objective_markers`); by default
    marker 1 on the unrest region while its winner decides.
    ``turn=False`` leaves out of the status line who acts and what they choose: a lesson's
    picture is not a turn, and its words may name what the lesson has not taught yet.
    Returns the :class:`Layout` used, which can hit-test clicks on the picture.
    """
    token = _LANG.set(check_language(lang))
    hidden = _CONCEAL.set(frozenset(conceal or ()))
    placed = _MARKERS.set(markers)
    turning = _TURN.set(turn)
    try:
        return _draw_board(pen, state, highlight, width, height)
    finally:
        _TURN.reset(turning)
        _MARKERS.reset(placed)
        _CONCEAL.reset(hidden)
        _LANG.reset(token)


def _draw_board(pen: Pen, state: "State", highlight: Any, width: float, height: float) -> Layout:
    lay = layout_for(state.comp, float(width), float(height))
    hl = normalize_highlight(state, highlight)
    pen.clear(PAPER)
    p = ScaledPen(pen, lay.scale, lay.dx, lay.dy)
    for name, draw, inputs in _PARTS:
        tile = lay.parts[name]
        cells = lay.cells.get(name)
        with p.part(name, tile.x, tile.y, tile.w, tile.h,
                    cells=None if cells is None else [(c.x, c.y, c.w, c.h) for c in cells]):
            read = inputs(lay, state, hl)
            _piece(p, lay, name, read, partial(draw, p, lay, state, hl, read))
    return lay


def _piece(p: ScaledPen, lay: Layout, name: str, read: Any, draw: Callable[[], None]) -> None:
    """One piece of the board (a part, a region of the map) that reads ``read`` and what every
    piece reads: the geometry and the language of the words (:meth:`Pen.cached`)."""
    p.cached(name, (lay, _LANG.get(), read), draw)


# ---------------------------------------------------------------------- what each part reads
# A live board draws again only the parts (and the map's regions) whose inputs changed
# (Pen.cached): each part's function below returns everything of the position, the highlight
# and the drawing's settings that the part's drawing reads, besides the layout and the language.
# A part that reads something more must say it here: tests/widgets/test_board_pieces.py draws
# played games both ways and compares every command.

def _token_inputs(s: "State", token: str, hl: frozenset[Any]) -> tuple[Any, ...]:
    """What a token's drawing reads (:func:`_token`, :func:`token_style`, its ring in :func:`_tokens`)."""
    return token, s.side_of(token), token in s.exhausted, s.strength_of(token), token in hl


def _status_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    return ("status" in hl, s.mode, s.round, s.difficulty, s.edition, s.step, s.won_by, s.player, s.to_act,
            _TURN.get())


def _map_markers(s: "State") -> Mapping[int, str]:
    """The objective markers on the map: as :func:`draw_board` was told, else marker 1 on the unrest
    region while its winner decides."""
    markers = _MARKERS.get()
    if markers is None:
        markers = {1: s.unrest} if s.step == "unrest" and s.unrest else {}
    return markers


def _blocked(lay: Layout, s: "State") -> tuple[str, str] | None:
    """The connection the blockade closes, if the map draws it."""
    return s.blockade if s.blockade is not None and s.blockade in lay.connections else None


def _region_inputs(s: "State", region: str, hl: frozenset[Any], markers: Mapping[int, str]) -> tuple[Any, ...]:
    """What one region's drawing reads (:func:`_region`): its tokens and their sides, strengths and
    rings, who is stronger there, its unrest mark, its objective markers, its glow, a hidden plate."""
    tokens = s.at.get(region, ())
    shown: Any = None
    if tokens:
        try:
            from ..presence import force_in_presence
            presence = force_in_presence(s, region)
            shown = (presence.winner, presence.strength.get("red", 0), presence.strength.get("white", 0))
        except Exception:  # a partial position: drawn without the strengths line
            shown = None
    return (region in hl, s.unrest == region, "unrest" in hl, tuple(n for n, r in sorted(markers.items()) if r == region),
            tuple(_token_inputs(s, t, hl) for t in tokens), shown, region in _CONCEAL.get())


def _map_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    """(the roads and the barrier, the gates and the blockade's word, each region's inputs)."""
    markers = _map_markers(s)
    blocked = _blocked(lay, s)
    lit = "blockade" in hl
    return ((blocked, lit), (blocked, lit, tuple(c for c in s.comp.connections if c in hl)),
            tuple(_region_inputs(s, r, hl, markers) for r in s.comp.region_names))


def _calendar_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    waiting = tuple(_token_inputs(s, t, hl) for t in (s.comp.trotsky_neutral, s.comp.trotsky_red)
                    if s.place.get(t) == "waiting")
    return "date" in hl, s.month, s.day, waiting, "will" in hl, s.will, s.mode, s.player


def _tiles_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    return ("tiles" in hl, "unrest" in hl, "blockade" in hl, s.unrest, s.blockade_tile, s.blockade,
            len(s.tile_stack))


def _info_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    """(the reserve drawn token by token, the words under it, the part's glow): :func:`_info`."""
    reserve_side = lay.reserve_side(s)
    shown = tuple(_token_inputs(s, t, hl) for t in s.reserve(reserve_side)) if reserve_side is not None else ()
    counts = []          # the other reserves in words: (side, units, leaders)
    for side in ("red", "white"):
        if side == reserve_side or (s.mode == "solo" and side == s.opposition):
            continue
        res = s.reserve(side)
        units = sum(1 for t in res if s.spec(t).kind == "unit")
        counts.append((side, units, len(res) - units))
    supply: dict[int, int] = {}        # solo: the Opposition's units left, by level
    if s.mode == "solo":
        supply = {1: 0, 2: 0, 3: 0}
        for t in s.supply():
            supply[s.spec(t).level] = supply.get(s.spec(t).level, 0) + 1
    return ((reserve_side, shown, _reserve_lit(lay, s, hl)),
            (reserve_side, tuple(counts), tuple(supply.items()), s.opposition), "info" in hl)


def _track_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    objectives = tuple((card, card in hl, card is not None and card == s.card)
                       for card in (face_up_objective(s, side) for side in ("white", "red")))
    return s.score, "score" in hl, objectives


def _cards_inputs(lay: Layout, s: "State", hl: frozenset[Any]) -> tuple[Any, ...]:
    groups = tuple((side, tuple((c, c in hl, c == s.card) for c in cards)) for side, cards in played_groups(s))
    return s.mode, groups, "cards" in hl


def _calendar_part(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], _read: Any = None) -> None:
    """The side column's first part (``Layout.parts``): the calendar, Trotsky waiting by it, the Will."""
    _calendar(p, lay, s, hl)
    _trotsky_waiting(p, lay, s, hl)
    _will(p, lay, s, hl)


def split_highlight(state: "State", hl: frozenset[Any]) -> tuple[frozenset[Any], frozenset[Any]]:
    """(what a click lights: regions, tokens, roads; the rest): a live board draws the first on a
    layer of its own over the picture (:func:`draw_click_layer`), so a click that only changes
    it redraws that layer alone."""
    comp = state.comp
    click = frozenset(x for x in hl if (isinstance(x, tuple) or x in comp.region_index or x in comp.tokens))
    return click, hl - click


def lit_box(state: "State", hl: frozenset[Any], *, width: float = DESIGN_W,
            height: float = DESIGN_H) -> tuple[float, float, float, float] | None:
    """Where on the picture what ``hl`` lights lies, all of it (pixels: left, top, right, bottom),
    or None when it lights nothing drawn: so that a screen can bring it into sight (a phone, where
    the course's sheet covers the board's foot)."""
    lay = layout_for(state.comp, float(width), float(height))
    boxes: list[Box] = []
    areas = {"status": lay.status, "date": lay.calendar, "will": lay.will, "score": lay.track,
             "unrest": lay.unrest_tile, "blockade": lay.blockade_tile, "tiles": lay.tiles, "info": lay.info,
             "reserve": lay.info, "cards": lay.row, **{reserve_part(side): lay.info for side in ("red", "white")}}
    slots = lay.all_token_slots(state) if any(x in state.comp.tokens for x in hl) else {}
    played = {c.id: c.box for c in lay.played_slots(state)[0]} if any(x in state.comp.cards for x in hl) else {}
    for item in hl:
        if isinstance(item, tuple):
            points = lay.connections.get(item, ())
            if points:
                xs, ys = [x for x, _y in points], [y for _x, y in points]
                boxes.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        elif item in lay.regions:
            boxes.append(lay.regions[item].box)
        elif item in slots:
            t = slots[item]
            bottom = max(t.y + t.r, t.caption_y + t.caption_size / 2 if t.caption_size else t.y + t.r)
            boxes.append(Box(t.x - t.r, t.y - t.r, 2 * t.r, bottom - (t.y - t.r)))
        elif item in played:
            boxes.append(played[item])
        elif item in areas:
            boxes.append(areas[item])
            if item == "unrest" and state.unrest in lay.regions:       # its mark on the region too
                boxes.append(lay.regions[state.unrest].box)
    if not boxes:
        return None
    x0, y0 = lay.to_pixels(min(b.x for b in boxes), min(b.y for b in boxes))
    x1, y1 = lay.to_pixels(max(b.right for b in boxes), max(b.bottom for b in boxes))
    return x0, y0, x1, y1


def draw_click_layer(pen: Pen, state: "State", items: frozenset[Any], *, width: float = DESIGN_W,
                     height: float = DESIGN_H, selected: Any = (), cursor: Any = None) -> None:
    """The glow of ``items`` (regions, tokens, roads: :func:`split_highlight`'s first part) alone,
    on a transparent layer over a board drawn without them: the same outlines as
    :func:`draw_board` draws around them.  The tokens of ``selected`` (picked by the clicks so
    far) get a dark ring outside their glow, so that the chosen unit stands apart from those
    that may still be clicked."""
    lay = layout_for(state.comp, float(width), float(height))
    p = ScaledPen(pen, lay.scale, lay.dx, lay.dy)
    with p.group("click-layer"):
        for name in state.comp.region_names:
            if name in items:
                b = lay.regions[name].box
                p.rect(b.x - 5, b.y - 5, b.w + 10, b.h + 10, fill=None, stroke=GLOW, width=6, radius=12)
        for conn in state.comp.connections:
            if conn in items:
                vis = lay.connections[conn]
                _lit_road(p, vis)
                for x, y in (vis[0], vis[-1]):
                    p.circle(x, y, 3.5, fill=GLOW, stroke=INK, width=1)
        for tid, slot in lay.all_token_slots(state).items():
            if tid in items:
                _token_glow(p, slot, state.is_exhausted(tid))
                if tid in selected:
                    p.circle(slot.x, slot.y, slot.r + 5.2, stroke=GLOW_DARK, width=2.4)
        if cursor is not None:
            _keyboard_cursor(p, lay, state, cursor)


#: The keyboard's cursor on the board: a dark ring with a white one inside it, seen on every
#: colour of the board (the glow, a region's body, the parchment).
CURSOR_INK, CURSOR_HALO = "#101010", "#ffffff"


def _keyboard_cursor(p: Any, lay: Layout, state: "State", target: Any) -> None:
    """Where the arrow keys stand (``target``: a region, a token or a road of the click layer)."""
    box: Box | None = None
    if isinstance(target, tuple):
        (x, y), _angle = lay.connection_mid(target)
        centre = (x, y, 11.0)
    elif target in lay.regions:
        b = lay.regions[target].box
        box = Box(b.x - 10, b.y - 10, b.w + 20, b.h + 20)
    else:
        slot = lay.all_token_slots(state).get(target)
        if slot is None:
            return
        centre = (slot.x, slot.y, slot.r + 9.0)
    for colour, width, grow in ((CURSOR_INK, 4.0, 0.0), (CURSOR_HALO, 1.6, -2.6)):
        if box is None:
            x, y, r = centre
            p.circle(x, y, r + grow, stroke=colour, width=width)
        else:
            p.rect(box.x - grow, box.y - grow, box.w + 2 * grow, box.h + 2 * grow, fill=None, stroke=colour,
                   width=width, radius=14)


def draw_empty(pen: Pen, *, width: float = DESIGN_W, height: float = DESIGN_H, message: str | None = None,
               lang: str = DEFAULT_LANGUAGE) -> None:
    """A blank board with a message (a widget without a state); the default message in ``lang``."""
    if message is None:
        _ = translator(check_language(lang))
        message = _("No position")
    pen.clear(PAPER)
    pen.text(width / 2, height / 2, message, size=max(10.0, 18 * min(width / DESIGN_W, height / DESIGN_H)),
             fill=MUTED, align="center")


# ---------------------------------------------------------------------- status line
def _status(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], _read: Any = None) -> None:
    """Round on the left, who acts (or who won) next to it, the game's mode on the right.

    Nothing is squeezed: a part that does not fit is left out (the mode first), so
    every word stays at full size.
    """
    b = lay.status
    big = TEXT + 1
    with p.group("status"):
        p.rect(b.x, b.y, b.w, b.h, fill="#2b2824")
        if "status" in hl:
            p.rect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, stroke=GLOW, width=3)
        if s.mode == "solo":
            round_text = _("Round {number} of {rounds}", number=s.round, rounds=SOLO_ROUNDS)
        else:
            round_text = _("Round {number}", number=s.round)
        p.text(b.x + 10, b.cy, round_text, size=big, fill="#ffffff", bold=True)
        left_end = b.x + 10 + text_width(round_text, big, True)
        if s.mode == "solo":
            right = _("Solo, difficulty X = {x}", x=s.difficulty)
        else:
            right = _("Two-player game")
        if s.edition != "fr":
            right = _("{mode}  |  {edition}", mode=right, edition=s.edition)   # "Italian edition"
        right_w = text_width(right, TEXT)
        if s.is_over():
            win = s.winner()
            if not win:
                text = _("GAME OVER")
            elif s.mode != "solo":
                text = _("GAME OVER: {side:upper} WINS", side=win)
            elif win == s.player:
                text = _("GAME OVER: {side:upper} WINS (you)", side=win)
            else:
                text = _("GAME OVER: {side:upper} WINS (the Opposition)", side=win)
            w = text_width(text, big, True) + 24
            x0 = max(left_end + 14, min(b.cx - w / 2, b.right - 10 - w))
            fc = FACTION_COLOURS.get(win or "neutral", FACTION_COLOURS["neutral"])
            with p.group("result", win or ""):
                p.rect(x0, b.y + 3, w, b.h - 6, fill=fc["fill"], stroke="#ffd54f", width=2, radius=6)
                p.text(x0 + w / 2, b.cy, text, size=big, fill=fc["text"], bold=True, align="center")
            if x0 + w + 16 + right_w <= b.right - 10:
                p.text(b.right - 10, b.cy, right, size=TEXT, fill="#e0dccf", align="right")
            return
        who = s.to_act if _TURN.get() else None
        if not who:
            p.text(b.right - 10, b.cy, right, size=TEXT, fill="#e0dccf", align="right")
            return
        # An id or a label not yet written: a template may ask for it in a grammatical role
        # ("{side:to}": French "aux Rouges", "à vous (Blanc)"; dualpowers.text).
        name: Any = who
        if s.mode == "solo":
            name = Message(N_("{side} (you)"), side=who) if who == s.player else Message(N_("{side} (Opposition)"), side=who)
        fc = FACTION_COLOURS[who] if who in FACTION_COLOURS else FACTION_COLOURS["neutral"]
        x = left_end + 22
        long_acts = _("{side} to act: {step}", side=name, step=_(STEP_WORDS.get(s.step, s.step)))
        short_acts = _("{side} to act", side=name)
        # What fits, most first: the mode goes first, then the step's words (what the player is to
        # do), and the edition last, which decides rules (E-FR, E-IT).  (The French course's title
        # lost the step to keep the mode, QA8: "Aux Rouges de jouer ... Partie à deux joueurs".)
        # the edition alone on the banner is a label: "Edizione italiana", not "edizione italiana"
        edition = [names.edition(s.edition, _LANG.get())] if s.edition != "fr" else []
        edition = [e[:1].upper() + e[1:] for e in edition]
        pairs = [(a, r) for a in (long_acts, short_acts) for r in [right, *(edition or [""])]] + [(short_acts, "")]
        acts, shown = next(((a, r) for a, r in pairs
                            if x + 12 + text_width(a, big, True) + (text_width(r, TEXT) + 20 if r else 0)
                            <= b.right - 10), (short_acts, ""))
        p.circle(x, b.cy, 6, fill=fc["fill"], stroke="#ffffff", width=1.5)
        p.text(x + 12, b.cy, acts, size=big, fill="#ffffff", bold=True)
        if shown:
            p.text(b.right - 10, b.cy, shown, size=TEXT, fill="#e0dccf", align="right")


# ---------------------------------------------------------------------- the city map
def _map(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], read: Any = None) -> None:
    """The roads, the regions, the gates and the blockade: each a piece of its own (:meth:`Pen.cached`,
    ``read``: :func:`_map_inputs`), so a move draws again only the regions it changed."""
    if read is None:
        read = _map_inputs(lay, s, hl)
    roads, gates, regions = read
    markers = _map_markers(s)
    with p.group("map"):
        _piece(p, lay, "map:roads", roads, partial(_roads, p, lay, s, hl))
        for region, inputs in zip(s.comp.regions, regions):
            _piece(p, lay, f"map:{region.name}", inputs, partial(_region, p, lay, s, region, hl, markers))
        _piece(p, lay, "map:gates", gates, partial(_gates, p, lay, s, hl))


def _roads(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    """The roads between the regions and the blockade's barrier, under the region boxes."""
    comp = s.comp
    # Connections first (under the region boxes): a road between box centres.
    blocked = _blocked(lay, s)
    for conn in comp.connections:
        pts = lay.roads[conn]
        with p.group("connection", f"{conn[0]}-{conn[1]}"):
            if conn == blocked:
                # the closed road striped as its barrier, along all it shows between the boxes:
                # the mark is the connection's, even where the road is short (issue 33)
                p.line(pts, stroke="#111111", width=7)
                p.line(pts, stroke="#ffc400", width=5, dash=(7, 7))
            else:
                p.line(pts, stroke=ROAD, width=5)
                p.line(pts, stroke="#d9d2c2", width=1.5)
    if blocked:   # the barrier under the boxes: where a road is short, a box never hides a word
        _blockade_marker(p, lay, blocked, "blockade" in hl, word=False)


def _gates(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    """Over the region boxes: where each road leaves a box, and the blockade's word."""
    comp = s.comp
    blocked = _blocked(lay, s)
    # Where each road leaves a box: a small gate, so short roads stay visible.
    for conn in comp.connections:
        vis = lay.connections[conn]
        (x1, y1), (x2, y2) = vis[0], vis[-1]
        lit = conn in hl
        if lit:
            _lit_road(p, vis)
        for x, y in ((x1, y1), (x2, y2)):
            p.circle(x, y, 3.5, fill=GLOW if lit else ROAD, stroke=INK, width=1)
    if blocked:
        _blockade_marker(p, lay, blocked, "blockade" in hl, word=True)


def _region(p: ScaledPen, lay: Layout, s: "State", region: Any, hl: frozenset[Any],
            markers: Mapping[int, str]) -> None:
    geom = lay.regions[region.name]
    strong, pale, on_strong, outline = REGION_COLOURS.get(region.name, _FALLBACK_REGION)
    b, hd = geom.box, geom.header
    with p.group("region", region.name, label=region.label):
        if region.name in hl:
            p.rect(b.x - 5, b.y - 5, b.w + 10, b.h + 10, fill=None, stroke=GLOW, width=6, radius=12)
        p.rect(b.x, b.y, b.w, b.h, fill=pale, stroke=outline, width=2, radius=8)
        p.rect(hd.x, hd.y, hd.w, hd.h, fill=strong, stroke=outline, width=2, radius=8)
        # square off the header's lower corners so it joins the body
        p.rect(hd.x + 1, hd.bottom - 8, hd.w - 2, 7, fill=strong)
        p.line([(hd.x, hd.bottom), (hd.right, hd.bottom)], stroke=outline, width=1.5)
        k = hd.h / 26
        draw_icon(p, region.icon, hd.x + 14 * k, hd.cy, 17 * k, on_strong)
        # the region's name in the game's words (its colour); the district is in the SVG's data
        p.text(hd.x + 28 * k, hd.cy + 0.5, _colour_name(region.name), size=max(TEXT, (TEXT + 1) * k),
               fill=on_strong, bold=True)
        if s.unrest == region.name:
            _unrest_badge(p, lay, region.name, "unrest" in hl)
        for k, number in enumerate(n for n, r in sorted(markers.items()) if r == region.name):
            _objective_marker(p, lay, region.name, number, k)

        tokens = s.tokens_in(region.name)
        presence = None
        try:
            from ..presence import force_in_presence
            presence = force_in_presence(s, region.name)
        except Exception:  # a partial position: draw without the strengths line
            presence = None
        slots = lay.token_slots(region.name, tokens)
        _tokens(p, s, slots, hl, pale)

        if presence is not None and tokens:
            _strengths(p, geom.footer, presence, hidden=region.name in _CONCEAL.get())


def _strengths(p: ScaledPen, f: Box, presence: Any, hidden: bool = False) -> None:
    """The footer: each side's strength; the stronger side's on a plate in its colour, ``=``
    between them for a tie.  Regular weight, so two-digit strengths fit in every language.

    Why a side is stronger (more tokens, the Will) is said in the narration and the
    analyzer's table, not here: the footer has room for two words at full size.
    ``hidden``: "?" for each strength and no plate (a question asks who is stronger).
    """
    st = presence.strength
    w = None if hidden else presence.winner
    shown = {side: "?" if hidden else st.get(side, 0) for side in ("red", "white")}
    # Translators: a side's strength in a region, under the region's tokens: "Red 3".
    texts = [_("{side} {strength}", side=side, strength=shown[side]) for side in ("red", "white")]
    widths = [text_width(text, TEXT) for text in texts]
    # The usual spacing: 6 px in, 5 after a strength, 18 for the "=", and the plate's 3 px and
    # rim inside the region.  Where long names with two-digit strengths would run out of it, the
    # words closer together ("Rouges 7 = Blancs 12"), and where even that does not fit, the short
    # form of a side's name ("Rouge 18 = Blanc 18").
    pad, after, gap = 6.0, 5.0, 18.0
    if pad + widths[0] + after + gap + widths[1] > f.w - 5:      # first closer together, then shorter
        pad, after, gap = 4.0, 3.0, 15.0
        if pad + widths[0] + after + gap + widths[1] > f.w - 5:
            texts = [_.pgettext("a side's strength, where the region has little room", "{side} {strength}",
                                side=side, strength=shown[side]) for side in ("red", "white")]
            widths = [text_width(text, TEXT) for text in texts]
    x = f.x + pad
    y = f.cy - 1
    for i, side in enumerate(("red", "white")):
        text, tw = texts[i], widths[i]
        if i:
            if w is None and not hidden:
                p.text(x + gap / 2 - 1, y, "=", size=TEXT, fill=MUTED, align="center")
            x += gap
        if side == w:
            fc = FACTION_COLOURS[side]
            p.rect(x - 3, y - 10, tw + 6, 20, fill=fc["fill"], stroke=fc["rim"], width=1, radius=4)
            p.text(x, y, text, size=TEXT, fill=fc["text"])
        else:
            p.text(x, y, text, size=TEXT, fill=MUTED)
        x += tw + after


def _token_glow(p: ScaledPen, slot: Any, exhausted: bool = False) -> None:
    """The ring round a lit token: a dark outline outside the glow (on the map, in a reserve and
    on the click layer alike), clear of the token's own rim.  Round an exhausted token the glow is
    dashed, as its rim is, so that a lit token still says which side is up (issue 33: the
    exhausted hatching hid under the rings)."""
    p.circle(slot.x, slot.y, slot.r + 4.1, stroke=GLOW_DARK, width=1.0)
    p.circle(slot.x, slot.y, slot.r + 2.3, stroke=GLOW, width=2.8, dash=(4.0, 2.4) if exhausted else None)


def _lit_road(p: ScaledPen, vis: Sequence[Point]) -> None:
    """A lit road, drawn a little over the boxes' edges so that even a short road shows up."""
    (x1, y1), (x2, y2) = vis[0], vis[-1]
    u1 = _unit(vis[1][0] - x1, vis[1][1] - y1) if len(vis) > 1 else (0.0, 0.0)
    u2 = _unit(x2 - vis[-2][0], y2 - vis[-2][1]) if len(vis) > 1 else (0.0, 0.0)
    seg = [(x1 - u1[0] * 3, y1 - u1[1] * 3), *vis[1:-1], (x2 + u2[0] * 3, y2 + u2[1] * 3)]
    p.line(seg, stroke=GLOW_DARK, width=9)
    p.line(seg, stroke=GLOW, width=6)


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def unrest_badge_box(lay: Layout, region: str) -> Box:
    """Where the unrest mark (a burst) goes: the right end of ``region``'s header."""
    hd = lay.regions[region].header
    return Box(hd.right - hd.h - 2, hd.y + 2, hd.h - 4, hd.h - 4)


def _unrest_badge(p: ScaledPen, lay: Layout, region: str, lit: bool) -> None:
    """The unrest mark on the region's header; the side column's tiles say it in words."""
    box = unrest_badge_box(lay, region)
    with p.group("unrest-badge"):
        if lit:
            p.circle(box.cx, box.cy, box.w / 2 + 3, stroke=GLOW, width=4)
        p.circle(box.cx, box.cy, box.w / 2, fill="#fff3e0", stroke="#bf360c", width=1.5)
        _burst(p, box.cx, box.cy, box.w / 2 - 2.5, "#e65100")


def _objective_marker(p: ScaledPen, lay: Layout, region: str, number: int, k: int) -> None:
    """An objective marker (1: the unrest region's; 2 and 3: the objectives revealed) on the
    region's header, left of the unrest mark: a dark disc with its number; ``k``: how many
    markers of this region are drawn to its right (both objectives may name one region)."""
    box = unrest_badge_box(lay, region)
    cx = box.cx - (k + 1) * (box.w + 3)
    with p.group("objective-marker", str(number)):
        p.circle(cx, box.cy, box.w / 2, fill="#263238", stroke="#ffffff", width=1.5)
        p.text(cx, box.cy + 0.5, str(number), size=TEXT, fill="#ffffff", bold=True, align="center")


def _burst(p: ScaledPen, cx: float, cy: float, r: float, colour: str) -> None:
    pts = []
    for i in range(16):
        rr = r if i % 2 == 0 else r * 0.5
        a = math.pi * i / 8
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    p.polygon(pts, fill=colour, stroke=None)


def _overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a.right, b.right) - max(a.x, b.x)) * max(0.0, min(a.bottom, b.bottom) - max(a.y, b.y))


#: The radius of an Opposition unit's level glyph (its supply, each Opposition card's chip).
LEVEL_R = 9.0


def _blockade_marker(p: ScaledPen, lay: Layout, conn: tuple[str, str], lit: bool, word: bool) -> None:
    """A striped barrier across the blocked road (``word=False``), or the word next to it
    where it covers no region (``word=True``; drawn after the regions)."""
    (mx, my), (ux, uy) = lay.blockade_spot(conn)   # on the road, clear of the boxes; its direction
    vx, vy = -uy, ux                 # across the road
    half_len, half_th = BARRIER_HALF_LEN, BARRIER_HALF_TH

    def pt(u: float, v: float) -> Point:
        return (mx + ux * u + vx * v, my + uy * u + vy * v)

    if not word:
        with p.group("blockade", f"{conn[0]}-{conn[1]}"):
            _barrier(p, pt, half_len, half_th, lit)
        return
    with p.group("blockade-word", f"{conn[0]}-{conn[1]}"):
        _blockade_word(p, lay, conn, half_len)


def _barrier(p: ScaledPen, pt: Any, half_len: float, half_th: float, lit: bool) -> None:
    if lit:
        p.polygon([pt(-half_th - 5, -half_len - 5), pt(half_th + 5, -half_len - 5),
                   pt(half_th + 5, half_len + 5), pt(-half_th - 5, half_len + 5)], fill=GLOW)
    stripes = 6
    for i in range(stripes):
        v0 = -half_len + 2 * half_len * i / stripes
        v1 = -half_len + 2 * half_len * (i + 1) / stripes
        p.polygon([pt(-half_th, v0), pt(half_th, v0), pt(half_th, v1), pt(-half_th, v1)],
                  fill="#111111" if i % 2 else "#ffc400")
    p.polygon([pt(-half_th, -half_len), pt(half_th, -half_len), pt(half_th, half_len), pt(-half_th, half_len)],
              stroke="#111111", width=1.5)


def _blockade_word(p: ScaledPen, lay: Layout, conn: tuple[str, str], half_len: float) -> None:
    """BLOCKADE on a plate beside the barrier, where :func:`_word_spot` finds room."""
    word = _("BLOCKADE")
    tw, th = text_width(word, TEXT, True) + 8, TEXT + 4
    spot = _word_spot(lay, conn, tw, th, half_len)
    if spot is None:         # no free place on the map: the side column names the blockade
        return
    lx, ly = spot
    p.rect(lx - tw / 2, ly - th / 2, tw, th, fill="#111111", radius=3)
    p.text(lx, ly, word, size=TEXT, fill="#ffc400", bold=True, align="center")


#: How far (design units) beyond the barrier's reach the plate naming it may stand
WORD_GAP = 8.0


@lru_cache(maxsize=256)
def _word_spot(lay: Layout, conn: tuple[str, str], tw: float, th: float, half_len: float) -> Point | None:
    """Where a ``tw`` x ``th`` plate naming the blockade on ``conn`` goes: the first place near
    the barrier that covers no region box, no other marker, not the barrier's own highlight, and
    is nearer the barrier than any other road (else it would seem to name that road); ``None``
    if there is none.  It depends on the layout and the word's width only, so every redraw of
    the same board finds it once (the road distances are the costly part)."""
    (mx, my), (ux, uy) = lay.blockade_spot(conn)
    vx, vy = -uy, ux                 # across the road
    reach = half_len + 6 + th / 2
    across = half_len + 6 + tw / 2
    candidates: list[Point] = []
    for k in (1.0, 1.6, 2.3):
        candidates += [(mx + vx * reach * k, my + vy * reach * k), (mx - vx * reach * k, my - vy * reach * k),
                       (mx, my + reach * k), (mx, my - reach * k), (mx + across * k, my), (mx - across * k, my)]
    avoid = [g.box.inset(-4) for g in lay.regions.values()]
    barrier = Box(mx - half_len - 6, my - half_len - 6, 2 * half_len + 12, 2 * half_len + 12)

    def cost(c: Point) -> float:
        """How much of the plate lands on a region, a marker or the barrier (0: none)."""
        plate = Box(c[0] - tw / 2, c[1] - th / 2, tw, th)
        if not (lay.map.contains(plate.x, plate.y) and lay.map.contains(plate.right, plate.bottom)):
            return 1e9
        near = _distance(plate, [(mx, my)]) + 6
        # touching the barrier's reach: a plate further off floated apart from its marker, and
        # only in the languages whose shorter word found room there (Italian BLOCCO: issue 33, QA6)
        if near > half_len + 6 + WORD_GAP:
            return 1e9
        if any(_distance(plate, pts) <= near for other, pts in lay.connections.items() if set(other) != set(conn)):
            return 1e9
        return sum(_overlap_area(plate, a) for a in (*avoid, barrier))

    costs = [cost(c) for c in candidates]
    best = min(range(len(candidates)), key=costs.__getitem__)
    return candidates[best] if costs[best] == 0 else None


def _distance(box: Box, line: Sequence[Point]) -> float:
    """How far ``box`` is from a point or a road (a polyline, measured every 2 units along it)."""
    points = list(line[:1])
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        n = max(1, int(math.hypot(bx - ax, by - ay) / 2))
        points += [(ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(1, n + 1)]
    return min(math.hypot(max(box.x - x, 0.0, x - box.right), max(box.y - y, 0.0, y - box.bottom)) for x, y in points)


# ---------------------------------------------------------------------- tokens
def token_style(s: "State", token: str) -> dict[str, Any]:
    """Colours and shape of a token as drawn now (public so that legends can reuse it)."""
    spec = s.spec(token)
    side = s.side_of(token)
    faction = side if side in FACTION_COLOURS else "neutral"
    fc = FACTION_COLOURS[faction]
    shape = {"leader": "square", "trotsky": "hexagon"}.get(spec.kind, "circle")
    if spec.owner == "opposition":
        shape = "octagon"
    caption = token_caption(s.comp, token, _LANG.get())
    return {"faction": faction, "colours": fc, "shape": shape, "caption": caption,
            "exhausted": s.is_exhausted(token), "opposition": spec.owner == "opposition"}


def _shape_points(shape: str, x: float, y: float, r: float) -> list[Point]:
    if shape == "square":
        k = r * 0.92
        return [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]
    if shape == "hexagon":
        return [(x + r * 1.08 * math.cos(math.pi / 3 * i), y + r * 1.08 * math.sin(math.pi / 3 * i)) for i in range(6)]
    if shape == "octagon":
        return [(x + r * 1.04 * math.cos(math.pi / 8 + math.pi / 4 * i),
                 y + r * 1.04 * math.sin(math.pi / 8 + math.pi / 4 * i)) for i in range(8)]
    return [(x + r * math.cos(2 * math.pi * i / 20), y + r * math.sin(2 * math.pi * i / 20)) for i in range(20)]


def _outline(p: ScaledPen, shape: str, x: float, y: float, r: float, **style: Any) -> None:
    if shape == "circle":
        p.circle(x, y, r, **style)
    elif shape == "square":
        p.rect(x - r * 0.92, y - r * 0.92, r * 1.84, r * 1.84, radius=r * 0.3, **style)
    else:
        p.polygon(_shape_points(shape, x, y, r), **style)


def _tokens(p: ScaledPen, s: "State", slots: Sequence[TokenSlot], hl: frozenset[Any], plate: str) -> None:
    """Tokens in their slots (a region's, the reserve's): the rings of the lit ones first, under
    every token, so that no ring covers a neighbour's name; names on plates of ``plate``."""
    for slot in slots:
        if slot.id in hl:
            with p.group("token-ring", slot.id):
                _token_glow(p, slot, s.is_exhausted(slot.id))
    for slot in slots:
        _token(p, s, slot, slot.id in hl, plate=plate)


def _fresh_face(p: ScaledPen, fc: dict[str, str], shape: str, x: float, y: float, r: float,
                opposition: bool) -> None:
    """A token's fresh side: its faction's fill and rim, and the Opposition's second rim inside."""
    _outline(p, shape, x, y, r, fill=fc["fill"], stroke=fc["rim"], width=max(1.0, r * 0.15))
    if opposition:
        _outline(p, shape, x, y, r * 0.78, fill=None, stroke=fc["text"], width=max(0.8, r * 0.09))


def _token(p: ScaledPen, s: "State", slot: TokenSlot, lit: bool, plate: str = PAPER,
           name_room: float = 0.0) -> None:
    """One token; ``name_room``: its name written on its right, in that much room."""
    st = token_style(s, slot.id)
    fc, shape, x, y, r = st["colours"], st["shape"], slot.x, slot.y, slot.r
    exhausted = st["exhausted"]
    side_word = "exhausted" if exhausted else "fresh"
    with p.group("token", slot.id, side=side_word, owner=st["faction"]):
        if exhausted:
            # exhausted side: pale, hatched, dashed rim
            _outline(p, shape, x, y, r, fill=fc["pale"], stroke=None)
            # (bold enough to be seen on a token 15 CSS px wide: the board at 1280x720)
            for seg in hatch(_shape_points(shape, x, y, r * 0.98), spacing=max(2.5, r * 0.4)):
                p.line(seg, stroke=fc["hatch"], width=max(0.8, r * 0.16))
            _outline(p, shape, x, y, r, fill=None, stroke=fc["rim"], width=max(1.0, r * 0.16), dash=(3.0, 2.0))
            p.circle(x, y, r * 0.55, fill="#ffffff", stroke=None)
            if st["opposition"]:  # the Opposition's mark: a second rim inside
                _outline(p, shape, x, y, r * 0.78, fill=None, stroke=fc["rim"], width=max(0.8, r * 0.09))
            num_colour = INK
        else:
            _fresh_face(p, fc, shape, x, y, r, st["opposition"])
            num_colour = fc["text"]
        if shape == "square":  # leaders: a small star on top
            _star(p, x + r * 0.58, y - r * 0.58, r * 0.36, "#ffd54f", fc["rim"])
        if slot.number:
            p.text(x, y + 0.5, str(s.strength_of(slot.id)), size=TEXT, fill=num_colour, bold=True, align="center")
        if name_room:
            p.text(x + r + 4, y + 0.5, st["caption"], size=TEXT, fill=INK, max_width=name_room)
        if slot.caption_size:
            cap = lay_caption(slot)
            p.rect(cap.x, cap.y, cap.w, cap.h, fill="#ffe0b2" if lit else plate, radius=2)
            p.text(x, slot.caption_y, st["caption"], size=slot.caption_size, fill=INK, align="center")


def _star(p: ScaledPen, cx: float, cy: float, r: float, fill: str, stroke: str) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + math.pi * i / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    p.polygon(pts, fill=fill, stroke=stroke, width=max(0.6, r * 0.15))


def hatch(points: Sequence[Point], spacing: float = 4.0, angle: float = math.pi / 4) -> list[list[Point]]:
    """Parallel hatch lines clipped to a convex polygon, as two-point segments."""
    ca, sa = math.cos(angle), math.sin(angle)
    # u runs along the hatch lines, v across them
    us = [(x * ca + y * sa, -x * sa + y * ca) for x, y in points]
    vmin, vmax = min(v for _, v in us), max(v for _, v in us)
    out: list[list[Point]] = []
    v = vmin + spacing / 2
    n = len(us)
    while v < vmax:
        hits: list[float] = []
        for i in range(n):
            (u1, v1), (u2, v2) = us[i], us[(i + 1) % n]
            if (v1 - v) * (v2 - v) < 0 or (v1 == v and v2 != v):
                t = (v - v1) / (v2 - v1)
                hits.append(u1 + t * (u2 - u1))
        if len(hits) >= 2:
            a, b = min(hits), max(hits)
            out.append([(a * ca - v * sa, a * sa + v * ca), (b * ca - v * sa, b * sa + v * ca)])
        v += spacing
    return out


# ---------------------------------------------------------------------- icons
def draw_icon(p: Any, icon: str, cx: float, cy: float, size: float, colour: str) -> None:
    """A simple geometric glyph for a region icon, fitting a ``size`` square centred on (cx, cy)."""
    fn = ICONS.get(icon, _icon_default)
    fn(p, cx, cy, size / 2, colour)


def _icon_factory(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    # saw-tooth roof, a chimney on the right
    x0, x1, y1 = cx - h, cx + h, cy + h * 0.9
    yr = cy - h * 0.05
    p.polygon([(x0, y1), (x0, yr - h * 0.1), (x0 + h * 0.5, yr - h * 0.55), (x0 + h * 0.5, yr),
               (x0 + h, yr - h * 0.55), (x0 + h, yr), (x1 - h * 0.35, yr), (x1 - h * 0.35, cy - h * 0.95),
               (x1, cy - h * 0.95), (x1, y1)], fill=c)


def _icon_anchor(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    w = max(1.0, h * 0.26)
    p.circle(cx, cy - h * 0.72, h * 0.22, stroke=c, width=w)
    p.line([(cx, cy - h * 0.5), (cx, cy + h * 0.9)], stroke=c, width=w)
    p.line([(cx - h * 0.45, cy - h * 0.25), (cx + h * 0.45, cy - h * 0.25)], stroke=c, width=w)
    arc = [(cx + h * 0.8 * math.cos(a), cy + h * 0.1 + h * 0.8 * math.sin(a))
           for a in [math.pi * (0.05 + 0.9 * i / 8) for i in range(9)]]
    p.line(arc, stroke=c, width=w)
    p.polygon([(cx - h, cy + h * 0.05), (cx - h * 0.55, cy + h * 0.2), (cx - h * 0.9, cy + h * 0.45)], fill=c)
    p.polygon([(cx + h, cy + h * 0.05), (cx + h * 0.55, cy + h * 0.2), (cx + h * 0.9, cy + h * 0.45)], fill=c)


def _icon_tree(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    p.polygon([(cx, cy - h), (cx + h * 0.6, cy - h * 0.2), (cx - h * 0.6, cy - h * 0.2)], fill=c)
    p.polygon([(cx, cy - h * 0.55), (cx + h * 0.85, cy + h * 0.5), (cx - h * 0.85, cy + h * 0.5)], fill=c)
    p.rect(cx - h * 0.15, cy + h * 0.5, h * 0.3, h * 0.45, fill=c)


def _icon_crown(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    p.polygon([(cx - h, cy - h * 0.6), (cx - h * 0.5, cy), (cx, cy - h * 0.85), (cx + h * 0.5, cy),
               (cx + h, cy - h * 0.6), (cx + h * 0.8, cy + h * 0.45), (cx - h * 0.8, cy + h * 0.45)], fill=c)
    p.rect(cx - h * 0.8, cy + h * 0.6, h * 1.6, h * 0.3, fill=c)


def _icon_columns(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    p.polygon([(cx - h, cy - h * 0.5), (cx, cy - h), (cx + h, cy - h * 0.5)], fill=c)
    for i in range(3):
        x = cx - h * 0.7 + i * h * 0.7
        p.rect(x - h * 0.13, cy - h * 0.38, h * 0.26, h * 1.0, fill=c)
    p.rect(cx - h, cy + h * 0.7, h * 2, h * 0.28, fill=c)


def _icon_rails(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    w = max(1.0, h * 0.2)
    for i in range(4):
        y = cy - h * 0.75 + i * h * 0.5
        p.line([(cx - h * 0.9, y), (cx + h * 0.9, y)], stroke=c, width=w)
    p.line([(cx - h * 0.45, cy - h), (cx - h * 0.45, cy + h)], stroke=c, width=w * 1.3)
    p.line([(cx + h * 0.45, cy - h), (cx + h * 0.45, cy + h)], stroke=c, width=w * 1.3)


def _icon_default(p: Any, cx: float, cy: float, h: float, c: str) -> None:
    p.circle(cx, cy, h * 0.7, stroke=c, width=max(1.0, h * 0.25))


ICONS = {
    "factory": _icon_factory, "anchor": _icon_anchor, "tree": _icon_tree,
    "crown": _icon_crown, "columns": _icon_columns, "rails": _icon_rails,
}


# ---------------------------------------------------------------------- side column
def _calendar(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    with p.group("calendar"):
        c = lay.calendar
        if "date" in hl:
            p.rect(c.x - 3, c.y - 3, c.w + 6, c.h + 6, stroke=GLOW, width=5, radius=8)
        tx, ty = lay.calendar_title
        p.text(tx, ty, _("CALENDAR"), size=TEXT, fill=MUTED, bold=True)
        for i, b in enumerate(lay.month_cells):
            here = i == s.month
            p.rect(b.x, b.y, b.w, b.h, fill="#263238" if here else "#ffffff", stroke="#263238",
                   width=2 if here else 1, radius=4)
            p.text(b.cx, b.cy, names.month(MONTHS[i], _LANG.get(), short=True), size=TEXT,
                   fill="#ffffff" if here else INK, align="center")
        for d, b in enumerate(lay.day_cells, start=1):
            here = d == s.day
            skipped = d in SKIPPED_DAYS
            bonus = d in BONUS_DAYS
            p.rect(b.x + 1, b.y + 1, b.w - 2, b.h - 2, fill="#263238" if here else ("#ece8dd" if skipped else "#ffffff"),
                   stroke="#9e9686", width=0.8, radius=2)
            colour = "#ffffff" if here else ("#a09a8c" if skipped else INK)
            p.text(b.cx - (4 if bonus else 0), b.cy + 0.5, str(d), size=TEXT, fill=colour, bold=here or bonus,
                   align="center")
            if skipped:
                p.line([(b.x + 5, b.bottom - 4), (b.right - 5, b.y + 4)], stroke="#a09a8c", width=1)
            if bonus:
                _star(p, b.right - 5, b.y + 5, 4, "#ffb300", "#6d4c00")


def _will(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    b = lay.will
    side = s.will
    fc = FACTION_COLOURS.get(side, FACTION_COLOURS["neutral"])
    with p.group("will", side):
        if "will" in hl:
            p.rect(b.x - 4, b.y - 4, b.w + 8, b.h + 8, stroke=GLOW, width=5, radius=8)
        p.rect(b.x, b.y, b.w, b.h, fill="#ffffff", stroke="#3a3a3a", width=1.5, radius=6)
        # a flag in the holder's colour
        fx, fy = b.x + 10, b.y + 9
        p.line([(fx, fy), (fx, b.bottom - 7)], stroke=INK, width=2)
        p.polygon([(fx + 1, fy), (fx + 20, fy + 3), (fx + 16, fy + 8), (fx + 20, fy + 13), (fx + 1, fy + 13)],
                  fill=fc["fill"], stroke=fc["rim"], width=1)
        p.text(b.x + 32, b.y + 14, _("Will of the People"), size=TEXT, fill=MUTED, bold=True)
        # a label under the box's title: the side as a label (French "Rouges"; in solo "Vous
        # (Blancs)", "Opposition (Rouges)"): the templates get the side's id; never wider than the box
        holder = names.side_label(side, _LANG.get()) if side else _side(side)
        if s.mode == "solo" and side in ("red", "white"):
            holder = _("{side} (you)", side=side) if side == s.player else _("{side} (Opposition)", side=side)
        # under the title, or further left (below the flag's cloth, right of its pole) where a long
        # label would not fit there ("Bianco (opposizione)")
        x = b.x + 32
        x = max(b.x + 18, min(x, b.right - 4 - text_width(holder, TEXT, True)))
        p.text(x, b.y + 36, holder, size=TEXT, fill=INK, bold=True, max_width=b.right - x - 4)


def _tile(p: ScaledPen, s: "State", b: Box, kind: str, title: str, title_w: float, region: str | None,
          lit: bool) -> None:
    """One tile as a row: its name on a label in the region's colour, then the region."""
    with p.group("tile", f"{kind}:{region or ''}"):
        if lit:
            p.rect(b.x - 3, b.y - 3, title_w + 6, b.h + 6, stroke=GLOW, width=5, radius=7)
        if region is None:
            p.rect(b.x, b.y, title_w, b.h, fill="#ffffff", stroke="#9e9686", width=1, dash=(4, 3), radius=5)
            p.text(b.x + title_w / 2, b.cy, title, size=TEXT, fill=MUTED, bold=True, align="center")
            p.text(b.x + title_w + 8, b.cy, _("no tile"), size=TEXT, fill=MUTED)
            return
        strong, pale, on_strong, outline = REGION_COLOURS.get(region, _FALLBACK_REGION)
        p.rect(b.x, b.y, title_w, b.h, fill=strong, stroke=outline, width=1.5, radius=5)
        p.text(b.x + title_w / 2, b.cy, title, size=TEXT, fill=on_strong, bold=True, align="center")
        moved = _moved_blockade(s) if kind == "blockade" else None
        if moved is not None:
            _moved_blockade_row(p, b, title_w, moved)
            return
        reg = s.comp.regions[s.comp.region_index[region]]
        draw_icon(p, reg.icon, b.x + title_w + 13, b.cy, 16, outline)
        name = _colour_name(region)
        p.text(b.x + title_w + 25, b.cy, name, size=TEXT, fill=INK, bold=True)


def _moved_blockade(s: "State") -> tuple[str, str] | None:
    """The connection the blockade marker closes when Mobilize Protest has moved it off the one
    printed on the blockade tile (R-ACT-PROTEST); None while it stands where the tile puts it."""
    if s.blockade is None or s.blockade_tile is None:
        return None
    printed = s.comp.arrows.get(s.blockade_tile)
    if printed is not None and set(printed) == set(s.blockade):
        return None
    return (s.blockade[0], s.blockade[1])


def _moved_blockade_row(p: ScaledPen, b: Box, title_w: float, conn: tuple[str, str]) -> None:
    """After a Protest the tile's row shows where the blockade is now, not the region printed on
    the tile: "BLOCKADE Red" read as a blockade at Red while the marker stood between Blue and
    Green (issue 33).  The row shows the connection's two colour squares joined by a road, as the
    arrow under the tile does while the marker is on the tile's own connection; the words would
    not fit the row at the board's text size ("Viola–Marrone" is 144 units, the row leaves 110)."""
    x = b.x + title_w + 10
    sq, gap = 14.0, 9.0
    with p.group("tile-arrow", f"{conn[0]}-{conn[1]}"):
        p.line([(x + sq / 2, b.cy), (x + sq + gap + sq / 2, b.cy)], stroke=ROAD, width=3)
        for region in conn:
            strong, _pale, _on, outline = REGION_COLOURS.get(region, _FALLBACK_REGION)
            p.rect(x, b.cy - sq / 2, sq, sq, fill=strong, stroke=outline, width=1, radius=2)
            x += sq + gap


def _tile_arrow(p: ScaledPen, conn: tuple[str, str], tile: Box, y: float, right: float) -> None:
    """The blockade tile's arrow, hanging from the tile's label: a bent arrow that leaves the
    label's foot and points at the connection it closes, drawn as the two regions' colours joined
    by a road (where the marker goes), on the line under the tile, ending before ``right``.  (It
    used to stand at the end of that line, after the stack's count, and read as the stack's.)"""
    sq, gap, arrow = 11.0, 7.0, 22.0
    x0 = tile.x + 9
    if x0 + arrow + 4 + sq + gap + sq > right:
        return
    with p.group("tile-arrow", f"{conn[0]}-{conn[1]}"):
        p.line([(x0, tile.bottom), (x0, y), (x0 + arrow - 4, y)], stroke=INK, width=2)
        p.polygon([(x0 + arrow, y), (x0 + arrow - 6, y - 4.5), (x0 + arrow - 6, y + 4.5)], fill=INK)
        x = x0 + arrow + 4
        p.line([(x + sq / 2, y), (x + sq + gap + sq / 2, y)], stroke=ROAD, width=3)
        for region in conn:
            strong, _pale, _on, outline = REGION_COLOURS.get(region, _FALLBACK_REGION)
            p.rect(x, y - sq / 2, sq, sq, fill=strong, stroke=outline, width=1, radius=2)
            x += sq + gap


def _tiles(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], _read: Any = None) -> None:
    with p.group("tiles"):
        tx, ty = lay.tiles_title
        p.text(tx, ty, _("REGION TILES"), size=TEXT, fill=MUTED, bold=True)
        lit = "tiles" in hl
        unrest, blockade = _("UNREST"), _("BLOCKADE")
        title_w = max(text_width(unrest, TEXT, True), text_width(blockade, TEXT, True)) + 14
        _tile(p, s, lay.unrest_tile, "unrest", unrest, title_w, s.unrest, lit or "unrest" in hl)
        _tile(p, s, lay.blockade_tile, "blockade", blockade, title_w, s.blockade_tile, lit or "blockade" in hl)
        # the stack's count at the line's right end, the tile's arrow at its left, under the tile
        _x, y = lay.stack_label
        right = lay.blockade_tile.right
        stack = _("{n} left in the stack", n=len(s.tile_stack))
        p.text(right, y, stack, size=TEXT, fill=MUTED, align="right")
        # the arrow shows the connection printed on the tile while the marker stands there; once
        # Mobilize Protest has moved the marker (R-ACT-PROTEST) the tile's row shows where it is
        # now and no arrow hangs from the tile (issue 33: _moved_blockade_row)
        if s.blockade_tile is not None and s.blockade is not None and _moved_blockade(s) is None:
            _tile_arrow(p, s.blockade, lay.blockade_tile, y, right - text_width(stack, TEXT) - 10)


def _info(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], read: Any = None) -> None:
    """What the players can see off the map: a reserve token by token (clicked to recruit),
    and the other side's reserve or the Opposition's supply in words; Trotsky waiting is drawn
    by the calendar (:func:`_trotsky_waiting`), the objectives face up by the track
    (:func:`_objectives`).  Two pieces (:meth:`Pen.cached`, ``read``: :func:`_info_inputs`):
    the reserve drawn token by token, and the words under it.

    Hands, stacks and deck are said in the widgets' panels, not here.
    """
    if read is None:
        read = _info_inputs(lay, s, hl)
    tokens, words, lit = read
    b = lay.info
    with p.group("info"):
        if lit:
            # (its foot inside the side column's tile: Layout.parts)
            p.rect(b.x - 3, b.y - 3, b.w + 6, b.h + 1, stroke=GLOW, width=4, radius=6)
        _piece(p, lay, "reserves:tokens", tokens, partial(_reserve_tokens, p, lay, s, hl))
        _piece(p, lay, "reserves:words", words, partial(_info_words, p, lay, s, words))


def _reserve_lit(lay: Layout, s: "State", hl: frozenset[Any]) -> bool:
    """Whether the reserve drawn token by token is lit whole: unless some of its tokens are (then
    their rings say which)."""
    side = lay.reserve_side(s)
    return (side is not None and ("reserve" in hl or reserve_part(side) in hl)
            and not any(t in hl for t in s.reserve(side)))


def _reserve_tokens(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    """The reserve of :meth:`Layout.reserve_side` token by token, under its title."""
    reserve_side = lay.reserve_side(s)
    if reserve_side is None:
        return
    b = lay.info
    y = b.y + 10
    area = lay.reserve_area
    slots = lay.reserve_slots(s)
    lit = _reserve_lit(lay, s, hl)
    if lit:
        p.rect(b.x, b.y, b.w, area.bottom - b.y, fill="#ffe0b2", stroke=GLOW, width=2, radius=3)
    fc = FACTION_COLOURS[reserve_side]
    p.circle(b.x + 5, y, 4.5, fill=fc["fill"], stroke=fc["rim"], width=1)
    title = (_("{side} reserve", side=reserve_side) if slots
             else _("{side} reserve: empty", side=reserve_side))
    p.text(b.x + 14, y, title, size=TEXT, fill=INK, bold=True, max_width=b.w - 16)
    with p.group("reserve", reserve_side):
        _tokens(p, s, slots, hl, "#ffe0b2" if lit else PAPER)


def _info_words(p: ScaledPen, lay: Layout, s: "State", words: tuple[Any, ...]) -> None:
    """Under the reserve: the other reserves in words (``words``: :func:`_info_inputs`' counts),
    the solo Opposition's supply by level."""
    reserve_side, counts, supply = words[0], words[1], dict(words[2])
    b = lay.info
    lines: list[tuple[str, str]] = []   # (text, colour key)
    for side, units, leaders in counts:
        lines.append((_("{side} reserve: {units}, {leaders}", side=side,
                        units=_.ngettext("{n} unit", "{n} units", units), leaders=_.ngettext("{n} leader", "{n} leaders", leaders)),
                      side))
    y = lay.reserve_area.bottom + 10 if reserve_side is not None else b.y + 10
    step = TEXT + 3
    for text, colour in lines:
        parts = _wrap(text, b.w - 16, TEXT)
        if y + (len(parts) - 1) * step > b.bottom - 9:
            break
        if colour in FACTION_COLOURS:
            fc = FACTION_COLOURS[colour]
            p.circle(b.x + 5, y, 4.5, fill=fc["fill"], stroke=fc["rim"], width=1)
        for part in parts:
            p.text(b.x + 14, y, part, size=TEXT, fill=INK)
            y += step
        y += 2
    if supply and s.opposition in FACTION_COLOURS and y + step <= b.bottom - 9:
        # the title, then one unit of each level with how many are left: two lines in every language
        fc = FACTION_COLOURS[s.opposition]
        p.circle(b.x + 5, y, 4.5, fill=fc["fill"], stroke=fc["rim"], width=1)
        p.text(b.x + 14, y, _("Opposition supply:"), size=TEXT, fill=INK, max_width=b.w - 16)
        y += step
        x = b.x + 14
        with p.group("supply", s.opposition):
            for level, left in supply.items():
                _supply_unit(p, s, level, x + 9, y, LEVEL_R)
                p.text(x + 21, y + 0.5, _("\u00d7{n}", n=left), size=TEXT, fill=INK)
                x += 64


def _supply_unit(p: ScaledPen, s: "State", level: int, x: float, y: float, r: float) -> None:
    """An Opposition unit of ``level`` as its token looks, fresh (the supply's count beside it)."""
    sample = _opposition_sample(s.comp, level)
    if sample is None:
        return
    st = token_style(s, sample)
    fc = st["colours"]
    _fresh_face(p, fc, st["shape"], x, y, r, opposition=True)
    p.text(x, y + 0.5, str(level), size=TEXT, fill=fc["text"], bold=True, align="center")


@lru_cache(maxsize=32)
def _opposition_sample(comp: "Components", level: int) -> str | None:
    """An Opposition unit of ``level`` in the components, to draw its look (the supply, each
    Opposition card's chip): looked for once, not at every redraw."""
    return next((t for t, spec in comp.tokens.items() if spec.owner == "opposition" and spec.level == level), None)


def _trotsky_waiting(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    """Trotsky waiting by the calendar (R-CAL-TROTSKY): his token beside the month's last days."""
    waiting = [t for t in (s.comp.trotsky_neutral, s.comp.trotsky_red) if s.place.get(t) == "waiting"]
    if not waiting:
        return
    last = lay.day_cells[-1]                      # day 31: the free cells after it
    box = Box(last.right + 2, last.y, lay.calendar.right - last.right - 4, last.h)
    slot = TokenSlot(waiting[0], box.x + 12, box.cy, 10.0, 0.0, 0.0, 0.0, True)
    with p.group("trotsky-waiting", waiting[0]):
        _token(p, s, slot, waiting[0] in hl, name_room=box.w - 26)


# ---------------------------------------------------------------------- support track
def _track(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], _read: Any = None) -> None:
    L = s.comp.track_length
    score = max(-L, min(L, s.score))
    cells = lay.track_cells
    with p.group("score", str(s.score)):
        if "score" in hl:
            t = lay.track
            # (its foot inside the track's tile: Layout.parts)
            p.rect(t.x - 2, t.y - 2, t.w + 4, t.h + 2, stroke=GLOW, width=5, radius=8)
        title = _("SUPPORT TRACK: {lead}", lead=lead(score))
        tx, ty = lay.track_title
        p.text(tx, ty, title, size=TEXT, fill=INK, bold=True, align="center", max_width=_title_room(lay, s, tx))
        first, last = cells[0], cells[-1]
        # The side over "wins" at each end, as its language labels a side there (French
        # "BLANCS / victoire": a bare "BLANC / gagne" reads as a sentence without its article);
        # both ends are red and white, never the Opposition.
        # Translators: a side's label at its own end of the support track, in capitals, over
        # the word "wins" (French "BLANCS" over "victoire")
        ends = {side: _.pgettext("support track's end, over 'wins'", "{side:upper}", side=side) for side in ("white", "red")}
        p.text(first.x - 6, first.cy - 8, ends["white"], size=TEXT, fill=INK, bold=True, align="right")
        p.text(first.x - 6, first.cy + 9, _("wins"), size=TEXT, fill=MUTED, align="right")
        p.text(last.right + 6, last.cy - 8, ends["red"], size=TEXT, fill=FACTION_COLOURS["red"]["fill"], bold=True)
        p.text(last.right + 6, last.cy + 9, _("wins"), size=TEXT, fill=MUTED)
        for i, b in enumerate(cells):
            v = i - L
            fill = "#f6dcd9" if v > 0 else ("#ebebe8" if v < 0 else "#ffffff")
            if abs(v) == L:
                fill = "#e8a6a0" if v > 0 else "#c9c9c4"
            p.rect(b.x, b.y, b.w, b.h, fill=fill, stroke="#8f887a", width=1)
            if v != score:    # the marker shows its own number
                p.text(b.cx, b.cy, str(abs(v)) if v else "0", size=TEXT, fill=MUTED, align="center")
        b = cells[score + L]
        side = "red" if score > 0 else ("white" if score < 0 else "neutral")
        fc = FACTION_COLOURS[side]
        p.circle(b.cx, b.cy, min(b.w, b.h) / 2 - 0.5, fill=fc["fill"], stroke="#111111", width=2)
        p.text(b.cx, b.cy + 0.5, str(abs(score)), size=TEXT, fill=fc["text"], bold=True, align="center")
    _objectives(p, lay, s, hl)


def _objective_span(lay: Layout, s: "State", side: str, card: str) -> tuple[float, float]:
    """Where ``side``'s objective face up is drawn on the track's top line: its left and width
    (the side's dot, "Objective:", the card)."""
    t = lay.track
    width = 14 + text_width(_(OBJECTIVE_LABEL), TEXT) + 6 + card_chip_width(s.comp, card)
    # (at the track's top: a lit card's ring stays inside the track's tile, Layout.parts)
    return (t.x + 4 if side == "white" else t.right - 8 - width), width   # (clear of the lit track's ring)


def _title_room(lay: Layout, s: "State", centre: float) -> float | None:
    """How wide the track's centred title may be: clear of the objectives face up on its line by 4
    px each side (a long title in some language is squeezed to fit, never drawn over a card)."""
    if lay.objectives_top != lay.track.y:
        return None                                   # (a tall board draws them under the spaces)
    half = lay.track.w / 2
    for side in ("white", "red"):
        card = face_up_objective(s, side)
        if card is not None:
            x, width = _objective_span(lay, s, side, card)
            half = min(half, centre - (x + width) - 4 if side == "white" else x - 4 - centre)
    return 2 * half if half < lay.track.w / 2 else None


def _objectives(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    """The objectives face up (Espionage, Organize, scoring), each at its side's end of the
    track (white's on the left, red's on the right), on the title's line: the side's dot,
    "Objective:", then the card.  The centred title leaves room for them in every language
    (tests/test_drawing.py)."""
    label = _(OBJECTIVE_LABEL)
    for side in ("white", "red"):
        card = face_up_objective(s, side)
        if card is None:
            continue
        w = card_chip_width(s.comp, card)
        x, width = _objective_span(lay, s, side, card)
        chip = Box(x + width - w, lay.objectives_top, w, 20)         # (clear of "RED wins" below)
        with p.group("objective", f"{side}:{card}"):
            fc = FACTION_COLOURS[side]
            p.circle(x + 5, chip.cy, 4.5, fill=fc["fill"], stroke=fc["rim"], width=1)
            p.text(x + 14, chip.cy, label, size=TEXT, fill=INK)
            _card(p, s, card, chip, card in hl, group="objective-card")


# ---------------------------------------------------------------------- played cards
def _cards_row(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any], _read: Any = None) -> None:
    """The cards played this round, in order: a command card as its region's colour and icon
    with its day number ("5 (2nd)": the second copy of the 5), a leader card by the leader's
    name; in solo the Opposition's command cards also show the unit each placed.  Their details
    are in the widgets' panels."""
    slots, labels, title_w = lay.played_slots(s)
    r = lay.row
    with p.group("cards"):
        if "cards" in hl:
            # (from just below the track's ring: Layout.parts)
            p.rect(r.x - 2, r.y + 1, r.w + 4, r.h + 1, stroke=GLOW, width=4, radius=6)
        if title_w:
            t1, t2 = CARDS_TITLES["solo" if s.mode == "solo" else "two-player"]
            p.text(r.x + 2, r.y + 9, _(t1), size=TEXT, fill=MUTED, bold=True)
            p.text(r.x + 2, r.y + 27, _(t2), size=TEXT, fill=MUTED, bold=True)
        if not slots:
            p.text(r.x + title_w + 10, r.y + ROW_LINE_H / 2, _("no cards played yet this round"), size=TEXT, fill=MUTED)
            return
        for side, (x, y) in labels:
            p.text(x + 2, y, _("{side}:", side=side), size=TEXT, fill=INK, bold=True)
        for slot in slots:
            _card(p, s, slot.id, slot.box, slot.id in hl, level=slot.level)
        if any(slot.level for slot in slots):
            _recruit_legend(p, s, r, slots)


#: The key of the Opposition's card chips (solo): the unit drawn on a chip is the card's recruit value.
RECRUIT_LEGEND = N_("= recruit value")


def _recruit_legend(p: ScaledPen, s: "State", r: Box, slots: Sequence[Any]) -> None:
    """The key of the unit drawn on each Opposition card (R-SOLO-OPP-TURN: it places a unit of
    the card's recruit value): an Opposition unit and "= recruit value", at the right end of the
    first line of the row with room for it (issue 33: the value could not be checked); left out
    where no line has room."""
    words = _(RECRUIT_LEGEND)
    width = 2 * LEVEL_R + 5 + text_width(words, TEXT)
    x = r.right - 2 - width
    top = r.y
    while top + ROW_LINE_H <= r.bottom + 1e-6:
        used = max((sl.box.right for sl in slots if top <= sl.box.y < top + ROW_LINE_H), default=r.x)
        if used + 14 <= x:
            sample = _opposition_sample(s.comp, 1)
            cy = top + ROW_LINE_H / 2
            with p.group("recruit-legend"):
                if sample is not None:
                    _fresh_face(p, token_style(s, sample)["colours"], token_style(s, sample)["shape"],
                                x + LEVEL_R, cy, LEVEL_R, opposition=True)
                p.text(x + 2 * LEVEL_R + 5, cy + 0.5, words, size=TEXT, fill=MUTED)
            return
        top += ROW_LINE_H


def _card(p: ScaledPen, s: "State", cid: str, b: Box, lit: bool, group: str = "card", level: int = 0) -> None:
    """A card chip; ``group``: "card" for a played card, "objective-card" for an objective face up;
    ``level``: the Opposition unit the card placed, drawn at its right end as in the supply."""
    comp = s.comp
    with p.group(group, cid):
        if lit:
            p.rect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, stroke=GLOW, width=4, radius=6)
        icon = ""
        if cid in comp.cards:
            region = comp.cards[cid].region
            strong, pale, on_strong, outline = REGION_COLOURS.get(region, _FALLBACK_REGION)
            icon = comp.regions[comp.region_index[region]].icon
        elif cid in comp.leaders:
            fc = FACTION_COLOURS.get(comp.leaders[cid].faction, FACTION_COLOURS["neutral"])
            strong, on_strong, outline = fc["fill"], fc["text"], fc["rim"]
        else:
            strong, pale, on_strong, outline = _FALLBACK_REGION
        p.rect(b.x, b.y, b.w, b.h, fill=strong, stroke=outline, width=1.5, radius=4)
        if s.card == cid:   # the card being played: a second rim
            p.rect(b.x + 2.5, b.y + 2.5, b.w - 5, b.h - 5, stroke=on_strong, width=1.2, radius=3)
        text = card_chip_text(comp, cid, _LANG.get())
        if icon:
            draw_icon(p, icon, b.x + 4 + CHIP_ICON_W / 2, b.cy, 14, on_strong)
            p.text(b.x + 6 + CHIP_ICON_W, b.cy + 0.5, text, size=TEXT, fill=on_strong)
        else:
            p.text(b.cx, b.cy + 0.5, text, size=TEXT, fill=on_strong, align="center")
        if level:
            _supply_unit(p, s, level, b.right - CHIP_LEVEL_W / 2 - 1, b.cy, LEVEL_R)


def _wrap(text: str, room: float, size: float) -> list[str]:
    """Split ``text`` into lines that fit ``room`` (estimated width); never at a no-break
    space (French puts one before a colon: "Blancs :" stays on one line)."""
    lines: list[str] = []
    cur = ""
    for word in text.replace("\n", " ").split(" "):
        if not word:
            continue
        trial = f"{cur} {word}".strip()
        if cur and text_width(trial, size) > room:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


#: The picture's parts in drawing order, each in its tile (``Layout.parts``): its name, its
#: drawing ``(pen, layout, state, highlight, inputs)`` and what it reads ``(layout, state, highlight)``.
_Inputs = Callable[[Layout, "State", frozenset[Any]], tuple[Any, ...]]
_PARTS: tuple[tuple[str, Callable[..., None], _Inputs], ...] = (
    ("status", _status, _status_inputs), ("map", _map, _map_inputs), ("calendar", _calendar_part, _calendar_inputs),
    ("tiles", _tiles, _tiles_inputs), ("reserves", _info, _info_inputs), ("track", _track, _track_inputs),
    ("cards", _cards_row, _cards_inputs))
