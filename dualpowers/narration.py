"""The engine's words: every narration template, and events that carry them as data.

An :class:`Event` (what :meth:`State.apply` returns) holds its kind, a message id
and its parameters.  The message id is an English template in ``str.format``
style with named fields; the parameters that are game names (sides, regions,
tokens, cards, months) stay raw ids so that a translation can name them in its
own language.  ``event.text`` writes the English sentence, only when it is read.

Field formats a template may use (a translation uses the same ones):

* ``{card}``: the value as it is (ids, numbers);
* ``{side:cap}``: capitalised, for a name that starts a sentence ("Red");
* ``{month:month}``: a month id's name ("mar-apr" -> "March/April");
* ``{day}``: a day of the month, the first as the language writes it ("1er", "1º");
* ``{day:al}``, ``{date:il}`` ... (Italian translations only): the articled preposition
  joined to the day or date, elided where Italian elides it ("all'8", "l'11");
* a tuple of ids is written "R1, R2"; a nested :class:`Message` is written out
  first, and a tuple of messages is written as clauses joined by "; ".

Every template is a module-level constant wrapped in :func:`N_`, a marker that
does nothing at run time and lets Babel extract them (``pybabel extract -k N_``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

__all__ = ["N_", "Message", "Event", "Items", "Quantity", "render", "MONTH_NAMES"]


def N_(message: str) -> str:
    """Mark a string as a narration template for extraction; returns it unchanged."""
    return message


#: English names of the month spaces (R-CAL-1), by id.
MONTH_NAMES = {
    "mar-apr": N_("March/April"), "may-jun": N_("May/June"), "jul": N_("July"),
    "aug": N_("August"), "sep": N_("September"), "oct-nov": N_("October/November"),
}


class _Name(str):
    """A raw id while a template is written out: knows the ``cap`` and ``month`` formats."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self.capitalize()
        if spec == "month":
            return MONTH_NAMES.get(self, self)
        return format(str(self), spec)


class Items(tuple):  # type: ignore[type-arg]
    """A tuple of messages written as a list ("a, b"), not as clauses ("a; b")."""

    __slots__ = ()


@dataclass(frozen=True)
class Quantity:
    """A number in a message, kept as a number so that each language writes it its own way
    (``dualpowers.narrate`` writes 37,5 % in French); ``str()`` is the English form.

    ``digits``: decimals shown; ``percent``: ``value`` is a fraction shown as a percentage;
    ``signed``: a positive value shows its ``+``.
    """

    value: float
    digits: int = 0
    percent: bool = False
    signed: bool = False

    def __str__(self) -> str:
        value = 0.0 if round(self.value, self.digits + (2 if self.percent else 0)) == 0 else self.value
        text = f"{value:,.{self.digits}%}" if self.percent else f"{value:,.{self.digits}f}"
        return "+" + text if self.signed and value > 0 else text


def _shown(value: Any) -> Any:
    if type(value) is str:
        return _Name(value)
    if isinstance(value, Items):
        return ", ".join(m.text for m in value)
    if isinstance(value, Message):
        return value.text
    if isinstance(value, tuple):
        if value and isinstance(value[0], Message):
            return "; ".join(m.text for m in value)
        return ", ".join(str(v) for v in value)
    return value


def render(msgid: str, params: Mapping[str, Any]) -> str:
    """The English text of a template with its parameters."""
    return msgid.format_map({k: _shown(v) for k, v in params.items()})


class Message:
    """A template and its parameters: a sentence, or a piece of one, not yet written out."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    @property
    def text(self) -> str:
        return render(self.msgid, self.params)

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return self.msgid == other.msgid and self.params == other.params
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.msgid, tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        return f"Message({self.text!r})"


class Event:
    """Something that happened while an action was applied: its kind and its message.

    ``kind`` is a short tag ("play", "date", "score", ...); ``msgid`` and ``params``
    are the message as data; ``text`` is the English sentence.
    """

    __slots__ = ("kind", "msgid", "params")

    def __init__(self, kind: str, msgid: str, params: dict[str, Any]) -> None:
        self.kind = kind
        self.msgid = msgid
        self.params = params

    @property
    def message(self) -> Message:
        return Message(self.msgid, **self.params)

    @property
    def text(self) -> str:
        return render(self.msgid, self.params)

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
SIDE = N_("{side:cap}")
OPPOSITION_SIDE = N_("The Opposition ({side})")
TRACK_CENTRE = N_("the centre")
TRACK_TOWARD = N_("{spaces} toward {side}")
TRACK_END = N_("the {side} end of the track ({spaces})")
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
SCORING_PHASE = N_("Scoring phase.")
NO_BLOCKADE_TILE = N_("No region tile is left for the blockade: the city has no blockade this round "
                      "(R-CLN, ruling).")
CLEANUP = N_("Cleanup: unrest is now {unrest}, blockade on {a}-{b}.")
CLEANUP_NO_BLOCKADE = N_("Cleanup: unrest is now {unrest}, blockade on no connection.")
NOWHERE = N_("nowhere")

# ---------------------------------------------------------------------------- player actions (P-OBJ, R-ACT)
OBJECTIVE_PLACED = N_("{side:cap} places a secret objective face down.")
RECRUITS = N_("{side:cap} recruits {units} into {region}.")
MOVES = N_("{side:cap} moves: {token} from {start} to {to}.")
BONUS_MOVES = N_("{side:cap} bonus move: {token} from {start} to {to}.")
RESTS = N_("{side:cap} rests {token}: it is fresh again.")
LEADER_RECRUITS = N_("{side:cap} recruits {leader} into {region}.")
IT_LEADER_RESTS = N_("Italian edition: {tokens} in {region} turn fresh with the leader's arrival (E-IT).")
PROTEST = N_("{leader} mobilizes a protest: the blockade moves to {a}-{b}.")
SPY_OPPONENT = N_("{leader} spies: {target}'s secret objective is revealed ({card}).")
SPY_SELF = N_("{leader} spies: their own secret objective is revealed ({card}).")
INSPIRE = N_("{leader} inspires the people: {side} takes the Will.")
BONUS_RECRUIT = N_("{side:cap} takes a bonus recruit: {unit} into {region}.")
BONUS_REST = N_("{side:cap} rests {token} as a bonus: it is fresh again.")
BONUS_DRAW = N_("{side:cap} draws a bonus card; the hand grows for good.")
ORGANIZE = N_("{side:cap} organizes and looks at their own secret objective: {card}.")
PASS_TURN = N_("{side:cap} has no card to play and passes the turn.")
PASS_COMMAND = N_("{side:cap} takes no action with {card} (R-ACT-CMD).")
PASS_BONUS = N_("{side:cap} declines the bonus action.")
PASS_UNREST = N_("{side:cap} declines both the unrest points and the bonus action.")

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

# ---------------------------------------------------------------------------- scoring (R-SCO, R-END)
UNREST_NONE = N_("No unrest region this round (the region tiles have run out).")
UNREST_IN = N_("Unrest in {region}: {reason}")
SCORES = N_("{side:cap} scores {vp} VP for {why}; the marker is at {where}.")
FOR_UNREST = N_("the unrest region {region}")
FOR_OBJECTIVE = N_("the objective {card}")
NO_OBJECTIVE = N_("{who} has no secret objective this round.")
REVEALS_OBJECTIVE = N_("{who} reveals {card} ({vp} VP in {region}). {reason}")
EXHAUST_LEAVE = N_("In {region} the already tired tokens leave: {tokens}; the rest tire (R-SCO-EXHAUST).")
EXHAUST_ALL = N_("In {region} every token tires (R-SCO-EXHAUST).")
END_TRACK = N_("the score marker reached the end of the support track (R-END-1)")
END_OCT_NOV = N_("the month marker is on October/November at the end of scoring (R-END-2)")
END_SOLO = N_("end of round {round} (R-SOLO-END)")
END_BY_WILL = N_("{ending}; the marker is at the centre, so the Will holder wins")
GAME_ENDS = N_("The game ends: {side} wins ({reason}).")

# ---------------------------------------------------------------------------- refusals (IllegalAction)
# Why the engine refuses an action.  ``IllegalAction.message`` holds one of these with
# its parameters; ``str(exc)`` is the English text.  ``{action}`` is the action's
# command text ("move R1 red"), which stays as typed in every language.
NO_SUCH_REGION = N_("unknown region {name} (regions: {regions})")
NO_SUCH_TOKEN = N_("unknown token {name}")
NOT_ON_BOARD = N_("{token} is not on the board (it is in {place})")
NOT_CONTROLLED = N_("{side} does not control {token} in {region}; it is controlled by {who}")
NOT_CONTROLLED_NOBODY = N_("{side} does not control {token} in {region}; it is controlled by nobody")
NOT_CONTROLLED_NEUTRAL = N_("{side} does not control {token} in {region}; it is controlled by {who} (a neutral "
                            "token obeys the Will holder only where they have a token of their own, R-NEU-1)")
NOT_CONTROLLED_NEUTRAL_NOBODY = N_("{side} does not control {token} in {region}; it is controlled by nobody (a "
                                   "neutral token obeys the Will holder only where they have a token of their "
                                   "own, R-NEU-1)")
NOT_CONNECTED = N_("{start} and {to} are not connected")
BLOCKADE_CLOSES = N_("the blockade marker closes the connection {a}-{b} (R-ACT-MOVE)")
NOT_A_UNIT_OF = N_("{unit} is not one of {side}'s units")
NOT_IN_RESERVE = N_("{unit} is not in {side}'s reserve (it is in {place})")
CARD_ALLOWS = N_("{card} allows Recruit or {card_action}, not '{action}' (R-ACT-CMD)")
NOT_IN_HAND = N_("{card} is not in {side}'s hand")
LEADER_NOT_OBJECTIVE = N_("{card} is a leader card: the objective must be a command card (P-OBJ)")
UNIT_TWICE = N_("a unit is listed twice")
RECRUIT_TOO_DEAR = N_("those units cost {total} recruit value; {card} gives {recruit} (R-ACT-RECRUIT)")
ALREADY_THERE = N_("{token} is already in {region}")
TOO_FAR = N_("{to} is more than two open steps from {start} (R-ACT-DMOVE)")
DMOVE_ROUND_TRIP = N_("a double move must end away from where it started ({region})")
ALREADY_FRESH = N_("{token} is already fresh: Rest only flips an exhausted token (R-ACT-REST)")
ALREADY_FRESH_BONUS = N_("{token} is already fresh: Rest only flips an exhausted token")
LEADER_RECRUITED = N_("{leader} has already been recruited this turn")
LEADER_NOT_IN_RESERVE = N_("{leader}'s token is not in reserve (it is in {place})")
SPECIAL_TAKEN = N_("{leader}'s special action has already been taken this turn")
SPECIAL_IS = N_("{leader}'s special action is {special}, not '{action}' (R-ACT-LEADER)")
NOT_A_CONNECTION = N_("{a}-{b} is not a connection of the city")
BLOCKADE_ALREADY = N_("the blockade is already on {a}-{b}: Protest moves it to another connection (R-ACT-PROTEST)")
NO_OBJECTIVE_TO_REVEAL = N_("{target} has no secret objective to reveal")
ALREADY_REVEALED = N_("{target}'s secret objective is already revealed")
ALREADY_WILL = N_("{side} already holds the Will of the People")
BONUS_RECRUIT_VALUE = N_("Bonus Recruit takes a unit of recruit value 1; {unit} has {recruit} (R-ACT-BONUS)")
NOTHING_TO_DRAW = N_("no command card is left to draw (deck and discard pile are empty)")
ORGANIZE_SOLO_ONLY = N_("Organize is a solo-only bonus action (R-ACT-BONUS)")
OWN_OBJECTIVE_REVEALED = N_("your secret objective is already revealed")
MUST_PLACE_OBJECTIVE = N_("{side} holds a command card and must place one as secret objective (P-OBJ)")
MUST_PLAY = N_("{side} holds a card and must play one: a turn is never skipped (P-ACT)")
GAME_OVER = N_("the game is over")
GAME_OVER_BECAUSE = N_("the game is over ({end_reason})")
NOBODY_DECIDES = N_("nobody decides at step {step}")
NOT_AN_ACTION = N_("{what} is not an action (see dualpowers.actions)")
STEP_OBJECTIVE = N_("{side} must choose a secret objective now (P-OBJ), not '{action}'")
STEP_CARD = N_("{side} must play a card now (P-ACT), not '{action}'")
STEP_LEADER = N_("after playing {leader}: Leader Recruit, {special}, or pass; not '{action}' (R-ACT-LEADER)")
STEP_BONUS = N_("{side} has a bonus action to take (or pass), not '{action}' (R-ACT-BONUS)")
STEP_UNREST = N_("{side} won the unrest region: score it, take a bonus action, or pass; not '{action}' "
                 "(R-SCO-UNREST)")
NOT_COMMAND_CARD = N_("{what} is not a command card (give CommandCard objects or card ids)")
NO_OPPOSITION_CARD = N_("the Opposition has played no card: there is no objective to choose")

# ---------------------------------------------------------------------------- the Opposition's choice (R-SOLO-OBJECTIVE)
STEP_PLAYED = N_("Played in order: {cards}.")
STEP_CARD_DAYS = N_("{card} ({days})")
STEP_SUMS = N_("Day sums: {sums}.")
STEP_REGION_SUM = N_("{region} {n}")
STEP_SUM_WINS = N_("Step 1: {region} has the highest sum ({n}).")
STEP_SUM_TIE = N_("Step 1: {regions} tie with {n}.")
STEP_CARDS_WIN = N_("Step 2: {region} has more cards ({n}).")
STEP_CARDS_TIE = N_("Step 2: {regions} each have {n} card(s): still tied.")
STEP_LATEST_WINS = N_("Step 3: the most recently played of their cards is {card} (card {n}), so {region} wins.")
STEP_ONLY_CARD = N_("The objective is {card}, the only {region} card played.")
STEP_MOST_VP = N_("The objective is {card}: the {region} card with the most VP ({n}).")
STEP_VP_TIE = N_("{cards} share the most VP ({n}); the later-played {card} is the objective (ruling).")

# ---------------------------------------------------------------------------- reading an action's text form
FIELD_TYPE = N_("{word}: field {name} must be {what}, not {value}")
PARSE_NOT_TEXT = N_("an action is read from text, not {kind}")
PARSE_EMPTY = N_("empty action text")
PARSE_UNKNOWN = N_("unknown action {word} in {text}")
PARSE_NEEDS_IDS = N_("{word} needs at least one {name} id: {usage}")
PARSE_EXPECTED = N_("expected {usage}, got {text}")
