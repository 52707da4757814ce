"""A board redrawn in parts shows, pixel for pixel, what the whole picture drawn afresh shows (the
wide board and the tall one).

A live board sends only the parts of the picture that changed (``Layout.parts``: the status
line, the map, the calendar, the region tiles, the reserves, the track, the cards;
``widgets/canvas_pen.py``).  Each part is clipped to its tile and repaints the tile's background,
so drawn over the older picture it must leave the same pixels as the whole board drawn on a clear
canvas.  The map and the calendar are also cut into cells (a region, a row of days:
``Layout.cells``), always drawn cell by cell, each cell clipped and repainted with whatever of the
part meets it; of those parts only the cells that changed are sent.  This test plays a game on a
board in JupyterLab: after each position shown in parts it reads the canvas, draws the whole
board again, reads it again and compares.
"""

from __future__ import annotations

import nbformat
import pytest

from helpers import click_widget_button, run_notebook, text_of, wait_canvas_painted, wait_until

pytestmark = pytest.mark.browser

SOURCE = '''\
import random
import ipywidgets as widgets
import dualpowers as dp
from dualpowers.widgets import BoardWidget

state = dp.new_game("solo", 5, player="red", difficulty=2)
rng = random.Random(5)
positions = []
while not state.is_over() and len(positions) < 14:
    for _ in range(1 + 2 * (len(positions) % 2)):     # one action, then three
        if not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
    positions.append(state.clone())
board = BoardWidget(positions[0], responsive=False, width=WIDTH, height=HEIGHT)
board.canvas.add_class("parts-board")
shown = widgets.Label("0")
count = widgets.Label(str(len(positions)))
count.add_class("parts-count")
shown.add_class("parts-shown")
kept = widgets.Label("")
kept.add_class("parts-kept")
step, whole = widgets.Button(description="next"), widgets.Button(description="whole")
step.add_class("parts-next")
whole.add_class("parts-whole")


def on_step(_):
    i = int(shown.value.split()[0]) + 1
    board.show(positions[i], highlight=["date"] if i % 3 == 0 else None)
    kept.value = f"{board._pen.parts_kept} {sum(len(c) < len(board.layout_geometry.cells[n]) for n, c in board._pen.cells_sent.items())}"
    shown.value = str(i)


def on_whole(_):
    board.redraw()
    shown.value = shown.value + " whole"


step.on_click(on_step)
whole.on_click(on_whole)
widgets.VBox([widgets.HBox([step, whole, shown, kept, count]), board])
'''

#: In the page: keep the canvas' pixels, or count the pixels that differ from those kept.
KEEP = """(sel) => {
  const c = document.querySelector(sel);
  window.__dpKept = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  return c.width * c.height;
}"""
DIFFER = """(sel) => {
  const c = document.querySelector(sel);
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, k = window.__dpKept;
  if (d.length !== k.length) return -1;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] !== k[i] || d[i + 1] !== k[i + 1] || d[i + 2] !== k[i + 2] || d[i + 3] !== k[i + 3]) n++;
  }
  return n;
}"""


#: In the page: a hash of the canvas' pixels.
SIGNATURE = """(sel) => {
  const c = document.querySelector(sel);
  const d = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
  let h = 0;
  for (let i = 0; i < d.length; i++) h = (h * 31 + d[i]) | 0;
  return h;
}"""


def _settled(page) -> None:
    """Wait until the canvas stops changing: ipycanvas draws a batch asynchronously after it
    arrives, so the label that says the kernel is done may come before the pixels."""
    last = None
    for _ in range(40):
        page.wait_for_timeout(150)
        now = page.evaluate(SIGNATURE, "canvas.parts-board")
        if now == last:
            return
        last = now
    raise AssertionError("the board never stopped changing")


#: The wide board, and the tall one (a phone's: Layout.tall), each a little larger than its design.
SIZES = {"wide": (1100, 904), "tall": (717, 1296)}


@pytest.mark.parametrize("board", list(SIZES))
def test_a_board_drawn_in_parts_is_the_whole_board(page, lab_server_factory, tmp_path_factory, board):
    folder = tmp_path_factory.mktemp("board-parts")
    width, height = SIZES[board]
    source = SOURCE.replace("WIDTH", str(width)).replace("HEIGHT", str(height))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "parts.ipynb")
    lab = lab_server_factory(folder)
    run_notebook(page, lab, "parts.ipynb", timeout=120_000)
    wait_canvas_painted(page, "canvas.parts-board", timeout=60_000)
    kept_somewhere = patched_somewhere = 0
    for i in range(1, int(text_of(page, "parts-count"))):
        click_widget_button(page, "parts-next")
        wait_until(lambda: text_of(page, "parts-shown") == str(i), timeout=15_000, message=f"position {i} not shown")
        _settled(page)
        assert page.evaluate(KEEP, "canvas.parts-board") > 0
        kept, patched = (int(n) for n in text_of(page, "parts-kept").split())
        kept_somewhere += kept
        patched_somewhere += patched
        click_widget_button(page, "parts-whole")
        wait_until(lambda: text_of(page, "parts-shown") == f"{i} whole", timeout=15_000,
                   message=f"position {i} not drawn whole")
        _settled(page)
        differ = page.evaluate(DIFFER, "canvas.parts-board")
        assert differ == 0, f"position {i}: drawn in parts, {differ} pixels differ from the whole board"
    assert kept_somewhere > 0, "no part was ever left as it was: the test compared whole pictures only"
    assert patched_somewhere > 0, "no part was ever sent as some of its cells: the test compared whole parts only"
    lab.shutdown_kernels()
