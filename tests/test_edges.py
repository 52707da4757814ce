"""Rules at the edges of the engine (issue 11): what a message, a log or a loaded file may say or do."""

from __future__ import annotations

import json
import random
from pathlib import Path

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


# ---------------------------------------------------------------------- C-LEAD (issue 21)
@pytest.mark.parametrize("entry", [
    {"owner": "neutral", "kind": "leader", "name": "trotsky"},
    {"owner": "neutral", "kind": "leader"},
    {"id": "Trotsky", "kind": "leader"},
    {"owner": "neutral", "kind": "trotsky"},
])
def test_C_LEAD_neutral_trotsky_is_a_leader_token(entry):
    s = dp.State.from_dict({"date": {"month": "jul", "day": 3}, "regions": {"red": [entry]}})
    assert s.tokens_in("red") == ["Trotsky"]


def test_C_LEAD_red_trotsky_is_reds_fourth_leader_token():
    s = dp.State.from_dict({"date": {"month": "aug", "day": 3},
                            "regions": {"red": [{"owner": "red", "kind": "leader"}] * 4}})
    assert s.tokens_in("red")[-1] == "RedTrotsky"          # the three with cards come first
    with pytest.raises(dp.TokenCountError, match="neutral leader"):
        dp.State.from_dict({"date": {"month": "jul", "day": 3},
                            "regions": {"red": [{"owner": "neutral", "kind": "leader"}] * 2}})
    with pytest.raises(dp.UnknownToken, match="has kind 'leader', not 'unit'"):
        dp.State.from_dict({"regions": {"red": [{"id": "Lenin", "kind": "unit"}]}})


def test_C_LEAD_only_kerenskys_name_comes_from_the_rulebooks():
    c = dp.default_components()
    for leader in c.leaders:
        source = c.sources[f"leader {leader}"]
        if leader == "Kerensky":
            assert source.startswith("rulebook (name)") and "stand-in (special, days, strengths)" in source
        else:
            assert source == "stand-in", (leader, source)
    assert "stand-in (strengths)" in c.sources["trotsky"]


def test_C_NEU_neutral_strengths_are_stand_ins():
    c = dp.default_components()
    assert c.sources["units"] == "stand-in"
    text = (Path(dp.__file__).parent / "data" / "components.toml").read_text(encoding="utf-8")
    assert "fresh strength 1 (rulebook)" not in text
    rule = next(r for r in dp.rules() if r.id == "C-NEU")
    assert "stand-in" in rule.standin and "stand-in" not in rule.summary   # the remark apart from the rule


# ---------------------------------------------------------------------- R-SCO-REVEAL (issue 21)
def test_R_SCO_REVEAL_solo_the_players_card_is_face_up_even_when_the_oppositions_ends_the_game():
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "round": 2, "unrest": None,
        "blockade": None, "score": -8, "regions": {"green": [{"id": "W10"}]},
        "played": {"red": ["green-6", "green-5", "blue-2", "red-3"]},
        "opposition": {"stack": ["green-2"]}, "hands": {"white": ["white-2"]},
        "objectives": {"white": "brown-6"}, "turn": {"step": "card", "to_act": "white", "index": 7},
    })
    s.apply("play white-2")
    events = s.apply("pass")
    reveals = [e.text for e in events if e.kind == "objective" and "reveals" in e.text]
    assert reveals and reveals[0].startswith("The Opposition reveals")     # its card is scored first ...
    assert s.is_over() and s.outcome().rule == "R-END-1"                          # ... and its points end the game
    assert s.revealed["white"] and s.view("white").objective == "brown-6"         # the player's card is face up
    assert dp.State.from_dict(s.to_dict()).revealed["white"]


# ---------------------------------------------------------------------- S-3, R-CLN: the tile spaces (issue 21)
def test_S_3_R_CLN_a_blockade_marker_on_the_unrest_tiles_arrow_still_leaves_a_blockade_tile():
    c = dp.default_components()
    s = dp.State.from_dict({"unrest": "red", "blockade": list(c.arrows["red"])})
    assert s.blockade == c.arrows["red"]                 # where the position put it (a protest moved it)
    assert s.blockade_tile is not None and s.blockade_tile != "red" and len(s.tile_stack) == 4
    tile, said = s.blockade_tile, []
    rng = random.Random(1)
    while s.round == 1 and not s.is_over():       # round 2 has an unrest region: the blockade tile moves on (R-CLN)
        said += [e.text for e in s.apply(rng.choice(s.legal_actions()))]
    assert s.round == 2 and s.unrest == tile and not any("run out" in t for t in said)


@pytest.mark.parametrize("fields, message", [
    ({"unrest": "red", "blockade_tile": None, "tiles": {"stack": ["green", "blue"], "discard": []}},
     r"blockade_tile is empty while the stack still holds region tiles \(green, blue\)"),
    ({"unrest": None, "blockade_tile": "blue", "tiles": {"stack": [], "discard": []}},
     "Unrest space is empty but the Blockade space holds the blue tile"),
    ({"unrest": None, "blockade_tile": None, "tiles": {"stack": ["green"], "discard": []}},
     "unrest is empty while the stack still holds"),
])
def test_S_3_R_CLN_a_tile_space_is_empty_only_once_the_stack_has_run_out(fields, message):
    with pytest.raises(dp.PositionError, match=message):
        dp.State.from_dict(fields)


def test_R_CLN_an_empty_blockade_space_in_a_partial_position_means_the_tiles_ran_out():
    s = dp.State.from_dict({"unrest": "brown", "blockade_tile": None})
    assert s.tile_stack == [] and sorted(s.tile_discard) == sorted(r for r in s.regions if r != "brown")
    s = dp.State.from_dict({"unrest": None})
    assert (s.unrest, s.blockade_tile, s.tile_stack) == (None, None, [])
