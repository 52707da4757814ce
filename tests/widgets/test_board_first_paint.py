"""A new view of the board is painted once, at its final size (issue 36: under Voila about 60% of
pages showed the board at its design size, 900x740, then redrawn at 614x505 a moment later)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from ipycanvas.canvas import _CANVAS_MANAGER

import dualpowers as dp
from dualpowers.widgets import BoardWidget


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out: list[Any] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: out.append(command))
    return out


def client_ready(w: BoardWidget) -> None:
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])


def test_a_view_whose_width_is_not_known_yet_is_painted_when_it_is(sent):
    async def in_a_kernel() -> None:       # a kernel has an event loop running, as here
        w = BoardWidget(dp.new_game(seed=7))
        drawn = w.redraw_count
        client_ready(w)
        assert w.redraw_count == drawn and (w.width, w.height) == (900, 740)     # no picture at the design size
        w.probe.css_width, w.probe.dpr = 614, 1.0                               # the probe reports the width
        assert w.redraw_count == drawn + 1 and (w.width, w.height) == (614, 505)
        await asyncio.sleep(w.WIDTH_WAIT + 0.2)
        assert w.redraw_count == drawn + 1                                      # painted once
    asyncio.run(in_a_kernel())


def test_a_view_as_wide_as_the_design_is_painted_too(sent):
    async def in_a_kernel() -> None:
        w = BoardWidget(dp.new_game(seed=7))
        drawn = w.redraw_count
        client_ready(w)
        w.probe.css_width, w.probe.dpr = 900, 1.0           # no resize: the view still gets its picture
        assert w.redraw_count == drawn + 1
    asyncio.run(in_a_kernel())


def test_a_view_that_never_says_its_width_is_painted_after_a_wait(sent, monkeypatch):
    monkeypatch.setattr(BoardWidget, "WIDTH_WAIT", 0.1)

    async def in_a_kernel() -> None:
        w = BoardWidget(dp.new_game(seed=7))
        drawn = w.redraw_count
        client_ready(w)
        assert w.redraw_count == drawn
        await asyncio.sleep(0.3)
        assert w.redraw_count == drawn + 1 and w.width == 900
    asyncio.run(in_a_kernel())


def test_a_view_whose_width_is_known_is_painted_at_once(sent):
    async def in_a_kernel() -> None:
        w = BoardWidget(dp.new_game(seed=7))
        w.probe.css_width, w.probe.dpr = 614, 1.0
        drawn = w.redraw_count
        client_ready(w)
        assert w.redraw_count == drawn + 1 and w.width == 614
    asyncio.run(in_a_kernel())
