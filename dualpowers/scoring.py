"""The scoring phase: unrest, secret objectives, exhaustion, the track (R-SCO, R-END-1).

Functions here change the score and the board; :mod:`dualpowers.rounds` calls
them in the rulebook's order.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from . import narration
from .narration import Message
from .opposition import opposition_card, opposition_objective
from .places import REMOVED, RESERVE, SUPPLY
from .presence import force_in_presence, stronger_side
from .text import Conjunction, plural

if TYPE_CHECKING:
    from .components import CommandCard
    from .narration import Event
    from .position import Position

__all__ = ["unrest_vp", "award", "unrest_winner", "score_unrest", "reveal_order", "score_objectives",
           "exhaust", "finish_on_track", "game_over", "lead", "track_label", "side_name", "Ending", "Outcome",
           "outcome", "ending_message", "objective_markers", "objective_card", "face_up_objective"]

#: Unrest VP by month space (R-SCO-UNREST); Oct/Nov differs by edition (E-FR, E-IT).
UNREST_VP = {"fr": (2, 2, 3, 4, 5, 7), "it": (2, 2, 3, 4, 5, 6)}


def unrest_vp(state: Position) -> int:
    return UNREST_VP[state.edition][state.month]


#: A solo game ends after the scoring of this round (R-SOLO-END).
SOLO_ROUNDS = 3


class Ending(enum.Enum):
    """How a game ends; :attr:`rule` is the rule that ends it, as data."""

    TRACK = "track"                  # the score marker reached an end of the track (R-END-1)
    OCT_NOV = "oct-nov"              # two players: scoring with the month on Oct/Nov (R-END-2)
    SOLO_ROUND = f"solo-round-{SOLO_ROUNDS}"   # solo: after the scoring of the last round (R-SOLO-END)

    @property
    def rule(self) -> str:
        """The RULINGS ID of this ending: ``Ending.TRACK.rule == "R-END-1"``."""
        return ENDING_RULES[self]


#: The rule that ends the game, per ending.
ENDING_RULES = {Ending.TRACK: "R-END-1", Ending.OCT_NOV: "R-END-2", Ending.SOLO_ROUND: "R-SOLO-END"}



@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: the winner, how it ended, and whether the score
    stood at the centre so that the Will holder won (R-END-2)."""

    winner: str
    ending: Ending
    decided_by_will: bool = False

    @property
    def rule(self) -> str:
        """The rule that ended the game ("R-END-1", "R-END-2", "R-SOLO-END")."""
        return self.ending.rule

    @property
    def message(self) -> Message:
        """Why the game ended, as a message to write in any language
        (``dualpowers.text.render``); ``State.end_reason`` writes it in English."""
        return ending_message(self.ending, self.decided_by_will)


def outcome(state: Position) -> Outcome | None:
    """The outcome of a finished game, read from the final position; ``None`` before the end.

    The track's end stops the game at once (R-END-1), so a marker on an end square
    means that ending; otherwise time ran out (R-END-2, R-SOLO-END)."""
    if state.won_by is None:
        return None
    if abs(state.score) >= state.comp.track_length:
        return Outcome(state.won_by, Ending.TRACK)
    ending = Ending.SOLO_ROUND if state.mode == "solo" else Ending.OCT_NOV
    return Outcome(state.won_by, ending, state.score == 0)


def ending_message(ending: Ending, by_will: bool = False) -> Message:
    """Why the game ended, as a message (``State.end_reason`` writes it in English)."""
    if ending is Ending.TRACK:
        why = Message(narration.END_TRACK)                       # R-END-1
    elif ending is Ending.OCT_NOV:
        why = Message(narration.END_OCT_NOV)                     # R-END-2
    else:
        why = Message(narration.END_SOLO, round=SOLO_ROUNDS)     # R-SOLO-END
    return Message(narration.END_BY_WILL, ending=why) if by_will else why


def game_over(state: Position, winner: str, ending: Ending, by_will: bool = False) -> None:
    state.step, state.to_act = "over", None
    state.won_by = winner            # how it ended is read from the position (outcome)
    state.log("end", narration.GAME_ENDS, side=narration.acting_side(winner, state.opposition),
              reason=ending_message(ending, by_will))


def award(state: Position, side: str, vp: int, why: Message) -> None:
    """Move the score marker ``vp`` spaces toward ``side``; an end of the track wins at once (R-SCO-MOVE, R-END-1)."""
    if vp <= 0:
        return
    limit = state.comp.track_length
    score = state.score + (vp if side == "red" else -vp)
    state.score = max(-limit, min(limit, score))   # the marker stops at the end of the track (R-SCO-MOVE)
    if state.narrating:
        state.log("score", narration.SCORES, side=narration.acting_side(side, state.opposition), vp=vp, why=why,
                  where=track_label(state.score, limit))
    if abs(state.score) >= limit:
        game_over(state, side, Ending.TRACK)


def lead(score: int) -> Message:
    """Who leads on the support track and by how much: "Red leads by 5", "White leads by 2",
    "level" (the one way the score is said: status lines, the board's track, the analyzer)."""
    if score > 0:
        return Message(narration.RED_LEADS, n=score)
    if score < 0:
        return Message(narration.WHITE_LEADS, n=-score)
    return Message(narration.LEVEL)


def track_label(score: int, limit: int | None = None) -> Message:
    """Where the score marker stands: "at the centre", "3 spaces toward red", or (given the track's
    ``limit``) "at the red end of the track (10)": never a square beyond the end (R-SCO-MOVE)."""
    if score == 0:
        return Message(narration.TRACK_CENTRE)
    side = "red" if score > 0 else "white"
    if limit is not None and abs(score) >= limit:
        return Message(narration.TRACK_END, spaces=limit, side=side)
    return plural(narration.TRACK_TOWARD, abs(score), side=side)


def finish_on_track(state: Position, ending: Ending) -> None:
    """End by time: the side the marker leans to wins; at the centre, the Will holder (R-END-2)."""
    if state.score > 0:
        game_over(state, "red", ending)
    elif state.score < 0:
        game_over(state, "white", ending)
    else:
        game_over(state, state.will, ending, by_will=True)


def unrest_winner(state: Position) -> str | None:
    """Objective marker 1 goes on the unrest region; who is stronger there (R-SCO-UNREST)."""
    if state.unrest is None:
        state.log("unrest", narration.UNREST_NONE)   # ENGINE-NO-UNREST
        return None
    if not state.narrating:
        return stronger_side(state, state.unrest)
    p = force_in_presence(state, state.unrest)
    state.log("unrest", narration.UNREST_IN, region=state.unrest, reason=p.reason_message)
    return p.winner


def score_unrest(state: Position, side: str) -> None:
    award(state, side, unrest_vp(state), Message(narration.FOR_UNREST, region=state.unrest))


def reveal_order(state: Position) -> tuple[str, str]:
    """Who reveals first: the player with fewer points; at the centre, the one without the Will (R-SCO-REVEAL)."""
    if state.score > 0:
        first = "white"
    elif state.score < 0:
        first = "red"
    else:
        first = state.other(state.will)
    return first, state.other(first)


def _played_commands(state: Position, side: str) -> list["CommandCard"]:
    return [state.comp.cards[c] for c in state.played[side] if c in state.comp.cards]


def objective_card(state: Position, side: str) -> str | None:
    """``side``'s objective: its secret card, or the solo Opposition's, which is chosen from
    its played cards when it is revealed (R-SOLO-OBJECTIVE).  ``None``: it has none."""
    if state.mode == "solo" and side == state.opposition:
        played = _played_commands(state, side)
        return opposition_card(played).id if played else None
    return state.objectives[side]


def face_up_objective(state: Position, side: str) -> str | None:
    """``side``'s objective if it is face up (Espionage, Organize, scoring), else ``None``:
    what anyone may see of it (P-OBJ)."""
    return objective_card(state, side) if state.revealed.get(side) else None


def _reveal_objective(state: Position, side: str) -> str | None:
    """:func:`objective_card`, with the solo Opposition's choice told in the log."""
    if state.narrating and state.mode == "solo" and side == state.opposition:
        played = _played_commands(state, side)
        if played:
            card, why = opposition_objective(played)
            state.log("objective", narration.OPP_OBJECTIVE, summary=why.summary_message)
            return card.id
    return objective_card(state, side)


def side_name(state: Position, side: str) -> str:
    """How the log names a side: in solo the Opposition is named as such (R-SOLO), as the
    scoring and the game's end name it (:func:`dualpowers.narration.acting_side`): a raw id,
    so that each language gives it the article its sentence needs ("les Blancs révèlent")."""
    return narration.acting_side(side, state.opposition)


def score_objectives(state: Position) -> list[str]:
    """Reveal (markers 2 and 3) and score both objectives; return the marked regions (R-SCO-REVEAL, R-SCO-OBJ)."""
    marked: list[str] = [state.unrest] if state.unrest else []
    cards = state.comp.cards
    if state.mode == "solo" and state.player is not None:
        # The player's card is turned face up first in any case (R-SCO-REVEAL, ruling), even
        # when the Opposition's is scored first and its points end the game (R-END-1).
        state.revealed[state.player] = True
    for side in reveal_order(state):
        card_id = _reveal_objective(state, side)
        state.revealed[side] = True
        if card_id is None:
            state.log("objective", narration.NO_OBJECTIVE, who=side_name(state, side))
            continue
        card = cards[card_id]
        marked.append(card.region)
        if state.narrating:
            p = force_in_presence(state, card.region)
            state.log("objective", narration.REVEALS_OBJECTIVE, who=side_name(state, side), card=card.id, vp=card.vp,
                      region=card.region, reason=p.reason_message)
            winner = p.winner
        else:
            winner = stronger_side(state, card.region)
        if winner:
            award(state, winner, card.vp, Message(narration.FOR_OBJECTIVE, card=card.id))
            if state.step == "over":
                break
    return marked


def objective_markers(events: "Iterable[Event[Position]]") -> dict[int, str]:
    """Where the objective markers stand after the last of ``events`` (one applied action's
    events, in order, each with its board): number -> region.

    The markers are no part of a position, since a game never rests mid-scoring; what the
    screens draw comes from the scoring as told: marker 1 on the unrest region
    (R-SCO-UNREST), 2 and 3 on the objectives in the order they are revealed
    (R-SCO-REVEAL), all back at cleanup (R-CLN).  An action taken while the unrest winner
    decides starts with marker 1 already on the board."""
    markers: dict[int, str] = {}
    for i, event in enumerate(events):
        board = event.board
        if i == 0 and board is not None and board.step == "unrest" and board.unrest:
            markers[1] = board.unrest
        if event.msgid == narration.SCORING_PHASE or event.kind in ("cleanup", "round"):
            markers.clear()
        elif event.msgid == narration.UNREST_IN:
            markers[1] = event.params["region"]
        elif event.msgid == narration.REVEALS_OBJECTIVE:
            markers[3 if 2 in markers else 2] = event.params["region"]
    return markers


def exhaust(state: Position, regions: list[str]) -> None:
    """In each marked region, once: fresh tokens tire, tired tokens leave (R-SCO-EXHAUST)."""
    tokens = state.comp.tokens
    exhausted = state.exhausted
    for region in dict.fromkeys(regions):
        here = list(state.at.get(region, ()))
        if not here:
            continue
        left: list[str] = []
        for t in here:
            if t in exhausted:
                spec = tokens[t]
                if spec.kind == "unit" and spec.owner in ("red", "white"):
                    state.put(t, RESERVE)
                elif spec.owner == "opposition":
                    state.put(t, SUPPLY)
                else:
                    state.put(t, REMOVED)
                left.append(t)
            else:
                exhausted.add(t)
        if not state.narrating:
            continue
        if left:
            # joined as each language joins a list ("R3, N6 et le Trotski rouge")
            state.log("exhaust", narration.EXHAUST_LEAVE, region=region, tokens=Conjunction(left))
        else:
            state.log("exhaust", narration.EXHAUST_ALL, region=region)
