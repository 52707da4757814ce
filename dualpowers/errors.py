"""Exceptions raised by dualpowers.

Every problem a user can cause has its own exception type, and every message
says what is wrong and, where it can, what would be right.
"""

from __future__ import annotations

from typing import Any

from .text import Typed

__all__ = [
    "DualPowersError",
    "ComponentsError",
    "IllegalAction",
    "PositionError",
    "EditorError",
    "SettingError",
    "Told",
    "UnknownRegion",
    "UnknownToken",
    "UnknownCard",
    "TokenCountError",
    "DuplicateToken",
    "DuplicateCard",
    "InvalidDate",
    "InvalidBlockade",
    "NotationError",
    "PolicySpecError",
    "brief",
]

#: The longest piece of a user's input an error message quotes.
BRIEF = 60


def brief(value: object, limit: int = BRIEF) -> str:
    """A short, safe ``repr`` of user input for an error message.

    Never echoes a whole (possibly huge) input, and never fails: integers too
    long to print (Python refuses over 4,300 digits) and deep nesting are described.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a {value.bit_length()}-bit number"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"
    shown = text if len(text) <= limit else text[: limit - 4] + " ..."
    if isinstance(value, str):      # typed text: a translation quotes it with its own marks
        return Typed(shown, text[1:-1] if len(text) <= limit else text[1: limit - 4] + " ...")
    return shown


class DualPowersError(Exception):
    """Base class of every error this package raises on purpose."""


class Told(DualPowersError):
    """An error whose reason may be data: a :class:`dualpowers.narration.Message` (a template
    and raw ids) that :func:`dualpowers.narrate.refusal_text` writes in a reader's language,
    and the ID of the rule that decides it (RULINGS.md), as data too.

    ``message`` holds the reason (None for a reason given as plain text), ``rule`` the rule
    ID or None; ``str(exc)`` is the English text followed by the rule, written only when read.
    """

    def __init__(self, reason: object = "", rule: str | None = None) -> None:
        super().__init__(reason)
        self.message: Any = None if isinstance(reason, str) else reason
        self.rule = rule

    def __str__(self) -> str:
        text = str(self.message) if self.message is not None else super().__str__()
        return f"{text} ({self.rule})" if self.rule else text


class ComponentsError(Told, DualPowersError, ValueError):
    """A component data file is malformed or inconsistent."""


class IllegalAction(Told, DualPowersError, ValueError):
    """An action that the rules do not allow in this state.

    The state it was applied to is left exactly as it was.  The engine's refusals carry
    ``message``, the reason as data (a :class:`dualpowers.narration.Message`: a template
    and raw ids) that :func:`dualpowers.narrate.refusal_text` writes in a reader's
    language; ``str(exc)`` is the English text, written only when read.  A refusal
    given as plain text has ``message`` None.
    """


class PositionError(Told, DualPowersError, ValueError):
    """A position (JSON, notation or dict) that cannot exist in the game.

    Like :class:`IllegalAction`, the engine's own position errors carry ``message``
    (the reason as data, naming the field) for :func:`dualpowers.narrate.refusal_text`.
    """


class EditorError(Told, DualPowersError, ValueError):
    """A change the position editor refuses (a second Lenin, an unknown region ...); nothing changed.

    Carries ``message`` like :class:`IllegalAction`, so the analyzer says it in the notebook's language.
    """


class SettingError(Told, DualPowersError, ValueError):
    """A game setting the game does not have (mode, edition, seed, player, difficulty X)."""


class UnknownRegion(PositionError):
    """A region name that is not one of the six regions."""


class UnknownToken(PositionError):
    """A token id or description that matches no token of the game."""


class UnknownCard(PositionError):
    """A card id that is not in the component data."""


class TokenCountError(PositionError):
    """More tokens of a kind than the game contains (e.g. 11 red units)."""


class DuplicateToken(PositionError):
    """The same token placed in two places."""


class DuplicateCard(PositionError):
    """The same card placed in two places."""


class InvalidDate(PositionError):
    """A calendar date the day or month marker can never rest on."""


class InvalidBlockade(PositionError):
    """A blockade marker on something that is not a connection."""


class NotationError(PositionError):
    """A text notation string that cannot be read."""


class PolicySpecError(Told, DualPowersError, ValueError):
    """A policy spec (``"greedy"``, ``"advisor:playouts=200"``) that names no known policy."""
