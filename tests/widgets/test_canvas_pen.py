"""CanvasPen writes ipycanvas' drawing commands itself (for speed): each must be what ``Canvas``'
own method sends, and a board drawn in parts sends only the parts that changed.

The messages are caught where ipycanvas' shared manager sends them (``_send_custom``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

import dualpowers as dp
from dualpowers.drawing import draw_board
from dualpowers.widgets import BoardWidget
from dualpowers.widgets.canvas_pen import CanvasPen

NAMES = {code: name for name, code in COMMANDS.items()}
ATTR_NAMES = {code: name for name, code in Canvas.ATTRS.items()}
#: ipycanvas command -> the Canvas method that sends it
METHODS = {"fillRect": "fill_rect", "strokeRect": "stroke_rect", "fillCircle": "fill_circle",
           "strokeCircle": "stroke_circle", "strokeLine": "stroke_line", "fillText": "fill_text",
           "clear": "clear", "save": "save", "restore": "restore", "beginPath": "begin_path", "rect": "rect",
           "clip": "clip", "fillPolygon": "fill_polygon", "strokePolygon": "stroke_polygon",
           "strokeLines": "stroke_lines", "setLineDash": "set_line_dash"}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, list[Any]]]:
    """Every message the canvas manager would send to the browser: (commands, buffers)."""
    out: list[tuple[Any, list[Any]]] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: out.append((command, buffers)))
    return out


def _by_canvas(commands: Any, pen: CanvasPen) -> list[tuple[list[Any], list[bytes]]]:
    """The same drawing sent through Canvas' own methods, as ``(command, buffers)``."""
    canvas = pen.canvas
    out: list[tuple[list[Any], list[bytes]]] = []
    real = _CANVAS_MANAGER.send_command
    _CANVAS_MANAGER.send_command = lambda c, command, buffers=[]: out.append(
        (command, [bytes(b) for b in buffers]))
    try:
        for command, buffers in commands:
            name = NAMES[command[0]]
            if name == "set":
                attr, value = command[1]
                setattr(canvas, ATTR_NAMES[attr], value)
            elif name in ("fillPolygon", "strokePolygon", "strokeLines"):
                meta = command[1][0]
                points = np.frombuffer(bytes(buffers[0]), dtype=meta["dtype"]).reshape(meta["shape"])
                getattr(canvas, METHODS[name])(points)
            elif name == "setLineDash":
                canvas.set_line_dash(list(command[1][0]))
            else:
                getattr(canvas, METHODS[name])(*command[1])
    finally:
        _CANVAS_MANAGER.send_command = real
    return out


def _normal(commands: Any) -> list[tuple[Any, list[bytes]]]:
    def plain(x: Any) -> Any:
        if isinstance(x, (list, tuple)):
            return [plain(v) for v in x]
        if isinstance(x, dict):
            return {k: plain(v) for k, v in x.items()}
        return x
    return [(plain(c), [bytes(b) for b in bufs]) for c, bufs in commands]


def _played(n: int, seed: int = 3) -> list[dp.State]:
    state = dp.new_game("solo", seed, player="red", difficulty=2)
    rng = random.Random(seed)
    out = [state.clone()]
    while len(out) < n and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def test_every_command_the_pen_writes_is_what_the_canvas_method_sends() -> None:
    """A board with every primitive (rounded boxes, polygons, lines, dashes, squeezed texts, parts)."""
    state = _played(40)[-1]
    pen = CanvasPen(Canvas(width=1100, height=904))
    with pen.drawing():
        draw_board(pen, state, highlight=["date", "reserve", "blockade", "cards"], width=1100, height=904)
        pen.line([(1, 1), (5, 5), (9, 1)], stroke="#123456", width=2, dash=[3])     # odd dash, polyline
    used = {NAMES[c[0]] for c, _b in pen.commands}
    assert {"set", "fillPolygon", "strokePolygon", "fillText", "save", "clip", "restore", "setLineDash",
            "strokeLines"} <= used
    assert _normal(pen.commands) == _normal(_by_canvas(pen.commands, pen))


def test_a_rounded_box_is_one_polygon_with_its_corners_on_the_arc() -> None:
    pen = CanvasPen(Canvas(width=100, height=100))
    pen.rect(10, 20, 50, 30, fill="#ffffff", stroke="#000000", radius=8)
    names = [NAMES[c[0]] for c, _b in pen.commands]
    assert names.count("fillPolygon") == 1 and names.count("strokePolygon") == 1 and "arcTo" not in names
    meta = pen.commands[1][0][1][0]
    points = np.frombuffer(bytes(pen.commands[1][1][0]), dtype=meta["dtype"]).reshape(meta["shape"])
    corner = points[:5] - np.array([60 - 8, 20 + 8])       # the top right corner round its centre
    assert np.allclose(np.hypot(corner[:, 0], corner[:, 1]), 8, atol=1e-4)
    assert points[:, 0].min() == pytest.approx(10) and points[:, 1].max() == pytest.approx(50)


def _parts(state: dp.State) -> dict[str, list[Any]]:
    pen = CanvasPen(Canvas(width=1100, height=904))
    draw_board(pen, state, width=1100, height=904)
    return {name: _normal(pen.commands[a:b]) for name, (a, b) in pen._parts.items()}


def _board_commands(message: Any, canvas: Canvas) -> list[Any]:
    """The commands of one batched message that go to ``canvas`` (after its switchCanvas)."""
    out: list[Any] = []
    mine = False
    for command in message:
        if command[0] == COMMANDS["switchCanvas"]:
            mine = command[1][0] == f"IPY_MODEL_{canvas.model_id}"
        elif mine:
            out.append(command)
    return out


def _as_sent(state: dp.State) -> dict[str, list[Any]]:
    """The whole picture of ``state`` as a board sends it the first time: each part's commands,
    or for a part with cells (``Layout.cells``) each cell's commands, named ``part/index``."""
    pen = CanvasPen(Canvas(width=1100, height=904))
    draw_board(pen, state, width=1100, height=904)
    parts, tiles = dict(pen._parts), dict(pen._tiles)
    commands = pen.outgoing()
    out: dict[str, list[Any]] = {}
    at = min(start for start, _end in parts.values())         # the head goes first
    for name, (start, end) in parts.items():
        rects = tiles[name][2]
        if rects is None:
            out[name] = _normal(commands[at:at + end - start])
            at += end - start
            continue
        for k, _rect in enumerate(rects):     # a cell: save, its clip, ..., restore
            end_cell = next(i for i in range(at, len(commands)) if NAMES[commands[i][0][0]] == "restore") + 1
            out[f"{name}/{k}"] = _normal(commands[at:end_cell])
            at = end_cell
    assert at == len(commands)
    return out


def test_a_board_sends_only_the_parts_and_cells_that_changed(sent: list[Any]) -> None:
    """After the first picture, a board sends only the parts that changed, and of a part cut into
    cells (the map's regions, the calendar's rows) only the cells that changed, each exactly as
    the whole picture draws it (so the canvas ends up with the whole picture)."""
    states = _played(30)
    w = BoardWidget(states[0], responsive=False, width=1100, height=904)
    before = _as_sent(states[0])
    assert [name for name in before if "/" not in name] == ["status", "tiles", "reserves", "track", "cards"]
    assert {name.split("/")[0] for name in before if "/" in name} == {"map", "calendar"}
    kept = cells_alone = 0
    for state in states[1:]:
        sent.clear()
        _CANVAS_MANAGER._current_canvas = None      # (each message names its canvas: the layer may not go)
        w.state = state
        now = _as_sent(state)
        expected = [c for name in now if now[name] != before[name] for c, _b in now[name]]
        got = _board_commands(sent[0][0], w.canvas) if sent else []
        assert _normal((c, []) for c in got) == [(c, []) for c in expected]
        kept += w._pen.parts_kept
        cells_alone += sum(len(cells) < len(w.layout_geometry.cells[name]) for name, cells in w._pen.cells_sent.items())
        before = now
    assert kept > 0
    assert cells_alone > 0, "no part was ever sent as some of its cells"
    # a new view of the canvas gets the whole picture
    sent.clear()
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1 and w._pen.parts_kept == 0
    assert NAMES[_board_commands(sent[0][0], w.canvas)[0][0]] == "clear"


def test_a_drawing_that_fails_sends_nothing_and_the_next_is_whole(sent: list[Any], monkeypatch) -> None:
    import dualpowers.drawing.board as board_module
    states = _played(12)
    w = BoardWidget(states[0], responsive=False, width=1100, height=904)
    sent.clear()

    def broken(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("a drawing bug")

    with monkeypatch.context() as m:
        m.setattr(board_module, "_track", broken)
        # (the track, with inputs that always differ: drawn at every picture)
        m.setattr(board_module, "_PARTS", tuple((n, broken, lambda *_a: (object(),)) if n == "track" else (n, f, i)
                                                for n, f, i in board_module._PARTS))
        with pytest.raises(RuntimeError):
            w.state = states[5]
    assert sent == [] and w._pen.commands == [] and w._overlay_pen.commands == []
    assert not _CANVAS_MANAGER._caching, "hold_canvas left on: every later command would wait for ever"
    with hold_canvas():
        pass
    sent.clear()
    w.state = states[6]
    assert len(sent) == 1
