"""Building Great Fire positions for rule tests.

``started()`` plays the set-up with fixed placements; ``Position`` then edits the board directly (keeping the
65 cones conserved through the stock) so a test can lay out exactly the situation a rule talks about.
"""

from __future__ import annotations

from firebreak.core import get_game
from firebreak.games.great_fire.data import DEMOLITION, DOUBLE_MOVE, ONE_VP, load_board
from firebreak.games.great_fire.state import P_ACTIONS, P_FIRE, GreatFireState

BOARD = load_board()
PARK = "Temple"
SPEC = get_game("great-fire")
N, E, S, W = range(4)
__all__ = ["BOARD", "SPEC", "N", "E", "S", "W", "DEMOLITION", "DOUBLE_MOVE", "ONE_VP", "d", "started", "Position"]


def d(name: str) -> int:
    return BOARD.index(name)


def started(n: int = 4, seed: int = 0, **options) -> GreatFireState:
    """A game after set-up, trained bands and landowners placed in the first legal districts."""
    state = SPEC.new_game(n, seed, options)
    while state.phase != P_FIRE and not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state


class Position:
    """A hand-made position: an emptied board (no bands, no tokens, only Pudding Lane burning) to fill in."""

    def __init__(self, n: int = 4, seed: int = 0, **options) -> None:
        s = started(n, seed, **options)
        for i in range(BOARD.num_districts):
            s.stock += s.fire[i]
            s.fire[i] = 0
            if s.token[i] >= 0:  # out of play, so the 20 tokens stay accounted for
                s.destroyed_tokens.append(s.token[i])
                s.token[i] = -1
        # The trained bands wait in Temple, far from Pudding Lane, so that the six are conserved.
        s.bands = [0] * BOARD.num_districts
        s.bands[d(PARK)] = BOARD.rules.trained_bands
        s.fire[BOARD.pudding_lane] = 25
        s.stock -= 25
        self.s = s
        self.refresh()

    def refresh(self) -> GreatFireState:
        self.s._legal = None
        self.s._legal_set = None
        self.s._uncontained_at = (-1, 0)  # the board was edited without an event
        return self.s

    def fire(self, name: str, cones: int) -> "Position":
        i = d(name)
        self.s.stock -= cones - self.s.fire[i]
        self.s.fire[i] = cones
        self.refresh()
        return self

    def burn(self, name: str, cones: int | None = None) -> "Position":
        """Houses gone (counted as lost) and the district on fire (default: its size)."""
        i = d(name)
        for c in self.s.houses[i]:
            self.s.lost[c] += 1
        self.s.houses[i] = []
        return self.fire(name, BOARD.size[i] if cones is None else cones)

    def empty(self, name: str) -> "Position":
        """Burnt down and put out: no houses (counted as lost), no fire."""
        return self.burn(name, 0)

    def demolish(self, name: str) -> "Position":
        self.empty(name)
        self.s.demolished[d(name)] = True
        self.refresh()
        return self

    def bands(self, name: str, count: int) -> "Position":
        """Put ``count`` trained bands in a district, taking them from (or returning them to) the park."""
        self.s.bands[d(PARK)] += self.s.bands[d(name)] - count
        assert self.s.bands[d(PARK)] >= 0, "only six trained bands exist"
        self.s.bands[d(name)] = count
        self.refresh()
        return self

    def token(self, name: str, kind: int) -> "Position":
        self.s.destroyed_tokens.remove(kind)
        self.s.token[d(name)] = kind
        self.refresh()
        return self

    def hand(self, player: int, *cards: int) -> "Position":
        """Replace a hand (returned cards go to the box, taken ones come from it, so the 60 are conserved)."""
        for dr in range(4):
            self.s.box.extend([dr] * self.s.hands[player][dr])
        self.s.hands[player] = [0, 0, 0, 0]
        for c in cards:
            if c in self.s.box:
                self.s.box.remove(c)
            else:  # take it from the deck, putting a boxed card in its place
                i = self.s.deck.index(c)
                self.s.deck[i] = self.s.box.pop()
            self.s.hands[player][c] += 1
        self.refresh()
        return self

    def landowner(self, player: int, name: str) -> "Position":
        self.s.landowner[player] = d(name)
        self.refresh()
        return self

    def actions_phase(self, ap: int = 4) -> "Position":
        self.s.phase = P_ACTIONS
        self.s.ap = ap
        self.refresh()
        return self

    def texts(self) -> set[str]:
        return {self.s.action_to_text(a) for a in self.refresh().legal_actions()}

    def targets(self, direction: str | None = None) -> set[tuple[str, str, str]]:
        """Legal fire moves as (direction, source, target), optionally for one card direction only."""
        out = set()
        for t in self.texts():
            if t.startswith("fire "):
                head, rest = t.split(": ")
                src, tgt = rest.split(" -> ")
                if direction is None or head.split()[1] == direction:
                    out.add((head.split()[1], src, tgt))
        return out
