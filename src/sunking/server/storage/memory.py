"""An in-memory :class:`~sunking.server.storage.protocol.MatchStore` for unit tests."""

from __future__ import annotations

import copy
import dataclasses
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence

from .appends import BatchAppends, refusal
from .protocol import (
    ActionRecord,
    Append,
    ChatRecord,
    Gone,
    MatchClosed,
    MatchRecord,
    MatchStatus,
    OldRules,
    SeatRecord,
    SeatTaken,
    StorageError,
    StoredMatch,
    TokenHolder,
    UnknownMatch,
    VersionConflict,
    replace_seat,
)


@dataclasses.dataclass
class _Entry:
    match: MatchRecord
    actions: list[ActionRecord]
    status: MatchStatus
    turn_deadline: float | None
    chat: list[ChatRecord] = dataclasses.field(default_factory=list)
    driver: str | None = None
    replay: bytes | None = None
    person_at: float = 0.0
    """When a person last moved (the match's creation if nobody has)."""


class MemoryStore(BatchAppends):
    """Keeps matches in a dict; thread-safe, with the same checks as the SQL store. Leases
    are read on ``clock`` (seconds)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._matches: dict[str, _Entry] = {}
        self._lock = threading.Lock()
        self._clock = clock
        self._leases: dict[str, float] = {}
        """When each process's lease runs out."""

    def create_match(self, match: MatchRecord, turn_deadline: float | None,
                     driver: str | None = None) -> None:
        with self._lock:
            if match.match_id in self._matches:
                raise StorageError(f"match {match.match_id} exists already")
            status: MatchStatus = "waiting" if match.waiting else "active"
            self._matches[match.match_id] = _Entry(match, [], status, turn_deadline,
                                                   driver=driver, person_at=match.created_at)

    def append_actions(self, appends: Sequence[Append]) -> list[StorageError | None]:
        with self._lock:
            return [self._append(append) for append in appends]

    def _append(self, append: Append) -> StorageError | None:
        entry = self._matches.get(append.match_id)
        if entry is None:
            return UnknownMatch(f"no match {append.match_id!r}")
        action = append.action
        refused = refusal(append, version=len(entry.actions), status=entry.status,
                          driver=entry.driver, sent_before=action.request_id is not None and any(
                              a.seat == action.seat and a.request_id == action.request_id
                              for a in entry.actions))
        if refused is not None:
            return refused
        if append.driver is not None:
            entry.driver = append.driver
        if action.mover == "seat":
            entry.person_at = action.created_at
        entry.actions.append(copy.deepcopy(action))
        entry.status = append.status
        entry.turn_deadline = append.turn_deadline
        if append.bank_left is not None:
            seat = entry.match.seats[action.seat]
            entry.match = replace_seat(entry.match,
                                       dataclasses.replace(seat, bank_left=append.bank_left))
        return None

    def load(self, match_id: str) -> StoredMatch:
        with self._lock:
            entry = self._entry(match_id)
            return StoredMatch(
                entry.match, tuple(copy.deepcopy(entry.actions)), entry.status,
                entry.turn_deadline, entry.driver,
            )

    def save_replay(self, match_id: str, frames: bytes) -> None:
        with self._lock:
            self._entry(match_id).replay = bytes(frames)

    def load_replay(self, match_id: str) -> bytes | None:
        with self._lock:
            entry = self._matches.get(match_id)
            return None if entry is None else entry.replay

    def find_tokens(self, token_hashes: Iterable[str]) -> list[TokenHolder]:
        with self._lock:
            out: list[TokenHolder] = []
            for digest in token_hashes:
                for entry in self._matches.values():
                    if entry.match.spectator_hash == digest:
                        out.append(TokenHolder(entry.match.match_id, None))
                    out.extend(
                        TokenHolder(entry.match.match_id, s.seat)
                        for s in entry.match.seats
                        if s.token_hash == digest
                    )
            return out

    def set_away(self, match_id: str, seat: int, away: bool, driver: str | None = None, *,
                 gone: Gone | None = None) -> None:
        with self._lock:
            entry = self._entry(match_id)
            if not 0 <= seat < len(entry.match.seats):
                raise UnknownMatch(f"match {match_id} has no seat {seat}")
            if driver is not None:
                entry.driver = driver
            held = entry.match.seats[seat]
            entry.match = replace_seat(
                entry.match, dataclasses.replace(held, away=away, gone=gone or held.gone))

    def set_deadline(self, match_id: str, turn_deadline: float | None) -> None:
        with self._lock:
            self._entry(match_id).turn_deadline = turn_deadline

    def active_match_ids(self) -> Sequence[str]:
        with self._lock:
            return [k for k, e in self._matches.items() if e.status == "active"]

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
        with self._lock:
            entry = self._entry(match_id)
            if entry.status == "abandoned":
                raise MatchClosed(f"match {match_id} was closed as abandoned")
            now = list(entry.match.seats)
            for seat in seats:
                if not 0 <= seat.seat < len(now) or now[seat.seat].kind != "open":
                    raise SeatTaken(f"match {match_id}: seat {seat.seat} is not free")
            for seat in seats:
                now[seat.seat] = seat
            entry.match = dataclasses.replace(
                entry.match, seats=tuple(now),
                seed=entry.match.seed if seed is None else seed)
            entry.status = status
            entry.turn_deadline = turn_deadline
            entry.driver = driver or entry.driver

    def claim_seat(self, match_id: str, seat: SeatRecord) -> None:
        with self._lock:
            entry = self._entry(match_id)
            if entry.status == "abandoned":
                raise MatchClosed(f"match {match_id} was closed as abandoned")
            now = list(entry.match.seats)
            held = now[seat.seat] if 0 <= seat.seat < len(now) else None
            if (held is None or held.kind != "human" or held.token_hash is not None
                    or held.invite_hash != seat.invite_hash):
                raise SeatTaken(f"match {match_id}: seat {seat.seat} was claimed already")
            now[seat.seat] = dataclasses.replace(held, token_hash=seat.token_hash,
                                                 name=seat.name, account_id=seat.account_id)
            entry.match = dataclasses.replace(entry.match, seats=tuple(now))

    def account_seats(self, account_id: str, limit: int) -> list[TokenHolder]:
        with self._lock:
            entries = sorted(self._matches.values(), key=lambda e: e.match.created_at,
                             reverse=True)
            held = [TokenHolder(e.match.match_id, s.seat) for e in entries
                    for s in e.match.seats if s.account_id == account_id]
            return held[:limit]

    def forget_account(self, account_id: str, names: Mapping[str, str]) -> list[str]:
        changed = []
        with self._lock:
            for entry in self._matches.values():
                seats = list(entry.match.seats)
                name = names.get(entry.match.language, names["en"])
                for i, seat in enumerate(seats):
                    if seat.account_id != account_id:
                        continue
                    changed.append(entry.match.match_id)
                    seats[i] = dataclasses.replace(seat, account_id=None, name=name)
                    entry.chat = [dataclasses.replace(m, text="") if m.seat == i else m
                                  for m in entry.chat]
                entry.match = dataclasses.replace(entry.match, seats=tuple(seats))
        return list(dict.fromkeys(changed))

    def open_match_ids(self, limit: int) -> Sequence[str]:
        with self._lock:
            waiting = [e.match for e in self._matches.values() if e.status == "waiting"]
            waiting.sort(key=lambda m: m.created_at, reverse=True)
            return [m.match_id for m in waiting[:limit]]

    def append_chat(self, match_id: str, message: ChatRecord) -> None:
        with self._lock:
            entry = self._entry(match_id)
            if message.number != len(entry.chat):
                raise VersionConflict(
                    f"match {match_id} has {len(entry.chat)} chat messages, so the next is "
                    f"number {len(entry.chat)}, not {message.number}"
                )
            entry.chat.append(message)

    def load_chat(self, match_id: str) -> tuple[ChatRecord, ...]:
        with self._lock:
            entry = self._matches.get(match_id)
            return () if entry is None else tuple(entry.chat)

    def register_process(self, process_id: str, ttl: float, about: str) -> None:
        with self._lock:
            self._leases[process_id] = self._clock() + ttl

    def renew_process(self, process_id: str, ttl: float) -> None:
        self.register_process(process_id, ttl, "")

    def retire_process(self, process_id: str) -> None:
        with self._lock:
            self._leases.pop(process_id, None)
            for entry in self._matches.values():
                if entry.driver == process_id:
                    entry.driver = None

    def claim_orphans(self, process_id: str, limit: int) -> list[str]:
        with self._lock:
            now = self._clock()
            claimed: list[str] = []
            for match_id, entry in self._matches.items():
                if len(claimed) >= limit:
                    break
                if entry.status == "active" and (
                        entry.driver is None or self._leases.get(entry.driver, 0.0) <= now):
                    entry.driver = process_id
                    claimed.append(match_id)
            return claimed

    def match_versions(self, match_ids: Iterable[str]) -> dict[str, int]:
        with self._lock:
            return {m: len(self._matches[m].actions) for m in match_ids
                    if m in self._matches}

    def abandon_matches(self, before: float, limit: int) -> list[str]:
        with self._lock:
            closed = sorted(m for m, e in self._matches.items()
                            if e.status in ("waiting", "active") and e.person_at < before)
            for match_id in closed[:limit]:
                entry = self._matches[match_id]
                entry.status, entry.turn_deadline, entry.driver = "abandoned", None, None
                entry.chat = []
            return closed[:limit]

    def old_rules(self, versions: Mapping[str, int]) -> list[OldRules]:
        with self._lock:
            return [OldRules(m, e.match.game, e.match.rules_version, e.status)
                    for m, e in sorted(self._matches.items(),
                                       key=lambda item: (item[1].match.created_at, item[0]))
                    if e.status in ("waiting", "active") and e.match.game in versions
                    and e.match.rules_version != versions[e.match.game]]

    def close_old_rules(self, match_ids: Iterable[str]) -> list[str]:
        with self._lock:
            closed = sorted(m for m in set(match_ids) if m in self._matches
                            and self._matches[m].status in ("waiting", "active"))
            for match_id in closed:
                entry = self._matches[match_id]
                entry.status, entry.turn_deadline, entry.driver = "closed", None, None
            return closed

    def close(self) -> None:
        """Nothing to release."""

    def _entry(self, match_id: str) -> _Entry:
        entry = self._matches.get(match_id)
        if entry is None:
            raise UnknownMatch(f"no match {match_id!r}")
        return entry
