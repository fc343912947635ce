"""Which choices ask to be confirmed (core ActionChoice.confirm), per game, over random games: what cannot be taken
back or is easy to mis-click asks (a fire move, ending the actions with points left, a trade, a draw); the rest is
one click: rolling the dice, ending a turn with nothing left to do, moves and set-up placements, stepper steps."""

from __future__ import annotations

import random

import pytest

from firebreak.core import get_game


def _walk(game: str, players: int, seed: int, steps: int = 700):
    state = get_game(game).new_game(players, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state, state.action_choices()
        state.apply(pick.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", [1, 2])
def test_great_fire_confirms_fire_moves_reveals_and_ending_with_points_left(seed: int) -> None:
    asked: set[str] = set()
    for state, choices in _walk("great-fire", 3, seed):
        for c in choices:
            kind = state.codec.decode(c.action).kind if c.action != state.codec.no_second_move else None
            fire = bool(c.group) and c.group[0] in ("Fire move", "Second fire move")
            if fire:
                assert c.confirm == "Check the fire's path before the cone moves.", c
            elif c.label == "End your actions and draw":
                assert bool(c.confirm) == (state.ap > 0 and len(choices) > 1), (c, state.ap)
                if c.confirm:  # the note says how many points are lost; the confirmation, why it asks
                    assert c.note.startswith(f"You still have {state.ap} action point")
                    assert c.confirm == "Ending your actions draws a card, which cannot be taken back."
            elif c.label.startswith("Discard "):
                assert c.confirm == "You show your hand: this cannot be taken back."
            else:  # piece moves, put out, demolish, set-up, intensify, no second move: one click
                assert not c.confirm, (c.label, c.group, kind)
            if c.confirm:
                asked.add(c.group[0] if fire else c.label)
    assert {"Fire move", "End your actions and draw"} <= asked


@pytest.mark.parametrize("seed", [1, 5])
def test_catan_confirms_trades_and_draws_but_not_the_roll_or_the_end_of_turn(seed: int) -> None:
    seen = {"roll": 0, "end": 0, "trade": 0, "step": 0}
    for _state, choices in _walk("catan", 3, seed, 1500):
        for c in choices:
            if c.label in ("Roll the dice", "End your turn") or c.step:
                assert not c.confirm, c
                seen["roll" if c.label == "Roll the dice" else "end" if c.label == "End your turn" else "step"] += 1
            elif (
                c.group[:1] == ("Trade with the bank",)
                or c.label.startswith(("Propose ", "Trade with "))
                or c.label == "Accept the offer"
            ):
                assert c.confirm, c
                seen["trade"] += 1
            elif c.label == "Buy a development card" or c.group == ("Take a card from",):
                assert "cannot be taken back" in c.confirm, c
            else:  # building, the robber, discarding, declining, withdrawing: one click
                assert not c.confirm, c
    assert all(seen.values()), seen


@pytest.mark.parametrize("seed", [1, 2])
def test_brigade_confirms_recruiting_and_ending_with_actions_left(seed: int) -> None:
    asked = set()
    for state, choices in _walk("brigade", 3, seed):
        for c in choices:
            if c.label.startswith("Recruit"):
                assert c.confirm == "You draw two Crew cards: this cannot be taken back."
            elif c.label == "End your turn" and not state.stack:
                assert bool(c.confirm) == (state.remaining() > 0)
            else:
                assert not c.confirm, c
            if c.confirm:
                asked.add(c.label)
    assert "End your turn" in asked
