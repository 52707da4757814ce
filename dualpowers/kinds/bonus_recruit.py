"""Bonus Recruit (R-ACT-BONUS): one unit of recruit value 1 from the reserve enters any region."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..places import RESERVE
from ..text import N_, Message, Name
from .base import (Action, ActionKind, Click, Touches, action, check_region, check_reserve_unit, recruit_name, refuse,
                   register, representatives, reserve_units,
                   units_then_region)

if TYPE_CHECKING:
    from ..position import Position

VALUE_1 = N_("Bonus Recruit takes a unit of recruit value 1; {unit} has {recruit}")
BONUS_RECRUIT = N_("{side:cap} takes a bonus recruit: {unit} into {region}.")


@action("bonus-recruit")
class BonusRecruit(Action):
    """Bonus: one recruit-value-1 unit into any region (R-ACT-BONUS)."""
    unit: str
    region: str


def _offer(state: Position, side: str) -> list[BonusRecruit]:
    """One recruit-value-1 unit of each kind in reserve, into each region.  The answer depends
    only on the reserve's content (a token in reserve is always fresh), so it is memoised."""
    comp = state.comp
    memo = comp.memo
    cache: dict[tuple[str, tuple[str, ...]], list[BonusRecruit]] | None = memo.get(BonusRecruit)
    if cache is None or len(cache) > 50_000:
        cache = memo[BonusRecruit] = {}
    key = (side, tuple(state.at.get(RESERVE, ())))
    hit = cache.get(key)
    if hit is not None:
        return hit
    out: list[BonusRecruit] = []
    singles = representatives(state, [t for t in reserve_units(state, side) if comp.tokens[t].recruit == 1])
    for u in singles:
        recruits = memo.get((BonusRecruit, u))
        if recruits is None:
            recruits = memo[(BonusRecruit, u)] = tuple(BonusRecruit.trusted(u, r) for r in comp.region_names)
        out.extend(recruits)
    cache[key] = out
    return out


def _check(state: Position, side: str, a: BonusRecruit) -> None:
    check_reserve_unit(state, side, a.unit)
    if state.comp.tokens[a.unit].recruit != 1:
        raise refuse(VALUE_1, "R-ACT-BONUS", unit=a.unit, recruit=state.comp.tokens[a.unit].recruit)
    check_region(state, a.region)


def _perform(state: Position, side: str, a: BonusRecruit) -> None:
    state.put(a.unit, a.region)
    state.log("recruit", BONUS_RECRUIT, side=side, unit=a.unit, region=a.region)


def _sentence(state: Position, a: BonusRecruit) -> Message:
    return Message(N_("Bonus action: recruit {unit} into {region}"), unit=recruit_name(state, a.unit),
                   region=Name("region", a.region))


def _touches(state: Position, a: BonusRecruit) -> Touches:
    return Touches(tokens=(a.unit,), regions=(a.region,), parts=("reserve",))


def _clicks(state: Position, a: BonusRecruit) -> tuple[Click, ...]:
    return (("region", a.region),)


def _other_clicks(state: Position, a: BonusRecruit) -> tuple[tuple[Click, ...], ...]:
    return units_then_region((a.unit,), a.region)


def _from_clicks(state: Position, picked: tuple[Click, ...]) -> BonusRecruit | None:
    """A unit clicked in the reserve (and a region): the bonus recruit it means, so that a unit
    of recruit value 2 or 3 is refused with the reason."""
    units = [str(i) for k, i in picked if k == "token"]
    regions = [str(i) for k, i in picked if k == "region"]
    if len(units) != 1 or len(regions) > 1 or len(picked) != len(units) + len(regions):
        return None
    if state.place.get(units[0]) != RESERVE:
        return None
    return BonusRecruit.trusted(units[0], regions[0] if regions else state.comp.region_names[0])


def _strength(state: Position, a: BonusRecruit) -> tuple[tuple[str, int], ...]:
    return ((a.region, state.comp.tokens[a.unit].fresh),)


KIND = register(ActionKind(
    BonusRecruit, "R-ACT-BONUS", steps=("bonus", "unrest"), order=120, offer=_offer, check=_check,
    perform=_perform, label=N_("Bonus recruit"),
    explanation=N_("Bonus action: one unit of recruit value 1 from your reserve enters any region."),
    sentence=_sentence, touches=_touches, clicks=_clicks, strength=_strength, other_clicks=_other_clicks,
    from_clicks=_from_clicks))
