"""A learner without a browser: what the Voila server does for one page, measured from the
protocol (used by ``benchmarks/classroom.py --learners protocol``).

A learner's browser, once it has the page, costs the server three things: the page's HTML (and
its static files), the kernel's widget state, and the board's first drawing.  This client asks
for the same, in the same order, with nothing rendered:

1. ``GET /`` (Voila runs the notebook now, or hands over a pre-heated kernel that has run it) and
   the scripts and style sheets the HTML names (``--assets``);
2. the kernel's websocket (``/api/kernels/<kernelId>/channels``, the id is in the page's
   configuration), then the widget manager's request for every model's state
   (``jupyter.widget.control``, ``request_states``) as ipywidgets 8's manager sends it;
3. what the board's views say once shown: ipycanvas' ``client_ready`` for the board and its
   click layer, and the view probe's width and pixel ratio (``css_width``, ``dpr``) as a 1280x720
   page reports them; then it waits until the kernel has sent the board's drawing commands
   (ipycanvas' manager switching to the board's canvas) and is idle again: the board is ready.

Each step's time is taken from the moment all learners start.  The board's backing size is read
from the canvas model (its state, then its updates), so a board drawn at one size and then at
another shows as a jump here too.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from datetime import datetime, timezone
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

#: The page's width for the board (CSS px) and its pixel ratio, as the probe reported them in
#: chromium at 1280x720 (benchmarks/classroom.py with real pages: boards of 614x505).
CSS_WIDTH, DPR = 614, 1.0
WIDGET_PROTOCOL = "2.1.0"
CONTROL_PROTOCOL = "1.0.0"
#: Print every message received (to see what a kernel sends a page).
DEBUG = False
#: Seconds between the canvases' client_ready and the probe's width (0: at once, as a page whose
#: scripts are loaded; over BoardWidget.WIDTH_WAIT the board is drawn at its design size first).
WIDTH_LATE = 0.0
#: After the board's first drawing, how long to listen for another at a new size (over BoardWidget.WIDTH_WAIT).
SETTLE = 3.0


@dataclass
class Learner:
    """One simulated learner's times (seconds from the start of all learners) and what it saw."""

    index: int
    html: float | None = None           # the page's HTML fully received
    assets: float | None = None         # its scripts and style sheets received
    assets_bytes: int = 0              # the HTML and the files it names, bytes
    connected: float | None = None      # the kernel's websocket open
    state: float | None = None          # every widget model's state received
    models: int = 0
    board: float | None = None          # the board's drawing received and the kernel idle again
    sizes: list[tuple[int, int]] = field(default_factory=list)   # board backing sizes, in order
    drawn_size: tuple[int, int] | None = None    # its size when its drawing arrived
    redrawn: list[tuple[int, int]] = field(default_factory=list)   # sizes of later drawings at another size
    received: int = 0                   # bytes the kernel's websocket sent until the board was ready
    error: str | None = None


#: The websocket protocol JupyterLab's and Voila's pages speak (jupyter_server's binary "v1").
SUBPROTOCOL = "v1.kernel.websocket.jupyter.org"


def _unpack(frame: bytes) -> tuple[dict[str, Any], list[bytes]]:
    """A kernel message as jupyter_server sends it in the v1 protocol: a count of offsets, the offsets
    (64-bit little-endian), then the channel, header, parent header, metadata, content and buffers."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)] + [len(frame)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(count)]
    channel = parts[0].decode("utf8")
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return ({"channel": channel, "header": header, "msg_type": header.get("msg_type"), "parent_header": parent,
             "metadata": metadata, "content": content}, [bytes(b) for b in parts[5:] if b])


def _message(session: str, channel: str, msg_type: str, content: dict[str, Any],
             metadata: dict[str, Any] | None = None) -> bytes:
    """A message to the kernel in the v1 protocol (no buffers)."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner", "session": session,
              "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"}
    parts = [channel.encode()] + [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
    offsets = [8 * (1 + len(parts) + 1)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), *parts])


def _board_models(states: dict[str, Any]) -> tuple[str | None, list[str], str | None]:
    """The board's canvas, every canvas, and the view probe, by model id."""
    board = probe = None
    canvases = []
    for model_id, model in states.items():
        state = model.get("state", {})
        if model.get("model_name") == "CanvasModel":
            canvases.append(model_id)
            if "dp-board" in state.get("_dom_classes", []):
                board = model_id
        if "css_width" in state and "dpr" in state:
            probe = model_id
    return board, canvases, probe


async def learn(base_url: str, index: int, start: float, assets: bool, timeout: float) -> Learner:
    """One learner opening ``base_url`` at ``start`` (time.monotonic()); never raises."""
    me = Learner(index)
    try:
        await asyncio.wait_for(_learn(base_url, me, start, assets), timeout)
    except asyncio.TimeoutError:
        me.error = f"not ready within {timeout:.0f} s"
    except Exception as error:  # a figure to print, not a test: say what failed and go on
        me.error = f"{type(error).__name__}: {error}"[:200]
    return me


async def _learn(base_url: str, me: Learner, start: float, assets: bool) -> None:
    client = AsyncHTTPClient(force_instance=True, max_clients=32)
    page = await client.fetch(HTTPRequest(base_url, request_timeout=600))
    me.html = time.monotonic() - start
    me.assets_bytes = len(page.body)
    html = page.body.decode("utf8", "replace")
    found = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]+)"', html)
    if not found:
        raise RuntimeError("no kernelId in the page")
    kernel_id = found.group(1)
    if assets:
        names = set(re.findall(r'<script[^>]+src="([^"]+)"', html)) | set(
            re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"', html))
        urls = [urljoin(base_url, n) for n in names if not n.startswith(("http://", "https://", "//"))
                or n.startswith(base_url)]
        bodies = await asyncio.gather(*(client.fetch(u, request_timeout=600, raise_error=False) for u in urls))
        me.assets_bytes += sum(len(b.body or b"") for b in bodies)
        me.assets = time.monotonic() - start
    session = uuid.uuid4().hex
    ws_url = (base_url.replace("http://", "ws://").rstrip("/")
              + f"/api/kernels/{kernel_id}/channels?session_id={session}")
    ws = await websocket_connect(ws_url, max_message_size=1 << 28, subprotocols=[SUBPROTOCOL])
    me.connected = time.monotonic() - start
    try:
        await _widgets(ws, me, start, session)
    finally:
        ws.close()
        client.close()


async def _widgets(ws: Any, me: Learner, start: float, session: str) -> None:
    control = uuid.uuid4().hex
    ws.write_message(_message(session, "shell", "comm_open",
                              {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                              {"version": CONTROL_PROTOCOL}), binary=True)
    ws.write_message(_message(session, "shell", "comm_msg",
                              {"comm_id": control, "data": {"method": "request_states"}},
                              {"version": CONTROL_PROTOCOL}), binary=True)
    board = None
    asked_draw = drawn = False
    settled = 0.0
    while True:
        raw = await ws.read_message()
        if raw is None:
            raise RuntimeError("the kernel's websocket closed")
        if me.board is None:
            me.received += len(raw)
        msg, buffers = _unpack(raw)
        kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        content = msg.get("content", {})
        data = content.get("data", {}) if isinstance(content, dict) else {}
        if DEBUG:
            print(f"{time.monotonic() - start:6.2f}", msg.get("channel"), kind, content.get("execution_state", ""),
                  str(content.get("comm_id", ""))[:8], data.get("method", "") if isinstance(data, dict) else "",
                  len(buffers), buffers[0][:80] if buffers else "",
                  str(content)[:300] if kind in ("stream", "error") else "")
        if kind == "comm_msg" and content.get("comm_id") == control and data.get("method") == "update_states":
            me.state = time.monotonic() - start
            states = data["states"]
            me.models = len(states)
            board, canvases, probe = _board_models(states)
            if board is None or probe is None:
                raise RuntimeError(f"no board in the page's {len(states)} widget models")
            board_state = states[board]["state"]
            me.sizes.append((int(board_state.get("width", 0)), int(board_state.get("height", 0))))
            # what a page says once its views are shown: the canvases are ready, the board this wide
            pending = [_message(session, "shell", "comm_msg", {
                "comm_id": canvas, "data": {"method": "custom", "content": {"event": "client_ready"}}},
                {"version": WIDGET_PROTOCOL}) for canvas in canvases]
            pending.append(_message(session, "shell", "comm_msg", {
                "comm_id": probe, "data": {"method": "update", "state": {"css_width": CSS_WIDTH, "dpr": DPR},
                                           "buffer_paths": []}}, {"version": WIDGET_PROTOCOL}))
            if DEBUG:
                print("canvases", len(canvases), "board", board[:8], "probe", probe[:8])
            for m in pending[:-1]:
                ws.write_message(m, binary=True)
            if WIDTH_LATE:      # a page whose probe reports the width late (a browser busy loading scripts)
                asyncio.get_running_loop().call_later(WIDTH_LATE, ws.write_message, pending[-1], True)
            else:
                ws.write_message(pending[-1], binary=True)
            asked_draw = True
        elif kind == "comm_msg" and board is not None and content.get("comm_id") == board \
                and data.get("method") in ("update", "echo_update"):
            state = data.get("state", {})
            if "width" in state or "height" in state:
                last = me.sizes[-1]
                me.sizes.append((int(state.get("width", last[0])), int(state.get("height", last[1]))))
        elif kind == "comm_msg" and asked_draw and buffers and f"IPY_MODEL_{board}".encode() in buffers[0]:
            # ipycanvas' manager switched to the board's canvas: its drawing follows
            if me.drawn_size is None:
                drawn, me.drawn_size = True, me.sizes[-1]
            elif me.sizes[-1] != me.drawn_size and me.sizes[-1] not in me.redrawn:
                me.redrawn.append(me.sizes[-1])
        elif kind == "status" and drawn and content.get("execution_state") == "idle" and me.board is None:
            me.board = time.monotonic() - start
            settled = time.monotonic() + SETTLE
        if me.board is not None:
            while time.monotonic() < settled:    # a drawing at another size would come by then
                try:
                    raw = await asyncio.wait_for(ws.read_message(), settled - time.monotonic())
                except asyncio.TimeoutError:
                    return
                if raw is None:
                    return
                msg, buffers = _unpack(raw)
                content = msg.get("content", {})
                data = content.get("data", {}) if isinstance(content, dict) else {}
                if content.get("comm_id") == board and data.get("method") in ("update", "echo_update"):
                    last = me.sizes[-1]
                    me.sizes.append((int(data.get("state", {}).get("width", last[0])),
                                     int(data.get("state", {}).get("height", last[1]))))
                elif buffers and f"IPY_MODEL_{board}".encode() in buffers[0] and me.sizes[-1] != me.drawn_size:
                    me.redrawn.append(me.sizes[-1])
            return


async def classroom(base_url: str, learners: int, assets: bool, timeout: float) -> list[Learner]:
    """``learners`` simulated learners opening ``base_url`` at once."""
    start = time.monotonic()
    return list(await asyncio.gather(*(learn(base_url, i, start, assets, timeout) for i in range(learners))))


def run(base_url: str, learners: int, assets: bool = True, timeout: float = 300.0) -> list[Learner]:
    return asyncio.run(classroom(base_url, learners, assets, timeout))
