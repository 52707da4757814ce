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
from .i18n import DEFAULT_LANGUAGE, N_, check_language, gettext, number, percent, resolve, translator
from .narration import Items, Quantity

__all__ = ["event_text", "message_text", "render", "field_value", "refusal_text", "outcome_text", "objective_steps",
           "quantity_text"]

#: Fields that hold a side, a region, a token (or leader), a card, a connection end.
SIDE_FIELDS = frozenset({"side", "winner", "target", "who", "loser", "will"})
REGION_FIELDS = frozenset({"region", "regions", "start", "to", "via", "unrest"})
TOKEN_FIELDS = frozenset({"token", "leader", "unit", "units", "tokens"})
CARD_FIELDS = frozenset({"card", "cards", "objective"})
COLOUR_FIELDS = frozenset({"a", "b"})
CONNECTION_FIELDS = frozenset({"connections"})
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
        if spec in names.ELIDED:       # an Italian template: "{day:al}" -> "al 3", "all'8"
            return names.with_preposition(spec, str(self))
        return format(str(self), spec)


def quantity_text(q: Quantity, lang: str | None = None) -> str:
    """A :class:`~dualpowers.narration.Quantity` as ``lang`` writes numbers ("6,4", "37,5 %")."""
    lang = resolve(lang)
    text = percent(q.value, lang, q.digits) if q.percent else number(q.value, lang, q.digits)
    return "+" + text if q.signed and round(q.value, q.digits + (2 if q.percent else 0)) > 0 else text


def field_value(field: str, value: Any, lang: str | None = None) -> Any:
    """One parameter as the reader should see it in ``lang``."""
    lang = resolve(lang)
    if isinstance(value, Quantity):
        return _Shown(quantity_text(value, lang), value, lang)
    if hasattr(value, "msgid") and hasattr(value, "params"):
        return _Shown(message_text(value, lang), value, lang)
    if isinstance(value, Items):        # a list of messages: "a, b"
        return _Shown(", ".join(message_text(v, lang) for v in value), value, lang)
    if isinstance(value, tuple):
        if value and all(hasattr(v, "msgid") for v in value):
            _ = translator(lang)
            text = message_text(value[0], lang)
            for v in value[1:]:
                text = _("{first}; {second}", first=text, second=message_text(v, lang))
            return _Shown(text, value, lang)
        return _Shown(", ".join(str(field_value(field, v, lang)) for v in value), value, lang)
    if field == "day" and isinstance(value, int) and not isinstance(value, bool):
        return _Shown(names.day_of_month(value, lang), value, lang)     # "1er", "1º"
    if not isinstance(value, str):
        return value
    if field in CONNECTION_FIELDS:      # "red-green": each end's colour in ``lang``
        shown = "-".join(names.colour(end, lang) for end in value.split("-"))
    elif field in SIDE_FIELDS:
        shown = names.side(value, lang)
    elif field in REGION_FIELDS:
        shown = names.region(value, lang)
    elif field in TOKEN_FIELDS:
        shown = names.token(value, lang)
    elif field in CARD_FIELDS:
        shown = names.card(value, lang)
    elif field in COLOUR_FIELDS:
        shown = names.colour(value, lang)
    elif field == "place":          # a region, or a place off the board ("reserve")
        shown = names.region(value, lang) if value in names.REGION_IDS else names.place(value, lang)
    elif field == "card_action":
        shown = names.card_action(value, lang)
    elif field == "special":
        shown = names.special(value, lang)
    elif field in ("decided_by", "card_decided_by"):
        shown = translator(lang)(DECIDED_BY[value]) if value in DECIDED_BY else value
    elif field in ("month",):
        shown = value          # written by the {month:month} spec
    else:
        shown = value
    return _Shown(shown, value, lang)


def render(msgid: str, params: dict[str, Any], lang: str | None = None) -> str:
    """A narration template with its parameters, in ``lang``."""
    lang = resolve(lang)
    check_language(lang)
    template = gettext(msgid, lang)
    return template.format_map({k: field_value(k, v, lang) for k, v in params.items()})


def message_text(message: Any, lang: str | None = None) -> str:
    """A :class:`dualpowers.narration.Message` (msgid and params) written in ``lang``."""
    return render(message.msgid, dict(message.params), lang)


def event_text(event: Any, lang: str | None = None) -> str:
    """What an engine event says, in ``lang`` (an event without a template: its text)."""
    lang = resolve(lang)
    if not hasattr(event, "msgid"):
        return str(event.text)
    return render(event.msgid, dict(event.params), lang)


def outcome_text(state: Any, lang: str | None = None) -> str:
    """Why the game ended, in ``lang``, written from ``state.outcome()`` (the value, not the
    English ``end_reason`` read back); empty while the game goes on."""
    lang = resolve(lang)
    over = state.outcome()
    return message_text(over.message, lang) if over is not None else ""


# ---------------------------------------------------------------------------- refusals
def refusal_text(refusal: Any, lang: str | None = None) -> str:
    """Why the engine refused an action, in ``lang``.

    ``refusal`` is the :class:`~dualpowers.errors.IllegalAction` (or its ``message``);
    an error without a message (plain text, such as a typing mistake in an action's
    text form) is shown as it is.
    """
    lang = resolve(lang)
    message = getattr(refusal, "message", None) if not hasattr(refusal, "msgid") else refusal
    if message is None:
        return str(refusal)
    return message_text(message, lang)


def objective_steps(choice: Any, lang: str | None = None) -> list[str]:
    """The Opposition's choice of objective (an ``ObjectiveChoice``), step by step in ``lang``."""
    lang = resolve(lang)
    return [message_text(m, lang) for m in choice.step_messages]
