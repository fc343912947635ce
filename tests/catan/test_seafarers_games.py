"""Randomised whole games on the Seafarers board (both modes, 3-6 players) with the invariants checked after
every action, and hidden information on the new board: no seat's view, log or board picture shows another's
hand."""

import json
import re
import sys
from pathlib import Path

import pytest

from firebreak.core import Rng
from firebreak.games.catan.svg import render_svg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.text_sweep import internals, svg_words  # noqa: E402

from .helpers import SPEC
from .seafarers_helpers import check_sea_invariants, play_sea_random, sea_game

MODES = ("firestorm", "classic")
COUNTS = (3, 4, 5, 6)


def _game(mode: str, players: int, seed: int, check: bool = True) -> None:
    s = sea_game(players, seed, mode=mode, layout="random" if seed % 5 else "beginner", player_trades=seed % 10 == 0)
    play_sea_random(s, seed * 7919 + players, check=check)
    assert s.is_terminal() and s.winners()
    if s.turn_count < 1000:
        w = s.winners()
        assert len(w) == 1 and s.total_vp(w[0]) >= s.win_vp
    check_sea_invariants(s)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", COUNTS)
def test_random_seafarers_games_fast_tier(mode, players):
    _game(mode, players, players)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", COUNTS)
def test_random_seafarers_games_slow_tier(mode, players, chunk):
    """200 games per mode and player count (4 chunks of 50); the invariants after every action in one game of
    five, at the end of the others (the checks cost more than the game)."""
    for seed in range(2000 + chunk * 50, 2000 + (chunk + 1) * 50):
        _game(mode, players, seed, check=seed % 5 == 0)


def _played(mode: str, players: int, seed: int, steps: int):
    s = sea_game(players, seed, mode=mode, layout="random")
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    return s


def _hand_words(hand):
    return ", ".join(f"{k} {r}" for r, k in zip(("lumber", "brick", "wool", "grain", "ore"), hand))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", (3, 6))
def test_no_seat_sees_another_hand_on_the_seafarers_board(mode, players):
    s = _played(mode, players, 11, 500)
    for viewer in (None, *range(players)):
        v = s.view(viewer)
        text = json.dumps(v)
        for pl in v["players"]:
            assert "hand" not in pl and isinstance(pl["cards"], int)
        if viewer is None:
            assert "hand" not in v
        assert "dev_deck" not in text
        legal = [(a, s.action_to_text(a)) for a in s.legal_actions()] if viewer == s.current_player() else []
        svg = render_svg(v, legal)
        words = svg_words(svg)
        rendered = SPEC.render(v)
        for q in range(players):
            if q == viewer:
                continue
            # another seat's hand, written as a hand is written, appears nowhere this seat can read
            mine = _hand_words(s.hands[q])
            if viewer is None or s.hands[q] != s.hands[viewer]:
                assert f"Your hand: {mine}" not in words and f"Your hand: {mine}" not in rendered
        assert not internals(rendered) and not internals(words)
    # the log: a card taken by the firestorm, robber or pirate is named only to the two players concerned
    for viewer in (None, *range(players)):
        for e in s.events_for(viewer):
            if e.kind == "take_card":
                assert viewer in (e.data["player"], e.data["victim"])
            sentence = s.describe_event(e)
            assert sentence and not internals(sentence)
    # the determinisation of a seat keeps its own hand and the public counts
    sample = s.determinize(0, Rng(5))
    assert sample.hands[0] == s.hands[0]
    assert [sum(h) for h in sample.hands] == [sum(h) for h in s.hands]


def test_every_seafarers_choice_reads_as_words_for_players():
    for mode in MODES:
        s = _played(mode, 4, 3, 700)
        rng = Rng(9)
        for _ in range(300):
            if s.is_terminal():
                break
            for c in s.action_choices():
                text = " ".join([c.label, *c.group, c.note])
                assert not internals(text), text
                assert not re.search(r"\bseat \d", text)
            la = s.legal_actions()
            s.apply(la[rng.below(len(la))])
