"""One learner working through the course: where they are, what the board shows, what they answered.

Pure Python (no Jupyter): the course screen's session model,
:class:`dualpowers.screens.course.CourseScreen`, writes what the widget draws from it, and
tests drive it directly.  What counts as done is decided here: a step once seen, an
exercise once solved (Next on an unsolved exercise moves on without counting it,
:attr:`CourseSession.skipped`).  Action exercises are answered the
way a game is played, by clicks on the board narrowed by
:class:`dualpowers.clicks.ActionPicker`, or by buttons for what no
click reaches (a card from the hand, Inspire, Pass ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..actions import Action
from ..clicks import NOT_ALLOWED, ActionPicker
from ..drawing.board import STEP_WORDS
from ..state import State
from ..kinds import kind_of
from ..narrate import refusal_message
from ..text import Disjunction, Message
from .model import Chapter, Demonstration, Exercise, Step, Verdict, load_course
from .progress import Item, Progress, ProgressError
from .text import DOMAIN, N_

#: How to answer, with a mouse (False) and with a finger (True): the words follow the device.
_ON_BOARD = {False: N_("Answer on the board: click {what}, as in a game."),
             True: N_("Answer on the board: tap {what}, as in a game.")}
_ON_BOARD_OR_BUTTON = {False: N_("Answer on the board: click {what}, as in a game ({kinds}); or use a button below."),
                       True: N_("Answer on the board: tap {what}, as in a game ({kinds}); or use a button below.")}
_BUTTON_ONLY = {False: N_("Answer with a button below: no click on the board answers this exercise."),
                True: N_("Answer with a button below: no tap on the board answers this exercise.")}
_BOARD_CANNOT = {False: N_("A click on the board cannot answer this exercise: use a button below."),
                 True: N_("A tap on the board cannot answer this exercise: use a button below.")}
_INSTEAD = {False: N_("That cannot answer this exercise: click {what}."),
            True: N_("That cannot answer this exercise: tap {what}.")}
#: A click on the road the blockade closes where an answer moves its marker (Mobilize Protest)
_MARKER_GOES = {False: N_("The blockade marker stands on this connection: click the connection it should go to "
                          "(R-ACT-PROTEST)."),
                True: N_("The blockade marker stands on this connection: tap the connection it should go to "
                         "(R-ACT-PROTEST).")}

#: What a first click on the board can be, in words (the course's "how to answer" line).
_CLICK_WORDS = {"token": N_("a token"), "region": N_("a region"), "connection": N_("a connection"),
                "card": N_("a played card")}
_OR = {1: N_("{a}"), 2: N_("{a} or {b}"), 3: N_("{a}, {b} or {c}"), 4: N_("{a}, {b}, {c} or {d}")}

__all__ = ["CourseSession"]


def _choices_of(kinds: tuple[str, ...]) -> dict[str, Any]:
    """The click kinds in words, as the fields {a}, {b} ... of an _OR message."""
    return {field: Message(_CLICK_WORDS[k], domain=DOMAIN) for field, k in zip("abcd", kinds)}


class CourseSession:
    """The course as a learner meets it, item by item (steps, then the chapter's exercises).

    ``state`` and ``highlight`` are what the board should show now; ``concealed`` the
    regions whose strength plates the board hides (they would answer the question asked);
    ``verdict`` the last judgement; ``hint_shown`` / ``shown`` whether Hint or Show me was
    asked, ``demo`` what Show me played.
    ``progress_file``: a JSON file the progress is saved to after every change
    (read back when the session starts: a file that cannot be used raises
    :class:`~dualpowers.course.progress.ProgressError` and is left as it is).  A save
    that fails never stops the learner: the session goes on, and :attr:`save_error`
    says why until a later save succeeds.
    """

    # What the learner sees now, set afresh for each item (:meth:`_enter`).
    state: State
    highlight: tuple[Any, ...]
    #: regions whose strength plates are hidden: they would answer the question asked
    concealed: tuple[str, ...]
    #: the objective markers drawn (number -> region), None: as the position implies
    markers: Mapping[int, str] | None
    #: whether the board's status line says who acts and what they choose: only once the
    #: course has taught its words ("choose a secret objective" waits for the objectives)
    turn: bool
    verdict: Verdict | None
    demo: Demonstration | None
    #: a note under the exercise: a course message, or the engine's text
    message: Message | str
    hint_shown: bool
    shown: bool
    picker: ActionPicker | None
    #: the exercise Next just left unsolved (not counted as done), until the learner moves again
    skipped: Exercise | None

    def __init__(self, *, progress: Progress | None = None, progress_file: str | Path | None = None) -> None:
        self.course = load_course()
        self.chapters: tuple[Chapter, ...] = self.course.chapters
        self.progress_file = Path(progress_file) if progress_file else None
        #: Why the last save of the progress file failed (the file is left as it was); None once one succeeds.
        self.save_error: ProgressError | None = None
        if progress is None:
            progress = Progress.load(self.progress_file, self.chapters) if self.progress_file else Progress()
        self.progress = progress
        self.items: list[Item] = progress.items(self.chapters)
        self.index = 0
        self._listeners: list[Callable[[], Any]] = []
        #: the chapters whose exercise left unsolved :attr:`skipped` has named once already
        self._told_skipped: set[str] = set()
        #: the screen is worked by a finger (the widget says so, :meth:`set_touch`): the words say "tap"
        self.touch = False
        nxt = progress.next_item(self.chapters)
        self._enter(self.items.index(nxt) if nxt else 0)

    # ------------------------------------------------------------------ where we are
    @property
    def item(self) -> Item:
        return self.items[self.index]

    @property
    def chapter(self) -> Chapter:
        cid = self.item[0]
        return next(c for c in self.chapters if c.id == cid)

    @property
    def current(self) -> Step | Exercise:
        cid, kind, i = self.item
        return self.chapter.steps[i] if kind == "step" else self.chapter.exercises[i]

    @property
    def exercise(self) -> Exercise | None:
        return self.current if isinstance(self.current, Exercise) else None

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self.items) - 1

    @property
    def finished(self) -> bool:
        """Every step seen and every exercise solved."""
        return self.progress.next_item(self.chapters) is None

    @property
    def solved(self) -> bool:
        ex = self.exercise
        return ex is not None and ex.id in self.progress.solved

    def chapter_items(self) -> tuple[int, int]:
        """(position of this item in its chapter, counting from 1; items in the chapter)."""
        same = [i for i, it in enumerate(self.items) if it[0] == self.item[0]]
        return same.index(self.index) + 1, len(same)

    # ------------------------------------------------------------------ moving
    def go(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self._enter(index)
            self._changed()

    def next(self) -> None:
        """On to the next item.  An exercise left unsolved is not counted as done (only a
        solved exercise is): :attr:`skipped` names it on the item Next leads to."""
        left = self.exercise if self.exercise is not None and not self.solved else None
        if left is not None and left.chapter in self._told_skipped:
            left = None            # said once a chapter: repeated, it took four lines above each question (QA7)
        if self.index + 1 < len(self.items):
            self._enter(self.index + 1)
            self.skipped = left
            if left is not None:
                self._told_skipped.add(left.chapter)
            self._changed()

    def back(self) -> None:
        self.go(self.index - 1)

    def go_chapter(self, chapter_id: str) -> None:
        for i, it in enumerate(self.items):
            if it[0] == chapter_id:
                self.go(i)
                return
        raise KeyError(f"no chapter {chapter_id!r}")

    def go_exercise(self, exercise_id: str) -> None:
        for i, it in enumerate(self.items):
            obj = self._item_obj(it)
            if isinstance(obj, Exercise) and obj.id == exercise_id:
                self.go(i)
                return
        raise KeyError(f"no exercise {exercise_id!r}")

    def continue_(self) -> None:
        """To the first step not yet seen or exercise not yet solved (the last item if all is done)."""
        nxt = self.progress.next_item(self.chapters)
        self.go(self.items.index(nxt) if nxt else len(self.items) - 1)

    # ------------------------------------------------------------------ answering
    def click(self, kind: str, ident: Any) -> Verdict | None:
        """A click on the board: narrows the action being chosen, judges it once chosen."""
        ex = self.exercise
        if ex is None or ex.kind != "action" or self.picker is None:
            return None
        if self.verdict is not None or self.demo is not None:   # the board shows an answer: start again first
            self.try_again()
            assert self.picker is not None
        meant = self.picker.meant(kind, ident)     # what the clicks mean, should no legal action fit them
        self.picker.touch = self.touch
        action = self.picker.click(kind, ident)
        if action is not None:
            return self.answer(action)
        if self.picker.message and meant is not None:    # an action the rules forbid: the engine says why
            return self.answer(meant)
        self.highlight = tuple(self.picker.lit())
        if self.picker.refused is not None:
            # a rule refuses the clicks (a recruit aimed elsewhere than the card's region): say it
            self.message = Message(NOT_ALLOWED, reason=refusal_message(self.picker.refused))
        elif self.picker.message and kind == "connection" and self._moves_the_marker(ident):
            # the marker itself, clicked as the thing to move: where it may go (QA7: it was
            # answered "That cannot answer this exercise: click a region or a connection")
            self.message = Message(_MARKER_GOES[self.touch], domain=DOMAIN)
        elif self.picker.message:
            # a click that can answer nothing here: say what can (the engine's "nothing can be
            # done in green now" is about the game's step, not about this exercise)
            self.message = self.click_instead()
        else:   # a first click taken: what the next one should be
            self.message = self.picker.next_clicks(buttons=bool(self.buttons()), touch=self.touch) or ""
        self._changed()
        return None

    def _moves_the_marker(self, connection: Any) -> bool:
        """Whether ``connection`` is the one the blockade closes and an answer moves its marker."""
        assert self.picker is not None
        s = self.picker.state
        if s.blockade is None or not isinstance(connection, (tuple, list)) or set(connection) != set(s.blockade):
            return False
        return any(kind_of(a).word == "protest" for a in self.picker.legal)

    def click_kinds(self) -> tuple[str, ...]:
        """What a first click on the board can be to answer this exercise ("token", "region",
        "connection", "card"), from the engine's legal actions: empty when only buttons answer."""
        ex = self.exercise
        if ex is None or ex.kind != "action" or self.picker is None:
            return ()
        kinds = [self.picker.paths[i][0][0] for i in self._board_paths()]
        return tuple(k for k in _CLICK_WORDS if k in kinds)

    def _board_paths(self) -> list[int]:
        """The legal actions (indices in the picker's) picked by clicks that start on the board
        (a card in the hand is not drawn there)."""
        assert self.picker is not None
        on_board = {c for played in self.picker.state.played.values() for c in played}
        return [i for i, path in self.picker.paths.items()
                if path and not (path[0][0] == "card" and path[0][1] not in on_board)]

    def needs_buttons(self) -> bool:
        """Whether some answer is given by a button (a card from the hand, Inspire, Pass ...)."""
        ex = self.exercise
        if ex is None or ex.kind != "action" or self.picker is None:
            return False
        s = self.picker.state
        return s.step in ("card", "objective") or any(not path for path in self.picker.paths.values())

    def how_to_answer(self) -> Message:
        """How this exercise is answered, true for its position: what to click, or the buttons."""
        ex = self.exercise
        if ex is None:
            return Message(N_("Read the text, then go on with Next."), domain=DOMAIN)
        if ex.kind == "choice":
            return Message(N_("Choose your answer:"), domain=DOMAIN)
        kinds, buttons = self.click_kinds(), self.needs_buttons()
        if not kinds:
            if self.picker is not None and self.picker.state.step in ("card", "objective"):
                return Message(N_("Answer with a button below (the hand's cards are not on the board)."),
                               domain=DOMAIN)
            return Message(_BUTTON_ONLY[self.touch], domain=DOMAIN)
        what = Message(_OR[len(kinds)], domain=DOMAIN, **_choices_of(kinds))
        if buttons:
            # which kinds of action are clicked, so that the buttons are not taken for every answer
            assert self.picker is not None
            clicked = dict.fromkeys(kind_of(self.picker.legal[i]).label for i in self._board_paths())
            return Message(_ON_BOARD_OR_BUTTON[self.touch], domain=DOMAIN, what=what,
                           kinds=Disjunction(Message(label) for label in clicked))
        return Message(_ON_BOARD[self.touch], domain=DOMAIN, what=what)

    def click_instead(self) -> Message:
        """What to do instead of a click that cannot answer this exercise."""
        kinds = self.click_kinds()
        if not kinds:
            return Message(_BOARD_CANNOT[self.touch], domain=DOMAIN)
        what = Message(_OR[len(kinds)], domain=DOMAIN, **_choices_of(kinds))
        return Message(_INSTEAD[self.touch], domain=DOMAIN, what=what)

    def set_touch(self, touch: bool) -> None:
        """The device's input, as the widget learns it: ``True`` when a finger works the screen,
        so that every word of how to answer says "tap" instead of "click"."""
        if not isinstance(touch, bool):
            raise TypeError(f"set_touch: touch must be True or False, not {touch!r}")
        if touch != self.touch:
            self.touch = touch
            self._changed()

    def buttons(self) -> list[Action]:
        """Actions to offer as buttons now: what no click on the board reaches (or no longer needs)."""
        ex = self.exercise
        if ex is None or ex.kind != "action" or self.picker is None or self.verdict is not None or self.demo is not None:
            return []
        s = ex.position
        if s.step in ("card", "objective") and not self.picker.picked:
            return list(self.picker.legal)       # the hand is not drawn on the board: cards as buttons
        return self.picker.choices()

    def answer(self, answer: Any) -> Verdict:
        """Judge an answer (an action, its text, or a choice value) and show what it does."""
        ex = self.exercise
        if ex is None:
            raise ValueError("this item is a step, not an exercise")
        if self.demo is not None:        # the board shows Show me's position: back to the exercise's
            hint, shown = self.hint_shown, self.shown
            self._enter(self.index, mark=False)
            self.hint_shown, self.shown = hint, shown
        v = ex.judge(answer)
        self.verdict = v
        self.skipped = None
        if v.correct and not self.shown:
            self.progress.solve(ex.id)
        elif not v.correct:
            self.progress.miss(ex.id)
        if v.shown is not None:
            self.state = v.shown
            self.markers = v.markers
        self.highlight = tuple(v.highlight)
        if v.correct or ex.kind != "choice":
            self.concealed = ()        # answered: the board may show what the question asked
        self.demo = None
        # an answer copied from Show me is right, but the exercise is solved once found alone
        self.message = Message(N_("Shown first, so not counted yet: Try again and find it yourself."), domain=DOMAIN) \
            if v.correct and self.shown else ""
        self._save()
        self._changed()
        return v

    def try_again(self) -> None:
        """Back to the exercise's position, answer cleared."""
        self._enter(self.index, mark=False)
        self._changed()

    def hint(self) -> None:
        self.hint_shown = True
        self._changed()

    def show_me(self) -> None:
        """Demonstrate an accepted answer: play it on the board (an action exercise) or mark the
        answer and what it refers to (a question, on the position after its actions), with
        what changed lit and why it is right in :attr:`demo` (``demo.verdict``).  It does not
        count as solved."""
        ex = self.exercise
        if ex is None:
            return
        self._enter(self.index, mark=False)
        demo = ex.demonstrate()
        self.shown = True
        self.skipped = None
        self.demo = demo
        self.state = demo.position
        self.markers = demo.verdict.markers
        self.highlight = tuple(demo.highlight)
        self.concealed = ()
        self._changed()

    # ------------------------------------------------------------------ listeners
    def observe(self, callback: Callable[[], Any]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb()

    # ------------------------------------------------------------------ internals
    def _item_obj(self, item: Item) -> Step | Exercise:
        c = next(c for c in self.chapters if c.id == item[0])
        return c.steps[item[2]] if item[1] == "step" else c.exercises[item[2]]

    def _enter(self, index: int, mark: bool = True) -> None:
        self.index = index
        obj = self.current
        self.state = obj.position
        self.highlight = obj.opening_highlight() if isinstance(obj, Exercise) else tuple(obj.highlight)
        self.concealed = obj.concealed() if isinstance(obj, Exercise) else ()
        self.markers = obj.markers if isinstance(obj, Step) else None
        # A question answered with a button (a choice exercise) is not a turn: the board shows the
        # position asked about, and "Red to act" on it read as an order to act there (issue 33).
        self.turn = (not (isinstance(obj, Exercise) and obj.kind == "choice")
                     and not (self.course.terms_in(STEP_WORDS.get(self.state.step, ""))
                              - self.course.taught_before(*self.item)))
        self.verdict = None
        self.demo = None
        self.message = ""
        self.hint_shown = self.shown = False
        self.picker = None
        if mark:
            self.skipped = None
        if isinstance(obj, Step):
            if mark:
                self.progress.see(obj.chapter, obj.index)
                self._save()
        elif obj.kind == "action" and self.state.to_act is not None:
            self.picker = ActionPicker(self.state)

    def _save(self) -> None:
        if self.progress_file is None:
            return
        try:
            self.progress.save(self.progress_file)
        except ProgressError as exc:     # a missing folder, no permission, a full disk: said, not raised
            self.save_error = exc
        else:
            self.save_error = None
