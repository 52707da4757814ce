"""The public API promised in the rules-engine issue, used exactly as written there."""

import random
import subprocess
import sys

import dualpowers as dp


def test_public_api_contract():
    s = dp.new_game(mode="two-player", seed=7)
    solo = dp.new_game(mode="solo", seed=7, player="white", difficulty=3, edition="it")
    assert solo.opposition == "red" and solo.edition == "it"
    actions = s.legal_actions()
    s2 = s.clone()
    s.apply(actions[0])
    assert not s.is_over() and s.winner() is None and s2 != s
    d = s.to_dict()
    assert dp.State.from_dict(d) == s
    assert dp.State.from_notation(s.notation()) == s
    p = dp.force_in_presence(s, "brown")
    assert set(p.strength) == {"red", "white"} and set(p.tokens) == {"red", "white"}
    assert p.decided_by in {"strength", "tokens", "will", None}
    card, explanation = dp.opposition_objective([
        dp.CommandCard(region="red", days=2, recruit=1, action="move", vp=1),
        dp.CommandCard(region="purple", days=4, recruit=2, action="move", vp=2),
    ])
    assert card.region == "purple" and explanation.steps
    adv = dp.advance_date(month="mar-apr", day=26, days=4)
    assert (adv.month, adv.day, adv.bonus, adv.month_advanced) == ("mar-apr", 31, True, False)


def test_whole_games_play_to_the_end_through_the_api_alone():
    for mode, kw in (("two-player", {}), ("solo", {"player": "red", "difficulty": 6})):
        s = dp.new_game(mode=mode, seed=3, **kw)
        rng = random.Random(0)
        plies = 0
        while not s.is_over():
            events = s.apply(rng.choice(s.legal_actions()))
            assert all(isinstance(e.text, str) and e.kind for e in events)
            plies += 1
        assert s.winner() in ("red", "white") and plies > 10


def test_the_engine_imports_nothing_from_jupyter():
    code = ("import sys, dualpowers as dp; s = dp.new_game(seed=1); s.apply(s.legal_actions()[0]); "
            "dp.State.from_notation(s.notation()); "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'IPython', 'jupyter_client', 'ipykernel', 'pandas', 'PIL')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_views_hide_what_a_player_may_not_see():
    s = dp.new_game(seed=4)
    s.apply(next(a for a in s.legal_actions()))          # red's objective
    v = s.view("white")
    assert v.data["seed"] is None and set(v.data["deck"]) == {"?"}
    assert v.data["objectives"]["red"] == "?"
    assert [c for c in v.data["hands"]["red"] if c != "?"] == ["Lenin", "Stalin", "Kamenev"]
    assert v.data["hands"]["white"] == s.hands["white"]
    assert s.objectives["red"] in v.unseen and not set(v.hand) & set(v.unseen)
    own = s.view("red")
    assert own.objective == s.objectives["red"]


def test_determinize_keeps_what_is_seen_and_redeals_the_rest():
    from dualpowers.views import determinize
    s = dp.new_game(seed=4)
    s.apply(s.legal_actions()[0])
    d = determinize(s, "white", random.Random(2))
    assert d.hands["white"] == s.hands["white"] and d.to_dict()["regions"] == s.to_dict()["regions"]
    assert sorted(d.deck + d.hands["red"] + [d.objectives["red"]]) == sorted(s.deck + s.hands["red"] + [s.objectives["red"]])
    assert d.hands["red"] != s.hands["red"] or d.deck != s.deck
    while not d.is_over():                               # a determinized state is a playable game
        d.apply(d.legal_actions()[-1])
