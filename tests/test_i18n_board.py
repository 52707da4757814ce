"""The board drawn in French and Italian: every word on it comes from the catalogs."""
from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.drawing import board
from dualpowers.drawing.pen import RecordingPen
from dualpowers.tutorial import load_examples, replay

from i18n_check import from_catalog
from dualpowers.i18n import TRANSLATED


def tutorial_positions():
    for ex in load_examples().examples:
        for k in range(len(ex.steps) + 1):
            yield replay(ex, k)[0]


def random_positions(n_games=6):
    for g in range(n_games):
        mode = "solo" if g % 2 else "two-player"
        s = dp.new_game(mode=mode, seed=100 + g, player=("red", "white")[g // 2 % 2], difficulty=1 + g % 6,
                        edition=("fr", "it")[g // 3 % 2])
        rng = random.Random(g)
        k = 0
        while not s.is_over():
            if k % 9 == 0:
                yield s.clone()
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        yield s


def _untranslated(state, lang, monkeypatch):
    monkeypatch.setattr(board, "_wrap", lambda text, room, size, bold=False: [text])  # whole lines, as translated
    pen = RecordingPen()
    board.draw_board(pen, state, lang=lang)
    return sorted({t for t in pen.texts() if not from_catalog(t, lang)})


@pytest.mark.parametrize("lang", TRANSLATED)
def test_tutorial_boards_use_only_catalog_texts(lang, monkeypatch):
    bad = {}
    for s in tutorial_positions():
        for t in _untranslated(s, lang, monkeypatch):
            bad.setdefault(t, s.notation())
    assert not bad, f"texts drawn in {lang} that are not from the catalog: {sorted(bad)[:20]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_random_boards_use_only_catalog_texts(lang, monkeypatch):
    bad = set()
    for s in random_positions():
        bad.update(_untranslated(s, lang, monkeypatch))
    assert not bad, f"texts drawn in {lang} that are not from the catalog: {sorted(bad)[:20]}"


def test_the_check_catches_english(monkeypatch):
    """The check is not vacuous: the English board fails it in French."""
    s = dp.new_game(mode="solo", seed=3)
    pen = RecordingPen()
    board.draw_board(pen, s, lang="en")
    english = [t for t in pen.texts() if not from_catalog(t, "fr")]
    assert "CALENDAR" in english and any(t.startswith("Round 1") for t in english)


def test_french_board_says_french_words():
    s = dp.new_game(mode="two-player", seed=1)
    pen = RecordingPen()
    board.draw_board(pen, s, lang="fr")
    texts = pen.texts()
    assert "CALENDRIER" in texts and "Tour 1" in texts
    assert any("Volonté du Peuple" in t for t in texts)
    pen = RecordingPen()
    board.draw_board(pen, s, lang="it")
    assert "CALENDARIO" in pen.texts() and any("volere del popolo" in t.lower() for t in pen.texts())


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language"):
        board.draw_board(RecordingPen(), dp.new_game(), lang="de")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_status_bar_always_names_a_rule_changing_edition(lang):
    """The Italian edition changes rules (E-IT): the board's title bar names it for every
    course item set in it, whatever else must give way (the step's words, the mode)."""
    import dualpowers.course as course
    from dualpowers import names
    from dualpowers.drawing import RecordingPen, draw_board
    items = [st.position for c in course.chapters() for st in c.steps]
    items += [e.position for e in course.exercises()]
    italian = [s for s in items if s.edition == "it"]
    assert italian
    for s in italian:
        rec = RecordingPen()
        draw_board(rec, s, lang=lang)
        # alone on the bar, the edition is a label with its capital ("Edizione italiana")
        edition = names.edition("it", lang)
        assert edition[:1].upper() + edition[1:] in " ".join(rec.texts()), (lang, s.step, s.to_act)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_objective_face_up_is_labelled_in_two_lines_at_most(lang):
    """The info box keeps room for two label lines above a face-up objective (and two rows of
    named reserve tokens above it): no language may need a third."""
    from dualpowers import names
    from dualpowers.drawing.board import _wrap
    from dualpowers.drawing.layout import DESIGN_H, DESIGN_W, TEXT, layout_for
    from dualpowers.text import translator
    _ = translator(lang)
    room = layout_for(dp.new_game("solo", 1).comp, DESIGN_W, DESIGN_H).info.w - 16
    labels = [_("Your objective, face up:"), _("The Opposition's objective, face up:")]
    labels += [_("{side}'s objective, face up:", side=names.side(side, lang)) for side in ("red", "white")]
    for label in labels:
        assert len(_wrap(label, room, TEXT)) <= 2, (lang, label)


def test_with_an_objective_face_up_the_reserve_keeps_its_names():
    """After Espionage, a reserve of two rows still shows each token's name (a newcomer clicked
    'Stalin' where no name was drawn)."""
    from dualpowers.drawing.layout import DESIGN_H, DESIGN_W, layout_for
    s = dp.new_game("solo", 3, player="red", difficulty=1)
    for t in s.reserve("red")[:4]:
        s.put(t, "red")                                  # nine left: two rows
    s.revealed["red"] = True
    slots = layout_for(s.comp, DESIGN_W, DESIGN_H).reserve_slots(s)
    assert slots and all(slot.caption_size for slot in slots)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_month_s_short_name_fits_its_calendar_box(lang):
    """The calendar's month boxes are drawn at the smallest text size (nothing may be squeezed):
    each language's short names must fit with a little room on both sides.  French 'mars/avr.'
    (83.8 units in a 76.7-unit box) and 'oct./nov.' ran into the boxes' edges while the six boxes
    were as wide; a two-month space is now wider than a one-month space."""
    from dualpowers import names
    from dualpowers.drawing.labels import text_width
    from dualpowers.drawing.layout import DESIGN_H, DESIGN_W, TALL_H, TALL_W, TEXT, layout_for
    from dualpowers.dates import MONTHS
    for size in ((DESIGN_W, DESIGN_H), (TALL_W, TALL_H)):
        boxes = layout_for(dp.new_game("two-player", 1).comp, *size).month_cells
        wide = [(m, box.w, text_width(names.month(m, lang, short=True), TEXT)) for m, box in zip(MONTHS, boxes)]
        assert all(w <= room - 4 for _, room, w in wide), wide      # 2 units of room on each side


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_status_bar_keeps_the_step_s_words_before_the_mode(lang):
    """QA8: the French course's title read "Aux Rouges de jouer ... Partie à deux joueurs": the
    step's words (what the player is to do) gave way to the mode.  Where room is short the mode
    goes first; the step's words stay (and a rule-changing edition stays last, the test above)."""
    from dualpowers.controllers import GameSession
    from dualpowers.drawing import RecordingPen, draw_board
    from dualpowers.text import translator
    g = GameSession(mode="two-player", seed=3)
    rng = random.Random(1)
    seen = set()
    for _ in range(400):
        if g.state.is_over():
            break
        s = g.state
        if s.to_act is not None and s.step not in seen:
            seen.add(s.step)
            rec = RecordingPen()
            draw_board(rec, s, lang=lang)
            step = translator(lang)(board.STEP_WORDS[s.step])
            assert step in " ".join(rec.texts()), (lang, s.step, rec.texts()[:3])
        g.apply(rng.choice(g.legal()))
    assert {"card", "command", "unrest", "objective"} <= seen, seen
