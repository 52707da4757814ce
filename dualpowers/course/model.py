"""The course as data: chapters of steps and exercises, loaded from ``course.json``.

A chapter explains on the board (steps: a position, a text, what to highlight,
the rules it shows) and ends with exercises.  Positions are partial positions
in the engine's JSON (docs/positions.md), optionally followed by actions the
engine applies.  Texts are English msgids of the ``course`` gettext domain.

An exercise never stores its answer: :meth:`Exercise.accepted` asks the engine
(see :mod:`dualpowers.course.goals`) and :meth:`Exercise.judge` explains a
wrong answer with the rule that decides it and what happened instead.
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import takewhile
from importlib import resources
from typing import Any, Mapping

from ..actions import Action, parse_action
from ..errors import DualPowersError, IllegalAction, Told, brief
from ..schema import check
from ..userfiles import THE_COURSE_FILE, read_json
from ..rules import rule as a_rule, rules as all_rules, ruling_summary
from ..scoring import objective_markers
from ..serialize import read_position
from ..state import Event, State
from .. import kinds as K
from . import goals as G
from ..text import Conjunction, Message, Name, render
from .text import DOMAIN, N_, side_name

__all__ = ["CourseError", "Step", "Exercise", "Chapter", "Verdict", "Demonstration", "Course", "load_course", "read_course", "parse_course",
           "DATA_FILE"]

DATA_FILE = "course.json"


class CourseError(Told, DualPowersError, ValueError):
    """The course data is malformed (the message names the chapter, item and field)."""


# ============================================================================ positions
def _position(raw: Any, positions: Mapping[str, Any], where: str,
              bases: tuple[str, ...] = ()) -> tuple[dict[str, Any], tuple[str, ...]]:
    """(partial position, actions) from a step's or exercise's ``position``/``actions`` fields."""
    if isinstance(raw, str):
        if raw not in positions:
            raise CourseError(f"{where}: unknown position name {brief(raw, 40)}")
        if raw in bases:
            raise CourseError(f"{where}: the position {brief(raw, 40)} is its own base "
                              f"({' -> '.join((*bases, raw))})")
        bases, raw = (*bases, raw), positions[raw]
    if not isinstance(raw, dict):
        raise CourseError(f"{where}: a position is a partial position object or a name")
    raw = copy.deepcopy(raw)
    base = raw.pop("base", None)
    actions: tuple[str, ...] = ()
    if base is not None:
        data, actions = _position(base, positions, where, bases)
        data = {**data, **raw}
    else:
        data = raw
    return data, actions


def _show_opposition_cards(data: dict[str, Any], question: Mapping[str, Any]) -> None:
    """A question about the Opposition's cards puts them on the board: its played cards,
    in order, drawn as cards in the board's bottom row like in a game (R-SOLO-OBJECTIVE)."""
    if question.get("kind") not in ("opposition_region", "opposition_card") or "cards" not in question or data.get("mode") != "solo":
        return
    solo = data.get("solo")
    opposition = "white" if (solo if isinstance(solo, dict) else {}).get("player", "red") == "red" else "red"
    played = data.setdefault("played", {})
    if isinstance(played, dict):
        played.setdefault(opposition, list(question["cards"]))


#: Where a step's story may stop (its ``until``): before the exhaustion (the objectives just
#: scored), before the cleanup (tokens just exhausted) or before the next round (cleanup done).
UNTIL_KINDS = ("exhaust", "cleanup", "round")
#: Where a step's list of what the engine did may start (its ``since``): at the objectives
#: revealed, the exhaustion, the cleanup or the next round (what came before is played, and
#: drawn, but not listed).
SINCE_KINDS = ("objective", *UNTIL_KINDS)


def _build(data: Mapping[str, Any], actions: tuple[str, ...], where: str,
           check_shape: bool = True, until: str | None = None,
           since: str | None = None) -> tuple[State, tuple[Event, ...]]:
    try:
        if "new_game" in data:      # a game just set up by the engine: {"new_game": {"mode": "solo", "seed": 3}}
            from ..setup import new_game
            s = new_game(**dict(data["new_game"]))
        else:
            s = read_position(State(), copy.deepcopy(dict(data)), check_shape=check_shape)
    except (DualPowersError, TypeError, ValueError) as exc:
        raise CourseError(f"{where}: the position is not valid: {exc}") from exc
    events: list[Event] = []
    for i, a in enumerate(actions):
        try:
            events = s.apply(a, boards=i == len(actions) - 1)    # each event with its board: the working it shows
        except DualPowersError as exc:
            raise CourseError(f"{where}: the engine refuses {a!r}: {exc}") from exc
    if until is not None:
        # the story stops before that part of the round, and the board shows it as it stood then
        told = _told_before(events, until)
        if told is None:
            raise CourseError(f"{where}: 'until' {until!r}: the last action's events have no such part "
                              f"to stop before")
        board = told[-1].board
        assert board is not None                # _told_before keeps a list whose last event has its board
        s, events = board.clone(), told
    if since is not None and not any(e.kind == since for e in events):
        raise CourseError(f"{where}: 'since' {since!r}: the events told have no such part to start at")
    return s, tuple(events)


def _told_before(events: list[Event], kind: str) -> list[Event] | None:
    """The events before the first of ``kind``, the last with its board; None when there is
    no event of that kind, none before it, or no board to show (applied without boards)."""
    told = list(takewhile(lambda e: e.kind != kind, events))
    if len(told) == len(events) or not told or told[-1].board is None:
        return None
    return told


# ============================================================================ verdict
@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of an answer.

    ``correct``; ``rule`` (the RULINGS ID that decides it); ``message`` (why it is right,
    or what happened instead, a course message); ``highlight`` (board elements that show
    it); ``result`` (the position after a legal action, else ``None``); ``also`` (further
    rules the message applies: the tie-break R-STR-2 of a tie won on tokens ...).
    """

    correct: bool
    rule: str
    message: Message
    highlight: tuple[Any, ...] = ()
    result: State | None = None
    legal: bool = True
    also: tuple[str, ...] = ()
    #: What the board shows after the answer, when not ``result``: an action that sets the
    #: scoring going is shown with its objectives just scored (before exhaustion and cleanup,
    #: which would show the next round), with ``markers`` where the scoring put them.
    scene: State | None = None
    markers: Mapping[int, str] | None = None
    #: after a refusal, what the same first click may do instead ("Here W3 may go to red or
    #: white."): a sentence of its own after the rule's reason
    instead: Message | None = None

    @property
    def shown(self) -> State | None:
        """The position the board draws after the answer."""
        return self.scene if self.scene is not None else self.result

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the verdict applies, the deciding one first (for rule badges)."""
        return tuple(dict.fromkeys((self.rule, *self.also)))

    def text(self, lang: str = "en") -> str:
        """Right / Not quite / Not allowed, and why, in ``lang`` (without the rule IDs)."""
        head = Message(N_("Right!"), domain=DOMAIN) if self.correct else (
            Message(N_("Not quite."), domain=DOMAIN) if self.legal else Message(N_("Not allowed."), domain=DOMAIN))
        why = self.sentence(lang)
        why = why[:1].upper() + why[1:]          # ("Not allowed. The blockade ...", not "... the blockade")
        return f"{render(head, lang)} {why}"

    def sentence(self, lang: str = "en") -> str:
        """Why, in ``lang``, ending as a sentence (the verdict line and Show me's "Why" alike)."""
        why = render(self.message, lang)
        # the engine's refusals are clauses, a verdict is sentences: a full stop, unless the text
        # ends with one already, if need be inside its closing quote or bracket ("… (R-CAL-4).")
        if why and why.rstrip("»)\"'\u00a0 ")[-1:] not in (".", "!", "?", "…"):
            why += "."
        if self.instead is not None:
            why += " " + render(self.instead, lang)
        return why

    def reason(self, lang: str = "en") -> str:
        """Why, in ``lang``, naming the rules: 'Not quite: ... (R-STR-1, R-STR-2)'."""
        body = self.text(lang)
        rules = [r for r in self.rules if f"({r})" not in body]
        return f"{body} ({', '.join(rules)})" if rules else body


@dataclass(frozen=True)
class Demonstration:
    """What Show me puts on the board: one accepted answer played (or, for a question, its
    answer marked), the position after it, what changed, and why it is right.

    ``answer`` is the action played (action exercises) or the choice value; ``before`` the
    exercise's position (to describe the action in); ``position`` what the board shows;
    ``highlight`` what changed and what the answer refers to; ``verdict`` the engine's
    judgement of that answer (its message says why, its rules are badges);
    ``alternatives`` how many other answers the engine also accepts.
    """

    kind: str
    answer: Any
    before: State
    position: State
    highlight: tuple[Any, ...]
    verdict: Verdict
    alternatives: int = 0


# ============================================================================ rulings and listed names
def rulings_note(ids: tuple[str, ...], detail: bool = True, brief: tuple[str, ...] = ()) -> tuple[Message, ...]:
    """What a learner reads beside an item that teaches a point of this project rather than of
    the rulebooks: each ruling (RULINGS.md "(ruling)", rules.toml ``ruling``) or engine decision,
    with the part that is ours, one sentence each (none when the item teaches none).
    An exercise gets the short form (``detail=False``): what the ruling says would give its answer away.
    ``brief``: the rules told as the item's badges tell them (rules.toml ``brief``)."""
    parts = []
    for rid in ids:
        if not detail:
            msgid = (N_("{id} is a decision of this project where the rulebooks say nothing.") if a_rule(rid).engine
                     else N_("{id} is this project's ruling, not the rulebooks' text."))
        else:
            msgid = (N_("{id} is a decision of this project where the rulebooks say nothing: {what}")
                     if a_rule(rid).engine else
                     N_("{id} is this project's ruling, not the rulebooks' text: {what}"))
        parts.append(Message(msgid, domain=DOMAIN, id=rid, what=ruling_summary(rid, rid in brief)))
    return tuple(parts)


#: The fields a step's text may hold, filled from the components of its position (C-LEAD):
#: a list of leaders written from the data, never typed into the text.
def _leaders_of(comp: Any, field_name: str) -> tuple[str, ...]:
    leaders = comp.leaders
    if field_name in ("red_leaders", "white_leaders"):
        return tuple(i for i, l in leaders.items() if l.faction == field_name.split("_")[0])
    if field_name in ("inspire_leaders", "espionage_leaders", "protest_leaders"):
        return tuple(i for i, l in leaders.items() if l.special == field_name.split("_")[0])
    if field_name == "rulebook_leaders":      # the names the rulebooks print (components.toml source)
        return tuple(i for i in leaders if comp.sources.get(f"leader {i}", "").startswith("rulebook"))
    raise KeyError(field_name)


LIST_FIELDS = ("red_leaders", "white_leaders", "inspire_leaders", "espionage_leaders", "protest_leaders",
               "rulebook_leaders")


def _fields(text: str) -> tuple[str, ...]:
    import string
    return tuple(f for _, f, _, _ in string.Formatter().parse(text) if f)


# ============================================================================ steps and exercises
@dataclass(frozen=True)
class Step:
    """One explanation on the board: a position, a text, highlights and the rules it shows."""

    chapter: str
    index: int
    text_id: str
    rules: tuple[str, ...]
    highlight: tuple[Any, ...]
    _data: Mapping[str, Any] = field(repr=False, compare=False)
    _actions: tuple[str, ...] = ()
    #: Data of a course read with ``verify=False`` (the packaged course): its position skips the
    #: schema pass (the tests check course.json against its schema), never the rules.
    _packaged: bool = field(default=False, repr=False, compare=False)
    #: The game words this step explains: ids of the course's ``terms`` (and the leaders it lists).
    declared_terms: tuple[str, ...] = ()
    #: The rules of ``rules`` whose point taught here is this project's ruling or decision.
    rulings: tuple[str, ...] = ()
    #: Draw the objective markers where this position's scoring places them (``scoring_markers``).
    shows_markers: bool = False
    #: The story of the step's last action stops before this part of the round (``until``, one
    #: of :data:`UNTIL_KINDS`); its board is the position at that moment.
    until: str | None = None
    #: The list of what the engine did starts at this part of the round (``since``, one of
    #: :data:`SINCE_KINDS`): a step about the start of a round lists no scoring.
    since: str | None = None
    #: A remark for the curious reader (``aside``, a msgid; "" when none): where this project
    #: stands in for what the rulebooks do not print.  The widget keeps it behind a disclosure,
    #: out of the step's text.
    aside_id: str = ""
    #: The rules of ``rules`` whose badge tells them briefly (rules.toml ``brief``): the rest of the
    #: rule names what a later step explains (issue 33: E-FR's unrest points in chapter 1).
    brief: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        """The step's text; a list of leaders in it (``{red_leaders}`` ...) comes from the components."""
        return self._written(self.text_id, lang)

    def aside(self, lang: str = "en") -> str:
        """The step's remark for the curious reader, written like its text ("" when it has none)."""
        return self._written(self.aside_id, lang) if self.aside_id else ""

    def _written(self, msgid: str, lang: str) -> str:
        comp = self.position.comp if _fields(msgid) else None
        params: dict[str, Any] = {f: Conjunction(Name("token", i) for i in _leaders_of(comp, f)) for f in _fields(msgid)}
        return render(Message(msgid, domain=DOMAIN, **params), lang)

    @property
    def introduces(self) -> tuple[str, ...]:
        """The terms this step explains: those it declares and the leaders its text lists."""
        listed = [i for f in _fields(self.text_id) for i in _leaders_of(self.position.comp, f)]
        return tuple(dict.fromkeys((*self.declared_terms, *listed)))

    def rulings_note(self, lang: str = "en") -> str:
        """Which of its points are this project's rulings, not the rulebooks' ("" when none)."""
        return " ".join(render(note, lang) for note in rulings_note(self.rulings, brief=self.brief))

    @property
    def position(self) -> State:
        return self._built()[0].clone()

    @property
    def events(self) -> tuple[Event, ...]:
        """What the engine said when it applied the step's last action (up to ``until``)."""
        return self._built()[1]

    @property
    def listed(self) -> tuple[Event, ...]:
        """The events the step lists: from its ``since`` on.  The rest still counts for what
        the board shows (the objective markers a scoring placed before it)."""
        events = self.events
        if self.since is None:
            return events
        return events[next(i for i, e in enumerate(events) if e.kind == self.since):]

    def _built(self) -> tuple[State, tuple[Event, ...]]:
        return _cached_build(self.chapter, f"step {self.index + 1}", json.dumps(self._data, sort_keys=True),
                             self._actions, self._packaged, self.until, self.since)

    @property
    def markers(self) -> dict[int, str] | None:
        """The objective markers to draw (number -> region), None: as the position implies.

        A step that explains the markers shows all three where the engine puts them: the
        scoring is played on a copy (the unrest winner declining) up to the exhaustion, and
        read by :func:`dualpowers.scoring.objective_markers`."""
        if self.until is not None:         # a scoring told up to a moment: its markers then
            return objective_markers(self.events)
        if not self.shows_markers:
            return None
        return _scoring_markers(self.chapter, self.index, self.position)


@lru_cache(maxsize=64)
def _scoring_markers(chapter: str, index: int, position: State) -> dict[int, str]:
    where = f"chapter {chapter}, step {index + 1}"
    if position.step != "unrest":
        raise CourseError(f"{where}: 'scoring_markers' needs a position where the unrest winner decides "
                          f"(turn.step 'unrest'), not {position.step!r}")
    events = position.clone().apply("pass", boards=True)      # (the position is the cache's key: kept intact)
    told = list(takewhile(lambda e: e.kind not in ("exhaust", "cleanup", "round", "end"), events))
    return objective_markers(told)


@lru_cache(maxsize=512)
def _cached_build(chapter: str, where: str, data: str, actions: tuple[str, ...],
                  packaged: bool = False, until: str | None = None,
                  since: str | None = None) -> tuple[State, tuple[Event, ...]]:
    return _build(json.loads(data), actions, f"chapter {chapter}, {where}", check_shape=not packaged, until=until,
                  since=since)


@dataclass(frozen=True)
class Exercise:
    """A position and a goal; the engine decides which answers reach it.

    ``kind`` is ``"action"`` (answer: an action of the player to act) or ``"choice"``
    (answer: one of :attr:`choices`).
    """

    id: str
    chapter: str
    kind: str
    prompt_id: str
    hint_id: str
    rules: tuple[str, ...]
    highlight: tuple[Any, ...]
    goal: Mapping[str, Any] | None          # action exercises
    question: Mapping[str, Any] | None      # choice exercises
    choices: tuple[str, ...]
    answer_type: str
    _data: Mapping[str, Any] = field(repr=False, compare=False)
    _actions: tuple[str, ...] = ()
    #: Data of a course read with ``verify=False`` (the packaged course): its position skips the
    #: schema pass (the tests check course.json against its schema), never the rules.
    _packaged: bool = field(default=False, repr=False, compare=False)
    #: The rules of ``rules`` whose point this exercise turns on is this project's ruling or decision.
    rulings: tuple[str, ...] = ()
    #: The rules whose badge tells them briefly, as a step's ``brief``.
    brief: tuple[str, ...] = ()

    # ------------------------------------------------------------------ texts
    def rulings_note(self, lang: str = "en") -> str:
        """Which of its points are this project's rulings, not the rulebooks' ("" when none)."""
        return " ".join(render(note, lang) for note in rulings_note(self.rulings, detail=False, brief=self.brief))

    def prompt(self, lang: str = "en") -> str:
        return render(Message(self.prompt_id, domain=DOMAIN), lang)

    def hint(self, lang: str = "en") -> str:
        return render(Message(self.hint_id, domain=DOMAIN), lang)

    def choice_label(self, value: str, lang: str = "en") -> str:
        return render(G.choice_label(self.answer_type, value), lang)

    # ------------------------------------------------------------------ the position
    @property
    def position(self) -> State:
        """A fresh copy of the exercise's position (a :class:`~dualpowers.State`)."""
        return _cached_build(self.chapter, f"exercise {self.id}", json.dumps(self._data, sort_keys=True),
                             self._actions, self._packaged)[0].clone()

    @property
    def actor(self) -> str | None:
        return self.position.to_act

    # ------------------------------------------------------------------ answers
    def accepted(self) -> list[Any]:
        """Every answer the engine accepts: legal actions reaching the goal, or the right choice(s)."""
        s = self.position
        if self.kind == "choice":
            assert self.question is not None
            return [G.question_answer(self.question, s)]
        assert self.goal is not None
        actor = s.to_act
        if actor is None:
            return []
        now, later = [], []            # an action that meets the goal at once comes first (Show me)
        for a in s.legal_actions():
            t = s.clone()
            t.apply(a)
            if G.goal_met(self.goal, s, t, actor):
                now.append(a)
            elif G.goal_later(self.goal, s, t, actor) is not None:
                later.append(a)
        return now + later

    def judge(self, answer: Any) -> Verdict:
        """The engine's verdict on an answer (an action, its text, or a choice value). Never raises."""
        s = self.position
        if self.kind == "choice":
            return self._judge_choice(s, answer)
        return self._judge_action(s, answer)

    def demonstrate(self) -> Demonstration:
        """Show me: the first accepted answer played on the exercise's position."""
        s = self.position
        acc = self.accepted()
        if not acc:
            raise ValueError(f"exercise {self.id}: no answer reaches the goal")
        if self.kind == "choice":
            assert self.question is not None
            value = acc[0]
            try:
                shown = G.shown_position(self.question, s)
            except DualPowersError:
                shown = s
            v = self.judge(value)
            hl = G.changes(s, shown) + G.answer_marks(self.question, s, shown, value)
            return Demonstration("choice", value, s, shown, tuple(dict.fromkeys(hl)), v, len(acc) - 1)
        v = self.judge(acc[0])
        assert v.shown is not None
        played = v.shown
        hl = _safe_highlight(s, acc[0]) + G.changes(s, played)
        return Demonstration("action", acc[0], s, played, tuple(dict.fromkeys(_drawable(played, hl))), v,
                             len(acc) - 1)

    def opening_highlight(self) -> tuple[Any, ...]:
        """What the board lights before the answer: the exercise's highlight without what
        would point at the answer (the Will box for "who holds the Will?")."""
        if self.kind != "choice" or self.question is None:
            return tuple(self.highlight)
        from ..drawing.board import normalize_highlight
        s = self.position
        away = G.gives_away(self.question, s)
        return tuple(h for h in self.highlight if not (normalize_highlight(s, [h]) & away))

    def concealed(self) -> tuple[str, ...]:
        """Regions whose strength plates would answer the question: hidden until answered."""
        if self.kind != "choice" or self.question is None:
            return ()
        return G.concealed_strengths(self.question, self.position)

    def show(self) -> tuple[Any, ...]:
        """What to highlight to show an accepted answer (Show me)."""
        s = self.position
        acc = self.accepted()
        if self.kind == "choice":
            assert self.question is not None
            q = G.QUESTIONS[self.question["kind"]]
            return tuple(self.highlight) + tuple(q.highlight(s, self.question))
        if not acc:
            return tuple(self.highlight)
        return G.action_highlight(s, acc[0]) + G.goal_highlight(self.goal or {"kind": "all", "goals": []})

    def show_text(self, lang: str = "en") -> str:
        """The accepted answer in words (for Show me)."""
        acc = self.accepted()
        if self.kind == "choice":
            return self.choice_label(acc[0], lang)
        return "; ".join(str(a) for a in acc)

    # ------------------------------------------------------------------ internals
    def _rule(self) -> str:
        if self.kind == "choice":
            assert self.question is not None
            return str(self.question.get("rule", G.QUESTIONS[self.question["kind"]].rule))
        assert self.goal is not None
        return self.rules[0]

    def _judge_choice(self, s: State, answer: Any) -> Verdict:
        assert self.question is not None
        q = G.QUESTIONS[self.question["kind"]]
        right = G.question_answer(self.question, s)
        why = q.explain(s, self.question)
        hl = tuple(self.highlight) + tuple(q.highlight(s, self.question))
        value = str(answer)
        if value not in self.choices:
            return Verdict(False, self._rule(), Message(N_("Choose one of the answers offered."), domain=DOMAIN), hl,
                           legal=False)
        if value != right:
            # a wrong try is told which rule decides (the exercise's pointer to it, its badges), not
            # the answer: "Not quite. Trotsky is waiting by the calendar" left Try again nothing to
            # try (issue 33).  The answer and its reason come with the right answer or Show me, as
            # an action exercise's do; the board keeps what would give it away hidden.
            return Verdict(False, self._rule(), Message(
                N_("“{answer}” is not the answer. {hint}"), domain=DOMAIN,
                answer=G.choice_label(self.answer_type, value), hint=Message(self.hint_id, domain=DOMAIN)),
                self.opening_highlight(), also=(*G.question_rules(self.question, s), *_cited(why)))
        return Verdict(True, self._rule(), why, hl, also=G.question_rules(self.question, s))

    def _judge_action(self, s: State, answer: Any) -> Verdict:
        assert self.goal is not None
        try:
            action: Action = parse_action(answer, s.comp) if isinstance(answer, str) else answer
        except IllegalAction as exc:
            return Verdict(False, self._rule(), Message(N_("The engine cannot read this action: {why}"),
                                                        domain=DOMAIN, why=str(exc)),
                           self.highlight, legal=False)
        actor = s.to_act
        t = s.clone()
        try:
            events = t.apply(action, boards=True)
        except IllegalAction as exc:     # the engine's reason and rule, as data
            hl = _safe_highlight(s, action) + tuple(self.highlight)
            told = G.refused_in_words(s, action, exc)
            reason = told if isinstance(told, Message) else Message(N_("The rules do not allow it — {why}"),
                                                                    domain=DOMAIN, why=told)
            return Verdict(False, exc.rule or self._rule(), reason, hl, legal=False, instead=G.elsewhere(s, action))
        except Exception as exc:  # noqa: BLE001 - a malformed action object must not reach the learner as a traceback
            return Verdict(False, self._rule(), Message(N_("The rules do not allow it — {why}"), domain=DOMAIN,
                                                        why=str(exc)),
                           tuple(self.highlight), legal=False)
        assert actor is not None
        hl = _safe_highlight(s, action) + G.goal_highlight(self.goal)
        scene, markers = _scoring_scene(events)
        if G.goal_met(self.goal, s, t, actor):
            why, rules = G.goal_because(self.goal, s, t, actor)
            return Verdict(True, self.rules[0], _with_action(why, events, actor), hl, t, also=rules, scene=scene,
                           markers=markers)
        later = G.goal_later(self.goal, s, t, actor)
        if later is not None:            # the first half of a turn that reaches it (recruit, then Inspire)
            then = K.kind_of(later).sentence(t, later)
            return Verdict(True, K.kind_of(later).rule, Message(G._reasoned(N_(
                "That is a start: the turn goes on, and its next action reaches the goal: {then}.")),
                domain=DOMAIN, then=then), hl, t,
                           scene=scene, markers=markers)
        instead, rule = G.goal_instead(self.goal, s, t, actor)
        return Verdict(False, rule, _with_action(instead, events, actor), hl, t, also=G.goal_instead_rules(self.goal, s, t, actor), scene=scene,
                       markers=markers)


def _cited(message: Message) -> tuple[str, ...]:
    """The rules an explanation cites in its text ("... moves on to 31 (R-CAL-3)"), in order: a
    wrong try is given them as badges, without the explanation that gives the answer away."""
    known = {r.id for r in all_rules()}
    return tuple(dict.fromkeys(r for r in re.findall(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b", render(message, "en"))
                               if r in known))


#: What a learner's action did that says why a goal is met or not, in the engine's words: not the
#: card played or the phase begun (the answer itself), but the action's effect.
_NOT_A_REASON = ("phase", "play", "date")


def _with_action(told: Message, events: list[Event], actor: str) -> Message:
    """A goal's verdict that only states the result ("Kerensky is in blue.") gets its reason:
    what the learner's action did, as the engine said it ("White moves Kerensky to blue."), or
    that it did nothing (a pass that ends the turn tells no event)."""
    if G.has_reason(told):
        return told
    did = [e.message for e in events if e.kind not in _NOT_A_REASON]
    if did:
        return G.because(told, did[0])
    return G.because(told, Message(N_("{side} ends the turn and does nothing more."), domain=DOMAIN,
                                   side=side_name(actor)))


def _scoring_scene(events: list[Event]) -> tuple[State | None, dict[int, str] | None]:
    """(board, objective markers) just after an action's scoring scored the objectives, before
    the exhaustion (R-SCO-EXHAUST) and the cleanup that starts the next round; (None, None)
    when the action set no scoring going, or the game ended in it."""
    told = _told_before(events, "exhaust")
    if told is None:
        return None, None
    return told[-1].board, objective_markers(told)


def _drawable(s: State, items: tuple[Any, ...]) -> tuple[Any, ...]:
    """The items of a highlight this board can draw (a token in a reserve has no place on it)."""
    from ..drawing.board import normalize_highlight
    keep = []
    for item in items:
        try:
            normalize_highlight(s, [item])
        except ValueError:
            continue
        keep.append(item)
    return tuple(keep)


def _safe_highlight(s: State, action: Any) -> tuple[Any, ...]:
    try:
        return G.action_highlight(s, action)
    except Exception:  # noqa: BLE001 - highlighting is a courtesy, never an error
        return ()


@dataclass(frozen=True)
class Chapter:
    """A chapter: its steps (explanations), its exercises, and the rulebook examples A–H on the same rules."""

    id: str
    title_id: str
    intro_id: str
    steps: tuple[Step, ...]
    exercises: tuple[Exercise, ...]
    examples: tuple[str, ...]

    def title(self, lang: str = "en") -> str:
        return render(Message(self.title_id, domain=DOMAIN), lang)

    def intro(self, lang: str = "en") -> str:
        return render(Message(self.intro_id, domain=DOMAIN), lang)

    @property
    def rules(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        items: tuple[Step | Exercise, ...] = (*self.steps, *self.exercises)
        for item in items:
            for r in item.rules:
                seen.setdefault(r, None)
        return tuple(seen)


# ============================================================================ loading
def _highlight(value: Any, where: str) -> tuple[Any, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise CourseError(f"{where}: highlight must be a list")
    return tuple(tuple(x) if isinstance(x, list) else x for x in value)


def _rules(value: Any, where: str, known: set[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise CourseError(f"{where}: 'rules' must list at least one rule ID")
    bad = [r for r in value if r not in known]
    if bad:
        raise CourseError(f"{where}: unknown rule ID(s) {', '.join(map(str, bad))}")
    return tuple(value)


def _ids(value: Any, where: str, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CourseError(f"{where}: '{key}' must be a list of ids")
    return tuple(value)


def _introduces(value: Any, where: str, words: set[str]) -> tuple[str, ...]:
    ids = _ids(value, where, "introduces")
    bad = [i for i in ids if i not in words]
    if bad:
        raise CourseError(f"{where}: 'introduces' names {bad[0]!r}, which is neither one of the course's "
                          "'terms' nor a leader token")
    return ids


def _rulings(value: Any, item_rules: tuple[str, ...], where: str) -> tuple[str, ...]:
    """The item's rulings: those it names (a rule of its ``rules`` with a ruling part, whose ruling
    it teaches) and every rule of its ``rules`` that is wholly this project's (rules.toml)."""
    named = _ids(value, where, "rulings")
    for rid in named:
        if rid not in item_rules:
            raise CourseError(f"{where}: 'rulings' names {rid}, which is not among its 'rules'")
        if not a_rule(rid).ours:
            raise CourseError(f"{where}: 'rulings' names {rid}, which is the rulebooks' rule, not a ruling")
    return tuple(r for r in item_rules if r in named or a_rule(r).wholly_ours)


def _brief(value: Any, item_rules: tuple[str, ...], where: str) -> tuple[str, ...]:
    """The item's rules told briefly: each among its ``rules``, each with a ``brief`` in rules.toml."""
    named = _ids(value, where, "brief")
    for rid in named:
        if rid not in item_rules:
            raise CourseError(f"{where}: 'brief' names {rid}, which is not among its 'rules'")
        if not a_rule(rid).brief:
            raise CourseError(f"{where}: 'brief' names {rid}, which has no brief form in rules.toml")
    return named


def _text(raw: Mapping[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CourseError(f"{where}: '{key}' must be a non-empty text")
    return value


@dataclass(frozen=True)
class Course:
    chapters: tuple[Chapter, ...]
    ui: Mapping[str, str]
    #: The course's game words: term id -> regular expression finding it in an English text.
    terms: Mapping[str, str] = field(default_factory=dict)

    def chapter(self, chapter_id: str) -> Chapter:
        for c in self.chapters:
            if c.id == chapter_id:
                return c
        raise KeyError(f"no chapter {chapter_id!r} (chapters: {', '.join(c.id for c in self.chapters)})")

    def exercise(self, exercise_id: str) -> Exercise:
        for c in self.chapters:
            for e in c.exercises:
                if e.id == exercise_id:
                    return e
        raise KeyError(f"no exercise {exercise_id!r}")

    def terms_in(self, text: str) -> frozenset[str]:
        """The course's game words an English ``text`` uses (term ids)."""
        return frozenset(tid for tid, rx in self.terms.items() if re.search(rx, text))

    def taught_before(self, chapter_id: str, kind: str, index: int) -> frozenset[str]:
        """The terms the steps before this item introduce, in course order (a chapter's steps,
        then its exercises): what a learner at the item may be told without explanation."""
        taught: set[str] = set()
        for ch in self.chapters:
            for st in ch.steps:
                if ch.id == chapter_id and kind == "step" and st.index >= index:
                    return frozenset(taught)
                taught |= set(st.introduces)
            if ch.id == chapter_id:
                break
        return frozenset(taught)


def parse_course(raw: Mapping[str, Any], *, verify: bool = True) -> Course:
    """Check and read course data (the structure of ``course.json``); raises :class:`CourseError`.

    The data's shape is checked against ``docs/schema/course.json`` (the message names the
    field), then its sense; then every position is built and every exercise asked of the
    engine (its accepted answers, its question's answer among the choices, every label
    and highlight), so that accepted data is a course that can be shown.  ``verify=False``
    skips the schema and the engine (the packaged course: the tests check it, and a
    notebook is spared the seconds it takes), and later the schema pass of each position
    built for a step or an exercise (the rules still check it): no jsonschema import.
    """
    if not isinstance(raw, Mapping) or raw.get("format") != "dualpowers/course":
        raise CourseError("not a course file: 'format' must be 'dualpowers/course'")
    if verify:
        check(dict(raw), "course", CourseError)
    known = {r.id for r in all_rules()}
    positions = raw.get("positions", {})
    terms = raw.get("terms", {})
    if not isinstance(terms, dict) or not all(isinstance(v, str) for v in terms.values()):
        raise CourseError("'terms' maps a term id to a regular expression")
    from ..components import default_components
    comp = default_components()
    words = {*terms, *comp.leaders, comp.trotsky_neutral, comp.trotsky_red}   # what a step may introduce
    chapters = []
    seen_ex: set[str] = set()
    for ci, c in enumerate(raw.get("chapters", [])):
        cid = c.get("id")
        if not isinstance(cid, str):
            raise CourseError(f"chapter {ci + 1}: 'id' must be a text")
        where = f"chapter {cid}"
        steps = []
        for si, st in enumerate(c.get("steps", [])):
            w = f"{where}, step {si + 1}"
            data, base_actions = _position(st.get("position"), positions, w)
            actions = base_actions + tuple(st.get("actions", ()))
            text = _text(st, "text", w)
            aside = _text(st, "aside", w) if "aside" in st else ""
            bad = [f for f in (*_fields(text), *_fields(aside)) if f not in LIST_FIELDS]
            if bad:
                raise CourseError(f"{w}: the text names {{{bad[0]}}}; a step's text may list "
                                  f"{', '.join('{' + f + '}' for f in LIST_FIELDS)}")
            step_rules = _rules(st.get("rules"), w, known)
            shows_markers = st.get("scoring_markers", False)
            if not isinstance(shows_markers, bool):
                raise CourseError(f"{w}: 'scoring_markers' must be true or false")
            until = st.get("until")
            if until is not None and until not in UNTIL_KINDS:
                raise CourseError(f"{w}: 'until' must be one of {', '.join(UNTIL_KINDS)}")
            if until is not None and not actions:
                raise CourseError(f"{w}: 'until' needs an action whose story it cuts")
            since = st.get("since")
            if since is not None and since not in SINCE_KINDS:
                raise CourseError(f"{w}: 'since' must be one of {', '.join(SINCE_KINDS)}")
            if since is not None and not actions:
                raise CourseError(f"{w}: 'since' needs an action whose story it cuts")
            steps.append(Step(cid, si, text, step_rules, _highlight(st.get("highlight"), w), data, actions,
                              not verify, _introduces(st.get("introduces"), w, words),
                              _rulings(st.get("rulings"), step_rules, w), shows_markers, until, since,
                              aside_id=aside, brief=_brief(st.get("brief"), step_rules, w)))
        exercises = []
        for ei, ex in enumerate(c.get("exercises", [])):
            eid = ex.get("id") or f"{cid}-{ei + 1}"
            w = f"{where}, exercise {eid}"
            if eid in seen_ex:
                raise CourseError(f"{w}: duplicate exercise id")
            seen_ex.add(eid)
            kind = ex.get("kind")
            data, base_actions = _position(ex.get("position"), positions, w)
            actions = base_actions + tuple(ex.get("actions", ()))
            goal = question = None
            choices: tuple[str, ...] = ()
            answer_type = ""
            if kind == "action":
                goal = ex.get("goal")
                _check_goal(goal, w)
            elif kind == "choice":
                question = ex.get("question")
                if not isinstance(question, dict) or question.get("kind") not in G.QUESTIONS:
                    raise CourseError(f"{w}: 'question.kind' must be one of {', '.join(G.QUESTIONS)}")
                choices = tuple(str(x) for x in ex.get("choices", ()))
                if len(choices) < 2:
                    raise CourseError(f"{w}: a choice exercise offers at least two 'choices'")
                _show_opposition_cards(data, question)
                answer_type = ex.get("answer_type", G.QUESTIONS[question["kind"]].answer_type)
                if answer_type not in G.ANSWER_TYPES:
                    raise CourseError(f"{w}: unknown answer_type {answer_type!r}")
            else:
                raise CourseError(f"{w}: 'kind' must be 'action' or 'choice', not {kind!r}")
            ex_rules = _rules(ex.get("rules"), w, known)
            exercises.append(Exercise(
                eid, cid, kind, _text(ex, "prompt", w), _text(ex, "hint", w), ex_rules,
                _highlight(ex.get("highlight"), w), goal, question, choices, answer_type, data, actions,
                not verify, _rulings(ex.get("rulings"), ex_rules, w), _brief(ex.get("brief"), ex_rules, w)))
        examples = tuple(c.get("examples", ()))
        if any(e not in "ABCDEFGH" or len(e) != 1 for e in examples):
            raise CourseError(f"{where}: 'examples' lists rulebook examples A to H")
        chapters.append(Chapter(cid, _text(c, "title", where), _text(c, "intro", where), tuple(steps),
                                tuple(exercises), examples))
    if not chapters:
        raise CourseError("the course has no chapter")
    course = Course(tuple(chapters), dict(raw.get("ui", {})), dict(terms))
    if verify:
        _verify(course)
    return course


#: What the engine may raise when course data asks it something the data got wrong (an unknown
#: token in a goal, a question about a card that is not there ...): the course is then refused.
_DATA_FAULTS = (DualPowersError, KeyError, ValueError, TypeError, IndexError, AttributeError)


def _verify(course: Course) -> None:
    """Build every position and ask the engine every exercise, as the widget will."""
    from ..drawing.board import normalize_highlight
    from ..i18n import LANGUAGES

    for c in course.chapters:
        for i, st in enumerate(c.steps):
            where = f"chapter {c.id}, step {i + 1}"
            try:
                normalize_highlight(st.position, list(st.highlight))
                for lang in LANGUAGES:
                    st.text(lang)
            except _DATA_FAULTS as exc:
                raise CourseError(f"{where}: {brief(str(exc), 200)}") from None
        for ex in c.exercises:
            where = f"chapter {c.id}, exercise {ex.id}"
            try:
                s = ex.position
                accepted = ex.accepted()
                normalize_highlight(s, list(ex.show()))
                shown = ex.demonstrate() if accepted else None
                if shown is not None:
                    normalize_highlight(shown.position, list(shown.highlight))
                    for lang in LANGUAGES:
                        shown.verdict.reason(lang)
                normalize_highlight(s, list(ex.highlight))
                for lang in LANGUAGES:
                    ex.prompt(lang), ex.hint(lang)
                    for value in ex.choices:
                        ex.choice_label(value, lang)
                if ex.kind == "choice":
                    assert ex.question is not None
                    render(G.QUESTIONS[ex.question["kind"]].explain(s, ex.question), lang)
                    for value in ex.choices:
                        ex.judge(value).reason()
                elif accepted:
                    ex.judge(accepted[0]).reason()
            except _DATA_FAULTS as exc:
                raise CourseError(f"{where}: the engine cannot answer it: {brief(str(exc), 200)}") from None
            if not accepted:
                raise CourseError(f"{where}: no answer reaches the goal in this position")
            if ex.kind == "choice" and accepted[0] not in ex.choices:
                raise CourseError(f"{where}: the engine's answer {brief(accepted[0], 40)} is not among the choices")


def _check_goal(goal: Any, where: str) -> None:
    if not isinstance(goal, dict):
        raise CourseError(f"{where}: 'goal' must be an object")
    if goal.get("kind") == "all":
        for g in goal.get("goals", []):
            _check_goal(g, where)
        return
    if goal.get("kind") not in G.GOALS:
        raise CourseError(f"{where}: 'goal.kind' must be one of {', '.join(G.GOALS)}, not {goal.get('kind')!r}")


@lru_cache(maxsize=1)
def load_course() -> Course:
    """The course shipped with the package (checked by the tests, not at each start)."""
    text = resources.files("dualpowers.course").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return parse_course(json.loads(text), verify=False)


def read_course(path: str | os.PathLike[str]) -> Course:
    """A course from a user's file of the shape of ``course.json``: read through
    :mod:`dualpowers.userfiles`, then :func:`parse_course` (schema, sense, engine)."""
    return parse_course(read_json(path, CourseError, THE_COURSE_FILE))
