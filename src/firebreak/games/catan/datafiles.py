"""Loading and validating the packaged data files (boards and components).

Board and card data live in YAML next to this module; they are checked by pydantic models when loaded, so a
typo in a data file is a :class:`~firebreak.core.DataFileError` naming the file, not a wrong game.
"""

from __future__ import annotations

from functools import cache
from importlib import resources as ir
from typing import Literal

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


class Pieces(_Strict):
    roads: int
    settlements: int
    cities: int
    fire_stations: int


class Components(_Strict):
    resources: list[str]
    costs: Costs
    pieces_per_player: Pieces
    victory_points_to_win: int
    longest_road_min: int
    largest_army_min: int
    fire_wardens_min: int
    discard_limit: int

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
    beginner: FixedLayout
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
        for h in self.harbours:
            if not 0 <= h.hex < n or not 0 <= h.side < 6:
                raise ValueError(f"harbour {h} is off the board")
        return self


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
