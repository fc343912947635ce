"""Every check a Great Fire board file must pass, each broken one named in a sentence.

Two kinds: what the rulebook states (regions of 30 houses, districts of 1 to 5 houses and most of one, the VP areas
and their cards, the yellow labels and their tokens, Pudding Lane, the trained-band districts, the links its
examples fix), and what makes the drawing a map (simple outlines, labels inside, no overlaps, an arrow for every
border two districts share unless the Fleet runs along it, crosses on the corner four districts meet at, bridges
on the Fleet). :func:`problems_of` returns them all at once, so whoever edits a board file sees every mistake.
"""

from __future__ import annotations

from collections import Counter

from . import geometry as geo
from .data import XY, DIRECTION_VECTORS, DIRECTIONS, OPPOSITE, BoardData, DistrictData, FieldData, RulesData, Survey
from firebreak.core.text import plural

MAX_SPACES = 250
"""Far above any board the rulebook allows (four regions of 120 houses, districts of one house at least, and the
fields), and low enough that the per-board move tables, which grow with the square of the spaces, stay small."""


def problems_of(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    """Every broken rule of the board and rules files, one sentence each (empty when the board is sound)."""
    spaces = len(data.districts) + len(data.fields)
    if spaces > MAX_SPACES:  # the tables the rules build grow with the square of the spaces: refused unread
        return [f"The board has {spaces} districts and fields; a board may have at most {MAX_SPACES}."]
    problems = _names(data)
    if problems:  # the other checks look districts up by code and name
        return problems
    for check in (
        _houses,
        _objectives,
        _tokens,
        _pudding_lane,
        _trained_bands,
        _cards,
        _outlines,
        _links,
        _borders,
        _crosses,
        _rivers_and_wall,
        _required_moves,
    ):
        problems.extend(check(data, rules, survey))
    return problems


def _names(data: BoardData, rules: RulesData | None = None, survey: Survey | None = None) -> list[str]:
    out = []
    for what, values in (
        ("code", [d.code for d in data.districts] + [f.code for f in data.fields]),
        ("name", [d.name for d in data.districts] + [f.name for f in data.fields]),
    ):
        for value, count in Counter(values).items():
            if count > 1:
                out.append(f"The {what} {value} is used by {count} spaces; each district and field needs its own.")
    codes = {d.code for d in data.districts}
    fields = {f.code for f in data.fields}
    for ld in data.links:
        for c in (ld.a, ld.b):
            if c in fields:
                out.append(f"The link {ld.a}-{ld.b} leads into the field {c}; fire never enters a grassed area.")
            elif c not in codes:
                out.append(f"The link {ld.a}-{ld.b} names {c}, which is no district.")
        if ld.a == ld.b:
            out.append(f"The link {ld.a}-{ld.b} links a district to itself.")
    pairs = Counter(frozenset((ld.a, ld.b)) for ld in data.links)
    for pair, count in pairs.items():
        if count > 1:
            out.append(f"The districts {' and '.join(sorted(pair))} are linked {count} times; list each pair once.")
    for deck, cards in data.objective_cards.items():
        for c in cards:
            if c not in codes:
                out.append(f"Objective deck {deck} names {c}, which is no district.")
    for d in data.districts:
        if d.region not in data.regions:
            out.append(f"{d.name} lies in the region {d.region}, which the file does not list.")
    spaces: list[DistrictData | FieldData] = [*data.districts, *data.fields]
    for space in spaces:
        if space.source not in data.sources:
            out.append(f"{space.name} cites the source {space.source}, which the file's sources do not list.")
    return out


def _houses(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    per_region = len(rules.colours) * rules.houses_per_colour_per_region
    for region in rules.region_fill_order:
        total = sum(d.houses for d in data.districts if d.region == region)
        if total != per_region:
            out.append(
                f"The {region} region holds {plural(total, 'house')}; the rulebook fills each region with "
                f"exactly {per_region} ({rules.houses_per_colour_per_region} of each colour)."
            )
    if set(rules.region_fill_order) != set(data.regions) or set(data.regions) != {d.region for d in data.districts}:
        out.append(
            f"The board's regions ({', '.join(sorted(data.regions))}) are not the rulebook's four "
            f"({', '.join(rules.region_fill_order)}), each with districts."
        )
    if rules.houses_per_colour != len(rules.region_fill_order) * rules.houses_per_colour_per_region:
        out.append("The houses of a colour do not add up to the houses of that colour put in each region.")
    for d in data.districts:
        if d.houses == 0 and d.start_fire_cones == 0:
            out.append(f"{d.name} holds no houses; every district but Pudding Lane holds 1 to 5.")
    with_houses = [d for d in data.districts if d.houses > 0]
    ones = sum(d.houses == 1 for d in with_houses)
    if ones * 2 <= len(with_houses):
        out.append(
            f"Only {ones} of the {len(with_houses)} districts with houses hold one house; the rulebook says "
            f"most districts show one house symbol."
        )
    for name, houses in rules.required_houses.items():
        found = next((x for x in data.districts if x.name == name), None)
        if found is None:
            out.append(f"The rulebook's district {name} is missing.")
        elif found.houses != houses:
            out.append(f"{name} holds {plural(found.houses, 'house')}; the rulebook gives it {houses}.")
    return out


def _objectives(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    for d in data.districts:
        if d.houses >= rules.objective_min_houses and d.objective is None:
            out.append(
                f"{d.name} holds {d.houses} houses but is no objective; the districts of "
                f"{rules.objective_min_houses} or more houses are the VP areas."
            )
        if d.objective is not None and d.houses < rules.objective_min_houses:
            out.append(
                f"{d.name} is an objective with only {plural(d.houses, 'house')}; the VP areas hold "
                f"{rules.objective_min_houses} or more."
            )
        if d.objective is not None and d.objective.deck not in rules.objective_decks:
            out.append(
                f"{d.name}'s objective card is in deck {d.objective.deck}, which is not one of the "
                f"rulebook's decks {', '.join(rules.objective_decks)}."
            )
    if tuple(sorted(data.objective_cards)) != tuple(sorted(rules.objective_decks)):
        out.append(f"The objective cards must come in the decks {', '.join(rules.objective_decks)}.")
    by_code = {d.code: d for d in data.districts}
    dealt = [c for cards in data.objective_cards.values() for c in cards]
    if len(dealt) != rules.objective_cards:
        out.append(f"There are {plural(len(dealt), 'objective card')}; the box holds {rules.objective_cards}.")
    for code, count in Counter(dealt).items():
        if count > 1:
            out.append(f"{by_code[code].name} has {count} objective cards; each VP area has one.")
    for deck, cards in data.objective_cards.items():
        for c in cards:
            d = by_code[c]
            if d.objective is None or d.objective.deck != deck:
                out.append(
                    f"{d.name} is on a card of deck {deck} but the board does not mark it an objective of that deck."
                )
    for d in data.districts:
        if d.objective is not None and d.code not in dealt:
            out.append(f"{d.name} is an objective without an objective card.")
    n_objectives = sum(d.objective is not None for d in data.districts)
    if n_objectives != rules.objective_cards:
        out.append(
            f"The board marks {plural(n_objectives, 'objective district')}; there is one per objective card "
            f"({rules.objective_cards})."
        )
    return out


def _tokens(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    tokens = sum(rules.tokens.values())
    yellow = [d for d in data.districts if d.yellow_label]
    if len(yellow) != tokens:
        out.append(f"{len(yellow)} districts have yellow labels but there are {tokens} tokens, one for each.")
    for d in yellow:
        if d.objective is not None:
            out.append(f"{d.name} has a yellow label and is an objective; the token districts are not VP areas.")
        if d.houses == 0:
            out.append(f"{d.name} has a yellow label but no houses, so its token could never be taken.")
    return out


def _pudding_lane(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    starts = [d for d in data.districts if d.start_fire_cones > 0]
    if len(starts) != 1:
        return [f"{len(starts)} districts start on fire; only Pudding Lane does."]
    pl = starts[0]
    out = []
    if pl.start_fire_cones != rules.pudding_lane_start_cones:
        out.append(
            f"{pl.name} starts with {pl.start_fire_cones} fire cones; the rulebook puts "
            f"{rules.pudding_lane_start_cones} there."
        )
    if pl.houses != 0:
        out.append(f"{pl.name} holds houses; the district where the fire starts holds none.")
    if pl.region != rules.setup_forbidden_region:
        out.append(
            f"{pl.name} lies in the {pl.region} region; it belongs to the {rules.setup_forbidden_region} "
            f"region, where no cone or pawn is placed at set-up."
        )
    return out


def _trained_bands(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    placed: dict[int, list[str]] = {}
    for d in data.districts:
        for players, count in d.trained_bands.items():
            placed.setdefault(players, []).extend([d.name] * count)
            if d.region == rules.setup_forbidden_region:
                out.append(
                    f"{d.name} gets a trained band at set-up but lies in the {d.region} region, where none "
                    f"may be placed."
                )
    for players in sorted(set(placed) | set(rules.fixed_trained_band_districts)):
        want = sorted(rules.fixed_trained_band_districts.get(players, ()))
        if sorted(placed.get(players, [])) != want:
            got = ", ".join(sorted(placed.get(players, []))) or "no district"
            out.append(
                f"In a {players}-player game the board places trained bands in {got}; the rulebook places "
                f"them in {', '.join(want) or 'no district'}."
            )
    for players, rounds in rules.setup_trained_band_rounds.items():
        if len(rules.fixed_trained_band_districts.get(players, ())) + players * rounds != rules.trained_bands:
            out.append(f"The {players}-player set-up does not place all {rules.trained_bands} trained bands.")
    return out


def _cards(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    total = sum(data.fire_movement_cards.counts.get(k, 0) for k in DIRECTIONS)
    if total != rules.fire_movement_cards:
        out.append(f"The fire movement cards add up to {total}; the box holds {rules.fire_movement_cards}.")
    for players, boxed in rules.cards_to_box.items():
        stack = data.fire_stack_cards.get(players)
        if stack is None:
            out.append(f"The file gives no fire stack for {players} players.")
            continue
        left = total - players * rules.hand_size - boxed
        if sum(stack) != left:
            out.append(
                f"The fire stack for {players} players deals {sum(stack)} cards; after the hands and "
                f"{boxed} boxed cards {left} are left."
            )
    return out


def _outlines(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    polys = list(survey.outlines)
    for i, poly in enumerate(polys):
        why = geo.simple_polygon_problem(poly)
        if why:
            out.append(f"The outline of {survey.names[i]} {why}; each space needs a simple polygon.")
            polys[i] = ()
        elif not geo.point_in_polygon(survey.labels[i], poly):
            out.append(f"The label of {survey.names[i]} lies outside its outline.")
    width, height = data.map.width, data.map.height
    for i, poly in enumerate(polys):
        if any(not (-geo.EPS <= x <= width + geo.EPS and -geo.EPS <= y <= height + geo.EPS) for x, y in poly):
            out.append(f"The outline of {survey.names[i]} reaches beyond the map ({width:g} x {height:g}).")
    named: list[tuple[str, tuple[XY, ...], XY | None]] = [
        (survey.names[i], p, survey.labels[i]) for i, p in enumerate(polys) if p
    ]
    named.append(("the Thames", data.thames, None))
    for k, (na, pa, la) in enumerate(named):
        box_a = geo.bbox(pa)
        for nb, pb, lb in named[k + 1 :]:
            if not geo.boxes_touch(box_a, geo.bbox(pb)):
                continue
            if (
                _overlap(pa, pb)
                or (la is not None and geo.point_in_polygon(la, pb))
                or (lb is not None and geo.point_in_polygon(lb, pa))
            ):
                out.append(f"{na} and {nb} overlap; spaces may share borders but not ground.")
    return out


def _overlap(p: tuple, q: tuple) -> bool:
    """Whether two simple polygons share ground: a side of one crosses a side of the other, or a corner of one
    lies inside the other."""
    for a, b in geo.edges(p):
        for c, d in geo.edges(q):
            if geo.segments_cross(a, b, c, d):
                return True
    return any(geo.point_in_polygon(v, q) for v in p) or any(geo.point_in_polygon(v, p) for v in q)


def _links(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    idx = survey.index
    bridges = [b.at for b in data.fleet.bridges]
    for ld in data.links:
        a, b = idx[ld.a], idx[ld.b]
        name = f"The {ld.via} from {survey.names[a]} to {survey.names[b]}"
        if ld.via in ("arrow", "bridge") and len(ld.dir) != 1:
            out.append(f"{name} points {ld.dir}; arrows and bridges point north, east, south or west.")
            continue
        if ld.via == "cross" and len(ld.dir) != 2:
            out.append(f"{name} points {ld.dir}; a four-way cross links districts diagonally (NE, SE, SW or NW).")
            continue
        if ld.via == "arrow":
            land = survey.land_border(a, b)
            if not land:
                out.append(
                    f"{name} crosses no border the two share away from the Fleet; an arrow links districts "
                    f"that share a border."
                )
                continue
            if not _faces(max(land, key=geo.length), survey.outlines[b], ld.dir):
                out.append(f"{name} is printed {ld.dir} but their shared border faces the other way.")
        elif ld.via == "bridge":
            fleet = survey.fleet_border(a, b)
            if not fleet:
                out.append(f"{name} crosses no stretch of the Fleet the two share.")
            elif not any(geo.on_segment(p, *s, tol=0.5) for p in bridges for s in fleet):
                out.append(f"{name} has no bridge of the file on the Fleet between them.")
            elif not _faces(max(fleet, key=geo.length), survey.outlines[b], ld.dir):
                out.append(f"{name} is printed {ld.dir} but the Fleet between them runs the other way.")
    return out


def _faces(border: tuple, far_side: tuple, direction: str) -> bool:
    """Whether crossing ``border`` into the district ``far_side`` goes (within 90 degrees) the printed way."""
    normal = geo.normal_into(border, far_side)
    vx, vy = DIRECTION_VECTORS[direction]
    return normal[0] * vx + normal[1] * vy > 0


def _borders(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    linked = {frozenset((survey.index[ld.a], survey.index[ld.b])): ld.via for ld in data.links}
    for i, j in survey.shared:
        if i >= survey.n_districts or j >= survey.n_districts:
            continue  # fields: pieces walk in, fire never does
        if survey.land_border(i, j) and linked.get(frozenset((i, j))) != "arrow":
            out.append(
                f"{survey.names[i]} and {survey.names[j]} share a border with no arrow across it; fire "
                f"crosses every border the Fleet does not run along."
            )
    return out


def _crosses(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    districts = range(survey.n_districts)
    cross_links = {frozenset((survey.index[ld.a], survey.index[ld.b])): ld for ld in data.links if ld.via == "cross"}
    used: set[frozenset[int]] = set()
    for c in data.crosses:
        meet = [i for i in districts if geo.has_vertex(survey.outlines[i], c.at)]
        where = f"({c.at[0]:g}, {c.at[1]:g})"
        if len(meet) != 4:
            out.append(
                f"The cross at {where} sits on a corner of {plural(len(meet), 'district')}; a four-way cross "
                f"sits where four districts meet."
            )
            continue
        diagonals = [frozenset((i, j)) for k, i in enumerate(meet) for j in meet[k + 1 :] if not survey.border(i, j)]
        if len(diagonals) != 2:
            out.append(f"The four districts at the cross at {where} do not meet as two diagonal pairs.")
            continue
        for pair in diagonals:
            i, j = sorted(pair)
            ld = cross_links.get(pair)
            if ld is None:
                out.append(f"The cross at {where} does not link {survey.names[i]} and {survey.names[j]}.")
                continue
            used.add(pair)
            a, b = survey.index[ld.a], survey.index[ld.b]
            ia, ib = geo.inward(survey.outlines[a], c.at), geo.inward(survey.outlines[b], c.at)
            dx, dy = ib[0] - ia[0], ib[1] - ia[1]
            want = ("S" if dy > 0 else "N") + ("E" if dx > 0 else "W")
            if ld.dir != want:
                out.append(
                    f"The cross from {ld.a} to {ld.b} is printed {ld.dir} but {survey.names[b]} lies {want} "
                    f"of {survey.names[a]} at the cross."
                )
    for pair, ld in cross_links.items():
        if pair not in used:
            out.append(
                f"The cross link from {survey.names[survey.index[ld.a]]} to {survey.names[survey.index[ld.b]]}"
                f" has no cross on a corner both districts meet at."
            )
    return out


def _rivers_and_wall(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    out = []
    if geo.simple_polygon_problem(data.thames):
        out.append("The Thames is not a simple polygon.")
    for b in data.fleet.bridges:
        if not geo.on_polyline(b.at, data.fleet.course):
            out.append(f"{b.name} does not lie on the Fleet.")
    for g in data.wall.gates:
        if not geo.on_polyline(g.at, data.wall.course):
            out.append(f"{g.name} does not lie on the city wall.")
    return out


def _required_moves(data: BoardData, rules: RulesData, survey: Survey) -> list[str]:
    """The rulebook's examples: each named card move exists (and, where the example lists every exit, no other)."""
    out = []
    by_name = {d.name: d.code for d in data.districts}
    targets: dict[tuple[str, str], set[str]] = {}
    for ld in data.links:
        a = survey.names[survey.index[ld.a]]
        b = survey.names[survey.index[ld.b]]
        for x, y, dr in ((a, b, ld.dir), (b, a, OPPOSITE[ld.dir])):
            for card in dr:
                targets.setdefault((x, card), set()).add(y)
    for req in rules.required_moves:
        missing = [n for n in (req.source, *req.to, *req.besides) if n not in by_name]
        if missing:
            out.append(f"{req.example} needs the districts {', '.join(missing)}, which the board lacks.")
            continue
        got = targets.get((req.source, req.card), set())
        card = dict(zip(DIRECTIONS, ("a north", "an east", "a south", "a west")))[req.card]
        for t in req.to:
            if t not in got:
                out.append(
                    f"{req.example}: {card} card moves fire from {req.source} into {t}, but the board has no such link."
                )
        if req.only:
            extra = sorted(got - set(req.to) - set(req.besides))
            if extra:
                out.append(
                    f"{req.example}: {card} card moves fire from {req.source} only into "
                    f"{', '.join(req.to)}, but the board also links {', '.join(extra)}."
                )
    return out
