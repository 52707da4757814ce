"""Actions in words: "Move Kerensky from green to red", in English, French or Italian.

The terse notation (``move Kerensky red``) stays what scripts and saves use; this
module is for people.  :func:`describe` reads the position the action would be
taken in (where the token stands now, which card is in play) and returns the
sentence, a one-line explanation of what that kind of action does, and the
RULINGS ID of the rule::

    d = describe(state, Move("Kerensky", "red"), lang="fr")
    d.text         # 'Déplacer Kerenski de la Zone verte vers la Zone rouge'
    d.explanation  # what a Move does, in one line
    d.rule         # 'R-ACT-MOVE'
    d.notation     # 'move Kerensky red'

Pure Python (the engine layer): Babel formats lists ("R1, R2 et R3").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from babel.lists import format_list

from . import actions as A
from . import names
from .i18n import DEFAULT_LANGUAGE, resolve, N_, check_language, translator

if TYPE_CHECKING:
    from .state import State

__all__ = ["ActionDescription", "describe", "describe_all", "explain"]


@dataclass(frozen=True)
class ActionDescription:
    """One action for a reader: the sentence, what it does, its rule, its notation."""

    text: str
    explanation: str
    rule: str
    notation: str
    lang: str = DEFAULT_LANGUAGE

    def __str__(self) -> str:
        return self.text

    def line(self) -> str:
        """Sentence, explanation and rule on one line (for a log or a tooltip)."""
        _ = translator(self.lang)
        return _("{action}: {explanation} ({rule})", action=self.text,
                                     explanation=self.explanation, rule=self.rule)


#: What each kind of action does, with the rule that says so (RULINGS IDs).  The rule of
#: an action kind is the engine's (``turn.ACTIONS``, its one home); these IDs are checked
#: against it by tests/test_i18n_describe.py.  A Pass cites the ruling that allows
#: declining at that step.
EXPLANATIONS: dict[str, tuple[str, str]] = {
    "objective": ("P-OBJ", N_("The card goes face down as your secret objective; at scoring, its region's "
                              "VP go to whoever is stronger there.")),
    "play": ("P-ACT", N_("Playing a card advances the date by its days; then you take its action.")),
    "recruit": ("R-ACT-RECRUIT", N_("Units from your reserve whose recruit values add up to at most the card's "
                                    "value enter the card's region, fresh.")),
    "move": ("R-ACT-MOVE", N_("One of your tokens goes one step to a neighbouring region, never across the "
                              "blockade.")),
    "double-move": ("R-ACT-DMOVE", N_("One of your tokens goes one or two steps, never across the blockade.")),
    "rest": ("R-ACT-REST", N_("An exhausted token of yours turns back to its fresh side.")),
    "leader-recruit": ("R-ACT-LEADER", N_("The leader's token enters any region from your reserve, fresh; "
                                          "a leader card gives this and its special action, in either order.")),
    "protest": ("R-ACT-PROTEST", N_("Mobilize Protest: the blockade marker moves to any other connection.")),
    "espionage": ("R-ACT-SPY", N_("Espionage: the opponent's secret objective is turned face up "
                                  "(solo: your own).")),
    "inspire": ("R-ACT-INSPIRE", N_("Inspire the People: you take the Will of the People, which wins "
                                    "ties of strength.")),
    "bonus-recruit": ("R-ACT-BONUS", N_("Bonus action: one unit of recruit value 1 from your reserve enters "
                                        "any region.")),
    "bonus-move": ("R-ACT-BONUS", N_("Bonus action: one of your tokens goes one step.")),
    "bonus-rest": ("R-ACT-BONUS", N_("Bonus action: an exhausted token of yours turns fresh.")),
    "bonus-draw": ("R-ACT-BONUS", N_("Bonus action: you draw a command card; your hand stays bigger for good.")),
    "organize": ("R-ACT-BONUS", N_("Solo bonus action: your own secret objective is turned face up.")),
    "score-unrest": ("R-SCO-UNREST", N_("The stronger player in the unrest region scores its VP for the month "
                                        "instead of a bonus action.")),
    "pass-command": ("R-ACT-CMD", N_("A played card may be used for nothing: the date has advanced all the same.")),
    "pass-leader": ("R-ACT-LEADER", N_("Both actions of a leader card are optional.")),
    "pass-bonus": ("R-ACT-BONUS", N_("A bonus action is optional.")),
    "pass-unrest": ("ENGINE-DECLINE", N_("The unrest winner may neither score nor take a bonus action.")),
    "pass": ("P-ACT", N_("Nothing is done at this step.")),
}


def _kind(state: "State", action: Any) -> str:
    word = getattr(action, "word", "")
    if word == "pass":
        step = getattr(state, "step", "")
        return f"pass-{step}" if f"pass-{step}" in EXPLANATIONS else "pass"
    return word if word in EXPLANATIONS else "pass"


def explain(kind: str, lang: str | None = None) -> tuple[str, str]:
    """``(rule ID, one-line explanation in lang)`` of a kind of action ("move", "pass-bonus", ...)."""
    lang = resolve(lang)
    rule, msgid = EXPLANATIONS[kind]
    return rule, translator(lang)(msgid)


def _token(state: "State", token: str, lang: str) -> str:
    """A token as a reader knows it: a leader by name, a unit by owner and id."""
    _ = translator(lang)
    try:
        spec = state.spec(token)
    except Exception:  # an id the components do not know: show it as written
        return token
    if spec.kind in ("leader", "trotsky"):
        return names.token("Trotsky" if spec.kind == "trotsky" else token, lang)
    if spec.owner == "neutral":
        return _("neutral unit {id}", id=token)
    if spec.owner == "opposition":
        return _("Opposition unit {id}", id=token)
    return _("unit {id}", id=token)


def _recruit(state: "State", token: str, lang: str) -> str:
    """A unit offered as a recruit, with what it brings: "unit W5 (strength 2, 0 when exhausted)".
    Recruits of the same card differ only by their token values, so a choice names them."""
    try:
        spec = state.spec(token)
    except Exception:  # an id the components do not know: show it as written
        return token
    _ = translator(lang)
    return _("{unit} (strength {fresh}, {exhausted} when exhausted)", unit=_token(state, token, lang),
             fresh=spec.fresh, exhausted=spec.exhausted)


def _where(state: "State", token: str, lang: str) -> str:
    place = state.place.get(token, "")
    if place in state.comp.region_index:
        return names.region(place, lang)
    return names.place(place, lang)


def _card(state: "State", card_id: str, lang: str) -> str:
    _ = translator(lang)
    comp = state.comp
    if card_id in comp.leaders:
        return _("{leader}'s leader card ({days} days)", leader=names.leader(card_id, lang),
                 days=comp.leaders[card_id].days)
    if card_id in comp.cards:
        c = comp.cards[card_id]
        return _("{card} ({days} days, recruit {recruit} or {action}, {vp} VP)", card=names.card(card_id, lang),
                 days=c.days, recruit=c.recruit, action=names.card_action(c.action, lang), vp=c.vp)
    return card_id


def _sentence(state: "State", a: Any, lang: str) -> str:
    _ = translator(lang)
    region = lambda r: names.region(r, lang)  # noqa: E731
    if isinstance(a, A.ChooseObjective):
        return _("Choose {card} as your secret objective", card=_card(state, a.card, lang))
    if isinstance(a, A.PlayCard):
        return _("Play {card}", card=_card(state, a.card, lang))
    if isinstance(a, A.Recruit):
        units = format_list([_recruit(state, u, lang) for u in a.units], locale=lang)
        card = state.comp.cards.get(state.card or "")
        if card is not None:
            return _("Recruit {units} into {region}", units=units, region=region(card.region))
        return _("Recruit {units}", units=units)
    if isinstance(a, A.Move):
        return _("Move {token} from {source} to {target}", token=_token(state, a.token, lang),
                 source=_where(state, a.token, lang), target=region(a.to))
    if isinstance(a, A.DoubleMove):
        if a.via:
            return _("Move {token} from {source} through {via} to {target}", token=_token(state, a.token, lang),
                     source=_where(state, a.token, lang), via=region(a.via), target=region(a.to))
        return _("Move {token} from {source} to {target} (double move)", token=_token(state, a.token, lang),
                 source=_where(state, a.token, lang), target=region(a.to))
    if isinstance(a, A.Rest):
        return _("Rest {token} in {region}: it turns fresh", token=_token(state, a.token, lang),
                 region=_where(state, a.token, lang))
    if isinstance(a, A.LeaderRecruit):
        leader = state.card if state.card in state.comp.leaders else None
        if leader:
            return _("Bring {leader} into {region}", leader=names.leader(leader, lang), region=region(a.region))
        return _("Bring the leader into {region}", region=region(a.region))
    if isinstance(a, A.Protest):
        return _("Mobilize Protest: move the blockade to the road between {a} and {b}",
                 a=region(a.connection[0]), b=region(a.connection[1]))
    if isinstance(a, A.Espionage):
        if getattr(state, "mode", "") == "solo":
            return _("Espionage: reveal your own secret objective")
        return _("Espionage: reveal your opponent's secret objective")
    if isinstance(a, A.Inspire):
        return _("Inspire the People: take the Will of the People")
    if isinstance(a, A.BonusRecruit):
        return _("Bonus action: recruit {unit} into {region}", unit=_recruit(state, a.unit, lang),
                 region=region(a.region))
    if isinstance(a, A.BonusMove):
        return _("Bonus action: move {token} from {source} to {target}", token=_token(state, a.token, lang),
                 source=_where(state, a.token, lang), target=region(a.to))
    if isinstance(a, A.BonusRest):
        return _("Bonus action: rest {token} in {region}", token=_token(state, a.token, lang),
                 region=_where(state, a.token, lang))
    if isinstance(a, A.BonusDraw):
        return _("Bonus action: draw a command card")
    if isinstance(a, A.Organize):
        return _("Bonus action: Organize, reveal your own secret objective")
    if isinstance(a, A.ScoreUnrest):
        if state.unrest:
            return _("Score the VP of the unrest region ({region})", region=region(state.unrest))
        return _("Score the VP of the unrest region")
    step = getattr(state, "step", "")
    if step == "command":
        return _("Take no action with this card")
    if step == "leader":
        return _("Take no further leader action")
    if step == "bonus":
        return _("Skip the bonus action")
    if step == "unrest":
        return _("Neither score the unrest region nor take a bonus action")
    return _("Pass")


def describe(state: "State", action: Any, lang: str | None = None) -> ActionDescription:
    """``action`` in words, as it would be taken in ``state`` (the position before it)."""
    lang = resolve(lang)
    check_language(lang)
    kind = _kind(state, action)
    rule, explanation = explain(kind, lang)
    return ActionDescription(_sentence(state, action, lang), explanation, rule, str(action), lang)


def describe_all(state: "State", lang: str | None = None,
                 actions: Iterable[Any] | None = None) -> list[ActionDescription]:
    """Every legal action of ``state`` (or the ``actions`` given) in words, in order."""
    lang = resolve(lang)
    return [describe(state, a, lang) for a in (state.legal_actions() if actions is None else actions)]
