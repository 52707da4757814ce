"""The solo game against the Opposition (R-SOLO-*)."""

import pytest

import dualpowers as dp


def solo(**kw):
    kw.setdefault("player", "white")
    kw.setdefault("difficulty", 3)
    return dp.new_game("solo", kw.pop("seed", 4), **kw)


def test_R_SOLO_SETUP_the_opposition_uses_its_units_and_the_other_factions_leaders():
    s = solo()
    assert (s.player, s.opposition, s.difficulty) == ("white", "red", 3)
    assert not any(s.place[t] == "reserve" for t in s.comp.tokens if s.spec(t).owner == "red" and s.spec(t).kind == "unit")
    assert len(s.supply()) + sum(1 for r in s.regions for t in s.tokens_in(r) if s.spec(t).owner == "opposition") == 27
    assert sorted(s.opp_leaders + [c for c in s.out_of_game]) == sorted(s.comp.leaders_of("red"))
    assert all(c not in s.comp.leaders or s.comp.leaders[c].faction == "white" for c in s.hands["white"])


def test_R_SOLO_DRAW_four_to_hand_one_face_down_objective_five_to_the_stack():
    s = solo()
    assert sum(c in s.comp.cards for c in s.hands["white"]) == 4
    assert s.objectives["white"] in s.comp.cards and not s.revealed["white"]
    assert s.view("white").objective is None                  # the player does not know it
    assert s.view("white").data["objectives"]["white"] == "?"
    assert len(s.opp_stack) + len(s.played["red"]) == 5


def test_R_SOLO_OBJ_a_leader_enters_the_unrest_region_and_the_opposition_takes_the_will():
    s = solo(player="red")
    (leader,) = [c for c in s.out_of_game if c in s.comp.leaders]
    assert s.place[leader] == s.unrest and s.comp.leaders[leader].faction == "white"
    assert s.will == "white"           # taken at the objective phase; its own first turn cannot lose it


def test_R_SOLO_ORDER_the_opposition_plays_first_and_last():
    s = solo()
    assert s.turn_order == ("red", "white") * 4 + ("red",)
    assert len(s.played["red"]) == 1 and s.to_act == "white" and s.turn_index == 1


def test_R_SOLO_OPP_TURN_places_a_unit_of_the_cards_recruit_level_in_its_region():
    s = solo()
    card = s.comp.cards[s.played["red"][0]]
    placed = [t for t in s.tokens_in(card.region) if s.spec(t).owner == "opposition"]
    assert card.recruit in [s.spec(t).level for t in placed] and len(s.supply()) == 26


def test_R_SOLO_OPP_TURN_bonus_unit_in_unrest_and_nothing_when_a_level_is_used_up():
    regions = {"green": [{"id": f"O3{c}"} for c in "abcdefghi"]}
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "unrest": "brown",
        "date": {"month": "jul", "day": 11}, "regions": regions,
        "opposition": {"stack": ["red-4b"]}, "hands": {"white": ["white-2"]},
        "turn": {"step": "card", "to_act": "white", "index": 7},
    })
    s.apply("play white-2")            # day 13
    events = s.apply("pass")           # the Opposition plays red-4b: day 17, recruit 3 but no level-3 unit left
    texts = [e.text for e in events]
    reveal = texts.index("The Opposition reveals red-4 (2nd).")
    assert "no level-3 unit left" in texts[reveal + 2]


def test_R_SOLO_OPP_TURN_on_15_the_opposition_adds_a_level_1_unit_to_unrest():
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "unrest": "brown",
        "date": {"month": "jul", "day": 9}, "opposition": {"stack": ["red-4"]},
        "hands": {"white": ["white-2"]}, "turn": {"step": "card", "to_act": "white", "index": 7},
    })
    s.apply("play white-2")            # day 11
    events = s.apply("pass")           # the Opposition: red-4 -> day 15: unit in red and a bonus unit in brown
    assert any(s.spec(t).level == 2 for t in s.tokens_in("red"))
    assert any(s.spec(t).level == 1 for t in s.tokens_in("brown"))
    assert any("bonus recruit" in e.text for e in events)


def test_R_SOLO_exhausted_opposition_units_show_the_difficulty():
    s = dp.State.from_dict({"mode": "solo", "solo": {"player": "red", "difficulty": 5},
                            "regions": {"green": [{"id": "O1a", "side": "exhausted"}]}})
    assert s.strength_of("O1a") == 5 and s.controller("O1a") == "white"


def test_R_SOLO_UNREST_the_opposition_always_scores_the_unrest_region():
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "unrest": "brown",
        "date": {"month": "jul", "day": 3}, "regions": {"brown": [{"id": "O3a"}]},
        "opposition": {"stack": ["green-2"]}, "hands": {"white": ["white-2"]},
        "objectives": {"white": "white-6"}, "turn": {"step": "card", "to_act": "white", "index": 7},
    })
    s.apply("play white-2")
    events = s.apply("pass")
    assert any("always scores" in e.text for e in events)
    assert any("3 VP for the unrest region" in e.text for e in events)
    reveals = [e.text for e in events if e.kind == "objective" and "reveals" in e.text]
    assert reveals and all(t.startswith(("The Opposition reveals", "White reveals")) for t in reveals)
    assert any(t.startswith("The Opposition reveals") for t in reveals)


def test_R_SOLO_END_after_round_3_scoring():
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "round": 3, "unrest": None,
        "blockade": None, "opposition": {"stack": ["green-2"]}, "hands": {"white": ["white-2"]},
        "turn": {"step": "card", "to_act": "white", "index": 7}, "score": -3,
    })
    s.apply("play white-2")
    s.apply("pass")
    assert s.is_over() and s.winner() == "white" and "R-SOLO-END" in s.end_reason


def test_R_ACT_SPY_in_solo_reveals_your_own_objective_and_organize_does_too():
    s = dp.State.from_dict({"mode": "solo", "solo": {"player": "white", "difficulty": 1},
                            "hands": {"white": ["Kornilov"]}, "objectives": {"white": "blue-4"},
                            "turn": {"step": "card", "to_act": "white", "index": 1}})
    s.apply("play Kornilov")
    s.apply("espionage")
    assert s.revealed["white"] and s.view("white").objective == "blue-4"
    s2 = dp.State.from_dict({"mode": "solo", "solo": {"player": "white", "difficulty": 1},
                             "objectives": {"white": "blue-4"},
                             "turn": {"step": "bonus", "to_act": "white", "index": 1, "bonus_pending": True}})
    assert dp.Organize() in s2.legal_actions()
    s2.apply("organize")
    assert s2.revealed["white"]


# ----------------------------------------------------------------------------- objective selection
def cards(*specs):
    return [dp.CommandCard(region=r, days=d, recruit=1, action="move", vp=v) for r, d, v in specs]


def test_R_SOLO_OBJECTIVE_highest_day_sum_wins():
    card, why = dp.opposition_objective(cards(("red", 2, 1), ("blue", 5, 1), ("red", 4, 2)))
    assert card.region == "red" and why.decided_by == "sum" and why.sums == {"red": 6, "blue": 5}


def test_R_SOLO_OBJECTIVE_tie_goes_to_more_cards():
    card, why = dp.opposition_objective(cards(("red", 2, 1), ("red", 4, 2), ("blue", 6, 3)))
    assert card.region == "red" and why.decided_by == "cards"


def test_R_SOLO_OBJECTIVE_then_to_the_most_recent_card_example_H():
    ids = ["red-2", "red-4", "purple-4", "brown-5", "purple-2"]     # the Italian, consistent Example H
    card, why = dp.opposition_objective(ids)
    assert card.id == "purple-4" and why.decided_by == "latest"
    assert why.sums == {"red": 6, "purple": 6, "brown": 5}
    assert len(why.steps) >= 4 and "purple-2" in str(why)
    assert why.to_frame().loc["purple", "chosen"]


def test_R_SOLO_OBJECTIVE_ruling_equal_vp_goes_to_the_later_card():
    card, why = dp.opposition_objective([
        dp.CommandCard(region="red", days=3, recruit=1, action="move", vp=2, id="first"),
        dp.CommandCard(region="red", days=3, recruit=2, action="rest", vp=2, id="second"),
    ])
    assert card.id == "second" and why.card_decided_by == "latest"


def test_R_SOLO_OBJECTIVE_needs_cards():
    with pytest.raises(dp.IllegalAction, match="no card"):
        dp.opposition_objective([])
    with pytest.raises(dp.IllegalAction, match="not a command card"):
        dp.opposition_objective(["Lenin"])


# ----------------------------------------------------------------------------- rulings of this turn
def test_R_SCO_UNREST_solo_the_bonus_instead_of_the_points_is_one_of_four_never_organize():
    """(ruling) The unrest winner's bonus is Recruit, Move, Rest or Draw: Organize, solo's fifth
    bonus, is offered on 15/31 but not here; asked for, it is refused and nothing changes."""
    s = dp.State.from_dict({"mode": "solo", "solo": {"player": "white", "difficulty": 1}, "unrest": "brown",
                            "objectives": {"white": "blue-4"}, "regions": {"brown": [{"id": "W5"}]},
                            "turn": {"step": "unrest", "to_act": "white", "index": 9}})
    kinds = {type(a) for a in s.legal_actions()}
    assert {dp.ScoreUnrest, dp.BonusRecruit, dp.BonusMove, dp.BonusDraw, dp.Pass} <= kinds
    assert dp.Organize not in kinds
    before = s.clone()
    with pytest.raises(dp.IllegalAction) as refused:
        s.apply("organize")
    assert refused.value.rule == "R-SCO-UNREST" and s == before
    on_15 = dp.State.from_dict({"mode": "solo", "solo": {"player": "white", "difficulty": 1},
                                "objectives": {"white": "blue-4"},
                                "turn": {"step": "bonus", "to_act": "white", "index": 1, "bonus_pending": True}})
    assert dp.Organize() in on_15.legal_actions()


@pytest.mark.parametrize("player", ["white", "red"])
def test_R_CAL_TROTSKY_2_in_solo_red_trotsky_serves_whoever_plays_red_with_his_own_strengths(player):
    """In August red Trotsky replaces the neutral one for the red faction: the Opposition when the
    player is white, the player when red; an exhausted red Trotsky shows his own exhausted
    strength, not the difficulty X of the Opposition's units (C-OPP)."""
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": player, "difficulty": 6}, "unrest": "brown",
        "date": {"month": "jul", "day": 28}, "regions": {"green": [{"id": "Trotsky", "side": "exhausted"}]},
        "opposition": {"stack": ["green-2"]}, "hands": {player: ["red-4"]},
        "turn": {"step": "card", "to_act": player, "index": 7},
    })
    s.apply("play red-4")                   # July 28 + 4: August 1
    assert s.month_name == "aug" and s.place["RedTrotsky"] == "green" and s.is_exhausted("RedTrotsky")
    assert s.controller("RedTrotsky") == "red"
    assert (s.opposition == "red") == (player == "white")
    assert s.strength_of("RedTrotsky") == s.spec("RedTrotsky").exhausted != 6
    assert dp.force_in_presence(s, "green").strength["red"] == s.spec("RedTrotsky").exhausted


def test_R_SOLO_OPP_TURN_the_cards_unit_comes_before_the_15_31_unit():
    """(ruling) One level-1 unit left, a level-1 card reaching the 15th: the card's region gets
    it and the unrest region gets none."""
    level_1 = [t for t, spec in dp.default_components().tokens.items() if spec.owner == "opposition" and spec.level == 1]
    s = dp.State.from_dict({
        "mode": "solo", "solo": {"player": "white", "difficulty": 2}, "unrest": "brown",
        "date": {"month": "jul", "day": 11}, "regions": {"green": [{"id": t} for t in level_1[1:]]},
        "opposition": {"stack": ["red-2"]}, "hands": {"white": ["white-2"]},
        "turn": {"step": "card", "to_act": "white", "index": 7},
    })
    card = s.comp.cards["red-2"]
    assert [t for t in s.supply() if s.spec(t).level == 1] == [level_1[0]]
    assert card.recruit == 1 and s.day + 2 + card.days == 15
    s.apply("play white-2")            # day 13
    events = s.apply("pass")           # the Opposition: red-2 -> day 15
    assert s.place[level_1[0]] == "red"
    assert not any(s.spec(t).owner == "opposition" for t in s.tokens_in("brown"))
    assert any("no level-1 unit left" in e.text for e in events)
