"""Play a whole game in Jupyter: solo against the Opposition, or two players on one screen.

A thin ipywidgets view over :class:`dualpowers.controllers.GameSession`, played
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
``dp-status``, ``dp-hand``, ``dp-filter``, ``dp-clear-filter``,
``dp-action-group``, ``dp-action``, ``dp-apply``, ``dp-auto``, ``dp-auto-policy``,
``dp-hint``, ``dp-hint-view``, ``dp-undo``,
``dp-message``, ``dp-result``, ``dp-log``, ``dp-save``, ``dp-save-link``, ``dp-load``,
``dp-story`` (what the last action set going, one step at a time), ``dp-story-next``,
``dp-story-skip``, ``dp-story-auto`` (the story plays on by itself), ``dp-review`` (Review my game, once the game is over), ``dp-review-progress``, ``dp-moment``
(one decision of the review), ``dp-try-again``, ``dp-review-back``.

After each action, what it set going (the Opposition's turns, each part of the scoring) is
shown one step at a time: the step in words, the board as it stood right after it with what
it touched lit; *Next* steps on, *Skip to now* goes straight to the player's next decision, and
*Play on by itself* (off at first) steps on after a short pause until the player's decision.
The game log keeps every line for reading back.

After the game, *Review my game* replays it with the advisor
(:func:`dualpowers.review.review_game`) and lists the decisions where another action would
have gained most: a click shows that position on the board with the better action lit and the
advisor's words; *Try again from here* goes on playing from it.
"""

from __future__ import annotations

import base64
import os
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..opposition import DIFFICULTIES
from ..scoring import face_up_objective, objective_markers

from ..drawing.board import REGION_COLOURS
from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from .. import names
from ..controllers.play import GameSession, LoadError
from ..setup import edition_for
from ..describe import label as kind_label
from ..kinds import highlight as action_highlight
from ..clicks import ActionPicker
from ..review import REVIEW_PLAYOUTS, Moment, Review, review_game
from ..describe import describe
from ..errors import DualPowersError, brief
from ..i18n import number
from ..text import Message, field_naming, render, translator
from ..narrate import message_text, refusal_text
from . import language
from ._common import STYLE, ButtonPool, button, css, fit_labels, lines_html, log_html, working_html
from .screen import Screen, bind_keys, button_action

__all__ = ["PlayWidget"]

_W = widgets.Layout

PLAY_STYLE = """<style>
.dp-play .dp-screen-primary .dp-hand-cards .dp-hand-card { height: auto; min-height: 0; padding: 1px 4px 2px; white-space: pre-line;
  text-align: left; line-height: 1.2; font-size: 11.5px; overflow: hidden; text-overflow: ellipsis; border-radius: 5px;
  border: 1px solid #8f887a; border-top-width: 5px; background: var(--dp-paper); color: var(--dp-ink); }
.dp-play .dp-hand-card:hover { box-shadow: 0 0 0 3px #ff9800; }
@CARD_COLOURS@
.dp-play .dp-hand-card.dp-card-leader { border-top-color: #222222; }
/* the Hint's card in the Hint button's colour: the orange is the pointer's (hover) */
.dp-play .dp-hand-card.dp-hinted, .dp-play .dp-hand-card.dp-hinted:hover { box-shadow: 0 0 0 3px var(--jp-info-color1, #0097a7); }
.dp-play .dp-choice { width: 100%; height: auto; min-height: 30px; white-space: normal; text-align: left;
  line-height: 1.25; padding: 3px 8px; font-size: 13px; }
.dp-play .dp-prompt { font-size: 14px; }
.dp-play .dp-screen .dp-screen-title { font-size: 13px; }
.dp-play .dp-result-box { font-size: 15px; padding: 6px; background: var(--dp-result-bg); color: var(--dp-ink);
  border: 1px solid #d8b54a; }
</style>"""


def _card_colours() -> str:
    """Each region's card strip in the board's own colour (a header too pale to see on
    paper, white's, takes the region's outline)."""
    rules = []
    for region, (strong, _body, _text, outline) in REGION_COLOURS.items():
        colour = outline if strong.lower() in ("#ffffff", "#fff") else strong
        rules.append(f".dp-play .dp-hand-card.dp-card-{region} {{ border-top-color: {colour}; }}")
    return "\n".join(rules)


PLAY_STYLE = PLAY_STYLE.replace("@CARD_COLOURS@", _card_colours())


#: Event kinds that start the part of an action's story worth telling step by step (what the
#: player did not do themselves: the Opposition's turns, the scoring and the cleanup).
_STORY_KINDS = frozenset({"opposition", "phase", "unrest", "objective", "score", "reveal", "exhaust", "cleanup",
                          "round", "trotsky", "end"})
#: The board part each kind of event touches, lit beside the names the event cites.
_STORY_PARTS = {"score": "score", "unrest": "score", "objective": "score", "will": "will", "date": "date",
                "trotsky": "date", "round": "status", "end": "score"}


def _story_highlight(event: Any) -> list[Any]:
    """What an event touched, to light on its board: the regions, tokens and cards it names (a
    card played, in the row, or an objective face up, by the track), and the part of the board
    its kind is about."""
    board = event.board
    comp = board.comp
    played = {c for cards in board.played.values() for c in cards}
    face_up = {face_up_objective(board, side) for side in ("red", "white")}
    lit: list[Any] = []
    named: list[tuple[str, Any]] = list(event.params.items())
    for field, value in named:
        if isinstance(value, Message):       # a part of the sentence (the Opposition's objective's summary)
            named.extend(value.params.items())
            continue
        for v in (value if isinstance(value, (tuple, list)) else (value,)):
            if not isinstance(v, str) or field_naming(field) not in ("region", "token", "card"):
                continue
            if v in comp.region_index or (v in comp.tokens and board.place.get(v) in comp.region_index) \
                    or v in played or v in face_up:
                if v not in lit:
                    lit.append(v)
    part = _STORY_PARTS.get(event.kind)
    if part is not None:
        lit.append(part)
    return lit


class PlayWidget(widgets.VBox):
    """A game with its board, the legal actions, undo, a log, save and load.

    Every word follows the notebook's language (:mod:`dualpowers.widgets.language`).
    """

    def __init__(self, session: GameSession | None = None, *, mode: str = "solo", seed: int | None = None,
                 player: str = "red", difficulty: int = 1, edition: str | None = None,
                 width: int = BOARD_W, height: int = BOARD_H, save_folder: str | os.PathLike[str] = ".",
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-play")
        # edition None: the edition of the notebook's language (Italian: E-IT), and the menu
        # follows the language until the reader picks an edition of their own.
        self._edition_chosen = edition is not None or session is not None
        self.session = session if session is not None else GameSession(
            mode=mode, seed=seed, player=player, difficulty=difficulty,
            edition=edition if edition is not None else edition_for(language.current()))
        g = self.session
        g.set_language(language.current())
        self._syncing = False
        from .board import BoardWidget
        self.board = BoardWidget(g.state, width=width, height=height)
        self.board.on_click(self._board_clicked)
        self.picker = ActionPicker(g.state, lists=False)

        # ---- new game
        self.mode = css(widgets.ToggleButtons(options=[("Solo", "solo"), ("Two players, hot seat", "two-player")],
                                              value=g.mode, description="Game"), "dp-mode")
        self.player = css(widgets.ToggleButtons(options=["red", "white"], value=g.player, description="You play"),
                          "dp-player")
        self.difficulty = css(widgets.IntSlider(value=g.difficulty, min=DIFFICULTIES[0], max=DIFFICULTIES[-1], description="Difficulty X"),
                              "dp-difficulty")
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
        self.filter_label = css(widgets.HTML(), "dp-filter")
        self.clear_filter = button("Show all actions", "dp-clear-filter")
        self.group = css(widgets.ToggleButtons(options=[], description="", style={"button_width": "auto"}),
                         "dp-action-group")
        self.action = css(widgets.Dropdown(options=[], description="Action", layout=_W(width="100%")), "dp-action")
        self.apply_button = button("Apply", "dp-apply", style="success", icon="check")
        self.auto_button = button("Let the computer choose", "dp-auto",
                                  tooltip="Apply the action the chosen computer player picks")
        self.auto_policy = css(widgets.Dropdown(
            options=[("greedy player", "greedy"), ("random player", "random"), ("first legal action", "first")],
            value="greedy", description="Computer", layout=_W(width="260px")), "dp-auto-policy")
        self.hint_button = button("Hint", "dp-hint", style="info", icon="lightbulb-o",
                                  tooltip="Ask the advisor to rank your actions (about a second)")
        self.hint_view = css(widgets.HTML(), "dp-hint-view")
        # ---- playing by clicks
        self.prompt = css(widgets.HTML(), "dp-prompt")
        self.hand_cards = css(widgets.HBox(layout=_W(flex_flow="row wrap", grid_gap="4px", width="100%")),
                              "dp-hand-cards")
        self.choices = css(widgets.VBox(layout=_W(width="100%")), "dp-choices")
        self.cancel_button = button("Cancel the clicks", "dp-cancel", icon="times")
        self.cancel_button.on_click(lambda _: self._cancel())
        self.end_new_game = button("New game", "dp-end-new-game", style="info", icon="play")
        self.end_new_game.on_click(lambda _: self._new_game())
        self._hint_at: Any = None                  # the position (State.key) the shown hint is about
        self._hint_highlight: list[Any] = []
        self._hint_action: Any = None
        self.undo_button = button("Undo", "dp-undo", style="warning", icon="undo")
        # ---- what the last action set going, one step at a time
        self.story_view = css(widgets.HTML(), "dp-story", "dp-live")     # each step read out as it comes
        self.story_next = button("Next", "dp-story-next", style="info", icon="step-forward")
        self.story_next.on_click(lambda _: self.story_step())
        self.story_skip = button("Skip to now", "dp-story-skip", icon="fast-forward")
        self.story_skip.on_click(lambda _: self.story_step(skip=True))
        #: the story steps on by itself, a pause between steps, until the player's decision
        self.story_auto = css(widgets.Checkbox(value=False, description="Play on by itself", indent=False,
                                               layout=_W(width="auto")), "dp-story-auto")
        fit_labels(self.story_auto)        # its label in every language, not cut at 80 px
        self.story_auto.observe(lambda _: self._story_timer(), "value")
        #: seconds each step stays on screen when the story plays on by itself
        self.story_pause = 1.5
        self._story_pending: Any = None
        self.story_box = css(widgets.VBox([self.story_view, widgets.HBox([self.story_next, self.story_skip,
                                                                          self.story_auto],
                                                                         layout=_W(flex_flow="row wrap",
                                                                                   align_items="center"))],
                                          layout=_W(width="100%", display="none")), "dp-story-box")
        self._story: list[Any] = []            # the steps shown (events with their boards)
        self._story_seen: Any = None           # the session's story they came from
        self._story_at: int | None = None      # the step on the board, None: the game as it stands
        # ---- the review, once the game is over
        self.review_button = button("Review my game", "dp-review", icon="search")
        self.review_button.on_click(lambda _: self.review())
        self.review_progress = css(widgets.IntProgress(value=0, min=0, max=1, layout=_W(width="100%", display="none")),
                                   "dp-review-progress")
        self.try_again = button("Try again from here", "dp-try-again", style="success", icon="repeat")
        self.try_again.on_click(lambda _: self._try_again())
        self.review_back = button("Back to the end of the game", "dp-review-back", icon="arrow-right")
        self.review_back.on_click(lambda _: self.show_moment(None))
        #: after "try again from here": the finished game (its save and its review), to go back to
        self._finished: tuple[str, Review] | None = None
        self.back_to_finished = button("Back to the finished game", "dp-back-to-finished", icon="history")
        self.back_to_finished.on_click(lambda _: self._back_to_finished())
        # The review's rows are made once; a refresh changes their words and what is shown.
        self.review_note = widgets.HTML()
        self.review_moments = widgets.HBox(layout=_W(flex_flow="row wrap"))
        self.review_controls = widgets.HBox([self.try_again, self.review_back], layout=_W(flex_flow="row wrap"))
        self.review_explain = widgets.HTML()
        self.review_box = css(widgets.VBox([self.review_note, self.review_moments, self.review_controls,
                                            self.review_explain], layout=_W(width="100%")), "dp-review-box")
        # Buttons made once and reused: the hand's cards, the remaining choices, the review's moments.
        self._card_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="calc(50% - 10px)")),
                                      lambda card: self.click("card", card))
        self._choice_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="100%")), lambda a: self._play(a))
        self._moment_pool = ButtonPool(lambda: widgets.Button(layout=_W(width="auto")), lambda i: self.show_moment(i))
        self._review: Review | None = None
        self._moment: Moment | None = None
        self.message = css(widgets.HTML(), "dp-message")
        self.result = css(widgets.HTML(), "dp-result")
        self.log_view = css(widgets.HTML(), "dp-log")

        # ---- save / load: files, never the game's JSON on screen (it holds the hidden cards)
        self.save_folder = Path(save_folder)
        self.save_button = button("Save to a file", "dp-save", icon="save")
        self.save_link = css(widgets.HTML(), "dp-save-link")
        self.load_upload = css(widgets.FileUpload(accept=".json,application/json", multiple=False,
                                                  description="Load a saved game", layout=_W(width="auto")),
                               "dp-load")

        self.new_game.on_click(lambda _: self._new_game())
        self.clear_filter.on_click(lambda _: self.session.clear_filter())
        self.group.observe(lambda _: self._fill_actions(), "value")
        self.apply_button.on_click(lambda _: self._apply())
        self.auto_button.on_click(lambda _: self._auto())
        self.hint_button.on_click(lambda _: self._hint())
        self.undo_button.on_click(lambda _: self.session.undo())
        self.save_button.on_click(lambda _: self._save())
        self.load_upload.observe(self._uploaded, "value")

        # One screen: the board beside a panel (see dualpowers.widgets.screen).
        self.all_actions = widgets.Accordion(children=[widgets.VBox([
            widgets.HBox([self.filter_label, self.clear_filter]), self.group, self.action,
            widgets.HBox([self.apply_button, self.auto_button], layout=_W(flex_flow="row wrap")),
            self.auto_policy])], layout=_W(width="100%"))
        self.log_title = widgets.HTML("<b>Game log</b> (most recent first)")
        self.save_title = widgets.HTML()
        self.screen = Screen(
            self.board,
            title="",
            primary=[self.story_box, self.hand_cards, self.choices,
                     widgets.HBox([self.undo_button, self.hint_button, self.cancel_button, self.end_new_game,
                                   self.review_button, self.back_to_finished], layout=_W(flex_flow="row wrap")),
                     self.review_progress, self.review_box],
            narration=[self.prompt, self.result, self.message, self.hint_view, self.hand],
            secondary=[self.all_actions, setup],
            below=[self.log_title, self.log_view, self.save_title,
                   widgets.HBox([self.save_button, self.load_upload], layout=_W(flex_flow="row wrap")), self.save_link],
            narration_height="min(190px, 28vh)",
        )
        self.screen.add_class("dp-play-screen")
        self.status = self.screen.title
        self.status.add_class("dp-status")
        bind_keys(self.screen, {"u": button_action(self.undo_button), "ctrl+z": button_action(self.undo_button),
                                "Escape": self._cancel, "ArrowRight": self.story_step, "n": self.story_step})
        self.children = [widgets.HTML(STYLE + PLAY_STYLE), self.screen]
        g.on_change(lambda _: self.refresh())
        language.observe(self._language_changed)
        self._relabel()
        self.refresh()

    # ------------------------------------------------------------------ language
    def _edition_picked(self, change: Any) -> None:
        if not self._following_language:
            self._edition_chosen = True

    _following_language = False

    def _language_changed(self, lang: str) -> None:
        if not self._edition_chosen:          # the next game plays the new language's edition
            self._following_language = True
            try:
                self.edition.value = edition_for(lang)
            finally:
                self._following_language = False
        self._relabel()
        self._say("")                        # the last message is in the old language
        self.session.set_language(lang)      # writes the log again and refreshes
        self.refresh()

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
        options(self.player, [(names.side("red", lang), "red"), (names.side("white", lang), "white")])
        following, self._following_language = self._following_language, True   # not the reader's pick
        try:
            options(self.edition, [(_("French / English (fr)"), "fr"), (_("Italian (it)"), "it")])
        finally:
            self._following_language = following
        options(self.auto_policy, [(_("greedy player"), "greedy"), (_("random player"), "random"),
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
                        (self.clear_filter, _("Show all actions")), (self.apply_button, _("Apply")),
                        (self.undo_button, _("Undo")), (self.cancel_button, _("Cancel the clicks")),
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
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("Ask the advisor to rank your actions (about a second)")
        self.load_upload.description = _("Load a saved game")
        new_game = _("New game")
        self.setup_title.value = f"<b>{escape(new_game)}</b>"
        self.log_title.value = _("<b>Game log</b> (most recent first)")
        self.save_title.value = _("<b>Save and load</b>: a saved game is a JSON file (the options, the list of "
                                  "actions and the position, hidden cards included).")
        self.all_actions.set_title(0, _("All legal actions (the engine's notation)"))
        self.picker.lang = lang

    # ------------------------------------------------------------------ handlers
    def _mode_changed(self) -> None:
        solo = self.mode.value == "solo"
        self.player.disabled = self.difficulty.disabled = not solo

    def _say(self, text: str, error: bool = False) -> None:
        cls = "dp-error-box" if error else "dp-ok-box"
        self.message.value = f"<span class='{cls}'>{escape(text)}</span>" if text else ""

    def _new_game(self) -> None:
        lang = language.current()
        _ = translator(lang)
        text = self.seed.value.strip()
        if text and not text.lstrip("-").isdigit():
            self._say(_("No new game: the deal is a whole number, or empty for a random deal (not {value}).",
                        value=brief(text, 30)), error=True)
            return
        self._finished = None                   # a new game: the one tried again from is let go
        try:
            self.session.new_game(self.mode.value, int(text) if text else None, player=self.player.value,
                                  difficulty=int(self.difficulty.value), edition=self.edition.value)
        except ValueError as exc:
            self._say(_("No new game: {reason}", reason=refusal_text(exc, lang)), error=True)
        self.save_link.value = ""

    def _filter(self, *, region: str | None = None, token: str | None = None) -> None:
        """Narrow the *All legal actions* menu to what concerns a region or a token."""
        self.session.set_filter(region=region, token=token)

    # ------------------------------------------------------------------ playing by clicks
    def click(self, kind: str, ident: Any) -> None:
        """A click on a card of the hand or on the board: ``("card", id)``, ``("token", id)``,
        ``("region", name)``, ``("connection", (a, b))``.  Plays the action once the clicks
        pick exactly one; otherwise lights up what may be clicked next."""
        if self.session.is_over() or kind not in ("card", "token", "region", "connection"):
            return
        chosen = self.picker.click(kind, ident)
        if chosen is not None:
            self._play(chosen)
            return
        if self.picker.message:
            self._say(self.picker.message, error=True)
        else:
            self._say("")
        self._show_picks()

    def _board_clicked(self, kind: str, ident: Any) -> None:
        self.click(kind, ident)

    def _play(self, action: Any) -> None:
        try:
            self.session.apply(action)
        except DualPowersError as exc:
            lang = language.current()
            _ = translator(lang)
            self._say(_("Not allowed: {reason}", reason=refusal_text(exc, lang)), error=True)

    def _cancel(self) -> None:
        self.picker.reset()
        self._say("")
        self._show_picks()

    def _apply(self) -> None:
        text = self.action.value
        if not text:
            _ = translator(language.current())
            self._say(_("There is no action to apply."), error=True)
            return
        try:
            self.session.apply(text)
        except DualPowersError as exc:
            lang = language.current()
            _ = translator(lang)
            self._say(_("Not allowed: {reason}", reason=refusal_text(exc, lang)), error=True)

    def _auto(self) -> None:
        try:
            self.session.auto(self.auto_policy.value)
        except DualPowersError as exc:
            self._say(refusal_text(exc, language.current()), error=True)

    def _hint(self) -> None:
        """Rank the legal actions with the advisor, show the best three and preselect the best."""
        g = self.session
        try:
            ranking = g.hint()
        except DualPowersError as exc:
            self._say(refusal_text(exc, language.current()), error=True)
            return
        best = ranking.best
        s = g.state
        self._hint_at = s.key()
        self._hint_action = best.action
        self._hint_highlight = action_highlight(s, best.action)
        lang = language.current()
        _ = translator(lang)
        # The action in words only: the engine's notation (English words) is for scripts and
        # the menu of all legal actions, never in the learner's text.
        fields = dict(playouts=number(ranking.playouts, lang, digits=0), side=ranking.side,
                      action=escape(g.describe(best.action)))
        if self._hint_highlight:
            intro = _("<b>Advisor</b> ({playouts} playouts, seeing only what {side} sees): best is <b>{action}</b>, "
                      "highlighted on the board and selected below.", **fields)
        else:                            # nothing to light up: do not say there is
            intro = _("<b>Advisor</b> ({playouts} playouts, seeing only what {side} sees): best is <b>{action}</b>, "
                      "selected below.", **fields)
        # The advice in words (dualpowers.advisor.explain): what each of the first three rows of
        # the ranking changes, where it leaves the player (at the end of the round, or, for a
        # ranking of whole games, in the game), how sure; equal actions show their shared rank.
        unranked = "–"                          # an action no playout tried has no rank
        outlook = _("at the end of the round") if ranking.horizon == "round" else _("for the game")
        changes, how_sure = escape(_("what it changes")), escape(_("how sure"))
        # One block per action, not a five-column table: in the panel's column a table's cells
        # broke words in the middle ("Kere nsky", "abo ut").
        rows = "".join(
            f"<li><b>{r.rank or unranked}. {escape(g.describe(r.action))}</b><br>"
            f"<i>{changes}</i>: "
            f"{'; '.join(escape(message_text(e, lang)) for e in r.effect_messages)}<br>"
            f"<i>{escape(outlook)}</i>: {escape(message_text(r.outlook_message(), lang))}<br>"
            f"<i>{how_sure}</i>: {escape(message_text(ranking.sureness_message(r), lang))}</li>"
            for r in ranking.actions[:3])
        verdict = ranking.behind_message()
        behind = f"<p><b>{escape(message_text(verdict, lang))}</b></p>" if verdict is not None else ""
        sure = _("How sure: {sureness}.", sureness=escape(message_text(ranking.sureness_message(), lang)))
        chance = ranking.chance_message()
        if chance is not None:
            sure += f"</p><p>{escape(message_text(chance, lang))}"
        # The Hint leads with one reason in the game's words (issue 35); the figures are one click away.
        lead = _("Best: <b>{action}</b>. {reason}", action=fields["action"],
                 reason=escape(message_text(ranking.reason_message(), lang)))
        figures = escape(_("How the advisor measured it"))
        warning = ranking.warning_message()
        warn = f"<p><b>{escape(message_text(warning, lang))}</b></p>" if warning is not None else ""
        self.hint_view.value = (
            f"<div class='dp-hint-box'><p>{lead}</p>{warn}{behind}<details class='dp-hint-figures'>"
            f"<summary>{figures}</summary>{intro}<p>{sure}</p>"
            f"<ul class='dp-hint-rows'>{rows}</ul></details></div>")
        self.refresh()
        self._select(best.action)

    def _select(self, action: Any) -> None:
        """Show ``action`` in the action menus (its group, then the action itself)."""
        word = type(action).word
        if word in [v for _, v in self.group.options]:
            self.group.value = word
        if str(action) in [v for _, v in self.action.options]:
            self.action.value = str(action)

    def _save(self) -> None:
        """Write the game to a file beside the notebook and offer it for download; the text
        itself never appears on screen (it holds the hidden cards)."""
        lang = language.current()
        _ = translator(lang)
        try:
            path = self.session.save_file(self.save_folder)
        except OSError as exc:
            self._say(_("The game could not be saved: {reason}", reason=exc.strerror or type(exc).__name__),
                      error=True)
            return
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        label = _("Download {file}", file=path.name)
        self.save_link.value = (f"<a download='{escape(path.name)}' href='data:application/json;base64,{data}'>"
                                f"{escape(label)}</a>")
        self._say(_("Saved in {file}, beside the notebook. The file holds the hidden cards (the hands, the "
                    "objectives, the deck): keep it out of your opponent's sight.", file=path.name))

    def _uploaded(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self.load_upload.value = ()             # the same file may be chosen again later
        self.load_saved(bytes(upload["content"]))

    def load_saved(self, data: bytes | str) -> None:
        """Replace the game with a saved one (a file's bytes); on failure say why and change nothing."""
        lang = language.current()
        _ = translator(lang)
        try:
            self.session.load(data)
        except LoadError as exc:
            self._say(_("Load refused, the game is unchanged: {reason}", reason=refusal_text(exc, lang)), error=True)
        except Exception as exc:  # never silent: ipywidgets would swallow it
            self._say(_("Load refused: {reason}", reason=f"{type(exc).__name__}: {brief(str(exc), 200)}"),
                      error=True)
        else:
            self.save_link.value = ""

    # ------------------------------------------------------------------ drawing
    def _fill_actions(self) -> None:
        if self._syncing:
            return
        g = self.session
        group = self.group.value
        acts = g.groups().get(group, []) if group else []
        self.action.options = [(g.describe(a), str(a)) for a in acts]
        self.action.value = str(acts[0]) if acts else None

    def refresh(self) -> None:
        """Bring the board, the cards, the choices, the menus, the log and the result in line
        with the session."""
        g = self.session
        s = g.state
        if self.picker.state is not s or self.picker.legal != g.legal():
            self.picker = ActionPicker(s, g.legal(), lists=False)
            self.picker.lang = language.current()
        lang = language.current()
        _ = translator(lang)
        if self._hint_at is not None and self._hint_at != s.key():
            self._hint_at, self._hint_highlight, self._hint_action = None, [], None
            self.hint_view.value = ""
        over = s.is_over()
        if not over and (self._review is not None or self._moment is not None):
            self._review, self._moment = None, None       # a new game, or play goes on: the review is gone
        # The board and what to click first: the browser handles the messages in order, so the
        # picture a click waits for is painted before the panel's words and menus follow.
        self._show_picks()
        self._show_told()
        if g.filter_region or g.filter_token:
            what = escape(names.region(g.filter_region, lang) if g.filter_region else names.token(g.filter_token, lang))
            n = g.filter_matches()
            self.filter_label.value = (_("Actions about <b>{what}</b> ({n})", what=what, n=n) if n
                                       else _("Nothing about <b>{what}</b>: all actions shown", what=what))
            self.clear_filter.disabled = False
        else:
            self.filter_label.value = ""
            self.clear_filter.disabled = True
        groups = g.groups()
        old = self.group.value
        self._syncing = True
        try:
            self.group.options = [(_("{kind} ({n})", kind=kind_label(k, lang), n=len(v)), k)
                                  for k, v in groups.items()]
            if groups:
                self.group.value = old if old in groups else next(iter(groups))
        finally:
            self._syncing = False
        self._fill_actions()
        self.apply_button.disabled = self.auto_button.disabled = self.hint_button.disabled = over or not groups
        self.group.disabled = self.action.disabled = over
        self.undo_button.disabled = not g.can_undo
        # After the game: who won and why, and a New game button; no more actions offered.
        self.end_new_game.layout.display = None if over else "none"
        self.hint_button.layout.display = "none" if over else None
        self.review_button.layout.display = None if over and self._review is None else "none"
        self.back_to_finished.layout.display = None if self._finished is not None else "none"
        self._show_review()
        if g.message:
            self._say(g.message)

    def _show_picks(self) -> None:
        """The hand as cards, the remaining choices as buttons, the board lit where a click leads on."""
        g = self.session
        s = g.state
        if self._moment is None and self._show_story():
            return
        over = s.is_over()
        pk = self.picker
        hl: list[Any] = list(pk.lit())
        if g.filter_region and g.filter_region not in hl:
            hl.append(g.filter_region)
        if g.filter_token and g.filter_token in s.comp.tokens and g.filter_token not in hl:
            hl.append(g.filter_token)
        hl.extend(x for x in self._hint_highlight if x not in hl)
        if self._moment is not None:          # a decision of the review: its position, the better action lit
            m = self._moment
            self.board.show(m.position, highlight=action_highlight(m.position, m.better))
        else:
            self.board.show(s, highlight=hl, selected=[i for k, i in pk.picked if k == "token"])
        self.story_box.layout.display = "none"
        cards = [] if over or pk.picked else [k for kind, k in pk.next_targets() if kind == "card"]
        hinted = {getattr(self._hint_action, "card", None)} if self._hint_action is not None else set()
        self._set_children(self.hand_cards, [self._card_button(b, c, c in hinted)
                                             for b, c in zip(self._card_pool.take(len(cards)), cards)])
        self.hand_cards.layout.display = None if cards else "none"
        choices = [] if over else pk.choices()
        self._set_children(self.choices, [self._choice_button(b, a)
                                          for b, a in zip(self._choice_pool.take(len(choices)), choices)])
        self.cancel_button.layout.display = None if pk.picked else "none"
        self.prompt.value = "" if over else self._prompt_text(cards, choices)

    # ------------------------------------------------------------------ step by step
    def story_step(self, skip: bool = False) -> None:
        """Show the next step of what the last action set going (``skip``: go straight to now)."""
        if self._story_at is None:
            return
        self._story_at = None if skip or self._story_at + 1 >= len(self._story) else self._story_at + 1
        self._show_picks()
        self._show_told()

    def _show_told(self) -> None:
        """The status line, the cards, the game log and the legal actions as far as they may tell:
        while a story is told, as its step stood and up to its action (the rest would tell what is
        still to come); else the game as it stands.  Only a new action or a story's step changes them, never a click."""
        g = self.session
        telling = self._story_at is not None and self._moment is None
        board = self._story[self._story_at].board if telling else None
        self.status.value = escape(g.status(board))
        # the hand is not listed again under its cards (seven of them pushed these lines under the fold)
        self.hand.value = lines_html(g.hand_lines(board, hand=self.hand_cards.layout.display == "none", played=False))
        self.log_view.value = log_html(g.log[:g.story_log_start] if telling else g.log)
        # the legal actions are the next decision's: listed once the story reaches it (none after the game)
        self.all_actions.layout.display = "none" if telling or g.state.is_over() else None
        # who won, once the story of the last action reaches the end (at its first step the board and
        # the status line still showed a player to act beside 'Red wins')
        result = "" if telling else g.result()
        self.result.value = f"<div class='dp-result-box'><b>{escape(result)}</b></div>" if result else ""

    def _story_timer(self) -> None:
        """With *Play on by itself*, the step shown moves on after :attr:`story_pause` seconds;
        each new step starts the wait again, and the player's decision ends it."""
        if self._story_pending is not None:
            self._story_pending.cancel()
            self._story_pending = None
        if self.story_auto.value and self._story_at is not None and self._moment is None:
            at = self._story_at

            def step() -> None:
                self._story_pending = None
                if self._story_at == at and self.story_auto.value:
                    self.story_step()

            self._story_pending = self._later(self.story_pause, step)

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

    def _show_story(self) -> bool:
        """Show the current step of the story, if one is being told; False when there is none."""
        g = self.session
        if g.story is not self._story_seen:            # a new action: tell what it set going
            self._story_seen = g.story
            steps = [e for e in g.story if e.board is not None]
            # told step by step when the action set something going beyond the player's own
            # move (a card the Opposition reveals, its turn, the scoring ...), from that move on
            told = any(i and (e.kind in _STORY_KINDS or e.kind == "play") for i, e in enumerate(steps))
            self._story = steps if told else []
            self._story_at = 0 if self._story else None
        at = self._story_at
        if at is None:
            self.story_box.layout.display = "none"
            return False
        event = self._story[at]
        markers = objective_markers(self._story[:at + 1])
        self.board.show(event.board, highlight=_story_highlight(event), markers=markers)   # the picture first
        self.story_box.layout.display = None
        lang = language.current()
        _ = translator(lang)
        step = _("Step {n} of {count}", n=at + 1, count=len(self._story))
        said = message_text(event.message, lang)
        self.story_view.value = (f"<div class='dp-result-box'><b>{escape(step)}</b><br>{escape(said)}"
                                 f"{working_html(event, lang)}</div>")
        last = at + 1 >= len(self._story)
        ending = _("The final position") if g.state.is_over() else _("Your turn")
        self.story_next.description = self.story_next.tooltip = ending if last else _("Next")
        self.story_skip.layout.display = "none" if last else None
        self.hand_cards.layout.display = "none"
        self._set_children(self.choices, [])
        self.cancel_button.layout.display = "none"
        self.prompt.value = ""
        self._story_timer()
        return True

    # ------------------------------------------------------------------ the review
    def review(self, playouts: int = REVIEW_PLAYOUTS) -> Review:
        """Replay the game with the advisor and list the decisions where another action would
        have gained most (:func:`dualpowers.review.review_game`), with a progress bar."""
        self._story_at = None                   # the last action's story is over: the review replaces it
        bar = self.review_progress
        bar.value, bar.max = 0, 1
        bar.layout.display = None
        self.review_button.disabled = True

        def progress(done: int, total: int) -> None:
            bar.max, bar.value = max(total, 1), done

        try:
            self._review = review_game(self.session, playouts=playouts, progress=progress)
        finally:
            bar.layout.display = "none"
            self.review_button.disabled = False
        self._moment = None
        self.refresh()
        return self._review

    def show_moment(self, index: int | None) -> None:
        """Show the review's ``index``-th moment on the board (None: back to the end of the game)."""
        review = self._review
        if review is None:
            return
        self._moment = None if index is None else review.moments[index]
        self.refresh()

    def _try_again(self) -> None:
        """Play on from the moment shown: the game is rewound there (its log and undo kept),
        and the finished game is kept to go back to."""
        m, review = self._moment, self._review
        if m is None or review is None:
            return
        self._finished = (self.session.save(), review)
        self._review, self._moment = None, None
        self.session.rewind(m.index)

    def _back_to_finished(self) -> None:
        """The finished game again, with its review (after a "try again from here")."""
        if self._finished is None:
            return
        saved, review = self._finished
        self._finished = None
        self.session.load(saved)
        self._review = review
        self.refresh()
        _ = translator(language.current())
        self._say(_("The finished game is back, with its review."))

    def _show_review(self) -> None:
        review = self._review
        self.review_box.layout.display = "none" if review is None else None
        if review is None:
            return
        lang = language.current()
        _ = translator(lang)
        self.review_note.value = escape(message_text(review.intro(), lang))
        buttons = self._moment_pool.take(len(review.moments))
        for i, (b, m) in enumerate(zip(buttons, review.moments)):
            b.dp_value = i
            b.description = message_text(m.label(), lang)
            b.button_style = "warning" if m is self._moment else ""
            _classes(b, "dp-moment")
        self._set_children(self.review_moments, buttons)
        shown = self._moment is not None
        self.review_controls.layout.display = None if shown else "none"
        self.review_explain.layout.display = None if shown else "none"
        self.review_explain.value = (f"<div class='dp-result-box'>{escape(self._moment.explain(lang))}</div>"
                                     if self._moment is not None else "")

    @staticmethod
    def _set_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
        """Change a box's children only when they differ (no message otherwise)."""
        if list(box.children) != children:
            box.children = children

    def _prompt_text(self, cards: list[str], choices: list[Any]) -> str:
        pk = self.picker
        lang = language.current()
        _ = translator(lang)
        if pk.picked:
            def said(kind: str, ident: Any) -> str:
                if kind == "connection":
                    return f"{names.colour(ident[0], lang)}-{names.colour(ident[1], lang)}"
                if kind == "region":
                    return names.region(ident, lang)
                if kind == "card":
                    return names.card(ident, lang)
                return names.token(str(ident), lang)
            what = ", ".join(said(k, i) for k, i in pk.picked)
            head = _("Chosen: <b>{what}</b>.", what=escape(what)) + " "
        else:
            head = ""
        said = pk.next_clicks(cards=bool(cards), buttons=bool(choices))
        return head + (escape(render(said, lang)) if said is not None else "")

    def _card_button(self, b: widgets.Button, card: str, hinted: bool = False) -> widgets.Button:
        """A button of the pool made into ``card`` of the hand."""
        comp = self.session.state.comp
        lang = language.current()
        _ = translator(lang)
        if card in comp.cards:
            c = comp.cards[card]
            text = _("{card}\n{days} days · {vp} VP\n{action}, recruit {recruit}", card=names.card(card, lang),
                     days=c.days, vp=c.vp, action=names.card_action(c.action, lang), recruit=c.recruit)
            colour = c.region
        elif card in comp.leaders:
            lead = comp.leaders[card]
            text = _("{card}\n{days} days\n{special}", card=names.leader(card, lang), days=lead.days,
                     special=names.special(lead.special, lang))
            colour = "leader"
        else:
            text, colour = card, "leader"
        tip = (_("Choose {card}", card=names.card(card, lang)) if self.session.state.step == "objective"
               else _("Play {card}", card=names.card(card, lang)))
        b.dp_value = card
        b.description, b.tooltip = text, tip
        _classes(b, "dp-hand-card", f"dp-card-{colour}", f"dp-card-id-{card}", *(("dp-hinted",) if hinted else ()))
        return b

    def _choice_button(self, b: widgets.Button, action: Any) -> widgets.Button:
        """A button of the pool made into one remaining choice."""
        said = describe(self.session.state, action, language.current())
        # the tooltip says what the action does and its rule, in the notebook's language (the
        # engine's notation stays in the menu of all legal actions)
        b.dp_value = action
        b.description, b.tooltip = said.text, said.line()
        _classes(b, "dp-choice", "dp-choice-" + type(action).word)
        b.button_style = "warning" if self._hint_action is not None and action == self._hint_action else ""
        return b


def _classes(widget: widgets.DOMWidget, *classes: str) -> None:
    """Give ``widget`` exactly these CSS classes (one message, and only if they change)."""
    if tuple(widget._dom_classes) != classes:
        widget._dom_classes = classes
