"""The schema as firebreak made it before migrations (``metadata.create_all``, 2026-11-28): games, seats,
actions, clocks, chat, rematches and open seats. Frozen: never edit this file; change the schema in a new one.

A database made before migrations has these tables and no ``alembic_version``: each table that exists is kept as
it is (a server of that time made them exactly so) and only a missing one is created (one older still, from
before chat or open seats), then the database is marked as at this revision. A fresh database gets them all.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())

    def create(name: str, *columns: sa.Column) -> bool:
        if name in existing:
            return False
        op.create_table(name, *columns)
        return True

    create(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("takeover_after", sa.Integer, nullable=False),
        sa.Column("num_actions", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
    )
    create(
        "seats",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("last_seen", sa.Float, nullable=True),
    )
    create(
        "actions",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    if create(
        "clocks",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("seconds", sa.Integer, nullable=False),
        sa.Column("increment", sa.Integer, nullable=False),
        sa.Column("remaining", sa.JSON, nullable=False),
        sa.Column("running", sa.Integer, nullable=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
    ):
        op.create_index("ix_clocks_deadline", "clocks", ["deadline"])
    create(
        "chat",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("at", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    if create(
        "rematches",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("rematch_id", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    ):
        op.create_index("ix_rematches_rematch_id", "rematches", ["rematch_id"])
    create(
        "open_seats",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
    )
