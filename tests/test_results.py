"""The measured tables shipped in the package (dualpowers.results) and their copy in docs/difficulty.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from dualpowers import results
from dualpowers.results import markdown, measured
from dualpowers.stats import wilson_interval

PAGE = Path(__file__).resolve().parents[1] / "docs" / "difficulty.md"


def check_rates(table) -> None:
    """Every row's rate is wins / games and its interval is the Wilson interval around it."""
    for r in table.itertuples():
        assert 0 <= r.wins <= r.games
        assert r.win_rate == pytest.approx(r.wins / r.games)
        assert (r.ci_low, r.ci_high) == pytest.approx(wilson_interval(r.wins, r.games))
        assert r.ci_low <= r.win_rate <= r.ci_high


def test_difficulty_covers_every_policy_faction_and_difficulty():
    table = measured("difficulty")
    assert {"policy", "difficulty", "player", "games", "wins", "win_rate", "ci_low", "ci_high"} <= set(table.columns)
    # the solo ladder was measured with the advisor now kept as advisor-v2 (the goal is retired)
    assert {p.split(":")[0] for p in table.policy} == {"random", "greedy", "advisor-v2", "advisor-v1"}
    for _, cell in table.groupby("policy"):
        assert sorted(zip(cell.difficulty, cell.player)) == sorted((x, p) for x in range(1, 7) for p in ("red", "white"))
    assert (table[table.policy.isin(["random", "greedy"])].games >= 500).all()
    check_rates(table)


def test_strength_duels_cover_each_player_against_the_one_before():
    table = measured("strength")
    pairs = {(r.player.split(":")[0], r.opponent): r for r in table.itertuples()}
    assert {("greedy", "random"), ("advisor-v1", "greedy"), ("advisor-v2", "advisor-v1"),
            ("advisor", "advisor-v2")} <= set(pairs)
    assert pairs["greedy", "random"].games >= 1000 and pairs["advisor-v1", "greedy"].games >= 1000
    # the advisor against the version before: as many games as fitted (whole pairs, one with each side)
    assert all(r.games > 0 and r.games % 2 == 0 for r in table.itertuples())
    check_rates(table)


@pytest.mark.parametrize("name", results.TABLES)
def test_the_docs_show_the_measured_tables(name):
    assert markdown(name) in PAGE.read_text(encoding="utf-8"), \
        f"docs/difficulty.md is out of date: run `python scripts/results_tables.py`"


def test_bad_names_and_missing_files_are_clear(tmp_path, monkeypatch):
    with pytest.raises(ValueError, match="unknown table 'speed'"):
        measured("speed")
    monkeypatch.setattr(results, "results_dir", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match="benchmarks/strength.py"):
        measured("strength")
