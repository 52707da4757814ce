"""A live board draws again only the pieces whose inputs changed (``CanvasPen.cached``).

Each part of the board (``drawing/board.py``: the status line, the map, the calendar, ...) and
each region of the map says what it reads (its ``_*_inputs`` function); the canvas' pen keeps
the commands it drew for each piece and puts them in again, without drawing, while the piece's
inputs stay equal.  These tests count what is drawn (no timing), and compare a board drawn
piece by piece over played games with the same boards drawn whole, command for command.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER

import dualpowers as dp
import dualpowers.drawing.board as board_module
from dualpowers.drawing import draw_board
from dualpowers.widgets import BoardWidget
from dualpowers.widgets.canvas_pen import CanvasPen

SIZE = (1100, 904)


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing goes to a browser."""
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: None)


def _plain(commands: list[Any]) -> list[tuple[Any, list[bytes]]]:
    return [(command, [bytes(b) for b in buffers]) for command, buffers in commands]


def _take(pen: CanvasPen) -> list[Any]:
    """Every command the pen drew since it last sent (and forget them, as sending does)."""
    commands = list(pen.commands)
    pen.outgoing()
    return commands


def _drawings(state: dp.State, seed: int, limit: int) -> Iterator[tuple[dp.State, dict[str, Any]]]:
    """The positions of a random game, each with the settings of a drawing that vary what a
    piece reads: a highlight of the parts' keys, a language, hidden strengths, objective
    markers, a status line without the turn."""
    rng = random.Random(seed)
    regions = state.comp.region_names
    settings: dict[str, Any] = {}
    for n in range(limit):
        if n and rng.random() < 0.6:          # the same settings for a while, as on a screen
            yield state, settings
            if state.is_over():
                return
            state.apply(rng.choice(state.legal_actions()))
            continue
        settings = {
            "highlight": rng.choice([None, None, ["date"], ["score", "cards"], ["reserve"], ["will", "tiles"],
                                     ["unrest", "blockade"], ["status", "info"], ["reserve:white"]]),
            "lang": rng.choice(["en", "en", "fr", "it"]),
        }
        if rng.random() < 0.15:
            settings["conceal"] = rng.sample(regions, 2)
        if rng.random() < 0.15:
            settings["markers"] = {1: rng.choice(regions), 2: rng.choice(regions)}
        if rng.random() < 0.1:
            settings["turn"] = False
        played = [c for side in ("red", "white") for c in state.played.get(side, [])]
        if played and rng.random() < 0.2:
            settings["highlight"] = [rng.choice(played)]
        yield state, settings
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))


GAMES = [("two-player", 11, {}), ("solo", 5, {"player": "red", "difficulty": 2}),
         ("solo", 8, {"player": "white", "difficulty": 3}), ("two-player", 4, {"edition": "it"})]


def _compare(games: list[tuple[str, int, dict[str, Any]]], limit: int) -> tuple[int, int, int]:
    """Draw each game's positions on one pen that keeps its pieces and on a new pen each time;
    (positions, pieces kept, the first position whose commands differ or -1)."""
    positions = kept = 0
    for mode, seed, options in games:
        state = dp.new_game(mode, seed, **options)
        canvas = Canvas(width=SIZE[0], height=SIZE[1])
        pen = CanvasPen(canvas)
        for position, settings in _drawings(state, seed, limit):
            with pen.drawing():
                draw_board(pen, position, width=SIZE[0], height=SIZE[1], **settings)
            pieces = _plain(_take(pen))
            whole = CanvasPen(canvas)
            draw_board(whole, position, width=SIZE[0], height=SIZE[1], **settings)
            if pieces != _plain(whole.commands):
                return positions, kept, positions
            positions += 1
            kept += len(pen.pieces_kept)
    return positions, kept, -1


def test_a_board_drawn_piece_by_piece_is_command_for_command_the_whole_board() -> None:
    """Over four played games (two-player, solo as red and as white, the Italian edition), with
    highlights, languages, hidden strengths, markers and a status line without the turn changing
    from one position to the next: the pen that replays unchanged pieces writes exactly the
    commands a new pen writes drawing the whole board."""
    positions, kept, differs = _compare(GAMES, 120)
    assert differs == -1, f"position {differs}: a replayed piece is not what drawing it again gives"
    assert positions > 200 and kept > 3 * positions, (positions, kept)


@pytest.mark.parametrize("part, left_out", [
    ("_calendar_inputs", lambda read: read[:2] + read[3:]),        # the day
    ("_region_inputs", lambda read: read[:4] + read[5:]),          # the region's tokens
    ("_info_inputs", lambda read: ((read[0][0], (), read[0][2]),) + read[1:]),   # the reserve's tokens
])
def test_the_comparison_finds_an_input_left_out(monkeypatch: pytest.MonkeyPatch, part: str,
                                                left_out: Callable[[tuple[Any, ...]], tuple[Any, ...]]) -> None:
    """The comparison above can fail: with one input left out of a piece's inputs, some position
    of the same games is drawn wrong (an old piece replayed)."""
    real = getattr(board_module, part)
    monkeypatch.setattr(board_module, part, lambda *a: left_out(real(*a)))
    monkeypatch.setattr(board_module, "_PARTS", tuple(
        (name, draw, getattr(board_module, inputs.__name__)) for name, draw, inputs in board_module._PARTS))
    _positions, _kept, differs = _compare(GAMES, 120)
    assert differs >= 0, f"{part} without one of its inputs went unnoticed"


# ---------------------------------------------------------------------- what a click draws
def _first(state: dp.State, word: str, limit: int = 400) -> tuple[dp.State, Any]:
    """Play random actions until one of kind ``word`` is legal: (the position, that action)."""
    rng = random.Random(2)
    for _ in range(limit):
        found = [a for a in state.legal_actions() if type(a).word == word]
        if found:
            return state, found[0]
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {word} in {limit} actions")


@pytest.fixture
def regions_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The regions whose drawing runs (``_region`` called), in order."""
    drawn: list[str] = []
    real = board_module._region

    def counted(p: Any, lay: Any, s: Any, region: Any, *rest: Any) -> None:
        drawn.append(region.name)
        real(p, lay, s, region, *rest)

    monkeypatch.setattr(board_module, "_region", counted)
    return drawn


def test_a_move_draws_again_the_two_regions_it_changes_and_no_other(regions_drawn: list[str]) -> None:
    state, move = _first(dp.new_game("two-player", 3), "move")
    before = state.place[move.token]
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])
    assert len(regions_drawn) == 6            # the first picture: every region
    regions_drawn.clear()
    state.apply(move)
    w.state = state
    assert sorted(regions_drawn) == sorted([before, move.to])
    assert "map:roads" in w._pen.pieces_kept and "map:gates" in w._pen.pieces_kept
    # and of the map only some cells are sent (a road between the regions may cross a third)
    assert len(w._pen.cells_sent["map"]) < len(w.layout_geometry.cells["map"])


def test_a_card_played_draws_nothing_of_the_map(regions_drawn: list[str]) -> None:
    state, card = _first(dp.new_game("two-player", 3), "play")
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])
    regions_drawn.clear()
    w._pen.counts = dict.fromkeys(w._pen.counts, 0)
    state.apply(card)
    w.state = state
    assert regions_drawn == []
    assert "map" in w._pen.pieces_kept and "map" not in w._pen.pieces_drawn
    assert "map" not in w._pen.cells_sent            # the map's commands equal those shown: not sent
    # what was drawn is the parts a card changes, a small share of a whole board's primitives
    assert set(w._pen.pieces_drawn) <= {"status", "calendar", "tiles", "reserves", "track", "cards"}
    whole = CanvasPen(w.canvas)
    draw_board(whole, state, width=SIZE[0], height=SIZE[1])
    assert sum(w._pen.counts.values()) < sum(whole.counts.values()) / 2


def test_the_same_position_in_another_language_or_size_draws_every_piece(regions_drawn: list[str]) -> None:
    state = dp.new_game("two-player", 3)
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])
    regions_drawn.clear()
    w.lang = "fr"
    assert len(regions_drawn) == 6 and w._pen.pieces_kept == []
    regions_drawn.clear()
    w.resize(900)
    assert len(regions_drawn) == 6 and w._pen.pieces_kept == []


def test_after_a_drawing_that_fails_the_next_is_the_whole_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drawing that fails half-way (the track, after the status line and the map, drawn in a new
    language) leaves the pen's pieces as they were: the next drawing is command for command the
    whole board."""
    state = dp.new_game("two-player", 3)
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])

    def broken(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("a drawing bug")

    with monkeypatch.context() as m:
        m.setattr(board_module, "_PARTS", tuple((n, broken if n == "track" else f, i)
                                                for n, f, i in board_module._PARTS))
        with pytest.raises(RuntimeError):
            w.lang = "fr"
    assert w._pen.commands == []
    whole = CanvasPen(w.canvas)
    draw_board(whole, state, width=SIZE[0], height=SIZE[1], lang="fr")
    with w._pen.drawing():
        draw_board(w._pen, state, width=SIZE[0], height=SIZE[1], lang="fr")
    assert "map" in w._pen.pieces_drawn
    assert _plain(_take(w._pen)) == _plain(whole.commands)


def test_a_moves_cells_are_found_from_the_units_kept_with_each_unchanged_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which of the map's cells a move changes is found from each command's box and styles (its
    unit); the units of the pieces the move did not change are kept with them, not found again."""
    import dualpowers.widgets.canvas_pen as pen_module
    state, move = _first(dp.new_game("two-player", 3), "move")
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])
    found: list[int] = []
    real = pen_module._unit
    monkeypatch.setattr(pen_module, "_unit", lambda i, *rest: (found.append(i), real(i, *rest))[1])
    state.apply(move)
    w.state = state
    whole = CanvasPen(w.canvas)
    draw_board(whole, state, width=SIZE[0], height=SIZE[1])
    start, end = whole._parts["map"]
    assert "map" in w._pen.cells_sent and 0 < len(found) < (end - start) / 2


def test_a_click_layer_that_did_not_change_is_not_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's message carries the click layer (the canvas over the board) only when it
    changed: a card played with nothing lit before or after sends the board's parts alone, a
    position with tokens lit sends the layer, and a new view of the board gets both."""
    from ipycanvas.canvas import COMMANDS
    batches: list[Any] = []

    def record(command: Any, buffers: Any = ()) -> None:
        batches.append(command)
        _CANVAS_MANAGER._current_canvas = None          # (so that each message names its canvases)

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    state, card = _first(dp.new_game("two-player", 3), "play")
    w = BoardWidget(state, responsive=False, width=SIZE[0], height=SIZE[1])
    overlay = f"IPY_MODEL_{w.overlay.model_id}"

    def layer_sent() -> bool:
        assert len(batches) == 1
        names = [c[0] for c in batches[0]]
        return COMMANDS["clear"] in names and overlay in str(batches[0])

    state.apply(card)
    batches.clear()
    w.state = state
    assert not layer_sent() and w._overlay_pen.commands == []
    token = state.tokens_in(state.comp.region_names[0])[0]
    batches.clear()
    w.show(state, highlight=[token])                  # the layer alone
    assert layer_sent()
    nxt = state.clone()
    nxt.apply(nxt.legal_actions()[0])
    batches.clear()
    w.show(nxt)                                       # the board, and the layer without its glow
    assert layer_sent()
    batches.clear()
    w.redraw()
    assert layer_sent()
