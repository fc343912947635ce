"""The core protocol: illegal actions, texts, save/load and replay, hidden information, determinisation."""

import json

import pytest

from firebreak.core import (
    IllegalActionError,
    MalformedActionError,
    Rng,
    SaveFileError,
    load_game,
    record_of,
    replay,
    save_game,
)
from firebreak.games.catan.actions import layout

from .helpers import SPEC, new, play_random


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_action_texts_unique_and_parse_back(players):
    s = new(players)
    n = SPEC.num_distinct_actions(players)
    texts = [s.action_to_text(a) for a in range(n)]
    assert len(set(texts)) == n
    for a in range(0, n, 7):
        assert s.text_to_action(texts[a].upper()) == a
    with pytest.raises(MalformedActionError):
        s.apply(n)
    with pytest.raises(MalformedActionError):
        s.apply("build a castle")


def test_illegal_actions_rejected_state_unchanged_along_a_game():
    s = new(4, 5, mode="classic", layout="random")
    rng = Rng(5)
    size = layout(4).size
    step = 0
    while not s.is_terminal() and step < 400:
        if step % 25 == 0:
            before = s.state_dict()
            hist = list(s.history)
            legal = set(s.legal_actions())
            for a in range(0, size, 3):
                if a not in legal:
                    with pytest.raises(IllegalActionError):
                        s.apply(a)
            assert s.state_dict() == before and s.history == hist
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
        step += 1


@pytest.mark.parametrize("mode", ["firestorm", "classic"])
def test_save_load_and_replay(tmp_path, mode):
    s = play_random(new(4, 11, mode=mode, layout="random"), 11, check=False)
    path = tmp_path / "game.json"
    save_game(s, path)
    loaded = load_game(path)
    assert loaded == s and loaded.winners() == s.winners()
    # a game saved half way continues identically
    half = new(4, 11, mode=mode, layout="random")
    for a in s.history[: len(s.history) // 2]:
        half.apply(a)
    again = replay(record_of(half))
    assert again == half
    for a in s.history[len(s.history) // 2 :]:
        again.apply(a)
    assert again == s
    # a tampered record is caught
    obj = json.loads(path.read_text())
    obj["seed"] = 12
    path.write_text(json.dumps(obj))
    with pytest.raises(SaveFileError):
        load_game(path)


def test_views_hide_other_hands_and_the_deck():
    s = new(4, 3, mode="classic", layout="random")
    rng = Rng(3)
    for _ in range(600):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    for viewer in (None, 0, 1, 2, 3):
        v = s.view(viewer)
        text = json.dumps(v)
        assert isinstance(v["development_deck"], int)
        for pl in v["players"]:
            assert set(pl) >= {"cards", "development_cards"} and "hand" not in pl
        if viewer is None:
            assert "hand" not in v
        else:
            assert v["hand"] == dict(zip(("lumber", "brick", "wool", "grain", "ore"), s.hands[viewer]))
        assert "dev_deck" not in text
        assert SPEC.render(v)  # renders without error
    # hidden victory points are not public
    assert all(v >= 0 for v in (pl["victory_points"] for pl in s.view(None)["players"]))


def test_determinize_resamples_hidden_cards_only():
    s = new(4, 8, mode="classic", layout="random")
    rng = Rng(8)
    for _ in range(900):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    before = s.state_dict()
    seen_different = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.hands[0] == s.hands[0] and d.dev_hand[0] == s.dev_hand[0]
        assert [sum(h) for h in d.hands] == [sum(h) for h in s.hands]
        assert [sum(h) for h in d.dev_hand] == [sum(h) for h in s.dev_hand]
        assert d.bank == s.bank and len(d.dev_deck) == len(s.dev_deck)
        pooled = [sum(d.hands[q][r] for q in (1, 2, 3)) for r in range(5)]
        assert pooled == [sum(s.hands[q][r] for q in (1, 2, 3)) for r in range(5)]
        seen_different |= d.hands[1:] != s.hands[1:] or d.dev_deck != s.dev_deck
        assert d.view(0) == s.view(0)
        assert d.legal_actions() == s.legal_actions() or d.current_player() != 0
    assert seen_different
    assert s.state_dict() == before


def test_stats_and_heuristic_hooks():
    s = play_random(new(4, 2, layout="random"), 2, check=False)
    st = SPEC.stats(s)
    assert st["turns"] == s.turn_count and st["winners"] == s.winners()
    assert sum(st["firestorms_per_hex"].values()) == st["sevens"] == st["firestorms"]
    assert st["cards_lost_to_fire"] == sum(st["cards_lost_to_fire_by_seat"]) == sum(s.st_fire_lost)
    assert st["ended_by"] == "victory" and st["mode"] == "firestorm"
    assert st["fire_stations_built"] == sum(5 - x for x in s.stations_left)
    kinds = [e.kind for e in s.events]
    assert st["trades_between_players"] == kinds.count("trade") and st["trade_offers"] == kinds.count("offer")
    assert st["bank_trades"] + st["harbour_trades"] == kinds.count("maritime")
    w = s.winners()[0]
    assert SPEC.heuristic(s, w) > max(SPEC.heuristic(s, p) for p in range(4) if p != w)


def test_every_event_has_a_sentence():
    kinds = set()
    for mode in ("firestorm", "classic"):
        s = play_random(new(4, 21, mode=mode, layout="random"), 21, check=False)
        for e in s.events:
            text = s.describe_event(e)
            assert text and text.endswith(".") and "_" not in text
            assert "(P" in text or e.kind in ("produce", "fire_spreads")  # players are named by colour and seat
            kinds.add(e.kind)
    assert {"roll", "produce", "fire_spreads", "firestorm", "robber", "road", "settlement", "game_over"} <= kinds


def test_clone_is_independent():
    s = new(4, 4, layout="random")
    for _ in range(60):
        s.apply(s.legal_actions()[0])
    c = s.clone()
    assert c == s
    before = s.state_dict()
    while not c.is_terminal() and len(c.history) < len(s.history) + 200:
        c.apply(c.legal_actions()[-1])
    assert s.state_dict() == before and c != s


def test_a_base_board_clone_played_to_the_end_leaves_the_original_as_it_was():
    """A clone on a board without sea shares the Seafarers fields (ships, gold fields, islands: never changed
    there) instead of copying them; playing the clone to the end, or the original on, changes nothing in the other."""
    s = new(4, 5, layout="random")
    for _ in range(80):
        s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    before = s.state_dict()
    c = s.clone()
    while not c.is_terminal() and len(c.history) < len(s.history) + 3000:
        c.apply(c.legal_actions()[-1])
    assert s.state_dict() == before
    after = c.state_dict()
    twin = s.clone()
    for _ in range(200):
        s.apply(s.legal_actions()[0])
    assert c.state_dict() == after and twin.state_dict() == before
