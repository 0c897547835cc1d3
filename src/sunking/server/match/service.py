"""The match service: the one object the routes and the websocket hub call.

It knows the rules only through the core (``registry.make``, ``new_game``, ``apply``,
``view``, ``legal_actions``, ``events``, ``result``, ``parse_action``) and knows nothing of
HTTP. It holds no logic of its own but the views it reads; each concern is a part of its own,
and the service puts them together:

- :class:`~.cache.MatchCache`: the matches in memory (loaded, dropped when idle, reloaded after
  another process moved);
- :class:`~.lobby.Lobby`: creating matches, tokens, a browser's matches, open tables;
- :class:`~.seating.Seating`: invited seats claimed, open tables joined and started;
- :class:`~.commit.Moves` and :class:`~.commit.Committer`: the commit path every change takes,
  under the match's lock: check the move against the live state, **store it** (an append
  conditional on the version), then update the live state, publish the new version, and
  schedule whatever moves next;
- :class:`~.planner.Planner`: the moves of bots, stand-ins and turn clocks;
- :class:`~.clocks.TurnClocks`: deadlines and time banks;
- :class:`~.presence.Presence`: away seats and open sockets;
- :class:`~.chat.TableChat` and :class:`~.advice.Advisor`: the table chat, hints and reviews;
- :class:`~.supervisor.Supervisor`: restarts any match's work that nobody carries out, in the
  background loops of :class:`~.supervisor.Background`, which keep themselves alive;
- :class:`~.leases.Leases`: this process's lease on the database, and the matches it takes
  over from processes whose lease ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from ..errors import ApiError, malformed, suspended
from ..metrics import MOVE_SECONDS
from ..storage import MatchStore, SeatRecord, UnknownMatch
from ..storage.io import StoreIO
from ..transport.pubsub import LocalPubSub, PubSub
from ..workers.bots import BotRunner
from .advice import Advisor
from .boards import check_language
from .cache import MatchCache
from .chat import TableChat
from .clocks import TurnClocks
from .commit import Committer, Moves
from .context import Context
from .history import finished, statistics
from .kept import KeptReplay
from .live import LiveMatch, Viewer
from .lobby import Lobby
from .presence import Presence
from .request import CreatedMatch, MatchRequest
from .seating import Seating
from .supervisor import (
    ABANDON_DAYS,
    ABANDON_EVERY,
    LEASE_SECONDS,
    STALL_SECONDS,
    SUPERVISE_SECONDS,
    Abandoner,
    Background,
    Leases,
    Supervisor,
)

HISTORY_LIMIT = 200
"""The most matches a history reads (the newest)."""


class MatchService:
    """All matches of one server process.

    ``bot_delay`` pauses before each bot move (so people can follow a bot's play; 0 in
    tests); ``clock`` is the wall clock (seconds since the epoch). A match nobody has asked for
    in ``idle_seconds`` (by ``monotonic``), with no socket open and no bot or clock due, is
    dropped from memory; it reloads from storage when asked for again. The supervisor looks at
    the matches in memory every ``supervise_seconds`` and restarts work stuck for
    ``stall_seconds``, and takes over, as often, the matches of processes whose lease (of
    ``lease_seconds``) ran out. A match in which no person moved for ``abandon_days`` days
    (0: never) is closed as abandoned, looked for at start and every hour.
    """

    def __init__(
        self,
        store: MatchStore,
        bots: BotRunner,
        *,
        pubsub: PubSub | None = None,
        bot_delay: float = 0.0,
        io_threads: int = 1,
        clock: Callable[[], float] = time.time,
        languages: Callable[[], Sequence[str]] | None = None,
        idle_seconds: float = 600.0,
        monotonic: Callable[[], float] = time.monotonic,
        supervise_seconds: float = SUPERVISE_SECONDS,
        stall_seconds: float = STALL_SECONDS,
        lease_seconds: float = LEASE_SECONDS,
        abandon_days: float = ABANDON_DAYS,
    ) -> None:
        self.store = store
        self.bots = bots
        self.pubsub: PubSub = pubsub or LocalPubSub()
        self.io = StoreIO(store, io_threads)
        self.context = Context(store, self.io, self.pubsub, clock)
        self._languages = languages
        # The chat reads the service's clock, whichever a test sets.
        self.chat = TableChat(store, self.pubsub, self.io.call, lambda: self.context.clock())
        self.advisor = Advisor(bots)
        self.clocks = TurnClocks(self.context)
        self.commits = Committer(self.context, self.clocks, bots, bot_delay=bot_delay)
        self.planner = self.commits.planner
        self.cache = MatchCache(self.context, self.chat, self.commits,
                                idle_seconds=idle_seconds, monotonic=monotonic)
        self.presence = Presence(self.context, self.clocks, self.planner)
        self.moves = Moves(self.context, self.commits, self.presence, self.chat)
        self.lobby = Lobby(self.context, self.cache, self.commits, self.clocks, languages)
        self.seating = Seating(self.context, self.cache, self.commits, self.clocks)
        self.supervisor = Supervisor(self.context, self.cache, self.planner,
                                     stall_seconds=stall_seconds)
        self.supervise_seconds = supervise_seconds
        self.barred: Callable[[str], Awaitable[str | None]] | None = None
        """The reason an account is suspended (None: it is not), if the application has
        accounts (``docs/community.md``)."""
        self.leases = Leases(self.context, self.cache, self.planner, ttl=lease_seconds)
        self.abandoner = Abandoner(self.context, self.cache, self.planner, days=abandon_days)
        self.background = Background(self.context)

    @property
    def clock(self) -> Callable[[], float]:
        """The wall clock every part reads (tests set it)."""
        return self.context.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.context.clock = clock

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Take this process's lease, then start the background loops: renewing the lease,
        taking over the matches no live process drives (at once: the unfinished matches of
        the process that ran before resume their bots and clocks; the server answers
        meanwhile, and a match asked for loads on demand), the supervisor, dropping idle
        matches from memory, and closing abandoned matches."""
        leases = self.leases
        await leases.register()
        background = self.background
        background.keep("lease of this process", leases.renew, leases.renew_every)
        background.keep("takeover of matches", leases.take_over,
                        lambda: self.supervise_seconds, at_once=True)
        background.keep("supervisor", self.supervisor.check, lambda: self.supervise_seconds)
        background.keep("eviction of idle matches", self.cache.evict_step,
                        self.cache.evict_every)
        background.keep("closing of abandoned matches", self.abandoner.sweep,
                        lambda: ABANDON_EVERY, at_once=True)

    async def close(self) -> None:
        """Stop bots and clocks, wait for changes in flight, give this process's matches up
        (another process takes them over at once), release storage."""
        self.context.closed = True
        self.background.cancel()
        self.advisor.close()
        self.planner.cancel()
        await self.context.changes.wait()
        await self.leases.retire()
        self.bots.close()
        await self.io.close()

    # --- what the routes and the hub call, each done by its part --------------------------

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory (:meth:`.cache.MatchCache.live`)."""
        return await self.cache.live(match_id)

    def evict_idle(self) -> int:
        """Drop idle matches from memory (:meth:`.cache.MatchCache.evict_idle`)."""
        return self.cache.evict_idle()

    def remote_change(self, match_id: str, version: int) -> None:
        """Another process stored a change (:meth:`.cache.MatchCache.remote_change`)."""
        self.cache.remote_change(match_id, version)

    async def resync(self) -> None:
        """Catch up with the changes other processes stored unheard
        (:meth:`.cache.MatchCache.resync`)."""
        await self.cache.resync()

    async def create_match(self, request: MatchRequest) -> CreatedMatch:
        """Store a new match and start it (:meth:`.lobby.Lobby.create_match`)."""
        return await self.lobby.create_match(request)

    async def authenticate(self, match_id: str, token: str | None) -> tuple[LiveMatch, Viewer]:
        """The match and whose token this is (:meth:`.lobby.Lobby.authenticate`)."""
        return await self.lobby.authenticate(match_id, token)

    async def authenticate_account(self, match_id: str,
                                   account_id: str) -> tuple[LiveMatch, Viewer]:
        """The match and the seat an account holds in it
        (:meth:`.lobby.Lobby.authenticate_account`)."""
        return await self.lobby.authenticate_account(match_id, account_id)

    async def account_matches(self, account_id: str) -> list[dict[str, Any]]:
        """The matches of an account's seats (:meth:`.lobby.Lobby.account_matches`)."""
        return await self.lobby.account_matches(account_id)

    async def history(self, account_id: str) -> dict[str, Any]:
        """An account's finished matches (newest first) with their final tables, its
        statistics per game and player count, and its matches still running."""
        context = self.context
        holders = await context.io.call(context.store.account_seats, account_id,
                                        HISTORY_LIMIT)
        loaded = []
        for holder in holders:
            if holder.seat is None:
                continue
            with contextlib.suppress(UnknownMatch):
                loaded.append((await context.io.call(context.store.load, holder.match_id),
                               holder.seat))
        ends = await asyncio.to_thread(
            lambda: [end for stored, seat in loaded if (end := finished(stored, seat))])
        running = [line for line in await self.lobby.lines(holders)
                   if line["status"] in ("active", "waiting")]
        return {"finished": [end.to_json() for end in ends], "statistics": statistics(ends),
                "current": running}

    async def kept_replay(self, match_id: str, token: str | None, account_id: str | None,
                          refusal: ApiError) -> tuple[KeptReplay, Viewer]:
        """A finished match's kept replay (:meth:`.lobby.Lobby.kept_replay`)."""
        return await self.lobby.kept_replay(match_id, token, account_id, refusal)

    async def my_matches(self, tokens: Iterable[str]) -> list[dict[str, Any]]:
        """The matches of a browser's tokens (:meth:`.lobby.Lobby.my_matches`)."""
        return await self.lobby.my_matches(tokens)

    async def open_matches(self) -> list[dict[str, Any]]:
        """The open tables (:meth:`.lobby.Lobby.open_matches`)."""
        return await self.lobby.open_matches()

    async def forget_account(self, account_id: str) -> list[str]:
        """A deleted account's seats (:meth:`.seating.Seating.forget_account`)."""
        return await self.seating.forget_account(account_id)

    async def invitation(self, match_id: str, invitation: object) -> dict[str, Any]:
        """What an invitation offers (:meth:`.seating.Seating.invitation`)."""
        return await self.seating.invitation(match_id, invitation)

    async def claim(self, match_id: str, invitation: object, name: object = None,
                    account_id: str | None = None) -> tuple[SeatRecord, str]:
        """Claim an invited seat (:meth:`.seating.Seating.claim`)."""
        return await self.seating.claim(match_id, invitation, name, account_id)

    async def join(self, match_id: str, name: object,
                   account_id: str | None = None) -> tuple[int, str]:
        """Take a free seat of an open table (:meth:`.seating.Seating.join`)."""
        return await self.seating.join(match_id, name, account_id)

    async def start_table(self, live: LiveMatch, viewer: Viewer, bot: object = None) -> None:
        """The creator starts an open table (:meth:`.seating.Seating.start_table`)."""
        await self.seating.start_table(live, viewer, bot)

    async def submit(self, live: LiveMatch, viewer: Viewer, version: object, action: object,
                     request_id: object = None) -> None:
        """A seat's move (:meth:`.commit.Moves.submit`), timed for the metrics.

        Raises:
            ApiError: ``suspended`` (403) for a suspended person, whose seat the stand-in
                plays from then on (:meth:`keep_out`); the others of the move.
        """
        reason = await self.suspension(live, viewer)
        if reason is not None:
            assert viewer is not None
            await self.keep_out(live, viewer)
            raise suspended(reason)
        with MOVE_SECONDS.time():
            await self.moves.submit(live, viewer, version, action, request_id)

    async def remark(self, live: LiveMatch, viewer: Viewer, text: object, to: object = None,
                     addressed: object = None, name: object = None) -> dict[str, Any]:
        """A chat message, perhaps an action (:meth:`.commit.Moves.remark`)."""
        return await self.moves.remark(live, viewer, text, to, addressed, name)

    async def leave(self, live: LiveMatch, viewer: Viewer) -> None:
        """The seat is away (:meth:`.presence.Presence.leave`)."""
        await self.presence.leave(live, viewer)

    async def resign(self, live: LiveMatch, viewer: Viewer) -> None:
        """The seat's person resigns (:meth:`.presence.Presence.resign`)."""
        await self.presence.resign(live, viewer)

    async def come_back(self, live: LiveMatch, viewer: Viewer) -> None:
        """An away seat's holder is back (:meth:`.presence.Presence.come_back`), unless his
        account is suspended."""
        if viewer is not None and live.record.seats[viewer].away and \
                await self.suspension(live, viewer) is not None:
            return
        await self.presence.come_back(live, viewer)

    async def suspension(self, live: LiveMatch, viewer: Viewer) -> str | None:
        """Why the person of ``viewer``'s seat is suspended (None: he is not)."""
        if viewer is None or self.barred is None:
            return None
        account_id = live.record.seats[viewer].account_id
        return None if account_id is None else await self.barred(account_id)

    async def keep_out(self, live: LiveMatch, seat: int) -> None:
        """A suspended person's seat (:meth:`.presence.Presence.keep_out`)."""
        await self.presence.keep_out(live, seat)

    def set_connected(self, live: LiveMatch, viewer: Viewer, delta: int) -> None:
        """A websocket opens or closes (:meth:`.presence.Presence.set_connected`)."""
        self.presence.set_connected(live, viewer, delta)

    # --- views ----------------------------------------------------------------------------

    def view(self, live: LiveMatch, viewer: Viewer, since: object = None,
             lang: str | None = None) -> str:
        """The MatchView of ``viewer`` as JSON text; with ``since`` (a version) its events
        are only those after that version; with ``lang`` it carries the described board.

        Raises:
            ApiError: ``malformed`` if ``since`` is not a version from 0 to the current one.
        """
        self.check_since(live, since)
        assert since is None or isinstance(since, int)
        now = self.clock()
        if viewer is not None:
            live.seen[viewer] = now
        return live.view_text(viewer, now, since, lang)

    @staticmethod
    def check_since(live: LiveMatch, since: object) -> None:
        """Refuse a ``since`` that is not a version the match has reached.

        Raises:
            ApiError: ``malformed``.
        """
        if since is None:
            return
        if not isinstance(since, int) or isinstance(since, bool):
            raise malformed("'since' must be an integer version")
        if not 0 <= since <= live.version:
            raise malformed(f"'since' must be a version from 0 to {live.version}, not {since}")

    def view_message(self, live: LiveMatch, viewer: Viewer, since: int | None = None,
                     lang: str | None = None) -> str:
        """The encoded websocket ``view`` message for ``viewer`` (a delta with ``since``; with
        the described board in ``lang``)."""
        return live.view_message(viewer, self.clock(), since, lang)

    def language(self, lang: str | None) -> str | None:
        """``lang`` of a request if it is absent or a supported language.

        Raises:
            ApiError: ``unknown_language`` (422) for any other value.
        """
        if self._languages is not None:
            return check_language(lang, list(self._languages()))
        from ... import i18n

        return check_language(lang, i18n.LANGUAGES)
