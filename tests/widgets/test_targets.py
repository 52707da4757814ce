"""controllers.targets: every action maps to something visible, and clicks pick every legal action."""

from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.actions import parse_action
from dualpowers.clicks import ActionPicker
from dualpowers.kinds import clicks as click_path, highlight as highlight_for, touches as action_targets
from dualpowers.drawing import normalize_highlight
from dualpowers.drawing.board import GLOW, draw_board
from dualpowers.drawing.pen import RecordingPen


def _glow_count(state, hl) -> int:
    pen = RecordingPen()
    draw_board(pen, state, highlight=hl)
    return sum(1 for _, _, kw in pen.calls if GLOW in (kw.get("fill"), kw.get("stroke")))


def _positions(games: int = 12, seed: int = 3):
    """Positions from random games (solo and two-player) with their legal actions."""
    rng = random.Random(seed)
    for g in range(games):
        s = dp.new_game(mode="solo" if g % 2 else "two-player", seed=g, player=rng.choice(["red", "white"]),
                        difficulty=1 + g % 6)
        while not s.is_over():
            legal = s.legal_actions()
            yield s, legal
            s.apply(rng.choice(legal))


def test_every_action_kind_lights_up_something_on_the_board():
    kinds: set[str] = set()
    checked: set[tuple[str, str]] = set()
    for s, legal in _positions():
        plain = _glow_count(s, None)
        for a in legal:
            word = type(a).word
            kinds.add(word)
            hl = highlight_for(s, a)
            assert hl, f"{a} maps to nothing"
            normalize_highlight(s, hl)           # only items the board knows
            key = (word, s.step)
            if key not in checked:               # drawing every action is slow: once per kind and step
                checked.add(key)
                assert _glow_count(s, hl) > plain, f"{a}: its highlight {hl} draws nothing visible"
    assert {"play", "objective", "recruit", "move", "rest", "pass"} <= kinds


def test_targets_of_a_move_name_token_regions_and_road():
    for s, legal in _positions(games=6):
        moves = [a for a in legal if type(a).word in ("move", "double-move", "bonus-move")]
        if moves:
            a = moves[0]
            t = action_targets(s, a)
            assert t.tokens == (a.token,) and t.regions[0] == s.place[a.token] and t.regions[-1] == a.to
            assert t.path and all(s.comp.is_connection(x, y) for x, y in t.path)
            return
    pytest.fail("no move met")


def test_clicks_pick_every_legal_action():
    for n, (s, legal) in enumerate(_positions(games=8, seed=5)):
        for a in legal:
            picker = ActionPicker(s, legal)
            chosen = None
            for kind, ident in click_path(s, a):
                chosen = picker.click(kind, ident)
            if chosen is None:
                assert a in picker.choices(), f"{a}: not reachable by clicks then a button"
            else:
                assert chosen == a


def test_a_click_that_fits_nothing_is_refused_with_a_reason_and_changes_nothing():
    s = dp.new_game(mode="two-player", seed=2)
    picker = ActionPicker(s)
    assert picker.click("region", "brown") is None
    assert picker.picked == [] and "brown" in picker.message


def test_interchangeable_tokens_answer_for_each_other():
    """The engine names the lowest id of identical tokens; a click on a twin means the same."""
    for s, legal in _positions(games=10, seed=9):
        for a in legal:
            if type(a).word != "move":
                continue
            twins = [t for t in s.comp.tokens if t != a.token and s.place.get(t) == s.place.get(a.token)
                     and s.comp.type_keys[t] == s.comp.type_keys[a.token]
                     and (t in s.exhausted) == (a.token in s.exhausted)]
            if twins:
                picker = ActionPicker(s, legal)
                picker.click("token", twins[0])
                assert picker.click("region", a.to) == a
                return
    pytest.fail("no twin tokens met in these seeded games: the test checks nothing")


def test_recruit_is_the_cards_region_then_a_choice_of_units():
    for s, legal in _positions(games=10, seed=11):
        recruits = [a for a in legal if type(a).word == "recruit"]
        if len(recruits) > 1:
            region = s.comp.cards[s.card].region
            picker = ActionPicker(s, legal)
            assert ("region", region) in picker.next_targets()
            assert picker.click("region", region) is None
            assert set(map(str, recruits)) <= set(map(str, picker.choices()))
            assert region in picker.lit()
            return
    pytest.fail("no choice of recruits met in these seeded games: the test checks nothing")


def test_parse_round_trip_of_protest_targets():
    s = dp.new_game(mode="two-player", seed=1)
    a = parse_action("protest blue-white")
    t = action_targets(s, a)
    assert t.connection == ("blue", "white")
    assert s.comp.connection("blue", "white") in t.highlight(s)


def test_tables_read_as_tables():
    """Formatted Stylers: readable headers, percentages, intervals, yes/no, no row numbers."""
    import re

    from dualpowers.advisor import Advisor
    from dualpowers.widgets.tables import style_table

    s = dp.new_game(mode="two-player", seed=1)
    html = style_table(Advisor(playouts=60, seed=0).rank(s).to_frame()).to_html()
    for raw in ("win_prob", "ci_low", "win_low", "score_change", "True", "False", "None"):
        assert raw not in html
    assert "Win chance" in html and "95% interval" in html and re.search(r"\d+\.\d%–\d+\.\d%", html)
    assert 'class="row_heading' not in html and "blank level0" not in html       # no index column
    html = style_table(dp.presence_table(s)).to_html()
    assert ">Region</th>" in html and "None" not in html and "True" not in html
