"""The notebook's one language setting, shared by every widget."""
from __future__ import annotations

import pytest

from dualpowers.widgets import language


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.set("en")


def test_set_reaches_observers_and_pickers():
    seen = []
    language.observe(seen.append)
    a, b = language.picker(), language.picker()
    language.set("fr")
    assert seen == ["fr"] and a.value == b.value == "fr" and language.current() == "fr"
    b.value = "it"                      # a menu changes it for everyone
    assert seen == ["fr", "it"] and a.value == "it" and language.current() == "it"
    language.unobserve(seen.append)
    language.set("en")
    assert seen == ["fr", "it"]


def test_unknown_language_is_refused_and_nothing_changes():
    with pytest.raises(ValueError, match="en, fr, it"):
        language.set("de")
    assert language.current() == "en"


def test_one_menu_switches_every_widget():
    import dualpowers as dp
    from dualpowers.widgets import BoardWidget, TutorialWidget

    tut = TutorialWidget()
    other = BoardWidget(dp.new_game(mode="solo", seed=2), width=450, height=320)
    pinned = BoardWidget(dp.new_game(mode="solo", seed=2), width=450, height=320, lang="it")
    before = other.redraw_count
    tut.language_dropdown.value = "fr"
    assert language.current() == "fr" and other.lang == "fr" and other.redraw_count == before + 1
    assert "CALENDRIER" in other.to_svg() and "Tour 1 sur 3" in other.to_svg()
    assert pinned.lang == "it" and "CALENDARIO" in pinned.to_svg()
    language.set("it")
    assert tut.tutorial.language == "it" and tut.language_dropdown.value == "it"
