"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS): the search of the
baseline players ``advisor-v1`` and ``advisor-v2``, and :class:`Advisor`, which ranks with
:mod:`.race` (every action on the same deals, budget where it is close) since issue 20.

Why this search: a player's turn is several decisions in a row (a card, then its
command, then a bonus), so a flat "try each action, then play at random" would
judge a card by random follow-ups.  A tree over the decisions learns the
follow-ups too, while each playout starts from a fresh determinization
(:func:`dualpowers.views.determinize`), so nothing the player cannot see is used.

One iteration:

1. deal the unseen cards at random (a determinization of the player's view);
2. walk down the tree, choosing by UCB1 among the children whose actions are legal
   in *this* determinization (counting availability, as ISMCTS does), until an
   action with no node yet: add it (expansion), with a *prior*: the greedy
   policy's evaluation of the position it leads to (:func:`dualpowers.players.evaluate`,
   which reads only what the mover knows), squashed to 0..1 and counted as
   ``PRIOR_WEIGHT`` pseudo-playouts, so that a small budget starts from sensible
   moves and the playouts then correct it (without it, 200 playouts a move lost
   8 games in 10 to the greedy policy; with it, 5 in 10);
3. play uniformly random legal actions to the end of the game (fast: about a
   millisecond a game), or, with ``horizon="round"``, only to the end of the
   current round;
4. credit every node on the path with the playout's *value* for the side that chose
   the node's action: ``WIN_WEIGHT`` for a win (half of it for a draw) plus
   ``1 - WIN_WEIGHT`` times where the score marker ended, scaled from 0 (at the
   other side's end of the track) to 1 (at one's own).  A win outweighs any score,
   and the score still tells moves apart when almost every playout is lost, as in
   solo, where random play (and even the greedy policy) nearly never wins.  Wins
   and score changes are also counted separately, for the ranking's figures.
   A playout cut at the end of the round (game not over) is worth the greedy
   evaluation squashed to 0..1, and that number also stands in for its "win".

Which horizon: random play to the end of the game is an honest but noisy judge
(a random game says little about a good player's game), and slow; stopping at
the end of the round and asking the evaluation is biased but far less noisy.  As a
*player*, the round horizon wins more for less time (a trial against the greedy
policy, two-player, 50 playouts a decision: to the end of the game it won 15 games
of 30; to the end of the round, 24 of 40 in a third of the time), so
:class:`~dualpowers.advisor.AdvisorPolicy` uses it; ``benchmarks/strength.py``
measures it over 1,000 games.

The tree is keyed by actions only ("open loop"): the Opposition's turns in solo
and card draws fall inside the edges.  The opponent's choice of a secret
objective (P-OBJ) is one hidden edge the player cannot tell apart, taken at
random.  A consequence: the search does not value information it would learn
later (Espionage is judged by the board, not by what it reveals).
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from ..components import SIDES
from ..players import evaluate
from .ranking import CLOSE_Z, ActionStats, Ranking, ordered, ordered_by_value
from ..views import canonical, determinize
from .playout import EPSILON, PLAYOUTS, greedy_turn_value, playout_chooser
from .race import ALLOCATIONS, RaceSearch

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["Advisor", "Search", "HORIZONS", "DEFAULT_PLAYOUTS", "EXPLORATION", "WIN_WEIGHT", "PRIOR_WEIGHT", "PRIOR_SCALE", "check_budget"]

#: The default budget of :class:`Advisor` (a cap: the race stops sooner when the answer is
#: settled).  Measured with benchmarks/advisor.py on the 22 stored positions (one core, CPU
#: time): see docs/advisor.md.
DEFAULT_PLAYOUTS = 3000
#: UCB1 exploration constant for rewards in [0, 1] (0.7 as in Cowling et al.'s ISMCTS).
EXPLORATION = 0.7
#: Share of a playout's value that comes from winning; the rest comes from the final score.
WIN_WEIGHT = 0.75
#: Pseudo-playouts given to a new node's prior (0 turns the prior off).
PRIOR_WEIGHT = 5
#: Victory points of evaluation that move the prior from 0.5 to about 0.73.
PRIOR_SCALE = 3.0
#: How far a playout goes: to the end of the game, or to the end of the current round.
HORIZONS = ("game", "round")
#: How a finished playout is valued: "win" (a win, then where the marker ended) or
#: "margin" (a win, then how far the marker moved for the side: see :class:`Search`).
VALUES = ("win", "margin")
#: With ``value="margin"``: share of a finished playout's value that comes from winning.
MARGIN_WIN_WEIGHT = 0.5
#: With ``value="margin"``: victory points of movement that take the rest from 0.5 to about 0.73.
MARGIN_SCALE = 4.0
#: value="margin": fixed deals of the unseen cards over which the root actions' priors are averaged.
PRIOR_DEALS = 4
#: The key of the opponent's hidden objective choice: one edge, whichever card it was.
_HIDDEN = "objective ?"


def check_budget(playouts: object, seconds: object, default: int = DEFAULT_PLAYOUTS) -> tuple[int | None, float | None]:
    """Validate a budget: a playout count, a time in seconds, or both (whichever ends first).

    With neither, ``default`` playouts.  Raises TypeError or ValueError with the reason.
    """
    if playouts is None and seconds is None:
        return default, None
    if playouts is not None:
        if isinstance(playouts, bool) or not isinstance(playouts, int):
            raise TypeError(f"playouts must be a whole number, not {playouts!r}")
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError(f"seconds must be a number, not {seconds!r}")
        if not seconds > 0 or math.isinf(seconds):
            raise ValueError(f"seconds must be a positive finite number, not {seconds}")
    return playouts, (float(seconds) if seconds is not None else None)


def check_horizon(horizon: object) -> str:
    """Validate a playout horizon (one of :data:`HORIZONS`); raises ValueError with the choices."""
    if horizon not in HORIZONS:
        raise ValueError(f"horizon must be one of {', '.join(map(repr, HORIZONS))}, not {horizon!r}")
    return horizon


def _squash(points: float, scale: float = PRIOR_SCALE) -> float:
    """An evaluation in victory points, as a 0..1 value (0.5 for even)."""
    return 1.0 / (1.0 + math.exp(-points / scale))


def check_choice(what: str, value: object, choices: tuple[str, ...]) -> str:
    """Validate an option that names one of ``choices``; ValueError with the choices."""
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return value


def fresh_seed() -> int:
    return random.SystemRandom().randrange(2**63)


class _Node:
    """A decision edge of the tree: its totals are from the view of ``mover``, who chose it."""

    __slots__ = ("children", "visits", "wins", "score", "value", "value2", "avail", "mover", "prior")

    def __init__(self, mover: str | None) -> None:
        self.children: dict[object, _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.score = 0.0
        self.value = 0.0
        self.value2 = 0.0
        self.avail = 1
        self.mover = mover
        self.prior = 0.5


def _check_side(state: "State", side: str | None) -> str:
    if state.is_over():
        raise ValueError(f"the game is over ({state.end_reason}): there is nothing to advise")
    if side is None:
        side = state.to_act
    if side not in SIDES:
        raise ValueError(f"side must be 'red' or 'white', not {side!r}")
    if side != state.to_act:
        raise ValueError(f"it is {state.to_act}'s decision, not {side}'s: the advisor ranks the actions "
                         f"of the side to act")
    return side


class Search:
    """A search in progress, for ``side`` (the side to act) in ``state``.

    Call :meth:`run` as often as you like (the budget adds up), then read
    :meth:`ranking` or :meth:`best_action`.  The real ``state`` is only read through
    :func:`dualpowers.views.canonical`, so the answer depends on nothing ``side`` cannot see.
    """

    def __init__(self, state: "State", side: str | None = None, seed: int | None = 0,
                 exploration: float = EXPLORATION, prior_weight: float = PRIOR_WEIGHT,
                 horizon: str = "game", playout: str = "random", value: str = "win",
                 epsilon: float = EPSILON, close_z: float = CLOSE_Z) -> None:
        self.side = _check_side(state, side)
        self.horizon = check_horizon(horizon)
        self.playout = check_choice("playout", playout, PLAYOUTS)
        self.value_kind = check_choice("value", value, VALUES)
        self._choose = playout_chooser(self.playout, epsilon)
        self.close_z = close_z
        self.seed = fresh_seed() if seed is None else seed
        self.exploration = exploration
        self.prior_weight = prior_weight
        self.playouts = 0
        self.seconds = 0.0
        self._view = canonical(state, self.side)
        self._actions = self._view.legal_actions()
        self._root = _Node(None)
        self._rng = random.Random(self.seed)
        self._sign = 1 if self.side == "red" else -1
        self._track = max(1, state.comp.track_length)
        # The last round a playout may play: the current one, or any (to the end of the game).
        self._last_round = self._view.round if self.horizon == "round" else math.inf
        # value="margin": values and priors are measured from where ``side`` stands now, and the
        # root actions' priors come from fixed deals, so they do not depend on the seed.
        self._relative = self.value_kind == "margin"
        self._eval0 = evaluate(self._view, self.side) if self._relative else 0.0
        self.root_priors: dict[object, float] = self._root_priors() if self._relative else {}

    def _root_priors(self) -> dict[object, float]:
        """Each root action's prior: the evaluation after it, averaged over :data:`PRIOR_DEALS`
        deals of the unseen cards made from fixed seeds (the same for every search seed)."""
        totals = dict.fromkeys(self._actions, 0.0)
        side = self.side
        for i in range(PRIOR_DEALS):
            base = determinize(self._view, side, random.Random(i))
            for a in self._actions:
                trial = base.clone()
                trial.push(a)
                totals[a] += greedy_turn_value(trial, side)
        return {a: _squash(v / PRIOR_DEALS - self._eval0) for a, v in totals.items()}

    # ------------------------------------------------------------------ running
    def run(self, playouts: int | None = None, seconds: float | None = None) -> "Search":
        """Add up to ``playouts`` playouts, or as many as fit in ``seconds`` of wall-clock
        time, whichever ends first (at least one)."""
        playouts, seconds = check_budget(playouts, seconds)
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else math.inf
        done = 0
        try:
            while True:
                self._iterate()
                done += 1
                if playouts is not None and done >= playouts:
                    break
                if seconds is not None and time.perf_counter() >= deadline:
                    break
        finally:
            self.playouts += done
            self.seconds += time.perf_counter() - start
        return self

    def _iterate(self) -> None:
        rng, side, c, k = self._rng, self.side, self.exploration, self.prior_weight
        d = determinize(self._view, side, rng)
        node = self._root
        path = []
        while d.step != "over":
            mover = d.to_act
            legal = d.legal_actions()
            children = node.children
            if mover != side and d.step == "objective":
                child = children.get(_HIDDEN)
                if child is None:
                    child = children[_HIDDEN] = _Node(mover)
                else:
                    child.avail += 1
                action: Action = rng.choice(legal)
                new = child.visits == 0
            else:
                untried = []
                best, best_value = legal[0], -math.inf   # every legal action is a child when none is untried
                for a in legal:
                    ch = children.get(a)
                    if ch is None:
                        untried.append(a)
                        continue
                    ch.avail += 1
                    if not untried:
                        seen = ch.visits + k       # real playouts plus the prior's pseudo-playouts
                        value = (ch.value + k * ch.prior) / seen + c * math.sqrt(math.log(ch.avail) / seen)
                        if value > best_value:
                            best, best_value = a, value
                if untried:
                    action = rng.choice(untried)
                    child = children[action] = _Node(mover)
                    new = True
                else:
                    action, child, new = best, children[best], False
            d.push(action)
            path.append(child)
            node = child
            if new:
                if k and self._relative:
                    p = self.root_priors[action] if len(path) == 1 else \
                        _squash(evaluate(d, side) - self._eval0)
                    child.prior = p if mover == side else 1.0 - p
                elif k:
                    child.prior = _squash(evaluate(d, mover))  # type: ignore[arg-type]  # to_act is a side until the game is over
                break
        legal_actions, last_round = d.legal_actions, self._last_round
        if self.playout == "random":
            choice = rng.choice
            while d.step != "over" and d.round <= last_round:
                d.push(choice(legal_actions()))
        else:
            choose = self._choose
            while d.step != "over" and d.round <= last_round:
                d.push(choose(d, legal_actions(), rng))
        delta = (d.score - self._view.score) * self._sign
        if d.step == "over":
            won = d.won_by
            win = 1.0 if won == side else 0.0 if won is not None else 0.5
            if self.value_kind == "win":
                track = self._track
                place = min(1.0, max(0.0, (d.score * self._sign + track) / (2 * track)))
                value = WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * place
            else:
                # the margin: how far the score moved for ``side``, which still differs between
                # two lost games (a game lost at the end of the track was lost by more)
                value = MARGIN_WIN_WEIGHT * win + (1.0 - MARGIN_WIN_WEIGHT) * _squash(delta, MARGIN_SCALE)
        elif self._relative:
            # ahead at the end of the round, compared with now: still telling when every line loses
            win = value = _squash(evaluate(d, side) - self._eval0)
        else:
            win = value = _squash(evaluate(d, side))
        for n in path:
            n.visits += 1
            if n.mover == side:
                n.wins += win
                n.score += delta
                n.value += value
                n.value2 += value * value
            else:
                n.wins += 1.0 - win
                n.score -= delta
                n.value += 1.0 - value
                n.value2 += (1.0 - value) ** 2

    # ------------------------------------------------------------------ results
    def stats(self) -> list[ActionStats]:
        """Totals for every legal action at the root, in the engine's order."""
        out = []
        for i, a in enumerate(self._actions):
            n = self._root.children.get(a)
            prior = self.root_priors.get(a, 0.5)
            out.append(ActionStats(a, i, n.visits, n.wins, n.score, n.value, n.value2, prior) if n
                       else ActionStats(a, i, 0, 0.0, 0.0, 0.0, 0.0, prior))
        return out

    def _order(self) -> list[ActionStats]:
        stats = self.stats()
        return ordered_by_value(stats, self.prior_weight, self.close_z) if self._relative else ordered(stats)

    def best_action(self) -> "Action":
        """The action this search's player takes: with ``value="margin"`` the highest value with
        the prior counted in (``close_z``: near ties by the prior, see
        :func:`~dualpowers.advisor.ranking.ordered_by_value`), else the most played.  This is
        the baseline players' own rule (``advisor-v1``, ``advisor-v2``), kept so that they play
        as they did; the advisor's ranking is :class:`~dualpowers.advisor.race.RaceSearch`'s."""
        return self._order()[0].action


class Advisor:
    """Ranks the legal actions of the side to act (see :mod:`dualpowers.advisor.race`).

    The budget is ``playouts`` (default :data:`DEFAULT_PLAYOUTS`), or ``seconds`` of
    wall-clock time instead, or both (whichever ends first); the search may stop sooner
    when the answer is settled (one action left in the race, or all left measured equal),
    and ``Ranking.playouts`` says how many it played.  With a playout budget the answer is
    a function of the player's view and ``seed``: same seed, same ranking.  A time budget
    depends on the machine's speed and load, so it is not reproducible.  ``seed=None``
    draws a fresh seed each time (reported as ``Ranking.seed``).  Playouts are informed
    (:mod:`.playout`) and stop at the end of the round (``horizon="game"``: at the end of the
    game, ``playout="random"``: uniformly random moves); ``allocation`` says how the budget is
    spread over the actions (``"race"`` or ``"halving"``, see :mod:`.race`).
    """

    def __init__(self, playouts: int | None = None, seconds: float | None = None, seed: int | None = 0,
                 horizon: str = "round", playout: str = "informed", allocation: str = "race") -> None:
        self.playouts, self.seconds = check_budget(playouts, seconds)
        self.horizon = check_horizon(horizon)
        self.playout = check_choice("playout", playout, PLAYOUTS)
        self.allocation = check_choice("allocation", allocation, ALLOCATIONS)
        self.seed = seed

    def search(self, state: "State", side: str | None = None) -> RaceSearch:
        """A search not yet run, for running step by step (e.g. to show progress)."""
        side = _check_side(state, side)
        seed = fresh_seed() if self.seed is None else self.seed
        return RaceSearch(state, side, seed, horizon=self.horizon, playout=self.playout, allocation=self.allocation,
                          budget=self.playouts)

    def rank(self, state: "State", side: str | None = None) -> Ranking:
        """Every legal action of ``side`` (default: the side to act), best first.

        Raises ValueError if the game is over or ``side`` is not the side to act.
        """
        return self.search(state, side).run(self.playouts, self.seconds).ranking()

    def __repr__(self) -> str:
        return (f"Advisor(playouts={self.playouts}, seconds={self.seconds}, seed={self.seed}, "
                f"horizon={self.horizon!r}, playout={self.playout!r}, allocation={self.allocation!r})")
