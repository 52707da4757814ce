"""A classroom on one Voila server: N learners open the same notebook at once (figures to
read, never test assertions).

    python benchmarks/classroom.py --learners protocol --pages 8 --pool 8   # the server alone
    python benchmarks/classroom.py --pages 1 --pool 1 --trace page.json    # one browser, traced
    python benchmarks/classroom.py --pages 8 --pool 8                       # 8 chromium pages here
    python benchmarks/classroom.py --learners mixed --pages 8 --pool 8      # one real page among 8 learners
    python benchmarks/classroom.py --pages 4 --notebook 00_learn.ipynb --pool 4 --warm 60

Starts ``voila NOTEBOOK`` as a teacher does (the package's installed voila.py and page
template; ``--pool N`` adds ``--preheat_kernel=True --pool_size=N``, see docs/classroom.md),
waits for the pool's kernels to have run the notebook (or ``--warm`` seconds without a pool),
then opens the notebook N times at once:

* ``--learners protocol``: N simulated learners without a browser (classroom_protocol.py), each
  one's seconds to its HTML, to every widget's state and to its board ready (the kernel has sent
  the board's drawing), and the size the board was drawn at (a later drawing at another size is
  the jump of issue 36);
* ``--learners chromium`` (the default): N pages in Debian's chromium (1280x720, one browser
  context each), each timing itself: its HTML received, its widgets shown, its board first
  painted, the board's backing size then and at the end, and chromium's account of its work
  (``--trace FILE``: a Chromium trace, summarised by classroom_trace.py);
* ``--learners mixed``: one chromium page and N-1 simulated learners at the same moment: the
  server carries the whole class, and one real page shows what each learner sees end to end;

and the server's memory (Voila and its kernels, RSS) before, at its peak and at the end, and the
CPU time the server (and chromium) used meanwhile.  With chromium every learner's browser runs on
the server's own cores; in a classroom each runs on the learner's computer, which the protocol
learners stand for.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from helpers import CHROMIUM, CHROMIUM_ARGS, _start_on_a_free_port, make_jupyter_env  # noqa: E402


def start_voila(notebook: Path, env: dict[str, str], log_dir: Path, pool: int, cpus: str | None = None):
    """``python -m voila NOTEBOOK`` from the notebook's folder, with a pool of ``pool`` pre-heated kernels
    (on the CPUs ``cpus`` only, as ``taskset -c`` reads them: its kernels inherit them)."""
    def cmd(port: int) -> list[str]:
        return (["taskset", "-c", cpus] if cpus else []) + [
                sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
                "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"] + (
                    [f"--preheat_kernel=True", f"--pool_size={pool}"] if pool else [])
    process, port = _start_on_a_free_port(cmd, env, notebook.parent, log_dir, "voila",
                                          lambda p: f"http://127.0.0.1:{p}/voila/static/", lambda s: s is not None,
                                          "voila")
    return process, f"http://127.0.0.1:{port}/"


def server_mb(pid: int) -> float:
    """Resident memory of the server and every process it started (its kernels), in MB."""
    import psutil
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def cpu_seconds(processes) -> float:
    """CPU time (user + system) used so far by ``processes`` that are still alive."""
    import psutil
    total = 0.0
    for p in processes:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def family(pid: int, name: str | None = None) -> list:
    """The process ``pid`` and all it started (only those whose name holds ``name``, if given)."""
    import psutil

    def named(p) -> bool:
        try:
            return name is None or name in p.name()
        except psutil.Error:            # ended meanwhile
            return False
    root = psutil.Process(pid)
    return [p for p in [root, *root.children(recursive=True)] if named(p)]


def kernels_quiet(pid: int, count: int, window: float = 3.0) -> bool:
    """Whether the server ``pid`` has ``count`` kernels at least and none used 0.02 s of CPU in ``window`` s."""
    import psutil
    kernels = [p for p in family(pid) if p.pid != pid and "ipykernel" in " ".join(_cmdline(p))]
    if len(kernels) < count:
        time.sleep(0.5)
        return False
    before = [cpu_seconds([k]) for k in kernels]
    time.sleep(window)
    return all(cpu_seconds([k]) - b < 0.02 for k, b in zip(kernels, before))


def _cmdline(process) -> list[str]:
    import psutil
    try:
        return process.cmdline()
    except psutil.Error:
        return []


class PeakMemory(threading.Thread):
    """The server's memory, sampled every 0.2 s until stopped; ``peak`` is the largest seen."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self._done = pid, 0.0, threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, server_mb(self.pid))
            self._done.wait(0.2)

    def stop(self) -> float:
        self._done.set()
        self.join()
        return self.peak


def niced_chromium(folder: Path, niceness: int, cpus: str | None = None) -> str:
    """A script that starts chromium at ``niceness`` (its renderers inherit it), on the CPUs ``cpus``
    only if given: on a machine that also runs the server, the server's work then comes first (or
    has cores of its own), as when each learner's browser runs on the learner's own computer."""
    script = folder / "chromium-niced"
    pin = f"taskset -c {cpus} " if cpus else ""
    script.write_text(f'#!/bin/sh\nexec {pin}nice -n {niceness} {CHROMIUM} "$@"\n')
    script.chmod(0o755)
    return str(script)


#: Runs in every page from its start: notes (in epoch milliseconds, as the page's own clock says) when
#: the widgets were shown and when the board's canvas was first painted, and every size it was painted
#: at.  The page times itself, so a benchmark that polls busy pages one by one does not add its own delay.
WATCH = """(() => {
  const w = window.__dpWatch = { shown: null, painted: null, sizes: [] };
  const now = () => performance.timeOrigin + performance.now();
  let last = '';
  const look = () => {
    if (w.shown === null && document.querySelector('.dp-screen')) w.shown = now();
    const c = document.querySelector('canvas.dp-board');
    if (c && c.width) {
      const key = c.width + 'x' + c.height;
      if (key !== last) {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ink = false;
        for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) { ink = true; break; }
        if (ink) { last = key; w.sizes.push([c.width, c.height]); if (w.painted === null) w.painted = now(); }
      }
    }
    setTimeout(look, 25);
  };
  look();
})();"""


def open_at_once(browser, url: str, pages: int, timeout_s: float, settle_s: float, requests: list | None = None,
                 at_start=None):
    """For each page: (seconds to its HTML, to its widgets shown, to a painted board or None, size
    at first paint, size at the end), each time as the page itself took it (:data:`WATCH`), from the
    moment the pages were asked for.  ``requests`` gets each request that finished: (url, type, bytes);
    ``at_start`` is called at that moment (the simulated learners of ``--learners mixed`` start)."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(pages)]
    for c in contexts:
        c.add_init_script(WATCH)
    tabs = [c.new_page() for c in contexts]
    finished: list = []
    if requests is not None:
        for tab in tabs:
            tab.on("requestfinished", lambda request: finished.append(request))
    probes = []             # chromium's own account of each page's work (DevTools' Performance domain)
    for c, tab in zip(contexts, tabs):
        cdp = c.new_cdp_session(tab)
        cdp.send("Performance.enable")
        probes.append(cdp)
    start, start_epoch = time.monotonic(), time.time() * 1000
    if at_start is not None:
        at_start()
    for tab in tabs:
        tab.goto(url, wait_until="commit", timeout=int(timeout_s * 1000))
    seen: dict[int, dict] = {}
    while time.monotonic() - start < timeout_s:
        for i, tab in enumerate(tabs):
            try:
                seen[i] = tab.evaluate("() => window.__dpWatch ? Object.assign({}, window.__dpWatch, {served: "
                                       "(performance.getEntriesByType('navigation')[0] || {}).responseEnd || null, "
                                       "origin: performance.timeOrigin}) : null") or seen.get(i, {})
            except Exception:       # the page is between documents
                pass
        if all(seen.get(i, {}).get("painted") for i in range(pages)):
            break
        time.sleep(0.5)
    time.sleep(settle_s)            # a board redrawn at another size shows by now
    work = []
    for cdp in probes:
        try:
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        except Exception:
            metrics = {}
        work.append(metrics)
    out = []
    for i, tab in enumerate(tabs):
        try:
            seen[i] = tab.evaluate("() => Object.assign({}, window.__dpWatch, {served: "
                                   "(performance.getEntriesByType('navigation')[0] || {}).responseEnd || null, "
                                   "origin: performance.timeOrigin})")
        except Exception:
            pass
        page = seen.get(i) or {}

        def since(epoch_ms):
            return (epoch_ms - start_epoch) / 1000 if epoch_ms else None
        sizes = page.get("sizes") or []
        served = since(page["origin"] + page["served"]) if page.get("served") and page.get("origin") else None
        out.append((served, since(page.get("shown")), since(page.get("painted")),
                    sizes[0] if sizes else None, sizes[-1] if sizes else None))
    for request in finished:
        try:
            size = request.sizes()["responseBodySize"]
        except Exception:
            size = 0
        requests.append((request.url, request.resource_type, size))
    for c in contexts:
        c.close()
    return out, work


def print_protocol(learners, args) -> None:
    """Each simulated learner's times, and their medians."""
    for me in learners:
        def at(t):
            return f"{t:5.1f} s" if t is not None else "    - "
        drawn = " -> ".join(f"{w}x{h}" for w, h in ([me.drawn_size] if me.drawn_size else []) + me.redrawn)
        print(f"  learner {me.index + 1}: HTML {at(me.html)}, static files {at(me.assets)}, widget state "
              f"{at(me.state)} ({me.models} models), board ready {at(me.board)}; board drawn at {drawn or '-'}"
              + (f"; {me.error}" if me.error else ""))
    ready = [me.board for me in learners if me.board is not None]
    if ready:
        jumped = sum(1 for me in learners if me.redrawn)
        print(f"  board ready: {len(ready)} of {len(learners)}; median {statistics.median(ready):.1f} s, last "
              f"{max(ready):.1f} s; {jumped} drawn again at another size")
    html = [me.html for me in learners if me.html is not None]
    if html:
        print(f"  HTML: median {statistics.median(html):.1f} s, last {max(html):.1f} s; per learner: the HTML and the "
              f"files it names {statistics.median(me.assets_bytes for me in learners) / 2**20:.1f} MB, the kernel's "
              f"messages until the board was ready {statistics.median(me.received for me in learners) / 2**20:.1f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="A classroom on one Voila server: N learners open the same notebook at once.")
    parser.add_argument("--pages", type=int, default=8, help="learners opening the notebook at once")
    parser.add_argument("--learners", choices=("chromium", "protocol", "mixed"), default="chromium",
                        help="chromium: real pages on this machine; protocol: simulated learners that speak "
                             "Voila's and the kernel's protocol without a browser (benchmarks/classroom_protocol.py); "
                             "mixed: one chromium page and PAGES-1 simulated learners, all at once (one learner's "
                             "page end to end while the others load the server as their browsers would)")
    parser.add_argument("--pool", type=int, default=0, help="pre-heated kernels (0: Voila's default, none)")
    parser.add_argument("--notebook", default="04_play.ipynb", help="a notebook of notebooks/")
    parser.add_argument("--warm", type=float, default=None,
                        help="seconds to wait after the server starts; with --pool, at most that long for the pool "
                             "to fill (default: 10 + 15 per pooled kernel)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a page may take to paint")
    parser.add_argument("--nice", type=int, default=0, metavar="N",
                        help="run chromium at this niceness (19: the server's processes come first, as when "
                             "the learners' browsers run on their own computers); 0: as any process")
    parser.add_argument("--server-cpus", metavar="LIST",
                        help="run Voila and its kernels on these CPUs only (taskset -c LIST, e.g. 0)")
    parser.add_argument("--browser-cpus", metavar="LIST",
                        help="run chromium on these CPUs only (taskset -c LIST, e.g. 1)")
    parser.add_argument("--trace", metavar="FILE",
                        help="chromium: record a Chromium trace of the pages into FILE (JSON, for chrome://tracing "
                             "or Perfetto) and print where each page's main-thread time went")
    parser.add_argument("--width-late", type=float, default=0.0, metavar="S",
                        help="protocol learners: report the board's width S seconds after its canvas is ready "
                             "(a browser slow to run the view probe's script; over 2 s the board is drawn twice)")
    parser.add_argument("--no-assets", action="store_true",
                        help="protocol learners: do not fetch the scripts and style sheets the page names")
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="dp-classroom-"))
    shutil.copy(ROOT / "notebooks" / args.notebook, folder / args.notebook)
    env = make_jupyter_env(folder / "home")
    warm = args.warm if args.warm is not None else 10 + 15 * args.pool
    load_before = os.getloadavg()
    started = time.monotonic()
    process, url = start_voila(folder / args.notebook, env, folder, args.pool, args.server_cpus)
    try:
        filled = None
        while time.monotonic() - started < warm:
            if args.pool and filled is None and b"is filled with" in process.log_path.read_bytes():
                filled = time.monotonic() - started
            if filled is not None:
                # Voila says "filled" once the kernels are started, before they have run the notebook
                # (a page then waits for its kernel's run to end): wait until every kernel is quiet, each
                # under 0.02 s of CPU in 3 s (the whole server under a tenth of a core was not enough: on a
                # loaded machine a kernel still running the notebook may get no more than that)
                if kernels_quiet(process.proc.pid, args.pool):
                    break
            else:
                time.sleep(0.5)
        quiet = time.monotonic() - started
        idle_mb = server_mb(process.proc.pid)
        opened = time.monotonic() - started
        memory = PeakMemory(process.proc.pid)
        memory.start()
        server_before = cpu_seconds(family(process.proc.pid))
        if args.learners == "protocol":
            import classroom_protocol
            from classroom_protocol import run as run_learners
            classroom_protocol.WIDTH_LATE = args.width_late

            client_before = time.process_time()
            learners = run_learners(url, args.pages, assets=not args.no_assets, timeout=args.timeout)
            client_cpu = time.process_time() - client_before
            server_cpu = cpu_seconds(family(process.proc.pid)) - server_before    # kernels started meanwhile too
            peak_mb = memory.stop()
            after_mb = server_mb(process.proc.pid)
        else:
            from playwright.sync_api import sync_playwright

            others: list = []
            others_cpu: list[float] = []
            if args.learners == "mixed":
                import classroom_protocol
                from classroom_protocol import run as run_learners
                classroom_protocol.WIDTH_LATE = args.width_late

                def the_others() -> None:
                    before = time.thread_time()
                    others.extend(run_learners(url, args.pages - 1, assets=not args.no_assets, timeout=args.timeout))
                    others_cpu.append(time.thread_time() - before)

                crowd = threading.Thread(target=the_others, daemon=True)
            with sync_playwright() as pw:
                executable = (niced_chromium(folder, args.nice, args.browser_cpus)
                              if args.nice or args.browser_cpus else CHROMIUM)
                browser = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
                chromium_before = cpu_seconds(family(os.getpid(), "chrom"))
                requests: list = []
                if args.trace:
                    from classroom_trace import CATEGORIES
                    browser.start_tracing(path=args.trace, categories=CATEGORIES)
                at_start = crowd.start if args.learners == "mixed" else None
                one_or_all = 1 if args.learners == "mixed" else args.pages
                results, work = open_at_once(browser, url, one_or_all, args.timeout, settle_s=3.0, requests=requests,
                                             at_start=at_start)
                if args.learners == "mixed":
                    crowd.join(args.timeout)
                if args.trace:
                    browser.stop_tracing()
                server_cpu = cpu_seconds(family(process.proc.pid)) - server_before
                chromium_cpu = cpu_seconds(family(os.getpid(), "chrom")) - chromium_before
                peak_mb = memory.stop()
                after_mb = server_mb(process.proc.pid)
                browser.close()
        kernels = len(family(process.proc.pid, "python")) - 1
    finally:
        process.stop()
    who = {"protocol": "simulated learners (no browser)", "chromium": "pages in chromium",
           "mixed": "learners (one page in chromium, the others simulated)"}[args.learners]
    print(f"{args.pages} {who} opening {args.notebook} at once, pool of {args.pool} pre-heated kernel(s), "
          f"opened {opened:.0f} s after the server started; {os.cpu_count()} cores, load average before "
          f"{load_before[0]:.1f}, after {os.getloadavg()[0]:.1f}"
          + (f"; chromium at nice {args.nice}" if args.nice else "")
          + (f"; server on CPUs {args.server_cpus}" if args.server_cpus else "")
          + (f"; chromium on CPUs {args.browser_cpus}" if args.browser_cpus and args.learners == "chromium" else ""))
    if args.pool:
        print(f"  the pool of {args.pool}: Voila said it was filled {filled:.0f} s after the server started; "
              f"its kernels had run the notebook (the server quiet) after {quiet:.0f} s" if filled is not None
              else f"  the pool of {args.pool} was not filled within {warm:.0f} s")
    if args.learners == "protocol":
        print_protocol(learners, args)
    else:
        if args.learners == "mixed":
            print_protocol(others, args)
            print("  the page in chromium (its board is what one learner of the class sees):")
        print_pages(results, work, args)
        if args.trace:
            from classroom_trace import print_summary, summarise
            print_summary(summarise(Path(args.trace)), requests)
    print(f"  server memory (Voila + kernels, RSS): {idle_mb:.0f} MB before the pages, peak {peak_mb:.0f} MB, "
          f"{after_mb:.0f} MB at the end ({kernels} kernels); per kernel: see docs/classroom.md")
    if args.learners == "protocol":
        print(f"  CPU while the learners opened the page: server (Voila + kernels) {server_cpu:.1f} s, "
              f"the simulated learners {client_cpu:.1f} s")
    else:
        print(f"  CPU while the pages loaded: server (Voila + kernels) {server_cpu:.1f} s, "
              f"chromium (every page, on this same machine) {chromium_cpu:.1f} s"
              + (f", the simulated learners {others_cpu[0]:.1f} s" if others_cpu else ""))
    return 0


def print_pages(results, work, args) -> None:
    """Each chromium page's times and sizes, their medians, and chromium's account of its work."""
    painted = [r[2] for r in results if r[2] is not None]
    widgets_shown = [r[1] for r in results if r[1] is not None]
    jumped = sum(1 for _, _, _, size, final in results if size and final and size != final)
    for i, (html, widgets_at, seconds, size, final) in enumerate(results):
        where = f"{seconds:5.1f} s" if seconds is not None else " never"
        sizes = f"{size[0]}x{size[1]}" if size else "-"
        if final and final != size:
            sizes += f" -> {final[0]}x{final[1]}"
        sent = f"{html:5.1f} s" if html is not None else "   ? s"
        seen = f"{widgets_at:5.1f} s" if widgets_at is not None else " never"
        print(f"  page {i + 1}: served after {sent}, widgets shown after {seen}, board painted after {where}, "
              f"board {sizes}")
    if painted:
        print(f"  painted: {len(painted)} of {len(results)}; median {statistics.median(painted):.1f} s, "
              f"last {max(painted):.1f} s; {jumped} redrawn at another size")
    if widgets_shown:
        print(f"  widgets shown: median {statistics.median(widgets_shown):.1f} s, last {max(widgets_shown):.1f} s")
    if any(work):
        def median_of(name: str) -> float:
            return statistics.median(w.get(name, 0.0) for w in work)
        print(f"  each page's work in chromium (median, s): scripts {median_of('ScriptDuration'):.2f}, style "
              f"{median_of('RecalcStyleDuration'):.2f}, layout {median_of('LayoutDuration'):.2f}, all tasks "
              f"{median_of('TaskDuration'):.2f}; {median_of('Nodes'):.0f} DOM nodes, "
              f"{median_of('JSHeapUsedSize') / 2**20:.0f} MB of JS heap")


if __name__ == "__main__":
    sys.exit(main())
