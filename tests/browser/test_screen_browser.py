"""One screen: after Run All, the board and the primary button are in view (real browser).

For each notebook with a board (tutorial, analyzer, play, and the course when it
exists), at 1280x720 and 1440x900 with JupyterLab's file browser open, as a new
user opens it: Run All, then the board canvas and the primary button (Next, the
palette, the card buttons) must lie inside the viewport, without any scrolling by
the test.  A screenshot of each goes to ``test-output/`` for a person to look at.

Also: at device scale factor 2 the canvas' backing store is twice its CSS size
(the board is drawn at the screen's pixel density), and a move in the play
notebook is played by clicks alone (card, token, region).
"""

from __future__ import annotations

import shutil

import nbformat
import pytest

from helpers import (
    REPO_ROOT,
    open_notebook,
    run_all_cells,
    text_of,
    wait_all_executed,
    wait_canvas_painted,
    wait_until,
)

pytestmark = pytest.mark.browser

OUT = REPO_ROOT / "test-output"
BOARD = "canvas.dp-board"
#: notebook -> CSS selector of its primary control
PRIMARY = {
    "00_learn.ipynb": ".dp-screen-primary",
    "01_tutorial.ipynb": "button.dp-next",
    "02_analyzer.ipynb": ".dp-palette",
    "04_play.ipynb": ".dp-screen-primary",
}
NOTEBOOKS = [name for name in PRIMARY if (REPO_ROOT / "notebooks" / name).exists()]
VIEWPORTS = [(1280, 720), (1440, 900)]


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    """Copies of the notebooks as a new user gets them (the stored outputs kept)."""
    folder = tmp_path_factory.mktemp("dp-screen")
    for name in NOTEBOOKS:
        nb = nbformat.read(REPO_ROOT / "notebooks" / name, as_version=4)
        nb.metadata.pop("widgets", None)
        nbformat.write(nb, folder / name)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def lab(lab_server_factory, notebook_dir):
    server = lab_server_factory(notebook_dir)
    yield server
    server.shutdown_kernels()


def _new_page(browser, width: int, height: int, scale: float = 1):
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    context.set_default_timeout(30_000)
    return context, context.new_page()


def _file_browser_open(page) -> None:
    """Make sure JupyterLab's file browser is shown in the left sidebar (as Lab opens by default)."""
    fb = page.locator("#filebrowser")
    if fb.count() and fb.first.is_visible():
        return
    page.locator('.jp-SideBar.jp-mod-left [data-id="filebrowser"]').first.click()
    wait_until(lambda: fb.first.is_visible(), timeout=10_000, message="the file browser did not open")


def _inside(box, width: int, height: int) -> bool:
    return (box is not None and box["x"] >= -1 and box["y"] >= -1
            and box["x"] + box["width"] <= width + 1 and box["y"] + box["height"] <= height + 1)


def _run_in_view(page, lab, name: str) -> None:
    open_notebook(page, lab, name)
    _file_browser_open(page)
    run_all_cells(page)
    wait_all_executed(page, timeout=180_000)
    wait_canvas_painted(page, BOARD, timeout=60_000)
    page.wait_for_timeout(800)     # the resize to the device's pixels, and Lab's own scrolling


@pytest.mark.parametrize("width,height", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_board_and_primary_button_in_view_after_run_all(browser, lab, name, width, height):
    context, page = _new_page(browser, width, height)
    try:
        _run_in_view(page, lab, name)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / f"screen-{name.split('.')[0]}-{width}x{height}.png"))
        canvas = page.locator(BOARD).first
        primary = page.locator(PRIMARY[name]).first
        cbox, pbox = canvas.bounding_box(), primary.bounding_box()
        assert _inside(cbox, width, height), f"{name}: board canvas {cbox} is not inside {width}x{height}"
        assert _inside(pbox, width, height), f"{name}: primary control {pbox} is not inside {width}x{height}"
        assert cbox["width"] >= 380, f"{name}: the board is only {cbox['width']:.0f} px wide"
    finally:
        context.close()
    lab.shutdown_kernels()


def test_canvas_backing_store_follows_the_device_pixel_ratio(browser, lab):
    context, page = _new_page(browser, 1440, 900, scale=2)
    try:
        _run_in_view(page, lab, "01_tutorial.ipynb")
        canvas = page.locator(BOARD).first

        def doubled():
            css_w, back_w, css_h, back_h = canvas.evaluate(
                "c => [c.getBoundingClientRect().width, c.width, c.getBoundingClientRect().height, c.height]")
            return abs(back_w - 2 * css_w) <= 2 and abs(back_h - 2 * css_h) <= 3 and (css_w, back_w)

        wait_until(doubled, timeout=20_000, message=lambda: "backing store is not twice the CSS size: " + str(
            canvas.evaluate("c => [c.getBoundingClientRect().width, c.width]")))
        wait_canvas_painted(page, BOARD, timeout=20_000)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / "screen-01_tutorial-dpr2.png"))
    finally:
        context.close()
    lab.shutdown_kernels()


def test_narration_length_does_not_move_the_board(browser, lab):
    context, page = _new_page(browser, 1280, 720)
    try:
        _run_in_view(page, lab, "01_tutorial.ipynb")
        canvas = page.locator(BOARD).first
        before = canvas.bounding_box()
        nxt = page.locator("button.dp-next").first
        for _ in range(3):
            text = text_of(page, "dp-narration")
            nxt.click()
            wait_until(lambda: text_of(page, "dp-narration") != text, timeout=20_000,
                       message="Next did not change the narration")
            after = canvas.bounding_box()
            assert abs(after["y"] - before["y"]) < 1 and abs(after["height"] - before["height"]) < 1
    finally:
        context.close()
    lab.shutdown_kernels()


def test_voila_asks_no_outside_host_and_paints_the_board(browser, voila_server, notebook_dir):
    """Voila with the project's voila.json: no failed request, no request off this machine."""
    shutil.copy(REPO_ROOT / "notebooks" / "voila.json", notebook_dir / "voila.json")
    url = voila_server(notebook_dir / "01_tutorial.ipynb")
    context, page = _new_page(browser, 1280, 720)
    failed: list[str] = []
    outside: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else None)
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=90_000)
        wait_canvas_painted(page, BOARD, timeout=90_000)
        page.wait_for_timeout(1500)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / "voila-01_tutorial-1280x720.png"))
        box = page.locator(BOARD).first.bounding_box()
        assert _inside(box, 1280, 720)
        assert not failed, f"failed requests: {failed}"
        assert not outside, f"requests to other hosts: {outside}"
    finally:
        context.close()


def test_voila_culls_kernels_of_closed_pages():
    import json
    conf = json.loads((REPO_ROOT / "notebooks" / "voila.json").read_text())
    assert conf == json.loads((REPO_ROOT / "voila.json").read_text())
    culling = conf["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 600 and culling["cull_connected"] is False
    assert conf["VoilaConfiguration"]["template"] == "dualpowers"
    assert (REPO_ROOT / "share/jupyter/voila/templates/dualpowers/index.html.j2").is_file()
