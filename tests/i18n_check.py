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

_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?[%b]?|[^\w]*")   # "5b": a card's second copy


@functools.cache
def _templates(lang: str, domain: str) -> tuple[list[re.Pattern[str]], frozenset[str]]:
    atoms: set[str] = set()
    patterns = []
    for value in i18n.catalog(lang, domain).values():
        for text in (value if isinstance(value, tuple) else (value,)):
            parts = list(string.Formatter().parse(text))
            if all(name is None for _, name, _, _ in parts):
                atoms.add(text.casefold())
                continue
            rx = "".join(re.escape(lit) + (f"(?P<f{i}>.+?)" if name is not None else "")
                         for i, (lit, name, _, _) in enumerate(parts))
            patterns.append(re.compile(rx, re.IGNORECASE | re.DOTALL))
    return patterns, frozenset(atoms)


@functools.cache
def _identifiers() -> frozenset[str]:
    comp = dp.load_components()
    ids = {t.casefold() for t, spec in comp.tokens.items() if spec.kind == "unit"}
    return frozenset(ids | {"fr", "it", "x"})


def from_catalog(text: str, lang: str, domain: str = "dualpowers") -> bool:
    """True if ``text`` is built only of ``lang`` catalog texts, numbers and identifiers."""
    return _ok(text.strip(), lang, domain, 0)


@functools.cache
def _ok(text: str, lang: str, domain: str, depth: int) -> bool:
    if _NUMBER.fullmatch(text) or text.casefold() in _identifiers():
        return True
    patterns, atoms = _templates(lang, domain)
    if text.casefold() in atoms:
        return True
    if depth > 6:
        return False
    if "-" in text and all(_ok(part, lang, domain, depth + 1) for part in text.split("-")):
        return True   # a card ("violet-4") or a connection ("rouge-violet")
    if ", " in text and all(_ok(part, lang, domain, depth + 1) for part in text.split(", ")):
        return True   # a list of catalog texts
    for rx in patterns:
        m = rx.fullmatch(text)
        if m and all(_ok(v.strip(), lang, domain, depth + 1) for v in m.groupdict().values()):
            return True
    return False
