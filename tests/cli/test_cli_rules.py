"""The ``rules`` command at the terminal: the game's rules help, as the game page shows it."""

from __future__ import annotations

from firebreak.core import get_game

from .scripted import lines, screen, session_for


def test_rules_prints_the_games_rules_help_within_80_columns():
    state = get_game("great-fire").new_game(4, 1)
    session = session_for(state, [state.current_player()], lines(["rules"]))
    session.run()
    out = screen(session)
    assert "Fire Movement Priority" in out and "The rulebook's examples on our board" in out
    shown = out.split("> rules\n", 1)[1].split("\nEnd of input")[0]
    assert max(len(line) for line in shown.splitlines()) <= 80
    flowing = " ".join(shown.split())
    assert "- Example 3, the path: with S. Bennet burning, a South card sends a cone from Pudding Lane via" in flowing


def test_rules_of_a_game_without_help_says_so(toy):
    state = toy.new_game(2, 1)
    session = session_for(state, [0, 1], lines(["rules"]))
    session.run()
    assert f"{toy.title} has no rules summary yet." in screen(session)


def test_rules_under_a_variant_show_its_numbers_and_list_what_it_changed():
    """A Brigade game where a fire takes two water a level and a Warden card holds one: the terminal's rules say
    so where the printed help says one token a level, and list both changes first."""
    rules = {"water_per_level": 2, "renown_per_level": 2, "warden_water": 1}
    options = {"rules": rules, "variant": {"name": "Heavy water", "hash": "0123456789abcdef"}}
    state = get_game("brigade").new_game(3, 1, options)
    session = session_for(state, [state.current_player()], lines(["rules"]))
    session.run()
    flowing = " ".join(screen(session).split("> rules\n", 1)[1].split())
    assert "This game's rules - This game is played under a variant (Heavy water)" in flowing
    assert "- Water tokens a Fire Warden card holds (either side)," in flowing and ": 1 (the rulebook: 2)." in flowing
    assert "Extinguishing takes 2 water tokens for each level the fire drops" in flowing
    assert "earns 2 renown tokens per level it took off" in flowing
    printed = get_game("brigade").new_game(3, 1)
    session = session_for(printed, [printed.current_player()], lines(["rules"]))
    session.run()
    flowing = " ".join(screen(session).split())
    assert "takes 1 water token for each level the fire drops" in flowing and "This game's rules" not in flowing
