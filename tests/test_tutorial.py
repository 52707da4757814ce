"""The tutorial model (dualpowers.tutorial): data, navigation, languages, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dualpowers as dp
from dualpowers.i18n import LANGUAGES
from dualpowers.tutorial import (
    MARKERS, Tutorial, TutorialError, load_examples, replay,
)
from dualpowers.tutorial.model import DATA_FILE

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_IDS = list("ABCDEFGH")


@pytest.fixture
def tut() -> Tutorial:
    return Tutorial()


def all_positions():
    data = load_examples()
    for ex in data.examples:
        for k in range(len(ex.steps) + 1):
            yield ex.id, k


# --------------------------------------------------------------------------- data
def test_all_eight_rulebook_examples_in_order(tut):
    assert tut.example_ids == EXAMPLE_IDS


def test_every_step_agrees_with_the_engine(tut):
    """Every step of every example replays through the engine and matches its `expect` block."""
    assert tut.verify() == {}


@pytest.mark.parametrize("example_id,index", list(all_positions()))
def test_every_step_applies_and_is_narrated_in_three_languages(example_id, index):
    t = Tutorial(example=example_id)
    t.goto(index)
    state, outcome = t.view()
    assert isinstance(state, dp.State)
    for lang in LANGUAGES:
        assert t.narration(lang).strip()
        assert t.title(lang).strip()
        assert t.source(lang).strip()
    assert t.rules, "every step names the rule(s) it illustrates"
    for rid in t.rules:
        assert all(t.rule_title(rid, lang).strip() for lang in LANGUAGES)
    if index:
        assert outcome.kind == t.step.kind
        assert outcome.lines, "the engine has something to say at every step"
    assert t.check() == []


def _texts(ex):
    return [ex.title, ex.source, *([ex.erratum] if ex.erratum else []), *(s.narration for s in (ex.intro, *ex.steps))]


def test_narrations_differ_between_languages(tut):
    for ex in tut.examples:
        for msgid in _texts(ex):
            texts = [ex.text(msgid, lang) for lang in LANGUAGES]
            assert len(set(texts)) == len(LANGUAGES), f"example {ex.id}: a text is not translated: {msgid[:60]}"


def test_game_names_are_placeholders_written_in_the_readers_language(tut):
    """No card, token or leader id is written out in a text: each is a {placeholder} of the
    example's names, so that every language names it as its own rulebook does (issue 19)."""
    import re
    bare = re.compile(r"\b(?:(?:red|blue|green|purple|white|brown)-\d+b?|[RWNO]\d+[a-z]?|Kerensky|Lenin|Trotsky)\b")
    for ex in tut.examples:
        for msgid in _texts(ex):
            assert not bare.search(msgid), (ex.id, bare.search(msgid).group(0), msgid[:80])
            assert set(re.findall(r"\{(\w+)\}", msgid)) <= set(ex.names), (ex.id, msgid[:80])
        for placeholder, ident in ex.names.items():
            for lang in LANGUAGES:
                written = " ".join(ex.text(m, lang) for m in _texts(ex))
                assert "{" not in written
    a = tut.data.example("A")
    assert a.names["card"] == "purple-4"
    assert "purple-4" in Tutorial(example="A", language="en").narration()
    assert "purple-4" not in Tutorial(example="A", language="fr").narration()


def test_french_and_italian_use_each_editions_terms(tut):
    fr = " ".join(ex.text(s.narration, "fr") for ex in tut.examples for s in (ex.intro, *ex.steps))
    it = " ".join(ex.text(s.narration, "it") for ex in tut.examples for s in (ex.intro, *ex.steps))
    for term in ("Zone", "Force en Présence", "Volonté du Peuple", "Émeute", "Barricade", "Reposé", "Fatigué",
                 "Action supplémentaire"):
        assert term in fr, term
    for term in ("quartiere", "forza maggiore", "volere del popolo", "agitazione", "blocco", "riposat", "affaticat",
                 "azione bonus"):
        assert term in it, term


def test_errata_notes_present_for_B_E_H_only(tut):
    for ex in tut.examples:
        if ex.id in ("B", "E", "H"):
            assert ex.erratum is not None
            assert all(ex.text(ex.erratum, lang).strip() for lang in LANGUAGES)
        else:
            assert ex.erratum is None
    b = tut.data.example("B")
    b_en = b.text(b.erratum, "en")
    assert "4" in b_en and "2" in b_en and "Italian" in b_en
    e = tut.data.example("E")
    assert "yellow" in e.text(e.erratum, "en") and "brown" in e.text(e.erratum, "en")
    h = tut.data.example("H")
    assert "brown 4" in h.text(h.erratum, "en") and "brown-5" in h.text(h.erratum, "en")
    # B's erratum step is the refused French version.
    flagged = [s for s in b.steps if s.erratum]
    assert len(flagged) == 1 and flagged[0].kind == "try"


def test_rule_ids_exist_in_rulings():
    """Every rule a step cites is a RULINGS ID (the package's rule index holds them all)."""
    known = {r.id for r in dp.rules()}
    used = {r for ex in load_examples().examples for step in (ex.intro, *ex.steps) for r in (*ex.rules, *step.rules)}
    assert used and used <= known, f"unknown rule IDs: {sorted(used - known)}"


def test_highlights_are_board_items(tut):
    for ex in tut.examples:
        tut.select(ex.id)
        comp = tut.state.comp
        while True:
            for item in tut.highlight:
                if isinstance(item, tuple):
                    assert comp.connection(*item) == item
                else:
                    assert (item in MARKERS or item in comp.region_index or item in comp.tokens
                            or item in comp.cards or item in comp.leaders), item
            if not tut.next():
                break


def test_markers_are_known_to_the_board_drawing():
    from dualpowers.drawing import board
    assert MARKERS <= board.HIGHLIGHT_KEYS


def test_start_positions_are_partial_positions():
    raw = json.loads((REPO / "dualpowers" / "tutorial" / DATA_FILE).read_text(encoding="utf-8"))
    for ex in raw["examples"]:
        dp.State.from_dict(ex["position"])   # the documented partial-position format, as is


# --------------------------------------------------------------------------- navigation
def test_navigation_next_back_restart(tut):
    tut.select("A")
    assert (tut.index, tut.count, tut.at_start, tut.at_end) == (0, 3, True, False)
    assert tut.back() is False and tut.index == 0
    seen = [tut.narration()]
    while tut.next():
        seen.append(tut.narration())
    assert tut.index == 3 and tut.at_end
    assert len(set(seen)) == 4, "each step has its own narration"
    assert tut.next() is False and tut.index == 3
    assert tut.back() is True and tut.index == 2
    tut.restart()
    assert tut.index == 0 and tut.narration() == seen[0]


def test_select_and_next_example(tut):
    tut.select("C")
    tut.next()
    tut.select("D")
    assert tut.example.id == "D" and tut.index == 0
    assert tut.next_example() and tut.example.id == "E"
    assert tut.previous_example() and tut.example.id == "D"
    tut.select("H")
    assert tut.next_example() is False and tut.example.id == "H"
    with pytest.raises(KeyError):
        tut.select("Z")
    with pytest.raises(IndexError):
        tut.goto(99)


def test_state_is_replayed_not_stored(tut):
    tut.select("A")
    tut.next()
    s1 = tut.state
    s1.apply("recruit W5")                 # mutating what we got back ...
    s2 = tut.state                         # ... does not change the tutorial's position
    assert s2.step == "command" and s2.day == 31
    assert s1 is not s2
    # going back and forth gives the same positions
    tut.next()
    after = tut.state.to_dict()
    tut.back()
    tut.next()
    assert tut.state.to_dict() == after
    assert tut.state == replay(tut.example, 2)[0]


def test_state_follows_the_engine_in_example_A(tut):
    tut.select("A")
    assert (tut.state.month_name, tut.state.day) == ("jul", 26)
    tut.next()
    s = tut.state
    assert (s.day, s.bonus_pending) == (31, True)
    assert tut.highlight == frozenset({"date"})
    assert tut.rules == ("R-CAL-2", "R-CAL-3", "R-CAL-4")
    tut.next()
    tut.next()
    assert "W1" in tut.state.tokens_in("brown")


def test_try_step_shows_the_refusal_and_keeps_the_position(tut):
    tut.select("C")
    tut.goto(1)
    before = tut.state.to_dict()
    tut.next()
    out = tut.outcome
    assert out.kind == "try" and "blockade" in out.error
    assert out.lines[0].startswith("Refused:")
    assert tut.state.to_dict() == before
    assert ("green", "red") in tut.highlight or ("red", "green") in tut.highlight


def test_query_steps_give_engine_results(tut):
    tut.select("E")
    tut.goto(2)
    p = tut.outcome.result
    assert isinstance(p, dp.Presence) and p.decided_by == "tokens"
    tut.select("H")
    tut.goto(4)
    why = tut.outcome.result
    assert isinstance(why, dp.ObjectiveChoice) and why.card.id == "purple-4"
    assert any("purple-2" in line for line in tut.outcome.lines)


# --------------------------------------------------------------------------- languages
def test_language_switch(tut):
    tut.select("A")
    tut.next()
    en = tut.narration()
    tut.language = "fr"
    fr = tut.narration()
    tut.set_language("it")
    it = tut.narration()
    assert len({en, fr, it}) == 3
    assert "31" in en and "31" in fr and "31" in it
    assert "Action supplémentaire" in fr and "azione bonus" in it
    assert tut.index == 1, "switching language keeps the place"
    assert tut.narration("en") == en
    with pytest.raises(ValueError):
        tut.language = "de"
    assert Tutorial(language="fr").language == "fr"


def test_titles_and_ui_texts_per_language(tut):
    assert [i for i, _ in tut.titles("it")] == EXAMPLE_IDS
    assert tut.ui("next", "fr") != tut.ui("next", "en")
    assert tut.ui("step_of", "it", i=2, n=3) == "Passo 2 di 3"


# --------------------------------------------------------------------------- bad data
def _write(tmp_path, data) -> Path:
    p = tmp_path / "ex.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


def _minimal(**step):
    texts = "x"
    base_step = {"kind": "action", "action": "play purple-4", "narration": texts, "rules": []}
    base_step.update(step)
    return {
        "format": "dualpowers/tutorial", "version": 2,
        "examples": [{
            "id": "Z", "title": texts, "source": texts,
            "position": {"date": {"month": "jul", "day": 26}, "hands": {"white": ["purple-4"]},
                         "turn": {"step": "card", "to_act": "white"}},
            "intro": {"narration": texts}, "steps": [base_step],
        }],
    }


def test_own_data_file_loads(tmp_path):
    t = Tutorial(load_examples(_write(tmp_path, _minimal())))
    t.next()
    assert t.state.day == 31


def test_bad_data_is_reported(tmp_path):
    bad = _minimal()
    bad["examples"][0]["steps"][0]["narration"] = {"en": "x", "fr": "x"}     # the old format: texts by language
    with pytest.raises(TutorialError, match=r"narration"):
        load_examples(_write(tmp_path, bad))
    with pytest.raises(TutorialError, match="cannot read the action 'fly W1 moon'"):
        load_examples(_write(tmp_path, _minimal(action="fly W1 moon")))
    with pytest.raises(TutorialError, match=r"\$\.examples\[0\]\.steps\[0\] lacks the field expect"):
        load_examples(_write(tmp_path, _minimal(kind="try")))
    with pytest.raises(TutorialError, match="R-NOPE"):
        load_examples(_write(tmp_path, _minimal(rules=["R-NOPE"])))


def test_a_step_the_engine_refuses_is_an_error_when_the_file_is_read(tmp_path):
    with pytest.raises(TutorialError, match="example Z, step 1: the engine refused 'play red-2'"):
        load_examples(_write(tmp_path, _minimal(action="play red-2")))


def test_a_try_the_engine_accepts_is_an_error_when_the_file_is_read(tmp_path):
    with pytest.raises(TutorialError, match="example Z, step 1: the engine accepted 'play purple-4', which the example shows as refused"):
        load_examples(_write(tmp_path, _minimal(kind="try", expect={"error_contains": ["x"]})))


def test_replaying_data_the_engine_refuses_is_still_a_tutorial_error():
    """Data built in code is not checked at load: replaying it says what the engine refused."""
    from dualpowers.tutorial.model import _parse
    t = Tutorial(_parse(_minimal(action="play red-2"), "in code"))
    t.next()
    with pytest.raises(TutorialError, match="refused"):
        _ = t.state


def test_the_packaged_examples_pass_the_checks_a_users_file_gets(tmp_path):
    """load_examples() skips the schema for the packaged file; a user's copy of it is accepted."""
    from importlib import resources
    path = tmp_path / "examples.json"
    path.write_text(resources.files("dualpowers.tutorial").joinpath("examples.json").read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert [e.id for e in load_examples(path).examples] == EXAMPLE_IDS


def test_a_try_step_names_the_refusal_it_expects(tmp_path):
    with pytest.raises(TutorialError, match=r"steps\[0\]\.expect lacks the field error_contains"):
        load_examples(_write(tmp_path, _minimal(kind="try", expect={"step": "command"})))
    with pytest.raises(TutorialError, match=r"steps\[0\] lacks the field query"):
        load_examples(_write(tmp_path, _minimal(kind="query", action=None)))
