"""The tutorial screen's session model (issue 31), driven without Jupyter."""

from __future__ import annotations

import dataclasses
import re

import pytest

from dualpowers.screens.tutorial import TutorialScreen, TutorialSnapshot
from dualpowers.tutorial import Tutorial, TutorialError


def _model(**kwargs) -> tuple[TutorialScreen, list[TutorialSnapshot]]:
    m = TutorialScreen(**kwargs)
    seen: list[TutorialSnapshot] = []
    m.observe(seen.append)
    return m, seen


def test_the_scene_of_example_A_first_and_a_frozen_snapshot():
    m, _ = _model(language="en")
    snap = m.snapshot
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.title = "x"                                    # type: ignore[misc]
    assert snap.example == "A" and snap.progress == m.tutorial.ui("scene")
    assert not snap.can_back and not snap.can_restart and snap.can_next
    assert snap.position is not None and snap.outcome.error == ""
    assert [eid for _t, eid in snap.example_options] == m.tutorial.example_ids


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_example_menu_names_each_example_by_its_short_name(lang):
    """The menu shows each example's short name (the whole title did not fit it: "A · The calendar:
    from", issue 33); the panel's heading keeps the whole title.  The browser test
    (test_tutorial_menu_browser.py) measures the names against the menu."""
    m, _ = _model(language=lang)
    names = [name for name, _eid in m.snapshot.example_options]
    titles = [title for _eid, title in m.tutorial.titles(lang)]
    assert all(name != title and len(name) < len(title) for name, title in zip(names, titles)), names
    assert all(name.split(" ")[0] == eid for name, eid in zip(names, m.tutorial.example_ids)), names
    if lang != "en":            # translated, not the English name
        assert not set(names) & {name for name, _eid in _model(language="en")[0].snapshot.example_options}
    assert m.snapshot.title == titles[0]


def test_next_walks_the_steps_then_opens_the_next_example():
    m, seen = _model(language="en")
    t = m.tutorial
    for _ in range(t.count):
        m.next()
    assert len(seen) == t.count and seen[-1].progress == t.ui("step_of", i=t.count, n=t.count)
    assert seen[-1].next_label == t.ui("next_example") and seen[-1].can_next
    m.next()
    assert seen[-1].example == "B" and seen[-1].progress == t.ui("scene")


def test_at_the_last_step_of_the_last_example_next_is_off_and_does_nothing():
    m, seen = _model(language="en", example="H")
    while m.snapshot.can_next:
        m.next()
    snap = m.snapshot
    assert m.tutorial.at_end and m.part == m.parts - 1
    assert not snap.can_next and snap.next_label == m.tutorial.ui("next")
    n = len(seen)
    m.next()
    assert len(seen) == n and m.snapshot == snap


def test_back_restart_select_and_language():
    m, seen = _model(language="en", example="E")
    m.next(); m.next()
    m.back()
    assert seen[-1].progress == m.tutorial.ui("step_of", i=1, n=m.tutorial.count)
    m.restart()
    assert seen[-1].progress == m.tutorial.ui("scene")
    n = len(seen)
    m.select("E")                                # the example open: nothing to draw again
    assert len(seen) == n
    m.set_language("fr")
    assert seen[-1].lang == "fr" and seen[-1].next_label == "Suivant ▶"


def test_the_oppositions_choice_is_read_under_the_board_other_outcomes_beside_it():
    m, _ = _model(language="en", example="H")
    wide = []
    while m.tutorial.next():
        o = m.snapshot.outcome
        wide.append(o.wide)
        if o.wide:
            assert o.table is not None and o.lines
    assert any(wide) and not all(wide)


def test_a_refused_try_step_says_the_refusal():
    t = Tutorial(language="en")
    m = TutorialScreen(t)
    for eid in t.example_ids:
        m.select(eid)
        while t.next():
            o = m.snapshot.outcome
            if o.refused:
                assert o.refused == t.ui("refused") and o.reason and not o.empty
                return
    pytest.fail("no example has a refused step")


def test_wrong_tutorial_data_is_said_instead_of_drawn(monkeypatch):
    m, _ = _model(language="en")

    def broken():
        raise TutorialError("example A, step 1: the start position is not valid")
    monkeypatch.setattr(m.tutorial, "view", broken)
    snap = m.snapshot
    assert snap.position is None and "not valid" in snap.outcome.error


def test_an_error_met_while_replaying_a_step_is_said_in_the_readers_language(monkeypatch):
    from dualpowers.text import N_, Message

    m, _ = _model(language="fr")

    def refused():
        raise TutorialError(Message(N_("the query opposition_objective 'played' needs a solo position")))
    monkeypatch.setattr(m.tutorial, "view", refused)
    assert m.snapshot.outcome.error == "la question opposition_objective 'played' demande une position de partie en solitaire"


def test_a_long_step_is_read_in_parts_cut_between_sentences_one_per_next():
    """Issue 33 (QA6): a narration too long to read beside the board at 1280x720 (example G's
    last step, 519 characters in English) is read in parts, each within PART_CHARS, which say
    that more follows; Next reads the next part before the next step, Back comes back to it."""
    from dualpowers.screens.tutorial import PART_CHARS, text_parts

    for lang in ("en", "fr", "it"):
        m, seen = _model(language=lang, example="G")
        t = m.tutorial
        t.goto(t.count)
        m.back(); m.next()                      # the last step, from its first part
        whole = t.narration()
        assert len(whole) > PART_CHARS and m.parts >= 2
        parts = text_parts(whole)
        assert " ".join(parts) == whole.replace("\n\n", " ") and all(len(p) <= PART_CHARS for p in parts)
        read = []
        for i in range(m.parts):
            snap = m.snapshot
            assert snap.progress.startswith(t.ui("step_of", i=t.count, n=t.count)) and str(i + 1) in snap.progress[-8:]
            assert snap.narration.startswith(parts[i]) and snap.narration.endswith("…") == (i < m.parts - 1)
            assert (snap.next_label == t.ui("next")) == (i < m.parts - 1)    # then "Next example"
            read.append(parts[i])
            if i < m.parts - 1:
                m.next()
                assert t.at_end and m.part == i + 1
        assert read == list(parts)
        m.back()
        assert m.part == m.parts - 2 and t.at_end
        m.next(); m.next()
        assert t.example.id == "H" and m.part == 0


def test_text_parts_keeps_a_short_text_or_one_sentence_whole():
    from dualpowers.screens.tutorial import text_parts

    assert text_parts("One. Two.", limit=100) == ("One. Two.",)
    assert text_parts("x" * 50, limit=10) == ("x" * 50,)
    assert text_parts("Aa aa. Bb bb. Cc cc. Dd dd.", limit=14) == ("Aa aa. Bb bb.", "Cc cc. Dd dd.")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_scoring_told_in_paragraphs_shows_the_board_as_each_has_told_it(lang):
    """QA7: example G step 3 showed round 2 from its first part.  QA8: then the board showed the
    reveal's 2 VP on the track while the text still told the recruit ("The round is over and
    scoring runs. Nobody has a token in green"), and R10 and Kerensky on the board while it told
    them leaving.  The step's narration is now in paragraphs, each with the event it tells up to
    (``scenes``): the recruit (score level), the reveal (2 VP to White), the exhaustion (R10 and
    Kerensky gone, still round 1), the cleanup (round 2, the step's end)."""
    m, _ = _model(language=lang)
    m.select("G")
    t = m.tutorial
    while not (t.step.kind == "action" and t.step.action == "recruit R1"):
        m.next()
    assert t.step.scenes == ("unrest", "score", "exhaust", "round") and m.parts == 4
    end, _outcome = t.view()
    seen = []
    for part in range(m.parts):
        board = m.snapshot.position
        assert board is not None
        seen.append((board.score, board.round, board.place["Kerensky"], board.unrest))
        if part + 1 == m.parts:
            assert board.key() == end.key()             # the last paragraph: the step's end
        m.next()
    assert seen[0] == (0, 1, "white", "green")
    assert seen[1] == (-2, 1, "white", "green")
    assert seen[2][:3] == (-2, 1, "removed") and seen[2][3] == "green"
    assert seen[3][:2] == (-2, 2) and seen[3][3] != "green"


def test_every_step_s_scenes_are_events_of_its_action_and_its_paragraphs_in_every_language():
    """A step's ``scenes`` name, in order, events its action sets going, one per paragraph of its
    narration, and every translation keeps the English paragraphs (the board follows the text)."""
    from dualpowers.tutorial import paragraphs
    t = Tutorial()
    found = 0
    for example_id in t.example_ids:
        t.select(example_id)
        for index in range(1, t.count + 1):
            t.goto(index)
            if not t.step.scenes:
                continue
            found += 1
            for lang in ("en", "fr", "it"):
                assert len(paragraphs(t.narration(lang))) == len(t.step.scenes), (example_id, index, lang)
            for p in range(len(t.step.scenes) - 1):       # the last paragraph shows the step's end
                assert t.paragraph_scene(p) is not None
            assert t.paragraph_scene(len(t.step.scenes) - 1) is None
    assert found >= 1


@pytest.mark.parametrize("scenes, message", [
    ("exhaust", "scenes: a list of event kinds"),
    (["unrest", "score"], "2 scene(s) for 1 paragraph(s)"),
])
def test_a_step_s_scenes_are_checked_when_the_tutorial_is_read(scenes, message):
    from dualpowers.tutorial.model import _step
    raw = {"kind": "action", "action": "pass", "narration": "One paragraph.", "scenes": scenes}
    with pytest.raises(TutorialError, match=re.escape(message)):
        _step(raw, "examples[0].steps[1]")
