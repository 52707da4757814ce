"""Every kind of action, each in a module of its own: the only home of that kind.

A module here defines the kind's value class and registers its
:class:`~dualpowers.kinds.base.ActionKind` (rule, offer, check, perform, words, board
targets, clicks).  Every module of this package is loaded on import, so a new kind of
action is a new module, its texts in the catalogs and, for a command-card action, its
name in the components' data; nothing else lists the kinds.  See docs/architecture.md.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import IllegalAction
if TYPE_CHECKING:
    from ..position import Position

from .base import BY_WORD, KINDS, Action, ActionKind, AnyKind, Click, Touches, kind_of, reserve_part

__all__ = ["Action", "ActionKind", "AnyKind", "Click", "Touches", "KINDS", "BY_WORD", "kind_of", "reserve_part", "ordered", "at_step",
           "offered", "touches", "clicks", "click_paths", "highlight", "meant", "misclick"]

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if _module != "base":
        importlib.import_module(f"{__name__}.{_module}")


def ordered() -> list[AnyKind]:
    """Every kind, in the order a turn meets them (the order of menus and legal actions)."""
    return sorted(KINDS.values(), key=lambda k: k.order)


def at_step(step: str) -> tuple[AnyKind, ...]:
    """The kinds a step offers, in order."""
    return tuple(k for k in ordered() if step in k.steps)


def offered(state: Position) -> tuple[AnyKind, ...]:
    """The kinds the step of ``state`` offers, as the card in play allows (R-ACT-CMD: only
    its printed action beside Recruit; R-ACT-LEADER: only its leader's special)."""
    step = state.step
    kinds = at_step(step)
    if step == "command" and state.card in state.comp.cards:
        printed_action = state.comp.cards[state.card].action
        kinds = tuple(k for k in kinds if k.printed is None or k.printed == printed_action)
    elif step == "leader" and state.card in state.comp.leaders:
        own = state.comp.leaders[state.card].special
        kinds = tuple(k for k in kinds if k.special is None or k.special == own)
    return kinds


def touches(state: Position, act: Action) -> Touches:
    """What ``act`` touches on the board of ``state`` (the position it would be taken in)."""
    return kind_of(act).touches(state, act)


def clicks(state: Position, act: Action) -> tuple[Click, ...]:
    """The clicks that pick ``act`` (empty: it is offered as a button)."""
    return kind_of(act).clicks(state, act)


def click_paths(state: Position, act: Action) -> tuple[tuple[Click, ...], ...]:
    """Every order of clicks that picks ``act``: :func:`clicks` first, then the kind's others."""
    kind = kind_of(act)
    first = kind.clicks(state, act)
    others = kind.other_clicks(state, act) if kind.other_clicks is not None else ()
    return (first, *(o for o in others if o != first))


def highlight(state: Position, acts: Action | Sequence[Action]) -> list[Any]:
    """The board items to light up for one action or several (merged, in order, no repeats)."""
    items: list[Any] = []
    for a in acts if isinstance(acts, (list, tuple)) else (acts,):
        for x in touches(state, a).highlight(state):
            if x not in items:
                items.append(x)
    return items


def meant(state: Position, picked: tuple[Click, ...]) -> Action | None:
    """The action clicks mean at this step, legal or not (the engine then says why not);
    ``None`` when they mean no action of a kind offered here."""
    for k in offered(state):
        if k.from_clicks is not None:
            try:
                act = k.from_clicks(state, picked)
            except IllegalAction:   # a value no action can hold (a checked field): no meaning
                act = None
            if act is not None:
                return act
    return None


def misclick(state: Position, picked: tuple[Click, ...]) -> IllegalAction | None:
    """The rule a kind offered here gives against clicks that mean no action (``ActionKind.misclick``:
    a recruit aimed at a region other than the card's); ``None`` when no kind claims them."""
    for k in offered(state):
        if k.misclick is not None:
            refused = k.misclick(state, picked)
            if refused is not None:
                return refused
    return None
