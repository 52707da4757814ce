"""The tutorial's session model: the rulebook's examples A-H, and what the tutorial screen shows.

:class:`~dualpowers.tutorial.Tutorial` is the examples, replayed through the engine, step
by step.  A :class:`TutorialScreen` adds what the screen decides: where *Next* leads (the
next step, or at an example's end the next example), which buttons can be pressed and what
they say, what the engine answered at the step in words and tables, whether that answer is
read beside the board or under it, and the menus' options.  After each change it hands its
observers one :class:`TutorialSnapshot`; the widget
(:class:`dualpowers.widgets.tutorial.TutorialWidget`) turns its events into calls here and
draws the snapshot.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from .. import names, tables
from ..i18n import LANGUAGES, language_name
from ..narrate import event_text, objective_steps, refusal_text
from ..opposition import ObjectiveChoice
from ..presence import Presence
from ..text import NN_, plural, translator
from ..tutorial import Outcome, Tutorial, TutorialError, paragraphs
from .observed import Observed

if TYPE_CHECKING:
    from ..state import State
    from ..tables import Table

__all__ = ["TutorialScreen", "TutorialSnapshot", "OutcomeView", "TOKENS", "Tutorial", "outcome_lines",
           "PART_CHARS", "text_parts"]

#: The longest narration read in one piece beside the board (characters; fewer parts of a sentence or more stay longer): at 1280x720 with
#: JupyterLab's file browser open, the panel (about 256 CSS px wide) shows a step's title, text,
#: badges and its disclosures' lines within the window for texts up to about this length
#: (tests/browser/test_tutorial_fits_browser.py measures it).  A longer text is read in parts,
#: one per press of Next, cut between sentences (issue 33).
PART_CHARS = 290

#: where a sentence ends and the next begins (". ", "! ", "? ", ".) " before a capital or a bracket)
_SENTENCE_END = re.compile(r"(?<=[.!?…)])\s+(?=[(«\"'A-ZÀ-ÖØ-Þ])")


def text_parts(text: str, limit: int = PART_CHARS) -> tuple[str, ...]:
    """``text`` cut into parts: at each paragraph (a blank line), then each paragraph between
    sentences into as few parts as keep each near ``limit`` characters, the longest part as short
    as the sentences allow (a paragraph of one sentence stays whole)."""
    return tuple(part for _p, part in paragraph_parts(text, limit))


def paragraph_parts(text: str, limit: int = PART_CHARS) -> tuple[tuple[int, str], ...]:
    """:func:`text_parts` with the paragraph each part belongs to."""
    return tuple((p, part) for p, paragraph in enumerate(paragraphs(text) or [text])
                 for part in _sentence_parts(paragraph, limit))


def _sentence_parts(text: str, limit: int) -> tuple[str, ...]:
    if len(text) <= limit:
        return (text,)
    sentences = _SENTENCE_END.split(text)

    def joined(i: int, j: int) -> str:
        return " ".join(sentences[i:j])

    def cut(n: int) -> tuple[int, list[str]]:
        """The n parts whose longest is shortest, and its length."""
        # best[(k, j)]: the least longest part when the first j sentences make k parts, and where the last begins
        best: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (0, 0)}
        for k in range(1, n + 1):
            for j in range(k, len(sentences) + 1):
                options = [(max(best[(k - 1, i)][0], len(joined(i, j))), i)
                           for i in range(k - 1, j) if (k - 1, i) in best]
                if options:
                    best[(k, j)] = min(options)
        parts: list[str] = []
        j = len(sentences)
        for k in range(n, 0, -1):
            i = best[(k, j)][1]
            parts.append(joined(i, j))
            j = i
        return best[(n, len(sentences))][0], parts[::-1]

    n = min(math.ceil(len(text) / limit), len(sentences))
    longest, parts = cut(n)
    while longest > limit and n < len(sentences):
        n += 1
        longest, parts = cut(n)
    return tuple(parts)

#: A count of tokens in a region, with its plural forms ("1 token", "3 tokens").
TOKENS = NN_("{n} token", "{n} tokens")


@dataclass(frozen=True)
class OutcomeView:
    """What the engine answered at the step: a refusal (its heading and reason), a table
    (Force in Presence, the Opposition's sums), lines of words; ``heading`` over them, the
    edition it was played with (``footer``); ``wide``: read under the board (a table wider
    than the panel); ``error``: the tutorial's data is wrong (said instead of the rest)."""

    heading: str = ""
    #: the disclosure's line over the table and the lines ("What the engine says: open to read")
    summary: str = ""
    refused: str = ""
    reason: str = ""
    table: "Table | None" = None
    lines: tuple[str, ...] = ()
    footer: str = ""
    wide: bool = False
    error: str = ""

    @property
    def empty(self) -> bool:
        return not (self.refused or self.table is not None or self.lines)


@dataclass(frozen=True)
class TutorialSnapshot:
    """What the tutorial shows after one change, every text written in ``lang``."""

    lang: str
    screen_title: str
    #: the menus: (words, value) pairs, the value chosen, and what each menu is called
    example_options: tuple[tuple[str, str], ...]
    example: str
    example_label: str
    language_options: tuple[tuple[str, str], ...]
    language_label: str
    back_label: str
    next_label: str
    restart_label: str
    can_back: bool
    can_next: bool
    can_restart: bool
    #: the narration: the example's title, "Scene" or "Step 2 of 5", the step's words, its rules
    title: str
    progress: str
    narration: str
    rules_label: str           # "Rules:", French "Règles :" (the language's punctuation)
    #: (rule ID, the rule in a few words) for each rule of the step
    rules: tuple[tuple[str, str], ...]
    #: each rule's line under the badges, as HTML ("<b>R-CAL-3</b> : …" in French)
    rule_lines: tuple[str, ...]
    source: str
    #: the example's erratum note ("" when none), its heading, and whether it matters at this step
    erratum: str
    erratum_label: str
    erratum_here: bool
    #: the disclosures' lines (issue 33: a step's long parts are closed when it opens, so what is
    #: shown fits the window beside the board): the rules in full with the source; the erratum,
    #: saying whether it matters at this step
    more_rules_label: str
    erratum_summary: str
    outcome: OutcomeView
    #: the board: the position replayed through the engine (None when the data is wrong) and what is lit
    position: "State | None"
    highlight: frozenset[Any]


class TutorialScreen(Observed[TutorialSnapshot]):
    """The tutorial screen: a :class:`Tutorial` and the snapshot of it after every change."""

    def __init__(self, tutorial: Tutorial | None = None, *, language: str | None = None,
                 example: str | None = None) -> None:
        super().__init__()
        self.tutorial = tutorial if tutorial is not None else Tutorial()
        if language is not None:
            self.tutorial.language = language
        if example is not None:
            self.tutorial.select(example)
        #: the part of a long step's narration being read (see :func:`text_parts`)
        self.part = 0

    def _parts(self) -> tuple[str, ...]:
        return tuple(part for _p, part in self._paragraph_parts())

    def _paragraph_parts(self) -> tuple[tuple[int, str], ...]:
        return paragraph_parts(self.tutorial.narration())

    @property
    def parts(self) -> int:
        """In how many parts the step's narration is read (1 for most steps)."""
        return len(self._parts())

    @property
    def lang(self) -> str:
        return self.tutorial.language

    # ------------------------------------------------------------------ what a reader does
    def next(self) -> None:
        """One step forward; at the end of an example, on to the next example."""
        t = self.tutorial
        if self.part + 1 < len(self._parts()):      # the rest of a long step's text first
            self.part += 1
            self._changed()
        elif t.next() or t.next_example():
            self.part = 0
            self._changed()

    def back(self) -> None:
        """One part or one step back (to the last part of the step before)."""
        if self.part > 0:
            self.part -= 1
            self._changed()
        elif self.tutorial.back():
            self.part = len(self._parts()) - 1
            self._changed()

    def restart(self) -> None:
        self.tutorial.restart()
        self.part = 0
        self._changed()

    def select(self, example_id: str) -> None:
        """Open an example at its scene (the one open: nothing changes)."""
        if example_id != self.tutorial.example.id:
            self.tutorial.select(example_id)
            self.part = 0
            self._changed()

    def set_language(self, lang: str) -> None:
        if lang != self.tutorial.language:
            self.tutorial.language = lang
            self.part = 0
            self._changed()

    # ------------------------------------------------------------------ the snapshot
    @property
    def snapshot(self) -> TutorialSnapshot:
        """What the tutorial shows now."""
        t = self.tutorial
        lang = t.language
        _ = translator(lang)
        last_example = t.example.id == t.example_ids[-1]
        told = self._paragraph_parts()          # (paragraph, part): the narration rendered once
        parts = tuple(text for _p, text in told)
        part = min(self.part, len(parts) - 1)
        more_parts = part + 1 < len(parts)
        progress = t.ui("scene") if t.index == 0 else t.ui("step_of", i=t.index, n=t.count)
        if len(parts) > 1:
            progress = _("{progress}, part {i} of {n}", progress=progress, i=part + 1, n=len(parts))
        try:
            state: "State | None"
            state, outcome = t.view()
        except TutorialError as exc:     # bad tutorial data: say so instead of failing silently
            state, view = None, OutcomeView(error=refusal_text(exc, lang))
        else:
            view = _outcome_view(t, outcome, state.edition)
            # a scoring told in parts: the board as the paragraph being read has told it (the step's
            # scenes), or else as it scores until the last part (the exhaustion and the next round
            # come with it), not the next round from the first part (issue 33)
            if t.step.scenes:
                scene = t.paragraph_scene(told[part][0])
            else:
                scene = t.scoring_scene() if more_parts else None
            if scene is not None:
                state = scene
        return TutorialSnapshot(
            lang=lang, screen_title=_("Dual Powers: Revolution 1917 · tutorial"),
            example_options=tuple((name, eid) for eid, name in t.short_titles()), example=t.example.id,
            example_label=t.ui("example"),
            language_options=tuple((language_name(k), k) for k in LANGUAGES), language_label=t.ui("language"),
            back_label=t.ui("back"), restart_label=t.ui("restart"),
            next_label=t.ui("next_example") if t.at_end and not last_example and not more_parts else t.ui("next"),
            can_back=not t.at_start or part > 0, can_restart=not t.at_start or part > 0,
            can_next=more_parts or not (t.at_end and last_example),
            title=t.title(), progress=progress,
            narration=parts[part] + (" …" if more_parts else ""), rules_label=t.ui("rules"),
            rules=tuple((r, t.rule_title(r)) for r in t.rules),
            rule_lines=tuple(t.ui("rule_title", id=escape(r), title=escape(t.rule_title(r))) for r in t.rules),
            source=t.ui("source", ref=t.source()),
            erratum=t.erratum() or "", erratum_label=t.ui("erratum"), erratum_here=t.erratum_here,
            more_rules_label=_("These rules in full, and the source"),
            erratum_summary=(_("{erratum}: it matters at this step", erratum=t.ui("erratum")) if t.erratum_here
                             else t.ui("erratum")),
            outcome=view, position=state, highlight=t.highlight if state is not None else frozenset())


def _refusal_line(outcome: Outcome, lang: str) -> str:
    """A refused try's reason in ``lang``, as a line of its own: it starts with a capital
    (the engine writes a reason to sit inside a sentence, "those units cost 4 ...")."""
    reason = refusal_text(outcome.refusal or outcome.error or "", lang)
    return reason[:1].upper() + reason[1:]


def outcome_lines(outcome: Outcome, lang: str) -> list[str]:
    """What the engine answered, one line per item, in ``lang`` (see :attr:`Outcome.lines`)."""
    _ = translator(lang)
    if outcome.kind == "action":
        return [event_text(e, lang) for e in outcome.events]
    if outcome.kind == "try":          # the engine's reason, written in ``lang`` (``lines`` is English)
        return [_refusal_line(outcome, lang)]
    if isinstance(outcome.result, Presence):
        p = outcome.result
        out = [_("{region}: Red {red} ({red_count}), White {white} ({white_count}).",
                 region=names.region(p.region, lang), red=p.strength["red"], white=p.strength["white"],
                 red_count=plural(TOKENS, p.tokens["red"]), white_count=plural(TOKENS, p.tokens["white"])),
               tables.presence_reason(p, lang)]
        if p.neutrals:
            out.append(tables.neutral_reason(p, lang))
        return out
    if isinstance(outcome.result, ObjectiveChoice):
        return objective_steps(outcome.result, lang)
    return outcome.lines


def _outcome_view(t: Tutorial, outcome: Outcome, edition: str) -> OutcomeView:
    """What the engine answered at this step, in the tutorial's language."""
    lang = t.language
    _ = translator(lang)
    edition_name = t.ui(f"edition_{edition}") if f"edition_{edition}" in t.data.ui else edition
    footer = t.ui("edition", name=edition_name)
    heading = _("What the engine says")
    if outcome.kind == "try":
        return OutcomeView(heading, refused=t.ui("refused"), reason=_refusal_line(outcome, lang), footer=footer)
    table: "Table | None" = None
    if isinstance(outcome.result, Presence):
        table = tables.presence_tokens_rows(outcome.result, lang)
    elif isinstance(outcome.result, ObjectiveChoice):
        table = tables.objective_rows(outcome.result, lang)
    lines = tuple(outcome_lines(outcome, lang)) if (table is not None or outcome.lines) else ()
    # the Opposition's choice of objective is a table of five columns, wider than the panel
    # (its words would break in the middle, or it would stick out): it goes under the board,
    # at the screen's whole width; every other outcome reads beside the board
    summary = _("{heading} (open to read it)", heading=heading)
    return OutcomeView(heading, summary=summary, table=table, lines=lines, footer=footer,
                       wide=isinstance(outcome.result, ObjectiveChoice))
