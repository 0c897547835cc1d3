"""The SQL database of the store: the URL (SQLite in the data directory, or PostgreSQL), the
engine (SQLite in WAL mode with ``synchronous=FULL`` and a busy timeout), and the Alembic
migrations that create and upgrade its tables."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

SQLITE_BUSY_MS = 2000
"""How long an SQLite statement waits for a lock another connection holds before it fails."""


def normalise_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


DATABASE_FILE = "sunking.db"
"""The SQLite database's file name in the data directory."""


def sqlite_url(data_dir: Path) -> str:
    """The URL of the SQLite database file in ``data_dir`` (created if missing)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir.resolve() / DATABASE_FILE}"


def make_engine(url: str) -> sa.Engine:
    """An engine for ``url``; SQLite connections get WAL, full sync and a busy timeout."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy, not the driver, begin transactions, so that reads too run in
            # one (a consistent snapshot of the match and its log).
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(connection: sa.Connection) -> None:
            connection.exec_driver_sql("BEGIN")

        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=8)


def alembic_config(url: str | None = None) -> Config:
    """A programmatic Alembic config for the migrations shipped in this package."""
    config = Config()
    location = resources.files("sunking.server.storage") / "migrations"
    config.set_main_option("script_location", str(location))
    if url is not None:
        config.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return config


def migrate(engine: sa.Engine) -> None:
    """Bring the schema of ``engine``'s database to the newest revision."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
