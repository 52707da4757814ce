"""Bonus Move (R-ACT-BONUS): one controlled token goes one step, never across the blockade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message, Name
from .base import (Action, ActionKind, action, check_controlled, check_step_move, move_token, moved_clicks,
                   moved_strength, moved_touches, register, step_moves, token_name, token_to_region, where_name)

if TYPE_CHECKING:
    from ..position import Position

BONUS_MOVES = N_("{side:cap} bonus move: {token} from {start} to {to}.")


@action("bonus-move")
class BonusMove(Action):
    """Bonus: move one controlled token one step (R-ACT-BONUS)."""
    token: str
    to: str


def _offer(state: Position, side: str) -> list[BonusMove]:
    return step_moves(state, side, BonusMove)


def _check(state: Position, side: str, a: BonusMove) -> None:
    start = check_controlled(state, side, a.token)
    check_step_move(state, start, a.to)


def _perform(state: Position, side: str, a: BonusMove) -> None:
    move_token(state, side, a.token, a.to, BONUS_MOVES)


def _sentence(state: Position, a: BonusMove) -> Message:
    return Message(N_("Bonus action: move {token} from {source} to {target}"), token=token_name(state, a.token),
                   source=where_name(state, a.token), target=Name("region", a.to))


KIND = register(ActionKind(
    BonusMove, "R-ACT-BONUS", steps=("bonus", "unrest"), order=130, offer=_offer, check=_check, perform=_perform,
    label=N_("Bonus move"), explanation=N_("Bonus action: one of your tokens goes one step."),
    sentence=_sentence, touches=moved_touches, clicks=moved_clicks, strength=moved_strength, shares_control=True, from_clicks=token_to_region(BonusMove)))
