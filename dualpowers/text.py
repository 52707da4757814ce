"""Words, the one way: every sentence a person reads is a :class:`Message` of a gettext catalog.

A :class:`Message` is a sentence not yet written: a msgid (the English text, a
``str.format`` template with named fields), its catalog (``domain``), and its
parameters as data.  :func:`render` writes it in a language: the template is looked
up in the catalogs (:mod:`dualpowers.i18n`), and each parameter is written for that
reader:

* a game name is written by the one naming module, :mod:`dualpowers.names`: a
  :class:`Name` says which name it is (``Name("region", "red")``), and a plain id is
  named by its field (``side``, ``region``, ``token``, ``card`` ... see :data:`FIELDS`);
* a nested :class:`Message` is written first; a tuple of messages is written as clauses
  ("a; b"), :class:`Items` as a list ("a, b");
* a :class:`Quantity` is a number written the reader's way ("37,5 %");
* an error carrying a reason as data (``exc.message``) is written as that reason.

Formats a template may use: ``{side:cap}`` (capitalised), ``{side:upper}`` (in capitals, inside
a title), ``{action:low}`` (a capitalised
phrase inside a sentence: "jouer violet-4", game names keep their capital), ``{month:month}`` (a month
id's name), ``{month:a_month}`` (Italian "a"/"ad" and the month's name), ``{a:region}`` (a connection's end, a colour
field, named as its region: "la connexion entre la {a:region} et la {b:region}") and, in Italian translations, an articled preposition joined to a date or a
day (``{date:al}`` -> "all'8") or to a side (``{side:al}`` -> "al Rosso", "all'opposizione"; capitalised at a sentence's start:
``{side:Il}`` -> "Il Rosso", "L'opposizione").  A plural message gives ``plural`` and ``n``.

A game name takes its grammatical role in a translation (:data:`dualpowers.names.ROLES`):
``{side:the}`` (French "les Rouges", Italian "il Rosso"), ``{side:to}`` ("aux Rouges", "al Rosso"),
``{side:of}`` ("des Rouges", "del Rosso"), capitalised at a sentence's start (``{side:The}``), in
capitals inside a title (``{side:OF}``: "DES ROUGES");
``{card:the}`` ("le vert 4"), ``{token:the}`` ("le Trotski rouge").  A side standing alone as a
label (a table's column, a plate, a row's title) is ``{side:label}`` (French "Rouges",
``{side:LABEL}`` "ROUGES": :data:`dualpowers.names.LABEL_ROLE`).  A verb agrees with a name
by giving its two forms, ``{side:joue|jouent}`` ("les Rouges jouent", "l'Opposition joue").

``translator(lang)(msgid, **params)`` is the short form for a fixed label or a sentence
written on the spot: the same lookup and the same naming.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import names
from .i18n import DEFAULT_LANGUAGE, N_, NN_, NP_, catalog, number, percent, resolve

__all__ = ["Message", "Name", "Items", "Conjunction", "Disjunction", "Quantity", "Typed", "render", "translator",
           "Translator", "field_value", "FIELDS", "field_naming", "N_", "NN_", "NP_", "say", "plural"]

#: How a plain id is named, by the name of the field that holds it (a trailing digit aside:
#: ``card2`` is a card); the value is a function of :mod:`dualpowers.names`.
FIELDS: dict[str, str] = {
    **dict.fromkeys(("side", "winner", "target", "who", "loser", "will"), "side"),
    **dict.fromkeys(("region", "regions", "start", "to", "via", "unrest", "source"), "region"),
    **dict.fromkeys(("token", "leader", "unit", "units", "tokens"), "token"),
    **dict.fromkeys(("card", "cards", "objective"), "card"),
    **dict.fromkeys(("a", "b"), "colour"),
    "card_action": "card_action", "special": "special", "edition": "edition", "whereabouts": "whereabouts",
}


class Message:
    """A sentence (or a piece of one) not yet written: ``Message(msgid, **params)``.

    ``domain`` names its catalog (default ``"dualpowers"``); ``context`` tells apart two
    msgids that read the same in English; ``plural`` and ``n`` make a message with
    plural forms (``n`` is a parameter too).  ``str(message)`` is the English text.
    """

    __slots__ = ("msgid", "params", "domain", "context", "plural")

    def __init__(self, msgid: str, /, *, domain: str = "dualpowers", context: str | None = None,
                 plural: str | None = None, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        self.domain = domain
        self.context = context
        self.plural = plural

    @property
    def text(self) -> str:
        """The English text."""
        return render(self, DEFAULT_LANGUAGE)

    def __str__(self) -> str:
        return self.text

    def _key(self) -> tuple[Any, ...]:
        return (self.msgid, self.domain, self.context, self.plural, tuple(sorted(self.params.items(), key=str)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Message({self.text!r})"


def plural(forms: tuple[str, str], n: int, /, *, domain: str = "dualpowers", **params: Any) -> Message:
    """A message with plural forms marked by ``NN_``: ``plural(NN_("{n} card", "{n} cards"), 3)``;
    ``n`` chooses the form in each language and is a field of the template too."""
    return Message(forms[0], domain=domain, plural=forms[1], n=n, **params)


class Name:
    """A game name in a message, written by :mod:`dualpowers.names` in the reader's language:
    ``Name("region", "red")`` -> "red", "Zone rouge"; ``Name("date", "jul", 3)``.

    ``kind`` is a naming function of :mod:`dualpowers.names`, ``args`` its arguments."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, *args: Any) -> None:
        if not callable(getattr(names, kind, None)):
            raise ValueError(f"no naming function dualpowers.names.{kind}")
        self.kind = kind
        self.args = args

    def text(self, lang: str | None = None) -> str:
        value = getattr(names, self.kind)(*self.args, lang=resolve(lang))
        return value if isinstance(value, str) else str(value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Name) and (self.kind, self.args) == (other.kind, other.args)

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Name({self.kind!r}, {', '.join(map(repr, self.args))})"

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)


class Items(tuple[Any, ...]):
    """A tuple of messages written as a list ("a, b"), not as clauses ("a; b")."""

    __slots__ = ()


class Conjunction(Items):
    """A list joined the way each language joins the last two ("a, b and c", "a, b et c")."""

    __slots__ = ()


class Disjunction(Items):
    """A list of alternatives, joined the way each language does ("a, b or c", "a, b ou c")."""

    __slots__ = ()


@dataclass(frozen=True)
class Quantity:
    """A number in a message, kept as a number so that each language writes it its own way
    (37,5 % in French).  ``digits``: decimals shown; ``percent``: ``value`` is a fraction
    shown as a percentage; ``signed``: a positive value shows its ``+``."""

    value: float
    digits: int = 0
    percent: bool = False
    signed: bool = False

    def text(self, lang: str | None = None) -> str:
        lang = resolve(lang)
        written = percent(self.value, lang, self.digits) if self.percent else number(self.value, lang, self.digits)
        shown = round(self.value, self.digits + (2 if self.percent else 0))
        return "+" + written if self.signed and shown > 0 else written

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)


# Translators: what a person typed, quoted back in an error ("unknown region 'nowhere'"): your
# language's quotation marks around it (French « {text} » with no-break spaces, Italian «{text}»)
TYPED_QUOTE = NP_("typed text, quoted", "'{text}'")


class Typed(str):
    """What a person typed, quoted back by a message (``errors.brief`` makes it): ``str()`` is its
    Python ``repr``, the English form ('nowhere'); a translation writes ``inner`` between its own
    quotation marks (:data:`TYPED_QUOTE`: French « nowhere », Italian «nowhere»), since a
    straight quote is an English programmer's mark, not a French or Italian reader's."""

    inner: str

    def __new__(cls, shown: str, inner: str) -> "Typed":
        self = super().__new__(cls, shown)
        self.inner = inner
        return self


class _Shown(str):
    """A parameter already written in the reader's language; knows the templates' format specs."""

    __slots__ = ("raw", "lang", "kind")
    raw: Any
    lang: str
    kind: str | None

    def __new__(cls, text: str, raw: Any = None, lang: str = DEFAULT_LANGUAGE, kind: str | None = None) -> "_Shown":
        obj = super().__new__(cls, text)
        obj.raw, obj.lang, obj.kind = raw, lang, kind
        return obj

    def __format__(self, spec: str) -> str:
        if spec.lower() in names.ROLES or spec.lower() == names.LABEL_ROLE:   # "{side:to}" -> "aux Rouges"
            if isinstance(self.raw, Message) and spec.lower() == names.LABEL_ROLE:
                written = str(self)    # a label of its own ("You ({side})") stays as written
            elif isinstance(self.raw, Message) and self.kind == "token" and spec.lower() == "the":
                written = str(self)    # a token's phrase already has what it needs: "l'Unité B3"
            elif isinstance(self.raw, Message):    # a label standing for a side: "You ({side})"
                written = _label_in_role(self.raw, spec.lower(), self.lang)
            elif isinstance(self.raw, (Conjunction, Disjunction)) and self.kind is not None:
                written = _list_in_role(self.raw, self.kind, spec.lower(), self.lang)   # "le violet 2 et le violet 3"
            elif self.kind is None or not isinstance(self.raw, str):
                raise ValueError(f"the format spec {spec!r} needs a game name, not {str(self)!r}")
            else:
                written = names.in_role(self.kind, self.raw, spec.lower(), self.lang)
            if spec.isupper():                 # inside a title in capitals: "{side:OF}" -> "DES ROUGES"
                return written.upper()
            return written[:1].upper() + written[1:] if spec[:1].isupper() else written
        if "|" in spec:                # agreement: "{side:joue|jouent}" -> "jouent" after "les Rouges"
            singular, _bar, plural_form = spec.partition("|")
            if self.kind is None or not isinstance(self.raw, str):
                raise ValueError(f"the format spec {spec!r} needs a game name, not {str(self)!r}")
            return plural_form if names.is_plural(self.kind, self.raw, self.lang) else singular
        if spec == "cap":
            return self[:1].upper() + self[1:]
        if spec == "upper":            # inside a title written in capitals: "VINCE IL BIANCO"
            return self.upper()
        if spec == "month":
            return names.month(str(self.raw), self.lang)
        if spec == "low":              # a sentence's first word inside another: "meilleure action : jouer ..."
            return _lower_first(str(self), self.lang)
        if spec == "a_month":          # an Italian template: "passa {month:a_month}" -> "ad agosto"
            written = names.month(str(self.raw), self.lang)
            return ("ad " if written[:1].lower() == "a" else "a ") + written
        if spec == "agreeing" and isinstance(self.raw, (Conjunction, Disjunction)):   # "Zones : rouge, bleue"
            return _list_of([names.region_colour(v.args[0] if isinstance(v, Name) else str(v), self.lang)
                             for v in self.raw], self.raw, self.lang)
        if spec == "region" and self.kind == "colour":   # a connection's end as its region: "{a:region}" -> "Zone blanche"
            return names.region(str(self.raw), self.lang)
        if spec in names.ELIDED:       # an Italian template: "{day:al}" -> "al 3", "all'8"
            return names.with_preposition(spec, str(self))
        if spec[:1].isupper() and spec.lower() in names.ELIDED:   # a sentence's start: "{side:Il}" -> "Il Rosso"
            written = names.with_preposition(spec.lower(), str(self))
            return written[:1].upper() + written[1:]
        return format(str(self), spec)


class _Html(_Shown):
    """A parameter for an HTML template: its format spec works on the plain text, and the result
    is escaped afterwards ("{action:low}" lowers "N'effectuer" before the apostrophe becomes
    ``&#x27;``, which would hide the word from :func:`_lower_first`)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        from html import escape
        return escape(super().__format__(spec))


def html_param(text: str, lang: str | None = None) -> "_Shown":
    """``text`` (already in the reader's words) as a parameter of an HTML template: escaped after
    its format spec is applied, never before."""
    return _Html(text, text, resolve(lang))


def _list_in_role(items: "Items", kind: str, role: str, lang: str) -> str:
    """A list of game names each in ``role`` ("{cards:the}" -> "le violet 2 et le violet 3"), the
    first one's role carrying a preposition ("{cards:to}" -> "au violet 2 et au violet 3")."""
    return _list_of([names.in_role(kind, v, role, lang) if isinstance(v, str) else str(v) for v in items],
                    items, lang)


def _list_of(written: list[str], items: "Items", lang: str) -> str:
    """``written`` joined as ``items`` are (a conjunction or a disjunction) in ``lang``."""
    from babel.lists import format_list
    joined = format_list(written, style="or" if isinstance(items, Disjunction) else "standard", locale=lang)
    if lang == "it":
        joined = joined.replace(" e E", " ed E").replace(" e e", " ed e")
    return joined


def _label_in_role(label: Message, role: str, lang: str) -> str:
    """A message that stands for a side ("You ({side})", "The Opposition ({side})") in a
    grammatical role: its translation under the role's context ("à vous ({side:the})")."""
    context = names.ROLE_CONTEXTS[role]
    if lang != DEFAULT_LANGUAGE and (context, label.msgid) not in catalog(lang, label.domain):
        raise ValueError(f"{label.msgid!r} has no form of context {context!r} in the {lang} catalog")
    return render(Message(label.msgid, domain=label.domain, context=context, plural=label.plural,
                          **label.params), lang)


def _lower_first(text: str, lang: str) -> str:
    """``text`` with its first letter in lower case, unless its first word is a game name
    (a leader, a side, a region: "Lénine", "Zone violette") or an id ("W3", "R-ACT-1")."""
    word = text.split(" ", 1)[0].rstrip(":,;.\u00a0\u202f")
    if word[1:2] in ("'", "’") and word[:1] in "LD":   # an elided article: "L'Opposition" -> "l'Opposition"
        return text[:1].lower() + text[1:]
    if not word or not word[:1].isupper() or any(c.isupper() or c.isdigit() for c in word[1:]):
        return text
    if word in names.capitalised_words(lang):
        return text
    return text[:1].lower() + text[1:]


def field_naming(field: str) -> str | None:
    """Which kind of game name a message field holds ("card2" -> "card"), if any (:data:`FIELDS`)."""
    return FIELDS.get(field.rstrip("0123456789"))


def field_value(field: str, value: Any, lang: str | None = None) -> Any:
    """One parameter as the reader should see it in ``lang`` (see the module's docstring)."""
    lang = resolve(lang)
    if isinstance(value, Message):       # kind: a token field may hold a phrase ("unit {id}")
        return _Shown(render(value, lang), value, lang, field_naming(field))
    if isinstance(value, Name):
        return _Shown(value.text(lang), value.args[0] if value.args else None, lang, value.kind)
    if isinstance(value, Quantity):
        return _Shown(value.text(lang), value, lang)
    if isinstance(value, Typed):         # quoted input: the reader's quotation marks
        if lang == DEFAULT_LANGUAGE:
            return _Shown(str(value), value, lang)
        return _Shown(render(Message(TYPED_QUOTE[1], context=TYPED_QUOTE[0], text=value.inner), lang), value, lang)
    told = getattr(value, "message", None)
    if isinstance(value, Exception):      # an error: its reason as data, else its text
        return _Shown(render(told, lang) if isinstance(told, Message) else str(value), value, lang)
    if isinstance(value, (Conjunction, Disjunction)):
        from babel.lists import format_list
        # a token in a list inside a sentence takes its article where its language wants one
        # ("R3, N6 et le Trotski rouge"; a unit keeps its bare name)
        written = [names.in_role("token", v, "the", lang) if isinstance(v, str) and field_naming(field) == "token"
                   else str(field_value(field, v, lang)) for v in value]
        joined = format_list(written, style="or", locale=lang) if isinstance(value, Disjunction) \
            else format_list(written, locale=lang)
        if lang == "it":   # Italian euphony, which CLDR's list pattern leaves out: "D ed E", "A e D"
            joined = joined.replace(" e E", " ed E").replace(" e e", " ed e")
        return _Shown(joined, value, lang, field_naming(field))
    if isinstance(value, Items):
        return _Shown(", ".join(str(field_value(field, v, lang)) for v in value), value, lang)
    if isinstance(value, tuple):
        if value and all(isinstance(v, Message) for v in value):
            text = render(value[0], lang)
            for v in value[1:]:
                text = render(Message(N_("{first}; {second}"), first=_Shown(text), second=v), lang)
            return _Shown(text, value, lang)
        return _Shown(", ".join(str(field_value(field, v, lang)) for v in value), value, lang)
    if field == "day" and isinstance(value, int) and not isinstance(value, bool):
        return _Shown(names.day_of_month(value, lang), value, lang)     # "1er", "1º"
    if isinstance(value, _Shown) or not isinstance(value, str):
        return value
    kind = field_naming(field)
    if kind is not None:
        shown = getattr(names, kind)(value, lang)
        return _Shown(shown, value, lang, kind)
    elif field == "place":          # a region, or a place off the board ("reserve")
        shown = names.place(value, lang) if names.is_place(value) else names.region(value, lang)
    elif field == "connections":
        # "red – green", "rouge – verte": the regions' own adjectives, not a colour compound
        # such as "bleu-vert" (grade 9, French 18)
        shown = " – ".join(names.region_colour(end, lang) for end in value.split("-"))
    else:
        shown = value
    return _Shown(shown, value, lang)


def _template(message: Message, lang: str) -> str:
    table = catalog(lang, message.domain) if lang != DEFAULT_LANGUAGE else {}
    found = table.get((message.context, message.msgid))
    if message.plural is None:
        return found if isinstance(found, str) else message.msgid
    n = message.params.get("n", 1)
    if isinstance(found, tuple):
        return found[min(_plural_index(lang, n), len(found) - 1)]
    return message.msgid if n == 1 else message.plural


def _plural_index(lang: str, n: Any) -> int:
    from babel import Locale   # the plural rule of each language, from Babel's locale data
    form = Locale.parse(lang).plural_form(abs(n) if isinstance(n, (int, float)) else 1)
    return 0 if form == "one" else 1


def render(message: object, lang: str | None = None) -> str:
    """``message`` written in ``lang`` (the current language for ``None``); a :class:`Name` or a
    :class:`Quantity` too, an error by its reason, anything else as it is."""
    lang = resolve(lang)
    if not isinstance(message, Message):
        if isinstance(message, (Name, Quantity)):
            return message.text(lang)
        told = getattr(message, "message", None)
        return render(told, lang) if isinstance(told, Message) else str(message)
    template = _template(message, lang)
    if not message.params:
        return template
    return template.format_map({k: field_value(k, v, lang) for k, v in message.params.items()})


class Translator:
    """Texts of one language and catalog: ``t(msgid, **params)`` is
    ``render(Message(msgid, **params))``; ``t.pgettext(context, msgid, **params)`` and
    ``t.ngettext(singular, plural, n, **params)`` the same with a context or plural forms."""

    __slots__ = ("lang", "domain")

    def __init__(self, lang: str = DEFAULT_LANGUAGE, domain: str = "dualpowers") -> None:
        self.lang = resolve(lang)
        self.domain = domain

    def __call__(self, msgid: str, **params: Any) -> str:
        return render(Message(msgid, domain=self.domain, **params), self.lang)

    def pgettext(self, context: str, msgid: str, **params: Any) -> str:
        return render(Message(msgid, domain=self.domain, context=context, **params), self.lang)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return render(Message(singular, domain=self.domain, plural=plural, n=n, **params), self.lang)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r}, domain={self.domain!r})"


def translator(lang: str | None = None, domain: str = "dualpowers") -> Translator:
    """A :class:`Translator`: ``translator("fr")("Round {number}", number=2)``."""
    return Translator(resolve(lang), domain)


def say(msgid: str, **params: Any) -> str:
    """A text of the ``notebooks`` catalog in the current language.

    The notebooks' code cells print their labels with it (``print(say("refused:"), ...)``),
    so the same code prints French in a French notebook; ``scripts/extract_messages.py
    notebooks`` finds the ``say("...")`` calls of the English notebooks' code.
    """
    return render(Message(msgid, domain="notebooks", **params))
