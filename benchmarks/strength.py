"""How strong are the computer players, and how hard is each solo difficulty?

    python benchmarks/strength.py                  # everything, all local cores (about an hour on 2)
    python benchmarks/strength.py --quick          # small samples, to try the script
    python benchmarks/strength.py --playouts 3 --duel-games 2 --cell-games 1 --advisor-cell-games 1 --out DIR
                                                   # the smallest run (tests/test_benchmarks.py)
    python benchmarks/strength.py --only duels     # or: --only difficulty
    python benchmarks/strength.py --only duels --duels advisor:advisor-v2 --workers 1 --hours 1
                                                   # one duel, one core, as many games as fit in an hour

Two measurements, both written into the package (``dualpowers/data/results/``,
read with :func:`dualpowers.results.measured`; the README and
``notebooks/06_difficulty.ipynb`` show them):

* ``strength.csv``: two-player duels (``--duels``, default: greedy against random, the
  first advisor ``advisor-v1`` against greedy, the second ``advisor-v2`` against
  ``advisor-v1``, the advisor against ``advisor-v2``), each over ``--duel-games`` games
  (default 1,000), half with each side, so neither side's first move decides;
* ``difficulty.csv``: solo win rate for every difficulty 1-6, both factions and each
  policy (default: random, greedy and ``advisor-v2``, the advisor the solo table was
  measured with: the solo-ladder goal is retired and its table is kept as measured),
  ``--cell-games`` games per cell (``--advisor-cell-games`` for the advisors, which think
  ~100 times longer per move).

The advisor plays with :class:`dualpowers.advisor.AdvisorPolicy`'s defaults (100
informed playouts a decision, each to the end of the round) unless ``--advisor`` says
otherwise; ``advisor-v1`` and ``advisor-v2`` are the earlier versions kept by name.

Every figure comes with its 95 % Wilson interval.  These are measurements to read,
never test assertions; games are seeded, so a rerun gives the same table.

``--difficulties 1,6`` measures only those levels (the other stored rows stay), so
the cells the goals name can get more games than the rest when time is short.

``--hours H`` stops starting games after H hours and stores what was played (a duel
stops after a pair of games, one with each side; a difficulty table after a full
round of its 12 cells), so a slow machine measures fewer games, never a lopsided
sample: the tables say how many games each figure rests on.  ``--duels`` and
``--policies`` measure a part; the other rows of the stored tables are kept.

Runs resume.  Every game's row is appended to a game log as soon as it is played
(``benchmarks/games/``, or ``games/`` in ``--out``; one CSV per run, named by its
settings), and a later run with the same settings reads the log and plays on from
the first game it lacks: the same seeds in the same order, no game twice, none left
out.  So the 1,000 games of a duel can be reached in several sittings of ``--hours``:

    python benchmarks/strength.py --only duels --duels advisor:advisor-v2 --workers 1 --hours 0.6
    python benchmarks/strength.py --only duels --duels advisor:advisor-v2 --workers 1 --hours 0.6   # goes on

A log's settings are the run's (mode, policies, difficulties, sides, seed, edition)
and the digest of the components file's values (comments may change); before continuing, the last stored game is
played again and must give the same row, so a log made by other code is refused
rather than mixed in (``--fresh`` starts such a run over).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import sys
import time
import tomllib
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from dualpowers.simulate import COLUMN_NAMES, COLUMNS, SimConfig, iter_rows, summarize  # noqa: E402
from dualpowers.results import results_dir  # noqa: E402
from dualpowers.stats import wilson_interval  # noqa: E402


#: Where the game logs go when the tables go into the package.
GAMES_DIR = ROOT / "benchmarks" / "games"


class GameLogError(RuntimeError):
    """A game log that cannot be continued: not this run's games, or played by other code."""


def _parse(raw: dict[str, str]) -> dict[str, Any]:
    """A row read back from CSV, typed as :data:`COLUMNS` says (empty cell = missing)."""
    row: dict[str, Any] = {}
    for name, kind, _ in COLUMNS:
        text = raw.get(name)
        if text is None:
            raise GameLogError(f"column {name!r} is missing")
        if text == "" and kind.endswith("?"):
            row[name] = None
        elif kind.startswith("int"):
            row[name] = int(text)
        elif kind.startswith("bool"):
            if text not in ("True", "False"):
                raise GameLogError(f"column {name!r} holds {text!r}, not True or False")
            row[name] = text == "True"
        else:
            row[name] = text
    return row


def _as_stored(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` as it reads back from the log (what a stored row is compared with)."""
    return _parse({k: "" if row[k] is None else str(row[k]) for k in COLUMN_NAMES})


def components_digest(path: Path) -> str:
    """SHA-256 of a components file's values (not its comments or layout: a comment edited
    between two sittings changes no game)."""
    text = path.read_text(encoding="utf-8")
    values = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


class GameLog:
    """The rows of one run's games in a CSV file, appended as they are played, so that a later
    sitting with the same settings continues the run instead of starting it again."""

    def __init__(self, folder: Path, config: SimConfig, fresh: bool = False) -> None:
        self.config = config
        digest = components_digest(Path(config.components) if config.components
                                   else ROOT / "dualpowers" / "data" / "components.toml")
        self.settings = {
            "mode": config.mode, "edition": config.edition, "seed": config.seed,
            **({"policy": config.policy, "difficulties": list(config.difficulties), "player": config.player}
               if config.mode == "solo" else {"red": config.red, "white": config.white}),
            "components_sha256": digest,
        }
        key = hashlib.sha256(json.dumps(self.settings, sort_keys=True).encode()).hexdigest()[:10]
        what = (f"solo-{config.policy}-x{''.join(map(str, config.difficulties))}-{config.player}"
                if config.mode == "solo" else f"duel-{config.red}-vs-{config.white}")
        self.path = folder / f"{re.sub(r'[^A-Za-z0-9.=-]+', '_', what)}-seed{config.seed}-{key}.csv"
        if fresh:
            self.path.unlink(missing_ok=True)
        self.stored = self._read()

    def _read(self) -> list[dict[str, Any]]:
        if not self.path.is_file():
            return []
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):           # a row cut short when a sitting was killed
            text = text[: text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        try:
            rows = [_parse(raw) for raw in csv.DictReader(text.splitlines())]
        except (GameLogError, ValueError) as exc:
            raise GameLogError(f"{self.path}: {exc}") from None
        for i, row in enumerate(rows):
            if row["game"] != i or row["seed"] != self.config.game(i).seed:
                raise GameLogError(f"{self.path}: row {i + 1} is game {row['game']} (seed {row['seed']}), "
                                   f"not game {i} of this run; use --fresh to start the run over")
        return rows

    def check(self) -> None:
        """Play the last stored game again: the code that plays on must be the code that played."""
        if self.stored:
            last = self.stored[-1]
            again = _as_stored(next(iter_rows(self.config, last["game"] + 1, start=last["game"], workers=1)))
            if again != last:
                raise GameLogError(f"{self.path}: game {last['game']} played again gives another result "
                                   f"({again['winner']} in round {again['rounds']}, stored: {last['winner']} in "
                                   f"round {last['rounds']}): the code changed since; use --fresh to start over")

    def rows(self, games: int, workers: int | None) -> Iterator[dict[str, Any]]:
        """Rows of games ``0 .. games - 1``: the stored ones, then new ones, each logged as it comes."""
        yield from self.stored[:games]
        if len(self.stored) >= games:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.with_suffix(".json").write_text(json.dumps(self.settings, indent=1) + "\n", encoding="utf-8")
        new = not self.path.is_file() or self.path.stat().st_size == 0
        with open(self.path, "a", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMN_NAMES, extrasaction="ignore")
            if new:
                writer.writeheader()
            for row in iter_rows(self.config, games, start=len(self.stored), workers=workers):
                writer.writerow(row)
                f.flush()
                self.stored.append(_as_stored(row))
                yield row


#: Seed offset of each duel (a duel's games depend only on --seed and this), as stored.
DUEL_SEEDS = {("greedy", "random"): 0, ("advisor-v1", "greedy"): 1, ("advisor-v2", "advisor-v1"): 0,
              ("advisor", "advisor-v2"): 2}
#: The solo policies measured by default: the retired ladder's table, as it was measured.
DIFFICULTY_POLICIES = ("random", "greedy", "advisor-v2")


def duel(a: str, b: str, games: int, seed: int, workers: int | None,
         components: str | None = None, deadline: float = float("inf"), logs: Path | None = None,
         fresh: bool = False) -> dict[str, object]:
    """``a`` against ``b`` in two-player games, ``a`` playing red in games 0, 2, 4, ... of the
    pairs and white in the others; stops at ``deadline`` (``time.time()``) after a whole pair.
    With ``logs`` (a folder), the games already logged there are counted, not played again."""
    half = games // 2
    wins = played = 0
    start = time.perf_counter()
    configs = (SimConfig(mode="two-player", red=a, white=b, seed=seed, components=components),
               SimConfig(mode="two-player", red=b, white=a, seed=seed, components=components))
    logged = 0                          # whole pairs in the logs: counted even after the deadline
    if logs is None:
        as_red, as_white = (iter_rows(c, n, workers=workers) for c, n in zip(configs, (half, games - half)))
    else:
        red_log, white_log = (GameLog(logs, c, fresh) for c in configs)
        for log in (red_log, white_log):
            log.check()
        print(f"  {a} vs {b}: {min(len(red_log.stored), half) + min(len(white_log.stored), games - half)} "
              f"games in the logs", flush=True)
        as_red, as_white = red_log.rows(half, workers), white_log.rows(games - half, workers)
        logged = 2 * min(len(red_log.stored), len(white_log.stored))
    for red_row, white_row in zip(as_red, as_white):
        wins += (red_row["winner"] == "red") + (white_row["winner"] == "white")
        played += 2
        if played % 20 == 0:
            print(f"  {a} vs {b}: {wins}/{played}", flush=True)
        if played >= logged and time.time() >= deadline:
            break
    low, high = wilson_interval(wins, played)
    return {"player": a, "opponent": b, "games": played, "wins": wins, "win_rate": wins / played if played else 0.0,
            "ci_low": low, "ci_high": high, "seconds": round(time.perf_counter() - start, 1)}


def difficulty_table(policy: str, games_per_cell: int, seed: int, workers: int | None,
                     components: str | None = None, deadline: float = float("inf"),
                     difficulties: tuple[int, ...] = (1, 2, 3, 4, 5, 6), logs: Path | None = None,
                     fresh: bool = False) -> pd.DataFrame:
    """Solo win rates of ``policy`` per difficulty and faction (stops at ``deadline`` after whole
    rounds of cells).  With ``logs`` (a folder), the games already logged there are counted, not
    played again."""
    config = SimConfig(mode="solo", difficulties=difficulties, player="both", policy=policy, seed=seed,
                       components=components)
    cells = 2 * len(difficulties)
    logged = 0                          # games in the log: counted even after the deadline
    if logs is None:
        games = iter_rows(config, games_per_cell * cells, workers=workers)
    else:
        log = GameLog(logs, config, fresh)
        log.check()
        print(f"  {policy}: {min(len(log.stored), games_per_cell * cells)} games in the log", flush=True)
        games = log.rows(games_per_cell * cells, workers)
        logged = len(log.stored)
    rows = []
    for row in games:
        rows.append(row)
        if len(rows) % cells == 0 and len(rows) >= logged and time.time() >= deadline:
            break
    table = summarize(rows, by=("difficulty", "player", "red_policy", "white_policy"))
    table["policy"] = policy
    return table[["policy", "difficulty", "player", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_rounds"]]


def merged(path: Path, new: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """``new`` rows, plus the stored rows of ``path`` that ``new`` does not replace (by ``keys``)."""
    if not path.is_file():
        return new
    old = pd.read_csv(path)
    replaced = old[keys].apply(tuple, axis=1).isin(set(new[keys].apply(tuple, axis=1)))
    return pd.concat([old[~replaced], new], ignore_index=True)


def show(title: str, records: list[dict[str, object]], label) -> None:
    """Print one line per record: its label, wins of games, the rate and its interval."""
    print(title)
    for r in records:
        print(f"  {label(r):<40} {r['wins']:>5}/{r['games']:<5} {100 * r['win_rate']:6.1f}%  "
              f"[{100 * r['ci_low']:.1f}%, {100 * r['ci_high']:.1f}%]")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small samples (a trial run; results not written)")
    ap.add_argument("--only", choices=("duels", "difficulty"), help="run one of the two measurements")
    ap.add_argument("--duel-games", type=int, default=1000)
    ap.add_argument("--cell-games", type=int, default=500, help="solo games per difficulty and faction")
    ap.add_argument("--advisor-cell-games", type=int, default=500)
    ap.add_argument("--advisor", default="advisor",
                    help="the advisor's policy spec in these runs (default: the AdvisorPolicy defaults)")
    ap.add_argument("--playouts", type=int, default=None, metavar="N",
                    help="every advisor player of the run (advisor, advisor-v1, advisor-v2) decides with N playouts "
                         "unless its spec says otherwise: a trial run's size (the tables then name each one with "
                         "its budget, advisor-v1:playouts=N); default: each one's own")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--duels", default="greedy:random,advisor-v1:greedy,advisor-v2:advisor-v1,advisor:advisor-v2",
                    help="comma-separated player:opponent pairs (default: %(default)s)")
    ap.add_argument("--policies", default=None,
                    help="comma-separated solo policies for the difficulty table (default: "
                         + ", ".join(DIFFICULTY_POLICIES) + ")")
    ap.add_argument("--difficulties", default="1,2,3,4,5,6",
                    help="comma-separated difficulties for the difficulty table (default: all); the stored rows of "
                         "the others are kept, so the cells the goals name (1 and 6) can be given more games")
    ap.add_argument("--hours", type=float, default=None,
                    help="stop starting games after this many hours in all and store what was played")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=None,
                    help="folder for strength.csv and difficulty.csv (default: the package's, which "
                         "dualpowers.results.measured reads; then run scripts/results_tables.py)")
    ap.add_argument("--components", metavar="PATH",
                    help="measure with this components file instead of the stand-in (needs --out)")
    ap.add_argument("--games-dir", type=Path, default=None,
                    help="folder of the game logs that let a run resume (default: benchmarks/games/ for the "
                         "package's tables, else games/ in --out)")
    ap.add_argument("--fresh", action="store_true",
                    help="forget the logged games of the runs measured and play them from the first")
    args = ap.parse_args(argv)
    if args.out is None:
        if args.components:
            ap.error("--components needs --out: the package's tables are the stand-in's")
        args.out = results_dir()
        args.games_dir = args.games_dir or GAMES_DIR
    logs = None if args.quick else (args.games_dir or args.out / "games")
    if args.quick:
        args.duel_games, args.cell_games, args.advisor_cell_games = 20, 10, 2
    args.out.mkdir(parents=True, exist_ok=True)

    deadline = time.time() + 3600 * args.hours if args.hours else float("inf")

    def budgeted(spec: str) -> str:
        """``spec`` with ``--playouts`` where it is an advisor's and names no budget of its own."""
        name, _, options = spec.partition(":")
        if args.playouts is None or not name.startswith("advisor") or "playouts=" in options:
            return spec
        return f"{spec}{',' if options else ':'}playouts={args.playouts}"

    if args.only in (None, "duels"):
        pairs = [tuple(p.split(":", 1)) for p in args.duels.split(",") if p.strip()]
        pairs = [(args.advisor if a == "advisor" else a, args.advisor if b == "advisor" else b) for a, b in pairs]
        duels = pd.DataFrame([duel(budgeted(a), budgeted(b), args.duel_games, args.seed + DUEL_SEEDS.get((a, b), 0),
                                   args.workers, args.components, deadline, logs, args.fresh)
                              for a, b in pairs])
        show("two-player duels (win rate of the first-named player, 95% Wilson interval)",
             duels.to_dict("records"), lambda d: f"{d['player']} vs {d['opponent']} ({d['seconds']} s)")
        if not args.quick:
            merged(args.out / "strength.csv", duels, ["player", "opponent"]).to_csv(args.out / "strength.csv",
                                                                                    index=False)

    if args.only in (None, "difficulty"):
        policies = args.policies.split(",") if args.policies else list(DIFFICULTY_POLICIES)
        difficulties = tuple(int(x) for x in args.difficulties.split(",") if x.strip())
        tables = [difficulty_table(budgeted(policy),
                                   args.advisor_cell_games if policy.startswith("advisor") else args.cell_games,
                                   args.seed, args.workers, args.components, deadline, difficulties, logs,
                                   args.fresh)
                  for policy in policies]
        table = pd.concat(tables, ignore_index=True)
        show("solo win rate by difficulty (95% Wilson interval)", table.to_dict("records"),
             lambda r: f"{r['policy']}, difficulty {r['difficulty']}, {r['player']}")
        if not args.quick:
            merged(args.out / "difficulty.csv", table, ["policy", "difficulty", "player"]).to_csv(args.out / "difficulty.csv", index=False)


if __name__ == "__main__":
    try:
        main()
    except GameLogError as exc:
        print(f"strength.py: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
