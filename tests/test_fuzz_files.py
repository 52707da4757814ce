"""Fuzzing the other files a user hands in: components files and saved games.

Only ComponentsError / LoadError escape; an accepted components file plays, draws and
writes notation; a refused load leaves the session exactly as it was.
"""

from __future__ import annotations

import json
import math
import tomllib
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dualpowers as dp
from dualpowers.components import parse_components
from dualpowers.controllers import GameSession, LoadError
from fuzzing import FUZZ, assert_short, assert_well_formed, mutated


def packaged_raw() -> dict:
    text = resources.files("dualpowers").joinpath("data/components.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


RAW = packaged_raw()


def load_or_refuse(raw):
    try:
        comp = parse_components(json.dumps(raw, allow_nan=True), "fuzz.json", "json")
    except dp.ComponentsError as exc:
        assert_short(exc)
        return None
    # accepted: a game with these components writes, reads and draws
    from dualpowers.drawing import board_png
    for s in (dp.new_game("two-player", 1, components=comp), dp.new_game("solo", 2, components=comp)):
        assert_well_formed(s)
    board_png(s, width=320)
    return comp


# ------------------------------------------------------------------ explicit cases from issue 11
@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["units"]["red"][0].__setitem__(0, "R 1"), r"units\.red\[0\]\[0\]"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R,1"), "safe in the notation"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R/1"), "safe in the notation"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R1'"), "safe in the notation"),
    (lambda d: d["leaders"][0].__setitem__("id", "p4"), "look like a card code"),
    (lambda d: d["units"]["white"][0].__setitem__(0, "r1"), "differ only in case"),
    (lambda d: d["regions"][0].__setitem__("label", 5), r"regions\[0\]\.label must be a text"),
    (lambda d: d["regions"][0].__setitem__("position", [math.nan, 0.5]), r"position\[0\] must be a number, not nan"),
    (lambda d: d["regions"][0].__setitem__("position", [2, 0.5]), r"position\[0\] must be at most 1"),
    (lambda d: d["command_cards"]["cards"][0].__setitem__(0, "red-x"), "cannot be written in the notation"),
    (lambda d: d["track"].__setitem__("length", 10 ** 400), "far beyond"),
])
def test_components_unsafe_for_the_notation_or_the_drawing_are_refused(mutate, message):
    raw = json.loads(json.dumps(RAW))
    mutate(raw)
    with pytest.raises(dp.ComponentsError, match=message) as info:
        parse_components(json.dumps(raw), "mine.json", "json")
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[" * 50_000, b"x = [" + b"[" * 5000, b"a = 1\na = 2",
                                     b"format = 'dualpowers/components'\nversion = " + b"9" * 5000])
def test_undecodable_components_files_are_components_errors(tmp_path, content):
    for suffix in (".toml", ".json"):
        path = tmp_path / f"c{suffix}"
        path.write_bytes(content)
        with pytest.raises(dp.ComponentsError) as info:
            dp.load_components(path)
        assert len(str(info.value)) < 400


def test_a_folder_or_a_missing_file_is_a_components_error(tmp_path):
    with pytest.raises(dp.ComponentsError, match="cannot read"):
        dp.load_components(tmp_path)
    with pytest.raises(dp.ComponentsError, match="cannot read"):
        dp.load_components(tmp_path / "missing.toml")


# ------------------------------------------------------------------ fuzzing
@FUZZ
@given(st.data())
def test_mutated_components_files_are_refused_clearly_or_work(data):
    load_or_refuse(data.draw(mutated(RAW, max_edits=2)))


@FUZZ
@given(st.binary(max_size=200))
def test_arbitrary_bytes_are_a_components_error(blob):
    for syntax in ("toml", "json"):
        with pytest.raises(dp.ComponentsError) as info:
            parse_components(blob, "blob", syntax)
        assert_short(info.value)


def _snapshot(g: GameSession):
    return (g.mode, g.seed, g.player, g.difficulty, g.edition, json.dumps(g.start), g.state.to_dict(),
            list(g.actions), [e.text for e in g.log])


def _saved_game() -> dict:
    g = GameSession(mode="solo", seed=5, player="white", difficulty=2)
    for _ in range(6):
        g.auto("first")
    return json.loads(g.save())


SAVED = _saved_game()


@FUZZ
@given(st.data())
def test_mutated_saved_games_load_or_change_nothing(data):
    text = json.dumps(data.draw(mutated(SAVED, max_edits=2)))
    g = GameSession(mode="two-player", seed=3)
    g.auto("first")
    before = _snapshot(g)
    try:
        g.load(text)
    except LoadError as exc:
        assert_short(exc)
        assert _snapshot(g) == before
        g.undo()          # the session still works
        return
    again = GameSession()
    again.load(g.save())
    assert again.state == g.state and again.actions == g.actions
