"""Trade offers between players, and the 5-6 player extension (board, bank, deck, special building phase)."""

import pytest

from firebreak.core import IllegalActionError
from firebreak.games.catan.state import (
    MAIN,
    PRE_ROLL,
    SPECIAL_BUILD,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
)

from .helpers import blank, build, give, new, play_random


def _texts(s):
    return [s.action_to_text(a) for a in s.legal_actions()]


def test_offer_accept_confirm():
    s = blank()
    give(s, 0, lumber=2)
    give(s, 1, ore=1)
    give(s, 3, ore=2)
    assert "offer 2 lumber for 1 ore" in _texts(s) and "offer 1 brick for 1 ore" not in _texts(s)
    s.apply("offer 2 lumber for 1 ore")
    # everyone is asked in seat order (asking only holders would show the table who holds ore);
    # seat 2 has no ore, so it may only reject
    assert s.phase == TRADE_RESPONSE and s.current_player() == 1
    assert _texts(s) == ["accept offer", "reject offer"]
    s.apply("accept offer")
    assert s.current_player() == 2 and _texts(s) == ["reject offer"]
    s.apply("reject offer")
    assert s.current_player() == 3
    s.apply("accept offer")
    assert s.phase == TRADE_CONFIRM and s.current_player() == 0
    assert _texts(s) == ["trade with seat 1", "trade with seat 3", "cancel offer"]
    s.apply("trade with seat 3")
    assert s.hands[0] == [0, 0, 0, 0, 1] and s.hands[3] == [2, 0, 0, 0, 1] and s.hands[1] == [0, 0, 0, 0, 1]
    assert s.phase == MAIN


def test_rejected_or_cancelled_offer_changes_nothing():
    s = blank()
    give(s, 0, lumber=1)
    give(s, 1, ore=1)
    before = [h[:] for h in s.hands]
    s.apply("offer 1 lumber for 1 ore")
    for _ in range(s.num_players - 1):
        s.apply("reject offer")
    assert s.phase == MAIN and s.hands == before
    s.apply("offer 1 lumber for 1 ore")
    s.apply("accept offer")
    while s.phase == TRADE_RESPONSE:
        s.apply("reject offer")
    s.apply("cancel offer")
    assert s.hands == before


def test_offers_per_turn_limit_and_option_off():
    s = blank(offers_per_turn=1)
    give(s, 0, lumber=1)
    s.apply("offer 1 lumber for 1 ore")  # nobody has ore: everyone can only reject
    while s.phase == TRADE_RESPONSE:
        assert _texts(s) == ["reject offer"]
        s.apply("reject offer")
    assert s.phase == MAIN and not any(t.startswith("offer") for t in _texts(s))
    s = blank(player_trades=False)
    give(s, 0, lumber=1)
    assert not any(t.startswith("offer") for t in _texts(s))


def test_cannot_offer_before_rolling():
    s = blank(phase=PRE_ROLL)
    give(s, 0, lumber=1)
    with pytest.raises(IllegalActionError):
        s.apply("offer 1 lumber for 1 ore")


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_player_setup(players):
    s = new(players)
    assert s.topo.num_hexes == 30 and s.bank == [24] * 5
    c = new(players, mode="classic")
    assert len(c.dev_deck) == 34
    order = []
    while s.phase in (0, 1):
        if s.phase == 0:
            order.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert order == list(range(players)) + list(range(players - 1, -1, -1))


def test_special_building_phase_after_each_turn():
    s = blank(5)
    give(s, 2, lumber=1, brick=1)
    build(s, 2, 20)
    s.apply("end turn")
    assert s.phase == SPECIAL_BUILD and s.current_player() == 1
    texts = _texts(s)
    assert texts == ["end turn"]  # seat 1 can afford nothing; no trading in this phase
    s.apply("end turn")
    assert s.current_player() == 2
    assert "road 15-20" in _texts(s) and not any(t.startswith(("offer", "maritime")) for t in _texts(s))
    s.apply("road 15-20")
    for _ in range(3):
        s.apply("end turn")
    assert s.phase == PRE_ROLL and s.current_player() == 1 and s.turn == 1


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_player_random_games_finish(players):
    for seed in range(2):
        s = play_random(new(players, seed, layout="random"), seed)
        assert s.is_terminal() and max(s.scores()) >= 10


def test_who_is_asked_about_an_offer_does_not_depend_on_hidden_hands():
    """Every other player answers an offer, whatever their cards, so the table learns nothing about hands."""
    a, b = blank(), blank()
    give(a, 0, lumber=1)
    give(b, 0, lumber=1)
    give(a, 2, ore=1)  # only in one of the two worlds does seat 2 hold ore
    a.apply("offer 1 lumber for 1 ore")
    b.apply("offer 1 lumber for 1 ore")
    assert a.current_player() == b.current_player() == 1
    assert a.phase == b.phase == TRADE_RESPONSE


def test_a_sample_where_the_acceptor_cannot_pay_offers_only_a_cancel():
    """In a determinisation an acceptor's resampled hand may lack the cards: confirming is then not offered,
    so no hand can go negative."""
    s = blank()
    give(s, 0, lumber=1)
    give(s, 1, ore=1)
    s.apply("offer 1 lumber for 1 ore")
    s.apply("accept offer")
    while s.phase == TRADE_RESPONSE:
        s.apply("reject offer")
    s.hands[1] = [1, 0, 0, 0, 0]  # as a sample might deal it
    s._legal = None
    assert _texts(s) == ["cancel offer"]

