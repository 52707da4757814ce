"""The game's names in each language: regions, sides, months, leaders, places.

The engine and the notation use fixed English ids ("purple", "red", "oct-nov",
"Kerensky"); this module turns an id into the word a learner reads in ``lang``,
with each edition's own terms (RULINGS, vocabulary line).  An id this module
does not know (a user's own components file) is shown as it is.
"""

from __future__ import annotations

from .i18n import DEFAULT_LANGUAGE, N_, NP_, gettext, pgettext, resolve

__all__ = ["region", "is_place", "colour", "region_colour", "card_action", "side", "faction", "month", "leader", "token", "place", "special",
           "region_label", "date", "day_of_month", "DateText", "with_preposition", "ELIDED", "card", "edition",
           "capitalised_words", "whereabouts", "ROLES", "ROLE_CONTEXTS", "in_role", "is_plural", "LABEL_ROLE",
           "side_label"]

# The regions are the components' (data/components.toml): their names are messages with the
# context "region" (the region: "Zone violette") and "card" (its colour in a card's name:
# "violet-4"), extracted from that file by dualpowers.i18n_extract.components.
_CARD_ACTIONS = {"move": NP_("card action", "Move"), "double-move": NP_("card action", "Double Move"),
                 "rest": NP_("card action", "Rest")}
_SIDES = {"red": NP_("side", "Red"), "white": NP_("side", "White"), "neutral": NP_("side", "neutral"),
          "opposition": NP_("side", "the Opposition")}
_FACTIONS = {"red": NP_("faction", "Petrograd Soviet"), "white": NP_("faction", "Provisional Government")}
_MONTHS = {"mar-apr": NP_("month", "March/April"), "may-jun": NP_("month", "May/June"),
           "jul": NP_("month", "July"), "aug": NP_("month", "August"), "sep": NP_("month", "September"),
           "oct-nov": NP_("month", "October/November")}
_MONTHS_SHORT = {"mar-apr": NP_("month-short", "Mar/Apr"), "may-jun": NP_("month-short", "May/Jun"),
                 "jul": NP_("month-short", "Jul"), "aug": NP_("month-short", "Aug"),
                 "sep": NP_("month-short", "Sep"), "oct-nov": NP_("month-short", "Oct/Nov")}
_LEADERS = {"Lenin": NP_("leader", "Lenin"), "Stalin": NP_("leader", "Stalin"),
            "Kamenev": NP_("leader", "Kamenev"), "Kerensky": NP_("leader", "Kerensky"),
            "Lvov": NP_("leader", "Lvov"), "Kornilov": NP_("leader", "Kornilov"),
            "Trotsky": NP_("leader", "Trotsky"), "RedTrotsky": NP_("leader", "red Trotsky")}
#: The first day of a month is written as an ordinal in French and Italian ("1er", "1º").
_FIRST_DAY = NP_("day of the month", "1")
#: Italian articled prepositions a template may put before a date or a day as a format
#: spec ("{date:al}"), and their elided forms before a day read with a vowel (8, 11).
ELIDED = {"al": "all'", "il": "l'", "sul": "sull'", "dal": "dall'", "del": "dell'"}
_PLACES = {"reserve": NP_("place", "reserve"), "supply": NP_("place", "supply"),
           "waiting": NP_("place", "waiting by the calendar"), "removed": NP_("place", "out of the game"),
           "box": NP_("place", "box")}
_EDITIONS = {"fr": NP_("edition", "French edition"), "it": NP_("edition", "Italian edition")}
_SPECIALS = {"protest": NP_("special", "Mobilize Protest"), "espionage": NP_("special", "Espionage"),
             "inspire": NP_("special", "Inspire the People")}


def _tr(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    entry = table.get(key)
    return key if entry is None else pgettext(entry[0], entry[1], lang)


def is_place(name: str) -> bool:
    """Whether ``name`` is a place off the board ("reserve", "supply" ...) rather than a region."""
    return name in _PLACES


def region(name: str, lang: str | None = None) -> str:
    """A region's name: "purple" -> "purple", "Zone violette", "quartiere viola" (a region
    of a user's own components that the catalogs do not know: its id)."""
    return pgettext("region", name, resolve(lang))


def colour(name: str, lang: str | None = None) -> str:
    """A region's colour alone, as in card names: "purple" -> "purple", "violet", "viola"."""
    return pgettext("card", name, resolve(lang))


def region_colour(name: str, lang: str | None = None) -> str:
    """A region's colour as an adjective agreeing with the word for a region, for a list after
    that word ("6 Zones : rouge, bleue, verte…"): the region's name without its noun ("Zone
    bleue" -> "bleue", "quartiere viola" -> "viola", "blue" -> "blue")."""
    full = region(name, lang)
    noun, _space, rest = full.partition(" ")
    return rest if rest and noun.lower() != colour(name, lang).lower() else full


def card_action(name: str, lang: str | None = None) -> str:
    """A command card's printed action: "double-move" -> "Double Move", "Double Mouvement", ..."""
    lang = resolve(lang)
    return _tr(_CARD_ACTIONS, name, lang)


def side(name: str, lang: str | None = None) -> str:
    """A side: "red" -> "Red", "Rouge", "Rosso" ("neutral", "opposition" too)."""
    lang = resolve(lang)
    return _tr(_SIDES, name, lang)


# ---------------------------------------------------------------------------- names in a sentence
#: The grammatical roles a name may take inside a sentence, asked for by a template's format
#: spec (``{side:the}``, ``{side:to}``, ``{side:of}``; capitalised at a sentence's start:
#: ``{side:The}``).  English writes a side bare ("Red plays"), French with its article, in the
#: plural ("les Rouges jouent", "aux Rouges de jouer", "la main des Rouges"), Italian with its
#: article ("il Rosso gioca", "al Rosso", "del Rosso"): each is a message of the catalogs, so a
#: language says how its own grammar names a side, and this module stays the one home of names.
ROLES = ("the", "to", "of")
#: The catalog contexts of the side forms, by role; a label that stands for a side ("You ({side})")
#: has its forms under the same contexts (:mod:`dualpowers.text`).
ROLE_CONTEXTS = {"the": "side, with its article", "to": "side, after 'to'", "of": "side, after 'of'"}
# Translators: a side as the subject or object of a verb, with the article your language needs
# (French "les Rouges", "l'Opposition"; Italian "il Rosso", "l'opposizione")
_SIDES_THE = {"red": NP_("side, with its article", "Red"), "white": NP_("side, with its article", "White"),
              "neutral": NP_("side, with its article", "neutral"),
              "opposition": NP_("side, with its article", "the Opposition")}
# Translators: a side after "to" (French "aux Rouges", "à l'Opposition"; Italian "al Rosso")
_SIDES_TO = {"red": NP_("side, after 'to'", "Red"), "white": NP_("side, after 'to'", "White"),
             "neutral": NP_("side, after 'to'", "neutral"),
             "opposition": NP_("side, after 'to'", "the Opposition")}
# Translators: a side after "of" (French "des Rouges", "de l'Opposition"; Italian "del Rosso")
_SIDES_OF = {"red": NP_("side, after 'of'", "Red"), "white": NP_("side, after 'of'", "White"),
             "neutral": NP_("side, after 'of'", "neutral"),
             "opposition": NP_("side, after 'of'", "the Opposition")}
#: Whether a verb agreeing with the side is in the plural: French "les Rouges jouent" but
#: "l'Opposition joue".  A template writes both forms, ``{side:joue|jouent}``.
# Translators: write "plural" if a verb whose subject is this side (as you wrote it "with its
# article") takes the plural in your language (French "les Rouges jouent": plural); else "singular"
_SIDES_NUMBER = {"red": NP_("side's grammatical number", "red: singular"),
                 "white": NP_("side's grammatical number", "white: singular"),
                 "neutral": NP_("side's grammatical number", "neutral: singular"),
                 "opposition": NP_("side's grammatical number", "opposition: singular")}
#: A side standing alone as a label, outside a sentence: a column of a table ("winner: Red"), the
#: plate under a region ("Red 3"), the title before a side's played cards, the track's ends.
#: French names the camp in the plural without its article ("Rouges 3", "BLANCS"), Italian as the
#: side ("Rosso 3").  A template asks for it with ``{side:label}`` (``{side:LABEL}`` in capitals);
#: it is not one of :data:`ROLES`, which are a sentence's roles (a label of its own, "You ({side})",
#: stays as written in this role).
LABEL_ROLE = "label"
# Translators: a side standing alone as a label (a table's column, "Red 3" under a region, the
# title of its played cards): French "Rouges", "Blancs" (the camp, without the article); Italian "Rosso"
_SIDES_LABEL = {"red": NP_("side, as a label", "Red"), "white": NP_("side, as a label", "White"),
                "neutral": NP_("side, as a label", "neutral"),
                "opposition": NP_("side, as a label", "the Opposition")}


def side_label(name: str, lang: str | None = None) -> str:
    """A side as a label standing alone (:data:`LABEL_ROLE`): "red" -> "Red", French "Rouges",
    Italian "Rosso"; a side this module does not know: its id."""
    lang = resolve(lang)
    return _tr(_SIDES_LABEL, name, lang)


# Translators: a command card's name with the article your language puts before it in a sentence
# ("les Rouges jouent le vert 4", "il Rosso gioca la viola-4"); {card} is the card's name
_CARD_THE = NP_("card name, with its article", "{card}")
# Translators: a leader's name with the article your language needs in a sentence, if any
# ("Lénine" but "le Trotski rouge"; Italian "il Trotsky rosso")
_LEADERS_THE = {"Lenin": NP_("leader, with its article", "Lenin"), "Stalin": NP_("leader, with its article", "Stalin"),
                "Kamenev": NP_("leader, with its article", "Kamenev"),
                "Kerensky": NP_("leader, with its article", "Kerensky"),
                "Lvov": NP_("leader, with its article", "Lvov"),
                "Kornilov": NP_("leader, with its article", "Kornilov"),
                "Trotsky": NP_("leader, with its article", "Trotsky"),
                "RedTrotsky": NP_("leader, with its article", "red Trotsky")}


def in_role(kind: str, name: str, role: str, lang: str | None = None) -> str:
    """A game name as a sentence's grammar wants it (:data:`ROLES`): ``in_role("side", "red",
    "to", "fr")`` -> "aux Rouges"; ``in_role("card", "green-4", "the", "fr")`` -> "le vert 4";
    a leader "RedTrotsky" -> "le Trotski rouge".  ``kind`` is "side", "card" or "token"; a card
    or a token only has the role "the" (a unit keeps its bare name: "B3").  English: the name."""
    lang = resolve(lang)
    if role == LABEL_ROLE and kind == "side":
        return side_label(name, lang)
    if role not in ROLES:
        raise ValueError(f"no grammatical role {role!r}: one of {', '.join(ROLES)}")
    if kind == "side":
        table = {"the": _SIDES_THE, "to": _SIDES_TO, "of": _SIDES_OF}[role]
        return _tr(table, name, lang) if name in table else side(name, lang)
    if role != "the" or kind not in ("card", "token"):
        raise ValueError(f"a {kind} has no role {role!r}")
    if name in _LEADERS_THE:
        return _tr(_LEADERS_THE, name, lang)
    if kind == "card" and name not in _LEADERS:
        reg, sep, rest = name.partition("-")
        if sep and rest[:1].isdigit():
            return pgettext(*_CARD_THE, lang).format(card=card(name, lang))
        return card(name, lang)
    return token(name, lang)


def is_plural(kind: str, name: str, lang: str | None = None) -> bool:
    """Whether a verb agreeing with this name takes the plural in ``lang`` (French "les Rouges
    jouent"; a card, a token, the Opposition, every English side: singular)."""
    lang = resolve(lang)
    return kind == "side" and name in _SIDES_NUMBER and _tr(_SIDES_NUMBER, name, lang).endswith("plural")


def faction(name: str, lang: str | None = None) -> str:
    """A faction's full name: "white" -> "Provisional Government", "Gouvernement provisoire", ..."""
    lang = resolve(lang)
    return _tr(_FACTIONS, name, lang)


def month(name: str, lang: str | None = None, *, short: bool = False) -> str:
    """A month space of the calendar: "oct-nov" -> "October/November" (``short``: "Oct/Nov")."""
    lang = resolve(lang)
    return _tr(_MONTHS_SHORT if short else _MONTHS, name, lang)


def leader(name: str, lang: str | None = None) -> str:
    """A leader as each edition spells it: "Lenin" -> "Lénine" in French."""
    lang = resolve(lang)
    return _tr(_LEADERS, name, lang)


def place(name: str, lang: str | None = None) -> str:
    """Where a token is off the map: "reserve", "supply", "waiting", "removed", "box"."""
    lang = resolve(lang)
    return _tr(_PLACES, name, lang)


#: Where a token is, as the end of a sentence ("it is in the reserve"): the preposition and the
#: article belong to the place in French and Italian ("dans la réserve", "nel quartiere viola").
_WHEREABOUTS = {"reserve": NP_("whereabouts", "in the reserve"), "supply": NP_("whereabouts", "in the supply"),
                "waiting": NP_("whereabouts", "waiting by the calendar"),
                "removed": NP_("whereabouts", "out of the game"), "box": NP_("whereabouts", "in the box")}
_IN_REGION = NP_("whereabouts", "in {region}")


def whereabouts(name: str, lang: str | None = None) -> str:
    """Where a token is, to end a sentence: "reserve" -> "in the reserve", "dans la réserve",
    "nella riserva"; a region "purple" -> "in purple", "dans la Zone violette", "nel quartiere viola"."""
    lang = resolve(lang)
    if name in _WHEREABOUTS:
        return _tr(_WHEREABOUTS, name, lang)
    return pgettext(*_IN_REGION, lang).format(region=region(name, lang))


def edition(name: str, lang: str | None = None) -> str:
    """An edition of the rules: "fr" -> "French edition", "édition française", "edizione francese"."""
    lang = resolve(lang)
    return _tr(_EDITIONS, name, lang)


def special(name: str, lang: str | None = None) -> str:
    """A leader's special action: "protest" -> "Mobilize Protest", ..."""
    lang = resolve(lang)
    return _tr(_SPECIALS, name, lang)


#: A unit's short name, its faction's letter and its number: the ids' letters are English
#: (W for White), a reader sees their own side's initial (French "B3" for Blanc, Italian
#: "B3" for Bianco); the id itself (notation, saves) stays "W3".
# Translators: a unit's short name: its faction's initial (W for White, R Red, N neutral,
# O Opposition) then {number}; write the initial of that side's name in your language
_UNIT_NAMES = {"W": NP_("unit", "W{number}"), "R": NP_("unit", "R{number}"), "N": NP_("unit", "N{number}"),
               "O": NP_("unit", "O{number}")}


def token(token_id: str, lang: str | None = None) -> str:
    """A token's name to show: leaders and Trotsky by name, units by their faction's
    initial in ``lang`` and their number ("W3" -> "W3", French and Italian "B3")."""
    lang = resolve(lang)
    if token_id in _LEADERS:
        return _tr(_LEADERS, token_id, lang)
    letter, number = token_id[:1], token_id[1:]
    if letter in _UNIT_NAMES and number[:1].isdigit():
        return pgettext(*_UNIT_NAMES[letter], lang).format(number=number)
    return token_id


def region_label(name: str, label: str, lang: str | None = None) -> str:
    """The board's label of a region ("Red: Vyborg Side"); a label from a user's own
    components file that the catalog does not know stays as written."""
    return pgettext("region label", label, resolve(lang))


#: A second copy of a card (the same region and number of days: "red-5b"), told apart from
#: the first without the internal suffix: "red-5 (2nd)", "rouge-5 (2e)", "rosso-5 (2ª)".
_SECOND_COPY = NP_("card copy", "{card} (2nd)")
#: A command card's name as each rulebook writes it: its colour and its number of days
#: ("purple-4"; the French rulebook "violet 4", the Italian "viola-4").
# Translators: a command card's name as your rulebook writes it: {colour} is the card's colour, {days} its number
_CARD_NAME = NP_("card name", "{colour}-{days}")


def card(card_id: str, lang: str | None = None) -> str:
    """A command card's name: "purple-4" -> "violet 4", "viola-4", a second copy "purple-4b" ->
    "viola-4 (2ª)"; leader cards by the leader's name."""
    lang = resolve(lang)
    reg, sep, rest = card_id.partition("-")
    if sep and rest[:1].isdigit():          # "purple-4", a second copy "purple-4b"
        days = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
        name = pgettext(*_CARD_NAME, lang).format(colour=colour(reg, lang), days=days)
        if rest[len(days):] == "b":
            return pgettext(_SECOND_COPY[0], _SECOND_COPY[1], lang).format(card=name)
        return name + rest[len(days):]
    return leader(card_id, lang)


#: Rulebook terms that a language may write with a capital inside a sentence (French
#: "Action supplémentaire", as the French rulebook does): their first word keeps it (:func:`capitalised_words`).
# Translators: write this term as your rulebook does, with its capitals (French "Action supplémentaire")
_TERMS = {"bonus-action": NP_("game term", "bonus action")}
_CAPITALISED: dict[str, frozenset[str]] = {}


def capitalised_words(lang: str | None = None) -> frozenset[str]:
    """The first words of the game's names in ``lang`` (leaders, sides, factions, regions,
    specials, card actions, the rulebook's capitalised terms): words that keep their capital
    inside a sentence."""
    lang = resolve(lang)
    if lang not in _CAPITALISED:
        from .i18n import catalog
        texts = [_tr(t, k, lang) for t in (_LEADERS, _SIDES, _FACTIONS, _SPECIALS, _CARD_ACTIONS, _TERMS) for k in t]
        if lang != DEFAULT_LANGUAGE:       # the regions' names ("Zone violette"): the catalog's "region" texts
            texts += [t for (ctx, _id), t in catalog(lang).items() if ctx == "region" and isinstance(t, str)]
        _CAPITALISED[lang] = frozenset(t.split(" ", 1)[0] for t in texts if t[:1].isupper())
    return _CAPITALISED[lang]


def with_preposition(preposition: str, text: str) -> str:
    """``text`` (a date, a day or a side) after an Italian articled preposition of :data:`ELIDED`:
    "al 3 maggio", but "all'8 maggio" and "l'11": the article elides before a vowel; a name
    that has its article already ("l'opposizione") takes the preposition's elided form
    ("all'opposizione", "dell'opposizione"), a side "Rosso" the full one ("al Rosso")."""
    if text[:2] in ("l'", "l’"):
        return ELIDED[preposition] + text[2:]
    if text[:1] == "8" or text[:2] == "11":
        return ELIDED[preposition] + text
    return f"{preposition} {text}"


class DateText(str):
    """A date or a day as written in one language.  A template may join an Italian
    articled preposition to it as a format spec, ``"si ferma {date:al}"``, because
    the article changes with the number that follows (:func:`with_preposition`)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return with_preposition(spec, str(self)) if spec in ELIDED else format(str(self), spec)


def day_of_month(number: int, lang: str | None = None) -> DateText:
    """A day of the month: 3 -> "3"; the first as each language writes it ("1er", "1º")."""
    lang = resolve(lang)
    return DateText(pgettext(*_FIRST_DAY, lang) if number == 1 else str(number))


def date(month_id: str, day: int, lang: str | None = None) -> DateText:
    """A calendar date: ("oct-nov", 3) -> "October/November 3", "3 octobre/novembre"."""
    lang = resolve(lang)
    return DateText(gettext(N_("{month} {day}"), lang).format(month=month(month_id, lang), day=day_of_month(day, lang)))
