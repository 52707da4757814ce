"""What one player may see of a state (hidden information, P-OBJ, R-SOLO-DRAW).

Hidden from a player: the command cards in the opponent's hand (their
leader cards are public until played) and their face-down objective, the deck
order, the Opposition's face-down stack and leader order, the solo player's own
face-down objective, the order of the face-down region tiles (S-3), and the seed
(which would predict every shuffle).  :func:`determinize` deals what is unseen
afresh, consistently with the view, for search algorithms that sample what they
cannot see; its result depends only on the view and the random generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .components import SIDES
from .serialize import state_to_dict

if TYPE_CHECKING:
    from .position import Position

    P = TypeVar("P", bound=Position)

__all__ = ["HIDDEN", "PlayerView", "player_view", "known_objective", "canonical", "determinize"]

#: Placeholder for a card the viewer cannot see.
HIDDEN = "?"


@dataclass(frozen=True)
class PlayerView:
    """A state as ``side`` sees it.  ``data`` has the JSON position schema with hidden cards as ``"?"``."""

    side: str
    data: dict[str, Any]
    hand: tuple[str, ...]
    objective: str | None           # None when the viewer does not know it
    unseen: tuple[str, ...]          # every card the viewer cannot locate, sorted

    def to_dict(self) -> dict[str, Any]:
        return self.data


def _hidden_slots(state: Position, side: str) -> list[tuple[str, str | None]]:
    """(where, sub) of every card zone ``side`` cannot see into."""
    slots: list[tuple[str, str | None]] = [("deck", None)]
    opp = state.other(side)
    if state.mode == "two-player":
        slots.append(("hands", opp))
        if not state.revealed[opp]:
            slots.append(("objectives", opp))
    else:
        slots.append(("opp_stack", None))
        if not state.revealed[side]:
            slots.append(("objectives", side))
    return slots


def player_view(state: Position, side: str) -> PlayerView:
    if side not in SIDES:
        raise ValueError(f"side must be 'red' or 'white', not {side!r}")
    data = state_to_dict(state)
    unseen: list[str] = []
    data["seed"] = None
    data["shuffles"] = None
    for where, sub in _hidden_slots(state, side):
        if where == "deck":
            unseen.extend(state.deck)
            data["deck"] = [HIDDEN] * len(state.deck)
        elif where == "hands":
            assert sub is not None      # a hand and an objective are a side's (_hidden_slots)
            # Leader cards stay in hand until played: which ones are there is public.
            hidden = [c for c in state.hands[sub] if c in state.comp.cards]
            unseen.extend(hidden)
            data["hands"][sub] = [c for c in state.hands[sub] if c not in state.comp.cards] + [HIDDEN] * len(hidden)
        elif where == "objectives":
            assert sub is not None
            card = state.objectives[sub]
            if card:
                unseen.append(card)
                data["objectives"][sub] = HIDDEN
        elif where == "opp_stack":
            unseen.extend(state.opp_stack)
            data["opposition"]["stack"] = [HIDDEN] * len(state.opp_stack)
    if state.mode == "solo":
        data["opposition"]["leaders"] = sorted(state.opp_leaders)  # which ones are known, not their order
    data["tiles"]["stack"] = sorted(state.tile_stack, key=state.comp.region_index.__getitem__)  # face down (S-3)
    order = state.comp.card_order
    return PlayerView(side, data, tuple(state.hands[side]), known_objective(state, side), tuple(sorted(unseen, key=order.__getitem__)))


def known_objective(state: Position, side: str) -> str | None:
    """``side``'s own objective card if ``side`` knows it: always in two-player; in
    solo only once revealed, since the solo player's objective is dealt face down
    (R-SOLO-DRAW)."""
    if state.mode == "two-player" or state.revealed[side]:
        return state.objectives[side]
    return None


def canonical(state: P, side: str) -> P:
    """A copy of ``state`` keeping only what ``side`` can see: the unseen cards, the
    Opposition's leaders and the face-down tiles in a fixed order, the seed zeroed.

    Two states ``side`` cannot tell apart have equal canonical forms, so a search
    that starts from it cannot depend on anything hidden.
    """
    s = state.clone()
    _deal(s, side, None)
    s.seed = s.shuffles = 0
    return s


def _deal(s: Position, side: str, rng: random.Random | None) -> None:
    """Put every unseen card, the Opposition's leaders and the face-down tiles in a
    fixed order, then shuffle them with ``rng`` (if given), in place."""
    slots = _hidden_slots(s, side)
    pool: list[str] = []
    sizes: list[int] = []
    for where, sub in slots:
        cards = _slot_cards(s, where, sub)
        pool.extend(cards)
        sizes.append(len(cards))
    pool.sort(key=s.comp.card_order.__getitem__)
    s.opp_leaders.sort()
    s.tile_stack.sort(key=s.comp.region_index.__getitem__)
    if rng is not None:
        rng.shuffle(pool)
        if s.mode == "solo":
            rng.shuffle(s.opp_leaders)
        rng.shuffle(s.tile_stack)
    i = 0
    for (where, sub), n in zip(slots, sizes):
        _set_slot(s, where, sub, pool[i:i + n])
        i += n


def determinize(state: P, side: str, rng: random.Random) -> P:
    """A copy of ``state`` where every card ``side`` cannot see is dealt afresh at random.

    Visible facts (own hand, the board, played and discarded cards, revealed
    objectives, zone sizes) are kept; the seed is replaced so that future
    shuffles are unknown too.  The unseen cards, the Opposition's leaders and the
    face-down tiles are put in a fixed order before shuffling, so two states that
    ``side`` cannot tell apart give the same result for the same ``rng``.
    """
    s = state.clone()
    _deal(s, side, rng)
    s.seed = rng.randrange(2**31)
    s.shuffles = 0
    return s


def _slot_cards(s: Position, where: str, sub: str | None) -> list[str]:
    if where == "deck":
        return list(s.deck)
    if where == "opp_stack":
        return list(s.opp_stack)
    assert sub is not None      # a hand and an objective are a side's (_hidden_slots)
    if where == "hands":
        return [c for c in s.hands[sub] if c in s.comp.cards]
    card = s.objectives[sub]
    return [card] if card else []


def _set_slot(s: Position, where: str, sub: str | None, cards: list[str]) -> None:
    if where == "deck":
        s.deck = cards
    elif where == "opp_stack":
        s.opp_stack = cards
    elif where == "hands":
        assert sub is not None      # a hand and an objective are a side's (_hidden_slots)
        leaders = [c for c in s.hands[sub] if c not in s.comp.cards]
        s.hands[sub] = sorted(leaders + cards, key=s.comp.card_order.__getitem__)
    else:
        assert sub is not None
        s.objectives[sub] = cards[0] if cards else None
