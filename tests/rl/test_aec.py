"""The PettingZoo AEC environment: PettingZoo's own API test for every game and player count, masks equal to the
legal actions at every step, observations blind to what the seat cannot see, rewards, seeding and rendering."""

from __future__ import annotations

import copy

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from firebreak.core import Rng, all_games, get_game  # noqa: E402
from firebreak.core.encoding import observation_encoder  # noqa: E402
from firebreak.rl import aec_env  # noqa: E402
from firebreak.rl.aec import encode, observation, view_observation  # noqa: E402

from .helpers import OPTION_SETS, game_counts, short  # noqa: E402


@pytest.mark.parametrize("game,n", game_counts())
def test_pettingzoo_api_test(game: str, n: int) -> None:
    api_test(aec_env(game, n, **short(game)), num_cycles=60)


def _play_random(env, seed: int, check) -> list[int]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        check(env, agent, obs)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        env.step(action)
    return actions


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_masks_are_the_legal_actions_at_every_step(game: str) -> None:
    spec = get_game(game)
    steps = 0
    for k, options in enumerate(OPTION_SETS[game]):
        for n in (spec.min_players, spec.max_players):
            env = aec_env(game, n, **short(game, options))
            size = env.unwrapped.encoder.size

            def check(env, agent, obs) -> None:
                nonlocal steps
                state = env.unwrapped.game_state
                seat = int(agent.split("_")[1])
                assert seat == state.current_player()
                assert obs["observation"].shape == (size,) and obs["observation"].dtype == np.float32
                assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
                for other in env.agents:  # a seat not to act has nothing legal
                    if other != agent:
                        assert not env.observe(other)["action_mask"].any()
                steps += 1

            for seed in range(2):
                _play_random(env, 10 * k + seed, check)
    assert steps > 500


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_observations_ignore_what_the_seat_cannot_see(game: str) -> None:
    """A twin state resampling everything a seat cannot see (as the bots' fairness tests do) gives that seat the
    same observation; the twin really differs (hidden state, or what another seat sees)."""
    spec = get_game(game)
    differs = 0
    for options in OPTION_SETS[game]:
        n = spec.default_players
        encoder = observation_encoder(spec, n, short(game, options))
        actions = spec.num_distinct_actions(n, short(game, options))
        for seed in range(3):
            state = spec.new_game(n, seed, short(game, options))
            rng = Rng(seed)
            for step in range(120):
                if state.is_terminal():
                    break
                if step % 7 == 0:
                    seat = state.current_player()
                    twin = state.determinize(seat, Rng(1000 + step))
                    mine = encode(encoder, state, seat, actions)  # the fast path when the game has one
                    theirs = encode(encoder, twin, seat, actions)
                    assert np.array_equal(mine["observation"], theirs["observation"])
                    assert np.array_equal(mine["action_mask"], theirs["action_mask"])
                    for other in range(n):  # every seat, fast path and view path alike
                        ours = observation(encoder, state, other)
                        assert np.array_equal(ours, view_observation(encoder, state, other))
                        if other == seat:
                            assert np.array_equal(ours, observation(encoder, twin, other))
                            assert np.array_equal(ours, view_observation(encoder, twin, other))
                    differs += twin.state_dict() != state.state_dict()
                state.apply(rng.choice(state.legal_actions()))
    assert differs > 5


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_fast_observations_equal_the_view_path_at_every_step(game: str) -> None:
    """Every game's fast path (straight from the state) gives exactly the vector its view path gives: the seat to
    act at every step of random games, every seat at every fourth step and at the end, with every player count
    and option set tested; a list buffer and the environments' float32 buffer alike."""
    spec = get_game(game)
    compared = steps = 0
    for k, options in enumerate(OPTION_SETS[game]):
        for n in range(spec.min_players, spec.max_players + 1):
            opts = {**short(game, options), **({"turn_limit": 8} if game == "catan" else {})}
            encoder = observation_encoder(spec, n, opts)
            assert encoder.has_fast_path
            state = spec.new_game(n, 100 + k, opts)
            rng = Rng(k + n)
            step = 0
            while True:
                step += 1
                every = step % 4 == 0 or state.is_terminal()
                for seat in range(n) if every else [state.current_player()]:
                    reference = view_observation(encoder, state, seat)
                    assert np.array_equal(observation(encoder, state, seat), reference), (opts, n, seat, step)
                    assert np.array_equal(np.asarray(encoder.encode_state(state, seat), np.float32), reference)
                    compared += 1
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))
            steps += step
    assert steps > 500 and compared > steps


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_environment_observations_equal_the_view_path_through_whole_games(game: str) -> None:
    """What a learner reads at every decision of whole random games (the acting seat's observation through the
    environment, a kept vector patched only where the state changed: Catan's draft and trade steps, its board's
    corners and sides, card counts and seat blocks; Great Fire's board and seats) is exactly the vector the
    seat's view encodes, with the fewest and the most players and every option set. Catan's games run to a
    40-turn limit, long enough for building, robbing, development cards and trades to happen."""
    spec = get_game(game)
    compared = 0
    for k, options in enumerate(OPTION_SETS[game]):
        for n in (spec.min_players, spec.max_players):
            opts = {**options, **({"turn_limit": 40} if game == "catan" else {})}
            env = aec_env(game, n, **opts)
            raw = env.unwrapped

            def check(env, agent, obs) -> None:
                nonlocal compared
                seat = int(agent.split("_")[1])
                reference = view_observation(raw.encoder, raw.game_state, seat)
                assert np.array_equal(obs["observation"], reference), (opts, n, seat, len(raw.game_state.history))
                compared += 1

            _play_random(env, 200 + k + n, check)
    assert compared > 200


@pytest.mark.slow
@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_kept_observations_are_never_stale(game: str) -> None:
    """The fast paths keep numbers between calls (per seat, patched where the state changed); one encoder used for
    many random games in a row, asked for every seat at every step in a shuffled order, gives exactly what an
    encoder that has never encoded anything gives, with every player count and option set."""
    spec = get_game(game)
    compared = 0
    for k, options in enumerate(OPTION_SETS[game]):
        for n in range(spec.min_players, spec.max_players + 1):
            opts = {**short(game, options), **({"turn_limit": 6} if game == "catan" else {})}
            kept = observation_encoder(spec, n, opts)
            pristine = observation_encoder(spec, n, opts)
            rng = Rng(1000 * k + n)
            for seed in range(3):
                state = spec.new_game(n, 50 * k + seed, opts)
                while True:
                    seats = list(range(n))
                    rng.shuffle(seats)
                    for seat in seats:
                        fresh = np.zeros(pristine.size, np.float32)
                        copy.copy(pristine).write_state(state, seat, fresh)
                        assert np.array_equal(observation(kept, state, seat), fresh), (opts, n, seed, seat)
                        compared += 1
                    if state.is_terminal():
                        break
                    state.apply(rng.choice(state.legal_actions()))
    assert compared > 2000


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_one_encoder_serves_games_played_side_by_side(game: str) -> None:
    """A fast path that keeps numbers between calls (Great Fire's board follows the rules' events for the state it
    saw last) gives each of two games played in turn, and a copy taken midway, their own numbers."""
    spec = get_game(game)
    n = spec.default_players
    opts = {**short(game), **({"turn_limit": 6} if game == "catan" else {})}
    kept = observation_encoder(spec, n, opts)
    states = [spec.new_game(n, seed, opts) for seed in (7, 8)]
    rng = Rng(5)
    compared = 0
    for step in range(400):
        if step == 40:
            states.append(states[0].clone())
        for state in states:
            if state.is_terminal():
                continue
            seat = state.current_player()
            fresh = np.zeros(kept.size, np.float32)
            observation_encoder(spec, n, opts).write_state(state, seat, fresh)
            assert np.array_equal(observation(kept, state, seat), fresh), (step, seat)
            compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared > 80


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_environment_observations_stay_fresh_across_resets_and_kept_copies(game: str) -> None:
    """Through one environment reset for several games (its encoder reused, keeping each seat's vector), every
    agent observed in a shuffled order at some steps and only the acting one at others gives what an encoder that
    has never encoded anything gives; and an observation a learner kept is never changed by later steps."""
    spec = get_game(game)
    n = spec.default_players
    opts = {**short(game), **({"turn_limit": 6} if game == "catan" else {})}
    env = aec_env(game, n, **opts)
    raw = env.unwrapped
    rng = Rng(11)
    compared = 0
    for seed in (3, 4, 5):
        env.reset(seed=seed)
        kept: list[tuple[np.ndarray, np.ndarray]] = []
        for step, agent in enumerate(env.agent_iter()):
            state = raw.game_state
            agents = list(raw.possible_agents) if step % 3 == 0 else [agent]
            rng.shuffle(agents)
            for name in agents:
                seat = int(name.split("_")[1])
                fresh = np.zeros(raw.encoder.size, np.float32)
                observation_encoder(spec, n, opts).write_state(state, seat, fresh)
                got = env.observe(name)["observation"]
                assert np.array_equal(got, fresh), (seed, step, name)
                compared += 1
                if step % 7 == 0:
                    kept.append((got, got.copy()))
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        assert all(np.array_equal(mine, copy_) for mine, copy_ in kept), seed
    assert compared > 150


def test_seeding_reproduces_games() -> None:
    env = aec_env("brigade", 2)
    noop = lambda *args: None  # noqa: E731
    first = _play_random(env, 7, noop)
    history = list(env.unwrapped.game_state.history)
    again = _play_random(env, 7, noop)
    assert first == again and env.unwrapped.game_state.history == history
    assert _play_random(env, 8, noop) != first


def test_rewards_are_win_shares_or_scores() -> None:
    for reward in ("win", "score"):
        env = aec_env("great-fire", 3, reward=reward)
        env.reset(seed=3)
        totals = {a: 0.0 for a in env.possible_agents}
        rng = np.random.default_rng(3)
        for agent in env.agent_iter():
            obs, r, term, trunc, _ = env.last()
            totals[agent] += r
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = env.unwrapped.game_state
        want = state.returns() if reward == "win" else state.scores()
        assert [totals[a] for a in env.possible_agents] == pytest.approx(want)
    assert sum(totals.values()) > 0


def test_render_ansi_is_the_public_terminal_text() -> None:
    spec = get_game("great-fire")
    env = aec_env("great-fire", 4, render_mode="ansi", hidden_colours=True)
    env.reset(seed=2)
    text = env.render()
    assert text == spec.render(env.unwrapped.game_state.view(None))
    assert "Pudding Lane" in text


def test_truncation_and_bad_arguments() -> None:
    env = aec_env("catan", 3, max_steps=5)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5
    with pytest.raises(ValueError, match="reward"):
        aec_env("catan", 3, reward="money")
    from firebreak.core import OptionError

    with pytest.raises(OptionError, match="3-6 players"):
        aec_env("catan", 2)
