"""The current language: engine text functions called without ``lang`` follow it."""
from __future__ import annotations

import io
import json

import pytest

import dualpowers as dp
from dualpowers import i18n, text, names, tables
from dualpowers.narrate import quantity_text, refusal_text
from dualpowers.text import render
from dualpowers.narration import Message, Quantity
from dualpowers.results import measured, rate_text
from dualpowers.i18n import TRANSLATED


def test_english_is_the_default_and_set_language_changes_it():
    assert i18n.current_language() == "en" and names.region("brown") == names.region("brown", "en")
    i18n.set_language("fr")
    assert names.region("brown") == names.region("brown", "fr") != names.region("brown", "en")
    assert i18n.resolve(None) == "fr" and i18n.resolve("it") == "it"
    with pytest.raises(ValueError, match="language must be one of"):
        i18n.set_language("de")
    assert i18n.current_language() == "fr"


def test_the_widgets_setting_keeps_the_engines_in_step():
    from dualpowers.widgets import language
    language.set("it")
    try:
        assert i18n.current_language() == "it"
    finally:
        language.set("en")
    assert i18n.current_language() == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_refusals_and_pictures_follow_the_current_language(lang):
    state = dp.new_game("two-player", seed=3)
    with pytest.raises(dp.IllegalAction) as err:
        state.apply("move R1 nowhere")
    i18n.set_language(lang)
    assert refusal_text(err.value) == refusal_text(err.value, lang)
    from dualpowers.drawing import board_svg
    assert board_svg(state) == board_svg(state, lang=lang) != board_svg(state, lang="en")


def test_say_writes_a_notebook_label_in_the_current_language():
    assert text.say("Refused:") == "Refused:"
    i18n.set_language("fr")
    assert text.say("Refused:") == i18n.gettext("Refused:", "fr", "notebooks") != "Refused:"
    assert "juillet" in text.say("{start} + {days} days: {end}", start=names.date("jul", 3), days=2,
                                 end=names.date("jul", 5))


@pytest.mark.parametrize(("number", "en", "fr", "it"), [
    (Quantity(1000), "1,000", "1\u202f000", "1.000"),
    (Quantity(6.94, 1), "6.9", "6,9", "6,9"),
    (Quantity(1.5, 1, signed=True), "+1.5", "+1,5", "+1,5"),
    (Quantity(-2.25, 1, signed=True), "-2.2", "-2,2", "-2,2"),
    (Quantity(0.375, percent=True), "38%", "38\u00a0%", "38%"),
])
def test_numbers_in_messages_are_written_in_each_languages_form(number, en, fr, it):
    assert str(number) == en == quantity_text(number, "en")
    assert quantity_text(number, "fr") == fr and quantity_text(number, "it") == it
    assert render(Message("{n} playouts", n=number), "en") == f"{en} playouts"


def test_the_measured_tables_in_french_have_french_headers_and_numbers():
    i18n.set_language("fr")
    table = tables.difficulty_frame(measured("difficulty"))
    assert list(table.index.names) == ["Joueur", "Joue"] and table.columns.name == "Difficulté X"
    assert "Rouges" in table.index.get_level_values(1)          # a side as a label: the camp
    cell = table.iloc[0, 0]
    assert "\u00a0%" in cell and "." not in cell.split("[")[0]
    strength = tables.results_frame(measured("strength")[["player", "opponent", "games", "wins", "win_rate"]])
    assert list(strength.columns) == ["Joueur", "Adversaire", "Parties", "Victoires", "Taux de victoire"]
    assert rate_text(measured("strength").iloc[0], "en").startswith("99.6%")


def test_the_notebook_extractor_finds_the_labels_the_code_cells_say():
    from test_notebooks_i18n import tn
    nb = {"cells": [{"cell_type": "code", "source": 'print(say("Refused:"), x)\nprint(say(f"{x}"), "no")'},
                    {"cell_type": "code", "source": "%timeit say('magic cell')"},
                    {"cell_type": "markdown", "source": "A paragraph."}]}
    found = [m for _, _, m, _ in tn.extract_notebook(io.BytesIO(json.dumps(nb).encode()), None, None, None)]
    assert found == ["Refused:", "A paragraph."]
