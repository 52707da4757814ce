"""Rules at the edges of the engine (issue 11): what a message, a log or a loaded file may say or do."""

from __future__ import annotations

import json

import pytest

import dualpowers as dp
from builders import position
from dualpowers.controllers import GameSession, LoadError


# ---------------------------------------------------------------------- R-SCO-MOVE
def test_R_SCO_MOVE_the_score_event_never_names_a_square_beyond_the_track():
    from dualpowers.scoring import award
    s = position(score=-9)
    s._events, s.narrating = [], True   # collect what award narrates, as State.apply does
    award(s, "white", 5, "a test")
    said = " ".join(e.text for e in s._events)
    assert "14" not in said and "the White end of the track (10)" in said, said
    assert s.score == -10 and s.winner() == "white"


# ---------------------------------------------------------------------- P-OBJ: the shared log
def test_P_OBJ_the_hot_seat_log_never_names_a_hidden_objective():
    g = GameSession(mode="two-player", seed=3)
    chosen = []
    while g.state.step == "objective":
        action = g.legal()[0]
        chosen.append(action.card)
        g.apply(str(action))
    log = g.log_text()
    assert chosen and all(card not in log for card in chosen), log
    assert "objective (a card, face down)" in log
    g.play_out("first")
    # once revealed at scoring, the objectives may be named
    assert any(card in g.log_text() for card in chosen)
    # ... and the save keeps the real actions, so the game replays
    h = GameSession()
    h.load(g.save())
    assert h.state == g.state


# ---------------------------------------------------------------------- transactions
def _session_snapshot(g: GameSession):
    return (g.mode, g.seed, g.player, g.difficulty, g.edition, json.dumps(g.start), g.state.clone(),
            list(g.actions), [e.text for e in g.log])


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.update(mode=["solo"]), r"\$\.mode"),            # the TypeError after _setup
    (lambda d: d.update(seed=2 ** 70), r"\$\.seed"),
    (lambda d: d["options"].update(player={"x": 1}), r"\$\.options\.player"),
    (lambda d: d.update(actions=[["play", "red-2"]]), r"\$\.actions\[0\]"),
    (lambda d: d.update(start={"regions": {"yellow": []}}), "yellow"),
    (lambda d: d.update(start={"mode": "solo", "opposition": {"leaders": ["red-4"]}}), "INV-OPP-LEADERS"),
    (lambda d: d.update(position=[1]), r"\$\.position"),
    (lambda d: d.update(extra=1), "unknown field"),
])
def test_a_failed_load_changes_nothing_and_undo_and_save_keep_working(mutate, match):
    g = GameSession(mode="two-player", seed=5)
    for _ in range(3):
        g.auto("first")
    data = json.loads(g.save())
    mutate(data)
    h = GameSession(mode="solo", seed=2, player="white", difficulty=3)
    h.auto("first")
    h.auto("first")
    before = _session_snapshot(h)
    with pytest.raises(LoadError, match=match) as info:
        h.load(json.dumps(data))
    assert len(str(info.value)) < 400
    assert _session_snapshot(h) == before
    h.undo()
    one = GameSession(mode="solo", seed=2, player="white", difficulty=3)
    one.auto("first")
    assert h.actions == one.actions and h.state == one.state
    again = GameSession()
    again.load(h.save())
    assert again.state == h.state


def test_load_refuses_every_kind_of_undecodable_text_as_a_load_error():
    g = GameSession()
    before = _session_snapshot(g)
    for text in ("[" * 100_000, b"\xff\xfe", '{"format": "dualpowers/game", "version": 1, "seed": ' + "9" * 5000 + "}",
                 "", "null", '"text"'):
        with pytest.raises(LoadError):
            g.load(text)
    assert _session_snapshot(g) == before


def test_a_session_load_that_crashes_inside_the_engine_still_changes_nothing(monkeypatch):
    g = GameSession(mode="two-player", seed=1)
    g.auto("first")
    saved = g.save()
    h = GameSession(mode="two-player", seed=9)
    before = _session_snapshot(h)

    def boom(self, actions):
        raise KeyError("engine bug")
    monkeypatch.setattr(GameSession, "_replay", boom)
    with pytest.raises(LoadError, match="KeyError"):
        h.load(saved)
    monkeypatch.undo()
    assert _session_snapshot(h) == before


def test_editor_import_is_a_transaction(monkeypatch):
    from dualpowers.controllers.editor import PositionEditor
    ed = PositionEditor()
    ed.import_text(dp.new_game("two-player", 3).notation())
    before = json.dumps(ed.position_dict(), sort_keys=True)
    for bad in ('{"unrest": ["red"]}', "[" * 100_000, "DP1 2p fr", '{"mode": "solo", "round": 9}'):
        with pytest.raises(dp.PositionError):
            ed.import_text(bad)
        assert json.dumps(ed.position_dict(), sort_keys=True) == before

    def boom(self, state, keep_extras, raw=None):
        self.board = {}
        raise TypeError("half done")
    monkeypatch.setattr(PositionEditor, "_load", boom)
    with pytest.raises(dp.PositionError, match="TypeError"):
        ed.import_text(dp.new_game("two-player", 4).notation())
    monkeypatch.undo()
    assert json.dumps(ed.position_dict(), sort_keys=True) == before


# ---------------------------------------------------------------------- the widgets show every refusal
def test_play_widget_shows_why_a_load_is_refused_whatever_the_failure(monkeypatch):
    from dualpowers.widgets.play import PlayWidget
    w = PlayWidget(mode="two-player", seed=12)
    w.session.auto("first")
    before = _session_snapshot(w.session)
    for text in (b'{"format": "dualpowers/game", "version": 1, "mode": ["solo"]}', b"[" * 100_000):
        w.load_saved(text)
        assert "Load refused" in w.message.value and len(w.message.value) < 700
        assert _session_snapshot(w.session) == before

    def boom(self, text):
        raise RuntimeError("something unforeseen")
    monkeypatch.setattr(GameSession, "load", boom)
    w.load_saved(b"{}")
    assert "Load refused" in w.message.value and "RuntimeError" in w.message.value


def test_analyzer_shows_why_an_import_is_refused_whatever_the_failure(monkeypatch):
    from dualpowers.controllers.editor import PositionEditor
    from dualpowers.widgets.analyzer import AnalyzerWidget
    w = AnalyzerWidget()
    for text in ('{"unrest": ["red"]}', "[" * 100_000, '{"mode": "solo", "opposition": {"leaders": ["red-4"]}}'):
        w.io_text.value = text
        w.import_button.click()
        assert "Import refused" in w.message_label.value and len(w.message_label.value) < 700

    def boom(self, text):
        raise RuntimeError("something unforeseen")
    monkeypatch.setattr(PositionEditor, "import_text", boom)
    w.io_text.value = "DP1"
    w.import_button.click()
    assert "Import refused" in w.message_label.value and "RuntimeError" in w.message_label.value
