"""The shape of a position, declared once: :class:`Position`, the record every rule reads and writes.

A position's fields are listed in one place, the annotations of ``_Shape`` below, the
class :class:`Position` is built on.  Each
field's type says how it is copied and compared (a list is copied by a slice and compared
as a tuple, a set by a copy and compared sorted, ...); its :class:`Saved` note says where the
JSON position (docs/positions.md) and the notation (docs/notation.md) keep it; a field noted
:data:`INDEX` is an index kept in step with another field, and one noted :class:`Transient`
belongs to the action being applied, not to the position.  From that one declaration this
module writes ``__slots__``, the start values, :meth:`Position.clone` and
:meth:`Position.key` (as plain Python source, compiled once: as fast as code written by
hand; :func:`generated_source` shows it), and tests/test_state_shape.py checks that every
field round-trips through JSON and notation and takes part in equality.

The rule modules annotate with :class:`Position` and use its primitives (move a token, draw
a card, shuffle, record an event); :class:`dualpowers.state.State` builds on it with the
front door (``apply``, ``legal_actions``, JSON and notation), so no rule module imports
the state back.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Iterable, Iterator, Self, TypeVar, get_args, get_origin, get_type_hints

from .components import SIDES, Components, Connection, TokenSpec, default_components, other
from .narration import Event, RESHUFFLE
from .places import BOX, RESERVE, SUPPLY

__all__ = ["Position", "Saved", "Transient", "INDEX", "BY_SIDE", "Field", "FIELDS", "generated_source"]


@dataclass(frozen=True)
class Saved:
    """Where a field of the position is written: ``json``, its path in the JSON position
    (docs/positions.md); ``notation``, its field of the one-line notation (docs/notation.md);
    ``start``, its value on an empty board (a Python literal, written into the start code)."""

    json: str
    notation: str
    start: object = None


@dataclass(frozen=True)
class Transient:
    """A slot of the action being applied, not of the position: every copy starts it at
    ``start`` (Python source); it takes no part in equality and is never saved."""

    start: str


#: A field that is an index of another one (``at``: place -> tokens, of ``place``): copied
#: with the position, but neither compared nor saved (the field it indexes is).
INDEX = "index"
#: A dict keyed by the two sides (``"red"``, ``"white"``): copied and compared side by side.
BY_SIDE = "by side"


@dataclass(frozen=True)
class Field:
    """One field of the position as the declaration gives it."""

    name: str
    #: how it is copied and compared: "value" (immutable, shared), "components", "list",
    #: "set", "dict", "dict of lists", "side values", "side lists", "index", "transient"
    kind: str
    saved: Saved | None
    start: str | None = None     # Python source of a transient's start value


class _Shape:
    """Nothing but the declaration, read by :func:`_fields` (Position below is built from it)."""

    __slots__ = ()

    #: The game's components (cards, tokens, map); shared by every copy, compared by its source.
    comp: Components
    mode: Annotated[str, Saved("mode", "mode", "two-player")]
    edition: Annotated[str, Saved("edition", "edition", "fr")]
    player: Annotated[str | None, Saved("solo.player", "mode")]
    #: the side the solo Opposition plays: the other of ``player`` (saved with it)
    opposition: Annotated[str | None, Saved("solo.player", "mode")]
    difficulty: Annotated[int | None, Saved("solo.difficulty", "mode")]
    seed: Annotated[int, Saved("seed", "seed", 0)]
    shuffles: Annotated[int, Saved("shuffles", "seed", 0)]
    month: Annotated[int, Saved("date.month", "date", 0)]
    day: Annotated[int, Saved("date.day", "date", 1)]
    will: Annotated[str, Saved("will", "will", "red")]
    score: Annotated[int, Saved("score", "score", 0)]
    unrest: Annotated[str | None, Saved("unrest", "tiles")]
    blockade_tile: Annotated[str | None, Saved("blockade_tile", "tiles")]
    blockade: Annotated[Connection | None, Saved("blockade", "blockade")]
    tile_stack: Annotated[list[str], Saved("tiles.stack", "tiles", [])]
    tile_discard: Annotated[list[str], Saved("tiles.discard", "tiles", [])]
    #: where each token is: a region or a place of :mod:`dualpowers.places`
    place: Annotated[dict[str, str], Saved("regions", "board", {})]
    exhausted: Annotated[set[str], Saved("regions", "board", set())]
    #: ``place`` the other way round: place -> token ids in component order (kept by ``put``)
    at: Annotated[dict[str, list[str]], INDEX]
    hands: Annotated[dict[str, list[str]], BY_SIDE, Saved("hands", "hr", {"red": [], "white": []})]
    objectives: Annotated[dict[str, str | None], BY_SIDE, Saved("objectives", "or", {"red": None, "white": None})]
    revealed: Annotated[dict[str, bool], BY_SIDE, Saved("revealed", "or", {"red": False, "white": False})]
    played: Annotated[dict[str, list[str]], BY_SIDE, Saved("played", "pr", {"red": [], "white": []})]
    deck: Annotated[list[str], Saved("deck", "deck", [])]
    discard: Annotated[list[str], Saved("discard", "disc", [])]
    out_of_game: Annotated[list[str], Saved("out_of_game", "gone", [])]
    opp_stack: Annotated[list[str], Saved("opposition.stack", "ostack", [])]
    opp_leaders: Annotated[list[str], Saved("opposition.leaders", "olead", [])]
    round: Annotated[int, Saved("round", "round", 1)]
    step: Annotated[str, Saved("turn.step", "turn", "card")]
    to_act: Annotated[str | None, Saved("turn.to_act", "turn", "red")]
    turn_order: Annotated[tuple[str, ...], Saved("turn.order", "order", ())]
    turn_index: Annotated[int, Saved("turn.index", "turn", 0)]
    card: Annotated[str | None, Saved("turn.card", "turn")]
    bonus_pending: Annotated[bool, Saved("turn.bonus_pending", "turn", False)]
    leader_recruited: Annotated[bool, Saved("turn.leader_recruited", "turn", False)]
    leader_special_used: Annotated[bool, Saved("turn.leader_special_used", "turn", False)]
    won_by: Annotated[str | None, Saved("result.winner", "end")]
    #: the events of the action being applied
    _events: Annotated[list[Event[Self]], Transient("[]")]
    #: True while ``apply`` records events: the rules build costly messages only then
    narrating: Annotated[bool, Transient("False")]
    #: True while each event keeps the position right after it (``Event.board``)
    _boards: Annotated[bool, Transient("False")]


def _fields(shape: type) -> tuple[Field, ...]:
    """The fields of a declaration, in order, each with how it is copied and compared."""
    fields = []
    for name, hint in get_type_hints(shape, include_extras=True).items():
        notes = hint.__metadata__ if get_origin(hint) is Annotated else ()
        base = get_args(hint)[0] if notes else hint
        saved = next((n for n in notes if isinstance(n, Saved)), None)
        transient = next((n for n in notes if isinstance(n, Transient)), None)
        origin = get_origin(base)
        if transient is not None:
            fields.append(Field(name, "transient", None, transient.start))
            continue
        if base is Components:
            kind = "components"
        elif INDEX in notes:
            kind = INDEX
        elif origin is list:
            kind = "list"
        elif origin is set:
            kind = "set"
        elif origin is dict:
            lists = get_origin(get_args(base)[1]) is list
            kind = ("side lists" if lists else "side values") if BY_SIDE in notes else (
                "dict of lists" if lists else "dict")
        else:
            kind = "value"          # str, int, bool, None, a tuple: immutable, so shared
        fields.append(Field(name, kind, saved))
    return tuple(fields)


#: Every field of a position, in the order of the declaration.
FIELDS = _fields(_Shape)

_COPY = {
    "value": "s.{n}", "components": "s.{n}", "list": "s.{n}[:]", "set": "s.{n}.copy()", "dict": "s.{n}.copy()",
    "side values": "s.{n}.copy()", "dict of lists": "{{k: v[:] for k, v in s.{n}.items()}}", INDEX:
    "{{k: v[:] for k, v in s.{n}.items()}}",
    "side lists": "{{" + ", ".join(f"{side!r}: s.{{n}}[{side!r}][:]" for side in SIDES) + "}}",
}
_KEY = {
    "value": "s.{n}", "components": "s.{n}.source", "list": "tuple(s.{n})", "set": "tuple(sorted(s.{n}))",
    "dict": "tuple(sorted(s.{n}.items()))",
    "dict of lists": "tuple(sorted((k, tuple(v)) for k, v in s.{n}.items()))",
    "side values": "(" + ", ".join(f"s.{{n}}[{side!r}]" for side in SIDES) + ")",
    "side lists": "(" + ", ".join(f"tuple(s.{{n}}[{side!r}])" for side in SIDES) + ")",
}


def generated_source(fields: tuple[Field, ...] = FIELDS) -> str:
    """The Python source of ``_start``, ``clone`` and ``key``, written from the declaration."""
    start = [f"    s.{f.name} = {f.start if f.kind == 'transient' else repr(f.saved.start if f.saved else None)}"
             for f in fields if f.kind not in ("components", INDEX)]
    copy = [f"    new.{f.name} = {f.start}" if f.kind == "transient" else f"    new.{f.name} = {_COPY[f.kind].format(n=f.name)}"
            for f in fields]
    key = [f"        {_KEY[f.kind].format(n=f.name)}," for f in fields if f.kind in _KEY]
    return "\n".join([
        "def _start(s):", *start, "",
        "def clone(s):", "    new = _new(type(s))", *copy, "    return new", "",
        "def key(s):", "    return (", *key, "    )", "",
    ])


def _compile(fields: tuple[Field, ...]) -> dict[str, Any]:
    scope: dict[str, Any] = {"_new": object.__new__}
    exec(compile(generated_source(fields), "<dualpowers.position: generated from Position's fields>", "exec"), scope)
    return scope


_GENERATED = _compile(FIELDS)


P = TypeVar("P", bound="Position")


class Position(_Shape):
    """A complete Dual Powers position as data, with the primitive moves of tokens and cards.

    Sides are always ``"red"`` and ``"white"``; in solo, :attr:`opposition` names the side
    the Opposition plays and :attr:`player` the human's side.  :attr:`place` maps each token
    to its region or place, and :attr:`at` is the same fact indexed the other way (place ->
    token ids in component order), kept in step by :meth:`put`.
    """

    __slots__ = tuple(f.name for f in FIELDS)

    def __init__(self, components: Components | None = None) -> None:
        """An empty board: every field at its declared start, every token in the box (a game
        starts with :func:`dualpowers.new_game`, a position is read with ``State.from_dict``)."""
        comp = components or default_components()
        self._start()
        self.comp = comp
        self.place = dict.fromkeys(comp.tokens, BOX)
        self.at = {BOX: list(comp.tokens)}

    if TYPE_CHECKING:
        def _start(self) -> None:
            """Every field but the components and the index at its declared start value."""

        def clone(self) -> Self:
            """An independent copy (cheap: no deep copy of the shared component data)."""

        def key(self) -> tuple[object, ...]:
            """Everything that defines the position, as one hashable tuple."""
    else:
        _start = _GENERATED["_start"]
        clone = _GENERATED["clone"]
        clone.__doc__ = "An independent copy (cheap: no deep copy of the shared component data)."
        key = _GENERATED["key"]
        key.__doc__ = "Everything that defines the position, as one hashable tuple."

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self.clone()

    def __eq__(self, other_: object) -> bool:
        if not isinstance(other_, Position):
            return NotImplemented
        return self.key() == other_.key()

    def __hash__(self) -> int:
        # A position is mutable through the rules: hash it only while you do not change it.
        return hash(self.key())

    # ------------------------------------------------------------------ queries
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

    def iter_board(self) -> Iterator[tuple[str, list[str]]]:
        for r in self.comp.region_names:
            yield r, self.at.get(r, [])

    def other(self, side: str) -> str:
        return other(side)

    def all_card_places(self) -> Iterable[tuple[str, str]]:
        """(card, place) for every card in the game: used by invariant checks."""
        for s in SIDES:
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

    # ------------------------------------------------------------------ primitives (the rules' use)
    def log(self: P, kind: str, msgid: str, /, **params: Any) -> None:
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
            self.log("reshuffle", RESHUFFLE)
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
