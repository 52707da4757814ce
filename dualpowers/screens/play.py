"""The play screen's session model: a game, and everything a person's play of it remembers.

:class:`~dualpowers.controllers.play.GameSession` is the game (its start, its actions, its
log, undo, save and load).  A :class:`PlaySession` adds what the screen remembers between
two events: the clicks so far (:class:`~dualpowers.clicks.ActionPicker`), the step of the
story being told, the hint shown, the review and the moment of it on the board, the menu
of all legal actions, the last notice.  After each change it hands its observers one
:class:`PlaySnapshot`: what the board draws and lights, the cards and the choices to
click, the words of the panel.  The widget (:class:`dualpowers.widgets.play.PlayWidget`)
draws the snapshot and turns clicks, taps and keys into calls here, so a click's path is
widget → session → engine → snapshot → widget, each hop once.

What each legal action looks like (its words, its group, its clicks) is computed once per
position and language, whatever the number of clicks made in it.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import names
from ..clicks import NOT_ALLOWED, ActionPicker
from ..actions import parse_action
from ..controllers.play import GameSession, LoadError, LogEntry, action_groups, side_label
from ..describe import describe, label as kind_label
from ..errors import DualPowersError, brief
from ..i18n import number
from ..kinds import highlight as action_highlight
from ..narrate import refusal_text
from ..narration import story_part
from ..opposition import DIFFICULTIES
from ..review import REVIEW_PLAYOUTS, Moment, Review, review_game
from ..scoring import face_up_objective, objective_markers
from ..setup import EDITIONS, edition_for
from ..userfiles import os_reason
from ..text import N_, Message, field_naming, html_param, render, translator
from ..working import event_details
from .observed import Observed

if TYPE_CHECKING:
    from ..actions import Action
    from ..advisor import Ranking
    from ..describe import ActionDescription
    from ..state import Event, State

__all__ = ["DIFFICULTIES", "PlaySession", "PlaySnapshot", "BoardView", "CardView", "ChoiceView", "StoryView", "MenuView",
           "HandOverView",
           "ReviewView", "SavedFile", "STORY_KINDS"]

#: Event kinds that start the part of an action's story worth telling step by step (what the
#: player did not do themselves: the Opposition's turns, the scoring and the cleanup).
STORY_KINDS = frozenset({"opposition", "phase", "unrest", "objective", "score", "reveal", "exhaust", "cleanup",
                         "round", "trotsky", "end"})
#: The board part each kind of event touches, lit beside the names the event cites.
_STORY_PARTS = {"score": "score", "unrest": "score", "objective": "score", "will": "will", "date": "date",
                "trotsky": "date", "round": "status", "end": "score"}


# ---------------------------------------------------------------------------- the snapshot
@dataclass(frozen=True)
class BoardView:
    """What the board draws: a position, what is lit, what the clicks so far picked, and the
    objective markers while a scoring is told (``None``: as the position implies)."""

    position: "State"
    highlight: tuple[Any, ...] = ()
    selected: tuple[str, ...] = ()
    markers: tuple[tuple[int, str], ...] | None = None
    #: a position of the past (a step of a story, a decision of the review), not the game as it stands
    past: bool = False


@dataclass(frozen=True)
class CardView:
    """A card of the hand, to click: its words (three lines), what a pointer's tip says."""

    card: str
    text: str
    tooltip: str
    colour: str          #: the card's region, or "leader"
    hinted: bool = False


@dataclass(frozen=True)
class ChoiceView:
    """One remaining choice, as a button: the action, its words and its rule."""

    action: "Action"
    text: str
    tooltip: str
    word: str            #: the kind of action ("recruit", "pass" ...)
    hinted: bool = False


@dataclass(frozen=True)
class StoryView:
    """What the last action set going, told one step at a time: the steps told so far (the
    last is the one on the board), the working behind it, and what *Next* says."""

    told: tuple[str, ...]
    count: int
    working: tuple[str, ...]
    next_label: str
    can_skip: bool
    #: seconds the step stays on screen when the story plays on by itself: time to read it
    #: (a one-line step 2 s, a scoring with its working up to 15 s; one second a step was too
    #: short for the long ones)
    pause: float = 2.0

    @property
    def at(self) -> int:
        """The index of the step on the board."""
        return len(self.told) - 1


@dataclass(frozen=True)
class HandOverView:
    """Two players at one screen, between their turns: the next side's cards and secret objective
    stay hidden until its player takes the screen (QA8: the one who had just played saw them)."""

    side: str
    text: str
    button: str


def reading_time(text: str) -> float:
    """Seconds to read ``text`` on screen: a second to find it, then about four words a second
    (a slow reader's pace: the story is new to them), from 2 s to 15 s."""
    return min(15.0, max(2.0, 1.0 + len(text.split()) / 4.0))


@dataclass(frozen=True)
class MenuView:
    """The menu of all legal actions: the groups (label, word), the group open, its actions
    (words, notation) and the one selected."""

    groups: tuple[tuple[str, str], ...]
    group: str | None
    actions: tuple[tuple[str, str], ...]
    action: str | None

    @property
    def chosen(self) -> str:
        """The words of the action selected, whole (a closed menu shows only its start)."""
        return next((label for label, value in self.actions if value == self.action), "")


@dataclass(frozen=True)
class ReviewView:
    """The review of a finished game: its introduction (none while a moment is shown), a label per
    moment, the moment on the board (an index, or ``None``) and the advisor's words about it."""

    intro: str
    moments: tuple[str, ...]
    shown: int | None
    explanation: str


@dataclass(frozen=True)
class SavedFile:
    """A game saved to a file, offered for download: its name and its bytes in base 64."""

    name: str
    data: str


@dataclass(frozen=True)
class PlaySnapshot:
    """Everything the play screen shows, as it stands after one change (texts already written
    in ``lang``; fields ending in ``_html`` are HTML, the rest plain text)."""

    lang: str
    board: BoardView
    status: str
    prompt_html: str
    notice: str
    notice_error: bool
    cards: tuple[CardView, ...]
    choices: tuple[ChoiceView, ...]
    can_cancel: bool
    #: the words of the button that forgets the clicks so far ("Cancel the taps" on a touch screen)
    cancel_label: str
    story: StoryView | None
    hand_lines: tuple[str, ...]
    #: the log since this round began (while a story is told, up to its action)
    round_so_far: tuple[LogEntry, ...]
    log: tuple[LogEntry, ...]
    #: the menu of all legal actions in the position as it stands (None once the game is over)
    menu: MenuView | None
    #: whether that menu is offered now (not while a past position of the review is shown)
    menu_shown: bool
    #: whether the player may decide now: not while a story is told (the menu and the buttons
    #: stay where they are, disabled, so nothing moves under the reader and a focused button
    #: is not hidden: hiding it sent the page to the log)
    can_act: bool
    can_undo: bool
    over: bool
    hint_html: str
    #: the advisor is ranking the actions (a second or several): the Hint button says so
    thinking: bool
    result: str
    review: ReviewView | None
    can_review: bool
    can_return: bool               #: back to the finished game, after "try again from here"
    saved: SavedFile | None
    #: two players at one screen: the next side is to take the screen before its cards show
    hand_over: HandOverView | None
    #: after "Skip to now": what the steps skipped told, in order, until the game moves on (the
    #: Opposition's turn was read nowhere but in the folded round list, QA8)
    skipped: tuple[str, ...]
    #: the edition the set-up form offers for the next game: the language's edition until the
    #: reader picks one (:meth:`PlaySession.pick_edition`)
    next_edition: str


# ---------------------------------------------------------------------------- helpers
def story_highlight(event: "Event") -> list[Any]:
    """What an event touched, to light on its board: the regions, tokens and cards it names (a
    card played, in the row, or an objective face up, by the track), and the part of the board
    its kind is about."""
    board = event.board
    assert board is not None
    comp = board.comp
    played = {c for cards in board.played.values() for c in cards}
    face_up = {face_up_objective(board, side) for side in ("red", "white")}
    lit: list[Any] = []
    named: list[tuple[str, Any]] = list(event.params.items())
    for name, value in named:
        if isinstance(value, Message):       # a part of the sentence (the Opposition's objective's summary)
            named.extend(value.params.items())
            continue
        for v in (value if isinstance(value, (tuple, list)) else (value,)):
            if not isinstance(v, str) or field_naming(name) not in ("region", "token", "card"):
                continue
            if v in comp.region_index or (v in comp.tokens and board.place.get(v) in comp.region_index) \
                    or v in played or v in face_up:
                if v not in lit:
                    lit.append(v)
    part = _STORY_PARTS.get(event.kind)
    if part is not None:
        lit.append(part)
    return lit


@dataclass
class _Position:
    """What is computed once per position and language: the legal actions, their words, the
    menu's groups, the clicks."""

    key: Any
    lang: str
    legal: list["Action"]
    said: dict[str, "ActionDescription"]
    groups: dict[str, list["Action"]]
    picker: ActionPicker
    copy: "State"
    #: texts of the position as it stands, made at the first snapshot that needs them
    texts: dict[Any, Any] = field(default_factory=dict)
    hint: "Ranking | None" = None
    hint_html: str = ""
    hint_highlight: list[Any] = field(default_factory=list)


# ---------------------------------------------------------------------------- the session model
class PlaySession(Observed[PlaySnapshot]):
    """The play screen's state: a :class:`GameSession` and what a person's play of it remembers.

    >>> play = PlaySession(GameSession(mode="solo", seed=7, player="white", difficulty=3))
    >>> play.snapshot.cards[0].card
    'purple-2'
    """

    def __init__(self, game: GameSession | None = None, *, lang: str = "en", hand_over: bool = True,
                 **options: Any) -> None:
        """``game``: the game to show (``None``: a new one with ``options``, see :class:`GameSession`;
        without an ``edition``, the edition of ``lang``'s readers, and the next game's edition
        follows the language until the reader picks one).  ``hand_over``: in a game of two players
        at one screen, hide each side's cards until its player takes the screen
        (:meth:`take_seat`); ``False`` for one person playing both sides."""
        super().__init__()
        if not isinstance(hand_over, bool):
            raise TypeError(f"PlaySession: hand_over must be True or False, not {hand_over!r}")
        self.hand_over = hand_over
        #: the side whose player has the screen (two players at one screen), None before the first
        self._seat: str | None = None
        #: the reader chose the edition (or came with a game): a new language no longer changes it
        self._edition_chosen = game is not None or options.get("edition") is not None
        if game is None and options.get("edition") is None:
            options["edition"] = edition_for(lang)
        self.game = game if game is not None else GameSession(**options)
        #: the edition the next new game plays unless the form says otherwise
        self.next_edition = self.game.edition
        self.lang = lang
        self.game.set_language(lang)
        self._notice: tuple[str, bool] = ("", False)
        #: the screen is touched with a finger (the widget says so, :meth:`set_touch`): the words say "tap"
        self.touch = False
        self._thinking = False
        self._position: _Position | None = None
        self._menu_group: str | None = None
        self._menu_action: str | None = None
        #: the steps of the story being told (events with their boards), and the one on the board
        self.story: list["Event"] = []
        self.story_at: int | None = None
        self._story_seen: Any = None
        #: the steps "Skip to now" went past, kept to be told in brief until the game moves on
        self._skipped: list["Event"] = []
        self.review_done: Review | None = None
        self.moment: Moment | None = None
        #: after "try again from here": the finished game (its save and its review), to go back to
        self._finished: tuple[str, Review] | None = None
        self._saved: SavedFile | None = None
        self._snapshot: PlaySnapshot | None = None
        self.game.on_change(lambda _game: self._game_changed())
        self._game_changed(emit=False)

    # ------------------------------------------------------------------ observing
    @property
    def snapshot(self) -> PlaySnapshot:
        """What the screen shows now."""
        if self._snapshot is None:
            self._snapshot = self._build()
        return self._snapshot

    def _changed(self) -> None:
        self._snapshot = None              # built again for this change, once for every observer
        super()._changed()

    def _say(self, text: str, error: bool = False) -> None:
        self._notice = (text, error)

    def _refused(self, exc: BaseException, template: str | None = None) -> None:
        """Tell why something was refused (a template with ``{reason}``, or the reason alone)."""
        _ = translator(self.lang)
        reason = refusal_text(exc, self.lang)
        self._say(_(template, reason=reason) if template else reason, error=True)

    # ------------------------------------------------------------------ the position
    @property
    def picker(self) -> ActionPicker:
        """The clicks so far in the position as it stands."""
        return self._here().picker

    def _here(self) -> _Position:
        """What is computed once for the position as it stands (made again after a change)."""
        s = self.game.state
        key = s.key()
        here = self._position
        if here is None or here.key != key:
            legal = s.legal_actions()
            picker = ActionPicker(s, legal, lists=False)
            picker.lang = self.lang
            here = self._position = _Position(key, self.lang, legal, {}, action_groups(legal), picker, s.clone())
        elif here.lang != self.lang:
            here.lang, here.said, here.texts, here.picker.lang = self.lang, {}, {}, self.lang
            here.hint_html = self._hint_html(here.hint) if here.hint is not None else ""
        return here

    def said(self, action: "Action") -> "ActionDescription":
        """``action`` in words, in the position as it stands (once per action and language)."""
        here = self._here()
        text = str(action)
        if text not in here.said:
            here.said[text] = describe(self.game.state, action, self.lang)
        return here.said[text]

    def _game_changed(self, emit: bool = True) -> None:
        """The game moved (an action, undo, a new game, a load, a new language): start again from
        its position, and tell the story of the last action."""
        g = self.game
        if not g.state.is_over():
            self.review_done, self.moment = None, None   # a new game, or play goes on: the review is gone
        if g.story is not self._story_seen:               # a new action: tell what it set going
            self._story_seen = g.story
            self._skipped = []                            # (and forget the last story's skipped steps)
            steps = [e for e in g.story if e.board is not None]
            # told step by step when the action set something going beyond the player's own move
            told = any(i and (e.kind in STORY_KINDS or e.kind == "play") for i, e in enumerate(steps))
            self.story = steps if told else []
            self.story_at = 0 if self.story else None
        if g.message:
            # "Applied: ..." is the story's first step when a story is told: said once, there
            self._say("" if self.story_at is not None else g.message)
        if emit:
            self._changed()

    # ------------------------------------------------------------------ two players at one screen
    @property
    def waiting_for(self) -> str | None:
        """The side to take the screen before its cards show (two players at one screen, between
        their turns, once the last action's story is told); ``None`` when nobody is awaited."""
        s = self.game.state
        if (not self.hand_over or s.mode == "solo" or s.is_over() or self.story_at is not None
                or self.moment is not None):
            return None
        side = s.to_act
        return side if side is not None and side != self._seat else None

    def take_seat(self) -> None:
        """The awaited player has the screen: their cards, objective and choices show."""
        side = self.waiting_for
        if side is None:
            return
        self._seat = side
        self._say("")
        self._changed()

    def _awaited(self) -> bool:
        """Refuse a decision while the next player has not taken the screen (say so)."""
        side = self.waiting_for
        if side is None:
            return False
        _ = translator(self.lang)
        self._say(_("First pass the screen to {side:to}, who presses “{button}”.", side=side,
                    button=self._seat_button(side)), error=True)
        self._changed()
        return True

    def _seat_button(self, side: str) -> str:
        _ = translator(self.lang)
        return _("Show {side}'s cards", side=side)

    # ------------------------------------------------------------------ what a person does
    def set_language(self, lang: str) -> None:
        """Write everything from now on in ``lang`` (the log is written again)."""
        self.lang = lang
        self._say("")                      # the last notice is in the old language
        if not self._edition_chosen:       # the next game plays the new language's edition
            self.next_edition = edition_for(lang)
        if self.game.lang != lang:
            self.game.set_language(lang)   # tells this model through _game_changed
        self._changed()

    def set_touch(self, touch: bool) -> None:
        """The device's input, as the widget learns it: ``True`` when a finger touches the screen
        (a phone, a tablet), so that the panel says "tap" where a mouse's says "click"."""
        if not isinstance(touch, bool):
            raise TypeError(f"set_touch: touch must be True or False, not {touch!r}")
        if touch != self.touch:
            self.touch = touch
            self._changed()

    def click(self, kind: str, ident: Any) -> None:
        """A click (or a tap, or a key) on a card of the hand or on the board: ``("card", id)``,
        ``("token", id)``, ``("region", name)``, ``("connection", (a, b))``.  Plays the action
        once the clicks pick exactly one; otherwise lights what may be clicked next, or says
        why the click is refused."""
        if kind not in ("card", "token", "region", "connection"):
            raise ValueError(f"click: kind must be card, token, region or connection, not {kind!r}")
        if self.game.is_over() or self._awaited():
            return
        picker = self.picker
        picker.touch = self.touch
        chosen = picker.click(kind, ident)
        if chosen is not None:
            self.play(chosen)
            return
        self._say(picker.message or "", error=bool(picker.message))
        self._changed()

    def cancel(self) -> None:
        """Forget the clicks so far."""
        self.picker.reset()
        self._say("")
        self._changed()

    def play(self, action: "Action | str | None") -> None:
        """Take ``action`` (an action, or its notation from the menu); a refusal is told, and
        nothing changes."""
        if self._awaited():
            return
        if action is None or action == "":
            _ = translator(self.lang)
            self._say(_("There is no action to apply."), error=True)
            self._changed()
            return
        try:
            self.game.apply(action)
        except DualPowersError as exc:
            self._refused(exc, NOT_ALLOWED)
            self._changed()

    def auto(self, policy: str) -> None:
        """Let a computer player choose and take the action.  ``"hint"`` (the screen's default) is
        the Hint's first row: the snapshot drawn while the advisor ranks says it is thinking."""
        if self._awaited():
            return
        if policy == "hint":
            self._thinking = True          # drawn at once: the ranking takes about a second
            self._changed()
        try:
            try:
                action = self.game.choose(policy)
            finally:
                self._thinking = False
            self.game.apply(action)
        except DualPowersError as exc:
            self._refused(exc)
            self._changed()

    def undo(self) -> None:
        self.game.undo()

    def pick_edition(self, edition: str) -> None:
        """The reader picks the next game's edition: from now on it stays, whatever the language."""
        if edition not in EDITIONS:
            _ = translator(self.lang)
            self._say(_("No such edition: {value} (the editions are {editions}).", value=brief(str(edition), 30),
                        editions=", ".join(EDITIONS)), error=True)
        else:
            self._edition_chosen, self.next_edition = True, edition
        self._changed()

    def new_game(self, mode: str, seed: str, *, player: str, difficulty: int, edition: str | None = None) -> None:
        """A new game from the set-up form (``seed``: a whole number as typed, empty for a fresh deal;
        ``edition``: the form's, else :attr:`next_edition`)."""
        _ = translator(self.lang)
        if edition is None:
            edition = self.next_edition
        text = seed.strip()
        if text and not text.lstrip("-").isdigit():
            self._say(_("No new game: the deal is a whole number, or empty for a random deal (not {value}).",
                        value=brief(text, 30)), error=True)
            self._changed()
            return
        self._finished, self._saved = None, None        # a new game: the one tried again from is let go
        self._seat = None                                # ... and its first player takes the screen
        try:
            self.game.new_game(mode, int(text) if text else None, player=player, difficulty=difficulty,
                               edition=edition)
        except ValueError as exc:
            self._refused(exc, N_("No new game: {reason}"))
            self._changed()

    def pick_group(self, word: str | None) -> None:
        """Open a group of the menu of all legal actions."""
        if word != self._menu_group:
            self._menu_group, self._menu_action = word, None
            self._changed()

    def pick_menu_action(self, notation: str | None) -> None:
        """Select an action in the menu (nothing is taken until *Apply*)."""
        if notation != self._menu_action:
            self._menu_action = notation
            self._changed()

    def hint(self) -> None:
        """Rank the legal actions with the advisor: the best is lit, its card marked, its choice
        selected in the menu, and the reason and the figures shown."""
        if self._awaited():
            return
        self._thinking = True              # drawn at once: the ranking takes a second or several
        self._changed()
        try:
            ranking = self.game.hint()
        except DualPowersError as exc:
            self._thinking = False
            self._refused(exc)
            self._changed()
            return
        finally:
            self._thinking = False
        here = self._here()
        best = ranking.best.action
        here.hint, here.hint_highlight = ranking, action_highlight(self.game.state, best)
        here.hint_html = self._hint_html(ranking)
        self._menu_group, self._menu_action = type(best).word, str(best)
        self._changed()

    def story_step(self, skip: bool = False) -> None:
        """Show the next step of what the last action set going (``skip``: go straight to now)."""
        if self.story_at is None:
            return
        if skip:
            self._skipped = self.story[self.story_at + 1:]
        self.story_at = None if skip or self.story_at + 1 >= len(self.story) else self.story_at + 1
        self._changed()

    def review_progress(self, done: int, total: int) -> str:
        """How far a review has got, in words for the bar and for a screen reader: the decision
        being ranked ("decision 3 of 28"), or that it is starting (``total`` 0)."""
        _ = translator(self.lang)
        if total <= 0:
            return _("Reviewing your game…")
        return _("Reviewing your game: decision {n} of {total}", n=min(done + 1, total), total=total)

    def review(self, playouts: int = REVIEW_PLAYOUTS,
               progress: Callable[[int, int], Any] | None = None) -> Review:
        """Replay the game with the advisor and keep the decisions where another action would have
        gained most (:func:`dualpowers.review.review_game`)."""
        self.story_at = None               # the last action's story is over: the review replaces it
        self._skipped = []
        self.review_done = review_game(self.game, playouts=playouts, progress=progress)
        self.moment = None
        self._changed()
        return self.review_done

    def show_moment(self, index: int | None) -> None:
        """Show the review's ``index``-th moment on the board (``None``: back to the end of the game)."""
        if self.review_done is None:
            return
        self.moment = None if index is None else self.review_done.moments[index]
        self._changed()

    def try_again(self) -> None:
        """Play on from the moment shown: the game is rewound there, and the finished game is
        kept to go back to."""
        m, review = self.moment, self.review_done
        if m is None or review is None:
            return
        self._finished = (self.game.save(), review)
        self.review_done, self.moment = None, None
        self.game.rewind(m.index)

    def back_to_finished(self) -> None:
        """The finished game again, with its review (after a "try again from here")."""
        if self._finished is None:
            return
        saved, review = self._finished
        self._finished = None
        self.game.load(saved)
        self.review_done = review
        _ = translator(self.lang)
        self._say(_("The finished game is back, with its review."))
        self._changed()

    def save(self, folder: str | os.PathLike[str]) -> None:
        """Write the game to a new file in ``folder`` and offer it for download; the text itself is
        never shown (it holds the hidden cards)."""
        _ = translator(self.lang)
        try:
            path = self.game.save_file(folder)
        except OSError as exc:
            # the system's reason in the reader's words ("son dossier n'existe pas"), not its English strerror
            self._say(_("The game could not be saved: {reason}", reason=os_reason(exc)), error=True)
            self._changed()
            return
        self._saved = SavedFile(path.name, base64.b64encode(path.read_bytes()).decode("ascii"))
        self._say(_("Saved in {file}, beside the notebook. The file holds the hidden cards (the hands, the "
                    "objectives, the deck): keep it out of your opponent's sight.", file=path.name))
        self._changed()

    def load(self, data: bytes | str) -> None:
        """Replace the game with a saved one (a file's bytes); on failure say why and change nothing."""
        _ = translator(self.lang)
        try:
            self.game.load(data)
        except LoadError as exc:
            self._refused(exc, N_("Load refused, the game is unchanged: {reason}"))
            self._changed()
        except Exception as exc:  # never silent: ipywidgets would swallow it
            self._say(_("Load refused: {reason}", reason=f"{type(exc).__name__}: {brief(str(exc), 200)}"),
                      error=True)
            self._changed()
        else:
            self._saved, self._seat = None, None
            self._changed()

    # ------------------------------------------------------------------ the snapshot
    def _build(self) -> PlaySnapshot:
        g, lang = self.game, self.lang
        s = g.state
        here = self._here()
        _ = translator(lang)
        over = s.is_over()
        moment = self.moment
        telling = self.story_at is not None and moment is None
        waiting = self.waiting_for
        pk = here.picker
        hint = here.hint
        hinted = hint.best.action if hint is not None else None

        story: StoryView | None = None
        cards: list[CardView] = []
        choices: list[ChoiceView] = []
        prompt = ""
        if telling:
            assert self.story_at is not None
            at = self.story_at
            event = self.story[at]
            assert event.board is not None
            markers = objective_markers(self.story[:at + 1])
            board = BoardView(event.board, tuple(story_highlight(event)), (), tuple(sorted(markers.items())), True)
            last = at + 1 >= len(self.story)
            nxt = g.state.to_act
            if over:
                ending = _("The final position")
            elif g.state.mode != "solo" and nxt is not None:
                # two players at one screen: whose turn it is ("Your turn" named nobody, issue 33)
                ending = _("{side} to act", side=side_label(g.state, nxt, lang))
            else:
                ending = _("Your turn")
            told = tuple(render(e.message, lang) for e in self.story[:at + 1])
            working = tuple(event_details(event, lang))
            story = StoryView(told, len(self.story), working, ending if last else _("Next"), not last,
                              reading_time(" ".join((told[-1], *working))))
        elif moment is not None:           # a decision of the review: its position, the better action lit
            board = BoardView(moment.position, tuple(action_highlight(moment.position, moment.better)), past=True)
        elif waiting is not None:          # nothing lit: what the next player may do is theirs to see
            board = BoardView(here.copy)
        else:
            lit: list[Any] = list(pk.lit())
            lit.extend(x for x in here.hint_highlight if x not in lit)
            board = BoardView(here.copy, tuple(lit), tuple(i for k, i in pk.picked if k == "token"))
        hand_over: HandOverView | None = None
        if waiting is not None:
            hand_over = HandOverView(waiting, _("{side:The} to play: pass the screen to {side:to}. The cards and the "
                                                "secret objective stay hidden until then.", side=waiting),
                                     self._seat_button(waiting))
        elif not telling and moment is None and not over:
            hinted_card = getattr(hinted, "card", None)
            if not pk.picked:
                cards = [self._card(c, c == hinted_card) for kind, c in pk.next_targets() if kind == "card"]
            choices = [self._choice(a, a == hinted) for a in pk.choices()]
            prompt = self._prompt(bool(cards), bool(choices))
        elif moment is not None and not over:
            prompt = ""

        shown_state = self.story[self.story_at].board if telling and self.story_at is not None else None
        if moment is not None:
            status = _("In the review, a past position: {status}", status=g.status(moment.position))
        elif shown_state is not None:      # a story: what it tells, then the position, not whose turn
            # "What you did: Round 1, ..." read as if the round were what you did (issue 33, QA6)
            status = _("{what}. The board at this step: {status}", what=self._story_heading(),
                       status=g.status(shown_state, acting=False))
        else:                              # the game as it stands: written once per position
            status = here.texts.get("status") or here.texts.setdefault("status", g.status())
        if waiting is not None:            # the counts both players may see (as while a story is told)
            hand_lines = tuple(g.hand_lines(g.state, played=False))
        elif shown_state is None:
            hand_lines = here.texts.get(("hand", not cards)) or here.texts.setdefault(
                ("hand", not cards), tuple(g.hand_lines(hand=not cards, played=False)))
        else:
            hand_lines = tuple(g.hand_lines(shown_state, hand=not cards, played=False))
        log = tuple(g.log[:g.story_log_start] if telling else g.log)
        # while the screen passes to the next player the menu holds nothing: its actions are theirs
        menu = None if over or waiting is not None else self._menu(here)
        notice, error = self._notice
        review = self._review_view()
        return PlaySnapshot(
            lang=lang, board=board, status=status, prompt_html=prompt, notice=notice, notice_error=error,
            cards=tuple(cards), choices=tuple(choices), can_cancel=bool(pk.picked) and not telling,
            cancel_label=_("Cancel the taps") if self.touch else _("Cancel the clicks"),
            story=story,
            hand_lines=hand_lines,
            round_so_far=_since_round_began(log), log=log, menu=menu,
            menu_shown=menu is not None and moment is None,
            can_act=not over and not telling and waiting is None and bool(here.legal), can_undo=g.can_undo, over=over,
            hint_html="" if waiting is not None else here.hint_html, thinking=self._thinking, result="" if telling else (g.result() or ""),
            review=review, can_review=over and not telling and self.review_done is None, can_return=self._finished is not None,
            saved=self._saved, hand_over=hand_over, skipped=tuple(render(e.message, lang) for e in self._skipped),
            next_edition=self.next_edition)

    def _menu(self, here: _Position) -> MenuView:
        _ = translator(self.lang)
        groups = tuple((_("{kind} ({n})", kind=kind_label(word, self.lang), n=len(acts)), word)
                       for word, acts in here.groups.items())
        group = self._menu_group if self._menu_group in here.groups else (groups[0][1] if groups else None)
        acts = here.groups.get(group, []) if group else []
        actions = tuple((self.said(a).text, str(a)) for a in acts)
        notations = [n for _t, n in actions]
        action = self._menu_action if self._menu_action in notations else (notations[0] if notations else None)
        return MenuView(groups, group, actions, action)

    def _card(self, card: str, hinted: bool) -> CardView:
        """A card of the hand in words: name, days and VP, action and recruits (a leader: its special)."""
        lang, comp = self.lang, self.game.state.comp
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
        # the tip says what the click does as the menu and the log say it ("Play purple-4 (4 days, ...)"),
        # so that each language names the card once, with the article its grammar wants there
        word = "objective" if self.game.state.step == "objective" else "play"
        action = parse_action(f"{word} {card}", self.game.state.comp)
        tip = self.said(action).text
        return CardView(card, text, tip, colour, hinted)

    def _choice(self, action: "Action", hinted: bool) -> ChoiceView:
        """A remaining choice: what it does in words; its tip adds the rule."""
        said = self.said(action)
        return ChoiceView(action, said.text, said.line(), type(action).word, hinted)

    def _prompt(self, cards: bool, buttons: bool) -> str:
        """What was picked so far and what to click (or tap) next (HTML)."""
        from html import escape
        pk, lang = self.picker, self.lang
        _ = translator(lang)
        head = ""
        if pk.picked:
            def said(kind: str, ident: Any) -> str:
                if kind == "connection":
                    return _("{a}-{b}", a=names.region(ident[0], lang), b=names.region(ident[1], lang))
                if kind == "region":
                    return names.region(ident, lang)
                if kind == "card":
                    return names.card(ident, lang)
                return names.token(str(ident), lang)
            what = ", ".join(said(k, i) for k, i in pk.picked)
            head = _("Chosen: <b>{what}</b>.", what=escape(what)) + " "
        nxt = pk.next_clicks(cards=cards, buttons=buttons, touch=self.touch)
        return head + (escape(render(nxt, lang)) if nxt is not None else "")

    def _story_heading(self) -> str:
        """What the story's step on the board tells (issue 33: its heading said "You (White) to
        act" while it told the Opposition's turn): the player's own action, then the parts
        :func:`~dualpowers.narration.story_part` marks, up to the step shown; a new deal's story,
        which no action of the player's set going, begins with the game."""
        _ = translator(self.lang)
        solo = self.game.state.mode == "solo"
        part = "you" if self.game.actions else "start"
        for e in self.story[:(self.story_at or 0) + 1]:
            part = story_part(e, solo) or part
        if part == "scoring":
            return _("The scoring")
        if part == "start":
            return _("The game begins")
        if not solo:
            return _("What happened")
        return _("What the Opposition did") if part == "opposition" else _("What you did")

    def _review_view(self) -> ReviewView | None:
        review, lang = self.review_done, self.lang
        if review is None:
            return None
        shown = next((i for i, m in enumerate(review.moments) if m is self.moment), None)
        # the list's introduction while a decision is chosen; then the decision's own explanation
        # says it, and the panel has room for it beside the board at 1280x720 (issue 33)
        return ReviewView(render(review.intro(), lang) if shown is None else "",
                          tuple(render(m.label(), lang) for m in review.moments), shown,
                          self.moment.explain(lang) if self.moment is not None else "")

    def _hint_html(self, ranking: "Ranking") -> str:
        """The Hint in words: one reason first (issue 35), the figures one click away (HTML)."""
        from html import escape
        g, lang = self.game, self.lang
        _ = translator(lang)
        best = ranking.best
        # The action in words only: the engine's notation (English words) is for scripts and
        # the menu of all legal actions, never in the learner's text.
        fields = dict(playouts=number(ranking.playouts, lang, digits=0), side=ranking.side,
                      action=html_param(self.said(best.action).text, lang))   # lowered, then escaped
        if action_highlight(g.state, best.action):
            intro = _("<b>Advisor</b> ({playouts} playouts, seeing only what {side} sees): best is <b>{action}</b>, "
                      "highlighted on the board and selected below.", **fields)
        else:                            # nothing to light up: do not say there is
            intro = _("<b>Advisor</b> ({playouts} playouts, seeing only what {side} sees): best is <b>{action}</b>, "
                      "selected below.", **fields)
        unranked = "–"                   # an action no playout tried has no rank
        outlook = _("at the end of the round") if ranking.horizon == "round" else _("for the game")
        changes, how_sure = escape(_("what it changes")), escape(_("how sure"))
        # One block per action, not a five-column table: in the panel's column a table's cells
        # broke words in the middle ("Kere nsky", "abo ut").
        def clauses(messages: Sequence[Any]) -> str:     # "a; b" as the language writes it ("a ; b")
            text = ""
            for m in messages:
                said = escape(render(m, lang))
                text = _("{first}; {second}", first=text, second=said) if text else said
            return text

        def row(label: str, value: str) -> str:                # "label: value", French "label : value"
            return _("<i>{label}</i>: {value}", label=label, value=value)
        rows = "".join(
            f"<li><b>{r.rank or unranked}. {escape(self.said(r.action).text)}</b><br>"
            f"{row(changes, clauses(r.effect_messages))}<br>"
            f"{row(escape(outlook), escape(render(r.outlook_message(), lang)))}<br>"
            f"{row(how_sure, escape(render(ranking.sureness_message(r), lang)))}</li>"
            for r in ranking.actions[:3])
        verdict = ranking.behind_message()
        behind = f"<p><b>{escape(render(verdict, lang))}</b></p>" if verdict is not None else ""
        sure = _("How sure: {sureness}.", sureness=escape(render(ranking.sureness_message(), lang)))
        chance = ranking.chance_message()
        if chance is not None:
            sure += f"</p><p>{escape(render(chance, lang))}"
        # The action and why it is best in one sentence, the reason in the game's words (issue 35:
        # "Best: play purple-5 (2nd)." came first, and a newcomer read the reason only after it).
        lead = _("<b>{action:cap}</b> — {reason:low}", action=fields["action"],
                 reason=html_param(render(ranking.reason_message(), lang), lang))
        figures = escape(_("How the advisor measured it"))
        warning = ranking.warning_message()
        warn = f"<p><b>{escape(render(warning, lang))}</b></p>" if warning is not None else ""
        return (f"<div class='dp-hint-box'><p>{lead}</p>{warn}{behind}<details class='dp-hint-figures'>"
                f"<summary>{figures}</summary>{intro}<p>{sure}</p>"
                f"<ul class='dp-hint-rows'>{rows}</ul></details></div>")


def _since_round_began(log: Sequence[LogEntry]) -> tuple[LogEntry, ...]:
    """The entries of ``log`` since the current round began (its ``round`` event), or since the
    game's start in round 1."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "round":
            return tuple(log[i:])
    return tuple(log)
