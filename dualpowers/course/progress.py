"""What a learner has done: steps read and exercises solved, as plain JSON (never pickle).

The widget keeps one :class:`Progress` for its session and can save it in a JSON
file beside the notebook; :meth:`Progress.next_item` is where the "Continue"
button leads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import DualPowersError
from .model import Chapter

__all__ = ["Progress", "ProgressError", "Item"]

FORMAT = "dualpowers/course-progress"

#: A place in the course: (chapter id, "step" or "exercise", index in the chapter).
Item = tuple[str, str, int]


class ProgressError(DualPowersError, ValueError):
    """A progress file cannot be read (the message names the field)."""


@dataclass
class Progress:
    """Steps seen and exercises solved, by chapter id and exercise id."""

    seen: set[tuple[str, int]] = field(default_factory=set)     # (chapter, step index)
    solved: set[str] = field(default_factory=set)               # exercise ids
    tried: dict[str, int] = field(default_factory=dict)         # exercise id -> wrong answers so far

    # ------------------------------------------------------------------ recording
    def see(self, chapter: str, step: int) -> None:
        self.seen.add((chapter, step))

    def solve(self, exercise_id: str) -> None:
        self.solved.add(exercise_id)

    def miss(self, exercise_id: str) -> None:
        self.tried[exercise_id] = self.tried.get(exercise_id, 0) + 1

    # ------------------------------------------------------------------ questions
    def chapter_done(self, chapter: Chapter) -> bool:
        return (all((chapter.id, i) in self.seen for i in range(len(chapter.steps)))
                and all(e.id in self.solved for e in chapter.exercises))

    def chapter_counts(self, chapter: Chapter) -> tuple[int, int]:
        """(items done, items in the chapter): steps seen plus exercises solved."""
        done = sum((chapter.id, i) in self.seen for i in range(len(chapter.steps)))
        done += sum(e.id in self.solved for e in chapter.exercises)
        return done, len(chapter.steps) + len(chapter.exercises)

    def items(self, chapters: Iterable[Chapter]) -> list[Item]:
        out: list[Item] = []
        for c in chapters:
            out += [(c.id, "step", i) for i in range(len(c.steps))]
            out += [(c.id, "exercise", i) for i in range(len(c.exercises))]
        return out

    def is_done(self, item: Item, chapters: Iterable[Chapter]) -> bool:
        cid, kind, i = item
        if kind == "step":
            return (cid, i) in self.seen
        for c in chapters:
            if c.id == cid:
                return c.exercises[i].id in self.solved
        return False

    def next_item(self, chapters: Iterable[Chapter]) -> Item | None:
        """The first step not seen or exercise not solved, in course order; None when all is done."""
        chapters = list(chapters)
        for item in self.items(chapters):
            if not self.is_done(item, chapters):
                return item
        return None

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1,
                "seen": sorted([c, i] for c, i in self.seen),
                "solved": sorted(self.solved), "tried": dict(sorted(self.tried.items()))}

    @classmethod
    def from_dict(cls, data: Any) -> "Progress":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(f"not a course progress file: 'format' must be {FORMAT!r}")
        try:
            seen = {(str(c), int(i)) for c, i in data.get("seen", [])}
        except (TypeError, ValueError) as exc:
            raise ProgressError("'seen' must be a list of [chapter, step] pairs") from exc
        solved = data.get("solved", [])
        if not isinstance(solved, list) or not all(isinstance(x, str) for x in solved):
            raise ProgressError("'solved' must be a list of exercise ids")
        tried = data.get("tried", {})
        if not isinstance(tried, dict) or not all(isinstance(v, int) for v in tried.values()):
            raise ProgressError("'tried' must map exercise ids to counts")
        return cls(seen, set(solved), {str(k): v for k, v in tried.items()})

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> "Progress":
        """Read a progress file; a missing file is a fresh start."""
        p = Path(path)
        if not p.exists():
            return cls()
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProgressError(f"{p}: not readable as JSON: {exc}") from exc
        return cls.from_dict(data)
