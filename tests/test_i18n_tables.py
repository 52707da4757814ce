"""Tables and reasons for readers (dualpowers.tables) in French and Italian."""
from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers import tables
from dualpowers.text import translator

from i18n_check import from_catalog
from dualpowers.i18n import TRANSLATED


def positions():
    for g in range(4):
        s = dp.new_game(mode=("solo", "two-player")[g % 2], seed=40 + g)
        rng = random.Random(g)
        for k in range(60):
            if s.is_over():
                break
            if k % 6 == 0:
                yield s.clone()
            s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_reasons_and_tables_are_from_the_catalog(lang):
    seen = set()
    for s in positions():
        df = tables.presence_frame(s, lang)
        for col in [df.index.name, *df.columns]:
            assert from_catalog(col, lang), col
        for region in s.comp.region_index:
            p = dp.force_in_presence(s, region)
            for text in (tables.presence_reason(p, lang), tables.neutral_reason(p, lang)):
                assert from_catalog(text, lang), text
            seen.add(p.decided_by)
            tok = tables.presence_tokens_frame(p, lang)
            for value in tok.reset_index().astype(str).values.ravel():
                assert from_catalog(value, lang), value
    assert {"strength", None} <= seen


def test_reasons_cite_the_same_rules_as_the_engine():
    import re
    for s in positions():
        for region in s.comp.region_index:
            p = dp.force_in_presence(s, region)
            for mine, engine in ((tables.presence_reason(p, "fr"), p.reason),
                                 (tables.neutral_reason(p, "it"), p.neutral_reason)):
                assert re.findall(r"R-[A-Z]+-\d", mine) == re.findall(r"R-[A-Z]+-\d", engine)


def test_objective_table_in_italian():
    _card, choice = dp.opposition_objective(["purple-4", "purple-2", "blue-5", "brown-3", "green-2"])
    df = tables.objective_frame(choice, "it")
    _ = translator("it")
    assert df.index.name == "Quartiere" and "quartiere viola" in df.index
    assert (df[_("chosen")] == _("yes")).sum() == 1


def test_the_command_line_summary_is_in_the_readers_language():
    """`dualpowers simulate` ends with this table: French and Italian headers, sides, players and
    numbers in the language's form; English keeps simulate.format_summary's form for scripts."""
    from dualpowers import simulate as sim
    rows = [{"mode": "solo", "edition": "fr", "difficulty": 1, "player": "red", "red_policy": "random",
             "white_policy": "opposition", "games": 4000, "side": "red", "wins": 2, "win_rate": 0.5,
             "ci_low": 0.25, "ci_high": 0.75, "mean_rounds": 2.5},
            {"mode": "two-player", "edition": "it", "difficulty": None, "player": None, "red_policy": "greedy",
             "white_policy": "random", "games": 4, "side": "red", "wins": 2, "win_rate": 0.5,
             "ci_low": 0.15, "ci_high": 0.85, "mean_rounds": 4.5}]
    fr = tables.summary_text(rows, "fr").splitlines()
    assert fr[0].split("  ")[0] == "Partie" and "Taux de victoire" in fr[0] and "Intervalle à 95\u00a0%" in fr[0]
    assert "en solitaire" in fr[1] and "Rouges" in fr[1] and "Opposition" in fr[1]
    assert "4\u202f000" in fr[1] or "4\u00a0000" in fr[1]
    assert "50,0\u00a0%" in fr[1] or "50,0\u202f%" in fr[1]
    assert "2,50" in fr[1] and "25,0" in fr[1] and "à deux joueurs" in fr[2] and "–" in fr[2]
    it = tables.summary_text(rows, "it").splitlines()
    assert "Percentuale di vittorie" in it[0] and "in solitario" in it[1] and "50,0%" in it[1] and "4.000" in it[1]
    assert tables.summary_text([], "fr") == "aucune partie"
    assert sim.format_summary(rows).splitlines()[0].startswith("mode")     # the English form for scripts
