"""What the operators' commands read and do (``sunking admin``): the reports with their
context (the chat lines around the one named, or the move named, with the seats' names and
handles), and suspending or restoring an account. Every function blocks."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from ..accounts.store import AccountStore
from ..match.request import name_key
from ..storage import MatchStore, StorageError
from .store import CommunityStore, Report

AROUND = 3
"""How many chat lines before and after the one named a report's context shows."""
REASON_CHARS = 500
"""The longest reason of a suspension."""


@dataclasses.dataclass(frozen=True, slots=True)
class Admin:
    """The operators' view of one database: its matches, accounts and community."""

    matches: MatchStore
    accounts: AccountStore
    community: CommunityStore

    def handle(self, account_id: str | None) -> str | None:
        if account_id is None:
            return None
        account = self.accounts.find(account_id=account_id)
        return None if account is None else account.handle

    def reports(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest reports, each with its context."""
        return [self.context(report) for report in self.community.reports(limit)]

    def context(self, report: Report) -> dict[str, Any]:
        """A report as the operators read it: who reported whom (seat names and handles), why,
        and the chat lines around the line named or the move named."""
        out: dict[str, Any] = {**dataclasses.asdict(report),
                               "reported_handle": self.handle(report.reported),
                               "reporter_handle": self.handle(report.reporter)}
        try:
            stored = self.matches.load(report.match_id)
        except StorageError:
            out["gone"] = True
            return out
        names = [seat.name for seat in stored.match.seats]
        out["game"] = stored.match.game
        out["names"] = names
        if report.chat_line is not None:
            chat = self.matches.load_chat(report.match_id)
            low = max(0, report.chat_line - AROUND)
            out["lines"] = [{"number": m.number, "seat": m.seat, "name": names[m.seat],
                             "private": m.to is not None, "text": m.text,
                             "named": m.number == report.chat_line}
                            for m in chat[low:report.chat_line + AROUND + 1]]
        if report.move is not None and report.move < len(stored.actions):
            action = stored.actions[report.move]
            out["action"] = {"version": action.version, "seat": action.seat,
                             "name": names[action.seat], "mover": action.mover,
                             "action": action.action}
        return out

    def suspend(self, handle: str, reason: str) -> str:
        """Suspend the account of ``handle``; its handle as written.

        Raises:
            LookupError: no account has this handle.
            ValueError: the reason is empty or too long.
        """
        reason = " ".join(reason.split())
        if not reason or len(reason) > REASON_CHARS:
            raise ValueError(f"the reason must be 1 to {REASON_CHARS} characters")
        account = self.accounts.find(handle_key=name_key(handle))
        if account is None:
            raise LookupError(handle)
        self.community.suspend(account.account_id, reason, time.time())
        return account.handle

    def restore(self, handle: str) -> tuple[str, bool]:
        """Lift the suspension of ``handle``'s account: its handle, and whether it was
        suspended.

        Raises:
            LookupError: no account has this handle.
        """
        account = self.accounts.find(handle_key=name_key(handle))
        if account is None:
            raise LookupError(handle)
        return account.handle, self.community.restore(account.account_id)
