"""Issue 33, on a phone: the course's verdict is in the window after an answer tapped on the board.

On a 390x844 phone (Voila as a learner opens it, touch emulated) the panel stands under the
board; play keeps its story's step in view, but the course left its verdict ("✔ Right!") below
the window after the two taps that answer an exercise on the board.  Here an exercise is answered
by taps, and the verdict box must then be wholly inside the window with nothing scrolled by the
test.  Screenshots go to ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import REPO_ROOT, board_spot, tap_through_chapter, wait_canvas_painted, wait_until, write_unrun_copy

pytestmark = pytest.mark.browser

COURSE = {"en": REPO_ROOT / "notebooks" / "00_learn.ipynb",
          "fr": REPO_ROOT / "notebooks" / "fr" / "00_apprendre.ipynb",
          "it": REPO_ROOT / "notebooks" / "it" / "00_impara.ipynb"}
BOARD = "canvas.dp-board"
OUT = REPO_ROOT / "test-output"
EXERCISE = "commands-1"      # white has played purple-4: make white stronger in purple (W5 into purple)

#: Where the verdict box is in the window (CSS px), and the window's height.
VERDICT = """() => {
  const e = [...document.querySelectorAll('.dp-course-feedback')].find(e => e.offsetParent !== null);
  const v = e && e.querySelector('.dp-course-right, .dp-course-wrong');
  if (!v) return null;
  const b = v.getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, height: window.innerHeight, text: v.innerText};
}"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-phone-verdict")
    for notebook in COURSE.values():
        write_unrun_copy(notebook, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _tap_board(page, design_xy) -> None:
    canvas, x, y = board_spot(page, design_xy, BOARD)
    box = canvas.bounding_box()
    page.touchscreen.tap(box["x"] + x, box["y"] + y)


def _text(page, selector: str) -> str:
    el = page.locator(selector).first
    return (el.inner_text() or "").strip() if el.count() else ""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_verdict_is_in_the_window_after_an_answer_tapped_on_the_board(browser, voila_server, notebook_dir, lang):
    import dualpowers.course as course
    state = course.exercise(EXERCISE).position
    chapter = course.chapter("commands")
    index = [c.id for c in course.chapters()].index("commands")
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(voila_server(notebook_dir / COURSE[lang].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        tap_through_chapter(page, index, len(chapter.steps))
        # the board's top in the window, as a learner looks at it to answer on it
        page.locator(BOARD).first.scroll_into_view_if_needed()
        page.evaluate("() => document.querySelector('canvas.dp-board').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        _tap_board(page, lambda lay: (lay.all_token_slots(state)["W5"].x, lay.all_token_slots(state)["W5"].y))
        page.wait_for_timeout(400)
        _tap_board(page, lambda lay: (lay.regions["purple"].header.cx, lay.regions["purple"].header.cy))
        wait_until(lambda: "✔" in _text(page, ".dp-course-feedback"), timeout=20_000,
                   message=lambda: f"the taps were not taken: {_text(page, '.dp-course-feedback')!r}")
        page.wait_for_timeout(1000)           # the scroll, if any, has happened: nothing is scrolled here
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"phone-verdict-{lang}.png"))
        box = page.evaluate(VERDICT)
        assert box is not None, "no verdict shown"
        assert box["top"] >= -1 and box["bottom"] <= box["height"] + 1, (
            f"the verdict {box['text']!r} is at {box['top']:.0f} to {box['bottom']:.0f} CSS px, "
            f"the window 0 to {box['height']}")
    finally:
        context.close()
