"""The analyzer's session model: a position being edited, and what the analyzer shows of it.

The :class:`~dualpowers.controllers.editor.PositionEditor` holds the position and every
check; an :class:`AnalyzerSession` adds what the screen remembers (the region explained,
the last notice, the last valid position the board keeps showing) and writes, after each
change, one :class:`AnalyzerSnapshot`: the board and its lit regions, the engine's verdict,
Force in Presence in every region, the region explained, the tokens listed.  The widget
(:class:`dualpowers.widgets.analyzer.AnalyzerWidget`) turns its controls' events into calls
here and draws the snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from .. import names, tables
from ..controllers.editor import PositionEditor
from ..controllers.play import lead_text
from ..dates import MONTHS
from ..errors import PositionError
from ..narrate import refusal_text
from ..presence import force_in_presence
from ..text import N_, render, translator
from .observed import Observed

if TYPE_CHECKING:
    from ..state import State
    from ..tables import Table

__all__ = ["AnalyzerSession", "AnalyzerSnapshot", "ERROR_KINDS", "MONTHS"]

#: What kind of problem a position error is, for a reader, in every language.
ERROR_KINDS = {
    "PositionError": N_("Position not possible"), "TokenCountError": N_("Too many tokens"),
    "InvalidDate": N_("Date not possible"), "DuplicateToken": N_("Token in two places"),
    "DuplicateCard": N_("Card in two places"), "UnknownToken": N_("Unknown token"),
    "UnknownCard": N_("Unknown card"), "UnknownRegion": N_("Unknown region"),
    "InvalidBlockade": N_("Blockade not possible"), "NotationError": N_("Notation not readable"),
}


@dataclass(frozen=True)
class AnalyzerSnapshot:
    """What the analyzer shows after one change (texts written in ``lang``; ``*_html`` is HTML)."""

    lang: str
    #: the position on the board: the editor's when the engine accepts it, else the last valid one
    position: "State | None"
    #: the regions where a side is stronger, lit
    highlight: tuple[str, ...]
    valid: bool
    #: the engine's verdict ("The engine accepts this position.", or the error in words)
    verdict: str
    #: said beside a refusal: the board still shows the last valid position
    verdict_note: str
    #: Force in Presence in every region (None while the position is not valid)
    table: "Table | None"
    table_note: str
    score_html: str
    extras_html: str
    #: the tokens on the board, as the list shows them: (words, (region, index))
    entries: tuple[tuple[str, tuple[str, int]], ...]
    region: str
    #: the region explained, in words, and who is stronger there and why
    region_name: str
    report: tuple[str, ...]
    notice: str
    notice_error: bool


class AnalyzerSession(Observed[AnalyzerSnapshot]):
    """The analyzer's state: a :class:`PositionEditor` and what the screen remembers of it."""

    def __init__(self, editor: PositionEditor | None = None, *, state: "State | None" = None,
                 lang: str = "en") -> None:
        super().__init__()
        self.editor = editor if editor is not None else PositionEditor(state)
        self.lang = lang
        self.region = self.editor.comp.region_names[0]
        self._last_valid = self.editor.state
        self._last_highlight: tuple[str, ...] = ()
        self._notice: tuple[str, bool] = ("", False)
        self.editor.on_change(lambda _editor: self._edited())

    def _tell(self, text: str, error: bool = False) -> None:
        """Show ``text`` as the notice (``error``: a refusal), and the snapshot with it."""
        self._notice = (text, error)
        self._changed()

    def _edited(self) -> None:
        ed = self.editor
        if ed.message:
            self._notice = (render(ed.message_data, self.lang) if ed.message_data else ed.message, False)
        self._changed()

    def _refused(self, exc: Exception) -> None:
        """Say why the editor refused a change (a user's mistake, never a traceback)."""
        self._tell(str(exc.args[0] if exc.args else exc) if isinstance(exc, KeyError) else refusal_text(exc, self.lang),
                   error=True)

    # ------------------------------------------------------------------ what a person does
    def attempt(self, change: Callable[[], Any]) -> Any:
        """Make one change through the editor; a refused one is told, and nothing changes."""
        try:
            return change()
        except (ValueError, KeyError, IndexError) as exc:
            self._refused(exc)
            return None

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._tell("")

    def explain(self, region: str) -> None:
        """Explain who is stronger in ``region``, and why."""
        if region not in self.editor.comp.region_index:
            raise ValueError(f"explain: {region!r} is not a region")
        self.region = region
        self._changed()

    def click_region(self, region: str) -> None:
        """A click on a region: the palette's token goes there."""
        self.region = region
        self.attempt(lambda: self.editor.click_region(region))

    def click_token(self, token: str) -> None:
        """A click on a token: it is flipped or removed (the editor's click mode)."""
        self.attempt(lambda: self.editor.click_token(token))
        self._changed()          # the notice changes even when the click did nothing

    def on_listed(self, entry: tuple[str, int] | None, action: str) -> None:
        """Flip (``action`` "flip") or remove ("remove") the token chosen in the list."""
        _ = translator(self.lang)
        if not entry:
            self._tell(_("Choose a token in the list first."), error=True)
            return
        region, index = entry
        listed = self.editor.board[region][index]
        if "id" in listed:
            fn = self.editor.flip if action == "flip" else self.editor.remove
            self.attempt(lambda: fn(listed["id"]))
        elif action == "remove":
            self.attempt(lambda: self.editor.remove_entry(region, index))
        else:
            self._tell(_("This entry names no particular token (the game has no more of that kind): remove it."),
                       error=True)

    def export(self, what: str) -> str | None:
        """The position as text (``what``: "json", "partial" or "notation"), or ``None`` when refused."""
        ed = self.editor
        _ = translator(self.lang)
        try:
            text = (ed.export_json() if what == "json" else ed.export_json(partial=True) if what == "partial"
                    else ed.export_notation())
        except PositionError as exc:
            self._tell(refusal_text(exc, self.lang), error=True)
            return None
        self._tell({"json": _("Exported the full position as JSON."), "partial": _("Exported the editor's board JSON."),
                    "notation": _("Exported the position in the DP1 notation.")}[what])
        return text

    def import_text(self, text: str) -> None:
        """Read a position (JSON or notation) into the editor; a refusal changes nothing."""
        _ = translator(self.lang)
        if not text.strip():
            self._tell(_("Paste a position into the text box first."), error=True)
            return
        try:
            kind = self.editor.import_text(text)
        except PositionError as exc:
            self._tell(_("Import refused, nothing changed: {reason}", reason=self.error_text(exc, self.lang)),
                       error=True)
            return
        except Exception as exc:  # never silent: ipywidgets would swallow it
            self._tell(_("Import refused: {reason}", reason=f"{type(exc).__name__}: {str(exc)[:200]}"), error=True)
            return
        self._tell(_("Imported the JSON position.") if kind == "json" else _("Imported the notation position."))

    @staticmethod
    def error_text(exc: Any, lang: str, kind: str | None = None) -> str:
        """A position error for a reader: its kind in words and its reason, in ``lang``."""
        kind = kind or type(exc).__name__
        _ = translator(lang)
        label = _(ERROR_KINDS.get(kind, ERROR_KINDS["PositionError"]))
        return _("{kind}: {reason}", kind=label, reason=refusal_text(exc, lang))

    # ------------------------------------------------------------------ the snapshot
    @property
    def snapshot(self) -> AnalyzerSnapshot:
        """What the analyzer shows now."""
        ed, lang = self.editor, self.lang
        _ = translator(lang)
        state = ed.state
        if state is not None:
            valid, highlight = True, tuple(r for r, w in ed.winners().items() if w)
            self._last_valid, self._last_highlight = state, highlight
            verdict, note = _("The engine accepts this position."), ""
            table, table_note = tables.presence_rows(state, lang), ""
            p = force_in_presence(state, self.region)
            report: tuple[str, ...] = (tables.presence_reason(p, lang), tables.neutral_reason(p, lang))
        else:
            told = PositionError(ed.error_message if ed.error_message is not None else (ed.error or ""))
            valid, highlight = False, self._last_highlight
            verdict = self.error_text(told, lang, ed.error_type or "PositionError")
            note = _("The board still shows the last valid position.") if self._last_valid is not None else ""
            table, table_note = None, _("No analysis while the position is not valid.")
            report = (_("The position is not valid: {reason}", reason=refusal_text(told, lang)),)
        extras = (_("<i>This position carries cards, tiles and turn data from an import; they are kept on export. "
                    "<b>Keep board only</b> drops them.</i>") if ed.extras
                  else _("<i>Board only: cards and turn data get the engine's defaults.</i>"))
        entries = tuple((render(label, lang), (region, i)) for region, i, label in ed.entry_messages())
        notice, error = self._notice
        return AnalyzerSnapshot(
            lang=lang, position=state if state is not None else self._last_valid, highlight=highlight, valid=valid,
            verdict=verdict, verdict_note=note, table=table, table_note=table_note,
            score_html=_("Support track: <b>{score}</b>", score=escape(lead_text(ed.score, lang))),
            extras_html=extras, entries=entries, region=self.region, region_name=names.region(self.region, lang),
            report=report, notice=notice, notice_error=error)
