"""Choosing the secret objective (P-OBJ): a command card from hand goes face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import one_click, NOT_IN_HAND, Action, ActionKind, Click, Touches, action, card_name, pool, pooled_all, refuse, register

if TYPE_CHECKING:
    from ..position import Position

LEADER_NOT_OBJECTIVE = N_("{card} is a leader card: the objective must be a command card")
OBJECTIVE_PLACED = N_("{side:cap} places a secret objective face down.")


@action("objective")
class ChooseObjective(Action):
    """Put a command card from hand face down as the secret objective (P-OBJ)."""
    card: str


_OBJECTIVES = pool(ChooseObjective)


def _offer(state: Position, side: str) -> list[ChooseObjective]:
    cards = state.comp.cards
    return pooled_all(_OBJECTIVES, ChooseObjective, [c for c in state.hands[side] if c in cards])


def _check(state: Position, side: str, a: ChooseObjective) -> None:
    if a.card not in state.hands[side]:
        raise refuse(NOT_IN_HAND, "P-OBJ", card=a.card, side=side)
    if a.card not in state.comp.cards:
        raise refuse(LEADER_NOT_OBJECTIVE, "P-OBJ", card=a.card)


def _perform(state: Position, side: str, a: ChooseObjective) -> None:
    state.hands[side].remove(a.card)
    state.objectives[side] = a.card
    if state.narrating:
        state.log("objective", OBJECTIVE_PLACED, side=side)


def _sentence(state: Position, a: ChooseObjective) -> Message:
    return Message(N_("Choose {card} as your secret objective"), card=card_name(state, a.card))


def _touches(state: Position, a: ChooseObjective) -> Touches:
    card = state.comp.cards.get(a.card)
    return Touches(card=a.card, regions=(card.region,) if card else (), parts=("cards",))


def _clicks(state: Position, a: ChooseObjective) -> tuple[Click, ...]:
    return (("card", a.card),)


KIND = register(ActionKind(
    ChooseObjective, "P-OBJ", steps=("objective",), order=10, offer=_offer, check=_check, perform=_perform,
    label=N_("Secret objective"),
    explanation=N_("The card goes face down as your secret objective; at scoring, its region's VP go to whoever "
                   "is stronger there."),
    sentence=_sentence, touches=_touches, clicks=_clicks, from_clicks=one_click(ChooseObjective, "card")))
