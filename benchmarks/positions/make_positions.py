"""Write the advisor's benchmark positions (``benchmarks/positions/*.json``).

    python benchmarks/positions/make_positions.py

Mid-game positions where the side to act has a real choice, made reproducibly:
the greedy policy (:class:`dualpowers.policies.GreedyPolicy`) plays both sides
from a seeded new game for a seeded number of decisions, then play goes on to
the next decision of the kind asked for (a card to play, or a card's command).
Twelve solo positions (both factions, difficulties 1-6, rounds 1-3) and ten
two-player ones.  Positions are full states (``State.to_json``); the advisor
reads only the side to act's view of them.  ``benchmarks/advisor.py`` loads
them; rerun this script after changing the components file.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import dualpowers as dp  # noqa: E402
from dualpowers.policies import GreedyPolicy  # noqa: E402

SOLO = 12
TWO_PLAYER = 10


def midgame(state: dp.State, seed: int, plies: int, step: str) -> dp.State | None:
    """``state`` after ``plies`` greedy decisions, then on to the next ``step`` with more than one choice."""
    greedy, rng = GreedyPolicy(), random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            return None
        state.apply(greedy.choose(state, rng))
    while not state.is_over():
        if state.step == step and len(state.legal_actions()) > 1:
            return state
        state.apply(greedy.choose(state, rng))
    return None


def positions() -> dict[str, dp.State]:
    out: dict[str, dp.State] = {}
    seed = 0
    while sum(k.startswith("solo") for k in out) < SOLO:
        i = sum(k.startswith("solo") for k in out)
        player, difficulty = ("red", "white")[i % 2], 1 + i % 6
        step = "card" if i % 3 else "command"
        s = midgame(dp.new_game("solo", 100 + seed, player=player, difficulty=difficulty), seed,
                    plies=4 + 5 * (i % 4), step=step)
        seed += 1
        if s is not None:
            out[f"solo-{i + 1:02d}-{player}-x{difficulty}-round{s.round}-{step}"] = s
    while sum(k.startswith("two") for k in out) < TWO_PLAYER:
        i = sum(k.startswith("two") for k in out)
        step = "card" if i % 3 else "command"
        s = midgame(dp.new_game("two-player", 200 + seed), seed, plies=15 + 12 * (i % 5), step=step)
        seed += 1
        if s is not None:
            out[f"two-{i + 1:02d}-{s.to_act}-round{s.round}-{step}"] = s
    return out


def load() -> dict[str, dp.State]:
    """The stored positions, by name (file stem), in name order."""
    return {p.stem: dp.State.from_json(p.read_text(encoding="utf-8")) for p in sorted(HERE.glob("*.json"))}


def main() -> int:
    for old in HERE.glob("*.json"):
        old.unlink()
    for name, s in positions().items():
        (HERE / f"{name}.json").write_text(s.to_json(indent=1) + "\n", encoding="utf-8")
        print(f"{name}: {len(s.legal_actions())} legal actions for {s.to_act}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
