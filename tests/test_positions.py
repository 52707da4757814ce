"""Positions: JSON and text notation round-trips, partial positions, impossible ones."""

import json
import re

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
    ({"regions": {"green": [{"id": "Lenin"}]}, "hands": {"red": ["Lenin"]}}, dp.PositionError, "still in Red's hand"),
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


# ---------------------------------------------------------------- names a learner types
def test_names_are_matched_without_regard_to_case():
    s = dp.State.from_dict({"date": {"month": "jul", "day": 3}, "unrest": "BROWN",
                            "regions": {"Green": [{"id": "trotsky"}, "r1"]}, "hands": {"red": ["PURPLE-4", "lenin"]}})
    assert s.place["Trotsky"] == "green" and s.place["R1"] == "green" and s.unrest == "brown"
    assert s.hands["red"] == ["purple-4", "Lenin"] or set(s.hands["red"]) >= {"purple-4", "Lenin"}
    assert dp.State.from_dict(s.to_dict()) == s
    lower = s.notation().replace(" p4", " P4").replace("R1", "r1")
    assert dp.State.from_notation(lower) == s


@pytest.mark.parametrize("change, suggestion", [
    ({"regions": {"green": [{"id": "Lenine"}]}}, "did you mean Lenin?"),
    ({"regions": {"grene": []}}, "did you mean green?"),
    ({"hands": {"red": ["purple-44"]}}, "did you mean purple-4"),
])
def test_an_unknown_name_gets_a_suggestion(change, suggestion):
    with pytest.raises(dp.PositionError, match=re.escape(suggestion)):
        dp.State.from_dict(change)


# ---------------------------------------------------------------- positions that cannot happen (docs/positions.md)
def refused(data, tag):
    with pytest.raises(dp.PositionError, match=re.escape(f"[{tag}]")):
        dp.State.from_dict(data)


UNREST = {"unrest": "brown", "blockade": None, "date": {"month": "jul", "day": 3},
          "regions": {"brown": [{"id": "W8"}, {"id": "R1"}]}}


def test_INV_UNREST_the_unrest_decision_belongs_to_the_stronger_side():
    ok = dp.State.from_dict({**UNREST, "turn": {"step": "unrest", "to_act": "white"}})
    assert ok.to_act == "white" and ok.turn_index == len(ok.turn_order) == 8
    assert dp.State.from_dict({**UNREST, "turn": {"step": "unrest"}}).to_act == "white"   # the default
    refused({**UNREST, "turn": {"step": "unrest", "to_act": "red"}}, "INV-UNREST")
    refused({**UNREST, "regions": {}, "turn": {"step": "unrest", "to_act": "red"}}, "INV-UNREST")


def test_INV_TROTSKY_neutral_trotsky_is_never_on_the_board_from_august_on():
    assert dp.State.from_dict({"date": {"month": "jul", "day": 3}, "regions": {"red": ["Trotsky"]}}).place["Trotsky"] == "red"
    for month in ("aug", "sep", "oct-nov"):
        refused({"date": {"month": month, "day": 3}, "regions": {"red": ["Trotsky"]}}, "INV-TROTSKY")
    refused({"date": {"month": "mar-apr", "day": 3}, "removed": ["Trotsky"]}, "INV-TROTSKY")
    refused({"date": {"month": "jul", "day": 3}, "removed": ["RedTrotsky"]}, "INV-TROTSKY")


def test_INV_ROUND_a_solo_game_has_rounds_1_to_3():
    for r in (1, 2, 3):
        assert dp.State.from_dict({"mode": "solo", "round": r}).round == r
    refused({"mode": "solo", "round": 4}, "INV-ROUND")
    with pytest.raises(dp.PositionError, match=r"\$\.round must be at most 99"):
        dp.State.from_dict({"mode": "solo", "round": 1_000_000})


def test_INV_ORDER_two_player_order_has_8_alternating_turns_and_solo_9():
    assert len(dp.State.from_dict({}).turn_order) == 8
    refused({"turn": {"order": ["red", "white"] * 3, "index": 0, "to_act": "red"}}, "INV-ORDER")
    refused({"turn": {"order": ["red", "red", "white", "white"] * 2, "index": 0, "to_act": "red"}}, "INV-ORDER")
    s = dp.State.from_dict({"mode": "solo"})
    assert s.turn_order == ("white", "red") * 4 + ("white",)
    refused({"mode": "solo", "turn": {"order": ["white", "red"] * 4, "index": 1}}, "INV-ORDER")
    refused({"turn": {"step": "objective", "order": ["red", "white"] * 4}}, "INV-ORDER")
    refused({"turn": {"step": "objective", "index": 3}}, "INV-ORDER")


def test_INV_OPP_LEADERS_the_oppositions_leader_pile_holds_only_its_own_leaders():
    s = dp.State.from_dict({"mode": "solo", "opposition": {"leaders": ["Kerensky"]}})
    assert s.opp_leaders == ["Kerensky"]
    refused({"mode": "solo", "opposition": {"leaders": ["red-4"]}}, "INV-OPP-LEADERS")   # the issue's crash
    refused({"mode": "solo", "opposition": {"leaders": ["Lenin"]}}, "INV-OPP-LEADERS")


def test_INV_ONE_OBJECTIVE_a_side_never_chooses_a_second_objective():
    base = {"hands": {"red": ["white-3"]}, "turn": {"step": "objective", "to_act": "red"}}
    assert dp.State.from_dict(base).step == "objective"
    refused({**base, "objectives": {"red": "white-6"}}, "INV-ONE-OBJECTIVE")   # the issue's lost card


def test_INV_OBJECTIVE_ORDER_the_will_holder_chooses_first_and_nobody_twice():
    base = {"will": "white", "turn": {"step": "objective", "to_act": "white"}}
    assert dp.State.from_dict(base).to_act == "white"
    refused({**base, "objectives": {"red": "purple-5"}}, "INV-OBJECTIVE-ORDER")      # issue 36: red asked again
    second = {"will": "white", "turn": {"step": "objective", "to_act": "red"}}
    assert dp.State.from_dict({**second, "objectives": {"white": "purple-5"}}).to_act == "red"
    refused(second, "INV-OBJECTIVE-ORDER")
    issue = ("DP1 2p it mar-apr1 w 0 N6/N5/N3/N2/N1/N4 pb:wnrg: b-w wait=Trotsky,RedTrotsky "
             "hr=r5,g4,p3b,w3,Lenin,Stalin,Kamenev hw=b2,b6,p2,w6,n6,Kerensky,Lvov,Kornilov "
             "deck=w5b,b5,b3,r4b,p4b,n3,w5,g6,n4b,p4,g3,b4,r5b,g3b,r2,g5,p6,b4b,b3b,r4,r3,w4b,g5b,g4b,n4,n5,g2,w2,p3,"
             "w4,w3b,n2,n5b,p5,r3b,n3b,r6,b5b or=p5b round=1 turn=objective:w:0:-:- seed=1580887978:3")
    with pytest.raises(dp.PositionError, match=re.escape("[INV-OBJECTIVE-ORDER]")):
        dp.State.from_notation(issue)


def test_INV_OBJECTIVE_STEP_a_solo_game_has_no_objective_step():
    refused({"mode": "solo", "turn": {"step": "objective"}}, "INV-OBJECTIVE-STEP")
    refused({"mode": "solo", "turn": {"step": "objective", "order": []}}, "INV-OBJECTIVE-STEP")
    with pytest.raises(dp.PositionError, match="Opposition never has to decide"):
        dp.State.from_dict({"mode": "solo", "turn": {"step": "objective", "to_act": "white"}})


def test_INV_LEADER_CARDS_leader_cards_are_never_in_the_deck_or_discard():
    refused({"deck": ["Lenin"]}, "INV-LEADER-CARDS")
    refused({"discard": ["Kerensky"]}, "INV-LEADER-CARDS")


def test_INV_TRACK_a_marker_at_the_end_of_the_track_means_the_game_is_over():
    refused({"score": 10}, "INV-TRACK")
    s = dp.State.from_dict({"score": -10, "result": {"winner": "white", "reason": "track"}})
    assert s.is_over()


def test_INV_TILES_every_region_tile_is_in_one_place():
    refused({"unrest": "brown", "blockade_tile": "green", "tiles": {"stack": ["red"], "discard": ["blue"]}}, "INV-TILES")
    s = dp.State.from_dict({"unrest": "brown", "blockade_tile": "green", "tiles": {"stack": ["red"]}})
    assert sorted(s.tile_discard) == ["blue", "purple", "white"]


# ---------------------------------------------------------------- shape first (docs/schema/position.json)
@pytest.mark.parametrize("data, path", [
    ({"unrest": ["red"]}, "$.unrest"),
    ({"turn": {"bonus_pending": "no"}}, "$.turn.bonus_pending"),
    ({"turn": {"card": 7}}, "$.turn.card"),
    ({"tiles": {"stack": [None]}}, "$.tiles.stack[0]"),
    ({"date": {"month": "jul", "day": 12.0}}, "$.date.day"),
    ({"seed": 10 ** 5000}, "$.seed"),
    ({"regions": {"red": [{"id": ["R1"]}]}}, "$.regions.red[0]"),
    ({"mode": ["solo"]}, "$.mode"),
])
def test_wrong_types_are_refused_by_the_schema_naming_the_field(data, path):
    with pytest.raises(dp.PositionError) as info:
        dp.State.from_dict(data)
    assert str(info.value).startswith(path) and len(str(info.value)) < 300


def test_decoding_failures_are_position_errors_with_short_messages():
    for text in ("[" * 100_000, '{"seed": ' + "9" * 5000 + "}", b"\xff\xfe{}", '{"a": ' + "x" * 300_000,
                 '{"score": 10, "result": {"winner": "red", "reason": "a\\ud800"}}'):
        with pytest.raises(dp.PositionError) as info:
            dp.State.from_json(text)
        assert len(str(info.value)) < 300


def test_published_schemas_are_the_packaged_ones():
    from pathlib import Path
    from dualpowers.schema import SCHEMAS
    root = Path(__file__).resolve().parents[1]
    assert sorted(p.stem for p in (root / "docs" / "schema").glob("*.json")) == sorted(SCHEMAS)
    for name in SCHEMAS:
        assert (root / "docs" / "schema" / f"{name}.json").read_bytes() == \
            (root / "dualpowers" / "data" / "schema" / f"{name}.json").read_bytes(), name


def test_INV_ENDING_a_finished_game_stores_its_ending_as_a_value_read_from_the_position():
    """Issue 31: the state stored the English reason and the JSON and notation saved it.  Now the
    ending is a value (track, oct-nov, solo-round-3) read from the position; a stated one must
    agree, an old English "reason" is accepted and not read."""
    from dualpowers.scoring import Ending
    s, _ = random_game("two-player", 3)
    over = s.outcome()
    assert over is not None and "end_reason" not in type(s).__slots__
    data = s.to_dict()
    assert data["result"] == {"winner": over.winner, "ending": over.ending.value}
    assert f"end={over.winner[0]}:{over.ending.value}" in s.notation().split()
    assert dp.State.from_dict(data) == s == dp.State.from_notation(s.notation())
    assert s.end_reason == over.message.text
    old = {**data, "result": {"winner": over.winner, "reason": "some English words"}}
    assert dp.State.from_dict(old) == s
    other = next(e for e in Ending if e is not over.ending)
    refused({**data, "result": {"winner": over.winner, "ending": other.value}}, "INV-ENDING")
    with pytest.raises(dp.PositionError, match="ending"):
        dp.State.from_dict({**data, "result": {"winner": over.winner, "ending": "because"}})
