"""The Brigade's rule parameters (the ``parameters`` section of data/brigade.yaml), checked against its numbers.

Each default must equal the number the same file prints (one source of truth); the set-up reads the resolved
values.
"""

from __future__ import annotations

from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .data import load_data


def _load() -> tuple:
    data = load_data()
    params = parameters_from_data(data.parameters, "brigade.yaml")
    printed = {
        "university_start_intensity": data.university.start_intensity,
        "wagon_start_water": data.start_water.wagon,
        "renown_per_player": data.box.renown_per_player,
        "loyalty_per_player": data.box.loyalty_per_player,
        **data.rule_numbers.model_dump(),
    }
    for p in params:
        if p.default != printed.get(p.name):
            raise DataFileError(
                f"brigade.yaml: parameter {p.name!r} defaults to {p.default}, but the file prints {printed.get(p.name)}"
            )
    return params


PARAMETERS = _load()
