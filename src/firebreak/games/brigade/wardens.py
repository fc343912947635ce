"""Advanced Warden actions (and their targets) and crew leaving play.

A mixin of :class:`~firebreak.games.brigade.state.BrigadeState`; it reads and writes the state's fields.
"""

from __future__ import annotations

from . import actions as A
from .data import UNIVERSITY_AFF
from .fields import StateFields
from .frames import F_AURATH, F_GLORIA, F_MIMIC, F_POLY, F_REMOVE, F_TAKE
from .tables import (
    AURATH,
    BERNHARDT,
    BLITZ,
    CINDY,
    FRITH,
    GALEELA,
    GLINT,
    GLORIA,
    N_POS,
    STEP,
    WHITE_FANG,
    tables,
)


class WardenRules(StateFields):
    """Advanced Warden actions."""

    def _gloria_targets(self, p: int) -> list[int]:
        out = []
        for q in range(N_POS):
            if self.intensity[q] == 1 and not self.destroyed[q]:
                if any(self.bpos[x] == q for x in range(self.num_players)):
                    continue
                if any(self.wpos[x] == q for x in range(self.num_players) if x != p):
                    continue
                out.append(q)
        return out

    def _swap_ok(self, a: int, b: int) -> bool:
        if b < 0 or self.st_aff[a] < 0 or self.st_aff[b] < 0:
            return False
        if self.st_aff[a] == UNIVERSITY_AFF or self.st_aff[b] == UNIVERSITY_AFF:
            return False
        if self.destroyed[a] or self.destroyed[b]:
            return False
        ia, ib = self.intensity[a], self.intensity[b]
        if ia == ib:
            return False
        # a block with a meeple is immune to any increase
        hi_gets = a if ib > ia else b
        return not self._occupied(hi_gets)

    def _swaps(self) -> list[int]:
        out = []
        for pos in range(N_POS):
            for d, dirn in ((0, 1), (1, 2)):
                if self._swap_ok(pos, STEP[pos][dirn]):
                    out.append(A.SWAP + pos * 2 + d)
        return out

    def _removable(self) -> list[int]:
        out = []
        for i in range(N_POS * 4):
            if self.renown[i] and i % 4 < self.num_players:
                out.append(A.REMOVE + i)
        return out

    def _takeable(self, p: int) -> list[int]:
        if self._crew_cap(p) < 1:
            return []
        out = []
        for q in range(self.num_players):
            if q != p:
                for s in range(len(self.crew[q])):
                    out.append(A.TAKE + q * 3 + s)
        return out

    def _own_renown(self, p: int) -> list[int]:
        return [q for q in range(N_POS) if self.renown[q * 4 + p] and not self.destroyed[q]]

    def _warden_usable(self, p: int) -> bool:
        w = self.warden[p]
        if w == GLORIA:
            return bool(self._gloria_targets(p))
        if w == BLITZ:
            return bool(self._swaps())
        if w == FRITH:
            return bool(self._removable()) or bool(self._takeable(p))
        if w == GLINT:
            T = tables()
            return bool(self._removable()) or any(self.tracks[3 * p + t] < T.track_last[t] for t in range(3))
        if w == BERNHARDT:
            return not self.allegiance[p]
        if w == WHITE_FANG:
            return True
        if w == GALEELA:
            return any(self.crew[q] for q in range(self.num_players))
        if w == AURATH:
            return bool(self._aurath_steps(p, self._move_budget(p)))
        if w == CINDY:
            return not self.pyro[p]
        return False  # Ester's Mistform is passive

    def _warden_action(self, p: int) -> None:
        w = self.warden[p]
        if w == GLORIA:
            self.stack.append((F_GLORIA, p))
        elif w == BLITZ:
            self.stack.append((F_POLY, p))
        elif w == FRITH:
            self.stack.append((F_TAKE, p))
            self.stack.append((F_REMOVE, p))
        elif w == GLINT:
            self.upgrade_limit += 1
            self.stack.append((F_REMOVE, p))
        elif w == BERNHARDT:
            self.allegiance[p] = True
        elif w == WHITE_FANG:
            if not self.dawn[p]:
                # Dusk: flip, refill his water and discard all crew members
                self.dawn[p] = True
                for c in self.crew[p]:
                    self.crew_discard.append(c)
                    self._card_left_play(c)
                self.crew[p] = []
                self._shrink_brigade(p)
                self._refill_brigade(p)
            else:
                self.dawn[p] = False
        elif w == GALEELA:
            self.stack.append((F_MIMIC, p))
        elif w == AURATH:
            self.stack.append((F_AURATH, p, self._move_budget(p), 0, self.bpos[p]))
        elif w == CINDY:
            self.pyro[p] = True

    def _card_left_play(self, card: int) -> None:
        for q in range(self.num_players):
            if self.mimic[q] == card:
                self.mimic[q] = -1
