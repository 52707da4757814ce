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
* stable advice, on the stored benchmark positions (``benchmarks/positions/``, 12 solo
  and 10 two-player mid-game positions made by ``make_positions.py``): the default
  :class:`~dualpowers.advisor.Advisor` ranks each with three seeds;
  ``seed_agreement`` is the share of positions where the three agree on the top choice
  and ``top_choice_s`` the median CPU seconds of one ranking (goals: >= 0.8 and <= 1.0 s);
  the same for the first version's search (``v1_*``: random playouts to the end of the
  game, 2,000 playouts);
* time to a stable top choice on the stored solo positions: the search runs in steps
  of ``--step`` playouts up to twice the default budget; the top action is *stable*
  from the first step after which it never changes again.

The playout rates are of the first version's search (random playouts) and of the
informed playouts (``informed_*``).  These are figures to read, never test assertions.
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
from dualpowers.advisor import (DEFAULT_PLAYOUTS, POLICY_HORIZON, POLICY_PLAYOUTS, Advisor,  # noqa: E402
                                Search)

sys.path.insert(0, str(Path(__file__).resolve().parent / "positions"))
from make_positions import load as load_positions  # noqa: E402
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


#: The first version's search (the Advisor's options), for comparison.
V1 = {"horizon": "game", "playout": "random", "value": "win"}
V1_PLAYOUTS = 2000
SEEDS = (1, 2, 3)


def search_rate(state: dp.State, seconds: float, horizon: str = "game", playout: str = "random",
                value: str = "win") -> float:
    """Search playouts per CPU second."""
    search = Search(state, seed=0, horizon=horizon, playout=playout, value=value)
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


def agreement(positions: dict[str, dp.State], advisor: Advisor) -> tuple[float, float, list[str]]:
    """(share of positions where every seed gives the same top choice, median CPU s of one
    ranking, names of the positions where they differ)."""
    agree, times, differ = 0, [], []
    for name, state in positions.items():
        tops = set()
        for seed in SEEDS:
            advisor.seed = seed
            start = time.process_time()
            tops.add(advisor.rank(state).best.text)
            times.append(time.process_time() - start)
        agree += len(tops) == 1
        if len(tops) > 1:
            differ.append(name)
    return agree / len(positions), statistics.median(times), differ


def stability(state: dp.State, budget: int, step: int) -> dict[str, float | bool]:
    """Run to 2 x budget in steps; when the top choice settled, and what the budget itself gave."""
    search = Advisor(seed=0).search(state)
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
    parser.add_argument("--positions", type=int, default=6,
                        help="stored solo positions for the time-to-stable test (default 6)")
    parser.add_argument("--no-v1", action="store_true", help="skip the first version's agreement (slow)")
    parser.add_argument("--agreement-positions", type=int, default=None,
                        help="use only the first N stored positions for the agreement (default: all)")
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
    informed_solo = search_rate(solo, args.seconds, "round", "informed", "margin")
    informed_two = search_rate(two, args.seconds, "round", "informed", "margin")
    stored = load_positions()
    if args.agreement_positions:
        stored = dict(list(stored.items())[:args.agreement_positions])
    seed_agreement, top_choice_s, differ = agreement(stored, Advisor(playouts=args.budget))
    if args.no_v1:
        v1_agreement = v1_s = None
    else:
        v1_agreement, v1_s, _ = agreement(stored, Advisor(playouts=V1_PLAYOUTS, **V1))
    positions = [s for name, s in stored.items() if name.startswith("solo")][:args.positions]
    runs = [stability(s, args.budget, args.step) for s in positions]
    figures = {
        "default_playouts": args.budget,
        "solo_playouts_per_s": round(solo_search, 1),
        "two_player_playouts_per_s": round(two_search, 1),
        "solo_random_playouts_per_s": round(solo_random, 1),
        "two_player_random_playouts_per_s": round(two_random, 1),
        "solo_round_playouts_per_s": round(solo_round, 1),
        "two_player_round_playouts_per_s": round(two_round, 1),
        "informed_solo_round_playouts_per_s": round(informed_solo, 1),
        "informed_two_player_round_playouts_per_s": round(informed_two, 1),
        "policy_decision_ms_solo": round(1000 * POLICY_PLAYOUTS / informed_solo, 1),
        "policy_decision_ms_two_player": round(1000 * POLICY_PLAYOUTS / informed_two, 1),
        "agreement_positions": len(stored),
        "seed_agreement": round(seed_agreement, 3),
        "top_choice_s": round(top_choice_s, 3),
        "positions_seeds_differ": differ,
        "v1_seed_agreement": None if v1_agreement is None else round(v1_agreement, 3),
        "v1_top_choice_s": None if v1_s is None else round(v1_s, 3),
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
    print(f"  random playouts to the end of the round, /s {figures['solo_round_playouts_per_s']:>8,.0f} solo, "
          f"{figures['two_player_round_playouts_per_s']:,.0f} two-player")
    print(f"  informed playouts to the end of the round, /s {figures['informed_solo_round_playouts_per_s']:>6,.0f} solo,"
          f" {figures['informed_two_player_round_playouts_per_s']:,.0f} two-player: an AdvisorPolicy decision "
          f"({POLICY_PLAYOUTS} playouts) takes {figures['policy_decision_ms_solo']:.0f} ms solo, "
          f"{figures['policy_decision_ms_two_player']:.0f} ms two-player")
    print(f"  seed agreement on the top choice, {len(stored)} stored positions, seeds {SEEDS}: "
          f"{figures['seed_agreement']:.2f} (goal >= 0.8); median {figures['top_choice_s']:.2f} s a ranking "
          f"(goal <= 1.0 s); differ: {', '.join(differ) or 'none'}")
    if v1_agreement is not None:
        print(f"  the first version's search ({V1_PLAYOUTS:,} random playouts to the end of the game): "
              f"agreement {figures['v1_seed_agreement']:.2f}, median {figures['v1_top_choice_s']:.2f} s")
    print(f"  default budget: {args.budget:,} playouts; stability over {n} stored solo positions,"
          f" steps of {args.step}, up to {2 * args.budget:,}:")
    print(f"  time to a stable top choice, median     {figures['stable_s_median']:>8.2f} s"
          f"   (max {figures['stable_s_max']:.2f} s, median {figures['stable_playouts_median']:,.0f} playouts)")
    print(f"  time of the default budget, median      {figures['budget_s_median']:>8.2f} s"
          f"   (max {figures['budget_s_max']:.2f} s)")
    print(f"  default budget already on the final top {figures['budget_agrees']:>5} of {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
