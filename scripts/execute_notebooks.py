"""Run notebooks and store their outputs and widget state, so they show without a kernel.

    python scripts/execute_notebooks.py                    # every notebook in notebooks/
    python scripts/execute_notebooks.py notebooks/05_advisor.ipynb

nbval then compares the cells marked ``# NBVAL_CHECK_OUTPUT`` against what is stored.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(nb, path)
    print("executed", path)


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(str(p) for p in NOTEBOOKS.glob("*.ipynb")):
        execute(Path(name))
