"""The package type-checks: mypy finds no error in any module, widgets included ([tool.mypy] in pyproject.toml).

A signature that says ``str`` and gets ``None``, a name reused for two types, a
``type: ignore`` left behind after the code it excused was fixed: each fails here,
with mypy's own report as the message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_type_checks(tmp_path):
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install -e '.[test]'")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                "--no-error-summary"])
    assert status == 0, f"mypy:\n{out}{err}"


def test_every_type_ignore_says_why():
    """A silenced check is a claim the checker cannot make ("a solo state has a player"):
    each one names its error code and says why it holds, and there are few of them."""
    import re
    ignores = []
    for path in sorted((ROOT / "dualpowers").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "type: ignore" in line:
                ignores.append((f"{path.relative_to(ROOT)}:{number}", line))
    unexplained = [where for where, line in ignores
                   if not re.search(r"# type: ignore\[[a-z-]+(, ?[a-z-]+)*\]  # \w.{8,}", line)]
    assert not unexplained, f"each type: ignore needs its error code and '  # why': {unexplained}"
    assert len(ignores) <= 15, f"{len(ignores)} type: ignore (at most 15): {[w for w, _ in ignores]}"
