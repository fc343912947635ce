"""A trade offer typed in one line at the terminal (``GameState.phrase_to_actions``), played as the game's own
steps; a refused offer says why and changes nothing."""

from firebreak.core import get_game

from .scripted import lines, screen, session_for


def _catan_after_roll():
    """Four-player Catan past set-up, Blue (P0) to act after rolling, with cards to trade."""
    s = get_game("catan").new_game(4, 3, {"layout": "beginner"})
    s.setup_idx = len(s.setup_order)
    s.phase = 3  # the main phase: build and trade
    s.turn = s.actor = 0
    s.turn_count = 1
    for seat, cards in ((0, (0, 2, 1, 0, 0)), (1, (0, 0, 0, 1, 1)), (2, (1, 0, 0, 0, 2)), (3, (2, 0, 0, 0, 0))):
        for r, k in enumerate(cards):
            s.bank[r] -= k
            s.hands[seat][r] += k
    s._legal = None
    return s


def test_an_offer_typed_in_one_line_is_put_to_the_table():
    s = _catan_after_roll()
    session = session_for(
        s,
        [0],
        lines(["offer 3 brick for 1 ore", "offer 2 brick 1 wool for gold", "offer 2 brick 1 wool for 1 ore", "quit"]),
        bots="greedy",
    )
    session.run()
    out = screen(session)
    assert "Cannot play 'offer 3 brick for 1 ore': you hold 2 brick, not 3." in out
    assert "Cannot play 'offer 2 brick 1 wool for gold': 'gold' is not a resource" in out
    assert "Blue (P0) (you) offers 2 brick and 1 wool for 1 ore." in out
    assert "drafts an offer" not in out  # the steps of a typed offer are told as the offer made
    lay = s.lay
    assert s.history[:5] == [lay.draft, lay.give_add + 1, lay.give_add + 1, lay.give_add + 2, lay.ask_add + 4]
    assert s.history[5] == lay.propose and s.offers_made == 1
    # every bot answered in seat order, by name
    for name in ("Orange (P1)", "Pink (P2)", "Black (P3)"):
        assert f"{name} (greedy bot) accepts the offer." in out or f"{name} (greedy bot) declines" in out


def test_a_draft_just_opened_says_what_to_do_and_then_shows_its_cards():
    s = _catan_after_roll()
    lay = s.lay
    session = session_for(s, [0], lines(["Offer a trade to the players", "Give 1 more brick", "quit"]), bots="greedy")
    session.run()
    out = screen(session)
    assert "Your draft offer is empty: add the cards you give and the cards you ask for" in out
    assert "nothing yet for nothing yet" not in out
    assert "Your draft offer: 1 brick for nothing yet" in out
    assert s.history == [lay.draft, lay.give_add + 1]
