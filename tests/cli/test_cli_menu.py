"""The terminal's menus: fixed numbers inside groups and across a turn, turn-enders last and confirmed,
forced moves explained, short listings, and a screen free of internals in whole games of every game."""

from __future__ import annotations

import pytest

from firebreak.cli.menu import MAX_ENTRIES, build_menu, listing
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
    assert "Play a card / Red (" in out and "P0 [1-5] b> " in out


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


def test_every_question_of_a_turn_is_numbered_from_1_and_its_prompt_shows_the_range():
    """Catan's set-up: the settlement is one question, the road next to it another, each numbered from 1."""
    all_games()
    state = get_game("catan").new_game(4, 3)
    asked = []

    def read(session):
        asked.append(sorted(session.menu.numbers))
        return "1" if len(asked) <= 2 else None

    session = session_for(state, [0], read)
    settlement = session.human_turn(0)
    state.apply(settlement)
    road = session.human_turn(0)
    assert road == session.menu.numbers[1].choice.action and state.is_legal(road)
    state.apply(road)
    assert state.current_player() != 0, "the settlement and its road were played with 1 and 1"
    assert [n[0] for n in asked] == [1, 1] and asked[0] == list(range(1, len(asked[0]) + 1))
    out = screen(session)
    assert f"Blue (P0) [1-{len(asked[0])}]> 1" in out and f"Blue (P0) [1-{len(asked[1])}]> 1" in out
    assert out.count("Blue (P0), your turn") == 1, "the road is the same turn's next question, not a new turn"


def test_a_number_out_of_range_is_refused_with_the_range_and_changes_nothing(toy):
    state = grouped_game(toy)
    session = session_for(state, [0], lines(["9", None]))
    assert session.human_turn(0) is None
    assert "There is no option 9; choose 1-5." in screen(session)
    assert state.history == []


def test_input_typed_before_a_question_was_shown_is_dropped_and_said(toy):
    """The session asks its ``typed_ahead`` hook once per question, after showing it (a real terminal drops the
    lines waiting in its queue): the player is told, and the next line answers the question they see."""
    state = grouped_game(toy)
    checks = []
    session = session_for(state, [0], lines(["2"]))
    session.typed_ahead = lambda: checks.append(len(session.menu.numbers)) or True
    action = session.human_turn(0)
    assert action == session.menu.numbers[2].choice.action and checks == [5]
    out = screen(session)
    said = "What you typed before this question was shown was not played; choose from these options."
    assert out.index("Your options") < out.index(said) < out.index("P0 [1-5]> 2")


def test_drop_typed_ahead_empties_a_real_terminal_queue_and_leaves_pipes_alone():
    pty = pytest.importorskip("pty")
    import os

    from firebreak.cli.typeahead import drop_typed_ahead, pending_input

    master, slave = pty.openpty()
    try:
        assert not drop_typed_ahead(slave), "nothing typed"
        os.write(master, b"1\n3\n")
        assert pending_input(slave)
        assert drop_typed_ahead(slave)
        assert not pending_input(slave) and not drop_typed_ahead(slave)
        os.write(master, b"2\n")  # typed after the drop: read as usual
        assert os.read(slave, 100) == b"2\n"
    finally:
        os.close(master)
        os.close(slave)
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"1\n")
        assert not drop_typed_ahead(read_end), "piped input is a script: never dropped"
        assert os.read(read_end, 100) == b"1\n"
    finally:
        os.close(read_end)
        os.close(write_end)


def test_ending_the_turn_is_listed_last_and_never_a_lone_first_number(toy):
    state = grouped_game(toy)
    session = session_for(state, [0], lines(["5", "n", "1"]))
    action = session.human_turn(0)
    out = screen(session)
    listing_lines = out.split("Your options:")[1].split("P0 [1-5]>")[0].strip().splitlines()
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
    assert board_line not in turns[1].split("]> board")[0], "the second turn reprints the whole board"
    assert board_line in turns[1].split("]> board")[1], "board shows it all"
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


def test_at_a_real_terminal_a_second_number_typed_ahead_does_not_answer_the_road_question():
    """``firebreak play catan`` in a pseudo-terminal: "1" and "1" typed together at the settlement question
    build the settlement; the second line, typed before the road question was shown, is dropped and said."""
    pty = pytest.importorskip("pty")
    import os
    import re
    import select
    import sys

    def read_until(fd, pattern, seen):
        """Read the screen until ``pattern`` appears in what comes after the screen read so far."""
        start = len(seen[0])
        while not re.search(pattern, seen[0][start:]):
            ready, _, _ = select.select([fd], [], [], 120)
            assert ready, f"no {pattern!r} on the screen:\n{seen[0][-2000:]}"
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            assert data, f"the game ended before {pattern!r}:\n{seen[0][-2000:]}"
            seen[0] += re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", data.decode("utf-8", "replace")).replace("\r", "")
        return seen[0][start:]

    pid, fd = pty.fork()
    if pid == 0:  # the child: the player's terminal runs the game
        os.environ["COLUMNS"] = "120"
        os.execv(sys.executable, [sys.executable, "-m", "firebreak.cli", "play", "catan", "--seed", "3"])
    seen = [""]
    try:
        read_until(fd, r"Blue \(P0\) \[1-54\]> $", seen)
        os.write(fd, b"1\n1\n")  # both lines at once: the second is typed ahead of the road question
        out = read_until(fd, r"Blue \(P0\) \[1-2\]> $", seen)
        road = out[out.index("Set-up: place a road") :]
        assert "What you typed before this question was shown was not played" in road
        os.write(fd, b"2\n")
        out = read_until(fd, r"Blue \(P0\) \[1-\d+\]> $", seen)
        assert "Blue (P0) (you) builds a road on the north-east coast of the wool 6 hex (A)." in out
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def test_a_group_of_one_choice_shows_its_number():
    """Catan's set-up lists "Next to the lumber 2 hex (B) (1 choice, 5)": the number can be typed without opening
    the group."""
    choices = [ActionChoice(0, "north", group=("Near A",)), ActionChoice(1, "south", group=("Near A",))]
    choices.append(ActionChoice(2, "east", group=("Near B",)))
    menu = build_menu(choices)
    assert [line.strip() for line in listing(menu.root)] == ["a. Near A (2 choices, 1-2)", "b. Near B (1 choice, 3)"]
