"""Playing by clicks: :class:`ActionPicker` narrows the legal actions click by click.

What an action touches on the board and the clicks that pick it belong to its kind
(:mod:`dualpowers.kinds`: ``touches`` and ``clicks``); the picker only puts the
clicks of the legal actions side by side: what lights up next, which choices remain as
buttons, and, for clicks that fit no legal action, why (the engine's refusal of the
action they meant, or what the step is waiting for).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, Sequence

from . import kinds as K
from .errors import IllegalAction
from .kinds.base import FIELD_KINDS, Click, interchangeable
from .narrate import refusal_text
from .places import RESERVE
from .text import N_, NP_, Disjunction, Message, Name, render, translator
from .turn import step_name

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["ActionPicker", "Click"]

#: What the next click can be, one clause each (joined by "; or"), in :meth:`ActionPicker.next_clicks`.
CLICK_CARD = N_("click a card of your hand")
CLICK_TOKEN = N_("click a lit token")
CLICK_RESERVE = N_("click a lit unit or leader of your reserve")
CLICK_REGION = N_("click a lit region")
CLICK_ROAD = N_("click a lit connection")
#: The same clauses on a touch screen, where a finger taps (``next_clicks(touch=True)``).
TAP_CARD = N_("tap a card of your hand")
TAP_TOKEN = N_("tap a lit token")
TAP_RESERVE = N_("tap a lit unit or leader of your reserve")
TAP_REGION = N_("tap a lit region")
TAP_ROAD = N_("tap a lit connection")
CHOOSE_BELOW = N_("choose below")
OR_ELSE = N_("{first}; or {second}")
#: Several kinds of lit target for the next click, in one clause: "click a lit token, a lit unit or
#: leader of your reserve, or a lit region" (not "click …; or click …; or click …"); each target
#: has its form after "click" and after "tap" (French "cliquez sur une Zone", "touchez une Zone").
CLICK_ONE_OF = N_("click {targets}")
TAP_ONE_OF = N_("tap {targets}")
_CLICK_TARGETS = {CLICK_CARD: NP_("after 'click'", "a card of your hand"),
                  CLICK_TOKEN: NP_("after 'click'", "a lit token"),
                  CLICK_RESERVE: NP_("after 'click'", "a lit unit or leader of your reserve"),
                  CLICK_REGION: NP_("after 'click'", "a lit region"),
                  CLICK_ROAD: NP_("after 'click'", "a lit connection")}
_TAP_TARGETS = {TAP_CARD: NP_("after 'tap'", "a card of your hand"),
                TAP_TOKEN: NP_("after 'tap'", "a lit token"),
                TAP_RESERVE: NP_("after 'tap'", "a lit unit or leader of your reserve"),
                TAP_REGION: NP_("after 'tap'", "a lit region"),
                TAP_ROAD: NP_("after 'tap'", "a lit connection")}
INSTRUCTIONS = N_("{instructions:cap}.")
#: A click the rules refuse, with the refusal and its rule (:func:`dualpowers.narrate.refusal_message`).
NOT_ALLOWED = N_("Not allowed: {reason}")


class ActionPicker:
    """Choose one legal action by clicks: ``click(kind, ident)`` until :attr:`chosen` is set.

    ::

        picker = ActionPicker(state)
        picker.click("card", "purple-4")       # -> the PlayCard action: chosen at once
        picker.click("token", "W3")            # the regions W3 may go to light up ...
        picker.click("region", "green")        # -> Move W3 green
        picker.lit()                           # what to light up on the board now
        picker.choices()                       # what is left to choose among, as buttons

    A click that fits no legal action starts again from that click; if it still fits
    nothing, it is refused with a reason (:attr:`message`) and nothing changes.  A click on
    a token already picked takes it back (a unit of a recruit chosen by mistake).

    An action may be picked by several orders of clicks (:func:`dualpowers.kinds.click_paths`:
    a recruit's units one by one in the reserve, before or after its region).  ``lists``:
    whether a click that several actions share to the end (a recruit's region) leaves them
    as a list of buttons; with ``lists=False`` such an action is picked by its other clicks
    (the units themselves), and buttons remain only for what no click reaches.
    """

    def __init__(self, state: "State", legal: Sequence["Action"] | None = None, *, lists: bool = True) -> None:
        self.state = state
        self.legal: list[Action] = list(state.legal_actions() if legal is None else legal)
        self.lists = lists
        #: every order of clicks that picks each legal action (by index in :attr:`legal`)
        self.orders: dict[int, tuple[tuple[Click, ...], ...]] = {
            i: K.click_paths(state, a) for i, a in enumerate(self.legal)}
        if not lists:
            ends: dict[tuple[Click, ...], int] = {}
            for paths in self.orders.values():
                ends[paths[0]] = ends.get(paths[0], 0) + 1
            self.orders = {i: (paths[1:] if len(paths) > 1 and paths[0] and ends[paths[0]] > 1 else paths)
                           for i, paths in self.orders.items()}
        #: the first of them (the one a script or a test clicks; empty: a button)
        self.paths: dict[int, tuple[Click, ...]] = {i: paths[0] for i, paths in self.orders.items()}
        self.picked: list[Click] = []
        self.message = ""
        #: the rule's refusal behind :attr:`message`, when a rule refused the clicks (not merely
        #: "nothing to do there"): its reason and rule ID as data
        self.refused: IllegalAction | None = None
        #: the language of :attr:`message`
        self.lang = "en"

    # ------------------------------------------------------------------ queries
    def _match(self, key: Click, want: Click) -> bool:
        if key[0] != want[0]:
            return False
        if key[0] == "token":
            return bool(key[1] == want[1] or interchangeable(self.state, key[1], want[1]))
        if key[0] == "connection":
            return bool(self.state.comp.connection(*key[1]) == self.state.comp.connection(*want[1]))
        return bool(key[1] == want[1])

    def _path_fits(self, picked: Sequence[Click], path: Sequence[Click]) -> bool:
        return len(path) >= len(picked) and all(self._match(k, w) for k, w in zip(picked, path))

    def _fitting(self, picked: Sequence[Click]) -> list[tuple[int, tuple[Click, ...]]]:
        """(action index, path) of every path the clicks so far agree with."""
        return [(i, path) for i, paths in self.orders.items() for path in paths if self._path_fits(picked, path)]

    def _fits(self, picked: Sequence[Click]) -> list[int]:
        return list(dict.fromkeys(i for i, _path in self._fitting(picked)))

    def _done(self) -> list[int]:
        """The actions the clicks so far pick to the end (no click left to make)."""
        n = len(self.picked)
        return list(dict.fromkeys(i for i, path in self._fitting(self.picked) if len(path) == n))

    def candidates(self) -> list["Action"]:
        """The legal actions that agree with the clicks so far (all of them before any click)."""
        return [self.legal[i] for i in self._fits(self.picked)]

    def choices(self) -> list["Action"]:
        """What remains to decide by a button: the candidates with no further click to make,
        and, before any click, every action that no click reaches (inspire, pass ...)."""
        if not self.picked:
            return [a for i, a in enumerate(self.legal) if not any(self.orders[i])]
        return [self.legal[i] for i in self._done()]

    def clicks_for(self, action: "Action") -> tuple[Click, ...]:
        """The clicks that pick ``action`` with this picker (the first order it accepts; empty:
        a button before any click)."""
        return self.paths[self.legal.index(action)]

    def next_targets(self) -> list[Click]:
        """The clicks that lead on from here (what lights up as clickable).  A token stands for
        every token interchangeable with it where it stands (ENGINE-SAME: the engine offers one
        and a click on any of them is the same click), so all of them light up."""
        n = len(self.picked)
        out: list[Click] = []
        for _i, path in self._fitting(self.picked):
            if len(path) > n:
                key = path[n]
                keys: list[Click]
                if key[0] == "connection":
                    keys = [("connection", self.state.comp.connection(*key[1]))]
                elif key[0] == "token":
                    keys = [("token", t) for t in self._alike(str(key[1]))]
                else:
                    keys = [key]
                out.extend(k for k in keys if k not in out and (k[0] != "token" or k not in self.picked))
        return out

    def _alike(self, token: str) -> list[str]:
        """``token`` and the tokens interchangeable with it where it stands, in component order."""
        place = self.state.place.get(token)
        return [t for t in self.state.tokens_in(place) if t == token or interchangeable(self.state, t, token)] \
            if place is not None else [token]

    def next_clicks(self, *, cards: bool = False, buttons: bool = False, touch: bool = False) -> Message | None:
        """What to do next, in words: the kinds of lit target a click can take now ("Click a lit
        region."), and ``cards`` (the hand, outside the board) or ``buttons`` when they answer
        too; ``None`` when nothing is left to do.  Said after each click, so that a first click
        is never left without a word on the second.  ``touch``: the screen is touched with a
        finger, and the words say "tap" ("Tap a lit region.")."""
        targets = [k for k in self.next_targets() if k[0] != "card"]
        kinds = {k for k, _i in targets}
        reserve = {i for k, i in targets if k == "token" and self.state.place.get(i) == RESERVE}
        card, token, unit, region, road = ((TAP_CARD, TAP_TOKEN, TAP_RESERVE, TAP_REGION, TAP_ROAD) if touch else
                                           (CLICK_CARD, CLICK_TOKEN, CLICK_RESERVE, CLICK_REGION, CLICK_ROAD))
        clauses = [msgid for msgid, wanted in (
            (card, cards),
            (token, any(k == "token" and i not in reserve for k, i in targets)),
            (unit, bool(reserve)),
            (region, "region" in kinds),
            (road, "connection" in kinds),
            (CHOOSE_BELOW, buttons)) if wanted]
        if not clauses:
            return None
        board = [c for c in clauses if c != CHOOSE_BELOW]
        if len(board) > 1:     # one verb for every target: "click a lit token, …, or a lit region"
            words = _TAP_TARGETS if touch else _CLICK_TARGETS
            said = Message(TAP_ONE_OF if touch else CLICK_ONE_OF,
                           targets=Disjunction(Message(words[c][1], context=words[c][0]) for c in board))
            rest = clauses[len(board):]
        else:
            said, rest = Message(clauses[0]), clauses[1:]
        for clause in rest:
            said = Message(OR_ELSE, first=said, second=Message(clause))
        return Message(INSTRUCTIONS, instructions=said)

    def lit(self) -> list[Any]:
        """Board highlight: what was clicked and what can be clicked next (cards in hand excluded:
        the hand is not on the board)."""
        items: list[Any] = []
        for kind, ident in [*self.picked, *self.next_targets()]:
            if kind == "card" and not any(ident in v for v in self.state.played.values()):
                continue
            if ident not in items:
                items.append(ident)
        return items

    @property
    def chosen(self) -> "Action | None":
        """The action the clicks pick, once they leave exactly one and nothing more to click."""
        if not self.picked:
            return None
        fits = self._fits(self.picked)
        if len(fits) == 1 and self._done() == fits:
            n = len(self.picked)
            path = next(p for i, p in self._fitting(self.picked) if i == fits[0] and len(p) == n)
            return self._as_clicked(self.legal[fits[0]], path)
        return None

    def _as_clicked(self, action: "Action", path: tuple[Click, ...]) -> "Action":
        """``action`` naming the tokens clicked where it names others interchangeable with them:
        the engine offers W3 for W3 and W4 (ENGINE-SAME) and accepts either, and a click on W4
        means W4 (a newcomer saw W3 recruited after clicking W4)."""
        named = {want[1] for want in path if want[0] == "token"}
        clicked = {key[1] for key in self.picked if key[0] == "token"}
        if clicked == named:                     # (the same tokens, clicked in another order)
            return action
        swap = {want[1]: key[1] for key, want in zip(self.picked, path) if key[0] == "token" and key[1] != want[1]}
        order = self.state.comp.token_order
        changes: dict[str, Any] = {}
        made: Any = action                   # each kind's class is a frozen dataclass (kinds.base.action)
        for f in fields(made):
            if FIELD_KINDS.get(f.name) == "token":
                value = getattr(action, f.name)
                changes[f.name] = (tuple(sorted((swap.get(t, t) for t in value), key=order.__getitem__))
                                   if isinstance(value, tuple) else swap.get(value, value))
        moved: Action = replace(made, **changes)
        return moved

    def meant(self, kind: str, ident: Any) -> "Action | None":
        """The action the clicks so far and this one mean, though no legal action fits them
        (a move across the blockade ...): the engine can then say why it is refused."""
        key: Click = (kind, tuple(ident) if isinstance(ident, list) else ident)
        return K.meant(self.state, (*self.picked, key)) or K.meant(self.state, (key,))

    # ------------------------------------------------------------------ clicks
    #: the screen is worked by a finger: a refusal's way on says "tap" (its screen sets it)
    touch: bool = False

    def click(self, kind: str, ident: Any) -> "Action | None":
        """Add a click; return the chosen action when the clicks pick exactly one."""
        key: Click = (kind, tuple(ident) if isinstance(ident, list) else ident)
        if kind == "token" and key in self.picked:          # taken back
            rest = [c for c in self.picked if c != key]
            self.picked = rest if self._fits(rest) else []
            self.message, self.refused = "", None
            return None
        if self._fits([*self.picked, key]):
            self.picked.append(key)
        elif self._fits([key]) and not (kind != "token" and any(k == "token" for k, _i in self.picked)):
            # a new start (another token; a region after a region); but a region or a road clicked
            # after a token is that token's move or recruit, refused with its reason, never taken
            # as another action that starts there (issue 33, QA6: W5 chosen, an unlit region
            # clicked became a recruit into it)
            self.picked = [key]
        else:
            self.message = self._refusal(key)
            return None
        self.message, self.refused = "", None
        return self.chosen

    def back(self) -> None:
        """Forget the last click."""
        if self.picked:
            self.picked.pop()
        self.message, self.refused = "", None

    def reset(self) -> None:
        self.picked = []
        self.message, self.refused = "", None

    def _refusal(self, key: Click) -> str:
        """Why a click fits no legal action: the engine's refusal of what it meant, else what
        the step waits for."""
        lang = self.lang
        _ = translator(lang)
        if not self.legal:
            return _("No legal action: the game is over.")
        meant = self.meant(*key)
        if meant is not None:
            try:
                self.state.check(meant)
            except IllegalAction as exc:
                self.refused = exc
                return _(NOT_ALLOWED, reason=refusal_text(exc, lang))
        self.refused = K.misclick(self.state, (*self.picked, key)) or K.misclick(self.state, (key,))
        if self.refused is not None:
            return _(NOT_ALLOWED, reason=refusal_text(self.refused, lang))
        step = step_name(self.state.step)
        kind, ident = key
        if kind == "token":
            who, side = self.state.to_act, self.state.controller(ident)
            if side and side != who:
                return _("{token} is not yours to use now: {who} is to act, and {token} obeys {side}.",
                         token=ident, who=who or _("nobody"), side=side)
            if side is None and self.state.side_of(ident) is None:       # a lone neutral
                why = _("{token} is nobody's now: a neutral token obeys the side holding the Will of "
                        "the People, and only while that side has a token of its own in its region (R-NEU-1).",
                        token=ident)
            else:
                why = _("{token} has no legal action now (step: {step}).", token=ident, step=step)
            # ... and what would be taken instead (issue 33, QA6: the refusal named no rule, no way on)
            instead = self.next_clicks(touch=self.touch)
            return why if instead is None else " ".join((why, render(instead, lang)))
        if kind == "region":
            return _("Nothing can be done in {region} now (step: {step}).", region=ident, step=step)
        if kind == "connection":
            return _("The {a}-{b} road takes no action now.", a=Name("colour", ident[0]), b=Name("colour", ident[1]))
        if kind == "card":
            return _("{card} cannot be played now (step: {step}).", card=ident, step=step)
        return _("That takes no action now.")
