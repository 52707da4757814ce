"""Issue 33 (the last note, item 1): the tutorial's example menu names every example whole.

The menu showed "A · The calendar: from": each example's title was longer than the select the
panel gives it (about 170 CSS px beside its "Example" label at 1280x720 with the file browser
open).  A menu that shows the start of a sentence does not say which example it is.

For each language (English, French, Italian) the tutorial is shown at 1280x720 in JupyterLab with
the file browser open, then in Voila on a 390x844 phone (touch emulated).  For every option of the
example menu the page measures its label in the select's own font (the select shows the chosen
option's label in its content box, left of its arrow): every label must fit that box, and the
menu must lie within the panel.  Screenshots in ``test-output/tutorial-menu-*.png``.
"""

from __future__ import annotations

import pytest

from helpers import REPO_ROOT, WALK_PRESS_JS, walk_folder, walk_page, wait_canvas_painted, wait_until

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
LANGS = ("en", "fr", "it")

WALK = r'''
from dualpowers.widgets import language
from dualpowers.widgets.tutorial import TutorialWidget

def walk():
    for lang in __LANGS__:
        language.set(lang)
        old = holder.children
        holder.children = [TutorialWidget(language=lang)]
        for o in old:
            o.close()
        yield lang
'''.replace("__LANGS__", repr(LANGS))

#: The example menu's labels against the room its select shows them in: [where, measures or null].
MEASURE = """
() => {
  const root = document.querySelector('.dp-walk-holder') || document;
  const select = [...root.querySelectorAll('.dp-example select')].find(e => e.offsetParent !== null);
  if (!select) return null;
  const s = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  const box = select.getBoundingClientRect();
  const panel = select.closest('.dp-screen-panel, .dp-screen').getBoundingClientRect();
  return {room: room, left: box.left, right: box.right, panelLeft: panel.left, panelRight: panel.right,
          options: [...select.options].map(o => [o.text, pen.measureText(o.text).width])};
}
"""


def _check(m, where: str) -> list[str]:
    assert m is not None, f"{where}: no example menu shown"
    assert len(m["options"]) == 8, f"{where}: {len(m['options'])} examples in the menu"
    cut = [f"{where}: {text!r} needs {width:.0f} CSS px, the menu shows {m['room']:.0f}"
           for text, width in m["options"] if width > m["room"] + 0.5]
    if m["left"] < m["panelLeft"] - 1 or m["right"] > m["panelRight"] + 1:
        cut.append(f"{where}: the menu ({m['left']:.0f}-{m['right']:.0f}) runs out of its panel "
                   f"({m['panelLeft']:.0f}-{m['panelRight']:.0f})")
    return cut


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    yield from walk_folder(tmp_path_factory, "dp-tutorial-menu", "tutorial_menu.ipynb",
                           "The tutorial's example menu", WALK)


def test_the_example_menu_names_every_example_whole_at_1280x720(browser, lab):
    OUT.mkdir(exist_ok=True)
    cut: list[str] = []
    with walk_page(browser, lab, "tutorial_menu.ipynb", 1280, 720) as page:
        for lang in LANGS:
            where = page.evaluate("async (limit) => {" + WALK_PRESS_JS + " return at.innerText.trim(); }", 120_000)
            assert where == lang, where
            wait_until(lambda: page.evaluate(MEASURE) is not None, timeout=30_000,
                       message=f"{lang}: the tutorial did not show")
            page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen')"
                          ".scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"tutorial-menu-{lang}-1280x720.png"))
            cut += _check(page.evaluate(MEASURE), f"{lang} 1280x720")
    assert not cut, "example names cut in the tutorial's menu:\n" + "\n".join(cut)


def test_the_example_menu_names_every_example_whole_on_a_phone(browser, voila_server, notebook_dir):
    OUT.mkdir(exist_ok=True)
    cut: list[str] = []
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        page.goto(voila_server(notebook_dir / "tutorial_menu.ipynb"), wait_until="domcontentloaded",
                  timeout=120_000)
        wait_until(lambda: page.locator("button.dp-walk-go").first.is_visible(), timeout=120_000,
                   message="the walk's step button never showed")
        for lang in LANGS:
            where = page.evaluate("async (limit) => {" + WALK_PRESS_JS + " return at.innerText.trim(); }", 120_000)
            assert where == lang, where
            wait_canvas_painted(page, "canvas.dp-board", timeout=60_000)
            wait_until(lambda: page.evaluate(MEASURE) is not None, timeout=30_000,
                       message=f"{lang}: the tutorial did not show")
            page.evaluate("() => document.querySelector('.dp-example').scrollIntoView({block: 'center'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"tutorial-menu-{lang}-phone.png"))
            cut += _check(page.evaluate(MEASURE), f"{lang} 390x844")
    finally:
        context.close()
    assert not cut, "example names cut in the tutorial's menu:\n" + "\n".join(cut)
