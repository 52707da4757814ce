"""BoardWidget driven from Python, without a browser.

ipycanvas sends drawing commands through one shared manager; the tests replace its
sending method with a recorder, so every message that would go to the browser is
seen here.  Clicks are fed in as the browser would send them.
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
import pytest
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

import dualpowers as dp
from dualpowers.drawing import RecordingPen, board_svg, draw_board
from dualpowers.drawing.layout import DESIGN_H, DESIGN_W
from dualpowers.widgets import BoardWidget
from dualpowers.widgets.canvas_pen import CanvasPen

NAMES = {code: name for name, code in COMMANDS.items()}


def play(state: dp.State, n: int, seed: int = 1) -> dp.State:
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every message the canvas manager would send to the browser."""
    out: list[Any] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: out.append(command))
    return out


def commands(message: Any) -> list[tuple[str, list[Any]]]:
    """The (name, args) of the drawing commands in one batched message."""
    assert isinstance(message, list) and message and isinstance(message[0], list), "not a batch"
    return [(NAMES.get(c[0], str(c[0])), c[1]) for c in message]


@pytest.fixture
def state() -> dp.State:
    return play(dp.new_game(seed=7), 30)


def click(w: BoardWidget, x: float, y: float) -> None:
    """What ipycanvas does when the browser reports a mouse press."""
    w.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])


# ---------------------------------------------------------------------- construction
def test_construct_draws_once_in_one_message(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    assert isinstance(w, widgets.DOMWidget)
    assert w.canvas in w.picture.children
    assert "dp-board" in w.canvas._dom_classes and "dp-board-widget" in w._dom_classes
    assert (w.canvas.width, w.canvas.height) == (DESIGN_W, DESIGN_H)
    assert w.redraw_count == 1
    assert len(sent) == 1
    cmds = commands(sent[0])
    assert len(cmds) > 300
    drawn_text = [args[0] for name, args in cmds if name == "fillText"]
    for r in state.comp.regions:
        assert r.name.capitalize() in drawn_text      # each region by its colour, the game's word


def test_construct_without_state_and_size(sent: list[Any]) -> None:
    w = BoardWidget(width=450, height=320)
    assert w.state is None and w.redraw_count == 1 and len(sent) == 1
    assert (w.width, w.height) == (450, 320)
    assert w.hit_test(100, 100) is None
    click(w, 100, 100)  # nothing to hit, nothing happens
    with pytest.raises(ValueError):
        w.to_svg()


# ---------------------------------------------------------------------- redraws
def test_new_state_redraws_exactly_once(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(dp.new_game(seed=1))
    sent.clear()
    w.state = state
    assert len(sent) == 1 and w.redraw_count == 2
    # (the click layer unchanged is not sent: the board's first part follows on, its save first)
    assert commands(sent[0])[0][0] in ("switchCanvas", "clear", "set", "save")


def test_same_state_again_does_not_redraw(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    sent.clear()
    w.state = state
    w.state = state.clone()
    w.highlight = None
    assert sent == [] and w.redraw_count == 1


def test_state_changed_in_place_then_assigned_redraws(sent: list[Any], state: dp.State) -> None:
    s = state.clone()
    w = BoardWidget(s)
    assert w.state is not s and w.state == s   # the widget keeps a snapshot
    s.apply(s.legal_actions()[0])
    assert w.state != s                        # ... which the change does not touch
    sent.clear()
    w.state = s
    assert len(sent) == 1 and w.state == s


def test_highlight_redraws_once_and_only_when_it_changes(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    sent.clear()
    w.highlight = ["blue", "will"]
    assert len(sent) == 1
    assert w.highlight == frozenset({"blue", "will"})
    w.highlight = ("will", "blue")             # the same set
    a, b = state.comp.connections[0]
    w.highlight = [(a, b)]
    w.highlight = [(b, a)]                     # same connection, other spelling
    assert len(sent) == 2
    assert w.highlight == frozenset({(a, b)})


def test_show_sets_state_and_highlight_in_one_redraw(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(dp.new_game(seed=1))
    sent.clear()
    assert w.show(state, highlight=["green"]) is True
    assert len(sent) == 1
    assert w.show(state, highlight=["green"]) is False
    assert len(sent) == 1
    assert w.show(state, highlight=["green"], force=True) is True
    assert len(sent) == 2


def test_bad_highlight_raises_and_keeps_the_picture(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state, highlight="blue")
    sent.clear()
    with pytest.raises(ValueError):
        w.highlight = ["nowhere"]
    assert sent == [] and w.highlight == frozenset({"blue"})
    assert not _CANVAS_MANAGER._caching


def test_a_new_browser_view_gets_the_picture_again(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    sent.clear()
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1 and w.redraw_count == 2
    assert any(name == "fillText" for name, _ in commands(sent[0]))


def test_a_new_browser_view_repaint_starts_by_naming_its_canvas(sent: list[Any], state: dp.State) -> None:
    """Under Voila the first draws ran before any browser existed, so the browser never
    saw which canvas they were for; the repaint must begin with a canvas switch even
    though, kernel-side, this canvas was the last one drawn on."""
    w = BoardWidget(state)
    assert _CANVAS_MANAGER._current_canvas is w.canvas
    sent.clear()
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert sent[0][0][0] == COMMANDS["switchCanvas"]


def test_canvas_pen_gets_the_same_primitives_as_the_other_back_ends(sent: list[Any], state: dp.State) -> None:
    """A board's first picture: every primitive as another back end gets it; a highlight of the
    calendar then draws the calendar's part again and nothing else (tests/widgets/test_board_pieces.py)."""
    rec = RecordingPen()
    draw_board(rec, state, highlight=["date"])
    w = BoardWidget(state, highlight=["date"])
    assert w._pen.counts == rec.counts()
    assert isinstance(w._pen, CanvasPen)
    w.highlight = []
    assert w._pen.pieces_drawn == ["calendar"]


def test_a_highlight_a_click_makes_redraws_only_the_layer_over_the_board(sent: list[Any], state: dp.State) -> None:
    """Regions, tokens and roads lit by a click are drawn on the canvas over the board: changing
    them sends a few outlines in one message, the board under them is not drawn again."""
    from dualpowers.drawing.board import draw_click_layer
    w = BoardWidget(state)
    token = state.tokens_in(state.comp.region_names[0])[0]
    sent.clear()
    before, layers = w.redraw_count, w.layer_redraw_count
    w._overlay_pen.counts = dict.fromkeys(w._overlay_pen.counts, 0)
    w.highlight = ["red", token]
    assert w.redraw_count == before and w.layer_redraw_count == layers + 1 and len(sent) == 1
    rec = RecordingPen()
    draw_click_layer(rec, state, frozenset({"red", token}))
    assert w._overlay_pen.counts == rec.counts() and rec.counts()["circle"] == 2 and rec.counts()["rect"] == 1
    assert len(sent[0]) < 40                          # outlines, not a board of ~1,600 commands
    w.highlight = ["red", token]                      # the same: nothing sent
    assert len(sent) == 1
    w.state = state.clone()                            # same position: nothing either
    assert len(sent) == 1 and w.redraw_count == before


def test_static_pictures_match_the_widget(state: dp.State) -> None:
    w = BoardWidget(state, highlight=["blue"])
    assert w.to_svg() == board_svg(state, highlight=["blue"])
    assert w.to_png()[:4] == b"\x89PNG"


# ---------------------------------------------------------------------- clicks
@pytest.mark.parametrize("size", [(900, 640), (600, 427)])
def test_clicks_map_to_tokens_and_regions(sent: list[Any], state: dp.State, size: tuple[int, int]) -> None:
    w = BoardWidget(state, width=size[0], height=size[1])
    tokens: list[str] = []
    regions: list[str] = []
    anything: list[tuple[str, Any]] = []
    w.on_token_click(tokens.append)
    w.on_region_click(regions.append)
    w.on_click(lambda kind, ident: anything.append((kind, ident)))
    lay = w.layout_geometry
    assert lay is not None

    slots = lay.all_token_slots(w.state)
    for tid, slot in slots.items():
        x, y = lay.to_pixels(slot.x, slot.y)
        click(w, x + slot.r * lay.scale * 0.5, y)   # off-centre, still on the token
    assert tokens == list(slots)
    assert regions == []

    for name, geom in lay.regions.items():
        x, y = lay.to_pixels(geom.header.right - 4, geom.header.cy)
        click(w, x, y)
    assert regions == list(lay.regions)

    click(w, *lay.to_pixels(lay.will.cx, lay.will.cy))
    assert anything[-1] == ("will", None)
    n = len(anything)
    click(w, 2, size[1] - 2)                      # empty corner
    assert len(anything) == n
    assert sent and all(isinstance(m, list) for m in sent)   # clicks draw nothing by themselves
    assert w.redraw_count == 1


def test_callbacks_can_be_removed(state: dp.State) -> None:
    w = BoardWidget(state)
    got: list[str] = []
    w.on_region_click(got.append)
    w.on_region_click(got.append, remove=True)
    geom = w.layout_geometry.regions["blue"]
    click(w, *w.layout_geometry.to_pixels(geom.footer.x + 3, geom.footer.cy))
    assert got == []


def test_a_failing_callback_does_not_break_the_widget(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    got: list[str] = []

    def boom(region: str) -> None:
        raise RuntimeError("user code failed")

    w.on_region_click(boom)
    w.on_region_click(got.append)
    geom = w.layout_geometry.regions["green"]
    click(w, *w.layout_geometry.to_pixels(geom.footer.x + 3, geom.footer.cy))
    assert got == ["green"]
    sent.clear()
    w.state = play(state.clone(), 3, seed=9)
    assert len(sent) == 1


def test_a_picked_token_is_marked_apart_from_those_still_to_click(sent: list[Any], state: dp.State) -> None:
    """The token the clicks picked gets a ring of its own on the click layer, so choosing one of
    several lit units changes the picture even when the same units stay lit."""
    w = BoardWidget(state)
    a, b = state.tokens_in(state.comp.region_names[0])[:1] + state.tokens_in(state.comp.region_names[1])[:1]
    w.show(state, highlight=[a, b])
    layers = w.layer_redraw_count
    w._overlay_pen.counts = dict.fromkeys(w._overlay_pen.counts, 0)
    w.show(state, highlight=[a, b], selected=[a])
    assert w.layer_redraw_count == layers + 1 and w._overlay_pen.counts["circle"] == 5


def test_a_new_size_or_language_keeps_the_objective_markers_and_the_picked_tokens():
    """Markers drawn while a scoring is told, and the tokens picked by clicks, stay on the
    board when it is drawn again at a new size or in another language."""
    import dualpowers as dp
    from dualpowers.widgets.board import BoardWidget
    s = dp.new_game("solo", 3, player="red", difficulty=1)
    board = BoardWidget(s)
    token = s.reserve("red")[0]
    board.show(s, highlight=[token], selected=[token], markers={1: s.unrest, 2: "purple"})
    before = board.redraw_count
    board.resize(board.width + 100)
    board.lang = "fr"
    assert board.redraw_count == before + 2
    assert board._markers == {1: s.unrest, 2: "purple"} and board._selected == frozenset([token])
    board.show(s)                                                     # a new picture: as the position implies
    assert board._markers is None


# ---------------------------------------------------------------------- taps
def tap(w: BoardWidget, x: float, y: float) -> None:
    """What the probe sends when a finger taps the canvas (canvas pixels)."""
    w.probe._on_custom(None, {"kind": "tap", "x": x, "y": y})


def test_a_tap_is_a_click(sent: list[Any], state: dp.State) -> None:
    """A tap on a token or a region goes to the same callbacks a mouse click does."""
    w = BoardWidget(state)
    got: list[tuple[str, Any]] = []
    lay = w.layout_geometry
    assert lay is not None
    spots = [lay.to_pixels(s.x, s.y) for s in lay.all_token_slots(w.state).values()]
    spots += [lay.to_pixels(g.header.right - 4, g.header.cy) for g in lay.regions.values()]
    w.on_click(lambda kind, ident: got.append((kind, ident)))
    for x, y in spots:
        click(w, x, y)
    by_click = list(got)
    got.clear()
    for x, y in spots:
        tap(w, x, y)
    assert got == by_click and len(got) == len(spots)


def test_a_tap_near_a_lit_token_picks_it_and_a_tap_on_a_lit_region_picks_the_region(
        sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    lay = w.layout_geometry
    assert lay is not None
    region = next(r for r in state.comp.region_names if state.tokens_in(r))
    token = state.tokens_in(region)[0]
    slot = lay.all_token_slots(state)[token]
    got: list[tuple[str, Any]] = []
    w.on_click(lambda kind, ident: got.append((kind, ident)))
    # a finger's width beside the token, off it: the token when the token is asked for ...
    beside = lay.to_pixels(slot.x + slot.r + 8, slot.y)
    w.highlight = [token]
    tap(w, *beside)
    assert got[-1] == ("token", token)
    click(w, *beside)                               # a mouse pointer is exact
    assert got[-1] != ("token", token)
    # ... and the region, even on a token standing in it, when the region is asked for
    w.highlight = [region]
    tap(w, *lay.to_pixels(slot.x, slot.y))
    assert got[-1] == ("region", region)
    # nothing lit near: what is under the finger, as a click
    w.highlight = []
    tap(w, *lay.to_pixels(slot.x, slot.y))
    assert got[-1] == ("token", token)


# ---------------------------------------------------------------------- keys
def board_key(w: BoardWidget, key: str) -> None:
    """What the probe sends when a key is pressed on the board."""
    w.probe._on_custom(None, {"kind": "board-key", "key": key})


def test_the_arrow_keys_visit_what_is_lit_and_enter_clicks_it(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    region = next(r for r in state.comp.region_names if state.tokens_in(r))
    token = state.tokens_in(region)[0]
    got: list[tuple[str, Any]] = []
    w.on_click(lambda kind, ident: got.append((kind, ident)))
    w.highlight = [token, region]
    assert w.targets() == [("region", region), ("token", token)]
    layers = w.layer_redraw_count
    board_key(w, "ArrowRight")
    assert w.cursor == ("region", region) and w.layer_redraw_count == layers + 1   # the cursor is drawn
    assert region in w.cursor_words.value or "Zone" in w.cursor_words.value        # and said
    board_key(w, "ArrowRight")
    board_key(w, " ")
    assert got == [("token", token)]
    board_key(w, "ArrowLeft")
    board_key(w, "Enter")
    assert got[-1] == ("region", region)
    board_key(w, "Escape")
    assert w.cursor is None
    board_key(w, "Enter")                        # nothing under the keys: nothing clicked
    assert len(got) == 2
    board_key(w, "End")
    w.highlight = [region]                       # the token is no longer asked for: the keys leave it
    assert w.cursor is None
    w.highlight = []
    board_key(w, "ArrowRight")
    assert w.cursor is None and w.cursor_words.value


def test_the_board_in_words_follows_what_is_shown(sent: list[Any], state: dp.State) -> None:
    w = BoardWidget(state)
    before = w.words.value
    assert f"{state.round}" in before
    w.highlight = ["purple"]
    assert w.words.value != before and "purple" in w.words.value
    assert "dp-sr-only" in w.words._dom_classes
    w.words_toggle.value = True
    assert "dp-sr-only" not in w.words._dom_classes
    w.lang = "fr"
    assert "Zone violette" in w.words.value and w.probe.label and w.words_toggle.description != "The board in words"


def test_a_board_too_narrow_for_the_wide_drawing_is_drawn_tall() -> None:
    """Issue 32: under BOARD_MIN_CSS_WIDTH CSS px the wide board's words would be under 11 CSS px,
    so the board is drawn tall (the side column, track and cards under the map): a phone's 358 px
    board keeps its words at 17.5 x 358 / 652 = 9.6 CSS px, where the wide drawing gave them 7."""
    from dualpowers.drawing.layout import BOARD_MIN_CSS_WIDTH, TALL_H, TALL_W, TEXT
    w = BoardWidget(dp.new_game(seed=7))
    w.probe.css_width, w.probe.dpr = 358, 2.0
    assert (w.width, w.height) == (716, round(716 * TALL_H / TALL_W))
    lay = w.layout_geometry
    assert lay.tall and TEXT * lay.scale / w.pixel_ratio >= 9.0
    assert w.tap_test(*lay.to_pixels(lay.regions["blue"].header.cx, lay.regions["blue"].header.cy)) == ("region", "blue")
    w.probe.css_width = int(BOARD_MIN_CSS_WIDTH) + 10                     # wide enough again: the wide board
    lay = w.layout_geometry
    assert not lay.tall and w.height == round(w.width * 740 / 900)
    assert TEXT * lay.scale / w.pixel_ratio >= 11.0


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_each_opposition_card_says_its_recruit_value_by_the_pointer_and_after_a_tap(lang: str) -> None:
    """Issue 33: the named places the browser shows by the pointer and after a tap include each card
    the solo Opposition played, over its chip, with its recruit value and the unit it places."""
    import random
    from dualpowers.controllers.board_words import opposition_card_words
    from dualpowers.widgets.board import BoardWidget
    s = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    rng = random.Random(3)
    while len(s.played[s.opposition]) < 3:
        s.apply(rng.choice(s.legal_actions()))
    w = BoardWidget(s)
    w.lang = lang
    named = {spot[4]: spot[:4] for spot in w.probe.names}
    for card in s.played[s.opposition]:
        words = opposition_card_words(s, card, lang)
        assert words in named, (words, list(named))
        x0, y0, x1, y1 = named[words]
        assert 0 <= x0 < x1 <= 1 and 0.8 < y0 < y1 <= 1          # on the row of played cards, at the foot
    assert len(named) == len(s.comp.regions) + len(s.played[s.opposition])
    two = BoardWidget(dp.new_game("two-player", 5))
    assert len(two.probe.names) == len(two._state.comp.regions)


@pytest.mark.parametrize("lang, click, tap", [("en", "You can click", "You can tap"),
                                               ("fr", "Vous pouvez cliquer", "Vous pouvez toucher"),
                                               ("it", "Puoi cliccare", "Puoi toccare")])
def test_the_board_in_words_says_tap_to_a_finger(lang: str, click: str, tap: str) -> None:
    """Issue 33: what may be picked now is said as a tap once the browser reports a finger (the
    probe's ``touch``), and as a click again with a mouse."""
    from dualpowers.widgets.board import BoardWidget
    s = dp.new_game("two-player", 5)
    w = BoardWidget(s)
    w.lang = lang
    w.show(s, highlight=["green", "purple"])
    assert click in w.words.value and tap not in w.words.value
    w.probe.touch = True
    assert tap in w.words.value and click not in w.words.value, w.words.value
    w.probe.touch = False
    assert click in w.words.value


# ---------------------------------------------------------------------- what is lit, in sight
def test_lit_box_holds_every_lit_thing_and_only_them(state: dp.State) -> None:
    """The box the page brings into sight (:func:`~dualpowers.drawing.board.lit_box`) is each lit
    thing's own place, and the union of several."""
    from dualpowers.drawing.board import lit_box
    from dualpowers.drawing.layout import layout_for

    lay = layout_for(state.comp, 780.0, 1409.0)                    # a phone's tall board
    assert lay.tall

    def px(b: Any) -> tuple[float, float, float, float]:
        (x0, y0), (x1, y1) = lay.to_pixels(b.x, b.y), lay.to_pixels(b.right, b.bottom)
        return x0, y0, x1, y1

    at = lambda *hl: lit_box(state, frozenset(hl), width=780.0, height=1409.0)  # noqa: E731
    assert at() is None
    assert at("will") == pytest.approx(px(lay.will))
    assert at("date") == pytest.approx(px(lay.calendar))
    assert at("blue") == pytest.approx(px(lay.regions["blue"].box))
    token = next(t for t in state.comp.tokens if state.place.get(t) in lay.regions)
    slot = lay.all_token_slots(state)[token]
    x0, y0, x1, y1 = at(token)
    assert x0 <= lay.to_pixels(slot.x, slot.y)[0] <= x1 and y0 <= lay.to_pixels(slot.x, slot.y)[1] <= y1
    both = at("blue", "will")
    assert both[1] == pytest.approx(min(px(lay.regions["blue"].box)[1], px(lay.will)[1]))
    assert both[3] == pytest.approx(max(px(lay.regions["blue"].box)[3], px(lay.will)[3]))


def test_a_course_board_on_a_phone_asks_the_page_to_show_what_it_lights() -> None:
    """keep_lit_in_sight: after the first picture, each new highlight of the tall board is sent to
    the page in fractions of the picture (the course on a phone); a wide board, or a board without
    the setting, sends nothing."""
    from dualpowers.drawing.board import lit_box, normalize_highlight

    s = dp.new_game(seed=3)
    phone = BoardWidget(s, width=780, height=1409, responsive=False)
    phone.keep_lit_in_sight = True
    phone.show(s, "blue")                   # the first picture: a page opens at its title
    assert phone.probe.lit == []
    phone.show(s, ["will", "date"])
    x0, y0, x1, y1 = lit_box(s, normalize_highlight(s, ["will", "date"]), width=780, height=1409)
    assert phone.probe.lit == [round(x0 / 780, 4), round(y0 / 1409, 4), round(x1 / 780, 4), round(y1 / 1409, 4), 1]
    phone.show(s, ["will", "date"])           # the same: nothing new
    assert phone.probe.lit[4] == 1
    phone.show(s, None)                       # nothing lit: nothing to show
    assert phone.probe.lit[4] == 1
    phone.show(s, "red")
    assert phone.probe.lit[4] == 2
    desk = BoardWidget(s, width=DESIGN_W, height=DESIGN_H, responsive=False)
    desk.keep_lit_in_sight = True
    for hl in ("blue", "will", "red"):
        desk.show(s, hl)
    plain = BoardWidget(s, width=780, height=1409, responsive=False)
    for hl in ("blue", "will", "red"):
        plain.show(s, hl)
    assert desk.probe.lit == [] and plain.probe.lit == []
