"""The fire cone's path: told in the log and the terminal, offered with each fire move for the map to draw.

A cone crosses the uncontained fire freely and only its last step follows the card, so a South card can burn a
district west of Pudding Lane. The path (source, burning districts crossed, target) is the shortest through
uncontained fire; among equally short paths the alphabetically first (see ``firebreak.games.great_fire.route``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from firebreak.games.great_fire.data import DIRECTION_NAMES
from firebreak.games.great_fire.names import colour_word
from firebreak.games.great_fire.route import fire_route, route_names

from .helpers import BOARD, SPEC, E, N, Position, S, W, d, started

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli.scripted import lines, screen, session_for  # noqa: E402

PL = "Pudding Lane"


def fresh(*cards: int) -> Position:
    pos = Position(4, seed=1)
    pos.hand(pos.s.player, *cards)
    return pos


def choice_for(pos: Position, direction: int, src: str, tgt: str):
    """The choice that plays this fire move (every fire move is in exactly one choice)."""
    wanted = pos.s.codec.fire(direction, d(src), d(tgt))
    return next(c for c in pos.s.action_choices() if wanted in c.actions)


def play(pos: Position, direction: int, src: str, tgt: str) -> str:
    """Play the fire move and return its sentence in the log."""
    s = pos.refresh()
    before = len(s.events)
    s.apply(s.codec.fire(direction, d(src), d(tgt)))
    spread = [e for e in s.events[before:] if e.kind == "fire_spread"]
    assert len(spread) == 1
    return s.describe_event(spread[0])


def example_4(pos: Position) -> Position:
    """Rulebook Example 4 on our board: the fire has spread north and west of Pudding Lane."""
    for name in ("S. Bennet", "Guild Hall", "Bassishaw", "Goldsmiths' Hall", "Philpott Lane"):
        pos.burn(name)
    pos.bands("Coleman Street", 1).bands("Bread Street", 1)
    pos.empty("Watlin Street")
    return pos


def tie_on_the_board() -> tuple[int, str, str, str]:
    """A card, two districts next to Pudding Lane (alphabetically first, then second) and a target the card
    reaches from both of them but not from Pudding Lane itself: two equally short paths. Found on the loaded
    board; one whose board order differs from the alphabetical order is preferred, so a path chosen by board
    order would show."""
    pl = d(PL)
    links = BOARD.fire_links
    around = sorted({t for dr in range(4) for t in links[dr][pl] if BOARD.size[t]})
    ties = []
    for dr in range(4):
        for i, a in enumerate(around):
            for b in around[i + 1 :]:
                for t in sorted(set(links[dr][a]) & set(links[dr][b])):
                    if t != pl and t not in links[dr][pl] and t not in around and BOARD.size[t]:
                        first, second = sorted((a, b), key=lambda x: BOARD.names[x])
                        ties.append((first > second, dr, BOARD.names[first], BOARD.names[second], BOARD.names[t]))
    assert ties, "the board has no two equally short fire paths out of Pudding Lane"
    _, dr, first, second, target = max(ties, key=lambda tie: tie[0])
    return dr, first, second, target


# --- the path on hand-made fire situations -------------------------------------------------------------------
def test_a_cone_leaving_its_district_directly_has_no_district_between():
    pos = fresh(N, N, N, N, E)
    assert choice_for(pos, N, PL, "S. Mary").path == (PL, "S. Mary")
    name = pos.s.player_name(pos.s.player)
    assert play(pos, N, PL, "S. Mary") == f"{name} plays a North card: a cone leaves Pudding Lane into S. Mary."


def test_a_south_card_burns_tallow_hall_west_of_pudding_lane_via_s_bennet():
    """Example 3's South arrow: the cone crosses the burning S. Bennet, then steps south into Tallow Hall."""
    pos = fresh(S, S, S, S, N)
    pos.burn("S. Bennet", 3)
    choice = choice_for(pos, S, PL, "Tallow Hall")
    assert choice.path == (PL, "S. Bennet", "Tallow Hall")
    assert choice.note.startswith("A cone leaves Pudding Lane via S. Bennet into Tallow Hall.")
    name = pos.s.player_name(pos.s.player)
    assert (
        play(pos, S, PL, "Tallow Hall")
        == f"{name} plays a South card: a cone leaves Pudding Lane via S. Bennet into Tallow Hall."
    )


def test_example_4_the_cone_crosses_several_burning_districts():
    """Example 4: the cone moves north and west through the fire, and only its last step is south (Cheapside)."""
    pos = example_4(fresh(S, S, S, S, N))
    assert choice_for(pos, S, PL, "Cheapside").path == (PL, "S. Bennet", "Guild Hall", "Cheapside")
    # The same target from Guild Hall: straight out.
    assert choice_for(pos, S, "Guild Hall", "Cheapside").path == ("Guild Hall", "Cheapside")
    name = pos.s.player_name(pos.s.player)
    assert (
        play(pos, S, PL, "Cheapside")
        == f"{name} plays a South card: a cone leaves Pudding Lane via S. Bennet and Guild Hall into Cheapside."
    )


def test_every_step_of_every_offered_path_is_a_fire_link_through_uncontained_fire():
    pos = example_4(fresh(S, N, E, W, S))
    s = pos.s
    for c in s.action_choices():
        if not c.path:
            continue
        x = s.codec.decode(c.action)
        idx = [d(name) for name in c.path]
        assert idx[0] == x.a and idx[-1] == x.b
        assert idx[-1] in BOARD.fire_links[x.direction][idx[-2]], "the last step follows the card"
        for a, b in zip(idx, idx[1:-1]):
            assert b in BOARD.fire_adjacent[a] and s.uncontained(b)
        assert len(set(idx)) == len(idx)


def test_a_contained_fire_is_not_passed_through():
    """Two equally short paths; the alphabetically first is taken, unless its district's fire is contained."""
    dr, first, second, target = tie_on_the_board()
    card = (dr,) * 4 + ((dr + 1) % 4,)
    pos = fresh(*card)
    pos.burn(first, 2).burn(second, 2)
    assert choice_for(pos, dr, PL, target).path == (PL, first, target)
    pos.bands(first, 2)  # contained: fire cannot spread from or through it
    assert choice_for(pos, dr, PL, target).path == (PL, second, target)
    assert DIRECTION_NAMES[dr] in play(pos, dr, PL, target).lower()


def test_ties_are_broken_by_name_whatever_the_board_order():
    dr, first, second, target = tie_on_the_board()
    pos = fresh(*((dr,) * 4 + ((dr + 1) % 4,)))
    pos.burn(first, 2).burn(second, 2)
    s = pos.s
    assert route_names(fire_route(s.fire, s.bands, dr, d(PL), d(target))) == (PL, first, target)


def test_a_path_is_the_shortest_through_the_fire():
    """With a longer way round burning too, the cone takes the short one."""
    pos = example_4(fresh(S, S, S, S, N))
    pos.burn("S. Mary", 3).burn("Royal Exchange", 4)
    path = choice_for(pos, S, PL, "Cheapside").path
    assert len(path) == 4 and path[-2] == "Guild Hall"


# --- what players read, and what front ends receive ----------------------------------------------------------
def test_the_path_is_in_the_choices_json():
    pos = fresh(S, S, S, S, N)
    pos.burn("S. Bennet", 3)
    out = json.loads(json.dumps([c.to_json() for c in pos.s.action_choices()]))
    entry = next(c for c in out if c["target"] == "Tallow Hall" and c["source"] == PL)
    assert entry["path"] == [PL, "S. Bennet", "Tallow Hall"]
    pos.s.apply(pos.s.codec.fire(S, d(PL), d("Tallow Hall")))
    assert all("path" not in c.to_json() for c in pos.s.action_choices())  # the action phase follows no path


def test_the_second_move_of_a_fire_moves_twice_token_tells_its_path():
    from firebreak.games.great_fire.data import DOUBLE_MOVE
    from firebreak.games.great_fire.state import P_SECOND

    pos = fresh(S, S, S, S, N)
    pos.burn("S. Bennet", 3)
    pos.s.held[pos.s.player].append(DOUBLE_MOVE)
    pos.s.destroyed_tokens.remove(DOUBLE_MOVE)
    play(pos, S, PL, "Tallow Hall")
    assert pos.s.phase == P_SECOND
    move = next(c for c in pos.s.action_choices() if c.path)
    src, tgt = move.path[0], move.path[-1]
    sentence = play(pos, S, src, tgt)
    assert sentence.startswith("Second fire move with the South card: a cone leaves ")
    assert sentence.endswith(f"into {tgt}.")


def test_the_terminal_tells_the_path():
    pos = fresh(S, S, S, S, N)
    pos.burn("S. Bennet", 3)
    seat = pos.s.player
    session = session_for(pos.s, [seat], lines(["fire south: Pudding Lane -> Tallow Hall"]))
    session.run()
    out = screen(session)
    assert (
        f"{pos.s.player_name(seat)} (you) plays a South card: a cone leaves Pudding Lane via S. Bennet "
        "into Tallow Hall."
    ) in out


def test_the_path_tells_nothing_hidden_colours_hide():
    """With Hidden Colours the mover is named by pawn; the choices (paths, notes) and the fire's sentence are the
    same whichever house colour the mover secretly owns, and every viewer sees the same event."""
    s = started(4, 3, hidden_colours=True)
    p = s.current_player()
    other = s.clone()
    unused = next(c for c in range(len(BOARD.rules.colours)) if c not in s.colour)
    other.colour[p] = unused  # the same public position, another secret colour
    mine = [c.to_json() for c in s.action_choices()]
    assert any(c.get("path") for c in mine)
    assert mine == [c.to_json() for c in other.action_choices()]
    move = next(c["id"] for c in mine if c.get("path"))
    said = []
    for state in (s, other):
        before = len(state.events)
        state.apply(move)
        spread = next(e for e in state.events[before:] if e.kind == "fire_spread")
        assert spread.visible_to is None
        said.append(state.describe_event(spread))
    assert said[0] == said[1]
    assert said[0].startswith(f"{colour_word(BOARD.rules.colours[s.pawn[p]])} (P{p}) plays ")


def _reference_path(s, direction: int, src: int, tgt: int) -> tuple[str, ...]:
    """The rule spelt out slowly: every shortest way through uncontained fire, the first by district names."""
    ways = [[src]]
    while True:
        done = [w + [tgt] for w in ways if tgt in BOARD.fire_links[direction][w[-1]]]
        if done:
            return min(tuple(BOARD.names[x] for x in w) for w in done)
        ways = [w + [x] for w in ways for x in BOARD.fire_adjacent[w[-1]] if x not in w and s.uncontained(x)]
        assert ways, "a legal fire move has a path"


def test_paths_in_random_games_are_the_first_by_name_among_the_shortest():
    import random

    checked = 0
    for seed in range(6):
        s = SPEC.new_game(4, seed, {})
        rng = random.Random(seed)
        while not s.is_terminal() and checked < 400:
            for c in s.action_choices():
                if c.path:
                    x = s.codec.decode(c.action)
                    assert c.path == _reference_path(s, x.direction, x.a, x.b), c.note
                    checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked >= 200
