"""Words a Great Fire player reads: no internals on any screen, one name per seat, results broken down.

The sweep plays many random games (3-6 players, Hidden Colours on and off) and reads every seat's terminal
screen, every event sentence, the board picture's words, the choices and the score sheet, failing on ``None``,
``-1`` as a seat, snake_case words, empty brackets and True/False (``tests/games/text_sweep.py``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from firebreak.games.great_fire.svg import render_svg

from .helpers import SPEC

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.text_sweep import internals, svg_words  # noqa: E402

GAMES = [
    (n, seed, {"hidden_colours": seed % 2 == 1, "more_destruction": seed % 5 == 0})
    for seed, n in enumerate((3, 4, 5, 6) * 8)
]


def _screens(s):  # type: ignore[no-untyped-def]
    """(where, text) of everything a player reads in this position."""
    for viewer in (None, *range(s.num_players)):
        view = s.view(viewer)
        yield f"render for {viewer}", SPEC.render(view)
        legal = (
            [(a, s.action_to_text(a)) for a in s.legal_actions()]
            if viewer is not None and viewer == s.current_player()
            else []
        )
        yield f"svg for {viewer}", svg_words(render_svg(view, legal))
    for c in s.action_choices():
        yield "choice", " / ".join((*c.group, c.label)) + "\n" + c.note


def test_no_screen_shows_internals_over_many_random_games() -> None:
    problems: list[str] = []
    for n, seed, options in GAMES:
        s = SPEC.new_game(n, seed, options)
        rng = random.Random(seed)
        k = 0
        while True:
            if k % 23 == 0 or s.is_terminal():
                for where, text in _screens(s):
                    problems += [f"game {seed} step {k} {where}: {p}" for p in internals(text)]
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        for e in s.events:
            sentence = s.describe_event(e)
            problems += [f"game {seed} event {e.kind}: {p}" for p in internals(sentence)]
            assert sentence.endswith((".", ")")) and sentence[:1].isupper(), sentence
        sheet = s.score_sheet()
        assert [sum(points for _, points in rows) for rows in sheet] == s.scores()
        for rows in sheet:
            assert [source for source, _ in rows] == [
                "Houses",
                "Fire cones kept",
                "Objectives",
                "1 VP tokens",
                "Hero of London",
            ]
    assert not problems, "\n".join(problems[:20])


def test_players_are_named_by_pawn_and_seat_everywhere() -> None:
    s = SPEC.new_game(4, 3, {"hidden_colours": True})
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    pawns = [p["pawn"] for p in s.view(None)["players"]]
    names = [s.player_name(p) for p in range(4)]
    assert names == [f"{pawn.capitalize()} (P{p})" for p, pawn in enumerate(pawns)]
    over = SPEC.render(s.view(0))
    assert all(name in over for name in names)
    assert all(name in svg_words(render_svg(s.view(None), [])) for name in names)
    sentence = s.describe_event(s.events[-1])
    w = s.winners()[0]
    assert sentence.startswith(f"Game over. {names[w]} ")


def test_grammar_of_the_sentences_players_complained_about() -> None:
    from firebreak.core import Event

    s = SPEC.new_game(4, 1, {})
    name = s.player_name
    spread = {
        "player": 0,
        "direction": "east",
        "frm": "Pudding Lane",
        "via": [],
        "to": "Billingsgate",
        "card_played": True,
    }
    assert (
        s.describe_event(Event("fire_spread", spread))
        == f"{name(0)} plays an East card: a cone leaves Pudding Lane into Billingsgate."
    )
    assert (
        s.describe_event(Event("pudding_lane_refilled", {"cones": 1})) == "Pudding Lane is refilled with 1 fire cone."
    )
    assert (
        s.describe_event(Event("cones_returned", {"players": [2]}))
        == f"The stock is empty: {name(2)} returns a put-out cone."
    )
    assert (
        s.describe_event(Event("cones_returned", {"players": [0, 1]}))
        == f"The stock is empty: {name(0)} and {name(1)} each return a put-out cone."
    )
    assert (
        s.describe_event(Event("token_seen", {"player": 1, "token": "double_move"}))
        == f"{name(1)}'s token is a Fire moves twice token."
    )
    assert (
        s.describe_event(Event("token_seen", {"player": 1, "token": "one_vp"})) == f"{name(1)}'s token is a 1 VP token."
    )


def test_set_up_and_game_over_status_lines() -> None:
    s = SPEC.new_game(3, 2, {})
    me = s.current_player()
    assert s.view(me)["status"] == "Set-up: place your trained bands (2 trained bands left)."
    assert s.view(None)["status"].startswith(f"Set-up: {s.player_name(me)} places a trained band")
    text = SPEC.render(s.view(me))
    assert "landowner not placed yet" in text and "Your tokens: none." in text
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert s.view(None)["status"] == "Game over."


def test_game_over_screen_shows_the_winner_the_breakdown_and_every_objective() -> None:
    s = SPEC.new_game(5, 8, {"hidden_colours": True})
    rng = random.Random(8)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    view = s.view(None)
    text = SPEC.render(view)
    w = s.winners()[0]
    assert f"{s.player_name(w)} wins with {s.scores()[w]:g} points." in text or "share the win" in text
    assert "Houses  Fire cones kept  Objectives  1 VP tokens  Hero of London  Total" in text
    for p in range(5):
        row = next(
            line
            for line in text.splitlines()
            if line.startswith(s.player_name(p) + " ")
            and line.rstrip().endswith(f"{s.scores()[p]:g}")
            and "landowner" not in line
        )
        numbers = [float(x) for x in row[len(s.player_name(p)) :].split()]
        assert numbers == [pts for _, pts in s.score_sheet()[p]] + [s.scores()[p]]
        for o in s.objectives[p]:
            assert view["districts"][o]["name"] in text
        assert "objectives" in view["players"][p]  # revealed to everyone at the end


def test_the_state_narrates_and_the_old_spec_hook_is_gone() -> None:
    """Front ends ask the state (``GameState.describe_event``); the spec's old hook would name seats "P0"."""
    assert not hasattr(SPEC, "describe_event") and not hasattr(SPEC, "extra")
    s = SPEC.new_game(3, 4, {})
    start = next(e for e in s.events if e.kind == "start_player")
    assert s.describe_event(start) == f"{s.player_name(start.data['player'])} is the start player."


def test_turns_are_counted_from_one_and_set_up_is_not_a_turn() -> None:
    """No screen says "Turn 0": the board shows "Set-up" during the placements, then the first turn is Turn 1."""
    s = SPEC.new_game(3, 2, {})
    assert "Set-up" in svg_words(render_svg(s.view(None), [])) and "Turn 0" not in svg_words(
        render_svg(s.view(None), [])
    )
    rng = random.Random(3)
    while s.phase in (0, 1):  # trained bands, then landowners
        s.apply(rng.choice(s.legal_actions()))
    first = s.current_player()
    assert s.view(None)["status"] == f"Turn 1: {s.player_name(first)} plays a fire card."
    assert s.describe_event(s.events[-1]) == f"Turn 1: {s.player_name(first)} to play."
    assert "Turn 1" in svg_words(render_svg(s.view(None), []))
    while not s.is_terminal():
        for viewer in (None, *range(s.num_players)):
            view = s.view(viewer)
            assert "Turn 0" not in view["status"] and "Turn 0" not in svg_words(render_svg(view, []))
        s.apply(rng.choice(s.legal_actions()))
    assert not [line for line in map(s.describe_event, s.events) if "Turn 0" in line]
