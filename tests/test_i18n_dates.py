"""Dates as each language writes them: the first of the month as an ordinal ("1er mai/juin",
"1º maggio/giugno") and the Italian article elided before 8 and 11 ("all'8", "l'11")."""
from __future__ import annotations

import re

import pytest

from dualpowers import i18n, names
from dualpowers.text import Message, Name, render
from dualpowers.narration import DATE_NOW

from i18n_check import from_catalog


@pytest.mark.parametrize("lang, day, expected", [
    ("en", 1, "May/June 1"), ("fr", 1, "1er mai/juin"), ("fr", 2, "2 mai/juin"),
    ("it", 1, "1º maggio/giugno"), ("it", 11, "11 maggio/giugno"), ("en", 21, "May/June 21"),
])
def test_a_date_writes_the_first_of_the_month_as_an_ordinal(lang, day, expected):
    assert names.date("may-jun", day, lang) == expected


@pytest.mark.parametrize("preposition, day, expected", [
    ("al", 3, "al 3"), ("al", 8, "all'8"), ("al", 11, "all'11"), ("al", 18, "al 18"), ("al", 1, "al 1º"),
    ("il", 8, "l'8"), ("il", 11, "l'11"), ("sul", 8, "sull'8"), ("dal", 11, "dall'11"), ("del", 21, "del 21"),
])
def test_the_italian_article_is_elided_before_8_and_11(preposition, day, expected):
    assert format(names.day_of_month(day, "it"), preposition) == expected


@pytest.mark.parametrize("day, fr, it", [
    (1, "nous sommes le 1er mai/juin", "ora è il 1º maggio/giugno"),
    (8, "nous sommes le 8 mai/juin", "ora è l'8 maggio/giugno"),
    (11, "nous sommes le 11 mai/juin", "ora è l'11 maggio/giugno"),
])
def test_narration_writes_the_day_in_words_of_each_language(day, fr, it):
    params = {"month": "may-jun", "day": day}
    assert render(Message(DATE_NOW, **params), "fr") == fr
    assert render(Message(DATE_NOW, **params), "it") == it
    assert render(Message(DATE_NOW, **params), "en") == f"now May/June {day}"
    for lang, text in (("fr", fr), ("it", it)):
        assert from_catalog(text, lang)


def test_the_course_joins_the_article_to_its_dates():
    said = {d: render(Message("The day marker ends on {date}.", domain="course", date=Name("date", "jul", d)), "it") for d in (1, 8, 15)}
    assert said == {1: "Il segnalino giorno si ferma al 1º luglio.", 8: "Il segnalino giorno si ferma all'8 luglio.",
                    15: "Il segnalino giorno si ferma al 15 luglio."}
    assert render(Message("The day marker ends on {date}.", domain="course", date=Name("date", "jul", 1)), "fr") == \
        "Le marqueur de jour s'arrête sur le 1er juillet."


@pytest.mark.parametrize("domain", ["dualpowers", "course", "notebooks"])
def test_no_italian_text_puts_a_bare_article_before_a_day(domain):
    """"al {day}" cannot elide ("al 11"): an Italian text joins the article with a spec, "{day:al}"."""
    fields = "day|date|start|end" if domain == "course" else "day|date"   # elsewhere {start} is a region
    bare = re.compile(rf"\b(?:al|il|sul|dal|del) \{{(?:{fields})\b")
    wrong = [t for t in i18n.translations(domain, ["it"]) if bare.search(t)]
    assert not wrong
