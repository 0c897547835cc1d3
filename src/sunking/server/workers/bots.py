"""Bot moves away from the event loop: in worker processes (or threads, for tests).

A worker gets the game id, the state as JSON, the bot spec and the match seed, rebuilds the
state, lets the bot choose for the seat to move through an
:class:`~sunking.bots.protocol.Observation`, and returns the action as JSON. The bot's
generator is derived from the match seed, the seat and the version, so a bot's move does not
depend on whether the server restarted before it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from typing import Any

from ...bots import LEVELS, make_bot, retuned, searches
from ...bots.arena import bot_rng
from ...bots.ismcts import IsmctsBot, merge_choices
from ...bots.protocol import Observation
from ...coach import hints as coach_hints
from ...coach import review as coach_review
from ...coach.estimate import deciding
from ...core.registry import available_games, make
from ...core.rng import Rng

SERVER_BOTS = ("random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard",
               "ismcts:expert")
"""The bot specs a match may seat (``GET /api/bots``)."""

STAND_IN_BOT = "heuristic"
"""The bot that plays an away seat, or a move whose turn clock ran out."""

log = logging.getLogger(__name__)


def decision_rng(seed: int, seat: int, version: int) -> Rng:
    """The generator of the bot deciding for ``seat`` at ``version`` of a match."""
    return Rng(bot_rng(seed, seat).next64() ^ (version * 0x9E3779B97F4A7C15)).fork()


def choose_action(
    game_id: str, state_json: Mapping[str, Any], spec: str, seed: int
) -> dict[str, Any]:
    """The action (as JSON) that bot ``spec`` takes for the seat to move in the state.

    Raises:
        ValueError: the spec names no bot, the state is not readable, or the game is over.
    """
    _, state, seat = deciding(game_id, state_json, "bot move to choose")
    bot = make_bot(spec)
    action = bot.act(Observation(state, seat), decision_rng(seed, seat, state.version))
    return action.to_json()


ROOT_PARALLEL = {"ismcts:hard": LEVELS["hard"], "ismcts:expert": LEVELS["expert"]}
"""The bots whose search a server with several workers shares out among them in parts run
side by side (:meth:`BotRunner.choose`): the same iterations in all, the answer sooner."""


DEFAULT_PARTS = 2
"""Parts a hard search is shared out in when not set: two, as measured (docs/bots.md), or
fewer with fewer workers."""


def part_rng(seed: int, seat: int, version: int, part: int) -> Rng:
    """The generator of part ``part`` of a root-parallel search for ``seat`` at ``version``."""
    base = decision_rng(seed, seat, version).next64()
    return Rng(base ^ ((part + 1) * 0xD1B54A32D192ED03)).fork()


def search_part(
    game_id: str, state_json: Mapping[str, Any], spec: str, seed: int, part: int, parts: int
) -> list[tuple[dict[str, Any], int, float]]:
    """Part ``part`` of ``parts`` independent searches of bot ``spec`` (one of
    :data:`ROOT_PARALLEL`) for the seat to move: its root actions as ``(action JSON, visits,
    mean reward)``. The parts' generators differ, so their trees do; :meth:`BotRunner.choose`
    sums them (:func:`~sunking.bots.ismcts.merge_choices`).

    Raises:
        ValueError: the spec is not searched in parts, the state is not readable, or the game
            is over.
    """
    config = ROOT_PARALLEL.get(spec)
    if config is None:
        raise ValueError(f"bot {spec!r} is not searched in parts")
    _, state, seat = deciding(game_id, state_json, "bot move to choose")
    observation = Observation(state, seat)
    legal = observation.legal_actions
    if len(legal) == 1:
        return [(legal[0].to_json(), 1, 0.0)]
    tuning = searches().get(spec.partition(":")[2])
    if tuning is None:
        bot = IsmctsBot(config.split(parts), name=spec)
    else:
        bot = IsmctsBot(config, name=spec, tuning=retuned(tuning, lambda c: c.split(parts)))
    bot.act(observation, part_rng(seed, seat, state.version, part))
    assert bot.last is not None
    return [(action.to_json(), visits, mean) for action, visits, mean in bot.last.choices]


def merged_move(reports: list[list[tuple[dict[str, Any], int, float]]]) -> dict[str, Any]:
    """The move of a root-parallel search: the most visited action over all its parts (the
    actions matched by their JSON text)."""
    merged = merge_choices([[(json.dumps(a, sort_keys=True), n, mean) for a, n, mean in report]
                            for report in reports])
    move: dict[str, Any] = json.loads(merged[0][0])
    return move


HINT_SECONDS = 1.0
"""The time a hint's searches take in all (:func:`sunking.coach.hints.hint_moves`)."""


def hint_moves(game_id: str, state_json: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The coach's hint for the seat to move (:func:`sunking.coach.hints.hint_moves`): its
    best three moves with win chances and intervals, and whether the first separates.

    Raises:
        ValueError: the state is not readable, or the game is over.
    """
    return coach_hints.hint_moves(game_id, state_json, seed, HINT_SECONDS)


def review_decision(
    game_id: str, state_json: Mapping[str, Any], seed: int, chosen: Mapping[str, Any]
) -> dict[str, Any]:
    """The coach's verdict on one decision (:func:`sunking.coach.review.review_decision`,
    its default budget). Sees only what the deciding seat could know.

    Raises:
        ValueError: the state or the action is not readable, the game is over, the action
            is not legal there, or it was the only one.
    """
    return coach_review.review_decision(game_id, state_json, seed, chosen)


PARENT_CHECK_SECONDS = 1.0
"""How often a worker process checks that the server that started it still runs."""


def _watch_parent(parent: int) -> None:
    """End this worker once its server is gone (killed without a chance to stop the pool)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _start_worker(parent: int) -> None:
    """In each worker process: watch the server's process, and load every registered game."""
    threading.Thread(target=_watch_parent, args=(parent,), name="sunking-parent-watch",
                     daemon=True).start()
    for game_id in available_games():
        make(game_id)


class BotRunner:
    """Runs :func:`choose_action` in a pool: processes (``workers`` > 0) or threads (0).

    A process pool never blocks the event loop, even for CPU-bound search; the thread form
    exists for fast tests (the loop then shares the interpreter lock with the bots).
    """

    def __init__(self, workers: int, parts: int | None = None) -> None:
        self.workers = workers
        self.parts = min(DEFAULT_PARTS, max(1, workers)) if parts is None else parts
        """Parts a :data:`ROOT_PARALLEL` bot's search is shared out in (1: not shared)."""
        if self.parts < 1:
            raise ValueError("a search is shared out in at least one part")
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.workers > 0:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker, initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(2, "sunking-bot")
        return self._pool

    async def choose(
        self, game_id: str, state_json: Mapping[str, Any], spec: str, seed: int
    ) -> dict[str, Any]:
        """The bot's action as JSON, computed off the loop. A :data:`ROOT_PARALLEL` bot's
        search runs in :attr:`parts` parts side by side, whose root statistics are summed.

        Raises:
            ValueError: see :func:`choose_action` and :func:`search_part`.
        """
        if self.parts > 1 and spec in ROOT_PARALLEL:
            reports = await asyncio.gather(*(
                self.run(search_part, game_id, state_json, spec, seed, part, self.parts)
                for part in range(self.parts)))
            return merged_move(list(reports))
        action: dict[str, Any] = await self.run(choose_action, game_id, state_json, spec, seed)
        return action

    async def hint(
        self, game_id: str, state_json: Mapping[str, Any], seed: int
    ) -> dict[str, Any]:
        """:func:`hint_moves`, computed off the loop like a bot's move.

        Raises:
            ValueError: see :func:`hint_moves`.
        """
        result: dict[str, Any] = await self.run(hint_moves, game_id, state_json, seed)
        return result

    async def review(
        self, game_id: str, state_json: Mapping[str, Any], seed: int, chosen: Mapping[str, Any]
    ) -> dict[str, Any]:
        """:func:`review_decision`, computed off the loop like a bot's move.

        Raises:
            ValueError: see :func:`review_decision`.
        """
        result: dict[str, Any] = await self.run(review_decision, game_id, state_json, seed,
                                                chosen)
        return result

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the pool (a fresh pool if the last one broke)."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except concurrent.futures.BrokenExecutor:
            if self._pool is pool:  # the first of the calls it failed replaces it, once
                log.warning("the bot pool broke; starting a new one")
                self._pool = None
            return await loop.run_in_executor(self._executor(), fn, *args)

    def close(self) -> None:
        """Stop the workers (pending moves are abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
