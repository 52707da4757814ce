"""How long a game's review takes (issue 22: under 30 s of CPU for a whole solo game).

    python benchmarks/review.py                  # 3 solo games played by the greedy player
    python benchmarks/review.py --games 1 --playouts 100 --json

Each game is played to its end by a computer player (the greedy player by default, so
that games last as long as a learner's), then :func:`dualpowers.review.review_game`
reviews the solo player's decisions at the default budget.  Prints, per game, the
decisions ranked, the CPU seconds of the review and the moments found.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from dualpowers.controllers import GameSession
from dualpowers.policies import make_policy
from dualpowers.review import REVIEW_PLAYOUTS, review_game


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--playouts", type=int, default=REVIEW_PLAYOUTS)
    p.add_argument("--policy", default="greedy")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rows = []
    for seed in range(1, args.games + 1):
        s = GameSession("solo", seed, player="red" if seed % 2 else "white", difficulty=2)
        me, rng = make_policy(args.policy), random.Random(seed)
        while not s.state.is_over():
            s.apply(me.choose(s.state, rng))
        t = time.process_time()
        rv = review_game(s, playouts=args.playouts)
        cpu = time.process_time() - t
        rows.append({"seed": seed, "actions": len(s.actions), "decisions": rv.decisions, "cpu_s": round(cpu, 2),
                     "moments": [round(m.gain, 1) for m in rv.moments]})
    summary = {"playouts": args.playouts, "games": rows,
               "median_cpu_s": round(statistics.median(r["cpu_s"] for r in rows), 2),
               "max_cpu_s": max(r["cpu_s"] for r in rows)}
    if args.json:
        print(json.dumps(summary))
        return
    for r in rows:
        print(f"seed {r['seed']}: {r['decisions']} decisions of {r['actions']} actions reviewed in "
              f"{r['cpu_s']:.1f} s CPU; moments (VP): {r['moments']}")
    print(f"median {summary['median_cpu_s']:.1f} s, max {summary['max_cpu_s']:.1f} s of CPU at {args.playouts} "
          "playouts a decision (goal: under 30 s for a whole solo game)")


if __name__ == "__main__":
    main()
