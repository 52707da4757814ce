"""Is a text made only of catalog texts?  Shared by the i18n tests.

A text passes in ``lang`` if it is a number, an identifier (a unit token id, an
edition code), a translation from the ``lang`` catalog, or a catalog template
whose ``{fields}`` are filled with texts that pass in turn (compared without
case: the board writes some names in capitals).
"""
from __future__ import annotations

import functools
import re
import string

import dualpowers as dp
from dualpowers import i18n

_NUMBER = re.compile(r"[^a-zA-Z\u00C0-\u024F]*|\d+b")   # no letter at all (numbers, ranges, signs), or "5b"


@functools.cache
def _templates(lang: str, domain: str) -> tuple[list[tuple[tuple[str, bool], ...]], frozenset[str]]:
    """The catalog's texts: atoms (no field) and templates as (literal, is-field) pieces."""
    atoms: set[str] = set()
    templates = []
    for value in i18n.catalog(lang, domain).values():
        for text in (value if isinstance(value, tuple) else (value,)):
            parts = list(string.Formatter().parse(text))
            if all(name is None for _, name, _, _ in parts):
                atoms.add(text.casefold())
                continue
            pieces: list[tuple[str, bool]] = []
            for lit, name, _, _ in parts:
                if lit:
                    pieces.append((lit.casefold(), False))
                if name is not None:
                    pieces.append(("", True))
            templates.append(tuple(pieces))
    return templates, frozenset(atoms)


def _fits(text: str, pieces: tuple[tuple[str, bool], ...], lang: str, domain: str, depth: int) -> bool:
    """Does ``text`` (casefolded) read as ``pieces`` with every field filled by a passing text?
    Tries every split, so "Tu (Bianco) (carta)" fits "{side} ({step})"."""
    if not pieces:
        return not text
    lit, is_field = pieces[0]
    if not is_field:
        return text.startswith(lit) and _fits(text[len(lit):], pieces[1:], lang, domain, depth)
    if len(pieces) == 1:
        return bool(text.strip()) and _ok(text.strip(), lang, domain, depth + 1)
    nxt = pieces[1][0]            # a field is always followed by a literal or ends the text
    start = text.find(nxt, 1)
    while start != -1:
        value = text[:start].strip()
        if value and _ok(value, lang, domain, depth + 1) and _fits(text[start:], pieces[1:], lang, domain, depth):
            return True
        start = text.find(nxt, start + 1)
    return False


@functools.cache
def _identifiers() -> frozenset[str]:
    comp = dp.load_components()
    ids = {t.casefold() for t, spec in comp.tokens.items() if spec.kind == "unit"}
    return frozenset(ids | {"fr", "it", "x"})


@functools.cache
def _list_connector(lang: str) -> str:
    from babel.lists import format_list
    return format_list(["\x00", "\x01"], locale=lang).split("\x00")[1].split("\x01")[0]


def from_catalog(text: str, lang: str, domain: str = "dualpowers") -> bool:
    """True if ``text`` is built only of ``lang`` catalog texts, numbers and identifiers."""
    return _ok(text.strip(), lang, domain, 0)


@functools.cache
def _ok(text: str, lang: str, domain: str, depth: int) -> bool:
    if _NUMBER.fullmatch(text) or text.casefold() in _identifiers():
        return True
    templates, atoms = _templates(lang, domain)
    if text.casefold() in atoms:
        return True
    if depth > 6:
        return False
    if "-" in text and all(_ok(part, lang, domain, depth + 1) for part in text.split("-")):
        return True   # a card ("violet-4") or a connection ("rouge-violet")
    if ", " in text and all(_ok(part, lang, domain, depth + 1) for part in text.split(", ")):
        return True   # a list of catalog texts
    last = _list_connector(lang)   # a list formatted by Babel (CLDR data): "A, B et C"
    if last in text and all(_ok(part, lang, domain, depth + 1) for part in re.split(f"{re.escape(last)}|, ", text)):
        return True
    folded = text.casefold()
    return any(_fits(folded, pieces, lang, domain, depth) for pieces in templates)
