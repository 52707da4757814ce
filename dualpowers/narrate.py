"""The engine's words in a reader's language: events, refusals, outcomes, choices.

The engine says everything as data (:mod:`dualpowers.narration`, :mod:`dualpowers.kinds`);
these functions write it with :func:`dualpowers.text.render`::

    for event in state.apply(action):
        print(event_text(event, "fr"))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import resolve
from .text import N_, Message, Quantity, render, translator

if TYPE_CHECKING:
    from .narration import Event
    from .opposition import ObjectiveChoice
    from .state import State

__all__ = ["event_text", "refusal_message", "refusal_text", "outcome_text", "objective_steps",
           "quantity_text"]

#: A refusal's reason followed by the rule that decides it.
REFUSAL_WITH_RULE = N_("{reason} ({rule})")


def event_text(event: Event[object], lang: str | None = None) -> str:
    """What an engine event says, in ``lang`` (an event without a template: its text)."""
    message = getattr(event, "message", None)
    return render(message, lang) if isinstance(message, Message) else str(getattr(event, "text", event))


def quantity_text(q: Quantity, lang: str | None = None) -> str:
    """A :class:`~dualpowers.text.Quantity` as ``lang`` writes numbers ("6,4", "37,5 %")."""
    return q.text(lang)


def refusal_message(refusal: BaseException | Message | str | None, *, rule: bool = True) -> Message | None:
    """Why the engine refused something, as a message with the rule that decides it ("recruits
    go into the card's region: red (R-ACT-RECRUIT)"); ``None`` for an error without a reason
    as data.  ``refusal``: an error carrying ``message`` and ``rule``, or a Message."""
    message = refusal if isinstance(refusal, Message) else getattr(refusal, "message", None)
    if not isinstance(message, Message):
        return None
    rule_id = getattr(refusal, "rule", None)
    return Message(REFUSAL_WITH_RULE, reason=message, rule=rule_id) if rule and rule_id else message


def refusal_text(refusal: BaseException | Message | str | None, lang: str | None = None, *, rule: bool = True) -> str:
    """Why the engine refused something, in ``lang``, with the rule that decides it.

    ``refusal`` is an error carrying its reason as data (``message``, and ``rule``: the
    RULINGS ID) or a :class:`~dualpowers.text.Message`; an error without one (plain text,
    such as a typing mistake in an action's text form) is shown as it is.  ``rule=False``
    leaves the rule ID out (for a page that shows it on its own).
    """
    message = refusal_message(refusal, rule=rule)
    return str(refusal) if message is None else render(message, resolve(lang))


def outcome_text(state: State, lang: str | None = None) -> str:
    """Why the game ended, in ``lang``, written from ``state.outcome()``; empty while it goes on."""
    over = state.outcome()
    return render(over.message, lang) if over is not None else ""


def objective_steps(choice: ObjectiveChoice, lang: str | None = None) -> list[str]:
    """The Opposition's choice of objective (an ``ObjectiveChoice``), step by step in ``lang``."""
    return [render(m, lang) for m in choice.step_messages]
