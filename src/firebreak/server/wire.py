"""JSON on the wire: every message to a client is encoded here, once, and shared by every client it suits.

orjson encodes a whole Great Fire update (~75 KB, most of it the SVG board) about ten times faster than the
standard library, and the server encodes one per seat per action: that was a quarter of the server's time under
load. The standard library stays the fallback for the rare value orjson refuses (an integer beyond 64 bits).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # integer keys become strings, as json.dumps writes them


def dumps(msg: Any) -> str:
    """``msg`` as JSON text (UTF-8 kept as is, like ``json.dumps(..., ensure_ascii=False)``)."""
    try:
        return orjson.dumps(msg, option=_OPTIONS).decode("utf-8")
    except TypeError:
        return json.dumps(msg, ensure_ascii=False)


def loads(raw: str | bytes) -> Any:
    """Parse a client's message; raises ``ValueError`` when it is not JSON."""
    return orjson.loads(raw)
