"""Everything a Brigade player reads, over many random games (basic, advanced, add-ons; 2 to 4 players): every
seat's terminal screen (log, prompt, status), every event's sentence, every choice's label, heading and note, the
words and tooltips (title, aria-label) of the board picture and the score sheets show no internals (``None``,
``-1`` as a seat, snake_case, empty brackets, True/False), no codes where words belong (``P0 White``, ``click:``,
arrows, the terminal's old ``v4 fire 0/3`` and ``L:P0``) and count seats from 0."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.text_sweep import codes, internals, svg_words  # noqa: E402

from firebreak.core import get_game  # noqa: E402
from firebreak.games.brigade.render import render  # noqa: E402
from firebreak.games.brigade.svg import render_svg  # noqa: E402

OPTIONS = (
    {},
    {"advanced": True},
    {"big_buildings": True, "fire_festival": True},
    {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True},
    {"addon_pack": True},
)
GAMES = [(seed, players, opts) for seed, (players, opts) in enumerate((n, o) for o in OPTIONS for n in (2, 3, 4))]
_SEAT = re.compile(r"\bP(\d+)\b|\bseat (\d+)\b|\bL(\d+)\b")
_OLD_MARKS = re.compile(r"\bv\d\*? fire \d|\bL:P\d|\bP\d:\d")


def _bad(text: str, n: int) -> list[str]:
    """Internals and codes, and seats that do not exist when counted from 0 (a 1-based seat shows as P<n>)."""
    found = internals(text) + codes(text) + [f"a terminal code: {m.group(0)!r}" for m in _OLD_MARKS.finditer(text)]
    for m in _SEAT.finditer(text):
        seat = int(next(g for g in m.groups() if g is not None))
        if seat >= n:
            found.append(f"seat {m.group(0)!r} in a {n}-player game")
    return found


def _check_screens(state, n: int) -> list[str]:
    bad: list[str] = []
    to_act = state.current_player()
    for viewer in (None, *range(n)):
        view = state.view(viewer)
        bad += _bad(render(view), n)
        legal = [(a, state.action_to_text(a)) for a in state.legal_actions()] if viewer == to_act else []
        bad += _bad(svg_words(render_svg(view, legal)), n)
    if to_act >= 0:
        choices = state.action_choices()
        for c in choices:
            bad += _bad(" ".join((*c.group, c.label, c.note)), n)
        on_board = [c.label for c in choices if c.target is not None]
        if len(on_board) != len(set(on_board)):
            bad.append(f"two buttons for places read the same: {sorted(on_board)}")
    return bad


@pytest.mark.parametrize("seed,players,options", GAMES)
def test_every_screen_of_a_random_game_reads_like_a_person_wrote_it(seed: int, players: int, options: dict) -> None:
    state = get_game("brigade").new_game(players, seed, options)
    rng = random.Random(seed)
    bad: list[str] = []
    played = 0
    while not state.is_terminal() and played < 1500:
        if played % 37 == 0:
            bad += _check_screens(state, players)
        state.apply(rng.choice(state.legal_actions()))
        played += 1
    assert state.is_terminal()
    bad += _check_screens(state, players)
    for e in state.events:
        bad += _bad(state.describe_event(e), players)
    sheets = state.score_sheet()
    for seat, sheet in enumerate(sheets):
        assert sum(points for _, points in sheet) == state.scores()[seat]
        bad += _bad(" ".join(source for source, _ in sheet), players)
    assert not bad, "\n".join(sorted(set(bad))[:20])
    # the result names every winner by colour and seat, counted from 0
    result = state.view(None)["result"]
    for w in state.winners():
        assert state.player_name(w) in result
    text = render(state.view(None))
    assert result in text and all(state.player_name(p) in text for p in range(players))


def test_a_game_won_by_p2_names_p2_everywhere() -> None:
    """The old screens counted seats from 1 ("winners [3]" for P2)."""
    state = get_game("brigade").new_game(3, 4, {})
    state.loyal[14] = 2  # Great Lecture Hall (C3), the University: 5 points
    state._finish("evacuation")
    view = state.view(None)
    assert view["result"] == (
        "Game over (Evacuation: the town is evacuated and the round is finished). Pink (P2) wins with 5 points."
    )
    text = render(view)
    words = svg_words(render_svg(view, []))
    for screen in (text, words):
        assert "Pink (P2) wins with 5 points." in screen and "P3" not in screen
        assert "Loyalty: University, 1 block" in screen
    assert state.describe_event(state.events[-1]) == view["result"]


def test_the_terminal_town_says_value_fire_and_loyalty_in_words_and_fits_120_columns() -> None:
    state = get_game("brigade").new_game(3, 7, {})
    state.loyal[14] = 2  # Great Lecture Hall (C3)
    text = render(state.view(0))
    town = [line for line in text.splitlines() if line.startswith(("   +", " 1 |", "   |"))]
    assert len(town) > 36 and all(len(line) <= 120 for line in town)
    assert f"loyal: {state.player_name(2)}" in text
    assert "no fire (track " in text and "value " in text and f"home of {state.player_name(0)}" in text
