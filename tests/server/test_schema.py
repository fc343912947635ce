"""Schema migrations (Alembic, run by the server at its start): a fresh database comes up at the newest schema,
exactly the tables the code declares; two processes started together on one empty PostgreSQL database both start;
a database made by firebreak before migrations (``create_all``) is recognised, kept with every game, and plays on;
a database upgraded by a newer firebreak is refused in words."""

from __future__ import annotations

import concurrent.futures
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
    inspect,
    select,
    text,
)

from firebreak import __version__
from firebreak.core import get_game
from firebreak.server import create_app
from firebreak.server.schema import BEFORE_MIGRATIONS, SchemaError, all_tables, schema_upgrades_table, upgrade
from firebreak.server.storage import Storage, hash_token

from .conftest import PG_SKIP, PG_URL, postgres_schema
from .helpers import state_of
from .process import ServerProcess


def engine_for(url: str):  # type: ignore[no-untyped-def]
    return create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))


def head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from firebreak.server.schema import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    found = ScriptDirectory.from_config(config).get_current_head()
    assert found is not None
    return found


def test_a_fresh_database_comes_up_at_the_newest_schema_with_exactly_the_declared_tables(db_url: str) -> None:
    storage = Storage(db_url)
    with storage.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        assert ctx.get_current_revision() == head()
        # the migrations build what the code declares: a table or column changed without a migration fails here
        assert compare_metadata(ctx, all_tables()) == []
        upgrades = conn.execute(select(schema_upgrades_table)).mappings().all()
    assert [(u["previous"], u["revision"], u["version"]) for u in upgrades] == [(None, head(), __version__)]
    storage.dispose()
    Storage(db_url).dispose()  # a second start finds it done: nothing more recorded
    with engine_for(db_url).connect() as conn:
        assert conn.execute(select(schema_upgrades_table.c.id)).all() == [(1,)]


# ----------------------------------------------------------------------------------- before migrations
# The tables exactly as firebreak declared them on 2026-11-28, before migrations, and made them with
# ``metadata.create_all``: frozen here (never change them) to make the databases that version left behind.
TODAY = MetaData()
Table(
    "games",
    TODAY,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("takeover_after", Integer, nullable=False),
    Column("num_actions", Integer, nullable=False, default=0),
    Column("finished", Boolean, nullable=False, default=False),
)
Table(
    "seats",
    TODAY,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("last_seen", Float, nullable=True),
)
Table(
    "actions",
    TODAY,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)
Table(
    "clocks",
    TODAY,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("mode", String(8), nullable=False),
    Column("seconds", Integer, nullable=False),
    Column("increment", Integer, nullable=False),
    Column("remaining", JSON, nullable=False),
    Column("running", Integer, nullable=True),
    Column("started", Float, nullable=True),
    Column("deadline", Float, nullable=True, index=True),
)
Table(
    "chat",
    TODAY,
    Column("game_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(80), nullable=False),
    Column("text", String(2000), nullable=False),
    Column("at", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)
Table(
    "rematches",
    TODAY,
    Column("game_id", String(40), primary_key=True),
    Column("rematch_id", String(40), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)
Table("open_seats", TODAY, Column("game_id", String(40), primary_key=True), Column("seat", Integer, primary_key=True))

GAMES = {"great-fire": 3, "brigade": 4, "catan": 3}


def old_database(url: str, now: float) -> dict[str, tuple[str, int, int]]:
    """A database as firebreak left it before migrations: its tables by ``create_all``, and per game a game part
    played (each seat a person whose token is ``tok-GAME-SEAT``), one finished, a chat line, a rematch, an open
    seat. Returns {game id: (game, players, actions stored)}."""
    engine = engine_for(url)
    TODAY.create_all(engine)
    made: dict[str, tuple[str, int, int]] = {}
    rng = random.Random(5)
    with engine.begin() as conn:
        for k, (name, n) in enumerate(list(GAMES.items()) + [("great-fire", 3)]):
            gid = f"old{k}"
            options = get_game(name).resolve_options(n, {})
            state = get_game(name).new_game(n, 100 + k, options)
            moves: list[tuple[int, int]] = []
            finished = k == len(GAMES)  # the last one is played to its end
            while not state.is_terminal() and (finished or len(moves) < 25):
                seat = state.current_player()
                a = rng.choice(state.legal_actions())
                state.apply(a)
                moves.append((a, seat))
            conn.execute(
                insert(TODAY.tables["games"]).values(
                    id=gid,
                    game=name,
                    num_players=n,
                    options=options,
                    seed=100 + k,
                    created_at=now - 600 + k,
                    takeover_after=0,
                    num_actions=len(moves),
                    finished=state.is_terminal(),
                )
            )
            conn.execute(
                insert(TODAY.tables["seats"]),
                [
                    {
                        "game_id": gid,
                        "seat": s,
                        "kind": "human",
                        "bot": None,
                        "token_hash": hash_token(f"tok-{gid}-{s}"),
                        "last_seen": now - 60,
                    }
                    for s in range(n)
                ],
            )
            conn.execute(
                insert(TODAY.tables["actions"]),
                [
                    {"game_id": gid, "idx": i, "action": a, "seat": s, "created_at": now - 300 + i}
                    for i, (a, s) in enumerate(moves)
                ],
            )
            conn.execute(
                insert(TODAY.tables["chat"]).values(
                    game_id=gid, n=1, seat=0, name="Ann", text="good luck", at=0, created_at=now - 590
                )
            )
            made[gid] = (name, n, len(moves))
        conn.execute(insert(TODAY.tables["rematches"]).values(game_id="old3", rematch_id="old0", created_at=now))
    engine.dispose()
    return made


def test_a_database_made_before_migrations_keeps_every_game_and_plays_on(db_url: str) -> None:
    import time

    made = old_database(db_url, time.time())
    with TestClient(create_app(db_url)) as client:
        for gid, (name, n, stored) in made.items():
            st = state_of(client, gid)
            assert st["index"] == stored, gid  # every stored action is there
            ref = get_game(name).new_game(n, 100 + int(gid[3:]), st["options"] if "options" in st else None)
            for a, _ in client.app.state.storage.load_actions(gid):
                ref.apply(a)
            assert st["view"] == ref.view(None)
            assert [m["text"] for m in client.get(f"/api/games/{gid}/chat").json()["messages"]] == ["good luck"]
            if st["terminal"]:
                continue
            # the old seat links still work, and the game goes on
            seat = st["current_player"]
            mine = state_of(client, gid, f"tok-{gid}-{seat}")
            assert mine["your_turn"]
            r = client.post(
                f"/api/games/{gid}/actions",
                json={"index": stored, "action": mine["legal"][0]["id"], "token": f"tok-{gid}-{seat}"},
            )
            assert r.status_code == 200, r.text
            assert state_of(client, gid)["index"] > stored
        listed = {g["id"] for g in client.get("/api/games").json()["games"]}
        assert set(made) <= listed
    with engine_for(db_url).connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        assert ctx.get_current_revision() == head()
        assert compare_metadata(ctx, all_tables()) == []  # the old tables now are exactly today's
        upgrades = conn.execute(select(schema_upgrades_table)).mappings().all()
        assert [(u["previous"], u["revision"], u["version"]) for u in upgrades] == [
            (BEFORE_MIGRATIONS, head(), __version__)
        ]
        assert conn.execute(text("SELECT rematch_id FROM rematches WHERE game_id = 'old3'")).scalar_one() == "old0"


def test_a_database_from_before_chat_gets_the_tables_it_lacks(sqlite_url: str) -> None:
    """Older still: made before chat, rematches and open seats existed (create_all added missing tables then)."""
    engine = engine_for(sqlite_url)
    TODAY.create_all(engine, tables=[TODAY.tables[n] for n in ("games", "seats", "actions", "clocks")])
    engine.dispose()
    assert upgrade(sqlite_url)[0] == BEFORE_MIGRATIONS
    assert {"chat", "rematches", "open_seats", "server_processes"} <= set(
        inspect(engine_for(sqlite_url)).get_table_names()
    )


def test_a_table_of_another_program_named_games_is_refused_in_words(sqlite_url: str) -> None:
    engine = engine_for(sqlite_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE games (id VARCHAR PRIMARY KEY, title VARCHAR)"))
    engine.dispose()
    with pytest.raises(SchemaError, match="lacks the columns .*not made by firebreak"):
        upgrade(sqlite_url)


def test_a_database_upgraded_by_a_newer_firebreak_is_refused_in_words(sqlite_url: str) -> None:
    Storage(sqlite_url).dispose()
    engine = engine_for(sqlite_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        conn.execute(insert(schema_upgrades_table).values(previous=head(), revision="9999", version="7.0.0", at=0.0))
    engine.dispose()
    with pytest.raises(SchemaError, match=r"newer than this firebreak .* knows; firebreak 7\.0\.0 upgraded it"):
        upgrade(sqlite_url)


# ----------------------------------------------------------------------------------- processes starting together
@pytest.mark.skipif(not PG_URL, reason=PG_SKIP)
def test_two_processes_started_together_on_an_empty_postgresql_database_both_start(tmp_path: Path) -> None:
    """Issue 24: with create_all, one of the two exited with a duplicate ``pg_type`` row (3 tries of 3)."""
    assert PG_URL
    for attempt in range(3):
        url, drop = postgres_schema(PG_URL)
        logs = [tmp_path / f"server-{attempt}-{k}.log" for k in range(2)]
        servers: list[ServerProcess] = []
        try:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                starting = [pool.submit(ServerProcess, url, None, log) for log in logs]
                errors: list[Any] = []
                for f in starting:
                    try:
                        servers.append(f.result())
                    except RuntimeError as exc:
                        errors.append(exc)
            assert not errors, f"try {attempt + 1}: a server did not start: {errors}"
            a, b = servers
            g = httpx.post(
                a.base + "/api/games", json={"game": "great-fire", "num_players": 3, "seats": [{"kind": "human"}] * 3}
            ).json()
            assert httpx.get(f"{b.base}/api/games/{g['id']}").json()["index"] == 0  # one database, both serving
            engine = engine_for(url)
            with engine.connect() as conn:
                assert conn.execute(select(schema_upgrades_table.c.revision)).all() == [(head(),)]  # made once
                assert conn.execute(text("SELECT count(*) FROM server_processes")).scalar_one() == 2
            engine.dispose()
        finally:
            for s in servers:
                s.stop()
            drop()
