"""The figures this project measured: solo win rates by difficulty, and player duels.

``benchmarks/strength.py`` plays the games and writes the tables into the package
(``dualpowers/data/results/``), so notebooks and users can read them anywhere:

    from dualpowers.results import measured
    measured("difficulty")      # policy, difficulty, player, games, wins, win_rate, ci_low, ci_high, ...
    measured("strength")        # player, opponent, games, wins, win_rate, ci_low, ci_high, ...

They were measured with the packaged *stand-in* components; with other components
(:func:`dualpowers.load_components`) run the script again.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["TABLES", "measured", "results_dir"]

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
