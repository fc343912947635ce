"""Names of the board's elements, shared by the choices (``ActionChoice.source/target/preview``) and the SVG
(``data-place`` attributes), so a front end can find on the picture the place an action names.

``hex-F`` a hex by its letter, ``node-12`` an intersection, ``path-12-13`` a path (lower node first). These are
ids for programs; the words players read for the same places come from place_words.py.
"""

from __future__ import annotations


def hex_place(label: str) -> str:
    return f"hex-{label}"


def node_place(n: int) -> str:
    return f"node-{n}"


def path_place(u: int, v: int) -> str:
    return f"path-{min(u, v)}-{max(u, v)}"
