"""Hidden information: views, logs and determinisations show each seat only what it may see."""

from __future__ import annotations

import json
import random

from firebreak.core import Rng, record_of

from .helpers import BOARD, SPEC
from .invariants import check


def midgame(n=4, seed=3, steps=150, **options):
    s = SPEC.new_game(n, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    assert not s.is_terminal()
    return s


def test_view_shows_own_hand_objectives_and_tokens_only():
    s = midgame()
    for viewer in range(4):
        v = s.view(viewer)
        for p, entry in enumerate(v["players"]):
            if p == viewer:
                assert "hand" in entry and "objectives" in entry and "tokens" in entry
                assert sum(entry["hand"].values()) == entry["hand_size"]
            else:
                assert "hand" not in entry and "objectives" not in entry and "tokens" not in entry
    spectator = s.view(None)
    assert all("hand" not in e and "objectives" not in e and "tokens" not in e for e in spectator["players"])


def test_views_never_carry_deck_order_box_or_token_kinds_on_the_board():
    s = midgame()
    text = json.dumps(s.view(0))
    for key in ('"deck"', '"box"', "undealt", "destroyed_tokens"):
        assert key not in text
    assert all(isinstance(d["token"], bool) for d in s.view(0)["districts"])


PRIVATE_KINDS = ("hand_dealt", "card_seen", "objectives_dealt", "colour_dealt", "token_seen")


def test_another_seats_secret_never_appears_in_a_view_or_its_log():
    """Wire level: the JSON a seat receives (view and log) carries only its own hand, objectives, colour and
    tokens; other seats' colours and scores are blank under Hidden Colours."""
    s = midgame(5, seed=9, steps=40, hidden_colours=True)
    for viewer in range(5):
        wire = json.loads(json.dumps({"view": s.view(viewer), "log": [e.to_json() for e in s.events_for(viewer)]}))
        private = [e for e in wire["log"] if e["kind"] in PRIVATE_KINDS]
        assert private and all(e["data"]["player"] == viewer for e in private)
        players = wire["view"]["players"]
        assert players[viewer]["colour"] is not None and "hand" in players[viewer]
        others = [e for i, e in enumerate(players) if i != viewer]
        assert all(e["colour"] is None and "score" not in e and "hand" not in e for e in others)
    spectator = json.loads(json.dumps([e.to_json() for e in s.events_for(None)]))
    assert not [e for e in spectator if e["kind"] in PRIVATE_KINDS]


def test_spectator_log_has_no_private_event():
    s = midgame(4, seed=5)
    assert all(e.visible_to is None for e in s.events_for(None))
    assert len(s.events_for(None)) < len(s.events)


def test_determinisation_keeps_what_the_player_knows():
    s = midgame(4, seed=21, steps=140, hidden_colours=True)
    me = s.current_player()
    for seed in range(10):
        det = s.determinize(me, Rng(seed))
        check(det)
        assert det.hands[me] == s.hands[me] and det.objectives[me] == s.objectives[me]
        assert det.held[me] == s.held[me] and det.colour[me] == s.colour[me]
        assert det.view(me) == s.view(me), "the player cannot tell the sample from the truth"
        assert [sum(h) for h in det.hands] == [sum(h) for h in s.hands]
        assert [len(h) for h in det.held] == [len(h) for h in s.held]
        assert [c >= 10 for c in det.deck] == [c >= 10 for c in s.deck], "Fire Stack positions are public"
        for q in range(4):
            assert all(det.hands[q][dr] >= s.known[q][dr] for dr in range(4)), "shown cards stay in hand"


def test_determinisation_actually_resamples_hidden_information():
    s = midgame(4, seed=22, steps=120, hidden_colours=True)
    me = s.current_player()
    other = (me + 1) % 4
    samples = [s.determinize(me, Rng(i)) for i in range(30)]
    assert len({tuple(x.hands[other]) for x in samples}) > 1
    assert len({tuple(x.objectives[other]) for x in samples}) > 1
    assert len({tuple(x.deck) for x in samples}) > 1
    assert len({tuple(x.colour) for x in samples}) > 1
    assert len({tuple(x.token) for x in samples}) > 1
    # Future chance is resampled too: the same actions from a sample need not draw the same cards.
    assert len({x.rng.clone().random() for x in samples}) > 1


def test_full_record_is_complete_but_per_player_logs_are_filtered():
    s = midgame(4, seed=2)
    rec = record_of(s)
    assert len(rec.events) == len(s.events)
    for p in range(4):
        private = [e for e in s.events if e.visible_to is not None and p not in e.visible_to]
        assert private and not set(map(id, private)) & set(map(id, s.events_for(p)))


def test_houses_lost_track_is_public_with_hidden_colours_but_scores_are_not():
    s = midgame(4, seed=4, hidden_colours=True)
    v = s.view(None)
    assert set(v["houses_lost"]) == set(BOARD.rules.colours)
    assert all("score" not in p for p in v["players"])


def test_a_determinisation_depends_only_on_what_the_player_knows():
    """Two states the player cannot tell apart (the truth and any sample of it) give the same sample for the
    same rng: the bot's plans cannot depend on the hidden truth."""
    s = midgame(5, seed=23, steps=160, hidden_colours=True)
    me = s.current_player()
    other_world = s.determinize(me, Rng(99))
    assert other_world.state_dict() != s.state_dict()
    for k in range(5):
        a, b = s.determinize(me, Rng(k)), other_world.determinize(me, Rng(k))
        assert a.state_dict() == b.state_dict() and a.events == b.events and a.rng == b.rng


def test_a_determinisation_carries_no_private_event_of_others_and_no_seed():
    s = midgame(4, seed=24)
    det = s.determinize(0, Rng(1))
    assert det.events == s.events_for(0)
    assert det.seed != s.seed


def test_rivals_running_scores_show_only_public_parts():
    """A rival's objective points would reveal which districts they hold: views show only the public parts
    (houses, fires put out, Hero of London) until the end."""
    s = midgame(4, seed=6)
    v = s.view(0)
    assert "objectives" in v["players"][0]["score"] and "total" in v["players"][0]["score"]
    for entry in v["players"][1:]:
        assert set(entry["score"]) == {"houses", "fires_put_out", "hero_of_london", "public_total"}


def test_every_event_of_whole_games_has_a_sentence():
    from firebreak.games.great_fire.narrate import describe

    for n, opts in ((3, {"hidden_colours": True}), (6, {"more_destruction": True})):
        s = SPEC.new_game(n, 14, opts)
        rng = random.Random(14)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        for e in s.events:
            text = describe(e, s.player_name)
            assert text and "{" not in text, e.kind
            assert s.describe_event(e) == text


def test_R24_the_second_move_phase_opens_for_any_token_so_it_reveals_nothing():
    """R24: holding only a demolition charge, the player still gets the (forced) choice to decline a second move,
    exactly as a Fire-moves-twice holder would: rivals cannot tell the token's kind from the phase."""
    from firebreak.games.great_fire.data import DEMOLITION, DOUBLE_MOVE
    from firebreak.games.great_fire.state import P_SECOND

    from .helpers import Position, W

    for token, can_move in ((DEMOLITION, False), (DOUBLE_MOVE, True)):
        pos = Position(4, seed=1)
        pos.hand(pos.s.player, W, W, W, W, W - 1)
        p = pos.s.player
        pos.s.destroyed_tokens.remove(token)
        pos.s.held[p].append(token)
        pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
        assert pos.s.phase == P_SECOND
        texts = pos.texts()
        assert "no second fire move" in texts
        assert any(t.startswith("fire west") for t in texts) == can_move
        assert pos.s.view(None)["phase"] == "second_fire_move"


def test_R14_waiting_at_no_action_points_does_not_reveal_a_demolition_charge():
    from firebreak.games.great_fire.data import ONE_VP

    from .helpers import Position, d

    pos = Position(4, seed=3).actions_phase(ap=1)
    s = pos.s
    p = s.player
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1).landowner(p, "Temple")
    s.destroyed_tokens.remove(ONE_VP)
    s.held[p].append(ONE_VP)
    s.apply("move landowner to Fleet Street")
    assert s.ap == 0 and s.player == p, "a demolition could be made and a token is held: the phase waits"
    assert pos.texts() == {"end actions"}
    s.apply("end actions")
    # Without any token the phase ends by itself.
    pos2 = Position(4, seed=3).actions_phase(ap=1)
    pos2.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1).landowner(pos2.s.player, "Temple")
    p2 = pos2.s.player
    pos2.s.apply("move landowner to Fleet Street")
    assert pos2.s.player != p2
    assert d("St Mary-le-Bow") in s.demolition_sites()


def test_determinised_rival_about_to_play_always_holds_a_playable_card():
    """Everyone knows a rival in the fire phase holds a playable card (or their hand would have been shown)."""
    from .helpers import E, N, Position, S, W

    pos = Position(4, seed=2)
    s = pos.s
    rival = s.player
    me = (rival + 1) % 4
    # Only a north card can move fire here.
    for name in ("Tallow Hall", "Voyners Hall", "S. Bennet", "Billingsgate", "Philpott Lane", "Pepys House"):
        pos.demolish(name)
    pos.hand(rival, N, S, S, E, W)
    assert s.legal_actions()
    for k in range(40):
        det = s.determinize(me, Rng(k))
        assert det.legal_actions(), "the sample must agree that the rival can play"
        assert det.hands[rival][N] >= 1
