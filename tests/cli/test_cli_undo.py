"""``undo`` at the terminal: a move that drew nothing is taken back, a roll is not; the saved record keeps the
take-back and ``firebreak replay --show`` lists it."""

from __future__ import annotations

from firebreak.core import GameRecord, get_game, record_of, replay

from .helpers import run
from .scripted import lines, screen, session_for


def test_undo_takes_back_a_settlement_and_refuses_a_roll(tmp_path) -> None:
    state = get_game("catan").new_game(3, 5)
    first = state.current_player()
    script = ["undo", "1", "undo", "1", "1"]  # nothing yet; settle, take it back, settle again, road
    session = session_for(state, [first], lambda s: script.pop(0) if script else None)
    session.run()
    out = screen(session)
    name = state.player_name(first)
    assert "You cannot take back a move now: you have not moved yet this turn." in out
    # the move taken back is said as the log said it, not by its code ("settlement 12")
    assert f"You took back “{name} builds a settlement at the " in out
    played = session.state.played
    assert played is not None and played.count(-1) == 1
    path = tmp_path / "g.json"
    record_of(session.state).save(path)
    assert replay(GameRecord.load(path)) == session.state
    result = run(["replay", path, "--show"])
    assert result.exit_code == 0, result.output
    assert f"{name} took back “{name} builds a settlement at the " in result.stdout
    assert "Taken back during play: 1 move" in result.stdout


def test_undo_after_a_roll_is_refused_in_words() -> None:
    spec = get_game("catan")
    state = spec.new_game(3, 5)
    while not any(state.action_to_text(a) == "roll" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    script = ["roll", "undo"]
    session = session_for(state, [seat], lambda s: script.pop(0) if script else None)
    session.run()
    out = screen(session)
    assert "You cannot take back a move now: you rolled the dice since." in out or "turn, not yours" in out
