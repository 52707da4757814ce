"""Leader Recruit (R-ACT-LEADER): the played leader's token enters any region from the reserve, fresh.

In the Italian edition the leader's arrival also turns fresh every exhausted neutral unit
its side controls in that region (E-IT; units only: neutral Trotsky is not one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..places import RESERVE
from ..presence import controlled_in
from ..text import N_, Conjunction, Message, Name
from .base import (one_click, Action, ActionKind, Click, Touches, action, check_region, leader_can_recruit, leader_card, refuse,
                   register)

if TYPE_CHECKING:
    from ..position import Position

LEADER_RECRUITED = N_("{leader} has already been recruited this turn")
LEADER_NOT_IN_RESERVE = N_("{leader}'s token is not in reserve (it is {whereabouts})")
LEADER_RECRUITS = N_("{side:cap} recruits {leader} into {region}.")
IT_LEADER_RESTS = N_("Italian edition: the leader's arrival turns {tokens} in {region} fresh (E-IT).")


@action("leader-recruit")
class LeaderRecruit(Action):
    """Place the played leader's token fresh in any region (R-ACT-LEADER)."""
    region: str


def _offer(state: Position, side: str) -> list[LeaderRecruit]:
    if not leader_can_recruit(state):
        return []
    memo = state.comp.memo
    recruits = memo.get(LeaderRecruit)
    if recruits is None:
        recruits = memo[LeaderRecruit] = tuple(LeaderRecruit.trusted(r) for r in state.comp.region_names)
    return list(recruits)


def _check(state: Position, side: str, a: LeaderRecruit) -> None:
    lead = leader_card(state)
    if state.leader_recruited:
        raise refuse(LEADER_RECRUITED, "R-ACT-LEADER", leader=lead.id)
    if state.place[lead.id] != RESERVE:
        raise refuse(LEADER_NOT_IN_RESERVE, "R-ACT-LEADER", leader=lead.id, whereabouts=state.place[lead.id])
    check_region(state, a.region)


def _perform(state: Position, side: str, a: LeaderRecruit) -> None:
    leader, region = leader_card(state).id, a.region
    state.put(leader, region)
    state.leader_recruited = True
    if state.narrating:
        state.log("recruit", LEADER_RECRUITS, side=side, leader=leader, region=region)
    if state.edition == "it":
        tokens = state.comp.tokens
        rested = [t for t in controlled_in(state, side, region)
                  if tokens[t].owner == "neutral" and tokens[t].kind == "unit" and t in state.exhausted]
        for t in rested:
            state.exhausted.discard(t)
        if rested:
            state.log("rest", IT_LEADER_RESTS, tokens=Conjunction(rested), region=region)


def _sentence(state: Position, a: LeaderRecruit) -> Message:
    if state.card in state.comp.leaders:
        return Message(N_("Bring {leader} into {region}"), leader=state.card, region=Name("region", a.region))
    return Message(N_("Bring the leader into {region}"), region=Name("region", a.region))


def _touches(state: Position, a: LeaderRecruit) -> Touches:
    return Touches(card=state.card, regions=(a.region,))


def _clicks(state: Position, a: LeaderRecruit) -> tuple[Click, ...]:
    return (("region", a.region),)


def _other_clicks(state: Position, a: LeaderRecruit) -> tuple[tuple[Click, ...], ...]:
    """The leader's token in the reserve, then the region (or the region alone: ``clicks``)."""
    lead = state.card if state.card in state.comp.tokens else None
    return ((("token", lead), ("region", a.region)),) if lead and state.place.get(lead) == RESERVE else ()


def _from_clicks(state: Position, picked: tuple[Click, ...]) -> LeaderRecruit | None:
    if len(picked) == 2 and picked[0] == ("token", state.card) and picked[1][0] == "region":
        return LeaderRecruit.trusted(picked[1][1])
    act = one_click(LeaderRecruit, "region")(state, picked)
    return act if isinstance(act, LeaderRecruit) else None


def _strength(state: Position, a: LeaderRecruit) -> tuple[tuple[str, int], ...]:
    spec = state.comp.tokens.get(state.card or "")
    return ((a.region, spec.fresh if spec else 0),)


KIND = register(ActionKind(
    LeaderRecruit, "R-ACT-LEADER", steps=("leader",), order=70, offer=_offer, check=_check, perform=_perform,
    label=N_("Leader recruit"),
    explanation=N_("The leader's token enters any region from your reserve, fresh; a leader card gives this and "
                   "its special action, in either order."),
    sentence=_sentence, touches=_touches, clicks=_clicks, strength=_strength, from_clicks=_from_clicks,
    other_clicks=_other_clicks))
