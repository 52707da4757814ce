"""A notebook as a Voila app: the cells tagged notebook-only are neither run nor shown, with or
without pre-heated kernels (the installed voila.py and page template, dualpowers.voila_app)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from dualpowers.voila_app import NOTEBOOK_ONLY

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/0*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(p.parents[1]).as_posix())
def test_the_app_keeps_the_board_and_leaves_out_what_is_for_jupyterlab(path):
    nb = nbformat.read(path, as_version=4)
    tagged = [c for c in nb.cells if NOTEBOOK_ONLY in c.metadata.get("tags", [])]
    kept = [c for c in nb.cells if c not in tagged]
    assert tagged, "every notebook has cells for JupyterLab only (how to start)"
    assert kept[0].source.startswith("# ")                       # the title stays
    assert any(c.cell_type == "code" for c in kept)              # and the app itself
    assert not any(c.source.startswith(("**How to start:**", "**Pour commencer\u00a0:**", "**Per iniziare:**"))
                   for c in kept)


# ---------------------------------------------------------------- Voila, started as a user does
def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook(folder: Path, marker: Path) -> Path:
    """An app whose notebook-only cells would leave a trace: a file written, a text shown."""
    cells = [nbformat.v4.new_markdown_cell("# The app"),
             nbformat.v4.new_markdown_cell("FOR-JUPYTERLAB-ONLY text", metadata={"tags": [NOTEBOOK_ONLY]}),
             nbformat.v4.new_code_cell(f"open({str(marker)!r}, 'w').write('ran'); print('PROGRAMMERS-ONLY')",
                                       metadata={"tags": [NOTEBOOK_ONLY]}),
             nbformat.v4.new_code_cell("print('THE-APP-' + 'RAN')")]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "app.ipynb"
    nbformat.write(nb, path)
    return path


def _serve(notebook: Path, home: Path, *flags: str):
    """``voila NOTEBOOK`` (the installed console script) with the installed configuration; own
    Jupyter folders under ``home`` so the user's are never read."""
    voila = Path(sys.executable).with_name("voila")
    port = _free_port()
    env = {"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin", "HOME": str(home),
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    log = open(home / "voila.log", "wb")
    process = subprocess.Popen([str(voila), str(notebook), "--no-browser", f"--port={port}",
                                "--Voila.ip=127.0.0.1", *flags], cwd=notebook.parent, env=env,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    return process, f"http://127.0.0.1:{port}/", home / "voila.log"


def _page(url: str, process: subprocess.Popen, timeout: float = 120) -> str:
    deadline = time.monotonic() + timeout
    while True:
        assert process.poll() is None, "voila ended"
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                return response.read().decode()
        except OSError:
            assert time.monotonic() < deadline, "voila did not answer"
            time.sleep(0.5)


#: Pre-heated kernels, culled after 4 s idle (checked every second) unless the pool spares them.
SHORT_CULLING = ("--preheat_kernel=True", "--pool_size=1", "--MappingKernelManager.cull_idle_timeout=4",
                 "--MappingKernelManager.cull_interval=1")


@pytest.mark.parametrize("flags", [(), ("--preheat_kernel=True", "--pool_size=1"), SHORT_CULLING],
                         ids=["plain", "pre-heated", "pre-heated, short culling"])
def test_voila_neither_runs_nor_shows_the_notebook_only_cells(tmp_path, flags):
    if not Path(sys.executable).with_name("voila").exists():
        pytest.skip("voila is not installed beside this Python")
    marker = tmp_path / "ran.txt"
    home = tmp_path / "home"
    home.mkdir()
    notebook = _notebook(tmp_path, marker)
    process, url, log = _serve(notebook, home, *flags)
    try:
        if flags:                      # the pool is filled: the page comes from a kernel that ran the app
            deadline = time.monotonic() + 120
            while b"is filled with 1 kernel" not in log.read_bytes():
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.5)
            if flags == SHORT_CULLING:     # idle well past the culling time: the waiting kernel is kept
                time.sleep(6)
        page = _page(url, process)
        if flags:
            assert "Using pre-heated kernel" in log.read_text()
        if flags == SHORT_CULLING:
            # idle since it ran the notebook, the kernel just taken is not culled before the page
            # could connect; a page that never connects (closed) has its kernel culled after that
            time.sleep(2)
            assert "Culling '" not in log.read_text()
            deadline = time.monotonic() + 30
            while "Culling '" not in log.read_text():
                assert time.monotonic() < deadline, "the kernel of a closed page was never culled"
                time.sleep(0.5)
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert "THE-APP-RAN" in page and "The app" in page
    assert "FOR-JUPYTERLAB-ONLY" not in page and "PROGRAMMERS-ONLY" not in page
    assert not marker.exists(), "a notebook-only cell was run"
    if flags != SHORT_CULLING:
        assert "Culling '" not in log.read_text()    # 'Culling 'idle' kernel ...'


def test_a_page_loads_only_the_lab_extensions_the_app_draws_with(tmp_path):
    """Each learner's browser runs the scripts of every JupyterLab extension the page lists: the installed
    configuration lists the widgets' managers, ipycanvas and anywidget, not the other extensions of the
    environment (here the notebook's lab extension and the syntax highlighter, about 8 scripts a page)."""
    if not Path(sys.executable).with_name("voila").exists():
        pytest.skip("voila is not installed beside this Python")
    home = tmp_path / "home"
    home.mkdir()
    process, url, _log = _serve(_notebook(tmp_path, tmp_path / "ran.txt"), home)
    try:
        page = _page(url, process)
    finally:
        process.terminate()
        process.wait(timeout=30)
    import json
    import re
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                                  page, re.S).group(1))
    names = {extension["name"] for extension in config["federated_extensions"]}
    assert names == {"@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8", "ipycanvas",
                     "anywidget"}, names


def test_the_installed_configuration_is_the_sources():
    installed = Path(sys.prefix) / "etc" / "jupyter" / "voila.py"
    assert installed.read_bytes() == (ROOT / "jupyter-config" / "voila.py").read_bytes()
    template = Path(sys.prefix) / "share/jupyter/voila/templates/dualpowers/index.html.j2"
    assert template.read_bytes() == (ROOT / "share/jupyter/voila/templates/dualpowers/index.html.j2").read_bytes()
    assert shutil.which("voila", path=str(Path(sys.executable).parent))
