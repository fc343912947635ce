"""Moving meeples: Move Brigade distances and destinations, Move Wagon, Mog's push and Aurath's
step-by-step move.

A mixin of :class:`~firebreak.games.brigade.state.BrigadeState`; it reads and writes the state's fields.
"""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import or_

from . import actions as A
from .data import NOBLES
from .fields import StateFields
from .frames import F_AURATH, F_GNESS, F_MOG, F_WAGON_FREE
from .parameters import PRINTED_RUIN_MOVEMENT
from .tables import BB_AVIARY, EBENEZER, GNESS, KULARI, MOG, NB8, N_POS, PINK, T_WAGON, tables

_FULL = (1 << N_POS) - 1


_BIT = tuple(1 << q for q in range(N_POS))
"""``_BIT[q]``: the bit of position ``q`` on a bitboard. ``sum(compress(_BIT, values))`` is the bitboard of the
positions whose value is non-zero, summed in C (the menus rebuild these masks every decision)."""


_CHUNK = 9
"""Bits per lookup when a bitboard is turned into ids: four lookups cover the 36 positions."""


def _chunk_ids(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[i][bits]``: the ids ``base + position`` of the set bits of the ``i``-th 9-bit chunk of a bitboard,
    ascending (built once per base; a few thousand small tuples)."""
    table = _CHUNK_IDS.get(base)
    if table is None:
        table = tuple(
            tuple(tuple(base + i * _CHUNK + b for b in range(_CHUNK) if bits >> b & 1) for bits in range(1 << _CHUNK))
            for i in range(N_POS // _CHUNK)
        )
        _CHUNK_IDS[base] = table
    return table


_CHUNK_IDS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def _ids(bits: int, base: int) -> list[int]:
    """The positions of a bitboard as ascending ids ``base + position``, gathered nine positions per lookup: far
    cheaper than one bit at a time, and the Action menu turns two bitboards into ids every decision."""
    a, b, c, d = _CHUNK_IDS.get(base) or _chunk_ids(base)
    return [*a[bits & 511], *b[bits >> 9 & 511], *c[bits >> 18 & 511], *d[bits >> 27]]


_KING = tuple(sum(1 << q for q in NB8[p]) for p in range(N_POS))
"""``_KING[p]``: the bitboard of the positions one king move from ``p``."""
_KING_CHUNKS = tuple(
    tuple(
        reduce(or_, (_KING[i * _CHUNK + b] for b in range(_CHUNK) if bits >> b & 1), 0) for bits in range(1 << _CHUNK)
    )
    for i in range(N_POS // _CHUNK)
)
"""``_KING_CHUNKS[i][bits]``: the positions one king move from the set bits of the ``i``-th 9-bit chunk of a
bitboard (OR-ed, four lookups give the king step of any set)."""


def _reached(src: int, budget: int, blocked: int, cost2: int, stop: int) -> int:
    """The bitboard of every position a Brigade at ``src`` can enter within ``budget`` movement (and ``src``
    itself, and ``blocked``): king moves, never into ``blocked`` (rival Brigades), two movement to enter a
    ``cost2`` position (a destroyed block), and no going on from a ``stop`` position (a fire) once entered.

    Level by level, as :meth:`MovementRules._reach` counts costs: a ``cost2`` position joins the level after
    next. The king step (the positions one king move from a set) is looked up, nine positions at a time: this runs
    for most Action phase menus."""
    seen = (1 << src) | blocked
    if budget <= 0:
        return seen
    k0, k1, k2, k3 = _KING_CHUNKS
    nb = _KING[src] & ~seen  # the first level, from the single start
    one = nb & ~cost2
    seen |= one
    later = nb & cost2  # destroyed blocks reached from the level before: they join the next level
    if later and budget >= 2:
        seen |= later
    else:
        later = 0
    grow = one & ~stop  # the positions a Brigade may go on from at this level
    for c in range(1, budget):
        one = two = 0
        if grow:
            nb = (k0[grow & 511] | k1[grow >> 9 & 511] | k2[grow >> 18 & 511] | k3[grow >> 27]) & ~seen
            one = nb & ~cost2
            seen |= one
            two = nb & cost2
            if two and c + 2 <= budget:
                seen |= two
            else:
                two = 0
        grow = (later | one) & ~stop
        later = two
    return seen


_PLAIN_MOVES: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {}
"""Move Brigade ids of a Brigade without crew abilities, by (start, rival Brigades, ruins, rival homes, fires,
movement): a pure function of those six, and the same menu comes back after every action that moves nothing of
them (a Wagon move, a transfer, a refill), so it is remembered rather than searched again."""
_PLAIN_MOVES_MAX = 4096
"""Entries kept before the memo starts afresh (about two megabytes at most)."""
_WAGON_IDS: dict[int, tuple[int, ...]] = {}
"""Move Wagon ids by the mask of blocks a Wagon may enter (before its own block is taken out), remembered alike."""


MOVED_WAGON, MOVED_BRIGADE = 1, 2
"""What :meth:`MovementRules._move_ids` is told the last action was: the player's own Move Wagon or Move Brigade."""


def _add_moves(
    out: list[int], brigade_ids: tuple[int, ...] | None, wagon_ids: tuple[int, ...] | None, mask: int, wp: int
) -> None:
    """Append the Move Brigade ids, then the Move Wagon ids without the Wagon's own block ``wp`` (if ``mask``, the
    blocks of ``wagon_ids``, has it) to ``out``."""
    if brigade_ids:
        out += brigade_ids
    if wagon_ids is not None:
        out += wagon_ids
        if mask >> wp & 1:
            out.remove(A.MOVE_WAGON + wp)


class MovementRules(StateFields):
    """Movement rules for Brigades and Wagons."""

    def _dists(self, p: int, src: int, budget: int) -> list[int]:
        """Movement cost from ``src`` for ``p``'s Brigade (99 = out of reach): king moves, +1 to enter a destroyed
        block (``destroyed_block_extra_movement``), no entering a rival Brigade, stop on entering fire (Ebenezer ignores the last three)."""
        return self._reach(p, src, budget)[0]

    def _reach(self, p: int, src: int, budget: int) -> tuple[list[int], list[int]]:
        """Costs as :meth:`_dists`, plus the positions entered (a cheap candidate list for destinations)."""
        eben = (bool(self.crew[p]) or self.mimic[p] >= 0) and self.active(p, EBENEZER)
        dist = [99] * N_POS
        dist[src] = 0
        bpos = self.bpos
        rivals = [bpos[q] for q in range(self.num_players) if q != p]
        for r in rivals:
            dist[r] = -1  # never entered
        destroyed = self.destroyed
        inten = self.intensity
        entered: list[int] = []
        buckets: list[list[int]] = [[src]] + [[] for _ in range(budget)]
        nb8 = NB8
        ruin = 0 if eben else self.rules.destroyed_block_extra_movement
        for c in range(budget + 1):
            for u in buckets[c]:
                if dist[u] != c:
                    continue
                if c and not eben and inten[u]:
                    continue  # a Brigade must stop on entering a burning block
                c1 = c + 1
                for v in nb8[u]:
                    nc = c1 + ruin if destroyed[v] else c1
                    if nc <= budget and dist[v] > nc:
                        if dist[v] == 99:
                            entered.append(v)
                        dist[v] = nc
                        buckets[nc].append(v)
        for r in rivals:
            dist[r] = 99
        return dist, entered

    def _move_budget(self, p: int) -> int:
        return 5 if self.active(p, KULARI) else self.rules.move_brigade_spaces

    def brigade_targets(self, p: int, base: int = 0) -> list[int]:
        """Where a Move Brigade action may end (as ``base + position``): never on a destroyed block, nor on a
        rival's Firehouse (ruling R6: meeples caught by a destroyed block are sent home there)."""
        src = self.bpos[p]
        if not self.crew[p] and self.mimic[p] < 0:  # no crew ability at all (most menus): no need to ask each one
            return self._targets_fast(p, src, self.rules.move_brigade_spaces, base)
        budget = self._move_budget(p)
        mog = self.active(p, MOG)
        if not mog:
            return self._targets_fast(p, src, budget, base)
        return self._targets_searched(p, src, budget, base, mog)

    def _targets_searched(self, p: int, src: int, budget: int, base: int, mog: bool) -> list[int]:
        """:meth:`brigade_targets` by :meth:`_reach`: for Mog, and for a variant's extra movement into a ruin."""
        dist, entered = self._reach(p, src, budget)
        destroyed = self.destroyed
        homes = [self.firehouse[q] for q in range(self.num_players) if q != p]
        entered.sort()
        out = [base + q for q in entered if q != src and not destroyed[q] and q not in homes]
        if mog:
            # Mog The Heavy may finish on a rival Brigade's block if the rival can be pushed
            eben = self.active(p, EBENEZER)
            inten = self.intensity
            for q in range(self.num_players):
                if q == p:
                    continue
                v = self.bpos[q]
                if destroyed[v] or v in homes or not self._push_targets(v, q):
                    continue
                for u in NB8[v]:
                    if dist[u] < budget and (u == src or eben or inten[u] == 0):
                        out.append(base + v)
                        break
            out = sorted(set(out))
        return out

    def _targets_fast(self, p: int, src: int, budget: int, base: int) -> list[int]:
        """:meth:`brigade_targets` on bitboards (the hot path of every Action phase menu); same rules as
        :meth:`_reach` (see :func:`_reached`)."""
        if self.rules.destroyed_block_extra_movement != PRINTED_RUIN_MOVEMENT:  # _reached counts the printed one
            return self._targets_searched(p, src, budget, base, False)
        eben = (bool(self.crew[p]) or self.mimic[p] >= 0) and self.active(p, EBENEZER)
        destroyed = sum(compress(_BIT, self.destroyed))
        blocked = 0
        homes = 0
        bpos, home = self.bpos, self.firehouse
        for q in range(self.num_players):
            if q != p:
                blocked |= 1 << bpos[q]
                homes |= 1 << home[q]
        if eben:
            seen = _reached(src, budget, blocked, 0, 0)
        else:
            seen = _reached(src, budget, blocked, destroyed, sum(compress(_BIT, self.intensity)))
        return _ids(seen & ~blocked & ~destroyed & ~homes & ~(1 << src), base)

    def _move_ids(self, out: list[int], p: int, brigade: bool, wagon: bool, moved: int = 0) -> None:
        """Append the Action menu's Move Brigade ids (if ``brigade``) then its Move Wagon ids (if ``wagon``) to
        ``out`` (the menu so far, which has lower ids): the rules of
        :meth:`brigade_targets` and :meth:`wagon_targets`, with the masks both need (rival meeples, homes, ruins)
        built once. A Brigade with crew or a mimicked card goes through :meth:`brigade_targets` (Kulari, Mog and
        Ebenezer change the move).

        What is worked out is kept in ``_moves``: ``(p, Move Brigade ids or None, Move Wagon ids before my own
        Wagon's block is taken out, that mask, (rival Brigades, rival Wagons, rival homes, ruins, fires))``.
        ``moved`` says the only action since that menu was ``p``'s own move, which leaves every other meeple, the
        ruins and the fires as they were: :data:`MOVED_WAGON` (nothing the moves depend on changed but the Wagon's
        own block: both parts are reused) or :data:`MOVED_BRIGADE` (the masks are reused, the moves from the new
        block are worked out). ``test_menus_after_moves_are_the_full_menus`` holds both to the full computation."""
        wpos = self.wpos
        kept = self._moves
        if moved and kept is not None and kept[0] == p:
            if moved == MOVED_WAGON and (kept[1] is not None or not brigade):
                _add_moves(out, kept[1] if brigade else None, kept[2] if wagon else None, kept[3], wpos[p])
                return
            masks = kept[4]
            rivals, rival_wagons, homes, ruins, fires = masks
        else:
            bpos, home = self.bpos, self.firehouse
            rivals = rival_wagons = homes = 0
            for q in range(self.num_players):
                if q != p:
                    rivals |= 1 << bpos[q]
                    rival_wagons |= 1 << wpos[q]
                    homes |= 1 << home[q]
            ruins = sum(compress(_BIT, self.destroyed))
            fires = sum(compress(_BIT, self.intensity))
            masks = (rivals, rival_wagons, homes, ruins, fires)
        src = self.bpos[p]
        brigade_ids = None
        if brigade:
            if self.crew[p] or self.mimic[p] >= 0 or self.rules.destroyed_block_extra_movement != PRINTED_RUIN_MOVEMENT:
                brigade_ids = tuple(self.brigade_targets(p, A.MOVE_BRIGADE))
            else:
                spaces = self.rules.move_brigade_spaces
                key = (src, rivals, ruins, homes, fires, spaces)
                brigade_ids = _PLAIN_MOVES.get(key)
                if brigade_ids is None:
                    seen = _reached(src, spaces, rivals, ruins, fires)
                    brigade_ids = tuple(_ids(seen & ~rivals & ~ruins & ~homes & ~(1 << src), A.MOVE_BRIGADE))
                    if len(_PLAIN_MOVES) >= _PLAIN_MOVES_MAX:
                        _PLAIN_MOVES.clear()
                    _PLAIN_MOVES[key] = brigade_ids
        # as wagon_targets: rivals' meeples, rivals' homes (unless my Brigade is there), and (in _add_moves) my own
        # Wagon's block
        wagon_mask = _FULL & ~(rivals | rival_wagons | (homes & ~(1 << src)) | ruins)
        wagon_ids = _WAGON_IDS.get(wagon_mask)
        if wagon_ids is None:
            wagon_ids = tuple(_ids(wagon_mask, A.MOVE_WAGON))
            if len(_WAGON_IDS) >= _PLAIN_MOVES_MAX:
                _WAGON_IDS.clear()
            _WAGON_IDS[wagon_mask] = wagon_ids
        self._moves = (p, brigade_ids, wagon_ids, wagon_mask, masks)
        _add_moves(out, brigade_ids, wagon_ids if wagon else None, wagon_mask, wpos[p])

    def _push_targets(self, pos: int, victim: int) -> list[int]:
        """Where Mog may push ``victim``: a neighbour not destroyed, without a Brigade, not a rival's home."""
        homes = [self.firehouse[q] for q in range(self.num_players) if q != victim]
        return [q for q in NB8[pos] if not self.destroyed[q] and q not in self.bpos and q not in homes]

    def wagon_targets(self, p: int, base: int = 0) -> list[int]:
        """Where the Wagon may move (as ``base + position``): any block not destroyed and not holding another
        player's Brigade or Wagon, nor a rival's Firehouse (ruling R6)."""
        bpos, wpos, home = self.bpos, self.wpos, self.firehouse
        meeples = 1 << wpos[p]
        homes = 0
        for q in range(self.num_players):  # a rival's meeple on my Brigade's block or my home still blocks
            if q != p:
                meeples |= 1 << bpos[q] | 1 << wpos[q]
                homes |= 1 << home[q]
        blocked = meeples | (homes & ~(1 << bpos[p]))
        return _ids(_FULL & ~blocked & ~sum(compress(_BIT, self.destroyed)), base)

    def _valid_end(self, p: int, v: int) -> bool:
        if self.destroyed[v]:
            return False
        for q in range(self.num_players):
            if q != p and (self.bpos[q] == v or self.firehouse[q] == v):
                return False
        return True

    def _aurath_steps(self, p: int, rem: int) -> list[int]:
        """Non-Corporeal steps: to a neighbour within the movement left, through Brigades and Wagons; a step
        onto a block where the move may not end needs a way on from there."""
        eben = self.active(p, EBENEZER)
        ruin = 1 + self.rules.destroyed_block_extra_movement
        out = []
        for v in NB8[self.bpos[p]]:
            c = ruin if self.destroyed[v] and not eben else 1
            if c > rem:
                continue
            if self._valid_end(p, v):
                out.append(v)
                continue
            if rem - c < 1 or (self.intensity[v] and not eben):
                continue
            for w in NB8[v]:
                cw = ruin if self.destroyed[w] and not eben else 1
                if cw <= rem - c and self._valid_end(p, w):
                    out.append(v)
                    break
        return out

    def _move_brigade(self, p: int, dest: int) -> None:
        src = self.bpos[p]
        rival = -1
        for q in range(self.num_players):
            if q != p and self.bpos[q] == dest:
                rival = q
        # The Jewelled Aviary: passing through it takes back your renown for an extra action (only Big Buildings
        # games have one, so the others skip the search)
        for av in range(N_POS if self.big else 0):
            if self.st_big[av] == BB_AVIARY and self.renown[av * 4 + p] and self.destroyed[av]:
                budget = self._move_budget(p)
                d1 = self._dists(p, src, budget)
                if d1[av] <= budget:
                    d2 = self._dists(p, av, budget - d1[av])
                    if d2[dest] <= budget - d1[av]:
                        self.renown[av * 4 + p] -= 1
                        self.renown_left[p] += 1
                        self.bonus[p] += 1
                        self._emit("aviary", player=p)
        self.bpos[p] = dest
        self._after_move(p, dest, rival)

    def _after_move(self, p: int, dest: int, rival: int = -1) -> None:
        """What follows the end of a Move Brigade: Mog's push, Fresh Mounts, Gness Smold, the wagon bonus."""
        frames: list[tuple] = []
        if rival >= 0:
            frames.append((F_MOG, p, rival, dest))
        if self.advanced and self.colour[p] == PINK and not self.pink_used and self.st_aff[dest] == NOBLES:
            self.pink_used = True
            self.free_moves += 1
        if self.intensity[dest] > 0 and not self.destroyed[dest] and self.active(p, GNESS):
            frames.append((F_GNESS, p, dest))
        if not self.wagon_bonus_used and self.tracks[3 * p + T_WAGON] == tables().track_last[T_WAGON]:
            self.wagon_bonus_used = True
            frames.append((F_WAGON_FREE, p))
        for f in reversed(frames):
            self.stack.append(f)

    def _aurath_step(self, f: tuple, a: int) -> None:
        """One Non-Corporeal step (or stopping): steal one water from each rival Brigade and Wagon passed."""
        p, rem, mask, start = f[1], f[2], f[3], f[4]
        if a == A.DECLINE:
            if self.bpos[p] != start:
                self._after_move(p, self.bpos[p])
            return
        v = a - A.TARGET
        eben = self.active(p, EBENEZER)
        c = 1 + self.rules.destroyed_block_extra_movement if self.destroyed[v] and not eben else 1
        self.bpos[p] = v
        for q in range(self.num_players):
            if q == p:
                continue
            if self.bpos[q] == v and not mask >> q & 1:
                mask |= 1 << q
                if self.wb[q] > 0:
                    self.wb[q] -= 1
                    if self.wb[p] < self.brigade_cap(p):
                        self.wb[p] += 1
            if self.wpos[q] == v and not mask >> (4 + q) & 1:
                mask |= 1 << (4 + q)
                if self.ww[q] > 0:
                    self.ww[q] -= 1
                    if self.wb[p] < self.brigade_cap(p):
                        self.wb[p] += 1
        if self.st_big[v] == BB_AVIARY and self.destroyed[v] and self.renown[v * 4 + p]:
            self.renown[v * 4 + p] -= 1
            self.renown_left[p] += 1
            self.bonus[p] += 1
        rem -= c
        if rem <= 0 or (self.intensity[v] and not eben) or not self._aurath_steps(p, rem):
            self._after_move(p, v)
        else:
            self.stack.append((F_AURATH, p, rem, mask, start))
