"""The web platform's server: lobby, match service, websocket hub and storage.

Layers, each knowing only the one below: :mod:`.app` and :mod:`.routes` (FastAPI routes and
the websocket hub) → :mod:`.match` (the match service: matches, moves, bots, clocks; the rules
through the core) → :mod:`.storage` (the :class:`~.storage.MatchStore` protocol: memory,
SQLite, PostgreSQL) and :mod:`.transport` (pub/sub between the service, the sockets and other
processes). ``docs/server.md`` maps every module.
"""

from __future__ import annotations

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
