"""Advice in words: what one action changes, read from what the player can see.

For an action of the side to act, :func:`effects` says

* the Force in Presence in every region the action touches
  (:func:`dualpowers.controllers.targets.action_targets`), before and right after
  it (the action's own effect, before anyone else moves), and who leads there;
* whether it takes, keeps or gives up the region of the player's own objective,
  when the player knows it (R-SCO-OBJ), and whether that region is the unrest region
  (worth this month's unrest points, R-SCO-UNREST);
* the bonus action or the Will a card earns by where it moves the date (R-CAL-4,
  R-CAL-5), the Will taken by Inspire, the points scored on the unrest region.

It reads the player's view only (:func:`dualpowers.views.canonical`), so it names
nothing hidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import BonusDraw, Espionage, Inspire, Organize, Pass, PlayCard, Protest, ScoreUnrest
from ..dates import MONTH_LABELS, advance_date
from ..presence import force_in_presence
from ..scoring import unrest_vp
from ..views import canonical, determinize, known_objective

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["RegionChange", "Effects", "effects"]


@dataclass(frozen=True)
class RegionChange:
    """Strengths in one region before and after an action (``mine``/``theirs``), and who leads."""

    region: str
    mine_before: int
    theirs_before: int
    leader_before: str | None
    mine_after: int
    theirs_after: int
    leader_after: str | None


@dataclass(frozen=True)
class Effects:
    """What an action changes for ``side`` (see the module docstring); ``lines`` says it in words."""

    side: str
    regions: tuple[RegionChange, ...]
    lines: tuple[str, ...]

    @property
    def region_names(self) -> tuple[str, ...]:
        return tuple(r.region for r in self.regions)


def _who(state: "State", side: str | None, viewer: str) -> str:
    if side is None:
        return "nobody"
    if side == viewer:
        return "you"
    return "the Opposition" if state.mode == "solo" else side.capitalize()


def _strengths(state: "State", region: str, side: str) -> tuple[int, int, str | None]:
    p = force_in_presence(state, region)
    other = "white" if side == "red" else "red"
    return p.strength.get(side, 0), p.strength.get(other, 0), p.winner


def effects(state: "State", action: "Action", side: str | None = None) -> Effects:
    """What ``action`` changes for ``side`` (default: the side to act), in words and numbers."""
    from ..controllers.targets import action_targets   # the one map from an action to the board
    from ..turn import ACTIONS

    side = side or state.to_act
    assert side is not None
    view = canonical(state, side)
    targets = action_targets(view, action)
    regions = list(targets.regions)
    for a, b in targets.path:
        regions += [r for r in (a, b) if r not in regions]
    regions = [r for r in regions if r in view.comp.region_index]
    after = determinize(view, side, random.Random(0))
    ACTIONS[type(action)].perform(after, side, action)     # the action alone, before play goes on
    objective = known_objective(view, side)
    objective_card = view.comp.cards.get(objective) if objective else None
    changes, lines = [], []
    for region in regions:
        m0, t0, w0 = _strengths(view, region, side)
        m1, t1, w1 = _strengths(after, region, side)
        changes.append(RegionChange(region, m0, t0, w0, m1, t1, w1))
        if (m0, t0, w0) == (m1, t1, w1):
            continue
        them = _who(view, "white" if side == "red" else "red", side)
        text = f"{region} region: you {m0} against {them} {t0} \u2192 you {m1} against {t1}"
        if w0 != w1:
            text += f"; {_who(view, w1, side)} {'lead' if w1 == side else 'leads'} there now" if w1 else "; nobody leads"
        else:
            text += f" ({_who(view, w1, side)} {'lead' if w1 == side else 'leads'})" if w1 else ""
        if region == view.unrest:
            text += f"; the unrest region, worth {unrest_vp(view)} VP this month"
        lines.append(text)
        if objective_card is not None and objective_card.region == region:
            if w1 == side and w0 != side:
                lines.append(f"takes the region of your objective {objective} ({objective_card.vp} VP)")
            elif w1 == side:
                lines.append(f"keeps the region of your objective {objective} ({objective_card.vp} VP)")
            elif w0 == side:
                lines.append(f"gives up the region of your objective {objective} ({objective_card.vp} VP)")
    if isinstance(action, PlayCard):
        days = (view.comp.cards[action.card].days if action.card in view.comp.cards
                else view.comp.leaders[action.card].days)
        move = advance_date(view.month, view.day, days)
        if move.bonus:
            lines.append(f"moves the date {days} days to {MONTH_LABELS[move.month]} {move.day}: "
                         f"earns a bonus action (R-CAL-4)")
        else:
            lines.append(f"moves the date {days} days to {MONTH_LABELS[move.month]} {move.day}: no bonus")
        if move.month_advanced and view.will != side:
            lines.append("advances the month: you take the Will of the People (R-CAL-5)")
        card = view.comp.cards.get(action.card)
        if card is not None:
            mine = objective_card is not None and card.region == objective_card.region
            lines.append(f"then recruit up to {card.recruit} into {card.region}"
                         f"{' (your objective region)' if mine else ''} or {card.action}")
        else:
            lead = view.comp.leaders[action.card]
            lines.append(f"then place {lead.id} (strength {lead.fresh}) in any region and/or {lead.special}")
    elif isinstance(action, Inspire):
        lines.append("takes the Will of the People: ties of strength go your way (R-STR-2)"
                     if view.will != side else "keeps the Will of the People")
    elif isinstance(action, ScoreUnrest):
        lines.append(f"scores {unrest_vp(view)} VP for the unrest region ({view.unrest})")
    elif isinstance(action, Protest):
        a, b = action.connection
        lines.append(f"moves the blockade to {a}\u2013{b}: no move may cross it (R-ACT-PROTEST)")
    elif isinstance(action, Espionage):
        lines.append("reveals your own objective (R-ACT-SPY)" if view.mode == "solo"
                     else "reveals the opponent's objective (R-ACT-SPY)")
    elif isinstance(action, Organize):
        lines.append("reveals your own objective (R-ACT-BONUS)")
    elif isinstance(action, BonusDraw):
        lines.append("draws a command card: your hand grows for good (R-ACT-BONUS)")
    elif isinstance(action, Pass):
        lines.append("does nothing now")
    if not lines:
        lines.append("changes no region's Force in Presence")
    return Effects(side, tuple(changes), tuple(lines))
