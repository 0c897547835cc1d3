"""The matches of one process held in memory.

A match is loaded from storage on first use (every caller waiting on one load is answered by
it, whatever goes wrong), dropped again when nobody has asked for it in ``idle_seconds``, no
socket watches it and nothing is due for it, and reloaded when another process moved it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from ...core.errors import RulesError, RulesVersionMismatch
from ..errors import ApiError, old_rules, unavailable, unknown_match
from ..storage import StorageError, UnknownMatch
from .chat import TableChat, chat_match
from .commit import Committer
from .context import Context
from .live import LiveMatch

log = logging.getLogger(__name__)

SEATS_SUFFIX = "/seats"


def seats_channel(match_id: str) -> str:
    """The pub/sub key on which a change of a match's seats at the same version (a seat claimed
    or taken) is announced to the other processes."""
    return f"{match_id}{SEATS_SUFFIX}"


def seats_match(channel: str) -> str | None:
    """The match whose seats ``channel`` is (None: another channel)."""
    return channel.removesuffix(SEATS_SUFFIX) if channel.endswith(SEATS_SUFFIX) else None


class MatchCache:
    """The live matches of one server process, by id.

    ``monotonic`` is the clock of :attr:`idle_seconds`; ``commits`` tells whether a bot or
    a clock is due for a match (it is then kept) and reloads a match another process moved.
    """

    def __init__(
        self,
        context: Context,
        chat: TableChat,
        commits: Committer,
        *,
        idle_seconds: float = 600.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.context = context
        self.chat = chat
        self.commits = commits
        self.idle_seconds = idle_seconds
        self._monotonic = monotonic
        self.held: dict[str, LiveMatch] = {}
        """The matches in memory."""
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self._touched: dict[str, float] = {}
        """When each match in memory was last asked for (``monotonic`` seconds)."""

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded from storage on first use.

        Raises:
            ApiError: ``unknown_match``; ``rules_version`` or ``rules_changed``: the match
                was started under another version of its game's rules (kept, or closed by
                the operator), and is not loaded.
        """
        self._touched[match_id] = self._monotonic()
        live = self.held.get(match_id)
        if live is not None:
            return live
        pending = self._loading.get(match_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[match_id] = pending
            try:
                stored = await self.context.io.call(self.context.store.load, match_id)
                try:
                    live = LiveMatch.from_stored(stored)
                except RulesVersionMismatch as err:
                    log.info("match %s is not loaded: %s", match_id, err)
                    raise old_rules(err, closed=stored.status == "closed") from None
                self.held[match_id] = live
                pending.set_result(live)
            except ApiError as err:
                pending.set_exception(err)
            except UnknownMatch:
                pending.set_exception(unknown_match(match_id))
            except (StorageError, RulesError) as err:
                log.error("match %s cannot be loaded: %s", match_id, err)
                pending.set_exception(ApiError("unknown_match", str(err), 404))
            except BaseException as err:
                # Whatever else goes wrong (the database, a cancelled load) settles the
                # future too, so that nobody waiting on it hangs.
                log.exception("match %s could not be loaded", match_id)
                pending.set_exception(unavailable("the match could not be loaded just now"))
                if not isinstance(err, Exception):
                    raise
            finally:
                del self._loading[match_id]
        try:
            return await asyncio.shield(pending)
        finally:
            if pending.done() and not pending.cancelled():
                pending.exception()  # retrieved: no "never retrieved" warning

    async def resync(self) -> None:
        """Catch up with every change another process may have stored while this process
        could not hear of it (its notifications were lost with their connection)."""
        stored = await self.context.io.call(self.context.store.match_versions, list(self.held))
        for match_id, version in stored.items():
            self.remote_change(match_id, version)

    def add(self, live: LiveMatch) -> None:
        """Hold a match just created."""
        self.held[live.match_id] = live

    def evict_every(self) -> float:
        """How often idle matches are looked for (seconds)."""
        return max(1.0, min(60.0, self.idle_seconds / 4))

    async def evict_step(self) -> None:
        """Drop idle matches from memory (a step of a background loop)."""
        self.evict_idle()

    def evict_idle(self) -> int:
        """Drop from memory every match untouched for ``idle_seconds`` that nobody watches
        and nothing is scheduled for (it reloads from storage when asked for); returns how
        many were dropped."""
        return sum(self.forget_if_idle(match_id) for match_id in list(self.held))

    def forget_if_idle(self, match_id: str, *, force: bool = False) -> bool:
        """Drop the match from memory if no socket watches it and nothing is due for it, and
        (unless ``force``) nobody asked for it in ``idle_seconds``; returns whether it was."""
        live = self.held.get(match_id)
        planner = self.commits.planner
        if live is None or planner.scheduled(match_id) or planner.due(live) or \
                live.lock.locked():
            return False
        if self.context.pubsub.has_subscribers(match_id):
            return False
        if not force and self._monotonic() - self._touched.get(match_id, 0.0) < self.idle_seconds:
            return False
        del self.held[match_id]
        self._touched.pop(match_id, None)
        self.chat.forget(match_id)
        return True

    def remote_change(self, match_id: str, version: int) -> None:
        """Another server process stored ``match_id`` at ``version``: if this process holds
        the match in memory, reload it and tell its sockets (or, when no socket here watches
        it and nothing here moves for it, drop it from memory). The reload says which process
        drives the match now (the one that stored a person's move): the bots and clocks of a
        match move only in its driver, so a task here for it stops, and each bot move is
        computed once; a match nobody here watches is then dropped.

        A new chat message (on the match's chat channel) makes this process read the chat
        afresh and tells its sockets, which send each viewer what it may read. A change of its
        seats (on the match's seats channel: a seat claimed or taken) reloads it at once."""
        chatted = chat_match(match_id)
        if chatted is not None:
            self.chat.stale(chatted)
            # Heard already: only this process's sockets.
            self.context.pubsub.publish(match_id, version)
            return
        seated = seats_match(match_id)
        if seated is not None:
            self.chat.stale(seated)  # a line of a deleted account's seat may be gone
            self._reload_held(seated, lambda live: True)  # the seats changed, not the version
            return
        self._reload_held(match_id, lambda live: version > live.version)

    def _reload_held(self, match_id: str, behind: Callable[[LiveMatch], bool]) -> None:
        """Reload ``match_id`` if this process holds it and it is ``behind`` storage (or drop
        it, when nothing here watches it or moves for it)."""
        live = self.held.get(match_id)
        if live is None or not behind(live) or self.context.closed:
            return
        if self.forget_if_idle(match_id, force=True):
            return  # nothing here watches it or moves for it: it reloads when asked for

        async def reload() -> None:
            async with live.lock:
                if behind(live):
                    await self.commits.reload(live)
            self.forget_if_idle(match_id, force=True)

        def wanted() -> bool:
            return not self.context.closed and self.held.get(match_id) is live and behind(live)

        self.context.changes.start(lambda: self.context.outages.persist(
            match_id, "reloading it after another process moved it", reload, wanted))
