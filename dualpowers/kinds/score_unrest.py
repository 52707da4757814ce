"""Scoring the unrest region (R-SCO-UNREST): its stronger side scores the month's VP instead of a bonus action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rounds as flow
from ..scoring import unrest_vp
from ..text import N_, Message, Name
from .base import Action, ActionKind, Touches, action, register

if TYPE_CHECKING:
    from ..position import Position

# What it does, for an advice line (advisor.explain)
SCORES_UNREST = N_("scores {vp} VP for the unrest region ({region})")


@action("score-unrest")
class ScoreUnrest(Action):
    """Unrest winner: score the unrest region's VP instead of a bonus action (R-SCO-UNREST)."""


_SCORE_UNREST = ScoreUnrest()


def _offer(state: Position, side: str) -> list[ScoreUnrest]:
    return [_SCORE_UNREST]


def _check(state: Position, side: str, a: ScoreUnrest) -> None:
    return None                 # the unrest step belongs to its winner, who may always score


def _perform(state: Position, side: str, a: ScoreUnrest) -> None:
    flow.score_unrest(state, side)


def _sentence(state: Position, a: ScoreUnrest) -> Message:
    if state.unrest:
        return Message(N_("Score the {vp} VP of the unrest region ({region})"), vp=unrest_vp(state),
                       region=Name("region", state.unrest))
    return Message(N_("Score the VP of the unrest region"))


def _touches(state: Position, a: ScoreUnrest) -> Touches:
    return Touches(regions=(state.unrest,) if state.unrest else (), parts=("unrest", "score"))


def _effect(view: Position, side: str, a: ScoreUnrest, objective: str | None) -> tuple[Message, ...]:
    return (Message(SCORES_UNREST, vp=unrest_vp(view), region=view.unrest),)


KIND = register(ActionKind(
    ScoreUnrest, "R-SCO-UNREST", steps=("unrest",), order=110, offer=_offer, check=_check, perform=_perform,
    label=N_("Score the unrest region"),
    explanation=N_("The stronger player in the unrest region scores its VP for the month instead of a bonus "
                   "action."),
    sentence=_sentence, touches=_touches, effect=_effect))
