"""The advisor's explanations in French and Italian: every sentence is a catalog text.

``dualpowers.advisor.explain.effects`` and the ranking's own words (how sure, the outlook,
the summary) are messages (template + raw ids); written in French or Italian, each must
be made only of catalog texts (tests/i18n_check.py), and the English must not change.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import dualpowers as dp
from dualpowers.advisor import Advisor
from dualpowers.advisor.explain import effects
from dualpowers.text import render


sys.path.insert(0, str(Path(__file__).resolve().parent))
from i18n_check import from_catalog  # noqa: E402
from dualpowers.i18n import TRANSLATED


def _positions(n: int, seed: int) -> list[dp.State]:
    rng, out = random.Random(seed), []
    while len(out) < n:
        if rng.random() < 0.5:
            s = dp.new_game("solo", rng.randrange(10**6), player=rng.choice(["red", "white"]),
                            difficulty=rng.randint(1, 6), edition=rng.choice(["fr", "it"]))
        else:
            s = dp.new_game("two-player", rng.randrange(10**6), edition=rng.choice(["fr", "it"]))
        for _ in range(rng.randrange(80)):
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over():
            out.append(s)
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_explanation_line_is_translated(lang):
    seen = set()
    for s in _positions(25, seed=11):
        for a in s.legal_actions():
            fx = effects(s, a)
            assert fx.lines == tuple(m.text for m in fx.messages)
            for m in fx.messages:
                seen.add(m.msgid)
                text = render(m, lang)
                assert text != m.text, (m.text, text)
                assert from_catalog(text, lang), f"{lang}: {text!r} (English: {m.text!r})"
    assert len(seen) >= 12, sorted(seen)      # the positions reach most kinds of line


def _unnamed(text: str) -> str:
    """A text with the difference between a raw id and its English name taken out."""
    return text.casefold().replace("-", " ")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("horizon", ["round", "game"])
def test_the_ranking_summary_is_translated(lang, horizon):
    s = _positions(1, seed=3)[0]
    kwargs = {} if horizon == "round" else {"horizon": "game", "playout": "random"}
    r = Advisor(playouts=60, seed=1, **kwargs).rank(s)
    english = r.explain().splitlines()
    rendered = [" " * i + render(m, "en") for i, m in r.explain_messages()]
    # English is written like French and Italian (names from dualpowers.names: "Double Move",
    # "Red"); the engine's own text keeps raw ids ("double-move", "red") for scripts
    assert len(english) == len(rendered)
    assert [_unnamed(t) for t in rendered] == [_unnamed(t) for t in english]
    from dualpowers.describe import describe
    for _, m in r.explain_messages(name=lambda a: describe(s, a, lang).text):
        text = render(m, lang)
        assert from_catalog(text, lang), f"{lang}: {text!r}"
    for a in r.actions[:3]:
        for m in (a.outlook_message(), r.sureness_message(a)):
            assert from_catalog(render(m, lang), lang)


@pytest.mark.parametrize("lang, article", [("fr", ("les Rouges", "les Blancs", "l'Opposition")),
                                           ("it", ("il Rosso", "il Bianco", "l'opposizione",
                                                   # the article joined to "di": "la forza maggiore è del Rosso"
                                                   "del Rosso", "del Bianco", "dell'opposizione"))])
def test_the_other_side_is_named_with_its_article(lang, article):
    """The strengths line and who leads name the other side as the sentence wants it ('contre les
    Blancs', 'les Blancs y ont ...', 'contro il Bianco'), never a bare 'Blanc' (QA, French two-player)."""
    from dualpowers.advisor.explain import HOLDER_LEADS, HOLDER_LEADS_NOW, STRENGTHS, STILL_LEADS
    said = {"strengths": 0, "leads": 0}
    for s in _positions(30, seed=5):
        for a in s.legal_actions()[:15]:
            for m in effects(s, a).messages:
                for clause in m.params.get("clauses", ()):
                    if clause.msgid == STILL_LEADS:
                        clause, lead = clause.params["strengths"], clause.params["lead"]
                        clauses = [clause, lead]
                    else:
                        clauses = [clause]
                    for c in clauses:
                        if c.msgid not in (STRENGTHS, HOLDER_LEADS, HOLDER_LEADS_NOW):
                            continue
                        text = render(c, lang)
                        assert any(name in text for name in article), (lang, text)
                        said["strengths" if c.msgid == STRENGTHS else "leads"] += 1
    assert said["strengths"] and said["leads"], said


def test_rows_that_cannot_be_told_apart_show_no_chance_of_their_own():
    """The table's 'likely the best' cell says a tied row is one of N equal, as the advice's
    'equal best: one of N actions ...' does, not the row's own percentage (QA)."""
    from dualpowers.tables import header, ranking_rows
    checked = 0
    for s in _positions(6, seed=11):
        r = Advisor(playouts=200, seed=0).rank(s)
        for lang in ("en", *TRANSLATED):
            table = ranking_rows(r, s, lang)
            col = table.columns.index(header("confidence", lang))
            for a, row in zip(r.actions, table.rows):
                if a.ties > 1:
                    assert "%" not in row[col] and str(a.ties) in row[col], (lang, row[col])
                    checked += 1
                elif a.playouts:
                    assert "%" in row[col], (lang, row[col])
    assert checked, "no position with equal rows"
