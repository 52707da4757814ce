"""Is a text made only of catalog texts?  Shared by the i18n tests.

A text passes in ``lang`` if it is a number, an identifier (a unit token id, an
edition code), a translation from the ``lang`` catalog, or a catalog template
whose ``{fields}`` are filled with texts that pass in turn (compared without
case: the board writes some names in capitals).
"""
from __future__ import annotations

import functools
import html
import re
import string
from typing import Iterator

import dualpowers as dp
from dualpowers import i18n
from dualpowers.narration import Message

_NUMBER = re.compile(r"[^a-zA-Z\u00C0-\u024F]*")   # no letter at all (numbers, ranges, signs)


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
            # A verb agreeing with a name ("{side:joue|jouent}", dualpowers.text) is one of its
            # forms, written as it is: one template per choice of forms.
            choices: list[list[tuple[str, bool]]] = [[]]
            for lit, name, spec, _ in parts:
                if lit:
                    choices = [c + [(lit.casefold(), False)] for c in choices]
                if name is not None and spec and "|" in spec:
                    choices = [c + [(form.casefold(), False)] for c in choices for form in spec.split("|")]
                elif name is not None:
                    choices = [c + [("", True)] for c in choices]
            for pieces in choices:
                merged: list[tuple[str, bool]] = []
                for piece in pieces:      # two literals side by side are one
                    if merged and not piece[1] and not merged[-1][1]:
                        merged[-1] = (merged[-1][0] + piece[0], False)
                    else:
                        merged.append(piece)
                templates.append(tuple(merged))
    return templates, frozenset(atoms)


@functools.cache
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


def _after_preposition(text: str) -> str:
    """What follows an articled preposition a template joined to a date ("all'8" -> "8"), or ""."""
    from dualpowers.names import ELIDED
    folded = text.casefold()
    for preposition, elided in ELIDED.items():
        for head in (preposition + " ", elided):
            if folded.startswith(head):
                return text[len(head):]
    for head in ("ad ", "a "):     # "{month:a_month}": "passa ad agosto", "a luglio" (dualpowers.text)
        if folded.startswith(head) and _is_month(text[len(head):]):
            return text[len(head):]
    return ""


def _is_month(text: str) -> bool:
    from dualpowers import names
    from dualpowers.dates import MONTHS
    return any(text == names.month(m, "it") for m in MONTHS)


def _split_outside_brackets(text: str, separator: str) -> list[str]:
    """``text`` split at each match of the regex ``separator`` that is outside parentheses:
    a list item may hold a comma of its own ("unit W7 (strength 2, 2 when exhausted)")."""
    parts, start = [], 0
    for m in re.finditer(separator, text):
        head = text[:m.start()]
        if head.count("(") == head.count(")"):
            parts.append(text[start:m.start()])
            start = m.end()
    parts.append(text[start:])
    return parts


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
    rest = _after_preposition(text) if lang == "it" else ""
    if rest and _ok(rest, lang, domain, depth + 1):
        return True   # an Italian "{date:al}": "all'8 maggio/giugno" (dualpowers.names.with_preposition)
    # a card ("violet-4") or a connection ("rouge-violet"): one word (splitting a sentence at its
    # hyphens only parses pieces of it, and took half the time of the narration's check)
    if "-" in text and " " not in text and all(_ok(part, lang, domain, depth + 1) for part in text.split("-")):
        return True
    parts = _split_outside_brackets(text, ", ")
    if len(parts) > 1 and all(_ok(part, lang, domain, depth + 1) for part in parts):
        return True   # a list of catalog texts
    last = _list_connector(lang)   # a list formatted by Babel (CLDR data): "A, B et C"
    parts = _split_outside_brackets(text, f"{re.escape(last)}|, ")
    if len(parts) > 1 and all(_ok(part, lang, domain, depth + 1) for part in parts):
        return True
    folded = text.casefold()
    templates = _templates(lang, domain)[0]
    return any(_fits(folded, templates[t], lang, domain, depth) for t in _viable(folded, lang, domain))


@functools.cache
def _index(lang: str, domain: str) -> tuple[dict[str, list[int]], list[int], dict[str, list[int]], list[int], list[int]]:
    """The templates (by number) by the literal they open with (else by the one they close with,
    else none)."""
    templates, _atoms = _templates(lang, domain)
    by_prefix: dict[str, list[int]] = {}
    by_suffix: dict[str, list[int]] = {}
    loose: list[int] = []
    for number, pieces in enumerate(templates):
        if not pieces[0][1]:
            by_prefix.setdefault(pieces[0][0], []).append(number)
        elif not pieces[-1][1]:
            by_suffix.setdefault(pieces[-1][0], []).append(number)
        else:
            loose.append(number)
    return by_prefix, sorted({len(k) for k in by_prefix}), by_suffix, sorted({len(k) for k in by_suffix}), loose


def _candidates(text: str, lang: str, domain: str) -> Iterator[int]:
    """The templates ``text`` could be written from: those opening with one of its beginnings,
    those closing with one of its ends, and those that are a field at both ends."""
    by_prefix, prefix_lengths, by_suffix, suffix_lengths, loose = _index(lang, domain)
    for n in prefix_lengths:
        if n > len(text):
            break
        yield from by_prefix.get(text[:n], ())
    for n in suffix_lengths:
        if n > len(text):
            break
        yield from by_suffix.get(text[-n:], ())
    yield from loose


@functools.cache
def _literals(lang: str, domain: str) -> list[tuple[str | None, str | None, tuple[str, ...]]]:
    """For each template: the literal it opens with and the one it closes with (None for a
    field), and all its literals."""
    return [(None if pieces[0][1] else pieces[0][0], None if pieces[-1][1] else pieces[-1][0],
             tuple(lit for lit, is_field in pieces if not is_field))
            for pieces in _templates(lang, domain)[0]]


@functools.cache
def _viable(text: str, lang: str, domain: str) -> tuple[int, ...]:
    """The candidates (:func:`_candidates`) that pass a quick necessary test before :func:`_fits`
    tries every split: the template's first and last literals open and close ``text`` and each of
    its literals is in it.  Kept for each text: :func:`_ok` asks again at each depth."""
    literals = _literals(lang, domain)
    viable = []
    for template in _candidates(text, lang, domain):
        first, last, inner = literals[template]
        if ((first is None or text.startswith(first)) and (last is None or text.endswith(last))
                and all(lit in text for lit in inner)):
            viable.append(template)
    return tuple(viable)


# ---------------------------------------------------------------------------- English words left in a text
# Shared by the widget sweep (tests/widgets/test_every_word.py) and the notebooks' stored
# outputs (tests/test_notebooks_i18n.py).

#: Words written the same in the three languages: names of people and of the game,
#: formats, and the Italian edition's own loanwords (RULINGS vocabulary: "round", "bonus", "leader").
SAME_IN_EVERY_LANGUAGE = frozenset("""
    Lenin Stalin Kamenev Kerensky Lvov Kornilov Trotsky Viktor Katya Dual Powers Revolution Petrograd
    JSON DP1 Babel Voila Jupyter English Français Italiano
    """.split())
#: Words each language writes as English does (checked against the edition's terms: the
#: Italian rulebook says "round", "bonus", "leader"; French and English share these).
SAME_IN = {
    "fr": frozenset("action mode palette score solo notation position import total minimum".split()),
    "it": frozenset("round solo bonus leader editor computer tutorial no".split()),
}
#: A rule ID (R-CAL-4, INV-TRACK, P-OBJ, E-IT, S-3), a token id (R3, W10, N1, L2), a card code.
_CODES = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b|\b[RWNL]\d+\b|\b[A-Z]\d+b?\b")
WORD = re.compile(r"[^\W\d_]{2,}")
#: What a learner typed, quoted back by an error message ('Lenine', « nowhere »): not the program's words.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)|«[^»]*»|\"[^\"\n]*\"")


def pieces(value: str) -> list[str]:
    """The visible text pieces of an HTML value (tags, styles, scripts and <code> notation removed)."""
    value = re.sub(r"<(style|script)\b.*?</\1>", "", value, flags=re.S | re.I)
    value = re.sub(r"<code>.*?</code>", " ", value, flags=re.S)
    return [t for t in (html.unescape(p).strip() for p in re.split(r"<[^>]+>", value)) if t]


def english_words(text: str, lang: str = "en") -> list[str]:
    """The words of ``text`` once codes, ids and the names written alike everywhere are taken out."""
    same = SAME_IN_EVERY_LANGUAGE | SAME_IN.get(lang, frozenset())
    text = _CODES.sub(" ", _QUOTED.sub(" ", text))
    return [w for w in WORD.findall(text) if w not in same and w.casefold() not in same]


@functools.cache
def vocabulary(lang: str) -> frozenset[str]:
    """Every word the ``lang`` texts of the project use: its catalogs and the tutorial's own texts."""
    import json
    from importlib import resources

    words: set[str] = set()
    texts = [t for domain in i18n.DOMAINS for t in i18n.translations(domain, [lang])]
    data = json.loads(resources.files("dualpowers.tutorial").joinpath("examples.json").read_text(encoding="utf-8"))
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            texts += [x[lang]] if isinstance(x.get(lang), str) else []
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    for text in texts:
        words.update(w.casefold() for w in WORD.findall(text))
    return frozenset(words)


@functools.cache
def catalog_english(lang: str) -> frozenset[str]:
    """The words of the catalogs' English texts (msgids of every domain) that ``lang``'s own
    texts never use: such a word in a ``lang`` text is English left in it."""
    words = {w.casefold() for domain in i18n.DOMAINS for t in i18n.translations(domain, ["en"])
             for w in english_words(t, lang)}
    return frozenset(words - vocabulary(lang))


def english_left(text: str, lang: str) -> list[str]:
    """The English words (words of the catalogs' English texts, not of ``lang``'s) in ``text``."""
    english = catalog_english(lang)
    return [w for w in english_words(text, lang) if w.casefold() in english]


def nested_messages(message: Message):
    """A message and every message nested in its parameters (a refusal's reasons)."""
    yield message
    for value in message.params.values():
        for m in (value if isinstance(value, tuple) else (value,)):
            if isinstance(m, Message):
                yield from nested_messages(m)
