"""A variant's Catan layout: a board file fixing the deal a designer wants on a frame the game already has.

A layout file names a frame (``base``: the 3-4 player island of 19 land hexes; ``5-6``: the extension's 30), the
terrain of every land hex and the number token on each (0 on a desert), read left to right and top to bottom as
the packaged beginner layout is, and optionally the harbours (hex, side and kind; the frame's printed harbours when
left out). The terrain mix and the numbers are the designer's: two deserts, no ore, a 6 beside an 8 are all
played. What the engine cannot play is refused, one sentence per broken constraint naming the field
(:func:`layout_problems`), and a game whose options carry the layout (under ``BOARD_KEY``) deals exactly it
(:func:`fixed_deal`) instead of the ``layout`` option's beginner or random deal.

The frame keeps its intersections and paths, so the action space, the compiled rules and the learning encoders'
sizes are the frame's; only the harbours' places can change, so each layout gets its own topology (cached by the
layout's hash, a few at a time).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Any

from firebreak.core.parameters import board_hash
from firebreak.core.text import join_words

from .board import HARBOUR_INDEX, TERRAIN_INDEX
from .data import RESOURCE_NAMES, SIDE_NAMES, BoardData, Harbour, board_data
from .topology import Topology, topology

FRAMES: dict[str, tuple[int, int]] = {"base": (3, 4), "5-6": (5, 6)}
"""Each frame a layout may name and the player counts it is for (its board data is the packaged board's)."""
FIELDS = ("frame", "terrain", "numbers", "harbours")
LAYOUT_TERRAINS = (*RESOURCE_NAMES, "desert")
"""The terrains a layout may lay (gold fields and sea belong to the Seafarers boards)."""
HARBOUR_KINDS = ("generic", *RESOURCE_NAMES)
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
MAX_HARBOURS = 30
"""More than any frame's coast holds once no two harbours share a corner; a longer list is refused unread."""


@dataclass(frozen=True)
class FixedDeal:
    """What a game on a layout is dealt: terrain and number per hex, harbour kind per intersection (-1 none), and
    the topology with the layout's harbours."""

    terrain: tuple[int, ...]
    numbers: tuple[int, ...]
    node_harbour: tuple[int, ...]
    topology: Topology


def _frame_data(frame: str) -> BoardData:
    return board_data(FRAMES[frame][0])


def _hex(topo: Topology, h: int) -> str:
    return f"hex {h} ({topo.hex_labels[h]})"


def _shown(x: object) -> str:
    """A value as a sentence quotes it, cut short (a file may put anything where a word belongs)."""
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def layout_problems(raw: object) -> list[str]:
    """One sentence per broken constraint of a layout file's data, each naming its field (empty: it can be played)."""
    if not isinstance(raw, Mapping):
        return ["board: a Catan layout must be a table with the fields frame, terrain, numbers and harbours"]
    problems = [
        f"board.{k} is not a field of a Catan layout (fields: {', '.join(FIELDS)})" for k in raw if k not in FIELDS
    ]
    frame = raw.get("frame")
    if not isinstance(frame, str) or frame not in FRAMES:
        problems.append(
            f"board.frame must be base (3-4 players, 19 land hexes) or 5-6 (the 5-6 extension, 30 land hexes), "
            f"not {_shown(frame)}"
        )
        return problems
    topo = topology(FRAMES[str(frame)][0])  # the frame's, as the packaged board lays it out
    n = topo.num_hexes
    terrain, numbers = raw.get("terrain"), raw.get("numbers")
    if not isinstance(terrain, list) or len(terrain) != n:
        got = f"{len(terrain)} hexes" if isinstance(terrain, list) else _shown(terrain)
        problems.append(f"board.terrain must list the terrain of each of the {frame} frame's {n} land hexes, not {got}")
        terrain = None
    else:
        for h, t in enumerate(terrain):
            if t not in LAYOUT_TERRAINS:
                problems.append(
                    f"board.terrain: {_hex(topo, h)} is {_shown(t)}, not a terrain ({join_words(LAYOUT_TERRAINS, 'or')})"
                )
        if sum(t != "desert" for t in terrain) < 2:
            problems.append(
                "board.terrain must have at least two hexes that are not desert (the robber and the firestorm "
                "move from one to another)"
            )
    if not isinstance(numbers, list) or len(numbers) != n:
        got = f"{len(numbers)} numbers" if isinstance(numbers, list) else _shown(numbers)
        problems.append(
            f"board.numbers must list a number for each of the {frame} frame's {n} land hexes (0 on a "
            f"desert), not {got}"
        )
    elif terrain is not None:
        for h, (t, x) in enumerate(zip(terrain, numbers)):
            if t == "desert":
                if x != 0:
                    problems.append(
                        f"board.numbers: {_hex(topo, h)} is desert and takes no number token, not {_shown(x)}"
                    )
            elif t in LAYOUT_TERRAINS and (not _is_int(x) or x not in NUMBERS):  # (a wrong terrain: said above)
                problems.append(
                    f"board.numbers: {_hex(topo, h)} is {t} and takes a number token from 2 to 6 or 8 to 12, "
                    f"not {_shown(x)}"
                )
    problems += _harbour_problems(raw.get("harbours"), topo)
    return problems


def _side(x: object) -> int | None:
    """A harbour's side as the topology numbers it (0 north-east ... 5 north-west), named or numbered; ``None``
    for anything else."""
    if isinstance(x, int) and not isinstance(x, bool):
        return x if 0 <= x < 6 else None
    if isinstance(x, str) and x in SIDE_NAMES:
        return SIDE_NAMES.index(x)
    return None


def _harbour_problems(harbours: object, topo: Topology) -> list[str]:
    """A harbour: a known kind on a coastal side of a land hex, no two on one corner."""
    if harbours is None:
        return []
    if not isinstance(harbours, list) or len(harbours) > MAX_HARBOURS:
        return [f"board.harbours must be a list of at most {MAX_HARBOURS} harbours, each with a hex, a side and a kind"]
    problems = []
    coastal = set(topo.coastal_sides)
    corners: dict[int, int] = {}
    for i, hb in enumerate(harbours):
        at = f"board.harbours[{i}]"
        if not isinstance(hb, Mapping) or set(hb) != {"hex", "side", "kind"}:
            problems.append(f"{at} must be a table with exactly a hex, a side and a kind")
            continue
        h, side, kind = hb["hex"], _side(hb["side"]), hb["kind"]
        ok = True
        if not _is_int(h) or not 0 <= h < topo.num_hexes:
            problems.append(f"{at}.hex must be a land hex from 0 to {topo.num_hexes - 1}, not {_shown(h)}")
            ok = False
        if side is None:
            problems.append(f"{at}.side must be one of {', '.join(SIDE_NAMES)} (or 0 to 5), not {_shown(hb['side'])}")
            ok = False
        if kind not in HARBOUR_KINDS:
            problems.append(f"{at}.kind must be {join_words(HARBOUR_KINDS, 'or')}, not {_shown(kind)}")
        if not ok or side is None or not isinstance(h, int):
            continue
        if (h, side) not in coastal:
            problems.append(f"{at}: {_hex(topo, h)} side {SIDE_NAMES[side]} is not on the coast")
            continue
        hn = topo.hex_nodes[h]
        ends = (hn[side], hn[(side + 1) % 6])
        shared = next((corners[node] for node in ends if node in corners), None)
        if shared is not None:
            problems.append(f"{at} shares a corner with board.harbours[{shared}]")
        for node in ends:
            corners.setdefault(node, i)
    return problems


def layout_fit(num_players: int, options: Mapping[str, Any], raw: Any) -> list[str]:
    """What a sound layout cannot be played with: another frame's player count, or the Seafarers board. Said to a
    player (the lobby, the terminal): the board and its seats, not the file's fields."""
    problems = []
    if options.get("board", "base") != "base":
        problems.append(
            "This variant's board is laid out on the base game's island, so it cannot be played on the Seafarers "
            "board: choose the base board"
        )
    low, high = FRAMES[raw["frame"]]
    if not low <= num_players <= high:
        problems.append(f"This variant's board seats {low} or {high} players, not {num_players}")
    return problems


_DEALS: dict[str, FixedDeal] = {}
_lock = Lock()
_KEPT = 16


def fixed_deal(raw: Any) -> FixedDeal:
    """The deal of a checked layout (see :func:`layout_problems`), built once per layout (by its hash)."""
    key = board_hash(raw)
    deal = _DEALS.get(key)
    if deal is not None:
        return deal
    data = _frame_data(raw["frame"])
    harbours = raw.get("harbours")
    if harbours is not None:
        data = data.model_copy(
            update={
                "harbours": [Harbour(hex=hb["hex"], side=_side(hb["side"]) or 0, kind=hb["kind"]) for hb in harbours]
            }
        )  # (a checked layout's sides are all known: ``or 0`` never picks)
    topo = Topology(data)
    node_harbour = [-1] * topo.num_nodes
    for e, hb in zip(topo.harbour_edges, data.harbours):
        for node in topo.edge_nodes[e]:
            node_harbour[node] = HARBOUR_INDEX[hb.kind]
    deal = FixedDeal(
        tuple(TERRAIN_INDEX[t] for t in raw["terrain"]),
        tuple(0 if t == "desert" else int(x) for t, x in zip(raw["terrain"], raw["numbers"])),
        tuple(node_harbour),
        topo,
    )
    with _lock:
        if len(_DEALS) >= _KEPT:
            _DEALS.clear()
        _DEALS[key] = deal
    return deal


__all__ = ["FRAMES", "FixedDeal", "fixed_deal", "layout_fit", "layout_problems"]
