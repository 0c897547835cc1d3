"""What a new match asks for (the seats, the options, the clock), the checks of a setup
before the server seats it, and the seats' names.

A name is plain text on one line that every client shows as it is: it is stored in Unicode's
NFC form with its ends trimmed and runs of spaces made one, it has 1 to :data:`MAX_NAME`
characters, and it may hold no control character, line or paragraph separator, bidi control
(which would turn the text around it, e.g. U+202E) or invisible space (U+200B, U+2060, U+FEFF):
such a name is refused, naming the character. Two seats of one table never share a name, compared
case-insensitively (:func:`name_key`).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence
from typing import Any, Literal

from ...i18n import DEFAULT_LANGUAGE, translate
from ..errors import ApiError
from ..storage import MatchRecord, SeatRecord
from ..workers.bots import SERVER_BOTS

MAX_NAME = 40
"""The longest seat name, in characters."""

HIDDEN = frozenset("\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061"
                   "\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff")
"""Characters a name may not hold besides the control characters and line and paragraph
separators: the bidi controls (marks, embeddings, overrides, isolates) and the invisible
spaces and joiners that would make two names look alike."""


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
    tutorial: bool = False
    """A tutorial match: started from the game's tutorial position (``tutorials.py``)."""
    chapter: int = 1
    """The chapter of a tutorial match (from 1)."""
    account_id: str | None = None
    """The creator's account, when he is signed in: his seat is bound to it."""
    creator: int | Literal["first"] | None = "first"
    """The human seat the creator takes (its token is his): the first human seat by default,
    None for none (he only sends the invitations)."""

    @property
    def people(self) -> int:
        """The people who may sit at the table: its human seats and its free ones."""
        return sum(1 for s in self.seats if s.kind in ("human", "open"))


@dataclasses.dataclass(frozen=True, slots=True)
class CreatedMatch:
    """A new match: its record and the secrets only ever returned here: the creator's seat's
    token, the invitation of each other human seat, and the spectator's token."""

    record: MatchRecord
    seat_tokens: dict[int, str]
    invitations: dict[int, str]
    spectator_token: str


def clean_name(raw: object) -> str:
    """The name as stored: NFC, ends trimmed, runs of white space made one space.

    Raises:
        ValueError: naming what is wrong (not a string, a control or bidi character, the
            length).
    """
    if not isinstance(raw, str):
        raise ValueError("a name must be a string")
    name = unicodedata.normalize("NFC", raw)
    for ch in name:
        if ch in HIDDEN or unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            raise ValueError(f"a name may not hold the control character U+{ord(ch):04X}; "
                             "a name is plain text on one line")
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"a name has 1 to {MAX_NAME} characters")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: case folded, in NFC (so "Zoé", "ZOÉ" and "zoe" with a
    combining accent are one name)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def taken_by(name: str, seats: Sequence[SeatRecord]) -> SeatRecord | None:
    """The seat, if any, whose name is ``name`` (free seats have none)."""
    key = name_key(name)
    return next((s for s in seats if s.kind != "open" and name_key(s.name) == key), None)


def default_name(language: str, seat: int) -> str:
    """The name of a person's seat created without one: "Player n" in the match's language
    (English for a language the catalogs do not have)."""
    try:
        return translate(language, "presentation.seat", n=seat + 1)
    except KeyError:
        return translate(DEFAULT_LANGUAGE, "presentation.seat", n=seat + 1)


def seat_names(request: MatchRequest) -> list[str]:
    """Each seat's name as stored: a person's (or "Player n" in the match's language), a
    bot's given one (or its spec), none for a free seat.

    Raises:
        ApiError: ``invalid_options`` (422): a name is not plain text of 1 to 40 characters,
            or two seats share one (a bot named by its spec alone shares it freely).
    """
    names: list[str] = []
    owners: dict[str, int] = {}
    for i, seat in enumerate(request.seats):
        try:
            name = clean_name(seat.name) if seat.name is not None else None
        except ValueError as err:
            raise ApiError("invalid_options", f"seat {i}: {err}", 422) from None
        if seat.kind == "human" and name is None:
            name = default_name(request.language, i)
        if name is None:
            names.append(seat.bot or "" if seat.kind == "bot" else "")
            continue
        names.append(name)
        other = owners.setdefault(name_key(name), i)
        if other != i:
            raise ApiError("invalid_options",
                           f"seat {i}'s name {name!r} is seat {other}'s already", 422)
    return names


def creator_seat(request: MatchRequest) -> int | None:
    """The seat the creator takes (None: he takes none)."""
    if request.creator != "first":
        return request.creator
    return next((i for i, s in enumerate(request.seats) if s.kind == "human"), None)


def host_seat(request: MatchRequest) -> int | None:
    """At an open table, the creator's seat."""
    if not any(s.kind == "open" for s in request.seats):
        return None
    return creator_seat(request)


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
    creator = creator_seat(request)
    if creator is not None and not (0 <= creator < len(request.seats)
                                    and request.seats[creator].kind == "human"):
        raise refuse(f"the creator's seat {creator} is not a human seat of the table")
    if any(s.kind == "open" for s in request.seats) and creator is None:
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
