"""The board in words (dualpowers.controllers.board_words): what a screen reader reads beside the board."""

from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers import names
from dualpowers.controllers.board_words import board_words, clickable, target_words
from dualpowers.text import render


@pytest.fixture
def state() -> dp.State:
    s = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    rng = random.Random(1)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_region_says_its_tokens_and_who_is_stronger_and_why(state: dp.State, lang: str) -> None:
    words = board_words(state, lang=lang)
    assert [r for r, _ in words.regions] == list(state.comp.region_names)
    for region, said in words.regions:
        presence = dp.force_in_presence(state, region)
        text = " ".join(said)
        assert render(presence.reason_message, lang) in text
        for token in state.tokens_in(region):
            assert names.token(token, lang) in text
    assert names.date(state.month_name, state.day, lang) in words.status
    for side, played in state.played.items():
        for card in played:
            assert any(names.card(card, lang) in line for line in words.cards)


def test_a_region_a_question_hides_keeps_its_tokens_and_not_its_strengths(state: dp.State) -> None:
    region = next(r for r in state.comp.region_names if state.tokens_in(r))
    said = dict(board_words(state, conceal=[region]).regions)[region]
    reason = render(dp.force_in_presence(state, region).reason_message, "en")
    assert reason not in " ".join(said)
    assert all(names.token(t, "en") in " ".join(said) for t in state.tokens_in(region))


def test_what_may_be_clicked_is_said_in_the_order_the_keys_visit_it(state: dp.State) -> None:
    reserve = next(t for t, place in state.place.items() if place == "reserve")
    lit = [reserve, "green", "purple"]
    assert clickable(state, lit) == [("region", "purple"), ("region", "green"), ("token", reserve)] or \
        clickable(state, lit)[:2] == [("region", r) for r in state.comp.region_names if r in lit]
    words = board_words(state, lit=lit, lang="fr")
    assert target_words(state, "token", reserve, "fr") in words.targets
    assert "réserve" in target_words(state, "token", reserve, "fr")
    assert board_words(state).targets == ""


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_tiles_the_reserve_and_a_region_of_neutrals_alone_are_said_too(lang: str) -> None:
    """The QA pass: a region holding only neutrals was said without its tokens, and the unrest and
    blockade tiles and the reserve were not said at all (the board draws them)."""
    s = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    words = board_words(s, lang=lang)
    text = " ".join(words.lines())
    assert names.region(s.unrest, lang) in words.surroundings[0]
    a, b = s.blockade
    assert names.region(a, lang) in words.surroundings[1] and names.region(b, lang) in words.surroundings[1]
    reserve = [t for t in s.at["reserve"] if s.spec(t).owner == "white"]
    assert reserve and all(f"{names.token(t, lang)} {s.spec(t).fresh}" in words.surroundings[2] for t in reserve)
    # the two tiles, one reserve (the Opposition has a supply, not a reserve) and the two objectives
    assert len(words.surroundings) == 5
    for region in s.regions:
        for token in s.tokens_in(region):
            assert names.token(token, lang) in text, (region, token)
    alone = [r for r in s.regions if s.tokens_in(r) and not any(dp.force_in_presence(s, r).tokens.values())]
    assert alone, "the position should hold a region of neutrals alone"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_each_objective_is_said_as_anyone_at_the_board_knows_it(lang: str) -> None:
    """P-OBJ: a face-down objective is said to be there and no more; a face-up one by its card and
    the region where it scores; the solo Opposition's before it is revealed, that it is chosen then
    (R-SOLO-OBJECTIVE)."""
    from dualpowers.controllers.board_words import (T_OBJECTIVE_HIDDEN, T_OBJECTIVE_LATER, T_OBJECTIVE_NONE,
                                                    T_OBJECTIVE_SHOWN)
    from dualpowers.text import translator
    _ = translator(lang)
    s = dp.new_game(mode="two-player", seed=3)
    assert set(board_words(s, lang=lang).surroundings) >= {_(T_OBJECTIVE_NONE, side=side) for side in ("red", "white")}
    rng = random.Random(1)
    while not all(s.objectives.values()):
        s.apply(rng.choice(s.legal_actions()))
    cards = dict(s.objectives)
    said = board_words(s, lang=lang).surroundings
    assert set(said) >= {_(T_OBJECTIVE_HIDDEN, side=side) for side in ("red", "white")}
    assert not any(names.card(card, lang) in line for line in said for card in cards.values())
    s.revealed["red"] = True
    said = board_words(s, lang=lang).surroundings
    region = s.comp.cards[cards["red"]].region
    assert _(T_OBJECTIVE_SHOWN, side="red", card=names.card(cards["red"], lang),
             region=names.region(region, lang)) in said
    assert _(T_OBJECTIVE_HIDDEN, side="white") in said
    assert not any(names.card(cards["white"], lang) in line for line in said)
    solo = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    said = board_words(solo, lang=lang).surroundings
    assert _(T_OBJECTIVE_LATER, side=solo.opposition) in said and _(T_OBJECTIVE_HIDDEN, side="white") in said


@pytest.mark.parametrize("lang, written", [("en", "{card} with recruit value {n}"), ("fr", "{card} (Recrutement {n})"),
                                           ("it", "{card} (valore di reclutamento {n})")])
def test_the_opposition_s_cards_are_said_with_their_recruit_value(lang: str, written: str) -> None:
    """Issue 33: the level of the unit the Opposition places is its card's recruit value
    (R-SOLO-OPP-TURN); the board in words says it for each card it played, and the words shown by
    a chip (the pointer, a tap) say it too; the player's own cards are named alone."""
    from dualpowers.controllers.board_words import opposition_card_words
    s = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    rng = random.Random(3)
    while len(s.played[s.opposition]) < 3 or not s.played[s.player]:
        s.apply(rng.choice(s.legal_actions()))
    said = " ".join(board_words(s, lang=lang).cards)
    for card in s.played[s.opposition]:
        recruit = s.comp.cards[card].recruit
        assert written.format(card=names.card(card, lang), n=recruit) in said, said
        tag = opposition_card_words(s, card, lang)
        assert tag.startswith(names.card(card, lang)) and str(recruit) in tag
    for card in (c for c in s.played[s.player] if c in s.comp.cards):
        assert written.format(card=names.card(card, lang), n=s.comp.cards[card].recruit) not in said
