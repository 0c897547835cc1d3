"""What the match service needs from storage, and the records it stores.

A match is stored as its setup (game, players, options, seed, seats, language, turn clock) and
its append-only action log. Appending is atomic and conditional on the version the action was
applied at: every match has at most one action per version, and at most one action per
``(seat, request_id)``, so a stale or duplicate append fails and changes nothing.

Several server processes may share one store. Each has a lease there (:meth:`MatchStore.
register_process`, renewed by :meth:`MatchStore.renew_process`), and each match names the
process that moves its bots and turn clocks, its ``driver``: the process that created it, or
stored a person's move in it last, or took it over (:meth:`MatchStore.claim_orphans`) when
its driver's lease ran out. A bot's, stand-in's or clock's move is stored only by the match's
driver.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, TypeAlias

SeatKind: TypeAlias = Literal["human", "bot", "open"]
"""A seat held by a person, by a bot, or still free at an open table."""
MatchStatus: TypeAlias = Literal["waiting", "active", "finished", "abandoned", "closed"]
"""An open table waits for players (it has free seats) until it starts; a match nobody
moved in for too long is closed as abandoned (its replay kept); a match started under rules
the server no longer plays may be closed by the operator as ``closed`` (its record, moves and
chat kept)."""
Gone: TypeAlias = Literal["resigned", "left"]
"""How a seat's person went before the end: he resigned, or he left (``docs/ratings.md``)."""
Mover: TypeAlias = Literal["seat", "bot", "stand_in", "clock"]
"""Who made a stored move: the seat's holder, the seat's bot, the stand-in bot of an away
seat, or the stand-in bot after the turn clock ran out."""


class StorageError(Exception):
    """Base of the errors a :class:`MatchStore` raises."""


class UnknownMatch(StorageError):
    """No match has that id."""


class VersionConflict(StorageError):
    """An action is already stored at that version of the match (a stale or raced append)."""


class DuplicateRequest(StorageError):
    """The seat already sent an action with that request id."""


class SeatTaken(StorageError):
    """A seat to fill is not free any more (another player took it, or the match started), or
    an invited seat was claimed already."""


class MatchClosed(StorageError):
    """The match was closed as abandoned: nothing more is stored in it."""


class NotDriver(StorageError):
    """A bot's, stand-in's or clock's move from a process that no longer drives the match
    (another process took it over)."""


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a match. Human seats have a token hash (none while an invited seat waits
    to be claimed); bot seats a bot spec."""

    seat: int
    kind: SeatKind
    name: str
    bot: str | None
    token_hash: str | None
    away: bool = False
    bank_left: float | None = None
    """Seconds left in the seat's time bank (None: the match has no time bank)."""
    invite_hash: str | None = None
    """The hash of the invitation that claims the seat (None: the seat was not offered by
    invitation). It stays after the claim, so that a second claim is told the seat is taken."""
    account_id: str | None = None
    """The account of the person who holds the seat, when he was signed in as he took it: he
    finds the match, and plays it, from any device where he is signed in."""
    gone: Gone | None = None
    """Whether the seat's person resigned or left (his turn clock ran out too often): the
    stand-in plays the seat on, and he ranks last in the rating update. Never undone."""

    @property
    def claimed(self) -> bool:
        """Whether a person holds the seat: a human seat with its token."""
        return self.kind == "human" and self.token_hash is not None


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRecord:
    """The setup of a match: everything but its actions."""

    match_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    language: str
    turn_clock_seconds: float | None
    spectator_hash: str
    created_at: float
    seats: tuple[SeatRecord, ...]
    host_seat: int | None = None
    """At an open table, the seat of its creator, who may start it before it is full."""
    hints: bool = False
    """Whether a seat may ask the AI for a hint (every seat, and everyone sees that it may)."""
    time_bank_seconds: float | None = None
    """Each human seat's time bank, spent when a move takes longer than the turn clock."""
    practice: bool = False
    """A practice match: its creator may have chosen the seed, so it is marked as such to
    everyone at the table and in the lists."""
    owner: str | None = None
    """Who created the match (the client address): bot moves are shared fairly among the
    owners (:class:`~sunking.server.workers.fair.FairQueue`), after a restart too."""
    rules_version: int = 1
    """The version of the game's rules the match was started under (``GameSpec.
    rules_version``); a match stored before versions were recorded is of version 1."""

    @property
    def waiting(self) -> bool:
        """Whether the match still has free seats (an open table that has not started)."""
        return any(s.kind == "open" for s in self.seats)


@dataclasses.dataclass(frozen=True, slots=True)
class ActionRecord:
    """One stored move: the action applied at ``version`` (the state version before it)."""

    version: int
    seat: int
    action: dict[str, Any]
    request_id: str | None
    mover: Mover
    created_at: float


@dataclasses.dataclass(frozen=True, slots=True)
class ChatRecord:
    """One table-chat message: the ``number``-th of its match (from 0), written by ``seat``
    to everyone (``to`` None) or to the seats of ``to`` only, while the match was at
    ``version``. A spectator's line has seat -1 and the name he wrote under (``author``);
    spectators and the seats that chose to hear them read it."""

    number: int
    seat: int
    to: tuple[int, ...] | None
    text: str
    version: int
    created_at: float
    author: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match as loaded from storage."""

    match: MatchRecord
    actions: tuple[ActionRecord, ...]
    status: MatchStatus
    turn_deadline: float | None
    """When the seat to move runs out of time (seconds since the epoch), if a clock runs."""
    driver: str | None = None
    """The process that moves the match's bots and clocks (None: none yet)."""

    @property
    def version(self) -> int:
        return len(self.actions)


@dataclasses.dataclass(frozen=True, slots=True)
class OldRules:
    """An unfinished match started under another version of its game's rules than the one
    the server plays."""

    match_id: str
    game: str
    rules_version: int
    status: MatchStatus


@dataclasses.dataclass(frozen=True, slots=True)
class Append:
    """One move to store: :meth:`MatchStore.append_action`'s arguments."""

    match_id: str
    action: ActionRecord
    status: MatchStatus
    turn_deadline: float | None
    bank_left: float | None = None
    driver: str | None = None
    """The process storing the move. A person's move (mover ``seat``) makes it the match's
    driver; any other move is stored only if it is the driver already (else
    :class:`NotDriver`). None: the driver is neither set nor checked."""


@dataclasses.dataclass(frozen=True, slots=True)
class TokenHolder:
    """Whom a token belongs to: a seat of a match, or its spectator (``seat`` None)."""

    match_id: str
    seat: int | None


class MatchStore(Protocol):
    """Storage of matches. Every method is synchronous and may block (call it off the loop).

    Implementations: :class:`~sunking.server.storage.memory.MemoryStore` (tests) and
    :class:`~sunking.server.storage.sql.SqlStore` (SQLite, PostgreSQL).
    """

    def create_match(self, match: MatchRecord, turn_deadline: float | None,
                     driver: str | None = None) -> None:
        """Store a new match with no actions, driven by process ``driver``.

        Raises:
            StorageError: a match with that id exists already.
        """

    def append_action(
        self,
        match_id: str,
        action: ActionRecord,
        *,
        status: MatchStatus,
        turn_deadline: float | None,
        bank_left: float | None = None,
        driver: str | None = None,
    ) -> None:
        """Append ``action`` at ``action.version`` and set the match's status and deadline
        (and, with ``bank_left``, the moving seat's time bank), atomically; ``driver`` is the
        process storing it (see :attr:`Append.driver`).

        Raises:
            UnknownMatch: no match has that id.
            VersionConflict: the match is not at ``action.version`` (an action is stored there).
            DuplicateRequest: the seat already sent an action with ``action.request_id``.
            NotDriver: a move not made by a person, from a process that does not drive the
                match.
            MatchClosed: the match was closed as abandoned.
        """

    def append_actions(self, appends: Sequence[Append]) -> list[StorageError | None]:
        """Store each append as :meth:`append_action` would, all in one transaction (one
        commit, so one write to disk for many moves). An append that is refused changes
        nothing and leaves the others stored; the answer holds, for each append in order,
        ``None`` (stored) or the refusal.

        Raises:
            Exception: the database failed (nothing of the batch was stored).
        """

    def load(self, match_id: str) -> StoredMatch:
        """Load a match with its whole action log.

        Raises:
            UnknownMatch: no match has that id.
        """

    def find_tokens(self, token_hashes: Iterable[str]) -> list[TokenHolder]:
        """Whom each known hash belongs to (unknown hashes are left out), in input order."""

    def account_seats(self, account_id: str, limit: int) -> list[TokenHolder]:
        """The seats of an account's person, in his newest ``limit`` matches first."""

    def forget_account(self, account_id: str, names: Mapping[str, str]) -> list[str]:
        """An account is deleted: its seats are held by nobody's account any more, each named
        by ``names`` in its match's language ("a former player"; English for a language not
        given), and their chat lines are emptied. Returns the ids of the matches changed."""

    def claim_seat(self, match_id: str, seat: SeatRecord) -> None:
        """Store ``seat``'s token hash, name and account if that invited seat is still
        unclaimed.

        Raises:
            UnknownMatch: no match has that id.
            MatchClosed: the match was closed as abandoned.
            SeatTaken: the seat was claimed already (or is not an invited seat).
        """

    def set_away(self, match_id: str, seat: int, away: bool, driver: str | None = None, *,
                 gone: Gone | None = None) -> None:
        """Mark a seat away (its holder left) or back; with ``driver``, that process now
        drives the match (its stand-in plays there); with ``gone``, its person resigned or
        left for good.

        Raises:
            UnknownMatch: no match has that id or no such seat.
        """

    def set_deadline(self, match_id: str, turn_deadline: float | None) -> None:
        """Set when the seat to move runs out of time (None: no clock running).

        Raises:
            UnknownMatch: no match has that id.
        """

    def active_match_ids(self) -> Sequence[str]:
        """The ids of every match that is being played (started, not finished)."""

    def fill_seats(
        self,
        match_id: str,
        seats: Sequence[SeatRecord],
        *,
        status: MatchStatus,
        turn_deadline: float | None,
        driver: str | None = None,
        seed: int | None = None,
    ) -> None:
        """Give free seats to people or bots and set the match's status and deadline (and,
        with ``driver``, the process that drives it; with ``seed``, the match's seed: an open
        table is dealt when it starts), atomically.

        Raises:
            UnknownMatch: no match has that id.
            SeatTaken: one of ``seats`` is not free (nothing is changed).
            MatchClosed: the table was closed as abandoned (nothing is changed).
        """

    def open_match_ids(self, limit: int) -> Sequence[str]:
        """The ids of the newest ``limit`` matches that wait for players."""

    def append_chat(self, match_id: str, message: ChatRecord) -> None:
        """Store a chat message under its number.

        Raises:
            UnknownMatch: no match has that id.
            VersionConflict: a message with that number is stored already.
        """

    def load_chat(self, match_id: str) -> tuple[ChatRecord, ...]:
        """Every chat message of a match, by number (empty for an unknown match)."""

    def save_replay(self, match_id: str, frames: bytes) -> None:
        """Keep a finished match's replay (``frames``: compressed JSON), replacing any kept
        before.

        Raises:
            UnknownMatch: no match has that id.
        """

    def load_replay(self, match_id: str) -> bytes | None:
        """The replay kept by :meth:`save_replay` (None: none was kept)."""

    def register_process(self, process_id: str, ttl: float, about: str) -> None:
        """Give server process ``process_id`` a lease of ``ttl`` seconds (``about``: its host
        and pid, for operators)."""

    def renew_process(self, process_id: str, ttl: float) -> None:
        """Extend the process's lease to ``ttl`` seconds from now (registering it again if its
        row was removed)."""

    def retire_process(self, process_id: str) -> None:
        """The process stops: its matches have no driver (another process claims them at
        once) and its lease is gone."""

    def claim_orphans(self, process_id: str, limit: int) -> list[str]:
        """Make ``process_id`` the driver of at most ``limit`` active matches whose driver is
        none or a process whose lease ran out, each only if no other process claimed it
        first; returns their ids."""

    def match_versions(self, match_ids: Iterable[str]) -> dict[str, int]:
        """The stored version of each known match of ``match_ids``."""

    def abandon_matches(self, before: float, limit: int) -> list[str]:
        """Close as abandoned at most ``limit`` matches, waiting or active, in which no person
        has moved since ``before`` (seconds since the epoch; a match nobody moved in counts
        from its creation): their status becomes ``abandoned``, their clock and driver are
        cleared and their chat deleted; their setup, seats and moves are kept (the replay).
        Returns their ids."""

    def old_rules(self, versions: Mapping[str, int]) -> list[OldRules]:
        """The unfinished matches (waiting or active) of the games of ``versions`` (game id:
        the rules version the server plays) stored under another version, oldest first."""

    def close_old_rules(self, match_ids: Iterable[str]) -> list[str]:
        """Close the matches of ``match_ids`` that are still waiting or active: their status
        becomes ``closed``, their clock and driver are cleared; their setup, seats, moves and
        chat are kept. Returns the ids closed."""

    def close(self) -> None:
        """Release connections."""


def replace_seat(match: MatchRecord, seat: SeatRecord) -> MatchRecord:
    """``match`` with the record of ``seat.seat`` replaced by ``seat``."""
    seats = list(match.seats)
    seats[seat.seat] = seat
    return dataclasses.replace(match, seats=tuple(seats))
