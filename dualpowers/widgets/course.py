"""The course as a Jupyter widget: chapters, steps on the board, exercises answered by clicking.

::

    from dualpowers.widgets.course import CourseWidget
    CourseWidget()                                   # the notebook's language (widgets.language)
    CourseWidget(progress_file="course-progress.json")   # progress saved beside the notebook

It draws the snapshots of its session model, :class:`dualpowers.screens.course.CourseScreen`
(over :class:`dualpowers.course.session.CourseSession`), and turns each event into one call
on it.  Laid out on the shared :class:`~dualpowers.widgets.screen.Screen`: the board on the
left, the panel on the right with Back / Next, the text, the answer buttons, the feedback and
Try again; Hint / Show me, the chapter list and the language menu under it.  Show me
plays an accepted answer on the board (what changed is lit) and says why; during a
question the board hides what would answer it (strength plates, a highlight on the
answer) until it is answered.  Every widget is built once: a snapshot changes labels,
values, classes and visibility (answer buttons come from pools).  Action exercises are
answered on the board the way a game is played (click a token, then a region ...), and
with buttons for what no click reaches.  Next on an exercise not solved yet moves on
without counting it: its tip says so, and a note on the next item.

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
from typing import Any, Callable

import ipywidgets as widgets

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..screens.course import Badge, CourseScreen, CourseSession, CourseSnapshot, FeedbackView
from . import language
from ._common import STYLE, ButtonPool, fit_labels, toggle_class
from .board import BoardWidget
from .screen import PANEL_FIT_HEIGHT, Screen, bind_keys, button_action, controls

__all__ = ["CourseWidget", "COURSE_STYLE"]

_W = widgets.Layout

COURSE_STYLE = """<style>
/* while no verdict is given, the session's note (what the next click should be, or why a click was
   refused) and Cancel the clicks come above the answers they speak of ("or choose below"): under
   eight recruit buttons the note fell below the window at 1280x720 (issue 33, QA6) */
.dp-course .dp-screen-answers:not(:has(.dp-course-right, .dp-course-wrong, .dp-course-demo)) > .dp-course-feedback { order: -2; }
.dp-course .dp-screen-answers > .dp-course-cancel { order: -1; align-self: flex-start; margin: 2px 0 4px; }
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
.dp-course .dp-course-skipped { font-size: 12px; color: var(--dp-ink-soft); margin: 2px 0 4px;
  padding: 2px 6px; border-left: 3px solid var(--dp-line); }
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


def _badges(badges: tuple[Badge, ...]) -> str:
    """Rule badges, each holding its rule's text: shown on hover, on keyboard focus and on a tap
    (the badge takes focus), and read by a screen reader after the ID.  This project's rulings
    (RULINGS.md "(ruling)") are marked as such."""
    return "".join(
        f"<span class='dp-rule-badge{' dp-ruling-badge' if b.ruling else ''}' tabindex='0'>{escape(b.rule)}"
        f"<span class='dp-rule-tip' role='tooltip'><span class='dp-rule-tip-sep'>: </span>"
        f"{escape(b.summary)}</span></span>"
        for b in badges)


class CourseWidget(widgets.VBox):
    """The course: drive it as a learner would (``w.next_button.click()``, ``w.click("token", "W3")``,
    ``w.choice_buttons[0].click()``), or through ``w.model`` (the screen's session model,
    :class:`~dualpowers.screens.course.CourseScreen`) and ``w.session`` (the course session under it).

    Every widget is built once: a snapshot changes descriptions, values, classes and
    visibility only (answer buttons come from pools that grow to the most ever needed)."""

    def __init__(self, session: CourseSession | None = None, *, progress_file: str | Path | None = None,
                 lang: str | None = None, board_width: float = BOARD_W, board_height: float = BOARD_H,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-course")
        if lang is not None:
            language.set(lang)
        self.model = CourseScreen(session, progress_file=progress_file, lang=language.current())
        m = self.model
        self.board = BoardWidget(None, width=board_width, height=board_height, asks=True)
        self.board.keep_lit_in_sight = True      # a phone's sheet covers the board's foot
        self.board.on_click(m.click)
        self.board.on_touch(m.set_touch)           # a finger or a mouse: "tap" or "click"

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
        self.back_button.on_click(lambda _: m.back())
        self.next_button.on_click(lambda _: m.next())
        self.retry_button.on_click(lambda _: m.try_again())
        self.hint_button.on_click(lambda _: m.hint())
        self.show_button.on_click(lambda _: m.show_me())
        self.continue_button.on_click(lambda _: m.continue_())

        self.text = widgets.HTML(layout=_W(width="100%"))
        self.text.add_class("dp-course-text")
        self.feedback = widgets.HTML(layout=_W(width="100%"))
        self.feedback.add_class("dp-course-feedback")
        self.file_note = widgets.HTML(layout=_W(width="100%"))
        self.file_note.add_class("dp-course-file")
        # answer buttons: pools shown as needed (a snapshot never builds a button it has had before)
        self._choice_pool = ButtonPool(lambda: self._button("dp-course-choice"), m.answer)
        self._action_pool = ButtonPool(lambda: self._button("dp-course-action"), m.answer)
        self.choice_box = widgets.HBox(layout=_W(flex_flow="row wrap", width="100%", grid_gap="4px"))
        self.choice_box.add_class("dp-controls")
        self.action_box = widgets.VBox(layout=_W(width="100%"))
        self.answers = widgets.VBox([self.choice_box, self.action_box], layout=_W(width="100%"))
        self.answers.add_class("dp-course-answers")
        self.answers.add_class("dp-controls")
        self.choice_buttons: list[widgets.Button] = []
        self.action_buttons: list[widgets.Button] = []
        # the chapter list: one button per chapter, built once
        self._chapters_title = widgets.HTML()
        self._chapter_buttons: list[widgets.Button] = []
        for c in self.session.chapters:
            b = widgets.Button(layout=_W(width="100%"))
            b.add_class("dp-course-chapter")
            b.on_click(lambda _, cid=c.id: self._go_chapter(cid))
            self._chapter_buttons.append(b)
        self.chapter_list = widgets.VBox([self._chapters_title, *self._chapter_buttons], layout=_W(width="100%"))
        self.chapter_list.add_class("dp-course-chapters")
        self.chapter_list.add_class("dp-controls")
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
        self._verdict: tuple[str, str] | None = None     # the verdict drawn last (kept in view when new)
        self._item: tuple[str, str] | None = None        # the step or exercise drawn last

        # Try again, Hint and Show me in one row with the answers: never in the slot that gives
        # way on a small screen, and one row less under a wrong answer's feedback
        self.help_row = controls(self.retry_button, self.hint_button, self.show_button)
        # a first click on the board undone on screen, as play's (only Escape did it: issue 33, QA6)
        self.cancel_button = self._button("dp-course-cancel")
        self.cancel_button.icon = "times"
        self.cancel_button.on_click(lambda _: m.forget_clicks())
        self.help_row.add_class("dp-course-help")
        for b in self.help_row.children:
            b.layout.min_width = "0"
        self.screen = Screen(
            self.board, title="",
            narration=[self.text],
            primary=[self.back_button, self.next_button, self.solo_button],
            answers=[self.answers, self.feedback, self.cancel_button, self.help_row, self.file_note],
            secondary=[controls(language.picker()), self.continue_button, self.progress_label, self.chapter_list],
            below=[self.examples, self.end_box, self.extra],
            panel_height=PANEL_FIT_HEIGHT, sheet=True,
        )
        bind_keys(self.screen, {"ArrowRight": self._step_key(self.next_button),
                                "ArrowLeft": self._step_key(self.back_button), "Escape": m.forget_clicks})
        self.children = [widgets.HTML(STYLE + COURSE_STYLE), self.screen]
        assert self.screen.sheet_fold is not None
        fit_labels(self.screen.sheet_fold)      # its words whole in every language (not 80 px)
        self.screen.sheet_fold.observe(lambda change: m.fold(bool(change["new"])), "value")
        m.observe(self.draw)
        language.observe(m.set_language)
        self.draw(m.snapshot)

    def _step_key(self, button: widgets.Button) -> Callable[[], None]:
        """→ and ← press Next and Back, and the focus goes to the button pressed: the answers'
        buttons are used again for the next item, and the focus, left on one, answered the new
        question at the next Enter before it was read (QA, keyboard alone)."""
        press = button_action(button)

        def step() -> None:
            if button.disabled:
                return
            press()
            (self.next_button if button.disabled else button).focus()
        return step

    # ------------------------------------------------------------------ as a learner
    @property
    def session(self) -> CourseSession:
        """The course session under the screen's model."""
        return self.model.session

    @property
    def unread(self) -> Any:
        """Why the progress file given could not be read (the course then runs without it)."""
        return self.model.unread

    @property
    def lang(self) -> str:
        return self.model.lang

    def click(self, kind: str, ident: Any) -> None:
        """A click on the board (what the canvas forwards; tests call it too)."""
        self.model.click(kind, ident)

    def refresh(self) -> None:
        """Draw the model as it is now."""
        self.draw(self.model.snapshot)

    def close(self) -> None:
        language.unobserve(self.model.set_language)
        super().close()

    # ------------------------------------------------------------------ drawing a snapshot
    def draw(self, snap: CourseSnapshot) -> None:
        """Set every part of the screen to what ``snap`` says (nothing else)."""
        # The board first: the page handles the kernel's messages in order, and a panel change
        # handled before the picture (the verdict, Try again shown, the verdict scrolled into
        # view) cost the page a frame of layout before it drew the board the click waits for.
        b = snap.board
        self.board.show(b.position, highlight=list(b.highlight), conceal=b.conceal,
                        markers=dict(b.markers) if b.markers is not None else None,
                        clickable=list(b.clickable), turn=b.turn)
        self.screen.set_title(escape(snap.title))
        self.screen.show_folded(snap.folded, snap.fold.label)
        for button, view in ((self.back_button, snap.back), (self.next_button, snap.next),
                             (self.retry_button, snap.retry), (self.hint_button, snap.hint_button),
                             (self.show_button, snap.show), (self.continue_button, snap.continue_),
                             (self.solo_button, snap.solo), (self.cancel_button, snap.cancel)):
            button.description = view.label
            if button.disabled != (not view.enabled):
                button.disabled = not view.enabled
            if button.tooltip != (view.tooltip or None):
                button.tooltip = view.tooltip or None
            if button is not self.hint_button and button is not self.show_button:
                _display(button, view.shown)
        _display(self.help_row, snap.is_exercise)
        self.text.value = _text_html(snap)
        self.choice_buttons = self._fill(self._choice_pool, self.choice_box, snap.choices)
        self.action_buttons = self._fill(self._action_pool, self.action_box, snap.actions)
        _display(self.choice_box, bool(snap.choices))
        _display(self.action_box, bool(snap.actions))
        self.feedback.value = _feedback_html(snap.feedback)
        # a new verdict (or Show me's answer) is brought into the window: on a phone the panel is
        # under the board, and an answer tapped on the board left it below the window (issue 33)
        verdict = (snap.feedback.kind, snap.feedback.head) if snap.feedback.kind else None
        if verdict is not None and verdict != self._verdict:
            self.screen.keep_in_view(".dp-course-feedback")
        self._verdict = verdict
        # a new step or exercise: on a phone its text starts at the top of the pinned sheet
        item = (snap.title, snap.where)
        if self._item is not None and item != self._item:
            self.screen.sheet_to_top()
        self._item = item
        self.file_note.value = f"<div class='dp-course-wrong'>{escape(snap.file_note)}</div>" if snap.file_note else ""
        # a step has no answers: the empty slot would still take its margin from the narration
        _display(self.screen.answers, snap.answers_shown)
        self._chapters_title.value = f"<b>{escape(snap.chapters_title)}</b>"
        for c, b in zip(snap.chapters, self._chapter_buttons):
            b.description = c.label
            toggle_class(b, "dp-course-done", c.done)
            toggle_class(b, "dp-course-current", c.current)
        self.progress_label.value = f"<span class='dp-course-where'>{escape(snap.progress)}</span>"
        self._draw_examples(snap)
        _display(self.end_box, snap.end_shown)
        if snap.end_shown:
            self._end_text.value = f"<div class='dp-course-right'>{escape(snap.end_text)}</div>"
            self._end_button.description = snap.end_button

    @staticmethod
    def _fill(pool: ButtonPool, box: widgets.Box, rows: Any) -> list[widgets.Button]:
        """The pool's buttons made into ``rows`` (label, value, tooltip), the rest hidden; the box
        holds every button the pool has made."""
        shown = pool.take(len(rows))
        if len(box.children) != len(pool):
            box.children = tuple(pool)
        for b, row in zip(shown, rows):
            b.description, b.tooltip = row.label, row.tooltip
            b.dp_value = row.value
            _display(b, True)
        for b in pool.buttons[len(rows):]:
            b.dp_value = ButtonPool.EMPTY
            _display(b, False)
        return shown

    def _draw_examples(self, snap: CourseSnapshot) -> None:
        _display(self.examples, bool(snap.examples))
        if snap.examples:
            self._examples_label.value = f"<div class='dp-course-examples'>{escape(snap.examples_text)}</div>"
        pool = self._example_pool
        pool.take(len(snap.examples))
        if len(self.examples.children) != len(pool) + 1:        # the label, then every button made
            self.examples.children = (self._examples_label, *pool)
        for k, b in enumerate(pool):
            if k < len(snap.examples):
                b.dp_value, b.description = snap.examples[k]
            _display(b, k < len(snap.examples))

    # ------------------------------------------------------------------ extras
    def _go_chapter(self, chapter_id: str) -> None:
        """A chapter chosen from the list under the board: the screen's top (the board and the
        step) comes back into view, instead of leaving the learner at the list."""
        self.model.go_chapter(chapter_id)
        self.screen.bring_into_view()

    def _open_example(self, example_id: str) -> None:
        from .tutorial import TutorialWidget
        self.extra.children = (TutorialWidget(language=self.lang, example=example_id),)

    def _start_solo(self) -> None:
        from .play import PlayWidget
        self.extra.children = (PlayWidget(mode="solo", difficulty=1, player="white"),)

    def _button(self, css_class: str, description: str = "", style: str = "") -> widgets.Button:
        b = widgets.Button(description=description, button_style=style,
                           layout=_W(width="auto", min_width="80px", max_width="100%"))
        b.add_class(css_class)
        return b


def _text_html(snap: CourseSnapshot) -> str:
    """The narration: where we are, the step's text or the exercise's question, the rule badges."""
    before, after = snap.rules_text
    rules = f"<div class='dp-course-where'>{escape(before)}{_badges(snap.badges)}{escape(after)}</div>"
    if snap.aside:
        lines = "".join(f"<div class='dp-course-ruling'>{escape(text)}</div>" if ruling
                        else f"<div>{escape(text)}</div>" for text, ruling in snap.aside)
        rules += (f"<details class='dp-course-aside'><summary>{escape(snap.aside_label)}</summary>"
                  f"{lines}</details>")
    if snap.is_exercise:
        body = (f"<div class='dp-course-body dp-course-prompt'>{escape(snap.prompt)}"
                f"</div><div class='dp-course-msg dp-course-how'>{escape(snap.how)}</div>")
        if snap.hint:
            body += f"<div class='dp-course-hintbox'>{escape(snap.hint)}</div>"
    else:
        intro = f"<div class='dp-course-body'><i>{escape(snap.intro)}</i></div>" if snap.intro else ""
        body = f"{intro}<div class='dp-course-body'>{escape(snap.body)}</div>"
        if snap.events:
            lines = "".join(f"<li>{escape(e.text)}"
                            + "".join(f"<div class='dp-working'>{escape(w)}</div>" for w in e.working) + "</li>"
                            for e in snap.events)
            body += (f"<div class='dp-course-events'><b>{escape(snap.engine_label)}</b>"
                     f"<ul style='margin: 2px 0; padding-left: 1.3em'>{lines}</ul></div>")
    # the exercise Next left unsolved: its own note under where we are, not in the answers' feedback
    skipped = (f"<div class='dp-course-skipped' role='status'>{escape(snap.skipped)}</div>"
               if snap.skipped else "")
    return f"<div class='dp-course-where'>{escape(snap.where)}</div>{skipped}{body}{rules}"


def _feedback_html(f: FeedbackView) -> str:
    """The verdict, or Show me's demonstration, and the session's note."""
    note = f"<div class='dp-course-msg'>{escape(f.note)}</div>" if f.note else ""
    if f.kind == "demo":
        others = f"<div class='dp-course-msg'>{escape(f.others)}</div>" if f.others else ""
        return (f"<div class='dp-course-hintbox dp-course-demo'><b>{escape(f.head)}</b> {escape(f.why)} "
                f"{_badges(f.badges)}{others}</div>")
    if f.kind:
        mark = "✔" if f.kind == "right" else "✖"
        return f"<div class='dp-course-{f.kind}'>{mark} {escape(f.head)} {_badges(f.badges)}</div>{note}"
    return note


def _display(w: widgets.Widget, shown: bool) -> None:
    """Show or hide a widget (a message only when it changes)."""
    value = None if shown else "none"
    if w.layout.display != value:
        w.layout.display = value
