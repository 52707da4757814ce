"""controllers.targets: every action maps to something visible, and clicks pick every legal action."""

from __future__ import annotations

import random

import pytest

import dualpowers as dp
from dualpowers.actions import parse_action
from dualpowers.clicks import ActionPicker
from dualpowers.kinds import clicks as click_path, highlight as highlight_for, touches as action_targets
from dualpowers.drawing import normalize_highlight
from dualpowers.drawing.board import GLOW, draw_board
from dualpowers.drawing.pen import RecordingPen


def _glow_count(state, hl) -> int:
    pen = RecordingPen()
    draw_board(pen, state, highlight=hl)
    return sum(1 for _, _, kw in pen.calls if GLOW in (kw.get("fill"), kw.get("stroke")))


def _positions(games: int = 12, seed: int = 3):
    """Positions from random games (solo and two-player) with their legal actions."""
    rng = random.Random(seed)
    for g in range(games):
        s = dp.new_game(mode="solo" if g % 2 else "two-player", seed=g, player=rng.choice(["red", "white"]),
                        difficulty=1 + g % 6)
        while not s.is_over():
            legal = s.legal_actions()
            yield s, legal
            s.apply(rng.choice(legal))


def test_every_action_kind_lights_up_something_on_the_board():
    kinds: set[str] = set()
    checked: set[tuple[str, str]] = set()
    for s, legal in _positions():
        plain = _glow_count(s, None)
        for a in legal:
            word = type(a).word
            kinds.add(word)
            hl = highlight_for(s, a)
            assert hl, f"{a} maps to nothing"
            normalize_highlight(s, hl)           # only items the board knows
            key = (word, s.step)
            if key not in checked:               # drawing every action is slow: once per kind and step
                checked.add(key)
                assert _glow_count(s, hl) > plain, f"{a}: its highlight {hl} draws nothing visible"
    assert {"play", "objective", "recruit", "move", "rest", "pass"} <= kinds


def test_targets_of_a_move_name_token_regions_and_road():
    for s, legal in _positions(games=6):
        moves = [a for a in legal if type(a).word in ("move", "double-move", "bonus-move")]
        if moves:
            a = moves[0]
            t = action_targets(s, a)
            assert t.tokens == (a.token,) and t.regions[0] == s.place[a.token] and t.regions[-1] == a.to
            assert t.path and all(s.comp.is_connection(x, y) for x, y in t.path)
            return
    pytest.fail("no move met")


def test_clicks_pick_every_legal_action():
    for n, (s, legal) in enumerate(_positions(games=8, seed=5)):
        for a in legal:
            picker = ActionPicker(s, legal)
            chosen = None
            for kind, ident in click_path(s, a):
                chosen = picker.click(kind, ident)
            if chosen is None:
                assert a in picker.choices(), f"{a}: not reachable by clicks then a button"
            else:
                assert chosen == a


def test_a_click_that_fits_nothing_is_refused_with_a_reason_and_changes_nothing():
    s = dp.new_game(mode="two-player", seed=2)
    picker = ActionPicker(s)
    assert picker.click("region", "brown") is None
    assert picker.picked == [] and "brown" in picker.message


def test_interchangeable_tokens_answer_for_each_other():
    """The engine names the lowest id of identical tokens and accepts either (ENGINE-SAME): a
    click on a twin picks the same move, of the twin clicked."""
    for s, legal in _positions(games=10, seed=9):
        for a in legal:
            if type(a).word != "move":
                continue
            twins = [t for t in s.comp.tokens if t != a.token and s.place.get(t) == s.place.get(a.token)
                     and s.comp.type_keys[t] == s.comp.type_keys[a.token]
                     and (t in s.exhausted) == (a.token in s.exhausted)]
            if twins:
                picker = ActionPicker(s, legal)
                picker.click("token", twins[0])
                chosen = picker.click("region", a.to)
                assert chosen == type(a)(token=twins[0], to=a.to) and s.is_legal(chosen)
                return
    pytest.fail("no twin tokens met in these seeded games: the test checks nothing")


def test_recruit_is_the_cards_region_then_a_choice_of_units():
    for s, legal in _positions(games=10, seed=11):
        recruits = [a for a in legal if type(a).word == "recruit"]
        if len(recruits) > 1:
            region = s.comp.cards[s.card].region
            picker = ActionPicker(s, legal)
            assert ("region", region) in picker.next_targets()
            assert picker.click("region", region) is None
            assert set(map(str, recruits)) <= set(map(str, picker.choices()))
            assert region in picker.lit()
            return
    pytest.fail("no choice of recruits met in these seeded games: the test checks nothing")


def test_parse_round_trip_of_protest_targets():
    s = dp.new_game(mode="two-player", seed=1)
    a = parse_action("protest blue-white")
    t = action_targets(s, a)
    assert t.connection == ("blue", "white")
    assert s.comp.connection("blue", "white") in t.highlight(s)


def test_tables_read_as_tables():
    """Formatted Stylers: readable headers, percentages, intervals, yes/no, no row numbers."""
    import re

    from dualpowers.advisor import Advisor
    from dualpowers.widgets.tables import style_table

    s = dp.new_game(mode="two-player", seed=1)
    html = style_table(Advisor(playouts=60, seed=0).rank(s).to_frame()).to_html()
    for raw in ("win_prob", "ci_low", "win_low", "score_change", "True", "False", "None"):
        assert raw not in html
    assert "Win chance" in html and "95% interval" in html and re.search(r"\d+\.\d%–\d+\.\d%", html)
    assert 'class="row_heading' not in html and "blank level0" not in html       # no index column
    html = style_table(dp.presence_table(s)).to_html()
    assert ">Region</th>" in html and "None" not in html and "True" not in html


# ---------------------------------------------------------------------------- recruiting by clicking the units
def _first(word: str, games: int = 12, seed: int = 11, many: bool = True):
    """A position offering actions of kind ``word`` (several when ``many``), with its legal actions."""
    for s, legal in _positions(games=games, seed=seed):
        acts = [a for a in legal if type(a).word == word]
        if acts and (len(acts) > 1 or not many):
            return s, legal, acts
    pytest.fail(f"no {word} met in these seeded games: the test checks nothing")


def test_a_recruit_is_picked_by_its_units_in_any_order_then_its_region():
    """R-ACT-RECRUIT: the units clicked in the reserve, whatever their order, then the card's
    region, pick that recruit; with lists=False the region alone leaves no list of buttons."""
    from itertools import permutations
    s, legal, recruits = _first("recruit")
    region = s.comp.cards[s.card].region
    several = [a for a in recruits if len(a.units) > 1] or recruits
    for a in [*several[:3], recruits[0]]:
        for order in permutations(a.units):
            picker = ActionPicker(s, legal, lists=False)
            for u in order:
                assert ("token", u) in picker.next_targets() or any(
                    k == "token" and s.place.get(i) == s.place.get(u) for k, i in picker.next_targets())
                assert picker.click("token", u) is None or len(a.units) == 1
            assert region in picker.lit()                     # where the units go is lit
            assert picker.click("region", region) == a
    picker = ActionPicker(s, legal, lists=False)
    assert picker.click("region", region) is None
    assert picker.choices() == []                             # no list of recruits to read through
    assert {i for k, i in picker.next_targets() if k == "token"} >= {u for a in recruits for u in a.units}


def test_every_reserve_unit_a_recruit_can_take_lights_up_not_only_the_one_the_engine_offers():
    """The engine offers one unit of each interchangeable group (ENGINE-SAME: W1 for W1 and W2)
    and a click on any of them is the same click, so each of them lights up: a newcomer took
    the unlit W2 and W4 for units that cannot be recruited.  Clicking the one not offered recruits
    that one (W3 was recruited after a click on W4)."""
    from dualpowers.kinds.base import interchangeable
    for s, legal in _positions(seed=11):
        recruits = [a for a in legal if type(a).word == "recruit"]
        offered = {u for a in recruits for u in a.units}
        unoffered = {t for t in s.tokens_in("reserve") for u in offered if t not in offered and interchangeable(s, t, u)}
        if unoffered:
            break
    else:
        pytest.fail("no recruit with a unit the engine does not offer: the test checks nothing")
    picker = ActionPicker(s, legal, lists=False)
    assert {i for k, i in picker.next_targets() if k == "token"} == offered | unoffered
    twin = sorted(unoffered)[0]
    region = s.comp.cards[s.card].region
    picker.click("token", twin)
    assert ("token", twin) not in picker.next_targets() and twin in picker.lit()     # lit as picked
    chosen = picker.click("region", region)
    assert chosen is not None and chosen.units == (twin,) and s.is_legal(chosen)     # the unit clicked, not its twin
    t = s.clone()
    t.apply(chosen)
    assert t.place[twin] == region


def test_region_then_units_picks_a_recruit_too_and_the_course_keeps_its_list():
    s, legal, recruits = _first("recruit")
    region = s.comp.cards[s.card].region
    one = next(a for a in recruits if len(a.units) == 1)
    picker = ActionPicker(s, legal, lists=False)
    picker.click("region", region)
    picker.click("token", one.units[0])
    assert one in picker.choices() or picker.chosen == one
    course = ActionPicker(s, legal)                            # lists=True: the course's buttons
    course.click("region", region)
    assert set(map(str, recruits)) <= set(map(str, course.choices()))


def test_a_click_on_a_picked_unit_takes_it_back():
    s, legal, recruits = _first("recruit")
    pair = next((a for a in recruits if len(a.units) > 1), None)
    assert pair is not None, "the position offers no recruit of two units: the test needs one"
    picker = ActionPicker(s, legal, lists=False)
    picker.click("token", pair.units[0])
    picker.click("token", pair.units[1])
    assert len(picker.picked) == 2
    picker.click("token", pair.units[1])
    assert picker.picked == [("token", pair.units[0])]
    picker.click("token", pair.units[0])
    assert picker.picked == []


def test_units_too_dear_for_the_card_are_refused_with_their_cost():
    """R-ACT-RECRUIT: the engine says why a set of units is refused (their cost against the card's)."""
    from dualpowers.places import RESERVE
    for s, legal in _positions(games=12, seed=11):
        if s.step != "command" or not any(type(a).word == "recruit" for a in legal):
            continue
        budget = s.comp.cards[s.card].recruit
        dear = [t for t in s.reserve(s.to_act) if s.comp.tokens[t].kind == "unit" and s.comp.tokens[t].recruit > budget]
        if dear:
            picker = ActionPicker(s, legal, lists=False)
            assert picker.click("token", dear[0]) is None
            assert picker.picked == [] and "R-ACT-RECRUIT" in picker.message
            assert str(budget) in picker.message and s.place[dear[0]] == RESERVE
            return
    pytest.fail("no unit too dear met: the test checks nothing")


def test_a_leader_token_in_the_reserve_lights_its_own_destinations():
    """R-ACT-LEADER: at the leader step the played leader's token in the reserve is lit; clicking
    it lights every region it may enter, clicking another leader is refused and the lit
    destinations stay those of the right one."""
    s, legal, recruits = _first("leader-recruit", games=20, seed=3)
    leader = s.card
    picker = ActionPicker(s, legal, lists=False)
    assert ("token", leader) in picker.next_targets()
    picker.click("token", leader)
    assert {i for k, i in picker.next_targets() if k == "region"} == {a.region for a in recruits}
    other = next((t for t in s.comp.leaders if t != leader and s.place.get(t) == "reserve"), None)
    if other is not None:
        assert picker.click("token", other) is None and picker.message
        assert {i for k, i in picker.next_targets() if k == "region"} == {a.region for a in recruits}
    a = recruits[-1]
    assert picker.click("region", a.region) == a


def test_a_bonus_recruit_unit_then_region_and_another_unit_relights_for_itself():
    """R-ACT-BONUS: a unit of the reserve, then any region; a click on another unit starts again
    from it (its own destinations lit)."""
    s, legal, bonus = _first("bonus-recruit", games=40, seed=2)
    units = sorted({a.unit for a in bonus})
    picker = ActionPicker(s, legal, lists=False)
    picker.click("token", units[0])
    lit = {i for k, i in picker.next_targets() if k == "region"}
    assert lit == {a.region for a in bonus if a.unit == units[0]}
    if len(units) > 1:
        picker.click("token", units[1])
        assert picker.picked == [("token", units[1])]
    a = next(a for a in bonus if a.unit == units[-1])
    assert picker.click("region", a.region) == a


def test_every_legal_action_is_picked_by_the_play_widgets_clicks():
    """With lists=False (the play widget) every legal action is still reachable: its clicks,
    then at most one button."""
    for s, legal in _positions(games=6, seed=5):
        picker0 = ActionPicker(s, legal, lists=False)
        for a in legal:
            picker = ActionPicker(s, legal, lists=False)
            chosen = None
            for kind, ident in picker0.clicks_for(a):
                chosen = picker.click(kind, ident)
            if chosen is None:
                assert a in picker.choices(), f"{a}: not reachable"
                assert not picker.picked or len(picker.choices()) <= 2, f"{a}: a list of {len(picker.choices())}"
            else:
                assert chosen == a


def test_the_reserve_is_drawn_and_its_tokens_answer_clicks():
    from dualpowers.drawing.layout import layout_for
    s, legal, recruits = _first("recruit")
    lay = layout_for(s.comp)
    slots = {sl.id: sl for sl in lay.reserve_slots(s)}
    assert set(slots) == set(s.reserve(s.to_act))
    for tid, sl in slots.items():
        assert lay.hit_test(s, *lay.to_pixels(sl.x, sl.y)) == ("token", tid)
        assert lay.info.contains(sl.x, sl.y)
