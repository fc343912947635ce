"""What a player must never read: internals on any screen (terminal, log, board SVG text, results).

Shared by every game's sweep test: ``internals(text)`` lists the offending fragments of a rendered text.
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

_SVG_TEXT = re.compile(r"<(text|title|tspan)[^>]*>(.*?)</\1>", re.S)


def svg_words(svg: str) -> str:
    """The words an SVG board shows (its text, tspan and title contents), markup stripped."""
    return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", m.group(2))) for m in _SVG_TEXT.finditer(svg))


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
