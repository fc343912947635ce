"""Trades between players (ruling B5): any bundle for any bundle, composed card by card, answered by the table,
made with one acceptor or withdrawn; and the one-line form a player types."""

import pytest

from firebreak.core import IllegalActionError, MalformedActionError, check_choices
from firebreak.games.catan.state import MAIN, PRE_ROLL, TRADE_CONFIRM, TRADE_DRAFT, TRADE_RESPONSE

from .helpers import blank, give


def _texts(s):
    return [s.action_to_text(a) for a in s.legal_actions()]


def _offer(s, text):
    """Play a typed offer (``offer 2 brick 1 wool for 1 ore``) step by step, as the terminal does."""
    for a in s.phrase_to_actions(text):
        s.apply(a)


def _offer_note(s):
    return next(c.note for c in s.action_choices() if s.action_to_text(c.action) == "make a trade offer")


def _sentences(s, kind):
    return [s.describe_event(e) for e in s.events if e.kind == kind]


def test_a_multi_card_offer_is_composed_step_by_step_and_accepted():
    s = blank()
    give(s, 0, brick=2, wool=1)
    give(s, 1, ore=1, grain=2)
    give(s, 3, ore=2)
    s.apply("make a trade offer")
    assert s.phase == TRADE_DRAFT and s.current_player() == 0
    for step in (
        "offer: give 1 more brick",
        "offer: give 1 more brick",
        "offer: give 1 more wool",
        "offer: ask for 1 more ore",
        "offer: ask for 1 more grain",
        "offer: ask for 1 grain less",
    ):
        s.apply(step)
    assert s.give == [0, 2, 1, 0, 0] and s.ask == [0, 0, 0, 0, 1]
    assert s.view(0)["offer"] == {
        "from": 0,
        "stage": "draft",
        "give": {"brick": 2, "wool": 1},
        "ask": {"ore": 1},
        "waiting_for": [],
        "accepted_by": [],
    }
    # the draft is the composer's private thought: the others see only that an offer is being composed
    assert s.view(2)["offer"] == {
        "from": 0,
        "stage": "draft",
        "give": {},
        "ask": {},
        "waiting_for": [],
        "accepted_by": [],
    }
    drafts = _sentences(s, "offer_draft")
    assert drafts[0] == "Blue (P0) starts drafting a trade offer."
    assert drafts[-1] == "Blue (P0) drafts an offer: 2 brick and 1 wool for 1 ore so far."
    s.apply("propose offer")
    assert _sentences(s, "offer") == ["Blue (P0) offers 2 brick and 1 wool for 1 ore."]
    # everyone answers in seat order; seat 2 holds no ore and may only decline
    assert s.phase == TRADE_RESPONSE and s.current_player() == 1
    assert _texts(s) == ["accept offer", "decline offer", "decline all offers this turn"]
    s.apply("accept offer")
    assert _texts(s) == ["decline offer", "decline all offers this turn"]
    s.apply("decline offer")
    s.apply("accept offer")
    assert s.phase == TRADE_CONFIRM and s.current_player() == 0
    assert _texts(s) == ["trade with seat 1", "trade with seat 3", "withdraw offer"]
    s.apply("trade with seat 3")  # the offerer chooses among those who accepted
    assert s.hands[0] == [0, 0, 0, 0, 1] and s.hands[3] == [0, 2, 1, 0, 1] and s.hands[1] == [0, 0, 0, 2, 1]
    assert s.phase == MAIN and s.view(0)["offer"] is None
    assert _sentences(s, "accept") == ["Orange (P1) accepts the offer.", "Black (P3) accepts the offer."]
    assert _sentences(s, "reject") == ["Pink (P2) declines the offer."]
    assert _sentences(s, "trade") == ["Blue (P0) gives Black (P3) 2 brick and 1 wool for 1 ore."]


def test_declined_or_withdrawn_offers_change_no_hand():
    s = blank()
    give(s, 0, lumber=2)
    give(s, 1, ore=1)
    before = [h[:] for h in s.hands]
    _offer(s, "offer 2 lumber for 1 ore")
    for _ in range(3):
        s.apply("decline offer")
    assert s.phase == MAIN and s.hands == before
    assert _sentences(s, "offer_declined") == ["Nobody accepts the offer of Blue (P0)."]
    _offer(s, "offer 1 lumber for 1 ore")
    s.apply("accept offer")
    s.apply("decline offer")
    s.apply("decline offer")
    s.apply("withdraw offer")
    assert s.hands == before and s.phase == MAIN
    assert _sentences(s, "offer_cancelled") == ["Blue (P0) withdraws the offer."]
    s.apply("make a trade offer")
    s.apply("offer: give 1 more lumber")
    s.apply("discard draft offer")
    assert s.hands == before and s.phase == MAIN and s.give == [0] * 5
    assert _sentences(s, "offer_draft_discarded") == ["Blue (P0) discards their draft offer."]


def test_unaffordable_offers_are_refused():
    s = blank()
    give(s, 0, brick=1, lumber=1)
    give(s, 1, ore=2)
    give(s, 2, ore=1, wool=2)
    s.apply("make a trade offer")
    s.apply("offer: give 1 more brick")
    assert "offer: give 1 more brick" not in _texts(s)  # one cannot give what one lacks
    with pytest.raises(IllegalActionError):
        s.apply("offer: give 1 more brick")
    assert "offer: ask for 1 more brick" not in _texts(s)  # nor give and ask for one resource
    assert "offer: ask for 1 more grain" not in _texts(s)  # nobody else holds grain
    assert "propose offer" not in _texts(s)  # no gifts: something must be asked for
    s.apply("offer: ask for 1 more ore")
    s.apply("offer: ask for 1 more ore")
    s.apply("offer: ask for 1 more ore")
    assert "offer: ask for 1 more ore" not in _texts(s)  # the others hold 3 ore in all
    s.apply("propose offer")
    # an acceptor must hold everything asked for: nobody holds 3 ore
    while s.phase == TRADE_RESPONSE:
        assert "accept offer" not in _texts(s)
        s.apply("decline offer")
    assert s.phase == MAIN
    # the typed form is refused with the reason, and nothing changes
    before = s.state_dict()
    with pytest.raises(IllegalActionError, match="you hold 1 brick, not 2"):
        s.phrase_to_actions("offer 2 brick for 1 ore")
    with pytest.raises(IllegalActionError, match="the other players hold only 3 ore"):
        s.phrase_to_actions("offer 1 brick for 4 ore")
    with pytest.raises(MalformedActionError, match="not a resource"):
        s.phrase_to_actions("offer 1 bricks and 2 gold for 1 ore")
    assert s.phrase_to_actions("roll") is None
    assert s.state_dict() == before


def test_decline_all_offers_for_the_rest_of_the_turn():
    s = blank()
    give(s, 0, lumber=3)
    give(s, 1, ore=1)
    give(s, 2, ore=1)
    give(s, 3, ore=1)
    _offer(s, "offer 1 lumber for 1 ore")
    s.apply("decline all offers this turn")
    assert _sentences(s, "reject_all") == ["Orange (P1) declines the offer and every other offer this turn."]
    s.apply("decline offer")
    s.apply("decline offer")
    _offer(s, "offer 2 lumber for 1 ore")
    assert s.current_player() == 2  # Orange (P1) is not asked again this turn
    assert s.view(None)["declined_all_offers"] == [1]
    s.apply("decline all offers this turn")
    s.apply("decline all offers this turn")
    assert "make a trade offer" not in _texts(s)  # nobody is left to answer
    s.apply("end turn")
    s.phase = MAIN  # as if Orange had rolled
    s._legal = None
    give(s, 1, grain=1)
    give(s, 0, grain=1)
    _offer(s, "offer 1 grain for 1 lumber")
    assert s.current_player() == 2  # a new turn: everyone is asked again
    assert s.view(None)["declined_all_offers"] == []


def test_offers_per_turn_counts_drafts_and_the_option_turns_trades_off():
    s = blank(offers_per_turn=2)
    give(s, 0, lumber=2)
    give(s, 1, ore=1)
    assert "(2 offers left this turn; an offer put back counts too)" in _offer_note(s)  # the player is told
    s.apply("make a trade offer")
    s.apply("discard draft offer")  # a discarded draft counts: a turn has a bounded number of drafts
    assert "(1 offer left this turn;" in _offer_note(s)
    _offer(s, "offer 1 lumber for 1 ore")
    while s.phase == TRADE_RESPONSE:
        s.apply("decline offer")
    assert "make a trade offer" not in _texts(s)
    with pytest.raises(IllegalActionError, match="all 2 offers allowed in a turn"):
        s.phrase_to_actions("offer 1 lumber for 1 ore")
    s = blank(player_trades=False)
    give(s, 0, lumber=1)
    give(s, 1, ore=1)
    assert "make a trade offer" not in _texts(s)
    s = blank(phase=PRE_ROLL)
    give(s, 0, lumber=1)
    give(s, 1, ore=1)
    with pytest.raises(IllegalActionError):
        s.apply("make a trade offer")


def test_typed_offer_replaces_a_draft_in_progress():
    s = blank()
    give(s, 0, brick=2, wool=1, grain=1)
    give(s, 1, ore=1)
    s.apply("make a trade offer")
    s.apply("offer: give 1 more grain")
    _offer(s, "offer 2 brick, wool for ore")
    assert s.phase == TRADE_RESPONSE and s.give == [0, 2, 1, 0, 0] and s.ask == [0, 0, 0, 0, 1]
    assert s.offers_made == 1


def test_who_is_asked_about_an_offer_does_not_depend_on_hidden_hands():
    """Every other player answers an offer, whatever their cards, so the table learns nothing about hands."""
    a, b = blank(), blank()
    for s in (a, b):
        give(s, 0, lumber=1)
        give(s, 1, wool=1)
    give(a, 2, ore=1)  # only in one of the two worlds does seat 2 hold ore
    give(b, 3, ore=1)
    _offer(a, "offer 1 lumber for 1 ore")
    _offer(b, "offer 1 lumber for 1 ore")
    assert a.current_player() == b.current_player() == 1
    assert a.phase == b.phase == TRADE_RESPONSE


def test_no_view_shows_another_hand_during_a_trade():
    s = blank()
    give(s, 0, lumber=2)
    give(s, 1, ore=1, wool=3)
    give(s, 2, grain=2)
    _offer(s, "offer 1 lumber for 1 ore")
    s.apply("accept offer")
    truth = s.state_dict()["hands"]
    for seat in (None, 0, 2, 3):
        v = s.view(seat)
        # the public part: hand sizes and the offer on the table, never another hand's cards
        assert [p["cards"] for p in v["players"]] == [sum(h) for h in truth]
        assert v["offer"]["accepted_by"] == [1] and "hands" not in v
        assert v.get("hand") == (
            None if seat is None else dict(zip(("lumber", "brick", "wool", "grain", "ore"), truth[seat]))
        )
        assert "wool" not in str(v["offer"]) and "wool': 3" not in str(v)


def test_a_sample_keeps_the_offer_payable_and_refuses_a_trade_it_cannot_make():
    """Everyone saw the offer and who accepted: determinisations keep those cards in the right hands; where a
    hand is changed by hand to lack them, only withdrawing is offered, so no hand goes negative."""
    s = blank()
    give(s, 0, lumber=2)
    give(s, 1, ore=2, wool=2)
    give(s, 2, grain=3, brick=1)
    _offer(s, "offer 2 lumber for 2 ore")
    s.apply("accept offer")
    from firebreak.core import Rng

    for seed in range(20):
        d = s.determinize(3, Rng(seed))
        assert d.hands[1][4] >= 2 and d.hands[0][0] >= 2
        assert sum(d.hands[1]) == 4 and sum(d.hands[2]) == 4
    s.apply("decline offer")
    s.apply("decline offer")
    s.hands[1] = [1, 1, 1, 1, 0]  # as a sample might deal it
    s._legal = None
    assert _texts(s) == ["withdraw offer"]


def test_trade_choices_are_steppers_and_every_step_is_a_choice():
    s = blank()
    give(s, 0, brick=2, wool=1)
    give(s, 1, ore=2)
    assert any(c.label == "Offer a trade to the players" for c in check_choices(s))
    s.apply("make a trade offer")
    s.apply("offer: give 1 more brick")
    choices = check_choices(s)
    give_brick = [c for c in choices if c.counter == "brick" and c.group[-1] == "Cards you give"]
    assert sorted((c.step, c.count) for c in give_brick) == [(-1, 1), (1, 1)]
    ask_ore = [c for c in choices if c.counter == "ore"]
    assert [(c.step, c.count, c.group[-1]) for c in ask_ore] == [(1, 0, "Cards you ask for")]
    s.apply("offer: ask for 1 more ore")
    labels = [c.label for c in check_choices(s) if not c.step]
    assert labels == ["Propose 1 brick for 1 ore", "Discard the draft"]
    s.apply("propose offer")
    labels = [c.label for c in check_choices(s)]
    assert labels == ["Accept the offer", "Decline the offer", "Decline all offers this turn"]


@pytest.mark.parametrize("bot", ["greedy", pytest.param("mcts:iterations=40", marks=pytest.mark.slow)])
def test_bots_leave_a_human_at_most_one_offer_per_turn(bot):
    """Ruling B5a: with bots in three seats, the human-like seat (a greedy player answering by what a trade does
    for it) never has more than one offer to answer in an opponent's turn; and bots do offer and trade."""
    from firebreak.agents import GreedyAgent, Observation, make_agent
    from firebreak.core import Rng, get_game

    spec = get_game("catan")
    games = 2 if bot == "greedy" else 1
    offers = trades = 0
    for seed in range(games):
        s = spec.new_game(4, seed, {"layout": "random", "turn_limit": 60 if bot == "greedy" else 16})
        human = seed % 4
        agents = {q: GreedyAgent() if q == human else make_agent(bot) for q in range(4)}
        rngs = {q: Rng(seed * 10 + q) for q in range(4)}
        answered: dict[int, int] = {}
        while not s.is_terminal():
            q = s.current_player()
            if q == human and s.phase == TRADE_RESPONSE:
                answered[s.turn_count] = answered.get(s.turn_count, 0) + 1
            s.apply(agents[q].act(Observation(s, q), rngs[q]))
        assert max(answered.values(), default=0) <= 1, answered
        offers += sum(1 for e in s.events if e.kind == "offer")
        trades += sum(1 for e in s.events if e.kind == "trade")
    assert offers >= 1  # bots do make offers (of their surplus for what they lack)


def test_the_lab_statistics_count_offers_trades_between_players_and_maritime_trades():
    from firebreak.games.catan import SPEC

    from .helpers import build

    s = blank()
    give(s, 0, lumber=2 + 4 + 3)
    give(s, 1, ore=1)
    _offer(s, "offer 2 lumber for 1 ore")
    for _ in range(3):
        s.apply("decline offer")  # an offer nobody takes counts as an offer, not a trade
    _offer(s, "offer 2 lumber for 1 ore")
    s.apply("accept offer")
    s.apply("decline offer")
    s.apply("decline offer")
    s.apply("trade with seat 1")
    build(s, 0, 20)  # no harbour: the bank's 4:1
    s.apply("maritime trade lumber for ore")
    build(s, 0, 3)  # the generic 3:1 harbour
    s.apply("maritime trade lumber for grain")
    st = SPEC.stats(s)
    assert st["trade_offers"] == 2 and st["trades_between_players"] == 1
    assert st["trades_by_seat"] == [1, 1, 0, 0]
    assert st["bank_trades"] == 1 and st["harbour_trades"] == 1
    assert SPEC.stats(s.clone()) == st  # a search's copy carries the counts


def _log(s, seat, start=0):
    """The log lines ``seat`` reads (what the server sends that seat), from event ``start`` on."""
    return [s.describe_event(e) for e in s.events[start:] if e.visible(seat)]


def test_the_log_reads_like_the_table_and_a_draft_stays_with_its_composer():
    s = blank()
    give(s, 0, brick=2, wool=1, lumber=1)
    give(s, 1, ore=1)
    give(s, 3, ore=2)
    start = len(s.events)
    s.apply("make a trade offer")  # a first draft, given up: nobody else ever hears of it
    s.apply("offer: give 1 more lumber")
    s.apply("offer: ask for 1 more ore")
    s.apply("offer: ask for 1 ore less")
    s.apply("offer: give 1 lumber less")
    s.apply("discard draft offer")
    _offer(s, "offer 2 brick 1 wool for 1 ore")
    assert s.view(1)["offer"]["stage"] == "proposed" and s.view(1)["offer"]["give"] == {"brick": 2, "wool": 1}
    s.apply("decline offer")
    s.apply("decline offer")
    s.apply("accept offer")
    s.apply("trade with seat 3")
    table = [
        "Blue (P0) offers 2 brick and 1 wool for 1 ore.",
        "Orange (P1) declines the offer.",
        "Pink (P2) declines the offer.",
        "Black (P3) accepts the offer.",
        "Blue (P0) gives Black (P3) 2 brick and 1 wool for 1 ore.",
    ]
    for seat in (1, 2, 3, None):  # the other players and spectators: one line per offer, answer and outcome
        assert _log(s, seat, start) == table
    mine = _log(s, 0, start)  # the composer also reads their own drafting
    assert mine[:6] == [
        "Blue (P0) starts drafting a trade offer.",
        "Blue (P0) drafts an offer: 1 lumber for nothing so far.",
        "Blue (P0) drafts an offer: 1 lumber for 1 ore so far.",
        "Blue (P0) drafts an offer: 1 lumber for nothing so far.",
        "Blue (P0) takes every card off their draft offer.",
        "Blue (P0) discards their draft offer.",
    ]
    assert [line for line in mine if "draft" not in line] == table


def test_a_draft_is_hidden_from_the_other_seats_screens_and_its_steps_can_be_taken_back():
    from firebreak.games.catan.render import render

    s = blank()
    give(s, 0, brick=2)
    give(s, 1, ore=1)
    s.apply("make a trade offer")
    s.apply("offer: give 1 more brick")
    s.apply("offer: ask for 1 more ore")
    assert "Your draft offer: 1 brick for 1 ore" in render(s.view(0))
    for seat in (1, 2, None):
        text = render(s.view(seat))
        assert "Blue (P0) is composing a trade offer" in text and "1 brick for" not in text
    assert s.undo_refusal(0) is None  # drafting hides nothing from the composer: the steps may be undone


def test_a_bot_values_a_draft_taken_round_in_circles_or_padded_below_discarding_it():
    """The evaluation steering every bot: the sensible offer (a grain for the brick a road lacks) is worth more
    than discarding the draft, but the same draft reached by putting a card on and taking it off again, or with a
    card the bot does not need to give, is worth less (so a search proposes or discards instead of composing on)."""
    from firebreak.games.catan.heuristic import heuristic, suggested_offer

    s = blank()
    give(s, 0, lumber=1, grain=2)
    give(s, 1, brick=1, wool=1)
    assert suggested_offer(s, 0) == ([0, 0, 0, 1, 0], [0, 1, 0, 0, 0])
    s.apply("make a trade offer")
    s.apply("offer: give 1 more grain")
    s.apply("offer: ask for 1 more brick")
    discarded = s.clone()
    discarded.apply("discard draft offer")
    direct = heuristic(s, 0)
    assert direct > heuristic(discarded, 0)
    circled = s.clone()
    circled.apply("offer: ask for 1 more wool")
    circled.apply("offer: ask for 1 wool less")
    assert (circled.give, circled.ask) == (s.give, s.ask)
    assert heuristic(circled, 0) < heuristic(discarded, 0) < direct
    padded = s.clone()
    padded.apply("offer: give 1 more lumber")
    assert heuristic(padded, 0) < heuristic(discarded, 0)


@pytest.mark.slow
def test_search_bots_compose_each_seafarers_offer_in_a_few_steps_and_play_on():
    """Two search bots (the strength table's mcts:iterations=100) and two greedy bots on Seafarers: every draft
    is proposed or discarded within a few steps and the game reaches its turn limit in a bounded number of
    decisions. (The search used to add and remove cards for ever: over 380 draft steps without a turn played.)"""
    from firebreak.agents import Observation, make_agent
    from firebreak.core import Rng, get_game

    s = get_game("catan").new_game(4, 1, {"board": "seafarers", "turn_limit": 10})
    bots = [make_agent(b) for b in ("mcts:iterations=100", "greedy") * 2]
    rngs = [Rng(10 + q) for q in range(4)]
    longest = steps = 0
    while not s.is_terminal():
        q = s.current_player()
        steps = steps + 1 if s.phase == TRADE_DRAFT else 0  # the steps of the draft being composed
        longest = max(longest, steps)
        s.apply(bots[q].act(Observation(s, q), rngs[q]))
        assert len(s.history) < 300, f"{len(s.history)} decisions by turn {s.turn_count} of 10"
    assert s.turn_count >= 10 and longest <= 6
    assert sum(1 for e in s.events if e.kind == "offer") >= 1
