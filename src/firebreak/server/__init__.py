"""The browser play server: create games, share seat links, play live with friends and bots.

``create_app`` builds the ASGI app; ``serve`` runs it (``firebreak serve``). Storage is SQLite by default and
PostgreSQL (with LISTEN/NOTIFY between processes) when ``FIREBREAK_DATABASE_URL`` names one.

The rooms of the server:

- ``app``: ``create_app`` puts the rooms together; ``serve``. ``tuning``: the interpreter settings of a server.
- HTTP: ``routes/`` (``pages``, ``lobby``, ``seats``, ``records``) and ``table`` (chat, rematch, open seats,
  help); ``models`` the bodies they accept, ``deps`` what they share, ``seat`` the seat a request speaks for;
  ``http_errors``, ``security``, ``limits`` what every request passes through.
- ``ws``: the live WebSocket protocol.
- ``live``: the ``GameManager``, made of ``cache`` (the games held and their clients), ``turns`` (the path of a
  move), ``bot_play`` (the bots), ``clock_watch`` (the clocks at work) and ``sync`` (other processes, restarts);
  ``views``, ``patch``, ``undo`` what a seat is shown; ``bots`` the worker processes bots think in.
- Storage: ``schema`` (every table, and the migrations), ``storage`` (games, seats, actions, clocks),
  ``table_data`` (chat, rematches, open seats), ``commits`` (group commits), ``notify`` (PostgreSQL
  notifications), ``uptime``, ``retention``, ``database``.
"""

from .app import create_app, serve

__all__ = ["create_app", "serve"]
