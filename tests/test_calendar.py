"""R-CAL: the calendar, as a pure function and inside games."""

import pytest

import dualpowers as dp
from builders import at_card_step


def test_R_CAL_1_six_month_spaces_and_days_1_to_31():
    assert dp.MONTHS == ("mar-apr", "may-jun", "jul", "aug", "sep", "oct-nov")
    assert dp.advance_date(month="sep", day=31, days=1).month == "oct-nov"


def test_R_CAL_2_moving_past_31_goes_to_1_and_advances_the_month():
    adv = dp.advance_date(month="mar-apr", day=31, days=2)
    assert (adv.month, adv.day, adv.month_advanced) == ("may-jun", 2, True)


def test_R_CAL_3_ending_on_29_or_30_moves_on_to_31_with_a_bonus():
    for start, days in ((26, 3), (26, 4)):
        adv = dp.advance_date(month="jul", day=start, days=days)
        assert (adv.day, adv.skipped_to_31, adv.bonus) == (31, True, True)


def test_R_CAL_4_bonus_only_when_ending_on_15_or_31():
    assert dp.advance_date(month="jul", day=11, days=4).bonus
    assert dp.advance_date(month="jul", day=27, days=4).bonus          # 31 exactly
    passing = dp.advance_date(month="jul", day=13, days=4)                # passes over 15
    assert (passing.day, passing.bonus) == (17, False)


def test_R_CAL_6_oct_nov_wraps_without_a_month_change():
    adv = dp.advance_date(month="oct-nov", day=28, days=5)
    assert (adv.month, adv.day, adv.month_advanced, adv.wrapped) == ("oct-nov", 2, False, True)


def test_R_CAL_invalid_inputs_are_rejected_clearly():
    with pytest.raises(dp.InvalidDate, match="unknown month"):
        dp.advance_date(month="june", day=1, days=2)
    with pytest.raises(dp.InvalidDate, match="days run 1..31"):
        dp.advance_date(month="jul", day=40, days=2)
    for day in (29, 30):                  # R-CAL-3: the marker never rests there
        with pytest.raises(dp.InvalidDate, match="29 or 30"):
            dp.advance_date(month="jul", day=day, days=2)


def test_R_CAL_explain_names_every_effect():
    text = dp.advance_date(month="mar-apr", day=26, days=4).explain()
    assert "R-CAL-3" in text and "R-CAL-4" in text


def test_R_CAL_5_month_advance_gives_the_active_player_the_will():
    s = at_card_step("white", ["red-5"], will="red", date={"month": "mar-apr", "day": 28})
    events = s.apply("play red-5")
    assert (s.month_name, s.day, s.will) == ("may-jun", 2, "white")
    assert any(e.kind == "will" for e in events)


def test_R_CAL_TROTSKY_1_neutral_trotsky_enters_the_unrest_region_in_may_jun():
    s = at_card_step("red", ["red-4"], date={"month": "mar-apr", "day": 28}, unrest="purple")
    s.apply("play red-4")
    assert s.place["Trotsky"] == "purple" and not s.is_exhausted("Trotsky")
    assert s.spec("Trotsky").owner == "neutral"


def test_R_CAL_TROTSKY_2_red_trotsky_replaces_him_same_side_up_in_august():
    s = at_card_step("white", ["red-4"], date={"month": "jul", "day": 28},
                     regions={"green": [{"id": "Trotsky", "side": "exhausted"}]})
    s.apply("play red-4")
    assert s.place["RedTrotsky"] == "green" and s.is_exhausted("RedTrotsky")
    assert s.place["Trotsky"] == "removed"
    assert s.controller("RedTrotsky") == "red"


def test_R_CAL_TROTSKY_2_red_trotsky_never_enters_if_the_neutral_one_is_gone():
    s = at_card_step("white", ["red-4"], date={"month": "jul", "day": 28}, removed=["Trotsky"])
    s.apply("play red-4")
    assert s.place["RedTrotsky"] == "removed"


@pytest.mark.parametrize("mode", ["solo", "two-player"])
def test_a_date_events_board_shows_the_date_it_moved_to(mode):
    """A screen that tells a turn step by step draws each event's board: the date's step said
    "now March/April 12" over a calendar still at 8."""
    import random
    state = dp.new_game(mode, 11)
    rng = random.Random(11)
    seen = 0
    while not state.is_over():
        before = (state.month, state.day)
        events = state.apply(rng.choice(state.legal_actions()), boards=True)
        for e in events:
            if e.kind == "date":
                assert (e.board.month, e.board.day) != before, e.text
                before = (e.board.month, e.board.day)
                seen += 1
        dates = [e for e in events if e.kind == "date"]
        if dates:
            assert (dates[-1].board.month, dates[-1].board.day) == (state.month, state.day)
    assert seen > 20
