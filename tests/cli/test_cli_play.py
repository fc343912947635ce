"""``firebreak play`` end to end on the toy game: typed numbers and texts, bad input, save, quit and load."""

import json

import pytest

from firebreak.core import GameRecord, load_game
from toygame.game import MAX_TURNS, card_text

from .helpers import run

HUMAN_TURNS = MAX_TURNS // 2  # two players: the human (seat 0) acts every other turn


def play(*extra, input="1\n" * HUMAN_TURNS, seed=5, bots="random"):
    return run(["play", "ember-cards", "--players", "2", "--seed", seed, "--bots", bots, *extra], input=input)


def test_a_human_plays_a_whole_game_by_numbers(toy, tmp_path):
    save = tmp_path / "g.json"
    result = play("--save", save)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("P0, your turn") == HUMAN_TURNS
    assert "Your hand:" in out and "Your options:" in out and "   1. play" in out
    assert "Game over" in out and "Final scores" in out and (" wins with " in out or " share the win" in out)
    assert f"Game saved to {save}" in out
    state = load_game(save)
    assert state.is_terminal() and len(state.history) == MAX_TURNS
    # the human always typed 1: the first listed option was played each time
    again = toy.new_game(2, 5)
    for action in state.history:
        if again.current_player() == 0:
            assert action == again.legal_actions()[0]
        again.apply(action)


def test_the_screen_shows_only_the_humans_own_hidden_information(toy, tmp_path):
    save = tmp_path / "g.json"
    out = play("--save", save).stdout
    state = load_game(save)
    my_draws = [e.data["card"] for e in state.events if e.kind == "draw" and e.data["player"] == 0]
    their_draws = [e.data["card"] for e in state.events if e.kind == "draw" and e.data["player"] == 1]
    assert my_draws and their_draws
    assert "P0 draw: card" in out
    assert "P1 draw: card" not in out, "the bot's drawn cards must stay hidden"
    assert "P1 draw hidden" in out  # but the human learns that it drew


def test_a_human_plays_by_action_text(toy, tmp_path):
    spec = toy
    first_card = spec.new_game(2, 5).hands[0][-1]
    moves = [f"PLAY  {card_text(first_card).upper()}"] + ["pass"] * (HUMAN_TURNS - 1)
    save = tmp_path / "g.json"
    result = play("--save", save, input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    history = load_game(save).history
    assert history[0] == first_card and all(a == 12 for a in history[2::2])


def test_bad_input_reprompts_and_changes_nothing(toy, tmp_path):
    clean, noisy = tmp_path / "clean.json", tmp_path / "noisy.json"
    play("--save", clean)
    hand = toy.new_game(2, 5).hands[0]
    not_in_hand = next(card_text(c) for c in range(12) if c not in hand)
    junk = ["foo", "99", "0", "", "play green 9", f"play {not_in_hand}", "help", "log", "-1"]
    result = play("--save", noisy, input="\n".join(junk) + "\n" + "1\n" * HUMAN_TURNS)
    assert result.exit_code == 0
    out = result.stdout
    assert "Not understood: 'foo'" in out
    assert "There is no option 99; choose 1-4." in out
    assert "There is no option 0" in out
    assert "Type a number 1-4, a letter to open a group, or 'help'." in out
    assert f"'play {not_in_hand}' is not legal now" in out
    assert "save FILE" in out and "Your log:" in out
    assert GameRecord.load(noisy) == GameRecord.load(clean)


def test_quit_saves_and_load_resumes(toy, tmp_path):
    save = tmp_path / "g.json"
    result = play("--save", save, input="1\n2\nquit\n")
    assert result.exit_code == 0
    assert "Game stopped." in result.stdout and f"Game saved to {save}" in result.stdout
    paused = load_game(save)
    assert not paused.is_terminal() and len(paused.history) == 4
    resumed = run(["play", "--load", save, "--bots", "random", "--save", save], input="1\n" * HUMAN_TURNS)
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming Ember Cards" in resumed.stdout and "Game over" in resumed.stdout
    final = load_game(save)
    assert final.is_terminal() and final.history[:4] == paused.history


def test_save_command_mid_game_and_end_of_input(toy, tmp_path):
    mid = tmp_path / "mid.json"
    result = play(input=f"1\nsave {mid}\n")
    assert result.exit_code == 0
    assert f"Game saved to {mid}" in result.stdout and "End of input." in result.stdout
    assert len(load_game(mid).history) == 2
    result = play(input="save\n")
    assert "Say where: save FILE" in result.stdout


def test_hot_seat_without_bots(toy, tmp_path):
    save = tmp_path / "g.json"
    result = play("--seat", "0", "--seat", "1", "--save", save, input="pass\n" * MAX_TURNS)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("P1, your turn") == HUMAN_TURNS
    assert load_game(save).winners() == [0, 1]
    assert "P0 and P1 share the win with" in result.stdout


def test_human_in_seat_one(toy):
    result = play("--seat", "1", input="1\n" * HUMAN_TURNS)
    assert result.exit_code == 0
    assert "P1, your turn" in result.stdout and "P0 (random bot) " in result.stdout


def test_bots_are_named_by_their_level_as_in_the_lobby(toy):
    """The terminal showed "(greedy)": a bot is named by its level, the default being the lobby's Easy."""
    default = run(["play", "ember-cards", "--players", "2", "--seed", "5", "--seat", "1"], input="1\n" * HUMAN_TURNS)
    assert default.exit_code == 0, default.output
    assert "P0 (Easy bot) " in default.stdout and "greedy" not in default.stdout
    assert "Easy bot" in default.stdout.split("Final scores")[1]  # the results table's "Played by"
    medium = play("--seat", "1", bots="mcts:iterations=300")  # a level's spec written out is that level
    assert "P0 (Medium bot) " in medium.stdout


def test_game_options_are_parsed_generically(toy, tmp_path):
    save = tmp_path / "g.json"
    play("--save", save, "--hand-size", "2", "--open-hands", "--scoring=plain", input="quit\n")
    assert GameRecord.load(save).options == {"hand_size": 2, "open_hands": True, "scoring": "plain"}
    play("--save", save, "--hand_size=4", "--no-open-hands", input="quit\n")
    assert GameRecord.load(save).options == {"hand_size": 4, "open_hands": False, "scoring": "wind"}


def test_view_falls_back_to_json_without_a_renderer(bare_toy):
    result = run(["play", "ember-cards-bare", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0
    assert '"hand": [' in result.stdout and '"deck_size":' in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "no-such-game"], "unknown game 'no-such-game'"),
        (
            ["play", "ember-cards", "--colour", "red"],
            "has no option '--colour' (its options: --hand-size, --open-hands, --scoring)",
        ),
        (["play", "ember-cards", "--hand-size"], "option --hand-size needs a value"),
        (["play", "ember-cards", "--hand-size", "9"], "must be one of 2, 3, 4"),
        (["play", "ember-cards", "--players", "7"], "is for 2-3 players, not 7"),
        (
            ["play", "ember-cards", "--bots", "smart"],
            "unknown agent 'smart' (known levels: easy, medium, hard; known agents:",
        ),
        (["play", "ember-cards", "--seat", "4"], "there is no seat 4"),
        (["play"], "name a game to play"),
        (["play", "ember-cards", "--seed", "-3"], "the seed must be a non-negative whole number"),
    ],
)
def test_command_line_errors_exit_2_with_one_clear_line(toy, args, message):
    result = run(args, input="quit\n")
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.strip().count("\n") == 0 and result.stderr.startswith("error: ")


def test_loading_a_corrupt_file_exits_1(toy, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = run(["play", "--load", bad])
    assert result.exit_code == 1 and "is not valid JSON" in result.stderr


def test_loading_checks_the_game_name(toy, bare_toy, tmp_path):
    save = tmp_path / "g.json"
    play("--save", save, input="quit\n")
    obj = json.loads(save.read_text())
    assert obj["game"] == "ember-cards"
    result = run(["play", "ember-cards-bare", "--load", save], input="quit\n")
    assert result.exit_code == 2 and "is a game of ember-cards" in result.stderr


def test_a_broken_game_package_is_reported_in_one_line(toy, monkeypatch):
    import firebreak.core.registry as registry

    def broken() -> None:
        raise ModuleNotFoundError("No module named 'firebreak.games.demo.rules'")

    monkeypatch.setattr(registry, "load_all", broken)
    result = run(["games"])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: cannot load the game packages: ModuleNotFoundError: No module named 'firebreak.games.demo.rules'"
    )


def test_ctrl_c_saves_and_exits_130(toy, tmp_path, monkeypatch):
    from firebreak.cli.session import PlaySession

    def interrupted(self, seat):
        raise KeyboardInterrupt

    monkeypatch.setattr(PlaySession, "human_turn", interrupted)
    save = tmp_path / "g.json"
    result = play("--save", save)
    assert result.exit_code == 130
    assert "Interrupted." in result.stdout and f"Game saved to {save}" in result.stdout
    assert load_game(save).history == []


def test_event_sentences_are_the_games_own(toy):
    """The terminal words no event itself: it asks the state, whose default is the core's generic sentence."""
    from firebreak.cli.text import event_sentence
    from firebreak.core import Event

    state = toy.new_game(2, 5)
    event = Event("play", {"player": 1, "card": "red 4", "points": 8})
    assert event_sentence(state, event) == "P1 play: card red 4, points 8."
    state.describe_event = lambda e: f"  {state.player_name(e.data['player'])} plays the {e.data['card']}. "
    assert event_sentence(state, event) == "P1 plays the red 4."


def test_a_choice_the_player_count_rules_out_is_listed_and_refused_in_words():
    """Catan's beginner layout exists for 3-4 players on the base board only: ``games`` says so beside the
    option, and asking for it with 5 players stops before the game with the reason and what to choose."""
    listing = run(["games"])
    assert "(one of beginner, random; beginner not for 5-6 players with --board base)" in listing.stdout
    assert "(one of 13, 14; only with --board seafarers)" in listing.stdout
    assert "(0 to 20; only with --player-trades)" in listing.stdout
    result = run(["play", "catan", "--players", "5", "--layout", "beginner"], input="")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: the 5-6 player extension has no beginner layout (its rules lay the "
        "terrain at random): choose layout random"
    )
