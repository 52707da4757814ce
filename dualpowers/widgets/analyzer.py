"""The position analyzer: edit a position on the board and see Force in Presence everywhere.

A view of the session model :class:`dualpowers.screens.analyzer.AnalyzerSession` (over a
:class:`dualpowers.controllers.PositionEditor`): its controls' events become calls, and
each snapshot is drawn; every rule and every check is the engine's.

>>> from dualpowers.widgets.analyzer import AnalyzerWidget
>>> AnalyzerWidget()          # doctest: +SKIP

CSS classes (for tests and styling): ``dp-analyzer`` (the whole widget),
``dp-board`` (the board canvas), ``dp-palette``, ``dp-palette-side``,
``dp-click-mode``, ``dp-add-region``, ``dp-add-token``, ``dp-token-list``,
``dp-flip-token``, ``dp-remove-token``, ``dp-clear-region``, ``dp-clear-board``,
``dp-mode``, ``dp-player``, ``dp-difficulty``, ``dp-edition``, ``dp-month``,
``dp-day``, ``dp-will``, ``dp-score``, ``dp-unrest``, ``dp-blockade``,
``dp-io-text``, ``dp-export-json``, ``dp-export-partial``, ``dp-export-notation``,
``dp-import``, ``dp-drop-extras``, ``dp-analyzer-error``, ``dp-analyzer-message``,
``dp-analyzer-table``, ``dp-region-select``, ``dp-region-report``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from .. import names
from ..controllers.editor import PositionEditor
from ..drawing.layout import DESIGN_H as BOARD_H, DESIGN_W as BOARD_W
from ..screens.analyzer import ERROR_KINDS, MONTHS, AnalyzerSession, AnalyzerSnapshot
from ..screens.play import DIFFICULTIES
from ..text import render, translator
from . import language
from ._common import STYLE, button, css, df_html, lines_html, fit_labels
from .screen import Screen

if TYPE_CHECKING:
    from ..state import State

__all__ = ["AnalyzerWidget", "ERROR_KINDS"]   # ERROR_KINDS: from dualpowers.screens.analyzer

_W = widgets.Layout

#: Narrow panel: labels above their controls instead of beside them.
ANALYZER_STYLE = """<style>
.dp-analyzer .dp-screen-panel .widget-label { min-width: 0; }
.dp-analyzer .dp-screen-panel .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 60px; }
.dp-analyzer .dp-label-above { flex-direction: column; align-items: stretch; height: auto; }
.dp-analyzer .dp-label-above > .widget-label { width: auto; max-width: none; text-align: left; }
.dp-analyzer .dp-label-above > select { flex: 0 0 auto; width: 100%; max-width: 100%; margin-left: 0; }
.dp-analyzer .jupyter-widgets.widget-tab > .lm-TabBar > .lm-TabBar-content { flex-wrap: wrap; }
.dp-analyzer .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; }
</style>"""
#: Wide menus whose option texts are long in every language ("Unité Rouge, Reposé 3 / Fatigué 1"):
#: their label goes above them (class ``dp-label-above``) so that the menu gets the panel's width.


class AnalyzerWidget(widgets.VBox):
    """Position editor + Force in Presence, over a :class:`PositionEditor`.

    Click a region on the board to add the token chosen in the palette; click a
    token to flip it or remove it (the "Click a token" toggle).  Every change is
    validated by the engine and the error, if any, is shown in words.
    """

    def __init__(self, editor: PositionEditor | None = None, *, state: State | None = None,
                 width: float = BOARD_W, height: float = BOARD_H, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dp-analyzer")
        #: the session model: the editor, the region explained, the last notice
        self.model = AnalyzerSession(editor, state=state, lang=language.current())
        self.editor = self.model.editor
        self._syncing = False
        from .board import BoardWidget
        self.board = BoardWidget(self.editor.state, width=width, height=height)
        self.board.on_region_click(self._region_clicked)
        self.board.on_token_click(self.model.click_token)
        ed = self.editor
        m = self.model
        regions = list(ed.comp.region_names)

        # ---- tokens
        self.palette = css(widgets.Dropdown(options=[(p.label, p.key) for p in ed.palette], value=ed.selected,
                                            description="Token", layout=_W(width="100%")), "dp-palette")
        self.palette_side = css(widgets.ToggleButtons(options=[("fresh", False), ("exhausted", True)],
                                                      value=ed.selected_exhausted, description="Side up"),
                                "dp-palette-side")
        self.click_mode = css(widgets.ToggleButtons(options=[("flip it", "flip"), ("remove it", "remove")],
                                                    value=ed.click_mode, description="Click a token"),
                              "dp-click-mode")
        self.add_region = css(widgets.Dropdown(options=regions, value=regions[0], description="Region",
                                               layout=_W(width="220px")), "dp-add-region")
        self.add_token = button("Add to region", "dp-add-token", icon="plus")
        self.token_list = css(widgets.Select(options=[], rows=8, description="On board", layout=_W(width="100%")),
                              "dp-token-list")
        self.flip_token = button("Flip", "dp-flip-token", icon="refresh")
        self.remove_token = button("Remove", "dp-remove-token", icon="trash")
        self.clear_region = button("Clear region", "dp-clear-region")
        self.clear_board = button("Clear board", "dp-clear-board", style="warning")
        self.palette_help = widgets.HTML("<b>Palette</b>: choose a token, then click a region on the board "
                                         "(or pick a region here and press <i>Add to region</i>).")
        tokens_box = widgets.VBox([
            self.palette_help,
            self.palette_side, widgets.HBox([self.add_region, self.add_token], layout=_W(flex_flow="row wrap")),
            self.click_mode, self.token_list,
            widgets.HBox([self.flip_token, self.remove_token, self.clear_region, self.clear_board],
                         layout=_W(flex_flow="row wrap")),
        ])

        # ---- game settings
        self.mode = css(widgets.ToggleButtons(options=[("two-player", "two-player"), ("solo", "solo")],
                                              value=ed.mode, description="Mode"), "dp-mode")
        self.player = css(widgets.Dropdown(options=["red", "white"], value=ed.player, description="You play",
                                           layout=_W(width="200px")), "dp-player")
        self.difficulty = css(widgets.IntSlider(value=ed.difficulty, min=DIFFICULTIES[0], max=DIFFICULTIES[-1], description="Difficulty X"),
                              "dp-difficulty")
        self.edition = css(widgets.Dropdown(options=[("French / English (fr)", "fr"), ("Italian (it)", "it")],
                                            value=ed.edition, description="Edition"), "dp-edition")
        self.month = css(widgets.Dropdown(options=[(names.month(m, "en"), m) for m in MONTHS], value=ed.month,
                                          description="Month"), "dp-month")
        # Not a BoundedIntText: it would turn 32 into 31 without a word; the editor refuses
        # a day the calendar does not have and says why (R-CAL-1, R-CAL-3).
        self.day = css(widgets.IntText(value=ed.day, description="Day", layout=_W(width="160px")), "dp-day")
        self.will = css(widgets.ToggleButtons(options=["red", "white"], value=ed.will, description="Will"),
                        "dp-will")
        track = ed.comp.track_length
        self.score = css(widgets.IntSlider(value=ed.score, min=-track, max=track,
                                           description="Score", readout=False,
                                           tooltip="right: red leads; left: white leads"), "dp-score")
        self.score_text = css(widgets.HTML(), "dp-score-text")
        self.unrest = css(widgets.Dropdown(options=[("none", "")] + [(r, r) for r in regions],
                                           value=ed.unrest or "", description="Unrest"), "dp-unrest")
        self.blockade = css(widgets.Dropdown(options=[(label, value or "") for label, value in ed.blockade_options()],
                                             value=self._blockade_value(), description="Blockade"), "dp-blockade")
        settings_box = widgets.VBox([
            self.mode, self.player, self.difficulty, self.edition,
            self.month, self.day, self.will,
            self.score, self.score_text,
            self.unrest, self.blockade,
        ])

        # ---- import / export
        self.io_text = css(widgets.Textarea(placeholder="Paste a JSON position or a DP1 notation line, then Import.",
                                            layout=_W(width="100%", height="180px")), "dp-io-text")
        self.export_json = button("Export JSON", "dp-export-json", icon="download")
        self.export_partial = button("Export board JSON", "dp-export-partial",
                                     tooltip="The editor's own (partial) position: also works while it is invalid")
        self.export_notation = button("Export notation", "dp-export-notation")
        self.import_button = button("Import", "dp-import", style="primary", icon="upload")
        self.drop_extras = button("Keep board only", "dp-drop-extras",
                                  tooltip="Forget imported hands, deck, tiles and turn data")
        self.extras_note = widgets.HTML()
        io_box = widgets.VBox([
            widgets.HBox([self.export_json, self.export_partial, self.export_notation], layout=_W(flex_flow="row wrap")),
            self.io_text, widgets.HBox([self.import_button, self.drop_extras], layout=_W(flex_flow="row wrap")),
            self.extras_note,
        ])

        tabs = widgets.Tab(children=[tokens_box, settings_box, io_box], layout=_W(width="100%"))
        for i, title in enumerate(["Tokens", "Game", "Import/export"]):
            tabs.set_title(i, title)
        self.tabs = tabs

        # ---- verdict and analysis
        self.error = css(widgets.HTML(), "dp-analyzer-error")
        self.message_label = css(widgets.HTML(), "dp-analyzer-message")
        self.table = css(widgets.HTML(), "dp-analyzer-table")
        self.region_select = css(widgets.Dropdown(options=regions, value=regions[0],
                                                  description="Explain"), "dp-region-select")
        self.region_report = css(widgets.HTML(), "dp-region-report")
        for wide in (self.palette, self.token_list):
            wide.add_class("dp-label-above")
        fit_labels(self.palette, self.palette_side, self.click_mode, self.add_region, self.token_list, self.mode,
                   self.player, self.difficulty, self.edition, self.month, self.day, self.will, self.score,
                   self.unrest, self.blockade, self.region_select)

        # ---- events
        self.palette.observe(self._palette_changed, "value")
        self.palette_side.observe(self._palette_changed, "value")
        self.click_mode.observe(self._click_mode_changed, "value")
        self.add_token.on_click(lambda _: m.attempt(lambda: ed.add(self.add_region.value)))
        self.flip_token.on_click(lambda _: m.on_listed(self.token_list.value, "flip"))
        self.remove_token.on_click(lambda _: m.on_listed(self.token_list.value, "remove"))
        self.clear_region.on_click(lambda _: m.attempt(lambda: ed.clear_region(self.add_region.value)))
        self.clear_board.on_click(lambda _: m.attempt(ed.clear_board))
        for w in (self.mode, self.player, self.difficulty):
            w.observe(lambda _: self._set(lambda: ed.set_mode(self.mode.value, self.player.value,
                                                              self.difficulty.value)), "value")
        self.edition.observe(lambda ch: self._set(lambda: ed.set_edition(ch["new"])), "value")
        self.month.observe(lambda ch: self._set(lambda: ed.set_date(month=ch["new"])), "value")
        self.day.observe(lambda ch: self._set(lambda: ed.set_date(day=ch["new"])), "value")
        self.will.observe(lambda ch: self._set(lambda: ed.set_will(ch["new"])), "value")
        self.score.observe(lambda ch: self._set(lambda: ed.set_score(ch["new"])), "value")
        self.unrest.observe(lambda ch: self._set(lambda: ed.set_unrest(ch["new"] or None)), "value")
        self.blockade.observe(lambda ch: self._set(lambda: ed.set_blockade(ch["new"] or None)), "value")
        self.export_json.on_click(lambda _: self._export("json"))
        self.export_partial.on_click(lambda _: self._export("partial"))
        self.export_notation.on_click(lambda _: self._export("notation"))
        self.import_button.on_click(lambda _: m.import_text(self.io_text.value))
        self.drop_extras.on_click(lambda _: m.attempt(ed.drop_extras))
        self.region_select.observe(self._region_picked, "value")

        # One screen: the board beside a panel (see dualpowers.widgets.screen); the
        # verdict stays in view, the full table goes below.
        self.table_title = widgets.HTML("<b>Force in Presence</b> in every region (R-STR-2; neutrals follow R-NEU-1):")
        self.screen = Screen(
            self.board,
            title="Position analyzer",
            primary=[self.palette],
            narration=[self.error, self.message_label, self.region_report],
            secondary=[tabs],
            below=[self.table_title, self.table, widgets.HBox([self.region_select])],
            narration_height="min(170px, 26vh)",
        )
        self.children = [widgets.HTML(STYLE + ANALYZER_STYLE), self.screen]
        m.observe(self.draw)
        language.observe(self._relabel)
        self._relabel()

    # ------------------------------------------------------------------ language
    def _relabel(self, _lang: str | None = None) -> None:
        """The analyzer's words in the notebook's language (its fixed words, the palette's
        labels; the editor's messages at the refresh), then a refresh."""
        lang = language.current()
        _ = translator(lang)
        self._syncing = True
        try:
            def options(menu: Any, pairs: list[tuple[str, Any]]) -> None:
                value = menu.value
                menu.options = pairs
                menu.value = value
            regions = list(self.editor.comp.region_names)
            options(self.add_region, [(names.region(r, lang), r) for r in regions])
            options(self.region_select, [(names.region(r, lang), r) for r in regions])
            options(self.unrest, [(_.pgettext("no unrest region", "none"), "")] + [(names.region(r, lang), r) for r in regions])
            options(self.month, [(names.month(m, lang), m) for m in MONTHS])
            options(self.player, [(names.side_label("red", lang), "red"), (names.side_label("white", lang), "white")])
            options(self.will, [(names.side_label("red", lang), "red"), (names.side_label("white", lang), "white")])
            options(self.mode, [(_("Two-player game"), "two-player"), (_("Solo"), "solo")])
            options(self.edition, [(_("French / English (fr)"), "fr"), (_("Italian (it)"), "it")])
            options(self.palette_side, [(_("fresh"), False), (_("exhausted"), True)])
            options(self.palette, [(render(p.label_message, lang) if p.label_message else p.label, p.key)
                                   for p in self.editor.palette])
            options(self.click_mode, [(_("flip it"), "flip"), (_("remove it"), "remove")])
            options(self.blockade, [(_.pgettext("no blockade", "none"), "")] + [(_("{a}-{b}", a=names.region(x, lang), b=names.region(y, lang)),
                                                        f"{x}-{y}") for x, y in self.editor.comp.connections])
        finally:
            self._syncing = False
        for w, text in ((self.palette, _("Token")), (self.palette_side, _("Side up")),
                        (self.click_mode, _("Click a token")), (self.add_region, _("Region")),
                        (self.token_list, _("On board")), (self.mode, _("Mode")), (self.player, _("You play")),
                        (self.difficulty, _("Difficulty X")), (self.edition, _("Edition")), (self.month, _("Month")),
                        (self.day, _("Day")), (self.will, _("Will")), (self.score, _("Score")),
                        (self.unrest, _("Unrest")), (self.blockade, _("Blockade")),
                        (self.region_select, _("Explain"))):
            w.description = text
        for b, text in ((self.add_token, _("Add to region")), (self.flip_token, _("Flip")),
                        (self.remove_token, _("Remove")), (self.clear_region, _("Clear region")),
                        (self.clear_board, _("Clear board")), (self.export_json, _("Export JSON")),
                        (self.export_partial, _("Export board JSON")), (self.export_notation, _("Export notation")),
                        (self.import_button, _("Import")), (self.drop_extras, _("Keep board only"))):
            b.description = b.tooltip = text
        self.export_partial.tooltip = _("The editor's own (partial) position: also works while it is invalid")
        self.drop_extras.tooltip = _("Forget imported hands, deck, tiles and turn data")
        self.score.tooltip = _("right: red leads; left: white leads")
        for i, title in enumerate([_("Tokens"), _("Game"), _("Import/export")]):
            self.tabs.set_title(i, title)
        self.palette_help.value = _("<b>Palette</b>: choose a token, then click a region on the board (or pick a "
                                    "region here and press <i>Add to region</i>).")
        self.table_title.value = _("<b>Force in Presence</b> in every region (R-STR-2; neutrals follow R-NEU-1):")
        self.io_text.placeholder = _("Paste a JSON position or a DP1 notation line, then Import.")
        self.screen.set_title(_("Position analyzer"))
        self.model.set_language(lang)          # the snapshot in the new language, drawn

    def close(self) -> None:
        language.unobserve(self._relabel)
        super().close()

    # ------------------------------------------------------------------ events
    def _blockade_value(self) -> str:
        b = self.editor.blockade
        return f"{b[0]}-{b[1]}" if b else ""

    def _set(self, fn: Any) -> None:
        """A control changed: tell the editor; a refused change puts the control back."""
        if not self._syncing:       # a refusal is drawn too: the controls show the editor's values again
            self.model.attempt(fn)

    def _palette_changed(self, _: Any = None) -> None:
        if not self._syncing:
            self.editor.select(self.palette.value, self.palette_side.value)

    def _click_mode_changed(self, _: Any = None) -> None:
        if not self._syncing:
            self.editor.set_click_mode(self.click_mode.value)

    def _region_picked(self, change: Any) -> None:
        if not self._syncing:
            self.model.explain(change["new"])

    def _region_clicked(self, region: str) -> None:
        self.add_region.value = region
        self.model.click_region(region)

    def _export(self, what: str) -> None:
        text = self.model.export(what)
        if text is not None:
            self.io_text.value = text

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the model's snapshot again."""
        self.draw(self.model.snapshot)

    def draw(self, snap: AnalyzerSnapshot) -> None:
        """Bring every control, the board and the analysis in line with ``snap`` and the editor."""
        ed = self.editor
        lang = snap.lang
        _ = translator(lang)
        self._syncing = True
        try:
            self.palette.value = ed.selected
            self.palette_side.value = ed.selected_exhausted
            self.click_mode.value = ed.click_mode
            self.mode.value = ed.mode
            self.player.value = ed.player
            self.difficulty.value = ed.difficulty
            self.player.disabled = self.difficulty.disabled = ed.mode != "solo"
            self.edition.value = ed.edition
            if ed.month in MONTHS:
                self.month.value = ed.month
            self.day.value = ed.day if isinstance(ed.day, int) else 1
            self.will.value = ed.will
            track = ed.comp.track_length
            self.score.value = max(-track, min(track, ed.score))
            self.score_text.value = snap.score_html
            self.unrest.value = ed.unrest or ""
            self.blockade.value = self._blockade_value()
            old = self.token_list.value
            options = list(snap.entries)
            if list(self.token_list.options) != options:
                self.token_list.options = options
            if old in [v for _label, v in options]:
                self.token_list.value = old
            self.region_select.value = snap.region
        finally:
            self._syncing = False
        notice = snap.notice
        cls = "dp-error-box" if snap.notice_error else "dp-ok-box"
        self.message_label.value = f"<span class='{cls}'>{escape(notice)}</span>" if notice else ""
        if snap.position is not None:
            self.board.show(snap.position, highlight=list(snap.highlight))
        if snap.valid:
            self.error.value = f"<span class='dp-ok-box'>{escape(snap.verdict)}</span>"
            self.table.value = df_html(snap.table)
        else:
            note = " " + snap.verdict_note if snap.verdict_note else ""
            self.error.value = f"<span class='dp-error-box'>{escape(snap.verdict)}</span><i>{escape(note)}</i>"
            self.table.value = df_html(None, snap.table_note)
        self.extras_note.value = snap.extras_html
        self.region_report.value = f"<b>{escape(snap.region_name)}</b>" + lines_html(snap.report)
