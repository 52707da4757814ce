"""Mobilize Protest (R-ACT-PROTEST): a leader's special moves the blockade marker to another connection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message, Name
from .base import (Action, ActionKind, Click, Touches, action, check_region, check_special, refuse, register,
                   special_open)

if TYPE_CHECKING:
    from ..position import Position

NOT_A_CONNECTION = N_("{a}-{b} is not a connection of the city")
BLOCKADE_ALREADY = N_("the blockade is already on {a}-{b}: Protest moves it to another connection")
PROTEST = N_("{leader} mobilizes a protest: the blockade moves to {a}-{b}.")
PROTEST_PLACES = N_("{leader} mobilizes a protest: with no blockade on the board, the marker is placed on {a}-{b} "
                    "until the next cleanup.")

# What it does, for an advice line (advisor.explain)
PROTEST_MOVES = N_("moves the blockade to {a}\u2013{b}: no move may cross it (R-ACT-PROTEST)")


@action("protest")
class Protest(Action):
    """Mobilize Protest: move the blockade marker to another connection (R-ACT-PROTEST)."""
    connection: tuple[str, str]


def _offer(state: Position, side: str) -> list[Protest]:
    """Every connection but the blockade's; with no blockade (no tile left, R-CLN), every
    connection (R-ACT-PROTEST, ruling)."""
    if not special_open(state, "protest"):
        return []
    memo = state.comp.memo
    protests = memo.get((Protest, state.blockade))
    if protests is None:
        protests = memo[(Protest, state.blockade)] = tuple(
            Protest.trusted(c) for c in state.comp.connections if c != state.blockade)
    return list(protests)


def _check(state: Position, side: str, a: Protest) -> None:
    check_special(state, "protest", a)
    x, y = a.connection
    check_region(state, x)
    check_region(state, y)
    if not state.comp.is_connection(x, y):
        raise refuse(NOT_A_CONNECTION, "C-MAP", a=x, b=y)
    if state.comp.connection(x, y) == state.blockade:
        raise refuse(BLOCKADE_ALREADY, "R-ACT-PROTEST", a=x, b=y)


def _perform(state: Position, side: str, a: Protest) -> None:
    x, y = a.connection
    state.leader_special_used = True
    placed = state.blockade is None          # the next cleanup takes it off again (R-CLN, ruling)
    state.blockade = state.comp.connection(x, y)
    state.log("protest", PROTEST_PLACES if placed else PROTEST, leader=state.card, a=x, b=y)


def _sentence(state: Position, a: Protest) -> Message:
    return Message(N_("Mobilize Protest: move the blockade to the road between {a} and {b}"),
                   a=Name("region", a.connection[0]), b=Name("region", a.connection[1]))


def _touches(state: Position, a: Protest) -> Touches:
    return Touches(card=state.card, connection=(a.connection[0], a.connection[1]),
                   parts=("blockade",) if state.blockade else ())


def _clicks(state: Position, a: Protest) -> tuple[Click, ...]:
    return (("connection", state.comp.connection(*a.connection)),)


def _effect(view: Position, side: str, a: Protest, objective: str | None) -> tuple[Message, ...]:
    first, second = a.connection
    return (Message(PROTEST_MOVES, a=first, b=second),)


KIND = register(ActionKind(
    Protest, "R-ACT-PROTEST", steps=("leader",), order=80, offer=_offer, check=_check, perform=_perform,
    label=N_("Mobilize Protest"),
    explanation=N_("Mobilize Protest: the blockade marker moves to any other connection."),
    sentence=_sentence, touches=_touches, clicks=_clicks, special="protest", effect=_effect))
