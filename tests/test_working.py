"""The working behind the scoring: strengths added up token by token, the Opposition's sums
of days, and one name for the Opposition in a solo game's story (dualpowers.working)."""

from __future__ import annotations

import random
import re

import pytest

import dualpowers as dp
from dualpowers import narration
from dualpowers.narrate import event_text
from dualpowers.presence import force_in_presence
from dualpowers.text import render
from dualpowers.working import event_details, worked_out

LANGS = ("en", "fr", "it")


def _positions():
    for mode, seed, kw in (("solo", 5, {"player": "white", "difficulty": 3}), ("solo", 6, {"edition": "it"}),
                           ("two-player", 7, {})):
        s = dp.new_game(mode, seed, **kw)
        rng = random.Random(seed)
        while not s.is_over():
            yield s
            s.apply(rng.choice(s.legal_actions()))


def _scored_events():
    """Every event of three seeded solo games, each with its board."""
    for seed, kw in ((11, {"player": "white"}), (12, {"player": "red", "edition": "it"}), (13, {"difficulty": 5})):
        s = dp.new_game("solo", seed, **kw)
        rng = random.Random(seed)
        while not s.is_over():
            yield from s.apply(rng.choice(s.legal_actions()), boards=True)


def test_each_sides_tally_adds_up_to_the_strength_the_verdict_compares():
    regions = 0
    for s in _positions():
        for region in s.comp.region_names:
            p = force_in_presence(s, region)
            told = p.tally_messages
            if not p.control:
                assert told == ()
                continue
            regions += 1
            if p.neutrals:                         # whom the neutral tokens count for, last (R-NEU-1)
                assert told[-1] == p.neutral_reason_message
            if not any(p.control.values()):
                assert told == (p.neutral_reason_message,)
                continue
            sides = (told[0].params["first"], told[0].params["second"])
            for side_told in sides:
                side = {"opposition": s.opposition}.get(side_told.params["side"], side_told.params["side"])
                mine = [t for t, c in p.control.items() if c == side]
                if not mine:
                    assert side_told.msgid == narration.TALLY_SIDE_NONE and p.strength[side] == 0
                    continue
                terms = side_told.params["tokens"]
                assert [m.params["token"] for m in terms] == sorted(mine, key=lambda t: t in p.neutrals)
                assert sum(m.params["strength"] for m in terms) == p.strength[side] == side_told.params["strength"]
                assert all((m.msgid == narration.TALLY_NEUTRAL) == (m.params["token"] in p.neutrals) for m in terms)
            if p.winner is not None:               # the stronger side is told first
                first = sides[0].params["side"]
                assert first == narration.acting_side(p.winner, s.opposition)
            for lang in LANGS:
                for m in told:
                    assert "{" not in render(m, lang)
    assert regions > 200


def test_scoring_events_carry_their_working_in_three_languages():
    kinds = set()
    for event in _scored_events():
        lines = {lang: event_details(event, lang) for lang in LANGS}
        if event.msgid in (narration.UNREST_IN, narration.REVEALS_OBJECTIVE):
            p = force_in_presence(event.board, event.params["region"])
            if worked_out(p):
                assert len(lines["en"]) == len(p.tally_messages) > 0
                kinds.add("strength")
            else:                     # one token a side and no neutral: the sentence says it all
                assert lines["en"] == [] and not p.neutrals
                assert all(list(p.control.values()).count(side) <= 1 for side in ("red", "white"))
        elif event.msgid == narration.OPP_OBJECTIVE:
            assert any(line.startswith("Day sums:") for line in lines["en"])
            card = event.params["summary"].params["card"]              # which card of the region, and why
            assert lines["en"][-1].startswith(f"The objective is {card}") or "(ruling)" in lines["en"][-1]
            assert any(line.startswith("Somme dei giorni:") for line in lines["it"])
            assert any(line.startswith("Sommes des jours") for line in lines["fr"])
            kinds.add("objective")
        else:
            assert lines == {lang: [] for lang in LANGS}
        assert all(len(lines[lang]) == len(lines["en"]) for lang in LANGS)
    assert kinds == {"strength", "objective"}


def test_an_event_told_without_its_board_has_no_working():
    s = dp.new_game("solo", 3)
    rng = random.Random(3)
    events = []
    while not s.is_over():
        events += s.apply(rng.choice(s.legal_actions()))
    assert any(e.msgid == narration.UNREST_IN for e in events) and all(event_details(e) == [] for e in events)


@pytest.mark.parametrize("player", ["white", "red"])
def test_a_solo_story_names_the_opposition_one_way_when_it_is_stronger_scores_or_wins(player):
    """The Italian log once said "l'opposizione" in one line and "il Rosso" in the next."""
    opposition = {"white": "red", "red": "white"}[player]
    colour = {"en": {"red": "Red", "white": "White"}, "fr": {"red": "Rouge", "white": "Blanc"},
              "it": {"red": "Rosso", "white": "Bianco"}}
    seen = 0
    for seed in range(4):
        s = dp.new_game("solo", seed, player=player)
        rng = random.Random(seed)
        while not s.is_over():
            for e in s.apply(rng.choice(s.legal_actions())):
                if e.msgid not in (narration.SCORES, narration.GAME_ENDS, narration.UNREST_IN) and not e.msgid.startswith(
                        narration.REVEALS_OBJECTIVE[:10]):
                    continue
                for lang in LANGS:
                    text = event_text(e, lang)
                    before_track = re.split(r"; the marker|; le marqueur|; il segnalino", text)[0]
                    assert colour[lang][opposition] not in before_track.replace("(" + colour[lang][opposition] + ")",
                                                                                ""), (lang, text)
                if e.params.get("side") == "opposition" or "opposition" in str(e.params.get("reason", "")):
                    seen += 1
    assert seen > 5
