"""A Catan layout variant on the server (`firebreak serve --variants DIR`): the lobby offers the example (Scarce
ore), a game created from it is marked as a variant and dealt and drawn on its layout, a player count its frame
cannot seat is refused, and the layout stays with the game through a restart, the replay, the record and a
rematch."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from firebreak.core import replay
from firebreak.core.parameters import BOARD_KEY, board_hash
from firebreak.core.record import GameRecord
from firebreak.core.registry import load_all
from firebreak.core.variant import load_variants
from firebreak.server import create_app

from .helpers import error_code, state_of, tokens
from .test_games import play_alone
from .test_variants import EXAMPLES

HEX_A = "The grain 10 hex (A)"
"""The layout's first hex (the beginner layout's is ore 10)."""


@pytest.fixture
def variants() -> list[Any]:
    load_all()
    return load_variants(EXAMPLES)


def _scarce_ore(variants: list[Any]) -> Any:
    return next(v for v in variants if v.game == "catan" and v.board is not None)


def _create(client: TestClient, body: dict[str, Any], players: int = 4) -> Any:
    base = {
        "game": "catan",
        "num_players": players,
        "seed": 5,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1),
    }
    return client.post("/api/games", json={**base, **body})


def _play_a_little(client: TestClient, created: dict[str, Any], moves: int) -> None:
    """Seat 0 takes its last legal action ``moves`` times (the set-up: a settlement, then its road)."""
    game_id, tok = created["id"], tokens(created)[0]
    for _ in range(moves):
        st = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tok}).json()
        assert st["your_turn"], st
        r = client.post(
            f"/api/games/{game_id}/actions",
            json={"index": st["index"], "action": st["legal"][-1]["id"]},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 200, r.text


def test_the_lobby_offers_the_layout_and_its_game_is_dealt_and_drawn_on_it(db_url: str, variants: list[Any]) -> None:
    v = _scarce_ore(variants)
    layout = yaml.safe_load((EXAMPLES / v.board).read_text())
    with TestClient(create_app(db_url, variants=variants)) as client:
        offered = {x["name"]: x for x in client.get("/api/catalog").json()["variants"]}
        assert offered["Scarce ore"]["game"] == "catan" and offered["Scarce ore"]["board"] == v.board
        # the lobby offers it for the counts its frame seats and not the options its layout replaces
        assert offered["Scarce ore"]["player_counts"] == [3, 4]
        assert offered["Scarce ore"]["replaces"] == ["board", "layout", "new_shores_vp"]
        r = _create(client, {"variant": v.hash})
        assert r.status_code == 201, r.text
        created = r.json()
        assert created["title"] == "Catan with Fire Stations — Variant: Scarce ore"
        assert created["options"][BOARD_KEY] == board_hash(v.board_data)  # listings name the layout, not carry it
        # the options the layout replaces (its deal, its island) are left out of every listing: they change nothing
        listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == created["id"])
        for shown in (created["options"], listed["options"]):
            assert not {"layout", "board", "new_shores_vp"} & set(shown) and shown["mode"] == "firestorm"
        page = state_of(client, created["id"], tokens(created)[0])
        hexes = page["view"]["board"]["hexes"]
        assert [h["terrain"] for h in hexes] == layout["terrain"] and [h["number"] for h in hexes] == layout["numbers"]
        assert HEX_A in page["svg"]
        printed = _create(client, {"options": {"layout": "beginner"}}).json()
        assert HEX_A not in state_of(client, printed["id"], tokens(printed)[0])["svg"]
        # the base frame seats 3 or 4: a request for 5 on it is refused, nothing made
        before = len(client.get("/api/games").json()["games"])
        r = _create(client, {"variant": v.hash}, players=5)
        assert (
            r.status_code == 422 and r.json()["error"]["message"] == "This variant's board seats 3 or 4 players, not 5"
        )
        assert len(client.get("/api/games").json()["games"]) == before
        # and no request brings a layout of its own
        r = _create(client, {"options": {BOARD_KEY: layout}})
        assert r.status_code == 422 and error_code(r) == "bad_options"


def test_the_layout_survives_a_restart_and_goes_into_the_replay_the_record_and_the_rematch(
    db_url: str, variants: list[Any]
) -> None:
    v = _scarce_ore(variants)
    with TestClient(create_app(db_url, variants=variants)) as client:
        created = _create(client, {"variant": v.hash, "options": {"turn_limit": 2}}).json()
        game_id, tok = created["id"], tokens(created)[0]
        _play_a_little(client, created, 2)
        before = state_of(client, game_id, tok)
    with TestClient(create_app(db_url, variants=variants)) as client:  # restarted: rebuilt from its stored row
        after = state_of(client, game_id, tok)
        assert after["svg"] == before["svg"] and HEX_A in after["svg"]
        assert client.app.state.storage.load_game(game_id).options[BOARD_KEY] == v.board_data
        play_alone(client, created)  # (two turns, then the turn limit ends it)
        shown = client.get(f"/api/games/{game_id}/replay?step=1").json()
        assert HEX_A in shown["svg"]
        record = client.get(f"/api/games/{game_id}/log").json()
        assert record["options"][BOARD_KEY] == v.board_data
        replayed = replay(GameRecord.from_json(record))
        assert replayed.is_terminal() and replayed.numbers == tuple(v.board_data["numbers"])
        r = client.post(f"/api/games/{game_id}/rematch", json={"start": True}, headers={"X-Seat-Token": tok})
        assert r.status_code == 200, r.text
        new_id = r.json()["id"]
        assert client.app.state.storage.load_game(new_id).options[BOARD_KEY] == v.board_data
        assert HEX_A in state_of(client, new_id)["svg"]
