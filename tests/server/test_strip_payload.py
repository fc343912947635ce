"""The player strip's facts and the action panel's question, per game and per viewer (issue 26 items 1 and 3).

Each seat's summary (``GameState.seat_summaries``) over random games of the three games: a rival's score only as
far as it is public (the Great Fire: houses, fires put out and Hero of London, nothing with Hidden Colours;
Catan: victory points without the secret victory point cards), hands as counts. The question (``question``)
addresses the seat to act and names it to everyone else. The server sends both in every message
(``strip``, ``question``), the seat's own; see also test_hidden_info.py, which checks them at the wire over a
whole Great Fire game.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from firebreak.core import GameState, get_game
from firebreak.games.brigade.frames import F_RENOWN
from firebreak.games.catan.constants import VICTORY_POINT

from .helpers import create, state_of, tokens

SNAKE = "_"


def playout(
    game: str, players: int, seed: int, options: dict | None = None, steps: int = 400, prefer: str | None = None
):
    """States of one random game (every few moves), the last one finished or ``steps`` moves in; ``prefer``: an
    action text played whenever it is legal (to reach what random play seldom does)."""
    state = get_game(game).new_game(players, seed, options or {})
    rng = random.Random(seed)
    for i in range(steps):
        if state.is_terminal():
            break
        if i % 7 == 0:
            yield state
        legal = state.legal_actions()
        liked = [a for a in legal if prefer and state.action_to_text(a) == prefer]
        state.apply(liked[0] if liked else rng.choice(legal))
    yield state


def check_words(state: GameState) -> None:
    for viewer in [None, *range(state.num_players)]:
        for s in state.seat_summaries(viewer):
            text = " ".join([s.score_text(), s.colour_name, *(f"{n} {w}" for w, n in s.counts)])
            assert SNAKE not in text and "None" not in text and "-1" not in text, text
        q = state.question(viewer)
        assert q and q[0].isupper() and q.endswith("."), q
        assert SNAKE not in q and "None" not in q, q
        if not state.is_terminal():
            actor = state.current_player()
            if viewer == actor:
                assert state.player_name(actor) not in q, q  # addressed to the player, not naming them
            else:
                assert state.player_name(actor) in q, q


@pytest.mark.parametrize("hidden", [False, True])
def test_great_fire_rivals_show_only_their_public_score_and_counted_hands(hidden: bool) -> None:
    for state in playout("great-fire", 4, 3, {"hidden_colours": hidden}):
        check_words(state)
        over = state.is_terminal()
        for viewer in [None, *range(4)]:
            strip = state.seat_summaries(viewer)
            for p, s in enumerate(strip):
                b = state.score_breakdown(p)
                assert [c for _, c in s.counts] == [sum(state.hands[p]), len(state.held[p])]
                assert s.colour_name.endswith(" pawn")
                if over or p == viewer:
                    assert s.score == b["total"] and not s.score_hidden
                elif hidden:
                    assert s.score is None and s.score_text() == "score hidden"
                else:
                    assert s.score == b["houses"] + b["fires_put_out"] + b["hero_of_london"] and s.score_hidden
                    assert s.score_text().endswith("+ hidden")


def test_catan_rivals_show_public_victory_points_and_counted_cards() -> None:
    for seed in (1, 2):
        for state in playout("catan", 3, seed, {"mode": "classic"}, steps=1500):  # (the rules with development cards)
            check_words(state)
            over = state.is_terminal()
            for viewer in [None, 0, 1, 2]:
                for p, s in enumerate(state.seat_summaries(viewer)):
                    assert [c for _, c in s.counts] == [sum(state.hands[p]), sum(state.dev_hand[p])]
                    if over or p == viewer:
                        assert s.score == state.total_vp(p)
                    else:
                        assert s.score == state.public_vp(p)
                        assert s.score_hidden == (sum(state.dev_hand[p]) > 0)
    # a rival holding a victory point card: others see the points without it, marked as partly hidden
    state = get_game("catan").new_game(3, 5, {"mode": "classic"})
    state.dev_hand[1][VICTORY_POINT] += 1
    assert state.total_vp(1) == state.public_vp(1) + 1
    rival = state.seat_summaries(0)[1]
    assert rival.score == state.public_vp(1) and rival.score_hidden and rival.score_text().endswith("+ hidden")
    assert state.seat_summaries(1)[1].score == state.total_vp(1)
    assert dict((w, n) for w, n in rival.counts)["development card"] == 1
    # under the Fire Stations rules there are no development cards, so the strip counts none
    firestorm = get_game("catan").new_game(3, 5, {"mode": "firestorm"})
    assert [w for w, _ in firestorm.seat_summaries(0)[1].counts] == ["resource card"]


def test_brigade_after_a_fire_asks_where_the_renown_goes() -> None:
    asked = 0
    for seed in range(6):
        for state in playout("brigade", 3, seed, steps=600):
            check_words(state)
            for p, s in enumerate(state.seat_summaries(None)):
                assert s.score == state.scores()[p]
        state = get_game("brigade").new_game(3, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            if state.stack and state.stack[-1][0] == F_RENOWN:
                n = state.stack[-1][2]
                actor = state.current_player()
                assert state.question(actor) == f"Place renown ({n} left) on the block or a neighbour."
                assert state.question(None) == f"{state.player_name(actor)} to play."
                asked += 1
    assert asked


@pytest.mark.parametrize("game,n", [("great-fire", 3), ("brigade", 2), ("catan", 3)])
def test_every_message_carries_the_viewers_strip_and_question(client: TestClient, game: str, n: int) -> None:
    g = create(client, ["human"] * n, game=game, options={"hidden_colours": True} if game == "great-fire" else {})
    keys = tokens(g)
    ref = get_game(game).new_game(n, 7, g["options"])
    for seat in [None, *range(n)]:
        msg = state_of(client, g["id"], keys[seat] if seat is not None else None)
        assert msg["strip"] == [s.to_json() for s in ref.seat_summaries(seat)]
        assert msg["question"] == ref.question(seat)
        assert all(
            set(f) == {"colour", "colour_name", "score", "score_hidden", "score_text", "counts"} for f in msg["strip"]
        )


def test_bots_created_by_spec_are_named_in_player_words_on_the_strip(sqlite_client: TestClient) -> None:
    """The strip read "Bot (random)" for a bot created by its spec through the API: a spec is no player's word.
    A level (by name or by its exact spec) reads as the lobby offers it; any other spec by its kind of bot."""
    created = create(sqlite_client, ["human", "random", "easy", "greedy:blunder=0.4", "mcts:iterations=50"])
    seats = state_of(sqlite_client, created["id"], tokens(created)[0])["seats"]
    assert [s["bot_words"] for s in seats] == [
        "",
        "Bot, plays at random",
        "Bot, easy level",
        "Bot, easy level",
        "Bot, plans ahead by search",
    ]
