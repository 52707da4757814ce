"""Nothing scrolls inside a box (issue 33, item 1): every text the course, the tutorial, play and
the review show is read whole at 1280x720 with JupyterLab's file browser open, in English, French
and Italian.

One notebook, one page: its kernel walks, one state per click of a hidden "step" button, through

* every item of the course (each exercise also after *Show me*, which adds why the answer is right),
* every step of every tutorial example (A to H, with the erratum and the engine's outcome),
* a whole solo game (seed 1917, red, difficulty 1, the greedy player choosing), every step of the
  story that each of its actions sets going and each decision after it,
* the review of that game and each of its moments,

and after each state the page is searched for an element whose content overflows its box: a box
that scrolls or clips (``overflow`` auto, scroll, hidden or clip) with more content than room
(``scrollHeight > clientHeight + 1``, or the same across), a text cut by an ellipsis, or a word of
a table's cell broken in two because the column is narrower than the word.  The test
fails with every such element, the state where it was seen and the first words it holds; a
screenshot of the first state with each problem goes to ``test-results/overflow/``, and one of
the tallest panel of each part in each language to ``test-output/overflow-tallest-*.png``, for a
person to look at.

Boxes left out on purpose: what only a screen reader reads (``dp-sr-only``, clipped to 1 px by
design) and the board's picture, whose canvases are cut to the board's box by design (the board's
own words are checked by tests/widgets/test_labels.py).
"""

from __future__ import annotations

import os
import re
import shutil
import time

import pytest

from helpers import REPO_ROOT, WALK_PRESS_JS, start_walk, write_walk_notebook

pytestmark = pytest.mark.browser

RESULTS = REPO_ROOT / "test-results" / "overflow"
OUT = REPO_ROOT / "test-output"
WIDTH, HEIGHT = 1280, 720

#: The walk in the notebook's one code cell (helpers.write_walk_notebook): the states to look
#: at, one per click of the step button.
WALK = r'''
from dualpowers.widgets import language
from dualpowers.widgets.course import CourseWidget
from dualpowers.widgets.play import PlayWidget
from dualpowers.widgets.tutorial import TutorialWidget

LANGS = __LANGS__
PARTS = __PARTS__

def show(widget):
    old = holder.children
    holder.children = [widget]
    for o in old:
        o.close()

def walk():
    n = 0
    for lang in LANGS:
        language.set(lang)
        course = CourseWidget(lang=lang)
        show(course)
        s = course.session
        for i in range(len(s.items) if "course" in PARTS else 0):
            s.go(i)
            n += 1; yield f"{n} {lang} course {s.item[0]} {s.item[1]} {s.item[2] + 1}"
            if s.exercise is not None:
                s.show_me()
                n += 1; yield f"{n} {lang} course {s.item[0]} {s.item[1]} {s.item[2] + 1}, shown"
        tutorial = TutorialWidget(language=lang)
        show(tutorial)
        t = tutorial.tutorial
        for example in t.example_ids if "tutorial" in PARTS else ():
            tutorial.select(example)
            while True:
                m = tutorial.model
                n += 1; yield (f"{n} {lang} tutorial {example} step {t.index} of {t.count}"
                               + (f", part {m.part + 1} of {m.parts}" if m.parts > 1 else ""))
                if m.part + 1 < m.parts:        # a long step's text, read in parts
                    m.next()
                    continue
                if not t.next():
                    break
                m.part = 0
                tutorial.refresh()
        if "game" not in PARTS:
            continue
        play = PlayWidget(mode="solo", seed=1917, player="red", difficulty=1)
        show(play)
        g = play.session
        decision = 0
        while True:
            while play.model.story_at is not None:
                n += 1; yield f"{n} {lang} game, decision {decision}, story step {play.model.story_at + 1} of {len(play.model.story)}"
                play.story_step()
            decision += 1
            n += 1; yield f"{n} {lang} game, decision {decision}" + (", over" if g.state.is_over() else "")
            if g.state.is_over():
                break
            g.auto("greedy")
        review = play.review(playouts=16)
        n += 1; yield f"{n} {lang} review"
        for i in range(len(review.moments)):
            play.show_moment(i)
            n += 1; yield f"{n} {lang} review, moment {i + 1} of {len(review.moments)}"
        play.show_moment(None)

'''

#: Every element of the walked widget whose content overflows its box: [what, which way, content, room, text].
OVERFLOWS = r"""
() => {
  const root = document.querySelector('.dp-walk-holder');
  const out = [];
  if (!root) return out;
  const clips = v => v === 'auto' || v === 'scroll' || v === 'hidden' || v === 'clip';
  const name = e => (e.tagName.toLowerCase() + '.' + Array.from(e.classList)
      .filter(c => c.startsWith('dp-') || c.startsWith('widget-') || c.startsWith('jupyter-')).join('.'));
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('.dp-sr-only, .dp-board-picture')) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;                  // not shown
    if (r.width <= 1 && r.height <= 1) continue;          // visually hidden: words for a screen reader only
                                                          // (a rule badge's text until hover, focus or tap)
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden') continue;
    const text = (e.innerText || e.value || e.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 90);
    if (clips(cs.overflowY) && e.scrollHeight > e.clientHeight + 1)
      out.push([name(e), 'down', e.scrollHeight, e.clientHeight, text]);
    if (clips(cs.overflowX) && e.scrollWidth > e.clientWidth + 1) {
      let widest = null, right = -Infinity;             // what sticks out furthest
      for (const d of e.querySelectorAll('*')) {
        const q = d.getBoundingClientRect();
        if (q.width && q.right > right) { right = q.right; widest = d; }
      }
      out.push([name(e), 'across', e.scrollWidth, e.clientWidth,
                (widest ? '[' + name(widest) + '] ' : '') + text]);
    }
    else if (cs.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
      out.push([name(e), 'cut by an ellipsis', e.scrollWidth, e.clientWidth, text]);
  }
  // a table's cell too narrow for one of its words breaks it in the middle ('For ce'): cut too
  const probe = document.createElement('span');
  probe.style.cssText = 'position: absolute; visibility: hidden; white-space: nowrap;';
  document.body.appendChild(probe);
  for (const c of root.querySelectorAll('th, td')) {
    if (!c.getBoundingClientRect().width) continue;
    const cs = getComputedStyle(c);
    probe.style.font = cs.font;
    const room = c.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const word of (c.innerText || '').split(/\s+/)) {
      if (!word) continue;
      probe.textContent = word;
      const wide = probe.getBoundingClientRect().width;
      if (wide > room + 1) out.push([name(c), 'a word broken in two', Math.round(wide), Math.round(room), word]);
    }
  }
  probe.remove();
  return out;
}
"""

#: One state, in one call to the page (a round trip each for the click, the wait, the frames and
#: the search took a third of the walk's time): press the step button, wait until the label says
#: the kernel has moved on, let two frames pass (the widgets' messages handled and the layout
#: done), then measure the panel and search for overflows.  Returns [where, panel height, overflows].
STEP = """
async (limit) => {""" + WALK_PRESS_JS + """
  const panel = document.querySelector('.dp-walk-holder .dp-screen-panel');
  return [at.innerText.trim(), panel ? panel.getBoundingClientRect().height : 0, (OVERFLOWS)()];
}
""".replace("OVERFLOWS", OVERFLOWS.strip())


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-overflow")
    # DUALPOWERS_OVERFLOW_WALK="fr:course,game" walks part of it (while fixing what it finds)
    langs, _, parts = os.environ.get("DUALPOWERS_OVERFLOW_WALK", "en,fr,it:course,tutorial,game").partition(":")
    walk = WALK.replace("__LANGS__", repr(tuple(langs.split(",")))).replace(
        "__PARTS__", repr(tuple((parts or "course,tutorial,game").split(","))))
    write_walk_notebook(folder, "overflow_walk.ipynb", "Every text, whole", walk)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_no_text_overflows_its_box_in_any_language(browser, lab):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        start_walk(page, lab, "overflow_walk.ipynb")
        problems: dict[tuple[str, str], list[str]] = {}
        tallest: dict[str, float] = {}        # the tallest panel of each part in each language, pictured
        states, started = 0, time.monotonic()
        RESULTS.mkdir(parents=True, exist_ok=True)
        while True:
            where, height, overflows = page.evaluate(STEP, 120_000)
            if where == "done":
                break
            assert not where.startswith("error"), where
            states += 1
            if " tutorial H step 1 " in where:    # the Opposition's choice: its table under the board
                page.evaluate("() => document.querySelector('.dp-walk-holder .dp-outcome')"
                              ".scrollIntoView({block: 'end'})")
                page.screenshot(path=str(OUT / f"overflow-tutorial-H-{where.split()[1]}-{WIDTH}x{HEIGHT}.png"))
            part = " ".join(where.split()[1:3]).rstrip(",")      # "fr course", "it game", "en review" ...
            if height > tallest.get(part, 0):
                tallest[part] = height
                OUT.mkdir(exist_ok=True)
                # the window with the panel's end in view (a panel taller than the window is read by
                # scrolling the notebook)
                page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen-panel')"
                              ".scrollIntoView({block: 'end'})")
                page.screenshot(path=str(OUT / f"overflow-tallest-{part.replace(' ', '-')}-{WIDTH}x{HEIGHT}.png"))
            for what, way, content, room, text in overflows:
                key = (what, way)
                if key not in problems:
                    shot = re.sub(r"[^\w.-]+", "_", f"{where}-{what}")[:120]
                    page.screenshot(path=str(RESULTS / f"{shot}.png"))
                problems.setdefault(key, []).append(f"{where}: {content} px in {room} px: {text!r}")
        print(f"{states} states walked in {time.monotonic() - started:.0f} s")
        assert states > (300 if "DUALPOWERS_OVERFLOW_WALK" not in os.environ else 0), f"only {states} states"
        report = [f"{what} overflows {way} in {len(seen)} state(s), first at {seen[0]}"
                  for (what, way), seen in problems.items()]
        assert not report, "\n".join(report)
    finally:
        context.close()
