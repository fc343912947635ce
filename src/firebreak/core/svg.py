"""SVG text for the games' drawings: a ``<text>`` element and the escaping of its words, shared by every game.

Game-agnostic: a game binds its own conventions once (the anchor its texts use most, how further attributes are
joined on) with :func:`text_helper`, and draws every label through the function it gets back.
"""

from __future__ import annotations

from typing import Protocol


def escape_text(text: str) -> str:
    """``text`` safe as the content of an SVG (XML) element: ``&``, ``<`` and ``>`` as entities.

    What ``xml.sax.saxutils.escape`` does without further entities, without its function-call layers: it is
    called for every label of a board and every cell of its panels. (Quotes need no escaping outside an
    attribute.)"""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


class TextHelper(Protocol):
    """Draws one ``<text>`` element: see :func:`text_helper`."""

    def __call__(
        self,
        x: float,
        y: float,
        text: str,
        size: float = 12,
        anchor: str = ...,
        weight: str = "normal",
        fill: str = "#1d1d1f",
        extra: str = "",
    ) -> str: ...


def text_helper(anchor: str = "start", gap: str = " ", gap_without_extra: str = "") -> TextHelper:
    """A function drawing ``text`` at (``x``, ``y``) as one ``<text>`` element, its words escaped.

    ``_t(x, y, text, size=12, anchor=<anchor>, weight="normal", fill="#1d1d1f", extra="")`` writes the
    coordinates with one decimal, the font size rounded to one decimal (no trailing zeros), then ``gap`` and
    ``extra`` (further attributes, e.g. ``'class="result"'``) if there are any, else ``gap_without_extra``. The
    defaults: texts start at ``x``, further attributes follow after one space. A game whose drawings were made
    with other joins keeps them (the same bytes in its pages and golden files)."""

    def _t(
        x: float,
        y: float,
        text: str,
        size: float = 12,
        anchor: str = anchor,
        weight: str = "normal",
        fill: str = "#1d1d1f",
        extra: str = "",
    ) -> str:
        return (
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{round(size, 1):g}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{gap + extra if extra else gap_without_extra}>'
            f"{escape_text(text)}</text>"
        )

    return _t


svg_text = text_helper()
"""A text starting at ``x``, further attributes after one space: ``svg_text(8, 20, "Score", 14, weight="bold")``."""


__all__ = ["TextHelper", "escape_text", "svg_text", "text_helper"]
