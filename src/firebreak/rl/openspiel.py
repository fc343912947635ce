"""Every firebreak game as an OpenSpiel Python game: ``pyspiel.load_game("python_firebreak_brigade(players=2)")``.

Call :func:`register_all` (or ``firebreak.rl.register_openspiel_games()``) once; each game is then known to
OpenSpiel as ``python_firebreak_<name>`` (dashes become underscores), with parameters ``players`` and the game's
own options (``python_firebreak_great_fire(players=3,hidden_colours=True)``).

- Imperfect information, **sampled** chance: the games draw cards and dice from their own seeded generator inside
  an action (as OpenSpiel's sampled-stochastic games do), so there are no chance nodes; each new initial state
  takes a fresh seed from the game's ``seed`` parameter (-1: a random seed per game).
- Observation tensor: the game's encoder (:mod:`firebreak.core.encoding`), from what the seat may see only (its
  fast path when it has one, the same vector as from the seat's view); observation
  string: the same vector's non-zero entries named by field. Information-state string (perfect recall): the
  observation string and the log of every event the seat has seen, with the actions as that seat may read them.
- ``resample_from_infostate``: the determinisation the firebreak bots use (``GameState.determinize``), seeded
  from OpenSpiel's sampler; what the seat cannot see is resampled, what it saw stays.
- Utility: 1 shared among the winners (constant sum 1), at the end only.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from firebreak.core import GameSpec, GameState, Rng, all_games
from firebreak.core.encoding import ObservationEncoder, observation_encoder

MAX_GAME_LENGTH = 100_000
"""An upper bound on actions per game OpenSpiel is told (random Catan games run a few thousand)."""


def short_name(spec: GameSpec) -> str:
    return "python_firebreak_" + spec.name.replace("-", "_")


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": spec.default_players, "seed": -1}
    for option in spec.options:
        params[option.name] = option.default
    return pyspiel.GameType(
        short_name=short_name(spec),
        long_name=f"Python firebreak {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _GameData:
    """What a loaded game needs beside OpenSpiel's own fields (see :class:`FirebreakGame` for why it lives here)."""

    def __init__(self, spec: GameSpec, params: dict[str, Any]) -> None:
        self.players = int(params.get("players", spec.default_players))
        self.options = spec.resolve_options(
            self.players, {o.name: params[o.name] for o in spec.options if o.name in params}
        )
        self.encoder: ObservationEncoder = observation_encoder(spec, self.players, self.options)
        seed = int(params.get("seed", -1))
        self.seeds = np.random.default_rng(None if seed < 0 else seed)


_DATA: dict[str, _GameData] = {}


def _data(spec: GameSpec, params: dict[str, Any]) -> _GameData:
    key = spec.name + json.dumps(params, sort_keys=True, default=str)
    data = _DATA.get(key)
    if data is None:
        data = _DATA[key] = _GameData(spec, params)
    return data


class FirebreakGame(pyspiel.Game):
    """A firebreak game for OpenSpiel (one subclass per game, naming its spec); states wrap a firebreak state.

    OpenSpiel keeps loaded games in a C++ cache that outlives the interpreter, so a game object must own no Python
    attributes (freeing them after Python has shut down aborts the process): its data is looked up by parameters.
    """

    fb_spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.fb_spec
        data = _data(spec, dict(params or {}))
        n = data.players
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_distinct_actions(n, data.options),
            max_chance_outcomes=0,
            num_players=n,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(spec), info, dict(params or {}))

    @property
    def fb(self) -> _GameData:
        return _data(self.fb_spec, self.get_parameters())

    def new_initial_state(self, seed: int | None = None) -> "FirebreakState":
        data = self.fb
        spec = self.fb_spec

        def setup() -> GameState:
            game_seed = int(data.seeds.integers(0, 2**31 - 1)) if seed is None else seed
            return spec.new_game(data.players, game_seed, data.options)

        return FirebreakState(self, _Box(setup))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "FirebreakObserver":
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FirebreakObserver(self.fb.encoder, perfect_recall)


class _Box:
    """Holds a state's firebreak state, set up on first use.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the old one's attributes into
    it; the box makes that cheap: the new game is never set up, and the copy is the game's own fast ``clone``.
    """

    __slots__ = ("_setup", "_state")

    def __init__(self, setup: Any = None, state: GameState | None = None) -> None:
        self._setup = setup
        self._state = state

    def get(self) -> GameState:
        if self._state is None:
            self._state = self._setup()
            self._setup = None
        return self._state

    def __deepcopy__(self, memo: dict) -> "_Box":
        return _Box(state=self.get().clone())


class FirebreakState(pyspiel.State):
    """An OpenSpiel state around a firebreak state (:attr:`fb`)."""

    def __init__(self, game: FirebreakGame, box: _Box) -> None:
        super().__init__(game)
        self.box = box

    @property
    def fb(self) -> GameState:
        """The firebreak state (the true one: agents should read observations, not this)."""
        return self.box.get()

    def current_player(self) -> int:
        if self.fb.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.fb.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if self.fb.is_terminal() or player != self.fb.current_player():
            return []
        return list(self.fb.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.fb.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.fb.action_to_text(int(action))

    def is_terminal(self) -> bool:
        return self.fb.is_terminal()

    def returns(self) -> list[float]:
        return list(self.fb.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "FirebreakState":
        """A state the seat cannot tell from this one: the bots' determinisation, seeded from the sampler."""
        draw = probability_sampler() if callable(probability_sampler) else probability_sampler.sample()
        sample = self.fb.determinize(int(player_id), Rng(int(float(draw) * 2**53)))
        clone = self.clone()
        clone.box = _Box(state=sample)
        return clone

    def __str__(self) -> str:
        spec = self.fb.spec
        view = self.fb.view(None)
        return spec.render(view) if spec.render is not None else json.dumps(view, sort_keys=True)


class FirebreakObserver:
    """OpenSpiel's PyObserver: the encoder's vector, and strings from it (with the seat's log for perfect recall)."""

    def __init__(self, encoder: ObservationEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self._write = encoder.writer()  # chosen once: the compiled path, else the fast path, else the view
        self.dict = {"observation": self.tensor}
        names: list[str] = []
        for f in encoder.fields():
            names.extend(f"{f.name}[{i}]" if f.size > 1 else f.name for i in range(f.size))
        self._names = names

    def set_from(self, state: FirebreakState, player: int) -> None:
        self.tensor.fill(0.0)
        self._write(state.fb, player, self.tensor)

    def string_from(self, state: FirebreakState, player: int) -> str:
        values = self.encoder.encode_state(state.fb, player)
        text = " ".join(f"{self._names[i]}={v:g}" for i, v in enumerate(values) if v)
        if not self.perfect_recall:
            return text
        fb = state.fb
        log = [json.dumps(e.to_json(), sort_keys=True) for e in fb.events_for(player)]
        return text + "\n" + "\n".join(log)


_REGISTERED: list[str] = []


def register_all() -> list[str]:
    """Register every firebreak game with OpenSpiel (once); returns their short names."""
    if not _REGISTERED:
        for spec in all_games():
            if spec.observation_encoder is None:
                continue

            game_class = type(f"Firebreak_{spec.name.replace('-', '_')}", (FirebreakGame,), {"fb_spec": spec})
            pyspiel.register_game(_game_type(spec), game_class)
            _REGISTERED.append(short_name(spec))
    return list(_REGISTERED)
