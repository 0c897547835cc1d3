"""The event log: what happened, step by step, and who may see each entry.

Events are small JSON dicts. Each carries an audience: ``None`` for everybody, or the one seat
that may see it (a card drawn into a hand, say). The log is kept as a persistent linked chain so
that applying an action never copies the whole log.
"""

from __future__ import annotations

from typing import Any, TypeAlias

Event: TypeAlias = tuple[int | None, dict[str, Any]]
"""One log entry: (audience seat or None for public, payload)."""

Emit: TypeAlias = list[Event] | None
"""Where the rules append the events of one action; None in a quiet state (search)."""

EventChain: TypeAlias = tuple[Any, int, tuple[Event, ...]] | None
"""(previous chain, version that produced these events, events) or None when empty."""


def public(payload: dict[str, Any]) -> Event:
    """An event everybody may see."""
    return (None, payload)


def private(seat: int, payload: dict[str, Any]) -> Event:
    """An event only ``seat`` may see."""
    return (seat, payload)


def say(emit: Emit, event: str, **fields: Any) -> None:
    """Log a public event of type ``event``."""
    if emit is not None:
        fields["type"] = event
        emit.append((None, fields))


def tell(emit: Emit, audience: int, event: str, **fields: Any) -> None:
    """Log an event of type ``event`` only the seat ``audience`` may see."""
    if emit is not None:
        fields["type"] = event
        emit.append((audience, fields))


def events_for(
    chain: EventChain, seat: int | None, everything: bool = False, since: int | None = None
) -> list[dict[str, Any]]:
    """Flatten ``chain`` into the payloads ``seat`` may see, oldest first.

    Each returned payload is a new dict with ``version`` (the state version the event led to)
    and, for private events, ``private_to``. With ``since``, only the events of the versions
    after ``since`` are returned, and the chain is walked back no further than that.
    """
    batches: list[tuple[int, tuple[Event, ...]]] = []
    node = chain
    while node is not None:
        node, version, batch = node
        if since is not None and version <= since:
            break
        batches.append((version, batch))
    out: list[dict[str, Any]] = []
    for version, batch in reversed(batches):
        for audience, payload in batch:
            if audience is None or everything or audience == seat:
                entry = dict(payload)
                entry["version"] = version
                if audience is not None:
                    entry["private_to"] = audience
                out.append(entry)
    return out


def chain_from(entries: list[dict[str, Any]]) -> EventChain:
    """Rebuild a chain from :func:`events_for` output taken with ``everything=True``."""
    chain: EventChain = None
    batch: list[Event] = []
    current: int | None = None
    for entry in entries:
        payload = dict(entry)
        version = int(payload.pop("version"))
        audience = payload.pop("private_to", None)
        if current is not None and version != current:
            chain = (chain, current, tuple(batch))
            batch = []
        current = version
        batch.append((audience, payload))
    if current is not None:
        chain = (chain, current, tuple(batch))
    return chain
