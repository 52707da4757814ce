"""Advice in words: what one action changes, read from what the player can see.

For an action of the side to act, :func:`effects` says

* the Force in Presence in every region the action touches
  (its kind's ``touches``: :func:`dualpowers.kinds.touches`), before and right after
  it (the action's own effect, before anyone else moves), and who leads there;
* whether it takes, keeps or gives up the region of the player's own objective,
  when the player knows it (R-SCO-OBJ), and whether that region is the unrest region
  (worth this month's unrest points, R-SCO-UNREST);
* what the action itself does besides strengths, in its kind's words (the bonus action
  or the Will a card earns by where it moves the date, the Will taken by Inspire, the
  points scored on the unrest region: each kind's ``effect``, :mod:`dualpowers.kinds`).

It reads the player's view only (:func:`dualpowers.views.canonical`), so it names
nothing hidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import kinds as K
from ..narration import N_, SIDE, Message
from ..presence import force_in_presence
from ..scoring import unrest_vp
from ..views import canonical, determinize, known_objective

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["RegionChange", "Effects", "effects"]

# ---------------------------------------------------------------------------- the advisor's words
# Templates (see dualpowers.narration): an Effects holds its lines as Messages, written in
# a reader's language by dualpowers.narrate.message_text; ``Effects.lines`` is the English.
WHO_OPPOSITION = N_("the Opposition")
REGION_LINE = N_("{region} region: {clauses}")
STRENGTHS = N_("you {mine_before} against {them} {theirs_before} \u2192 you {mine_after} against {theirs_after}")
YOU_LEAD_NOW = N_("you lead there now")
HOLDER_LEADS_NOW = N_("{holder} leads there now")
NOBODY_LEADS = N_("nobody leads")
YOU_LEAD = N_("you lead")
STILL_LEADS = N_("{strengths} ({lead})")
HOLDER_LEADS = N_("{holder} leads")
UNREST_WORTH = N_("the unrest region, worth {vp} VP this month")
TAKES_OBJECTIVE = N_("takes the region of your objective {card} ({vp} VP)")
KEEPS_OBJECTIVE = N_("keeps the region of your objective {card} ({vp} VP)")
GIVES_UP_OBJECTIVE = N_("gives up the region of your objective {card} ({vp} VP)")
CHANGES_NOTHING = N_("changes no region's Force in Presence")


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
    """What an action changes for ``side`` (see the module docstring).

    ``messages`` says it as data (templates and raw ids, for
    :func:`dualpowers.narrate.message_text` in any language); ``lines`` is the English.
    """

    side: str
    regions: tuple[RegionChange, ...]
    messages: tuple[Message, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(m.text for m in self.messages)

    @property
    def region_names(self) -> tuple[str, ...]:
        return tuple(r.region for r in self.regions)


def _who(state: "State", side: str) -> Message:
    """The other side as the reader sees it: the Opposition in solo, else its name."""
    return Message(WHO_OPPOSITION) if state.mode == "solo" else Message(SIDE, side=side)


def _strengths(state: "State", region: str, side: str) -> tuple[int, int, str | None]:
    p = force_in_presence(state, region)
    other = "white" if side == "red" else "red"
    return p.strength.get(side, 0), p.strength.get(other, 0), p.winner


def effects(state: "State", action: "Action", side: str | None = None) -> Effects:
    """What ``action`` changes for ``side`` (default: the side to act), in words and numbers."""
    side = side or state.to_act
    assert side is not None
    view = canonical(state, side)
    targets = K.touches(view, action)
    regions = list(targets.regions)
    for a, b in targets.path:
        regions += [r for r in (a, b) if r not in regions]
    regions = [r for r in regions if r in view.comp.region_index]
    after = determinize(view, side, random.Random(0))
    K.kind_of(action).perform(after, side, action)     # the action alone, before play goes on
    objective = known_objective(view, side)
    objective_card = view.comp.cards.get(objective) if objective else None
    changes: list[RegionChange] = []
    lines: list[Message] = []
    other = "white" if side == "red" else "red"
    for region in regions:
        m0, t0, w0 = _strengths(view, region, side)
        m1, t1, w1 = _strengths(after, region, side)
        changes.append(RegionChange(region, m0, t0, w0, m1, t1, w1))
        if (m0, t0, w0) == (m1, t1, w1):
            continue
        clauses = [Message(STRENGTHS, mine_before=m0, them=_who(view, other), theirs_before=t0,
                           mine_after=m1, theirs_after=t1)]
        if w0 != w1:
            clauses.append(Message(NOBODY_LEADS) if w1 is None else Message(YOU_LEAD_NOW) if w1 == side
                           else Message(HOLDER_LEADS_NOW, holder=_who(view, w1)))
        elif w1 is not None:              # the same side still leads: said in brackets after the strengths
            lead = Message(YOU_LEAD) if w1 == side else Message(HOLDER_LEADS, holder=_who(view, w1))
            clauses[0] = Message(STILL_LEADS, strengths=clauses[0], lead=lead)
        if region == view.unrest:
            clauses.append(Message(UNREST_WORTH, vp=unrest_vp(view)))
        lines.append(Message(REGION_LINE, region=region, clauses=tuple(clauses)))
        if objective_card is not None and objective_card.region == region:
            said = TAKES_OBJECTIVE if w1 == side and w0 != side else KEEPS_OBJECTIVE if w1 == side \
                else GIVES_UP_OBJECTIVE if w0 == side else None
            if said is not None:
                lines.append(Message(said, card=objective, vp=objective_card.vp))
    lines += K.kind_of(action).effect(view, side, action, objective)
    if not lines:
        lines.append(Message(CHANGES_NOTHING))
    return Effects(side, tuple(changes), tuple(lines))
