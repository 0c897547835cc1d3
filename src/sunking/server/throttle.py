"""Rate limits per client address: how often one address may create matches and send moves.

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

from .errors import ApiError

Kind = Literal["create", "act"]

WHAT = {"create": "matches created", "act": "moves sent"}


def rate_limited(kind: Kind, limit: RateLimitItem, retry_after: int) -> ApiError:
    error = ApiError("rate_limited",
                     f"too many {WHAT[kind]} from this address (at most {limit}); "
                     f"try again in {retry_after} s", 429)
    error.retry_after = retry_after
    return error


class Throttle:
    """The rate limits of one server process.

    Raises:
        ValueError: a limit is not of the form ``"N/second|minute|hour|day"``.
    """

    def __init__(self, create: str | None, act: str | None) -> None:
        self._limits: dict[Kind, RateLimitItem | None] = {
            "create": parse(create) if create else None,
            "act": parse(act) if act else None,
        }
        self._limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    def check(self, kind: Kind, address: str | None) -> None:
        """Count one ``kind`` request of ``address``.

        Raises:
            ApiError: ``rate_limited`` (429) when the address is over its limit.
        """
        limit = self._limits[kind]
        if limit is None:
            return
        key = address or "unknown"
        if self._limiter.hit(limit, kind, key):
            return
        reset = self._limiter.get_window_stats(limit, kind, key).reset_time
        raise rate_limited(kind, limit, max(1, math.ceil(reset - time.time())))
