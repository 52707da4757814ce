"""Espionage (R-ACT-SPY): a leader's special turns the opponent's secret objective face up (solo: your own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import N_, Message
from .base import Action, ActionKind, Touches, action, check_special, refuse, register, special_open

if TYPE_CHECKING:
    from ..position import Position

NO_OBJECTIVE_TO_REVEAL = N_("{target} has no secret objective to reveal")
ALREADY_REVEALED = N_("{target}'s secret objective is already revealed")
SPY_OPPONENT = N_("{leader} spies: {target}'s secret objective is revealed ({card}).")
SPY_SELF = N_("{leader} spies: their own secret objective is revealed ({card}).")

# What it does, for an advice line and the Hint's reason (advisor.explain).  Solo: the player's own
# objective is dealt face down, unseen even by the player (R-SOLO-DRAW), and at this round's scoring
# its VP go to the stronger side in its region (R-SCO-OBJ), so seeing it tells the player where to
# be the stronger side; said as Organize's reason says it (issue 35: "reveals your own objective"
# alone did not say why that helps).
REVEALS_OWN = N_("reveals your own objective: you then know in which region to be the stronger side, since at this "
                 "round's scoring its VP go to whoever is stronger there, you or the Opposition (R-ACT-SPY, "
                 "R-SCO-OBJ)")
REVEALS_OPPONENTS = N_("reveals the opponent's objective (R-ACT-SPY)")


@action("espionage")
class Espionage(Action):
    """Reveal the opponent's secret objective; solo: your own (R-ACT-SPY)."""


_ESPIONAGE = Espionage()


def target(state: Position, side: str) -> str:
    """Whose objective Espionage reveals: the opponent's; in solo, the player's own."""
    return side if state.mode == "solo" else state.other(side)


def _offer(state: Position, side: str) -> list[Espionage]:
    if not special_open(state, "espionage"):
        return []
    whose = target(state, side)
    return [_ESPIONAGE] if state.objectives[whose] and not state.revealed[whose] else []   # ENGINE-NO-OP


def _check(state: Position, side: str, a: Espionage) -> None:
    check_special(state, "espionage", a)
    whose = target(state, side)
    if not state.objectives[whose]:
        raise refuse(NO_OBJECTIVE_TO_REVEAL, "R-ACT-SPY", target=whose)
    if state.revealed[whose]:
        raise refuse(ALREADY_REVEALED, "ENGINE-NO-OP", target=whose)


def _perform(state: Position, side: str, a: Espionage) -> None:
    state.leader_special_used = True
    whose = target(state, side)
    state.revealed[whose] = True
    if whose == side:
        state.log("reveal", SPY_SELF, leader=state.card, card=state.objectives[whose])
    else:
        state.log("reveal", SPY_OPPONENT, leader=state.card, target=whose, card=state.objectives[whose])


def _sentence(state: Position, a: Espionage) -> Message:
    if state.mode == "solo":
        return Message(N_("Espionage: reveal your own secret objective"))
    return Message(N_("Espionage: reveal your opponent's secret objective"))


def _touches(state: Position, a: Espionage) -> Touches:
    return Touches(card=state.card, parts=("cards",))


def _effect(view: Position, side: str, a: Espionage, objective: str | None) -> tuple[Message, ...]:
    return (Message(REVEALS_OWN if view.mode == "solo" else REVEALS_OPPONENTS),)


KIND = register(ActionKind(
    Espionage, "R-ACT-SPY", steps=("leader",), order=90, offer=_offer, check=_check, perform=_perform,
    label=N_("Espionage"),
    explanation=N_("Espionage: the opponent's secret objective is turned face up (solo: your own)."),
    sentence=_sentence, touches=_touches, special="espionage", effect=_effect, says_its_effect=True))
