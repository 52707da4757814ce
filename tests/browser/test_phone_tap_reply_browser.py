"""Issue 33 (QA6, item 6), on a phone: the answer to a tap on play's board is in the window.

On a 390x844 phone (Voila, touch emulated) the panel stands under the board, and the reply to a
tap (a refusal, or what the next tap should be: "Chosen: W8. Tap a lit region.") came at about
y=955, out of sight.  Here a solo game (seed 7, white, difficulty 3, the Opposition's first turn
skipped) has its card purple-2 tapped, then the board: the lone neutral N4 in green, which is
refused, and a lit unit of the reserve, W1, which asks for a region.  After each tap, with
nothing scrolled by the test, the refusal, then the prompt, must be wholly in the window.
"""

from __future__ import annotations

import shutil

import pytest

from dualpowers.drawing.board import REGION_COLOURS
from helpers import REPO_ROOT, board_spot, wait_canvas_painted, wait_until, write_code_notebook

pytestmark = pytest.mark.browser

BOARD = "canvas.dp-board"
OUT = REPO_ROOT / "test-output"

CODE = '''
from dualpowers.widgets.play import PlayWidget
play = PlayWidget(mode="solo", seed=7, player="white", difficulty=3)
play.model.story_step(skip=True)
play
'''

WHERE = """(sel) => {
  const e = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null && e.innerText.trim());
  if (!e) return null;
  const b = e.getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, height: window.innerHeight, text: e.innerText.trim()};
}"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-phone-tap")
    write_code_notebook(folder / "tap_reply.ipynb", "A tap's reply", CODE)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _strip(region: str) -> str:
    """The colour of a region's card strip: its header's, or its outline's where that is white."""
    strong, _body, _text, outline = REGION_COLOURS[region]
    return outline if strong.lower() in ("#ffffff", "#fff") else strong


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))


def _state():
    from dualpowers.controllers import GameSession
    from dualpowers.screens.play import PlaySession

    p = PlaySession(GameSession(mode="solo", seed=7, player="white", difficulty=3))
    p.story_step(skip=True)
    p.click("card", "purple-2")
    return p.game.state


def _tap_token(page, state, token: str) -> None:
    canvas, x, y = board_spot(page, lambda lay: (lay.all_token_slots(state)[token].x,
                                                 lay.all_token_slots(state)[token].y), BOARD)
    box = canvas.bounding_box()
    page.touchscreen.tap(box["x"] + x, box["y"] + y)


def _in_window(page, selector: str, what: str, wanted: str) -> None:
    wait_until(lambda: (lambda b: b is not None and wanted in b["text"])(page.evaluate(WHERE, selector)),
               timeout=20_000, message=lambda: f"no {what}: {page.evaluate(WHERE, selector)!r}")
    page.wait_for_timeout(800)            # the scroll, if any, has happened: the test scrolls nothing
    b = page.evaluate(WHERE, selector)
    assert b["top"] >= -1 and b["bottom"] <= b["height"] + 1, (
        f"the {what} {b['text'][:70]!r} is at {b['top']:.0f} to {b['bottom']:.0f} CSS px, the window 0 to {b['height']}")


def test_the_reply_to_a_tap_on_the_board_is_in_the_window(browser, voila_server, notebook_dir):
    state = _state()
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(voila_server(notebook_dir / "tap_reply.ipynb"), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        OUT.mkdir(exist_ok=True)
        # each card's strip in its region's colour (a more specific rule of the card's had greyed them all)
        strips = page.evaluate("() => [...document.querySelectorAll('button.dp-hand-card')].map("
                               "b => [b.className, getComputedStyle(b).borderTopColor])")
        for classes, colour in strips:
            region = next((c[len("dp-card-"):] for c in classes.split() if c[len("dp-card-"):] in REGION_COLOURS), None)
            if region is not None:
                assert colour == _rgb(_strip(region)), f"the {region} card's strip is {colour}"
        assert any(c == _rgb(_strip("purple")) for _k, c in strips), strips
        page.locator("button.dp-hand-card", has_text="purple-2").first.tap()
        wait_until(lambda: "Tap" in (page.evaluate(WHERE, ".dp-prompt") or {}).get("text", ""), timeout=20_000,
                   message="the card was not taken")
        # the card played, the next taps are on the board: its top comes into the window by itself
        # (the hand is under it on a phone), with the prompt under it still in sight
        top = lambda: page.evaluate("() => document.querySelector('canvas.dp-board').getBoundingClientRect().top")  # noqa: E731
        wait_until(lambda: 0 <= top() < 60, timeout=10_000,
                   message=lambda: f"the board's top stays at {top():.0f} CSS px after the card")
        _in_window(page, ".dp-prompt", "prompt", "Tap")
        page.screenshot(path=str(OUT / "phone-card-played.png"))
        _tap_token(page, state, "N4")
        _in_window(page, ".dp-message", "refusal", "R-NEU-1")
        page.screenshot(path=str(OUT / "phone-tap-refused.png"))
        page.evaluate("() => document.querySelector('canvas.dp-board').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        _tap_token(page, state, "W1")
        _in_window(page, ".dp-prompt", "prompt", "region")
        page.screenshot(path=str(OUT / "phone-tap-prompt.png"))
        # W1 recruited into purple: the Opposition's turn is told; skipped, the player's cards are
        # the next taps and come into the window by themselves (they were below it)
        page.evaluate("() => document.querySelector('canvas.dp-board').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        canvas, x, y = board_spot(page, lambda lay: (lay.regions["purple"].header.cx, lay.regions["purple"].header.cy),
                                  BOARD)
        box = canvas.bounding_box()
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
        skip = page.locator("button.dp-story-skip").first
        wait_until(skip.is_visible, timeout=30_000, message="the Opposition's turn is not told")
        skip.tap()
        _in_window(page, ".dp-hand-cards", "hand", "")
        page.screenshot(path=str(OUT / "phone-your-turn.png"))
    finally:
        context.close()
