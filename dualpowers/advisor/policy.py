"""The advisor as a player, for simulations and the command line (``"advisor:playouts=200,horizon=game"``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..policies import PolicySpecError
from .search import Search, check_budget, check_horizon

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["AdvisorPolicy", "POLICY_PLAYOUTS", "POLICY_HORIZON"]

#: Playouts per decision when no budget is given: a few hundredths of a second a
#: decision with :data:`POLICY_HORIZON`, about two seconds a two-player game.
POLICY_PLAYOUTS = 100
#: Playouts stop at the end of the round: the stronger, faster player (see :mod:`.search`).
POLICY_HORIZON = "round"


class AdvisorPolicy:
    """Plays the advisor's top action (``horizon``: see :mod:`dualpowers.advisor.search`).

    With ``seed=None`` each search is seeded from the ``rng`` handed to :meth:`choose`,
    so a simulated game stays a seed plus its actions and replays exactly (with a
    playout budget; a ``seconds`` budget depends on the machine).  Bad options raise
    :class:`~dualpowers.policies.PolicySpecError` (a ValueError).
    """

    name = "advisor"

    def __init__(self, playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
                 horizon: str = POLICY_HORIZON) -> None:
        try:
            self.playouts, self.seconds = check_budget(playouts, seconds, default=POLICY_PLAYOUTS)
            self.horizon = check_horizon(horizon)
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise TypeError(f"seed must be a whole number, not {seed!r}")
        except (TypeError, ValueError) as exc:
            raise PolicySpecError(f"advisor: {exc}") from None
        self.seed = seed

    def choose(self, state: "State", rng: random.Random) -> "Action":
        seed = rng.randrange(2**63) if self.seed is None else self.seed
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        search = Search(state, state.to_act, seed, horizon=self.horizon)
        return search.run(self.playouts, self.seconds).best_action()

    def __repr__(self) -> str:
        return (f"AdvisorPolicy(playouts={self.playouts}, seconds={self.seconds}, seed={self.seed}, "
                f"horizon={self.horizon!r})")
