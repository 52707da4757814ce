"""Game names take the grammar of the sentence they enter (issue 34, item 1).

A translation asks for a side, a card or a leader in a grammatical role with a format spec
(``{side:the}``, ``{side:to}``, ``{side:of}``, ``{card:the}``) and makes a verb agree with a
side (``{side:joue|jouent}``); the forms are messages of the catalogs, named by
:mod:`dualpowers.names` alone.  English is unchanged.
"""
from __future__ import annotations

import re

import pytest

from dualpowers import i18n, names
from dualpowers.i18n import TRANSLATED
from dualpowers.text import Message, Name, field_naming, field_value, render

#: A template of no catalog: it shows what the specs write, in any language.
PROBE = "{side:The} {side:joue|jouent} {card:the}; {side:to}, {side:of}, {leader:the}."


@pytest.mark.parametrize("lang, side, expected", [
    ("fr", "white", "Les Blancs jouent le vert 4; aux Blancs, des Blancs, le Trotski rouge."),
    ("fr", "red", "Les Rouges jouent le vert 4; aux Rouges, des Rouges, le Trotski rouge."),
    ("fr", "opposition", "L'Opposition joue le vert 4; à l'Opposition, de l'Opposition, le Trotski rouge."),
    ("it", "white", "Il Bianco joue la carta verde-4; al Bianco, del Bianco, il Trotsky rosso."),
    ("it", "opposition", "L'opposizione joue la carta verde-4; all'opposizione, dell'opposizione, il Trotsky rosso."),
    ("en", "red", "Red joue green-4; Red, Red, red Trotsky."),
])
def test_a_name_takes_its_role_and_a_verb_agrees(lang, side, expected):
    assert render(Message(PROBE, side=side, card="green-4", leader="RedTrotsky"), lang) == expected


def test_a_name_given_as_a_name_object_takes_its_role_too():
    assert render(Message("{who:the}", who=Name("side", "red")), "fr") == "les Rouges"


def test_a_role_asked_of_a_written_text_is_an_error():
    """A side already written ("Rouge") cannot take an article: the caller must pass the id."""
    with pytest.raises(ValueError):
        render(Message("{side:the}", side=Message("{x}", x="Rouge")), "fr")
    with pytest.raises(ValueError):
        names.in_role("side", "red", "after", "fr")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_side_has_its_forms(lang):
    """Each side has its three forms and a number in each catalog (none left as the English)."""
    for side in ("red", "white", "opposition"):
        forms = [names.in_role("side", side, role, lang) for role in names.ROLES]
        assert all(f != names.side(side, "en") for f in forms), (lang, side, forms)
    assert names.is_plural("side", "red", "fr") and not names.is_plural("side", "opposition", "fr")
    assert not names.is_plural("side", "red", "it")


#: A French side named bare where its article is due: "Blanc joue", "à Rouge", "de Blanc".
_BARE_SIDE = r"(?:^|[\s(])(?:[àÀ]|[dD]e|[pP]our|[pP]ar|[cC]ontre) (?:Rouge|Blanc)\b|(?:^|[.:;]\s)(?:Rouge|Blanc) [a-zé]"
#: A stand-in id for each kind of name a template may hold beside a side.
_SAMPLES = {"card": "green-4", "token": "RedTrotsky", "region": "purple", "colour": "red", "side": "red"}


def test_french_never_names_a_side_bare_in_a_sentence():
    """The catalog's templates name a side with its article: "les Blancs jouent", never
    "Blanc joue", "à Rouge de jouer", "compte pour Rouge"."""
    bad = _bare_sides(i18n.catalog("fr"))
    assert not bad, "\n".join(bad)


def test_the_bare_side_check_catches_one():
    table = {(None, "{side:cap} plays {card}."): "{side:cap} joue {card}.",
             (None, "{side} to act"): "À {side} de jouer"}
    assert len(_bare_sides(table)) == 4


def _bare_sides(table) -> list[str]:
    bad = []
    for (_ctx, msgid), text in table.items():
        fields = [f for f in ("side", "winner", "who", "target") if "{" + f in msgid]
        if not fields:
            continue
        for t in (text if isinstance(text, tuple) else (text,)):
            for side in ("red", "white"):
                values = _Filled({f: field_value(f, side, "fr") for f in fields})
                written = t.format_map(values)
                if re.search(_BARE_SIDE, written):
                    bad.append(f"{msgid[:60]!r} -> {written[:90]!r}")
    return bad


class _Filled(dict):
    """A translation's fields: the sides as the engine gives them, any other field a stand-in."""

    def __missing__(self, key):
        kind = field_naming(key)
        return field_value(key, _SAMPLES[kind] if kind in _SAMPLES else Message("X"), "fr")


def test_a_label_standing_for_a_side_takes_its_role_from_the_catalog():
    """The status line's "You (White)" is a message, not a name: "{side:to}" writes its form of
    context "side, after 'to'" ("à vous (les Blancs)"), never "à Vous (Blanc)" or "Vous (Blanc) de"."""
    import dualpowers as dp
    from dualpowers.controllers.play import side_label

    s = dp.new_game("solo", 3, player="white")
    you, them = side_label(s, "white"), side_label(s, "red")
    assert render(Message("{side:To} de jouer", side=you), "fr") == "À vous (les Blancs) de jouer"
    assert render(Message("Main {side:of}", side=them), "fr") == "Main de l'Opposition (les Rouges)"
    assert render(Message("Tocca {side:to}", side=you), "it") == "Tocca a te (Bianco)"
    assert render(Message("{side:To} act", side=you), "en") == "You (White) act"
    two = dp.new_game("two-player", 3)
    assert render(Message("{side:To} de jouer", side=side_label(two, "red")), "fr") == "Aux Rouges de jouer"


def test_a_label_without_its_role_forms_is_an_error():
    with pytest.raises(ValueError, match="no form"):
        render(Message("{side:to}", side=Message("Round {number}", number=2)), "fr")


@pytest.mark.parametrize("lang, expected", [
    ("fr", "la connexion entre la Zone blanche et la Zone marron"),
    ("en", "the connection between White and Brown"),
])
def test_a_connections_ends_are_named_as_regions_with_the_region_spec(lang, expected):
    """A connection's ends are colour fields ({a}, {b}: "blanc", "marron"); {a:region} names one as
    its region, so French writes every connection one way ("entre la Zone blanche et la Zone marron")."""
    template = {"fr": "la connexion entre la {a:region} et la {b:region}",
                "en": "the connection between {a:region} and {b:region}"}[lang]
    written = render(Message(template, a="white", b="brown"), lang)
    assert written.lower() == expected.lower()
    assert render(Message("{a} – {b}", a="white", b="brown"), "fr") == "blanc – marron"   # the bare field stays a colour


def test_the_status_line_and_the_log_give_a_side_its_article_in_french():
    """The Will and the two-player log's speaker are ids written by the template's grammar:
    "Volonté : les Rouges", "Les Rouges — choix : jouer le rouge 5" (the side's choice, not an
    infinitive after the side that reads as an order), never "Volonté : Rouge", "Rouge : jouer"."""
    from dualpowers.controllers.play import GameSession

    session = GameSession(mode="two-player", seed=4)
    session.set_language("fr")
    session.apply(session.legal()[0])
    assert "Volonté\u00a0: les Rouges" in session.status()
    assert any(e.text.startswith(("Les Rouges — choix\u00a0: ", "Les Blancs — choix\u00a0: ")) for e in session.log)
    assert not any(re.match(r"(?:Les )?(?:Rouges?|Blancs?)\u00a0: (?:jouer|déplacer|recruter)", e.text) for e in session.log)


def test_a_side_given_as_a_course_answer_takes_its_article_in_french():
    from dualpowers.course import chapters

    labels = {ex.choice_label(c, "fr") for ch in chapters() for ex in ch.exercises
              if ex.kind == "choice" and ex.answer_type == "side" for c in ex.choices if c != "nobody"}
    assert labels == {"Les Rouges", "Les Blancs"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_region_or_place_as_a_course_answer_starts_with_a_capital(lang):
    """An answer button stands beside "Yes", "Nobody", "Waiting by the calendar": a region
    given as a region or as a place answer is capitalised too ("Quartiere marrone", not
    "quartiere marrone": the Italian re-grade found the place answers of calendar-5 missed)."""
    from dualpowers.course import chapters

    labels = {ex.choice_label(c, lang) for ch in chapters() for ex in ch.exercises
              if ex.kind == "choice" and ex.answer_type in ("region", "place") for c in ex.choices}
    assert any(" " in label for label in labels)                     # regions are among them
    assert not [label for label in labels if not label[:1].isupper()]


@pytest.mark.parametrize("lang, expected", [
    ("en", ("Red", "White", "RED 3; White:")), ("fr", ("Rouges", "Blancs", "ROUGES 3; Blancs:")),
    ("it", ("Rosso", "Bianco", "ROSSO 3; Bianco:")),
])
def test_a_side_standing_alone_as_a_label(lang, expected):
    """A side as a label (a plate "Rouges 3", a table's cell, the title of its played cards, the
    track's end "BLANCS"): French names the camp in the plural, without its article."""
    assert (names.side_label("red", lang), names.side_label("white", lang)) == expected[:2]
    assert names.in_role("side", "red", names.LABEL_ROLE, lang) == expected[0]
    assert render(Message("{side:LABEL} 3; {other:label}:", side="red", other=Name("side", "white")), lang) == expected[2]


def test_the_french_board_and_tables_label_a_side_as_its_camp():
    """The strength plates, the played cards' row, the Will box and the analyzer's tables say
    "Rouges 0", "Blancs :", "Rouges", never the bare colour (issue 34)."""
    import dualpowers as dp
    from dualpowers.drawing import board_svg
    from dualpowers.tables import presence_rows
    s = dp.new_game("two-player", 4)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    svg = board_svg(s, lang="fr")
    assert "Rouges 0" in svg and "Blancs\u00a0:" in svg and ">Rouges<" in svg
    assert not re.search(r">(?:Rouge|Blanc) \d+<", svg)
    rows = presence_rows(s, "fr")
    cells = {v for row in rows.rows for v in row if isinstance(v, str)}
    assert cells & {"Rouges", "Blancs"} and not cells & {"Rouge", "Blanc"}, cells


@pytest.mark.parametrize("lang, expected", [
    ("en", "Last action, undone: Recruit unit W3 into blue"),
    ("it", "Ultima azione annullata: reclutare l'unità B3 nel quartiere blu"),
])
def test_an_action_named_after_a_colon_goes_on_in_lower_case(lang, expected):
    """Notebook 04 prints the undone action inside one message, so the Italian template writes
    it in lower case after its colon ("{action:low}"), not "annullata — Reclutare" (issue 34,
    the fourth Italian reading); English is unchanged."""
    action = {"en": "Recruit unit W3 into blue", "it": "Reclutare l'unità B3 nel quartiere blu"}[lang]
    text = render(Message("Last action, undone: {action}", domain="notebooks", action=action), lang)
    assert text == expected


@pytest.mark.parametrize("side, expected", [
    ("white", "Bonus Pesca del Bianco: pesca una carta comando;"),
    ("opposition", "Bonus Pesca dell'opposizione: pesca una carta comando;"),
])
def test_the_bonus_draw_line_is_led_by_the_rulebooks_name(side, expected):
    """The log line of a bonus draw reads as the other bonus actions' lines do ("Bonus Movimento
    del Bianco: ..."), not "Il Bianco pesca una carta in più" (issue 34, the fourth Italian reading)."""
    from dualpowers.kinds.bonus_draw import BONUS_DRAW
    assert render(Message(BONUS_DRAW, side=side), "it").startswith(expected)
# ---------------------------------------------------------------------------- issue 34, the fourth French reading
def test_an_action_lowered_in_an_html_template_is_lowered_before_it_is_escaped():
    """"Meilleure action : <b>n'effectuer aucune Action…</b>": the Hint lowers the action's first
    word before escaping it (escaped first, "N&#x27;effectuer" hid the word from ``{action:low}``)."""
    from types import SimpleNamespace as NS

    from dualpowers.screens.play import PlaySession
    from dualpowers.text import N_

    play = PlaySession(lang="fr", mode="two-player", seed=5)
    play.said = lambda action: NS(text="N'effectuer aucune Action avec cette carte")
    said = Message(N_("It is the best."))
    ranking = NS(best=NS(action=play.game.legal()[0]), playouts=40, side="white", horizon="round", actions=[],
                 behind_message=lambda: None, sureness_message=lambda *a: said, chance_message=lambda: None,
                 reason_message=lambda: said, warning_message=lambda: None)
    html = play._hint_html(ranking)
    # the Hint's first sentence starts with the action (issue 35), capitalised there; inside the
    # figures' sentence it is lowered before it is escaped
    assert "<p><b>N&#x27;effectuer aucune Action avec cette carte</b> — it is the best." in html, html
    assert "consiste à <b>n&#x27;effectuer" in html, html
    assert html.count("N&#x27;effectuer") == 1


def test_colours_listed_after_zones_agree_with_zone():
    """"dans 6 Zones : rouge, bleue, verte, violette, blanche et marron": a region's colour after the
    word for region agrees with it ("{regions:agreeing}"), not the card's masculine "bleu, vert"."""
    from dualpowers.course.text import DOMAIN
    from dualpowers.text import Conjunction, plural

    pair = ("The engine offers it into {n} region here: {regions}.", "The engine offers it into {n} regions here: {regions}.")
    told = plural(pair, 6, domain=DOMAIN, regions=Conjunction(Name("colour", r) for r in
                                                             ("red", "blue", "green", "purple", "white", "brown")))
    assert render(told, "fr").endswith("6 Zones\u00a0: rouge, bleue, verte, violette, blanche et marron."), render(told, "fr")
    assert render(told, "en").endswith("6 regions here: red, blue, green, purple, white, and brown.")


def test_cards_listed_take_their_article():
    """"Le violet 2 et le violet 3 valent autant de PV (1) ; le dernier joué, le violet 3, devient
    l'Objectif": a list of cards in a sentence takes each card's article ("{cards:The}")."""
    from dualpowers.narration import STEP_VP_TIE
    from dualpowers.text import Conjunction

    told = Message(STEP_VP_TIE, cards=Conjunction(["purple-2", "purple-3"]), n=1, card="purple-3")
    assert render(told, "fr") == ("Le violet 2 et le violet 3 valent autant de PV (1)\u00a0; le dernier joué, le violet 3, "
                                  "devient l'Objectif (arbitrage du projet).")
    assert render(told, "en") == "purple-2 and purple-3 share the most VP (1); the later-played purple-3 is the objective (ruling)."


@pytest.mark.parametrize("month, day, days", [("mar-apr", 28, 3), ("mar-apr", 27, 2), ("may-jun", 28, 5), ("oct-nov", 28, 5)])
def test_each_calendar_clause_has_its_subject(month, day, days):
    """"le marqueur de jour, tombé sur le 29 ou le 30, glisse jusqu'au 31 (R-CAL-3) ; nous sommes le
    31 mars/avril ; le 15 et le 31 donnent une Action supplémentaire": no clause of the log's date
    line is a verb without its subject ("; tombe sur le 29 …", "; s'arrête sur le 15 …")."""
    from dualpowers.dates import advance_date

    said = render(advance_date(month, day, days).message(), "fr")
    clauses = said.split("\u00a0; ")[1:]
    assert clauses and not [c for c in clauses if re.match(r"(?:tombe|s'arrête|dépasse|glisse|passe)\b", c)], said


def test_what_decided_a_region_reads_like_the_will():
    """The analyzer's "décidé par" column: "la Force", as "la Volonté" (the column "Force" of the
    tokens' table stays a header)."""
    import dualpowers as dp
    from dualpowers.tables import presence_rows

    state = dp.State.from_dict({"mode": "two-player", "date": {"month": "jul", "day": 12}, "will": "white",
                                "score": 0, "regions": {"brown": [{"id": "R8"}]}})
    table = presence_rows(state, "fr")
    column = table.columns.index("Décidé par")
    assert "la Force" in {row[column] for row in table.rows}, table.rows
    assert "Force" in presence_rows(state, "fr").columns[2]     # "Force des Rouges": the header keeps its word


def test_several_kinds_of_click_are_one_sentence():
    """"Cliquez sur un pion en surbrillance, sur une Unité … ou sur une Zone en surbrillance, ou choisissez
    ci-dessous.": one verb for the lit targets (a list), not "cliquez … ; ou cliquez … ; ou cliquez …"."""
    from dualpowers.clicks import ActionPicker
    from dualpowers.screens.play import PlaySession

    for lang in ("en", "fr", "it"):
        play = PlaySession(lang=lang, mode="two-player", seed=5)
        said = []
        for _turn in range(30):
            picker = ActionPicker(play.game.state, play.game.legal())
            for touch in (False, True):
                told = picker.next_clicks(cards=True, buttons=True, touch=touch)
                if told is not None:
                    said.append(render(told, lang))
            play.take_seat()                        # two players at one screen: the next one takes it
            play.play(play.game.legal()[0])
        several = [s for s in said if "," in s]
        assert several, said
        for s in said:
            assert not re.search(r"[;,]\s(?:ou|or|oppure) (?:cliquez|touchez|click|tap|clicca|tocca)\b", s), s


def test_a_reviewed_moment_names_the_better_action_it_explains():
    """The review's moment, then the advisor's reason: "Pourquoi ? Avec le reste de votre tour, joué comme
    le conseiller le jouerait, cette action vous rend le plus fort …" (shorter than "Pourquoi cette autre
    action ? D'après les parties simulées, …", which put a decision's explanation below the window at
    1280x720 in French): the reason
    names "cette action" (a bare "elle" had no antecedent after « Jouer Kamenev »), and the review's
    intro counts its decisions as a French reader does ("sur 20 décisions où vous aviez le choix")."""
    from dualpowers.advisor.explain import REASON_BECOMES, REASON_WITH_TURN
    from dualpowers.review import MOMENT_NO_CARD, MOMENT_WHY, MOMENTS_INTRO
    from dualpowers.text import Quantity

    moment = Message(MOMENT_NO_CARD, round=2, date=Name("date", "jul", 3), played="Jouer le vert 4",
                     better="Jouer Kamenev", gain=Quantity(1.2, digits=1))
    why = Message(REASON_WITH_TURN, reason=Message(REASON_BECOMES, region="brown", mine=3, theirs=2, mine_before=1,
                                                  theirs_before=2))
    said = render(Message(MOMENT_WHY, moment=moment, why=why), "fr")
    assert "fin du tour. Pourquoi\u00a0? Avec le reste de votre tour" in said, said
    assert "le jouerait, cette action vous rend le plus fort dans la Zone marron" in said, said
    assert "(sur 20 décisions où vous aviez le choix, toutes examinées)" in render(Message(MOMENTS_INTRO, decisions=20), "fr")


# ---------------------------------------------------------------------------- issue 34, the fifth reading (words4)
@pytest.mark.parametrize("lang, expected", [("en", "unknown region 'nowhere'"),
                                            ("fr", "Zone inconnue «\u00a0nowhere\u00a0»"),
                                            ("it", "quartiere sconosciuto «nowhere»")])
def test_typed_text_is_quoted_with_the_readers_quotation_marks(lang, expected):
    """What a person typed, quoted back by a refusal, stands between the reader's own quotation
    marks (errors.brief makes it a text.Typed): never the straight quotes of a Python repr."""
    import dualpowers as dp
    from dualpowers.actions import parse_action
    from dualpowers.errors import IllegalAction
    from dualpowers.narrate import refusal_text

    s = dp.new_game("two-player", 1)
    while not any(str(a).startswith("leader-recruit ") for a in s.legal_actions()):   # a region is read now
        s.apply(s.legal_actions()[-1])
    with pytest.raises(IllegalAction) as told:
        s.check(parse_action("leader-recruit nowhere"))
    assert refusal_text(told.value, lang).startswith(expected)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_refusal_quotes_typed_text_with_straight_quotes(lang):
    """Every kind of refusal as rendered (tests/rendered_texts.py): a straight-quoted piece of text
    is a Python repr left in a French or Italian sentence."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from rendered_texts import refusals

    straight = re.compile(r"(?:^|[\s(])'[^'\n]+'(?=$|[\s),.;:])")
    bad = [text for _where, text in refusals(lang) if straight.search(text)]
    assert not bad, f"{lang}:\n" + "\n".join(bad)


@pytest.mark.parametrize("lang, fell, stayed", [
    ("en", "Red's strength in purple falls from 2 to 0.", "Red's strength in purple stays at 2: it does not grow."),
    ("fr", "La Force des Rouges dans la Zone violette tombe de 2 à 0.",
     "La Force des Rouges dans la Zone violette reste à 2\u00a0: elle n'augmente pas."),
    ("it", "La forza del Rosso nel quartiere viola scende da 2 a 0.",
     "La forza del Rosso nel quartiere viola resta a 2: non cresce."),
])
def test_a_course_verdict_says_a_strength_fell(monkeypatch, lang, fell, stayed):
    """A strength that fell is said to fall ("tombe de 2 à 0"), not "it was 2: it does not grow"."""
    from types import SimpleNamespace

    from dualpowers.course import goals

    strength = {"before": 2}
    monkeypatch.setattr(goals, "force_in_presence", lambda state, region: SimpleNamespace(
        strength={"red": strength[state]}))
    strength["after"] = 0
    assert render(goals._growth_text("before", "after", "red", "purple"), lang) == fell
    strength["after"] = 2
    assert render(goals._growth_text("before", "after", "red", "purple"), lang) == stayed


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_an_action_not_allowed_here_is_said_with_one_colon(lang):
    """describe's line for an illegal action: "Jouer le vert 4 n'est pas permis ici : …", not
    "… : interdit ici : …" (two colons in a row)."""
    import dualpowers as dp
    from dualpowers.describe import describe

    s = dp.new_game("two-player", 4)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    move = next(a for a in s.legal_actions() if str(a).startswith("play"))
    s.apply(move)
    d = describe(s, move, lang)
    assert not d.legal
    line = d.line()
    assert line.count(":") == 1 + d.refusal.count(":"), line


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_refused_action_is_named_in_words(lang):
    """The engine's refusals name the refused action as its menu does ("pas « Jouer le rouge 2 (…) »",
    "non «Ispirare il Popolo …»"), not in the English notation ("play red-2", "inspire"), which a
    French or Italian reader who clicked never typed.  (A token off the board said to move keeps
    the notation: the words would move it "from the reserve".)"""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from rendered_texts import refusals

    notation = re.compile(r"[«'\"]\s?(?:play|recruit|leader-recruit|protest|espionage|inspire|organize|objective|pass"
                          r"|score-unrest|bonus-(?:recruit|draw))\b[^»'\"]*[»'\"]")
    bad = [text for _where, text in refusals(lang) if notation.search(text)]
    assert not bad, f"{lang}:\n" + "\n".join(bad)


def test_the_hints_rows_and_their_clauses_take_the_languages_punctuation():
    """The Hint's figures: "<i>ce que cela change</i> : a ; b" in French (the code wrote an English
    colon and "; " between the effects)."""
    from types import SimpleNamespace as NS

    from dualpowers.screens.play import PlaySession
    from dualpowers.text import N_

    play = PlaySession(lang="fr", mode="two-player", seed=5)
    said = Message(N_("It is the best."))
    act = play.game.legal()[0]
    row = NS(rank=1, action=act, effect_messages=[said, said], outlook_message=lambda: said)
    ranking = NS(best=NS(action=act), playouts=40, side="white", horizon="round", actions=[row],
                 behind_message=lambda: None, sureness_message=lambda *a: said, chance_message=lambda: None,
                 reason_message=lambda: said, warning_message=lambda: None)
    html = play._hint_html(ranking)
    best = render(said, "fr")
    assert f"<i>ce que cela change</i>\u00a0: {best}\u00a0; {best}<br>" in html, html
    assert "</i>: " not in html and "; " not in html.replace("\u00a0; ", ""), html


@pytest.mark.parametrize("lang, expected", [("fr", "Action des (?:Blancs|Rouges) annulée\u00a0: [a-z]"),
                                             ("it", "Mossa del (?:Bianco|Rosso) annullata: [a-z]")])
def test_the_undo_notice_names_the_action_in_words(lang, expected):
    """"Action des Blancs annulée : recruter l'Unité B5 …", never the notation ("Annulé : recruit W5"),
    and with two players the side is the notice's own, not the log's line nested in it ("Action
    annulée : les Blancs — choix : …", grade 9 French 8)."""
    from dualpowers.controllers.play import GameSession

    g = GameSession(mode="two-player", seed=2)
    g.set_language(lang)
    for _ in range(5):
        g.auto("first")
    last = g.actions[-1]
    g.undo()
    assert re.match(expected, g.message), g.message
    assert last not in g.message and g.message.count(":") == 1, g.message


@pytest.mark.parametrize("lang, expected", [("fr", "Action des Blancs effectuée\u00a0: "), ("it", "Mossa del Bianco eseguita: "),
                                             ("en", "Applied for White: ")])
def test_a_two_player_notice_names_the_side_once(lang, expected):
    """Two players at one screen: "Action des Blancs effectuée : recruter l'Unité B5 …", one label
    (the log's "Les Blancs — choix : …" nested in "Action effectuée : …" was a label inside a
    label, grade 9 French 8); a solo notice has no side ("Action effectuée : …")."""
    from dualpowers.controllers.play import GameSession

    g = GameSession(mode="two-player", seed=2)
    g.set_language(lang)
    while g.state.to_act != "white":
        g.auto("first")
    g.auto("first")
    assert g.message.startswith(expected), g.message
    assert g.message.count(":") == 1 and "—" not in g.message, g.message
    solo = GameSession(mode="solo", seed=2)
    solo.set_language(lang)
    solo.auto("first")
    assert solo.message.startswith({"fr": "Action effectuée\u00a0: ", "it": "Mossa eseguita: ",
                                    "en": "Applied: "}[lang]), solo.message


def test_the_tutorials_rule_lines_take_the_languages_punctuation():
    """The tutorial's "Règles : R-CAL-2 …" and "<b>R-CAL-3</b> : …" (the widget wrote "Règles:")."""
    from dualpowers.screens.tutorial import TutorialScreen
    from dualpowers.widgets.tutorial import narration_html

    session = TutorialScreen(language="fr")
    session.next()
    snap = session.snapshot
    assert snap.rules_label == "Règles\u00a0:" and snap.rule_lines
    assert all(re.match(r"<b>[A-Z0-9-]+</b>\u00a0: \S", line) for line in snap.rule_lines), snap.rule_lines
    html = narration_html(snap)
    assert "Règles\u00a0: <span" in html and "</b>: " not in html, html


@pytest.mark.parametrize("lang, expected", [("fr", "La partie n'a pas pu être enregistrée\u00a0: son dossier n'existe pas"),
                                            ("it", "Non è stato possibile salvare la partita: la sua cartella non esiste")])
def test_a_game_that_cannot_be_saved_says_why_in_the_readers_words(tmp_path, lang, expected):
    """Not the system's English "No such file or directory"."""
    from dualpowers.screens.play import PlaySession

    play = PlaySession(lang=lang, mode="two-player", seed=1)
    play.save(tmp_path / "no such folder")
    assert play._notice == (expected, True)


# ---------------------------------------------------------------------------- issue 34, sixth reading (words5)
def test_the_italian_editions_rested_neutrals_are_a_list_joined_by_and():
    """E-IT: the leader's arrival rests two neutral units, written "N2 et N6" / "N2 e N6" like every
    other list of tokens (kinds.leader_recruit logs a Conjunction), never "N2, N6"."""
    from dualpowers.kinds.leader_recruit import IT_LEADER_RESTS
    from dualpowers.text import Conjunction

    assert "N2, N6" in render(Message(IT_LEADER_RESTS, tokens=("N2", "N6"), region="white"), "fr")  # the fault
    for lang, joined in (("en", "N2 and N6"), ("fr", "N2 et N6"), ("it", "N2 e N6")):
        assert joined in render(Message(IT_LEADER_RESTS, tokens=Conjunction(["N2", "N6"]), region="white"), lang)
    import inspect
    from dualpowers.kinds import leader_recruit
    assert "tokens=Conjunction(rested)" in inspect.getsource(leader_recruit._perform)


@pytest.mark.parametrize("data, words", [([1, 2], {"en": "not a list", "fr": "pas une liste", "it": "non una lista"}),
                                         ("text", {"en": "not a text", "fr": "pas un texte", "it": "non un testo"})])
def test_a_file_of_the_wrong_json_kind_is_named_in_words(data, words):
    """"une position doit être un objet JSON, pas une liste", never Python's type name ("pas list")."""
    from dualpowers.narrate import refusal_text
    from dualpowers.state import State

    with pytest.raises(Exception) as info:
        State.from_dict(data)
    for lang, expected in words.items():
        written = refusal_text(info.value, lang)
        assert written.endswith(expected), written
        assert not re.search(r"\b(?:list|str|dict|int)$", written) or lang == "en", written


def test_the_data_as_a_whole_is_named_in_words_not_as_a_dollar(tmp_path):
    """A progress file without its version: "… « p.json » : il manque le champ version", never
    "… : $ il manque le champ version"; a file that is no progress file names itself once."""
    from dualpowers.course import chapters
    from dualpowers.course.progress import FORMAT, Progress
    from dualpowers.narrate import refusal_text

    (tmp_path / "p.json").write_text('{"format": "%s"}' % FORMAT)
    (tmp_path / "q.json").write_text("[1]")
    expected = {"p.json": {"en": "the field version is missing", "fr": "il manque le champ version",
                           "it": "manca il campo version"},
                "q.json": {"en": "q.json' is not a course progress file", "fr": "q.json » n'est pas un fichier",
                           "it": "q.json» non è un file"}}
    for name, by_lang in expected.items():
        with pytest.raises(Exception) as info:
            Progress.load(tmp_path / name, chapters())
        for lang, words in by_lang.items():
            written = refusal_text(info.value, lang)
            assert words in written.replace("\u00a0", " "), written
            assert "$ " not in written and not written.endswith("$"), written
            once = {"en": "progress file", "fr": "fichier de progression", "it": "file di avanzamento"}[lang]
            assert written.count(once) == 1, written


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_tutorials_refused_try_is_written_in_the_readers_language_with_a_capital(lang):
    """screens.tutorial.outcome_lines of a refused try: the engine's reason in ``lang`` (not the
    English ``Outcome.lines``), starting with a capital on its own line."""
    from dualpowers.screens.tutorial import outcome_lines
    from dualpowers.tutorial import Tutorial

    t = Tutorial()
    t.select("B")
    tries = []
    for i in range(t.count if isinstance(t.count, int) else 8):
        try:
            t.goto(i)
        except Exception:
            break
        if t.outcome.kind == "try":
            tries.append(outcome_lines(t.outcome, lang))
    assert tries
    for lines in tries:
        assert lines[0][:1].isupper(), lines
        assert "recruit value" not in lines[0] and "Refused" not in lines[0], lines


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_editor_entry_without_an_id_is_named_by_its_kind_in_words(lang):
    """A token added once the game has none of that kind left is listed as its palette label
    ("Zone verte : Unité des Rouges, Reposée 1 / …"), never by its JSON keys ("owner red+kind unit")."""
    from dualpowers.controllers.editor import PositionEditor

    editor = PositionEditor()
    item = next(i for i in editor.palette if i.owner == "red" and i.kind == "unit")
    for _ in range(len(item.ids) + 1):
        editor.add("green", item.key)
    written = [render(m, lang) for region, _i, m in editor.entry_messages() if region == "green"]
    assert len(written) > len(item.ids)
    assert not any("owner" in w or "kind" in w or "+" in w for w in written), written


def test_the_editor_palette_names_trotsky_once():
    """"Trotski rouge (Reposé 3 / Fatigué 1)", not "Trotski rouge (Trotski rouge : …)"."""
    from dualpowers.controllers.editor import PositionEditor

    for lang, name in (("fr", "Trotski"), ("it", "Trotsky")):
        labels = [render(i.label_message, lang) for i in PositionEditor().palette if i.kind == "trotsky"]
        assert labels and all(label.count(name) == 1 for label in labels), labels


# ---------------------------------------------------------------------------- issue 34, the ninth readings
#: Templates that put a label before a text that may hold a colon of its own (an exercise's prompt
#: "En solitaire : vous avez…", a reason "… : vous 4 contre 1", a refusal "… : Lénine est…"): the
#: translation's own words in that sentence hold no colon, or the line reads "Exercice : en
#: solitaire : …", "Pourquoi : les règles ne le permettent pas : …" (grade 9, French 3-6, Italian 8).
LABELLED = [
    ("course", "Exercise — {prompt}", "prompt"),
    ("course", "Why? {why:cap}", "why"),
    ("course", "The rules do not allow it — {why}", "why"),
    ("dualpowers", "<b>{action:cap}</b> — {reason:low}", "reason"),
    ("dualpowers", "Best for {side}: {action}. {reason:cap}", "reason"),
    ("dualpowers", "Followed by {rest}, as the advisor would finish your turn, {reason:low}", "reason"),
    ("dualpowers", "Together with the rest of your turn, as the advisor would play it, {reason:low}", "reason"),
]


def colon_before(template: str, field: str) -> bool:
    """Whether ``template`` puts a colon of its own in the sentence that ends at ``{field}``."""
    at = re.search(r"\{" + field + r"(?::[^}]*)?\}", template)
    assert at is not None, (template, field)
    sentence = re.split(r"[.?!]\s", template[:at.start()])[-1]
    return ":" in re.sub(r"\{[^}]*\}", "", sentence)


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_label_before_a_text_with_its_own_colon_is_not_a_colon(lang):
    """English too: "Exercise: White has played purple-4: …" read with two colons (QA8)."""
    faults = []
    for domain, msgid, field in LABELLED:
        text = msgid if lang == "en" else i18n.catalog(lang, domain).get((None, msgid))
        assert isinstance(text, str), (lang, domain, msgid)
        if colon_before(text, field):
            faults.append(f"{domain}: {text!r}")
    assert not faults, f"{lang}: a label's colon before a text with its own:\n" + "\n".join(faults)


@pytest.mark.parametrize("template, faulty", [
    ("Exercice\u00a0: {prompt:low}", True), ("Pourquoi\u00a0: {why:low}", True), ("<b>{action:cap}</b>: {reason:low}", True),
    ("Meilleure action pour {side:the}\u00a0: {action:low}, car {reason:low}", True),
    ("Exercice — {prompt}", False), ("Pourquoi\u00a0? {why:cap}", False),
    ("Meilleure action pour {side:the}\u00a0: {action:low}. {reason:cap}", False),
])
def test_the_label_colon_check_sees_a_colon_before_the_field(template, faulty):
    field = re.findall(r"\{(prompt|why|reason)", template)[0]
    assert colon_before(template, field) == faulty


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_course_lines_that_take_a_prompt_or_a_why_add_no_colon(lang):
    """As rendered: every exercise's heading ("Exercice — En solitaire : vous avez…") and Show me's
    "Why" ("Pourquoi ? Les règles ne le permettent pas — Lénine est…", ending with a full stop as
    the verdict does, grade 9 French 6) add no colon to the prompt's or the reason's own."""
    from dualpowers.course import chapters
    from dualpowers.screens.course import T_EXERCISE, T_WHY, _tr

    faults, whys = [], 0
    for ch in chapters():
        for ex in ch.exercises:
            prompt = ex.prompt(lang)
            heading = _tr(T_EXERCISE, lang, prompt=prompt)
            if heading.count(":") > prompt.count(":"):
                faults.append(heading)
            if ex.kind != "choice" or not ex.accepted():
                continue
            reason = ex.judge(ex.accepted()[0]).sentence(lang)
            why = _tr(T_WHY, lang, why=reason)
            whys += ":" in reason
            if why.count(":") > reason.count(":") or not why.endswith((".", "!", "?", "…", ".»", ".)")):
                faults.append(why)
    assert whys, "no reason with a colon of its own: the check would see nothing"
    assert not faults, f"{lang}:\n" + "\n".join(faults[:20])
