"""dualpowers: the rules of *Dual Powers: Revolution 1917* as a Python library.

The engine is pure Python and imports nothing from Jupyter::

    import dualpowers as dp
    s = dp.new_game(mode="two-player", seed=7)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    print(s.winner())

Widgets for Jupyter live in :mod:`dualpowers.widgets` (imported on demand).
Rules are cited by their IDs in RULINGS.md (see docs/rules.md).
"""

from __future__ import annotations

from . import actions
from .actions import (
    Action, BonusDraw, BonusMove, BonusRecruit, BonusRest, ChooseObjective, DoubleMove, Espionage,
    Inspire, LeaderRecruit, Move, Organize, Pass, PlayCard, Protest, Recruit, Rest, ScoreUnrest,
    parse_action,
)
from .dates import MONTHS, DateAdvance, advance_date
from .components import CommandCard, Components, LeaderCard, Region, TokenSpec, default_components, load_components
from .errors import (
    ComponentsError, DualPowersError, DuplicateCard, DuplicateToken, IllegalAction, InvalidBlockade,
    InvalidDate, NotationError, PositionError, TokenCountError, UnknownCard, UnknownRegion, UnknownToken,
)
from .opposition import ObjectiveChoice, opposition_objective
from .presence import Presence, force_in_presence, presence_table
from .rules import Rule, rule, rules, rules_markdown
from .setup import EDITIONS, MODES, new_game
from .state import Event, State

__version__ = "0.1.0"


def _state_svg(state: State) -> str:
    """A static picture of the board, for notebooks without a live kernel (nbconvert, GitHub).

    Attached here, at the package's front door, because the engine core never
    imports the drawing code (see the import contracts in pyproject.toml)."""
    from .drawing.svg import board_svg
    return board_svg(state)


def _state_bundle(state: State, include: object = None, exclude: object = None) -> dict[str, str]:
    """The board as a picture that shows in a notebook not yet trusted (see ``drawing.svg.Picture``)."""
    from .drawing.svg import Picture, board_svg
    bundle = Picture(board_svg(state))._repr_mimebundle_()
    del bundle["text/plain"]     # IPython adds the state's own repr (its notation)
    return bundle


setattr(State, "_repr_svg_", _state_svg)
setattr(State, "_repr_mimebundle_", _state_bundle)

__all__ = [
    "__version__", "new_game", "State", "Event", "MODES", "EDITIONS", "MONTHS",
    "load_components", "default_components", "Components", "CommandCard", "LeaderCard", "Region", "TokenSpec",
    "force_in_presence", "presence_table", "Presence",
    "opposition_objective", "ObjectiveChoice", "advance_date", "DateAdvance", "rules", "rule", "Rule", "rules_markdown",
    "actions", "Action", "parse_action", "ChooseObjective", "PlayCard", "Recruit", "Move", "DoubleMove", "Rest",
    "LeaderRecruit", "Protest", "Espionage", "Inspire", "BonusRecruit", "BonusMove", "BonusRest",
    "BonusDraw", "Organize", "ScoreUnrest", "Pass",
    "DualPowersError", "IllegalAction", "ComponentsError", "PositionError", "UnknownRegion", "UnknownToken",
    "UnknownCard", "TokenCountError", "DuplicateToken", "DuplicateCard", "InvalidDate", "InvalidBlockade",
    "NotationError",
]
