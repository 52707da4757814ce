"""The win chance of a player who follows the advice: play the games, fit the curve, check it.

    python benchmarks/follow_chance.py play --games 300 --cpu 1000   # solo games of a follower (one core)
    python benchmarks/follow_chance.py play --mode two-player --playouts 300 --games 200
                                                              # two-player: the follower against the advisor player
    python benchmarks/follow_chance.py budget                 # what the follower's budget costs
    python benchmarks/follow_chance.py fit                    # fit, and check on games not fitted on
    python benchmarks/follow_chance.py fit --write            # ... and store the fitted curve

Why (issue 35): the chance the Hint shows was fitted on greedy players' games, and a person
who follows the Hint plays far better than greedy (in solo a follower won about 68% of the
games whose Hints said 24% on average).  The chance shown must be the chance of the player
who reads it and takes the advice, so it is measured on games where the advice is taken:

* **The follower** plays the first row of the advisor's own search (:class:`RaceSearch`,
  sequential halving over the 8 actions the prior likes best, ``--playouts`` a decision,
  600 by default: six times the ``advisor`` player's budget, about 3 s of CPU a solo game,
  what this project could afford for a few hundred games; the Hint's ranking uses 3,000
  playouts and may play better, so the chance is, if anything, a cautious one).  In two-player
  the follower faces the ``advisor`` computer player (``--opponent``, 100 playouts a decision),
  each side in turn: whom the reader plays is not known, and against the greedy player a
  follower wins nearly every game, which would tell a reader little.  ``budget`` prints how often
  a follower's choice at a budget is among the Hint's own equal best on the stored positions.
* **What is shown** at each of the follower's decisions is what the Hint would show for the
  action it takes: its standing at the end of the round (the playouts' mean value turned
  back into VP of evaluation, as :func:`~dualpowers.advisor.ranking.build_ranking` does),
  read through the curve of that round; when every playout ended the game, the share won.
  Every such decision is a sample: (mode, round, difficulty, standing, won the game?).
* **The last round**: where every playout of the action ended the game, the Hint shows the
  chance read from the playouts' share won, by its own curve (round 0 of the table): the
  informed playouts play the player's last turns worse than a follower does.
* **Fitted, and checked on games it was not fitted on**: ``P(win) = logistic(a + b * standing
  + c * (difficulty - 3))`` per round, maximum likelihood, with the covariance of (a, b, c);
  the curves stored are fitted on every game, and they are checked by two-fold cross-validation
  on blocks of 12 games (:func:`held_out`): each game's decisions are predicted by the curves
  fitted on the other fold.  On the held-out predictions the script prints the
  reliability table (per tenth of the chance shown: mean shown, share won, and a 95%
  interval from a bootstrap over *games*: the decisions of one game share its ending, so
  they are not independent samples) and the Brier score against the base rate's.

Figures to read and a table to store, never a test assertion.  The games are appended to
``--out`` (one JSON line per game), so a stopped run goes on where it stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dualpowers as dp  # noqa: E402
from dualpowers.advisor.race import VALUE_SCALE, RaceSearch  # noqa: E402
from dualpowers.advisor.ranking import (ENDED, FOLLOW_TABLE, FOLLOWER, Curve, curve_row,  # noqa: E402
                                        share_standing)
from dualpowers.policies import GreedyPolicy, make_policy  # noqa: E402
from dualpowers.stats import fit_logistic, logit  # noqa: E402

from engine import pin_one_core  # noqa: E402
from win_chance import write_table  # noqa: E402

GAMES = ROOT / "benchmarks" / "games" / "follow_chance.jsonl"
TABLE = ROOT / "dualpowers" / "data" / "results" / FOLLOW_TABLE
#: Rounds past this one are pooled with it, by mode.  Two-player: one curve for every round.  Its
#: follower games are few (two-player games are slow: five rounds, a search at every decision of
#: the follower and of its opponent); on games it was not fitted on, a curve per round did worse
#: at 40 games (Brier 0.263 against 0.242) and no better at 180 (0.223 against 0.222), so the
#: curve with fewer coefficients is kept (``fit --rounds each`` prints the per-round one).
LAST_ROUND = {"solo": 6, "two-player": 1}


def follower_decision(state: "dp.State", seed: int, playouts: int) -> tuple["dp.Action", dict]:
    """The follower's action and what the Hint would say of it: its standing at the end of the
    round (VP of evaluation) and whether every playout of it ended the game (then its share won)."""
    side = state.to_act
    race = RaceSearch(state, side, seed, allocation="halving", candidates=8).run(playouts)
    action = race.best_action()
    m = next(x for x in race.measured() if x.action == action)
    standing = race._eval0 + VALUE_SCALE * logit(m.value)
    ended = m.playouts > 0 and m.won + m.lost == m.playouts
    return action, {"round": state.round, "standing": round(standing, 3), "ended": ended,
                    "share": round(m.value, 4) if ended else None}


def play(mode: str, index: int, seed: int, playouts: int, opponent: str = "advisor") -> dict:
    """One game: in solo the follower against the Opposition (difficulty 1-6 and the faction by
    the game's index); in two-player the follower against the computer player ``opponent``
    (a policy spec), sides alternating."""
    rng = random.Random(seed * 100_003 + index)
    player = ("red", "white")[index % 2]
    difficulty = 1 + (index // 2) % 6 if mode == "solo" else None
    if mode == "solo":
        s = dp.new_game("solo", rng.randrange(2**31), player=player, difficulty=difficulty)
    else:
        s = dp.new_game("two-player", rng.randrange(2**31))
    greedy = GreedyPolicy()
    other = make_policy(opponent) if mode == "two-player" else greedy
    decisions = []
    while not s.is_over():
        legal = s.legal_actions()
        if s.to_act == player and len(legal) > 1:
            action, said = follower_decision(s, rng.randrange(2**62), playouts)
            decisions.append(said)
        else:
            action = legal[0] if len(legal) == 1 else other.choose(s, rng)
        s.push(action)
    return {"mode": mode, "index": index, "player": player, "difficulty": difficulty, "playouts": playouts,
            **({"opponent": opponent} if mode == "two-player" else {}),
            "won": int(s.winner() == player), "score": s.score, "rounds": s.round, "decisions": decisions}


def cmd_play(args: argparse.Namespace) -> int:
    pin_one_core()
    done = set()
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            g = json.loads(line)
            done.add((g["mode"], g["index"]))
    start = time.process_time()
    with args.out.open("a", encoding="utf-8") as f:
        for i in range(args.start, args.start + args.games):
            if (args.mode, i) in done:
                continue
            if time.process_time() - start > args.cpu:
                print(f"stopped: {args.cpu:.0f} s of CPU spent", flush=True)
                break
            g = play(args.mode, i, args.seed, args.playouts, args.opponent)
            f.write(json.dumps(g) + "\n")
            f.flush()
            print(f"{args.mode} game {i}: won {g['won']}, {len(g['decisions'])} decisions, "
                  f"{time.process_time() - start:.0f} s CPU", flush=True)
    return 0


# ---------------------------------------------------------------------------- the fit and its check
def samples(games: list[dict]) -> list[tuple[int, int, int, float, float | None, int]]:
    """(game, round, difficulty - 3, standing, playouts' share if every playout ended, won) per decision."""
    out = []
    for g in games:
        shift = (g["difficulty"] or 3) - 3
        for d in g["decisions"]:
            out.append((g["index"], min(d["round"], LAST_ROUND[g["mode"]]), shift, d["standing"], d["share"], g["won"]))
    return out


def shown(curves: dict[int, Curve], r: int, shift: int, standing: float, share: float | None) -> float:
    """What the Hint shows for a decision: if every playout ended the game, the ended curve at the
    playouts' share won (the share itself without one); else the curve of its round at the standing."""
    if share is not None:
        return curves[ENDED].chance(share_standing(share), shift + 3) if ENDED in curves else share
    rounds = [k for k in curves if k != ENDED]
    return curves[max((k for k in rounds if k <= r), default=min(rounds))].chance(standing, shift + 3)


def reliability(rows: list[tuple[int, float, int]], seed: int = 1, replicates: int = 400) -> list[tuple]:
    """Per tenth of the chance shown: (tenth, decisions, games, mean shown, share won, low, high),
    the interval a bootstrap over games."""
    rng = random.Random(seed)
    out = []
    for t in range(10):
        cell = [(g, p, y) for g, p, y in rows if min(int(p * 10), 9) == t]
        if not cell:
            continue
        by_game: dict[int, list[tuple[float, int]]] = {}
        for g, p, y in cell:
            by_game.setdefault(g, []).append((p, y))
        games = list(by_game)
        mean_p = sum(p for _, p, _ in cell) / len(cell)
        won = sum(y for _, _, y in cell) / len(cell)
        boots = []
        for _ in range(replicates):
            pick = [by_game[rng.choice(games)] for _ in games]
            n = sum(len(x) for x in pick)
            boots.append(sum(y for x in pick for _, y in x) / n)
        boots.sort()
        out.append((t, len(cell), len(games), mean_p, won, boots[int(0.025 * replicates)],
                    boots[int(0.975 * replicates) - 1]))
    return out


def held_out(index: int) -> bool:
    """Games are fitted and held out in blocks of 12 (even blocks fitted, odd ones held out):
    a block holds every difficulty with both factions, so neither half leans on one of them
    (the faction alternates game by game, the difficulty every two games)."""
    return (index // 12) % 2 == 1


def fit_curves(mode: str, games: list[dict]) -> tuple[list[dict], dict[int, Curve]]:
    """The table's rows and the curves, per round, fitted on ``games`` (decisions whose playouts
    all ended the game are left out: there the Hint shows the playouts' own share won)."""
    rows, curves = [], {}
    fit_rows = samples(games)
    for r in [ENDED] + sorted({s[1] for s in fit_rows}):
        if r == ENDED:            # the playouts' share won, where they all ended the game
            points = [((share_standing(share), d), y) for _, _, d, _, share, y in fit_rows if share is not None]
        else:
            points = [((x, d), y) for _, rr, d, x, share, y in fit_rows if rr == r and share is None]
        if len(points) < 20:
            continue
        if mode != "solo":        # no difficulty: no term for it (a column of zeros has no estimate)
            points = [((x,), y) for (x, _d), y in points]
        w, cov = fit_logistic(points, ridge=1e-2)
        games_in = len({s[0] for s in fit_rows if (s[4] is not None if r == ENDED else s[1] == r and s[4] is None)})
        # The decisions of one game share its ending: they are not independent samples.  The
        # covariance is widened by the decisions per game (as if each game's were one sample
        # repeated), so that the chance's interval does not pretend to more games than were played.
        per_game = len(points) / max(1, games_in)
        cov = [[v * per_game for v in row_] for row_ in cov]
        row = curve_row(mode, r, len(points), sum(y for _, y in points), games_in, w, cov)
        rows.append(row)
        curves[r] = Curve(FOLLOWER, row["a"], row["b"], row["c"],
                          tuple(float(row[k]) for k in ("v_aa", "v_ab", "v_ac", "v_bb", "v_bc", "v_cc")))
    return rows, curves


def cmd_fit(args: argparse.Namespace) -> int:
    games = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines()]
    if args.rounds == "each":
        LAST_ROUND.update({mode: 6 for mode in LAST_ROUND})
    table_rows = []
    for mode in ("solo", "two-player"):
        mine = [g for g in games if g["mode"] == mode]
        if not mine:
            continue
        rows, _ = fit_curves(mode, mine)               # the curves stored: fitted on every game
        table_rows += rows
        won = sum(g["won"] for g in mine)
        print(f"\n{mode}: {len(mine)} games of a follower ({mine[0]['playouts']} playouts a decision), "
              f"won {won} ({won / len(mine):.1%})")
        for row in rows:
            what = "standing" if row["round"] != ENDED else "log-odds of the playouts' share won"
            print(f"  {'round ' + str(row['round']) if row['round'] != ENDED else 'every playout ended'}: "
                  f"{row['samples']} decisions of {row['games']} games, "
                  f"P(win) = logistic({row['a']:+.3f} {row['b']:+.3f} x {what} {row['c']:+.3f} x (X - 3))")
        # Checked on games it was not fitted on: two folds (blocks of 12), each predicted by the
        # curves of the other, the base rate too.
        held, base_held, greedy = [], [], []
        for fold in (False, True):
            train = [g for g in mine if held_out(g["index"]) != fold]
            test = [g for g in mine if held_out(g["index"]) == fold]
            _, curves = fit_curves(mode, train)
            if not curves or not test:
                continue
            base = sum(y for *_, y in samples(train)) / max(1, len(samples(train)))
            played = [d["round"] for g in test for d in g["decisions"]]     # by round: the game's own rounds
            for (g, r, d, x, share, y), round_ in zip(samples(test), played):
                held.append((g, shown(curves, r, d, x, share), y, round_, d))
                base_held.append((base - y) ** 2)
                if share is None:
                    greedy.append((dp_greedy(r, x, mode), y))
        if not held:
            continue
        brier = sum((p - y) ** 2 for _, p, y, *_ in held) / len(held)
        print(f"  checked on games it was not fitted on (two folds): {len(held)} decisions of "
              f"{len({h[0] for h in held})} games; Brier {brier:.3f}, base rate {sum(base_held) / len(base_held):.3f}")
        print("  | chance shown | decisions | games | mean shown | won | 95% interval (games) |")
        print("  |---|---:|---:|---:|---:|---|")
        for t, n, ng, p, w, lo, hi in reliability([(g, p, y) for g, p, y, *_ in held]):
            print(f"  | {t * 10}-{t * 10 + 10}% | {n} | {ng} | {p:.1%} | {w:.1%} | {lo:.1%}-{hi:.1%} |")
        for label, key in (("round", 3), ("difficulty X", 4)):
            parts = []
            for k in sorted({h[key] for h in held}):
                cell = [h for h in held if h[key] == k]
                parts.append(f"{k + 3 if key == 4 else k}: shown {sum(h[1] for h in cell) / len(cell):.0%}, "
                             f"won {sum(h[2] for h in cell) / len(cell):.0%}")
            print(f"  by {label}: " + "; ".join(parts))
        if greedy:
            print(f"  the greedy players' curve on the same decisions: mean shown "
                  f"{sum(p for p, _ in greedy) / len(greedy):.1%}, won {sum(y for _, y in greedy) / len(greedy):.1%}, "
                  f"Brier {sum((p - y) ** 2 for p, y in greedy) / len(greedy):.3f}")
    if args.write and args.rounds == "each":
        print("not written: --rounds each is for comparison only")
    elif args.write:
        write_table(TABLE, table_rows)
    return 0


def dp_greedy(r: int, standing: float, mode: str) -> float:
    from dualpowers.advisor.ranking import greedy_win_chance
    return greedy_win_chance(standing, mode, r)


def cmd_budget(args: argparse.Namespace) -> int:
    """What a follower's budget costs: on the stored benchmark positions, how often the follower's
    choice at each budget is among the equal best of the Hint's own ranking (3,000 playouts, its
    default), and the VP (of evaluation, at the end of the round) it gives up against that ranking's
    first row, by the ranking's own measurements."""
    sys.path.insert(0, str(ROOT / "benchmarks" / "positions"))
    from make_positions import load
    from dualpowers.advisor import Advisor
    positions = load()
    hints = {name: Advisor(seed=1).rank(s) for name, s in positions.items()}
    for budget in args.budgets:
        agree, lost = {}, {}
        for name, s in positions.items():
            mode = s.mode
            action, _said = follower_decision(s, 7, budget)
            r = hints[name]
            row = next(a for a in r.actions if a.action == action)
            agree.setdefault(mode, []).append(row.rank == 1)
            lost.setdefault(mode, []).append(r.best.margin - row.margin if row.playouts else math.nan)
        print(f"{budget} playouts: " + "; ".join(
            f"{mode}: among the Hint's equal best in {sum(a)} of {len(a)}, "
            f"{sum(x for x in lost[mode] if x == x) / len(a):.2f} VP of evaluation given up a decision"
            for mode, a in agree.items()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a follower's games, appended to --out")
    p.add_argument("--mode", choices=("solo", "two-player"), default="solo")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--start", type=int, default=0,
                   help="the first game's index (a second process can play another range of games)")
    p.add_argument("--playouts", type=int, default=600)
    p.add_argument("--seed", type=int, default=35)
    p.add_argument("--opponent", default="advisor",
                   help="two-player: the computer player the follower faces (a policy spec)")
    p.add_argument("--cpu", type=float, default=math.inf, help="stop after this many seconds of CPU")
    p.add_argument("--out", type=Path, default=GAMES)
    f = sub.add_parser("fit", help="fit on the even games, check on the odd ones")
    f.add_argument("--out", type=Path, default=GAMES)
    f.add_argument("--rounds", choices=("stored", "each"), default="stored",
                   help="'each': a curve per round in two-player too (to compare; never stored)")
    f.add_argument("--write", action="store_true", help=f"store the curve in {TABLE.relative_to(ROOT)}")
    b = sub.add_parser("budget", help="what a follower's budget costs against the Hint's own ranking")
    b.add_argument("--budgets", type=int, nargs="+", default=[300, 600])
    args = parser.parse_args(argv)
    return {"play": cmd_play, "fit": cmd_fit, "budget": cmd_budget}[args.cmd](args)


if __name__ == "__main__":
    raise SystemExit(main())
