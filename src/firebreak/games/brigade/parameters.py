"""The Brigade's rule parameters (the ``parameters`` section of data/brigade.yaml), checked against its numbers.

Each default must equal the number the same file prints (one source of truth); the set-up reads the resolved
values.
"""

from __future__ import annotations

from types import SimpleNamespace

from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .actions import EXT_B
from .data import SPECIAL_EVENTS, load_data
from .tables import tables

SPECIAL_CARD_PARAMETERS = (
    "upgrade_wagon_capacity_cards",
    "upgrade_crew_members_cards",
    "upgrade_leadership_cards",
    "free_recruit_action_cards",
    "place_renown_cards",
    "refill_all_brigades_cards",
)
"""The parameter giving each special event's number of cards in the deck, in :data:`SPECIAL_EVENTS` order."""


TRACK_KEYS = ("crew_members", "wagon_capacity", "leadership")
"""The firehouse board's tracks as their parameters name them (``crew_members_circle_1``...), in the engine's track
order (crew members, water wagon capacity, leadership)."""


def _track_parameters(data: object) -> dict[str, int]:
    """Each circle's printed value by its parameter's name: ``{"crew_members_circle_1": 0, ...}``."""
    tracks = data.firehouse_tracks  # type: ignore[attr-defined]
    return {f"{key}_circle_{i + 1}": v for key in TRACK_KEYS for i, v in enumerate(getattr(tracks, key))}


def _load() -> tuple:
    data = load_data()
    params = parameters_from_data(data.parameters, "brigade.yaml")
    circles = _track_parameters(data)
    missing = set(circles) - {p.name for p in params}
    if missing:  # the rules read every circle from the resolved values
        raise DataFileError(f"brigade.yaml: the firehouse track circles {sorted(missing)} have no parameter")
    printed = {
        **circles,
        "university_start_intensity": data.university.start_intensity,
        "wagon_start_water": data.start_water.wagon,
        "warden_water": data.start_water.warden,
        "renown_per_player": data.box.renown_per_player,
        "water_tokens": data.box.water_tokens,
        "loyalty_per_player": data.box.loyalty_per_player,
        **data.rule_numbers.model_dump(),
        "university_flame_track": data.university.track,
        "town_flame_track_change": 0,  # the tracks each town block prints
        **{name: data.events.specials.count(event) for name, event in zip(SPECIAL_CARD_PARAMETERS, SPECIAL_EVENTS)},
        "wind_gust_cards_per_direction": data.events.wind_gusts.count("N"),
    }
    if data.wardens.advanced_water != data.start_water.warden:  # one parameter sets the water of either side
        raise DataFileError("brigade.yaml: the Warden card's two sides must hold as much water")
    for event in SPECIAL_EVENTS:  # a parameter sets a special's copies: the deck must hold one to copy
        if event not in data.events.specials:
            raise DataFileError(f"brigade.yaml: the event deck has no {event!r} card")
    gusts = {d: sum(1 for w in data.events.wind_gusts if w == d) for d in "NESW"}
    if len(set(gusts.values())) != 1 or not gusts["N"]:  # one parameter sets the gusts of every direction
        raise DataFileError(f"brigade.yaml: the wind gusts must blow each way as often, not {gusts}")
    for p in params:
        if p.default != printed.get(p.name):
            raise DataFileError(
                f"brigade.yaml: parameter {p.name!r} defaults to {p.default}, but the file prints {printed.get(p.name)}"
            )
    return params


PARAMETERS = _load()


CIRCLES = tuple(len(getattr(load_data().firehouse_tracks, key)) for key in TRACK_KEYS)
"""The circles of each firehouse track (five each, as printed; the last is the blue circle)."""


MAX_BRIGADE_WATER = EXT_B - 1
"""The most water the action space lets a Brigade's Extinguish spend: the printed Warden card's two and three Crew
members of three. ``warden_water`` is bounded (checked below) so that no variant's Brigade holds more, and games
under the printed rules keep their action ids."""


def _check_water_bound() -> None:
    by_name = {p.name: p for p in PARAMETERS}
    most = by_name["warden_water"].maximum + by_name["crew_members_circle_5"].maximum * max(tables().crew_water)
    if most > MAX_BRIGADE_WATER:
        raise DataFileError(
            f"brigade.yaml: a Brigade could hold {most} water under warden_water's maximum, but the Extinguish "
            f"actions spend at most {MAX_BRIGADE_WATER}"
        )


_check_water_bound()


PRINTED_WATER_PER_LEVEL = load_data().rule_numbers.water_per_level
"""Water a level of fire takes as printed (1): the compiled Action menu lists the Extinguish actions for it alone."""
PRINTED_RUIN_MOVEMENT = load_data().rule_numbers.destroyed_block_extra_movement
"""The extra movement into a destroyed block as printed (1): the bitboard searches (``movement._reached`` and the
compiled menu's) count it alone; a variant's other cost goes through ``MovementRules._reach``."""


def track_table(rules: SimpleNamespace) -> tuple[tuple[int, ...], ...]:
    """Each firehouse track's value at each circle under these rule values, in the engine's track order."""
    return tuple(
        tuple(getattr(rules, f"{key}_circle_{i + 1}") for i in range(n)) for key, n in zip(TRACK_KEYS, CIRCLES)
    )


def check_rules(num_players: int, rules: SimpleNamespace) -> list[str]:
    """Sentences naming what a set of rule values cannot set up (empty: it can)."""
    problems = []
    if rules.university_start_intensity > rules.university_flame_track:
        problems.append(
            f"rules.university_start_intensity ({rules.university_start_intensity}) is past the end of "
            f"rules.university_flame_track ({rules.university_flame_track}): the University would start destroyed"
        )
    for key, values in zip(TRACK_KEYS, track_table(rules)):
        for i in range(1, len(values)):
            if values[i] < values[i - 1]:  # an upgrade never takes away what the tracker had
                problems.append(
                    f"rules.{key}_circle_{i + 1} ({values[i]}) is less than rules.{key}_circle_{i} "
                    f"({values[i - 1]}): an Upgrade never lowers a track"
                )
    if rules.wagon_start_water > rules.wagon_capacity_circle_1:
        problems.append(
            f"rules.wagon_start_water ({rules.wagon_start_water}) is more than rules.wagon_capacity_circle_1 "
            f"({rules.wagon_capacity_circle_1}): the Wagon could not carry its starting water"
        )
    start = num_players * (rules.warden_water + rules.wagon_start_water)
    if start > rules.water_tokens:
        problems.append(
            f"rules.water_tokens ({rules.water_tokens}) is fewer than the {start} water tokens the players start with"
        )
    return problems
