"""The Great Fire's ending explains itself: the score sheet counts fire cones kept (1 VP each), the notes under it
say how many fires each seat put out and why cones kept can be fewer (ruling R3: cones handed back when the stock
and Pudding Lane are exhausted), and who holds the Hero of London and why (ruling R21)."""

from __future__ import annotations

import re

from firebreak.agents import Observation, agent_rng, make_agent
from firebreak.core import get_game
from firebreak.games.great_fire.ending import cones_handed_back, fires_put_out


def _finished(seed: int):
    state = get_game("great-fire").new_game(4, seed)
    agents = [make_agent("greedy") for _ in range(4)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply(agents[p].act(Observation(state, p), agent_rng(seed, p, len(state.history))))
    return state


def test_cones_kept_fires_put_out_and_the_hero_are_explained() -> None:
    state = _finished(1)  # a game where the stock and Pudding Lane ran dry (cones were handed back)
    done, back = fires_put_out(state), cones_handed_back(state)
    assert any(back), "no cone was handed back in this game"
    notes = state.score_notes()
    for p, sheet in enumerate(state.score_sheet()):
        rows = dict(sheet)
        assert "Fires put out" not in rows
        assert rows["Fire cones kept"] == state.put_out[p] == done[p] - back[p]  # every cone traced
        assert sum(rows.values()) == state.scores()[p]
        line = next((n for n in notes if n.startswith(state.player_name(p) + " put out")), None)
        if not done[p]:
            assert line is None
            continue
        assert f"put out {done[p]} fire" in line and f"kept {state.put_out[p]} fire cone" in line
        assert ("ruling R3" in line) == bool(back[p])
        if back[p]:
            assert f"{back[p]} cone" in line and "Pudding Lane" in line
    hero = notes[-1]
    assert hero.startswith(f"{state.player_name(state.hero)} holds the Hero of London (2 VP): ")
    assert f"{done[state.hero]} fires put out in all" in hero
    assert "ruling R21" in hero  # its holder handed cones back, which do not move the card
    for n in notes:
        assert not re.search(r"\bNone\b|-1|_", n), n


def test_a_game_without_cones_handed_back_says_nothing_of_r3() -> None:
    state = _finished(2)
    assert not any(cones_handed_back(state))
    notes = state.score_notes()
    assert not any("R3" in n or "R21" in n for n in notes)
    assert notes[-1].endswith("the first to put out 3 fires, 6 fires put out in all.")


def test_the_hero_of_london_note_names_a_variants_threshold_and_points() -> None:
    rules = {"hero_of_london_threshold": 4, "hero_of_london_vp": 3}
    state = get_game("great-fire").new_game(4, 1, {"rules": rules})
    assert state.score_notes()[-1] == "Nobody put out 4 fires, so nobody holds the Hero of London (3 VP)."
