"""Errors about a file or a pasted text, in the reader's language: a JSON syntax error, a
missing field, a wrong type, a value out of range, an unknown name.  Each is an
``errors.Told`` whose reason is data; narrate writes the whole of it from the catalogs
(Python's own JSON messages and the schemas' English field descriptions included),
and every language names the field at fault."""
from __future__ import annotations

import copy
import json
import tomllib

import pytest

import dualpowers as dp
from dualpowers import i18n
from dualpowers.components import parse_components
from dualpowers.controllers.play import GameSession
from dualpowers.errors import DualPowersError, Told
from dualpowers.narrate import refusal_text
from dualpowers.schema import JSON_SYNTAX
from i18n_check import nested_messages
from dualpowers.i18n import LANGUAGES, TRANSLATED

#: Python's json module's words: none may reach a reader, in any language.
PYTHON_WORDS = ("Expecting", "delimiter", "Unterminated", "Extra data", "Invalid control", "property name")

_RAW = tomllib.loads((i18n.LOCALE_DIR.parent / "data" / "components.toml").read_text(encoding="utf-8"))


def _components(change) -> str:
    raw = copy.deepcopy(_RAW)
    change(raw)
    return json.dumps(raw)


def _position(**fields) -> str:
    d = dp.new_game(seed=1).to_dict()
    d.update(fields)
    return json.dumps(d)


#: (what goes wrong, a callable that raises, the field the error must name; for a JSON
#: syntax error, the column)
CASES = [
    ("JSON: missing comma", lambda: dp.State.from_json('{"score": 1 "will": "red"}'), "13"),
    ("JSON: nothing", lambda: dp.State.from_json(""), "1"),
    ("JSON: bare name", lambda: dp.State.from_json('{score: 1}'), "2"),
    ("JSON: unclosed text", lambda: dp.State.from_json('{"score": "1'), "11"),
    ("JSON: extra data", lambda: dp.State.from_json('{} {}'), "4"),
    ("JSON: saved game", lambda: GameSession().load('{"start": [1,]}'), "14"),
    ("wrong type", lambda: dp.State.from_json(_position(score="x")), "score"),
    ("out of range", lambda: parse_components(_components(lambda r: r["command_cards"]["cards"][0].__setitem__(3, 7)),
                                              syntax="json"), "cards[0][3]"),
    ("missing field", lambda: parse_components(_components(lambda r: r["regions"][0].pop("name")), syntax="json"),
     "regions[0]"),
    ("too few", lambda: parse_components(_components(lambda r: r.__setitem__("regions", r["regions"][:5])),
                                         syntax="json"), "regions"),
    ("bad name", lambda: parse_components(_components(lambda r: r["regions"][0].__setitem__("name", "Red!")),
                                          syntax="json"), "regions[0].name"),
    ("unknown name", lambda: dp.State.from_json(_position(will="green")), "will"),
]


def _raised(make) -> DualPowersError:
    with pytest.raises(DualPowersError) as info:
        make()
    return info.value



@pytest.mark.parametrize("case, make, field", CASES, ids=[c[0] for c in CASES])
def test_file_errors_are_data_and_fully_translated(case, make, field):
    exc = _raised(make)
    assert isinstance(exc, Told) and exc.message is not None, f"{case}: reason not given as data: {exc}"
    english = refusal_text(exc, "en")
    assert english == str(exc)
    if case.startswith("JSON"):
        assert str(exc.message.params["column"]) == field and exc.message.params["line"] == 1
    for lang in i18n.LANGUAGES:
        text = refusal_text(exc, lang)
        assert field in text, f"{case} ({lang}): the field {field!r} is not named: {text}"
        assert not any(w in text for w in PYTHON_WORDS), f"{case} ({lang}): Python's words: {text}"
        if lang != "en":
            assert text != english, f"{case}: {lang} is English: {text}"
            for m in nested_messages(exc.message):
                assert (None, m.msgid) in i18n.catalog(lang), f"{lang}: no translation of {m.msgid!r}"


def test_the_schema_description_is_quoted_in_the_language():
    exc = _raised(CASES[7][1])
    assert "(the recruit value, 1-3)" in refusal_text(exc, "en")
    assert "(la valeur de Recrutement, de 1 à 3)" in refusal_text(exc, "fr")
    assert "(il valore di reclutamento, da 1 a 3)" in refusal_text(exc, "it")


@pytest.mark.parametrize("detail", sorted(JSON_SYNTAX))
def test_every_json_syntax_reason_is_translated(detail):
    for lang in TRANSLATED:
        assert (None, JSON_SYNTAX[detail]) in i18n.catalog(lang), (lang, detail)


#: Texts that break JSON in each way Python's reader reports (its C and Python scanners).
BROKEN = ['{"a": 1,}', '[1,]', '{"a" 1}', '{a: 1}', '{"a": 1 "b": 2}', '', '{"a": "x', '"a\tb"', '"\\q"',
          '"\\u12"', '{} x', '[1 2]', '{"a": tru}']


@pytest.mark.parametrize("text", BROKEN)
def test_every_way_json_breaks_has_a_reason_in_words(text):
    """Python's message for each broken text is a key of JSON_SYNTAX (not quoted raw)."""
    with pytest.raises(json.JSONDecodeError) as info:
        json.loads(text)
    assert info.value.msg in JSON_SYNTAX


def test_the_extractor_quotes_what_the_schema_check_quotes():
    from dualpowers import i18n_extract, schema
    assert i18n_extract.DESCRIPTION_QUOTED == schema.DESCRIPTION_QUOTED
