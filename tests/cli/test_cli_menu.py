"""The terminal's menus: fixed numbers inside groups and across a turn, turn-enders last and confirmed,
forced moves explained, short listings, and a screen free of internals in whole games of every game."""

from __future__ import annotations

import pytest

from firebreak.cli.menu import MAX_ENTRIES, build_menu, listing
from firebreak.cli.session import turn_enders
from firebreak.core import ActionChoice, all_games, get_game
from games.text_sweep import codes, internals
from toygame.game import PASS, EmberState, card_text

from .scripted import lines, random_player, screen, session_for


class GroupedEmber(EmberState):
    """Ember Cards with its cards grouped by colour and its pass worded as ending the turn."""

    def action_choices(self) -> list[ActionChoice]:
        out = []
        for a in self.legal_actions():
            if a == PASS:
                out.append(ActionChoice(a, "End your turn"))
            else:
                colour, value = card_text(a).split()
                out.append(ActionChoice(a, f"the {value}", group=("Play a card", colour.capitalize())))
        return out


def grouped_game(toy, seed=5):
    state = toy.new_game(2, seed, {"hand_size": 4})
    state.__class__ = GroupedEmber
    return state


def number_of(session, action) -> int:
    return next(n for n, e in session.menu.numbers.items() if action in e.choice.actions)


def test_a_number_from_another_group_plays_its_own_move_inside_a_group(toy):
    state = grouped_game(toy)
    hand = state.hands[0]
    reds, blues = (
        [c for c in hand if card_text(c).startswith("red")],
        [c for c in hand if card_text(c).startswith("blue")],
    )
    assert reds and blues, hand
    target = blues[-1]
    steps = iter(["open red", "blue number"])

    def read(session):
        if next(steps) == "open red":
            return next(k for k, g in session.menu.groups.items() if g.title == "Red")
        return str(number_of(session, target))  # a blue card's number, typed inside the red group

    session = session_for(state, [0], read)
    action = session.human_turn(0)
    assert action == target
    out = screen(session)
    assert "Play a card / Red (" in out and "P0 b> " in out


def test_numbers_are_fixed_for_the_whole_decision_and_back_returns(toy):
    state = grouped_game(toy)
    numbers = {}
    script = iter(["b", "back", "back", "2"])

    def read(session):
        numbers.setdefault("first", {n: e.choice.action for n, e in session.menu.numbers.items()})
        return next(script, None)

    session = session_for(state, [0], read)
    action = session.human_turn(0)
    assert action == numbers["first"][2]
    out = screen(session)
    assert out.count("Your options:") == 2, out  # the top listing again after going back twice
    assert "Play a card (4 choices; 'back' returns):" in out


def test_a_stale_number_after_an_action_is_refused_or_plays_the_same_move(toy):
    """In a turn of several decisions (the Great Fire's actions), numbers given earlier keep their move."""
    spec = get_game("great-fire")
    state = spec.new_game(4, 7)
    import random

    rng = random.Random(1)
    # reach the first decision of a turn where a move keeps the same seat acting (an action point spent)
    while True:
        seat = state.current_player()
        choices = state.action_choices()
        enders = turn_enders(state, choices)
        keep = [c for c in choices if c.action not in enders and _same_seat_after(state, c.action)]
        if enders and len(keep) >= 2:
            break
        state.apply(rng.choice(state.legal_actions()))
    first = {}
    played_first = []
    refused = []

    def read(session):
        menu = session.menu
        if not first:
            first.update({n: e.choice.actions for n, e in menu.numbers.items()})
            entry = next(
                e for e in menu.numbers.values() if not e.ends_turn and _same_seat_after(session.state, e.choice.action)
            )
            played_first.append(entry.number)
            return str(entry.number)
        # second decision: every number of the first listing either plays its old move or is refused
        for n in sorted(first):
            if n == played_first[0] or n in refused:
                continue
            if n in menu.numbers:
                assert set(menu.numbers[n].choice.actions) & set(first[n])
                return str(n)
            refused.append(n)
            return str(n)
        return None

    session = session_for(state, [seat], read)
    a1 = session.human_turn(seat)
    assert a1 in first[played_first[0]]
    state.apply(a1)
    history = list(state.history)
    a2 = session.human_turn(seat)
    assert state.history == history, "a refused number changed nothing"
    if a2 is not None:
        typed = [n for n in first if n not in refused and n != played_first[0]][0]
        assert a2 in first[typed]
    out = screen(session)
    for n in refused:
        assert f"Option {n} (" in out and "is no longer possible" in out


def _same_seat_after(state, action):
    after = state.clone()
    after.apply_unchecked(action)
    return not after.is_terminal() and after.current_player() == state.current_player()


def test_ending_the_turn_is_listed_last_and_never_a_lone_first_number(toy):
    state = grouped_game(toy)
    session = session_for(state, [0], lines(["5", "n", "1"]))
    action = session.human_turn(0)
    out = screen(session)
    listing_lines = out.split("Your options:")[1].split("P0>")[0].strip().splitlines()
    assert listing_lines[-1].strip() == "5. End your turn", listing_lines
    assert "End your turn? Other moves remain. (y/n)" in out and "Not played; choose again." in out
    assert action != PASS and action in state.hands[0]
    session = session_for(grouped_game(toy), [0], lines(["end"]))
    assert session.human_turn(0) == PASS
    session = session_for(grouped_game(toy), [0], lines(["5", "y"]))
    assert session.human_turn(0) == PASS


def test_forced_moves_are_explained_in_one_line_and_played_without_input(toy):
    class Forced(EmberState):
        """Every other turn of P0's is a forced pass (a lone legal action)."""

        def _legal_actions(self):
            return [PASS] if self.turn % 4 == 2 else super()._legal_actions()

    class Noted(Forced):
        def action_choices(self):
            choices = GroupedEmber.action_choices(self)
            if len(choices) == 1:
                return [ActionChoice(PASS, "Pass", note="Your hand is empty: you pass.")]
            return choices

    for cls, line in ((Forced, "P0: Only one move is possible: pass."), (Noted, "P0: Your hand is empty: you pass.")):
        state = toy.new_game(2, 5, {"hand_size": 3})
        state.__class__ = cls
        asked = []

        def read(session):
            asked.append(len(session.menu.numbers))
            return str(min(n for n, e in session.menu.numbers.items() if not e.ends_turn))

        session = session_for(state, [0], read)
        assert session.run()
        out = screen(session)
        assert out.count(line) == 3, out  # turns 2, 6 and 10
        assert all(n > 1 for n in asked), "a lone choice was never asked"


@pytest.mark.parametrize("seed", [1, 2])
def test_no_listing_in_a_whole_great_fire_game_has_more_than_30_entries(seed):
    state = get_game("great-fire").new_game(4, seed)
    pick = random_player(seed)
    biggest = []

    def read(session):
        menu = session.menu
        for group in [menu.root, *menu.groups.values()]:
            biggest.append(len(listing(group)))
        return pick(session)

    session = session_for(state, [0, 1, 2, 3], read)
    assert session.run()
    assert max(biggest) <= MAX_ENTRIES
    out = screen(session)
    sizes, count = [], None
    for line in out.splitlines():  # every listing on the screen: its heading, then indented entries
        if count is not None and line.startswith("    "):
            count += 1
            continue
        if count is not None:
            sizes.append(count)
        count = 0 if line == "Your options:" or line.endswith("'back' returns):") else None
    assert sizes and max(sizes) <= MAX_ENTRIES


def test_a_long_flat_level_is_split_into_parts_with_fixed_numbers():
    choices = [ActionChoice(a, f"move {a}") for a in range(70)] + [ActionChoice(70, "End your actions")]
    menu = build_menu(choices, {70})
    assert len(listing(menu.root)) <= MAX_ENTRIES
    assert menu.numbers[71].choice.action == 70 and menu.enders[0].number == 71
    assert sorted(e.choice.action for e in menu.numbers.values()) == list(range(71))
    assert listing(menu.root)[-1].strip() == "71. End your actions"


GAMES = ["great-fire", "brigade", "catan"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_through_the_terminal_show_no_internals(name, seed):
    """Random games of every game, one human (the others bots) and hot seat, piped through the session."""
    all_games()
    spec = get_game(name)
    for humans in ([seed % spec.default_players], list(range(spec.default_players))):
        state = spec.new_game(spec.default_players, seed)
        session = session_for(state, humans, random_player(seed, explore=0.2))
        assert session.run()
        out = screen(session)
        bad = internals(out) + codes(out)
        assert not bad, "\n".join(bad[:20])
        assert "Final scores" in out and ("wins" in out or "share the win" in out)


def test_the_screen_is_compact_after_the_first_turn_and_board_shows_it_all(toy):
    state = grouped_game(toy)
    script = iter(["1", "board", "1", "1"])
    session = session_for(state, [0], lambda s: next(script, None))
    session.run()
    out = screen(session)
    board_line = "Points: P0="  # a line of the toy's board, not of its status
    turns = out.split("P0, your turn")[1:]
    assert board_line in turns[0]
    assert board_line not in turns[1].split("P0> board")[0], "the second turn reprints the whole board"
    assert board_line in turns[1].split("P0> board")[1], "board shows it all"
    assert "Your hand:" in turns[2] and board_line not in turns[2]


def test_game_over_names_the_winner_and_breaks_every_score_down():
    from firebreak.cli.session import results_table, winners_line
    from rich.console import Console

    import io
    import random

    all_games()
    for name in GAMES:
        state = get_game(name).new_game(None, 5)
        rng = random.Random(5)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        line = winners_line(state)
        for w in state.winners():
            assert state.player_name(w) in line
        console = Console(file=io.StringIO(), width=250)
        console.print(results_table(state))
        table = console.file.getvalue()
        for seat, rows in enumerate(state.score_sheet()):
            assert state.player_name(seat) in table
            assert sum(v for _, v in rows) == pytest.approx(state.scores()[seat])
            for source, _ in rows:
                assert source in table
        assert not internals(table + line)
