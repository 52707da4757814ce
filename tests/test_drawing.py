"""The board pictures: one drawing routine (draw_board) behind SVG, PNG and the canvas.

Pure Python: no browser, no Jupyter.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dualpowers as dp
from dualpowers.drawing import RecordingPen, SvgPen, board_svg, draw_board, layout_for, normalize_highlight
from dualpowers.drawing.labels import text_box
from dualpowers.drawing.layout import DESIGN_H, DESIGN_W, TALL_H, TALL_W, Box
from dualpowers.drawing.pen import PenBase
from dualpowers.drawing.png import PillowPen, board_png
from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"


def play(state: dp.State, n: int, seed: int = 1) -> dp.State:
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def play_to_end(state: dp.State, seed: int = 1, limit: int = 2000) -> dp.State:
    play(state, limit, seed)
    assert state.is_over()
    return state


@pytest.fixture(scope="module")
def two_player() -> dp.State:
    return play(dp.new_game(mode="two-player", seed=7), 30)


@pytest.fixture(scope="module")
def solo() -> dp.State:
    return play(dp.new_game("solo", 3, player="white", difficulty=3), 25, seed=2)


@pytest.fixture(scope="module")
def states(two_player: dp.State, solo: dp.State) -> list[dp.State]:
    return [dp.new_game(seed=1), two_player, dp.new_game("solo", 4, player="red", difficulty=5), solo]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get("class", "").split()[0] == kind]


def on_board(state: dp.State) -> set[str]:
    """Every token drawn: on the map, in the reserve drawn token by token (the player's, or
    the side to act's), and Trotsky waiting by the calendar."""
    from dualpowers.drawing.layout import Layout
    side = Layout.reserve_side(state)
    waiting = {t for t in (state.comp.trotsky_neutral, state.comp.trotsky_red) if state.place.get(t) == "waiting"}
    waiting = set(sorted(waiting, key=[state.comp.trotsky_neutral, state.comp.trotsky_red].index)[:1])   # one token
    return ({t for r in state.comp.region_names for t in state.tokens_in(r)}
            | set(state.reserve(side) if side else ()) | waiting)


# ---------------------------------------------------------------------- SVG content
def test_svg_is_well_formed_and_sized(states: list[dp.State]) -> None:
    for s in states:
        root = parse(board_svg(s))
        assert root.get("width") == f"{DESIGN_W:g}" and root.get("height") == f"{DESIGN_H:g}"
    root = parse(board_svg(states[0], width=450, height=320))
    assert (root.get("width"), root.get("height")) == ("450", "320")


def test_svg_shows_every_region_with_label_and_icon(states: list[dp.State]) -> None:
    for s in states:
        root = parse(board_svg(s))
        words = texts(root)
        regions = {g.get("data-id"): g for g in groups(root, "region")}
        assert set(regions) == set(s.comp.region_names)
        for r in s.comp.regions:
            # not colour alone: the region's name (its colour, the game's word) is written in
            # its own group, with icon shapes beside it; the district's name is the group's label
            name = r.name.capitalize()
            assert name in words, name
            g = regions[r.name]
            assert name in ["".join(t.itertext()) for t in g.iter(SVG + "text")]
            assert g.get("data-label") == r.label
        assert {r.icon for r in s.comp.regions} == {"factory", "anchor", "tree", "crown", "columns", "rails"}


def test_svg_shows_every_token_on_the_board(states: list[dp.State]) -> None:
    for s in states:
        root = parse(board_svg(s))
        drawn = {g.get("data-id"): g for g in groups(root, "token")}
        assert set(drawn) == on_board(s)
        for tid, g in drawn.items():
            shown = ["".join(t.itertext()) for t in g.iter(SVG + "text")]
            assert str(s.strength_of(tid)) in shown            # strength shown
            spec = s.spec(tid)
            if spec.kind == "leader":
                assert tid in shown                              # leaders named
            if spec.kind == "trotsky":
                assert "Trotsky" in shown                        # Trotsky named
            assert g.get("data-side") == ("exhausted" if s.is_exhausted(tid) else "fresh")


def test_fresh_and_exhausted_sides_differ_visibly() -> None:
    s = dp.new_game(seed=4)
    token = s.tokens_in("blue")[0]
    tired = s.clone()
    tired.put(token, "blue", exhausted=True)
    assert tired.is_exhausted(token) and not s.is_exhausted(token)

    def token_group(state: dp.State) -> ET.Element:
        (g,) = [g for g in groups(parse(board_svg(state)), "token") if g.get("data-id") == token]
        return g

    fresh, exhausted = token_group(s), token_group(tired)
    assert "fresh" in fresh.get("class", "") and "exhausted" in exhausted.get("class", "")
    # the exhausted side has a dashed rim and hatching; the fresh side is solid
    assert not any(e.get("stroke-dasharray") for e in fresh.iter())
    assert any(e.get("stroke-dasharray") for e in exhausted.iter())
    assert len(list(exhausted.iter(SVG + "polyline"))) >= 3     # hatch lines
    fills = lambda g: {e.get("fill") for e in g.iter() if e.get("fill") not in (None, "none")}  # noqa: E731
    assert fills(fresh) != fills(exhausted)


def test_opposition_units_have_their_own_mark(solo: dp.State) -> None:
    root = parse(board_svg(solo))
    opp = [g for g in groups(root, "token") if solo.spec(g.get("data-id")).owner == "opposition"]
    own = [g for g in groups(root, "token") if solo.spec(g.get("data-id")).kind == "unit"
           and solo.spec(g.get("data-id")).owner in ("red", "white")]
    assert opp, "the solo fixture should have Opposition units on the board"
    for g in opp:
        assert g.get("data-owner") == solo.opposition
        assert len(list(g.iter(SVG + "polygon"))) >= 2          # octagon plus the inner rim
    for g in own:
        assert not list(g.iter(SVG + "polygon"))                # plain discs


def test_markers_calendar_will_score_and_status(two_player: dp.State) -> None:
    s = two_player
    root = parse(board_svg(s))
    words = texts(root)
    from dualpowers import names
    from dualpowers.dates import MONTHS
    assert names.month(MONTHS[s.month], short=True) in words and str(s.day) in words   # the calendar
    assert [g.get("data-id") for g in groups(root, "will")] == [s.will]
    assert [g.get("data-id") for g in groups(root, "score")] == [str(s.score)]
    assert any(w.startswith(f"Round {s.round}") for w in words)
    assert any(w.startswith(f"{s.to_act.capitalize()} to act") for w in words)
    if s.blockade:
        assert [g.get("data-id") for g in groups(root, "blockade")] == ["-".join(s.blockade)]
    assert "UNREST" in words
    tiles = [g.get("data-id") for g in groups(root, "tile")]
    assert f"unrest:{s.unrest}" in tiles and f"blockade:{s.blockade_tile}" in tiles
    roads = {g.get("data-id") for g in groups(root, "connection")}
    assert roads == {f"{a}-{b}" for a, b in s.comp.connections}


def test_solo_row_shows_the_oppositions_cards_in_order(solo: dp.State) -> None:
    played = solo.played[solo.opposition]
    assert played
    root = parse(board_svg(solo))
    assert [g.get("data-id") for g in groups(root, "card")] == played
    words = texts(root)
    cards = {g.get("data-id"): ["".join(t.itertext()) for t in g.iter(SVG + "text")] for g in groups(root, "card")}
    for cid in played:
        # a command card by its day number on its region's colour and icon, a second copy with
        # which copy it is, never the id's suffix ("4 (2nd)", not "4b"); a leader by name
        days = cid.partition("-")[2]
        shown = (f"{days[:-1]} (2nd)" if days.endswith("b") else days) if cid in solo.comp.cards else cid
        # and the level of the Opposition unit a command card placed (R-SOLO-OPP-TURN), in its glyph
        level = [str(solo.comp.cards[cid].recruit)] if cid in solo.comp.cards else []
        assert cards[cid] == [shown, *level]


def test_a_two_player_row_shows_no_unit_levels(two_player: dp.State) -> None:
    root = parse(board_svg(two_player))
    cards = {g.get("data-id"): ["".join(t.itertext()) for t in g.iter(SVG + "text")] for g in groups(root, "card")}
    assert cards and all(len(words) == 1 for words in cards.values())


def test_result_is_shown_when_the_game_is_over() -> None:
    s = play_to_end(dp.new_game("solo", 11, player="red", difficulty=2), seed=3)
    words = texts(parse(board_svg(s)))
    assert any(w.startswith(f"GAME OVER: {s.winner().upper()} WINS") for w in words)


# ---------------------------------------------------------------------- highlight
def test_highlight_changes_the_picture(two_player: dp.State) -> None:
    s = two_player
    plain = board_svg(s)
    token = sorted(on_board(s))[0]
    a, b = s.comp.connections[0]
    for item in ["blue", token, (a, b), (b, a), "date", "will", "score", "unrest", "blockade", "tiles"]:
        assert board_svg(s, highlight=[item]) != plain, item
    # a connection may be named in either order; a single item needs no list
    assert board_svg(s, highlight=[(b, a)]) == board_svg(s, highlight=(a, b))
    assert board_svg(s, highlight="blue") == board_svg(s, highlight={"blue"})
    assert board_svg(s, highlight=[]) == plain == board_svg(s, highlight=None)


def test_highlight_rejects_unknown_names(two_player: dp.State) -> None:
    with pytest.raises(ValueError, match="unknown item"):
        board_svg(two_player, highlight=["bleu"])
    with pytest.raises(ValueError, match="not a connection"):
        normalize_highlight(two_player, [("green", "brown")])


# ---------------------------------------------------------------------- PNG
@pytest.mark.parametrize("size", [(900, 640), (450, 320), (1200, 800)])
def test_png_decodes_at_the_requested_size_and_is_not_blank(two_player: dp.State, size: tuple[int, int]) -> None:
    data = board_png(two_player, width=size[0], height=size[1])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.size == size
    colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50
    # some dark ink (text, outlines) and the deep red of red tokens
    lo, hi = img.convert("L").getextrema()
    assert lo < 60 and hi > 230


def test_png_highlight_changes_pixels(two_player: dp.State) -> None:
    assert board_png(two_player) != board_png(two_player, highlight=["green"])


# ---------------------------------------------------------------------- one drawing path
def test_svg_and_png_come_from_the_same_draw_board_calls(states: list[dp.State]) -> None:
    for s in states:
        for hl in (None, ["blue", "will", s.comp.connections[2]]):
            rec = RecordingPen()
            draw_board(rec, s, highlight=hl)
            svg, png = SvgPen(), PillowPen(int(DESIGN_W), int(DESIGN_H), supersample=1)
            draw_board(svg, s, highlight=hl)
            draw_board(png, s, highlight=hl)
            assert rec.counts() == svg.counts == png.counts
            assert sum(rec.counts().values()) > 200


def test_board_svg_and_board_png_call_draw_board(monkeypatch: pytest.MonkeyPatch, two_player: dp.State) -> None:
    import dualpowers.drawing.png as png_mod
    import dualpowers.drawing.svg as svg_mod
    seen: list[str] = []

    def spy(pen, state, **kw):  # type: ignore[no-untyped-def]
        seen.append(type(pen).__name__)
        return draw_board(pen, state, **kw)

    monkeypatch.setattr(svg_mod, "draw_board", spy)
    monkeypatch.setattr(png_mod, "draw_board", spy)
    svg_mod.board_svg(two_player)
    png_mod.board_png(two_player)
    assert seen == ["SvgPen", "PillowPen"]


def test_drawing_imports_nothing_from_jupyter() -> None:
    code = (
        "import sys, dualpowers.drawing, dualpowers.drawing.png, dualpowers.drawing.svg\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'IPython', 'PIL'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


# ---------------------------------------------------------------------- layout and hit-testing
def test_region_boxes_do_not_overlap_and_fit_the_map() -> None:
    lay = layout_for(dp.default_components())
    assert lay.region_scale == 1.0          # the game's map fits at full size: no smaller text
    boxes = [g.box for g in lay.regions.values()]
    for i, a in enumerate(boxes):
        assert lay.map.x <= a.x and a.right <= lay.map.right and lay.map.y <= a.y and a.bottom <= lay.map.bottom
        for b in boxes[i + 1:]:
            assert a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y


@pytest.mark.parametrize("n", [1, 4, 12, 13, 20, 30])
def test_tokens_get_separate_places_inside_their_region(n: int) -> None:
    lay = layout_for(dp.default_components())
    ids = [f"T{i}" for i in range(n)]
    slots = lay.token_slots("blue", ids)
    area = lay.regions["blue"].tokens
    for i, a in enumerate(slots):
        assert area.contains(a.x, a.y, pad=0.5)
        assert area.x - 0.5 <= a.x - a.r and a.x + a.r <= area.right + 0.5
        for b in slots[i + 1:]:
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (a.r + b.r) ** 2  # no overlap
    if n <= 12:
        assert all(s.caption_size for s in slots)


def test_hit_test_finds_tokens_regions_and_panels(two_player: dp.State) -> None:
    s = two_player
    for w, h in ((900, 640), (450, 320), (1000, 640)):
        lay = layout_for(s.comp, float(w), float(h))
        for tid, slot in lay.all_token_slots(s).items():
            assert lay.hit_test(s, *lay.to_pixels(slot.x, slot.y)) == ("token", tid)
        for name, geom in lay.regions.items():
            f = geom.footer
            assert lay.hit_test(s, *lay.to_pixels(f.x + 3, f.cy)) == ("region", name)
        assert lay.hit_test(s, *lay.to_pixels(lay.will.cx, lay.will.cy)) == ("will", None)
        assert lay.hit_test(s, *lay.to_pixels(lay.track.cx, lay.track.cy)) == ("score", None)
        assert lay.hit_test(s, *lay.to_pixels(lay.calendar.cx, lay.calendar.cy)) == ("date", None)


# ---------------------------------------------------------------------- many positions
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), solo=st.booleans())
def test_any_reachable_position_draws(seed: int, steps: int, solo: bool) -> None:
    s = dp.new_game("solo", seed, player="red" if seed % 2 else "white", difficulty=1 + seed % 6) if solo \
        else dp.new_game(seed=seed)
    play(s, steps, seed)
    root = parse(board_svg(s))
    assert {g.get("data-id") for g in groups(root, "token")} == on_board(s)
    rec = RecordingPen()
    lay = draw_board(rec, s, width=DESIGN_W, height=DESIGN_H)
    for name, args, _ in rec.calls:  # everything stays on the picture
        if name == "text":
            x, y = args[0], args[1]
            assert -1 <= x <= lay.width + 1 and -1 <= y <= lay.height + 1


def _glyphs(font, letters):
    from PIL import Image, ImageDraw
    out = []
    for letter in letters:
        img = Image.new("L", (40, 40), 0)
        ImageDraw.Draw(img).text((5, 5), letter, font=font, fill=255)
        out.append(img.tobytes())
    return out


def test_the_png_board_draws_french_and_italian_letters():
    """Pillow's built-in font has no accented letters (it draws the same box for each): the PNG
    back end uses a font that has them, so "Émeute", "Unités" and "più forte" read right."""
    from PIL import ImageFont
    from dualpowers.drawing import png
    letters = ("É", "é", "à", "ç", "ù", "ì", "è")
    assert len(set(_glyphs(ImageFont.load_default(size=20), letters))) < len(letters)   # the check can fail
    if png._font_file() is None:
        pytest.skip("no system font with French and Italian letters (apt install fonts-dejavu-core)")
    assert len(set(_glyphs(png._font(20), letters))) == len(letters)


def test_a_recruit_lights_its_units_in_the_reserve_not_the_whole_reserve():
    """A hint or a click that names reserve units rings those units; lighting the whole
    reserve as well would hide which ones are meant (newcomer: 'the whole reserve was lit')."""
    from dualpowers.drawing import RecordingPen, draw_board
    s = dp.new_game("solo", 3, player="red", difficulty=1)
    unit = s.reserve("red")[3]
    rec = RecordingPen()
    draw_board(rec, s, highlight=["reserve", unit])
    assert ("token-ring", unit) in rec.groups
    whole = lambda rec: [c for c in rec.calls if c[0] == "rect" and c[2].get("fill") == "#ffe0b2"  # noqa: E731
                         and c[1][2] > 100]                       # a box as wide as the side column
    assert not whole(rec), "the whole reserve was lit"
    rec = RecordingPen()
    draw_board(rec, s, highlight=["reserve"])                       # the reserve itself: lit whole
    assert whole(rec)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_blockade_word_is_nearer_its_barrier_than_any_other_road(lang: str) -> None:
    """The word BLOCKADE on the map names the road whose barrier it stands by: a plate drawn
    nearer another road (beside green-white for a blue-white blockade) read as the wrong one."""
    from dualpowers.drawing.board import _distance
    from dualpowers.drawing.layout import Box, layout_for
    s = dp.new_game("two-player", 5)
    lay = layout_for(s.comp)
    for conn in s.comp.connections:
        t = s.clone()
        t.blockade = tuple(conn)
        root = parse(board_svg(t, lang=lang))
        plates = [r for g in groups(root, "blockade-word") for r in g.iter(SVG + "rect")]
        if not plates:
            continue                      # no place free enough: the barrier alone, and the side column
        r = plates[0]
        plate = Box(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
        barrier = _distance(plate, [lay.blockade_spot(conn)[0]])
        # beside its barrier, not floating apart from it (Italian BLOCCO stood far off: QA6)
        from dualpowers.drawing.board import BARRIER_HALF_LEN, WORD_GAP
        assert barrier <= BARRIER_HALF_LEN + WORD_GAP + 0.5, (lang, conn, barrier)
        for other, road in lay.connections.items():
            if set(other) != set(conn):
                assert _distance(plate, road) > barrier, (lang, conn, other)


class _TilePen(PenBase):
    """Checks that each part of the picture draws inside its tile (``Layout.parts``): the box of
    every shape (its stroke included) and of every text (estimated as the label checks do), as
    much of it as lies on the picture."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.tile: tuple[str, float, float, float, float] | None = None
        self.outside: dict[tuple[str, str], float] = {}
        self.parts: list[str] = []

    @contextmanager
    def part(self, name: str, x: float, y: float, w: float, h: float, cells: object = None) -> Iterator[None]:
        self.tile = (name, x, y, x + w, y + h)
        self.parts.append(name)
        yield
        self.tile = None

    def _box(self, what: str, x0: float, y0: float, x1: float, y1: float) -> None:
        assert self.tile is not None, f"{what} drawn outside every part"
        name, tx0, ty0, tx1, ty1 = self.tile
        x0, y0, x1, y1 = max(x0, 0.0), max(y0, 0.0), min(x1, self.width), min(y1, self.height)
        over = max(tx0 - x0, ty0 - y0, x1 - tx1, y1 - ty1)
        if over > 0.01:
            self.outside[(name, what)] = max(over, self.outside.get((name, what), 0.0))

    def clear(self, fill: str) -> None:
        pass

    def rect(self, x: float, y: float, w: float, h: float, *, stroke: str | None = None, width: float = 1.0,
             **_: object) -> None:
        m = width / 2 if stroke else 0.0
        self._box("a box", x - m, y - m, x + w + m, y + h + m)

    def circle(self, cx: float, cy: float, r: float, *, stroke: str | None = None, width: float = 1.0,
               **_: object) -> None:
        m = width / 2 if stroke else 0.0
        self._box("a circle", cx - r - m, cy - r - m, cx + r + m, cy + r + m)

    def polygon(self, points: list[tuple[float, float]], *, stroke: str | None = None, width: float = 1.0,
                **_: object) -> None:
        m = width / 2 if stroke else 0.0
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self._box("a polygon", min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m)

    def line(self, points: list[tuple[float, float]], *, width: float = 1.0, **_: object) -> None:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self._box("a line", min(xs) - width / 2, min(ys) - width / 2, max(xs) + width / 2, max(ys) + width / 2)

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, align: str = "left", bold: bool = False,
             max_width: float | None = None, **_: object) -> None:
        box, _size = text_box(x, y, text, size=size, align=align, bold=bold, max_width=max_width)
        self._box(f"the text {text!r}", *box)


@pytest.mark.parametrize("width,height", [(1100.0, 904.0), (TALL_W * 1.1, TALL_H * 1.1)], ids=["wide", "tall"])
def test_each_part_of_the_picture_draws_inside_its_tile(width: float, height: float) -> None:
    """A live board redraws only the parts of the picture that changed, each clipped to its tile
    (widgets/canvas_pen.py): whatever a part drew outside its tile would be cut off.  Games of
    every kind, in every language, with every ring lit (the cards' too); on the wide board and on
    the tall one (a phone's)."""
    rings = ["date", "will", "score", "unrest", "blockade", "tiles", "cards", "status", "info", "reserve"]
    pen = _TilePen(width, height)
    drawn = 0
    for seed, (mode, options) in enumerate((("solo", {"player": "red", "difficulty": 2}),
                                            ("solo", {"player": "white", "difficulty": 4}),
                                            ("two-player", {}))):
        state = dp.new_game(mode, seed, **options)
        rng = random.Random(seed)
        while not state.is_over():
            for lang in ("en", "fr", "it"):
                pen.parts.clear()
                cards = [c for c in state.objectives.values() if c] + [c for cs in state.played.values() for c in cs]
                lit = rings + cards if drawn % 2 else None
                draw_board(pen, state, lang=lang, highlight=lit, width=width, height=height)
                assert pen.parts == ["status", "map", "calendar", "tiles", "reserves", "track", "cards"]
                drawn += 1
            state.apply(rng.choice(state.legal_actions()))
    assert drawn > 100
    assert not pen.outside, "drawn outside its part's tile (by so many pixels): " + "; ".join(
        f"{name}: {what} by {over:.1f}" for (name, what), over in sorted(pen.outside.items()))


def _cover_once(whole: float, boxes: list[Box]) -> None:
    """``boxes`` cover an area of ``whole`` without overlapping."""
    assert sum(t.w * t.h for t in boxes) == pytest.approx(whole)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert min(a.right, b.right) <= max(a.x, b.x) + 1e-9 or min(a.bottom, b.bottom) <= max(a.y, b.y) + 1e-9


def test_the_tiles_of_the_parts_cover_the_picture_once() -> None:
    for width, height in ((DESIGN_W, DESIGN_H), (1100.0, 904.0), (1300.0, 700.0), (500.0, 900.0),
                          (TALL_W, TALL_H), (708.0, 1279.0)):
        lay = layout_for(dp.new_game(seed=1).comp, width, height)
        _cover_once(width * height / lay.scale ** 2, list(lay.parts.values()))


def test_the_cells_of_a_part_cover_its_tile_once() -> None:
    """A live board sends a part with cells cell by cell (widgets/canvas_pen.py): the map one cell
    per region, the calendar one per row of days."""
    for width, height in ((DESIGN_W, DESIGN_H), (TALL_W, TALL_H)):
        lay = layout_for(dp.new_game(seed=1).comp, width, height)
        assert set(lay.cells) == {"map", "calendar"}
        for name, cells in lay.cells.items():
            tile = lay.parts[name]
            _cover_once(tile.w * tile.h, cells)
            assert all(tile.x <= c.x and c.right <= tile.right + 1e-9
                       and tile.y <= c.y and c.bottom <= tile.bottom + 1e-9 for c in cells)
        regions = [g.box for g in lay.regions.values()]
        assert len(lay.cells["map"]) == len(regions)
        for cell in lay.cells["map"]:     # each region's box in a cell of its own
            assert sum(cell.x <= b.x and b.right <= cell.right and cell.y <= b.y and b.bottom <= cell.bottom
                       for b in regions) == 1
        assert len(lay.cells["calendar"]) == 7


class _GroupPen(_TilePen):
    """A :class:`_TilePen` that also keeps the box round everything drawn in each group of
    ``kind`` (by its id) and each text's box."""

    def __init__(self, width: float, height: float, kind: str) -> None:
        super().__init__(width, height)
        self.kind, self.open, self.boxes = kind, [], {}
        self.texts: dict[str, tuple[float, float, float, float]] = {}

    @contextmanager
    def group(self, kind: str, ident: str = "", **attrs: str) -> Iterator[None]:
        self.open.append((kind, ident))
        yield
        self.open.pop()

    def _box(self, what: str, x0: float, y0: float, x1: float, y1: float) -> None:
        super()._box(what, x0, y0, x1, y1)
        for kind, ident in self.open:
            if kind == self.kind:
                a = self.boxes.get(ident, (x0, y0, x1, y1))
                self.boxes[ident] = (min(a[0], x0), min(a[1], y0), max(a[2], x1), max(a[3], y1))

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, align: str = "left", bold: bool = False,
             max_width: float | None = None, **_: object) -> None:
        super().text(x, y, text, size=size, align=align, bold=bold, max_width=max_width)
        self.texts[text] = text_box(x, y, text, size=size, align=align, bold=bold, max_width=max_width)[0]


def _whole_reserve(mode: str) -> dp.State:
    """Red's reserve holding every red token (three rows of names), both objectives chosen."""
    from dualpowers.places import RESERVE
    state = dp.new_game(mode, 5, player="red")
    while state.step == "objective":
        state.apply(state.legal_actions()[0])
    state.put(state.comp.trotsky_red, RESERVE)
    assert len(state.reserve("red")) == 14
    return state


@pytest.mark.parametrize("mode", ["two-player", "solo"])
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_whole_reserve_keeps_its_names_while_objectives_are_face_up(mode: str, lang: str) -> None:
    """A recruit picks the reserve's tokens by clicking them, and a reader tells them by their
    names: a whole reserve keeps its names, and the line under it (the other reserve, or the
    Opposition's supply) stays, whatever objectives are face up.  (Drawn at the foot of the side
    column, two objectives face up shrank the reserve to nameless dots.)"""
    state = _whole_reserve(mode)
    under = "White reserve: 10 units, 3 leaders" if mode == "two-player" else "Opposition supply:"
    for revealed in ({}, {"red": True}, {"red": True, "white": True}):
        state.revealed = {"red": False, "white": False, **revealed}
        slots = layout_for(state.comp).reserve_slots(state)
        assert len(slots) == 14 and all(slot.caption_size for slot in slots)
        pen = _GroupPen(DESIGN_W, DESIGN_H, "objective")
        draw_board(pen, state, lang=lang)
        assert {ident.split(":")[0] for ident in pen.boxes} == set(revealed)    # (solo: from its played cards)
        if lang == "en":
            assert under in " ".join(pen.texts)
        assert not pen.outside


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_objectives_face_up_sit_at_their_sides_ends_of_the_track_clear_of_its_title(lang: str) -> None:
    """White's objective at the track's left end (white's), red's at its right end, on the
    title's line: the widest card and the label never touch the title, whatever the score."""
    from dualpowers.drawing.layout import card_chip_width
    from dualpowers.scoring import lead
    from dualpowers.text import translator
    state = _whole_reserve("two-player")
    widest = max(state.comp.cards, key=lambda c: card_chip_width(state.comp, c))
    state.objectives = {"red": widest, "white": widest}
    state.revealed = {"red": True, "white": True}
    track = layout_for(state.comp).track
    for score in range(-state.comp.track_length, state.comp.track_length + 1):
        state.score = score
        pen = _GroupPen(DESIGN_W, DESIGN_H, "objective")
        draw_board(pen, state, lang=lang)
        title = pen.texts[translator(lang)("SUPPORT TRACK: {lead}", lead=lead(score))]
        white, red = pen.boxes[f"white:{widest}"], pen.boxes[f"red:{widest}"]
        assert track.x <= white[0] and white[2] + 4 <= title[0], (score, white, title)
        assert title[2] + 4 <= red[0] and red[2] <= track.right, (score, red, title)
        assert white[3] <= track.y + 22 and red[3] <= track.y + 22        # above the squares
        assert not pen.outside


def test_the_solo_oppositions_objective_is_drawn_from_the_scoring_step_that_reveals_it() -> None:
    """In solo the Opposition's objective is chosen from its played cards when it is revealed
    (R-SOLO-OBJECTIVE): a scoring's boards draw it (at white's end of the track) from the step
    that reveals it, as the card that step names, and the player's own whenever it is face up."""
    state = dp.new_game("solo", 11, player="red", difficulty=1)
    rng = random.Random(4)
    reveal = []
    while not reveal:
        assert not state.is_over(), "no scoring reached"
        events = [e for e in state.apply(rng.choice(state.legal_actions()), boards=True) if e.board is not None]
        reveal = [e for e in events if e.kind == "objective" and "card" in e.params and e.board.revealed["white"]]
    card = reveal[0].params["card"]
    seen = 0
    for e in events:
        rec = RecordingPen()
        draw_board(rec, e.board)
        drawn = {ident for kind, ident in rec.groups if kind == "objective"}
        expected = {f"white:{card}"} if e.board.revealed["white"] else set()
        if e.board.revealed["red"]:
            expected.add(f"red:{e.board.objectives['red']}")
        assert drawn == expected, e.text
        seen += bool(expected)
    assert seen >= 2


def test_a_small_reserve_sits_under_its_title() -> None:
    """A reserve's tokens start under its title, however few there are: a single row centred
    in the room kept for three left a band of nothing under the title (newcomer pass)."""
    from dualpowers.places import REMOVED
    state = dp.new_game("solo", 3, player="white")
    for t in state.reserve("white")[3:]:
        state.put(t, REMOVED)
    lay = layout_for(state.comp)
    slots = lay.reserve_slots(state)
    assert len(slots) == 3 and all(slot.y - slot.r <= lay.reserve_area.y + 2 for slot in slots)
    region = lay.token_slots("red", state.reserve("white"))          # a region's tokens stay centred
    box = lay.regions["red"].tokens
    assert region[0].y - region[0].r > box.y + 10


#: Issue 33, item 5: the least size of a mark on the board (CSS px, its smaller extent) on the
#: narrowest wide board (BOARD_MIN_CSS_WIDTH: 1280x720 with JupyterLab's file browser open).
MIN_CSS_MARK = 10.0


def test_every_mark_is_at_least_10_css_px_on_the_narrowest_wide_board() -> None:
    """Tokens (in every region and reserve of whole games, crowded ones included), the blockade's
    barrier (its thickness along the road), the unrest and objective markers, the Opposition's
    level glyphs: each as the drawing places it, in CSS px on a board BOARD_MIN_CSS_WIDTH wide.
    docs/architecture.md gives the figures."""
    from dualpowers.drawing.board import BARRIER_HALF_LEN, BARRIER_HALF_TH, LEVEL_R, unrest_badge_box
    from dualpowers.drawing.layout import BOARD_MIN_CSS_WIDTH
    css = BOARD_MIN_CSS_WIDTH / DESIGN_W
    sizes: dict[str, float] = {}
    for seed, (mode, options) in enumerate((("solo", {"player": "red", "difficulty": 3}), ("two-player", {}),
                                            ("solo", {"player": "white", "difficulty": 6}))):
        state = dp.new_game(mode, seed, **options)
        lay = layout_for(state.comp, DESIGN_W, DESIGN_H)
        rng = random.Random(seed)
        while not state.is_over():
            for slot in lay.all_token_slots(state).values():
                sizes["token"] = min(sizes.get("token", 1e9), 2 * slot.r * css)
            state.apply(rng.choice(state.legal_actions()))
        badge = min(unrest_badge_box(lay, r).w for r in state.comp.region_names)
        sizes["unrest and objective markers"] = badge * css
    sizes["blockade barrier"] = 2 * min(BARRIER_HALF_LEN, BARRIER_HALF_TH) * css
    sizes["Opposition level glyph"] = 2 * LEVEL_R * css
    small = {k: round(v, 2) for k, v in sizes.items() if v < MIN_CSS_MARK}
    assert not small, f"marks under {MIN_CSS_MARK} CSS px on a {BOARD_MIN_CSS_WIDTH:g} px board: {small}"
    assert sizes["token"] >= 14.5            # the tokens themselves: 23 design units, 14.7 CSS px


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("size", [(DESIGN_W, DESIGN_H), (TALL_W, TALL_H)], ids=["wide", "tall"])
def test_the_blockade_tile_s_arrow_hangs_from_the_tile_not_the_stack(lang: str, size: tuple[float, float]) -> None:
    """Issue 33: the tile's arrow stood at the end of the stack's line ("4 left in the stack →■-■")
    and read as the stack's.  It leaves the BLOCKADE label's foot, bent towards the connection, and
    the stack's count stands at the far end of that line, clear of the arrow's squares."""
    s = dp.new_game("two-player", 5)
    w, h = size
    lay = layout_for(s.comp, w, h)
    tile = lay.blockade_tile
    root = parse(board_svg(s, width=w, height=h, lang=lang))
    arrow = groups(root, "tile-arrow")
    assert len(arrow) == 1
    stem = [tuple(float(v) for v in p.split(",")) for p in arrow[0].find(SVG + "polyline").get("points").split()]
    assert stem[0][1] == pytest.approx(tile.bottom) and tile.x <= stem[0][0] <= tile.x + 20, stem
    right = max(float(r.get("x")) + float(r.get("width")) for r in arrow[0].iter(SVG + "rect"))
    stack = next(t for t in root.iter(SVG + "text") if "".join(t.itertext()).startswith(("4 ",)))
    assert stack.get("text-anchor") == "end"
    (x0, _y0, _x1, _y1), _size = text_box(float(stack.get("x")), 0, "".join(stack.itertext()), size=17.5,
                                          align="right")
    assert x0 - right >= 10, (x0, right)


@pytest.mark.parametrize("size", [(DESIGN_W, DESIGN_H), (TALL_W, TALL_H)], ids=["wide", "tall"])
def test_the_blockade_tile_s_arrow_follows_the_marker_after_a_protest(size: tuple[float, float]) -> None:
    """Issue 33 (R-ACT-PROTEST): after Mobilize Protest moved the marker, the tile's arrow still
    pointed at the connection printed on the tile, where no marker stood any more.  The arrow
    shows the connection the marker closes now, and with no marker on the board (no tile left) no
    arrow is drawn."""
    s = dp.new_game("two-player", 5)
    w, h = size
    printed = tuple(s.comp.arrows[s.blockade_tile])
    other = next(tuple(c) for c in s.comp.connections if tuple(c) != printed)
    t = s.clone()
    t.blockade = other                      # where Protest moved it (R-ACT-PROTEST)
    for state, conn in ((s, printed), (t, other)):
        arrow = groups(parse(board_svg(state, width=w, height=h)), "tile-arrow")
        assert [g.get("data-id") for g in arrow] == [f"{conn[0]}-{conn[1]}"]
    t.blockade = None
    assert groups(parse(board_svg(t, width=w, height=h)), "tile-arrow") == []


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("size", [(DESIGN_W, DESIGN_H), (TALL_W, TALL_H)], ids=["wide", "tall"])
def test_the_blockade_tile_s_row_shows_where_the_marker_is_after_a_protest(lang: str, size: tuple[float, float]) -> None:
    """Issue 33 (R-ACT-PROTEST): after Mobilize Protest the tile's row still read "BLOCKADE Red",
    the region printed on the tile, while the marker closed Purple-Brown.  The row follows the
    marker: its two colours joined by a road beside the tile's label, the tile's region no longer
    named there, and no arrow hanging from the tile to a connection it no longer closes.  Before
    the Protest the row is as it was (the tile's region, the arrow under it)."""
    from dualpowers import names
    from dualpowers.drawing.board import REGION_COLOURS
    s = dp.new_game("two-player", 5)
    w, h = size
    tile = s.blockade_tile
    printed = tuple(s.comp.arrows[tile])
    other = next(tuple(c) for c in s.comp.connections if tile not in c)
    t = s.clone()
    t.blockade = other
    region_word = names.colour(tile, lang)
    region_word = region_word[:1].upper() + region_word[1:]
    lay = layout_for(s.comp, w, h)
    for state, conn, named in ((s, printed, True), (t, other, False)):
        root = parse(board_svg(state, width=w, height=h, lang=lang))
        row = [g for g in groups(root, "tile") if g.get("data-id") == f"blockade:{tile}"]
        assert len(row) == 1
        assert (region_word in texts(row[0])) is named, (lang, texts(row[0]))
        (arrow,) = groups(root, "tile-arrow")
        assert arrow.get("data-id") == f"{conn[0]}-{conn[1]}"
        squares = [r for r in arrow.iter(SVG + "rect")]
        fills = [r.get("fill") for r in squares]
        assert fills == [REGION_COLOURS[conn[0]][0], REGION_COLOURS[conn[1]][0]]
        tops = {float(r.get("y")) + float(r.get("height")) / 2 for r in squares}
        on_row = all(lay.blockade_tile.y <= y <= lay.blockade_tile.bottom for y in tops)
        assert on_row is not named, tops            # in the row after a Protest, under it before
        assert all(float(r.get("x")) + float(r.get("width")) <= lay.blockade_tile.right for r in squares)


def test_the_blocked_road_is_striped_as_its_barrier_between_the_boxes() -> None:
    """Issue 33: the barrier on a short road read as a mark on a box's edge; the blocked road itself
    is drawn in the barrier's stripes, and only that road."""
    s = dp.new_game("two-player", 5)
    for conn in s.comp.connections:
        t = s.clone()
        t.blockade = tuple(conn)
        root = parse(board_svg(t))
        striped = {g.get("data-id") for g in groups(root, "connection")
                   if any(l.get("stroke") == "#ffc400" for l in g.iter(SVG + "polyline"))}
        assert striped == {f"{conn[0]}-{conn[1]}"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("size", [(DESIGN_W, DESIGN_H), (TALL_W, TALL_H)], ids=["wide", "tall"])
def test_the_opposition_s_cards_say_that_their_unit_is_the_recruit_value(lang: str, size: tuple[float, float]) -> None:
    """Issue 33: the unit drawn on each of the Opposition's cards is the card's recruit value
    (R-SOLO-OPP-TURN), and the row says so in words; a two-player row has no such key."""
    from dualpowers.drawing.board import RECRUIT_LEGEND
    from dualpowers.i18n import gettext
    s = dp.new_game("solo", 3, player="white", difficulty=1)
    rng = random.Random(3)
    while len(s.played[s.opposition]) < 4:
        s.apply(rng.choice(s.legal_actions()))
    w, h = size
    root = parse(board_svg(s, width=w, height=h, lang=lang))
    legend = groups(root, "recruit-legend")
    assert len(legend) == 1 and gettext(RECRUIT_LEGEND, lang) in texts(legend[0])
    assert not groups(parse(board_svg(play(dp.new_game("two-player", 5), 6), lang=lang)), "recruit-legend")
