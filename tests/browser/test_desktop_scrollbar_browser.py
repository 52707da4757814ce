"""Issue 33 (QA7, item 1): at 1280x720 in JupyterLab with the file browser open, as a desktop
browser shows it (with its scrollbars), the board is the wide one and whole in the window.

Every other browser test runs Playwright's headless chromium, which hides scrollbars.  A desktop
chromium on Linux keeps 15 CSS px of the notebook's width for its scrollbar (Windows 17): the board
got 571 CSS px, under the 576 where the wide drawing's words are 11 CSS px, so it was drawn tall
(571 x 1032) and its lower half (the calendar, the Will, the tiles, the reserves, the track) was
always below the window, while the tutorial's and the course's texts pointed there.

Here chromium shows its scrollbars (``--hide-scrollbars`` left out).  For the tutorial, a course
exercise and a solo game, the board must be drawn wide, keep 2 CSS px more than the wide drawing
needs (a Windows scrollbar is 2 px wider than a Linux one), and stand whole in the window with the
panel beside it.  Screenshots in ``test-output/desktop-scrollbar-*.png``.
"""

from __future__ import annotations

import pytest

from helpers import CHROMIUM, CHROMIUM_ARGS, REPO_ROOT, WALK_PRESS_JS, walk_folder, walk_page, wait_until

from dualpowers.drawing.layout import BOARD_MIN_CSS_WIDTH

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
#: a Windows scrollbar takes 17 CSS px, Linux chromium's 15 (the one shown here)
WINDOWS_EXTRA = 2
SCREENS = ("tutorial", "course", "play")

WALK = r'''
from dualpowers.widgets.course import CourseWidget
from dualpowers.widgets.play import PlayWidget
from dualpowers.widgets.tutorial import TutorialWidget

def walk():
    for name, make in (("tutorial", lambda: TutorialWidget(language="en")),
                       ("course", lambda: CourseWidget()),
                       ("play", lambda: PlayWidget(mode="solo", seed=7, player="white", difficulty=1))):
        old = holder.children
        holder.children = [make()]
        for o in old:
            o.close()
        yield name
'''

PLACES = """() => {
  const c = [...document.querySelectorAll('.dp-walk-holder canvas.dp-board')].find(e => e.offsetParent !== null);
  const p = [...document.querySelectorAll('.dp-walk-holder .dp-screen-panel')].find(e => e.offsetParent !== null);
  if (!c || !p) return null;
  const b = c.getBoundingClientRect(), q = p.getBoundingClientRect();
  const box = c.closest('.jp-WindowedPanel-outer, .jp-Notebook').getBoundingClientRect();
  return {width: b.width, height: b.height, top: b.top, bottom: b.bottom, right: b.right, panelLeft: q.left,
          backing: [c.width, c.height], shown: Math.min(box.bottom, window.innerHeight),
          scrollbar: box.width - c.closest('.jp-WindowedPanel-outer, .jp-Notebook').clientWidth};
}"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    yield from walk_folder(tmp_path_factory, "dp-desktop-scrollbar", "desktop_scrollbar.ipynb",
                           "The board with a desktop's scrollbars", WALK)


@pytest.fixture(scope="module")
def desktop_browser(_playwright):
    """Chromium showing its scrollbars, as a desktop browser does (Playwright hides them)."""
    b = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                                    ignore_default_args=["--hide-scrollbars"], timeout=60_000)
    try:
        yield b
    finally:
        b.close()


def test_the_board_is_wide_and_whole_at_1280x720_with_a_desktop_s_scrollbars(desktop_browser, lab):
    OUT.mkdir(exist_ok=True)
    problems: list[str] = []
    with walk_page(desktop_browser, lab, "desktop_scrollbar.ipynb", 1280, 720) as page:
        for name in SCREENS:
            where = page.evaluate("async (limit) => {" + WALK_PRESS_JS + " return at.innerText.trim(); }", 120_000)
            assert where == name, where
            wait_until(lambda: page.evaluate(PLACES) is not None, timeout=60_000, message=f"{name}: no board shown")
            page.wait_for_timeout(1500)             # the board is drawn at the size it was given
            page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen').scrollIntoView({block: 'start'})")
            page.wait_for_timeout(500)
            m = page.evaluate(PLACES)
            page.screenshot(path=str(OUT / f"desktop-scrollbar-{name}-1280x720.png"))
            assert m["scrollbar"] >= 10, f"no scrollbar shown: the test checks nothing ({m})"
            if m["backing"][0] < m["backing"][1]:
                problems.append(f"{name}: the tall board ({m['width']:.0f} x {m['height']:.0f} CSS px)")
            if m["width"] < BOARD_MIN_CSS_WIDTH + WINDOWS_EXTRA:
                problems.append(f"{name}: the board is {m['width']:.0f} CSS px wide, the wide drawing needs "
                                f"{BOARD_MIN_CSS_WIDTH:.0f}, and a Windows scrollbar takes {WINDOWS_EXTRA} px more")
            if m["bottom"] > m["shown"] + 1:
                problems.append(f"{name}: the board ends at {m['bottom']:.0f}, the notebook shows up to {m['shown']:.0f}")
            if m["panelLeft"] < m["right"]:
                problems.append(f"{name}: the panel is not beside the board")
    assert not problems, "\n".join(problems)
