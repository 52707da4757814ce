"""A Babel extractor for texts that live in the components data file.

The shipped region labels ("Red: Vyborg Side") are drawing aids stored in
``data/components.toml``; ``babel.cfg`` maps that file to :func:`components`
so that the labels reach the catalogs with the context "region label".
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
        label = region.get("label")
        if not label:
            continue
        lineno = next((i + 1 for i, line in enumerate(lines) if label in line), 0)
        yield lineno, "NP_", ("region label", label), [f"Translators: label of the {region['name']} region on the board"]
