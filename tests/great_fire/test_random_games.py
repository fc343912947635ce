"""Randomised whole games: invariants after every action, for every player count and option."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from firebreak.core import IllegalActionError, MalformedActionError, Rng, load_game, replay, record_of, save_game

from .helpers import SPEC
from .invariants import check

OPTIONS = [dict(hidden_colours=h, more_destruction=m) for h, m in itertools.product((False, True), repeat=2)]


def play_random(n: int, seed: int, options: dict, checker=check):
    state = SPEC.new_game(n, seed, options)
    rng = random.Random(seed * 7 + n)
    checker(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a live game always offers an action"
        state.apply(rng.choice(legal))
        checker(state)
    return state


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_random_games_keep_invariants(n, opt):
    for seed in range(3):
        state = play_random(n, seed, OPTIONS[opt])
        assert state.winners()


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("opt", range(len(OPTIONS)))
def test_many_random_games_keep_invariants(n, opt):
    for seed in range(100, 120):
        play_random(n, seed, OPTIONS[opt])


def test_same_seed_same_game_and_different_seeds_differ():
    a = play_random(4, 11, {})
    b = play_random(4, 11, {})
    c = play_random(4, 12, {})
    assert a == b and a.events == b.events
    assert a.state_dict() != c.state_dict()


def test_illegal_and_malformed_actions_leave_the_state_unchanged():
    state = SPEC.new_game(4, 5, {})
    rng = random.Random(1)
    for _ in range(150):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        before = state.clone()
        illegal = next(a for a in range(SPEC.num_distinct_actions(4)) if a not in legal)
        with pytest.raises(IllegalActionError):
            state.apply(illegal)
        for bad in (-1, SPEC.num_distinct_actions(4), "dance a jig", 2.5, True, None):
            with pytest.raises(MalformedActionError):
                state.apply(bad)
        assert state == before and state.events == before.events
        state.apply(rng.choice(sorted(legal)))


def test_actions_by_text_and_id_round_trip():
    state = SPEC.new_game(3, 2, {})
    for a in range(SPEC.num_distinct_actions(3)):
        assert state.text_to_action(state.action_to_text(a)) == a
    texts = [state.action_to_text(a) for a in range(SPEC.num_distinct_actions(3))]
    assert len(set(texts)) == len(texts)
    legal = state.legal_actions()[3]
    assert state.text_to_action("  " + state.action_to_text(legal).upper() + " ") == legal


def test_save_load_gives_an_equal_state_midgame_and_at_the_end(tmp_path):
    state = SPEC.new_game(5, 3, {"hidden_colours": True})
    rng = random.Random(3)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "mid.json"
    save_game(state, path)
    loaded = load_game(path)
    assert loaded == state
    # the loaded game goes on exactly like the original
    for _ in range(40):
        a = rng.choice(state.legal_actions())
        state.apply(a)
        loaded.apply(a)
    assert loaded == state
    final = play_random(3, 9, {"more_destruction": True})
    save_game(final, tmp_path / "end.json")
    assert load_game(tmp_path / "end.json") == final


def test_replay_checks_every_event(tmp_path):
    final = play_random(4, 21, {})
    rec = record_of(final)
    assert replay(rec) == final
    obj = rec.to_json()
    for i, e in enumerate(obj["events"]):
        if e["kind"] == "houses_burnt":
            obj["events"][i]["data"]["district"] = "Somewhere Else"
            break
    from firebreak.core import GameRecord, SaveFileError

    with pytest.raises(SaveFileError, match="event"):
        replay(GameRecord.from_json(json.loads(json.dumps(obj))))


def test_clone_is_independent():
    state = SPEC.new_game(4, 8, {})
    rng = random.Random(8)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[0])
    assert copy != state
    assert len(copy.history) == len(state.history) + 1


def test_a_clone_playing_to_the_end_leaves_the_original_as_it_was():
    """A clone shares each district's list of houses with the original (the rules replace a district's list when
    its houses burn or are demolished, never change it): burning them all in the clone leaves the original's alone."""
    state = SPEC.new_game(4, 9, {})
    rng = random.Random(9)
    while not state.is_terminal():
        if len(state.history) % 20 == 0:
            before = json.dumps(state.state_dict(), sort_keys=True)
            copy = state.clone()
            while not copy.is_terminal():
                copy.apply_unchecked(rng.choice(copy.legal_actions()))
            assert sum(map(len, copy.houses)) < sum(map(len, state.houses))
            assert json.dumps(state.state_dict(), sort_keys=True) == before
        state.apply(rng.choice(state.legal_actions()))


def test_views_are_json_ready_throughout():
    state = SPEC.new_game(6, 4, {"hidden_colours": True})
    rng = random.Random(4)
    while not state.is_terminal():
        for p in (None, *range(6)):
            json.dumps(state.view(p))
        state.apply(rng.choice(state.legal_actions()))
    json.dumps(state.view(None))


def test_determinisations_keep_invariants_and_play_on():
    state = SPEC.new_game(4, 13, {"hidden_colours": True})
    rng = random.Random(13)
    for _ in range(100):
        state.apply(rng.choice(state.legal_actions()))
    for i in range(5):
        det = state.determinize(state.current_player(), Rng(i))
        check(det)
        assert det.legal_actions() == state.legal_actions()
        while not det.is_terminal():
            det.apply(rng.choice(det.legal_actions()))
            check(det)
