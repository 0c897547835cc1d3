"""What every back-end of :class:`~.protocol.MatchStore` shares about appending moves: one
append is a batch of one (:class:`BatchAppends`), and the one order in which an append is
refused (:func:`refusal`), so that the memory store of the tests and the SQL store answer a
stale, duplicate, closed or foreign-driven move alike, with the same words.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence

from .protocol import (
    ActionRecord,
    Append,
    DuplicateRequest,
    MatchClosed,
    MatchStatus,
    NotDriver,
    StorageError,
    VersionConflict,
)


def refusal(append: Append, *, version: int, status: MatchStatus, driver: str | None,
            sent_before: bool) -> StorageError | None:
    """Why ``append`` may not be stored in its match, which is at ``version`` with
    ``status`` and driven by ``driver``, its seat having ``sent_before`` the append's request
    id; None when it may. A closed match refuses first, then a request sent before (the
    answer a client's retry needs), then a version already taken, then a move by a process
    that does not drive the match (see :attr:`Append.driver`)."""
    match_id, action = append.match_id, append.action
    if status == "abandoned":
        return MatchClosed(f"match {match_id} was closed as abandoned")
    if sent_before:
        return DuplicateRequest(f"seat {action.seat} already sent request {action.request_id!r}")
    if version != action.version:
        return VersionConflict(f"match {match_id} is at version {version}, not {action.version}")
    if not moves_freely(append) and driver != append.driver:
        return NotDriver(f"match {match_id} is driven by process {driver}, not {append.driver}")
    return None


def moves_freely(append: Append) -> bool:
    """Whether ``append`` is stored whoever drives its match: a person's move, or one stored
    without naming a process."""
    return append.driver is None or append.action.mover == "seat"


class BatchAppends(abc.ABC):
    """A back-end that stores appends in batches (:meth:`append_actions`) and so stores one
    append (:meth:`append_action`) as a batch of one: the signature is written once."""

    @abc.abstractmethod
    def append_actions(self, appends: Sequence[Append]) -> list[StorageError | None]:
        """See :meth:`~.protocol.MatchStore.append_actions`."""

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
        """See :meth:`~.protocol.MatchStore.append_action`."""
        refused = self.append_actions([Append(match_id, action, status, turn_deadline,
                                              bank_left, driver)])[0]
        if refused is not None:
            raise refused
