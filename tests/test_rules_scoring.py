"""Strength, scoring, cleanup and the end of the game (R-STR, R-SCO, R-CLN, R-END, E-*)."""

import pytest

import dualpowers as dp
from builders import position, unit
from dualpowers.scoring import reveal_order


def last_turn(**fields):
    """White to play the last card of the action phase (then scoring runs)."""
    fields.setdefault("hands", {}).setdefault("white", ["white-2"])
    turn = {"step": "card", "to_act": "white", "order": ["red", "white"] * 4, "index": 7}
    return position(turn=turn, **fields)


def finish_turn(s):
    s.apply("play white-2")
    return s.apply("pass")


# ----------------------------------------------------------------------------- strength
@pytest.mark.parametrize("red, white, will, winner, by", [
    ([3], [1, 1], "white", "red", "strength"),
    ([2, 1, 0], [2, 1], "white", "red", "tokens"),          # like Example E
    ([2], [2], "white", "white", "will"),
    ([2], [2], "red", "red", "will"),
    ([0], [], "white", "red", "tokens"),                     # a lone token showing 0 still wins
])
def test_R_STR_2_strength_then_token_count_then_will(red, white, will, winner, by):
    tokens = [unit("red", v, "exhausted" if v == 0 else None) for v in red]
    tokens += [unit("white", v) for v in white]
    s = position(will=will, regions={"green": tokens})
    p = dp.force_in_presence(s, "green")
    assert (p.winner, p.decided_by) == (winner, by)
    assert "R-STR-2" in p.reason


def test_R_STR_1_exhausted_side_counts_its_own_strength():
    s = position(regions={"green": [{"id": "R10", "side": "exhausted"}, {"id": "R5", "side": "exhausted"}]})
    assert dp.force_in_presence(s, "green").strength["red"] == 3 + 0


def test_R_STR_2_empty_region_and_only_neutrals_are_nobodys():
    s = position(regions={"green": [unit("neutral", 1)]})
    assert dp.force_in_presence(s, "blue").winner is None
    p = dp.force_in_presence(s, "green")
    assert p.winner is None and p.decided_by is None and "nobody" in p.reason


def test_force_in_presence_tables_and_unknown_region():
    s = position(regions={"green": [unit("red", 2), unit("neutral", 1)]})
    table = dp.presence_table(s)
    assert list(table.index) == list(s.regions)
    assert table.loc["green", "red strength"] == 3 and table.loc["green", "winner"] == "red"
    assert set(dp.force_in_presence(s, "green").to_frame()["token"]) == set(s.tokens_in("green"))
    with pytest.raises(dp.UnknownRegion, match="yellow"):
        dp.force_in_presence(s, "yellow")


# ----------------------------------------------------------------------------- unrest
def test_R_SCO_UNREST_winner_chooses_points_by_month():
    s = last_turn(unrest="brown", date={"month": "jul", "day": 3},
                  regions={"brown": [unit("white", 1), unit("white", 1), unit("white", 1), unit("red", 2)]})
    finish_turn(s)
    assert (s.step, s.to_act) == ("unrest", "white")
    assert dp.ScoreUnrest() in s.legal_actions() and dp.BonusDraw() in s.legal_actions()
    s.apply("score-unrest")
    assert s.score == -3                                        # July: 3 VP toward white


@pytest.mark.parametrize("edition, vp", [("fr", 7), ("it", 6)])
def test_E_FR_E_IT_oct_nov_unrest_value(edition, vp):
    s = last_turn(edition=edition, unrest="brown", date={"month": "oct-nov", "day": 3},
                  regions={"brown": [unit("white", 2)]})
    finish_turn(s)
    s.apply("score-unrest")
    assert s.score == -vp and s.is_over()                       # R-END-2: Oct/Nov ends the game


def test_R_SCO_UNREST_the_bonus_option_is_played_at_once():
    s = last_turn(unrest="brown", regions={"brown": [unit("red", 2)]}, date={"month": "jul", "day": 3})
    finish_turn(s)
    s.apply("bonus-recruit R1 green")
    assert s.score == 0 and s.place["R1"] == "green" and s.round == 2


# ----------------------------------------------------------------------------- objectives
def test_R_SCO_REVEAL_fewer_points_first_and_the_will_breaks_a_tie():
    s = position(score=2)
    assert reveal_order(s) == ("white", "red")
    s = position(score=-1)
    assert reveal_order(s) == ("red", "white")
    s = position(score=0, will="red")
    assert reveal_order(s) == ("white", "red")


def test_R_SCO_OBJ_points_go_to_whoever_is_stronger_even_the_opponent():
    s = last_turn(unrest=None, blockade_tile=None, objectives={"red": "green-4", "white": "blue-6"},
                  regions={"green": [unit("white", 3)], "blue": [unit("white", 1)]})
    events = finish_turn(s)
    assert s.score == -(2 + 3)                                  # white takes both objectives
    texts = [e.text for e in events if e.kind == "objective"]
    assert texts[0].startswith("White reveals") and texts[1].startswith("Red reveals")   # centre, red has the Will


def test_R_SCO_OBJ_both_markers_in_one_region_score_twice_but_exhaust_once():
    s = last_turn(unrest=None, blockade_tile=None, objectives={"red": "green-4", "white": "green-6"},
                  regions={"green": [{"id": "R8"}]})
    finish_turn(s)
    assert s.score == 2 + 3
    assert s.place["R8"] == "green" and s.is_exhausted("R8")   # tired once, not removed


def test_R_SCO_EXHAUST_fresh_tire_and_tired_leave_for_reserve_or_for_good():
    s = last_turn(unrest="white", objectives={"red": "green-4"}, will="white",
                  regions={"white": [{"id": "W5"}, {"id": "Kerensky", "side": "exhausted"},
                                     {"id": "R10", "side": "exhausted"}, {"id": "N5", "side": "exhausted"}]})
    events = finish_turn(s)
    if s.step == "unrest":
        events += s.apply("pass")
    assert s.is_exhausted("W5") and s.place["W5"] == "white"
    assert s.place["R10"] == "reserve" and not s.is_exhausted("R10")
    assert s.place["Kerensky"] == "removed" and s.place["N5"] == "removed"
    # Green (red's objective) is marked but empty: only regions with tokens are mentioned.
    assert [e.text.split()[1] for e in events if e.kind == "exhaust"] == ["white"]


# ----------------------------------------------------------------------------- cleanup and end
def test_R_CLN_tiles_move_on_and_cards_leave():
    s = last_turn(unrest="brown", blockade_tile="green", tiles={"stack": ["red", "blue"], "discard": ["purple", "white"]},
                  played={"red": ["red-3", "Lenin"], "white": ["blue-2"]}, objectives={"red": "purple-6"})
    finish_turn(s)
    assert (s.unrest, s.blockade_tile, s.blockade) == ("green", "red", s.comp.arrows["red"])
    assert s.tile_discard == ["purple", "white", "brown"] and s.tile_stack == ["blue"]
    assert "Lenin" in s.out_of_game
    assert {"red-3", "blue-2", "white-2", "purple-6"} <= set(s.discard) | set(sum(s.hands.values(), []))
    assert s.round == 2 and s.step == "objective"


def test_R_CLN_ruling_no_tile_left_means_no_blockade():
    s = last_turn(unrest="brown", blockade_tile="green", tiles={"stack": [], "discard": ["red", "blue", "white", "purple"]})
    finish_turn(s)
    assert s.unrest == "green" and s.blockade_tile is None and s.blockade is None


def test_R_SCO_MOVE_each_vp_moves_the_marker_one_space_toward_the_scorer():
    from dualpowers.scoring import award
    s = position(score=2)
    award(s, "white", 3, "a test")
    assert s.score == -1
    award(s, "red", 1, "a test")
    assert s.score == 0


def test_R_END_1_reaching_the_end_of_the_track_stops_scoring_at_once():
    length = dp.default_components().track_length
    s = last_turn(score=length - 2, unrest=None, blockade_tile=None,
                  objectives={"red": "green-6", "white": "blue-6"}, will="white",
                  regions={"green": [unit("red", 1)], "blue": [unit("red", 1)]})
    finish_turn(s)
    assert s.is_over() and s.winner() == "red" and s.score == length
    assert "R-END-1" in s.end_reason
    with pytest.raises(dp.IllegalAction, match="over"):
        s.apply("pass")
    assert s.legal_actions() == []


def test_R_END_2_oct_nov_ends_after_scoring_centre_goes_to_the_will_holder():
    s = last_turn(unrest=None, blockade_tile=None, will="white", date={"month": "oct-nov", "day": 5})
    finish_turn(s)
    assert s.is_over() and s.winner() == "white" and "R-END-2" in s.end_reason


def test_R_END_2_a_two_player_game_continues_before_oct_nov():
    s = last_turn(unrest=None, blockade_tile=None, date={"month": "sep", "day": 5})
    finish_turn(s)
    assert not s.is_over() and s.round == 2


def test_R_END_1_R_END_2_R_SOLO_END_the_outcome_is_a_value():
    from dualpowers.scoring import Ending, Outcome
    s = dp.new_game(seed=1)
    assert s.outcome() is None
    for mode, seed, kw in (("two-player", 6, {}), ("solo", 2, {"player": "white", "difficulty": 3}),
                           ("solo", 1, {"difficulty": 1})):
        s = dp.new_game(mode, seed, **kw)
        rng = __import__("random").Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        o = s.outcome()
        assert isinstance(o, Outcome) and o.winner == s.winner()
        if abs(s.score) == s.comp.track_length:
            assert o.ending is Ending.TRACK and "R-END-1" in s.end_reason and not o.decided_by_will
        elif mode == "solo":
            assert o.ending is Ending.SOLO_ROUND and "R-SOLO-END" in s.end_reason
        else:
            assert o.ending is Ending.OCT_NOV and "R-END-2" in s.end_reason
        assert o.decided_by_will == (s.score == 0) == ("Will holder wins" in s.end_reason)
        # The outcome is read from the position: it survives a round trip.
        assert dp.State.from_notation(s.notation()).outcome() == o


def test_R_END_2_a_tie_at_the_centre_is_decided_by_the_will():
    from dualpowers.scoring import Ending, Outcome, finish_on_track
    s = position(score=0, will="white")
    finish_on_track(s, Ending.OCT_NOV)
    assert s.outcome() == Outcome("white", Ending.OCT_NOV, decided_by_will=True)
    assert s.end_reason.endswith("so the Will holder wins")


def test_R_STR_2_the_quiet_tally_and_the_explained_presence_agree():
    # strength_tally and stronger_side (scoring's and the advisor's quiet path) give the
    # sums and the winner that force_in_presence explains, on positions of random games.
    import random

    from dualpowers.presence import strength_tally, stronger_side

    for g in range(12):
        s = dp.new_game("solo" if g % 2 else "two-player", g, player="white" if g % 4 == 1 else "red",
                        difficulty=1 + g % 6)
        rng = random.Random(g)
        for _ in range(rng.randrange(20, 80)):
            if s.is_over():
                break
            s.push(rng.choice(s.legal_actions()))
        for region in s.regions:
            p = dp.force_in_presence(s, region)
            assert strength_tally(s, region) == (p.strength, p.tokens, p.neutral_controller)
            assert stronger_side(s, region) == p.winner


def test_R_SCO_REVEAL_objective_markers_follow_the_scoring_as_told():
    """Marker 1 on the unrest region, 2 and 3 on the objectives in reveal order, all back at
    cleanup (R-SCO-UNREST, R-SCO-REVEAL, R-CLN): what a screen telling the scoring draws."""
    from dualpowers.scoring import objective_markers
    s = last_turn(unrest="brown", objectives={"red": "green-4", "white": "blue-6"}, score=2,
                  regions={"green": [unit("white", 3)], "blue": [unit("white", 1)]})   # nobody in brown decides
    s.apply("play white-2")
    events = s.apply("pass", boards=True)
    told = [(e.kind, objective_markers(events[:i + 1])) for i, e in enumerate(events)]
    reveals = [m for kind, m in told if kind == "objective"]
    assert reveals[0] == {1: "brown", 2: "blue"}                       # white is behind: reveals first
    assert reveals[-1] == {1: "brown", 2: "blue", 3: "green"}
    first_cleanup = next(i for i, (kind, _) in enumerate(told) if kind == "cleanup")
    assert all(not m for _, m in told[first_cleanup:])                  # the markers go back at cleanup
    assert objective_markers([]) == {}


def test_R_SCO_UNREST_marker_1_stays_while_the_unrest_winner_decides():
    """The action taken at the unrest step starts with marker 1 on the board."""
    from dualpowers.scoring import objective_markers
    s = last_turn(unrest="brown", objectives={"red": "green-4", "white": "blue-6"},
                  regions={"brown": [unit("white", 3)]})
    s.apply("play white-2")
    s.apply("pass")
    assert s.step == "unrest" and s.to_act == "white"
    events = s.apply("pass", boards=True)
    assert objective_markers(events[:1]) == {1: "brown"}
    assert objective_markers([e for e in events if e.kind != "cleanup"][:3]).get(1) == "brown"


def test_R_SCO_OBJ_a_side_without_an_objective_reveals_nothing_and_the_one_revealed_takes_marker_2():
    """(ruling) Red holds no objective (ENGINE-EMPTY) and would reveal first (white holds the
    Will at the centre): nothing of red's is revealed, and white's card takes marker 2, not 3."""
    from dualpowers.scoring import objective_markers
    s = last_turn(unrest=None, blockade_tile=None, will="white", objectives={"white": "blue-6"},
                  regions={"blue": [unit("white", 1)]})
    assert reveal_order(s) == ("red", "white")
    s.apply("play white-2")
    events = s.apply("pass", boards=True)
    reveals = [e for e in events if e.kind == "objective"]
    assert [e.params.get("card") for e in reveals] == [None, "blue-6"]      # red: "no objective"
    after = objective_markers(events[:events.index(reveals[-1]) + 1])
    assert after == {2: "blue"}
    assert s.score == -3 and s.discard.count("blue-6") == 1
