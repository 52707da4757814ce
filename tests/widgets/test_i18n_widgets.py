"""The play widget in French and Italian: every word a player reads comes from the catalogs."""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from i18n_check import from_catalog  # noqa: E402

from dualpowers.widgets import PlayWidget, language  # noqa: E402
from dualpowers.i18n import TRANSLATED


def _texts_of_html(value: str) -> list[str]:
    """The text pieces of an HTML fragment (tags removed, one piece per element)."""
    value = re.sub(r"<style.*?</style>", "", value, flags=re.S)
    pieces = re.split(r"<[^>]+>", value)
    return [html.unescape(p).strip() for p in pieces if html.unescape(p).strip()]


def _buttons(widget):
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if hasattr(w, "children"):
            stack.extend(w.children)
        if type(w).__name__ == "Button" and w.layout.display != "none":
            out.append(w.description)
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_widget_speaks_one_language(lang):
    language.set(lang)
    w = PlayWidget(mode="solo", seed=7, player="white", difficulty=3, width=450, height=320)
    g = w.session
    for _ in range(14):                      # the opening's story, then a few turns, by the player's buttons
        texts = [w.status.value, *g.hand_lines(), g.status(), *_buttons(w)]
        texts += _texts_of_html(w.prompt.value) + _texts_of_html(w.message.value)
        texts += [label for label, _v in w.group.options] + [label for label, _v in w.action.options]
        bad = [t for t in texts if t and not from_catalog(html.unescape(t), lang)]
        assert not bad, f"{lang}: not from the catalog: {bad}"
        if w.model.story_at is not None:
            w.story_next.click()
        elif w.choices.children:
            w.choices.children[0].click()
        elif w.hand_cards.children:
            w.hand_cards.children[0].click()
        else:
            break
    lines = [e.text for e in g.log]          # actions, information and the engine's own narration
    assert len({e.kind for e in g.log}) >= 3
    bad = [t for t in lines if not from_catalog(t, lang)]
    assert not bad, f"{lang}: log lines not from the catalog: {bad}"


def test_switching_language_rewrites_the_play_widget():
    w = PlayWidget(mode="solo", seed=7, player="white", difficulty=3, width=450, height=320)
    assert w.undo_button.description == "Undo"
    language.set("fr")
    assert w.undo_button.description == "Annuler" and w.session.lang == "fr"
    assert "tour 1" in w.status.value.lower() and w.board.lang == "fr"
    assert any("Nouvelle partie en solitaire" in e.text for e in w.session.log)
    language.set("it")
    assert w.undo_button.description == "Annulla mossa" and "Nuova partita in solitario" in w.session.log[0].text


def test_the_play_widgets_language_menu_is_the_notebooks():
    w = PlayWidget(mode="two-player", seed=1, width=450, height=320)
    w.language_menu.value = "it"
    assert language.current() == "it" and w.session.lang == "it" and w.language_menu.description == "Lingua"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_advisor_widget_in_another_language(lang):
    import dualpowers as dp
    from dualpowers.widgets import AdvisorWidget

    language.set(lang)
    w = AdvisorWidget(dp.new_game(mode="solo", seed=3), playouts=60, width=450, height=320)
    w.rank()
    texts = _texts_of_html(w.summary.value) + _texts_of_html(w.table.value)
    texts += [w.rank_button.description, w.play_best_button.description, w.playouts.description]
    bad = [t for t in texts if not from_catalog(t, lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang", TRANSLATED)
def test_analyzer_tables_and_labels_in_another_language(lang):
    from dualpowers.widgets import AnalyzerWidget

    language.set(lang)
    w = AnalyzerWidget(width=450, height=320)
    texts = _texts_of_html(w.table.value) + _texts_of_html(w.region_report.value) + _texts_of_html(w.error.value)
    texts += [html.unescape(w.score_text.value), w.table_title.value]      # whole texts with inline tags
    texts += [w.add_token.description, w.clear_board.description, w.month.description]
    texts += [label for label, _v in w.unrest.options] + [label for label, _v in w.month.options]
    bad = [t for t in texts if not from_catalog(t, lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang", TRANSLATED)
def test_tutorial_engine_box_in_another_language(lang):
    from dualpowers.widgets import TutorialWidget

    t = TutorialWidget(language=lang, example="A", board_width=450, board_height=320)
    seen = 0
    for _ in range(t.tutorial.count):
        t.next()
        if t.tutorial.example.id != "A":
            break
        state, outcome = t.tutorial.view()
        if outcome.kind == "action" and outcome.events:
            texts = _texts_of_html(t.outcome.value)
            seen += 1
            assert "(in English)" not in t.outcome.value and "(en anglais)" not in t.outcome.value
            bad = [x for x in texts[1:-1] if not from_catalog(x, lang)]      # between the heading and the footer
            assert not bad, bad
    assert seen


@pytest.mark.parametrize("lang", TRANSLATED)
def test_opposition_explorer_in_another_language(lang):
    from dualpowers.widgets import OppositionWidget

    language.set(lang)
    w = OppositionWidget(seed=5)
    texts = []
    for value in (w.cards_html.value, w.steps_html.value, w.table_html.value):
        texts += _texts_of_html(value)
    texts += [html.unescape(re.sub(r"<div[^>]*>|</div>", "", w.choice_html.value))]
    texts += [w.deal_button.description, w.card_menus[0].description, w.intro.value]
    bad = [t for t in texts if not from_catalog(t, lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang", TRANSLATED)
def test_solo_round_walker_in_another_language(lang):
    from dualpowers.widgets import SoloRoundWidget

    w = SoloRoundWidget(seed=7, width=450, height=320)
    for _ in range(5):
        w.next_button.click()
    language.set(lang)                      # the log so far is written again
    assert w.walker.lang == lang and len(w.walker.actions) == 5
    w.finish_button.click()
    texts = [w.walker.status()] + [e.text for e in w.walker.log]
    texts += [w.next_button.description, w.finish_button.description]
    bad = [t for t in texts if not from_catalog(t, lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang, edition, words", [("it", "it", "edizione italiana"), ("fr", "fr", "édition française"),
                                                  ("en", "fr", "French edition")])
def test_the_edition_follows_the_language(lang, edition, words):
    """A game started in Italian plays the Italian rulebook (E-IT), and says so in words;
    French and English play the French one (issue 19)."""
    from dualpowers.controllers.play import GameSession
    language.set(lang)
    w = PlayWidget(mode="solo", seed=7, player="white", difficulty=1, width=450, height=320)
    assert w.session.edition == w.session.state.edition == w.edition.value == edition
    head = w.session.log[0].text
    assert words in head and not re.search(r"\b(edizione|[ée]dition) (fr|it)\b", head), head
    assert GameSession(mode="two-player", seed=1).edition == edition
    w.close()


def test_the_edition_menu_follows_the_language_until_the_reader_picks_one():
    language.set("fr")
    w = PlayWidget(mode="solo", seed=7, player="white", difficulty=1, width=450, height=320)
    language.set("it")
    assert w.edition.value == "it"                      # the next game plays E-IT
    w.edition.value = "fr"                              # the reader's own choice stays
    language.set("en")
    language.set("it")
    assert w.edition.value == "fr"
    w.new_game.click()
    assert w.session.state.edition == "fr"
    w.close()
    language.set("it")
    assert PlayWidget(mode="solo", seed=7, edition="fr", width=450, height=320).session.edition == "fr"
