"""Nothing tells the table what a seat holds by how long it waits on it (VR-4b, "every seat
whose window opens waits the same short moment whatever it holds"): in a window
(``Game.window``, Vive le Roi's reaction windows) a bot's or stand-in's answer is made public
the same moment after the window opened, whether it searched (it held something to play) or
passed at once (it held nothing)."""

from __future__ import annotations

import asyncio
from itertools import pairwise
from typing import Any

from test_srv_faults import until

from sunking.core import make
from sunking.server.match.live import LiveMatch
from sunking.server.match.planner import WINDOW_SECONDS, window_moment
from sunking.server.match.request import MatchRequest, SeatRequest
from sunking.server.match.service import MatchService
from sunking.server.storage import MemoryStore, Mover
from sunking.server.workers.bots import BotRunner

SEARCH = 0.9
"""How long a bot thinks (on the fake clock) where it has a choice."""


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


class SearchingBots(BotRunner):
    """Random bots that think :data:`SEARCH` seconds of the fake clock where they have a
    choice and answer at once where passing is all they can do."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(0)
        self.clock = clock

    async def choose(self, game_id: str, state_json: Any, spec: str, seed: int) -> Any:
        if len(make(game_id).state_from_json(state_json).legal_actions()) > 1:
            self.clock.now += SEARCH
        return await super().choose(game_id, state_json, "random", seed)


class Published:
    """The commit path, noting when each planned move is made public (fake clock), whether
    it answered a window and whether its seat had a choice."""

    def __init__(self, commits: Any, clock: FakeClock) -> None:
        self.commits, self.clock = commits, clock
        self.moves: list[tuple[float, bool, bool]] = []

    async def commit(self, live: LiveMatch, after: Any, seat: int, action: dict[str, Any],
                     request_id: str | None, mover: Mover) -> None:
        state = live.state
        self.moves.append((self.clock(), state.game.window(state),
                           len(state.legal_actions()) > 1))
        await self.commits.commit(live, after, seat, action, request_id, mover)


def test_srv_the_moment_is_the_client_pass_and_none_without_bot_pauses() -> None:
    assert window_moment(0.5) == WINDOW_SECONDS == 1.2
    assert window_moment(2.0) == 2.0
    assert window_moment(0.0) == 0.0


def test_srv_every_window_answer_is_published_the_same_moment_whatever_the_seat_holds(
) -> None:
    clock = FakeClock()

    async def scenario() -> list[tuple[float, bool, bool]]:
        service = MatchService(MemoryStore(), SearchingBots(clock), bot_delay=0.5)
        planner = service.commits.planner
        planner.bot_delay = 0.0  # moves outside windows at once: the test stays short
        planner.monotonic, planner.sleep = clock, clock.sleep
        published = Published(planner.commits, clock)
        planner.commits = published
        await service.start()
        try:
            created = await service.create_match(MatchRequest(
                game="vive_le_roi", players=3, seed=5,
                seats=tuple(SeatRequest("bot", None, "random") for _ in range(3))))
            await service.live(created.record.match_id)
            await until(lambda: sum(1 for _, w, _ in published.moves if w) >= 40)
        finally:
            await service.close()
        return published.moves

    moves = asyncio.run(scenario())
    waits = [(now - before, window, choice)
             for (before, _, _), (now, window, choice) in pairwise(moves)]
    in_windows = [(round(wait, 6), choice) for wait, window, choice in waits if window]
    assert {choice for _, choice in in_windows} == {True, False}, "both kinds of seat asked"
    assert {wait for wait, _ in in_windows} == {1.2}
    # Outside windows a bot's thinking shows as before (nothing is hidden there).
    assert {round(w, 6) for w, window, choice in waits if not window and choice} == {SEARCH}
