"""Run notebooks and store their outputs, so they show without a kernel.

Live widget outputs and widget state are *not* stored: a stored widget shows as its
text repr on GitHub and as "model not found" once JupyterLab has saved the file
without its state.  Each board widget is displayed with ``dualpowers.widgets.show``,
which adds a still SVG picture of the board right after it: that picture is what a
reader sees before running the notebook.

    python scripts/execute_notebooks.py                    # every notebook in notebooks/ (and fr/, it/)
    python scripts/execute_notebooks.py notebooks/05_advisor.ipynb

nbval then compares the cells marked ``# NBVAL_CHECK_OUTPUT`` against what is stored.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def strip_widgets(nb: nbformat.NotebookNode) -> None:
    """Drop live widget outputs and the widget state metadata (the still pictures stay)."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if WIDGET_VIEW not in o.get("data", {})]
    nb.metadata.pop("widgets", None)


def kernelspec_metadata(name: str = "python3") -> dict[str, str]:
    """The notebook metadata JupyterLab and Notebook 7 write for the kernel ``name`` when they
    start it: a notebook that stores anything else opens as changed (issue 33)."""
    from jupyter_client.kernelspec import KernelSpecManager
    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    strip_widgets(nb)
    nb.metadata["kernelspec"] = kernelspec_metadata()
    nbformat.write(nb, path)
    print("executed", path)


if __name__ == "__main__":
    # the English notebooks, then the French and Italian ones (scripts/translate_notebooks.py)
    every = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("[!.]*/*.ipynb"))   # not .ipynb_checkpoints
    for name in sys.argv[1:] or [str(p) for p in every]:
        execute(Path(name))
