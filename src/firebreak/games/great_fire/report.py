"""The Great Fire's page of the lab report: a map of how often each district burns (``GameSpec.report``).

It reads the lists its own ``stats`` hook exports (``districts_burnt``, ``districts_demolished``) from the lab's
result rows, and draws every district's outline on the map (map units, y growing south), shaded by
the share of games in which it burnt down. Demolished districts are counted separately: a district pulled down
to stop the fire did not burn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from firebreak.core.parameters import BOARD_KEY

from .data import Board
from .tables import tables_for


def board_of(rows: Sequence[Mapping[str, Any]]) -> Board:
    """The board the rows' games were played on: a variant's, carried by their options, or the packaged one."""
    options = json.loads(rows[0].get("options") or "{}") if rows else {}
    return tables_for(options.get(BOARD_KEY) if isinstance(options, dict) else None).board


def burn_shares(rows: Sequence[Mapping[str, Any]]) -> tuple[dict[str, float], dict[str, float]]:
    """Share of games in which each district burnt down, and in which it was demolished."""
    board = board_of(rows)
    burnt = dict.fromkeys((name for i, name in enumerate(board.names) if not board.grassed_space[i]), 0)
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
    from matplotlib.patches import Polygon

    board = board_of(rows)
    burnt, demolished = burn_shares(rows)
    width, height = board.map_size
    fig = Figure(figsize=(12, 12 * height / width * 0.85), layout="constrained")
    ax = fig.add_subplot()
    cmap = colormaps["inferno_r"]
    norm = Normalize(0.0, 1.0)
    ax.add_patch(Polygon(board.thames, facecolor="#cfe6f5", edgecolor="none"))
    for i, name in enumerate(board.names):
        outline = board.outlines[i]
        if board.grassed_space[i]:
            ax.add_patch(Polygon(outline, facecolor="#d9ecd0", edgecolor="white", hatch=".."))
            continue
        share = burnt[name]
        ax.add_patch(Polygon(outline, facecolor=cmap(norm(share)), edgecolor="white"))
        colour = "white" if share > 0.55 else "black"
        extra = f"\n(dem. {demolished[name]:.0%})" if demolished[name] else ""
        ax.text(
            *board.label_at[i],
            f"{board.codes[i]}\n{share:.0%}{extra}",
            ha="center",
            va="center",
            fontsize=7,
            color=colour,
        )
    ax.plot(*zip(*board.fleet), color="#56B4E9", linewidth=2)
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)  # map units grow south
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(f"How often each district burnt down ({len(rows)} games; the Thames is at the bottom)")
    fig.colorbar(_mappable(norm, cmap), ax=ax, shrink=0.8, label="share of games burnt down")
    return fig


def _mappable(norm, cmap):
    from matplotlib.cm import ScalarMappable

    return ScalarMappable(norm=norm, cmap=cmap)


def report_figures(rows: Sequence[Mapping[str, Any]]) -> list[tuple[str, Any]]:
    """The lab report hook."""
    return [("Great Fire: how often each district burns", burn_map(rows))]
