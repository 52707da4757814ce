"""A tiny browser-side helper: the board's width in CSS pixels, the screen's pixel
density, and keyboard shortcuts.

ipycanvas cannot tell Python how wide its canvas is on the page nor the screen's
``devicePixelRatio``, so the board could only guess its backing-store size (and
be blurry on a 2x screen).  :class:`ViewProbe` is an invisible `anywidget
<https://anywidget.dev>`_ placed next to the canvas: its few lines of JavaScript
watch the width of the element it sits in (``ResizeObserver``) and the pixel
ratio, and send both to Python; the board then sizes its backing store to
``CSS width x devicePixelRatio`` and redraws.

It also lets the mouse wheel over the board scroll the page (ipycanvas would take it), and
keeps the mouse events the board does not use (moves, releases) from becoming kernel messages.
A finger's touches are kept from ipycanvas too (it cancels them, so a swipe on the board
scrolled nothing): a swipe scrolls the page and a tap is sent as one ``tap`` (:meth:`ViewProbe.on_tap`).
Whether a finger or a mouse works the screen is reported as ``touch`` (the words say "tap" then).

The same probe forwards the keys of :data:`KEYS` pressed while the focus is
inside the screen that holds it (``Screen.on_key``), so Next / Back / Undo have
keyboard shortcuts.  JupyterLab's own shortcuts are suppressed there
(``data-lm-suppress-shortcuts``) so an arrow key does not also move the
notebook's cell selection.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["ViewProbe", "KEYS", "BOARD_KEYS"]

#: Keys forwarded to Python, by their ``KeyboardEvent.key`` name.
KEYS = ("ArrowRight", "ArrowLeft", "Enter", "Escape", "n", "b", "u", "z", "N", "B", "U")
#: The keys of the board's own keyboard model, sent while the board has the focus
#: (:meth:`dualpowers.widgets.BoardWidget.press`).
BOARD_KEYS = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End", "Enter", " ", "Escape")

_ESM = """
const KEYS = new Set(%s);
function render({ model, el }) {
  el.classList.add('dp-probe');
  el.style.width = '100%%';
  el.style.height = '0px';
  el.style.overflow = 'hidden';
  let last = [0, 0];
  const report = () => {
    // The probe sits in the board's box: its width is the width the board is given.
    const host = el.parentElement || el;
    const w = Math.round(host.getBoundingClientRect().width);
    const dpr = window.devicePixelRatio || 1;
    if (w > 0 && (Math.abs(w - last[0]) >= 1 || dpr !== last[1])) {
      last = [w, dpr];
      model.set('css_width', w);
      model.set('dpr', dpr);
      model.save_changes();
    }
  };
  const ro = new ResizeObserver(report);
  ro.observe(el.parentElement || el);
  // ipycanvas sends the kernel a message for every mouse event on its canvas: each move, the
  // button's release, the pointer leaving, each wheel notch (and takes the wheel from the page).
  // The board answers only the button going down, so the others are stopped here on their
  // way down (capture phase): they never reach the canvas, the page scrolls under the wheel
  // as usual, and a click is not queued in the kernel behind the moves that led to it.
  const UNUSED = ['wheel', 'mousemove', 'mouseup', 'mouseout', 'mouseenter', 'mouseleave'];
  const onUnused = (ev) => { if (ev.target && ev.target.tagName === 'CANVAS') ev.stopPropagation(); };
  let boardHost = null, boardWatch = null;
  // A finger: ipycanvas would cancel every touch on its canvas (so a swipe on the board never
  // scrolled the page) and send touches the board does not read.  The touches are stopped on
  // their way down instead, the page scrolls under a swipe, and a tap (a touch that ends close
  // to where it began, soon) is sent to Python as one 'tap' at the canvas' own pixels; its
  // touchend is cancelled, so the browser does not add a mouse click of its own.
  const TAP_MOVE = 10, TAP_TIME = 800;
  let touch = null;
  const onTouch = (ev) => {
    const canvas = ev.target;
    if (!canvas || canvas.tagName !== 'CANVAS') return;
    ev.stopPropagation();
    if (ev.type === 'touchstart') {
      const t = ev.touches.length === 1 ? ev.touches[0] : null;
      touch = t ? { x: t.clientX, y: t.clientY, at: Date.now() } : null;
    } else if (ev.type === 'touchmove') {
      const t = ev.touches[0];
      if (touch && t && Math.hypot(t.clientX - touch.x, t.clientY - touch.y) > TAP_MOVE) {
        touch = null;
        hideTag();                  // a swipe, not a tap: a name shown by an earlier tap goes
      }
    } else if (ev.type === 'touchend') {
      const t = ev.changedTouches[0];
      if (touch && t && ev.touches.length === 0 && Date.now() - touch.at < TAP_TIME
          && Math.hypot(t.clientX - touch.x, t.clientY - touch.y) <= TAP_MOVE) {
        ev.preventDefault();
        nameAt(canvas, t.clientX, t.clientY, 2500);
        const r = canvas.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) {
          model.send({ kind: 'tap', x: canvas.width * (t.clientX - r.left) / r.width,
                       y: canvas.height * (t.clientY - r.top) / r.height });
        }
      }
      touch = null;
    } else {
      touch = null;
    }
  };
  const TOUCHES = ['touchstart', 'touchmove', 'touchend', 'touchcancel'];
  // A place's name (a region's district) by the pointer, and for a while after a tap on it: the
  // board writes only each region's colour, its name would not fit at the board's text size.
  let tag = null, tagTimer = null;
  const hideTag = () => { clearTimeout(tagTimer); if (tag) tag.style.display = 'none'; };
  // A name shown by a tap goes when the next touch lands anywhere but the board's picture (a tap
  // on the panel, a swipe of the page): it stayed its 2.5 s over the board whatever came next
  // (issue 33).  A touch on the picture decides for itself: another region's name, or none.
  const onTouchElsewhere = (ev) => {
    if (!tag || tag.style.display === 'none') return;
    const t = ev.target;
    if (t && t.closest && t.closest('.dp-board-picture') === tag.parentElement) return;
    hideTag();
  };
  document.addEventListener('touchstart', onTouchElsewhere, { capture: true, passive: true });
  const nameAt = (canvas, cx, cy, hold) => {
    const pic = canvas.closest('.dp-board-picture');
    if (!pic) return;
    const r = canvas.getBoundingClientRect();
    const fx = (cx - r.left) / r.width, fy = (cy - r.top) / r.height;
    const spot = (model.get('names') || []).find(s => fx >= s[0] && fx <= s[2] && fy >= s[1] && fy <= s[3]);
    if (!tag || !tag.isConnected) {
      tag = document.createElement('div');
      tag.className = 'dp-board-tag';
      tag.setAttribute('aria-hidden', 'true');
      pic.appendChild(tag);
    }
    clearTimeout(tagTimer);
    if (!spot) { tag.style.display = 'none'; return; }
    const p = pic.getBoundingClientRect();
    tag.textContent = spot[4];
    tag.style.display = 'block';
    const w = tag.offsetWidth;
    tag.style.left = Math.max(0, Math.min(p.width - w, r.left - p.left + spot[0] * r.width)) + 'px';
    // above its place, never over the board's status line (spot[5], the highest it may stand)
    tag.style.top = Math.max(0, r.top - p.top + (spot[5] || 0) * r.height,
                             r.top - p.top + spot[1] * r.height - tag.offsetHeight - 2) + 'px';
    if (hold) tagTimer = setTimeout(() => { if (tag) tag.style.display = 'none'; }, hold);
  };
  const onPointer = (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const canvas = ev.target;
    if (canvas && canvas.tagName === 'CANVAS' && ev.type === 'pointermove') nameAt(canvas, ev.clientX, ev.clientY, 0);
    else if (tag) tag.style.display = 'none';
  };
  // The keyboard.  ipycanvas makes each canvas a Tab stop and cancels every key pressed on it, so
  // Tab never left the board.  The canvases leave the Tab order (a click still focuses one: the
  // focus goes on to the picture's box); the picture's box is the one Tab stop of the board, with
  // the board's name, and its keys (arrows, Home, End, Enter, Space, Escape) go to Python.  Keys
  // on a canvas never reach ipycanvas, so Tab and Shift+Tab go on.
  const BOARD_KEYS = new Set(%s);
  let picture = null;
  const onBoardKey = (ev) => {
    if (ev.target && ev.target.tagName === 'CANVAS') ev.stopPropagation();
    if (ev.target !== picture || ev.altKey || ev.ctrlKey || ev.metaKey || !BOARD_KEYS.has(ev.key)) return;
    ev.preventDefault();
    if (ev.key !== 'Escape') ev.stopPropagation();      // Escape goes on to the screen: it forgets the clicks
    model.send({ kind: 'board-key', key: ev.key });
  };
  const onCanvasFocus = (ev) => {
    if (picture && ev.target && ev.target.tagName === 'CANVAS') picture.focus({ preventScroll: true });
  };
  const set = (e, name, value) => { if (e && e.getAttribute(name) !== value) e.setAttribute(name, value); };
  const name = () => {
    set(picture, 'aria-label', model.get('label') || '');
    const words = boardHost && boardHost.querySelector('.dp-board-words');
    if (words) {
      if (!words.id) words.id = 'dp-words-' + Math.random().toString(36).slice(2);
      set(picture, 'aria-describedby', words.id);
    }
  };
  const board = () => {
    // the picture's box and its canvases, as ipycanvas renders them (again after a new view)
    if (!boardHost) return;
    picture = boardHost.querySelector('.dp-board-picture');
    if (!picture) return;
    set(picture, 'tabindex', '0');
    set(picture, 'role', 'application');
    name();
    for (const c of picture.querySelectorAll('canvas')) { set(c, 'tabindex', '-1'); set(c, 'aria-hidden', 'true'); }
    const said = boardHost.querySelector('.dp-board-cursor');
    set(said, 'aria-live', 'polite');
  };
  model.on('change:label', name);
  // new names (another language, another board): a name shown by the pointer would be the old one
  model.on('change:names', () => { if (tag) tag.style.display = 'none'; });
  const attachStops = () => {
    // the board's box (the probe's view is its first child), once the view is in the page
    boardHost = el.closest('.dp-board-widget') || (el.parentElement && el.parentElement.parentElement);
    if (boardHost) {
      for (const type of UNUSED) boardHost.addEventListener(type, onUnused, { capture: true, passive: true });
      for (const type of TOUCHES) boardHost.addEventListener(type, onTouch, { capture: true, passive: type !== 'touchend' });
      boardHost.addEventListener('keydown', onBoardKey, { capture: true });
      boardHost.addEventListener('pointermove', onPointer, { capture: true, passive: true });
      boardHost.addEventListener('pointerleave', onPointer, { passive: true });
      boardHost.addEventListener('focusin', onCanvasFocus);
      board();
      boardWatch = new MutationObserver(() => requestAnimationFrame(board));
      boardWatch.observe(boardHost, { childList: true, subtree: true });
    } else requestAnimationFrame(attachStops);
  };
  requestAnimationFrame(attachStops);
  let mq = null;
  const watchDpr = () => {
    if (mq) mq.removeEventListener('change', onDpr);
    mq = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    mq.addEventListener('change', onDpr);
  };
  const onDpr = () => { report(); watchDpr(); };
  watchDpr();
  requestAnimationFrame(report);
  // The nearest box that scrolls around a part of the page (JupyterLab's notebook), or null (the page).
  const scroller = (from) => {
    let view = from.parentElement;
    while (view && !(view.scrollHeight > view.clientHeight + 1 &&
                     /(auto|scroll)/.test(getComputedStyle(view).overflowY))) view = view.parentElement;
    return view;
  };
  // A control reached by Tab behind the sheet pinned at the window's foot (the course on a phone):
  // the browser scrolls a focused control into the window, not out from under a sticky part, and
  // the focus was hidden (QA, keyboard alone).  The least scroll that shows it above the sheet.
  const onFocusUnderSheet = (ev) => {
    const sheet = root && root.querySelector('.dp-screen-sheet');
    const t = ev.target;
    if (!sheet || !t || sheet.contains(t) || getComputedStyle(sheet).position !== 'sticky') return;
    requestAnimationFrame(() => {
      const r = t.getBoundingClientRect(), top = sheet.getBoundingClientRect().top;
      if (r.height === 0 || r.bottom <= top - 4) return;
      const view = scroller(t);
      // the board itself may be taller than the room above the sheet: its top comes first
      const by = Math.min(r.bottom - top + 8, r.top - 4);
      if (by > 0) (view || document.scrollingElement || document.documentElement).scrollBy(0, by);
    });
  };
  // What the board lights now, in fractions of the picture (the kernel sends it where a sheet may
  // cover the board's foot: the course on a phone): the least scroll that shows it above the sheet,
  // once the panel's words (sent after the board) have set the sheet's height. A phone's course
  // sheet covered the Will, the calendar and the reserve that a step spoke of (QA, a newcomer).
  let litWatch = null;
  model.on('change:lit', () => {
    const lit = model.get('lit') || [];
    const pic = el.closest('.dp-board-widget');
    const canvas = pic && pic.querySelector('canvas.dp-board');
    if (!canvas || lit.length < 4) return;
    canvas.closest('.dp-board-picture').dataset.lit = lit.slice(0, 4).join(',');
    const fit = () => {
      const sheet = root && root.querySelector('.dp-screen-sheet');
      if (!sheet || getComputedStyle(sheet).position !== 'sticky') return;
      const r = canvas.getBoundingClientRect();
      if (r.height === 0) return;
      const view = scroller(canvas);
      const top = (view ? view.getBoundingClientRect().top : 0) + 8, bottom = sheet.getBoundingClientRect().top - 8;
      const litTop = r.top + lit[1] * r.height, litBottom = r.top + lit[3] * r.height;
      let by = litBottom > bottom ? litBottom - bottom : 0;
      if (litTop - by < top) by = litTop - top;       // taller than the room: its top first
      if (Math.abs(by) > 2) (view || document.scrollingElement || document.documentElement).scrollBy(0, by);
    };
    setTimeout(() => requestAnimationFrame(fit), 150);
    // the sheet may still grow a moment later (a verdict, a button): fit again for a second
    const sheet = root && root.querySelector('.dp-screen-sheet');
    if (litWatch) litWatch.disconnect();
    if (sheet && window.ResizeObserver) {
      litWatch = new ResizeObserver(() => requestAnimationFrame(fit));
      litWatch.observe(sheet);
      const watching = litWatch;
      setTimeout(() => { watching.disconnect(); if (litWatch === watching) litWatch = null; }, 1000);
    }
  });
  // Keyboard shortcuts for the screen that holds this probe.
  let root = null, onKey = null;
  const attach = () => {
    root = el.closest('.dp-screen');
    if (!root) return;
    root.setAttribute('data-lm-suppress-shortcuts', 'true');
    if (!root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1');
    onKey = (ev) => {
      const t = ev.target;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'
                || t.isContentEditable)) return;
      // Enter and Space press the focused button (or open the focused header): theirs, not a shortcut's
      if ((ev.key === 'Enter' || ev.key === ' ') && t && t !== root
          && (t.tagName === 'BUTTON' || t.tagName === 'A' || t.getAttribute('role') === 'button')) return;
      if (ev.altKey || ev.metaKey) return;
      if (ev.ctrlKey && ev.key !== 'z') return;
      if (!KEYS.has(ev.key)) return;
      ev.preventDefault();
      ev.stopPropagation();
      model.send({ kind: 'key', key: ev.key, ctrl: ev.ctrlKey, shift: ev.shiftKey });
    };
    root.addEventListener('keydown', onKey);
    root.addEventListener('focusout', onFocusLost);
    root.addEventListener('focusin', onFocusUnderSheet);
    screen();
    screenWatch = new MutationObserver(() => requestAnimationFrame(screen));
    screenWatch.observe(root, { childList: true, subtree: true, characterData: true });
  };
  // What a screen reader and a keyboard need of the panel, which ipywidgets does not say:
  // the narration, the answers and what is marked dp-live are live regions (a verdict, a story's
  // step is read out when it comes); the narration, a box that scrolls, takes the focus (so a keyboard scrolls it);
  // a slider's handle has its label's name; an accordion's header is a button that Enter and
  // Space open.
  // A control that hides itself once used (a card of the hand, an answer) would drop the focus
  // to the page's body, out of the screen: it goes to the board instead, where the next click is
  // most often made (or to the screen itself when no board is there).
  const onFocusLost = (ev) => {
    const lost = ev.target;
    if (ev.relatedTarget) return;
    setTimeout(() => {
      const now = document.activeElement;
      if (now && now !== document.body) return;
      if (lost && lost.isConnected && lost.offsetParent !== null) return;     // still there: left on purpose
      const board = root.querySelector('.dp-board-picture[tabindex]');
      (board || root).focus({ preventScroll: true });
    }, 60);
  };
  let screenWatch = null;
  // The board is the screen's first Tab stop; a keyboard that went on through the panel (after Next,
  // the answers) left the screen and had to come all the way back with Shift+Tab (QA7).  The
  // screen's last Tab stop is a button that takes the focus back to the board: a skip link, seen
  // only while it has the focus.
  let toBoard = null;
  const skipLink = () => {
    const board = root.querySelector('.dp-board-picture[tabindex]');
    if (!board || !model.get('to_board')) return;
    if (!toBoard) {
      toBoard = document.createElement('button');
      toBoard.type = 'button';
      toBoard.className = 'dp-to-board';
      toBoard.addEventListener('click', (ev) => {
        ev.preventDefault();
        const now = root.querySelector('.dp-board-picture[tabindex]');
        if (now) now.focus();
      });
    }
    if (toBoard.textContent !== model.get('to_board')) toBoard.textContent = model.get('to_board');
    if (root.lastElementChild !== toBoard) root.appendChild(toBoard);
  };
  model.on('change:to_board', () => { if (root) skipLink(); });
  const screen = () => {
    if (!root) return;
    skipLink();
    for (const box of root.querySelectorAll('.dp-screen-narration, .dp-screen-answers, .dp-live')) set(box, 'aria-live', 'polite');
    for (const box of root.querySelectorAll('.dp-screen-narration')) set(box, 'tabindex', '0');
    for (const slider of root.querySelectorAll('.widget-slider')) {
      const label = slider.querySelector('.widget-label');
      const handle = slider.querySelector('.noUi-handle');
      if (label && handle && label.textContent) set(handle, 'aria-label', label.textContent);
    }
    for (const head of root.querySelectorAll('.jupyter-widget-Collapse-header')) {
      set(head, 'role', 'button');
      set(head, 'tabindex', '0');
      const open = !!(head.parentElement && head.parentElement.classList.contains('jupyter-widget-Collapse-open'));
      set(head, 'aria-expanded', open ? 'true' : 'false');
      if (!head.dataset.dpKeys) {
        head.dataset.dpKeys = '1';
        head.addEventListener('keydown', (ev) => {
          if (ev.key !== 'Enter' && ev.key !== ' ') return;
          ev.preventDefault();
          ev.stopPropagation();
          head.click();
        });
      }
    }
  };
  requestAnimationFrame(attach);
  // What the person touches the screen with, for the words of the panel ("tap" or "click"): a
  // finger when the main pointer is coarse (a phone, a tablet), then whatever pressed last in
  // the screen (a laptop with a touch screen and a mouse).
  const setTouch = (touch) => {
    if (model.get('touch') === touch) return;
    model.set('touch', touch);
    model.save_changes();
  };
  const coarse = window.matchMedia('(pointer: coarse)');
  const onCoarse = () => setTouch(coarse.matches);
  coarse.addEventListener('change', onCoarse);
  const onPress = (ev) => { if (ev.pointerType === 'touch' || ev.pointerType === 'mouse') setTouch(ev.pointerType === 'touch'); };
  let pressRoot = null;
  const watchPress = () => {
    pressRoot = el.closest('.dp-screen') || el.parentElement;
    if (pressRoot) pressRoot.addEventListener('pointerdown', onPress, { capture: true, passive: true });
    else requestAnimationFrame(watchPress);
  };
  requestAnimationFrame(watchPress);
  onCoarse();
  // Bring the screen's top into view when the kernel asks (a chapter chosen from the list
  // far below the board: the learner would be left looking at the list).
  model.on('change:bring_into_view', () => {
    const target = el.closest('.dp-screen') || el.parentElement || el;
    target.scrollIntoView({ block: 'start' });
  });
  // The screen's board, and whether its panel stands beside it (a desktop) or under it (a phone).
  const boardPlace = () => {
    const screen = el.closest('.dp-screen');
    const board = screen && screen.querySelector('.dp-screen-board');
    const panel = screen && screen.querySelector('.dp-screen-panel');
    if (!board || !panel) return null;
    return { board, beside: panel.getBoundingClientRect().top < board.getBoundingClientRect().bottom - 2 };
  };
  // A story begins (play): where the panel stands under the board (a phone), the board's top goes
  // to the window's top, the step and its Next being pinned at the window's foot; beside the board
  // (a wider screen) the step is already in view with it, and nothing moves.
  model.on('change:story_into_view', () => {
    const place = boardPlace();
    if (!place) return;
    const board = place.board;
    if (place.beside) {
      // the panel beside the board (a desktop): the story's Next takes the focus, and JupyterLab
      // then scrolls its cell's top into view, which can leave the board's foot (the Opposition's
      // cards) under the window's edge; once that is done, the least scroll that shows the whole
      // board, where it fits (the step and Next, beside its top, stay in view)
      setTimeout(() => requestAnimationFrame(() => {
        const view = scroller(board);
        const room = view ? view.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
        const b = board.getBoundingClientRect();
        if (b.height <= room.bottom - room.top && (b.bottom > room.bottom || b.top < room.top))
          board.scrollIntoView({ block: 'nearest' });
      }), 300);
      return;
    }
    requestAnimationFrame(() => board.scrollIntoView({ block: 'start' }));
  });
  // A card of the hand tapped on a phone (the panel under the board): the board's top comes to the
  // window's top, where the next taps are made; the prompt under the board stays in sight (a newcomer
  // scrolled up to the board after every card). Beside the board (a desktop) nothing moves.
  model.on('change:board_into_view', () => {
    const place = boardPlace();
    if (place && !place.beside) requestAnimationFrame(() => place.board.scrollIntoView({ block: 'start' }));
  });
  // Keep a part of the screen in view when the kernel asks (the course's verdict after an answer
  // tapped on the board: on a phone the panel stands under the board and the verdict fell below the
  // window).  The least scroll that shows it; nothing moves when it is in view already.
  model.on('change:into_view', () => {
    const screen = el.closest('.dp-screen');
    const sel = model.get('into_view_selector');
    const target = screen && sel ? screen.querySelector(sel) : null;
    if (!target) return;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const r = target.getBoundingClientRect();
      if (r.height === 0) return;
      target.scrollIntoView({ block: r.height > window.innerHeight ? 'start' : 'nearest' });
    }));
  });
  // A new step in a screen whose sheet is pinned under the board (the course on a phone): the
  // sheet, scrolled down to the end of a long text, starts again at the top of the new one.
  model.on('change:sheet_top', () => {
    const screen = el.closest('.dp-screen');
    const sheet = screen && screen.querySelector('.dp-screen-sheet');
    if (sheet && sheet.scrollTop) sheet.scrollTop = 0;
  });
  // Bring the screen into view the first time it is shown (after Run All the
  // notebook would otherwise be left scrolled to its last cell).
  if (model.get('scroll_on_show') && !model.get('shown')) {
    const bringIntoView = () => {
      const target = el.closest('.dp-screen') || el.parentElement || el;
      const r = target.getBoundingClientRect();
      // not when its top is near the window's top: a Voila page opens at its title with the
      // screen under it, and stays there (it scrolled 92 px and hid the title)
      if (r.top < 0 || (r.bottom > window.innerHeight && r.top > window.innerHeight / 4))
        target.scrollIntoView({ block: 'start' });
    };
    setTimeout(() => {
      bringIntoView();
      model.set('shown', true);
      model.save_changes();
      setTimeout(bringIntoView, 700);    // once more, after the notebook's own scrolling settles
    }, 150);
  }
  return () => {
    ro.disconnect();
    if (boardHost) for (const type of UNUSED) boardHost.removeEventListener(type, onUnused, { capture: true });
    if (boardHost) for (const type of TOUCHES) boardHost.removeEventListener(type, onTouch, { capture: true });
    if (boardHost) boardHost.removeEventListener('keydown', onBoardKey, { capture: true });
    if (boardHost) boardHost.removeEventListener('focusin', onCanvasFocus);
    if (boardWatch) boardWatch.disconnect();
    if (mq) mq.removeEventListener('change', onDpr);
    document.removeEventListener('touchstart', onTouchElsewhere, { capture: true });
    if (root && onKey) root.removeEventListener('keydown', onKey);
    if (root) root.removeEventListener('focusout', onFocusLost);
    if (root) root.removeEventListener('focusin', onFocusUnderSheet);
    if (screenWatch) screenWatch.disconnect();
    if (toBoard) toBoard.remove();
    coarse.removeEventListener('change', onCoarse);
    if (pressRoot) pressRoot.removeEventListener('pointerdown', onPress, { capture: true });
  };
}
export default { render };
"""


class ViewProbe(anywidget.AnyWidget):
    """Reports ``css_width`` (the width given to the board, CSS px) and ``dpr``; forwards keys.

    ``css_width`` stays 0 until a browser has shown the probe.
    """

    _esm = _ESM % tuple("[" + ", ".join(f'"{k}"' for k in keys) + "]" for keys in (KEYS, BOARD_KEYS))
    css_width = traitlets.Float(0.0).tag(sync=True)
    dpr = traitlets.Float(1.0).tag(sync=True)
    #: scroll the screen holding the probe into view when it is first shown
    scroll_on_show = traitlets.Bool(False).tag(sync=True)
    #: set by the browser once the probe has been shown (so it scrolls only once)
    shown = traitlets.Bool(False).tag(sync=True)
    #: each change scrolls the screen holding the probe to the window's top (:meth:`Screen.bring_into_view`)
    bring_into_view = traitlets.Int(0).tag(sync=True)
    #: each change brings the board's top into view where the panel stands under it (a story begins)
    story_into_view = traitlets.Int(0).tag(sync=True)
    #: each change brings the board's top into view where the panel stands under it (a card of the
    #: hand played on a phone: the next taps are on the board)
    board_into_view = traitlets.Int(0).tag(sync=True)
    #: each change brings the part of the screen ``into_view_selector`` names (a CSS selector) into
    #: the window, if it is not there (:meth:`Screen.keep_in_view`)
    into_view = traitlets.Int(0).tag(sync=True)
    into_view_selector = traitlets.Unicode("").tag(sync=True)
    #: each change scrolls the screen's sheet, where it scrolls, back to its top (:meth:`Screen.sheet_to_top`)
    sheet_top = traitlets.Int(0).tag(sync=True)
    #: what the board lights, ``[left, top, right, bottom, n]`` in fractions of the picture (``n``
    #: counts the changes): where the screen's sheet is pinned over the board's foot (the course on a
    #: phone), the page scrolls the least that shows it above the sheet (:attr:`BoardWidget.keep_lit_in_sight`)
    lit: traitlets.List[float] = traitlets.List([]).tag(sync=True)
    #: the board's accessible name (what a screen reader says of it)
    label = traitlets.Unicode("").tag(sync=True)
    #: the words of the screen's last Tab stop, which takes the focus back to the board
    to_board = traitlets.Unicode("").tag(sync=True)
    #: the board's named places: ``[left, top, right, bottom, name]``, in fractions of the picture
    #: (each region and its name); the name shows by the pointer and after a tap on the place
    names: traitlets.List[list[Any]] = traitlets.List([]).tag(sync=True)
    #: the screen is touched with a finger (set by the browser: a coarse main pointer, then the
    #: kind of the last press in the screen); the panel's words say "tap" then
    touch = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._key_callbacks: list[Callable[[str], Any]] = []
        self._tap_callbacks: list[Callable[[float, float], Any]] = []
        self._board_key_callbacks: list[Callable[[str], Any]] = []
        self.on_msg(self._on_custom)

    def on_board_key(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(key)`` for each key of :data:`BOARD_KEYS` pressed on the board."""
        self._board_key_callbacks.append(callback)

    def on_tap(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback(x, y)`` (canvas pixels) for each tap of a finger on the board."""
        self._tap_callbacks.append(callback)

    def tap(self, x: float, y: float) -> None:
        """Act as if a finger tapped the board at canvas pixel (x, y) (tests, scripts)."""
        for cb in list(self._tap_callbacks):
            cb(x, y)

    def on_key(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(key)`` (``"ArrowRight"``, ``"n"``, ``"ctrl+z"`` ...) for each forwarded key."""
        self._key_callbacks.append(callback)

    def press(self, key: str) -> None:
        """Act as if ``key`` was pressed in the browser (tests, scripts)."""
        for cb in list(self._key_callbacks):
            cb(key)

    def _on_custom(self, _: Any, content: Any, buffers: Any = None) -> None:
        if isinstance(content, dict) and content.get("kind") == "tap":
            self.tap(float(content.get("x", 0.0)), float(content.get("y", 0.0)))
        elif isinstance(content, dict) and content.get("kind") == "board-key":
            for cb in list(self._board_key_callbacks):
                cb(str(content.get("key", "")))
        elif isinstance(content, dict) and content.get("kind") == "key":
            key = str(content.get("key", ""))
            if content.get("ctrl"):
                key = "ctrl+" + key
            self.press(key)
