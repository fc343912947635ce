"""The browser play server: create games, share seat links, play live with friends and bots.

``create_app`` builds the ASGI app; ``serve`` runs it (``firebreak serve``). Storage is SQLite by default and
PostgreSQL (with LISTEN/NOTIFY between processes) when ``FIREBREAK_DATABASE_URL`` names one.
"""

from .app import create_app, serve

__all__ = ["create_app", "serve"]
