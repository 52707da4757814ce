"""Which variant of the ``advisor`` computer player decides better, per CPU second?  A screen by
decisions, before any game is played.

    python benchmarks/advisor_screen.py --positions 60
    python benchmarks/advisor_screen.py --positions 60 --specs advisor advisor:playouts=200

Why (issue 35, item 4): a paired game of two variants costs seconds of CPU and tells a difference
of 5 points only after about a thousand pairs (docs/advisor.md), so most variants were never
settled.  A decision is much cheaper to judge: on a solo position reached by greedy play (X = 3
unless ``--difficulty``), a reference search measures every legal action on ``--per-action``
common deals (no racing, no margin of equality), and each variant's choice loses the reference's
best value minus the value of the action it chose, in VP (value differences times 12, the
squash's slope at an even standing; ``benchmarks/advisor.py --regret`` reads the same).  Every
variant meets the same positions with the same seed, so the differences are paired position by
position; the reference itself is noisy, but the same for all.

The reference shares the players' playout model and evaluation, so this judges how well a small
budget finds what a large one finds (the gap between the ``advisor`` player, about 43% at X = 3,
and a follower of the 3,000-playout Hint, about 67%), not whether the model is right: a better
evaluation has to be judged by games (``benchmarks/advisor_player.py``).

Printed per variant: the mean loss a decision with its 95% interval, the paired difference from
the first variant (95%), the share of decisions where it chose the reference's best, and its CPU a
decision (this process's CPU time: on a shared machine it moves by tens of percent from run to
run, the ratio between variants less, since they alternate position by position).  Figures to
read, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dualpowers as dp  # noqa: E402
from dualpowers.advisor import RaceSearch  # noqa: E402
from dualpowers.policies import make_policy  # noqa: E402
from dualpowers.stats import Z_95  # noqa: E402

SPECS = ("advisor", "advisor:playouts=200", "advisor:playouts=400",
         "advisor:prior=informed,pick=survivor,playouts=250")


def positions(n: int, seed: int, difficulty: int):
    """``n`` solo positions with at least three legal actions, reached by 5 to 60 greedy moves."""
    rng = random.Random(seed)
    greedy = make_policy("greedy")
    found = 0
    while found < n:
        s = dp.new_game("solo", rng.randrange(10**6), player=rng.choice(["red", "white"]), difficulty=difficulty)
        play = random.Random(rng.randrange(10**6))
        for _ in range(rng.randrange(5, 60)):
            if s.is_over():
                break
            s.apply(greedy.choose(s, play))
        if s.is_over() or s.to_act is None or len(s.legal_actions()) < 3:
            continue
        found += 1
        yield s


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--specs", nargs="+", default=list(SPECS), help="the player variants (policy specs)")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--per-action", type=int, default=150, help="the reference's deals for every action")
    parser.add_argument("--difficulty", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2035)
    parser.add_argument("--out", type=Path, default=None, help="append one JSON line a position")
    args = parser.parse_args(argv)
    players = {spec: make_policy(spec) for spec in args.specs}
    loss: dict[str, list[float]] = {spec: [] for spec in players}
    hit: dict[str, int] = {spec: 0 for spec in players}
    cpu: dict[str, list[float]] = {spec: [] for spec in players}
    for n, s in enumerate(positions(args.positions, args.seed, args.difficulty)):
        side = s.to_act
        reference = RaceSearch(s, side, 999, eliminate_z=math.inf, equal_margin=0.0)
        reference.run(args.per_action * len(s.legal_actions()))
        value = {str(m.action): m.value for m in reference.measured()}
        best = max(value.values())
        row: dict[str, object] = {"position": n, "actions": len(value)}
        for spec, player in players.items():
            start = time.process_time()
            chosen = str(player.choose(s, random.Random(n)))
            cpu[spec].append(time.process_time() - start)
            lost = 12.0 * (best - value[chosen])
            loss[spec].append(lost)
            hit[spec] += lost == 0.0
            row[spec] = round(lost, 4)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    first = args.specs[0]
    k = len(loss[first])
    print(f"{k} solo positions (X = {args.difficulty}), reference {args.per_action} deals an action")
    print("| player | loss a decision, VP (95%) | paired with the first (95%) | chose the reference's best "
          "| CPU a decision: mean, median |")
    print("|---|---|---|---:|---|")
    for spec in args.specs:
        xs = loss[spec]
        m, se = statistics.mean(xs), statistics.stdev(xs) / math.sqrt(k)
        d = [a - b for a, b in zip(xs, loss[first])]
        dm, dse = statistics.mean(d), statistics.stdev(d) / math.sqrt(k)
        paired = "" if spec == first else f"{dm:+.3f} ({dm - Z_95 * dse:+.3f} to {dm + Z_95 * dse:+.3f})"
        print(f"| `{spec}` | {m:.3f} ({m - Z_95 * se:.3f}-{m + Z_95 * se:.3f}) | {paired} | {hit[spec] / k:.0%} "
              f"| {statistics.mean(cpu[spec]):.3f} s, {statistics.median(cpu[spec]):.3f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
