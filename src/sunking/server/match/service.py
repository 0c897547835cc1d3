"""The match service: creates matches, checks and applies moves, runs bots and turn clocks.

It knows the rules only through the core (``registry.make``, ``new_game``, ``apply``,
``view``, ``legal_actions``, ``events``, ``result``, ``parse_action``) and knows nothing of
HTTP. Every change of a match follows one path, under the match's lock: check the move against
the live state, **store it** (an append conditional on the version), then update the live state,
then publish the new version to subscribers, then schedule whatever moves next (a bot, the
stand-in bot of an away seat, or the turn clock of a human seat). A change runs in its own task,
so a client that disconnects half-way cannot leave a stored move out of the live state.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

from ...core.actions import Action
from ...core.errors import RulesError
from ...core.game import GameState
from ...core.registry import make
from ..errors import (
    ApiError,
    bad_token,
    forbidden,
    malformed,
    missing_token,
    not_started,
    unavailable,
    unknown_match,
)
from ..storage import (
    ActionRecord,
    Append,
    DuplicateRequest,
    MatchRecord,
    MatchStore,
    Mover,
    SeatRecord,
    SeatTaken,
    StorageError,
    UnknownMatch,
    VersionConflict,
    replace_seat,
)
from ..storage.io import StoreIO
from ..transport.pubsub import LocalPubSub, PubSub
from ..workers.bots import SERVER_BOTS, STAND_IN_BOT, BotRunner
from ..workers.fair import FairQueue
from .advice import Advisor
from .boards import check_language
from .chat import TableChat, chat_match
from .live import LiveMatch, Viewer
from .request import CreatedMatch, MatchRequest, check_setup, host_seat
from .tokens import new_match_id, new_token, same_hash, token_hash

T = TypeVar("T")
log = logging.getLogger(__name__)

MAX_SEED = 2**63 - 1
OPEN_LIST_LIMIT = 100
"""The most open tables ``GET /api/open-matches`` lists (the newest)."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """What moves next without a client: who, at which version, and (for a turn clock)
    when."""

    version: int
    seat: int
    spec: str
    mover: Mover
    deadline: float | None = None
    duty: Action | None = None
    """An out-of-turn action the seat owes (``Game.duties``), made as it is."""


class MatchService:
    """All matches of one server process.

    ``bot_delay`` pauses before each bot move (so people can follow a bot's play; 0 in
    tests); ``clock`` is the wall clock (seconds since the epoch). A match nobody has asked for
    in ``idle_seconds`` (by ``monotonic``), with no socket open and no bot or clock due, is
    dropped from memory; it reloads from storage when asked for again.
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
    ) -> None:
        self.store = store
        self.bots = bots
        self.pubsub: PubSub = pubsub or LocalPubSub()
        self.bot_delay = bot_delay
        self.clock = clock
        self._languages = languages
        self.io = StoreIO(store, io_threads)
        self._live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self._tasks: dict[str, tuple[_Plan, asyncio.Task[None]]] = {}
        self._changes: set[asyncio.Task[Any]] = set()
        self._closed = False
        self.idle_seconds = idle_seconds
        self._monotonic = monotonic
        self._touched: dict[str, float] = {}
        """When each match in memory was last asked for (``monotonic`` seconds)."""
        self._background: list[asyncio.Task[None]] = []
        self.fair = FairQueue(max(1, bots.workers) if bots.workers else 2)
        """Bot moves in turns among the clients that created the matches."""
        self._owners: dict[str, str] = {}
        """The client address that created each match (in memory: after a restart each
        match counts as its own client)."""
        self.chat = TableChat(store, self.pubsub, self.io.call, clock)
        self.advisor = Advisor(bots)

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every unfinished match's bots and clocks, in the background (the server
        answers at once; a match asked for meanwhile loads on demand), and start dropping idle
        matches from memory."""
        ids = await self.io.call(self.store.active_match_ids)
        self._background = [asyncio.create_task(self._resume(ids)),
                            asyncio.create_task(self._evict_forever())]

    async def _resume(self, match_ids: Sequence[str]) -> None:
        for match_id in match_ids:
            if self._closed:
                return
            try:
                live = await self.live(match_id)
            except ApiError:
                continue  # reported by live(); the others resume all the same
            self._schedule(live)
            self._forget_if_idle(match_id, force=True)

    async def _evict_forever(self) -> None:
        while not self._closed:
            await asyncio.sleep(max(1.0, min(60.0, self.idle_seconds / 4)))
            self.evict_idle()

    def evict_idle(self) -> int:
        """Drop from memory every match untouched for ``idle_seconds`` that nobody watches
        and nothing is scheduled for (it reloads from storage when asked for); returns how
        many were dropped."""
        return sum(self._forget_if_idle(match_id) for match_id in list(self._live))

    def _forget_if_idle(self, match_id: str, *, force: bool = False) -> bool:
        live = self._live.get(match_id)
        if live is None or match_id in self._tasks or live.lock.locked():
            return False
        if self.pubsub.has_subscribers(match_id):
            return False
        if not force and self._monotonic() - self._touched.get(match_id, 0.0) < self.idle_seconds:
            return False
        del self._live[match_id]
        self._touched.pop(match_id, None)
        self.chat.forget(match_id)
        return True

    async def close(self) -> None:
        """Stop bots and clocks, wait for changes in flight, release storage."""
        self._closed = True
        for task in self._background:
            task.cancel()
        self.advisor.close()
        for _, task in list(self._tasks.values()):
            task.cancel()
        if self._changes:
            await asyncio.gather(*self._changes, return_exceptions=True)
        self.bots.close()
        await self.io.close()

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded from storage on first use.

        Raises:
            ApiError: ``unknown_match``.
        """
        self._touched[match_id] = self._monotonic()
        live = self._live.get(match_id)
        if live is not None:
            return live
        pending = self._loading.get(match_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[match_id] = pending
            try:
                stored = await self.io.call(self.store.load, match_id)
                live = LiveMatch.from_stored(stored)
                self._live[match_id] = live
                pending.set_result(live)
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

    async def _change(self, work: Callable[[], Awaitable[T]]) -> T:
        """Run ``work`` to completion in its own task, even if the caller is cancelled."""
        task = asyncio.ensure_future(work())
        self._changes.add(task)
        task.add_done_callback(self._change_done)
        return await asyncio.shield(task)

    def _change_done(self, task: asyncio.Future[Any]) -> None:
        self._changes.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved here too: a caller that left never sees it

    # --- creating and finding matches --------------------------------------------------

    async def create_match(self, request: MatchRequest) -> CreatedMatch:
        """Store a new match and start it (bots move at once if seat 0 is a bot).

        Raises:
            ApiError: ``unknown_game``, ``invalid_options`` (player count, options, seats,
                bot spec, language, clock, a seed chosen for a match with people at the table
                that is not a practice match) or ``malformed`` (seed out of range).
        """
        try:
            game = make(request.game)
            state = game.new_game(request.players, 0, **request.options)
        except RulesError as err:
            raise ApiError.from_rules(err) from None
        options = dict(state.options)
        check_setup(request, None if self._languages is None else list(self._languages()))
        seed = request.seed if request.seed is not None else secrets.randbits(62)
        if not 0 <= seed <= MAX_SEED:
            raise malformed(f"the seed must be between 0 and {MAX_SEED}")
        tokens: dict[int, str] = {}
        seats = []
        for i, want in enumerate(request.seats):
            if want.kind == "human":
                tokens[i] = new_token()
                seats.append(SeatRecord(i, "human", want.name or f"Player {i + 1}", None,
                                        token_hash(tokens[i]),
                                        bank_left=request.time_bank_seconds))
            elif want.kind == "open":
                seats.append(SeatRecord(i, "open", "", None, None))
            else:
                spec = want.bot or ""
                seats.append(SeatRecord(i, "bot", want.name or spec, spec, None))
        spectator = new_token()
        record = MatchRecord(
            match_id=new_match_id(), game=game.spec.id, players=request.players, seed=seed,
            options=options, language=request.language,
            turn_clock_seconds=request.turn_clock_seconds,
            spectator_hash=token_hash(spectator), created_at=self.clock(),
            seats=tuple(seats), host_seat=host_seat(request), hints=request.hints,
            time_bank_seconds=request.time_bank_seconds, practice=request.practice,
        )
        first = game.new_game(record.players, seed, **options)
        live = LiveMatch(record, first, [], None)
        live.turn_deadline = self._deadline(live, first)
        await self.io.call(self.store.create_match, record, live.turn_deadline)
        self._live[record.match_id] = live
        if request.owner is not None:
            self._owners[record.match_id] = request.owner
        self._schedule(live)
        return CreatedMatch(record, tokens, spectator)

    async def authenticate(self, match_id: str, token: str | None) -> tuple[LiveMatch, Viewer]:
        """The match and whose token this is (a seat, or None for the spectator).

        Raises:
            ApiError: ``missing_token``, ``unknown_match`` or ``bad_token``.
        """
        if not token:
            raise missing_token()
        live = await self.live(match_id)
        digest = token_hash(token)
        viewer: Viewer = -1
        for seat in live.record.seats:
            if same_hash(seat.token_hash, digest):
                viewer = seat.seat
        if same_hash(live.record.spectator_hash, digest):
            viewer = None
        if viewer == -1:
            raise bad_token()
        return live, viewer

    async def my_matches(self, tokens: Iterable[str]) -> list[dict[str, Any]]:
        """One line per known token: match, seat, status, whose turn (unknown ones skipped)."""
        holders = await self.io.call(self.store.find_tokens, [token_hash(t) for t in tokens])
        out = []
        for holder in holders:
            try:
                live = await self.live(holder.match_id)
            except ApiError:
                continue
            to_move = live.state.to_move
            out.append({
                "match_id": live.match_id, "game": live.record.game, "seat": holder.seat,
                "status": live.status, "to_move": to_move,
                "your_turn": holder.seat is not None and holder.seat == to_move
                and live.status == "active",
                "version": live.version, "practice": live.record.practice,
            })
        return out

    def view(self, live: LiveMatch, viewer: Viewer, since: object = None,
             lang: str | None = None) -> str:
        """The MatchView of ``viewer`` as JSON text; with ``since`` (a version) its events
        are only those after that version; with ``lang`` it carries the described board.

        Raises:
            ApiError: ``malformed`` if ``since`` is not a version from 0 to the current one.
        """
        self.check_since(live, since)
        assert since is None or isinstance(since, int)
        return live.view_text(viewer, self.clock(), since, lang)

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

    # --- moves ----------------------------------------------------------------------------

    async def submit(
        self,
        live: LiveMatch,
        viewer: Viewer,
        version: object,
        action: object,
        request_id: object = None,
    ) -> None:
        """Check and apply a seat's action computed from ``version``; store it, then publish.

        A ``request_id`` the seat has used before changes nothing.

        Raises:
            ApiError: ``forbidden`` (the spectator), ``malformed`` (version or request id),
                ``invalid_action``, ``stale_action``, ``not_your_turn``, ``illegal_action``,
                ``game_over``.
        """
        if viewer is None:
            raise forbidden("the spectator cannot act")
        if not isinstance(version, int) or isinstance(version, bool):
            raise malformed("'version' must be the integer state version the action is for")
        if request_id is not None and not (
            isinstance(request_id, str) and 1 <= len(request_id) <= 100
        ):
            raise malformed("'request_id' must be a string of 1 to 100 characters")
        seat = viewer

        async def work() -> None:
            async with live.lock:
                await self._return(live, seat)
                if request_id is not None and live.has_request(seat, request_id):
                    return
                if live.record.waiting:
                    raise not_started()
                try:
                    parsed = live.state.game.parse_action(action)
                    after = self._apply_sent(live, parsed, seat, version)
                except RulesError as err:
                    raise ApiError.from_rules(err) from None
                await self._commit(live, after, seat, parsed.to_json(), request_id, "seat")

        await self._change(work)

    @staticmethod
    def _apply_sent(live: LiveMatch, action: Action, seat: int, version: int) -> GameState:
        """Apply a seat's action computed from ``version``. Besides the current version, a
        move of the seat to move is good from any version since its decision began (only
        talk out of turn came since), and an action out of turn (an address, a fine) is
        checked against the state as it is; anything else older is ``stale_action``."""
        state = live.state
        if version != state.version and 0 <= version < state.version:
            if state.to_move == seat and version >= live.turn_version:
                return state.apply(action, seat=seat)
            if state.to_move != seat:
                with contextlib.suppress(RulesError):
                    return state.apply(action, seat=seat)
        return state.apply(action, seat=seat, version=version)

    async def remark(self, live: LiveMatch, viewer: Viewer, text: object, to: object = None,
                     addressed: object = None) -> dict[str, Any]:
        """Post a chat message (see :meth:`.chat.TableChat.post`). A message to the whole
        table that the game takes for an action of its writer (``Game.remarks``: in
        Versailles 1682, an address of a courtier, judged by etiquette) is applied first,
        out of turn; ``addressed`` is the seat the writer says he speaks to. A private
        message is out of the table's hearing and is never an action.

        Raises:
            ApiError: those of :meth:`.chat.TableChat.post`; ``malformed`` (``addressed`` not
                a seat, or given with ``to``); the game's refusal of the action
                (``illegal_action``, …), in which case nothing is posted.
        """
        if addressed is not None:
            players = live.record.players
            if not isinstance(addressed, int) or isinstance(addressed, bool) or \
                    not 0 <= addressed < players:
                raise malformed(f"'addressed' must be a seat from 0 to {players - 1}, "
                                f"not {addressed!r}")
            if to is not None:
                raise malformed("'addressed' is for a message to the whole table; a private "
                                "message (with 'to') addresses nobody at the table")

        async def said(seat: int, body: str) -> None:
            if to is None:
                await self._change(lambda: self._said(live, seat, body, addressed))

        return await self.chat.post(live, viewer, text, to, before=said)

    async def _said(self, live: LiveMatch, seat: int, text: str, addressed: int | None) -> None:
        async with live.lock:
            if live.record.waiting or live.state.is_terminal:
                return
            game = live.state.game
            for action in game.remarks(live.state, seat, text, addressed):
                try:
                    after = live.state.apply(action, seat=seat)
                except RulesError as err:
                    raise ApiError.from_rules(err) from None
                await self._commit(live, after, seat, action.to_json(), None, "seat")

    async def _commit(
        self,
        live: LiveMatch,
        after: GameState,
        seat: int,
        action: dict[str, Any],
        request_id: str | None,
        mover: Mover,
    ) -> None:
        """Store the move, then update the live state, publish and schedule (under the lock).

        Raises:
            ApiError: ``stale_action`` if storage already holds a move at this version (another
                process moved): the live state is then reloaded.
        """
        setup = live.record
        before = live.state
        aside = (seat != before.to_move and after.to_move == before.to_move
                 and after.legal_actions() == before.legal_actions())
        if aside:
            # Said out of turn: the seat to move keeps its clock, the speaker his bank.
            bank, deadline = None, live.turn_deadline
        else:
            bank = self._bank_after(live, seat, mover)
            if bank is not None:
                setup = replace_seat(setup, dataclasses.replace(setup.seats[seat],
                                                                bank_left=bank))
            deadline = self._deadline(live, after, setup)
        record = ActionRecord(live.version, seat, action, request_id, mover, self.clock())
        try:
            await self.io.append(Append(live.match_id, record,
                                        "finished" if after.is_terminal else "active",
                                        deadline, bank))
        except (VersionConflict, DuplicateRequest) as err:
            await self._reload(live)
            if isinstance(err, DuplicateRequest):
                return
            raise ApiError("stale_action", f"the match moved on: {err}", 409) from None
        if not aside:
            live.turn_version = after.version
        live.state = after
        live.actions.append(record)
        live.record = setup
        live.turn_deadline = deadline
        self.pubsub.publish(live.match_id, live.version)
        self._schedule(live)

    async def _reload(self, live: LiveMatch, *, schedule: bool = True) -> None:
        fresh = LiveMatch.from_stored(await self.io.call(self.store.load, live.match_id))
        live.record, live.state = fresh.record, fresh.state
        live.actions, live.turn_deadline = fresh.actions, fresh.turn_deadline
        live.turn_version = fresh.turn_version
        live.forget_views()
        self.pubsub.publish(live.match_id, live.version)
        if schedule:
            self._schedule(live)

    def remote_change(self, match_id: str, version: int) -> None:
        """Another server process stored ``match_id`` at ``version``: if this process holds
        the match in memory, reload it and tell its sockets (or, when no socket here watches
        it and nothing here moves for it, drop it from memory). The bots and clocks stay with
        the process that made the change, so each bot move is computed once.

        A new chat message (on the match's chat channel) makes this process read the chat
        afresh and tells its sockets, which send each viewer what it may read."""
        chatted = chat_match(match_id)
        if chatted is not None:
            self.chat.stale(chatted)
            self.pubsub.publish(match_id, version)  # heard already: only this process's sockets
            return
        live = self._live.get(match_id)
        if live is None or version <= live.version or self._closed:
            return
        if self._forget_if_idle(match_id, force=True):
            return  # nothing here watches it or moves for it: it reloads when asked for

        async def work() -> None:
            async with live.lock:
                if version > live.version:
                    await self._reload(live, schedule=False)

        task = asyncio.get_running_loop().create_task(self._change(work))
        task.add_done_callback(self._change_done)

    def _deadline(
        self, live: LiveMatch, state: GameState, record: MatchRecord | None = None
    ) -> float | None:
        """When the seat to move in ``state`` runs out of time: its turn clock plus what is
        left of its time bank (``record``: the setup to read, the live one by default)."""
        setup = record or live.record
        clock = setup.turn_clock_seconds
        seat = state.to_move
        if clock is None or seat is None or setup.waiting:
            return None
        holder = setup.seats[seat]
        if holder.kind != "human" or holder.away:
            return None
        return self.clock() + clock + (holder.bank_left or 0.0)

    def _bank_after(self, live: LiveMatch, seat: int, mover: Mover) -> float | None:
        """The time bank ``seat`` keeps after its move (None: unchanged). A move made after
        the turn clock ran down spends the bank for the time it took; the stand-in's move when
        the time ran out empties it."""
        holder = live.record.seats[seat]
        if holder.bank_left is None or live.turn_deadline is None:
            return None
        if mover == "clock":
            return 0.0
        if mover != "seat":
            return None
        return round(max(0.0, min(holder.bank_left, live.turn_deadline - self.clock())), 3)

    # --- leaving and returning ------------------------------------------------------------

    async def leave(self, live: LiveMatch, viewer: Viewer) -> None:
        """Mark the seat away: the stand-in bot plays it until its holder returns.

        Raises:
            ApiError: ``forbidden`` for the spectator.
        """
        if viewer is None:
            raise forbidden("the spectator has no seat to leave")
        seat = viewer

        async def work() -> None:
            async with live.lock:
                await self._set_away(live, seat, True)

        await self._change(work)

    async def come_back(self, live: LiveMatch, viewer: Viewer) -> None:
        """The holder of an away seat is back (any call with its token but ``leave``)."""
        if viewer is None or not live.record.seats[viewer].away:
            return
        seat = viewer

        async def work() -> None:
            async with live.lock:
                await self._return(live, seat)

        await self._change(work)

    async def _return(self, live: LiveMatch, seat: int) -> None:
        if live.record.seats[seat].away:
            await self._set_away(live, seat, False)

    async def _set_away(self, live: LiveMatch, seat: int, away: bool) -> None:
        holder = live.record.seats[seat]
        if holder.kind != "human" or holder.away == away:
            return
        await self.io.call(self.store.set_away, live.match_id, seat, away)
        live.record = replace_seat(live.record, dataclasses.replace(holder, away=away))
        if live.state.to_move == seat:
            deadline = self._deadline(live, live.state)
            await self.io.call(self.store.set_deadline, live.match_id, deadline)
            live.turn_deadline = deadline
        self.pubsub.publish(live.match_id, live.version)
        self._schedule(live)

    def set_connected(self, live: LiveMatch, viewer: Viewer, delta: int) -> None:
        """Count a websocket of ``viewer`` opening (+1) or closing (-1); tells subscribers."""
        if viewer is None:
            return
        before = live.connected[viewer] > 0
        live.connected[viewer] += delta
        if (live.connected[viewer] > 0) != before:
            self.pubsub.publish(live.match_id, live.version)

    # --- open tables ----------------------------------------------------------------------

    async def open_matches(self) -> list[dict[str, Any]]:
        """The newest matches that wait for players, as ``GET /api/open-matches`` lists them."""
        out = []
        for match_id in await self.io.call(self.store.open_match_ids, OPEN_LIST_LIMIT):
            try:
                live = await self.live(match_id)
            except ApiError:
                continue
            record = live.record
            if not record.waiting:
                continue
            out.append({
                "match_id": record.match_id, "game": record.game, "players": record.players,
                "language": record.language, "turn_clock_seconds": record.turn_clock_seconds,
                "created_at": record.created_at, "practice": record.practice,
                "free": sum(1 for s in record.seats if s.kind == "open"),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
                          for s in record.seats],
            })
        return out

    async def join(self, match_id: str, name: object) -> tuple[int, str]:
        """Give a free seat of an open table to a new player named ``name``; returns the seat
        and its token. The match starts when its last free seat is taken.

        Raises:
            ApiError: ``malformed`` (the name), ``unknown_match``, ``table_full`` (no free
                seat: the table is full, has started, or is not open).
        """
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40:
            raise malformed("'name' must be a string of 1 to 40 characters")
        live = await self.live(match_id)
        token = new_token()

        async def work() -> int:
            async with live.lock:
                free = [s.seat for s in live.record.seats if s.kind == "open"]
                if not free:
                    raise ApiError("table_full", f"match {match_id} has no free seat", 409)
                taken = SeatRecord(free[0], "human", name.strip(), None, token_hash(token),
                                   bank_left=live.record.time_bank_seconds)
                await self._fill(live, [taken])
                return taken.seat

        return await self._change(work), token

    async def start_table(self, live: LiveMatch, viewer: Viewer, bot: object = None) -> None:
        """The creator of an open table starts it: bots (``bot``, a server bot spec; the
        stand-in bot by default) take the free seats.

        Raises:
            ApiError: ``forbidden`` (not the creator's seat), ``malformed`` (the bot),
                ``not_waiting`` (the match has started already).
        """
        if viewer is None or viewer != live.record.host_seat:
            raise forbidden("only the creator of an open table starts it")
        spec = STAND_IN_BOT if bot is None else bot
        if spec not in SERVER_BOTS:
            raise malformed(f"'bot' must be one of {', '.join(SERVER_BOTS)}")
        assert isinstance(spec, str)

        async def work() -> None:
            async with live.lock:
                free = [s.seat for s in live.record.seats if s.kind == "open"]
                if not free:
                    raise ApiError("not_waiting", "the match has started already", 409)
                await self._fill(live, [SeatRecord(s, "bot", spec, spec, None) for s in free])

        await self._change(work)

    async def _fill(self, live: LiveMatch, seats: list[SeatRecord]) -> None:
        """Store free seats as taken, then update the live match, publish and schedule
        (under the lock)."""
        record = live.record
        for seat in seats:
            record = replace_seat(record, seat)
        deadline = None
        if not record.waiting:
            deadline = self._deadline(live, live.state, record)
        status = "waiting" if record.waiting else "active"
        try:
            await self.io.call(self.store.fill_seats, live.match_id, seats, status=status,
                             turn_deadline=deadline)
        except SeatTaken as err:
            await self._reload(live)
            raise ApiError("table_full", str(err), 409) from None
        live.record = record
        live.forget_views()  # the seats' names changed at the same version
        live.turn_deadline = deadline
        self.pubsub.publish(live.match_id, live.version)
        self._schedule(live)

    # --- bots and clocks ------------------------------------------------------------------

    def _plan(self, live: LiveMatch) -> _Plan | None:
        seat = live.state.to_move
        if seat is None or self._closed or live.record.waiting:
            return None
        for owing, duty in live.state.game.duties(live.state):
            holder = live.record.seats[owing]
            if holder.kind == "bot" or holder.away:
                return _Plan(live.version, owing, "", "bot" if holder.kind == "bot"
                             else "stand_in", duty=duty)
        holder = live.record.seats[seat]
        if holder.kind == "bot":
            return _Plan(live.version, seat, holder.bot or STAND_IN_BOT, "bot")
        if holder.away:
            return _Plan(live.version, seat, STAND_IN_BOT, "stand_in")
        if live.turn_deadline is not None:
            return _Plan(live.version, seat, STAND_IN_BOT, "clock", live.turn_deadline)
        return None

    def _schedule(self, live: LiveMatch) -> None:
        """Start (or keep, or cancel) the task that moves for a bot, an away seat or a
        seat whose clock runs out."""
        plan = self._plan(live)
        current = self._tasks.get(live.match_id)
        if current is not None:
            old_plan, task = current
            if old_plan == plan and not task.done():
                return
            if task is not asyncio.current_task():
                task.cancel()
            del self._tasks[live.match_id]
        if plan is not None:
            task = asyncio.get_running_loop().create_task(self._play(live, plan))
            self._tasks[live.match_id] = (plan, task)

    async def _play(self, live: LiveMatch, plan: _Plan) -> None:
        """Wait (the bot delay, or until the deadline), let the bot choose off the loop,
        then apply its move if the match still expects it."""
        wait = self.bot_delay if plan.deadline is None else plan.deadline - self.clock()
        if wait > 0:
            await asyncio.sleep(wait)
        if self._plan(live) != plan:
            return
        if plan.duty is not None:
            duty = plan.duty.to_json()
            await self._change(lambda: self._apply_planned(live, plan, duty))
            return
        state_json = live.state.to_json()
        async with self.fair.slot(self._owners.get(live.match_id, live.match_id)):
            if self._plan(live) != plan:
                return
            try:
                action = await self.bots.choose(live.record.game, state_json, plan.spec,
                                                live.record.seed)
            except (ValueError, RulesError) as err:
                log.error("match %s: bot %s failed at version %s (the random bot moves): %s",
                          live.match_id, plan.spec, plan.version, err)
                action = await self.bots.choose(live.record.game, state_json, "random",
                                                live.record.seed)

        await self._change(lambda: self._apply_planned(live, plan, action))

    async def _apply_planned(self, live: LiveMatch, plan: _Plan, action: object) -> None:
        """Apply the move a bot chose (or the duty it owes) if the match still expects it."""
        async with live.lock:
            if self._plan(live) != plan:
                return
            game = live.state.game
            try:
                parsed = game.parse_action(action)
                after = live.state.apply(parsed, seat=plan.seat, version=plan.version)
            except RulesError as err:
                log.error("match %s: bot %s chose a refused action: %s", live.match_id,
                          plan.spec or "duty", err)
                return
            with contextlib.suppress(ApiError):
                await self._commit(live, after, plan.seat, parsed.to_json(), None, plan.mover)
