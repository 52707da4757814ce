"""One word for one thing: a game term or a recurring button says the same in every widget.

The glossary lists the English terms (the vocabulary line of RULINGS.md for the game's
words, the editions' own: French from the French rulebook, Italian from the Italian one)
and the word each translation uses.  Every catalog message whose English text holds a
term must hold the glossary's word in its French and Italian translations: "Hint" cannot
be "Indice" in the course and "Conseil" in the play widget.
"""
from __future__ import annotations

import re

import pytest

from dualpowers import i18n
from dualpowers.i18n import TRANSLATED

#: (English term, French word, Italian word): regular expressions, matched without case.
GLOSSARY = [
    (r"Will of the People", r"Volonté du Peuple", r"volere del popolo"),
    (r"support track", r"piste de Soutien", r"tracciato"),
    (r"command cards?", r"cartes? de Commandement", r"cart[ae] comando"),
    (r"blockades?", r"Barricade", r"blocc"),
    (r"unrest(?: region)?", r"Émeute", r"agitazion"),
    (r"exhausted", r"Fatigu", r"affaticat"),
    (r"fresh", r"Repos", r"riposat"),
    (r"Force in Presence", r"Force en Présence", r"forza maggiore"),
    (r"hints?", r"indices?", r"suggeriment"),
    (r"Show me", r"Montre-moi", r"Mostrami"),
    (r"Undo", r"Annuler", r"Annulla"),
    (r"New game", r"Nouvelle partie", r"Nuova partita"),
    (r"exercises?", r"exercices?", r"eserciz"),
    (r"Opposition", r"Opposition", r"opposizion"),
    (r"objectives?", r"objectif", r"obiettiv"),
    (r"(?<!unrest )regions?(?! tiles?)", r"Zone", r"quartier"),
    (r"playouts?", r"simulée", r"simulat"),
]
#: Messages where the term is not the game's word: a JSON field name, or the region's
#: own name standing for "the region" ("{region} region" is "Zone violette").
NOT_THE_TERM = {
    "objectives must be an object with 'red' and/or 'white' cards",
    "{region} region: {clauses}",
}
#: What is not prose: fields, quoted ids, rule IDs.
_NOT_PROSE = re.compile(r"\{[^}]*\}|'[^']*'|\b[A-Z]+(?:-[A-Z0-9]+)+\b")
DOMAINS = ("dualpowers", "course", "notebooks")


def _breaches(domain: str, lang: str) -> list[str]:
    column = 1 if lang == "fr" else 2
    out = []
    for (_ctx, msgid), text in i18n.catalog(lang, domain).items():
        if msgid in NOT_THE_TERM:
            continue
        prose = _NOT_PROSE.sub(" ", msgid)
        for entry in GLOSSARY:
            # A term written with a capital is a name or a button ("Undo"): matched as written.
            flags = re.IGNORECASE if entry[0][:1].islower() else 0
            if re.search(rf"\b{entry[0]}\b", prose, flags):
                for t in (text if isinstance(text, tuple) else (text,)):
                    if not re.search(entry[column], t, re.IGNORECASE):
                        out.append(f"{entry[0]!r} in {msgid[:70]!r} -> {t[:90]!r}")
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_each_term_has_one_translation(domain, lang):
    breaches = _breaches(domain, lang)
    assert not breaches, f"{domain}/{lang}: the glossary's word is missing:\n" + "\n".join(breaches)


def test_the_same_short_text_is_translated_alike_in_every_domain():
    """A label (a capitalised text of up to three words) in two domains has one translation:
    a button is called the same in the course and in the play widget.  (A lower-case word
    may agree with what it qualifies: Italian "nessuno"/"nessuna".)"""
    for lang in TRANSLATED:
        seen: dict[str, tuple[str, str]] = {}
        clashes = []
        for domain in ("dualpowers", "course"):
            for (ctx, msgid), text in i18n.catalog(lang, domain).items():
                if (ctx is not None or not isinstance(text, str) or len(msgid.split()) > 3
                        or not msgid[:1].isupper()):
                    continue
                if msgid in seen and seen[msgid][1] != text:
                    clashes.append(f"{msgid!r}: {seen[msgid][0]} {seen[msgid][1]!r}, {domain} {text!r}")
                seen.setdefault(msgid, (domain, text))
        assert not clashes, f"{lang}:\n" + "\n".join(clashes)


def test_the_glossary_catches_a_second_word(monkeypatch):
    """The check is not empty: a catalog where 'Hint' is 'Conseil' fails it."""
    table = dict(i18n.catalog("fr", "dualpowers"))
    table[(None, "Hint")] = "Conseil"
    monkeypatch.setattr(i18n, "catalog", lambda lang, domain="dualpowers": table)
    assert any("'Hint'" in b for b in _breaches("dualpowers", "fr"))
