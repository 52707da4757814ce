"""The solo Opposition in Jupyter: how it picks its objective, and a solo round turn by turn.

Two widgets that draw the snapshots of their session models,
:class:`dualpowers.screens.opposition.OppositionScreen` (over
:class:`dualpowers.controllers.OppositionExplorer`) and
:class:`dualpowers.screens.opposition.SoloRoundScreen` (over
:class:`dualpowers.controllers.SoloRoundWalker`), and turn each event into one call on them.

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

from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..screens.opposition import (
    HAND, DIFFICULTIES, ObjectiveView, OppositionExplorer, OppositionScreen, OppositionSnapshot, SoloRoundScreen,
    SoloRoundSnapshot, SoloRoundWalker, objective_view,
)
from . import language
from ._common import STYLE, button, css, df_html, lines_html, log_html, fit_labels
from .screen import Screen, bind_keys, button_action

__all__ = ["OppositionWidget", "SoloRoundWidget", "objective_html"]

_W = widgets.Layout


def _objective_html(o: ObjectiveView) -> tuple[str, str, str, str]:
    """(cards table, steps, sums table, verdict) as HTML."""
    cards = df_html(o.cards, o.cards_caption)
    if o.error:
        return cards, "", "", f"<span class='dp-error-box'>{escape(o.error)}</span>"
    steps = f"<b>{escape(o.steps_label)}</b>" + lines_html(list(o.steps), ordered=True)
    table = df_html(o.sums, o.sums_caption) if o.sums is not None else ""
    return cards, steps, table, f"<div style='font-size: 15px'>{o.verdict_html}</div>"


def objective_html(explorer: OppositionExplorer, lang: str | None = None) -> tuple[str, str, str, str]:
    """(cards table, steps, sums table, verdict) as HTML for an explorer, in ``lang``
    (default: the notebook's language)."""
    return _objective_html(objective_view(explorer, lang or language.current()))


class OppositionWidget(widgets.VBox):
    """Choose or deal the Opposition's five cards and watch it pick its objective."""

    def __init__(self, explorer: OppositionExplorer | None = None, *, seed: int = 1917, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-opposition")
        self.model = OppositionScreen(explorer, seed=seed, lang=language.current())
        m = self.model
        self._syncing = False
        self.card_menus = []
        for i in range(HAND):
            dd = widgets.Dropdown(layout=_W(width="300px"))
            css(dd, "dp-opp-card", f"dp-opp-card-{i}")
            dd.observe(lambda ch, i=i: self._card_changed(i, ch["new"]), "value")
            self.card_menus.append(dd)
        self.seed = css(widgets.IntText(value=seed, layout=_W(width="180px")), "dp-opp-seed")
        fit_labels(self.seed, *self.card_menus)
        self.deal_button = button("", "dp-opp-deal", style="info", icon="random")
        self.clear_button = button("", "dp-opp-clear")
        self.cards_html = css(widgets.HTML(), "dp-opp-cards")
        self.steps_html = css(widgets.HTML(), "dp-opp-steps")
        self.table_html = css(widgets.HTML(), "dp-opp-table")
        self.choice_html = css(widgets.HTML(), "dp-opp-choice")
        self.deal_button.on_click(lambda _: m.deal(int(self.seed.value)))
        self.clear_button.on_click(lambda _: m.clear())
        self.intro = widgets.HTML()
        self.children = [
            widgets.HTML(STYLE),
            self.intro,
            widgets.HBox(self.card_menus[:3], layout=_W(flex_flow="row wrap")),
            widgets.HBox(self.card_menus[3:], layout=_W(flex_flow="row wrap")),
            widgets.HBox([self.seed, self.deal_button, self.clear_button]),
            widgets.HBox([self.cards_html, self.table_html], layout=_W(flex_flow="row wrap", grid_gap="24px")),
            self.steps_html, self.choice_html,
        ]
        m.observe(self.draw)
        language.observe(m.set_language)
        self.draw(m.snapshot)

    @property
    def explorer(self) -> OppositionExplorer:
        return self.model.explorer

    def refresh(self) -> None:
        self.draw(self.model.snapshot)

    def close(self) -> None:
        language.unobserve(self.model.set_language)
        super().close()

    def _card_changed(self, slot: int, value: str) -> None:
        if not self._syncing:
            self.model.set_card(slot, value)

    def draw(self, snap: OppositionSnapshot) -> None:
        self._syncing = True
        try:
            for dd, label, card in zip(self.card_menus, snap.card_labels, snap.cards):
                dd.description = label
                if tuple(dd.options) != snap.card_options:
                    dd.options = snap.card_options
                if dd.value != card:
                    dd.value = card
        finally:
            self._syncing = False
        self.seed.description = snap.seed_label
        self.deal_button.description = snap.deal_label
        self.clear_button.description = snap.clear_label
        self.intro.value = snap.intro
        cards, steps, table, verdict = _objective_html(snap.objective)
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
        self.model = SoloRoundScreen(walker, seed=seed, player=player, difficulty=difficulty, edition=edition,
                                     policy=policy, lang=language.current())
        m = self.model
        w = m.walker
        snap = m.snapshot
        from .board import BoardWidget
        self.board = BoardWidget(w.state, width=width, height=height)
        self.seed = css(widgets.IntText(value=w.seed, layout=_W(width="180px")), "dp-round-seed")
        self.player = css(widgets.ToggleButtons(options=snap.player_options, value=w.player), "dp-round-player")
        self.difficulty = css(widgets.IntSlider(value=w.difficulty, min=snap.difficulties[0],
                                                max=snap.difficulties[1]), "dp-round-difficulty")
        self.edition = css(widgets.Dropdown(options=snap.edition_options, value=w.edition), "dp-round-edition")
        self.policy = css(widgets.Dropdown(options=snap.policy_options, value=w.policy, layout=_W(width="100%")),
                          "dp-round-policy")
        self.restart_button = button("", "dp-round-restart", icon="refresh")
        self.next_button = button("", "dp-round-next", style="success", icon="step-forward")
        self.finish_button = button("", "dp-round-finish", icon="fast-forward")
        self.last = css(widgets.HTML(), "dp-round-last")
        self.log_view = css(widgets.HTML(), "dp-round-log")
        self.objective = css(widgets.HTML(), "dp-round-objective")
        self._last_title = widgets.HTML()
        self._new_title = widgets.HTML()
        self._log_title = widgets.HTML()
        self.restart_button.on_click(lambda _: self._restart())
        self.next_button.on_click(lambda _: m.step())
        self.finish_button.on_click(lambda _: m.run_round())
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
        m.observe(self.draw)
        language.observe(m.set_language)
        self.draw(snap)
        fit_labels(self.seed, self.player, self.difficulty, self.edition, self.policy)

    @property
    def walker(self) -> SoloRoundWalker:
        return self.model.walker

    def refresh(self) -> None:
        self.draw(self.model.snapshot)

    def close(self) -> None:
        language.unobserve(self.model.set_language)
        super().close()

    def _restart(self) -> None:
        self.model.restart(int(self.seed.value), player=self.player.value, difficulty=int(self.difficulty.value),
                           edition=self.edition.value, policy=self.policy.value)

    def draw(self, snap: SoloRoundSnapshot) -> None:
        self._last_title.value = snap.last_title_html
        self._new_title.value = snap.new_title_html
        self._log_title.value = snap.log_title_html
        self.seed.description = snap.seed_label
        self.player.description = snap.player_label
        self.difficulty.description = snap.difficulty_label
        self.edition.description = snap.edition_label
        self.policy.description = snap.policy_label
        for menu, options in ((self.policy, snap.policy_options), (self.edition, snap.edition_options),
                              (self.player, snap.player_options)):
            if tuple(menu.options) != options:
                value = menu.value
                menu.options = options
                menu.value = value
        self.restart_button.description = snap.restart_label
        self.next_button.description = snap.next_label
        self.finish_button.description = snap.finish_label
        self.board.state = snap.position
        self.status.value = escape(snap.status)
        self.last.value = log_html(snap.last_events, newest_first=False)
        self.log_view.value = log_html(snap.log, lang=snap.lang)
        self.next_button.disabled = self.finish_button.disabled = snap.finished
        if snap.objective is not None:
            cards, steps, table, verdict = _objective_html(snap.objective)
            self.objective.value = (f"<h4>{escape(snap.objective_title)}</h4>"
                                    f"<div style='display: flex; gap: 24px; flex-wrap: wrap'>{cards}{table}</div>"
                                    f"{steps}{verdict}")
        else:
            self.objective.value = snap.objective_note_html
