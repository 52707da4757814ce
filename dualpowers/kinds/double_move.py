"""Double Move (R-ACT-DMOVE): one controlled token goes one or two steps, never across the blockade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message, Name
from .base import (MOVES, MOVES_VIA, Action, ActionKind, action, check_controlled, check_printed, check_region,
                   check_step_move, controlled_on_board, move_token, moved_clicks, moved_strength, moved_touches,
                   refuse, register, token_name, token_to_region, where_name)

if TYPE_CHECKING:
    from ..position import Position

ALREADY_THERE = N_("{token} is already in {region}")
TOO_FAR = N_("{to} is more than two open steps from {start}")
ROUND_TRIP = N_("a double move must end away from where it started ({region})")


@action("double-move")
class DoubleMove(Action):
    """Move one controlled token one or two steps (R-ACT-DMOVE); ``via`` names the middle region."""
    token: str
    to: str
    via: str | None = None


def _offer(state: Position, side: str) -> list[DoubleMove]:
    if state.comp.cards[state.card or ""].action != "double-move":
        return []
    memo = state.comp.memo
    table = memo.get((DoubleMove, state.blockade))
    if table is None:
        table = memo[(DoubleMove, state.blockade)] = {}
    out: list[DoubleMove] = []
    for where in controlled_on_board(state, side):          # (region, token)
        moves = table.get(where)
        if moves is None:
            region, t = where
            moves = table[where] = tuple(
                DoubleMove.trusted(t, to, via) for to, via in state.comp.two_step_reach(state.blockade)[region].items())
        out.extend(moves)
    return out


def _check(state: Position, side: str, a: DoubleMove) -> None:
    check_printed(state, "double-move", a)
    start = check_controlled(state, side, a.token)
    check_region(state, a.to)
    if a.via is None:
        if a.to == start:
            raise refuse(ALREADY_THERE, "R-ACT-DMOVE", token=a.token, region=a.to)
        if a.to not in state.comp.two_step_reach(state.blockade)[start]:
            raise refuse(TOO_FAR, "R-ACT-DMOVE", to=a.to, start=start)
        return
    check_region(state, a.via)
    check_step_move(state, start, a.via)
    check_step_move(state, a.via, a.to)
    if a.to == start:
        raise refuse(ROUND_TRIP, "R-ACT-DMOVE", region=start)


def _perform(state: Position, side: str, a: DoubleMove) -> None:
    if a.via:
        move_token(state, side, a.token, a.to, MOVES_VIA, via=a.via)
    else:
        move_token(state, side, a.token, a.to, MOVES)


def _sentence(state: Position, a: DoubleMove) -> Message:
    token, source = token_name(state, a.token), where_name(state, a.token)
    if a.via:
        return Message(N_("Move {token} from {source} through {via} to {target}"), token=token, source=source,
                       via=Name("region", a.via), target=Name("region", a.to))
    return Message(N_("Move {token} from {source} to {target} (double move)"), token=token, source=source,
                   target=Name("region", a.to))


KIND = register(ActionKind(
    DoubleMove, "R-ACT-DMOVE", steps=("command",), order=50, offer=_offer, check=_check, perform=_perform,
    label=N_("Double move"),
    explanation=N_("One of your tokens goes one or two steps, never across the blockade."),
    sentence=_sentence, touches=moved_touches, clicks=moved_clicks, printed="double-move", strength=moved_strength, shares_control=True, from_clicks=token_to_region(DoubleMove)))
