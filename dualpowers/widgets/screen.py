"""One screen layout for every dualpowers widget: the board beside a side panel.

Every widget that shows a board (tutorial, course, play, analyzer, advisor,
Opposition round) is laid out by :class:`Screen`, so they behave alike on a small
laptop screen:

* the **board** on the left fills the width it is given and keeps its
  proportions; it is never taller than the browser window leaves room for, so
  the board, the narration and the primary button fit on one screen (1280x720
  with JupyterLab's file browser open);
* the **side panel** on the right has a fixed width: a *title*, the *primary*
  buttons (Next, Apply, Rank ...) at a fixed place near its top, the *narration*
  in a box of a least height that grows with a longer text (it never scrolls), then
  (optionally) the *answers* (answer buttons and the feedback on them), then the
  *secondary* controls (menus, options).  Longer or shorter text never moves the board
  or the primary buttons;
* or, with ``panel_height``, a panel where nothing scrolls (issue 33): the narration is as
  tall as its text (at least :data:`NARRATION_MIN`), the answers and the feedback follow it,
  and the secondary slot (menus, a chapter list) comes last, as tall as what it holds; a
  panel taller than the window makes the page longer, read by scrolling the notebook;
* what need not be in view while playing (log, tables, save/load) goes *below*;
* with ``sheet`` (the course), the primary buttons, the narration and the answers share one box,
  pinned to the window's foot while the board is in view when the panel stands under the board (a
  phone), so a step is read beside the board it speaks of.

On a page narrower than the board's minimum plus the panel, the panel wraps under
the board.

::

    from dualpowers.widgets import BoardWidget
    from dualpowers.widgets.screen import Screen

    board = BoardWidget(state)
    nxt = widgets.Button(description="Next")
    screen = Screen(board, title="Chapter 1", narration=[widgets.HTML("...")],
                    primary=[nxt], secondary=[language_menu], below=[table])
    screen.set_narration(widgets.HTML("new text"))   # replace a slot's children
    screen.on_key(lambda key: ...)                   # "ArrowRight", "ArrowLeft", "u", ...
    screen                                           # display it

CSS classes: ``dp-screen`` (the whole screen), ``dp-screen-row``,
``dp-screen-board`` (the board's box), ``dp-screen-panel``, ``dp-screen-title``,
``dp-screen-primary``, ``dp-screen-narration``, ``dp-screen-answers``, ``dp-screen-secondary``,
``dp-screen-below``, ``dp-screen-sheet``.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as widgets

import math

from ..drawing.layout import BOARD_MIN_CSS_WIDTH, DESIGN_H, DESIGN_W, MIN_TEXT, TALL_H, TALL_W
from ._common import toggle_class

__all__ = ["Screen", "SCREEN_STYLE", "PANEL_WIDTH", "NARRATION_HEIGHT", "PANEL_FIT_HEIGHT", "BOARD_MIN_WIDTH",
           "board_max_width", "phone_board_max_width", "PHONE_BOARD_MIN_WIDTH", "PHONE_MIN_CSS_TEXT",
           "bind_keys", "button_action", "controls"]

_W = widgets.Layout

#: Width of the side panel (CSS): narrower on a small screen, so the board gets the room.
#: At 1280x720 with JupyterLab's file browser open this leaves the board 594 CSS px, 579 with a
#: desktop browser's scrollbar (Linux's 15 px; Windows' 17 leave 577), which
#: the board's text sizes are designed for (``BOARD_MIN_CSS_WIDTH`` in drawing/layout.py:
#: every word on the board is at least 11 CSS px there); a wider panel would shrink them.
PANEL_WIDTH = "clamp(250px, 27%, 300px)"
#: The narration's least height (CSS): a shorter text leaves the controls below it in place; a
#: longer one makes the box taller (nothing scrolls inside a box, issue 33).
NARRATION_HEIGHT = "min(240px, 34vh)"
#: With ``panel_height``: the narration's least height (CSS): five lines, the course's "where"
#: line and a question of four, so the answers do not jump up and down from item to item.
NARRATION_MIN = "104px"
#: The panel's height that fits JupyterLab's window with the screen scrolled to its top (Lab's
#: menu, tab bar, notebook toolbar and status bar above and below: 120 CSS px, and a margin).
#: Given as ``panel_height`` it asks for the panel where nothing scrolls (the course's): what
#: goes past this height is read by scrolling the notebook, never inside a box.
PANEL_FIT_HEIGHT = "calc(100vh - 130px)"
#: Narrowest board before the panel wraps below it (CSS px).
BOARD_MIN_WIDTH = 420
#: Room kept above and below the board inside the browser window (CSS px): Lab's menu,
#: tab bar, notebook toolbar and status bar, and the notebook's title cell.
CHROME_HEIGHT = 215


#: The least size of a word on a phone's board (CSS px; docs/architecture.md, "On a phone").
PHONE_MIN_CSS_TEXT = 9.0
#: The narrowest a phone's board may be: the tall board's smallest word (``MIN_TEXT`` design units)
#: is :data:`PHONE_MIN_CSS_TEXT` CSS px there (342 CSS px).
PHONE_BOARD_MIN_WIDTH = math.ceil(PHONE_MIN_CSS_TEXT * TALL_W / MIN_TEXT)
#: Room kept under a phone's board for what a story needs in view with it (CSS px): the button of
#: the board in words under the picture, the step told (three or four lines) and its Next.
STORY_ROOM = 250


def phone_board_max_width(room: int = STORY_ROOM) -> str:
    """CSS for the widest a phone's board (the tall one) may be so that, with ``room`` under it,
    it fits the window's height; never under :data:`PHONE_BOARD_MIN_WIDTH`."""
    return f"max({PHONE_BOARD_MIN_WIDTH}px, calc((100svh - {room}px) * {TALL_W / TALL_H:.4f}))"


def board_max_width(ratio: float = DESIGN_H / DESIGN_W, chrome: int = CHROME_HEIGHT) -> str:
    """CSS for the widest the board may be so that it fits the window's height."""
    return f"max(320px, calc((100vh - {chrome}px) * {1 / ratio:.4f}))"


#: One stylesheet for the layout (an HTML widget carries it; repeated copies are harmless).
#: The widgets' colours, each with its light and dark value: text and its background are always
#: set together from here, so that neither JupyterLab's nor Voila's dark theme puts its light text
#: on a box of ours that stays light (``data-jp-theme-light`` is on the body in Lab, Notebook 7
#: and Voila).  Every pair has a contrast of at least 4.5:1.
THEME_STYLE = """<style>
:root {
  --dp-ink: #1f1f1f; --dp-ink-soft: #4a4538; --dp-ink-faint: #665c4b; --dp-title: #3a2f1c;
  --dp-paper: #fffdf8; --dp-paper-2: #faf8f3; --dp-head: #efe9dc; --dp-line: #d8d2c4;
  --dp-error: #a3161c; --dp-ok: #2e7d32; --dp-info: #1f5fae; --dp-ruling: #8a4b08;
  --dp-hint-bg: #eef4fb; --dp-right-bg: #edf7ee; --dp-wrong-bg: #fdeeee; --dp-warn-bg: #fff8e1;
  --dp-warn-bg-2: #ffe9cc; --dp-result-bg: #fff3cd; --dp-badge-bg: #1f5fae; --dp-badge-ink: #ffffff;
  --dp-focus: #101010; --dp-focus-halo: #ffffff;
}
body[data-jp-theme-light="false"] {
  --dp-ink: #ece8df; --dp-ink-soft: #d3ccbd; --dp-ink-faint: #bdb4a2; --dp-title: #f3e7cf;
  --dp-paper: #1d1c1a; --dp-paper-2: #242320; --dp-head: #34312b; --dp-line: #5d574c;
  --dp-error: #ff8f87; --dp-ok: #8fd694; --dp-info: #9cc8ff; --dp-ruling: #ffbe73;
  --dp-hint-bg: #172638; --dp-right-bg: #16301a; --dp-wrong-bg: #3b1b1b; --dp-warn-bg: #372e12;
  --dp-warn-bg-2: #3f2a12; --dp-result-bg: #3a3114; --dp-badge-bg: #2a66b8; --dp-badge-ink: #ffffff;
  --dp-focus: #ffffff; --dp-focus-halo: #101010;
}
</style>"""

SCREEN_STYLE = THEME_STYLE + """<style>
.dp-screen { outline: none; }
/* 4 px between the board and the panel: with the 15 CSS px a desktop browser's scrollbar takes from the
   notebook (17 on Windows), a gap of 12 left the board 571 CSS px at 1280x720 with the file browser
   open, under the 576 the wide drawing needs, and it was drawn tall, its lower half below the window
   (issue 33, QA7; tests/browser/test_desktop_scrollbar_browser.py) */
.dp-screen .dp-screen-row { gap: 4px; }
.dp-screen .dp-screen-panel { box-sizing: border-box; padding: 0 2px; }
.dp-screen .dp-screen-title { font-size: 15px; font-weight: bold; color: var(--dp-title); line-height: 1.3; }
.dp-screen .dp-screen-narration { box-sizing: border-box; border: 1px solid var(--dp-line); border-radius: 4px;
  background: var(--dp-paper); color: var(--dp-ink); padding: 4px 8px; font-size: 14px; line-height: 1.45; }
.dp-screen .dp-screen-secondary { box-sizing: border-box; }
.dp-screen .dp-screen-narration, .dp-screen .dp-screen-secondary, .dp-screen .dp-screen-title {
  overflow-wrap: anywhere; min-width: 0; }
.dp-screen .dp-screen-board { overflow: hidden; }
/* a control as wide as its column stays inside it: ipywidgets' margins (2 px each side) would
   push a width of 100% 4 px past the panel's edge, and its box would scroll sideways */
.dp-screen .dp-screen-panel .jupyter-widgets[style*="width: 100%"],
.dp-screen .dp-screen-below .jupyter-widgets[style*="width: 100%"] { margin-left: 0; margin-right: 0; }
/* the narration grows as a whole: its parts (and the boxes of buttons in them) keep their
   height instead of being squeezed into overlapping slivers */
.dp-screen .dp-screen-narration > *, .dp-screen .dp-screen-narration .widget-box > * { flex-shrink: 0; }
.dp-screen .dp-screen-answers > *, .dp-screen .dp-screen-answers .widget-box > * { flex-shrink: 0; }
.dp-screen .dp-screen-secondary > * { flex-shrink: 0; }
.dp-screen .dp-screen-answers { font-size: 14px; line-height: 1.4; overflow-wrap: anywhere; min-width: 0;
  overflow: visible !important; }
/* the still picture stored for viewers without a kernel: hidden while the live widget shows */
.jp-OutputArea-child:has(.dp-screen) ~ .jp-OutputArea-child .dp-static-board,
.output_area:has(.dp-screen) ~ .output_area .dp-static-board { display: none; }
.dp-screen .dp-screen-primary .widget-button, .dp-screen .dp-screen-primary button { font-size: 14px; }
.dp-screen .widget-html-content { line-height: 1.4; }
/* controls in the narrow panel: never wider than the panel, labels may shrink */
.dp-screen .dp-screen-panel .widget-inline-hbox { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px));
  box-sizing: border-box; }
.dp-screen .dp-screen-panel .widget-slider { width: 100%; }
.dp-screen .dp-screen-panel .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 56px; }
/* buttons that speak in colour: white words on a colour dark enough for them (4.5:1 and more), in
   both themes (ipywidgets' own teal and orange give white words 3:1 or less) */
.dp-screen .jupyter-button.mod-primary { background-color: #1976d2; color: #fff; }
.dp-screen .jupyter-button.mod-info { background-color: #006a75; color: #fff; }
.dp-screen .jupyter-button.mod-success { background-color: #2e7d32; color: #fff; }
.dp-screen .jupyter-button.mod-warning { background-color: #a84f00; color: #fff; }
.dp-screen .jupyter-button.mod-danger { background-color: #c62828; color: #fff; }
.dp-screen .jupyter-widget-Collapse-header { background: var(--dp-head); color: var(--dp-ink); }
/* a Tab's titles (the analyzer's, the advisor's), the chosen one and the others, in both themes */
.jupyter-widgets.widget-tab > .widget-tab-bar.lm-TabBar .lm-TabBar-tab {
  background: var(--dp-head); color: var(--dp-ink); }
.jupyter-widgets.widget-tab > .widget-tab-bar.lm-TabBar .lm-TabBar-tab.lm-mod-current { background: var(--dp-paper); }
.jupyter-widgets.widget-tab > .widget-tab-bar.lm-TabBar .lm-TabBar-tabLabel { color: inherit; }
/* the keyboard's place, seen on anything: a ring 3 px wide, off the control, in the page's
   strongest contrast (black on a light page, white on a dark one) */
.dp-screen :focus-visible { outline: 3px solid var(--dp-focus) !important; outline-offset: 2px !important; }
/* a row of controls lets a focused control's ring show whole (an ipywidgets box clips what
   overflows it: only the ring's right edge showed on the course's answers and its Hint row) */
.dp-screen .dp-controls { overflow: visible !important; }
.dp-screen .dp-board-picture:focus { outline: none; }
.dp-screen .dp-board-picture:focus-visible { outline-offset: -3px !important; }
/* what only a screen reader needs: in the page, out of sight */
.dp-screen .dp-sr-only { position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
/* the screen's last Tab stop, back to the board (its first): seen only while it has the focus */
.dp-screen .dp-to-board:not(:focus) { position: absolute !important; width: 1px; height: 1px; padding: 0;
  border: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.dp-screen .dp-to-board:focus { align-self: flex-start; margin: 4px 2px; padding: 4px 10px; font-size: 14px;
  border: 1px solid var(--dp-line); border-radius: 4px; background: var(--dp-head); color: var(--dp-ink); }
/* a screen too narrow for the board and the panel side by side (a phone, a tablet upright
   beside a file browser): the board takes the whole width and the panel goes under it */
.dp-screen { container-type: inline-size; }
@container (max-width: 680px) {
  .dp-screen-row > .dp-screen-board { min-width: 0 !important; max-width: 100% !important;
    flex: 1 1 100% !important; }
  .dp-screen-row > .dp-screen-panel { flex: 1 1 100% !important; width: 100% !important; }
  /* a screen with a sheet (the course): the panel's boxes give their parts to the board's row,
     so the sheet (the buttons, the text, the answers) sticks to the window's foot while the board
     is in view: the learner reads a step with the board it speaks of, as play's story is read.
     It scrolls inside itself past 55% of the window's height, its buttons staying at its top. */
  .dp-screen:has(> .dp-screen-row > .dp-screen-panel > .dp-screen-sheet) > .dp-screen-row > .dp-screen-panel {
    display: contents !important; }
  .dp-screen-row:has(> .dp-screen-panel > .dp-screen-sheet) > .dp-screen-panel > * {
    flex: 1 1 100% !important; min-width: 0; }
  .dp-screen-row > .dp-screen-panel > .dp-screen-sheet { position: sticky; bottom: 0; z-index: 20;
    max-height: 55vh; overflow-y: auto; box-sizing: border-box;
    padding: 0 6px 6px; background: var(--dp-paper); color: var(--dp-ink); border-top: 1px solid var(--dp-line);
    box-shadow: 0 -3px 6px -2px rgba(0, 0, 0, 0.3); }
  .dp-screen-sheet > .dp-screen-primary { position: sticky; top: 0; z-index: 1; background: var(--dp-paper);
    margin: 0 !important; padding: 4px 0; }
  /* the text folded away under its buttons: the whole board in view (its calendar, its track) */
  .dp-screen-row .dp-screen-sheet .dp-sheet-fold { display: inline-flex !important; align-items: center; }
  .dp-screen.dp-sheet-folded .dp-screen-sheet > :not(.dp-screen-primary) { display: none !important; }
}
/* beside the board (a desktop, a tablet) the text and the board are both in view: nothing to fold */
.dp-screen .dp-sheet-fold { display: none !important; }
/* A part sticks within the nearest box that scrolls or clips, and ipywidgets' boxes and the output
   area's clip (overflow: auto, hidden): on a phone the boxes that hold a screen with a sheet let it
   stick to the page's own scrolling box (Voila's, the notebook's). */
@media (max-width: 680px) {
  .jupyter-widgets:has(.dp-screen-sheet), .jp-OutputArea-child:has(.dp-screen-sheet),
  .jp-OutputArea-output:has(.dp-screen-sheet), .jp-OutputArea:has(.dp-screen-sheet),
  .output_subarea:has(.dp-screen-sheet), .output_area:has(.dp-screen-sheet),
  .dp-screen:has(> .dp-screen-row > .dp-screen-panel > .dp-screen-sheet),
  .dp-screen-row:has(> .dp-screen-panel > .dp-screen-sheet) { overflow: visible !important; }
  /* Voila's scrolling box keeps 10 px of padding under its content, and a sticky part stops
     above it: the page showed through under the sheet */
  .lm-BoxPanel-child:has(.dp-screen-sheet) { padding-bottom: 0 !important; }
}
/* a phone: the page's own margins (Voila's 10 px on each side, the cell's 5 px) give way to the
   board, whose words grow with its width */
@media (max-width: 480px) {
  .lm-BoxPanel-child:has(.dp-screen) { padding-left: 3px !important; padding-right: 3px !important; }
  .jp-Cell:has(.dp-screen) { padding-left: 0 !important; padding-right: 0 !important; }
}
/* a finger: every control at least 40 px tall, check boxes large enough to hit */
@media (pointer: coarse) {
  .dp-screen .jupyter-button, .dp-screen select, .dp-screen .widget-toggle-button,
  .dp-screen .jupyter-widget-Collapse-header, .dp-screen .widget-checkbox { min-height: 40px !important; }
  .dp-screen .widget-inline-hbox { height: auto; }       /* a row holding a taller menu grows with it */
  .dp-screen .widget-checkbox input[type="checkbox"] { width: 24px; height: 24px; }
  .dp-screen .widget-slider .noUi-handle { width: 28px; height: 28px; }
  /* the larger handle stays off the slider's label at either end of its track */
  .dp-screen .widget-slider .slider-container { padding-left: 16px; padding-right: 16px; box-sizing: border-box; }
}
/* a menu in the panel never reaches past its edge (the tablet's Edition menu was cut by 2 px) */
.dp-screen .dp-screen-panel .widget-dropdown > select { min-width: 0; flex: 1 1 auto; width: auto; max-width: 100%; }
</style>"""


def _as_list(items: Any) -> list[widgets.Widget]:
    if items is None:
        return []
    if isinstance(items, widgets.Widget):
        return [items]
    return list(items)


class Screen(widgets.VBox):
    """The board and a side panel with four slots; see the module docstring.

    Attributes (all ipywidgets, all stable for the life of the screen):

    ``board``      the board widget given (any widget; normally a ``BoardWidget``)
    ``board_box``  the box holding it (sets the board's width limits)
    ``title``      an ``HTML`` widget at the top of the panel
    ``primary``    an ``HBox`` of the main buttons, at a fixed place
    ``narration``  a ``VBox`` at least ``narration_height`` tall (with ``panel_height``, at least
                   :data:`NARRATION_MIN`), as tall as its text: it never scrolls
    ``answers``    a ``VBox`` under it that grows with what it holds (answer buttons, feedback)
    ``secondary``  a ``VBox`` for menus and options, as tall as they are (``secondary_height``: a box that scrolls past it)
    ``below``      a ``VBox`` under board and panel (log, tables, save/load)
    ``panel``      the side panel itself

    ``scroll_into_view``: the first time the screen is shown it scrolls itself into
    view (after *Run All* the notebook would otherwise stay at its last cell).
    """

    def __init__(self, board: widgets.Widget, *, title: str = "", narration: Any = None, primary: Any = None,
                 answers: Any = None, secondary: Any = None, below: Any = None, panel_width: str = PANEL_WIDTH,
                 narration_height: str = NARRATION_HEIGHT, panel_height: str | None = None,
                 secondary_height: str | None = None, sheet: bool = False,
                 board_ratio: float = DESIGN_H / DESIGN_W, scroll_into_view: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-screen")
        self.board = board
        self.board_box = widgets.VBox(
            [board], layout=_W(flex="1 1 0px", min_width=f"{BOARD_MIN_WIDTH}px",
                               max_width=board_max_width(board_ratio), width="100%"))
        self.board_box.add_class("dp-screen-board")
        self.title = widgets.HTML(title, layout=_W(width="100%", flex="0 0 auto"))
        self.title.add_class("dp-screen-title")
        self.primary = widgets.HBox(_as_list(primary), layout=_W(flex_flow="row wrap", margin="4px 0",
                                                                 grid_gap="4px", width="100%", flex="0 0 auto"))
        self.primary.add_class("dp-screen-primary")
        if panel_height is not None:     # as tall as its text: it never scrolls
            box = _W(min_height=NARRATION_MIN, overflow="visible", width="100%", flex="0 0 auto")
        else:                            # at least this tall, so short texts keep the controls in place;
            box = _W(min_height=narration_height, overflow="visible", width="100%", flex="0 0 auto")  # never scrolls
        self.narration = widgets.VBox(_as_list(narration), layout=box)
        self.narration.add_class("dp-screen-narration")
        self.answers = widgets.VBox(_as_list(answers), layout=_W(width="100%", flex="0 0 auto", margin="4px 0 0 0"))
        self.answers.add_class("dp-screen-answers")
        if not self.answers.children:
            self.answers.layout.display = "none"
        sec_height = secondary_height or "none"
        self.secondary = widgets.VBox(_as_list(secondary), layout=_W(
            width="100%", overflow="auto" if secondary_height else "visible", max_height=sec_height,
            margin="6px 0 0 0"))
        self.secondary.add_class("dp-screen-secondary")
        #: with ``sheet``, the buttons, the narration and the answers in one box: under the board (a
        #: phone) it is pinned to the window's foot while the board is in view (:data:`SCREEN_STYLE`)
        self.sheet: widgets.VBox | None = None
        #: with ``sheet``: where the sheet is pinned (a phone), a button among the primary ones that
        #: folds the text away to show the whole board (:meth:`show_folded`); hidden elsewhere
        self.sheet_fold: widgets.ToggleButton | None = None
        middle: list[widgets.Widget] = [self.primary, self.narration, self.answers]
        if sheet:
            self.sheet_fold = widgets.ToggleButton(value=False, icon="chevron-down", layout=_W(width="auto"))
            self.sheet_fold.add_class("dp-sheet-fold")
            self.primary.children = (*self.primary.children, self.sheet_fold)
            self.sheet = widgets.VBox(middle, layout=_W(width="100%", flex="0 0 auto"))
            self.sheet.add_class("dp-screen-sheet")
            middle = [self.sheet]
        self.panel = widgets.VBox([self.title, *middle, self.secondary],
                                  layout=_W(flex=f"0 0 {panel_width}", width=panel_width,
                                            max_width="100%"))
        if panel_height is not None:
            # nothing scrolls inside the panel (issue 33): the narration, the answers and the secondary
            # slot are as tall as what they hold, and a panel taller than the window makes the page
            # longer, read by scrolling the notebook; the answers and the feedback stay right under
            # the narration, the menus and lists of the secondary slot go under them
            self.panel.layout.overflow = "visible"
            self.secondary.layout.overflow = "visible"
            self.secondary.layout.flex = "0 0 auto"
        self.panel.add_class("dp-screen-panel")
        self.row = widgets.HBox([self.board_box, self.panel],
                                layout=_W(flex_flow="row wrap", align_items="flex-start", width="100%"))
        self.row.add_class("dp-screen-row")
        self.below = widgets.VBox(_as_list(below), layout=_W(width="100%"))
        self.below.add_class("dp-screen-below")
        self.children = [widgets.HTML(SCREEN_STYLE), self.row, self.below]
        self._key_callbacks: list[Callable[[str], Any]] = []
        probe = getattr(board, "probe", None)
        if probe is not None and hasattr(probe, "on_key"):
            probe.on_key(self._key)
            probe.scroll_on_show = scroll_into_view

    def show_folded(self, folded: bool, label: str) -> None:
        """Draw the sheet folded (only its buttons, the whole board in view) or open, and the fold
        button's words; a screen without a sheet has nothing to fold."""
        if self.sheet_fold is None:
            return
        with self.sheet_fold.hold_sync():
            self.sheet_fold.value = folded
            self.sheet_fold.description = self.sheet_fold.tooltip = label
            self.sheet_fold.icon = "chevron-up" if folded else "chevron-down"
        toggle_class(self, "dp-sheet-folded", folded)

    def bring_into_view(self) -> None:
        """Scroll the screen's top to the window's top, in every view of it (after a control far
        below the board moved the screen to a new place, such as a chapter of the list)."""
        probe = getattr(self.board, "probe", None)
        if probe is not None and hasattr(probe, "bring_into_view"):
            probe.bring_into_view += 1

    def keep_in_view(self, selector: str) -> None:
        """Scroll the part of the screen that ``selector`` names into the window if it is not there,
        the least needed (the course's verdict under the board on a phone, after a tap on the board)."""
        probe = getattr(self.board, "probe", None)
        if probe is not None and hasattr(probe, "into_view"):
            probe.into_view_selector = selector
            probe.into_view += 1

    def sheet_to_top(self) -> None:
        """Scroll the sheet back to its top where it scrolls inside itself (a new step on a phone,
        after the end of a long text was read); nothing moves elsewhere."""
        probe = getattr(self.board, "probe", None)
        if self.sheet is not None and probe is not None and hasattr(probe, "sheet_top"):
            probe.sheet_top += 1

    # ------------------------------------------------------------------ slots
    def set_title(self, html: str) -> None:
        """Replace the title (HTML; escape user text yourself)."""
        self.title.value = html

    def set_narration(self, *items: widgets.Widget) -> None:
        self.narration.children = tuple(items)

    def set_primary(self, *items: widgets.Widget) -> None:
        self.primary.children = tuple(items)

    def set_secondary(self, *items: widgets.Widget) -> None:
        self.secondary.children = tuple(items)

    def set_below(self, *items: widgets.Widget) -> None:
        self.below.children = tuple(items)

    # ------------------------------------------------------------------ keyboard
    def on_key(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(key)`` for a shortcut key pressed inside the screen.

        Keys are ``KeyboardEvent.key`` names (see :data:`dualpowers.widgets.probe.KEYS`),
        ``"ctrl+z"`` for Ctrl+Z.  Typing in a text box is never forwarded.
        """
        self._key_callbacks.append(callback)

    def press(self, key: str) -> None:
        """Act as if ``key`` was pressed (tests, scripts)."""
        self._key(key)

    def _key(self, key: str) -> None:
        for cb in list(self._key_callbacks):
            cb(key)


def bind_keys(screen: Screen, actions: dict[str, Callable[[], Any]],
              enabled: Callable[[Callable[[], Any]], bool] | None = None) -> None:
    """Bind several keys at once: ``{"ArrowRight": next, "n": next, ...}``."""
    def on_key(key: str) -> None:
        fn = actions.get(key)
        if fn is not None and (enabled is None or enabled(fn)):
            fn()
    screen.on_key(on_key)


def button_action(button: widgets.Button) -> Callable[[], None]:
    """A callable that clicks ``button`` if it is enabled (for key bindings)."""
    def press() -> None:
        if not button.disabled:
            button.click()
    return press


def controls(*items: widgets.Widget, wrap: bool = True) -> widgets.HBox:
    """A row of controls that wraps inside the panel."""
    row = widgets.HBox(list(items), layout=_W(flex_flow="row wrap" if wrap else "row nowrap",
                                              align_items="center", grid_gap="4px", width="100%"))
    row.add_class("dp-controls")
    return row
