"""Every word on the board is readable: no label overlaps another, nothing hides a label,
and none is drawn smaller than 11 CSS px on the narrowest board the screen layout gives.

The drawing is recorded through :class:`dualpowers.drawing.labels.LabelPen`, which
keeps the layout box of every text and filled shape in drawing order, and the size
each text is drawn at (after any squeezing to a maximum width).  Checked on every
step of every tutorial example (with its highlight) and on 200 positions from random
games, in English, French and Italian.

The minimum comes from one relation (``dualpowers.drawing.layout``):
``MIN_TEXT = MIN_CSS_TEXT * DESIGN_W / BOARD_MIN_CSS_WIDTH``, i.e. 11 CSS px on a board
576 CSS px wide (1280x720 with JupyterLab's file browser open gives it 586).
"""

from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.drawing.labels import LabelPen, board_labels, label_problems
from dualpowers.drawing.layout import BOARD_MIN_CSS_WIDTH, DESIGN_W, MIN_CSS_TEXT, MIN_TEXT, text_width
from dualpowers.tutorial import Tutorial
from dualpowers.i18n import LANGUAGES

#: The smallest text the board may draw, in design units: 11 CSS px at the narrowest board.
MIN_DESIGN_SIZE = MIN_TEXT


def test_the_minimum_is_11_css_px_on_the_narrowest_board():
    assert MIN_CSS_TEXT == 11.0
    assert MIN_DESIGN_SIZE * BOARD_MIN_CSS_WIDTH / DESIGN_W == pytest.approx(11.0)
    # the screen layout measured at 1280x720 with the file browser open gives the board 586 CSS px
    assert BOARD_MIN_CSS_WIDTH <= 586


def _tutorial_steps():
    t = Tutorial()
    for eid in t.example_ids:
        t.select(eid)
        while True:
            state, _ = t.view()
            yield f"{eid}{t.index}", state, t.highlight
            if not t.next():
                break


def _random_positions(n: int = 200, seed: int = 17):
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < n:
        s = dp.new_game(mode="solo" if g % 2 else "two-player", seed=g, player=rng.choice(["red", "white"]),
                        difficulty=1 + g % 6)
        k = 0
        while not s.is_over() and len(out) < n:
            if k % 9 == 4:
                legal = s.legal_actions()
                from dualpowers.kinds import highlight as highlight_for
                out.append((f"game {g} action {k}", s.clone(), highlight_for(s, rng.choice(legal))))
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        g += 1
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_hidden_overlapping_or_small_in_any_tutorial_step(lang):
    bad = []
    for name, state, hl in _tutorial_steps():
        problems = label_problems(board_labels(state, highlight=hl, lang=lang), min_size=MIN_DESIGN_SIZE)
        bad += [f"{name}: {p}" for p in problems]
    assert not bad, "\n".join(bad[:20])


@pytest.fixture(scope="module")
def random_positions():
    positions = _random_positions()
    assert len(positions) == 200
    return positions


@pytest.mark.parametrize("board", ["wide", "tall"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_hidden_overlapping_or_small_in_200_random_positions(random_positions, lang, board):
    """On the wide board and on the tall one (a phone's: the same words, the side column, the track
    and the played cards under the map)."""
    bad = []
    for name, state, hl in random_positions:
        problems = label_problems(board_labels(state, highlight=hl, lang=lang, tall=board == "tall"),
                                  min_size=MIN_DESIGN_SIZE)
        bad += [f"{name}: {p}" for p in problems]
    assert not bad, "\n".join(bad[:20])


def test_the_checker_sees_an_overlap_and_a_covered_label():
    pen = LabelPen()
    pen.text(10, 10, "Kerensky", size=10)
    pen.text(20, 12, "R5", size=10)                  # written over Kerensky
    pen.circle(60, 10, 8, fill="#ff9800")             # a highlight over the same word, drawn after it
    problems = label_problems(pen)
    assert any("overlaps" in p for p in problems) and any("covered" in p for p in problems)
    pen = LabelPen()
    pen.text(10, 10, "tiny", size=6)
    assert label_problems(pen, min_size=9.5)
    # squeezed to half its width: drawn at half its size
    pen = LabelPen()
    pen.text(10, 10, "Vasilyevsky Island", size=18, max_width=text_width("Vasilyevsky Island", 18) / 2)
    assert pen.labels[0].size == pytest.approx(9.0)
    assert label_problems(pen, min_size=17.0) and not label_problems(pen, min_size=8.5)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("winner", ["red", "white", None])
def test_two_digit_strengths_fit_the_region_footer(lang, winner):
    """The footer's words stay inside their region and apart, whatever the strengths."""
    from types import SimpleNamespace

    from dualpowers.drawing import board
    from dualpowers.drawing.layout import layout_for
    from dualpowers.drawing.pen import ScaledPen

    footer = layout_for(dp.default_components()).regions["blue"].footer
    pen = LabelPen()
    token = board._LANG.set(lang)
    try:
        board._strengths(ScaledPen(pen, 1.0), footer, SimpleNamespace(strength={"red": 18, "white": 18}, winner=winner))
    finally:
        board._LANG.reset(token)
    assert len(pen.labels) >= 2 and not label_problems(pen, min_size=MIN_DESIGN_SIZE)
    for lb in pen.labels:
        assert footer.x < lb.x0 and lb.x1 < footer.right - 2, (lb.text, lb.x1, footer.right)
