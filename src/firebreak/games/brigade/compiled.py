"""The Brigade's compiled Action menu (``_brigade.c``): its table, built once per process, and the flags it is told.

The Action menu is rebuilt after every action of a turn; where the extension was built, ``MENU.menu(...)`` gives
what :meth:`BrigadeState._main_menu_python` gives, the same ids in the same order, several times faster. What
depends on crew abilities and Wardens stays in Python (it reads the cards) and is passed as the bits below.
``MENU`` is ``None`` where there is no extension or ``FIREBREAK_PURE_PYTHON`` is set: the Python path then runs.
``tests/brigade/test_compiled_menu.py`` holds the two equal in every Action phase position of random games.
"""

from __future__ import annotations

from typing import Any

from firebreak.core.encoding import compiled_module

from . import actions as A
from .data import UNIVERSITY_AFF
from .tables import ASH, NB4, NB8, N_POS, tables

MORGANA_FREE = 1
"""A Wagon move is free: Morgana Magos is active and not used this turn."""
EBENEZER_MOVES = 2
"""Ebenezer is active: the Brigade goes through fires and ruins at the usual cost."""
LUMEN_PUTS_OUT = 4
"""Lumen is active: one water less puts out a University fire."""
LEON_READY = 8
"""Leon Bertrand is active and his Wagon Extinguish not used this turn."""
ASH_READY = 16
"""Ash is active (Crew and Warden pack) and his neighbouring extinguish not used this turn."""
WARDEN_USABLE = 32
"""The Warden action (advanced) is not used this turn and has something to do."""
STREET_WISE = 64
"""White firehouse, side 2: a refill anywhere, paying one of the player's renown tokens there."""


def build_menu(module: Any, tracks: tuple[tuple[int, ...], ...] | None = None, water_tokens: int | None = None) -> Any:
    """The extension's table for this game's action space, tracks and board: the printed firehouse tracks and water
    tokens, or a variant's (rule parameters)."""
    T = tables()
    bases = (
        A.END_TURN,
        A.MOVE_BRIGADE,
        A.MOVE_WAGON,
        A.EXTINGUISH,
        A.EXT_W,
        A.REFILL_BRIGADE,
        A.REFILL_WAGON,
        A.REFILL_BOTH,
        A.RECRUIT,
        A.TO_WAGON,
        A.TO_BRIGADE,
        A.UPGRADE,
        A.WARDEN,
        A.WAGON_EXTINGUISH,
        A.ASH_EXTINGUISH,
        A.DISCARD_PRECIOUS,
    )
    assert len(NB8) == len(NB4) == N_POS
    return module.Menu(
        tuple(range(A.NUM_ACTIONS)),
        bases,
        T.tracks if tracks is None else tracks,
        NB8,
        NB4,
        T.box.water_tokens if water_tokens is None else water_tokens,
        UNIVERSITY_AFF,
        T.crew_water[ASH],
    )


def _build() -> Any | None:
    """The compiled table, or ``None`` (no extension, or ``FIREBREAK_PURE_PYTHON``)."""
    module = compiled_module(f"{__package__}._brigade")
    return None if module is None else build_menu(module)


MENU: Any | None = _build()
"""The compiled Action menu (see ``_brigade.c``), or ``None``: the Python path."""

_VARIANT_MENUS: dict[tuple[Any, int], Any] = {}


def variant_menu(tracks: tuple[tuple[int, ...], ...], water_tokens: int) -> Any | None:
    """The compiled table for a variant's firehouse tracks and water tokens (built once per distinct pair and kept),
    or ``None`` for the printed ones (the game uses :data:`MENU`) or where there is no extension."""
    T = tables()
    if MENU is None or (tracks == T.tracks and water_tokens == T.box.water_tokens):
        return None
    key = (tracks, water_tokens)
    found = _VARIANT_MENUS.get(key)
    if found is None:
        if len(_VARIANT_MENUS) >= 64:  # a server's many variants: keep memory bounded
            _VARIANT_MENUS.clear()
        module = compiled_module(f"{__package__}._brigade")
        found = _VARIANT_MENUS[key] = build_menu(module, tracks, water_tokens)
    return found
