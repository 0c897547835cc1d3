"""What the OpenAPI schema says of each operation besides its body (:mod:`.schemas`): every
status it answers with (:func:`answers`: the error body ``{"error": {"code", "message"}}``
and the codes each status stands for) and the query parameters the routes read themselves
(:func:`query`). The schema is served with ``SUNKING_API_DOCS=1`` (``docs/web-api.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

ERROR_BODY: dict[str, Any] = {
    "type": "object", "required": ["error"],
    "properties": {"error": {
        "type": "object", "required": ["code", "message"],
        "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                       "retry_after": {"type": "integer"},
                       "details": {"type": "object"}}}}}
"""The body of every refusal."""

REFUSALS: dict[int, str] = {
    401: "missing_token: the call needs the seat's or the spectator's token; for an "
         "account: not_signed_in, signin_failed, passkey_refused",
    403: "bad_token (not a token of this match) or forbidden (the spectator, or not the "
         "seat that may); for an account: csrf_missing, csrf_wrong, cross_origin",
    404: "unknown_match (or unknown_language for a catalog)",
    409: "the match's state refuses it: illegal_action, not_your_turn, game_over, "
         "stale_action, not_started, not_waiting, table_full, chat_full, chat_busy, "
         "hints_off, hint_failed, not_finished, abandoned; rules_version or rules_changed "
         "(a match of another version of its game's rules, with details); handle_taken, "
         "email_taken",
    410: "link_refused (a link used, expired or unknown) or ceremony_unknown (a passkey "
         "ceremony finished or expired)",
    413: "too_large: the body is over 64 KB",
    422: "malformed (the body or a query parameter), invalid_action, invalid_options, "
         "unknown_game, unknown_language, name_taken, invalid_handle, invalid_email, "
         "invalid_password, invalid_languages",
    429: "rate_limited: too many from this client address; see Retry-After",
    503: "unavailable, catching_breath, disk_full or read_only: nothing was done; see "
         "Retry-After",
}
"""What each refusal status stands for (``docs/web-api.md``)."""

TABLE = (401, 403, 404, 409, 503)
"""The refusals of every route of an authenticated match (:data:`.deps.Table`): 409 for a
match of another version of its game's rules."""

RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before trying again",
                               "schema": {"type": "integer"}}}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of an operation's refusals: each of ``statuses`` and 413
    (which any request with a body over the limit gets)."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted({*statuses, 413}):
        entry: dict[str, Any] = {"description": REFUSALS[status],
                                 "content": {"application/json": {"schema": ERROR_BODY}}}
        if status in (429, 503):
            entry["headers"] = RETRY_AFTER
        out[status] = entry
    return out


MOST_DIGITS = 999_999_999_999
"""The largest whole number a query parameter takes (twelve digits)."""

QUERY: dict[str, dict[str, Any]] = {
    "since": {"type": "integer", "minimum": 0, "maximum": MOST_DIGITS,
              "description": "only the events after this version (up to the match's own)"},
    "version": {"type": "integer", "minimum": 0, "maximum": MOST_DIGITS,
                "description": "a version the match has reached"},
    "seat": {"type": "integer", "minimum": 0, "maximum": MOST_DIGITS,
             "description": "a seat of the match (once it has finished)"},
    "after": {"type": "integer", "minimum": -1,
              "description": "only the messages after this id (-1: all)"},
    "spectators": {"type": "integer", "enum": [0, 1],
                   "description": "1: a seat reads the spectators' lines too"},
    "offset": {"type": "integer", "minimum": 0, "maximum": 10_000,
               "description": "the leaderboard's page starts after this many places"},
}
"""The query parameters the routes read themselves, as the schema gives them."""


def query(*names: str, required: Sequence[str] = (),
          languages: Sequence[str] = ()) -> dict[str, Any]:
    """The OpenAPI ``parameters`` of an operation's query (``lang`` takes ``languages``)."""
    schemas = {**QUERY, "lang": {"type": "string", "enum": list(languages),
                                 "description": "the language of the described board"}}
    return {"parameters": [{"name": name, "in": "query", "required": name in required,
                            "schema": schemas[name]} for name in names]}
