"""The engine's refusals in French and Italian: every ``IllegalAction`` the engine
raises carries its reason as data (``exc.message``: a template and raw ids), and
narrate writes it from the catalogs, in the reader's language."""
from __future__ import annotations

import random
import string

import pytest

import dualpowers as dp
from dualpowers import i18n
from dualpowers.narrate import objective_steps, refusal_text
from dualpowers.text import render

from i18n_check import from_catalog, nested_messages
from dualpowers.i18n import TRANSLATED

#: Fields that hold what a user typed or an action's command text: shown as written.
VERBATIM = {"action", "name", "what", "step"}
#: Actions tried in every position besides the legal ones of the position before:
#: wrong tokens, wrong regions, wrong kinds (see also tests/test_properties.py).
PROBES = [dp.Pass(), dp.PlayCard("red-2"), dp.Move("R1", "blue"), dp.Move("X9", "blue"), dp.Move("R1", "nowhere"),
          dp.Rest("W3"), dp.Inspire(), dp.Espionage(), dp.ScoreUnrest(), dp.BonusDraw(), dp.Recruit(("R8", "R9")),
          dp.Recruit(("R8", "R8")), dp.Recruit(("W1",)), dp.Recruit(("R1", "R2", "R3", "R4")), dp.LeaderRecruit("green"),
          dp.LeaderRecruit("nowhere"), dp.Protest(("green", "red")), dp.Protest(("red", "white")), dp.Organize(),
          dp.ChooseObjective("Lenin"), dp.DoubleMove("R1", "white"), dp.DoubleMove("W1", "red"),
          dp.BonusRecruit("R10", "red"), dp.BonusMove("N1", "red"), dp.BonusRest("R1"), dp.PlayCard("Lenin")]


def _refusals():
    """(state step, exception) for every refused probe over a few random games."""
    out = []
    for g in range(4):
        s = dp.new_game(mode=("solo", "two-player")[g % 2], seed=70 + g, player=("red", "white")[g // 2 % 2],
                        edition=("fr", "it")[g // 2 % 2])
        rng = random.Random(g)
        before: list = []
        while not s.is_over():
            legal = s.legal_actions()
            for probe in PROBES + before[:12]:
                if s.is_legal(probe):
                    continue
                try:
                    s.apply(probe)          # refused: the state stays as it was
                except dp.IllegalAction as exc:
                    out.append(exc)
            before = legal
            s.apply(rng.choice(legal))
        try:
            s.apply(dp.Pass())
        except dp.IllegalAction as exc:
            out.append(exc)
    return out


REFUSALS = _refusals()



#: Fields whose raw id English names differently ("red" -> "Red", "protest" -> "Mobilize Protest").
NAMED = {"side", "winner", "target", "who", "loser", "will", "token", "leader", "unit", "units", "tokens",
         "card_action", "special", "decided_by", "card_decided_by"}


def test_every_refusal_is_data_and_reads_as_before():
    """``str(exc)`` is the engine's English text and the rule that decides it, both data
    (``exc.message``, ``exc.rule``); the reader's English goes through the same path as French
    and Italian, so it is the same text."""
    assert len({e.message.msgid for e in REFUSALS if e.message is not None}) >= 15
    known = {r.id for r in dp.rules()}
    for exc in REFUSALS:
        assert exc.message is not None, f"a refusal given as plain text: {exc}"
        assert exc.rule is None or exc.rule in known, exc.rule
        assert str(exc) == exc.message.text + (f" ({exc.rule})" if exc.rule else "")
        assert refusal_text(exc, "en") == str(exc)
        assert refusal_text(exc, "en", rule=False) == exc.message.text
    assert sum(exc.rule is not None for exc in REFUSALS) >= 0.8 * len(REFUSALS)     # nearly every refusal cites its rule


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_is_written_from_the_catalog(lang):
    table = i18n.catalog(lang)
    seen = {}
    for exc in REFUSALS:
        seen.setdefault(exc.message.msgid, exc)
    for msgid, exc in seen.items():
        for m in nested_messages(exc.message):
            assert (None, m.msgid) in table, f"{lang}: no translation of {m.msgid!r}"
        text = refusal_text(exc, lang, rule=False)
        assert text != str(exc), text
        fields = {name for _, name, _, _ in string.Formatter().parse(msgid) if name}
        if not fields & VERBATIM:
            assert from_catalog(text, lang), (msgid, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tutorials_refusals_are_data_in_the_language(lang):
    from dualpowers.tutorial import load_examples, replay

    seen = 0
    for ex in load_examples().examples:
        for k, step in enumerate(ex.steps, 1):
            if step.kind == "try":
                _s, outcome = replay(ex, k)
                assert outcome.refusal is not None and str(outcome.refusal) == outcome.error
                assert outcome.refusal.rule in step.rules, (outcome.refusal.rule, step.rules)
                text = refusal_text(outcome.refusal, lang, rule=False)
                assert text != outcome.error and from_catalog(text, lang), text
                seen += 1
    assert seen >= 2


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_oppositions_refusals_and_steps_are_in_the_language(lang):
    with pytest.raises(dp.IllegalAction) as no_card:
        dp.opposition_objective([])
    with pytest.raises(dp.IllegalAction) as not_a_card:
        dp.opposition_objective(["Lenin"])
    for exc in (no_card.value, not_a_card.value):
        assert exc.message is not None and refusal_text(exc, lang) != str(exc)
    _card, choice = dp.opposition_objective(["purple-4", "blue-5", "purple-2"])
    assert list(choice.steps) == [m.text for m in choice.step_messages]
    lines = objective_steps(choice, lang)
    assert all(from_catalog(x, lang) and x not in choice.steps for x in lines), lines
    assert render(choice.step_messages[0], lang) == lines[0]


def test_plain_text_errors_are_shown_as_they_are():
    exc = dp.IllegalAction("some reason")
    assert exc.message is None and str(exc) == "some reason" == refusal_text(exc, "fr")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_position_editors_words_are_in_the_language(lang):
    from dualpowers.controllers.editor import PositionEditor

    ed = PositionEditor()
    for item in ed.palette:
        assert item.label == item.label_message.text
        text = render(item.label_message, lang)
        assert text != item.label and from_catalog(text, lang), text
    said = []

    def note(editor):
        said.append(editor.message_data)

    ed.on_change(note)
    token = ed.add("red", "Lenin")
    ed.add("blue", ed.palette[0].key, exhausted=True)
    ed.flip(token)
    ed.remove(token)
    ed.set_date("jul", 15)
    ed.set_will("white")
    ed.set_score(-2)
    ed.set_unrest("green")
    ed.set_unrest(None)
    ed.set_blockade(("red", "blue"))
    ed.set_blockade(None)
    ed.set_mode("solo", player="white", difficulty=2)
    ed.set_mode("two-player")
    ed.clear_region("blue")
    ed.clear_board()
    assert len(said) >= 14 and all(m is not None for m in said)
    for m in said:
        text = render(m, lang)
        assert text != m.text and from_catalog(text, lang), (m.text, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_mistyped_actions_are_refused_in_the_language(lang):
    table = i18n.catalog(lang)
    excs = []
    for text in ["", "fly x", "recruit", "move R1", "protest redblue", 7]:
        with pytest.raises(dp.IllegalAction) as info:
            dp.parse_action(text)
        excs.append(info.value)
    with pytest.raises(dp.IllegalAction) as info:
        dp.Move(["R1"], "red")
    excs.append(info.value)
    for exc in excs:
        assert exc.message is not None and str(exc) == exc.message.text
        for m in nested_messages(exc.message):
            assert (None, m.msgid) in table, f"{lang}: no translation of {m.msgid!r}"
        assert refusal_text(exc, lang) != str(exc)
