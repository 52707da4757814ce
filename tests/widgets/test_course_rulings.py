"""The course widget shows a ruling as this project's, not the rulebooks' (issue 22, RULINGS.md
"(ruling)"): its badge has its own style and the note says what the ruling is, in each language."""

from __future__ import annotations

import pytest

from dualpowers.i18n import LANGUAGES
from dualpowers.widgets import language
from dualpowers.widgets.course import CourseWidget


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_ruling_step_has_a_ruling_badge_and_its_note(lang):
    w = CourseWidget()
    language.set(lang)
    try:
        w.session.go(w.session.items.index(("calendar", "step", 4)))   # Oct/Nov: the month never advances (R-CAL-6)
        html = w.text.value
        assert "dp-ruling-badge' tabindex='0'>R-CAL-6<" in html
        assert "dp-course-ruling" in html and w.session.current.rulings_note(lang).split(":")[0] in html.replace("&#x27;", "'")
        w.session.go(w.session.items.index(("calendar", "step", 0)))   # R-CAL-1: the rulebooks' rule, no mark
        assert "dp-ruling-badge" not in w.text.value and "dp-course-ruling" not in w.text.value
    finally:
        language.set("en")


def _aside(html: str) -> str:
    """The disclosure's content ("" when the item has none)."""
    start = html.find("<details class='dp-course-aside'>")
    return html[start:html.index("</details>", start)] if start >= 0 else ""


def _body(html: str) -> str:
    """The step's own text, without its badges and disclosure."""
    return html.split("<span class='dp-rule-badge")[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stand_ins_and_rulings_wait_behind_a_disclosure(lang):
    """Issue 34, item 4: what is this project's (its stand-ins, its rulings) is for a curious reader
    to open, out of the step's text."""
    w = CourseWidget()
    language.set(lang)
    try:
        s = w.session
        asides = [(c.id, st.index) for c in s.chapters for st in c.steps if st.aside_id]
        assert len(asides) >= 2
        for cid, index in asides:
            s.go(s.items.index((cid, "step", index)))
            html = w.text.value.replace("&#x27;", "'")
            aside = s.current.aside(lang)
            assert aside and aside in _aside(html) and aside not in _body(html), (cid, index)
        s.go(s.items.index(("calendar", "step", 4)))       # R-CAL-6, a ruling
        html = w.text.value.replace("&#x27;", "'")
        assert "dp-course-ruling" in _aside(html) and s.current.rulings_note(lang) in _aside(html)
        s.go(s.items.index(("calendar", "step", 0)))       # the rulebooks' rule: nothing to open
        assert _aside(w.text.value) == ""
    finally:
        language.set("en")


def test_no_step_text_speaks_of_stand_ins_or_rulings():
    """The English texts a learner reads in the flow keep to the game."""
    from dualpowers import course
    for c in course.chapters():
        for st in c.steps:
            assert "stand-in" not in st.text_id and "this project" not in st.text_id, (c.id, st.index)
        for ex in c.exercises:
            assert "stand-in" not in ex.prompt("en") and "this project" not in ex.hint("en"), ex.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_badge_holds_its_rule_s_text(lang):
    """A badge is focusable and holds its rule's summary in the reader's language, in the step's
    rules and in a verdict's (the browser test taps one and reads it)."""
    import re
    from html import unescape
    from dualpowers.rules import summary
    from dualpowers.text import render
    w = CourseWidget()
    language.set(lang)
    try:
        s = w.session
        s.go(s.items.index(("strength", "step", 0)))
        badges = re.findall(r"<span class='dp-rule-badge[^']*' tabindex='0'>([A-Z0-9-]+)<span class='dp-rule-tip' "
                            r"role='tooltip'><span class='dp-rule-tip-sep'>: </span>(.*?)</span></span>", w.text.value)
        assert [r for r, _ in badges] == list(s.current.rules)
        for rid, tip in badges:
            assert unescape(tip) == render(summary(rid), lang) and tip.strip()
        s.go(s.items.index(("strength", "exercise", 0)))
        s.show_me()                                        # the demonstration's verdict has badges too
        assert "dp-rule-tip" in w.feedback.value
    finally:
        language.set("en")
