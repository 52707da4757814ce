"""Tables a person reads: pandas DataFrames as formatted Stylers.

The engine's frames are made for code (``win_prob``, ``ci_low``, True/False,
numbers with six decimals).  :func:`style_table` shows the same data the way a
reader expects: readable headers, percentages, an interval as one "a%–b%" cell,
yes/no instead of True/False, a dash for nothing, and no index column of row
numbers.  It needs only pandas (and Jinja2, which pandas' Styler uses), so a
notebook can call it directly::

    from dualpowers.widgets.tables import style_table
    style_table(ranking.to_frame())          # displays as a formatted table
    style_table(df).to_html()                # or as HTML for an HTML widget
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler

__all__ = ["style_table", "readable_frame", "HEADERS", "PERCENT", "INTERVALS"]

#: Column name -> header shown.  Other names: underscores become spaces, first letter capital.
HEADERS: dict[str, str] = {
    "win_prob": "Win chance (estimate)",
    "win_rate": "Win rate",
    "score_change": "Score change",
    "playouts": "Playouts",
    "confidence": "Confidence",
    "final_score": "Final score",
    "decided by": "Decided by",
    "neutrals for": "Neutrals count for",
    "counts for": "Counts for",
}
#: Columns holding a fraction shown as a percentage.
PERCENT = frozenset({"win_prob", "win_rate", "win_low", "win_high", "ci_low", "ci_high", "confidence",
                     "rate", "low", "high"})
#: (low, high) column pairs shown as one interval column, and its header.
INTERVALS: tuple[tuple[str, str, str], ...] = (
    ("win_low", "win_high", "95% interval"),
    ("ci_low", "ci_high", "95% interval"),
)
#: Columns whose numbers read better with a sign.
SIGNED = frozenset({"score_change"})
DASH = "–"


def _header(name: Any) -> str:
    text = str(name)
    if text in HEADERS:
        return HEADERS[text]
    text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


def _pct(x: Any) -> str:
    try:
        return f"{float(x):.1%}"
    except (TypeError, ValueError):
        return DASH


def readable_frame(df: "pd.DataFrame", *, keep_index: bool | None = None) -> "pd.DataFrame":
    """A copy of ``df`` ready to read: intervals joined, booleans as yes/no, the index a column.

    ``keep_index``: turn a meaningful index (one with a name, or not 0, 1, 2 ...) into
    the first column; ``None`` decides by looking.
    """
    import pandas as pd

    frame = df.copy()
    if keep_index is None:
        keep_index = frame.index.name is not None or not isinstance(frame.index, pd.RangeIndex)
    if keep_index:
        frame = frame.reset_index()
    for low, high, title in INTERVALS:
        if low in frame.columns and high in frame.columns:
            where = list(frame.columns).index(low)
            joined = [f"{_pct(a)}{DASH}{_pct(b)}" for a, b in zip(frame[low], frame[high])]
            frame = frame.drop(columns=[low, high])
            frame.insert(where, title, joined)
    for col in frame.columns:
        s = frame[col]
        present = s.dropna()
        if s.dtype == bool or (s.dtype == object and len(present) and all(isinstance(v, bool) for v in present)):
            frame[col] = [None if v is None else ("yes" if v else "no") for v in s]
    return frame


def style_table(df: "pd.DataFrame", caption: str | None = None, *, percent: Iterable[str] = (),
                keep_index: bool | None = None, digits: int = 2) -> "Styler":
    """``df`` as a formatted, index-free :class:`pandas.io.formats.style.Styler`.

    ``percent`` names more columns to show as percentages (beyond :data:`PERCENT`).
    Missing values show as a dash.
    """
    import pandas as pd

    frame = readable_frame(df, keep_index=keep_index)
    pct = set(PERCENT) | set(percent)
    formats: dict[str, Any] = {}
    for col in frame.columns:
        s = frame[col]
        if col in pct and pd.api.types.is_numeric_dtype(s):
            formats[col] = _pct
        elif col in SIGNED and pd.api.types.is_numeric_dtype(s):
            formats[col] = lambda v: DASH if pd.isna(v) else f"{v:+.{max(1, digits - 1)}f}"
        elif pd.api.types.is_float_dtype(s):
            formats[col] = lambda v: DASH if pd.isna(v) else (f"{v:.0f}" if float(v).is_integer()
                                                              else f"{v:.{digits}f}")
    frame = frame.rename(columns={c: _header(c) for c in frame.columns})
    formats = {_header(c): f for c, f in formats.items()}
    # A uuid from the content: the same table gives the same HTML (stable notebook outputs).
    import hashlib
    uuid = hashlib.sha1(frame.to_csv().encode("utf-8")).hexdigest()[:10]
    styler = frame.style.set_uuid(uuid).hide(axis="index").format(formats, na_rep=DASH)
    styler = styler.set_table_attributes('class="dp-styled-table"')
    styler = styler.set_table_styles([
        {"selector": "th", "props": "background: var(--dp-head, #efe9dc); color: var(--dp-ink, #1f1f1f); text-align: left; padding: 2px 8px;"},
        {"selector": "td", "props": "padding: 2px 8px; border-bottom: 1px solid var(--dp-line, #d8d2c4); vertical-align: top;"},
        {"selector": "", "props": "border-collapse: collapse; font-size: 12px;"},
        {"selector": "caption", "props": "caption-side: top; text-align: left; font-weight: bold;"},
    ])
    if caption:
        styler = styler.set_caption(caption)
    return styler
