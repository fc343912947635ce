"""Catan's rule parameters (the ``parameters`` section of data/components.yaml), checked against its numbers.

Each default must equal the number the same file prints (one source of truth); the state reads the resolved values.
"""

from __future__ import annotations

from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .data import components


def _load() -> tuple:
    data = components()
    params = parameters_from_data(data.parameters, "catan components.yaml")
    for p in params:
        printed = getattr(data, p.name, None)
        if printed is None or p.default != printed:
            raise DataFileError(f"catan components.yaml: parameter {p.name!r} defaults to {p.default}, "
                                f"but the file prints {printed}")
    return params


PARAMETERS = _load()
