"""Action validation, text forms and cloning (core/game.py), on the toy game."""

import pytest

from firebreak.core import IllegalActionError, MalformedActionError
from toygame.game import DECK_SIZE, PASS, EmberState
from toygame.helpers import play_random, snapshot


@pytest.fixture
def state(toy):
    return play_random(toy.new_game(3, 11), seed=5, max_actions=4)


def _card_not_in_hand(state):
    hand = state.hands[state.current_player()]
    return next(c for c in range(DECK_SIZE) if c not in hand)


def test_illegal_action_raises_and_changes_nothing(state):
    before = snapshot(state)
    card = _card_not_in_hand(state)
    with pytest.raises(IllegalActionError, match="not legal now"):
        state.apply(card)
    with pytest.raises(IllegalActionError):
        state.apply(state.action_to_text(card))
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "bad, message",
    [
        (-1, "outside this game's action space"),
        (DECK_SIZE + 1, "outside this game's action space"),
        (10**9, "outside"),
        (True, "not an action"),
        (False, "not an action"),
        ("play green 7", "is not an action of Ember Cards"),
        ("", "is not an action"),
        (3.0, "integer id or its text"),
        (None, "integer id or its text"),
        ([1], "integer id or its text"),
    ],
)
def test_malformed_action_raises_and_changes_nothing(state, bad, message):
    before = snapshot(state)
    with pytest.raises(MalformedActionError, match=message):
        state.apply(bad)
    assert snapshot(state) == before


def test_no_action_is_legal_once_the_game_is_over(toy):
    state = play_random(toy.new_game(2, 3), seed=1)
    assert state.is_terminal() and state.legal_actions() == []
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(PASS)
    assert snapshot(state) == before


def test_every_action_text_round_trips_to_its_id(toy):
    state = toy.new_game(2, 0)
    n = EmberState.num_distinct_actions(2)
    texts = [state.action_to_text(a) for a in range(n)]
    assert len(set(texts)) == n, "texts must be unique"
    for a, text in enumerate(texts):
        assert state.text_to_action(text) == a
        assert state.text_to_action("  " + text.upper().replace(" ", "   ") + " ") == a  # case and spacing forgiven


def test_apply_by_text_equals_apply_by_id(toy):
    by_id, by_text = toy.new_game(2, 7), toy.new_game(2, 7)
    for _ in range(6):
        a = by_id.legal_actions()[0]
        events_id = by_id.apply(a)
        events_text = by_text.apply(by_text.action_to_text(a))
        assert events_id == events_text
    assert by_id == by_text


def test_apply_returns_exactly_the_new_events(toy):
    state = toy.new_game(2, 2)
    start = len(state.events)
    new = state.apply(state.legal_actions()[0])
    assert new == state.events[start:] and new


def test_clone_is_equal_and_independent(toy):
    state = play_random(toy.new_game(3, 4), seed=2, max_actions=3)
    copy = state.clone()
    assert copy == state and copy.state_dict() == state.state_dict()
    before = snapshot(state)
    play_random(copy, seed=9)
    assert copy.is_terminal()
    assert snapshot(state) == before, "playing on the clone must not touch the original"
    assert copy != state


def test_playing_on_the_original_leaves_its_clone_untouched(toy):
    """Clones share the action history, event log and take-back stack until one side plays (copy on write): the
    original playing on, through either apply, never shows up in a clone, nor a second clone's play in the first."""
    state = play_random(toy.new_game(3, 4), seed=2, max_actions=3)
    first, second = state.clone(), state.clone()
    before = snapshot(first)
    undo_before = list(first.undo_stack)
    state.apply(state.legal_actions()[0])
    state.apply_unchecked(state.legal_actions()[0])
    play_random(second, seed=9)
    assert snapshot(first) == before and first.undo_stack == undo_before
    assert len(state.history) == len(first.history) + 2
    first.apply(first.legal_actions()[0])
    assert first.history[:-1] == before["history"] and state.history[: len(before["history"])] == before["history"]


def test_clone_continues_with_the_same_future(toy):
    state = play_random(toy.new_game(2, 4), seed=2, max_actions=3)
    copy = state.clone()
    for a in (PASS, PASS, PASS):
        state.apply(a)
        copy.apply(a)
    assert copy == state and copy.events == state.events


def test_apply_unchecked_matches_apply_for_legal_moves(toy):
    checked, fast = toy.new_game(2, 8), toy.new_game(2, 8)
    play_random(checked, seed=3)
    for a in checked.history:
        fast.apply_unchecked(a)
    assert fast == checked and fast.events == checked.events


def _with_legal(toy, ids):
    """A new game whose seat to act may play every card of ``ids``."""
    for seed in range(500):
        state = toy.new_game(2, seed)
        if set(ids) <= set(state.legal_actions()):
            return state
    raise AssertionError(f"no seed deals {ids}")


@pytest.mark.parametrize("look_alike, message", [(True, "not an action"), (False, "not an action"), (1.0, "integer")])
def test_a_value_equal_to_a_legal_id_is_refused_unless_it_is_an_int(toy, look_alike, message):
    """apply's quick path takes only a plain int found among the legal ids: True and 1.0 equal the legal id 1 (and
    False the legal 0), and are still refused as malformed, changing nothing."""
    state = _with_legal(toy, (0, 1))
    before = snapshot(state)
    with pytest.raises(MalformedActionError, match=message):
        state.apply(look_alike)
    assert snapshot(state) == before


def test_a_game_listing_its_legal_actions_out_of_order_still_has_each_accepted(toy):
    """The quick legality check halves the sorted legal list; a game breaking the sorted order (a bug the contract
    tests catch) still has every legal action accepted and every other refused, never the other way round."""

    class Unsorted(EmberState):
        def _legal_actions(self):
            return sorted(super()._legal_actions(), reverse=True)

    state = Unsorted.new(2, toy.resolve_options(2), 3)
    legal = state.legal_actions()
    assert legal != sorted(legal) and len(legal) > 2
    illegal = _card_not_in_hand(state)
    with pytest.raises(IllegalActionError, match="not legal now"):
        state.apply(illegal)
    for a in legal:
        probe = state.clone()
        probe.apply(a)
        assert probe.history[-1] == a


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_samples_of_one_position_share_what_the_seat_saw_and_play_on_apart(game):
    """A search samples one position many times: each sample's log is what its seat saw (worked out once for the
    position), and a sample playing on changes neither the others' logs nor the next sample's."""
    from firebreak.core import Rng, get_game

    state = play_random(get_game(game).new_game(3, 4), seed=2, max_actions=40)
    seat = (state.current_player() + 1) % 3
    seen = state.events_for(seat)
    rng = Rng(5)
    first, second = state.determinize(seat, rng), state.determinize(seat, rng)
    assert first.events == second.events == seen
    play_random(first, seed=3, max_actions=30)
    assert second.events == seen and state.determinize(seat, rng).events == seen
    assert first.events[: len(seen)] == seen and len(first.events) > len(seen)
    state.apply(state.legal_actions()[0])  # the position moves on: its samples see the new events
    assert state.determinize(seat, rng).events == state.events_for(seat) != seen
