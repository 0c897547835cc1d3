"""Alembic migrations of the SQL store (run by :func:`sunking.server.storage.sql.migrate`)."""
