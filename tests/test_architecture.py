"""The import contracts in pyproject.toml hold (import-linter), and they cover every engine module."""

import builtins
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Top-level modules outside the engine core: tools built on it.
TOOLS = {"__init__", "cli", "simulate", "policies", "results", "stats", "voila_app"}


def _lint_imports() -> str:
    exe = Path(sys.executable).with_name("lint-imports")
    cmd = [str(exe)] if exe.exists() else [shutil.which("lint-imports") or "lint-imports"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(cmd + ["--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    return result.stdout


def test_import_contracts_are_kept():
    out = _lint_imports()
    assert re.search(r"Contracts: (\d+) kept, 0 broken", out), out


def test_every_engine_module_is_in_the_contracts():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    forbidden, layers = config["contracts"]
    layered = {m.strip() for layer in layers["layers"] for m in re.split(r"[|:]", layer)}
    core = {f"dualpowers.{p.stem}" for p in (ROOT / "dualpowers").glob("*.py") if p.stem not in TOOLS}
    assert core == layered, f"not layered: {sorted(core - layered)}; gone: {sorted(layered - core)}"
    assert core == set(forbidden["source_modules"])


def test_no_engine_module_shadows_the_standard_library_or_a_builtin():
    names = {p.stem for p in (ROOT / "dualpowers").glob("*.py")}
    clashes = {n for n in names if n in sys.stdlib_module_names or n in dir(builtins)} - {"__init__"}
    assert not clashes, clashes
