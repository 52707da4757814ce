"""What a click sends to the page, counted kernel-side (comm messages, no timing; issue 31).

Each mechanism that keeps a click cheap has a test that fails when an unchanged part is sent
again: the game log and *This round so far* send only their new blocks, the board in words only
the paragraphs that changed, a widget whose traits did not change sends nothing, and the changes
of one widget in one click go in one message.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from ipywidgets.widgets.widget import Widget

from dualpowers.clicks import ActionPicker
from dualpowers.widgets._common import log_blocks, log_html
from dualpowers.widgets.blocks_html import BlocksHTML, changes
from dualpowers.widgets.play import PlayWidget


class Sent:
    """The comm messages the widgets send, as (widget, message) pairs."""

    def __init__(self) -> None:
        self.messages: list[tuple[Widget, dict[str, Any]]] = []

    def of(self, widget: Widget) -> list[dict[str, Any]]:
        return [m for w, m in self.messages if w is widget]

    def text(self, widget: Widget) -> str:
        return json.dumps(self.of(widget))


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    box = Sent()
    real = Widget._send

    def record(self: Widget, msg: dict[str, Any], buffers: Any = None) -> None:
        box.messages.append((self, msg))
        real(self, msg, buffers)        # (no comm in a test: ipywidgets sends nothing further)

    monkeypatch.setattr(Widget, "_send", record)
    return box


def _rebuild(old: list[str], segs: list[Any]) -> list[str]:
    """What the page does with a change (blocks_html's JavaScript, in Python)."""
    out: list[str] = []
    for seg in segs:
        if isinstance(seg, str):
            out.append(seg)
        else:
            out.extend(old[seg[0]:seg[1]])
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("abcdefg"), max_size=12), st.lists(st.sampled_from("abcdefg"), max_size=12))
def test_a_change_rebuilds_the_new_blocks_from_the_old(old, new):
    segs = changes(old, new)
    assert _rebuild(old, segs) == new
    # what is sent whole is only what the old list does not have at that place
    assert sum(1 for s in segs if isinstance(s, str)) <= len(new)


def test_an_appended_block_goes_alone_and_an_unchanged_list_sends_nothing(sent):
    w = BlocksHTML(newest_first=True)
    w.show("<div data-dp-blocks></div>", ["<p>a</p>", "<p>b</p>"])
    sent.messages.clear()
    w.show("<div data-dp-blocks></div>", ["<p>a</p>", "<p>b</p>"])
    assert sent.of(w) == [], "an unchanged list was sent again"
    w.show("<div data-dp-blocks></div>", ["<p>a</p>", "<p>b</p>", "<p>c</p>"])
    (msg,) = sent.of(w)
    assert msg["content"]["segs"] == [[0, 2], "<p>c</p>"]
    assert w.value == "<div data-dp-blocks><p>c</p><p>b</p><p>a</p></div>"      # newest first


def test_log_blocks_make_the_log_as_log_html_writes_it():
    from dualpowers.controllers.play import GameSession
    g = GameSession(mode="solo", seed=3, player="red", difficulty=1)
    for _ in range(12):
        g.apply(g.legal()[0])
    for limit in (None, 5, 400):
        for newest_first in (True, False):
            blocks, note = log_blocks(g.log, newest_first=newest_first, limit=limit)
            shown = "".join(reversed(blocks) if newest_first else blocks)
            boxed = f"<div class='dp-log-box'>{shown}{note}</div>"
            assert log_html(g.log, newest_first=newest_first, limit=limit) == boxed


def _all_widgets(root: Widget) -> list[Widget]:
    """Every widget under ``root`` (its children, layouts, styles and widget-valued traits)."""
    seen: dict[int, Widget] = {}
    todo = [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen[id(widget)] = widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            items = value if isinstance(value, (list, tuple)) else [value]
            todo.extend(v for v in items if isinstance(v, Widget))
    return list(seen.values())


def _solo(repeat: int):
    """The benchmark's solo game (benchmarks/widget_speed.py): the same choices, played by clicks."""
    w = PlayWidget(mode="solo", seed=3, player="red", difficulty=1)
    w.board.probe.dpr, w.board.probe.css_width = 1.0, 724.0
    return w


def _play_card(w: PlayWidget) -> Any:
    s = w.session.state
    legal = w.session.legal()
    pick = next(a for a in legal if getattr(a, "card", None) in s.comp.cards)
    w.click("card", pick.card)
    return pick


def _until_card_step(w: PlayWidget) -> None:
    for _ in range(40):
        if w.model.story_at is not None:
            w.model.story_step(skip=True)
        s = w.session.state
        if s.step == "card" and any(getattr(a, "card", None) in s.comp.cards for a in w.session.legal()):
            return
        w.model.play(w.session.legal()[0])
    raise AssertionError("no card to play")


def test_a_card_click_sends_the_log_and_the_round_as_they_grow(sent):
    w = _solo(0)
    _until_card_step(w)
    _play_card(w)
    _until_card_step(w)
    first = w.log_view.blocks[0]          # the game's start, in the log since the first action
    old_round = list(w.round_view.blocks)
    assert first and old_round
    sent.messages.clear()
    _play_card(w)
    log_msgs, round_msgs = sent.of(w.log_view), sent.of(w.round_view)
    assert len(log_msgs) == 1 and len(round_msgs) == 1
    # the old blocks are kept by reference, not sent again
    assert first not in sent.text(w.log_view), "the log's old entries were sent again"
    for block in old_round[:-1]:
        assert block not in sent.text(w.round_view), "this round's old entries were sent again"
    assert w.log_view.value.count("dp-log-action") == sum(1 for e in w.session.log if e.kind == "action")


def test_a_select_sends_the_board_in_words_paragraph_by_paragraph(sent):
    w = _solo(0)
    for _ in range(40):                  # a position where a token is picked by a click
        if w.model.story_at is not None:
            w.model.story_step(skip=True)
        s = w.session.state
        picker = ActionPicker(s, w.session.legal(), lists=False)
        two = [a for a in w.session.legal() if len(picker.clicks_for(a)) == 2]
        if two:
            break
        w.model.play(w.session.legal()[0])
    first_click = picker.clicks_for(two[0])[0]
    status = w.board.words.blocks[0]
    sent.messages.clear()
    w.board._pick(first_click)
    (msg,) = sent.of(w.board.words)
    assert status not in json.dumps(msg), "the board in words was sent whole for a click that lights targets"
    assert len([seg for seg in msg["content"]["segs"] if isinstance(seg, str)]) == 1   # the targets


def test_a_click_sends_each_widget_once_and_only_what_changed(sent):
    """No widget gets two update messages in one click (its changes batched), and no update
    re-sends a value the page already has."""
    w = _solo(0)
    _until_card_step(w)
    for _ in range(3):
        # what the page has now: every widget's state (all of it was sent)
        synced = {id(widget): json.loads(json.dumps(widget.get_state(), default=str))
                  for widget in _all_widgets(w)}

        def state_of(widget: Widget) -> dict[str, Any]:
            return synced.setdefault(id(widget), {})

        sent.messages.clear()
        _play_card(w)
        updates: dict[int, int] = {}
        named: dict[int, str] = {}
        for widget, msg in sent.messages:
            if msg.get("method") != "update":
                continue
            updates[id(widget)] = updates.get(id(widget), 0) + 1
            named[id(widget)] = f"{type(widget).__name__} {sorted(msg['state'])}"
            was = state_of(widget)
            state = json.loads(json.dumps(msg["state"], default=str))
            for key, value in state.items():
                # (a menu's choice goes with its new options: ipywidgets resets it when they change)
                if not (key == "index" and "_options_labels" in state):
                    assert was.get(key) != value, f"{type(widget).__name__}.{key} re-sent unchanged: {value!r}"[:300]
                was[key] = value
        twice = {k: n for k, n in updates.items() if n > 1}
        assert not twice, [named[k] for k in twice]
        _until_card_step(w)


def _board_first(sent: Sent, board: Any) -> list[str]:
    """The messages sent before the board's picture, by the widget that sent them (the board's
    picture goes through ipycanvas' shared manager, not through the canvas widget itself)."""
    before: list[str] = []
    for widget, msg in sent.messages:
        if type(widget).__name__ == "_CanvasManager":
            return before
        before.append(f"{type(widget).__name__} {sorted(msg.get('state', {})) or msg.get('method')}")
    raise AssertionError("no picture was sent")


def test_the_course_sends_the_board_before_the_panel(sent):
    """The page handles messages in order: a verdict, a button shown or a scroll handled before
    the picture delayed the picture the click waits for (issue 31, the course's answer)."""
    from dualpowers.widgets.course import CourseWidget
    w = CourseWidget()
    w.session.go_exercise("commands-1")
    w.board.probe.dpr, w.board.probe.css_width = 1.0, 724.0
    for click in (("token", "W3"), ("region", "red")):        # a select, then the answer (wrong)
        sent.messages.clear()
        w.board._pick(click)
        assert _board_first(sent, w.board) == [], click
    assert "dp-course-wrong" in w.feedback.value
    sent.messages.clear()
    w.retry_button.click()
    assert _board_first(sent, w.board) == []
    sent.messages.clear()
    w.next_button.click()                                      # another item: another position
    assert _board_first(sent, w.board) == []


def test_play_sends_the_board_before_the_panel(sent):
    w = _solo(0)
    _until_card_step(w)
    sent.messages.clear()
    _play_card(w)
    assert _board_first(sent, w.board) == []


def test_the_tutorial_sends_the_board_before_the_panel(sent):
    from dualpowers.widgets.tutorial import TutorialWidget
    w = TutorialWidget()
    w.board.probe.dpr, w.board.probe.css_width = 1.0, 724.0
    for _ in range(3):
        sent.messages.clear()
        w.next_button.click()
        assert _board_first(sent, w.board) == []
