"""The rulebook examples A-H as a Jupyter widget: narration beside a live board.

::

    from dualpowers.widgets.tutorial import TutorialWidget
    TutorialWidget()                       # English, Example A
    TutorialWidget(language="it", example="E")

A thin view over :class:`dualpowers.tutorial.Tutorial` (the pure-Python model):
the widget only forwards clicks and draws what the model says.  The board is a
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
from .. import names, tables
from ..text import NN_, plural, translator
from ..narrate import event_text, objective_steps, refusal_text
from ..presence import Presence
from ..opposition import ObjectiveChoice
from ..i18n import LANGUAGES, language_name
from ..tutorial import Outcome, Tutorial, TutorialError
from . import language as notebook_language
from ._common import STYLE, df_html, lines_html
from .board import BoardWidget
from .screen import Screen, bind_keys, button_action

#: A count of tokens in a region, with its plural forms ("1 token", "3 tokens").
TOKENS = NN_("{n} token", "{n} tokens")

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
.dp-erratum-box.dp-erratum-here { border-left-color: #d35400; background: var(--dp-warn-bg-2); }
.dp-outcome-box { font-size: 12px; background: var(--dp-paper-2); color: var(--dp-ink); border: 1px solid var(--dp-line); padding: 4px 8px; }
.dp-outcome-box .dp-refused { color: var(--dp-error); font-weight: bold; }
/* the engine's table in the narrow panel: its headings break between words, never inside one
   ('For ce', 'Neut re' at 1280x720), in type and padding small enough for its columns to fit */
.dp-outcome-box .dp-table table { font-size: 11px; }
.dp-outcome-box .dp-table th, .dp-outcome-box .dp-table td { padding: 2px 2px; overflow-wrap: normal; word-break: normal; }
.dp-outcome-box .dp-table th { font-weight: 600; }
</style>"""


# ---------------------------------------------------------------------------- HTML pieces
def narration_html(t: Tutorial) -> str:
    """Title, step counter, narration and rule badges, in the tutorial's language."""
    progress = t.ui("scene") if t.index == 0 else t.ui("step_of", i=t.index, n=t.count)
    badges = "".join(
        f"<span class='dp-rule-badge' title='{escape(t.rule_title(r), quote=True)}'>{escape(r)}</span>"
        for r in t.rules
    )
    titles = "<br>".join(f"<b>{escape(r)}</b>: {escape(t.rule_title(r))}" for r in t.rules)
    return (
        f"<div class='dp-tut-title'>{escape(t.title())}</div>"
        f"<div class='dp-tut-progress'>{escape(progress)}</div>"
        f"<div class='dp-tut-text'>{escape(t.narration())}</div>"
        f"<div class='dp-tut-rules'>{escape(t.ui('rules'))}: {badges}</div>"
        f"<div class='dp-rule-title'>{titles}</div>"
        f"<div class='dp-tut-source'>{escape(t.ui('source', ref=t.source()))}</div>"
    )


def erratum_html(t: Tutorial) -> str:
    """The example's erratum note ('' when the rulebooks are consistent)."""
    note = t.erratum()
    if note is None:
        return ""
    here = " dp-erratum-here" if t.erratum_here else ""
    return (f"<div class='dp-erratum-box{here}'><b>⚠ {escape(t.ui('erratum'))}</b><br>"
            f"{escape(note)}</div>")


def outcome_lines(outcome: Outcome, lang: str) -> list[str]:
    """What the engine answered, one line per item, in ``lang`` (see :attr:`Outcome.lines`)."""
    _ = translator(lang)
    if outcome.kind == "action":
        return [event_text(e, lang) for e in outcome.events]
    if isinstance(outcome.result, Presence):
        p = outcome.result
        out = [_("{region}: Red {red} ({red_count}), White {white} ({white_count}).",
                 region=names.region(p.region, lang), red=p.strength["red"], white=p.strength["white"],
                 red_count=plural(TOKENS, p.tokens["red"]), white_count=plural(TOKENS, p.tokens["white"])),
               tables.presence_reason(p, lang)]
        if p.neutrals:
            out.append(tables.neutral_reason(p, lang))
        return out
    if isinstance(outcome.result, ObjectiveChoice):
        return objective_steps(outcome.result, lang)
    return outcome.lines


def outcome_html(t: Tutorial, outcome: Outcome, edition: str) -> str:
    """What the engine answered at this step, in the tutorial's language."""
    lang = t.language
    _ = translator(lang)
    parts: list[str] = []
    if outcome.kind == "try":
        parts.append(f"<div class='dp-refused'>✖ {escape(t.ui('refused'))}</div>"
                     f"<div>{escape(refusal_text(outcome.refusal or outcome.error or '', lang))}</div>")
    elif isinstance(outcome.result, Presence):
        p = outcome.result
        parts.append(df_html(tables.presence_tokens_rows(p, lang)))
        parts.append(lines_html(outcome_lines(outcome, lang)))
    elif isinstance(outcome.result, ObjectiveChoice):
        parts.append(df_html(tables.objective_rows(outcome.result, lang)))
        parts.append(lines_html(outcome_lines(outcome, lang)))
    elif outcome.lines:
        parts.append(lines_html(outcome_lines(outcome, lang)))
    edition_name = t.ui(f"edition_{edition}") if f"edition_{edition}" in t.data.ui else edition
    footer = f"<div class='dp-tut-source'>{escape(t.ui('edition', name=edition_name))}</div>"
    if not parts:
        return footer
    heading = _("What the engine says")
    return f"<div class='dp-outcome-box'><b>{escape(heading)}</b>{''.join(parts)}</div>{footer}"


# ---------------------------------------------------------------------------- the widget
class TutorialWidget(widgets.VBox):
    """Example menu, language menu, Back / Next / Restart, narration, and the board.

    Drive it from Python as a user would: ``w.next_button.click()``,
    ``w.language_dropdown.value = "fr"``, ``w.example_dropdown.value = "E"``; or
    call :meth:`next`, :meth:`back`, :meth:`restart`, :meth:`select`,
    :meth:`set_language`.  ``w.tutorial`` is the model; ``w.board`` the board.

    The language is the notebook's (:mod:`dualpowers.widgets.language`): the menu
    here changes it for every widget, and a change made elsewhere reaches this one.
    ``language=`` (or a model with its own language) sets the notebook's language.
    """

    def __init__(self, tutorial: Tutorial | None = None, *, language: str | None = None,
                 example: str | None = None, board_width: float = BOARD_W, board_height: float = BOARD_H,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-tutorial")
        self.tutorial = tutorial if tutorial is not None else Tutorial()
        t = self.tutorial
        if language is None:
            language = tutorial.language if tutorial is not None else notebook_language.current()
        t.language = language
        notebook_language.set(language)
        if example is not None:
            t.select(example)
        self._syncing = False

        self.example_dropdown = widgets.Dropdown(options=self._example_options(), value=t.example.id,
                                                 layout=_W(width="360px"))
        self.example_dropdown.add_class("dp-example")
        self.language_dropdown = widgets.Dropdown(options=[(language_name(k), k) for k in LANGUAGES],
                                                  value=t.language, layout=_W(width="130px"))
        self.language_dropdown.add_class("dp-language")
        for menu in (self.example_dropdown, self.language_dropdown):
            menu.style.description_width = "initial"
        self.language_dropdown.layout.width = "220px"
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
        self.example_dropdown.layout.width = "100%"
        self.screen = Screen(
            self.board,
            title=self._title_html(),
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
        self.refresh()

    # ------------------------------------------------------------------ actions
    def next(self) -> None:
        """One step forward; at the end of an example, on to the next example."""
        if not self.tutorial.next():
            if not self.tutorial.next_example():
                return
        self.refresh()

    def back(self) -> None:
        if self.tutorial.back():
            self.refresh()

    def restart(self) -> None:
        self.tutorial.restart()
        self.refresh()

    def select(self, example_id: str) -> None:
        """Open an example at its scene."""
        self.tutorial.select(example_id)
        self.refresh()

    def set_language(self, language: str) -> None:
        """Switch this widget and every other widget of the notebook to ``language``."""
        self.tutorial.language = language
        notebook_language.set(language)
        self.refresh()

    def close(self) -> None:
        notebook_language.setting.unobserve(self._notebook_language_changed, "value")
        super().close()

    # ------------------------------------------------------------------ display
    def refresh(self) -> None:
        """Bring every part of the widget in line with the model (one board redraw at most)."""
        t = self.tutorial
        self._syncing = True
        try:
            if self.language_dropdown.value != t.language:
                self.language_dropdown.value = t.language
            options = self._example_options()
            if list(self.example_dropdown.options) != options:
                self.example_dropdown.options = options
            if self.example_dropdown.value != t.example.id:
                self.example_dropdown.value = t.example.id
        finally:
            self._syncing = False
        self.back_button.description = t.ui("back")
        self.restart_button.description = t.ui("restart")
        # the two menus say what they are (a screen reader has no other name for them: axe select-name)
        self.example_dropdown.description = t.ui("example")
        self.language_dropdown.description = t.ui("language")
        last_example = t.example.id == t.example_ids[-1]
        self.next_button.description = t.ui("next_example") if t.at_end and not last_example else t.ui("next")
        self.back_button.disabled = t.at_start
        self.restart_button.disabled = t.at_start
        self.next_button.disabled = t.at_end and last_example
        self.screen.set_title(self._title_html())
        self.narration.value = narration_html(t)
        self.erratum.value = erratum_html(t)
        self.erratum.layout.display = None if t.erratum() else "none"
        try:
            state, outcome = t.view()
        except TutorialError as exc:     # bad tutorial data: say so instead of failing silently
            self.outcome.value = f"<div class='dp-error-box'>{escape(str(exc))}</div>"
            return
        self.outcome.value = outcome_html(t, outcome, state.edition)
        # the Opposition's choice of objective is a table of five columns, wider than the panel
        # (its words would break in the middle, or it would stick out): it goes under the board,
        # at the screen's whole width; every other outcome reads beside the board
        wide = isinstance(outcome.result, ObjectiveChoice)
        if (self.outcome in self.screen.below.children) != wide:
            self.screen.set_narration(*([self.narration, self.erratum] + ([] if wide else [self.outcome])))
            self.screen.set_below(*([self.outcome] if wide else []))
        self.board.show(state, highlight=t.highlight)

    # ------------------------------------------------------------------ internals
    def _title_html(self) -> str:
        _ = translator(self.tutorial.language)
        title = _("Dual Powers: Revolution 1917 · tutorial")
        return f"<span>{escape(title)}</span>"

    def _button(self, css_class: str, style: str = "") -> widgets.Button:
        b = widgets.Button(button_style=style, layout=_W(width="auto", min_width="84px"))
        b.add_class(css_class)
        return b

    def _example_options(self) -> list[tuple[str, str]]:
        return [(title, eid) for eid, title in self.tutorial.titles()]

    def _example_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None or change["new"] == self.tutorial.example.id:
            return
        self.select(change["new"])

    def _language_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] == self.tutorial.language:
            return
        self.set_language(change["new"])

    def _notebook_language_changed(self, change: dict[str, Any]) -> None:
        if change["new"] != self.tutorial.language:
            self.tutorial.language = change["new"]
            self.refresh()
