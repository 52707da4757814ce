"""The course's words: messages of the ``course`` catalog, and the game names they use.

A course text is a :class:`~dualpowers.text.Message` of the ``course`` gettext domain
(``dualpowers/locale/<lang>/LC_MESSAGES/course.po``), written by
:func:`dualpowers.text.render` like every other sentence; game names in it are
:class:`~dualpowers.text.Name` values, named by :mod:`dualpowers.names`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..text import N_, Message, Name

__all__ = ["DOMAIN", "N_", "say", "region_name", "side_name", "token_name", "card_name", "date_name",
           "month_name"]

DOMAIN = "course"


def say(msgid: str, params: Mapping[str, Any] | None = None) -> Message:
    """Being retired (issue 31): ``Message(msgid, domain=DOMAIN, **params)`` says it through the
    one door; only ``goals.py`` still calls this, until it is rewritten the same way."""
    return Message(msgid, domain=DOMAIN, **dict(params or {}))


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
