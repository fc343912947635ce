"""Integer tables derived from the data: grid geometry, cards, crew, and the fixed action space.

Positions are ``row * 6 + col`` (row 0 is North, col 0 is West). Everything the hot path reads is a tuple of
ints indexed by position, card id or action id, built once per process.
"""

from __future__ import annotations

from typing import Any, Literal

from .data import (
    AFFILIATIONS,
    BASE_CREW,
    CORNERS,
    FESTIVAL_EVENTS,
    SIZE,
    SPECIAL_EVENTS,
    UNIVERSITY,
    load_data,
)

N_POS = SIZE * SIZE
MAX_PLAYERS = 4

# --- geometry -------------------------------------------------------------------------------------------------
DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W: the direction the wind blows toward
DIR_NAMES = ("north", "east", "south", "west")
DIR_LETTERS = ("N", "E", "S", "W")


def _name(pos: int) -> str:
    return f"{'ABCDEF'[pos % SIZE]}{pos // SIZE + 1}"


POS_NAMES = tuple(_name(pos) for pos in range(SIZE * SIZE))
"""``POS_NAMES[pos]`` is ``pos_name(pos)`` for a position on the board."""


def pos_name(pos: int) -> str:
    """Human name of a position: column letter A-F (West to East), row number 1-6 (North to South).

    Looked up (every action's log entry names places); anything off the board is spelt out as before."""
    if 0 <= pos < SIZE * SIZE:
        return POS_NAMES[pos]
    return _name(pos)


def _on(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def _step(pos: int, d: int) -> int:
    r, c = divmod(pos, SIZE)
    dr, dc = DIRS[d]
    return (r + dr) * SIZE + (c + dc) if _on(r + dr, c + dc) else -1


STEP: tuple[tuple[int, ...], ...] = tuple(tuple(_step(p, d) for d in range(4)) for p in range(N_POS))
"""STEP[pos][dir]: the neighbour in that direction, or -1 off the board."""
NB4: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in STEP[p] if q >= 0) for p in range(N_POS))


def _nb8(p: int) -> tuple[int, ...]:
    r, c = divmod(p, SIZE)
    return tuple(
        (r + dr) * SIZE + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and _on(r + dr, c + dc)
    )


NB8: tuple[tuple[int, ...], ...] = tuple(_nb8(p) for p in range(N_POS))
CORNER_POS = tuple(r * SIZE + c for r, c in CORNERS)
UNIVERSITY_POS = tuple(r * SIZE + c for r, c in UNIVERSITY)
TOWN_POS = tuple(p for p in range(N_POS) if p not in CORNER_POS and p not in UNIVERSITY_POS)


def gust_order(d: int) -> tuple[int, ...]:
    """Positions in the order a wind gust toward ``d`` processes them: downwind edge first (rulebook diagram),
    so a block set alight by this gust has already been passed and never spreads again in the same gust."""

    def key(p: int) -> int:
        r, c = divmod(p, SIZE)
        return (r, -c, -r, c)[d]

    return tuple(sorted(range(N_POS), key=key))


GUST_ORDER = tuple(gust_order(d) for d in range(4))

# --- tracks ---------------------------------------------------------------------------------------------------
T_CREW, T_WAGON, T_LEAD = 0, 1, 2
TRACK_NAMES = ("crew members", "water wagon capacity", "leadership")

# --- crew -----------------------------------------------------------------------------------------------------
(KULARI, DEL_UGE, MOG, GNESS, SELINA, NERY, ESME, WALDER, MAL, CHOPS, PEP, MORGANA, LEON, LUMEN, BEN, EBENEZER) = range(
    16
)
IMMORA, ALI_AHMAR, VEDA, ZILDA, ASH, SIR_PRECIOUS = range(16, 22)  # the add-on pack
N_CREW = len(BASE_CREW)

# --- wardens and firehouses (advanced) ------------------------------------------------------------------------
GLORIA, BLITZ, FRITH, GLINT = range(4)
BERNHARDT, ESTER, WHITE_FANG, GALEELA, AURATH, CINDY = range(4, 10)  # the add-on pack
WHITE, BLACK, PINK, ORANGE = range(4)

# --- events ---------------------------------------------------------------------------------------------------
EV_FIRESTORM, EV_GUST, EV_SPECIAL, EV_FESTIVAL = range(4)
SP_WAGON, SP_CREW, SP_LEAD, SP_RECRUIT, SP_RENOWN, SP_REFILL = range(6)
FF_ARSON, FF_BURNING_MAN, FF_DIRTY, FF_KARNAJ = range(4)

# --- big buildings --------------------------------------------------------------------------------------------
BB_NONE, BB_DISTILLERY, BB_FROZEN, BB_OAK, BB_AVIARY = range(5)
_BIG_KEYS: tuple[Literal["distillery", "frozen_exhibits", "old_tom_oak", "jewelled_aviary"], ...] = (
    "distillery",
    "frozen_exhibits",
    "old_tom_oak",
    "jewelled_aviary",
)
"""The data file's key of each Big Building kind, BB_DISTILLERY onward."""
BB_KEYS = ("",) + _BIG_KEYS


class Tables:
    """Everything static, from the validated data (one instance per process)."""

    def __init__(self) -> None:
        d = load_data()
        self.data = d
        self.colours = tuple(d.colours)
        self.firehouse = tuple(d.firehouse_corners[c][0] * SIZE + d.firehouse_corners[c][1] for c in d.colours)
        # town blocks in a fixed order: (name, affiliation index, value, track)
        town = []
        for aff_name, blocks in d.blocks.items():
            a = AFFILIATIONS.index(aff_name)
            for b in blocks:
                town.append((b.name, a, b.value, b.track))
        self.town_blocks = tuple(town)
        u = d.university
        self.university_blocks = tuple((n, 4, u.value, u.track) for n in u.names)
        self.university_start = u.start_intensity
        # events: (kind, payload, name, starter)
        events: list[tuple[int, Any, str, bool]] = []  # the payload: positions, a direction or a card's index
        for card in d.events.starter_firestorms:
            events.append((EV_FIRESTORM, tuple(r * SIZE + c for r, c in card), "Firestorm (starter)", True))
        for card in d.events.firestorms:
            events.append((EV_FIRESTORM, tuple(r * SIZE + c for r, c in card), "Firestorm", False))
        for w in d.events.wind_gusts:
            di = DIR_LETTERS.index(w)
            events.append((EV_GUST, di, f"Wind Gust {DIR_NAMES[di]}", False))
        for s in d.events.specials:
            events.append((EV_SPECIAL, SPECIAL_EVENTS.index(s), s, False))
        self.n_base_events = len(events)
        for i, f in enumerate(FESTIVAL_EVENTS):
            events.append((EV_FESTIVAL, i, f, False))
        self.events = tuple(events)
        self.starter_ids = tuple(i for i, e in enumerate(events) if e[3])
        self.main_ids = tuple(i for i, e in enumerate(events[: self.n_base_events]) if not e[3])
        self.festival_ids = tuple(range(self.n_base_events, len(events)))
        # crew: name, affiliation index, water
        self.crew = tuple(
            (c.name, AFFILIATIONS.index(c.affiliation) if c.affiliation in AFFILIATIONS else -1, c.water)
            for c in list(d.crew) + list(d.crew_addon)
        )
        self.n_base_crew = len(d.crew)
        self.crew_aff = tuple(c[1] for c in self.crew)
        self.crew_water = tuple(c[2] for c in self.crew)
        t = d.firehouse_tracks
        self.tracks = (tuple(t.crew_members), tuple(t.wagon_capacity), tuple(t.leadership))
        self.track_last = tuple(len(x) - 1 for x in self.tracks)
        self.warden_water = d.start_water.warden
        self.advanced_water = d.wardens.advanced_water
        self.wagon_start = d.start_water.wagon
        self.wardens = tuple(d.wardens.base) + tuple(d.wardens.addon)
        self.n_base_wardens = len(d.wardens.base)
        self.big_names = tuple([""] + [d.big_buildings.names[k] for k in _BIG_KEYS])
        self.big_value = d.big_buildings.replaces_value
        self.box = d.box


_TABLES: Tables | None = None


def tables() -> Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = Tables()
    return _TABLES
