"""What an action touches on the board, and the clicks that choose it (no Jupyter imports).

One mapping serves three uses:

* **hint highlights**: :func:`highlight_for` lists the board elements an action is
  about (the advisor lights up its best actions with it);
* **click targets**: :func:`click_path` gives the clicks that pick an action on
  the board (a card of the hand, then a token, then a region ...);
* **playing by clicks**: :class:`ActionPicker` narrows the legal actions click by
  click, says what to light up next and which choices remain as buttons.

Every kind of action maps to something visible:

================  =====================================================================
action            touches
================  =====================================================================
objective, play   the card (in hand; a leader card also names its token), the card's region
recruit           the card's region and the reserve the units come from
move, bonus-move  the token, the region it leaves, the destination and the road between
double-move       the same, through the middle region (``via``), both roads
rest, bonus-rest  the token and its region
leader-recruit    the region where the leader goes, the leader's card
protest           the connection that gets the blockade marker, and the current blockade
espionage         the cards (objectives are revealed there)
inspire           the Will of the People
bonus-recruit     the region, the reserve
bonus-draw        the cards
organize          the cards (the solo player's own objective is revealed)
score-unrest      the unrest region and its badge
pass              the status line (whose turn it is)
================  =====================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["Targets", "action_targets", "highlight_for", "click_path", "ActionPicker", "Click"]

#: A click on the board: ``("card", id)``, ``("token", id)``, ``("region", name)`` or
#: ``("connection", (a, b))`` (the kinds :meth:`Layout.hit_test` and the hand return).
Click = tuple[str, Any]


@dataclass(frozen=True)
class Targets:
    """The board elements one action touches.

    ``card``: the card played or chosen (hand) or the leader card; ``tokens``: tokens
    acted on (on the board, or in reserve for a recruit); ``regions``: regions concerned;
    ``path``: connections crossed by a move, in order; ``connection``: the protest's
    connection; ``parts``: other board parts (``"will"``, ``"cards"``, ``"unrest"``,
    ``"blockade"``, ``"reserve"``, ``"status"``), keys of
    :data:`dualpowers.drawing.HIGHLIGHT_KEYS`.
    """

    kind: str
    card: str | None = None
    tokens: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    path: tuple[tuple[str, str], ...] = ()
    connection: tuple[str, str] | None = None
    parts: tuple[str, ...] = field(default=())

    def highlight(self, state: "State") -> list[Any]:
        """The items to pass as ``highlight`` to the board (only what the board can draw)."""
        comp = state.comp
        items: list[Any] = []

        def add(x: Any) -> None:
            if x not in items:
                items.append(x)

        for r in self.regions:
            add(r)
        for t in self.tokens:
            if state.place.get(t) in comp.region_index:
                add(t)
        if self.card and (self.card in state.played.get("red", []) or self.card in state.played.get("white", [])):
            add(self.card)           # a played card is drawn in the bottom row
        if self.card and self.card in comp.tokens and state.place.get(self.card) in comp.region_index:
            add(self.card)           # a leader card names its token
        for c in self.path:
            add(comp.connection(*c))
        if self.connection:
            add(comp.connection(*self.connection))
        for p in self.parts:
            add(p)
        return items


def _word(action: "Action") -> str:
    return type(action).word  # type: ignore[union-attr]


def action_targets(state: "State", action: "Action") -> Targets:
    """What ``action`` touches on the board of ``state`` (see the module's table)."""
    comp = state.comp
    word = _word(action)
    card = getattr(action, "card", None)
    if word in ("play", "objective"):
        regions: tuple[str, ...] = ()
        if card in comp.cards:
            regions = (comp.cards[card].region,)
        tokens = (card,) if card in comp.tokens else ()
        parts: tuple[str, ...] = ("cards",) if word == "objective" else ()
        if tokens and state.place.get(card) not in comp.region_index:
            parts += ("reserve",)        # a leader card whose token still waits in reserve
        return Targets(word, card=card, tokens=tokens, regions=regions, parts=parts)
    if word == "recruit":
        region = _card_region(state)
        return Targets(word, card=state.card, tokens=tuple(action.units),  # type: ignore[union-attr]
                       regions=(region,) if region else (), parts=("reserve",))
    if word in ("move", "double-move", "bonus-move"):
        token, to = action.token, action.to  # type: ignore[union-attr]
        via = getattr(action, "via", None)
        start = state.place.get(token)
        stops = [r for r in (start, via, to) if r in comp.region_index]
        path = tuple((a, b) for a, b in zip(stops, stops[1:]) if comp.is_connection(a, b))
        return Targets(word, tokens=(token,), regions=tuple(stops), path=path)
    if word in ("rest", "bonus-rest"):
        token = action.token  # type: ignore[union-attr]
        where = state.place.get(token)
        return Targets(word, tokens=(token,), regions=(where,) if where in comp.region_index else ())
    if word == "leader-recruit":
        return Targets(word, card=state.card, regions=(action.region,))  # type: ignore[union-attr]
    if word == "protest":
        conn = tuple(action.connection)  # type: ignore[union-attr]
        parts = ("blockade",) if state.blockade else ()
        return Targets(word, card=state.card, connection=(conn[0], conn[1]), parts=parts)
    if word == "bonus-recruit":
        return Targets(word, tokens=(action.unit,), regions=(action.region,),  # type: ignore[union-attr]
                       parts=("reserve",))
    if word == "score-unrest":
        return Targets(word, regions=(state.unrest,) if state.unrest else (), parts=("unrest",))
    parts_for = {"inspire": ("will",), "espionage": ("cards",), "bonus-draw": ("cards",),
                 "organize": ("cards",), "pass": ("status",)}
    return Targets(word, card=state.card if word in ("inspire", "espionage") else None,
                   parts=parts_for.get(word, ("status",)))


def _card_region(state: "State") -> str | None:
    card = state.card
    if card and card in state.comp.cards:
        return state.comp.cards[card].region
    return None


def highlight_for(state: "State", actions: "Action | Iterable[Action]") -> list[Any]:
    """Highlight items for one action or several (merged, in order, no repeats)."""
    if not isinstance(actions, (list, tuple)) and hasattr(type(actions), "word"):
        actions = [actions]  # type: ignore[list-item]
    items: list[Any] = []
    for a in actions:  # type: ignore[union-attr]
        for x in action_targets(state, a).highlight(state):
            if x not in items:
                items.append(x)
    return items


# ---------------------------------------------------------------------------- clicks
def click_path(state: "State", action: "Action") -> tuple[Click, ...]:
    """The clicks that pick ``action``: first the card or token, then the destination.

    Actions with nothing to click on the board (inspire, espionage, pass ...) have
    an empty path: they are offered as buttons.  A recruit is picked by clicking the
    card's region (the units then are a choice among buttons when there are several).
    """
    comp = state.comp
    word = _word(action)
    if word in ("play", "objective"):
        return (("card", action.card),)  # type: ignore[union-attr]
    if word in ("move", "double-move", "bonus-move"):
        return (("token", action.token), ("region", action.to))  # type: ignore[union-attr]
    if word in ("rest", "bonus-rest"):
        return (("token", action.token),)  # type: ignore[union-attr]
    if word == "recruit":
        region = _card_region(state)
        return (("region", region),) if region else ()
    if word in ("leader-recruit", "bonus-recruit"):
        return (("region", action.region),)  # type: ignore[union-attr]
    if word == "protest":
        return (("connection", comp.connection(*action.connection)),)  # type: ignore[union-attr]
    if word == "score-unrest" and state.unrest:
        return ()
    return ()


def _same_kind(state: "State", a: str, b: str) -> bool:
    """Interchangeable tokens: same type, same place, same side up (the engine names the lowest id)."""
    keys = state.comp.type_keys
    return (a in keys and b in keys and keys[a] == keys[b] and state.place.get(a) == state.place.get(b)
            and (a in state.exhausted) == (b in state.exhausted))


class ActionPicker:
    """Choose one legal action by clicks: ``click(kind, ident)`` until :attr:`chosen` is set.

    ::

        picker = ActionPicker(state)
        picker.click("card", "purple-4")       # -> the PlayCard action: chosen at once
        picker.click("token", "W3")            # the regions W3 may go to light up ...
        picker.click("region", "green")        # -> Move W3 green
        picker.lit()                           # what to light up on the board now
        picker.choices()                       # what is left to choose among, as buttons

    A click that fits no legal action starts again from that click; if it still
    fits nothing, it is refused with a reason (:attr:`message`) and nothing changes.
    """

    def __init__(self, state: "State", legal: Sequence["Action"] | None = None) -> None:
        self.state = state
        self.legal: list[Action] = list(state.legal_actions() if legal is None else legal)
        self.paths = {i: click_path(state, a) for i, a in enumerate(self.legal)}
        self.picked: list[Click] = []
        self.message = ""
        #: the language of :attr:`message`
        self.lang = "en"

    # ------------------------------------------------------------------ queries
    def _match(self, key: Click, want: Click) -> bool:
        if key[0] != want[0]:
            return False
        if key[0] == "token":
            return key[1] == want[1] or _same_kind(self.state, key[1], want[1])
        if key[0] == "connection":
            return self.state.comp.connection(*key[1]) == self.state.comp.connection(*want[1])
        return key[1] == want[1]

    def _fits(self, picked: Sequence[Click]) -> list[int]:
        out = []
        for i, path in self.paths.items():
            if len(path) >= len(picked) and all(self._match(k, w) for k, w in zip(picked, path)):
                out.append(i)
        return out

    def candidates(self) -> list["Action"]:
        """The legal actions that agree with the clicks so far (all of them before any click)."""
        return [self.legal[i] for i in self._fits(self.picked)]

    def choices(self) -> list["Action"]:
        """What remains to decide by a button: the candidates with no further click to make,
        and, before any click, every action that no click reaches (inspire, pass ...)."""
        if not self.picked:
            return [a for i, a in enumerate(self.legal) if not self.paths[i]]
        return [self.legal[i] for i in self._fits(self.picked) if len(self.paths[i]) == len(self.picked)]

    def next_targets(self) -> list[Click]:
        """The clicks that lead on from here (what lights up as clickable)."""
        n = len(self.picked)
        out: list[Click] = []
        for i in self._fits(self.picked):
            path = self.paths[i]
            if len(path) > n:
                key = path[n]
                if key[0] == "connection":
                    key = ("connection", self.state.comp.connection(*key[1]))
                if key not in out:
                    out.append(key)
        return out

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
        if len(fits) == 1 and len(self.paths[fits[0]]) == len(self.picked):
            return self.legal[fits[0]]
        return None

    # ------------------------------------------------------------------ clicks
    def click(self, kind: str, ident: Any) -> "Action | None":
        """Add a click; return the chosen action when the clicks pick exactly one."""
        key: Click = (kind, tuple(ident) if isinstance(ident, list) else ident)
        if self._fits([*self.picked, key]):
            self.picked.append(key)
        elif self._fits([key]):
            self.picked = [key]              # a new start (e.g. another token)
        else:
            self.message = _refusal(self.state, key, self.legal, self.lang)
            return None
        self.message = ""
        return self.chosen

    def back(self) -> None:
        """Forget the last click."""
        if self.picked:
            self.picked.pop()
        self.message = ""

    def reset(self) -> None:
        self.picked = []
        self.message = ""


def _refusal(state: "State", key: Click, legal: Sequence["Action"], lang: str = "en") -> str:
    from .. import names
    from ..i18n import translator
    from .play import step_name
    _ = translator(lang)
    kind, ident = key
    if not legal:
        return _("No legal action: the game is over.")
    step = step_name(state.step, lang)
    if kind == "token":
        who = state.to_act
        side = state.controller(ident) if hasattr(state, "controller") else None
        if side and side != who:
            return _("{token} is not yours to use now: {who} is to act, and {token} obeys {side}.",
                     token=names.token(ident, lang), who=names.side(who, lang) if who else _("nobody"),
                     side=names.side(side, lang))
        return _("{token} has no legal action now (step: {step}).", token=names.token(ident, lang), step=step)
    if kind == "region":
        return _("Nothing can be done in {region} now (step: {step}).", region=names.region(ident, lang), step=step)
    if kind == "connection":
        return _("The {a}-{b} road takes no action now.", a=names.colour(ident[0], lang),
                 b=names.colour(ident[1], lang))
    if kind == "card":
        return _("{card} cannot be played now (step: {step}).", card=names.card(ident, lang), step=step)
    return _("That takes no action now.")
