"""Bonus Rest (R-ACT-BONUS): one controlled exhausted token turns fresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import one_click, Action, ActionKind, Click, Touches, action, register, token_name, where_name
from .rest import check_exhausted, exhausted_controlled, rest_touches, rested_strength

if TYPE_CHECKING:
    from ..position import Position

BONUS_REST = N_("{side:cap} rests {token} as a bonus: it is fresh again.")


@action("bonus-rest")
class BonusRest(Action):
    """Bonus: flip one controlled exhausted token to fresh (R-ACT-BONUS)."""
    token: str


def _offer(state: Position, side: str) -> list[BonusRest]:
    return exhausted_controlled(state, side, BonusRest)


def _check(state: Position, side: str, a: BonusRest) -> None:
    check_exhausted(state, side, a.token, "R-ACT-BONUS")


def _perform(state: Position, side: str, a: BonusRest) -> None:
    state.exhausted.discard(a.token)
    state.log("rest", BONUS_REST, side=side, token=a.token)


def _sentence(state: Position, a: BonusRest) -> Message:
    return Message(N_("Bonus action: rest {token} in {region}"), token=token_name(state, a.token),
                   region=where_name(state, a.token))


def _touches(state: Position, a: BonusRest) -> Touches:
    return rest_touches(state, a.token)


def _clicks(state: Position, a: BonusRest) -> tuple[Click, ...]:
    return (("token", a.token),)


KIND = register(ActionKind(
    BonusRest, "R-ACT-BONUS", steps=("bonus", "unrest"), order=140, offer=_offer, check=_check, perform=_perform,
    label=N_("Bonus rest"), explanation=N_("Bonus action: an exhausted token of yours turns fresh."),
    sentence=_sentence, touches=_touches, clicks=_clicks, strength=rested_strength, shares_control=True, from_clicks=one_click(BonusRest, "token")))
