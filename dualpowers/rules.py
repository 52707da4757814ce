"""The index of rules this engine implements (RULINGS.md IDs) and its own decisions.

``dualpowers.rules()`` lets a user see which rules are settled by a ruling
rather than the rulebook, and which decisions the engine makes on its own.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["Rule", "rules", "rule"]


@dataclass(frozen=True)
class Rule:
    id: str
    summary: str
    ruling: bool = False        # settled by RULINGS.md, not stated by the rulebooks
    engine: bool = False        # a decision of this engine where no text speaks
    module: str = ""


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """Every rule ID with its summary, in RULINGS.md order, then the engine's own decisions."""
    raw = tomllib.loads(resources.files("dualpowers").joinpath("data/rules.toml").read_text(encoding="utf-8"))
    out = [Rule(r["id"], r["summary"], r.get("ruling", False), False, r.get("module", "")) for r in raw["rule"]]
    out += [Rule(r["id"], r["summary"], False, True) for r in raw.get("engine", [])]
    return tuple(out)


def rule(rule_id: str) -> Rule:
    """Look a rule up by ID (e.g. ``"R-STR-2"``)."""
    for r in rules():
        if r.id == rule_id:
            return r
    raise KeyError(f"unknown rule id {rule_id!r}")
