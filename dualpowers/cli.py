"""The ``dualpowers`` command line: look at positions and rules without Jupyter.

    dualpowers rules                      # every rule ID, rulings and engine decisions marked
    dualpowers presence POSITION          # Force in Presence of every region, with reasons
    dualpowers new [--solo white --difficulty 3] [--seed 7]   # a new game's notation
    dualpowers random-game --seed 7       # play a random game, print the log and the result
    dualpowers simulate --games 1000 --mode solo --difficulty 1-6 --player both --policy greedy \
                        --out results.csv      # many games, on every core; win rates with 95% CIs

POSITION is a JSON file, a JSON string or a one-line notation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Iterator, NoReturn, TextIO

from . import __version__
from .errors import DualPowersError, brief
from .policies import PolicySpecError
from .presence import force_in_presence
from .rules import rules
from .schema import MAX_TEXT
from .setup import new_game
from .state import State


class UsageError(DualPowersError, ValueError):
    """A command-line argument that cannot be used (a missing file, a folder given as a file ...)."""


def _looks_like_path(text: str) -> bool:
    stripped = text.strip()
    if not stripped or stripped.startswith(("{", "[", "DP")) or "\n" in stripped or len(stripped) > 4096:
        return False
    if Path(stripped).exists():
        return True
    return not any(ch.isspace() for ch in stripped) and (Path(stripped).suffix.lower() in (".json", ".txt")
                                                          or "/" in stripped)


def read_position(text: str) -> State:
    """A position from a file path, a JSON string or a notation string.

    Every failure is a :class:`~dualpowers.errors.DualPowersError` with a short message:
    a missing file is named as missing, a folder as a folder, bytes that are not UTF-8
    as such; a position's errors are the reader's own.
    """
    if _looks_like_path(text):
        path = Path(text.strip())
        if not path.exists():
            raise UsageError(f"no such file: {brief(str(path), 120)}")
        if path.is_dir():
            raise UsageError(f"{brief(str(path), 120)} is a folder, not a position file")
        try:
            if path.stat().st_size > MAX_TEXT:
                raise UsageError(f"{brief(str(path), 120)} is too large to be a position ({path.stat().st_size:,} bytes)")
            raw = path.read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read {brief(str(path), 120)}: {exc.strerror or type(exc).__name__}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(f"{brief(str(path), 120)} is not UTF-8 text (byte {exc.start})") from None
    text = text.strip()
    if text.startswith(("{", "[", '"')):
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


class ProgressBar:
    """A one-line progress bar, redrawn in place at most ten times a second on a terminal.

    When ``stream`` is not a terminal (a log file, a pipe, CI) it draws nothing while
    the run goes on and writes one line at the end, so logs are not flooded.
    """

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.width = total, width
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = self._drawn = time.perf_counter()
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        now = time.perf_counter()
        if self.tty and (now - self._drawn >= 0.1 or done >= total):
            self._drawn = now
            self.stream.write("\r" + self._line(now) + "\x1b[K")
            self.stream.flush()

    def _line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        part = self.done / self.total if self.total else 1.0
        bar = "#" * int(part * self.width)
        eta = f"  eta {(self.total - self.done) / rate:.0f} s" if 0 < self.done < self.total else ""
        return f"{100 * part:3.0f}% [{bar:<{self.width}}] {self.done}/{self.total} games  {rate:.0f} games/s{eta}"

    def close(self, failed: bool = False) -> None:
        """End the bar: on a terminal, its last state; elsewhere one closing line.  After a
        failure, only end the line on a terminal (the error follows)."""
        elapsed = time.perf_counter() - self.start
        if failed:
            if self.tty and self.done:
                self.stream.write("\n")
        elif self.tty:
            self.stream.write("\r" + self._line(time.perf_counter()) + "\x1b[K\n")
        else:
            self.stream.write(f"{self.done} games in {elapsed:.1f} s ({self.done / max(elapsed, 1e-9):.0f} games/s)\n")
        self.stream.flush()


def parse_int_list(text: str, low: int, high: int) -> tuple[int, ...]:
    """``"3"``, ``"1-6"``, ``"1,3,5"`` or ``"1-3,6"`` as a tuple of ints within ``low..high``."""
    values: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            lo, hi = int(first), int(last if dash else first)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: expected a number, a range like {low}-{high} "
                                             f"or a list like 1,3,5") from None
        if not (low <= lo <= hi <= high):
            raise argparse.ArgumentTypeError(f"{text!r}: values must be within {low}-{high}, ranges low-high")
        values.extend(v for v in range(lo, hi + 1) if v not in values)
    return tuple(values)


def _simulate(args: argparse.Namespace) -> int:
    from . import simulate as sim

    if args.mode == "solo" and (args.red or args.white):
        raise sim.SimulationError("--red and --white name the policies of a two-player game; "
                                  "in solo, --policy names the player's")
    if args.mode == "two-player" and (args.player or args.difficulty):
        raise sim.SimulationError("--player and --difficulty are for solo games (--mode solo)")
    if args.dask and args.workers:
        raise sim.SimulationError("--workers counts local processes; with --dask the cluster's workers play")
    config = sim.SimConfig(
        mode=args.mode, edition=args.edition, difficulties=args.difficulty or (1,), player=args.player or "red",
        policy=args.policy, red=args.red or args.policy, white=args.white or args.policy, seed=args.seed,
        components=args.components)
    if args.out:
        sim.check_output(args.out)   # fail now, not after the games
    bar = None if args.no_progress else ProgressBar(args.games)
    rows = sim.iter_rows(config, args.games, workers=args.workers, dask=args.dask, chunk_size=args.chunk_size,
                         progress=bar, dask_timeout=args.dask_timeout)
    tally = sim.Tally()

    def counted() -> Iterator[dict[str, object]]:
        for row in rows:
            tally.add(row)
            yield row

    try:
        if args.out:
            written = sim.write_rows(counted(), args.out)
        else:
            written = sum(1 for _ in counted())
    except BaseException:
        if bar is not None:
            bar.close(failed=True)
        raise
    if bar is not None:
        bar.close()
    if args.out:
        print(f"wrote {written} rows to {args.out}", file=sys.stderr)
    print(sim.format_summary(tally.rows()))
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line (and exit status 2), not the whole usage text."""

    def error(self, message: str) -> "NoReturn":  # type: ignore[override]
        line = " ".join(message.split())
        self.exit(2, f"{self.prog}: {line[:ERROR_WIDTH]} (see: {self.prog} --help)\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="dualpowers", description="Dual Powers: Revolution 1917 rules engine")
    parser.add_argument("--version", action="version", version=f"dualpowers {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rules", help="list every rule ID").set_defaults(func=_rules)
    p = sub.add_parser("presence", help="Force in Presence of every region of a position")
    p.add_argument("position", help="JSON file, JSON string or notation")
    p.set_defaults(func=_presence)
    for name, func, helptext in (("new", _new, "print a new game's notation"),
                                 ("random-game", _random_game, "play a random game")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--seed", type=_seed, default=0)
        p.add_argument("--solo", choices=("red", "white"), help="solo game, playing this side")
        p.add_argument("--difficulty", type=int, default=1, choices=range(1, 7))
        p.add_argument("--edition", choices=("fr", "it"), default="fr")
        if name == "random-game":
            p.add_argument("--quiet", action="store_true", help="print only the result")
        p.set_defaults(func=func)
    _add_simulate(sub)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (DualPowersError, PolicySpecError) as exc:
        _error(str(exc))
        return 2
    except OSError as exc:   # writing --out, reading --components ...: the user's file system
        _error(f"{exc.strerror or type(exc).__name__}: {brief(exc.filename or '', 120)}")
        return 2
    except KeyboardInterrupt:
        print("dualpowers: interrupted", file=sys.stderr)
        return 130
    except RecursionError:
        _error("the input is nested too deeply")
        return 2


#: The longest error line the command prints.
ERROR_WIDTH = 400


def _error(message: str) -> None:
    """One line on stderr, however long or multi-line the message."""
    line = " ".join(message.split())
    if len(line) > ERROR_WIDTH:
        line = line[: ERROR_WIDTH - 4] + " ..."
    print(f"dualpowers: {line}", file=sys.stderr)


def _add_simulate(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "simulate", help="play many games and summarise the win rates",
        description="Play many games with computer policies, write one row per game (CSV or Parquet) and "
                    "print win rates with 95% Wilson confidence intervals. See docs/simulate.md.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--games", "-n", type=_positive, default=100, help="how many games")
    p.add_argument("--mode", choices=("solo", "two-player"), default="solo")
    p.add_argument("--edition", choices=("fr", "it"), default="fr")
    p.add_argument("--difficulty", type=lambda text: parse_int_list(text, 1, 6), default=None,
                   help="solo: the Opposition's difficulty, a range (1-6) or a list (1,3,5); games cycle "
                        "through them [1]")
    p.add_argument("--player", choices=("red", "white", "both"), default=None,
                   help="solo: the side the policy plays; 'both' alternates [red]")
    p.add_argument("--policy", default="random", metavar="SPEC",
                   help="the solo player's policy (random, greedy, advisor[:k=v,...], advisor-v1, advisor-v2); "
                        "in two-player, both sides' unless --red/--white say otherwise")
    p.add_argument("--red", metavar="SPEC", help="two-player: red's policy")
    p.add_argument("--white", metavar="SPEC", help="two-player: white's policy")
    p.add_argument("--seed", type=_seed, default=0, help="base seed; game i's seed is derived from it and i")
    p.add_argument("--components", metavar="PATH",
                   help="play with this components file (TOML or JSON) instead of the packaged stand-in")
    p.add_argument("--workers", "-j", type=_positive, default=None,
                   help="local worker processes [all cores]; 1 plays in this process")
    p.add_argument("--dask", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://host:8786); needs the 'sim' extra")
    p.add_argument("--dask-timeout", type=_seconds, default=10.0, metavar="SECONDS",
                   help="how long to wait for the scheduler and a first worker")
    p.add_argument("--chunk-size", type=_positive, default=None, metavar="GAMES",
                   help="games per task [about 8 tasks per worker, at most 250]")
    p.add_argument("--out", "-o", metavar="PATH", help="write one row per game to PATH (*.csv or *.parquet)")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (on stderr; when stderr is not a terminal it is one closing line)")
    p.set_defaults(func=_simulate)


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {brief(text, 30)}") from None
    if not -(2**63) <= value < 2**63:
        raise argparse.ArgumentTypeError("a seed is a whole number within 64 bits")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (0 < value <= 86400):   # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0 (at most a day), not {brief(text, 30)}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {brief(text, 30)}")
    return value


if __name__ == "__main__":
    raise SystemExit(main())
