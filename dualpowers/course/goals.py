"""What the engine says is right: the goals of action exercises and the answers of choice ones.

Nothing here stores an answer.  An action exercise names a *goal* (a predicate on
the position after the learner's action); the accepted actions are every legal
action whose result meets it, found by applying each one to a copy.  A choice
exercise names a *question*; its answer is asked of the engine
(:func:`~dualpowers.force_in_presence`, :func:`~dualpowers.opposition_objective`,
:meth:`~dualpowers.State.is_legal`, ...).  Each goal and question also says what
happened instead, as a course message, and which rule decides it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .. import kinds as K
from ..actions import Action, parse_action
from ..kinds.base import kind_of
from ..dates import AUG, MAY_JUN, MONTHS, advance_date
from ..errors import DualPowersError, IllegalAction
from ..opposition import opposition_objective
from ..presence import force_in_presence
from ..scoring import UNREST_VP, reveal_order, track_label, unrest_vp
from ..state import State
from .. import narration
from ..text import NN_, Conjunction, Disjunction, Items, Message, Name, plural
from .text import DOMAIN, N_, card_name, date_name, month_name, region_name, side_name, token_name

__all__ = ["Goal", "GOALS", "Question", "QUESTIONS", "ANSWER_TYPES", "choice_label", "after", "goal_reached", "goal_later",
           "action_highlight", "date_text", "presence_text", "presence_rules", "goal_because", "changes",
           "answer_marks", "concealed_strengths"]

def date_text(month: str, day: int) -> Name:
    return date_name(month, day)


def after(state: State, actions: Any) -> State:
    """A copy of ``state`` after ``actions`` (one or a list, objects or text)."""
    return after_told(state, actions)[0]


def after_told(state: State, actions: Any) -> tuple[State, list[Any]]:
    """:func:`after`, with the engine's events on the way (what a verdict cites as its reason)."""
    s = state.clone()
    events: list[Any] = []
    todo: list[Any] = [actions] if isinstance(actions, (str, tuple)) or not isinstance(actions, list) else actions
    for a in todo:
        events += s.apply(a)
    return s, events


def _sign(side: str) -> int:
    return 1 if side == "red" else -1


def presence_text(state: State, region: str) -> Message:
    """Who is stronger in a region and why, as a course message (R-STR-2), with the sums behind it."""
    p = force_in_presence(state, region)
    r, w = p.strength["red"], p.strength["white"]
    if p.winner is None:
        if not state.tokens_in(region):
            return Message(_reasoned(N_("No token stands in {region}: nobody is stronger there.")), domain=DOMAIN,
                           region=region_name(region))
        return Message(_reasoned(N_("In {region} nobody controls a token: nobody is stronger there.")), domain=DOMAIN,
                       region=region_name(region))
    why = {
        "strength": N_("In {region}, {winner} is stronger."),    # the sums follow, side by side (tally_messages)
        # a tie is not "stronger": the tie-break gives the region (R-STR-2)
        "tokens": N_("In {region} strength is tied at {red}; {winner} controls more tokens and so wins the region."),
        "will": N_("In {region} strength ({red}) and tokens are tied; {winner} holds the Will and so wins the region."),
    }[p.decided_by or "strength"]
    # in a solo position the Opposition is named as the engine's sums below name it ("the Opposition 5: ...")
    winner = narration.acting_side(p.winner, p.opposition)
    told = Message(_reasoned(why), domain=DOMAIN, region=region_name(region), winner=side_name(winner), red=r,
                   white=w)
    # then the engine's own sums, token by token, and why a neutral counts for whom (R-STR-1,
    # R-NEU-1): a learner who answered wrong sees what they missed, not only the totals
    for sums in p.tally_messages:
        told = _both(told, sums)
    return told


def presence_rules(state: State, region: str) -> tuple[str, ...]:
    """The rules :func:`presence_text` applies: the sum of strengths (R-STR-1), who wins and
    the tie-breaks (R-STR-2), and neutral control when a neutral token counts (R-NEU-1)."""
    rules: tuple[str, ...] = ("R-STR-1", "R-STR-2")
    if any(state.controller(t) is not None and state.spec(t).owner == "neutral" for t in state.tokens_in(region)):
        rules += ("R-NEU-1",)
    return rules


def _both(first: Message, then: Message) -> Message:
    """Two sentences one after the other (each translated on its own)."""
    return Message(N_("{first} {then}"), domain=DOMAIN, first=first, then=then)


#: An answer's explanation: what the answer is, then why, in the engine's words and figures
#: (a day sum, the month's points, who began the turn order ...).  Every question's
#: explanation holds one (``has_reason``; tests/test_course.py walks every answer).
BECAUSE = N_("{result} {reason}")


def because(result: Message, reason: Message) -> Message:
    """``result`` (what the answer is), then ``reason`` (why): two sentences, each translated."""
    return Message(BECAUSE, domain=DOMAIN, result=result, reason=reason)


#: Sentences that give their answer and its reason at once ("In brown, Red is stronger: red 4,
#: white 2."; "The rules do not allow it: ..."; "... no bonus action (only 15 and 31 give one)"):
#: an explanation made of one of them needs no ``because``.
REASONED: set[str] = set()


def _reasoned(msgid: str) -> str:
    REASONED.add(msgid)
    return msgid


def has_reason(message: Any) -> bool:
    """Whether an explanation says why, not only what: it holds a :func:`because` or one of the
    :data:`REASONED` sentences (the engine's refusal of a question's action among them)."""
    if isinstance(message, Message):
        if message.msgid == BECAUSE or message.msgid in REASONED:
            return True
        return any(has_reason(v) for v in message.params.values())
    if isinstance(message, tuple):
        return any(has_reason(v) for v in message)
    return False


# ============================================================================ action goals
@dataclass(frozen=True)
class Goal:
    """A predicate on the position after an action, and how to say it failed."""

    kind: str
    rule: str
    met: Callable[[State, State, str, Mapping[str, Any]], bool]
    instead: Callable[[State, State, str, Mapping[str, Any]], Message]
    highlight: Callable[[Mapping[str, Any]], tuple[Any, ...]] = lambda p: ()
    #: why a position that meets the goal meets it (``None``: ``instead`` says it, as it
    #: only describes the position); and the further rules both texts apply (R-STR-2 ...)
    because: Callable[[State, State, str, Mapping[str, Any]], Message] | None = None
    also: Callable[[State, State, str, Mapping[str, Any]], tuple[str, ...]] = lambda b, a, actor, p: ()


GOALS: dict[str, Goal] = {}


def _goal(kind: str, rule: str, highlight: Callable[[Mapping[str, Any]], tuple[Any, ...]] = lambda p: (),
          because: Callable[..., Message] | None = None,
          also: Callable[..., tuple[str, ...]] = lambda b, a, actor, p: ()) -> Callable[..., Any]:
    def wrap(fns: tuple[Callable[..., bool], Callable[..., Message]]) -> tuple[Any, ...]:
        GOALS[kind] = Goal(kind, rule, fns[0], fns[1], highlight, because, also)
        return fns
    return wrap


def _side(params: Mapping[str, Any], actor: str) -> str:
    return str(params.get("side", actor))


_goal("presence_winner", "R-STR-2", lambda p: (p["region"],),
      also=lambda b, a, actor, p: presence_rules(a, p["region"]))((
    lambda b, a, actor, p: force_in_presence(a, p["region"]).winner == _side(p, actor),
    lambda b, a, actor, p: presence_text(a, p["region"]),
))

def _grows(b: State, a: State, side: str, region: str) -> bool:
    return force_in_presence(a, region).strength[side] > force_in_presence(b, region).strength[side]


def _growth_text(b: State, a: State, side: str, region: str) -> Message:
    n, m = force_in_presence(a, region).strength[side], force_in_presence(b, region).strength[side]
    fields: dict[str, Any] = {"side": side_name(side), "region": region_name(region), "n": n, "m": m}
    if n > m:
        return Message(_reasoned(N_("{side}'s strength in {region} grows from {m} to {n}.")), domain=DOMAIN,
                       **fields)
    if n < m:       # it fell: saying only that it "does not grow" would hide that
        return Message(_reasoned(N_("{side}'s strength in {region} falls from {m} to {n}.")), domain=DOMAIN,
                       **fields)
    return Message(_reasoned(N_("{side}'s strength in {region} stays at {n}: it does not grow.")),
                   domain=DOMAIN, **fields)


# "Make white stronger in red": white's strength grows AND white is then the stronger side
# there, as the region's strength plate shows it (R-STR-2: a tie goes to more tokens, then to
# the Will); a strength that only grows into a lost tie is not "stronger".
_goal("stronger", "R-STR-1", lambda p: (p["region"],),
      because=lambda b, a, actor, p: _both(_growth_text(b, a, _side(p, actor), p["region"]),
                                           presence_text(a, p["region"])),
      also=lambda b, a, actor, p: presence_rules(a, p["region"]))((
    lambda b, a, actor, p: (_grows(b, a, _side(p, actor), p["region"])
                            and force_in_presence(a, p["region"]).winner == _side(p, actor)),
    lambda b, a, actor, p: (_both(_growth_text(b, a, _side(p, actor), p["region"]), presence_text(a, p["region"]))
                            if _grows(b, a, _side(p, actor), p["region"])
                            else _growth_text(b, a, _side(p, actor), p["region"])),
))

# "Raise white's strength in red": only that the sum grows (R-STR-1), whoever is stronger after.
_goal("strength_grows", "R-STR-1", lambda p: (p["region"],),
      because=lambda b, a, actor, p: _both(_growth_text(b, a, _side(p, actor), p["region"]),
                                           presence_text(a, p["region"])),
      also=lambda b, a, actor, p: presence_rules(a, p["region"]))((
    lambda b, a, actor, p: _grows(b, a, _side(p, actor), p["region"]),
    lambda b, a, actor, p: _growth_text(b, a, _side(p, actor), p["region"]),
))

_goal("bonus", "R-CAL-4", lambda p: ("date",),
      because=lambda b, a, actor, p: Message(_reasoned(N_("The day marker ends on {date}: the 15th or the 31st gives "
                                                      "a bonus action.")), domain=DOMAIN,
                                             date=date_text(a.month_name, a.day)))((
    lambda b, a, actor, p: a.bonus_pending or a.step == "bonus",
    lambda b, a, actor, p: Message(_reasoned(N_("The day marker ends on {date}: no bonus action (only 15 and 31 "
                                                "give one).")), domain=DOMAIN, date=date_text(a.month_name, a.day)),
))

def _will_text(b: State, a: State) -> Message:
    """Who holds the Will after the action, and what gave it or kept it: the month marker's
    advance (R-CAL-5), or Inspire the People (R-ACT-INSPIRE)."""
    date = date_text(a.month_name, a.day)
    if a.will != b.will:
        told = Message(N_("{holder} holds the Will of the People."), domain=DOMAIN, holder=side_name(a.will))
        if a.month > b.month:
            return because(told, Message(N_("The day marker went past the 31st to {date}: the month marker "
                                            "advanced, and the player whose turn it is takes the Will."),
                                         domain=DOMAIN, date=date))
        return because(told, Message(N_("Inspire the People gives the Will to the player who chooses it."),
                                     domain=DOMAIN))
    told = Message(N_("{holder} still holds the Will of the People."), domain=DOMAIN, holder=side_name(a.will))
    if (a.month, a.day) != (b.month, b.day) and a.month == b.month:
        return because(told, Message(N_("The day marker ends on {date}: the month does not change."),
                                     domain=DOMAIN, date=date))
    return told


_goal("will", "R-ACT-INSPIRE", lambda p: ("will",),
      because=lambda b, a, actor, p: _will_text(b, a))((
    lambda b, a, actor, p: a.will == _side(p, actor),
    lambda b, a, actor, p: _will_text(b, a),
))


def _conn(p: Mapping[str, Any]) -> tuple[str, str]:
    a, b = p["connection"]
    return (a, b)


def _blockade_text(state: State, still: bool) -> Message:
    """Where the blockade marker is: on the connection between two regions (French and
    Italian name both regions with their article: "entre la Zone blanche et la Zone marron")."""
    if state.blockade is None:
        return Message(N_("The blockade marker is on no connection."), domain=DOMAIN)
    ends: dict[str, Any] = {"a": region_name(state.blockade[0]), "b": region_name(state.blockade[1])}
    if still:
        return Message(N_("The blockade marker is still on the connection between {a} and {b}."), domain=DOMAIN,
                       **ends)
    return Message(N_("The blockade marker is on the connection between {a} and {b}."), domain=DOMAIN, **ends)


# (why it is open, where the marker went, is what the learner's Protest did: the verdict adds the
# engine's own sentence for it)
_goal("open", "R-ACT-PROTEST", lambda p: (_conn(p), "blockade"),
      because=lambda b, a, actor, p: Message(N_("The connection between {a} and {b} is open."), domain=DOMAIN,
                                             a=region_name(_conn(p)[0]), b=region_name(_conn(p)[1])))((
    lambda b, a, actor, p: a.blockade is None or set(a.blockade) != set(_conn(p)),
    lambda b, a, actor, p: _blockade_text(a, still=True),
))

_goal("blocked", "R-ACT-PROTEST", lambda p: (_conn(p), "blockade"))((
    lambda b, a, actor, p: a.blockade is not None and set(a.blockade) == set(_conn(p)),
    lambda b, a, actor, p: _blockade_text(a, still=False),
))


def _place_text(state: State, token: str) -> Message:
    where = state.place[token]
    if where in state.comp.region_index:
        return Message(N_("{token} is in {region}."), domain=DOMAIN, token=token_name(token),
                       region=region_name(where))
    places = {"reserve": N_("{token} is in its reserve."), "supply": N_("{token} is in the Opposition's supply."),
              "removed": N_("{token} is out of the game."), "waiting": N_("{token} is waiting by the calendar."),
              "box": N_("{token} is not in this game.")}
    return Message(places[where], domain=DOMAIN, token=token_name(token))


_goal("token_in", "R-ACT-MOVE", lambda p: (p["token"], p["region"]))((
    lambda b, a, actor, p: a.place[p["token"]] == p["region"],
    lambda b, a, actor, p: _place_text(a, p["token"]),
))

_goal("fresh", "R-ACT-REST", lambda p: (p["token"],),
      because=lambda b, a, actor, p: Message(N_("{token} is fresh."), domain=DOMAIN, token=token_name(p["token"])))((
    lambda b, a, actor, p: a.place[p["token"]] in a.comp.region_index and p["token"] not in a.exhausted,
    lambda b, a, actor, p: Message(N_("{token} is still exhausted."), domain=DOMAIN, token=token_name(p["token"])),
))


def _score_toward(state: State, side: str) -> int:
    return state.score * _sign(side)


def _score_text(state: State) -> Message:
    return Message(N_("The score marker is {where}."), domain=DOMAIN,
                   where=track_label(state.score, state.comp.track_length))


_goal("score_at_least", "R-SCO-MOVE", lambda p: ("score",))((
    lambda b, a, actor, p: _score_toward(a, _side(p, actor)) >= int(p["value"]),
    lambda b, a, actor, p: _score_text(a),
))

_goal("gain", "R-SCO-MOVE", lambda p: ("score",))((
    lambda b, a, actor, p: _score_toward(a, _side(p, actor)) - _score_toward(b, _side(p, actor)) >= int(p.get("value", 1)),
    lambda b, a, actor, p: _score_text(a),
))

# who wins, and why: where the score marker is (at the end of the track, or not yet)
_goal("winner", "R-END-1", lambda p: ("score",))((
    lambda b, a, actor, p: a.won_by == _side(p, actor),
    lambda b, a, actor, p: because(_winner_text(a), _score_text(a)),
))

def _winner_text(s: State) -> Message:
    """Who wins, named as the board names them: in solo the Opposition by its own name."""
    if s.won_by is None:
        return Message(N_("The game goes on."), domain=DOMAIN)
    if s.won_by == s.opposition:
        return Message(N_("The Opposition wins the game."), domain=DOMAIN)
    return Message(N_("{side} wins the game."), domain=DOMAIN, side=side_name(s.won_by))


def _revealed_text(a: State, side: str) -> Message:
    card = a.objectives.get(side)
    if card is None:
        return Message(N_("{side}'s secret objective is face up."), domain=DOMAIN, side=side_name(side))
    return Message(N_("{side}'s secret objective is face up: {card}."), domain=DOMAIN, side=side_name(side),
                   card=card_name(card))


_goal("revealed", "R-ACT-SPY", lambda p: (),
      because=lambda b, a, actor, p: _revealed_text(a, _side(p, actor)))((
    lambda b, a, actor, p: bool(a.revealed[_side(p, actor)]),
    lambda b, a, actor, p: Message(N_("{side}'s secret objective is still hidden."), domain=DOMAIN,
                                   side=side_name(_side(p, actor))),
))

_goal("hand_grows", "R-ACT-BONUS", lambda p: (),
      because=lambda b, a, actor, p: plural(NN_("{side}'s hand grows to {n} card.", "{side}'s hand grows to {n} cards."),
                                            len(a.hands[actor]), domain=DOMAIN, side=side_name(actor)))((
    lambda b, a, actor, p: len(a.hands[actor]) > len(b.hands[actor]),
    lambda b, a, actor, p: Message(N_("{side}'s hand does not grow."), domain=DOMAIN, side=side_name(actor)),
))

_goal("month_advances", "R-CAL-2", lambda p: ("date",),
      because=lambda b, a, actor, p: Message(N_("The day marker goes past the 31st to {date}: the month marker "
                                            "advances."), domain=DOMAIN, date=date_text(a.month_name, a.day)))((
    lambda b, a, actor, p: a.month > b.month,
    lambda b, a, actor, p: Message(N_("The day marker ends on {date}: the month does not change."), domain=DOMAIN,
                                   date=date_text(a.month_name, a.day)),
))


def _best(b: State, actor: str) -> int:
    """The best score (toward ``actor``) any legal action reaches: the engine tries them all."""
    best = None
    for act in b.legal_actions():
        t = b.clone()
        t.apply(act)
        v = _score_toward(t, actor)
        best = v if best is None else max(best, v)
    return best if best is not None else _score_toward(b, actor)


#: (a sentence with plural forms that gives its reason: how much further a better choice goes)
REASONED_PLURAL = NN_("After this scoring: {now} Another choice moves it {n} space further toward {side}.",
                      "After this scoring: {now} Another choice moves it {n} spaces further toward {side}.")
REASONED.add(REASONED_PLURAL[0])

_goal("best_score", "R-SCO-OBJ", lambda p: ("score",),
      because=lambda b, a, actor, p: Message(_reasoned(N_("After this scoring: {now} No other choice moves it "
                                                      "further toward {side}.")), domain=DOMAIN, now=_score_text(a),
                                             side=side_name(actor)))((
    lambda b, a, actor, p: _score_toward(a, actor) >= _best(b, actor),
    # Where the marker is (never "-3 toward white") and how much further a better choice gets it.
    lambda b, a, actor, p: plural(REASONED_PLURAL, _best(b, actor) - _score_toward(a, actor), domain=DOMAIN,
                                  now=_score_text(a), side=side_name(actor)),
))


def _objective_region(state: State, side: str) -> str | None:
    card = state.objectives.get(side)
    return state.comp.cards[card].region if card in state.comp.cards else None


_goal("objective_where_stronger", "P-OBJ", lambda p: (),
      also=lambda b, a, actor, p: presence_rules(a, _objective_region(a, actor) or "red"))((
    lambda b, a, actor, p: (_objective_region(a, actor) is not None
                            and force_in_presence(a, _objective_region(a, actor) or "").winner == actor),
    lambda b, a, actor, p: presence_text(a, _objective_region(a, actor) or "red"),
))


def goal_met(goal: Mapping[str, Any], before: State, after_: State, actor: str) -> bool:
    if goal["kind"] == "all":
        return all(goal_met(g, before, after_, actor) for g in goal["goals"])
    return GOALS[goal["kind"]].met(before, after_, actor, goal)


def goal_later(goal: Mapping[str, Any], before: State, after_: State, actor: str, depth: int = 3) -> Action | None:
    """For a goal marked ``this_turn``: the next action by which ``actor``, still in the same turn
    after ``after_``, can go on to meet it (a leader recruited first, then Inspire the People:
    R-ACT-LEADER); ``None`` if the goal is met already, not marked, or out of reach this turn."""
    if not goal.get("this_turn") or goal_met(goal, before, after_, actor):
        return None
    return _continuation(goal, before, after_, actor, depth)


def _continuation(goal: Mapping[str, Any], before: State, now: State, actor: str, depth: int) -> Action | None:
    # Still the same turn: the same player acts, in the same round and the same place of the order,
    # at a later step of the turn than its card (the turn's action, leader or bonus step).
    same_turn = (now.to_act == actor and now.won_by is None and now.round == before.round
                 and now.turn_index == before.turn_index and now.step not in ("card", "over"))
    if depth <= 0 or not same_turn:
        return None
    tried = []
    for act in now.legal_actions():      # an action that meets it at once comes first
        t = now.clone()
        t.apply(act)
        if goal_met(goal, before, t, actor):
            return act
        tried.append((act, t))
    for act, t in tried:
        if _continuation(goal, before, t, actor, depth - 1) is not None:
            return act
    return None


def goal_reached(goal: Mapping[str, Any], before: State, after_: State, actor: str) -> bool:
    """The goal is met after the action, or (``this_turn``) can still be met in the same turn."""
    return goal_met(goal, before, after_, actor) or goal_later(goal, before, after_, actor) is not None


def goal_instead(goal: Mapping[str, Any], before: State, after_: State, actor: str) -> tuple[Message, str]:
    """The first unmet part of a goal: what happened instead, and its rule."""
    if goal["kind"] == "all":
        for g in goal["goals"]:
            if not goal_met(g, before, after_, actor):
                return goal_instead(g, before, after_, actor)
        raise ValueError("every part of the goal is met")
    g = GOALS[goal["kind"]]
    return g.instead(before, after_, actor, goal), str(goal.get("rule", g.rule))


def goal_instead_rules(goal: Mapping[str, Any], before: State, after_: State, actor: str) -> tuple[str, ...]:
    """The further rules the first unmet part's text applies (R-STR-2 for a strength ...)."""
    if goal["kind"] == "all":
        for g in goal["goals"]:
            if not goal_met(g, before, after_, actor):
                return goal_instead_rules(g, before, after_, actor)
        return ()
    return tuple(GOALS[goal["kind"]].also(before, after_, actor, goal))


def goal_because(goal: Mapping[str, Any], before: State, after_: State, actor: str) -> tuple[Message, tuple[str, ...]]:
    """Why a position meets the goal: a message and the rules it applies beyond the goal's own
    (the tie-break R-STR-2 when a tie was won on tokens ...).  For a goal that is not met,
    what happened instead and its rules."""
    parts = goal["goals"] if goal["kind"] == "all" else [goal]
    messages: list[Message] = []
    rules: list[str] = []
    for g in parts:
        if g["kind"] == "all":
            m, r = goal_because(g, before, after_, actor)
        else:
            spec = GOALS[g["kind"]]
            met = spec.met(before, after_, actor, g)
            m = (spec.because or spec.instead)(before, after_, actor, g) if met else spec.instead(before, after_, actor, g)
            r = (str(g.get("rule", spec.rule)), *spec.also(before, after_, actor, g))
        if m not in messages:
            messages.append(m)
        rules.extend(x for x in r if x not in rules)
    text = messages[0]
    for m in messages[1:]:
        text = _both(text, m)
    return text, tuple(rules)


def goal_highlight(goal: Mapping[str, Any]) -> tuple[Any, ...]:
    if goal["kind"] == "all":
        return tuple(x for g in goal["goals"] for x in goal_highlight(g))
    return GOALS[goal["kind"]].highlight(goal)


def action_highlight(state: State, action: Action) -> tuple[Any, ...]:
    """Board elements an action touches (its kind says which: :func:`dualpowers.kinds.highlight`)."""
    return tuple(K.highlight(state, action))


# ============================================================================ choice questions
#: How the choices of each answer type are labelled (see choice_label).
ANSWER_TYPES = ("side", "why", "yesno", "date", "region", "number", "place", "connection", "card")


@dataclass(frozen=True)
class Question:
    kind: str
    rule: str
    answer_type: str
    answer: Callable[[State, Mapping[str, Any]], str]
    explain: Callable[[State, Mapping[str, Any]], Message]
    highlight: Callable[[State, Mapping[str, Any]], tuple[Any, ...]] = lambda s, p: ()
    #: the further rules ``explain`` applies (R-STR-2 for who is stronger ...)
    also: Callable[[State, Mapping[str, Any]], tuple[str, ...]] = lambda s, p: ()
    #: what the question asks the learner to read off the board, so the board must not show
    #: it before the answer: highlight items that point at the answer (the Will box for "who
    #: holds the Will?") and regions whose strength plates say it ("who is stronger in brown?")
    gives_away: Callable[[State, Mapping[str, Any]], tuple[Any, ...]] = lambda s, p: ()
    conceal: Callable[[State, Mapping[str, Any]], tuple[str, ...]] = lambda s, p: ()


QUESTIONS: dict[str, Question] = {}


def _question(kind: str, rule: str, answer_type: str, answer: Callable[..., str], explain: Callable[..., Message],
              highlight: Callable[..., tuple[Any, ...]] = lambda s, p: (), *,
              also: Callable[..., tuple[str, ...]] = lambda s, p: (),
              gives_away: Callable[..., tuple[Any, ...]] = lambda s, p: (),
              conceal: Callable[..., tuple[str, ...]] = lambda s, p: ()) -> None:
    QUESTIONS[kind] = Question(kind, rule, answer_type, answer, explain, highlight, also, gives_away, conceal)


def _winner(s: State, region: str) -> str:
    return force_in_presence(s, region).winner or "nobody"


def _why(s: State, region: str) -> str:
    p = force_in_presence(s, region)
    return "nobody" if p.winner is None else f"{p.winner}:{p.decided_by}"


def _region_tokens(s: State, p: Mapping[str, Any]) -> tuple[Any, ...]:
    return (p["region"], *s.tokens_in(p["region"]))


# Who is stronger, and why: the region's strength plate says it (hidden until answered), and a
# lit Will box points at the last tie-break.
_STRENGTH_ASKED = {"also": lambda s, p: presence_rules(s, p["region"]),
                   "gives_away": lambda s, p: ("will",), "conceal": lambda s, p: (p["region"],)}
_question("presence_winner", "R-STR-2", "side", lambda s, p: _winner(s, p["region"]),
          lambda s, p: presence_text(s, p["region"]), _region_tokens, **_STRENGTH_ASKED)
_question("presence_why", "R-STR-2", "why", lambda s, p: _why(s, p["region"]),
          lambda s, p: presence_text(s, p["region"]), _region_tokens, **_STRENGTH_ASKED)
def _strength_text(s: State, p: Mapping[str, Any]) -> Message:
    """Who is stronger and the sums, token by token (:func:`presence_text`); then, where an
    exhausted Opposition unit counts, why it counts what it does: it shows the difficulty X
    (C-OPP), whatever its level (issue 33: "O1a 3" said the figure, not why)."""
    told = presence_text(s, p["region"])
    tired = [t for t in s.tokens_in(p["region"]) if s.spec(t).owner == "opposition" and s.is_exhausted(t)]
    if tired:
        told = _both(told, plural(NN_("{tokens} is exhausted: an exhausted Opposition unit shows the difficulty X, "
                                      "here {x}, whatever its level (C-OPP).",
                                      "{tokens} are exhausted: an exhausted Opposition unit shows the difficulty X, "
                                      "here {x}, whatever its level (C-OPP)."),
                                  len(tired), domain=DOMAIN, tokens=Conjunction(Name("token", t) for t in tired),
                                  x=s.difficulty))
    return told


_question("strength", "R-STR-1", "number",
          lambda s, p: str(force_in_presence(s, p["region"]).strength[p["side"]]),
          _strength_text, _region_tokens, **_STRENGTH_ASKED)


def _controller_text(s: State, p: Mapping[str, Any]) -> Message:
    who = s.controller(p["token"])
    if who is None:
        told = Message(N_("Nobody controls {token}."), domain=DOMAIN, token=token_name(p["token"]))
    else:
        told = Message(N_("{token} is controlled by {side}."), domain=DOMAIN, token=token_name(p["token"]),
                       side=side_name(who))
    where = s.place[p["token"]]
    if s.spec(p["token"]).owner == "neutral" and where in s.comp.region_index:
        # why, in the engine's words: the Will holder's own token there, or none (R-NEU-1)
        told = because(told, force_in_presence(s, where).neutral_reason_message)
    return told


# Who controls a neutral: the Will box names the side that may (R-NEU-1); the strength plates
# of its region count it for that side.
_question("controller", "R-NEU-1", "side", lambda s, p: s.controller(p["token"]) or "nobody", _controller_text,
          lambda s, p: (p["token"], s.place[p["token"]], "will"),
          gives_away=lambda s, p: ("will",),
          conceal=lambda s, p: (s.place[p["token"]],) if s.place[p["token"]] in s.comp.region_index else ())


def _legal(s: State, p: Mapping[str, Any]) -> str:
    try:
        return "yes" if s.is_legal(parse_action(p["action"])) else "no"
    except DualPowersError:
        return "no"


def refused_in_words(s: State, a: Action, exc: IllegalAction) -> Message | str:
    """The engine's reason for refusing ``a`` in ``s``, with the refused action named in words
    ("..., not 'Bonus action: Organize, reveal your own secret objective'") rather than in its
    notation ("not 'organize'"): a learner answered by clicking, and never typed the notation."""
    told = exc.message
    if told is None:
        return str(exc)
    if "action" in told.params:
        told = Message(told.msgid, domain=told.domain, context=told.context, plural=told.plural,
                       **{**told.params, "action": kind_of(a).sentence(s, a)})
    return told


def elsewhere(s: State, a: Action) -> Message | None:
    """Where the token of a refused action may go instead, in the engine's figures ("Here W3 may
    go to blue or purple."): the refusal named the rule, and the learner was left to guess the
    legal targets (QA8).  ``None`` when the action does not start with a token, or when that token
    may do nothing here (the refusal says why)."""
    from ..clicks import ActionPicker      # the clicks' grammar: the same targets the board lights up
    if getattr(a, "token", None) not in s.comp.tokens:    # a typed answer naming no token of the game
        return None
    paths = K.click_paths(s, a)
    first = paths[0][0] if paths and len(paths[0]) >= 2 else None
    if first is None or first[0] != "token":
        return None
    picker = ActionPicker(s, lists=False)
    if picker.click(*first) is not None or picker.message:
        return None
    regions = list(dict.fromkeys(ident for kind, ident in picker.next_targets() if kind == "region"))
    if not regions:
        return None
    return plural(NN_("Here {token} may go only to {regions}.", "Here {token} may go to {regions}."), len(regions),
                  domain=DOMAIN, token=token_name(first[1]), regions=Disjunction(Name("colour", r) for r in regions))


def _legal_text(s: State, p: Mapping[str, Any]) -> Message:
    try:
        a = parse_action(p["action"])
        s.clone().apply(a)
    except IllegalAction as exc:      # the engine's own reason, as data
        return Message(_reasoned(N_("The rules do not allow it — {why}")), domain=DOMAIN,
                       why=refused_in_words(s, a, exc))
    t = s.clone()
    events = [e for e in t.apply(a) if isinstance(getattr(e, "message", None), Message) and e.kind != "phase"]
    kind = K.kind_of(a)
    if events:                         # what the action does, in the engine's words
        told = Message(_reasoned(N_("The engine accepts it: {what}")), domain=DOMAIN, what=events[0].message)
    else:
        told = Message(N_("The engine accepts it."), domain=DOMAIN)
    # then the rule that allows it and the engine's figures: the regions it offers the same action
    # into (issue 33: "a leader may go into any region" without the rule or where)
    told = _both(told, Message(kind.explanation))
    regions = [getattr(b, "region") for b in s.legal_actions()
               if K.kind_of(b) is kind and isinstance(getattr(b, "region", None), str)]
    if getattr(a, "region", None) in regions:
        told = _both(told, plural(NN_("The engine offers it into {n} region here: {regions}.",
                                      "The engine offers it into {n} regions here: {regions}."),
                                  len(regions), domain=DOMAIN, regions=Conjunction(Name("colour", r) for r in regions)))
    return told


def _legal_rules(s: State, p: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule the engine's refusal names, if it names one other than the question's."""
    try:
        s.clone().apply(parse_action(p["action"]))
    except IllegalAction as exc:
        return (exc.rule,) if exc.rule else ()
    except DualPowersError:
        return ()
    return ()


_question("is_legal", "P-ACT", "yesno", _legal, _legal_text,
          lambda s, p: action_highlight(s, parse_action(p["action"])), also=_legal_rules)


def _advance(s: State, p: Mapping[str, Any]) -> Any:
    days = s.comp.days(p["card"])
    return advance_date(s.month_name, s.day, days)


def _advance_text(s: State, p: Mapping[str, Any]) -> Message:
    """Where the day marker ends, then the engine's own count of the card's days: each day
    past the 31st, a 29 or 30 moved on to 31, October/November's wrap (R-CAL-2, 3, 6)."""
    d = _advance(s, p)
    return because(Message(N_("The day marker ends on {date}."), domain=DOMAIN, date=date_text(d.month, d.day)),
                   d.message())


def _bonus_text(s: State, p: Mapping[str, Any]) -> Message:
    """Whether the card earns a bonus action, and why: the engine's count of its days, and
    that only stopping on the 15th or the 31st counts (R-CAL-4)."""
    d = _advance(s, p)
    date = date_text(d.month, d.day)
    if d.bonus:
        return because(Message(N_("The day marker ends on {date}: the 15th or the 31st gives a bonus action."),
                               domain=DOMAIN, date=date), d.message())
    told = Message(N_("The day marker ends on {date}: no bonus action (only 15 and 31 give one)."), domain=DOMAIN,
                   date=date)
    counted: Message = d.message()
    over = d.start_day < 15 < d.day or (d.wrapped and (d.start_day < 15 or d.day > 15))
    if over:              # it went past the 15th without stopping there
        counted = _both(counted, Message(N_("Passing over the 15th without stopping there earns nothing."),
                                         domain=DOMAIN))
    return because(told, counted)


_question("date_after", "R-CAL-2", "date", lambda s, p: f"{_advance(s, p).month}{_advance(s, p).day}",
          _advance_text, lambda s, p: ("date", p["card"]))
_question("bonus_after", "R-CAL-4", "yesno", lambda s, p: "yes" if _advance(s, p).bonus else "no",
          _bonus_text, lambda s, p: ("date", p["card"]))


def _opp_cards(s: State, p: Mapping[str, Any]) -> list[str]:
    if "cards" in p:
        return list(p["cards"])
    return [c for c in s.played[s.opposition or "red"] if c in s.comp.cards]


def _opp_choice(s: State, p: Mapping[str, Any]) -> Any:
    card, why = opposition_objective([s.comp.cards[c] for c in _opp_cards(s, p)])
    return card, why


def _steps(messages: Any) -> Message:
    """The engine's steps, one sentence after the other."""
    told: Message | None = None
    for m in messages:
        told = m if told is None else _both(told, m)
    assert told is not None
    return told


def _region_steps(why: Any) -> tuple[Message, ...]:
    """The engine's steps of the region's choice: the cards with their days, the day sums of
    each region, then what decided it (the highest sum, more cards, the latest card)."""
    return tuple(m for m in why.step_messages if m.msgid not in _CARD_STEPS)


#: The engine's steps that choose the card once the region is chosen (R-SOLO-OBJECTIVE).
_CARD_STEPS = {narration.STEP_ONLY_CARD, narration.STEP_MOST_VP, narration.STEP_VP_TIE}


def _opp_text(s: State, p: Mapping[str, Any]) -> Message:
    """Which region the Opposition scores, and why: the engine's day sums and its tie-breaks."""
    card, why = _opp_choice(s, p)
    return because(Message(N_("The Opposition scores {region}."), domain=DOMAIN, region=region_name(card.region)),
                   _steps(_region_steps(why)))


_question("opposition_region", "R-SOLO-OBJECTIVE", "region", lambda s, p: _opp_choice(s, p)[0].region, _opp_text,
          lambda s, p: tuple(_opp_cards(s, p)))


def _opp_card_text(s: State, p: Mapping[str, Any]) -> Message:
    """Which card of its region the Opposition scores, and why (R-SOLO-OBJECTIVE; equal VP: ruling)."""
    card, why = _opp_choice(s, p)
    told = Message(N_("The Opposition scores {region}, and its objective is {card}."), domain=DOMAIN,
                   region=region_name(card.region), card=card_name(card.id))
    # why that region, in the engine's day sums, then why that card (the VP it compares)
    return because(told, _steps(why.step_messages))


_question("opposition_card", "R-SOLO-OBJECTIVE", "card", lambda s, p: _opp_choice(s, p)[0].id, _opp_card_text,
          lambda s, p: tuple(_opp_cards(s, p)))


def _reveal_text(s: State, p: Mapping[str, Any]) -> Message:
    first = reveal_order(s)[0]
    if s.score == 0:
        return Message(_reasoned(N_("The score is at the centre, so the player without the Will, {side}, reveals "
                                    "first.")),
                       domain=DOMAIN, side=side_name(first))
    return because(_score_text(s), Message(N_("{side} has fewer points, so {side} reveals first."), domain=DOMAIN,
                                           side=side_name(first)))


_question("reveal_first", "R-SCO-REVEAL", "side", lambda s, p: reveal_order(s)[0], _reveal_text,
          lambda s, p: ("score", "will"))
#: The unrest region's points month by month, in each edition (R-SCO-UNREST, E-IT).
_UNREST_TABLE = {"fr": N_("In the French edition the unrest region's points follow the month marker: {table}."),
                 "it": N_("In the Italian edition the unrest region's points follow the month marker: {table}.")}


def _unrest_text(s: State, p: Mapping[str, Any]) -> Message:
    """What the unrest region is worth now, and why: the engine's table of points by month for
    the position's edition."""
    table = Items(Message(N_("{n} in {month}"), domain=DOMAIN, month=month_name(m), n=vp)
                  for m, vp in zip(MONTHS, UNREST_VP[s.edition]))
    return because(Message(N_("In {month} the unrest region is worth {n} VP."), domain=DOMAIN,
                           month=month_name(s.month_name), n=unrest_vp(s)),
                   Message(_UNREST_TABLE[s.edition], domain=DOMAIN, table=table))


_question("unrest_vp", "R-SCO-UNREST", "number", lambda s, p: str(unrest_vp(s)), _unrest_text,
          lambda s, p: ("date", "unrest"))


# "after": apply actions to a copy, then ask about the result.
def _ask(s: State, ask: str) -> str:
    if ask == "will":
        return s.will
    if ask == "winner":
        return s.won_by or "nobody"
    if ask == "score":
        return str(s.score)
    if ask == "date":
        return f"{s.month_name}{s.day}"
    if ask == "unrest":
        return s.unrest or "nobody"
    if ask == "to_act":
        return s.to_act or "nobody"
    if ask.startswith("card:"):
        return _card_place(s, ask[5:])
    if ask == "blockade":
        return "-".join(sorted(s.blockade)) if s.blockade else "none"
    if ask == "bonus":
        return "yes" if (s.bonus_pending or s.step == "bonus") else "no"
    if ask.startswith("place:"):
        return s.place[ask[6:]]
    if ask.startswith("exhausted:"):
        return "yes" if ask[10:] in s.exhausted else "no"
    if ask.startswith("presence:"):
        return _winner(s, ask[9:])
    if ask.startswith("strength:"):        # "strength:purple:red": that side's strength there (R-STR-1)
        region, _, side = ask[9:].partition(":")
        return str(force_in_presence(s, region).strength[side])
    raise ValueError(f"unknown question {ask!r} for an 'after' exercise")


def _card_place(s: State, card: str) -> str:
    for place, where in s.all_card_places():
        if place == card:
            return "hand" if where.startswith("hand") else where.split(":")[0]
    return "none"


#: Where the board shows the answer to a question that asks to read it (no actions first): the
#: "why" of such an answer is where to look, not the answer again.
_READ_ON_BOARD = {
    "will": N_("The Will of the People box, under the calendar, names its holder."),
    "unrest": N_("The first region tile, UNREST, names it, and the region carries the unrest sign by its name."),
    "blockade": N_("On the map the black and yellow barrier lies across that connection; beside the tiles, "
                   "the arrow after the BLOCKADE tile shows the colours of its two regions."),
    "exhausted": N_("The board draws an exhausted token pale and hatched, with a dashed rim; a fresh one full."),
}


def _after_text(s: State, p: Mapping[str, Any]) -> Message:
    t, events = after_told(s, list(p["actions"]))      # the actions played once, for the answer and its why
    told = _after_answer(t, events, p)
    if not p["actions"]:
        why = _read_on_board(t, p["ask"])
        return because(told, why) if why is not None else told
    why = _after_reason(s, t, events, p)
    return because(told, why) if why is not None else told


def _read_on_board(t: State, ask: str) -> Message | None:
    """Why the answer to a question about the board as it stands is what it is: where the board
    says it, or (a token waiting by the calendar) when the calendar brings it in."""
    kind, _, token = ask.partition(":")
    if kind == "place" and t.place.get(token) == "waiting":
        comp = t.comp
        month = MONTHS[MAY_JUN] if token == comp.trotsky_neutral else MONTHS[AUG]
        rule = "R-CAL-TROTSKY-1" if token == comp.trotsky_neutral else "R-CAL-TROTSKY-2"
        return Message(N_("{token} enters when the month marker reaches {month} ({rule})."),
                       domain=DOMAIN, token=token_name(token), month=month_name(month), rule=rule)
    if kind in _READ_ON_BOARD:
        return Message(_READ_ON_BOARD[kind], domain=DOMAIN)
    return None


def _mentions(value: Any, ident: str) -> bool:
    """Whether an event's parameters name ``ident`` (a token, a card), however deep."""
    if isinstance(value, str):
        return value == ident
    if isinstance(value, Message):
        return any(_mentions(v, ident) for v in value.params.values())
    if isinstance(value, Name):
        return any(_mentions(v, ident) for v in value.args)
    if isinstance(value, (tuple, list)):
        return any(_mentions(v, ident) for v in value)
    if isinstance(value, dict):
        return any(_mentions(v, ident) for v in value.values())
    return False


#: The kinds of the engine's events that say why a token is where it is, or on which side.
_TOKEN_EVENTS = ("trotsky", "rest", "exhaust", "opposition", "recruit", "move")
#: The kinds of the engine's events that change a region's strengths besides the tokens' own moves.
_STRENGTH_EVENTS = ("trotsky", "opposition", "rest", "exhaust")


def _after_reason(before: State, t: State, events: list[Any], p: Mapping[str, Any]) -> Message | None:
    """Why the answer after the question's actions is what it is, in the engine's words (its
    events on the way) and the rule behind them; None when the engine said nothing to the point."""
    ask = p["ask"]
    kind, _, what = ask.partition(":")
    said = [e for e in events if isinstance(getattr(e, "message", None), Message)]
    parts: list[Message] = []
    if kind == "to_act":
        parts.append(_turn_order_reason(before, t, said))
    elif kind == "date" and _leader_entries(said):
        # (the day marker's moves are in the answer itself: "The day marker ends on ... . July 10 + 4 days ...")
        parts.append(Message(N_("The leader the Opposition reveals as a round begins plays no card: the date "
                                "does not move for it."), domain=DOMAIN))
    elif kind in ("place", "exhausted"):
        trotsky = what in (t.comp.trotsky_neutral, t.comp.trotsky_red)
        parts += [e.message for e in said
                  if e.kind in _TOKEN_EVENTS and (_mentions(e.params, what) or (trotsky and e.kind == "trotsky"))]
        if any(e.kind == "exhaust" and _mentions(e.params, what) for e in said):
            parts.append(Message(N_("Of the tokens that leave, the factions' units go back to their reserve, the "
                                    "Opposition's to its supply, and leaders and neutrals leave the game."),
                                 domain=DOMAIN))
    elif kind in ("presence", "strength"):
        parts += [e.message for e in said if e.kind in _STRENGTH_EVENTS]
    elif kind == "unrest" and t.unrest != before.unrest:
        # the cleanup's tiles (R-CLN): where the new unrest region comes from
        parts.append(Message(N_("At the cleanup the unrest tile is discarded and the blockade tile moves to its "
                                "place: the region it names is the new unrest region."), domain=DOMAIN))
    elif kind == "blockade" and any(e.kind == "cleanup" for e in said):
        parts.append(Message(N_("At the cleanup the next region tile is drawn for the blockade, and the marker "
                                "goes on the connection its arrow shows."), domain=DOMAIN))
    elif kind == "card" and any(e.kind == "cleanup" for e in said):
        parts.append(Message(N_("At the cleanup the command cards played and the objectives go to the discard "
                                "pile; the leader cards played leave the game."), domain=DOMAIN))
    elif kind == "winner":
        parts += [e.message for e in said if e.kind == "end"]
    elif kind == "will":
        parts += [e.message for e in said if e.kind == "will"]
    return _steps(parts) if parts else None


def _turn_order_reason(before: State, t: State, said: list[Any]) -> Message:
    """Why this side plays now: the Will's holder when the phase starts opens it (P-ACT), and
    the order then fixed holds to the end of the phase, even if the Will changes hands (ruling)."""
    if t.turn_index == 0 and not any(t.played.values()):
        return Message(N_("{holder} holds the Will as the action phase starts, and the Will's holder takes its "
                          "first turn."), domain=DOMAIN, holder=side_name(t.will))
    first = t.turn_order[0] if t.turn_order else t.to_act
    fields: dict[str, Any] = {"first": side_name(first), "n": t.turn_index + 1}
    if t.will != before.will:
        return Message(N_("The order of turns was fixed when the action phase began, {first} first, then each "
                          "side in turn; this is turn {n}. Taking the Will during the phase does not change it."),
                       domain=DOMAIN, **fields)
    return Message(N_("The order of turns was fixed when the action phase began, {first} first, then each side in "
                      "turn; this is turn {n}."), domain=DOMAIN, **fields)


def _leader_entries(said: list[Any]) -> list[Any]:
    """The Opposition's leaders revealed as a round begins: no card played, no date moved (R-SOLO-OBJ)."""
    return [e for e in said if e.kind == "opposition" and e.msgid == narration.OPP_REVEALS_LEADER]


def _after_answer(t: State, events: list[Any], p: Mapping[str, Any]) -> Message:
    """The answer to ``p["ask"]`` in ``t``, the position after the question's actions (``events``:
    what the engine said on the way)."""
    ask = p["ask"]
    if ask == "date" and p["actions"]:
        # the reason: each move of the day marker on the way, as the engine said it (R-CAL)
        moves = [e.message for e in events if e.kind == "date"]
        if not moves:
            return Message(N_("The day marker does not move: it stays on {date}."), domain=DOMAIN,
                           date=date_text(t.month_name, t.day))
        told = moves[0]
        for move in moves[1:]:
            told = Message(N_("{first} {second}"), domain=DOMAIN, first=told, second=move)
        return Message(_reasoned(N_("The day marker ends on {date}. {moves}")), domain=DOMAIN,
                       date=date_text(t.month_name, t.day), moves=told)
    if ask == "will":
        return Message(N_("{holder} holds the Will of the People."), domain=DOMAIN, holder=side_name(t.will))
    if ask == "winner":
        return _winner_text(t)
    if ask == "score":
        return _score_text(t)
    if ask == "date":
        return Message(N_("The day marker ends on {date}."), domain=DOMAIN, date=date_text(t.month_name, t.day))
    if ask == "to_act":
        return Message(N_("{side} is to act."), domain=DOMAIN, side=side_name(t.to_act))
    if ask.startswith("card:"):
        place = _card_place(t, ask[5:])
        if place in _CARD_PLACES:
            return Message(_CARD_PLACES[place], domain=DOMAIN, card=card_name(ask[5:]))
        return Message(N_("{card} goes: {where}."), domain=DOMAIN, card=card_name(ask[5:]),
                       where=Message(_PLACES[place], domain=DOMAIN))
    if ask == "unrest":
        return Message(N_("The unrest region is now {region}."), domain=DOMAIN,
                       region=region_name(t.unrest) if t.unrest else side_name(None))
    if ask == "blockade":
        return _blockade_text(t, still=False)
    if ask == "bonus":
        return Message(N_("The day marker ends on {date}."), domain=DOMAIN, date=date_text(t.month_name, t.day))
    if ask.startswith("place:"):
        return _place_text(t, ask[6:])
    if ask.startswith("exhausted:"):
        tok = ask[10:]
        return (Message(N_("{token} is exhausted."), domain=DOMAIN, token=token_name(tok)) if tok in t.exhausted
                else _place_text(t, tok) if t.place[tok] not in t.comp.region_index
                else Message(N_("{token} is fresh."), domain=DOMAIN, token=token_name(tok)))
    if ask.startswith("presence:") or ask.startswith("strength:"):
        return presence_text(t, ask[9:].partition(":")[0])
    raise ValueError(f"unknown question {ask!r}")


def _ask_marks(s: State, ask: str) -> tuple[Any, ...]:
    """Where the board shows the answer to ``ask`` in position ``s``."""
    fixed = {"will": ("will",), "score": ("score",), "date": ("date",), "bonus": ("date",), "unrest": ("unrest",),
             "blockade": ("blockade",), "to_act": ("status",), "winner": ("status", "score")}
    if ask in fixed:
        out: tuple[Any, ...] = fixed[ask]
        if ask == "unrest" and s.unrest:
            out += (s.unrest,)
        if ask == "blockade" and s.blockade:
            out += (tuple(s.blockade),)
        return out
    for prefix in ("place:", "exhausted:"):
        if ask.startswith(prefix):
            tok = ask[len(prefix):]
            where = s.place.get(tok)
            if where in s.comp.region_index:
                return (tok, where)
            return ("reserve",) if where == "reserve" else ("info",) if where in ("supply", "waiting") else ()
    if ask.startswith("presence:"):
        return (ask[9:], *s.tokens_in(ask[9:]))
    if ask.startswith("card:"):
        card = ask[5:]
        return (card,) if any(card in s.played[side] for side in ("red", "white")) else ()
    return ()


#: What decides an answer "after ..." on the board as it stands before the actions: who takes
#: the first turn of the action phase is who holds the Will when it starts (P-ACT), so lighting
#: the Will box would answer "who plays first?" for the learner.
_DECIDED_BY = {"to_act": ("will",)}


def _after_gives_away(s: State, p: Mapping[str, Any]) -> tuple[Any, ...]:
    """With no actions the question asks to read the board as it is, so the element that says
    it is not lit before the answer; with actions the board shows the position before them,
    and only the element that decides the answer would give it away."""
    if p["actions"]:
        return _DECIDED_BY.get(p["ask"], ())
    return _ask_marks(s, p["ask"])


_question("after", "P-ACT", "place", lambda s, p: _ask(after(s, list(p["actions"])), p["ask"]), _after_text,
          gives_away=_after_gives_away,
          conceal=lambda s, p: (p["ask"][9:],) if p["ask"].startswith("presence:") and not p["actions"] else ())


def question_answer(question: Mapping[str, Any], state: State) -> str:
    return QUESTIONS[question["kind"]].answer(state, question)


def question_rules(question: Mapping[str, Any], state: State) -> tuple[str, ...]:
    """The further rules a question's explanation applies."""
    return tuple(QUESTIONS[question["kind"]].also(state, question))


def concealed_strengths(question: Mapping[str, Any], state: State) -> tuple[str, ...]:
    """Regions whose strength plates answer the question (hidden until it is answered)."""
    return tuple(QUESTIONS[question["kind"]].conceal(state, question))


def gives_away(question: Mapping[str, Any], state: State) -> frozenset[Any]:
    """Highlight items that would point at the answer before it is given."""
    from ..drawing.board import normalize_highlight
    return normalize_highlight(state, list(QUESTIONS[question["kind"]].gives_away(state, question)))


def shown_position(question: Mapping[str, Any], state: State) -> State:
    """The position Show me puts on the board for a question: after its actions, if it has
    any ("where does W5 go after scoring?" shows the position after scoring)."""
    if question["kind"] == "after" and question.get("actions"):
        return after(state, list(question["actions"]))
    return state


def answer_marks(question: Mapping[str, Any], before: State, shown: State, value: str) -> tuple[Any, ...]:
    """What on the board the answer ``value`` refers to, in the position Show me shows."""
    from ..drawing.board import normalize_highlight
    q = QUESTIONS[question["kind"]]
    out: list[Any] = []
    if question["kind"] == "after":
        out.extend(_ask_marks(shown, question["ask"]))
        out.extend(_DECIDED_BY.get(question["ask"], ()))
    else:
        out.extend(q.highlight(before, question))
        marks = q.gives_away(before, question)
        if "region" in question and question["kind"] in ("presence_winner", "presence_why", "strength"):
            # the Will box only when the Will decided it (R-STR-2's last tie-break)
            if force_in_presence(before, question["region"]).decided_by != "will":
                marks = tuple(m for m in marks if m != "will")
        out.extend(marks)
    if value in shown.comp.region_index:
        out.append(value)
    elif "-" in value and all(v in shown.comp.region_index for v in value.split("-", 1)):
        a, b = value.split("-", 1)
        if shown.comp.is_connection(a, b):
            out.append((a, b))
    keep = []
    for item in out:          # only what this board can draw
        try:
            normalize_highlight(shown, [item])
        except ValueError:
            continue
        keep.append(item)
    return tuple(dict.fromkeys(keep))


def changes(before: State, after_: State) -> tuple[Any, ...]:
    """Board elements that differ between two positions: tokens moved, placed, removed, turned
    (and their regions), the blockade, the Will, the score, the date, the unrest region, cards
    newly played or turned face up."""
    comp = after_.comp
    out: list[Any] = []
    for tok, where in after_.place.items():
        was = before.place.get(tok)
        turned = (tok in before.exhausted) != (tok in after_.exhausted)
        if where != was or turned:
            if where in comp.region_index:
                out.append(tok)
                out.append(where)
            elif where == "reserve" and (side := after_.side_of(tok)) in ("red", "white"):
                out.append(K.reserve_part(side))
            if was in comp.region_index and was != where:
                out.append(was)
    if before.blockade != after_.blockade:
        out.append("blockade")
        if after_.blockade is not None:
            out.append(tuple(after_.blockade))
    if before.will != after_.will:
        out.append("will")
    if before.score != after_.score:
        out.append("score")
    if (before.month, before.day) != (after_.month, after_.day):
        out.append("date")
    if before.unrest != after_.unrest or before.blockade_tile != after_.blockade_tile:
        out.append("tiles")
    for side in ("red", "white"):
        for card in after_.played[side]:
            if card not in before.played[side] and (card in comp.cards or card in comp.leaders):
                out.append(card)
        objective = after_.objectives.get(side)
        if objective and after_.revealed[side] and not before.revealed[side]:
            out.append(objective)
    return tuple(dict.fromkeys(out))


# ============================================================================ labels
_YESNO = {"yes": N_("Yes"), "no": N_("No")}
_WHY = {
    "strength": N_("{side}, by greater strength"),
    "tokens": N_("{side}, by more tokens"),
    "will": N_("{side}, by the Will of the People"),
}
#: Where a card is after the actions, as one whole sentence each (French and Italian
#: need the verb and the preposition together: "va à la défausse", "è nel mazzo").
_CARD_PLACES = {"discard": N_("{card} goes to the discard pile."), "out_of_game": N_("{card} leaves the game."),
                "removed": N_("{card} leaves the game."), "hand": N_("{card} is in a hand."),
                "deck": N_("{card} is in the deck."), "played": N_("{card} lies among the cards played this round."),
                "objective": N_("{card} is a secret objective."), "none": N_("{card} is in no place of this game.")}
_PLACES = {"reserve": N_("back to its reserve"), "supply": N_("back to the Opposition's supply"),
           "removed": N_("out of the game"), "waiting": N_("waiting by the calendar"), "none": N_("none"),
           "discard": N_("to the discard pile"), "out_of_game": N_("out of the game"), "hand": N_("in a hand"),
           "deck": N_("in the deck"), "played": N_("played this round"), "objective": N_("a secret objective")}


def choice_label(answer_type: str, value: str) -> Message | Name:
    """How a choice reads in the learner's language (a game name, or a message)."""
    if value == "nobody" and answer_type in ("side", "why"):
        return Message(N_("Nobody"), domain=DOMAIN)          # an answer button, beside "Red" or "Les Rouges": capitalised
    if answer_type == "side":
        # Translators: a side given as an answer ("Who holds the Will?"): French "Les Rouges"
        return Message(N_("{side}"), domain=DOMAIN, side=side_name(value))
    if answer_type == "why":
        side, _, how = value.partition(":")
        return Message(_WHY[how], domain=DOMAIN, side=side_name(side))
    if answer_type == "yesno":
        return Message(_YESNO[value], domain=DOMAIN)
    if answer_type == "date":
        for m in sorted(MONTHS, key=len, reverse=True):
            if value.startswith(m) and value[len(m):].isdigit():
                return date_text(m, int(value[len(m):]))
        raise ValueError(f"not a date: {value!r}")
    if answer_type == "region":
        # an answer button, beside "Yes" and "Nobody": capitalised ("Quartiere rosso", "Zone rouge")
        return Message(N_("{place:cap}"), domain=DOMAIN, place=region_name(value))
    if answer_type == "number":
        return Message(N_("{n}"), domain=DOMAIN, n=value)
    if answer_type == "connection":
        a, _, b = value.partition("-")
        return Message(N_("{a}–{b}"), domain=DOMAIN, a=region_name(a), b=region_name(b))
    if answer_type == "card":
        # Translators: a card as an answer button, beside capitalised ones: French "Le violet 2"
        return Message(N_("{card}"), domain=DOMAIN, card=card_name(value))
    if answer_type == "place":
        # an answer button, beside "Waiting by the calendar": a place or a region, capitalised
        # ("Quartiere marrone", as a region answer is)
        place = Message(_PLACES[value], domain=DOMAIN) if value in _PLACES else region_name(value)
        # Translators: an answer button's label, capitalised: keep it as it is
        return Message(N_("{place:cap}"), domain=DOMAIN, place=place)
    raise ValueError(f"unknown answer type {answer_type!r}")
