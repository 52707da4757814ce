"""Shared pieces of the fuzz tests (tests/test_fuzz_*.py): hypothesis profiles and mutations.

The suite runs a small budget (profile ``fuzz-ci``: a few seconds per test);
``DUALPOWERS_FUZZ=deep`` selects ``fuzz-deep`` for a long hunt, e.g.
``DUALPOWERS_FUZZ=deep pytest tests/test_fuzz_positions.py``.
"""

from __future__ import annotations

import copy
import math
import os
import random
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import dualpowers as dp

settings.register_profile("fuzz-ci", max_examples=40, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("fuzz-deep", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FUZZ = settings.get_profile("fuzz-deep" if os.environ.get("DUALPOWERS_FUZZ") == "deep" else "fuzz-ci")

#: Longest message a refusal may carry ("at most a few hundred characters").
MAX_MESSAGE = 500


def names() -> list[str]:
    c = dp.default_components()
    return list(c.region_names) + list(c.tokens) + list(c.cards) + list(c.leaders)


#: Values a mutation may put anywhere: the right kind of thing, the wrong kind, and the nasty.
NASTY = [None, True, False, 0, -1, 1, 2, 3, 7, 31, 99, 100, 2**63, -(2**63) - 1, 10**4000, 1.0, 0.5, math.nan,
         math.inf, "", " ", "no", "red", "white", "solo", "two-player", "jul", "over", "objective", "unrest",
         "a,b", "a/b", "x'", "x y", "é", "\x00", "\ud800", "a\nb", "x" * 300, [], [None], ["red"], {}, {"id": "R1"}, [[[[[]]]]]]


def scalar_or_nested() -> st.SearchStrategy[Any]:
    leaf = st.one_of(st.sampled_from(NASTY).map(copy.deepcopy),   # a copy: mutations must not edit NASTY
                     st.sampled_from(names()),
                     st.sampled_from(names()).map(str.upper), st.integers(), st.text(max_size=12))
    return st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(st.text(max_size=6), inner, max_size=2)),
                        max_leaves=6)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (dict keys and list indices)."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, prefix + (i,))
    return out


@st.composite
def mutated(draw: Any, base: Any, max_edits: int = 3) -> Any:
    """``base`` (JSON-like data) after 1..max_edits edits: replace, delete, add, duplicate, swap."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, max_edits))):
        every = paths(data)[1:] or [()]   # the root itself is replaced only by the arbitrary-text tests
        path = draw(st.sampled_from(every))
        kind = draw(st.sampled_from(["replace", "replace", "delete", "add", "duplicate"]))
        if not path:
            if kind == "replace":
                data = draw(scalar_or_nested())
            continue
        parent = data
        for p in path[:-1]:
            parent = parent[p]
        last = path[-1]
        if kind == "replace":
            parent[last] = draw(scalar_or_nested())
        elif kind == "delete":
            del parent[last]
        elif kind == "add":
            target = parent[last]
            if isinstance(target, dict):
                target[draw(st.sampled_from(["id", "side", "step", "x", "red", "white", "green"]))] = \
                    draw(scalar_or_nested())
            elif isinstance(target, list):
                target.insert(draw(st.integers(0, len(target))), draw(scalar_or_nested()))
        elif kind == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return data


@lru_cache(maxsize=1)
def sample_states() -> tuple[dp.State, ...]:
    """Positions from seeded random games, solo and two-player, every few actions."""
    out: list[dp.State] = []
    for mode, seed, kw in (("two-player", 1, {}), ("solo", 2, {"player": "white", "difficulty": 4}),
                           ("two-player", 3, {"edition": "it"}), ("solo", 4, {"player": "red", "difficulty": 6})):
        s = dp.new_game(mode, seed, **kw)
        rng = random.Random(seed)
        n = 0
        while not s.is_over():
            if n % 7 == 0:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            n += 1
        out.append(s.clone())
    return tuple(out)


def assert_well_formed(s: dp.State) -> None:
    """An accepted position: round-trips exactly (JSON and notation), keeps every invariant (the
    reader re-checks them all), and never raises later in repr/hash/notation/SVG/legal actions."""
    again = dp.State.from_dict(s.to_dict(), s.comp)
    assert again == s and again.to_dict() == s.to_dict()
    text = s.notation()
    assert dp.State.from_notation(text, s.comp) == s and dp.State.from_notation(text, s.comp).notation() == text
    assert dp.State.from_json(s.to_json(), s.comp) == s
    repr(s), hash(s)
    from dualpowers.drawing import board_png, board_svg
    assert board_svg(s).startswith("<svg")
    assert board_png(s, width=200)[:4] == b"\x89PNG"
    s.legal_actions()


def assert_every_card_somewhere(s: dp.State) -> None:
    """Each of the 48 command cards and each leader card is in exactly one place (issue 36:
    a side asked twice for its objective pushed its first one out of every place)."""
    places = {"deck": s.deck, "discard": s.discard, "out_of_game": s.out_of_game, "opp_stack": s.opp_stack,
              "opp_leaders": s.opp_leaders,
              **{f"{where}.{side}": getattr(s, where)[side] for where in ("hands", "played") for side in ("red", "white")},
              **{f"objectives.{side}": [card] for side, card in s.objectives.items() if card is not None}}
    seen = [card for cards in places.values() for card in cards]
    every = list(s.comp.cards) + list(s.comp.leaders)
    assert len(s.comp.cards) == 48
    assert sorted(seen) == sorted(every), (f"lost: {sorted(set(every) - set(seen))}, "
                                           f"twice: {sorted({c for c in seen if seen.count(c) > 1})}")


def play_on(s: dp.State, actions: int, seed: int = 0) -> None:
    """Play up to ``actions`` random legal actions from ``s``, checking after each that no card is lost."""
    rng = random.Random(seed)
    assert_every_card_somewhere(s)
    for _ in range(actions):
        if s.is_over():
            break
        legal = s.legal_actions()
        assert legal, f"no legal action at step {s.step}"
        s.apply(rng.choice(legal))
        assert_every_card_somewhere(s)


def assert_short(exc: BaseException) -> None:
    assert len(str(exc)) <= MAX_MESSAGE, f"message of {len(str(exc))} characters"
    assert "cannot read this position" not in str(exc), f"the reader's safety net was hit: {exc}"
