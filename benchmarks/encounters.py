"""How often does X count?  Exhausted Opposition units in the regions a scoring marks.

    python benchmarks/encounters.py                          # the packaged stand-in, greedy player
    python benchmarks/encounters.py --components my.toml --games 300 --policy greedy

X, the difficulty, is the strength of an *exhausted* Opposition unit (C-OPP); a unit
tires when its region is scored and shows X only if that region is marked again at a
later scoring (R-SCO-EXHAUST).  This script plays solo games and, at every scoring,
counts the Opposition units already exhausted in the regions it marks: the units
whose strength is X at that moment.  It prints the mean per game and per round (over
all games, and over the games that reached that round's scoring), and
how often the Opposition's objective falls on a region marked at an earlier scoring.
A figure to compare components files (docs/difficulty.md), never a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dualpowers import rounds, scoring  # noqa: E402
from dualpowers.components import load_components  # noqa: E402
from dualpowers.policies import make_policy  # noqa: E402
from dualpowers.setup import new_game  # noqa: E402
from dualpowers.simulate import derive_seed  # noqa: E402


def measure(games: int, policy: str, difficulty: int, seed: int, components: str | None) -> dict[str, float]:
    comp = load_components(components) if components else None
    at_x: Counter[int] = Counter()          # round -> exhausted Opposition units in marked regions
    scored: Counter[int] = Counter()        # round -> games that reached its scoring
    repeat_objective = objectives = 0
    real_exhaust = scoring.exhaust
    seen: dict[str, object] = {}

    def counting_exhaust(state, regions):   # called once per scoring with the marked regions
        if state is not seen.get("game"):    # a policy looking ahead on a copy
            real_exhaust(state, regions)
            return
        marked = set(regions)
        scored[state.round] += 1
        at_x[state.round] += sum(1 for r in marked for t in state.at.get(r, ())
                                 if t in state.exhausted and state.comp.tokens[t].owner == "opposition")
        nonlocal repeat_objective, objectives
        opp = scoring.objective_card(state, state.opposition)
        if opp:
            region = state.comp.cards[opp].region
            objectives += 1
            repeat_objective += region in seen.setdefault("marked", set())
        seen.setdefault("marked", set()).update(marked)
        real_exhaust(state, regions)
        seen["played_rounds"] = state.round

    scoring.exhaust = counting_exhaust
    try:
        for i in range(games):
            seen.clear()
            side = ("red", "white")[i % 2]
            s = new_game("solo", derive_seed(seed, i), player=side, difficulty=difficulty, components=comp)
            seen["game"] = s
            p = make_policy(policy)
            rng = random.Random(derive_seed(seed, i, "policies"))
            while not s.is_over():
                s.push(p.choose(s, rng))
    finally:
        scoring.exhaust = real_exhaust
    return {"games": games, "at_x_per_game": sum(at_x.values()) / games,
            **{f"at_x_round_{r}": at_x[r] / games for r in (1, 2, 3)},
            **{f"at_x_per_scoring_of_round_{r}": at_x[r] / scored[r] if scored[r] else 0.0 for r in (2, 3)},
            "objective_on_a_marked_region": repeat_objective / objectives if objectives else 0.0}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--policy", default="greedy")
    ap.add_argument("--difficulty", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--components", metavar="PATH")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    figures = measure(args.games, args.policy, args.difficulty, args.seed, args.components)
    print(json.dumps(figures) if args.json else "\n".join(f"{k:32} {v:.3g}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
