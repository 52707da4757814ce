"""Fit the advisor's win chance: how often a side that stands at E (VP of evaluation) at the end
of round r goes on to win the game.

    python benchmarks/win_chance.py                 # fit and print (4,000 games, one core)
    python benchmarks/win_chance.py --write         # ... and store dualpowers/data/results/win_chance.csv

Why: the advisor ranks actions by where they leave the player at the end of the round
(the greedy evaluation, :func:`dualpowers.policies.evaluate`), and says what that standing
means for the game as a win chance.  A fixed logistic of the standing said "behind in the
game" for any deficit, even in round 1 of six; the chance depends on how many rounds are
left.  So it is measured: greedy players play seeded games (two-player: greedy against
greedy; solo: the greedy player against the Opposition at every difficulty, both
factions), the standing of each side is taken at the end of every round the game
outlives, and ``P(win) = 1 / (1 + exp(-(a + b * standing)))`` is fitted per mode and
round by maximum likelihood (Newton's method), with the covariance of (a, b), so that the
chance shown carries the curve's own uncertainty.  The figure is a simple computer player's
chance: the advisor shows it only where no follower's curve was measured
(``benchmarks/follow_chance.py``), and says whose it is.  Greedy play is the model of "play from
here on": a stronger player wins more from the same standing, so in solo, where greedy
rarely wins, the figure is a cautious one.  Figures to read and a table to store, never
a test assertion.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dualpowers as dp  # noqa: E402
from dualpowers.advisor.ranking import CURVE_FIELDS, curve_row  # noqa: E402
from dualpowers.policies import GreedyPolicy, evaluate  # noqa: E402
from dualpowers.stats import fit_logistic  # noqa: E402

from engine import pin_one_core  # noqa: E402

TABLE = ROOT / "dualpowers" / "data" / "results" / "win_chance.csv"
#: Rounds past this one are pooled with it (few games last that long).
LAST_ROUND = 6


def samples(mode: str, games: int, seed: int) -> list[tuple[int, float, int]]:
    """(round ended, standing of a side, 1 if that side won) at every round end a game outlives."""
    greedy, out = GreedyPolicy(), []
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        if mode == "solo":
            player = ("red", "white")[g % 2]
            s = dp.new_game("solo", rng.randrange(2**31), player=player, difficulty=1 + (g // 2) % 6)
            sides = [player]
        else:
            s = dp.new_game("two-player", rng.randrange(2**31))
            sides = ["red", "white"]
        pending: list[tuple[int, str, float]] = []
        while not s.is_over():
            played = s.round
            s.apply(greedy.choose(s, rng))
            if s.round != played and not s.is_over():
                pending += [(played, side, evaluate(s, side)) for side in sides]
        out += [(min(r, LAST_ROUND), e, int(s.winner() == side)) for r, side, e in pending]
    return out


def fit(points: list[tuple[float, int]]) -> tuple[float, float]:
    """Maximum-likelihood (a, b) of ``P(win) = 1 / (1 + exp(-(a + b x)))`` (:func:`dualpowers.stats.fit_logistic`)."""
    (a, b), _cov = fit_logistic([((x,), y) for x, y in points])
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per mode (default 2,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help=f"store the table in {TABLE.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    pin_one_core()
    rows = []
    for mode in ("two-player", "solo"):
        data = samples(mode, args.games, args.seed)
        for r in sorted({r for r, _, _ in data}):
            points = [(e, y) for rr, e, y in data if rr == r]
            (a, b), cov = fit_logistic([((x,), y) for x, y in points])
            wins = sum(y for _, y in points)
            rows.append(curve_row(mode, r, len(points), wins, len(points) // (2 if mode == "two-player" else 1),
                                  (a, b), cov))
            even = -a / b if b else math.nan
            print(f"{mode:>10} round {r}: {len(points):5d} standings, {wins:5d} won; P(win) = logistic({a:+.3f} "
                  f"{b:+.3f} x standing); even at {even:+.1f} VP; at -3 VP {1 / (1 + math.exp(-(a - 3 * b))):.0%}, "
                  f"at +3 VP {1 / (1 + math.exp(-(a + 3 * b))):.0%}")
    if args.write:
        write_table(TABLE, rows)
    return 0


def write_table(path: Path, rows: list[dict]) -> None:
    """Store a table of curves (:data:`~dualpowers.advisor.ranking.CURVE_FIELDS`) and say where."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=CURVE_FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    raise SystemExit(main())
