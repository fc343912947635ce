"""Trades between players (a mixin of CatanState): any bundle of resources for any other bundle (ruling B5).

The turn player opens a draft ("make a trade offer"), adds and removes cards to give and to ask for one at a
time, then proposes it to the table or discards the draft. Every other player who has not declined all offers
for the turn answers in seat order: accept (only if they hold every card asked for), decline, or decline all
offers for the rest of the turn. The offerer then trades with one acceptor or withdraws the offer.

Limits that keep the space finite and the offer honest: a player gives only cards they hold; asks for no more of
a resource than the other players hold together and for no more cards than the largest other hand (both are
public counts); never gives and asks for the same resource; an offer gives and asks at least one card each (no
gifts); at most ``offers_per_turn`` drafts are opened in a turn.

The log reads like the table: the offer when it is made, each answer, the outcome. A draft is the composer's
private thought until proposed: its steps and a discarded draft are events only the composer sees, and the view
shows the other seats only that an offer is being composed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

from firebreak.core import IllegalActionError, MalformedActionError
from firebreak.core.events import make_event

from .fields import CatanFields
from .constants import MAIN, RESOURCE_NAMES, TRADE_CONFIRM, TRADE_DRAFT, TRADE_RESPONSE


_RESOURCES = range(5)

DRAFT_EVENTS = frozenset({"offer_draft", "offer_draft_discarded"})
"""Events of composing a draft: seen by the composer alone, and no bar to taking the step back."""


def counts(bundle: Sequence[int]) -> dict[str, int]:
    """A bundle as ``{resource: count}`` for the cards it holds (for views and events)."""
    return {RESOURCE_NAMES[r]: k for r, k in enumerate(bundle) if k}


@lru_cache(maxsize=4096)
def _draft_counts(key: tuple[int, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """A draft's two sides as ``counts`` (``key`` is give then ask): shared, so callers copy before use.

    Every draft step emits both sides (half of all decisions in random play), and a random draft wanders over few
    distinct offers, so building the two dicts from scratch each time cost more than the rest of the step."""
    return counts(key[:5]), counts(key[5:])


_STEPS: tuple[tuple[bool, int, int], ...] = tuple((i < 10, i % 5, 1 if i // 5 % 2 == 0 else -1) for i in range(20))
"""Per draft step (offset from ``give_add``): (on the give side?, resource, +1 or -1)."""

_KEEP: tuple[int, ...] = tuple(~((15 << 4 * r) | (3 << 20)) for r in range(5))
"""Per resource, the mask that clears its four bits of a draft code and the two flags (see ``_draft_code``)."""

_GIVE_ADD_BITS: tuple[int, ...] = tuple(1 << 4 * r for r in range(5))
_ASK_ADD_BITS: tuple[int, ...] = tuple(4 << 4 * r for r in range(5))
"""The bits of "give one more" and "ask for one more" per resource in a draft code."""

_DRAFT_LISTS: dict[int, list[int]] = {}
"""Draft codes to their lists of legal steps, filled as play reaches them (random games reach some ten thousand)."""

_DRAFT_LISTS_MAX = 50_000
"""Codes kept at most (a few megabytes): past it, a new code's list is built each time it is met."""


def _draft_list(code: int) -> list[int]:
    """The legal draft steps, in id order, of a code made by ``TradingMixin._draft_code``."""
    base = code >> 22  # give_add; give_remove, ask_add, ask_remove, propose, withdraw_draft follow (actions.py)
    out = [base + r for r in _RESOURCES if code >> 4 * r & 1]
    out += [base + 5 + r for r in _RESOURCES if code >> 4 * r & 2]
    if code >> 20 & 1:
        out += [base + 10 + r for r in _RESOURCES if code >> 4 * r & 4]
    out += [base + 15 + r for r in _RESOURCES if code >> 4 * r & 8]
    if code >> 21 & 1:
        out.append(base + 20)
    out.append(base + 21)
    return out


class TradingMixin(CatanFields):
    """Draft, propose, answer, trade or withdraw."""

    __slots__ = ()

    UNDOABLE_PRIVATE = DRAFT_EVENTS
    """A draft step is seen by its composer alone but hides nothing from them: it can be taken back."""

    # --- legal actions ------------------------------------------------------------------------------------
    def _can_open_offer(self, p: int) -> bool:
        """May the turn player open a draft now? (called from the main phase after rolling)"""
        if not self.trades or self.offers_made >= self.max_offers or not any(self.hands[p]):
            return False
        hands = self.hands
        declined = self.declined
        for q in range(self.num_players):  # a plain loop: asked at every main-phase decision
            if q != p and not declined[q] and any(hands[q]):
                return True
        return False

    def _ask_caps(self, p: int) -> tuple[list[int], int]:
        """Per resource, how many the other players hold together; and the largest other hand (public counts)."""
        hands = self.hands
        others = hands[:p] + hands[p + 1 :]
        if not others:  # pragma: no cover - Catan has three players or more
            return [0] * 5, 0
        return list(map(sum, zip(*others))), max(map(sum, others))

    def _draft_actions(self, p: int) -> list[int]:
        """The steps open to the drafter (composing offers is half of all decisions in random play).

        No hand changes while an offer is drafted, so what limits each step is worked out once per draft and the
        open steps are kept as a code (see ``_draft_code``) that each step updates for the one resource it touched;
        the list for a code is built once per process. The memo is stamped with the number of actions played when
        it was last used and is reused only after further actions (so a position edited by hand, as tests do, is
        never served stale); it is cleared when a draft opens and on clone, since a determinisation redeals the
        hands (see CatanState._setup)."""
        memo = self._draft_memo
        played = len(self.history)
        if memo is not None and memo[0] < played:
            memo[0] = played
            code = memo[1]
        else:
            per, biggest = self._ask_caps(p)
            code = self._draft_code(p, per, biggest)
            self._draft_memo = [played, code, per, biggest]
        out = _DRAFT_LISTS.get(code)
        if out is None:
            out = _draft_list(code)
            if len(_DRAFT_LISTS) < _DRAFT_LISTS_MAX:
                _DRAFT_LISTS[code] = out
        return out[:]

    def _draft_code(self, p: int, per: list[int], biggest: int) -> int:
        """The steps open in the current draft as bits: four per resource (give one more, give one less, ask for
        one more if the table's largest hand allows, ask for one less), then whether the asking side is below the
        largest other hand and whether the offer may be proposed; above them the layout's ``give_add``."""
        h = self.hands[p]
        give = self.give
        ask = self.ask
        code = self.lay.give_add << 22
        if not any(give) and not any(ask):  # a draft just opened: give what one holds, ask what the others hold
            return code | sum(compress(_GIVE_ADD_BITS, h)) | sum(compress(_ASK_ADD_BITS, per)) | (0 < biggest) << 20
        for r in _RESOURCES:
            g = give[r]
            k = ask[r]
            code |= ((h[r] > g and not k) | (g > 0) << 1 | (not g and k < per[r]) << 2 | (k > 0) << 3) << 4 * r
        asked = sum(ask)
        return code | (asked < biggest) << 20 | (asked > 0 and any(give)) << 21

    def _response_actions(self, q: int) -> list[int]:
        lay = self.lay
        h = self.hands[q]
        ask = self.ask
        for r in _RESOURCES:  # a plain loop: every player is asked about every offer
            if h[r] < ask[r]:
                return [lay.reject, lay.reject_all]
        return [lay.accept, lay.reject, lay.reject_all]

    def _confirm_actions(self, p: int) -> list[int]:
        lay = self.lay
        hands = self.hands
        give = self.give
        ask = self.ask
        if any(hands[p][r] < give[r] for r in range(5)):  # never in a real game; possible in a determinisation
            return [lay.cancel]
        able = [q for q in sorted(self.acceptors) if all(hands[q][r] >= ask[r] for r in range(5))]
        return [lay.confirm + q for q in able] + [lay.cancel]

    # --- applying -----------------------------------------------------------------------------------------
    def _trade_action(self, p: int, a: int) -> None:
        lay = self.lay
        if a == lay.draft:
            self.offers_made += 1
            self.draft_steps = 0
            self.give = [0] * 5
            self.ask = [0] * 5
            self._draft_memo = None
            self.phase = TRADE_DRAFT
            self.events.append(make_event("offer_draft", {"player": p, "give": {}, "ask": {}}, (p,)))
        elif a < lay.propose:
            self._draft_step(p, a - lay.give_add)
        elif a == lay.propose:
            self._propose(p)
        elif a == lay.withdraw_draft:
            self._clear_offer()
            self.events.append(make_event("offer_draft_discarded", {"player": p}, (p,)))
        elif a < lay.confirm:
            self._respond(p, a)
        else:
            self._confirm(p, a)

    def _draft_step(self, p: int, i: int) -> None:
        """Add or remove one card of the draft (``i``: the step's offset from ``give_add``)."""
        on_give, r, d = _STEPS[i]
        give = self.give
        ask = self.ask
        if on_give:
            give[r] += d
        else:
            ask[r] += d
        self.draft_steps += 1
        memo = self._draft_memo
        if memo is not None:  # only this resource's bits and the two flags can have changed
            g = give[r]
            k = ask[r]
            asked = sum(ask)
            memo[1] = (
                (memo[1] & _KEEP[r])
                | ((self.hands[p][r] > g and not k) | (g > 0) << 1 | (not g and k < memo[2][r]) << 2 | (k > 0) << 3)
                << 4 * r
                | (asked < memo[3]) << 20
                | (asked > 0 and any(give)) << 21
            )
        gives, asks = _draft_counts((*give, *ask))
        self.events.append(
            make_event("offer_draft", {"player": p, "give": gives.copy(), "ask": asks.copy(), "step": True}, (p,))
        )

    def _propose(self, p: int) -> None:
        n = self.num_players
        declined = self.declined
        self.responders = [q for q in ((p + k) % n for k in range(1, n)) if not declined[q]]
        self.acceptors = []
        self.st_offers[p] += 1
        self._emit("offer", player=p, give=counts(self.give), ask=counts(self.ask))
        if self.responders:
            self.phase = TRADE_RESPONSE
            self.actor = self.responders[0]
        else:  # pragma: no cover - a draft opens only while someone may answer
            self._clear_offer()

    def _respond(self, q: int, a: int) -> None:
        lay = self.lay
        self.responders.pop(0)
        if a == lay.accept:
            self.acceptors.append(q)
            self.events.append(make_event("accept", {"player": q}, None))
        elif a == lay.reject:
            self.events.append(make_event("reject", {"player": q}, None))
        else:
            self.declined[q] = True
            self.events.append(make_event("reject_all", {"player": q}, None))
        if self.responders:
            self.actor = self.responders[0]
        elif self.acceptors:
            self.phase = TRADE_CONFIRM
            self.actor = self.turn
        else:
            self.events.append(make_event("offer_declined", {"player": self.turn}, None))
            self._clear_offer()

    def _confirm(self, p: int, a: int) -> None:
        lay = self.lay
        if a != lay.cancel:
            q = a - lay.confirm
            hp = self.hands[p]
            hq = self.hands[q]
            for r in range(5):
                g = self.give[r]
                k = self.ask[r]
                hp[r] += k - g
                hq[r] += g - k
            self._main_memo = None  # the hands changed
            self.st_trades[p] += 1
            self.st_trades[q] += 1
            self._emit("trade", player=p, partner=q, give=counts(self.give), ask=counts(self.ask))
        else:
            self._emit("offer_cancelled", player=p)
        self._clear_offer()

    def _clear_offer(self) -> None:
        self.give = [0] * 5
        self.ask = [0] * 5
        self.responders = []
        self.acceptors = []
        self.phase = MAIN
        self.actor = self.turn

    @property
    def offer_pending(self) -> bool:
        """A draft or a proposed offer is on the table (the view shows it)."""
        return self.phase in (TRADE_DRAFT, TRADE_RESPONSE, TRADE_CONFIRM)

    # --- the one-line form (``GameState.phrase_to_actions``) ---------------------------------------------------
    def phrase_to_actions(self, text: str) -> list[int] | None:
        """``offer 2 brick and 1 wool for 1 ore`` -> open a draft, add each card, propose (see trading.py).

        Returns ``None`` for text that is not an offer; raises ``IllegalActionError`` (changing nothing) for an
        offer that cannot be made now, saying why.
        """
        parsed = parse_offer(text)
        if parsed is None:
            return None
        give, ask = parsed
        lay = self.lay
        p = self.current_player()
        if self.phase == TRADE_DRAFT:
            steps = [lay.give_remove + r for r in range(5) for _ in range(self.give[r])]
            steps += [lay.ask_remove + r for r in range(5) for _ in range(self.ask[r])]
        else:
            steps = [lay.draft]
        steps += [lay.give_add + r for r in range(5) for _ in range(give[r])]
        steps += [lay.ask_add + r for r in range(5) for _ in range(ask[r])]
        steps.append(lay.propose)
        trial = self.clone()
        for a in steps:
            if not trial.is_legal(a):
                raise IllegalActionError(trial._why_not(p, a, give, ask))
            trial.apply_unchecked(a)
        return steps

    def _why_not(self, p: int, a: int, give: list[int], ask: list[int]) -> str:
        """Why one step of a typed offer cannot be played (the first refused step decides)."""
        lay = self.lay
        if a == lay.draft:
            if self.phase != MAIN or p != self.turn:
                return "you can offer a trade only in your own turn, after rolling and with nothing else pending"
            if not self.trades:
                return "trades between players are off in this game"
            if self.offers_made >= self.max_offers:
                return f"you have made all {self.max_offers} offers allowed in a turn"
            if not any(self.hands[p]):
                return "you hold no cards to offer"
            return "no other player can answer an offer now (all have declined this turn's offers or hold no cards)"
        if a == lay.propose:
            return "an offer must give at least one card and ask for at least one (no gifts)"
        step, r = divmod(a - lay.give_add, 5)
        res = RESOURCE_NAMES[r]
        if give[r] and ask[r]:
            return f"you cannot give and ask for {res} in one offer"
        if step == 0:
            return f"you hold {self.hands[p][r]} {res}, not {give[r]}"
        per, biggest = self._ask_caps(p)
        if ask[r] > per[r]:
            return f"the other players hold only {per[r]} {res} together"
        return f"no other player holds more than {biggest} cards"


def parse_offer(text: str) -> tuple[list[int], list[int]] | None:
    """``"offer 2 brick, 1 wool for ore"`` -> (give, ask) counts per resource; ``None`` if not an offer.

    A count may be left out (1); resources may be joined by commas or "and"; a malformed offer raises
    ``MalformedActionError`` saying what was not understood.
    """
    words = text.lower().replace(",", " ").split()
    if not words or words[0] != "offer" or "for" not in words:
        return None
    i = words.index("for")
    sides = (words[1:i], words[i + 1 :])
    out: list[list[int]] = []
    for side in sides:
        counts_ = [0] * 5
        k: int | None = None
        for w in side:
            if w == "and":
                continue
            if w.isdigit():
                if k is not None:
                    raise MalformedActionError(f"two numbers in a row in {text.strip()!r}")
                k = int(w)
                if not 1 <= k <= 99:
                    raise MalformedActionError(f"{w} is not a number of cards one can offer")
                continue
            name = w[:-1] if w.endswith("s") and w[:-1] in RESOURCE_NAMES else w
            if name not in RESOURCE_NAMES:
                raise MalformedActionError(f"{w!r} is not a resource (use {', '.join(RESOURCE_NAMES)})")
            counts_[RESOURCE_NAMES.index(name)] += 1 if k is None else k
            k = None
        if k is not None:
            raise MalformedActionError(f"a number without a resource in {text.strip()!r}")
        if not any(counts_):
            raise MalformedActionError("say what you give and what you ask for: offer 2 brick for 1 ore")
        out.append(counts_)
    return out[0], out[1]
