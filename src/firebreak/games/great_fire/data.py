"""The Great Fire board and rule numbers, loaded from the package's data files and validated.

The printed board is not public; ``data/board.yaml`` (format 2) is the board we play on: every district's outline
on a map of London (map units, x east, y south), the fields, the Thames, the Fleet and its bridges, the wall and
its gates, and the printed links (arrows across shared borders, four-way crosses at corners, bridges over the
Fleet). ``data/rules.yaml`` holds the numbers the rulebook prints and the links its examples fix. Loading checks
every statement of the rulebook and the drawing itself (each outline a simple polygon, links where borders are
shared, crosses on corners, no overlaps) and names each broken one in a sentence (:mod:`.data_checks`), so a
corrected or a designer's own board file can replace ours (:func:`board_from_file`).

The :class:`Board` turns names into integer indices once, so the rules work on lists of ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal, NamedTuple

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from firebreak.core import DataFileError

from . import geometry as geo

CardDirection = Literal["N", "E", "S", "W"]
TokenKind = Literal["demolition", "double_move", "one_vp"]
DIRECTIONS: tuple[CardDirection, ...] = ("N", "E", "S", "W")
"""Fire card directions, in the order used by hand counts and action ids."""
DIRECTION_NAMES = ("north", "east", "south", "west")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
DIRECTION_VECTORS = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
"""Unit vectors of the card directions in map units (y grows south)."""
TOKEN_KINDS: tuple[TokenKind, ...] = ("demolition", "double_move", "one_vp")
DEMOLITION, DOUBLE_MOVE, ONE_VP = 0, 1, 2
STACK_LETTERS = ("A", "B", "C", "D", "E", "F")
BOARD_LEGEND = "* uncontained fire  + contained fire  . burnt out  x demolished  :: grassed area"

XY = tuple[float, float]
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's loader when present: the board file is parsed at every start of a process."""
Direction = Literal["N", "E", "S", "W", "NE", "NW", "SE", "SW"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Objective(_Model):
    deck: str
    vp: int = Field(gt=0)


class DistrictData(_Model):
    code: str = Field(pattern=r"^[A-Z]{2,3}$")
    name: str = Field(min_length=1)
    region: str
    houses: int = Field(ge=0, le=5)
    yellow_label: bool = False
    objective: Objective | None = None
    start_fire_cones: int = Field(0, ge=0)
    trained_bands: dict[int, int] = {}
    outline: tuple[XY, ...]
    label: XY
    source: str
    note: str = ""


class FieldData(_Model):
    name: str = Field(min_length=1)
    code: str = Field(pattern=r"^[a-z]{2,3}$")
    outline: tuple[XY, ...]
    label: XY
    source: str
    note: str = ""


class LinkData(_Model):
    a: str
    b: str
    dir: Direction
    via: Literal["arrow", "cross", "bridge"]


class Named(_Model):
    name: str
    at: XY


class Course(_Model):
    course: tuple[XY, ...] = Field(min_length=2)
    bridges: tuple[Named, ...] = ()
    gates: tuple[Named, ...] = ()


class CrossData(_Model):
    at: XY


class Colour(_Model):
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    name: str = ""


class MapSize(_Model):
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class FireCards(_Model):
    counts: dict[Literal["N", "E", "S", "W"], int]
    basis: str = ""


class FireStacks(_Model):
    model_config = ConfigDict(extra="allow", frozen=True)
    note: str = ""


class BoardData(_Model):
    model_config = ConfigDict(extra="ignore", frozen=True)  # free-form notes (status, game) are allowed
    format: Literal[2]
    map: MapSize
    sources: dict[str, dict[str, str]]
    assumptions: tuple[str, ...] = ()
    regions: dict[str, Colour]
    fire_cards: dict[Literal["N", "E", "S", "W"], Colour]
    districts: tuple[DistrictData, ...] = Field(min_length=1)
    fields: tuple[FieldData, ...] = ()
    links: tuple[LinkData, ...]
    crosses: tuple[CrossData, ...] = ()
    thames: tuple[XY, ...]
    fleet: Course
    wall: Course
    objective_cards: dict[str, tuple[str, ...]]
    fire_movement_cards: FireCards
    fire_stack_cards: dict[int, tuple[int, ...]]


class RequiredMove(_Model):
    """A fire move an example of the rulebook shows: ``card`` takes fire from ``source`` into each of ``to``.
    With ``only``, those are all the districts that card reaches from there, apart from ``besides`` (districts
    already on fire in the example, which a cone passes through instead)."""

    source: str
    card: Literal["N", "E", "S", "W"]
    to: tuple[str, ...]
    only: bool = False
    besides: tuple[str, ...] = ()
    example: str


class RulesData(_Model):
    model_config = ConfigDict(extra="ignore", frozen=True)
    colours: tuple[str, ...]
    houses_per_colour: int
    houses_per_colour_per_region: int
    region_fill_order: tuple[str, ...]
    fire_cones: int
    pudding_lane_start_cones: int
    pudding_lane_refill: int
    trained_bands: int
    hand_size: int
    action_points: int
    intensify_cones: int
    intensify_cap_over_houses: int
    hero_of_london_threshold: int
    hero_of_london_vp: int
    house_vp: int
    house_track_start: int
    cone_vp: int
    action_costs: dict[Literal["move_landowner", "move_trained_band", "put_out_fire", "demolition"], int]
    tokens: dict[Literal["demolition", "double_move", "one_vp"], int]
    fire_movement_cards: int
    objective_cards: int
    objective_decks: tuple[str, ...]
    objective_min_houses: int
    cards_to_box: dict[int, int]
    fixed_trained_band_districts: dict[int, tuple[str, ...]]
    setup_trained_band_rounds: dict[int, int]
    setup_forbidden_region: str
    final_rounds: dict[Literal["normal", "more_destruction"], int]
    required_houses: dict[str, int] = {}
    required_moves: tuple[RequiredMove, ...] = ()
    fixed_trained_bands: dict[int, tuple[str, ...]] = {}
    """Filled in from the board file (each district's ``trained_bands``), in board order."""


class Link(NamedTuple):
    """A printed link between two districts: ``dir`` is the direction from ``a`` to ``b`` as printed (the way back
    is the opposite); ``at`` is where it is drawn (middle of the shared border, the cross, or the bridge)."""

    a: int
    b: int
    dir: str
    kind: str
    at: XY


class Cross(NamedTuple):
    """A four-way cross at a corner where four districts meet (both diagonals are fire links)."""

    at: XY
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """The map and rule numbers as integer-indexed tuples (the rules never look up names in the hot path)."""

    names: tuple[str, ...]  # districts first, then the grassed areas: every space on the map
    codes: tuple[str, ...]
    region: tuple[str, ...]  # "grassed" for grassed areas
    size: tuple[int, ...]  # original number of houses
    yellow: tuple[bool, ...]
    objective_vp: tuple[int, ...]  # 0 for non-objective districts
    grassed_space: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]  # movement: links, plus any shared border (Fleet, grass)
    fire_adjacent: tuple[tuple[int, ...], ...]  # fire: the printed links only (arrows, crosses, bridges)
    fire_links: tuple[tuple[tuple[int, ...], ...], ...]  # [direction][space] -> targets playable with it
    link_dirs: tuple[dict[int, str], ...]  # printed direction of each link, for the log
    pudding_lane: int
    start_fire: tuple[int, ...]
    objective_decks: tuple[tuple[str, tuple[int, ...]], ...]  # (deck name, districts)
    fire_card_counts: tuple[int, ...]  # per direction N, E, S, W
    stack_counts: dict[int, tuple[int, ...]]  # players -> cards dealt onto A, B, ... (only used letters)
    rules: RulesData
    # geometry, in map units (x east, y south)
    map_size: XY
    outlines: tuple[tuple[XY, ...], ...]  # per space (districts and fields)
    label_at: tuple[XY, ...]  # per space
    links: tuple[Link, ...]
    crosses: tuple[Cross, ...]
    thames: tuple[XY, ...]
    fleet: tuple[XY, ...]
    bridges: tuple[tuple[str, XY], ...]
    wall: tuple[XY, ...]
    gates: tuple[tuple[str, XY], ...]
    card_colours: tuple[str, ...]  # per direction N, E, S, W
    region_colours: dict[str, str]
    # Transitional: the old grid of rectangles [x0, x1) x [y0, y1) (y north) that the grid-drawn svg.py,
    # render.py and report.py still read. They go once those are ported to ``outlines`` (issue 25).
    rects: tuple[tuple[int, int, int, int], ...]
    grassed: tuple[tuple[str, tuple[int, int, int, int]], ...]
    grid_crosses: tuple[tuple[int, int], ...]

    @property
    def num_districts(self) -> int:
        """The number of spaces (districts and grassed areas): the length of every per-space list."""
        return len(self.names)

    def index(self, name: str) -> int:
        try:
            return self._index[name]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"no district named {name!r}") from None


def _load_yaml(name: str) -> object:
    text = resources.files("firebreak.games.great_fire").joinpath("data", name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)


def _schema_errors(what: str, exc: ValidationError) -> DataFileError:
    parts = []
    for err in exc.errors():
        where = " > ".join(str(x) for x in err["loc"])
        parts.append(f"{where}: {err['msg']}")
    out = DataFileError(f"The Great Fire {what} is invalid: " + "; ".join(parts) + ".")
    out.problems = [p + "." for p in parts]  # type: ignore[attr-defined]  # one sentence each, for a variant
    return out


def build_board(board_obj: object, rules_obj: object) -> Board:
    """Validate raw data and build a :class:`Board`; raises :class:`DataFileError` naming every problem."""
    from .data_checks import problems_of  # the checks need the models above

    try:
        data = BoardData.model_validate(board_obj)
    except ValidationError as exc:
        raise _schema_errors("board file", exc) from None
    try:
        rules = RulesData.model_validate(rules_obj)
    except ValidationError as exc:
        raise _schema_errors("rules file", exc) from None
    survey = Survey(data)
    problems = problems_of(data, rules, survey)
    if problems:
        err = DataFileError("The Great Fire board is inconsistent: " + " ".join(problems))
        err.problems = problems  # type: ignore[attr-defined]  # one sentence each, for a variant
        raise err
    return _assemble(data, rules, survey)


class Survey:
    """What the outlines say: every pair of spaces' shared border pieces, and which of them run along the Fleet.

    Computed once per load and shared by the checks and the board (movement crosses every shared border; a link's
    arrow is drawn in the middle of the border it crosses)."""

    def __init__(self, data: BoardData) -> None:
        self.names = tuple(d.name for d in data.districts) + tuple(f.name for f in data.fields)
        self.codes = tuple(d.code for d in data.districts) + tuple(f.code for f in data.fields)
        self.outlines = tuple(d.outline for d in data.districts) + tuple(f.outline for f in data.fields)
        self.labels = tuple(d.label for d in data.districts) + tuple(f.label for f in data.fields)
        self.n_districts = len(data.districts)
        self.index = {c: i for i, c in enumerate(self.codes)}
        self.fleet = data.fleet.course
        boxes = [geo.bbox(o) if len(o) else (0.0, 0.0, 0.0, 0.0) for o in self.outlines]
        self.boxes = boxes
        self.shared: dict[tuple[int, int], list[tuple[XY, XY]]] = {}
        for i in range(len(self.outlines)):
            for j in range(i + 1, len(self.outlines)):
                if len(self.outlines[i]) < 3 or len(self.outlines[j]) < 3 or not geo.boxes_touch(boxes[i], boxes[j]):
                    continue
                segs = geo.shared_segments(self.outlines[i], self.outlines[j])
                if segs:
                    self.shared[(i, j)] = segs

    def border(self, i: int, j: int) -> list[tuple[XY, XY]]:
        return self.shared.get((min(i, j), max(i, j)), [])

    def land_border(self, i: int, j: int) -> list[tuple[XY, XY]]:
        """The pieces of the shared border that do not run along the Fleet."""
        return [s for s in self.border(i, j) if not geo.segment_on_polyline(s, self.fleet)]

    def fleet_border(self, i: int, j: int) -> list[tuple[XY, XY]]:
        return [s for s in self.border(i, j) if geo.segment_on_polyline(s, self.fleet)]


def _assemble(data: BoardData, rules: RulesData, survey: Survey) -> Board:
    n_d = len(data.districts)
    names = survey.names
    n = len(names)
    index = survey.index
    fire_sets: list[list[set[int]]] = [[set() for _ in range(n)] for _ in DIRECTIONS]
    link_dirs: list[dict[int, str]] = [{} for _ in range(n)]
    links: list[Link] = []
    bridges = {b.at: b.name for b in data.fleet.bridges}
    for ld in data.links:
        a, b = index[ld.a], index[ld.b]
        for x, y, dr in ((a, b, ld.dir), (b, a, OPPOSITE[ld.dir])):
            link_dirs[x][y] = dr
            for card in dr:
                fire_sets[DIRECTIONS.index(card)][x].add(y)
        if ld.via == "cross":
            at = next(
                c.at
                for c in data.crosses
                if geo.has_vertex(survey.outlines[a], c.at) and geo.has_vertex(survey.outlines[b], c.at)
            )
        elif ld.via == "bridge":
            at = next(p for p in bridges if any(geo.on_segment(p, *s, tol=0.5) for s in survey.fleet_border(a, b)))
        else:
            at = geo.midpoint(max(survey.land_border(a, b), key=geo.length))
        links.append(Link(a, b, ld.dir, ld.via, at))
    fire_adjacent = tuple(tuple(sorted({t for dr in range(4) for t in fire_sets[dr][i]})) for i in range(n))
    # "The River Fleet is no barrier to movement. The old city wall is no impediment to movement. All Pawns and
    # trained bands may move onto grassed areas": pieces move along every link and across every shared border.
    moves = [set(a) for a in fire_adjacent]
    for i, j in survey.shared:
        moves[i].add(j)
        moves[j].add(i)
    crosses = tuple(
        Cross(c.at, tuple(i for i in range(n_d) if geo.has_vertex(survey.outlines[i], c.at))) for c in data.crosses
    )
    fixed: dict[int, list[str]] = {}
    for d in data.districts:
        for players, count in d.trained_bands.items():
            fixed.setdefault(players, []).extend([d.name] * count)
    rules = rules.model_copy(update={"fixed_trained_bands": {k: tuple(v) for k, v in sorted(fixed.items())}})
    pl = next(i for i, d in enumerate(data.districts) if d.start_fire_cones > 0)
    rects = _legacy_grid(survey.labels, data.map.height)
    board = Board(
        names=names,
        codes=survey.codes,
        region=tuple(d.region for d in data.districts) + ("grassed",) * len(data.fields),
        size=tuple(d.houses for d in data.districts) + (0,) * len(data.fields),
        yellow=tuple(d.yellow_label for d in data.districts) + (False,) * len(data.fields),
        objective_vp=tuple(d.objective.vp if d.objective else 0 for d in data.districts) + (0,) * len(data.fields),
        grassed_space=(False,) * n_d + (True,) * len(data.fields),
        neighbours=tuple(tuple(sorted(m)) for m in moves),
        fire_adjacent=fire_adjacent,
        fire_links=tuple(tuple(tuple(sorted(s)) for s in per_dir) for per_dir in fire_sets),
        link_dirs=tuple(link_dirs),
        pudding_lane=pl,
        start_fire=tuple(d.start_fire_cones for d in data.districts) + (0,) * len(data.fields),
        objective_decks=tuple(
            (deck, tuple(index[c] for c in data.objective_cards[deck])) for deck in rules.objective_decks
        ),
        fire_card_counts=tuple(data.fire_movement_cards.counts.get(k, 0) for k in DIRECTIONS),
        stack_counts={k: tuple(v) for k, v in data.fire_stack_cards.items()},
        rules=rules,
        map_size=(data.map.width, data.map.height),
        outlines=survey.outlines,
        label_at=survey.labels,
        links=tuple(links),
        crosses=crosses,
        thames=data.thames,
        fleet=data.fleet.course,
        bridges=tuple((b.name, b.at) for b in data.fleet.bridges),
        wall=data.wall.course,
        gates=tuple((g.name, g.at) for g in data.wall.gates),
        card_colours=tuple(data.fire_cards[k].colour for k in DIRECTIONS),
        region_colours={r: c.colour for r, c in data.regions.items()},
        rects=rects,
        grassed=tuple((f.name, rects[n_d + k]) for k, f in enumerate(data.fields)),
        grid_crosses=tuple(_to_grid(c.at, data.map.height) for c in data.crosses),
    )
    object.__setattr__(board, "_index", {name: i for i, name in enumerate(names)})
    return board


_CELL = 50
"""Transitional: map units per cell of the old grid (see ``Board.rects``)."""


def _grid_rows(height: float) -> int:
    return int(height // _CELL) + 1


def _to_grid(p: XY, height: float) -> tuple[int, int]:
    """A map point as a corner of the old grid (y north)."""
    return round(p[0] / _CELL), _grid_rows(height) - round(p[1] / _CELL)


def _legacy_grid(labels: tuple[XY, ...], height: float) -> tuple[tuple[int, int, int, int], ...]:
    """Transitional: each space as one cell of the old grid (y north) at its label, the nearest free cell when two
    labels fall in one, so the grid-drawn views still show every space once and nothing overlaps."""
    rows = _grid_rows(height)
    taken: set[tuple[int, int]] = set()
    out = []
    for x, y in labels:
        cx, cy = int(x // _CELL), rows - 1 - int(y // _CELL)
        ring = 0
        while True:
            free = [
                (cx + dx, cy + dy)
                for dx in range(-ring, ring + 1)
                for dy in range(-ring, ring + 1)
                if max(abs(dx), abs(dy)) == ring and cx + dx >= 0 and cy + dy >= 0 and (cx + dx, cy + dy) not in taken
            ]
            if free:
                gx, gy = min(free, key=lambda c: (abs(c[0] - cx) + abs(c[1] - cy), c))
                break
            ring += 1
        taken.add((gx, gy))
        out.append((gx, gx + 1, gy, gy + 1))
    return tuple(out)


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The packaged board (loaded and validated once per process)."""
    return build_board(_load_yaml("board.yaml"), _load_yaml("rules.yaml"))


def board_from_file(path: str | Path, rules_path: str | Path | None = None) -> Board:
    """A board built from a given board file (and the packaged rules unless another rules file is given): how a
    corrected or a designer's own board is checked. Raises :class:`DataFileError` naming every broken rule."""
    try:
        board_obj = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_LOADER)
        rules_obj = (
            yaml.load(Path(rules_path).read_text(encoding="utf-8"), Loader=_LOADER)
            if rules_path is not None
            else _load_yaml("rules.yaml")
        )
    except (OSError, yaml.YAMLError) as exc:
        raise DataFileError(f"The Great Fire board file {path} cannot be read: {exc}") from None
    return build_board(board_obj, rules_obj)


def raw_data() -> tuple[object, object]:
    """The raw parsed data files (for tests that corrupt a copy and expect a clear error)."""
    return _load_yaml("board.yaml"), _load_yaml("rules.yaml")
