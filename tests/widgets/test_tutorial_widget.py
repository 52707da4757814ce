"""TutorialWidget driven from Python, as a user would (clicks, menus), without a browser."""

from __future__ import annotations

import html
import re

import pytest

from dualpowers.tutorial import Tutorial
from dualpowers.widgets.board import BoardWidget
from dualpowers.widgets.tutorial import TutorialWidget


@pytest.fixture
def w() -> TutorialWidget:
    return TutorialWidget()


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_parts_and_css_classes(w):
    assert "dp-tutorial" in w._dom_classes
    assert "dp-next" in w.next_button._dom_classes
    assert "dp-back" in w.back_button._dom_classes
    assert "dp-restart" in w.restart_button._dom_classes
    assert "dp-narration" in w.narration._dom_classes
    assert "dp-language" in w.language_dropdown._dom_classes
    assert "dp-example" in w.example_dropdown._dom_classes
    assert "dp-erratum" in w.erratum._dom_classes and "dp-outcome" in w.outcome._dom_classes
    assert isinstance(w.board, BoardWidget)
    assert "dp-board" in w.board.canvas._dom_classes
    assert [v for _, v in w.example_dropdown.options] == list("ABCDEFGH")
    assert [v for _, v in w.language_dropdown.options] == ["en", "fr", "it"]
    assert [label for label, _ in w.language_dropdown.options] == ["English", "Français", "Italiano"]


def test_first_view_is_example_A_scene(w):
    assert w.tutorial.example.id == "A" and w.tutorial.index == 0
    assert "July 26" in text(w.narration.value)
    assert w.board.state is not None and w.board.state.day == 26
    assert w.back_button.disabled and w.restart_button.disabled and not w.next_button.disabled
    assert w.board.redraw_count >= 1


def test_next_through_example_A_changes_narration_board_and_highlight(w):
    seen = [w.narration.value]
    w.next_button.click()
    assert w.tutorial.index == 1
    assert w.board.state.day == 31 and w.board.state.bonus_pending
    assert w.board.highlight == frozenset({"date"})
    assert "R-CAL-3" in w.narration.value and "dp-rule-badge" in w.narration.value
    assert "31" in text(w.outcome.value)
    seen.append(w.narration.value)
    w.next_button.click()
    assert "W5" in w.board.state.tokens_in("purple")
    assert w.board.highlight == frozenset({"purple", "W5"})
    seen.append(w.narration.value)
    w.next_button.click()
    assert "W1" in w.board.state.tokens_in("brown")
    seen.append(w.narration.value)
    assert len(set(seen)) == 4
    # at the end of A, Next offers the next example
    assert w.next_button.description == w.tutorial.ui("next_example")
    w.next_button.click()
    assert w.tutorial.example.id == "B" and w.tutorial.index == 0
    assert w.example_dropdown.value == "B"


def test_back_and_restart(w):
    w.next_button.click()
    w.next_button.click()
    w.back_button.click()
    assert w.tutorial.index == 1 and w.board.state.step == "command"
    w.restart_button.click()
    assert w.tutorial.index == 0 and w.board.state.day == 26
    assert w.back_button.disabled


def test_language_switch_keeps_place_and_translates(w):
    w.next_button.click()
    en = text(w.narration.value)
    w.language_dropdown.value = "fr"
    assert w.tutorial.language == "fr" and w.tutorial.index == 1
    fr = text(w.narration.value)
    assert fr != en and "Action supplémentaire" in fr
    assert w.next_button.description == "Suivant ▶"
    assert w.example_dropdown.value == "A" and "calendrier" in w.example_dropdown.label
    w.language_dropdown.value = "it"
    assert "azione bonus" in text(w.narration.value) and w.back_button.description == "◀ Indietro"
    w.set_language("en")
    assert w.language_dropdown.value == "en" and text(w.narration.value) == en


def test_example_menu_selects_and_errata_show(w):
    assert w.erratum.value == "" and w.erratum.layout.display == "none"
    w.example_dropdown.value = "E"
    assert w.tutorial.example.id == "E" and w.tutorial.index == 0
    assert "yellow" in w.erratum.value and w.erratum.layout.display is None
    assert "brown" in w.board.highlight
    w.example_dropdown.value = "B"
    w.next_button.click()
    w.next_button.click()                 # the refused French version
    assert "dp-erratum-here" in w.erratum.value
    assert "cost 4" in w.outcome.value and "dp-refused" in w.outcome.value
    w.example_dropdown.value = "H"
    assert "brown-5" in w.erratum.value


def test_query_steps_show_engine_tables(w):
    w.select("E")
    w.next()
    w.next()
    assert "tokens" in w.outcome.value and "R8" in w.outcome.value
    w.select("H")
    for _ in range(4):
        w.next()
    assert "purple-4" in w.outcome.value and "day sum" in w.outcome.value.lower()
    assert "True" not in w.outcome.value and "False" not in w.outcome.value


def test_every_step_of_every_example_displays(w):
    for eid in "ABCDEFGH":
        w.select(eid)
        while True:
            assert w.board.state is not None
            assert w.board.highlight == w.tutorial.highlight
            # the step's text, whole or (a long one) in parts read one per Next; the board shows the
            # step's position at its last part (a scoring told in parts: the scoring until then, or
            # in paragraphs: as each paragraph has told it)
            read = []
            scene = w.tutorial.scoring_scene() if w.model.parts > 1 else None
            for p, _part in w.model._paragraph_parts():
                read.append(w.model.snapshot.narration.removesuffix(" …"))
                assert html.escape(read[-1]) in w.narration.value
                if len(read) < w.model.parts:
                    if w.tutorial.step.scenes:
                        scene = w.tutorial.paragraph_scene(p)
                    assert w.board.state.to_dict() == (scene or w.tutorial.state).to_dict()
                    w.next()
            assert w.board.state.to_dict() == w.tutorial.state.to_dict()
            assert " ".join(read) == w.tutorial.narration().replace("\n\n", " ")
            assert "dp-error-box" not in w.outcome.value
            if w.tutorial.at_end:
                break
            w.next()
    assert w.tutorial.example.id == "H" and w.tutorial.at_end
    assert w.next_button.disabled
    w.next()                              # nothing more
    assert w.tutorial.example.id == "H"


def test_options_and_own_model():
    t = Tutorial(language="it")
    w = TutorialWidget(t, example="G", board_width=450, board_height=320)
    assert w.tutorial is t and w.language_dropdown.value == "it" and w.example_dropdown.value == "G"
    assert (w.board.width, w.board.height) == (450, 320)
    w2 = TutorialWidget(language="fr", example="C")
    assert w2.tutorial.language == "fr" and w2.tutorial.example.id == "C"


def test_board_redraws_once_per_step(w):
    before = w.board.redraw_count
    w.next_button.click()
    assert w.board.redraw_count == before + 1
    w.language_dropdown.value = "fr"       # the board's words change: one redraw
    assert w.board.redraw_count == before + 2
    w.language_dropdown.value = "fr"       # nothing changes: no redraw
    assert w.board.redraw_count == before + 2


def test_new_browser_view_repaints_once_and_starts_with_a_canvas_switch(w, monkeypatch):
    """Under Voila the first draws happen before any browser exists; a new view must
    get a full repaint that begins by naming its canvas (ipycanvas' switchCanvas)."""
    from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

    sent = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: sent.append(command))
    _CANVAS_MANAGER._current_canvas = w.board.canvas      # as left by the draws made before the view
    before = w.board.redraw_count
    w.board.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert w.board.redraw_count == before + 1              # exactly one repaint
    assert sent, "the repaint sent nothing"
    batch = sent[0]
    assert batch[0][0] == COMMANDS["switchCanvas"]


def test_keys_next_and_back(w):
    """The screen forwards → / ← (and n / b) from the browser; here pressed from Python."""
    start = (w.tutorial.example.id, w.tutorial.index)
    w.screen.press("ArrowRight")
    assert (w.tutorial.example.id, w.tutorial.index) != start
    w.screen.press("ArrowLeft")
    assert (w.tutorial.example.id, w.tutorial.index) == start
    w.screen.press("n")
    w.screen.press("b")
    assert (w.tutorial.example.id, w.tutorial.index) == start
