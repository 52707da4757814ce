"""The ``dualpowers`` command line: look at positions and rules without Jupyter.

    dualpowers rules                      # every rule ID, rulings and engine decisions marked
    dualpowers presence POSITION          # Force in Presence of every region, with reasons
    dualpowers new [--solo white --difficulty 3] [--seed 7]   # a new game's notation
    dualpowers random-game --seed 7       # play a random game, print the log and the result

POSITION is a JSON file, a JSON string or a one-line notation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from . import __version__
from .errors import DualPowersError
from .presence import force_in_presence
from .rules import rules
from .setup import new_game
from .state import State


def read_position(text: str) -> State:
    """A position from a file path, a JSON string or a notation string."""
    path = Path(text)
    if len(text) < 4096 and path.suffix in (".json", ".txt") and path.exists():
        text = path.read_text(encoding="utf-8")
    text = text.strip()
    if text.startswith("{"):
        return State.from_json(text)
    return State.from_notation(text)


def _rules(args: argparse.Namespace) -> int:
    for r in rules():
        mark = " (engine)" if r.engine else " (ruling)" if r.ruling else ""
        print(f"{r.id:<18} {r.summary}{mark}")
    return 0


def _presence(args: argparse.Namespace) -> int:
    s = read_position(args.position)
    for region in s.regions:
        p = force_in_presence(s, region)
        print(f"{region:<7} {p.winner or '-':<6} red {p.strength['red']:>2} ({p.tokens['red']} tokens)  "
              f"white {p.strength['white']:>2} ({p.tokens['white']} tokens)  {p.reason}")
    return 0


def _new(args: argparse.Namespace) -> int:
    if args.solo:
        s = new_game("solo", args.seed, player=args.solo, difficulty=args.difficulty, edition=args.edition)
    else:
        s = new_game("two-player", args.seed, edition=args.edition)
    print(s.notation())
    return 0


def _random_game(args: argparse.Namespace) -> int:
    mode = "solo" if args.solo else "two-player"
    s = new_game(mode, args.seed, player=args.solo or "red", difficulty=args.difficulty, edition=args.edition)
    rng = random.Random(args.seed)
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        if not args.quiet:
            print(f"> {action}")
            for e in events:
                print(f"    {e.text}")
    print(json.dumps({"winner": s.winner(), "score": s.score, "round": s.round, "reason": s.end_reason}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dualpowers", description="Dual Powers: Revolution 1917 rules engine")
    parser.add_argument("--version", action="version", version=f"dualpowers {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rules", help="list every rule ID").set_defaults(func=_rules)
    p = sub.add_parser("presence", help="Force in Presence of every region of a position")
    p.add_argument("position", help="JSON file, JSON string or notation")
    p.set_defaults(func=_presence)
    for name, func, helptext in (("new", _new, "print a new game's notation"),
                                 ("random-game", _random_game, "play a random game")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--solo", choices=("red", "white"), help="solo game, playing this side")
        p.add_argument("--difficulty", type=int, default=1, choices=range(1, 7))
        p.add_argument("--edition", choices=("fr", "it"), default="fr")
        if name == "random-game":
            p.add_argument("--quiet", action="store_true", help="print only the result")
        p.set_defaults(func=func)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except DualPowersError as exc:
        print(f"dualpowers: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
