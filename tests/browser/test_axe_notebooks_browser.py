"""Issue 32, item 6: axe-core finds no critical or serious violation on the other notebooks with a
board (the tutorial, the analyzer, the Opposition's round, the advisor) in Voila light and dark, nor
on the course in Notebook 7 (``jupyter notebook``).  The course and the play notebook in Voila are
audited in test_every_learner_browser.py, with the same rules (none left out).
"""

from __future__ import annotations

import importlib.util
import shutil

import pytest

from helpers import REPO_ROOT, run_all_cells, wait_kernel_ready, wait_all_executed, wait_canvas_painted, write_unrun_copy
from test_every_learner_browser import AXE_OPTIONS

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
BOARD = "canvas.dp-board"
NOTEBOOKS = ["01_tutorial.ipynb", "02_analyzer.ipynb", "03_opposition.ipynb", "05_advisor.ipynb"]


def _serious(page, context=None) -> list[str]:
    """axe-core's critical and serious violations on the page (or in ``context``), each with the
    elements it names and the start of their HTML."""
    from axe_playwright_python.sync_playwright import Axe
    result = Axe().run(page, context=context, options=AXE_OPTIONS or None)
    return [f"{v['id']} ({v['impact']}): " + "; ".join(f"{n['target']} {n.get('html', '')[:120]}" for n in v["nodes"][:4])
            for v in result.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-axe")
    for name in NOTEBOOKS + ["00_learn.ipynb"]:
        write_unrun_copy(REPO_ROOT / "notebooks" / name, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_axe_finds_no_serious_violation_in_voila(browser, voila_server, notebook_dir, name, theme):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        url = voila_server(notebook_dir / name) + ("?theme=dark" if theme == "dark" else "")
        page.goto(url, wait_until="domcontentloaded", timeout=180_000)
        wait_canvas_painted(page, BOARD, timeout=180_000)
        page.wait_for_timeout(1500)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"axe-{name.split('.')[0]}-{theme}.png"))
        found = _serious(page)
        assert not found, "\n".join(found)
    finally:
        context.close()


def test_axe_finds_no_serious_violation_on_the_course_in_notebook_7(browser, lab):
    """The course opened in Notebook 7's own page (/notebooks/..., served beside JupyterLab once the
    'notebook' package of the test extra is installed) and run, as after ``jupyter notebook``.  The
    audit covers the course's screen: Notebook 7's own page (its logo link, skip link, the
    debugger's and Voila's toolbar buttons, the code cells' editors) has violations of its own,
    outside what this project writes."""
    if importlib.util.find_spec("notebook") is None:
        pytest.fail("Notebook 7 (the 'notebook' package of the test extra) is not installed")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(f"{lab.url}notebooks/{lab.server_path('00_learn.ipynb')}?token={lab.token}", wait_until="domcontentloaded",
                  timeout=120_000)
        page.wait_for_selector(".jp-Notebook", timeout=120_000)
        wait_kernel_ready(page, timeout=120_000)
        run_all_cells(page)
        wait_all_executed(page, timeout=180_000)
        wait_canvas_painted(page, BOARD, timeout=60_000)
        page.wait_for_timeout(1500)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / "axe-00_learn-notebook7.png"))
        found = _serious(page, {"include": [[".dp-screen"]]})
        assert not found, "\n".join(found)
    finally:
        context.close()
