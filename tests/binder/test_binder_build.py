"""Installs as users get them: Binder's, and a wheel in a fresh virtual environment.

Binder (what repo2docker does):

1. copy the repository (without .venv, .git, caches) to a temporary folder;
2. create a fresh venv and ``pip install -r binder/requirements.txt`` into it;
3. run ``binder/postBuild`` from the copy's root with that venv first on PATH;
4. check that ``dualpowers`` imports from the copy and the pinned versions are the
   ones installed, then execute every notebook with nbclient in that venv: the English
   ``notebooks/*.ipynb`` and the French and Italian ``notebooks/fr/``, ``notebooks/it/``
   (a Binder link may open any of them);
5. start JupyterLab from that venv in the copy, as Binder does, and open the course's
   Voila link (``/voila/render/notebooks/00_learn.ipynb``) in chromium.

A wheel: build it from the copy, install it in another fresh venv with the pinned
requirements, copy the notebooks out of the source tree and run ``voila`` there.

Neither sets ``JUPYTER_PATH`` or any other path into the source tree: the Voila template
and configuration must come with the install.  Downloads from PyPI: takes a few minutes.
Deselect with ``-m "not binder"``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

pytestmark = pytest.mark.binder

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from helpers import (CHROMIUM, CHROMIUM_ARGS, canvas_is_painted, make_jupyter_env, start_lab, start_voila,  # noqa: E402
                     wait_until, watch_requests)

NOTEBOOK_DIR = REPO_ROOT / "notebooks"
#: every notebook a learner can open: English, then French and Italian (written by scripts/translate_notebooks.py)
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb")) + sorted(NOTEBOOK_DIR.glob("[!.]*/*.ipynb"))   # not .ipynb_checkpoints
COPY_IGNORE = shutil.ignore_patterns(
    ".venv", "venv", ".git", "__pycache__", "*.pyc", "*.egg-info", "build", "dist",
    ".pytest_cache", ".hypothesis", ".ipynb_checkpoints", "test-results", "test-output",
)
PIP_TIMEOUT_S = 900
CELL_TIMEOUT_S = 180


def _run(cmd, *, cwd: Path, env: dict[str, str], timeout: float = PIP_TIMEOUT_S,
         what: str = "") -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [str(c) for c in cmd], cwd=str(cwd), env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
    )
    if proc.returncode != 0:
        # pytrace=False: a short report, without a dump of locals (the env dict).
        tail = "\n".join(proc.stdout.splitlines()[-60:])
        shown = [str(c) if len(str(c)) < 200 else "<script>" for c in cmd]
        pytest.fail(
            f"{what or cmd[0]} failed with exit code {proc.returncode}: {' '.join(shown)}\n"
            f"--- output (tail) ---\n{tail}",
            pytrace=False,
        )
    return proc


def _pins(requirements: Path) -> dict[str, str]:
    pins = {}
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)\s*==\s*([^\s;]+)", line)
        if m:
            pins[re.sub(r"\[.*\]", "", m.group(1))] = m.group(2)
    return pins


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory):
    """A fresh venv built like Binder does it, from a copy of the repository."""
    base = tmp_path_factory.mktemp("binder-build")
    repo = base / "repo"
    shutil.copytree(REPO_ROOT, repo, ignore=COPY_IGNORE, symlinks=True)
    assert (repo / "binder" / "requirements.txt").is_file()
    assert os.access(repo / "binder" / "postBuild", os.X_OK), "binder/postBuild must be executable"

    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bindir = venv / "bin"
    env = {
        k: v for k, v in os.environ.items()
        if not k.startswith(("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CONDA", "JUPYTER", "JPY_"))
    }
    jupyter_home = base / "jupyter-home"
    jupyter_home.mkdir()
    env.update(
        PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_NO_INPUT="1",
        JUPYTER_CONFIG_DIR=str(jupyter_home / "config"),
        JUPYTER_DATA_DIR=str(jupyter_home / "data"),
        JUPYTER_RUNTIME_DIR=str(jupyter_home / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(jupyter_home / "ipython"),
        MPLBACKEND="Agg",
    )
    python = bindir / "python"
    _run([python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
         cwd=repo, env=env, what="pip install -r binder/requirements.txt")
    _run(["bash", "binder/postBuild"], cwd=repo, env=env, what="binder/postBuild")
    _run([python, "-m", "pip", "check"], cwd=repo, env=env, what="pip check")
    return SimpleNamespace(base=base, repo=repo, venv=venv, python=python, env=env)


def test_postbuild_installs_package_with_pinned_runtime(binder_venv):
    pins = _pins(binder_venv.repo / "binder" / "requirements.txt")
    assert pins, "binder/requirements.txt pins nothing"
    script = textwrap.dedent(
        """
        import json, importlib.metadata as md
        import dualpowers
        import ipywidgets, ipycanvas, pandas, PIL, ipykernel, jupyterlab, voila
        print(json.dumps({
            "path": [str(p) for p in dualpowers.__path__],
            "versions": {n: md.version(n) for n in %r},
        }))
        """
        % sorted(pins)
    )
    # Outside the repo copy, so the import cannot come from the current directory.
    out = _run([binder_venv.python, "-c", script], cwd=binder_venv.base,
               env=binder_venv.env, timeout=120, what="import check").stdout
    info = json.loads(out.strip().splitlines()[-1])
    repo = binder_venv.repo.resolve()
    assert any(Path(p).resolve() == repo / "dualpowers" for p in info["path"]), (
        f"dualpowers imported from {info['path']}, not from the Binder copy {repo}"
    )
    assert info["versions"] == pins


#: Executes the notebooks named on its command line one after the other, each in a kernel of its
#: own (nbclient, as Binder's user gets them), and writes what became of each to a JSON file.  One
#: process for all: starting Python and importing nbclient took 1.5 s of CPU a notebook (12-14 s of
#: waiting on a loaded machine), 21 times over.
RUNNER = textwrap.dedent(
    f"""
    import json, sys, traceback
    from pathlib import Path
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    out, paths = sys.argv[1], sys.argv[2:]
    results = {{}}
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
            client = NotebookClient(
                nb, timeout={CELL_TIMEOUT_S}, kernel_name="python3", allow_errors=False,
                resources={{"metadata": {{"path": str(Path(path).parent)}}}},
            )
            client.execute()
            results[path] = {{"ok": True, "cells": sum(c.cell_type == "code" for c in nb.cells)}}
        except CellExecutionError as exc:
            results[path] = {{"ok": False, "error": str(exc)}}
        except Exception:
            results[path] = {{"ok": False, "error": traceback.format_exc()}}
        print(path, "executed" if results[path]["ok"] else "FAILED", flush=True)
        Path(out).write_text(json.dumps(results))
    """
)


@pytest.fixture(scope="module")
def binder_notebook_runs(binder_venv) -> dict[str, dict]:
    """Every notebook executed in the Binder venv, in one runner process (:data:`RUNNER`), each in
    its own kernel: what became of each, by its path in the copy."""
    copies = [binder_venv.repo / "notebooks" / nb.relative_to(NOTEBOOK_DIR) for nb in NOTEBOOKS]
    cells = sum(sum(c.get("cell_type") == "code" for c in json.loads(nb.read_text())["cells"]) for nb in copies)
    out = binder_venv.base / "notebook-runs.json"
    proc = subprocess.run(
        [str(binder_venv.python), "-c", RUNNER, str(out), *map(str, copies)], cwd=str(binder_venv.repo),
        env=binder_venv.env, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        timeout=60 * len(copies) + CELL_TIMEOUT_S * max(cells, 1),
    )
    results = json.loads(out.read_text()) if out.is_file() else {}
    if proc.returncode != 0:     # the runner itself failed: every notebook it did not reach says so
        tail = "\n".join(proc.stdout.splitlines()[-60:])
        for c in copies:
            results.setdefault(str(c), {"ok": False, "error": f"the runner failed (exit code {proc.returncode}):\n{tail}"})
    return results


@pytest.mark.parametrize(
    "notebook",
    NOTEBOOKS or [pytest.param(None, marks=pytest.mark.skip(reason="notebooks/ has no notebooks yet"))],
    ids=[nb.relative_to(NOTEBOOK_DIR).as_posix() for nb in NOTEBOOKS] or ["no-notebooks"],
)
def test_notebook_runs_in_binder_env(binder_venv, binder_notebook_runs, notebook):
    copy = binder_venv.repo / "notebooks" / notebook.relative_to(NOTEBOOK_DIR)
    result = binder_notebook_runs.get(str(copy))
    assert result is not None, f"{notebook.name} was not run"
    if not result["ok"]:
        pytest.fail(f"executing {notebook.name} failed:\n{result['error']}", pytrace=False)
    n_cells = sum(c.get("cell_type") == "code" for c in json.loads(copy.read_text())["cells"])
    assert result["cells"] == n_cells


# ---------------------------------------------------------------------------- in a browser
BOARD = "canvas.dp-board"
#: The first words of the cells tagged ``notebook-only`` that say how to start in JupyterLab
#: ("run the cell below"), in each language: a Voila app hides them.
LAB_ONLY_TEXTS = ("How to start", "Pour commencer", "Per iniziare")


@pytest.fixture(scope="module")
def browser():
    """Headless Debian chromium; skipped without it unless DUALPOWERS_REQUIRE_BROWSER=1."""
    import importlib.util
    if importlib.util.find_spec("playwright") is None or not os.access(CHROMIUM, os.X_OK):
        message = f"needs playwright and {CHROMIUM}"
        if os.environ.get("DUALPOWERS_REQUIRE_BROWSER") == "1":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _open_app(browser, url: str, log) -> str:
    """Open a Voila page at 1280x720; wait until the board is painted; return the page's text.
    Fails on a request to another host or a failed request (the page asks nothing of the
    internet: Voila's lab template without its CDN links)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    failed, outside = watch_requests(page)
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=120_000)
        wait_until(lambda: canvas_is_painted(page, BOARD), timeout=120_000, message=lambda: "the board was never painted:\n" + log())
        text = page.inner_text("body")
        assert not outside, f"requests to other hosts: {outside}"
        assert not failed, f"failed requests: {failed}"
        return text
    finally:
        context.close()


def test_binder_lab_serves_the_course_as_a_voila_app(binder_venv, browser):
    """Binder's Voila link: JupyterLab from the Binder venv, in the repository copy."""
    env = make_jupyter_env(binder_venv.base / "lab-home")
    env["PATH"] = binder_venv.env["PATH"]
    server = start_lab(binder_venv.repo, env, binder_venv.base, python=binder_venv.python)
    try:
        for path, title in (("notebooks/00_learn.ipynb", "Learn to play"),
                            ("notebooks/fr/00_apprendre.ipynb", "Apprendre")):
            text = _open_app(browser, f"{server.url}voila/render/{path}?token={server.token}", server.log_tail)
            assert title in text
            assert not [t for t in LAB_ONLY_TEXTS if t in text], "a notebook-only cell is shown"
    finally:
        server.stop()
    assert "TemplateNotFound" not in server.log_tail(400)


@pytest.fixture(scope="module")
def wheel(binder_venv) -> Path:
    """The wheel built from the repository copy (a plain, non-editable build)."""
    wheel_dir = binder_venv.base / "wheel"
    _run([binder_venv.python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheel_dir, "."],
         cwd=binder_venv.repo, env=binder_venv.env, what="pip wheel")
    (built,) = wheel_dir.glob("dualpowers-*.whl")
    return built


def test_wheel_has_package_data_and_entry_point(binder_venv, wheel):
    """A plain (non-editable) build ships every data file the sources have, the Voila page
    template and configuration, and the command."""
    names = set(zipfile.ZipFile(wheel).namelist())
    pkg = binder_venv.repo / "dualpowers"
    expected = [p for pattern in ("py.typed", "data/*.toml", "data/*.json", "data/schema/*.json",
                                  "tutorial/*.json", "course/*.json", "locale/*/LC_MESSAGES/*.po")
                for p in pkg.glob(pattern)]
    missing = [str(p.relative_to(binder_venv.repo)) for p in expected
               if p.relative_to(binder_venv.repo).as_posix() not in names]
    assert not missing, f"not in {wheel.name}: {missing}"
    data = {n.split(".data/", 1)[1] for n in names if ".data/" in n}
    assert {"data/share/jupyter/voila/templates/dualpowers/index.html.j2",
            "data/etc/jupyter/voila.py"} <= data, sorted(data)
    entry_points = next((n for n in names if n.endswith(".dist-info/entry_points.txt")), None)
    assert entry_points, "no entry_points.txt in the wheel"
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert re.search(r"^dualpowers\s*=\s*dualpowers\.cli:main$", text, re.M), text


def test_voila_from_a_wheel_renders_notebooks_copied_out_of_the_sources(binder_venv, wheel, browser):
    """``pip install`` the wheel in a fresh venv, copy the notebooks to a folder of their own
    (no voila.json beside them, no source tree above them) and run ``voila`` there."""
    base = binder_venv.base / "wheel-install"
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    env = dict(binder_venv.env, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", VIRTUAL_ENV=str(venv))
    python = venv / "bin" / "python"
    # --no-compile: the modules Voila imports are compiled when first imported, as Python always
    # does; byte-compiling every installed module first was half this install's CPU (measured:
    # 22.7 s -> 12.3 s of CPU, 88 s -> 33 s of waiting on a busy machine). Binder's own venv
    # above is built as repo2docker builds it.
    _run([python, "-m", "pip", "install", "-q", "--no-compile", "-r", REPO_ROOT / "binder" / "requirements.txt"],
         cwd=base, env=env, what="pip install -r binder/requirements.txt (wheel venv)")
    _run([python, "-m", "pip", "install", "-q", "--no-deps", wheel], cwd=base, env=env, what="pip install the wheel")
    mine = base / "my-notebooks"
    mine.mkdir()
    for name in ("00_learn.ipynb", "01_tutorial.ipynb"):
        shutil.copy(NOTEBOOK_DIR / name, mine / name)
    shutil.copy(NOTEBOOK_DIR / "it" / "00_impara.ipynb", mine / "00_impara.ipynb")
    server_env = make_jupyter_env(base / "home")
    server_env["PATH"] = env["PATH"]
    for name, title in (("00_learn.ipynb", "Learn to play"), ("01_tutorial.ipynb", "rulebook examples"),
                        ("00_impara.ipynb", "Impara")):
        server = start_voila(mine / name, server_env, base, python=python)
        try:
            text = _open_app(browser, server.url, server.log_tail)
            assert title in text
            assert not [t for t in LAB_ONLY_TEXTS if t in text], "a notebook-only cell is shown"
        finally:
            server.stop()
        assert "TemplateNotFound" not in server.log_tail(400)
