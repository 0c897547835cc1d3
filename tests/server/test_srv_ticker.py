"""A server's background ticker (the turn notices, the settling of finished matches, the
suspensions) always stops when the server does, even when its cancellation is lost."""

from __future__ import annotations

import asyncio

from sunking.server.ticker import Ticker


class Swallowing(Ticker):
    """A ticker whose work loses the first cancellation that reaches it, as Python 3.11's
    ``asyncio.wait_for`` can when its wait finishes at the moment it is cancelled."""

    def __init__(self) -> None:
        super().__init__("testing", every=0.01)
        self.ticks = 0
        self.busy = asyncio.Event()

    async def tick(self) -> None:
        self.ticks += 1
        self.busy.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            if self.ticks > 1:
                raise
            asyncio.current_task().uncancel()  # type: ignore[union-attr]


def test_srv_a_ticker_stops_when_its_cancellation_is_lost() -> None:
    async def run() -> int:
        ticker = Swallowing()
        ticker.start()
        await ticker.busy.wait()
        closing = asyncio.create_task(ticker.close())
        done, _ = await asyncio.wait({closing}, timeout=10)
        assert closing in done, "the ticker went on after it was closed"
        return ticker.ticks

    assert asyncio.run(run()) == 1


def test_srv_a_ticker_stops_when_woken_as_it_is_closed() -> None:
    """Closing a ticker just as it is woken ends it every time."""
    async def rounds() -> None:
        for _ in range(200):
            ticker = Ticker("testing", every=60.0)
            ticker.start()
            await asyncio.sleep(0)
            ticker.wake()
            await asyncio.wait_for(ticker.close(), 10)

    asyncio.run(rounds())
