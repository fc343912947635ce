"""The lab's statistics against published values and synthetic data with a known answer."""

import math
import random

import pytest

from firebreak.lab.stats import (
    mean_interval,
    paired_difference,
    proportion_z_p,
    t_quantile,
    t_two_sided_p,
    wilson_interval,
)


@pytest.mark.parametrize(
    "successes, n, low, high",
    [  # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_newcombes_published_values(successes, n, low, high):
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(20, 20)
    assert hi == 1.0 and lo == pytest.approx(1 - 0.1611, abs=5e-5)  # mirror of 0/20
    lo90, hi90 = wilson_interval(81, 263, 0.90)
    lo95, hi95 = wilson_interval(81, 263)
    assert lo95 < lo90 < hi90 < hi95
    assert wilson_interval(40.5, 100)[0] < 0.405 < wilson_interval(40.5, 100)[1]  # fractional (shared) wins


@pytest.mark.parametrize("df, q", [(1, 12.706), (5, 2.571), (10, 2.228), (30, 2.042), (1000, 1.962)])
def test_t_quantiles_match_the_printed_table(df, q):
    assert t_quantile(0.95, df) == pytest.approx(q, abs=1e-3)
    assert t_two_sided_p(q, df) == pytest.approx(0.05, abs=2e-4)


def test_paired_t_test_on_students_sleep_data():
    """Cushny & Peebles' sleep data (Student 1908); R's t.test(paired=TRUE) gives t = -4.0621, df = 9,
    p = 0.002833, 95% CI -2.4598858 .. -0.7001142."""
    drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    d = paired_difference(drug1, drug2)
    assert d.diff == pytest.approx(-1.58)
    assert d.p_value == pytest.approx(0.002833, abs=2e-6)
    assert (d.low, d.high) == (pytest.approx(-2.4598858, abs=1e-6), pytest.approx(-0.7001142, abs=1e-6))
    assert d.significant


def test_paired_test_finds_a_known_shift_and_not_a_null_one():
    r = random.Random(7)
    base = [r.gauss(10, 5) for _ in range(400)]
    shifted = [x + 1.0 + r.gauss(0, 1) for x in base]
    found = paired_difference(shifted, base)
    assert found.low < 1.0 < found.high and found.p_value < 1e-6
    # Pairing matters: the shift is invisible to an unpaired comparison of such spread samples, not to this one.
    null = paired_difference([x + r.gauss(0, 1) for x in base], base)
    assert null.low < 0 < null.high and not null.significant


def test_paired_test_degenerate_cases():
    same = paired_difference([1, 0, 1], [1, 0, 1])
    assert (same.diff, same.low, same.high, same.p_value) == (0, 0, 0, 1.0)
    shifted = paired_difference([2, 1, 2], [1, 0, 1])
    assert shifted.p_value == 0.0 and shifted.low == shifted.high == 1
    with pytest.raises(ValueError):
        paired_difference([1], [1, 2])


def test_one_sample_proportion_test_and_mean_interval():
    assert proportion_z_p(50, 100, 0.5) == pytest.approx(1.0)
    assert proportion_z_p(65, 100, 0.5) == pytest.approx(0.002700, abs=1e-5)  # z = 3
    mean, _, hi = mean_interval([1, 2, 3, 4, 5])
    assert mean == 3 and hi - mean == pytest.approx(2.776445 * math.sqrt(2.5) / math.sqrt(5), abs=1e-5)
