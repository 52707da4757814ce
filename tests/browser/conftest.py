"""Real-browser test harness: Playwright (sync API) + Debian chromium, JupyterLab, Voila.

Fixtures (see helpers.py for the page helpers):

* ``browser`` (session)              -- a headless chromium ``playwright.sync_api.Browser``.
* ``page`` (function)                -- a fresh ``Page`` in its own context; on failure a
                                        screenshot and the console log go to
                                        ``test-results/browser/``.
* ``jupyter_env`` (session)          -- env dict for Jupyter processes (temp config/data/
                                        runtime dirs, python3 kernel spec, news/autosave off).
* ``lab_server`` (session)           -- ``JupyterLabServer`` serving the repo root.
* ``lab_server_factory`` (session)   -- ``lab_server_factory(root_dir) -> JupyterLabServer``
                                        (one server per root dir, reused).
* ``voila_server`` (session)         -- ``voila_server(notebook_path) -> url`` (one server per
                                        notebook, reused).

Everything here is skipped when playwright or /usr/bin/chromium is missing, unless
``DUALPOWERS_REQUIRE_BROWSER=1`` (as in ``.ci/run``): then it fails.
Tests in this folder get the ``browser`` marker automatically.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # also works with --import-mode=importlib
    sys.path.insert(0, str(HERE))

from helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO_ROOT,
    JupyterLabServer,
    VoilaServer,
    make_jupyter_env,
    start_lab,
    start_voila,
    stop_all,
)

REQUIRE_BROWSER = os.environ.get("DUALPOWERS_REQUIRE_BROWSER", "") == "1"
RESULTS_DIR = REPO_ROOT / "test-results" / "browser"
HOW_TO_ENABLE = (
    "to enable: `apt-get install -y --no-install-recommends chromium` and "
    "`pip install -e '.[test]'` (or run .ci/run)"
)


def _unavailable(reason: str) -> None:
    if REQUIRE_BROWSER:
        pytest.fail(
            f"browser tests are required (DUALPOWERS_REQUIRE_BROWSER=1) but {reason}; "
            f"{HOW_TO_ENABLE}",
            pytrace=False,
        )
    pytest.skip(f"browser tests skipped: {reason}; {HOW_TO_ENABLE}")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"_dp_rep_{rep.when}", rep)


@pytest.fixture(scope="session")
def browser_available() -> None:
    """Skip (or fail, with DUALPOWERS_REQUIRE_BROWSER=1) when the browser stack is missing."""
    missing = [
        name for name in ("playwright", "jupyterlab", "voila", "ipykernel")
        if importlib.util.find_spec(name) is None
    ]
    if missing:
        _unavailable(f"Python package(s) {', '.join(missing)} not installed")
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"{CHROMIUM} not found")


@pytest.fixture(scope="session")
def _playwright(browser_available):
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser(_playwright):
    """Headless Debian chromium (Playwright's own browser download does not work here)."""
    b = _playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        timeout=60_000,
    )
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def page(browser, request):
    """A new page in a fresh context (own cookies/storage), closed after the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    console: list[str] = []
    pg.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    pg.dp_console = console  # type: ignore[attr-defined]  # for tests that want it
    try:
        yield pg
    finally:
        rep = getattr(request.node, "_dp_rep_call", None)
        if rep is not None and rep.failed:
            RESULTS_DIR.mkdir(parents=True, exist_ok=True)
            stem = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-120:]
            try:
                pg.screenshot(path=str(RESULTS_DIR / f"{stem}.png"), full_page=True, timeout=10_000)
            except Exception as exc:  # noqa: BLE001 - best effort diagnostics
                console.append(f"(screenshot failed: {exc})")
            (RESULTS_DIR / f"{stem}.console.txt").write_text("\n".join(console), encoding="utf-8")
        context.close()


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict[str, str]:
    """Env for Jupyter processes with throw-away config/data/runtime dirs."""
    return make_jupyter_env(tmp_path_factory.mktemp("jupyter-home"))


@pytest.fixture(scope="session")
def lab_server_factory(browser_available, jupyter_env, tmp_path_factory):
    """``lab_server_factory(root_dir) -> JupyterLabServer``; servers stop at session end.

    A ``root_dir`` inside this worker's temporary folder (``tmp_path_factory.mktemp``) is served by
    the worker's one server for that folder, seen from ``root_dir`` (``JupyterLabServer.inside``):
    a test that writes a notebook of its own does not wait for a server of its own."""
    servers: dict[Path, JupyterLabServer] = {}
    log_dir = tmp_path_factory.mktemp("server-logs", numbered=True)
    served = tmp_path_factory.getbasetemp().resolve()

    def start(root_dir: str | os.PathLike[str] = REPO_ROOT) -> JupyterLabServer:
        root = Path(root_dir).resolve()
        if served in root.parents:
            return start(served).inside(root)
        server = servers.get(root)
        if server is None or not server._process.alive():
            server = servers[root] = start_lab(root, jupyter_env, log_dir)
        return server

    try:
        yield start
    finally:
        stop_all(list(servers.values()))


@pytest.fixture(scope="module")
def lab(lab_server_factory, notebook_dir):
    """JupyterLab with relative paths read from the test module's own ``notebook_dir`` fixture
    (its copies of the notebooks); the kernels the module started are shut down after it.

    One JupyterLab per pytest worker serves the worker's temporary folder, which holds every
    module's ``notebook_dir`` (``tmp_path_factory.mktemp``), and each module sees it from its
    own folder (``JupyterLabServer.inside``): a module no longer waits for a server of its own
    (about 5 s on a quiet machine, 10-20 s on a busy one, eleven modules).  A ``notebook_dir``
    elsewhere gets a server of its own, as before."""
    server = lab_server_factory(notebook_dir)
    yield server
    server.shutdown_kernels()


@pytest.fixture(scope="session")
def lab_server(lab_server_factory) -> JupyterLabServer:
    """JupyterLab serving the repo root: ``.url``, ``.token``, ``.notebook_url(path)``."""
    return lab_server_factory(REPO_ROOT)


@pytest.fixture(scope="session")
def voila_server(browser_available, jupyter_env, tmp_path_factory):
    """``voila_server(notebook_path) -> url``; one server per notebook, stopped at session end."""
    servers: dict[Path, VoilaServer] = {}
    log_dir = tmp_path_factory.mktemp("voila-logs", numbered=True)

    def start(notebook: str | os.PathLike[str]) -> str:
        nb = Path(notebook)
        if not nb.is_absolute():
            nb = REPO_ROOT / nb
        nb = nb.resolve()
        if not nb.is_file():
            raise FileNotFoundError(nb)
        server = servers.get(nb)
        if server is None or not server._process.alive():
            server = servers[nb] = start_voila(nb, jupyter_env, log_dir)
        return server.url

    try:
        yield start
    finally:
        stop_all(list(servers.values()))
