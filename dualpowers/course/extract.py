"""Babel extractor for ``course.json``: every text a learner reads becomes a msgid of domain ``course``.

Named in ``babel-course.cfg``; ``scripts/extract_messages.py course`` runs it.
"""

from __future__ import annotations

import json
from typing import IO, Any, Iterator

__all__ = ["extract_course", "TEXT_FIELDS"]

#: The fields of chapters, steps and exercises that hold text (msgids).
TEXT_FIELDS = ("title", "intro", "text", "aside", "prompt", "hint")


def _texts(node: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in TEXT_FIELDS and isinstance(value, str):
                yield value, f"{where}.{key}"
            elif key not in ("positions", "position", "goal", "question"):
                yield from _texts(value, f"{where}.{key}" if where else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            label = value.get("id") if isinstance(value, dict) and isinstance(value.get("id"), str) else str(i)
            yield from _texts(value, f"{where}[{label}]")


def extract_course(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Yield ``(lineno, funcname, message, comments)`` for each text of the course file."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for text, where in _texts(data, ""):
        yield 0, None, text, [where]
