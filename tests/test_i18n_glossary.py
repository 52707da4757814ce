"""One word for one thing: a game term or a recurring button says the same in every widget.

The glossary lists the English terms (the vocabulary line of RULINGS.md for the game's
words, the editions' own: French from the French rulebook, Italian from the Italian one)
and the word each translation uses.  Every catalog message whose English text holds a
term must hold the glossary's word in its French and Italian translations: "Hint" cannot
be "Indice" in the course and "Conseil" in the play widget.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

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
    (r"Show me", r"Voir la réponse", r"Mostrami"),
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
    # Italian "(nel {region})": the region's name is "quartiere viola", the word is in the field.
    "Objective of {side}: {card}, face up; its region is {region}.",
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


# ---------------------------------------------------------------------------- each rulebook's own words
#: (language, English term, the rulebook's word): every message whose English holds the term
#: says the rulebook's word (issue 19: the French and Italian rulebooks, ../shared/seeds/).
RULEBOOK_TERMS = [
    ("fr", r"connections?|roads?", r"connexion"),
    ("fr", r"level-\d units?|level \d units?|units? of level", r"Unités? de niveau"),
    ("fr", r"bonus (?:recruit|move|rest|draw)\b", r"(?:Recrutement|Mouvement|Repos|Pioche) supplémentaire"),
    ("fr", r"bonus actions?", r"Actions? supplémentaires?"),
    ("it", r"score marker", r"segnalino punteggio"),
    ("it", r"action phase", r"Fase Azione"),
    ("it", r"bonus recruit\b", r"Bonus Reclutamento"),
    ("it", r"bonus move\b", r"Bonus Movimento"),
    ("it", r"bonus rest\b", r"Bonus Riposo"),
    ("it", r"bonus draw\b", r"Bonus Pesca"),
]
#: Words the rulebooks do not use for these things, in any catalog of that language.
#: An English card id or a white unit's English id ("brown-5", "W8") in French or Italian prose
#: (a `code span` may quote the notation): the rulebooks write "marron 5" / "marrone-5", and a
#: white unit is "B8" to a French (Blanc) or Italian (Bianco) reader.
_ENGLISH_IDS = [r"(?<![`\w'-])(?:red|blue|green|purple|white|brown)-\d", r"(?<![`\w'-])(?-i:W)\d+\b(?!`)"]
WRONG_SYNONYMS = {
    "fr": [r"\broutes?\b", r"\bN[123] ?x\d", r"\bN[123] x\{",
           # the French rulebook's "tour" is the round: not "manche"; its cards are "violet 4", not "violet-4"
           r"\bmanches?\b", r"(?<![`\w-])(?:rouge|bleu|vert|violet|blanc|marron)-\d", *_ENGLISH_IDS],
    "it": [r"segnapunti", r"fase azioni", r"\b(?:reclutamento|movimento|riposo|pesca) bonus\b",
           r"\bstrad[ae]\b", r"\bcollegament[oi]\b(?! simbolic)", r"\bL[123] ?x\{",
           # the Italian rulebook's "segnalino blocco", not "segnalino di blocco"
           r"segnalino di blocco", *_ENGLISH_IDS],
}
#: English texts where the term is not the game's thing (a connection of the map).
NOT_A_RULEBOOK_TERM = {"no connection"}
ALL_DOMAINS = ("dualpowers", "course", "notebooks", "tutorial")


def _translations(lang: str):
    for domain in ALL_DOMAINS:
        for (_ctx, msgid), text in i18n.catalog(lang, domain).items():
            for t in (text if isinstance(text, tuple) else (text,)):
                yield domain, msgid, t


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_rulebooks_terms_are_used(lang):
    """The rulebook's own word wherever the English names the thing: "connexion",
    "Unité de niveau 1", "Recrutement supplémentaire"; "segnalino punteggio", "Fase Azione",
    "Bonus Reclutamento"."""
    terms = [(en, word) for tl, en, word in RULEBOOK_TERMS if tl == lang]
    missing, seen = [], set()
    for domain, msgid, text in _translations(lang):
        prose = _NOT_PROSE.sub(" ", msgid)
        if msgid in NOT_A_RULEBOOK_TERM:
            continue
        for en, word in terms:
            if re.search(rf"\b{en}", prose, re.IGNORECASE):
                seen.add(en)
                if not re.search(word, text, re.IGNORECASE):
                    missing.append(f"{domain}: {en!r} in {msgid[:60]!r} -> {text[:90]!r}")
    assert not missing, f"{lang}: the rulebook's word is missing:\n" + "\n".join(missing)
    assert seen == {en for en, _ in terms}, f"{lang}: terms found in no message: {set(en for en, _ in terms) - seen}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_word_the_rulebook_does_not_use(lang):
    """French "route" for a connection, "N1 x9" for the Opposition's level-1 units; Italian
    "segnapunti", "fase azioni", "Reclutamento bonus": in no catalog."""
    found = [f"{domain}: {pattern!r} in {text[:100]!r}" for domain, _msgid, text in _translations(lang)
             for pattern in WRONG_SYNONYMS[lang] if re.search(pattern, text, re.IGNORECASE)]
    assert not found, f"{lang}:\n" + "\n".join(found)


def test_the_rulebook_check_catches_a_wrong_synonym(monkeypatch):
    table = dict(i18n.catalog("it", "course"))
    table[(None, "The score marker is at the centre.")] = "Il segnapunti è al centro."
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda lang, domain="dualpowers": table if (lang, domain) == ("it", "course")
                        else real(lang, domain))
    with pytest.raises(AssertionError, match="segnapunti"):
        test_no_word_the_rulebook_does_not_use("it")
    with pytest.raises(AssertionError, match="score marker"):
        test_the_rulebooks_terms_are_used("it")


@pytest.mark.parametrize("lang, text", [("fr", "Les Rouges jouent violet-4."), ("fr", "la fin de la manche"),
                                        ("fr", "B8 bat W8."), ("it", "Il segnalino di blocco"),
                                        ("it", "il «brown-5» del regolamento italiano")])
def test_the_wrong_forms_of_names_are_caught(monkeypatch, lang, text):
    """A card written "violet-4" in French, an English id ("brown-5", "W8"), the round called "manche",
    Italian "segnalino di blocco": each fails the check (issue 19)."""
    table = dict(i18n.catalog(lang, "course"))
    table[(None, "The score marker is at the centre.")] = text
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda l, domain="dualpowers": table if (l, domain) == (lang, "course")
                        else real(l, domain))
    with pytest.raises(AssertionError):
        test_no_word_the_rulebook_does_not_use(lang)


# ---------------------------------------------------------------------------- French typography
sys.path.insert(0, str(Path(__file__).resolve().parent))
from french_typography import faults as french_typography_faults, fix as french_typography_fix  # noqa: E402


@pytest.mark.parametrize("domain", ALL_DOMAINS)
def test_french_puts_a_no_break_space_before_high_signs(domain):
    """« : ; ! ? » take a no-break space (U+00A0 or U+202F) before them, and « » inside them,
    in every French catalog: never a plain space, never none."""
    if "fr" not in TRANSLATED:
        pytest.skip("no French catalogs")
    bad = [f"{msgid[:50]!r}: {f!r}" for (_ctx, msgid), text in i18n.catalog("fr", domain).items()
           for t in (text if isinstance(text, tuple) else (text,)) for f in french_typography_faults(t)]
    assert not bad, f"fr/{domain}: a plain space or none before a sign:\n" + "\n".join(bad[:30])


def test_the_typography_check_catches_plain_and_missing_spaces():
    assert french_typography_faults("Règles : R-1") and french_typography_faults("Règles: R-1")
    assert french_typography_faults("pas « {action} »") and french_typography_faults("Qui joue ?")
    assert not french_typography_faults("Règles\u00a0: {ids}") and not french_typography_faults("Qui\u202f?")
    assert not french_typography_faults("{side:cap} voit `a:b` et http://x.org")
    assert french_typography_fix("Règles : R-1 ; pas « x »!") == "Règles\u00a0: R-1\u00a0; pas «\u00a0x\u00a0»\u00a0!"


# ---------------------------------------------------------------------------- what a reader meets (issue 34)
# The sentences the engine, the course, the tutorial and the notebooks really write, rendered
# (tests/rendered_texts.py), read against each rulebook's words: one table per language of the
# game's terms, with the words never to use for them.
from rendered_texts import MORE_SOURCES, SOURCES  # noqa: E402

#: language -> [(the rulebook's term, [words never to use for it])]; regular expressions
#: (matched as written: a capital is part of a French term, "valeur de Recrutement").
RULEBOOK_GLOSSARY: dict[str, list[tuple[str, list[str]]]] = {
    "fr": [
        ("côté Reposé / côté Fatigué (a token's sides)", [r"\bfaces? (?:Reposée?|Fatiguée?)s?\b", r"\bsa face\b",
                                                          r"\b(?:même|quelle|deux) faces?\b"]),
        ("réserve de l'Opposition (its units off the board)", [r"\bstock\b"]),
        ("partie en solitaire, jeu en solitaire", [r"\b(?:[Pp]artie|[Jj]eu|[Mm]ode|position) solo\b", r"\b[Ee]n solo\b",
                                                  r"\(solo\)"]),
        ("tuile de Zone", [r"\btuiles? Zone\b"]),
        ("Kerenski, Lénine, Staline, Trotski", [r"Kérenski|Kerensky", r"\bLenin\b", r"\bStalin\b", r"\bTrotsky\b"]),
        ("tour (a round)", [r"\bmanches?\b"]),
        ("le marqueur s'arrête sur le 15 (a calendar space, not a date)", [r"\b(?:s'arrête|arrive|reste) le \d"]),
        ("connexion", [r"\broutes?\b"]),
        ("carte de Commandement", [r"\bcartes? de commande\b", r"\bcartes? Commande\b"]),
        ("piste de Soutien", [r"\bpiste de score\b"]),
        ("Points de victoire", [r"\bpoints de victoire\b"]),
        ("valeur de Recrutement", [r"\b[Vv]aleurs? de recrutement\b"]),
        ("Unité (a unit token)", [r"\b(?:\d+|dix|six) unités\b"]),
        ("le vert 4, la carte vert 4 (a card takes its article)",
         [r"\b(?:joue|jouent|jouez|joué|révèle|révèlent|avec|est|[Cc]hoisir) (?:rouge|bleu|vert|violet|blanc|marron) \d"]),
        ("le Trotski neutre, le Trotski rouge (with the article)",
         [r"(?:^|[.!?]\s)Trotski (?:neutre|rouge) (?:est|entre|rejoint|attend|arrive|obéit|remplace|n')",
          r"\b(?:[Oo]ù est|est|contrôlent|contrôle|jouez les \w+,) Trotski (?:neutre|rouge)\b"]),
        ("juil., sept. (an abbreviation takes its full stop)", [r"^(?:juil|sept)$"]),
        ("a sentence inside a sentence goes on in lower case after the colon",
         [r"[\u00a0\u202f]:\s(?:Le|La|Les|Un|Une|Des|Du|Ce|Cette|Ces|Il|Elle|Ils|Elles|On|Nous|Ne|Sans|Plus|Pas|Pioche et|"
          r"Ensuite|Puis)\b(?! \w+ :)", r"\b(?:ensuite|consiste à(?: <b>)?) (?:Jouer|Recruter|Déplacer|Faire|Choisir)\b"]),
        ("Nombre de jours (a card's)", [r"\b(?:son|un|du|le) nombre de jours\b"]),
        ("Action supplémentaire", [r"\b[Aa]ctions? bonus\b", r"\bbonus\b"]),
        ("pion Fatigué (exhausted)", [r"\bpions? épuisés?\b"]),
        ("Émeute (unrest)", [r"\bagitation\b"]),
        ("vous (the reader)", [r"\b(?:Montre|Clique|Choisis|Regarde)-moi\b", r"\btu (?:es|as|joues|peux|dois)\b"]),
        # Issue 34, the second French reading: the faults a native reader found, so they cannot come back.
        ("one colon after the side in a log line ('Les Blancs : déplacer … (Action supplémentaire)', not "
         "'Les Blancs : Action supplémentaire : déplacer')",
         [r"^(?:Les (?:Rouges|Blancs)|Vous \(les \w+\)|L'Opposition(?: \(les \w+\))?)[\u00a0\u202f]:[^:;]*[\u00a0\u202f]:\s",
          # an action label that would bring the second colon into the log line
          r"^(?:Action supplémentaire|Repos|Espionnage|Inspirer le Peuple|Organiser une manifestation)[\u00a0\u202f]:\s"
          r"(?:déplacer|recruter|piocher|révéler|prendre|mettre|Organisation)\b"]),
        ("le Trotski neutre, le Trotski rouge after a verb too ('déplacer le Trotski rouge')",
         [r"\b(?:[Dd]éplacer|[Mm]ettre|[Rr]eposer|contrôlent pas|contrôle pas) Trotski\b"]),
        ("ce sont les Rouges (c'est before a singular only)", [r"\b[Cc]'est les\b"]),
        ("mars/avr., oct./nov. (every shortened month takes its full stop)",
         [r"(?<![\w.])(?:mar|avr|juil|oct|nov)(?![\w.])"]),
        ("BLANCS / victoire at the support track's ends (labels, not a sentence without its article)",
         [r"^(?:BLANC|ROUGE)$", r"^gagne$"]),
        ("une des 12 actions à égalité (an action is feminine)", [r"\bun des \d+ à égalité\b"]),
        ("en conservant son côté Reposé ou Fatigué ('du même côté' reads as the same camp)", [r"\bdu même côté\b"]),
        ("Action spéciale (the rulebook's capital)", [r"\bactions? spéciales?\b"]),
        ("les Rouges : 4 (R3 1, R8 3) (a strength tally names the side with its article)",
         [r"(?:^|[.;]\s)(?:Rouge|Blanc) \d+[\u00a0\u202f]?:"]),
        # Issue 34, the third French reading (words-fr3): each kind of fault a native reader met.
        ("Rouges 3, Blancs : (a side standing alone as a label, on a strength plate or before its played "
         "cards, is the camp: names.side_label, '{side:label}'), never the bare colour 'Rouge 3'",
         [r"^(?:Rouge|Blanc) (?:\d+|\?)$", r"^(?:Rouge|Blanc)[\u00a0\u202f]?:$"]),
        ("Vous (les Blancs), L'Opposition (les Rouges) (a side in brackets after who plays it keeps its article)",
         [r"\b(?:[Vv]ous|[Ll]'Opposition) \((?:Rouge|Blanc)\)", r"^(?:Rouge|Blanc) \((?:vous|Opposition)\)$"]),
        ("R3, N6 et le Trotski rouge (a list of tokens is joined by 'et' and a leader in it keeps its article)",
         [r"(?:[,:]\s|\bet )Trotski (?:rouge|neutre)\b(?! \()"]),   # (the editor's palette names a token: "Trotski rouge (…)")
        ("Recrutement 2 ou Repos (a card of the hand says the rulebook's word), not the clipped 'recrut.'",
         [r"\b[Rr]ecrut\."]),
        ("un cluster Dask (as a French reader of Dask's documentation says it), not 'une grappe'", [r"\bgrappes?\b"]),
        ("Les Rouges gagnent ! La partie s'arrête parce que … (a sentence, not the label 'Pourquoi :')",
         [r"[.!][\u00a0\u202f ]?Pourquoi[\u00a0\u202f]?:"]),
        ("PARTIE TERMINÉE : VICTOIRE DE L'OPPOSITION (LES BLANCS) (a title in capitals has no lower-case "
         "words in brackets)", [r"\b[A-ZÉ]{5,}\b[^a-z]*\((?:vous|l'Opposition|les \w+)\)"]),
        ("étape : décompte de la Zone d'Émeute (a step is something done, not the region's name)",
         [r"\bétape[\u00a0\u202f]?: Zone d'Émeute\b"]),
        ("l'Unité R1 (Force 1 côté Reposé, 0 côté Fatigué) (both sides named, as the rulebook does: '0 côté "
         "Fatigué' alone reads as a count of sides)", [r"\(Force \d+, \d+ côté Fatigué\)"]),
        ("the Hint's rows hold one colon each, 'label : action — details' ('tout aussi bonne : jouer … — environ …', "
         "'l'une des 4 meilleures actions')",
         [r"^tout aussi bonne[\u00a0\u202f]?:[^—\n]*[\u00a0\u202f]:", r"\bmeilleure à égalité[\u00a0\u202f]?:"]),
        ("Émeute : les Rouges ont la Force en Présence dans la Zone violette (the unrest line names its region once)",
         [r"\bÉmeute dans la Zone (\w+)[\u00a0\u202f]?: [^.]*\bdans la Zone \1\b"]),
        # Issue 34, the fourth French reading (fr4): each kind of fault a native reader met.
        ("avoir la plus grande Force en Présence (the rulebook's words: 'forces en présence' are both sides "
         "facing each other, no side 'has' them alone), or 'l'emporter', 'être le plus fort'",
         [r"\b(?:a|ont|avoir|ayant|aurait|auront|Donnez(?:-leur| aux \w+)|laisse|laissent) la Force en Présence\b",
          r"\bla Force en Présence (?:y )?est (?:aux|à)\b"]),
        ("Meilleure action : <b>jouer …</b> (an action inside a sentence goes on in lower case, escaped or not)",
         [r"(?:[\u00a0\u202f]:|consiste à) (?:<b>)?(?:N&#x27;|N')effectuer\b", r"^Le mieux[\u00a0\u202f]?:"]),
        ("R1 est sur son côté Fatigué, l'Unité R1 est Reposée (a bare token id has no gender of its own: it "
         "takes none, or its noun goes before it)",
         [r"(?<![\w'])(?<!Unité )(?<!pion )(?:[RBN]\d+|O\d+[ab]?),? (?:est )?(?:déjà |toujours )?(?:Reposée?|Fatiguée?)(?!s)\b",
          r"\b(?:[RBN]\d+|O\d+[ab]?) n'est pas (?:sur le plateau|dans la réserve [^()]*) \((?:il|elle|cette Unité) est\b",
          r"\b(?:[RBN]\d+|O\d+[ab]?) est une Unité[\u00a0\u202f]?: (?:il|elle)\b"]),
        ("le vainqueur de l'Émeute peut la compter comme Objectif, … mais pas … (a refusal is one sentence, not "
         "a menu after a colon)", [r"Zone d'Émeute[\u00a0\u202f]?: la compter\b", r"\bpasser[\u00a0\u202f]?; pas «"]),
        ("Tirez le meilleur parti de …", [r"\ble meilleur de ce\b"]),
        ("Zone marron : les Rouges l'emportent (a line led by its region does not name it again)",
         [r"^Zone (\w+)[\u00a0\u202f]?: [^.]*\bdans la Zone \1\b"]),
        ("Cliquez sur un pion, … ou choisissez ci-dessous (one sentence, not '; ou' clause after clause)",
         [r"[\u00a0\u202f]; ou (?:cliquez|touchez|choisissez\b|\{second\})"]),
        ("Katya (Blancs), Viktor (Rouges) (a player's camp, as the other labels name it)",
         [r"^(?:Katya|Viktor) \((?:blanc|rouge)\)$"]),
        ("à 3 cases du centre, côté des Blancs (the track's distance is counted from the centre)",
         [r"\bcases vers les (?:Blancs|Rouges)\b"]),
        ("a joué, dans cet ordre : le violet 2, le rouge 3 (cards in a list keep their article)",
         [r"\bdans cet ordre[,\u00a0\u202f]*:?\s?(?:rouge|bleu|vert|violet|blanc|marron) \d"]),
        ("(sur 20 décisions où vous aviez le choix, toutes examinées)", [r"\(décisions avec un choix examinées",
                                                                       r"\bdécisions à choix\b"]),
        ("le marqueur tombe sur le 29 ou le 30 et glisse jusqu'au 31 (a calendar clause has its subject)",
         [r"[\u00a0\u202f]; (?:tombe|s'arrête|dépasse) (?:sur )?le \d"]),
        ("Dernière action annulée : recruter … (an action after a colon goes on in lower case)",
         [r"\bannulée[\u00a0\u202f]?: (?:Recruter|Jouer|Déplacer|Choisir|Faire|N'effectuer)\b"]),
        # Issue 34, the fifth French reading (words4): each kind of fault a native reader met.
        ("Vous (les Blancs), L'Opposition (les Rouges): one form wherever 'you' or the Opposition is named "
         "beside a side (the board's Will box too)", [r"\b(?:[Vv]ous|Opposition) \((?:Rouges|Blancs|\{side:label\})\)"]),
        ("Jouer le vert 4 n'est pas permis ici : … (one colon in a described action)",
         [r"[\u00a0\u202f]: interdit ici[\u00a0\u202f]?:"]),
        ("la 5e carte de l'Opposition (a card's place in the order played is an ordinal, not '(carte 5)')",
         [r"\(carte (?:\d+|\{n\})\)"]),
        ("nous en sommes au tour 3 de la phase (a player's turn; 'c'est le tour 3' reads as the round)",
         [r"\bc'est le tour (?:\d|\{)"]),
        ("un type d'action, chaque type de joueur (not 'sorte')", [r"\bpar sorte\b", r"\bsortes? (?:de joueur|d'actions?)\b"]),
        ("Lénine, Leader de l'Opposition (the name, then what he is)",
         [r"\bLeader de l'Opposition (?:Lénine|Staline|Kamenev|Kerenski|Lvov|Kornilov)\b"]),
        ("celui qui joue les Rouges (a camp does not 'play the Reds')", [r"\bcamp qui joue les\b"]),
        ("un plateau interactif (a 'live' board)", [r"\bplateau vivant\b"]),
        ("→, ↔ (typographic arrows, not ASCII '->')", [r"(?<![<\w-])<?->(?!>)"]),
        # Issue 34, the fifth French grader's list (words4): each kind of fault, so it cannot come back.
        ("au rang suivant : jouer … (the Hint's runner-up; 'ensuite jouer X' reads as 'then play X')",
         [r"^ensuite (?:\{action|jouer|recruter|déplacer|choisir|n'effectuer)\b"]),
        # (the unrest region is worth 2 VP at least, scoring.UNREST_VP: "les {vp} PV de la Zone d'Émeute")
        ("marqueront 1 PV (never 'les 1 PV')", [r"\bles 1 PV\b", r"\bles \{vp\} PV\b(?! de la Zone d'Émeute)"]),
        ("à partir de cette position, à partir de là (not 'd'ici', 'de là', 'depuis là où')",
         [r"\bconseils d'ici\b", r"\bdepuis là où\b", r"\bont gagnées? de là\b", r"\bgagnées d'une telle position\b"]),
        ("Ajout dans la Zone bleue : … (a notice whose token may be feminine does not agree 'ajouté')",
         [r"\}\s(?:\(côté \w+\) )?(?:ajouté|retiré|retourné)\b", r"\(côté (?:Reposé|Fatigué)\) ajouté\b"]),
        ("un exercice du chapitre « … » (a title after 'de' takes its noun)", [r"\bexercice de «"]),
        ("(arbitrage du projet) (the engine's word for a ruling, as the course's badges; the course keeps "
         "'décision de ce projet' for what the rulebooks leave unsaid)", [r"\bdécision du projet\)"]),
        ("joueur informatique (one word for a computer player)", [r"\bjoueurs? (?:artificiels?|programmés?)\b",
                                                                  r"\boption de stratégie\b"]),
        ("valeurs de remplacement (the stand-ins)", [r"\bsubstituts?\b", r"\bde substitution\b"]),
        ("la prochaine phase de nettoyage (the phase in running text)", [r"\bprochain Nettoyage\b"]),
        ("écartées du jeu (leader cards and what leaves for good)", [r"\bpour de bon\b",
                                                                     r"\bcartes Leader (?:jouées )?quittent\b"]),
        ("une Action supplémentaire (never 'une action de plus')", [r"\bune action de plus\b"]),
        ("La réponse vous a été montrée (a sentence with its subject)", [r"\bMontré d'abord\b"]),
        ("son pion entre, côté Reposé, dans … ('passer Reposé' is not French)", [r"\bpasse(?:nt)? (?:Reposé|Fatigué)s?\b"]),
        ("c'est l'Opposition qui joue les Rouges (a side is 'les Rouges', never 'le camp Rouge')",
         [r"\ble camp (?:Rouge|Blanc|\{\w+\})"]),
        ("le marqueur de mois arrive sur juillet (the rulebook's verb)", [r"\bmarqueur de mois avance sur\b"]),
        ("il ne reste aucune tuile de Zone, donc plus de Zone d'Émeute (the cleanup once the tiles ran out)",
         [r"\bdans la nulle part\b"]),
        ("Étape 2 : … ont chacune 2 cartes, et restent donc à égalité (one colon after the step's label)",
         [r"^Étape \d[\u00a0\u202f]?: [^:]*[\u00a0\u202f]: "]),
        # Issue 34, the sixth French reading (words5): each kind of fault the grader met.
        ("Les Rouges — choix : jouer le vert 4 (a log line is the side's choice: an infinitive right after the "
         "side reads as an order)",
         [r"^(?:Les (?:Rouges|Blancs)|Vous \(les \w+\)|L'Opposition(?: \(les \w+\))?)[\u00a0\u202f]: "
          r"(?:jouer|déplacer|recruter|reposer|mettre|piocher|révéler|passer|choisir|ne|faire|organiser|inspirer)\b"]),
        ("Aux Blancs : jouer une carte (the banner says the step once, not 'de jouer : jouer')",
         [r"\bde jouer[\u00a0\u202f]?: jouer\b"]),
        ("reposer un pion (the rulebook's verb, not 'mettre au Repos')", [r"\b(?:[Mm]ettre|met|mettent)\b[^.;:]*\bau Repos\b"]),
        ("Recrutement de Leader (the rulebook's name of the action)", [r"\bRecrutement du Leader\b"]),
        ("action autorisée (not the chess-programming 'action légale')", [r"\bactions? légales?\b"]),
        ("parties simulées (no English gloss)", [r"\(playouts\b"]),
        ("40 % de chances d'être la meilleure (not 'la meilleure avec une probabilité de')",
         [r"\bla meilleure avec une probabilité\b"]),
        ("piste de Soutien, Nettoyage (the rulebook's capitals)", [r"\bpiste de soutien\b", r"\b[Aa]u nettoyage\b"]),
        ("cliquer sur (the verb takes its preposition)", [r"\b(?:cliquer|toucher)[\u00a0\u202f]:"]),
        ("jusqu'au 8 mars/avril, sans Action supplémentaire (one colon in a line of the Hint's figures)",
         [r"\bjusqu'au \d+ [^:;]*[\u00a0\u202f]: (?:pas d'|Action supplémentaire)"]),
        ("pion (a token), joueur informatique (a policy)", [r"\btoutes les pièces\b", r"\bla stratégie \{?\w+\}? n'a\b"]),
        ("comme en partie (…), ou utilisez un bouton (no semicolon before 'ou': the English '; or')", [r"[\u00a0\u202f]; ou\b"]),
        ("Les Blancs — choix : un Objectif secret (face cachée) (the log's label says 'choix' once)",
         [r"\b[Cc]hoix[\u00a0\u202f]?: [Cc]hoix\b"]),
        ("rouge – verte, Zone bleue – Zone verte (a connection; 'bleu-vert' is a colour)",
         [r"\b(?:rouge|bleu|vert|violet|blanc|marron)-(?:rouge|bleu|verte?|violet|blanc|marron)\b"]),
        ("Marquer les 3 PV de la Zone d'Émeute ('marquer … avec' is a calque)", [r"\b[Mm]arquer \d+ PV avec\b"]),
        ("parties simulées (the advisor's playouts)", [r"\bparties d'essai\b"]),
    ],
    "it": [
        ("partite simulate (the advisor's playouts)", [r"\bpartite di prova\b"]),
        ("i 2 PV, 1 PV (no plural article before a count that may be 1)", [r"\b(?:i|i suoi) 1 PV\b"]),
        ("lato riposato / lato affaticato", [r"\bfacci[ae] (?:riposat|affaticat)"]),
        ("la forza maggiore (never alone as a heading: 'force majeure')", [r"^Forza maggiore\b"]),
        ("conteggiare un quartiere, considerarlo come obiettivo", [r"\bsegna(?:re|rlo|rne)? (?:il|l'|un) quartiere\b",
                                                                   r"\bsegnare l'agitazione\b", r"\bquartiere segnato\b"]),
        ("parità", [r"\b[Pp]areggi[oa]?\b", r"\b[Pp]areggiano\b"]),
        ("passo (a turn's step; fase is the game's phase: Fase Pesca, Obiettivo, Azione, Punteggio, Pulizia)",
         [r"\b(?:alla|nella|alle|nelle) (?:[Ff]ase|fasi)\b(?! (?:Pesca|Obiettivo|Azione|Punteggio|Pulizia)\b)",
          r"\(fase: "]),
        ("Lvov", [r"L'vov"]),
        ("Annulla mossa (the Undo button; 'Annulla i clic', 'Annulla i tocchi' forget the clicks or taps)",
         [r"\bAnnulla\b(?! mossa| i clic| i tocchi)"]),
        ("tu (the reader)", [r"\b(?:Tenete|Guardate|Provate|Cliccate|Scegliete|Giocate|potete|avete|volete)\b",
                             r"\b[Vv]ostr[oaie]\b"]),
        ("il Rosso, il Bianco (the sides)", [r"\b[IiAaDd]e?i (?:Rossi|Bianchi)\b", r"\b(?:guida|gioca) i (?:rossi|bianchi)\b"]),
        ("segnalino punteggio", [r"\bsegnapunti\b"]),
        ("Bonus Reclutamento, Bonus Movimento...", [r"\b(?:reclutamento|movimento|riposo|pesca) bonus\b"]),
        ("segnalino blocco", [r"\bsegnalino di blocco\b"]),
        ("round (the Italian rulebook's word)", [r"\bturno di gioco \d"]),
        # Issue 34, the Italian reading: the faults a native reader found, so they cannot come back.
        ("fazione (a side is never 'la parte': 'vince la parte', 'la tua parte')",
         [r"\b(?:[Ll]a tua|[Oo]gni|[Qq]uella|[Ll]'altra|[Dd]ue) part[ei]\b(?! (?:del|della|dei|di|delle|dello|degli)\b)",
          r"\b[Vv]ince la parte\b", r"\bla parte (?:indietro|senza)\b"]),
        ("segnalino giorno, segnalino mese (the rulebook's names)", [r"\bsegnalin[oi] del (?:giorno|mese)\b"]),
        ("l'estremità del tracciato", [r"\bcap[oi] del tracciato\b"]),
        ("un'interpretazione, una decisione del progetto (a ruling is not an arbitration)", [r"\barbitrat[oi]\b"]),
        ("il quartiere in agitazione (what is counted or worth points is the region, not 'l'agitazione')",
         [r"\bconteggiare l'agitazione\b", r"\bpunt(?:i|eggio) dell'agitazione\b", r"\bvale l'agitazione\b",
          r"\bl'agitazione (?:di|a|ad|in) (?:marzo|maggio|luglio|agosto|settembre|ottobre)",
          r"\bquartiere in agitazione è il quartiere\b"]),
        ("Fase Pulizia (the phase, named as the rulebook names it)",
         [r"\b(?:[Aa]lla|[Nn]ella|[Dd]ella|prossima|[Ss]egue la|[Dd]opo la|[Ss]i fa|[Ll]a) pulizia\b", r"^Pulizia: "]),
        ("In solitario, ... (an exercise's opening)", [r"^Solitario, "]),
        ("accanto al calendario", [r"\bpresso il calendario\b"]),
        ("il quartiere rosso e il quartiere marrone (a region named in running text takes its article)",
         [r"(?:^|\b(?:ma|e|tra|fra|che|se)) quartiere (?:rosso|blu|verde|viola|bianco|marrone)\b"]),
        ("la connessione verde-rosso (one hyphen, as the log writes it: not 'verde–rosso')",
         [r"\b(?:rosso|blu|verde|viola|bianco|marrone)–(?:rosso|blu|verde|viola|bianco|marrone)\b"]),
        ("il Trotsky rosso / il Trotsky neutrale (with its article at a sentence's start)",
         [r"(?:^|[.!?] )Trotsky (?:rosso|neutrale) (?:è|si|entra|aspetta|arriva|sostituisce|vale)\b"]),
        ("lower case after a colon inside a sentence ('la accetta: il Bianco recluta', not 'Il Bianco')",
         [r"[a-zà-ù)\]]: (?:Lo|La|Il|Le|Gli|I|Un|Una|Uno|Non|Con|Senza|Chi|Nessun[oa]?|Finite|Per|Se|Si|Ogni|Quando|Dopo"
          r"|Prima|Poi|Ecco|Questo|Questa|Tutt[ie]|Giocare|Reclutare|Spostare|Scegliere|Far|Rinunciare|Guadagnare"
          r"|Considerare|L'\w+)\b"]),
        # Issue 34, the second Italian reading (words-it2): each kind of fault met in rendered games and the course.
        ("il volere del popolo è del Rosso (a sentence in the status line, not the label 'Volere del popolo: Rosso')",
         [r"\b[Vv]olere(?: del popolo)?: (?:il )?(?:Rosso|Bianco)\b"]),
        ("Bianco: spostare ... come azione bonus (a line led by its side holds no second colon)",
         [r"^(?:Tu \((?:Rosso|Bianco)\)|Rosso|Bianco|L'opposizione(?: \((?:Rosso|Bianco)\))?): [^:«»]*[a-zà-ù]: "]),
        ("Reclutamento Leader, Doppio Movimento, valore di reclutamento (the rulebook's names, one spelling)",
         [r"\b[Rr]eclutamento (?:del )?leader\b", r"\bvalore reclutamento\b", r"\bun doppio movimento\b",
          r"\b[Aa]zione bonus: (?:pescare|spostare|reclutare|far riposare|Organizzare)\b"]),
        ("gioca la carta viola-4, ha giocato le carte viola-4, rosso-2 (a card named after a verb takes 'la carta')",
         [r"\b(?:gioca|giochi|rivela|ha giocato|ha rivelato|azioni con) (?:rosso|blu|verde|viola|bianco|marrone)-\d"]),
        ("a sentence inside a ruling's note has no colon of its own ('... tacciono: le azioni ... non sono proposte: ...')",
         [r"\b(?:tacciono|regolamenti): [^:.]*[a-zà-ù]: "]),
        ("the verdict names who is stronger, then the sums once ('Rosso 4: R3 1, R8 3'), not the totals twice",
         [r"\bha la forza maggiore: Rosso \d+, Bianco \d+\. (?:Rosso|Bianco|L'opposizione) \d+: "]),
        ("l'estremità del tracciato (the end of the support track, one word for it)", [r"\bla fine del tracciato\b"]),
        ("Giocare la carta verde-4 (4 giorni, Reclutamento 2 o Movimento, 2 PV): the action's name in a sentence, "
         "not the card chip's short 'recl.'", [r"\bgiorni, recl\. "]),
        ("Tocca a te (Bianco) decidere (a verb before 'tu (Bianco)' agrees with it: never 'Decide tu')",
         [r"\b(?:Decide|Gioca|Sceglie|Deve) tu\b"]),
        ("TRACCIATO PUNTEGGIO (the board's title names the track as the rulebook and the analyzer do)",
         [r"\bTRACCIATO:"]),
        ("the outcome is a sentence ('La partita finisce perché ...'), not the label 'Perché:'", [r"[.!)] Perché: "]),
        ("Reclutare Lenin (the rulebook's Reclutamento Leader, as the log's 'recluta Lenin'), not 'Far entrare Lenin'",
         [r"\b[Ff]ar entrare (?:Lenin|Stalin|Kamenev|Kerensky|Lvov|Kornilov|il leader)\b"]),
        ("PARTITA FINITA: VINCE L'OPPOSIZIONE (ROSSO) (a title in capitals has no lower-case words in brackets)",
         [r"\b[A-Z]{5,}\b[^a-z]*[A-Z\}]\)? ?\((?:tu|l'opposizione)\)"]),
        # Issue 34, the third Italian reading (words-it3).
        ("Quartiere in agitazione — il Rosso ha la forza maggiore nel quartiere viola (the unrest line names its "
         "region once)", [r"\b[Aa]gitazione nel (quartiere (?:rosso|blu|verde|viola|bianco|marrone)) —[^.]*\b\1\b"]),
        ("il Rosso ha 4: R3 1, R8 3; l'opposizione ha 1: ... (a strength tally is a sentence that names each side "
         "as the text around it does, not the label 'Rosso 4:' beside 'L'opposizione 5:')",
         [r"(?:^|[.;!]\s)(?:Rosso|Bianco|[Ll]'opposizione) \d+: "]),
        ("l'opposizione ha la forza maggiore. L'opposizione ha 5: ... (the verdict names the solo Opposition as its "
         "sums do, not by its colour)", [r"\b[Ii]l (?:Rosso|Bianco) ha la forza maggiore\. L'opposizione ha \d+"]),
        ("L'obiettivo dell'opposizione è la carta viola-4 nel quartiere viola (quartiere scelto ..., carta scelta ...): "
         "one sentence, not a colon for each choice", [r"\bscelta del quartiere: ", r"\bscelta della carta: ",
                                                      r"[Oo]biettivo dell'opposizione: (?:rosso|blu|verde|viola|bianco|marrone)-\d"]),
        ("D ed E (the conjunction takes its d before a word in e-, as a careful Italian text writes it)",
         [r"(?<![\w'])e (?:[EeÈè]\w*|è)\b"]),
        ("Reclutamento 2 (the card's recruit value is never shortened to 'recl.')", [r"\brecl\."]),
        ("Giocare la carta viola-4, l'obiettivo è la carta viola-4 (a card named after an infinitive or after 'è' "
         "takes 'la carta')", [r"\b(?:[Gg]iocare|[Gg]ioca|[Ss]cegliere|[Ss]cegli|[Hh]a in mano|obiettivo(?: segreto di \w+)? è) "
                              r"(?:rosso|blu|verde|viola|bianco|marrone)-\d"]),
        ("Il volere del popolo è dell'opposizione (Bianco) (the status line's sentence, not the Opposition's colour "
         "after a verb)", [r"\bL'opposizione ha il volere del popolo \("]),
        # Issue 34, the fourth Italian reading (it4): each kind of fault a native reader met.
        ("azione consentita, azioni possibili (a 'legal action' in Italian is a lawsuit)", [r"\b[Aa]zion[ei] legal[ei]\b"]),
        ("la distribuzione numero 4, Numero della distribuzione (to a card player 'seme' is a suit: never where a "
         "player reads the deal's number)", [r"^Seme$", r"\(seme\)", r"\bdistribuite con il (?:seme\b|\s*(?::|$))",
                                             r"\bPartita in solitario, seme\b", r"\ba caso \(seme fissato\)"]),
        ("in ogni quartiere con un segnalino obiettivo (the rulebook's name, not a bare 'segnalino')",
         [r"\bquartiere con un segnalino[,.;:]"]),
        ("Vince il quartiere chi ha più forza ... è ciò che il regolamento chiama avervi la forza maggiore (a term is "
         "not defined by itself)", [r"\bchi ha la forza maggiore\b.*\bchiama\b.*\bforza maggiore\b"]),
        ("sposta il segnalino punteggio di circa 3,0 PV più verso di te rispetto a qualsiasi altra azione",
         [r"\bporta il segnalino punteggio circa\b", r"\bpiù verso di te di qualsiasi\b"]),
        ("le altre azioni a pari merito (a tie in a ranking), not 'dello stesso rango'", [r"\bdello stesso rango\b"]),
        ("in tutto sono state esaminate 59 decisioni (a sentence, not the label 'esaminate in tutto: 59')",
         [r"\besaminate in tutto: "]),
        ("il motore di regole accetta questa mossa (a move is not 'la' without a noun)", [r"\b[Mm]otore(?: di regole)? la accetta\b"]),
        ("La soluzione ti è stata mostrata, quindi l'esercizio non conta ancora", [r"\bMostrat[oa] prima, quindi\b",
                                                                                   r"\bnon ancora contat[oa]\b"]),
        ("guadagna punti sul tracciato punteggio (the track counts points, not 'sostegno')", [r"\bguadagna sostegno\b"]),
        ("uno prima di ciascuno dei tuoi quattro e uno dopo l'ultimo", [r"\bprima, tra e dopo\b"]),
        ("Bonus Pesca del Bianco: pesca una carta comando (a bonus action's log line is led by its rulebook name)",
         [r"^(?:Il (?:Rosso|Bianco)|L'opposizione|\{side:Il\}) pesca una carta in più\b"]),
        ("La Fase Punteggio (the rulebook's name of the phase)", [r"\b[Ff]ase di punteggio\b"]),
        ("affidabilità, Grado di certezza (the Hint's label)", [r"\b[Qq]uanto è sicuro\b"]),
        ("Giocatore automatico (the computer player's selector)", [r"\bRegola del giocatore\b"]),
        ("3 contro 0 (a count against a count)", [r"\bcontro i tuoi (?:\d|\{)"]),
        ("Viktor (Rosso), Katya (Bianco) (a player's side is the side's name)", [r"^\w+ \((?:rosso|bianco)\)$"]),
        ("Chi è più forte qui? È la domanda dell'esercizio.", [r"\bla domanda è proprio\b"]),
        ("l'azione che più lo avvicina alla forza maggiore (the greater strength is had, not improved)",
         [r"\bmigliora(?: di più)? la sua forza maggiore\b"]),
        ("Ultima azione annullata: reclutare l'unità B3 (a sentence goes on in lower case after its colon)",
         [r"\b[Aa]zione annullata(?: —|: (?:Reclutare|Spostare|Giocare|Far|Pescare|Rivelare|Scegliere"
          r"|Passare|Organizzare|Ispirare|Rinunciare|Considerare)\b)"]),
        ("il regolamento francese (the French edition's rulebook, not 'la stampa')", [r"\bstampa (?:francese|italiana|inglese)\b"]),
        # Issue 34, the fifth Italian reading (words4).
        ("il quartiere con il totale più alto è quello dell'obiettivo (the rulebook's words for the solo objective: "
         "a sum or a region does not 'win')", [r"\bvince (?:la somma\b|il quartiere (?:con più|della carta))",
                                              r"\bvince chi ha più carte\b"]),
        ("Tu (Bianco), L'opposizione (Rosso): one form wherever 'you' or the Opposition is named beside a side",
         [r"\b(?:Rosso|Bianco|\{side\}) \((?:tu|opposizione)\)"]),
        ("Lenin, leader dell'opposizione (the name, then what he is)",
         [r"\bleader dell'opposizione (?:Lenin|Stalin|Kamenev|Kerensky|Lvov|Kornilov)\b"]),
        ("un tabellone interattivo (a 'live' board)", [r"\btabellone vivo\b"]),
        ("→, ↔ (typographic arrows, not ASCII '->')", [r"(?<![<\w-])<?->(?!>)"]),
        # Issue 34, the fifth Italian grader's list (words4).
        ("al massimo l'8% (no article before a percentage field: 'il {percent}' writes 'il 8%')",
         [r"\b(?:il|al|del|dal) \{percent\}", r"\b(?:il|al|del|dal) (?:8|11|8\d|1)(?:,\d+)?\s?%"]),
        ("giocatore automatico (one word for a computer player)", [r"\bgiocator[ei] computer\b"]),
        ("a seguire: … (the ranking's next action; 'poi giocare' reads as 'then play')", [r"^poi \{action:low\} —"]),
        ("Mossa eseguita / Mossa annullata (the notices after an action)", [r"^(?:Fatto|Annullato): "]),
        ("il segnalino mese raggiunge agosto ('arriva a agosto' lacks its 'ad')", [r"\barriva a \{month\}",
                                                                                    r"\ba (?:agosto|aprile)\b"]),
        ("3 contro 0 (a count, not 'contro nessuno')", [r"\bcontro nessuno\b"]),
        ("non resta nessuna tessera quartiere (the cleanup once the tiles ran out)", [r"\bnel da nessuna parte\b"]),
        ("l'unità B4 (forza 1 sul lato riposato, 1 sul lato affaticato) (both sides named: '1, 1 sul lato affaticato' "
         "reads as a count)", [r"\(forza \d+, \d+ sul lato affaticato\)"]),
        ("Dei segnalini che lasciano il tabellone", [r"\bsegnalini che partono\b"]),
        ("un'unità o un leader della tua riserva (evidenziati) (no 'o' inside a list of 'o')",
         [r"\bleader evidenziato nella tua riserva\b"]),
        # Issue 34, the sixth Italian reading (words5): each kind of fault the grader met.
        ("non «giocare la carta rosso-2» (a quoted action inside a sentence starts in lower case)",
         # (a special action's own name keeps its capitals: "non «Ispirare il Popolo e …»", as "{action:low}" writes it)
         [r"\b(?:non|scelto) «(?:Giocare|Spostare|Reclutare|Far|Scegliere|Rinunciare|Pescare|Considerare|Conteggiare|"
          r"Non)\b"]),
        ("in valore di reclutamento la scelta costa 3 (one unit is not 'queste unità')", [r"\bqueste unità costano\b"]),
        ("sposta il Trotsky rosso (a leader with its adjective takes the article)",
         [r"\b(?:sposta|[Ss]postare|riposare|[Bb]onus Movimento [^:]*:) Trotsky (?:rosso|neutrale)\b"]),
        ("ora tu 2 contro 4, prima 0 contro 4 (before and after, not 'invece di')", [r"\binvece di \d+ contro\b"]),
        ("Rosso — scelta: giocare … (a log line is the side's choice: an infinitive right after the side reads "
         "as an order)",
         [r"^(?:Tu \((?:Rosso|Bianco)\)|Rosso|Bianco|L'opposizione(?: \((?:Rosso|Bianco)\))?): "
          r"(?:giocare|spostare|reclutare|far|non|scegliere|pescare|rinunciare|conteggiare|considerare)\b"]),
        ("N2 è sul lato riposato (a token's state without a gender the question may contradict)",
         [r"^(?:Non proprio\. |Esatto! )?N\d+ è (?:ancora )?(?:riposato|affaticato|controllato)\b"]),
        ("o entrambe le cose (after a masculine and a feminine noun)", [r"\bin un quartiere qualsiasi, [^,]+ o entrambi\b"]),
        ("la tessera del quartiere viola", [r"\btessera quartiere (?:rosso|blu|verde|viola|bianco|marrone)\b"]),
        ("prima le voci più recenti (an adjective needs its noun)", [r"\(prima le più recenti\)"]),
    ],
}
#: A side named bare where the language needs its article or its preposition: French "Blanc joue",
#: "à Rouge", "pour Blanc"; Italian "Rosso gioca", "a Bianco", "per Rosso".
BARE_SIDE = {
    "fr": r"(?:^|[.:;!?]\s)(?:Rouge|Blanc) [a-zé]|(?:^|[\s(])(?:[àÀ]|[dD]e|[pP]our|[pP]ar|[cC]ontre|[vV]ers) (?:Rouge|Blanc)\b"
          r"|Volonté\s?:\s(?:Rouge|Blanc)\b|^(?:Rouge|Blanc), [a-zé]"
          r"|^(?:Rouge|Blanc)\s?:\s(?:jouer|recruter|déplacer|faire|choisir|objectif|n'effectuer|ne |renoncer|marquer)",
    "it": r"(?:^|[.:;!?]\s)(?:Rosso|Bianco) [a-z]|(?:^|[\s(])(?:[aA]|[dD]i|[dD]a|[pP]er|[cC]on|[vV]erso) (?:Rosso|Bianco)\b",
}
#: A number not in the reader's form: four digits or more without the thousands' separator
#: ("4000", French "4 000", Italian "4.000"; the year 1917 and a game's seed aside), an English
#: thousands' comma, a decimal point in French or Italian, French "43%" without its space.
#: (A game's seed and the year 1917 are ids, not quantities: _NOT_READ takes them out.)
WRONG_NUMBER = {
    "fr": [r"(?<![\w.,/-])\d{4,}(?![\w.,])", r"(?<![\w.])\d{1,3},\d{3}(?![\d,])",
           r"(?<![\w.])\d+\.\d+(?![\w.])", r"\d%",
           r"(?<![\w.,])\d{1,3} \d{3}(?!\d)", r"\d %"],     # a plain space inside a number: a line may break there
    "it": [r"(?<![\w.,/-])\d{4,}(?![\w.,])", r"(?<![\w.])\d{1,3},\d{3}(?![\d,])",
           r"(?<![\w.])\d+\.\d{1,2}(?![\w.\d])"],
}
#: Where a text holds notation or an id rather than prose (code, a saved file's name): left alone.
_NOT_READ = re.compile(r"`[^`]*`|'[a-z_-]+'|\b\w+\.(?:ipynb|json|py)\b|\b[a-z_]+\.[a-z_.]+\b|\b[a-z]+://\S+"
                       r"|\b(?:graine|seme|seed)\s*=?\s*\d+|\b1917\b")


#: A paragraph wrapped over several lines (the notebooks' prose): read as one line, so that a term
#: cut by a line break ("points de\nvictoire") is still seen; a list item or a heading starts a line.
_SOFT_WRAP = re.compile(r"\n[ \t]*(?![*#>|-]|\d+\.|$)")


def glossary_faults(lang: str, texts) -> list[str]:
    """The rendered texts' faults in ``lang``: a word from the wrong column, a bare side, a
    number not in the reader's form (each with where it was met)."""
    rules = [(f"not the rulebook's word for {term}", wrong) for term, words in RULEBOOK_GLOSSARY[lang]
             for wrong in words]
    rules += [("a bare side name", BARE_SIDE[lang])]
    rules += [("a number not in the reader's form", wrong) for wrong in WRONG_NUMBER[lang]]
    faults = []
    for where, text in texts:
        prose = _SOFT_WRAP.sub(" ", _NOT_READ.sub(" ", text))
        for line in prose.splitlines():
            for why, pattern in rules:
                m = re.search(pattern, line)
                if m:
                    faults.append(f"{where}: {why}: {m.group(0)!r} in {line[:110]!r}")
    return faults


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("lang", [lang for lang in TRANSLATED if lang in RULEBOOK_GLOSSARY])
def test_what_a_reader_meets_uses_the_rulebooks_words(source, lang):
    """Played games (narration, status line, hands, actions in words, refusals), the course, the
    tutorial and the notebooks' stored outputs, as rendered: no word from the wrong column, no
    bare side where an article is due, every number in the reader's form."""
    faults = sorted(set(glossary_faults(lang, SOURCES[source](lang))))
    assert not faults, f"{lang}/{source}: {len(faults)} faults:\n" + "\n".join(faults[:40])


def test_what_a_french_reader_meets_when_refused():
    """The engine's refusals of every kind of wrong action, as rendered in French: the rulebook's
    words, no bare side, no brackets after or inside brackets ("la partie est finie (le marqueur …
    (R-END-1))", "R3 n'est pas dans la réserve des Rouges (cette Unité est dans la Zone verte) (R-ACT-RECRUIT)")."""
    texts = MORE_SOURCES["refusals"]("fr")
    faults = sorted(set(glossary_faults("fr", texts)) | set(bracket_faults(texts)))
    assert not faults, f"fr/refusals: {len(faults)} faults:\n" + "\n".join(faults[:40])


@pytest.mark.parametrize("source", sorted(MORE_SOURCES))
def test_what_an_italian_reader_meets_when_refused_or_choosing_a_card(source):
    """The engine's refusals of every kind of wrong action, and the play screen's card chips, tips
    and choices, as rendered in Italian: the rulebook's words, no bare side, no brackets after or
    inside brackets ("... (è nel quartiere verde) (R-ACT-RECRUIT)")."""
    texts = MORE_SOURCES[source]("it")
    faults = sorted(set(glossary_faults("it", texts)) | set(bracket_faults(texts)))
    assert not faults, f"it/{source}: {len(faults)} faults:\n" + "\n".join(faults[:40])


#: An action quoted in its notation ("not 'organize'", «play red-2»): what a learner typed may be
#: quoted back so, but the course's learner clicked, and reads the action in words.
_QUOTED_NOTATION = re.compile(r"[«'‘\"]\s?(?:play|move|double-move|rest|recruit|leader-recruit|protest|espionage|inspire"
                              r"|organize|objective|score-unrest|pass|bonus-(?:recruit|move|rest|draw))\b(?: [\w-]+)*\s?[»'’\"]")


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_course_names_a_refused_action_in_words(lang):
    """A verdict that quotes the engine's refusal names the refused action as the menu does
    ("non «Rivelare il tuo obiettivo segreto con l'azione bonus Organizzare»"), not «organize»."""
    faults = sorted({f"{where}: {text[:140]!r}" for where, text in SOURCES["course"](lang)
                     if _QUOTED_NOTATION.search(text)})
    assert not faults, f"{lang}: an action quoted in notation:\n" + "\n".join(faults[:20])


def test_the_notation_check_sees_a_quoted_action():
    assert _QUOTED_NOTATION.search("o passare, non «organize» (R-SCO-UNREST)")
    assert _QUOTED_NOTATION.search("or pass; not 'play red-2'.")
    assert not _QUOTED_NOTATION.search("non «Rivelare il tuo obiettivo segreto con l'azione bonus Organizzare»")


#: Brackets a reader trips over: two in a row ("tu (Bianco) (carta)") or one inside another
#: ("(... la carte bleu 5 (2e))"); a translation says the second thing another way (a colon, a dash).
DOUBLE_BRACKETS = re.compile(r"\)\s*\(|\([^()]*\([^()]*\)[^()]*\)")


def bracket_faults(texts) -> list[str]:
    return [f"{where}: {m.group(0)!r} in {text[:110]!r}" for where, text in texts
            for m in [DOUBLE_BRACKETS.search(_NOT_READ.sub(" ", text))] if m]


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("lang", [lang for lang in TRANSLATED if lang in RULEBOOK_GLOSSARY])
def test_what_a_reader_meets_has_no_brackets_after_or_inside_brackets(source, lang):
    """The status line, the log, the course, the tutorial and the notebooks' outputs as rendered:
    no "(Bianco) (carta)", no "(carte bleu 5 (2e))" (the second copy of a card is "bis")."""
    faults = sorted(set(bracket_faults(SOURCES[source](lang))))
    assert not faults, f"{lang}/{source}: {len(faults)} faults:\n" + "\n".join(faults[:40])


@pytest.mark.parametrize("text, faulty", [
    ("di turno: tu (Bianco) (carta).", True), ("(valore reclutamento della carta blu-5 (2ª)).", True),
    ("tocca a te (Bianco): carta.", False), ("(valeur de Recrutement de la carte bleu 5 bis) (R-ACT-1", True),
    ("les Rouges gagnent — le marqueur a atteint le bout de la piste (R-END-1).", False),
])
def test_the_bracket_check_sees_brackets_after_or_inside_brackets(text, faulty):
    assert bool(bracket_faults([("made up", text)])) == faulty


@pytest.mark.parametrize("lang, text", [
    ("fr", "Blanc joue vert 4."), ("fr", "à Rouge de jouer (carte)"), ("fr", "le pion passe sur sa face Fatigué"),
    ("fr", "4000 parties jouées"), ("fr", "une Partie solo"), ("fr", "Kérenski entre"), ("fr", "gagne 43%"),
    ("fr", "la valeur de recrutement 2"), ("fr", "Valeur de recrutement de vert 4"), ("fr", "chaque faction a 10 unités"),
    ("fr", "Les Rouges jouent violet 4 (4 jours)."), ("fr", "L'Objectif des Rouges est violet 4."),
    ("fr", "Où est Trotski neutre ?"), ("fr", "Exact ! Trotski rouge est Fatigué."), ("fr", "juil"),
    ("fr", "Plateau de Dual Powers (solo), tour 2"), ("fr", "Tour 1 ; Volonté\u00a0: Rouge ; score"),
    ("fr", "Rouge\u00a0: jouer le rouge 4"), ("fr", "Rouge, grâce à plus de pions"),
    ("fr", "R-STR-2 est un arbitrage de ce projet\u00a0: Une Zone où ne se trouvent que des neutres"),
    ("fr", "ensuite Jouer Staline : 40 %"),
    ("fr", "Les Blancs\u00a0: Action supplémentaire\u00a0: déplacer B3"), ("fr", "Espionnage\u00a0: révéler l'Objectif"), ("fr", "Vous (les Rouges)\u00a0: Repos\u00a0: R3 repasse"),
    ("fr", "Les Rouges\u00a0: déplacer Trotski de la Zone rouge"), ("fr", "c'est les Rouges qui le contrôlent"),
    ("fr", "mar/avr"), ("fr", "oct/nov"), ("fr", "BLANC"), ("fr", "gagne"), ("fr", "un des 12 à égalité"),
    ("fr", "le Trotski rouge le remplace, du même côté"), ("fr", "effectuer son action spéciale (Espionnage)"),
    ("fr", "Exact ! Dans la Zone marron, les Rouges ont la Force en Présence. Rouge 4\u00a0: R3 1, R8 3 ; Blanc 2\u00a0: B5 2."),
    ("fr", "le plus de points de\nvictoire"), ("fr", "Rouge 3"), ("fr", "Blanc\u00a0:"), ("fr", "Rouge (Opposition)"),
    ("fr", "à l'Opposition (Rouge) de jouer"), ("fr", "Vous (Blanc)"),
    ("fr", "les pions déjà Fatigués quittent le plateau\u00a0: R3, N6, Trotski rouge ; les autres"),
    ("fr", "Double Mouvement, recrut. 2"), ("fr", "exécuter sur une grappe Dask"),
    ("fr", "Les Rouges gagnent\u00a0! Pourquoi\u00a0: le marqueur de score"),
    ("fr", "PARTIE TERMINÉE\u00a0: VICTOIRE DES BLANCS (l'Opposition)"), ("fr", "aux Rouges de jouer (étape\u00a0: Zone d'Émeute)."),
    ("fr", "recruter l'Unité R1 (Force 1, 0 côté Fatigué) dans la Zone bleue"),
    ("fr", "tout aussi bonne\u00a0: jouer Lvov (carte Leader, 4 jours)\u00a0: environ 0,4 PV"),
    ("fr", "Émeute dans la Zone violette\u00a0: les Rouges ont la Force en Présence dans la Zone violette (5 contre 3)."),
    ("fr", "jouer Kornilov — meilleure à égalité\u00a0: une des 5 actions"),
    ("fr", "Vous (Blancs)"), ("fr", "Opposition (Rouges)"), ("fr", "Jouer le vert 4\u00a0: interdit ici\u00a0: les Rouges"),
    ("fr", "la plus récente est le violet 2 (carte 5), donc"), ("fr", "chaque camp à son tour ; c'est le tour 3."),
    ("fr", "chaque action, rangée par sorte"), ("fr", "le Leader de l'Opposition Lénine entre"),
    ("fr", "il rejoint le camp qui joue les Rouges"), ("fr", "sur un plateau vivant"), ("fr", "N2 : Reposé -> Fatigué"),
    ("it", "in caso di parità vince chi ha più carte"), ("it", "1. somma i giorni: vince la somma più alta"),
    ("it", "vince il quartiere della carta giocata più di recente"), ("it", "Bianco (tu)"), ("it", "Rosso (opposizione)"),
    ("it", "il leader dell'opposizione Lenin entra"), ("it", "su un tabellone vivo"), ("it", "N2: riposato -> affaticato"),
    ("fr", "ensuite jouer le vert 4 bis : environ 2,3 PV"), ("fr", "les Blancs en gagneront les 1 PV"),
    ("fr", "les joueurs qui ont suivi les conseils d'ici"), ("fr", "gagne 40 % des parties depuis là où mène"),
    ("fr", "Unité des Rouges (côté Reposé) ajouté dans la Zone bleue."), ("fr", "un exercice de « Le calendrier »"),
    ("fr", "(R-CLN, décision du projet)"), ("fr", "le joueur artificiel indiqué"), ("fr", "des *substituts*"),
    ("fr", "jusqu'au prochain Nettoyage"), ("fr", "les Leaders quittent la partie pour de bon"),
    ("fr", "gagne du Soutien ou une action de plus"), ("fr", "Montré d'abord, donc pas encore compté"),
    ("fr", "son pion passe Reposé de votre réserve"), ("fr", "le camp Rouge est joué par l'Opposition"),
    ("fr", "le marqueur de mois avance sur juillet"), ("fr", "Nettoyage : l'Émeute est maintenant dans la nulle part."),
    ("fr", "Étape 2\u00a0: la Zone rouge et la Zone violette ont chacune 2 cartes\u00a0: toujours à égalité."),
    ("it", "Fase Pulizia: ora è in agitazione il nel da nessuna parte"),
    ("it", "ha vinto al massimo il 8% di queste partite"), ("it", "un semplice giocatore computer"),
    ("it", "Fatto: giocare la carta verde-4."), ("it", "quando il segnalino mese arriva a agosto"),
    ("it", "con forza 3 contro nessuno nel viola"), ("it", "Dei segnalini che partono"),
    ("it", "un'unità o un leader evidenziato nella tua riserva"),
    ("it", "Reclutare l'unità B4 (forza 1, 1 sul lato affaticato) nel quartiere viola"), ("it", "Rosso gioca viola-4."), ("it", "Forza maggiore in ogni quartiere"),
    ("it", "segnare il quartiere in agitazione"), ("it", "in caso di pareggio"), ("it", "L'vov entra"),
    ("it", "Tenete d'occhio il calendario"), ("it", "1000 partite"), ("it", "alla fase 'bonus'"),
    ("it", "Vince la parte verso cui pende il segnalino"), ("it", "Scegli la tua parte"),
    ("it", "fa avanzare il segnalino del giorno"), ("it", "verso il proprio capo del tracciato"),
    ("it", "R-CLN è un arbitrato di questo progetto"), ("it", "conteggiare l'agitazione o un'azione bonus"),
    ("it", "l'agitazione di ottobre/novembre vale 7 PV"), ("it", "Il quartiere in agitazione è il quartiere verde."),
    ("it", "Dove va la carta alla pulizia?"), ("it", "Pulizia: ora l'agitazione è nel quartiere blu"),
    ("it", "Solitario, round 3: tu hai vinto"), ("it", "aspettano presso il calendario"),
    ("it", "la connessione tra quartiere rosso e quartiere verde"), ("it", "ma quartiere rosso e quartiere marrone"),
    ("it", "Esatto! Trotsky rosso è affaticato."), ("it", "lungo la connessione bianco–marrone"),
    ("it", "non il testo dei regolamenti: Lo stesso rimescolamento"),
    ("it", "Il motore di regole la accetta: Il Bianco recluta Lvov"), ("it", "Fatto: Giocare la carta viola-4."),
    ("it", "Round 1, 6 marzo/aprile. Volere del popolo: Rosso. Punteggio: parità."),
    ("it", "Bianco: azione bonus: reclutare l'unità B3 nel quartiere rosso"),
    ("it", "Tu (Bianco): azione bonus: spostare Lenin"), ("it", "dopo aver giocato Kerensky: Reclutamento leader"),
    ("it", "Confronta il reclutamento del leader"), ("it", "valore reclutamento della carta rosso-3"),
    ("it", "Il Bianco ha giocato viola-4 (valore di reclutamento 2)"), ("it", "Il Rosso gioca rosso-3 (3 giorni)."),
    ("it", "Giochi bianco-2; poi l'opposizione rivela viola-3"), ("it", "Far entrare Lenin nel quartiere verde"),
    ("it", "PARTITA FINITA: VINCE IL ROSSO (l'opposizione)"), ("it", "PARTITA FINITA: VINCE IL BIANCO (tu)"),
    ("it", "ENGINE-NO-OP è una decisione di questo progetto su un punto su cui i regolamenti tacciono: le azioni che non "
           "cambierebbero nulla non sono proposte: ispirare avendo già il volere del popolo"),
    ("it", "Nel quartiere marrone il Rosso ha la forza maggiore: Rosso 4, Bianco 2. Rosso 4: R3 1, R8 3; Bianco 2: B5 2."),
    ("it", "il segnalino punteggio ha raggiunto la fine del tracciato punteggio"), ("it", "TRACCIATO: parità"),
    ("it", "Punteggio: parità. Decide tu (Bianco): giocare una carta."),
    ("it", "Tu (Bianco): giocare la carta verde-4 (4 giorni, recl. 2 o Movimento, 2 PV)"),
    ("it", "Vince il Rosso! Perché: il segnalino mese è su ottobre/novembre"),
    ("it", "Agitazione nel quartiere rosso — l'opposizione ha la forza maggiore nel quartiere rosso: 3 contro 0"),
    ("it", "Esatto! Nel quartiere rosso il Rosso ha la forza maggiore. L'opposizione 5: O1a 3, O2b 2; Bianco 0."),
    ("it", "Nel quartiere rosso l'opposizione ha la forza maggiore. Rosso 4: R3 1"),
    ("it", "Esatto! Nel quartiere rosso il Rosso ha la forza maggiore. L'opposizione ha 5: O1a 3"),
    ("it", "Obiettivo dell'opposizione: viola-4 nel quartiere viola (scelta del quartiere: l'ultima carta giocata)"),
    ("it", "Gli esempi D e E del regolamento"), ("it", "verde-4\n4 giorni · 2 PV\nMovimento, recl. 2"),
    ("it", "Giocare viola-4"), ("it", "Scegli viola-4"), ("it", "Gioca bianco-2, una carta Movimento"),
    ("it", "Ha in mano verde-4: una carta comando verde"), ("it", "L'obiettivo è viola-4, l'unica carta viola giocata."),
    ("it", "L'opposizione ha il volere del popolo (Bianco)."),
    ("it", "Nessuna azione legale: la partita è finita."), ("it", "Tocca al Bianco, 7 azioni legali."),
    ("it", "Seme"), ("it", "Distribuzione (seme)"), ("it", "Le carte di questa partita sono state distribuite con il seme 4"),
    ("it", "un'azione legale a caso (seme fissato)"), ("it", "Infine, in ogni quartiere con un segnalino, i segnalini"),
    ("it", "Vince il quartiere chi ha la forza maggiore. Vincere così un quartiere è ciò che il regolamento chiama "
           "avervi la forza maggiore."),
    ("it", "porta il segnalino punteggio circa 3,0 PV più verso di te di qualsiasi altra azione."),
    ("it", "Le altre 3 azioni dello stesso rango sono più o meno altrettanto buone"),
    ("it", "(decisioni con una scelta esaminate in tutto: 59)"), ("it", "Il motore di regole la accetta."),
    ("it", "Mostrato prima, quindi non ancora contato: riprova"), ("it", "chi vi è più forte guadagna sostegno sul tracciato"),
    ("it", "L'opposizione gioca cinque turni: prima, tra e dopo i tuoi quattro."),
    ("it", "Il Bianco pesca una carta in più; d'ora in poi avrà una carta in più in mano."), ("it", "La fase di punteggio"),
    ("it", "Quanto è sicuro: nettamente la migliore."), ("it", "quanto è sicuro"), ("it", "Regola del giocatore"),
    ("it", "e ora ce l'ha il Bianco, 3 contro i tuoi 0."), ("it", "Viktor (rosso)"),
    ("it", "Quartiere rosso: R3. Qui la domanda è proprio quale fazione sia più forte."),
    ("it", "l'azione che migliora di più la sua forza maggiore dove conta"),
    ("it", "Ultima azione annullata — Reclutare l'unità B3"), ("it", "Ultima azione annullata: Reclutare l'unità B3"),
    ("it", "E due unità da 2, come nella stampa francese?"),
    ("fr", "Émeute\u00a0: les Rouges ont la Force en Présence dans la Zone blanche (3 contre 0, R-STR-2)."),
    ("fr", "Votre choix laisse la Force en Présence aux Rouges dans la Zone verte"),
    ("fr", "Donnez aux Blancs la Force en Présence dans la Zone rouge."),
    ("fr", "Le mieux\u00a0: <b>N&#x27;effectuer aucune Action</b>."),
    ("fr", "Zone marron\u00a0: les Rouges ont la plus grande Force en Présence dans la Zone marron (3 contre 2, R-STR-2)."),
    ("fr", "Cliquez sur un pion en surbrillance\u00a0; ou cliquez sur une Zone en surbrillance."), ("fr", "Katya (blanc)"), ("fr", "{first}\u00a0; ou {second}"),
    ("fr", "Le marqueur de score est à 3 cases vers les Blancs."), ("fr", "L'Opposition a joué, dans cet ordre, violet 2, rouge 3"), ("fr", "L'Opposition a joué, dans cet ordre\u00a0: rouge 5, bleu 2"),
    ("fr", "vous ont coûté le plus (décisions avec un choix examinées\u00a0: 20)"), ("fr", "(20 décisions à choix examinées)"),
    ("fr", "28 mars/avril + 3 jours\u00a0; tombe sur le 29 ou le 30 et glisse jusqu'au 31 (R-CAL-3)"),
    ("fr", "Dernière action, annulée\u00a0: Recruter l'Unité B3"),
    ("fr", "N2 est Reposé."), ("fr", "B3 n'est pas sur le plateau (il est dans la boîte)"), ("fr", "R1, déjà Fatigué, retourne"),
    ("fr", "R10 est une Unité\u00a0: elle retourne dans la réserve de Viktor."),
    ("fr", "Les Rouges\u00a0: jouer le vert 4 (2 jours)"), ("fr", "Aux Blancs de jouer\u00a0: jouer une carte"),
    ("fr", "Mettre N5 au Repos dans la Zone verte"), ("fr", "le Recrutement du Leader"), ("fr", "toujours la première action légale"),
    ("fr", "des parties simulées rapides (playouts)"), ("fr", "la meilleure avec une probabilité de 40\u00a0%"),
    ("fr", "avance sur la piste de soutien"), ("fr", "Vous pouvez cliquer\u00a0: B3"), ("fr", "3 000 parties"), ("fr", "à 95 %"),
    ("fr", "jusqu'au 8 mars/avril\u00a0: pas d'Action supplémentaire"),
    ("fr", "comme en partie (Recrutement)\u00a0; ou utilisez un bouton"),
    ("fr", "Les Blancs — choix\u00a0: choix d'un Objectif secret (face cachée)"),
    ("it", "non «Giocare la carta rosso-2 (2 giorni)»"), ("it", "queste unità costano 3"),
    ("it", "Il Rosso sposta Trotsky rosso dal quartiere marrone"), ("it", "tu 2 contro 4, invece di 0 contro 4"),
    ("it", "Rosso: giocare la carta rosso-5 (2 giorni)"), ("it", "Non proprio. N2 è riposato."),
    ("it", "in un quartiere qualsiasi, Ispirare il Popolo o entrambi"), ("it", "contiene la tessera quartiere viola"),
    ("it", "<b>Registro della partita</b> (prima le più recenti)"),
    ("fr", "les Blancs ont gagné la Zone d'Émeute\u00a0: la compter comme Objectif, faire une Action supplémentaire ou passer\u00a0; pas « x »"),
    ("fr", "Choisir vert 3 (1 PV) comme Objectif secret"), ("fr", "(connexions de la ville\u00a0: rouge-vert, bleu-vert)"),
    ("fr", "Marquer 3 PV avec la Zone d'Émeute (Zone violette)"), ("fr", "dans les parties d'essai du conseiller"),
    ("it", "nelle partite di prova del consigliere"),
    ("it", "al punteggio di questo round i 1 PV della carta vanno al Bianco"),
])
def test_the_glossary_check_catches_each_kind_of_fault(lang, text):
    assert glossary_faults(lang, [("made up", text)]), text


@pytest.mark.parametrize("lang, text", [
    ("fr", "Les Blancs jouent le vert 4."), ("fr", "4\u202f000 parties, graine 12345, en 1917"), ("fr", "43\u00a0%"),
    ("fr", "à vous (les Blancs) de jouer"), ("fr", "Les Rouges jouent le violet 4 ; la carte vert 4"),
    ("fr", "Le Trotski neutre est Fatigué ; le Trotski rouge entre"), ("fr", "juil."),
    ("fr", "Volonté\u00a0: les Rouges ; Les Rouges — choix\u00a0: jouer le rouge 4"), ("fr", "sept cartes"),
    ("fr", "Règles\u00a0: R-STR-2\u00a0: une Zone ; Vous (les Blancs)\u00a0: Action supplémentaire\u00a0: déplacer"),
    ("fr", "* une liste\n* Points de victoire"), ("fr", "Rouge\u00a0: quartier de Vyborg"), ("fr", "Trotski rouge"),
    ("fr", "Dernière action annulée\u00a0: recruter B3"), ("fr", "Katya (Blancs)"),
    ("fr", "Les Blancs — choix\u00a0: déplacer B3 de la Zone rouge vers la Zone verte (Action supplémentaire)"),
    ("fr", "Les Rouges\u00a0: 5 (R7 2, N5 neutre 2) ; les Blancs\u00a0: 3 (B9 3)."), ("fr", "Déplacer le Trotski rouge"),
    ("fr", "ce sont les Rouges qui le contrôlent ; c'est l'Opposition"), ("fr", "mars/avr."), ("fr", "oct./nov."),
    ("fr", "BLANCS"), ("fr", "victoire"), ("fr", "Rouges 3"), ("fr", "Blancs\u00a0:"), ("fr", "L'Opposition (les Rouges)"),
    ("fr", "à vous (les Blancs) de jouer"), ("fr", "quittent le plateau\u00a0: R3, N6 et le Trotski rouge ; les autres"),
    ("fr", "Recrutement 2\nou Double Mouvement"), ("fr", "sur un cluster Dask"),
    ("fr", "Les Rouges gagnent\u00a0! La partie s'arrête parce que le marqueur de score"),
    ("fr", "PARTIE TERMINÉE\u00a0: VICTOIRE DE L'OPPOSITION (LES BLANCS)"), ("fr", "(étape\u00a0: décompte de la Zone d'Émeute)"),
    ("fr", "recruter l'Unité R1 (Force 1 côté Reposé, 0 côté Fatigué) dans la Zone bleue"),
    ("fr", "tout aussi bonne\u00a0: jouer Lvov (carte Leader, 4 jours) — environ 0,4 PV\u00a0; Zone verte\u00a0: vous 2 contre 0"),
    ("fr", "Émeute\u00a0: les Rouges l'emportent dans la Zone violette (5 contre 3, R-STR-2)."),
    ("fr", "Les Rouges ont la plus grande Force en Présence dans la Zone violette."), ("fr", "La Force en Présence décide"), ("fr", "L'Unité N2 est Reposée."), ("fr", "N2 est sur son côté Reposé."),
    ("fr", "B3 n'est pas sur le plateau, mais dans la boîte"), ("fr", "Qui gagne, et pourquoi\u00a0?"), ("fr", "une des 12 à égalité"), ("fr", "son Action spéciale"),
    ("fr", "sept cartes, un mardi"), ("fr", "Espionnage\u00a0: l'Objectif secret de l'adversaire est retourné"),
    ("fr", "Organiser une manifestation\u00a0: déplacez le marqueur de Barricade"),
    ("fr", "Vous (les Blancs)"), ("fr", "L'Opposition (les Rouges)"), ("fr", "Jouer le vert 4 n'est pas permis ici\u00a0: les Rouges"),
    ("fr", "la dernière jouée est le violet 2 (5e carte de l'Opposition), donc"),
    ("fr", "chaque camp à son tour ; nous en sommes au tour 3 de la phase."), ("fr", "rangée par type"),
    ("fr", "Lénine, Leader de l'Opposition, entre"), ("fr", "il appartient à celui qui joue les Rouges"),
    ("fr", "sur un plateau interactif"), ("fr", "N2 : Reposé → Fatigué"), ("fr", "une flèche --> en notation"), ("it", "Il Rosso gioca la carta viola-4."), ("it", "4.000 partite; 6,4"),
    ("it", "Chi ha la forza maggiore in ogni quartiere"), ("it", "Tocca al Bianco"),
    ("it", "Vince la fazione verso cui pende il segnalino"), ("it", "spostandolo dalla parte del giocatore"),
    ("it", "le due parti del tracciato"), ("it", "il segnalino giorno e il segnalino mese"),
    ("it", "all'estremità del tracciato"), ("it", "R-CLN è un'interpretazione di questo progetto"),
    ("it", "A ottobre/novembre il quartiere in agitazione vale 7 PV"), ("it", "Ora è in agitazione il quartiere verde."),
    ("it", "Dove va la carta nella Fase Pulizia?"), ("it", "In solitario, round 3: tu hai vinto"),
    ("it", "la connessione tra il quartiere rosso e il quartiere verde"), ("it", "Esatto! Il Trotsky rosso è affaticato."),
    ("it", "Rosso: Spionaggio per rivelare l'obiettivo"), ("it", "Mano del Rosso: Lenin, Stalin"),
    ("it", "la accetta: il Bianco recluta Lvov nel quartiere marrone"),
    ("it", "Round 1, 6 marzo/aprile. Il volere del popolo è del Rosso. Punteggio: parità. Tocca a te (Bianco): giocare una carta."),
    ("it", "Bianco — scelta: reclutare l'unità B3 (forza 1 sul lato riposato, 1 sul lato affaticato) nel quartiere rosso come azione bonus"),
    ("it", "Tu (Bianco) — scelta: spostare l'unità B2 dal quartiere blu al quartiere verde come azione bonus"),
    ("it", "Il Rosso sposta il Trotsky rosso dal quartiere marrone al quartiere viola."), ("it", "N2 è sul lato riposato."),
    ("it", "non «giocare la carta rosso-2 (2 giorni)»"), ("it", "ora tu 2 contro 4, prima 0 contro 4"),
    ("fr", "Aux Blancs\u00a0: jouer une carte"), ("fr", "Reposer N5 dans la Zone verte"), ("fr", "4\u202f000 parties, 95\u00a0%"),
    ("fr", "40\u00a0% de chances d'être la meilleure"), ("fr", "le Recrutement de Leader"), ("fr", "une action autorisée"),
    ("it", "Rosso: obiettivo (una carta, a faccia in giù)"), ("it", "PARTITA FINITA: VINCE L'OPPOSIZIONE (ROSSO)"),
    ("it", "Tocca a te (Bianco): reclutare Lenin nel quartiere verde"),
    ("it", "Punteggio: parità. Tocca a te (Bianco) decidere: giocare una carta."), ("it", "Il Reclutamento Leader e l'azione speciale"),
    ("it", "Il Bianco ha giocato la carta viola-4; l'opposizione ha giocato le carte viola-4, rosso-2"),
    ("it", "Nel quartiere marrone il Rosso ha la forza maggiore. Il Rosso ha 4: R3 1, R8 3; il Bianco ha 2: B5 2."),
    ("it", "Nel quartiere rosso l'opposizione ha la forza maggiore. L'opposizione ha 5: O1a 3; il Bianco ha 0."),
    ("it", "Quartiere in agitazione — il Rosso ha la forza maggiore nel quartiere viola: 3 contro 1 (R-STR-2)."),
    ("it", "L'obiettivo dell'opposizione è la carta viola-4 nel quartiere viola (quartiere scelto per la somma di "
           "giorni più alta, carta scelta per il maggior numero di PV)."),
    ("it", "Gli esempi D ed E del regolamento; A e D; e il Rosso"), ("it", "Reclutamento 3\no Movimento"),
    ("it", "Giocare la carta viola-4 (4 giorni, Reclutamento 2 o Movimento, 2 PV)"),
    ("it", "Il volere del popolo è dell'opposizione (Bianco)."), ("it", "Rosso 3"),
    ("it", "Nessuna azione consentita: la partita è finita."), ("it", "Tocca al Bianco, 7 azioni consentite."),
    ("it", "N. distribuzione"), ("it", "Questa è la distribuzione numero 4: una nuova partita con lo stesso numero"),
    ("it", "Infine, in ogni quartiere con un segnalino obiettivo, i segnalini"),
    ("it", "Vince il quartiere chi ha più forza. Vincere così un quartiere è ciò che il regolamento chiama avervi la "
           "forza maggiore."),
    ("it", "sposta il segnalino punteggio di circa 3,0 PV più verso di te rispetto a qualsiasi altra azione."),
    ("it", "Le altre 3 azioni a pari merito sono più o meno altrettanto buone"),
    ("it", "(in tutto sono state esaminate 59 decisioni in cui avevi una scelta)"),
    ("it", "Il motore di regole accetta questa mossa."),
    ("it", "La soluzione ti è stata mostrata, quindi l'esercizio non conta ancora: riprova e trovala da solo."),
    ("it", "chi vi è più forte guadagna punti sul tracciato punteggio"),
    ("it", "L'opposizione gioca cinque turni: uno prima di ciascuno dei tuoi quattro e uno dopo l'ultimo."),
    ("it", "Bonus Pesca del Bianco: pesca una carta comando; d'ora in poi avrà una carta in più in mano."),
    ("it", "La Fase Punteggio"), ("it", "Grado di certezza: nettamente la migliore."), ("it", "affidabilità"),
    ("it", "Giocatore automatico"), ("it", "e ora ce l'ha il Bianco, 3 contro 0."), ("it", "Viktor (Rosso)"),
    ("it", "Quartiere rosso: R3. Chi è più forte qui? È la domanda dell'esercizio."),
    ("it", "l'azione che più lo avvicina alla forza maggiore dove conta"),
    ("it", "Ultima azione annullata: reclutare l'unità B3"), ("it", "Ultima azione annullata: Lenin entra"),
    ("it", "E due unità da 2, come nel regolamento francese?"),
    ("it", "Vince il Rosso! La partita finisce perché il segnalino punteggio ha raggiunto l'estremità del tracciato"),
    ("it", "in caso di parità, diventa quartiere dell'obiettivo quello con più carte"),
    ("it", "Vince il quartiere chi ha più forza."), ("it", "Tu (Bianco)"), ("it", "L'opposizione (Rosso)"),
    ("it", "Lenin, leader dell'opposizione, entra"), ("it", "su un tabellone interattivo"), ("it", "N2: riposato → affaticato"),
    ("fr", "au rang suivant : jouer le vert 4 bis"), ("fr", "les Blancs marqueront 1 PV"),
    ("fr", "ont gagné à partir de cette position"), ("fr", "Ajout dans la Zone bleue : R10 (côté Reposé)."),
    ("fr", "un exercice du chapitre « Le calendrier »"), ("fr", "(R-CLN, arbitrage du projet)"),
    ("fr", "ENGINE-NO-OP — décision de ce projet, là où les livrets ne disent rien"),
    ("fr", "Choisir le vert 3 (1 PV) comme Objectif secret"), ("fr", "(connexions de la ville\u00a0: rouge – verte, bleue – verte)"),
    ("it", "(connessioni: rosso – verde, blu – verde)"), ("fr", "Marquer les 3 PV de la Zone d'Émeute (Zone violette)"),
    ("fr", "le joueur informatique indiqué"), ("fr", "des *valeurs de remplacement*"), ("fr", "Où va la carte au Nettoyage ?"),
    ("fr", "sont écartés définitivement du jeu"), ("fr", "le marqueur de mois arrive sur juillet"),
    ("it", "vittorie di chi ha seguito i consigli da qui: al massimo 8%"), ("it", "un semplice giocatore automatico"),
    ("it", "Mossa eseguita: giocare la carta verde-4."), ("it", "quando il segnalino mese raggiunge agosto"),
    ("it", "a ottobre/novembre il quartiere in agitazione vale 6 PV"), ("it", "con forza 3 contro 0 nel viola"),
])
def test_the_glossary_check_passes_the_right_forms(lang, text):
    assert not glossary_faults(lang, [("made up", text)]), text


@pytest.mark.parametrize("lang", [lang for lang in TRANSLATED if lang in RULEBOOK_GLOSSARY])
def test_every_catalog_entry_uses_the_rulebooks_words(lang):
    """The same table read against every translation of the four catalogs, rendered or not (the
    notebooks' prose, a refusal no seeded game meets)."""
    texts = [(f"{domain}: {msgid[:50]!r}", text) for domain, msgid, text in _translations(lang)]
    faults = sorted(set(glossary_faults(lang, texts)))
    assert not faults, f"{lang}: {len(faults)} faults:\n" + "\n".join(faults[:40])


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_what_a_french_reader_meets_keeps_french_typography(source):
    """The no-break space before « : ; ! ? » and inside « » holds in what is rendered too: a
    colon a code cell or a wrapped board label writes ("B5: Zone blanche", "Réserve des Blancs :"
    broken at its no-break space) is a fault.  (A quoted Italian title in a French notebook is
    Italian: a line that says so is left alone.)"""
    if "fr" not in TRANSLATED:
        pytest.skip("no French catalogs")
    bad = sorted({f"{where}: {fault!r} in {text[:100]!r}" for where, text in SOURCES[source]("fr")
                  if "en italien" not in text for fault in french_typography_faults(_NOT_READ.sub(" ", text))})
    assert not bad, f"fr/{source}: {len(bad)} faults:\n" + "\n".join(bad[:30])


# ---------------------------------------------------------------------------- a button named in the prose
#: A text that names a button or a menu ("press **Apply**", “Continue where I left off” brings you
#: back) names it as the button itself is written: the Italian notice once quoted «Riprendi da dove
#: ero» beside the button «Riprendi da dove avevo lasciato».  A quoted capitalised label (in “”,
#: "", * or **) that is itself a message of the catalogs must appear as its translation.
_QUOTED_LABEL = re.compile(r"(?:“|\"|\*\*?)([A-Z][^”\"*\n]{1,46}[^\s”\"*])(?:”|\"|\*\*?)")


def quoted_label_faults(lang: str) -> list[str]:
    tables = {domain: i18n.catalog(lang, domain) for domain in ALL_DOMAINS}
    labels: dict[str, set[str]] = {}
    for table in tables.values():
        for (ctx, msgid), text in table.items():
            if ctx is None and isinstance(text, str) and len(msgid) < 50:
                labels.setdefault(msgid, set()).add(" ".join(text.split()))
    faults = []
    for domain, table in tables.items():
        for (_ctx, msgid), text in table.items():
            for label in _QUOTED_LABEL.findall(" ".join(msgid.split())):
                if label in labels:
                    written = [" ".join(t.split()) for t in (text if isinstance(text, tuple) else (text,))]
                    if not any(any(tr in w for tr in labels[label]) for w in written):
                        faults.append(f"{domain}: {label!r} is {sorted(labels[label])} but {written[0][:120]!r}")
    return faults


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_button_named_in_the_prose_is_named_as_it_is_written(lang):
    """Every quoted label is the button's own words, in each translated language."""
    assert lang in TRANSLATED
    faults = quoted_label_faults(lang)
    assert not faults, f"{lang}: a label quoted otherwise than the button writes it:\n" + "\n".join(faults)


def test_the_quoted_label_check_sees_a_second_name(monkeypatch):
    table = dict(i18n.catalog("it", "course"))
    key = (None, "Not counted: you went on from an exercise of “{chapter}” without solving it. “Continue where I "
                 "left off” brings you back to it.")
    assert key in table
    table[key] = "Non conta: l'esercizio di «{chapter}» è rimasto irrisolto; «Riprendi da dove ero» ti ci riporta."
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda lang, domain="dualpowers": table if (lang, domain) == ("it", "course")
                        else real(lang, domain))
    assert any("Continue where I left off" in f for f in quoted_label_faults("it"))


# ---------------------------------------------------------------------------- a name's forms come from names.py
#: A letter glued to a name's field: a plural or a capital made in the catalog ("{side:upper}S" for
#: "BLANCS") is wrong for another side ("L'OPPOSITIONS") and hides the grammar from dualpowers.names;
#: the template asks for the form (``{side:LABEL}``: "BLANCS", "ROSSO").
GLUED_TO_A_NAME = re.compile(r"\{(?:side|winner|who|will|target|loser|token|leader|card)(?::[^}]*)?\}[^\W\d_]")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_letter_is_glued_to_a_name(lang):
    glued = [f"{domain}: {msgid[:60]!r} -> {text[:80]!r}" for domain, msgid, text in _translations(lang)
             if GLUED_TO_A_NAME.search(text)]
    assert not glued, f"{lang}: a name's form made in the catalog:\n" + "\n".join(glued)


def test_the_glued_letter_check_sees_one():
    assert GLUED_TO_A_NAME.search("{side:upper}S") and GLUED_TO_A_NAME.search("{side}s")
    assert not GLUED_TO_A_NAME.search("{side:LABEL}") and not GLUED_TO_A_NAME.search("{side:label} {strength}")
