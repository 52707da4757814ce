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
    assert len(words.surroundings) == 3                   # the Opposition has a supply, not a reserve
    for region in s.regions:
        for token in s.tokens_in(region):
            assert names.token(token, lang) in text, (region, token)
    alone = [r for r in s.regions if s.tokens_in(r) and not any(dp.force_in_presence(s, r).tokens.values())]
    assert alone, "the position should hold a region of neutrals alone"
