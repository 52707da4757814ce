"""Playing a card (P-ACT): the date advances by its days, then its action follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rounds as flow
from ..dates import advance_date
from ..text import N_, Message
from .base import one_click, NOT_IN_HAND, Action, ActionKind, Click, Touches, action, card_name, pool, pooled_all, refuse, register

if TYPE_CHECKING:
    from ..position import Position

# What a card play does, for an advice line (advisor.explain)
DATE_BONUS = N_("moves the date {days} days to {month:month} {day}: earns a bonus action (R-CAL-4)")
DATE_NO_BONUS = N_("moves the date {days} days to {month:month} {day}: no bonus")
MONTH_WILL = N_("advances the month: you take the Will of the People (R-CAL-5)")
THEN_RECRUIT = N_("then recruit up to {recruit} into {region} or {card_action}")
THEN_RECRUIT_OBJECTIVE = N_("then recruit up to {recruit} into {region} (your objective region) or {card_action}")
THEN_LEADER = N_("then place {leader} (strength {strength}) in any region and/or {special}")


@action("play")
class PlayCard(Action):
    """Play a command or leader card from hand; the date advances (P-ACT, R-CAL)."""
    card: str


_PLAYS = pool(PlayCard)


def _offer(state: Position, side: str) -> list[PlayCard]:
    return pooled_all(_PLAYS, PlayCard, state.hands[side])


def _check(state: Position, side: str, a: PlayCard) -> None:
    if a.card not in state.hands[side]:
        raise refuse(NOT_IN_HAND, "P-ACT", card=a.card, side=side)


def _perform(state: Position, side: str, a: PlayCard) -> None:
    flow.play_card(state, side, a.card)


def _sentence(state: Position, a: PlayCard) -> Message:
    return Message(N_("Play {card}"), card=card_name(state, a.card))


def _touches(state: Position, a: PlayCard) -> Touches:
    comp = state.comp
    card = comp.cards.get(a.card)
    leader_token = (a.card,) if a.card in comp.tokens else ()      # a leader card and its token share the id
    waiting = leader_token and state.place.get(a.card) not in comp.region_index    # the token is in the reserve
    return Touches(card=a.card, tokens=leader_token, regions=(card.region,) if card else (),
                   parts=("date", "reserve") if waiting else ("date",))


def _clicks(state: Position, a: PlayCard) -> tuple[Click, ...]:
    return (("card", a.card),)


def _effect(view: Position, side: str, a: PlayCard, objective: str | None) -> tuple[Message, ...]:
    """The date the card moves to and what it earns there (R-CAL-4, R-CAL-5), then its action."""
    comp = view.comp
    card = comp.cards.get(a.card)
    days = comp.days(a.card)
    move = advance_date(view.month, view.day, days)
    said = [Message(DATE_BONUS if move.bonus else DATE_NO_BONUS, days=days, month=move.month, day=move.day)]
    if move.month_advanced and view.will != side:
        said.append(Message(MONTH_WILL))
    if card is not None:
        mine = objective is not None and objective in comp.cards and comp.cards[objective].region == card.region
        said.append(Message(THEN_RECRUIT_OBJECTIVE if mine else THEN_RECRUIT, recruit=card.recruit,
                            region=card.region, card_action=card.action))
    else:
        lead = comp.leaders[a.card]
        said.append(Message(THEN_LEADER, leader=lead.id, strength=lead.fresh, special=lead.special))
    return tuple(said)


KIND = register(ActionKind(
    PlayCard, "P-ACT", steps=("card",), order=20, offer=_offer, check=_check, perform=_perform,
    label=N_("Play a card"),
    explanation=N_("Playing a card advances the date by its days; then you take its action."),
    sentence=_sentence, touches=_touches, clicks=_clicks, effect=_effect, from_clicks=one_click(PlayCard, "card")))
