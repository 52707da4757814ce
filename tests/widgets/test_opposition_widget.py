"""The Opposition explorer and the solo round walker (controllers and widgets), without a browser."""

from __future__ import annotations

from html import escape

import pytest

import dualpowers as dp
from dualpowers.controllers import OppositionExplorer, SoloRoundWalker
from dualpowers.describe import describe
from dualpowers.text import render


# ---------------------------------------------------------------------------- explorer
def test_explorer_matches_the_engine():
    cards = ["purple-4", "red-2", "purple-2", "brown-5", "red-4"]
    x = OppositionExplorer(cards)
    card, choice = dp.opposition_objective(cards)
    assert x.error is None and x.card == card and x.choice == choice
    assert x.steps == list(choice.steps)
    frame = x.frame()
    assert frame.loc["purple", "day sum"] == 6 and frame.loc["red", "day sum"] == 6
    assert frame["chosen"].sum() == 1 and frame.loc[x.choice.region, "chosen"]
    cf = x.cards_frame()
    assert list(cf["card"]) == cards and cf["objective"].sum() == 1
    assert x.summary().startswith(f"The Opposition's objective is {card.id}")


def test_explorer_tie_breaks():
    # equal sums, equal counts: the region of the most recently played card wins (step 3)
    x = OppositionExplorer(["red-4", "blue-4", "green-2", "white-2", "brown-2"])
    assert x.choice.decided_by == "latest" and x.choice.region == "blue"
    assert any(s.startswith("Step 3") for s in x.steps)
    # equal sums, more cards wins (step 2)
    x.set_cards(["red-6", "blue-2", "blue-4", "green-2", "white-3"])
    assert x.choice.decided_by == "cards" and x.choice.region == "blue"
    # a single highest sum (step 1)
    x.set_cards(["red-6", "red-5", "blue-2", "green-2", "white-3"])
    assert x.choice.decided_by == "sum" and x.card.id == "red-5"


def test_explorer_slots_and_errors():
    x = OppositionExplorer()
    assert x.choice is None and "no card" in x.error
    x.set_card(0, "brown-5")
    assert x.card.id == "brown-5" and x.choice.card_decided_by == "only card"
    x.set_card(1, "brown-5")
    assert x.choice is None and "twice" in x.error and x.summary().startswith("No objective")
    x.set_card(1, None)
    assert x.error is None
    with pytest.raises(IndexError):
        x.set_card(5, "red-2")
    with pytest.raises(ValueError):
        x.set_cards(["red-2"] * 6)


def test_deal_is_seeded():
    a, b = OppositionExplorer(), OppositionExplorer()
    assert a.deal(42) == b.deal(42)
    assert len(set(a.cards)) == 5 and all(c in a.comp.cards for c in a.cards)
    assert a.deal(43) != b.cards
    assert OppositionExplorer(seed=42).cards == b.cards


# ---------------------------------------------------------------------------- solo round
@pytest.mark.parametrize("policy,player", [("first", "white"), ("random", "red")])
def test_walker_plays_one_round(policy, player):
    w = SoloRoundWalker(seed=7, player=player, difficulty=3, policy=policy)
    assert w.state.round == 1 and not w.finished
    cards = list(w.round_cards)
    assert len(cards) == 5
    n = w.run_round()
    assert w.finished and n == len(w.actions) > 0
    # 4 player turns: at least 4 card plays among the decisions
    assert sum(a.startswith("play ") for a in w.actions) == 4
    # the engine's choice at scoring is the explorer's choice for the round's five cards
    x = w.objective_explorer()
    assert x.cards == cards
    assert f"The Opposition's objective: {render(x.choice.summary_message)}" in w.log_text()
    # the walker's game is the engine's replay of its decisions
    s = dp.new_game("solo", 7, player=player, difficulty=3)
    for a in w.actions:
        s.apply(a)
    assert s == w.state
    # once finished, step does nothing
    before = w.state.clone()
    assert w.step()[0].text == "The round is over."
    assert w.state == before


def test_walker_step_by_step_and_restart():
    w = SoloRoundWalker(seed=3)
    preview = w.next_preview()
    said = describe(w.state, dp.parse_action(preview)).text
    entries = w.step()
    assert entries[0].kind == "action" and entries[0].text.endswith(said)      # in words, not notation
    assert w.actions == [preview]
    seen = []
    w.on_change(lambda ww: seen.append(len(ww.actions)))
    w.restart(seed=4, policy="random")
    assert w.actions == [] and seen == [0] and w.state == dp.new_game("solo", 4, player="white", difficulty=3)
    with pytest.raises(ValueError):
        w.restart(policy="smart")


# ---------------------------------------------------------------------------- widgets
@pytest.fixture
def opp_widget():
    from dualpowers.widgets.opposition import OppositionWidget
    return OppositionWidget(seed=5)


def test_opposition_widget_menus_and_deal(opp_widget):
    w = opp_widget
    x = w.explorer
    assert [m.value for m in w.card_menus] == x.cards and len(set(x.cards)) == 5
    for i, card in enumerate(["purple-4", "red-2", "purple-2", "brown-5", "red-4"]):
        w.card_menus[i].value = card
    assert x.cards == ["purple-4", "red-2", "purple-2", "brown-5", "red-4"]
    card, choice = dp.opposition_objective(x.cards)
    assert f"<b>{card.id}</b>" in w.choice_html.value
    for step in choice.steps:
        assert step.split(":")[0] in w.steps_html.value
    assert "day sum" in w.table_html.value.lower() and "True" not in w.cards_html.value
    w.card_menus[1].value = "purple-4"
    assert "twice" in w.choice_html.value and w.steps_html.value == ""
    w.seed.value = 99
    w.deal_button.click()
    assert x.cards == OppositionExplorer(seed=99).cards
    assert [m.value for m in w.card_menus] == x.cards
    w.clear_button.click()
    assert x.cards == [None] * 5 and all(m.value == "" for m in w.card_menus)
    assert "No objective" in w.choice_html.value


def test_solo_round_widget_next_and_finish():
    from dualpowers.widgets.opposition import SoloRoundWidget
    w = SoloRoundWidget(seed=7, player="white", difficulty=3)
    walker = w.walker
    assert "The Opposition played" in w.log_view.value
    preview = walker.next_preview()
    said = describe(walker.state, dp.parse_action(preview)).text
    w.next_button.click()
    assert walker.actions == [preview]
    assert escape(said) in w.last.value
    assert w.board.state == walker.state
    w.finish_button.click()
    assert walker.finished and w.next_button.disabled
    assert "How the Opposition chose" in w.objective.value
    assert walker.objective_explorer().card.id in w.objective.value
    w.seed.value = 8
    w.policy.value = "random"
    w.player.value = "red"
    w.restart_button.click()
    assert walker.seed == 8 and walker.policy == "random" and walker.player == "red"
    assert walker.actions == [] and not w.next_button.disabled
    assert w.board.state == dp.new_game("solo", 8, player="red", difficulty=3)
