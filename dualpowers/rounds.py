"""The flow of a round: draw, objective, action turns, scoring, cleanup, end.

Rules: P-DRAW, P-OBJ, P-ACT (turn order fixed at the start of the phase),
R-ACT-LEADER, R-SOLO-DRAW/OBJ/ORDER,
R-CLN, R-END-2, R-SOLO-END.  Scoring arithmetic is in :mod:`dualpowers.scoring`,
the Opposition's own turn in :mod:`dualpowers.opposition` and the date
advance with its events (R-CAL) in :mod:`dualpowers.dates`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import opposition, scoring
from .scoring import SOLO_ROUNDS   # R-SOLO-END
from . import narration
from .dates import LAST_MONTH, MONTHS, advance, take_will
from .narration import Message

if TYPE_CHECKING:
    from .position import Position

HAND_DRAW = 5          # P-DRAW
TURNS_PER_PLAYER = 4   # P-ACT
#: Steps of a round at which a decision is awaited, the automatic scoring step, and "over".
STEPS = ("objective", "card", "command", "leader", "bonus", "unrest", "scoring", "over")
#: The steps a position can rest at: scoring runs through without stopping.
RESTING_STEPS = tuple(step for step in STEPS if step != "scoring")


# ----------------------------------------------------------------------------- turn orders
def action_order(first: str, second: str) -> tuple[str, ...]:
    """Two players alternate, the Will holder first, four turns each (P-ACT)."""
    return (first, second) * TURNS_PER_PLAYER


def solo_order(opposition: str, player: str) -> tuple[str, ...]:
    """The Opposition plays five turns around the player's four (R-SOLO-ORDER)."""
    return (opposition, player) * TURNS_PER_PLAYER + (opposition,)


# ----------------------------------------------------------------------------- turns
def play_card(state: Position, side: str, card: str) -> None:
    """Play a card, advance the date, and open the card's action step (P-ACT)."""
    comp = state.comp
    state.hands[side].remove(card)
    state.played[side].append(card)
    state.card = card
    state.leader_recruited = state.leader_special_used = False
    days = comp.card_days[card]
    if state.narrating:
        state.log("play", narration.PLAYS, side=side, card=card)
    state.bonus_pending = advance(state, side, days)
    state.step = "command" if card in comp.cards else "leader"


def after_main_action(state: Position) -> None:
    """After the card's action: the bonus action if one was earned, else the turn ends."""
    state.leader_recruited = state.leader_special_used = False
    if state.bonus_pending:
        state.step = "bonus"
    else:
        end_turn(state)


def end_turn(state: Position) -> None:
    state.card = None
    state.bonus_pending = False
    state.turn_index += 1
    run_until_decision(state)


def run_until_decision(state: Position) -> None:
    """Play automatic turns (the Opposition's) until a player must decide, or score."""
    while state.turn_index < len(state.turn_order):
        side = state.turn_order[state.turn_index]
        if state.mode == "solo" and side == state.opposition:
            state.step, state.to_act = "card", None
            opposition.take_turn(state)
            state.turn_index += 1
            continue
        state.step, state.to_act = "card", side
        return
    begin_scoring(state)


# ----------------------------------------------------------------------------- round start
def start_round(state: Position, first: bool = False) -> None:
    """Draw phase and objective phase of a new round (P-DRAW, P-OBJ, R-SOLO-DRAW, R-SOLO-OBJ)."""
    if not first:
        state.round += 1
    if state.narrating:
        state.log("round", narration.ROUND_BEGINS, round=state.round,
                  date=Message(narration.DATE, month=MONTHS[state.month], day=state.day))
    if state.mode == "solo":
        _start_solo_round(state)
        return
    for side in ("red", "white"):
        state.add_to_hand_all(side, state.draw_cards(HAND_DRAW))
    state.step, state.to_act = "objective", state.will
    state.turn_order, state.turn_index = (), 0


def objective_chosen(state: Position, side: str) -> None:
    """The Will holder chooses first, then the other player; then the action phase (P-OBJ)."""
    if side == state.will:
        state.to_act = state.other(side)
    else:
        begin_action_phase(state)


def begin_action_phase(state: Position) -> None:
    """Fix the turn order from the Will holder at the start of the phase (P-ACT, ruling)."""
    first = state.will
    second = state.other(first)
    state.turn_order = action_order(first, second)
    state.turn_index = 0
    if state.narrating:
        state.log("phase", narration.ACTION_PHASE, side=first)
    run_until_decision(state)


def _start_solo_round(state: Position) -> None:
    player, opp = state.player, state.opposition
    assert player is not None and opp is not None
    state.add_to_hand_all(player, state.draw_cards(HAND_DRAW - 1))
    state.objectives[player] = state.draw_card()
    state.revealed[player] = False
    state.opp_stack += state.draw_cards(HAND_DRAW)
    if state.narrating:
        state.log("draw", narration.SOLO_DRAW, cards=HAND_DRAW - 1, stack=len(state.opp_stack))
    opposition.reveal_leader(state)
    take_will(state, opp, narration.WILL_SOLO)   # R-SOLO-OBJ
    state.turn_order = solo_order(opp, player)
    state.turn_index = 0
    run_until_decision(state)


# ----------------------------------------------------------------------------- scoring and end
def begin_scoring(state: Position) -> None:
    """Resolve the unrest region; pause if its winner has a choice to make (R-SCO-UNREST)."""
    state.card = None
    if state.narrating:
        state.log("phase", narration.SCORING_PHASE)
    winner = scoring.unrest_winner(state)
    if winner is None:
        continue_scoring(state)
        return
    if state.mode == "solo" and winner == state.opposition:
        state.log("unrest", narration.OPP_SCORES_UNREST)   # R-SOLO-UNREST
        scoring.score_unrest(state, winner)
        if state.step == "over":
            return
        continue_scoring(state)
        return
    state.step, state.to_act = "unrest", winner


def score_unrest(state: Position, side: str) -> None:
    scoring.score_unrest(state, side)


def continue_scoring(state: Position) -> None:
    """Objectives, exhaustion, end of game, cleanup, next round (R-SCO, R-END, R-CLN)."""
    if state.step == "over":
        return
    state.step, state.to_act = "scoring", None
    regions = scoring.score_objectives(state)
    if state.step == "over":
        return
    scoring.exhaust(state, regions)
    if state.mode == "solo":
        if state.round >= SOLO_ROUNDS:
            scoring.finish_on_track(state, scoring.Ending.SOLO_ROUND)
            return
    elif state.month == LAST_MONTH:
        scoring.finish_on_track(state, scoring.Ending.OCT_NOV)
        return
    cleanup(state)
    start_round(state)


def cleanup(state: Position) -> None:
    """Tiles move on, cards go to the discard pile, leader cards leave the game (R-CLN)."""
    comp = state.comp
    if state.unrest is not None:
        state.tile_discard.append(state.unrest)
    state.unrest = state.blockade_tile
    state.blockade_tile = state.tile_stack.pop(0) if state.tile_stack else None
    state.blockade = comp.arrows[state.blockade_tile] if state.blockade_tile else None
    if state.blockade_tile is None:
        state.log("cleanup", narration.NO_BLOCKADE_TILE)   # R-CLN
    for side in ("red", "white"):
        for card in state.played[side]:
            (state.discard if card in comp.cards else state.out_of_game).append(card)
        state.played[side] = []
        objective = state.objectives[side]
        if objective:
            state.discard.append(objective)
        state.objectives[side] = None
        state.revealed[side] = False
    state.discard.extend(state.opp_stack)  # normally empty after five Opposition turns
    state.opp_stack.clear()
    state.turn_order, state.turn_index = (), 0
    if not state.narrating:
        return
    if state.unrest is None and not state.blockade:     # the tiles ran out: said as such, not "in nowhere"
        state.log("cleanup", narration.CLEANUP_NO_TILES)
        return
    unrest = state.unrest or Message(narration.NOWHERE)
    if state.blockade:
        state.log("cleanup", narration.CLEANUP, unrest=unrest, a=state.blockade[0], b=state.blockade[1])
    else:
        state.log("cleanup", narration.CLEANUP_NO_BLOCKADE, unrest=unrest)

