"""The commit path: a seat's move is checked against the live state, **stored** (an append
conditional on the version), then applied to the live state, published, and whatever moves
next is scheduled (:mod:`.planner`).

Every move of a match takes this path under the match's lock: a move sent over REST or a
websocket (:meth:`Moves.submit`), talk at the table that the game takes for an action
(:meth:`Moves.remark`), and the moves of bots, stand-ins and turn clocks (the planner). If
storage refuses an append because another process moved first, the match is reloaded from
storage. If the database fails, nothing changes and the mover hears ``catching_breath`` (503);
the match's outage is logged once (:class:`~.context.Outages`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from typing import Any

from ...core.actions import Action
from ...core.errors import NotYourTurn, RulesError, StaleAction
from ...core.game import GameState
from ...core.undo import Undo
from ..errors import ApiError, catching_breath, forbidden, malformed, match_closed, not_started
from ..metrics import MOVES
from ..storage import (
    ActionRecord,
    Append,
    DuplicateRequest,
    MatchClosed,
    Mover,
    NotDriver,
    StorageError,
    VersionConflict,
    replace_seat,
)
from ..workers.bots import BotRunner
from .chat import TableChat
from .clocks import TurnClocks
from .context import Context
from .kept import pack, viewers
from .live import LiveMatch, Viewer
from .planner import Planner
from .presence import Presence
from .tutorials import check_move

log = logging.getLogger(__name__)


class Committer:
    """Stores moves and brings the live matches up to what is stored.

    Its :attr:`planner` plays the bots', stand-ins' and turn clocks' moves through
    :meth:`commit`; every commit and reload schedules what moves next there.
    """

    def __init__(self, context: Context, clocks: TurnClocks, bots: BotRunner, *,
                 bot_delay: float = 0.0) -> None:
        self.context = context
        self.clocks = clocks
        self.planner = Planner(self, context, bots, bot_delay=bot_delay)

    async def commit(
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
                process moved): the live state is then reloaded; ``catching_breath`` if the
                database failed (nothing changed).
        """
        setup = live.record
        before = live.state
        aside = (seat != before.to_move and after.to_move == before.to_move
                 and after.legal_actions() == before.legal_actions())
        if aside:
            # Said out of turn: the seat to move keeps its clock, the speaker his bank.
            bank, deadline = None, live.turn_deadline
        else:
            bank = self.clocks.bank_after(live, seat, mover)
            if bank is not None:
                setup = replace_seat(setup, dataclasses.replace(setup.seats[seat],
                                                                bank_left=bank))
            deadline = self.clocks.deadline(live, after, setup)
        record = ActionRecord(live.version, seat, action, request_id, mover,
                              self.context.clock())
        if not await self._store(live, Append(live.match_id, record,
                                              "finished" if after.is_terminal else "active",
                                              deadline, bank, self.context.process_id)):
            return
        live.driver = self.context.process_id
        if not aside:
            live.turn_version = after.version
        live.state = after
        live.actions.append(record)
        live.record = setup
        live.turn_deadline = deadline
        self.context.pubsub.publish(live.match_id, live.version)
        self.context.tell_moved(live, record.seat if record.mover == "seat" else None)
        MOVES.labels(mover).inc()
        self.planner.schedule(live)
        if after.is_terminal:
            await self._keep_replay(live)

    async def _keep_replay(self, live: LiveMatch) -> None:
        """Keep the replay of a match that just finished (:mod:`.kept`), so that it is shown
        after its game's rules change too. A failure is logged; the match stays finished, and
        its replay is built from its log while its rules last."""
        try:
            now = self.context.clock()
            views = [live.match_view(viewer, now) for viewer in viewers(live.record.players)]
            frames = await asyncio.to_thread(pack, *live.replay_source(), views)
            await self.context.io.call(self.context.store.save_replay, live.match_id, frames)
        except Exception:
            log.exception("the replay of match %s could not be kept", live.match_id)

    async def _store(self, live: LiveMatch, append: Append) -> bool:
        """Store a move; False if storage holds it already (a request sent twice: the match
        is reloaded).

        Raises:
            ApiError: ``stale_action`` (another process moved first: the match is reloaded),
                ``catching_breath`` (the database failed; ``disk_full`` or ``read_only``
                when that is why).
        """
        outages = self.context.outages
        try:
            try:
                await self.context.io.append(append)
            except (VersionConflict, DuplicateRequest, NotDriver) as err:
                # Another process moved first, or drives the match now: take what is stored.
                await self.reload(live)
                if isinstance(err, DuplicateRequest):
                    return False
                raise ApiError("stale_action", f"the match moved on: {err}", 409) from None
            except MatchClosed:
                await self.reload(live)
                raise match_closed(live.match_id) from None
        except (ApiError, StorageError):
            raise
        except Exception as err:
            outages.failed(live.match_id, "storing a move", err)
            raise catching_breath(err) from None
        outages.recovered(live.match_id)
        return True

    async def reload(self, live: LiveMatch) -> None:
        """Replace the live match by what storage holds, publish it and schedule what moves
        next (under the lock)."""
        context = self.context
        live.catch_up(await context.io.call(context.store.load, live.match_id))
        context.pubsub.publish(live.match_id, live.version)
        self.planner.schedule(live)


class Moves:
    """What a seat does: a move sent from ``version``, or talk at the table that the game
    takes for an action (``Game.remarks``)."""

    def __init__(self, context: Context, commits: Committer, presence: Presence,
                 chat: TableChat) -> None:
        self.context = context
        self.commits = commits
        self.presence = presence
        self.chat = chat

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
                ``game_over``, ``abandoned`` (the match was closed); ``catching_breath``
                when the match's moves cannot be stored just now (instead of
                ``not_your_turn`` or ``stale_action`` too, since the move before may be the
                one waiting for the database).
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
                if live.abandoned:
                    raise match_closed(live.match_id)
                await self.presence.mark_back(live, seat)
                if live.record.seats[seat].gone == "resigned":
                    raise forbidden("you resigned this match: the stand-in plays your seat")
                if request_id is not None and live.has_request(seat, request_id):
                    return
                if live.record.waiting:
                    raise not_started()
                try:
                    parsed = live.state.game.parse_action(action)
                    check_move(live.record.options, live.record.game, len(live.actions),
                               parsed.to_json())
                    after = self._apply_sent(live, parsed, seat, version)
                except (NotYourTurn, StaleAction) as err:
                    if live.match_id in self.context.outages:
                        # The move that should have come first waits for the database.
                        raise catching_breath() from None
                    raise ApiError.from_rules(err) from None
                except RulesError as err:
                    raise ApiError.from_rules(err) from None
                await self.commits.commit(live, after, seat, parsed.to_json(), request_id,
                                          "seat")

        await self.context.changes.run(work)

    @staticmethod
    def _apply_sent(live: LiveMatch, action: Action, seat: int, version: int) -> GameState:
        """Apply a seat's action computed from ``version``. Besides the current version, a
        move of the seat to move is good from any version since its decision began (only
        talk out of turn came since), and an action out of turn (an address, a fine) is
        checked against the state as it is; anything else older is ``stale_action``, and so is
        an undo from any version but the current one (it takes back what the seat saw last)."""
        state = live.state
        if version != state.version and 0 <= version < state.version and not isinstance(
                action, Undo):
            if state.to_move == seat and version >= live.turn_version:
                return state.apply(action, seat=seat)
            if state.to_move != seat:
                with contextlib.suppress(RulesError):
                    return state.apply(action, seat=seat)
        return state.apply(action, seat=seat, version=version)

    async def remark(self, live: LiveMatch, viewer: Viewer, text: object, to: object = None,
                     addressed: object = None, name: object = None) -> dict[str, Any]:
        """Post a chat message (see :meth:`.chat.TableChat.post`). A message to the whole
        table that the game takes for an action of its writer (``Game.remarks``: in
        Versailles 1682, an address of a courtier, judged by etiquette) is applied first,
        out of turn; ``addressed`` is the seat the writer says he speaks to. A private
        message is out of the table's hearing and is never an action, nor is a spectator's
        line (``name``: the name he writes under).

        Raises:
            ApiError: those of :meth:`.chat.TableChat.post`; ``malformed`` (``addressed`` not
                a seat, or given with ``to``); the game's refusal of the action
                (``illegal_action``, …), in which case nothing is posted.
        """
        if live.abandoned:
            raise match_closed(live.match_id)
        if addressed is not None:
            if viewer is None:
                raise malformed("'addressed' is for a seat's remark at the table; spectators "
                                "address nobody")
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
                await self.context.changes.run(lambda: self._said(live, seat, body, addressed))

        return await self.chat.post(live, viewer, text, to, before=said, name=name)

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
                await self.commits.commit(live, after, seat, action.to_json(), None, "seat")
