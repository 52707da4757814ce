"""Actions: every decision a player makes, as small immutable values.

Each action has a one-line text form (``str(action)``), e.g. ``play purple-4``,
``recruit R1 R2``, ``move W3 white``, ``double-move N2 red via blue``,
``protest blue-white``.  :func:`parse_action` reads it back, so a game record is
a seed plus a list of such lines.

Both directions derive from one definition: the action's word and its fields.
A field's type says how it is written: ``str`` is one word, ``tuple[str, ...]``
one or more words (last field only), ``tuple[str, str]`` two words joined by
``-``, and an optional ``str | None`` is written after its own name
(``via blue``).  A field's name says what it names (:data:`FIELD_KINDS`: a card,
a token or a region), so that :func:`parse_action` can read names typed in any
case (``MOVE w3 Red`` is ``move W3 red``).  The rules of each action (when it is
offered, what makes it legal, what it does) are in :mod:`dualpowers.turn`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar, Union

from . import narration as say
from .components import Components, default_components
from .errors import IllegalAction
from .narration import N_, Message

__all__ = [
    "Action", "ChooseObjective", "PlayCard", "Recruit", "Move", "DoubleMove", "Rest",
    "LeaderRecruit", "Protest", "Espionage", "Inspire", "BonusRecruit", "BonusMove",
    "BonusRest", "BonusDraw", "Organize", "ScoreUnrest", "Pass", "parse_action",
    "ACTION_KINDS", "BONUS_ACTIONS",
]

# How each field type is written; see the module docstring.
_WORD, _WORDS, _PAIR, _OPTIONAL = "str", "tuple[str, ...]", "tuple[str, str]", "str | None"
#: What each field names, by the field's name: the kind of name :meth:`Components.find` matches.
FIELD_KINDS = {"card": "card", "units": "token", "token": "token", "unit": "token", "to": "region", "via": "region",
               "region": "region", "connection": "region"}
_WHAT = {_WORD: N_("an id (text)"), _WORDS: N_("a non-empty list of ids"), _PAIR: N_("a pair of region names"),
         _OPTIONAL: N_("an id (text) or None")}


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


class _ActionBase:
    """The text form and the field checks every action shares (derived from its fields)."""

    __slots__ = ()
    word: ClassVar[str]
    _shape: ClassVar[tuple[tuple[str, str], ...]]     # (field name, field type) in order

    def __post_init__(self) -> None:
        # Wrong-typed fields are refused here, naming the field, so that no rule ever
        # sees them (issue 11: a list where a token id is expected).
        for name, kind in self._shape:
            value = getattr(self, name)
            if kind == _WORD:
                ok = _is_id(value)
            elif kind == _OPTIONAL:
                ok = value is None or _is_id(value)
            else:
                if isinstance(value, list):
                    value = tuple(value)
                    object.__setattr__(self, name, value)
                ok = type(value) is tuple and all(_is_id(v) for v in value) and (
                    len(value) == 2 if kind == _PAIR else len(value) >= 1)
            if not ok:
                shown = repr(value)
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                raise IllegalAction(Message(say.FIELD_TYPE, word=self.word, name=repr(name), what=Message(_WHAT[kind]),
                                            value=shown))

    @classmethod
    def _trusted(cls, *values: object) -> "_ActionBase":
        """An action built by the engine from its own ids: the field checks are skipped
        (they guard input from outside, and this runs on the playout path)."""
        obj = object.__new__(cls)
        for (name, _), value in zip(cls._shape, values):
            object.__setattr__(obj, name, value)
        return obj

    def __str__(self) -> str:
        parts = [self.word]
        for name, kind in self._shape:
            value = getattr(self, name)
            if kind == _WORD:
                parts.append(value)
            elif kind == _WORDS:
                parts.extend(value)
            elif kind == _PAIR:
                parts.append(f"{value[0]}-{value[1]}")
            elif value is not None:
                parts += [name, value]
        return " ".join(parts)


def _action(word: str):  # type: ignore[no-untyped-def]
    """Class decorator: a frozen slotted dataclass with its word and its field shape."""
    def wrap(cls):  # type: ignore[no-untyped-def]
        cls = dataclass(frozen=True, slots=True)(cls)
        cls.word = word
        cls._shape = tuple((f.name, str(f.type)) for f in fields(cls))
        for name, kind in cls._shape:
            assert kind in _WHAT, f"{cls.__name__}: no text form for a field of type {kind}"
            assert name in FIELD_KINDS, f"{cls.__name__}.{name}: say in FIELD_KINDS what it names"
        return cls
    return wrap


@_action("objective")
class ChooseObjective(_ActionBase):
    """Put a command card from hand face down as the secret objective (P-OBJ)."""
    card: str


@_action("play")
class PlayCard(_ActionBase):
    """Play a command or leader card from hand; the date advances (P-ACT, R-CAL)."""
    card: str


@_action("recruit")
class Recruit(_ActionBase):
    """Recruit units from reserve into the card's region (R-ACT-RECRUIT)."""
    units: tuple[str, ...]


@_action("move")
class Move(_ActionBase):
    """Move one controlled token one step (R-ACT-MOVE)."""
    token: str
    to: str


@_action("double-move")
class DoubleMove(_ActionBase):
    """Move one controlled token one or two steps (R-ACT-DMOVE); ``via`` names the middle region."""
    token: str
    to: str
    via: str | None = None


@_action("rest")
class Rest(_ActionBase):
    """Flip one controlled exhausted token to fresh (R-ACT-REST)."""
    token: str


@_action("leader-recruit")
class LeaderRecruit(_ActionBase):
    """Place the played leader's token fresh in any region (R-ACT-LEADER)."""
    region: str


@_action("protest")
class Protest(_ActionBase):
    """Mobilize Protest: move the blockade marker to another connection (R-ACT-PROTEST)."""
    connection: tuple[str, str]


@_action("espionage")
class Espionage(_ActionBase):
    """Reveal the opponent's secret objective; solo: your own (R-ACT-SPY)."""


@_action("inspire")
class Inspire(_ActionBase):
    """Inspire the People: take the Will (R-ACT-INSPIRE)."""


@_action("bonus-recruit")
class BonusRecruit(_ActionBase):
    """Bonus: one recruit-value-1 unit into any region (R-ACT-BONUS)."""
    unit: str
    region: str


@_action("bonus-move")
class BonusMove(_ActionBase):
    """Bonus: move one controlled token one step (R-ACT-BONUS)."""
    token: str
    to: str


@_action("bonus-rest")
class BonusRest(_ActionBase):
    """Bonus: flip one controlled exhausted token to fresh (R-ACT-BONUS)."""
    token: str


@_action("bonus-draw")
class BonusDraw(_ActionBase):
    """Bonus: draw one command card; the hand grows for good (R-ACT-BONUS)."""


@_action("organize")
class Organize(_ActionBase):
    """Solo bonus: reveal your own secret objective (R-ACT-BONUS)."""


@_action("score-unrest")
class ScoreUnrest(_ActionBase):
    """Unrest winner: score the unrest region's VP instead of a bonus action (R-SCO-UNREST)."""


@_action("pass")
class Pass(_ActionBase):
    """Decline: no action with the card, no (further) leader action, no bonus; or, with
    nothing to play, no objective or no turn (ENGINE-EMPTY)."""


Action = Union[
    ChooseObjective, PlayCard, Recruit, Move, DoubleMove, Rest, LeaderRecruit, Protest,
    Espionage, Inspire, BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize,
    ScoreUnrest, Pass,
]
#: Every kind of action, by its word.
ACTION_KINDS: dict[str, type] = {cls.word: cls for cls in (
    ChooseObjective, PlayCard, Recruit, Move, DoubleMove, Rest, LeaderRecruit, Protest,
    Espionage, Inspire, BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize,
    ScoreUnrest, Pass,
)}
BONUS_ACTIONS = (BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize)


def _usage(cls: type) -> str:
    parts = [cls.word]
    for name, kind in cls._shape:  # type: ignore[attr-defined]
        upper = name.upper()
        parts.append({_WORD: upper, _WORDS: f"{upper}...", _PAIR: "REGION-REGION",
                      _OPTIONAL: f"[{name} {upper}]"}[kind])
    return " ".join(parts)


def parse_action(text: str, components: "Components | None" = None) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Case does not matter: the action's word and ``via`` are read in any case, and each
    name is read as the card, token or region of ``components`` (default: the packaged
    ones) that it names in any case, so ``MOVE w3 Red`` gives ``move W3 red``.  A name
    that matches none is kept as typed, for the rules to refuse by name."""
    if not isinstance(text, str):
        raise IllegalAction(Message(say.PARSE_NOT_TEXT, kind=type(text).__name__))
    words = text.split()
    if not words:
        raise IllegalAction(Message(say.PARSE_EMPTY))
    head, args = words[0].lower(), words[1:]
    shown = text if len(text) <= 80 else text[:77] + "..."
    cls = ACTION_KINDS.get(head)
    if cls is None:
        raise IllegalAction(Message(say.PARSE_UNKNOWN, word=repr(head), text=repr(shown)))
    values: list[object] = []
    i = 0
    for name, kind in cls._shape:  # type: ignore[attr-defined]
        if kind == _WORDS:
            values.append(tuple(args[i:]))
            if i >= len(args):
                raise IllegalAction(Message(say.PARSE_NEEDS_IDS, word=repr(head), name=name[:-1], usage=_usage(cls)))
            i = len(args)
        elif kind == _OPTIONAL:
            if i < len(args) and args[i].lower() == name and i + 1 < len(args):
                values.append(args[i + 1])
                i += 2
            else:
                values.append(None)
        elif i >= len(args):
            break
        elif kind == _PAIR:
            a, sep, b = args[i].partition("-")
            if not sep or not a or not b:
                raise IllegalAction(Message(say.PARSE_EXPECTED, usage=repr(_usage(cls)), text=repr(shown)))
            values.append((a, b))
            i += 1
        else:
            values.append(args[i])
            i += 1
    if i != len(args) or len(values) != len(cls._shape):  # type: ignore[attr-defined]
        raise IllegalAction(Message(say.PARSE_EXPECTED, usage=repr(_usage(cls)), text=repr(shown)))
    if values:
        values = _canonical_names(values, cls, components)
    return cls(*values)  # type: ignore[no-any-return]


def _canonical_names(values: list[object], cls: type, components: "Components | None") -> list[object]:
    """The fields' values with each name written as ``components`` write it (``w3`` -> ``W3``,
    ``Red`` -> ``red``); a name that matches nothing is kept as typed."""
    if components is None:
        components = default_components()

    def canonical(word: object, kind: str) -> object:
        found = components.find(word, kind) if isinstance(word, str) else None
        return word if found is None else found

    out: list[object] = []
    for (name, _), value in zip(cls._shape, values):  # type: ignore[attr-defined]
        kind = FIELD_KINDS[name]
        out.append(tuple(canonical(v, kind) for v in value) if isinstance(value, tuple) else canonical(value, kind))
    return out
