"""Generate the Great Fire board file (src/firebreak/games/great_fire/data/board.yaml) from 1666 London.

Run on demand, not at runtime (needs the "board" extra: numpy and scipy):
    .venv/bin/python scripts/great_fire_board.py [--check]

How the map is made, so a corrected board can be made the same way:
1. Every district and field has a seed at its real place: latitude and longitude of its church, hall, gate or
   street (``SEEDS``; the source of each is named), projected to map units (x east, y south; y stretched by
   ``LON_STEPS``/``LAT_STEPS`` so the dense centre of the City gets room). Where a link the rulebook fixes needs
   it, the seed stands elsewhere (``CORE``); every such move is noted on the district in the file.
2. The land (north of the Thames bank) is cut in two along the River Fleet; each side is divided among its seeds
   by a Voronoi diagram clipped to that side, so districts share whole borders and the Fleet is a border.
3. At each four-way cross the rulebook needs (``CROSSES``), the short border between one diagonal pair is shrunk
   to a point, so the four districts meet at one corner.
4. Coordinates are rounded to whole map units; labels sit at each outline's centroid.
5. Links follow from the outlines: an arrow across every shared border (direction: the border's normal, rounded
   to the nearest compass point), a cross for both diagonals of each four-way corner, a bridge where the Fleet's
   bridges stand.
The loader (``firebreak.games.great_fire.data``) then checks the result against the rulebook; ``--check``
builds the board from the written file and prints every problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy.spatial import ConvexHull, Voronoi

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "firebreak" / "games" / "great_fire" / "data" / "board.yaml"

WIDTH, HEIGHT = 1600, 1000
LON_STEPS = ([-0.1185, -0.1046, -0.0990, -0.0780, -0.0700, -0.0530], [0, 200, 330, 1290, 1400, 1600])
LAT_STEPS = ([51.5060, 51.5095, 51.5175, 51.5195, 51.5245], [1000, 860, 230, 110, 0])
"""Map units at chosen longitudes and latitudes, straight in between: the City inside the wall is stretched
(about 46,000 units a degree east-west, 79,000 north-south) and the outskirts squeezed, as on a game board."""

SOURCES = {
    "wikipedia": {
        "title": "Wikipedia: coordinates in the article of each church, hall, gate, street or ward "
        "named (en.wikipedia.org, e.g. St Benet Sherehog, Tallow Chandlers' Hall, Sion "
        "College, Billingsgate)",
        "url": "https://en.wikipedia.org/",
    },
    "agas": {
        "title": "Civitas Londinum (the 'Agas' map, c. 1561), Map of Early Modern London",
        "url": "https://mapoflondon.uvic.ca/agas.htm",
    },
    "hollar": {
        "title": "Wenceslaus Hollar, map of the City after the Great Fire, 1666 (the burnt area)",
        "url": "https://en.wikipedia.org/wiki/Great_Fire_of_London",
    },
    "wards": {
        "title": "Wards of the City of London (Wikipedia, with the ward map)",
        "url": "https://en.wikipedia.org/wiki/Wards_of_the_City_of_London",
    },
    "rulebook": {
        "title": "The Great Fire of London 1666 rulebook (Richard Denning, 2010): districts it names",
        "url": "https://boardgamegeek.com/boardgame/64956/the-great-fire-of-london-1666",
    },
}

# name, code, region, houses, yellow label, objective (deck, vp) or None, latitude, longitude, source (its real
# place; CORE moves a seed where a rulebook link needs it).
P, B, G, O = "purple", "blue", "green", "orange"
SEEDS: list[tuple] = [
    # ---- green: the fire's start and the City's centre
    ("Pudding Lane", "PL", G, 0, False, None, 51.5100, -0.0866, "rulebook"),
    ("Voyners Hall", "VH", G, 3, False, ("I", 6), 51.5102, -0.0935, "wikipedia"),
    ("Tallow Hall", "TH", G, 3, False, ("I", 6), 51.5110, -0.0913, "wikipedia"),
    ("S. Bennet", "SB", G, 3, False, ("II", 4), 51.5127, -0.0912, "wikipedia"),
    ("S. Mary", "SM", G, 3, False, ("I", 6), 51.5127, -0.0880, "wikipedia"),
    ("Candlewick Ward", "CW", G, 3, False, ("I", 6), 51.5118, -0.0862, "wards"),
    ("Bridgeward", "BR", G, 3, False, ("I", 6), 51.5118, -0.0842, "wards"),
    ("Royal Exchange", "RE", G, 4, False, ("II", 4), 51.5136, -0.0886, "wikipedia"),
    ("Gracechurch", "GR", G, 1, True, None, 51.5128, -0.0848, "wikipedia"),
    ("Leadenhall", "LE", G, 1, True, None, 51.5130, -0.0833, "wikipedia"),
    ("Queenhithe", "QU", G, 1, True, None, 51.5103, -0.0955, "wikipedia"),
    ("Cornhill", "CO", G, 1, False, None, 51.5135, -0.0862, "wards"),
    ("Lime Street", "LS", G, 1, False, None, 51.5133, -0.0820, "wards"),
    ("Threadneedle Street", "TS", G, 1, False, None, 51.5143, -0.0872, "wikipedia"),
    ("Walbrook", "WA", G, 2, False, None, 51.5105, -0.0915, "wards"),
    # ---- orange: east, the Tower
    ("Billingsgate", "BI", O, 3, False, ("I", 6), 51.5092, -0.0832, "wikipedia"),
    ("Philpott Lane", "PA", O, 3, False, ("I", 6), 51.5104, -0.0830, "wikipedia"),
    ("Pepys House", "PH", O, 3, False, ("I", 6), 51.5114, -0.0820, "wikipedia"),
    ("Custom House", "CH", O, 3, False, ("II", 4), 51.5093, -0.0812, "wikipedia"),
    ("Tower of London", "TO", O, 3, False, ("II", 4), 51.5086, -0.0759, "wikipedia"),
    ("Aldgate", "AL", O, 4, False, ("III", 2), 51.5138, -0.0768, "wikipedia"),
    ("Whitechapel", "WH", O, 3, False, ("III", 2), 51.5150, -0.0700, "wikipedia"),
    ("All Hallows", "AH", O, 1, True, None, 51.5099, -0.0795, "wikipedia"),
    ("Fenchurch", "FE", O, 1, True, None, 51.5120, -0.0803, "wikipedia"),
    ("Duke's Place", "DP", O, 1, True, None, 51.5140, -0.0785, "wikipedia"),
    ("Tower Hill", "TI", O, 1, True, None, 51.5100, -0.0768, "wikipedia"),
    ("Bethnal", "BE", O, 1, True, None, 51.5210, -0.0640, "wikipedia"),
    ("Hounds Ditch", "HD", O, 1, False, None, 51.5160, -0.0785, "wikipedia"),
    ("St. Botolphs", "SO", O, 1, False, None, 51.5163, -0.0740, "wikipedia"),
    ("Tower Street", "TW", O, 1, False, None, 51.5103, -0.0810, "wards"),
    # ---- blue: north, inside and outside the wall
    ("Guild Hall", "GH", B, 4, False, ("II", 4), 51.5155, -0.0922, "wikipedia"),
    ("Brewer's Hall", "BH", B, 3, False, ("III", 2), 51.5165, -0.0935, "wikipedia"),
    ("Sion College", "SC", B, 3, False, ("III", 2), 51.5177, -0.0935, "wikipedia"),
    ("Finsbury", "FI", B, 3, False, ("III", 2), 51.5200, -0.0900, "wikipedia"),
    ("Bishopsgate", "BO", B, 3, False, ("III", 2), 51.5158, -0.0820, "wikipedia"),
    ("Coleman Street", "CS", B, 1, True, None, 51.5150, -0.0897, "wards"),
    ("Broad Street", "BS", B, 1, True, None, 51.5162, -0.0848, "wards"),
    ("Moorgate", "MO", B, 1, True, None, 51.5177, -0.0900, "wikipedia"),
    ("St Helens", "SH", B, 1, True, None, 51.5147, -0.0812, "wikipedia"),
    ("Wood Street", "WS", B, 1, True, None, 51.5158, -0.0950, "wikipedia"),
    ("Artillery Ground", "AG", B, 1, True, None, 51.5190, -0.0770, "wikipedia"),
    ("Aldersgate", "AD", B, 2, False, None, 51.5172, -0.0972, "wikipedia"),
    ("Cripplegate", "CR", B, 1, False, None, 51.5200, -0.0940, "wikipedia"),
    ("Bassishaw", "BW", B, 1, False, None, 51.5165, -0.0910, "wards"),
    ("Goldsmiths' Hall", "GO", B, 1, False, None, 51.5148, -0.0950, "wikipedia"),
    ("Drapers' Hall", "DH", B, 1, False, None, 51.5152, -0.0862, "wikipedia"),
    ("Austin Friars", "AF", B, 1, False, None, 51.5162, -0.0865, "wikipedia"),
    ("Lothbury", "LO", B, 1, False, None, 51.5150, -0.0882, "wikipedia"),
    # ---- purple: west, St Paul's and beyond the Fleet
    ("St Pauls", "SP", P, 5, False, ("II", 4), 51.5138, -0.0984, "wikipedia"),
    ("Cheapside", "CE", P, 4, False, ("II", 4), 51.5142, -0.0932, "wikipedia"),
    ("Bread Street", "BT", P, 3, False, ("II", 4), 51.5130, -0.0950, "wards"),
    ("Newgate", "NE", P, 3, False, ("III", 2), 51.5155, -0.1015, "wikipedia"),
    ("Temple", "TE", P, 3, False, ("III", 2), 51.5128, -0.1100, "wikipedia"),
    ("Watlin Street", "WT", P, 1, True, None, 51.5123, -0.0935, "wikipedia"),
    ("Baynard's Castle", "BC", P, 1, True, None, 51.5110, -0.1005, "wikipedia"),
    ("Blackfriars", "BL", P, 1, True, None, 51.5122, -0.1030, "wikipedia"),
    ("Smithfield", "SI", P, 1, True, None, 51.5186, -0.1005, "wikipedia"),
    ("Fleet Street", "FS", P, 1, True, None, 51.5140, -0.1070, "wikipedia"),
    ("Holborn", "HO", P, 1, True, None, 51.5175, -0.1075, "wikipedia"),
    ("Ludgate", "LU", P, 1, False, None, 51.5140, -0.1030, "wikipedia"),
    ("Barbican", "BA", P, 2, False, None, 51.5205, -0.0965, "wikipedia"),
    ("Whitefriars", "WF", P, 1, False, None, 51.5122, -0.1075, "wikipedia"),
    ("Christ's Hospital", "CT", P, 1, False, None, 51.5160, -0.0995, "wikipedia"),
    ("St Mary-le-Bow", "MB", P, 1, False, None, 51.5133, -0.0930, "wikipedia"),
]
CORE = {
    # Around the fire's start and Examples 1, 3 and 4 the rulebook fixes who borders whom, so these seeds stand on a
    # regular grid (map units) near their real places rather than at them; rows north to south, columns west to east.
    "CR": (580, 110),
    "FI": (710, 110),
    "AD": (450, 230),
    "SC": (580, 230),
    "MO": (710, 230),
    "WS": (495, 335),
    "BH": (605, 335),
    "BW": (735, 335),
    "LO": (840, 340),
    "TS": (940, 385),
    "DH": (1030, 375),
    "GO": (495, 440),
    "GH": (650, 440),
    "CS": (780, 440),
    "RE": (850, 460),
    "CO": (950, 485),
    "GR": (1040, 495),
    "LE": (1125, 485),
    "BT": (450, 560),
    "WT": (545, 560),
    "CE": (625, 560),
    "SB": (735, 575),
    "SM": (830, 575),
    "CW": (925, 585),
    "BR": (1015, 595),
    "PH": (1110, 595),
    "MB": (605, 685),
    "TH": (735, 685),
    "PL": (900, 760),
    "PA": (1110, 700),
    "WA": (615, 785),
    "VH": (735, 785),
    "BI": (1110, 795),
    "TW": (1205, 750),
    "CH": (1195, 850),
    "AH": (1290, 795),
}
FIELDS: list[tuple] = [
    ("Moorfields", "mf", 51.5195, -0.0870, "agas", "open fields outside Moorgate (a refugee camp in 1666)"),
    ("Spital Fields", "sf", 51.5205, -0.0745, "agas", "open fields north of Houndsditch"),
    ("Lincoln's Inn / Gray's Inn Fields", "lg", 51.5175, -0.1150, "agas", "open fields west of the Fleet"),
]
WEST_OF_FLEET = {"TE", "FS", "HO", "WF", "lg"}
"""Spaces west of the River Fleet (the rest lie east of it, in the City)."""
FLEET_LON = -0.1046
BANK = [(-0.1185, 51.5118), (-0.1040, 51.5104), (-0.0900, 51.5091), (-0.0780, 51.5081), (-0.0530, 51.5068)]
"""The Thames' north bank, west to east (kept convex so the land can clip convex Voronoi cells)."""
BRIDGES = [("Holborn Bridge", "HO", "NE"), ("Fleet Bridge", "FS", "LU")]
CROSSES = [("CR", "FI", "SC", "MO"), ("SB", "SM", "TH", "PL"), ("BR", "PH", "PL", "PA")]
"""Four-way crosses the rulebook needs, as (north-west, north-east, south-west, south-east) districts."""
WALL = [
    (51.5074, -0.0757),
    (51.5098, -0.0752),
    (51.5136, -0.0772),
    (51.5168, -0.0808),
    (51.5178, -0.0889),
    (51.5178, -0.0945),
    (51.5172, -0.0972),
    (51.5156, -0.1005),
    (51.5140, -0.1036),
    (51.5104, -0.1040),
]
GATES = [
    ("Aldgate", 2),
    ("Bishopsgate", 3),
    ("Moorgate", 4),
    ("Cripplegate", 5),
    ("Aldersgate", 6),
    ("Newgate", 7),
    ("Ludgate", 8),
]
ASSUMPTIONS = [
    "The printed board is not public: this is a reconstruction. Districts stand at their real places in 1666 "
    "(sources named per district), divided by a Voronoi diagram of those places, and moved where a link the "
    "rulebook fixes needs it.",
    "Pudding Lane is the large red district the rulebook describes: it covers the waterfront from Dowgate to "
    "Billingsgate (Fish Street Hill, London Bridge's north end, Thames Street), so its exits are exactly those "
    "of Example 3 (north: S. Mary, Candlewick Ward, Bridgeward, Pepys House; east: Pepys House, Philpott Lane, "
    "Billingsgate; west: Tallow Hall, Voyners Hall) and nothing lies south of it but the Thames.",
    "Pudding Lane meets S. Bennet at a four-way cross (Pudding Lane NW to S. Bennet): in Example 3 a cone leaves "
    "Pudding Lane straight into S. Bennet (already burning) while S. Mary, Tallow Hall and Voyners Hall are still "
    "unburnt targets, so the two must touch.",
    "Pepys House is reached from Pudding Lane with a north or an east card (Example 3 names it under both), so "
    "the two meet at a four-way cross (Pudding Lane NE to Pepys House).",
    "S. Bennet is St Benet Sherehog (Cheap ward), S. Mary is St Mary Woolnoth, Tallow Hall is the Tallow "
    "Chandlers' Hall on Dowgate Hill, Voyners Hall is the Vintners' Hall in the Vintry, Pepys House is Samuel "
    "Pepys' house in Seething Lane.",
    "Every district with 3 or more houses is an objective district and vice versa: 24, one per objective card.",
    "Objective VP tiers 6/4/2 are decks I/II/III (each player holds 6 + 4 + 2 = 12 objective VP), 8 cards a deck; "
    "the 8 VP-6 objectives are Pudding Lane's neighbours other than S. Bennet (6-point sites sit at the "
    "epicentre, 2-point sites are hard to reach).",
    "Yellow-label districts hold one house and are never objectives.",
    "The Fleet blocks fire except at its two bridges (Holborn Bridge, Fleet Bridge); the wall does not block; "
    "neither blocks pawns or trained bands.",
    "Three districts hold two houses (Barbican, Aldersgate, Walbrook): 'Some districts are marked with 2, 3, 4 or 5 "
    "house symbols'; every other district that is not an objective holds one.",
    "The map stretches the City inside the wall and squeezes the outskirts (piecewise-linear in latitude and "
    "longitude), as a game board does; around Pudding Lane and Examples 1, 3 and 4 seeds stand on a grid near their "
    "real places (each district's note gives its real place and where its seed stands).",
    "The fields are those of the old board: Moorfields, Spital Fields, and Lincoln's Inn / Gray's Inn Fields west "
    "of the Fleet.",
    "Only three four-way crosses, where the rulebook needs one; every other link is an arrow across a shared border.",
    "Arrow colours: east orange and south red are the rulebook's (Example 1); north blue and west green are ours.",
    "Example 4 is reproduced with Bassishaw (north of Coleman Street) and Goldsmiths' Hall (north of Bread Street "
    "and Watlin Street) burning beside Guild Hall, S. Bennet and Philpott Lane: then a south card's moves from the "
    "fire are exactly Cheapside, Tallow Hall, Billingsgate, Coleman Street, Bread Street and Watlin Street.",
]


def project(lat: float, lon: float) -> tuple[float, float]:
    return float(np.interp(lon, *LON_STEPS)), float(
        np.interp(-lat, [-v for v in LAT_STEPS[0]][::-1], LAT_STEPS[1][::-1])
    )


def seed_at(code: str, lat: float, lon: float) -> tuple[float, float]:
    """Where a district's seed stands: its real place, unless the rulebook's links need it elsewhere (CORE)."""
    return CORE.get(code, project(lat, lon))


def bank_points() -> list[tuple[float, float]]:
    return [project(lat, lon) for lon, lat in BANK]


def clip(poly: list[tuple[float, float]], a: tuple[float, float], b: tuple[float, float]) -> list:
    """Sutherland-Hodgman: keep the part of ``poly`` right of the directed line a -> b on screen (y south)."""

    def side(p):
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    out = []
    for i in range(len(poly)):
        cur, nxt = poly[i], poly[(i + 1) % len(poly)]
        sc, sn = side(cur), side(nxt)
        if sc >= 0:
            out.append(cur)
        if (sc < 0 < sn) or (sn < 0 < sc):
            t = sc / (sc - sn)
            out.append((cur[0] + t * (nxt[0] - cur[0]), cur[1] + t * (nxt[1] - cur[1])))
    return out


def clip_convex(poly: list, region: list) -> list:
    """``poly`` clipped to the convex polygon ``region`` (clockwise on screen)."""
    for i in range(len(region)):
        poly = clip(poly, region[i], region[(i + 1) % len(region)])
        if not poly:
            break
    return poly


def sides() -> tuple[list, list, float]:
    """The land west and east of the Fleet, each a convex polygon clockwise on screen."""
    fx = project(51.515, FLEET_LON)[0]
    pts = np.array([(0.0, 0.0), (float(WIDTH), 0.0)] + bank_points())
    hull = ConvexHull(pts)
    land = [tuple(pts[v]) for v in hull.vertices]  # counter-clockwise in (x, y): clockwise on screen
    if sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(land, land[1:] + land[:1])) < 0:
        land.reverse()
    return clip(land, (fx, 0.0), (fx, float(HEIGHT))), clip(land, (fx, float(HEIGHT)), (fx, 0.0)), fx


def cells(points: dict[str, tuple[float, float]], region: list) -> dict[str, list]:
    names = list(points)
    pts = np.array([points[n] for n in names] + [(-1e5, -1e5), (1e5, -1e5), (-1e5, 1e5), (1e5, 1e5)])
    vor = Voronoi(pts)
    out = {}
    for i, name in enumerate(names):
        reg = vor.regions[vor.point_region[i]]
        assert -1 not in reg, name
        poly = [tuple(vor.vertices[v]) for v in reg]
        # Voronoi regions are convex; make them clockwise on screen (positive shoelace with y south)
        area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1]))
        if area < 0:
            poly.reverse()
        out[name] = clip_convex(poly, region)
    return out


def rounded(poly: list) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for x, y in poly:
        p = (int(round(x)), int(round(y)))
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def shared_edge(p: list, q: list) -> tuple | None:
    sp = {(p[i], p[(i + 1) % len(p)]) for i in range(len(p))}
    for i in range(len(q)):
        a, b = q[i], q[(i + 1) % len(q)]
        if (b, a) in sp:
            return a, b
    return None


def collapse(polys: dict[str, list], a: tuple, b: tuple) -> tuple[int, int]:
    m = (int(round((a[0] + b[0]) / 2)), int(round((a[1] + b[1]) / 2)))
    for k, poly in polys.items():
        polys[k] = rounded([m if v in (a, b) else v for v in poly])
    return m


def fleet_overlap(p: list, q: list, fx: int) -> tuple[float, float] | None:
    """The stretch of the Fleet (x = fx) that both outlines run along, as (y0, y1), or None."""

    def spans(poly):
        return [sorted((a[1], b[1])) for a, b in zip(poly, poly[1:] + poly[:1]) if a[0] == b[0] == fx]

    best = None
    for a0, a1 in spans(p):
        for b0, b1 in spans(q):
            lo, hi = max(a0, b0), min(a1, b1)
            if hi - lo > 1 and (best is None or hi - lo > best[1] - best[0]):
                best = (lo, hi)
    return best


def centroid(poly: list) -> tuple[int, int]:
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    return int(round(cx / (3 * a))), int(round(cy / (3 * a)))


def direction(a_poly: list, seg: tuple) -> str:
    """The compass point an arrow from the district ``a_poly`` across the border ``seg`` points to."""
    (x0, y0), (x1, y1) = seg
    nx, ny = (y1 - y0), -(x1 - x0)  # a clockwise polygon's side: this normal points outwards (y south)
    if abs(nx) >= abs(ny):
        return "E" if nx > 0 else "W"
    return "S" if ny > 0 else "N"


def build() -> str:
    west, east, fx = sides()
    pts_w, pts_e = {}, {}
    for _name, code, *_rest in SEEDS:
        (pts_w if code in WEST_OF_FLEET else pts_e)[code] = seed_at(code, _rest[4], _rest[5])
    for _name, code, lat, lon, *_ in FIELDS:
        (pts_w if code in WEST_OF_FLEET else pts_e)[code] = project(lat, lon)
    polys = {k: rounded(v) for k, v in {**cells(pts_w, west), **cells(pts_e, east)}.items()}
    crosses = []
    for nw, ne, sw, se in CROSSES:
        e = shared_edge(polys[nw], polys[se]) or shared_edge(polys[ne], polys[sw])
        if e is None:
            common = set(polys[nw]) & set(polys[ne]) & set(polys[sw]) & set(polys[se])
            if not common:
                print(f"cross {nw}/{ne}/{sw}/{se}: the four districts do not meet", file=sys.stderr)
                continue
            crosses.append((next(iter(common)), (nw, ne, sw, se)))
            continue
        crosses.append((collapse(polys, *e), (nw, ne, sw, se)))
    codes = [s[1] for s in SEEDS]
    links = []
    fleet_x = int(round(fx))
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            e = shared_edge(polys[a], polys[b])
            if e is None:
                continue
            if e[0][0] == e[1][0] == fleet_x:
                continue  # the Fleet: bridges only
            links.append((a, b, direction(polys[a], (e[1], e[0])), "arrow"))
    for _, (nw, ne, sw, se) in crosses:
        links.append((nw, se, "SE", "cross"))
        links.append((ne, sw, "SW", "cross"))
    bridge_at = []
    for name, a, b in BRIDGES:
        span = fleet_overlap(polys[a], polys[b], fleet_x)
        if span is None:
            print(f"{name}: {a} and {b} do not face each other across the Fleet", file=sys.stderr)
            continue
        bridge_at.append((name, (fleet_x, int(round(sum(span) / 2)))))
        links.append((a, b, "E", "bridge"))
    return render(polys, links, crosses, bridge_at, fleet_x)


def thames(polys: dict[str, list]) -> list[tuple[int, int]]:
    """The river's north bank, east to west, through every corner of a space that stands on the bank (so the
    spaces along the river share its border exactly)."""
    hull = sides_bank()
    on_bank = {v for poly in polys.values() for v in poly if _near_line(v, hull)}
    return sorted(on_bank, key=lambda v: -v[0])


def sides_bank() -> list[tuple[float, float]]:
    west, east, _ = sides()
    return [p for p in west + east if p[1] > 1.0]


def _near_line(v, pts) -> bool:
    pts = sorted(set(pts))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 - 1 <= v[0] <= x1 + 1 and x1 > x0:
            y = y0 + (y1 - y0) * (v[0] - x0) / (x1 - x0)
            if abs(v[1] - y) <= 1.5:
                return True
    return False


def fl(v) -> str:
    return json.dumps(v).replace(" ", "").replace(",", ", ")


def render(polys, links, crosses, bridge_at, fleet_x) -> str:
    bank = [(int(round(x)), int(round(y))) for x, y in bank_points()]
    L = [
        "# The Great Fire of London 1666 board, format 2: generated by scripts/great_fire_board.py (read it for how),",
        "# checked by src/firebreak/games/great_fire/data_checks.py. Map units: x grows east, y grows south.",
        "format: 2",
        'status: "RECONSTRUCTION - not the published board (the printed map is not public). Every statement of the '
        'rulebook holds; districts stand at their real 1666 places; see assumptions and docs/rulings/great-fire.md."',
        'game: "The Great Fire of London 1666 (Richard Denning; Medusa Games / Prime Games, 2010)"',
        f"map: {{width: {WIDTH}, height: {HEIGHT}}}",
        "sources:",
    ]
    for k, v in SOURCES.items():
        L.append(f"  {k}: {{title: {json.dumps(v['title'])}, url: {json.dumps(v['url'])}}}")
    L.append("assumptions:")
    L += [f"- {json.dumps(a)}" for a in ASSUMPTIONS]
    L += [
        "regions:",
        '  purple: {colour: "#efe3f3"}',
        '  blue: {colour: "#dde9f6"}',
        '  green: {colour: "#e1f1e4"}',
        '  orange: {colour: "#fbe6d2"}',
        "fire_cards:  # the rulebook fixes east = orange and south = red; north and west are ours",
        '  N: {colour: "#0072B2", name: north}',
        '  E: {colour: "#E69F00", name: east}',
        '  S: {colour: "#D55E00", name: south}',
        '  W: {colour: "#009E73", name: west}',
        "districts:",
    ]
    for name, code, region, houses, yellow, objective, lat, lon, source in SEEDS:
        L.append(f"- code: {code}")
        L.append(f"  name: {json.dumps(name)}")
        L.append(f"  region: {region}")
        L.append(f"  houses: {houses}")
        if yellow:
            L.append("  yellow_label: true")
        if objective:
            L.append(f"  objective: {{deck: {objective[0]}, vp: {objective[1]}}}")
        if code == "PL":
            L.append("  start_fire_cones: 25")
        if code in ("HD", "SO"):
            L.append("  trained_bands: {4: 1}")
        if code == "CR":
            L.append("  trained_bands: {5: 1}")
        L.append(f"  outline: {fl(polys[code])}")
        L.append(f"  label: {fl(centroid(polys[code]))}")
        L.append(f"  source: {source}")
        real = tuple(int(round(c)) for c in project(lat, lon))
        note = f"real place {lat:.4f} N, {-lon:.4f} W (map {real[0]}, {real[1]})"
        if code in CORE:
            note += f"; seed moved to {CORE[code][0]}, {CORE[code][1]} for the rulebook's links"
        L.append(f"  note: {json.dumps(note)}")
    L.append("fields:")
    for name, code, _lat, _lon, source, note in FIELDS:
        L += [
            f"- name: {json.dumps(name)}",
            f"  code: {code}",
            f"  outline: {fl(polys[code])}",
            f"  label: {fl(centroid(polys[code]))}",
            f"  source: {source}",
            f"  note: {json.dumps(note)}",
        ]
    L.append("links:")
    L += [f"- {{a: {a}, b: {b}, dir: {d}, via: {v}}}" for a, b, d, v in links]
    L.append("crosses:")
    L += [f"- {{at: {fl(at)}}}  # {' '.join(four)}" for at, four in crosses]
    L.append(f"thames: {fl(thames(polys) + [(0, HEIGHT), (WIDTH, HEIGHT)])}")
    south = max(y for _, y in bank)
    L += ["fleet:", f"  course: {fl([(fleet_x, 0), (fleet_x, min(HEIGHT, south + 40))])}", "  bridges:"]
    L += [f"  - {{name: {n}, at: {fl(at)}}}" for n, at in bridge_at]
    wall = [tuple(int(round(c)) for c in project(lat, lon)) for lat, lon in WALL]
    L += ["wall:", f"  course: {fl(wall)}", "  gates:"]
    L += [f"  - {{name: {n}, at: {fl(wall[i])}}}" for n, i in GATES]
    decks: dict[str, list[str]] = {}
    for s in SEEDS:
        if s[5]:
            decks.setdefault(s[5][0], []).append(s[1])
    L.append("objective_cards:")
    L += [f"  {d}: [{', '.join(decks[d])}]" for d in ("I", "II", "III")]
    L += [
        "fire_movement_cards:",
        "  counts: {N: 16, E: 12, S: 12, W: 20}",
        "  basis: \"cardinal directions only (reviews describe 'West' and 'South' cards; diagonals are reached "
        "through crosses); West and North dominate the deck (elusivemeeple strategy tips; Halesowen 2009 prototype "
        "report: fire goes west 'given the mix of cards'); exact split unknown\"",
        "# Fire stack cards: how many fire movement cards are dealt onto A, B, ... for each number of players.",
        "# After 5 cards a player and 12/8/5/0 boxed cards, 33/32/30/30 are left; the printed split is unknown, so",
        "# it is as equal as possible.",
        "fire_stack_cards:",
        "  3: [6, 6, 6, 5, 5, 5]",
        "  4: [8, 8, 8, 8]",
        "  5: [6, 6, 6, 6, 6]",
        "  6: [5, 5, 5, 5, 5, 5]",
    ]
    return "\n".join(L) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="build the board from the written file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.write_text(build(), encoding="utf-8")
    print(f"wrote {args.out}")
    if args.check:
        sys.path.insert(0, str(ROOT / "src"))
        from firebreak.core import DataFileError
        from firebreak.games.great_fire.data import board_from_file

        try:
            board = board_from_file(args.out)
        except DataFileError as exc:
            print(str(exc).replace(". ", ".\n"))
            raise SystemExit(1) from None
        print(f"ok: {board.num_districts} spaces, {len(board.links)} links")


if __name__ == "__main__":
    main()
