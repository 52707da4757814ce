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
from typing import TYPE_CHECKING, Any, Sequence

from .. import names
from ..dates import BONUS_DAYS, MONTHS, SKIPPED_DAYS
from ..i18n import DEFAULT_LANGUAGE, N_, check_language, translator
from ..rounds import SOLO_ROUNDS
from .layout import (
    DESIGN_H, DESIGN_W, TEXT, TOKEN_R, Box, Layout, TokenSlot, layout_for, played_groups, text_width,
)

lay_caption = Layout.caption_box
from .pen import Pen, Point, ScaledPen

if TYPE_CHECKING:
    from ..state import State

__all__ = [
    "draw_board", "draw_empty", "normalize_highlight", "HIGHLIGHT_KEYS",
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

# Every word drawn comes from the catalogs in the language draw_board was given;
# the helpers below read it from here rather than take one more argument each.
_LANG: ContextVar[str] = ContextVar("dualpowers_board_language", default=DEFAULT_LANGUAGE)


def _(msgid: str, **params: Any) -> str:
    """``msgid`` in the language of the board being drawn, formatted with ``params``."""
    return translator(_LANG.get())(msgid, **params)


def _n(singular: str, plural: str, n: int, **params: Any) -> str:
    return translator(_LANG.get()).n(singular, plural, n, **params)


_.ngettext = _n  # type: ignore[attr-defined]  # _.ngettext("{n} card", "{n} cards", n), as on a Translator


def _side(side: str | None) -> str:
    return names.side(side, _LANG.get()) if side else _("nobody")

#: Keys of ``highlight`` naming parts of the board other than regions, tokens, connections, cards.
HIGHLIGHT_KEYS = frozenset({"date", "calendar", "will", "score", "track", "unrest", "blockade", "tiles",
                            "cards", "status", "info", "reserve"})
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
               width: float = DESIGN_W, height: float = DESIGN_H, lang: str = DEFAULT_LANGUAGE) -> Layout:
    """Draw the whole board for ``state`` through ``pen`` on a ``width`` x ``height`` picture.

    ``highlight`` emphasises parts of the board (see :func:`normalize_highlight`);
    every word is written in ``lang`` ("en", "fr" or "it").
    Returns the :class:`Layout` used, which can hit-test clicks on the picture.
    """
    token = _LANG.set(check_language(lang))
    try:
        return _draw_board(pen, state, highlight, width, height)
    finally:
        _LANG.reset(token)


def _draw_board(pen: Pen, state: "State", highlight: Any, width: float, height: float) -> Layout:
    lay = layout_for(state.comp, float(width), float(height))
    hl = normalize_highlight(state, highlight)
    pen.clear(PAPER)
    p = ScaledPen(pen, lay.scale, lay.dx, lay.dy)
    _status(p, lay, state, hl)
    _map(p, lay, state, hl)
    _calendar(p, lay, state, hl)
    _will(p, lay, state, hl)
    _tiles(p, lay, state, hl)
    _info(p, lay, state, hl)
    _track(p, lay, state, hl)
    _cards_row(p, lay, state, hl)
    return lay


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
def _status(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    b = lay.status
    with p.group("status"):
        p.rect(b.x, b.y, b.w, b.h, fill="#2b2824")
        if "status" in hl:
            p.rect(b.x + 2, b.y + 2, b.w - 4, b.h - 4, stroke=GLOW, width=3)
        if s.mode == "solo":
            p.text(b.x + 10, b.cy, _("Round {number} of {rounds}", number=s.round, rounds=SOLO_ROUNDS), size=TEXT + 1,
                   fill="#ffffff", bold=True)
        else:
            p.text(b.x + 10, b.cy, _("Round {number}", number=s.round), size=TEXT + 1, fill="#ffffff", bold=True)
        if s.mode == "solo":
            right = _("Solo: you play {side}, difficulty X = {x}", side=_side(s.player), x=s.difficulty)
        else:
            right = _("Two-player game")
        if s.edition != "fr":
            right = _("{mode}  |  edition {edition}", mode=right, edition=s.edition.upper())
        p.text(b.right - 10, b.cy, right, size=TEXT, fill="#e0dccf", align="right", max_width=330)
        right_w = min(330.0, text_width(right, TEXT))
        if s.is_over():
            win = s.winner()
            if not win:
                text = _("GAME OVER")
            elif s.mode != "solo":
                text = _("GAME OVER: {side} WINS", side=_side(win).upper())
            elif win == s.player:
                text = _("GAME OVER: {side} WINS (you)", side=_side(win).upper())
            else:
                text = _("GAME OVER: {side} WINS (the Opposition)", side=_side(win).upper())
            w = text_width(text, 13, True) + 24
            fc = FACTION_COLOURS.get(win or "neutral", FACTION_COLOURS["neutral"])
            with p.group("result", win or ""):
                p.rect(b.cx - w / 2, b.y + 3, w, b.h - 6, fill=fc["fill"], stroke="#ffd54f", width=2, radius=6)
                p.text(b.cx, b.cy, text, size=TEXT + 1, fill=fc["text"], bold=True, align="center", max_width=w - 12)
            return
        who = s.to_act
        if who:
            name = _side(who)
            if s.mode == "solo":
                name = _("{side} (you)", side=name) if who == s.player else _("{side} (Opposition)", side=name)
            fc = FACTION_COLOURS[who] if who in FACTION_COLOURS else FACTION_COLOURS["neutral"]
            x = b.x + 128
            p.circle(x, b.cy, 6, fill=fc["fill"], stroke="#ffffff", width=1.5)
            p.text(x + 12, b.cy, _("{side} to act: {step}", side=name, step=_(STEP_WORDS.get(s.step, s.step))), size=TEXT + 1,
                   fill="#ffffff", bold=True, max_width=b.right - 30 - right_w - (x + 12))


# ---------------------------------------------------------------------- the city map
def _map(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    comp = s.comp
    with p.group("map"):
        # Connections first (under the region boxes): a road between box centres.
        for conn in comp.connections:
            pts = lay.roads[conn]
            with p.group("connection", f"{conn[0]}-{conn[1]}"):
                p.line(pts, stroke=ROAD, width=5)
                p.line(pts, stroke="#d9d2c2", width=1.5)
        for r in comp.regions:
            _region(p, lay, s, r, hl)
        # Where each road leaves a box: a small gate, so short roads stay visible.
        for conn in comp.connections:
            vis = lay.connections[conn]
            (x1, y1), (x2, y2) = vis[0], vis[-1]
            lit = conn in hl
            if lit:  # drawn over the boxes' edges so that even a short road shows up
                u1 = _unit(vis[1][0] - x1, vis[1][1] - y1) if len(vis) > 1 else (0.0, 0.0)
                u2 = _unit(x2 - vis[-2][0], y2 - vis[-2][1]) if len(vis) > 1 else (0.0, 0.0)
                seg = [(x1 - u1[0] * 3, y1 - u1[1] * 3), *vis[1:-1], (x2 + u2[0] * 3, y2 + u2[1] * 3)]
                p.line(seg, stroke=GLOW_DARK, width=9)
                p.line(seg, stroke=GLOW, width=6)
            for x, y in ((x1, y1), (x2, y2)):
                p.circle(x, y, 3.5, fill=GLOW if lit else ROAD, stroke=INK, width=1)
        if s.blockade is not None and s.blockade in lay.connections:
            _blockade_marker(p, lay, s.blockade, "blockade" in hl, s.unrest if s.unrest in lay.regions else None)
        if s.unrest in lay.regions:
            _unrest_badge(p, lay, s.unrest, "unrest" in hl)


def _region(p: ScaledPen, lay: Layout, s: "State", region: Any, hl: frozenset[Any]) -> None:
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
        k = hd.h / 22
        draw_icon(p, region.icon, hd.x + 13 * k, hd.cy, 15 * k, on_strong)
        label = names.region_label(region.name, region.label, _LANG.get()) if region.label \
            else names.region(region.name, _LANG.get())
        p.text(hd.x + 25 * k, hd.cy + 0.5, label, size=(TEXT + 0.5) * k, fill=on_strong, bold=True, max_width=hd.w - 30 * k)

        tokens = s.tokens_in(region.name)
        presence = None
        try:
            from ..presence import force_in_presence
            presence = force_in_presence(s, region.name)
        except Exception:  # a partial position: draw without the strengths line
            presence = None
        slots = lay.token_slots(region.name, tokens)
        # Highlight rings first, as outlines under every token of the region, so that no
        # ring can cover a neighbour's name; each name is then written on a small plate.
        for slot in slots:
            if slot.id in hl:
                with p.group("token-ring", slot.id):
                    p.circle(slot.x, slot.y, slot.r + 3.2, stroke=GLOW_DARK, width=1.0)
                    p.circle(slot.x, slot.y, slot.r + 1.8, stroke=GLOW, width=3.2)
        for slot in slots:
            _token(p, s, slot, slot.id in hl, plate=pale)

        f = geom.footer
        if presence is not None and tokens:
            st = presence.strength
            left = _("Red {red}  White {white}", red=st.get('red', 0), white=st.get('white', 0))
            w = presence.winner
            if w is None:
                right = _("nobody stronger")
            elif presence.decided_by == "tokens":
                right = _("{side} stronger (more tokens)", side=_side(w))
            elif presence.decided_by == "will":
                right = _("{side} stronger (Will)", side=_side(w))
            else:
                right = _("{side} stronger", side=_side(w))
            fs = TEXT * f.h / 13
            p.text(f.x + 6, f.cy - 2.2, left, size=fs, fill=MUTED, max_width=f.w * 0.45)
            room = f.w - 18 - min(f.w * 0.45, text_width(left, fs))
            p.text(f.right - 6, f.cy - 2.2, right, size=fs, fill=INK, bold=True, align="right", max_width=room)


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def unrest_badge_box(lay: Layout, region: str) -> Box:
    """Where the UNREST tab goes on top of ``region``'s box, clear of the roads meeting that edge."""
    b = lay.regions[region].box
    w, h = 74.0, 17.0
    gates = [pt[0] for pts in lay.connections.values() for pt in (pts[0], pts[-1]) if abs(pt[1] - b.y) < 1.5]
    x = b.right - w - 8
    for cand in (b.right - w - 8, b.cx - w / 2, b.x + 8):
        if not any(cand - 8 <= gx <= cand + w + 8 for gx in gates):
            x = cand
            break
    return Box(x, b.y - h + 3, w, h)


def _unrest_badge(p: ScaledPen, lay: Layout, region: str, lit: bool) -> None:
    """A tab on top of the region box, placed clear of the roads that meet that edge."""
    box = unrest_badge_box(lay, region)
    x, y, w, h = box.x, box.y, box.w, box.h
    with p.group("unrest-badge"):
        if lit:
            p.rect(x - 3, y - 3, w + 6, h + 6, stroke=GLOW, width=4, radius=8)
        p.rect(x, y, w, h, fill="#fff3e0", stroke="#bf360c", width=1.5, radius=7)
        _burst(p, x + 9, y + h / 2, 6.5, "#e65100")
        p.text(x + 18, y + h / 2, _("UNREST"), size=TEXT, fill="#bf360c", bold=True, max_width=w - 20)


def _burst(p: ScaledPen, cx: float, cy: float, r: float, colour: str) -> None:
    pts = []
    for i in range(16):
        rr = r if i % 2 == 0 else r * 0.5
        a = math.pi * i / 8
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    p.polygon(pts, fill=colour, stroke=None)


def _overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a.right, b.right) - max(a.x, b.x)) * max(0.0, min(a.bottom, b.bottom) - max(a.y, b.y))


def _blockade_marker(p: ScaledPen, lay: Layout, conn: tuple[str, str], lit: bool,
                     s_unrest: str | None = None) -> None:
    """A striped barrier across the blocked road, with the word next to it."""
    (mx, my), (ux, uy) = lay.connection_mid(conn)   # middle of the road, direction along it
    vx, vy = -uy, ux                 # across the road
    half_len, half_th = 17.0, 6.0

    def pt(u: float, v: float) -> Point:
        return (mx + ux * u + vx * v, my + uy * u + vy * v)

    with p.group("blockade", f"{conn[0]}-{conn[1]}"):
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
        # the word, on a small plate beside the barrier
        word = _("BLOCKADE")
        size = TEXT
        tw, th = text_width(word, size, True) + 8, TEXT + 4
        # the word on a plate beside the barrier: the first place that covers no region,
        # no other marker and not the barrier's own highlight
        reach = half_len + 6 + th / 2
        across = half_len + 6 + tw / 2
        candidates: list[Point] = []
        for k in (1.0, 1.6, 2.3, 3.0):
            candidates += [(mx + vx * reach * k, my + vy * reach * k), (mx - vx * reach * k, my - vy * reach * k),
                           (mx, my + reach * k), (mx, my - reach * k), (mx + across * k, my), (mx - across * k, my)]
        avoid = [g.box for g in lay.regions.values()]
        if s_unrest is not None:
            avoid.append(unrest_badge_box(lay, s_unrest))
        barrier = Box(mx - half_len - 6, my - half_len - 6, 2 * half_len + 12, 2 * half_len + 12)

        def cost(c: Point) -> float:
            """How much of the plate lands on a region, a marker or the barrier (0: none)."""
            plate = Box(c[0] - tw / 2, c[1] - th / 2, tw, th)
            if not (lay.map.contains(plate.x, plate.y) and lay.map.contains(plate.right, plate.bottom)):
                return 1e9
            return sum(_overlap_area(plate, a) for a in (*avoid, barrier))

        lx, ly = min(candidates, key=lambda c: (cost(c) > 0, cost(c)))
        p.rect(lx - tw / 2, ly - th / 2, tw, th, fill="#111111", radius=3)
        p.text(lx, ly, word, size=size, fill="#ffc400", bold=True, align="center")


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
    if spec.kind == "leader" or spec.kind == "trotsky":
        caption = names.token("Trotsky" if spec.kind == "trotsky" else spec.id, _LANG.get())
    else:
        caption = spec.id
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


def _token(p: ScaledPen, s: "State", slot: TokenSlot, lit: bool, plate: str = PAPER) -> None:
    st = token_style(s, slot.id)
    fc, shape, x, y, r = st["colours"], st["shape"], slot.x, slot.y, slot.r
    exhausted = st["exhausted"]
    side_word = "exhausted" if exhausted else "fresh"
    with p.group("token", slot.id, side=side_word, owner=st["faction"]):
        if exhausted:
            # exhausted side: pale, hatched, dashed rim
            _outline(p, shape, x, y, r, fill=fc["pale"], stroke=None)
            for seg in hatch(_shape_points(shape, x, y, r * 0.98), spacing=max(2.5, r * 0.36)):
                p.line(seg, stroke=fc["hatch"], width=max(0.8, r * 0.11))
            _outline(p, shape, x, y, r, fill=None, stroke=fc["rim"], width=max(1.0, r * 0.16), dash=(3.0, 2.0))
            p.circle(x, y, r * 0.55, fill="#ffffff", stroke=None)
            num_colour = INK
        else:
            _outline(p, shape, x, y, r, fill=fc["fill"], stroke=fc["rim"], width=max(1.0, r * 0.15))
            num_colour = fc["text"]
        if st["opposition"]:  # the Opposition's mark: a second rim inside
            _outline(p, shape, x, y, r * 0.78, fill=None, stroke=fc["rim"] if exhausted else fc["text"],
                     width=max(0.8, r * 0.09))
        if shape == "square":  # leaders: a small star on top
            _star(p, x + r * 0.58, y - r * 0.58, r * 0.36, "#ffd54f", fc["rim"])
        p.text(x, y + 0.5, str(s.strength_of(slot.id)), size=r * TEXT / TOKEN_R, fill=num_colour, bold=True, align="center")
        if slot.caption_size:
            cap = lay_caption(slot)
            p.rect(cap.x, cap.y, cap.w, cap.h, fill="#fff3e0" if lit else plate, radius=2)
            p.text(x, slot.caption_y, st["caption"], size=slot.caption_size, fill=INK, align="center",
                   bold=lit, max_width=cap.w - 1)


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


# ---------------------------------------------------------------------- side panel
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
                   width=1.5 if here else 1, radius=4)
            p.text(b.cx, b.cy, names.month(MONTHS[i], _LANG.get(), short=True), size=TEXT,
                   fill="#ffffff" if here else INK, bold=here, align="center", max_width=b.w - 2)
        for d, b in enumerate(lay.day_cells, start=1):
            here = d == s.day
            skipped = d in SKIPPED_DAYS
            bonus = d in BONUS_DAYS
            p.rect(b.x + 1, b.y + 1, b.w - 2, b.h - 2, fill="#263238" if here else ("#ece8dd" if skipped else "#ffffff"),
                   stroke="#9e9686", width=0.8, radius=2)
            colour = "#ffffff" if here else ("#a09a8c" if skipped else INK)
            p.text(b.cx - (5 if bonus else 0), b.cy + (1 if bonus else 0), str(d), size=TEXT, fill=colour, bold=here or bonus, align="center")
            if skipped:
                p.line([(b.x + 5, b.bottom - 4), (b.right - 5, b.y + 4)], stroke="#a09a8c", width=1)
            if bonus:
                _star(p, b.right - 5, b.y + 5, 3.5, "#ffb300", "#6d4c00")
        x, y = lay.date_label
        p.text(x, y, _("Date: {date}", date=names.date(MONTHS[s.month], s.day, _LANG.get())), size=TEXT + 1, fill=INK,
               bold=True, align="center", max_width=c.w - 8)


def _will(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    b = lay.will
    side = s.will
    fc = FACTION_COLOURS.get(side, FACTION_COLOURS["neutral"])
    with p.group("will", side):
        if "will" in hl:
            p.rect(b.x - 4, b.y - 4, b.w + 8, b.h + 8, stroke=GLOW, width=5, radius=8)
        p.rect(b.x, b.y, b.w, b.h, fill="#ffffff", stroke="#3a3a3a", width=1.5, radius=6)
        # a flag in the holder's colour
        fx, fy = b.x + 14, b.y + 8
        p.line([(fx, fy), (fx, b.bottom - 6)], stroke=INK, width=2)
        p.polygon([(fx + 1, fy), (fx + 20, fy + 3), (fx + 16, fy + 8), (fx + 20, fy + 13), (fx + 1, fy + 13)],
                  fill=fc["fill"], stroke=fc["rim"], width=1)
        p.text(b.x + 44, b.y + 13, _("{side} holds the Will of the People", side=_side(side)), size=TEXT, fill=INK,
               bold=True, max_width=b.w - 50)
        sub = names.faction(side, _LANG.get()) if side in ("red", "white") else ""
        if s.mode == "solo" and sub:
            sub = _("{faction} (you)", faction=sub) if side == s.player else _("{faction} (the Opposition)", faction=sub)
        p.text(b.x + 44, b.y + 29, sub, size=TEXT, fill=MUTED, max_width=b.w - 50)


def _tile(p: ScaledPen, s: "State", b: Box, kind: str, title: str, region: str | None, extra: str,
          lit: bool) -> None:
    with p.group("tile", f"{kind}:{region or ''}"):
        if lit:
            p.rect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, stroke=GLOW, width=5, radius=7)
        if region is None:
            p.rect(b.x, b.y, b.w, b.h, fill="#ffffff", stroke="#9e9686", width=1, dash=(4, 3), radius=5)
            p.text(b.cx, b.y + 11, title, size=TEXT, fill=MUTED, bold=True, align="center")
            p.text(b.cx, b.y + 30, _("no tile"), size=TEXT, fill=MUTED, align="center", max_width=b.w - 4)
            return
        strong, pale, on_strong, outline = REGION_COLOURS.get(region, _FALLBACK_REGION)
        p.rect(b.x, b.y, b.w, b.h, fill=pale, stroke=outline, width=1.5, radius=5)
        p.rect(b.x, b.y, b.w, 18, fill=strong, stroke=outline, width=1.5, radius=5)
        p.rect(b.x + 1, b.y + 12, b.w - 2, 5, fill=strong)
        p.text(b.cx, b.y + 9, title, size=TEXT, fill=on_strong, bold=True, align="center")
        reg = s.comp.regions[s.comp.region_index[region]]
        draw_icon(p, reg.icon, b.x + 13, b.y + 32, 13, outline)
        p.text(b.x + 25, b.y + 27, names.region(region, _LANG.get()), size=TEXT, fill=INK, bold=True,
               max_width=b.w - 28)
        if extra:
            p.text(b.x + 25, b.y + 39, extra, size=TEXT, fill=MUTED, max_width=b.w - 28)


def _tiles(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    with p.group("tiles"):
        tx, ty = lay.tiles_title
        p.text(tx, ty, _("REGION TILES"), size=TEXT, fill=MUTED, bold=True)
        p.text(lay.panel.right - 2, ty, _("{n} left in the stack", n=len(s.tile_stack)), size=TEXT, fill=MUTED,
               align="right")
        lit = "tiles" in hl
        _tile(p, s, lay.unrest_tile, "unrest", _("UNREST"), s.unrest, _("scored this round"), lit or "unrest" in hl)
        lang = _LANG.get()
        arrow = (_("marker: {a}-{b}", a=names.colour(s.blockade[0], lang), b=names.colour(s.blockade[1], lang))
                 if s.blockade else _("no marker"))
        _tile(p, s, lay.blockade_tile, "blockade", _("BLOCKADE"), s.blockade_tile, arrow, lit or "blockade" in hl)


def _info(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    b = lay.info
    lines: list[tuple[str, str]] = []   # (text, colour key)
    if s.is_over() and s.end_reason:
        reason = names.end_reason(s.end_reason, _LANG.get())
        for i, part in enumerate(_wrap(_("Game over: {reason}", reason=reason), b.w - 14, 10)[:3]):
            lines.append((part, "!" if i == 0 else ""))
    for side in ("red", "white"):
        res = s.reserve(side)
        units = sum(1 for t in res if s.spec(t).kind == "unit")
        leaders = len(res) - units
        if s.mode == "solo" and side == s.opposition:
            continue
        lines.append((_("{side} reserve: {units}, {leaders}", side=_side(side),
                        units=_.ngettext("{n} unit", "{n} units", units), leaders=_.ngettext("{n} leader", "{n} leaders", leaders)),
                      side))
    if s.mode == "solo":
        levels = {1: 0, 2: 0, 3: 0}
        for t in s.supply():
            levels[s.spec(t).level] = levels.get(s.spec(t).level, 0) + 1
        lines.append((_("Opposition supply: L1 x{l1}, L2 x{l2}, L3 x{l3}", l1=levels[1], l2=levels[2], l3=levels[3]),
                      s.opposition or ""))
        lines.append((_("Your hand: {cards}", cards=_.ngettext("{n} card", "{n} cards", len(s.hands.get(s.player or '', [])))),
                      s.player or ""))
        lines.append((_("Opposition stack: {cards}, {leaders}", cards=_.ngettext("{n} card", "{n} cards", len(s.opp_stack)),
                        leaders=_.ngettext("{n} leader", "{n} leaders", len(s.opp_leaders))), s.opposition or ""))
    else:
        lines.append((_("Hands: Red {red} cards, White {white} cards", red=len(s.hands['red']),
                        white=len(s.hands['white'])), ""))
    lines.append((_("Deck {deck}, discard {discard}", deck=len(s.deck), discard=len(s.discard)), ""))
    objs = []
    for side in ("red", "white"):
        o = s.objectives.get(side)
        if o:
            card = names.card(o, _LANG.get()) if s.revealed.get(side) else _("hidden")
            objs.append(_("{side} {objective}", side=_side(side), objective=card))
    if objs:
        lines.append((_("Objectives: {list}", list=", ".join(objs)), ""))
    if s.card:
        lines.append((_("Card in play: {card}", card=names.card(s.card, _LANG.get())), ""))
    tr = [t for t in (s.comp.trotsky_neutral, s.comp.trotsky_red) if t in s.place]
    on_board = [t for t in tr if s.place[t] in s.comp.region_index]
    if on_board:
        lines.append((_("Trotsky on the board ({region})", region=names.region(s.place[on_board[0]], _LANG.get())), ""))
    elif any(s.place[t] == "waiting" for t in tr):
        lines.append((_("Trotsky waits by the calendar"), ""))
    with p.group("info"):
        if "info" in hl:
            p.rect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, stroke=GLOW, width=4, radius=6)
        y = b.y + 8
        for text, colour in lines:
            if y > b.bottom - 4:
                break
            if "reserve" in hl and " reserve: " in text:
                p.rect(b.x, y - 7, b.w, 14, fill="#ffe0b2", stroke=GLOW, width=2, radius=3)
            if colour == "!":
                _burst(p, b.x + 5, y, 5, "#bf360c")
            elif colour in FACTION_COLOURS:
                fc = FACTION_COLOURS[colour]
                p.circle(b.x + 5, y, 4, fill=fc["fill"], stroke=fc["rim"], width=1)
            p.text(b.x + 14, y, text, size=TEXT, fill=INK, max_width=b.w - 14)
            y += 15


# ---------------------------------------------------------------------- support track
def _track(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    L = s.comp.track_length
    score = max(-L, min(L, s.score))
    cells = lay.track_cells
    with p.group("score", str(s.score)):
        if "score" in hl:
            t = lay.track
            p.rect(t.x - 2, t.y - 2, t.w + 4, t.h + 4, stroke=GLOW, width=5, radius=8)
        if score > 0:
            title = _("SUPPORT TRACK: Red leads by {n}", n=score)
        elif score < 0:
            title = _("SUPPORT TRACK: White leads by {n}", n=-score)
        else:
            title = _("SUPPORT TRACK: level (marker at the centre)")
        tx, ty = lay.track_title
        p.text(tx, ty, title, size=TEXT, fill=INK, bold=True, align="center")
        first, last = cells[0], cells[-1]
        p.text(first.x - 6, first.cy - 5, _side("white").upper(), size=TEXT, fill=INK, bold=True, align="right")
        p.text(first.x - 6, first.cy + 7, _("wins"), size=TEXT, fill=MUTED, align="right")
        p.text(last.right + 6, last.cy - 5, _side("red").upper(), size=TEXT, fill=FACTION_COLOURS["red"]["fill"], bold=True)
        p.text(last.right + 6, last.cy + 7, _("wins"), size=TEXT, fill=MUTED)
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


# ---------------------------------------------------------------------- played cards
def _cards_row(p: ScaledPen, lay: Layout, s: "State", hl: frozenset[Any]) -> None:
    groups = played_groups(s)
    slots, labels = lay.card_slots(groups)
    r = lay.row
    with p.group("cards"):
        if "cards" in hl:
            p.rect(r.x - 2, r.y - 2, r.w + 4, r.h + 4, stroke=GLOW, width=4, radius=6)
        if s.mode == "solo":
            t1, t2 = _("OPPOSITION'S"), _("CARDS, IN ORDER")
        else:
            t1, t2 = _("PLAYED THIS"), _("ROUND")
        p.text(r.x + 2, r.y + 22, t1, size=TEXT, fill=MUTED, bold=True)
        p.text(r.x + 2, r.y + 36, t2, size=TEXT, fill=MUTED, bold=True)
        if not slots:
            p.text(r.x + 134, r.cy, _("no cards played yet this round"), size=TEXT, fill=MUTED)
            return
        for side, (x, y) in labels:
            p.text(x + 2, y, _("{side}:", side=_side(side)), size=TEXT, fill=INK, bold=True, max_width=40)
        for slot in slots:
            _card(p, s, slot.id, slot.box, slot.id in hl)


def _card(p: ScaledPen, s: "State", cid: str, b: Box, lit: bool) -> None:
    comp = s.comp
    with p.group("card", cid):
        if lit:
            p.rect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, stroke=GLOW, width=4, radius=6)
        k = b.w / 64
        if cid in comp.cards:
            card = comp.cards[cid]
            strong, pale, on_strong, outline = REGION_COLOURS.get(card.region, _FALLBACK_REGION)
            reg = comp.regions[comp.region_index[card.region]]
            lines = [_.ngettext("{n} day", "{n} days", card.days), _("recruit {n}", n=card.recruit),
                     _("{action}, {vp} VP", action=names.card_action(card.action, _LANG.get()), vp=card.vp)]
            icon = reg.icon
        elif cid in comp.leaders:
            lead = comp.leaders[cid]
            fc = FACTION_COLOURS.get(lead.faction, FACTION_COLOURS["neutral"])
            strong, pale, on_strong, outline = fc["fill"], "#ffffff", fc["text"], fc["rim"]
            lines = [_.ngettext("{n} day", "{n} days", lead.days), _("leader"), names.special(lead.special, _LANG.get())]
            icon = ""
        else:
            strong, pale, on_strong, outline = _FALLBACK_REGION
            lines, icon = ["?"], ""
        p.rect(b.x, b.y, b.w, b.h, fill=pale, stroke=outline, width=1.5, radius=4)
        p.rect(b.x, b.y, b.w, 15, fill=strong, stroke=outline, width=1.5, radius=4)
        p.rect(b.x + 1, b.y + 10, b.w - 2, 4, fill=strong)
        if icon:
            draw_icon(p, icon, b.x + 8, b.y + 7.5, 10, on_strong)
        p.text(b.x + (16 if icon else 4), b.y + 7.5, names.card(cid, _LANG.get()), size=TEXT, fill=on_strong, bold=True,
               max_width=b.w - (18 if icon else 6))
        for i, line in enumerate(lines):
            p.text(b.x + 4, b.y + 24 + i * 12, line, size=TEXT * min(1, k), fill=INK, max_width=b.w - 6)


def _wrap(text: str, room: float, size: float) -> list[str]:
    """Split ``text`` into lines that fit ``room`` (estimated width)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and text_width(trial, size) > room:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines

