"""The working behind the scoring's events, for a reader who wants to check it.

The scoring's sentences say who is stronger and what the Opposition chose; a learner
also needs the sums behind them, to tell the story again without the rulebook.  These
are worked out again from the board each event carries (``State.apply(..., boards=True)``)::

    for event in state.apply(action, boards=True):
        print(event_text(event, "fr"))
        for line in event_details(event, "fr"):
            print("   ", line)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import narration
from .narrate import objective_steps
from .opposition import opposition_objective
from .presence import Presence, force_in_presence
from .text import render

if TYPE_CHECKING:
    from .narration import Event
    from .position import Position

__all__ = ["event_details", "worked_out"]


def event_details(event: Event[Position], lang: str | None = None) -> list[str]:
    """The working behind an event of the scoring, in ``lang``, one line each; empty for any
    other event, or one told without its board.

    * a region scored (unrest, an objective revealed): how each side's strength there adds
      up, token by token, and whom the neutral tokens count for (R-STR-1, R-NEU-1), when
      there is more to add up than one token a side (:func:`worked_out`);
    * the solo Opposition's objective: its cards played, the sum of their days by region and
      the steps of its choice (R-SOLO-OBJ)."""
    board = getattr(event, "board", None)
    msgid = getattr(event, "msgid", None)
    if board is None:
        return []
    if msgid in (narration.UNREST_IN, narration.REVEALS_OBJECTIVE):
        p = force_in_presence(board, event.params["region"])
        if worked_out(p):
            return [render(m, lang) for m in p.tally_messages]
        return []
    if msgid == narration.OPP_OBJECTIVE and board.opposition is not None:
        cards = board.comp.cards
        played = [cards[c] for c in board.played[board.opposition] if c in cards]
        if played:
            _card, choice = opposition_objective(played)
            return objective_steps(choice, lang)      # to its last: which card of the region, and why
    return []


def worked_out(presence: Presence) -> bool:
    """Whether a region's strengths are worth adding up for the reader: a side counts two
    tokens or more there, or neutral tokens are there.  One token a side is read from the
    sentence itself ("2 against 1") and the board."""
    per_side = [sum(1 for side in presence.control.values() if side == s) for s in ("red", "white")]
    return bool(presence.neutrals) or max(per_side) > 1
