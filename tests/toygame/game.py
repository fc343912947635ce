"""Ember Cards: a tiny hidden-information card game used only to test the game-agnostic platform.

It is not shipped in the package. It exercises every part of the protocol the real games use:

* hidden information: each seat holds a hand the others cannot see (unless ``open_hands``), and a shuffled deck;
* chance every turn: after each action the wind die (1-3) is rolled with the state's rng;
* private events: the card a seat draws is shown to that seat only, the others learn only that a card was drawn;
* options of every type: ``hand_size`` (int with choices), ``open_hands`` (bool), ``scoring`` (str with choices);
* draws: equal top scores share the win, so fractional win counting is testable.

Rules. The deck holds 12 cards: red 1-6 and blue 1-6. Each seat is dealt ``hand_size`` cards. On your turn
play one card from your hand (scoring its value, times the wind if ``scoring`` is ``wind``) and draw a
replacement if the deck is not empty, or pass. Then the wind is rolled for the next turn. The game ends when
every hand is empty or after ``MAX_TURNS`` turns; the highest score wins, ties share the win.
"""

from __future__ import annotations

from typing import Any

from firebreak.core import TERMINAL, GameSpec, GameState, OptionSpec, Rng
from firebreak.core.text import seat_label

COLOURS = ("red", "blue")
VALUES = 6
DECK_SIZE = len(COLOURS) * VALUES
PASS = DECK_SIZE
MAX_TURNS = 12
NAME = "ember-cards"


def card_value(card: int) -> int:
    return card % VALUES + 1


def card_text(card: int) -> str:
    return f"{COLOURS[card // VALUES]} {card_value(card)}"


class EmberState(GameState):
    """One position of Ember Cards."""

    __slots__ = ("hands", "deck", "points", "wind", "turn", "to_act")

    hands: list[list[int]]
    deck: list[int]
    points: list[int]
    wind: int
    turn: int
    to_act: int

    def _setup(self) -> None:
        self.deck = list(range(DECK_SIZE))
        self.rng.shuffle(self.deck)
        size = self.options["hand_size"]
        self.hands = [sorted(self.deck.pop() for _ in range(size)) for _ in range(self.num_players)]
        self.points = [0] * self.num_players
        self.turn = 0
        self.to_act = 0
        self._roll_wind()

    def _roll_wind(self) -> None:
        self.wind = self.rng.randint(1, 3)
        self._emit("wind", value=self.wind)

    # --- queries ----------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_act

    def is_terminal(self) -> bool:
        return self.turn >= MAX_TURNS or not any(self.hands)

    def _legal_actions(self) -> list[int]:
        return self.hands[self.to_act] + [PASS]

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [p for p in range(self.num_players) if self.points[p] == best]

    def view(self, player: int | None) -> dict[str, Any]:
        open_hands = self.options["open_hands"]
        out: dict[str, Any] = {
            "seat": player,
            "to_act": self.current_player(),
            "turn": self.turn,
            "wind": self.wind,
            "points": list(self.points),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
        }
        if player is not None:
            out["hand"] = [card_text(c) for c in self.hands[player]]
        if open_hands:
            out["hands"] = [[card_text(c) for c in h] for h in self.hands]
        return out

    def state_dict(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "points": list(self.points),
            "wind": self.wind,
            "turn": self.turn,
            "to_act": self.to_act,
        }

    def clone(self) -> "EmberState":
        other = type(self).__new__(type(self))
        self._copy_base_into(other)
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.points = list(self.points)
        other.wind = self.wind
        other.turn = self.turn
        other.to_act = self.to_act
        return other

    def determinize(self, player: int, rng: Rng) -> "EmberState":
        other = self.clone()
        hidden_seats = [] if self.options["open_hands"] else [p for p in range(self.num_players) if p != player]
        pool = list(other.deck)
        for p in hidden_seats:
            pool.extend(other.hands[p])
        pool.sort()  # so the sample depends only on what ``player`` knows, not on the hidden order
        rng.shuffle(pool)
        for p in hidden_seats:
            n = len(other.hands[p])
            other.hands[p] = sorted(pool[:n])
            del pool[:n]
        other.deck = pool
        other.rng = rng.spawn()
        other._legal = None
        other._legal_set = None
        return other

    # --- actions ----------------------------------------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls, num_players: int) -> int:
        return DECK_SIZE + 1

    def action_to_text(self, action: int) -> str:
        return "pass" if action == PASS else f"play {card_text(action)}"

    def _apply(self, action: int) -> None:
        seat = self.to_act
        if action == PASS:
            self._emit("pass", player=seat)
        else:
            self.hands[seat].remove(action)
            gained = card_value(action) * (self.wind if self.options["scoring"] == "wind" else 1)
            self.points[seat] += gained
            self._emit("play", player=seat, card=card_text(action), points=gained)
            if self.deck:
                drawn = self.deck.pop()
                self.hands[seat].append(drawn)
                self.hands[seat].sort()
                self._emit("draw", visible_to=(seat,), player=seat, card=card_text(drawn))
                self._emit("draw_hidden", player=seat, deck_left=len(self.deck))
        self.turn += 1
        self.to_act = (seat + 1) % self.num_players
        if not self.is_terminal():
            self._roll_wind()


def heuristic(state: GameState, player: int) -> float:
    """Points lead, plus a little for the cards still in hand (they are future points)."""
    assert isinstance(state, EmberState)
    others = [s for p, s in enumerate(state.points) if p != player]
    lead = state.points[player] - (max(others) if others else 0)
    return lead + 0.25 * sum(card_value(c) for c in state.hands[player])


def render(view: dict[str, Any]) -> str:
    lines = [f"Turn {view['turn']}  wind {view['wind']}  deck {view['deck_size']}"]
    lines.append("Points: " + ", ".join(f"P{p}={s}" for p, s in enumerate(view["points"])))
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(view["hand"]) or "(empty)"))
    return "\n".join(lines)


def stats(state: GameState) -> dict[str, Any]:
    """Per-game statistics for the lab: numbers, categories (texts: how the game ended, which seat led), and a
    list (which the lab leaves to the logs)."""
    assert isinstance(state, EmberState)
    plays = sum(1 for e in state.events if e.kind == "play")
    leaders = [p for p, s in enumerate(state.points) if s == max(state.points)]
    return {
        "leader": seat_label(leaders[0]) if len(leaders) == 1 else "shared",
        "plays": plays,
        "passes": len(state.history) - plays,
        "ended_by": "turn limit" if state.turn >= MAX_TURNS else "empty hands",
        "points": list(state.points),
    }


def peeking_heuristic(state: GameState, player: int) -> float:
    """A heuristic that reads hidden information (the deck's top card): only fair on a determinisation.

    Used to prove that bots evaluate determinisations, never the true state.
    """
    assert isinstance(state, EmberState)
    return heuristic(state, player) + 10 * (card_value(state.deck[-1]) if state.deck else 0)


def make_spec(variant: str = "full") -> GameSpec:
    """The spec. Variants: ``full``; ``bare`` (no render/heuristic, to test the fallbacks); ``peek`` (a
    heuristic that reads hidden cards)."""
    name = NAME if variant == "full" else f"{NAME}-{variant}"
    state_class = EmberState if variant == "full" else type(f"EmberState_{variant}", (EmberState,), {"__slots__": ()})
    return GameSpec(
        name=name,
        title="Ember Cards" if variant == "full" else f"Ember Cards ({variant})",
        min_players=2,
        max_players=3,
        default_players=2,
        state_class=state_class,
        options=(
            OptionSpec("hand_size", int, 3, "cards dealt to each seat", choices=(2, 3, 4)),
            OptionSpec("open_hands", bool, False, "everyone sees every hand"),
            OptionSpec("scoring", str, "wind", "how a played card scores", choices=("plain", "wind")),
        ),
        description="A toy card game for the platform's tests.",
        render=None if variant == "bare" else render,
        heuristic={"full": heuristic, "bare": None, "peek": peeking_heuristic}[variant],
        stats=stats if variant == "full" else None,
    )


SPEC = make_spec()
BARE_SPEC = make_spec("bare")
PEEK_SPEC = make_spec("peek")
