"""The heuristic hook is good enough that a one-ply greedy player beats three random players."""

import pytest

from firebreak.core import Rng

from .helpers import SPEC


def _greedy(s, rng):
    p = s.current_player()
    la = s.legal_actions()
    if len(la) == 1:
        return la[0]
    d = s.determinize(p, rng)
    best, best_v = la[0], float("-inf")
    for a in la:
        c = d.clone()
        c.apply_unchecked(a)
        v = SPEC.heuristic(c, p) + rng.random() * 1e-6
        if v > best_v:
            best, best_v = a, v
    return best


@pytest.mark.parametrize("mode", ["firestorm", "classic"])
def test_greedy_on_the_heuristic_beats_random_players(mode):
    wins = 0
    for seed in range(4):
        s = SPEC.new_game(4, seed, {"mode": mode, "layout": "random"})
        rng = Rng(seed)
        seat = seed % 4
        while not s.is_terminal():
            if s.current_player() == seat:
                a = _greedy(s, rng)
            else:
                la = s.legal_actions()
                a = la[rng.below(len(la))]
            s.apply(a)
        wins += seat in s.winners()
    assert wins >= 3


def test_a_bot_trades_its_surplus_at_the_harbour_towards_the_city_it_lacks_and_builds_it():
    """Late game, a settlement left to upgrade, six grain and one ore at a 2:1 grain harbour: the bots trade
    grain for ore (not for any other card, and rather than end the turn) until the city is paid, then build it.
    (Search bots used to end turn after turn a city short: the hand was valued card by card.)"""
    from firebreak.agents import Observation, make_agent

    from .helpers import blank, build, give

    s = blank()
    build(s, 0, 10)
    give(s, 0, grain=6, ore=1)
    give(s, 1, lumber=2)
    s.rates[0][3] = 2  # a grain harbour
    s._legal = None
    for bot in ("greedy", "mcts:iterations=100"):
        t = s.clone()
        agent = make_agent(bot)
        rng = Rng(2)
        played = []
        while t.turn == 0 and len(played) < 8:
            a = agent.act(Observation(t, 0), rng)
            played.append(t.action_to_text(a))
            t.apply(a)
            if a == t.lay.city + 10:
                break
        assert played[:3] == ["maritime trade grain for ore", "maritime trade grain for ore", "city 10"], (bot, played)


def test_the_hard_level_builds_a_fire_station_towards_the_fire_wardens_where_medium_ends_its_turn():
    """A settlement and exactly the cards of a fire station: medium (and greedy) keep the cards and end the turn,
    hard builds the station (its long-game evaluation counts each of the first three stations toward The Fire
    Wardens' victory points)."""
    from firebreak.agents import Observation, make_agent

    from .helpers import blank, build, give

    for node in (10, 20):
        s = blank()
        build(s, 0, node)
        give(s, 0, lumber=1, ore=1, wool=1)
        s._legal = None
        bots = ("medium", "hard", "greedy", "greedy:eval=long_game", "greedy:eval=no_such_evaluation")
        played = {bot: s.action_to_text(make_agent(bot).act(Observation(s, 0), Rng(2))) for bot in bots}
        assert played == {
            "medium": "end turn",
            "hard": f"fire station {node}",
            "greedy": "end turn",
            "greedy:eval=long_game": f"fire station {node}",  # the one-step bot told to use hard's evaluation
            "greedy:eval=no_such_evaluation": "end turn",  # a name the game lacks: its usual heuristic
        }


def test_the_hard_levels_evaluation_values_a_pip_more_on_the_resource_the_board_is_short_of():
    """Two settlements on one hex each, the same number, different resources: the long-game evaluation adds more for
    the one whose resource has fewer pips on the board, and more production counts for more early in the game."""
    from firebreak.games.catan.heuristic import _scarcity, evaluate_all_long_game

    from .helpers import blank, build

    s = blank()
    weights = _scarcity(s.terrain, s.numbers)
    single: dict[tuple[int, int], int] = {}  # (resource, number) -> a node on that one land hex only
    for n, hexes in enumerate(s.topo.node_hexes):
        land = [h for h in hexes if s.terrain[h] < 5 and s.numbers[h]]
        if len(land) == 1 and len(hexes) == 1:
            single.setdefault((s.terrain[land[0]], s.numbers[land[0]]), n)
    pairs = [
        (a, b)
        for (ra, na), a in single.items()
        for (rb, nb), b in single.items()
        if na == nb and weights[ra] < weights[rb]
    ]
    assert pairs, "the beginner board has two coastal spots of one number on resources unequally common"

    def added(node: int) -> float:
        t = blank()
        build(t, 0, node)
        return evaluate_all_long_game(t)[0] - SPEC.heuristic(t, 0)

    plentiful, scarce = pairs[0]
    assert added(scarce) > added(plentiful) > 0
