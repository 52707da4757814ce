"""The tutorial notebook in a real browser: JupyterLab (run all, paint, click) and Voila (first paint).

The notebook is copied without its stored outputs to a temporary folder served by
JupyterLab; the test runs all cells from the Run menu, waits for the board canvas
to be painted, reads the narration, clicks Next through Example A (the narration
must change at every click) and switches the language.  Under Voila the board
must be painted on first load (the board draws from ``on_client_ready``).
"""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import (
    REPO_ROOT,
    canvas_is_painted,
    click_widget_button,
    run_notebook,
    text_of,
    wait_canvas_painted,
    wait_until,
    write_unrun_copy,
)

pytestmark = pytest.mark.browser

NOTEBOOK = REPO_ROOT / "notebooks" / "01_tutorial.ipynb"
BOARD = ".dp-board canvas, canvas.dp-board"
EXAMPLE_A_STEPS = 3


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    """A fresh copy of the notebook: no stored outputs, so every prompt number is new."""
    folder = tmp_path_factory.mktemp("dp-tutorial")
    write_unrun_copy(NOTEBOOK, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _narration(page) -> str:
    return text_of(page, "dp-narration")


def _click_next_and_wait_for_new_narration(page, before: str) -> str:
    click_widget_button(page, "dp-next")
    return wait_until(
        lambda: (lambda now: now if now and now != before else None)(_narration(page)),
        timeout=20_000,
        message=lambda: f"the narration did not change after Next (still {before[:80]!r})",
    )


def test_lab_tutorial_runs_paints_and_steps_through_example_A(page, lab):
    executed = run_notebook(page, lab, NOTEBOOK.name, timeout=180_000)
    assert executed >= 10
    wait_canvas_painted(page, BOARD, timeout=60_000)

    first = _narration(page)
    assert "July 26" in first and "Katya" in first
    seen = [first]
    for _ in range(EXAMPLE_A_STEPS):
        seen.append(_click_next_and_wait_for_new_narration(page, seen[-1]))
    assert len(set(seen)) == EXAMPLE_A_STEPS + 1
    assert "31" in seen[1] and "R-CAL-3" in seen[1]
    assert f"Step {EXAMPLE_A_STEPS} of {EXAMPLE_A_STEPS}" in seen[-1]
    assert canvas_is_painted(page, BOARD)

    # Back one step, then the language menu: same place, French text.
    click_widget_button(page, "dp-back")
    wait_until(lambda: _narration(page) == seen[-2], timeout=20_000,
               message=lambda: f"Back did not return to step 2: {_narration(page)[:80]!r}")
    page.locator(".dp-language select").first.select_option(label="Français")
    french = wait_until(lambda: (lambda n: n if "Étape 2 sur 3" in n else None)(_narration(page)),
                        timeout=20_000, message=lambda: f"no French narration: {_narration(page)[:80]!r}")
    assert "Zone violette" in french
    # Restart returns to the scene.
    click_widget_button(page, "dp-restart")
    wait_until(lambda: "26 juillet" in _narration(page), timeout=20_000,
               message=lambda: f"Restart did not return to the scene: {_narration(page)[:80]!r}")


def test_voila_tutorial_first_paint(page, voila_server, notebook_dir):
    url = voila_server(notebook_dir / NOTEBOOK.name)
    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    wait_canvas_painted(page, BOARD, timeout=90_000)
    # The page opens with the title, then the widget, then the rest; how to start in
    # JupyterLab (a cell tagged notebook-only) is not part of the app.
    first_widget = page.locator(".dp-tutorial").first
    markdown = page.locator(".jp-RenderedMarkdown, .jp-MarkdownOutput")
    widget_y = first_widget.bounding_box()["y"]
    assert "rulebook examples" in markdown.first.inner_text()
    assert "How to start" not in page.inner_text("body")
    assert markdown.first.bounding_box()["y"] < widget_y
    if markdown.count() > 1:
        assert widget_y < markdown.nth(1).bounding_box()["y"]
    first = _narration(page)
    assert re.search(r"July 26", first)
    after = _click_next_and_wait_for_new_narration(page, first)
    assert "31" in after
    assert canvas_is_painted(page, BOARD)
