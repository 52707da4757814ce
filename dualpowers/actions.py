"""Actions: every decision a player makes, as small immutable values.

Each action has a one-word text form (``str(action)``), e.g. ``play purple-4``,
``recruit R1 R2``, ``move W3 white``, ``double-move N2 red via blue``,
``protest blue-white``.  :func:`parse_action` reads it back, so a game record is
a seed plus a list of such lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .errors import IllegalAction

__all__ = [
    "Action", "ChooseObjective", "PlayCard", "Recruit", "Move", "DoubleMove", "Rest",
    "LeaderRecruit", "Protest", "Espionage", "Inspire", "BonusRecruit", "BonusMove",
    "BonusRest", "BonusDraw", "Organize", "ScoreUnrest", "Pass", "parse_action",
    "BONUS_ACTIONS",
]


@dataclass(frozen=True, slots=True)
class ChooseObjective:
    """Put a command card from hand face down as the secret objective (P-OBJ)."""
    card: str
    word: ClassVar[str] = "objective"

    def __str__(self) -> str:
        return f"objective {self.card}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a command or leader card from hand; the date advances (P-ACT, R-CAL)."""
    card: str
    word: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit units from reserve into the card's region (R-ACT-RECRUIT)."""
    units: tuple[str, ...]
    word: ClassVar[str] = "recruit"

    def __str__(self) -> str:
        return "recruit " + " ".join(self.units)


@dataclass(frozen=True, slots=True)
class Move:
    """Move one controlled token one step (R-ACT-MOVE)."""
    token: str
    to: str
    word: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"move {self.token} {self.to}"


@dataclass(frozen=True, slots=True)
class DoubleMove:
    """Move one controlled token one or two steps (R-ACT-DMOVE); ``via`` names the middle region."""
    token: str
    to: str
    via: str | None = None
    word: ClassVar[str] = "double-move"

    def __str__(self) -> str:
        return f"double-move {self.token} {self.to}" + (f" via {self.via}" if self.via else "")


@dataclass(frozen=True, slots=True)
class Rest:
    """Flip one controlled exhausted token to fresh (R-ACT-REST)."""
    token: str
    word: ClassVar[str] = "rest"

    def __str__(self) -> str:
        return f"rest {self.token}"


@dataclass(frozen=True, slots=True)
class LeaderRecruit:
    """Place the played leader's token fresh in any region (R-ACT-LEADER)."""
    region: str
    word: ClassVar[str] = "leader-recruit"

    def __str__(self) -> str:
        return f"leader-recruit {self.region}"


@dataclass(frozen=True, slots=True)
class Protest:
    """Mobilize Protest: move the blockade marker to another connection (R-ACT-PROTEST)."""
    connection: tuple[str, str]
    word: ClassVar[str] = "protest"

    def __str__(self) -> str:
        return f"protest {self.connection[0]}-{self.connection[1]}"


@dataclass(frozen=True, slots=True)
class Espionage:
    """Reveal the opponent's secret objective; solo: your own (R-ACT-SPY)."""
    word: ClassVar[str] = "espionage"

    def __str__(self) -> str:
        return "espionage"


@dataclass(frozen=True, slots=True)
class Inspire:
    """Inspire the People: take the Will (R-ACT-INSPIRE)."""
    word: ClassVar[str] = "inspire"

    def __str__(self) -> str:
        return "inspire"


@dataclass(frozen=True, slots=True)
class BonusRecruit:
    """Bonus: one recruit-value-1 unit into any region (R-ACT-BONUS)."""
    unit: str
    region: str
    word: ClassVar[str] = "bonus-recruit"

    def __str__(self) -> str:
        return f"bonus-recruit {self.unit} {self.region}"


@dataclass(frozen=True, slots=True)
class BonusMove:
    """Bonus: move one controlled token one step (R-ACT-BONUS)."""
    token: str
    to: str
    word: ClassVar[str] = "bonus-move"

    def __str__(self) -> str:
        return f"bonus-move {self.token} {self.to}"


@dataclass(frozen=True, slots=True)
class BonusRest:
    """Bonus: flip one controlled exhausted token to fresh (R-ACT-BONUS)."""
    token: str
    word: ClassVar[str] = "bonus-rest"

    def __str__(self) -> str:
        return f"bonus-rest {self.token}"


@dataclass(frozen=True, slots=True)
class BonusDraw:
    """Bonus: draw one command card; the hand grows for good (R-ACT-BONUS)."""
    word: ClassVar[str] = "bonus-draw"

    def __str__(self) -> str:
        return "bonus-draw"


@dataclass(frozen=True, slots=True)
class Organize:
    """Solo bonus: reveal your own secret objective (R-ACT-BONUS)."""
    word: ClassVar[str] = "organize"

    def __str__(self) -> str:
        return "organize"


@dataclass(frozen=True, slots=True)
class ScoreUnrest:
    """Unrest winner: score the unrest region's VP instead of a bonus action (R-SCO-UNREST)."""
    word: ClassVar[str] = "score-unrest"

    def __str__(self) -> str:
        return "score-unrest"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: take no action, no (further) leader action, or no bonus."""
    word: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


Action = Union[
    ChooseObjective, PlayCard, Recruit, Move, DoubleMove, Rest, LeaderRecruit, Protest,
    Espionage, Inspire, BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize,
    ScoreUnrest, Pass,
]
BONUS_ACTIONS = (BonusRecruit, BonusMove, BonusRest, BonusDraw, Organize)

_BARE = {cls.word: cls for cls in (Espionage, Inspire, BonusDraw, Organize, ScoreUnrest, Pass)}


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``)."""
    words = text.split()
    if not words:
        raise IllegalAction("empty action text")
    head, args = words[0].lower(), words[1:]

    def arity(n: int) -> None:
        if len(args) != n:
            raise IllegalAction(f"'{head}' takes {n} argument(s), got {len(args)} in {text!r}")

    if head in _BARE:
        arity(0)
        return _BARE[head]()
    if head == "objective":
        arity(1)
        return ChooseObjective(args[0])
    if head == "play":
        arity(1)
        return PlayCard(args[0])
    if head == "recruit":
        if not args:
            raise IllegalAction("'recruit' needs at least one unit id")
        return Recruit(tuple(args))
    if head == "move":
        arity(2)
        return Move(args[0], args[1])
    if head == "double-move":
        if len(args) == 2:
            return DoubleMove(args[0], args[1])
        if len(args) == 4 and args[2] == "via":
            return DoubleMove(args[0], args[1], args[3])
        raise IllegalAction(f"expected 'double-move TOKEN REGION [via REGION]', got {text!r}")
    if head == "rest":
        arity(1)
        return Rest(args[0])
    if head == "leader-recruit":
        arity(1)
        return LeaderRecruit(args[0])
    if head == "protest":
        arity(1)
        a, sep, b = args[0].partition("-")
        if not sep or not a or not b:
            raise IllegalAction(f"expected 'protest REGION-REGION', got {text!r}")
        return Protest((a, b))
    if head == "bonus-recruit":
        arity(2)
        return BonusRecruit(args[0], args[1])
    if head == "bonus-move":
        arity(2)
        return BonusMove(args[0], args[1])
    if head == "bonus-rest":
        arity(1)
        return BonusRest(args[0])
    raise IllegalAction(f"unknown action {head!r} in {text!r}")
