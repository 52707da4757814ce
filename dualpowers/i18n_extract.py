"""A Babel extractor for texts that live in the components data file.

The regions are listed once, in ``data/components.toml``; ``babel.cfg`` maps that file to
:func:`components`, so that each region's name (context "region"), its colour in card
names (context "card") and its board label ("Red: Vyborg Side", context "region label")
reach the catalogs.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import IO, Any


def components(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
               options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()
    for region in data.get("regions", []):
        name = region["name"]
        lineno = next((i + 1 for i, line in enumerate(lines) if f'name = "{name}"' in line), 0)
        yield lineno, "NP_", ("region", name), [f"Translators: the {name} region, as the rulebook names it"]
        yield lineno, "NP_", ("card", name), [f"Translators: the {name} colour in a command card's name ({name}-4)"]
        label = region.get("label")
        if label:
            lineno = next((i + 1 for i, line in enumerate(lines) if label in line), 0)
            yield lineno, "NP_", ("region label", label), [f"Translators: label of the {name} region on the board"]


#: ``schema.DESCRIPTION_QUOTED``: a description shorter than this is quoted after an error
#: (repeated here, not imported: this extractor sits below the engine's layers; a test
#: keeps the two equal).
DESCRIPTION_QUOTED = 160


def schema_descriptions(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                        options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """The fields' descriptions of a JSON Schema in ``data/schema/``: an error about a field
    quotes its description (``dualpowers.schema.check``), so a translation must exist."""
    import json

    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "description" and isinstance(value, str):
                    if len(value) < DESCRIPTION_QUOTED and "{" not in value and value not in found:
                        found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(text))
    for description in found:
        quoted = json.dumps(description)[1:-1]
        lineno = next((i + 1 for i, line in enumerate(lines) if quoted in line), 0)
        yield lineno, "_", description, ["Translators: a field's description, quoted after an error about the field"]


def rules(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
          options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """The summary of each rule in ``data/rules.toml`` (context "rule"): the course, the
    tutorial and the rule index show a rule's summary beside its ID."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    data = tomllib.loads(text)
    for entry in [*data.get("rule", []), *data.get("engine", [])]:
        summary = entry["summary"]
        lineno = next((i + 1 for i, line in enumerate(lines) if summary[:40] in line), 0)
        yield lineno, "NP_", ("rule", summary), [f"Translators: the rule {entry['id']} in a few words"]
        part = entry.get("ruling_part")
        if part:
            lineno = next((i + 1 for i, line in enumerate(lines) if part[:40] in line), 0)
            yield lineno, "NP_", ("rule", part), [f"Translators: the part of rule {entry['id']} that is "
                                                  "this project's ruling, in a few words"]
        brief = entry.get("brief")
        if brief:
            lineno = next((i + 1 for i, line in enumerate(lines) if brief[:40] in line), 0)
            yield lineno, "NP_", ("rule", brief), [f"Translators: the rule {entry['id']} in a few words, as the course "
                                                   "tells it before it has taught all of it"]
        standin = entry.get("standin")
        if standin:
            lineno = next((i + 1 for i, line in enumerate(lines) if standin[:40] in line), 0)
            yield lineno, "NP_", ("rule", standin), [f"Translators: what of rule {entry['id']} the packaged "
                                                     "components stand in for (the rulebooks do not print it)"]


def tutorial(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
             options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Every text of the rulebook examples (``tutorial/examples.json``, domain ``tutorial``):
    titles, sources, errata and each step's narration; ``{card}``, ``{token}`` ... stand for
    game names (the example's ``names``), which each language writes its own way."""
    import json

    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for example in json.loads(text).get("examples", []):
        names = example.get("names", {})
        note = ", ".join(f"{{{k}}} is {v}" for k, v in names.items())
        texts = [example.get("title"), example.get("short"), example.get("source"), example.get("erratum"),
                 example.get("intro", {}).get("narration")]
        texts += [step.get("narration") for step in example.get("steps", [])]
        for t in texts:
            if isinstance(t, str) and t:
                quoted = json.dumps(t, ensure_ascii=False)[1:-1]
                lineno = next((i + 1 for i, line in enumerate(lines) if quoted[:60] in line), 0)
                comment = [f"Translators: example {example.get('id')}" + (f"; {note}" if note else "")]
                yield lineno, "_", t, comment
