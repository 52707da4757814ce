"""The root conftest.py's plan for pytest-xdist: the files it names exist, and a split file's tests
go to the workers by their parameter."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _plan():
    spec = importlib.util.spec_from_file_location("root_conftest_plan", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_files_the_plan_names_exist():
    plan = _plan()
    named = plan.LONGEST_FIRST + plan.SPLIT_BY_PARAMETER
    missing = [name for name in named if not (ROOT / name).is_file()]
    assert not missing, f"conftest.py names files that are gone: {missing}"
    assert len(set(plan.LONGEST_FIRST)) == len(plan.LONGEST_FIRST)


def test_a_split_file_goes_by_parameter_and_any_other_file_whole():
    plan = _plan()
    split = plan.SPLIT_BY_PARAMETER[0]
    assert plan.work_unit(f"{split}::test_a[fr]") == plan.work_unit(f"{split}::test_b[fr]") == f"{split}[fr]"
    assert plan.work_unit(f"{split}::test_a[en]") != plan.work_unit(f"{split}::test_a[fr]")
    assert plan.work_unit(f"{split}::test_without_parameter") == split
    assert plan.work_unit("tests/test_calendar.py::test_a[solo]") == "tests/test_calendar.py"
    assert plan.work_unit("notebooks/fr/00_apprendre.ipynb::Cell 3") == "notebooks/fr/00_apprendre.ipynb"
