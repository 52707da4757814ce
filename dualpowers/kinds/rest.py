"""Rest (R-ACT-REST): one controlled exhausted token turns back to its fresh side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..text import N_, Message
from .base import (A, one_click, Action, ActionKind, Click, Touches, action, check_controlled, check_printed, controlled_on_board,
                   pool, pooled, refuse, register, token_name, where_name)

if TYPE_CHECKING:
    from ..position import Position

ALREADY_FRESH = N_("{token} is already fresh: Rest only flips an exhausted token")
RESTS = N_("{side:cap} rests {token}: it is fresh again.")


@action("rest")
class Rest(Action):
    """Flip one controlled exhausted token to fresh (R-ACT-REST)."""
    token: str


def exhausted_controlled(state: Position, side: str, cls: type[A]) -> list[A]:
    """``cls(token)`` for every exhausted token ``side`` controls, one per interchangeable group."""
    exhausted = state.exhausted
    table = pool(cls)
    return [table.get(t) or pooled(table, cls, t) for _, t in controlled_on_board(state, side) if t in exhausted]


def _offer(state: Position, side: str) -> list[Rest]:
    if not state.exhausted or state.comp.cards[state.card or ""].action != "rest":
        return []                               # nothing to rest: no need to find control
    return exhausted_controlled(state, side, Rest)


def check_exhausted(state: Position, side: str, token: str, rule: str) -> None:
    check_controlled(state, side, token)
    if token not in state.exhausted:
        raise refuse(ALREADY_FRESH, rule, token=token)


def _check(state: Position, side: str, a: Rest) -> None:
    check_printed(state, "rest", a)
    check_exhausted(state, side, a.token, "R-ACT-REST")


def _perform(state: Position, side: str, a: Rest) -> None:
    state.exhausted.discard(a.token)
    if state.narrating:
        state.log("rest", RESTS, side=side, token=a.token)


def _sentence(state: Position, a: Rest) -> Message:
    return Message(N_("Rest {token} in {region}: it turns fresh"), token=token_name(state, a.token),
                   region=where_name(state, a.token))


def rest_touches(state: Position, token: str) -> Touches:
    where = state.place.get(token)
    return Touches(tokens=(token,), regions=(where,) if where in state.comp.region_index else ())


def rest_strength(state: Position, token: str) -> tuple[tuple[str, int], ...]:
    return ((state.place[token], state.comp.tokens[token].fresh - state.strength_of(token)),)


class RestsAToken(Protocol):
    """An action of a rest kind (Rest, Bonus Rest): a ``token`` turned fresh where it stands."""

    @property
    def token(self) -> str: ...


def rested_strength(state: Position, a: RestsAToken) -> tuple[tuple[str, int], ...]:
    """``strength`` of a rest kind: the token's strength fresh less what it shows now, where it
    stands.  One function for both kinds, so that a quick judgement (the advisor's playouts) can
    tell a rest by its kind's ``strength``, as it tells a move by ``moved_strength``."""
    return rest_strength(state, a.token)


def _touches(state: Position, a: Rest) -> Touches:
    return rest_touches(state, a.token)


def _clicks(state: Position, a: Rest) -> tuple[Click, ...]:
    return (("token", a.token),)


KIND = register(ActionKind(
    Rest, "R-ACT-REST", steps=("command",), order=60, offer=_offer, check=_check, perform=_perform,
    label=N_("Rest"), explanation=N_("An exhausted token of yours turns back to its fresh side."),
    sentence=_sentence, touches=_touches, clicks=_clicks, printed="rest", strength=rested_strength, shares_control=True, from_clicks=one_click(Rest, "token")))
