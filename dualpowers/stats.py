"""Small statistics shared by the simulator and the advisor: confidence intervals for win rates, and the
logistic curve of a win chance (fitted by ``benchmarks/win_chance.py`` and ``benchmarks/follow_chance.py``)."""

from __future__ import annotations

import math

__all__ = ["wilson_interval", "logit", "logistic", "fit_logistic", "Z_95"]

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(wins: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``wins`` successes out of ``n`` trials.

    Returns ``(low, high)`` with ``0 <= low <= wins/n <= high <= 1``.  Unlike the
    normal ("Wald") interval, it stays inside [0, 1] and is not empty at 0 or n
    wins, so it is usable for small samples and lopsided win rates::

        >>> [round(x, 4) for x in wilson_interval(81, 263)]
        [0.2553, 0.3662]

    ``z`` is the normal quantile (1.96 for 95%).  With no trials the interval is
    the whole range, ``(0.0, 1.0)``.
    """
    if n < 0 or wins < 0 or wins > n:
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denominator
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # Clamp the rounding noise at the ends: 0 wins give exactly 0, n wins exactly 1.
    if wins == 0:
        low = 0.0
    if wins == n:
        high = 1.0
    return low, high


def logit(p: float, eps: float = 1e-6) -> float:
    """The log-odds of ``p``, with ``p`` held inside ``[eps, 1 - eps]`` so that 0 and 1 stay finite."""
    p = min(max(p, eps), 1.0 - eps)
    return math.log(p / (1.0 - p))


def logistic(x: float) -> float:
    """``1 / (1 + exp(-x))``, safe for any ``x``."""
    return 1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, x))))


def fit_logistic(points: "list[tuple[tuple[float, ...], int]]", ridge: float = 1e-3,
                 iterations: int = 60) -> "tuple[list[float], list[list[float]]]":
    """Maximum-likelihood coefficients ``w`` of ``P(y = 1) = logistic(w[0] + w[1] f[0] + w[2] f[1] ...)``
    for ``(features f, y)`` points, and their covariance (the inverse of the information matrix),
    so that a reader of the curve knows how far to trust it at a given point.  Newton's method;
    a small ``ridge`` keeps a perfectly separated sample finite."""
    k = 1 + (len(points[0][0]) if points else 0)
    w = [0.0] * k
    info = [[0.0] * k for _ in range(k)]
    for _ in range(iterations):
        grad = [-ridge * wi for wi in w]
        info = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for features, y in points:
            f = (1.0,) + tuple(features)
            p = logistic(sum(wi * fi for wi, fi in zip(w, f)))
            for i in range(k):
                grad[i] += (y - p) * f[i]
                for j in range(k):
                    info[i][j] += p * (1.0 - p) * f[i] * f[j]
        step = _solve(info, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if sum(abs(si) for si in step) < 1e-10:
            break
    cov = [_solve(info, [1.0 if i == j else 0.0 for i in range(k)]) for j in range(k)]
    return w, cov


def _solve(m: "list[list[float]]", b: "list[float]") -> "list[float]":
    """``m x = b`` for a small symmetric positive matrix (Gaussian elimination with pivoting)."""
    n = len(b)
    rows = [list(r) + [b[i]] for i, r in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(rows[r][c]))
        rows[c], rows[p] = rows[p], rows[c]
        for r in range(n):
            if r != c:
                q = rows[r][c] / rows[c][c]
                rows[r] = [x - q * y for x, y in zip(rows[r], rows[c])]
    return [rows[i][n] / rows[i][i] for i in range(n)]
