"""What moves next without a client: a bot, the stand-in bot of an away seat, the steward's
duties of a bot or away seat (``Game.duties``), or the stand-in when a turn clock runs out.

After every change the commit path asks :meth:`Planner.schedule` to start (or keep, or
cancel) the one task per match that waits (the bot delay, or until the deadline), lets the
bot choose in the bot workers, in turns among the clients that created the matches
(:class:`~..workers.fair.FairQueue`), then applies the move through the commit path if the
match still expects it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
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


class Planner:
    """The moves of bots, stand-ins and turn clocks in the matches of one process, played
    through ``commits``. ``bot_delay`` pauses before each bot move (so people can follow a
    bot's play; 0 in tests)."""

    def __init__(self, commits: Commits, context: Context, bots: BotRunner, *,
                 bot_delay: float = 0.0) -> None:
        self.commits = commits
        self.context = context
        self.bots = bots
        self.bot_delay = bot_delay
        self._tasks: dict[str, tuple[_Plan, asyncio.Task[None]]] = {}
        self.fair = FairQueue(max(1, bots.workers) if bots.workers else 2)
        """Bot moves in turns among the clients that created the matches."""
        self.owners: dict[str, str] = {}
        """The client address that created each match (in memory: after a restart each
        match counts as its own client)."""

    def scheduled(self, match_id: str) -> bool:
        """Whether a task is planned for the match (it is then kept in memory)."""
        return match_id in self._tasks

    def cancel(self) -> None:
        """Stop every planned task (the service closes)."""
        for _, task in list(self._tasks.values()):
            task.cancel()

    def _plan(self, live: LiveMatch) -> _Plan | None:
        seat = live.state.to_move
        if seat is None or self.context.closed or live.record.waiting:
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

    def schedule(self, live: LiveMatch) -> None:
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
        wait = self.bot_delay if plan.deadline is None else plan.deadline - self.context.clock()
        if wait > 0:
            await asyncio.sleep(wait)
        if self._plan(live) != plan:
            return
        changes = self.context.changes
        if plan.duty is not None:
            duty = plan.duty.to_json()
            await changes.run(lambda: self._apply_planned(live, plan, duty))
            return
        state_json = live.state.to_json()
        async with self.fair.slot(self.owners.get(live.match_id, live.match_id)):
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

        await changes.run(lambda: self._apply_planned(live, plan, action))

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
                await self.commits.commit(live, after, plan.seat, parsed.to_json(), None,
                                          plan.mover)
