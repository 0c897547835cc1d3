"""What moves next without a client: a bot, the stand-in bot of an away seat, the steward's
duties of a bot or away seat (``Game.duties``), or the stand-in when a turn clock runs out.

After every change the commit path asks :meth:`Planner.schedule` to start (or keep, or
cancel) the one task per match that waits (the bot delay, or until the deadline), lets the
bot choose in the bot workers, in turns among the clients that created the matches
(:class:`~..workers.fair.FairQueue`), then applies the move through the commit path if the
match still expects it. A bot that cannot choose (its worker pool broke) or a move that cannot
be stored (the database failed) is tried again, with pauses, until it works
(:meth:`~.context.Outages.persist`): the match waits, but never freezes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ...core.actions import Action
from ...core.errors import RulesError
from ...core.game import GameState
from ..errors import ApiError
from ..storage import Mover
from ..workers.bots import STAND_IN_BOT, BotRunner
from ..workers.fair import FairQueue
from .context import Context
from .live import LiveMatch

log = logging.getLogger(__name__)


class Commits(Protocol):
    """The commit path a planned move takes (:class:`~.commit.Committer`), as the planner
    sees it: named here so that the planner does not import the module that builds it."""

    async def commit(self, live: LiveMatch, after: GameState, seat: int,
                     action: dict[str, Any], request_id: str | None, mover: Mover) -> None: ...


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


@dataclasses.dataclass(slots=True, eq=False)
class Planned:
    """The task that carries out a plan, and what it is doing since when (``monotonic``
    seconds): ``waiting`` (the bot delay or the deadline), ``queued`` (for a bot worker),
    ``choosing`` (a bot thinks) or ``storing``."""

    plan: _Plan
    task: asyncio.Task[None]
    doing: str = "waiting"
    since: float = dataclasses.field(default_factory=time.monotonic)


WINDOW_SECONDS = 1.2
"""How long every seat whose window opens (``Game.window``) is waited for when a bot or a
stand-in answers for it: the moment the web client passes for a person with nothing to play
(``AUTOPASS_MS``), and longer than the hardest bot's search (1 s)."""


def window_moment(bot_delay: float) -> float:
    """The moment a bot's or stand-in's answer in a window is made public after the window
    opened, whatever the seat holds: :data:`WINDOW_SECONDS`, or the bot delay if longer; none
    where bots do not pause (a server in tests)."""
    return max(bot_delay, WINDOW_SECONDS) if bot_delay > 0 else 0.0


class Planner:
    """The moves of bots, stand-ins and turn clocks in the matches of one process, played
    through ``commits``. ``bot_delay`` pauses before each bot move (so people can follow a
    bot's play; 0 in tests). In a window (``Game.window``) a bot or stand-in chooses at once
    and its answer is made public :func:`window_moment` after the window opened, whether it
    thought (it holds something it may play) or not: the table's wait tells nothing of what
    the seat holds. :attr:`monotonic` and :attr:`sleep` are the clock of that moment."""

    def __init__(self, commits: Commits, context: Context, bots: BotRunner, *,
                 bot_delay: float = 0.0) -> None:
        self.commits = commits
        self.context = context
        self.bots = bots
        self.bot_delay = bot_delay
        self.window_moment = window_moment(bot_delay)
        self.monotonic: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.tasks: dict[str, Planned] = {}
        """The task planned for each match, while it runs."""
        self.fair = FairQueue(max(1, bots.workers) if bots.workers else 2)
        """Bot moves in turns among the clients that created the matches (stored with each
        match as its ``owner``; a match without one counts as a client of its own)."""

    def scheduled(self, match_id: str) -> bool:
        """Whether a task is planned for the match (it is then kept in memory)."""
        return match_id in self.tasks

    def due(self, live: LiveMatch) -> bool:
        """Whether something moves in the match without a client (a bot, a stand-in, a
        duty, a turn clock)."""
        return self._plan(live) is not None

    def cancel(self) -> None:
        """Stop every planned task (the service closes)."""
        for planned in list(self.tasks.values()):
            planned.task.cancel()

    def _plan(self, live: LiveMatch) -> _Plan | None:
        seat = live.state.to_move
        if seat is None or self.context.closed or live.record.waiting or live.abandoned or \
                live.driver != self.context.process_id:
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

    def schedule(self, live: LiveMatch, *, restart: bool = False) -> None:
        """Start (or keep, or cancel) the task that moves for a bot, an away seat or a
        seat whose clock runs out; with ``restart`` a task already under way for the same
        plan is replaced by a new one."""
        plan = self._plan(live)
        current = self.tasks.get(live.match_id)
        if current is not None:
            if current.plan == plan and not current.task.done() and not restart:
                return
            if current.task is not asyncio.current_task():
                current.task.cancel()
            del self.tasks[live.match_id]
        if plan is not None:
            task = asyncio.get_running_loop().create_task(self._play(live, plan))
            planned = self.tasks[live.match_id] = Planned(plan, task)
            task.add_done_callback(lambda _: self._ended(live.match_id, planned))

    def _ended(self, match_id: str, planned: Planned) -> None:
        """A task ended: it no longer keeps its match in memory."""
        if self.tasks.get(match_id) is planned:
            del self.tasks[match_id]

    def _doing(self, match_id: str, plan: _Plan, doing: str) -> None:
        planned = self.tasks.get(match_id)
        if planned is not None and planned.plan == plan:
            planned.doing, planned.since = doing, time.monotonic()

    async def _play(self, live: LiveMatch, plan: _Plan) -> None:
        """Wait (the bot delay, or until the deadline), let the bot choose off the loop,
        then apply its move if the match still expects it; whatever fails is tried again
        until it works or the match moves on."""
        window = plan.deadline is None and live.state.game.window(live.state)
        opened = self.monotonic()
        wait = self.bot_delay if plan.deadline is None else plan.deadline - self.context.clock()
        if wait > 0 and not window:
            await asyncio.sleep(wait)
        if self._plan(live) != plan:
            return
        action = plan.duty.to_json() if plan.duty is not None else await self._choose(
            live, plan, plan.spec)
        if action is None:
            return
        if window:
            await self._hold(live.match_id, opened)
            if self._plan(live) != plan:
                return
        applied = await self._apply(live, plan, action)
        if applied is False and plan.duty is None:
            action = await self._choose(live, plan, "random")
            if action is not None:
                await self._apply(live, plan, action)

    async def _hold(self, match_id: str, opened: float) -> None:
        """Wait until :attr:`window_moment` has passed since the window ``opened``; an
        answer chosen later than that (a search that overran it) is logged."""
        left = opened + self.window_moment - self.monotonic()
        if left > 0:
            await self.sleep(left)
        elif self.window_moment > 0 and left < 0:
            log.warning("match %s: a window's answer came %.2f s after its moment", match_id,
                        -left)

    async def _choose(self, live: LiveMatch, plan: _Plan, spec: str) -> dict[str, Any] | None:
        """The move bot ``spec`` chooses, in turn with the other clients' bots (None: the
        match moved on meanwhile)."""
        state_json = live.state.to_json()
        self._doing(live.match_id, plan, "queued")
        async with self.fair.slot(live.record.owner or live.match_id):

            async def attempt() -> dict[str, Any]:
                self._doing(live.match_id, plan, "choosing")
                return await self._bot_move(live, plan, spec, state_json)

            return await self.context.outages.persist(
                live.match_id, f"choosing the move of bot {spec}", attempt,
                lambda: self._plan(live) == plan)

    async def _bot_move(self, live: LiveMatch, plan: _Plan, spec: str,
                        state_json: dict[str, Any]) -> dict[str, Any]:
        """Bot ``spec``'s move; the random bot's if it cannot choose one.

        Raises:
            Exception: the bot workers failed (tried again by the caller).
        """
        record = live.record
        try:
            return await self.bots.choose(record.game, state_json, spec, record.seed)
        except (ValueError, RulesError) as err:
            log.error("match %s: bot %s failed at version %s (the random bot moves): %s",
                      live.match_id, spec, plan.version, err)
            return await self.bots.choose(record.game, state_json, "random", record.seed)

    async def _apply(self, live: LiveMatch, plan: _Plan, action: dict[str, Any]) -> bool | None:
        """Apply a chosen move through the commit path until it is stored (or the match
        moved on: None); False if the rules refused it."""
        async def attempt() -> bool:
            self._doing(live.match_id, plan, "storing")
            return await self.context.changes.run(
                lambda: self._apply_planned(live, plan, action))

        return await self.context.outages.persist(live.match_id, "storing a move", attempt,
                                                  lambda: self._plan(live) == plan)

    async def _apply_planned(self, live: LiveMatch, plan: _Plan, action: object) -> bool:
        """Apply the move a bot chose (or the duty it owes) if the match still expects it;
        False if the rules refused it.

        Raises:
            ApiError: ``catching_breath``: the move could not be stored (nothing changed).
        """
        async with live.lock:
            if self._plan(live) != plan:
                return True
            game = live.state.game
            try:
                parsed = game.parse_action(action)
                after = live.state.apply(parsed, seat=plan.seat, version=plan.version)
            except RulesError as err:
                log.error("match %s: bot %s chose a refused action: %s", live.match_id,
                          plan.spec or "duty", err)
                return False
            try:
                await self.commits.commit(live, after, plan.seat, parsed.to_json(), None,
                                          plan.mover)
            except ApiError as err:
                if err.status >= 500:
                    raise
            return True
