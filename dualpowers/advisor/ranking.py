"""The advisor's answer: the legal actions in order, each with its estimates.

Numbers a reader can check: the win probability is the share of playouts through
the action that ``side`` won, with a 95% Wilson interval (honest even for a few
playouts); the score change is the mean movement of the score track in ``side``'s
favour from now to the end of those playouts.  Past the search tree's first few
decisions the playouts are random on both sides, so these are chances under
random play from there on, not under expert play: in solo, where random play
almost never beats the Opposition, they are near 0 and the order rests on the score.
With ``horizon="round"`` the playouts stop at the end of the round: a playout whose
game did not end counts as the evaluation's estimate (0..1) instead of a win or a
loss, and the score change runs to the end of the round (``Ranking.horizon`` says
which, and :meth:`Ranking.explain` warns).

``confidence`` is the probability that the action is the best of them all, given
the playouts seen, "best" meaning the highest mean playout *value*: the quantity
the search maximises (a win first, then the final score: see
:mod:`.search`).  Each action's mean value gets a normal curve (its sample mean and
standard error, with one prior pseudo-playout uniform on 0..1 so that a few equal
playouts do not look certain), and the chance that it beats every other is
integrated numerically.  The confidences sum to 1; an action never simulated keeps
the flat prior.  Actions are ranked by playouts, which the search spends on the
actions whose value keeps looking best; on ties, by mean value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..narration import N_, Message, Quantity
from ..stats import logit, wilson_interval

if TYPE_CHECKING:
    from ..actions import Action

__all__ = ["RankedAction", "Ranking", "ActionStats", "ordered", "best_probabilities", "build_ranking"]

# ---------------------------------------------------------------------------- the ranking's words
# Templates (see dualpowers.narration): the widgets write them in the notebook's language
# with dualpowers.narrate.message_text; ``outlook()``, ``sureness()`` and ``explain()`` are the English.
LEVEL = N_("level")
AHEAD = N_("{vp} VP ahead")
BEHIND = N_("{vp} VP behind")
TIES_PREFERRED = N_("one of {n} actions the playouts cannot tell apart; preferred by the evaluation of the turn")
TIES_AS_GOOD = N_("one of {n} actions the playouts cannot tell apart; about as good as the best")
CLEARLY_BEST = N_("clearly the best")
LIKELY_BEST = N_("{percent} likely the best")
RANKED = N_("{action} wins {win} ({low}\u2013{high}) of {playouts} playouts, score {score} VP")
BEST_WIN = N_("{side:cap}: {ranked}; {percent} likely the best.")
THEN_WIN = N_("then {ranked}")
BEST_ROUND = N_("{side:cap}, best: {action} ({sureness}); at the end of the round: about {outlook}.")
BEST_GAME = N_("{side:cap}, best: {action} ({sureness}); at the end of the game: about {outlook}.")
THEN_MARGIN = N_("then {action}: about {outlook}; {effects}")
MORE_ONE = N_("(1 more action)")
MORE_MANY = N_("({n} more actions)")
ALL_BEHIND = N_("Every action leaves you behind: the least bad first (by the margin, where the playouts can tell "
                "the actions apart).")
ROUND_ESTIMATES = N_("Playouts stop at the end of the round: the win chances are the evaluation's estimates.")
RANDOM_NEVER_WINS = N_("Random play almost never wins from here: the order rests on the score.")
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
    """Best first, for stable advice: the actions the playouts cannot tell from the best (their
    mean values within :data:`CLOSE_Z` standard errors of the difference) come first, in the order
    of their priors (which do not depend on the seed), then the others by mean value.

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


@dataclass(frozen=True)
class RankedAction:
    """One legal action with the search's estimates for it (see the module docstring).

    ``margin``: with ``value="margin"``, where ``side`` is expected to stand at the end of
    the playouts, in victory points of the evaluation (:func:`dualpowers.policies.evaluate`:
    the score plus the regions held; below 0 is behind); otherwise the mean score change;
    ``close``: the playouts cannot tell it from the best (see :func:`ordered_by_value`);
    ``effects``: what it changes, in words, and ``regions`` the regions those words cite
    (:mod:`.explain`).
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

    def message(self, action: str | None = None) -> Message:
        """The estimates in words (``action``: how to name the action, default its notation)."""
        return Message(RANKED, action=self.text if action is None else action, win=Quantity(self.win_prob, percent=True),
                       low=Quantity(self.win_low, percent=True), high=Quantity(self.win_high, percent=True),
                       playouts=Quantity(self.playouts), score=Quantity(self.score_change, 1, signed=True))

    def __str__(self) -> str:
        return self.message().text

    def outlook_message(self) -> Message:
        """The expected margin as a message (see :meth:`outlook`)."""
        if abs(self.margin) < 0.05:
            return Message(LEVEL)
        return Message(AHEAD if self.margin > 0 else BEHIND, vp=Quantity(abs(self.margin), 1))

    def outlook(self) -> str:
        """The expected margin in words, e.g. ``1.5 VP ahead``."""
        return self.outlook_message().text


@dataclass(frozen=True)
class Ranking:
    """Every legal action of ``side``, best first, after ``playouts`` playouts in ``seconds`` (wall clock).

    ``behind``: every action leaves ``side`` behind on the evaluation at the end of the
    playouts (then the order is by how far behind: the least bad first).
    """

    side: str
    actions: list[RankedAction]
    playouts: int
    seconds: float
    seed: int
    horizon: str = "game"
    relative: bool = False
    behind: bool = False

    @property
    def best(self) -> RankedAction:
        return self.actions[0]

    def __len__(self) -> int:
        return len(self.actions)

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per action, best first."""
        import pandas as pd   # only here: the engine does not need pandas
        return pd.DataFrame(
            [(i, a.text, a.win_prob, a.win_low, a.win_high, a.score_change, a.playouts, a.confidence, a.margin,
              a.close, "; ".join(a.effects))
             for i, a in enumerate(self.actions, 1)],
            columns=["rank", "action", "win_prob", "win_low", "win_high", "score_change", "playouts", "confidence",
                     "margin", "close", "what it changes"],
        )

    def sureness_message(self, a: RankedAction | None = None) -> Message:
        """How sure the advisor is that ``a`` (default: the best) is the best, as a message."""
        a = a or self.best
        ties = sum(x.close for x in self.actions)
        if a.close and ties > 1:
            return Message(TIES_PREFERRED if a is self.best else TIES_AS_GOOD, n=ties)
        if a is self.best and a.confidence >= 0.9:
            return Message(CLEARLY_BEST)
        return Message(LIKELY_BEST, percent=Quantity(a.confidence, percent=True))

    def sureness(self, a: RankedAction | None = None) -> str:
        """How sure the advisor is that ``a`` (default: the best) is the best, in words."""
        return self.sureness_message(a).text

    def explain_messages(self, top: int = 3, name: Any = None) -> list[tuple[int, Message]]:
        """:meth:`explain` as data: ``(indent, message)`` per line; ``name(action)`` names an
        action (default: its notation), e.g. in words with :func:`dualpowers.describe.describe`."""
        def said(a: RankedAction) -> str:
            return a.text if name is None else name(a.action)
        best = self.best
        out: list[tuple[int, Message]] = []
        if not self.relative:
            out.append((0, Message(BEST_WIN, side=self.side, ranked=best.message(said(best)),
                                   percent=Quantity(best.confidence, percent=True))))
            out += [(2, Message(THEN_WIN, ranked=a.message(said(a)))) for a in self.actions[1:top]]
        else:
            out.append((0, Message(BEST_ROUND if self.horizon == "round" else BEST_GAME, side=self.side,
                                   action=said(best), sureness=self.sureness_message(),
                                   outlook=best.outlook_message())))
            out += [(2, m) for m in best.effect_messages]
            out += [(0, Message(THEN_MARGIN, action=said(a), outlook=a.outlook_message(),
                                effects=tuple(a.effect_messages))) for a in self.actions[1:top]]
        rest = len(self.actions) - max(top, 1)
        if rest > 0:
            out.append((2, Message(MORE_ONE) if rest == 1 else Message(MORE_MANY, n=rest)))
        if self.behind:
            out.append((0, Message(ALL_BEHIND)))
        if self.horizon == "round" and not self.relative:
            out.append((0, Message(ROUND_ESTIMATES)))
        elif not self.relative and best.playouts and best.win_high < 0.05:
            out.append((0, Message(RANDOM_NEVER_WINS)))
        out.append((0, self.stats_message()))
        return out

    def stats_message(self) -> Message:
        """How many playouts, how long, which seed."""
        return Message(PLAYOUT_STATS, playouts=Quantity(self.playouts),
                       seconds=Quantity(self.seconds, 2), seed=self.seed)

    def explain(self, top: int = 3, *, state: Any = None, lang: str | None = None) -> str:
        """A few lines for a human: the best action, what it changes, how sure, and the runners-up,
        in ``lang`` (default: the current language); given the ranked ``state``, each action
        is named in words (:func:`dualpowers.describe.describe`), otherwise in notation."""
        from ..describe import describe
        from ..i18n import resolve
        from ..narrate import message_text
        lang = resolve(lang)
        name = None if state is None else (lambda action: describe(state, action, lang).text)
        return "\n".join(" " * indent + message_text(m, lang) for indent, m in self.explain_messages(top, name=name))

    def __str__(self) -> str:
        return self.explain()


def build_ranking(side: str, stats: Sequence[ActionStats], playouts: int, seconds: float, seed: int,
                  horizon: str = "game", sort: bool = True, prior_weight: float = 0, scale: float = 0.0,
                  start: float = 0.0, explain: Any = None, close_z: float = CLOSE_Z) -> Ranking:
    """Turn the search's totals into a :class:`Ranking` (``sort=False``: ``stats`` are in order already).

    With ``scale`` (values measured from now, see the search): each action's margin is
    its mean value turned back into victory points; ``start`` is the evaluation now, so
    that ``start + margin < 0`` for every action means every action leaves ``side`` behind.
    ``explain(action)`` gives an action's :class:`~dualpowers.advisor.explain.Effects`.
    """
    rows = ordered(stats) if sort else list(stats)
    conf = best_probabilities([a.value_estimate() for a in rows])
    if scale:
        est = [posterior(a, prior_weight) for a in rows]
        m0, s0 = est[0]
        margins = [start + scale * logit(m) for m, _ in est]
        close = [a.playouts > 0 and m >= m0 - close_z * math.sqrt(s0 * s0 + s * s) for a, (m, s) in zip(rows, est)]
        close[0] = True
    else:
        margins = [a.score / a.playouts if a.playouts else 0.0 for a in rows]
        close = [i == 0 for i in range(len(rows))]
    ranked = []
    for a, c, margin, near in zip(rows, conf, margins, close):
        low, high = wilson_interval(a.wins, a.playouts)  # type: ignore[arg-type]
        fx = explain(a.action) if explain else None
        ranked.append(RankedAction(
            action=a.action, text=str(a.action), win_prob=a.mean, win_low=low, win_high=high,
            score_change=a.score / a.playouts if a.playouts else 0.0, playouts=a.playouts, confidence=c,
            margin=margin, close=near, effects=fx.lines if fx else (), regions=fx.region_names if fx else (),
            effect_messages=fx.messages if fx else (),
        ))
    behind = bool(scale) and all(m < 0 for m, a in zip(margins, rows) if a.playouts)
    return Ranking(side=side, actions=ranked, playouts=playouts, seconds=seconds, seed=seed, horizon=horizon,
                   relative=bool(scale), behind=behind)
