"""The designer's report on one or more simulation jobs: tables with Wilson intervals, plots, and an HTML page.

Everything here reads result rows only (see :func:`firebreak.lab.job.play_task`), so it works for every game.
A game adds its own figures through ``GameSpec.report``: a function ``(rows) -> list of (title,
matplotlib Figure)`` that reads the statistics its ``stats`` hook exported (``json.loads(row["stats"])``).
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firebreak.core import FirebreakError, GameSpec, get_game
from firebreak.core.parameters import describe_options

from .figures import decided_share, figures_by_group, row_standing, winner_lead_curve
from .job import LabError, categorical_stat_names, numeric_stat_names, stat_categories
from .stats import mean_interval, proportion_z_p, wilson_interval
from .store import load_results
from .words import words


@dataclass
class ReportTable:
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Report:
    title: str
    summary: list[str]
    tables: list[ReportTable] = field(default_factory=list)
    figures: list[tuple[str, Any]] = field(default_factory=list)
    """(title, matplotlib Figure) pairs."""
    warnings: list[str] = field(default_factory=list)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo: float, hi: float, pct: bool = True) -> str:
    return f"{_pct(lo)} - {_pct(hi)}" if pct else f"{lo:.2f} - {hi:.2f}"


def load_rows(dirs: Sequence[str | Path]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The manifests and rows of the job directories (all of one game)."""
    manifests: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    for d in dirs:
        manifest, job_rows = load_results(Path(d))
        manifests.append(manifest)
        rows.extend(job_rows)
    games = {m["job"]["game"] for m in manifests}
    if len(games) > 1:
        raise LabError(
            f"these directories hold different games ({', '.join(sorted(games))}); report one game at a time"
        )
    if not rows:
        raise LabError(f"no finished games in {', '.join(map(str, dirs))}")
    return manifests, rows


def seat_table(rows: Sequence[Mapping[str, Any]]) -> ReportTable:
    out = []
    for n in sorted({r["players"] for r in rows}):
        group = [r for r in rows if r["players"] == n]
        for seat in range(n):
            wins = sum(r["shares"][seat] for r in group)
            lo, hi = wilson_interval(wins, len(group))
            out.append(
                [str(n), f"P{seat}", str(len(group)), f"{wins:g}", _pct(wins / len(group)), _ci(lo, hi), _pct(1 / n)]
            )
    return ReportTable(
        "Win rate by seat",
        ["Players", "Seat", "Games", "Wins", "Win rate", "95% Wilson", "Fair share"],
        out,
        "Wins are shares: a win shared by two seats counts a half for each.",
    )


def agent_table(rows: Sequence[Mapping[str, Any]]) -> ReportTable:
    out = []
    for n in sorted({r["players"] for r in rows}):
        group = [r for r in rows if r["players"] == n]
        seats: dict[str, int] = {}
        wins: dict[str, float] = {}
        score: dict[str, float] = {}
        for r in group:
            for seat, label in enumerate(r["agents"]):
                seats[label] = seats.get(label, 0) + 1
                wins[label] = wins.get(label, 0.0) + r["shares"][seat]
                score[label] = score.get(label, 0.0) + r["scores"][seat]
        for label in sorted(seats, key=lambda k: -wins[k] / seats[k]):
            lo, hi = wilson_interval(wins[label], seats[label])
            out.append(
                [
                    str(n),
                    label,
                    str(seats[label]),
                    _pct(wins[label] / seats[label]),
                    _ci(lo, hi),
                    f"{score[label] / seats[label]:.2f}",
                ]
            )
    return ReportTable(
        "Win rate by agent",
        ["Players", "Agent", "Seats played", "Win rate", "95% Wilson", "Mean score"],
        out,
        "Win rate is win share per seat played; a bot no better than the others gets 1/players.",
    )


def player_count_table(rows: Sequence[Mapping[str, Any]]) -> ReportTable:
    out = []
    for n in sorted({r["players"] for r in rows}):
        group = [r for r in rows if r["players"] == n]
        length, llo, lhi = mean_interval([r["length"] for r in group])
        top = [max(r["scores"]) for r in group]
        shared = sum(1 for r in group if len(r["winners"]) > 1)
        out.append(
            [
                str(n),
                str(len(group)),
                f"{length:.1f} ({llo:.1f} - {lhi:.1f})",
                f"{sum(top) / len(top):.2f}",
                _pct(shared / len(group)),
            ]
        )
    return ReportTable(
        "By player count",
        ["Players", "Games", "Mean length in actions (95%)", "Mean winning score", "Shared wins"],
        out,
    )


def first_player_table(rows: Sequence[Mapping[str, Any]]) -> ReportTable:
    out = []
    for n in sorted({r["players"] for r in rows}):
        group = [r for r in rows if r["players"] == n]
        wins = sum(r["shares"][0] for r in group)
        lo, hi = wilson_interval(wins, len(group))
        p = proportion_z_p(wins, len(group), 1 / n)
        if lo > 1 / n:
            verdict = "first player favoured"
        elif hi < 1 / n:
            verdict = "first player disadvantaged"
        else:
            verdict = "no clear advantage"
        out.append([str(n), str(len(group)), _pct(wins / len(group)), _ci(lo, hi), _pct(1 / n), f"{p:.3g}", verdict])
    return ReportTable(
        "First-player advantage",
        ["Players", "Games", "Seat 0 win rate", "95% Wilson", "Fair share", "p (vs fair)", "Verdict"],
        out,
        "Verdict: whether the 95% interval lies wholly above or below the fair share 1/players.",
    )


def stats_table(rows: Sequence[Mapping[str, Any]], spec: GameSpec | None = None) -> ReportTable | None:
    names = numeric_stat_names(rows)
    if not names:
        return None
    out = []
    for name in names:
        values = [float(r[f"stat_{name}"]) for r in rows if isinstance(r.get(f"stat_{name}"), int | float)]
        mean, lo, hi = mean_interval(values)
        out.append(
            [
                words(name, spec),
                str(len(values)),
                f"{mean:.2f}",
                _ci(lo, hi, pct=False) if len(values) > 1 else "-",
                f"{min(values):g}",
                f"{max(values):g}",
            ]
        )
    return ReportTable("Game statistics (per game)", ["Statistic", "Games", "Mean", "95% interval", "Min", "Max"], out)


def category_table(rows: Sequence[Mapping[str, Any]], spec: GameSpec | None = None) -> ReportTable | None:
    """Categorical statistics (texts such as a card's holder, "P0" or "nobody") as shares of games, each with
    its Wilson interval: a holder's seat is a category, so averaging it would mean nothing."""
    names = categorical_stat_names(rows)
    if not names:
        return None
    out = []
    for name in names:
        counts = stat_categories(rows, name)
        total = sum(counts.values())
        for category, k in counts.items():
            lo, hi = wilson_interval(k, total)
            out.append([words(name, spec), category, f"{k} of {total}", _pct(k / total), _ci(lo, hi)])
    return ReportTable(
        "Game statistics by category (share of games)",
        ["Statistic", "Category", "Games", "Share", "95% Wilson"],
        out,
        "Each share is the fraction of the games that reported the statistic.",
    )


def figures_table(rows: Sequence[Mapping[str, Any]], spec: GameSpec | None = None) -> ReportTable:
    """The figures that describe the game (see :mod:`.figures`), per player count and rules, with intervals."""
    groups = figures_by_group(rows, spec)
    # one set of rules for every group (the usual simulate): said once in the title, not on every row
    one_rules = len({rules for _, rules, _ in groups}) == 1
    out = []
    for players, rules, figures in groups:
        for f in figures:
            row = [str(players), f.name, str(f.games), f.text(), f.interval_text()]
            out.append(row if one_rules else [row[0], rules, *row[1:]])
    headers = ["Players", "Figure", "Games", "Value", "95% interval"]
    return ReportTable(
        f"Figures that describe the game ({groups[0][1]})"
        if one_rules and groups
        else "Figures that describe the game",
        headers if one_rules else [headers[0], "Rules", *headers[1:]],
        out,
        "Intervals: Wilson for shares, Student's t for means. A turn is a run of decisions by one "
        "seat; who leads is read from the public score after each turn.",
    )


def _figure(width: float = 7.0, height: float = 3.6):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def score_figure(rows: Sequence[Mapping[str, Any]]):
    fig = _figure()
    ax = fig.add_subplot()
    labels = sorted({label for r in rows for label in r["agents"]})
    data = [[r["scores"][s] for r in rows for s, lab in enumerate(r["agents"]) if lab == label] for label in labels]
    ax.boxplot(data, tick_labels=labels)
    ax.set_title("Final score by agent")
    ax.set_ylabel("score")
    return fig


def seat_score_figure(rows: Sequence[Mapping[str, Any]]):
    fig = _figure()
    ax = fig.add_subplot()
    n = max(r["players"] for r in rows)
    data = [[r["scores"][s] for r in rows if s < r["players"]] for s in range(n)]
    ax.boxplot(data, tick_labels=[f"P{s}" for s in range(n)])
    ax.set_title("Final score by seat")
    ax.set_ylabel("score")
    return fig


def length_figure(rows: Sequence[Mapping[str, Any]]):
    fig = _figure()
    ax = fig.add_subplot()
    for n in sorted({r["players"] for r in rows}):
        ax.hist([r["length"] for r in rows if r["players"] == n], bins=30, alpha=0.6, label=f"{n} players")
    ax.set_title("Game length")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.legend()
    return fig


def seat_win_figure(rows: Sequence[Mapping[str, Any]]):
    fig = _figure()
    ax = fig.add_subplot()
    counts = sorted({r["players"] for r in rows})
    width = 0.8 / len(counts)
    for k, n in enumerate(counts):
        group = [r for r in rows if r["players"] == n]
        rates: list[float] = []
        errs: list[list[float]] = [[], []]
        for seat in range(n):
            wins = sum(r["shares"][seat] for r in group)
            lo, hi = wilson_interval(wins, len(group))
            rates.append(wins / len(group))
            errs[0].append(rates[-1] - lo)
            errs[1].append(hi - rates[-1])
        xs = [s + k * width for s in range(n)]
        ax.bar(xs, rates, width=width, yerr=errs, capsize=3, label=f"{n} players")
        ax.hlines(1 / n, xs[0] - width / 2, xs[-1] + width / 2, colors="grey", linestyles="dashed")
    most = max(counts)
    ax.set_xticks([s + width * (len(counts) - 1) / 2 for s in range(most)], [f"P{s}" for s in range(most)])
    ax.set_title("Win rate by seat (95% Wilson; dashed: fair share)")
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate")
    ax.legend()
    return fig


def decided_figure(rows: Sequence[Mapping[str, Any]]):
    """When games are decided: the share of the game played when the winner takes the lead for good, and the
    share of games whose eventual winner leads alone at each point of the game."""
    fig = _figure(8.0, 3.6)
    left, right = fig.subplots(1, 2)
    shares = [100 * d for r in rows if (s := row_standing(r)) and (d := decided_share(s, r["winners"])) is not None]
    left.hist(shares, bins=[10 * k for k in range(11)], color="#b5532c")
    left.set_title("When the winner takes the lead for good")
    left.set_xlabel("% of the game played")
    left.set_ylabel("games")
    curve = winner_lead_curve(rows)
    right.plot([100 * x for x, _ in curve], [100 * y for _, y in curve], marker="o", color="#2c6cb5")
    right.set_ylim(0, 100)
    right.set_title("Games whose winner leads alone")
    right.set_xlabel("% of the game played")
    right.set_ylabel("% of games")
    return fig


def build_report(dirs: Sequence[str | Path]) -> Report:
    """Read the jobs and compute every table and figure (the game's own figures included)."""
    manifests, rows = load_rows(dirs)
    game = manifests[0]["job"]["game"]
    try:
        spec = get_game(game)
        title = spec.title
    except FirebreakError:
        spec, title = None, game
    summary = []
    for d, m in zip(dirs, manifests, strict=True):
        job = m["job"]
        opts = describe_options(spec.listed_options(job["options"]) if spec is not None else job["options"])
        summary.append(
            f"{d}: {job['players']} players, agents {', '.join(job['agents'])}, seed {job['seed']}, "
            f"{job['games']} games planned, options: {opts}"
        )
    summary.append(f"{len(rows)} finished games in all.")
    report = Report(f"{title}: simulation report", summary)
    if len({r["options"] for r in rows}) > 1:
        report.warnings.append("the jobs use different game options; the tables pool them")
    report.tables += [
        figures_table(rows, spec),
        seat_table(rows),
        first_player_table(rows),
        agent_table(rows),
        player_count_table(rows),
    ]
    for extra in (stats_table(rows, spec), category_table(rows, spec)):
        if extra is not None:
            report.tables.append(extra)
    report.figures += [
        ("Win rate by seat", seat_win_figure(rows)),
        ("Score by agent", score_figure(rows)),
        ("Score by seat", seat_score_figure(rows)),
        ("Game length", length_figure(rows)),
    ]
    if any(row_standing(r) for r in rows):
        report.figures.append(("When games are decided", decided_figure(rows)))
    hook = spec.report if spec is not None else None
    if hook is not None:
        try:
            report.figures += list(hook(rows))
        except Exception as exc:  # noqa: BLE001 - a game's hook must not sink the generic report
            report.warnings.append(f"the game's report hook failed: {type(exc).__name__}: {exc}")
    return report


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "figure"


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return buf.getvalue()


def _html_table(table: ReportTable) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f"<p class='note'>{html.escape(table.note)}</p>" if table.note else ""
    return (
        f"<h2>{html.escape(table.title)}</h2><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"
    )


_STYLE = """body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;color:#1d1d1f}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}.note{color:#555;font-size:.9em}img{max-width:100%}
.warn{color:#a40}"""


def write_report(report: Report, out: str | Path) -> Path:
    """Save each figure as a PNG in ``out`` and one self-contained HTML page (images embedded as base64)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(report.title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(report.title)}</h1>"
    ]
    parts += [f"<p>{html.escape(line)}</p>" for line in report.summary]
    parts += [f"<p class='warn'>Warning: {html.escape(w)}</p>" for w in report.warnings]
    parts += [_html_table(t) for t in report.tables]
    used: set[str] = set()
    for title, fig in report.figures:
        data = _png(fig)
        name = _slug(title)
        while name in used:
            name += "-2"
        used.add(name)
        (folder / f"{name}.png").write_bytes(data)
        encoded = base64.b64encode(data).decode("ascii")
        parts.append(
            f"<h2>{html.escape(title)}</h2><img alt='{html.escape(title)}' src='data:image/png;base64,{encoded}'>"
        )
    parts.append("</body></html>")
    page = folder / "report.html"
    tmp = page.with_name("report.html.tmp")
    tmp.write_text("\n".join(parts), encoding="utf-8")
    tmp.replace(page)
    return page


def report_json(report: Report) -> str:
    """The tables as JSON (for scripts)."""
    return json.dumps({"title": report.title, "tables": [t.__dict__ for t in report.tables]}, indent=1)


__all__ = ["Report", "ReportTable", "build_report", "report_json", "write_report"]
