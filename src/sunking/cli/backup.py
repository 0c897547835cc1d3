"""``sunking backup PATH`` and ``sunking restore PATH``: copy the server's SQLite database, safely
while the server runs, and put such a copy back in place of a stopped server's.

The copy is SQLite's online backup (``sqlite3.Connection.backup``), made in one step: it reads
one consistent snapshot of the database while the server goes on writing (in WAL mode a reader
never blocks the writer), so every move stored before the backup began is in it. The copy
forgets which server processes drove its matches, so the server started on a restored database
takes every unfinished match over at once. On PostgreSQL, the commands say how to do the same
with ``pg_dump`` and ``pg_restore``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from .options import DataDirOption, fail

POSTGRES_BACKUP = """The database is PostgreSQL ($SUNKING_DATABASE_URL): back it up with its own
tools, safe while the servers run:

  pg_dump --format=custom --file=PATH "postgresql://USER@HOST/DB"

and restore it, with every server stopped, into an empty database:

  createdb -h HOST -U USER NEWDB
  pg_restore --no-owner --dbname="postgresql://USER@HOST/NEWDB" PATH
  SUNKING_DATABASE_URL=postgresql://USER@HOST/NEWDB sunking serve"""


def _database(data_dir: Path | None) -> Path:
    """The SQLite file of the server's settings.

    Raises:
        typer.Exit: the database is PostgreSQL (the way to back it up is printed).
    """
    from sqlalchemy.engine import make_url

    from ..server import Settings
    from ..server.storage.engine import DATABASE_FILE
    from ..server.transport.pgpubsub import is_postgres

    settings = Settings.from_env(data_dir=data_dir)
    if settings.database_url is not None and is_postgres(settings.database_url):
        Console(stderr=True).print(Text(POSTGRES_BACKUP))
        raise typer.Exit(code=2)
    if settings.database_url is not None:  # an SQLite file named by its URL
        return Path(make_url(settings.database_url).database or "")
    return settings.data_dir / DATABASE_FILE


def _check(path: Path) -> tuple[int, int]:
    """The matches and moves of a sunking database file, checked whole.

    Raises:
        typer.Exit: it is not a sound sunking database.
    """
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            if db.execute("PRAGMA integrity_check").fetchone() != ("ok",):
                raise fail(f"{path} is damaged (SQLite's integrity check failed)")
            matches = db.execute("SELECT count(*) FROM matches").fetchone()[0]
            moves = db.execute("SELECT count(*) FROM actions").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise fail(f"{path} is not a sunking database: {err}") from None
    return int(matches), int(moves)


def _forget_drivers(path: Path) -> None:
    """No server process of the copy runs: its matches are for the next server to take."""
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("DELETE FROM processes")
        db.execute("UPDATE matches SET driver = NULL")


def _copy(source: Path, target: Path, what: str) -> str:
    """SQLite's online backup of ``source`` into ``target``, in one step (one snapshot),
    which then forgets its drivers and is checked; says what was copied, and how fast."""
    started = time.monotonic()
    with Console(stderr=True).status(Text(f"{what} ...")):
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as src, \
                contextlib.closing(sqlite3.connect(target)) as dst:
            src.backup(dst, pages=-1)
        _forget_drivers(target)
        matches, moves = _check(target)
    return f"{matches} matches ({moves} moves) in {time.monotonic() - started:.1f} s"


def _live_server(path: Path) -> str | None:
    """A server process whose lease on the database at ``path`` has not run out, if any."""
    with contextlib.suppress(sqlite3.DatabaseError), \
            contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        row = db.execute("SELECT about FROM processes WHERE expires_at > ?",
                         (time.time(),)).fetchone()
        return None if row is None else str(row[0])
    return None


def backup_command(
    path: Annotated[Path, typer.Argument(help="The file to write the copy to (new).",
                                         metavar="PATH", show_default=False)],
    data_dir: DataDirOption = None,
) -> None:
    """Copy the server's database to PATH, safely while the server runs.

    The copy holds every match and move stored before it began. Put it back with
    `sunking restore PATH`. On PostgreSQL, prints how to use `pg_dump` instead.
    """
    source = _database(data_dir)
    if not source.is_file():
        raise fail(f"there is no database at {source}")
    if path.exists():
        raise fail(f"{path} exists already; name a new file")
    copied = _copy(source, path, f"Copying {source}")
    Console().print(Text(f"Backed up to {path}: {copied}.", style="bold green"))


def restore_command(
    path: Annotated[Path, typer.Argument(help="A copy made by `sunking backup`.",
                                         metavar="PATH", show_default=False)],
    data_dir: DataDirOption = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Replace the data directory's database if it has one.")] = False,
) -> None:
    """Put a copy made by `sunking backup` in place of the server's database.

    Stop the server first: a database a running server uses is refused. Its matches go
    on when the server starts again. On PostgreSQL, prints how to use `pg_restore` instead.
    """
    target = _database(data_dir)
    if not path.is_file():
        raise fail(f"there is no backup at {path}")
    _check(path)
    if target.exists():
        running = _live_server(target)
        if running is not None:
            raise fail(f"a server is running on {target} ({running}); stop it first")
        if not force:
            raise fail(f"{target} exists already; --force replaces it")
    target.parent.mkdir(parents=True, exist_ok=True)
    copied = _copy(path, target, f"Restoring {path}")
    Console().print(Text(f"Restored to {target}: {copied}; start the server with "
                         "`sunking serve`.", style="bold green"))
