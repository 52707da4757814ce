"""Learn to play: the course, its chapters, steps and exercises (pure Python, no Jupyter).

::

    import dualpowers.course as course
    course.chapters()          # ordered; each has .id, .title(lang), .steps, .exercises
    course.exercises()         # every exercise, in course order
    course.rules_taught()      # the RULINGS IDs some step or exercise teaches
    ex = course.exercises()[0]
    ex.position                # a dualpowers.State
    ex.accepted()              # the answers the engine accepts (actions or choices)
    v = ex.judge("move W3 white")
    v.correct, v.reason("fr")  # the verdict, with the rule ID and what happened instead
    ex.rulings                 # its rules that are this project's rulings, not the rulebooks'
    ex.rulings_note("fr")      # the line that says so (a step's also says what the ruling is)
    st = course.chapter("board").steps[5]
    st.aside("fr")             # a step's remark for the curious reader (this project's stand-ins)

The widget keeps the rulings note and a step's aside behind a disclosure under the rule
badges, out of the step's text.

The chapters and exercises are data (``course.json``); the answers are always
computed by the engine from the position (:mod:`dualpowers.course.goals`).  The
widget is :class:`dualpowers.widgets.course.CourseWidget`.
"""

from __future__ import annotations

from .model import Chapter, Course, CourseError, Exercise, Step, Verdict, load_course, parse_course
from .progress import Progress, ProgressError

__all__ = ["chapters", "exercises", "rules_taught", "chapter", "exercise", "Chapter", "Step", "Exercise",
           "Verdict", "Course", "CourseError", "Progress", "ProgressError", "load_course", "parse_course"]


def chapters() -> tuple[Chapter, ...]:
    """The chapters, in the order they build on each other."""
    return load_course().chapters


def exercises() -> list[Exercise]:
    """Every exercise, in course order."""
    return [e for c in chapters() for e in c.exercises]


def chapter(chapter_id: str) -> Chapter:
    return load_course().chapter(chapter_id)


def exercise(exercise_id: str) -> Exercise:
    return load_course().exercise(exercise_id)


def rules_taught() -> set[str]:
    """The RULINGS IDs that some step or exercise of the course teaches."""
    return set().union(*(c.rules for c in chapters()))
