"""Small, dependency-free statistics for the lab: Wilson intervals, paired differences, Student's t.

Written out here (rather than taken from scipy) so the lab needs no heavy dependency; each function is checked
against published values in ``tests/lab/test_stats.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

_NORMAL = NormalDist()


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.959964 for 95 %."""
    return _NORMAL.inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3).

    ``successes`` may be fractional (a win shared by two seats counts a half), which the formula accepts as is.
    With no trials the interval is the whole of [0, 1].
    """
    if n <= 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# --- Student's t, through the regularised incomplete beta function (Numerical Recipes 6.4) -----------------
def _beta_cf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_cf(a, b, x) / a
    return 1.0 - front * _beta_cf(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    if math.isnan(t):
        return 1.0
    return _betainc(df / 2, 0.5, df / (df + t * t))


def t_quantile(confidence: float, df: float) -> float:
    """The two-sided critical value: ``t_quantile(0.95, 10)`` is 2.228."""
    alpha = 1 - confidence
    lo, hi = 0.0, 1e3
    for _ in range(200):  # bisection on the monotone p-value
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass(frozen=True)
class PairedDifference:
    """The mean of paired differences (A minus B) with its interval and a paired t-test."""

    n: int
    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    p_value: float
    confidence: float

    @property
    def significant(self) -> bool:
        return self.p_value < 1 - self.confidence


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> PairedDifference:
    """Paired t-test of ``a[i] - b[i]`` (same seeds, seats and bots in both arms).

    With all differences equal (zero spread) the interval collapses to the point and the p-value is 1 for a
    zero difference, 0 otherwise.
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if n == 0:
        return PairedDifference(0, math.nan, math.nan, math.nan, math.nan, math.nan, 1.0, confidence)
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    mean_a, mean_b = sum(a) / n, sum(b) / n
    if n < 2:
        return PairedDifference(n, mean_a, mean_b, mean, -math.inf, math.inf, 1.0, confidence)
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    se = math.sqrt(var / n)
    if se == 0:
        return PairedDifference(n, mean_a, mean_b, mean, mean, mean, 1.0 if mean == 0 else 0.0, confidence)
    t = mean / se
    q = t_quantile(confidence, n - 1)
    return PairedDifference(n, mean_a, mean_b, mean, mean - q * se, mean + q * se, t_two_sided_p(t, n - 1), confidence)


def proportion_z_p(successes: float, n: float, p0: float) -> float:
    """Two-sided p-value of a one-sample test of a proportion against ``p0`` (normal approximation)."""
    if n <= 0 or not 0 < p0 < 1:
        return 1.0
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and its t interval."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
    half = t_quantile(confidence, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half
