"""Helpers for real-browser tests (Playwright sync API + Debian chromium).

Two halves:

* Server processes: ``JupyterLabServer`` / ``VoilaServer`` and the functions that
  start and stop them (the fixtures in ``conftest.py`` use these).
* Page helpers, all taking a Playwright ``Page`` (or ``Frame``):
  ``wait_kernel_ready``, ``run_all_cells``, ``wait_all_executed``,
  ``canvas_is_painted``, ``wait_canvas_painted``, ``click_widget_button``,
  ``text_of``, ``wait_until``, ``open_notebook``, ``run_notebook``.

Timeouts are in **milliseconds** (Playwright's convention) unless a parameter
name ends in ``_s``.

Widgets are found by CSS class: in the notebooks give every widget a test needs
a class with ``widget.add_class("dp-...")``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("DUALPOWERS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Seconds allowed for a server to answer before the start counts as failed.
SERVER_START_TIMEOUT_S = 90.0
SERVER_STOP_TIMEOUT_S = 10.0

T = TypeVar("T")


# --------------------------------------------------------------------------- #
# Generic polling
# --------------------------------------------------------------------------- #
def wait_until(
    predicate: Callable[[], T],
    timeout: float = 30_000,
    interval: float = 200,
    message: str | Callable[[], str] = "condition not met",
) -> T:
    """Call ``predicate()`` until it returns something truthy; return that value.

    Looks again after 25 ms, then after half as long again each time, up to ``interval`` ms: most
    waits are for the kernel's answer to a click, a few tenths of a second, which a fixed 200 ms
    pause overshot by 100 ms on average, wait after wait (a French solo game waits some 150 times).

    Raises ``TimeoutError`` with ``message`` after ``timeout`` ms.
    """
    deadline = time.monotonic() + timeout / 1000
    pause = min(25.0, interval)
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            text = message() if callable(message) else message
            raise TimeoutError(f"after {timeout / 1000:.0f} s: {text}")
        time.sleep(pause / 1000)
        pause = min(interval, pause * 1.5)


def write_unrun_copy(notebook: Path, folder: Path) -> Path:
    """Write ``notebook`` into ``folder`` as if never run: no outputs, prompt numbers or widget state."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    target = folder / Path(notebook).name
    nbformat.write(nb, target)
    return target


# --------------------------------------------------------------------------- #
# Server processes
# --------------------------------------------------------------------------- #
def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def make_jupyter_env(base: Path) -> dict[str, str]:
    """Environment for Jupyter processes with config, data and runtime dirs under ``base``.

    Only what keeps a test run from reading or writing the user's own Jupyter folders:
    JupyterLab's user settings (news pop-up and update check off, autosave off, every
    notebook cell attached to the DOM, ``windowingMode: none``, so the helpers see all
    cells).  Everything else is found as in a user's install: the kernel, the lab
    extensions, the Voila template and configuration come from the environment's own
    ``share/jupyter`` and ``etc/jupyter`` (no ``JUPYTER_PATH``, no kernel spec of the tests).
    """
    config_dir = base / "config"
    data_dir = base / "data"
    runtime_dir = base / "runtime"
    settings_dir = config_dir / "lab" / "user-settings"
    workspaces_dir = config_dir / "lab" / "workspaces"
    for d in (config_dir, data_dir, runtime_dir, settings_dir, workspaces_dir):
        d.mkdir(parents=True, exist_ok=True)

    _write_json(
        settings_dir / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings",
        {"fetchNews": "false", "checkForUpdates": False},
    )
    _write_json(
        settings_dir / "@jupyterlab" / "docmanager-extension" / "plugin.jupyterlab-settings",
        {"autosave": False},
    )
    _write_json(
        settings_dir / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings",
        {"windowingMode": "none"},
    )

    env = dict(os.environ)
    # Servers must not inherit the parent's IPython/Jupyter state.
    for name in ("JUPYTER_TOKEN", "JPY_SESSION_NAME", "IPYTHONDIR", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env.pop(name, None)
    env.update(
        JUPYTER_CONFIG_DIR=str(config_dir),
        JUPYTER_DATA_DIR=str(data_dir),
        JUPYTER_RUNTIME_DIR=str(runtime_dir),
        JUPYTERLAB_SETTINGS_DIR=str(settings_dir),
        JUPYTERLAB_WORKSPACES_DIR=str(workspaces_dir),
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(base / "ipython"),
        PYTHONUNBUFFERED="1",
    )
    return env


def _tail(path: Path, n: int = 40) -> str:
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError:
        return "(no log)"
    return "\n".join(lines[-n:])


def _http_status(url: str, timeout: float = 2.0) -> int | None:
    """HTTP status of GET ``url``, or None when nothing answers."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except (urllib.error.URLError, OSError):
        return None


@dataclass
class _Process:
    proc: subprocess.Popen
    log_path: Path

    def alive(self) -> bool:
        return self.proc.poll() is None

    def log_tail(self, n: int = 40) -> str:
        return _tail(self.log_path, n)

    def stop(self, timeout_s: float = SERVER_STOP_TIMEOUT_S, signalled: bool = False) -> None:
        """SIGTERM (Jupyter then shuts its kernels down), SIGKILL the group on timeout.
        ``signalled``: SIGTERM was already sent (by :func:`stop_all`), only wait."""
        if self.proc.poll() is not None:
            return
        try:
            if not signalled:
                self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            pass
        finally:
            if self.proc.poll() is None:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    self.proc.kill()
                try:
                    self.proc.wait(timeout=timeout_s)
                except subprocess.TimeoutExpired:
                    pass


def stop_all(servers: "list[JupyterLabServer | VoilaServer]", timeout_s: float = SERVER_STOP_TIMEOUT_S) -> None:
    """Stop several servers together: SIGTERM to each, then wait for each.  A Jupyter server
    takes about 3 s to shut down (measured on a loaded machine: 2.9-4.7 s for JupyterLab,
    3.0-3.6 s for Voila), which one after the other was 3 s per server at the session's end."""
    processes = [server._process for server in servers]
    for process in processes:
        if process.alive():
            process.proc.send_signal(signal.SIGTERM)
    for process in processes:
        process.stop(timeout_s, signalled=True)


def _die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that asks Linux to send the child SIGTERM when the process that
    started it dies, however it dies (a test run killed with SIGKILL included): no server
    outlives its test run.  Jupyter answers SIGTERM by shutting its kernels down."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    prctl = ctypes.CDLL(None, use_errno=True).prctl     # looked up here, not in the child
    parent = os.getpid()
    pr_set_pdeathsig = 1

    def preexec() -> None:
        prctl(pr_set_pdeathsig, int(signal.SIGTERM))
        if os.getppid() != parent:          # the parent died before prctl took effect
            os._exit(1)
    return preexec


def _spawn(cmd: list[str], env: dict[str, str], cwd: Path, log_path: Path) -> _Process:
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "wb")
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=str(cwd),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: killable with its kernels
            preexec_fn=_die_with_parent(),
        )
    finally:
        log.close()
    return _Process(proc, log_path)


def _wait_http(process: _Process, url: str, ok: Callable[[int | None], bool], what: str,
               timeout_s: float = SERVER_START_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        if not process.alive():
            raise RuntimeError(
                f"{what} exited with code {process.proc.returncode} before answering.\n"
                f"--- log ({process.log_path}) ---\n{process.log_tail()}"
            )
        if ok(_http_status(url)):
            return
        if time.monotonic() > deadline:
            process.stop()
            raise RuntimeError(
                f"{what} did not answer {url} within {timeout_s:.0f} s.\n"
                f"--- log ({process.log_path}) ---\n{process.log_tail()}"
            )
        time.sleep(0.25)


@dataclass
class JupyterLabServer:
    """A running ``jupyter lab``. ``url`` ends with ``/``.

    ``root_dir`` is the folder relative paths are read from: the server's root, or a folder
    inside it (:meth:`inside`, one server shared by several test modules)."""

    url: str
    token: str
    root_dir: Path
    port: int
    _process: _Process = field(repr=False)
    #: ``root_dir`` relative to the folder the server serves ("." when it is that folder)
    folder: Path = Path(".")

    def inside(self, folder: str | os.PathLike[str]) -> "JupyterLabServer":
        """The same server, with relative paths read from ``folder`` (a folder it serves)."""
        served = self.root_dir.resolve()
        for _ in self.folder.parts:
            served = served.parent
        folder = Path(folder).resolve()
        return dataclasses.replace(self, root_dir=folder, folder=folder.relative_to(served))

    def server_path(self, path: str | os.PathLike[str]) -> str:
        """``path`` (relative to ``root_dir``, or absolute inside it) as the server names it, URL-quoted."""
        p = Path(path)
        if p.is_absolute():
            p = p.resolve().relative_to(self.root_dir.resolve())
        return urllib.parse.quote((self.folder / p).as_posix())

    def notebook_url(self, path: str | os.PathLike[str]) -> str:
        """URL opening ``path`` (relative to ``root_dir``, or absolute inside it) in Lab.

        ``reset`` starts from an empty workspace, so only this notebook is open.
        """
        return f"{self.url}lab/tree/{self.server_path(path)}?reset&token={self.token}"

    def api(self, method: str, endpoint: str, body: Any = None) -> Any:
        """Call the server's REST API, e.g. ``api("GET", "api/sessions")``."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.url}{endpoint.lstrip('/')}",
            data=data,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def shutdown_kernels(self) -> None:
        """Shut down every running kernel (handy between tests of one server)."""
        for kernel in self.api("GET", "api/kernels") or []:
            try:
                self.api("DELETE", f"api/kernels/{kernel['id']}")
            except urllib.error.HTTPError:
                pass

    def log_tail(self, n: int = 40) -> str:
        return self._process.log_tail(n)

    def stop(self) -> None:
        self._process.stop()


@dataclass
class VoilaServer:
    """A running ``voila NOTEBOOK``; the notebook is served at ``url``."""

    url: str
    notebook: Path
    port: int
    _process: _Process = field(repr=False)

    def log_tail(self, n: int = 40) -> str:
        return self._process.log_tail(n)

    def stop(self) -> None:
        self._process.stop()


#: Starts tried when the port picked was taken in the meantime (two test workers, or any
#: other program, can be handed the same free port a moment apart).
PORT_ATTEMPTS = 3


def _start_on_a_free_port(cmd_for: Callable[[int], list[str]], env: dict[str, str], cwd: Path,
                          log_dir: Path, name: str, probe: Callable[[int], str],
                          ok: Callable[[int | None], bool], what: str) -> tuple[_Process, int]:
    """Spawn ``cmd_for(port)`` on a free port and wait for ``probe(port)``; another port if it was taken."""
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = free_port()
        process = _spawn(cmd_for(port), env, cwd, log_dir / f"{name}-{port}.log")
        try:
            _wait_http(process, probe(port), ok, what)
        except RuntimeError:
            taken = not process.alive() and "already in use" in process.log_tail().lower()
            if taken and attempt < PORT_ATTEMPTS:
                continue
            raise
        return process, port
    raise AssertionError("unreachable")  # pragma: no cover


def start_lab(root_dir: Path, env: dict[str, str], log_dir: Path,
              python: str | os.PathLike[str] = sys.executable) -> JupyterLabServer:
    """Start ``python -m jupyterlab`` on 127.0.0.1 serving ``root_dir``; wait for /api/status.

    ``python``: the interpreter of the environment to serve from (default: the tests' own)."""
    root_dir = Path(root_dir).resolve()
    token = secrets.token_hex(16)

    def cmd(port: int) -> list[str]:
        return [
            str(python), "-m", "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root_dir}",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ] + (["--allow-root"] if is_root() else [])

    process, port = _start_on_a_free_port(
        cmd, env, root_dir, log_dir, "jupyterlab",
        lambda port: f"http://127.0.0.1:{port}/api/status?token={token}", lambda s: s == 200, "jupyter lab")
    return JupyterLabServer(url=f"http://127.0.0.1:{port}/", token=token, root_dir=root_dir, port=port,
                            _process=process)


def start_voila(notebook: Path, env: dict[str, str], log_dir: Path,
                python: str | os.PathLike[str] = sys.executable) -> VoilaServer:
    """Start ``python -m voila NOTEBOOK`` on 127.0.0.1 from the notebook's folder (as
    ``voila NOTEBOOK`` typed there); wait until it answers HTTP.

    The readiness probe asks for a static file, so it does not run the notebook.
    ``python``: the interpreter of the environment to serve from (default: the tests' own).
    """
    notebook = Path(notebook).resolve()

    def cmd(port: int) -> list[str]:
        return [
            str(python), "-m", "voila", str(notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.port_retries=0",  # a taken port ends the start (another is tried), not a silent move
            "--Voila.ip=127.0.0.1",
        ]

    process, port = _start_on_a_free_port(
        cmd, env, notebook.parent, log_dir, "voila",
        lambda port: f"http://127.0.0.1:{port}/voila/static/", lambda s: s is not None, "voila")
    return VoilaServer(url=f"http://127.0.0.1:{port}/", notebook=notebook, port=port, _process=process)


# --------------------------------------------------------------------------- #
# Page helpers
# --------------------------------------------------------------------------- #
_KERNEL_READY_JS = """
() => {
  const ind = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const name = document.querySelector('.jp-Toolbar-kernelName');
  return !!ind && ind.getAttribute('data-status') === 'idle'
      && !!name && /python/i.test(name.textContent || '');
}
"""


def wait_kernel_ready(page, timeout: float = 60_000) -> None:
    """Wait until the open notebook's kernel is attached and idle (JupyterLab 4).

    Both conditions are needed: ``.jp-Notebook-ExecutionIndicator`` says
    ``data-status="idle"`` even before a kernel is attached, and ``.jp-Toolbar-kernelName``
    must name the Python kernel.
    """
    page.wait_for_function(_KERNEL_READY_JS, timeout=timeout, polling=200)


def _menu_command(page, menu: str, command: str, label: str, timeout: float) -> None:
    """Open menu-bar menu ``menu`` and click the item running ``command`` (or labelled ``label``)."""
    page.locator(".lm-MenuBar-item").filter(
        has=page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^\s*{re.escape(menu)}\s*$"))
    ).first.click(timeout=timeout)
    item = page.locator(f'.lm-Menu-item[data-command="{command}"]')
    if item.count() == 0:  # fall back on the label
        item = page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
        )
    item = item.first
    item.wait_for(state="visible", timeout=timeout)
    if "lm-mod-disabled" in (item.get_attribute("class") or ""):
        page.keyboard.press("Escape")
        raise RuntimeError(f"{menu} > {label} is disabled: is a notebook the current widget?")
    item.click(timeout=timeout)


_NUMBERED_PROMPTS_JS = """
() => Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt'))
  .filter(p => /\\[\\s*\\d+\\s*\\]/.test(p.textContent || '')).length
"""


def run_all_cells(page, timeout: float = 15_000, clear_first: bool = True) -> None:
    """Run > Run All Cells, through the menu bar.

    With ``clear_first`` (default) Edit > Clear Outputs of All Cells runs first and
    the execution counts saved in the file disappear, so ``wait_all_executed``
    cannot mistake stored prompts for a finished run.
    """
    if clear_first:
        _menu_command(page, "Edit", "notebook:clear-all-cell-outputs",
                      "Clear Outputs of All Cells", timeout)
        page.wait_for_function(f"() => ({_NUMBERED_PROMPTS_JS})() === 0", timeout=timeout)
    _menu_command(page, "Run", "notebook:run-all-cells", "Run All Cells", timeout)


_EXECUTION_STATE_JS = """
() => {
  const cells = Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell'));
  let pending = 0, done = 0;
  for (const cell of cells) {
    const editor = cell.querySelector('.jp-InputArea-editor');
    const src = editor ? (editor.textContent || '') : '';
    if (!src.trim()) continue;  // Lab does not execute empty cells
    const prompt = cell.querySelector('.jp-InputPrompt');
    const text = prompt ? (prompt.textContent || '') : '';
    if (/\\[\\s*\\d+\\s*\\]/.test(text)) done++; else pending++;
  }
  const errors = Array.from(document.querySelectorAll(
      '.jp-OutputArea [data-mime-type="application/vnd.jupyter.stderr"]'))
    .map(e => e.textContent || '')
    .filter(t => /Traceback|Error\\b/.test(t));
  const ind = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const idle = !!ind && ind.getAttribute('data-status') === 'idle';
  return {cells: cells.length, done, pending, errors, idle};
}
"""


def wait_all_executed(page, timeout: float = 120_000, fail_on_error: bool = True) -> int:
    """Wait until every non-empty code cell's input prompt shows a number.

    Returns the number of executed code cells. With ``fail_on_error`` an error
    output (a traceback) while the kernel is idle raises ``AssertionError`` at once
    instead of waiting for the timeout.
    """
    deadline = time.monotonic() + timeout / 1000
    idle_with_errors = 0
    state: dict[str, Any] = {}
    while True:
        state = page.evaluate(_EXECUTION_STATE_JS)
        if state["cells"] and state["pending"] == 0 and state["idle"]:
            if fail_on_error and state["errors"]:
                raise AssertionError("notebook cells raised:\n" + "\n---\n".join(state["errors"]))
            return int(state["done"])
        if fail_on_error and state["errors"] and state["idle"]:
            idle_with_errors += 1
            if idle_with_errors >= 3:  # stable for ~0.75 s: Run All stopped at an error
                raise AssertionError(
                    "notebook stopped with an error:\n" + "\n---\n".join(state["errors"])
                )
        else:
            idle_with_errors = 0
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"after {timeout / 1000:.0f} s not all cells executed: {state['done']} done, "
                f"{state['pending']} pending, kernel idle={state['idle']}"
            )
        time.sleep(0.25)


_CANVAS_PAINTED_JS = """
(selector) => {
  const canvases = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.tagName === 'CANVAS') canvases.push(el);
    else canvases.push(...el.querySelectorAll('canvas'));
  }
  for (const c of canvases) {
    if (!c.width || !c.height) continue;
    let data;
    try {
      const ctx = c.getContext('2d', {willReadFrequently: true});
      if (!ctx) continue;
      data = ctx.getImageData(0, 0, c.width, c.height).data;
    } catch (e) { continue; }
    const r = data[0], g = data[1], b = data[2], a = data[3];
    let opaque = false, varied = false;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] !== 0) opaque = true;
      if (!varied && (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b || data[i + 3] !== a))
        varied = true;
      if (opaque && varied) return true;
    }
  }
  return false;
}
"""


#: Where a page of this project may send requests: this machine only (Voila's lab template
#: without its font CDN links, every asset served by the server under test).
LOCAL_URLS = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")


def open_file_browser(page) -> None:
    """Make sure JupyterLab's file browser is shown in the left sidebar (as Lab opens by default):
    the layout tests and screenshots look at the notebook beside it."""
    fb = page.locator("#filebrowser")
    if fb.count() and fb.first.is_visible():
        return
    page.locator('.jp-SideBar.jp-mod-left [data-id="filebrowser"]').first.click()
    wait_until(lambda: fb.first.is_visible(), timeout=10_000, message="the file browser did not open")


def watch_requests(page) -> tuple[list[str], list[str]]:
    """Record, from now on, a page's failed requests and its requests that leave the machine:
    ``(failed, outside)``, two lists that fill as the page loads."""
    failed: list[str] = []
    outside: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(LOCAL_URLS) else None)
    return failed, outside


def canvas_is_painted(page, selector: str = "canvas") -> bool:
    """True if any canvas matched by ``selector`` (a canvas, or an element holding
    canvases) has non-transparent pixels that are not all the same colour.

    Reads the pixels in the page with ``getImageData``; no waiting.
    """
    return bool(page.evaluate(_CANVAS_PAINTED_JS, selector))


def wait_canvas_painted(page, selector: str = "canvas", timeout: float = 30_000) -> None:
    """Wait for a canvas matched by ``selector`` to exist and be painted."""
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    wait_until(
        lambda: canvas_is_painted(page, selector),
        timeout=timeout,
        message=f"no painted canvas matches {selector!r}",
    )


def _widget_locator(page, css_class: str):
    cls = css_class.lstrip(".")
    return page.locator(f"button.{cls}").or_(page.locator(f".{cls} button")).first


def click_widget_button(page, css_class: str, timeout: float = 15_000) -> None:
    """Click the ipywidgets Button that has ``css_class`` (``button.add_class(css_class)``),
    or the first button inside an element with that class. Waits until it is enabled."""
    button = _widget_locator(page, css_class)
    button.wait_for(state="visible", timeout=timeout)
    wait_until(button.is_enabled, timeout=timeout, message=f"button .{css_class} stays disabled")
    button.click(timeout=timeout)


def text_of(page, css_class: str, timeout: float = 15_000) -> str:
    """Text of the first element with ``css_class``, stripped (waits for it to exist).

    Label / HTML / Button / any container: its visible text. A text-entry widget
    (``Text``, ``Textarea``, ...: class on the widget, or on the input itself): the
    value typed in it.
    """
    cls = css_class.lstrip(".")
    el = page.locator(f".{cls}").first
    el.wait_for(state="attached", timeout=timeout)
    if el.evaluate("e => ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName)"):
        return el.input_value().strip()
    entry = el.locator(":scope.widget-text input, :scope.widget-textarea textarea")
    if entry.count() == 1:
        return entry.input_value().strip()
    return (el.inner_text() or "").strip()


def open_notebook(page, lab: JupyterLabServer, path: str | os.PathLike[str],
                  timeout: float = 60_000) -> None:
    """Open ``path`` in JupyterLab and wait for its kernel."""
    page.goto(lab.notebook_url(path), wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_selector(".jp-Notebook", timeout=timeout)
    wait_kernel_ready(page, timeout=timeout)


def run_notebook(page, lab: JupyterLabServer, path: str | os.PathLike[str],
                 timeout: float = 180_000) -> int:
    """Open ``path`` in Lab, Run All Cells, wait for all to finish; returns the
    number of executed code cells (raises on a traceback)."""
    open_notebook(page, lab, path)
    run_all_cells(page)
    return wait_all_executed(page, timeout=timeout)


def out_of_sight(page, selector: str) -> list[str]:
    """Visible elements of ``selector`` not wholly inside the window or cut by a box that scrolls
    or clips (the narration, the panel's secondary slot, the panel)."""
    return page.evaluate("""(sel) => {
      const out = [];
      for (const e of document.querySelectorAll(sel)) {
        if (!e.offsetParent) continue;
        const r = e.getBoundingClientRect();
        let cut = r.top < 0 || r.bottom > window.innerHeight;
        for (let box = e.parentElement; box && !cut && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowY === 'visible') continue;
          const q = box.getBoundingClientRect();
          cut = r.bottom > q.bottom + 1 || r.top < q.top - 1;
        }
        if (cut) out.push((e.innerText || e.className).slice(0, 50) + ' @' + Math.round(r.top) + '-' + Math.round(r.bottom));
      }
      return out; }""", selector)


#: How far the page has scrolled: Voila scrolls a box of its own, not the window.
SCROLLED = "() => window.scrollY + [...document.querySelectorAll('*')].reduce((sum, e) => sum + e.scrollTop, 0)"


def swipe_up(context, page, x: float, y: float, moves: int, step: float = 25.0) -> None:
    """A finger put down at (x, y) that moves up ``moves`` times by ``step`` CSS px, then lifts
    (raw touch events, as a phone sends them: a swipe that should scroll the page)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, moves + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - step * i}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_through_chapter(page, chapter_index: int, steps: int) -> None:
    """Open the course's chapter ``chapter_index`` by a tap, then tap Next past its ``steps`` steps,
    each tap waited for until the course's text changes (a learner on a touch screen)."""
    def text() -> str:
        el = page.locator(".dp-course-text").first
        el.wait_for(state="attached", timeout=15_000)
        return (el.inner_text() or "").strip()

    before = text()
    page.locator("button.dp-course-chapter").nth(chapter_index).tap()
    wait_until(lambda: text() != before, timeout=20_000, message="the chapter did not open")
    for _ in range(steps):
        before = text()
        page.locator("button.dp-course-next").first.tap()
        wait_until(lambda: text() != before, timeout=20_000, message="Next did nothing")


def course_choices(page) -> list[str]:
    """The course's answer buttons shown now, their words in order (the pool's hidden buttons keep
    the words of an earlier exercise and are left out)."""
    return page.locator("button.dp-course-choice").evaluate_all(
        "bs => bs.filter(b => b.offsetParent !== null).map(b => b.innerText.trim())")


def wait_course_exercise(page, exercise_id: str, lang: str = "en", timeout: float = 20_000) -> None:
    """Wait until the course shows the exercise ``exercise_id`` with its own answers: a choice
    exercise's buttons are its choices, in its words; an exercise answered on the board shows no
    answer button and its Show me.

    The widget draws a new item as one message per part (the board, the text, then the answer
    buttons, ...), and the page handles each in turn: a test that waited only for the text to
    change could read the buttons of the exercise before (a loaded machine saw solo-12's "Red,
    White" where solo-13's "July 14" was due)."""
    import dualpowers.course as course

    ex = course.exercise(exercise_id)
    if ex.kind == "choice":
        want = [ex.choice_label(v, lang) for v in ex.choices]
        wait_until(lambda: course_choices(page) == want, timeout=timeout,
                   message=lambda: f"{exercise_id}'s answers {want} not shown: {course_choices(page)}")
    else:
        show = page.locator("button.dp-course-show").first
        wait_until(lambda: not course_choices(page) and show.is_visible(), timeout=timeout,
                   message=lambda: f"{exercise_id} not shown: answers {course_choices(page)}")


def past_the_opening(page, *, tap: bool = False, timeout: float = 60_000) -> None:
    """A new solo game opens on the story of what its deal played, the Opposition's leader and first
    turn (issue 33): wait for the play screen, then skip that story with its Skip button (tapped with
    ``tap``) as a player who has read it would, so that a test starts at the first decision.  A
    two-player game, which has no opening story, is left as it is."""
    skip = page.locator("button.dp-story-skip").first
    cards = page.locator(".dp-hand-cards button:visible")
    wait_until(lambda: skip.is_visible() or cards.count() > 0, timeout=timeout,
               message="the play screen showed neither its opening story nor a card of the hand")
    if skip.is_visible():
        skip.tap() if tap else skip.click()
        wait_until(lambda: not skip.is_visible() and cards.count() > 0, timeout=30_000,
                   message="Skip did not end the opening story")


def press_story_next(page, timeout: float = 30_000) -> None:
    """Press the play screen's story Next once and wait until the widget has taken it: the step
    shown (``.dp-story``, "Step n of N") moved on, or the story is over (Next hidden).  Pressing
    again sooner, on a loaded machine, pressed the last step twice: the second press then waited
    30 s for a button the first one had hidden."""
    step = page.locator(".dp-story").first
    button = page.locator("button.dp-story-next").first
    before = step.inner_text() if step.count() else ""
    button.click()
    wait_until(lambda: not button.is_visible() or (step.inner_text() if step.count() else "") != before,
               timeout=timeout, message=f"the story's Next was not taken at {before!r}")


def board_spot(page, design_xy, selector: str = "canvas.dp-board"):
    """Where a point of the board's design is: ``(canvas, x, y)``, the canvas' locator (scrolled into
    view) and the point in CSS px from its corner; ``design_xy(layout)`` gives the point in design units."""
    from dualpowers.components import default_components
    from dualpowers.drawing.layout import layout_for

    canvas = page.locator(selector).first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    lay = layout_for(default_components(), float(width), float(height))
    x, y = lay.to_pixels(*design_xy(lay))
    return canvas, x * box["width"] / width, y * box["height"] / height


#: Where the browser tests put the screenshots a person looks at.
OUT = REPO_ROOT / "test-output"
#: A walk's window (:func:`walk_page`): JupyterLab at 1280x720, the file browser open.
WALK_WIDTH, WALK_HEIGHT = 1280, 720

#: A walk notebook's cell begins with this: the holder the walk shows its widgets in, the line
#: that names the state shown (``.dp-walk-at``), the step button (``button.dp-walk-go``) and
#: ``show(widget)``, which puts ``widget`` in the holder and closes the one it replaces.
_WALK_HEAD = r'''
import ipywidgets as w
from IPython.display import display

holder = w.VBox()
holder.add_class("dp-walk-holder")
at = w.HTML("ready")
at.add_class("dp-walk-at")
go = w.Button(description="step")
go.add_class("dp-walk-go")

def show(widget):
    old = holder.children
    holder.children = [widget]
    for o in old:
        o.close()
'''

#: ... and ends with this: each press of the button takes the next state from ``walk()``.
_WALK_FOOT = r'''
steps = walk()

def step(_):
    try:
        at.value = next(steps)
    except StopIteration:
        at.value = "done"
    except Exception as exc:
        import html, traceback
        where = "".join(traceback.format_exception(exc)[-6:])
        at.value = f"error {type(exc).__name__}: {exc} (after {at.value}) {html.escape(where)}"

go.on_click(step)
display(w.VBox([w.HBox([go, at]), holder]))
'''

#: The start of a walk's step in the page (the body of ``async (limit) => {...}``): press the step
#: button, wait until the kernel names the next state (at most ``limit`` ms), let two frames pass.
#: The label is the last thing the kernel changes for a state, and JupyterLab handles a kernel's
#: messages one after the other (each handler awaited before the next message's), so when the label
#: changes every widget change of that state has been taken; the views those changes make render in
#: promise callbacks, which run before the next frame.  (Waiting instead for a part the widget sets
#: early, as a course test waited for the text, can read the parts after it still stale.)
WALK_PRESS_JS = """
  const at = document.querySelector('.dp-walk-at');
  const before = at.innerText;
  const moved = new Promise((done, fail) => {
    const seen = new MutationObserver(() => { if (at.innerText !== before) { seen.disconnect(); done(); } });
    seen.observe(at, {subtree: true, childList: true, characterData: true});
    setTimeout(() => { seen.disconnect(); fail(new Error('the walk did not move on from ' + before)); }, limit);
  });
  document.querySelector('button.dp-walk-go').click();
  await moved;
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
"""


def write_walk_notebook(folder: Path, name: str, title: str, walk: str) -> Path:
    """A one-cell notebook that walks through states, one per press of its step button, which a
    test presses from the page (:data:`WALK_PRESS_JS`): the overflow, course-clicks and play-round
    tests each write one.  ``walk`` is code that defines a generator ``walk()`` yielding each
    state's name and shows its widgets in ``holder`` with ``show(widget)``."""
    return write_code_notebook(folder / name, title, _WALK_HEAD + walk + _WALK_FOOT)


def write_code_notebook(path: Path, title: str, code: str) -> Path:
    """A notebook with a heading ``title`` and one code cell, ``code``, on the python3 kernel."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}"), nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def walk_folder(tmp_path_factory: Any, prefix: str, name: str, title: str, walk: str) -> Any:
    """A module fixture's body: a temporary folder holding the walk notebook ``name``
    (:func:`write_walk_notebook`), removed afterwards (``yield from walk_folder(...)``)."""
    folder = tmp_path_factory.mktemp(prefix)
    write_walk_notebook(folder, name, title, walk)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def walk_page(browser: Any, lab: Any, name: str, width: int, height: int) -> Any:
    """A ``width`` x ``height`` page with the walk notebook ``name`` open and run, the file
    browser open (:func:`start_walk`); its browser context is closed afterwards."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        start_walk(page, lab, name)
        yield page
    finally:
        context.close()


def start_walk(page, lab: Any, name: str) -> Any:
    """Open the walk notebook ``name`` with the file browser open, run it, and return its step
    button once it shows."""
    open_notebook(page, lab, name)
    open_file_browser(page)
    run_all_cells(page)
    wait_all_executed(page, timeout=180_000)
    go = page.locator("button.dp-walk-go").first
    wait_until(lambda: go.is_visible(), timeout=60_000, message="the walk's step button never showed")
    return go
