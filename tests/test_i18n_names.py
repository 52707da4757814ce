"""Names and counts as a player reads them (issue 19): the second copy of a card told apart
without its internal suffix, real plural forms, an edition named in words."""
from __future__ import annotations

import re

import pytest

from dualpowers import load_components, names, narration
from dualpowers.text import NN_, Message, plural, render


@pytest.mark.parametrize("lang, first, second", [("en", "red-5", "red-5 (2nd)"), ("fr", "rouge 5", "rouge 5 bis"),
                                                 ("it", "rosso-5", "rosso-5 bis")])
def test_a_second_copy_is_told_apart_without_its_suffix(lang, first, second):
    assert names.card("red-5", lang) == first
    assert names.card("red-5b", lang) == second


@pytest.mark.parametrize("lang, written", [("en", "purple-4"), ("fr", "violet 4"), ("it", "viola-4")])
def test_a_card_is_named_as_its_rulebook_writes_it(lang, written):
    """The French rulebook writes "violet 4" (Example H), the Italian "viola-4"; the id stays "purple-4"."""
    assert names.card("purple-4", lang) == written


@pytest.mark.parametrize("lang, white, red", [("en", "W3", "R3"), ("fr", "B3", "R3"), ("it", "B3", "R3")])
def test_a_unit_is_named_with_its_sides_initial_in_the_readers_language(lang, white, red):
    """A French reader plays "Blanc", an Italian "Bianco": a white unit is "B3" to them, not "W3"."""
    assert (names.token("W3", lang), names.token("R3", lang)) == (white, red)
    assert names.token("N2", lang) == "N2" and names.token("O1a", lang) == "O1a"
    assert names.token("Kerensky", "fr") == "Kerenski"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_card_name_shows_an_internal_suffix(lang):
    shown = [names.card(c, lang) for c in load_components().cards]
    assert len(set(shown)) == len(shown), "two cards with one name"
    # the id's suffix glued to the days ("rosso-3b"), not a word after them ("rosso-3 bis")
    assert not [s for s in shown if re.search(r"\d[a-z]$", s)], "a bare suffix"


@pytest.mark.parametrize("lang, one, many", [
    ("en", "1 space toward White", "3 spaces toward White"),
    ("fr", "à 1 case du centre, côté des Blancs", "à 3 cases du centre, côté des Blancs"),
    ("it", "a 1 casella dal centro, verso il Bianco", "a 3 caselle dal centro, verso il Bianco"),
])
def test_counts_take_the_languages_plural_forms(lang, one, many):
    assert render(plural(narration.TRACK_TOWARD, 1, side="white"), lang) == one
    assert render(plural(narration.TRACK_TOWARD, 3, side="white"), lang) == many
    tokens = NN_("{n} token", "{n} tokens")
    assert render(plural(tokens, 1), "en") == "1 token" and render(plural(tokens, 2), "en") == "2 tokens"


@pytest.mark.parametrize("lang, text", [("en", "purple and red"), ("fr", "la Zone violette et la Zone rouge"),
                                        ("it", "il quartiere viola e il quartiere rosso")])
def test_regions_in_a_list_take_their_article(lang, text):
    tie = Message(narration.STEP_SUM_TIE, regions=narration.region_list(["purple", "red"]), n=6)
    assert text in render(tie, lang)


@pytest.mark.parametrize("lang, words", [("en", "Italian edition"), ("fr", "édition italienne"),
                                         ("it", "edizione italiana")])
def test_an_edition_is_named_in_words(lang, words):
    assert names.edition("it", lang) == words


def test_an_action_inside_a_sentence_starts_in_lower_case_but_names_keep_their_capital():
    from dualpowers.text import _lower_first
    assert _lower_first("Jouer violet 4", "fr") == "jouer violet 4"
    assert _lower_first("Lénine : Recrutement de Leader", "fr") == "Lénine : Recrutement de Leader"
    assert _lower_first("B3 va dans la Zone rouge", "fr") == "B3 va dans la Zone rouge"


def test_an_italian_month_after_a_takes_ad_before_a_vowel():
    msg = "passes day 31: the month marker moves to {month:month} (R-CAL-2)"
    assert "passa ad agosto" in render(Message(msg, month="aug"), "it")
    assert "passa a luglio" in render(Message(msg, month="jul"), "it")


def test_an_italian_side_takes_the_articled_preposition_also_when_it_has_its_article():
    """"tocca al Rosso", "tocca all'opposizione": {side:al} joins the preposition to a side's
    name, eliding it before a name that carries its article already."""
    from dualpowers import names as n
    assert n.with_preposition("al", n.side("red", "it")) == "al Rosso"
    assert n.with_preposition("al", n.side("opposition", "it")) == "all'opposizione"
    assert n.with_preposition("del", n.side("opposition", "it")) == "dell'opposizione"
    msg = "{token} is not yours to use now: {who} is to act, and {token} obeys {side}."
    assert render(Message(msg, token="W3", who="opposition", side="red"), "it") == (
        "B3 ora non è tuo: tocca all'opposizione, e B3 obbedisce al Rosso.")


def test_a_side_inside_a_title_in_capitals_is_in_capitals_too():
    assert render(Message("GAME OVER: {side:upper} WINS", side="white"), "it") == "PARTITA FINITA: VINCE IL BIANCO"
    assert render(Message("GAME OVER: {side:upper} WINS", side="red"), "fr") == "PARTIE TERMINÉE\u00a0: VICTOIRE DES ROUGES"
    assert render(Message("GAME OVER: {side:upper} WINS", side="red"), "en") == "GAME OVER: RED WINS"


@pytest.mark.parametrize("lang, reserve, region", [
    ("en", "in the reserve", "in purple"), ("fr", "dans la réserve", "dans la Zone violette"),
    ("it", "nella riserva", "nel quartiere viola")])
def test_where_a_token_is_reads_as_the_end_of_a_sentence(lang, reserve, region):
    """"(il est dans la réserve)", not "(emplacement : réserve)": the place carries its preposition."""
    assert names.whereabouts("reserve", lang) == reserve and names.whereabouts("purple", lang) == region
    msg = "{token} is not on the board (it is {whereabouts})"
    # ("il est dans la réserve)" in the sentence's brackets, or French "…, mais dans la réserve": no pronoun
    # whose gender a bare id cannot give)
    assert render(Message(msg, token="W3", whereabouts="reserve"), lang).rstrip(")").endswith(f" {reserve}")
