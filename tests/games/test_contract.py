"""The game protocol's contract, checked on every shipped game through the core interface alone.

Whatever a game does inside, front ends and bots rely on these promises: a fixed action space with unique texts,
checked actions that leave the state untouched when refused, JSON views, independent clones, faithful records, and
determinisations that agree with the player's view and depend only on what the player knows.
"""

from __future__ import annotations

import json
import random

import pytest

from firebreak.core import (
    TERMINAL,
    IllegalActionError,
    MalformedActionError,
    Rng,
    all_games,
    load_game,
    record_of,
    replay,
    save_game,
)

SHIPPED = [spec for spec in all_games() if spec.state_class.__module__.startswith("firebreak.games.")]


def _checkpoints(total_hint: int) -> int:
    return max(1, total_hint // 25)


def _check_determinisation(state, seat: int, k: int) -> None:
    det = state.determinize(seat, Rng(k))
    assert det.legal_actions() == state.legal_actions() if state.current_player() == seat else True
    assert det.current_player() == state.current_player()
    assert json.dumps(det.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True), (
        "a sample must look exactly like the truth to the player"
    )
    assert det.events == state.events_for(seat), "a sample carries only the player's own log"
    assert det.seed != state.seed or state.seed == -1
    other = state.determinize(seat, Rng(1000 + k))
    again = other.determinize(seat, Rng(k))
    assert again.state_dict() == det.state_dict(), "a sample must depend only on what the player knows"


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda s: s.name)
def test_whole_random_games_keep_the_protocol_contract(spec, tmp_path):
    for seed in (1, 2):
        state = spec.new_game(spec.default_players, seed)
        n = state.num_players
        space = spec.num_distinct_actions(n)
        rng = random.Random(seed)
        steps = 0
        every = 7 if spec.name != "catan" else 97
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal)) and 0 <= legal[0] and legal[-1] < space
            assert state.current_player() in range(n)
            if steps % every == 0:
                for a in legal[:20]:
                    assert state.text_to_action(state.action_to_text(a)) == a
                for p in (None, *range(n)):
                    json.dumps(state.view(p))
                before = state.clone()
                illegal = next((a for a in range(space) if not state.is_legal(a)), None)
                if illegal is not None:
                    with pytest.raises(IllegalActionError):
                        state.apply(illegal)
                with pytest.raises(MalformedActionError):
                    state.apply(space)
                assert state == before
                _check_determinisation(state, state.current_player(), steps)
                _check_determinisation(state, (state.current_player() + 1) % n, steps)
                copy = state.clone()
                copy.apply(rng.choice(legal))
                assert copy != state and len(state.history) == steps
            state.apply(rng.choice(legal))
            steps += 1
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        winners = state.winners()
        assert winners and set(winners) <= set(range(n))
        assert len(state.scores()) == n and abs(sum(state.returns()) - 1.0) < 1e-9
        assert replay(record_of(state)) == state
        save_game(state, tmp_path / f"{spec.name}-{seed}.json")
        assert load_game(tmp_path / f"{spec.name}-{seed}.json") == state
        json.dumps(state.view(None))
        if spec.stats is not None:
            json.dumps(spec.stats(state))


@pytest.mark.parametrize("spec", [s for s in SHIPPED if s.heuristic_all is not None], ids=lambda s: s.name)
def test_a_heuristic_for_every_seat_agrees_with_the_heuristic_seat_by_seat(spec):
    """Search bots score leaves with ``spec.heuristic_all`` where a game has one: it must be the same
    evaluation as ``spec.heuristic``, seat by seat, all through a game and at its end."""
    every_seat = spec.heuristic_all
    state = spec.new_game(spec.default_players, 4)
    rng = random.Random(4)
    checked = 0
    while True:
        if len(state.history) % 5 == 0 or state.is_terminal():
            got = every_seat(state)
            assert got == pytest.approx([spec.heuristic(state, p) for p in range(state.num_players)])
            checked += 1
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 5
    final = every_seat(state)
    assert max(range(state.num_players), key=final.__getitem__) in state.winners(), (
        "a finished game is worth most to its winner"
    )
