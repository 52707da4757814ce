"""Helpers for driving the widgets in Python, as a browser would (no browser needed).

Board clicks are sent the way ipycanvas receives them from the front end: a
``mouse_down`` event with canvas pixel coordinates, computed from the board's
own layout (a region's header, a token's centre).
"""

from __future__ import annotations

import asyncio

import pytest


def _mouse_down(board, x: float, y: float) -> None:
    board.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])


def region_click(board, region: str) -> None:
    lay = board.layout_geometry
    assert lay is not None, "the board shows no state"
    header = lay.regions[region].header
    x, y = lay.to_pixels(header.cx, header.cy)
    assert board.hit_test(x, y) == ("region", region)
    _mouse_down(board, x, y)


def token_click(board, token: str) -> None:
    lay = board.layout_geometry
    assert lay is not None, "the board shows no state"
    slot = lay.all_token_slots(board.state)[token]
    x, y = lay.to_pixels(slot.x, slot.y)
    assert board.hit_test(x, y) == ("token", token)
    _mouse_down(board, x, y)


@pytest.fixture(autouse=True)
def english_notebook():
    """Each test starts and ends with the notebook's language in English (it is one
    setting per kernel, shared by every widget).  The end is tests/conftest.py's, after it
    closes the test's widgets (so none of them is redrawn in English on the way out)."""
    from dualpowers.widgets import language
    language.set("en")
    yield


@pytest.fixture
def click_region():
    return region_click


@pytest.fixture
def click_token():
    return token_click


@pytest.fixture(autouse=True)
def _no_foreign_event_loop():
    """Playwright's sync API (the browser tests, run earlier on the same pytest worker) leaves its
    event loop marked as running in this thread.  A widget test stands either for a script with no
    kernel (nothing runs later) or for a kernel it runs itself (``asyncio.run``): it must not see
    that loop, or a repaint put off until the page says its width waits on a loop that never turns."""
    loop = asyncio._get_running_loop()
    if loop is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
