"""Players that choose actions by themselves: for simulations, playouts and hints.

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

Policies are named by short text specs so that the command line and simulation
files can name them: ``"random"``, ``"greedy"``, ``"advisor"``,
``"advisor:playouts=200"``, or ``"advisor-v1"`` and ``"advisor-v2"``, the advisor's earlier
versions kept as baselines (see :func:`make_policy`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

from .presence import stronger_side
from .scoring import unrest_vp
from .views import determinize, known_objective

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = [
    "Policy", "RandomPolicy", "GreedyPolicy", "evaluate", "make_policy", "policy_names", "PolicySpecError",
]


@runtime_checkable
class Policy(Protocol):
    """Chooses an action for the side to act (``state.to_act``)."""

    name: str

    def choose(self, state: "State", rng: random.Random) -> "Action": ...


class PolicySpecError(ValueError):
    """A policy spec (``"greedy"``, ``"advisor:playouts=200"``) that names no known policy."""


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


class GreedyPolicy:
    """Tries every legal action and keeps the one whose result :func:`evaluate` likes best.

    The look-ahead runs on a *determinized* copy (:func:`dualpowers.views.determinize`):
    cards the player cannot see are dealt afresh, so an action that draws a card or
    hands the turn to the Opposition does not peek at the real deck or stack.  Ties
    are broken at random.
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
        best_value = float("-inf")
        for action in actions:
            trial = base.clone()
            trial.apply(action)
            value = evaluate(trial, side)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def __repr__(self) -> str:
        return "GreedyPolicy()"


# ---------------------------------------------------------------------------- by name
def _advisor(**options: Any) -> Policy:
    from .advisor import AdvisorPolicy   # the search is only loaded when asked for
    return AdvisorPolicy(**options)


def _advisor_v1(**options: Any) -> Policy:
    from .advisor import advisor_v1
    return advisor_v1(**options)


def _advisor_v2(**options: Any) -> Policy:
    from .advisor import advisor_v2
    return advisor_v2(**options)


_FACTORIES: dict[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "advisor": _advisor,
    "advisor-v1": _advisor_v1,
    "advisor-v2": _advisor_v2,
}
#: Policies that take options (``"advisor:playouts=200"``).
_WITH_OPTIONS = ("advisor", "advisor-v1", "advisor-v2")


def policy_names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def _option_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_policy(spec: "str | Policy") -> Policy:
    """A policy from its spec: ``"random"``, ``"greedy"``, ``"advisor"``, or a name
    followed by options, ``"advisor:playouts=200,seconds=0.5"``.  A policy object is
    returned unchanged."""
    if not isinstance(spec, str):
        if isinstance(spec, Policy):
            return spec
        raise PolicySpecError(f"not a policy or a policy spec: {spec!r}")
    name, _, rest = spec.strip().partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise PolicySpecError(f"unknown policy {name!r} (known: {', '.join(_FACTORIES)})")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise PolicySpecError(f"policy option {item!r} in {spec!r} is not of the form key=value")
        options[key.strip()] = _option_value(value.strip())
    if options and name not in _WITH_OPTIONS:
        raise PolicySpecError(f"policy {name!r} takes no options (got {', '.join(options)})")
    try:
        return factory(**options)
    except TypeError as exc:
        raise PolicySpecError(f"bad options for policy {name!r}: {exc}") from None
