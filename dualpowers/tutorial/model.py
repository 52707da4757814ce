"""The rulebook examples A-H as a step-by-step tutorial (pure Python, no Jupyter).

The examples live as data in ``examples.json`` next to this module: for each
one a starting position (a partial position, see :mod:`dualpowers.serialize`),
a title per language, an optional erratum note, and a list of steps.  A step is

* ``"action"``: an action in its text form (``"play purple-4"``), applied to the
  position through the engine;
* ``"try"``: an action the engine must refuse (:class:`~dualpowers.IllegalAction`);
  the refusal's reason is the step's outcome and the position does not change;
* ``"query"``: a question asked of the engine without changing the position:
  ``{"presence": REGION}`` (:func:`~dualpowers.force_in_presence`) or
  ``{"opposition_objective": [card, ...]}`` / ``{"opposition_objective": "played"}``
  (:func:`~dualpowers.opposition_objective`, on a list of cards or on the cards the
  solo Opposition has played in the current position).

Every step has a narration in English, French and Italian (``en``, ``fr``,
``it``), the IDs of the rules it illustrates (RULINGS.md), what the board should
highlight, and an ``expect`` block stating the result the engine must give
(:meth:`Tutorial.verify` checks it).  An action that sets a scoring going may tell it
in paragraphs (a blank line between them) with ``"scenes"``: for each paragraph, the
kind of the last event it tells (``"unrest"``, ``"score"``, ``"exhaust"`` ...), so that
the board shows what the text has told (:meth:`Tutorial.paragraph_scene`); every
``{name}`` in a text is one of the example's ``names``.

:class:`Tutorial` never stores positions: the position shown at a step is
always recomputed by replaying the example's actions from its start position
through the engine, so what you see is what the rules engine does.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from importlib import resources
from itertools import takewhile
from typing import Any, Iterable, Mapping, Sequence

from ..actions import parse_action
from ..errors import DualPowersError, IllegalAction, Told, brief
from ..opposition import ObjectiveChoice, opposition_objective
from ..presence import Presence, force_in_presence
from ..i18n import N_, check_language, current_language, placeholders
from ..rules import rules as all_rules
from ..rules import summary as rule_summary
from ..text import NN_, Message, plural, render, translator
from ..schema import check
from ..userfiles import THE_TUTORIAL_FILE, named, read_json
from ..serialize import read_position
from ..state import Event, State

__all__ = [
    "MARKERS", "STEP_KINDS", "TutorialError", "Step", "Example", "Outcome", "TutorialData", "load_examples",
    "Tutorial", "DOMAIN", "paragraphs",
]

#: The gettext domain of the examples' texts (``dualpowers/locale/<lang>/LC_MESSAGES/tutorial.po``).
DOMAIN = "tutorial"
#: Highlight items that are neither regions, tokens, cards nor connections.
MARKERS = frozenset({"date", "will", "score", "unrest", "blockade"})
STEP_KINDS = ("action", "try", "query")
#: The tutorial's interface texts (buttons, headings), by key: English msgids of the
#: ``dualpowers`` catalogs, translated with :mod:`dualpowers.i18n` (docs/translating.md).
UI: dict[str, str] = {
    "next": N_("Next ▶"),
    "back": N_("◀ Back"),
    "restart": N_("⟲ Restart"),
    "next_example": N_("Next example ▶▶"),
    "example": N_("Example"),
    "language": N_("Language"),
    "scene": N_("The scene"),
    "step_of": N_("Step {i} of {n}"),
    "rules": N_("Rules:"),
    "rule_title": N_("<b>{id}</b>: {title}"),   # a rule's ID and its title, the fields already HTML-escaped
    "erratum": N_("Erratum in the rulebook"),
    "refused": N_("The engine refuses this action"),
    "source": N_("In the rulebooks: {ref}"),
    "edition": N_("Rules edition in force: {name}"),
    "edition_fr": N_("French (E-FR)"),
    "edition_it": N_("Italian (E-IT)"),
    "to_act": N_("To act: {who} ({step})"),
    "red": N_("Viktor (red)"),
    "white": N_("Katya (white)"),
    "nobody": N_("nobody"),
}
_QUERIES = ("presence", "opposition_objective")
_EXPECT_KEYS = {
    "date", "bonus_pending", "score", "will", "step", "to_act", "round", "tokens_in", "contains",
    "exhausted", "fresh", "place", "error_contains", "presence", "objective", "events_contain",
}

DATA_FILE = "examples.json"


class TutorialError(Told, DualPowersError, ValueError):
    """The tutorial data is malformed, or a step does not behave as the data says."""


# ============================================================================ data
@dataclass(frozen=True)
class Step:
    """One step of an example (see the module docstring for the kinds)."""

    kind: str                                   # "action", "try", "query" (or "intro")
    narration: str                              # the English text: a msgid of the tutorial catalog
    rules: tuple[str, ...] = ()
    highlight: tuple[Any, ...] = ()             # region / token / card ids, [a, b] connections, markers
    action: str | None = None                   # for "action" and "try"
    query: Mapping[str, Any] | None = None      # for "query"
    expect: Mapping[str, Any] = field(default_factory=dict)
    erratum: bool = False                       # this step is where the example's erratum matters
    #: an action whose narration tells what it set going in paragraphs (a scoring): for each
    #: paragraph, the kind of the last event it has told, so the board follows the telling
    scenes: tuple[str, ...] = ()

    def describe(self) -> str:
        """The step in a few words: ``play purple-4``, ``try: move Kerensky red``, ``query presence brown``."""
        if self.kind == "action":
            return str(self.action)
        if self.kind == "try":
            return f"try: {self.action}"
        if self.kind == "intro" or self.query is None:
            return "scene"
        (name, arg), = self.query.items()
        if isinstance(arg, list):
            arg = ", ".join(arg)
        return f"query {name} {arg}"


@dataclass(frozen=True)
class Example:
    """One rulebook example: where it starts and the steps that tell it."""

    id: str                                     # "A" .. "H"
    title: str                                  # texts: English msgids of the tutorial catalog
    source: str                                 # where the rulebooks print it ("Exemple A", "Esempio A")
    position: Mapping[str, Any]                 # partial position (dualpowers.serialize)
    intro: Step                                 # the scene before the first step (kind "intro")
    steps: tuple[Step, ...]
    rules: tuple[str, ...] = ()                 # the rules the example is about, in summary
    erratum: str | None = None                  # what the rulebook printed and why; None if the rulebooks agree
    #: the example's name in the example menu, short enough to be read whole there ("A · The
    #: calendar"); the title when None
    short: str | None = None
    names: Mapping[str, str] = field(default_factory=dict)   # {card}, {token} ... in the texts -> an id
    #: True for the examples of the package's own examples.json: their start positions skip the
    #: schema pass (the tests check the file against docs/schema/tutorial.json), never the rules.
    packaged: bool = field(default=False, repr=False, compare=False)

    def text(self, msgid: str, lang: str) -> str:
        """One of the example's texts in ``lang``, each game name written that language's way."""
        return render(Message(msgid, domain=DOMAIN, **self.names), lang)

    @property
    def actions(self) -> list[str]:
        """The text of every step that changes the position, in order."""
        return [s.action for s in self.steps if s.kind == "action" and s.action is not None]

    def start_state(self) -> State:
        """A fresh engine state at the example's start position."""
        try:
            data = copy.deepcopy(dict(self.position))
            if self.packaged:
                return read_position(State(), data, check_shape=False)
            return State.from_dict(data)
        except DualPowersError as exc:
            raise TutorialError(Message(N_("example {example}: the start position is not valid: {reason}"),
                                        example=self.id, reason=_reason(exc))) from exc


@dataclass(frozen=True)
class Outcome:
    """What the engine answered at a step.

    ``events`` for an action (what happened automatically, in the engine's words),
    ``error`` for a refused try (the engine's reason), ``result`` for a query
    (a :class:`~dualpowers.Presence`, or the :class:`~dualpowers.ObjectiveChoice`).
    """

    kind: str                                   # "intro", "action", "try" or "query"
    events: tuple[Event, ...] = ()
    error: str | None = None
    refusal: IllegalAction | None = None        # the refused try: its reason and rule as data (narrate.refusal_text)
    result: Presence | ObjectiveChoice | None = None

    @property
    def lines(self) -> list[str]:
        """The engine's own explanation, one line per item (English, as the engine writes it)."""
        if self.kind == "action":
            return [e.text for e in self.events]
        if self.kind == "try":
            return [f"Refused: {self.error}"]
        if isinstance(self.result, Presence):
            p = self.result
            def tokens(n: int) -> str:
                return f"{n} token" if n == 1 else f"{n} tokens"
            out = [f"{p.region}: red strength {p.strength['red']} ({tokens(p.tokens['red'])}), "
                   f"white strength {p.strength['white']} ({tokens(p.tokens['white'])}).", p.reason]
            if p.neutrals:
                out.append(p.neutral_reason)
            return out
        if isinstance(self.result, ObjectiveChoice):
            return list(self.result.steps)
        return []


@dataclass(frozen=True)
class TutorialData:
    """Everything ``examples.json`` holds."""

    examples: tuple[Example, ...]
    ui: Mapping[str, str] = field(default_factory=lambda: dict(UI))   # key -> English msgid (see UI)

    def example(self, example_id: str) -> Example:
        for ex in self.examples:
            if ex.id == example_id:
                return ex
        raise KeyError(f"no example {example_id!r} (examples: {', '.join(e.id for e in self.examples)})")


# ============================================================================ loading
def _text(value: Any, where: str) -> str:
    if not (isinstance(value, str) and value.strip()):
        raise TutorialError(f"{where}: expected a text (English: the other languages are in the catalogs)")
    return value


def _highlight(value: Any, where: str) -> tuple[Any, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise TutorialError(f"{where}: highlight must be a list")
    out: list[Any] = []
    for item in value:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item):
            out.append((item[0], item[1]))
        else:
            raise TutorialError(f"{where}: cannot highlight {item!r}")
    return tuple(out)


def _step(raw: Any, where: str, intro: bool = False) -> Step:
    if not isinstance(raw, dict):
        raise TutorialError(f"{where}: a step is an object")
    known = {"kind", "action", "query", "narration", "rules", "highlight", "expect", "erratum", "scenes"}
    extra = set(raw) - known
    if extra:
        raise TutorialError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    kind = "intro" if intro else raw.get("kind")
    if intro and raw.get("kind", "intro") != "intro":
        raise TutorialError(f"{where}: the intro has no kind")
    if not isinstance(kind, str) or (not intro and kind not in STEP_KINDS):
        raise TutorialError(f"{where}: kind must be one of {', '.join(STEP_KINDS)}, not {kind!r}")
    action = raw.get("action")
    query = raw.get("query")
    if intro:
        if action is not None or query is not None:
            raise TutorialError(f"{where}: the intro only sets the scene (no action or query)")
    elif kind in ("action", "try"):
        if not isinstance(action, str):
            raise TutorialError(f"{where}: a {kind} step needs an 'action' text")
        try:
            parse_action(action)
        except IllegalAction as exc:
            raise TutorialError(Message(N_("{where}: cannot read the action {action}: {reason}"), where=where,
                                        action=brief(action, 60), reason=_reason(exc))) from exc
    else:
        if not (isinstance(query, dict) and len(query) == 1 and next(iter(query)) in _QUERIES):
            raise TutorialError(f"{where}: a query is one of {', '.join(_QUERIES)}, e.g. {{\"presence\": \"brown\"}}")
    rules = raw.get("rules", [])
    if not (isinstance(rules, list) and all(isinstance(r, str) for r in rules)):
        raise TutorialError(f"{where}: rules must be a list of rule IDs")
    expect = raw.get("expect", {})
    if not isinstance(expect, dict) or set(expect) - _EXPECT_KEYS:
        raise TutorialError(f"{where}: expect must be an object with keys among {', '.join(sorted(_EXPECT_KEYS))}")
    if kind == "try" and "error_contains" not in expect and not intro:
        raise TutorialError(f"{where}: a try step must say which refusal it expects (expect.error_contains)")
    narration = _text(raw.get("narration"), f"{where}.narration")
    scenes = raw.get("scenes", [])
    if not (isinstance(scenes, list) and all(isinstance(k, str) and k for k in scenes)):
        raise TutorialError(f"{where}.scenes: a list of event kinds, one per paragraph of the narration")
    if scenes and kind != "action":
        raise TutorialError(f"{where}.scenes: only an action step tells what it set going in paragraphs")
    if scenes and len(scenes) != len(paragraphs(narration)):
        raise TutorialError(f"{where}.scenes: {len(scenes)} scene(s) for {len(paragraphs(narration))} "
                            "paragraph(s) of the narration (paragraphs are separated by a blank line)")
    return Step(
        kind=kind, narration=narration, rules=tuple(rules),
        highlight=_highlight(raw.get("highlight"), where), action=action, query=query, expect=expect,
        erratum=bool(raw.get("erratum", False)), scenes=tuple(scenes),
    )


def _check_placeholders(ex: Example, where: str) -> None:
    """Every ``{name}`` in an example's texts is one of its ``names``: a text naming one it does
    not give failed only when shown, with a KeyError (the fuzz tests met it)."""
    texts = {"title": ex.title, "source": ex.source, "short": ex.short, "erratum": ex.erratum,
             "intro.narration": ex.intro.narration,
             **{f"steps[{k}].narration": step.narration for k, step in enumerate(ex.steps)}}
    for field_name, text in texts.items():
        if text is None:
            continue
        try:
            used = [f.split(".")[0].split("[")[0] for f in placeholders(text)]
        except ValueError as exc:
            raise TutorialError(f"{where}.{field_name}: the braces of its placeholders do not match ({exc})") from None
        missing = sorted({f for f in used if f not in ex.names})
        if missing:
            raise TutorialError(f"{where}.{field_name}: {{{missing[0]}}} is not one of the example's names "
                                f"({', '.join(sorted(ex.names)) or 'none'})")


def paragraphs(text: str) -> list[str]:
    """A narration's paragraphs (separated by a blank line); most narrations are one."""
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def _parse(raw: Any, source: str, packaged: bool = False) -> TutorialData:
    if not isinstance(raw, dict) or raw.get("format") != "dualpowers/tutorial":
        raise TutorialError(f"{source}: not a dualpowers tutorial file (format must be 'dualpowers/tutorial')")
    examples: list[Example] = []
    seen: set[str] = set()
    for i, ex in enumerate(raw.get("examples", [])):
        where = f"{source}: examples[{i}]"
        if not isinstance(ex, dict) or not isinstance(ex.get("id"), str):
            raise TutorialError(f"{where}: an example is an object with an 'id'")
        eid = ex["id"]
        where = f"{source}: example {eid}"
        if eid in seen:
            raise TutorialError(Message(N_("{where}: the id is used twice"), where=where))
        seen.add(eid)
        steps = ex.get("steps")
        if not isinstance(steps, list) or not steps:
            raise TutorialError(f"{where}: needs a non-empty list of steps")
        if not isinstance(ex.get("position"), dict):
            raise TutorialError(f"{where}: needs a start position")
        erratum = ex.get("erratum")
        names = ex.get("names", {})
        if not (isinstance(names, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())):
            raise TutorialError(f"{where}.names: an object of placeholder -> card, token or leader id")
        examples.append(Example(
            id=eid,
            title=_text(ex.get("title"), f"{where}.title"),
            source=_text(ex.get("source"), f"{where}.source"),
            position=ex["position"],
            intro=_step(ex.get("intro"), f"{where}.intro", intro=True),
            steps=tuple(_step(s, f"{where}.steps[{k}]") for k, s in enumerate(steps)),
            rules=tuple(ex.get("rules", [])),
            erratum=None if erratum is None else _text(erratum, f"{where}.erratum"),
            short=None if ex.get("short") is None else _text(ex.get("short"), f"{where}.short"),
            names=dict(names),
            packaged=packaged,
        ))
    if not examples:
        raise TutorialError(f"{source}: no examples")
    for ex in examples:
        _check_placeholders(ex, f"{source}: example {ex.id}")
    known = {r.id for r in all_rules()}
    for ex in examples:
        for cited in (ex.rules, *(step.rules for step in (ex.intro, *ex.steps))):
            unknown = [r for r in cited if r not in known]
            if unknown:
                raise TutorialError(plural(NN_("{where}: example {example} cites an unknown rule: {ids}",
                                               "{where}: example {example} cites unknown rules: {ids}"),
                                           len(unknown), where=source, example=ex.id, ids=", ".join(unknown)))
    return TutorialData(tuple(examples))


def load_examples(path: str | os.PathLike[str] | None = None) -> TutorialData:
    """Read the tutorial data: the package's ``examples.json``, or your own file of the same shape.

    Your file is read through :mod:`dualpowers.userfiles` (a regular UTF-8 file of bounded
    size), checked against ``docs/schema/tutorial.json``, and then every example is replayed
    and every step checked as :meth:`Tutorial.verify` does: an accepted file is one the
    tutorial can show.  Anything else raises :class:`TutorialError` naming the file and the
    field or step.  (The packaged file is checked by the tests, not at each start: that
    spares a notebook the import of jsonschema.)
    """
    if path is None:
        text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
        return _parse(json.loads(text), DATA_FILE, packaged=True)
    where = Message(N_("{what}: "), what=named(THE_TUTORIAL_FILE, path))
    raw = read_json(path, TutorialError, THE_TUTORIAL_FILE)
    check(raw, "tutorial", TutorialError, where)
    data = _parse(raw, os.fsdecode(path))
    for ex in data.examples:          # what Tutorial.verify does, keeping the engine's reasons as data
        comp = ex.start_state().comp if ex.steps else None
        for k in range(len(ex.steps) + 1):
            step = ex.intro if k == 0 else ex.steps[k - 1]
            try:
                state, outcome = replay(ex, k)
            except DualPowersError as exc:
                raise TutorialError(Message(N_("{where}{reason}"), where=where, reason=_reason(exc))) from None
            problems = check_expect(state, outcome, step.expect) + _check_highlight(comp, step.highlight)
            if problems:
                raise TutorialError(Message(N_("{where}example {example}, step {step}: {problem}"), where=where,
                                            example=ex.id, step=k, problem=brief(problems[0], 200)))
    return data


def _reason(exc: BaseException) -> Any:
    """An error's reason as data when it has one (written in the reader's language), else its text."""
    message = getattr(exc, "message", None)
    return message if message is not None else brief(str(exc), 200)


# ============================================================================ replay
def _run_query(state: State, query: Mapping[str, Any]) -> Presence | ObjectiveChoice:
    (name, arg), = query.items()
    if name == "presence":
        return force_in_presence(state, arg)
    if arg == "played":
        side = state.opposition
        if side is None:
            raise TutorialError(Message(N_("the query opposition_objective 'played' needs a solo position")))
        arg = state.played[side]
    _card, why = opposition_objective(list(arg))
    return why


def _run_step(state: State, step: Step, where: Message) -> Outcome:
    """Carry out one step on ``state`` (changed in place for an action)."""
    action, query = step.action, step.query
    if step.kind == "query" or action is None:
        if query is None:      # parse_example gives every step what its kind needs: this is a hand-made Step
            raise TutorialError(Message(N_("{where}: a {kind} step needs an 'action' text or a 'query'"),
                                        where=where, kind=step.kind))
        return Outcome("query", result=_run_query(state, query))
    if step.kind == "action":
        try:
            events = state.apply(action)
        except IllegalAction as exc:
            raise TutorialError(Message(N_("{where}: the engine refused {action}: {reason}"), where=where,
                                        action=repr(action), reason=_reason(exc))) from exc
        return Outcome("action", events=tuple(events))
    try:
        state.apply(action)
    except IllegalAction as exc:
        return Outcome("try", error=str(exc), refusal=exc)
    raise TutorialError(Message(N_("{where}: the engine accepted {action}, which the example shows as refused"),
                                where=where, action=repr(action)))


def replay(example: Example, upto: int) -> tuple[State, Outcome]:
    """The position after the first ``upto`` steps of ``example``, and the last step's outcome."""
    if not 0 <= upto <= len(example.steps):
        raise IndexError(f"example {example.id} has steps 0..{len(example.steps)}, not {upto}")
    state = example.start_state()
    outcome = Outcome("intro")
    for k, step in enumerate(example.steps[:upto], start=1):
        outcome = _run_step(state, step, Message(N_("example {example}, step {step}"), example=example.id, step=k))
    return state, outcome


# ============================================================================ checking
def _same_tokens(got: Iterable[str], want: Iterable[str]) -> bool:
    return sorted(got) == sorted(want)


def check_expect(state: State, outcome: Outcome, expect: Mapping[str, Any]) -> list[str]:
    """Compare a step's ``expect`` block with what the engine did; return the differences."""
    bad: list[str] = []

    def differ(what: str, got: Any, want: Any) -> None:
        if got != want:
            bad.append(f"{what}: engine gives {got!r}, the example says {want!r}")

    for key, want in expect.items():
        if key == "date":
            differ("date", f"{state.month_name} {state.day}", want)
        elif key in ("bonus_pending", "score", "will", "step", "to_act", "round"):
            differ(key, getattr(state, key), want)
        elif key == "tokens_in":
            for region, toks in want.items():
                if not _same_tokens(state.tokens_in(region), toks):
                    bad.append(f"tokens in {region}: engine has {sorted(state.tokens_in(region))}, "
                               f"the example says {sorted(toks)}")
        elif key == "contains":
            for region, toks in want.items():
                missing = [t for t in toks if t not in state.tokens_in(region)]
                if missing:
                    bad.append(f"{region} should hold {', '.join(missing)}")
        elif key == "exhausted":
            for t in want:
                if not state.is_exhausted(t):
                    bad.append(f"{t} should be exhausted")
        elif key == "fresh":
            for t in want:
                if state.is_exhausted(t):
                    bad.append(f"{t} should be fresh")
        elif key == "place":
            for t, where in want.items():
                differ(f"place of {t}", state.place.get(t), where)
        elif key == "error_contains":
            if outcome.error is None:
                bad.append("the engine should have refused the action")
            else:
                for text in want:
                    if text not in outcome.error:
                        bad.append(f"the refusal {outcome.error!r} should mention {text!r}")
        elif key == "events_contain":
            texts = " | ".join(e.text for e in outcome.events)
            for text in want:
                if text not in texts:
                    bad.append(f"the engine's events should mention {text!r} (they are: {texts})")
        elif key == "presence":
            p = outcome.result
            if not isinstance(p, Presence):
                bad.append("this step should ask for the Force in Presence")
                continue
            for k, v in want.items():
                differ(f"presence.{k}", getattr(p, k), v)
        elif key == "objective":
            why = outcome.result
            if not isinstance(why, ObjectiveChoice):
                bad.append("this step should ask for the Opposition's objective")
                continue
            for k, v in want.items():
                got = why.card.id if k == "card" else getattr(why, k)
                differ(f"objective.{k}", got, v)
    return bad


# ============================================================================ the tutorial
class Tutorial:
    """Step through the rulebook examples: navigation, language, what to show.

    >>> t = Tutorial(language="fr")
    >>> t.select("A"); t.next()
    True
    >>> t.state.day, t.rules
    (31, ('R-CAL-2', 'R-CAL-3', 'R-CAL-4'))

    ``index`` 0 is the example's scene before its first step; ``index`` k shows
    the position after step k with step k's narration.  The position
    (:attr:`state`) and the engine's answer (:attr:`outcome`) are recomputed by
    replay every time they are asked for.
    """

    def __init__(self, data: TutorialData | None = None, *, language: str | None = None,
                 example: str | None = None) -> None:
        self.data = data or load_examples()
        self._language = "en"
        self.language = current_language() if language is None else language
        self._example = self.data.examples[0]
        self._index = 0
        if example is not None:
            self.select(example)

    # ------------------------------------------------------------------ examples
    @property
    def examples(self) -> list[Example]:
        return list(self.data.examples)

    @property
    def example_ids(self) -> list[str]:
        return [e.id for e in self.data.examples]

    @property
    def example(self) -> Example:
        return self._example

    def select(self, example_id: str) -> None:
        """Open an example at its first position (the scene)."""
        self._example = self.data.example(example_id)
        self._index = 0

    def titles(self, language: str | None = None) -> list[tuple[str, str]]:
        """``(id, title)`` of every example, in ``language`` (default: the current one)."""
        lang = self._lang(language)
        return [(e.id, e.text(e.title, lang)) for e in self.data.examples]

    def short_titles(self, language: str | None = None) -> list[tuple[str, str]]:
        """``(id, name)`` of every example as the example menu shows it: its short name, else its title."""
        lang = self._lang(language)
        return [(e.id, e.text(e.short or e.title, lang)) for e in self.data.examples]

    def next_example(self) -> bool:
        """Open the following example; False (and nothing changes) after the last one."""
        ids = self.example_ids
        k = ids.index(self._example.id)
        if k + 1 >= len(ids):
            return False
        self.select(ids[k + 1])
        return True

    def previous_example(self) -> bool:
        ids = self.example_ids
        k = ids.index(self._example.id)
        if k == 0:
            return False
        self.select(ids[k - 1])
        return True

    # ------------------------------------------------------------------ navigation
    @property
    def index(self) -> int:
        """0 = the scene; k = after step k."""
        return self._index

    @property
    def count(self) -> int:
        """How many steps the current example has (so ``index`` runs 0..count)."""
        return len(self._example.steps)

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == self.count

    def next(self) -> bool:
        """Go one step forward; False (and nothing changes) at the example's last step."""
        if self.at_end:
            return False
        self._index += 1
        return True

    def back(self) -> bool:
        """Go one step back; False at the scene."""
        if self.at_start:
            return False
        self._index -= 1
        return True

    def restart(self) -> None:
        """Back to the current example's scene."""
        self._index = 0

    def goto(self, index: int) -> None:
        if not 0 <= index <= self.count:
            raise IndexError(f"example {self._example.id} has positions 0..{self.count}, not {index}")
        self._index = index

    # ------------------------------------------------------------------ language
    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, value: str) -> None:
        self._language = check_language(value)

    def set_language(self, value: str) -> None:
        self.language = value

    def _lang(self, language: str | None) -> str:
        return self._language if language is None else check_language(language)

    # ------------------------------------------------------------------ what to show
    @property
    def step(self) -> Step:
        """The current step (the example's intro at index 0)."""
        return self._example.intro if self._index == 0 else self._example.steps[self._index - 1]

    @property
    def state(self) -> State:
        """The position now: replayed from the start position through the engine."""
        return replay(self._example, self._index)[0]

    @property
    def outcome(self) -> Outcome:
        """What the engine answered at the current step (replayed)."""
        return replay(self._example, self._index)[1]

    def view(self) -> tuple[State, Outcome]:
        """State and outcome from one replay (what a display needs)."""
        return replay(self._example, self._index)

    def scoring_scene(self) -> State | None:
        """The board as the current step's action has the scoring score, before the exhaustion
        (R-SCO-EXHAUST) and the cleanup that begins the next round; None when the step is no
        action or sets no scoring going.  A step that tells a scoring in parts shows it while it
        tells the scoring (issue 33: the board showed the next round from its first part)."""
        step = self.step
        if step.kind != "action":
            return None
        events = self._action_events()
        if events is None:
            return None
        told = list(takewhile(lambda e: e.kind != "exhaust", events))
        if len(told) == len(events) or not told or told[-1].board is None:
            return None
        return told[-1].board

    def _action_events(self) -> list[Event] | None:
        """What the current step's action set going, each event with its board (None for the
        scene or a step with no action): replayed, as every position shown is."""
        step = self.step
        if self._index == 0 or step.action is None:
            return None
        before, _outcome = replay(self._example, self._index - 1)
        return before.apply(step.action, boards=True)

    def paragraph_scene(self, paragraph: int) -> State | None:
        """The board as the current step's narration has told it up to ``paragraph`` (its
        :attr:`Step.scenes`: the position right after the last event of that paragraph's kind);
        None when the step gives no scenes, and at its last paragraph (the step's end, with what
        the action set going after its last event: the next round's hands).  QA8: tutorial G's
        track showed the reveal's points while its text was still telling the recruit."""
        step = self.step
        events = self._action_events() if step.scenes and paragraph < len(step.scenes) - 1 else None
        if events is None:
            return None
        start = 0
        for k, kind in enumerate(step.scenes[:paragraph + 1]):
            found = [i for i in range(start, len(events)) if events[i].kind == kind]
            if not found:
                raise TutorialError(f"example {self._example.id}, step {self._index}: scenes[{k}] {kind!r} "
                                    "is not an event the action sets going after the scenes before it")
            start = found[-1]
        return events[start].board

    def start_state(self, example_id: str | None = None) -> State:
        """A fresh engine state at an example's start position."""
        ex = self._example if example_id is None else self.data.example(example_id)
        return ex.start_state()

    def state_at(self, example_id: str, index: int) -> State:
        return replay(self.data.example(example_id), index)[0]

    def title(self, language: str | None = None) -> str:
        return self._example.text(self._example.title, self._lang(language))

    def narration(self, language: str | None = None) -> str:
        return self._example.text(self.step.narration, self._lang(language))

    @property
    def rules(self) -> tuple[str, ...]:
        return self.step.rules

    def rule_title(self, rule_id: str, language: str | None = None) -> str:
        """The rule in a few words (the rule index's summary) in ``language``."""
        return render(rule_summary(rule_id), self._lang(language))

    def erratum(self, language: str | None = None) -> str | None:
        """The example's erratum note (what the rulebook printed, why the tutorial differs), if any."""
        note = self._example.erratum
        return None if note is None else self._example.text(note, self._lang(language))

    @property
    def erratum_here(self) -> bool:
        """True at the step where the erratum matters."""
        return self.step.erratum

    def source(self, language: str | None = None) -> str:
        return self._example.text(self._example.source, self._lang(language))

    def ui(self, key: str, language: str | None = None, **fmt: Any) -> str:
        """An interface text (button labels...) in the current language."""
        return translator(self._lang(language))(self.data.ui[key], **fmt)

    @property
    def highlight(self) -> frozenset[Any]:
        """What the board should emphasise now: region names, token ids, card ids,
        canonical connection tuples, and markers (``date``, ``will``, ``score``...)."""
        comp = self._example.start_state().comp
        out: set[Any] = set()
        for item in self.step.highlight:
            if isinstance(item, tuple):
                out.add(comp.connection(*item))
            else:
                out.add(item)
        return frozenset(out)

    def check(self) -> list[str]:
        """Differences between the current step's ``expect`` block and the engine (empty = agree)."""
        state, outcome = self.view()
        return check_expect(state, outcome, self.step.expect)

    def verify(self) -> dict[tuple[str, int], list[str]]:
        """Replay every step of every example and check it; ``{(example, index): problems}`` (empty = all good)."""
        problems: dict[tuple[str, int], list[str]] = {}
        for ex in self.data.examples:
            comp = ex.start_state().comp
            for k in range(len(ex.steps) + 1):
                step = ex.intro if k == 0 else ex.steps[k - 1]
                try:
                    state, outcome = replay(ex, k)
                    bad = check_expect(state, outcome, step.expect)
                    bad += _check_highlight(comp, step.highlight)
                except DualPowersError as exc:
                    bad = [str(exc)]
                if bad:
                    problems[(ex.id, k)] = bad
        return problems

    def __repr__(self) -> str:
        return (f"Tutorial(example={self._example.id!r}, index={self._index}/{self.count}, "
                f"language={self._language!r})")


def _check_highlight(comp: Any, items: Sequence[Any]) -> list[str]:
    bad = []
    for item in items:
        if isinstance(item, tuple):
            if not comp.is_connection(*item):
                bad.append(f"highlight: {item[0]}-{item[1]} is not a connection")
        elif not (item in MARKERS or item in comp.region_index or item in comp.tokens
                  or item in comp.cards or item in comp.leaders):
            bad.append(f"highlight: unknown item {item!r}")
    return bad
