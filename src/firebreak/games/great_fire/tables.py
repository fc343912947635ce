"""The tables the rules read, built once per board: the packaged map's at import, a variant's map on first use.

A game is played on the packaged board unless its options carry a board file's data under ``board`` (a variant's
``board:``, see :mod:`firebreak.core.variant`). Every state holds the :class:`BoardTables` of its board
(``state.tables``), and every module that needs the map (moves, fire, views, drawings, bots) reads it from there,
so two games on two maps can share a process. Tables are found again by the hash of the board's data (canonical
JSON), so a game, its clones, a pickled copy in a bot worker and a view drawn for the browser all meet the same
tables, built once.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict, deque
from typing import Any

from firebreak.core import DataFileError
from firebreak.core.encoding import compiled_module
from firebreak.core.parameters import board_hash

from .actions import ActionCodec
from .data import Board, _load_yaml, build_board, load_board

_BOARDS_KEPT = 16
"""Variant boards whose tables stay built though no game holds them (a server offering a few board variants)."""
_CHECKS_KEPT = 64
"""Board files whose check result is remembered (a lab run resolves a variant's options once per game)."""


board_key = board_hash
"""A board's identity: the first 16 hex digits of the SHA-256 of its data as canonical JSON."""


class BoardTables:
    """One board and everything the rules precompute from it (rows of action ids, fire links as bit sets, ...).

    ``key`` is ``None`` for the packaged board (whose games keep exactly the options, views and records they had)
    and the board's :func:`board_key` for a variant's. Plain attributes, read in the hot paths."""

    def __init__(self, board: Board, key: str | None) -> None:
        self.key = key
        self.board = board
        self.codec = codec = ActionCodec(board)
        self.size = codec.size
        self.rules = rules = board.rules
        self.n = n = board.num_districts
        self.pl = pl = board.pudding_lane
        self.districts = districts = range(n)
        self.names = board.names
        # action id rows, in ascending id order (a menu is gathered, not encoded and sorted)
        self.landowner_moves = tuple(
            tuple(codec.move_landowner(t) for t in board.neighbours[d] if t != pl) for d in districts
        )
        self.band_moves = tuple(tuple(codec.move_band(d, t) for t in board.neighbours[d] if t != pl) for d in districts)
        self.intensify_caps: dict[int, tuple[int, ...]] = {}
        # district sets as ints: bit d for district d
        self.bits = tuple(1 << d for d in districts)
        self.all = (1 << n) - 1
        self.fire_moves_memo: dict[tuple[int, ...], list[int]] = {}
        self.fire_links_by_bit = {
            1 << d: sum(sum(1 << t for t in board.fire_links[dr][d]) << (dr * n) for dr in range(4)) for d in districts
        }
        self.fire_ids = tuple(tuple(codec.fire(dr, src, t) for t in districts) for dr in range(4) for src in districts)
        self.fire_ids_by_target = tuple(
            tuple(codec.fire(dr, src, t) for src in districts) for dr in range(4) for t in districts
        )
        self.house_bag = tuple(c for c in range(len(rules.colours)) for _ in range(rules.houses_per_colour_per_region))
        self.region_districts = {
            region: tuple((d, board.size[d]) for d in districts if board.region[d] == region)
            for region in rules.region_fill_order
        }
        self.blocked_for_demolition = tuple(d == pl or board.grassed_space[d] for d in districts)
        self.setup_spaces = tuple(d for d in districts if board.region[d] != rules.setup_forbidden_region and d != pl)
        self.place_band_menu = tuple(codec.place_band(d) for d in self.setup_spaces)
        self.place_landowner_menu = tuple(codec.place_landowner(d) for d in self.setup_spaces)
        self.put_out, self.end_actions, self.no_second_move = codec.put_out, codec.end_actions, codec.no_second_move
        # the fire's route (see .route): links inside the fire, the cards' ways in, districts ranked by name
        self.route_adjacent = {
            1 << d: sum(1 << t for t in {t for dr in range(4) for t in board.fire_links[dr][d]}) for d in districts
        }
        self.route_into = tuple(
            tuple(sum(1 << s for s in districts if t in board.fire_links[dr][s]) for t in districts) for dr in range(4)
        )
        self.route_rank = {1 << d: r for r, d in enumerate(sorted(districts, key=lambda d: board.names[d]))}
        self.eval_memo: dict[tuple, list] = {}
        """The evaluation's pictures of the fire (see .heuristic), per board."""
        compiled = compiled_module(f"{__package__}._fire")
        self.compiled_moves: Any = None
        """The fire moves and routes, the action phase's menu, demolition sites and intensify targets in C (see
        ``_fire.c``), or ``None`` where it was not built: the Python paths."""
        if compiled is not None:
            self.compiled_moves = compiled.MoveTable(
                board.fire_links,
                self.landowner_moves,
                self.band_moves,
                self.put_out,
                pl,
                tuple(board.size),
                tuple(int(b) for b in self.blocked_for_demolition),
                tuple(tuple(x) for x in board.neighbours),
                tuple(self.route_rank[1 << d] for d in districts),
            )
        self._distances: tuple[tuple[int, ...], ...] | None = None

    def intensify_cap(self, over: int) -> tuple[int, ...]:
        """Each district's cone limit when the fire intensifies: its houses plus the rule's allowance."""
        cap = self.intensify_caps.get(over)
        if cap is None:
            size = self.board.size
            cap = self.intensify_caps[over] = tuple(size[d] + over for d in self.districts)
        return cap

    def distances(self) -> tuple[tuple[int, ...], ...]:
        """Steps between every two spaces for pawns and bands (Pudding Lane cannot be entered); built on first use."""
        if self._distances is None:
            board, n, pl = self.board, self.n, self.pl
            out = []
            for src in range(n):
                dist = [99] * n
                dist[src] = 0
                queue = deque([src])
                while queue:
                    x = queue.popleft()
                    for y in board.neighbours[x]:
                        if y != pl and dist[y] == 99:
                            dist[y] = dist[x] + 1
                            queue.append(y)
                out.append(tuple(dist))
            self._distances = tuple(out)
        return self._distances


PACKAGED = BoardTables(load_board(), None)
"""The packaged board's tables (every game without a board of its own)."""

_live: weakref.WeakValueDictionary[str, BoardTables] = weakref.WeakValueDictionary()
_kept: OrderedDict[str, BoardTables] = OrderedDict()
_checked: OrderedDict[str, tuple[str, ...]] = OrderedDict()
_by_id: dict[int, tuple[object, BoardTables]] = {}
_lock = threading.RLock()


def tables_for(data: object | None) -> BoardTables:
    """The tables of the board whose data a game's options carry (``None``: the packaged board).

    Raises :class:`DataFileError` naming every broken constraint for a board that cannot be played (the options
    were checked when the game was made, so only a caller that skipped that meets it)."""
    if data is None:
        return PACKAGED
    seen = _by_id.get(id(data))  # the same object again (a game's clones, undo, a rematch's options)
    if seen is not None and seen[0] is data:
        return seen[1]
    return _tables_of(data, board_key(data))


def _tables_of(data: object, key: str) -> BoardTables:
    """:func:`tables_for` once the board's key is known (built, or found and kept)."""
    with _lock:  # the server makes games in worker threads
        tables = _live.get(key)
        if tables is None:
            problems = _checked.get(key)
            if problems:
                raise DataFileError("The Great Fire board is inconsistent: " + " ".join(problems))
            tables = BoardTables(build_board(data, _load_yaml("rules.yaml")), key)
            _live[key] = tables
        _kept[key] = tables
        _kept.move_to_end(key)
        while len(_kept) > _BOARDS_KEPT:
            _kept.popitem(last=False)
        if len(_by_id) >= 4 * _BOARDS_KEPT:
            _by_id.clear()
        _by_id[id(data)] = (data, tables)
    return tables


def tables_by_key(key: str | None) -> BoardTables:
    """The tables of a board by its key (a view's ``board``), as long as a game on it is alive in this process."""
    if key is None:
        return PACKAGED
    tables = _live.get(key)
    if tables is None:
        raise KeyError(f"no Great Fire board {key} has been loaded in this process")
    return tables


def board_problems(data: object) -> list[str]:
    """One sentence per broken constraint of a board file's data (empty: it can be played), remembered by hash."""
    seen = _by_id.get(id(data))
    if seen is not None and seen[0] is data:
        return []
    key = board_key(data)
    if key in _live:
        _tables_of(data, key)  # known: the game about to be made finds its tables by the object
        return []
    problems = _checked.get(key)
    if problems is None:  # (tables_for takes the lock; two threads may check one new board twice, harmlessly)
        try:
            tables_for(data)
            problems = ()
        except DataFileError as exc:
            problems = tuple(getattr(exc, "problems", None) or [str(exc)])
        except (TypeError, ValueError, KeyError, IndexError, StopIteration) as exc:  # data the loader did not foresee
            problems = (f"the board cannot be laid out ({exc.__class__.__name__}: {exc})",)
        with _lock:
            _checked[key] = problems
            while len(_checked) > _CHECKS_KEPT:
                _checked.popitem(last=False)
    return list(problems)


def describe(tables: BoardTables) -> dict[str, Any]:
    """What a view says of its board: nothing for the packaged one, else its key (the drawing looks it up)."""
    return {} if tables.key is None else {"board": tables.key}
