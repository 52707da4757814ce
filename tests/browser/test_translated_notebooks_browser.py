"""The French and Italian notebooks in a real browser, and the course as a Voila app.

JupyterLab, 1280x720, the file browser open, as a new user opens the notebook (stored
outputs kept): a screenshot of the first screen, then Run All: the board paints and
the widget speaks the notebook's language without anyone touching a language menu
(the first code cell sets it), and no label, button or tab title is cut short.  Under Voila the course (English and French) must
paint its board on first load with no failed request and none to another host.
Screenshots go to ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import shutil

import nbformat
import pytest

from helpers import (
    REPO_ROOT,
    open_file_browser,
    open_notebook,
    run_all_cells,
    wait_all_executed,
    wait_canvas_painted,
    wait_until,
    watch_requests,
)
from dualpowers.i18n import TRANSLATED

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
BOARD = "canvas.dp-board"
#: (language folder, notebook, a button's CSS class, its label in that language): the
#: learner's path, the course then the play notebook, one in each language (each run
#: costs about 15 s; the other two pairs differ only by the language line, which these
#: two and the Voila test below already cover)
CASES = [
    ("fr", "00_apprendre.ipynb", "dp-course-next", "Suivant"),
    ("it", "04_gioca.ipynb", "dp-new-game", "Nuova partita"),
    ("fr", "02_analyse.ipynb", "dp-import", "Importer"),      # the narrow panel of long French labels
]

#: Labels the browser cut short: a description, a button, a toggle or a tab title wider than
#: its box (``scrollWidth > clientWidth``), or a control sticking out of the widget's panel.
CUT_LABELS_JS = """
() => {
  const cut = [];
  // (the way back to the board is clipped to 1 px by design until it has the focus)
  const shown = e => e.offsetParent !== null && (e.textContent || '').trim() && !e.matches('.dp-to-board:not(:focus)');
  for (const e of document.querySelectorAll('.jp-OutputArea .widget-label, .jp-OutputArea button, '
      + '.jp-OutputArea .lm-TabBar-tabLabel')) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1)
      cut.push(`${(e.textContent || '').trim()} (${e.scrollWidth} > ${e.clientWidth} px)`);
  }
  for (const panel of document.querySelectorAll('.jp-OutputArea .dp-screen-panel')) {
    const right = panel.getBoundingClientRect().right;
    for (const e of panel.querySelectorAll('.widget-inline-hbox, .widget-tab')) {
      const r = e.getBoundingClientRect();
      if (e.offsetParent !== null && r.width > 0 && r.right > right + 1)
        cut.push(`${(e.textContent || '').trim().slice(0, 40)} sticks out by ${Math.round(r.right - right)} px`);
    }
  }
  return cut;
}
"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    """Copies of the translated notebooks as a new user gets them (stored outputs kept)."""
    folder = tmp_path_factory.mktemp("dp-translated")
    for lang in TRANSLATED:
        (folder / lang).mkdir()
        for path in (REPO_ROOT / "notebooks" / lang).iterdir():
            if path.is_file():          # not a .ipynb_checkpoints folder left by a Lab session
                shutil.copy(path, folder / lang / path.name)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(("lang", "name", "css_class", "label"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_translated_notebook_runs_in_its_language(browser, lab, lang, name, css_class, label):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        open_notebook(page, lab, f"{lang}/{name}")
        open_file_browser(page)
        page.wait_for_timeout(500)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"translated-{lang}-{name[:-6]}-opened-1280x720.png"))
        run_all_cells(page)
        wait_all_executed(page, timeout=180_000)
        wait_canvas_painted(page, BOARD, timeout=60_000)
        button = page.locator(f"button.{css_class}").first
        wait_until(lambda: label in (button.inner_text() or ""), timeout=20_000,
                   message=lambda: f"{name}: the button reads {button.inner_text()!r}, not {label!r}")
        page.wait_for_timeout(500)
        page.screenshot(path=str(OUT / f"translated-{lang}-{name[:-6]}-run-1280x720.png"))
        cut = page.evaluate(CUT_LABELS_JS)
        assert not cut, f"{lang}/{name}: labels cut short at 1280x720: {cut}"
    finally:
        context.close()
    lab.shutdown_kernels()


@pytest.mark.parametrize(("folder", "name", "label"), [("", "00_learn.ipynb", "Next"),
                                                        ("fr", "00_apprendre.ipynb", "Suivant")],
                         ids=["en", "fr"])
def test_voila_renders_the_course(browser, voila_server, tmp_path, folder, name, label):
    """The course as a Voila app: the board paints on first load, no request fails or leaves the machine."""
    source = REPO_ROOT / "notebooks" / folder / name
    nb = nbformat.read(source, as_version=4)
    nbformat.write(nb, tmp_path / name)
    url = voila_server(tmp_path / name)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    failed, outside = watch_requests(page)
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=90_000)
        wait_canvas_painted(page, BOARD, timeout=90_000)
        button = page.locator("button.dp-course-next").first
        wait_until(lambda: label in (button.inner_text() or ""), timeout=20_000,
                   message=lambda: f"the course's Next button reads {button.inner_text()!r}")
        page.wait_for_timeout(1000)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"voila-{name[:-6]}-1280x720.png"))
        assert not failed, f"failed requests: {failed}"
        assert not outside, f"requests to other hosts: {outside}"
    finally:
        context.close()
