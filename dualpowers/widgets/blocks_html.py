"""HTML made of blocks, sent block by block as it changes: the game log, *This round so far*,
the board in words.

An ``ipywidgets.HTML`` sends its whole value again at every change.  The game log grows with the
game and was re-sent whole after every action (with *This round so far*: 2 KB each after a few
actions, tens of KB late in a game), and the board in words (2.3 KB) was re-sent whole when one
of its paragraphs changed (a click that lights a token's destinations changes only the last).
:class:`BlocksHTML` keeps a list of blocks (a log's action with the events it caused, a
paragraph) and sends only how the new list is made from the one the page has: runs of old
blocks kept, and the new blocks whole.  The page moves the blocks it keeps and parses only the
new ones; nothing else of the page changes (a ``<details>`` around the blocks stays as the
reader left it).

The page draws the elements an ``ipywidgets.HTML`` of the whole value would draw (its classes,
its content box), so what a person sees does not change; :attr:`BlocksHTML.value` is that whole
value, for tests and notebooks.

A page that gets the widget after blocks were sent (reloaded, or a second view) asks for the
whole list once; every change carries a sequence number, and a page that missed one asks again.
"""

from __future__ import annotations

import uuid
from typing import Any, Sequence

import anywidget
import traitlets

__all__ = ["BlocksHTML", "SLOT", "changes"]

#: Where the blocks go in a frame: the element carrying this attribute (its content is the blocks).
SLOT = "data-dp-blocks"

_ESM = """
// One store of blocks per widget (by its uid): Python's changes apply to it, views draw it.
const stores = new Map();
function storeOf(model) {
  const uid = model.get('uid');
  let s = stores.get(uid);
  if (!s) { s = { seq: -1, blocks: [], note: '', views: new Set() }; stores.set(uid, s); }
  return s;
}
function nodes(html) {
  const t = document.createElement('template');
  t.innerHTML = html;
  return [...t.content.childNodes];
}
function initialize({ model }) {
  const s = storeOf(model);
  model.on('msg:custom', (msg) => {
    if (!msg || msg.seq === undefined) return;
    if (!msg.full && msg.seq !== s.seq + 1) { model.send({ want: 'all' }); return; }   // one was missed
    // the new list: runs of the old one ([start, end]) and new blocks (strings)
    const made = [];
    for (const seg of msg.segs) {
      if (typeof seg === 'string') made.push(seg);
      else for (let i = seg[0]; i < seg[1]; i++) made.push(i);
    }
    const old = s.blocks;
    s.blocks = made.map((b) => (typeof b === 'string' ? b : old[b]));
    s.note = msg.note;
    s.seq = msg.seq;
    for (const v of s.views) v.apply(made);
  });
  if (s.seq < 0) model.send({ want: 'all' });     // blocks sent before this page had the widget
}
function render({ model, el }) {
  const s = storeOf(model);
  // the elements of an ipywidgets HTML: the same look, the same styles
  el.classList.add('jupyter-widgets', 'widget-inline-hbox', 'widget-html');
  const label = document.createElement('label');
  label.className = 'widget-label';
  label.style.display = 'none';
  const content = document.createElement('div');
  content.className = 'widget-html-content';
  el.append(label, content);
  const newestFirst = model.get('newest_first');
  let slot = null, els = [], noteEls = [];
  // put the slot's nodes in order, moving only those out of place
  const order = () => {
    const blocks = newestFirst ? [...els].reverse() : els;
    const want = newestFirst ? [...blocks.flat(), ...noteEls] : [...noteEls, ...blocks.flat()];
    let cur = slot.firstChild;
    for (const n of want) {
      if (n === cur) cur = cur.nextSibling;
      else slot.insertBefore(n, cur);
    }
  };
  const view = {
    apply(made) {
      if (!slot) return;
      const next = made.map((b) => (typeof b === 'string' ? nodes(b) : els[b]));
      const kept = new Set(next);
      for (const block of els) if (!kept.has(block)) for (const n of block) n.remove();
      for (const n of noteEls) n.remove();
      els = next;
      noteEls = s.note ? nodes(s.note) : [];
      order();
    },
  };
  const draw = () => {
    content.innerHTML = model.get('frame');
    slot = content.querySelector('[""" + SLOT + """]');
    els = slot ? s.blocks.map(nodes) : [];
    noteEls = slot && s.note ? nodes(s.note) : [];
    if (slot) order();
  };
  // the widget's CSS classes as they change (add_class, remove_class: the board in words opened)
  let classes = new Set(model.get('_dom_classes') || []);
  const reclass = () => {
    const now = new Set(model.get('_dom_classes') || []);
    for (const c of classes) if (!now.has(c)) el.classList.remove(c);
    for (const c of now) el.classList.add(c);
    classes = now;
  };
  reclass();
  draw();
  s.views.add(view);
  model.on('change:frame', draw);
  model.on('change:_dom_classes', reclass);
  return () => { s.views.delete(view); model.off('change:frame', draw); model.off('change:_dom_classes', reclass); };
}
export default { initialize, render };
"""


def changes(old: Sequence[str], new: Sequence[str]) -> list[Any]:
    """How ``new`` is made from ``old``: runs of old blocks ``[start, end]`` and new blocks (strings),
    in order; the kept runs are a longest common part (equal blocks at both ends, then
    :class:`difflib.SequenceMatcher` in between)."""
    head = 0
    while head < len(old) and head < len(new) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < len(old) - head and tail < len(new) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    segs: list[Any] = [[0, head]] if head else []
    mid_old, mid_new = old[head:len(old) - tail], new[head:len(new) - tail]
    if mid_old and mid_new:
        from difflib import SequenceMatcher
        matcher = SequenceMatcher(None, mid_old, mid_new, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                segs.append([head + i1, head + i2])
            elif j2 > j1:
                segs.extend(mid_new[j1:j2])
    else:
        segs.extend(mid_new)
    if tail:
        segs.append([len(old) - tail, len(old)])
    return segs


class BlocksHTML(anywidget.AnyWidget):
    """HTML made of blocks, sent block by block as it changes (see the module's text).

    ``newest_first``: the list's last block on top (a log), else the blocks in their order.
    :meth:`show` hands it the frame and the blocks (the newest last); only the change is sent.
    """

    _esm = _ESM
    #: the HTML around the blocks: its element with the attribute :data:`SLOT` holds them ('': nothing shown)
    frame = traitlets.Unicode("").tag(sync=True)
    #: the list's last block on top
    newest_first = traitlets.Bool(False).tag(sync=True)
    #: names the page's store of this widget's blocks
    uid = traitlets.Unicode("").tag(sync=True)

    def __init__(self, newest_first: bool = False, **kwargs: Any) -> None:
        super().__init__(newest_first=newest_first, uid=uuid.uuid4().hex, **kwargs)
        self._blocks: list[str] = []
        self._note = ""
        self._seq = -1
        #: what the last :meth:`show` sent: the change (:func:`changes`), or None when nothing changed
        self.last_sent: list[Any] | None = None
        self.on_msg(self._asked)

    @property
    def blocks(self) -> tuple[str, ...]:
        """The blocks shown, in the list's order."""
        return tuple(self._blocks)

    @property
    def value(self) -> str:
        """The whole HTML shown, as an ``ipywidgets.HTML`` of it would hold it."""
        if not self.frame:
            return ""
        blocks = "".join(reversed(self._blocks) if self.newest_first else self._blocks)
        shown = blocks + self._note if self.newest_first else self._note + blocks
        head, sep, tail = self.frame.partition(SLOT + ">")
        return head + sep + shown + tail if sep else self.frame

    def show(self, frame: str, blocks: Sequence[str], note: str = "") -> None:
        """Show ``blocks`` in ``frame`` with ``note`` at the oldest end (under a log shown newest
        first); sends only what changed (:func:`changes`), nothing if nothing did."""
        new = list(blocks)
        if frame != self.frame:
            self.frame = frame
        if new == self._blocks and note == self._note:
            self.last_sent = None
            return
        segs = changes(self._blocks, new)
        self._blocks, self._note = new, note
        self._seq += 1
        self.last_sent = segs
        self.send({"seq": self._seq, "segs": segs, "note": note, "full": False})

    def _asked(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A page without the blocks asks for them: all of them, to every view."""
        if isinstance(content, dict) and content.get("want") == "all" and (self._blocks or self._note):
            self._seq += 1
            self.send({"seq": self._seq, "segs": list(self._blocks), "note": self._note, "full": True})
