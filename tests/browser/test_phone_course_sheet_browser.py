"""On a phone the course's step is read beside the board it speaks of (QA8, after issue 33).

On a 390x844 phone (Voila as a learner opens it, touch emulated) the panel stands under a board
about 700 CSS px tall: the step's text was below the window while the board was in view, and the
board above the window while the text was read.  The course's buttons, text and answers now share
one sheet (``Screen(sheet=True)``) pinned to the window's foot while the board is in view, as
play's story is.  Here: after each Next the whole text and the board's top are in the window
together (or, where the step lights part of the board, that part above the sheet: a step on the Will
and the calendar had them under it); a swipe on the sheet still scrolls the page; a sheet scrolled to the end of a long text
starts at the top of the next step; at 1280x720 nothing is pinned (the panel is beside the board).
Screenshots go to ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import REPO_ROOT, SCROLLED, swipe_up, wait_canvas_painted, wait_until, write_unrun_copy

pytestmark = pytest.mark.browser

COURSE = {"en": REPO_ROOT / "notebooks" / "00_learn.ipynb",
          "fr": REPO_ROOT / "notebooks" / "fr" / "00_apprendre.ipynb"}
BOARD = "canvas.dp-board"
OUT = REPO_ROOT / "test-output"

#: Where the course's text, the sheet and the board are in the window (CSS px).
WHERE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const sheet = document.querySelector('.dp-course .dp-screen-sheet');
  // what the board lights (the probe writes it on the picture, in fractions of it), in CSS px
  const lit = () => {
    const pic = document.querySelector('.dp-course .dp-board-picture'), c = pic && pic.querySelector('canvas.dp-board');
    if (!c || !pic.dataset.lit) return null;
    const f = pic.dataset.lit.split(',').map(Number), r = c.getBoundingClientRect();
    return {top: r.top + f[1] * r.height, bottom: r.top + f[3] * r.height};
  };
  return {text: box(document.querySelector('.dp-course-text')), sheet: box(sheet),
          board: box(document.querySelector('.dp-course .dp-screen-board')), height: window.innerHeight,
          position: getComputedStyle(sheet).position, scrollTop: sheet.scrollTop,
          scrolls: sheet.scrollHeight > sheet.clientHeight + 1, lit: lit()};
}"""


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-phone-sheet")
    for notebook in COURSE.values():
        write_unrun_copy(notebook, folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _text(page) -> str:
    el = page.locator(".dp-course-text").first
    return (el.inner_text() or "").strip() if el.count() else ""


def _next(page, keyboard: bool = False) -> None:
    before = _text(page)
    button = page.locator("button.dp-course-next").first
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.tap()
    wait_until(lambda: _text(page) != before, timeout=20_000, message="Next did nothing")
    page.wait_for_timeout(500)


def _phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    return context, context.new_page()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_step_is_read_with_the_board_in_view(browser, voila_server, notebook_dir, lang):
    context, page = _phone(browser)
    try:
        page.goto(voila_server(notebook_dir / COURSE[lang].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        OUT.mkdir(exist_ok=True)
        shown: set[int] = set()
        for k in range(1, 6):
            _next(page)
            page.wait_for_timeout(300)          # the scroll to what is lit, if any
            if k == 2:
                page.screenshot(path=str(OUT / f"phone-course-lit-{lang}.png"))
            where = page.evaluate(WHERE)
            assert where["position"] == "sticky", where
            text, board, height = where["text"], where["board"], where["height"]
            assert 0 <= text["top"] and text["bottom"] <= height + 1, (
                f"step {k}: the text is at {text['top']:.0f} to {text['bottom']:.0f} CSS px, the window 0 to {height}")
            lit, sheet = where["lit"], where["sheet"]
            if lit is None:           # nothing lit yet: the board's top is in view
                assert 0 <= board["top"] < height / 3, f"step {k}: the board's top is at {board['top']:.0f} CSS px"
            else:                     # what the step lights (the Will, the calendar, the tiles...) is above the sheet
                assert 0 <= lit["top"] and lit["bottom"] <= sheet["top"] + 1, (
                    f"step {k}: what the board lights is at {lit['top']:.0f} to {lit['bottom']:.0f} CSS px, "
                    f"the sheet's top at {sheet['top']:.0f}")
                shown.add(k)
            assert sheet["top"] > max(board["top"], 0) + 250, (
                f"step {k}: the sheet leaves only {sheet['top'] - max(board['top'], 0):.0f} px of the board")
        page.screenshot(path=str(OUT / f"phone-course-sheet-{lang}.png"))
        assert shown, "no step lit anything on the board"
    finally:
        context.close()


def test_a_swipe_on_the_sheet_scrolls_the_page_and_a_new_step_starts_at_its_top(browser, voila_server, notebook_dir):
    context, page = _phone(browser)
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        # a swipe up that starts on the sheet (its text fits: it does not scroll) scrolls the page
        assert not page.evaluate(WHERE)["scrolls"]
        sheet = page.locator(".dp-course .dp-screen-sheet").first.bounding_box()
        x, y = sheet["x"] + sheet["width"] / 2, sheet["y"] + sheet["height"] * 0.6
        start = page.evaluate(SCROLLED)
        swipe_up(context, page, x, y, 8)
        page.wait_for_timeout(600)
        assert page.evaluate(SCROLLED) > start + 60, "a swipe on the sheet did not scroll the page"
        # a text longer than the sheet (made so here: a sheet 150 px tall), read to its end, then
        # Next: the new step starts at the sheet's top, its Next still in view at the sheet's top
        page.add_style_tag(content=".dp-course .dp-screen-sheet { max-height: 150px !important; }")
        page.wait_for_timeout(300)
        assert page.evaluate(WHERE)["scrolls"]
        page.evaluate("() => { const s = document.querySelector('.dp-course .dp-screen-sheet'); s.scrollTop = s.scrollHeight; }")
        page.wait_for_timeout(200)
        assert page.evaluate(WHERE)["scrollTop"] > 50
        _next(page)
        wait_until(lambda: page.evaluate(WHERE)["scrollTop"] == 0, timeout=5_000,
                   message=lambda: f"the sheet stayed scrolled at {page.evaluate(WHERE)['scrollTop']} px")
    finally:
        context.close()


def test_nothing_is_pinned_beside_the_board(browser, voila_server, notebook_dir):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        where = page.evaluate(WHERE)
        assert where["position"] != "sticky", where
        assert where["sheet"]["top"] < where["board"]["bottom"], "the panel is not beside the board"
    finally:
        page.close()


#: Where the focused control is, against the sheet and the window (CSS px), and whether a box
#: around it clips its focus ring.
FOCUSED = """() => {
  const t = document.activeElement, sheet = document.querySelector('.dp-course .dp-screen-sheet');
  const r = t.getBoundingClientRect();
  let clipped = false, clipper = '';
  for (let p = t.parentElement; p && !p.classList.contains('dp-screen'); p = p.parentElement) {
    const q = p.getBoundingClientRect(), o = getComputedStyle(p).overflow;
    if (o !== 'visible' && (q.top > r.top - 5 || q.bottom < r.bottom + 5 || q.left > r.left - 5 || q.right < r.right + 5)) {
      clipped = true; clipper = p.className; }
  }
  return {inSheet: sheet.contains(t), top: r.top, bottom: r.bottom, sheetTop: sheet.getBoundingClientRect().top,
          sheetBottom: sheet.getBoundingClientRect().bottom, height: window.innerHeight, clipped, clipper,
          what: (t.className && t.className.baseVal === undefined ? t.className : t.tagName) + ' ' +
                (t.innerText || t.getAttribute('aria-label') || '').slice(0, 30),
          inScreen: !!t.closest('.dp-course'), next: t.classList.contains('dp-course-next'),
          answer: !!t.closest('.dp-course-answers')};
}"""


#: Scroll the page up until the board-in-words button is 40 px under the pinned sheet's top.
UNDER_THE_SHEET = """() => {
  const t = document.querySelector('.dp-course .dp-board-words-toggle');
  const sheet = document.querySelector('.dp-course .dp-screen-sheet');
  let view = t.parentElement;
  while (view && !(view.scrollHeight > view.clientHeight + 1 &&
                   /(auto|scroll)/.test(getComputedStyle(view).overflowY))) view = view.parentElement;
  (view || document.scrollingElement).scrollBy(0, -(sheet.getBoundingClientRect().top + 40 - t.getBoundingClientRect().top));
}"""


def test_the_keyboard_s_place_is_never_under_the_sheet(browser, voila_server, notebook_dir):
    """Keyboard alone on a phone (QA, after the sheet): a control reached by Tab outside the sheet
    stood behind it (the browser scrolls a focused control into the window, not out from under a
    sticky part); the sheet stopped 10 px above the window's foot (Voila's padding); an answer's
    focus ring was cut by its row; and → to the next item left the focus on a reused answer
    button, which the next Enter pressed before the question was read."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        where = page.evaluate(WHERE)
        assert abs(where["sheet"]["bottom"] - where["height"]) <= 1, where
        # the board focused, the page scrolled so that the control after it (the board in words)
        # stands behind the pinned sheet, as it does where the page is nearer its top
        page.locator(BOARD).first.focus()
        page.wait_for_timeout(300)
        page.evaluate(UNDER_THE_SHEET)
        page.wait_for_timeout(300)
        seen = []
        for _ in range(14):                      # the board, its words, the sheet, the chapters ...
            page.keyboard.press("Tab")
            page.wait_for_timeout(250)
            f = page.evaluate(FOCUSED)
            if not f["inScreen"]:
                break
            seen.append(f["what"])
            if not f["inSheet"] and f["bottom"] - f["top"] < f["height"] / 3:
                behind = f["top"] < f["sheetBottom"] - 1 and f["bottom"] > f["sheetTop"] + 1
                assert not behind, f"{f['what']!r} is behind the sheet: {f}"
            assert not f["clipped"], f"{f['what']!r}: a box around it clips its focus ring: {f}"
        assert len(seen) >= 5, seen
        # an exercise's answer focused, then →: the focus goes to Next, not to the new item's answer
        for _ in range(12):
            _next(page, keyboard=True)
            if page.locator(".dp-course-answers button:visible").count():
                break
        answer = page.locator(".dp-course-answers button:visible").first
        answer.focus()
        f = page.evaluate(FOCUSED)
        assert f["answer"] and not f["clipped"], str(f)
        before = _text(page)
        page.keyboard.press("ArrowRight")
        wait_until(lambda: _text(page) != before, timeout=20_000, message="→ did nothing")
        wait_until(lambda: page.evaluate(FOCUSED)["next"], timeout=5_000,
                   message=lambda: f"the focus stayed on {page.evaluate(FOCUSED)['what']!r}")
    finally:
        page.close()


def test_the_text_folds_away_to_show_the_whole_board(browser, voila_server, notebook_dir):
    """QA (the course on a phone): a step spoke of the calendar and the score track, which the
    sheet covered.  "See the whole board" folds the text under its buttons: the board's foot comes
    into the window above them; Next shows the new step's text again.  At 1280x720 the button is
    not shown (the text is beside the board)."""
    context, page = _phone(browser)
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        page.wait_for_timeout(800)
        _next(page)
        _next(page)
        before = page.evaluate(WHERE)
        fold = page.locator(".dp-course .dp-sheet-fold").first
        assert fold.is_visible()
        # its chevron beside its words, both in the middle of its height (the chevron sat above them)
        rects = fold.evaluate("""b => {
            const text = [...b.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
            const range = document.createRange(); range.selectNodeContents(text);
            const mid = r => (r.top + r.bottom) / 2;
            return {box: mid(b.getBoundingClientRect()), icon: mid(b.querySelector('i').getBoundingClientRect()),
                    words: mid(range.getBoundingClientRect())}; }""")
        assert abs(rects["icon"] - rects["words"]) <= 2 and abs(rects["words"] - rects["box"]) <= 3, rects
        fold.tap()
        wait_until(lambda: page.evaluate(WHERE)["sheet"]["top"] > before["sheet"]["top"] + 100, timeout=10_000,
                   message=lambda: f"the sheet did not fold: {page.evaluate(WHERE)['sheet']}")
        page.wait_for_timeout(400)
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / "phone-course-sheet-folded.png"))
        folded = page.evaluate(WHERE)
        assert folded["sheet"]["bottom"] - folded["sheet"]["top"] < 90, folded   # its buttons alone
        # the page scrolls to the board's foot and the whole board is seen above the buttons
        page.locator(".dp-course .dp-board-words-toggle").first.scroll_into_view_if_needed()
        page.wait_for_timeout(400)
        where = page.evaluate(WHERE)
        assert where["board"]["bottom"] <= where["sheet"]["top"] + 1, where
        _next(page)
        wait_until(lambda: page.evaluate(WHERE)["sheet"]["bottom"] - page.evaluate(WHERE)["sheet"]["top"] > 120,
                   timeout=10_000, message="Next did not show the new step's text")
    finally:
        context.close()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(voila_server(notebook_dir / COURSE["en"].name), wait_until="domcontentloaded", timeout=120_000)
        wait_canvas_painted(page, BOARD, timeout=120_000)
        assert not page.locator(".dp-course .dp-sheet-fold").first.is_visible()
    finally:
        page.close()
