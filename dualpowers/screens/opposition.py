"""The solo Opposition's screens: how it picks its objective, and a solo round walked turn by turn.

:class:`~dualpowers.controllers.opposition.OppositionExplorer` (five cards and the
objective taken from them) and
:class:`~dualpowers.controllers.opposition.SoloRoundWalker` (a seeded solo game, one
decision of the player at a time) are the controllers.  :class:`OppositionScreen` and
:class:`SoloRoundScreen` add the language a screen speaks and hand their observers, after
each change, one snapshot with every word of the screen written in it: the menus' options,
the objective's tables and steps, the round's status, what the last step did and the log.
The widgets (:mod:`dualpowers.widgets.opposition`) turn events into calls here and draw
the snapshots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from .. import names, tables
from ..controllers.opposition import HAND, OppositionExplorer, SoloRoundWalker
from ..narrate import refusal_text
from ..opposition import DIFFICULTIES
from ..tables import Table
from ..text import render, translator
from .observed import Observed

if TYPE_CHECKING:
    from ..controllers.play import LogEntry
    from ..state import State

__all__ = ["OppositionScreen", "OppositionSnapshot", "SoloRoundScreen", "SoloRoundSnapshot", "ObjectiveView",
           "objective_view", "DIFFICULTIES", "HAND", "OppositionExplorer", "SoloRoundWalker"]


@dataclass(frozen=True)
class ObjectiveView:
    """How the Opposition chose its objective: its cards as a table, the steps in words, the day
    numbers summed per region, and the objective (``verdict_html``, HTML); ``error``: why there
    is no objective (then no steps and no sums)."""

    cards: Table
    cards_caption: str
    steps_label: str = ""
    steps: tuple[str, ...] = ()
    sums: Table | None = None
    sums_caption: str = ""
    verdict_html: str = ""
    error: str = ""


def objective_view(explorer: OppositionExplorer, lang: str) -> ObjectiveView:
    """What ``explorer`` shows of the Opposition's choice of objective, in ``lang``."""
    _ = translator(lang)
    rows = tuple((r["order"], names.card(r["card"], lang), names.region(r["region"], lang), r["days"], r["VP"],
                  _("yes") if r["objective"] else _("no")) for r in explorer.card_rows())
    frame = Table((_("order"), _("card"), _("region"), _("days"), _("VP"), _("objective")), rows)
    caption = _("The Opposition's cards, in the order it played them")
    if explorer.error or explorer.choice is None or explorer.card is None:
        return ObjectiveView(frame, caption, error=_("No objective: {reason}", reason=refusal_text(
            explorer.refusal or explorer.error, lang)))
    card = explorer.card
    headline = _("Objective: <b>{card}</b> ({vp} VP in {region})", card=escape(names.card(card.id, lang)),
                 vp=card.vp, region=escape(names.region(card.region, lang)))
    return ObjectiveView(frame, caption, steps_label=_("Step by step"),
                         steps=tuple(render(m, lang) for m in explorer.step_messages),
                         sums=tables.objective_rows(explorer.choice, lang),
                         sums_caption=_("Day numbers summed per region"), verdict_html=headline)


# ---------------------------------------------------------------------------- the explorer
@dataclass(frozen=True)
class OppositionSnapshot:
    """The objective explorer after one change: the menus (their labels, options and values),
    the buttons' words, and the objective."""

    lang: str
    intro: str
    card_labels: tuple[str, ...]
    card_options: tuple[tuple[str, str], ...]
    cards: tuple[str, ...]            #: the card in each menu ("" for none)
    seed_label: str
    deal_label: str
    clear_label: str
    objective: ObjectiveView


class OppositionScreen(Observed[OppositionSnapshot]):
    """Five cards chosen or dealt, and the objective the Opposition takes from them."""

    def __init__(self, explorer: OppositionExplorer | None = None, *, seed: int = 1917, lang: str = "en") -> None:
        super().__init__()
        self.explorer = explorer if explorer is not None else OppositionExplorer(seed=seed)
        self.lang = lang
        self.explorer.on_change(lambda _x: self._changed())

    def set_language(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._changed()

    def set_card(self, slot: int, card: str | None) -> None:
        """The card played ``slot``-th (``None`` or "": no card)."""
        if (card or None) != self.explorer.cards[slot]:
            self.explorer.set_card(slot, card or None)

    def deal(self, seed: int) -> None:
        self.explorer.deal(int(seed))

    def clear(self) -> None:
        self.explorer.set_cards([])

    @property
    def snapshot(self) -> OppositionSnapshot:
        x, lang = self.explorer, self.lang
        _ = translator(lang)
        options = ((_("(no card)"), ""),) + tuple(
            (_("{card}: {days} days, {vp} VP", card=names.card(c.id, lang), days=c.days, vp=c.vp), c.id)
            for c in x.comp.cards.values())
        return OppositionSnapshot(
            lang=lang, intro=_("Cards in the order the Opposition played them (card 1 first):"),
            card_labels=tuple(_("Card {n}", n=i + 1) for i in range(HAND)), card_options=options,
            cards=tuple(c or "" for c in x.cards), seed_label=_("Seed"), deal_label=_("Deal 5 at random"),
            clear_label=_("Clear"), objective=objective_view(x, lang))


# ---------------------------------------------------------------------------- a solo round
@dataclass(frozen=True)
class SoloRoundSnapshot:
    """The solo round after one change: the position, its status, what the last step did and
    the log (entries written in ``lang``), the settings' words and options, and, once the
    round is over, how the Opposition chose its objective.  The position is a copy: the
    walker plays on in its own."""

    lang: str
    position: "State"
    status: str
    last_events: tuple["LogEntry", ...]
    log: tuple["LogEntry", ...]
    finished: bool
    objective_title: str
    #: None until the round is over (then ``objective_note`` is said instead)
    objective: ObjectiveView | None
    objective_note_html: str
    last_title_html: str
    new_title_html: str
    log_title_html: str
    seed_label: str
    player_label: str
    player_options: tuple[tuple[str, str], ...]
    difficulty_label: str
    difficulties: tuple[int, int]
    edition_label: str
    edition_options: tuple[tuple[str, str], ...]
    policy_label: str
    policy_options: tuple[tuple[str, str], ...]
    restart_label: str
    next_label: str
    finish_label: str


class SoloRoundScreen(Observed[SoloRoundSnapshot]):
    """A seeded solo round, one decision of the player per *Next*."""

    def __init__(self, walker: SoloRoundWalker | None = None, *, seed: int = 7, player: str = "white",
                 difficulty: int = 3, edition: str = "fr", policy: str = "first", lang: str = "en") -> None:
        super().__init__()
        self.walker = walker if walker is not None else SoloRoundWalker(
            seed, player=player, difficulty=difficulty, edition=edition, policy=policy)
        self.lang = lang
        self.walker.set_language(lang)
        self.walker.on_change(lambda _w: self._changed())

    def set_language(self, lang: str) -> None:
        """Write every word, the log's too, in ``lang``."""
        if lang != self.lang:
            self.lang = lang
            if self.walker.lang != lang:
                self.walker.set_language(lang)      # writes the log again and tells its observers
            else:
                self._changed()

    def step(self) -> None:
        self.walker.step()

    def run_round(self) -> None:
        self.walker.run_round()

    def restart(self, seed: int, *, player: str, difficulty: int, edition: str, policy: str) -> None:
        self.walker.restart(int(seed), player=player, difficulty=int(difficulty), edition=edition, policy=policy)

    @property
    def snapshot(self) -> SoloRoundSnapshot:
        w, lang = self.walker, self.lang
        _ = translator(lang)
        return SoloRoundSnapshot(
            lang=lang, position=w.state.clone(), status=w.status(), last_events=_entries(w.last_events),
            log=_entries(w.log), finished=w.finished,
            objective_title=_("How the Opposition chose its objective this round"),
            objective=objective_view(w.objective_explorer(), lang) if w.finished else None,
            objective_note_html=_("<i>The Opposition's objective is chosen at scoring, from the five cards it "
                                  "played; it appears here when the round is over.</i>"),
            last_title_html=_("<b>What the last step did</b>"), new_title_html=_("<b>New round</b>"),
            log_title_html=_("<b>The whole log</b> (most recent first)"),
            seed_label=_("Seed"), player_label=_("You play"),
            player_options=((names.side_label("red", lang), "red"), (names.side_label("white", lang), "white")),
            difficulty_label=_("Difficulty X"), difficulties=(DIFFICULTIES[0], DIFFICULTIES[-1]),
            edition_label=_("Edition"), edition_options=((_("French / English (fr)"), "fr"), (_("Italian (it)"), "it")),
            policy_label=_("Player rule"),
            policy_options=((_("always the first legal action"), "first"),
                            (_("a seeded random legal action"), "random")),
            restart_label=_("New round"), next_label=_("Next"), finish_label=_("Finish the round"))


def _entries(entries: Sequence["LogEntry"]) -> tuple["LogEntry", ...]:
    return tuple(entries)
