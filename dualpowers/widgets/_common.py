"""Small helpers shared by the analyzer, Opposition and play widgets."""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

import ipywidgets as widgets

from ..tables import Table
from ..text import translator
from .tables import DASH

if TYPE_CHECKING:
    import pandas as pd

    from ..controllers.play import LogEntry

__all__ = ["STYLE", "ButtonPool", "df_html", "lines_html", "log_blocks", "log_html", "working_html", "css", "button", "esc",
           "fit_labels"]

esc = escape

#: One stylesheet for every dualpowers widget (HTML widgets do not get the notebook's table style).
STYLE = """<style>
.dp-table table { border-collapse: collapse; font-size: 12px; }
.dp-table th, .dp-table td { padding: 2px 8px; border-bottom: 1px solid var(--dp-line, #d8d2c4); text-align: left;
  vertical-align: top; }
.dp-table th { background: var(--dp-head, #efe9dc); color: var(--dp-ink, #1f1f1f); }
.dp-table .dp-table-note { font-size: 11px; color: var(--dp-ink-soft, #4a4538); margin-top: 3px; max-width: 60em; }
.dp-log-box { font-family: monospace; font-size: 12px;
  background: var(--dp-paper-2, #faf8f3); color: var(--dp-ink, #1f1f1f); border: 1px solid var(--dp-line, #d8d2c4);
  padding: 4px 8px; white-space: pre-wrap; }
.dp-log-box div { margin: 0; line-height: 1.35; }
.dp-log-box .dp-log-action, .dp-log-box .dp-log-part { font-weight: bold; color: var(--dp-ink, #1f1f1f); margin-top: 4px; }
.dp-log-box .dp-log-event { color: var(--dp-ink-soft, #4a4538); padding-left: 1.5em; }
.dp-log-box .dp-log-info { color: var(--dp-info, #1f5fae); }
.dp-log-box .dp-log-end { color: var(--dp-error, #a3161c); font-weight: bold; padding-left: 1.5em; }
.dp-error-box { color: var(--dp-error, #a3161c); font-weight: bold; }
.dp-ok-box { color: var(--dp-ok, #2e7d32); }
.dp-hint-box { border-left: 4px solid var(--dp-info, #1f5fae); background: var(--dp-hint-bg, #eef4fb);
  color: var(--dp-ink, #1f1f1f); padding: 6px 8px; font-size: 12px; }
.dp-hint-box .dp-hint-rows { list-style: none; padding-left: 0; margin: 4px 0 0 0; }
.dp-hint-box .dp-hint-rows li { margin-bottom: 6px; overflow-wrap: normal; }
.dp-working { font-size: 12px; color: var(--dp-ink-faint, #5a5244); margin-top: 2px; }
</style>"""


def working_html(event: Any, lang: str) -> str:
    """The working behind a scoring event (:func:`~dualpowers.working.event_details`: the
    strengths added up, the Opposition's sums of days), as small lines to put under it."""
    from ..working import event_details
    return "".join(f"<div class='dp-working'>{escape(line)}</div>" for line in event_details(event, lang))


def css(widget: widgets.Widget, *classes: str) -> widgets.Widget:
    """Add CSS classes (tests and the browser find widgets by class); return the widget."""
    for c in classes:
        widget.add_class(c)
    return widget


def toggle_class(widget: widgets.DOMWidget, name: str, on: bool) -> None:
    """Give ``widget`` the CSS class ``name`` or take it away (a message only when that changes)."""
    if on != (name in widget._dom_classes):
        (widget.add_class if on else widget.remove_class)(name)


def fit_labels(*controls: widgets.Widget) -> None:
    """Give each control's description the room its text needs, in every language.

    ipywidgets draws a description in a fixed 80 px box and cuts what does not fit
    ("Sur le plat..."); ``description_width: initial`` sizes it to its text, and toggle
    buttons get the width of their own label.
    """
    for w in controls:
        style = getattr(w, "style", None)
        if style is not None and hasattr(style, "description_width"):
            style.description_width = "initial"
        if isinstance(w, widgets.ToggleButtons):
            w.style.button_width = "auto"


def button(description: str, css_class: str, *, tooltip: str = "", style: str = "", width: str = "auto",
           icon: str = "") -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       icon=icon, layout=widgets.Layout(width=width))
    b.add_class(css_class)
    if not tooltip:     # the tooltip says what the button says, in the language it is relabelled to
        b.observe(lambda change: setattr(b, "tooltip", change["new"]), "description")
    return b


def df_html(df: "pd.DataFrame | Table | None", caption: str = "", *, keep_index: bool | None = None,
            header_tips: dict[str, str] | None = None, note: str = "") -> str:
    """A table as formatted HTML: a :class:`~dualpowers.tables.Table` (written as it is, with no
    pandas), or a DataFrame through :func:`dualpowers.widgets.tables.style_table` (readable
    headers, percentages, yes/no, a dash for missing values, no row numbers).

    ``header_tips``: a column's name or header -> a tooltip for that column's header (a ``title``);
    ``note``: a line of small print under the table (what a column means)."""
    if df is None or len(df) == 0 or (not isinstance(df, Table) and df.empty):
        return f"<div class='dp-table'><i>{escape(caption or 'nothing to show')}</i></div>"
    from .tables import _header
    tips = {_header(column): tip for column, tip in (header_tips or {}).items()}    # by the header shown
    if isinstance(df, Table):
        table = table_html(df, tips)
    else:
        from .tables import style_table
        table = style_table(df, keep_index=keep_index).to_html()
        for header, tip in tips.items():
            table = re.sub(r"(<th\b[^>]*?)\s*>" + re.escape(escape(header)) + "</th>",
                           lambda m: f'{m.group(1)} title="{escape(tip)}">{escape(header)}</th>', table)
    cap = f"<div><b>{escape(caption)}</b></div>" if caption else ""
    small = f"<div class='dp-table-note'>{escape(note)}</div>" if note else ""
    return f"<div class='dp-table'>{cap}{table}{small}</div>"


def table_html(table: Table, tips: dict[str, str] | None = None) -> str:
    """A :class:`~dualpowers.tables.Table` as an HTML ``<table>`` (styled by :data:`STYLE`):
    headers with a capital, values as they are, a dash for none; ``tips``: header shown -> its tooltip."""
    from .tables import _header
    tips = tips or {}
    shown = [_header(c) for c in table.columns]     # headers as style_table writes them ("Win chance ...")
    head = "".join(f"<th title=\"{escape(tips[c])}\">{escape(c)}</th>" if c in tips else f"<th>{escape(c)}</th>"
                   for c in shown)
    body = "".join("<tr>" + "".join(f"<td>{escape(DASH if v is None else str(v))}</td>" for v in row) + "</tr>"
                   for row in table.rows)
    return f"<table class='dp-styled-table'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def lines_html(lines: Iterable[str], ordered: bool = False) -> str:
    tag = "ol" if ordered else "ul"
    items = "".join(f"<li>{escape(str(x))}</li>" for x in lines)
    return f"<{tag} style='margin: 2px 0; padding-left: 1.5em'>{items}</{tag}>"


def log_html(entries: Sequence["LogEntry"], newest_first: bool = True, limit: int | None = 400,
             lang: str | None = None) -> str:
    """The game log as HTML: each action with the events it caused; newest block first by default
    (``lang``: the language of the note that older entries are left out)."""
    blocks, note = log_blocks(entries, newest_first=newest_first, limit=limit, lang=lang)
    shown = reversed(blocks) if newest_first else blocks
    return f"<div class='dp-log-box'>{''.join(shown)}{note}</div>"


def log_blocks(entries: Sequence["LogEntry"], newest_first: bool = True, limit: int | None = 400,
               lang: str | None = None) -> tuple[list[str], str]:
    """The game log's blocks as HTML, oldest first (an action with the events it caused, a part
    of the story it set going, as the Opposition's turn or the scoring, or notes in a row), and
    the note that older entries are left out ('' when none is): with ``limit``, the newest
    blocks until ``limit`` entries, reading from the end the log is shown from (:func:`log_html`
    puts them in its box).  Each block reads oldest first, so that shown newest first the
    Opposition's turn is not read inside the player's action that came before it (issue 33)."""
    blocks: list[list[Any]] = []
    part = ""                            # the part of the story the last block tells
    for e in entries:
        if e.kind in ("action", "info") or not blocks:
            part = ""
            if e.kind == "info" and blocks and blocks[-1] and blocks[-1][0].kind == "info":
                blocks[-1].append(e)
                continue
            blocks.append([e])
        elif e.part and e.part != part:
            part = e.part
            blocks.append([e])
        else:
            blocks[-1].append(e)
    order = list(reversed(blocks)) if newest_first else blocks
    out: list[str] = []
    note = ""
    count = 0
    for block in order:
        html = []
        for e in block:
            kind = ("action" if e.kind == "action" else "part" if e is block[0] and e.part
                    else "info" if e.kind == "info" else "end" if e.kind == "end" else "event")
            html.append(f"<div class='dp-log-{kind}'>{escape(e.text)}</div>")
            count += 1
        out.append("".join(html))
        if limit is not None and count >= limit:
            _ = translator(lang)
            note = f"<div class='dp-log-info'>{escape(_('(older entries not shown)'))}</div>"
            break
    return (list(reversed(out)) if newest_first else out), note


class ButtonPool:
    """Buttons made once and reused (a refresh changes their words, never makes new widgets):
    :meth:`take` hands out ``n`` of them, making more only when it has fewer; a click calls
    ``on_click`` with the value the button was last given (``button.dp_value``), and a button
    given none (:attr:`EMPTY`, as a hidden one) does nothing.  Iterating gives every button made."""

    #: the value of a button that stands for nothing now
    EMPTY: Any = object()

    def __init__(self, make: Callable[[], widgets.Button], on_click: Callable[[Any], Any]) -> None:
        self._make, self._on_click = make, on_click
        self.buttons: list[widgets.Button] = []

    def take(self, n: int) -> list[widgets.Button]:
        while len(self.buttons) < n:
            b = self._make()
            b.dp_value = self.EMPTY
            b.on_click(self._clicked)
            self.buttons.append(b)
        return self.buttons[:n]

    def _clicked(self, b: widgets.Button) -> None:
        if b.dp_value is not self.EMPTY:
            self._on_click(b.dp_value)

    def __iter__(self) -> Iterator[widgets.Button]:
        return iter(self.buttons)

    def __len__(self) -> int:
        return len(self.buttons)
