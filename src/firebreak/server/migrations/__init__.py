"""The database's schema migrations (Alembic), shipped inside the package so an installed firebreak carries them;
the server runs them itself at every start (:mod:`firebreak.server.schema`). One file per change in ``versions/``,
numbered ``0001``, ``0002``, ... (see :mod:`firebreak.server.schema` for how to add one)."""
