"""Every word on the board is readable: no label overlaps another, nothing hides a label.

The drawing is recorded through :class:`dualpowers.drawing.labels.LabelPen`, which
keeps the layout box of every text and filled shape in drawing order.  Checked on
every step of every tutorial example (with its highlight) and on 200 positions
from random games, in English, and on the tutorial in French and Italian.
"""

from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.drawing.labels import LabelPen, board_labels, label_problems
from dualpowers.tutorial import Tutorial

#: The smallest text the board writes, in design units (900 x 640 board).
MIN_DESIGN_SIZE = 13.0


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
                from dualpowers.controllers.targets import highlight_for
                out.append((f"game {g} action {k}", s.clone(), highlight_for(s, rng.choice(legal))))
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        g += 1
    return out


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_label_hidden_or_overlapping_in_any_tutorial_step(lang):
    bad = []
    for name, state, hl in _tutorial_steps():
        problems = label_problems(board_labels(state, highlight=hl, lang=lang), min_size=MIN_DESIGN_SIZE)
        bad += [f"{name}: {p}" for p in problems]
    assert not bad, "\n".join(bad[:20])


def test_no_label_hidden_or_overlapping_in_200_random_positions():
    bad = []
    positions = _random_positions()
    assert len(positions) == 200
    for name, state, hl in positions:
        problems = label_problems(board_labels(state, highlight=hl), min_size=MIN_DESIGN_SIZE)
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
