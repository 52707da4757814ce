"""The analyzer, Opposition, play, advisor and difficulty notebooks in a real JupyterLab (Playwright + chromium).

Each notebook is copied, without its stored outputs, to a temporary folder that
a JupyterLab server serves; the test runs all cells from the Run menu, waits for
every cell to finish without a traceback, and checks that a board canvas has
been painted.  In the analyzer a click on the board adds a token; in the play
notebook one action is applied by clicking the ``dp-apply`` button and the game
log must change, and a hint is asked for; in the advisor notebook the actions are
ranked by a click; the difficulty notebook must show its tables and charts.
"""

from __future__ import annotations

import re

import shutil

import nbformat
import pytest

from helpers import (
    REPO_ROOT,
    click_widget_button,
    past_the_opening,
    run_notebook,
    text_of,
    wait_canvas_painted,
    wait_until,
)

pytestmark = pytest.mark.browser

NOTEBOOKS = ("02_analyzer.ipynb", "03_opposition.ipynb", "04_play.ipynb", "05_advisor.ipynb",
             "06_difficulty.ipynb")
BOARD = ".dp-board canvas, canvas.dp-board"


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    """Fresh copies of the notebooks: no stored outputs, so every prompt number is new."""
    folder = tmp_path_factory.mktemp("dp-notebooks")
    for name in NOTEBOOKS:
        nb = nbformat.read(REPO_ROOT / "notebooks" / name, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
        nb.metadata.pop("widgets", None)
        nbformat.write(nb, folder / name)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _run(page, lab, name: str) -> int:
    executed = run_notebook(page, lab, name, timeout=180_000)
    wait_canvas_painted(page, BOARD, timeout=60_000)
    return executed


def _click_board(page, region: str) -> None:
    """Click the header of ``region`` on the first board canvas, like a user would."""
    from dualpowers.components import default_components
    from dualpowers.drawing.layout import layout_for

    canvas = page.locator(BOARD).first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None and box["width"] > 0
    width, height = canvas.evaluate("c => [c.width, c.height]")
    lay = layout_for(default_components(), float(width), float(height))
    header = lay.regions[region].header
    x, y = lay.to_pixels(header.cx, header.cy)
    canvas.click(position={"x": x * box["width"] / width, "y": y * box["height"] / height})


def test_analyzer_notebook(page, lab):
    assert _run(page, lab, "02_analyzer.ipynb") >= 5
    assert "accepts" in text_of(page, "dp-analyzer-error")
    assert "stronger" in text_of(page, "dp-analyzer-table").lower()      # the translated table, in English too
    # a click on the board adds the palette's token (the first entry: a red unit) to brown
    _click_board(page, "brown")
    wait_until(lambda: "to brown" in text_of(page, "dp-analyzer-message"), timeout=20_000,
               message=lambda: f"message is {text_of(page, 'dp-analyzer-message')!r}")
    lab.shutdown_kernels()


def test_opposition_notebook(page, lab):
    assert _run(page, lab, "03_opposition.ipynb") >= 4
    assert "Objective" in text_of(page, "dp-opp-choice")
    before = text_of(page, "dp-round-log")
    click_widget_button(page, "dp-round-next")
    wait_until(lambda: text_of(page, "dp-round-log") != before, timeout=20_000,
               message="the solo round log did not change after Next")
    lab.shutdown_kernels()


def test_play_notebook_apply_changes_the_log(page, lab):
    assert _run(page, lab, "04_play.ipynb") >= 3
    past_the_opening(page)
    before = text_of(page, "dp-log")
    status = text_of(page, "dp-status")
    assert "New solo game" in before and "to act (playing a card)" in status
    page.locator("button.dp-hand-card").first.click()      # play by clicking a card of the hand
    wait_until(lambda: text_of(page, "dp-log") != before, timeout=20_000,
               message="the game log did not change after a click on a card")
    after = text_of(page, "dp-log")
    assert "you (white): play" in after.lower()          # white, as in the course's solo chapter
    wait_until(lambda: text_of(page, "dp-status") != status, timeout=20_000, message="the status did not change")
    wait_canvas_painted(page, BOARD, timeout=20_000)
    click_widget_button(page, "dp-hint")
    # the Hint leads with the best action and its reason ("Recruit unit W1 ... into red: it makes you
    # the stronger side in red: ..."); the figures wait behind a disclosure
    wait_until(lambda: re.match(r"[A-Z][^:\n]*: [a-z]", text_of(page, "dp-hint-view")), timeout=60_000,
               message=lambda: f"no hint shown: {text_of(page, 'dp-hint-view')!r}")
    assert "playouts" not in text_of(page, "dp-hint-view")
    page.locator(".dp-hint-view summary").first.click()
    wait_until(lambda: "playouts" in text_of(page, "dp-hint-view"), timeout=10_000,
               message=lambda: f"the figures did not open: {text_of(page, 'dp-hint-view')!r}")
    lab.shutdown_kernels()


def test_advisor_notebook_ranks_the_actions_on_a_click(page, lab):
    assert _run(page, lab, "05_advisor.ipynb") >= 5
    assert "Press Rank the actions" in text_of(page, "dp-advisor-summary")
    click_widget_button(page, "dp-advise")
    wait_until(lambda: "playouts in" in text_of(page, "dp-advisor-summary"), timeout=60_000,
               message=lambda: f"no ranking shown: {text_of(page, 'dp-advisor-summary')!r}")
    # the summary and the table are two widgets: the table may be drawn a moment later
    wait_until(lambda: "best first" in text_of(page, "dp-advisor-table"), timeout=20_000,
               message=lambda: f"no ranking table: {text_of(page, 'dp-advisor-table')!r}")
    # The win-chance column says it is an estimate: in its header, its tooltip and a note under the table.
    head = page.locator(".dp-advisor-table th[title]").first
    assert "Win chance (estimate)" in head.inner_text() and "not a measured share" in head.get_attribute("title")
    assert "not a measured share" in text_of(page, "dp-advisor-table")
    wait_canvas_painted(page, BOARD, timeout=20_000)
    (REPO_ROOT / "test-output").mkdir(exist_ok=True)
    for name, part in (("header", head), ("note", page.locator(".dp-advisor-table .dp-table-note").first)):
        part.scroll_into_view_if_needed()
        if name == "header":
            part.hover()                              # shows the tooltip, as a reader would see it
        page.screenshot(path=str(REPO_ROOT / "test-output" / f"advisor-win-chance-{name}.png"))
    lab.shutdown_kernels()


def test_difficulty_notebook_shows_its_tables_and_charts(page, lab):
    assert run_notebook(page, lab, "06_difficulty.ipynb", timeout=180_000) >= 5
    outputs = page.locator(".jp-OutputArea-output")
    wait_until(lambda: "difficulty X" in outputs.all_inner_texts().__str__(), timeout=20_000,
               message="the measured table is not shown")
    # a chart is an <img> in HTML (drawing.Picture), or the SVG itself where Lab prefers it
    charts = page.locator(".jp-RenderedSVG svg, .jp-RenderedSVG img, .jp-RenderedImage img, .jp-RenderedHTMLCommon img")
    wait_until(lambda: charts.count() >= 2, timeout=20_000, message="the two charts are not shown")
    lab.shutdown_kernels()
