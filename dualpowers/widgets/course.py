"""The course as a Jupyter widget: chapters, steps on the board, exercises answered by clicking.

::

    from dualpowers.widgets.course import CourseWidget
    CourseWidget()                                   # the notebook's language (widgets.language)
    CourseWidget(progress_file="course-progress.json")   # progress saved beside the notebook

A thin view over :class:`dualpowers.course.session.CourseSession` laid out on the
shared :class:`~dualpowers.widgets.screen.Screen`: the board on the left, the
panel on the right with Back / Next, the text, the answer buttons, the feedback and
Try again; Hint / Show me, the chapter list and the language menu under it.  Show me
plays an accepted answer on the board (what changed is lit) and says why; during a
question the board hides what would answer it (strength plates, a highlight on the
answer) until it is answered.  Every widget is built once: a click changes labels,
values, classes and visibility (answer buttons come from pools).  Action exercises are answered on the board the way a game is played (click
a token, then a region ...), and with buttons for what no click reaches.

CSS classes (browser tests): ``dp-course``; buttons ``dp-course-back``,
``dp-course-next``, ``dp-course-continue``, ``dp-course-hint``, ``dp-course-show``,
``dp-course-retry``, ``dp-course-solo-now`` (at the last item: start a solo game),
``dp-course-choice`` (each answer button),
``dp-course-action`` (each action button), ``dp-course-answers`` (their box, under the
narration, outside it); ``dp-course-text`` (the narration),
``dp-course-how`` (how to answer this exercise: what to click, or the buttons),
``dp-course-feedback`` (the verdict, ``dp-course-right`` or ``dp-course-wrong``; Show me's
demonstration, ``dp-course-demo``: the answer played on the board and why, with rule badges);
``dp-rule-badge`` (a rule ID, focusable; its ``dp-rule-tip`` the rule's text, shown on hover, focus
or a tap), ``dp-course-aside`` (the disclosure of what is this project's, not the rulebooks':
a step's remark and the rulings note, ``dp-course-ruling``),
``dp-course-file`` (why the progress file is not read or not saved, if so),
``dp-course-chapters`` (the chapter list, each ``dp-course-chapter``, done ones
also ``dp-course-done``), ``dp-course-end`` (the way on to a solo game).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..course.model import Exercise, Step
from ..course.progress import ProgressError
from ..course.session import CourseSession
from ..course.text import N_, tr
from ..text import NN_, Conjunction, plural, render
from ..describe import describe, label as kind_label
from ..kinds import kind_of
from ..narrate import event_text, refusal_text
from ..rules import summary as rule_summary
from . import language
from ._common import STYLE, ButtonPool, working_html
from .board import BoardWidget
from .screen import PANEL_FIT_HEIGHT, Screen, bind_keys, button_action, controls

__all__ = ["CourseWidget", "COURSE_STYLE"]

_W = widgets.Layout

COURSE_STYLE = """<style>
.dp-course .dp-course-where { font-size: 12px; color: var(--dp-ink-faint); }
/* Try again, Hint and Show me share one row of the narrow panel (1280x720: 246 px) */
.dp-course .dp-course-help .widget-button { padding: 0 6px; }
.dp-course .dp-course-body { margin: 3px 0; }
.dp-course .dp-course-prompt { font-weight: bold; }
.dp-course .dp-rule-badge { display: inline-block; font-family: monospace; font-size: 11px; padding: 0 6px;
  margin: 1px 3px 1px 0; border-radius: 9px; background: var(--dp-badge-bg); color: var(--dp-badge-ink); }
.dp-course .dp-rule-badge.dp-ruling-badge { background: var(--dp-paper); color: var(--dp-ruling);
  border: 1px dashed var(--dp-ruling); }
/* a badge's rule text: read in the flow by a screen reader, shown over the line above on hover,
   on keyboard focus and on a tap (a tap focuses the badge), across the whole box it sits in */
.dp-course .dp-rule-badge { cursor: help; }
.dp-course .dp-course-where, .dp-course .dp-course-right, .dp-course .dp-course-wrong,
.dp-course .dp-course-demo { position: relative; }
.dp-course .dp-rule-tip { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
.dp-course .dp-rule-badge:hover .dp-rule-tip, .dp-course .dp-rule-badge:focus .dp-rule-tip {
  left: 0; right: 0; bottom: 100%; width: auto; height: auto; overflow: visible; clip-path: none; z-index: 20;
  white-space: normal; box-sizing: border-box; padding: 4px 8px; margin-bottom: 2px; border-radius: 4px;
  font-family: var(--jp-ui-font-family, sans-serif); font-size: 12px; line-height: 1.35; text-align: left;
  background: var(--dp-paper); color: var(--dp-ink); border: 1px solid var(--dp-line); border-left: 4px solid var(--dp-badge-bg);
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.25); }
.dp-course .dp-rule-tip .dp-rule-tip-sep { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.dp-course .dp-course-aside { font-size: 12px; color: var(--dp-ink-soft); margin-top: 2px; }
.dp-course .dp-course-aside summary { cursor: pointer; color: var(--dp-ink-faint); }
.dp-course .dp-course-aside > div { margin: 2px 0 0 1em; }
.dp-course .dp-course-examples { font-size: 12px; color: var(--dp-ink-soft); margin-top: 4px; }
.dp-course .dp-course-hintbox { border-left: 4px solid var(--dp-info); background: var(--dp-hint-bg); color: var(--dp-ink); padding: 4px 8px;
  font-size: 13px; margin-top: 4px; }
.dp-course .dp-course-right { border-left: 4px solid var(--dp-ok); background: var(--dp-right-bg); color: var(--dp-ink); padding: 4px 8px; margin-top: 4px; }
.dp-course .dp-course-wrong { border-left: 4px solid var(--dp-error); background: var(--dp-wrong-bg); color: var(--dp-ink); padding: 4px 8px; margin-top: 4px; }
.dp-course .dp-course-msg { color: var(--dp-ink-faint); font-size: 12px; margin-top: 4px; }
.dp-course .dp-course-events { font-size: 12px; color: var(--dp-ink-soft); background: var(--dp-paper-2);
  border: 1px solid var(--dp-line);
  padding: 2px 6px; margin: 4px 0; }
.dp-course .dp-course-chapter button { text-align: left; }
.dp-course .dp-course-action, .dp-course .dp-course-choice, .dp-course .dp-course-solo-now { height: auto; min-height: 28px; white-space: normal;
  text-align: left; line-height: 1.25; padding: 3px 8px; }
.dp-course .dp-course-choice, .dp-course .dp-course-action { min-height: 26px; padding: 2px 8px; margin: 1px 0; font-size: 13px; }
.dp-course .dp-course-answers .widget-hbox { gap: 0 4px; }
.dp-course .dp-course-retry { margin-top: 4px; }
.dp-course button.dp-course-chapter { white-space: normal; height: auto; min-height: 28px; line-height: 1.3;
  padding-top: 3px; padding-bottom: 3px; text-align: left; }
.dp-course .dp-course-done button, .dp-course button.dp-course-done { color: var(--dp-ok); }
.dp-course .dp-course-current button, .dp-course button.dp-course-current { font-weight: bold; }
</style>"""

# Interface texts (domain "course").
T_BACK, T_NEXT, T_CONTINUE = N_("◀ Back"), N_("Next ▶"), N_("Continue where I left off")
T_HINT, T_SHOW, T_RETRY = N_("Hint"), N_("Show me"), N_("Try again")
T_STEP = N_("{course} · {i} of {n}")
T_EXERCISE = N_("Exercise: {prompt}")
T_RULES = N_("Rules: {ids}")
#: The disclosure under a step or an exercise that holds what is this project's, not the rulebooks'
T_ASIDE = N_("What the rulebooks leave open")
T_EXAMPLES = NN_("The rulebook's example {ids} shows the same rules (notebook 01_tutorial.ipynb).",
                 "The rulebook's examples {ids} show the same rules (notebook 01_tutorial.ipynb).")
T_OPEN_EXAMPLE = N_("Example {id}")
T_CHAPTERS = N_("Chapters")
T_SHOWN_ACTION = N_("Shown on the board: {answer}.")
T_SHOWN_CHOICE = N_("The answer: {answer}.")
T_WHY = N_("Why: {why}")
T_OTHERS = NN_("The engine accepts {n} other answer too.", "The engine accepts {n} other answers too.")
T_ENGINE = N_("What the engine did:")
T_TITLE = N_("Learn to play Dual Powers")
T_DONE = N_("You have finished the course. Play your first solo game at difficulty 1: open notebooks/04_play.ipynb, or start one right here.")
T_LAST = N_("This is the end of the course. When every chapter is ticked, play your first solo game at difficulty 1 in notebooks/04_play.ipynb, or start one right here.")
T_START_SOLO = N_("Start a solo game (difficulty 1)")
T_PROGRESS = N_("{done} of {total} done")
T_NOT_SAVED = N_("Your progress is not saved: {reason}. The course goes on; a later save tries the file again.")
T_NOT_READ = N_("Your progress file cannot be used, so the course starts at the beginning and leaves that file as "
                "it is: {reason}")


def _badges(rules: Any, lang: str, rulings: Any = ()) -> str:
    """Rule badges, each holding its rule's text (``rules.summary``): shown on hover, on keyboard
    focus and on a tap (the badge takes focus), and read by a screen reader after the ID.
    This project's rulings (RULINGS.md "(ruling)") are marked as such."""
    return "".join(
        f"<span class='dp-rule-badge{' dp-ruling-badge' if r in rulings else ''}' tabindex='0'>{escape(r)}"
        f"<span class='dp-rule-tip' role='tooltip'><span class='dp-rule-tip-sep'>: </span>"
        f"{escape(render(rule_summary(r), lang))}</span></span>"
        for r in rules)


class CourseWidget(widgets.VBox):
    """The course: drive it as a learner would (``w.next_button.click()``, ``w.click("token", "W3")``,
    ``w.choice_buttons[0].click()``) or through ``w.session``.

    Every widget is built once: a refresh changes descriptions, values, classes and
    visibility only (answer buttons come from pools that grow to the most ever needed)."""

    def __init__(self, session: CourseSession | None = None, *, progress_file: str | Path | None = None,
                 lang: str | None = None, board_width: float = BOARD_W, board_height: float = BOARD_H, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-course")
        #: why the progress file given could not be read (the course then runs without it)
        self.unread: ProgressError | None = None
        if session is None:
            try:
                session = CourseSession(progress_file=progress_file)
            except ProgressError as exc:     # said on screen; the file is neither used nor overwritten
                self.unread = exc
                session = CourseSession()
        self.session = session
        if lang is not None:
            language.set(lang)
        self.board = BoardWidget(None, width=board_width, height=board_height)
        self.board.on_click(self._board_click)

        self.back_button = self._button("dp-course-back")
        self.next_button = self._button("dp-course-next", style="primary")
        self.retry_button = self._button("dp-course-retry", style="warning")
        self.hint_button = self._button("dp-course-hint")
        self.show_button = self._button("dp-course-show")
        self.continue_button = self._button("dp-course-continue")
        #: at the course's last item, the way on to a solo game beside Back / Next (the end
        #: box under the board is out of sight at 1280x720)
        self.solo_button = self._button("dp-course-solo-now", style="success")
        self.solo_button.on_click(lambda _: self._start_solo())
        self.back_button.on_click(lambda _: self.session.back())
        self.next_button.on_click(lambda _: self.session.next())
        self.retry_button.on_click(lambda _: self.session.try_again())
        self.hint_button.on_click(lambda _: self.session.hint())
        self.show_button.on_click(lambda _: self.session.show_me())
        self.continue_button.on_click(lambda _: self.session.continue_())

        self.text = widgets.HTML(layout=_W(width="100%"))
        self.text.add_class("dp-course-text")
        self.feedback = widgets.HTML(layout=_W(width="100%"))
        self.feedback.add_class("dp-course-feedback")
        self.file_note = widgets.HTML(layout=_W(width="100%"))
        self.file_note.add_class("dp-course-file")
        # answer buttons: pools shown as needed (a refresh never builds a button it has had before)
        self._choice_pool = ButtonPool(lambda: self._button("dp-course-choice"), lambda v: self.session.answer(v))
        self._action_pool = ButtonPool(lambda: self._button("dp-course-action"), lambda a: self.session.answer(a))
        self.choice_box = widgets.HBox(layout=_W(flex_flow="row wrap", width="100%", grid_gap="4px"))
        self.action_box = widgets.VBox(layout=_W(width="100%"))
        self.answers = widgets.VBox([self.choice_box, self.action_box], layout=_W(width="100%"))
        self.answers.add_class("dp-course-answers")
        self.choice_buttons: list[widgets.Button] = []
        self.action_buttons: list[widgets.Button] = []
        # the chapter list: one button per chapter, built once
        self._chapters_title = widgets.HTML()
        self._chapter_buttons: list[widgets.Button] = []
        for c in self.session.chapters:
            b = widgets.Button(layout=_W(width="100%"))
            b.add_class("dp-course-chapter")
            b.on_click(lambda _, cid=c.id: self.session.go_chapter(cid))
            self._chapter_buttons.append(b)
        self.chapter_list = widgets.VBox([self._chapters_title, *self._chapter_buttons], layout=_W(width="100%"))
        self.chapter_list.add_class("dp-course-chapters")
        self.progress_label = widgets.HTML()
        # the rulebook's examples of the chapter: a label and one button per example letter
        self._examples_label = widgets.HTML()
        self._example_pool = ButtonPool(lambda: self._button("dp-course-example"), self._open_example)
        self.examples = widgets.HBox([self._examples_label], layout=_W(flex_flow="row wrap"))
        # the way on to a solo game, under the board
        self._end_text = widgets.HTML()
        end_button = self._button("dp-course-solo", style="success")
        end_button.on_click(lambda _: self._start_solo())
        self._end_button = end_button
        self.end_box = widgets.VBox([self._end_text, end_button])
        self.end_box.add_class("dp-course-end")
        self.extra = widgets.VBox()            # an opened example or a solo game

        # Try again, Hint and Show me in one row with the answers: never in the slot that gives
        # way on a small screen, and one row less under a wrong answer's feedback
        self.help_row = controls(self.retry_button, self.hint_button, self.show_button)
        self.help_row.add_class("dp-course-help")
        for b in self.help_row.children:
            b.layout.min_width = "0"
        self.screen = Screen(
            self.board, title="",
            narration=[self.text],
            primary=[self.back_button, self.next_button, self.solo_button],
            answers=[self.answers, self.feedback, self.help_row, self.file_note],
            secondary=[controls(language.picker()), self.continue_button, self.progress_label, self.chapter_list],
            below=[self.examples, self.end_box, self.extra],
            panel_height=PANEL_FIT_HEIGHT,
        )
        bind_keys(self.screen, {"ArrowRight": button_action(self.next_button),
                                "ArrowLeft": button_action(self.back_button), "Escape": self._forget_clicks})
        self.children = [widgets.HTML(STYLE + COURSE_STYLE), self.screen]
        self.session.observe(self.refresh)
        language.observe(self._language_changed)
        self.refresh()

    # ------------------------------------------------------------------ as a learner
    @property
    def lang(self) -> str:
        return language.current()

    def click(self, kind: str, ident: Any) -> None:
        """A click on the board (what the canvas forwards; tests call it too)."""
        self.session.click(kind, ident)

    def _forget_clicks(self) -> None:
        """Escape: the board's clicks so far are forgotten (the exercise as it was given)."""
        s = self.session
        if s.picker is not None and s.picker.picked and s.verdict is None:
            s.try_again()

    def _board_click(self, kind: str, ident: Any) -> None:
        self.click(kind, ident)

    # ------------------------------------------------------------------ display
    def refresh(self) -> None:
        s, lang = self.session, self.lang
        item = s.current
        ch = s.chapter
        i, n = s.chapter_items()
        # the chapter as the title, the course and the place in the chapter in small type under it:
        # one line each (the course's name over the chapter's took a line from every narration)
        self.screen.set_title(escape(ch.title(lang)))
        self.back_button.description = tr(T_BACK, lang)
        self.next_button.description = tr(T_NEXT, lang)
        self.retry_button.description = tr(T_RETRY, lang)
        self.hint_button.description = tr(T_HINT, lang)
        self.show_button.description = tr(T_SHOW, lang)
        self.continue_button.description = tr(T_CONTINUE, lang)
        self.solo_button.description = tr(T_START_SOLO, lang)
        _display(self.solo_button, s.finished or s.at_end)
        self.back_button.disabled = s.at_start
        self.next_button.disabled = s.at_end
        is_ex = isinstance(item, Exercise)
        _display(self.help_row, is_ex)
        answered_wrong = s.verdict is not None and not s.verdict.correct
        copied = s.verdict is not None and s.verdict.correct and s.shown      # right, after Show me
        _display(self.retry_button, is_ex and (answered_wrong or copied or s.demo is not None))
        where = tr(T_STEP, lang, course=tr(T_TITLE, lang), i=i, n=n)
        rules = f"<div class='dp-course-where'>{tr(T_RULES, lang, ids=_badges(item.rules, lang, item.rulings))}</div>"
        # what is this project's, not the rulebooks' (a stand-in, a ruling: RULINGS.md "(ruling)"),
        # for a curious reader to open: the step's text keeps to the game
        aside = [f"<div>{escape(item.aside(lang))}</div>"] if isinstance(item, Step) and item.aside_id else []
        if item.rulings:
            aside.append(f"<div class='dp-course-ruling'>{escape(item.rulings_note(lang))}</div>")
        if aside:
            rules += (f"<details class='dp-course-aside'><summary>{escape(tr(T_ASIDE, lang))}</summary>"
                      f"{''.join(aside)}</details>")
        if isinstance(item, Step):
            intro = f"<div class='dp-course-body'><i>{escape(ch.intro(lang))}</i></div>" if item.index == 0 else ""
            body = f"{intro}<div class='dp-course-body'>{escape(item.text(lang))}</div>{self._events(item)}"
        else:
            body = (f"<div class='dp-course-body dp-course-prompt'>{escape(tr(T_EXERCISE, lang, prompt=item.prompt(lang)))}"
                    f"</div><div class='dp-course-msg dp-course-how'>{escape(render(s.how_to_answer(), lang))}</div>")
            if s.hint_shown and s.verdict is None and s.demo is None:
                # once answered (or shown), the verdict says why: the hint gives way to it, so that
                # the question stays in sight above seven answers and a verdict (Hint brings it back
                # after Try again)
                body += f"<div class='dp-course-hintbox'>{escape(item.hint(lang))}</div>"
        self.text.value = f"<div class='dp-course-where'>{escape(where)}</div>{body}{rules}"
        self._answers(item)
        self._feedback()
        self._file_note()
        # a step has no answers: the empty slot would still take its margin from the narration
        _display(self.screen.answers, is_ex or bool(self.feedback.value) or bool(self.file_note.value))
        self._chapters()
        self._examples(ch.examples)
        self._end()
        self._draw()

    def _events(self, step: Step) -> str:
        """What the engine said when it applied the step's last action, in the learner's language."""
        lang = self.lang
        events = [e for e in step.listed if e.kind not in ("phase",)]
        if not events:
            return ""
        lines = "".join(f"<li>{escape(event_text(e, lang))}{working_html(e, lang)}</li>" for e in events)
        return (f"<div class='dp-course-events'><b>{escape(tr(T_ENGINE, lang))}</b>"
                f"<ul style='margin: 2px 0; padding-left: 1.3em'>{lines}</ul></div>")

    def _answers(self, item: Any) -> None:
        s, lang = self.session, self.lang
        choices: list[tuple[str, Any, str]] = []       # (label, value, tooltip)
        actions: list[tuple[str, Any, str]] = []
        if isinstance(item, Exercise) and item.kind == "choice":
            choices = [(item.choice_label(v, lang), v, "") for v in item.choices]
        elif isinstance(item, Exercise):
            state = s.state if s.verdict is None else item.position
            for a in s.buttons():
                kind = kind_of(a)
                if kind.says_its_effect:       # "Inspire the People", not "...: take the Will" (the answer)
                    name = kind_label(kind.word, lang)
                    actions.append((name, a, name))
                    continue
                d = describe(state, a, lang)
                actions.append((d.text, a, d.line()))
        self.choice_buttons = self._fill(self._choice_pool, self.choice_box, choices)
        self.action_buttons = self._fill(self._action_pool, self.action_box, actions)
        _display(self.choice_box, bool(choices))
        _display(self.action_box, bool(actions))

    @staticmethod
    def _fill(pool: ButtonPool, box: widgets.Box, rows: list[tuple[str, Any, str]]) -> list[widgets.Button]:
        """The pool's buttons made into ``rows`` (label, value, tooltip), the rest hidden; the box
        holds every button the pool has made."""
        shown = pool.take(len(rows))
        if len(box.children) != len(pool):
            box.children = tuple(pool)
        for b, (label, value, tip) in zip(shown, rows):
            b.description, b.tooltip = label, tip
            b.dp_value = value
            _display(b, True)
        for b in pool.buttons[len(rows):]:
            b.dp_value = ButtonPool.EMPTY
            _display(b, False)
        return shown

    def _feedback(self) -> None:
        s, lang = self.session, self.lang
        # the session's note (a course message, or the engine's text), under a verdict or alone
        note = s.message if isinstance(s.message, str) else render(s.message, lang)
        note_html = f"<div class='dp-course-msg'>{escape(note)}</div>" if note else ""
        if s.demo is not None:
            d = s.demo
            if d.kind == "action":
                answer = describe(d.before, d.answer, lang).text
                head = tr(T_SHOWN_ACTION, lang, answer=answer)
            else:
                head = tr(T_SHOWN_CHOICE, lang, answer=s.exercise.choice_label(d.answer, lang) if s.exercise else d.answer)
            why = tr(T_WHY, lang, why=render(d.verdict.message, lang))
            others = (f"<div class='dp-course-msg'>{escape(render(plural(T_OTHERS, d.alternatives, domain='course'), lang))}"
                      "</div>") if d.alternatives else ""
            self.feedback.value = (f"<div class='dp-course-hintbox dp-course-demo'><b>{escape(head)}</b> {escape(why)} "
                                   f"{_badges(d.verdict.rules, lang)}{others}</div>")
        elif s.verdict is not None:
            cls = "dp-course-right" if s.verdict.correct else "dp-course-wrong"
            mark = "✔" if s.verdict.correct else "✖"
            self.feedback.value = (f"<div class='{cls}'>{mark} {escape(s.verdict.text(lang))} "
                                   f"{_badges(s.verdict.rules, lang)}</div>{note_html}")
        else:
            self.feedback.value = note_html

    def _file_note(self) -> None:
        """Why the progress file is not read or not written, if so (the course goes on either way)."""
        lang, problem = self.lang, self.session.save_error
        if self.unread is not None:
            text = tr(T_NOT_READ, lang, reason=refusal_text(self.unread, lang))
        elif problem is not None:
            text = tr(T_NOT_SAVED, lang, reason=refusal_text(problem, lang))
        else:
            self.file_note.value = ""
            return
        self.file_note.value = f"<div class='dp-course-wrong'>{escape(text)}</div>"

    def _chapters(self) -> None:
        s, lang = self.session, self.lang
        self._chapters_title.value = f"<b>{escape(tr(T_CHAPTERS, lang))}</b>"
        for c, b in zip(s.chapters, self._chapter_buttons):
            done = s.progress.chapter_done(c)
            k, total = s.progress.chapter_counts(c)
            b.description = f"{'✔' if done else '○'} {c.title(lang)} ({k}/{total})"
            _toggle_class(b, "dp-course-done", done)
            _toggle_class(b, "dp-course-current", c.id == s.chapter.id)
        finished = sum(s.progress.is_done(it, s.chapters) for it in s.items)
        self.progress_label.value = (f"<span class='dp-course-where'>"
                                     f"{escape(tr(T_PROGRESS, lang, done=finished, total=len(s.items)))}</span>")

    def _examples(self, ids: tuple[str, ...]) -> None:
        lang = self.lang
        _display(self.examples, bool(ids))
        if ids:
            examples = render(plural(T_EXAMPLES, len(ids), domain="course", ids=Conjunction(ids)), lang)
            self._examples_label.value = f"<div class='dp-course-examples'>{escape(examples)}</div>"
        pool = self._example_pool
        pool.take(len(ids))
        if len(self.examples.children) != len(pool) + 1:        # the label, then every button made
            self.examples.children = (self._examples_label, *pool)
        for k, b in enumerate(pool):
            if k < len(ids):
                b.description = tr(T_OPEN_EXAMPLE, lang, id=ids[k])
                b.dp_value = ids[k]
            _display(b, k < len(ids))

    def _end(self) -> None:
        s, lang = self.session, self.lang
        shown = s.finished or s.at_end
        _display(self.end_box, shown)
        if shown:
            text = T_DONE if s.finished else T_LAST
            self._end_text.value = f"<div class='dp-course-right'>{escape(tr(text, lang))}</div>"
            self._end_button.description = tr(T_START_SOLO, lang)

    def _draw(self) -> None:
        """The position and highlight of the moment (the board follows the notebook's language itself);
        strength plates that would answer the question asked show "?" until it is answered."""
        s = self.session
        asked = s.picker.lit() if s.picker is not None and s.verdict is None else None    # what a click may pick
        self.board.show(s.state, highlight=list(s.highlight), conceal=s.concealed, markers=s.markers, clickable=asked,
                        turn=s.turn)

    # ------------------------------------------------------------------ extras
    def _open_example(self, example_id: str) -> None:
        from .tutorial import TutorialWidget
        try:
            self.extra.children = (TutorialWidget(language=self.lang, example=example_id),)
        except TypeError:
            self.extra.children = (TutorialWidget(example=example_id),)

    def _start_solo(self) -> None:
        from .play import PlayWidget
        self.extra.children = (PlayWidget(mode="solo", difficulty=1, player="white"),)

    def _button(self, css_class: str, description: str = "", style: str = "") -> widgets.Button:
        b = widgets.Button(description=description, button_style=style,
                           layout=_W(width="auto", min_width="80px", max_width="100%"))
        b.add_class(css_class)
        return b

    def _language_changed(self, _lang: str) -> None:
        self.refresh()


def _display(w: widgets.Widget, shown: bool) -> None:
    """Show or hide a widget (a message only when it changes)."""
    value = None if shown else "none"
    if w.layout.display != value:
        w.layout.display = value


def _toggle_class(w: widgets.DOMWidget, css: str, on: bool) -> None:
    if on and css not in w._dom_classes:
        w.add_class(css)
    elif not on and css in w._dom_classes:
        w.remove_class(css)
