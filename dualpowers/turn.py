"""Player decisions: which actions are legal and what each one does.

Rules: P-OBJ, P-ACT, R-ACT-* (command, leader and bonus actions), R-SCO-UNREST
(the unrest winner's choice), R-SOLO (Organize, Espionage on oneself).
``check`` raises :class:`IllegalAction` before anything changes; ``perform``
then changes the state.  The flow between turns is in :mod:`dualpowers.rounds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rounds as flow
from .actions import (
    Action, BonusDraw, BonusMove, BonusRecruit, BonusRest, ChooseObjective, DoubleMove,
    Espionage, Inspire, LeaderRecruit, Move, Organize, Pass, PlayCard, Protest, Recruit, Rest,
    ScoreUnrest,
)
from .errors import IllegalAction
from .presence import controlled_in, controller
from .places import RESERVE

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions", "check", "perform"]

# Actions are immutable values drawn from a small fixed set, so legal_actions reuses them.
_POOL: dict[tuple[object, ...], Action] = {}


def _action(cls: type, *args: object) -> Action:
    key = (cls, *args)
    a = _POOL.get(key)
    if a is None:
        a = _POOL[key] = cls(*args)
    return a


_PASS = Pass()
_ESPIONAGE = Espionage()
_INSPIRE = Inspire()
_DRAW = BonusDraw()
_ORGANIZE = Organize()
_SCORE_UNREST = ScoreUnrest()


# ---------------------------------------------------------------------------- helpers
def _representatives(state: "State", tokens: list[str]) -> list[str]:
    """One token per group of interchangeable tokens (same type and side), lowest id first."""
    keys = state.comp.type_keys
    exhausted = state.exhausted
    seen: set[object] = set()
    out = []
    for t in tokens:
        k = (keys[t], t in exhausted)
        if k not in seen:
            seen.add(k)
            out.append(t)
    return out


def _controlled_on_board(state: "State", side: str) -> list[tuple[str, str]]:
    """(region, token) for every token ``side`` controls, one per interchangeable group."""
    keys = state.comp.type_keys
    exhausted = state.exhausted
    at = state._at
    out = []
    for region in state.comp.region_names:
        if not at.get(region):
            continue
        mine = controlled_in(state, side, region)
        if len(mine) == 1:
            out.append((region, mine[0]))
        elif mine:
            seen: set[object] = set()
            for t in mine:
                k = (keys[t], t in exhausted)
                if k not in seen:
                    seen.add(k)
                    out.append((region, t))
    return out


def _reserve_units(state: "State", side: str) -> list[str]:
    tokens = state.comp.tokens
    return [t for t in state._at.get(RESERVE, ()) if tokens[t].owner == side and tokens[t].kind == "unit"]


_RECRUIT_CACHE: dict[tuple[object, ...], list[Recruit]] = {}


def _recruit_options(state: "State", side: str, budget: int) -> list[Recruit]:
    """Every distinct set of reserve units with total recruit value <= budget (R-ACT-RECRUIT).

    The answer depends only on the reserve's content, so it is memoised.
    """
    reserve = tuple(_reserve_units(state, side))
    key = (id(state.comp), budget, reserve)
    hit = _RECRUIT_CACHE.get(key)
    if hit is not None:
        return hit
    tokens = state.comp.tokens
    groups: dict[object, list[str]] = {}
    for t in reserve:
        if tokens[t].recruit <= budget:
            groups.setdefault(state.comp.type_keys[t], []).append(t)
    kinds = list(groups.values())
    out: list[Recruit] = []

    def walk(i: int, left: int, chosen: list[str]) -> None:
        if i == len(kinds):
            if chosen:
                out.append(Recruit(tuple(sorted(chosen, key=state.comp.token_order.__getitem__))))
            return
        ids = kinds[i]
        cost = tokens[ids[0]].recruit
        walk(i + 1, left, chosen)
        for n in range(1, len(ids) + 1):
            if n * cost > left:
                break
            walk(i + 1, left - n * cost, chosen + ids[:n])

    walk(0, budget, [])
    if len(_RECRUIT_CACHE) > 50_000:
        _RECRUIT_CACHE.clear()
    _RECRUIT_CACHE[key] = out
    return out


def _bonus_options(state: "State", side: str) -> list[Action]:
    """Bonus Recruit, Move, Rest, Draw, and (solo) Organize (R-ACT-BONUS)."""
    comp = state.comp
    out: list[Action] = []
    pool = _POOL
    singles = _representatives(state, [t for t in _reserve_units(state, side) if comp.tokens[t].recruit == 1])
    for u in singles:
        for r in comp.region_names:
            key = (BonusRecruit, u, r)
            a = pool.get(key)
            out.append(a if a is not None else _action(BonusRecruit, u, r))
    neighbours = comp.open_neighbours(state.blockade)
    controlled = _controlled_on_board(state, side)
    pool = _POOL
    for region, t in controlled:
        for to in neighbours[region]:
            key = (BonusMove, t, to)
            a = pool.get(key)
            out.append(a if a is not None else _action(BonusMove, t, to))
    for region, t in controlled:
        if t in state.exhausted:
            out.append(_action(BonusRest, t))
    if state.deck or state.discard:
        out.append(_DRAW)
    if _can_organize(state, side):
        out.append(_ORGANIZE)
    return out


def _can_organize(state: "State", side: str) -> bool:
    return state.mode == "solo" and side == state.player and bool(state.objectives[side]) and not state.revealed[side]


def _espionage_target(state: "State", side: str) -> str:
    return side if state.mode == "solo" else state.other(side)


def _leader_special_options(state: "State", side: str, special: str) -> list[Action]:
    if special == "protest":
        return [Protest(c) for c in state.comp.connections if c != state.blockade]
    if special == "espionage":
        target = _espionage_target(state, side)
        return [_ESPIONAGE] if state.objectives[target] and not state.revealed[target] else []
    return [_INSPIRE] if state.will != side else []


def _leader_can_recruit(state: "State") -> bool:
    return not state.leader_recruited and state.place.get(state.card or "") == RESERVE


# ---------------------------------------------------------------------------- legal actions
def legal_actions(state: "State") -> list[Action]:
    step = state.step
    side = state.to_act
    if step == "over" or side is None:
        return []
    comp = state.comp
    if step == "card":
        pool = _POOL
        return [pool.get((PlayCard, c)) or _action(PlayCard, c) for c in state.hands[side]] or [_PASS]
    if step == "objective":
        return [ChooseObjective(c) for c in state.hands[side] if c in comp.cards] or [_PASS]
    if step == "command":
        card = comp.cards[state.card]  # type: ignore[index]
        out: list[Action] = list(_recruit_options(state, side, card.recruit))
        if card.action == "move":
            neighbours = comp.open_neighbours(state.blockade)
            pool = _POOL
            for region, t in _controlled_on_board(state, side):
                for to in neighbours[region]:
                    key = (Move, t, to)
                    a = pool.get(key)
                    out.append(a if a is not None else _action(Move, t, to))
        elif card.action == "double-move":
            reach = comp.two_step_reach(state.blockade)
            pool = _POOL
            for region, t in _controlled_on_board(state, side):
                for to, via in reach[region].items():
                    key = (DoubleMove, t, to, via)
                    a = pool.get(key)
                    out.append(a if a is not None else _action(DoubleMove, t, to, via))
        else:
            for region, t in _controlled_on_board(state, side):
                if t in state.exhausted:
                    out.append(_action(Rest, t))
        out.append(_PASS)
        return out
    if step == "leader":
        lead = comp.leaders[state.card]  # type: ignore[index]
        out = []
        if _leader_can_recruit(state):
            out.extend(LeaderRecruit(r) for r in comp.region_names)
        if not state.leader_special_used:
            out.extend(_leader_special_options(state, side, lead.special))
        out.append(_PASS)
        return out
    if step == "bonus":
        return _bonus_options(state, side) + [_PASS]
    if step == "unrest":
        return [_SCORE_UNREST] + _bonus_options(state, side) + [_PASS]
    raise AssertionError(f"unknown step {step!r}")  # pragma: no cover


# ---------------------------------------------------------------------------- checking
def _fail(msg: str) -> IllegalAction:
    return IllegalAction(msg)


def _check_region(state: "State", region: str) -> None:
    if region not in state.comp.region_index:
        raise _fail(f"unknown region {region!r} (regions: {', '.join(state.comp.region_names)})")


def _check_controlled(state: "State", side: str, token: str) -> str:
    """Return the region of a token ``side`` controls, or raise."""
    if token not in state.comp.tokens:
        raise _fail(f"unknown token {token!r}")
    region = state.place[token]
    if region not in state.comp.region_index:
        raise _fail(f"{token} is not on the board (it is in {region})")
    if controller(state, token) != side:
        who = controller(state, token)
        why = (" (a neutral token obeys the Will holder only where they have a token of their own, R-NEU-1)"
               if state.comp.tokens[token].owner == "neutral" else "")
        raise _fail(f"{side} does not control {token} in {region}; it is controlled by {who or 'nobody'}{why}")
    return region


def _check_step_move(state: "State", token: str, start: str, to: str) -> None:
    _check_region(state, to)
    if not state.comp.is_connection(start, to):
        raise _fail(f"{start} and {to} are not connected")
    if state.blockade == state.comp.connection(start, to):
        raise _fail(f"the blockade marker closes the connection {start}-{to} (R-ACT-MOVE)")


def _check_reserve_unit(state: "State", side: str, unit: str) -> None:
    spec = state.comp.tokens.get(unit)
    if spec is None:
        raise _fail(f"unknown token {unit!r}")
    if spec.owner != side or spec.kind != "unit":
        raise _fail(f"{unit} is not one of {side}'s units")
    if state.place[unit] != RESERVE:
        raise _fail(f"{unit} is not in {side}'s reserve (it is in {state.place[unit]})")


def _check_bonus(state: "State", side: str, action: Action) -> None:
    if isinstance(action, BonusRecruit):
        _check_reserve_unit(state, side, action.unit)
        if state.comp.tokens[action.unit].recruit != 1:
            raise _fail(f"Bonus Recruit takes a unit of recruit value 1; {action.unit} has "
                        f"{state.comp.tokens[action.unit].recruit} (R-ACT-BONUS)")
        _check_region(state, action.region)
    elif isinstance(action, BonusMove):
        start = _check_controlled(state, side, action.token)
        _check_step_move(state, action.token, start, action.to)
    elif isinstance(action, BonusRest):
        _check_controlled(state, side, action.token)
        if action.token not in state.exhausted:
            raise _fail(f"{action.token} is already fresh: Rest only flips an exhausted token")
    elif isinstance(action, BonusDraw):
        if not state.deck and not state.discard:
            raise _fail("no command card is left to draw (deck and discard pile are empty)")
    elif isinstance(action, Organize):
        if state.mode != "solo":
            raise _fail("Organize is a solo-only bonus action (R-ACT-BONUS)")
        if not _can_organize(state, side):
            raise _fail("your secret objective is already revealed")
    else:  # pragma: no cover - callers pass bonus actions only
        raise _fail(f"{action} is not a bonus action")


def check(state: "State", action: Action) -> None:
    """Raise IllegalAction (with the reason) unless ``action`` is legal now."""
    step, side = state.step, state.to_act
    if step == "over" or side is None:
        raise _fail("the game is over")
    comp = state.comp
    kind = type(action)
    if kind is Pass:
        return
    if step == "objective":
        if kind is not ChooseObjective:
            raise _fail(f"{side} must choose a secret objective now (P-OBJ), not '{action}'")
        card = action.card  # type: ignore[union-attr]
        if card not in state.hands[side]:
            raise _fail(f"{card} is not in {side}'s hand")
        if card not in comp.cards:
            raise _fail(f"{card} is a leader card: the objective must be a command card (P-OBJ)")
        return
    if step == "card":
        if kind is not PlayCard:
            raise _fail(f"{side} must play a card now (P-ACT), not '{action}'")
        if action.card not in state.hands[side]:  # type: ignore[union-attr]
            raise _fail(f"{action.card} is not in {side}'s hand")  # type: ignore[union-attr]
        return
    if step == "command":
        card = comp.cards[state.card]  # type: ignore[index]
        if kind is Recruit:
            units = action.units  # type: ignore[union-attr]
            if not units:
                raise _fail("recruit at least one unit, or pass")
            if len(set(units)) != len(units):
                raise _fail("a unit is listed twice")
            for u in units:
                _check_reserve_unit(state, side, u)
            total = sum(comp.tokens[u].recruit for u in units)
            if total > card.recruit:
                raise _fail(f"those units cost {total} recruit value; {card.id} gives {card.recruit} (R-ACT-RECRUIT)")
            return
        expected = {"move": Move, "double-move": DoubleMove, "rest": Rest}[card.action]
        if kind is not expected:
            raise _fail(f"{card.id} allows Recruit or {card.action}, not '{action}' (R-ACT-CMD)")
        if kind is Rest:
            _check_controlled(state, side, action.token)  # type: ignore[union-attr]
            if action.token not in state.exhausted:  # type: ignore[union-attr]
                raise _fail(f"{action.token} is already fresh: Rest only flips an exhausted token (R-ACT-REST)")  # type: ignore[union-attr]
            return
        start = _check_controlled(state, side, action.token)  # type: ignore[union-attr]
        to = action.to  # type: ignore[union-attr]
        if kind is Move:
            _check_step_move(state, action.token, start, to)  # type: ignore[union-attr]
            return
        _check_region(state, to)
        via = action.via  # type: ignore[union-attr]
        if via is None:
            if to == start:
                raise _fail(f"{action.token} is already in {to}")  # type: ignore[union-attr]
            if to not in comp.two_step_reach(state.blockade)[start]:
                raise _fail(f"{to} is more than two open steps from {start} (R-ACT-DMOVE)")
            return
        _check_region(state, via)
        _check_step_move(state, action.token, start, via)  # type: ignore[union-attr]
        _check_step_move(state, action.token, via, to)  # type: ignore[union-attr]
        if to == start:
            raise _fail(f"a double move must end away from where it started ({start})")
        return
    if step == "leader":
        lead = comp.leaders[state.card]  # type: ignore[index]
        if kind is LeaderRecruit:
            if state.leader_recruited:
                raise _fail(f"{lead.id} has already been recruited this turn")
            if state.place[lead.id] != RESERVE:
                raise _fail(f"{lead.id}'s token is not in reserve (it is in {state.place[lead.id]})")
            _check_region(state, action.region)  # type: ignore[union-attr]
            return
        if kind in (Protest, Espionage, Inspire):
            if state.leader_special_used:
                raise _fail(f"{lead.id}'s special action has already been taken this turn")
            wanted = {"protest": Protest, "espionage": Espionage, "inspire": Inspire}[lead.special]
            if kind is not wanted:
                raise _fail(f"{lead.id}'s special action is {lead.special}, not '{action}' (R-ACT-LEADER)")
            if kind is Protest:
                a, b = action.connection  # type: ignore[union-attr]
                _check_region(state, a)
                _check_region(state, b)
                if not comp.is_connection(a, b):
                    raise _fail(f"{a}-{b} is not a connection of the city")
                if comp.connection(a, b) == state.blockade:
                    raise _fail(f"the blockade is already on {a}-{b}: Protest moves it to another connection (R-ACT-PROTEST)")
            elif kind is Espionage:
                target = _espionage_target(state, side)
                if not state.objectives[target]:
                    raise _fail(f"{target} has no secret objective to reveal")
                if state.revealed[target]:
                    raise _fail(f"{target}'s secret objective is already revealed")
            elif state.will == side:
                raise _fail(f"{side} already holds the Will of the People")
            return
        raise _fail(f"after playing {lead.id}: Leader Recruit, {lead.special}, or pass; not '{action}' (R-ACT-LEADER)")
    if step == "bonus":
        if kind not in (BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize):
            raise _fail(f"{side} has a bonus action to take (or pass), not '{action}' (R-ACT-BONUS)")
        _check_bonus(state, side, action)
        return
    if step == "unrest":
        if kind is ScoreUnrest:
            return
        if kind not in (BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize):
            raise _fail(f"{side} won the unrest region: score it, take a bonus action, or pass; not '{action}' (R-SCO-UNREST)")
        _check_bonus(state, side, action)
        return
    raise AssertionError(f"unknown step {step!r}")  # pragma: no cover


# ---------------------------------------------------------------------------- performing
def _do_bonus(state: "State", side: str, action: Action) -> None:
    kind = type(action)
    if kind is BonusRecruit:
        state.put(action.unit, action.region)  # type: ignore[union-attr]
        state.log("recruit", f"{side.capitalize()} takes a bonus recruit: {action.unit} into {action.region}.")  # type: ignore[union-attr]
    elif kind is BonusMove:
        _move(state, side, action.token, action.to, "bonus move")  # type: ignore[union-attr]
    elif kind is BonusRest:
        state.exhausted.discard(action.token)  # type: ignore[union-attr]
        state.log("rest", f"{side.capitalize()} rests {action.token} as a bonus: it is fresh again.")  # type: ignore[union-attr]
    elif kind is BonusDraw:
        card = state.draw_card()
        if card is not None:
            state.add_to_hand(side, card)
        state.log("draw", f"{side.capitalize()} draws a bonus card; the hand grows for good.")
    elif kind is Organize:
        state.revealed[side] = True
        state.log("reveal", f"{side.capitalize()} organizes and looks at their own secret objective: {state.objectives[side]}.")


def _move(state: "State", side: str, token: str, to: str, what: str) -> None:
    start = state.place[token]
    state.put(token, to, exhausted=token in state.exhausted)
    state.log("move", f"{side.capitalize()} {what}: {token} from {start} to {to}.")


def perform(state: "State", action: Action) -> None:
    """Carry out a checked action for the player to act."""
    side: str = state.to_act  # type: ignore[assignment]
    step = state.step
    kind = type(action)
    comp = state.comp
    if step == "objective":
        if kind is ChooseObjective:
            state.hands[side].remove(action.card)  # type: ignore[union-attr]
            state.objectives[side] = action.card  # type: ignore[union-attr]
            state.log("objective", f"{side.capitalize()} places a secret objective face down.")
        flow.objective_chosen(state, side)
        return
    if step == "card":
        if kind is Pass:
            state.log("pass", f"{side.capitalize()} has no card to play and passes the turn.")
            flow.end_turn(state)
            return
        flow.play_card(state, side, action.card)  # type: ignore[union-attr]
        return
    if step == "command":
        card = comp.cards[state.card]  # type: ignore[index]
        if kind is Recruit:
            for u in action.units:  # type: ignore[union-attr]
                state.put(u, card.region)
            state.log("recruit", f"{side.capitalize()} recruits {', '.join(action.units)} into {card.region}.")  # type: ignore[union-attr]
        elif kind is Move or kind is DoubleMove:
            _move(state, side, action.token, action.to, "moves")  # type: ignore[union-attr]
        elif kind is Rest:
            state.exhausted.discard(action.token)  # type: ignore[union-attr]
            state.log("rest", f"{side.capitalize()} rests {action.token}: it is fresh again.")  # type: ignore[union-attr]
        else:
            state.log("pass", f"{side.capitalize()} takes no action with {card.id} (R-ACT-CMD).")
        flow.after_main_action(state)
        return
    if step == "leader":
        lead = comp.leaders[state.card]  # type: ignore[index]
        if kind is Pass:
            flow.after_main_action(state)
            return
        if kind is LeaderRecruit:
            flow.leader_recruit(state, side, lead.id, action.region)  # type: ignore[union-attr]
        else:
            state.leader_special_used = True
            if kind is Protest:                     # R-ACT-PROTEST
                a, b = action.connection  # type: ignore[union-attr]
                state.blockade = comp.connection(a, b)
                state.log("protest", f"{lead.id} mobilizes a protest: the blockade moves to {a}-{b}.")
            elif kind is Espionage:                 # R-ACT-SPY
                target = _espionage_target(state, side)
                state.revealed[target] = True
                whose = "their own" if target == side else f"{target}'s"
                state.log("reveal", f"{lead.id} spies: {whose} secret objective is revealed ({state.objectives[target]}).")
            else:                                   # R-ACT-INSPIRE
                state.will = side
                state.log("will", f"{lead.id} inspires the people: {side} takes the Will.")
        special_left = not state.leader_special_used and _leader_special_options(state, side, lead.special)
        if not _leader_can_recruit(state) and not special_left:
            flow.after_main_action(state)
        return
    if step == "bonus":
        if kind is not Pass:
            _do_bonus(state, side, action)
        else:
            state.log("pass", f"{side.capitalize()} declines the bonus action.")
        flow.end_turn(state)
        return
    if step == "unrest":
        if kind is ScoreUnrest:
            flow.score_unrest(state, side)
        elif kind is Pass:
            state.log("pass", f"{side.capitalize()} declines both the unrest points and the bonus action.")
        else:
            _do_bonus(state, side, action)
        flow.continue_scoring(state)
        return
    raise AssertionError(f"unknown step {step!r}")  # pragma: no cover
