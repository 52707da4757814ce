"""The course's session model: a learner working through the course, and what the screen shows.

:class:`~dualpowers.course.session.CourseSession` is the course as a learner meets it
(where they are, the clicks of an exercise so far, the verdict, Hint and Show me, the
progress and its file).  A :class:`CourseScreen` adds what the screen needs besides: the
language the screen speaks, why a progress file could not be read, and, after every change,
one :class:`CourseSnapshot` written in that language: the board to draw and what is lit,
the step's or the exercise's text, the answer buttons, the verdict or Show me's
demonstration, each button's label and whether it is shown or enabled, the chapter list,
the rulebook's examples and the way on to a solo game.  The widget
(:class:`dualpowers.widgets.course.CourseWidget`) turns clicks, taps and keys into calls
here and draws the snapshot; it decides nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..actions import ChooseObjective
from ..course.model import Exercise, Step
from ..course.progress import ProgressError
from ..course.session import CourseSession
from ..describe import describe, label as kind_label
from ..kinds import kind_of
from ..narrate import event_text, refusal_text
from ..rules import standin_note, summary as rule_summary
from ..text import NN_, N_, Conjunction, Message, Name, plural, render
from ..working import event_details
from .observed import Observed

if TYPE_CHECKING:
    from ..state import State

__all__ = ["CourseScreen", "CourseSession", "CourseSnapshot", "Badge", "ButtonView", "AnswerView", "EventView", "FeedbackView",
           "ChapterView", "CourseBoardView"]

DOMAIN = "course"

# The screen's words (domain "course").
T_BACK, T_NEXT, T_CONTINUE = N_("◀ Back"), N_("Next ▶"), N_("Continue where I left off")
T_HINT, T_SHOW, T_RETRY = N_("Hint"), N_("Show me"), N_("Try again")
#: the clicks of an answer begun on the board, forgotten (Escape does the same): issue 33, QA6
#: the clicks so far forgotten; a finger taps (the play screen says the same, QA8)
T_CANCEL = (N_("Cancel the clicks"), N_("Cancel the taps"))
#: on a phone, where the text is pinned under the board: fold it away to see the whole board
#: (the step spoke of the calendar and the score track the sheet covered, QA), and back
T_FOLD, T_UNFOLD = N_("See the whole board"), N_("Back to the text")
#: where we are: the item within its chapter (the course's title above the widget is the notebook's
#: heading; repeated here it took a second line of the narrow panel in Italian, issue 33)
T_STEP = N_("{i} of {n} in this chapter")
T_EXERCISE = N_("Exercise — {prompt}")
T_RULES = N_("Rules: {ids}")
#: The disclosure under a step or an exercise that holds what is this project's, not the rulebooks'
T_ASIDE = N_("What the rulebooks leave open")
#: A line of that disclosure: where the packaged components stand in for what the rulebooks do not
#: print, by rule (a rule's tip gives the rule alone)
T_STANDIN = N_("{id}: {what}")
T_EXAMPLES = NN_("The rulebook's example {ids} shows the same rules (notebook 01_tutorial.ipynb).",
                 "The rulebook's examples {ids} show the same rules (notebook 01_tutorial.ipynb).")
T_OPEN_EXAMPLE = N_("Example {id}")
T_CHAPTERS = N_("Chapters")
T_SHOWN_ACTION = N_("Shown on the board: {answer}.")
T_SHOWN_CHOICE = N_("The answer: {answer}.")
#: A card offered as a secret objective: what the objective is worth where it scores, not the
#: values for playing the card, whose actions the Command cards chapter teaches after it (QA7)
T_OBJECTIVE_CHOICE = N_("Choose {card} ({vp} VP) as your secret objective")
T_WHY = N_("Why? {why:cap}")
T_OTHERS = NN_("The engine accepts {n} other answer too.", "The engine accepts {n} other answers too.")
T_ENGINE = N_("What the engine did:")
T_DONE = N_("You have finished the course. Play your first solo game at difficulty 1: open notebooks/04_play.ipynb, or start one right here.")
T_LAST = N_("This is the end of the course. When every chapter is ticked, play your first solo game at difficulty 1 in notebooks/04_play.ipynb, or start one right here.")
T_START_SOLO = N_("Start a solo game (difficulty 1)")
T_PROGRESS = N_("{done} of {total} done")
T_NOT_SAVED = N_("Your progress is not saved: {reason}. The course goes on; a later save tries the file again.")
T_NOT_READ = N_("Your progress file cannot be used, so the course starts at the beginning and leaves that file as "
                "it is: {reason}")
#: Next on an exercise not solved yet: it moves on, and the exercise is not counted as done
T_NEXT_SKIPS = N_("Not solved yet: Next moves on without counting this exercise as done.")
#: On the item Next led to from an unsolved exercise: a note of its own beside where we are,
#: never in the feedback slot, where it would read as the answer to this item
T_SKIPPED = N_("Not counted: you went on from an exercise of “{chapter}” without solving it. "
               "“Continue where I left off” brings you back to it.")


def _tr(msgid: str, lang: str, **params: Any) -> str:
    return render(Message(msgid, domain=DOMAIN, **params), lang)


# ---------------------------------------------------------------------------- the snapshot
@dataclass(frozen=True)
class Badge:
    """A rule ID, with its rule's text (shown on hover, focus or a tap); ``ruling``: one of this
    project's rulings (RULINGS.md "(ruling)"), not the rulebooks'."""

    rule: str
    summary: str
    ruling: bool = False


@dataclass(frozen=True)
class ButtonView:
    """A button: its words, whether it is shown and enabled, what a pointer's tip says."""

    label: str
    shown: bool = True
    enabled: bool = True
    tooltip: str = ""


@dataclass(frozen=True)
class AnswerView:
    """An answer button: its words, the answer it gives, its tip."""

    label: str
    value: Any
    tooltip: str = ""


@dataclass(frozen=True)
class EventView:
    """What the engine said when it applied a step's action, and the working behind it."""

    text: str
    working: tuple[str, ...] = ()


@dataclass(frozen=True)
class FeedbackView:
    """Under the answers: Show me's demonstration (``kind`` "demo": ``head``, ``why``, the
    badges, ``others``), a verdict ("right" or "wrong": ``head`` is its text), or nothing ("");
    ``note`` the session's note (a course message, or the engine's words)."""

    kind: str = ""
    head: str = ""
    why: str = ""
    badges: tuple[Badge, ...] = ()
    others: str = ""
    note: str = ""

    @property
    def empty(self) -> bool:
        return not self.kind and not self.note


@dataclass(frozen=True)
class ChapterView:
    """A chapter in the list: its id, its words ("✔ Title (3/5)"), done, the current one."""

    id: str
    label: str
    done: bool
    current: bool


@dataclass(frozen=True)
class CourseBoardView:
    """What the board draws: the position, what is lit, the strength plates hidden (they would
    answer the question asked), the objective markers (``None``: as the position implies) and
    what a click may pick now (empty: no clicks are asked for, whatever the board lights); ``turn``: whether the status
    line says who acts and what they choose (only once the course has taught its words)."""

    position: "State"
    highlight: tuple[Any, ...] = ()
    conceal: tuple[str, ...] = ()
    markers: tuple[tuple[int, str], ...] | None = None
    clickable: tuple[Any, ...] = ()
    turn: bool = True


@dataclass(frozen=True)
class CourseSnapshot:
    """What the course shows after one change, every text written in ``lang``."""

    lang: str
    board: CourseBoardView
    #: the chapter's title, and the course and the place in the chapter ("Learn to play · 3 of 9")
    title: str
    where: str
    #: the rules the item teaches: the words around the badges ("Rules: ", ""), and the badges
    rules_text: tuple[str, str]
    badges: tuple[Badge, ...]
    #: what is this project's, not the rulebooks': the disclosure's label and its lines (text, is a ruling note)
    aside_label: str
    aside: tuple[tuple[str, bool], ...]
    is_exercise: bool
    #: a step: the chapter's introduction (its first step only), the step's text, what the engine did
    intro: str
    body: str
    engine_label: str
    events: tuple[EventView, ...]
    #: an exercise: the question, how to answer it, the hint (once asked, until answered or shown)
    prompt: str
    how: str
    hint: str
    choices: tuple[AnswerView, ...]
    actions: tuple[AnswerView, ...]
    feedback: FeedbackView
    #: why the progress file is not read or not saved ("" when all is well)
    file_note: str
    #: the exercise Next just left unsolved, not counted as done: said in its own place, under
    #: where we are ("" when none)
    skipped: str
    #: on a phone: the text folded away under its buttons to show the whole board (this item only)
    folded: bool
    fold: ButtonView
    back: ButtonView
    next: ButtonView
    retry: ButtonView
    #: "Cancel the clicks": shown while an answer begun on the board waits for its next click
    cancel: ButtonView
    hint_button: ButtonView
    show: ButtonView
    continue_: ButtonView
    solo: ButtonView
    #: the chapter list, and "3 of 60 done"
    chapters_title: str
    chapters: tuple[ChapterView, ...]
    progress: str
    #: the rulebook's examples of the chapter: the sentence, and (id, button label) for each
    examples_text: str
    examples: tuple[tuple[str, str], ...]
    #: the way on to a solo game under the board (shown at the last item or when all is done)
    end_shown: bool
    end_text: str
    end_button: str

    @property
    def answers_shown(self) -> bool:
        """Whether the answers' slot shows anything (a step with no note leaves it out)."""
        return self.is_exercise or not self.feedback.empty or bool(self.file_note)


# ---------------------------------------------------------------------------- the model
class CourseScreen(Observed[CourseSnapshot]):
    """The course screen: a :class:`CourseSession`, the language it is shown in, and the
    snapshot of it after every change.

    ``progress_file``: read when the course starts; a file that cannot be used is said on
    screen (:attr:`unread`) and left as it is, and the course starts afresh without it."""

    def __init__(self, session: CourseSession | None = None, *, progress_file: str | Path | None = None,
                 lang: str = "en") -> None:
        super().__init__()
        #: why the progress file given could not be read (the course then runs without it)
        self.unread: ProgressError | None = None
        if session is None:
            try:
                session = CourseSession(progress_file=progress_file)
            except ProgressError as exc:     # said on screen; the file is neither used nor overwritten
                self.unread = exc
                session = CourseSession()
        self.session = session
        self.lang = lang
        #: the item whose text the learner folded away (a new item shows its text again)
        self._folded: Any = None
        self.session.observe(self._changed)

    # ------------------------------------------------------------------ what a learner does
    @property
    def folded(self) -> bool:
        """Whether the current item's text is folded away (a new item unfolds it)."""
        return self._folded is not None and self._folded is self.session.current

    def fold(self, folded: bool) -> None:
        """Fold the text away under its buttons to see the whole board (a phone), or show it again."""
        if not isinstance(folded, bool):
            raise TypeError(f"fold: folded must be True or False, not {folded!r}")
        if folded != self.folded:
            self._folded = self.session.current if folded else None
            self._changed()

    def set_language(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._changed()

    def next(self) -> None:
        self.session.next()

    def back(self) -> None:
        self.session.back()

    def continue_(self) -> None:
        self.session.continue_()

    def go_chapter(self, chapter_id: str) -> None:
        self.session.go_chapter(chapter_id)

    def click(self, kind: str, ident: Any) -> None:
        """A click (or a tap, or Enter) on the board."""
        self.session.click(kind, ident)

    def set_touch(self, touch: bool) -> None:
        """A finger (True) or a mouse works the screen: how to answer says "tap" or "click"."""
        self.session.set_touch(touch)

    def answer(self, value: Any) -> None:
        """An answer button: a choice's value, or an action."""
        self.session.answer(value)

    def try_again(self) -> None:
        self.session.try_again()

    def hint(self) -> None:
        self.session.hint()

    def show_me(self) -> None:
        self.session.show_me()

    @property
    def can_cancel(self) -> bool:
        """Whether clicks of an answer begun on the board wait for the next one."""
        s = self.session
        return s.picker is not None and bool(s.picker.picked) and s.verdict is None and s.demo is None

    def forget_clicks(self) -> None:
        """Escape, or Cancel the clicks: the board's clicks so far are forgotten (the exercise as it was given)."""
        if self.can_cancel:
            self.session.try_again()

    # ------------------------------------------------------------------ the snapshot
    @property
    def snapshot(self) -> CourseSnapshot:
        """What the course shows now."""
        s, lang = self.session, self.lang
        item, ch = s.current, s.chapter
        i, n = s.chapter_items()
        is_ex = isinstance(item, Exercise)
        aside: list[tuple[str, bool]] = []
        if isinstance(item, Step) and item.aside_id:
            aside.append((item.aside(lang), False))
        else:       # (a step's own remark is the more precise one: its rules' stand-ins then go unsaid)
            aside += [(_tr(T_STANDIN, lang, id=r, what=note), False) for r in item.rules
                      if (note := standin_note(r)) is not None]
        if item.rulings:
            aside.append((item.rulings_note(lang), True))
        before, _sep, after = _tr(T_RULES, lang, ids="\x00").partition("\x00")
        intro = body = prompt = how = hint = ""
        events: tuple[EventView, ...] = ()
        if isinstance(item, Step):
            intro = ch.intro(lang) if item.index == 0 else ""
            body = item.text(lang)
            events = tuple(EventView(event_text(e, lang), tuple(event_details(e, lang)))
                           for e in item.listed if e.kind not in ("phase",))
        else:
            prompt = _tr(T_EXERCISE, lang, prompt=item.prompt(lang))
            how = render(s.how_to_answer(), lang)
            if s.hint_shown and s.verdict is None and s.demo is None:
                # once answered (or shown), the verdict says why: the hint gives way to it, so that
                # the question stays in sight above seven answers and a verdict (Hint brings it back
                # after Try again)
                hint = item.hint(lang)
        answered_wrong = s.verdict is not None and not s.verdict.correct
        copied = s.verdict is not None and s.verdict.correct and s.shown      # right, after Show me
        last = s.finished or s.at_end
        # Next on an exercise not solved moves on, and says beforehand that it will not count
        skips = is_ex and not s.solved and not s.at_end
        done = sum(s.progress.is_done(it, s.chapters) for it in s.items)
        return CourseSnapshot(
            lang=lang, board=self._board(), title=ch.title(lang),
            where=_tr(T_STEP, lang, i=i, n=n),
            rules_text=(before, after), badges=badges(item.rules, lang, item.rulings, item.brief),
            aside_label=_tr(T_ASIDE, lang) if aside else "", aside=tuple(aside),
            is_exercise=is_ex, intro=intro, body=body, engine_label=_tr(T_ENGINE, lang), events=events,
            prompt=prompt, how=how, hint=hint, choices=self._choices(), actions=self._actions(),
            feedback=self._feedback(), file_note=self._file_note(), skipped=self._skipped(),
            folded=self.folded, fold=ButtonView(_tr(T_UNFOLD if self.folded else T_FOLD, lang)),
            back=ButtonView(_tr(T_BACK, lang), enabled=not s.at_start),
            next=ButtonView(_tr(T_NEXT, lang), enabled=not s.at_end,
                            tooltip=_tr(T_NEXT_SKIPS, lang) if skips else ""),
            cancel=ButtonView(_tr(T_CANCEL[self.session.touch], lang), shown=self.can_cancel),
            retry=ButtonView(_tr(T_RETRY, lang), shown=is_ex and (answered_wrong or copied or s.demo is not None)),
            hint_button=ButtonView(_tr(T_HINT, lang), shown=is_ex), show=ButtonView(_tr(T_SHOW, lang), shown=is_ex),
            continue_=ButtonView(_tr(T_CONTINUE, lang)),
            solo=ButtonView(_tr(T_START_SOLO, lang), shown=last),
            chapters_title=_tr(T_CHAPTERS, lang),
            chapters=tuple(ChapterView(c.id, _chapter_label(s, c, lang), s.progress.chapter_done(c), c.id == ch.id)
                           for c in s.chapters),
            progress=_tr(T_PROGRESS, lang, done=done, total=len(s.items)),
            examples_text=(render(plural(T_EXAMPLES, len(ch.examples), domain=DOMAIN, ids=Conjunction(ch.examples)),
                                  lang) if ch.examples else ""),
            examples=tuple((e, _tr(T_OPEN_EXAMPLE, lang, id=e)) for e in ch.examples),
            end_shown=last, end_text=_tr(T_DONE if s.finished else T_LAST, lang) if last else "",
            end_button=_tr(T_START_SOLO, lang))

    def _board(self) -> CourseBoardView:
        s = self.session
        # what a click may pick: nothing, where no answer is picked on the board (a step, a question
        # answered with a button, an answer given), though the board lights the lesson's subject (its
        # words said "You can tap: red, blue..." over a step's six regions, and a tap did nothing)
        asked = s.picker.lit() if s.picker is not None and s.verdict is None else ()
        return CourseBoardView(
            position=s.state, highlight=tuple(s.highlight), conceal=tuple(s.concealed),
            markers=tuple(s.markers.items()) if s.markers is not None else None,
            clickable=tuple(asked), turn=s.turn)

    def _choices(self) -> tuple[AnswerView, ...]:
        ex = self.session.exercise
        if ex is None or ex.kind != "choice":
            return ()
        return tuple(AnswerView(ex.choice_label(v, self.lang), v) for v in ex.choices)

    def _actions(self) -> tuple[AnswerView, ...]:
        s, lang = self.session, self.lang
        ex = s.exercise
        if ex is None or ex.kind == "choice":
            return ()
        state = s.state if s.verdict is None else ex.position
        out: list[AnswerView] = []
        for a in s.buttons():
            kind = kind_of(a)
            if kind.says_its_effect:       # "Inspire the People", not "...: take the Will" (the answer)
                name = kind_label(kind.word, lang)
                out.append(AnswerView(name, a, name))
                continue
            d = describe(state, a, lang)
            if isinstance(a, ChooseObjective) and a.card in state.comp.cards:
                d = replace(d, text=_tr(T_OBJECTIVE_CHOICE, lang, card=Name("card", a.card),
                                        vp=state.comp.cards[a.card].vp))
            out.append(AnswerView(d.text, a, d.line()))
        return tuple(out)

    def _feedback(self) -> FeedbackView:
        s, lang = self.session, self.lang
        # the session's note (a course message, or the engine's text), under a verdict or alone
        note = s.message if isinstance(s.message, str) else render(s.message, lang)
        if s.demo is not None:
            d = s.demo
            if d.kind == "action":
                head = _tr(T_SHOWN_ACTION, lang, answer=describe(d.before, d.answer, lang).text)
            else:
                answer = s.exercise.choice_label(d.answer, lang) if s.exercise else d.answer
                head = _tr(T_SHOWN_CHOICE, lang, answer=answer)
            others = render(plural(T_OTHERS, d.alternatives, domain=DOMAIN), lang) if d.alternatives else ""
            return FeedbackView("demo", head, _tr(T_WHY, lang, why=d.verdict.sentence(lang)),
                                badges(d.verdict.rules, lang, brief=s.current.brief), others)
        if s.verdict is not None:
            return FeedbackView("right" if s.verdict.correct else "wrong", s.verdict.text(lang),
                                badges=badges(s.verdict.rules, lang, brief=s.current.brief), note=note)
        return FeedbackView(note=note)

    def _skipped(self) -> str:
        """The exercise Next left unsolved: not counted, and the way back to it ("" when none)."""
        left = self.session.skipped
        if left is None:
            return ""
        chapter = next(c for c in self.session.chapters if c.id == left.chapter)
        return _tr(T_SKIPPED, self.lang, chapter=chapter.title(self.lang))

    def _file_note(self) -> str:
        """Why the progress file is not read or not written, if so (the course goes on either way)."""
        lang, problem = self.lang, self.session.save_error
        if self.unread is not None:
            return _tr(T_NOT_READ, lang, reason=refusal_text(self.unread, lang))
        if problem is not None:
            return _tr(T_NOT_SAVED, lang, reason=refusal_text(problem, lang))
        return ""


def badges(rules: Any, lang: str, rulings: Any = (), brief: Any = ()) -> tuple[Badge, ...]:
    """A badge for each rule ID, with its rule's text in ``lang``; this project's rulings marked;
    the rules of ``brief`` told as the course tells them before it has taught all of them."""
    return tuple(Badge(r, render(rule_summary(r, r in brief), lang), r in rulings) for r in rules)


def _chapter_label(s: CourseSession, chapter: Any, lang: str) -> str:
    k, total = s.progress.chapter_counts(chapter)
    return f"{'✔' if s.progress.chapter_done(chapter) else '○'} {chapter.title(lang)} ({k}/{total})"
