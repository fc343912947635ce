"""The Brigade's rule parameters (the ``parameters`` section of data/brigade.yaml), checked against its numbers.

Each default must equal the number the same file prints (one source of truth); the set-up reads the resolved
values.
"""

from __future__ import annotations

from types import SimpleNamespace

from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .data import SPECIAL_EVENTS, load_data

SPECIAL_CARD_PARAMETERS = (
    "upgrade_wagon_capacity_cards",
    "upgrade_crew_members_cards",
    "upgrade_leadership_cards",
    "free_recruit_action_cards",
    "place_renown_cards",
    "refill_all_brigades_cards",
)
"""The parameter giving each special event's number of cards in the deck, in :data:`SPECIAL_EVENTS` order."""


def _load() -> tuple:
    data = load_data()
    params = parameters_from_data(data.parameters, "brigade.yaml")
    printed = {
        "university_start_intensity": data.university.start_intensity,
        "wagon_start_water": data.start_water.wagon,
        "renown_per_player": data.box.renown_per_player,
        "loyalty_per_player": data.box.loyalty_per_player,
        **data.rule_numbers.model_dump(),
        "university_flame_track": data.university.track,
        "town_flame_track_change": 0,  # the tracks each town block prints
        **{name: data.events.specials.count(event) for name, event in zip(SPECIAL_CARD_PARAMETERS, SPECIAL_EVENTS)},
        "wind_gust_cards_per_direction": data.events.wind_gusts.count("N"),
    }
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


def check_rules(num_players: int, rules: SimpleNamespace) -> list[str]:
    """Sentences naming what a set of rule values cannot set up (empty: it can)."""
    if rules.university_start_intensity > rules.university_flame_track:
        return [
            f"rules.university_start_intensity ({rules.university_start_intensity}) is past the end of "
            f"rules.university_flame_track ({rules.university_flame_track}): the University would start destroyed"
        ]
    return []
