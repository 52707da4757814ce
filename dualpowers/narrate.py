"""The engine's narration in English, French or Italian.

The engine's events and messages (:mod:`dualpowers.narration`) are data: a kind,
an English ``str.format`` template (the msgid) and parameters that are raw ids
("purple", "red", "Kerensky", "oct-nov").  Here a template is looked up in the
catalogs and its parameters are named in the reader's language, by what the
field holds (a side, a region, a token, a card, a month...)::

    for event in state.apply(action):
        print(event_text(event, "fr"))

A template may use the engine's two format specs: ``{side:cap}`` (capitalised)
and ``{month:month}`` (a month id's name); a translation keeps the same fields.
"""

from __future__ import annotations

from typing import Any

from . import names
from .i18n import DEFAULT_LANGUAGE, N_, check_language, gettext, translator

__all__ = ["event_text", "message_text", "render", "field_value", "refusal_text", "objective_step_text"]

#: Fields that hold a side, a region, a token (or leader), a card, a connection end.
SIDE_FIELDS = frozenset({"side", "winner", "target", "who", "loser", "will"})
REGION_FIELDS = frozenset({"region", "start", "to", "via", "unrest"})
TOKEN_FIELDS = frozenset({"token", "leader", "unit", "units", "tokens"})
CARD_FIELDS = frozenset({"card", "objective"})
COLOUR_FIELDS = frozenset({"a", "b"})
#: The Opposition's tie-breaks (R-SOLO-OBJECTIVE), named in the summary of its choice.
DECIDED_BY = {
    "sum": N_("the highest sum of days"), "cards": N_("the most cards"), "latest": N_("the latest card played"),
    "only card": N_("the only card"), "vp": N_("the most VP"),
}


class _Shown(str):
    """A value already in the reader's language; knows the engine's format specs."""

    __slots__ = ("raw", "lang")

    def __new__(cls, text: str, raw: Any = None, lang: str = DEFAULT_LANGUAGE) -> "_Shown":
        obj = super().__new__(cls, text)
        obj.raw, obj.lang = raw, lang
        return obj

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self[:1].upper() + self[1:]
        if spec == "month":
            return names.month(str(self.raw), self.lang)
        return format(str(self), spec)


def field_value(field: str, value: Any, lang: str = DEFAULT_LANGUAGE) -> Any:
    """One parameter as the reader should see it in ``lang``."""
    if hasattr(value, "msgid") and hasattr(value, "params"):
        return _Shown(message_text(value, lang), value, lang)
    if isinstance(value, tuple):
        if value and all(hasattr(v, "msgid") for v in value):
            _ = translator(lang)
            text = message_text(value[0], lang)
            for v in value[1:]:
                text = _("{first}; {second}", first=text, second=message_text(v, lang))
            return _Shown(text, value, lang)
        return _Shown(", ".join(str(field_value(field, v, lang)) for v in value), value, lang)
    if not isinstance(value, str):
        return value
    if field in SIDE_FIELDS:
        shown = names.side(value, lang) if lang != DEFAULT_LANGUAGE else value
    elif field in REGION_FIELDS:
        shown = names.region(value, lang)
    elif field in TOKEN_FIELDS:
        shown = names.token(value, lang)
    elif field in CARD_FIELDS:
        shown = names.card(value, lang)
    elif field in COLOUR_FIELDS:
        shown = names.colour(value, lang)
    elif field in ("decided_by", "card_decided_by"):
        shown = translator(lang)(DECIDED_BY[value]) if value in DECIDED_BY and lang != DEFAULT_LANGUAGE else value
    elif field in ("month",):
        shown = value          # written by the {month:month} spec
    else:
        shown = value
    return _Shown(shown, value, lang)


def render(msgid: str, params: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """A narration template with its parameters, in ``lang``."""
    check_language(lang)
    template = gettext(msgid, lang)
    return template.format_map({k: field_value(k, v, lang) for k, v in params.items()})


def message_text(message: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """A :class:`dualpowers.narration.Message` (msgid and params) written in ``lang``."""
    if lang == DEFAULT_LANGUAGE:
        return str(message.text)
    return render(message.msgid, dict(message.params), lang)


def event_text(event: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """What an engine event says, in ``lang`` (an event without a template: its text)."""
    if lang == DEFAULT_LANGUAGE or not hasattr(event, "msgid"):
        return str(event.text)
    return render(event.msgid, dict(event.params), lang)


# ---------------------------------------------------------------------------- refusals
#: The engine's most common refusals (``IllegalAction`` messages are still English text,
#: not data): recognised by their English template, written again in ``lang``.  A refusal
#: not listed stays English.  tests/test_i18n_narration.py checks the ones the tutorial shows.
REFUSALS = (
    N_("the blockade marker closes the connection {a}-{b} (R-ACT-MOVE)"),
    N_("those units cost {total} recruit value; {card} gives {recruit} (R-ACT-RECRUIT)"),
    N_("{start} and {to} are not connected"),
    N_("{token} is already fresh: Rest only flips an exhausted token (R-ACT-REST)"),
    N_("the blockade is already on {a}-{b}: Protest moves it to another connection (R-ACT-PROTEST)"),
    N_("{side} already holds the Will of the People"),
    N_("{to} is more than two open steps from {start} (R-ACT-DMOVE)"),
)


def _pattern(template: str) -> "re.Pattern[str]":
    import re
    import string
    rx = "".join(re.escape(lit) + (f"(?P<{name}>[\\w-]+?)" if name else "")
                 for lit, name, _spec, _conv in string.Formatter().parse(template))
    return re.compile(rx)


def refusal_text(reason: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An engine refusal (an ``IllegalAction`` message) in ``lang``, when it is a known one."""
    if lang == DEFAULT_LANGUAGE:
        return reason
    for template in REFUSALS:
        m = _pattern(template).fullmatch(reason)
        if m:
            return render(template, m.groupdict(), lang)
    return reason


# ---------------------------------------------------------------------------- the Opposition's choice
#: The steps of the Opposition's choice of objective (``ObjectiveChoice.steps``, English text
#: in the engine), recognised by their English template like the refusals above.
OBJECTIVE_STEPS = (
    N_("Played in order: {cards}."),
    N_("Day sums: {sums}."),
    N_("Step 1: {region} has the highest sum ({n})."),
    N_("Step 1: {regions} tie with {n}."),
    N_("Step 2: {region} has more cards ({n})."),
    N_("Step 2: {regions} each have {n} card(s): still tied."),
    N_("Step 3: the most recently played of their cards is {card} (card {n}), so {region} wins."),
    N_("The objective is {card}, the only {region} card played."),
    N_("The objective is {card}: the {region} card with the most VP ({n})."),
    N_("{cards} share the most VP ({n}); the later-played {card} is the objective (ruling)."),
)


def _objective_field(name: str, value: str, lang: str) -> str:
    if name == "cards":       # "purple-4 (4), blue-5 (5)" or "purple-4, purple-2"
        return ", ".join(
            names.card(part.split(" ")[0], lang) + part[len(part.split(" ")[0]):] for part in value.split(", "))
    if name == "sums":        # "purple 6, blue 5"
        return ", ".join(f"{names.colour(r, lang)} {n}" for r, n in (p.split(" ") for p in value.split(", ")))
    if name == "regions":
        return ", ".join(names.region(r, lang) for r in value.split(", "))
    if name == "region":
        return names.region(value, lang)
    if name == "card":
        return names.card(value, lang)
    return value


def objective_step_text(line: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """One step of the Opposition's choice of objective in ``lang`` (English if unknown)."""
    import re
    import string
    if lang == DEFAULT_LANGUAGE:
        return line
    for template in OBJECTIVE_STEPS:
        rx = "".join(re.escape(lit) + (f"(?P<{name}>.+?)" if name else "")
                     for lit, name, _spec, _conv in string.Formatter().parse(template))
        m = re.fullmatch(rx, line)
        if m:
            params = {k: _objective_field(k, v, lang) for k, v in m.groupdict().items()}
            return translator(lang)(template, **params)
    return line
