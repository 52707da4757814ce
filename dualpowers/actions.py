"""Actions: every decision a player makes, as small immutable values, and their text form.

Each action has a one-line text form (``str(action)``), e.g. ``play purple-4``,
``recruit R1 R2``, ``move W3 white``, ``double-move N2 red via blue``,
``protest blue-white``.  :func:`parse_action` reads it back, so a game record is
a seed plus a list of such lines.

Each kind of action lives in a module of :mod:`dualpowers.kinds` (its value class, its
rule, its words); this module gathers the classes for ``from dualpowers.actions import
Move`` and reads the text form of any registered kind.  A field's type says how it is
written (see :mod:`dualpowers.kinds.base`); its name says what it names (a card, a
token or a region), so that names typed in any case are read (``MOVE w3 Red`` is
``move W3 red``).
"""

from __future__ import annotations

from typing import Any

from .components import Components, default_components
from .errors import IllegalAction, brief
from .kinds import BY_WORD
from .kinds.base import FIELD_KINDS, OPTIONAL, PAIR, WORD, WORDS, Action
from .kinds.bonus_draw import BonusDraw
from .kinds.bonus_move import BonusMove
from .kinds.bonus_recruit import BonusRecruit
from .kinds.bonus_rest import BonusRest
from .kinds.double_move import DoubleMove
from .kinds.espionage import Espionage
from .kinds.inspire import Inspire
from .kinds.leader_recruit import LeaderRecruit
from .kinds.move import Move
from .kinds.objective import ChooseObjective
from .kinds.organize import Organize
from .kinds.pass_ import Pass
from .kinds.play import PlayCard
from .kinds.protest import Protest
from .kinds.recruit import Recruit
from .kinds.rest import Rest
from .kinds.score_unrest import ScoreUnrest
from .text import N_, Message

__all__ = [
    "Action", "ChooseObjective", "PlayCard", "Recruit", "Move", "DoubleMove", "Rest",
    "LeaderRecruit", "Protest", "Espionage", "Inspire", "BonusRecruit", "BonusMove",
    "BonusRest", "BonusDraw", "Organize", "ScoreUnrest", "Pass", "parse_action",
]

PARSE_NOT_TEXT = N_("an action is read from text, not {kind}")
PARSE_EMPTY = N_("empty action text")
PARSE_UNKNOWN = N_("unknown action {word} in {text}")
PARSE_NEEDS_IDS = N_("{word} needs at least one {name} id: {usage}")
PARSE_EXPECTED = N_("expected {usage}, got {text}")


def _usage(cls: type[Action]) -> str:
    parts = [cls.word]
    for name, kind in cls.shape:
        upper = name.upper()
        parts.append({WORD: upper, WORDS: f"{upper}...", PAIR: "REGION-REGION", OPTIONAL: f"[{name} {upper}]"}[kind])
    return " ".join(parts)


def parse_action(text: str, components: Components | None = None) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Case does not matter: the action's word and ``via`` are read in any case, and each
    name is read as the card, token or region of ``components`` (default: the packaged
    ones) that it names in any case, so ``MOVE w3 Red`` gives ``move W3 red``.  A name
    that matches none is kept as typed, for the rules to refuse by name."""
    if not isinstance(text, str):
        raise IllegalAction(Message(PARSE_NOT_TEXT, kind=type(text).__name__))
    words = text.split()
    if not words:
        raise IllegalAction(Message(PARSE_EMPTY))
    head, args = words[0].lower(), words[1:]
    shown = text if len(text) <= 80 else text[:77] + "..."
    kind = BY_WORD.get(head)
    if kind is None:
        raise IllegalAction(Message(PARSE_UNKNOWN, word=brief(head), text=brief(shown, 90)))
    cls: Any = kind.cls          # a dataclass of the kind: its __init__ takes the fields
    values: list[object] = []
    i = 0
    for name, ftype in cls.shape:
        if ftype == WORDS:
            values.append(tuple(args[i:]))
            if i >= len(args):
                raise IllegalAction(Message(PARSE_NEEDS_IDS, word=brief(head), name=name[:-1], usage=_usage(cls)))
            i = len(args)
        elif ftype == OPTIONAL:
            if i < len(args) and args[i].lower() == name and i + 1 < len(args):
                values.append(args[i + 1])
                i += 2
            else:
                values.append(None)
        elif i >= len(args):
            break
        elif ftype == PAIR:
            a, sep, b = args[i].partition("-")
            if not sep or not a or not b:
                raise IllegalAction(Message(PARSE_EXPECTED, usage=repr(_usage(cls)), text=brief(shown, 90)))
            values.append((a, b))
            i += 1
        else:
            values.append(args[i])
            i += 1
    if i != len(args) or len(values) != len(cls.shape):
        raise IllegalAction(Message(PARSE_EXPECTED, usage=repr(_usage(cls)), text=brief(shown, 90)))
    if values:
        values = _canonical_names(values, cls, components)
    act: Action = cls(*values)
    return act


def _canonical_names(values: list[object], cls: type[Action], components: Components | None) -> list[object]:
    """The fields' values with each name written as ``components`` write it (``w3`` -> ``W3``,
    ``Red`` -> ``red``); a name that matches nothing is kept as typed."""
    comp = components or default_components()

    def canonical(word: object, kind: str) -> object:
        found = comp.find(word, kind) if isinstance(word, str) else None
        return word if found is None else found

    out: list[object] = []
    for (name, _), value in zip(cls.shape, values):
        kind = FIELD_KINDS[name]
        out.append(tuple(canonical(v, kind) for v in value) if isinstance(value, tuple) else canonical(value, kind))
    return out
