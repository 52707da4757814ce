"""Property-based random games: invariants that hold after every action."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dualpowers as dp
from dualpowers.state import PLACES

MAX_PLIES = 3000      # far above any real game: a game that does not end fails


def check_invariants(s: dp.State) -> None:
    comp = s.comp
    # Each token in exactly one place, and the per-place index agrees.
    assert set(s.place) == set(comp.tokens)
    indexed = Counter(t for lst in s.at.values() for t in lst)
    assert all(n == 1 for n in indexed.values()) and set(indexed) == set(comp.tokens)
    for where, lst in s.at.items():
        assert all(s.place[t] == where for t in lst)
        assert where in PLACES or where in comp.region_index
    assert all(s.place[t] in comp.region_index for t in s.exhausted), "only tokens on the board show a side"
    # 48 command cards and 6 leader cards, each exactly once.
    cards = Counter(c for c, _ in s.all_card_places())
    assert cards == Counter(list(comp.cards) + list(comp.leaders))
    # Score on the track; calendar valid.
    assert abs(s.score) <= comp.track_length
    assert 0 <= s.month <= 5 and 1 <= s.day <= 31 and s.day not in (29, 30)
    # Mode-specific pieces.
    if s.mode == "two-player":
        assert all(s.place[t] == "box" for t in comp.tokens if comp.tokens[t].owner == "opposition")
    else:
        assert s.round <= 3
        assert s.to_act in (s.player, None)
    assert (s.step == "over") == (s.winner() is not None) == (s.legal_actions() == [])


game_options = st.fixed_dictionaries({
    "mode": st.sampled_from(["two-player", "solo"]),
    "seed": st.integers(0, 2**31),
    "edition": st.sampled_from(["fr", "it"]),
    "difficulty": st.integers(1, 6),
    "player": st.sampled_from(["red", "white"]),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=game_options, rng=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant_and_replay_exactly(options, rng):
    mode = options.pop("mode")
    seed = options.pop("seed")
    s = dp.new_game(mode, seed, **options)
    actions = []
    for _ in range(MAX_PLIES):
        check_invariants(s)
        if s.is_over():
            break
        assert s.clone() == s
        assert dp.State.from_json(s.to_json()) == s
        assert dp.State.from_notation(s.notation()) == s
        action = rng.choice(s.legal_actions())
        assert dp.parse_action(str(action)) == action
        s.apply(action)
        actions.append(action)
    assert s.is_over(), "the game did not end"
    assert s.winner() in ("red", "white")
    # A game is its seed plus its action list.
    replay = dp.new_game(mode, seed, **options)
    for a in actions:
        replay.apply(str(a))
    assert replay == s


ILLEGAL_PROBES = [dp.Pass(), dp.PlayCard("red-2"), dp.Move("R1", "blue"), dp.Rest("W3"), dp.Inspire(),
                  dp.ScoreUnrest(), dp.BonusDraw(), dp.Recruit(("R8", "R9")), dp.LeaderRecruit("green"),
                  dp.Protest(("green", "red")), dp.Organize(), dp.ChooseObjective("Lenin")]


def _names_a_token(action: dp.Action) -> bool:
    return isinstance(action, (dp.Move, dp.Rest, dp.Recruit))


def _offered(action: dp.Action, legal: list[dp.Action]) -> bool:
    """In ``legal``, a connection being the same whichever end is named first."""
    if isinstance(action, dp.Protest):
        return action in legal or dp.Protest(action.connection[::-1]) in legal
    return action in legal


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["two-player", "solo"]), rng=st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_change_nothing(seed, mode, rng):
    s = dp.new_game(mode, seed)
    while not s.is_over():
        legal = s.legal_actions()
        for probe in ILLEGAL_PROBES:
            if not _names_a_token(probe):
                # No interchangeable stand-in (ENGINE-SAME) can make a token-free probe legal
                # when it is not offered: is_legal must agree with legal_actions exactly.
                assert s.is_legal(probe) == _offered(probe, legal), (probe, s.step)
            if not s.is_legal(probe):
                before = s.key()
                try:
                    s.apply(probe)
                except dp.IllegalAction as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"{probe} was applied although it is not legal")
                assert s.key() == before
        for action in legal:
            assert s.is_legal(action)
        s.apply(rng.choice(legal))
