"""Each migration upgrades a database of the version before it, with matches in it, on SQLite
and PostgreSQL: the old matches load and play on, and what the migration adds has its
documented value for them."""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa
from alembic import command
from srv_support import postgres_url

from sunking.core import make
from sunking.server.storage import SeatTaken
from sunking.server.storage.sql import SqlStore, alembic_config, sqlite_url
from sunking.server.transport.pgpubsub import conninfo


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database (on PostgreSQL, one of its own, dropped afterwards)."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
        return
    base = postgres_url()
    name = f"sunking_migrate_{secrets.token_hex(4)}"
    with psycopg.connect(conninfo(base), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield sa.make_url(base).set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(conninfo(base), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


def at_revision(url: str, revision: str) -> None:
    """Bring the database at ``url`` to ``revision`` (and no further)."""
    command.upgrade(alembic_config(url), revision)


def old_match(url: str, match_id: str, created_at: float, *, moves: int = 1) -> None:
    """A started two-seat Louis XIV match with ``moves`` stored by its people, as every
    version since 0003 stores it (only the columns of 0003)."""
    game = make("louis14")
    state = game.new_game(2, 5)
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO matches (match_id, game, players, seed, options, language, "
                "spectator_hash, created_at, version, status, hints, practice) VALUES "
                "(:m, 'louis14', 2, 5, :o, 'en', :h, :t, :v, 'active', false, false)"),
                {"m": match_id, "o": json.dumps({}), "h": secrets.token_hex(32),
                 "t": created_at, "v": moves})
            for seat in range(2):
                conn.execute(sa.text(
                    "INSERT INTO seats (match_id, seat, kind, name, token_hash, away) VALUES "
                    "(:m, :s, 'human', :n, :h, false)"),
                    {"m": match_id, "s": seat, "n": f"P{seat}", "h": secrets.token_hex(32)})
            for version in range(moves):
                action = state.legal_actions()[0]
                conn.execute(sa.text(
                    "INSERT INTO actions (match_id, version, seat, action, mover, created_at) "
                    "VALUES (:m, :v, :s, :a, 'seat', :t)"),
                    {"m": match_id, "v": version, "s": state.to_move,
                     "a": json.dumps(action.to_json()), "t": created_at + version + 1})
                state = state.apply(action)
    finally:
        engine.dispose()


def test_srv_migration_0004_keeps_old_matches_without_an_owner(empty_url: str) -> None:
    at_revision(empty_url, "0003")
    old_match(empty_url, "old", 1000.0)
    store = SqlStore(empty_url)
    try:
        loaded = store.load("old")
        assert loaded.version == 1 and loaded.match.owner is None
    finally:
        store.close()


def test_srv_migration_0005_leaves_old_matches_to_the_first_process(empty_url: str) -> None:
    at_revision(empty_url, "0004")
    old_match(empty_url, "old", 1000.0, moves=2)
    store = SqlStore(empty_url)
    try:
        assert store.load("old").driver is None
        store.register_process("first", 5.0, "test")
        assert store.claim_orphans("first", 10) == ["old"]
        assert store.load("old").driver == "first"
    finally:
        store.close()


def test_srv_migration_0006_dates_each_old_match_by_its_last_person_s_move(
    empty_url: str,
) -> None:
    at_revision(empty_url, "0005")
    old_match(empty_url, "moved", 1000.0, moves=2)  # its people moved at 1001 and 1002
    old_match(empty_url, "untouched", 500.0, moves=0)
    store = SqlStore(empty_url)
    try:
        assert store.abandon_matches(before=501.0, limit=10) == ["untouched"]
        assert store.abandon_matches(before=1002.0, limit=10) == []
        assert store.abandon_matches(before=1002.5, limit=10) == ["moved"]
        assert store.load("moved").status == "abandoned"
    finally:
        store.close()


def test_srv_migration_0007_keeps_old_seats_claimed_by_their_tokens(empty_url: str) -> None:
    at_revision(empty_url, "0006")
    old_match(empty_url, "before", 1000.0, moves=1)
    store = SqlStore(empty_url)
    try:
        seats = store.load("before").match.seats
        assert [(s.invite_hash, s.claimed) for s in seats] == [(None, True), (None, True)]
        # An old seat was never offered by invitation: nothing can claim it.
        with pytest.raises(SeatTaken):
            store.claim_seat("before", dataclasses.replace(seats[1], token_hash="f" * 64))
    finally:
        store.close()


def test_srv_migration_0008_adds_accounts_beside_old_matches_and_goes_back(
        empty_url: str) -> None:
    at_revision(empty_url, "0007")
    old_match(empty_url, "before-accounts", 1000.0)
    store = SqlStore(empty_url)
    try:
        assert store.load("before-accounts").match.match_id == "before-accounts"
        tables = set(sa.inspect(store.engine).get_table_names())
        assert {"accounts", "account_sessions", "account_links", "account_passkeys",
                "account_recovery_codes", "passkey_ceremonies", "mail_outbox"} <= tables
    finally:
        store.close()
    command.downgrade(alembic_config(empty_url), "0007")
    engine = sa.create_engine(empty_url)
    try:
        assert "accounts" not in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()
    at_revision(empty_url, "head")


def test_srv_migration_0009_leaves_old_seats_to_no_account(empty_url: str) -> None:
    at_revision(empty_url, "0008")
    old_match(empty_url, "before-binding", 1000.0)
    store = SqlStore(empty_url)
    try:
        seats = store.load("before-binding").match.seats
        assert [s.account_id for s in seats] == [None, None]
        assert store.account_seats("anyone", 10) == []
    finally:
        store.close()
    command.downgrade(alembic_config(empty_url), "0008")
    at_revision(empty_url, "head")
