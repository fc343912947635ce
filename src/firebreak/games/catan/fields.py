"""The fields and methods of :class:`~firebreak.games.catan.state.CatanState` that its mixins use, declared for
the type checker.

The rules are split into mixins (development cards, trading, Seafarers, views) that read and write the state's
fields and call each other's methods; the fields themselves are slots of ``CatanState``, set up in ``_setup``.
Each mixin derives from :class:`CatanFields` so that a type checker knows every field's type and every method's
signature there. At run time ``CatanFields`` is an empty class (annotations only, no slots, no attributes), so
nothing changes for the engine; for the type checker it derives from ``GameState``, whose fields and methods the
mixins use as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from firebreak.core.game import GameState

    from .actions import Layout
    from .topology import Topology

    _Base = GameState
else:
    _Base = object


class CatanFields(_Base):
    """Annotations of ``CatanState``'s slots (see state.py for what each means) and of the methods its mixins
    call on one another."""

    __slots__ = ()

    _draft_memo: list[Any] | None
    _main_memo: tuple[int, list[int]] | None
    _robbed: int
    acceptors: list[int]
    actor: int
    ask: list[int]
    declined: list[bool]
    fire_left: list[int]
    fire_queue: list[int]
    give: list[int]
    army: list[int]
    army_holder: int
    bank: list[int]
    board: str
    build_vp: list[int]
    buildable: list[bool]
    cities_left: list[int]
    classic: bool
    costs: tuple[tuple[int, ...], ...]
    dev_deck: list[int]
    dev_hand: list[list[int]]
    dev_new: list[list[int]]
    dev_played: bool
    dice: tuple[int, int]
    discard_left: list[int]
    draft_steps: int
    edge_owner: list[int]
    firestorm: bool
    free_roads: int
    gold_left: list[int]
    gold_return: int
    hands: list[list[int]]
    isles: list[list[int]]
    lay: Layout
    max_offers: int
    moving: int
    node_harbour: tuple[int, ...]
    node_level: list[int]
    node_owner: list[int]
    numbers: tuple[int, ...]
    offers_made: int
    over_winners: list[int]
    phase: int
    pirate_hex: int
    pirate_moved: bool
    player_edges: list[list[int]]
    rates: list[list[int]]
    reach: list[set[int]]
    responders: list[int]
    return_phase: int
    road_holder: int
    road_len: list[int]
    roads_left: list[int]
    roll_hexes: tuple[tuple[int, ...], ...]
    sbp: bool
    sbp_queue: list[int]
    settlements_left: list[int]
    setup_idx: int
    setup_node: int
    setup_order: list[int]
    ship_moved: bool
    ships_left: list[int]
    ships_new: list[int]
    sreach: list[set[int]]
    st_burned: list[int]
    st_fire_hex: list[int]
    st_fire_lost: list[int]
    st_sevens: int
    st_taken: list[int]
    st_trades: list[int]
    st_offers: list[int]
    st_maritime: list[int]
    station: list[int]
    stations_left: list[int]
    terrain: tuple[int, ...]
    token_hex: int
    topo: Topology
    trades: bool
    turn: int
    turn_count: int
    turn_limit: int
    wardens_holder: int
    edge_ship: list[int]
    win_vp: int
    rules: Any

    if TYPE_CHECKING:  # methods of CatanState and of the other mixins

        def total_vp(self, p: int) -> int: ...
        def public_vp(self, p: int) -> int: ...
        def _road_spots(self, p: int) -> list[int]: ...
        def _main_actions(self, p: int, full: bool, offer: bool = True) -> list[int]: ...
        def _pay(self, p: int, cost: tuple[int, ...]) -> None: ...
        def _rob(self, p: int) -> None: ...
        def _next_setup(self) -> None: ...
        def _update_longest_road(self) -> None: ...
        def _free_builds(self, p: int) -> list[int]: ...
        def _free_piece_placed(self, p: int) -> None: ...
        def _ship_spots(self, p: int) -> list[int]: ...
        def _movable_ships(self, p: int, spots: list[int] | None = None) -> list[int]: ...
        def _pirate_edges(self) -> tuple[int, ...]: ...
        def _can_open_offer(self, p: int) -> bool: ...
        def _sheet(self, q: int, hidden: bool) -> list[tuple[str, float]]: ...
        @property
        def offer_pending(self) -> bool: ...
