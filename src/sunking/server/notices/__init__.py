"""Notices: "your turn" by e-mail to a signed-in person whose turn it has become in a match he
is not connected to (one per match until he has moved), and its one-click unsubscribe
(``docs/accounts.md``, "Turn notices")."""

from __future__ import annotations

from .store import NoticeStore
from .worker import TurnNotices

__all__ = ["NoticeStore", "TurnNotices"]
