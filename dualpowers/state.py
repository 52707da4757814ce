"""The game state: one plain value holding a whole position.

A :class:`State` is changed only through :meth:`State.apply`, which checks the
action first and raises :class:`~dualpowers.errors.IllegalAction` (leaving the
state untouched) when the rules forbid it.  Chance comes only from seeded
shuffles (:meth:`State.shuffle`), so a game is its seed plus its action list.

The position's fields and the primitive moves of tokens and cards are
:class:`~dualpowers.position.Position`, declared once; the rules themselves live in the
modules named after them (``turn``, ``rounds``, ``scoring``, ``opposition``,
``presence``), which read and write that record.  This module is the front door:
apply, the legal actions, the outcome, JSON and notation.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Self

from . import turn as _turn
from .actions import parse_action
from .components import Components
from .dates import MONTHS
from . import narration
from .errors import IllegalAction
from .narration import Event
from .notation import read_notation, to_notation
from .places import PLACES
from .position import Position
from .presence import Presence, controller, force_in_presence
from .rounds import STEPS
from .scoring import Outcome, outcome
from .serialize import load_json, read_position, state_to_dict
from .views import PlayerView, player_view

if TYPE_CHECKING:
    from .actions import Action

__all__ = ["State", "Event", "PLACES", "STEPS", "Outcome"]


class State(Position):
    """A complete Dual Powers position, two-player or solo: the :class:`Position` record (its
    fields and primitives, :mod:`dualpowers.position`) with the front door of the rules.

    Read the attributes freely; change the state only with :meth:`apply`.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"State({self.notation()!r})"

    # ------------------------------------------------------------------ queries
    @property
    def month_name(self) -> str:
        """The month space the marker is on, e.g. ``"jul"``."""
        return MONTHS[self.month]

    #: ``legal_actions()``: every action the player to act may take now, kind by kind in
    #: the step's order (empty when the game is over).  Interchangeable tokens (same
    #: owner, strengths and side, in the same place) are offered once, under the lowest
    #: id; :meth:`apply` accepts any of them.  (The engine's function itself, bound as a
    #: method: this is the hot path of every playout.)
    legal_actions = _turn.legal_actions

    def apply(self, action: "Action | str", *, boards: bool = False) -> list[Event[Self]]:
        """Carry out an action for the player to act and return what happened.

        ``action`` may be an action object or its text form (``"play red-4"``).
        Raises :class:`IllegalAction` with the reason, leaving the state unchanged.
        ``boards``: each event also keeps the position right after it (``Event.board``), so
        that a screen can show the Opposition's turns and the scoring one step at a time.
        """
        if isinstance(action, str):
            action = parse_action(action, self.comp)
        if self.step == "over":
            over = self.outcome()
            assert over is not None               # "over" is the step of a game with a winner
            raise IllegalAction(narration.Message(narration.GAME_OVER_BECAUSE, end_reason=over.message))
        _turn.check(self, action)
        events: list[Event[Self]] = []
        self._events = events
        self.narrating, self._boards = True, boards
        try:
            _turn.perform(self, action)
        finally:
            self.narrating = self._boards = False
            self._events = []
        return events

    #: ``push(action)``: play an action taken from this very position's
    #: :meth:`legal_actions`, quietly.  The fast path for playouts and simulations: no
    #: second check and no narration (like python-chess's ``Board.push``).  The caller
    #: vouches for the action; anything else may break the position, so use :meth:`apply`
    #: for actions from outside.  (The engine's function itself, bound as a method.)
    push = _turn.perform

    #: ``check(action)``: raise :class:`IllegalAction` (the reason and its rule, as data)
    #: unless ``action`` is legal here; nothing changes either way.
    check = _turn.check

    def is_legal(self, action: "Action") -> bool:
        try:
            _turn.check(self, action)
        except IllegalAction:
            return False
        return self.step != "over"

    def controller(self, token: str) -> str | None:
        """Who controls a token where it stands (R-NEU-1); ``None`` for nobody."""
        return controller(self, token)

    def presence(self, region: str) -> Presence:
        return force_in_presence(self, region)

    def view(self, side: str) -> PlayerView:
        """What ``side`` may see of this state (hidden cards masked)."""
        return player_view(self, side)

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """The full position as JSON-ready data (schema in docs/positions.md)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], components: Components | None = None) -> "State":
        """Read a full or partial position; raises a :class:`PositionError` subclass."""
        return read_position(cls(components), data)

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str, components: Components | None = None) -> "State":
        return cls.from_dict(load_json(text), components)

    def notation(self) -> str:
        """The one-line text notation (docs/notation.md)."""
        return to_notation(self)

    @classmethod
    def from_notation(cls, text: str, components: Components | None = None) -> "State":
        """Read a position written by :meth:`notation`; raises a :class:`PositionError` subclass."""
        return read_notation(cls(components), text)

    # ------------------------------------------------------------------ outcome
    def winner(self) -> str | None:
        """``"red"`` or ``"white"`` once the game is over, else ``None``."""
        return self.won_by

    def outcome(self) -> Outcome | None:
        """Who won and how the game ended, as a value; ``None`` while it goes on.

        :attr:`end_reason` says the same in words, for display."""
        return outcome(self)

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, in English (``outcome().message``); ``None`` while it goes on.
        Read from the position: a state stores who won, never text (``narrate.outcome_text``
        writes it in another language)."""
        over = outcome(self)
        return over.message.text if over is not None else None
