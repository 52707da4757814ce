"""The advisor as a player, for simulations and the command line (``"advisor:playouts=200,horizon=game"``).

Three named players: ``"advisor"`` (:class:`AdvisorPolicy` with today's defaults: the
advisor's own search, :mod:`.race`, and it plays the first row of its ranking), and two
earlier versions kept as baselines, both on the tree search (:mod:`.search`):
``"advisor-v1"`` (:func:`advisor_v1`: uniformly random playouts valued by a win, then where
the marker ended) and ``"advisor-v2"`` (:func:`advisor_v2`: informed playouts valued by the
margin, the highest value with the prior counted in: the advisor of the README's solo table).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..errors import PolicySpecError
from .playout import EPSILON, PLAYOUTS
from .race import ALLOCATIONS, PRIORS, WORTHS, RaceSearch
from .search import VALUES, Search, check_budget, check_choice, check_horizon

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["AdvisorPolicy", "advisor_v1", "advisor_v2", "POLICY_PLAYOUTS", "POLICY_HORIZON", "POLICY_PLAYOUT",
           "POLICY_VALUE", "POLICY_ALLOCATION", "POLICY_PRIOR", "POLICY_PICK", "PICKS", "SEARCHES"]

#: Playouts per decision when no budget is given: a few hundredths of a second a
#: decision with :data:`POLICY_HORIZON`, about two seconds a two-player game.
POLICY_PLAYOUTS = 100
#: Playouts stop at the end of the round: the stronger, faster player (see :mod:`.search`).
POLICY_HORIZON = "round"
#: Playouts choose their moves by the informed rule (see :mod:`.playout`).
POLICY_PLAYOUT = "informed"
#: The tree search's players: a finished playout is valued by a win, then by the score margin.
POLICY_VALUE = "margin"
#: The advisor's player spreads its small budget by sequential halving (see :mod:`.race`).
POLICY_ALLOCATION = "halving"
#: The player's halving measures at most this many actions, the best by the prior (None: as
#: many as the budget gives two playouts each).  Judged against a search that measures every
#: action on 150 deals (``benchmarks/advisor.py --regret 150``), 8 lost 0.22 VP a decision on
#: two-player positions against 0.25 for no cap and 0.27 for advisor-v2; on solo positions
#: 0.18 against 0.17 and 0.23 (docs/advisor.md).
POLICY_CANDIDATES: int | None = 8
#: The share of the player's playout moves chosen at random (:data:`~.playout.EPSILON`, the
#: ranking's): an option, so that a benchmark can measure what less noise in the playouts buys.
POLICY_EPSILON = EPSILON
#: How the player's halving finishes its turn for the prior (:data:`~.race.PRIORS`).
POLICY_PRIOR = "greedy"
#: What the player plays: the first row of its ranking (``"likeliest"``, by the bootstrap's chance
#: of being the best) or halving's survivor (``"survivor"``: the best mean of the last stage).
PICKS = ("likeliest", "survivor")
POLICY_PICK = "likeliest"
#: How a playout's end is worth (:data:`~.race.WORTHS`).
POLICY_WORTH = "squash"
#: The searches a player can use: the advisor's (``"race"``) or the baselines' tree (``"tree"``).
SEARCHES = ("race", "tree")


class AdvisorPolicy:
    """Plays the first action of the advisor's ranking (``search="race"``, the default), or, with
    ``search="tree"``, the tree search's choice (the baseline players; ``value`` and ``close_z``
    are the tree search's options).  ``horizon``: see :mod:`dualpowers.advisor.search`.

    With ``seed=None`` each search is seeded from the ``rng`` handed to :meth:`choose`,
    so a simulated game stays a seed plus its actions and replays exactly (with a
    playout budget; a ``seconds`` budget depends on the machine).  Bad options raise
    :class:`~dualpowers.errors.PolicySpecError` (a ValueError).
    """

    name = "advisor"

    def __init__(self, playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
                 horizon: str = POLICY_HORIZON, playout: str = POLICY_PLAYOUT, value: str = POLICY_VALUE,
                 close_z: float = 0.0, name: str = "advisor", search: str = "race",
                 allocation: str = POLICY_ALLOCATION, candidates: int | None = POLICY_CANDIDATES,
                 epsilon: float = POLICY_EPSILON, prior: str = POLICY_PRIOR, pick: str = POLICY_PICK,
                 worth: str = POLICY_WORTH) -> None:
        try:
            self.playouts, self.seconds = check_budget(playouts, seconds, default=POLICY_PLAYOUTS)
            self.horizon = check_horizon(horizon)
            self.playout = check_choice("playout", playout, PLAYOUTS)
            self.value = check_choice("value", value, VALUES)
            self.search = check_choice("search", search, SEARCHES)
            self.allocation = check_choice("allocation", allocation, ALLOCATIONS)
            if search == "race" and value != POLICY_VALUE:
                raise ValueError("value is an option of the tree search (search=tree)")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise TypeError(f"seed must be a whole number, not {seed!r}")
            if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float)) or not 0.0 <= epsilon <= 1.0:
                raise ValueError(f"epsilon must be a number from 0 to 1, not {epsilon!r}")
            if search != "race" and epsilon != POLICY_EPSILON:
                raise ValueError("epsilon is an option of the advisor's search (search=race)")
            self.prior = check_choice("prior", prior, PRIORS)
            self.pick = check_choice("pick", pick, PICKS)
            self.worth = check_choice("worth", worth, WORTHS)
            if search != "race" and (prior != POLICY_PRIOR or pick != POLICY_PICK or worth != POLICY_WORTH):
                raise ValueError("prior, pick and worth are options of the advisor's search (search=race)")
            if candidates is not None and (isinstance(candidates, bool) or not isinstance(candidates, int)
                                           or candidates < 2):
                raise ValueError(f"candidates must be a whole number of at least 2, not {candidates!r}")
        except (TypeError, ValueError) as exc:
            raise PolicySpecError(f"advisor: {exc}") from None
        self.seed = seed
        self.candidates = candidates
        self.epsilon = float(epsilon)
        self.close_z = float(close_z)
        self.name = name

    def choose(self, state: "State", rng: random.Random) -> "Action":
        seed = rng.randrange(2**63) if self.seed is None else self.seed
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        side = state.to_act
        assert side is not None
        if self.search == "race":
            race = RaceSearch(state, side, seed, horizon=self.horizon, playout=self.playout,
                              allocation=self.allocation, candidates=self.candidates, epsilon=self.epsilon,
                              prior=self.prior, worth=self.worth)
            race.run(self.playouts, self.seconds)
            return race.survivor() if self.pick == "survivor" else race.best_action()
        tree = Search(state, side, seed, horizon=self.horizon, playout=self.playout, value=self.value,
                      close_z=self.close_z)
        return tree.run(self.playouts, self.seconds).best_action()

    def __repr__(self) -> str:
        return (f"AdvisorPolicy(playouts={self.playouts}, seconds={self.seconds}, seed={self.seed}, "
                f"horizon={self.horizon!r}, playout={self.playout!r}, search={self.search!r}, "
                + (f"allocation={self.allocation!r}, epsilon={self.epsilon}, prior={self.prior!r}, "
                   f"pick={self.pick!r}, worth={self.worth!r}, "
                   if self.search == "race" else
                   f"value={self.value!r}, close_z={self.close_z}, ")
                + f"name={self.name!r})")


def advisor_v1(playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
               horizon: str = POLICY_HORIZON) -> AdvisorPolicy:
    """The first advisor player, kept as a baseline (``"advisor-v1"``): the same search with
    uniformly random playouts valued by a win, then where the marker ended; 100 playouts a
    decision to the end of the round.  It plays exactly as ``"advisor"`` did before the informed
    playouts (same seed, same moves)."""
    return AdvisorPolicy(playouts, seconds, seed, horizon, playout="random", value="win", name="advisor-v1",
                         search="tree")


def advisor_v2(playouts: int | None = None, seconds: float | None = None, seed: int | None = None,
               horizon: str = POLICY_HORIZON) -> AdvisorPolicy:
    """The second advisor player, kept as a baseline (``"advisor-v2"``): the tree search with
    informed playouts to the end of the round, valued by the margin, playing the highest value
    with the prior counted in; 100 playouts a decision.  It plays exactly as ``"advisor"`` did
    until the advisor ranked by its own measurements (issue 20): same seed, same moves, so
    its stored games (the solo table, its duel with ``advisor-v1``) can be continued."""
    return AdvisorPolicy(playouts, seconds, seed, horizon, playout="informed", value="margin", name="advisor-v2",
                         search="tree")
