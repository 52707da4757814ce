"""Every computer player by name: for the command line, simulation files and hints.

A *policy* is anything with a ``name`` and a ``choose(state, rng)`` method that
returns one of ``state.legal_actions()`` for the side to act (:class:`Policy`).  The
simple players are in :mod:`dualpowers.players`, the advisor in :mod:`dualpowers.advisor`;
this module names them by short text specs: ``"random"``, ``"greedy"``, ``"advisor"``,
``"advisor:playouts=200"`` or ``"advisor-v1"``, the advisor's first version kept as a
baseline (see :func:`make_policy`)::

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

from typing import Any, Callable

import math
import re

from .advisor import AdvisorPolicy, advisor_v1, advisor_v2
from .advisor.playout import PLAYOUTS
from .advisor.policy import PICKS, SEARCHES
from .advisor.race import ALLOCATIONS, PRIORS, WORTHS
from .advisor.search import HORIZONS, VALUES
from .errors import PolicySpecError, brief
from .players import GreedyPolicy, Policy, RandomPolicy, evaluate
from .text import Message, N_

__all__ = [
    "Policy", "RandomPolicy", "GreedyPolicy", "evaluate", "make_policy", "policy_names", "PolicySpecError",
]


# ---------------------------------------------------------------------------- by name
_FACTORIES: dict[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "advisor": AdvisorPolicy,
    "advisor-v1": advisor_v1,
    "advisor-v2": advisor_v2,
}
#: Every option a spec may give, with its range (whole numbers, numbers) or its choices; a
#: value outside is refused before any game is played.  The ranges keep a run finite: a
#: decision of 100,000 playouts takes minutes already (docs/simulate.md lists them).
OPTIONS: dict[str, tuple[type, float, float] | tuple[str, ...]] = {
    "playouts": (int, 1, 100_000),
    "seconds": (float, 0.001, 600),
    "seed": (int, 0, 2**63 - 1),
    "horizon": HORIZONS,
    "playout": PLAYOUTS,
    "value": VALUES,
    "search": SEARCHES,
    "allocation": ALLOCATIONS,
    "candidates": (int, 2, 1000),
    "close_z": (float, 0, 10),
    "epsilon": (float, 0, 1),
    "prior": PRIORS,
    "pick": PICKS,
    "worth": WORTHS,
}
#: The options each policy takes (``"advisor:playouts=200"``); the others take none.
_TAKES: dict[str, tuple[str, ...]] = {
    "advisor": tuple(OPTIONS),
    "advisor-v1": ("playouts", "seconds", "seed", "horizon"),
    "advisor-v2": ("playouts", "seconds", "seed", "horizon"),
}


def policy_names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def _option_value(key: str, text: str) -> Any:
    """The value of option ``key`` given as ``text``, checked against :data:`OPTIONS`: numbers
    in plain ASCII digits (``1.5``, never ``1e9``, ``1_000`` or ``inf``), within their range."""
    spec = OPTIONS[key]
    if not isinstance(spec[0], type):
        if text not in spec:
            raise PolicySpecError(Message(N_("policy option {key} must be one of {choices}, not {value}"), key=key,
                                          choices=", ".join(map(str, spec)), value=brief(text, 30)))
        return text
    kind, low, high = spec
    number = r"[0-9]{1,30}" if kind is int else r"[0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30}"
    value = kind(text) if re.fullmatch(number, text) else math.nan
    if not low <= value <= high:
        what = N_("a whole number") if kind is int else N_("a number")
        raise PolicySpecError(Message(N_("policy option {key} must be {what} from {low} to {high}, not {value}"),
                                      key=key, what=Message(what), low=low, high=high, value=brief(text, 30)))
    return value


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
        raise PolicySpecError(Message(N_("unknown policy {name} (known: {known})"), name=brief(name, 30),
                                      known=", ".join(_FACTORIES)))
    options: dict[str, Any] = {}
    takes = _TAKES.get(name, ())
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise PolicySpecError(Message(N_("policy option {item} in {spec} is not of the form key=value"),
                                          item=brief(item), spec=brief(spec)))
        if not takes:
            raise PolicySpecError(Message(N_("policy {name} takes no options (got {key})"), name=name,
                                          key=brief(key, 30)))
        if key not in takes:
            raise PolicySpecError(Message(N_("policy {name} has no option {key} (its options: {known})"), name=name,
                                          key=brief(key, 30), known=", ".join(takes)))
        options[key] = _option_value(key, value.strip())
    try:
        return factory(**options)
    except TypeError as exc:
        raise PolicySpecError(Message(N_("bad options for policy {name}: {reason}"), name=name,
                                      reason=str(exc))) from None
