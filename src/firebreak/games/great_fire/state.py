"""Great Fire of London 1666: the game state and every rule of the rulebook.

The state is plain lists of ints indexed by district and seat (see :mod:`.board`). A turn is a small state
machine of phases, each asking the player one kind of decision:

    set-up: place trained bands, then landowners
    FIRE -> (SECOND fire move with a Fire-moves-twice token) -> ACTIONS -> draw -> (INTENSIFY) -> next turn
    FIRE with no possible move -> hand shown -> DISCARD -> INTENSIFY -> ACTIONS

Containment is counted, not stored: a district with ``bands[d] >= fire[d]`` is contained, a trained band sits on
top of a cone while ``min(bands, fire)`` says so, and the rest are free to move. Rulings on ambiguous rules are in
``docs/rulings/great-fire.md``; each is referenced here by its number (R1, R2, ...).
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Any, Generic, TypeVar

from firebreak.core import TERMINAL, ActionChoice, Event, GameState, Rng, SeatSummary
from firebreak.core.parameters import BOARD_KEY
from firebreak.core.text import generic_sentence

from .actions import (
    DEMOLISH,
    DISCARD,
    END_ACTIONS,
    FIRE,
    INTENSIFY,
    MOVE_BAND,
    MOVE_LANDOWNER,
    NO_SECOND_MOVE,
    PLACE_BAND,
    PLACE_LANDOWNER,
    PUT_OUT,
    ActionCodec,
)
from .data import (
    Board,
    DEMOLITION,
    DIRECTION_NAMES,
    DOUBLE_MOVE,
    ONE_VP,
    STACK_LETTERS,
    TOKEN_KINDS,
)
from . import strip
from .choices import action_choices
from .ending import score_notes
from .names import seat_name
from .narrate import describe
from .view import determinize, player_view
from .parameters import stack_counts
from .phases import (
    P_ACTIONS,
    P_BAND,
    P_DISCARD,
    P_FIRE,
    P_INTENSIFY,
    P_OVER,
    P_OWNER,
    P_SECOND,
    STACK,
)
from .route import fire_route
from .tables import PACKAGED, BoardTables, tables_for

BOARD = PACKAGED.board
"""The packaged board (a game on a variant's board reads its own, ``state.tables.board``)."""
CODEC = PACKAGED.codec
RULES = BOARD.rules
COMPILED_DEMOLITION_LIMIT = 3
"""The houses from which _fire.c's demolition sites refuse a district with houses: the printed rule (a variant's
other limit is judged in Python)."""
COLOURS = RULES.colours
FIRE_MOVES_MEMO_SIZE = 4096
"""Fire move lists remembered across positions, per board (see ``GreatFireState.fire_moves``); the table is
emptied when full."""
_FIRE_MOVES_MEMO = PACKAGED.fire_moves_memo
"""The packaged board's memo (tests empty it)."""


T = TypeVar("T")


class _FromTables(Generic[T]):
    """An attribute read from the state's board tables (from the packaged board's when read on the class)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, state: "GreatFireState | None", owner: type | None = None) -> T:
        return getattr(PACKAGED if state is None else state.tables, self.name)  # type: ignore[no-any-return]


class GreatFireState(GameState):
    """One position of a Great Fire game."""

    REVEALS = {
        "card_drawn": "drew a card",
        "fire_stack_revealed": "revealed a fire card",
        "token_taken": "took a token",
    }
    """Drawing from the fire deck (shuffled at set-up) or taking a hidden token cannot be taken back."""

    action_space_takes_options = True
    """The action space is the board's (a variant's board may have more or fewer spaces)."""
    tables: BoardTables = PACKAGED
    """The board this game is played on and the rules' tables built from it (set at set-up, see :mod:`.tables`)."""
    _uncontained_at: tuple[int, int] = (-1, 0)
    """(number of events, uncontained districts as bits) when the fire was last searched: the fire's path told
    with a move reuses the set while no event has happened since (every change to fire or bands has one)."""

    # ------------------------------------------------------------------------------------------------ set-up
    board = _FromTables[Board]("board")
    """The board this game is played on (on the class: the packaged board)."""
    codec = _FromTables[ActionCodec]("codec")
    """This game's action space, whose size and texts follow the board (on the class: the packaged board's)."""

    def __getstate__(self) -> dict[str, Any]:
        """A pickled state (a bot's move in a worker process) leaves its tables behind: the worker finds its own
        from the board the options carry (the action texts' functions cannot be pickled)."""
        out = dict(self.__dict__)
        out.pop("tables", None)
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self.tables = tables_for(self.options.get(BOARD_KEY))

    def _setup(self) -> None:
        rng, n = self.rng, self.num_players
        self.tables = t = tables_for(self.options.get(BOARD_KEY))
        board, N, PL, RULES = t.board, t.n, t.pl, t.rules
        self.houses: list[list[int]] = [[] for _ in range(N)]
        self.rules = rules = self.spec.rules(self.options)
        self.fire: list[int] = list(board.start_fire)
        self.fire[PL] = rules.pudding_lane_start_cones
        self.intensify_cap = t.intensify_cap(rules.intensify_cap_over_houses)
        self.bands: list[int] = [0] * N
        self.demolished: list[bool] = [False] * N
        self.token: list[int] = [-1] * N
        self.stock: int = rules.fire_cones - sum(self.fire)
        self.landowner: list[int] = [-1] * n
        self.hands: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.known: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.deck: list[int] = []
        self.box: list[int] = []
        self.discards: list[int] = []
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.spent_tokens: list[int] = []
        self.destroyed_tokens: list[int] = []
        self.put_out: list[int] = [0] * n
        self.hero: int = -1
        self.lost: list[int] = [0] * len(COLOURS)
        self.ap: int = 0
        self.card: int = -1
        self.double_used: bool = False
        self.intensify_left: int = 0
        self.after_intensify: int = P_ACTIONS
        self.final_turns: int = -1
        self.last_stack_turn: int = -1
        self.turn: int = 0

        # Houses: one bag of 5 per colour per region, the orange region first.
        houses = self.houses
        for region in RULES.region_fill_order:
            bag = list(t.house_bag)
            rng.shuffle(bag)
            for d, size in t.region_districts[region]:
                houses[d] += [bag.pop() for _ in range(size)]
        # Colour cards, and pawns: matching, or drawn at random with Hidden Colours.
        cards = list(range(len(COLOURS)))
        rng.shuffle(cards)
        self.colour: list[int] = cards[:n]
        if self.options["hidden_colours"]:
            pawns = list(range(len(COLOURS)))
            rng.shuffle(pawns)
            self.pawn: list[int] = pawns[:n]
        else:
            self.pawn = list(self.colour)
        for p in range(n):
            self._emit(
                "colour_dealt",
                (p,) if self.options["hidden_colours"] else None,
                player=p,
                colour=COLOURS[self.colour[p]],
            )
        # Tokens face down on the yellow-label districts.
        tokens = [k for k, kind in enumerate(TOKEN_KINDS) for _ in range(RULES.tokens[kind])]
        rng.shuffle(tokens)
        for d in range(N):
            if board.yellow[d]:
                self.token[d] = tokens.pop()
        # Objectives: one from each deck.
        self.objectives: list[list[int]] = [[] for _ in range(n)]
        self.undealt_objectives: list[list[int]] = []
        for _deck, districts in board.objective_decks:
            pile = list(districts)
            rng.shuffle(pile)
            for p in range(n):
                self.objectives[p].append(pile.pop())
            self.undealt_objectives.append(pile)
        for p in range(n):
            self._emit("objectives_dealt", (p,), player=p, districts=[board.names[o] for o in self.objectives[p]])
        # Fire cards: deal 5 each, redealing any hand of five identical cards (R10).
        pile = [dr for dr in range(4) for _ in range(board.fire_card_counts[dr])]
        rng.shuffle(pile)
        for p in range(n):
            while True:
                hand = [pile.pop() for _ in range(rules.hand_size)]
                if len(set(hand)) > 1:
                    break
                self._emit("identical_hand_redealt", None, player=p, direction=DIRECTION_NAMES[hand[0]])
                pile.extend(hand)
                rng.shuffle(pile)
            for c in hand:
                self.hands[p][c] += 1
            self._emit("hand_dealt", (p,), player=p, hand=self._hand_text(self.hands[p]))
        # The deck with its Fire Stack cards: A at the bottom, its cards on it, then B, ...; the rest boxed.
        for i, count in enumerate(stack_counts(n, rules, board)):
            self.deck.append(STACK + i)
            for _ in range(count):
                self.deck.append(pile.pop())
        self.box = pile
        # Start player at random; trained bands and landowners placed in turn order from the start player.
        self.start_player = rng.below(n)
        self.player = self.start_player
        self._emit("start_player", None, player=self.start_player)
        for name in RULES.fixed_trained_bands.get(n, ()):
            d = board.index(name)
            self.bands[d] += 1
            self._emit("trained_band_placed", None, district=name, fixed=True)
        order = [(self.start_player + i) % n for i in range(n)]
        self.setup_bands: list[int] = order * RULES.setup_trained_band_rounds[n]
        self.setup_owners: list[int] = list(order)
        self.phase = P_BAND if self.setup_bands else P_OWNER

    # ------------------------------------------------------------------------------------------------ queries
    def current_player(self) -> int:
        ph = self.phase
        if ph == P_OVER:
            return TERMINAL
        if ph == P_BAND:
            return self.setup_bands[0]
        if ph == P_OWNER:
            return self.setup_owners[0]
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    @classmethod
    def num_distinct_actions(cls, num_players: int, options: dict[str, Any] | None = None) -> int:
        """The action space's size: fixed for a board (it does not depend on the player count)."""
        return tables_for((options or {}).get(BOARD_KEY)).size

    def action_space_size(self) -> int:
        return self.tables.size

    def action_space_key(self) -> Any:
        """The board (its texts are the board's names): ``None`` for the packaged one."""
        return self.tables.key

    def action_to_text(self, action: int) -> str:
        return self.tables.codec.text(action)

    def uncontained(self, d: int) -> bool:
        """Burning with more fire cones than trained bands: fire spreads from and through it."""
        return self.fire[d] > self.bands[d]

    def contained(self, d: int) -> bool:
        return 0 < self.fire[d] <= self.bands[d]

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == P_FIRE:
            p = self.player
            return self.fire_moves([dr for dr in range(4) if self.hands[p][dr]])
        if ph == P_ACTIONS:
            return self._action_phase_moves()
        if ph == P_SECOND:
            moves = self.fire_moves([self.card]) if DOUBLE_MOVE in self.held[self.player] else []
            return moves + [self.tables.no_second_move]
        if ph == P_INTENSIFY:
            base = self.tables.codec.base[INTENSIFY]
            return [base + d for d in self.intensify_targets()]
        if ph == P_DISCARD:
            return [self.tables.codec.discard(dr) for dr in range(4) if self.hands[self.player][dr]]
        if ph == P_BAND:
            return list(self.tables.place_band_menu)
        if ph == P_OWNER:
            return list(self.tables.place_landowner_menu)
        return []

    def fire_moves(self, directions: list[int]) -> list[int]:
        """Every legal fire move with the given card directions, after the Fire Movement Priority.

        A cone leaves a district with 2+ cones whose fire is uncontained, travels freely through the connected
        uncontained fire, and takes its last step along a link playable with the card into a district that is
        not spreading fire itself (a contained fire may be entered: R1), not demolished and not grassed.
        The priority is judged per chosen cone over all its options (rulebook: "for the chosen fire cone"),
        so each source's targets are those of the best tier reachable from its fire.

        Hot path (every turn), so it works on sets of districts held as bits: a connected fire is grown a whole
        frontier at a time, one ``|`` per district gathers its links in all four directions, only the chosen
        sources and targets are unpacked, and the ids are gathered from precomputed tables in ascending order.
        Where the compiled twin was built (``_fire.c``, the same list) it answers instead, without the memory.
        ``directions``: distinct, ascending.
        """
        compiled = self.tables.compiled_moves
        if compiled is not None:
            return compiled.moves(self.fire, self.bands, self.houses, self.demolished, directions)
        uncontained, sources = self._uncontained_and_sources()
        if not sources:
            return []
        t = self.tables
        bits = t.bits
        enterable = t.all & ~uncontained & ~sum(compress(bits, self.demolished))
        housed = sum(compress(bits, self.houses))
        banded = sum(compress(bits, self.bands))
        # The moves are a function of these bit sets and the directions alone: a search meets the same fire in
        # many positions (each determinisation and each line of play that leaves the fire alone), so they are
        # remembered by them (a copy handed out: the caller keeps the list as a position's legal actions).
        key = (uncontained, sources, enterable, housed, banded, *directions)
        memo = t.fire_moves_memo
        known = memo.get(key)
        if known is not None:
            return known[:]
        if len(memo) >= FIRE_MOVES_MEMO_SIZE:
            memo.clear()
        out = self._grow_fire_moves(t, directions, uncontained, sources, enterable, housed, banded)
        memo[key] = out[:]
        return out

    @staticmethod
    def _grow_fire_moves(
        t: BoardTables, directions: list[int], uncontained: int, sources: int, enterable: int, housed: int, banded: int
    ) -> list[int]:
        """:meth:`fire_moves` from its bit sets: the connected fires grown from the sources, each source's
        targets in the best tier of the Fire Movement Priority reachable with the cards."""
        n = t.n
        n2, n3 = 2 * n, 3 * n
        links = t.fire_links_by_bit
        # The Fire Movement Priority's tiers, best first: houses without trained bands, houses with trained bands,
        # no houses and no bands, no houses with trained bands.
        tiers = (housed & ~banded, housed & banded, ~housed & ~banded, ~housed & banded)
        by_source, by_target = t.fire_ids, t.fire_ids_by_target
        out: list[int] = []
        several = directions != sorted(directions)  # else one fire's moves come out in order; several need a sort
        while sources:  # one connected fire at a time, grown from one of its sources (fire without one is idle)
            if out:
                several = True
            comp = frontier = sources & -sources
            reach = 0
            while frontier:
                gathered = 0
                while frontier:
                    low = frontier & -frontier
                    gathered |= links[low]
                    frontier ^= low
                reach |= gathered
                frontier = (gathered | gathered >> n | gathered >> n2 | gathered >> n3) & uncontained & ~comp
                comp |= frontier
            own = sources & comp
            sources ^= own
            rows: list[int] = []  # this fire's sources, ascending
            while own:
                low = own & -own
                rows.append(low.bit_length() - 1)
                own ^= low
            for dr in directions:
                candidates = (reach >> (dr * n)) & enterable
                if not candidates:
                    continue
                for tier in tiers:
                    best = candidates & tier
                    if best:
                        break
                targets = []
                while best:
                    low = best & -best
                    targets.append(low.bit_length() - 1)
                    best ^= low
                # Every source here with every target, in ascending id order, gathered from the id tables.
                base = dr * n
                if len(targets) > 1:
                    pick = itemgetter(*targets)
                    for src in rows:
                        out += pick(by_source[base + src])
                elif len(rows) > 1:
                    out += itemgetter(*rows)(by_target[base + targets[0]])
                else:
                    out.append(by_source[base + rows[0]][targets[0]])
        if several:
            out.sort()
        return out

    def _uncontained_and_sources(self) -> tuple[int, int]:
        """The districts (as bits) whose fire is uncontained, and those of them with 2+ cones (where a fire move
        may start). Only burning districts are visited: they are found at C speed, and are a fraction of the map."""
        t = self.tables
        fire, bands, bits = self.fire, self.bands, t.bits
        uncontained = sources = 0
        for d in compress(t.districts, fire):
            f = fire[d]
            if f > bands[d]:
                uncontained |= bits[d]
                if f >= 2:
                    sources |= bits[d]
        self._uncontained_at = (len(self.events), uncontained)
        return uncontained, sources

    def has_fire_move(self, directions: list[int]) -> bool:
        """Whether :meth:`fire_moves` would offer any move, found without listing them: every connected fire
        holding a source is grown at once, and a move exists if any of them reaches an enterable district."""
        compiled = self.tables.compiled_moves
        if compiled is not None:
            return compiled.exists(self.fire, self.bands, self.houses, self.demolished, directions)
        uncontained, sources = self._uncontained_and_sources()
        if not sources:
            return False
        t = self.tables
        n = t.n
        n2, n3 = 2 * n, 3 * n
        links = t.fire_links_by_bit
        comp = frontier = sources
        reach = 0
        while frontier:
            gathered = 0
            while frontier:
                low = frontier & -frontier
                gathered |= links[low]
                frontier ^= low
            reach |= gathered
            frontier = (gathered | gathered >> n | gathered >> n2 | gathered >> n3) & uncontained & ~comp
            comp |= frontier
        wanted = 0  # the links usable with the given cards
        for dr in directions:
            wanted |= reach >> (dr * n)
        border = wanted & t.all & ~uncontained
        demolished = self.demolished
        while border:  # any district reached that is not demolished will do
            low = border & -border
            if not demolished[low.bit_length() - 1]:
                return True
            border ^= low
        return False

    def intensify_targets(self) -> list[int]:
        """Districts (never Pudding Lane) with an uncontained fire and room under the cap of houses + 2."""
        fire = self.fire
        if self.stock == 0 and not self._cones_elsewhere():
            return []  # no cone to be had anywhere (R3)
        compiled = self.tables.compiled_moves
        if compiled is not None:
            return compiled.intensify_targets(fire, self.bands, self.intensify_cap)  # the same list (see _fire.c)
        cap, bands, pl = self.intensify_cap, self.bands, self.tables.pl
        return [d for d in compress(self.tables.districts, fire) if fire[d] > bands[d] and fire[d] < cap[d] and d != pl]

    def _cones_elsewhere(self) -> bool:
        """Whether a cone could be had once the stock is empty, by the cone economy in play (R3)."""
        economy = self.rules.cone_economy
        if economy == "stock only":
            return False
        return self.fire[self.tables.pl] > 1 or (economy == "hand back" and any(self.put_out))

    def _can_intensify(self) -> bool:
        """Whether :meth:`intensify_targets` is non-empty, stopping at the first target found."""
        fire = self.fire
        if self.stock == 0 and not self._cones_elsewhere():
            return False
        compiled = self.tables.compiled_moves
        if compiled is not None:
            return bool(compiled.intensify_targets(fire, self.bands, self.intensify_cap))
        cap, bands, pl = self.intensify_cap, self.bands, self.tables.pl
        for d in compress(self.tables.districts, fire):
            if fire[d] > bands[d] and fire[d] < cap[d] and d != pl:
                return True
        return False

    def demolition_targets(self) -> list[int]:
        """Districts the active player may demolish now (only if they hold a demolition charge)."""
        if DEMOLITION not in self.held[self.player]:
            return []
        return self.demolition_sites()

    def demolition_sites(self) -> list[int]:
        """Districts a demolition charge could destroy now, judged on public facts only (R12).

        Only districts holding trained bands qualify, so only those few are visited."""
        fire, houses, demolished = self.fire, self.houses, self.demolished
        t = self.tables
        too_big = self.rules.demolition_min_houses
        if t.compiled_moves is not None and too_big == COMPILED_DEMOLITION_LIMIT:  # the same list (see _fire.c)
            return t.compiled_moves.demolition_sites(fire, self.bands, houses, demolished)
        size, neighbours, blocked = t.board.size, t.board.neighbours, t.blocked_for_demolition
        out = []
        for d in compress(t.districts, self.bands):
            if (
                not fire[d]
                and not demolished[d]
                and not blocked[d]
                and (size[d] < too_big or not houses[d])
                and any(map(fire.__getitem__, neighbours[d]))
            ):
                out.append(d)
        return out

    def _action_phase_moves(self) -> list[int]:
        """The action phase menu, built in ascending id order (landowner moves, trained band moves, put out,
        demolitions, end) from the precomputed rows, so it needs no sort."""
        p = self.player
        t = self.tables
        compiled = t.compiled_moves
        rules = self.rules
        ap = self.ap
        # every action affordable (under the printed costs of 1: any point left): the compiled menu is the same list
        full = ap >= max(rules.landowner_move_cost, rules.trained_band_move_cost, rules.put_out_fire_cost)
        if full and compiled is not None:
            out = compiled.action_menu(self.fire, self.bands, self.landowner[p])  # the same ids (see _fire.c)
        elif ap > 0:
            lo = self.landowner[p]
            out = list(t.landowner_moves[lo]) if full or ap >= rules.landowner_move_cost else []
            fire, bands = self.fire, self.bands
            band_moves = t.band_moves
            if full or ap >= rules.trained_band_move_cost:
                for d in compress(t.districts, bands):
                    if bands[d] > fire[d]:  # a free trained band (not pinned on a cone)
                        out += band_moves[d]
            if 0 < fire[lo] <= bands[lo] and (full or ap >= rules.put_out_fire_cost):
                out.append(t.put_out)
        else:
            out = []
        if DEMOLITION in self.held[p] and ap >= rules.demolition_cost:  # free as printed
            base = t.codec.base[DEMOLISH]
            out += [base + d for d in self.demolition_sites()]
        out.append(t.end_actions)
        return out

    # ------------------------------------------------------------------------------------------------ apply
    def _apply(self, action: int) -> None:
        x = self.tables.codec.decode(action)
        k = x.kind
        if k == FIRE:
            self._fire_move(x.direction, x.a, x.b)
        elif k == MOVE_LANDOWNER:
            self.ap -= self.rules.landowner_move_cost
            frm = self.landowner[self.player]
            self.landowner[self.player] = x.a
            self._emit(
                "landowner_moved", None, player=self.player, frm=self.tables.names[frm], to=self.tables.names[x.a]
            )
            self._after_action_point()
        elif k == MOVE_BAND:
            self._move_band(x.a, x.b)
        elif k == PUT_OUT:
            self._put_out()
        elif k == DEMOLISH:
            self._demolish(x.a)
        elif k == END_ACTIONS:
            self._emit("actions_ended", None, player=self.player, unused=self.ap)
            self._draw()
        elif k == NO_SECOND_MOVE:  # told in the log in words that say nothing of the tokens held (R24)
            self._emit("second_move_declined", None, player=self.player)
            self._enter_actions()
        elif k == INTENSIFY:
            self._intensify_one(x.a)
        elif k == DISCARD:
            self._discard(x.direction)
        elif k == PLACE_BAND:
            self.bands[x.a] += 1
            who = self.setup_bands.pop(0)
            self._emit("trained_band_placed", None, player=who, district=self.tables.names[x.a])
            if not self.setup_bands:
                self.phase = P_OWNER
        elif k == PLACE_LANDOWNER:
            who = self.setup_owners.pop(0)
            self.landowner[who] = x.a
            self._emit("landowner_placed", None, player=who, district=self.tables.names[x.a])
            if not self.setup_owners:
                self._begin_turn()
        else:  # pragma: no cover - the base class only passes legal ids
            raise AssertionError(f"unhandled action kind {k}")

    # --- fire ---------------------------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        p = self.player
        self.phase = P_FIRE
        self.card = -1
        self.double_used = False
        self.ap = 0
        self._emit("turn_started", None, player=p, turn=self.turn)
        self._check_pudding_lane()
        moves = self.fire_moves([dr for dr in range(4) if self.hands[p][dr]])
        if moves:
            self._legal = moves  # computed anyway: keep it as this position's legal actions
        else:
            # No possible move: the hand is shown, one card discarded, then three fires intensify (R6).
            self.known[p] = list(self.hands[p])
            self._emit("no_fire_move", None, player=p, hand=self._hand_text(self.hands[p]))
            self.phase = P_DISCARD

    def _play_card(self, p: int, dr: int, kind: str | None) -> None:
        """A card leaves ``p``'s hand for the discards; ``kind``: the event telling it (``None``: told by another)."""
        self.hands[p][dr] -= 1
        if self.known[p][dr]:
            self.known[p][dr] -= 1
        self.discards.append(dr)
        if kind is not None:
            self._emit(kind, None, player=p, direction=DIRECTION_NAMES[dr])

    def _fire_move(self, dr: int, src: int, tgt: int) -> None:
        p = self.player
        at, uncontained = self._uncontained_at  # this position's, if no event has happened since it was found
        known = uncontained if at == len(self.events) else None
        first = self.phase == P_FIRE
        if first:
            self._play_card(p, dr, None)  # told with the fire's path, in the fire_spread event
            self.card = dr
        else:  # the second move of a Fire-moves-twice token
            self.held[p].remove(DOUBLE_MOVE)
            self.spent_tokens.append(DOUBLE_MOVE)
            self.double_used = True
            self._emit("token_played", None, player=p, token="double_move")
        self.spread(src, tgt, dr, first, known)
        # Whether a second move is offered must not tell rivals what the face-down tokens are: the phase opens
        # for any player holding tokens when a second move exists; only a Fire-moves-twice token makes it (R24).
        held = self.held[p]
        if self.phase == P_FIRE and not self.double_used and held:
            if DOUBLE_MOVE in held:  # the second move's list answers whether one exists: kept as the legal actions
                moves = self.fire_moves([dr])
                if moves:
                    moves.append(self.tables.no_second_move)
                    self.phase = P_SECOND
                    self._legal = moves
                    return
            elif self.has_fire_move([dr]):
                self.phase = P_SECOND
                self._legal = [self.tables.no_second_move]
                return
        self._enter_actions()

    def spread(self, src: int, tgt: int, dr: int, card_played: bool = False, uncontained: int | None = None) -> None:
        """Move one cone from ``src`` into ``tgt`` and resolve what the fire does there.

        The event names the burning districts the cone crossed (``via``, see :mod:`.route`), found before the
        cone leaves, and says whether this move played the card (``card_played``; not for a second move).
        ``uncontained``: the uncontained districts as bits, when the caller knows them for this position."""
        p = self.player
        t = self.tables
        names = t.names
        route = fire_route(self.fire, self.bands, dr, src, tgt, uncontained, t)
        self.fire[src] -= 1
        self.fire[tgt] += 1
        self._emit(
            "fire_spread",
            None,
            player=p,
            direction=DIRECTION_NAMES[dr],
            frm=names[src],
            via=list(map(names.__getitem__, route[1:-1])),
            to=names[tgt],
            card_played=card_played,
        )
        if self.bands[tgt] >= self.fire[tgt]:
            # Trained bands not yet fighting fire go on top of the incoming cone: the houses are held.
            self._emit("fire_contained", None, district=names[tgt])
        else:
            lost = self.houses[tgt]
            if lost:
                for c in lost:
                    self.lost[c] += 1
                self.houses[tgt] = []
                self._emit("houses_burnt", None, district=names[tgt], colours=[COLOURS[c] for c in lost])
            tok = self.token[tgt]
            if tok >= 0:
                self.token[tgt] = -1
                self.held[p].append(tok)
                self._emit("token_taken", None, player=p, district=names[tgt])
                self._emit("token_seen", (p,), player=p, token=TOKEN_KINDS[tok])
            need = t.board.size[tgt] - self.fire[tgt]
            if need > 0:
                added = self._supply(need)
                self.fire[tgt] += added
                if added:
                    self._emit("fire_grows", None, district=names[tgt], cones=added)
        self._check_pudding_lane()

    def _check_pudding_lane(self) -> None:
        """Pudding Lane can give no more cones (its last never moves): five more from the stock (R2)."""
        pl = self.tables.pl
        if self.fire[pl] <= 1:
            added = self._supply(self.rules.pudding_lane_refill, for_pudding_lane=True)
            self.fire[pl] += added
            if added:
                self._emit("pudding_lane_refilled", None, cones=added)

    def _supply(self, need: int, for_pudding_lane: bool = False) -> int:
        """Take up to ``need`` cones off the stock for the board, and return how many were had (R3).

        The stock first; then, unless the cone economy is "stock only", Pudding Lane's cones (never its last, and
        not for its own refill); when both are exhausted and the economy is "hand back" (the ruling), each player
        who has put out fire returns one cone to the stock, once for this need.
        """
        got = min(need, self.stock)
        self.stock -= got
        if got < need:
            economy = self.rules.cone_economy
            pl = self.tables.pl
            if not for_pudding_lane and self.fire[pl] > 1 and economy != "stock only":
                take = min(need - got, self.fire[pl] - 1)
                self.fire[pl] -= take
                got += take
                self._emit("cones_from_pudding_lane", None, cones=take)
            if got < need and economy == "hand back":
                givers = [p for p in range(self.num_players) if self.put_out[p]]
                if givers:
                    for p in givers:
                        self.put_out[p] -= 1
                    self.stock += len(givers)
                    self._emit("cones_returned", None, players=givers)
                    more = min(need - got, self.stock)
                    self.stock -= more
                    got += more
        return got

    def _discard(self, dr: int) -> None:
        self._play_card(self.player, dr, "card_discarded")
        self._start_intensify(P_ACTIONS)

    def _start_intensify(self, after: int) -> None:
        self.intensify_left = self.rules.intensify_cones
        self.after_intensify = after
        self._continue_intensify()

    def _continue_intensify(self) -> None:
        if self.intensify_left and not self._can_intensify():
            self._emit("intensify_cones_discarded", None, cones=self.intensify_left)
            self.intensify_left = 0
        if self.intensify_left:
            self.phase = P_INTENSIFY
        elif self.after_intensify == P_ACTIONS:
            self._enter_actions()
        else:
            self._end_turn()

    def _intensify_one(self, d: int) -> None:
        self.fire[d] += self._supply(1)
        self.intensify_left -= 1
        self._emit("fire_intensified", None, player=self.player, district=self.tables.names[d])
        self._check_pudding_lane()
        self._continue_intensify()

    # --- actions ------------------------------------------------------------------------------------------
    def _enter_actions(self) -> None:
        self.phase = P_ACTIONS
        self.ap = self.rules.action_points

    def _after_action_point(self) -> None:
        """With no action points left the phase ends by itself unless a free demolition could still be made.

        Judged on public facts (the player holds some token and a district could be demolished), so waiting
        does not reveal that a face-down token is a demolition charge (R14). Points too few for any action (a
        variant's costs above 1) count as none left.
        """
        if self.ap < self.least_action_cost() and not (
            self.held[self.player] and self.ap >= self.rules.demolition_cost and self.demolition_sites()
        ):
            self._draw()

    def least_action_cost(self) -> int:
        """The fewest action points any action costs (1 under the printed rules): fewer left is none left."""
        rules = self.rules
        return min(rules.landowner_move_cost, rules.trained_band_move_cost, rules.put_out_fire_cost)

    def _move_band(self, src: int, dst: int) -> None:
        self.ap -= self.rules.trained_band_move_cost
        self.bands[src] -= 1
        self.bands[dst] += 1
        names = self.tables.names
        self._emit("trained_band_moved", None, player=self.player, frm=names[src], to=names[dst])
        if self.fire[dst] >= self.bands[dst]:
            # It entered an uncontained fire: it stops and sits on an uncovered cone, pinned.
            self._emit("trained_band_pinned", None, district=names[dst], contained=self.fire[dst] == self.bands[dst])
        self._after_action_point()

    def _put_out(self) -> None:
        p = self.player
        d = self.landowner[p]
        self.ap -= self.rules.put_out_fire_cost
        self.fire[d] -= 1
        self.put_out[p] += 1
        # The band that sat on the removed cone is free again (R4): min(bands, fire) pins one fewer.
        vp = self.rules.cone_vp  # told only where a variant changes it, so the printed game's log is as before
        extra = {} if vp == RULES.cone_vp else {"vp": vp}
        self._emit("fire_put_out", None, player=p, district=self.tables.names[d], total=self.put_out[p], **extra)
        if self.hero != p and (
            (self.hero < 0 and self.put_out[p] >= self.rules.hero_of_london_threshold)
            or (self.hero >= 0 and self.put_out[p] > self.put_out[self.hero])
        ):
            self.hero = p
            self._emit("hero_of_london", None, player=p)
        self._after_action_point()

    def _demolish(self, d: int) -> None:
        p = self.player
        self.ap -= self.rules.demolition_cost  # free as printed
        self.held[p].remove(DEMOLITION)
        self.spent_tokens.append(DEMOLITION)
        self.demolished[d] = True
        lost = self.houses[d]
        for c in lost:
            self.lost[c] += 1
        self.houses[d] = []
        destroyed = self.token[d] >= 0
        if destroyed:
            self.destroyed_tokens.append(self.token[d])
            self.token[d] = -1
        self._emit(
            "district_demolished",
            None,
            player=p,
            district=self.tables.names[d],
            colours=[COLOURS[c] for c in lost],
            token_destroyed=destroyed,
        )
        self._after_action_point()

    # --- draw and turn end ----------------------------------------------------------------------------------
    def _draw(self) -> None:
        p = self.player
        self.phase = P_ACTIONS  # until the turn moves on
        self.ap = 0
        deck = self.deck
        while sum(self.hands[p]) < self.rules.hand_size and deck and deck[-1] < STACK:
            c = deck.pop()
            self.hands[p][c] += 1
            self._emit("card_drawn", None, player=p)
            self._emit("card_seen", (p,), player=p, direction=DIRECTION_NAMES[c])
        if deck and deck[-1] >= STACK:
            letter = STACK_LETTERS[deck.pop() - STACK]
            last = not deck
            if last:
                rules = self.rules
                rounds = rules.final_rounds_more_destruction if self.options["more_destruction"] else rules.final_rounds
                self.final_turns = rounds * self.num_players
                self.last_stack_turn = self.turn
            self._emit(
                "fire_stack_revealed",
                None,
                player=p,
                card=letter,
                last=last,
                final_turns=self.final_turns if last else None,
            )
            self._start_intensify(P_OVER)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.final_turns >= 0 and self.turn != self.last_stack_turn:
            self.final_turns -= 1
            if self.final_turns == 0:
                self._finish()
                return
        self.turn += 1
        self.player = (self.player + 1) % self.num_players
        self._begin_turn()

    def _finish(self) -> None:
        self.phase = P_OVER
        self.ap = 0
        n = self.num_players
        self._emit(
            "game_over",
            None,
            colours=[COLOURS[self.colour[p]] for p in range(n)],
            objectives=[[self.tables.names[o] for o in self.objectives[p]] for p in range(n)],
            tokens=[[TOKEN_KINDS[t] for t in self.held[p]] for p in range(n)],
            scores=self.scores(),
            winners=self.winners(),
        )

    # ------------------------------------------------------------------------------------------------ scoring
    def objective_survived(self, d: int) -> bool:
        """A district survived if it still holds houses and has no uncontained fire."""
        return bool(self.houses[d]) and not self.uncontained(d)

    def score_breakdown(self, p: int) -> dict[str, int]:
        # written out for speed: the search's evaluation asks for every seat at every leaf
        rules = self.rules
        houses, fire, bands, vp = self.houses, self.fire, self.bands, self.tables.board.objective_vp
        objectives = 0
        for o in self.objectives[p]:
            if houses[o] and fire[o] <= bands[o]:  # objective_survived, inlined
                objectives += vp[o]
        parts = {
            "houses": rules.house_vp * (RULES.houses_per_colour - self.lost[self.colour[p]]),
            "fires_put_out": rules.cone_vp * self.put_out[p],
            "objectives": objectives,
            "one_vp_tokens": self.held[p].count(ONE_VP),
            "hero_of_london": rules.hero_of_london_vp if self.hero == p else 0,
        }
        parts["total"] = (
            parts["houses"] + parts["fires_put_out"] + objectives + parts["one_vp_tokens"] + parts["hero_of_london"]
        )
        return parts

    def scores(self) -> list[float]:
        return [float(self.score_breakdown(p)["total"]) for p in range(self.num_players)]

    def tiebreak_key(self, p: int) -> tuple[int, int, int, int]:
        """Score, then fires put out, then intact houses, then objective points (the rulebook's order)."""
        b = self.score_breakdown(p)
        return (b["total"], self.put_out[p], RULES.houses_per_colour - self.lost[self.colour[p]], b["objectives"])

    def winners(self) -> list[int]:
        if self.phase != P_OVER:
            return []
        keys = [self.tiebreak_key(p) for p in range(self.num_players)]
        best = max(keys)
        return [p for p in range(self.num_players) if keys[p] == best]

    def score_sheet(self) -> list[list[tuple[str, float]]]:
        """Each seat's points in the rulebook's scoring order: houses, fires put out, objectives, 1 VP tokens,
        Hero of London (the full sheet; views show rivals' hidden parts only at the end)."""
        out = []
        for p in range(self.num_players):
            b = self.score_breakdown(p)
            out.append(
                [
                    ("Houses", float(b["houses"])),
                    ("Fire cones kept", float(b["fires_put_out"])),
                    ("Objectives", float(b["objectives"])),
                    ("1 VP tokens", float(b["one_vp_tokens"])),
                    ("Hero of London", float(b["hero_of_london"])),
                ]
            )
        return out

    def score_notes(self) -> list[str]:
        """Fires put out against cones kept, and the Hero of London's holder and why; see :mod:`.ending`."""
        return score_notes(self)

    def public_standing(self) -> list[float]:
        """Houses, fires put out and the Hero of London: the score without the hidden objectives and tokens (and,
        with Hidden Colours, without the houses, whose colour is secret)."""
        houses = not self.options["hidden_colours"]
        return [
            float(
                houses * (RULES.house_track_start - RULES.house_vp * self.lost[self.colour[p]])
                + self.rules.cone_vp * self.put_out[p]
                + (RULES.hero_of_london_vp if self.hero == p else 0)
            )
            for p in range(self.num_players)
        ]

    # ------------------------------------------------------------------------------------------------ words
    def player_name(self, seat: int) -> str:
        """``"Purple (P0)"``: the landowner pawn's colour, public even with Hidden Colours, and the seat."""
        return seat_name(COLOURS[self.pawn[seat]], seat)

    def seat_summaries(self, viewer: int | None) -> list[SeatSummary]:
        """Pawn colour, score as far as ``viewer`` may know it, fire cards and tokens counted (see .strip)."""
        return strip.seat_summaries(self, viewer)

    def question(self, viewer: int | None) -> str:
        return strip.question(self, viewer)

    def describe_event(self, event: Event) -> str:
        return describe(event, self.player_name) or generic_sentence(event.kind, event.data, self.player_name)

    def action_choices(self) -> list[ActionChoice]:
        """Fire moves grouped card -> destination, the other actions by kind; see :mod:`.choices`."""
        return action_choices(self)

    # ------------------------------------------------------------------------------------------------ views
    @staticmethod
    def _hand_text(hand: list[int]) -> dict[str, int]:
        return {DIRECTION_NAMES[dr]: hand[dr] for dr in range(4) if hand[dr]}

    def cards_until_intensify(self) -> int:
        """Public: how many fire cards lie above the next Fire Stack card (the deck was built in the open)."""
        for i, c in enumerate(reversed(self.deck)):
            if c >= STACK:
                return i
        return len(self.deck)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees (``None``: a spectator); see :func:`.view.player_view`."""
        return player_view(self, player)

    def state_dict(self) -> dict[str, Any]:
        return {
            "houses": [list(h) for h in self.houses],
            "fire": list(self.fire),
            "bands": list(self.bands),
            "demolished": list(self.demolished),
            "token": list(self.token),
            "stock": self.stock,
            "landowner": list(self.landowner),
            "pawn": list(self.pawn),
            "colour": list(self.colour),
            "hands": [list(h) for h in self.hands],
            "known": [list(h) for h in self.known],
            "deck": list(self.deck),
            "box": list(self.box),
            "discards": list(self.discards),
            "objectives": [list(o) for o in self.objectives],
            "undealt_objectives": [list(o) for o in self.undealt_objectives],
            "held": [list(h) for h in self.held],
            "spent_tokens": list(self.spent_tokens),
            "destroyed_tokens": list(self.destroyed_tokens),
            "put_out": list(self.put_out),
            "hero": self.hero,
            "lost": list(self.lost),
            "phase": self.phase,
            "player": self.player,
            "start_player": self.start_player,
            "ap": self.ap,
            "card": self.card,
            "double_used": self.double_used,
            "intensify_left": self.intensify_left,
            "after_intensify": self.after_intensify,
            "final_turns": self.final_turns,
            "last_stack_turn": self.last_stack_turn,
            "turn": self.turn,
            "setup_bands": list(self.setup_bands),
            "setup_owners": list(self.setup_owners),
        }

    # ------------------------------------------------------------------------------------------------ copies
    def clone(self) -> "GreatFireState":
        s = GreatFireState.__new__(GreatFireState)
        self._copy_base_into(s)
        s.tables = self.tables
        s.houses = list(self.houses)  # a district's list is replaced, never changed, once laid out
        s.fire = list(self.fire)
        s.bands = list(self.bands)
        s.demolished = list(self.demolished)
        s.token = list(self.token)
        s.stock = self.stock
        s.landowner = list(self.landowner)
        s.pawn = self.pawn  # never changes
        s.colour = list(self.colour)
        s.hands = [list(h) for h in self.hands]
        s.known = [list(h) for h in self.known]
        s.deck = list(self.deck)
        s.box = list(self.box)
        s.discards = list(self.discards)
        s.objectives = [list(o) for o in self.objectives]
        s.undealt_objectives = [list(o) for o in self.undealt_objectives]
        s.held = [list(h) for h in self.held]
        s.spent_tokens = list(self.spent_tokens)
        s.destroyed_tokens = list(self.destroyed_tokens)
        s.put_out = list(self.put_out)
        s.hero = self.hero
        s.lost = list(self.lost)
        s.phase = self.phase
        s.player = self.player
        s.start_player = self.start_player
        s.ap = self.ap
        s.rules = self.rules  # never changes
        s.intensify_cap = self.intensify_cap
        s.card = self.card
        s.double_used = self.double_used
        s.intensify_left = self.intensify_left
        s.after_intensify = self.after_intensify
        s.final_turns = self.final_turns
        s.last_stack_turn = self.last_stack_turn
        s.turn = self.turn
        s.setup_bands = list(self.setup_bands)
        s.setup_owners = list(self.setup_owners)
        return s

    def determinize(self, player: int, rng: Rng) -> "GreatFireState":
        """A sample of the hidden information consistent with ``player``'s; see :func:`.view.determinize`."""
        return determinize(self, player, rng)
