"""What every kind of action is made of, and what the kinds share.

An :class:`Action` is a small immutable value with a one-line text form
(``move W3 white``).  An :class:`ActionKind` is everything about one kind of action,
in one record: its value class and rule, when it is offered, what makes it legal and
what it does, what it touches on the board and the clicks that pick it, and its
words (menu label, sentence, explanation).  Each kind lives in a module of its own in
:mod:`dualpowers.kinds` and registers its record here with :func:`register`; the
step machine (:mod:`dualpowers.turn`), the descriptions, the controllers, the course
and the advisor read the registry, never the action classes one by one.

The helpers below are the rule facts several kinds share (control of a token, an
open step on the map, a unit from the reserve), each written once.
"""

from __future__ import annotations

from itertools import permutations
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Iterable, Protocol, Sequence, TypeVar, cast

from ..components import Components
from ..errors import IllegalAction, brief
from ..places import RESERVE
from ..presence import controlled_tokens, controller
from ..text import N_, Message, Name

if TYPE_CHECKING:
    from ..position import Position

__all__ = [
    "Action", "action", "ActionKind", "Touches", "Click", "register", "KINDS", "BY_WORD", "kind_of",
    "refuse", "FIELD_KINDS", "pool", "pooled", "pooled_all", "group_key", "interchangeable",
    "representatives", "controlled_on_board", "units_of", "reserve_units", "step_moves", "check_region",
    "check_controlled", "check_step_move", "check_reserve_unit", "move_token", "token_name", "recruit_name",
    "where_name", "card_name", "card_region", "units_then_region",
]

# ============================================================================ the values
# How each field type is written in the text form: ``str`` is one word, ``tuple[str, ...]``
# one or more words (last field only), ``tuple[str, str]`` two words joined by ``-``, and
# an optional ``str | None`` is written after its own name (``via blue``).
WORD, WORDS, PAIR, OPTIONAL = "str", "tuple[str, ...]", "tuple[str, str]", "str | None"
#: What each field names, by the field's name: the kind of name :meth:`Components.find` matches.
FIELD_KINDS = {"card": "card", "units": "token", "token": "token", "unit": "token", "to": "region", "via": "region",
               "region": "region", "connection": "region"}
WHAT = {WORD: N_("an id (text)"), WORDS: N_("a non-empty list of ids"), PAIR: N_("a pair of region names"),
        OPTIONAL: N_("an id (text) or None")}
FIELD_TYPE = N_("{word}: field {name} must be {what}, not {value}")

_IDS: set[str] = set()      # text already found to be a valid id


def _is_id(value: object) -> bool:
    if type(value) is not str:
        return False
    if value in _IDS:
        return True
    if value == "" or any(c.isspace() for c in value):
        return False
    if len(_IDS) < 100_000:
        _IDS.add(value)
    return True


class Action:
    """A player's decision: an immutable value with a one-line text form.

    Each kind's class is a frozen dataclass made by :func:`action`; its fields and their
    types give the text form (``str(action)``, read back by
    :func:`dualpowers.actions.parse_action`) and the checks on values from outside."""

    __slots__ = ()
    word: ClassVar[str]
    shape: ClassVar[tuple[tuple[str, str], ...]]     # (field name, field type) in order

    def __post_init__(self) -> None:
        # Wrong-typed fields are refused here, naming the field, so that no rule ever sees them.
        for name, kind in self.shape:
            value = getattr(self, name)
            if kind == WORD:
                ok = _is_id(value)
            elif kind == OPTIONAL:
                ok = value is None or _is_id(value)
            else:
                if isinstance(value, list):
                    value = tuple(value)
                    object.__setattr__(self, name, value)
                ok = type(value) is tuple and all(_is_id(v) for v in value) and (
                    len(value) == 2 if kind == PAIR else len(value) >= 1)
            if not ok:
                shown = repr(value)
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                raise IllegalAction(Message(FIELD_TYPE, word=self.word, name=repr(name), what=Message(WHAT[kind]),
                                            value=shown))

    @classmethod
    def trusted(cls: type[A], *values: object) -> A:
        """An action built by the engine from its own ids: the field checks are skipped
        (they guard input from outside, and this runs on the playout path)."""
        obj = object.__new__(cls)
        for (name, _), value in zip(cls.shape, values):
            object.__setattr__(obj, name, value)
        return obj

    def __str__(self) -> str:
        parts = [self.word]
        for name, kind in self.shape:
            value = getattr(self, name)
            if kind == WORD:
                parts.append(value)
            elif kind == WORDS:
                parts.extend(value)
            elif kind == PAIR:
                parts.append(f"{value[0]}-{value[1]}")
            elif value is not None:
                parts += [name, value]
        return " ".join(parts)


A = TypeVar("A", bound=Action)


def action(word: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: a frozen slotted dataclass with its word and its field shape."""
    def wrap(cls: type[A]) -> type[A]:
        made: Any = dataclass(frozen=True, slots=True)(cls)   # given its word and shape below
        made.word = word
        made.shape = tuple((f.name, str(f.type)) for f in fields(made))
        for name, kind in made.shape:
            assert kind in WHAT, f"{cls.__name__}: no text form for a field of type {kind}"
            assert name in FIELD_KINDS, f"{cls.__name__}.{name}: say in FIELD_KINDS what it names"
        return cast("type[A]", made)
    return wrap


# ============================================================================ the record
#: A click on the board or the hand: ``("card", id)``, ``("token", id)``, ``("region", name)``
#: or ``("connection", (a, b))``.
Click = tuple[str, Any]


@dataclass(frozen=True)
class Touches:
    """The board elements one action touches (for highlights and hints).

    ``card``: the card played or chosen, or the leader card; ``tokens``: tokens acted on;
    ``regions``: regions concerned; ``path``: connections crossed by a move, in order;
    ``connection``: a connection the action is about; ``parts``: other parts of the board
    (``"will"``, ``"cards"``, ``"unrest"``, ``"blockade"``, ``"reserve"``: the acting side's,
    ``"score"``, ``"date"``, ``"status"``).
    """

    card: str | None = None
    tokens: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    path: tuple[tuple[str, str], ...] = ()
    connection: tuple[str, str] | None = None
    parts: tuple[str, ...] = ()

    def highlight(self, state: Position) -> list[Any]:
        """The items a board can light up, in order, without repeats: regions, tokens on the
        board, a played card, connections (as the map's pairs) and parts."""
        comp = state.comp
        items: list[Any] = []

        def add(x: Any) -> None:
            if x not in items:
                items.append(x)

        for r in self.regions:
            add(r)
        def drawn(token: str) -> bool:      # on the map, or in the reserve (drawn too)
            where = state.place.get(token)
            return where in comp.region_index or where == RESERVE

        for t in self.tokens:
            if drawn(t):
                add(t)
        card = self.card
        if card and any(card in played for played in state.played.values()):
            add(card)               # a played card is drawn in the bottom row
        if card and card in comp.tokens and drawn(card):
            add(card)               # a leader card names its token
        for c in self.path:
            add(comp.connection(*c))
        if self.connection:
            add(comp.connection(*self.connection))
        for p in self.parts:
            add(reserve_part(state.to_act) if p == RESERVE and state.to_act in ("red", "white") else p)
        return items


def reserve_part(side: str) -> str:
    """The highlight item of one side's reserve (``"reserve:red"``): a board lights it only when
    it draws that side's reserve token by token (``"reserve"`` alone: whichever it draws)."""
    return f"{RESERVE}:{side}"


Offer = Callable[["Position", str], Iterable[Action]]


def _no_touch(state: Position, action: Action) -> Touches:
    return Touches(parts=("status",))


def _no_clicks(state: Position, action: Action) -> tuple[Click, ...]:
    return ()


def _no_strength(state: Position, action: Action) -> tuple[tuple[str, int], ...]:
    return ()


def _no_effect(view: Position, side: str, action: Action, objective: str | None) -> tuple[Message, ...]:
    return ()


@dataclass(frozen=True)
class ActionKind(Generic[A]):
    """Everything about one kind of action: the only home of that kind.

    * ``cls``, ``rule``: its value class and the RULINGS ID of its rule;
    * ``steps``, ``order``: the steps that offer it, and its place among a step's kinds
      (the order of :func:`~dualpowers.turn.legal_actions` and of the menus);
    * ``offer``, ``check``, ``perform``: the legal actions of this kind now, the check
      that raises :class:`IllegalAction` (with its rule as data) before anything changes,
      and the effect (the step machine carries play on);
    * ``label``, ``explanation``, ``sentence``: its words: a menu title, what the kind does
      (with its rule: ``explain``), and one action in words, as a message;
    * ``touches``, ``clicks``: the board elements it touches, and the clicks that pick it
      (none: it is offered as a button);
    * ``printed``, ``special``: the command-card action or the leader's special it is;
    * ``effect``: what it does besides strengths, as messages for an advice line, read on the
      player's view (``objective``: the player's own objective card if it knows it);
    * ``strength``: the strength it adds for the side that takes it, by region (a negative
      number where strength leaves), for a quick judgement such as the advisor's playouts;
    * ``shares_control``: its offer walks the tokens the side controls
      (:func:`controlled_on_board`), which :func:`~dualpowers.turn.legal_actions` then
      finds once for all such offers of a step;
    * ``from_clicks``: the action of this kind that clicks mean, legal or not, so that the
      engine can say why clicks that fit no legal action are refused;
    * ``other_clicks``: other orders of clicks that pick it too (a recruit's units clicked
      one by one in the reserve, in any order, before or after its region);
    * ``misclick``: why clicks that mean no action at all are still aimed at this kind, as the
      refusal its rule gives (a recruit's region that is not the card's), so that the learner
      reads the rule rather than "nothing can be done there";
    * ``says_its_effect``: its sentence names what it does ("Inspire the People: take the
      Will"), so a lesson asking for that effect names the action by its label alone.
    """

    cls: type[A]
    rule: str
    steps: tuple[str, ...]
    order: int
    offer: Callable[[Position, str], Iterable[A]]
    check: Callable[[Position, str, A], None]
    perform: Callable[[Position, str, A], None]
    label: str
    explanation: str
    sentence: Callable[[Position, A], Message]
    touches: Callable[[Position, A], Touches] = _no_touch
    clicks: Callable[[Position, A], tuple[Click, ...]] = _no_clicks
    printed: str | None = None
    special: str | None = None
    strength: Callable[[Position, A], tuple[tuple[str, int], ...]] = _no_strength
    effect: Callable[[Position, str, A, "str | None"], tuple[Message, ...]] = _no_effect
    explain: Callable[[Position], tuple[str, str]] | None = field(default=None)
    shares_control: bool = False
    from_clicks: Callable[[Position, tuple[Click, ...]], Action | None] | None = None
    other_clicks: Callable[[Position, A], tuple[tuple[Click, ...], ...]] | None = None
    misclick: Callable[[Position, tuple[Click, ...]], IllegalAction | None] | None = None
    says_its_effect: bool = False

    @property
    def word(self) -> str:
        return self.cls.word

    def explained(self, state: Position) -> tuple[str, str]:
        """(rule ID, explanation msgid) of this kind where ``state`` stands."""
        return self.explain(state) if self.explain is not None else (self.rule, self.explanation)


#: Every kind, by its value class and by its word (filled by :func:`register`).
#: A kind as the registry holds it: its action class is known only when an action is looked up.
AnyKind = ActionKind[Any]
KINDS: dict[type[Action], AnyKind] = {}
BY_WORD: dict[str, AnyKind] = {}


def register(kind: ActionKind[A]) -> ActionKind[A]:
    """Add a kind to the registry (each kind's module calls this once)."""
    if kind.cls in KINDS or kind.word in BY_WORD:
        raise ValueError(f"the action kind {kind.word!r} is registered twice")
    KINDS[kind.cls] = BY_WORD[kind.word] = kind
    return kind


def kind_of(act: Action) -> AnyKind:
    """The kind of an action (a KeyError for something that is not one)."""
    return KINDS[type(act)]


def refuse(msgid: str, rule: str | None = None, **params: Any) -> IllegalAction:
    """A refusal as data: the reason (a message of raw ids) and the rule that decides it."""
    return IllegalAction(Message(msgid, **params), rule=rule)


# ============================================================================ shared rule facts
# While legal_actions runs: (its state, the side to act, controlled_on_board's answer or
# None); else None.  One tuple, replaced whole, so that a thread reading it never pairs a
# state with another's answer.
MEMO: list[tuple[Position, str, list[tuple[str, str]] | None] | None] = [None]
# Actions are immutable values drawn from a small fixed set, so offers reuse them: one
# pool per kind of action with a single field, keyed by that field.
_POOL: dict[type, dict[str, Any]] = {}


def pool(cls: type) -> dict[str, Any]:
    found = _POOL.get(cls)
    if found is None:
        found = _POOL[cls] = {}
    return found


def pooled(table: dict[str, Any], cls: type[Action], arg: str) -> Any:
    a = table.get(arg)
    if a is None:
        a = table[arg] = cls.trusted(arg)
    return a


def pooled_all(table: dict[str, Any], cls: type[Action], args: Iterable[str]) -> list[Any]:
    """``[cls(a) for a in args]``, from the pool (C-speed when all are there, as nearly always)."""
    try:
        return list(map(table.__getitem__, args))
    except KeyError:
        return [pooled(table, cls, a) for a in args]


def group_key(state: Position, token: str) -> tuple[object, bool]:
    """Tokens in one place with equal keys are interchangeable: same owner and values
    (:attr:`TokenSpec.type_key`) and the same side up (ENGINE-SAME)."""
    return (state.comp.type_keys[token], token in state.exhausted)


def interchangeable(state: Position, a: str, b: str) -> bool:
    """Whether tokens ``a`` and ``b`` are interchangeable where they stand (ENGINE-SAME):
    the engine offers one of them and accepts either."""
    tokens = state.comp.tokens
    return (a in tokens and b in tokens and state.place.get(a) == state.place.get(b)
            and group_key(state, a) == group_key(state, b))


def _type_codes(comp: Components) -> dict[str, int]:
    """Token -> a small int, equal for tokens of equal :attr:`TokenSpec.type_key`: twice it, plus
    one if exhausted, is :func:`group_key` as a number (cheap to hash on the hot path)."""
    t = comp.memo
    codes = t.get("type codes")
    if codes is None:
        numbers: dict[object, int] = {}
        codes = t["type codes"] = {tok: 2 * numbers.setdefault(k, len(numbers)) for tok, k in comp.type_keys.items()}
    return codes


def representatives(state: Position, tokens: list[str]) -> list[str]:
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


def controlled_on_board(state: Position, side: str) -> list[tuple[str, str]]:
    """(region, token) for every token ``side`` controls, one per interchangeable group (ENGINE-SAME)."""
    memo = MEMO[0]
    if memo is not None and memo[0] is state and memo[1] == side:
        if memo[2] is not None:
            return memo[2]
        out = controlled_tokens(state, side, state.comp.region_names, _type_codes(state.comp))
        MEMO[0] = (state, side, out)
        return out
    comp = state.comp
    return controlled_tokens(state, side, comp.region_names, comp.memo.get("type codes") or _type_codes(comp))


def units_of(comp: Components, side: str) -> frozenset[str]:
    t = comp.memo
    units = t.get(("units", side))
    if units is None:
        units = t[("units", side)] = frozenset(
            tok for tok, spec in comp.tokens.items() if spec.owner == side and spec.kind == "unit")
    return units


def reserve_units(state: Position, side: str) -> list[str]:
    units = units_of(state.comp, side)
    return [t for t in state.at.get(RESERVE, ()) if t in units]


def step_moves(state: Position, side: str, cls: type[Action]) -> list[Any]:
    """``cls(token, to)`` for every controlled token and every open step from its region (R-ACT-MOVE)."""
    comp = state.comp
    t = comp.memo
    table = t.get((cls, state.blockade))
    if table is None:
        table = t[(cls, state.blockade)] = {}
    out: list[Any] = []
    get = table.get
    for where in controlled_on_board(state, side):          # (region, token)
        moves = get(where)
        if moves is None:
            region, tok = where
            moves = table[where] = tuple(cls.trusted(tok, to) for to in comp.open_neighbours(state.blockade)[region])
        out += moves
    return out


# ---------------------------------------------------------------------------- refusals several kinds share
NO_SUCH_REGION = N_("unknown region {name} (regions: {regions})")
NO_SUCH_TOKEN = N_("unknown token {name}")
NOT_ON_BOARD = N_("{token} is not on the board (it is {whereabouts})")
NOT_CONTROLLED = N_("{side} does not control {token} in {region}; it is controlled by {who}")
NOT_CONTROLLED_NOBODY = N_("{side} does not control {token} in {region}; it is controlled by nobody")
NOT_CONTROLLED_NEUTRAL = N_("{side} does not control {token} in {region}; it is controlled by {who} (a neutral "
                            "token obeys the Will holder only where they have a token of their own)")
NOT_CONTROLLED_NEUTRAL_NOBODY = N_("{side} does not control {token} in {region}; it is controlled by nobody (a "
                                   "neutral token obeys the Will holder only where they have a token of their "
                                   "own)")
NOT_CONNECTED = N_("{start} and {to} are not connected")
BLOCKADE_CLOSES = N_("the blockade marker closes the connection {a}-{b}")
NOT_IN_HAND = N_("{card} is not in {side}'s hand")
NOT_A_UNIT_OF = N_("{unit} is not one of {side}'s units")
NOT_IN_RESERVE = N_("{unit} is not in {side}'s reserve (it is {whereabouts})")
MOVES = N_("{side:cap} moves: {token} from {start} to {to}.")
#: a double move told with its way (a learner read "from green to brown" and wondered how)
MOVES_VIA = N_("{side:cap} moves: {token} from {start} through {via} to {to}.")


def check_region(state: Position, region: str) -> None:
    if region not in state.comp.region_index:
        raise refuse(NO_SUCH_REGION, "C-REG", name=brief(region), regions=tuple(state.comp.region_names))


def check_controlled(state: Position, side: str, token: str) -> str:
    """Return the region of a token ``side`` controls, or raise (R-NEU-1)."""
    if token not in state.comp.tokens:
        raise refuse(NO_SUCH_TOKEN, None, name=brief(token))
    region = state.place[token]
    if region not in state.comp.region_index:
        raise refuse(NOT_ON_BOARD, None, token=token, whereabouts=region)
    who = controller(state, token)
    if who != side:
        if state.comp.tokens[token].owner == "neutral":
            raise refuse(NOT_CONTROLLED_NEUTRAL if who else NOT_CONTROLLED_NEUTRAL_NOBODY, "R-NEU-1",
                         side=side, token=token, region=region, who=who)
        raise refuse(NOT_CONTROLLED if who else NOT_CONTROLLED_NOBODY, "R-NEU-1",
                     side=side, token=token, region=region, who=who)
    return region


def check_step_move(state: Position, start: str, to: str) -> None:
    check_region(state, to)
    if not state.comp.is_connection(start, to):
        raise refuse(NOT_CONNECTED, "C-MAP", start=start, to=to)
    if state.blockade == state.comp.connection(start, to):
        raise refuse(BLOCKADE_CLOSES, "R-ACT-MOVE", a=start, b=to)


def check_reserve_unit(state: Position, side: str, unit: str) -> None:
    spec = state.comp.tokens.get(unit)
    if spec is None:
        raise refuse(NO_SUCH_TOKEN, None, name=brief(unit))
    if spec.owner != side or spec.kind != "unit":
        raise refuse(NOT_A_UNIT_OF, "R-ACT-RECRUIT", unit=unit, side=side)
    if state.place[unit] != RESERVE:
        raise refuse(NOT_IN_RESERVE, "R-ACT-RECRUIT", unit=unit, side=side, whereabouts=state.place[unit])


def move_token(state: Position, side: str, token: str, to: str, msgid: str, **told: Any) -> None:
    """Put ``token`` in ``to`` and tell it with ``msgid`` (``told``: more of the move's facts for
    the message, a double move's ``via``)."""
    start = state.place[token]
    state.put(token, to, exhausted=token in state.exhausted)
    if state.narrating:
        state.log("move", msgid, side=side, token=token, start=start, to=to, **told)


CARD_ALLOWS = N_("{card} allows Recruit or {card_action}, not '{action}'")


def refused_action(state: Position, act: Action) -> Message | str:
    """A refused action as a refusal names it: in words, as its menu does ("Move R1 from red to
    blue"), so that a French or Italian reader meets no English notation ("move R1 blue"); an
    action the words cannot name (a token the position does not hold, or one off the board said
    to move "from the reserve") keeps its notation."""
    token = getattr(act, "token", None)
    if isinstance(token, str) and state.place.get(token) not in state.comp.region_index:
        return str(act)
    try:
        return kind_of(act).sentence(state, act)
    except (ValueError, LookupError, AttributeError):     # (KeyError is a LookupError)
        return str(act)


def check_printed(state: Position, printed: str, act: Action) -> None:
    """A command card gives Recruit or its printed action, never another (R-ACT-CMD)."""
    card = state.comp.cards[state.card or ""]
    if card.action != printed:
        raise refuse(CARD_ALLOWS, "R-ACT-CMD", card=card.id, card_action=card.action, action=refused_action(state, act))


SPECIAL_TAKEN = N_("{leader}'s special action has already been taken this turn")
SPECIAL_IS = N_("{leader}'s special action is {special}, not '{action}'")


def leader_card(state: Position) -> Any:
    """The leader card being played (the leader step)."""
    return state.comp.leaders[state.card or ""]


def leader_can_recruit(state: Position) -> bool:
    """The played leader's token may still enter the board (R-ACT-LEADER)."""
    return not state.leader_recruited and state.place.get(state.card or "") == RESERVE


def special_open(state: Position, special: str) -> bool:
    """The played leader's special is ``special`` and not yet taken."""
    return not state.leader_special_used and leader_card(state).special == special


def check_special(state: Position, special: str, act: Action) -> None:
    """The played leader's special action must be ``special`` and not yet taken (R-ACT-LEADER)."""
    lead = leader_card(state)
    if state.leader_special_used:
        raise refuse(SPECIAL_TAKEN, "R-ACT-LEADER", leader=lead.id)
    if lead.special != special:
        raise refuse(SPECIAL_IS, "R-ACT-LEADER", leader=lead.id, special=lead.special, action=refused_action(state, act))


def card_region(state: Position) -> str | None:
    """The region of the command card in play, if one is."""
    card = state.comp.cards.get(state.card or "")
    return card.region if card is not None else None


def move_touches(state: Position, token: str, to: str, via: str | None = None) -> Touches:
    """A token's move: the token, the regions it passes and the connections it crosses."""
    comp = state.comp
    start = state.place.get(token)
    stops = [r for r in (start, via, to) if r in comp.region_index]
    path = tuple((a, b) for a, b in zip(stops, stops[1:]) if comp.is_connection(a, b))
    return Touches(tokens=(token,), regions=tuple(stops), path=path)


class MovesAToken(Protocol):
    """An action of a move kind: a ``token`` going ``to`` a region."""

    @property
    def token(self) -> str: ...

    @property
    def to(self) -> str: ...


def moved_touches(state: Position, a: MovesAToken) -> Touches:
    """``touches`` of a move kind (a ``token`` going ``to`` a region, maybe ``via`` another)."""
    return move_touches(state, a.token, a.to, getattr(a, "via", None))


def moved_clicks(state: Position, a: MovesAToken) -> tuple[Click, ...]:
    """``clicks`` of a move kind: the token, then its destination."""
    return (("token", a.token), ("region", a.to))


def moved_strength(state: Position, a: MovesAToken) -> tuple[tuple[str, int], ...]:
    """``strength`` of a move kind: the token's strength leaves its region for ``to``."""
    return move_strength(state, a.token, a.to)


def token_to_region(cls: Callable[..., Action]) -> Callable[[Position, tuple[Click, ...]], Action | None]:
    """``from_clicks`` of a kind picked by a token, then a region."""
    def build(state: Position, picked: tuple[Click, ...]) -> Action | None:
        if len(picked) == 2 and picked[0][0] == "token" and picked[1][0] == "region":
            return cls(picked[0][1], picked[1][1])
        return None
    return build


def one_click(cls: Callable[..., Action], what: str) -> Callable[[Position, tuple[Click, ...]], Action | None]:
    """``from_clicks`` of a kind picked by one click on a ``what`` ("token", "card", "region")."""
    def build(state: Position, picked: tuple[Click, ...]) -> Action | None:
        if len(picked) == 1 and picked[0][0] == what and isinstance(picked[0][1], str):
            return cls(picked[0][1])
        return None
    return build


def units_then_region(units: Sequence[str], region: str | None) -> tuple[tuple[Click, ...], ...]:
    """``other_clicks`` of a kind picked by units of the reserve and a region: the units in any
    order, then the region, or the region, then the units."""
    if region is None:
        return ()
    out: list[tuple[Click, ...]] = []
    for order in permutations(units):
        tokens = tuple(("token", u) for u in order)
        out.append((*tokens, ("region", region)))
        out.append((("region", region), *tokens))
    return tuple(out)


def move_strength(state: Position, token: str, to: str) -> tuple[tuple[str, int], ...]:
    """A token's strength leaves its region and arrives in ``to``."""
    s = state.strength_of(token)
    return ((state.place[token], -s), (to, s))


# ---------------------------------------------------------------------------- names in sentences
TOKEN_NEUTRAL = N_("neutral unit {id}")
TOKEN_OPPOSITION = N_("Opposition unit {id}")
TOKEN_UNIT = N_("unit {id}")
RECRUIT_UNIT = N_("{unit} (strength {fresh}, {exhausted} when exhausted)")
CARD_COMMAND = N_("{card} ({days} days, recruit {recruit} or {action}, {vp} VP)")
CARD_LEADER = N_("{leader}'s leader card ({days} days)")


def token_name(state: Position, token: str) -> Message | Name:
    """A token as a reader knows it: a leader by name (the red Trotsky as "red Trotsky", so that a
    language can give each Trotsky its article: French "le Trotski rouge"), a unit by owner and id."""
    spec = state.comp.tokens.get(token)
    if spec is None or spec.kind in ("leader", "trotsky"):
        return Name("token", token)
    ident = Name("token", token)
    if spec.owner == "neutral":
        return Message(TOKEN_NEUTRAL, id=ident)
    if spec.owner == "opposition":
        return Message(TOKEN_OPPOSITION, id=ident)
    return Message(TOKEN_UNIT, id=ident)


def recruit_name(state: Position, token: str) -> Message | Name:
    """A unit offered as a recruit, with what it brings: "unit W5 (strength 2, 0 when exhausted)".
    Recruits of the same card differ only by their token values, so a choice names them."""
    spec = state.comp.tokens.get(token)
    if spec is None:
        return Name("token", token)
    return Message(RECRUIT_UNIT, unit=token_name(state, token), fresh=spec.fresh, exhausted=spec.exhausted)


def where_name(state: Position, token: str) -> Name:
    """Where a token stands: its region, or the place off the board."""
    place = state.place.get(token, "")
    return Name("region", place) if place in state.comp.region_index else Name("place", place)


def card_name(state: Position, card_id: str) -> Message | Name:
    """A card of the hand with what it gives."""
    comp = state.comp
    if card_id in comp.leaders:
        return Message(CARD_LEADER, leader=card_id, days=comp.leaders[card_id].days)
    if card_id in comp.cards:
        c = comp.cards[card_id]
        return Message(CARD_COMMAND, card=card_id, days=c.days, recruit=c.recruit, action=Name("card_action", c.action),
                       vp=c.vp)
    return Name("card", card_id)
