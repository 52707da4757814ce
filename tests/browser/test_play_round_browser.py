"""Issue 33 (QA6, item 2): play's *This round so far* is read beside the board, newest first, and
never pushes the next-click prompt out of the window (1280x720, JupyterLab's file browser open).

A newcomer's pass opened "This round so far" after one turn: it listed the round oldest first, so
the newest entries were the ones below the window (the list ended at about 1004 px), and while it
stayed open the prompt "Click a lit unit or leader ..." sat at y=968-1026 in a 720 px window.

The kernel plays a solo game (seed 1917, red, difficulty 1, the greedy player choosing) up to the
player's decisions of the first rounds; at each, with the list opened, the page checks, the
screen's top at the notebook's top (where Run All leaves it): the prompt is whole in the window,
and the list's first entry is the newest entry of the round (the same words as the game log's
first, newest-first, entry).
"""

from __future__ import annotations


import pytest

from helpers import OUT, WALK_HEIGHT as HEIGHT, WALK_PRESS_JS, WALK_WIDTH as WIDTH, walk_folder, walk_page

pytestmark = pytest.mark.browser

WALK = r'''
from dualpowers.widgets.play import PlayWidget

def walk():
    for lang in ("en", "fr", "it"):
        from dualpowers.widgets import language
        language.set(lang)
        play = PlayWidget(mode="solo", seed=1917, player="red", difficulty=1)
        show(play)
        g = play.session
        decisions = 0
        while decisions < 6 and not g.state.is_over():
            play.model.story_step(skip=True)
            if play.model.snapshot.round_so_far:
                decisions += 1
                yield f"{lang} decision {decisions}"
            g.auto("greedy")
'''

STEP = """
async (limit) => {""" + WALK_PRESS_JS + """
  const root = document.querySelector('.dp-walk-holder');
  const screen = root.querySelector('.dp-screen');
  screen.scrollIntoView({block: 'start'});
  const details = root.querySelector('.dp-round-so-far details');
  if (!details) return [at.innerText.trim(), null];
  details.open = true;
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  screen.scrollIntoView({block: 'start'});
  const prompt = root.querySelector('.dp-prompt');
  const box = screen.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
  const b = box.getBoundingClientRect();
  const p = prompt.getBoundingClientRect();
  const words = e => e ? e.innerText.replace(/\\s+/g, ' ').trim() : '';
  const first = details.querySelector('.dp-log-box > *');
  const newest = root.querySelector('.dp-log .dp-log-box > *');
  return [at.innerText.trim(), {promptTop: p.top, promptBottom: p.bottom, promptText: words(prompt),
          windowTop: Math.max(b.top, 0), windowBottom: Math.min(b.bottom, window.innerHeight),
          first: words(first), newest: words(newest)}];
}
"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    yield from walk_folder(tmp_path_factory, "dp-play-round", "play_round.ipynb",
                           "This round so far beside the board", WALK)


def test_this_round_so_far_open_keeps_the_prompt_in_the_window_and_shows_the_newest_first(browser, lab):
    with walk_page(browser, lab, "play_round.ipynb", WIDTH, HEIGHT) as page:
        problems: list[str] = []
        states = 0
        OUT.mkdir(exist_ok=True)
        while True:
            where, m = page.evaluate(STEP, 120_000)
            if where == "done":
                break
            assert not where.startswith("error"), where
            assert m is not None, f"{where}: no 'This round so far'"
            states += 1
            if states in (2, 8):
                page.screenshot(path=str(OUT / f"play-round-open-{where.replace(' ', '-')}-{WIDTH}x{HEIGHT}.png"))
            if m["promptText"] and not (m["windowTop"] - 1 <= m["promptTop"] and m["promptBottom"] <= m["windowBottom"] + 1):
                problems.append(f"{where}: the prompt {m['promptText'][:60]!r} at y={m['promptTop']:.0f}-"
                                f"{m['promptBottom']:.0f}, the window {m['windowTop']:.0f}-{m['windowBottom']:.0f}")
            if not m["first"] or m["first"] != m["newest"]:
                problems.append(f"{where}: the round's first entry {m['first'][:60]!r} is not the newest "
                                f"{m['newest'][:60]!r}")
        assert states >= 9
        assert not problems, "\n".join(problems)
