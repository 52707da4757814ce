"""No label is cut in French or Italian: every control's description has the room its text
needs (ipywidgets draws a description in a fixed 80 px box by default and cuts the rest:
"Sur le plat..."), and no button or toggle of fixed width is narrower than its label.

The widths are estimated from the text (JupyterLab's 13 px sans-serif: about 7.5 px a
character, a generous figure); the browser test measures the real thing.
"""
from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

import dualpowers as dp
from dualpowers.widgets import (AdvisorWidget, AnalyzerWidget, OppositionWidget, PlayWidget, SoloRoundWidget,
                                TutorialWidget, language)
from dualpowers.widgets.course import CourseWidget
from dualpowers.i18n import LANGUAGES

PX_PER_CHAR = 7.5
#: ipywidgets' default description box (``--jp-widgets-inline-label-width``).
DEFAULT_DESCRIPTION_PX = 80


def _px(width: str | None) -> float | None:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)px\s*", width or "")
    return float(m.group(1)) if m else None


def _controls(root):
    stack = [root]
    while stack:
        w = stack.pop()
        yield w
        stack.extend(getattr(w, "children", ()) or ())


def _cut_labels(root) -> list[str]:
    out = []
    for w in _controls(root):
        text = getattr(w, "description", "") or ""
        if not text or not isinstance(w, widgets.DOMWidget):
            continue
        need = len(text) * PX_PER_CHAR
        style = getattr(w, "style", None)
        if isinstance(w, widgets.Button):
            px = _px(w.layout.width)
            if px is not None and px < need + 16:
                out.append(f"button {text!r} is {px:.0f}px, needs about {need + 16:.0f}px")
        elif style is not None and hasattr(style, "description_width"):
            width = style.description_width or ""
            px = _px(width) if width else DEFAULT_DESCRIPTION_PX
            if width != "initial" and (px is None or px < need):
                out.append(f"{type(w).__name__} {text!r}: description box {width or 'default 80px'}")
        if isinstance(w, widgets.ToggleButtons):
            px = _px(w.style.button_width)
            longest = max((len(str(o)) for o in w._options_labels), default=0) * PX_PER_CHAR
            if w.style.button_width != "auto" and (px or 100) < longest + 16:
                out.append(f"toggle {text!r}: buttons {w.style.button_width or 'default'} for {w._options_labels}")
    return out


WIDGETS = {
    "analyzer": lambda: AnalyzerWidget(width=300, height=200),
    "advisor": lambda: AdvisorWidget(dp.new_game(mode="solo", seed=3), playouts=60, width=300, height=200),
    "play": lambda: PlayWidget(mode="solo", seed=7, width=300, height=200),
    "opposition": lambda: OppositionWidget(seed=5),
    "solo-round": lambda: SoloRoundWidget(seed=7, width=300, height=200),
    "tutorial": lambda: TutorialWidget(board_width=300, board_height=200),
    "course": lambda: CourseWidget(board_width=300, board_height=200),
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_has_room(name, lang):
    language.set(lang)
    try:
        w = WIDGETS[name]()
        cut = _cut_labels(w)
        w.close()
    finally:
        language.set("en")
    assert not cut, f"{name} in {lang}: labels cut short:\n" + "\n".join(cut)


def test_the_check_sees_a_cut_label():
    box = widgets.VBox([widgets.Dropdown(options=["a"], description="Sur le plateau"),
                        widgets.Button(description="Recommencer la partie", layout=widgets.Layout(width="60px"))])
    assert len(_cut_labels(box)) == 2
