"""Small builders for rule tests: positions from partial dicts, and playing helpers."""

from __future__ import annotations

import random
from typing import Any

import dualpowers as dp


def position(**fields: Any) -> dp.State:
    """A partial two-player position; keyword arguments are JSON position fields."""
    data: dict[str, Any] = {"mode": "two-player", "unrest": "brown", "blockade": None}
    data.update(fields)
    return dp.State.from_dict(data)


def unit(owner: str, strength: int, side: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"owner": owner, "kind": "unit", "strength": strength}
    if side:
        d["side"] = side
    return d


def at_card_step(side: str, hand: list[str], **fields: Any) -> dp.State:
    """``side`` to play a card from ``hand`` (two-player)."""
    return position(hands={side: hand}, will=fields.pop("will", side),
                    turn={"step": "card", "to_act": side, **fields.pop("turn", {})}, **fields)


def random_game(mode: str, seed: int, **kw: Any) -> tuple[dp.State, list[dp.Action]]:
    s = dp.new_game(mode, seed, **kw)
    rng = random.Random(seed)
    actions = []
    while not s.is_over():
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s.apply(a)
    return s, actions
