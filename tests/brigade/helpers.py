"""Helpers to build Brigade positions for rule tests (set fields directly, then let the rules recompute)."""

from __future__ import annotations

from firebreak.core import get_game
from firebreak.games.brigade import actions as A
from firebreak.games.brigade.tables import N_POS, tables
from firebreak.games.brigade.tables import pos_name as name  # noqa: F401


def P(label: str) -> int:
    """'C3' -> position index (column letter West->East, row number North->South)."""
    return (int(label[1:]) - 1) * 6 + "ABCDEF".index(label[0].upper())


def new(n: int = 3, seed: int = 0, **opts: bool):
    return get_game("brigade").new_game(n, seed, opts)


def refresh(s) -> None:
    """Recompute the pending decision after editing fields by hand."""
    s._legal = None
    s._legal_set = None
    s.cache = None
    s._advance()


def quiet(n: int = 3, seed: int = 0, keep_fire: str = "A2", **opts: bool):
    """A game at seat 0's first Action phase with no fire except one block (so the game does not end)."""
    s = new(n, seed, **opts)
    s.intensity = [0] * N_POS
    if keep_fire:
        s.intensity[P(keep_fire)] = 1
    refresh(s)
    return s


def event_id(name_: str) -> int:
    for i, e in enumerate(tables().events):
        if e[2] == name_:
            return i
    raise KeyError(name_)


def crew_id(name_: str) -> int:
    return [c[0] for c in tables().crew].index(name_)


def give_crew(s, p: int, card: str, loyal_block: str | None = None) -> int:
    """Put a crew card in ``p``'s Brigade (removing it from the deck) and, optionally, make the ability active
    by giving ``p`` the loyalty of a block of the card's affiliation."""
    c = crew_id(card)
    for pile in (s.crew_deck, s.crew_discard):
        if c in pile:
            pile.remove(c)
    s.crew[p].append(c)
    s.tracks[3 * p] = max(s.tracks[3 * p], 4)
    if loyal_block is None:
        aff = tables().crew_aff[c]
        for pos in range(N_POS):
            if s.st_aff[pos] == aff and s.loyal[pos] < 0 and pos not in (P("A2"),):
                s.loyal[pos] = p
                s.loyalty_left[p] -= 1
                break
    return c


def block_of(s, aff: int, exclude=()) -> int:
    for pos in range(N_POS):
        if s.st_aff[pos] == aff and pos not in exclude and not s.destroyed[pos]:
            return pos
    raise LookupError(aff)


def play(s, *acts) -> None:
    for a in acts:
        s.apply(a)


__all__ = ["A", "P", "new", "refresh", "quiet", "event_id", "crew_id", "give_crew", "block_of", "play", "N_POS"]


def place_block(s, block_name: str, label: str) -> int:
    """Swap the town tiles so that ``block_name`` lies at ``label`` (for the rulebook's examples)."""
    to = P(label)
    frm = s.st_name.index(block_name)
    for attr in ("st_value", "st_track", "st_aff", "st_name", "st_big"):
        vals = list(getattr(s, attr))
        vals[to], vals[frm] = vals[frm], vals[to]
        setattr(s, attr, tuple(vals))
    return to
