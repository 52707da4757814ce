"""Issue 33, item 5: each region's name by the pointer and after a tap (the board writes only its
colour), in Voila as a learner opens the course; and the screenshots of the board's marks at
1280x720 in light and dark, and on a phone and a tablet with touch emulated, for a person to look
at (``test-output/marks-*.png``).
"""

from __future__ import annotations

import shutil

import pytest

from helpers import REPO_ROOT, board_spot, wait_canvas_painted, wait_until, write_unrun_copy

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
COURSE = REPO_ROOT / "notebooks" / "00_learn.ipynb"
COURSE_FR = REPO_ROOT / "notebooks" / "fr" / "00_apprendre.ipynb"
BOARD = "canvas.dp-board"
TAG = ".dp-board-tag"


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-board-marks")
    write_unrun_copy(COURSE, folder)
    write_unrun_copy(COURSE_FR, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _open(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=120_000)
    wait_canvas_painted(page, BOARD, timeout=120_000)
    page.wait_for_function("""() => { const c = document.querySelector('canvas.dp-board');
        const r = c.getBoundingClientRect(); return r.width > 0 && Math.abs(c.width - window.devicePixelRatio * r.width) < 4; }""",
                           timeout=30_000)
    page.wait_for_timeout(800)


def _region_spot(page, region: str):
    """The middle of ``region``'s body, in the page's CSS px."""
    canvas, x, y = board_spot(page, lambda lay: (lay.regions[region].box.cx, lay.regions[region].box.cy), BOARD)
    box = canvas.bounding_box()
    return box["x"] + x, box["y"] + y


def _tag(page) -> str:
    tag = page.locator(TAG).first
    return tag.inner_text() if tag.count() and tag.is_visible() else ""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_regions_name_shows_by_the_pointer(browser, voila_server, notebook_dir, theme):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        _open(page, voila_server(notebook_dir / COURSE.name) + ("?theme=dark" if theme == "dark" else ""))
        x, y = _region_spot(page, "green")
        page.mouse.move(x, y)
        name = wait_until(lambda: _tag(page), timeout=10_000, message="no name by the pointer over green")
        assert "Vasilyevsky" in name and "Green" in name
        tag = page.locator(TAG).first.bounding_box()
        canvas = page.locator(BOARD).first.bounding_box()
        assert canvas["x"] - 1 <= tag["x"] and tag["x"] + tag["width"] <= canvas["x"] + canvas["width"] + 1
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"marks-hover-1280x720-{theme}.png"))
        # red, the top region: its name stands clear of the board's status line (it covered "White
        # to act", QA7)
        page.mouse.move(*_region_spot(page, "red"))
        wait_until(lambda: "Red" in _tag(page), timeout=10_000, message="no name by the pointer over red")
        from dualpowers.components import default_components
        from dualpowers.drawing.layout import layout_for
        width, height = page.locator(BOARD).first.evaluate("c => [c.width, c.height]")
        lay = layout_for(default_components(), float(width), float(height))
        status_foot = canvas["y"] + lay.to_pixels(0, lay.status.bottom)[1] * canvas["height"] / height
        tag = page.locator(TAG).first.bounding_box()
        assert tag["y"] >= status_foot - 1, f"the name's tag (top {tag['y']:.0f}) covers the status line (to {status_foot:.0f})"
        page.screenshot(path=str(OUT / f"marks-hover-red-1280x720-{theme}.png"))
        page.mouse.move(x, canvas["y"] + canvas["height"] + 40)          # off the board: the name goes
        wait_until(lambda: not _tag(page), timeout=10_000, message="the name stayed after the pointer left")
        if theme == "light":
            # another language while a name shows: the old name goes, the pointer then finds the new one
            page.mouse.move(x, y)
            wait_until(lambda: "Green" in _tag(page), timeout=10_000, message="no name by the pointer over green")
            page.locator("select", has=page.locator("option", has_text="Italiano")).first.select_option(label="Italiano")
            wait_until(lambda: "Green" not in _tag(page), timeout=20_000,
                       message="the English name stayed by the pointer after the language changed")
            page.mouse.move(x + 2, y + 2)
            wait_until(lambda: "Verde" in _tag(page) or "verde" in _tag(page), timeout=10_000,
                       message="no Italian name by the pointer over green")
    finally:
        context.close()


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_a_regions_name_shows_after_a_tap(browser, voila_server, notebook_dir, device):
    viewport, scale = {"phone": ({"width": 390, "height": 844}, 3), "tablet": ({"width": 820, "height": 1180}, 2)}[device]
    context = browser.new_context(viewport=viewport, device_scale_factor=scale, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        _open(page, voila_server(notebook_dir / COURSE.name))
        x, y = _region_spot(page, "purple")
        page.touchscreen.tap(x, y)
        name = wait_until(lambda: _tag(page), timeout=10_000, message="no name after a tap on purple")
        assert "Smolny" in name
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"marks-tap-{device}.png"))
        wait_until(lambda: not _tag(page), timeout=10_000, message="the tapped name never went")
    finally:
        context.close()


def _tag_shown(page) -> bool:
    return bool(page.evaluate("() => [...document.querySelectorAll('.dp-board-tag')]"
                              ".some(t => t.offsetParent !== null && getComputedStyle(t).display !== 'none')"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tapped_name_goes_when_the_next_touch_lands_elsewhere(browser, voila_server, notebook_dir, lang):
    """Issue 33: on a phone a region's name tag, shown by a tap, stayed over the board while the
    learner went on (a tap on the panel, a swipe of the page): it lasted its 2.5 s whatever came
    next.  The next touch that lands elsewhere takes it away at once, and so does a swipe that
    starts on the board; a tap on another region shows that region's name instead."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        _open(page, voila_server(notebook_dir / (COURSE if lang == "en" else COURSE_FR).name))
        x, y = _region_spot(page, "purple")
        page.touchscreen.tap(x, y)
        wait_until(lambda: "Smolny" in _tag(page), timeout=10_000, message="no name after a tap on purple")
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"marks-tap-then-elsewhere-1-phone-{lang}.png"))
        # a tap on the panel's text, below the board: the name goes at once (well inside its 2.5 s)
        text = page.locator(".dp-course-text").first
        text.scroll_into_view_if_needed()
        box = text.bounding_box()
        page.touchscreen.tap(box["x"] + 10, box["y"] + 5)
        page.wait_for_timeout(300)
        assert not _tag_shown(page), "the region's name stayed after a tap on the panel"
        page.screenshot(path=str(OUT / f"marks-tap-then-elsewhere-2-phone-{lang}.png"))
        # a tap on purple, then a tap on green: green's name, purple's gone
        x, y = _region_spot(page, "purple")
        page.touchscreen.tap(x, y)
        wait_until(lambda: "Smolny" in _tag(page), timeout=10_000, message="no name after a second tap on purple")
        gx, gy = _region_spot(page, "green")
        page.touchscreen.tap(gx, gy)
        green = {"en": "Vasilyevsky", "fr": "Vassilievski"}[lang]
        wait_until(lambda: green in _tag(page), timeout=10_000, message="no name after a tap on green")
        # a swipe that starts on the board (it scrolls the page): the name goes
        gx, gy = _region_spot(page, "green")
        cdp = context.new_cdp_session(page)
        points = [(gx, gy), (gx, gy - 40), (gx, gy - 80)]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": gx, "y": gy}]})
        for px, py in points[1:]:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(300)
        assert not _tag_shown(page), "the region's name stayed after a swipe that began on the board"
    finally:
        context.close()
