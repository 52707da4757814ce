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
        assert "dp-ruling-badge'>R-CAL-6<" in html
        assert "dp-course-ruling" in html and w.session.current.rulings_note(lang).split(":")[0] in html.replace("&#x27;", "'")
        w.session.go(w.session.items.index(("calendar", "step", 0)))   # R-CAL-1: the rulebooks' rule, no mark
        assert "dp-ruling-badge" not in w.text.value and "dp-course-ruling" not in w.text.value
    finally:
        language.set("en")
