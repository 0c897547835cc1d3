"""Suspension at the tables (``docs/community.md``): a suspended person's moves are refused
with the operators' reason (``suspended``, 403), and the seats he holds in running matches are
played by the stand-in bot, as an away seat's are; he counts as having left them (he ranks
last in the rating update, ``docs/ratings.md``). Restored, he may come back to his seats.

The operators suspend from ``sunking admin``, another process: so the server asks the database
whether the person of a seat is suspended when he moves or comes back, and every
:data:`SWEEP_SECONDS` looks for the seats of suspended people among the matches it holds."""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..accounts.service import AccountService
from ..errors import ApiError
from ..match.service import MatchService
from ..ticker import Ticker
from .store import CommunityStore

log = logging.getLogger(__name__)

SWEEP_SECONDS = 5.0
"""How often the seats of the matches held are compared with the suspended accounts."""


class Suspensions(Ticker):
    """The suspensions of one server process's matches. ``accounts`` gives the account
    service once there is one (None: no accounts, so no one is suspended)."""

    def __init__(self, service: MatchService, accounts: Callable[[], AccountService | None],
                 *, every: float = SWEEP_SECONDS) -> None:
        super().__init__("suspensions at the tables", every)
        self.service = service
        self.accounts = accounts
        self._stores: dict[int, CommunityStore] = {}
        service.barred = self.reason

    def _store(self) -> tuple[AccountService, CommunityStore] | None:
        accounts = self.accounts()
        if accounts is None:
            return None
        engine = accounts.store.engine
        store = self._stores.get(id(engine))
        if store is None:
            self._stores = {id(engine): (store := CommunityStore(engine))}
        return accounts, store

    async def reason(self, account_id: str) -> str | None:
        """Why the account is suspended (None: it is not)."""
        found = self._store()
        if found is None:
            return None
        accounts, store = found
        reason: str | None = await accounts.store.call(store.suspension, account_id)
        return reason

    async def tick(self) -> None:
        """Give every seat of a suspended person in the matches held to the stand-in."""
        found = self._store()
        if found is None:
            return
        accounts, store = found
        barred: set[str] = await accounts.store.call(store.suspended)
        if not barred:
            return
        for live in list(self.service.cache.held.values()):
            for seat in live.record.seats:
                if seat.account_id in barred and not (seat.away and seat.gone is not None) \
                        and not live.state.is_terminal and not live.abandoned:
                    try:
                        await self.service.keep_out(live, seat.seat)
                    except ApiError as err:  # the database is catching its breath
                        log.warning("match %s: seat %d stays for now: %s", live.match_id,
                                    seat.seat, err)
