"""The engine's narration: what happens in a game, as data, and the templates that say it.

An :class:`Event` (what :meth:`State.apply` returns) holds its kind, a message id
and its parameters: a :class:`~dualpowers.text.Message` of the ``dualpowers``
catalog whose parameters that are game names (sides, regions, tokens, cards,
months) stay raw ids, so that each language names them its own way
(:func:`dualpowers.text.render`).  ``event.text`` is the English sentence.

The templates of the round's flow, the calendar, strength, scoring and the
Opposition are here; each kind of action keeps its own (:mod:`dualpowers.kinds`).
Every template is a module-level constant wrapped in :func:`N_`, a marker that does
nothing at run time and lets Babel extract it (``pybabel extract -k N_``).
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, TypeVar

from .text import N_, NN_, NP_, Conjunction, Items, Message, Quantity, plural, render

__all__ = ["region_list", "acting_side", "story_part", "N_", "Message", "Event", "Items", "Quantity"]


def acting_side(side: str, opposition: str | None) -> str:
    """How a message names a side that is stronger, scores or wins: in a solo game the
    Opposition's side is "opposition" (named "the Opposition", R-SOLO), so that the story
    calls it by one name; any other side by its colour.  ``opposition``: the Opposition's
    side in a solo game, None in a game of two players."""
    return "opposition" if opposition is not None and side == opposition else side


#: The type of an event's board: the position type that told it (``dualpowers.position.Position``
#: or the ``State`` built on it), named here without importing it.
B = TypeVar("B", covariant=True)


class Event(Generic[B]):
    """Something that happened while an action was applied: its kind and its message.

    ``kind`` is a short tag ("play", "date", "score", ...); ``msgid`` and ``params``
    are the message as data; ``text`` is the English sentence.  ``board``: the position
    right after the event, when the action was applied with ``boards=True`` (else None);
    it takes no part in comparing events.
    """

    __slots__ = ("kind", "msgid", "params", "board")

    def __init__(self, kind: str, msgid: str, params: dict[str, Any], board: B | None = None) -> None:
        self.kind = kind
        self.msgid = msgid
        self.params = params
        self.board = board

    @property
    def message(self) -> Message:
        return Message(self.msgid, **self.params)

    @property
    def text(self) -> str:
        return render(self.message, "en")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return (self.kind, self.msgid, self.params) == (other.kind, other.msgid, other.params)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.msgid, tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"

    def __str__(self) -> str:
        return self.text


# ============================================================================ the templates
# ---------------------------------------------------------------------------- names of things
TRACK_CENTRE = N_("at the centre")
TRACK_TOWARD = NN_("{n} space toward {side}", "{n} spaces toward {side}")
TRACK_END = N_("at the {side} end of the track ({spaces})")
RED_LEADS = N_("Red leads by {n}")
WHITE_LEADS = N_("White leads by {n}")
LEVEL = N_("level")
DATE = N_("{month:month} {day}")

# ---------------------------------------------------------------------------- calendar (R-CAL)
DATE_ADVANCE = N_("{clauses}.")
DATE_FROM = N_("{month:month} {day} + {days} days")
DATE_NEW_MONTH = N_("passes day 31: the month marker moves to {month:month} (R-CAL-2)")
DATE_WRAP = N_("passes day 31 on October/November: the month stays (R-CAL-6)")
DATE_SKIP = N_("lands on 29 or 30 and moves on to 31 (R-CAL-3)")
DATE_NOW = N_("now {month:month} {day}")
DATE_BONUS = N_("ends on 15 or 31: bonus action (R-CAL-4)")
WILL_NEW_MONTH = N_("{side:cap} takes the Will of the People (the month marker advanced, R-CAL-5).")
WILL_SOLO = N_("{side:cap} takes the Will of the People (the Opposition takes it at the start of every "
               "action phase, R-SOLO-OBJ).")
TROTSKY_RETURNS = N_("Trotsky returns from exile: the neutral Trotsky enters {region}, the unrest region "
                     "(R-CAL-TROTSKY-1).")
TROTSKY_STAYS_OUT = N_("Trotsky returns, but there is no unrest region to enter: he stays out.")
TROTSKY_JOINS = N_("Trotsky joins the Bolsheviks: the red Trotsky replaces him in {region}, same side up "
                   "(R-CAL-TROTSKY-2).")
TROTSKY_GONE = N_("The neutral Trotsky is gone, so the red Trotsky never enters (R-CAL-TROTSKY-2).")

# ---------------------------------------------------------------------------- round flow (P, R-CLN)
ROUND_BEGINS = N_("Round {round} begins ({date}).")
ACTION_PHASE = N_("Action phase: {side} plays first; four turns each (P-ACT).")
SOLO_DRAW = N_("You draw {cards} cards and one face-down secret objective; the Opposition gets a stack of "
               "{stack} cards (R-SOLO-DRAW).")
RESHUFFLE = N_("The deck ran out: the discard pile is shuffled into a new deck (P-DRAW).")
PLAYS = N_("{side:cap} plays {card}.")
SCORING_PHASE = N_("Scoring phase: the unrest region scores (objective marker 1), then the region of each "
                   "objective (markers 2 and 3); no other region scores (R-SCO).")
NO_BLOCKADE_TILE = N_("No region tile is left for the blockade: the city has no blockade this round "
                      "(R-CLN, ruling).")
CLEANUP = N_("Cleanup: unrest is now {unrest}, blockade on {a}-{b}.")
CLEANUP_NO_BLOCKADE = N_("Cleanup: unrest is now {unrest}, blockade on no connection.")
CLEANUP_NO_TILES = N_("Cleanup: no region tile is left, so there is no unrest region and no blockade any more.")
NOWHERE = N_("nowhere")

# ---------------------------------------------------------------------------- the Opposition (R-SOLO)
OPP_PLACES_RECRUIT = N_("The Opposition places a level-{level} unit ({token}) in {region} (recruit value of {card}).")
OPP_PLACES_BONUS = N_("The Opposition places a level-{level} unit ({token}) in {region} as its bonus recruit "
                      "(R-SOLO-OPP-TURN).")
OPP_NO_UNIT = N_("The Opposition has no level-{level} unit left: nothing is placed (ruling).")
OPP_REVEALS_LEADER = N_("The Opposition reveals {leader}: the token goes fresh on {region}, the unrest region "
                        "(R-SOLO-OBJ).")
OPP_NO_CARD = N_("The Opposition has no card left and skips its turn.")
OPP_REVEALS_CARD = N_("The Opposition reveals {card}.")
OPP_OBJECTIVE = N_("The Opposition's objective: {summary}")
OPP_OBJECTIVE_SUMMARY = N_("{card} in {region} (region chosen by {decided_by}, card by {card_decided_by}).")
OPP_SCORES_UNREST = N_("The Opposition is stronger in the unrest region and always scores it (R-SOLO-UNREST).")

# ---------------------------------------------------------------------------- strength (R-STR, R-NEU)
PRESENCE_EMPTY = N_("No token in {region}: nobody has greater strength (R-STR-2).")
PRESENCE_NOBODY = N_("Only neutral tokens in {region} and nobody has a token of their own there to control "
                     "them: nobody has greater strength (R-NEU-1, R-STR-2).")
PRESENCE_STRENGTH = N_("{winner:cap} has greater strength in {region}: {strength} against {other} (R-STR-2).")
PRESENCE_TOKENS = N_("Strength is tied {red}-{white} in {region}; {winner} controls more tokens "
                     "({tokens} against {other}) and wins (R-STR-2).")
PRESENCE_WILL = N_("Strength ({red}-{white}) and token count ({red_tokens}-{white_tokens}) are tied in "
                   "{region}; {winner}, holding the Will of the People, wins (R-STR-2).")
NEUTRALS_NONE = N_("No neutral token in {region}.")
NEUTRALS_COUNT = N_("{side:cap} holds the Will and has a token of their own in {region}, so its neutral "
                    "tokens count for {side} (R-NEU-1).")
NEUTRALS_IDLE = N_("{side:cap} holds the Will but has no token of their own in {region}, so its neutral "
                   "tokens count for nobody (R-NEU-1).")
TALLY = N_("{first:cap}; {second}.")
TALLY_SIDE = N_("{side} {strength}: {tokens}")
TALLY_SIDE_NONE = N_("{side} 0: no token")
TALLY_TOKEN = N_("{token} {strength}")
TALLY_NEUTRAL = N_("{token} {strength} (neutral)")

# ---------------------------------------------------------------------------- scoring (R-SCO, R-END)
UNREST_NONE = N_("No unrest region this round (the region tiles have run out).")
#: The reason names the region already ("White has greater strength in purple: ..."): the line
#: says it once.  ``region`` stays a parameter (the markers and the worked sums read it).
UNREST_IN = N_("Unrest: {reason}")
SCORES = N_("{side:cap} scores {vp} VP for {why}; the marker is {where}.")
FOR_UNREST = N_("the unrest region {region}")
FOR_OBJECTIVE = N_("the objective {card}")
NO_OBJECTIVE = N_("{who:cap} has no secret objective this round.")
REVEALS_OBJECTIVE = N_("{who:cap} reveals {card} ({vp} VP in {region}). {reason}")
EXHAUST_LEAVE = N_("In {region} the tokens already exhausted leave: {tokens}; the rest turn exhausted (R-SCO-EXHAUST).")
EXHAUST_ALL = N_("In {region} every token turns exhausted (R-SCO-EXHAUST).")
END_TRACK = N_("the score marker reached the end of the support track (R-END-1)")
END_OCT_NOV = N_("the month marker is on October/November at the end of scoring (R-END-2)")
END_SOLO = N_("end of round {round} (R-SOLO-END)")
END_BY_WILL = N_("{ending}; the marker is at the centre, so the Will holder wins")
GAME_ENDS = N_("The game ends: {side} wins ({reason}).")

# ---------------------------------------------------------------------------- refusals (IllegalAction)
# ``IllegalAction.message`` holds one of these with its parameters.  The refusals of each
# kind of action are in its module (dualpowers.kinds), those of the step machine in
# dualpowers.turn.
GAME_OVER_BECAUSE = N_("the game is over ({end_reason})")
NOT_COMMAND_CARD = N_("{what} is not a command card (give CommandCard objects or card ids)")
NO_OPPOSITION_CARD = N_("the Opposition has played no card: there is no objective to choose")

# ---------------------------------------------------------------------------- the Opposition's choice (R-SOLO-OBJECTIVE)
STEP_PLAYED = N_("Played in order: {cards}.")
STEP_CARD_DAYS = N_("{card} ({days})")
STEP_SUMS = N_("Day sums: {sums}.")
STEP_REGION_SUM = N_("{region} {n}")
STEP_SUM_WINS = N_("Step 1: {region} has the highest sum ({n}).")
STEP_SUM_TIE = N_("Step 1: {regions} tie with {n}.")
#: A region named inside a sentence's list ("the purple region and the red region"): French
#: and Italian put the article before each name ("la Zone violette et la Zone rouge").
REGION_IN_LIST = NP_("region in a list", "{region}")
STEP_CARDS_WIN = N_("Step 2: {region} has more cards ({n}).")
STEP_CARDS_TIE = NN_("Step 2: {regions} each have {n} card: still tied.",
                     "Step 2: {regions} each have {n} cards: still tied.")
STEP_LATEST_WINS = N_("Step 3: the most recently played of their cards is {card} (card {n}), so {region} wins.")
STEP_ONLY_CARD = N_("The objective is {card}, the only {region} card played.")
STEP_MOST_VP = N_("The objective is {card}: the {region} card with the most VP ({n}).")
STEP_VP_TIE = N_("{cards} share the most VP ({n}); the later-played {card} is the objective (ruling).")


# ---------------------------------------------------------------------------- the parts of a story
#: The events that only a scoring writes (its phase's opening line is told apart by its message:
#: an "objective" or "phase" event also opens a round, when the objectives are placed and the
#: action phase begins, and that is not the scoring).
_SCORING_KINDS = frozenset({"unrest", "score", "exhaust", "cleanup", "end"})
#: the scoring's objectives (an "objective" event is also a secret objective placed face down)
_SCORING_OBJECTIVES = frozenset({OPP_OBJECTIVE, NO_OBJECTIVE, REVEALS_OBJECTIVE})


def story_part(event: Event[object], solo: bool) -> str | None:
    """The part of the story an event begins or goes on: ``"scoring"`` (from the scoring's first
    event, the next round's start included), ``"opposition"`` (the solo Opposition's turn, from
    its first card revealed or played or its leader placed), or None for an event that only
    follows the part before it.  The play screen heads its story step with it and the game log
    starts a new block with it, so that neither files the Opposition's turn under the player's
    action (issue 33)."""
    if (event.kind in _SCORING_KINDS or (event.kind == "phase" and event.msgid == SCORING_PHASE)
            or (event.kind == "objective" and event.msgid in _SCORING_OBJECTIVES)):
        return "scoring"
    if solo and (event.kind in ("reveal", "opposition")
                 or (event.kind == "play" and event.params.get("side") is None)):
        return "opposition"
    return None


def region_list(regions: Iterable[str]) -> Conjunction:
    """Regions named in a sentence as a list, each with its article where the language puts
    one: "purple and red", "la Zone violette et la Zone rouge", "il quartiere viola e il quartiere rosso"."""
    return Conjunction(Message(REGION_IN_LIST[1], context=REGION_IN_LIST[0], region=r) for r in regions)
