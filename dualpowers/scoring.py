"""The scoring phase: unrest, secret objectives, exhaustion, the track (R-SCO, R-END-1).

Functions here change the score and the board; :mod:`dualpowers.rounds` calls
them in the rulebook's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .opposition import opposition_objective
from .places import REMOVED, RESERVE, SUPPLY
from .presence import force_in_presence

if TYPE_CHECKING:
    from .state import State

__all__ = ["unrest_vp", "award", "unrest_winner", "score_unrest", "reveal_order", "score_objectives",
           "exhaust", "finish_on_track", "game_over", "track_label", "side_name"]

#: Unrest VP by month space (R-SCO-UNREST); Oct/Nov differs by edition (E-FR, E-IT).
UNREST_VP = {"fr": (2, 2, 3, 4, 5, 7), "it": (2, 2, 3, 4, 5, 6)}


def unrest_vp(state: "State") -> int:
    return UNREST_VP[state.edition][state.month]


def game_over(state: "State", winner: str, reason: str) -> None:
    state.step, state.to_act = "over", None
    state.won_by, state.end_reason = winner, reason
    state.log("end", f"The game ends: {winner} wins ({reason}).")


def award(state: "State", side: str, vp: int, why: str) -> None:
    """Move the score marker ``vp`` spaces toward ``side``; an end of the track wins at once (R-SCO-MOVE, R-END-1)."""
    if vp <= 0:
        return
    limit = state.comp.track_length
    state.score += vp if side == "red" else -vp
    label = track_label(state.score)
    state.log("score", lambda: f"{side.capitalize()} scores {vp} VP for {why}; the marker is at {label}.")
    if abs(state.score) >= limit:
        state.score = limit if state.score > 0 else -limit
        game_over(state, side, "the score marker reached the end of the support track (R-END-1)")


def track_label(score: int) -> str:
    """Where the score marker stands, in words: "the centre" or "3 toward red" (R-SCO-MOVE)."""
    if score == 0:
        return "the centre"
    return f"{abs(score)} toward {'red' if score > 0 else 'white'}"


def finish_on_track(state: "State", reason: str) -> None:
    """End by time: the side the marker leans to wins; at the centre, the Will holder (R-END-2)."""
    if state.score > 0:
        game_over(state, "red", reason)
    elif state.score < 0:
        game_over(state, "white", reason)
    else:
        game_over(state, state.will, reason + "; the marker is at the centre, so the Will holder wins")


def unrest_winner(state: "State") -> str | None:
    """Objective marker 1 goes on the unrest region; who is stronger there (R-SCO-UNREST)."""
    if state.unrest is None:
        state.log("unrest", "No unrest region this round (the region tiles have run out).")
        return None
    p = force_in_presence(state, state.unrest)
    state.log("unrest", f"Unrest in {state.unrest}: {p.reason}")
    return p.winner


def score_unrest(state: "State", side: str) -> None:
    award(state, side, unrest_vp(state), f"the unrest region {state.unrest}")


def reveal_order(state: "State") -> tuple[str, str]:
    """Who reveals first: the player with fewer points; at the centre, the one without the Will (R-SCO-REVEAL)."""
    if state.score > 0:
        first = "white"
    elif state.score < 0:
        first = "red"
    else:
        first = state.other(state.will)
    return first, state.other(first)


def _objective_card(state: "State", side: str) -> str | None:
    if state.mode == "solo" and side == state.opposition:
        played = [state.comp.cards[c] for c in state.played[side] if c in state.comp.cards]
        if not played:
            return None
        card, why = opposition_objective(played)
        state.log("objective", f"The Opposition's objective: {why.summary}")
        return card.id
    return state.objectives[side]


def side_name(state: "State", side: str) -> str:
    """How the log names a side: in solo the Opposition is named as such (R-SOLO)."""
    if side == state.opposition:
        return f"The Opposition ({side})"
    return side.capitalize()


def score_objectives(state: "State") -> list[str]:
    """Reveal (markers 2 and 3) and score both objectives; return the marked regions (R-SCO-REVEAL, R-SCO-OBJ)."""
    marked: list[str] = [state.unrest] if state.unrest else []
    cards = state.comp.cards
    for side in reveal_order(state):
        card_id = _objective_card(state, side)
        state.revealed[side] = True
        if card_id is None:
            state.log("objective", f"{side_name(state, side)} has no secret objective this round.")
            continue
        card = cards[card_id]
        marked.append(card.region)
        p = force_in_presence(state, card.region)
        state.log("objective", f"{side_name(state, side)} reveals {card.id} ({card.vp} VP in {card.region}). {p.reason}")
        if p.winner:
            award(state, p.winner, card.vp, f"the objective {card.id}")
            if state.step == "over":
                break
    return marked


def exhaust(state: "State", regions: list[str]) -> None:
    """In each marked region, once: fresh tokens tire, tired tokens leave (R-SCO-EXHAUST)."""
    tokens = state.comp.tokens
    for region in dict.fromkeys(regions):
        here = list(state._at.get(region, ()))
        if not here:
            continue
        left: list[str] = []
        for t in here:
            if t in state.exhausted:
                spec = tokens[t]
                if spec.kind == "unit" and spec.owner in ("red", "white"):
                    state.put(t, RESERVE)
                elif spec.owner == "opposition":
                    state.put(t, SUPPLY)
                else:
                    state.put(t, REMOVED)
                left.append(t)
            else:
                state.exhausted.add(t)
        if left:
            state.log("exhaust", f"In {region} the already tired tokens leave: {', '.join(left)}; the rest tire (R-SCO-EXHAUST).")
        else:
            state.log("exhaust", f"In {region} every token tires (R-SCO-EXHAUST).")
