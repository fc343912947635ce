"""The Brigade's component data: loaded from ``data/brigade.yaml`` and validated with pydantic.

Values marked *proposed* in the YAML stay there as data, so printed values can replace them without touching code.
The loader turns the YAML into flat integer tables (:class:`BrigadeTables`) that the rules index directly.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from firebreak.core import DataFileError

Pos = tuple[int, int]
SIZE = 6
CORNERS = ((0, 0), (0, 5), (5, 5), (5, 0))
UNIVERSITY = ((2, 2), (2, 3), (3, 2), (3, 3))
AFFILIATIONS = ("Commons", "Nobles Rise", "Council Quarters", "Merchant Markets", "University")
COMMONS, NOBLES, COUNCIL, MERCHANT, UNIVERSITY_AFF = range(5)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayersSpec(_Model):
    min: int = Field(ge=1)
    max: int = Field(le=4)


class UniversitySpec(_Model):
    value: int = Field(ge=1)
    track: int = Field(ge=1)
    start_intensity: int = Field(ge=1)
    names: list[str] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _start_on_track(self) -> "UniversitySpec":
        if self.start_intensity > self.track:
            raise ValueError("the University's starting intensity is beyond its track")
        return self


class BlockSpec(_Model):
    name: str
    value: int = Field(ge=1, le=5)
    track: int = Field(ge=1, le=6)


def _pos(p: list[int]) -> Pos:
    if len(p) != 2 or not all(0 <= x < SIZE for x in p):
        raise ValueError(f"{p} is not a grid position [row, col] in 0..5")
    return (p[0], p[1])


class EventsSpec(_Model):
    starter_firestorms: list[list[list[int]]]
    firestorms: list[list[list[int]]]
    wind_gusts: list[Literal["N", "E", "S", "W"]]
    specials: list[str]
    when_empty: str

    @field_validator("starter_firestorms", "firestorms")
    @classmethod
    def _positions(cls, cards: list[list[list[int]]]) -> list[list[list[int]]]:
        for card in cards:
            if not card:
                raise ValueError("a firestorm card marks at least one position")
            for p in card:
                if _pos(p) in CORNERS:
                    raise ValueError(f"a firestorm marks firehouse corner {p}")
        return cards

    @field_validator("specials")
    @classmethod
    def _known_specials(cls, names: list[str]) -> list[str]:
        unknown = set(names) - set(SPECIAL_EVENTS)
        if unknown:
            raise ValueError(f"unknown special events {sorted(unknown)}")
        return names


SPECIAL_EVENTS = (
    "Upgrade Wagon Capacity",
    "Upgrade Crew Members",
    "Upgrade Leadership",
    "Free Recruit Action",
    "All players place 1 renown",
    "Refill all Brigades",
)
FESTIVAL_EVENTS = ("Arson", "Burning Man Festival", "Dirty Dealings", "Karnaj Celebrates")
BASE_WARDENS = ("Gloria Ignis", "Blitz Haben", "Frith Goldmane", "Glint Dampshot")
ADDON_WARDENS = ("Bernhardt Blaze", "Ester", "White Fang", "Galeela", "Aurath Ether", "Cindy Bustion")
ADDON_CREW = ("Immora", "Ali Ahmar", "Veda Moonbright", "Zilda Garrett", "Ash", "Sir Precious")
BASE_CREW = (
    "Kulari One-Shoe",
    "Del Uge",
    "Mog The Heavy",
    "Gness Smold",
    "Selina Blackflow",
    "Nery Cagehand",
    "Esme Morrow",
    "Walder Ranier",
    "Mal Candor",
    "Chops Murphy",
    "Pep Overclock",
    "Morgana Magos",
    "Leon Bertrand",
    "Lumen",
    "Brother Ben",
    "Ebenezer",
)


class TracksSpec(_Model):
    crew_members: list[int] = Field(min_length=2)
    wagon_capacity: list[int] = Field(min_length=2)
    leadership: list[int] = Field(min_length=2)

    @model_validator(mode="after")
    def _non_decreasing(self) -> "TracksSpec":
        for name in ("crew_members", "wagon_capacity", "leadership"):
            vals = getattr(self, name)
            if any(b < a for a, b in zip(vals, vals[1:])):
                raise ValueError(f"track {name} must never go down")
        if max(self.crew_members) > 3:
            raise ValueError("a Brigade holds at most 3 Crew (rulebook)")
        return self


class StartWater(_Model):
    warden: int = Field(ge=0)
    wagon: int = Field(ge=0)


class WardensSpec(_Model):
    base: list[str]
    addon: list[str]
    advanced_water: int = Field(ge=0)


class CrewSpec(_Model):
    name: str
    affiliation: str
    water: int = Field(ge=0, le=3)

    @field_validator("affiliation")
    @classmethod
    def _aff(cls, v: str) -> str:
        if v not in AFFILIATIONS and v != "none":
            raise ValueError(f"unknown affiliation {v!r}")
        return v


class BigBuildingsSpec(_Model):
    replaces_value: int
    names: dict[Literal["distillery", "frozen_exhibits", "old_tom_oak", "jewelled_aviary"], str]


class BoxSpec(_Model):
    water_tokens: int
    flame_tokens: int
    renown_per_player: int
    loyalty_per_player: int


class RuleNumbers(_Model):
    """Numbers the rulebook's text fixes (the game's end, stealing, movement, upgrades, the first turn, recruiting,
    the Leadership track's bonus)."""

    faction_loyalty_to_win: int
    university_loyalty_to_win: int
    evacuation_destroyed: int
    evacuation_university_destroyed: int
    steal_extra_renown: int
    move_brigade_spaces: int
    upgrades_per_turn: int
    starter_events_drawn: int
    recruit_cards_drawn: int
    leadership_bonus_actions: int
    renown_per_level: int
    water_per_level: int
    destroyed_block_extra_movement: int
    citizens_loyalty_per_affiliation: int


class BrigadeData(_Model):
    players: PlayersSpec
    colours: list[str] = Field(min_length=4, max_length=4)
    firehouse_corners: dict[str, list[int]]
    affiliations: list[str]
    university: UniversitySpec
    blocks: dict[str, list[BlockSpec]]
    events: EventsSpec
    firehouse_tracks: TracksSpec
    start_water: StartWater
    wardens: WardensSpec
    crew: list[CrewSpec]
    crew_addon: list[CrewSpec]
    big_buildings: BigBuildingsSpec
    fire_festival: list[str]
    box: BoxSpec
    rule_numbers: RuleNumbers
    parameters: list[dict[str, Any]]  # rule parameters, read by firebreak.core.parameters (parameters.py)

    @model_validator(mode="after")
    def _consistent(self) -> "BrigadeData":
        if tuple(self.affiliations) != AFFILIATIONS:
            raise ValueError(f"affiliations must be {AFFILIATIONS}")
        if set(self.firehouse_corners) != set(self.colours):
            raise ValueError("every colour needs a firehouse corner")
        if {_pos(p) for p in self.firehouse_corners.values()} != set(CORNERS):
            raise ValueError("the firehouses occupy the four corners")
        if set(self.blocks) != set(AFFILIATIONS[:4]):
            raise ValueError("town blocks are listed for the four town affiliations")
        if sum(len(v) for v in self.blocks.values()) != 28:
            raise ValueError("the town has 28 blocks around the University (rulebook)")
        n_events = (
            len(self.events.starter_firestorms)
            + len(self.events.firestorms)
            + len(self.events.wind_gusts)
            + len(self.events.specials)
        )
        if n_events != 30 or len(self.events.starter_firestorms) != 6:
            raise ValueError("the event deck has 30 cards, 6 of them starters (rulebook)")
        if tuple(c.name for c in self.crew) != BASE_CREW:
            raise ValueError(f"the base crew must be {BASE_CREW} (in that order)")
        if tuple(self.wardens.base) != BASE_WARDENS:
            raise ValueError(f"the base wardens must be {BASE_WARDENS}")
        if tuple(self.wardens.addon) != ADDON_WARDENS:
            raise ValueError(f"the add-on wardens must be {ADDON_WARDENS}")
        if tuple(c.name for c in self.crew_addon) != ADDON_CREW:
            raise ValueError(f"the add-on crew must be {ADDON_CREW} (in that order)")
        if tuple(self.fire_festival) != FESTIVAL_EVENTS:
            raise ValueError(f"the Fire Festival events must be {FESTIVAL_EVENTS}")
        town_vals = [b.value for v in self.blocks.values() for b in v]
        if town_vals.count(self.big_buildings.replaces_value) < 4:
            raise ValueError("Big Buildings needs four town blocks of the replaced value")
        if self.box.flame_tokens < 32:
            raise ValueError("one flame token per burnable block is needed")
        return self


def load_data_text(text: str) -> BrigadeData:
    """Validate YAML text; raise :class:`DataFileError` saying what is wrong."""
    try:
        raw = yaml.safe_load(text)
        return BrigadeData.model_validate(raw)
    except (yaml.YAMLError, ValidationError) as exc:
        raise DataFileError(f"brigade data is invalid: {exc}") from None


@lru_cache(maxsize=1)
def load_data() -> BrigadeData:
    """The packaged data, validated once per process."""
    text = resources.files(__package__).joinpath("data/brigade.yaml").read_text(encoding="utf-8")
    return load_data_text(text)
