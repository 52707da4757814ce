"""The figures this project measured: solo win rates by difficulty, and player duels.

``benchmarks/strength.py`` plays the games and writes the tables into the package
(``dualpowers/data/results/``), so notebooks and users can read them anywhere:

    from dualpowers.results import measured
    measured("difficulty")      # policy, difficulty, player, games, wins, win_rate, ci_low, ci_high, ...
    measured("strength")        # player, opponent, games, wins, win_rate, ci_low, ci_high, ...
    print(markdown("difficulty"))   # the table as the README shows it

They were measured with the packaged *stand-in* components; for other components
(:func:`dualpowers.load_components`) run ``benchmarks/strength.py --components FILE --out FOLDER``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .i18n import percent, resolve

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["TABLES", "measured", "results_dir", "markdown", "rate_text"]

#: The measured tables, by name.
TABLES = ("difficulty", "strength")


def results_dir() -> Path:
    """Where the measured tables live (inside the installed package)."""
    return Path(str(resources.files("dualpowers").joinpath("data", "results")))


def measured(name: str) -> "pd.DataFrame":
    """One measured table as a DataFrame; ``name`` is one of :data:`TABLES`."""
    import pandas as pd

    if name not in TABLES:
        raise ValueError(f"unknown table {name!r} (tables: {', '.join(TABLES)})")
    path = results_dir() / f"{name}.csv"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: run `python benchmarks/strength.py` to measure it")
    return pd.read_csv(path)


def percent_text(value: float, lang: str | None = None) -> str:
    """A share as a percentage with one decimal, in ``lang``'s form (Babel, CLDR):
    ``69.1%`` in English, ``69,1 %`` in French, ``69,1%`` in Italian."""
    return percent(value, resolve(lang), 1)


def rate_text(row: Any, lang: str | None = None) -> str:
    """A row's win rate and interval, e.g. ``69.1% (66.2%–71.9%)``: the README's and the
    difficulty notebook's one format (``row``: a DataFrame row or an ``itertuples`` tuple),
    its numbers in ``lang``'s form (default: the current language)."""
    return (f"{percent_text(row.win_rate, lang)} "
            f"({percent_text(row.ci_low, lang)}–{percent_text(row.ci_high, lang)})")


def markdown(name: str) -> str:
    """One measured table as the Markdown the README shows (a test keeps the two equal).

    ``difficulty``: one row per policy and faction, one column per difficulty X (when a
    row's cells rest on different numbers of games, each cell gives its own);
    ``strength``: one row per duel.  Each cell is the win rate and its 95 % interval.
    """
    table = measured(name)
    if name == "strength":
        lines = ["| player | opponent | games | wins | win rate (95% interval) |",
                 "| --- | --- | ---: | ---: | --- |"]
        lines += [f"| {r.player} | {r.opponent} | {r.games} | {r.wins} | {rate_text(r, 'en')} |" for r in table.itertuples()]
        return "\n".join(lines) + "\n"
    levels = sorted(table.difficulty.unique())
    lines = ["| policy | plays | games per cell | " + " | ".join(f"X = {x}" for x in levels) + " |",
             "| --- | --- | ---: | " + " | ".join("---" for _ in levels) + " |"]
    for (policy, player), group in table.groupby(["policy", "player"], sort=False):
        uneven = group.games.nunique() > 1   # then each cell says how many games it rests on
        cells = {r.difficulty: rate_text(r, 'en') + (f" [{r.games} games]" if uneven else "") for r in group.itertuples()}
        games = "/".join(str(n) for n in sorted(group.games.unique()))
        lines.append(f"| {policy} | {player} | {games} | " + " | ".join(cells.get(x, "") for x in levels) + " |")
    return "\n".join(lines) + "\n"
