"""Smoke test of the browser harness itself (not of dualpowers' widgets).

A tiny notebook -- an ipycanvas Canvas drawn from ``on_client_ready``, a Button and a
Label with CSS classes -- is written to a temporary folder, then driven in
JupyterLab (served with that folder as root) and in Voila.
"""

from __future__ import annotations

import nbformat
import pytest

from helpers import (
    canvas_is_painted,
    click_widget_button,
    run_notebook,
    text_of,
    wait_canvas_painted,
    wait_until,
)

pytestmark = pytest.mark.browser

SMOKE_SOURCE = '''\
import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

canvas = Canvas(width=240, height=140)
canvas.add_class("smoke-canvas")


def draw(*_):
    # Drawn when a browser view is ready: under Voila the notebook runs before
    # any browser connects, so earlier draws would be lost.
    with hold_canvas(canvas):
        canvas.clear()
        canvas.fill_style = "#b22222"
        canvas.fill_rect(10, 10, 120, 80)
        canvas.fill_style = "#1e3a8a"
        canvas.fill_circle(180, 90, 40)


canvas.on_client_ready(draw)
blank = Canvas(width=60, height=40)  # never drawn on
blank.add_class("smoke-blank")

entry = widgets.Text(value="typed text", description="Entry")
entry.add_class("smoke-text")
label = widgets.Label("not clicked")
label.add_class("smoke-label")
button = widgets.Button(description="Click me")
button.add_class("smoke-button")
clicks = 0


def on_click(_):
    global clicks
    clicks += 1
    label.value = f"clicked {clicks}"


button.on_click(on_click)
widgets.VBox([canvas, blank, entry, button, label])
'''

CANVAS = ".smoke-canvas canvas, canvas.smoke-canvas"


@pytest.fixture(scope="module")
def smoke_notebook(tmp_path_factory):
    folder = tmp_path_factory.mktemp("smoke-notebook")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Browser harness smoke test"),
        # A stale saved run: run_all_cells must not take its prompt for a finished run.
        nbformat.v4.new_code_cell(
            SMOKE_SOURCE,
            execution_count=7,
            outputs=[nbformat.v4.new_output("stream", name="stdout", text="stale output\n")],
        ),
        nbformat.v4.new_code_cell(""),  # empty cells must not block wait_all_executed
    ]
    path = folder / "smoke.ipynb"
    nbformat.write(nb, path)

    failing = nbformat.v4.new_notebook()
    failing.metadata["kernelspec"] = nb.metadata["kernelspec"]
    failing.cells = [
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_code_cell("1 / 0"),
        nbformat.v4.new_code_cell("print('never runs')"),
    ]
    nbformat.write(failing, folder / "smoke_error.ipynb")
    return path


def _click_and_check(page):
    assert text_of(page, "smoke-label") == "not clicked"
    click_widget_button(page, "smoke-button")
    wait_until(lambda: text_of(page, "smoke-label") == "clicked 1", timeout=15_000,
               message=lambda: f"label still says {text_of(page, 'smoke-label')!r}")


def test_lab_runs_notebook_paints_canvas_and_clicks(page, lab_server_factory, smoke_notebook):
    lab = lab_server_factory(smoke_notebook.parent)
    assert lab.url.startswith("http://127.0.0.1:") and lab.token
    executed = run_notebook(page, lab, smoke_notebook.name, timeout=60_000)
    assert executed == 1
    assert page.locator(".jp-CodeCell .jp-InputPrompt").first.inner_text().strip() == "[1]:"
    assert "stale output" not in page.locator(".jp-Notebook").inner_text()
    assert text_of(page, "smoke-text") == "typed text"
    wait_canvas_painted(page, CANVAS, timeout=30_000)
    assert canvas_is_painted(page, ".jp-OutputArea-output")
    # ...and the check is not vacuous: a canvas nothing was drawn on is not "painted".
    assert not canvas_is_painted(page, "canvas.smoke-blank")
    _click_and_check(page)
    lab.shutdown_kernels()


def test_lab_reports_cell_errors(page, lab_server_factory, smoke_notebook):
    lab = lab_server_factory(smoke_notebook.parent)  # the same server as above
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        run_notebook(page, lab, "smoke_error.ipynb", timeout=60_000)
    lab.shutdown_kernels()


def test_voila_first_paint_and_click(page, voila_server, smoke_notebook):
    url = voila_server(smoke_notebook)
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    wait_canvas_painted(page, CANVAS, timeout=60_000)
    _click_and_check(page)
