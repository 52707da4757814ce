"""How a playout chooses its moves: uniformly at random, or by a cheap informed rule.

Why an informed playout: a playout's result is only as telling as the play in
it.  Random play in solo nearly always loses to the Opposition (84% of random
playouts from mid-game end with the Opposition at its end of the track), so every
first move looks equally lost and the search cannot tell them apart.  Trying each
action and evaluating the result (the greedy policy) plays far better but costs
about 25 random moves per decision.  :func:`informed_choice` sits between: it
scores each legal action from the board *without* playing it, by what it does to
Force in Presence in the regions it touches (a recruit, a leader, a bonus unit
adds strength to one region; a move takes it from one and adds it to another; a
rest flips a token fresh), weighted by what each region is worth this round (the
unrest region's points, one's own objective if known); taking the Will, scoring
the unrest region and not passing get fixed small values.  It plays the
best-scored action (ties at random), except with probability ``epsilon`` a
uniformly random one, so that playouts still explore.  Card plays and objective
choices score alike, so they stay random.  Cost: about twice a random move.

Both sides of a playout use it (and the solo Opposition plays by its own rules).
"""

from __future__ import annotations

import math
import random
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Callable

from ..actions import Inspire, Pass, ScoreUnrest
from ..kinds import kind_of
from ..kinds.base import ActionKind, moved_strength
from ..kinds.rest import rested_strength
from ..players import evaluate
from ..presence import strength_tally   # strengths only (R-STR-1, R-NEU-1), without the explanation
from ..scoring import unrest_vp
from ..views import known_objective

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["PLAYOUTS", "EPSILON", "TURN_STEPS", "MEMO_SIZE", "greedy_turn_value", "finish_turn", "informed_choice", "informed_pick", "score_key", "action_score", "playout_chooser"]

#: The playout policies by name.
PLAYOUTS = ("random", "informed")
#: Share of informed playout moves chosen uniformly at random instead.
EPSILON = 0.2
#: Fixed scores (in region-control units) of actions that touch no region's strength.
WILL_SCORE = 0.6          # Inspire, when the Will is the opponent's: it breaks ties of strength
PASS_SCORE = -0.5         # passing wastes a card's action or a bonus
REGION_BASE = 1.0         # every region may hold a hidden objective
STRENGTH_TIEBREAK = 0.05  # among actions that flip nothing, more strength is better
#: Decisions of the rest of a player's own turn played after a root action (command, leader, bonus).
TURN_STEPS = 4


def _control(margin: int, will_mine: bool) -> float:
    """+1 if ahead in strength, -1 if behind, the Will's side on a tie (R-STR-2, roughly)."""
    if margin > 0:
        return 1.0
    if margin < 0:
        return -1.0
    return 0.5 if will_mine else -0.5


class _Board:
    """Per-decision lookups: each region's strength margin for the mover and its worth."""

    __slots__ = ("state", "side", "other", "margins", "will_mine", "unrest", "unrest_vp", "objective_region",
                 "objective_vp", "regions")

    def __init__(self, state: "State", side: str) -> None:
        self.state, self.side = state, side
        self.other = "white" if side == "red" else "red"
        self.margins: dict[str, int] = {}
        self.will_mine = state.will == side
        self.unrest = state.unrest
        self.unrest_vp = unrest_vp(state) if state.unrest is not None else 0
        self.regions = state.comp.region_index
        objective = known_objective(state, side)
        card = state.comp.cards.get(objective) if objective else None
        self.objective_region = card.region if card else None
        self.objective_vp = card.vp if card else 0

    def margin(self, region: str) -> int:
        """The mover's strength minus the other side's in ``region``: the sums of
        :func:`~dualpowers.presence.strength_tally` (R-STR-1, R-NEU-1) in one pass over the
        region's tokens, with each token's strength read from a table of the components
        (:func:`_shown`); the neutral tokens' sum counts for the Will's holder where it has a token
        of its own (R-NEU-1), once that pass has seen one."""
        m = self.margins.get(region)
        if m is None:
            state = self.state
            here = state.at.get(region)
            m = 0
            if here:
                sides = state.comp.sides[state.opposition]
                will, side = state.will, self.side
                shown, exhausted = _shown(state), state.exhausted
                neutral = 0
                will_here = False
                for t in here:
                    fresh, tired = shown[t]
                    v = tired if t in exhausted else fresh
                    s = sides[t]
                    if s is None:
                        neutral += v
                    else:
                        if s == will:
                            will_here = True
                        if s == side:
                            m += v
                        else:
                            m -= v
                if will_here and neutral:
                    m += neutral if will == side else -neutral
            self.margins[region] = m
        return m

    def worth(self, region: str) -> float:
        w = REGION_BASE
        if region == self.unrest:
            w += self.unrest_vp
        if region == self.objective_region:
            w += self.objective_vp
        return w

    def change(self, region: str | None, delta: int) -> float:
        """The worth of adding ``delta`` strength to the mover's side in ``region``: the change of
        :func:`_control` times :meth:`worth`, plus the tie-break (the same operations, written out:
        this is called for every new (region, change) of every decision of every playout)."""
        if region is None or not delta or region not in self.regions:
            return 0.0
        m = self.margins.get(region)
        if m is None:
            m = self.margin(region)
        n = m + delta
        if self.will_mine:
            flip = (1.0 if n > 0 else -1.0 if n < 0 else 0.5) - (1.0 if m > 0 else -1.0 if m < 0 else 0.5)
        else:
            flip = (1.0 if n > 0 else -1.0 if n < 0 else -0.5) - (1.0 if m > 0 else -1.0 if m < 0 else -0.5)
        w = REGION_BASE
        if region == self.unrest:
            w += self.unrest_vp
        if region == self.objective_region:
            w += self.objective_vp
        return w * flip + STRENGTH_TIEBREAK * delta * (1 if m <= 0 else 0.2)


def _shown(state: "State") -> dict[str, tuple[int, int]]:
    """token -> (its strength fresh, its strength exhausted), as
    :meth:`~dualpowers.position.Position.strength_of` reads them (an Opposition unit
    exhausted shows the difficulty X), kept in the components' memo by difficulty."""
    memo = state.comp.memo
    key = ("advisor shown", state.difficulty)
    table: dict[str, tuple[int, int]] | None = memo.get(key)
    if table is None:
        x = state.difficulty or 0
        table = memo[key] = {t: (spec.fresh, spec.exhausted if spec.exhausted is not None else x)
                             for t, spec in state.comp.tokens.items()}
    return table


#: The informed playout's own value of the kinds that change no region's strength (its
#: judgement, not a rule): scoring the unrest region, passing, taking the Will.
_FIXED: dict[type, Callable[["State", "_Board"], float]] = {
    ScoreUnrest: lambda state, b: 1.0 + unrest_vp(state),
    Pass: lambda state, b: PASS_SCORE,
    Inspire: lambda state, b: 0.0 if b.will_mine else WILL_SCORE,
}


def action_score(state: "State", action: "Action", board: _Board | None = None) -> float:
    """The informed playout's score of one legal action (higher is better), without playing it:
    the worth of the strength its kind adds or takes away by region (each kind's ``strength``,
    :mod:`dualpowers.kinds`), or a fixed value for the kinds in :data:`_FIXED`."""
    b = board or _Board(state, state.to_act)  # type: ignore[arg-type]  # a legal action has a side to act
    fixed = _FIXED.get(type(action))
    if fixed is not None:
        return fixed(state, b)
    value = 0.0
    for region, delta in kind_of(action).strength(state, action):
        value += b.change(region, delta)
    return value


def informed_choice(state: "State", legal: list["Action"], rng: random.Random, epsilon: float = EPSILON) -> "Action":
    """Epsilon-greedy on :func:`action_score` (see the module docstring)."""
    if len(legal) == 1 or rng.random() < epsilon:
        return rng.choice(legal)
    mover = state.to_act
    assert mover is not None                  # a legal action has a side to act
    best = _best_scored(state, legal, _Board(state, mover))
    return best[0] if len(best) == 1 else rng.choice(best)


def playout_chooser(name: str, epsilon: float = EPSILON) -> Callable[["State", list["Action"], random.Random], "Action"]:
    """The move chooser of a playout policy named in :data:`PLAYOUTS`."""
    if name == "random":
        return lambda state, legal, rng: rng.choice(legal)
    if name == "informed":
        return lambda state, legal, rng: informed_choice(state, legal, rng, epsilon)
    raise ValueError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, not {name!r}")


def _best_scored(state: "State", legal: list["Action"], board: _Board) -> list["Action"]:
    """The legal actions with the highest :func:`action_score`, in the engine's order.

    The same sums as :func:`action_score`, in the same order (so the same choices to the last
    bit), with what repeats within one decision looked up once: each kind's ``strength`` by the
    action's class, and the worth of each (region, strength change), which many actions share
    (every unit moved out of one region, every recruit into another).  This is the playouts'
    inner loop: about two thirds of a ranking's time went to scoring actions one by one.

    The moves (a token going to a region: :func:`~dualpowers.kinds.base.moved_strength`, most of
    the legal actions of a command or a bonus) are scored without building their strength
    pairs: the worth of the token leaving its region is looked up once per token (a token has
    one move per destination), then the worth of its arrival.  The sum is the same: the worth
    of leaving, then of arriving, added to 0.0 in that order (issue 35: the long two-player
    playouts spent a third of their time here).  The engine offers one kind after another and
    one token's moves together, so the kind's way of scoring and the token's worth of leaving
    are looked up again only when they change; a region's worth of arriving is kept by the
    moving token's strength, and the regions' strengths are summed in one pass
    (:meth:`_Board.margin`)."""
    score_get = _SCORED.get
    worth: dict[tuple[str | None, int], float] = {}
    arrivals: dict[int, dict[str | None, float]] = {}                      # strength -> region -> worth of arriving
    leaving: dict[str, tuple[float, dict[str | None, float], int]] = {}   # token -> (0.0 + worth of leaving, arrivals, strength)
    change = board.change
    place, exhausted, shown = state.place, state.exhausted, _shown(state)
    best: list[Action] = []
    top = -1e9
    last_cls: type | None = None
    last_token: str | None = None
    code: int = _FIXED_SCORE
    fn: Callable[..., Any] = _no_score
    w0 = 0.0                                  # the moving token's worth of leaving, added to 0.0
    there: dict[str | None, float] = {}       # its strength's worths of arriving, by region
    st = 0                                    # its strength
    v: float
    for a in legal:
        cls = type(a)
        if cls is not last_cls:               # the engine offers one kind after another
            how = score_get(cls)
            if how is None:
                how = _SCORED[cls] = _how_scored(cls, a)
            code, fn = how
            last_cls = cls
        if code == _MOVE:
            token = a.token  # type: ignore[attr-defined]  # a move kind: a token and where it goes
            if token is not last_token:       # one token's moves come one after another
                last_token = token
                hit = leaving.get(token)
                if hit is None:
                    fresh, tired = shown[token]
                    st = tired if token in exhausted else fresh
                    key = (place[token], -st)
                    w = worth.get(key)
                    if w is None:
                        w = worth[key] = change(*key)
                    found = arrivals.get(st)
                    if found is None:
                        found = arrivals[st] = {}
                    hit = leaving[token] = (0.0 + w, found, st)
                w0, there, st = hit
            to = a.to  # type: ignore[attr-defined]  # the same move kind: where the token goes
            w2 = there.get(to)
            if w2 is None:
                key = (to, st)
                w = worth.get(key)
                if w is None:
                    w = worth[key] = change(*key)
                there[to] = w2 = w
            v = w0 + w2
        elif code == _REST:
            # rested_strength's one pair, (where the token stands, fresh less what it shows now),
            # read from the components' table: the same pair, its worth looked up as any other
            token = a.token  # type: ignore[attr-defined]  # a rest kind: the token turned fresh
            fresh, tired = shown[token]
            key = (place[token], fresh - (tired if token in exhausted else fresh))
            w = worth.get(key)
            if w is None:
                w = worth[key] = change(*key)
            v = 0.0 + w
        elif code == _FIXED_SCORE:
            v = fn(state, board)
        elif code == _ZERO:
            v = 0.0
        else:
            v = 0.0
            for key in fn(state, a):
                w = worth.get(key)
                if w is None:
                    w = worth[key] = change(*key)
                v += w
        if v > top:
            best, top = [a], v
        elif v == top:
            best.append(a)
    return best


_FIXED_SCORE, _MOVE, _STRENGTHS, _REST, _ZERO = 0, 1, 2, 3, 4
#: A kind's ``strength`` when it changes no region's strength (the record's default): scored 0.
_NO_STRENGTH = next(f.default for f in fields(ActionKind) if f.name == "strength")


def _no_score(state: "State", board: _Board) -> float:
    return 0.0


def _how_scored(cls: type, action: "Action") -> tuple[int, Callable[..., Any]]:
    """How :func:`_best_scored` scores an action of class ``cls``: a fixed value
    (:data:`_FIXED`), a token's move (:func:`~dualpowers.kinds.base.moved_strength`), a token's
    rest (:func:`~dualpowers.kinds.rest.rested_strength`), 0 for a kind that changes no region's
    strength (a card played, an objective chosen: the sum of no pairs), or its kind's ``strength``
    pairs."""
    fixed = _FIXED.get(cls)
    if fixed is not None:
        return _FIXED_SCORE, fixed
    strength = kind_of(action).strength
    if strength is rested_strength:
        return _REST, strength
    if strength is _NO_STRENGTH:
        return _ZERO, strength
    return (_MOVE if strength is moved_strength else _STRENGTHS), strength


#: Each action class's way of being scored (:func:`_how_scored`), filled as the playouts meet them.
_SCORED: dict[type, tuple[int, Callable[..., Any]]] = {}


def informed_pick(state: "State", legal: list["Action"], explore: float, pick: float,
                  epsilon: float = EPSILON, memo: "dict[tuple[object, ...], tuple[list[Action], list[Action]]] | None" = None) -> "Action":
    """:func:`informed_choice` driven by two given uniform numbers instead of a generator:
    ``explore < epsilon`` takes the legal action at ``pick``, else the best-scored one (ties
    by ``pick``).  The common-random-number search hands every root action the same numbers
    for the same ply, so that two actions' playouts differ by the actions, not by the dice.

    ``memo`` (a dict the caller keeps for one search) remembers the best-scored actions of each
    decision by what the score reads (:func:`score_key`) and the legal actions themselves: the
    same board and the same actions give the same best, so it is looked up, not scored again."""
    if len(legal) == 1:
        return legal[0]
    if explore < epsilon:
        return legal[int(pick * len(legal))]
    mover = state.to_act
    assert mover is not None
    if memo is None:
        best = _best_scored(state, legal, _Board(state, mover))
    else:
        key = score_key(state)
        hit = memo.get(key)
        if hit is not None and hit[0] == legal:
            best = hit[1]
        else:
            best = _best_scored(state, legal, _Board(state, mover))
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[key] = (legal, best)
    return best[int(pick * len(best))]


#: The most decisions a search's memo of best-scored actions keeps (:func:`informed_pick`): then it
#: starts again.  A default ranking keeps 600 to 7,300 (1.4 to 14 MB while the search lives, measured
#: with tracemalloc on solo-04, two-05 and two-07); the memo changes no choice, only its cost.
MEMO_SIZE = 10_000


def score_key(state: "State") -> tuple[object, ...]:
    """Everything :func:`_best_scored` reads of ``state`` besides the legal actions and what stays
    the same through one search (the components, the mode and edition, the difficulty, the
    Opposition's side): the mover; the tokens' places (so each region's tokens) and which are
    exhausted; the Will; the unrest region and the month (its VP, R-SCO-UNREST); the mover's
    objective if it knows it; and the card played (a recruit's region, a leader's token), with
    the step.  Two states with equal keys and equal legal actions have the same best-scored
    actions (``tests/test_advisor.py`` checks it on random positions and deals)."""
    side = state.to_act
    return (side, state.step, state.card, state.will, state.unrest, state.month,
            known_objective(state, side) if side is not None else None,
            tuple(state.place.values()), frozenset(state.exhausted))


def finish_turn(state: "State", side: str, memo: "dict[tuple[object, ...], tuple[list[Action], list[Action]]] | None" = None,
                record: "list[tuple[State, Action]] | None" = None) -> "State":
    """The rest of ``side``'s own turn (command, leader special, bonus), each decision the best
    by the informed playout's score (:func:`action_score`, the first on ties).  That score reads
    the board before the decision is played, so the rest of the turn is nearly always the same on
    every deal: nothing hidden (the Opposition's next card, the opponent's hand) steers the score,
    and every root action is judged by the same follow-up (the search's, and the advice's reason).
    Not always: what the turn offers may depend on a hidden card (on 78 positions of greedy play,
    47 of 1,059 root actions went on differently on some of 12 deals: a decision of the unrest
    scoring reached on some deals only, another bonus after Espionage), so the search plays it on
    each deal rather than replaying the first.  With ``memo`` (:func:`informed_pick`) a decision met
    before with the same board and the same legal actions is looked up instead of scored again.
    ``record``: if given, each decision taken is appended to it with the position before it (the
    review names the rest of the turn it speaks of)."""
    for _ in range(TURN_STEPS):
        if state.step in ("over", "card", "objective") or state.to_act != side:
            break
        action = informed_pick(state, state.legal_actions(), 1.0, 0.0, 0.0, memo)
        if record is not None:
            record.append((state.clone(), action))
        state.push(action)
    return state


def greedy_turn_value(state: "State", side: str) -> float:
    """The evaluation once ``side`` has finished its turn greedily (command, leader action,
    bonus: each the best by :func:`~dualpowers.players.evaluate`, the first on ties), so that a
    card is judged by what it lets the player do, not by the date it moves to."""
    for _ in range(TURN_STEPS):
        if state.step in ("over", "card", "objective") or state.to_act != side:
            break
        best, top = None, -math.inf
        for a in state.legal_actions():
            trial = state.clone()
            trial.push(a)
            v = evaluate(trial, side)
            if v > top:
                best, top, kept = a, v, trial
        state = kept
    return evaluate(state, side)
