"""The simple computer players: a random one and a greedy one, and the evaluation they share.

A *policy* is anything with a ``name`` and a ``choose(state, rng)`` method that
returns one of ``state.legal_actions()`` for the side to act.  A policy may read
only what that side could see: the board, the score, the calendar, its own hand
and its own objective if it knows it.  The two built-in policies here keep to that;
the advisor (:mod:`dualpowers.advisor`) samples what it cannot see.

    import random, dualpowers as dp
    from dualpowers.policies import make_policy
    s = dp.new_game("solo", seed=3, player="white", difficulty=2)
    me, rng = make_policy("greedy"), random.Random(3)
    while not s.is_over():
        s.apply(me.choose(s, rng))

The advisor's search plays with these and judges positions with :func:`evaluate`;
:mod:`dualpowers.policies` names every player, the advisor included, for the command
line and simulation files.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .presence import stronger_side
from .scoring import unrest_vp
from .views import determinize, known_objective

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["Policy", "RandomPolicy", "GreedyPolicy", "evaluate"]


@runtime_checkable
class Policy(Protocol):
    """Chooses an action for the side to act (``state.to_act``)."""

    name: str

    def choose(self, state: "State", rng: random.Random) -> "Action": ...


class RandomPolicy:
    """Picks uniformly among the legal actions: the baseline every other player should beat."""

    name = "random"

    def choose(self, state: "State", rng: random.Random) -> "Action":
        return rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomPolicy()"


# ---------------------------------------------------------------------------- greedy
#: Weights of :func:`evaluate`, in victory points.
REGION_WEIGHT = 0.5      # holding a region (for objectives the opponent may have there)
WILL_WEIGHT = 1.0        # the Will breaks ties of strength and token count


def evaluate(state: "State", side: str) -> float:
    """How good ``state`` looks for ``side``, in victory points, from what ``side`` knows.

    One documented, deliberately simple evaluation:

    * the score track, counted toward ``side`` (a finished game is worth +/-100);
    * the unrest region's points for the current month, to whoever is stronger there;
    * ``side``'s own objective, if it knows it, to whoever is stronger in its region
      (objective points go to the stronger player, even the opponent: R-SCO-OBJ);
    * half a point for every region where ``side`` is stronger, less half a point
      for each where the opponent is (any region may hold a hidden objective);
    * one point for holding the Will of the People.

    It reads nothing ``side`` could not see.
    """
    other = "white" if side == "red" else "red"
    if state.step == "over":
        return 100.0 if state.won_by == side else -100.0
    value = float(state.score if side == "red" else -state.score)
    objective = known_objective(state, side)
    objective_card = state.comp.cards[objective] if objective else None
    for region in state.comp.region_names:
        winner = stronger_side(state, region)   # the winner only: no explanation to build (fast)
        if winner is None:
            continue
        sign = 1.0 if winner == side else -1.0
        value += sign * REGION_WEIGHT
        if region == state.unrest:
            value += sign * unrest_vp(state)
        if objective_card is not None and objective_card.region == region:
            value += sign * objective_card.vp
    if state.will == side:
        value += WILL_WEIGHT
    elif state.will == other:
        value -= WILL_WEIGHT
    return value


def _final_margin(state: "State", side: str) -> int:
    """Where the score marker ended, counted toward ``side``, if the game is over; else 0.

    :func:`evaluate` values every finished game at +/-100, so without this a greedy player
    whose look-ahead ends the game whatever it does sees all its actions as equal and picks
    one at random: at a scoring it then declined the unrest region's VP as often as it took
    them, although the VP leave the marker further from the opponent's end of the track,
    where the game goes on (issue 35, the newcomer's report of "Let the computer choose")."""
    if state.step != "over":
        return 0
    return state.score if side == "red" else -state.score


class GreedyPolicy:
    """Tries every legal action and keeps the one whose result :func:`evaluate` likes best.

    The look-ahead runs on a *determinized* copy (:func:`dualpowers.views.determinize`):
    cards the player cannot see are dealt afresh, so an action that draws a card or
    hands the turn to the Opposition does not peek at the real deck or stack.  Between
    actions that end the game, the one that leaves the marker further its way wins
    (:func:`_final_margin`); the remaining ties are broken at random.
    """

    name = "greedy"

    def choose(self, state: "State", rng: random.Random) -> "Action":
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        side = state.to_act
        assert side is not None
        base = determinize(state, side, rng)
        best: list[Action] = []
        best_value = (float("-inf"), 0)
        for action in actions:
            trial = base.clone()
            trial.apply(action)
            value = (evaluate(trial, side), _final_margin(trial, side))
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def __repr__(self) -> str:
        return "GreedyPolicy()"


