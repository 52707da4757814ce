"""The advisor as a player, for simulations and the command line (``"advisor:playouts=200,horizon=game"``).

Two named players: ``"advisor"`` (:class:`AdvisorPolicy` with today's defaults) and
``"advisor-v1"`` (:func:`advisor_v1`), the first version kept as a baseline: uniformly
random playouts valued by a win, then where the marker ended.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..errors import PolicySpecError
from .playout import PLAYOUTS
from .search import VALUES, Search, check_budget, check_choice, check_horizon

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["AdvisorPolicy", "advisor_v1", "POLICY_PLAYOUTS", "POLICY_HORIZON", "POLICY_PLAYOUT", "POLICY_VALUE"]

#: Playouts per decision when no budget is given: a few hundredths of a second a
#: decision with :data:`POLICY_HORIZON`, about two seconds a two-player game.
POLICY_PLAYOUTS = 100
#: Playouts stop at the end of the round: the stronger, faster player (see :mod:`.search`).
POLICY_HORIZON = "round"
#: Playouts choose their moves by the informed rule (see :mod:`.playout`).
POLICY_PLAYOUT = "informed"
#: A finished playout is valued by a win, then by the score margin (see :mod:`.search`).
POLICY_VALUE = "margin"


class AdvisorPolicy:
    """Plays the advisor's top action (``horizon``: see :mod:`dualpowers.advisor.search`).

    With ``seed=None`` each search is seeded from the ``rng`` handed to :meth:`choose`,
    so a simulated game stays a seed plus its actions and replays exactly (with a
    playout budget; a ``seconds`` budget depends on the machine).  Bad options raise
    :class:`~dualpowers.errors.PolicySpecError` (a ValueError).
    """

    name = "advisor"

    def __init__(self, playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
                 horizon: str = POLICY_HORIZON, playout: str = POLICY_PLAYOUT, value: str = POLICY_VALUE,
                 close_z: float = 0.0, name: str = "advisor") -> None:
        try:
            self.playouts, self.seconds = check_budget(playouts, seconds, default=POLICY_PLAYOUTS)
            self.horizon = check_horizon(horizon)
            self.playout = check_choice("playout", playout, PLAYOUTS)
            self.value = check_choice("value", value, VALUES)
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise TypeError(f"seed must be a whole number, not {seed!r}")
        except (TypeError, ValueError) as exc:
            raise PolicySpecError(f"advisor: {exc}") from None
        self.seed = seed
        self.close_z = float(close_z)
        self.name = name

    def choose(self, state: "State", rng: random.Random) -> "Action":
        seed = rng.randrange(2**63) if self.seed is None else self.seed
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        search = Search(state, state.to_act, seed, horizon=self.horizon, playout=self.playout, value=self.value,
                        close_z=self.close_z)
        return search.run(self.playouts, self.seconds).best_action()

    def __repr__(self) -> str:
        return (f"AdvisorPolicy(playouts={self.playouts}, seconds={self.seconds}, seed={self.seed}, "
                f"horizon={self.horizon!r}, playout={self.playout!r}, value={self.value!r}, name={self.name!r})")


def advisor_v1(playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
               horizon: str = POLICY_HORIZON) -> AdvisorPolicy:
    """The first advisor player, kept as a baseline (``"advisor-v1"``): the same search with
    uniformly random playouts valued by a win, then where the marker ended; 100 playouts a
    decision to the end of the round.  It plays exactly as ``"advisor"`` did before the informed
    playouts (same seed, same moves)."""
    return AdvisorPolicy(playouts, seconds, seed, horizon, playout="random", value="win", name="advisor-v1")
