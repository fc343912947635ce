"""JSON on the wire: every message to a client is encoded here, once, and shared by every client it suits.

orjson encodes a whole Great Fire update (~75 KB, most of it the SVG board) about ten times faster than the
standard library, and the server encodes one per seat per action: that was a quarter of the server's time under
load. The standard library stays the fallback for the rare value orjson refuses (an integer beyond 64 bits).

What clients send is read by :func:`parse` (the standard library, whose hooks see each number's digits), which
answers every malformed input with its own sentence rather than one for all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # integer keys become strings, as json.dumps writes them


def dumps(msg: Any) -> str:
    """``msg`` as JSON text (UTF-8 kept as is, like ``json.dumps(..., ensure_ascii=False)``)."""
    try:
        return orjson.dumps(msg, option=_OPTIONS).decode("utf-8")
    except TypeError:
        return json.dumps(msg, ensure_ascii=False)


MAX_DEPTH = 16
"""Deepest nesting of lists and objects a client may send (the API's deepest request is 3 levels)."""

LONGEST_NUMBER = 100
"""Most digits of a whole number in an HTTP body (longer ones are refused before any field sees them)."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
"""The whole numbers a WebSocket message may carry (64 bits, as the database and the engine hold them)."""


class BadJson(ValueError):
    """A client's JSON refused; the message is the sentence saying what is wrong with it."""


def parse(raw: str | bytes, what: str = "the message", strict: bool = True) -> Any:
    """A client's JSON (a WebSocket message, an HTTP body), or :class:`BadJson` saying exactly what is wrong:
    not UTF-8, empty, not complete, not JSON (and where), nested deeper than :data:`MAX_DEPTH`, a lone surrogate
    (half of a character), a number of more than :data:`LONGEST_NUMBER` digits, and if ``strict`` a whole number
    outside 64 bits or NaN or Infinity (not strict: those are left to the field that reads them, which names
    itself in its refusal). ``what`` names the text in the sentence ("the request body")."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJson(f"{what} is not UTF-8 text (byte {exc.start + 1} is not part of a UTF-8 character)") from None
    else:
        text = raw
    if not text.strip():
        raise BadJson(f"{what} is empty; it must be a JSON object")
    try:
        value = json.loads(text, parse_int=_whole(what, strict), parse_constant=_constant(what) if strict else None)
    except RecursionError:
        raise BadJson(_too_deep(what)) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise BadJson(f"{what} is not complete JSON (it stops before the end of a value)") from None
        raise BadJson(
            f"{what} is not valid JSON: {exc.msg[:1].lower()}{exc.msg[1:]} at character {exc.pos + 1}"
        ) from None
    _check(value, what)
    return value


def _whole(what: str, in_range: bool) -> Callable[[str], int]:
    def read(digits: str) -> int:
        if len(digits.lstrip("-")) > LONGEST_NUMBER:
            raise BadJson(
                f"{what} has a whole number of {len(digits.lstrip('-'))} digits; the most is {LONGEST_NUMBER}"
            )
        value = int(digits)
        if in_range and not INT_MIN <= value <= INT_MAX:
            raise BadJson(
                f"{what} has the number {digits}, out of range: whole numbers must lie between {INT_MIN} and {INT_MAX}"
            )
        return value

    return read


def _constant(what: str) -> Callable[[str], Any]:
    def refuse(name: str) -> Any:
        raise BadJson(f"{what} has {name}, which is not a number JSON allows")

    return refuse


def _too_deep(what: str) -> str:
    return f"{what} is nested too deeply (more than {MAX_DEPTH} levels of lists and objects)"


def _check(value: Any, what: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and text holding a lone surrogate (``"\\ud800"`` without its
    pair is half a character: nothing can store or show it)."""
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            _text(node, what)
        elif isinstance(node, (dict, list)):
            if depth >= MAX_DEPTH:
                raise BadJson(_too_deep(what))
            items: Iterable[Any]
            if isinstance(node, dict):
                for k in node:
                    _text(k, what)
                items = node.values()
            else:
                items = node
            stack.extend((x, depth + 1) for x in items if isinstance(x, (str, dict, list)))


def _text(s: str, what: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(s[exc.start])
        raise BadJson(f"{what} has a lone surrogate (\\u{code:04x}), half of a character, in its text") from None
