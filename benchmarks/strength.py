"""How strong are the computer players, and how hard is each solo difficulty?

    python benchmarks/strength.py                  # everything, all local cores (about an hour on 2)
    python benchmarks/strength.py --quick          # small samples, to try the script
    python benchmarks/strength.py --only duels     # or: --only difficulty

Two measurements, both written into the package (``dualpowers/data/results/``,
read with :func:`dualpowers.results.measured`; the README and
``notebooks/06_difficulty.ipynb`` show them):

* ``strength.csv``: two-player duels, greedy against random and the advisor against
  greedy, each over ``--duel-games`` games (default 1,000), half with each side, so
  neither side's first move decides;
* ``difficulty.csv``: solo win rate for every difficulty 1-6, both factions and each
  policy (random, greedy, the advisor), ``--cell-games`` games per cell (fewer for the
  advisor, which thinks ~100 times longer per move).

The advisor plays with :class:`dualpowers.advisor.AdvisorPolicy`'s defaults (100
playouts a decision, each to the end of the round) unless ``--advisor`` says otherwise.

Every figure comes with its 95 % Wilson interval.  These are measurements to read,
never test assertions; games are seeded, so a rerun gives the same table.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from dualpowers.simulate import SimConfig, run, summarize  # noqa: E402
from dualpowers.results import results_dir  # noqa: E402
from dualpowers.stats import wilson_interval  # noqa: E402


def duel(a: str, b: str, games: int, seed: int, workers: int | None,
         components: str | None = None) -> dict[str, object]:
    """``a`` against ``b`` in two-player games, ``a`` playing red in the first half, white in the second."""
    half = games // 2
    wins = 0
    start = time.perf_counter()
    for red, white, n, a_side in ((a, b, half, "red"), (b, a, games - half, "white")):
        rows = run(SimConfig(mode="two-player", red=red, white=white, seed=seed, components=components), n,
                   workers=workers)
        wins += sum(r["winner"] == a_side for r in rows)
    low, high = wilson_interval(wins, games)
    return {"player": a, "opponent": b, "games": games, "wins": wins, "win_rate": wins / games,
            "ci_low": low, "ci_high": high, "seconds": round(time.perf_counter() - start, 1)}


def difficulty_table(policy: str, games_per_cell: int, seed: int, workers: int | None,
                     components: str | None = None) -> pd.DataFrame:
    """Solo win rates of ``policy`` per difficulty and faction."""
    config = SimConfig(mode="solo", difficulties=(1, 2, 3, 4, 5, 6), player="both", policy=policy, seed=seed,
                       components=components)
    rows = run(config, games_per_cell * 12, workers=workers)
    table = summarize(rows, by=("difficulty", "player", "red_policy", "white_policy"))
    table["policy"] = policy
    return table[["policy", "difficulty", "player", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_rounds"]]


def show(title: str, records: list[dict[str, object]], label) -> None:
    """Print one line per record: its label, wins of games, the rate and its interval."""
    print(title)
    for r in records:
        print(f"  {label(r):<40} {r['wins']:>5}/{r['games']:<5} {100 * r['win_rate']:6.1f}%  "
              f"[{100 * r['ci_low']:.1f}%, {100 * r['ci_high']:.1f}%]")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small samples (a trial run; results not written)")
    ap.add_argument("--only", choices=("duels", "difficulty"), help="run one of the two measurements")
    ap.add_argument("--duel-games", type=int, default=1000)
    ap.add_argument("--cell-games", type=int, default=500, help="solo games per difficulty and faction")
    ap.add_argument("--advisor-cell-games", type=int, default=150)
    ap.add_argument("--advisor", default="advisor",
                    help="the advisor's policy spec in these runs (default: the AdvisorPolicy defaults)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=None,
                    help="folder for strength.csv and difficulty.csv (default: the package's, which "
                         "dualpowers.results.measured reads; then run scripts/readme_results.py)")
    ap.add_argument("--components", metavar="PATH",
                    help="measure with this components file instead of the stand-in (needs --out)")
    args = ap.parse_args(argv)
    if args.out is None:
        if args.components:
            ap.error("--components needs --out: the package's tables are the stand-in's")
        args.out = results_dir()
    if args.quick:
        args.duel_games, args.cell_games, args.advisor_cell_games = 20, 10, 2
    args.out.mkdir(parents=True, exist_ok=True)

    if args.only in (None, "duels"):
        duels = pd.DataFrame([duel("greedy", "random", args.duel_games, args.seed, args.workers, args.components),
                              duel(args.advisor, "greedy", args.duel_games, args.seed + 1, args.workers,
                                   args.components)])
        show("two-player duels (win rate of the first-named player, 95% Wilson interval)",
             duels.to_dict("records"), lambda d: f"{d['player']} vs {d['opponent']} ({d['seconds']} s)")
        if not args.quick:
            duels.to_csv(args.out / "strength.csv", index=False)

    if args.only in (None, "difficulty"):
        tables = [difficulty_table(policy, games, args.seed, args.workers, args.components)
                  for policy, games in (("random", args.cell_games), ("greedy", args.cell_games),
                                        (args.advisor, args.advisor_cell_games))]
        table = pd.concat(tables, ignore_index=True)
        show("solo win rate by difficulty (95% Wilson interval)", table.to_dict("records"),
             lambda r: f"{r['policy']}, difficulty {r['difficulty']}, {r['player']}")
        if not args.quick:
            table.to_csv(args.out / "difficulty.csv", index=False)


if __name__ == "__main__":
    main()
