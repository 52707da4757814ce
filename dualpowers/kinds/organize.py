"""Organize (R-ACT-BONUS, solo only): a bonus action that turns your own secret objective face up.

Only a bonus earned on 15 or 31 offers it: the bonus taken instead of the unrest region's
points is one of the four others (R-SCO-UNREST, ruling), so its kind lists the bonus step alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import Action, ActionKind, Touches, action, refuse, register

if TYPE_CHECKING:
    from ..position import Position

SOLO_ONLY = N_("Organize is a solo-only bonus action")
OWN_OBJECTIVE_REVEALED = N_("your secret objective is already revealed")
ORGANIZE = N_("{side:cap} organizes and looks at their own secret objective: {card}.")

# What it does and why that helps, for an advice line and the Hint's reason (advisor.explain): the
# solo player's own objective is dealt face down, unseen even by the player (R-SOLO-DRAW), and its
# VP go to the stronger side in its region at scoring (R-SCO-OBJ), so knowing it tells the player
# where to be stronger for the rest of the round.
ORGANIZE_OWN = N_("reveals your own objective: you then know in which region to be the stronger side, since at this "
                  "round's scoring its VP go to whoever is stronger there, you or the Opposition (R-ACT-BONUS, "
                  "R-SCO-OBJ)")


@action("organize")
class Organize(Action):
    """Solo bonus: reveal your own secret objective (R-ACT-BONUS)."""


_ORGANIZE = Organize()


def _possible(state: Position, side: str) -> bool:
    return state.mode == "solo" and side == state.player and bool(state.objectives[side]) and not state.revealed[side]


def _offer(state: Position, side: str) -> list[Organize]:
    return [_ORGANIZE] if _possible(state, side) else []


def _check(state: Position, side: str, a: Organize) -> None:
    if state.mode != "solo":
        raise refuse(SOLO_ONLY, "R-ACT-BONUS")
    if not _possible(state, side):
        raise refuse(OWN_OBJECTIVE_REVEALED, "ENGINE-NO-OP")


def _perform(state: Position, side: str, a: Organize) -> None:
    state.revealed[side] = True
    state.log("reveal", ORGANIZE, side=side, card=state.objectives[side])


def _sentence(state: Position, a: Organize) -> Message:
    return Message(N_("Bonus action: Organize, reveal your own secret objective"))


def _touches(state: Position, a: Organize) -> Touches:
    return Touches(parts=("cards",))


def _effect(view: Position, side: str, a: Organize, objective: str | None) -> tuple[Message, ...]:
    return (Message(ORGANIZE_OWN),)


KIND = register(ActionKind(
    Organize, "R-ACT-BONUS", steps=("bonus",), order=160, offer=_offer, check=_check, perform=_perform,
    label=N_("Organize"), explanation=N_("Solo bonus action: your own secret objective is turned face up."),
    sentence=_sentence, touches=_touches, effect=_effect, says_its_effect=True))
