"""The game state: one plain value holding a whole position.

A :class:`State` is changed only through :meth:`State.apply`, which checks the
action first and raises :class:`~dualpowers.errors.IllegalAction` (leaving the
state untouched) when the rules forbid it.  Chance comes only from seeded
shuffles (:meth:`State.shuffle`), so a game is its seed plus its action list.

The rules themselves live in the modules named after them (``turn``, ``rounds``,
``scoring``, ``opposition``, ``presence``); this module holds the data and the
primitive moves of tokens and cards.
"""

from __future__ import annotations

import json
import random
from bisect import insort
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from . import turn as _turn
from .actions import parse_action
from .components import Components, Connection, TokenSpec, default_components, other
from .dates import MONTHS
from . import narration as say
from .errors import IllegalAction
from .narration import Event
from .notation import read_notation, to_notation
from .places import BOX, PLACES, RESERVE, SUPPLY
from .presence import Presence, controller, force_in_presence
from .rounds import STEPS
from .scoring import Outcome, outcome
from .serialize import load_json, read_position, state_to_dict
from .views import PlayerView, player_view

if TYPE_CHECKING:
    from .actions import Action

__all__ = ["State", "Event", "PLACES", "STEPS", "Outcome"]


class State:
    """A complete Dual Powers position, two-player or solo.

    Read the attributes freely; change the state only with :meth:`apply`.
    Sides are always ``"red"`` and ``"white"``; in solo, :attr:`opposition`
    names the side the Opposition plays and :attr:`player` the human's side.
    :attr:`place` maps each token to its region or place, and :attr:`at` is the
    same fact indexed the other way (place -> token ids in component order),
    kept in step by :meth:`put`.
    """

    __slots__ = (
        "comp", "mode", "edition", "player", "opposition", "difficulty", "seed", "shuffles",
        "month", "day", "will", "score", "unrest", "blockade_tile", "blockade",
        "tile_stack", "tile_discard", "place", "exhausted", "at",
        "hands", "objectives", "revealed", "played", "deck", "discard", "out_of_game",
        "opp_stack", "opp_leaders", "round", "step", "to_act", "turn_order", "turn_index",
        "card", "bonus_pending", "leader_recruited", "leader_special_used",
        "won_by", "_events", "narrating", "_boards",
    )

    comp: Components
    mode: str
    edition: str
    player: str | None
    opposition: str | None
    difficulty: int | None
    seed: int
    shuffles: int
    month: int
    day: int
    will: str
    score: int
    unrest: str | None
    blockade_tile: str | None
    blockade: Connection | None
    tile_stack: list[str]
    tile_discard: list[str]
    place: dict[str, str]
    exhausted: set[str]
    at: dict[str, list[str]]
    hands: dict[str, list[str]]
    objectives: dict[str, str | None]
    revealed: dict[str, bool]
    played: dict[str, list[str]]
    deck: list[str]
    discard: list[str]
    out_of_game: list[str]
    opp_stack: list[str]
    opp_leaders: list[str]
    round: int
    step: str
    to_act: str | None
    turn_order: tuple[str, ...]
    turn_index: int
    card: str | None
    bonus_pending: bool
    leader_recruited: bool
    leader_special_used: bool
    won_by: str | None
    _events: list[Event]
    #: True while :meth:`apply` records events: the rules build costly messages only then.
    narrating: bool

    # ------------------------------------------------------------------ construction
    def __init__(self, components: Components | None = None) -> None:
        """An empty board: use :func:`dualpowers.new_game` or :meth:`from_dict` instead."""
        comp = components or default_components()
        self.comp = comp
        self.mode, self.edition = "two-player", "fr"
        self.player = self.opposition = None
        self.difficulty = None
        self.seed, self.shuffles = 0, 0
        self.month, self.day = 0, 1
        self.will, self.score = "red", 0
        self.unrest = self.blockade_tile = None
        self.blockade = None
        self.tile_stack, self.tile_discard = [], []
        self.place = {}
        self.exhausted = set()
        self.at = {}
        self.hands = {"red": [], "white": []}
        self.objectives = {"red": None, "white": None}
        self.revealed = {"red": False, "white": False}
        self.played = {"red": [], "white": []}
        self.deck, self.discard, self.out_of_game = [], [], []
        self.opp_stack, self.opp_leaders = [], []
        self.round = 1
        self.step = "card"
        self.to_act = "red"
        self.turn_order, self.turn_index = (), 0
        self.card = None
        self.bonus_pending = self.leader_recruited = self.leader_special_used = False
        self.won_by = None
        self._events = []
        self.narrating = self._boards = False
        self.place = dict.fromkeys(comp.tokens, BOX)
        self.at = {BOX: list(comp.tokens)}

    # ------------------------------------------------------------------ value semantics
    def clone(self) -> "State":
        """An independent copy (cheap: no deep copy of the shared component data)."""
        new = State.__new__(State)
        new.comp = self.comp
        new.mode, new.edition, new.player, new.opposition = self.mode, self.edition, self.player, self.opposition
        new.difficulty, new.seed, new.shuffles = self.difficulty, self.seed, self.shuffles
        new.month, new.day, new.will, new.score = self.month, self.day, self.will, self.score
        new.unrest, new.blockade_tile, new.blockade = self.unrest, self.blockade_tile, self.blockade
        new.round, new.step, new.to_act = self.round, self.step, self.to_act
        new.turn_order, new.turn_index, new.card = self.turn_order, self.turn_index, self.card
        new.bonus_pending, new.leader_recruited = self.bonus_pending, self.leader_recruited
        new.leader_special_used, new.won_by = self.leader_special_used, self.won_by
        new.tile_stack = self.tile_stack[:]
        new.tile_discard = self.tile_discard[:]
        new.place = self.place.copy()
        new.exhausted = self.exhausted.copy()
        new.at = {k: v[:] for k, v in self.at.items()}
        hands = self.hands
        new.hands = {"red": hands["red"][:], "white": hands["white"][:]}
        new.objectives = self.objectives.copy()
        new.revealed = self.revealed.copy()
        played = self.played
        new.played = {"red": played["red"][:], "white": played["white"][:]}
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.out_of_game = self.out_of_game[:]
        new.opp_stack = self.opp_stack[:]
        new.opp_leaders = self.opp_leaders[:]
        new._events = []
        new.narrating = new._boards = False
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        return self.clone()

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the position, as one hashable tuple."""
        return (
            self.mode, self.edition, self.player, self.opposition, self.difficulty,
            self.seed, self.shuffles, self.month, self.day, self.will, self.score,
            self.unrest, self.blockade_tile, self.blockade, tuple(self.tile_stack),
            tuple(self.tile_discard), tuple(sorted(self.place.items())),
            tuple(sorted(self.exhausted)),
            tuple((s, tuple(self.hands[s])) for s in ("red", "white")),
            tuple((s, self.objectives[s], self.revealed[s], tuple(self.played[s])) for s in ("red", "white")),
            tuple(self.deck), tuple(self.discard), tuple(self.out_of_game),
            tuple(self.opp_stack), tuple(self.opp_leaders), self.round, self.step, self.to_act,
            self.turn_order, self.turn_index, self.card, self.bonus_pending,
            self.leader_recruited, self.leader_special_used, self.won_by,
            self.comp.source,
        )

    def __eq__(self, other_: object) -> bool:
        if not isinstance(other_, State):
            return NotImplemented
        return self.key() == other_.key()

    def __hash__(self) -> int:
        # A state is mutable through apply(): hash it only while you do not change it.
        return hash(self.key())

    def __repr__(self) -> str:
        return f"State({self.notation()!r})"

    # ------------------------------------------------------------------ queries
    @property
    def month_name(self) -> str:
        """The month space the marker is on, e.g. ``"jul"``."""
        return MONTHS[self.month]

    @property
    def regions(self) -> tuple[str, ...]:
        return self.comp.region_names

    def spec(self, token: str) -> TokenSpec:
        return self.comp.tokens[token]

    def tokens_in(self, place: str) -> list[str]:
        """Token ids in a region or another place (see :mod:`dualpowers.places`), in component order."""
        return list(self.at.get(place, ()))

    def reserve(self, side: str) -> list[str]:
        """The side's red/white units and leaders waiting in reserve."""
        return [t for t in self.at.get(RESERVE, ()) if self.comp.tokens[t].owner == side]

    def supply(self) -> list[str]:
        """Opposition units not on the board (solo)."""
        return list(self.at.get(SUPPLY, ()))

    def is_exhausted(self, token: str) -> bool:
        return token in self.exhausted

    def strength_of(self, token: str) -> int:
        """The strength the token shows now (R-STR-1); Opposition X = difficulty."""
        spec = self.comp.tokens[token]
        if token in self.exhausted:
            return spec.exhausted if spec.exhausted is not None else (self.difficulty or 0)
        return spec.fresh

    def side_of(self, token: str) -> str | None:
        """The side that owns a token (Opposition units belong to the Opposition's side)."""
        owner = self.comp.tokens[token].owner
        if owner == "opposition":
            return self.opposition
        return owner if owner in ("red", "white") else None

    def is_over(self) -> bool:
        return self.step == "over"

    #: ``legal_actions()``: every action the player to act may take now, kind by kind in
    #: the step's order (empty when the game is over).  Interchangeable tokens (same
    #: owner, strengths and side, in the same place) are offered once, under the lowest
    #: id; :meth:`apply` accepts any of them.  (The engine's function itself, bound as a
    #: method: this is the hot path of every playout.)
    legal_actions = _turn.legal_actions

    def apply(self, action: "Action | str", *, boards: bool = False) -> list[Event]:
        """Carry out an action for the player to act and return what happened.

        ``action`` may be an action object or its text form (``"play red-4"``).
        Raises :class:`IllegalAction` with the reason, leaving the state unchanged.
        ``boards``: each event also keeps the position right after it (``Event.board``), so
        that a screen can show the Opposition's turns and the scoring one step at a time.
        """
        if isinstance(action, str):
            action = parse_action(action, self.comp)
        if self.step == "over":
            over = self.outcome()
            assert over is not None               # "over" is the step of a game with a winner
            raise IllegalAction(say.Message(say.GAME_OVER_BECAUSE, end_reason=over.message))
        _turn.check(self, action)
        events: list[Event] = []
        self._events = events
        self.narrating, self._boards = True, boards
        try:
            _turn.perform(self, action)
        finally:
            self.narrating = self._boards = False
            self._events = []
        return events

    #: ``push(action)``: play an action taken from this very position's
    #: :meth:`legal_actions`, quietly.  The fast path for playouts and simulations: no
    #: second check and no narration (like python-chess's ``Board.push``).  The caller
    #: vouches for the action; anything else may break the position, so use :meth:`apply`
    #: for actions from outside.  (The engine's function itself, bound as a method.)
    push = _turn.perform

    #: ``check(action)``: raise :class:`IllegalAction` (the reason and its rule, as data)
    #: unless ``action`` is legal here; nothing changes either way.
    check = _turn.check

    def is_legal(self, action: "Action") -> bool:
        try:
            _turn.check(self, action)
        except IllegalAction:
            return False
        return self.step != "over"

    def controller(self, token: str) -> str | None:
        """Who controls a token where it stands (R-NEU-1); ``None`` for nobody."""
        return controller(self, token)

    def presence(self, region: str) -> Presence:
        return force_in_presence(self, region)

    def view(self, side: str) -> PlayerView:
        """What ``side`` may see of this state (hidden cards masked)."""
        return player_view(self, side)

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """The full position as JSON-ready data (schema in docs/positions.md)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], components: Components | None = None) -> "State":
        """Read a full or partial position; raises a :class:`PositionError` subclass."""
        return read_position(cls(components), data)

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str, components: Components | None = None) -> "State":
        return cls.from_dict(load_json(text), components)

    def notation(self) -> str:
        """The one-line text notation (docs/notation.md)."""
        return to_notation(self)

    @classmethod
    def from_notation(cls, text: str, components: Components | None = None) -> "State":
        """Read a position written by :meth:`notation`; raises a :class:`PositionError` subclass."""
        return read_notation(cls(components), text)

    # ------------------------------------------------------------------ outcome
    def winner(self) -> str | None:
        """``"red"`` or ``"white"`` once the game is over, else ``None``."""
        return self.won_by

    def outcome(self) -> Outcome | None:
        """Who won and how the game ended, as a value; ``None`` while it goes on.

        :attr:`end_reason` says the same in words, for display."""
        return outcome(self)

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, in English (``outcome().message``); ``None`` while it goes on.
        Read from the position: a state stores who won, never text (``narrate.outcome_text``
        writes it in another language)."""
        over = outcome(self)
        return over.message.text if over is not None else None

    # ------------------------------------------------------------------ primitives (engine use)
    def log(self, kind: str, msgid: str, /, **params: Any) -> None:
        """Record an event of the action being applied: a template of :mod:`dualpowers.narration`
        and its parameters (raw ids for game names)."""
        if self.narrating:
            self._events.append(Event(kind, msgid, params, self.clone() if self._boards else None))

    def put(self, token: str, dest: str, exhausted: bool = False) -> None:
        """Move a token to ``dest`` (a region or a place), setting its side."""
        at = self.at
        at[self.place[token]].remove(token)
        lst = at.get(dest)
        if not lst:
            at[dest] = [token]
        else:
            insort(lst, token, key=self.comp.token_order.__getitem__)
        self.place[token] = dest
        if exhausted:
            self.exhausted.add(token)
        else:
            self.exhausted.discard(token)

    def set_places(self, places: dict[str, str], exhausted: set[str] | None = None) -> None:
        """Place many tokens at once (setup); the others keep their place."""
        self.place.update(places)
        at: dict[str, list[str]] = {}
        for t, where in self.place.items():   # component order, so each list stays sorted
            lst = at.get(where)
            if lst is None:
                at[where] = [t]
            else:
                lst.append(t)
        self.at = at
        if exhausted is not None:
            self.exhausted = set(exhausted)

    def shuffle(self, items: list[str]) -> None:
        """Shuffle in place with the game's seeded generator (the only source of chance).

        The same draws as ``random.Random(f"{seed}:{n}").shuffle(items)`` (Fisher-Yates
        over ``getrandbits``, as in CPython's ``random``), written out to save the
        method calls; tests/test_golden_games.py checks both agree."""
        getrandbits = random.Random(f"{self.seed}:{self.shuffles}").getrandbits
        self.shuffles += 1
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def draw_card(self) -> str | None:
        """Top card of the deck; an empty deck is rebuilt from the shuffled discard (P-DRAW)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.shuffle(self.deck)
            self.log("reshuffle", say.RESHUFFLE)
        return self.deck.pop(0)

    def draw_cards(self, n: int) -> list[str]:
        """The top ``n`` cards, as :meth:`draw_card` would give them one by one (fewer if the
        deck and the discard run out)."""
        deck = self.deck
        if len(deck) >= n:
            cards = deck[:n]
            del deck[:n]
            return cards
        cards = []
        for _ in range(n):
            card = self.draw_card()
            if card is None:
                break
            cards.append(card)
        return cards

    def add_to_hand(self, side: str, card: str) -> None:
        insort(self.hands[side], card, key=self.comp.card_order.__getitem__)

    def add_to_hand_all(self, side: str, cards: list[str]) -> None:
        """:meth:`add_to_hand` for each card (a hand stays in card order)."""
        hand = self.hands[side]
        hand += cards
        hand.sort(key=self.comp.card_order.__getitem__)

    def iter_board(self) -> Iterator[tuple[str, list[str]]]:
        for r in self.comp.region_names:
            yield r, self.at.get(r, [])

    def other(self, side: str) -> str:
        return other(side)

    def all_card_places(self) -> Iterable[tuple[str, str]]:
        """(card, place) for every card in the game: used by invariant checks."""
        for s in ("red", "white"):
            for c in self.hands[s]:
                yield c, f"hand:{s}"
            objective = self.objectives[s]
            if objective:
                yield objective, f"objective:{s}"
            for c in self.played[s]:
                yield c, f"played:{s}"
        for name in ("deck", "discard", "out_of_game", "opp_stack", "opp_leaders"):
            for c in getattr(self, name):
                yield c, name
