"""Play a whole game in Jupyter: solo against the Opposition, or two players on one screen.

A view of the session model :class:`dualpowers.screens.play.PlaySession`: every click,
tap, key or button becomes one call on the model, and the snapshot it hands back is drawn
(:meth:`PlayWidget.draw`); the widget decides nothing.  The game is played
by clicking: the hand of the side to act is shown as cards; click a card to play
it, then a token and its destination on the board (only legal targets light up,
see :class:`dualpowers.clicks.ActionPicker`); whatever is left to
decide (which units to recruit, Inspire, Pass ...) appears as buttons in words.
Every legal action is also listed in a menu (the engine's notation) under *All
legal actions*.  *Hint* asks the advisor (:mod:`dualpowers.advisor`) to rank the
actions from the view of the side to act; the computer can also choose for you.
Keys: ``u`` or Ctrl+Z undo, ``Escape`` forgets the clicks so far, ``→`` or ``n`` the story's next step.

>>> from dualpowers.widgets.play import PlayWidget
>>> PlayWidget(mode="solo", seed=7, player="white", difficulty=3)   # doctest: +SKIP

CSS classes: ``dp-play`` (the whole widget), ``dp-board``, ``dp-hand-card`` (a card of
the hand), ``dp-choice`` (a remaining choice), ``dp-cancel``, ``dp-prompt``, ``dp-mode``,
``dp-player``, ``dp-difficulty``, ``dp-edition``, ``dp-seed``, ``dp-new-game``,
``dp-status``, ``dp-hand``,
``dp-action-group``, ``dp-action``, ``dp-action-words``, ``dp-apply``, ``dp-auto``, ``dp-auto-policy``,
``dp-hint``, ``dp-hint-view``, ``dp-undo``,
``dp-message``, ``dp-result``, ``dp-log``, ``dp-save``, ``dp-save-link``, ``dp-load``,
``dp-story`` (what the last action set going, one step at a time), ``dp-story-told`` (the
steps told before it), ``dp-round-so-far`` (this round's log, beside the board), ``dp-story-next``,
``dp-story-skip``, ``dp-story-auto`` (the story plays on by itself), ``dp-review`` (Review my game, once the game is over), ``dp-review-progress``, ``dp-moment``
(one decision of the review), ``dp-try-again``, ``dp-review-back``, ``dp-hand-over`` (two players at
one screen: the next player takes the screen before their cards show) with ``dp-take-seat``,
``dp-skipped`` (after *Skip to now*, what the skipped steps told).  The screen has
``dp-telling`` while a story is told and ``dp-handing-over`` while the screen passes to the next
player.

After each action, what it set going (the Opposition's turns, each part of the scoring) is
shown one step at a time: the step in words, the board as it stood right after it with what
it touched lit; *Next* steps on, *Skip to now* goes straight to the player's next decision, and
*Play on by itself* (off at first) steps on after a short pause until the player's decision.
The steps already told stay listed above the one on the board, and *This round so far*
beside the board reads the round back; the game log below keeps every line.

After the game, *Review my game* replays it with the advisor
(:func:`dualpowers.review.review_game`) and lists the decisions where another action would
have gained most: a click shows that position on the board with the better action lit and the
advisor's words; *Try again from here* goes on playing from it.
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import names
from ..controllers.play import AUTO_POLICY, GameSession
from ..drawing.board import REGION_COLOURS
from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..screens.play import DIFFICULTIES, CardView, ChoiceView, MenuView, PlaySession, PlaySnapshot
from ..text import translator
from . import language
from ._common import STYLE, ButtonPool, button, css, fit_labels, lines_html, log_blocks, toggle_class
from .blocks_html import SLOT, BlocksHTML
from .screen import Screen, bind_keys, button_action, phone_board_max_width

__all__ = ["PlayWidget"]

_W = widgets.Layout

PLAY_STYLE = """<style>
.dp-play .dp-screen-primary .dp-hand-cards .dp-hand-card { height: auto; min-height: 0; padding: 1px 4px 2px; white-space: pre-line;
  text-align: left; line-height: 1.2; font-size: 11.5px; overflow: hidden; text-overflow: ellipsis; border-radius: 5px;
  border: 1px solid #8f887a; border-top-width: 5px; background: var(--dp-paper); color: var(--dp-ink); }
.dp-play .dp-hand-card:hover { box-shadow: 0 0 0 3px #ff9800; }
@CARD_COLOURS@
.dp-play .dp-screen-primary .dp-hand-cards .dp-hand-card.dp-card-leader { border-top-color: #222222; }
/* the Hint's card in the Hint button's colour: the orange is the pointer's (hover) */
.dp-play .dp-hand-card.dp-hinted, .dp-play .dp-hand-card.dp-hinted:hover { box-shadow: 0 0 0 3px var(--jp-info-color1, #0097a7); }
.dp-play .dp-choice { width: 100%; height: auto; min-height: 30px; white-space: normal; text-align: left;
  line-height: 1.25; padding: 3px 8px; font-size: 13px; }
.dp-play .dp-prompt { font-size: 14px; }
/* the review's decisions: a label wraps rather than end in "…" in the narrow panel (issue 33) */
.dp-play button.dp-moment { height: auto; min-height: 28px; max-width: 100%; white-space: normal; text-align: left;
  line-height: 1.25; padding: 3px 8px; }
.dp-play .dp-review-box .dp-result-box { font-size: 14px; }
.dp-play .dp-screen .dp-screen-title { font-size: 13px; }
.dp-play .dp-result-box { font-size: 15px; padding: 6px; background: var(--dp-result-bg); color: var(--dp-ink);
  border: 1px solid #d8b54a; }
/* the story so far, beside the board: the steps already told, small, above the one on the board */
.dp-play .dp-story-told ol { margin: 0 0 4px; padding-left: 1.6em; font-size: 12.5px; line-height: 1.3; }
/* after "Skip to now": what the skipped steps told, in brief, under the notice */
.dp-play .dp-skipped { margin: 2px 0 4px; }
.dp-play .dp-skipped summary { cursor: pointer; font-weight: bold; }
.dp-play .dp-skipped ol { margin: 2px 0 0; padding-left: 1.6em; font-size: 12.5px; line-height: 1.3; }
.dp-play .dp-story-told li { margin: 1px 0; }
.dp-play .dp-round-so-far summary { cursor: pointer; font-weight: bold; padding: 2px 0; }
/* read whole beside the board: no box of its own to scroll, the panel's type */
.dp-play .dp-round-so-far .dp-log-box { max-height: none; overflow: visible; font-family: inherit; font-size: 12.5px; }
/* a phone (the panel under the board): the board no taller than the window leaves room for a
   story's step and its Next under it, and no narrower than its words allow (issue 33) */
@container (max-width: 680px) {
  .dp-play-screen .dp-screen-row > .dp-screen-board { max-width: @PHONE_BOARD@ !important; margin: 0 auto; }
  /* ... and while a story is told, the step and its buttons stick to the window's foot under the
     board: the reader follows the story without scrolling up and down at every step.  (Sticking is
     kept inside the box that holds the sticky part, so the panel's boxes give their parts to the
     board's row for the story's time: the step's box then spans the board's height.) */
  .dp-play-screen.dp-telling .dp-screen-panel, .dp-play-screen.dp-telling .dp-screen-primary,
  .dp-play-screen.dp-telling .dp-story-box { display: contents !important; }
  .dp-play-screen.dp-telling .dp-screen-row > :not(.dp-screen-board) { flex: 1 1 100% !important; min-width: 0; }
  .dp-play-screen.dp-telling .dp-story-now { position: sticky; bottom: 0; z-index: 20; box-sizing: border-box;
    padding: 4px 4px 2px; background: var(--dp-paper); color: var(--dp-ink);
    border-top: 1px solid var(--dp-line); box-shadow: 0 -3px 6px -2px rgba(0, 0, 0, 0.3); }
  /* the status heading ("What the Opposition did: Round 1, March/April 15; Will: Red; ...") is
     pinned with the step, above it: in the flow above the pinned part, its second line went under
     the step on a 390x844 phone (issue 33) */
  .dp-play-screen.dp-telling .dp-story-status { display: block; font-size: 13px; font-weight: bold;
    color: var(--dp-title); line-height: 1.3; overflow-wrap: anywhere; margin: 0 0 3px; }
  .dp-play-screen.dp-telling .dp-screen-title.dp-status { display: none !important; }
}
.dp-play .dp-story-status { display: none; }
/* While the screen passes to the next player the panel shows the notice and this round's public
   log: the narration's least height (kept so that a short text leaves the controls in place)
   would only leave an empty frame under them. */
.dp-play-screen.dp-handing-over .dp-screen-narration { min-height: 0 !important; }
/* A part sticks within the nearest box that scrolls or clips, and ipywidgets' boxes and the output
   area's clip (overflow: auto, hidden): for the story's time on a phone, the boxes that hold the
   screen let it stick to the page's own scrolling box (Voila's, the notebook's). */
@media (max-width: 680px) {
  .jupyter-widgets:has(.dp-play-screen.dp-telling), .jp-OutputArea-child:has(.dp-play-screen.dp-telling),
  .jp-OutputArea-output:has(.dp-play-screen.dp-telling), .jp-OutputArea:has(.dp-play-screen.dp-telling),
  .output_subarea:has(.dp-play-screen.dp-telling), .output_area:has(.dp-play-screen.dp-telling),
  .dp-play-screen.dp-telling, .dp-play-screen.dp-telling .dp-screen-row { overflow: visible !important; }
}
</style>"""


def _card_colours() -> str:
    """Each region's card strip in the board's own colour (a header too pale to see on
    paper, white's, takes the region's outline)."""
    rules = []
    for region, (strong, _body, _text, outline) in REGION_COLOURS.items():
        colour = outline if strong.lower() in ("#ffffff", "#fff") else strong
        # as specific as the card's own rule (its border), which would otherwise grey the strip
        rules.append(f".dp-play .dp-screen-primary .dp-hand-cards .dp-hand-card.dp-card-{region} "
                     f"{{ border-top-color: {colour}; }}")
    return "\n".join(rules)


PLAY_STYLE = PLAY_STYLE.replace("@CARD_COLOURS@", _card_colours()).replace("@PHONE_BOARD@", phone_board_max_width())


class PlayWidget(widgets.VBox):
    """A game with its board, the legal actions, undo, a log, save and load.

    A view of a :class:`~dualpowers.screens.play.PlaySession`: every event becomes a call on
    :attr:`model`, and every snapshot it hands back is drawn by :meth:`draw`.  Every word
    follows the notebook's language (:mod:`dualpowers.widgets.language`).
    """

    def __init__(self, session: GameSession | None = None, *, mode: str = "solo", seed: int | None = None,
                 player: str = "red", difficulty: int = 1, edition: str | None = None,
                 width: float = BOARD_W, height: float = BOARD_H, save_folder: str | os.PathLike[str] = ".",
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-play")
        lang = language.current()
        #: the session model: every piece of the screen's state, and the snapshot drawn here
        #: (edition None: the notebook language's edition, followed until the reader picks one)
        self.model = (PlaySession(session, lang=lang) if session is not None else
                      PlaySession(lang=lang, mode=mode, seed=seed, player=player, difficulty=difficulty,
                                  edition=edition))
        #: the game being played (:class:`~dualpowers.controllers.play.GameSession`)
        self.session = self.model.game
        g = self.session
        self._syncing = False
        from .board import BoardWidget
        self.board = BoardWidget(g.state, width=width, height=height, asks=True)
        self.board.on_click(self.click)
        self.board.on_touch(self.model.set_touch)      # a finger or a mouse: "tap" or "click"

        # ---- new game
        self.mode = css(widgets.ToggleButtons(options=[("Solo", "solo"), ("Two players, hot seat", "two-player")],
                                              value=g.mode, description="Game"), "dp-mode")
        self.player = css(widgets.ToggleButtons(options=["red", "white"], value=g.player, description="You play"),
                          "dp-player")
        self.difficulty = css(widgets.IntSlider(value=g.difficulty, min=DIFFICULTIES[0], max=DIFFICULTIES[-1],
                                                description="Difficulty X"), "dp-difficulty")
        self.edition = css(widgets.Dropdown(options=[("French / English (fr)", "fr"), ("Italian (it)", "it")],
                                            value=g.edition, description="Edition"), "dp-edition")
        self.edition.observe(self._edition_picked, "value")
        # Empty: a fresh random deal.  The game's own seed is never shown here during a game:
        # it would rebuild the face-down cards (the result names it once the game is over).
        self.seed = css(widgets.Text(value="", placeholder="random", description="Deal (seed)",
                                     layout=_W(width="220px")), "dp-seed")
        fit_labels(self.mode, self.player, self.difficulty, self.edition, self.seed)
        self.new_game = button("New game", "dp-new-game", style="info", icon="play")
        self.mode.observe(lambda _: self._mode_changed(), "value")
        self._mode_changed()
        self.setup_title = widgets.HTML("<b>New game</b>")
        #: the notebook's language: this menu switches every widget of the notebook
        self.language_menu = language.picker(width="220px")
        self.language_menu.style.description_width = "initial"
        setup = widgets.VBox([self.language_menu, self.setup_title, self.mode, self.player, self.difficulty,
                              self.edition, widgets.HBox([self.seed, self.new_game], layout=_W(flex_flow="row wrap"))])

        # ---- the turn
        self.hand = css(widgets.HTML(), "dp-hand")
        self.group = css(widgets.ToggleButtons(options=[], description="", style={"button_width": "auto"}),
                         "dp-action-group")
        self.action = css(widgets.Dropdown(options=[], description="Action", layout=_W(width="100%")), "dp-action")
        # the selected action's words in full, wrapped: a closed menu cuts a long one
        self.action_words = css(widgets.HTML(layout=_W(width="100%")), "dp-action-words")
        self.apply_button = button("Apply", "dp-apply", style="success", icon="check")
        self.auto_button = button("Let the computer choose", "dp-auto",
                                  tooltip="Apply the action the chosen computer player picks")
        self.auto_policy = css(widgets.Dropdown(
            options=[("the Hint", "hint"), ("greedy player", "greedy"), ("random player", "random"),
                     ("first legal action", "first")],
            value=AUTO_POLICY, description="Computer", layout=_W(width="260px")), "dp-auto-policy")
        self.hint_button = button("Hint", "dp-hint", style="info", icon="lightbulb-o",
                                  tooltip="Ask the advisor to rank your actions (about a second)")
        self.hint_view = css(widgets.HTML(), "dp-hint-view")
        # ---- playing by clicks
        self.prompt = css(widgets.HTML(), "dp-prompt")
        self.hand_cards = css(widgets.HBox(layout=_W(flex_flow="row wrap", grid_gap="4px", width="100%")),
                              "dp-hand-cards")
        self.choices = css(widgets.VBox(layout=_W(width="100%")), "dp-choices")
        self.cancel_button = button("Cancel the clicks", "dp-cancel", icon="times")
        self.end_new_game = button("New game", "dp-end-new-game", style="info", icon="play")
        self.undo_button = button("Undo", "dp-undo", style="warning", icon="undo")
        # ---- what the last action set going, one step at a time
        #: the steps already told, above the one on the board (the story beside the board)
        self.story_told = css(widgets.HTML(), "dp-story-told")
        self.story_view = css(widgets.HTML(), "dp-story", "dp-live")     # each step read out as it comes
        self.story_next = button("Next", "dp-story-next", style="info", icon="step-forward")
        self.story_skip = button("Skip to now", "dp-story-skip", icon="fast-forward")
        #: the story steps on by itself, a pause between steps, until the player's decision
        self.story_auto = css(widgets.Checkbox(value=False, description="Play on by itself", indent=False,
                                               layout=_W(width="auto")), "dp-story-auto")
        fit_labels(self.story_auto)        # its label in every language, not cut at 80 px
        self.story_auto.observe(lambda _: self._story_timer(), "value")
        self._story_pending: Any = None
        # The step on the board and its buttons first, the steps before it under them (newest
        # first): a long story (a scoring tells twenty steps) no longer pushes Next off the screen.
        # On a phone the step and its buttons are pinned at the window's foot while the story is
        # told (PLAY_STYLE), under a board no taller than the window leaves room for them.
        #: the status heading again, inside the part pinned on a phone (PLAY_STYLE shows it there
        #: only): pinned under it, the step covered the heading's second line (issue 33)
        self.story_status = css(widgets.HTML(), "dp-story-status")
        self.story_now = css(widgets.VBox([self.story_status, self.story_view,
                                           widgets.HBox([self.story_next, self.story_skip, self.story_auto],
                                                        layout=_W(flex_flow="row wrap", align_items="center"))],
                                          layout=_W(width="100%")), "dp-story-now")
        self.story_box = css(widgets.VBox([self.story_now, self.story_told],
                                          layout=_W(width="100%", display="none")), "dp-story-box")
        #: two players at one screen, between their turns: the next player takes the screen before
        #: their cards show (its words and its button come from the snapshot)
        self.hand_over_text = css(widgets.HTML(), "dp-hand-over-text", "dp-live")
        self.take_seat_button = button("", "dp-take-seat", style="info", icon="eye")
        self.take_seat_button.on_click(lambda _: self.model.take_seat())
        self.hand_over_box = css(widgets.VBox([self.hand_over_text, self.take_seat_button],
                                              layout=_W(width="100%", display="none")), "dp-hand-over")
        #: after "Skip to now": what the skipped steps told, folded under its count
        self.skipped_view = css(widgets.HTML(), "dp-skipped-view")
        #: this round so far, beside the board (the whole log stays below it), sent as it grows
        self.round_view = css(BlocksHTML(newest_first=True, layout=_W(width="100%")), "dp-round-so-far")
        # ---- the review, once the game is over
        self.review_button = button("Review my game", "dp-review", icon="search")
        self.review_progress = widgets.IntProgress(value=0, min=0, max=1, layout=_W(width="100%"))
        #: the bar's words ("Reviewing your game: decision 3 of 28"), also the progress bar a screen
        #: reader reads (role progressbar, its value in words): the bar alone said nothing (issue 33)
        self.review_progress_words = widgets.HTML(layout=_W(width="100%"))
        self.review_progress_box = css(widgets.VBox([self.review_progress_words, self.review_progress],
                                                    layout=_W(width="100%", display="none")), "dp-review-progress")
        self.try_again = button("Try again from here", "dp-try-again", style="success", icon="repeat")
        self.review_back = button("Back to the end of the game", "dp-review-back", icon="arrow-right")
        self.back_to_finished = button("Back to the finished game", "dp-back-to-finished", icon="history")
        # The review's rows are made once; a snapshot changes their words and what is shown.
        self.review_note = widgets.HTML()
        self.review_moments = widgets.HBox(layout=_W(flex_flow="row wrap"))
        self.review_controls = widgets.HBox([self.try_again, self.review_back], layout=_W(flex_flow="row wrap"))
        self.review_explain = widgets.HTML()
        # the explanation right under the decisions, the buttons after it: at 1280x720 it ran below
        # the window under the intro, the decisions and the buttons (issue 33)
        self.review_box = css(widgets.VBox([self.review_note, self.review_moments, self.review_explain,
                                            self.review_controls], layout=_W(width="100%")), "dp-review-box")
        # Buttons made once and reused: the hand's cards, the remaining choices, the review's moments.
        self._card_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="calc(50% - 10px)")),
                                      lambda card: self.model.click("card", card))
        self._choice_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="100%")), self.model.play)
        self._moment_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="auto")), self.model.show_moment)
        self.message = css(widgets.HTML(), "dp-message")
        self.result = css(widgets.HTML(), "dp-result")
        #: the game log, newest first, sent as it grows
        self.log_view = css(BlocksHTML(newest_first=True), "dp-log")

        # ---- save / load: files, never the game's JSON on screen (it holds the hidden cards)
        self.save_folder = Path(save_folder)
        self.save_button = button("Save to a file", "dp-save", icon="save")
        self.save_link = css(widgets.HTML(), "dp-save-link")
        self.load_upload = css(widgets.FileUpload(accept=".json,application/json", multiple=False,
                                                  description="Load a saved game", layout=_W(width="auto")),
                               "dp-load")

        # ---- events become calls on the model (it hands back a snapshot, drawn by draw())
        m = self.model
        self.new_game.on_click(lambda _: self._new_game())
        self.end_new_game.on_click(lambda _: self._new_game())
        self.cancel_button.on_click(lambda _: m.cancel())
        self.story_next.on_click(lambda _: m.story_step())
        self.story_skip.on_click(lambda _: m.story_step(skip=True))
        self.review_button.on_click(lambda _: self.review())
        self.try_again.on_click(lambda _: m.try_again())
        self.review_back.on_click(lambda _: m.show_moment(None))
        self.back_to_finished.on_click(lambda _: m.back_to_finished())
        self.group.observe(self._group_picked, "value")
        self.action.observe(self._menu_action_picked, "value")
        self.apply_button.on_click(lambda _: m.play(self.action.value))
        self.auto_button.on_click(lambda _: m.auto(self.auto_policy.value))
        self.hint_button.on_click(lambda _: m.hint())
        self.undo_button.on_click(lambda _: m.undo())
        self.save_button.on_click(lambda _: m.save(self.save_folder))
        self.load_upload.observe(self._uploaded, "value")

        # One screen: the board beside a panel (see dualpowers.widgets.screen).
        self.all_actions = widgets.Accordion(children=[widgets.VBox([
            self.group, self.action, self.action_words,
            widgets.HBox([self.apply_button], layout=_W(flex_flow="row wrap")),
            self.auto_policy])], layout=_W(width="100%"))
        self.log_title = widgets.HTML("<b>Game log</b> (most recent first)")
        self.save_title = widgets.HTML()
        self.screen = Screen(
            self.board,
            title="",
            # the next click's prompt and the answer to the last one right under the story, above the
            # cards and the choices it speaks of ("or choose below"): a long list of choices or the
            # round's story never pushes them out of the window (issue 33, QA6)
            primary=[self.story_box, self.hand_over_box, self.prompt, self.message, self.hand_cards, self.choices,
                     # "Let the computer choose" beside the Hint, where a player looks when it is
                     # their turn (it sat in the closed list of every action, unfound: issue 33)
                     widgets.HBox([self.undo_button, self.hint_button, self.auto_button, self.cancel_button,
                                   self.end_new_game,
                                   self.review_button, self.back_to_finished], layout=_W(flex_flow="row wrap")),
                     self.review_progress_box, self.review_box],
            # this round so far, newest first, under the hint and above what is known of the hands: at
            # 1280x720 its newest blocks open beside the board, where under the hands they opened
            # below the window (QA8); opened, it pushes no card, prompt or button out of the window
            narration=[self.result, self.hint_view, self.round_view, self.hand, self.skipped_view],
            secondary=[self.all_actions, setup],
            below=[self.log_title, self.log_view, self.save_title,
                   widgets.HBox([self.save_button, self.load_upload], layout=_W(flex_flow="row wrap")), self.save_link],
            narration_height="min(190px, 28vh)",
        )
        self.screen.add_class("dp-play-screen")
        self.status = self.screen.title
        self.status.add_class("dp-status")
        bind_keys(self.screen, {"u": button_action(self.undo_button), "ctrl+z": button_action(self.undo_button),
                                "Escape": m.cancel, "ArrowRight": m.story_step, "n": m.story_step})
        self.children = [widgets.HTML(STYLE + PLAY_STYLE), self.screen]
        self._drawn: PlaySnapshot | None = None
        self._review_shown: int | None = None     # the review's decision drawn last (its explanation kept in view)
        m.observe(self.draw)
        language.observe(self._language_changed)
        self._relabel()
        self.refresh()

    # ------------------------------------------------------------------ calls a test or a notebook makes
    def click(self, kind: str, ident: Any) -> None:
        """A click on a card of the hand or on the board (see :meth:`PlaySession.click`)."""
        self.model.click(kind, ident)

    def story_step(self, skip: bool = False) -> None:
        """The story's next step (``skip``: straight to now)."""
        self.model.story_step(skip)

    def show_moment(self, index: int | None) -> None:
        """Show the review's ``index``-th moment (``None``: the end of the game)."""
        self.model.show_moment(index)

    def review(self, playouts: int | None = None) -> Any:
        """Review the finished game with the advisor, a progress bar filling as it goes."""
        bar, box = self.review_progress, self.review_progress_box
        bar.value, bar.max = 0, 1
        self._review_words(0, 0)
        box.layout.display = None
        self.review_button.disabled = True

        def progress(done: int, total: int) -> None:
            bar.max, bar.value = max(total, 1), done
            self._review_words(done, total)

        try:
            if playouts is None:
                return self.model.review(progress=progress)
            return self.model.review(playouts, progress=progress)
        finally:
            box.layout.display = "none"
            self.review_button.disabled = False

    def _review_words(self, done: int, total: int) -> None:
        """The review's progress in the model's words, shown over the bar and given to a screen
        reader as the value of a progress bar."""
        words = escape(self.model.review_progress(done, total))
        self.review_progress_words.value = (
            f"<div class='dp-review-progress-words' role='progressbar' aria-valuemin='0' "
            f"aria-valuemax='{max(total, 1)}' aria-valuenow='{done}' aria-valuetext='{words}'>{words}</div>")

    def load_saved(self, data: bytes | str) -> None:
        """Replace the game with a saved one (a file's bytes); on failure say why and change nothing."""
        self.model.load(data)

    def refresh(self) -> None:
        """Draw the model's snapshot again."""
        self.draw(self.model.snapshot)

    # ------------------------------------------------------------------ language
    def _edition_picked(self, change: Any) -> None:
        if not self._syncing:                   # not the snapshot being drawn: the reader's pick
            self.model.pick_edition(change["new"])

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        self.model.set_language(lang)        # writes the log again; the snapshot follows

    def close(self) -> None:
        language.unobserve(self._language_changed)
        super().close()

    def _relabel(self) -> None:
        """Every fixed word of the widget in the notebook's language."""
        lang = language.current()
        _ = translator(lang)

        def options(menu: Any, pairs: list[tuple[str, Any]]) -> None:
            value = menu.value
            menu.options = pairs
            menu.value = value

        options(self.mode, [(_("Solo"), "solo"), (_("Two players, hot seat"), "two-player")])
        options(self.player, [(names.side_label("red", lang), "red"), (names.side_label("white", lang), "white")])
        syncing, self._syncing = self._syncing, True     # new words for the same value: not the reader's pick
        try:
            options(self.edition, [(_("French / English (fr)"), "fr"), (_("Italian (it)"), "it")])
        finally:
            self._syncing = syncing
        options(self.auto_policy, [(_("the Hint"), "hint"), (_("greedy player"), "greedy"),
                                   (_("random player"), "random"),
                                   (_("first legal action"), "first")])
        self.mode.description = _("Game")
        self.player.description = _("You play")
        self.difficulty.description = _("Difficulty X")
        self.edition.description = _("Edition")
        self.seed.description = _("Deal (seed)")
        self.seed.placeholder = _("random")
        self.action.description = _("Action")
        self.language_menu.description = _("Language")
        self.auto_policy.description = _("Computer")
        for b, text in ((self.new_game, _("New game")), (self.end_new_game, _("New game")),
                        (self.apply_button, _("Apply")),
                        (self.undo_button, _("Undo")),
                        (self.save_button, _("Save to a file")), (self.review_button, _("Review my game")),
                        (self.try_again, _("Try again from here")), (self.story_skip, _("Skip to now")),
                        (self.story_next, _("Next")),
                        (self.review_back, _("Back to the end of the game")),
                        (self.back_to_finished, _("Back to the finished game"))):
            b.description = b.tooltip = text
        self.story_auto.description = _("Play on by itself")
        self.story_auto.tooltip = _("Each step stays a moment on screen, then the next comes, until your turn")
        self.auto_button.description = _("Let the computer choose")
        self.auto_button.tooltip = _("Apply the action the chosen computer player picks")
        # (the Hint button's words are drawn from the snapshot: they say when the advisor is thinking)
        self.hint_button.tooltip = _("Ask the advisor to rank your actions (about a second)")
        self.load_upload.description = _("Load a saved game")
        new_game = _("New game")
        self.setup_title.value = f"<b>{escape(new_game)}</b>"
        self.log_title.value = _("<b>Game log</b> (most recent first)")
        self.save_title.value = _("<b>Save and load</b>: a saved game is a JSON file (the options, the list of "
                                  "actions and the position, hidden cards included).")
        self.all_actions.set_title(0, _("Every action you may take, in a list"))

    # ------------------------------------------------------------------ events
    def _mode_changed(self) -> None:
        solo = self.mode.value == "solo"
        self.player.disabled = self.difficulty.disabled = not solo

    def _new_game(self) -> None:
        self.model.new_game(self.mode.value, self.seed.value, player=self.player.value,
                            difficulty=int(self.difficulty.value))

    def _group_picked(self, change: Any) -> None:
        if not self._syncing:                   # not the snapshot being drawn: the reader's pick
            self.model.pick_group(change["new"])

    def _menu_action_picked(self, change: Any) -> None:
        if not self._syncing:
            self.model.pick_menu_action(change["new"])

    def _uploaded(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self.load_upload.value = ()             # the same file may be chosen again later
        self.model.load(bytes(upload["content"]))

    # ------------------------------------------------------------------ drawing
    def draw(self, snap: PlaySnapshot) -> None:
        """Bring every part of the screen in line with ``snap`` (a message is sent only for what
        changed since the last snapshot drawn)."""
        before = self._drawn
        self._drawn = snap
        lang = snap.lang
        _ = translator(lang)
        # The board first: the browser handles the messages in order, so the picture a click
        # waits for is painted before the panel's words and menus follow.
        b = snap.board
        self.board.show(b.position, highlight=list(b.highlight), selected=b.selected,
                        markers=dict(b.markers) if b.markers is not None else None)
        story = snap.story
        self.story_box.layout.display = None if story is not None else "none"
        if story is not None:
            step = _("Step {n} of {count}", n=story.at + 1, count=story.count)
            working = "".join(f"<div class='dp-working'>{escape(line)}</div>" for line in story.working)
            self.story_view.value = (f"<div class='dp-result-box' aria-current='step'><b>{escape(step)}</b><br>"
                                     f"{escape(story.told[-1])}{working}</div>")
            earlier = "".join(f"<li>{escape(text)}</li>" for text in reversed(story.told[:-1]))
            self.story_told.value = f"<ol reversed>{earlier}</ol>" if earlier else ""
            with self.story_next.hold_sync():
                self.story_next.description = self.story_next.tooltip = story.next_label
            self.story_skip.layout.display = None if story.can_skip else "none"
            if before is not None and before.story is None:
                # a story begins: its Next takes the focus, so the story comes into view (the
                # button pressed may be far below it, in the menu) and Enter goes on with it;
                # on a phone the board's top comes into view, the step being pinned under it
                self.story_next.focus()
                self.board.probe.story_into_view += 1
        hand_over = snap.hand_over
        self.hand_over_box.layout.display = None if hand_over is not None else "none"
        if hand_over is not None:
            self.hand_over_text.value = f"<div class='dp-result-box'>{escape(hand_over.text)}</div>"
            with self.take_seat_button.hold_sync():
                self.take_seat_button.description = hand_over.button
            if before is None or before.hand_over != hand_over:
                self.take_seat_button.focus()      # Enter takes the screen; nothing else is to be done
        toggle_class(self.screen, "dp-telling", story is not None)
        toggle_class(self.screen, "dp-handing-over", hand_over is not None)
        self._set_children(self.hand_cards, [self._card_button(btn, card) for btn, card in
                                             zip(self._card_pool.take(len(snap.cards)), snap.cards)])
        self.hand_cards.layout.display = None if snap.cards else "none"
        self._set_children(self.choices, [self._choice_button(btn, choice) for btn, choice in
                                          zip(self._choice_pool.take(len(snap.choices)), snap.choices)])
        self.cancel_button.layout.display = None if snap.can_cancel else "none"
        with self.cancel_button.hold_sync():
            self.cancel_button.description = self.cancel_button.tooltip = snap.cancel_label
        self.prompt.value = snap.prompt_html
        self.status.value = self.story_status.value = escape(snap.status)
        self.hand.value = lines_html(snap.hand_lines)
        if before is None or before.log != snap.log or before.lang != lang:
            blocks, note = log_blocks(snap.log, lang=lang)
            self.log_view.show(_LOG_FRAME, blocks, note)
        if before is None or before.round_so_far != snap.round_so_far or before.lang != lang:
            self._draw_round(snap)
        self._draw_menu(snap)
        self.apply_button.disabled = self.auto_button.disabled = not snap.can_act or snap.thinking
        with self.hint_button.hold_sync():       # one message for the button's changes
            self.hint_button.disabled = not snap.can_act or snap.thinking
            self.hint_button.description = _("Thinking…") if snap.thinking else _("Hint")
            self.hint_button.icon = "hourglass-half" if snap.thinking else "lightbulb-o"
        self.group.disabled = self.action.disabled = self.auto_policy.disabled = not snap.can_act
        self.undo_button.disabled = not snap.can_undo
        # After the game: who won and why, and a New game button; no more actions offered.
        self.end_new_game.layout.display = None if snap.over else "none"
        self.hint_button.layout.display = self.auto_button.layout.display = "none" if snap.over else None
        self.review_button.layout.display = None if snap.can_review else "none"
        self.back_to_finished.layout.display = None if snap.can_return else "none"
        self.hint_view.value = snap.hint_html
        self.result.value = f"<div class='dp-result-box'><b>{escape(snap.result)}</b></div>" if snap.result else ""
        self._draw_review(snap)
        self._draw_setup(snap)
        cls = "dp-error-box" if snap.notice_error else "dp-ok-box"
        self.message.value = f"<span class='{cls}'>{escape(snap.notice)}</span>" if snap.notice else ""
        skipped = ""
        if snap.skipped:
            # folded under its count, after what is known of the cards: under the notice (and open)
            # it pushed the hand's cards and lines out of the window beside the board
            steps = "".join(f"<li>{escape(text)}</li>" for text in snap.skipped)
            n = len(snap.skipped)
            title = escape(_.ngettext("What you skipped ({n} step)", "What you skipped ({n} steps)", n))
            skipped = f"<details class='dp-skipped'><summary>{title}</summary><ol>{steps}</ol></details>"
        if self.skipped_view.value != skipped:
            self.skipped_view.value = skipped
        # the answer to a click on the board, in the window: on a phone the panel is under the
        # board and a refusal or the next tap's prompt came out of sight (issue 33, QA6); where it
        # is in view already (beside the board) nothing scrolls
        if before is not None and snap.story is None:
            if snap.notice and snap.notice_error and (snap.notice, snap.board.selected) != (before.notice,
                                                                                       before.board.selected):
                self.screen.keep_in_view(".dp-message")
            elif snap.can_cancel and snap.board.selected != before.board.selected:
                self.screen.keep_in_view(".dp-prompt")
            elif before.cards and not snap.cards and snap.can_act and snap.board.highlight:
                # a card played, the board asks the next taps: on a phone (the panel under the
                # board) the board comes into view, its prompt under it; the player scrolled up
                # to the board after every card
                self.board.probe.board_into_view += 1
            elif before.story is not None and snap.cards:
                # the Opposition's turn told, the player's cards are the next taps (on a phone they
                # were below the window; beside the board they are in view and nothing moves)
                self.screen.keep_in_view(".dp-hand-cards")
        saved = snap.saved
        label = _("Download {file}", file=saved.name) if saved is not None else ""
        self.save_link.value = (f"<a download='{escape(saved.name)}' href='data:application/json;base64,{saved.data}'>"
                                f"{escape(label)}</a>") if saved is not None else ""
        self._story_timer()

    def _draw_round(self, snap: PlaySnapshot) -> None:
        """This round so far, newest first (the oldest fell below the window), folded under its
        title (the story beside the board); nothing while the round has no entry."""
        if not snap.round_so_far:
            self.round_view.show("", [])
            return
        _ = translator(snap.lang)
        title = _("This round so far (most recent first)")
        blocks, _note = log_blocks(snap.round_so_far, newest_first=True, limit=None)
        self.round_view.show(f"<details><summary>{escape(title)}</summary>{_LOG_FRAME}</details>", blocks)

    def _draw_setup(self, snap: PlaySnapshot) -> None:
        """The set-up form's edition: the one the next game plays (it follows the language until picked)."""
        if self.edition.value != snap.next_edition:
            self._syncing = True
            try:
                self.edition.value = snap.next_edition
            finally:
                self._syncing = False

    def _draw_menu(self, snap: PlaySnapshot) -> None:
        # no menu (the game over, the screen passing to the next player): the menus hold nothing
        menu = snap.menu or _NO_MENU
        self.all_actions.layout.display = None if snap.menu_shown else "none"
        self._syncing = True
        try:
            # (label, value) pairs, as the menus keep them: a menu is sent again only when it
            # changed, its options and its choice in one message
            with self.group.hold_sync():
                if tuple(self.group.options) != menu.groups:
                    self.group.options = menu.groups
                self.group.value = menu.group
            with self.action.hold_sync():
                if tuple(self.action.options) != menu.actions:
                    self.action.options = menu.actions
                self.action.value = menu.action
            self.action_words.value = escape(menu.chosen)
        finally:
            self._syncing = False

    def _draw_review(self, snap: PlaySnapshot) -> None:
        review = snap.review
        self.review_box.layout.display = "none" if review is None else None
        if review is None:
            return
        self.review_note.value = escape(review.intro)
        self.review_note.layout.display = None if review.intro else "none"
        buttons = self._moment_pool.take(len(review.moments))
        for i, (b, label) in enumerate(zip(buttons, review.moments)):
            b.dp_value = i
            b.description = label
            b.button_style = "warning" if i == review.shown else ""
            _classes(b, "dp-moment")
        self._set_children(self.review_moments, buttons)
        shown = review.shown is not None
        self.review_controls.layout.display = None if shown else "none"
        self.review_explain.layout.display = None if shown else "none"
        self.review_explain.value = (f"<div class='dp-result-box'>{escape(review.explanation)}</div>"
                                     if shown else "")
        if shown and review.shown != self._review_shown:
            self.screen.keep_in_view(".dp-review-box .dp-result-box")     # the explanation, whole if it fits
        self._review_shown = review.shown

    def _story_timer(self) -> None:
        """With *Play on by itself*, the step shown moves on after the time to read it (the
        snapshot's ``story.pause``); each new step starts the wait again, and the player's
        decision ends it."""
        if self._story_pending is not None:
            self._story_pending.cancel()
            self._story_pending = None
        at = self.model.story_at
        if self.story_auto.value and at is not None and self.model.moment is None:

            def step() -> None:
                self._story_pending = None
                if self.model.story_at == at and self.story_auto.value:
                    self.model.story_step()

            story = self._drawn.story if self._drawn is not None else None
            self._story_pending = self._later(story.pause if story is not None else 2.0, step)

    @staticmethod
    def _later(delay: float, callback: Any) -> Any:
        """Call ``callback`` after ``delay`` seconds on the kernel's event loop; returns a handle
        with ``cancel()`` (tests replace this)."""
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        return loop.call_later(delay, callback)

    @staticmethod
    def _set_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
        """Change a box's children only when they differ (no message otherwise)."""
        if list(box.children) != children:
            box.children = children

    @staticmethod
    def _card_button(b: widgets.Button, card: CardView) -> widgets.Button:
        """A button of the pool made into a card of the hand."""
        b.dp_value = card.card
        with b.hold_sync():                     # the button's changes in one message
            b.description, b.tooltip = card.text, card.tooltip
            _classes(b, "dp-hand-card", f"dp-card-{card.colour}", f"dp-card-id-{card.card}",
                     *(("dp-hinted",) if card.hinted else ()))
        return b

    @staticmethod
    def _choice_button(b: widgets.Button, choice: ChoiceView) -> widgets.Button:
        """A button of the pool made into one remaining choice (its tip: what it does and its rule)."""
        b.dp_value = choice.action
        with b.hold_sync():                     # the button's changes in one message
            b.description, b.tooltip = choice.text, choice.tooltip
            _classes(b, "dp-choice", "dp-choice-" + choice.word)
            b.button_style = "warning" if choice.hinted else ""
        return b


#: The log's box; its blocks go inside (:class:`~dualpowers.widgets.blocks_html.BlocksHTML`).
_LOG_FRAME = f"<div class='dp-log-box' {SLOT}></div>"
#: The menus of a snapshot without one: empty (drawn through the same path as any menu).
_NO_MENU = MenuView((), None, (), None)


def _classes(widget: widgets.DOMWidget, *classes: str) -> None:
    """Give ``widget`` exactly these CSS classes (one message, and only if they change)."""
    if tuple(widget._dom_classes) != classes:
        widget._dom_classes = classes
