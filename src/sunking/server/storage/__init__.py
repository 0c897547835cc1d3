"""Storage of matches behind the :class:`MatchStore` protocol: in memory, SQLite, PostgreSQL."""

from __future__ import annotations

from .memory import MemoryStore
from .protocol import (
    ActionRecord,
    Append,
    ChatRecord,
    DuplicateRequest,
    Gone,
    MatchClosed,
    MatchRecord,
    MatchStatus,
    MatchStore,
    Mover,
    NotDriver,
    OldRules,
    SeatKind,
    SeatRecord,
    SeatTaken,
    StorageError,
    StoredMatch,
    TokenHolder,
    UnknownMatch,
    VersionConflict,
    replace_seat,
)

__all__ = [
    "ActionRecord",
    "Append",
    "ChatRecord",
    "DuplicateRequest",
    "Gone",
    "MatchClosed",
    "MatchRecord",
    "MatchStatus",
    "MatchStore",
    "MemoryStore",
    "Mover",
    "NotDriver",
    "OldRules",
    "SeatKind",
    "SeatRecord",
    "SeatTaken",
    "StorageError",
    "StoredMatch",
    "TokenHolder",
    "UnknownMatch",
    "VersionConflict",
    "replace_seat",
]
