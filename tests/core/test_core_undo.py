"""Taking back a move: allowed within one's own turn for actions that drew nothing and revealed nothing; the state
after a take-back is exactly the state before the action (generator included), and records keep the take-back."""

from __future__ import annotations

import random

import pytest

from firebreak.core import IllegalActionError, SaveFileError, get_game, record_of, replay
from firebreak.core.record import GameRecord

GAMES = [("great-fire", 3), ("brigade", 3), ("catan", 3)]


def _walk(game: str, players: int, seed: int, steps: int):
    """Random play; yields (state before, action, state after) for each action."""
    state = get_game(game).new_game(players, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        before = state.clone()
        a = pick.choice(state.legal_actions())
        state.apply(a)
        yield before, a, state


@pytest.mark.parametrize("game,players", GAMES)
def test_undo_gives_back_exactly_the_state_before_and_never_a_draw(game: str, players: int) -> None:
    allowed = refused_draw = 0
    for seed in range(3):
        for before, _a, after in _walk(game, players, seed, 250):
            actor = before.current_player()
            drew = after.rng.draws != before.rng.draws
            why = after.undo_refusal(actor)
            if drew:  # a draw on chance is never taken back
                assert why is not None
            if why is None:
                allowed += 1
                back = after.undone(actor)
                assert back == before
                assert back.history == before.history and back.events == before.events
                assert back.legal_actions() == before.legal_actions()
            elif drew or after.undo_block and after.undo_block[0] == actor and after.undo_block[1]:
                refused_draw += 1
                with pytest.raises(IllegalActionError, match="You cannot take back a move now"):
                    after.undone(actor)
    assert allowed > 5 and refused_draw > 0, (allowed, refused_draw)


def test_great_fire_moving_a_trained_band_is_undoable_drawing_a_card_is_not() -> None:
    spec = get_game("great-fire")
    state = spec.new_game(3, 1)
    while not state.is_terminal():  # set-up placements, then play until a band move
        seat = state.current_player()
        texts = {state.action_to_text(a): a for a in state.legal_actions()}
        moves = [t for t in texts if t.startswith("move ")]
        if moves and not state.undo_stack:
            before = state.clone()
            state.apply(texts[moves[0]])
            assert state.undo_refusal(seat) is None
            assert state.undone(seat) == before
            break
        state.apply(state.legal_actions()[0])
    else:
        pytest.fail("no trained band move came up")
    # ending the actions draws cards: never undoable, and the words say so
    ends = [a for a in state.legal_actions() if state.action_to_text(a).startswith("end")]
    while not ends:
        state.apply(state.legal_actions()[0])
        ends = [a for a in state.legal_actions() if state.action_to_text(a).startswith("end")]
    seat = state.current_player()
    state.apply(ends[0])
    if state.current_player() == seat:
        assert "you drew a card since" in (state.undo_refusal(seat) or "") or state.undo_refusal(seat)
    else:
        assert "turn, not yours" in state.undo_refusal(seat)


def test_catan_building_is_undoable_rolling_is_not() -> None:
    state = get_game("catan").new_game(3, 5)
    first = state.current_player()
    before = state.clone()
    state.apply(state.legal_actions()[0])  # a set-up settlement: no chance
    assert state.undo_refusal(first) is None
    assert state.undone(first) == before
    while not any(state.action_to_text(a) == "roll" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    state.apply("roll")
    if state.current_player() == seat:
        assert state.undo_refusal(seat) == "you rolled the dice since"


def test_another_seats_move_blocks_the_undo_in_words() -> None:
    state = get_game("catan").new_game(3, 5)
    a = state.current_player()
    state.apply(state.legal_actions()[0])  # settlement
    state.apply(state.legal_actions()[0])  # road: the turn passes
    b = state.current_player()
    assert b != a
    assert state.undo_refusal(a) == f"it is {state.player_name(b)}'s turn, not yours"
    state.apply(state.legal_actions()[0])
    assert state.undo_refusal(b) is None
    state = state.undone(b)
    assert state.undo_refusal(b) == (
        f"you have not moved since {state.player_name(a)} did, so there is nothing to take back"
    )


@pytest.mark.parametrize("game,players", GAMES)
def test_a_record_keeps_what_was_taken_back_and_replays_it(game: str, players: int, tmp_path) -> None:
    state = get_game(game).new_game(players, 2)
    taken = 0
    pick = random.Random(2)
    for _ in range(150):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply(pick.choice(state.legal_actions()))
        if state.undo_refusal(seat) is None and pick.random() < 0.5:
            undone_action = state.history[-1]
            state = state.undone(seat)
            taken += 1
            assert state.played[-2:] == [undone_action, -1]
    assert taken
    rec = record_of(state)
    data = rec.to_json()
    undos = [m for m in data["moves"] if m.get("undo")]
    assert len(undos) == taken and all(m["text"] for m in undos)
    path = tmp_path / "game.json"
    rec.save(path)
    again = replay(GameRecord.load(path))
    assert again == state and again.played == state.played
    # a forged take-back of a move that drew on chance (or revealed something) is refused
    probe = get_game(game).new_game(players, 2)
    for j, m in enumerate(data["moves"]):
        if m.get("undo"):
            probe = probe.undone(probe.undo_stack[-1][1])
            continue
        seat = probe.current_player()
        probe.apply(m["id"])
        if probe.undo_refusal(seat) is not None and probe.undo_block and probe.undo_block[1]:
            forged = {k: v for k, v in data.items() if k not in ("events", "result")}
            forged["moves"] = [*data["moves"][: j + 1], {"undo": True, "id": m["id"], "text": m["text"]}]
            forged["actions"] = [{"id": a, "text": probe.action_to_text(a)} for a in probe.history[:-1]]
            with pytest.raises(SaveFileError, match="cannot be taken back"):
                replay(GameRecord.from_json(forged))
            break
    else:
        pytest.fail("no final move to forge a take-back of")


def test_brigade_moving_is_undoable_recruiting_is_not() -> None:
    state = get_game("brigade").new_game(3, 2)
    pick = random.Random(3)
    moved = recruited = False
    for _ in range(400):
        if state.is_terminal() or (moved and recruited):
            break
        seat = state.current_player()
        texts = {state.action_to_text(a): a for a in state.legal_actions()}
        move = next((t for t in texts if t.startswith("move ")), None)
        if "recruit" in texts and not recruited:
            state.apply(texts["recruit"])
            if state.current_player() == seat:
                assert state.undo_refusal(seat) == "you drew crew cards since"
                recruited = True
            continue
        if move and not moved:
            before = state.clone()
            state.apply(texts[move])
            if state.current_player() == seat:
                assert state.undo_refusal(seat) is None and state.undone(seat) == before
                moved = True
            continue
        state.apply(pick.choice(state.legal_actions()))
    assert moved and recruited


@pytest.mark.parametrize("game,players", GAMES)
def test_at_the_start_of_ones_own_turn_the_refusal_says_there_is_nothing_to_take_back(game: str, players: int) -> None:
    """The seat to act that has not moved since another seat did is told so, never that the other "has moved since"
    (which reads as if one's own move had been overtaken)."""
    seen = 0
    for before, _, state in _walk(game, players, 11, 400):
        seat = state.current_player() if not state.is_terminal() else None
        if seat is None or before.current_player() == seat or state.undo_stack[-1:] == []:
            continue
        other = state.undo_stack[-1][1]
        if other == seat:
            continue
        why = state.undo_refusal(seat)
        assert why == f"you have not moved since {state.player_name(other)} did, so there is nothing to take back"
        assert "has moved since" not in why
        seen += 1
    assert seen, "no turn began after an undoable move of another seat"


def _noted(state, stack, block, action, actor, drew, events):
    """The take-back rule applied to one action as it happens (the bookkeeping written out eagerly)."""
    why = state.undo_reason(action, drew, events)
    if why is not None:
        return [], (actor, why)
    if stack and stack[-1][1] != actor:
        block, stack = (stack[-1][1], None), []
    return [*stack, (action, actor)], block


def _play_noted(state, stack, block, pick):
    """Play a random legal action; the bookkeeping the rule gives after it, noted eagerly from ``(stack, block)``."""
    actor, draws, start = state.current_player(), state.rng.draws, len(state.events)
    a = pick.choice(state.legal_actions())
    state.apply(a)
    return _noted(state, stack, block, a, actor, state.rng.draws != draws, state.events[start:])


@pytest.mark.parametrize("game,players", GAMES)
def test_take_back_answers_are_the_same_asked_after_every_action_or_after_long_silences(game: str, players: int):
    """apply leaves its take-back records unsettled until someone asks: whether a table asks after every move,
    after seventy moves of silence (more than are ever left unsettled) or on a clone playing on from a silence,
    every answer is the one the rule gives noting each action as it is applied."""
    pick = random.Random(7)
    asked = silent = 0
    for seed in range(3):
        state = get_game(game).new_game(players, seed)
        stack, block = list(state.undo_stack), state.undo_block
        for step in range(600):
            if state.is_terminal():
                break
            stack, block = _play_noted(state, stack, block, pick)
            quiet = seed == 0 and 5 <= step < 75  # a long silence: nothing is asked
            if not quiet and pick.random() < 0.3:
                if pick.random() < 0.3:  # a clone plays on from here; the original's answers stay its own
                    other, s2, b2 = state.clone(), stack, block
                    for _ in range(3):
                        if other.is_terminal():
                            break
                        s2, b2 = _play_noted(other, s2, b2, pick)
                    assert (other.undo_stack, other.undo_block) == (s2, b2)
                assert (state.undo_stack, state.undo_block) == (stack, block), step
                seat = state.current_player()
                if seat >= 0:
                    assert state.undo_refusal(seat) == (state.clone().undo_refusal(seat))
                asked += 1
            silent += quiet
        assert (state.undo_stack, state.undo_block) == (stack, block)
    assert asked > 20 and silent > 64


@pytest.mark.parametrize("game,players", GAMES)
def test_a_state_played_on_between_searches_pickles_no_larger(game: str, players: int):
    """A bot's search clones the position it plays from (sharing its log) and the table then plays on: the take-back
    records kept unsettled never hold the logs left behind, so the state sent pickled to a bot's worker is no
    larger than one that was never cloned."""
    import pickle

    plain, searched = get_game(game).new_game(players, 4), get_game(game).new_game(players, 4)
    pick = random.Random(4)
    for _ in range(40):
        if plain.is_terminal():
            break
        a = pick.choice(plain.legal_actions())
        plain.apply(a)
        searched.clone()  # the search's copy, thrown away
        searched.apply(a)
    assert searched == plain
    assert len(pickle.dumps(searched)) <= 1.02 * len(pickle.dumps(plain))
