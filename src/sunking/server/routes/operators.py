"""What an operator's load balancer and monitor ask (``docs/server.md``):

- ``GET /healthz``: the process is up and its event loop answers (nothing else is asked);
- ``GET /readyz``: the database answers a read within :data:`READY_SECONDS` (503
  ``unavailable`` when it does not, or fails);
- ``GET /metrics``: the metrics of :mod:`..metrics` in Prometheus's text format, only to the
  client addresses of ``SUNKING_METRICS_FROM`` (this machine's by default; 403 ``forbidden``
  to others).

None of them is in the OpenAPI schema of the players' API.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from ..errors import forbidden, unavailable
from ..storage import MatchStore

READY_SECONDS = 2.0
"""How long ``/readyz`` waits for the database before it answers 503."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
AddressCheck = Callable[[str | None], bool]


def address_check(spec: str) -> AddressCheck:
    """Whether a client address may read the metrics: ``spec`` is a comma-separated list of
    addresses and networks (``127.0.0.0/8,::1``, ``10.1.2.3``), ``any`` (every address) or
    ``off`` (none).

    Raises:
        ValueError: an entry is not an address or a network.
    """
    words = [w.strip() for w in spec.split(",") if w.strip()]
    if words == ["any"]:
        return lambda _address: True
    networks: list[Network] = []
    for word in [] if words in ([], ["off"]) else words:
        try:
            networks.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            raise ValueError(f"SUNKING_METRICS_FROM: {word!r} is not an address or a "
                             "network") from None

    def allowed(address: str | None) -> bool:
        try:
            ip = ipaddress.ip_address(address or "")
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return allowed


def store_probe(store: MatchStore) -> Callable[[], None]:
    """A read of one row through the store's own interface (the newest open table)."""

    def probe() -> None:
        store.open_match_ids(1)

    return probe


class Readiness:
    """Whether the database answers: at most one probe runs at a time (in a thread), and
    every request waits at most :data:`READY_SECONDS` for it."""

    def __init__(self, probe: Callable[[], None]) -> None:
        self.probe = probe
        self._running: asyncio.Future[None] | None = None

    async def problem(self) -> str | None:
        """What is wrong with the database (``None``: it answered)."""
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(asyncio.to_thread(self.probe))
        try:
            await asyncio.wait_for(asyncio.shield(self._running), READY_SECONDS)
        except TimeoutError:
            return f"the database did not answer within {READY_SECONDS:g} s"
        except Exception as err:  # whatever the driver raises, the answer is "not ready"
            return f"the database failed: {type(err).__name__}"
        return None


router = APIRouter()


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, Any]:
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> dict[str, Any]:
    readiness: Readiness = request.app.state.readiness
    problem = await readiness.problem()
    if problem is not None:
        raise unavailable(problem)
    return {"status": "ready"}


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    allowed: AddressCheck = request.app.state.metrics_from
    if not allowed(request.client.host if request.client else None):
        raise forbidden("the metrics are served only to the addresses of "
                        "SUNKING_METRICS_FROM")
    registry: CollectorRegistry = request.app.state.metrics
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)
