"""Move (R-ACT-MOVE): one controlled token goes one step, never across the blockade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message, Name
from .base import (MOVES, Action, ActionKind, action, check_controlled, check_printed, check_step_move, move_token,
                   moved_clicks, moved_strength, moved_touches, register, step_moves, token_name, token_to_region,
                   where_name)

if TYPE_CHECKING:
    from ..position import Position


@action("move")
class Move(Action):
    """Move one controlled token one step (R-ACT-MOVE)."""
    token: str
    to: str


def _offer(state: Position, side: str) -> list[Move]:
    if state.comp.cards[state.card or ""].action != "move":
        return []
    return step_moves(state, side, Move)


def _check(state: Position, side: str, a: Move) -> None:
    check_printed(state, "move", a)
    start = check_controlled(state, side, a.token)
    check_step_move(state, start, a.to)


def _perform(state: Position, side: str, a: Move) -> None:
    move_token(state, side, a.token, a.to, MOVES)


def _sentence(state: Position, a: Move) -> Message:
    return Message(N_("Move {token} from {source} to {target}"), token=token_name(state, a.token),
                   source=where_name(state, a.token), target=Name("region", a.to))


KIND = register(ActionKind(
    Move, "R-ACT-MOVE", steps=("command",), order=40, offer=_offer, check=_check, perform=_perform,
    label=N_("Move"),
    explanation=N_("One of your tokens goes one step to a neighbouring region, never across the blockade."),
    sentence=_sentence, touches=moved_touches, clicks=moved_clicks, printed="move", strength=moved_strength, shares_control=True, from_clicks=token_to_region(Move)))
