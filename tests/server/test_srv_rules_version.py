"""Stored matches carry the version of their game's rules they were started under. A match of
another version than the server plays is never replayed under these rules: its view and
replay are refused with ``rules_version`` (kept) or ``rules_changed`` (closed by the
operator), naming the game and both versions; ``sunking serve`` reports the unfinished ones at
start and keeps or closes them as the operator chose; migration 0011 gives every existing
match version 1."""

from __future__ import annotations

import dataclasses
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_support import auth, make_client, new_match, service_of, wait_until
from test_srv_migrations import at_revision, empty_url, old_match
from test_srv_storage import StoreFactory, a_match, act, opener
from typer.testing import CliRunner

from sunking.cli import app as cli_app
from sunking.core import Rng, RulesVersionMismatch, make
from sunking.server.match.history import finished
from sunking.server.match.live import LiveMatch
from sunking.server.running import rules_versions, settle_old_rules
from sunking.server.storage import (
    ActionRecord,
    MatchRecord,
    MatchStore,
    MemoryStore,
    SeatRecord,
    StoredMatch,
)
from sunking.server.storage.sql import SqlStore, sqlite_url

__all__ = ["empty_url", "opener"]  # the fixtures of the storage tests, used here too

VLR = ("human", "human", "human")


def set_rules_version(store: SqlStore, match_id: str, version: int,
                      status: str | None = None) -> None:
    """Make a stored match one of another rules version (as if started by an older release)."""
    values: dict[str, Any] = {"v": version, "m": match_id}
    extra = ", status = :s" if status is not None else ""
    if status is not None:
        values["s"] = status
    with store.engine.begin() as conn:
        conn.execute(sa.text(f"UPDATE matches SET rules_version = :v{extra} "
                             "WHERE match_id = :m"), values)


def aged(client: TestClient, store: SqlStore, game: str, version: int,
         status: str | None = None) -> dict[str, Any]:
    """A match of ``game`` created through the API, then stored as one of ``version``."""
    created = new_match(client, VLR if game != "louis14" else ("human", "human"), game=game)
    set_rules_version(store, created["match_id"], version, status)
    assert service_of(client).cache.forget_if_idle(created["match_id"], force=True)
    return created


def refusal(client: TestClient, path: str, token: str) -> dict[str, Any]:
    answer = client.get(path, headers=auth(token))
    assert answer.status_code == 409, answer.text
    error: dict[str, Any] = answer.json()["error"]
    return error


def test_srv_a_new_match_records_the_version_it_is_played_under(tmp_path: Path) -> None:
    stores: list[SqlStore] = []

    def opened() -> SqlStore:
        stores.append(SqlStore(sqlite_url(tmp_path)))
        return stores[-1]

    with make_client(opened) as client:
        created = new_match(client, VLR, game="vive_le_roi")
        match_id, token = created["match_id"], created["tokens"][0]
        assert stores[0].load(match_id).match.rules_version == 3
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        assert view["rules_version"] == 3
        games = {g["id"]: g["rules_version"] for g in client.get("/api/games").json()}
        assert {g: games[g] for g in ("louis14", "versailles1682", "vive_le_roi")} == {
            "louis14": 1, "versailles1682": 2, "vive_le_roi": 3}
        replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(token)).json()
        assert replay["rules_version"] == 3


@pytest.mark.parametrize("status", [None, "finished"])
def test_srv_a_match_of_older_rules_is_refused_in_words_never_replayed(
        tmp_path: Path, status: str | None) -> None:
    store = SqlStore(sqlite_url(tmp_path))
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        created = aged(client, store, "versailles1682", 1, status)
        match_id, token = created["match_id"], created["tokens"][1]
        for path in (f"/api/matches/{match_id}", f"/api/matches/{match_id}/replay"):
            error = refusal(client, path, token)
            assert error["code"] == "rules_version"
            assert error["details"] == {"game": "versailles1682", "recorded": 1, "engine": 2}
            assert "version 1" in error["message"] and "version 2" in error["message"]
            assert "versailles1682" in error["message"]
        # The lists of a person's matches show it kept, with nothing to play.
        mine = client.post("/api/my-matches", json={"tokens": [token]})
        assert mine.status_code == 200
        assert [(m["match_id"], m["game"], m["status"], m["your_turn"]) for m in mine.json()] \
            == [(match_id, "versailles1682", "old_rules", False)]
    stored = store.load(match_id)
    assert (stored.match.rules_version, stored.status) == (1, status or "active")
    store.close()


def test_srv_louis14_matches_stored_before_versions_play_on(tmp_path: Path) -> None:
    store = SqlStore(sqlite_url(tmp_path))
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        created = aged(client, store, "louis14", 1)
        match_id, token = created["match_id"], created["tokens"][0]
        view = client.get(f"/api/matches/{match_id}", headers=auth(token)).json()
        moved = client.post(f"/api/matches/{match_id}/actions", headers=auth(token),
                            json={"version": 0, "action": view["legal_actions"][0]})
        assert moved.status_code == 200, moved.text
    store.close()


def test_srv_closing_the_matches_of_older_rules(tmp_path: Path) -> None:
    store = SqlStore(sqlite_url(tmp_path))
    lines: list[str] = []
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        old = aged(client, store, "vive_le_roi", 1)
        current = new_match(client, VLR, game="vive_le_roi")
        said = client.post(f"/api/matches/{current['match_id']}/chat",
                           headers=auth(current["tokens"][0]), json={"text": "hello"})
        assert said.status_code == 201
        found = settle_old_rules(store, "close", lines.append)
        assert [f.match_id for f in found] == [old["match_id"]]
        error = refusal(client, f"/api/matches/{old['match_id']}", old["tokens"][0])
        assert error["code"] == "rules_changed"
        assert error["details"] == {"game": "vive_le_roi", "recorded": 1, "engine": 3}
        mine = client.post("/api/my-matches", json={"tokens": [old["tokens"][1]]}).json()
        assert [m["status"] for m in mine] == ["closed"]
        # The match of the current rules is untouched.
        view = client.get(f"/api/matches/{current['match_id']}",
                          headers=auth(current["tokens"][0])).json()
        assert view["status"] == "active"
    report = "\n".join(lines)
    assert old["match_id"] in report and "vive_le_roi" in report
    assert "rules version 1 (this server plays 3)" in report and "Closed 1" in report
    stored = store.load(old["match_id"])
    assert (stored.status, stored.match.rules_version) == ("closed", 1)
    assert store.old_rules(rules_versions()) == []
    store.close()


def test_srv_keeping_the_matches_of_older_rules_changes_nothing() -> None:
    store = MemoryStore()
    with make_client(lambda: store) as client:
        created = new_match(client, VLR, game="vive_le_roi")
    match_id = created["match_id"]
    entry = store._matches[match_id]  # an older release's match, made here
    entry.match = dataclasses.replace(entry.match, rules_version=1)
    before = store.load(match_id)
    lines: list[str] = []
    found = settle_old_rules(store, "keep", lines.append)
    assert [(f.match_id, f.game, f.rules_version, f.status) for f in found] == [
        (match_id, "vive_le_roi", 1, "active")]
    assert store.load(match_id) == before
    assert any("Kept" in line for line in lines)
    with pytest.raises(RulesVersionMismatch):
        LiveMatch.from_stored(before)
    with pytest.raises(ValueError, match="keep or close"):
        settle_old_rules(store, "drop", lines.append)  # type: ignore[arg-type]


def test_srv_nothing_to_report_says_nothing() -> None:
    store: MatchStore = MemoryStore()
    lines: list[str] = []
    assert settle_old_rules(store, "close", lines.append) == []
    assert lines == []


def test_srv_serve_refuses_an_unknown_choice(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--data-dir", str(tmp_path),
                                          "--old-rules", "forget"])
    assert result.exit_code != 0
    assert "keep or close" in result.output


def test_srv_migration_0011_gives_every_stored_match_version_1(empty_url: str) -> None:
    at_revision(empty_url, "0010")
    old_match(empty_url, "old-louis", 1000.0)
    engine = sa.create_engine(empty_url)
    with engine.begin() as conn:  # a Vive le Roi match as 0010 stored it, no move yet
        conn.execute(sa.text(
            "INSERT INTO matches (match_id, game, players, seed, options, language, "
            "spectator_hash, created_at, version, status, hints, practice) VALUES "
            "('old-vlr', 'vive_le_roi', 3, 5, :o, 'en', :h, 1001.0, 0, 'active', false, "
            "false)"), {"o": json.dumps({}), "h": secrets.token_hex(32)})
        for seat in range(3):
            conn.execute(sa.text(
                "INSERT INTO seats (match_id, seat, kind, name, token_hash, away) VALUES "
                "('old-vlr', :s, 'human', :n, :h, false)"),
                {"s": seat, "n": f"P{seat}", "h": secrets.token_hex(32)})
    engine.dispose()
    store = SqlStore(empty_url)
    try:
        louis, vlr = store.load("old-louis"), store.load("old-vlr")
        assert (louis.match.rules_version, vlr.match.rules_version) == (1, 1)
        assert LiveMatch.from_stored(louis).version == 1  # Louis XIV's rules did not change
        with pytest.raises(RulesVersionMismatch, match=r"version 1 .* vive_le_roi"):
            LiveMatch.from_stored(vlr)
        assert [(o.match_id, o.rules_version) for o in store.old_rules(rules_versions())] == [
            ("old-vlr", 1)]
        assert make("vive_le_roi").spec.rules_version == 3
    finally:
        store.close()


def test_srv_history_leaves_out_a_finished_match_of_other_rules() -> None:
    """A person's history replays his finished matches: one of another version is left out,
    never scored by rules it was not played by."""
    game = make("louis14")
    state = game.new_game(2, 3)
    rng = Rng(3)
    log = []
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        log.append(ActionRecord(state.version, state.to_move or 0, action.to_json(), None,
                                "seat", 1.0))
        state = state.apply(action)
    seats = tuple(SeatRecord(i, "human", f"P{i}", None, f"h{i}") for i in range(2))
    record = MatchRecord("m", "louis14", 2, 3, {}, "en", None, "s", 0.0, seats)
    stored = StoredMatch(record, tuple(log), "finished", None)
    end = finished(stored, 0)
    assert end is not None and end.score == state.result().scores[0]
    other = dataclasses.replace(stored, match=dataclasses.replace(record, rules_version=2))
    assert finished(other, 0) is None


def test_srv_every_store_finds_and_closes_the_matches_of_other_rules(
        opener: StoreFactory) -> None:
    store = opener()
    old, current, done = (dataclasses.replace(a_match()[0], game="vive_le_roi",
                                              rules_version=v) for v in (1, 2, 1))
    louis = a_match()[0]
    for record in (old, current, done, louis):
        store.create_match(record, 5.0, "p1")
    store.append_action(done.match_id, act(0), status="finished", turn_deadline=None)
    versions = {"vive_le_roi": 2, "louis14": 1}
    assert [(o.match_id, o.game, o.rules_version, o.status)
            for o in opener().old_rules(versions)] == [(old.match_id, "vive_le_roi", 1, "active")]
    assert store.close_old_rules([old.match_id, current.match_id, done.match_id]) == sorted(
        [old.match_id, current.match_id])  # what it is asked to close, unless finished
    again = opener()
    closed = again.load(old.match_id)
    assert (closed.status, closed.turn_deadline, closed.driver) == ("closed", None, None)
    assert closed.match == old
    assert again.load(done.match_id).status == "finished"
    assert again.old_rules(versions) == []
    assert old.match_id not in again.active_match_ids()


def bots_to_the_end(client: TestClient, game: str = "vive_le_roi") -> dict[str, Any]:
    """A match of random bots only, played to its end by the server."""
    created = client.post("/api/matches", json={
        "game": game, "players": 3, "seed": 4, "language": "en",
        "seats": [{"kind": "bot", "bot": "random"}] * 3}).json()
    spectator = created["spectator"]["token"]
    wait_until(lambda: client.get(f"/api/matches/{created['match_id']}",
                                  headers=auth(spectator)).json()["status"] == "finished")
    return created


def replay_kept(store: SqlStore, match_id: str) -> bool:
    """Whether the server has kept the finished match's replay."""
    with store.engine.begin() as conn:
        return conn.execute(sa.text("SELECT 1 FROM replays WHERE match_id = :m"),
                            {"m": match_id}).first() is not None


def newer_rules(monkeypatch: pytest.MonkeyPatch, game: str = "vive_le_roi") -> None:
    """The server now plays the next version of ``game``'s rules (an upgrade)."""
    engine = make(game)
    monkeypatch.setattr(engine, "spec", dataclasses.replace(
        engine.spec, rules_version=engine.spec.rules_version + 1))


def test_srv_a_finished_match_of_older_rules_still_shows_its_kept_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SqlStore(sqlite_url(tmp_path))
    with make_client(lambda: SqlStore(sqlite_url(tmp_path))) as client:
        kept = bots_to_the_end(client)
        lost = bots_to_the_end(client)
        match_id, spectator = kept["match_id"], kept["spectator"]["token"]
        # The finish is published as soon as the last move is stored; its replay is kept a
        # moment later. Both must be there before one is taken away and the rules change.
        wait_until(lambda: replay_kept(store, match_id) and replay_kept(store, lost["match_id"]))
        replay = client.get(f"/api/matches/{match_id}/replay", headers=auth(spectator)).json()
        board = f"/api/matches/{match_id}/replay/board"
        before = client.get(board, params={"version": 5, "seat": 1, "lang": "de"},
                            headers=auth(spectator)).json()
        with store.engine.begin() as conn:  # finished before replays were kept
            conn.execute(sa.text("DELETE FROM replays WHERE match_id = :m"),
                         {"m": lost["match_id"]})
        newer_rules(monkeypatch)
        service = service_of(client)
        for created in (kept, lost):
            assert service.cache.forget_if_idle(created["match_id"], force=True)
        # Shown as it ended, and replayed as it was shown when it finished.
        ended = client.get(f"/api/matches/{match_id}", params={"lang": "fr"},
                           headers=auth(spectator))
        assert ended.status_code == 200, ended.text
        assert ended.json()["status"] == "finished" and ended.json()["board"]["result"]
        again = client.get(f"/api/matches/{match_id}/replay", headers=auth(spectator))
        assert again.status_code == 200, again.text
        assert again.json()["frames"] == replay["frames"]
        assert again.json()["status"] == "finished"
        assert again.json()["rules_version"] == replay["rules_version"]
        seat_board = client.get(board, params={"version": 5, "seat": 1, "lang": "de"},
                                headers=auth(spectator))
        assert seat_board.status_code == 200, seat_board.text
        assert seat_board.json() == before
        for params in ({"version": 10**6}, {"version": 5, "seat": 3}):
            assert client.get(board, params=params, headers=auth(spectator)).status_code == 422
        assert client.get(f"/api/matches/{match_id}/replay",
                          headers=auth("x" * 43)).status_code == 403
        # Finished before replays were kept: the clear refusal, never a replay under new rules.
        error = refusal(client, f"/api/matches/{lost['match_id']}/replay",
                        lost["spectator"]["token"])
        assert error["code"] == "rules_version"
        now = make("vive_le_roi").spec.rules_version
        assert error["details"] == {"game": "vive_le_roi", "recorded": now - 1, "engine": now}
    store.close()
