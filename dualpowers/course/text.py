"""The course's words: messages of the ``course`` catalog, and the game names they use.

A course text is a :class:`~dualpowers.text.Message` of the ``course`` gettext domain
(``dualpowers/locale/<lang>/LC_MESSAGES/course.po``), ``Message(N_("..."), domain=DOMAIN,
...)``, written by :func:`dualpowers.text.render` like every other sentence (this module
has no ``say`` or ``tr`` of its own: there is one door for words, :mod:`dualpowers.text`); game names in it are
:class:`~dualpowers.text.Name` values, named by :mod:`dualpowers.names`.
"""

from __future__ import annotations

from ..text import N_, Message, Name

__all__ = ["DOMAIN", "N_", "region_name", "side_name", "token_name", "card_name", "date_name",
           "month_name"]

DOMAIN = "course"


def region_name(region: str) -> Name:
    return Name("region", region)


def side_name(side: str | None) -> Message | Name:
    """``Red``, ``White`` (the game's names) or ``nobody`` (a course message)."""
    if side is None or side == "nobody":
        return Message(N_("nobody"), domain=DOMAIN)
    return Name("side", side)


def token_name(token: str) -> Name:
    return Name("token", token)


def card_name(card: str) -> Name:
    return Name("card", card)


def date_name(month: str, day: int) -> Name:
    return Name("date", month, day)


def month_name(month: str) -> Name:
    return Name("month", month)
