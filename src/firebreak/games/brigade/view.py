"""What one seat may see: everything on the table, the sizes (never the order) of the decks, and the recruit
cards only for the player who drew them; and, for search bots, samples of what it may not see.

The observer half of the game, as in every game package (``view.py``): the view for the terminal, the server and
bots, and the determinisation search bots plan on, which must never read the true hidden state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core import Rng

from . import narrate
from .data import AFFILIATIONS
from .tables import N_POS, TRACK_NAMES, pos_name, tables

if TYPE_CHECKING:
    from .state import BrigadeState

LOG_LINES = 14


def player_view(s: "BrigadeState", player: int | None) -> dict[str, Any]:
    """The JSON-ready picture seat ``player`` may see (``None``: a spectator)."""
    T = tables()
    n = s.num_players
    colours = [T.colours[c] for c in s.colour]
    board = []
    for pos in range(N_POS):
        aff = s.st_aff[pos]
        cell: dict[str, Any] = {
            "pos": pos_name(pos),
            "name": s.st_name[pos],
            "firehouse": aff < 0,
            "affiliation": AFFILIATIONS[aff] if aff >= 0 else None,
            "value": s.st_value[pos],
            "track": s.st_track[pos],
            "intensity": s.intensity[pos],
            "destroyed": bool(s.destroyed[pos]),
            "loyal": s.loyal[pos],
            "renown": [s.renown[pos * 4 + p] for p in range(n)],
            "brigades": [p for p in range(n) if s.bpos[p] == pos],
            "wagons": [p for p in range(n) if s.wpos[p] == pos],
        }
        if s.st_big[pos]:
            cell["big_building"] = True
        board.append(cell)
    scores = s.scores()
    players = []
    for p in range(n):
        crew = []
        for c in s.crew[p]:
            name, aff, water = T.crew[c]
            crew.append({"name": name, "affiliation": AFFILIATIONS[aff], "water": water, "active": s.active(p, c)})
        players.append(
            {
                "seat": p,
                "name": s.player_name(p),
                "colour": colours[p],
                "warden": narrate.warden_title(s, p),
                "tracks": {
                    TRACK_NAMES[t]: {
                        "circle": s.tracks[3 * p + t] + 1,
                        "of": T.track_last[t] + 1,
                        "value": s.track_values[t][s.tracks[3 * p + t]],
                    }
                    for t in range(3)
                },
                "crew": crew,
                "brigade_water": s.wb[p],
                "brigade_capacity": s.brigade_cap(p),
                "wagon_water": s.ww[p],
                "wagon_capacity": s.wagon_cap(p),
                "brigade_at": pos_name(s.bpos[p]),
                "wagon_at": pos_name(s.wpos[p]),
                "firehouse": pos_name(s.firehouse[p]),
                "renown_supply": s.renown_left[p],
                "loyalty_supply": s.loyalty_left[p],
                "score": scores[p],
                "bonus_actions": s.bonus[p],
            }
        )
    drawn: Any = len(s.drawn)
    if s.drawn and player is not None and player == s.drawer:
        drawn = [T.crew[c][0] for c in s.drawn]
    log = [s.describe_event(e) for e in s.events_for(player)[-LOG_LINES:]]
    over = s.over
    return {
        "game": "brigade",
        "you": player,
        "num_players": n,
        "options": dict(s.options),
        "turn": s.turn_number,
        "active": s.turn_player,
        "phase": "event" if s.phase == 0 else "action",
        "to_act": s.current_player(),
        "prompt": s.prompt(),
        "to_act_name": s.player_name(s.current_player()) if not over else None,
        "actions_used": s.used,
        "actions_allowed": s.actions_allowed(),
        "board": board,
        "players": players,
        "event_deck": len(s.event_deck),
        "event_discard": [T.events[e][2] for e in s.event_discard],
        "last_event": T.events[s.last_event][2].replace(" (starter)", "") if s.last_event >= 0 else None,
        "crew_deck": len(s.crew_deck),
        "crew_discard": [T.crew[c][0] for c in s.crew_discard],
        "drawn": drawn,
        "drawer": s.drawer if s.drawer >= 0 else None,
        "destroyed": s.n_destroyed,
        "university_destroyed": s.n_univ_destroyed,
        "evacuation": s.evac,
        "over": s.over,
        "end_reason": narrate.ENDINGS.get(s.end_reason) if s.end_reason else None,
        "winners": s.winners(),
        "winner_names": [s.player_name(w) for w in s.winners()],
        "result": narrate.game_over_sentence(s, s.end_reason, s.winners(), scores) if over else None,
        "score_sheet": [[[src, pts] for src, pts in sheet] for sheet in s.score_sheet()] if over else None,
        "scores": scores,
        "log": log,
    }


def determinize(state: "BrigadeState", player: int, rng: Rng) -> "BrigadeState":
    """Reshuffle the event and crew decks (their order is hidden from everyone), and the recruit cards
    another player is holding; reseed the chance generator.

    Pools are sorted before shuffling, so the sample depends only on what ``player`` knows and on ``rng``.
    """
    c = state.clone()
    c.event_deck = sorted(c.event_deck)
    rng.shuffle(c.event_deck)
    if c.drawn and c.drawer != player:
        pool = sorted(c.crew_deck + c.drawn)
        rng.shuffle(pool)
        c.drawn = pool[: len(c.drawn)]
        c.crew_deck = pool[len(c.drawn) :]
    else:
        c.crew_deck = sorted(c.crew_deck)
        rng.shuffle(c.crew_deck)
    state._seal_determinization(c, player, rng)
    return c
