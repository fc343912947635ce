"""The Great Fire's score sheet explained in words at the end (``GameState.score_notes``).

Two lines of the sheet look wrong without a word: a seat that put out fires can keep fewer cones than it put out
(when the stock and Pudding Lane were both exhausted each player who held cones handed one back, ruling R3 in
``docs/rulings/great-fire.md``), and the Hero of London follows fires put out, not cones kept, so its holder may keep
fewer cones than a rival (ruling R21). Each note names the rule it comes from. Everything here is public: fires put
out, cones handed back and the card are all on the table (events seen by every seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core.text import plural


if TYPE_CHECKING:
    from .state import GreatFireState


def fires_put_out(state: "GreatFireState") -> list[int]:
    """How many Put out Fire actions each seat made in the whole game (each took one cone off the board)."""
    out = [0] * state.num_players
    for e in state.events:
        if e.kind == "fire_put_out":
            out[e.data["player"]] += 1
    return out


def cones_handed_back(state: "GreatFireState") -> list[int]:
    """How many put-out cones each seat handed back to the stock under ruling R3."""
    out = [0] * state.num_players
    for e in state.events:
        if e.kind == "cones_returned":
            for p in e.data["players"]:
                out[p] += 1
    return out


def score_notes(state: "GreatFireState") -> list[str]:
    """One sentence per seat that put out a fire (fires put out, cones kept, why they differ), then the Hero of
    London: who holds it and why, or why nobody does."""
    done = fires_put_out(state)
    back = cones_handed_back(state)
    name = state.player_name
    lines = []
    for p in range(state.num_players):
        if not done[p]:
            continue
        kept = state.put_out[p]
        each = plural(state.rules.cone_vp, "VP", "VP")
        line = f"{name(p)} put out {plural(done[p], 'fire')} and kept {plural(kept, 'fire cone')}, {each} each"
        if back[p]:
            line += (
                f": {plural(back[p], 'cone')} went back to the stock when both the stock and Pudding Lane "
                f"were exhausted (each player holding cones hands one back, ruling R3)"
            )
        lines.append(line + ".")
    threshold = state.rules.hero_of_london_threshold  # a variant's, where it changes them
    vp = plural(state.rules.hero_of_london_vp, "VP", "VP")
    if state.hero < 0:
        lines.append(f"Nobody put out {threshold} fires, so nobody holds the Hero of London ({vp}).")
    else:
        h = state.hero
        holders = [e.data["player"] for e in state.events if e.kind == "hero_of_london"]
        how = (
            f"the first to put out {threshold} fires"
            if len(holders) < 2
            else f"took the card from {name(holders[-2])} by putting out more fires"
        )
        line = f"{name(h)} holds the Hero of London ({vp}): {how}, {plural(done[h], 'fire')} put out in all"
        if back[h]:
            line += "; cones handed back do not move the card (ruling R21)"
        lines.append(line + ".")
    return lines
