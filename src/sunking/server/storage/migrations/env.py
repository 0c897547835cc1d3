"""Alembic environment: migrates the connection :func:`~sunking.server.storage.sql.migrate`
passes in ``config.attributes["connection"]``, or the ``sqlalchemy.url`` of the config."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from sunking.server.storage.schema import METADATA

config = context.config


def run_offline() -> None:
    """Emit the SQL for the configured URL without connecting."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"), target_metadata=METADATA,
        literal_binds=True, dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate through the given connection, or one to the configured URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=METADATA)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("the Alembic config has no sqlalchemy.url and no connection")
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=METADATA)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
