"""Every word a learner meets in French or Italian, widget by widget, is French or Italian.

Builds the widgets the way a learner meets them -- the A-H tutorial at every step, the
course at every step and exercise (a wrong answer, the hint, Show me), a solo and a
two-player game played to the end, the analyzer and the advisor with their errors, the
Opposition's explorer and solo round -- once in English and once in French or
Italian, and collects every visible text: HTML values, button descriptions and
tooltips, menu options and labels, tab titles, placeholders, table cells, and the text
of the board's recorded drawing commands.  A text shown in French or Italian that is
*identical* to a text of the English run and has a word in it (not a rule ID, a token
id, a number, notation in ``<code>``, or a name in :data:`SAME_IN_EVERY_LANGUAGE`) is
English left untranslated, and fails the test.
"""
from __future__ import annotations

import functools
import random
import re
import sys
from pathlib import Path

import pytest

import dualpowers as dp
from dualpowers.drawing import draw_board
from dualpowers.drawing.pen import RecordingPen
from dualpowers.widgets import (AdvisorWidget, AnalyzerWidget, OppositionWidget, PlayWidget, SoloRoundWidget,
                                TutorialWidget, language)
from dualpowers.widgets.board import BoardWidget

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from i18n_check import english_words, pieces as _pieces, vocabulary  # noqa: E402
from dualpowers.i18n import TRANSLATED

W, H = 450, 320       # small boards: the words do not depend on the size

def _is_notation(text: str) -> bool:
    """An action in the engine's notation ("pass", "move R1 red"): the same in every language."""
    from dualpowers.actions import parse_action
    try:
        parse_action(text)
    except dp.DualPowersError:
        return False
    return True


def board_texts(board: BoardWidget) -> list[str]:
    """The texts of the board's drawing, as the canvas received them."""
    state = board._state
    if state is None:
        return []
    pen = RecordingPen()
    draw_board(pen, state, highlight=board._highlight, width=board.width, height=board.height, lang=board.lang)
    return [t.strip() for t in pen.texts() if t.strip()]


def visible_texts(root) -> list[str]:
    """Every text a widget tree shows (hidden parts left out), the boards' drawings included."""
    out: list[str] = []
    stack = [root]
    while stack:
        w = stack.pop()
        layout = getattr(w, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            continue
        if isinstance(w, BoardWidget):
            out += board_texts(w)
            continue
        name = type(w).__name__
        if name in ("HTML", "HTMLMath", "Label"):
            out += _pieces(w.value or "")
        for attr in ("description", "tooltip", "placeholder"):
            text = getattr(w, attr, None)
            if isinstance(text, str) and text.strip() and not (attr == "tooltip" and _is_notation(text)):
                out += _pieces(text)
        if hasattr(w, "_options_labels"):
            out += [str(x) for x in w._options_labels]
        if name in ("Tab", "Accordion"):
            out += [t for t in (getattr(w, "titles", None) or ()) if t]
        stack.extend(getattr(w, "children", ()) or ())
    return out


# ---------------------------------------------------------------------------- the learner's walks
def _tutorial(lang: str) -> list[str]:
    t = TutorialWidget(language=lang, board_width=W, board_height=H)
    texts: list[str] = []
    for ex in t.tutorial.data.examples:
        t.select(ex.id)
        texts += visible_texts(t)
        for _ in range(len(ex.steps)):
            t.next()
            texts += visible_texts(t)
    t.close()
    return texts


def _course(lang: str) -> list[str]:
    from dualpowers.widgets.course import CourseWidget
    w = CourseWidget(lang=lang, board_width=W, board_height=H)
    s = w.session
    texts: list[str] = []
    for i in range(len(s.items)):
        s.go(i)
        texts += visible_texts(w)
        ex = s.exercise
        if ex is None:
            continue
        wrong = _a_wrong_answer(ex)
        if wrong is not None:
            s.answer(wrong)
            texts += visible_texts(w)
            s.try_again()
        s.hint()
        s.show_me()
        texts += visible_texts(w)
    return texts


def _a_wrong_answer(ex):
    accepted = ex.accepted()
    if ex.kind == "choice":
        return next((c for c in ex.choices if c not in accepted), None)
    return next((a for a in ex.position.legal_actions() if a not in accepted), None)


def _play(lang: str, mode: str) -> list[str]:
    language.set(lang)
    kwargs = {"player": "white", "difficulty": 1} if mode == "solo" else {}
    w = PlayWidget(mode=mode, seed=7, width=W, height=H, **kwargs)
    texts = visible_texts(w)
    if w.hand_cards.children:
        w.hand_cards.children[0].click()
        texts += visible_texts(w)
    w.hint_button.click()
    texts += visible_texts(w)
    w.model.play("move R1 nowhere")                     # a refusal (as the menu's Apply takes it)
    texts += visible_texts(w)
    w.load_saved(b'{"format": "dualpowers/game", "actions": 3}')      # a refused load
    texts += visible_texts(w)
    rng = random.Random(1)
    while not w.session.is_over():
        w.session.apply(rng.choice(w.session.state.legal_actions()))
    texts += visible_texts(w)                           # game over
    w.seed.value = str(2**70)
    w.new_game.click()                                  # a refused new game
    texts += visible_texts(w)
    w.close()
    return texts


def _analyzer(lang: str) -> list[str]:
    language.set(lang)
    w = AnalyzerWidget(width=W, height=H)
    ed = w.editor
    texts = visible_texts(w)
    w.day.value = 30                                    # refused: R-CAL-3
    texts += visible_texts(w)
    ed.set_score(99)                                    # off the track
    texts += visible_texts(w)
    ed.set_score(0)
    w.day.value = 12
    w.palette.value = "Lenin"
    w._region_clicked("red")
    w._region_clicked("blue")                           # only one Lenin
    texts += visible_texts(w)
    w.palette.value = "red-unit-1-1"
    for _ in range(12):                                 # more units than the game has
        w._region_clicked("green")
    texts += visible_texts(w)
    w.export_notation.click()                           # cannot be exported
    texts += visible_texts(w)
    for bad in ('{"mode": "x"}', '{"score": 99}', "nonsense", '{"regions": {"red": ["Lenine"]}}'):
        w.io_text.value = bad
        w.import_button.click()
        texts += visible_texts(w)
    ed.clear_board()
    w.mode.value = "solo"
    w.palette.value = "opposition-unit-L1"
    w._region_clicked("red")
    w.mode.value = "two-player"                         # an Opposition unit in a two-player game
    texts += visible_texts(w)
    w.close()
    return texts


def _advisor(lang: str) -> list[str]:
    language.set(lang)
    w = AdvisorWidget(dp.new_game(mode="solo", seed=3), playouts=60, width=W, height=H)
    texts = visible_texts(w)
    w.rank()
    texts += visible_texts(w)
    w.analyzer.editor.set_score(99)
    w.rank()                                            # not a valid position
    texts += visible_texts(w)
    w.close()
    return texts


def _opposition(lang: str) -> list[str]:
    language.set(lang)
    w = OppositionWidget(seed=5)
    texts = visible_texts(w)
    w.card_menus[1].value = w.card_menus[0].value          # the same card twice: no objective
    texts += visible_texts(w)
    w.clear_button.click()                                 # no card at all
    texts += visible_texts(w)
    w.deal_button.click()
    r = SoloRoundWidget(seed=7, width=W, height=H)
    for _ in range(3):
        r.next_button.click()
        texts += visible_texts(r)
    r.finish_button.click()
    texts += visible_texts(r) + visible_texts(w)
    return texts


WALKS = {
    "tutorial": _tutorial, "course": _course, "play-solo": lambda lang: _play(lang, "solo"),
    "play-two-player": lambda lang: _play(lang, "two-player"), "analyzer": _analyzer, "advisor": _advisor,
    "opposition": _opposition,
}


@functools.cache
def _walk(name: str, lang: str) -> frozenset[str]:
    language.set(lang)
    try:
        return frozenset(WALKS[name](lang))
    finally:
        language.set("en")


@pytest.mark.parametrize("name", sorted(WALKS))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_left(name, lang):
    english = _walk(name, "en")
    shown = _walk(name, lang)
    assert len(shown) > 5
    left = sorted(t for t in shown if t in english and english_words(t, lang))
    assert not left, f"{name} in {lang}: {len(left)} text(s) still in English: {left[:25]}"


def test_the_check_sees_english():
    """Not vacuous: the English walk compared with itself is all English words."""
    english = _walk("analyzer", "en")
    assert sum(1 for t in english if english_words(t)) > 20


@pytest.mark.parametrize("name", sorted(WALKS))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_word_inside_a_translated_text(name, lang):
    """A text of the ``lang`` walk may mix in no word that only the English run uses
    (catches an English piece formatted into a translated sentence)."""
    english = {w.casefold() for t in _walk(name, "en") for w in english_words(t, lang)}
    own = vocabulary(lang)
    leaked = {}
    for text in _walk(name, lang):
        for w in english_words(text, lang):
            if w.casefold() in english and w.casefold() not in own:
                leaked.setdefault(w, text)
    assert not leaked, f"{name} in {lang}: English words in: {sorted(leaked.items())[:20]}"


#: The engine's names of the steps of a turn (``State.step``): the status says them in words.
_STEP_IDS = re.compile(r"\((?:objective|card|command|leader|bonus|unrest|scoring|over)\)")


def _notation_after_a_name(text: str) -> bool:
    """ "Red: play red-4" or "You (White): move R1 red": a log line naming an action in notation."""
    from dualpowers.actions import parse_action
    head, sep, rest = text.partition(": ")
    if not sep or not rest or len(head) > 30 or any(c in rest for c in ",;."):
        return False            # notation has no punctuation: a rule's text ("A leader card: recruit its token ...")
    try:
        return str(parse_action(rest)) == rest
    except dp.DualPowersError:
        return False


@pytest.mark.parametrize("name", sorted(WALKS))
def test_english_is_the_readable_form_too(name):
    """English goes through the same catalogs and descriptions as French and Italian: no
    engine step name ("(unrest)") and no action in notation after a name ("Red: play red-4")."""
    raw = sorted(t for t in _walk(name, "en") if _STEP_IDS.search(t) or _notation_after_a_name(t))
    assert not raw, f"{name} in English: engine words instead of the readable form: {raw[:10]}"


def test_the_readable_check_sees_notation():
    assert _notation_after_a_name("Red: play red-4") and _notation_after_a_name("You (White): move R1 red")
    assert not _notation_after_a_name("Red: Play red-4 (4 days, recruit 2 or Move, 2 VP)")
    assert not _notation_after_a_name("A leader card: recruit its token into any region, either order.")
    assert _STEP_IDS.search("Red to act (unrest).")
