"""The evaluation's weights (``heuristic.Weights``): the defaults are the usual evaluation, and each weight does
what its name says, so a tuning run (``benchmarks/tune_great_fire.py``) measures the change it means to."""

from __future__ import annotations

import random

from firebreak.games.great_fire.heuristic import Weights, _threat, evaluate_all, weighted_evaluation

from .helpers import SPEC


def positions(seed: int = 5, n: int = 4, every: int = 25):
    """Positions along one random game (the fire spreads, bands walk, houses burn)."""
    s = SPEC.new_game(n, seed, {})
    rng = random.Random(seed)
    step = 0
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        step += 1
        if step % every == 0:
            yield s.clone()


def test_the_default_weights_are_the_usual_evaluation():
    usual = weighted_evaluation(Weights())
    seen = 0
    for s in positions():
        assert usual(s) == evaluate_all(s)
        seen += 1
    assert seen > 5


def test_with_no_threat_and_no_prospect_a_seat_is_scored_by_its_lead_over_the_best_rival():
    plain = weighted_evaluation(Weights(threat=0.0, prospect=0.0))
    for s in positions():
        totals = [s.score_breakdown(p)["total"] for p in range(s.num_players)]
        leads = [totals[p] - max(t for q, t in enumerate(totals) if q != p) for p in range(s.num_players)]
        assert plain(s) == leads


def test_rival_zero_measures_a_seat_against_the_rivals_mean():
    mean = weighted_evaluation(Weights(rival=0.0))
    for s in positions():
        values = mean(s)
        # each seat's own standing less the mean of the others': the seats' evaluations add up to nothing
        assert abs(sum(values)) < 1e-9
    # and it differs from the usual evaluation, which measures against the best rival only
    assert any(mean(s) != evaluate_all(s) for s in positions())


def test_the_threat_weight_matters_only_where_uncontained_fire_touches_houses():
    low = weighted_evaluation(Weights(threat=0.3))
    threatened = calm = 0
    for s in positions():
        touched = any(t and s.houses[d] for d, t in enumerate(_threat(s)))
        if touched:
            threatened += 1
        else:
            calm += 1
            assert low(s) == evaluate_all(s)
    assert threatened and any(low(s) != evaluate_all(s) for s in positions())
