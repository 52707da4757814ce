"""The rulebook examples A-H, step by step, in the reader's language.

Pure Python (no Jupyter imports); the widget that shows it is
:class:`dualpowers.widgets.tutorial.TutorialWidget`::

    from dualpowers.tutorial import Tutorial
    t = Tutorial(language="it")
    t.select("E")
    while t.next():
        print(t.narration(), t.rules)
    t.state            # the engine position, replayed from the example's start
    t.outcome.lines    # what the engine answered at this step

The examples are data (``examples.json``, English; the other languages are the
``tutorial`` gettext catalogs); see :mod:`dualpowers.tutorial.model`.
"""

from __future__ import annotations

from .model import (
    MARKERS, Example, Outcome, Step, Tutorial, TutorialData, TutorialError, check_expect, load_examples, paragraphs,
    replay,
)

__all__ = [
    "Tutorial", "TutorialData", "TutorialError", "Example", "Step", "Outcome", "load_examples", "replay",
    "check_expect", "MARKERS", "paragraphs",
]
