"""The live board: an ipycanvas picture of a state that answers mouse clicks.

::

    from dualpowers.widgets import BoardWidget
    board = BoardWidget(state)
    board.on_region_click(lambda region: print("region", region))
    board.on_token_click(lambda token: print("token", token))
    board                      # display it
    board.state = new_state    # one redraw
    board.show(new_state, highlight=["blue", "R3"])   # state and highlight, one redraw

The picture is drawn by the same routine as the SVG and PNG pictures
(:func:`dualpowers.drawing.draw_board`).  It is drawn again whenever a browser
view connects (``on_client_ready``), so it also appears under Voila.

Size and sharpness: the canvas fills the width it is given (CSS ``width: 100%``,
height from the board's proportions).  A :class:`~dualpowers.widgets.probe.ViewProbe`
reports that width and the screen's ``devicePixelRatio``; the backing store is then
resized to ``CSS width x devicePixelRatio`` and the board redrawn, so text stays
crisp on a 2x screen and at any width.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Mapping

import ipywidgets as widgets
from ipycanvas import Canvas
from ipywidgets import CallbackDispatcher

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..drawing.board import draw_board, draw_click_layer, draw_empty, lit_box, normalize_highlight, split_highlight
from ..drawing.layout import BOARD_MIN_CSS_WIDTH, TALL_H, TALL_W, Layout, layout_for
from ..controllers.board_words import (T_BOARD_LABEL, T_TO_BOARD, T_BOARD_WORDS, T_NOTHING_TO_CLICK, board_words, clickable,
                                       opposition_card_words,
                                       target_words)
from .. import names
from ..i18n import check_language
from ..text import translator
from . import language
from ._common import fit_labels
from .blocks_html import SLOT, BlocksHTML
from .canvas_pen import CanvasPen, send
from .probe import ViewProbe

if TYPE_CHECKING:
    from ..state import State

__all__ = ["BoardWidget", "CSS_CLASS", "CANVAS_CSS_CLASS"]

#: CSS class of the BoardWidget box and of the canvas inside it (for browser tests).
CSS_CLASS = "dp-board-widget"
CANVAS_CSS_CLASS = "dp-board"
#: CSS class of the transparent canvas over the board that carries what a click lights.
OVERLAY_CSS_CLASS = "dp-board-overlay"
#: How far from a lit target a finger's tap still picks it (CSS px): a fingertip covers about
#: 10 mm, 40 CSS px, where a mouse pointer covers one.
TAP_REACH = 16.0
#: CSS class of the box holding the picture (the board and its click layer): the keys' place.
PICTURE_CSS_CLASS = "dp-board-picture"
#: CSS class of the board in words (:mod:`dualpowers.controllers.board_words`) and of its button.
WORDS_CSS_CLASS, WORDS_TOGGLE_CSS_CLASS = "dp-board-words", "dp-board-words-toggle"
#: CSS class of what the keyboard's cursor stands on, in words (read out by a screen reader).
CURSOR_WORDS_CSS_CLASS = "dp-board-cursor"
# The focus ring of the board is drawn over the canvases (an outline of the picture's box is
# painted under its positioned canvases, so the first Tab onto the board showed nothing).
_OVERLAY_STYLE = ("<style>.dp-board-picture { position: relative; } "
                  ".dp-board-picture:focus-visible::after { content: ''; position: absolute; inset: 0; "
                  "border: 3px solid var(--dp-focus, #101010); box-shadow: inset 0 0 0 2px var(--dp-focus-halo, #ffffff); "
                  "pointer-events: none; z-index: 3; } "
                  ".dp-board-picture > .dp-board-overlay { position: absolute; left: 0; bottom: 0; "
                  "pointer-events: none; } "
                  ".dp-sr-only { position: absolute !important; width: 1px !important; height: 1px !important; "
                  "overflow: hidden !important; clip: rect(0 0 0 0); white-space: nowrap; } "
                  ".dp-board-tag { position: absolute; z-index: 4; pointer-events: none; display: none; "
                  "background: #101010; color: #ffffff; font-size: 13px; line-height: 1.3; padding: 2px 6px; "
                  "border-radius: 4px; width: max-content; max-width: min(300px, 90%); box-shadow: 0 0 0 1px #ffffff; } "
                  ".dp-board-words { font-size: 13px; line-height: 1.4; } "
                  ".dp-board-words p { margin: 2px 0 6px 0; } "
                  ".dp-board-widget .dp-board-words-toggle { margin: 4px 6px 6px; }</style>")


#: The board in words' box: its paragraphs go inside (:class:`~dualpowers.widgets.blocks_html.BlocksHTML`).
_WORDS_FRAME = f"<div {SLOT}></div>"


def _later(seconds: float, callback: Callable[[], None]) -> None:
    """``callback`` in ``seconds`` on the kernel's event loop; at once where none runs (no kernel)."""
    try:
        asyncio.get_running_loop().call_later(seconds, callback)
    except RuntimeError:
        callback()


def _forget_current_canvas() -> None:
    try:
        from ipycanvas.canvas import _CANVAS_MANAGER
        _CANVAS_MANAGER._current_canvas = None
    except (ImportError, AttributeError):  # pragma: no cover - other ipycanvas versions
        pass


class BoardWidget(widgets.VBox):
    """A picture of a Dual Powers position that can be clicked.

    ``state`` and ``highlight`` are properties: setting either redraws the board once,
    in one batched message, and only if the picture changes.  The widget keeps a
    snapshot (a clone) of the state it shows; after changing a state in place
    (``state.apply(...)``), assign it again.

    Clicks: :meth:`on_region_click` callbacks get the region name when a region box is
    clicked away from its tokens; :meth:`on_token_click` callbacks get the token id;
    :meth:`on_click` callbacks get ``(kind, ident)`` for anything hit (see
    :meth:`dualpowers.drawing.layout.Layout.hit_test`).  With ``asks`` (play, the course), what is
    lit is what the clicks ask for: a click on a token not asked for, inside a region that is,
    picks the region, as a finger's tap does.

    Language: the board's words follow the notebook's language
    (:mod:`dualpowers.widgets.language`) unless ``lang`` fixes one.
    """

    #: Bounds of the backing store's width (device pixels) when it follows the page.
    MIN_BACKING, MAX_BACKING = 300, 3200

    def __init__(self, state: "State | None" = None, *, width: float = BOARD_W, height: float = BOARD_H,
                 highlight: Any = None, responsive: bool = True, lang: str | None = None, asks: bool = False,
                 **kwargs: Any) -> None:
        self._lang = check_language(lang) if lang is not None else None
        self.canvas = Canvas(width=int(width), height=int(height))
        self.canvas.add_class(CANVAS_CSS_CLASS)
        self._ratio = float(height) / float(width)
        self.responsive = responsive
        #: a view is ready but its width is not known yet (see _on_client_ready)
        self._awaiting_width = False
        self.probe = ViewProbe()
        if responsive:
            # Fill the width given, keep the proportions (ipycanvas scales the bitmap).
            self.canvas.layout.width = "100%"
            self.canvas.layout.height = "auto"
            kwargs.setdefault("layout", widgets.Layout(width="100%"))
        # What a click lights (regions, tokens, roads) is drawn on a transparent canvas over the
        # board: a click that changes only that redraws a few outlines, not the whole board.
        self.overlay = Canvas(width=int(width), height=int(height))
        self.overlay.add_class(OVERLAY_CSS_CLASS)
        if responsive:
            self.overlay.layout.width = "100%"
            self.overlay.layout.height = "auto"
        style = widgets.HTML(_OVERLAY_STYLE, layout=widgets.Layout(height="0px", overflow="hidden"))
        self.picture = widgets.VBox([self.canvas, self.overlay], layout=widgets.Layout(width="100%"))
        self.picture.add_class(PICTURE_CSS_CLASS)
        # The board in words: always in the page for a screen reader, in sight once opened.
        self.words_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.words_toggle.add_class(WORDS_TOGGLE_CSS_CLASS)
        fit_labels(self.words_toggle)
        # a paragraph each (the status, the surroundings, each region, the cards, what a click may
        # pick), sent paragraph by paragraph: a click that lights targets changes only the last
        self.words = BlocksHTML(layout=widgets.Layout(width="100%"))
        self.words.add_class(WORDS_CSS_CLASS)
        self.words.add_class("dp-sr-only")
        self.words_toggle.observe(self._words_opened, "value")
        self.cursor_words = widgets.HTML()
        self.cursor_words.add_class(CURSOR_WORDS_CSS_CLASS)
        self.cursor_words.add_class("dp-sr-only")
        super().__init__(children=[self.probe, style, self.picture, self.cursor_words, self.words_toggle, self.words],
                         **kwargs)
        self.add_class(CSS_CLASS)
        self._pen = CanvasPen(self.canvas)
        self._overlay_pen = CanvasPen(self.overlay)
        self._layer_key: Any = None
        #: the click layer's commands as last sent (None: send it with the next picture)
        self._layer_sent: list[Any] | None = None
        #: how many times the click layer alone has been drawn (diagnostics and tests)
        self.layer_redraw_count = 0
        self._state: State | None = None
        self._highlight: frozenset[Any] = frozenset()
        #: regions whose strength plates show "?" (a question asks them)
        self._conceal: frozenset[str] = frozenset()
        self._turn = True
        self._markers: dict[int, str] | None = None
        #: what the clicks so far picked (drawn with a mark of its own on the click layer)
        self._selected: frozenset[Any] = frozenset()
        #: where the arrow keys stand: a (kind, id) of the click layer, or None
        self._cursor: tuple[str, Any] | None = None
        #: what a click may pick now (:meth:`show`'s ``clickable``; by default the click layer)
        self._asked: frozenset[Any] = frozenset()
        #: what is lit is what the clicks ask for (play, the course: ``asks``); else it only shows
        #: something (the analyzer's highlights), and a mouse click means what is under the pointer
        self._asks = asks
        self._shown_key: Any = None
        #: where a sheet may be pinned over the board's foot (the course on a phone): after the
        #: first picture, each change of what is lit asks the page to bring it into sight above the
        #: sheet (:attr:`ViewProbe.lit`); only on the tall board, the phone's
        self.keep_lit_in_sight = False
        self._lit_sent: tuple[Any, ...] | None = None
        #: how many times the board has been drawn (diagnostics and tests)
        self.redraw_count = 0
        self._region_callbacks = CallbackDispatcher()
        self._token_callbacks = CallbackDispatcher()
        self._click_callbacks = CallbackDispatcher()
        self.canvas.on_client_ready(self._on_client_ready)
        self.overlay.on_client_ready(self._on_overlay_ready)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.probe.on_tap(self._on_tap)
        self.probe.observe(lambda _change: self._tell(), names=["touch"])     # "You can tap" in words
        self.probe.on_board_key(self.press)
        if responsive:
            self.probe.observe(self._view_changed, names=["css_width", "dpr"])
        language.setting.observe(self._language_changed, "value")
        self.show(state, highlight=highlight, force=True)

    # ------------------------------------------------------------------ language
    @property
    def lang(self) -> str:
        """The language of the board's words: its own if set, else the notebook's."""
        return self._lang or language.current()

    @lang.setter
    def lang(self, value: str | None) -> None:
        self._lang = check_language(value) if value is not None else None
        self._show_again()

    def _language_changed(self, _: Any = None) -> None:
        if self._lang is None:
            self._show_again()

    def _show_again(self, force: bool = False) -> None:
        """The same picture again (new words, a new size): what is shown keeps its highlight,
        its picked tokens, its objective markers and its status line."""
        self.show(self._state, highlight=self._highlight, force=force, selected=self._selected, markers=self._markers,
                  clickable=self._asked, turn=self._turn)

    def close(self) -> None:
        if self.comm is not None:   # not closed yet (ipywidgets closes a widget again when it is collected)
            language.setting.unobserve(self._language_changed, "value")
        super().close()

    # ------------------------------------------------------------------ size
    @property
    def css_width(self) -> float:
        """The board's width on the page in CSS pixels (0 until a browser has shown it)."""
        return float(self.probe.css_width)

    @property
    def pixel_ratio(self) -> float:
        """The screen's ``devicePixelRatio`` as reported by the browser (1 until then)."""
        return float(self.probe.dpr or 1.0)

    def resize(self, width: int, height: int | None = None) -> bool:
        """Give the canvas a backing store of ``width`` x ``height`` device pixels and redraw.

        ``height`` defaults to the board's proportions.  Returns whether the size changed.
        """
        width = int(round(width))
        height = int(round(width * self._ratio)) if height is None else int(round(height))
        if (width, height) == (self.width, self.height):
            return False
        for canvas in (self.canvas, self.overlay):
            with canvas.hold_trait_notifications():
                canvas.width, canvas.height = width, height
        self._pen = CanvasPen(self.canvas)      # a resized canvas forgets its styles
        self._overlay_pen = CanvasPen(self.overlay)
        self._layer_sent = None                 # and its picture
        self._show_again(force=True)
        return True

    def _view_changed(self, _: Any = None) -> None:
        css = self.css_width
        if css <= 0:
            return
        target = int(round(min(max(css * self.pixel_ratio, self.MIN_BACKING), self.MAX_BACKING)))
        # Narrower than the wide board's words allow (under 11 CSS px): the tall board, whose
        # words are larger at the same width (a phone; docs/architecture.md, "On a phone").
        ratio = TALL_H / TALL_W if css < BOARD_MIN_CSS_WIDTH else self._ratio
        if not self.resize(target, int(round(target * ratio))) and self._awaiting_width:
            self.redraw()           # the width the board already had: the view still waits for its picture
        self._awaiting_width = False

    # ------------------------------------------------------------------ what is shown
    @property
    def state(self) -> "State | None":
        """The snapshot of the state shown (a clone of the one assigned)."""
        return self._state

    @state.setter
    def state(self, state: "State | None") -> None:
        self.show(state, highlight=self._highlight)

    @property
    def highlight(self) -> frozenset[Any]:
        """What is emphasised, as normalised by :func:`dualpowers.drawing.normalize_highlight`."""
        return self._highlight

    @highlight.setter
    def highlight(self, highlight: Any) -> None:
        self.show(self._state, highlight=highlight, selected=self._selected, markers=self._markers, turn=self._turn)

    @property
    def width(self) -> int:
        return int(self.canvas.width)

    @property
    def height(self) -> int:
        return int(self.canvas.height)

    @property
    def layout_geometry(self) -> Layout | None:
        """The board geometry in use (for hit-testing or placing overlays)."""
        if self._state is None:
            return None
        return layout_for(self._state.comp, float(self.width), float(self.height))

    def show(self, state: "State | None", highlight: Any = None, *, force: bool = False,
             conceal: Any = None, selected: Any = (), markers: Mapping[int, str] | None = None,
             clickable: Any = None, turn: bool = True) -> bool:
        """Show ``state`` with ``highlight`` in one redraw; returns whether it redrew.

        ``conceal``: regions whose strength plates show "?" (``None``: keep the current ones).
        ``markers``: the objective markers, number -> region, while a scoring is told step
        by step (``None``: as the position implies; see :func:`~dualpowers.drawing.draw_board`).
        ``clickable``: what a click may pick now, where that is not what the highlight lights
        (a lesson lights its subject, the clicks may pick more): the keys visit it, a tap reaches
        for it, the words name it (``None``: what the highlight lights for a click).
        ``turn=False``: the status line leaves out who acts and what they choose (a lesson's
        picture; see :func:`~dualpowers.drawing.draw_board`).
        Nothing is sent when the picture would not change (same position, same
        highlight), unless ``force`` is true.
        """
        hl = normalize_highlight(state, highlight)
        if conceal is not None:
            self._conceal = frozenset(conceal)
        click, rest = split_highlight(state, hl) if state is not None else (frozenset(), hl)
        placed = tuple(sorted(markers.items())) if markers is not None else None
        key = (self._key(state, rest), placed, turn)
        chosen = frozenset(x for x in selected if x in click)    # picked by the clicks so far: marked apart
        asked = click if clickable is None or state is None else split_highlight(
            state, normalize_highlight(state, clickable))[0]
        if self._cursor is not None and self._cursor[1] not in asked:
            self._cursor = None                          # what the keys stood on is no longer asked for
        layer = (key, click, chosen, asked, self._cursor)
        if not force and layer == self._layer_key:
            return False
        if force:
            self._layer_sent = None           # (the click layer goes too, even unchanged)
        if not force and key == self._shown_key:        # only what a click lights: the layer alone
            self._highlight = hl
            self._selected = chosen
            self._asked = asked
            self._layer_key = layer
            self._redraw_layer()
            self._tell()
            self._bring_lit_into_sight()
            return True
        self._state = state.clone() if state is not None else None
        self._highlight = hl
        self._selected = chosen
        self._asked = asked
        self._markers = dict(markers) if markers is not None else None
        self._turn = turn
        self._shown_key = key
        self._layer_key = layer
        self._redraw()
        self._tell()
        self._bring_lit_into_sight()
        return True

    def _bring_lit_into_sight(self) -> None:
        """Tell the page where what is lit lies, when it changed (see :attr:`keep_lit_in_sight`); the
        first picture scrolls nothing (a page opens at its title)."""
        if not self.keep_lit_in_sight or self._state is None:
            return
        previous, self._lit_sent = self._lit_sent, (self._highlight,)
        if previous is None or previous == self._lit_sent or not self._highlight:
            return
        lay = self.layout_geometry
        box = lit_box(self._state, self._highlight, width=self.width, height=self.height) \
            if lay is not None and lay.tall else None
        if box is None:
            return
        x0, y0, x1, y1 = box
        n = int(self.probe.lit[4]) + 1 if len(self.probe.lit) == 5 else 1
        self.probe.lit = [round(x0 / self.width, 4), round(y0 / self.height, 4), round(x1 / self.width, 4),
                          round(y1 / self.height, 4), n]

    def _key(self, state: "State | None", hl: frozenset[Any]) -> Any:
        if state is None:
            return (None, hl, self.width, self.height, self.lang)
        return (state.key(), id(state.comp), hl, self._conceal, self.width, self.height, self.lang)

    def _draw_layer(self) -> None:
        """Draw the click layer of what is shown into its pen: the glow of what a click lights."""
        pen = self._overlay_pen
        pen.forget_styles()     # a few commands: sent whole, so a new view of the layer gets its styles
        pen.erase()
        if self._state is not None:
            click, _rest = split_highlight(self._state, self._highlight)
            draw_click_layer(pen, self._state, click, width=self.width, height=self.height,
                             selected=self._selected, cursor=self._cursor[1] if self._cursor else None)

    def _redraw_layer(self) -> None:
        """Draw the click layer again (the board under it unchanged)."""
        with self._overlay_pen.drawing():
            self._draw_layer()
        self._layer_unchanged()
        self._overlay_pen.send()
        self.layer_redraw_count += 1

    def _layer_unchanged(self) -> bool:
        """Whether the click layer just drawn is the one last sent (then the page need not clear
        and paint it again: a card played, with nothing lit before or after)."""
        now = [(command, [bytes(b) for b in buffers]) for command, buffers in self._overlay_pen.commands]
        same, self._layer_sent = now == self._layer_sent, now
        return same

    def redraw(self) -> None:
        """Draw the whole board again (e.g. after the canvas was cleared elsewhere)."""
        self._pen.forget_shown()
        self._layer_sent = None
        self._redraw()

    def _redraw(self) -> None:
        """The board and its click layer, in one message (nothing is sent if a drawing fails): of
        the board, only the parts that changed (the status line, the map, the side column, the
        track, the cards: ``Layout.parts``)."""
        with self._overlay_pen.drawing(), self._pen.drawing() as pen:
            self._draw_layer()
            if self._state is None:
                _ = translator(self.lang)
                draw_empty(pen, width=self.width, height=self.height, message=_("No position to show"))
            else:
                _click, rest = split_highlight(self._state, self._highlight)
                draw_board(pen, self._state, highlight=rest, width=self.width, height=self.height, lang=self.lang,
                           conceal=self._conceal, markers=self._markers, turn=self._turn)
        if self._layer_unchanged():
            self._overlay_pen.outgoing()        # (nothing to send: the page shows that layer)
            send(self._pen)
        else:
            send(self._overlay_pen, self._pen)
        self.redraw_count += 1

    def _on_client_ready(self, *_: Any) -> None:
        """A new browser view starts blank: draw again, whatever was drawn before.

        ipycanvas batches draw commands through one kernel-wide manager that
        remembers which canvas the last command went to and only sends a "switch
        canvas" command when that changes.  Under Voila the notebook, and so our
        first draws, ran before any browser existed: the browser's manager never saw
        the switch and the repaint would fail ("Cannot read properties of undefined
        (reading 'clearCanvas')"), leaving the board blank.  Forgetting the current
        canvas makes the repaint start with the switch.
        """
        _forget_current_canvas()
        if self.responsive and self.css_width <= 0:
            # The probe has not said how wide the view is yet: the board is drawn when it does, once,
            # at its final size (not at its design size and again a moment later, a visible jump);
            # at the latest after WIDTH_WAIT seconds, at the size it has.
            self._awaiting_width = True
            _later(self.WIDTH_WAIT, self._draw_if_awaiting)
            return
        self.redraw()

    #: The longest a new view waits for its width before the board is drawn anyway (seconds).
    WIDTH_WAIT = 2.0

    def _draw_if_awaiting(self) -> None:
        if self._awaiting_width:
            self._awaiting_width = False
            self.redraw()

    def _on_overlay_ready(self, *_: Any) -> None:
        """The click layer's view is new: draw that layer again (the board's own view redraws the
        board when it is ready; drawing both here would send the whole board twice)."""
        _forget_current_canvas()
        self._redraw_layer()

    # ------------------------------------------------------------------ in words
    def _tell(self) -> None:
        """The board in words, and the board's name, for what is shown now (in the board's language)."""
        lang = self.lang
        _ = translator(lang)
        self.words_toggle.description = _(T_BOARD_WORDS)
        self.probe.label = _(T_BOARD_LABEL)
        self.probe.to_board = _(T_TO_BOARD)
        if self._state is None:
            self.words.show("", [])
            return
        self.probe.names = self._place_names(lang)
        told = board_words(self._state, lit=self._asked, conceal=self._conceal, lang=lang, touch=self.probe.touch)
        paragraphs = ([told.status] + list(told.surroundings) + [" ".join(said) for _name, said in told.regions]
                      + list(told.cards))
        if told.targets:
            paragraphs.append(told.targets)
        self.words.show(_WORDS_FRAME, [f"<p>{escape(p)}</p>" for p in paragraphs])

    def _place_names(self, lang: str) -> list[list[Any]]:
        """Each region's box in fractions of the picture and its name ("Green: Vasilyevsky Island"),
        which the browser shows by the pointer and after a tap (issue 33: the board writes the
        colour alone)."""
        lay, state = self.layout_geometry, self._state
        if lay is None or state is None:
            return []
        out: list[list[Any]] = []
        # the highest a name may stand: under the status line ("White to act"), which a name over
        # the top region (red) covered (QA7)
        floor = round(lay.to_pixels(0, lay.status.bottom)[1] / self.height, 4)
        for region in state.comp.regions:
            b = lay.regions[region.name].box
            (x0, y0), (x1, y1) = lay.to_pixels(b.x, b.y), lay.to_pixels(b.right, b.bottom)
            out.append([round(x0 / self.width, 4), round(y0 / self.height, 4), round(x1 / self.width, 4),
                        round(y1 / self.height, 4), names.region_label(region.name, region.label, lang), floor])
        if state.mode == "solo":         # the Opposition's cards: the recruit value each placed (issue 33)
            for slot in lay.played_slots(state)[0]:
                if slot.side != state.opposition or slot.id not in state.comp.cards:
                    continue
                b = slot.box
                (x0, y0), (x1, y1) = lay.to_pixels(b.x, b.y), lay.to_pixels(b.right, b.bottom)
                out.append([round(x0 / self.width, 4), round(y0 / self.height, 4), round(x1 / self.width, 4),
                            round(y1 / self.height, 4), opposition_card_words(state, slot.id, lang), floor])
        return out

    def _words_opened(self, change: Any) -> None:
        """Open: the words in sight; closed: still in the page, for a screen reader."""
        if change["new"]:
            self.words.remove_class("dp-sr-only")
        else:
            self.words.add_class("dp-sr-only")

    # ------------------------------------------------------------------ keys
    def targets(self) -> list[tuple[str, Any]]:
        """What a click may pick now (the regions, tokens and roads :meth:`show` was told, by default
        those the click layer lights), in the order the arrow keys visit them."""
        if self._state is None:
            return []
        return clickable(self._state, self._asked)

    @property
    def cursor(self) -> tuple[str, Any] | None:
        """What the arrow keys stand on: ``(kind, id)`` or None."""
        return self._cursor

    def press(self, key: str) -> None:
        """A key pressed while the board has the focus (:data:`BOARD_KEYS`): the arrows, Home and
        End move among :meth:`targets`, Enter or Space clicks the one the keys stand on, Escape
        leaves it (the widget forgets its clicks on Escape itself)."""
        targets = self.targets()
        if key in ("Enter", " "):
            if self._cursor in targets:
                self._pick(self._cursor)
            return
        if key == "Escape":
            self._move_cursor(None)
            return
        if not targets:
            self._say(translator(self.lang)(T_NOTHING_TO_CLICK))
            return
        at = targets.index(self._cursor) if self._cursor in targets else None
        if key == "Home":
            to = 0
        elif key == "End":
            to = len(targets) - 1
        elif key in ("ArrowRight", "ArrowDown"):
            to = 0 if at is None else (at + 1) % len(targets)
        elif key in ("ArrowLeft", "ArrowUp"):
            to = len(targets) - 1 if at is None else (at - 1) % len(targets)
        else:
            return
        self._move_cursor(targets[to])

    def _move_cursor(self, target: tuple[str, Any] | None) -> None:
        if target == self._cursor:
            return
        self._cursor = target
        if self._state is not None:
            self._layer_key = self._layer_key[:-1] + (target,) if self._layer_key else None
            self._redraw_layer()
            if target is not None:
                self._say(target_words(self._state, *target, self.lang))

    def _say(self, text: str) -> None:
        """Words for a screen reader (a live region beside the board); the same text twice is still said."""
        self.cursor_words.value = escape(text) + ("\u200b" if self.cursor_words.value == escape(text) else "")

    # ------------------------------------------------------------------ pictures
    def to_svg(self) -> str:
        """The shown board as SVG text (same drawing as the canvas)."""
        from ..drawing.svg import board_svg
        if self._state is None:
            raise ValueError("the board shows no state")
        return board_svg(self._state, highlight=self._highlight, width=self.width, height=self.height,
                         lang=self.lang, conceal=self._conceal, markers=self._markers, turn=self._turn)

    def to_png(self) -> bytes:
        """The shown board as PNG bytes, drawn with Pillow (no browser needed)."""
        from ..drawing.png import board_png
        if self._state is None:
            raise ValueError("the board shows no state")
        return board_png(self._state, highlight=self._highlight, width=self.width, height=self.height,
                         lang=self.lang, conceal=self._conceal, markers=self._markers, turn=self._turn)

    # ------------------------------------------------------------------ clicks
    def on_region_click(self, callback: Callable[[str], Any], remove: bool = False) -> None:
        """Call ``callback(region_name)`` when a region is clicked (not on one of its tokens)."""
        self._region_callbacks.register_callback(callback, remove=remove)

    def on_token_click(self, callback: Callable[[str], Any], remove: bool = False) -> None:
        """Call ``callback(token_id)`` when a token on the board is clicked."""
        self._token_callbacks.register_callback(callback, remove=remove)

    def on_click(self, callback: Callable[[str, Any], Any], remove: bool = False) -> None:
        """Call ``callback(kind, ident)`` for every click that hits something."""
        self._click_callbacks.register_callback(callback, remove=remove)

    def on_touch(self, callback: Callable[[bool], Any]) -> None:
        """Call ``callback(touch)`` now and whenever the browser finds the screen worked by a finger
        (``True``) or a mouse (``False``): the words of a panel say "tap" or "click" accordingly."""
        callback(bool(self.probe.touch))
        self.probe.observe(lambda change: callback(bool(change["new"])), names=["touch"])

    def hit_test(self, x: float, y: float) -> tuple[str, Any] | None:
        """What is at canvas pixel (x, y): ``("token", id)``, ``("region", name)``, ... or None."""
        lay = self.layout_geometry
        if lay is None:
            return None
        return lay.hit_test(self._state, x, y)

    def tap_test(self, x: float, y: float, reach: float = TAP_REACH) -> tuple[str, Any] | None:
        """What a tap at canvas pixel (x, y) means: as :meth:`hit_test`, but a lit target within
        ``reach`` CSS px of the finger wins (:meth:`~dualpowers.drawing.layout.Layout.tap_test`)."""
        lay = self.layout_geometry
        if lay is None:
            return None
        reach = reach * self.width / self.css_width if self.css_width > 0 else reach
        return lay.tap_test(self._state, x, y, self._asked, reach)

    def _on_mouse_down(self, x: float, y: float) -> None:
        # a mouse points at one pixel, so nothing farther wins; but where the screen says what the
        # clicks ask for, a region asked for wins over a token not asked for standing in it: the
        # neutral in the middle of a region took a newcomer's click on the region and refused it,
        # where a finger's tap picked the region (QA8)
        self._pick(self.tap_test(x, y, reach=0.0) if self._asks else self.hit_test(x, y))

    def _on_tap(self, x: float, y: float) -> None:
        """A finger's tap (forwarded by the probe, which leaves swipes to the page): a click."""
        self._pick(self.tap_test(x, y))

    def _pick(self, hit: tuple[str, Any] | None) -> None:
        """One click, tap or key press on the board's ``hit``: the callbacks, in one place."""
        if hit is None:
            return
        kind, ident = hit
        if kind == "token":
            self._token_callbacks(ident)
        elif kind == "region":
            self._region_callbacks(ident)
        self._click_callbacks(kind, ident)
