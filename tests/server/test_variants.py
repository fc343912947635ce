"""Playtesting a variant with people: `firebreak serve --variants DIR` offers it in the lobby, and a game started
from it carries the variant's rules, name and hash on every page and in its record."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient

from firebreak.core import record_of
from firebreak.core.registry import load_all
from firebreak.core.variant import load_variants
from firebreak.server import create_app

from .helpers import error_code, state_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


@pytest.fixture
def variants() -> list[Any]:
    load_all()
    return load_variants(EXAMPLES)


@pytest.fixture
def vclient(db_url: str, variants: list[Any]) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, variants=variants)) as c:
        yield c


def _five(variants: list[Any]) -> Any:
    return next(v for v in variants if v.rules.get("action_points") == 5)


def _create(client: TestClient, body: dict[str, Any]) -> Any:
    base = {
        "game": "great-fire",
        "num_players": 3,
        "seed": 5,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    }
    return client.post("/api/games", json={**base, **body})


def test_the_lobby_offers_each_variant_with_its_rules(vclient: TestClient, variants: list[Any]) -> None:
    offered = vclient.get("/api/catalog").json()["variants"]
    assert {v["name"] for v in offered} == {
        "Five action points",
        "Stock-only cones",
        "The Fleet without bridges",
        "Quick Leadership",
        "Scarce ore",
    }
    five = next(v for v in offered if v["name"] == "Five action points")
    assert five["game"] == "great-fire" and five["rules"] == {"action_points": 5}
    assert five["hash"] == _five(variants).hash


def test_a_game_from_a_variant_is_marked_and_plays_by_its_rules(vclient: TestClient, variants: list[Any]) -> None:
    v = _five(variants)
    r = _create(vclient, {"variant": v.hash})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["title"] == "Great Fire of London 1666 — Variant: Five action points"
    assert created["variant"] == {"name": "Five action points", "hash": v.hash}
    assert created["options"]["rules"] == {"action_points": 5}
    token = created["seats"][0]["token"]
    page = state_of(vclient, created["id"], token)
    assert page["title"].endswith("Variant: Five action points")
    assert page["variant"]["hash"] == v.hash
    listed = vclient.get("/api/games").json()["games"]
    assert listed[0]["title"].endswith("Variant: Five action points")
    assert listed[0]["options"]["variant"]["hash"] == v.hash


def test_the_record_of_a_variant_game_carries_it(variants: list[Any]) -> None:
    from firebreak.core import get_game

    v = _five(variants)
    state = get_game("great-fire").new_game(3, 5, v.game_options())
    record = record_of(state).to_json()
    assert record["options"]["variant"] == {"name": v.name, "hash": v.hash}
    assert record["options"]["rules"] == {"action_points": 5}


def test_rule_changes_come_only_with_an_offered_variant(vclient: TestClient) -> None:
    r = _create(vclient, {"options": {"rules": {"action_points": 9}}})
    assert r.status_code == 422 and error_code(r) == "bad_options"
    r = _create(vclient, {"options": {"variant": {"name": "Fake", "hash": "0000"}}})
    assert r.status_code == 422 and error_code(r) == "bad_options"
    r = _create(vclient, {"variant": "not-offered"})
    assert r.status_code == 422 and error_code(r) == "unknown_variant"
    r = _create(vclient, {"variant": "x", "game": "catan"})
    assert r.status_code == 422


def test_the_rules_help_of_a_variant_game_shows_the_variants_numbers(vclient: TestClient, variants: list[Any]) -> None:
    """The game page's Rules tab (GET /api/games/ID/help) of a Five action points game says 5 where the printed
    help says 4, and lists what the variant changed first; the lobby says it too. A printed game's help is the
    printed one."""
    offered = next(v for v in vclient.get("/api/catalog").json()["variants"] if v["name"] == "Five action points")
    assert offered["changes"] == ["Action points per turn: 5 (the rulebook: 4)."]
    created = _create(vclient, {"variant": _five(variants).hash}).json()
    h = vclient.get(f"/api/games/{created['id']}/help").json()
    assert h["title"].endswith("Variant: Five action points")
    first = h["sections"][0]
    assert first["heading"] == "This game's rules"
    assert first["points"][1:] == ["Action points per turn: 5 (the rulebook: 4)."]
    said = [p for s in h["sections"] for p in s["points"]]
    assert any(p.startswith("Then 5 action points:") for p in said)
    assert not any("4 action points" in p for p in said)
    printed = _create(vclient, {}).json()
    h = vclient.get(f"/api/games/{printed['id']}/help").json()
    assert h["sections"][0]["heading"] != "This game's rules"
    assert any(p.startswith("Then 4 action points:") for s in h["sections"] for p in s["points"])
    assert vclient.get("/api/games/nosuchgame/help").status_code == 404
