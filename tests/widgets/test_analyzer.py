"""The position analyzer: its controller (PositionEditor) and its widget, without a browser."""

from __future__ import annotations

import json
import re

import pytest

import dualpowers as dp
from dualpowers.errors import EditorError
from dualpowers.controllers import PositionEditor

FIXED = {
    "mode": "two-player", "edition": "fr", "date": {"month": "jul", "day": 12}, "will": "white",
    "score": 2, "unrest": "brown", "blockade": ["green", "red"],
    "regions": {
        "brown": [{"id": "R8"}, {"id": "W8", "side": "exhausted"}, {"id": "N3"}],
        "red": [{"id": "R1"}, {"id": "W1"}],
        "green": [{"id": "N4"}],
        "purple": [{"id": "W5"}, {"id": "N5", "side": "exhausted"}],
    },
}


@pytest.fixture
def editor() -> PositionEditor:
    ed = PositionEditor()
    ed.import_json(json.dumps(FIXED))   # a partial position stays partial: no cards, no turn
    assert ed.extras == {}
    return ed


# ---------------------------------------------------------------------------- controller
def test_default_editor_is_a_valid_starting_board():
    ed = PositionEditor(seed=3)
    assert ed.valid and ed.error is None
    start = dp.new_game("two-player", 3)
    for r in start.regions:
        assert ed.state.tokens_in(r) == start.tokens_in(r)
    assert ed.state.unrest == start.unrest and ed.state.blockade == start.blockade
    assert ed.extras == {}  # board only


def test_palette_covers_every_token_once():
    ed = PositionEditor()
    ids = [t for p in ed.palette for t in p.ids]
    assert sorted(ids) == sorted(ed.comp.tokens)
    keys = {p.key for p in ed.palette}
    assert {"Lenin", "Kerensky", "Trotsky", "RedTrotsky", "opposition-unit-L3", "red-unit-3-1"} <= keys
    assert ed.palette_item_of("W8").key == "white-unit-3-1"


def test_add_flip_remove_through_clicks(editor):
    editor.select("red-unit-2-1", exhausted=False)
    tid = editor.click_region("green")
    assert tid == "R6"
    assert "R6" in editor.state.tokens_in("green") and not editor.state.is_exhausted("R6")
    editor.set_click_mode("flip")
    editor.click_token("R6")
    assert editor.state.is_exhausted("R6") and editor.state.strength_of("R6") == 1
    editor.click_token("R6")
    assert not editor.state.is_exhausted("R6")
    editor.set_click_mode("remove")
    editor.click_token("R6")
    assert "R6" not in editor.state.tokens_in("green")
    # a second token of a kind with two copies gets the next id
    editor.select("white-unit-1-0", exhausted=True)
    assert editor.add("blue") == "W2"          # W1 is already on red
    assert editor.state.is_exhausted("W2")
    with pytest.raises(ValueError, match="unknown region"):
        editor.add("yellow")
    with pytest.raises(ValueError):
        editor.set_click_mode("explode")


def test_engine_messages_are_shown(editor):
    editor.set_blockade("red-brown")
    assert not editor.valid and editor.state is None
    assert editor.error_type == "InvalidBlockade" and "not connected" in editor.error
    assert editor.status().startswith("InvalidBlockade:")
    editor.set_blockade(None)
    assert editor.valid and editor.state.blockade is None
    # Opposition units exist only in solo games
    editor.add("white", "opposition-unit-L2")
    assert "only in solo" in editor.error
    editor.set_mode("solo", player="red", difficulty=4)
    # ... and in a solo game where red is the player, white's own units are not in play
    assert "R-SOLO-SETUP" in editor.error
    editor.set_mode("solo", player="white")
    assert "R1 is a Red unit" in editor.error     # now red is the Opposition: red units are out
    editor.remove("R1")
    editor.remove("R8")
    assert editor.valid, editor.error
    assert editor.state.strength_of("O2a") == 2
    editor.flip("O2a")
    assert editor.state.strength_of("O2a") == 4     # exhausted Opposition unit shows X = difficulty
    editor.set_score(99)
    assert "off the track" in editor.error
    editor.set_score(-3)
    assert editor.valid


def test_too_many_tokens_is_the_engines_token_count_error():
    ed = PositionEditor()
    ed.clear_board()
    for _ in range(2):
        assert ed.add("red", "white-unit-1-0") is not None
    assert ed.add("red", "white-unit-1-0") is None          # no third token of that kind
    # the notice names the kind as a sentence does, without the palette's count (QA8: "... x2")
    from dualpowers.text import render
    for lang in ("en", "fr", "it"):
        said = render(ed.message_data, lang)
        assert not re.search(r"[x×]\d", said), said
    assert ed.error_type == "TokenCountError"
    assert "already placed" in ed.error
    ed.remove_entry("red", 2)
    assert ed.valid
    ed.add("red", "Lenin")
    before = ed.position_dict()
    with pytest.raises(ValueError, match="only one Lenin.*already on the board.*Lenin in red"):
        ed.add("blue", "Lenin")                            # refused at once, nothing changes
    assert ed.position_dict() == before and ed.valid


def test_trotsky_and_calendar_rules_come_from_the_engine():
    ed = PositionEditor()
    ed.add("brown", "Trotsky")
    assert "before May/June" in ed.error
    ed.set_date("may-jun", 3)
    assert ed.valid
    ed.add("red", "RedTrotsky")
    assert "both Trotsky" in ed.error or "before August" in ed.error


def test_presence_table_and_reasons(editor):
    df = editor.presence_frame()
    assert list(df.index) == list(editor.comp.region_names)
    assert "neutral control" in df.columns and "reason" in df.columns
    # brown: red R8 (3) vs white W8 exhausted (1) + N3 (white holds the Will, has a token there)
    assert df.loc["brown", "winner"] == "red"
    assert df.loc["brown", "red strength"] == 3 and df.loc["brown", "white strength"] == 2
    assert "count for White" in df.loc["brown", "neutral control"]
    # red: 1 against 1, one token each: the Will holder (white) wins
    assert df.loc["red", "winner"] == "white" and df.loc["red", "decided by"] == "will"
    # green: a lone neutral counts for nobody
    assert df.loc["green", "winner"] is None or df.loc["green", "winner"] != df.loc["green", "winner"]
    assert "nobody" in df.loc["green", "neutral control"]
    assert editor.winners()["purple"] == "white"
    report = editor.region_report("brown")
    assert report[0].startswith("Red has greater strength in brown: 3 against 2")
    assert any("W8 1 for white" in line for line in report)
    # the same as the engine's own table
    engine = dp.presence_table(editor.state)
    assert (engine["winner"].fillna("-") == df["winner"].fillna("-")).all()


def test_json_round_trip_of_a_game_in_progress():
    s = dp.new_game("solo", 11, player="white", difficulty=2, edition="it")
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    ed = PositionEditor(s)
    assert ed.valid and ed.state == s
    text = ed.export_json()
    ed2 = PositionEditor()
    ed2.import_json(text)
    assert ed2.state == s
    assert ed2.mode == "solo" and ed2.player == "white" and ed2.difficulty == 2 and ed2.edition == "it"
    # notation too
    ed3 = PositionEditor()
    assert ed3.import_text(ed.export_notation()) == "notation"
    assert ed3.state == s
    # editing a copy does not touch the original
    ed3.add("green", "opposition-unit-L1")
    assert ed3.state != s and s.tokens_in("green") == dp.State.from_json(text).tokens_in("green")


def test_partial_json_stays_partial(editor):
    text = editor.export_json(partial=True)
    data = json.loads(text)
    assert data["regions"]["brown"] == [{"id": "R8"}, {"id": "W8", "side": "exhausted"}, {"id": "N3"}]
    ed = PositionEditor()
    ed.import_json(json.dumps(FIXED))
    assert ed.state == dp.State.from_dict(FIXED)
    assert "deck" not in ed.position_dict()
    # descriptions are read by the engine and become ids
    ed.import_json(json.dumps({"regions": {"red": [{"owner": "red", "kind": "unit", "strength": 3}]}}))
    assert ed.board["red"] == [{"id": "R8"}]


def test_bad_imports_change_nothing(editor):
    before = editor.position_dict()
    with pytest.raises(dp.PositionError, match="not valid JSON"):
        editor.import_json("{nope")
    with pytest.raises(dp.UnknownRegion, match="yellow"):
        editor.import_json(json.dumps({"regions": {"yellow": []}}))
    with pytest.raises(dp.NotationError):
        editor.import_notation("DP1 nonsense")
    assert editor.position_dict() == before and editor.valid


def test_export_needs_a_valid_position(editor):
    editor.set_blockade("red-brown")
    with pytest.raises(dp.PositionError, match="cannot be exported"):
        editor.export_json()
    with pytest.raises(dp.PositionError):
        editor.export_notation()
    assert json.loads(editor.export_json(partial=True))["blockade"] == ["red", "brown"]


@pytest.mark.parametrize("day, rule", [(30, "R-CAL-3"), (29, "R-CAL-3"), (32, "R-CAL-1"), (0, "R-CAL-1"),
                                       (-3, "R-CAL-1")])
def test_R_CAL_1_R_CAL_3_the_editor_refuses_a_date_the_marker_never_rests_on(editor, day, rule):
    editor.set_date("jul", 12)
    before = editor.position_dict()
    heard = []
    editor.on_change(heard.append)
    with pytest.raises(EditorError, match=rule):
        editor.set_date(day=day)
    assert editor.position_dict() == before and editor.valid and editor.state.day == 12
    assert editor.message.startswith("Date set to July 12") and not heard


@pytest.mark.parametrize("day, rule", [(30, "R-CAL-3"), (32, "R-CAL-1"), (0, "R-CAL-1"), (-3, "R-CAL-1")])
def test_R_CAL_1_R_CAL_3_the_analyzer_day_field_refuses_a_bad_day_and_changes_nothing(widget, day, rule):
    widget.day.value = 12
    before = widget.editor.position_dict()
    widget.day.value = day
    assert widget.day.value == 12 and widget.editor.position_dict() == before
    said = widget.message_label.value
    assert "dp-error-box" in said and rule in said and f"day {day}" in said
    assert "Date set to" not in said                          # never the error and "Date set" together
    assert "accepts" in widget.error.value                    # the position is still the valid one


def test_extras_are_kept_and_can_be_dropped():
    s = dp.new_game("two-player", 5)
    ed = PositionEditor(s)
    assert "hands" in ed.extras and "deck" in ed.extras
    ed.add("green", "Lenin")   # Lenin's card is still in red's hand in the imported cards
    assert "still in Red's hand" in ed.error
    ed.drop_extras()
    assert ed.valid and ed.extras == {}


def test_listeners_hear_every_change():
    ed = PositionEditor()
    seen = []
    ed.on_change(lambda e: seen.append(e.message))
    ed.set_will("white")
    ed.set_unrest("red")
    ed.set_edition("it")
    assert len(seen) == 3 and ed.state.will == "white" and ed.state.unrest == "red" and ed.state.edition == "it"


# ---------------------------------------------------------------------------- widget
@pytest.fixture
def widget():
    from dualpowers.widgets.analyzer import AnalyzerWidget
    w = AnalyzerWidget()
    w.editor.import_json(json.dumps(FIXED))
    return w


def test_widget_has_the_documented_classes(widget):
    def classes(w, found):
        found.update(getattr(w, "_dom_classes", ()))
        for c in getattr(w, "children", ()):
            classes(c, found)
        return found

    found = classes(widget, set())
    for name in ("dp-analyzer", "dp-board", "dp-palette", "dp-analyzer-table", "dp-analyzer-error",
                 "dp-export-json", "dp-export-notation", "dp-import", "dp-io-text", "dp-blockade",
                 "dp-day", "dp-month", "dp-will", "dp-score", "dp-mode", "dp-click-mode", "dp-region-report"):
        assert name in found, name


def test_widget_refuses_a_second_lenin_in_words(widget, click_region):
    ed = widget.editor
    widget.palette.value = "Lenin"
    click_region(widget.board, "green")
    assert "Lenin" in ed.state.tokens_in("green")
    before = ed.position_dict()
    click_region(widget.board, "blue")
    assert ed.position_dict() == before and ed.valid
    assert "only one Lenin" in widget.message_label.value and "dp-error-box" in widget.message_label.value


def test_widget_click_on_a_token_caption_acts_on_the_token(widget):
    ed = widget.editor
    widget.palette.value = "white-unit-3-3"
    widget.click_mode.value = "flip"
    token = next(t for t in ed.state.tokens_in("brown"))
    board = widget.board
    lay = board.layout_geometry
    slot = lay.all_token_slots(board.state)[token]
    assert slot.caption_size
    x, y = lay.to_pixels(slot.x, slot.caption_y)           # on the name under the token
    assert board.hit_test(x, y) == ("token", token)
    n = len(ed.state.tokens_in("brown"))
    was = ed.state.is_exhausted(token)
    board.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])
    assert len(ed.state.tokens_in("brown")) == n and ed.state.is_exhausted(token) != was


def test_widget_day_30_error_stays_in_the_panel(widget):
    width = widget.board.width
    widget.day.value = 30
    assert "dp-error-box" in widget.message_label.value
    assert widget.board.width == width
    assert widget.message_label in widget.screen.narration.children     # a fixed-width scroll box beside the board


def test_widget_board_clicks_add_flip_remove(widget, click_region, click_token):
    ed = widget.editor
    widget.palette.value = "white-unit-3-3"
    widget.palette_side.value = True
    click_region(widget.board, "green")
    assert "W10" in ed.state.tokens_in("green") and ed.state.is_exhausted("W10")
    assert "W10" in widget.board.state.tokens_in("green")          # the board was redrawn
    assert "Added W10" in widget.message_label.value
    widget.click_mode.value = "flip"
    click_token(widget.board, "W10")
    assert not ed.state.is_exhausted("W10")
    widget.click_mode.value = "remove"
    click_token(widget.board, "W10")
    assert "W10" not in ed.state.tokens_in("green")
    # the presence table follows: green is a lone neutral again
    assert "Only neutral tokens in green" in widget.table.value


def test_widget_controls_drive_the_engine_and_show_its_errors(widget):
    ed = widget.editor
    ed.set_score(99)
    assert ed.state is None
    assert "Position not possible" in widget.error.value and "off the track" in widget.error.value
    assert widget.board.state is not None                            # last valid position stays
    assert "No analysis" in widget.table.value
    ed.set_score(0)
    widget.day.value = 31
    assert "accepts" in widget.error.value and ed.state.day == 31
    widget.month.value = "sep"
    widget.will.value = "red"
    widget.score.value = -4
    widget.unrest.value = "red"
    widget.blockade.value = "white-brown"
    widget.edition.value = "it"
    s = ed.state
    assert (s.month_name, s.will, s.score, s.unrest, s.blockade, s.edition) == \
        ("sep", "red", -4, "red", ("white", "brown"), "it")
    widget.blockade.value = ""
    assert ed.state.blockade is None
    # solo with white as the player: red tokens on the board are refused, by the engine
    widget.mode.value = "solo"
    widget.player.value = "white"
    widget.difficulty.value = 5
    assert "R-SOLO-SETUP" in widget.error.value
    assert not widget.player.disabled


def test_widget_token_list_buttons(widget):
    ed = widget.editor
    labels = [label for label, _ in widget.token_list.options]
    assert "brown: W8 (exhausted)" in labels
    widget.token_list.value = ("brown", 1)
    widget.flip_token.click()
    assert not ed.state.is_exhausted("W8")
    widget.token_list.value = ("brown", 1)
    widget.remove_token.click()
    assert "W8" not in ed.state.tokens_in("brown")
    widget.add_region.value = "blue"
    widget.palette.value = "Kerensky"
    widget.add_token.click()
    assert "Kerensky" in ed.state.tokens_in("blue")
    widget.clear_region.click()
    assert ed.state.tokens_in("blue") == []
    widget.clear_board.click()
    assert all(not ed.state.tokens_in(r) for r in ed.comp.region_names)


def test_widget_import_export(widget):
    ed = widget.editor
    widget.export_json.click()
    exported = widget.io_text.value
    assert dp.State.from_json(exported) == ed.state
    widget.export_notation.click()
    assert widget.io_text.value.startswith("DP1 ")
    notation = widget.io_text.value
    widget.clear_board.click()
    widget.io_text.value = notation
    widget.import_button.click()
    assert ed.state == dp.State.from_notation(notation)
    assert "Imported the notation" in widget.message_label.value
    before = ed.position_dict()
    widget.io_text.value = '{"regions": {"brown": [{"owner": "red", "strength": 7}]}}'
    widget.import_button.click()
    assert "Import refused" in widget.message_label.value and "Unknown token" in widget.message_label.value
    assert ed.position_dict() == before
    ed.set_score(99)
    widget.export_json.click()
    assert "cannot be exported" in widget.message_label.value
    widget.export_partial.click()
    assert json.loads(widget.io_text.value)["score"] == 99
    assert "Keep board only" in widget.extras_note.value
    widget.drop_extras.click()
    assert ed.extras == {}


def test_widget_region_report_follows_clicks(widget, click_region):
    widget.palette.value = "neutral-unit-1-0"
    click_region(widget.board, "purple")
    assert widget.region_select.value == "purple"
    assert "purple" in widget.region_report.value and "R-STR-2" in widget.region_report.value


def test_controllers_do_not_import_jupyter():
    import subprocess
    import sys
    code = ("import sys, dualpowers.controllers as c; "
            "c.GameSession(); c.PositionEditor(); c.OppositionExplorer(seed=1); c.SoloRoundWalker(); "
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
