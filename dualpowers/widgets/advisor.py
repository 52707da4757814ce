"""The advisor on the analyzer's board: "what should I play here?".

Set up or import a position with the analyzer's editor, then press *Rank the
actions*: the advisor (:mod:`dualpowers.advisor`) ranks every legal action of the
side to act, seeing only what that side sees, and the best ones light up on the
board (their regions, tokens, cards and, for moves, the connection crossed).
*Play the best action* applies the top choice, so a learner can follow the
advisor through a game.

>>> from dualpowers.widgets.advisor import AdvisorWidget
>>> AdvisorWidget(state)        # doctest: +SKIP

CSS classes: ``dp-advisor`` (the whole widget), ``dp-advisor-playouts``,
``dp-advisor-seed``, ``dp-advisor-top``, ``dp-advise``, ``dp-play-best``,
``dp-advisor-summary``, ``dp-advisor-table``; the analyzer inside keeps its own
(``dp-analyzer``, ``dp-board``, ...).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..advisor import DEFAULT_PLAYOUTS, Advisor, Ranking
from ..kinds import highlight as action_highlight
from ..text import render
from ..turn import step_name
from ..describe import describe
from ..errors import DualPowersError, PositionError
from ..text import translator
from ..narrate import outcome_text, refusal_text
from ..tables import header, ranking_rows, win_chance_note
from . import language
from ._common import STYLE, button, css, df_html, fit_labels
from .analyzer import AnalyzerWidget

if TYPE_CHECKING:
    from ..state import State

__all__ = ["AdvisorWidget"]

_W = widgets.Layout


class AdvisorWidget(widgets.VBox):
    """An :class:`AnalyzerWidget` with the advisor's ranking of the side to act's actions."""

    def __init__(self, state: "State | None" = None, *, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0,
                 top: int = 3, width: float = BOARD_W, height: float = BOARD_H, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-advisor")
        self.analyzer = AnalyzerWidget(state=state, width=width, height=height)
        self.editor = self.analyzer.editor
        self.board = self.analyzer.board
        self.ranking: Ranking | None = None
        self._ranked: Any = None                 # the position (State.key) the ranking is about

        self.playouts = css(widgets.IntSlider(value=playouts, min=50, max=5000, step=50, description="Playouts",
                                              continuous_update=False), "dp-advisor-playouts")
        # Labels as long as they need ("Parties simulées", "Partite simulate"), not cut to "Parties si...".
        self.seed = css(widgets.IntText(value=seed, description="Seed", layout=_W(width="180px")), "dp-advisor-seed")
        self.top = css(widgets.IntSlider(value=top, min=1, max=6, description="Light up"), "dp-advisor-top")
        fit_labels(self.playouts, self.seed, self.top)
        self.rank_button = button("Rank the actions", "dp-advise", style="primary", icon="lightbulb-o")
        self.play_best_button = button("Play the best action", "dp-play-best", style="success", icon="forward")
        self.summary = css(widgets.HTML(), "dp-advisor-summary")
        self.table = css(widgets.HTML(), "dp-advisor-table")

        self.rank_button.on_click(lambda _: self.rank())
        self.play_best_button.on_click(lambda _: self.play_best())
        self.top.observe(lambda _: self._light_up(), "value")
        self.editor.on_change(lambda _: self._position_changed())

        # The analyzer's screen, with the advisor's controls in its panel: Rank is the
        # primary button, the summary the narration; the ranking table goes below.
        a = self.analyzer
        scr = self.screen = a.screen
        scr.set_title("Advisor")
        scr.set_primary(self.rank_button, self.play_best_button)
        scr.set_narration(self.summary, a.error, a.message_label)
        intro = widgets.HTML("<i>Ranks the legal actions of the side to act by playing the game out many "
                             "times, dealing the cards that side cannot see afresh each time.</i>")
        scr.set_secondary(intro, self.playouts, self.seed, self.top, a.palette, a.tabs)
        scr.set_below(self.table, *scr.below.children)
        self.children = [widgets.HTML(STYLE), a]
        self._intro = intro
        language.observe(self._relabel)
        self._relabel()

    def _relabel(self, _lang: str | None = None) -> None:
        """The advisor's own words in the notebook's language (the board follows by itself)."""
        _ = translator(language.current())
        self.playouts.description = _("Playouts")
        self.seed.description = _("Seed")
        self.top.description = _("Light up")
        self.rank_button.description = self.rank_button.tooltip = _("Rank the actions")
        self.play_best_button.description = self.play_best_button.tooltip = _("Play the best action")
        self.screen.set_title(_("Advisor"))
        self._intro.value = _("<i>Ranks the legal actions of the side to act by playing the game out many times, "
                              "dealing the cards that side cannot see afresh each time.</i>")
        self._show()

    def close(self) -> None:
        language.unobserve(self._relabel)
        super().close()

    # ------------------------------------------------------------------ actions
    def rank(self) -> Ranking | None:
        """Rank the actions of the side to act in the editor's position; show and return the ranking."""
        state = self.editor.state
        lang = language.current()
        if state is None:
            told = PositionError(self.editor.error_message or self.editor.error or "")
            _ = translator(lang)
            self._fail(_("The position is not valid: {reason}", reason=refusal_text(told, lang)))
            return None
        try:
            ranking = Advisor(playouts=int(self.playouts.value), seed=int(self.seed.value)).rank(state)
        except (DualPowersError, ValueError) as exc:
            self._fail(refusal_text(exc, lang))
            return None
        self.ranking, self._ranked = ranking, state.key()
        self._show()
        return ranking

    def play_best(self) -> None:
        """Apply the best ranked action (ranking first if needed) and edit the position it leads to."""
        if self.ranking is None and self.rank() is None:
            return
        assert self.ranking is not None and self.editor.state is not None
        after = self.editor.state.clone()
        after.apply(self.ranking.best.action)
        self.editor.load_state(after)          # clears the ranking through _position_changed

    # ------------------------------------------------------------------ display
    def _fail(self, message: str) -> None:
        self.ranking, self._ranked = None, None
        self._show()
        self.summary.value = f"<span class='dp-error-box'>{escape(message)}</span>"
        return None

    def _position_changed(self) -> None:
        state = self.editor.state
        if self.ranking is not None and (state is None or state.key() != self._ranked):
            self.ranking, self._ranked = None, None     # the ranking was about another position
        self._show()

    def _show(self) -> None:
        state = self.editor.state
        over = state is None or state.is_over()
        self.rank_button.disabled = self.play_best_button.disabled = over
        lang = language.current()
        _ = translator(lang)
        if self.ranking is None:
            if state is not None and state.is_over():
                over_text = _("The game is over: {reason}", reason=outcome_text(state, lang))
                self.summary.value = f"<i>{escape(over_text)}</i>"
            elif state is not None:
                self.summary.value = "<i>" + _(
                    "{side} to act ({step}), {n} legal actions. Press <b>Rank the actions</b>.",
                    side=state.to_act or "", step=escape(render(step_name(state.step), lang)),
                    n=len(state.legal_actions())) + "</i>"
            self.table.value = ""
            return
        r = self.ranking
        assert state is not None
        # The advice in the notebook's language, actions named in words.
        lines = [escape(render(m, lang))
                 for _indent, m in r.explain_messages(name=lambda a: self._said(state, a, lang))]
        self.summary.value = "<div class='dp-hint-box'>" + "<br>".join(lines) + "</div>"
        frame = ranking_rows(r, state, lang)
        caption = _("Every legal action of {side}, best first", side=r.side)
        note = win_chance_note(r.horizon, lang, r.chance_of)
        self.table.value = df_html(frame, caption, header_tips={header("win_prob", lang): note}, note=note)
        self._light_up()

    @staticmethod
    def _said(state: "State", action: Any, lang: str) -> str:
        return describe(state, action, lang).text

    def highlight_items(self) -> list[Any]:
        """What the board lights up: the parts of the top actions of the ranking."""
        state = self.editor.state
        if self.ranking is None or state is None:
            return []
        items: list[Any] = []
        for ranked in self.ranking.actions[: int(self.top.value)]:
            items += [x for x in action_highlight(state, ranked.action) if x not in items]
        return items

    def _light_up(self) -> None:
        if self.ranking is not None and self.editor.state is not None:
            self.board.show(self.editor.state, highlight=self.highlight_items())
