"""The lab's batch runner (firebreak.lab.simulate): seat rotation, fractional wins, determinism."""

import pytest

from firebreak.lab import SimulationResult, game_seeds, seat_assignment, simulate
from toygame.game import MAX_TURNS, PASS


@pytest.mark.parametrize("agents, players", [(2, 2), (2, 3), (3, 2), (3, 3), (1, 3), (4, 3)])
def test_each_agent_plays_each_seat_equally_over_a_full_rotation(agents, players):
    counts = [[0] * players for _ in range(agents)]
    for g in range(agents * 5):
        for seat, agent in enumerate(seat_assignment(g, players, agents)):
            counts[agent][seat] += 1
    assert len({c for row in counts for c in row}) == 1


def test_ties_count_fractionally(toy):
    drawn = toy.new_game(2, 0)
    for _ in range(MAX_TURNS):
        drawn.apply(PASS)
    result = SimulationResult(toy.name, 2, ["a", "b"])
    result.add(drawn, [0, 1])
    result.add(drawn, [1, 0])
    assert result.agent_win_rate(0) == result.agent_win_rate(1) == 0.5
    assert result.seat_win_rate(0) == result.seat_win_rate(1) == 0.5
    assert result.mean_length == MAX_TURNS


def test_same_seed_same_batch_and_labels_for_repeated_agents(toy):
    a = simulate(toy, 3, ["random", "random", "greedy"], games=9, seed=4)
    b = simulate(toy, 3, ["random", "random", "greedy"], games=9, seed=4)
    assert a.agents == ["random", "random#2", "greedy"]
    assert (a.agent_wins, a.seat_wins, a.agent_score, a.total_actions) == (
        b.agent_wins,
        b.seat_wins,
        b.agent_score,
        b.total_actions,
    )
    assert sum(a.agent_wins) == pytest.approx(9) and a.agent_seats == [9, 9, 9]
    assert game_seeds(4, 3) == game_seeds(4, 3) != game_seeds(5, 3)


def test_simulate_rejects_bad_arguments(toy):
    with pytest.raises(ValueError, match="at least 1"):
        simulate(toy, 2, ["random"], games=0)
    from firebreak.agents import AgentSpecError
    from firebreak.core import OptionError

    with pytest.raises(AgentSpecError):
        simulate(toy, 2, ["nobody"], games=1)
    with pytest.raises(OptionError):
        simulate(toy, 2, ["random"], games=1, options={"hand_size": 8})


def test_game_statistics_are_averaged_and_counted(toy, bare_toy):
    result = simulate(toy, 2, ["random"], games=20, seed=2)
    means = result.stat_means()
    assert set(means) == {"plays", "passes"}  # the list-valued 'points' is left to the logs
    assert means["plays"] + means["passes"] == pytest.approx(result.mean_length)
    assert 0 < means["passes"] < means["plays"]
    assert result.stat_labels["ended_by"] == {"turn limit": 20} and set(result.stat_labels) == {"ended_by", "leader"}
    assert sum(result.stat_labels["leader"].values()) == 20
    assert simulate(bare_toy, 2, ["random"], games=2).stat_sums == {}
