"""Turn notices, sent by a background task of each server process.

After every stored move (:attr:`~..match.context.Context.moved`) the seat that moved has its
notice done, and the seat to move next, if a signed-in person's, is noticed ``delay`` seconds
later. When that time comes the notice is mailed only if that seat is still to move, the match
still runs, its person is not connected to it (no open socket, no request in the last
``delay`` seconds, in this process) and he wants turn e-mails; while he is connected it waits
another ``delay``. A notice is mailed once: the next one for that match waits until he has
moved. A person who chose a daily digest gets instead, once a day, one mail listing every match
where it is his turn (none if there is none); one who turned them off gets nothing. The mail
says the position in words, in his language, with a link to the match and the one-click
unsubscribe link.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from ...core.errors import RulesError
from ...i18n import translate
from ..accounts.service import AccountService
from ..errors import ApiError
from ..match.boards import board
from ..match.live import LiveMatch
from ..match.service import MatchService
from ..ticker import Ticker
from .store import DAY, Due, NoticeStore

log = logging.getLogger(__name__)

Moved = tuple[str, int | None, int | None, str | None, float]
"""(match id, the seat that moved, the seat to move, its account, when it is due)."""


class TurnNotices(Ticker):
    """The turn notices of one server process. ``accounts`` gives the account service once
    there is one (None before: no account, so no notice)."""

    def __init__(self, service: MatchService, accounts: Callable[[], AccountService | None],
                 *, delay: float = 30.0, public_url: str = "http://localhost:8000") -> None:
        super().__init__("turn notices", min(delay, 5.0))
        self.service = service
        self.accounts = accounts
        self.delay = delay
        self.public_url = public_url.rstrip("/")
        self._moves: asyncio.Queue[Moved] = asyncio.Queue(maxsize=10_000)

    def start(self) -> None:
        self.service.context.moved.append(self.moved)
        super().start()

    def moved(self, live: LiveMatch, mover: int | None) -> None:
        """A move was stored by ``mover``'s person (None: by no person), or the seats changed
        (called under the match's lock: only queues)."""
        state = live.state
        waiting = None if state.is_terminal else state.to_move
        account = None
        if waiting is not None:
            account = live.record.seats[waiting].account_id
        if mover is None and account is None:
            return
        with contextlib.suppress(asyncio.QueueFull):  # a flood: those turns go unnoticed
            self._moves.put_nowait((live.match_id, mover, waiting, account,
                                    time.time() + self.delay))
        self.wake()

    async def tick(self) -> None:
        """Store the turns queued since, then mail every notice whose time has come."""
        accounts = self.accounts()
        if accounts is None:
            while not self._moves.empty():
                self._moves.get_nowait()
            return
        notices = NoticeStore(accounts.store.engine)
        while not self._moves.empty():
            await accounts.store.call(notices.moved, *self._moves.get_nowait())
        for due in await accounts.store.call(notices.due, time.time()):
            await self._notice(accounts, notices, due)
        for account_id in await accounts.store.call(notices.due_digests, time.time()):
            if await accounts.store.call(notices.take_digest, account_id, time.time()):
                await self._digest(accounts, notices, account_id)

    async def _notice(self, accounts: AccountService, notices: NoticeStore, due: Due) -> None:
        try:
            live = await self.service.live(due.match_id)
        except ApiError:
            await accounts.store.call(notices.drop, due)
            return
        seat = live.record.seats[due.seat]
        if (live.status != "active" or live.state.to_move != due.seat
                or seat.account_id != due.account_id):
            await accounts.store.call(notices.drop, due)
            return
        if self.service.presence.recently_here(live, due.seat, self.delay):
            await accounts.store.call(notices.postpone, due, time.time() + self.delay)
            return
        account = await accounts.store.call(accounts.store.find, due.account_id)
        mode, token = await accounts.store.call(notices.choice, due.account_id)
        if mode != "each":  # listed on the site, and in the digest if he chose one
            await accounts.store.call(notices.postpone, due, time.time() + DAY)
            return
        if account is None or not account.email or not account.email_verified:
            await accounts.store.call(notices.take, due, time.time())  # nowhere to send
            return
        if not await accounts.store.call(notices.take, due, time.time()):
            return  # another process sent it
        await accounts.mail(account.email, account.language, "turn",
                            **self._words(live, due.seat, account.language, token))

    async def _digest(self, accounts: AccountService, notices: NoticeStore,
                      account_id: str) -> None:
        """The daily mail of an account that chose one: every match where it is his turn."""
        account = await accounts.store.call(accounts.store.find, account_id)
        if account is None or not account.email or not account.email_verified:
            return
        lines = [line for line in await self.service.account_matches(account_id)
                 if line["your_turn"]]
        if not lines:
            return
        _mode, token = await accounts.store.call(notices.choice, account_id)
        lang = account.language
        listed = "\n".join(
            "  " + translate(lang, str(line["game"]) + ".title")
            + f": {self.public_url}/play/{line['match_id']}" for line in lines)
        await accounts.mail(account.email, lang, "digest", handle=account.handle,
                            matches=listed,
                            unsubscribe=f"{self.public_url}/notices/unsubscribe#token={token}")

    def _words(self, live: LiveMatch, seat: int, lang: str, token: str) -> dict[str, Any]:
        """The mail's values: the game, the position in words, the links."""
        try:
            described = board(live.record, live.state, seat, lang)
        except (RulesError, KeyError, NotImplementedError):
            described = {}
        lines = [str(e.get("text", "")) for e in described.get("log", [])[-3:]]
        return {
            "handle": live.record.seats[seat].name,
            "game": str(described.get("title") or live.record.game),
            "prompt": str(described.get("prompt") or ""),
            "recent": "\n".join(f"  {line}" for line in lines if line),
            "link": f"{self.public_url}/play/{live.match_id}",
            "unsubscribe": f"{self.public_url}/notices/unsubscribe#token={token}",
        }
