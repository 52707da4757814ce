"""The rulebook examples A-H as a Jupyter widget: narration beside a live board.

::

    from dualpowers.widgets.tutorial import TutorialWidget
    TutorialWidget()                       # English, Example A
    TutorialWidget(language="it", example="E")

It draws the snapshots of its session model,
:class:`dualpowers.screens.tutorial.TutorialScreen` (over the pure-Python
:class:`dualpowers.tutorial.Tutorial`): the widget turns each event into one call on it
and draws what the snapshot says; it decides nothing.  The board is a
:class:`~dualpowers.widgets.board.BoardWidget` showing the position replayed
through the engine, with the step's highlight.

CSS classes (for browser tests): ``dp-tutorial`` (the whole widget),
``dp-example`` (example menu), ``dp-language`` (language menu), ``dp-back``,
``dp-next``, ``dp-restart`` (buttons), ``dp-narration`` (title, step counter,
narration, rule badges), ``dp-erratum`` (erratum note), ``dp-outcome`` (what the
engine answered), ``dp-rule-badge`` (each rule ID), and the board's own
``dp-board-widget`` / ``dp-board`` (canvas).
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..screens.tutorial import OutcomeView, Tutorial, TutorialScreen, TutorialSnapshot
from . import language as notebook_language
from ._common import STYLE, df_html, lines_html
from .board import BoardWidget
from .screen import Screen, bind_keys, button_action

__all__ = ["TutorialWidget", "narration_html", "outcome_html", "erratum_html"]

_W = widgets.Layout

TUTORIAL_STYLE = """<style>
.dp-narration .dp-tut-title { font-size: 16px; font-weight: bold; color: var(--dp-title); }
.dp-narration .dp-tut-progress { font-size: 12px; color: var(--dp-ink-faint); margin-top: 2px; }
.dp-narration .dp-tut-text { font-size: 14px; line-height: 1.45; margin: 8px 0; }
.dp-tut-source { font-size: 11px; line-height: 1.35; color: var(--dp-ink-faint); margin-top: 3px; }
.dp-rule-badge { display: inline-block; font-family: monospace; font-size: 11px; padding: 1px 6px;
  margin: 1px 3px 1px 0; border-radius: 9px; background: var(--dp-badge-bg); color: var(--dp-badge-ink); cursor: help; }
.dp-rule-title { font-size: 11px; line-height: 1.35; color: var(--dp-ink-soft); margin-top: 3px; }
.dp-erratum-box { border-left: 4px solid #e0a100; background: var(--dp-warn-bg); color: var(--dp-ink); padding: 6px 8px;
  font-size: 12px; line-height: 1.4; }
.dp-tut-more > summary { cursor: pointer; font-size: 12px; line-height: 1.4; color: var(--dp-ink-soft); }
.dp-narration .dp-tut-more { margin-top: 3px; }
.dp-erratum-box.dp-erratum-here { border-left-color: #d35400; background: var(--dp-warn-bg-2); }
.dp-outcome-box { font-size: 12px; background: var(--dp-paper-2); color: var(--dp-ink); border: 1px solid var(--dp-line); padding: 4px 8px; }
.dp-outcome-box .dp-refused { color: var(--dp-error); font-weight: bold; }
/* the engine's table in the narrow panel: its headings break between words, never inside one
   ('For ce', 'Neut re' at 1280x720), in type and padding small enough for its columns to fit */
.dp-outcome-box .dp-table table { font-size: 11px; }
.dp-outcome-box .dp-table th, .dp-outcome-box .dp-table td { padding: 2px 2px; overflow-wrap: normal; word-break: normal; }
.dp-outcome-box .dp-table th { font-weight: 600; }
/* the example menu under its label, as wide as the panel: each example's short name is read whole
   there (beside its label the menu showed "A · The calendar: from") */
.dp-tutorial .dp-example.widget-dropdown { flex-wrap: wrap; height: auto; line-height: normal; }
.dp-tutorial .dp-example.widget-dropdown > label { flex: 0 0 100%; max-width: none; text-align: left;
  line-height: 20px; margin: 0; }
.dp-tutorial .dp-example.widget-dropdown > select { flex: 1 1 100%; height: var(--jp-widgets-inline-height); }
</style>"""


# ---------------------------------------------------------------------------- HTML pieces
def narration_html(snap: TutorialSnapshot) -> str:
    """Title, step counter, narration and rule badges."""
    badges = "".join(f"<span class='dp-rule-badge' title='{escape(title, quote=True)}'>{escape(r)}</span>"
                     for r, title in snap.rules)
    titles = "<br>".join(snap.rule_lines)          # written by the session, in the language's punctuation
    return (
        f"<div class='dp-tut-title'>{escape(snap.title)}</div>"
        f"<div class='dp-tut-progress'>{escape(snap.progress)}</div>"
        f"<div class='dp-tut-text'>{escape(snap.narration)}</div>"
        f"<div class='dp-tut-rules'>{escape(snap.rules_label)} {badges}</div>"
        # the rules in full and the source: behind a line, closed when the step opens (issue 33)
        f"<details class='dp-tut-more'><summary>{escape(snap.more_rules_label)}</summary>"
        f"<div class='dp-rule-title'>{titles}</div>"
        f"<div class='dp-tut-source'>{escape(snap.source)}</div></details>"
    )


def erratum_html(snap: TutorialSnapshot) -> str:
    """The example's erratum note ('' when the rulebooks are consistent)."""
    if not snap.erratum:
        return ""
    here = " dp-erratum-here" if snap.erratum_here else ""
    # the note itself is long: its line says whether it matters here, the note opens under it
    return (f"<details class='dp-tut-more dp-erratum-box{here}'><summary><b>⚠ {escape(snap.erratum_summary)}</b>"
            f"</summary>{escape(snap.erratum)}</details>")


def outcome_html(o: OutcomeView) -> str:
    """What the engine answered at this step."""
    if o.error:
        return f"<div class='dp-error-box'>{escape(o.error)}</div>"
    parts: list[str] = []
    if o.refused:
        parts.append(f"<div class='dp-refused'>✖ {escape(o.refused)}</div><div>{escape(o.reason)}</div>")
    footer = f"<div class='dp-tut-source'>{escape(o.footer)}</div>"
    if o.refused:       # a refusal is short and is the step's point: read as the step opens
        return f"<div class='dp-outcome-box'><b>{escape(o.heading)}</b>{''.join(parts)}</div>{footer}"
    if o.table is not None:
        parts.append(df_html(o.table))
    if o.lines:
        parts.append(lines_html(list(o.lines)))
    if not parts:
        return footer
    # the engine's table and lines are long (a whole scoring): behind a line, closed when the
    # step opens, so that the step is read beside the board (issue 33)
    return (f"<details class='dp-tut-more dp-outcome-box'><summary><b>{escape(o.summary or o.heading)}</b></summary>"
            f"{''.join(parts)}{footer}</details>")


# ---------------------------------------------------------------------------- the widget
class TutorialWidget(widgets.VBox):
    """Example menu, language menu, Back / Next / Restart, narration, and the board.

    Drive it from Python as a user would: ``w.next_button.click()``,
    ``w.language_dropdown.value = "fr"``, ``w.example_dropdown.value = "E"``; or
    call :meth:`next`, :meth:`back`, :meth:`restart`, :meth:`select`,
    :meth:`set_language`.  ``w.model`` is the screen's session model
    (:class:`~dualpowers.screens.tutorial.TutorialScreen`), ``w.tutorial`` the examples
    under it; ``w.board`` the board.

    The language is the notebook's (:mod:`dualpowers.widgets.language`): the menu
    here changes it for every widget, and a change made elsewhere reaches this one.
    ``language=`` (or a model with its own language) sets the notebook's language.
    """

    def __init__(self, tutorial: Tutorial | None = None, *, language: str | None = None,
                 example: str | None = None, board_width: float = BOARD_W, board_height: float = BOARD_H,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-tutorial")
        if language is None:
            language = tutorial.language if tutorial is not None else notebook_language.current()
        self.model = TutorialScreen(tutorial, language=language, example=example)
        notebook_language.set(language)
        self._syncing = False

        self.example_dropdown = widgets.Dropdown(layout=_W(width="100%"))
        self.example_dropdown.add_class("dp-example")
        self.language_dropdown = widgets.Dropdown(layout=_W(width="220px"))
        self.language_dropdown.add_class("dp-language")
        for menu in (self.example_dropdown, self.language_dropdown):
            menu.style.description_width = "initial"
        self.back_button = self._button("dp-back")
        self.next_button = self._button("dp-next", style="primary")
        self.restart_button = self._button("dp-restart")
        self.narration = widgets.HTML(layout=_W(width="100%"))
        self.narration.add_class("dp-narration")
        self.erratum = widgets.HTML(layout=_W(width="100%"))
        self.erratum.add_class("dp-erratum")
        self.outcome = widgets.HTML(layout=_W(width="100%"))
        self.outcome.add_class("dp-outcome")
        self.board = BoardWidget(None, width=board_width, height=board_height)

        notebook_language.setting.observe(self._notebook_language_changed, "value")
        self.example_dropdown.observe(self._example_changed, "value")
        self.language_dropdown.observe(self._language_changed, "value")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.restart_button.on_click(lambda _: self.restart())

        # One screen: board on the left; title, Back/Next/Restart, narration and the
        # menus in the panel beside it (see dualpowers.widgets.screen).
        self.screen = Screen(
            self.board,
            title="",
            primary=[self.back_button, self.next_button, self.restart_button],
            narration=[self.narration, self.erratum, self.outcome],
            secondary=[self.example_dropdown, self.language_dropdown],
        )
        bind_keys(self.screen, {
            "ArrowRight": button_action(self.next_button), "n": button_action(self.next_button),
            "Enter": button_action(self.next_button),
            "ArrowLeft": button_action(self.back_button), "b": button_action(self.back_button),
        })
        self.children = [widgets.HTML(STYLE + TUTORIAL_STYLE), self.screen]
        self.model.observe(self.draw)
        self.refresh()

    @property
    def tutorial(self) -> Tutorial:
        """The examples under the screen's model."""
        return self.model.tutorial

    # ------------------------------------------------------------------ actions
    def next(self) -> None:
        """One step forward; at the end of an example, on to the next example."""
        self.model.next()

    def back(self) -> None:
        self.model.back()

    def restart(self) -> None:
        self.model.restart()

    def select(self, example_id: str) -> None:
        """Open an example at its scene."""
        self.model.select(example_id)

    def set_language(self, language: str) -> None:
        """Switch this widget and every other widget of the notebook to ``language``."""
        self.model.set_language(language)
        notebook_language.set(language)

    def close(self) -> None:
        if self.comm is not None:   # not closed yet (ipywidgets closes a widget again when it is collected)
            notebook_language.setting.unobserve(self._notebook_language_changed, "value")
        super().close()

    # ------------------------------------------------------------------ display
    def refresh(self) -> None:
        """Draw the model as it is now."""
        self.draw(self.model.snapshot)

    def draw(self, snap: TutorialSnapshot) -> None:
        """Set every part of the widget to what ``snap`` says (one board redraw at most)."""
        if snap.position is not None:       # the board first: the page draws it before the panel's changes
            self.board.show(snap.position, highlight=snap.highlight)
        self._syncing = True
        try:
            if list(self.language_dropdown.options) != list(snap.language_options):
                self.language_dropdown.options = snap.language_options
            if self.language_dropdown.value != snap.lang:
                self.language_dropdown.value = snap.lang
            if list(self.example_dropdown.options) != list(snap.example_options):
                self.example_dropdown.options = snap.example_options
            if self.example_dropdown.value != snap.example:
                self.example_dropdown.value = snap.example
        finally:
            self._syncing = False
        self.back_button.description = snap.back_label
        self.restart_button.description = snap.restart_label
        # the two menus say what they are (a screen reader has no other name for them: axe select-name)
        self.example_dropdown.description = snap.example_label
        self.language_dropdown.description = snap.language_label
        self.next_button.description = snap.next_label
        self.back_button.disabled = not snap.can_back
        self.restart_button.disabled = not snap.can_restart
        self.next_button.disabled = not snap.can_next
        self.screen.set_title(f"<span>{escape(snap.screen_title)}</span>")
        self.narration.value = narration_html(snap)
        self.erratum.value = erratum_html(snap)
        self.erratum.layout.display = None if snap.erratum else "none"
        self.outcome.value = outcome_html(snap.outcome)
        if snap.position is None:          # the tutorial's data is wrong: said, nothing drawn
            return
        wide = snap.outcome.wide
        if (self.outcome in self.screen.below.children) != wide:
            self.screen.set_narration(*([self.narration, self.erratum] + ([] if wide else [self.outcome])))
            self.screen.set_below(*([self.outcome] if wide else []))

    # ------------------------------------------------------------------ internals
    def _button(self, css_class: str, style: str = "") -> widgets.Button:
        b = widgets.Button(button_style=style, layout=_W(width="auto", min_width="84px"))
        b.add_class(css_class)
        return b

    def _example_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.model.select(change["new"])

    def _language_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.model.lang:
            self.set_language(change["new"])

    def _notebook_language_changed(self, change: dict[str, Any]) -> None:
        self.model.set_language(change["new"])
