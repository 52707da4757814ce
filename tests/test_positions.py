"""Positions: JSON and text notation round-trips, partial positions, impossible ones."""

import json

import pytest

import dualpowers as dp
from builders import random_game

ISSUE_EXAMPLE = {
    "mode": "two-player", "date": {"month": "jul", "day": 12}, "will": "red",
    "score": 0, "unrest": "brown", "blockade": ["green", "red"],
    "regions": {"brown": [
        {"owner": "red", "kind": "unit", "strength": 2},
        {"owner": "white", "kind": "unit", "fresh": 3, "exhausted": 1, "side": "exhausted"},
        {"owner": "neutral", "kind": "unit", "strength": 1}]},
}


def test_partial_position_from_the_issue_loads_with_defaults():
    s = dp.State.from_dict(ISSUE_EXAMPLE)
    assert (s.month_name, s.day, s.will, s.score, s.unrest) == ("jul", 12, "red", 0, "brown")
    assert s.blockade == ("red", "green") and s.blockade_tile == "green"
    red, white, neutral = (next(t for t in s.tokens_in("brown") if s.spec(t).owner == o) for o in ("red", "white", "neutral"))
    assert s.strength_of(red) == 2 and not s.is_exhausted(red)
    assert (s.spec(white).fresh, s.spec(white).exhausted, s.is_exhausted(white)) == (3, 1, True)
    assert s.strength_of(neutral) == 1
    p = dp.force_in_presence(s, "brown")
    assert p.winner == "red" and p.strength == {"red": 3, "white": 1} and p.tokens == {"red": 2, "white": 1}
    assert len([t for t in s.reserve("red") if s.spec(t).kind == "unit"]) == 9
    assert s.place["Trotsky"] == "removed" and s.place["RedTrotsky"] == "waiting"
    assert sorted(c for c, _ in s.all_card_places()) == sorted(list(s.comp.cards) + list(s.comp.leaders))


def test_partial_position_reads_from_a_json_string_too():
    assert dp.State.from_json(json.dumps(ISSUE_EXAMPLE)) == dp.State.from_dict(ISSUE_EXAMPLE)


@pytest.mark.parametrize("mode, seed", [("two-player", 1), ("two-player", 2), ("solo", 3), ("solo", 4)])
def test_every_position_of_a_game_round_trips_through_json_and_notation(mode, seed):
    s = dp.new_game(mode, seed, player="white", difficulty=4, edition="it")
    import random
    rng = random.Random(seed)
    while True:
        again = dp.State.from_json(s.to_json())
        assert again == s and again.to_dict() == s.to_dict()
        text = s.notation()
        assert "\n" not in text and dp.State.from_notation(text) == s and dp.State.from_notation(text).notation() == text
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))


def test_a_round_tripped_state_plays_on_identically():
    s = dp.new_game(seed=9)
    t = dp.State.from_notation(s.notation())
    for _ in range(40):
        a = s.legal_actions()[0]
        assert t.legal_actions() == s.legal_actions()
        s.apply(a)
        t.apply(a)
    assert s == t


def test_clone_equality_and_hash():
    s = dp.new_game(seed=1)
    c = s.clone()
    assert c == s and hash(c) == hash(s) and c is not s
    c.apply(c.legal_actions()[0])
    assert c != s
    assert len({s, s.clone()}) == 1


@pytest.mark.parametrize("change, error, message", [
    ({"regions": {"green": [{"owner": "red", "kind": "unit", "strength": 1}] * 11}}, dp.TokenCountError, "puts 11 red units on the board, but the game has only 10"),
    ({"regions": {"green": [{"owner": "red", "kind": "unit", "strength": 1}] * 7}}, dp.TokenCountError, "already placed"),
    ({"regions": {"green": [{"id": "Lenin"}], "red": [{"id": "Lenin"}]}}, dp.DuplicateToken, "Lenin is in two places"),
    ({"regions": {"yellow": []}}, dp.UnknownRegion, "unknown region 'yellow'"),
    ({"blockade": ["blue", "brown"]}, dp.InvalidBlockade, "not connected"),
    ({"date": {"month": "jul", "day": 30}}, dp.InvalidDate, "R-CAL-3"),
    ({"date": {"month": "june", "day": 3}}, dp.InvalidDate, "month must be one of mar-apr"),
    ({"regions": {"green": [{"id": "R99"}]}}, dp.UnknownToken, "unknown token 'R99'"),
    ({"regions": {"green": [{"owner": "red", "kind": "unit", "strength": 7}]}}, dp.UnknownToken, "no red unit token has strength 7"),
    ({"hands": {"red": ["red-2"]}, "discard": ["red-2"]}, dp.DuplicateCard, "red-2 is in two places"),
    ({"hands": {"red": ["red-9"]}}, dp.UnknownCard, "unknown card 'red-9'"),
    ({"score": 40}, dp.PositionError, "off the track"),
    ({"will": "green"}, dp.PositionError, "will must be one of red, white"),
    ({"blokade": None}, dp.PositionError, "unknown field"),
    ({"regions": {"green": [{"id": "O1a"}]}}, dp.PositionError, "only in solo"),
    ({"regions": {"green": [{"id": "Trotsky"}]}}, dp.PositionError, "before May/June"),
    ({"date": {"month": "sep", "day": 2}, "regions": {"green": [{"id": "Trotsky"}], "red": [{"id": "RedTrotsky"}]}},
     dp.PositionError, "both Trotsky"),
    ({"regions": {"green": [{"id": "Lenin"}]}, "hands": {"red": ["Lenin"]}}, dp.PositionError, "still in red's hand"),
    ({"removed": ["R3"]}, dp.PositionError, "units never leave"),
    ({"unrest": "green", "blockade_tile": "green"}, dp.PositionError, "tile green is in two places"),
    ({"objectives": {"red": "Lenin"}}, dp.PositionError, "objectives are command cards"),
    ({"turn": {"step": "dance"}}, dp.PositionError, "turn.step"),
])
def test_impossible_positions_raise_a_specific_error_naming_the_problem(change, error, message):
    data = {"mode": "two-player"}
    data.update(change)
    with pytest.raises(error, match=message):
        dp.State.from_dict(data)


def test_solo_positions_check_solo_only_rules():
    with pytest.raises(dp.PositionError, match="played by the Opposition"):
        dp.State.from_dict({"mode": "solo", "solo": {"player": "white"}, "regions": {"green": [{"id": "R1"}]}})
    with pytest.raises(dp.PositionError, match="difficulty"):
        dp.State.from_dict({"mode": "solo", "solo": {"player": "white", "difficulty": 9}})


@pytest.mark.parametrize("text, message", [
    ("", "at least 9"),
    ("XX 2p fr jul12 r 0 ///// ng:: -", "must start with"),
    ("DP1 3p fr jul12 r 0 ///// ng:: -", "mode"),
    ("DP1 2p fr jul12 r 0 //// ng:: -", "6 regions"),
    ("DP1 2p fr jul12 r 0 ///// nq:: -", "unknown region code 'q'"),
    ("DP1 2p fr jul12 r zero ///// ng:: -", "score"),
    ("DP1 2p fr jul12 r 0 ///// ng:: - hr=r2 bogus", "key=value"),
])
def test_bad_notation_raises_notation_error(text, message):
    with pytest.raises(dp.NotationError, match=message):
        dp.State.from_notation(text)


def test_notation_errors_from_position_checks_keep_their_type():
    with pytest.raises(dp.InvalidDate, match="in notation"):
        dp.State.from_notation("DP1 2p fr jul30 r 0 ///// ng:: -")


def test_corrupt_json_is_a_position_error():
    with pytest.raises(dp.PositionError, match="not valid JSON"):
        dp.State.from_json('{"mode": "two-player", ')
    with pytest.raises(dp.PositionError, match="JSON object"):
        dp.State.from_json("[1, 2, 3]")


def test_a_finished_game_round_trips():
    s, _ = random_game("two-player", 5)
    assert s.is_over()
    assert dp.State.from_dict(s.to_dict()) == s
    assert dp.State.from_notation(s.notation()).winner() == s.winner()
