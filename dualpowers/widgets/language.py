"""One language for every widget of a notebook.

A notebook runs in one kernel, so one module-level setting is "the notebook's
language".  Widgets read :func:`current` when they are built and observe the
setting to redraw in a new language; a :func:`picker` menu changes it for all::

    from dualpowers.widgets import language
    language.set("fr")                     # every widget switches to French
    language.picker()                      # a menu doing the same
    language.observe(callback)             # callback(new_lang) on each change
    language.setting.observe(handler, "value")   # the traitlets way

The engine knows nothing of traitlets: this setting keeps the engine's plain one
(:func:`dualpowers.i18n.set_language`) in step, so engine functions called with
``lang=None`` write in the notebook's language too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, language_name, set_language
from ..text import translator

__all__ = ["LanguageSetting", "setting", "current", "set", "observe", "unobserve", "picker"]


class LanguageSetting(traitlets.HasTraits):
    """The notebook's language, a trait widgets can observe or link to."""

    value = traitlets.Enum(LANGUAGES, default_value=DEFAULT_LANGUAGE)


#: The notebook's language (one per kernel).
setting = LanguageSetting()
setting.observe(lambda change: set_language(change["new"]), "value")
set_language(setting.value)


def current() -> str:
    """The notebook's language now."""
    return setting.value


def set(lang: str) -> None:  # noqa: A001 - `language.set("fr")` reads well
    """Switch every widget of the notebook to ``lang`` (one of ``"en"``, ``"fr"``, ``"it"``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    setting.value = lang


_handlers: dict[Callable[[str], Any], Callable[[dict[str, Any]], None]] = {}


def observe(callback: Callable[[str], Any]) -> None:
    """Call ``callback(new_language)`` whenever the notebook's language changes."""
    def handler(change: dict[str, Any]) -> None:
        callback(change["new"])
    _handlers[callback] = handler
    setting.observe(handler, "value")


def unobserve(callback: Callable[[str], Any]) -> None:
    """Stop calling ``callback`` (a widget being closed)."""
    handler = _handlers.pop(callback, None)
    if handler is not None:
        setting.unobserve(handler, "value")


def picker(**layout: Any) -> widgets.Dropdown:
    """A language menu linked to the notebook's setting (any number of them stay in step)."""
    menu = widgets.Dropdown(options=[(language_name(k), k) for k in LANGUAGES], value=setting.value,
                            layout=widgets.Layout(width=layout.pop("width", "220px"), **layout))
    menu.add_class("dp-language")
    menu.style.description_width = "initial"
    traitlets.link((setting, "value"), (menu, "value"))

    def label(_: Any = None) -> None:
        """The menu says what it is, in the language it is set to (a screen reader reads it too)."""
        _ = translator(setting.value)
        menu.description = _("Language")
    label()
    setting.observe(label, "value")
    return menu
