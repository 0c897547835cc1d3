"""How ``sunking serve`` runs the application: what it checks before it starts.

- :func:`check_data_dir`: the SQLite data directory must be writable; when it is not (a
  read-only mount, no permission, a full disk), the server says so in one line and exits,
  rather than with a traceback from its first write.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from .config import Settings

DATABASE_FILE = "sunking.db"


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
