"""The rules engine type-checks: mypy finds no error in it ([tool.mypy] in pyproject.toml).

A signature that says ``str`` and gets ``None``, a name reused for two types, a
``type: ignore`` left behind after the code it excused was fixed: each fails here,
with mypy's own report as the message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_type_checks(tmp_path):
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install -e '.[test]'")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                "--no-error-summary"])
    assert status == 0, f"mypy:\n{out}{err}"
