"""What a learner has done: steps read and exercises solved, as plain JSON (never pickle).

The widget keeps one :class:`Progress` for its session and can save it in a JSON
file beside the notebook; :meth:`Progress.next_item` is where the "Continue"
button leads.  The file is read and written through :mod:`dualpowers.userfiles`
(a regular file of bounded size, UTF-8, written whole or not at all), checked
against ``docs/schema/progress.json`` and then against the course it is read for:
every chapter and exercise id must be the course's, every step number its
chapter's.  Its error messages are data (``dualpowers`` domain, like every
refusal a reader sees), so this module is extracted with the engine's texts.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..errors import DualPowersError, Told, brief
from ..narration import N_, Message
from ..schema import check, json_path
from ..userfiles import THE_PROGRESS_FILE, named, read_json, write_text
from .model import Chapter

__all__ = ["Progress", "ProgressError", "Item"]

FORMAT = "dualpowers/course-progress"
VERSION = 1

#: A place in the course: (chapter id, "step" or "exercise", index in the chapter).
Item = tuple[str, str, int]


class ProgressError(Told, DualPowersError, ValueError):
    """A progress file cannot be read or written (the message names the file and the field)."""


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
        return {"format": FORMAT, "version": VERSION,
                "seen": sorted([c, i] for c, i in self.seen),
                "solved": sorted(self.solved), "tried": dict(sorted(self.tried.items()))}

    @classmethod
    def from_dict(cls, data: Any, chapters: Iterable[Chapter] | None = None,
                  where: str | Message = "") -> "Progress":
        """Progress from its JSON data, checked against ``docs/schema/progress.json`` and, given
        the course's ``chapters``, against their ids and step counts; raises :class:`ProgressError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(Message(N_("{where}not a course progress file: 'format' must be {value}"),
                                        where=where, value=repr(FORMAT)))
        check(data, "progress", ProgressError, where)
        progress = cls({(c, i) for c, i in data.get("seen", [])}, set(data.get("solved", [])),
                       dict(data.get("tried", {})))
        if chapters is not None:
            _check_ids(data, list(chapters), where)
        return progress

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the progress file whole or not at all; raises :class:`ProgressError` saying why."""
        write_text(path, json.dumps(self.to_dict(), indent=1) + "\n", ProgressError, THE_PROGRESS_FILE)

    @classmethod
    def load(cls, path: str | os.PathLike[str], chapters: Iterable[Chapter] | None = None) -> "Progress":
        """Read a progress file (a missing file is a fresh start); raises :class:`ProgressError`."""
        if not Path(path).exists() and not Path(path).is_symlink():
            return cls()
        data = read_json(path, ProgressError, THE_PROGRESS_FILE)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            # named once: "'notes.json' is not a course progress file", not "the course progress
            # file 'notes.json': not a course progress file"
            raise ProgressError(Message(N_("{file} is not a course progress file: 'format' must be {value}"),
                                        file=brief(os.fsdecode(path), 120), value=repr(FORMAT)))
        return cls.from_dict(data, chapters, where=Message(N_("{what}: "), what=named(THE_PROGRESS_FILE, path)))


def _check_ids(data: dict[str, Any], chapters: list[Chapter], where: str | Message) -> None:
    """Every id the file names is the course's, every step number its chapter's."""
    steps = {c.id: len(c.steps) for c in chapters}
    exercises = {e.id for c in chapters for e in c.exercises}
    for k, (chapter, step) in enumerate(data.get("seen", [])):
        if chapter not in steps:
            raise ProgressError(Message(N_("{where}{path}: the course has no chapter {value}"), where=where,
                                        path=json_path(("seen", k, 0)), value=repr(chapter)))
        if step >= steps[chapter]:
            raise ProgressError(Message(N_("{where}{path}: chapter {chapter} has steps 0 to {last}, not {value}"),
                                        where=where, path=json_path(("seen", k, 1)), chapter=chapter,
                                        last=steps[chapter] - 1, value=step))
    named_ids = [(("solved", k), e) for k, e in enumerate(data.get("solved", []))]
    named_ids += [(("tried", e), e) for e in data.get("tried", {})]
    for path, exercise in named_ids:
        if exercise not in exercises:
            raise ProgressError(Message(N_("{where}{path}: the course has no exercise {value}"), where=where,
                                        path=json_path(path), value=repr(exercise)))
