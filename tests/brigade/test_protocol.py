"""The core protocol: illegal actions, texts, save/load/replay, views and determinisation, hooks."""

import json

import pytest

from firebreak.core import (
    IllegalActionError,
    MalformedActionError,
    Rng,
    SaveFileError,
    get_game,
    load_game,
    replay,
    record_of,
    save_game,
)
from firebreak.games.brigade import actions as A

from .helpers import P, new, quiet, refresh


def _play_some(s, k, seed=1):
    r = Rng(seed)
    for _ in range(k):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_action_texts_unique_and_parse_back():
    s = new()
    texts = [s.action_to_text(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(texts)) == len(texts) == get_game("brigade").num_distinct_actions(3)
    for a in (0, A.MOVE_BRIGADE + 7, A.EXTINGUISH + 9, A.REMOVE + 33, A.DIRECTION + 2):
        assert s.text_to_action(s.action_to_text(a)) == a
    s.apply("Move Brigade to B2")
    assert s.bpos[0] == P("B2")


def test_illegal_and_malformed_actions_rejected_state_unchanged():
    s = _play_some(new(3, 4), 20)
    before = s.state_dict()
    hist = list(s.history)
    illegal = next(a for a in range(A.NUM_ACTIONS) if not s.is_legal(a))
    with pytest.raises(IllegalActionError):
        s.apply(illegal)
    with pytest.raises(MalformedActionError):
        s.apply(A.NUM_ACTIONS)
    with pytest.raises(MalformedActionError):
        s.apply("fly to the moon")
    with pytest.raises(MalformedActionError):
        s.apply(True)
    assert s.state_dict() == before and s.history == hist


def test_no_action_after_the_game_is_over():
    s = quiet()
    s._finish("evacuation")
    with pytest.raises(IllegalActionError):
        s.apply(A.END_TURN)


@pytest.mark.parametrize("opts", [{}, {"advanced": True, "big_buildings": True, "fire_festival": True}])
def test_save_load_and_replay_reproduce_the_game(tmp_path, opts):
    s = _play_some(new(3, 11, **opts), 120, seed=5)
    path = tmp_path / "g.json"
    save_game(s, path)
    loaded = load_game(path)
    assert loaded == s and loaded.state_dict() == s.state_dict()
    assert replay(record_of(s)) == s
    # a tampered record is caught
    obj = json.loads(path.read_text())
    obj["seed"] = 12
    path.write_text(json.dumps(obj))
    with pytest.raises(SaveFileError):
        load_game(path)


def test_clone_is_independent_and_equal():
    s = _play_some(new(4, 2), 30)
    c = s.clone()
    assert c == s
    c.apply(c.legal_actions()[-1])
    assert c != s and len(c.history) == len(s.history) + 1


def test_views_never_show_deck_order_and_determinize_reshuffles():
    s = _play_some(new(3, 8), 40)
    json.dumps(s.state_dict())
    for p in (0, 1, 2, None):
        v = s.view(p)
        json.dumps(v)
        assert isinstance(v["event_deck"], int) and isinstance(v["crew_deck"], int)
    d = s.determinize(1, Rng(3))
    assert sorted(d.event_deck) == sorted(s.event_deck) and d.event_deck != s.event_deck
    assert sorted(d.crew_deck) == sorted(s.crew_deck)
    assert d.view(1) == s.view(1)  # what the seat sees is untouched
    assert d.rng != s.rng


def test_drawn_recruits_are_seen_only_by_the_drawer():
    s = quiet()
    s.tracks[0] = 1
    refresh(s)
    s.apply(A.RECRUIT)
    assert isinstance(s.view(0)["drawn"], list) and s.view(1)["drawn"] == 2 and s.view(None)["drawn"] == 2
    assert any(e.kind == "recruit_draw" for e in s.events_for(0))
    assert not any(e.kind == "recruit_draw" for e in s.events_for(1))
    d = s.determinize(1, Rng(1))
    assert sorted(d.crew_deck + d.drawn) == sorted(s.crew_deck + s.drawn)
    assert d.view(1)["drawn"] == 2


def test_render_draws_the_grid_boards_log_and_result():
    spec = get_game("brigade")
    s = _play_some(new(3, 1), 10)
    text = spec.render(s.view(0))
    assert "Great Lecture Hall" in text and "White Firehouse" in text and "Legend:" in text
    assert text.count("+------------------+") >= 7  # six rows of 18-character blocks, 118 columns in all
    assert "White (P0) - you - Warden" in text and "Crew:" in text and "to act" in text
    s.loyal[P("C3")] = 2
    s._finish("evacuation")
    end = spec.render(s.view(None))
    assert "Pink (P2) wins with 5 points." in end and "Loyalty: University, 1 block" in end


def test_heuristic_prefers_loyalty_and_stats_report_the_game():
    spec = get_game("brigade")
    s = quiet()
    h0 = spec.heuristic(s, 0)
    s.loyal[P("C4")] = 0
    assert spec.heuristic(s, 0) > h0 and spec.heuristic(s, 1) < h0 + 1e-9
    st = spec.stats(_play_some(new(2, 3), 2000))
    assert st["end_reason"] in ("evacuation", "all fires out", "faction", "citizens")
    assert {"blocks_destroyed", "fires_extinguished", "turns", "winners"} <= set(st)


def test_clone_copies_every_field():
    """Every field of the state reaches the clone, and no list of the rules is shared (a bot's simulation never
    leaks into the real game); the log (history, events, take-backs) is shared copy-on-write until either plays."""
    from firebreak.games.brigade.state import BrigadeState

    s = _play_some(new(4, 5, advanced=True, addon_pack=True), 25)
    c = s.clone()
    log = ("history", "events", "_undo_stack", "_undo_todo", "played")
    for name in BrigadeState.__slots__:
        assert hasattr(c, name) == hasattr(s, name), name
        mine, theirs = getattr(s, name, None), getattr(c, name, None)
        if isinstance(mine, list) and name not in ("cache", "_legal") + log:
            assert theirs == mine and theirs is not mine, name
    assert all(a is not b for a, b in zip(c.crew, s.crew))
    assert c.state_dict() == s.state_dict()
    before = (list(s.history), len(s.events))
    c.apply(c.legal_actions()[0])  # the clone plays: the original's log is untouched
    assert (s.history, len(s.events)) == before and len(c.history) == len(before[0]) + 1
