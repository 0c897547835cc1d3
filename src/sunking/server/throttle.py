"""Rate limits per client address: how often one address may create matches, send moves,
take free seats, read or claim invitations and write in the table chats (messages, and their
characters), and how often one may try to sign in (per address, and per account) or sign up
and ask for mails, and
how often one may follow, mute, block or invite people, and report players.

Built on the ``limits`` library (moving windows in memory, one process). A refusal is
``rate_limited`` (429) with the seconds to wait, which the HTTP answer also gives as
``Retry-After``. Limits are strings such as ``"30/minute"``; ``None`` turns one off.
Behind a reverse proxy, run uvicorn with ``--proxy-headers`` so the address is the client's.
"""

from __future__ import annotations

import math
import time
from typing import Literal

from limits import RateLimitItem, parse, storage, strategies

from .config import Settings
from .errors import ApiError

Kind = Literal["create", "act", "join", "claim", "chat", "chat_chars", "signin",
               "signin_account", "signup", "profile", "community", "report"]

WHAT: dict[Kind, str] = {"create": "matches created", "act": "moves sent",
                         "join": "seats taken at open tables",
                         "claim": "invitations read or claimed", "chat": "chat messages",
                         "chat_chars": "characters of chat messages",
                         "signin": "sign-in attempts", "signin_account": "sign-in attempts",
                         "signup": "sign-ups and mails asked for",
                         "profile": "profiles read",
                         "community": "follows, mutes, blocks and invitations",
                         "report": "reports"}


def rate_limited(kind: Kind, limit: RateLimitItem, retry_after: int) -> ApiError:
    whose = "on this account" if kind == "signin_account" else "from this address"
    error = ApiError("rate_limited",
                     f"too many {WHAT[kind]} {whose} (at most {limit}); "
                     f"try again in {retry_after} s", 429)
    error.retry_after = retry_after
    return error


class Throttle:
    """The rate limits of one server process.

    Raises:
        ValueError: a limit is not of the form ``"N/second|minute|hour|day"``.
    """

    def __init__(self, create: str | None, act: str | None, *, join: str | None = None,
                 claim: str | None = None, chat: str | None = None,
                 chat_chars: str | None = None, signin: str | None = None,
                 signin_account: str | None = None, signup: str | None = None,
                 profile: str | None = None, community: str | None = None,
                 report: str | None = None) -> None:
        given: dict[Kind, str | None] = {"create": create, "act": act, "join": join,
                                         "claim": claim, "chat": chat,
                                         "chat_chars": chat_chars, "signin": signin,
                                         "signin_account": signin_account,
                                         "signup": signup, "profile": profile,
                                         "community": community, "report": report}
        self._limits = {kind: parse(limit) if limit else None for kind, limit in given.items()}
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    @classmethod
    def of(cls, settings: Settings) -> Throttle:
        """The limits of a server's settings."""
        return cls(settings.rate_create, settings.rate_actions, join=settings.rate_join,
                   claim=settings.rate_claim, chat=settings.rate_chat,
                   chat_chars=settings.rate_chat_chars, signin=settings.rate_signin,
                   signin_account=settings.rate_signin_account, signup=settings.rate_signup,
                   profile=settings.rate_profile, community=settings.rate_community,
                   report=settings.rate_report)

    def check(self, kind: Kind, address: str | None, cost: int = 1) -> None:
        """Count ``cost`` (one request, or the characters of a message) of ``kind`` for
        ``address`` (for ``signin_account``: the account's folded address or handle).

        Raises:
            ApiError: ``rate_limited`` (429) when the address is over its limit.
        """
        limit = self._limits[kind]
        if limit is None:
            return
        key = address or "unknown"
        if self._limiter.hit(limit, kind, key, cost=max(1, cost)):
            return
        reset = self._limiter.get_window_stats(limit, kind, key).reset_time
        raise rate_limited(kind, limit, max(1, math.ceil(reset - time.time())))
