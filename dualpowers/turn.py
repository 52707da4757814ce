"""The step machine: at each step, which kinds of action are offered and how play goes on.

Each kind of action (its rule, offer, check and effect) lives in its own module of
:mod:`dualpowers.kinds`; this module puts them together by step.  :data:`STEP_RULES`
says what follows a decision at each step and why an action of another kind is refused
there (P-OBJ, P-ACT, R-ACT-CMD, R-ACT-LEADER, R-ACT-BONUS, R-SCO-UNREST).  The three
entry points are :func:`legal_actions`, :func:`check` (raises :class:`IllegalAction`
before anything changes) and :func:`perform`.  The flow between turns is in
:mod:`dualpowers.rounds`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from . import kinds as K
from . import rounds as flow
from .errors import IllegalAction, brief
from .kinds.base import (CARD_ALLOWS, MEMO, Action, Offer, group_key, interchangeable, leader_can_recruit,
                         leader_card, refuse, refused_action)
from .text import N_, NP_, Message

if TYPE_CHECKING:
    from .position import Position

__all__ = ["StepRule", "STEP_RULES", "STEP_NAMES", "step_name", "legal_actions", "check", "perform", "group_key",
           "interchangeable"]

#: The steps of a turn as the status line names them.
STEP_NAMES = {"objective": NP_("step", "choosing the objective"), "card": NP_("step", "playing a card"),
              "command": NP_("step", "the card's action"), "leader": NP_("step", "the leader's action"),
              "bonus": NP_("step", "a bonus action"), "unrest": NP_("step", "scoring the unrest region"),
              "scoring": NP_("step", "scoring"), "over": NP_("step", "game over")}


def step_name(step: str) -> Message:
    """A step of the turn in words ("playing a card"), as a message."""
    context, msgid = STEP_NAMES.get(step, ("step", step))
    return Message(msgid, context=context)

STEP_OBJECTIVE = N_("{side} must choose a secret objective now, not '{action}'")
STEP_CARD = N_("{side} must play a card now, not '{action}'")
STEP_LEADER = N_("after playing {leader}: Leader Recruit, {special}, or pass; not '{action}'")
STEP_BONUS = N_("{side} has a bonus action to take (or pass), not '{action}'")
STEP_UNREST = N_("{side} won the unrest region: score it, take a bonus action, or pass; not '{action}'")
GAME_OVER = N_("the game is over")
NOBODY_DECIDES = N_("nobody decides at step {step}")
NOT_AN_ACTION = N_("{what} is not an action (see dualpowers.actions)")


@dataclass(frozen=True)
class StepRule:
    """A step at which a player decides: what follows a decision, and why an action of a kind
    the step does not offer is refused (a message and its rule)."""

    then: Callable[[Position, str, Any], None]
    refuse: Callable[[Position, str, Any], tuple[Message, str]]


def _after_card(state: Position, side: str, act: Action) -> None:
    if type(act) is _PASS:
        flow.end_turn(state)                 # playing a card already opened the card's action step


def _after_leader(state: Position, side: str, act: Action) -> None:
    """The leader's two actions come in either order, each optional (R-ACT-LEADER)."""
    if type(act) is _PASS:
        flow.after_main_action(state)
        return
    if leader_can_recruit(state):
        return
    offer = _SPECIAL_OFFERS.get(leader_card(state).special)
    if offer is None or not offer(state, side):
        flow.after_main_action(state)


def _refuse_objective(state: Position, side: str, act: Action) -> tuple[Message, str]:
    return Message(STEP_OBJECTIVE, side=side, action=refused_action(state, act)), "P-OBJ"


def _refuse_card(state: Position, side: str, act: Action) -> tuple[Message, str]:
    return Message(STEP_CARD, side=side, action=refused_action(state, act)), "P-ACT"


def _refuse_command(state: Position, side: str, act: Action) -> tuple[Message, str]:
    card = state.comp.cards[state.card or ""]
    return Message(CARD_ALLOWS, card=card.id, card_action=card.action, action=refused_action(state, act)), "R-ACT-CMD"


def _refuse_leader(state: Position, side: str, act: Action) -> tuple[Message, str]:
    lead = leader_card(state)
    return Message(STEP_LEADER, leader=lead.id, special=lead.special, action=refused_action(state, act)), "R-ACT-LEADER"


def _refuse_bonus(state: Position, side: str, act: Action) -> tuple[Message, str]:
    return Message(STEP_BONUS, side=side, action=refused_action(state, act)), "R-ACT-BONUS"


def _refuse_unrest(state: Position, side: str, act: Action) -> tuple[Message, str]:
    return Message(STEP_UNREST, side=side, action=refused_action(state, act)), "R-SCO-UNREST"


STEP_RULES: dict[str, StepRule] = {
    "objective": StepRule(lambda s, side, a: flow.objective_chosen(s, side), _refuse_objective),
    "card": StepRule(_after_card, _refuse_card),
    "command": StepRule(lambda s, side, a: flow.after_main_action(s), _refuse_command),
    "leader": StepRule(_after_leader, _refuse_leader),
    "bonus": StepRule(lambda s, side, a: flow.end_turn(s), _refuse_bonus),
    "unrest": StepRule(lambda s, side, a: flow.continue_scoring(s), _refuse_unrest),
}
_PASS = K.BY_WORD["pass"].cls

# ---------------------------------------------------------------------------- the tables the entry points read
# By step: (offers in order, whether two or more of them share the walk over controlled tokens).
# The command and leader steps offer only the kinds the card in play allows (R-ACT-CMD,
# R-ACT-LEADER): the same offers in the same order, without asking the others.
_Entry = tuple[tuple[Offer, ...], bool]


def _entry(kinds: tuple[K.AnyKind, ...]) -> _Entry:
    return tuple(k.offer for k in kinds), sum(k.shares_control for k in kinds) > 1


_OFFERS: dict[str, _Entry] = {step: _entry(K.at_step(step)) for step in STEP_RULES}
_COMMAND_OFFERS: dict[str, _Entry] = {
    k.printed: _entry(tuple(x for x in K.at_step("command") if x.printed is None or x is k))
    for k in K.at_step("command") if k.printed}
_LEADER_OFFERS: dict[str, _Entry] = {
    k.special: _entry(tuple(x for x in K.at_step("leader") if x.special is None or x is k))
    for k in K.at_step("leader") if k.special}
#: A leader's special ("protest") -> its kind's offer: what _after_leader asks in one look-up.
_SPECIAL_OFFERS = {k.special: k.offer for k in K.KINDS.values() if k.special}
#: (step, kind) -> (effect, what follows): perform's dispatch in one look-up.
_PERFORM = {(step, k.cls): (k.perform, rule.then) for step, rule in STEP_RULES.items() for k in K.at_step(step)}


# ============================================================================ the three entry points
def legal_actions(state: Position) -> list[Action]:
    """Every legal action now, kind by kind in the step's order (the order is part of the API);
    interchangeable tokens are offered once, under the lowest id (ENGINE-SAME).  Also
    :meth:`State.legal_actions`."""
    side = state.to_act
    step = state.step
    entry: _Entry | None
    if step == "command":
        entry = _COMMAND_OFFERS.get(state.comp.cards[state.card or ""].action) or _OFFERS[step]
    elif step == "leader":
        entry = _LEADER_OFFERS.get(leader_card(state).special) or _OFFERS[step]
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
    MEMO[0] = (state, side, None)      # these offers share controlled_on_board's answer
    try:
        for offer in offers:
            out += offer(state, side)
    finally:
        MEMO[0] = None
    return out


def check(state: Position, act: Action) -> None:
    """Raise IllegalAction (with the reason and its rule, as data) unless ``act`` is legal now."""
    step, side = state.step, state.to_act
    rule = STEP_RULES.get(step)
    if rule is None or side is None:
        raise refuse(GAME_OVER) if step == "over" else refuse(NOBODY_DECIDES, step=repr(step))
    kind = K.KINDS.get(type(act))
    if kind is None:
        raise refuse(NOT_AN_ACTION, what=brief(act, 90))
    if step not in kind.steps:
        message, rule_id = rule.refuse(state, side, act)
        raise IllegalAction(message, rule=rule_id)
    kind.check(state, side, act)


def perform(state: Position, act: Action) -> None:
    """Carry out an action for the player to act, unchecked, then go on with play: after
    :func:`check` (``State.apply``), or for an action of this very position's
    :func:`legal_actions` (``State.push``, the quiet path of playouts)."""
    side = state.to_act or ""
    effect, then = _PERFORM[state.step, type(act)]
    effect(state, side, act)
    then(state, side, act)
