"""The Great Fire's learned evaluation (``mcts:eval=learned``): a small model of who wins, from each seat's view.

Why: the hand-made evaluation (:mod:`.heuristic`) barely predicts the winner until the last quarter of a game
(README, "Calibration"), and a bigger search budget does not make the search bot stronger. This evaluation is a
tiny model fitted to the winners of many recorded games (``data/value_model.json``; its ``source`` field and the
README say how it was trained; ``python -m firebreak.agents.learn great-fire`` reproduces it).

Fairness: each seat's score is computed from :func:`seat_features`, which reads only what that seat's view shows
(its own colour, objectives and tokens; the rivals' public score, never their objectives, tokens or, with Hidden
Colours, their colour), so a seat is valued the same in two positions it cannot tell apart. Search bots call it on
determinisations, like every evaluation.

The features are the hand-made evaluation's parts for one seat (its points by kind, the houses and objectives next
to uncontained fire, its fire-fighting prospect), what it can tell of its rivals, and how far the game has gone.

The shipped model (2026-11-24): a linear score of the 22 features and their products with ``deck_left`` (so its
weights shift as the deck runs down), fitted on 288 of 360 greedy games (a seat ``greedy`` or
``greedy:blunder=0.2`` at random; 15,840 positions at changes of turn) and checked on the other 72. Held-out log
loss per quarter of the game (uniform 1.386): 1.332, 1.327, 1.243, 1.085 (whole game 1.264); the hand-made
evaluation under the best softmax scale for each quarter, chosen on those same games, 1.349, 1.332, 1.238, 1.071
(1.288), and at the scale the search uses (2) 1.890, 2.725, 2.015, 1.321 (1.978). So it forecasts the winner about
as well as the hand-made evaluation at its best scale, from less information (no rival's objectives).

It does not make the search stronger (2026-11-24, ``benchmarks/strength.py great-fire --bot
learned=mcts:iterations=300,eval=learned --matches 'learned-mcts*' --workers 1 --seed 0``, stopped after 24 games on
the loaded machine): one ``mcts:iterations=300,eval=learned`` won 2 of 24 games against three
``mcts:iterations=300`` (8.3%, 95% Wilson 2.3%-25.8%; fair 25%), and with a sharper softmax (``scale=0.5``) 1 of
12 (8.3%, 1.5%-35.4%). A good forecast of the winner is not a good guide between sibling moves; no level uses it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from firebreak.core.value_model import FeatureSet, ValueModel, load_value_model

from .board import ONE_VP, load_board
from .heuristic import THREAT_WEIGHT, WIN_BONUS, _prospects, _threat

if TYPE_CHECKING:
    from .state import GreatFireState

MODEL_PATH = Path(__file__).with_name("data") / "value_model.json"
SCALE = 2.0
"""The learned scores are logits; they are multiplied by this, the game's ``mcts_scale`` hint, so the search bot's
softmax (over that scale) gives back the model's own win shares."""

BOARD = load_board()
RULES = BOARD.rules
DECK_START = 36.0
"""Fire cards (Fire Stack included) in the deck at the start of a game: a scale for the game's progress."""

NAMES: tuple[str, ...] = (
    "deck_left", "final_turns", "final_turns_left", "stock",
    "my_total", "my_houses", "my_put_out", "my_objectives", "my_one_vp", "my_hero", "my_tokens", "my_hand",
    "my_houses_at_risk", "my_objectives_at_risk", "my_prospect", "my_objectives_lost",
    "my_public", "rival_public_best", "rival_public_mean", "rival_value_best", "my_public_lead",
    "my_houses_on_board",
)


def _colour_risk(state: "GreatFireState", threat: list[float]) -> tuple[list[float], list[float]]:
    """Per house colour: the points on its house track, and its houses next to uncontained fire (weighted as the
    hand-made evaluation weighs them). Public: houses and the fire are on the board for all to see."""
    colours = len(RULES.colours)
    at_risk = [0.0] * colours
    for d, t in enumerate(threat):
        if t:
            for c in state.houses[d]:
                at_risk[c] += t * 2
    track = [float(RULES.house_track_start - RULES.house_vp * state.lost[c]) for c in range(colours)]
    return track, at_risk


def _public(state: "GreatFireState", track: list[float], at_risk: list[float], prospects: list[float],
            viewer: int) -> list[tuple[float, float]]:
    """Each seat's public points (houses, fires put out, Hero of London) and its public value (those points less the
    houses at risk, plus its fire-fighting prospect) as ``viewer`` can tell them: with Hidden Colours a rival's
    colour is unknown to ``viewer`` until the end, so its houses count as the mean of the colours not ``viewer``'s."""
    hidden = state.options["hidden_colours"] and not state.is_terminal()
    mine = state.colour[viewer]
    others = [c for c in range(len(track)) if c != mine]
    out = []
    for p in range(state.num_players):
        if hidden and p != viewer:
            houses = sum(track[c] for c in others) / len(others)
            risk = sum(at_risk[c] for c in others) / len(others)
        else:
            houses, risk = track[state.colour[p]], at_risk[state.colour[p]]
        points = houses + state.put_out[p] + (RULES.hero_of_london_vp if state.hero == p else 0)
        out.append((points, points - THREAT_WEIGHT * risk + prospects[p]))
    return out


def seat_features(state: "GreatFireState", seat: int) -> list[float]:
    """The numbers the model reads for ``seat``, from ``seat``'s view only (see the module docstring)."""
    threat = _threat(state)
    return _features(state, seat, threat, _prospects(state), *_colour_risk(state, threat))


def _features(state: "GreatFireState", seat: int, threat: list[float], prospects: list[float],
              track: list[float], colour_risk: list[float]) -> list[float]:
    n = state.num_players
    b = state.score_breakdown(seat)  # the seat's own score: all of it is in its view
    colour = state.colour[seat]
    houses_at_risk = colour_risk[colour]
    objectives_at_risk = sum(threat[o] * BOARD.objective_vp[o] for o in state.objectives[seat] if state.houses[o])
    objectives_lost = sum(BOARD.objective_vp[o] for o in state.objectives[seat] if not state.houses[o])
    public = _public(state, track, colour_risk, prospects, seat)
    rivals = [public[p] for p in range(n) if p != seat]
    best_points = max(r[0] for r in rivals)
    held = state.held[seat]
    final = state.final_turns
    return [
        len(state.deck) / DECK_START, float(final >= 0), max(final, 0) / 8.0, state.stock / 30.0,
        b["total"] / 10.0, b["houses"] / 10.0, b["fires_put_out"] / 10.0, b["objectives"] / 10.0,
        float(held.count(ONE_VP)), b["hero_of_london"] / 10.0, float(len(held) - held.count(ONE_VP)),
        sum(state.hands[seat]) / 5.0,
        houses_at_risk / 10.0, objectives_at_risk / 10.0, prospects[seat], objectives_lost / 10.0,
        public[seat][0] / 10.0, best_points / 10.0, sum(r[0] for r in rivals) / len(rivals) / 10.0,
        max(r[1] for r in rivals) / 10.0, (public[seat][0] - best_points) / 10.0,
        sum(h.count(colour) for h in state.houses) / 10.0,
    ]


def all_seat_features(state: "GreatFireState") -> list[list[float]]:
    """:func:`seat_features` for every seat (sharing the threat, prospects and colour risks, which are public)."""
    threat = _threat(state)
    shared = (threat, _prospects(state), *_colour_risk(state, threat))
    return [_features(state, p, *shared) for p in range(state.num_players)]


FEATURES = FeatureSet(NAMES, seat_features)


@lru_cache(maxsize=1)
def value_model() -> ValueModel:
    """The shipped model, loaded and validated once (a corrupt file is a clear :class:`ValueModelError`)."""
    return load_value_model(MODEL_PATH, NAMES)


def evaluate_all_learned(state: "GreatFireState") -> list[float]:
    """Every seat's learned score times :data:`SCALE` (a finished game: the rulebook's winners get a bonus, as in
    the hand-made evaluation)."""
    if state.is_terminal():
        winners = state.winners()
        return [WIN_BONUS if p in winners else 0.0 for p in range(state.num_players)]
    model = value_model()
    return [SCALE * model.score(f) for f in all_seat_features(state)]
