"""Bonus Draw (R-ACT-BONUS): one more command card; the hand grows for good (no hand limit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import Action, ActionKind, Touches, action, refuse, register

if TYPE_CHECKING:
    from ..position import Position

NOTHING_TO_DRAW = N_("no command card is left to draw (deck and discard pile are empty)")
BONUS_DRAW = N_("{side:cap} draws a bonus card; the hand grows for good.")

# What it does, for an advice line (advisor.explain)
DRAWS_CARD = N_("draws a command card: your hand grows for good (R-ACT-BONUS)")


@action("bonus-draw")
class BonusDraw(Action):
    """Bonus: draw one command card; the hand grows for good (R-ACT-BONUS)."""


_DRAW = BonusDraw()


def _offer(state: Position, side: str) -> list[BonusDraw]:
    return [_DRAW] if state.deck or state.discard else []


def _check(state: Position, side: str, a: BonusDraw) -> None:
    if not state.deck and not state.discard:
        raise refuse(NOTHING_TO_DRAW, "P-DRAW")


def _perform(state: Position, side: str, a: BonusDraw) -> None:
    card = state.draw_card()
    if card is not None:
        state.add_to_hand(side, card)
    state.log("draw", BONUS_DRAW, side=side)


def _sentence(state: Position, a: BonusDraw) -> Message:
    return Message(N_("Bonus action: draw a command card"))


def _touches(state: Position, a: BonusDraw) -> Touches:
    return Touches(parts=("cards",))


def _effect(view: Position, side: str, a: BonusDraw, objective: str | None) -> tuple[Message, ...]:
    return (Message(DRAWS_CARD),)


KIND = register(ActionKind(
    BonusDraw, "R-ACT-BONUS", steps=("bonus", "unrest"), order=150, offer=_offer, check=_check, perform=_perform,
    label=N_("Bonus draw"),
    explanation=N_("Bonus action: you draw a command card; your hand stays bigger for good."),
    sentence=_sentence, touches=_touches, effect=_effect))
