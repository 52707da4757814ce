"""The course's words in the learner's language (gettext domain ``course``).

Texts are English msgids translated through :mod:`dualpowers.i18n`
(``dualpowers/locale/<lang>/LC_MESSAGES/course.po``).  A :class:`Text` is a
message not yet translated: a msgid with its parameters, some of which are
themselves messages or game names (:class:`Name`, read through
:mod:`dualpowers.names`, the one home of region, side, month and token names),
so that a verdict or a step is built once and read in any language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import names
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, translator
from ..narrate import message_text

__all__ = ["Text", "Name", "Said", "tr", "LANGUAGES", "LANGUAGE_NAMES", "N_", "region_name", "side_name", "DOMAIN"]

DOMAIN = "course"


def _value(v: Any, lang: str) -> Any:
    return v.text(lang) if isinstance(v, (Text, Name, Said)) else v


def tr(msgid: str, lang: str = "en", **params: Any) -> str:
    """``msgid`` in ``lang``, formatted with ``params`` (each may be a :class:`Text` or :class:`Name`)."""
    t = translator(lang, domain=DOMAIN)
    if not params:
        return t(msgid)
    return t(msgid, **{k: _value(v, lang) for k, v in params.items()})


@dataclass(frozen=True)
class Text:
    """A course message waiting for a language: ``Text(msgid, params).text("fr")``."""

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return tr(self.msgid, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Name:
    """A game name (``kind`` is a function of :mod:`dualpowers.names`: region, side, token, card, date ...)."""

    kind: str
    args: tuple[Any, ...]

    def text(self, lang: str = "en") -> str:
        value = getattr(names, self.kind)(*self.args, lang=lang)
        return value if isinstance(value, str) else str(value)   # a DateText keeps its format specs

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Said:
    """Something the engine said (an event or a refusal), in the reader's language when the
    engine gives it as data (a msgid and parameters, :mod:`dualpowers.narrate`), else as written."""

    said: Any

    def text(self, lang: str = "en") -> str:
        said = getattr(self.said, "message", None) or self.said   # an IllegalAction's reason is data too
        if hasattr(said, "msgid"):
            return str(message_text(said, lang))
        return str(self.said)


def region_name(region: str) -> Name:
    return Name("region", (region,))


def side_name(side: str | None) -> Text | Name:
    """``Red``, ``White`` (the game's names) or ``nobody`` (a course message)."""
    if side is None or side == "nobody":
        return Text(N_("nobody"))
    return Name("side", (side,))


def token_name(token: str) -> Name:
    return Name("token", (token,))


def card_name(card: str) -> Name:
    return Name("card", (card,))


def date_name(month: str, day: int) -> Name:
    return Name("date", (month, day))


def month_name(month: str) -> Name:
    return Name("month", (month,))
