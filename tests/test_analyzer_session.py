"""The analyzer's session model (dualpowers.screens.analyzer), without Jupyter."""

from __future__ import annotations

import pytest

import dualpowers as dp
from dualpowers.screens.analyzer import AnalyzerSession


@pytest.fixture
def analyzer():
    return AnalyzerSession(state=dp.new_game("two-player", 3))


def test_a_valid_position_is_analysed_region_by_region(analyzer):
    snap = analyzer.snapshot
    assert snap.valid and snap.table is not None and snap.verdict == "The engine accepts this position."
    analyzer.explain("purple")
    snap = analyzer.snapshot
    assert snap.region == "purple" and snap.region_name.lower() == "purple" and snap.report


def test_explaining_what_is_not_a_region_is_a_clear_error(analyzer):
    with pytest.raises(ValueError, match="not a region"):
        analyzer.explain("narnia")


def test_an_invalid_position_keeps_the_last_valid_board_and_says_why(analyzer):
    seen = []
    analyzer.observe(seen.append)
    before = analyzer.snapshot.position
    ed = analyzer.editor
    for _ in range(8):                                  # more level-1 reds in one region than exist
        analyzer.attempt(lambda: ed.add("green"))
    snap = analyzer.snapshot
    assert not snap.valid, "eight more tokens of the palette's kind in green should break the counts"
    assert snap.table is None and snap.verdict and snap.verdict_note
    assert snap.position is not None and before is not None
    assert seen and seen[-1] == snap


def test_a_refused_import_changes_nothing_and_says_why(analyzer):
    before = analyzer.editor.export_json()
    analyzer.import_text("DP1 nonsense")
    snap = analyzer.snapshot
    assert snap.notice_error and snap.notice.startswith("Import refused")
    assert analyzer.editor.export_json() == before


def test_the_list_needs_a_choice_first(analyzer):
    analyzer.on_listed(None, "flip")
    assert analyzer.snapshot.notice_error and "Choose a token" in analyzer.snapshot.notice


def test_words_follow_the_language(analyzer):
    analyzer.set_language("fr")
    assert analyzer.snapshot.verdict != "The engine accepts this position."
    assert analyzer.snapshot.lang == "fr"
