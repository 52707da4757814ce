"""Soak test: play many random games and check every invariant after every action.

    python benchmarks/soak.py --games 1000            # a summary table
    python benchmarks/soak.py --games 200 --json      # one JSON object

Each game (solo and two-player alternately, every difficulty and side, both
editions) is played by uniform random choice among the legal actions.  After every
action the position must:

* read back from its JSON and its notation identically: the reader re-checks every
  invariant of docs/positions.md ("Positions that cannot happen"), so a position
  the engine reaches but the reader refuses is counted as a break;
* hold every card exactly once and every token in exactly one place;
* have a legal action unless the game is over, and keep its score on the track.

A refused probe (an action that is not legal) must leave the state equal.  The
script prints the totals; it exits 1 if any invariant broke.  CI runs it with a
tiny budget (tests/test_benchmarks.py); a long run is for people.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dualpowers as dp  # noqa: E402
from dualpowers.actions import parse_action  # noqa: E402

PROBES = ("pass", "play red-2", "move R1 green", "objective Lenin", "inspire", "bonus-draw", "score-unrest",
          "recruit R1", "rest N1", "double-move Trotsky red")


def check(s: dp.State) -> list[str]:
    """Every broken invariant of ``s``, in words (empty when all hold)."""
    broken = []
    try:
        again = dp.State.from_dict(s.to_dict(), s.comp)
        if again != s:
            broken.append("JSON round trip differs")
        text = s.notation()
        if dp.State.from_notation(text, s.comp).notation() != text:
            broken.append("notation round trip differs")
    except dp.PositionError as exc:
        broken.append(f"reader refuses a reached position: {exc}")
    cards = [c for c, _ in s.all_card_places()]
    every = list(s.comp.cards) + list(s.comp.leaders)
    if sorted(cards) != sorted(every):
        broken.append(f"cards not each in one place ({len(cards)} placed of {len(every)})")
    if set(s.place) != set(s.comp.tokens):
        broken.append("a token has no place")
    if abs(s.score) > s.comp.track_length:
        broken.append(f"score {s.score} off the track")
    if not s.is_over() and not s.legal_actions():
        broken.append(f"no legal action at step {s.step}")
    return broken


def soak(games: int, seed: int, probes: bool = True) -> dict[str, object]:
    totals = {"games": 0, "actions": 0, "positions_checked": 0, "probes_refused": 0, "breaks": 0,
              "solo_games": 0, "two_player_games": 0}
    first_breaks: list[str] = []
    start = time.process_time()
    for i in range(games):
        rng = random.Random(seed * 100_003 + i)
        if i % 2:
            s = dp.new_game("solo", rng.randrange(2**31), player=rng.choice(("red", "white")),
                            difficulty=rng.randint(1, 6), edition=rng.choice(("fr", "it")))
            totals["solo_games"] += 1
        else:
            s = dp.new_game("two-player", rng.randrange(2**31), edition=rng.choice(("fr", "it")))
            totals["two_player_games"] += 1
        while True:
            broken = check(s)
            totals["positions_checked"] += 1
            if broken:
                totals["breaks"] += len(broken)
                first_breaks.extend(f"game {i}, action {totals['actions']}: {b}" for b in broken)
                break
            if s.is_over():
                break
            if probes:
                probe = parse_action(rng.choice(PROBES))
                if not s.is_legal(probe):
                    before = s.to_dict()
                    try:
                        s.apply(probe)
                        first_breaks.append(f"game {i}: {probe} applied though is_legal said no")
                        totals["breaks"] += 1
                        break
                    except dp.IllegalAction:
                        totals["probes_refused"] += 1
                    if s.to_dict() != before:
                        first_breaks.append(f"game {i}: a refused {probe} changed the state")
                        totals["breaks"] += 1
                        break
            s.apply(rng.choice(s.legal_actions()))
            totals["actions"] += 1
        totals["games"] += 1
    totals["cpu_seconds"] = round(time.process_time() - start, 2)
    totals["first_breaks"] = first_breaks[:10]
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--no-probes", action="store_true", help="do not try an illegal action in each position")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    totals = soak(args.games, args.seed, probes=not args.no_probes)
    if args.json:
        print(json.dumps(totals))
    else:
        for key, value in totals.items():
            if key != "first_breaks":
                print(f"{key:<20} {value}")
        for line in totals["first_breaks"]:  # type: ignore[union-attr]
            print(f"BREAK  {line}")
    return 1 if totals["breaks"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
