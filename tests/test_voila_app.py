"""A notebook as a Voila app: the cells tagged notebook-only are left out (dualpowers.voila_app)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from dualpowers.voila_app import NOTEBOOK_ONLY, drop_notebook_only

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("**/0*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(p.parents[1]).as_posix())
def test_the_app_keeps_the_board_and_leaves_out_what_is_for_jupyterlab(path):
    nb = nbformat.read(path, as_version=4)
    tagged = [c for c in nb.cells if NOTEBOOK_ONLY in c.metadata.get("tags", [])]
    kept = [c for c in nb.cells if c not in tagged]
    app = drop_notebook_only(None, nb, str(path.parent))
    assert app.cells == kept and tagged, "every notebook has cells for JupyterLab only (how to start)"
    assert app.cells[0].source.startswith("# ")                      # the title stays
    assert any(c.cell_type == "code" for c in app.cells)             # and the app itself
    assert not any(c.source.startswith(("**How to start:**", "**Pour commencer\u00a0:**", "**Per iniziare:**"))
                   for c in app.cells)


def test_a_notebook_without_tags_is_left_as_it_is():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Title"), nbformat.v4.new_code_cell("1")])
    assert drop_notebook_only(None, nb, ".").cells == nb.cells
    assert drop_notebook_only(None, None, ".") is None
