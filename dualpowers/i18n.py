"""Translations: the catalogs every word a learner reads comes from, and the languages.

The texts live in gettext catalogs (``.po`` files, the format translators' tools
read) under ``dualpowers/locale/<lang>/LC_MESSAGES/<domain>.po``:

* domain ``dualpowers``: the board drawing, the engine's narration, action
  descriptions, error messages shown in widgets, widget labels;
* domain ``course``: the course's prose and exercises;
* domain ``tutorial``: the narration of the rulebook's examples A-H;
* domain ``notebooks``: the prose of the notebooks (``scripts/translate_notebooks.py``
  writes the French and Italian notebooks from it).

The languages are the folders under ``locale/`` (and English): nothing else lists them.

English is the source language: a message id *is* the English text, so English
needs no catalog and a missing translation falls back to English (the catalog
test makes sure none is missing).  The catalogs are read with Babel when first
needed and kept in memory (see docs/translating.md for why ``.po`` is read at run
time rather than compiled to ``.mo``).

This module is the mechanism (catalogs, languages, numbers); sentences are written
with :mod:`dualpowers.text` (``Message``, ``render``, ``translator``).  Mark texts in
code so that ``scripts/extract_messages.py`` (``pybabel extract``) finds them: call a
translator named ``_`` (``_ = translator(lang)``), or wrap a constant in :func:`N_`
and translate it later::

    from dualpowers.text import N_, translator
    ROUND = N_("Round {number}")
    _ = translator("fr")
    _(ROUND, number=3)            # 'Manche 3'
    _("White to act")             # extracted directly

The current language: one plain setting per process (:func:`set_language`,
:func:`current_language`).  Functions that write text for a reader
(:mod:`dualpowers.names`, :mod:`dualpowers.narrate`, :mod:`dualpowers.tables`,
:mod:`dualpowers.describe`, ...) take ``lang=None`` to mean "the current language",
so a notebook's code is the same in every language: ``dualpowers.widgets.language.set("fr")``
sets it for the widgets and for these functions alike.

This module is pure Python: the engine may use it; the traitlets setting the
widgets observe is :mod:`dualpowers.widgets.language`, which keeps this one in step.
"""
from __future__ import annotations

import copy
import functools
import string
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

__all__ = [
    "LANGUAGES", "TRANSLATED", "DEFAULT_LANGUAGE", "language_name", "DOMAINS", "LOCALE_DIR",
    "N_", "NN_", "NP_", "gettext", "pgettext",
    "check_language", "catalog", "translations", "placeholders", "clear_cache",
    "current_language", "set_language", "resolve", "number", "percent",
]

LOCALE_DIR = Path(__file__).with_name("locale")
#: English: the source language (a msgid is the English text) and the default.
DEFAULT_LANGUAGE = "en"
#: Every language a reader may choose: English, then each language that has catalogs
#: under ``locale/`` (a new language is a new folder of catalogs: docs/translating.md).
LANGUAGES: tuple[str, ...] = (DEFAULT_LANGUAGE, *sorted(
    d.name for d in LOCALE_DIR.iterdir() if (d / "LC_MESSAGES").is_dir()))
#: The languages with catalogs: every language but English.
TRANSLATED: tuple[str, ...] = LANGUAGES[1:]
#: The message domains: one catalog per domain and language.
DOMAINS: tuple[str, ...] = ("dualpowers", "course", "tutorial", "notebooks")


@functools.cache
def language_name(lang: str) -> str:
    """A language's name in that language, for a language menu: "Français" (Babel's locale data)."""
    from babel import Locale  # imported here: only when a menu is built

    name = Locale.parse(check_language(lang)).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it (translate it later)."""
    return msgid


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a msgid with plural forms: ``NN_("{n} card", "{n} cards")`` -> the pair, written
    later by ``Message(*pair_first, plural=..., n=...)`` (see :func:`dualpowers.text.plural`)."""
    return (singular, plural)


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """Mark a msgid that has a context: ``NP_("region", "red")`` -> ``("region", "red")``."""
    return (context, msgid)


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else a ValueError naming the choices."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


_current = [DEFAULT_LANGUAGE]


def current_language() -> str:
    """The language texts are written in when a function is given ``lang=None``."""
    return _current[0]


def set_language(lang: str) -> None:
    """Write every text asked for without a ``lang`` in ``lang`` from now on."""
    _current[0] = check_language(lang)


def resolve(lang: str | None) -> str:
    """``lang`` checked, or the current language for ``None``."""
    return _current[0] if lang is None else check_language(lang)


def _check_domain(domain: str) -> str:
    if domain not in DOMAINS:
        raise ValueError(f"message domain must be one of {', '.join(DOMAINS)}, not {domain!r}")
    return domain


@functools.cache
def catalog(lang: str, domain: str = "dualpowers") -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """The translations of one catalog: ``(context, msgid) -> text`` (plural: a tuple).

    Empty and fuzzy entries are left out (they fall back to English).  English and a
    catalog file that does not exist yet give an empty mapping.
    """
    check_language(lang)
    _check_domain(domain)
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT_LANGUAGE or not path.exists():
        return {}
    from babel.messages.pofile import read_po  # imported here: only when a catalog is read

    with path.open("rb") as f:
        po = read_po(f, locale=lang, domain=domain)
    table: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (tuple, list)):
            strings = tuple(message.string or ())
            if strings and all(strings):
                table[(message.context, message.id[0])] = strings
        elif isinstance(message.string, str) and message.string:
            table[(message.context, message.id)] = message.string
    return table


def clear_cache() -> None:
    """Forget the catalogs read so far (after editing a ``.po`` file in a session)."""
    catalog.cache_clear()


def gettext(msgid: str, lang: str = DEFAULT_LANGUAGE, domain: str = "dualpowers") -> str:
    """``msgid`` (the English text) in ``lang``; English if it has no translation."""
    text = catalog(lang, domain).get((None, msgid))
    return text if isinstance(text, str) else msgid


def pgettext(context: str, msgid: str, lang: str = DEFAULT_LANGUAGE, domain: str = "dualpowers") -> str:
    """Like :func:`gettext` for a msgid that needs a context to be translated right.

    ``pgettext("side", "red")`` ("les Rouges") is not ``pgettext("region", "red")``.
    """
    text = catalog(lang, domain).get((context, msgid))
    return text if isinstance(text, str) else msgid


def translations(domain: str = "dualpowers", langs: Iterable[str] = LANGUAGES) -> set[str]:
    """Every text of ``domain`` in ``langs`` (English msgids included), unformatted."""
    from babel.messages.pofile import read_po

    texts: set[str] = set()
    for lang in langs:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
        if lang == DEFAULT_LANGUAGE:
            pot = LOCALE_DIR / f"{domain}.pot"
            if pot.exists():
                with pot.open("rb") as f:
                    for m in read_po(f):
                        if m.id:
                            texts.update(m.id if isinstance(m.id, (tuple, list)) else (m.id,))
            continue
        for value in catalog(lang, domain).values():
            texts.update(value if isinstance(value, tuple) else (value,))
    return texts


def placeholders(text: str) -> set[str]:
    """The ``{field}`` names a text formats (what msgid and translation must share)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@functools.cache
def _number_pattern(lang: str, kind: str, digits: int) -> tuple[Locale, NumberPattern]:
    from babel import Locale  # imported here: only when a number is written

    locale = Locale.parse(check_language(lang))
    base = locale.percent_formats[None] if kind == "percent" else locale.decimal_formats[None]
    pattern: NumberPattern = copy.copy(base)
    pattern.frac_prec = (digits, digits)
    return locale, pattern


def _unsigned_zero(x: float, digits: int) -> float:
    # round(-0.04, 1) is -0.0, which Babel writes "-0.0": a learner should read 0.0.
    return 0.0 if round(x, digits) == 0 else x


def number(x: float, lang: str = DEFAULT_LANGUAGE, digits: int = 1) -> str:
    """``x`` written with ``digits`` decimals the way ``lang`` writes numbers.

    ``number(6.4, "fr")`` -> ``'6,4'``; ``number(1234.5, "en")`` -> ``'1,234.5'``
    (Babel's locale data: decimal comma and the thousands separator of each language).
    """
    locale, pattern = _number_pattern(lang, "decimal", digits)
    text: str = pattern.apply(_unsigned_zero(x, digits), locale)
    return text


def percent(p: float, lang: str = DEFAULT_LANGUAGE, digits: int = 1) -> str:
    """The fraction ``p`` (0.375) as a percentage in ``lang``: ``'37.5%'``, ``'37,5\u00a0%'``, ``'37,5%'``.

    The sign and its spacing are each language's own (French puts a no-break space
    before ``%``, Italian none).
    """
    locale, pattern = _number_pattern(lang, "percent", digits)
    text: str = pattern.apply(_unsigned_zero(p, digits + 2), locale)
    return text


