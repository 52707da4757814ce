"""Readable actions (dualpowers.describe): every legal action in words, in three languages."""
from __future__ import annotations

import random
import re

import pytest

import dualpowers as dp
from dualpowers import i18n
from dualpowers import kinds
from dualpowers.describe import describe, describe_all
from dualpowers.i18n import LANGUAGES, TRANSLATED

WORD = re.compile(r"[^\W\d_]{3,}")
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")      # R-ACT-MOVE: an ID, not English words


def words(text: str) -> list[str]:
    return WORD.findall(RULE_ID.sub(" ", re.sub(r"\{\w+\}", " ", text)))


def english_only_words() -> set[str]:
    """Words of the English texts that no French or Italian translation uses."""
    english, translated = set(), set()
    for (ctx, msgid), value in i18n.catalog("fr").items():
        english.update(w.casefold() for w in words(msgid))
    for lang in TRANSLATED:
        for value in i18n.catalog(lang).values():
            for text in (value if isinstance(value, tuple) else (value,)):
                translated.update(w.casefold() for w in words(text))
    return english - translated


def positions(n=50):
    """``n`` positions from random games: solo and two-player, both editions."""
    out = []
    g = 0
    while len(out) < n:
        mode = ("solo", "two-player")[g % 2]
        s = dp.new_game(mode=mode, seed=500 + g, player=("red", "white")[g // 2 % 2], difficulty=1 + g % 6,
                        edition=("fr", "it")[g // 4 % 2])
        rng = random.Random(g)
        k = 0
        while not s.is_over() and len(out) < n:
            if k % 7 == 3:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        g += 1
    return out


POSITIONS = positions()


def test_positions_cover_both_modes_editions_and_every_step():
    assert {s.mode for s in POSITIONS} == {"solo", "two-player"}
    assert {s.edition for s in POSITIONS} == {"fr", "it"}
    assert {"objective", "card", "command"} <= {s.step for s in POSITIONS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_legal_action_has_a_description(lang):
    english = english_only_words()
    kinds = set()
    for s in POSITIONS:
        for action, d in zip(s.legal_actions(), describe_all(s, lang)):
            assert d.text.strip() and d.explanation.strip(), (s.notation(), str(action))
            assert d.notation == str(action) and dp.parse_action(d.notation) == action
            assert d.rule in {r.id for r in dp.rules()}
            kinds.add(type(action).__name__)
            if lang != "en":
                leaked = {w for w in words(d.text + " " + d.explanation) if w.casefold() in english}
                assert not leaked, f"{lang}: English words {leaked} in {d.text!r} / {d.explanation!r}"
                assert d.text != describe(s, action, "en").text
    assert {"PlayCard", "ChooseObjective", "Recruit", "Move", "Pass"} <= kinds


def test_the_english_check_is_not_vacuous():
    english = english_only_words()
    assert {"move", "from", "play", "choose"} <= english


def test_the_issue_example():
    s = dp.new_game(mode="two-player", seed=1)
    # put Kerensky in green by hand, then ask about a move to red as in the issue
    s.place["Kerensky"] = "green"
    d = describe(s, dp.Move("Kerensky", "red"))
    assert d.text == "Move Kerensky from green to red" and d.rule == "R-ACT-MOVE"
    assert describe(s, dp.Move("Kerensky", "red"), "fr").text == "Déplacer Kerenski de la Zone verte vers la Zone rouge"
    assert describe(s, dp.Move("Kerensky", "red"), "it").text == "Spostare Kerensky dal quartiere verde al quartiere rosso"


def test_every_explanation_cites_a_known_rule():
    """Each kind's explanation comes with its rule, at every step that offers it (a pass cites
    the ruling that allows declining at that step)."""
    ids = {r.id for r in dp.rules()}
    s = dp.new_game("two-player", 1)
    for kind in kinds.ordered():
        for step in kind.steps:
            s.step = step
            rule, why = kind.explained(s)
            assert rule in ids and why, (kind.word, step)


def test_a_description_cites_its_kinds_rule():
    """One home: describe() reads the kind's record, so it cites the same rule as the engine."""
    s = dp.new_game("two-player", 1)
    for a in s.legal_actions():
        assert describe(s, a).rule == kinds.kind_of(a).rule


def test_an_illegal_action_is_described_as_illegal():
    s = dp.State.from_dict({"mode": "two-player", "regions": {"red": ["Kerensky", "W1"]},
                            "hands": {"white": ["white-2"]}, "turn": {"step": "card", "to_act": "white"}})
    d = describe(s, dp.Move("Kerensky", "red"))
    assert not d.legal and "must play a card now" in d.refusal and "not allowed here" in d.line()
    assert describe(s, dp.PlayCard("white-2")).legal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_recruit_choices_name_each_units_strengths(lang):
    """Recruits of one card differ only by their token values: the choice buttons say them."""
    from dualpowers import actions as A
    from dualpowers.describe import describe

    s = dp.new_game(mode="solo", player="white", difficulty=1, seed=3)
    while not (recruits := [a for a in s.legal_actions() if isinstance(a, A.Recruit)]):
        s.apply(s.legal_actions()[0])
    assert len(recruits) > 1
    texts = [describe(s, a, lang).text for a in recruits]
    assert len(set(texts)) == len(texts)
    for action, text in zip(recruits, texts):
        for unit in action.units:
            spec = s.spec(unit)
            shown = dp.names.token(unit, lang)      # "W7", French and Italian "B7" (Blanc, Bianco)
            # French and Italian name both sides as their rulebooks do: "B7 (Force 2 côté Reposé, 1 côté
            # Fatigué)", "B7 (forza 2 sul lato riposato, 1 sul lato affaticato)"
            expected = {"en": f"{shown} (strength {spec.fresh}, {spec.exhausted} ",
                        "fr": f"{shown} (Force {spec.fresh} côté Reposé, {spec.exhausted} côté Fatigué)",
                        "it": f"{shown} (forza {spec.fresh} sul lato riposato, {spec.exhausted} sul lato affaticato)"}[lang]
            assert expected in text, (expected, text)
