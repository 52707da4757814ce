"""The Opposition's screens' session models (issue 31), driven without Jupyter."""

from __future__ import annotations

from dualpowers.screens.opposition import OppositionScreen, SoloRoundScreen


def test_the_explorer_snapshot_follows_the_cards_and_the_language():
    m = OppositionScreen(seed=1917)
    seen = []
    m.observe(seen.append)
    m.clear()
    snap = seen[-1]
    assert snap.cards == ("",) * 5 and snap.objective.error and snap.objective.sums is None
    m.deal(1917)
    snap = seen[-1]
    assert all(snap.cards) and snap.objective.error == "" and snap.objective.sums is not None
    assert snap.objective.steps and "Objective:" in snap.objective.verdict_html
    n = len(seen)
    m.set_card(0, snap.cards[0])              # the card already there: nothing changes
    assert len(seen) == n
    m.set_language("fr")
    assert seen[-1].card_labels[0] == "Carte 1" and seen[-1].cards == snap.cards


def test_the_round_walker_snapshot_steps_and_finishes():
    m = SoloRoundScreen(seed=7, lang="en")
    seen = []
    m.observe(seen.append)
    start = m.snapshot
    assert not start.finished and start.objective is None and start.objective_note_html
    m.step()
    assert seen and seen[-1].log and seen[-1].position != start.position
    m.run_round()
    end = seen[-1]
    assert end.finished and end.objective is not None and end.objective.cards.rows
    m.set_language("it")
    assert seen[-1].lang == "it" and seen[-1].next_label != end.next_label
