"""Plane geometry for checking a board file: polygons, shared borders, corners and polylines, in map units.

The board's links must follow from its drawing (an arrow crosses a border two districts share, a cross sits on a
corner four districts meet at, a bridge crosses the Fleet), so the loader measures the outlines instead of
trusting a hand-written list. Pure Python on a few hundred edges, run once when a board is loaded; nothing here
is on the rules' hot path. Coordinates are map units with y growing south; tolerances are in map units.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import hypot

Point = tuple[float, float]
Polygon = Sequence[Point]

EPS = 1e-6
"""Two points closer than this are the same point; a point this close to a line lies on it."""
MIN_BORDER = 0.5
"""A shared border shorter than this (rounding slivers) is not a border: districts touching there only meet at a
corner."""


def edges(poly: Polygon) -> list[tuple[Point, Point]]:
    """The polygon's sides, the last one closing back to the first point."""
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def area(poly: Polygon) -> float:
    """Signed area (shoelace): positive when the points run clockwise on screen (y south)."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(poly)) / 2


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_touch(a: tuple[float, float, float, float], b: tuple[float, float, float, float], pad: float = EPS) -> bool:
    return a[0] <= b[2] + pad and b[0] <= a[2] + pad and a[1] <= b[3] + pad and b[1] <= a[3] + pad


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _same(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) <= EPS and abs(a[1] - b[1]) <= EPS


def on_segment(p: Point, a: Point, b: Point, tol: float = EPS) -> bool:
    """Whether ``p`` lies on the segment ``ab`` (within ``tol`` of it)."""
    length = hypot(b[0] - a[0], b[1] - a[1])
    if length <= EPS:
        return hypot(p[0] - a[0], p[1] - a[1]) <= tol
    if abs(_cross(a, b, p)) / length > tol:
        return False
    t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (length * length)
    return -tol / length <= t <= 1 + tol / length


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ``ab`` and ``cd`` cross at a single point inside both (touching ends does not count)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)
    )


def simple_polygon_problem(poly: Polygon) -> str | None:
    """Why ``poly`` is not a simple polygon (None if it is): too few corners, a repeated corner, no area, or two
    sides that cross or overlap."""
    n = len(poly)
    if n < 3:
        return "has fewer than 3 corners"
    for i in range(n):
        for j in range(i + 1, n):
            if _same(poly[i], poly[j]):
                return f"repeats the corner {_fmt(poly[i])}"
    sides = edges(poly)
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):  # neighbouring sides share a corner
                first, second = (sides[i], sides[j]) if j == i + 1 else (sides[j], sides[i])
                (a, b), (_, d) = first, second
                if on_segment(d, a, b) or on_segment(a, b, d):
                    return f"folds back on itself at {_fmt(b)}"
                continue
            (a, b), (c, d) = sides[i], sides[j]
            if segments_cross(a, b, c, d) or any(
                on_segment(p, *s) for p, s in ((c, (a, b)), (d, (a, b)), (a, (c, d)), (b, (c, d)))
            ):
                return f"has sides that cross near {_fmt(a)}"
    if abs(area(poly)) <= EPS:
        return "has no area"
    return None


def point_in_polygon(p: Point, poly: Polygon) -> bool:
    """Whether ``p`` lies strictly inside ``poly`` (a point on the outline is not inside)."""
    for a, b in edges(poly):
        if on_segment(p, a, b):
            return False
    inside = False
    x, y = p
    for (x1, y1), (x2, y2) in edges(poly):
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def shared_segments(p: Polygon, q: Polygon) -> list[tuple[Point, Point]]:
    """The pieces of border ``p`` and ``q`` have in common (collinear overlapping sides), each longer than
    :data:`MIN_BORDER`."""
    out = []
    for a, b in edges(p):
        length = hypot(b[0] - a[0], b[1] - a[1])
        if length <= EPS:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        for c, d in edges(q):
            if abs(_cross(a, b, c)) / length > 1e-3 or abs(_cross(a, b, d)) / length > 1e-3:
                continue
            tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
            td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
            lo, hi = max(0.0, min(tc, td)), min(length, max(tc, td))
            if hi - lo > MIN_BORDER:
                out.append(((a[0] + ux * lo, a[1] + uy * lo), (a[0] + ux * hi, a[1] + uy * hi)))
    return out


def has_vertex(poly: Polygon, p: Point, tol: float = 0.5) -> bool:
    """Whether one of the polygon's corners lies at ``p``."""
    return any(hypot(v[0] - p[0], v[1] - p[1]) <= tol for v in poly)


def inward(poly: Polygon, p: Point) -> Point:
    """At the corner ``p`` of ``poly``: a unit vector pointing into the polygon (the bisector of its two sides)."""
    n = len(poly)
    k = min(range(n), key=lambda i: hypot(poly[i][0] - p[0], poly[i][1] - p[1]))
    v = poly[k]
    prev, nxt = poly[k - 1], poly[(k + 1) % n]
    a = _unit((prev[0] - v[0], prev[1] - v[1]))
    b = _unit((nxt[0] - v[0], nxt[1] - v[1]))
    bis = _unit((a[0] + b[0], a[1] + b[1]))
    probe = (v[0] + bis[0] * 0.01, v[1] + bis[1] * 0.01)
    if not point_in_polygon(probe, poly):  # a reflex corner: the bisector points out
        bis = (-bis[0], -bis[1])
    return bis


def normal_into(seg: tuple[Point, Point], poly: Polygon) -> Point:
    """The unit normal of the border ``seg`` that points into ``poly`` (the district on its far side)."""
    (a, b) = seg
    u = _unit((b[0] - a[0], b[1] - a[1]))
    n = (-u[1], u[0])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    probe = (mid[0] + n[0] * 0.01, mid[1] + n[1] * 0.01)
    return n if point_in_polygon(probe, poly) else (-n[0], -n[1])


def on_polyline(p: Point, line: Sequence[Point], tol: float = 0.5) -> bool:
    return any(on_segment(p, line[i], line[i + 1], tol) for i in range(len(line) - 1))


def segment_on_polyline(seg: tuple[Point, Point], line: Sequence[Point], tol: float = 0.5) -> bool:
    """Whether the whole segment runs along the polyline (its ends and middle lie on it)."""
    a, b = seg
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return all(on_polyline(p, line, tol) for p in (a, b, mid))


def midpoint(seg: tuple[Point, Point]) -> Point:
    (a, b) = seg
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def length(seg: tuple[Point, Point]) -> float:
    (a, b) = seg
    return hypot(b[0] - a[0], b[1] - a[1])


def _unit(v: Point) -> Point:
    n = hypot(v[0], v[1]) or 1.0
    return (v[0] / n, v[1] / n)


def _fmt(p: Point) -> str:
    return f"({p[0]:g}, {p[1]:g})"
