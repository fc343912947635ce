"""Fire: flame tracks, wind gusts, fireballs, the Fire Festival, destruction and the flip of
destroyed tiles (with the Big Buildings effects).

A mixin of :class:`~firebreak.games.brigade.state.BrigadeState`; it reads and writes the state's fields.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from .data import UNIVERSITY_AFF
from .fields import StateFields
from .frames import F_DIRTY, F_ESME, F_OAK
from .tables import (
    BB_AVIARY,
    BB_DISTILLERY,
    BB_FROZEN,
    BB_OAK,
    ESME,
    FF_ARSON,
    FF_BURNING_MAN,
    FF_DIRTY,
    FF_KARNAJ,
    GUST_ORDER,
    NB4,
    NB8,
    N_POS,
    STEP,
    VEDA,
    pos_name,
)


_GUST_INTENSITIES = tuple(itemgetter(*order) for order in GUST_ORDER)
"""``_GUST_INTENSITIES[d](intensity)``: the intensities in the order a gust toward ``d`` processes the blocks."""


class FireRules(StateFields):
    """Fire rules: flames rise and fall, spread and destroy; destroyed tiles flip at the end of a phase."""

    def _occupied(self, pos: int) -> bool:
        """Brigades and Wagons make their block immune to increases."""
        return pos in self.bpos or pos in self.wpos

    def _burnable(self, pos: int) -> bool:
        return self.st_aff[pos] >= 0 and not self.destroyed[pos]

    def _increase(self, pos: int, n: int, force: bool = False) -> None:
        """Add fire to a block: ignite at 1 or move the flame token right; past the track, the block is
        destroyed. Firehouses, destroyed blocks and (unless ``force``) blocks with a meeple are unaffected."""
        if self.st_aff[pos] < 0 or self.destroyed[pos]:
            return
        if not force and (pos in self.bpos or pos in self.wpos):
            return
        if self.event_fire and self.addon:
            o = self.loyal[pos]
            if o >= 0 and self.allegiance[o]:
                return  # Bernhardt Blaze's Allegiances: event cards do not affect blocks loyal to him
        v = self.intensity[pos] + n
        if v > self.st_track[pos]:
            self._destroy(pos)
        else:
            self.intensity[pos] = v

    def _reduce(self, pos: int, n: int) -> None:
        if self.destroyed[pos]:
            return
        v = self.intensity[pos] - n
        self.intensity[pos] = v if v > 0 else 0

    def _destroy(self, pos: int) -> None:
        """The flame token reaches the destroyed space: the block can never be saved; the tile flips (tokens
        removed, meeples sent home) at the end of the phase."""
        self.destroyed[pos] = 1
        self.intensity[pos] = 0
        self.doomed.append(pos)
        self.n_destroyed += 1
        if self.st_aff[pos] == UNIVERSITY_AFF:
            self.n_univ_destroyed += 1
        self._emit("destroyed", block=self.st_name[pos], pos=pos_name(pos))
        rules = self.rules
        if not self.evac and (
            self.n_destroyed >= rules.evacuation_destroyed
            or self.n_univ_destroyed >= rules.evacuation_university_destroyed
        ):
            self.evac = True
            self._emit("evacuation", destroyed=self.n_destroyed, university=self.n_univ_destroyed)

    def _wind_gust(self, d: int) -> None:
        """Every burning block spreads one step downwind, processed from the downwind edge so that fire lit by
        this gust does not spread again; blocks on the downwind edge spread off the board (nothing)."""
        destroyed = self.destroyed
        intensity = self.intensity
        aff, track = self.st_aff, self.st_track
        step = STEP
        # the meeples' blocks are immune (see _increase): none of them moves during a gust
        meeples = set(self.bpos)
        meeples.update(self.wpos)
        allegiance = self.event_fire and self.addon and any(self.allegiance)
        # Only burning blocks spread, so they are picked out in C from a snapshot of the intensities in gust order.
        # The snapshot is exact: each block lit (or destroyed) by the gust lies downwind of the block spreading to
        # it, so it was passed before.
        for pos in compress(GUST_ORDER[d], _GUST_INTENSITIES[d](intensity)):
            if not destroyed[pos]:
                q = step[pos][d]
                # self._increase(q, 1), written out (a gust raises a score of blocks, every few turns)
                if q < 0 or aff[q] < 0 or destroyed[q] or q in meeples:
                    continue
                if allegiance:
                    o = self.loyal[q]
                    if o >= 0 and self.allegiance[o]:
                        continue
                v = intensity[q] + 1
                if v > track[q]:
                    self._destroy(q)
                else:
                    intensity[q] = v

    def _fireball(self, pos: int) -> None:
        self._increase(pos, 1)

    def _land_fireball(self, pos: int, pyro: tuple[int, ...]) -> None:
        """One fireball of a firestorm: Veda Moonbright turns it into renown, Esme Morrow may redirect it,
        Cindy Bustion's Pyrocontrol adds renown where it lands."""
        n = self.num_players
        if self.addon and self.st_aff[pos] >= 0 and not self.destroyed[pos]:
            for q in range(n):
                if (self.bpos[q] == pos or self.wpos[q] == pos) and self.active(q, VEDA):
                    self._place_renown(q, pos)
                    return
        if pos in self.bpos:
            for q in range(n):
                if self.bpos[q] == pos and self.active(q, ESME):
                    self.stack.append((F_ESME, q, pos))
                    return
        before = self.intensity[pos]
        self._increase(pos, 1)  # what _fireball does
        if pyro and self.intensity[pos] != before and not self.destroyed[pos]:
            for q in pyro:
                if not self.over:
                    self._place_renown(q, pos)

    def _festival(self, f: int) -> None:
        n = self.num_players
        if f == FF_ARSON:
            for pos in [q for q in range(N_POS) if self.loyal[q] >= 0]:
                self._increase(pos, 1)
        elif f == FF_BURNING_MAN:
            for pos in sorted(set(self.bpos) | set(self.wpos)):
                self._increase(pos, 1, force=True)
        elif f == FF_KARNAJ:
            for pos in range(N_POS):
                if self.st_value[pos] == 2 and self.st_aff[pos] >= 0:
                    self._increase(pos, 1)
        elif f == FF_DIRTY:
            for i in reversed(range(n)):
                self.stack.append((F_DIRTY, (self.turn_player + i) % n))

    def _flip_doomed(self) -> bool:
        """Flip every block destroyed this phase: tokens off, meeples home, Big Building effects.
        Returns True if a decision frame was pushed (Old Tom Oak)."""
        pushed = False
        while self.doomed:
            pos = self.doomed.pop(0)
            base = pos * 4
            for q in range(4):
                r = self.renown[base + q]
                if r:
                    self.renown[base + q] = 0
                    self.renown_left[q] += r
            o = self.loyal[pos]
            if o >= 0:
                self.loyal[pos] = -1
                self.loyalty_left[o] += 1
            for p in range(self.num_players):
                if self.bpos[p] == pos:
                    self.bpos[p] = self.firehouse[p]
                if self.wpos[p] == pos:
                    self.wpos[p] = self.firehouse[p]
            kind = self.st_big[pos]
            if kind == BB_DISTILLERY:
                for q in NB4[pos]:
                    self._increase(q, 2)
            elif kind == BB_FROZEN:
                for q in NB8[pos]:
                    self._reduce(q, 1)
                    for p in range(self.num_players):
                        if self.bpos[p] == q:
                            self._refill_brigade(p)
            elif kind == BB_OAK:
                self.stack.append((F_OAK, self.turn_player, pos))
                pushed = True
            elif kind == BB_AVIARY:
                for p in range(self.num_players):
                    if self.renown_left[p] > 0:
                        self.renown[base + p] += 1
                        self.renown_left[p] -= 1
            if pushed:
                return True
        return False

    def _fires_out(self) -> bool:
        """No block burns (intensities are never negative, so any non-zero one is a fire)."""
        return not any(self.intensity)
