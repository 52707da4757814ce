"""First run: what a new user meets before and right after running a notebook, and `make lab`."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0[0-6]_*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: notebooks whose first code cell shows a board widget (and so a still picture of it)
BOARD_FIRST = {"00_learn.ipynb", "01_tutorial.ipynb", "02_analyzer.ipynb", "04_play.ipynb", "05_advisor.ipynb"}


def _first_code(nb):
    return next(c for c in nb.cells if c.cell_type == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_starts_with_its_title_and_how_to_start(path):
    """The title; how to start in JupyterLab (tagged ``notebook-only``: a Voila app leaves it
    out, it runs the cells itself); then the board."""
    nb = nbformat.read(path, as_version=4)
    first, second = nb.cells[:2]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert second.source.startswith("**How to start:**") and "notebook-only" in second.metadata.get("tags", [])
    if path.name in BOARD_FIRST:
        assert nb.cells[2] is _first_code(nb) and "show(" in nb.cells[2].source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_carries_no_live_widget_output_or_state(path):
    """A stored widget shows as a repr on GitHub and as 'model not found' once Lab saves the file."""
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            assert WIDGET_VIEW not in data
            assert "Widget(children=" not in data.get("text/plain", "")


@pytest.mark.parametrize("name", sorted(BOARD_FIRST))
def test_notebook_shows_a_still_board_before_it_runs(name):
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    outs = _first_code(nb).outputs
    assert any("<svg" in o.get("data", {}).get("image/svg+xml", "") for o in outs), "no board picture stored"
    assert any("dp-static-board" in o.get("data", {}).get("text/html", "") for o in outs)


def test_show_adds_a_picture_that_the_live_widget_hides():
    from dualpowers.widgets import TutorialWidget
    from dualpowers.widgets.screen import SCREEN_STYLE
    from dualpowers.widgets.show import StaticBoard

    w = TutorialWidget()
    bundle = StaticBoard(w.board.to_svg())._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg") and "dp-static-board" in bundle["text/html"]
    assert ":has(.dp-screen)" in SCREEN_STYLE and ".dp-static-board { display: none; }" in SCREEN_STYLE


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_opens_the_course_and_shows_the_install():
    """What ``make lab`` runs (tests/browser/test_make_lab.py runs it for real)."""
    out = subprocess.run(["make", "-n", "-B", "lab", "VENV=/nonexistent-venv"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert "--LabApp.default_url=/lab/tree/notebooks/00_learn.ipynb" in out
    assert "--ServerApp.answer_yes=True" in out
    assert "couple of minutes" in out
    install = next(line for line in out.splitlines() if "pip install" in line and ".[lab]" in line)
    assert " -q" not in install
