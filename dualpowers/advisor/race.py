"""The advisor's search: every root action measured on the same deals, the budget spent where it is close.

Why not the tree search (:mod:`.search`) any more: its root actions were each measured on
deals and dice of their own, so most of the difference between two actions' values was
luck, and the ranking needed a seed-independent prior to look steady.  Here the actions
are compared the way a careful person would compare them:

* **Common random numbers.**  Deal ``k`` (a determinization of the player's view,
  :func:`dualpowers.views.determinize`) is made once and every root action is played
  from a copy of it, and the playouts after every action draw the same uniform numbers
  at the same ply (:func:`~dualpowers.advisor.playout.informed_pick`).  The difference
  between two actions on deal ``k`` is then mostly the actions' own doing, and the
  paired differences have a far smaller spread than independent samples (measured in
  docs/advisor.md).
* **One fixed way to go on.**  After the root action the rest of the player's own turn
  (the command, a leader's special, the bonus) is played by the informed playout's score,
  which reads the board before each decision, so it is nearly always the same on every deal
  (:func:`~.playout.finish_turn` says when not); then both
  sides play the informed playout to the end of the round (:mod:`.playout`).  An action's
  value is what that continuation makes of it: a number that depends on the deal only,
  which is what makes the pairing work.
* **Racing.**  Every action is measured on at least :data:`MIN_DEALS` deals; then, at
  checkpoints, an action whose paired difference from the leader exceeds
  :data:`ELIMINATE_Z` standard errors at two checkpoints in a row is dropped, and the rest of the budget goes to the
  actions still in the race.  The search stops early when one action is left, or when
  every action left is measured to be within :data:`EQUAL_MARGIN` VP of the leader.
* **A predictive stop** (a search that knows its budget, :class:`~dualpowers.advisor.Advisor`):
  after :data:`FUTILITY_DEALS` deals, the chance that the rest of the budget moves an action
  across the line between ranks is predicted from its own paired differences
  (:func:`change_chance`); an action of a lower rank whose chance is negligible is measured no
  further, and the whole race stops when the chances left add up to under :data:`FUTILITY`
  (:meth:`RaceSearch._settled_for_budget`).  From then on it looks each time the deals have grown
  by :data:`FUTILITY_GROWTH` (not :data:`CHECK_GROWTH`).  Its budget of playouts to the end of the
  round is also one of moves, :data:`PLIES_PER_PLAYOUT` a playout, so that a position of long
  playouts (a two-player round begun) plays fewer of them rather than more moves in all.
* **Halving** (``allocation="halving"``, the player's small budget): the actions are
  measured in stages on common deals, the better half by mean value going on to the next
  stage (sequential halving).  When there are more actions than the budget can measure
  (or than ``candidates``), only the best by a prior are measured (the evaluation once the
  turn is finished greedily, over four fixed deals: the tree search's root prior).  The
  prior only decides which actions are measured; what is reported comes from the playouts.
* **Equal means equal.**  Within :data:`EQUAL_MARGIN` (0.1 VP at an even standing) two
  actions count as equal: the race stops when every action left is measured that close
  to the leader, the chance of being the best is shared among the actions that close to
  the best in each bootstrap replicate, and two actions get different ranks only if they
  differ by more than that (and by more than 1.96 standard errors).

The ranking (:meth:`RaceSearch.ranking`) orders the actions by their chance of being the
best, estimated from the paired values by a Bayesian bootstrap over the deals, and gives
one rank to actions it cannot separate (:func:`~dualpowers.advisor.ranking.build_ranking`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..players import evaluate
from ..stats import Z_95
from ..views import canonical, determinize
from .playout import EPSILON, PLAYOUTS, finish_turn, greedy_turn_value, informed_pick
from .ranking import Measured, Ranking, build_ranking, win_curve

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["RaceSearch", "ALLOCATIONS", "PRIORS", "MIN_DEALS", "ELIMINATE_Z", "EQUAL_MARGIN", "VALUE_SCALE",
           "BOOTSTRAP", "FUTILITY", "paired_difference", "change_chance"]

#: How the budget is spread over the root actions (see the module docstring).
ALLOCATIONS = ("race", "halving")
#: Deals every action is measured on before any is dropped from the race.
MIN_DEALS = 32
#: After each checkpoint the next comes when the deals have grown by this factor (few looks:
#: each look is one more chance for noise to cross the line).
CHECK_GROWTH = 1.5
#: Standard errors of the paired difference from the leader that drop an action from the race.
#: Strict, because a dropped action gets no more deals: with up to ~70 actions and a dozen
#: checkpoints, 3 keeps the chance of dropping an action as good as the leader small.
ELIMINATE_Z = 4.0
#: Victory points of the end-of-round margin within which two actions count as equal: the
#: race stops once every action left is measured to be that close to the leader.
EQUAL_MARGIN = 0.1
#: Victory points of evaluation that move a playout's value from 0.5 to about 0.73.
VALUE_SCALE = 3.0
#: Bootstrap replicates for the chance of being the best.
BOOTSTRAP = 256
#: Uniform numbers drawn per deal, two per ply (the stream wraps round in long playouts).
UNIFORMS = 256
#: The plies of a playout (after the player's own turn) whose decisions the search remembers
#: (:func:`~.playout.informed_pick`'s memo): on the stored two-player positions about half of
#: the first six plies' scored decisions meet a board and legal actions met before on another deal
#: or for another action, and hardly any later one does.
MEMO_PLIES = 6
#: Halving: fixed deals over which the priors of the root actions are averaged.
PRIOR_DEALS = 4
#: How halving's prior finishes the player's turn after a root action: each decision the best by
#: the evaluation, every legal action tried (``"greedy"``), or the best by the informed playout's
#: score, the search's own follow-up (``"informed"``: no trial of every action, about a tenth of
#: the cost).
PRIORS = ("greedy", "informed")
#: How a playout that stops at the end of the round is worth: the change of the evaluation, squashed
#: (``"squash"``: :func:`squash` at :data:`VALUE_SCALE`, the same whatever the round or the standing),
#: or the chance to win the game from the standing it reached, by the follower's curve of that round
#: (``"chance"``: :func:`~.ranking.win_curve`; a standing's worth changes from round to round).  A
#: finished game is worth 1 or 0 either way (issue 35, item 4: measured in docs/advisor.md, no gain).
WORTHS = ("squash", "chance")
#: Pseudo-samples of spread (at :data:`PRIOR_SD`) added to a paired difference's variance,
#: so that a few equal samples do not look certain.
PRIOR_SAMPLES = 4.0
PRIOR_SD = 0.1
#: The race's predictive stop: once, at a checkpoint, no action left in the race has more than
#: this chance of changing sides of the line that separates ranks (more than 1.96 standard errors
#: and :data:`EQUAL_MARGIN` below the leader, or not) if the rest of the budget were played,
#: the rest is not played (see :meth:`RaceSearch._settled_for_budget`).
FUTILITY = 0.05
#: Deals before the predictive stop may end a race: on fewer, a lucky run of lumpy values (a game
#: won now and then) looks steadier than it is, and the normal prediction believes it.
FUTILITY_DEALS = 4 * MIN_DEALS
#: After :data:`FUTILITY_DEALS` deals, a search that knows its budget looks again each time the
#: deals have grown by this factor, not :data:`CHECK_GROWTH`: the predictive test is what stops
#: it from then on, and a look that comes sooner lets it stop sooner (issue 35, the ranking's CPU).
FUTILITY_GROWTH = 1.2
#: A budget of ``N`` playouts is also one of ``N * PLIES_PER_PLAYOUT`` playout moves (the root
#: action and the moves of both sides after the player's own turn): a position whose playouts are long (a two-player round
#: begun, 16 moves a playout) gets fewer playouts than one whose playouts are short (issue 35:
#: the ranking's CPU is its moves, about 28 us each).  Of the 22 stored positions only the three
#: slowest, two-player ones, reach it.  Only for playouts to the end of the round (the Hint's).
PLIES_PER_PLAYOUT = 10
#: Deals counted one by one in the bootstrap; later deals are pooled in blocks.
SINGLE_DEALS = 32
MAX_GROUPS = 64


def squash(points: float, scale: float = VALUE_SCALE) -> float:
    """Victory points of evaluation as a 0..1 value (0.5 for no change)."""
    return 1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, points / scale))))


def change_chance(mean: float, se: float, n: int, final: float, line: float, close_z: float = Z_95) -> float:
    """The chance that a paired difference measured as ``mean`` (standard error ``se``) on ``n``
    deals lands on the other side of the ranks' line when measured on ``final`` deals: the line
    is ``close_z`` standard errors of the final measure and at least ``line``.

    The prediction is Bayesian (flat prior on the true difference): the deals still to come
    have the spread the ``n`` deals showed and a mean that is itself uncertain, so the final
    mean is ``mean`` give or take ``(final - n) / final * sd * sqrt(1 / (final - n) + 1 / n)``
    (the predictive probability of sequential clinical trials, Spiegelhalter, Freedman and
    Blackburn 1986)."""
    if final <= n or n <= 1 or not math.isfinite(se):
        return 0.0 if final <= n else 1.0
    sd = se * math.sqrt(n)
    threshold = max(close_z * sd / math.sqrt(final), line)
    now = mean > max(close_z * se, line)
    spread = (final - n) / final * sd * math.sqrt(1.0 / (final - n) + 1.0 / n)
    if spread <= 0.0:
        return 0.0
    above = 0.5 * math.erfc(-(mean - threshold) / spread / math.sqrt(2.0))   # P(final mean > threshold)
    return 1.0 - above if now else above


def paired_difference(a: list[float], b: list[float], n: int | None = None) -> tuple[float, float]:
    """(mean, standard error) of ``a[k] - b[k]`` over the first ``n`` deals both have
    (default: all they share); the variance is steadied by :data:`PRIOR_SAMPLES`."""
    n = min(len(a), len(b)) if n is None else n
    if n <= 0:
        return 0.0, math.inf
    total = total2 = 0.0
    for x, y in zip(a[:n], b[:n]):
        d = x - y
        total += d
        total2 += d * d
    mean = total / n
    spread = max(0.0, total2 - n * mean * mean) + PRIOR_SAMPLES * PRIOR_SD * PRIOR_SD
    return mean, math.sqrt(spread / (n - 1 + PRIOR_SAMPLES) / n)


@dataclass
class _Arm:
    """One root action and what its playouts measured, deal by deal (deals 0, 1, ... in order)."""

    action: "Action"
    index: int
    values: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)       # +1 won, -1 lost, 0 game not over
    prior: float = 0.5
    alive: bool = True
    warned: bool = False        # clearly worse than the leader at the last checkpoint

    @property
    def n(self) -> int:
        return len(self.values)

    def mean(self, n: int | None = None) -> float:
        vals = self.values if n is None else self.values[:n]
        return sum(vals) / len(vals) if vals else 0.5


def _groups(n: int) -> list[tuple[int, int]]:
    """Deal ranges for the bootstrap: the first :data:`SINGLE_DEALS` one by one, the rest in
    equal blocks, at most :data:`MAX_GROUPS` in all."""
    single = min(n, SINGLE_DEALS)
    out = [(k, k + 1) for k in range(single)]
    rest = n - single
    if rest > 0:
        size = max(1, math.ceil(rest / (MAX_GROUPS - single)))
        out += [(k, min(n, k + size)) for k in range(single, n, size)]
    return out


def _reference(arms: list[list[float]]) -> int:
    """The action measured on the most deals (the highest mean, then the first, on ties): the
    one every other action is compared with, deal by deal."""
    return max(range(len(arms)), key=lambda i: (len(arms[i]), sum(arms[i]) / len(arms[i]) if arms[i] else 0.0, -i))


def adjusted_means(arms: list[list[float]]) -> list[float]:
    """Each action's mean value as if it had been measured on every deal the reference action
    was measured on: the reference's mean plus the paired difference on the deals they share
    (a control variate).  An action dropped early is then not flattered or wronged by how
    good or bad its first few deals happened to be for every action."""
    if not any(arms):
        return [0.5] * len(arms)
    r = _reference(arms)
    ref = arms[r]
    base = sum(ref) / len(ref)
    out = []
    for vals in arms:
        n = len(vals)
        out.append(base + (sum(vals) - sum(ref[:n])) / n if n else 0.5)
    return out


def best_shares(arms: list[list[float]], rng: random.Random, replicates: int = BOOTSTRAP,
                equal: float = 0.0) -> list[float]:
    """For each action's values on deals 0, 1, ...: the chance that its mean is the highest.

    A Bayesian bootstrap over the deals: each replicate weighs every deal (group of deals)
    by an exponential draw, the same weight for every action measured on it, and compares
    the actions' weighted paired differences from the reference action (as
    :func:`adjusted_means` does), so the pairing is kept even for actions measured on fewer
    deals.  In each replicate the actions within ``equal`` of the highest mean share the
    win (two actions that differ by a hair on one deal in a hundred are equally the best,
    not one of them certainly so).  Actions without a value get 0."""
    shares = [0.0] * len(arms)
    live = [i for i, v in enumerate(arms) if v]
    if not live:
        return shares
    if len(live) == 1:
        shares[live[0]] = 1.0
        return shares
    ref = arms[_reference(arms)]
    groups = _groups(len(ref))
    sums: dict[int, list[tuple[float, int]]] = {}
    for i in live:
        vals, mine = arms[i], []
        for lo, hi in groups:
            if lo >= len(vals):
                break
            hi = min(hi, len(vals))
            mine.append((sum(vals[lo:hi]) - sum(ref[lo:hi]), hi - lo))
        sums[i] = mine
    means: dict[int, float] = {}
    for _ in range(replicates):
        w = [rng.expovariate(1.0) for _ in groups]
        for i in live:
            num = den = 0.0
            for (d, c), wg in zip(sums[i], w):
                num += wg * d
                den += wg * c
            means[i] = num / den
        top = max(means.values())
        winners = [i for i in live if means[i] >= top - equal]
        for i in winners:
            shares[i] += 1.0 / len(winners)
    return [s / replicates for s in shares]


class RaceSearch:
    """A search in progress for ``side`` (the side to act) in ``state``: call :meth:`run`
    as often as you like (the budget adds up), then read :meth:`ranking`.

    ``paired=False`` gives every playout a deal and dice of its own (no common random
    numbers): only for measuring what the pairing buys (``benchmarks/advisor.py``).
    ``memo=False`` scores every playout decision afresh instead of looking up one met before
    (:func:`~.playout.informed_pick`): the same playouts, slower; for tests and measurements.

    The real ``state`` is read only through :func:`dualpowers.views.canonical`, and every
    random number comes from ``seed``: same view, same seed, same budget, same ranking.
    """

    def __init__(self, state: "State", side: str, seed: int, horizon: str = "round", playout: str = "informed",
                 epsilon: float = EPSILON, allocation: str = "race", min_deals: int = MIN_DEALS,
                 eliminate_z: float = ELIMINATE_Z, close_z: float = Z_95, equal_margin: float = EQUAL_MARGIN,
                 paired: bool = True, candidates: int | None = None, budget: int | None = None,
                 futility: float = FUTILITY, prior: str = "greedy", memo: bool = True,
                 plies_per_playout: float | None = PLIES_PER_PLAYOUT, worth: str = "squash") -> None:
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, not {playout!r}")
        if allocation not in ALLOCATIONS:
            raise ValueError(f"allocation must be one of {', '.join(map(repr, ALLOCATIONS))}, not {allocation!r}")
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {', '.join(map(repr, PRIORS))}, not {prior!r}")
        if worth not in WORTHS:
            raise ValueError(f"worth must be one of {', '.join(map(repr, WORTHS))}, not {worth!r}")
        self.prior, self.worth = prior, worth
        self.side, self.seed, self.horizon = side, seed, horizon
        self.playout, self.epsilon, self.allocation = playout, epsilon, allocation
        self.min_deals, self.eliminate_z, self.close_z = min_deals, eliminate_z, close_z
        self.paired = paired
        self.candidates = candidates
        # the race's predictive stop needs the budget the search is meant to reach (None: no such stop)
        self.budget, self.futility = budget, futility
        # ... which is also a budget of playout moves (None: playouts only), for playouts to the end of
        # the round (the Hint's); a whole game's playouts are long by their nature
        self.ply_budget = (int(budget * plies_per_playout)
                           if budget is not None and plies_per_playout is not None and horizon == "round" else None)
        # the margin of equality as a value difference, at the slope of the squash at its centre
        self.equal_value = equal_margin / (4.0 * VALUE_SCALE)
        self.playouts = 0
        self.plies = 0
        self.seconds = 0.0
        self._view = canonical(state, side)
        self._eval0 = evaluate(self._view, side)
        self._sign = 1 if side == "red" else -1
        self._last_round = self._view.round if horizon == "round" else math.inf
        # worth="chance": the curve of the round the playouts stop at (None: no fitted curve, squash)
        self._curve = (win_curve(self._view.mode, self._view.round)
                       if worth == "chance" and horizon == "round" else None)
        if self._curve is not None:      # ... and the margin of equality at that curve's slope here
            p = self._curve.chance(self._eval0, self._view.difficulty)
            self.equal_value = equal_margin * self._curve.b * p * (1.0 - p)
        self.arms = [_Arm(a, i) for i, a in enumerate(self._view.legal_actions())]
        self.settled = len(self.arms) == 1          # nothing more to measure
        self._deal: tuple[int, "State", list[float]] | None = None
        self._queue: list[_Arm] = []                # arms still to play on the current deal
        self._deals = 0                              # deals finished
        self._next_check = min_deals
        self._plan: list[int] | None = None          # halving: deals per arm in each stage
        self._stage = 0
        self._stage_deals = 0
        self._run_done = 0                           # playouts of the run in progress (for the predictive stop)
        self._spent = 0.0                            # the predictive stop's chances given to actions settled early
        self._forgone = 0                            # playouts of the budget those actions will not play
        self._retired = 0                            # how many actions it settled so
        # the best-scored actions of the playouts' decisions met so far (informed_pick's memo);
        # memo=False scores every decision afresh, the same choices (for tests and measurements)
        self._memo: dict[tuple[object, ...], tuple[list[Action], list[Action]]] | None = {} if memo else None

    # ------------------------------------------------------------------ one playout
    def _new_deal(self, k: int) -> tuple[int, "State", list[float]]:
        rng = random.Random(self.seed * 1_000_003 + k)
        deal = determinize(self._view, self.side, rng)
        return k, deal, [rng.random() for _ in range(UNIFORMS)]

    def _finish_turn(self, state: "State") -> "State":
        """The rest of ``side``'s own turn, played on this deal (:func:`~.playout.finish_turn`)."""
        return finish_turn(state, self.side, self._memo)

    def _play(self, deal: "State", action: "Action", uniforms: list[float]) -> tuple[float, float, int]:
        """(value, score change for ``side``, +1/-1/0 for a game won/lost/not over) of one playout."""
        side = self.side
        d = deal.clone()
        d.push(action)
        d = self._finish_turn(d)
        last, i, size = self._last_round, 0, len(uniforms)
        informed, eps, memo, ply = self.playout == "informed", self.epsilon, self._memo, 0
        while d.step != "over" and d.round <= last:
            legal = d.legal_actions()
            u, v = uniforms[i], uniforms[i + 1]
            # the first plies meet the same boards on many deals (the memo); later ones seldom do
            d.push(informed_pick(d, legal, u, v, eps, memo if ply < MEMO_PLIES else None) if informed
                   else legal[int(v * len(legal))])
            i = (i + 2) % size
            ply += 1
        self.plies += ply + 1
        end = 0 if d.step != "over" else (1 if d.won_by == side else -1 if d.won_by is not None else 0)
        if self._curve is not None:
            value = (self._curve.chance(evaluate(d, side), d.difficulty) if d.step != "over"
                     else 1.0 if end > 0 else 0.0 if end < 0 else 0.5)
        else:
            value = squash(evaluate(d, side) - self._eval0)
        return value, float((d.score - self._view.score) * self._sign), end

    def _sample(self, arm: _Arm, k: int, deal: "State", uniforms: list[float]) -> None:
        assert arm.n == k, "an arm's deals are a prefix: 0, 1, ..."
        if not self.paired:                  # a deal and dice of its own (to measure what the pairing buys)
            _, deal, uniforms = self._new_deal(k * 65_537 + arm.index + 1)
        value, score, end = self._play(deal, arm.action, uniforms)
        arm.values.append(value)
        arm.scores.append(score)
        arm.ends.append(end)

    # ------------------------------------------------------------------ running
    def run(self, playouts: int | None = None, seconds: float | None = None) -> "RaceSearch":
        """Add up to ``playouts`` playouts, or as many as fit in ``seconds`` of wall-clock time,
        whichever ends first; fewer if the search has settled (see the module docstring)."""
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else math.inf
        if playouts is None and seconds is None:
            raise ValueError("give playouts, seconds or both")
        budget = playouts if playouts is not None else math.inf
        if self.allocation == "halving" and self._plan is None:
            self._make_plan(int(budget) if budget != math.inf else self.min_deals * len(self.arms))
        done = self._run_done = 0
        forgone = self._forgone
        try:
            while done < budget - (self._forgone - forgone) and not self.settled:
                if self.ply_budget is not None and self.plies >= self.ply_budget:
                    break
                if not self._queue:
                    self._start_deal()
                    if self.settled:
                        break
                arm = self._queue.pop(0)
                assert self._deal is not None
                k, deal, uniforms = self._deal
                self._sample(arm, k, deal, uniforms)
                done += 1
                self._run_done = done
                if not self._queue:
                    self._end_deal()
                if seconds is not None and time.perf_counter() >= deadline:
                    break
        finally:
            self.playouts += done
            self.seconds += time.perf_counter() - start
        return self

    def _alive(self) -> list[_Arm]:
        return [a for a in self.arms if a.alive]

    def _start_deal(self) -> None:
        self._deal = self._new_deal(self._deals)
        self._queue = [a for a in self._alive() if a.n == self._deals]
        if not self._queue:
            self.settled = True

    def _end_deal(self) -> None:
        self._deals += 1
        if self.allocation == "race":
            if self._deals >= self._next_check:
                self._check()
                growth = CHECK_GROWTH if self._deals < FUTILITY_DEALS or self.budget is None else FUTILITY_GROWTH
                self._next_check = max(self._deals + 2, int(self._deals * growth))
        else:
            self._stage_deals += 1
            assert self._plan is not None
            if self._stage < len(self._plan) and self._stage_deals >= self._plan[self._stage]:
                self._halve()

    def _leader(self, arms: list[_Arm]) -> _Arm:
        return max(arms, key=lambda a: (a.mean(), -a.index))

    def _check(self) -> None:
        """Drop the actions clearly worse than the leader; settle if one is left or all are equal."""
        alive = self._alive()
        if len(alive) <= 1:
            self.settled = True
            return
        lead = self._leader(alive)
        # an action settled below the leader by the predictive test is not one of "every action left
        # measured equal": the race goes on measuring the ones left (the best, for the first row)
        equal = not self._retired
        for a in alive:
            if a is lead:
                continue
            mean, se = paired_difference(lead.values, a.values)
            if mean > self.eliminate_z * se:
                # dropped at the second checkpoint in a row only: the values are lumpy (a game won or
                # lost now and then), and a run of bad deals can look decisive for a while
                a.alive = not a.warned
                a.warned = True
                equal = False
            else:
                a.warned = False
                if abs(mean) + self.close_z * se >= self.equal_value:
                    equal = False
        if equal or sum(a.alive for a in self.arms) == 1 or self._settled_for_budget(lead):
            self.settled = True

    def _settled_for_budget(self, lead: _Arm) -> bool:
        """True when the rest of :attr:`budget` would very likely change no rank: after at least
        :data:`FUTILITY_DEALS` deals, the chances, summed over the actions left in the race, that an
        action's difference from the leader, measured on the deals the rest of the budget would give
        it, lands on the other side of the line between ranks (as
        :func:`~dualpowers.advisor.ranking.order_rows` draws it: 1.96 standard errors and the margin
        of equality) are below :data:`FUTILITY` (:func:`change_chance`).  A real sequential test on
        the playouts' own evidence: an action that is as good as the leader, or clearly worse, stays
        so; one whose difference is near the line keeps the race going to the end of the budget.

        The same test settles one action at a time (issue 35): an action whose own chance is under
        ``FUTILITY / (actions - 1)`` (so that all of them together stay under :data:`FUTILITY`) is
        measured no further, and its share of the rest of the budget is not played; what it was
        given counts towards the race's :data:`FUTILITY` (:attr:`_spent`), so the chances of every
        action settled early and of those left at the stop add up to under :data:`FUTILITY`.  The
        slow positions (long two-player playouts to the end of the round) spent most of their budget
        measuring actions already clearly below the best, on the line's far side at every look."""
        if self.budget is None or not self.futility:
            return False
        alive = self._alive()
        left = self.budget - self.playouts - self._run_done - self._forgone
        done = self.playouts + self._run_done
        if self.ply_budget is not None and self.plies:
            # the playouts the moves left in the budget pay for, at this position's moves a playout so far
            left = min(left, int((self.ply_budget - self.plies) * done / self.plies))
        if left <= 0 or len(alive) <= 1:
            return False
        if self._deals < FUTILITY_DEALS:
            return False
        share = left / len(alive)
        final = self._deals + share
        each = self.futility / max(1, len(self.arms) - 1)
        chances = []
        for a in alive:
            if a is not lead:
                mean, se = paired_difference(lead.values, a.values)
                chance = change_chance(mean, se, self._deals, final, self.equal_value, self.close_z)
                below = mean > max(self.close_z * se, self.equal_value)      # of a lower rank now
                chances.append((chance, a.index, a, below))
        total = self._spent + sum(c[0] for c in chances)
        if total < self.futility:
            return True
        for chance, _, a, below in sorted(chances, key=lambda t: (t[0], t[1])):
            if chance >= each or self._spent + chance >= self.futility:
                break
            if not below:
                continue
            a.alive = False                    # its rank stays: measured no further
            self._retired += 1
            self._spent += chance
            self._forgone += int(share)
        return False

    # ------------------------------------------------------------------ halving
    def _priors(self) -> None:
        """Each action's prior: the evaluation once the rest of the turn is played greedily by
        it, averaged over :data:`PRIOR_DEALS` deals from fixed seeds (the same for every search
        seed; the tree search's root prior)."""
        totals = [0.0] * len(self.arms)
        side, informed = self.side, self.prior == "informed"
        for i in range(PRIOR_DEALS):
            base = determinize(self._view, side, random.Random(i))
            for k, arm in enumerate(self.arms):
                d = base.clone()
                d.push(arm.action)
                totals[k] += evaluate(finish_turn(d, side), side) if informed else greedy_turn_value(d, side)
        for arm, total in zip(self.arms, totals):
            arm.prior = squash(total / PRIOR_DEALS - self._eval0)

    def _make_plan(self, budget: int) -> None:
        """Sequential halving over the actions the budget can measure (the best by the prior first):
        at most ``candidates`` of them (default: as many as get two playouts each)."""
        arms = self.arms
        limit = max(2, self.candidates if self.candidates else budget // 2)
        if len(arms) > limit:
            self._priors()
            keep = sorted(arms, key=lambda a: (-a.prior, a.index))[:limit]
            for a in arms:
                a.alive = a in keep
        alive = len(self._alive())
        stages = max(1, math.ceil(math.log2(alive))) if alive > 1 else 1
        plan, left, m = [], budget, alive
        for s in range(stages):
            share = left // (stages - s)
            plan.append(max(1, share // m))
            left -= plan[-1] * m
            m = max(1, math.ceil(m / 2))
        self._plan = plan

    def _halve(self) -> None:
        assert self._plan is not None
        self._stage += 1
        self._stage_deals = 0
        alive = self._alive()
        if self._stage >= len(self._plan):
            self.settled = len(alive) <= 1
            self._plan.append(1)                     # further runs: one deal at a time for the rest
            return
        keep = sorted(alive, key=lambda a: (-a.mean(), a.index))[:max(1, math.ceil(len(alive) / 2))]
        for a in alive:
            a.alive = a in keep

    # ------------------------------------------------------------------ results
    def measured(self) -> list[Measured]:
        """What was measured for every legal action, in the engine's order; each mean value is
        compared on the reference action's deals (:func:`adjusted_means`), and its standard
        error is that of the paired difference and of the reference's own mean together."""
        values = [a.values for a in self.arms]
        means = adjusted_means(values)
        ref = self.arms[_reference(values) if any(values) else 0]
        ref_se2 = 0.0
        if ref.n:
            rm = ref.mean()
            var = sum((v - rm) ** 2 for v in ref.values) / (ref.n - 1) if ref.n > 1 else 0.25
            ref_se2 = (var * (ref.n - 1) + PRIOR_SAMPLES * PRIOR_SD ** 2) / (ref.n - 1 + PRIOR_SAMPLES) / ref.n
        out = []
        for arm, mean in zip(self.arms, means):
            n = arm.n
            own = paired_difference(arm.values, ref.values)[1] if n and arm is not ref else 0.0
            se = math.sqrt(own * own + ref_se2) if n else math.inf
            out.append(Measured(action=arm.action, index=arm.index, playouts=n, value=min(1.0, max(0.0, mean)),
                                value_se=se, won=sum(e > 0 for e in arm.ends), lost=sum(e < 0 for e in arm.ends),
                                score=sum(arm.scores) / n if n else 0.0, prior=arm.prior))
        return out

    def best_chances(self) -> list[float]:
        """Each action's chance of being the best (:func:`best_shares`, seeded from the search seed)."""
        return best_shares([a.values for a in self.arms], random.Random(self.seed * 7_919 + 17),
                           equal=self.equal_value)

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """(mean, standard error) of action ``i``'s value minus action ``j``'s, paired by deal."""
        return paired_difference(self.arms[i].values, self.arms[j].values)

    def ranking(self) -> Ranking:
        """The ranking of every legal action (see :func:`~dualpowers.advisor.ranking.build_ranking`)."""
        from .explain import effects, objective_warning
        view, side = self._view, self.side
        return build_ranking(side, self.measured(), self.best_chances(), self.difference, self.playouts,
                             self.seconds, self.seed, self.horizon, start=self._eval0, scale=VALUE_SCALE,
                             close_z=self.close_z, equal=self.equal_value,
                             explain=lambda a: effects(view, a, side), mode=view.mode, round_=view.round,
                             difficulty=view.difficulty, score_now=float(view.score * self._sign),
                             warning=objective_warning(view, side))

    def survivor(self) -> "Action":
        """Sequential halving's own answer, without the ranking's bootstrap: of the actions
        measured on the most deals (the last stage's), the one with the highest mean value (the
        first in the engine's order on ties)."""
        most = max(a.n for a in self.arms)
        return max((a for a in self.arms if a.n == most), key=lambda a: (a.mean(), -a.index)).action

    def best_action(self) -> "Action":
        """The first action of :meth:`ranking` (without the words)."""
        from .ranking import order_rows
        rows = order_rows(self.measured(), self.best_chances(), self.difference, self.close_z, self.equal_value)
        return rows[0][0].action
