"""Recruit (R-ACT-RECRUIT): units from the reserve enter the command card's region, fresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from ..places import RESERVE
from ..text import N_, Conjunction, Message, Name
from .base import (Action, ActionKind, Click, Touches, action, card_region, check_reserve_unit, recruit_name, refuse,
                   register, reserve_units, units_then_region)

if TYPE_CHECKING:
    from ..position import Position

UNIT_TWICE = N_("a unit is listed twice")
RECRUIT_TOO_DEAR = N_("those units cost {total} recruit value; {card} gives {recruit}")
RECRUITS = N_("{side:cap} recruits {units} into {region}.")
RECRUIT_ELSEWHERE = N_("recruits go into the card's region ({region}), not into {clicked}")


@action("recruit")
class Recruit(Action):
    """Recruit units from reserve into the card's region (R-ACT-RECRUIT)."""
    units: tuple[str, ...]


def _offer(state: Position, side: str) -> list[Recruit]:
    """Every distinct set of reserve units with total recruit value <= the card's.

    The answer depends only on the reserve's content, so it is memoised: first by the whole
    reserve (cheap to key on, but it varies much over a long run), then by the side's
    units in it (far fewer cases)."""
    comp = state.comp
    budget = comp.cards[state.card or ""].recruit
    memo = comp.memo
    cache: dict[tuple[str, int, tuple[str, ...]], list[Recruit]] | None = memo.get(Recruit)
    if cache is None or len(cache) > 50_000:
        cache = memo[Recruit] = {}
    key = (side, budget, tuple(state.at.get(RESERVE, ())))
    hit = cache.get(key)
    if hit is not None:
        return hit
    by_units: dict[tuple[int, tuple[str, ...]], list[Recruit]] | None = memo.get((Recruit, "units"))
    if by_units is None or len(by_units) > 100_000:
        by_units = memo[(Recruit, "units")] = {}
    reserve = reserve_units(state, side)
    units_key = (budget, tuple(reserve))
    hit = by_units.get(units_key)
    if hit is not None:
        cache[key] = hit
        return hit
    tokens = comp.tokens
    groups: dict[object, list[str]] = {}
    for t in reserve:
        if tokens[t].recruit <= budget:
            groups.setdefault(comp.type_keys[t], []).append(t)
    kinds = list(groups.values())
    out: list[Recruit] = []

    def walk(i: int, left: int, chosen: list[str]) -> None:
        if i == len(kinds):
            if chosen:
                out.append(Recruit.trusted(tuple(sorted(chosen, key=comp.token_order.__getitem__))))
            return
        ids = kinds[i]
        cost = tokens[ids[0]].recruit
        walk(i + 1, left, chosen)
        for n in range(1, len(ids) + 1):
            if n * cost > left:
                break
            walk(i + 1, left - n * cost, chosen + ids[:n])

    walk(0, budget, [])
    cache[key] = by_units[units_key] = out
    return out


def _check(state: Position, side: str, a: Recruit) -> None:
    card = state.comp.cards[state.card or ""]
    if len(set(a.units)) != len(a.units):
        raise refuse(UNIT_TWICE, "R-ACT-RECRUIT")
    for u in a.units:
        check_reserve_unit(state, side, u)
    total = sum(state.comp.tokens[u].recruit for u in a.units)
    if total > card.recruit:
        raise refuse(RECRUIT_TOO_DEAR, "R-ACT-RECRUIT", total=total, card=card.id, recruit=card.recruit)


def _perform(state: Position, side: str, a: Recruit) -> None:
    region = state.comp.cards[state.card or ""].region
    for u in a.units:
        state.put(u, region)
    if state.narrating:
        state.log("recruit", RECRUITS, side=side, units=Conjunction(a.units), region=region)


def _sentence(state: Position, a: Recruit) -> Message:
    units = Conjunction(recruit_name(state, u) for u in a.units)
    region = card_region(state)
    if region is not None:
        return Message(N_("Recruit {units} into {region}"), units=units, region=region)
    return Message(N_("Recruit {units}"), units=units)


def _touches(state: Position, a: Recruit) -> Touches:
    region = card_region(state)
    return Touches(card=state.card, tokens=a.units, regions=(region,) if region else (), parts=("reserve",))


def _clicks(state: Position, a: Recruit) -> tuple[Click, ...]:
    region = card_region(state)
    return (("region", region),) if region else ()


def _other_clicks(state: Position, a: Recruit) -> tuple[tuple[Click, ...], ...]:
    return units_then_region(a.units, card_region(state))


def _from_clicks(state: Position, picked: tuple[Click, ...]) -> Recruit | None:
    """Units clicked in the reserve (and the card's region): the recruit they mean, so that a
    set too dear for the card is refused with its cost."""
    units = tuple(str(i) for k, i in picked if k == "token")
    rest = [c for c in picked if c[0] != "token"]
    if not units or any(k != "region" or i != card_region(state) for k, i in rest):
        return None
    if any(state.place.get(u) != RESERVE for u in units):
        return None
    return Recruit.trusted(units)


def _misclick(state: Position, picked: tuple[Click, ...]) -> IllegalAction | None:
    """A region other than the card's, after reserve units or alone, while a recruit is open:
    the rule says where recruits go."""
    region = card_region(state)
    clicked = [i for k, i in picked if k == "region"]
    if region is None or not clicked or clicked[-1] == region or not _offer(state, state.to_act or ""):
        return None
    if any(k != "region" and not (k == "token" and state.place.get(i) == RESERVE) for k, i in picked):
        return None                       # a token on the board: a move, not a recruit
    return refuse(RECRUIT_ELSEWHERE, "R-ACT-RECRUIT", region=region, clicked=Name("region", clicked[-1]))


def _strength(state: Position, a: Recruit) -> tuple[tuple[str, int], ...]:
    region = card_region(state)
    return ((region, sum(state.comp.tokens[u].fresh for u in a.units)),) if region else ()


KIND = register(ActionKind(
    Recruit, "R-ACT-RECRUIT", steps=("command",), order=30, offer=_offer, check=_check, perform=_perform,
    label=N_("Recruit"),
    explanation=N_("Units from your reserve whose recruit values add up to at most the card's value enter the "
                   "card's region, fresh."),
    sentence=_sentence, touches=_touches, clicks=_clicks, strength=_strength, other_clicks=_other_clicks,
    from_clicks=_from_clicks, misclick=_misclick))
