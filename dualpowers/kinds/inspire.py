"""Inspire the People (R-ACT-INSPIRE): a leader's special takes the Will of the People."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import Action, ActionKind, Touches, action, check_special, refuse, register, special_open

if TYPE_CHECKING:
    from ..position import Position

ALREADY_WILL = N_("{side} already holds the Will of the People")
INSPIRE = N_("{leader} inspires the people: {side} takes the Will.")

# What it does, for an advice line (advisor.explain)
INSPIRE_TAKES = N_("takes the Will of the People: ties of strength go your way (R-STR-2)")
INSPIRE_KEEPS = N_("keeps the Will of the People")


@action("inspire")
class Inspire(Action):
    """Inspire the People: take the Will (R-ACT-INSPIRE)."""


_INSPIRE = Inspire()


def _offer(state: Position, side: str) -> list[Inspire]:
    if not special_open(state, "inspire"):
        return []
    return [_INSPIRE] if state.will != side else []       # ENGINE-NO-OP


def _check(state: Position, side: str, a: Inspire) -> None:
    check_special(state, "inspire", a)
    if state.will == side:
        raise refuse(ALREADY_WILL, "ENGINE-NO-OP", side=side)


def _perform(state: Position, side: str, a: Inspire) -> None:
    state.leader_special_used = True
    state.will = side
    state.log("will", INSPIRE, leader=state.card, side=side)


def _sentence(state: Position, a: Inspire) -> Message:
    return Message(N_("Inspire the People: take the Will of the People"))


def _touches(state: Position, a: Inspire) -> Touches:
    return Touches(card=state.card, parts=("will",))


def _effect(view: Position, side: str, a: Inspire, objective: str | None) -> tuple[Message, ...]:
    return (Message(INSPIRE_TAKES if view.will != side else INSPIRE_KEEPS),)


KIND = register(ActionKind(
    Inspire, "R-ACT-INSPIRE", steps=("leader",), order=100, offer=_offer, check=_check, perform=_perform,
    label=N_("Inspire the People"),
    explanation=N_("Inspire the People: you take the Will of the People, which wins ties of strength."),
    sentence=_sentence, touches=_touches, special="inspire", effect=_effect, says_its_effect=True))
