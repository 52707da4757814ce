"""Where a token can be when it is not on a region of the board.

These names sit below every rule module, so the rules can use them without
importing the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .components import TokenSpec

__all__ = ["RESERVE", "SUPPLY", "WAITING", "REMOVED", "BOX", "PLACES", "start_place"]

#: A side's units and leaders not yet recruited (S-1).
RESERVE = "reserve"
#: The solo Opposition's units not on the board (R-SOLO-SETUP).
SUPPLY = "supply"
#: The Trotsky tokens waiting by the calendar (S-2).
WAITING = "waiting"
#: Out of the game for good.
REMOVED = "removed"
#: Not in this game at all (e.g. the Opposition's faction units in solo).
BOX = "box"
PLACES = (RESERVE, SUPPLY, WAITING, REMOVED, BOX)


def start_place(spec: "TokenSpec", mode: str, opposition: str | None) -> str | None:
    """Where a token waits when the game starts; ``None`` for a neutral unit, dealt to a region.

    S-1: the sides' units and leaders in reserve.  S-2: both Trotsky tokens wait by
    the calendar.  R-SOLO-SETUP: the Opposition's units in its supply, and the
    faction units of the side it plays stay in the box.
    """
    if spec.kind == "trotsky":
        return WAITING
    if spec.owner == "neutral":
        return None
    if spec.owner == "opposition":
        return SUPPLY if mode == "solo" else BOX
    if mode == "solo" and spec.owner == opposition and spec.kind == "unit":
        return BOX
    return RESERVE
