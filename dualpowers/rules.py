"""The index of rules this engine implements (RULINGS.md IDs) and its own decisions.

``dualpowers.rules()`` lets a user see which rules are settled by a ruling
rather than the rulebook, and which decisions the engine makes on its own.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .text import Message

__all__ = ["Rule", "rules", "rule", "rules_markdown", "summary", "ruling_summary", "standin_note"]


@dataclass(frozen=True)
class Rule:
    id: str
    summary: str
    ruling: bool = False        # settled by RULINGS.md, not stated by the rulebooks
    engine: bool = False        # a decision of this engine where no text speaks
    module: str = ""
    #: When only part of the rule is a ruling: that part, in a few words (this project's wording).
    ruling_part: str = ""
    #: Where the packaged components stand in for what the rulebooks do not print ("" when nowhere):
    #: said apart from the summary, for the curious reader.
    standin: str = ""
    #: The rule as a badge tells it before the course has taught all of it ("" when the summary
    #: names nothing taught later): the edition's default without the unrest points it changes.
    brief: str = ""

    @property
    def ours(self) -> bool:
        """Whether some of this rule is this project's, not the rulebooks': a ruling or an engine decision."""
        return self.ruling or self.engine

    @property
    def wholly_ours(self) -> bool:
        """Whether all of it is: an engine decision, or a ruling with no ``ruling_part`` (R-CAL-6)."""
        return self.engine or (self.ruling and not self.ruling_part)


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """Every rule ID with its summary, in RULINGS.md order, then the engine's own decisions."""
    raw = tomllib.loads(resources.files("dualpowers").joinpath("data/rules.toml").read_text(encoding="utf-8"))
    out = [Rule(r["id"], r["summary"], r.get("ruling", False), False, r.get("module", ""), r.get("ruling_part", ""),
                r.get("standin", ""), r.get("brief", "")) for r in raw["rule"]]
    out += [Rule(r["id"], r["summary"], False, True, brief=r.get("brief", "")) for r in raw.get("engine", [])]
    return tuple(out)


def rule(rule_id: str) -> Rule:
    """Look a rule up by ID (e.g. ``"R-STR-2"``)."""
    for r in rules():
        if r.id == rule_id:
            return r
    raise KeyError(f"unknown rule id {rule_id!r}")


def summary(rule_id: str, brief: bool = False) -> Message:
    """A rule in a few words, as a message (the catalogs translate it with the context "rule");
    ``brief``: as told before all of it is taught (its ``brief``, where it has one)."""
    r = rule(rule_id)
    return Message(r.brief if brief and r.brief else r.summary, context="rule")


def ruling_summary(rule_id: str, brief: bool = False) -> Message:
    """What of a rule is this project's ruling, as a message: its ``ruling_part``, or the whole
    summary when all of it is (R-CAL-6, an engine decision; ``brief`` as in :func:`summary`).
    Context "rule", like :func:`summary`."""
    r = rule(rule_id)
    return Message(r.ruling_part, context="rule") if r.ruling_part else summary(rule_id, brief)


def standin_note(rule_id: str) -> Message | None:
    """Where the packaged components stand in for what the rulebooks do not print, for this
    rule, as a message (context "rule"); None when they print all of it."""
    r = rule(rule_id)
    return Message(r.standin, context="rule") if r.standin else None


def rules_markdown() -> str:
    """The rule index as a Markdown page (``docs/rules.md`` is this text)."""
    lines = [
        "# Rule index",
        "",
        "Every rule the engine implements, by its RULINGS.md ID, with the module that",
        "implements it. *Ruling* marks a point the rulebooks leave open and RULINGS.md",
        "settles (when only part of the rule is such a point, that part follows). The last",
        "table lists decisions the engine makes where no text speaks.",
        "Generated from `dualpowers/data/rules.toml` by `dualpowers.rules_markdown()`;",
        "`dualpowers rules` prints the same list.",
        "",
        "| ID | Rule | Module | Ruling |",
        "|---|---|---|---|",
    ]
    own = [r for r in rules() if r.engine]
    for r in rules():
        if not r.engine:
            module = f"`dualpowers/{r.module}.py`" if r.module else ""
            ruled = (f"yes: {r.ruling_part}" if r.ruling_part else "yes") if r.ruling else ""
            told = f"{r.summary} {r.standin}" if r.standin else r.summary
            lines.append(f"| {r.id} | {told} | {module} | {ruled} |")
    lines += ["", "## Engine decisions", "", "| ID | Decision |", "|---|---|"]
    lines += [f"| {r.id} | {r.summary} |" for r in own]
    return "\n".join(lines) + "\n"
