"""The rules help (data/help.yaml): every example it gives on our board holds on the loaded board.

Each point of the examples section is checked by the test of the same name below, which lays the example out on
the loaded board, plays it where there is something to play, and checks the districts the point names; a point
without a check, or a check without its point, fails. The card colours the help names are the colours the board
draws the links in.
"""

from __future__ import annotations

import colorsys
import re

import pytest

from firebreak.core.help import load_help
from firebreak.games.great_fire.data import DIRECTIONS

from .helpers import BOARD, DEMOLITION, E, N, Position, S, W, d

HELP = load_help("firebreak.games.great_fire")
EXAMPLES = next(s["points"] for s in HELP["sections"] if s["heading"] == "The rulebook's examples on our board")
CARDS = {"north": N, "east": E, "south": S, "west": W}


def point(key: str) -> str:
    """The example whose text starts with ``key`` and a colon."""
    found = [p for p in EXAMPLES if p.startswith(key + ":")]
    assert len(found) == 1, f"the help has {len(found)} examples headed {key!r}"
    return found[0]


def names_in(text: str) -> set[str]:
    """The board's districts a text names (longest names first, so "S. Mary" is not read inside another)."""
    found = set()
    for name in sorted(BOARD.names, key=len, reverse=True):
        if re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text):
            found.add(name)
            text = text.replace(name, " ")
    return found


def links(source: str, card: int) -> set[str]:
    return {BOARD.names[t] for t in BOARD.fire_links[card][d(source)]}


def fresh(*cards: int) -> Position:
    pos = Position(4, seed=1)
    pos.hand(pos.s.player, *cards)
    return pos


def test_example_1_arrows():
    text = point("Example 1")
    assert names_in(text) == {"Sion College", "Moorgate", "Brewer's Hall"}
    assert "Moorgate" in links("Sion College", E) and BOARD.link_dirs[d("Sion College")][d("Moorgate")] == "E"
    assert "Brewer's Hall" in links("Sion College", S)
    assert BOARD.link_dirs[d("Sion College")][d("Brewer's Hall")] == "S"


def test_example_1_four_way_crosses():
    text = point("Example 1, four-way crosses")
    assert names_in(text) == {"Cripplegate", "Moorgate", "Sion College", "Finsbury"}
    for src, tgt, cards in (
        ("Cripplegate", "Moorgate", (S, E)),
        ("Moorgate", "Cripplegate", (N, W)),
        ("Sion College", "Finsbury", (N, E)),
        ("Finsbury", "Sion College", (S, W)),
    ):
        assert len(BOARD.link_dirs[d(src)][d(tgt)]) == 2, f"{src} to {tgt} is not a diagonal"
        for card in range(4):
            assert (tgt in links(src, card)) == (card in cards), (src, tgt, DIRECTIONS[card])


def test_example_2_houses():
    text = point("Example 2")
    for name, houses in (("Aldgate", 4), ("Bethnal", 1)):
        assert f"{name} holds {houses} house" in text or f"{name} {houses}" in text
        assert BOARD.size[d(name)] == houses


def test_example_3_north_card_through_s_bennet():
    text = point("Example 3")
    pos = fresh(N, N, E, S, W)
    pos.burn("S. Bennet", 3)
    through = {"Guild Hall", "Coleman Street"}
    straight = {"S. Mary", "Bridgeward", "Candlewick Ward", "Pepys House"}
    north = {t for (_, src, t) in pos.targets("north") if src == "Pudding Lane"}
    assert north == through | straight
    assert straight <= links("Pudding Lane", N) and not through & links("Pudding Lane", N)
    for card, name in ((E, "S. Mary"), (S, "Tallow Hall"), (W, "Cheapside")):
        assert links("S. Bennet", card) - {"Pudding Lane"} == {name}
    assert names_in(text) == through | straight | {"Pudding Lane", "S. Bennet", "Tallow Hall", "Cheapside"}


def test_example_3_the_path():
    text = point("Example 3, the path")
    pos = fresh(S, S, S, N, N)
    pos.burn("S. Bennet", 3)
    choice = next(c for c in pos.s.action_choices() if c.target == "Tallow Hall" and c.source == "Pudding Lane")
    assert choice.path == ("Pudding Lane", "S. Bennet", "Tallow Hall")
    assert "Tallow Hall" in links("Pudding Lane", W) and "Tallow Hall" not in links("Pudding Lane", S)
    assert "via S. Bennet into Tallow Hall" in text


def test_example_4_fire_movement_priority():
    text = point("Example 4")
    pos = fresh(S, S, S, S, N)
    burning = ["S. Bennet", "Guild Hall", "Bassishaw", "Goldsmiths' Hall", "Philpott Lane"]
    for name in burning:
        pos.burn(name)
    pos.bands("Coleman Street", 1).bands("Bread Street", 1)
    pos.empty("Watlin Street")
    south = pos.targets("south")
    assert {t for (_, _, t) in south} == {"Cheapside", "Tallow Hall", "Billingsgate"}
    for name in ("Coleman Street", "Bread Street", "Watlin Street"):  # reachable with the card, of a lower kind
        assert any(name in links(src, S) for src in ["Pudding Lane", *burning])
    paths = {c.path for c in pos.s.action_choices() if c.target == "Cheapside"}
    assert ("Pudding Lane", "S. Bennet", "Guild Hall", "Cheapside") in paths
    assert ("Guild Hall", "Cheapside") in paths
    assert names_in(text) == {
        "Pudding Lane",
        *burning,
        "Coleman Street",
        "Bread Street",
        "Watlin Street",
        "Cheapside",
        "Tallow Hall",
        "Billingsgate",
    }


def test_fire_damage():
    text = point("Fire damage")
    pos = fresh(N, N, N, E, E)
    pos.burn("S. Bennet", 3)
    s = pos.refresh()
    stock = s.stock
    s.apply(s.codec.fire(N, d("Pudding Lane"), d("Guild Hall")))
    gh = d("Guild Hall")
    assert BOARD.size[gh] == 4 and s.fire[gh] == 4 and not s.houses[gh] and stock - s.stock == 3
    assert BOARD.size[gh] + BOARD.rules.intensify_cap_over_houses == 6
    assert names_in(text) == {"Guild Hall"}


def test_example_5_scoring():
    text = point("Example 5")
    s = fresh(N, N, N, E, E).s
    s.lost[s.colour[0]] = 2
    assert s.score_breakdown(0)["houses"] == 36
    assert "2 houses" in text and "36 VP" in text


def test_example_6_putting_out():
    text = point("Example 6")
    pos = fresh(N, N, N, E, E)
    pos.fire("St Pauls", 5).bands("St Pauls", 5)
    p = pos.s.player
    pos.landowner(p, "St Pauls").actions_phase(4)
    s = pos.refresh()
    assert s.contained(d("St Pauls"))
    s.apply(s.codec.put_out)
    s.apply(s.codec.put_out)
    assert s.fire[d("St Pauls")] == 3 and s.put_out[p] == 2 and s.ap == 2
    assert names_in(text) == {"St Pauls"}


def test_demolition_limits():
    text = point("Demolition")
    pos = fresh(N, N, N, E, E)
    pos.burn("S. Bennet", 3)
    pos.bands("Coleman Street", 1).bands("Cheapside", 1)
    p = pos.s.player
    pos.s.held[p].append(DEMOLITION)
    pos.s.destroyed_tokens.remove(DEMOLITION)
    s = pos.actions_phase(4).refresh()
    sites = {BOARD.names[x] for x in s.demolition_targets()}
    assert "Coleman Street" in sites and "Cheapside" not in sites
    assert BOARD.size[d("Coleman Street")] == 1 and BOARD.size[d("Cheapside")] == 4
    pos.empty("Cheapside")  # burnt down: no longer an objective area to protect
    assert "Cheapside" in {BOARD.names[x] for x in pos.refresh().demolition_targets()}
    assert names_in(text) == {"S. Bennet", "Coleman Street", "Cheapside"}
    assert "Coleman Street (1 house)" in text and "Cheapside (4 houses)" in text


def test_every_example_has_its_check():
    checked = {
        "Example 1",
        "Example 1, four-way crosses",
        "Example 2",
        "Example 3",
        "Example 3, the path",
        "Example 4",
        "Fire damage",
        "Example 5",
        "Example 6",
        "Demolition",
    }
    assert {p.split(":")[0] for p in EXAMPLES} == checked


def _hue(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


HUES = {"red": ((0, 30), (330, 360)), "orange": ((30, 55),), "green": ((75, 175),), "blue": ((175, 260),)}


@pytest.mark.parametrize("where", ["section", "legend"])
def test_the_card_colours_named_are_those_the_board_draws(where):
    if where == "section":
        text = " ".join(next(s["points"] for s in HELP["sections"] if "colours" in s["heading"]))
    else:
        text = next(e["meaning"] for e in HELP["legend"] if "card" in e["symbol"])
    named = dict(re.findall(r"(North|East|South|West) (red|orange|green|blue)", text))
    assert set(named) == {"North", "East", "South", "West"}
    for direction, word in named.items():
        hue = _hue(BOARD.card_colours[CARDS[direction.lower()]])
        assert any(lo <= hue < hi for lo, hi in HUES[word]), f"{direction} is drawn {hue:.0f}°, not {word}"
    assert named["East"] == "orange" and named["South"] == "red"  # as the rulebook prints them
