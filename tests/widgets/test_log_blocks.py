"""The game log's blocks follow the story's parts (issue 33, QA7 item 8).

Shown newest first, a block that held the player's action *and* the Opposition's turn after it
read in two directions at once: the blocks newest first, the lines inside oldest first, so the
Opposition's reveal came below the player's action it answered.  Each part of the story (the
player's action, the Opposition's turn, the scoring) is now a block of its own, headed by its
first line, the same parts the story's heading names (``narration.story_part``).
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from dualpowers.controllers.play import GameSession, choose_action
from dualpowers.widgets._common import log_blocks

LINE = re.compile(r"<div class='dp-log-(\w+)'>(.*?)</div>")


def _played(mode: str, seed: int, decisions: int = 40) -> GameSession:
    g = GameSession(mode, seed=seed, player="white") if mode == "solo" else GameSession(mode, seed=seed)
    for _ in range(decisions):
        if g.state.is_over():
            break
        g.apply(choose_action(g.state, "greedy"))
    return g


@pytest.mark.parametrize("seed", [3, 11])
def test_the_oppositions_turn_is_a_block_of_its_own_headed_by_its_reveal(seed):
    g = _played("solo", seed)
    blocks, _note = log_blocks(g.log, newest_first=True, limit=None)
    parts = {e.text: e.part for e in g.log}
    reveals = 0
    for html in blocks:
        lines = [(k, unescape(t)) for k, t in LINE.findall(html)]
        head_class, head = lines[0]
        if head_class == "action":
            # a player's action: nothing after it belongs to another part of the story
            assert not any(parts.get(text) for _k, text in lines[1:]), lines
        if head_class == "part":
            assert parts[head] in ("opposition", "scoring"), lines
            reveals += parts[head] == "opposition"
        # one part per block
        assert len({parts.get(text) for _k, text in lines[1:] if parts.get(text)} - {parts.get(head)}) == 0, lines
    assert reveals >= 5, "the Opposition's turns were not told apart"


def test_two_player_logs_split_only_at_the_scoring():
    g = _played("two-player", 2, decisions=60)
    assert {e.part for e in g.log} <= {"", "scoring"}
    assert any(e.part == "scoring" for e in g.log), "no scoring within 60 decisions"

