"""The course's words in the learner's language (gettext domain ``course``).

Texts are English msgids translated through :mod:`dualpowers.i18n`
(``dualpowers/locale/<lang>/LC_MESSAGES/course.po``).  A :class:`Text` is a
message not yet translated: a msgid with its parameters, some of which are
themselves messages (a region's or a side's name), so that a verdict or a
step can be built once and read in any language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

try:
    from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, translator
except ImportError:  # until the i18n infrastructure is merged: English only
    LANGUAGES = ("en", "fr", "it")
    LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}

    def N_(msgid: str) -> str:
        return msgid

    class _English:
        def __call__(self, msgid: str, **params: Any) -> str:
            return msgid.format(**params) if params else msgid

        def p(self, context: str, msgid: str, **params: Any) -> str:
            return self(msgid, **params)

    def translator(lang: str = "en", domain: str = "dualpowers") -> Any:  # type: ignore[misc]
        return _English()

__all__ = ["Text", "tr", "LANGUAGES", "LANGUAGE_NAMES", "N_", "region_name", "side_name", "DOMAIN"]

DOMAIN = "course"


def tr(msgid: str, lang: str = "en", **params: Any) -> str:
    """``msgid`` in ``lang``, formatted with ``params`` (each may be a :class:`Text`)."""
    t = translator(lang, domain=DOMAIN)
    if not params:
        return t(msgid)
    return t(msgid, **{k: (v.text(lang) if isinstance(v, Text) else v) for k, v in params.items()})


@dataclass(frozen=True)
class Text:
    """A course message waiting for a language: ``Text(msgid, params).text("fr")``."""

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    context: str | None = None

    def text(self, lang: str = "en") -> str:
        if self.context is not None:
            return translator(lang, domain=DOMAIN).p(self.context, self.msgid)
        return tr(self.msgid, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")


def pgettext(context: str, msgid: str) -> tuple[str, str]:
    """Mark a msgid with its context for extraction; translate it later with :class:`Text`."""
    return context, msgid


# Region and side names, each with its context (the red region is not the red side).
REGION_NAMES = {
    "red": pgettext("region", "red"), "blue": pgettext("region", "blue"),
    "green": pgettext("region", "green"), "purple": pgettext("region", "purple"),
    "white": pgettext("region", "white"), "brown": pgettext("region", "brown"),
}
SIDE_NAMES = {"red": pgettext("side", "Red"), "white": pgettext("side", "White"),
              "nobody": pgettext("side", "nobody")}


def region_name(region: str) -> Text:
    """A region's name as a course message (context ``region``)."""
    context, msgid = REGION_NAMES.get(region, ("region", region))
    return Text(msgid, context=context)


def side_name(side: str | None) -> Text:
    """``Red``, ``White`` or ``nobody`` as a course message (context ``side``)."""
    context, msgid = SIDE_NAMES[side or "nobody"]
    return Text(msgid, context=context)
