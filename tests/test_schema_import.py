"""What a notebook's first cell imports: the widgets and the package's own data never import
jsonschema; a user's file still goes through the schema, with jsonschema imported without
its format checkers (whose ``rfc3987_syntax`` builds a lark grammar, 1.5 s at import).

Each check runs in a fresh interpreter, so nothing imported by other tests hides an import.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from importlib import resources
from typing import Any

import pytest

from dualpowers.schema import _FORMAT_ONLY_MODULES, SCHEMAS, schema


def _run(code: str) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter; it prints one JSON object as its last line."""
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


#: The schema keywords whose value is a map of names to schemas (the names are not keywords).
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
#: Keywords whose value is data, never a schema.
_DATA = ("const", "enum", "default", "examples", "required", "description", "title", "$comment", "pattern",
         "$schema", "$id", "$ref", "type")


def _format_keywords(node: Any, path: str = "$") -> list[str]:
    """Where a schema uses the ``format`` keyword."""
    found: list[str] = []
    if isinstance(node, list):
        for i, sub in enumerate(node):
            found += _format_keywords(sub, f"{path}[{i}]")
    elif isinstance(node, dict):
        if "format" in node:
            found.append(path)
        for key, value in node.items():
            if key in _SCHEMA_MAPS and isinstance(value, dict):
                for name, sub in value.items():
                    found += _format_keywords(sub, f"{path}.{key}.{name}")
            elif key not in _DATA:
                found += _format_keywords(value, f"{path}.{key}")
    return found


@pytest.mark.parametrize("name", SCHEMAS)
def test_schemas_use_no_format_keyword(name):
    # The validator checks no "format" (and jsonschema is imported without its format
    # checkers): a schema that starts using one must bring a FormatChecker for it.
    assert _format_keywords(schema(name)) == []
    text = resources.files("dualpowers").joinpath(f"data/schema/{name}.json").read_text(encoding="utf-8")
    assert _format_keywords(json.loads(text)) == []


def test_the_walk_finds_a_format_keyword():
    assert _format_keywords({"properties": {"format": {"type": "string", "format": "iri"}}}) == [
        "$.properties.format"]
    assert _format_keywords({"properties": {"format": {"const": "dualpowers/game"}}}) == []


def test_widgets_and_packaged_data_do_not_import_jsonschema():
    seen = _run("""
        import json, sys
        from dualpowers.widgets import show
        from dualpowers.widgets.course import CourseWidget
        from dualpowers.widgets.tutorial import TutorialWidget
        from dualpowers.widgets.play import PlayWidget
        from dualpowers.widgets.opposition import OppositionWidget, SoloRoundWidget
        from dualpowers.course import load_course
        from dualpowers.tutorial import Tutorial, load_examples

        CourseWidget(); TutorialWidget(); PlayWidget(mode="solo", player="red", difficulty=1)
        OppositionWidget(seed=1917); SoloRoundWidget(seed=7, player="white", difficulty=3)
        for ex in load_examples().examples:         # every packaged start position, through the rules
            ex.start_state()
        course = load_course()
        for chapter in course.chapters:             # every packaged step and exercise position
            for item in (*chapter.steps, *chapter.exercises):
                item.position
        print(json.dumps({m: m in sys.modules for m in ("jsonschema", "lark")}))
    """)
    assert seen == {"jsonschema": False, "lark": False}


def test_user_data_is_still_checked_by_the_schema_without_the_format_checkers():
    seen = _run("""
        import json, sys
        import dualpowers as dp
        from dualpowers.errors import PositionError

        try:
            dp.State.from_dict({"mode": "two-player", "score": "2"})
            refused = None
        except PositionError as exc:
            refused = str(exc)
        modules = {m: m in sys.modules for m in ("jsonschema", "lark", "rfc3987_syntax", "isoduration")}
        blocked = [m for m, v in sys.modules.items() if v is None and not m.startswith("encodings")]
        import rfc3987_syntax                      # still importable by whoever wants it
        print(json.dumps({"refused": refused, "modules": modules, "none_left": blocked}))
    """)
    assert seen["refused"] and "$.score" in seen["refused"]
    assert seen["modules"] == {"jsonschema": True, "lark": False, "rfc3987_syntax": False, "isoduration": False}
    assert not set(seen["none_left"]) & set(_FORMAT_ONLY_MODULES)


def test_a_jsonschema_imported_before_is_used_as_it_is():
    seen = _run("""
        import json, sys
        import jsonschema                          # the user's own import, with every format checker
        import dualpowers as dp
        from dualpowers.errors import PositionError
        try:
            dp.State.from_dict({"mode": "two-player", "will": "green"})
            refused = False
        except PositionError:
            refused = True
        print(json.dumps({"refused": refused, "iri": "iri" in jsonschema.FormatChecker.checkers}))
    """)
    assert seen == {"refused": True, "iri": True}


def test_a_notebook_first_paint_imports_neither_pandas_nor_jsonschema_nor_other_widgets():
    """What each notebook builds before its board paints (its first cell, in a fresh process):
    its tables are written from rows (dualpowers.tables.Table) without pandas, the analyzer's
    first position is the engine's own (no schema), and dualpowers.widgets imports only the
    widgets asked for."""
    seen = _run("""
        import json, random, sys
        import dualpowers as dp
        from dualpowers.widgets import show
        from dualpowers.widgets.analyzer import AnalyzerWidget
        from dualpowers.widgets.opposition import OppositionWidget
        from dualpowers.widgets import AdvisorWidget
        from dualpowers.policies import make_policy

        show(AnalyzerWidget()); show(OppositionWidget(seed=1917))
        state = dp.new_game("solo", seed=1917, player="white", difficulty=3)
        rng, greedy = random.Random(1917), make_policy("greedy")
        for _ in range(10):
            state.apply(greedy.choose(state, rng))
        show(AdvisorWidget(state))
        print(json.dumps({m: m in sys.modules for m in ("pandas", "jsonschema", "dualpowers.widgets.play",
                                                          "dualpowers.widgets.course")}))
    """)
    assert seen == {"pandas": False, "jsonschema": False, "dualpowers.widgets.play": False,
                    "dualpowers.widgets.course": False}
