"""On a phone the course's step is read beside the board it speaks of (QA8, after issue 33).

On a 390x844 phone (Voila as a learner opens it, touch emulated) the panel stands under a board
about 700 CSS px tall: the step's text was below the window while the board was in view, and the
board above the window while the text was read.  The course's buttons, text and answers now share
one sheet (``Screen(sheet=True)``) pinned to the window's foot while the board is in view, as
play's story is.  Here: after each Next the whole text and the board's top are in the window
together; a swipe on the sheet still scrolls the page; a sheet scrolled to the end of a long text
starts at the top of the next step; at 1280x720 nothing is pinned (the panel is beside the board).
Screenshots go to ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import REPO_ROOT, SCROLLED, swipe_up, wait_canvas_painted, wait_until, write_unrun_copy

pytestmark = pytest.mark.browser

COURSE = {"en": REPO_ROOT / "notebooks" / "00_learn.ipynb",
          "fr": REPO_ROOT / "notebooks" / "fr" / "00_apprendre.ipynb"}
BOARD = "canvas.dp-board"
OUT = REPO_ROOT / "test-output"

#: Where the course's text, the sheet and the board are in the window (CSS px).
WHERE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const sheet = document.querySelector('.dp-course .dp-screen-sheet');
  return {text: box(document.querySelector('.dp-course-text')), sheet: box(sheet),
          board: box(document.querySelector('.dp-course .dp-screen-board')), height: window.innerHeight,
          position: getComputedStyle(sheet).position, scrollTop: sheet.scrollTop,
          scrolls: sheet.scrollHeight > sheet.clientHeight + 1};
}"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-phone-sheet")
    for notebook in COURSE.values():
        write_unrun_copy(notebook, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _text(page) -> str:
    el = page.locator(".dp-course-text").first
    return (el.inner_text() or "").strip() if el.count() else ""


def _next(page) -> None:
    before = _text(page)
    page.locator("button.dp-course-next").first.tap()
    wait_until(lambda: _text(page) != before, timeout=20_000, message="Next did nothing")
    page.wait_for_timeout(500)


def _phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    return context, context.new_page()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_step_is_read_with_the_board_in_view(browser, voila_server, notebook_dir, lang):
    context, page = _phone(browser)
    try:
        page.goto(voila_server(notebook_dir / COURSE[lang].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        OUT.mkdir(exist_ok=True)
        for k in range(1, 6):
            _next(page)
            where = page.evaluate(WHERE)
            assert where["position"] == "sticky", where
            text, board, height = where["text"], where["board"], where["height"]
            assert 0 <= text["top"] and text["bottom"] <= height + 1, (
                f"step {k}: the text is at {text['top']:.0f} to {text['bottom']:.0f} CSS px, the window 0 to {height}")
            assert 0 <= board["top"] < height / 3, f"step {k}: the board's top is at {board['top']:.0f} CSS px"
            assert where["sheet"]["top"] > board["top"] + 250, (
                f"step {k}: the sheet leaves only {where['sheet']['top'] - board['top']:.0f} px of the board")
        page.screenshot(path=str(OUT / f"phone-course-sheet-{lang}.png"))
    finally:
        context.close()


def test_a_swipe_on_the_sheet_scrolls_the_page_and_a_new_step_starts_at_its_top(browser, voila_server, notebook_dir):
    context, page = _phone(browser)
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        # a swipe up that starts on the sheet (its text fits: it does not scroll) scrolls the page
        assert not page.evaluate(WHERE)["scrolls"]
        sheet = page.locator(".dp-course .dp-screen-sheet").first.bounding_box()
        x, y = sheet["x"] + sheet["width"] / 2, sheet["y"] + sheet["height"] * 0.6
        start = page.evaluate(SCROLLED)
        swipe_up(context, page, x, y, 8)
        page.wait_for_timeout(600)
        assert page.evaluate(SCROLLED) > start + 60, "a swipe on the sheet did not scroll the page"
        # a text longer than the sheet (made so here: a sheet 150 px tall), read to its end, then
        # Next: the new step starts at the sheet's top, its Next still in view at the sheet's top
        page.add_style_tag(content=".dp-course .dp-screen-sheet { max-height: 150px !important; }")
        page.wait_for_timeout(300)
        assert page.evaluate(WHERE)["scrolls"]
        page.evaluate("() => { const s = document.querySelector('.dp-course .dp-screen-sheet'); s.scrollTop = s.scrollHeight; }")
        page.wait_for_timeout(200)
        assert page.evaluate(WHERE)["scrollTop"] > 50
        _next(page)
        wait_until(lambda: page.evaluate(WHERE)["scrollTop"] == 0, timeout=5_000,
                   message=lambda: f"the sheet stayed scrolled at {page.evaluate(WHERE)['scrollTop']} px")
    finally:
        context.close()


def test_nothing_is_pinned_beside_the_board(browser, voila_server, notebook_dir):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        where = page.evaluate(WHERE)
        assert where["position"] != "sticky", where
        assert where["sheet"]["top"] < where["board"]["bottom"], "the panel is not beside the board"
    finally:
        page.close()
