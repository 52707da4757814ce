"""Every test starts in English: a test that sets the notebook's language must not leak it.

And every widget of the project a test builds is closed after it.  A widget stays alive until it is closed
(ipywidgets keeps every open one), and each screen observes the notebook's language: left open,
the widgets of all the earlier tests on a pytest worker were redrawn at every later language
switch, the English reset between two tests included (measured: the widget tests' time grew
with their number, a file alone ran in a third of its time in the whole suite).
"""
import sys

import pytest

from dualpowers import i18n


@pytest.fixture(autouse=True)
def _english_by_default():
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _open_widgets() -> dict:
    """The open ipywidgets of this process by model id (none if no test imported ipywidgets)."""
    module = sys.modules.get("ipywidgets.widgets.widget")
    return getattr(module, "_instances", {}) if module is not None else {}


@pytest.fixture(autouse=True)
def _close_the_tests_widgets():
    """Close the project's widgets this test opened (a screen's close also stops observing the
    language).  Widgets open before it, built by a module-scoped fixture say, are left alone, and
    so are other libraries' widgets: ipycanvas makes one shared widget when it is first imported,
    which may be inside a test, and every later canvas needs it open."""
    before = set(_open_widgets())
    yield
    for model_id, widget in list(_open_widgets().items()):
        if model_id not in before and type(widget).__module__.startswith("dualpowers."):
            widget.close()
    # then the notebook's language back to English (tests/widgets/conftest.py's english_notebook
    # sets it before each test): after the closing, so no widget of this test is redrawn for it
    language = sys.modules.get("dualpowers.widgets.language")
    if language is not None:
        language.set("en")
