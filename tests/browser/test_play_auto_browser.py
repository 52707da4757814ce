"""Issue 33: "Let the computer choose" where a player looks when it is their turn to decide.

It sat in the closed list of every action (an accordion under the panel), where a newcomer did
not find it.  It now stands beside the Hint, under the hand's cards: at 1280x720 in JupyterLab with
the file browser open, on the player's first decision of a solo game, it is shown without opening
anything, inside the window, and one press of it plays a decision (the game moves on).  English and
French, with screenshots in ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import (REPO_ROOT, open_file_browser, open_notebook, out_of_sight, run_all_cells, wait_all_executed,
                     wait_until, write_code_notebook)

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
WIDTH, HEIGHT = 1280, 720

GAME = r'''
from dualpowers.widgets import language
from dualpowers.widgets.play import PlayWidget
language.set(__LANG__)
play = PlayWidget(mode="solo", seed=1917, player="red", difficulty=1)
play.model.story_step(skip=True)      # past the deal's opening story, to the player's first turn
play
'''


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-play-auto")
    for lang in ("en", "fr"):
        write_code_notebook(folder / f"auto_{lang}.ipynb", "A solo game", GAME.replace("__LANG__", repr(lang)))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("lang, words", [("en", "Let the computer choose"), ("fr", "ordinateur")])
def test_let_the_computer_choose_stands_beside_the_hint_on_the_player_s_turn(browser, lab, lang, words):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        open_notebook(page, lab, f"auto_{lang}.ipynb")
        open_file_browser(page)
        run_all_cells(page)
        wait_all_executed(page, timeout=180_000)
        auto = page.locator("button.dp-auto").first
        hint = page.locator("button.dp-hint").first
        wait_until(lambda: hint.is_visible(), timeout=60_000, message="the play screen never showed its Hint")
        # shown as it is, no list opened: not inside the closed accordion of every action
        assert auto.is_visible() and auto.is_enabled(), "the computer's choice is not offered on the player's turn"
        assert words in auto.inner_text()
        assert not auto.evaluate("b => !!b.closest('.jupyter-widget-Accordion, .widget-accordion, .lm-Accordion')")
        hint.scroll_into_view_if_needed()
        assert not out_of_sight(page, "button.dp-auto"), out_of_sight(page, "button.dp-auto")
        a, h = auto.bounding_box(), hint.bounding_box()
        assert abs(a["y"] - h["y"]) < h["height"] * 3, (a, h)           # on the Hint's row, or the next
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"play-auto-{lang}-{WIDTH}x{HEIGHT}.png"))
        status = page.locator(".dp-status").first
        log = page.locator(".dp-log").first
        before = (status.inner_text(), log.inner_text())
        auto.click()
        wait_until(lambda: (status.inner_text(), log.inner_text()) != before
                   or page.locator("button.dp-story-next").first.is_visible(),
                   timeout=60_000, message="pressing it played nothing")
        page.wait_for_timeout(500)
        page.screenshot(path=str(OUT / f"play-auto-after-{lang}-{WIDTH}x{HEIGHT}.png"))
        # the player behind the button, in the list of every action: the Hint by default
        page.get_by_text({"en": "Every action you may take, in a list",
                          "fr": "Toutes vos actions possibles, en liste"}[lang]).first.click()
        page.locator(".dp-auto-policy select").first.scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / f"play-auto-policy-{lang}-{WIDTH}x{HEIGHT}.png"))
        chosen = page.locator(".dp-auto-policy select").first.evaluate("s => s.options[s.selectedIndex].text")
        assert chosen.replace("\u00a0", " ") == {"en": "the Hint",
                                                 "fr": "Indice (conseiller)"}[lang], chosen
    finally:
        context.close()
