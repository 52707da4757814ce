"""Issue 33 (QA6, items 3 and 4): in the course, after a first click on the board, what the next
click should be stays in the window above the choices it speaks of, and a button undoes the click.

A newcomer's pass clicked the red region at the command cards' chapter, step 12 (red-3, Recruit
or Rest): eight recruit buttons came, and the note "Click a lit unit or leader of your reserve; or
choose below." sat under them, cut by the 720 px window.  And a first click could not be undone
on screen (only Escape did it, and nothing said so); play has "Cancel the clicks".

At 1280x720 with JupyterLab's file browser open, in English, French and Italian, the kernel opens
that exercise and clicks red; with the screen's top at the notebook's top the page checks that the
note and the Cancel button are in the window and above the first choice, then presses Cancel and
waits for the exercise to be as it was given (no note, the choices back to the card's two).
"""

from __future__ import annotations


import pytest

from helpers import OUT, WALK_HEIGHT as HEIGHT, WALK_PRESS_JS, WALK_WIDTH as WIDTH, wait_until, walk_folder, walk_page

pytestmark = pytest.mark.browser

WALK = r'''
from dualpowers.widgets import language
from dualpowers.widgets.course import CourseWidget

def walk():
    for lang in ("en", "fr", "it"):
        language.set(lang)
        course = CourseWidget(lang=lang)
        show(course)
        s = course.session
        s.go([i for i, item in enumerate(s.items) if item[0] == "commands"][11])
        course.refresh()
        course.click("region", "red")
        yield f"{lang} red clicked"
'''

STEP = """
async (limit) => {""" + WALK_PRESS_JS + """
  const root = document.querySelector('.dp-walk-holder');
  const screen = root.querySelector('.dp-screen');
  screen.scrollIntoView({block: 'start'});
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const shown = sel => [...root.querySelectorAll(sel)].filter(e => e.offsetParent !== null
                                                             && e.getBoundingClientRect().height > 0);
  const note = shown('.dp-course-feedback')[0];
  const cancel = shown('button.dp-course-cancel')[0];
  const actions = shown('button.dp-course-action');
  const box = screen.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
  const b = box.getBoundingClientRect();
  const r = e => e ? e.getBoundingClientRect() : null;
  return [at.innerText.trim(), {note: note ? note.innerText.trim() : '', noteBox: r(note), cancelBox: r(cancel),
          firstAction: actions.length ? r(actions[0]).top : null, actions: actions.length,
          top: Math.max(b.top, 0), bottom: Math.min(b.bottom, window.innerHeight)}];
}
"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    yield from walk_folder(tmp_path_factory, "dp-course-clicks", "course_clicks.ipynb",
                           "A first click in the course", WALK)


def test_the_next_click_s_note_and_cancel_stay_in_the_window_above_the_choices(browser, lab):
    with walk_page(browser, lab, "course_clicks.ipynb", WIDTH, HEIGHT) as page:
        OUT.mkdir(exist_ok=True)
        states = 0
        while True:
            where, m = page.evaluate(STEP, 120_000)
            if where == "done":
                break
            assert not where.startswith("error"), where
            states += 1
            page.screenshot(path=str(OUT / f"course-first-click-{where.split()[0]}-{WIDTH}x{HEIGHT}.png"))
            assert m["note"], f"{where}: no note after the click"
            assert m["actions"] >= 8, f"{where}: {m['actions']} choices after red"
            for what in ("noteBox", "cancelBox"):
                box = m[what]
                assert box is not None, f"{where}: no {what}"
                assert m["top"] - 1 <= box["top"] and box["bottom"] <= m["bottom"] + 1, \
                    f"{where}: {what} at y={box['top']:.0f}-{box['bottom']:.0f}, the window {m['top']:.0f}-{m['bottom']:.0f}"
                assert box["bottom"] <= m["firstAction"] + 1, f"{where}: {what} under the choices"
            page.locator(".dp-walk-holder button.dp-course-cancel").click()
            wait_until(lambda: page.evaluate(
                "() => { const f = document.querySelector('.dp-walk-holder .dp-course-feedback');"
                " const n = [...document.querySelectorAll('.dp-walk-holder button.dp-course-action')]"
                ".filter(e => e.offsetParent !== null).length; return f.innerText.trim() === '' && n < 8; }"),
                timeout=20_000, message=f"{where}: Cancel the clicks did not bring the exercise back")
            assert not page.locator(".dp-walk-holder button.dp-course-cancel").is_visible()
        assert states == 3
