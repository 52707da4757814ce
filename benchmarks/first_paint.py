"""First paint of each notebook as a Voila app, against a bare canvas notebook (figures to
read, never test assertions).

    python benchmarks/first_paint.py                 # each notebook once, in turn
    python benchmarks/first_paint.py --repeat 3      # steadier (the median of 3)
    python benchmarks/first_paint.py --pages 8 --notebook 04_play.ipynb   # 8 pages at once
    python benchmarks/first_paint.py --notebook 00_learn.ipynb --notebook 01_tutorial.ipynb

Starts ``voila NOTEBOOK`` as a user does (the package's installed voila.py and page template),
opens the page in Debian's chromium at 1280x720 and times the moment the page was asked for
to the moment its canvas holds a painted pixel.  The bare notebook draws 200 shapes on an
ipycanvas and nothing else: the floor for a kernel, Voila and a canvas on this machine, so
each notebook's figure is also printed as a multiple of it (the goal: at most 1.3), round by round
(``--repeat``): the bare notebook, then each notebook, so the load of the moment counts in both.
With ``--pages N`` it opens N pages of one notebook at once and prints each page's time
(every page must paint).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from helpers import CHROMIUM, CHROMIUM_ARGS, make_jupyter_env, start_voila  # noqa: E402

NOTEBOOKS = ("00_learn.ipynb", "01_tutorial.ipynb", "02_analyzer.ipynb", "03_opposition.ipynb",
             "04_play.ipynb", "05_advisor.ipynb")
BARE = "bare_canvas.ipynb"
BARE_CODE = """\
from ipycanvas import Canvas, hold_canvas

canvas = Canvas(width=900, height=740)
canvas.add_class("dp-board")


def draw(*_):
    with hold_canvas(canvas):
        for i in range(200):
            canvas.fill_style = "#%02x%02x%02x" % (i, 255 - i, 128)
            canvas.fill_rect((i * 37) % 860, (i * 53) % 700, 40, 30)


canvas.on_client_ready(draw)
canvas
"""
PAINTED = """(sel) => { const c = document.querySelector(sel); if (!c || !c.width) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return true; return false; }"""


def bare_notebook(folder: Path) -> Path:
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE_CODE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / BARE)
    return folder / BARE


def paint_times(browser, url: str, pages: int, timeout_s: float) -> list[float | None]:
    """Seconds from asking for the page to a painted board, for ``pages`` pages opened at once."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(pages)]
    tabs = [c.new_page() for c in contexts]
    start = time.monotonic()
    for tab in tabs:
        tab.goto(url, wait_until="commit", timeout=int(timeout_s * 1000))
    done: dict[int, float] = {}
    while len(done) < pages and time.monotonic() - start < timeout_s:
        for i, tab in enumerate(tabs):
            if i not in done:
                try:
                    if tab.evaluate(PAINTED, "canvas.dp-board"):
                        done[i] = time.monotonic() - start
                except Exception:       # the page is still loading
                    pass
        time.sleep(0.05)
    for c in contexts:
        c.close()
    return [done.get(i) for i in range(pages)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="loads of each notebook (the median is printed)")
    parser.add_argument("--pages", type=int, default=1, help="pages of one notebook opened at once")
    parser.add_argument("--notebook", choices=NOTEBOOKS, action="append",
                        help="only this notebook (and the bare one); may be given more than once")
    parser.add_argument("--timeout", type=float, default=420.0, help="seconds a page may take to paint")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="dp-first-paint-"))
    import shutil
    names = list(args.notebook) if args.notebook else list(NOTEBOOKS)
    for name in names:
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    bare = bare_notebook(folder)
    env = make_jupyter_env(folder / "home")
    figures: dict[str, list[float | None]] = {path.name: [] for path in [bare, *(folder / n for n in names)]}
    ratios: dict[str, list[float]] = {n: [] for n in names}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        # Round by round, the bare notebook first and then each notebook once: a change of the
        # machine's load during the run then moves the floor and the figures of one round alike,
        # and each notebook's multiple is the median of its rounds' own multiples.
        for _ in range(args.repeat):
            floor_now: float | None = None
            for path in [bare, *(folder / n for n in names)]:
                server = start_voila(path, env, folder)     # a fresh server: nothing warm from the last load
                try:
                    times = paint_times(browser, server.url, args.pages, args.timeout)
                finally:
                    server.stop()
                figures[path.name] += times
                painted = [t for t in times if t is not None]
                if path == bare:
                    floor_now = statistics.median(painted) if painted else None
                elif floor_now and painted:
                    ratios[path.name].append(statistics.median(painted) / floor_now)
        browser.close()
    floor = statistics.median(t for t in figures[BARE] if t is not None)
    print(f"first paint in Voila, {args.pages} page(s) at once, {args.repeat} round(s) (seconds; the multiple "
          "is the median over rounds of the notebook's time over the bare canvas's in the same round):")
    for name, times in figures.items():
        painted = [t for t in times if t is not None]
        missing = len(times) - len(painted)
        median = statistics.median(painted) if painted else float("nan")
        multiple = 1.0 if name == BARE else (statistics.median(ratios[name]) if ratios[name] else float("nan"))
        each = ", ".join(f"{t:.1f}" for t in painted)
        print(f"  {name:22} median {median:5.1f} s  x{multiple:4.2f} of the bare canvas"
              f"   [{each}]" + (f"  {missing} never painted" if missing else ""))
    print(f"  (bare canvas median {floor:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
