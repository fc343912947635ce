"""What a player must never read: internals on any screen (terminal, log, board SVG text and tooltips, results).

Shared by every game's sweep test: ``internals(text)`` lists the offending fragments of a rendered text, and
``codes(text)`` the codes that stand where words should (place indexes, sea hex numbers, arrows, "click:",
a seat number before its colour, a bot's spec instead of its level).
"""

from __future__ import annotations

import html
import re

_PATTERNS = {
    "None": re.compile(r"\bNone\b"),
    "-1 as a seat": re.compile(r"\bP-1\b|\bseat -1\b|\bfrom -1\b|\bplayer -1\b"),
    "empty brackets": re.compile(r"\[\s*(,\s*)*\]|\(\s*(,\s*)*\)|\{\s*\}"),
    "empty list items": re.compile(r"\[\s*,|,\s*,|,\s*\]"),
    "snake_case": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "True/False": re.compile(r"\b(True|False)\b"),
}

_CODES = {
    "a place by its index": re.compile(r"\b[Ii]ntersections? \d+|\b[Pp]aths? \d+-\d+|\b[Nn]odes? \d+\b"),
    "a sea hex by its number": re.compile(r"\bS\d+\b"),
    "a seat number before its colour": re.compile(
        r"\bP\d+ (?:White|Black|Pink|Orange|Blue|Purple|Red|Green|Yellow|Brown)\b"
    ),
    "an arrow": re.compile(r"->"),
    "a click code": re.compile(r"\bclick:"),
    "a bot's spec": re.compile(r"\((?:greedy|random|mcts)(?:[:=,][^)]*)?\)"),
}

_SVG_TEXT = re.compile(r"<(text|title|tspan)[^>]*>(.*?)</\1>", re.S)
_ARIA = re.compile(r'aria-label="([^"]*)"')


def svg_words(svg: str) -> str:
    """The words an SVG board shows (its text, tspan and title contents, markup stripped) and its tooltips for
    screen readers (every ``aria-label``)."""
    shown = [html.unescape(re.sub(r"<[^>]+>", "", m.group(2))) for m in _SVG_TEXT.finditer(svg)]
    return "\n".join(shown + [html.unescape(m.group(1)) for m in _ARIA.finditer(svg)])


def codes(text: str) -> list[str]:
    """Fragments of ``text`` where a code stands for words: ``Intersection 12``, ``Path 3-4``, ``S12``,
    ``P0 White``, ``->``, ``click:``, ``(greedy)``."""
    found = []
    for line in text.splitlines():
        for what, pattern in _CODES.items():
            for m in pattern.finditer(line):
                found.append(f"{what}: {m.group(0)!r} in {line.strip()[:120]!r}")
    return found


def internals(text: str) -> list[str]:
    """Fragments of ``text`` that look like internals a player should never see."""
    found = []
    for line in text.splitlines():
        if "http://" in line or "https://" in line:
            continue
        for what, pattern in _PATTERNS.items():
            for m in pattern.finditer(line):
                found.append(f"{what}: {m.group(0)!r} in {line.strip()[:120]!r}")
    return found
