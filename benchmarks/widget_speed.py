"""How fast the board answers a click in JupyterLab, against a bare ipycanvas redraw measured in
the same run (figures to read, never test assertions).

    python benchmarks/widget_speed.py               # 5 of each interaction
    python benchmarks/widget_speed.py --repeat 11   # steadier medians
    python benchmarks/widget_speed.py --json        # the figures as JSON
    python benchmarks/widget_speed.py --adjacent    # also each click over a bare redraw timed just before it

Starts JupyterLab on a notebook of three cells (a bare canvas with a button, a solo game in
:class:`~dualpowers.widgets.play.PlayWidget`, the course at exercise ``commands-1``), opens it
in Debian's chromium and times, inside the page, from the click (the mouse-down on the canvas,
or a button's click) to the start of the frame that shows the new picture (see :data:`ARM`): a
round trip through the kernel and back to a painted board.

* ``bare redraw``: a button whose handler draws 200 shapes on a canvas in one batch, the
  floor for any click that redraws a board on this machine;
* ``play: select``: a click on a token (on the map or in the reserve) that lights where it may go;
* ``play: complete``: the click on the region that completes the action (the Opposition's
  reply starts being told);
* ``play: reply step``: *Next* on the story (the Opposition's next step on the board);
* ``play: card``: a card of the hand clicked;
* ``course: answer``: a token then a region clicked as an exercise's answer, until the verdict
  is written.

Each figure is the median in milliseconds, as a multiple of the bare redraw (the goal, issue 31:
within 1.5x), with the bytes the kernel sent to the page for it (websocket frames received by the
page from the click until 200 ms of quiet).

    python benchmarks/widget_speed.py --kernel      # the kernel's side alone, without a browser

``--kernel`` plays the same clicks on the same widgets in this process, through the board's own
click path, and prints for each interaction the CPU milliseconds of Python it takes (the goal,
issue 31: at most 10), the messages the widgets send and their size (JSON and binary buffers),
and the board's share of it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from helpers import (CHROMIUM, CHROMIUM_ARGS, make_jupyter_env, open_notebook, run_all_cells,  # noqa: E402
                     start_lab, wait_all_executed, wait_canvas_painted)

SEED = 3
EXERCISE = "commands-1"
CELLS = (
    """\
from ipycanvas import Canvas, hold_canvas
import ipywidgets as widgets

bare = Canvas(width=900, height=740)
bare.add_class("bench-bare")
bare_button = widgets.Button(description="redraw")
bare_button.add_class("bench-bare-redraw")
drawn = [0]


def draw(*_):
    drawn[0] += 1
    with hold_canvas():
        for i in range(200):
            bare.fill_style = "#%02x%02x%02x" % ((i + 40 * drawn[0]) % 256, 255 - i, (60 * drawn[0]) % 256)
            bare.fill_rect((i * 37) % 860, (i * 53) % 700, 40, 30)


bare.on_client_ready(draw)
bare_button.on_click(draw)
widgets.VBox([bare_button, bare])
""",
    f"""\
from dualpowers.widgets.play import PlayWidget
play = PlayWidget(mode="solo", seed={SEED}, player="red", difficulty=1)
play.model.story_step(skip=True)      # the deal's opening story: the clicks timed start at the first decision
play
""",
    f"""\
from dualpowers.widgets.course import CourseWidget
course = CourseWidget()
course.session.go_exercise({EXERCISE!r})
course
""",
)

#: In the page: stamp the time of the next mouse-down on the board (or click a button now) and
#: watch the board's canvases (the board, the click layer over it) for the next picture.
#:
#: ipycanvas draws a batch of commands on a canvas of its own, then copies it with one
#: ``drawImage`` onto each visible canvas; the frame after that copy is the one that shows the
#: new board.  So the figure is the click to the start of that frame (``requestAnimationFrame``),
#: which waits for whatever else keeps the page busy, as the eye would.  The pixels are compared
#: once at the end, so a click that drew the same picture again counts as "never changed".
#: (An earlier version polled every canvas' pixels each millisecond; on two canvases each poll
#: took 4.7 ms of the page's only thread, which then delayed the very messages it was timing.)
ARM = """({canvas, button}) => {
  const box = document.querySelector(canvas).closest('.dp-board-widget') || document.querySelector(canvas);
  const cs = box.tagName === 'CANVAS' ? [box] : [...box.querySelectorAll('canvas')];
  const proto = CanvasRenderingContext2D.prototype;
  if (!proto.__dpCopy) {
    const copy = proto.__dpCopy = proto.drawImage;
    proto.drawImage = function (...args) {
      const r = copy.apply(this, args);
      if (window.__dpT0 !== null && window.__dpShown === null && window.__dpWatched.includes(this.canvas)) {
        window.__dpShown = 0;
        requestAnimationFrame(() => { window.__dpShown = performance.now(); });
      }
      return r;
    };
  }
  window.__dpSig = () => cs.map((k) => {
    const d = new Uint32Array(k.getContext('2d').getImageData(0, 0, k.width, k.height).data.buffer);
    let h = 0;
    for (let i = 0; i < d.length; i += 3) h = (h * 31 + d[i]) | 0;
    return h + ':' + k.width;
  }).join('/');
  window.__dpBefore = window.__dpSig();
  window.__dpWatched = cs;
  window.__dpShown = null;
  window.__dpT0 = null;
  cs[0].addEventListener('mousedown', () => { window.__dpT0 = performance.now(); }, {once: true, capture: true});
  if (button) { window.__dpT0 = performance.now(); document.querySelector(button).click(); }
}"""
#: In the page: wait for the frame that shows the board's next picture; the milliseconds from the
#: click to it, or -1 (no new picture within ``limit``, or the same pixels as before).
WAIT_CHANGE = """async ({limit}) => await new Promise((resolve) => {
  const start = performance.now();
  const check = () => {
    if (window.__dpShown) {
      // a copy may repeat the old picture (the click layer cleared and drawn again the same):
      // wait a little for the batch's other copies before comparing
      setTimeout(() => resolve(window.__dpSig() !== window.__dpBefore ? window.__dpShown - window.__dpT0 : -1), 100);
    } else if (performance.now() - start > limit) resolve(-1);
    else setTimeout(check, 5);
  };
  check();
})"""

#: In the page, before anything loads (``--where``): note each message from the kernel as it arrives
#: (time, bytes, and what it is: ``status:busy``, ``board`` for the canvas' batch, ``panel`` for the
#: other widgets' messages), to say where a click's time goes.
WHERE = r"""(() => {
  const Socket = window.WebSocket, text = new TextDecoder();
  window.__dpArrived = [];
  const kind = (d) => {
    try {
      let header, content;
      if (typeof d === 'string') { const m = JSON.parse(d); header = m.header; content = m.content; }
      else {
        const v = new DataView(d), n = Number(v.getBigUint64(0, true)), at = [];
        for (let i = 0; i < n; i++) at.push(Number(v.getBigUint64(8 * (i + 1), true)));
        at.push(d.byteLength);
        const part = (i) => JSON.parse(text.decode(new Uint8Array(d, at[i], at[i + 1] - at[i])));
        header = part(1); content = part(4);
      }
      if (header.msg_type === 'status') return 'status:' + content.execution_state;
      if (header.msg_type !== 'comm_msg') return header.msg_type;
      const data = content.data || {};
      return data.method === 'custom' && data.content && data.content.shape ? 'board' : 'panel';
    } catch (e) { return '?'; }
  };
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        window.__dpArrived.push([performance.now(), typeof ev.data === 'string' ? ev.data.length : ev.data.byteLength,
                                 kind(ev.data)]);
      });
    }
  };
})();"""

PLAY = ".dp-play canvas.dp-board"
COURSE = ".dp-course canvas.dp-board"


class Frames:
    """Bytes the page receives on its websockets (the kernel's messages)."""

    def __init__(self, page: Any) -> None:
        self.received = 0
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self._add(payload))

    def _add(self, payload: Any) -> None:
        self.received += len(payload.encode() if isinstance(payload, str) else payload)


def settle(page: Any, frames: Frames, quiet_ms: int = 200, limit_ms: int = 5000) -> None:
    """Wait until no frame has come for ``quiet_ms`` (the kernel is done answering)."""
    last, waited = frames.received, 0
    still = 0
    while still < quiet_ms and waited < limit_ms:
        page.wait_for_timeout(50)
        waited += 50
        if frames.received == last:
            still += 50
        else:
            last, still = frames.received, 0


#: With ``--where``: for each click, when the kernel's messages arrived (see :data:`WHERE`).
ARRIVALS: list[dict[str, Any]] = []
#: With ``--adjacent``: for each interaction, each click's time over a bare redraw timed just before it.
ADJACENT: dict[str, list[float]] | None = None


def timed(page: Any, frames: Frames, canvas: str, *, point: tuple[float, float] | None = None,
          button: str | None = None, limit: float = 20_000, what: str = "") -> tuple[float | None, int]:
    """(milliseconds from the click to a changed canvas, or None; bytes received) for one click:
    a real mouse click at ``point`` (backing-store pixels of ``canvas``), or ``button`` clicked.
    With ``--adjacent`` (:data:`ADJACENT`), a bare redraw is timed first, where the page stands
    (nothing scrolls), and the click's time over it is kept."""
    floor = None
    if ADJACENT is not None and not what.startswith("bare"):
        floor = timed(page, frames, "canvas.bench-bare", button="button.bench-bare-redraw", what="bare (adjacent)")[0]
    settle(page, frames)
    start = frames.received
    where = page.evaluate("() => { const on = Array.isArray(window.__dpArrived); "
                          "if (on) window.__dpArrived = []; return on; }")
    if point is not None:
        el = page.locator(canvas).first
        el.scroll_into_view_if_needed()
        width, height = el.evaluate("c => [c.width, c.height]")
        box = el.bounding_box()
        page.evaluate(ARM, {"canvas": canvas, "button": None})
        page.mouse.click(box["x"] + point[0] * box["width"] / width, box["y"] + point[1] * box["height"] / height)
    else:
        page.evaluate(ARM, {"canvas": canvas, "button": button})
    ms = page.evaluate(WAIT_CHANGE, {"limit": limit})
    settle(page, frames)
    if ADJACENT is not None and floor and ms >= 0:
        ADJACENT.setdefault(what, []).append(ms / floor)
    if where:
        got = page.evaluate("() => ({t0: window.__dpT0, arrived: window.__dpArrived})")
        ARRIVALS.append({"what": what, "ms": ms if ms >= 0 else None,
                         "arrived": [(t - got["t0"], n, k) for t, n, k in got["arrived"] if t >= got["t0"]]})
    return (ms if ms >= 0 else None), frames.received - start


def board_point(page: Any, canvas: str, state: Any, kind: str, ident: Any) -> tuple[float, float]:
    """Where a token or a region is on a canvas, in its backing-store pixels."""
    from dualpowers.drawing.layout import layout_for
    width, height = page.locator(canvas).first.evaluate("c => [c.width, c.height]")
    lay = layout_for(state.comp, float(width), float(height))
    if kind == "token":
        slot = lay.all_token_slots(state)[ident]
        return lay.to_pixels(slot.x, slot.y)
    header = lay.regions[ident].header
    return lay.to_pixels(header.cx, header.cy)


def solo_choices(repeat: int) -> Iterator[tuple[str, Any, Any, tuple[Any, ...]]]:
    """The benchmark's solo game (seed SEED, red, difficulty 1), decision by decision, the same in the
    page and in the kernel: ``("card", state, action, ())`` for a card of the hand, ``("button", state,
    action, ())`` for what no click on the board reaches, ``("clicks", state, action, (first, second))``
    for an action picked by two clicks on the board (a move when there is one).  The game goes on with
    that action once the caller has played it; it stops after ``repeat`` clicked actions or at its end."""
    from dualpowers.clicks import ActionPicker
    from dualpowers.controllers.play import GameSession
    from dualpowers.setup import edition_for
    g = GameSession(mode="solo", seed=SEED, player="red", difficulty=1, edition=edition_for("en"))
    moves = 0
    while moves < repeat and not g.state.is_over():
        s = g.state
        legal = g.legal()
        if s.step in ("card", "objective"):
            pick = next((a for a in legal if getattr(a, "card", None) in s.comp.cards
                         and s.comp.cards[a.card].action == "move"), legal[0])
            yield "card", s, pick, ()
        else:
            picker = ActionPicker(s, legal, lists=False)
            clicked = [a for a in legal if len(picker.clicks_for(a)) == 2]
            pick = next((a for a in clicked if type(a).word == "move"), clicked[0] if clicked else None)
            if pick is None:                     # nothing to click twice: a button (pass, inspire ...)
                pick = legal[0]
                yield "button", s, pick, ()
            else:
                yield "clicks", s, pick, tuple(picker.clicks_for(pick))
                moves += 1
        g.apply(pick)


def play_rounds(page: Any, frames: Frames, repeat: int, figures: dict[str, list[Any]],
                verbose: bool = False) -> None:
    """Play the solo game by clicks, as the kernel's PlayWidget has it (same seed, same choices)."""
    for moves, (kind, s, pick, clicks) in enumerate(solo_choices(repeat)):
        if verbose:
            print(f"  [{s.step}] status: {page.locator('.dp-status').first.inner_text()!r}", file=sys.stderr)
        if kind == "card":
            figures["play: card"].append(timed(page, frames, what="play: card", canvas=PLAY,
                                               button=f"button.dp-card-id-{pick.card}"))
            continue
        if kind == "button":
            page.locator("button.dp-choice").first.click()
            settle(page, frames)
            continue
        (k1, i1), (k2, i2) = clicks
        figures["play: select"].append(timed(page, frames, what="play: select", canvas=PLAY,
                                             point=board_point(page, PLAY, s, k1, i1)))
        figures["play: complete"].append(timed(page, frames, what="play: complete", canvas=PLAY,
                                               point=board_point(page, PLAY, s, k2, i2)))
        if verbose:
            print(f"  {pick}: {figures['play: select'][-1]} {figures['play: complete'][-1]} "
                  f"{page.locator('.dp-message').first.inner_text()!r}", file=sys.stderr)
            page.screenshot(path=f"/tmp/speed-{moves}.png")
        nxt = page.locator("button.dp-story-next")
        if nxt.count() and nxt.first.is_visible():
            figures["play: reply step"].append(timed(page, frames, what="play: reply step", canvas=PLAY,
                                                     button="button.dp-story-next"))
        skip = page.locator("button.dp-story-skip")
        if skip.count() and skip.first.is_visible():
            skip.first.click()
        elif nxt.count() and nxt.first.is_visible():
            nxt.first.click()
        settle(page, frames)


def course_answers(page: Any, frames: Frames, repeat: int, figures: dict[str, list[Any]]) -> None:
    """Answer exercise ``commands-1`` (W3 to red: wrong) by clicks, then Try again, ``repeat`` times."""
    import dualpowers.course as course
    state = course.exercise(EXERCISE).position
    for _ in range(repeat):
        figures["course: select"].append(
            timed(page, frames, what="course: select", canvas=COURSE,
                  point=board_point(page, COURSE, state, "token", "W3")))
        figures["course: answer"].append(
            timed(page, frames, what="course: answer", canvas=COURSE,
                  point=board_point(page, COURSE, state, "region", "red")))
        page.locator("button.dp-course-retry").first.click()
        settle(page, frames)


def kernel_clicks(repeat: int) -> dict[str, dict[str, Any]]:
    """The benchmark's clicks played in this process (no browser): for each interaction the median
    CPU ms of Python, messages sent, bytes sent and the board's bytes (its canvas' messages)."""
    import time
    from ipywidgets.widgets.widget import Widget
    from dualpowers.widgets.course import CourseWidget
    from dualpowers.widgets.play import PlayWidget
    import dualpowers.course as course_data

    sent: list[tuple[str, int, float]] = []

    def record(self: Any, msg: Any, buffers: Any = None) -> None:      # what the comm would send
        size = len(json.dumps(msg, default=str)) + sum(len(bytes(b)) for b in (buffers or []))
        sent.append((widget_kind(self), size, time.process_time()))

    figures: dict[str, list[tuple[float, int, int, int, float]]] = {}
    kinds: dict[str, list[dict[str, tuple[int, int]]]] = {}

    def timed(name: str, click: Any) -> None:
        sent.clear()
        start = time.process_time()
        click()
        ms = (time.process_time() - start) * 1000
        board = sum(size for kind, size, _t in sent if kind == "board")
        # the Python before the board's message leaves (the page can paint nothing sooner)
        first = next((t for kind, _size, t in sent if kind == "board"), None)
        before = (first - start) * 1000 if first is not None else float("nan")
        figures.setdefault(name, []).append((ms, len(sent), sum(size for _k, size, _t in sent), board, before))
        per: dict[str, tuple[int, int]] = {}
        for kind, size, _t in sent:
            n, b = per.get(kind, (0, 0))
            per[kind] = (n + 1, b + size)
        kinds.setdefault(name, []).append(per)

    real = Widget._send
    Widget._send = record
    try:
        play = PlayWidget(mode="solo", seed=SEED, player="red", difficulty=1)
        play.model.story_step(skip=True)
        course = CourseWidget()
        course.session.go_exercise(EXERCISE)
        for widget in (play, course):     # as the benchmark's page shows them (1440x900)
            widget.board.probe.dpr = 1.0
            widget.board.probe.css_width = 724.0
        for kind, _s, pick, clicks in solo_choices(repeat):
            if kind == "card":
                timed("play: card", lambda: play.click("card", pick.card))
            elif kind == "button":
                play.model.play(pick)
            else:
                first, second = clicks
                timed("play: select", lambda: play.board._pick(first))
                timed("play: complete", lambda: play.board._pick(second))
                if play.model.story_at is not None:
                    timed("play: reply step", lambda: play.story_next.click())
                    play.model.story_step(skip=True)
        assert course_data.exercise(EXERCISE).position is not None
        for _ in range(repeat):
            timed("course: select", lambda: course.board._pick(("token", "W3")))
            timed("course: answer", lambda: course.board._pick(("region", "red")))
            course.retry_button.click()
    finally:
        Widget._send = real
    def by_kind(rows: list[dict[str, tuple[int, int]]]) -> dict[str, tuple[float, float]]:
        names = sorted({k for row in rows for k in row})
        return {k: (statistics.mean(row.get(k, (0, 0))[0] for row in rows),
                    statistics.mean(row.get(k, (0, 0))[1] for row in rows)) for k in names}

    return {name: {"python_ms": statistics.median(v[0] for v in values),
                   "python_before_board_ms": median_or_none([v[4] for v in values if v[4] == v[4]]),
                   "messages": statistics.median(v[1] for v in values),
                   "bytes": statistics.median(v[2] for v in values),
                   "board_bytes": statistics.median(v[3] for v in values), "n": len(values),
                   "by_widget": by_kind(kinds[name])}
            for name, values in figures.items()}


def median_or_none(values: list[float]) -> float | None:
    """The median, or None when there is nothing (a click that sent no picture)."""
    return float(statistics.median(values)) if values else None


def widget_kind(widget: Any) -> str:
    """What a message is for, by the widget that sends it: the board's picture ("board"), else the
    widget's class and its first ``dp-`` CSS class (a layout or a style: "Layout")."""
    name = type(widget).__name__
    if name == "_CanvasManager":
        return "board"
    mark = next((c for c in getattr(widget, "_dom_classes", ()) if c.startswith("dp-")), "")
    return f"{name} {mark}".strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="interactions of each kind (the median is printed)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--verbose", action="store_true", help="say each step of the game played")
    parser.add_argument("--kernel", action="store_true",
                        help="the kernel's side alone, in this process: Python ms, messages and bytes per click")
    parser.add_argument("--where", action="store_true",
                        help="in the page, when the kernel's messages arrive: where each click's time goes")
    parser.add_argument("--by-widget", action="store_true",
                        help="with --kernel: each click's messages and KB by the widget that sends them (mean)")
    parser.add_argument("--adjacent", action="store_true",
                        help="also time a bare redraw just before each click, and print the median of each click's "
                             "time over it (steadier than one floor for the whole run when the load changes)")
    args = parser.parse_args(argv)
    global ADJACENT
    ADJACENT = {} if args.adjacent else None

    if args.kernel:
        got = kernel_clicks(args.repeat)
        if args.json:
            print(json.dumps(got, indent=1))
            return 0
        print("The kernel's side of each click, in this process (median CPU ms of Python, of it before the "
              "board's message; messages; KB sent, of it the board's)")
        for name, f in got.items():
            before = f["python_before_board_ms"]
            before_text = "  -  " if before is None else f"{before:4.1f}"
            print(f"  {name:18} {f['python_ms']:6.1f} ms (before the board {before_text})"
                  f"  {f['messages']:4.0f} messages  {f['bytes'] / 1000:6.1f} KB"
                  f"  (board {f['board_bytes'] / 1000:5.1f} KB)   n={f['n']}")
            if args.by_widget:
                for kind, (n, b) in sorted(f["by_widget"].items(), key=lambda kv: -kv[1][1]):
                    print(f"      {n:4.1f} x {b / 1000:6.2f} KB  {kind}")
        return 0

    import nbformat
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="dp-widget-speed-"))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "speed.ipynb")
    env = make_jupyter_env(folder / "home")
    lab = start_lab(folder, env, folder)
    figures: dict[str, list[Any]] = {k: [] for k in ("bare redraw", "play: select", "play: complete",
                                                      "play: reply step", "play: card", "course: select",
                                                      "course: answer")}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            if args.where:
                page.add_init_script(WHERE)
            frames = Frames(page)
            open_notebook(page, lab, "speed.ipynb")
            run_all_cells(page)
            wait_all_executed(page, timeout=180_000)
            for sel in ("canvas.bench-bare", PLAY, COURSE):
                wait_canvas_painted(page, sel, timeout=60_000)
            page.wait_for_timeout(1500)      # the boards' resize to the page, then quiet
            for _ in range(args.repeat + 1):
                figures["bare redraw"].append(timed(page, frames, what="bare redraw", canvas="canvas.bench-bare",
                                                    button="button.bench-bare-redraw"))
            figures["bare redraw"] = figures["bare redraw"][1:]      # the first warms up
            play_rounds(page, frames, args.repeat, figures, args.verbose)
            course_answers(page, frames, args.repeat, figures)
            for _ in range(args.repeat):                              # the floor again, after
                figures["bare redraw"].append(timed(page, frames, what="bare redraw", canvas="canvas.bench-bare",
                                                    button="button.bench-bare-redraw"))
            browser.close()
    finally:
        lab.stop()

    def med(values: list[Any], i: int) -> float | None:
        got = [v[i] for v in values if v[i] is not None]
        return float(statistics.median(got)) if got else None

    floor = med(figures["bare redraw"], 0)
    out = {name: {"median_ms": med(v, 0), "median_bytes": med(v, 1), "n": len(v),
                  "times_floor": (med(v, 0) / floor) if floor and med(v, 0) is not None else None,
                  "missed": sum(1 for t, _b in v if t is None),
                  "times_adjacent_floor": (float(statistics.median(ADJACENT[name]))
                                           if ADJACENT and ADJACENT.get(name) else None)}
           for name, v in figures.items()}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print("A click to a painted canvas in JupyterLab + chromium (median ms; x the bare redraw; KB the kernel sent)")
    for name, f in out.items():
        ms = "   -  " if f["median_ms"] is None else f"{f['median_ms']:6.1f}"
        x = "" if f["times_floor"] is None else f"  x{f['times_floor']:4.2f}"
        kb = "" if f["median_bytes"] is None else f"  {f['median_bytes'] / 1000:6.1f} KB"
        missed = f"  ({f['missed']} never changed the canvas)" if f["missed"] else ""
        adjacent = "" if f["times_adjacent_floor"] is None else f"  (x{f['times_adjacent_floor']:4.2f} the bare redraw before it)"
        print(f"  {name:18} {ms} ms{x}{kb}   n={f['n']}{missed}{adjacent}")
    if args.where:
        print_where(ARRIVALS)
    return 0


def print_where(arrivals: list[dict[str, Any]]) -> None:
    """Where each click's time goes, from when the kernel's messages reached the page (medians, ms
    after the click): the kernel says it is busy (the click reached it), the board's message
    arrives (the kernel's Python before it, and the way back), the frame that shows it, the
    kernel's last message (the panel's words and menus, after the board); the panel's messages
    the page handled before the frame, and before the board's message (a screen's widget sends
    the board first: the page draws it before it lays out the panel's changes)."""
    rows: dict[str, list[tuple[float, float, float, float, int, int]]] = {}
    for a in arrivals:
        got = a["arrived"]
        busy = next((t for t, _n, k in got if k == "status:busy"), None)
        board = next((t for t, _n, k in got if k == "board"), None)
        last = max((t for t, _n, k in got if k in ("board", "panel")), default=None)
        if a["ms"] is None or busy is None or board is None or last is None:
            continue
        before = sum(1 for t, _n, k in got if k == "panel" and t <= a["ms"])
        ahead = sum(1 for t, _n, k in got if k == "panel" and t < board)
        rows.setdefault(a["what"], []).append((busy, board, float(a["ms"]), last, before, ahead))
    print("Where the time goes (median ms after the click): the kernel busy / the board's message in / "
          "the frame / the last message in; panel messages in before the frame, before the board's message")
    for name, r in rows.items():
        med = [statistics.median(x[i] for x in r) for i in range(6)]
        print(f"  {name:18} {med[0]:6.1f} {med[1]:6.1f} {med[2]:6.1f} {med[3]:6.1f}   {med[4]:4.1f}  {med[5]:4.1f}"
              f"   n={len(r)}")


if __name__ == "__main__":
    sys.exit(main())
