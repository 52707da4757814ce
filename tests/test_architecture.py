"""The import contracts in pyproject.toml hold (import-linter), and they cover every engine module."""

import builtins
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Every module and sub-package of the package, by its import name.
MODULES = {f"dualpowers.{p.stem}" for p in (ROOT / "dualpowers").glob("*.py") if p.stem != "__init__"} | {
    f"dualpowers.{p.parent.name}" for p in (ROOT / "dualpowers").glob("*/__init__.py")}


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


def _contracts() -> list[dict]:
    """The three contracts every module is in: Jupyter only in the widgets, Pillow only in the
    drawing, the layers (the others, about one module each, follow them)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    jupyter = next(c for c in contracts if "ipywidgets" in c.get("forbidden_modules", ()))
    pillow = next(c for c in contracts if c.get("forbidden_modules") == ["PIL"])
    layers = next(c for c in contracts if c["type"] == "layers")
    return [jupyter, pillow, layers]


@pytest.mark.parametrize("screen", ["play", "analyzer", "course", "tutorial", "opposition"])
def test_a_screens_widget_imports_no_rule_module(screen):
    """The play, analyzer, course, tutorial and Opposition widgets draw their session models'
    snapshots (issue 31): they import no rule module (the contract, and their own import lines)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    contract = next(c for c in contracts if f"dualpowers.widgets.{screen}" in c["source_modules"]
                    and c["type"] == "forbidden" and "dualpowers.kinds" in c["forbidden_modules"])
    assert {"dualpowers.kinds", "dualpowers.state", "dualpowers.turn", "dualpowers.presence", "dualpowers.course",
            "dualpowers.tutorial", "dualpowers.narrate", "dualpowers.tables"} <= set(contract["forbidden_modules"])
    source = (ROOT / "dualpowers" / "widgets" / f"{screen}.py").read_text(encoding="utf-8")
    imported = set(re.findall(r"^from \.\.(\w+)", source, re.M))
    assert imported <= {"controllers", "drawing", "names", "screens", "text"}, imported


def test_every_module_is_in_a_layer_and_only_the_widgets_import_jupyter():
    jupyter, _pillow, layers = _contracts()
    layered = [m.strip() for layer in layers["layers"] for m in re.split(r"[|:]", layer)]
    assert len(layered) == len(set(layered)), "a module in two layers"
    assert set(layered) == MODULES, f"not layered: {sorted(MODULES - set(layered))}; gone: {sorted(set(layered) - MODULES)}"
    assert set(jupyter["source_modules"]) == MODULES - {"dualpowers.widgets"}


def test_teaching_and_advice_never_import_the_controllers_or_the_widgets():
    """Course, tutorial and advisor sit side by side under the controllers (issue 18)."""
    *_, layers = _contracts()
    order = [layer.replace(" ", "") for layer in layers["layers"]]
    assert "dualpowers.course|dualpowers.tutorial|dualpowers.advisor" in order
    assert order.index("dualpowers.controllers") < order.index("dualpowers.course|dualpowers.tutorial|dualpowers.advisor")


def _cycle(type_checking: bool) -> list[str]:
    """The modules on an import cycle (empty when there is none), module by module
    (sub-packages' modules too); ``type_checking``: count the imports under ``if TYPE_CHECKING:``."""
    import grimp

    graph = grimp.build_graph("dualpowers", exclude_type_checking_imports=not type_checking, cache_dir=None)
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i.startswith("dualpowers")}
             for m in graph.modules}
    # Kahn's algorithm: a graph is acyclic when every module can be taken off once nothing imports it
    importers = {m: 0 for m in edges}
    for m, imported in edges.items():
        for i in imported:
            importers[i] = importers.get(i, 0) + 1
    free = [m for m, n in importers.items() if n == 0]
    while free:
        m = free.pop()
        for i in edges.get(m, ()):
            importers[i] -= 1
            if importers[i] == 0:
                free.append(i)
    return sorted(m for m, n in importers.items() if n > 0)


def test_no_import_cycle_anywhere_imports_inside_functions_included():
    """The imports that run form no cycle."""
    assert not _cycle(type_checking=False), _cycle(type_checking=False)[:20]


def test_no_import_cycle_even_through_type_checking_imports():
    """Annotations too form no cycle (issue 31): the rule modules annotate with
    ``dualpowers.position.Position``, the record at the bottom of the engine, never with the
    ``State`` above them, so the graph with the ``TYPE_CHECKING`` imports counted is acyclic."""
    assert not _cycle(type_checking=True), _cycle(type_checking=True)[:20]


def test_the_cycle_check_finds_a_cycle(monkeypatch):
    """The check above can fail: a rule module annotating with State closes a circle."""
    import grimp

    real = grimp.build_graph

    def with_a_state_annotation(*args, **kwargs):
        graph = real(*args, **kwargs)
        graph.add_import(importer="dualpowers.turn", imported="dualpowers.state")
        return graph

    monkeypatch.setattr(grimp, "build_graph", with_a_state_annotation)
    assert {"dualpowers.state", "dualpowers.turn"} <= set(_cycle(type_checking=True))


def test_no_engine_module_shadows_the_standard_library_or_a_builtin():
    names = {p.stem for p in (ROOT / "dualpowers").glob("*.py")}
    clashes = {n for n in names if n in sys.stdlib_module_names or n in dir(builtins)} - {"__init__"}
    assert not clashes, clashes
