"""Where a token can be when it is not on a region of the board.

These names sit below every rule module, so the rules can use them without
importing the game state.
"""

from __future__ import annotations

__all__ = ["RESERVE", "SUPPLY", "WAITING", "REMOVED", "BOX", "PLACES"]

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
