"""The advisor: ranks a player's legal actions by estimated value, seeing only what that player sees.

    import dualpowers as dp
    from dualpowers.advisor import Advisor
    s = dp.new_game("solo", seed=3, player="white", difficulty=2)
    r = Advisor(playouts=1000, seed=0).rank(s)
    print(r.explain())          # the best action, its win chance and interval
    r.to_frame()                # every action as a pandas DataFrame

The search (:mod:`.race`) starts from :func:`dualpowers.views.canonical` and every
deal gives out the cards the player cannot see afresh (:func:`dualpowers.views.determinize`),
so two states the player cannot tell apart get the same answer; every legal action is
played on the same deals (common random numbers) and the budget goes where the best
actions are close.  The tree search of the earlier versions (:mod:`.search`) plays the
baseline players.  :mod:`.ranking` holds the answer and its statistics, :mod:`.policy` the
advisor as a player for simulations.  Pure Python; pandas is imported only by
``Ranking.to_frame``.
"""

from __future__ import annotations

from .policy import (POLICY_ALLOCATION, POLICY_CANDIDATES, POLICY_HORIZON, POLICY_PLAYOUT, POLICY_PLAYOUTS,
                     POLICY_VALUE, AdvisorPolicy, advisor_v1, advisor_v2)
from .race import ALLOCATIONS, RaceSearch
from .ranking import RankedAction, Ranking, best_probabilities
from .search import DEFAULT_PLAYOUTS, EXPLORATION, HORIZONS, Advisor, Search

__all__ = [
    "Advisor", "RaceSearch", "ALLOCATIONS", "Search", "Ranking", "RankedAction", "AdvisorPolicy", "advisor_v1",
    "advisor_v2", "POLICY_ALLOCATION", "POLICY_CANDIDATES", "POLICY_PLAYOUT", "POLICY_VALUE", "DEFAULT_PLAYOUTS",
    "POLICY_PLAYOUTS", "POLICY_HORIZON", "HORIZONS", "EXPLORATION", "best_probabilities",
]
