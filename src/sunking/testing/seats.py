"""Seating a test's or a benchmark's match the way its people would: the creator keeps the
token of his own seat, and every other human seat is claimed through its invitation
(``POST /api/matches/<id>/claim``), each claim answered with that seat's token only."""

from __future__ import annotations

from typing import Any, Protocol


class Client(Protocol):
    """What is used of an HTTP client (``httpx.Client``, Starlette's ``TestClient``)."""

    def post(self, url: str, *, json: Any = None) -> Any: ...


def seat_tokens(client: Client, created: dict[str, Any]) -> dict[int, str]:
    """Every human seat's token of the match ``POST /api/matches`` answered with ``created``:
    the creator's, and each invited seat's, claimed through its invitation.

    Raises:
        httpx.HTTPStatusError: a claim was refused.
    """
    tokens = {int(s["seat"]): str(s["token"]) for s in created["seats"] if "token" in s}
    for seat in created["seats"]:
        if "invitation" in seat:
            answer = client.post(f"/api/matches/{created['match_id']}/claim",
                                 json={"invitation": seat["invitation"]})
            answer.raise_for_status()
            tokens[int(seat["seat"])] = str(answer.json()["token"])
    return tokens
