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
logistic models of the win on (a) nothing (the base rate), (b) the score, (c) the evaluation, (d)
every feature, ridge-penalised, and prints their log-loss on held-out games (five folds by game;
lower is better).  Figures to read, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import dualpowers as dp  # noqa: E402
from dualpowers.policies import make_policy  # noqa: E402
from dualpowers.presence import strength_tally, stronger_side  # noqa: E402
from dualpowers.scoring import unrest_vp  # noqa: E402
from dualpowers.views import known_objective  # noqa: E402

GAMES = ROOT / "benchmarks" / "games" / "round_end.jsonl"
#: What is kept of a position at a round's end, counted for the player (``other``: the opponent).
FEATURES = ("score", "will", "held", "margin", "unrest", "objective", "reserve", "other_reserve", "supply",
            "tokens")
#: The models compared: the columns of each (besides a constant).
MODELS = {"base rate": (), "score": ("score",), "evaluation": ("evaluation",), "every feature": FEATURES}
FOLDS = 5
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


def _fit(x: Any, y: Any) -> Any:
    """Ridge-penalised logistic regression by Newton's steps (the constant not penalised)."""
    import numpy as np
    w = np.zeros(x.shape[1])
    penalty = RIDGE * np.diag(np.r_[0.0, np.ones(x.shape[1] - 1)])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        step = np.linalg.solve((x.T * (p * (1 - p))) @ x + penalty, x.T @ (p - y) + penalty @ w)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def _log_loss(x: Any, y: Any, w: Any) -> float:
    import numpy as np
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _columns(rows: list[dict[str, Any]], model: tuple[str, ...]) -> Any:
    import numpy as np
    f = np.array([r["f"] for r in rows], float)
    named = {name: f[:, i] for i, name in enumerate(FEATURES)}
    # the evaluation (dualpowers.players.evaluate) from its parts: REGION_WEIGHT 0.5, WILL_WEIGHT 1
    named["evaluation"] = named["score"] + 0.5 * named["held"] + named["unrest"] + named["objective"] + named["will"]
    return np.column_stack([np.ones(len(rows))] + [named[c] for c in model])


def fit(rows: list[dict[str, Any]]) -> None:
    """Print each model's held-out log-loss per faction and round, and the last model's weights."""
    import numpy as np
    print(f"{len(rows)} round ends of {len({(r['spec'], r['index']) for r in rows})} games")
    print("| player, round | rows | won | " + " | ".join(MODELS) + " |")
    print("|---|---:|---:|" + "---:|" * len(MODELS))
    weights = []
    for side in ("red", "white"):
        for round_ in sorted({r["round"] for r in rows}):
            part = [r for r in rows if r["player"] == side and r["round"] == round_]
            if len(part) < 2 * FOLDS:
                continue
            y = np.array([r["won"] for r in part], float)
            fold = np.array([r["index"] % FOLDS for r in part])
            losses = []
            for model in MODELS.values():
                x = _columns(part, model)
                held = [(k, fold == k) for k in range(FOLDS) if (fold == k).any() and (fold != k).any()]
                losses.append(sum(_log_loss(x[m], y[m], _fit(x[~m], y[~m])) * m.sum() for _k, m in held)
                              / sum(m.sum() for _k, m in held))
            print(f"| {side}, {round_} | {len(part)} | {y.mean():.0%} | " + " | ".join(f"{v:.3f}" for v in losses) + " |")
            weights.append((side, round_, _fit(_columns(part, FEATURES), y)))
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
