"""Player words in what the table sends each seat, swept over seeded games of every game (the Great Fire, the
Brigade, Catan's base board and Seafarers): every action label, group, note and confirmation, every log line
(the game's sentences, the forced steps' reasons, the action's text where a move made no sentence), every take
back button and refusal, every take-back note, the question and the player strip. None may hold a code where words
belong (snake_case, "->", "None", "-1", a bare "P0" where a seat's name is meant, "Intersection 29",
"Path 23-29", "S1", "click:").

The messages are the server's own (``views.seat_payload`` on a :class:`LiveGame`), built for each seat and the
spectator after every move; moves are random, and a seat takes its move back now and then (the notes and buttons
of take-backs are swept too).
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from firebreak.core import UNDO, get_game
from firebreak.server import undo as takebacks
from firebreak.server.live import LiveGame
from firebreak.server.storage import GameRow, SeatRow
from firebreak.server.views import seat_payload

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))
from text_sweep import codes, internals  # noqa: E402

CASES = [
    ("great-fire", 3, {}, 2),
    ("great-fire", 4, {"hidden_colours": True, "more_destruction": True}, 5),
    ("brigade", 3, {}, 1),
    ("brigade", 4, {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True}, 3),
    ("catan", 4, {"board": "base", "mode": "classic"}, 7),
    ("catan", 3, {"board": "base", "mode": "firestorm"}, 4),
    ("catan", 4, {"board": "seafarers", "layout": "beginner"}, 2),
]
MOVES = 400  # per game: the set-up and many turns of each (a whole game of the Great Fire or the Brigade)

BARE_SEAT = re.compile(r"(?<![(\w])P\d+\b(?!\))")  # "P0" not inside "Blue (P0)"
MINUS_ONE = re.compile(r"(?<![\w.−-])-1\b")


def _bad(text: str) -> list[str]:
    found = internals(text) + codes(text)
    if text.startswith("no sentence for the move: "):
        found.append(text)
    for line in text.splitlines():
        found += [f"a seat by its number: {m.group(0)!r} in {line.strip()[:120]!r}" for m in BARE_SEAT.finditer(line)]
        found += [f"-1: in {line.strip()[:120]!r}" for _ in MINUS_ONE.finditer(line)]
    return found


def _shown(msg: dict[str, Any]) -> list[tuple[str, str]]:
    """What a page shows of a message, as (where, words)."""
    out: list[tuple[str, str]] = []
    for c in msg["choices"]:
        out += [("action label", c["label"]), ("action note", c["note"]), ("confirmation", c.get("confirm", ""))]
        out += [("action group", g) for g in c["group"]]
    for e in msg["entries"]:
        sentences = [ev["text"] for ev in e["events"] if ev["text"]]
        if e.get("quiet"):
            continue  # a step of a form (a trade offer's card): the page leaves it out of the log
        if e["seat"] is not None and (not e["events"] or not e["events"][0]["text"]):  # the action's text shows
            out.append(("log line", f"no sentence for the move: {e['name']}: {e['text']}"))
        out += [("log line", s) for s in sentences]
    if msg["undo"]:
        out.append(("take-back button", msg["undo"].get("text") or msg["undo"].get("why", "")))
    out += [("take-back note", n["text"]) for n in msg["undone"]]
    out.append(("question", msg["question"] or ""))
    for s in msg["strip"] or []:
        out += [("player strip", s.get("score_text") or "")]
        out += [("player strip", c["text"]) for c in s.get("counts") or []]
    return out


def _live(game: str, n: int, options: dict[str, Any], seed: int) -> LiveGame:
    row = GameRow("sweep", game, n, options, seed, 0.0, 0, 0, False)
    return LiveGame(row, [SeatRow(s, "human", None, None, None) for s in range(n)], get_game(game))


@pytest.mark.parametrize(
    ("game", "n", "options", "seed"),
    CASES,
    ids=[f"{g}-{n}-{'-'.join(map(str, o.values())) or 'basic'}" for g, n, o, _ in CASES],
)
def test_every_word_a_seat_reads_is_player_words(game: str, n: int, options: dict[str, Any], seed: int) -> None:
    live = _live(game, n, options, seed)
    pick = random.Random(seed)
    bad: dict[str, str] = {}  # each distinct offence once, with where it was read
    seen = {"take-back note": 0, "take-back button": 0}
    for _ in range(MOVES):
        state = live.state
        if state.is_terminal():
            break
        seat = state.current_player()
        start = max(-1, len(state.history) - 1)
        for viewer in [*range(n), None]:
            msg = seat_payload(live, viewer, "update", start, undone_seen=max(0, live.undone_total - 1))
            for where, words in _shown(msg):
                if where in seen:
                    seen[where] += 1
                for found in _bad(words):
                    bad.setdefault(found, where)
        if state.history and takebacks.why_not(live, seat) is None and pick.random() < 0.25:
            live.replay_stored([(UNDO, seat)])  # as the table does: the move goes, a note says so
            continue
        live.replay_stored([(pick.choice(state.legal_actions()), seat)])
    assert seen["take-back note"] and seen["take-back button"]  # the sweep read both
    assert not bad, "\n".join(f"{where}: {found}" for found, where in sorted(bad.items(), key=lambda kv: kv[1]))
