"""The solo Opposition in Jupyter: how it picks its objective, and a solo round turn by turn.

Thin ipywidgets views over :class:`dualpowers.controllers.OppositionExplorer`
and :class:`dualpowers.controllers.SoloRoundWalker`.

* :class:`OppositionWidget` -- five card menus (or a seeded *Deal*) and the
  objective the Opposition takes from them, step by step (R-SOLO-OBJECTIVE).
* :class:`SoloRoundWidget` -- a seeded solo game: *Next* applies one decision of
  the player, chosen by a simple rule (the first legal action, or a seeded
  random one); the Opposition's turns happen inside the engine.

CSS classes: ``dp-opposition``, ``dp-opp-card`` (and ``dp-opp-card-0`` ..
``dp-opp-card-4``), ``dp-opp-seed``, ``dp-opp-deal``, ``dp-opp-clear``,
``dp-opp-cards``, ``dp-opp-steps``, ``dp-opp-table``, ``dp-opp-choice``;
``dp-solo-round``, ``dp-board``, ``dp-round-seed``, ``dp-round-player``,
``dp-round-difficulty``, ``dp-round-edition``, ``dp-round-policy``,
``dp-round-restart``, ``dp-round-next``, ``dp-round-finish``,
``dp-round-status``, ``dp-round-last``, ``dp-round-log``, ``dp-round-objective``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..opposition import DIFFICULTIES

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..controllers.opposition import HAND, OppositionExplorer, SoloRoundWalker
from .. import names, tables
from ..tables import Table
from ..text import translator
from ..narrate import refusal_text
from ..text import render
from . import language
from ._common import STYLE, button, css, df_html, lines_html, log_html, fit_labels
from .screen import Screen, bind_keys, button_action

__all__ = ["OppositionWidget", "SoloRoundWidget", "objective_html"]

_W = widgets.Layout


def objective_html(explorer: OppositionExplorer, lang: str | None = None) -> tuple[str, str, str, str]:
    """(cards table, steps, sums table, verdict) as HTML for an explorer, in ``lang``
    (default: the notebook's language)."""
    lang = lang or language.current()
    _ = translator(lang)
    rows = tuple((r["order"], names.card(r["card"], lang), names.region(r["region"], lang), r["days"], r["VP"],
                  _("yes") if r["objective"] else _("no")) for r in explorer.card_rows())
    frame = Table((_("order"), _("card"), _("region"), _("days"), _("VP"), _("objective")), rows)
    cards = df_html(frame, _("The Opposition's cards, in the order it played them"))
    if explorer.error or explorer.choice is None or explorer.card is None:
        no_objective = _("No objective: {reason}", reason=refusal_text(explorer.refusal or explorer.error, lang))
        return cards, "", "", f"<span class='dp-error-box'>{escape(no_objective)}</span>"
    step_by_step = _("Step by step")
    steps = f"<b>{escape(step_by_step)}</b>" + lines_html([render(m, lang) for m in explorer.step_messages],
                                                          ordered=True)
    table = df_html(tables.objective_rows(explorer.choice, lang), _("Day numbers summed per region"))
    card = explorer.card
    headline = _("Objective: <b>{card}</b> ({vp} VP in {region})", card=escape(names.card(card.id, lang)),
                 vp=card.vp, region=escape(names.region(card.region, lang)))
    verdict = f"<div style='font-size: 15px'>{headline}</div>"
    return cards, steps, table, verdict


class OppositionWidget(widgets.VBox):
    """Choose or deal the Opposition's five cards and watch it pick its objective."""

    def __init__(self, explorer: OppositionExplorer | None = None, *, seed: int = 1917, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-opposition")
        self.explorer = explorer if explorer is not None else OppositionExplorer(seed=seed)
        x = self.explorer
        self._syncing = False
        options = [("(no card)", "")] + x.card_options()
        self.card_menus = []
        for i in range(HAND):
            dd = widgets.Dropdown(options=options, value=x.cards[i] or "", description=f"Card {i + 1}",
                                  layout=_W(width="300px"))
            css(dd, "dp-opp-card", f"dp-opp-card-{i}")
            dd.observe(lambda ch, i=i: self._card_changed(i, ch["new"]), "value")
            self.card_menus.append(dd)
        self.seed = css(widgets.IntText(value=seed, description="Seed", layout=_W(width="180px")), "dp-opp-seed")
        fit_labels(self.seed, *self.card_menus)
        self.deal_button = button("Deal 5 at random", "dp-opp-deal", style="info", icon="random")
        self.clear_button = button("Clear", "dp-opp-clear")
        self.cards_html = css(widgets.HTML(), "dp-opp-cards")
        self.steps_html = css(widgets.HTML(), "dp-opp-steps")
        self.table_html = css(widgets.HTML(), "dp-opp-table")
        self.choice_html = css(widgets.HTML(), "dp-opp-choice")
        self.deal_button.on_click(lambda _: self.explorer.deal(int(self.seed.value)))
        self.clear_button.on_click(lambda _: self.explorer.set_cards([]))
        self.intro = widgets.HTML("Cards in the order the Opposition played them (card 1 first):")
        self.children = [
            widgets.HTML(STYLE),
            self.intro,
            widgets.HBox(self.card_menus[:3], layout=_W(flex_flow="row wrap")),
            widgets.HBox(self.card_menus[3:], layout=_W(flex_flow="row wrap")),
            widgets.HBox([self.seed, self.deal_button, self.clear_button]),
            widgets.HBox([self.cards_html, self.table_html], layout=_W(flex_flow="row wrap", grid_gap="24px")),
            self.steps_html, self.choice_html,
        ]
        x.on_change(lambda _: self.refresh())
        language.observe(self._relabel)
        self._relabel()

    def _relabel(self, _lang: str | None = None) -> None:
        _ = translator(language.current())
        for i, dd in enumerate(self.card_menus):
            dd.description = _("Card {n}", n=i + 1)
        self.seed.description = _("Seed")
        self.deal_button.description = _("Deal 5 at random")
        self.clear_button.description = _("Clear")
        self.intro.value = _("Cards in the order the Opposition played them (card 1 first):")
        lang = language.current()
        comp = self.explorer.comp
        options = [(_("(no card)"), "")] + [
            (_("{card}: {days} days, {vp} VP", card=names.card(c.id, lang), days=c.days, vp=c.vp), c.id)
            for c in comp.cards.values()]
        self._syncing = True
        try:
            for dd in self.card_menus:
                value = dd.value
                dd.options = options
                dd.value = value
        finally:
            self._syncing = False
        self.refresh()

    def close(self) -> None:
        language.unobserve(self._relabel)
        super().close()

    def _card_changed(self, slot: int, value: str) -> None:
        if not self._syncing:
            self.explorer.set_card(slot, value or None)

    def refresh(self) -> None:
        x = self.explorer
        self._syncing = True
        try:
            for dd, card in zip(self.card_menus, x.cards):
                dd.value = card or ""
        finally:
            self._syncing = False
        cards, steps, table, verdict = objective_html(x)
        self.cards_html.value = cards
        self.steps_html.value = steps
        self.table_html.value = table
        self.choice_html.value = verdict


class SoloRoundWidget(widgets.VBox):
    """A seeded solo round, one player decision per click on *Next*."""

    def __init__(self, walker: SoloRoundWalker | None = None, *, seed: int = 7, player: str = "white",
                 difficulty: int = 3, edition: str = "fr", policy: str = "first",
                 width: float = BOARD_W, height: float = BOARD_H, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-solo-round")
        self.walker = walker if walker is not None else SoloRoundWalker(
            seed, player=player, difficulty=difficulty, edition=edition, policy=policy)
        w = self.walker
        w.set_language(language.current())
        from .board import BoardWidget
        self.board = BoardWidget(w.state, width=width, height=height)
        self.seed = css(widgets.IntText(value=w.seed, description="Seed", layout=_W(width="180px")), "dp-round-seed")
        self.player = css(widgets.ToggleButtons(options=["red", "white"], value=w.player, description="You play"),
                          "dp-round-player")
        self.difficulty = css(widgets.IntSlider(value=w.difficulty, min=DIFFICULTIES[0], max=DIFFICULTIES[-1], description="Difficulty X"),
                              "dp-round-difficulty")
        self.edition = css(widgets.Dropdown(options=[("French / English (fr)", "fr"), ("Italian (it)", "it")],
                                            value=w.edition, description="Edition"), "dp-round-edition")
        self.policy = css(widgets.Dropdown(options=[("always the first legal action", "first"),
                                                    ("a seeded random legal action", "random")],
                                           value=w.policy, description="Player rule", layout=_W(width="100%")),
                          "dp-round-policy")
        fit_labels(self.seed, self.player, self.difficulty, self.edition, self.policy)
        self.restart_button = button("New round", "dp-round-restart", icon="refresh")
        self.next_button = button("Next", "dp-round-next", style="success", icon="step-forward")
        self.finish_button = button("Finish the round", "dp-round-finish", icon="fast-forward")
        self.last = css(widgets.HTML(), "dp-round-last")
        self.log_view = css(widgets.HTML(), "dp-round-log")
        self.objective = css(widgets.HTML(), "dp-round-objective")
        self._last_title = widgets.HTML("<b>What the last step did</b>")
        self._new_title = widgets.HTML("<b>New round</b>")
        self._log_title = widgets.HTML("<b>The whole log</b> (most recent first)")
        self.restart_button.on_click(lambda _: self._restart())
        self.next_button.on_click(lambda _: self.walker.step())
        self.finish_button.on_click(lambda _: self.walker.run_round())
        self.screen = Screen(
            self.board,
            primary=[self.next_button, self.finish_button],
            narration=[self._last_title, self.last],
            secondary=[self._new_title, self.seed, self.player, self.difficulty, self.edition,
                       self.policy, self.restart_button],
            below=[self._log_title, self.log_view, self.objective],
        )
        self.status = self.screen.title
        self.status.add_class("dp-round-status")
        bind_keys(self.screen, {"ArrowRight": button_action(self.next_button), "n": button_action(self.next_button),
                                "Enter": button_action(self.next_button)})
        self.children = [widgets.HTML(STYLE), self.screen]
        w.on_change(lambda _: self.refresh())
        language.observe(self._language_changed)
        self._relabel()
        self.refresh()

    def _language_changed(self, lang: str) -> None:
        self._relabel()
        self.walker.set_language(lang)      # writes the log again and refreshes

    def _relabel(self) -> None:
        lang = language.current()
        _ = translator(lang)
        self._last_title.value = _("<b>What the last step did</b>")
        self._new_title.value = _("<b>New round</b>")
        self._log_title.value = _("<b>The whole log</b> (most recent first)")
        self.seed.description = _("Seed")
        self.player.description = _("You play")
        self.difficulty.description = _("Difficulty X")
        self.edition.description = _("Edition")
        self.policy.description = _("Player rule")
        value = self.policy.value
        self.policy.options = [(_("always the first legal action"), "first"),
                               (_("a seeded random legal action"), "random")]
        self.policy.value = value
        value = self.edition.value
        self.edition.options = [(_("French / English (fr)"), "fr"), (_("Italian (it)"), "it")]
        self.edition.value = value
        value = self.player.value
        self.player.options = [(names.side("red", lang), "red"), (names.side("white", lang), "white")]
        self.player.value = value
        self.restart_button.description = _("New round")
        self.next_button.description = _("Next")
        self.finish_button.description = _("Finish the round")

    def close(self) -> None:
        language.unobserve(self._language_changed)
        super().close()

    def _restart(self) -> None:
        self.walker.restart(int(self.seed.value), player=self.player.value, difficulty=int(self.difficulty.value),
                            edition=self.edition.value, policy=self.policy.value)

    def refresh(self) -> None:
        w = self.walker
        self.board.state = w.state
        self.status.value = escape(w.status())
        self.last.value = log_html(w.last_events, newest_first=False)
        self.log_view.value = log_html(w.log, lang=language.current())
        self.next_button.disabled = self.finish_button.disabled = w.finished
        _ = translator(language.current())
        if w.finished:
            cards, steps, table, verdict = objective_html(w.objective_explorer())
            title = _("How the Opposition chose its objective this round")
            self.objective.value = (f"<h4>{escape(title)}</h4>"
                                    f"<div style='display: flex; gap: 24px; flex-wrap: wrap'>{cards}{table}</div>"
                                    f"{steps}{verdict}")
        else:
            self.objective.value = _("<i>The Opposition's objective is chosen at scoring, from the five cards it "
                                     "played; it appears here when the round is over.</i>")
