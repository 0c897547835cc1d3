"""The web platform's server: lobby, match service, websocket hub and storage.

Layers, each knowing only the one below: :mod:`.app` (FastAPI routes) and :mod:`.hub`
(websockets) → :mod:`.service` (matches, moves, bots, clocks; the rules through the core) →
:mod:`.storage` (the :class:`~.storage.MatchStore` protocol: memory, SQLite, PostgreSQL).
"""

from __future__ import annotations

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
