"""What a new match asks for (the seats, the options, the clock) and the checks of a setup
before the server seats it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..errors import ApiError
from ..storage import MatchRecord
from ..workers.bots import SERVER_BOTS


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRequest:
    """One seat asked for at creation: a human (with a name) or a bot (with a spec)."""

    kind: str
    name: str | None = None
    bot: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRequest:
    """What ``POST /api/matches`` asks for (already parsed)."""

    game: str
    players: int
    seats: tuple[SeatRequest, ...]
    language: str = "en"
    seed: int | None = None
    turn_clock_seconds: float | None = None
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    owner: str | None = None
    """Who asked (the client address): bot moves are shared fairly among owners."""
    hints: bool = False
    time_bank_seconds: float | None = None
    practice: bool = False
    """A practice match, marked as such to everyone: only there may the creator choose the
    seed when more than one person sits at the table."""

    @property
    def people(self) -> int:
        """The people who may sit at the table: its human seats and its free ones."""
        return sum(1 for s in self.seats if s.kind in ("human", "open"))


@dataclasses.dataclass(frozen=True, slots=True)
class CreatedMatch:
    """A new match: its record and the secret tokens (only ever returned here)."""

    record: MatchRecord
    seat_tokens: dict[int, str]
    spectator_token: str


def host_seat(request: MatchRequest) -> int | None:
    """At an open table, the creator's seat: the first human seat."""
    if not any(s.kind == "open" for s in request.seats):
        return None
    return next(i for i, s in enumerate(request.seats) if s.kind == "human")


def check_setup(request: MatchRequest, languages: Sequence[str] | None) -> None:
    """Refuse a setup the server cannot seat.

    Raises:
        ApiError: ``invalid_options`` (422) naming what is wrong.
    """
    def refuse(message: str) -> ApiError:
        return ApiError("invalid_options", message, 422)

    if len(request.seats) != request.players:
        raise refuse(f"{request.players} players need {request.players} seats, "
                     f"not {len(request.seats)}")
    for i, seat in enumerate(request.seats):
        if seat.kind == "human":
            if seat.bot is not None:
                raise refuse(f"seat {i} is human and cannot have a bot")
        elif seat.kind == "bot":
            if seat.bot not in SERVER_BOTS:
                raise refuse(f"seat {i}: bot {seat.bot!r} is not one of "
                             f"{', '.join(SERVER_BOTS)}")
        elif seat.kind == "open":
            if seat.bot is not None or seat.name is not None:
                raise refuse(f"seat {i} is free: the player who takes it names it")
        else:
            raise refuse(f"seat {i}: kind {seat.kind!r} is not 'human', 'bot' or 'open'")
        if seat.name is not None and not 1 <= len(seat.name.strip()) <= 40:
            raise refuse(f"seat {i}: a name has 1 to 40 characters")
    kinds = {seat.kind for seat in request.seats}
    if "open" in kinds and "human" not in kinds:
        raise refuse("an open table needs a human seat for its creator")
    if languages is not None and request.language not in languages:
        raise refuse(f"language {request.language!r} is not one of "
                     f"{', '.join(languages)}")
    clock = request.turn_clock_seconds
    if clock is not None and not 0 < clock <= 7 * 24 * 3600:
        raise refuse("turn_clock_seconds must be positive and at most a week, or null")
    bank = request.time_bank_seconds
    if bank is not None and (clock is None or not 0 < bank <= 7 * 24 * 3600):
        raise refuse("time_bank_seconds needs a turn clock and must be positive and at most "
                     "a week, or null")
    if request.seed is not None and not request.practice and request.people > 1:
        # The seed alone gives every hand: whoever chose it would know the others' cards.
        raise refuse("a seed may be chosen only for a practice match (\"practice\": true) "
                     "when more than one person can sit at the table")
