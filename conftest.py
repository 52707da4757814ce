"""Test order for the whole suite, wherever pytest is pointed (tests/ or notebooks/).

``make test`` runs the suite on three worker processes (pytest-xdist, ``-n 3``) with
``--dist=loadfile --no-loadscope-reorder`` (pyproject's addopts): each test file,
and each notebook, runs whole on one worker, in order.  That keeps what must stay
together together: a notebook's cells share one kernel (nbval), a browser module's
tests share its JupyterLab server, a module's fixtures and caches are computed once.

The order below puts the longest files first, so the workers finish together:
the Binder build (mostly waiting on pip), the browser modules, the notebooks, then
the test files in their usual order.  Without ``-n`` only the order changes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
FIRST = (ROOT / "tests" / "binder", ROOT / "tests" / "browser")


def _rank(item: pytest.Item) -> int:
    path = Path(str(item.path)).resolve()
    if FIRST[0] in path.parents:
        return 0
    if FIRST[1] in path.parents:
        return 1
    if path.suffix == ".ipynb":
        return 2
    return 3


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # a stable sort: a file's tests stay together and in their order
    items.sort(key=_rank)
