"""``make lab`` as the README gives it: it opens the course, and it stops when asked.

Each test starts ``make lab`` in a terminal of its own (a pseudo-terminal and a session of
its own), as a person types it, with the environment the test suite runs in (``VENV``: the
install step is marked done, ``make -o``, since ``make test`` installed a superset).  A
person stops it with Ctrl+C, which the terminal sends as SIGINT to the whole foreground
process group; a supervisor (``timeout``, an IDE) sends SIGTERM to make alone.  Either way
no JupyterLab and no kernel may be left running.
"""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import urllib.parse
from pathlib import Path

import psutil
import pytest

from helpers import REPO_ROOT, free_port, wait_kernel_ready, wait_until

URL = re.compile(rb"(http://127\.0\.0\.1:\d+/lab/tree/(\S+?)\?token=\w+)")


def _as_a_shell_starts_it() -> None:
    """Signals at their defaults, as a shell starts a command: a test worker (pytest-xdist)
    may ignore SIGINT or SIGTERM, and a child would inherit that."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


class Terminal:
    """``make lab`` in a pseudo-terminal: read what it prints, send it signals."""

    def __init__(self, env: dict[str, str], port: int) -> None:
        venv = Path(sys.prefix)
        master, slave = pty.openpty()
        self.master = master
        self.output = b""
        self.proc = subprocess.Popen(
            ["make", "--no-print-directory", "-o", str(venv / ".stamp-install-lab"), "lab", f"VENV={venv}",
             f"LAB_ARGS=--port={port} --ServerApp.port_retries=0 --ServerApp.ip=127.0.0.1"],
            cwd=REPO_ROOT, env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
            preexec_fn=_as_a_shell_starts_it)
        os.close(slave)

    def read(self) -> bytes:
        while select.select([self.master], [], [], 0.1)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:         # every process on the terminal has ended
                break
            if not chunk:
                break
            self.output += chunk
        return self.output

    def url(self) -> tuple[str, str]:
        found = wait_until(lambda: URL.search(self.read()), timeout=120_000,
                           message=lambda: "make lab printed no URL:\n" + self.output.decode(errors="replace"))
        return found.group(1).decode(), found.group(2).decode()

    def close(self) -> None:
        for p in psutil.Process(self.proc.pid).children(recursive=True) if self.proc.poll() is None else ():
            p.kill()
        if self.proc.poll() is None:
            self.proc.kill()
        os.close(self.master)


def _accepts(port: int) -> bool:
    """Whether something accepts a TCP connection on 127.0.0.1:``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def _alive(processes: list[psutil.Process]) -> list[str]:
    out = []
    for p in processes:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(" ".join(p.cmdline())[:120])
        except psutil.NoSuchProcess:
            pass
    return out


@pytest.fixture
def terminal(browser_available, jupyter_env):
    # BROWSER: the web browser JupyterLab opens is a no-op here; the test opens chromium itself.
    checkpoints = REPO_ROOT / "notebooks" / ".ipynb_checkpoints"
    had_checkpoints = checkpoints.exists()
    term = Terminal(dict(jupyter_env, BROWSER="true"), free_port())
    yield term
    term.close()
    if not had_checkpoints:         # JupyterLab keeps a checkpoint of a notebook it opens
        shutil.rmtree(checkpoints, ignore_errors=True)


def _open_course(page, terminal) -> list[psutil.Process]:
    """Open the URL make lab printed; check it is the course and that its kernel runs;
    return make's processes (make, JupyterLab, the kernel)."""
    url, path = terminal.url()
    assert path == "notebooks/00_learn.ipynb", f"make lab opens {path}, not the course"
    # Once it printed its URL the server listens; a refused connection (seen once under a full
    # suite's load) then says whether it is still running, and what it printed.
    port = int(urllib.parse.urlsplit(url).port or 80)
    wait_until(lambda: _accepts(port), timeout=60_000,
               message=lambda: (f"nothing accepts connections on port {port} after make lab printed {url}; "
                                f"still running: {_alive([psutil.Process(terminal.proc.pid)])}\n"
                                + terminal.read().decode(errors="replace")[-3000:]))
    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    # JupyterLab names the current document in the window's title: "00_learn.ipynb - JupyterLab"
    wait_until(lambda: page.title().startswith("00_learn.ipynb"), timeout=90_000,
               message=lambda: f"JupyterLab did not open the course's notebook (title {page.title()!r})")
    wait_kernel_ready(page, timeout=90_000)
    make = psutil.Process(terminal.proc.pid)
    assert any("ipykernel" in " ".join(p.cmdline()) for p in make.children(recursive=True)), "no kernel"
    return [make, *make.children(recursive=True)]


def test_make_lab_opens_the_course_and_one_ctrl_c_stops_everything(page, terminal):
    processes = _open_course(page, terminal)
    os.killpg(terminal.proc.pid, signal.SIGINT)          # what the terminal does on Ctrl+C
    wait_until(lambda: not _alive(processes), timeout=30_000,
               message=lambda: f"still running after Ctrl+C: {_alive(processes)}\n"
                               + terminal.read().decode(errors="replace")[-2000:])


def test_make_lab_ends_with_make(page, terminal):
    """SIGTERM to make alone (as ``timeout make lab`` sends it): make ends at once, and
    JupyterLab and its kernel end with it."""
    processes = _open_course(page, terminal)
    terminal.proc.send_signal(signal.SIGTERM)
    wait_until(lambda: not _alive(processes), timeout=30_000,
               message=lambda: f"still running after SIGTERM to make: {_alive(processes)}")
