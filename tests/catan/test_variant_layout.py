"""Catan layouts in variant files: a layout file fixes the terrain, number tokens and harbours of the base or 5-6
frame; a game whose options carry it is dealt exactly that, plays, saves, replays, is drawn and encoded on it, and
each broken constraint of a layout is refused in one sentence naming its field (docs/variants.md, ruling V1).

The example: examples/variants/catan-scarce-ore.yaml (the beginner layout with two ore hexes, on 3 and 11)."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import pytest
import yaml

from firebreak.core import OptionError, SaveFileError, record_of, replay
from firebreak.core.parameters import BOARD_KEY, describe_options
from firebreak.core.record import GameRecord
from firebreak.core.variant import VariantError, load_variant, parse_variant
from firebreak.games.catan.board import DESERT, TERRAIN_INDEX
from firebreak.games.catan.layouts import layout_problems
from firebreak.games.catan.render import render
from firebreak.games.catan.svg import render_svg

from .helpers import SPEC, check_invariants, new, play_random

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
EXAMPLE = EXAMPLES / "catan-scarce-ore.yaml"
LAYOUT = EXAMPLES / "boards" / "catan-scarce-ore.yaml"


def scarce_ore() -> dict:
    return yaml.safe_load(LAYOUT.read_text())


def options_of(layout: dict, **more) -> dict:
    return {BOARD_KEY: layout, **more}


def test_the_example_variant_deals_its_layout_in_every_game() -> None:
    v = load_variant(EXAMPLE)
    assert v.game == "catan" and v.name == "Scarce ore" and "ore" in v.description and v.players == 4
    layout = scarce_ore()
    for seed in (0, 1):
        s = SPEC.new_game(4, seed, v.game_options())
        assert s.options[BOARD_KEY] == layout
        assert s.terrain == tuple(TERRAIN_INDEX[t] for t in layout["terrain"])
        assert s.numbers == tuple(layout["numbers"])
        assert s.terrain.count(TERRAIN_INDEX["ore"]) == 2
        ore_numbers = sorted(x for t, x in zip(s.terrain, s.numbers) if t == TERRAIN_INDEX["ore"])
        assert ore_numbers == [3, 11]
    # a game on the packaged board carries no layout: its options are the printed game's
    assert BOARD_KEY not in SPEC.new_game(4, 0).options


def test_the_layouts_harbours_are_where_and_of_the_kind_it_says() -> None:
    layout = scarce_ore()
    layout["harbours"] = [{"hex": 0, "side": "ne", "kind": "ore"}, {"hex": 18, "side": 2, "kind": "generic"}]
    view = SPEC.new_game(3, 0, options_of(layout)).view(None)
    assert sorted(h["kind"] for h in view["board"]["harbours"]) == ["generic 3:1", "ore 2:1"]
    s = SPEC.new_game(3, 0, options_of(layout))
    hn = s.topo.hex_nodes
    assert {s.node_harbour[hn[0][0]], s.node_harbour[hn[0][1]]} == {TERRAIN_INDEX["ore"]}  # hex A's north-east side
    assert sum(k >= 0 for k in s.node_harbour) == 4
    # left out, the frame's printed harbours (nine on the base frame)
    del layout["harbours"]
    assert len(SPEC.new_game(3, 0, options_of(layout)).view(None)["board"]["harbours"]) == 9


def test_a_settlement_on_a_layouts_harbour_trades_at_its_rate() -> None:
    layout = scarce_ore()
    layout["harbours"] = [{"hex": 0, "side": "nw", "kind": "grain"}]
    s = SPEC.new_game(4, 0, options_of(layout))
    hn = s.topo.hex_nodes[0]
    corner = hn[5]  # the north-west side joins corners 5 and 0
    assert s.node_harbour[corner] == TERRAIN_INDEX["grain"] and s.node_harbour[hn[0]] == TERRAIN_INDEX["grain"]
    assert s.rates[0] == [4] * 5
    s.apply(s.lay.settle + corner)  # the first set-up settlement, on the harbour
    assert s.rates[0] == [4, 4, 4, 2, 4]
    packaged = SPEC.new_game(4, 0, {"layout": "beginner"})  # the printed board has a 3:1 harbour there
    packaged.apply(packaged.lay.settle + corner)
    assert packaged.rates[0] == [3] * 5


BAD = [
    (lambda b: b.update(frame="seafarers"), "board.frame must be base (3-4 players, 19 land hexes) or 5-6"),
    (
        lambda b: b.update(frame=[5, 6]),
        "board.frame must be base (3-4 players, 19 land hexes) or 5-6 (the 5-6 extension, 30 land hexes), not [5, 6]",
    ),
    (
        lambda b: b["terrain"].__setitem__(0, ["ore"] * 50),
        "board.terrain: hex 0 (A) is ['ore', 'ore', 'ore', 'ore', 'ore', '..., not a terrain",
    ),
    (
        lambda b: b["terrain"].pop(),
        "board.terrain must list the terrain of each of the base frame's 19 land hexes, not 18 hexes",
    ),
    (
        lambda b: b["terrain"].__setitem__(4, "gold"),
        "board.terrain: hex 4 (E) is 'gold', not a terrain (lumber, brick, wool, grain, ore or desert)",
    ),
    (lambda b: b["numbers"].__setitem__(9, 6), "board.numbers: hex 9 (J) is desert and takes no number token, not 6"),
    (
        lambda b: b["numbers"].__setitem__(4, 7),
        "board.numbers: hex 4 (E) is brick and takes a number token from 2 to 6 or 8 to 12, not 7",
    ),
    (
        lambda b: b["numbers"].__setitem__(4, 0),
        "board.numbers: hex 4 (E) is brick and takes a number token from 2 to 6 or 8 to 12, not 0",
    ),
    (
        lambda b: b["numbers"].__setitem__(4, True),
        "board.numbers: hex 4 (E) is brick and takes a number token from 2 to 6 or 8 to 12, not True",
    ),
    (
        lambda b: b["numbers"].append(5),
        "board.numbers must list a number for each of the base frame's 19 land hexes (0 on a desert), not 20 numbers",
    ),
    (
        lambda b: b.update(terrain=["desert"] * 18 + ["ore"], numbers=[0] * 18 + [5]),
        "board.terrain must have at least two hexes that are not desert",
    ),
    (
        lambda b: b["harbours"].__setitem__(0, {"hex": 9, "side": "e", "kind": "generic"}),
        "board.harbours[0]: hex 9 (J) side e is not on the coast",
    ),
    (
        lambda b: b["harbours"].__setitem__(0, {"hex": 0, "side": "nw", "kind": "gold"}),
        "board.harbours[0].kind must be generic, lumber, brick, wool, grain or ore, not 'gold'",
    ),
    (
        lambda b: b["harbours"].__setitem__(0, {"hex": 0, "side": "up", "kind": "ore"}),
        "board.harbours[0].side must be one of ne, e, se, sw, w, nw (or 0 to 5), not 'up'",
    ),
    (
        lambda b: b["harbours"].__setitem__(0, {"hex": 19, "side": "e", "kind": "ore"}),
        "board.harbours[0].hex must be a land hex from 0 to 18, not 19",
    ),
    (
        lambda b: b["harbours"].__setitem__(0, {"hex": 0, "kind": "ore"}),
        "board.harbours[0] must be a table with exactly a hex, a side and a kind",
    ),
    (
        lambda b: b["harbours"].append({"hex": 0, "side": "w", "kind": "ore"}),
        "board.harbours[9] shares a corner with board.harbours[0]",
    ),
    (
        lambda b: b.update(robber=3),
        "board.robber is not a field of a Catan layout (fields: frame, terrain, numbers, harbours)",
    ),
]


@pytest.mark.parametrize(("break_it", "sentence"), BAD)
def test_each_broken_constraint_is_one_sentence_naming_its_field(break_it, sentence: str) -> None:
    layout = scarce_ore()
    break_it(layout)
    problems = layout_problems(layout)
    assert len(problems) == 1 and problems[0].startswith(sentence), problems
    with pytest.raises(OptionError) as err:  # a game (a save, a server record) with it is refused, nothing made
        SPEC.new_game(4, 0, options_of(layout))
    assert str(err.value).startswith("The board cannot be played: board.")


def test_a_variant_with_a_broken_layout_lists_every_problem_by_field(tmp_path: Path) -> None:
    layout = scarce_ore()
    layout["numbers"][9] = 6
    layout["harbours"][0]["kind"] = "gold"
    (tmp_path / "layout.yaml").write_text(yaml.safe_dump(layout))
    text = "game: catan\nname: Broken\nplayers: 4\nboard: layout.yaml\n"
    with pytest.raises(VariantError) as err:
        parse_variant(text, "v.yaml", base=tmp_path)
    assert err.value.problems == [
        "board.numbers: hex 9 (J) is desert and takes no number token, not 6",
        "board.harbours[0].kind must be generic, lumber, brick, wool, grain or ore, not 'gold'",
    ]


def test_a_layout_is_played_only_with_its_frames_player_counts_and_on_the_base_board(tmp_path: Path) -> None:
    (tmp_path / "layout.yaml").write_text(LAYOUT.read_text())
    # no player count named: offered for the counts its frame seats, not refused for the others
    free = parse_variant("game: catan\nname: No count\nboard: layout.yaml\n", "v.yaml", base=tmp_path)
    assert free.players is None and free.player_counts == (3, 4) and free.default_players(4) == 4
    (tmp_path / "big.yaml").write_text(yaml.safe_dump(five_six_layout()))
    big = parse_variant("game: catan\nname: Big\nboard: big.yaml\n", "v.yaml", base=tmp_path)
    assert big.player_counts == (5, 6) and big.default_players(4) == 5  # the game's 4 does not fit: the fewest
    # a count the frame cannot seat, named in the file: refused in a player's words (no field path)
    with pytest.raises(VariantError) as err:
        parse_variant("game: catan\nname: Five\nplayers: 5\nboard: layout.yaml\n", "v.yaml", base=tmp_path)
    assert err.value.problems == ["with 5 players: This variant's board seats 3 or 4 players, not 5"]
    with pytest.raises(VariantError) as err:
        parse_variant(
            "game: catan\nname: At sea\nplayers: 4\noptions: {board: seafarers}\nboard: layout.yaml\n",
            "v.yaml",
            base=tmp_path,
        )
    assert err.value.problems == [
        "with 4 players: This variant's board is laid out on the base game's island, so it cannot be played on the "
        "Seafarers board: choose the base board"
    ]
    with pytest.raises(VariantError):  # on Seafarers it seats no count at all: refused, not offered for none
        parse_variant("game: catan\nname: Sea\noptions: {board: seafarers}\nboard: layout.yaml\n", "v", base=tmp_path)
    assert parse_variant("game: catan\nname: Three\nplayers: 3\nboard: layout.yaml\n", "v", base=tmp_path).players == 3
    with pytest.raises(OptionError, match="^This variant's board seats 3 or 4 players, not 5$"):
        SPEC.new_game(5, 0, options_of(scarce_ore()))


def test_listings_leave_out_the_options_a_layout_replaces() -> None:
    """Under a layout the board, layout and Seafarers-target options change nothing: no listing shows them."""
    options = SPEC.resolve_options(4, options_of(scarce_ore()))
    assert options["layout"] == "random"  # (resolved as ever, so games play as before)
    listed = describe_options(SPEC.listed_options(options))
    assert "layout" not in listed and "board=" not in listed and "new_shores_vp" not in listed
    assert listed.startswith("firestorm_discard=True, mode=firestorm") and "board: its own (hash " in listed
    printed = SPEC.resolve_options(4, {"layout": "beginner"})  # the packaged board: listed as before
    assert SPEC.listed_options(printed) == printed and "layout=beginner" in describe_options(printed)


def five_six_layout() -> dict:
    """The 5-6 frame: its 30 hexes all lumber and ore around three deserts, numbers repeating."""
    terrain = ["desert" if h in (0, 14, 29) else ("lumber" if h % 2 else "ore") for h in range(30)]
    tokens = iter([2, 3, 4, 5, 6, 8, 9, 10, 11, 12] * 3)
    return {"frame": "5-6", "terrain": terrain, "numbers": [0 if t == "desert" else next(tokens) for t in terrain]}


@pytest.mark.parametrize("mode", ("firestorm", "classic"))
def test_whole_games_play_on_layouts_of_both_frames(mode: str) -> None:
    for players, layout, seed in ((4, scarce_ore(), 3), (3, scarce_ore(), 4), (5, five_six_layout(), 5)):
        s = SPEC.new_game(players, seed, options_of(layout, mode=mode))
        assert s.numbers == tuple(layout["numbers"])
        play_random(s, seed)
        assert s.winners()


def test_ruling_v1_the_robber_starts_on_the_first_desert_or_beside_the_board_without_one() -> None:
    two = five_six_layout()  # deserts on hexes 0, 14 and 29
    s = SPEC.new_game(5, 0, options_of(two, mode="classic"))
    assert s.token_hex == 0 and s.terrain[0] == DESERT
    none = scarce_ore()
    none["terrain"][9], none["numbers"][9] = "wool", 8
    s = SPEC.new_game(4, 0, options_of(none, mode="classic"))
    assert DESERT not in s.terrain and s.token_hex == -1
    # the first 7 puts it on any land hex (all 19 open); a robbed game plays on
    play_random(s, 2)
    assert s.winners()
    moved = next(e for e in s.events if e.kind == "robber")
    assert moved.data["hex"]


def test_a_layout_game_saves_and_replays_on_its_layout_and_a_tampered_layout_is_refused() -> None:
    s = SPEC.new_game(4, 7, options_of(scarce_ore(), mode="classic"))
    play_random(s, 7, check=False)
    data = record_of(s).to_json()
    again = replay(GameRecord.from_json(json.loads(json.dumps(data))))
    assert again == s and again.terrain == s.terrain and again.winners() == s.winners()
    bad = json.loads(json.dumps(data))
    bad["options"][BOARD_KEY]["numbers"][9] = 6
    with pytest.raises(SaveFileError, match="The board cannot be played: board.numbers: hex 9"):
        replay(GameRecord.from_json(bad))


def test_a_layout_game_travels_to_a_bot_worker_and_clones_on_its_layout() -> None:
    layout = scarce_ore()
    layout["harbours"] = [{"hex": 0, "side": "nw", "kind": "grain"}]
    s = SPEC.new_game(4, 2, options_of(layout))
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    for other in (pickle.loads(pickle.dumps(s)), s.clone()):
        assert other == s and other.node_harbour == s.node_harbour and other.topo.harbour_edges == s.topo.harbour_edges
        play_random(other, 9)
        check_invariants(other)


def test_the_terminal_and_the_svg_draw_the_layout() -> None:
    layout = scarce_ore()
    layout["harbours"] = [{"hex": 0, "side": "nw", "kind": "grain"}]
    s = SPEC.new_game(4, 0, options_of(layout))
    view = s.view(0)
    text = render(view)
    assert "Harbours: 2:1 grain" in text and "any resource" not in text.split("Harbours:")[1].splitlines()[0]
    svg = render_svg(view, [(a, s.action_to_text(a)) for a in s.legal_actions()])
    assert svg.count('class="harbour"') == 1 and "Harbour 2:1 grain" in svg
    hexes = {h["label"]: (h["terrain"], h["number"]) for h in view["board"]["hexes"]}
    assert hexes["A"] == ("grain", 10) and hexes["L"] == ("ore", 11)
    assert [h["label"] for h in view["board"]["hexes"] if h["terrain"] == "ore"] == ["L", "N"]


@pytest.mark.parametrize("players", (4, 5))
def test_the_learning_encoders_encode_a_layout_game_as_the_compiled_writer_does(players: int) -> None:
    np = pytest.importorskip("numpy")
    from firebreak.core.encoding import observation_encoder

    layout = scarce_ore() if players == 4 else five_six_layout()
    layout = copy.deepcopy(layout)
    if players == 4:
        layout["harbours"] = [{"hex": 0, "side": "nw", "kind": "grain"}, {"hex": 16, "side": "sw", "kind": "ore"}]
    options = options_of(layout, mode="classic")
    encoder = observation_encoder(SPEC, players, options)
    packaged = observation_encoder(SPEC, players, {"mode": "classic"})
    assert encoder.size == packaged.size  # the frame's intersections and paths: the same layout of fields
    s = SPEC.new_game(players, 1, options)
    for step in range(120):
        for seat in range(players):
            fast = np.zeros(encoder.size, np.float32)
            encoder.write_state(s, seat, fast)
            slow = np.asarray(encoder.encode(s.view(seat), seat), np.float32)
            assert np.array_equal(fast, slow)
            if encoder.compiled is not None:
                compiled = np.zeros(encoder.size, np.float32)
                encoder.compiled.write(s, seat, compiled)
                assert np.array_equal(fast, compiled)
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[(step * 7) % len(la)])
    # the layout is what is encoded: the same seed on the packaged board gives another first block
    first = np.zeros(encoder.size, np.float32)
    encoder.write_state(SPEC.new_game(players, 1, options), 0, first)
    other = np.zeros(packaged.size, np.float32)
    packaged.write_state(SPEC.new_game(players, 1, {"mode": "classic"}), 0, other)
    assert not np.array_equal(first, other)


def test_games_on_the_packaged_boards_deal_as_before() -> None:
    """No layout in the options: the beginner and random deals are the ones the packaged data gives."""
    beginner = new(4, 0, layout="beginner")
    assert BOARD_KEY not in beginner.options
    assert beginner.numbers[9] == 0 and beginner.terrain[9] == DESERT and beginner.token_hex == -1
