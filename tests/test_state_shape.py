"""The position's shape is declared once (dualpowers.position, issue 31 item 3): every field of
the declaration is copied by ``clone``, takes part in ``key`` (so in ``==`` and ``hash``), and
comes back equal through JSON and through the notation.

The round trips run over positions of random games of both modes, and the test first checks
that, in those positions, every field takes at least two values: a field the games never
change would pass without being tested.
"""

from __future__ import annotations

import copy
import random
from typing import Annotated

import pytest

import dualpowers as dp
from dualpowers import serialize
from dualpowers.position import FIELDS, INDEX, Field, Position, Saved, _fields, generated_source
from dualpowers.state import State

#: The fields that are the position (not the components it is played with, an index of
#: another field, nor the action being applied).
SAVED = [f for f in FIELDS if f.saved is not None]
IDS = [f.name for f in SAVED]


def _corpus() -> list[State]:
    """Positions along random games: both modes, both solo sides, several difficulties and
    editions, every few plies, each game to its end."""
    states = []
    for g in range(16):
        mode = "solo" if g % 2 else "two-player"
        s = dp.new_game(mode, 1000 + g, player="white" if g % 4 == 1 else "red", difficulty=1 + g % 6,
                        edition="it" if g % 3 == 0 else "fr")
        rng = random.Random(g)
        plies = 0
        while True:
            if plies % 7 == 0 or s.is_over():
                states.append(s.clone())
            if s.is_over():
                break
            s.push(rng.choice(s.legal_actions()))
            plies += 1
    return states


CORPUS = _corpus()


def _value(s: Position, f: Field) -> object:
    value = getattr(s, f.name)
    if f.kind == INDEX:        # an index may keep a place it emptied: the places it lists are the fact
        return {k: v for k, v in value.items() if v}
    return value


def test_the_declaration_lists_every_slot_once():
    """Nothing but the declaration gives the slots: State adds none, each field is one slot."""
    assert Position.__slots__ == tuple(f.name for f in FIELDS)
    assert State.__slots__ == ()
    assert len({f.name for f in FIELDS}) == len(FIELDS)
    assert {f.kind for f in FIELDS} >= {"value", "list", "set", "side lists", "side values", INDEX, "transient"}


@pytest.mark.parametrize("field", IDS)
def test_the_games_give_every_field_two_values_at_least(field):
    """So that the round trips below test each field on a value that is not its start."""
    f = next(f for f in SAVED if f.name == field)
    seen = {repr(_value(s, f) if not isinstance(_value(s, f), set) else sorted(_value(s, f))) for s in CORPUS}
    assert len(seen) >= 2, f"{field} takes only {seen} in the corpus"


def _mutated(value: object) -> object:
    """A different value of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return "x"
    if isinstance(value, tuple):
        return (*value, "x")
    if isinstance(value, list):
        return [*value, "x"]
    if isinstance(value, set):
        return value | {"x"}
    if isinstance(value, dict):
        first = next(iter(value))
        return {**value, first: _mutated(value[first])}
    raise AssertionError(f"no mutation for {value!r}")


@pytest.mark.parametrize("field", IDS)
def test_every_field_takes_part_in_equality_and_hash(field):
    """Change one field of a copy: the copy differs from the original (key, ==, hash)."""
    f = next(f for f in SAVED if f.name == field)
    s = CORPUS[len(CORPUS) // 3]
    changed = s.clone()
    setattr(changed, field, _mutated(_value(s, f)))
    assert changed.key() != s.key()
    assert changed != s
    assert hash(changed) != hash(s)


@pytest.mark.parametrize("field", [f.name for f in FIELDS if f.kind not in ("value", "components", "transient")])
def test_clone_copies_every_container_so_a_copy_changes_alone(field):
    s = CORPUS[len(CORPUS) // 2]
    before = copy.deepcopy(getattr(s, field))
    twin = s.clone()
    assert twin == s and getattr(twin, field) == before and getattr(twin, field) is not getattr(s, field)
    inner = getattr(twin, field)
    if isinstance(inner, dict):     # the lists inside a dict are copies too
        for k, v in inner.items():
            if isinstance(v, list):
                v.append("x")
                assert getattr(s, field)[k] == before[k]
        inner["x"] = "x"
    elif isinstance(inner, list):
        inner.append("x")
    else:
        inner.add("x")
    assert getattr(s, field) == before


def test_clone_starts_the_action_slots_afresh_and_keeps_the_components():
    s = CORPUS[5]
    twin = s.clone()
    assert twin.comp is s.comp and type(twin) is State
    assert (twin._events, twin.narrating, twin._boards) == ([], False, False)
    assert twin._events is not s._events


@pytest.mark.parametrize("way", ["json", "notation"])
def test_every_field_comes_back_through_json_and_notation(way):
    """Every field of the declaration (the index ``at`` included, rebuilt by the reader) is
    read back exactly as written, in every position of the corpus."""
    compared = [f for f in FIELDS if f.kind not in ("components", "transient")]
    for s in CORPUS:
        back = State.from_json(s.to_json()) if way == "json" else State.from_notation(s.notation())
        lost = [f.name for f in compared if _value(back, f) != _value(s, f)]
        assert not lost, f"{way} loses {lost} of {s.notation()}"
        assert back == s


def test_every_field_says_where_json_and_notation_keep_it():
    """The JSON keys the reader knows, taken from the declaration's Saved notes, are the
    schema's (docs/schema/position.json), and each note names a field the notation writes."""
    from dualpowers.schema import schema

    position = schema("position")["properties"]
    assert serialize._KEYS == set(position)
    assert serialize._TURN_KEYS == set(position["turn"]["properties"])
    notation_fields = {"mode", "edition", "date", "will", "score", "board", "tiles", "blockade"} | {
        part.split("=")[0] for s in CORPUS for part in s.notation().split()[9:]}
    for f in SAVED:
        assert isinstance(f.saved, Saved)
        assert f.saved.notation in notation_fields, f"{f.name}: {f.saved.notation}"


def test_a_new_field_gets_its_slot_copy_and_key_from_its_declaration():
    """What a field added to the declaration gets, without a line written elsewhere."""
    class Shape:
        __slots__ = ()
        counter: Annotated[int, Saved("counter", "counter", 0)]
        pile: Annotated[list[str], Saved("pile", "pile", [])]

    source = generated_source(_fields(Shape))
    assert "new.counter = s.counter" in source and "new.pile = s.pile[:]" in source
    assert "tuple(s.pile)," in source and "s.pile = []" in source
