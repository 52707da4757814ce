"""The solo Opposition: its turns and how it picks its secret objective (R-SOLO).

:func:`opposition_objective` is a pure function of the cards the Opposition
played, in order, and explains every tie-break step, like a solo bot's
priority list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from .components import CommandCard, default_components
from . import narration
from .dates import advance
from .narration import N_, Message
from .errors import IllegalAction
from .places import RESERVE, SUPPLY
from .text import Conjunction, plural

#: The solo difficulty X the player may pick, easiest first (R-SOLO-SETUP).
DIFFICULTIES = range(1, 7)

if TYPE_CHECKING:
    import pandas as pd

    from .position import Position

__all__ = ["ObjectiveChoice", "opposition_objective", "opposition_card", "take_turn", "reveal_leader", "DECIDED_BY"]

#: The Opposition's tie-breaks (R-SOLO-OBJECTIVE), as the summary of its choice names them.
DECIDED_BY = {
    "sum": N_("the highest sum of days"), "cards": N_("the most cards"), "latest": N_("the latest card played"),
    "only card": N_("the only card"), "vp": N_("the most VP"),
}
#: The card's own tie-break, where it differs from the region's: among the cards with the most VP.
CARD_DECIDED_BY = {"latest": N_("the latest played of the cards with the most VP")}


@dataclass(frozen=True)
class ObjectiveChoice:
    """How the Opposition chose its objective (R-SOLO-OBJECTIVE), step by step."""

    cards: tuple[CommandCard, ...]
    sums: dict[str, int]                # region -> total day numbers
    counts: dict[str, int]              # region -> number of cards
    last_played: dict[str, int]         # region -> position (1-based) of its latest card
    region: str
    decided_by: str                     # "sum", "cards" or "latest"
    card: CommandCard
    card_decided_by: str                # "only card", "vp" or "latest"
    step_messages: tuple[Message, ...] = field(default=())   # the explanation, as data

    @property
    def steps(self) -> tuple[str, ...]:
        """The explanation in English, one line per step (``step_messages`` written out)."""
        return tuple(m.text for m in self.step_messages)

    @property
    def summary_message(self) -> Message:
        return Message(narration.OPP_OBJECTIVE_SUMMARY, card=self.card.id, region=self.region,
                       decided_by=Message(DECIDED_BY[self.decided_by]),
                       card_decided_by=Message(CARD_DECIDED_BY.get(self.card_decided_by,
                                                                   DECIDED_BY[self.card_decided_by])))

    @property
    def summary(self) -> str:
        return self.summary_message.text

    def __str__(self) -> str:
        return "\n".join(self.steps)

    def to_frame(self) -> "pd.DataFrame":
        """Per region: day sum, card count, latest position; the chosen one marked."""
        import pandas as pd
        rows = [
            {"region": r, "day sum": self.sums[r], "cards": self.counts[r],
             "latest card played": self.last_played[r], "chosen": r == self.region}
            for r in self.sums
        ]
        return pd.DataFrame(rows).set_index("region")


def _as_cards(cards: Sequence[CommandCard | str]) -> list[CommandCard]:
    comp = default_components()
    out = []
    for c in cards:
        if isinstance(c, CommandCard):
            out.append(c)
        elif isinstance(c, str) and c in comp.cards:
            out.append(comp.cards[c])
        else:
            raise IllegalAction(Message(narration.NOT_COMMAND_CARD, what=repr(c)))
    return out


def opposition_objective(cards: Sequence[CommandCard | str]) -> tuple[CommandCard, ObjectiveChoice]:
    """The Opposition's secret objective from its played cards, in play order (R-SOLO-OBJECTIVE).

    1. Sum the day numbers per region; the highest sum wins.
    2. Tie: the region with more cards.
    3. Tie: the region of the most recently played card among the tied.
    Then the region's card with the most VP; equal VP: the later-played card (ruling).
    """
    played = _as_cards(cards)
    if not played:
        raise IllegalAction(Message(narration.NO_OPPOSITION_CARD))
    steps: list[Message] = []
    sums, counts, last, region, decided_by, card, card_by = _choose(played, steps)
    return card, ObjectiveChoice(tuple(played), sums, counts, last, region, decided_by, card, card_by, tuple(steps))


def opposition_card(played: Sequence[CommandCard]) -> CommandCard:
    """The same choice as :func:`opposition_objective` for a non-empty list of cards, without
    the explanation (the quiet path of playouts)."""
    return _choose(played, None)[5]


def _choose(played: Sequence[CommandCard], steps: list[Message] | None) -> tuple[
        dict[str, int], dict[str, int], dict[str, int], str, str, CommandCard, str]:
    """R-SOLO-OBJECTIVE, step by step: (sums, counts, latest positions, region, decided by,
    card, card decided by); ``steps`` (if given) receives the explanation."""
    sums: dict[str, int] = {}
    counts: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, c in enumerate(played, start=1):
        sums[c.region] = sums.get(c.region, 0) + c.days
        counts[c.region] = counts.get(c.region, 0) + 1
        last[c.region] = i
    if steps is not None:
        days = narration.Items(Message(narration.STEP_CARD_DAYS, card=c.id, days=c.days) for c in played)
        steps.append(Message(narration.STEP_PLAYED, cards=days))
        each = narration.Items(Message(narration.STEP_REGION_SUM, region=r, n=n) for r, n in sums.items())
        steps.append(Message(narration.STEP_SUMS, sums=each))
    best = max(sums.values())
    tied = [r for r in sums if sums[r] == best]
    decided_by = "sum"
    if len(tied) == 1:
        if steps is not None:
            steps.append(Message(narration.STEP_SUM_WINS, region=tied[0], n=best))
    else:
        if steps is not None:
            steps.append(Message(narration.STEP_SUM_TIE, regions=narration.region_list(tied), n=best))
        most = max(counts[r] for r in tied)
        tied2 = [r for r in tied if counts[r] == most]
        decided_by = "cards"
        if len(tied2) == 1:
            if steps is not None:
                steps.append(Message(narration.STEP_CARDS_WIN, region=tied2[0], n=most))
        else:
            decided_by = "latest"
            latest = max(tied2, key=lambda r: last[r])
            if steps is not None:
                steps.append(plural(narration.STEP_CARDS_TIE, most, regions=narration.region_list(tied2)))
                steps.append(Message(narration.STEP_LATEST_WINS, card=played[last[latest] - 1].id, n=last[latest],
                                     region=latest))
            tied2 = [latest]
        tied = tied2
    region = tied[0]
    mine = [(i, c) for i, c in enumerate(played) if c.region == region]
    top = max(c.vp for _, c in mine)
    best_cards = [(i, c) for i, c in mine if c.vp == top]
    card = best_cards[-1][1]
    if len(mine) == 1:
        card_by = "only card"
        if steps is not None:
            steps.append(Message(narration.STEP_ONLY_CARD, card=card.id, region=region))
    elif len(best_cards) == 1:
        card_by = "vp"
        if steps is not None:
            steps.append(Message(narration.STEP_MOST_VP, card=card.id, region=region, n=top))
    else:
        card_by = "latest"
        if steps is not None:
            steps.append(Message(narration.STEP_VP_TIE, cards=Conjunction(c.id for _, c in best_cards), n=top,
                                 card=card.id))   # "purple-2 and purple-3 share ..."
    return sums, counts, last, region, decided_by, card, card_by


# ---------------------------------------------------------------------------- turns
def _place_unit(state: Position, level: int, region: str, msgid: str, card: str | None = None) -> None:
    """Put one Opposition unit of ``level`` on ``region``; none left: nothing (R-SOLO-OPP-TURN, ruling)."""
    tokens = state.comp.tokens
    for t in state.at.get(SUPPLY, ()):
        if tokens[t].level == level:
            state.put(t, region)
            if not state.narrating:
                pass
            elif card is None:
                state.log("opposition", msgid, level=level, token=t, region=region)
            else:
                state.log("opposition", msgid, level=level, token=t, region=region, card=card)
            return
    state.log("opposition", narration.OPP_NO_UNIT, level=level)


def reveal_leader(state: Position) -> None:
    """Objective phase: its next leader goes fresh on the unrest region (R-SOLO-OBJ)."""
    if not state.opp_leaders:
        return
    leader = state.opp_leaders.pop(0)
    state.out_of_game.append(leader)
    if state.unrest is not None and state.place[leader] == RESERVE:
        state.put(leader, state.unrest)
        if state.narrating:
            state.log("opposition", narration.OPP_REVEALS_LEADER, leader=leader, region=state.unrest)


def take_turn(state: Position) -> None:
    """Reveal, advance the date, place a unit; on 15/31 a level-1 unit in the unrest region (R-SOLO-OPP-TURN)."""
    opp = state.opposition
    assert opp is not None
    if not state.opp_stack:
        state.log("opposition", narration.OPP_NO_CARD)
        return
    card = state.comp.cards[state.opp_stack.pop(0)]
    state.played[opp].append(card.id)
    if state.narrating:
        state.log("play", narration.OPP_REVEALS_CARD, card=card.id)
    bonus = advance(state, opp, card.days)
    _place_unit(state, card.recruit, card.region, narration.OPP_PLACES_RECRUIT, card.id)
    if bonus and state.unrest is not None:
        _place_unit(state, 1, state.unrest, narration.OPP_PLACES_BONUS)   # R-SOLO-OPP-TURN

