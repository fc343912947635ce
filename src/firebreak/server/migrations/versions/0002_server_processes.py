"""What the servers themselves record: each server process and its heartbeat (``server_processes``, with the
firebreak version it runs), the outages found at a start (``outages``: no process was running; the clocks were
given that time back), and each upgrade of the schema (``schema_upgrades``: from which revision to which, by which
firebreak version). See :mod:`firebreak.server.uptime` and :mod:`firebreak.server.schema`.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("host", sa.String(200), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("beat_at", sa.Float, nullable=False),
        sa.Column("stopped_at", sa.Float, nullable=True),
    )
    op.create_table(
        "outages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("began", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=False),
    )
    op.create_table(
        "schema_upgrades",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("previous", sa.String(32), nullable=True),
        sa.Column("revision", sa.String(32), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
