"""The toy game itself must be right, or the platform tests built on it prove nothing."""

from firebreak.core import Rng
from toygame.game import MAX_TURNS, PASS, card_value
from toygame.helpers import play_random


def test_playing_a_card_scores_value_times_wind_and_draws(toy):
    state = toy.new_game(2, 1)
    card, wind = state.hands[0][0], state.wind
    deck_before = len(state.deck)
    state.apply(card)
    assert state.points[0] == card_value(card) * wind
    assert len(state.hands[0]) == 3 and len(state.deck) == deck_before - 1
    assert state.current_player() == 1


def test_plain_scoring_ignores_the_wind(toy):
    state = toy.new_game(2, 1, {"scoring": "plain"})
    card = state.hands[0][-1]
    state.apply(card)
    assert state.points[0] == card_value(card)


def test_game_ends_after_the_turn_limit_and_ties_share_the_win(toy):
    state = toy.new_game(2, 0)
    for _ in range(MAX_TURNS):
        state.apply(PASS)
    assert state.is_terminal()
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_determinize_resamples_hidden_hands_only(toy):
    state = play_random(toy.new_game(3, 2), seed=3, max_actions=2)
    samples = [state.determinize(0, Rng(s)) for s in range(20)]
    assert all(d.hands[0] == state.hands[0] for d in samples)
    assert any(d.hands[1] != state.hands[1] for d in samples), "hidden hands must be resampled"
    assert any(d.rng != state.rng for d in samples), "future chance must be reseeded"
    opened = play_random(toy.new_game(3, 2, {"open_hands": True}), seed=3, max_actions=2)
    assert all(opened.determinize(0, Rng(s)).hands == opened.hands for s in range(5))


def test_determinize_is_reproducible_for_an_rng(toy):
    state = toy.new_game(2, 9)
    assert state.determinize(1, Rng(4)) == state.determinize(1, Rng(4))
