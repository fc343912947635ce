"""Every Catan rule parameter reaches the rules: changing it changes play as the rule it stands for says."""

from __future__ import annotations

import random
from typing import Any

import numpy
import pytest

from firebreak.core import get_game
from firebreak.games.catan.constants import DISCARD, KNIGHT, MAIN, MOVE_TOKEN, PIECES

SPEC = get_game("catan")


def game(rules: dict[str, Any] | None = None, **options: Any) -> Any:
    return SPEC.new_game(4, 2, {**options, **({"rules": rules} if rules else {})})


COSTS = {
    "road": {"lumber": 1, "brick": 1},
    "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "development_card": {"wool": 1, "grain": 1, "ore": 1},
    "fire_station": {"lumber": 1, "ore": 1, "wool": 1},
    "ship": {"lumber": 1, "wool": 1},
}
"""The printed building costs (the building costs card; the fire station's from the Fire Stations rules; the ship's
from Seafarers)."""
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")


def test_the_parameters_are_declared() -> None:
    costs = {f"{item}_cost_{r}" for item, cost in COSTS.items() for r in cost}
    assert {p.name for p in SPEC.parameters} == {
        "victory_points_to_win",
        "discard_limit",
        "longest_road_min",
        "largest_army_min",
        "fire_wardens_min",
        "fire_wardens_vp",
        "longest_road_vp",
        "largest_army_vp",
        "island_bonus_vp",
        "firestorm_cards_per_building",
        "firestorm_robbed_free_buildings",
        "firestorm_cards_taken",
        *costs,
        *(f"extra_{k}_cards" for k in DEV_CARDS),
        *(f"{k}_per_player" for k in ("roads", "settlements", "cities", "fire_stations", "ships")),
    }
    assert all(p.quote and p.minimum is not None and p.maximum is not None for p in SPEC.parameters)


def _actions_of(s: Any, item: str) -> list[int]:
    """The legal actions that build (or buy) ``item`` (asked afresh: the tests change hands in place)."""
    s._legal = None
    if hasattr(s, "_legal_set"):
        s._legal_set = None
    lay = s.lay
    span = {
        "road": (lay.road, lay.settle),
        "settlement": (lay.settle, lay.city),
        "city": (lay.city, lay.station),
        "fire_station": (lay.station, lay.station + s.topo.num_nodes),
        "development_card": (lay.buy_dev, lay.buy_dev + 1),
        "ship": (lay.ship, lay.move_from),
    }[item]
    return [a for a in s.legal_actions() if span[0] <= a < span[1]]


def _position_to_build(item: str, rules: dict[str, Any]) -> Any:
    """A main-phase position (random play, then a rich hand) where the turn player has somewhere to put ``item``."""
    mode = "classic" if item == "development_card" else "firestorm"
    board = {"board": "seafarers"} if item == "ship" else {}
    r = random.Random(3)
    s = game(rules, mode=mode, **board)
    while not s.is_terminal():
        if s.phase == MAIN and s.actor == s.turn:
            c = s.clone()
            c.hands[c.turn] = [9] * 5
            if _actions_of(c, item):
                return s
        s.apply(r.choice(s.legal_actions()))
    raise AssertionError(f"no position to build a {item}")


@pytest.mark.parametrize("item,resource", [(i, r) for i, cost in COSTS.items() for r in cost])
def test_a_building_cost_decides_what_a_player_may_build_and_pays(item: str, resource: str) -> None:
    """With one more card of a resource in the cost, the printed cost no longer buys the item; the new cost does,
    and it is what the player pays."""
    names = ("lumber", "brick", "wool", "grain", "ore")
    printed = [COSTS[item].get(n, 0) for n in names]
    s = _position_to_build(item, {})
    s.hands[s.turn] = list(printed)
    assert _actions_of(s, item)
    dearer = _position_to_build(item, {f"{item}_cost_{resource}": COSTS[item][resource] + 1})
    p = dearer.turn
    dearer.hands[p] = list(printed)
    assert not _actions_of(dearer, item)
    dearer.hands[p][names.index(resource)] += 1
    dearer.apply(_actions_of(dearer, item)[0])
    assert dearer.hands[p] == [0, 0, 0, 0, 0]


def test_a_cost_of_nothing_makes_a_road_free() -> None:
    s = _position_to_build("road", {"road_cost_lumber": 0, "road_cost_brick": 0})
    s.hands[s.turn] = [0, 0, 0, 0, 0]
    assert _actions_of(s, "road")


def _fire_toll(rules: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Play the set-up (free of every rule changed here), then let the firestorm land on a hex holding a
    player's building with that player robbed; returns the player and what the fire asked of them."""
    s = game(rules)
    r = random.Random(5)
    while s.phase in (0, 1):  # the set-up's settlements and roads
        s.apply(r.choice(s.legal_actions()))
    q = 0
    hex_ = next(h for h, nodes in enumerate(s.topo.hex_nodes) if any(s.node_owner[n] == q for n in nodes))
    s.hands[q] = [5, 0, 0, 0, 0]
    s.token_hex = hex_
    s._spread_fire(q)
    spread = [e for e in s.events if e.kind == "fire_spreads"][-1]
    return q, spread.data["players"][str(q)]


def test_firestorm_cards_per_building_and_the_robbed_players_free_buildings() -> None:
    q, printed = _fire_toll({})
    burning = len(printed["buildings"])
    assert printed["owed"] == burning - 1  # the robbed player's first building costs nothing
    _, double = _fire_toll({"firestorm_cards_per_building": 2})
    assert double["owed"] == 2 * (burning - 1)
    _, none_free = _fire_toll({"firestorm_robbed_free_buildings": 0})
    assert none_free["owed"] == burning


@pytest.mark.parametrize("kind", DEV_CARDS)
def test_the_development_deck_makeup(kind: str) -> None:
    index = DEV_CARDS.index(kind)
    printed = game(mode="classic").dev_deck.count(index)
    assert printed > 0
    more = game({f"extra_{kind}_cards": 3}, mode="classic").dev_deck
    assert more.count(index) == printed + 3
    none = game({f"extra_{kind}_cards": -printed}, mode="classic").dev_deck
    assert none.count(index) == 0 and len(none) == 25 - printed


def test_victory_points_to_win_ends_the_game_sooner() -> None:
    s = game({"victory_points_to_win": 3})
    r = random.Random(1)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    assert s.win_vp == 3
    assert 3 <= max(s.total_vp(p) for p in range(4)) < 10


def test_discard_limit() -> None:
    for limit, phase in ((7, DISCARD), (8, MOVE_TOKEN)):
        s = game({"discard_limit": limit})
        s.hands[1] = [2, 2, 2, 2, 0]
        s._seven(0)
        assert s.phase == phase


def test_longest_road_min() -> None:
    for minimum, holder in ((5, -1), (4, 0)):
        s = game({"longest_road_min": minimum})
        s.road_len = [4, 1, 1, 1]
        s.road_holder = -1
        s._update_longest_road()
        assert s.road_holder == holder


def test_largest_army_min() -> None:
    for minimum, holder in ((3, -1), (2, 0)):
        s = game({"largest_army_min": minimum}, mode="classic")
        s.dev_hand[0][KNIGHT] = 1
        s.army[0] = 1
        s._dev(0, s.lay.knight)
        assert s.army_holder == holder


def test_fire_wardens_min() -> None:
    for minimum, holder in ((3, -1), (2, 0)):
        s = game({"fire_wardens_min": minimum})
        s.hands[0] = [3, 3, 3, 3, 3]
        s.stations_left[0] = PIECES.fire_stations - 1
        node = next(n for n in range(len(s.station)) if not s.station[n])
        s._place_station(0, node)
        assert s.wardens_holder == holder


PIECE_PARAMETERS = {
    "road": ("roads_per_player", 15),
    "settlement": ("settlements_per_player", 5),
    "city": ("cities_per_player", 4),
    "fire_station": ("fire_stations_per_player", 5),
    "ship": ("ships_per_player", 15),
}
"""Each piece's rule parameter and the printed supply (standard Catan, Seafarers, the Fire Stations rules)."""


def _on_board(s: Any, item: str, p: int) -> int:
    """How many of ``item`` player ``p`` has on the board."""
    owned = [n for n in range(s.topo.num_nodes) if s.node_owner[n] == p]
    if item == "road":
        return s.edge_owner.count(p) - sum(
            1 for e in range(s.topo.num_edges) if s.edge_ship[e] and s.edge_owner[e] == p
        )
    if item == "ship":
        return sum(1 for e in range(s.topo.num_edges) if s.edge_ship[e] and s.edge_owner[e] == p)
    if item == "fire_station":
        return sum(s.station[n] for n in owned)
    return sum(1 for n in owned if s.node_level[n] == (1 if item == "settlement" else 2))


def _span(s: Any, item: str) -> tuple[int, int]:
    lay = s.lay
    return {
        "road": (lay.road, lay.settle),
        "settlement": (lay.settle, lay.city),
        "city": (lay.city, lay.station),
        "fire_station": (lay.station, lay.station + s.topo.num_nodes),
        "ship": (lay.ship, lay.move_from),
    }[item]


def _rich_game(item: str, rules: dict[str, Any], seed: int = 4) -> tuple[int, bool]:
    """A random game in which the turn player holds plenty of every resource at each main-phase decision; returns
    the most of ``item`` any player had on the board, and whether building one more was ever offered to a player
    who had as many on the board as the supply (while keeping to the supply at every step)."""
    board = {"board": "seafarers"} if item == "ship" else {}
    s = game(rules, mode="firestorm", **board)
    supply = getattr(s.rules, PIECE_PARAMETERS[item][0])
    lo, hi = _span(s, item)
    r = random.Random(seed)
    most, offered_past_supply = 0, False
    for _ in range(1500):
        if s.is_terminal():
            break
        if s.phase == MAIN and s.actor == s.turn:
            s.hands[s.turn] = [6] * 5
            s._legal = None
            if hasattr(s, "_legal_set"):
                s._legal_set = None
        legal = s.legal_actions()
        p = s.actor
        # a city hands its settlement back to the supply: only what is still in hand may be built
        counted = _on_board(s, item, p)
        if counted >= supply and any(lo <= a < hi for a in legal):
            offered_past_supply = True
        # prefer building the piece under test, so the supply runs out
        mine = [a for a in legal if lo <= a < hi]
        s.apply(r.choice(mine) if mine and r.random() < 0.7 else r.choice(legal))
        most = max(most, max(_on_board(s, item, q) for q in range(s.num_players)))
        assert all(_on_board(s, item, q) <= supply for q in range(s.num_players))
    return most, offered_past_supply


@pytest.mark.parametrize(
    "item,small",
    [("road", 2), ("settlement", 2), ("city", 1), ("fire_station", 1), ("ship", 1)],
)
def test_pieces_per_player_limit_what_is_built(item: str, small: int) -> None:
    """With fewer pieces a player builds no more than the supply and is never offered one more; the same random
    play with the printed supply builds past the smaller one."""
    name, printed = PIECE_PARAMETERS[item]
    assert SPEC.new_game(4, 2, {"mode": "firestorm"}).rules.__dict__[name] == printed
    most, offered = _rich_game(item, {name: small})
    assert most == small and not offered
    most_printed, offered_printed = _rich_game(item, {})
    assert most_printed > small and not offered_printed


def test_the_supply_of_pieces_shows_in_the_view_and_pieces_left() -> None:
    from firebreak.games.catan.words import pieces_left

    rules = {
        "roads_per_player": 20,
        "settlements_per_player": 3,
        "cities_per_player": 2,
        "fire_stations_per_player": 7,
    }
    s = game(rules, mode="firestorm")
    me = s.view(0)["players"][0]
    assert (me["roads_left"], me["settlements_left"], me["cities_left"], me["fire_stations_left"]) == (20, 3, 2, 7)
    assert me["fire_stations"] == 0
    assert pieces_left(me).startswith("20 roads, 3 settlements, 2 cities")
    sea = game({"ships_per_player": 9}, board="seafarers").view(0)["players"][0]
    assert sea["ships_left"] == 9


def test_fire_stations_per_player_counts_toward_the_fire_wardens() -> None:
    """With seven stations each, a player who has built three (four left) takes The Fire Wardens; the count is the
    supply less what is left, and the view, the lab's statistics and the learning encoders read the same."""
    from firebreak.core.encoding import observation_encoder
    from firebreak.games.catan.stats import game_stats

    rules = {"fire_stations_per_player": 7}
    s = game(rules)
    s.hands[0] = [3, 3, 3, 3, 3]
    s.stations_left[0] = 7 - 2
    s._place_station(0, next(n for n in range(len(s.station)) if not s.station[n]))
    assert s.wardens_holder == 0
    assert s.view(0)["players"][0]["fire_stations"] == 3
    assert game_stats(s)["fire_stations_by_seat"][0] == 3
    encoder = observation_encoder(SPEC, 4, {"mode": "firestorm", "rules": rules})
    at = encoder.offsets()["seat[0].fire_stations"]
    paths = [encoder.encode(s.view(0), 0)[at], encoder.encode_state(s, 0)[at]]
    out = numpy.zeros(encoder.size, dtype=numpy.float32)
    encoder.writer()(s, 0, out)  # the compiled path where it was built
    paths.append(float(out[at]))
    assert all(abs(v - 3 / 5) < 1e-6 for v in paths), paths


def test_fire_wardens_vp_is_what_the_card_adds_to_its_holder() -> None:
    """The Fire Wardens adds the rule's points to its holder's score, public and total, on the score sheet and in
    the learning encoders' points (view, fast and compiled paths)."""
    from firebreak.core.encoding import observation_encoder

    totals = {}
    for vp in (2, 5):
        s = game({"fire_wardens_vp": vp})
        before = s.total_vp(0)
        s.wardens_holder = 0
        assert s.total_vp(0) - before == vp and s.public_vp(0) - before == vp
        assert s.public_vp(1) == before  # nobody else gains
        sheet = dict(s._sheet(0, hidden=False))
        assert sheet["The Fire Wardens"] == vp
        encoder = observation_encoder(SPEC, 4, {"mode": "firestorm", "rules": {"fire_wardens_vp": vp}})
        at = encoder.offsets()["seat[0].victory_points"]
        mine = encoder.offsets()["my_victory_points"]
        out = numpy.zeros(encoder.size, dtype=numpy.float32)
        encoder.writer()(s, 0, out)
        for values in (encoder.encode(s.view(0), 0), encoder.encode_state(s, 0), out):
            assert abs(values[at] - s.public_vp(0) / 10) < 1e-6 and abs(values[mine] - s.total_vp(0) / 10) < 1e-6
        totals[vp] = s.total_vp(0)
    assert totals[5] - totals[2] == 3


def _firestorm_on_a_rival(rules: dict[str, Any]) -> tuple[Any, int, int, str]:
    """After the set-up, the turn player places the firestorm on a hex where the only player holding cards (three
    lumber) has an unsecured building; returns the state, the placer and the robbed player."""
    s = game(rules)
    r = random.Random(5)
    while s.phase in (0, 1):  # the set-up's settlements and roads
        s.apply(r.choice(s.legal_actions()))
    p = s.turn
    q = (p + 1) % 4
    hex_ = next(h for h, nodes in enumerate(s.topo.hex_nodes) if any(s.node_owner[n] == q for n in nodes))
    s.hands = [[3, 0, 0, 0, 0] if seat == q else [0] * 5 for seat in range(4)]
    s.phase, s.actor, s._legal = MOVE_TOKEN, p, None
    choice = next(c for c in s.action_choices() if c.action == s.lay.firestorm + hex_)
    s._move_token(p, hex_)
    return s, p, q, choice.note


@pytest.mark.parametrize("taken", [1, 2, 0])
def test_firestorm_cards_taken_is_what_the_placer_takes(taken: int) -> None:
    """The placer takes the rule's number of cards from the robbed player (the printed one by default), the log
    and the choice say so; a firestorm that takes no card robs nobody, so no burning building is spared."""
    s, p, q, note = _firestorm_on_a_rival({"firestorm_cards_taken": taken} if taken != 1 else {})
    cards = [e.data for e in s.events if e.kind == "take_card"]
    assert cards == [{"player": p, "victim": q, "resource": "lumber"}] * taken
    log = [s.describe_event(e) for e in s.events if e.kind == "take"]
    spread = [e for e in s.events if e.kind == "fire_spreads"][-1].data["players"][str(q)]
    if taken:
        words = "a card" if taken == 1 else f"{taken} cards"
        assert log == [f"{s.player_name(p)} takes {words} from {s.player_name(q)}."]
        assert f"you may take {words} from {s.player_name(q)}" in note
        assert spread["owed"] == len(spread["buildings"]) - 1  # the robbed player's first building is spared
    else:
        assert log == [] and "the firestorm takes nobody's cards" in note
        assert spread["owed"] == len(spread["buildings"])


def test_firestorm_cards_taken_stops_at_what_the_robbed_player_holds() -> None:
    s, p, q, _ = _firestorm_on_a_rival({"firestorm_cards_taken": 5})
    assert len([e for e in s.events if e.kind == "take_card"]) == 3
    assert [e.data["cards"] for e in s.events if e.kind == "take"] == [3]


@pytest.mark.parametrize(
    "name,holder,row,mode",
    [
        ("longest_road_vp", "road_holder", "Longest Road", "firestorm"),
        ("largest_army_vp", "army_holder", "Largest Army", "classic"),
    ],
)
def test_the_special_cards_points_are_what_they_add_to_the_holder(name: str, holder: str, row: str, mode: str) -> None:
    """Longest Road and Largest Army add the rule's points to their holder's score (public and total), on the score
    sheet and in the learning encoders' points (view, fast and compiled paths)."""
    from firebreak.core.encoding import observation_encoder

    for vp in (2, 0, 5):
        rules = {name: vp} if vp != 2 else {}
        s = game(rules, mode=mode)
        before = s.total_vp(0)
        setattr(s, holder, 0)
        assert s.total_vp(0) - before == vp and s.public_vp(0) - before == vp
        assert dict(s._sheet(0, hidden=False))[row] == vp
        encoder = observation_encoder(SPEC, 4, {"mode": mode, **({"rules": rules} if rules else {})})
        at = encoder.offsets()["seat[0].victory_points"]
        out = numpy.zeros(encoder.size, dtype=numpy.float32)
        encoder.writer()(s, 0, out)
        for values in (encoder.encode(s.view(0), 0), encoder.encode_state(s, 0), out):
            assert abs(values[at] - s.public_vp(0) / 10) < 1e-6


@pytest.mark.parametrize("vp", [2, 0, 5])
def test_island_bonus_vp_is_what_a_first_settlement_on_a_small_island_earns(vp: int) -> None:
    """Seafarers: the first settlement on a small island earns the rule's bonus, in the points, the score sheet, the
    log, the terminal's legend and the learning encoders (view, fast and compiled paths)."""
    from firebreak.core.encoding import observation_encoder

    from .seafarers_helpers import fund, sea_blank

    rules = {"island_bonus_vp": vp} if vp != 2 else {}
    s = sea_blank(4, **({"rules": rules} if rules else {}))
    t = s.topo
    node = next(n for n in range(t.num_nodes) if t.node_island[n] > 0)
    before = s.total_vp(0)
    fund(s, 0, lumber=1, brick=1, wool=1, grain=1)
    s.sreach[0].add(node)
    s._legal = None
    s.apply(s.lay.settle + node)
    assert s.total_vp(0) - before == 1 + vp and s.public_vp(0) - before == 1 + vp
    assert ("Island bonus", float(vp)) in s.score_sheet()[0]
    words = "1 victory point" if vp == 1 else f"{vp} victory points"
    assert any(s.describe_event(e).endswith(f": {words} (island bonus).") for e in s.events)
    assert f"({words} for your first settlement on each)" in SPEC.render(s.view(0))
    encoder = observation_encoder(SPEC, 4, {"board": "seafarers", **({"rules": rules} if rules else {})})
    at = encoder.offsets()["seat[0].victory_points"]
    out = numpy.zeros(encoder.size, dtype=numpy.float32)
    encoder.writer()(s, 0, out)
    for values in (encoder.encode(s.view(0), 0), encoder.encode_state(s, 0), out):
        assert abs(values[at] - s.public_vp(0) / 10) < 1e-6
