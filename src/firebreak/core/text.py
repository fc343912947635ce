"""Small helpers for English a player reads: plurals, articles, lists, and the generic event sentence.

Every game builds its sentences from these, so "1 cone", "an East card" and "Red, Blue and Green" come out right
everywhere instead of being concatenated by hand in twenty places.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

_IRREGULAR = {"person": "people", "child": "children", "man": "men", "woman": "women", "foot": "feet"}


def plural_of(word: str) -> str:
    """The plural of a (last) English noun: cone -> cones, city -> cities, match -> matches."""
    if not word:
        return word
    head, _, last = word.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        out = _IRREGULAR[lower]
        out = out[:1].upper() + out[1:] if last[:1].isupper() else out
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        out = last + "es"
    elif lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        out = last[:-1] + "ies"
    else:
        out = last + "s"
    return f"{head} {out}" if head else out


def plural(count: int | float, word: str, many: str | None = None) -> str:
    """``count`` and the noun in the right number: ``plural(1, "cone")`` -> ``"1 cone"``, 2 -> ``"2 cones"``."""
    shown = int(count) if float(count).is_integer() else count
    noun = word if shown == 1 else (many or plural_of(word))
    return f"{shown} {noun}"


def article(phrase: str) -> str:
    """The phrase with "a" or "an" before it: ``article("East card")`` -> ``"an East card"``."""
    first = phrase.lstrip()[:1].lower()
    use_an = first in "aeiou" and not phrase.lower().startswith(("one", "uni", "use", "eu"))
    if phrase.lower().startswith(("hour", "honest", "heir")):
        use_an = True
    return f"{'an' if use_an else 'a'} {phrase}"


def join_words(items: Iterable[str], last: str = "and") -> str:
    """``["Red", "Blue", "Green"]`` -> ``"Red, Blue and Green"``; one item stays as it is; none gives ``""``."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def capitalise(text: str) -> str:
    """The first letter upper-case, the rest untouched (``str.capitalize`` would lower the rest)."""
    return text[:1].upper() + text[1:]


def seat_label(seat: int) -> str:
    """A seat as every screen numbers it: from 0, ``P0``, ``P1``, ..."""
    return f"P{seat}"


def generic_sentence(kind: str, data: Mapping[str, Any], name: Any = seat_label) -> str:
    """A plain sentence for an event a game has no wording for: actor, what happened, the details.

    Only a fallback: every game narrates its own events (``GameState.describe_event``).
    """
    for key in ("message", "text"):
        if isinstance(data.get(key), str):
            return data[key]
    actor = next((data[k] for k in ("player", "seat") if type(data.get(k)) is int), None)
    words = kind.replace("_", " ")
    details = ", ".join(
        f"{k.replace('_', ' ')} {_value_text(v)}"
        for k, v in data.items()
        if not (k in ("player", "seat") and v == actor)
    )
    head = f"{name(actor)} {words}" if actor is not None else capitalise(words)
    return f"{head}: {details}." if details else f"{head}."


def _value_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_text(v)}" for k, v in value.items()) or "none"
    if value is None:
        return "none"
    return str(value)
