"""The Great Fire board and rule numbers, loaded from the package's data files and validated.

The printed board is not public; ``data/board.yaml`` is the board we play on and ``data/rules.yaml`` the
numbers the rulebook prints. Both are checked when loaded (every link has its mirror, region house totals match
the house bags, token and objective counts match the box, the fire deck adds up for every player count), so a
corrected board can be dropped in and any inconsistency is reported by name instead of surfacing as a bad game.

The :class:`Board` turns names into integer indices once, so the rules work on lists of ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    field_validator,
    model_validator,
)

from firebreak.core import DataFileError

DIRECTIONS = ("N", "E", "S", "W")
"""Fire card directions, in the order used by hand counts and action ids."""
DIRECTION_NAMES = ("north", "east", "south", "west")
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
TOKEN_KINDS = ("demolition", "double_move", "one_vp")
DEMOLITION, DOUBLE_MOVE, ONE_VP = 0, 1, 2
STACK_LETTERS = ("A", "B", "C", "D", "E", "F")
BOARD_LEGEND = "* uncontained fire  + contained fire  . burnt out  x demolished  :: grassed area"


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class LinkData(_Model):
    dir: Literal["N", "E", "S", "W", "NE", "NW", "SE", "SW"]
    link: Literal["arrow", "cross", "bridge"]
    playable_with: tuple[Literal["N", "E", "S", "W"], ...]
    to: str

    @model_validator(mode="after")
    def _directions_agree(self) -> "LinkData":
        if self.link == "cross":
            if len(self.dir) != 2 or set(self.playable_with) != set(self.dir):
                raise ValueError(f"cross link {self.dir} to {self.to} must be playable with {tuple(self.dir)}")
        elif len(self.dir) != 1 or self.playable_with != (self.dir,):
            raise ValueError(f"{self.link} link {self.dir} to {self.to} must be playable with {self.dir} only")
        return self


class GridRect(_Model):
    x0: int
    x1: int
    y0: int
    y1: int


class DistrictData(_Model):
    name: str
    region: str
    houses: int
    yellow_label_token: bool
    objective_vp: int | None = None
    objective_deck: str | None = None
    start_fire_cones: int = 0
    grid_rect: GridRect
    neighbours: tuple[LinkData, ...]

    @field_validator("houses")
    @classmethod
    def _houses_range(cls, v: int) -> int:
        if not 0 <= v <= 5:
            raise ValueError("a district holds 0 to 5 houses")
        return v


class ObjectiveCard(_Model):
    district: str
    vp: int


class FireCards(_Model):
    counts: dict[Literal["N", "E", "S", "W"], int]
    total: int


class BoardData(_Model):
    districts: tuple[DistrictData, ...]
    regions: dict[str, dict]
    objective_cards: dict[str, tuple[ObjectiveCard, ...]]
    fire_movement_cards: FireCards
    fire_stack_cards: dict[str, object]
    ascii_codes: dict[str, str]
    grassed_areas: tuple[dict, ...] = ()
    four_way_crosses: tuple[dict, ...] = ()


class RulesData(_Model):
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
    tokens: dict[Literal["demolition", "double_move", "one_vp"], int]
    cards_to_box: dict[int, int]
    fixed_trained_bands: dict[int, tuple[str, ...]]
    setup_trained_band_rounds: dict[int, int]
    setup_forbidden_region: str
    final_rounds: dict[Literal["normal", "more_destruction"], int]


@dataclass(frozen=True)
class Board:
    """The map and rule numbers as integer-indexed tuples (the rules never look up names in the hot path)."""

    names: tuple[str, ...]                # districts first, then the grassed areas: every space on the map
    codes: tuple[str, ...]
    region: tuple[str, ...]               # "grassed" for grassed areas
    size: tuple[int, ...]                 # original number of houses
    yellow: tuple[bool, ...]
    objective_vp: tuple[int, ...]         # 0 for non-objective districts
    rects: tuple[tuple[int, int, int, int], ...]
    grassed_space: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]            # movement: links, plus any shared border (Fleet, grass)
    fire_adjacent: tuple[tuple[int, ...], ...]         # fire: the printed links only (arrows, crosses, bridges)
    fire_links: tuple[tuple[tuple[int, ...], ...], ...]  # [direction][space] -> targets playable with it
    link_dirs: tuple[dict[int, str], ...]             # printed direction of each link, for the log
    pudding_lane: int
    start_fire: tuple[int, ...]
    objective_decks: tuple[tuple[str, tuple[int, ...]], ...]  # (deck name, districts)
    fire_card_counts: tuple[int, ...]     # per direction N, E, S, W
    stack_counts: dict[int, tuple[int, ...]]  # players -> cards dealt onto A, B, ... (only used letters)
    grassed: tuple[tuple[str, tuple[int, int, int, int]], ...]
    crosses: tuple[tuple[int, int], ...]
    rules: RulesData

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
    return yaml.safe_load(text)


def build_board(board_obj: object, rules_obj: object) -> Board:
    """Validate raw data and build a :class:`Board`; raises :class:`DataFileError` naming the problem."""
    try:
        data = BoardData.model_validate(board_obj)
        rules = RulesData.model_validate(rules_obj)
    except ValidationError as exc:
        raise DataFileError(f"Great Fire data file is invalid: {exc}") from None
    problems: list[str] = []
    names = tuple(d.name for d in data.districts)
    if len(set(names)) != len(names):
        problems.append("district names are not unique")
    index = {n: i for i, n in enumerate(names)}
    by_name = {d.name: d for d in data.districts}
    for d in data.districts:
        for link in d.neighbours:
            other = by_name.get(link.to)
            if other is None:
                problems.append(f"{d.name} links to unknown district {link.to!r}")
                continue
            mirror = [m for m in other.neighbours if m.to == d.name]
            if len(mirror) != 1 or mirror[0].dir != _OPPOSITE[link.dir] or mirror[0].link != link.link:
                problems.append(f"link {d.name} -{link.dir}-> {link.to} has no matching {_OPPOSITE[link.dir]} link back")
    pl = [d for d in data.districts if d.start_fire_cones > 0]
    if len(pl) != 1:
        problems.append("exactly one district (Pudding Lane) must start on fire")
    elif pl[0].start_fire_cones != rules.pudding_lane_start_cones or pl[0].houses != 0:
        problems.append("Pudding Lane must hold the starting cones and no houses")
    colours = len(rules.colours)
    for region in rules.region_fill_order:
        total = sum(d.houses for d in data.districts if d.region == region)
        if total != colours * rules.houses_per_colour_per_region:
            problems.append(f"region {region} holds {total} houses, the bag holds {colours * rules.houses_per_colour_per_region}")
    if set(rules.region_fill_order) != {d.region for d in data.districts}:
        problems.append("region_fill_order must name every region exactly")
    if rules.houses_per_colour != len(rules.region_fill_order) * rules.houses_per_colour_per_region:
        problems.append("houses per colour do not match the region bags")
    yellow = sum(d.yellow_label_token for d in data.districts)
    if yellow != sum(rules.tokens.values()):
        problems.append(f"{yellow} yellow-label districts but {sum(rules.tokens.values())} tokens")
    deck_names = sorted(data.objective_cards)
    for deck in deck_names:
        for card in data.objective_cards[deck]:
            if card.district not in by_name:
                problems.append(f"objective deck {deck} names unknown district {card.district!r}")
            elif by_name[card.district].objective_vp != card.vp:
                problems.append(f"objective {card.district} is worth {card.vp} on its card but not on the board")
    total_cards = sum(data.fire_movement_cards.counts.get(k, 0) for k in DIRECTIONS)
    if total_cards != data.fire_movement_cards.total:
        problems.append("fire movement card counts do not add up to their total")
    stack_counts: dict[int, tuple[int, ...]] = {}
    for n, boxed in rules.cards_to_box.items():
        raw = data.fire_stack_cards.get(f"players_{n}")
        if not isinstance(raw, dict):
            problems.append(f"no fire stack card counts for {n} players")
            continue
        counts = []
        for letter in STACK_LETTERS:
            v = raw.get(letter)
            if v is None:
                break
            counts.append(int(v))
        if any(raw.get(letter) is not None for letter in STACK_LETTERS[len(counts):]):
            problems.append(f"fire stack cards for {n} players must be a run A, B, ... without gaps")
        if sum(counts) != total_cards - n * rules.hand_size - boxed:
            problems.append(
                f"fire stack for {n} players deals {sum(counts)} cards; 60 - hands - {boxed} boxed leaves "
                f"{total_cards - n * rules.hand_size - boxed}"
            )
        stack_counts[n] = tuple(counts)
    for n, fixed in rules.fixed_trained_bands.items():
        for name in fixed:
            if name not in by_name:
                problems.append(f"fixed trained band district {name!r} is unknown")
        if len(fixed) + n * rules.setup_trained_band_rounds.get(n, 0) != rules.trained_bands:
            problems.append(f"{n}-player set-up does not place all {rules.trained_bands} trained bands")
    codes = {v: k for k, v in data.ascii_codes.items()}
    if problems:
        raise DataFileError("Great Fire data file is inconsistent: " + "; ".join(problems))

    grass = [(g["name"], (g["grid_rect"]["x0"], g["grid_rect"]["x1"], g["grid_rect"]["y0"], g["grid_rect"]["y1"]))
             for g in data.grassed_areas]
    all_names = names + tuple(g[0] for g in grass)
    if len(set(all_names)) != len(all_names):
        raise DataFileError("Great Fire data file is inconsistent: a grassed area shares a district's name")
    rects = tuple((d.grid_rect.x0, d.grid_rect.x1, d.grid_rect.y0, d.grid_rect.y1) for d in data.districts) + tuple(
        g[1] for g in grass)
    n = len(all_names)
    none: tuple[int, ...] = ()
    fire_links = []
    for direction in DIRECTIONS:
        fire_links.append(tuple(
            tuple(index[link.to] for link in d.neighbours if direction in link.playable_with) for d in data.districts
        ) + (none,) * len(grass))
    fire_adjacent = tuple(tuple(sorted({index[link.to] for link in d.neighbours})) for d in data.districts) + (
        none,) * len(grass)
    # "The River Fleet is no barrier to movement. The old city wall is no impediment to movement. All Pawns and
    # trained bands may move onto grassed areas": pieces move along every link and across every shared border.
    moves = [set(a) for a in fire_adjacent]
    for i in range(n):
        for j in range(i + 1, n):
            if _share_border(rects[i], rects[j]):
                moves[i].add(j)
                moves[j].add(i)
    board = Board(
        names=all_names,
        codes=tuple(codes.get(nm, nm[:2].upper()) for nm in names) + tuple(_grass_code(g[0]) for g in grass),
        region=tuple(d.region for d in data.districts) + ("grassed",) * len(grass),
        size=tuple(d.houses for d in data.districts) + (0,) * len(grass),
        yellow=tuple(d.yellow_label_token for d in data.districts) + (False,) * len(grass),
        objective_vp=tuple(d.objective_vp or 0 for d in data.districts) + (0,) * len(grass),
        rects=rects,
        grassed_space=(False,) * len(names) + (True,) * len(grass),
        neighbours=tuple(tuple(sorted(m)) for m in moves),
        fire_adjacent=fire_adjacent,
        fire_links=tuple(fire_links),
        link_dirs=tuple({index[link.to]: link.dir for link in d.neighbours} for d in data.districts) + tuple(
            {} for _ in grass),
        pudding_lane=index[pl[0].name],
        start_fire=tuple(d.start_fire_cones for d in data.districts) + (0,) * len(grass),
        objective_decks=tuple(
            (deck, tuple(index[c.district] for c in data.objective_cards[deck])) for deck in deck_names
        ),
        fire_card_counts=tuple(data.fire_movement_cards.counts.get(k, 0) for k in DIRECTIONS),
        stack_counts=stack_counts,
        grassed=tuple(grass),
        crosses=tuple((c["x"], c["y"]) for c in data.four_way_crosses),
        rules=rules,
    )
    index.update({g[0]: len(names) + k for k, g in enumerate(grass)})
    object.__setattr__(board, "_index", index)
    return board


def _share_border(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two grid rectangles [x0,x1) x [y0,y1) touch along a border of positive length."""
    ax0, ax1, ay0, ay1 = a
    bx0, bx1, by0, by1 = b
    if ax1 == bx0 or bx1 == ax0:
        return min(ay1, by1) > max(ay0, by0)
    if ay1 == by0 or by1 == ay0:
        return min(ax1, bx1) > max(ax0, bx0)
    return False


def _grass_code(name: str) -> str:
    """A lower-case two-letter code for a grassed area (district codes are upper case)."""
    words = name.replace("/", " ").split()
    return (words[0][0] + (words[1][0] if len(words) > 1 else words[0][1])).lower()


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The packaged board (loaded and validated once per process)."""
    return build_board(_load_yaml("board.yaml"), _load_yaml("rules.yaml"))


def raw_data() -> tuple[object, object]:
    """The raw parsed data files (for tests that corrupt a copy and expect a clear error)."""
    return _load_yaml("board.yaml"), _load_yaml("rules.yaml")
