"""Nothing scrolls inside a box (issue 33, item 1), and each course item fits the window with its
Next (issue 33): every text the course, the tutorial, play and the review show is read whole at
1280x720 with JupyterLab's file browser open, in English, French and Italian.

One notebook per language, one page: its kernel walks, one state per click of a hidden "step"
button, through

* every item of the course (each exercise also after *Show me*, which adds why the answer is right),
* every step of every tutorial example (A to H, with the erratum and the engine's outcome),
* a whole solo game (seed 1917, red, difficulty 1, the greedy player choosing), every step of the
  story that each of its actions sets going and each decision after it,
* the review of that game and each of its moments.

Each state is looked at for two things, in one call to the page, and each has its own test:

``test_no_text_overflows_its_box_in_any_language``: after each state the page is searched for an
element whose content overflows its box: a box that scrolls or clips (``overflow`` auto, scroll,
hidden or clip) with more content than room (``scrollHeight > clientHeight + 1``, or the same
across), a text cut by an ellipsis, or a word of a table's cell broken in two because the column is
narrower than the word.  The test fails with every such element, the state where it was seen and
the first words it holds; a screenshot of the first state with each problem goes to
``test-results/overflow/``, and one of the tallest panel of each part in each language to
``test-output/overflow-tallest-*.png``, for a person to look at.  Boxes left out on purpose: what
only a screen reader reads (``dp-sr-only``, clipped to 1 px by design), the way back to the board
(``dp-to-board``, clipped the same until it has the focus) and the board's picture,
whose canvases are cut to the board's box by design (the board's own words are checked by
tests/widgets/test_labels.py).

``test_each_course_item_s_text_and_its_next_fit_the_window_together``: a panel taller than the
notebook's window is not an overflow, since the notebook itself scrolls.  A newcomer's pass found
three items so tall (the scoring chapter's step 4 in French and Italian, the solo chapter's step 12
in Italian) that their end lay below the window: 729, 747 and 708 px where the notebook's window
ends at about 690.  At each course item the page measures the stretch from the screen's top (the
board's top and the panel's title, where the notebook is left after Run All) to the foot of what
the item shows under Next (its text with what the engine did, its badges and disclosure, how to
answer, the answers, Hint and Show me): it must be no taller than the part of the window the
notebook shows (599 px), so Next and the whole item are in view at once.  After *Show me* the
answer and its reason come under the answers; with them the stretch reaches 692 px (Italian, the
solo chapter's last exercise) and cannot fit beside a board that keeps its legible width.  The
course scrolls a new verdict or answer into the window (``Screen.keep_in_view``), so what is
checked there is that the answer itself is no taller than the window: read whole, without
scrolling inside it.

The two checks walked the same course states in two pages of their own (1,065 and 588 states,
about 180 s and 75 s of a ``make test`` on three workers); one walk per language now serves both,
and the three languages are three work units that pytest-xdist gives to different workers
(``SPLIT_BY_PARAMETER`` in the root conftest.py).

``test_each_tutorial_step_is_read_beside_the_board_in_the_window`` (issue 33, QA6 item 1): a
newcomer's pass found the long parts of a tutorial step (the erratum, the rules in full, the
engine's table and "What the engine says") far below the window: example H step 5 ended at about
1935 px, G step 3 at 1372, E step 2 in French at 1195, where the notebook's window ends at about
690.  Now the long parts sit in a disclosure that is closed when a step opens, and a text longer
than ``PART_CHARS`` is read in parts, one per Next.  At each tutorial step (each part) of the same
walk, stepped with the widget's own Next, the page measures the stretch from the screen's top to
the foot of what the panel shows of the step (its title, text, badges, the erratum's note and the
disclosure's line; what a closed disclosure holds is not shown): it must be within the part of the
window the notebook shows.  Then the disclosure is opened, to check that it does hold the rest (a
step whose disclosure is empty fails too).  This walk had a page and a notebook of its own
(``test_tutorial_fits_browser.py``, 129 states) going through the states this walk goes through.

``DUALPOWERS_OVERFLOW_WALK="fr:tutorial,game"`` walks part of it (languages, then parts) while
fixing what it finds; ``DUALPOWERS_FITS_WALK="it:scoring,solo"`` walks the course alone, in those
languages and chapters; ``DUALPOWERS_TUTORIAL_FITS="fr:E,H"`` the tutorial alone, in those
languages and examples.
"""

from __future__ import annotations

import os
import re
import shutil
import time

import pytest

from helpers import OUT, REPO_ROOT, WALK_HEIGHT as HEIGHT, WALK_PRESS_JS, WALK_WIDTH as WIDTH, start_walk, write_walk_notebook

pytestmark = pytest.mark.browser

RESULTS = REPO_ROOT / "test-results" / "overflow"
#: the course items the newcomer's pass found too tall, pictured as they are now
SHOTS = {"fr scoring step 4", "it scoring step 4", "it solo step 12"}
#: the tutorial steps the newcomer's pass found far too tall, pictured as they are now
TUTORIAL_SHOTS = {"en H 5 part 1", "en G 3 part 1", "fr E 2", "it G 3 part 2"}


def _walk_asked() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]:
    """The languages, parts, course chapters and tutorial examples to walk (every one when empty),
    and whether the walk is the whole one (the environment asks for none of it)."""
    overflow, fits = os.environ.get("DUALPOWERS_OVERFLOW_WALK"), os.environ.get("DUALPOWERS_FITS_WALK")
    tutorial = os.environ.get("DUALPOWERS_TUTORIAL_FITS")
    langs, parts, chapters, examples = "en,fr,it", "course,tutorial,game", "", ""
    if fits:
        langs, _, chapters = fits.partition(":")
        parts = "course"
    if tutorial:
        langs, _, examples = tutorial.partition(":")
        parts = "tutorial"
    if overflow:
        langs, _, asked = overflow.partition(":")
        parts = asked or parts
    return (tuple(langs.split(",")), tuple(parts.split(",")), tuple(c for c in chapters.split(",") if c),
            tuple(e for e in examples.split(",") if e), not (overflow or fits or tutorial))


LANGS, PARTS, CHAPTERS, EXAMPLES, WHOLE_WALK = _walk_asked()

#: The walk in each notebook's one code cell (helpers.write_walk_notebook): the states to look
#: at, one per click of the step button.
WALK = r'''
from dualpowers.widgets import language
from dualpowers.widgets.course import CourseWidget
from dualpowers.widgets.play import PlayWidget
from dualpowers.widgets.tutorial import TutorialWidget

LANGS = __LANGS__
PARTS = __PARTS__
CHAPTERS = __CHAPTERS__
EXAMPLES = __EXAMPLES__

def walk():
    n = 0
    for lang in LANGS:
        language.set(lang)
        course = CourseWidget(lang=lang)
        show(course)
        s = course.session
        for i in range(len(s.items) if "course" in PARTS else 0):
            if CHAPTERS and s.items[i][0] not in CHAPTERS:
                continue
            s.go(i)
            n += 1; yield f"{n} {lang} course {s.item[0]} {s.item[1]} {s.item[2] + 1}"
            if s.exercise is not None:
                s.show_me()
                n += 1; yield f"{n} {lang} course {s.item[0]} {s.item[1]} {s.item[2] + 1}, shown"
        if "tutorial" in PARTS:
            tutorial = TutorialWidget(language=lang)
            show(tutorial)
            t = tutorial.tutorial
            for example in t.example_ids:
                if EXAMPLES and example not in EXAMPLES:
                    continue
                tutorial.select(example)
                while True:
                    m = tutorial.model
                    n += 1; yield (f"{n} {lang} tutorial {example} step {t.index} of {t.count}"
                                   + (f", part {m.part + 1} of {m.parts}" if m.parts > 1 else ""))
                    if t.at_end and m.part + 1 >= m.parts:
                        break
                    tutorial.next()                 # the widget's Next: a long step's next part, or the next step
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
    if (e.closest('.dp-sr-only, .dp-to-board, .dp-board-picture')) continue;
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

#: At a course item, its text, Next and the verdict measured against the notebook's window (its
#: scrolling box, cut by the browser's window): {top, foot, verdict, room, ...}, or null where no
#: course text or no Next is shown.
FITS = """
() => {
  const root = document.querySelector('.dp-walk-holder');
  const shown = sel => [...root.querySelectorAll(sel)].filter(e => e.offsetParent !== null
                                                            && e.getBoundingClientRect().height > 0);
  const text = shown('.dp-course-text')[0];
  const next = shown('button.dp-course-next')[0];
  if (!text || !next) return null;
  // what a learner reads at this item, Next above it: the text (with what the engine did, the
  // rule badges and the disclosure), how to answer, the answers, the verdict or Show me's answer
  const read = [text, ...shown('.dp-course-how, .dp-course-answers, .dp-course-feedback, .dp-course-help')];
  const box = text.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
  const b = box.getBoundingClientRect();
  // from the screen's top (the board's and the panel's title): the place Run All and the course leave
  // in view, the title above Next included
  const screen = text.closest('.dp-screen') || text;
  const top = Math.min(screen.getBoundingClientRect().top, next.getBoundingClientRect().top);
  const foot = Math.max(next.getBoundingClientRect().bottom, ...read.map(v => v.getBoundingClientRect().bottom));
  const verdict = shown('.dp-course-feedback').map(v => v.getBoundingClientRect());
  return {top: top, foot: foot,
          screenTop: screen.getBoundingClientRect().top, boxTop: b.top,
          verdict: verdict.length ? Math.max(...verdict.map(v => v.bottom)) - Math.min(...verdict.map(v => v.top)) : 0,
          room: Math.min(b.bottom, window.innerHeight) - Math.max(b.top, 0),
          words: text.innerText.replace(/\\s+/g, ' ').trim().slice(0, 70)};
}
"""

#: At a tutorial step, what the panel shows of it measured against the notebook's window: {top,
#: foot, room, more, summary, hidden}, or null where no step text or no Next is shown.  What a
#: closed disclosure holds is not shown; the disclosure is opened (and closed again) to measure
#: what it holds.
TUTORIAL_FITS = """
() => {
  const root = document.querySelector('.dp-walk-holder');
  const shown = e => e.offsetParent !== null && e.getBoundingClientRect().height > 0;
  // inside a closed disclosure only its summary line is shown (the browser may keep boxes for the rest)
  const folded = e => { const d = e.closest('details'); return d !== null && !d.open && !e.closest('summary')
                                                                 && e !== d; };
  const parts = [...root.querySelectorAll('.dp-narration, .dp-erratum, .dp-outcome')].filter(shown);
  const next = [...root.querySelectorAll('button.dp-next')].filter(shown)[0];
  if (!parts.length || !next) return null;
  // the foot of what is shown: every element of the step's parts that has a box (a closed
  // disclosure's body has none)
  let foot = 0;
  for (const p of parts)
    for (const e of [p, ...p.querySelectorAll('*')])
      if (shown(e) && !folded(e)) foot = Math.max(foot, e.getBoundingClientRect().bottom);
  const screen = next.closest('.dp-screen');
  const box = next.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.documentElement;
  const b = box.getBoundingClientRect();
  const top = Math.min(screen.getBoundingClientRect().top, next.getBoundingClientRect().top);
  // the disclosure, opened: what it holds
  const more = root.querySelector('details.dp-tut-more');
  let hidden = '';
  if (more) { more.open = true; hidden = more.innerText.replace(/\\s+/g, ' ').trim(); more.open = false; }
  const summary = more ? more.querySelector('summary').innerText.trim() : '';
  return {top: top, foot: foot, room: Math.min(b.bottom, window.innerHeight) - Math.max(b.top, 0),
          more: more !== null, summary: summary, hidden: hidden.length - summary.length};
}
"""

#: One state, in one call to the page (a round trip each for the click, the wait, the frames and
#: the search took a third of the walk's time): press the step button, wait until the label says
#: the kernel has moved on, let two frames pass (the widgets' messages handled and the layout
#: done), then measure the panel, search for overflows and, at a course item or a tutorial step,
#: measure it against the window (the tutorial's last: it opens the disclosure for a moment).
#: Returns [where, panel height, overflows, the course item's or the tutorial step's measures or null].
STEP = """
async (limit) => {""" + WALK_PRESS_JS + """
  const panel = document.querySelector('.dp-walk-holder .dp-screen-panel');
  const course = / course /.test(at.innerText), tutorial = / tutorial /.test(at.innerText);
  return [at.innerText.trim(), panel ? panel.getBoundingClientRect().height : 0, (OVERFLOWS)(),
          course ? (COURSE_FITS)() : tutorial ? (TUTORIAL_FITS)() : null];
}
""".replace("OVERFLOWS", OVERFLOWS.strip()).replace("COURSE_FITS", FITS.strip()).replace(
    "TUTORIAL_FITS", TUTORIAL_FITS.strip())


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    """One walk notebook per language, ``walk_<lang>.ipynb``."""
    folder = tmp_path_factory.mktemp("dp-overflow")
    for lang in LANGS:
        walk = (WALK.replace("__LANGS__", repr((lang,))).replace("__PARTS__", repr(PARTS))
                .replace("__CHAPTERS__", repr(CHAPTERS)).replace("__EXAMPLES__", repr(EXAMPLES)))
        write_walk_notebook(folder, f"walk_{lang}.ipynb", "Every text, whole", walk)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _course_where(where: str) -> str:
    """'12 fr course scoring step 4, shown' -> 'fr scoring step 4, shown'."""
    words = where.split()
    return " ".join(words[1:2] + words[3:])


def _tutorial_where(where: str) -> str:
    """'212 en tutorial H step 5 of 9, part 1 of 2' -> 'en H 5 part 1'; '230 fr tutorial E step 2 of 6'
    -> 'fr E 2'."""
    m = re.fullmatch(r"\d+ (\w+) tutorial (\w+) step (\d+) of \d+(?:, part (\d+) of \d+)?", where)
    assert m, where
    lang, example, step, part = m.groups()
    return f"{lang} {example} {step}" + (f" part {part}" if part else "")


@pytest.fixture(scope="module", params=LANGS)
def walked(request, browser, lab):
    """The walk in one language, every state looked at: what its tests assert on."""
    lang = request.param
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(60_000)
    page = context.new_page()
    problems: dict[tuple[str, str], list[str]] = {}
    tallest: dict[str, float] = {}        # the tallest panel of each part, pictured
    too_tall: list[str] = []               # course items whose text and Next are not in the window together
    course_states, course_tallest, room = 0, (0.0, ""), 0.0
    tutorial_states, tutorial_tallest = 0, (0.0, "")
    tutorial_too_tall: list[str] = []      # tutorial steps running below the window
    tutorial_empty: list[str] = []         # tutorial steps whose disclosure holds nothing
    try:
        start_walk(page, lab, f"walk_{lang}.ipynb")
        states, started = 0, time.monotonic()
        RESULTS.mkdir(parents=True, exist_ok=True)
        OUT.mkdir(exist_ok=True)
        while True:
            where, height, overflows, fit = page.evaluate(STEP, 120_000)
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
                # the window with the panel's end in view (a panel taller than the window is read by
                # scrolling the notebook)
                page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen-panel')"
                              ".scrollIntoView({block: 'end'})")
                page.screenshot(path=str(OUT / f"overflow-tallest-{part.replace(' ', '-')}-{WIDTH}x{HEIGHT}.png"))
            for what, way, content, room_, text in overflows:
                key = (what, way)
                if key not in problems:
                    shot = re.sub(r"[^\w.-]+", "_", f"{where}-{what}")[:120]
                    page.screenshot(path=str(RESULTS / f"{shot}.png"))
                problems.setdefault(key, []).append(f"{where}: {content} px in {room_} px: {text!r}")
            if where.split()[2] == "tutorial":
                step = _tutorial_where(where)
                tutorial_states += 1
                if fit is None:
                    tutorial_too_tall.append(f"{step}: no step text or no Next shown")
                    continue
                need, room = fit["foot"] - fit["top"], fit["room"]
                if need > tutorial_tallest[0]:
                    tutorial_tallest = (need, step)
                if step in TUTORIAL_SHOTS or need > room + 1:
                    page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen')"
                                  ".scrollIntoView({block: 'start'})")
                    page.screenshot(path=str(OUT / f"tutorial-fits-{step.replace(' ', '-')}-{WIDTH}x{HEIGHT}.png"))
                if need > room + 1:
                    tutorial_too_tall.append(f"{step}: {need:.0f} px from the screen's top, the window shows {room:.0f} px")
                if fit["more"] and fit["hidden"] <= 0:
                    tutorial_empty.append(f"{step}: the disclosure {fit['summary']!r} holds nothing")
                continue
            if where.split()[2] != "course":
                continue
            item = _course_where(where)
            course_states += 1
            if fit is None:
                too_tall.append(f"{item}: no text or no Next shown")
                continue
            need, room = fit["foot"] - fit["top"], fit["room"]
            if not item.endswith(", shown") and need > course_tallest[0]:
                course_tallest = (need, item)
                # the tallest item, the screen's top at the notebook's top, to look at
                page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen')"
                              ".scrollIntoView({block: 'start'})")
                page.screenshot(path=str(OUT / f"course-fits-tallest-{lang}-{WIDTH}x{HEIGHT}.png"))
            if item in SHOTS:
                page.evaluate("() => document.querySelector('.dp-walk-holder .dp-screen')"
                              ".scrollIntoView({block: 'start'})")
                page.screenshot(path=str(OUT / f"course-fits-{item.replace(' ', '-')}-{WIDTH}x{HEIGHT}.png"))
            # an item as it opens: Next and all it shows in the window together; after Show me (the
            # answer played and why, kept in view by the course) at least that answer whole
            shown = item.endswith(", shown")
            if (fit["verdict"] if shown else need) > room + 1:
                if not too_tall:       # the first one, for a person to look at: its Next in view
                    page.evaluate("() => document.querySelector('.dp-walk-holder button.dp-course-next')"
                                  ".scrollIntoView({block: 'start'})")
                    page.screenshot(path=str(OUT / f"course-too-tall-{lang}-{WIDTH}x{HEIGHT}.png"))
                too_tall.append(f"{item}: {'the answer' if shown else 'Next to the end'} "
                                f"{fit['verdict'] if shown else need:.0f} px, the window shows {room:.0f} px "
                                f"({fit['words']!r})")
        print(f"{lang}: {states} states walked in {time.monotonic() - started:.0f} s, {course_states} of the "
              f"course; the notebook shows {room:.0f} px; the tallest item, text to Next: "
              f"{course_tallest[0]:.0f} px at {course_tallest[1]}; {tutorial_states} tutorial states, the tallest "
              f"step {tutorial_tallest[0]:.0f} px at {tutorial_tallest[1]}")
    finally:
        context.close()
    return {"states": states, "problems": problems, "course_states": course_states, "too_tall": too_tall,
            "tutorial_states": tutorial_states, "tutorial_too_tall": tutorial_too_tall,
            "tutorial_empty": tutorial_empty}


def test_no_text_overflows_its_box_in_any_language(walked):
    # the whole walk is about 355 states in each language (1,065 in the three)
    assert walked["states"] > (100 if WHOLE_WALK else 0), f"only {walked['states']} states"
    report = [f"{what} overflows {way} in {len(seen)} state(s), first at {seen[0]}"
              for (what, way), seen in walked["problems"].items()]
    assert not report, "\n".join(report)


def test_each_course_item_s_text_and_its_next_fit_the_window_together(walked):
    if "course" not in PARTS:
        pytest.skip("the walk asked for walks no course")
    # the course is 196 states in each language (588 in the three)
    assert walked["course_states"] > (100 if WHOLE_WALK else 0), f"only {walked['course_states']} course states"
    too_tall = walked["too_tall"]
    assert not too_tall, "text and Next not in the window together:\n" + "\n".join(too_tall)


def test_each_tutorial_step_is_read_beside_the_board_in_the_window(walked):
    if "tutorial" not in PARTS:
        pytest.skip("the walk asked for walks no tutorial")
    # the tutorial is 43 states in each language (129 in the three)
    assert walked["tutorial_states"] >= (30 if WHOLE_WALK else 1), f"only {walked['tutorial_states']} tutorial states"
    assert not walked["tutorial_too_tall"], ("tutorial steps running below the window:\n"
                                             + "\n".join(walked["tutorial_too_tall"]))
    assert not walked["tutorial_empty"], "\n".join(walked["tutorial_empty"])
