"""What a notebook is as a Voila app: the cells a person reading the app sees, and only those.

A notebook of this project opens with how to run it in JupyterLab and has sections for
programmers; those cells are tagged ``notebook-only``.  Voila calls :func:`drop_notebook_only`
(its ``prelaunch_hook``, set in the ``voila.py`` the package installs into the environment's
``etc/jupyter``) before it starts the kernel, so such cells are neither shown nor run: the
app paints its board without first playing the programmers' example games.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NOTEBOOK_ONLY", "drop_notebook_only"]

#: The cell tag of what a Voila app leaves out.
NOTEBOOK_ONLY = "notebook-only"


def drop_notebook_only(request: Any = None, notebook: Any = None, cwd: str | None = None) -> Any:
    """The notebook without its cells tagged :data:`NOTEBOOK_ONLY` (Voila's prelaunch hook)."""
    if notebook is None:
        return None
    notebook.cells = [c for c in notebook.cells if NOTEBOOK_ONLY not in c.get("metadata", {}).get("tags", ())]
    return notebook
