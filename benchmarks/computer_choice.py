"""Which player "Let the computer choose" should use: wins for the learner's side, and CPU a decision.

    python benchmarks/computer_choice.py                        # solo, difficulty 1, 20 deals
    python benchmarks/computer_choice.py --games 40 --difficulty 2 --policies greedy,hint

A learner who is stuck presses the play screen's "Let the computer choose" (issue 35); the
player behind it should choose as well as the Hint would.  Every policy plays the same deals
(solo, the learner's side alternating red and white, the Opposition as the rules play it)
from the first decision to the end, every decision of the learner's side.  Printed per policy:
the games won by the learner's side with a 95% interval (Wilson), and the CPU seconds of a
decision with a choice (median, 90th percentile, max).  ``hint`` is the first row of the
Hint's ranking at its default budget (:data:`dualpowers.controllers.play.AUTO_POLICY`).

The machine is shared: CPU seconds vary from run to run by a few tens of per cent; repeat a
run before reading a small difference.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time

import dualpowers as dp
from dualpowers.controllers.play import choose_action


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(policy: str, seed: int, player: str, difficulty: int) -> tuple[bool, list[float]]:
    """One solo game with ``policy`` at every decision of ``player``: (won, CPU seconds of each decision)."""
    state = dp.new_game("solo", seed, player=player, difficulty=difficulty)
    rng, times = random.Random(seed), []
    while not state.is_over():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        t = time.process_time()
        action = choose_action(state, policy, rng)
        times.append(time.process_time() - t)
        state.apply(action)
    return state.won_by == player, times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--difficulty", type=int, default=1)
    p.add_argument("--policies", default="greedy,advisor,hint")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rows = []
    for policy in args.policies.split(","):
        wins, times = 0, []
        for seed in range(args.first_seed, args.first_seed + args.games):
            won, t = play(policy, seed, "red" if seed % 2 else "white", args.difficulty)
            wins += won
            times += t
        low, high = wilson(wins, args.games)
        cuts = statistics.quantiles(times, n=10) if len(times) > 1 else times * 9
        rows.append({"policy": policy, "games": args.games, "won": wins, "low": round(low, 3), "high": round(high, 3),
                     "decisions": len(times), "median_s": round(statistics.median(times), 3),
                     "p90_s": round(cuts[-1], 3), "max_s": round(max(times), 3)})
        if not args.json:
            r = rows[-1]
            print(f"{policy:8s} won {wins}/{args.games} ({100 * wins / args.games:.0f}%, 95% {100 * low:.0f}-"
                  f"{100 * high:.0f}%); CPU a decision: median {r['median_s']:.3f} s, 90% {r['p90_s']:.3f} s, "
                  f"max {r['max_s']:.3f} s over {len(times)} decisions", flush=True)
    if args.json:
        print(json.dumps({"mode": "solo", "difficulty": args.difficulty, "rows": rows}))


if __name__ == "__main__":
    main()
