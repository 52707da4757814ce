"""C-*: component data is loaded from one file, checked, and replaceable."""

import json
import tomllib
from importlib import resources

import pytest

import dualpowers as dp


def raw():
    return tomllib.loads(resources.files("dualpowers").joinpath("data/components.toml").read_text())


def test_C_REG_six_regions():
    assert dp.default_components().region_names == ("red", "blue", "green", "purple", "white", "brown")


def count(owner, kind="unit"):
    return sum(1 for t in dp.default_components().tokens.values() if t.owner == owner and t.kind == kind)


def test_C_UNIT_ten_units_per_faction_with_values_in_range():
    assert count("red") == count("white") == 10
    for t in dp.default_components().tokens.values():
        if t.owner in ("red", "white") and t.kind == "unit":
            assert 1 <= t.recruit <= 3 and 1 <= t.fresh <= 3 and 0 <= t.exhausted <= 3


def test_C_NEU_six_neutral_units_fresh_strength_1():
    assert count("neutral") == 6
    assert {t.fresh for t in dp.default_components().tokens.values() if t.owner == "neutral" and t.kind == "unit"} == {1}


def test_C_LEAD_one_leader_per_special_and_two_trotskys():
    c = dp.default_components()
    for side in ("red", "white"):
        assert sorted(c.leaders[lead].special for lead in c.leaders_of(side)) == ["espionage", "inspire", "protest"]
    assert c.leaders["Lenin"].special == "inspire" and c.leaders["Kerensky"].special == "inspire"
    assert count("neutral", "trotsky") == count("red", "trotsky") == 1


def test_C_OPP_nine_opposition_units_per_level():
    tokens = dp.default_components().tokens.values()
    for level in (1, 2, 3):
        mine = [t for t in tokens if t.owner == "opposition" and t.level == level]
        assert len(mine) == 9 and all(t.fresh == level and t.exhausted is None for t in mine)


def test_C_TRACK_length_is_configurable_data():
    assert dp.default_components().track_length >= 1


def test_C_stand_in_values_are_marked_as_such():
    c = dp.default_components()
    assert "stand-in" in c.sources["command cards"]
    assert "stand-in" in c.sources["map"]
    assert "rulebook" in c.sources["region red"]


def test_C_CMD_cards_named_by_the_rulebook_examples_exist():
    cards = dp.default_components().cards
    assert cards["purple-4"].vp > cards["purple-2"].vp
    assert cards["green-4"].recruit == 2
    for cid in ("red-2", "red-4", "brown-5"):
        assert cid in cards
    assert 3.5 <= sum(c.days for c in cards.values()) / 48 <= 4.5


def test_C_MAP_blockade_arrows_sit_on_connections():
    c = dp.default_components()
    for region, arrow in c.arrows.items():
        assert arrow in c.connections and region in arrow


def test_the_packaged_file_passes_the_shape_check_that_loading_it_skips():
    # default_components() trusts the packaged file's shape (to spare importing jsonschema);
    # here the file goes through the full check, schema first, as a user's file would.
    from dualpowers.schema import check

    check(raw(), "components", dp.ComponentsError, "packaged: ")
    path = resources.files("dualpowers").joinpath("data/components.toml")
    checked = dp.load_components(str(path))
    default = dp.default_components()
    assert (checked.tokens, checked.cards, checked.leaders, checked.connections) == (
        default.tokens, default.cards, default.leaders, default.connections)


def test_load_components_reads_a_users_replacement_file_toml_and_json(tmp_path):
    data = raw()
    data["track"]["length"] = 7
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    comp = dp.load_components(path)
    assert comp.track_length == 7
    s = dp.new_game(seed=1, components=comp)
    assert s.comp.track_length == 7


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["regions"].pop(), "six regions"),
    (lambda d: d["command_cards"]["cards"].pop(), "48 command cards"),
    (lambda d: d["map"]["connections"].append(["red", "yellow"]), "unknown region 'yellow'"),
    (lambda d: d["map"]["arrows"].__setitem__("green", ["green", "brown"]), "not a connection"),
    (lambda d: d["units"]["red"].append(["R11", 1, 1, 0]), "units.red must list at most 10"),
    (lambda d: d["command_cards"]["cards"][0].__setitem__(3, 4), "recruit value"),
    (lambda d: d.__setitem__("format", "something else"), "not a dualpowers components file"),
])
def test_load_components_names_the_problem(tmp_path, mutate, message):
    data = raw()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(dp.ComponentsError, match=message):
        dp.load_components(path)


def test_load_components_rejects_unreadable_and_corrupt_files(tmp_path):
    with pytest.raises(dp.ComponentsError, match="missing.toml' does not exist"):
        dp.load_components(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml")
    with pytest.raises(dp.ComponentsError, match="not valid TOML"):
        dp.load_components(bad)
