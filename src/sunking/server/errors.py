"""Errors the server answers with: a stable wire code, an HTTP status and a message.

Every refused request changes nothing and is answered with
``{"error": {"code": ..., "message": ...}}`` (see ``docs/web-api.md``). The core's
:class:`~sunking.core.errors.RulesError` subclasses map to wire codes here, so the HTTP and
websocket layers never look at a game.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import (
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    RulesError,
    RulesVersionMismatch,
    StaleAction,
    UnknownGame,
)

RULES_CODES: tuple[tuple[type[RulesError], str, int], ...] = (
    (InvalidAction, "invalid_action", 422),
    (IllegalAction, "illegal_action", 409),
    (NotYourTurn, "not_your_turn", 409),
    (GameOver, "game_over", 409),
    (StaleAction, "stale_action", 409),
    (InvalidOptions, "invalid_options", 422),
    (UnknownGame, "unknown_game", 422),
)
"""The wire code and HTTP status of each core error."""

MAX_MESSAGE = 300
"""The longest error message sent: a message naming a huge input is cut, never echoed whole."""


class ApiError(Exception):
    """A refusal to send to the client: ``code`` (stable), ``status`` (HTTP) and a message."""

    def __init__(self, code: str, message: str, status: int) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after: int | None = None
        """Seconds to wait before trying again (``rate_limited``), sent as ``Retry-After``."""
        self.details: dict[str, Any] | None = None
        """What a client words the refusal with (the game and versions of ``rules_version``)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        if self.details is not None:
            out["details"] = self.details
        return out

    @classmethod
    def from_rules(cls, error: RulesError) -> ApiError:
        """The wire form of a core error (``illegal_action`` for an unlisted subclass)."""
        for kind, code, status in RULES_CODES:
            if isinstance(error, kind):
                return cls(code, str(error), status)
        return cls("illegal_action", str(error), 409)


def malformed(message: str) -> ApiError:
    """The request body or message is not what the call takes (422)."""
    return ApiError("malformed", message, 422)


def missing_token() -> ApiError:
    return ApiError("missing_token", "this call needs the seat's or spectator's token", 401)


def bad_token() -> ApiError:
    return ApiError("bad_token", "the token is not a seat or spectator token of this match", 403)


def forbidden(message: str) -> ApiError:
    return ApiError("forbidden", message, 403)


def unknown_match(match_id: str) -> ApiError:
    return ApiError("unknown_match", f"no match {match_id!r}", 404)


def unavailable(message: str) -> ApiError:
    """A passing fault on the server's side (the database): try again shortly (503)."""
    error = ApiError("unavailable", message, 503)
    error.retry_after = 1
    return error


def disk_full() -> ApiError:
    """The database's disk is full (503): an operator must make room; nothing was stored."""
    error = ApiError("disk_full", "the server's disk is full; nothing was stored", 503)
    error.retry_after = 60
    return error


def read_only() -> ApiError:
    """The database may not be written (503): an operator must mend it; nothing was stored."""
    error = ApiError("read_only", "the server's database is read-only; nothing was stored", 503)
    error.retry_after = 60
    return error


DISK_FULL_STATES = frozenset({"SQLITE_FULL", "53100"})
"""SQLite's error name and PostgreSQL's SQLSTATE (``disk_full``) for a full disk."""
READ_ONLY_STATES = ("SQLITE_READONLY", "25006")
"""The beginnings of SQLite's error names for a database it may not write
(``SQLITE_READONLY``, ``SQLITE_READONLY_DIRECTORY``, …) and PostgreSQL's SQLSTATE
``read_only_sql_transaction`` (a standby, or ``default_transaction_read_only``)."""


def storage_fault(error: Exception) -> ApiError:
    """The 503 answer to a database error: ``disk_full`` and ``read_only`` say what an operator
    must mend (retry in a minute), anything else is ``unavailable`` (retry in a second).

    ``error`` is SQLAlchemy's wrapper of the driver's error; the driver's own is read by its
    SQLite error name (``sqlite_errorname``) or PostgreSQL SQLSTATE (``sqlstate``), else by its
    text.
    """
    orig = getattr(error, "orig", None) or error
    state = str(getattr(orig, "sqlite_errorname", None) or getattr(orig, "sqlstate", None))
    text = str(orig).lower()
    if state in DISK_FULL_STATES or "database or disk is full" in text:
        return disk_full()
    if state.startswith(READ_ONLY_STATES) or "readonly database" in text:
        return read_only()
    return unavailable("the database is busy; try again")


def catching_breath(cause: Exception | None = None) -> ApiError:
    """The match's moves cannot be stored just now (the database failed or is locked): the
    move was not made; its bots and clocks carry on once the database answers (503). A
    ``cause`` that an operator must mend (:func:`storage_fault`: a full disk, a read-only
    database) is named instead."""
    if cause is not None and (fault := storage_fault(cause)).code != "unavailable":
        return fault
    error = ApiError("catching_breath", "the table is catching its breath: moves cannot be "
                     "stored just now; nothing was done, try again in a moment", 503)
    error.retry_after = 1
    return error


def match_closed(match_id: str) -> ApiError:
    """The match was closed as abandoned (409): its replay is kept, nothing more is played."""
    return ApiError("abandoned", f"match {match_id} was closed as abandoned: no person moved "
                    "in it for too long; its replay is kept", 409)


def old_rules(error: RulesVersionMismatch, closed: bool) -> ApiError:
    """The match was started under another version of its game's rules than this server plays
    (409, the core's ``record/rules_version``): ``rules_changed`` if the operator closed it,
    else ``rules_version`` (it is kept as it was, finished or not, and never replayed under
    other rules). ``details`` names the game and both versions."""
    code = "rules_changed" if closed else "rules_version"
    message = f"{error}; the operator closed the match" if closed else \
        f"{error}; the match is kept as it was"
    refusal = ApiError(code, message, 409)
    refusal.details = {"game": error.game, "recorded": error.recorded, "engine": error.engine}
    return refusal


def suspended(reason: str) -> ApiError:
    """The account is suspended by the operators (403), with their reason."""
    return ApiError("suspended", f"your account is suspended: {reason}", 403)


def not_started() -> ApiError:
    return ApiError("not_started", "the match waits for players and has not started", 409)
