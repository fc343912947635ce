"""The spectators' chat: who said each spectator message (``chat_senders``: a spectator's key in the game, so one
sender's share of the game's cap can be counted and a player can mute them) and whom the players muted
(``chat_muted``: a spectator's key, or ``*`` when the chat is closed to spectators). See :mod:`firebreak.server.chat`.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_senders",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("sender", sa.String(64), nullable=False),
    )
    op.create_table(
        "chat_muted",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("sender", sa.String(64), primary_key=True),
    )
