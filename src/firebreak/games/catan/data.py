"""Loading and validating the packaged data files (boards and components).

Board and card data live in YAML next to this module; they are checked by pydantic models when loaded, so a
typo in a data file is a :class:`~firebreak.core.DataFileError` naming the file, not a wrong game.
"""

from __future__ import annotations

from functools import cache
from importlib import resources as ir
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from firebreak.core import DataFileError

RESOURCE_NAMES: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore")
TERRAINS = Literal["lumber", "brick", "wool", "grain", "ore", "desert"]
HARBOUR_KINDS = Literal["generic", "lumber", "brick", "wool", "grain", "ore"]
DEV_KINDS: tuple[str, ...] = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cost(_Strict):
    lumber: int = 0
    brick: int = 0
    wool: int = 0
    grain: int = 0
    ore: int = 0

    def as_list(self) -> tuple[int, ...]:
        return tuple(getattr(self, r) for r in RESOURCE_NAMES)


class Costs(_Strict):
    road: Cost
    settlement: Cost
    city: Cost
    development_card: Cost
    fire_station: Cost
    ship: Cost


class Pieces(_Strict):
    roads: int
    settlements: int
    cities: int
    fire_stations: int
    ships: int


class FirestormToll(_Strict):
    """What the firestorm costs: the cards its placer takes from the robbed player, cards per burning building,
    and how many of the robbed player's burning buildings cost nothing."""

    cards_per_building: int
    robbed_free_buildings: int
    cards_taken: int  # from the robbed player, by the player who placed the firestorm


class Components(_Strict):
    resources: list[str]
    costs: Costs
    pieces_per_player: Pieces
    victory_points_to_win: int
    longest_road_min: int
    largest_army_min: int
    fire_wardens_min: int
    fire_wardens_vp: int
    longest_road_vp: int
    largest_army_vp: int
    island_bonus_vp: int
    discard_limit: int
    firestorm: FirestormToll
    parameters: list[dict[str, Any]]  # rule parameters, read by firebreak.core.parameters (see parameters.py)

    @model_validator(mode="after")
    def _order(self) -> Components:
        if tuple(self.resources) != RESOURCE_NAMES:
            raise ValueError(f"resources must be listed in the engine's order {RESOURCE_NAMES}")
        return self


class Harbour(_Strict):
    hex: int
    side: int
    kind: HARBOUR_KINDS


class FixedLayout(_Strict):
    terrain: list[TERRAINS]
    numbers: list[int]


class BoardData(_Strict):
    name: str
    min_players: int
    max_players: int
    rows: list[int]
    bank_per_resource: int
    terrain_counts: dict[TERRAINS, int]
    number_tokens: list[int]
    development_cards: dict[str, int]
    beginner: FixedLayout | None = None
    """The rulebook's fixed starting layout, where one is published (the 5-6 extension prints none)."""
    harbours: list[Harbour]

    @model_validator(mode="after")
    def _consistent(self) -> BoardData:
        n = sum(self.rows)
        if sum(self.terrain_counts.values()) != n:
            raise ValueError(f"terrain counts add up to {sum(self.terrain_counts.values())}, the board has {n} hexes")
        if len(self.number_tokens) != n - self.terrain_counts.get("desert", 0):
            raise ValueError("one number token is needed per non-desert hex")
        if any(t < 2 or t > 12 or t == 7 for t in self.number_tokens):
            raise ValueError("number tokens are 2-6 and 8-12")
        if set(self.development_cards) != set(DEV_KINDS):
            raise ValueError(f"development cards must list exactly {DEV_KINDS}")
        b = self.beginner
        if b is not None:
            self._check_beginner(b, n)
        for h in self.harbours:
            if not 0 <= h.hex < n or not 0 <= h.side < 6:
                raise ValueError(f"harbour {h} is off the board")
        return self

    def _check_beginner(self, b: FixedLayout, n: int) -> None:
        if len(b.terrain) != n or len(b.numbers) != n:
            raise ValueError("the beginner layout needs one terrain and one number per hex")
        counts: dict[str, int] = {}
        for t in b.terrain:
            counts[t] = counts.get(t, 0) + 1
        if counts != dict(self.terrain_counts):
            raise ValueError("the beginner layout's terrain does not match the terrain counts")
        if sorted(x for x, t in zip(b.numbers, b.terrain) if t != "desert") != sorted(self.number_tokens):
            raise ValueError("the beginner layout's numbers do not match the number tokens")
        if any(x != 0 for x, t in zip(b.numbers, b.terrain) if t == "desert"):
            raise ValueError("the desert carries no number token (0)")


def _load_yaml(name: str) -> object:
    try:
        text = ir.files("firebreak.games.catan").joinpath("data").joinpath(name).read_text(encoding="utf-8")
        return yaml.safe_load(text)
    except (OSError, yaml.YAMLError) as exc:
        raise DataFileError(f"catan data file {name}: {exc}") from None


@cache
def components() -> Components:
    try:
        return Components.model_validate(_load_yaml("components.yaml"))
    except ValidationError as exc:
        raise DataFileError(f"catan data file components.yaml is invalid: {exc}") from None


@cache
def board_data(num_players: int) -> BoardData:
    """The board for a player count: the base board for 3-4 players, the 5-6 extension board for 5-6."""
    name = "board_base.yaml" if num_players <= 4 else "board_56.yaml"
    try:
        data = BoardData.model_validate(_load_yaml(name))
    except ValidationError as exc:
        raise DataFileError(f"catan data file {name} is invalid: {exc}") from None
    return data


# --- Seafarers boards ------------------------------------------------------------------------------------------
SEA_TERRAINS = Literal["lumber", "brick", "wool", "grain", "ore", "desert", "gold"]
SIDE_NAMES: tuple[str, ...] = ("ne", "e", "se", "sw", "w", "nw")
BOARDS: tuple[str, ...] = ("base", "seafarers")
"""The board option's values: the base game's island (3-4, or the 5-6 extension) or Seafarers' New Shores."""


class SeaHarbour(_Strict):
    at: tuple[int, int]
    side: Literal["ne", "e", "se", "sw", "w", "nw"]


class LandArea(_Strict):
    hexes: list[tuple[int, int]]
    terrain: dict[SEA_TERRAINS, int]
    numbers: list[int]


class IslandGroup(_Strict):
    hexes: list[list[tuple[int, int]]]
    terrain: dict[SEA_TERRAINS, int]
    numbers: list[int]


class SeaSize(_Strict):
    rows: int
    columns: int


class SeaBoardData(_Strict):
    """A Seafarers scenario: a main island (where players start), small islands, harbours and the sea frame."""

    name: str
    title: str
    players: list[int]
    bank_per_resource: int
    development_cards: dict[str, int]
    sea: SeaSize
    main_island: LandArea
    islands: IslandGroup
    harbours: list[SeaHarbour]
    harbour_kinds: dict[HARBOUR_KINDS, int]
    pirate: tuple[int, int] | None

    @model_validator(mode="after")
    def _consistent(self) -> SeaBoardData:
        def check_area(
            what: str, hexes: list[tuple[int, int]], terrain: dict[SEA_TERRAINS, int], numbers: list[int]
        ) -> None:
            if sum(terrain.values()) != len(hexes):
                raise ValueError(f"{what}: terrain counts add up to {sum(terrain.values())}, it has {len(hexes)} hexes")
            if len(numbers) != len(hexes) - terrain.get("desert", 0):
                raise ValueError(f"{what}: one number token is needed per hex that is not a desert")
            if any(t < 2 or t > 12 or t == 7 for t in numbers):
                raise ValueError(f"{what}: number tokens are 2-6 and 8-12")

        check_area("main island", self.main_island.hexes, self.main_island.terrain, self.main_island.numbers)
        isl = [h for group in self.islands.hexes for h in group]
        check_area("small islands", isl, self.islands.terrain, self.islands.numbers)
        every = self.main_island.hexes + isl + ([self.pirate] if self.pirate else [])
        for r, c in every:
            if r < 1 or r % 2 != 1 or c < 1 or (c % 2 == 0) != (r % 4 == 1):
                raise ValueError(f"hex [{r}, {c}] is not a hex position (odd rows; even columns on rows 1, 5, 9 ...)")
        land = self.main_island.hexes + isl
        if len(set(land)) != len(land):
            raise ValueError("a land hex is listed twice")
        if self.pirate and self.pirate in land:
            raise ValueError("the pirate starts on a sea hex")
        if set(self.development_cards) != set(DEV_KINDS):
            raise ValueError(f"development cards must list exactly {DEV_KINDS}")
        if sum(self.harbour_kinds.values()) != len(self.harbours):
            raise ValueError("one harbour kind is needed per harbour position")
        main = set(self.main_island.hexes)
        for hb in self.harbours:
            if tuple(hb.at) not in main:
                raise ValueError(f"harbour at {hb.at} is not on a main island hex")
        return self


@cache
def sea_board_data(num_players: int) -> SeaBoardData:
    """The New Shores scenario for a player count (3, 4, or 5-6 on the 6-player board)."""
    name = {3: "new_shores_3.yaml", 4: "new_shores_4.yaml"}.get(num_players, "new_shores_6.yaml")
    try:
        data = SeaBoardData.model_validate(_load_yaml(name))
    except ValidationError as exc:
        raise DataFileError(f"catan data file {name} is invalid: {exc}") from None
    if num_players not in data.players:
        raise DataFileError(f"catan data file {name} is not for {num_players} players")
    return data
