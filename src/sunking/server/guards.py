"""Guards at the server's edge: bounded bodies and JSON, security headers, same-origin sockets.

Each guard answers a bad request with a clear 4xx before any route sees it, and never reads
more of a request than its bound:

- :class:`BodyLimit` refuses a body over ``max_bytes`` with 413 ``too_large``: at once when its
  ``Content-Length`` says so, else as soon as the bytes read pass the bound.
- :func:`parse_json` reads JSON text with a bound on nesting and on size, refuses lone
  surrogates, ``NaN`` and ``Infinity``, and names what was wrong without echoing the input.
- :class:`SecurityHeaders` adds a Content-Security-Policy (no framing by other sites), nosniff
  and a Referrer-Policy to every answer.
- :func:`encode_json` writes the JSON of every answer and view.
- :func:`same_origin` tells whether a websocket's ``Origin`` is the server's own.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from .errors import ApiError, malformed
from .metrics import ERRORS

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 64 * 1024
"""The largest request body (a whole action or a new match is well under 4 KB)."""

MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects in a body or message."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def encode_json(value: Any) -> str:
    """``value`` as compact JSON text (non-ASCII kept as is; integer keys as strings), by
    orjson: views are encoded on every move, so this is on the hot path."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class _TooLarge(Exception):
    """The body read so far is over the bound."""


def _error_body(error: ApiError) -> bytes:
    return json.dumps({"error": error.to_json()}).encode()


async def _answer(send: Send, error: ApiError) -> None:
    ERRORS.labels(error.code).inc()
    body = _error_body(error)
    await send({"type": "http.response.start", "status": error.status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def too_large(max_bytes: int) -> ApiError:
    return ApiError("too_large", f"the request body is over {max_bytes} bytes", 413)


class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` gets 413 and is not read further."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _answer(send, malformed("the Content-Length header is not a number"))
                    return
                if declared > self.max_bytes:
                    await _answer(send, too_large(self.max_bytes))
                    return
        read = 0
        started = False

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.max_bytes:
                    raise _TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await _answer(send, too_large(self.max_bytes))


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                extra = [h for h in SECURITY_HEADERS if h[0] not in names]
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _check_tree(value: Any, max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth`` and strings that are not valid Unicode."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict | list):
            if depth > max_depth:
                raise malformed(f"the JSON is nested deeper than {max_depth} levels")
            if isinstance(item, dict):
                for key, inner in item.items():
                    _check_text(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise malformed("a string holds a lone surrogate (an unpaired \\ud800-\\udfff escape), "
                        "which is not Unicode text") from None


def parse_json(raw: str | bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The value of JSON text, checked.

    Raises:
        ApiError: ``malformed`` if it is not UTF-8 JSON, nests deeper than ``max_depth``,
            holds a lone surrogate, ``NaN`` or ``Infinity``. The message says where it broke,
            never what the text was.
    """
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise malformed(f"the text is not UTF-8 (byte {err.start})") from None
    try:
        value = json.loads(raw, parse_constant=_refuse_constant)
    except RecursionError:
        raise malformed(f"the JSON is nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as err:
        raise malformed(f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except ValueError as err:
        raise malformed(f"not JSON: {err}") from None
    _check_tree(value, max_depth)
    return value


def same_origin(headers: Any) -> bool:
    """Whether a request's ``Origin`` (if any) names the host it was sent to.

    Browsers always send ``Origin`` on a websocket; a page of another site must not drive a
    seat with the token it found in a link. Clients that are no browser send none and pass.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    scheme, sep, rest = origin.partition("://")
    return bool(sep) and scheme in ("http", "https") and rest.rstrip("/") == host
