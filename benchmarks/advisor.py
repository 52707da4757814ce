"""Advisor speed figures, on one core.

    python benchmarks/advisor.py            # a readable table
    python benchmarks/advisor.py --json     # one JSON object

Times are CPU time of this process (pinned to one core), so other load on the
machine does not count.  Figures:

* playouts per second of the search (determinize, walk the tree, random playout to
  the end, back up), on a mid-game solo and a mid-game two-player position, beside
  bare random playouts from the same positions (what the tree costs on top), and
  with playouts cut at the end of the round (``horizon="round"``, what
  :class:`~dualpowers.advisor.AdvisorPolicy` uses), with the time of one of its
  decisions (:data:`~dualpowers.advisor.POLICY_PLAYOUTS` playouts);
* time to a stable top choice on typical mid-game solo positions: the search runs
  in steps of ``--step`` playouts up to twice the default budget; the top action is
  *stable* from the first step after which it never changes again.  Reported: the
  median time and playouts to that point, the time the default budget takes, and
  in how many positions the default budget already gives the final top choice.
  Target (issue): <= 2 s on one core for the default budget.

A "typical mid-game solo position" is the start of round 2 after the greedy policy
played round 1 for the player (seeds 0..N-1, both factions, difficulty 2).
These are figures to read, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dualpowers as dp  # noqa: E402
from dualpowers.advisor import DEFAULT_PLAYOUTS, POLICY_HORIZON, POLICY_PLAYOUTS, Search  # noqa: E402
from dualpowers.views import canonical, determinize  # noqa: E402
from dualpowers.policies import GreedyPolicy  # noqa: E402

from engine import pin_one_core  # noqa: E402


def solo_midgame(seed: int) -> dp.State | None:
    """Round 2's first decision after greedy play in round 1 (None if the game ended first)."""
    s = dp.new_game("solo", seed, player="white" if seed % 2 else "red", difficulty=2)
    greedy, rng = GreedyPolicy(), random.Random(seed)
    while not s.is_over() and s.round < 2:
        s.apply(greedy.choose(s, rng))
    while not s.is_over() and s.step != "card":
        s.apply(greedy.choose(s, rng))
    return None if s.is_over() else s


def two_player_midgame(seed: int) -> dp.State:
    s = dp.new_game("two-player", seed)
    rng = random.Random(seed)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    while s.step != "card":
        s.apply(rng.choice(s.legal_actions()))
    return s


def search_rate(state: dp.State, seconds: float, horizon: str = "game") -> float:
    """Search playouts per CPU second."""
    search = Search(state, seed=0, horizon=horizon)
    start = time.process_time()
    while time.process_time() - start < seconds:
        search.run(50)
    return search.playouts / (time.process_time() - start)


def random_rate(state: dp.State, seconds: float) -> float:
    """Bare random playouts (determinize and play to the end) per CPU second."""
    view, side, rng = canonical(state, state.to_act), state.to_act, random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        d = determinize(view, side, rng)
        while d.step != "over":
            d.apply(rng.choice(d.legal_actions()))
        n += 1
    return n / (time.process_time() - start)


def stability(state: dp.State, budget: int, step: int) -> dict[str, float | bool]:
    """Run to 2 x budget in steps; when the top choice settled, and what the budget itself gave."""
    search = Search(state, seed=0)
    trace: list[tuple[int, float, object]] = []
    start = time.process_time()
    while search.playouts < 2 * budget:
        search.run(step)
        trace.append((search.playouts, time.process_time() - start, search.best_action()))
    final = trace[-1][2]
    stable_at = len(trace) - 1
    while stable_at > 0 and trace[stable_at - 1][2] == final:
        stable_at -= 1
    at_budget = next(t for t in trace if t[0] >= budget)
    return {
        "stable_playouts": trace[stable_at][0],
        "stable_s": trace[stable_at][1],
        "budget_s": at_budget[1],
        "budget_agrees": at_budget[2] == final,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per playout-rate measurement (default 2)")
    parser.add_argument("--positions", type=int, default=6, help="solo positions for the stability test (default 6)")
    parser.add_argument("--step", type=int, default=100, help="playouts between checks of the top choice (default 100)")
    parser.add_argument("--budget", type=int, default=DEFAULT_PLAYOUTS, help="budget to judge (default: the default)")
    args = parser.parse_args(argv)
    pin_one_core()
    solo = solo_midgame(0)
    assert solo is not None
    two = two_player_midgame(0)
    solo_search, two_search = search_rate(solo, args.seconds), search_rate(two, args.seconds)
    solo_random, two_random = random_rate(solo, args.seconds), random_rate(two, args.seconds)
    solo_round, two_round = (search_rate(solo, args.seconds, POLICY_HORIZON),
                             search_rate(two, args.seconds, POLICY_HORIZON))
    positions = [s for s in (solo_midgame(seed) for seed in range(args.positions * 2)) if s is not None][:args.positions]
    runs = [stability(s, args.budget, args.step) for s in positions]
    figures = {
        "default_playouts": args.budget,
        "solo_playouts_per_s": round(solo_search, 1),
        "two_player_playouts_per_s": round(two_search, 1),
        "solo_random_playouts_per_s": round(solo_random, 1),
        "two_player_random_playouts_per_s": round(two_random, 1),
        "solo_round_playouts_per_s": round(solo_round, 1),
        "two_player_round_playouts_per_s": round(two_round, 1),
        "policy_decision_ms_solo": round(1000 * POLICY_PLAYOUTS / solo_round, 1),
        "policy_decision_ms_two_player": round(1000 * POLICY_PLAYOUTS / two_round, 1),
        "positions": len(runs),
        "stable_s_median": round(statistics.median(r["stable_s"] for r in runs), 3),
        "stable_s_max": round(max(r["stable_s"] for r in runs), 3),
        "stable_playouts_median": statistics.median(r["stable_playouts"] for r in runs),
        "budget_s_median": round(statistics.median(r["budget_s"] for r in runs), 3),
        "budget_s_max": round(max(r["budget_s"] for r in runs), 3),
        "budget_agrees": sum(bool(r["budget_agrees"]) for r in runs),
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    n = figures["positions"]
    print(f"dualpowers {dp.__version__} advisor on Python {platform.python_version()}, one core, CPU time")
    print(f"  search playouts/s, solo mid-game        {figures['solo_playouts_per_s']:>8,.0f}"
          f"   (bare random playouts {figures['solo_random_playouts_per_s']:,.0f})")
    print(f"  search playouts/s, two-player mid-game  {figures['two_player_playouts_per_s']:>8,.0f}"
          f"   (bare random playouts {figures['two_player_random_playouts_per_s']:,.0f})")
    print(f"  playouts to the end of the round, /s    {figures['solo_round_playouts_per_s']:>8,.0f} solo, "
          f"{figures['two_player_round_playouts_per_s']:,.0f} two-player: an AdvisorPolicy decision "
          f"({POLICY_PLAYOUTS} playouts) takes {figures['policy_decision_ms_solo']:.0f} ms solo, "
          f"{figures['policy_decision_ms_two_player']:.0f} ms two-player")
    print(f"  default budget: {args.budget:,} playouts; stability over {n} solo positions (round 2 start),"
          f" steps of {args.step}, up to {2 * args.budget:,}:")
    print(f"  time to a stable top choice, median     {figures['stable_s_median']:>8.2f} s"
          f"   (max {figures['stable_s_max']:.2f} s, median {figures['stable_playouts_median']:,.0f} playouts)")
    print(f"  time of the default budget, median      {figures['budget_s_median']:>8.2f} s"
          f"   (max {figures['budget_s_max']:.2f} s; target <= 2 s)")
    print(f"  default budget already on the final top {figures['budget_agrees']:>5} of {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
