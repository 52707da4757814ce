"""Passing: no action with the card, no (further) leader action, no bonus (R-ACT-CMD, R-ACT-LEADER,
R-ACT-BONUS, ENGINE-DECLINE); and, with nothing to play, no objective or no turn (ENGINE-EMPTY).

Where a card is owed, passing is no option (P-OBJ, P-ACT): only a hand without a command
card places no objective, and only an empty hand skips a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import Action, ActionKind, Touches, action, refuse, register

if TYPE_CHECKING:
    from ..position import Position

MUST_PLACE_OBJECTIVE = N_("{side} holds a command card and must place one as secret objective")
MUST_PLAY = N_("{side} holds a card and must play one: a turn is never skipped")
PASS_TURN = N_("{side:cap} has no card to play and passes the turn.")
PASS_COMMAND = N_("{side:cap} takes no action with {card} (R-ACT-CMD).")
PASS_BONUS = N_("{side:cap} declines the bonus action.")
PASS_UNREST = N_("{side:cap} declines both the unrest points and the bonus action.")

#: By step: the sentence of a pass, its log line, and its explanation with the rule that allows it.
_BY_STEP: dict[str, tuple[str, str | None, str, str]] = {
    "objective": (N_("Pass"), None, "ENGINE-EMPTY", N_("Nothing is done at this step.")),
    "card": (N_("Pass"), PASS_TURN, "ENGINE-EMPTY", N_("Nothing is done at this step.")),
    "command": (N_("Take no action with this card"), PASS_COMMAND, "R-ACT-CMD",
                N_("A played card may be used for nothing: the date has advanced all the same.")),
    "leader": (N_("Take no further leader action"), None, "R-ACT-LEADER",
               N_("Both actions of a leader card are optional.")),
    "bonus": (N_("Skip the bonus action"), PASS_BONUS, "R-ACT-BONUS", N_("A bonus action is optional.")),
    "unrest": (N_("Neither score the unrest region nor take a bonus action"), PASS_UNREST, "ENGINE-DECLINE",
               N_("The unrest winner may neither score nor take a bonus action.")),
}

# What it does, for an advice line (advisor.explain)
DOES_NOTHING = N_("does nothing now")


@action("pass")
class Pass(Action):
    """Decline: no action with the card, no (further) leader action, no bonus; or, with
    nothing to play, no objective or no turn (ENGINE-EMPTY)."""


_PASS = Pass()


def _refused(state: Position, side: str) -> tuple[str, str] | None:
    """``None`` if ``side`` may pass now, else why not and the rule."""
    step = state.step
    if step == "card":
        return (MUST_PLAY, "P-ACT") if state.hands[side] else None
    if step == "objective" and not state.comp.cards.keys().isdisjoint(state.hands[side]):   # a command card in hand
        return MUST_PLACE_OBJECTIVE, "P-OBJ"
    return None


def _offer(state: Position, side: str) -> list[Pass]:
    return [_PASS] if _refused(state, side) is None else []


def _check(state: Position, side: str, a: Pass) -> None:
    why = _refused(state, side)
    if why is not None:
        raise refuse(why[0], why[1], side=side)


def _perform(state: Position, side: str, a: Pass) -> None:
    if not state.narrating:
        return
    said = _BY_STEP.get(state.step)
    if said is not None and said[1] is not None:
        if state.step == "command":
            state.log("pass", said[1], side=side, card=state.card)
        else:
            state.log("pass", said[1], side=side)


def _sentence(state: Position, a: Pass) -> Message:
    return Message(_BY_STEP.get(state.step, _BY_STEP["objective"])[0])


def _explain(state: Position) -> tuple[str, str]:
    _, _, rule, why = _BY_STEP.get(state.step, _BY_STEP["objective"])
    return rule, why


def _touches(state: Position, a: Pass) -> Touches:
    return Touches(parts=("status",))


def _effect(view: Position, side: str, a: Pass, objective: str | None) -> tuple[Message, ...]:
    return (Message(DOES_NOTHING),)


KIND = register(ActionKind(
    Pass, "ENGINE-EMPTY", steps=("objective", "card", "command", "leader", "bonus", "unrest"), order=1000,
    offer=_offer, check=_check, perform=_perform, label=N_("Pass"),
    explanation=N_("Nothing is done at this step."), sentence=_sentence, touches=_touches, explain=_explain, effect=_effect))
