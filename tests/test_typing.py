"""The package type-checks: mypy finds no error in any module, widgets included ([tool.mypy] in pyproject.toml),
and the engine (every module but the front end) passes with every flag of `mypy --strict`.

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


def _overrides() -> list[dict]:
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["overrides"]


#: The front end, checked without --strict's flags (issue 31 item 4: strict on the engine).
FRONT_END = {"dualpowers.widgets.*", "dualpowers.screens.*", "dualpowers.controllers.*", "dualpowers.course.*",
             "dualpowers.tutorial.*", "dualpowers.drawing.*", "dualpowers.voila_app"}


def test_the_engine_is_checked_with_every_flag_of_strict():
    """The override for the package turns on each flag ``mypy --strict`` names (read from mypy's
    own help, so a flag a new mypy adds to --strict shows up here), and only the front end is
    let off."""
    import re

    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install -e '.[test]'")
    help_text, _, _ = api.run(["--help"])
    strict = re.search(r"--strict\s+Strict mode; enables the following flags:(.*?)\n  --", help_text, re.S)
    assert strict, "mypy --help no longer lists --strict's flags"
    flags = re.findall(r"--([a-z-]+)", re.sub(r"-\s*\n\s*", "-", strict.group(1)))
    assert len(flags) >= 10, flags
    overrides = _overrides()
    engine = next(o for o in overrides if o["module"] == ["dualpowers.*"])
    global_only = {"warn-unused-configs", "warn-redundant-casts"}     # set in [tool.mypy] (global options)
    for flag in flags:
        if flag in global_only:
            continue
        name = flag.replace("-", "_")
        on = engine.get(name) is True or (name == "no_implicit_reexport" and engine.get("implicit_reexport") is False)
        assert on, f"--strict's --{flag} is not on for the engine"
    front = [o for o in overrides if o is not engine]
    assert [set(o["module"]) for o in front] == [FRONT_END]


def _engine_sources() -> list[Path]:
    front = {m.split(".")[1] for m in FRONT_END}
    return [p for p in sorted((ROOT / "dualpowers").rglob("*.py"))
            if p.relative_to(ROOT / "dualpowers").parts[0].removesuffix(".py") not in front]


#: Parameters that hold a position, an action, a message or an event, by their names in the package.
_TYPED_ROLES = {"state", "s", "board", "position", "blank", "before", "after", "view", "action", "act", "acts",
                "actions", "message", "msg", "reason", "why", "event", "events", "refusal", "choice"}


def test_no_state_action_or_message_is_typed_any_in_the_engine():
    """A position, an action, a message or an event is never ``Any`` in the engine's signatures
    (issue 31 item 4: 188 parameters were, ``state: Any`` in kinds/__init__.py among them)."""
    import ast

    found = []
    for path in _engine_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
                    if arg.arg in _TYPED_ROLES and arg.annotation is not None and "Any" in ast.unparse(arg.annotation):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}({arg.arg}: "
                                     f"{ast.unparse(arg.annotation)})")
    assert not found, found
    assert len(_engine_sources()) > 50
