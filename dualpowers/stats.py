"""Small statistics shared by the simulator and the advisor: confidence intervals for win rates."""

from __future__ import annotations

import math

__all__ = ["wilson_interval", "logit", "Z_95"]

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
