"""The Great Fire's page of the lab report: a map of how often each district burns (``GameSpec.extra["report"]``).

It reads the lists its own ``stats`` hook exports (``districts_burnt``, ``districts_demolished``) from the lab's
result rows, and draws every district where it lies on the board (``grid_rect``, y growing northward), shaded by
the share of games in which it burnt down. Demolished districts are counted separately: a district pulled down
to stop the fire did not burn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .board import load_board


def burn_shares(rows: Sequence[Mapping[str, Any]]) -> tuple[dict[str, float], dict[str, float]]:
    """Share of games in which each district burnt down, and in which it was demolished."""
    board = load_board()
    burnt = dict.fromkeys(board.names[: len(board.names) - len(board.grassed)], 0)
    demolished = dict(burnt)
    for row in rows:
        stats = json.loads(row.get("stats") or "{}")
        for name in stats.get("districts_burnt", []):
            if name in burnt:
                burnt[name] += 1
        for name in stats.get("districts_demolished", []):
            if name in demolished:
                demolished[name] += 1
    n = max(1, len(rows))
    return {k: v / n for k, v in burnt.items()}, {k: v / n for k, v in demolished.items()}


def burn_map(rows: Sequence[Mapping[str, Any]]):
    """The board with each district shaded by how often it burnt (and the share demolished in brackets)."""
    from matplotlib import colormaps
    from matplotlib.colors import Normalize
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    board = load_board()
    burnt, demolished = burn_shares(rows)
    fig = Figure(figsize=(12, 5.5), layout="constrained")
    ax = fig.add_subplot()
    cmap = colormaps["inferno_r"]
    norm = Normalize(0.0, 1.0)
    for i, name in enumerate(board.names):
        x0, x1, y0, y1 = board.rects[i]
        if board.grassed_space[i]:
            ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor="#d9ecd0", edgecolor="white", hatch=".."))
            continue
        share = burnt[name]
        ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor=cmap(norm(share)), edgecolor="white"))
        colour = "white" if share > 0.55 else "black"
        extra = f"\n(dem. {demolished[name]:.0%})" if demolished[name] else ""
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, f"{board.codes[i]}\n{share:.0%}{extra}", ha="center", va="center",
                fontsize=7, color=colour)
    xs = [c for r in board.rects for c in r[:2]]
    ys = [c for r in board.rects for c in r[2:]]
    ax.set_xlim(min(xs), max(xs))
    ax.set_ylim(min(ys), max(ys))
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(f"How often each district burnt down ({len(rows)} games; the Thames is at the bottom)")
    fig.colorbar(_mappable(norm, cmap), ax=ax, shrink=0.8,
                 label="share of games burnt down")
    return fig


def _mappable(norm, cmap):
    from matplotlib.cm import ScalarMappable

    return ScalarMappable(norm=norm, cmap=cmap)


def report_figures(rows: Sequence[Mapping[str, Any]]) -> list[tuple[str, Any]]:
    """The lab report hook."""
    return [("Great Fire: how often each district burns", burn_map(rows))]
