"""The seam between the match service and the transport: "match M is now at version V".

The service publishes after every stored change; the websocket hub subscribes and pushes views.
:class:`LocalPubSub` delivers within one process; a second server process could join through
an implementation of :class:`PubSub` over a shared broker (PostgreSQL ``LISTEN/NOTIFY``, say)
without the service or the hub changing.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Protocol

Listener = Callable[[str, int], None]
"""Called with (match_id, version) on the event loop; must not block."""

log = logging.getLogger(__name__)


class PubSub(Protocol):
    """Publish match changes; subscribe to one match's changes."""

    def publish(self, match_id: str, version: int) -> None:
        """Tell every subscriber of ``match_id`` that it changed (now at ``version``)."""

    def subscribe(self, match_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` on every change of ``match_id``; returns the unsubscribe call."""

    def has_subscribers(self, match_id: str) -> bool:
        """Whether anyone in this process listens to ``match_id``."""


class LocalPubSub:
    """In-process delivery, synchronous and in publishing order."""

    def __init__(self) -> None:
        self._listeners: defaultdict[str, list[Listener]] = defaultdict(list)

    def publish(self, match_id: str, version: int) -> None:
        for listener in list(self._listeners.get(match_id, ())):
            try:
                listener(match_id, version)
            except Exception:
                log.exception("a listener of match %s failed", match_id)

    def has_subscribers(self, match_id: str) -> bool:
        return bool(self._listeners.get(match_id))

    def subscribe(self, match_id: str, listener: Listener) -> Callable[[], None]:
        self._listeners[match_id].append(listener)

        def unsubscribe() -> None:
            listeners = self._listeners.get(match_id)
            if listeners is not None and listener in listeners:
                listeners.remove(listener)
                if not listeners:
                    del self._listeners[match_id]

        return unsubscribe
