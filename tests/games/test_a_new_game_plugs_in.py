"""A new game plugs into every front end through the protocol and the typed hooks of its spec alone.

Kindling, defined here and nowhere else, is registered like a shipped game and then played by the terminal, the
lab (simulate, report), the search bots, the learning code's encoder, variant files and the play server, none of
which is edited for it. Each of its hooks leaves a mark a player or a researcher would see: its board in the
browser, its rules summary at the prompt, its words and figure in the lab report, its search hints and the moves
its bots refuse to make.

Rules. A pile of sticks (a rule parameter, 9 by default) lies between 2 or 3 seats. In turn, a seat takes one
or two sticks, or, once a game, throws a bucket of water (which only passes the turn). Whoever takes the last
stick wins.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.agents import MCTSAgent, Observation, make_agent, play_game
from firebreak.core import TERMINAL, GameSpec, GameState, Rng, get_game, register
from firebreak.core import registry
from firebreak.core.encoding import Field, ObservationEncoder, Writer, observation_encoder
from firebreak.core.help import check_help
from firebreak.core.hooks import SearchHints
from firebreak.core.parameters import RuleParameter
from firebreak.core.text import seat_label
from firebreak.core.variant import VariantError, parse_variant
from firebreak.lab.report import build_report
from firebreak.server.app import create_app

TAKE_ONE, TAKE_TWO, DOUSE = 0, 1, 2
NAME = "kindling"


class KindlingState(GameState):
    """One position of Kindling."""

    __slots__ = ("sticks", "to_act", "taken", "doused", "last_taker")

    sticks: int
    to_act: int
    taken: list[int]
    doused: list[bool]
    last_taker: int | None

    def _setup(self) -> None:
        self.sticks = self.spec.rules(self.options).sticks
        self.to_act = 0
        self.taken = [0] * self.num_players
        self.doused = [False] * self.num_players
        self.last_taker = None

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_act

    def is_terminal(self) -> bool:
        return self.sticks == 0

    def _legal_actions(self) -> list[int]:
        out = [TAKE_ONE] + ([TAKE_TWO] if self.sticks >= 2 else [])
        return out + ([] if self.doused[self.to_act] else [DOUSE])

    def scores(self) -> list[float]:
        return [1.0 if p == self.last_taker else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.last_taker] if self.is_terminal() and self.last_taker is not None else []

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "sticks": self.sticks,
            "to_act": self.current_player(),
            "taken": list(self.taken),
            "doused": list(self.doused),
        }

    def state_dict(self) -> dict[str, Any]:
        return {**self.view(None), "last_taker": self.last_taker}

    def clone(self) -> KindlingState:
        other = type(self).__new__(type(self))
        self._copy_base_into(other)
        other.sticks, other.to_act, other.last_taker = self.sticks, self.to_act, self.last_taker
        other.taken, other.doused = list(self.taken), list(self.doused)
        return other

    def determinize(self, player: int, rng: Rng) -> KindlingState:
        other = self.clone()  # nothing is hidden; only the future's chance is reseeded
        other.rng = rng.spawn()
        return other

    @classmethod
    def num_distinct_actions(cls, num_players: int) -> int:
        return 3

    def action_to_text(self, action: int) -> str:
        return ("take one stick", "take two sticks", "throw a bucket of water")[action]

    def _apply(self, action: int) -> None:
        seat = self.to_act
        if action == DOUSE:
            self.doused[seat] = True
            self._emit("douse", player=seat)
        else:
            n = 1 if action == TAKE_ONE else 2
            self.sticks -= n
            self.taken[seat] += n
            self.last_taker = seat
            self._emit("take", player=seat, sticks=n)
        self.to_act = (seat + 1) % self.num_players


def _lead(state: KindlingState, player: int) -> float:
    """Winning positions leave the next seat a multiple of three (2 players); good enough for a heuristic."""
    if state.is_terminal():
        return 1.0 if state.last_taker == player else 0.0
    mover_wins = state.sticks % 3 != 0
    return 0.8 if mover_wins == (state.to_act == player) else 0.2


def heuristic(state: KindlingState, player: int) -> float:
    return _lead(state, player)


SEEN: dict[str, int] = {"heuristic_all": 0, "contrary": 0, "bot_actions": 0, "svg": 0}
"""How often the front ends called each hook (each test reads the change it caused)."""


def heuristic_all(state: KindlingState) -> list[float]:
    SEEN["heuristic_all"] += 1
    return [_lead(state, p) for p in range(state.num_players)]


def contrary(state: KindlingState) -> list[float]:
    SEEN["contrary"] += 1
    return [-v for v in heuristic_all(state)]


def bot_actions(state: KindlingState) -> list[int]:
    """No bot throws water: it only hands the turn over."""
    SEEN["bot_actions"] += 1
    return [a for a in state.legal_actions() if a != DOUSE]


def stats(state: KindlingState) -> dict[str, Any]:
    return {
        "buckets": sum(state.doused),
        "winner": seat_label(state.last_taker) if state.last_taker is not None else "nobody",
    }


def render(view: dict[str, Any]) -> str:
    return f"Sticks on the pile: {view['sticks']}."


def svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    SEEN["svg"] += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" data-game="kindling" data-sticks="{view["sticks"]}">'
        f"<g>{len(legal)} moves</g></svg>"
    )


HELP = check_help(
    {
        "summary": "Take one or two sticks from the pile; whoever takes the last stick wins.",
        "sections": [{"heading": "Your turn", "points": ["Take one or two sticks, or throw water once."]}],
        "legend": [{"symbol": "|", "meaning": "a stick"}],
    }
)


def report(rows: Any) -> list[tuple[str, Any]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    fig.add_subplot().bar(["games"], [len(rows)])
    return [("Kindling: games on the pile", fig)]


def check_rules(num_players: int, rules: Any) -> list[str]:
    if rules.sticks < 2 * num_players:
        return [f"rules.sticks ({rules.sticks}) gives {num_players} players fewer than two sticks each"]
    return []


def check_board(raw: object) -> list[str]:
    if not isinstance(raw, dict) or not isinstance(raw.get("pile"), int):
        return ["the board must say how many sticks make the pile (pile: a whole number)"]
    return []


class KindlingEncoder(ObservationEncoder):
    """Sticks left, and the taken sticks and bucket of each seat, the viewer first."""

    def fields(self) -> list[Field]:
        return [
            Field("sticks", 1, "sticks on the pile / 30"),
            Field("taken", self.num_players, "sticks each seat took / 30"),
            Field("doused", self.num_players, "whether each seat threw its water"),
        ]

    def write(self, view: dict[str, Any], viewer: int, out: Writer) -> None:
        seats = [(viewer + k) % self.num_players for k in range(self.num_players)]
        out.num(view["sticks"], 30)
        out.nums([view["taken"][p] for p in seats], 30)
        out.nums([view["doused"][p] for p in seats])


SPEC = GameSpec(
    name=NAME,
    title="Kindling",
    min_players=2,
    max_players=3,
    default_players=2,
    state_class=KindlingState,
    description="A pile of sticks; whoever takes the last one wins.",
    parameters=(RuleParameter("sticks", "sticks on the pile at the start", 9, "a pile of nine sticks", 3, 30),),
    render=render,
    heuristic=heuristic,
    stats=stats,
    svg=svg,
    help=lambda: HELP,
    observation_encoder=KindlingEncoder,
    heuristic_all=heuristic_all,
    evaluations={"contrary": contrary},
    bot_actions=bot_actions,
    search=SearchHints(scale=0.5, turn=True, width=2),
    stat_words={"buckets": "Buckets of water thrown"},
    report=report,
    check_rules=check_rules,
    check_board=check_board,
)


@pytest.fixture
def kindling(monkeypatch: pytest.MonkeyPatch) -> GameSpec:
    """Kindling registered like a shipped game, for one test (the registry is as it was afterwards). The shipped
    games are loaded first: loading them into the test's copy alone would leave the real registry marked loaded but
    empty, and every later test in the process would find no game."""
    registry.load_all()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    return register(SPEC)


def test_the_game_is_found_by_name_and_its_rules_checked_by_its_own_hook(kindling: GameSpec) -> None:
    assert get_game("Kindling") is kindling
    with pytest.raises(Exception, match=r"rules.sticks \(5\) gives 3 players fewer than two sticks each"):
        kindling.new_game(3, 0, {"rules": {"sticks": 5}})
    assert kindling.new_game(2, 0, {"rules": {"sticks": 5}}).sticks == 5


def test_a_variant_file_is_checked_by_the_games_board_hook(kindling: GameSpec, tmp_path: Any) -> None:
    (tmp_path / "bad.yaml").write_text("pile: lots\n")
    with pytest.raises(VariantError, match="how many sticks make the pile"):
        parse_variant("game: kindling\nname: Big pile\nboard: bad.yaml\n", base=tmp_path)
    (tmp_path / "good.yaml").write_text("pile: 12\n")
    assert parse_variant("game: kindling\nname: Big pile\nboard: good.yaml\n", base=tmp_path).board == "good.yaml"


def test_search_bots_follow_the_games_hints_evaluations_and_move_filter(kindling: GameSpec) -> None:
    state = kindling.new_game(2, 1)
    before = dict(SEEN)
    bot = MCTSAgent(iterations=40)
    action = bot.act(Observation(state, 0), Rng(3))
    assert action != DOUSE and DOUSE not in bot.last_root.children  # the game's move filter
    assert len(bot.last_root.children) <= 2  # the game's width hint (a narrow root)
    assert all(not child.children for child in bot.last_root.children.values())  # its turn hint: one move a turn
    assert bot.hints(kindling) is kindling.search and bot.hints(kindling).scale == 0.5
    assert SEEN["heuristic_all"] > before["heuristic_all"]
    deep = MCTSAgent(iterations=40, turn=False, width=0)  # set by hand: the tree grows past the bot's turn
    deep.act(Observation(state, 0), Rng(3))
    below = [grandchild for child in deep.last_root.children.values() for grandchild in child.children]
    assert below and DOUSE not in below  # the filter holds inside the tree too
    assert SEEN["bot_actions"] - before["bot_actions"] > 5
    assert SEEN["contrary"] == before["contrary"]
    make_agent("mcts:iterations=20,eval=contrary").act(Observation(state, 0), Rng(3))
    assert SEEN["contrary"] > before["contrary"]  # an evaluation the game names, picked by name
    final = play_game(kindling, [make_agent("mcts:iterations=20"), make_agent("greedy")], seed=4)
    assert final.is_terminal() and DOUSE not in final.history  # bots never throw the water


def test_learning_code_encodes_the_view_with_the_games_encoder(kindling: GameSpec) -> None:
    encoder = observation_encoder(kindling, 3)
    state = kindling.new_game(3, 0)
    state.apply(TAKE_TWO)
    assert encoder.size == 7
    assert encoder.encode(state.view(1), 1) == pytest.approx([7 / 30, 0, 0, 2 / 30, 0, 0, 0])


def test_the_terminal_plays_it_with_its_text_and_rules_summary(kindling: GameSpec) -> None:
    from cli.helpers import run

    result = run(
        ["play", "kindling", "--players", "2", "--seed", "1", "--bots", "mcts:iterations=20"],
        input="rules\n" + "1\n" * 9,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Take one or two sticks from the pile; whoever takes the last stick wins." in out
    assert "Sticks on the pile: 9." in out and "Game over" in out


def test_the_lab_simulates_it_and_reports_with_its_words_and_figure(kindling: GameSpec, tmp_path: Any) -> None:
    from cli.helpers import run

    out = tmp_path / "job"
    result = run(["simulate", "kindling", "--games", "6", "--agents", "greedy,random", "--seed", "2", "--out", out])
    assert result.exit_code == 0, result.output
    rep = build_report([out])
    cells = [cell for table in rep.tables for row in table.rows for cell in row]
    assert "Buckets of water thrown" in cells  # the game's own words for its statistic
    assert [title for title, _ in rep.figures][-1] == "Kindling: games on the pile"
    assert not rep.warnings


def test_the_play_server_draws_its_board_and_serves_its_help(kindling: GameSpec, tmp_path: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")) as client:
        catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
        assert catalog["kindling"]["has_svg"] is True
        assert client.get("/api/help/kindling").json()["summary"] == HELP["summary"]
        r = client.post(
            "/api/games",
            json={
                "game": "kindling",
                "num_players": 2,
                "seed": 3,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            },
        )
        assert r.status_code == 201, r.text
        created = r.json()
        token = next(s["token"] for s in created["seats"] if "token" in s)
        s = client.get(f"/api/games/{created['id']}", headers={"X-Seat-Token": token}).json()
        assert 'data-game="kindling" data-sticks="9"' in s["svg"] and "3 moves" in s["svg"]
        r = client.post(f"/api/games/{created['id']}/actions", json={"index": 0, "action": TAKE_ONE, "token": token})
        assert r.status_code == 200, r.text
