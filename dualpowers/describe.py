"""Actions in words: "Move Kerensky from green to red", in the reader's language.

The terse notation (``move Kerensky red``) stays what scripts and saves use; this
module is for people.  :func:`describe` reads the position the action would be
taken in (where the token stands now, which card is in play) and returns the
sentence, a one-line explanation of what that kind of action does, the RULINGS ID
of the rule, and, when the rules do not allow the action there, why::

    d = describe(state, Move("Kerensky", "red"), lang="fr")
    d.text         # 'Déplacer Kerenski de la Zone verte vers la Zone rouge'
    d.explanation  # what a Move does, in one line
    d.rule         # 'R-ACT-MOVE'
    d.notation     # 'move Kerensky red'
    d.legal        # False when the rules refuse it here; d.refusal says why

Each kind of action keeps its own words (:mod:`dualpowers.kinds`); this module
writes them out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import parse_action
from .errors import IllegalAction
from .i18n import DEFAULT_LANGUAGE, check_language, resolve
from .kinds import BY_WORD, kind_of
from .narrate import refusal_text
from .text import Message, render, translator

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["ActionDescription", "describe", "describe_all", "explain", "label"]


@dataclass(frozen=True)
class ActionDescription:
    """One action for a reader: the sentence, what it does, its rule, its notation, and
    whether the rules allow it where it was described (``refusal``: why not)."""

    text: str
    explanation: str
    rule: str
    notation: str
    lang: str = DEFAULT_LANGUAGE
    legal: bool = True
    refusal: str = ""

    def __str__(self) -> str:
        return self.text

    def line(self) -> str:
        """Sentence, explanation and rule on one line (for a log or a tooltip); an illegal
        action says so instead of what it would do."""
        _ = translator(self.lang)
        if not self.legal:
            return _("{action} is not allowed here: {reason}", action=self.text, reason=self.refusal)
        return _("{action}: {explanation} ({rule})", action=self.text, explanation=self.explanation, rule=self.rule)


def explain(word: str, lang: str | None = None, state: "State | None" = None) -> tuple[str, str]:
    """``(rule ID, one-line explanation in lang)`` of a kind of action ("move", "pass" ...);
    with ``state``, the explanation where it stands (a pass means something else at each step)."""
    kind = BY_WORD[word]
    rule, msgid = kind.explained(state) if state is not None else (kind.rule, kind.explanation)
    return rule, render(Message(msgid), lang)


def label(word: str, lang: str | None = None) -> str:
    """The menu title of a kind of action ("Move", "Mouvement") in ``lang``."""
    return render(Message(BY_WORD[word].label), lang)


def describe(state: "State", action: "Action | str", lang: str | None = None) -> ActionDescription:
    """``action`` (an action or its text form, ``"move R3 blue"``) in words, as it would be
    taken in ``state`` (the position before it).

    An action the rules refuse there is described all the same (what it names is still
    worth reading), with ``legal`` False and the reason in ``refusal``."""
    lang = check_language(resolve(lang))
    if isinstance(action, str):
        action = parse_action(action, state.comp)
    kind = kind_of(action)
    rule, explanation = explain(kind.word, lang, state)
    refusal = ""
    try:
        state.check(action)
    except IllegalAction as exc:
        refusal = refusal_text(exc, lang)
    return ActionDescription(render(kind.sentence(state, action), lang), explanation, rule, str(action), lang,
                             legal=not refusal, refusal=refusal)


def describe_all(state: "State", lang: str | None = None,
                 actions: Iterable[Action] | None = None) -> list[ActionDescription]:
    """Every legal action of ``state`` (or the ``actions`` given) in words, in order."""
    lang = resolve(lang)
    return [describe(state, a, lang) for a in (state.legal_actions() if actions is None else actions)]
