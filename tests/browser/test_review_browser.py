"""Issue 33, item 4: the review of a game read whole at 1280x720 in JupyterLab, file browser open.

A newcomer's pass found three things in the way: the progress bar of *Review my game* had no
words (nothing said, on screen or to a screen reader, how far the review had got); the decisions'
buttons were cut with "…"; and a decision's explanation ran below the window once chosen.  Here a
solo game (seed 1917, red, difficulty 1, the greedy player choosing) is played to its end in the
kernel, *Review my game* is pressed in the page, its progress is read while it runs, and each
decision is chosen: its button whole, its explanation inside the window.  Screenshots go to
``test-output/`` in English and French for a person to look at.
"""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import (REPO_ROOT, open_file_browser, open_notebook, run_all_cells, wait_all_executed, wait_until,
                     write_code_notebook)

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
WIDTH, HEIGHT = 1280, 720

GAME = r'''
from dualpowers.widgets import language
from dualpowers.widgets.play import PlayWidget
import dualpowers.screens.play as screen_play
language.set(__LANG__)
# fewer playouts than a learner's review, the same screen (the test reads words and boxes, not figures)
screen_play.PlaySession.review.__defaults__ = (200, None)
play = PlayWidget(mode="solo", seed=1917, player="red", difficulty=1)
g = play.session
while not g.state.is_over():
    while play.model.story_at is not None:
        play.story_step(skip=True)
    g.auto("greedy")
while play.model.story_at is not None:
    play.story_step(skip=True)
play
'''

#: Where the explanation of the decision shown is, against the window and the notebook's own scrolling box.
EXPLAINED = """() => {
  const e = [...document.querySelectorAll('.dp-review-box .dp-result-box')].find(e => e.offsetParent !== null);
  if (!e) return null;
  const b = e.getBoundingClientRect();
  const panel = e.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
  const p = panel.getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, height: window.innerHeight, panelTop: p.top,
          panelBottom: Math.min(p.bottom, window.innerHeight), text: e.innerText.slice(0, 80)};
}"""

#: The review's decision buttons whose words do not fit them (cut with "…").
CUT = """() => [...document.querySelectorAll('button.dp-moment')].filter(b => b.offsetParent !== null)
  .filter(b => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map(b => b.innerText)"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-review")
    for lang in ("en", "fr"):
        write_code_notebook(folder / f"review_{lang}.ipynb", "A game to review", GAME.replace("__LANG__", repr(lang)))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("lang, progress_words", [("en", r"decision \d+ of \d+"), ("fr", r"décision \d+ sur \d+")])
def test_the_review_says_its_progress_and_shows_each_decision_whole(browser, lab, lang, progress_words):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        open_notebook(page, lab, f"review_{lang}.ipynb")
        open_file_browser(page)
        run_all_cells(page)
        wait_all_executed(page, timeout=300_000)
        review = page.locator("button.dp-review").first
        wait_until(lambda: review.is_visible(), timeout=60_000, message="no 'Review my game' button")
        review.scroll_into_view_if_needed()
        review.click()
        # while it runs: the bar's words, on screen and as the bar's own value for a screen reader
        said = wait_until(lambda: (lambda t: t if re.search(progress_words, t) else None)(
            page.locator(".dp-review-progress-words").first.inner_text()
            if page.locator(".dp-review-progress-words").count() else ""),
            timeout=120_000, interval=100, message="the review's progress was never said in words")
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"review-progress-{lang}-{WIDTH}x{HEIGHT}.png"))
        told = page.evaluate("() => { const b = document.querySelector('.dp-review-progress [role=progressbar]');"
                             " return b ? (b.getAttribute('aria-valuetext') || '') : ''; }")
        assert re.search(progress_words, told), (said, told)
        moments = page.locator("button.dp-moment")
        wait_until(lambda: moments.count() > 0 and moments.first.is_visible(), timeout=240_000,
                   message="the review's decisions never showed")
        assert not page.evaluate(CUT), f"decision buttons cut: {page.evaluate(CUT)}"
        for i in range(moments.count()):
            moments.nth(i).click()
            page.wait_for_timeout(1200)
            box = page.evaluate(EXPLAINED)
            assert box is not None, "no explanation shown"
            page.screenshot(path=str(OUT / f"review-decision-{i + 1}-{lang}-{WIDTH}x{HEIGHT}.png"))
            assert box["top"] >= box["panelTop"] - 1 and box["bottom"] <= box["panelBottom"] + 1, (
                f"decision {i + 1}: the explanation {box['text']!r} is at {box['top']:.0f} to {box['bottom']:.0f}, "
                f"the notebook shows {box['panelTop']:.0f} to {box['panelBottom']:.0f}")
            assert not page.evaluate(CUT), f"decision buttons cut: {page.evaluate(CUT)}"
    finally:
        context.close()
