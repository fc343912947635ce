"""One Alembic migration per file, ``NNNN_what.py``, revision ``"NNNN"`` following ``"NNNN-1"``."""
