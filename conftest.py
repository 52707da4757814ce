"""Test order for the whole suite, wherever pytest is pointed (tests/ or notebooks/).

``make test`` runs the suite on three worker processes (pytest-xdist, ``-n 3``) with
``--dist=loadfile --no-loadscope-reorder`` (pyproject's addopts): each test file,
and each notebook, runs whole on one worker, in order.  That keeps what must stay
together together: a notebook's cells share one kernel (nbval), a browser module's
tests share its JupyterLab server, a module's fixtures and caches are computed once.

The order below puts the longest files first, so the workers finish together:
the Binder build (mostly waiting on pip), the units named in ``LONGEST_FIRST`` (measured),
the other browser modules, the notebooks, then the test files in their usual order.
Without ``-n`` only the order changes.

A few files are split: their tests go to the workers by their parameter, one work unit
for each (``SPLIT_BY_PARAMETER``), so that one long walk in three languages runs on three
workers at once instead of keeping one busy for minutes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
FIRST = (ROOT / "tests" / "binder", ROOT / "tests" / "browser")


#: Files whose tests are given to the workers by their parameter ("[en]", "[fr]", ...): the
#: tests of one parameter run together on one worker (they share that parameter's module-scoped
#: fixture), each parameter on any worker.  The overflow walk, one per language, is the longest
#: thing in the suite (about 70 s per language on a busy machine).
SPLIT_BY_PARAMETER = ("tests/browser/test_overflow_browser.py",)


def work_unit(nodeid: str) -> str:
    """The work unit of a test for pytest-xdist: its file, or its file and parameter for the files
    of :data:`SPLIT_BY_PARAMETER` ("tests/browser/test_overflow_browser.py[fr]")."""
    file, _, name = nodeid.partition("::")
    if file in SPLIT_BY_PARAMETER and name.endswith("]"):
        return f"{file}[{name.rsplit('[', 1)[1]}"
    return file


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist=loadfile`` (pyproject's addopts) with the files of :data:`SPLIT_BY_PARAMETER`
    split by parameter; any other ``--dist`` as pytest-xdist has it."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LoadFileOrParameter(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def _reschedule(self, node) -> None:
            # pytest-xdist gives a worker its next unit when two of its tests are left; a worker
            # runs a test once it holds the one after it, so one left is soon enough.  With two,
            # a unit of two tests whose first is a long walk (one language of the overflow walk)
            # took a second unit with it at once, and a file was kept waiting behind it.
            if node.shutting_down:
                return
            if not self.workqueue:
                node.shutdown()
                return
            if self._pending_of(self.assigned_work[node]) <= 1:
                self._assign_work_unit(node)

    return LoadFileOrParameter(config, log)


#: The longest work units after the Binder build, longest first (the whole suite on three workers,
#: 2026-11-28): a unit started last keeps the run waiting while the other workers have finished,
#: so the long ones start first and the short ones fill the end.  A split file's parts come in
#: its place.  The other browser modules follow, then the notebooks, then the other test files.
LONGEST_FIRST = (
    "tests/browser/test_screen_browser.py",
    "tests/browser/test_every_learner_browser.py",
    "tests/browser/test_phone_story_browser.py",
    "tests/browser/test_course_browser.py",
    "tests/test_benchmarks.py",
    "tests/browser/test_notebooks_browser.py",
    "tests/browser/test_overflow_browser.py",
    "tests/browser/test_axe_notebooks_browser.py",
    "tests/browser/test_solo_game_browser.py",
    "tests/browser/test_translated_notebooks_browser.py",
    "tests/browser/test_review_browser.py",
    "tests/test_properties.py",
    "tests/browser/test_tutorial_browser.py",
    "tests/test_i18n_narration.py",
)


def _rank(item: pytest.Item) -> tuple[int, int]:
    path = Path(str(item.path)).resolve()
    if FIRST[0] in path.parents:
        return 0, 0
    unit = work_unit(item.nodeid)
    # longest first, by the parts of a file (its parameters) when it is split
    longest = LONGEST_FIRST.index(unit.split("[", 1)[0]) if unit.split("[", 1)[0] in LONGEST_FIRST else None
    if longest is not None:
        return 1, longest
    if FIRST[1] in path.parents:
        return 2, 0
    if path.suffix == ".ipynb":
        return 3, 0
    return 4, 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # a stable sort: a file's tests stay together and in their order
    items.sort(key=_rank)
