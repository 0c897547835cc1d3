"""The MatchStore protocol on every implementation: memory, SQLite (a file) and PostgreSQL
(``SUNKING_TEST_POSTGRES_URL``; required when ``CI`` is set)."""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from srv_support import postgres_url

from sunking.server.match.tokens import token_hash
from sunking.server.storage import (
    ActionRecord,
    Append,
    ChatRecord,
    DuplicateRequest,
    MatchClosed,
    MatchRecord,
    MatchStore,
    MemoryStore,
    NotDriver,
    SeatRecord,
    SeatTaken,
    StorageError,
    UnknownMatch,
    VersionConflict,
)
from sunking.server.storage.sql import SqlStore, sqlite_url

StoreFactory = Callable[[], MatchStore]


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Opens a store on one database; every call is a new store (a new process's view)."""
    opened: list[MatchStore] = []
    if request.param == "memory":
        shared = MemoryStore()

        def open_store() -> MatchStore:
            return shared
    else:
        url = sqlite_url(tmp_path) if request.param == "sqlite" else postgres_url()

        def open_store() -> MatchStore:
            store = SqlStore(url)
            opened.append(store)
            return store

    yield open_store
    for store in opened:
        store.close()


def a_match(players: int = 3) -> tuple[MatchRecord, list[str]]:
    """A match record with fresh ids; seat 1 is a bot, the others human (their tokens)."""
    tokens = [f"token-{uuid.uuid4()}" for _ in range(players)]
    seats = tuple(
        SeatRecord(i, "bot", "Bot", "heuristic", None) if i == 1 else
        SeatRecord(i, "human", f"P{i}", None, token_hash(tokens[i]))
        for i in range(players)
    )
    record = MatchRecord(
        match_id=uuid.uuid4().hex[:16], game="louis14", players=players, seed=2**62 + 5,
        options={}, language="fr", turn_clock_seconds=30.0,
        spectator_hash=token_hash(f"spectator-{uuid.uuid4()}"), created_at=1000.5,
        seats=seats,
    )
    return record, tokens


def act(version: int, seat: int = 0, request_id: str | None = None) -> ActionRecord:
    return ActionRecord(version, seat, {"type": "pass", "n": version}, request_id, "seat",
                        2000.0 + version)


def test_srv_round_trip(opener: StoreFactory) -> None:
    record, _ = a_match()
    opener().create_match(record, turn_deadline=1234.5)
    store = opener()
    store.append_action(record.match_id, act(0), status="active", turn_deadline=None)
    store.append_action(record.match_id, act(1, 2, "r1"), status="finished", turn_deadline=9.0)
    loaded = opener().load(record.match_id)
    assert loaded.match == record
    assert loaded.actions == (act(0), act(1, 2, "r1"))
    assert loaded.version == 2
    assert loaded.status == "finished"
    assert loaded.turn_deadline == 9.0


def test_srv_stale_append_fails_and_changes_nothing(opener: StoreFactory) -> None:
    record, _ = a_match()
    store = opener()
    store.create_match(record, None)
    store.append_action(record.match_id, act(0), status="active", turn_deadline=None)
    for version in (0, 2, 5):
        with pytest.raises(VersionConflict):
            store.append_action(record.match_id, act(version, 1), status="finished",
                                turn_deadline=3.0)
    loaded = opener().load(record.match_id)
    assert loaded.actions == (act(0),)
    assert (loaded.status, loaded.turn_deadline) == ("active", None)


def test_srv_duplicate_request_fails(opener: StoreFactory) -> None:
    record, _ = a_match()
    store = opener()
    store.create_match(record, None)
    store.append_action(record.match_id, act(0, 0, "same"), status="active", turn_deadline=None)
    with pytest.raises(DuplicateRequest):
        store.append_action(record.match_id, act(1, 0, "same"), status="active",
                            turn_deadline=None)
    # Another seat may use the same request id; no request id never collides.
    store.append_action(record.match_id, act(1, 2, "same"), status="active", turn_deadline=None)
    store.append_action(record.match_id, act(2, 0), status="active", turn_deadline=None)
    store.append_action(record.match_id, act(3, 0), status="active", turn_deadline=None)
    assert opener().load(record.match_id).version == 4


def test_srv_racing_appends_store_exactly_one(opener: StoreFactory) -> None:
    record, _ = a_match()
    opener().create_match(record, None)
    stores = [opener() for _ in range(6)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(stores))

    def append(i: int) -> None:
        barrier.wait()
        try:
            stores[i].append_action(record.match_id, act(0, i % 3), status="active",
                                    turn_deadline=None)
            outcomes.append("stored")
        except VersionConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=append, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * 5 + ["stored"]
    assert opener().load(record.match_id).version == 1


def test_srv_unknown_match(opener: StoreFactory) -> None:
    store = opener()
    with pytest.raises(UnknownMatch):
        store.load("nosuchmatch")
    with pytest.raises(UnknownMatch):
        store.append_action("nosuchmatch", act(0), status="active", turn_deadline=None)
    with pytest.raises(UnknownMatch):
        store.set_away("nosuchmatch", 0, True)
    with pytest.raises(UnknownMatch):
        store.set_deadline("nosuchmatch", 1.0)


def test_srv_duplicate_match_id_refused(opener: StoreFactory) -> None:
    record, _ = a_match()
    opener().create_match(record, None)
    with pytest.raises(StorageError):
        opener().create_match(record, None)


def test_srv_tokens_seats_and_deadlines(opener: StoreFactory) -> None:
    record, tokens = a_match(4)
    other, other_tokens = a_match(2)
    store = opener()
    store.create_match(record, None)
    store.create_match(other, None)
    holders = store.find_tokens([
        token_hash(tokens[2]), "0" * 64, record.spectator_hash, token_hash(other_tokens[0]),
    ])
    assert [(h.match_id, h.seat) for h in holders] == [
        (record.match_id, 2), (record.match_id, None), (other.match_id, 0),
    ]
    assert store.find_tokens([]) == []
    store.set_away(record.match_id, 3, True)
    store.set_deadline(record.match_id, 77.25)
    loaded = opener().load(record.match_id)
    assert [s.away for s in loaded.match.seats] == [False, False, False, True]
    assert loaded.turn_deadline == 77.25
    with pytest.raises(UnknownMatch):
        store.set_away(record.match_id, 9, True)


def test_srv_active_matches(opener: StoreFactory) -> None:
    running, _ = a_match()
    done, _ = a_match()
    store = opener()
    store.create_match(running, None)
    store.create_match(done, None)
    store.append_action(done.match_id, act(0), status="finished", turn_deadline=None)
    active = opener().active_match_ids()
    assert running.match_id in active
    assert done.match_id not in active


def test_srv_chat_round_trip_and_numbering(opener: StoreFactory) -> None:
    store = opener()
    match, _ = a_match()
    store.create_match(match, None)
    first = ChatRecord(0, 0, None, "<b>hello</b>", 0, 1000.0)
    private = ChatRecord(1, 2, (0,), "just you", 3, 1001.5)
    store.append_chat(match.match_id, first)
    store.append_chat(match.match_id, private)
    with pytest.raises(VersionConflict):
        store.append_chat(match.match_id, ChatRecord(1, 0, None, "again", 3, 1002.0))
    with pytest.raises(UnknownMatch):
        store.append_chat("nosuchmatch", ChatRecord(0, 0, None, "hi", 0, 1.0))
    assert opener().load_chat(match.match_id) == (first, private)
    assert opener().load_chat("nosuchmatch") == ()


def test_srv_open_seats_fill_once(opener: StoreFactory) -> None:
    store = opener()
    match, _ = a_match()
    seats = list(match.seats)
    seats[2] = SeatRecord(2, "open", "", None, None)
    waiting = dataclasses.replace(match, seats=tuple(seats), host_seat=0, hints=True)
    store.create_match(waiting, None)
    assert waiting.match_id in opener().open_match_ids(1000)
    assert waiting.match_id not in opener().active_match_ids()
    taken = SeatRecord(2, "human", "Joiner", None, token_hash(f"joiner-{uuid.uuid4()}"))
    store.fill_seats(waiting.match_id, [taken], status="active", turn_deadline=5.0)
    with pytest.raises(SeatTaken):
        store.fill_seats(waiting.match_id, [SeatRecord(2, "bot", "b", "random", None)],
                         status="active", turn_deadline=None)
    with pytest.raises(SeatTaken):  # seat 0 was never free
        store.fill_seats(waiting.match_id, [SeatRecord(0, "bot", "b", "random", None)],
                         status="active", turn_deadline=None)
    with pytest.raises(UnknownMatch):
        store.fill_seats("nosuchmatch", [taken], status="active", turn_deadline=None)
    loaded = opener().load(waiting.match_id)
    assert loaded.match.seats[2] == taken and loaded.match.host_seat == 0
    assert loaded.match.hints is True
    assert loaded.status == "active" and loaded.turn_deadline == 5.0
    assert waiting.match_id not in opener().open_match_ids(1000)
    assert waiting.match_id in opener().active_match_ids()


def test_srv_appends_together_refuse_one_and_keep_the_others(opener: StoreFactory) -> None:
    """Moves stored in one batch: a stale one and a duplicate request are refused and change
    nothing; the others are stored, each with its status and deadline."""
    store = opener()
    first, second, third = a_match()[0], a_match()[0], a_match()[0]
    for record in (first, second, third):
        store.create_match(record, None)
    store.append_action(second.match_id, act(0, 0, "r"), status="active", turn_deadline=None)
    refusals = store.append_actions([
        Append(first.match_id, act(0), "active", 5.0),
        Append(second.match_id, act(0, 2), "active", None),  # version 0 is taken
        Append(second.match_id, act(1, 0, "r"), "active", None),  # request r was sent
        Append(third.match_id, act(0, 2), "finished", None, bank_left=3.5),
        Append("nosuchmatch", act(0), "active", None),
    ])
    assert [type(r) for r in refusals] == [type(None), VersionConflict, DuplicateRequest,
                                          type(None), UnknownMatch]
    again = opener()
    assert again.load(first.match_id).actions == (act(0),)
    assert again.load(first.match_id).turn_deadline == 5.0
    assert again.load(second.match_id).actions == (act(0, 0, "r"),)
    assert again.load(third.match_id).status == "finished"
    assert again.load(third.match_id).match.seats[2].bank_left == 3.5


def test_srv_one_request_twice_in_one_batch(opener: StoreFactory) -> None:
    """The same request twice in one batch: the first is stored, the second refused, and
    the other appends of the batch are stored all the same."""
    store = opener()
    record, other = a_match()[0], a_match()[0]
    store.create_match(record, None)
    store.create_match(other, None)
    refusals = store.append_actions([
        Append(record.match_id, act(0, 2, "twice"), "active", None),
        Append(record.match_id, act(1, 2, "twice"), "active", None, bank_left=1.0),
        Append(other.match_id, act(0), "active", None),
    ])
    assert [type(r) for r in refusals] == [type(None), DuplicateRequest, type(None)]
    again = opener()
    assert again.load(record.match_id).actions == (act(0, 2, "twice"),)
    assert again.load(record.match_id).match.seats[2].bank_left is None
    assert again.load(other.match_id).actions == (act(0),)


def test_srv_migrations_are_idempotent_and_complete(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    SqlStore(url).close()
    store = SqlStore(url)  # a second start migrates nothing and keeps working
    inspector = sa.inspect(store.engine)
    assert {"matches", "seats", "actions", "chat_messages", "processes", "alembic_version",
            "accounts", "account_sessions", "mail_outbox", "turn_notices", "notice_choices",
            "profile_choices", "ratings", "rated_matches", "rating_changes", "follows",
            "blocks", "mutes", "reports", "suspensions",
            "person_invitations", "replays"} <= set(inspector.get_table_names())
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("select version_num from alembic_version")).scalar() == "0015"
    columns = {c["name"] for c in inspector.get_columns("matches")}
    assert {"practice", "owner", "driver", "person_at", "rules_version"} <= columns
    store.close()


def test_srv_sqlite_is_durable_mode(tmp_path: Path) -> None:
    store = SqlStore(sqlite_url(tmp_path))
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("pragma journal_mode")).scalar() == "wal"
        assert conn.execute(sa.text("pragma synchronous")).scalar() == 2  # FULL
    store.close()


def planned(version: int, seat: int = 1) -> ActionRecord:
    """A bot's move (not a person's)."""
    return ActionRecord(version, seat, {"type": "pass", "n": version}, None, "bot",
                        2000.0 + version)


def test_srv_only_the_driver_stores_a_bot_s_move(opener: StoreFactory) -> None:
    record, _ = a_match()
    store = opener()
    store.create_match(record, None, "p1")
    assert opener().load(record.match_id).driver == "p1"
    with pytest.raises(NotDriver):
        store.append_action(record.match_id, planned(0), status="active", turn_deadline=None,
                            driver="p2")
    store.append_action(record.match_id, planned(0), status="active", turn_deadline=None,
                        driver="p1")
    # A person's move, stored by any process, makes that process the driver.
    store.append_action(record.match_id, act(1), status="active", turn_deadline=None,
                        driver="p2")
    loaded = opener().load(record.match_id)
    assert (loaded.version, loaded.driver) == (2, "p2")
    with pytest.raises(NotDriver):
        store.append_action(record.match_id, planned(2), status="active", turn_deadline=None,
                            driver="p1")
    refusals = store.append_actions([Append(record.match_id, planned(2), "active", None,
                                            driver="p1")])
    assert [type(r) for r in refusals] == [NotDriver]
    assert opener().load(record.match_id).version == 2


def test_srv_matches_of_a_process_whose_lease_ran_out_are_claimed_once(
    opener: StoreFactory,
) -> None:
    record, _ = a_match()
    p1, p2, p3 = (f"{name}-{uuid.uuid4().hex[:8]}" for name in ("p1", "p2", "p3"))
    store = opener()
    store.register_process(p1, 0.5, "test")
    store.register_process(p2, 60.0, "test")
    store.register_process(p3, 60.0, "test")
    store.create_match(record, None, p1)
    assert record.match_id not in store.claim_orphans(p2, 10_000)  # p1 is alive
    store.renew_process(p1, 0.5)
    time.sleep(0.7)
    claims = [opener().claim_orphans(p, 10_000) for p in (p2, p3)]
    assert record.match_id in claims[0] and record.match_id not in claims[1]
    assert opener().load(record.match_id).driver == p2
    store.retire_process(p2)  # gives its matches up: claimed at once
    assert opener().load(record.match_id).driver is None
    assert record.match_id in opener().claim_orphans(p3, 10_000)
    assert opener().match_versions([record.match_id, "nobody"]) == {record.match_id: 0}


def test_srv_abandoned_matches_are_closed_keeping_their_moves(opener: StoreFactory) -> None:
    """A match in which no person moved since the cutoff is closed (its clock, driver and chat
    gone, its moves kept); a person's move keeps a match open, a bot's does not."""
    quiet, busy, bots_only = (dataclasses.replace(a_match()[0], created_at=10.0)
                              for _ in range(3))
    store = opener()
    for record in (quiet, busy, bots_only):
        store.create_match(record, 15.0, "p1")
    said = dataclasses.replace(act(0), created_at=12.0)
    store.append_action(quiet.match_id, said, status="active", turn_deadline=16.0)
    store.append_chat(quiet.match_id, ChatRecord(0, 0, None, "anyone?", 1, 12.0))
    store.append_action(busy.match_id, dataclasses.replace(act(0), created_at=30.0),
                        status="active", turn_deadline=None)
    store.append_action(bots_only.match_id, dataclasses.replace(planned(0), created_at=30.0),
                        status="active", turn_deadline=None, driver="p1")
    closed = opener().abandon_matches(before=20.0, limit=10_000)
    assert quiet.match_id in closed and bots_only.match_id in closed
    assert busy.match_id not in closed
    loaded = opener().load(quiet.match_id)
    assert (loaded.status, loaded.turn_deadline, loaded.driver) == ("abandoned", None, None)
    assert loaded.actions == (said,) and loaded.match == quiet
    assert opener().load_chat(quiet.match_id) == ()
    assert opener().load(busy.match_id).status == "active"
    with pytest.raises(MatchClosed):
        store.append_action(quiet.match_id, act(1), status="active", turn_deadline=None)
    assert quiet.match_id not in opener().abandon_matches(before=20.0, limit=10_000)
    assert quiet.match_id not in opener().claim_orphans("p2", 10_000)
