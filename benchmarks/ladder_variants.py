"""Try other stand-in values for the solo ladder: the advisor's win rate at X = 1 and X = 6.

    python benchmarks/ladder_variants.py                          # every variant, 100 games per faction and X
    python benchmarks/ladder_variants.py --variants stand-in,recruit-1-track-20 --games 250 --workers 2
    python benchmarks/ladder_variants.py --list                   # what each variant changes

Each variant is the packaged components file with some values marked ``stand-in``
changed (never a rulebook value), written as a JSON components file to a temporary
folder and played with :mod:`dualpowers.simulate`: the advisor the ladder was measured
with (``advisor-v2``, 100 playouts a decision) as the solo player, both factions, at each
difficulty asked for.  Games are
seeded (``--seed``), so every variant meets the same deals.

The figure that matters for the ladder's goal (at least 50 % at X = 1, at most 25 %
at X = 6) is how far X moves the win rate; on the log-odds scale the goal needs a drop
of at least 1.1 (from 50 % to 25 %), whatever the level it starts from, so the script
prints that drop beside the rates.  docs/difficulty.md records the results.  A figure
to compare components files, never a test.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dualpowers.simulate import SimConfig, iter_rows  # noqa: E402
from dualpowers.stats import logit, wilson_interval  # noqa: E402

COMPONENTS = ROOT / "dualpowers" / "data" / "components.toml"
#: The player of docs/difficulty.md's figures: the advisor before issue 20, kept by name (the
#: ladder's goal is retired; its figures stay reproducible).
LADDER_POLICY = "advisor-v2"
Edit = Callable[[dict[str, Any]], None]


def _card_suffix(card_id: str) -> str:
    """ "red-4b" -> "4b": the card's place in its region's eight (the stand-in deck repeats it per region)."""
    return card_id.split("-", 1)[1]


def recruit_by_suffix(values: dict[str, int]) -> Edit:
    """Set every card's recruit value by its place in the region ("4" -> 2, ...)."""
    def edit(data: dict[str, Any]) -> None:
        for row in data["command_cards"]["cards"]:
            row[3] = values.get(_card_suffix(row[0]), row[3])
    return edit


def vp_from_days(offset: int) -> Edit:
    """Victory points = day number + ``offset`` (purple-4 stays worth more than purple-2)."""
    def edit(data: dict[str, Any]) -> None:
        for row in data["command_cards"]["cards"]:
            row[5] = row[2] + offset
    return edit


def track(length: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["track"]["length"] = length
    return edit


def leaders_fresh(delta: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for leader in data["leaders"]:
            leader["fresh"] += delta
    return edit


def units_exhausted(values: dict[str, int]) -> Edit:
    """Exhausted strengths of faction units by number ("3" -> R3 and W3)."""
    def edit(data: dict[str, Any]) -> None:
        for side in ("red", "white"):
            for row in data["units"][side]:
                row[3] = values.get(row[0][1:], row[3])
    return edit


#: Recruit value 1 everywhere but each region's "-4" card, which Examples A and B need at 2.
RECRUIT_1 = {"2": 1, "3": 1, "3b": 1, "4": 2, "4b": 1, "5": 1, "5b": 1, "6": 1}
#: Recruit values 1 and 2 alternating (mean 1.5): the Opposition can use 18 units, not 9.
RECRUIT_HALF = {"2": 1, "3": 2, "3b": 1, "4": 2, "4b": 1, "5": 2, "5b": 1, "6": 2}

VARIANTS: dict[str, tuple[str, list[Edit]]] = {
    "stand-in": ("the packaged stand-in", []),
    "track-20": ("support track 20 a side (every game lasts its three rounds)", [track(20)]),
    "recruit-1": ("recruit value 1 but the -4 cards (2): weak fresh Opposition units", [recruit_by_suffix(RECRUIT_1)]),
    "recruit-1-track-20": ("recruit-1 and track 20", [recruit_by_suffix(RECRUIT_1), track(20)]),
    "recruit-1-track-20-vp-days": ("recruit-1, track 20, victory points = days - 1",
                                   [recruit_by_suffix(RECRUIT_1), track(20), vp_from_days(-1)]),
    "recruit-1-5b-3-track-20": ("recruit-1 but the 5b cards at 3, track 20",
                                [recruit_by_suffix({**RECRUIT_1, "5b": 3}), track(20)]),
    "recruit-half-track-20": ("recruit values 1 and 2 alternating, track 20",
                              [recruit_by_suffix(RECRUIT_HALF), track(20)]),
    "recruit-1-track-20-leaders+1": ("recruit-1, track 20, every leader one stronger fresh",
                                     [recruit_by_suffix(RECRUIT_1), track(20), leaders_fresh(1)]),
    "recruit-1-track-20-tired-units": ("recruit-1, track 20, units 3, 4, 6, 7 exhausted at 0",
                                       [recruit_by_suffix(RECRUIT_1), track(20),
                                        units_exhausted({"3": 0, "4": 0, "6": 0, "7": 0})]),
}


def write_variant(name: str, folder: Path) -> Path:
    """The components file of variant ``name`` (JSON, same structure as the TOML)."""
    with COMPONENTS.open("rb") as f:
        data = tomllib.load(f)
    for edit in VARIANTS[name][1]:
        edit(data)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def measure(name: str, folder: Path, games: int, difficulties: tuple[int, ...], seed: int,
            workers: int | None) -> dict[str, Any]:
    config = SimConfig(mode="solo", difficulties=difficulties, player="both", policy=LADDER_POLICY, seed=seed,
                       components=str(write_variant(name, folder)))
    wins = {x: 0 for x in difficulties}
    played = {x: 0 for x in difficulties}
    for row in iter_rows(config, games * 2 * len(difficulties), workers=workers):
        played[row["difficulty"]] += 1
        wins[row["difficulty"]] += bool(row["player_won"])
    result: dict[str, Any] = {"variant": name, "games_per_difficulty": games * 2}
    for x in difficulties:
        low, high = wilson_interval(wins[x], played[x])
        result[f"x{x}"] = {"wins": wins[x], "rate": wins[x] / played[x], "low": low, "high": high}
    lo, hi = min(difficulties), max(difficulties)
    result["logit_drop"] = logit(result[f"x{lo}"]["rate"], 1e-3) - logit(result[f"x{hi}"]["rate"], 1e-3)
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated names (default: all)")
    ap.add_argument("--games", type=int, default=100, help="games per faction and difficulty")
    ap.add_argument("--difficulties", default="1,6")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--list", action="store_true", help="print the variants and what they change")
    args = ap.parse_args(argv)
    if args.list:
        for name, (what, _) in VARIANTS.items():
            print(f"{name:32} {what}")
        return
    names = [n.strip() for n in args.variants.split(",") if n.strip()]
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        ap.error(f"unknown variant {', '.join(unknown)}; --list shows them")
    difficulties = tuple(int(x) for x in args.difficulties.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            r = measure(name, Path(tmp), args.games, difficulties, args.seed, args.workers)
            if args.json:
                print(json.dumps(r), flush=True)
                continue
            cells = "  ".join(f"X = {x}: {r[f'x{x}']['rate']:.1%} ({r[f'x{x}']['low']:.1%}-{r[f'x{x}']['high']:.1%})"
                              for x in difficulties)
            print(f"{name:32} {cells}  log-odds drop {r['logit_drop']:.2f}", flush=True)


if __name__ == "__main__":
    main()
