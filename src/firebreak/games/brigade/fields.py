"""The fields of :class:`~firebreak.games.brigade.state.BrigadeState`, declared once for the rules' mixins.

The rules are split into mixins (:mod:`.fire`, :mod:`.movement`, :mod:`.loyalty`, :mod:`.wardens`,
:mod:`.decisions`) that read and write the state's fields and call one another's methods. Each mixin derives from
:class:`StateFields`, so the type checker knows every field's type and every method a mixin borrows; at run time
the class adds nothing (no values, no methods: the declarations below are for the type checker only), so the
state's slots, its methods and their order of lookup are those of the classes that define them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from firebreak.core import GameState

    _Base = GameState
else:
    _Base = object

Frame = tuple[Any, ...]
"""A frame of the decision stack: ``(kind, player, ...)``, its other entries depending on the kind (see
:mod:`.frames`)."""

Moves = tuple[int, "tuple[int, ...] | None", "tuple[int, ...]", int, "tuple[int, int, int, int, int]"]
"""What the last Action menu worked out about moves (see ``MovementRules._move_ids``)."""


class StateFields(_Base):
    """Every field of the Brigade's state, with its type (set up in ``BrigadeState._setup``)."""

    # the layout, fixed for the whole game: by position
    st_value: tuple[int, ...]
    st_track: tuple[int, ...]
    st_aff: tuple[int, ...]
    st_name: tuple[str, ...]
    st_big: tuple[int, ...]
    # the seats, fixed: by seat
    colour: tuple[int, ...]
    firehouse: tuple[int, ...]
    warden: tuple[int, ...]
    # the options and rule parameters
    advanced: bool
    big: bool
    festival: bool
    addon: bool
    rules: Any
    track_values: tuple[tuple[int, ...], ...]  # each firehouse track's value at each circle (rule parameters)
    variant_menu: Any  # the compiled Action menu for a variant's tracks and water tokens (None: the printed ones)
    # the board, by position (renown by position * 4 + seat)
    intensity: list[int]
    destroyed: list[int]
    doomed: list[int]
    loyal: list[int]
    renown: list[int]
    # the players' pieces and supplies, by seat (tracks by seat * 3 + track)
    renown_left: list[int]
    loyalty_left: list[int]
    bpos: list[int]
    wpos: list[int]
    wb: list[int]
    ww: list[int]
    tracks: list[int]
    crew: list[list[int]]
    bonus: list[int]
    allegiance: list[bool]
    pyro: list[bool]
    mimic: list[int]
    dawn: list[bool]
    precious: int
    # the decks
    crew_deck: list[int]
    crew_discard: list[int]
    drawn: list[int]
    drawer: int
    event_deck: list[int]
    event_discard: list[int]
    last_event: int
    # the turn
    turn_player: int
    phase: int
    turn_number: int
    used: int
    upgrades_done: int
    upgrade_limit: int
    warden_used: bool
    wagon_bonus_used: bool
    morgana_used: bool
    leon_used: bool
    pink_used: bool
    ash_used: bool
    free_moves: int
    extra_turn: bool
    event_fire: bool
    # pending decisions and the game's end
    stack: list[Frame]
    cache: list[int] | None
    over: bool
    evac: bool
    end_reason: str
    winner: int
    # counts for the end and the statistics
    n_destroyed: int
    n_univ_destroyed: int
    n_extinguished: int
    n_loyalty_gained: int
    _moves: Moves | None

    if TYPE_CHECKING:  # methods one mixin borrows from another or from the state class

        def active(self, p: int, card: int) -> bool:
            raise NotImplementedError

        def brigade_cap(self, p: int) -> int:
            raise NotImplementedError

        def water_supply(self) -> int:
            raise NotImplementedError

        def _renown_for(self, p: int, pos: int, levels: int) -> None:
            raise NotImplementedError

        def winners(self) -> list[int]:
            raise NotImplementedError

        def _abilities(self, p: int) -> list[int]:
            raise NotImplementedError

        def _add_crew(self, p: int, card: int) -> None:
            raise NotImplementedError

        def _advance_track(self, p: int, track: int) -> list[Frame]:
            raise NotImplementedError

        def _crew_cap(self, p: int) -> int:
            raise NotImplementedError

        def _finish(self, reason: str, winner: int = -1) -> None:
            raise NotImplementedError

        def _refill_brigade(self, p: int) -> int:
            raise NotImplementedError

        def _shrink_brigade(self, p: int) -> None:
            raise NotImplementedError

        # FireRules
        def _burnable(self, pos: int) -> bool:
            raise NotImplementedError

        def _destroy(self, pos: int) -> None:
            raise NotImplementedError

        def _increase(self, pos: int, n: int, force: bool = False) -> None:
            raise NotImplementedError

        def _occupied(self, pos: int) -> bool:
            raise NotImplementedError

        def _reduce(self, pos: int, n: int) -> None:
            raise NotImplementedError

        # MovementRules
        def wagon_targets(self, p: int, base: int = 0) -> list[int]:
            raise NotImplementedError

        def _aurath_step(self, f: Frame, a: int) -> None:
            raise NotImplementedError

        def _aurath_steps(self, p: int, rem: int) -> list[int]:
            raise NotImplementedError

        def _move_budget(self, p: int) -> int:
            raise NotImplementedError

        def _push_targets(self, pos: int, victim: int) -> list[int]:
            raise NotImplementedError

        def _valid_end(self, p: int, v: int) -> bool:
            raise NotImplementedError

        # LoyaltyRules
        def _place_renown(self, p: int, pos: int) -> None:
            raise NotImplementedError

        def _renown_targets(self, origin: int, diagonal: bool) -> list[int]:
            raise NotImplementedError

        # WardenRules
        def _card_left_play(self, card: int) -> None:
            raise NotImplementedError

        def _gloria_targets(self, p: int) -> list[int]:
            raise NotImplementedError

        def _own_renown(self, p: int) -> list[int]:
            raise NotImplementedError

        def _removable(self) -> list[int]:
            raise NotImplementedError

        def _swaps(self) -> list[int]:
            raise NotImplementedError

        def _takeable(self, p: int) -> list[int]:
            raise NotImplementedError
