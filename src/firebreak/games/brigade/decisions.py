"""Decision frames: the legal choices of each pending decision and what each choice does.

A mixin of :class:`~firebreak.games.brigade.state.BrigadeState`; it reads and writes the state's fields.
"""

from __future__ import annotations

from . import actions as A
from .data import MERCHANT, NOBLES
from .fields import StateFields
from .frames import (
    F_ALI,
    F_ALI_FROM,
    F_ALI_REDUCE,
    F_ALI_TO,
    F_ANY_RENOWN,
    F_AURATH,
    F_CHOPS,
    F_DEL_UGE,
    F_DIRTY,
    F_DISCARD,
    F_ESME,
    F_GLORIA,
    F_GNESS,
    F_IMMORA,
    F_MIMIC,
    F_MOG,
    F_OAK,
    F_ORANGE,
    F_PEP,
    F_POLY,
    F_PRECIOUS,
    F_RECRUIT,
    F_REMOVE,
    F_RENOWN,
    F_REPLACE,
    F_TAKE,
    F_WAGON_FREE,
    F_ZILDA,
)
from .tables import NB4, N_POS, STEP, pos_name, tables


class DecisionRules(StateFields):
    """What each pending decision allows, and what each choice does."""

    def _frame_legal(self, f: tuple) -> list[int]:
        k, p = f[0], f[1]
        if k == F_RENOWN:
            if self.renown_left[p] <= 0:
                return []
            return [A.PLACE + q for q in self._renown_targets(f[3], f[4])]
        if k == F_ANY_RENOWN:
            if self.renown_left[p] <= 0:
                return []
            return [A.PLACE + q for q in range(N_POS) if self.st_aff[q] >= 0 and not self.destroyed[q]]
        if k == F_RECRUIT:
            if len(self.drawn) == 1:
                return [A.KEEP_FIRST, A.KEEP_NONE]
            return [A.KEEP_FIRST, A.KEEP_SECOND, A.KEEP_NONE]
        if k == F_REPLACE:
            return [A.REPLACE + s for s in range(len(self.crew[p]))]
        if k == F_DEL_UGE:
            return [A.TARGET + q for q in range(N_POS) if q != f[2] and self.intensity[q] > 0 and not self.destroyed[q]]
        if k == F_CHOPS:
            c = [A.TARGET + q for q in NB4[f[2]] if self._burnable(q) and not self._occupied(q)]
            return c + [A.DECLINE] if c else []
        if k == F_PEP:
            T = tables()
            return [A.UPGRADE + t for t in range(3) if self.tracks[3 * p + t] < T.track_last[t]]
        if k == F_ORANGE:
            if self.renown_left[p] <= 0:
                return []
            c = [
                A.PLACE + q for q in range(N_POS) if q != f[2] and self.st_aff[q] == MERCHANT and not self.destroyed[q]
            ]
            return c + [A.DECLINE] if c else []
        if k == F_ESME:
            c = [A.TARGET + q for q in NB4[f[2]] if self._burnable(q)]
            return c + [A.DECLINE] if c else []
        if k == F_MOG:
            return [A.TARGET + q for q in self._push_targets(f[3], f[2])]
        if k == F_WAGON_FREE:
            c = self.wagon_targets(p, A.MOVE_WAGON)
            return c + [A.DECLINE] if c else []
        if k == F_GNESS:
            if self.intensity[f[2]] > 0 and not self.destroyed[f[2]]:
                return [A.ACCEPT, A.DECLINE]
            return []
        if k == F_GLORIA:
            return [A.TARGET + q for q in self._gloria_targets(p)]
        if k == F_POLY:
            return self._swaps()
        if k == F_REMOVE:
            return self._removable()
        if k == F_TAKE:
            return self._takeable(p)
        if k == F_DIRTY:
            c = [A.TARGET + q for q in range(N_POS) if self._burnable(q) and not self._occupied(q)]
            return c + [A.DECLINE] if c else []
        if k == F_OAK:
            return [A.DIRECTION + d for d in range(4)]
        if k == F_MIMIC:
            return [A.MIMIC + q * 3 + i for q in range(self.num_players) for i in range(len(self.crew[q]))]
        if k == F_AURATH:
            out = [A.TARGET + v for v in sorted(self._aurath_steps(p, f[2]))]
            if self._valid_end(p, self.bpos[p]):
                out.append(A.DECLINE)
            return out
        if k == F_IMMORA:
            if self.renown_left[p] <= 0:
                return []
            return [
                A.PLACE + q for q in range(N_POS) if q != f[2] and self.st_aff[q] == NOBLES and not self.destroyed[q]
            ]
        if k == F_ALI:
            out = []
            if self.wb[p] < self.brigade_cap(p) and self.water_supply() > 0:
                out.append(A.CHOICE)
            if self._own_renown(p):
                out.append(A.CHOICE + 1)
            if any(self.intensity[q] and not self.destroyed[q] for q in NB4[f[2]]):
                out.append(A.CHOICE + 2)
            return out
        if k == F_ALI_FROM:
            return [A.REMOVE + q * 4 + p for q in self._own_renown(p)]
        if k == F_ALI_TO:
            return [A.PLACE + q for q in range(N_POS) if q != f[2] and self._burnable(q)]
        if k == F_ALI_REDUCE:
            return [A.TARGET + q for q in NB4[f[2]] if self.intensity[q] and not self.destroyed[q]]
        if k == F_ZILDA:
            out = [A.PLAYER + q for q in range(self.num_players) if q != p and self.crew[q]]
            return out + [A.DECLINE] if out else []
        if k == F_DISCARD:
            return [A.DISCARD + i for i in range(len(self.crew[p]))]
        if k == F_PRECIOUS:
            return [A.PLAYER + q for q in range(self.num_players) if q != p]
        raise AssertionError(f"unknown decision frame {f}")  # pragma: no cover

    def _choice_facts(self, f: tuple, a: int) -> dict:
        """What the log needs to tell a choice in words that the choice's id alone does not say (read before the
        choice changes anything): the crew card a Mimic token goes on, the renown a decision is placing."""
        k = f[0]
        if k == F_MIMIC:
            q, i = divmod(a - A.MIMIC, 3)
            return {"card": tables().crew[self.crew[q][i]][0], "owner": q}
        if k == F_TAKE:
            q, s = divmod(a - A.TAKE, 3)
            return {"card": tables().crew[self.crew[q][s]][0]}
        if k in (F_REPLACE, F_DISCARD):
            return {"card": tables().crew[self.crew[f[1]][a - (A.REPLACE if k == F_REPLACE else A.DISCARD)]][0]}
        if k == F_MOG:
            return {"victim": f[2]}
        return {}

    def _apply_frame(self, f: tuple, a: int) -> None:
        k, p = f[0], f[1]
        stack = self.stack
        stack.pop()
        self._emit("choice", player=p, decision=k, action=a, text=A.TEXTS[a], **self._choice_facts(f, a))
        if k == F_RENOWN:
            if f[2] > 1:
                stack.append((F_RENOWN, p, f[2] - 1, f[3], f[4]))
            self._place_renown(p, a - A.PLACE)
        elif k == F_ANY_RENOWN or k == F_ORANGE:
            if a != A.DECLINE:
                self._place_renown(p, a - A.PLACE)
        elif k == F_RECRUIT:
            drawn = self.drawn
            self.drawn = []
            self.drawer = -1
            keep = -1 if a == A.KEEP_NONE else drawn[a - A.KEEP_FIRST]
            for c in drawn:
                if c != keep:
                    self.crew_discard.append(c)
            if keep >= 0:
                if len(self.crew[p]) < self._crew_cap(p):
                    self._add_crew(p, keep)
                else:
                    stack.append((F_REPLACE, p, keep))
            else:
                self._emit("recruit_none", player=p)
        elif k == F_REPLACE:
            old = self.crew[p].pop(a - A.REPLACE)
            self.crew_discard.append(old)
            self._card_left_play(old)
            self._shrink_brigade(p)
            self._emit("crew_leaves", player=p, card=tables().crew[old][0])
            self._add_crew(p, f[2])
        elif k == F_DEL_UGE:
            self._reduce(a - A.TARGET, 2)
        elif k == F_CHOPS:
            if a != A.DECLINE:
                self._increase(a - A.TARGET, 2)
        elif k == F_PEP:
            for g in reversed(self._advance_track(p, a - A.UPGRADE)):
                stack.append(g)
        elif k == F_ESME:
            if a != A.DECLINE:
                self._increase(a - A.TARGET, 1)
        elif k == F_MOG:
            victim = f[2]
            self.bpos[victim] = a - A.TARGET
            self._emit("pushed", player=p, victim=victim, to=pos_name(a - A.TARGET))
        elif k == F_WAGON_FREE:
            if a != A.DECLINE:
                self.wpos[p] = a - A.MOVE_WAGON
        elif k == F_GNESS:
            if a == A.ACCEPT:
                self._increase(f[2], 1, force=True)
        elif k == F_GLORIA:
            q = a - A.TARGET
            self.wpos[p] = q
            self.intensity[q] = 0
            self.n_extinguished += 1
            self._renown_for(p, q, 1)
        elif k == F_POLY:
            pos, d = divmod(a - A.SWAP, 2)
            other = STEP[pos][1 if d == 0 else 2]
            ia, ib = self.intensity[pos], self.intensity[other]
            for x, v in ((pos, ib), (other, ia)):
                if v > self.st_track[x]:
                    self._destroy(x)
                else:
                    self.intensity[x] = v
        elif k == F_REMOVE:
            i = a - A.REMOVE
            self.renown[i] -= 1
            self.renown_left[i % 4] += 1
        elif k == F_TAKE:
            q, s = divmod(a - A.TAKE, 3)
            card = self.crew[q].pop(s)
            self._shrink_brigade(q)
            self._emit("crew_taken", player=p, victim=q, card=tables().crew[card][0])
            if len(self.crew[p]) < self._crew_cap(p):
                self._add_crew(p, card)
            else:
                stack.append((F_REPLACE, p, card))
        elif k == F_DIRTY:
            if a != A.DECLINE:
                self._increase(a - A.TARGET, 1)
        elif k == F_MIMIC:
            q, i = divmod(a - A.MIMIC, 3)
            self.mimic[p] = self.crew[q][i]
        elif k == F_AURATH:
            self._aurath_step(f, a)
        elif k == F_IMMORA:
            self._place_renown(p, a - A.PLACE)
        elif k == F_ALI:
            c = a - A.CHOICE
            if c == 0:
                self.wb[p] += min(2, self.brigade_cap(p) - self.wb[p], self.water_supply())
            elif c == 1:
                stack.append((F_ALI_FROM, p))
            else:
                stack.append((F_ALI_REDUCE, p, f[2]))
        elif k == F_ALI_FROM:
            i = a - A.REMOVE
            self.renown[i] -= 1
            self.renown_left[p] += 1
            stack.append((F_ALI_TO, p, i // 4))
        elif k == F_ALI_TO:
            self._place_renown(p, a - A.PLACE)
        elif k == F_ALI_REDUCE:
            self._reduce(a - A.TARGET, 1)
        elif k == F_ZILDA:
            if a != A.DECLINE:
                stack.append((F_DISCARD, a - A.PLAYER))
        elif k == F_DISCARD:
            card = self.crew[p].pop(a - A.DISCARD)
            self.crew_discard.append(card)
            self._card_left_play(card)
            self._shrink_brigade(p)
            self._emit("crew_leaves", player=p, card=tables().crew[card][0])
        elif k == F_PRECIOUS:
            self.precious = a - A.PLAYER
            self._emit("sir_precious", player=p, to=self.precious)
        elif k == F_OAK:
            d = a - A.DIRECTION
            q = f[2]
            for _ in range(3):
                q = STEP[q][d]
                if q < 0:
                    break
                self._increase(q, 1)
