"""The server's metrics for operators, in Prometheus's text format (prometheus-client), served
at ``/metrics`` (:mod:`.routes.operators`) and documented in ``docs/server.md``.

- ``sunking_moves_total{mover}``: moves stored by this process, by who made them (``seat``,
  ``bot``, ``stand_in``, ``clock``);
- ``sunking_move_seconds``: a seat's move, from its arrival (over REST or a websocket) until
  it is stored, applied and published, or refused (a histogram);
- ``sunking_errors_total{code}``: refusals and faults answered, by wire code (``malformed``,
  ``rate_limited``, ``unavailable``, …);
- ``sunking_connections_refused_total{reason}``: connections closed at once because their
  address (``address``, ``sockets``) or the process (``process``) had as many as it may
  (:mod:`.connections`);
- ``sunking_live_matches``: the matches this process holds in memory;
- ``sunking_bot_queue``: bot moves waiting for a bot worker (the fair queue);
- the process's own (``process_open_fds``, ``process_resident_memory_bytes``, …).

The counters and the histogram are the process's; each application reads its own match
service for the gauges.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

MOVES = Counter("sunking_moves", "Moves stored, by who made them.", ["mover"], registry=None)
MOVE_SECONDS = Histogram(
    "sunking_move_seconds",
    "A seat's move from its arrival until it is stored, applied and published (or refused).",
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1.0, 2.5, 5.0), registry=None)
ERRORS = Counter("sunking_errors", "Refusals and faults answered, by wire code.", ["code"],
                 registry=None)
CONNECTIONS_REFUSED = Counter(
    "sunking_connections_refused",
    "Connections closed at once: their address, or the process, had as many as it may.",
    ["reason"], registry=None)


class ServiceGauges(Collector):
    """The gauges of a match service, read when the metrics are asked for: how many matches
    it holds in memory (``live_matches``) and how many bot moves wait (``bot_queue``)."""

    def __init__(self, live_matches: Callable[[], int], bot_queue: Callable[[], int]) -> None:
        self.live_matches = live_matches
        self.bot_queue = bot_queue

    def collect(self) -> Iterable[Metric]:
        yield GaugeMetricFamily("sunking_live_matches", "Matches held in memory.",
                                value=self.live_matches())
        yield GaugeMetricFamily("sunking_bot_queue",
                                "Bot moves waiting for a bot worker (the fair queue).",
                                value=self.bot_queue())


def registry_of(gauges: ServiceGauges) -> CollectorRegistry:
    """The metrics of an application: the process's counters, its service's gauges and the
    process's own figures."""
    registry = CollectorRegistry()
    for collector in (MOVES, MOVE_SECONDS, ERRORS, CONNECTIONS_REFUSED):
        registry.register(collector)
    registry.register(gauges)
    ProcessCollector(registry=registry)
    return registry
