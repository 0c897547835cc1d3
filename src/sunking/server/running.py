"""How ``sunking serve`` runs the application: what it checks before it starts, and uvicorn's
configuration.

- :func:`check_data_dir`: the SQLite data directory must be writable; when it is not (a
  read-only mount, no permission, a full disk), the server says so in one line and exits,
  rather than with a traceback from its first write.
- :func:`raise_fd_limit`: the process's limit on open files (each connection takes one) is
  raised from its soft to its hard value; :func:`connection_budget` is what the connections
  may take of it, the rest kept for the database, the bot workers and the files served.
- :func:`uvicorn_server`: the application under uvicorn with the guarded connections of
  :mod:`.connections` (request clock, caps per address and for the process).
- :func:`settle_old_rules`: the matches started under rules the server no longer plays.
- :func:`configure_logging`: the server's own log (the ``sunking`` loggers: mails when no SMTP
  server is configured, background work failing and recovering, matches taken over or
  closed) goes to the standard error at ``SUNKING_LOG_LEVEL`` (``info`` by default), a line a
  record with its time; without it only warnings would show, and no mail.

Each stored match records the version of its game's rules it was started under
(``matches.rules_version``, ``GameSpec.rules_version``). This release carries one version of
each game's rules, so a match of another version cannot be played on, or replayed, without
changing what was played: it is never loaded (the core's ``record/rules_version``; the API
answers ``rules_version`` or ``rules_changed``, 409, and the player reads why in his
language). ``sunking serve`` reports the unfinished ones at start and does with them what the
operator chose (``--old-rules``, ``SUNKING_OLD_RULES``): ``keep`` (the default) leaves them
exactly as stored — status, seats, moves, chat — for a server of the release that plays their
version, and this one refuses to load them; ``close`` ends them as closed, "the rules
changed" (status ``closed``; their clock and driver cleared; their setup, seats, moves and
chat kept).
"""

from __future__ import annotations

import errno
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypeAlias

import uvicorn

from ..core.registry import available_games, make
from .app import create_app
from .config import Settings
from .connections import Gate, GuardedConfig
from .storage import MatchStore, OldRules
from .storage.engine import DATABASE_FILE

log = logging.getLogger(__name__)

RESERVED_FDS = 100
"""File descriptors kept from the connections' budget: the database's connections and files,
the bot workers' pipes, the listening socket, the static files being sent, the logs."""

FEW_FDS = 4096
"""Below this limit on open files the server warns at start that it caps its connections."""

MOST_FDS = 1 << 20
"""The soft limit asked for when the hard limit is unlimited."""


def data_dir_problem(data_dir: Path) -> str | None:
    """What keeps the server from writing its SQLite database in ``data_dir`` (``None``: it
    can): the directory cannot be made or written, or the database file is read-only."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=data_dir):
            pass
        database = data_dir / DATABASE_FILE
        if database.exists():
            with database.open("r+b"):
                pass
    except OSError as err:
        if err.errno == errno.EROFS:
            return f"the data directory {data_dir} is on a read-only file system"
        if err.errno == errno.ENOSPC:
            return f"the disk of the data directory {data_dir} is full"
        if err.errno in (errno.EACCES, errno.EPERM):
            where = err.filename or data_dir
            return f"{where} is read-only for this user ({os.strerror(err.errno)})"
        return f"the data directory {data_dir} cannot be written: {err.strerror or err}"
    return None


def check_data_dir(settings: Settings) -> None:
    """Refuse to start on a data directory the SQLite database cannot be written in (nothing
    to check when the database is PostgreSQL).

    Raises:
        SystemExit: with a one-line message naming the directory and what is wrong.
    """
    if settings.database_url is not None:
        return
    problem = data_dir_problem(settings.data_dir)
    if problem is not None:
        raise SystemExit(f"sunking: cannot start: {problem}; choose another with --data-dir "
                         "or SUNKING_DATA_DIR")


def raise_fd_limit() -> int:
    """Raise the soft limit on open files to the hard limit (where the platform allows);
    returns the soft limit in force."""
    try:
        import resource
    except ImportError:  # not on this platform (Windows): nothing to raise
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MOST_FDS if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return MOST_FDS if soft == resource.RLIM_INFINITY else soft


def connection_budget(fd_limit: int) -> int | None:
    """How many connections the process takes at once under a limit of ``fd_limit`` open
    files (``None``: no limit known), :data:`RESERVED_FDS` kept for everything else."""
    if fd_limit <= 0:
        return None
    return max(fd_limit - RESERVED_FDS, fd_limit // 2)


LOG_LEVELS = ("debug", "info", "warning", "error")
"""The levels ``SUNKING_LOG_LEVEL`` may name."""
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(level: str) -> logging.Handler:
    """Write the ``sunking`` loggers' records from ``level`` (one of :data:`LOG_LEVELS`) up
    to the standard error (they still reach the root logger's handlers, if any); the handler
    added."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logger = logging.getLogger("sunking")
    logger.addHandler(handler)
    logger.setLevel(level.upper())
    return handler


def uvicorn_server(settings: Settings, host: str, port: int) -> uvicorn.Server:
    """The uvicorn server of ``sunking serve``: the application of ``settings`` behind
    guarded connections, on ``host``:``port``, the limit on open files raised first."""
    fd_limit = raise_fd_limit()
    most = connection_budget(fd_limit)
    if most is not None and fd_limit < FEW_FDS:
        log.warning("the limit on open files is %d (ulimit -n): the server takes at most %d "
                    "connections at once; raise the limit for more", fd_limit, most)
    gate = Gate(settings.connections_per_address or None,
                settings.sockets_per_address or None, most)
    config = GuardedConfig(
        create_app(settings), gate=gate, request_timeout=settings.request_timeout,
        host=host, port=port, log_level="warning", ws_max_size=1 << 20,
        ws_per_message_deflate=settings.ws_deflate,
        timeout_keep_alive=settings.keep_alive_seconds)
    return uvicorn.Server(config)


OldRulesChoice: TypeAlias = Literal["keep", "close"]
"""What becomes of the unfinished matches of older rules at start."""
CHOICES: tuple[OldRulesChoice, ...] = ("keep", "close")


def rules_versions() -> dict[str, int]:
    """The version of the rules this server plays, per registered game."""
    return {game: make(game).spec.rules_version for game in available_games()}


def settle_old_rules(store: MatchStore, choice: OldRulesChoice,
                     say: Callable[[str], None]) -> list[OldRules]:
    """Report the unfinished matches of ``store`` started under rules this server does not
    play (one line each to ``say``, a summary to the log) and keep or close them as
    ``choice`` says; returns them (as found, before any was closed).

    Raises:
        ValueError: ``choice`` is neither ``keep`` nor ``close``.
    """
    if choice not in CHOICES:
        raise ValueError(f"the choice for old rules must be keep or close, not {choice!r}")
    versions = rules_versions()
    found = store.old_rules(versions)
    if not found:
        return []
    say(f"{len(found)} unfinished match(es) were started under rules this server does not "
        "play:")
    for old in found:
        say(f"  {old.match_id}  {old.game}  rules version {old.rules_version} (this server "
            f"plays {versions[old.game]})  {old.status}")
    ids = ", ".join(old.match_id for old in found)
    if choice == "close":
        closed = store.close_old_rules(old.match_id for old in found)
        say(f"Closed {len(closed)}: their players read that the rules changed; their "
            "moves and chat are kept.")
        log.warning("closed %d matches started under older rules (the rules changed): %s",
                    len(closed), ids)
    else:
        say("Kept as they are, for a server of the release that plays their version; this "
            "one refuses to load them. To close them: sunking serve --old-rules close.")
        log.warning("kept %d matches started under older rules, not loaded here: %s",
                    len(found), ids)
    return found
