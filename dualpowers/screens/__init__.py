"""Session models: what each screen shows and the state of a person's interaction with it.

A widget in :mod:`dualpowers.widgets` turns a person's events (a click, a tap, a key, a
button) into calls on one of these models, and draws the snapshot the model hands back
after each change; it decides nothing.  A model owns everything a screen remembers
between two events (the clicks so far, the step of a story being told, the hint shown,
the review) and computes what each legal action looks like once per position; the
snapshot is an immutable value, so the board, the panel, the board in words, the
keyboard and touch all read the same thing.

Nothing here imports Jupyter: a model can be driven from a script or a test.

* :class:`~dualpowers.screens.play.PlaySession` and its snapshot
  :class:`~dualpowers.screens.play.PlaySnapshot`: a whole game, solo or two players.
* :class:`~dualpowers.screens.analyzer.AnalyzerSession` and
  :class:`~dualpowers.screens.analyzer.AnalyzerSnapshot`: a position being edited, and
  who is stronger where.
* :class:`~dualpowers.screens.course.CourseScreen` and
  :class:`~dualpowers.screens.course.CourseSnapshot`: a learner working through the course.
* :class:`~dualpowers.screens.tutorial.TutorialScreen` and
  :class:`~dualpowers.screens.tutorial.TutorialSnapshot`: the rulebook's examples A-H.
* :class:`~dualpowers.screens.opposition.OppositionScreen` and
  :class:`~dualpowers.screens.opposition.SoloRoundScreen`: how the solo Opposition picks
  its objective, and a solo round walked turn by turn.

The course, tutorial and Opposition models are imported from their own modules (so that
opening the play screen loads no course).
"""

from __future__ import annotations

from .analyzer import AnalyzerSession, AnalyzerSnapshot
from .play import PlaySession, PlaySnapshot

__all__ = ["AnalyzerSession", "AnalyzerSnapshot", "PlaySession", "PlaySnapshot"]
