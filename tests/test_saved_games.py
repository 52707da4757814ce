"""Saved games say what they mean (issue 36): one number rule for every whole-number field, and
a load that checks each replayed action against the saved history, not only the final position."""

import json

import pytest

import dualpowers as dp
from dualpowers.controllers import GameSession, LoadError
from dualpowers.schema import SCHEMAS, schema


def _saved(actions: int = 14) -> dict:
    g = GameSession("two-player", seed=3)
    for _ in range(actions):
        g.auto("first")
    return json.loads(g.save())


SAVED = _saved()


def refused(data: dict) -> str:
    g = GameSession("solo", seed=1)
    before = g.save()
    with pytest.raises(LoadError) as info:
        g.load(json.dumps(data))
    assert g.save() == before                    # nothing changed
    return str(info.value)


# ---------------------------------------------------------------- numbers
@pytest.mark.parametrize("field, text", [("seed", "1E2"), ("seed", "1.0"), ("seed", "3e0"), ("version", "1.0"),
                                         ("version", "2.0"), ("version", "2E0")])
def test_a_whole_number_written_with_a_point_or_an_exponent_is_refused_alike(field, text):
    raw = json.dumps({**SAVED, field: "HOLE"}).replace('"HOLE"', text)
    g = GameSession("solo", seed=1)
    with pytest.raises(LoadError) as info:
        g.load(raw)
    assert str(info.value).startswith(f"$.{field} must be a whole number written in digits only"), info.value


@pytest.mark.parametrize("read", [
    lambda raw: dp.State.from_json(raw),
    lambda raw: GameSession().load(raw),
])
def test_a_position_version_of_1_0_is_refused_like_a_seed_of_1_0(read):
    for field in ("version", "seed"):
        raw = json.dumps({"schema": "dualpowers/position", "version": 1, field: "HOLE"}).replace('"HOLE"', "1.0")
        with pytest.raises(dp.DualPowersError, match=rf"\$\.{field} must be a whole number written in digits only"):
            read(raw)


def _consts(node, path=""):
    """Every (path, const or enum) with a whole number in it, and whether its node says type integer."""
    if isinstance(node, dict):
        for key in ("const", "enum"):
            values = [node[key]] if key == "const" and key in node else node.get(key, []) if key == "enum" else []
            if any(isinstance(v, int) and not isinstance(v, bool) for v in values):
                yield path, node.get("type") == "integer"
        for k, v in node.items():
            yield from _consts(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _consts(v, f"{path}/{i}")


def test_every_whole_number_of_every_schema_is_typed_integer():
    """JSON Schema's const and enum take 1.0 for 1; only "type": "integer" (tightened in
    dualpowers/schema.py) refuses it, so each whole-number field says it."""
    found = [(name, path, typed) for name in SCHEMAS for path, typed in _consts(schema(name))]
    assert len(found) >= len(SCHEMAS)            # every schema has a version
    assert [f for f in found if not f[2]] == []


# ---------------------------------------------------------------- the history
def test_a_saved_game_reloads_with_its_history():
    assert SAVED["version"] == 2 and len(SAVED["history"]) == len(SAVED["actions"]) == 14
    g = GameSession()
    g.load(json.dumps(SAVED))
    assert g.actions == SAVED["actions"] and json.loads(g.save()) == SAVED


@pytest.mark.parametrize("i", [0, 3, 7, 12])
def test_a_save_that_drops_an_action_is_refused_where_it_diverges(i):
    data = json.loads(json.dumps(SAVED))
    del data["actions"][i]
    del data["history"][i]
    message = refused(data)
    assert f"$.actions[{i}]" in message, message


def test_a_save_whose_history_is_changed_is_refused_naming_the_action():
    data = json.loads(json.dumps(SAVED))
    data["history"][5] = "0" * 16
    assert refused(data).startswith(f"$.actions[5] ({SAVED['actions'][5]!r}) does not lead where $.history[5] says")


def test_a_save_whose_history_is_shorter_than_its_actions_is_refused():
    data = json.loads(json.dumps(SAVED))
    del data["history"][-1]
    assert "one entry per action: 14 actions, 13 entries" in refused(data)


def test_a_version_2_save_needs_its_history_and_position():
    for field in ("history", "position"):
        data = {k: v for k, v in SAVED.items() if k != field}
        assert f"the field {field} is missing" in refused(data)     # the data as a whole: no "$" (issue 34)


def test_a_version_1_save_without_history_still_loads():
    data = {k: v for k, v in SAVED.items() if k != "history"}
    data["version"] = 1
    g = GameSession()
    g.load(json.dumps(data))
    assert g.actions == SAVED["actions"]
