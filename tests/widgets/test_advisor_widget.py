"""The advisor widget (notebook 05): ranking on the analyzer's board, without a browser."""

from __future__ import annotations

import re
from html import escape

import random

import pytest

import dualpowers as dp
from dualpowers.kinds import highlight as action_highlight
from dualpowers.describe import describe
from dualpowers.drawing import normalize_highlight
from dualpowers.policies import make_policy
from dualpowers.widgets.advisor import AdvisorWidget


def mid_game(seed: int = 1917, plies: int = 8) -> dp.State:
    s = dp.new_game("solo", seed, player="white", difficulty=3)
    rng, greedy = random.Random(seed), make_policy("greedy")
    for _ in range(plies):
        s.apply(greedy.choose(s, rng))
    return s


@pytest.fixture
def w() -> AdvisorWidget:
    return AdvisorWidget(mid_game(), playouts=100)


def test_before_ranking_it_says_who_acts_and_how_many_actions(w):
    s = w.editor.state
    assert f"{s.to_act.capitalize()} to act" in w.summary.value and f"{len(s.legal_actions())} legal actions" in w.summary.value
    assert f"({s.step})" not in w.summary.value      # the step in words, not the engine's name
    assert w.table.value == "" and w.ranking is None


def test_rank_shows_every_action_and_lights_up_the_top_ones(w):
    w.rank_button.click()
    r = w.ranking
    s = w.editor.state
    assert r is not None and len(r.actions) == len(s.legal_actions()) >= 2
    # every action in words (the notation is RankedAction.text, for scripts)
    assert escape(describe(s, r.best.action).text) in w.summary.value and "playouts" in w.summary.value
    for ranked in r.actions:
        assert re.search(rf"<td[^>]*>{re.escape(escape(describe(s, ranked.action).text))}</td>", w.table.value)
    for raw in ("win_prob", "win_low", "ci_low", "True", "False", "score_change"):
        assert raw not in w.table.value
    assert "Win chance" in w.table.value and "95% interval" in w.table.value and "%" in w.table.value
    lit = [normalize_highlight(s, action_highlight(s, a.action)) for a in r.actions]
    w.top.value = 1
    assert w.board.highlight == lit[0]
    w.top.value = 3
    assert w.board.highlight == frozenset().union(*lit[:3])


def test_same_seed_same_ranking_other_seed_is_its_own(w):
    first = [(a.text, a.playouts) for a in w.rank().actions]
    assert [(a.text, a.playouts) for a in w.rank().actions] == first
    w.seed.value = 5
    assert sorted(a.text for a in w.rank().actions) == sorted(t for t, _ in first)


def test_play_best_applies_the_top_choice_and_forgets_the_old_ranking(w):
    before = w.editor.state.clone()
    best = w.rank().best.action
    w.play_best_button.click()
    expected = before.clone()
    expected.apply(best)
    assert w.editor.state.key() == expected.key()
    assert w.ranking is None and w.table.value == ""


def test_an_edit_forgets_the_ranking_and_an_invalid_position_is_explained(w):
    w.rank()
    region = w.editor.comp.region_names[0]
    w.editor.add(region)
    assert w.ranking is None
    w.editor.set_score(99)                       # off the track
    assert w.rank() is None and "not valid" in w.summary.value
    assert w.rank_button.disabled


def test_a_finished_game_has_nothing_to_rank():
    s = dp.new_game("two-player", 3)
    rng = random.Random(3)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    w = AdvisorWidget(s, playouts=50)
    assert "game is over" in w.summary.value and w.rank_button.disabled and w.play_best_button.disabled


@pytest.mark.parametrize("lang, head, word", [("en", "Win chance (estimate)", "not a measured share"),
                                              ("fr", "Chances de gagner (estimation)", "pas une part mesurée"),
                                              ("it", "Probabilità di vittoria (stima)", "non una quota misurata")])
def test_the_win_chance_column_says_it_is_an_estimate_from_playouts(w, lang, head, word):
    from html import escape

    from dualpowers.widgets import language
    before = language.current()
    try:
        language.set(lang)
        w.rank()
        html = w.table.value
    finally:
        language.set(before)
    header = re.search(r"<th\b[^>]*>" + re.escape(escape(head)) + "</th>", html)
    assert header and 'title="' in header.group(0) and escape(word) in header.group(0)   # the tooltip
    assert "dp-table-note" in html and escape(word) in html.split("dp-table-note", 1)[1]   # and the small print


def test_what_the_widget_shows_follows_the_ranking_order(w):
    """The headline is the first row; the table lists the rows in the ranking's order with their
    shared ranks; the runners-up in the summary come in the same order (issue 20)."""
    r = w.rank()
    s = w.editor.state
    said = [escape(describe(s, a.action).text) for a in r.actions]
    first_line, second_line = w.summary.value.split("<br>")[:2]
    assert said[0] in first_line                  # the action and why it is best (issue 35) ...
    assert escape(r.sureness()).lower() in second_line.lower()     # ... then how sure, as a sentence
    positions = [w.table.value.find(f">{text}</td>") for text in said]
    assert all(p > 0 for p in positions) and positions == sorted(positions)
    ranks = re.findall(r"<tr>\s*<td[^>]*>(\d+|–)</td>", w.table.value)
    assert ranks == [str(a.rank) if a.rank else "–" for a in r.actions]
    shown = [line for line in w.summary.value.split("<br>") if any(t in line for t in said[1:3])]
    assert [next(i for i, t in enumerate(said) if t in line) for line in shown] == sorted(
        next(i for i, t in enumerate(said) if t in line) for line in shown)
    w.play_best_button.click()                   # plays the headline
    expected = s.clone()
    expected.apply(r.actions[0].action)
    assert w.editor.state.key() == expected.key()
