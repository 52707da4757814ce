"""Setup, turn structure and every action (S-*, P-*, R-NEU-1, R-ACT-*), rule by rule."""

import pytest

import dualpowers as dp
from builders import at_card_step, position, unit


# ----------------------------------------------------------------------------- setup
def test_S_1_S_2_S_3_two_player_setup():
    s = dp.new_game(seed=11)
    for side in ("red", "white"):
        assert len(s.hands[side]) == 8                                  # 3 leaders + 5 drawn
        assert sum(c in s.comp.leaders for c in s.hands[side]) == 3
        assert len([t for t in s.reserve(side) if s.spec(t).kind == "unit"]) == 10
    for r in s.regions:                                                 # one fresh neutral each
        (t,) = s.tokens_in(r)
        assert s.spec(t).owner == "neutral" and not s.is_exhausted(t)
    assert (s.score, s.will, s.month_name, s.day) == (0, "red", "mar-apr", 1)
    assert s.place["Trotsky"] == s.place["RedTrotsky"] == "waiting"
    assert s.unrest != s.blockade_tile and s.blockade == s.comp.arrows[s.blockade_tile]
    assert len(s.tile_stack) == 4 and len(s.deck) == 38
    assert (s.step, s.to_act) == ("objective", "red")


def test_S_3_shuffles_come_from_the_seed_only():
    assert dp.new_game(seed=5) == dp.new_game(seed=5)
    assert dp.new_game(seed=5).deck != dp.new_game(seed=6).deck


def test_new_game_rejects_bad_options():
    with pytest.raises(ValueError, match="mode"):
        dp.new_game(mode="three-player")
    with pytest.raises(ValueError, match="difficulty"):
        dp.new_game("solo", difficulty=7)
    with pytest.raises(ValueError, match="edition"):
        dp.new_game(edition="en")


# ----------------------------------------------------------------------------- round structure
def test_P_OBJ_objective_must_be_a_command_card_and_stays_secret():
    s = dp.new_game(seed=3)
    with pytest.raises(dp.IllegalAction, match="leader card"):
        s.apply(dp.ChooseObjective("Lenin"))
    card = next(c for c in s.hands["red"] if c in s.comp.cards)
    s.apply(dp.ChooseObjective(card))
    assert s.objectives["red"] == card and card not in s.hands["red"]
    assert s.view("white").data["objectives"]["red"] == "?"
    assert s.to_act == "white"


def test_P_ACT_turn_order_is_fixed_when_the_phase_starts_even_if_the_will_changes():
    s = dp.new_game(seed=3)
    for _ in range(2):
        s.apply(next(a for a in s.legal_actions() if isinstance(a, dp.ChooseObjective)))
    assert s.turn_order == ("red", "white") * 4
    # White inspires the people on their first turn: the order does not change (ruling).
    s.apply(next(a for a in s.legal_actions() if a.card not in s.comp.leaders))
    while s.step != "card":
        s.apply(dp.Pass())
    s.apply("play Kerensky")
    s.apply("inspire")
    while s.step != "card":
        s.apply(dp.Pass())
    assert s.will == "white" and s.to_act == "red" and s.turn_order == ("red", "white") * 4


def test_P_DRAW_an_empty_deck_is_rebuilt_from_the_shuffled_discard():
    others = [c for c in dp.default_components().cards if c != "green-2"]
    s = position(deck=[], discard=others, hands={"red": ["green-2"]}, will="red",
                 turn={"step": "bonus", "to_act": "red", "bonus_pending": True})
    events = s.apply("bonus-draw")
    assert any(e.kind == "reshuffle" for e in events)
    commands = [c for c in s.hands["red"] if c in s.comp.cards]
    assert len(commands) == 2 and len(s.deck) == 46 and s.discard == []


# ----------------------------------------------------------------------------- control
def test_R_NEU_1_neutrals_obey_the_will_holder_only_beside_their_own_token():
    s = position(will="red", regions={"green": [unit("neutral", 1), unit("red", 2)],
                                      "blue": [unit("neutral", 1), unit("white", 3)]})
    green_n = next(t for t in s.tokens_in("green") if s.spec(t).owner == "neutral")
    blue_n = next(t for t in s.tokens_in("blue") if s.spec(t).owner == "neutral")
    assert s.controller(green_n) == "red"
    assert s.controller(blue_n) is None          # red holds the Will but has no token in blue
    p = dp.force_in_presence(s, "blue")
    assert p.strength == {"red": 0, "white": 3} and "count for nobody" in p.neutral_reason


# ----------------------------------------------------------------------------- command actions
def test_R_ACT_CMD_recruit_or_the_printed_action_never_both_and_passing_is_allowed():
    s = at_card_step("red", ["red-2"], regions={"red": [unit("red", 1)]})
    s.apply("play red-2")
    kinds = {type(a) for a in s.legal_actions()}
    assert kinds == {dp.Recruit, dp.Move, dp.Pass}
    with pytest.raises(dp.IllegalAction, match="Recruit or Move"):
        s.apply(dp.Rest("R1"))
    day = s.day
    s.apply("pass")
    assert s.day == day and s.to_act == "white" and s.played["red"] == ["red-2"]


def test_R_ACT_RECRUIT_every_distinct_subset_within_the_recruit_value():
    s = at_card_step("red", ["red-5b"])          # recruit value 3
    s.apply("play red-5b")
    recruits = [a for a in s.legal_actions() if isinstance(a, dp.Recruit)]
    costs = sorted(sum(s.spec(u).recruit for u in a.units) for a in recruits)
    assert max(costs) == 3 and min(costs) == 1
    assert all(len(set(a.units)) == len(a.units) for a in recruits)
    assert dp.Recruit(("R1", "R2", "R3")) in recruits
    with pytest.raises(dp.IllegalAction, match="gives 3"):
        s.apply(dp.Recruit(("R8", "R1")))
    s.apply(dp.Recruit(("R2", "R5")))            # any interchangeable ids are accepted
    assert s.tokens_in("red") == ["R2", "R5"] and not s.is_exhausted("R5")


def test_R_ACT_RECRUIT_impossible_when_no_reserve_unit_fits():
    s = at_card_step("red", ["red-2"], regions={"blue": [{"id": f"R{i}"} for i in range(1, 5)]})
    s.apply("play red-2")                         # recruit 1, but every value-1 unit is out
    assert not any(isinstance(a, dp.Recruit) for a in s.legal_actions())
    with pytest.raises(dp.IllegalAction, match="not in Red's reserve"):
        s.apply(dp.Recruit(("R1",)))


def test_R_ACT_MOVE_one_step_over_an_open_connection():
    s = at_card_step("white", ["blue-2"], blockade=["green", "red"],
                     regions={"green": [{"id": "Kerensky"}], "blue": [unit("white", 2)]})
    s.apply("play blue-2")
    with pytest.raises(dp.IllegalAction, match="blockade"):
        s.apply(dp.Move("Kerensky", "red"))
    with pytest.raises(dp.IllegalAction, match="not connected"):
        s.apply(dp.Move("Kerensky", "brown"))
    before = s.clone()
    with pytest.raises(dp.IllegalAction):
        s.apply(dp.Move("Kerensky", "red"))
    assert s == before                             # illegal: state untouched
    s.apply(dp.Move("W5", "white"))
    assert s.place["W5"] == "white"


def test_R_ACT_MOVE_a_token_keeps_its_side_and_only_controlled_tokens_move():
    s = at_card_step("red", ["red-2"], will="white",
                     regions={"green": [unit("red", 0, "exhausted"), unit("neutral", 1)]})
    s.apply("play red-2")
    neutral = next(t for t in s.tokens_in("green") if s.spec(t).owner == "neutral")
    with pytest.raises(dp.IllegalAction, match="does not control"):
        s.apply(dp.Move(neutral, "blue"))
    mover = next(t for t in s.tokens_in("green") if s.spec(t).owner == "red")
    s.apply(dp.Move(mover, "blue"))
    assert s.is_exhausted(mover)


def test_R_ACT_DMOVE_one_token_one_or_two_steps():
    s = at_card_step("red", ["red-3b"], blockade=["white", "brown"], regions={"green": [unit("red", 3)]})
    s.apply("play red-3b")
    dests = {a.to for a in s.legal_actions() if isinstance(a, dp.DoubleMove)}
    assert dests == {"red", "blue", "white", "purple"}     # brown is behind the blockade on white-brown
    assert "brown" not in dests
    s.apply(dp.DoubleMove("R8", "purple", "red"))
    assert s.place["R8"] == "purple"


def test_R_ACT_DMOVE_rejects_a_blocked_path_and_returning_home():
    s = at_card_step("red", ["red-3b"], blockade=["green", "red"], regions={"green": [unit("red", 3)]})
    s.apply("play red-3b")
    with pytest.raises(dp.IllegalAction, match="blockade"):
        s.apply(dp.DoubleMove("R8", "purple", "red"))
    with pytest.raises(dp.IllegalAction, match="must end away"):
        s.apply(dp.DoubleMove("R8", "green", "blue"))


def test_R_ACT_REST_flips_only_an_exhausted_controlled_token():
    s = at_card_step("red", ["red-3"], regions={"red": [{"id": "R9", "side": "exhausted"}, {"id": "R8"}]})
    s.apply("play red-3")
    assert [a for a in s.legal_actions() if isinstance(a, dp.Rest)] == [dp.Rest("R9")]
    with pytest.raises(dp.IllegalAction, match="already fresh"):
        s.apply(dp.Rest("R8"))
    s.apply(dp.Rest("R9"))
    assert not s.is_exhausted("R9")


# ----------------------------------------------------------------------------- leaders
def test_R_ACT_LEADER_recruit_into_any_region_and_special_in_either_order():
    s = at_card_step("red", ["Lenin"], will="white")
    s.apply("play Lenin")
    assert s.step == "leader"
    s.apply("inspire")                            # special first
    assert s.will == "red" and s.step == "leader"
    s.apply("leader-recruit brown")               # then the recruit, anywhere
    assert s.place["Lenin"] == "brown" and s.step == "card" and s.to_act == "white"
    assert "Lenin" not in s.hands["red"]


def test_R_ACT_LEADER_each_part_is_optional():
    s = at_card_step("red", ["Kamenev"])
    s.apply("play Kamenev")
    s.apply("pass")
    assert s.place["Kamenev"] == "reserve" and s.to_act == "white"


def test_R_ACT_PROTEST_moves_the_blockade_to_another_connection():
    s = at_card_step("red", ["Kamenev"], blockade=["green", "red"])
    s.apply("play Kamenev")
    protests = [a for a in s.legal_actions() if isinstance(a, dp.Protest)]
    assert len(protests) == len(s.comp.connections) - 1
    with pytest.raises(dp.IllegalAction, match="already on"):
        s.apply(dp.Protest(("green", "red")))
    with pytest.raises(dp.IllegalAction, match="not a connection"):
        s.apply(dp.Protest(("green", "brown")))
    s.apply("protest blue-white")
    assert s.blockade == ("blue", "white")


def test_R_ACT_SPY_reveals_the_opponents_objective():
    s = at_card_step("red", ["Stalin"], objectives={"white": "green-4"})
    s.apply("play Stalin")
    s.apply("espionage")
    assert s.revealed["white"] and s.view("red").data["objectives"]["white"] == "green-4"


def test_R_ACT_INSPIRE_takes_the_will_and_is_refused_when_already_held():
    s = at_card_step("white", ["Kerensky"], will="white")
    s.apply("play Kerensky")
    assert dp.Inspire() not in s.legal_actions()
    with pytest.raises(dp.IllegalAction, match="already holds"):
        s.apply("inspire")


def test_E_IT_leader_recruit_also_rests_controlled_exhausted_neutrals():
    regions = {"green": [unit("neutral", 0, "exhausted"), unit("red", 1)]}
    for edition, rested in (("it", True), ("fr", False)):
        s = at_card_step("red", ["Stalin"], edition=edition, regions=regions)
        s.apply("play Stalin")
        s.apply("leader-recruit green")
        neutral = next(t for t in s.tokens_in("green") if s.spec(t).owner == "neutral")
        assert s.is_exhausted(neutral) is not rested


# ----------------------------------------------------------------------------- bonus actions
def test_R_ACT_BONUS_earned_on_15_or_31_and_taken_after_the_action():
    s = at_card_step("red", ["purple-4"], date={"month": "jul", "day": 11})
    s.apply("play purple-4")
    assert s.bonus_pending and s.step == "command"
    s.apply("recruit R5")
    assert s.step == "bonus"
    kinds = {type(a) for a in s.legal_actions()}
    assert {dp.BonusRecruit, dp.BonusMove, dp.BonusDraw, dp.Pass} <= kinds and dp.Organize not in kinds
    s.apply("bonus-recruit R1 brown")
    assert s.place["R1"] == "brown" and s.to_act == "white"


def test_R_ACT_BONUS_recruit_takes_a_value_1_unit_only():
    s = position(will="red", turn={"step": "bonus", "to_act": "red", "bonus_pending": True})
    with pytest.raises(dp.IllegalAction, match="recruit value 1"):
        s.apply("bonus-recruit R5 green")


def test_R_ACT_BONUS_draw_grows_the_hand_for_good():
    s = position(will="red", hands={"red": ["red-2"]}, turn={"step": "bonus", "to_act": "red", "bonus_pending": True})
    before = len(s.hands["red"])
    s.apply("bonus-draw")
    assert len(s.hands["red"]) == before + 1


def test_R_ACT_BONUS_organize_is_solo_only():
    s = position(will="red", turn={"step": "bonus", "to_act": "red", "bonus_pending": True})
    with pytest.raises(dp.IllegalAction, match="solo"):
        s.apply("organize")


def test_illegal_actions_name_the_reason_and_leave_the_state_unchanged():
    s = dp.new_game(seed=2)
    before = s.clone()
    for bad, why in ((dp.PlayCard("red-2"), "secret objective"), ("play Lenin", "secret objective"),
                     ("objective nosuch", "not in Red's hand"), ("fly R1", "unknown action")):
        with pytest.raises(dp.IllegalAction, match=why):
            s.apply(bad)
        assert s == before


def test_E_IT_leader_recruit_rests_neutral_units_but_never_neutral_trotsky():
    regions = {"green": [{"id": "Trotsky", "side": "exhausted"}, unit("neutral", 0, "exhausted"), unit("red", 1)]}
    s = at_card_step("red", ["Stalin"], edition="it", regions=regions, date={"month": "jul", "day": 3})
    s.apply("play Stalin")
    events = s.apply("leader-recruit green")
    neutral = next(t for t in s.tokens_in("green") if s.spec(t).owner == "neutral" and s.spec(t).kind == "unit")
    assert not s.is_exhausted(neutral) and s.is_exhausted("Trotsky")
    assert "Trotsky" not in " ".join(e.text for e in events if e.kind == "rest")


# ----------------------------------------------------------------------------- passing
def test_P_OBJ_no_pass_while_a_command_card_is_in_hand():
    s = dp.new_game("two-player", 1)
    before = s.clone()
    assert dp.Pass() not in s.legal_actions() and not s.is_legal(dp.Pass())
    with pytest.raises(dp.IllegalAction, match="must place one"):
        s.apply("pass")
    assert s == before
    # Only a hand without any command card places nothing (ENGINE-EMPTY).
    s = position(hands={"red": ["Lenin"]}, turn={"step": "objective", "to_act": "red"})
    assert s.legal_actions() == [dp.Pass()] and s.is_legal(dp.Pass())
    s.apply("pass")
    assert s.objectives["red"] is None and s.to_act == "white"


def test_P_ACT_no_pass_while_the_hand_holds_a_card():
    for hand in (["purple-4"], ["Lenin"]):
        s = at_card_step("red", hand)
        before = s.clone()
        assert not s.is_legal(dp.Pass())
        with pytest.raises(dp.IllegalAction, match="never skipped"):
            s.apply(dp.Pass())
        assert s == before
    # With an empty hand the turn passes (ENGINE-EMPTY).
    s = at_card_step("red", [], out_of_game=["Lenin", "Stalin", "Kamenev"])
    assert s.legal_actions() == [dp.Pass()]
    s.apply("pass")
    assert s.to_act == "white"


def test_ENGINE_EMPTY_pass_is_legal_exactly_where_it_is_offered():
    s = dp.new_game("solo", 5, difficulty=2)
    rng = __import__("random").Random(5)
    while not s.is_over():
        legal = s.legal_actions()
        assert s.is_legal(dp.Pass()) == (dp.Pass() in legal), (s.step, s.to_act)
        s.apply(rng.choice(legal))


# ----------------------------------------------------------------------------- malformed actions
@pytest.mark.parametrize("build, field", [
    (lambda: dp.Move(token=["R1"], to="red"), "token"),
    (lambda: dp.Move("R1", 3), "to"),
    (lambda: dp.Move(None, "red"), "token"),
    (lambda: dp.PlayCard(4), "card"),
    (lambda: dp.Recruit("R1"), "units"),
    (lambda: dp.Recruit(()), "units"),
    (lambda: dp.Recruit(("R1", 2)), "units"),
    (lambda: dp.DoubleMove("R1", "red", via=["blue"]), "via"),
    (lambda: dp.Protest(("green",)), "connection"),
    (lambda: dp.Protest("green-red"), "connection"),
    (lambda: dp.BonusRecruit("R1", {"r": 1}), "region"),
    (lambda: dp.ChooseObjective("red 4"), "card"),
])
def test_wrong_typed_action_fields_raise_IllegalAction_naming_the_field(build, field):
    with pytest.raises(dp.IllegalAction, match=f"field '{field}'"):
        build()


def test_anything_that_is_not_an_action_is_refused_and_changes_nothing():
    s = dp.new_game(seed=2)
    before = s.clone()
    for bad in (42, None, ["play", "red-2"], dp.Move, object()):
        with pytest.raises(dp.IllegalAction):
            s.apply(bad)
        assert not s.is_legal(bad)
        assert s == before


def test_every_action_kind_has_one_record_with_a_known_rule_and_a_text_form():
    """Each kind of action is one record of the registry (dualpowers.kinds), with a known rule."""
    from dualpowers import kinds
    from dualpowers.turn import STEP_RULES
    ids = {r.id for r in dp.rules()}
    assert set(kinds.KINDS) == {k.cls for k in kinds.BY_WORD.values()}
    for cls, kind in kinds.KINDS.items():
        assert kind.rule in ids, (cls, kind.rule)
        assert cls.__doc__ and (kind.rule in cls.__doc__ or cls is dp.Pass)
        assert set(kind.steps) <= set(STEP_RULES) and kind.steps
    assert [k.order for k in kinds.ordered()] == sorted({k.order for k in kinds.ordered()})   # no two share a place
    samples = [dp.ChooseObjective("red-4"), dp.PlayCard("Lenin"), dp.Recruit(("R1", "R2")), dp.Move("W3", "white"),
               dp.DoubleMove("N2", "red"), dp.DoubleMove("N2", "red", "blue"), dp.Rest("R1"),
               dp.LeaderRecruit("green"), dp.Protest(("blue", "white")), dp.Espionage(), dp.Inspire(),
               dp.BonusRecruit("R1", "brown"), dp.BonusMove("R1", "red"), dp.BonusRest("W2"), dp.BonusDraw(),
               dp.Organize(), dp.ScoreUnrest(), dp.Pass()]
    assert {type(a) for a in samples} == set(kinds.KINDS)
    for a in samples:
        assert dp.parse_action(str(a)) == a
    assert str(dp.DoubleMove("N2", "red", "blue")) == "double-move N2 red via blue"
    assert str(dp.Protest(("blue", "white"))) == "protest blue-white"
    for text in ("move R1", "move R1 red blue", "double-move R1 red by blue", "recruit", "protest blue",
                 "espionage now", "play"):
        with pytest.raises(dp.IllegalAction):
            dp.parse_action(text)


@pytest.mark.parametrize("typed, canonical", [
    ("MOVE w3 Red", "move W3 red"),
    ("Pass", "pass"),
    ("Double-Move n2 RED Via Blue", "double-move N2 red via blue"),
    ("protest Blue-WHITE", "protest blue-white"),
    ("Recruit r1 R2", "recruit R1 R2"),
    ("PLAY Purple-4", "play purple-4"),
    ("play lenin", "play Lenin"),
    ("Bonus-Recruit r1 GREEN", "bonus-recruit R1 green"),
    ("move zz9 red", "move zz9 red"),           # names nothing: kept as typed, for the rules to refuse
])
def test_actions_typed_in_any_case_read_as_the_canonical_notation(typed, canonical):
    action = dp.parse_action(typed)
    assert str(action) == canonical and dp.parse_action(canonical) == action
    assert dp.parse_action(str(action)) == action


def test_apply_reads_the_names_of_its_own_components_in_any_case():
    s = dp.new_game("two-player", 3)
    want = s.clone()
    first = s.legal_actions()[0]
    want.apply(first)
    s.apply(str(first).upper())
    assert s == want
    with pytest.raises(dp.IllegalAction, match="zz9"):
        dp.new_game("solo", 3).apply("MOVE zz9 red")
    with pytest.raises(dp.IllegalAction, match="'token'"):
        dp.Move(["W3"], "red")                  # a wrong-typed field is still named
    with pytest.raises(dp.IllegalAction, match="unknown action 'fly' in 'Fly W3 red'"):
        dp.parse_action("Fly W3 red")           # an unknown word is named, with the text as typed


def test_R_ACT_PROTEST_with_no_blockade_places_the_marker_on_any_connection_until_the_next_cleanup():
    """(ruling) Once the tiles have run out there is no blockade (R-CLN): Protest offers every
    connection, the marker stops moves over it, and the next cleanup takes it off again."""
    s = at_card_step("white", ["Lvov"], blockade=None, blockade_tile=None, unrest=None,
                     turn={"order": ["red", "white"] * 4, "index": 7})
    s.apply("play Lvov")
    protests = {a.connection for a in s.legal_actions() if isinstance(a, dp.Protest)}
    assert protests == set(s.comp.connections)
    events = s.apply("protest white-brown")
    assert s.blockade == s.comp.connection("white", "brown")
    assert any(e.kind == "protest" and "placed" in e.text for e in events)
    s.apply("pass")                           # the last turn ends: scoring, then cleanup
    assert s.round == 2 and s.blockade is None and s.blockade_tile is None


def test_P_DRAW_the_round_draw_reshuffles_the_discard_as_a_bonus_draw_does():
    """(ruling) The same reshuffle serves every draw: the draw phase takes the deck's last cards,
    then the shuffled discard pile."""
    commands = [c for c in dp.default_components().cards if c != "white-2"]
    s = last_turn_with_deck(deck=commands[:3], discard=commands[3:])
    s.apply("play white-2")
    events = s.apply("pass")
    assert sum(e.kind == "reshuffle" for e in events) == 1
    hands = [c for side in ("red", "white") for c in s.hands[side] if c in s.comp.cards]
    assert set(commands[:3]) <= set(hands) and len(hands) == 10


def last_turn_with_deck(**fields):
    """White to play the last card of round 1, no tokens anywhere (nobody scores)."""
    turn = {"step": "card", "to_act": "white", "order": ["red", "white"] * 4, "index": 7}
    return position(hands={"white": ["white-2"]}, turn=turn, **fields)
