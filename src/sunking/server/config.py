"""Server settings, from arguments or the environment.

- ``SUNKING_DATABASE_URL``: a SQLAlchemy URL (``postgresql+psycopg://user@host/db``, or
  ``postgresql://…``, which is read as psycopg 3). Unset: SQLite in the data directory.
- ``SUNKING_DATA_DIR``: where the SQLite file ``sunking.db`` lives; default
  ``$XDG_DATA_HOME/sunking``, i.e. ``~/.local/share/sunking``.
- ``SUNKING_BOT_WORKERS``: bot worker processes (default: one less than the CPUs, at least 1,
  at most 4; 0 runs bots in threads).
- ``SUNKING_BOT_DELAY``: seconds a bot waits before moving, so people can follow (default 0.5).
- ``SUNKING_RATE_CREATE`` / ``SUNKING_RATE_ACTIONS`` / ``SUNKING_RATE_JOIN`` /
  ``SUNKING_RATE_CLAIM`` / ``SUNKING_RATE_CHAT`` / ``SUNKING_RATE_CHAT_CHARS``: rate limits
  per client address on creating matches (default ``30/minute``), on moves (``20/second``), on
  free seats taken (``6/minute``), on invitations read or claimed (``60/minute``: the people
  of one table may share an address), on chat messages (``30/minute``) and on the characters
  of those messages (``10000/minute``); ``0`` turns one off.
- ``SUNKING_IDLE_SECONDS``: how long a match nobody watches stays in memory (default 600).
- ``SUNKING_REQUEST_TIMEOUT`` (10 s), ``SUNKING_KEEP_ALIVE_SECONDS`` (5),
  ``SUNKING_CONNECTIONS_PER_ADDRESS`` (256), ``SUNKING_SOCKETS_PER_ADDRESS`` (64): the time a
  connection has to send a whole request, the idle time after an answer, and the caps on one
  client address's connections and websockets (``0``: no cap).
- ``SUNKING_METRICS_FROM``: the client addresses and networks ``/metrics`` answers (default
  this machine's: ``127.0.0.0/8,::1``; ``any`` for all).
- ``SUNKING_NOTICE_SECONDS``: a signed-in person whose turn it is in a match he is not
  connected to is mailed "your turn" this many seconds after it began (default 30).
- ``SUNKING_ABANDON_DAYS``: a match in which no person moved for this many days is closed as
  abandoned, its replay kept (default 30; ``0`` never closes one).
- ``SUNKING_OLD_RULES``: ``keep`` (default) or ``close``: what ``sunking serve`` does at start
  with the unfinished matches started under rules it no longer plays (:mod:`.running`).
- ``SUNKING_API_DOCS``: ``1`` to serve ``/openapi.json``, ``/docs`` and ``/redoc`` (off by
  default).
- ``SUNKING_PUBLIC_URL``: the address people reach the server at (default
  ``http://localhost:8000``): the links in mails start with it, it is the passkeys' origin,
  and the session cookie is ``Secure`` when it is ``https``.
- ``SUNKING_PASSKEY_RP_ID``: the passkeys' relying-party id (default: the public URL's host
  name; browsers refuse an IP address).
- ``SUNKING_SMTP_HOST`` / ``SUNKING_SMTP_PORT`` (587) / ``SUNKING_SMTP_USER`` /
  ``SUNKING_SMTP_PASSWORD`` / ``SUNKING_SMTP_TLS`` (``starttls``, ``tls`` or ``none``;
  default ``starttls``) / ``SUNKING_MAIL_FROM`` (default ``sunking@<rp id>``): the SMTP
  server mails go through. Without a host, every mail is written to the server's log and to
  the operators' outbox page, ``/operators/outbox``.
- ``SUNKING_RATE_SIGNIN`` / ``SUNKING_RATE_SIGNIN_ACCOUNT`` / ``SUNKING_RATE_SIGNUP``:
  sign-in attempts per client address (default ``20/minute``) and per account's address or
  handle (``5/minute``), and sign-ups and mails asked for (verification, reset) per client
  address (``10/hour``).
- ``SUNKING_RATE_PROFILE``: profiles one client address may read (default ``60/minute``).
- ``SUNKING_RATE_COMMUNITY`` / ``SUNKING_RATE_REPORT``: follows, mutes, blocks and invitations
  by name one client address may send (default ``60/minute``), and reports (``10/hour``).
- ``SUNKING_WS_DEFLATE``: ``1`` to offer websocket compression (``permessage-deflate``); off by
  default, since views are small deltas and compressing costs CPU per socket.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from .storage.sql import sqlite_url


def default_data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/sunking``, or ``~/.local/share/sunking``."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sunking"


RATE_VARIABLES = (("rate_create", "SUNKING_RATE_CREATE"), ("rate_actions", "SUNKING_RATE_ACTIONS"),
                  ("rate_join", "SUNKING_RATE_JOIN"), ("rate_claim", "SUNKING_RATE_CLAIM"),
                  ("rate_chat", "SUNKING_RATE_CHAT"),
                  ("rate_chat_chars", "SUNKING_RATE_CHAT_CHARS"),
                  ("rate_signin", "SUNKING_RATE_SIGNIN"),
                  ("rate_signin_account", "SUNKING_RATE_SIGNIN_ACCOUNT"),
                  ("rate_signup", "SUNKING_RATE_SIGNUP"),
                  ("rate_profile", "SUNKING_RATE_PROFILE"),
                  ("rate_community", "SUNKING_RATE_COMMUNITY"),
                  ("rate_report", "SUNKING_RATE_REPORT"))
"""Each rate limit's setting and variable."""

CONNECTION_VARIABLES: tuple[tuple[str, str, type[int] | type[float]], ...] = (
    ("request_timeout", "SUNKING_REQUEST_TIMEOUT", float),
    ("keep_alive_seconds", "SUNKING_KEEP_ALIVE_SECONDS", int),
    ("connections_per_address", "SUNKING_CONNECTIONS_PER_ADDRESS", int),
    ("sockets_per_address", "SUNKING_SOCKETS_PER_ADDRESS", int),
    ("smtp_port", "SUNKING_SMTP_PORT", int))
"""The connections' settings, their variables and types."""

TEXT_VARIABLES = (("public_url", "SUNKING_PUBLIC_URL"), ("rp_id", "SUNKING_PASSKEY_RP_ID"),
                  ("smtp_host", "SUNKING_SMTP_HOST"), ("smtp_user", "SUNKING_SMTP_USER"),
                  ("smtp_password", "SUNKING_SMTP_PASSWORD"), ("smtp_tls", "SUNKING_SMTP_TLS"),
                  ("mail_from", "SUNKING_MAIL_FROM"))
"""The accounts' and mails' settings that are text, and their variables."""


def _truthy(raw: str) -> bool:
    return raw.strip().lower() in ("1", "true", "yes", "on")


def default_bot_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    """How a server process stores matches and runs bots."""

    data_dir: Path = dataclasses.field(default_factory=default_data_dir)
    database_url: str | None = None
    bot_workers: int = dataclasses.field(default_factory=default_bot_workers)
    root_parallel: int | None = None
    """Parts an ``ismcts:hard`` search is shared out in, one per bot worker (``None``: two,
    or one with a single worker; 1: never shared)."""
    bot_delay: float = 0.5
    ws_deflate: bool = False
    rate_create: str | None = "30/minute"
    """Matches one client address may create (``None``: no limit)."""
    rate_actions: str | None = "20/second"
    """Moves one client address may send over REST and websockets (``None``: no limit)."""
    rate_join: str | None = "6/minute"
    """Free seats of open tables one client address may take (``None``: no limit)."""
    rate_claim: str | None = "60/minute"
    """Invitations one client address may read or claim (``None``: no limit)."""
    rate_chat: str | None = "30/minute"
    """Chat messages one client address may write, at every table together."""
    rate_chat_chars: str | None = "10000/minute"
    """Characters of chat messages one client address may write, at every table together."""
    api_docs: bool = False
    """Serve the OpenAPI schema and its pages at ``/openapi.json``, ``/docs``, ``/redoc``."""
    idle_seconds: float = 600.0
    """A match untouched this long, watched by nobody, with nothing due, leaves memory."""
    request_timeout: float = 10.0
    """Seconds a connection has to send a whole request (headers and body), from its opening
    or from the request's first byte; a slower one is closed."""
    keep_alive_seconds: int = 5
    """Seconds a connection may stay idle after an answer before it is closed."""
    connections_per_address: int = 256
    """Connections one client address may hold open at once, websockets included (0: no
    cap)."""
    sockets_per_address: int = 64
    """Websockets one client address may hold open at once (0: no cap)."""
    metrics_from: str = "127.0.0.0/8,::1"
    """The client addresses and networks ``/metrics`` answers (``any``: all; ``off``: none)."""
    abandon_days: float = 30.0
    """A match in which no person moved for this many days is closed as abandoned (0:
    never)."""
    public_url: str = "http://localhost:8000"
    """Where people reach the server: links in mails, the passkeys' origin."""
    rp_id: str | None = None
    """The passkeys' relying-party id (``None``: the public URL's host name)."""
    smtp_host: str | None = None
    """The SMTP server of mails (``None``: mails go to the log and the outbox page)."""
    smtp_port: int = 587
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_tls: str = "starttls"
    """``starttls``, ``tls`` (TLS from the start) or ``none``."""
    mail_from: str | None = None
    """The sender of mails (``None``: ``sunking@<rp id>``)."""
    rate_signin: str | None = "20/minute"
    """Sign-in attempts one client address may make."""
    rate_signin_account: str | None = "5/minute"
    """Sign-in attempts on one account (by the address or handle given)."""
    rate_signup: str | None = "10/hour"
    """Sign-ups and mails asked for (verification, password reset) per client address."""
    rate_profile: str | None = "60/minute"
    """Profiles one client address may read (each replays the person's finished matches)."""
    rate_community: str | None = "60/minute"
    """Follows, mutes, blocks and invitations by name one client address may send."""
    rate_report: str | None = "10/hour"
    """Reports of players one client address may make."""
    notice_seconds: float = 30.0
    """How long after a signed-in person's turn began, unconnected, he is mailed "your turn"."""
    old_rules: str = "keep"
    """``keep`` or ``close``: what becomes at start of the unfinished matches started under
    rules the server no longer plays (:mod:`.running`)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Settings from the ``SUNKING_*`` variables; ``overrides`` (not None) win.

        Raises:
            ValueError: a numeric variable is not a number.
        """
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        if env.get("SUNKING_DATA_DIR"):
            values["data_dir"] = Path(env["SUNKING_DATA_DIR"]).expanduser()
        if env.get("SUNKING_DATABASE_URL"):
            values["database_url"] = env["SUNKING_DATABASE_URL"]
        if env.get("SUNKING_BOT_WORKERS"):
            values["bot_workers"] = int(env["SUNKING_BOT_WORKERS"])
        if env.get("SUNKING_ROOT_PARALLEL"):
            values["root_parallel"] = int(env["SUNKING_ROOT_PARALLEL"])
        if env.get("SUNKING_BOT_DELAY"):
            values["bot_delay"] = float(env["SUNKING_BOT_DELAY"])
        if env.get("SUNKING_WS_DEFLATE"):
            values["ws_deflate"] = _truthy(env["SUNKING_WS_DEFLATE"])
        for name, key in RATE_VARIABLES:
            if key in env:
                raw = env[key].strip()
                values[name] = None if raw in ("", "0", "off", "none") else raw
        if env.get("SUNKING_IDLE_SECONDS"):
            values["idle_seconds"] = float(env["SUNKING_IDLE_SECONDS"])
        for name, key, kind in CONNECTION_VARIABLES:
            if env.get(key):
                values[name] = kind(env[key])
        if env.get("SUNKING_METRICS_FROM"):
            values["metrics_from"] = env["SUNKING_METRICS_FROM"]
        if env.get("SUNKING_ABANDON_DAYS"):
            values["abandon_days"] = float(env["SUNKING_ABANDON_DAYS"])
        if env.get("SUNKING_NOTICE_SECONDS"):
            values["notice_seconds"] = float(env["SUNKING_NOTICE_SECONDS"])
        for name, key in TEXT_VARIABLES:
            if env.get(key):
                values[name] = env[key]
        if env.get("SUNKING_OLD_RULES"):
            values["old_rules"] = env["SUNKING_OLD_RULES"].strip().lower()
        if env.get("SUNKING_API_DOCS"):
            values["api_docs"] = _truthy(env["SUNKING_API_DOCS"])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]

    @property
    def origin(self) -> str:
        """The public URL's origin (scheme, host and port; no path)."""
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def passkey_rp_id(self) -> str:
        """The relying-party id of passkeys."""
        return self.rp_id or urlsplit(self.public_url).hostname or "localhost"

    @property
    def secure_cookies(self) -> bool:
        """Whether the session cookie is ``Secure`` (the public URL is https)."""
        return self.public_url.startswith("https://")

    @property
    def url(self) -> str:
        """The database URL (the SQLite file in the data directory when none is set)."""
        return self.database_url or sqlite_url(self.data_dir)
