"""One learner working through the course: where they are, what the board shows, what they answered.

Pure Python (no Jupyter): :class:`dualpowers.widgets.course.CourseWidget` is a thin
view over it, and tests drive it directly.  Action exercises are answered the
way a game is played, by clicks on the board narrowed by
:class:`dualpowers.clicks.ActionPicker`, or by buttons for what no
click reaches (a card from the hand, Inspire, Pass ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..actions import Action
from ..clicks import ActionPicker
from ..state import State
from .model import Chapter, Exercise, Step, Verdict, load_course
from .progress import Item, Progress, ProgressError

__all__ = ["CourseSession"]


class CourseSession:
    """The course as a learner meets it, item by item (steps, then the chapter's exercises).

    ``state`` and ``highlight`` are what the board should show now; ``verdict`` the
    last judgement; ``hint_shown`` / ``shown`` whether Hint or Show me was asked.
    ``progress_file``: a JSON file the progress is saved to after every change
    (read back when the session starts: a file that cannot be used raises
    :class:`~dualpowers.course.progress.ProgressError` and is left as it is).  A save
    that fails never stops the learner: the session goes on, and :attr:`save_error`
    says why until a later save succeeds.
    """

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
        self.go(self.index + 1)

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
            if it[1] == "exercise" and self._item_obj(it).id == exercise_id:  # type: ignore[union-attr]
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
        if self.verdict is not None:         # the board shows the last answer: start again first
            self.try_again()
        meant = self.picker.meant(kind, ident)     # what the clicks mean, should no legal action fit them
        action = self.picker.click(kind, ident)
        if action is not None:
            return self.answer(action)
        if self.picker.message and meant is not None:    # an action the rules forbid: the engine says why
            return self.answer(meant)
        self.highlight = tuple(self.picker.lit())
        self.message = self.picker.message
        self._changed()
        return None

    def buttons(self) -> list[Action]:
        """Actions to offer as buttons now: what no click on the board reaches (or no longer needs)."""
        ex = self.exercise
        if ex is None or ex.kind != "action" or self.picker is None or self.verdict is not None:
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
        v = ex.judge(answer)
        self.verdict = v
        if v.correct:
            self.progress.solve(ex.id)
        else:
            self.progress.miss(ex.id)
        if v.result is not None:
            self.state = v.result
        self.highlight = tuple(v.highlight)
        self.message = ""
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
        """Light up the accepted answer on the exercise's position."""
        ex = self.exercise
        if ex is None:
            return
        self._enter(self.index, mark=False)
        self.shown = True
        self.highlight = tuple(ex.show())
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
        self.state: State = obj.position
        self.highlight: tuple[Any, ...] = tuple(obj.highlight)
        self.verdict: Verdict | None = None
        self.message = ""
        self.hint_shown = self.shown = False
        self.picker: ActionPicker | None = None
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
