"""A closed widget stops following the notebook's language and can be closed again.

ipywidgets closes a widget once more when it is garbage-collected (``Widget.__del__``), so a
second ``close()`` must do nothing; and the test suite closes every widget a test built
(tests/conftest.py), which would otherwise keep redrawing at each later language switch.
"""

from __future__ import annotations

import dualpowers as dp
from dualpowers.widgets import BoardWidget, TutorialWidget, language


def test_a_closed_board_is_not_redrawn_in_a_new_language_and_closes_twice():
    board = BoardWidget(dp.new_game(mode="solo", seed=2), width=450, height=320)
    before = board.redraw_count
    board.close()
    language.set("fr")
    assert board.redraw_count == before
    board.close()                       # as Widget.__del__ does: no error


def test_a_closed_tutorial_stays_in_its_language_and_closes_twice():
    tutorial = TutorialWidget()
    tutorial.close()
    language.set("it")
    assert tutorial.tutorial.language == "en"
    tutorial.close()


def test_an_open_board_follows_the_language():
    """The other side of the two tests above: the same switch redraws a board left open."""
    board = BoardWidget(dp.new_game(mode="solo", seed=2), width=450, height=320)
    before = board.redraw_count
    language.set("fr")
    assert board.redraw_count == before + 1
