"""The engine's narration in French and Italian (dualpowers.narrate): every event of
whole games, both modes and both editions, is written from the catalogs."""
from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.narrate import event_text
from dualpowers.text import render

from i18n_check import from_catalog
from dualpowers.i18n import LANGUAGES, TRANSLATED


def games():
    for g in range(4):
        s = dp.new_game(mode=("solo", "two-player")[g % 2], seed=300 + g, player=("red", "white")[g // 2 % 2],
                        difficulty=1 + g, edition=("fr", "it")[g // 2 % 2])
        rng = random.Random(g)
        events = []
        while not s.is_over():
            events += s.apply(rng.choice(s.legal_actions()))
        yield s, events


GAMES = list(games())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_event_is_told_from_the_catalog(lang):
    """Each kind of event (its msgid) in a few of its forms: the three shortest texts and the
    longest, which nests the most (every text of four games took minutes of parsing)."""
    kinds, bad = set(), set()
    by_msgid: dict[str, set[tuple[str, str]]] = {}
    for _s, events in GAMES:
        for e in events:
            kinds.add(e.kind)
            by_msgid.setdefault(e.msgid, set()).add((event_text(e, lang), e.text))
    for msgid, told in by_msgid.items():
        ordered = sorted(told, key=lambda t: (len(t[0]), t))
        for text, english in {*ordered[:3], ordered[-1]}:
            if not from_catalog(text, lang) or text == english:
                bad.add((msgid, text))
    assert not bad, f"{lang}: {sorted(bad)[:10]}"
    assert len(kinds) >= 8


#: Event fields that hold a raw id named differently in English text ("red" -> "Red",
#: "double-move" -> "Double Move", "RedTrotsky" -> "red Trotsky").
NAMED = {"side", "winner", "target", "who", "loser", "will", "token", "leader", "unit", "units", "tokens",
         "card_action", "special", "decided_by", "card_decided_by", "where", "why", "reason", "ranked"}


def _fields(params) -> set[str]:
    """The fields of an event's parameters, those of nested messages included."""
    out = set(params)
    for v in params.values():
        for m in (v if isinstance(v, tuple) else (v,)):
            if hasattr(m, "params"):
                out |= _fields(m.params)
    return out


def test_english_goes_through_the_same_path():
    """English is written like French and Italian, from the msgid with each id named by
    dualpowers.names; where no field names a side, token or action it is the engine's own text."""
    from dualpowers.text import render
    same = 0
    for _s, events in GAMES[:2]:
        for e in events:
            shown = event_text(e, "en")
            assert shown == render(e.message, "en")
            assert "RedTrotsky" not in shown
            if not NAMED & _fields(e.params):
                assert shown == e.text
                same += 1
    assert same > 20


@pytest.mark.parametrize("lang", TRANSLATED)
def test_reasons_as_messages_are_translated(lang):
    s = GAMES[0][0]
    for region in s.comp.region_index:
        p = dp.force_in_presence(s, region)
        for m in (p.reason_message, p.neutral_reason_message):
            assert from_catalog(render(m, lang), lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tutorials_refusals_are_translated(lang):
    from dualpowers.narrate import refusal_text
    from dualpowers.tutorial import load_examples, replay

    seen = 0
    for ex in load_examples().examples:
        for k, step in enumerate(ex.steps, 1):
            if step.kind == "try":
                _s, outcome = replay(ex, k)
                text = refusal_text(outcome.refusal, lang, rule=False)
                assert text != outcome.error and from_catalog(text, lang), text
                seen += 1
    assert seen >= 2


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_oppositions_choice_is_explained_in_the_language(lang):

    from dualpowers.narrate import objective_steps

    cards = sorted(dp.default_components().cards)
    rng = random.Random(4)
    seen = set()
    for _ in range(60):
        _card, choice = dp.opposition_objective(rng.sample(cards, 5))
        seen.add((choice.decided_by, choice.card_decided_by))
        for line, text in zip(choice.steps, objective_steps(choice, lang), strict=True):
            assert text != line and from_catalog(text, lang), (line, text)
    assert len(seen) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ending_carries_its_rule_as_data(lang):
    """Why a game ended is written from State.outcome() (its Ending and rule ID), never by
    finding a rule ID inside the English end_reason."""
    from dualpowers.narrate import outcome_text
    from dualpowers.scoring import ENDING_RULES, Ending, Outcome
    assert {e.rule for e in Ending} == {"R-END-1", "R-END-2", "R-SOLO-END"} == set(ENDING_RULES.values())
    for ending in Ending:
        for by_will in (False, True):
            over = Outcome("red", ending, by_will)
            text = render(over.message, lang)
            assert over.rule == ending.rule and f"({ending.rule})" in text
            if lang != "en":
                assert text != over.message.text and from_catalog(text, lang), text
    finished = [s for s, _ in GAMES if s.is_over()]
    assert finished
    assert "end_reason" not in type(finished[0]).__slots__      # a state stores no text of its ending
    for s in finished:
        assert f"({s.outcome().rule})" in outcome_text(s, lang)
