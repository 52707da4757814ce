"""The advisor's answer: the legal actions in one order, each with its estimates.

One order, one set of numbers (issue 20): every figure of a row comes from the playouts
measured for that action (a prior may have guided the search, never the answer):

* ``confidence``: the chance that the action is the best of all rows (the highest mean
  playout value), as the search estimates it (:mod:`.race`: a Bayesian bootstrap over
  deals shared by every action; the confidences sum to 1);
* rows are in the order of that chance, highest first (equal chances: the higher mean
  value first, then the engine's order), so the first row, the "best", is the action most
  likely to be the best;
* ``rank``: actions the search cannot separate share one rank and are said to be equal:
  a row starts a new rank only when its paired difference from some row of the rank above
  is more than ``close_z`` standard errors (95 %) and more than the margin of equality
  (:data:`~dualpowers.advisor.race.EQUAL_MARGIN`), *and* every row from it on has a lower
  mean value than every row of the rank above, so that ranks, chances, margins and win
  chances never contradict each other across ranks;
* ``margin``: where ``side`` should stand at the end of the playouts (the end of the round
  by default), in victory points of the evaluation (:func:`dualpowers.policies.evaluate`),
  the mean value turned back into points;
* ``win_prob``: the chance to win the *game* from that standing at the end of this round,
  as measured on games of a player who followed the advice (:func:`win_curve`: the
  follower's curves where measured, else the greedy players', named as a simple computer
  player's: ``Ranking.chance_of``); when every playout ended the game, the share of playouts
  won, read through the follower's curve of such shares where measured; always with ``horizon="game"``
  the share itself; with a 95 % interval of the playouts' noise and the curve's own;
* ``score_change``: the mean movement of the score track in ``side``'s favour, and ``track``
  where the marker then stands (what "ahead" and "behind" say, in the game's units).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..narration import N_, Message, Quantity
from ..text import NN_, plural
from ..stats import Z_95, logistic, logit, wilson_interval

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State
    from .explain import Effects

__all__ = ["RankedAction", "Ranking", "ActionStats", "Measured", "ordered", "ordered_by_value", "order_rows",
           "best_probabilities", "build_ranking", "win_chance", "WIN_SCALE"]

# ---------------------------------------------------------------------------- the ranking's words
# Templates (see dualpowers.narration): the widgets write them in the notebook's language
# with dualpowers.text.render; ``outlook()``, ``sureness()`` and ``explain()`` are the English.
# Ahead and behind are places on the score track, the game's own unit (issue 35), never the
# evaluation's points: the same number as the mean score change when the marker is at 0 now.
TRACK_AHEAD = N_("about {vp} VP ahead on the score track")
TRACK_BEHIND = N_("about {vp} VP behind on the score track")
TRACK_LEVEL = N_("about level on the score track")
GAME_WON = N_("the game won in every playout")
GAME_LOST = N_("the game lost in every playout")
GAME_CHANCE = N_("a {percent} chance to win the game")
CLEARLY_BEST = N_("clearly the best")
LIKELY_BEST = N_("{percent} likely the best")
# An action that shares its rank is not given a chance of its own to be the best: "equal" and
# "97% likely the best" said of one row contradict each other (issue 35).
EQUAL_BEST = N_("equal best: one of {n} actions the playouts cannot tell apart")
EQUAL_RANK = N_("one of {n} actions the playouts cannot tell apart")
NOT_TRIED = N_("not measured: no playout tried it")
RANKED = N_("{action}: {percent} likely the best; win chance {win} ({low}\u2013{high}); {playouts} playouts")
#: The first line of a ranking in words: the best action and why, one sentence (issue 35: the
#: reason came on a line of its own after the figures, and a newcomer read the action alone first).
BEST_BECAUSE = N_("Best for {side}: {action}. {reason:cap}")
#: The line after it: how sure, and where the best action leaves the player.
FIGURES_ROUND = N_("{sureness:cap}; at the end of the round: {outlook}.")
FIGURES_GAME = N_("{sureness:cap}; for the game: {outlook}.")
THEN_ACTION = N_("then {action}: {outlook}; {effects}")
EQUALLY_GOOD = N_("equally good: {action}: {outlook}; {effects}")
#: the rows not shown under the ranking, a count with its plural forms ("(e un'altra azione)",
#: "(e altre 4 azioni)" in Italian)
MORE_ACTIONS = NN_("({n} more action)", "({n} more actions)")
#: Said when even the best action's chance to win the game is under one half, interval and
#: all, by a chance that holds for the reader (a player who takes the advice, or the playouts'
#: own ends in the last round): never from a simple computer player's curve (issue 35).
ALL_BEHIND = N_("Every action leaves you more likely to lose than to win: players who took the advice from "
                "here won at most {percent} of such games. The least bad first.")
#: The best action's win chance, saying whose chance it is (issue 35).
CHANCE_FOLLOWER = N_("If you follow the advice from here: a {percent} chance to win the game ({low}\u2013{high}), "
                     "as measured on games where the advice was followed.")
#: Two-player: whom the follower faced matters, and the reader's opponent is not known; the
#: follower's games were played against the advisor's computer player (``benchmarks/follow_chance.py``).
CHANCE_FOLLOWER_DUEL = N_("If you follow the advice from here: a {percent} chance to win the game ({low}\u2013{high}), "
                          "as measured on games where the advice was followed against the advisor's computer player.")
CHANCE_GREEDY = N_("A simple computer player (the greedy player) wins {percent} of games from where the best action "
                   "leads ({low}\u2013{high}); a player who follows the advice wins more often.")
#: The reason when the turn's own doing says nothing, but the score track does.
REASON_TRACK = N_("By the end of the round it leaves the score marker about {vp} VP further your way than any "
                  "other action.")
#: The reason when the turn's own doing says nothing and the playouts cannot tell it from others.
REASON_TIED = N_("Here {n} actions are about as good as each other, this one among them: the choice matters "
                 "little.")
#: When it shares its rank: what it does first (``RankedAction.does``), then that the others tied
#: with it are about as good.
TIED_OTHERS = NN_("The other action of the same rank is about as good: the choice matters little.",
                  "The {n} other actions of the same rank are about as good: the choice matters little.")
REASON_DOES_TIED = N_("{does} {tied}")
#: The same, in the review of a decision whose action played is of a lower rank than the best (a
#: review's moment): the choice among the equal best matters little, the one played was not among
#: them, by the same test that made it a moment (``reason_message(against=...)``).
TIED_OTHERS_NOT_CHOSEN = NN_("The other action of the same rank is about as good, but not the one you chose, which "
                             "ranks below both.",
                             "The {n} other actions of the same rank are about as good, but not the one you chose, "
                             "which ranks below them all.")
REASON_TIED_NOT_CHOSEN = N_("Here {n} actions are about as good as each other, this one among them, but not the one "
                            "you chose, which ranks below them all.")
#: A tie where none of the equal actions changes who is the stronger side in a region this round's
#: scoring counts (the two most VP of them, with why they count).
REASON_TIED_HOLDS = N_("None of these {n} equally good actions changes who is the stronger side in {region}, {why}: "
                       "the choice matters little.")
REASON_TIED_HOLDS_TWO = N_("None of these {n} equally good actions changes who is the stronger side in {region}, "
                           "{why}, or in {region2}, {why2}: the choice matters little.")
#: The reason when the turn changes nothing the scoring counts, no bonus, no Will, no strength.
REASON_PLACED = N_("In the advisor's trial games it leaves you best placed at the end of the round.")
PLAYOUT_STATS = N_("{playouts} playouts in {seconds} s (seed {seed}).")

SPAN = 6.0          # best_probabilities: standard errors either side of a mean that matter
POINTS = 48         # best_probabilities: integration points per action


@dataclass(frozen=True)
class ActionStats:
    """Raw search totals for one root action (win and score sums over its playouts)."""

    action: "Action"
    index: int          # position in state.legal_actions(): the last tie-break
    playouts: int
    wins: float
    score: float
    value: float        # sum of playout values (win, then final score; in 0..1)
    value2: float       # sum of their squares, for the standard error
    prior: float = 0.5  # the evaluation's opinion before any playout (0..1), see the search

    @property
    def mean(self) -> float:
        """The win rate (0.5, i.e. unknown, before any playout)."""
        return self.wins / self.playouts if self.playouts else 0.5

    def value_estimate(self) -> tuple[float, float]:
        """(mean, standard error) of the playout value, with one uniform prior pseudo-playout."""
        n = self.playouts + 1
        mean = (self.value + 0.5) / n
        spread = self.value2 + 1.0 / 3.0 - n * mean * mean     # sum of squared deviations
        return mean, math.sqrt(max(spread, 1e-12) / (n * n))


def ordered(stats: Sequence[ActionStats]) -> list[ActionStats]:
    """Best first: most playouts (the search spends them on what keeps looking best,
    which is steadier than the highest mean of a few playouts), then mean value,
    then the engine's order of legal actions."""
    return sorted(stats, key=lambda a: (-a.playouts, -(a.value / a.playouts if a.playouts else 0.0), a.index))


#: ordered_by_value: standard errors of the difference within which two actions count as equally good.
CLOSE_Z = 3.0


def posterior(a: ActionStats, prior_weight: float) -> tuple[float, float]:
    """(mean, standard error) of an action's value, its prior counted as ``prior_weight`` playouts."""
    _, se = a.value_estimate()
    n = a.playouts + prior_weight
    return ((a.value + prior_weight * a.prior) / n if n else 0.5), se


def ordered_by_value(stats: Sequence[ActionStats], prior_weight: float, close_z: float = CLOSE_Z) -> list[ActionStats]:
    """The tree search's order (kept for the baseline players: ``advisor-v2`` uses it with
    ``close_z=0``, the highest value with the prior counted in).  It is no longer the advisor's
    ranking: it let a seed-independent prior overrule the playouts (issue 20).

    Best first: the actions the playouts cannot tell from the best (their mean values within
    :data:`CLOSE_Z` standard errors of the difference) come first, in the order of their
    priors (which do not depend on the seed), then the others by mean value.

    Why: when two actions are about equally good, which one comes out on top of a noisy
    estimate changes from seed to seed; ranking such near-ties by a fixed judgement gives the
    same advice each time the question is asked.  Actions without a playout come last."""
    est = [posterior(a, prior_weight) for a in stats]
    tried = [i for i, a in enumerate(stats) if a.playouts] or list(range(len(stats)))
    top = max(tried, key=lambda i: (est[i][0], -stats[i].index))
    m0, s0 = est[top]
    close = [i for i in tried if est[i][0] >= m0 - close_z * math.sqrt(s0 * s0 + est[i][1] ** 2)]
    rest = [i for i in tried if i not in close]
    untried = [i for i in range(len(stats)) if i not in tried]
    close.sort(key=lambda i: (-stats[i].prior, stats[i].index))
    rest.sort(key=lambda i: (-est[i][0], stats[i].index))
    untried.sort(key=lambda i: (-stats[i].prior, stats[i].index))
    return [stats[i] for i in close + rest + untried]


def best_probabilities(estimates: Sequence[tuple[float, float]]) -> list[float]:
    """For a (mean, standard error) per action: the probability that each has the highest true mean."""
    if not estimates:
        return []
    if len(estimates) == 1:
        return [1.0]
    params = [(mu, max(sd, 1e-9)) for mu, sd in estimates]
    # The maximum lies above every action's lower bound: integrate only above the highest
    # one, on points packed where each remaining contender's curve is (their spreads differ a lot).
    lo = max(mu - SPAN * sd for mu, sd in params)
    live = [i for i, (mu, sd) in enumerate(params) if mu + SPAN * sd > lo]
    points = {lo}
    for i in live:
        mu, sd = params[i]
        a, b = max(lo, mu - SPAN * sd), mu + SPAN * sd
        points.update(a + (b - a) * g / POINTS for g in range(POINTS + 1))
    xs = sorted(points)
    root2, norm = math.sqrt(2.0), 1.0 / math.sqrt(2.0 * math.pi)
    cdfs = [[0.5 * (1.0 + math.erf((x - params[i][0]) / (params[i][1] * root2))) for x in xs] for i in live]
    pdfs = [[norm / params[i][1] * math.exp(-0.5 * ((x - params[i][0]) / params[i][1]) ** 2) for x in xs]
            for i in live]
    k = len(live)
    curves = [[0.0] * len(xs) for _ in live]
    for g in range(len(xs)):
        # density of "i is the maximum" at x: i's density times every other CDF (prefix/suffix products)
        prefix = [1.0] * (k + 1)
        for j in range(k):
            prefix[j + 1] = prefix[j] * cdfs[j][g]
        suffix = 1.0
        for j in range(k - 1, -1, -1):
            curves[j][g] = pdfs[j][g] * prefix[j] * suffix
            suffix *= cdfs[j][g]
    out = [0.0] * len(params)
    for j, i in enumerate(live):
        c = curves[j]
        out[i] = sum((xs[g + 1] - xs[g]) * (c[g] + c[g + 1]) / 2 for g in range(len(xs) - 1))
    total = sum(out)
    return [t / total for t in out] if total > 0 else [1.0 / len(params)] * len(params)


#: Without a fitted table: victory points of evaluation that take the win chance from 1/2 to
#: about 0.73 (the evaluation's own guess).
WIN_SCALE = 3.0
#: The greedy players' curves (``benchmarks/win_chance.py --write``): a simple computer player's chance.
WIN_TABLE = "win_chance.csv"
#: The follower's curves (``benchmarks/follow_chance.py fit --write``): the chance of a player who
#: takes the advice, measured on games where the advice was taken (issue 35).
FOLLOW_TABLE = "follow_chance.csv"
#: The columns of both tables: the curve ``logistic(a + b * standing + c * (difficulty - 3))``
#: and the covariance of (a, b, c), so that the chance shown carries the curve's own uncertainty.
CURVE_FIELDS = ("mode", "round", "samples", "wins", "games", "a", "b", "c",
                "v_aa", "v_ab", "v_ac", "v_bb", "v_bc", "v_cc")
#: Whose games a curve was measured on.
FOLLOWER, GREEDY = "follower", "greedy"


@dataclass(frozen=True)
class Curve:
    """The chance to win the game from a standing (VP of evaluation) at the end of a round, as
    measured in ``who``'s games (:data:`FOLLOWER` or :data:`GREEDY`), with the covariance of
    its coefficients."""

    who: str
    a: float
    b: float
    c: float = 0.0
    cov: tuple[float, ...] = (0.0,) * 6        # v_aa, v_ab, v_ac, v_bb, v_bc, v_cc

    def chance(self, standing: float, difficulty: int | None = None, z: float = 0.0) -> float:
        """The chance at ``standing``, ``z`` standard errors of the curve itself above it."""
        d = (difficulty or 3) - 3
        aa, ab, ac, bb, bc, cc = self.cov
        var = aa + 2 * ab * standing + 2 * ac * d + bb * standing ** 2 + 2 * bc * standing * d + cc * d * d
        return logistic(self.a + self.b * standing + self.c * d + z * math.sqrt(max(0.0, var)))


def curve_row(mode: str, round_: int, samples: int, wins: int, games: int, w: Sequence[float],
              cov: Sequence[Sequence[float]]) -> dict[str, Any]:
    """A row of a curve table (:data:`CURVE_FIELDS`) from a fit's coefficients ``w`` (a, b[, c])
    and their covariance (:func:`dualpowers.stats.fit_logistic`)."""
    k = len(w)
    v = [[cov[i][j] if i < k and j < k else 0.0 for j in range(3)] for i in range(3)]
    coef = list(w) + [0.0] * (3 - k)
    return {"mode": mode, "round": round_, "samples": samples, "wins": wins, "games": games,
            "a": round(coef[0], 5), "b": round(coef[1], 5), "c": round(coef[2], 5),
            **{f"v_{x}{y}": f"{v[i][j]:.4g}" for i, j, x, y in ((0, 0, "a", "a"), (0, 1, "a", "b"), (0, 2, "a", "c"),
                                                                 (1, 1, "b", "b"), (1, 2, "b", "c"), (2, 2, "c", "c"))}}


@lru_cache(maxsize=None)
def _curves(table: str) -> dict[str, dict[int, Curve]]:
    """``mode -> round -> Curve`` of one table (empty if the table is missing)."""
    from importlib import resources
    import csv
    who = FOLLOWER if table == FOLLOW_TABLE else GREEDY
    curves: dict[str, dict[int, Curve]] = {}
    path = resources.files("dualpowers").joinpath("data", "results", table)
    if not path.is_file():
        return curves
    with path.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            a, b = float(row["a"]), float(row["b"])
            if b > 0:                                 # a curve that does not rise with the standing is no estimate
                cov = tuple(float(row.get(k) or 0.0) for k in ("v_aa", "v_ab", "v_ac", "v_bb", "v_bc", "v_cc"))
                curves.setdefault(row["mode"], {})[int(row["round"])] = Curve(who, a, b, float(row.get("c") or 0.0),
                                                                              cov)
    return curves


#: The follower's table keeps, as "round 0", the curve of the playouts' share won when every
#: playout ended the game (the last round), read from :func:`share_standing`: there the
#: informed playouts play the player's last turns, worse than a follower does (in solo a share
#: of 65% was followed by a win 97% of the time).
ENDED = 0


def share_standing(share: float) -> float:
    """The playouts' share won as the ended curve's standing: its log-odds, held inside 1%..99%."""
    return logit(min(max(share, 0.01), 0.99))


def win_curve(mode: str = "two-player", round_: int = 1, who: str | None = None) -> Curve | None:
    """The curve for a standing at the end of round ``round_``: the follower's where it was
    measured (the chance of a player who takes the advice), else the greedy players' (a simple
    computer player's); ``who`` picks one.  Rounds past the last fitted one use its curve;
    ``round_=ENDED``: the follower's curve of the playouts' share won (None if not measured)."""
    if round_ == ENDED:
        return _curves(FOLLOW_TABLE).get(mode, {}).get(ENDED) if who in (None, FOLLOWER) else None
    for table in ((FOLLOW_TABLE, WIN_TABLE) if who is None else (FOLLOW_TABLE if who == FOLLOWER else WIN_TABLE,)):
        by_round = {r: c for r, c in _curves(table).get(mode, {}).items() if r != ENDED}
        if by_round:
            return by_round[max((r for r in by_round if r <= round_), default=min(by_round))]
    return None


def win_chance(standing: float, mode: str = "two-player", round_: int = 1, difficulty: int | None = None,
               who: str | None = None) -> float:
    """The chance to win the game of a side that stands at ``standing`` (VP of evaluation) at the
    end of round ``round_`` (:func:`win_curve`).  Without a fitted curve, the evaluation's own
    guess (:data:`WIN_SCALE`)."""
    curve = win_curve(mode, round_, who)
    if curve is None:
        return _squash(standing, WIN_SCALE)
    return curve.chance(standing, difficulty)


def greedy_win_chance(standing: float, mode: str = "two-player", round_: int = 1) -> float:
    """How often greedy players won from ``standing`` at the end of round ``round_``."""
    return win_chance(standing, mode, round_, who=GREEDY)


def _squash(points: float, scale: float) -> float:
    return logistic(points / scale)


@dataclass(frozen=True)
class Measured:
    """What a search measured for one root action: its playouts' mean value (0..1) and the
    standard error of that mean, games won and lost within the playouts, the mean score
    change, and the prior that guided the search (never used for the answer)."""

    action: "Action"
    index: int          # position in state.legal_actions(): the last tie-break
    playouts: int
    value: float
    value_se: float
    won: int = 0
    lost: int = 0
    score: float = 0.0
    prior: float = 0.5


Difference = Callable[[int, int], tuple[float, float]]


def _worse(diff: tuple[float, float], z: float, equal: float) -> bool:
    """Whether a (mean, standard error) difference says the second action is worse: by more than
    ``z`` standard errors, and by more than ``equal`` (the margin within which actions are equal)."""
    mean, se = diff
    return mean > z * se and mean > equal


def order_rows(measured: Sequence[Measured], chances: Sequence[float], difference: Difference,
               close_z: float, equal: float = 0.0) -> list[tuple[Measured, float, int]]:
    """``(row, chance of being the best, rank)`` for every action, in the ranking's order.

    Measured rows come first, by chance (then mean value, then the engine's order); a row
    starts a new rank only if ``difference(other, row)`` (mean, standard error, indexes into
    the engine's order) puts it more than ``close_z`` standard errors, and more than ``equal``,
    below some row of the current rank, and every row from it on has a lower mean value than
    every row of the current rank.  Unmeasured rows come last, rank 0 (no rank), by the prior."""
    chance = {m.index: c for m, c in zip(measured, chances)}
    tried = sorted((m for m in measured if m.playouts), key=lambda m: (-chance[m.index], -m.value, m.index))
    untried = sorted((m for m in measured if not m.playouts), key=lambda m: (-m.prior, m.index))
    below = [0.0] * len(tried)                   # the highest mean value from row i on
    top = -math.inf
    for i in range(len(tried) - 1, -1, -1):
        top = max(top, tried[i].value)
        below[i] = top
    out: list[tuple[Measured, float, int]] = []
    rank, lowest = 1, math.inf
    members: list[Measured] = []
    for i, m in enumerate(tried):
        if members and below[i] < lowest and any(_worse(difference(o.index, m.index), close_z, equal) for o in members):
            rank, members, lowest = i + 1, [], math.inf
        members.append(m)
        lowest = min(lowest, m.value)
        out.append((m, chance[m.index], rank))
    return out + [(m, 0.0, 0) for m in untried]


@dataclass(frozen=True)
class RankedAction:
    """One legal action with the search's estimates for it (see the module docstring).

    ``rank``: shared by the actions the search cannot separate (0: not measured);
    ``ties``: how many actions share it; ``close``: it shares the first rank (the
    playouts cannot tell it from the best); ``effects``: what it changes, in words, and
    ``regions`` the regions those words cite (:mod:`.explain`); ``track``: where the score
    marker stands at the end of the playouts, counted toward the side (the score now plus
    ``score_change``): what "ahead" and "behind" say.
    """

    action: "Action"
    text: str
    win_prob: float
    win_low: float
    win_high: float
    score_change: float
    playouts: int
    confidence: float
    margin: float = 0.0
    close: bool = False
    effects: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    effect_messages: tuple[Message, ...] = ()   # ``effects`` as data, for any language
    rank: int = 1
    ties: int = 1
    won: int = 0
    lost: int = 0
    horizon: str = "round"
    track: float = 0.0
    reason: Message | None = None   # why it is good, one sentence (:func:`.explain.turn_reason`)
    cost: Message | None = None     # what it hands the other side at this round's scoring
    does: Message | None = None     # what it does, said first when it shares its rank (:func:`.explain.what_it_does`)
    #: the regions this round's scoring counts, with why, whose stronger side its turn leaves as it is
    holds: tuple[tuple[str, Message], ...] = ()

    def message(self, action: str | None = None) -> Message:
        """The estimates in words (``action``: how to name the action, default its notation)."""
        return Message(RANKED, action=self.text if action is None else action,
                       percent=Quantity(self.confidence, percent=True), win=Quantity(self.win_prob, percent=True),
                       low=Quantity(self.win_low, percent=True), high=Quantity(self.win_high, percent=True),
                       playouts=Quantity(self.playouts))

    def __str__(self) -> str:
        return self.message().text

    def outlook_message(self) -> Message:
        """Where the action leaves ``side``: at the end of the round (where the score marker
        stands then, on average over the playouts, or the game won or lost in every playout), or,
        with ``horizon="game"``, its chance to win the game."""
        if self.horizon == "game":
            return Message(GAME_CHANCE, percent=Quantity(self.win_prob, percent=True))
        if self.playouts and self.won == self.playouts:
            return Message(GAME_WON)
        if self.playouts and self.lost == self.playouts:
            return Message(GAME_LOST)
        if abs(self.track) < 0.05:
            return Message(TRACK_LEVEL)
        return Message(TRACK_AHEAD if self.track > 0 else TRACK_BEHIND, vp=Quantity(abs(self.track), 1))

    def outlook(self) -> str:
        """The outlook in words, e.g. ``about 1.5 VP ahead on the score track``."""
        return self.outlook_message().text


@dataclass(frozen=True)
class Ranking:
    """Every legal action of ``side``, best first, after ``playouts`` playouts in ``seconds`` (wall clock).

    ``behind``: by the estimate, every action leaves ``side`` behind in the *game*: even the
    upper end of the best win chance's interval (the playouts' noise and the curve's own) is
    below one half, and the chance is one that holds for the reader (``chance_of``:
    :data:`FOLLOWER`, a player who takes the advice; :data:`GREEDY`, a simple computer
    player's, where no follower's curve was measured: then no verdict is said).
    """

    side: str
    actions: list[RankedAction]
    playouts: int
    seconds: float
    seed: int
    horizon: str = "round"
    relative: bool = True
    behind: bool = False
    chance_of: str = FOLLOWER
    warning: Message | None = None     # said before the advice (:func:`.explain.objective_warning`)
    mode: str = "two-player"           # the game's mode: whose games the chance was measured on

    @property
    def best(self) -> RankedAction:
        return self.actions[0]

    @property
    def equal_best(self) -> list[RankedAction]:
        """The actions that share the first rank (the best and those the playouts cannot tell from it)."""
        return [a for a in self.actions if a.rank == 1]

    def __len__(self) -> int:
        return len(self.actions)

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per action, best first; ``rank`` is shared by equal actions."""
        import pandas as pd   # only here: the engine does not need pandas
        return pd.DataFrame(
            [(a.rank, a.text, a.win_prob, a.win_low, a.win_high, a.score_change, a.playouts, a.confidence, a.margin,
              a.close, "; ".join(a.effects))
             for a in self.actions],
            columns=["rank", "action", "win_prob", "win_low", "win_high", "score_change", "playouts", "confidence",
                     "margin", "close", "what it changes"],
        )

    def sureness_message(self, a: RankedAction | None = None) -> Message:
        """How sure the advisor is that ``a`` (default: the best) is the best, as a message."""
        a = a or self.best
        percent = Quantity(a.confidence, percent=True)
        if not a.playouts:
            return Message(NOT_TRIED)
        if a.ties > 1:
            return Message(EQUAL_BEST if a.rank == 1 else EQUAL_RANK, n=a.ties)
        if a is self.best and a.confidence >= 0.9:
            return Message(CLEARLY_BEST)
        return Message(LIKELY_BEST, percent=percent)

    def sureness(self, a: RankedAction | None = None) -> str:
        """How sure the advisor is that ``a`` (default: the best) is the best, in words."""
        return self.sureness_message(a).text

    def explain_messages(self, top: int = 3, name: Any = None) -> list[tuple[int, Message]]:
        """:meth:`explain` as data: ``(indent, message)`` per line; ``name(action)`` names an
        action (default: its notation), e.g. in words with :func:`dualpowers.describe.describe`."""
        def said(a: RankedAction) -> str:
            return a.text if name is None else name(a.action)
        best = self.best
        # the action and why in one sentence, in the game's words; the figures on the line after
        out: list[tuple[int, Message]] = [
            (0, Message(BEST_BECAUSE, side=self.side, action=said(best), reason=self.reason_message())),
            (2, Message(FIGURES_ROUND if self.horizon == "round" else FIGURES_GAME,
                        sureness=self.sureness_message(), outlook=best.outlook_message()))]
        warning = self.warning_message()
        if warning is not None:
            out.append((2, warning))
        out += [(2, m) for m in best.effect_messages]
        out += [(0, Message(EQUALLY_GOOD if a.rank == best.rank else THEN_ACTION, action=said(a),
                            outlook=a.outlook_message(), effects=tuple(a.effect_messages)))
                for a in self.actions[1:top]]
        rest = len(self.actions) - max(top, 1)
        if rest > 0:
            out.append((2, plural(MORE_ACTIONS, rest)))
        out += [(0, m) for m in (self.chance_message(), self.behind_message()) if m is not None]
        out.append((0, self.stats_message()))
        return out

    def reason_message(self, a: RankedAction | None = None, against: RankedAction | None = None) -> Message:
        """Why ``a`` (default: the best) is good, one sentence in the game's words
        (:func:`.explain.turn_reason`); else, when it leaves the score marker furthest its way
        of all actions by 0.3 VP or more, that; else, when it shares its rank, what it does in the
        game's words (a reason the others give too, the gap it narrows, the objective it places
        where the player leads, a leader's special: ``does``), then that the others of its rank are
        about as good and the choice matters little; a tie with nothing of its own says which
        regions this round's scoring counts none of the tied actions changes (``holds``); a single
        best says what it does; else that the trial games place it best.

        ``against``: the row of an action the reader chose instead (the review: no score-track figure
        then, the moment gives its own against the action chosen).  When it is of a
        lower rank than ``a`` (the playouts separate them), a tie is not said to make the choice
        matter little: the others of ``a``'s rank are as good, the one chosen is below them all
        (issue 35: a moment said another action would have gained about 7 VP, then "the choice
        matters little")."""
        a = a or self.best
        if a.reason is not None:
            return a.reason
        others = [o.track for o in self.actions if o is not a and o.playouts]
        # (not in a review: its moment already says how much further than the action chosen, and a
        # second figure, against the next best, read as a contradiction: "about 2.3 VP more your
        # way", then "about 1.3 VP further your way than any other action", QA8)
        if a.playouts and others and a.track - max(others) >= 0.3 and against is None:
            return Message(REASON_TRACK, vp=Quantity(a.track - max(others), 1))
        if a.ties > 1 and against is not None and against.rank > a.rank:
            if a.does is not None:
                return Message(REASON_DOES_TIED, does=a.does, tied=plural(TIED_OTHERS_NOT_CHOSEN, a.ties - 1))
            return Message(REASON_TIED_NOT_CHOSEN, n=a.ties)
        if a.ties > 1:
            if a.does is not None:
                return Message(REASON_DOES_TIED, does=a.does, tied=plural(TIED_OTHERS, a.ties - 1))
            # what none of the equal actions changes: who is the stronger side where this round's
            # scoring counts (issue 35: "about as good" alone said nothing of the game)
            tied = [dict(o.holds) for o in self.actions if o.rank == a.rank and o is not a]
            held = [(r, why) for r, why in a.holds if all(r in h for h in tied)]
            if len(held) == 1:
                return Message(REASON_TIED_HOLDS, n=a.ties, region=held[0][0], why=held[0][1])
            if held:
                return Message(REASON_TIED_HOLDS_TWO, n=a.ties, region=held[0][0], why=held[0][1],
                               region2=held[1][0], why2=held[1][1])
            return Message(REASON_TIED, n=a.ties)
        if a.does is not None:          # what it does in the game's words, rather than the trial games
            return a.does
        return Message(REASON_PLACED)

    def chance_message(self) -> Message | None:
        """The best action's chance to win the game, and whose chance it is; None for a ranking of
        whole games (its outlook says the chance) or an unmeasured best."""
        a = self.best
        if self.horizon != "round" or not a.playouts:
            return None
        said = CHANCE_FOLLOWER_DUEL if self.mode == "two-player" else CHANCE_FOLLOWER
        return Message(said if self.chance_of == FOLLOWER else CHANCE_GREEDY,
                       percent=Quantity(a.win_prob, percent=True), low=Quantity(a.win_low, percent=True),
                       high=Quantity(a.win_high, percent=True))

    def warning_message(self) -> Message | None:
        """The warning about the player's objective (``warning``), unless the best action's reason
        already says that it takes that region back."""
        from .explain import reason_key
        w, reason = self.warning, self.best.reason
        if w is None or (reason is not None and reason_key(reason).params.get("region") == w.params.get("region")):
            return None
        return w

    def behind_message(self) -> Message | None:
        """The verdict that every action leaves ``side`` more likely to lose, with the upper end of
        the best chance's interval; None when the estimate does not say so (``behind``)."""
        if not self.behind:
            return None
        chance = max(a.win_high for a in self.actions if a.playouts)
        return Message(ALL_BEHIND, percent=Quantity(chance, percent=True))

    def stats_message(self) -> Message:
        """How many playouts, how long, which seed."""
        return Message(PLAYOUT_STATS, playouts=Quantity(self.playouts),
                       seconds=Quantity(self.seconds, 2), seed=self.seed)

    def explain(self, top: int = 3, *, state: State | None = None, lang: str | None = None) -> str:
        """A few lines for a human: the best action, what it changes, how sure, and the runners-up,
        in ``lang`` (default: the current language); given the ranked ``state``, each action
        is named in words (:func:`dualpowers.describe.describe`), otherwise in notation."""
        from ..describe import describe
        from ..i18n import resolve
        from ..text import render
        lang = resolve(lang)
        name = None if state is None else (lambda action: describe(state, action, lang).text)
        return "\n".join(" " * indent + render(m, lang) for indent, m in self.explain_messages(top, name=name))

    def __str__(self) -> str:
        return self.explain()


def _distinct_reason(index: int, fxs: dict[int, Effects]) -> Message | None:
    """The first of row ``index``'s reasons (``Effects.reasons``, else its one ``reason``) that not
    every other row gives as well; None if it has none."""
    from .explain import reason_key
    fx = fxs[index]
    own: tuple[Message, ...] = getattr(fx, "reasons", None) or ((fx.reason,) if fx.reason is not None else ())
    others = [{reason_key(r) for r in (getattr(o, "reasons", None) or ((o.reason,) if o.reason is not None else ()))}
              for i, o in fxs.items() if i != index]
    for r in own:
        if not others or not all(reason_key(r) in keys for keys in others):
            return r
    return None


def build_ranking(side: str, measured: Sequence[Measured], chances: Sequence[float], difference: Difference,
                  playouts: int, seconds: float, seed: int, horizon: str = "round", *, start: float = 0.0,
                  scale: float = 3.0, close_z: float = Z_95, equal: float = 0.0, explain: Callable[[Action], Effects] | None = None,
                  mode: str = "two-player", round_: int = 1, difficulty: int | None = None,
                  score_now: float = 0.0, warning: Message | None = None) -> Ranking:
    """Turn what a search measured into a :class:`Ranking` (see the module docstring).

    ``chances``: each action's chance of being the best (in the order of ``measured``);
    ``difference(i, j)``: (mean, standard error) of action ``i``'s value minus action ``j``'s;
    ``start``: the evaluation now and ``scale`` the squash of the values, so that a mean value
    turns back into a standing in victory points; ``mode``, ``round_`` and ``difficulty`` pick
    the win-chance curve (:func:`win_curve`); ``score_now``: the score track now, counted toward
    ``side`` (each row's ``track`` is it plus the row's mean score change); ``explain(action)`` gives an action's
    :class:`~dualpowers.advisor.explain.Effects`.
    """
    rows = order_rows(measured, chances, difference, close_z, equal)
    curve, ended_curve = win_curve(mode, round_), win_curve(mode, ENDED)
    sizes: dict[int, int] = {}
    for _, _, rank in rows:
        sizes[rank] = sizes.get(rank, 0) + 1

    def standing(value: float) -> float:
        return start + scale * logit(value)

    # Each row's reason: the first one the other actions do not all give as well ("It takes the
    # Will" is no reason to prefer an action when every action takes it).
    fxs = {m.index: explain(m.action) for m, _c, _r in rows} if explain else {}
    reasons = {i: _distinct_reason(i, fxs) for i in fxs}
    ranked = []
    for m, chance, rank in rows:
        if not m.playouts:
            margin, win, low, high = 0.0, 0.5, 0.0, 1.0
        elif horizon == "game" or m.won + m.lost == m.playouts:
            # every playout ended the game: a won game is worth about 1, a lost one about 0, so the
            # mean value is the share of playouts won (compared on the same deals as the others)
            margin = standing(m.value)
            spread = Z_95 * m.value_se
            win, low, high = m.value, max(0.0, m.value - spread), min(1.0, m.value + spread)
            if ended_curve is not None and horizon == "round":     # what followers won from such a share
                win = ended_curve.chance(share_standing(m.value), difficulty)
                low = ended_curve.chance(share_standing(m.value - spread), difficulty, -Z_95)
                high = ended_curve.chance(share_standing(m.value + spread), difficulty, Z_95)
            elif m.won == m.playouts:
                win = high = 1.0
            elif m.lost == m.playouts:
                win = low = 0.0
        else:
            margin = standing(m.value)
            spread = Z_95 * m.value_se
            if curve is None:
                win, low, high = (_squash(standing(v), WIN_SCALE) for v in (m.value, m.value - spread,
                                                                             m.value + spread))
            else:                # the playouts' noise and the curve's own, each at 95 %
                win = curve.chance(margin, difficulty)
                low = curve.chance(standing(max(0.0, m.value - spread)), difficulty, -Z_95)
                high = curve.chance(standing(min(1.0, m.value + spread)), difficulty, Z_95)
        fx = fxs.get(m.index)
        ranked.append(RankedAction(
            action=m.action, text=str(m.action), win_prob=win, win_low=low, win_high=high, score_change=m.score,
            track=score_now + m.score if m.playouts else score_now,
            playouts=m.playouts, confidence=chance, margin=margin, close=rank == 1, rank=rank,
            ties=sizes[rank] if rank else 1, won=m.won, lost=m.lost, horizon=horizon,
            effects=fx.lines if fx else (), regions=fx.region_names if fx else (),
            effect_messages=fx.messages if fx else (), reason=reasons.get(m.index),
            cost=fx.cost if fx else None, does=getattr(fx, "does", None) if fx else None,
            holds=getattr(fx, "holds", ()) if fx else ()))
    tried = [a for a in ranked if a.playouts]
    # The verdict about the game only from a chance that holds for the reader: the follower's
    # curve or the playouts' own wins and losses, never a simple computer player's curve.
    who = FOLLOWER if curve is None or curve.who == FOLLOWER or horizon == "game" else GREEDY
    ended = bool(tried) and all(a.won + a.lost == a.playouts for a in tried)
    behind = bool(tried) and (who == FOLLOWER or ended) and all(a.win_high < 0.5 for a in tried)
    return Ranking(side=side, actions=ranked, playouts=playouts, seconds=seconds, seed=seed, horizon=horizon,
                   relative=True, behind=behind, chance_of=FOLLOWER if ended else who, warning=warning, mode=mode)
