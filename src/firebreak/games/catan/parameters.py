"""Catan's rule parameters (the ``parameters`` section of data/components.yaml), checked against its numbers.

Each default must equal the number the same file prints (one source of truth); the state reads the resolved values.
"""

from __future__ import annotations


from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .data import RESOURCE_NAMES, components


def _printed(data: object, name: str) -> object:
    """The number the file prints for a parameter: a cost (``road_cost_lumber``: costs.road.lumber), the
    firestorm's toll (``firestorm_cards_per_building``), a change to the board's development deck (none printed:
    0), a supply of pieces (``roads_per_player``: pieces_per_player.roads), or a top-level number of the same name."""
    if name.endswith("_per_player"):
        return getattr(data.pieces_per_player, name.removesuffix("_per_player"), None)  # type: ignore[attr-defined]
    if "_cost_" in name:
        item, _, resource = name.partition("_cost_")
        return getattr(getattr(data.costs, item, None), resource, None)  # type: ignore[attr-defined]
    if name.startswith("firestorm_"):
        return getattr(data.firestorm, name.removeprefix("firestorm_"), None)  # type: ignore[attr-defined]
    if name.startswith("extra_") and name.endswith("_cards"):
        return 0
    return getattr(data, name, None)


def _load() -> tuple:
    data = components()
    params = parameters_from_data(data.parameters, "catan components.yaml")
    for p in params:
        printed = _printed(data, p.name)
        if printed is None or p.default != printed:
            raise DataFileError(
                f"catan components.yaml: parameter {p.name!r} defaults to {p.default}, but the file prints {printed}"
            )
    return params


PARAMETERS = _load()


COST_ITEMS = ("road", "settlement", "city", "development_card", "fire_station", "ship")
"""The items whose cost is a rule parameter (one parameter per resource in the printed cost), in this order."""


def cost_table(rules: object) -> tuple[tuple[int, ...], ...]:
    """Each item's cost under these rule values (in :data:`COST_ITEMS` order), as a card count per resource
    in the engine's order; a resource the printed cost lacks costs nothing."""
    return tuple(tuple(int(getattr(rules, f"{item}_cost_{r}", 0)) for r in RESOURCE_NAMES) for item in COST_ITEMS)
