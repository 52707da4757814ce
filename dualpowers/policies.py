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

from .advisor import AdvisorPolicy, advisor_v1, advisor_v2
from .errors import PolicySpecError
from .players import GreedyPolicy, Policy, RandomPolicy, evaluate

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
