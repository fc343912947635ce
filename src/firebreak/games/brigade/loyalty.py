"""Renown and Loyalty: placing tokens, winning and stealing blocks, the abilities triggered by
gaining loyalty, and the immediate Fire Chief wins.

A mixin of :class:`~firebreak.games.brigade.state.BrigadeState`; it reads and writes the state's fields.
"""

from __future__ import annotations

from .data import COMMONS, COUNCIL, MERCHANT, NOBLES, UNIVERSITY_AFF
from .fields import Frame, StateFields
from .frames import A_DRAW_RECRUIT, F_ALI, F_CHOPS, F_DEL_UGE, F_IMMORA, F_ORANGE, F_PEP, F_ZILDA
from .tables import (
    ALI_AHMAR,
    CHOPS,
    DEL_UGE,
    IMMORA,
    MAL,
    NB4,
    NB8,
    NERY,
    N_POS,
    ORANGE,
    PEP,
    SELINA,
    ZILDA,
    pos_name,
)


class LoyaltyRules(StateFields):
    """Renown and Loyalty rules."""

    def steal_cost(self, pos: int, p: int) -> int:
        """Renown ``p`` needs on ``pos`` to win its loyalty: its value, or value + 1 to steal (not cumulative),
        value + 2 if the holder has an active Nery Cagehand."""
        o = self.loyal[pos]
        v = self.st_value[pos]
        if o < 0:
            return v
        extra = self.rules.steal_extra_renown
        if self.active(o, NERY):
            return v + extra + 1
        return v + extra

    def _place_renown(self, p: int, pos: int) -> None:
        k = 1
        o = self.loyal[pos]
        if o >= 0 and o != p and self.active(p, SELINA):
            k = 2
        k = min(k, self.renown_left[p])
        if k <= 0:
            return
        self.renown[pos * 4 + p] += k
        self.renown_left[p] -= k
        if o != p and self.renown[pos * 4 + p] >= self.steal_cost(pos, p) and self.loyalty_left[p] > 0:
            self._gain_loyalty(p, pos)

    def _gain_loyalty(self, p: int, pos: int) -> None:
        base = pos * 4
        for q in range(4):
            r = self.renown[base + q]
            if r:
                self.renown[base + q] = 0
                self.renown_left[q] += r
        o = self.loyal[pos]
        if o >= 0:
            self.loyalty_left[o] += 1
        self.loyal[pos] = p
        self.loyalty_left[p] -= 1
        self.n_loyalty_gained += 1
        self._emit("loyalty", player=p, block=self.st_name[pos], pos=pos_name(pos), stolen_from=o)
        if self._check_chief(p):
            return
        aff = self.st_aff[pos]
        frames: list[Frame] = []
        for card in self._abilities(p):
            if not self.active(p, card):
                continue
            if card == DEL_UGE and aff == COMMONS:
                frames.append((F_DEL_UGE, p, pos))
            elif card == CHOPS:
                frames.append((F_CHOPS, p, pos))
            elif card == PEP and aff == MERCHANT:
                frames.append((F_PEP, p))
            elif card == MAL and aff == COUNCIL:
                frames.append((A_DRAW_RECRUIT, p))
            elif card == IMMORA and aff == NOBLES:
                frames.append((F_IMMORA, p, pos))
            elif card == ALI_AHMAR and aff == MERCHANT:
                frames.append((F_ALI, p, pos))
            elif card == ZILDA and aff == NOBLES:
                frames.append((F_ZILDA, p))
        if self.advanced and self.colour[p] == ORANGE:
            frames.append((F_ORANGE, p, pos))
        for f in reversed(frames):
            self.stack.append(f)

    def _check_chief(self, p: int) -> bool:
        """Loyalty of a Faction (5 of one affiliation, or 3 University) or of the Citizens (one of each of the
        five; the rules' numbers): the player is Fire Chief and the game ends at once."""
        counts = [0] * 5
        la = self.loyal
        sa = self.st_aff
        destroyed = self.destroyed
        for pos in range(N_POS):
            if la[pos] == p and not destroyed[pos]:  # a destroyed block's marker does not count (ruling R31)
                counts[sa[pos]] += 1
        reason = ""
        rules = self.rules
        if counts[UNIVERSITY_AFF] >= rules.university_loyalty_to_win or max(counts[:4]) >= rules.faction_loyalty_to_win:
            reason = "faction"
        elif min(counts) >= rules.citizens_loyalty_per_affiliation:
            reason = "citizens"
        if reason:
            self._finish(reason, p)
            return True
        return False

    def _renown_targets(self, origin: int, diagonal: bool) -> list[int]:
        cands = (origin,) + (NB8[origin] if diagonal else NB4[origin])
        return sorted(q for q in cands if self.st_aff[q] >= 0 and not self.destroyed[q])
