"""How strong are the computer players, and how hard is each solo difficulty?

    python benchmarks/strength.py                  # everything, all local cores (about an hour on 2)
    python benchmarks/strength.py --quick          # small samples, to try the script
    python benchmarks/strength.py --only duels     # or: --only difficulty
    python benchmarks/strength.py --only duels --duels advisor:advisor-v1 --workers 1 --hours 1
                                                   # one duel, one core, as many games as fit in an hour

Two measurements, both written into the package (``dualpowers/data/results/``,
read with :func:`dualpowers.results.measured`; the README and
``notebooks/06_difficulty.ipynb`` show them):

* ``strength.csv``: two-player duels (``--duels``, default: greedy against random, the
  first advisor ``advisor-v1`` against greedy, the advisor against ``advisor-v1``), each over
  ``--duel-games`` games (default 1,000), half with each side, so neither side's
  first move decides;
* ``difficulty.csv``: solo win rate for every difficulty 1-6, both factions and each
  policy (random, greedy, the advisor), ``--cell-games`` games per cell
  (``--advisor-cell-games`` for the advisor, which thinks ~100 times longer per move).

The advisor plays with :class:`dualpowers.advisor.AdvisorPolicy`'s defaults (100
informed playouts a decision, each to the end of the round) unless ``--advisor`` says
otherwise.

Every figure comes with its 95 % Wilson interval.  These are measurements to read,
never test assertions; games are seeded, so a rerun gives the same table.

``--difficulties 1,6`` measures only those levels (the other stored rows stay), so
the cells the goals name can get more games than the rest when time is short.

``--hours H`` stops starting games after H hours and stores what was played (a duel
stops after a pair of games, one with each side; a difficulty table after a full
round of its 12 cells), so a slow machine measures fewer games, never a lopsided
sample: the tables say how many games each figure rests on.  ``--duels`` and
``--policies`` measure a part; the other rows of the stored tables are kept.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from dualpowers.simulate import SimConfig, iter_rows, summarize  # noqa: E402
from dualpowers.results import results_dir  # noqa: E402
from dualpowers.stats import wilson_interval  # noqa: E402


#: Seed offset of each duel (a duel's games depend only on --seed and this), as stored.
DUEL_SEEDS = {("greedy", "random"): 0, ("advisor-v1", "greedy"): 1, ("advisor", "advisor-v1"): 0}


def duel(a: str, b: str, games: int, seed: int, workers: int | None,
         components: str | None = None, deadline: float = float("inf")) -> dict[str, object]:
    """``a`` against ``b`` in two-player games, ``a`` playing red in games 0, 2, 4, ... of the
    pairs and white in the others; stops at ``deadline`` (``time.time()``) after a whole pair."""
    half = games // 2
    wins = played = 0
    start = time.perf_counter()
    as_red = iter_rows(SimConfig(mode="two-player", red=a, white=b, seed=seed, components=components), half,
                       workers=workers)
    as_white = iter_rows(SimConfig(mode="two-player", red=b, white=a, seed=seed, components=components),
                         games - half, workers=workers)
    for red_row, white_row in zip(as_red, as_white):
        wins += (red_row["winner"] == "red") + (white_row["winner"] == "white")
        played += 2
        if played % 20 == 0:
            print(f"  {a} vs {b}: {wins}/{played}", flush=True)
        if time.time() >= deadline:
            break
    low, high = wilson_interval(wins, played)
    return {"player": a, "opponent": b, "games": played, "wins": wins, "win_rate": wins / played if played else 0.0,
            "ci_low": low, "ci_high": high, "seconds": round(time.perf_counter() - start, 1)}


def difficulty_table(policy: str, games_per_cell: int, seed: int, workers: int | None,
                     components: str | None = None, deadline: float = float("inf"),
                     difficulties: tuple[int, ...] = (1, 2, 3, 4, 5, 6)) -> pd.DataFrame:
    """Solo win rates of ``policy`` per difficulty and faction (stops at ``deadline`` after whole rounds of cells)."""
    config = SimConfig(mode="solo", difficulties=difficulties, player="both", policy=policy, seed=seed,
                       components=components)
    cells = 2 * len(difficulties)
    rows = []
    for row in iter_rows(config, games_per_cell * cells, workers=workers):
        rows.append(row)
        if len(rows) % cells == 0 and time.time() >= deadline:
            break
    table = summarize(rows, by=("difficulty", "player", "red_policy", "white_policy"))
    table["policy"] = policy
    return table[["policy", "difficulty", "player", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_rounds"]]


def merged(path: Path, new: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """``new`` rows, plus the stored rows of ``path`` that ``new`` does not replace (by ``keys``)."""
    if not path.is_file():
        return new
    old = pd.read_csv(path)
    replaced = old[keys].apply(tuple, axis=1).isin(set(new[keys].apply(tuple, axis=1)))
    return pd.concat([old[~replaced], new], ignore_index=True)


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
    ap.add_argument("--advisor-cell-games", type=int, default=500)
    ap.add_argument("--advisor", default="advisor",
                    help="the advisor's policy spec in these runs (default: the AdvisorPolicy defaults)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--duels", default="greedy:random,advisor-v1:greedy,advisor:advisor-v1",
                    help="comma-separated player:opponent pairs (default: %(default)s)")
    ap.add_argument("--policies", default=None,
                    help="comma-separated solo policies for the difficulty table (default: random, greedy, the advisor)")
    ap.add_argument("--difficulties", default="1,2,3,4,5,6",
                    help="comma-separated difficulties for the difficulty table (default: all); the stored rows of "
                         "the others are kept, so the cells the goals name (1 and 6) can be given more games")
    ap.add_argument("--hours", type=float, default=None,
                    help="stop starting games after this many hours in all and store what was played")
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

    deadline = time.time() + 3600 * args.hours if args.hours else float("inf")
    if args.only in (None, "duels"):
        pairs = [tuple(p.split(":", 1)) for p in args.duels.split(",") if p.strip()]
        pairs = [(args.advisor if a == "advisor" else a, args.advisor if b == "advisor" else b) for a, b in pairs]
        duels = pd.DataFrame([duel(a, b, args.duel_games, args.seed + DUEL_SEEDS.get((a, b), 0), args.workers,
                                   args.components, deadline)
                              for a, b in pairs])
        show("two-player duels (win rate of the first-named player, 95% Wilson interval)",
             duels.to_dict("records"), lambda d: f"{d['player']} vs {d['opponent']} ({d['seconds']} s)")
        if not args.quick:
            merged(args.out / "strength.csv", duels, ["player", "opponent"]).to_csv(args.out / "strength.csv",
                                                                                    index=False)

    if args.only in (None, "difficulty"):
        policies = (args.policies.split(",") if args.policies else ["random", "greedy", args.advisor])
        difficulties = tuple(int(x) for x in args.difficulties.split(",") if x.strip())
        tables = [difficulty_table(policy, args.advisor_cell_games if policy.startswith("advisor") else args.cell_games,
                                   args.seed, args.workers, args.components, deadline, difficulties)
                  for policy in policies]
        table = pd.concat(tables, ignore_index=True)
        show("solo win rate by difficulty (95% Wilson interval)", table.to_dict("records"),
             lambda r: f"{r['policy']}, difficulty {r['difficulty']}, {r['player']}")
        if not args.quick:
            merged(args.out / "difficulty.csv", table, ["policy", "difficulty", "player"]).to_csv(args.out / "difficulty.csv", index=False)


if __name__ == "__main__":
    main()
