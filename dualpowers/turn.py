"""Player decisions: which actions are legal and what each one does.

One entry per kind of action in :data:`ACTIONS` holds its rule ID and how it is
offered, checked and performed; :data:`STEP_RULES` says which kinds each step
offers, in order, and how play goes on after one is taken.  Rules: P-OBJ, P-ACT,
R-ACT-* (command, leader and bonus actions), R-SCO-UNREST (the unrest winner's
choice), R-SOLO (Organize, Espionage on oneself), ENGINE-EMPTY, ENGINE-DECLINE,
ENGINE-NO-OP, ENGINE-SAME.  ``check`` raises :class:`IllegalAction` before
anything changes; ``perform`` then changes the state.  The flow between turns is
in :mod:`dualpowers.rounds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import rounds as flow
from .actions import (
    BONUS_ACTIONS, Action, BonusDraw, BonusMove, BonusRecruit, BonusRest, ChooseObjective, DoubleMove,
    Espionage, Inspire, LeaderRecruit, Move, Organize, Pass, PlayCard, Protest, Recruit, Rest,
    ScoreUnrest,
)
from .components import CommandCard, Components, LeaderCard
from . import narration as say
from .errors import IllegalAction
from .places import RESERVE
from .presence import controlled_tokens, controller

if TYPE_CHECKING:
    from .state import State

__all__ = ["ActionRule", "StepRule", "ACTIONS", "STEP_RULES", "legal_actions", "check", "perform",
           "group_key", "interchangeable"]

Offer = Callable[["State", str], Iterable[Any]]
Check = Callable[["State", str, Any], None]
Perform = Callable[["State", str, Any], None]


@dataclass(frozen=True)
class ActionRule:
    """Everything about one kind of action: its rule, when it is offered, its checks, its effect."""

    kind: type
    rule: str            # the RULINGS.md (or ENGINE-*) ID
    offer: Offer         # the legal actions of this kind now, in a fixed order
    check: Check         # raise IllegalAction unless this action is legal now
    perform: Perform     # its effect (the step's ``then`` carries play on)


@dataclass(frozen=True)
class StepRule:
    """A step at which a player decides: the kinds it offers, in order, and what follows."""

    kinds: tuple[type, ...]
    then: Callable[["State", str, Any], None]
    refuse: Callable[["State", str, Any], say.Message]     # why an action of another kind is refused


# Actions are immutable values drawn from a small fixed set, so legal_actions reuses them:
# one pool per kind of action with a single field, keyed by that field.
_POOL: dict[type, dict[str, Any]] = {}
# Per set of components: lists of actions that depend only on the components and a few
# facts (a token's region and the blockade, a reserve's content), built once.
# Keyed by id(components), holding the components too so that the id stays theirs
# (a plain dict: this look-up is on the hot path); a few sets of components at most.
_TABLES: dict[int, tuple[Components, dict[Any, Any]]] = {}
# While legal_actions runs: (its state, the side to act, _controlled_on_board's answer or
# None); else None.
# One tuple, replaced whole, so that a thread reading it never pairs a state with another's answer.
_MEMO: list[Any] = [None]


_last_tables: tuple[Components | None, dict[Any, Any]] = (None, {})


def _tables(comp: Components) -> dict[Any, Any]:
    global _last_tables
    if _last_tables[0] is comp:             # nearly always: one set of components per run
        return _last_tables[1]
    hit = _TABLES.get(id(comp))
    if hit is None:
        if len(_TABLES) >= 8:
            _TABLES.clear()
        hit = _TABLES[id(comp)] = (comp, {})
    _last_tables = hit
    return hit[1]


def _pool(cls: type) -> dict[str, Any]:
    pool = _POOL.get(cls)
    if pool is None:
        pool = _POOL[cls] = {}
    return pool


def _pooled(pool: dict[str, Any], cls: type, arg: str) -> Any:
    a = pool.get(arg)
    if a is None:
        a = pool[arg] = cls._trusted(arg)
    return a


def _pooled_all(pool: dict[str, Any], cls: type, args: Iterable[str]) -> list[Any]:
    """``[cls(a) for a in args]``, from the pool (C-speed when all are there, as nearly always)."""
    try:
        return list(map(pool.__getitem__, args))
    except KeyError:
        return [_pooled(pool, cls, a) for a in args]


_OBJECTIVES = _pool(ChooseObjective)
_PLAYS = _pool(PlayCard)
_PASS = Pass()
_ESPIONAGE = Espionage()
_INSPIRE = Inspire()
_DRAW = BonusDraw()
_ORGANIZE = Organize()
_SCORE_UNREST = ScoreUnrest()


def _card(state: "State") -> CommandCard:
    """The command card being played (the command step)."""
    return state.comp.cards[state.card or ""]


def _leader(state: "State") -> LeaderCard:
    """The leader card being played (the leader step)."""
    return state.comp.leaders[state.card or ""]


def _fail(msgid: str, **params: Any) -> IllegalAction:
    """A refusal as data (a narration template and raw ids); written out only when read."""
    return IllegalAction(say.Message(msgid, **params))


# ============================================================================ shared helpers
def group_key(state: "State", token: str) -> tuple[object, bool]:
    """Tokens in one place with equal keys are interchangeable: same owner and values
    (:attr:`TokenSpec.type_key`) and the same side up (ENGINE-SAME)."""
    return (state.comp.type_keys[token], token in state.exhausted)


def interchangeable(state: "State", a: str, b: str) -> bool:
    """Whether tokens ``a`` and ``b`` are interchangeable where they stand (ENGINE-SAME):
    the engine offers one of them and accepts either."""
    tokens = state.comp.tokens
    return (a in tokens and b in tokens and state.place.get(a) == state.place.get(b)
            and group_key(state, a) == group_key(state, b))


def _type_codes(comp: Components) -> dict[str, int]:
    """Token -> a small int, equal for tokens of equal :attr:`TokenSpec.type_key`: twice it, plus
    one if exhausted, is :func:`group_key` as a number (cheap to hash on the hot path)."""
    tables = _tables(comp)
    codes = tables.get("type codes")
    if codes is None:
        numbers: dict[object, int] = {}
        codes = tables["type codes"] = {t: 2 * numbers.setdefault(k, len(numbers)) for t, k in comp.type_keys.items()}
    return codes  # type: ignore[no-any-return]


def _representatives(state: "State", tokens: list[str]) -> list[str]:
    """One token per group of interchangeable tokens, lowest id first (ENGINE-SAME)."""
    codes = _type_codes(state.comp)
    exhausted = state.exhausted
    seen: set[int] = set()
    out = []
    for t in tokens:
        k = codes[t] + (t in exhausted)
        if k not in seen:
            seen.add(k)
            out.append(t)
    return out


def _controlled_on_board(state: "State", side: str) -> list[tuple[str, str]]:
    """(region, token) for every token ``side`` controls, one per interchangeable group (ENGINE-SAME)."""
    memo = _MEMO[0]
    if memo is not None and memo[0] is state and memo[1] == side:
        if memo[2] is not None:
            return memo[2]  # type: ignore[no-any-return]
        out = controlled_tokens(state, side, state.comp.region_names, _type_codes(state.comp))
        _MEMO[0] = (state, side, out)
        return out
    comp = state.comp
    tables = _last_tables[1] if _last_tables[0] is comp else _tables(comp)
    return controlled_tokens(state, side, comp.region_names, tables.get("type codes") or _type_codes(comp))


def _units_of(comp: Components, side: str) -> frozenset[str]:
    tables = _tables(comp)
    units = tables.get(("units", side))
    if units is None:
        units = tables[("units", side)] = frozenset(
            t for t, spec in comp.tokens.items() if spec.owner == side and spec.kind == "unit")
    return units  # type: ignore[no-any-return]


def _reserve_units(state: "State", side: str) -> list[str]:
    units = _units_of(state.comp, side)
    return [t for t in state.at.get(RESERVE, ()) if t in units]


def _step_moves(state: "State", side: str, cls: type) -> list[Any]:
    """``cls(token, to)`` for every controlled token and every open step from its region (R-ACT-MOVE)."""
    comp = state.comp
    tables = _last_tables[1] if _last_tables[0] is comp else _tables(comp)
    table = tables.get((cls, state.blockade))
    if table is None:
        table = tables[(cls, state.blockade)] = {}
    out: list[Any] = []
    get = table.get
    for where in _controlled_on_board(state, side):          # (region, token)
        moves = get(where)
        if moves is None:
            region, t = where
            moves = table[where] = tuple(cls._trusted(t, to) for to in comp.open_neighbours(state.blockade)[region])
        out += moves
    return out


def _check_region(state: "State", region: str) -> None:
    if region not in state.comp.region_index:
        raise _fail(say.NO_SUCH_REGION, name=repr(region), regions=tuple(state.comp.region_names))


def _check_controlled(state: "State", side: str, token: str) -> str:
    """Return the region of a token ``side`` controls, or raise (R-NEU-1)."""
    if token not in state.comp.tokens:
        raise _fail(say.NO_SUCH_TOKEN, name=repr(token))
    region = state.place[token]
    if region not in state.comp.region_index:
        raise _fail(say.NOT_ON_BOARD, token=token, place=region)
    if controller(state, token) != side:
        who = controller(state, token)
        if state.comp.tokens[token].owner == "neutral":
            msgid = say.NOT_CONTROLLED_NEUTRAL if who else say.NOT_CONTROLLED_NEUTRAL_NOBODY
        else:
            msgid = say.NOT_CONTROLLED if who else say.NOT_CONTROLLED_NOBODY
        raise _fail(msgid, side=side, token=token, region=region, who=who)
    return region


def _check_step_move(state: "State", start: str, to: str) -> None:
    _check_region(state, to)
    if not state.comp.is_connection(start, to):
        raise _fail(say.NOT_CONNECTED, start=start, to=to)
    if state.blockade == state.comp.connection(start, to):
        raise _fail(say.BLOCKADE_CLOSES, a=start, b=to)


def _check_reserve_unit(state: "State", side: str, unit: str) -> None:
    spec = state.comp.tokens.get(unit)
    if spec is None:
        raise _fail(say.NO_SUCH_TOKEN, name=repr(unit))
    if spec.owner != side or spec.kind != "unit":
        raise _fail(say.NOT_A_UNIT_OF, unit=unit, side=side)
    if state.place[unit] != RESERVE:
        raise _fail(say.NOT_IN_RESERVE, unit=unit, side=side, place=state.place[unit])


def _move(state: "State", side: str, token: str, to: str, msgid: str) -> None:
    start = state.place[token]
    state.put(token, to, exhausted=token in state.exhausted)
    if state.narrating:
        state.log("move", msgid, side=side, token=token, start=start, to=to)


def _command_card(state: "State", wanted: str, action: Action) -> None:
    """A command card gives Recruit or its printed action, never another (R-ACT-CMD)."""
    card = _card(state)
    if card.action != wanted:
        raise _fail(say.CARD_ALLOWS, card=card.id, card_action=card.action, action=str(action))


# ============================================================================ P-OBJ: the objective
def _offer_objective(state: "State", side: str) -> list[ChooseObjective]:
    cards = state.comp.cards
    return _pooled_all(_OBJECTIVES, ChooseObjective, [c for c in state.hands[side] if c in cards])


def _check_objective(state: "State", side: str, action: ChooseObjective) -> None:
    card = action.card
    if card not in state.hands[side]:
        raise _fail(say.NOT_IN_HAND, card=card, side=side)
    if card not in state.comp.cards:
        raise _fail(say.LEADER_NOT_OBJECTIVE, card=card)


def _do_objective(state: "State", side: str, action: ChooseObjective) -> None:
    state.hands[side].remove(action.card)
    state.objectives[side] = action.card
    state.log("objective", say.OBJECTIVE_PLACED, side=side)


# ============================================================================ P-ACT: playing a card
def _offer_play(state: "State", side: str) -> list[PlayCard]:
    return _pooled_all(_PLAYS, PlayCard, state.hands[side])


def _check_play(state: "State", side: str, action: PlayCard) -> None:
    if action.card not in state.hands[side]:
        raise _fail(say.NOT_IN_HAND, card=action.card, side=side)


def _do_play(state: "State", side: str, action: PlayCard) -> None:
    flow.play_card(state, side, action.card)


# ============================================================================ R-ACT-RECRUIT
def _offer_recruit(state: "State", side: str) -> list[Recruit]:
    """Every distinct set of reserve units with total recruit value <= the card's (R-ACT-RECRUIT).

    The answer depends only on the reserve's content, so it is memoised.
    """
    comp = state.comp
    budget = comp.cards[state.card].recruit  # type: ignore[index]
    tables = _last_tables[1] if _last_tables[0] is comp else _tables(comp)
    # Two levels, each bounded: the whole reserve (cheap to key on, but it varies much
    # over a long run), then the side's units in it (far fewer cases).
    cache = tables.get(Recruit)
    if cache is None or len(cache) > 50_000:
        cache = tables[Recruit] = {}
    key = (side, budget, tuple(state.at.get(RESERVE, ())))
    hit = cache.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    by_units = tables.get((Recruit, "units"))
    if by_units is None or len(by_units) > 100_000:
        by_units = tables[(Recruit, "units")] = {}
    reserve = _reserve_units(state, side)
    units_key = (budget, tuple(reserve))
    hit = by_units.get(units_key)
    if hit is not None:
        cache[key] = hit
        return hit  # type: ignore[no-any-return]
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
                out.append(Recruit._trusted(tuple(sorted(chosen, key=comp.token_order.__getitem__))))
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


def _check_recruit(state: "State", side: str, action: Recruit) -> None:
    comp = state.comp
    card = _card(state)
    units = action.units
    if len(set(units)) != len(units):
        raise _fail(say.UNIT_TWICE)
    for u in units:
        _check_reserve_unit(state, side, u)
    total = sum(comp.tokens[u].recruit for u in units)
    if total > card.recruit:
        raise _fail(say.RECRUIT_TOO_DEAR, total=total, card=card.id, recruit=card.recruit)


def _do_recruit(state: "State", side: str, action: Recruit) -> None:
    region = _card(state).region
    for u in action.units:
        state.put(u, region)
    if state.narrating:
        state.log("recruit", say.RECRUITS, side=side, units=action.units, region=region)


# ============================================================================ R-ACT-MOVE
def _offer_move(state: "State", side: str) -> list[Move]:
    if _card(state).action != "move":
        return []
    return _step_moves(state, side, Move)


def _check_move(state: "State", side: str, action: Move) -> None:
    _command_card(state, "move", action)
    start = _check_controlled(state, side, action.token)
    _check_step_move(state, start, action.to)


def _do_move(state: "State", side: str, action: Move | DoubleMove) -> None:
    _move(state, side, action.token, action.to, say.MOVES)


# ============================================================================ R-ACT-DMOVE
def _offer_double_move(state: "State", side: str) -> list[DoubleMove]:
    if _card(state).action != "double-move":
        return []
    tables = _tables(state.comp)
    table = tables.get((DoubleMove, state.blockade))
    if table is None:
        table = tables[(DoubleMove, state.blockade)] = {}
    out: list[DoubleMove] = []
    for where in _controlled_on_board(state, side):          # (region, token)
        moves = table.get(where)
        if moves is None:
            region, t = where
            moves = table[where] = tuple(
                DoubleMove._trusted(t, to, via) for to, via in state.comp.two_step_reach(state.blockade)[region].items())
        out.extend(moves)
    return out


def _check_double_move(state: "State", side: str, action: DoubleMove) -> None:
    _command_card(state, "double-move", action)
    start = _check_controlled(state, side, action.token)
    to, via = action.to, action.via
    _check_region(state, to)
    if via is None:
        if to == start:
            raise _fail(say.ALREADY_THERE, token=action.token, region=to)
        if to not in state.comp.two_step_reach(state.blockade)[start]:
            raise _fail(say.TOO_FAR, to=to, start=start)
        return
    _check_region(state, via)
    _check_step_move(state, start, via)
    _check_step_move(state, via, to)
    if to == start:
        raise _fail(say.DMOVE_ROUND_TRIP, region=start)


# ============================================================================ R-ACT-REST
def _offer_rest(state: "State", side: str) -> list[Rest]:
    if _card(state).action != "rest":
        return []
    pool = _pool(Rest)
    exhausted = state.exhausted
    return [pool.get(t) or _pooled(pool, Rest, t) for _, t in _controlled_on_board(state, side) if t in exhausted]


def _check_rest(state: "State", side: str, action: Rest) -> None:
    _command_card(state, "rest", action)
    _check_controlled(state, side, action.token)
    if action.token not in state.exhausted:
        raise _fail(say.ALREADY_FRESH, token=action.token)


def _do_rest(state: "State", side: str, action: Rest) -> None:
    state.exhausted.discard(action.token)
    state.log("rest", say.RESTS, side=side, token=action.token)


# ============================================================================ R-ACT-LEADER
def _leader_can_recruit(state: "State") -> bool:
    return not state.leader_recruited and state.place.get(state.card or "") == RESERVE


def _offer_leader_recruit(state: "State", side: str) -> list[LeaderRecruit]:
    if not _leader_can_recruit(state):
        return []
    tables = _tables(state.comp)
    recruits = tables.get(LeaderRecruit)
    if recruits is None:
        recruits = tables[LeaderRecruit] = tuple(LeaderRecruit(r) for r in state.comp.region_names)
    return list(recruits)


def _check_leader_recruit(state: "State", side: str, action: LeaderRecruit) -> None:
    lead = _leader(state)
    if state.leader_recruited:
        raise _fail(say.LEADER_RECRUITED, leader=lead.id)
    if state.place[lead.id] != RESERVE:
        raise _fail(say.LEADER_NOT_IN_RESERVE, leader=lead.id, place=state.place[lead.id])
    _check_region(state, action.region)


def _do_leader_recruit(state: "State", side: str, action: LeaderRecruit) -> None:
    flow.leader_recruit(state, side, _leader(state).id, action.region)


def _special(state: "State", wanted: str, action: Action) -> str:
    """The played leader's special action must be ``wanted`` and not yet taken (R-ACT-LEADER)."""
    lead = _leader(state)
    if state.leader_special_used:
        raise _fail(say.SPECIAL_TAKEN, leader=lead.id)
    if lead.special != wanted:
        raise _fail(say.SPECIAL_IS, leader=lead.id, special=lead.special, action=str(action))
    return lead.id


def _special_open(state: "State", wanted: str) -> bool:
    return not state.leader_special_used and _leader(state).special == wanted


# ---------------------------------------------------------------------------- R-ACT-PROTEST
def _offer_protest(state: "State", side: str) -> list[Protest]:
    if not _special_open(state, "protest"):
        return []
    tables = _tables(state.comp)
    protests = tables.get((Protest, state.blockade))
    if protests is None:
        protests = tables[(Protest, state.blockade)] = tuple(
            Protest(c) for c in state.comp.connections if c != state.blockade)
    return list(protests)


def _check_protest(state: "State", side: str, action: Protest) -> None:
    _special(state, "protest", action)
    a, b = action.connection
    _check_region(state, a)
    _check_region(state, b)
    if not state.comp.is_connection(a, b):
        raise _fail(say.NOT_A_CONNECTION, a=a, b=b)
    if state.comp.connection(a, b) == state.blockade:
        raise _fail(say.BLOCKADE_ALREADY, a=a, b=b)


def _do_protest(state: "State", side: str, action: Protest) -> None:
    a, b = action.connection
    state.leader_special_used = True
    state.blockade = state.comp.connection(a, b)
    state.log("protest", say.PROTEST, leader=state.card, a=a, b=b)


# ---------------------------------------------------------------------------- R-ACT-SPY
def _espionage_target(state: "State", side: str) -> str:
    return side if state.mode == "solo" else state.other(side)


def _offer_espionage(state: "State", side: str) -> list[Espionage]:
    if not _special_open(state, "espionage"):
        return []
    target = _espionage_target(state, side)
    return [_ESPIONAGE] if state.objectives[target] and not state.revealed[target] else []   # ENGINE-NO-OP


def _check_espionage(state: "State", side: str, action: Espionage) -> None:
    _special(state, "espionage", action)
    target = _espionage_target(state, side)
    if not state.objectives[target]:
        raise _fail(say.NO_OBJECTIVE_TO_REVEAL, target=target)
    if state.revealed[target]:
        raise _fail(say.ALREADY_REVEALED, target=target)


def _do_espionage(state: "State", side: str, action: Espionage) -> None:
    state.leader_special_used = True
    target = _espionage_target(state, side)
    state.revealed[target] = True
    if target == side:
        state.log("reveal", say.SPY_SELF, leader=state.card, card=state.objectives[target])
    else:
        state.log("reveal", say.SPY_OPPONENT, leader=state.card, target=target, card=state.objectives[target])


# ---------------------------------------------------------------------------- R-ACT-INSPIRE
def _offer_inspire(state: "State", side: str) -> list[Inspire]:
    if not _special_open(state, "inspire"):
        return []
    return [_INSPIRE] if state.will != side else []       # ENGINE-NO-OP


def _check_inspire(state: "State", side: str, action: Inspire) -> None:
    _special(state, "inspire", action)
    if state.will == side:
        raise _fail(say.ALREADY_WILL, side=side)


def _do_inspire(state: "State", side: str, action: Inspire) -> None:
    state.leader_special_used = True
    state.will = side
    state.log("will", say.INSPIRE, leader=state.card, side=side)


# ============================================================================ R-ACT-BONUS
def _offer_bonus_recruit(state: "State", side: str) -> list[BonusRecruit]:
    """One recruit-value-1 unit of each kind in reserve, into each region.  The answer depends
    only on the reserve's content (a token in reserve is always fresh), so it is memoised."""
    comp = state.comp
    tables = _last_tables[1] if _last_tables[0] is comp else _tables(comp)
    cache = tables.get(BonusRecruit)
    if cache is None or len(cache) > 50_000:
        cache = tables[BonusRecruit] = {}
    key = (side, tuple(state.at.get(RESERVE, ())))
    hit = cache.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    out: list[BonusRecruit] = []
    singles = _representatives(state, [t for t in _reserve_units(state, side) if comp.tokens[t].recruit == 1])
    for u in singles:
        recruits = tables.get((BonusRecruit, u))
        if recruits is None:
            recruits = tables[(BonusRecruit, u)] = tuple(BonusRecruit._trusted(u, r) for r in comp.region_names)
        out.extend(recruits)
    cache[key] = out
    return out


def _check_bonus_recruit(state: "State", side: str, action: BonusRecruit) -> None:
    _check_reserve_unit(state, side, action.unit)
    if state.comp.tokens[action.unit].recruit != 1:
        raise _fail(say.BONUS_RECRUIT_VALUE, unit=action.unit, recruit=state.comp.tokens[action.unit].recruit)
    _check_region(state, action.region)


def _do_bonus_recruit(state: "State", side: str, action: BonusRecruit) -> None:
    state.put(action.unit, action.region)
    state.log("recruit", say.BONUS_RECRUIT, side=side, unit=action.unit, region=action.region)


def _offer_bonus_move(state: "State", side: str) -> list[BonusMove]:
    return _step_moves(state, side, BonusMove)


def _check_bonus_move(state: "State", side: str, action: BonusMove) -> None:
    start = _check_controlled(state, side, action.token)
    _check_step_move(state, start, action.to)


def _do_bonus_move(state: "State", side: str, action: BonusMove) -> None:
    _move(state, side, action.token, action.to, say.BONUS_MOVES)


def _offer_bonus_rest(state: "State", side: str) -> list[BonusRest]:
    exhausted = state.exhausted
    pool = _pool(BonusRest)
    return [pool.get(t) or _pooled(pool, BonusRest, t) for _, t in _controlled_on_board(state, side) if t in exhausted]


def _check_bonus_rest(state: "State", side: str, action: BonusRest) -> None:
    _check_controlled(state, side, action.token)
    if action.token not in state.exhausted:
        raise _fail(say.ALREADY_FRESH_BONUS, token=action.token)


def _do_bonus_rest(state: "State", side: str, action: BonusRest) -> None:
    state.exhausted.discard(action.token)
    state.log("rest", say.BONUS_REST, side=side, token=action.token)


def _offer_bonus_draw(state: "State", side: str) -> list[BonusDraw]:
    return [_DRAW] if state.deck or state.discard else []


def _check_bonus_draw(state: "State", side: str, action: BonusDraw) -> None:
    if not state.deck and not state.discard:
        raise _fail(say.NOTHING_TO_DRAW)


def _do_bonus_draw(state: "State", side: str, action: BonusDraw) -> None:
    card = state.draw_card()
    if card is not None:
        state.add_to_hand(side, card)
    state.log("draw", say.BONUS_DRAW, side=side)


def _can_organize(state: "State", side: str) -> bool:
    return state.mode == "solo" and side == state.player and bool(state.objectives[side]) and not state.revealed[side]


def _offer_organize(state: "State", side: str) -> list[Organize]:
    return [_ORGANIZE] if _can_organize(state, side) else []


def _check_organize(state: "State", side: str, action: Organize) -> None:
    if state.mode != "solo":
        raise _fail(say.ORGANIZE_SOLO_ONLY)
    if not _can_organize(state, side):
        raise _fail(say.OWN_OBJECTIVE_REVEALED)


def _do_organize(state: "State", side: str, action: Organize) -> None:
    state.revealed[side] = True
    state.log("reveal", say.ORGANIZE, side=side, card=state.objectives[side])


# ============================================================================ R-SCO-UNREST
def _offer_score_unrest(state: "State", side: str) -> list[ScoreUnrest]:
    return [_SCORE_UNREST]


def _check_score_unrest(state: "State", side: str, action: ScoreUnrest) -> None:
    return None


def _do_score_unrest(state: "State", side: str, action: ScoreUnrest) -> None:
    flow.score_unrest(state, side)


# ============================================================================ passing
# Where a card is owed, passing is no option (P-OBJ, P-ACT): only a hand without a
# command card places no objective, and only an empty hand skips a turn
# (ENGINE-EMPTY).  Elsewhere a player may always decline (R-ACT-CMD, R-ACT-LEADER,
# R-ACT-BONUS, ENGINE-DECLINE).
def _pass_refused(state: "State", side: str) -> str | None:
    """``None`` if ``side`` may pass now, else the template saying why not."""
    step = state.step
    if step == "card":
        return say.MUST_PLAY if state.hands[side] else None
    if step == "objective":
        cards = state.comp.cards
        if any(c in cards for c in state.hands[side]):
            return say.MUST_PLACE_OBJECTIVE
    return None


def _offer_pass(state: "State", side: str) -> list[Pass]:
    return [_PASS] if _pass_refused(state, side) is None else []


def _check_pass(state: "State", side: str, action: Pass) -> None:
    why = _pass_refused(state, side)
    if why is not None:
        raise _fail(why, side=side)


def _do_pass(state: "State", side: str, action: Pass) -> None:
    step = state.step
    if step == "card":
        state.log("pass", say.PASS_TURN, side=side)
    elif step == "command":
        state.log("pass", say.PASS_COMMAND, side=side, card=state.card)
    elif step == "bonus":
        state.log("pass", say.PASS_BONUS, side=side)
    elif step == "unrest":
        state.log("pass", say.PASS_UNREST, side=side)


# ============================================================================ the table
ACTIONS: dict[type, ActionRule] = {r.kind: r for r in (
    ActionRule(ChooseObjective, "P-OBJ", _offer_objective, _check_objective, _do_objective),
    ActionRule(PlayCard, "P-ACT", _offer_play, _check_play, _do_play),
    ActionRule(Recruit, "R-ACT-RECRUIT", _offer_recruit, _check_recruit, _do_recruit),
    ActionRule(Move, "R-ACT-MOVE", _offer_move, _check_move, _do_move),
    ActionRule(DoubleMove, "R-ACT-DMOVE", _offer_double_move, _check_double_move, _do_move),
    ActionRule(Rest, "R-ACT-REST", _offer_rest, _check_rest, _do_rest),
    ActionRule(LeaderRecruit, "R-ACT-LEADER", _offer_leader_recruit, _check_leader_recruit, _do_leader_recruit),
    ActionRule(Protest, "R-ACT-PROTEST", _offer_protest, _check_protest, _do_protest),
    ActionRule(Espionage, "R-ACT-SPY", _offer_espionage, _check_espionage, _do_espionage),
    ActionRule(Inspire, "R-ACT-INSPIRE", _offer_inspire, _check_inspire, _do_inspire),
    ActionRule(BonusRecruit, "R-ACT-BONUS", _offer_bonus_recruit, _check_bonus_recruit, _do_bonus_recruit),
    ActionRule(BonusMove, "R-ACT-BONUS", _offer_bonus_move, _check_bonus_move, _do_bonus_move),
    ActionRule(BonusRest, "R-ACT-BONUS", _offer_bonus_rest, _check_bonus_rest, _do_bonus_rest),
    ActionRule(BonusDraw, "R-ACT-BONUS", _offer_bonus_draw, _check_bonus_draw, _do_bonus_draw),
    ActionRule(Organize, "R-ACT-BONUS", _offer_organize, _check_organize, _do_organize),
    ActionRule(ScoreUnrest, "R-SCO-UNREST", _offer_score_unrest, _check_score_unrest, _do_score_unrest),
    ActionRule(Pass, "ENGINE-EMPTY", _offer_pass, _check_pass, _do_pass),
)}


# ---------------------------------------------------------------------------- what follows each step
def _after_card(state: "State", side: str, action: Action) -> None:
    if type(action) is Pass:
        flow.end_turn(state)                 # PlayCard already opened the card's action step


def _after_leader(state: "State", side: str, action: Action) -> None:
    """The leader's two actions come in either order, each optional (R-ACT-LEADER)."""
    if type(action) is Pass:
        flow.after_main_action(state)
        return
    if _leader_can_recruit(state):
        return
    special = _SPECIALS[_leader(state).special]
    if not ACTIONS[special].offer(state, side):
        flow.after_main_action(state)


_SPECIALS = {"protest": Protest, "espionage": Espionage, "inspire": Inspire}


def _refuse_objective(state: "State", side: str, action: Action) -> say.Message:
    return say.Message(say.STEP_OBJECTIVE, side=side, action=str(action))


def _refuse_card(state: "State", side: str, action: Action) -> say.Message:
    return say.Message(say.STEP_CARD, side=side, action=str(action))


def _refuse_command(state: "State", side: str, action: Action) -> say.Message:
    card = _card(state)
    return say.Message(say.CARD_ALLOWS, card=card.id, card_action=card.action, action=str(action))


def _refuse_leader(state: "State", side: str, action: Action) -> say.Message:
    lead = _leader(state)
    return say.Message(say.STEP_LEADER, leader=lead.id, special=lead.special, action=str(action))


def _refuse_bonus(state: "State", side: str, action: Action) -> say.Message:
    return say.Message(say.STEP_BONUS, side=side, action=str(action))


def _refuse_unrest(state: "State", side: str, action: Action) -> say.Message:
    return say.Message(say.STEP_UNREST, side=side, action=str(action))


STEP_RULES: dict[str, StepRule] = {
    "objective": StepRule((ChooseObjective, Pass), lambda s, side, a: flow.objective_chosen(s, side),
                          _refuse_objective),
    "card": StepRule((PlayCard, Pass), _after_card, _refuse_card),
    "command": StepRule((Recruit, Move, DoubleMove, Rest, Pass), lambda s, side, a: flow.after_main_action(s),
                        _refuse_command),
    "leader": StepRule((LeaderRecruit, Protest, Espionage, Inspire, Pass), _after_leader, _refuse_leader),
    "bonus": StepRule(BONUS_ACTIONS + (Pass,), lambda s, side, a: flow.end_turn(s), _refuse_bonus),
    "unrest": StepRule((ScoreUnrest,) + BONUS_ACTIONS + (Pass,), lambda s, side, a: flow.continue_scoring(s),
                       _refuse_unrest),
}
_STEP_OFFERS = {step: tuple(ACTIONS[k].offer for k in rule.kinds) for step, rule in STEP_RULES.items()}
# The command and leader steps offer only the kinds the card in play allows (R-ACT-CMD,
# R-ACT-LEADER): the same offers in the same order, without asking the others.
_PRINTED = {"move": Move, "double-move": DoubleMove, "rest": Rest}
_CARD_OFFERS = {
    action: tuple(ACTIONS[k].offer for k in STEP_RULES["command"].kinds if k not in _PRINTED.values() or k is kind)
    for action, kind in _PRINTED.items()
}
_SPECIAL_OFFERS = {
    special: tuple(ACTIONS[k].offer for k in STEP_RULES["leader"].kinds if k not in _SPECIALS.values() or k is kind)
    for special, kind in _SPECIALS.items()
}
# The offers that ask _controlled_on_board: where a step has two of them, legal_actions
# lets them share its answer.  Each table above then holds (offers, whether they share).
_ASK_CONTROL = {_offer_move, _offer_double_move, _offer_rest, _offer_bonus_move, _offer_bonus_rest}


def _sharing(table: dict[str, tuple[Offer, ...]]) -> dict[str, tuple[tuple[Offer, ...], bool]]:
    return {k: (offers, len(_ASK_CONTROL.intersection(offers)) > 1) for k, offers in table.items()}


_OFFERS, _COMMAND_OFFERS, _LEADER_OFFERS = _sharing(_STEP_OFFERS), _sharing(_CARD_OFFERS), _sharing(_SPECIAL_OFFERS)
# (step, kind) -> (effect, what follows): perform's dispatch in one look-up.
_PERFORM = {(step, kind): (ACTIONS[kind].perform, rule.then)
            for step, rule in STEP_RULES.items() for kind in rule.kinds}


# ============================================================================ the three entry points
def legal_actions(state: "State") -> list[Action]:
    """Every legal action now, kind by kind in the step's order (the order is part of the API);
    interchangeable tokens are offered once, under the lowest id (ENGINE-SAME).  Also
    :meth:`State.legal_actions`."""
    side = state.to_act
    step = state.step
    if step == "command":
        entry = _COMMAND_OFFERS.get(_card(state).action) or _OFFERS[step]
    elif step == "leader":
        entry = _LEADER_OFFERS.get(_leader(state).special) or _OFFERS[step]
    else:
        entry = _OFFERS.get(step)
    if entry is None or side is None:
        return []
    offers, share = entry
    out: list[Action] = []
    if not share:
        for offer in offers:
            out += offer(state, side)
        return out
    _MEMO[0] = (state, side, None)      # these offers share _controlled_on_board's answer
    try:
        for offer in offers:
            out += offer(state, side)
    finally:
        _MEMO[0] = None
    return out


def check(state: "State", action: Action) -> None:
    """Raise IllegalAction (with the reason) unless ``action`` is legal now."""
    step, side = state.step, state.to_act
    rule = STEP_RULES.get(step)
    if rule is None or side is None:
        raise _fail(say.GAME_OVER) if step == "over" else _fail(say.NOBODY_DECIDES, step=repr(step))
    kind = type(action)
    if kind not in ACTIONS:
        raise _fail(say.NOT_AN_ACTION, what=repr(action))
    if kind not in rule.kinds:
        raise IllegalAction(rule.refuse(state, side, action))
    ACTIONS[kind].check(state, side, action)


def perform(state: "State", action: Action) -> None:
    """Carry out an action for the player to act, unchecked, then go on with play: after
    :func:`check` (``State.apply``), or for an action of this very position's
    :func:`legal_actions` (``State.push``, the quiet path of playouts)."""
    side = state.to_act or ""
    effect, then = _PERFORM[state.step, type(action)]
    effect(state, side, action)
    then(state, side, action)
