"""Is the ``advisor`` computer player stronger per CPU second?  Solo games of player variants on the same seeds.

    python benchmarks/advisor_player.py                           # the default variants, 120 games each
    python benchmarks/advisor_player.py --specs advisor advisor:playouts=200 --games 240
    python benchmarks/advisor_player.py --report                  # the table of the games stored so far
    python benchmarks/advisor_player.py --specs SPEC --first 350 --games 700 --out b.jsonl   # games 350-699 beside
                                                                  # a run of 0-349 (then append b.jsonl's lines)

Why (issue 35, item 4): the ``advisor`` player (100 playouts a decision) wins far less often
than a person who follows the Hint (about 41% against 67-71% at difficulty 3), and simulations
at scale need it cheap.  A variant is worth keeping if it wins more at no more than twice the
CPU of a decision, and the question the issue asks is *what* buys the gain: more playouts, or
better playouts (less noise: ``epsilon``, the share of playout moves made at random), or a
better choice of the actions measured (``candidates``).

Every variant (a policy spec, :func:`dualpowers.policies.make_policy`) plays the same games:
game ``i`` is ``new_game("solo", seed_i, player=red|white by i, difficulty=X)``, with the same
seed for every variant, so the difference between two variants is paired game by game.
Printed per variant: the games, the win rate with its 95% Wilson interval, the paired
difference from the first variant (wins minus wins on the same seeds, with a 95% normal
interval), and the CPU seconds of a decision with a choice (median and mean, this process's
CPU time: on a shared machine the figures move by tens of percent from run to run).  Figures to read, never test assertions; the games are appended
to ``--out`` (one JSON line each), so a stopped run goes on where it stopped.
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
from dualpowers.policies import make_policy  # noqa: E402
from dualpowers.stats import wilson_interval  # noqa: E402

GAMES = ROOT / "benchmarks" / "games" / "advisor_player.jsonl"
SPECS = ("advisor", "advisor:playouts=200", "advisor:epsilon=0.05", "advisor:epsilon=0", "advisor:candidates=4")


def play(spec: str, index: int, seed: int, difficulty: int) -> dict:
    """One solo game of the player ``spec``; the faction alternates with ``index``."""
    rng = random.Random(seed * 1_000_003 + index)
    player = ("red", "white")[index % 2]
    s = dp.new_game("solo", rng.randrange(2**31), player=player, difficulty=difficulty)
    policy = make_policy(spec)
    move_rng = random.Random(rng.randrange(2**62))
    cpu = []
    while not s.is_over():
        legal = s.legal_actions()
        if len(legal) == 1:
            s.push(legal[0])
            continue
        start = time.process_time()
        action = policy.choose(s, move_rng)
        cpu.append(time.process_time() - start)
        s.push(action)
    return {"spec": spec, "index": index, "difficulty": difficulty, "seed": seed, "player": player,
            "won": int(s.winner() == player), "score": s.score, "decisions": len(cpu),
            "cpu": round(sum(cpu), 4), "cpu_median": round(statistics.median(cpu), 5) if cpu else 0.0}


def report(games: list[dict], specs: list[str]) -> None:
    by_spec: dict[str, dict[int, dict]] = {}
    for g in games:
        by_spec.setdefault(g["spec"], {})[g["index"]] = g
    specs = [s for s in specs if s in by_spec] + [s for s in by_spec if s not in specs]
    if not specs:
        print("no games stored")
        return
    base = by_spec[specs[0]]
    print("| player | games | won | win rate (95%) | paired with the first: games, difference (95%) "
          "| CPU a decision: median, mean |")
    print("|---|---:|---:|---|---|---|")
    for spec in specs:
        mine = by_spec[spec]
        n = len(mine)
        won = sum(g["won"] for g in mine.values())
        lo, hi = wilson_interval(won, n)
        shared = sorted(set(mine) & set(base))
        diffs = [mine[i]["won"] - base[i]["won"] for i in shared]
        if spec != specs[0] and len(diffs) > 1:
            mean = sum(diffs) / len(diffs)
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            paired = f"{len(diffs)}, {mean:+.1%} ({mean - 1.96 * se:+.1%} to {mean + 1.96 * se:+.1%})"
        else:
            paired = "-"
        decisions = sum(g["decisions"] for g in mine.values())
        medians = [g["cpu_median"] for g in mine.values() if g["decisions"]]
        print(f"| {spec} | {n} | {won} | {won / n:.1%} ({lo:.1%}-{hi:.1%}) | {paired} | "
              f"{statistics.median(medians):.3f} s, {sum(g['cpu'] for g in mine.values()) / max(1, decisions):.3f} s |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--specs", nargs="+", default=list(SPECS), help="the player variants (policy specs)")
    parser.add_argument("--games", type=int, default=120, help="games of each variant")
    parser.add_argument("--first", type=int, default=0,
                        help="play from this game's index on (two processes side by side, each with its --out)")
    parser.add_argument("--difficulty", type=int, default=3)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--cpu", type=float, default=math.inf, help="stop after this many seconds of CPU")
    parser.add_argument("--out", type=Path, default=GAMES)
    parser.add_argument("--report", action="store_true", help="print the table of the stored games only")
    args = parser.parse_args(argv)
    for spec in args.specs:
        make_policy(spec)                        # a bad spec is refused before any game
    stored = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines()] \
        if args.out.exists() else []
    stored = [g for g in stored if g["difficulty"] == args.difficulty and g["seed"] == args.seed]
    if not args.report:
        done = {(g["spec"], g["index"]) for g in stored}
        start = time.process_time()
        with args.out.open("a", encoding="utf-8") as f:
            for i in range(args.first, args.games):  # game by game, every variant: a stopped run stays paired
                for spec in args.specs:
                    if (spec, i) in done:
                        continue
                    if time.process_time() - start > args.cpu:
                        print(f"stopped: {args.cpu:.0f} s of CPU spent", flush=True)
                        report(stored, args.specs)
                        return 0
                    g = play(spec, i, args.seed, args.difficulty)
                    stored.append(g)
                    f.write(json.dumps(g) + "\n")
                    f.flush()
                if i % 10 == 9:
                    print(f"game {i + 1}: {time.process_time() - start:.0f} s CPU", flush=True)
    report(stored, args.specs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
