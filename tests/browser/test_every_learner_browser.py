"""Issue 32: every learner can use it, in Voila as a learner opens it.

* a finger on a phone (390x844) and on a tablet (820x1180), touch emulated: a course exercise
  answered by taps on the board, and an action of a solo game finished by taps;
* a swipe that starts on the board scrolls the page;
* the phone's page is never wider than the phone.

Screenshots for a person to look at go to ``test-output/``.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import REPO_ROOT, wait_canvas_painted, wait_until, write_unrun_copy

pytestmark = pytest.mark.browser

COURSE = REPO_ROOT / "notebooks" / "00_learn.ipynb"
PLAY = REPO_ROOT / "notebooks" / "04_play.ipynb"
BOARD = "canvas.dp-board"
OVERLAY = "canvas.dp-board-overlay"
OUT = REPO_ROOT / "test-output"
EXERCISE = "commands-1"      # white has played purple-4: make white stronger in purple
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
DEVICES = {"phone": (PHONE, 3), "tablet": (TABLET, 2)}


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-every-learner")
    write_unrun_copy(COURSE, folder)
    write_unrun_copy(PLAY, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _touch_page(browser, device: str):
    viewport, scale = DEVICES[device]
    context = browser.new_context(viewport=viewport, device_scale_factor=scale, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    return context, context.new_page()


def _open(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=120_000)
    wait_canvas_painted(page, BOARD, timeout=120_000)
    page.wait_for_timeout(800)


def _tap_board(page, design_xy) -> None:
    """A finger's tap on the board at a point of the design (``design_xy(layout)``)."""
    from dualpowers.components import default_components
    from dualpowers.drawing.layout import layout_for

    canvas = page.locator(BOARD).first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    lay = layout_for(default_components(), float(width), float(height))
    x, y = lay.to_pixels(*design_xy(lay))
    page.touchscreen.tap(box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height)


def _tap_token(page, state, token: str) -> None:
    slot = None

    def at(lay):
        nonlocal slot
        slot = lay.all_token_slots(state)[token]
        return slot.x, slot.y
    _tap_board(page, at)


def _tap_region(page, region: str) -> None:
    _tap_board(page, lambda lay: (lay.regions[region].header.cx, lay.regions[region].header.cy))


def _text(page, css_class: str) -> str:
    el = page.locator(f".{css_class}").first
    el.wait_for(state="attached", timeout=15_000)
    return (el.inner_text() or "").strip()


def _overflow(page) -> int:
    """How far the page reaches past the window's right edge (CSS px)."""
    return page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
                         " - window.innerWidth")


#: The centres of what the click layer lights (connected glowing pixels of the overlay canvas), in CSS px of the page.
LIT_SPOTS = """(c) => {
  const w = c.width, h = c.height, step = 3;
  const d = c.getContext('2d').getImageData(0, 0, w, h).data;
  const gw = Math.ceil(w / step), gh = Math.ceil(h / step);
  const on = new Uint8Array(gw * gh), seen = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) for (let gx = 0; gx < gw; gx++)
    on[gy * gw + gx] = d[((gy * step) * w + gx * step) * 4 + 3] > 40 ? 1 : 0;
  const r = c.getBoundingClientRect(), spots = [];
  for (let i = 0; i < on.length; i++) {
    if (!on[i] || seen[i]) continue;
    let x0 = 1e9, y0 = 1e9, x1 = -1, y1 = -1, n = 0; const todo = [i]; seen[i] = 1;
    while (todo.length) {
      const k = todo.pop(), x = k % gw, y = (k - x) / gw; n++;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nx = x + dx, ny = y + dy, m = ny * gw + nx;
        if (nx >= 0 && ny >= 0 && nx < gw && ny < gh && on[m] && !seen[m]) { seen[m] = 1; todo.push(m); }
      }
    }
    if (n < 4) continue;
    const cx = (x0 + x1) / 2 * step, cy = (y0 + y1) / 2 * step;
    spots.push({ x: r.left + cx * r.width / w, y: r.top + cy * r.height / h, size: (x1 - x0) * (y1 - y0) });
  }
  return spots; }"""


# ---------------------------------------------------------------------------- a finger
@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_a_course_exercise_answered_by_taps(browser, voila_server, notebook_dir, device):
    import dualpowers.course as course
    state = course.exercise(EXERCISE).position
    chapter = course.chapter("commands")
    index = [c.id for c in course.chapters()].index("commands")
    context, page = _touch_page(browser, device)
    try:
        _open(page, voila_server(notebook_dir / COURSE.name))
        assert _overflow(page) <= 0, f"the {device}'s page is {_overflow(page)} px too wide"
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"touch-course-start-{device}.png"))
        before = _text(page, "dp-course-text")
        page.locator("button.dp-course-chapter").nth(index).tap()
        wait_until(lambda: _text(page, "dp-course-text") != before, timeout=20_000, message="the chapter did not open")
        for _ in range(len(chapter.steps)):
            before = _text(page, "dp-course-text")
            page.locator("button.dp-course-next").first.tap()
            wait_until(lambda: _text(page, "dp-course-text") != before, timeout=20_000, message="Next did nothing")
        # Right: W5 comes from white into purple, by two taps on the board
        _tap_token(page, state, "W5")
        _tap_region(page, "purple")
        right = wait_until(lambda: (lambda f: f if "✔" in f else None)(_text(page, "dp-course-feedback")),
                           timeout=20_000,
                           message=lambda: f"the taps were not taken: {_text(page, 'dp-course-feedback')!r}")
        assert "Right" in right
        assert _overflow(page) <= 0, f"the {device}'s page is {_overflow(page)} px too wide"
        page.locator(".dp-course-feedback").first.scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / f"touch-course-answered-{device}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_a_solo_action_finished_by_taps(browser, voila_server, notebook_dir, device):
    """A card of the hand tapped, then what the board lights tapped until the action is played."""
    context, page = _touch_page(browser, device)
    try:
        _open(page, voila_server(notebook_dir / PLAY.name))
        log = page.locator(".dp-log").first
        story = page.locator("button.dp-story-next").first
        wait_until(lambda: page.locator(".dp-hand-cards button:visible").count() > 0, timeout=60_000,
                   message="no card in the hand")
        before = log.inner_text()
        page.locator(".dp-hand-cards button:visible").first.tap()
        overlay = page.locator(OVERLAY).first
        for _ in range(8):
            if log.inner_text() != before or story.is_visible():
                break
            choices = page.locator(".dp-choices button:visible")
            if choices.count():
                choices.first.tap()
            else:
                overlay.scroll_into_view_if_needed()
                spots = wait_until(lambda: overlay.evaluate(LIT_SPOTS), timeout=10_000,
                                   message="the card lit nothing on the board")
                spot = max(spots, key=lambda s: s["size"])
                page.touchscreen.tap(spot["x"], spot["y"])
            page.wait_for_timeout(1200)
        wait_until(lambda: log.inner_text() != before or story.is_visible(), timeout=20_000,
                   message=lambda: f"the taps played nothing: {_text(page, 'dp-prompt')!r}")
        assert _overflow(page) <= 0, f"the {device}'s page is {_overflow(page)} px too wide"
        page.screenshot(path=str(OUT / f"touch-play-{device}.png"))
    finally:
        context.close()


#: How far the page has scrolled: Voila scrolls a box of its own, not the window.
SCROLLED = "() => window.scrollY + [...document.querySelectorAll('*')].reduce((sum, e) => sum + e.scrollTop, 0)"


def test_a_swipe_on_the_board_scrolls_the_page(browser, voila_server, notebook_dir):
    """A finger that starts on the board and moves up scrolls the page (ipycanvas cancelled it)."""
    context, page = _touch_page(browser, "phone")
    try:
        _open(page, voila_server(notebook_dir / COURSE.name))
        box = page.locator(BOARD).first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7
        start = page.evaluate(SCROLLED)
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 25 * i}]})
            page.wait_for_timeout(16)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(600)
        assert page.evaluate(SCROLLED) > start + 100, "a swipe on the board did not scroll the page"
    finally:
        context.close()
