"""Does a solo position at the end of a round say more of the game's end than its standing?

    python benchmarks/round_end.py play --games 1400              # advisor games, round-end features stored
    python benchmarks/round_end.py fit                            # the table: held-out log-loss of each model

Why (issue 35, item 4): the ``advisor`` computer player's playouts stop at the end of the round
and value what they reached by the evaluation (:func:`dualpowers.players.evaluate`: the score,
the regions held, the unrest and the objective counted to whoever is stronger, the Will).  In
solo's first round the standing then tells little of the game's end (the follower's curve rises
0.08 in log-odds a VP), so a value fitted on more of what the position holds might let fewer
playouts find the better actions.  This script asks the question before any player is built on
it: does such a model predict who wins better, on games it was not fitted on?

``play`` plays solo games (difficulty X, both factions in turn, game ``i`` dealt from
``random.Random(seed + i)``) with a policy spec and, at each round's end (the
first position of the next round, where a playout stops), stores the position's features for
the player and, once the game is over, whether the player won: one JSON line each, appended to
``--out`` (a stopped run goes on where it stopped).  ``fit`` fits, for each faction and round,
logistic models of the win (:func:`dualpowers.stats.fit_logistic`) on (a) nothing (the base
rate), (b) the score, (c) the evaluation, (d) every feature, and prints their log-loss on held-out
games (five folds by game; lower is better).  Figures to read, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dualpowers as dp  # noqa: E402
from dualpowers.policies import make_policy  # noqa: E402
from dualpowers.players import REGION_WEIGHT, WILL_WEIGHT  # noqa: E402
from dualpowers.presence import strength_tally, stronger_side  # noqa: E402
from dualpowers.scoring import unrest_vp  # noqa: E402
from dualpowers.stats import fit_logistic, logistic  # noqa: E402
from dualpowers.views import known_objective  # noqa: E402

GAMES = ROOT / "benchmarks" / "games" / "round_end.jsonl"
#: What is kept of a position at a round's end, counted for the player (``other``: the opponent).
FEATURES = ("score", "will", "held", "margin", "unrest", "objective", "reserve", "other_reserve", "supply",
            "tokens")
#: The models compared: the columns of each (besides a constant).
MODELS = {"base rate": (), "score": ("score",), "evaluation": ("evaluation",), "every feature": FEATURES}
FOLDS = 5
#: The ridge of the fits (every weight, the constant too): enough to keep a weight finite where a
#: number is constant in the sample (the Will, the objective), too little to move the others.
RIDGE = 1.0


def features(state: Any, side: str) -> list[float]:
    """The player's view of a position in numbers: the score, the Will (+1 held, -1 the
    opponent's), regions held less regions lost, the strength margins summed (each clipped at 4),
    the unrest's and the known objective's VP to whoever is stronger, the reserves, the
    Opposition's supply and the tokens controlled on the board, less the opponent's."""
    other = "white" if side == "red" else "red"
    held = margin = unrest = objective_vp = tokens = 0.0
    objective = known_objective(state, side)
    card = state.comp.cards[objective] if objective else None
    for region in state.comp.region_names:
        strength, count, _neutral = strength_tally(state, region)
        margin += max(-4, min(4, strength[side] - strength[other]))
        tokens += count[side] - count[other]
        winner = stronger_side(state, region)
        if winner is None:
            continue
        sign = 1.0 if winner == side else -1.0
        held += sign
        if region == state.unrest:
            unrest += sign * unrest_vp(state)
        if card is not None and card.region == region:
            objective_vp += sign * card.vp
    will = 1.0 if state.will == side else -1.0 if state.will == other else 0.0
    return [float(state.score if side == "red" else -state.score), will, held, margin, unrest, objective_vp,
            float(len(state.reserve(side))), float(len(state.reserve(other))),
            float(len(state.supply())) if state.mode == "solo" else 0.0, tokens]


def play(spec: str, index: int, seed: int, difficulty: int) -> list[dict[str, Any]]:
    """One solo game of ``spec`` (the faction alternates with ``index``): its round ends' rows."""
    rng = random.Random(seed + index)
    player = ("red", "white")[index % 2]
    s = dp.new_game("solo", rng.randrange(2**31), player=player, difficulty=difficulty)
    policy = make_policy(spec)
    move_rng = random.Random(rng.randrange(2**62))
    rows, at = [], s.round
    while not s.is_over():
        legal = s.legal_actions()
        s.push(legal[0] if len(legal) == 1 else policy.choose(s, move_rng))
        if not s.is_over() and s.round > at:
            rows.append({"round": at, "f": features(s, player)})
        at = s.round
    won = int(s.winner() == player)
    return [{"spec": spec, "index": index, "seed": seed, "difficulty": difficulty, "player": player, **row,
             "won": won} for row in rows]


def _columns(rows: list[dict[str, Any]], model: tuple[str, ...]) -> list[tuple[float, ...]]:
    """Each row's numbers that ``model`` reads (the evaluation made from its parts)."""
    out = []
    for row in rows:
        named = dict(zip(FEATURES, row["f"]))
        # dualpowers.players.evaluate from its parts, at its own weights
        named["evaluation"] = (named["score"] + REGION_WEIGHT * named["held"] + named["unrest"] + named["objective"]
                               + WILL_WEIGHT * named["will"])
        out.append(tuple(named[c] for c in model))
    return out


def _log_loss(points: list[tuple[tuple[float, ...], int]], w: list[float]) -> float:
    """The mean log-loss of the model ``w`` on ``points`` (nats)."""
    p = [logistic(w[0] + sum(wi * fi for wi, fi in zip(w[1:], f))) for f, _y in points]
    return -sum(math.log(max(q, 1e-9)) if y else math.log(max(1.0 - q, 1e-9)) for q, (_f, y) in zip(p, points)) / len(points)


def fit(rows: list[dict[str, Any]]) -> None:
    """Print each model's held-out log-loss per faction and round, and the weights of the model on
    every feature (:func:`dualpowers.stats.fit_logistic`, ridge :data:`RIDGE`)."""
    print(f"{len(rows)} round ends of {len({(r['spec'], r['index']) for r in rows})} games")
    print("| player, round | rows | won | " + " | ".join(MODELS) + " |")
    print("|---|---:|---:|" + "---:|" * len(MODELS))
    weights = []
    for side in ("red", "white"):
        for round_ in sorted({r["round"] for r in rows}):
            part = [r for r in rows if r["player"] == side and r["round"] == round_]
            if len(part) < 2 * FOLDS:
                continue
            losses = []
            for model in MODELS.values():
                points = list(zip(_columns(part, model), (r["won"] for r in part)))
                held, loss = 0, 0.0
                for k in range(FOLDS):
                    test = [p for p, r in zip(points, part) if r["index"] % FOLDS == k]
                    train = [p for p, r in zip(points, part) if r["index"] % FOLDS != k]
                    if test and train:
                        held += len(test)
                        loss += _log_loss(test, fit_logistic(train, ridge=RIDGE)[0]) * len(test)
                losses.append(loss / held)
            won = sum(r["won"] for r in part) / len(part)
            print(f"| {side}, {round_} | {len(part)} | {won:.0%} | " + " | ".join(f"{v:.3f}" for v in losses) + " |")
            every = list(zip(_columns(part, FEATURES), (r["won"] for r in part)))
            weights.append((side, round_, fit_logistic(every, ridge=RIDGE)[0]))
    print("\nweights of the model on every feature (all rows):")
    for side, round_, w in weights:
        print(f"  {side}, {round_}: constant {w[0]:+.2f}; "
              + ", ".join(f"{n} {v:+.3f}" for n, v in zip(FEATURES, w[1:])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("play", "fit"))
    parser.add_argument("--spec", default="advisor", help="the player whose games are recorded")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (two runs side by side)")
    parser.add_argument("--difficulty", type=int, default=3)
    parser.add_argument("--seed", type=int, default=777_000)
    parser.add_argument("--out", type=Path, default=GAMES)
    args = parser.parse_args(argv)
    stored = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()] \
        if args.out.exists() else []
    if args.what == "fit":
        fit(stored)
        return 0
    done = {r["index"] for r in stored if (r["spec"], r["seed"], r["difficulty"]) == (args.spec, args.seed,
                                                                                      args.difficulty)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        for index in range(args.first, args.first + args.games):
            if index in done:
                continue
            for row in play(args.spec, index, args.seed, args.difficulty):
                out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"{args.out}: {sum(1 for _ in args.out.open())} round ends stored")
    return 0


if __name__ == "__main__":
    sys.exit(main())
