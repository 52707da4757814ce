"""Engine speed figures, on one core.

    python benchmarks/engine.py            # a readable table
    python benchmarks/engine.py --json     # one JSON object

Times are CPU time of this process, so other load on the machine does not count.
Random games pick uniformly among legal actions.  A "ply" is one call of
``legal_actions()`` plus one ``apply()``, with the game-over test; python-chess
random playouts are timed the same way (``is_game_over()``, ``legal_moves``,
``push``) for comparison.  Targets (issue 2): >= 1,500 solo games/s, >= 400
two-player games/s, ply cost <= python-chess's.

Playouts (``*_playout_games_per_s``) play the same games through the quiet path
that simulations and searches use, ``State.push`` (no second check, no
narration), like python-chess's ``push``.  ``solo_norm`` and ``two_player_norm``
are playout games/s times python-chess's microseconds per ply measured in the
same run, so the machine's speed cancels out (issue 12 goals: >= 150,000 and
>= 50,000); ``*_norm_checked`` do the same for ``apply``.  ``clone_us`` and ``key_us``:
the cost of copying and of comparing a position (issue 31: written from one declaration,
they must cost no more than the methods once written by hand).  These are figures to
read, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dualpowers as dp  # noqa: E402


def pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


def random_games(mode: str, seconds: float, quiet: bool = False) -> tuple[float, float]:
    """(games per second, microseconds per ply) for random games of ``mode``;
    ``quiet``: through ``State.push`` instead of ``State.apply``."""
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        s = dp.new_game(mode, games, player="red" if games % 2 else "white", difficulty=1 + games % 6)
        rng = random.Random(games)
        play = s.push if quiet else s.apply
        while not s.is_over():
            play(rng.choice(s.legal_actions()))
            plies += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, elapsed / plies * 1e6


def ply_cost(seconds: float) -> float:
    """Microseconds per ply over a mix of two-player and solo random games, excluding setup."""
    spent = 0.0
    plies = 0
    g = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        s = dp.new_game("two-player" if g % 2 else "solo", g)
        rng = random.Random(g)
        t = time.process_time()
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            plies += 1
        spent += time.process_time() - t
        g += 1
    return spent / plies * 1e6


def chess_ply_cost(seconds: float) -> float | None:
    try:
        import chess
    except ImportError:
        return None
    spent = 0.0
    plies = 0
    g = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        board = chess.Board()
        rng = random.Random(g)
        t = time.process_time()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        spent += time.process_time() - t
        g += 1
    return spent / plies * 1e6


def fip_rate(seconds: float) -> float:
    positions = []
    for g in range(20):
        s = dp.new_game("two-player", g)
        rng = random.Random(g)
        for _ in range(40):
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
        positions.append(s)
    regions = positions[0].regions
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s in positions:
            for r in regions:
                dp.force_in_presence(s, r)
        calls += len(positions) * len(regions)
    return calls / (time.process_time() - start)


def copy_and_key_costs(seconds: float) -> tuple[float, float]:
    """(microseconds per ``clone()``, per ``key()``) over positions along random games of both
    modes: the copy a search makes of each position it explores, and what ``==`` and ``hash``
    compare (both written from the position's one declaration, dualpowers.position)."""
    states = []
    for g in range(12):
        s = dp.new_game("solo" if g % 2 else "two-player", g, player="red", difficulty=3)
        rng = random.Random(g)
        for _ in range(rng.randrange(5, 60)):
            if s.is_over():
                break
            s.push(rng.choice(s.legal_actions()))
        states.append(s)
    costs = []
    for method in ("clone", "key"):
        calls = 0
        start = time.process_time()
        while time.process_time() - start < seconds / 2:
            for s in states:
                getattr(s, method)()
            calls += len(states)
        costs.append((time.process_time() - start) / calls * 1e6)
    return costs[0], costs[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args(argv)
    pin_one_core()
    chess_before = chess_ply_cost(args.seconds / 2)
    solo, solo_ply = random_games("solo", args.seconds)
    two, two_ply = random_games("two-player", args.seconds)
    solo_fast, _ = random_games("solo", args.seconds, quiet=True)
    two_fast, _ = random_games("two-player", args.seconds, quiet=True)
    ply = ply_cost(args.seconds)
    chess_after = chess_ply_cost(args.seconds / 2)
    clone_us, key_us = copy_and_key_costs(args.seconds)
    # python-chess timed before and after, so a change of machine load shows as a spread.
    chess_ply = (chess_before + chess_after) / 2 if chess_before and chess_after else None

    def norm(rate: float) -> float | None:
        return round(rate * chess_ply) if chess_ply else None

    figures = {
        "solo_games_per_s": round(solo, 1),
        "two_player_games_per_s": round(two, 1),
        "solo_playout_games_per_s": round(solo_fast, 1),
        "two_player_playout_games_per_s": round(two_fast, 1),
        "ply_us": round(ply, 2),
        "chess_ply_us": round(chess_ply, 2) if chess_ply else None,
        "chess_ply_us_spread": [round(chess_before, 2), round(chess_after, 2)] if chess_ply else None,
        "ply_ratio": round(ply / chess_ply, 3) if chess_ply else None,
        "solo_norm": norm(solo_fast),
        "two_player_norm": norm(two_fast),
        "solo_norm_checked": norm(solo),
        "two_player_norm_checked": norm(two),
        "fip_per_s": round(fip_rate(args.seconds), 1),
        "clone_us": round(clone_us, 2),
        "key_us": round(key_us, 2),
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"dualpowers {dp.__version__} on Python {platform.python_version()}, one core")
    print(f"  random solo games/s        {figures['solo_games_per_s']:>10,.0f}   (target >= 1,500)")
    print(f"  random two-player games/s  {figures['two_player_games_per_s']:>10,.0f}   (target >= 400)")
    print(f"  playouts (push) solo/s     {figures['solo_playout_games_per_s']:>10,.0f}   "
          f"(x chess us/ply = solo_norm {figures['solo_norm'] or 0:,}, goal >= 150,000)")
    print(f"  playouts (push) 2p/s       {figures['two_player_playout_games_per_s']:>10,.0f}   "
          f"(x chess us/ply = two_player_norm {figures['two_player_norm'] or 0:,}, goal >= 50,000)")
    print(f"  us per ply                 {figures['ply_us']:>10.1f}   (solo {solo_ply:.1f}, two-player {two_ply:.1f}, with setup)")
    if chess_ply:
        print(f"  python-chess us per ply    {figures['chess_ply_us']:>10.1f}   (ratio {figures['ply_ratio']:.2f}, target <= 1)")
    else:
        print("  python-chess not installed: pip install chess to compare")
    print(f"  force_in_presence calls/s  {figures['fip_per_s']:>10,.0f}")
    print(f"  clone() / key() us         {clone_us:>10.2f} / {key_us:.2f}   (a position copied / compared)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
