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
