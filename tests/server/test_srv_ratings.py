"""Ratings of people (``docs/ratings.md``): a rated match between accounts changes both ratings
as the published formula says (computed here from the formula, not by the server's code);
practice matches and matches with a bot leave ratings alone; a person who resigns is played on
by the stand-in, cannot move any more, is shown as resigned and ranks last; a match is rated
once, whoever tries again."""

from __future__ import annotations

import dataclasses
import math
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from srv_accounts import account_client, accounts_of, csrf, sign_in, sign_up
from srv_support import auth, postgres_url

from sunking.core import Rng
from sunking.server.community.store import CommunityStore
from sunking.server.ratings.service import judge
from sunking.server.ratings.store import (
    RATED_MATCHES,
    RATING_CHANGES,
    RATINGS,
    Placed,
    RatingStore,
)
from sunking.server.storage.sql import SqlStore

T = TypeVar("T")

# The published constants (docs/ratings.md), written out again on purpose.
MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 0.0001


def expected(pairs: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """The Plackett–Luce update of docs/ratings.md, written from the formula."""
    sig2 = [s * s + TAU * TAU for _, s in pairs]
    c = math.sqrt(sum(v + BETA * BETA for v in sig2))
    strength = [math.exp(m / c) for m, _ in pairs]
    n = len(pairs)
    below = [sum(strength[i] for i in range(n) if ranks[i] >= ranks[q]) for q in range(n)]
    shared = [sum(1 for i in range(n) if ranks[i] == ranks[q]) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if ranks[q] > ranks[i]:
                continue
            p = strength[i] / below[q]
            omega += ((1 if q == i else 0) - p) / shared[q]
            delta += p * (1 - p) / shared[q]
        omega *= sig2[i] / c
        delta *= (math.sqrt(sig2[i]) / c) * sig2[i] / (c * c)
        out.append((pairs[i][0] + omega, math.sqrt(sig2[i]) * math.sqrt(max(1 - delta, KAPPA))))
    return out


def places(result: dict[str, Any]) -> list[int]:
    """Finishing places from a result: the winners first, then by score and tie-break."""
    n = len(result["scores"])
    key = [(p in result["winners"], result["scores"][p], result["tiebreak"][p]) for p in range(n)]
    return [1 + sum(1 for other in key if other > mine) for mine in key]


def table_of(client: TestClient, box: Any, handles: list[str], **extra: Any) -> dict[str, Any]:
    """A louis14 table of ``handles``' accounts (each signs up, the first creates it, the
    others claim their invitation): the match id and each seat's token."""
    sign_up(client, box, handles[0], f"{handles[0].lower()}@example.org")
    created = client.post("/api/matches", headers=csrf(client), json={
        "game": "louis14", "players": len(handles),
        "seats": [{"kind": "human", "name": h} for h in handles], **extra}).json()
    tokens = [created["seats"][0]["token"]]
    for seat, handle in enumerate(handles[1:], start=1):
        client.cookies.clear()
        sign_up(client, box, handle, f"{handle.lower()}@example.org")
        claim = client.post(f"/api/matches/{created['match_id']}/claim", headers=csrf(client),
                            json={"invitation": created["seats"][seat]["invitation"]})
        assert claim.status_code == 201, claim.text
        tokens.append(claim.json()["token"])
    client.cookies.clear()
    return {"match_id": created["match_id"], "tokens": tokens}


def play_out(client: TestClient, table: dict[str, Any], seats: range | list[int]) -> dict[str, Any]:
    """``seats`` play random moves (the others' are the stand-in's) until the end; the final
    view of the first of them."""
    match_id, tokens, rng = table["match_id"], table["tokens"], Rng(7)
    while True:
        view = client.get(f"/api/matches/{match_id}", headers=auth(tokens[seats[0]])).json()
        if view["status"] == "finished":
            return dict(view)
        seat = view["to_move"]
        if seat not in seats:
            time.sleep(0.01)  # the stand-in's move is on its way
            continue
        mine = client.get(f"/api/matches/{match_id}", headers=auth(tokens[seat])).json()
        if mine["version"] == view["version"] and mine["legal_actions"]:
            client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[seat]), json={
                "version": mine["version"], "action": rng.choice(mine["legal_actions"])})


def in_store(client: TestClient, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the account store's own thread, as the server calls it (its test
    database is one in-memory connection that no other thread may use)."""
    store = accounts_of(client).store
    return client.portal.call(store.call, fn, *args)  # type: ignore[union-attr]


def settled(client: TestClient, match_id: str) -> str:
    """How the server settled the match, once it has (it does so in the background)."""
    store = RatingStore(accounts_of(client).store.engine)
    for _ in range(2000):
        outcome = in_store(client, store.outcome, match_id)
        if outcome is not None:
            return outcome
        time.sleep(0.01)
    raise AssertionError(f"match {match_id} was never settled")


def rating(client: TestClient, handle: str) -> dict[str, Any] | None:
    answer = client.get(f"/api/players/{handle}").json()
    found: dict[str, Any] | None = answer["ratings"].get("louis14")
    return found


def test_srv_a_rated_match_changes_both_ratings_as_published() -> None:
    with account_client() as (client, box):
        table = table_of(client, box, ["Racine", "Boileau"])
        end = play_out(client, table, [0, 1])
        assert settled(client, table["match_id"]) == "rated"
        ranks = places(end["result"])
        want = expected([(MU, SIGMA), (MU, SIGMA)], ranks)
        for handle, (mu, sigma) in zip(["Racine", "Boileau"], want, strict=True):
            got = rating(client, handle)
            assert got is not None and got["games"] == 1 and got["provisional"] is True
            assert math.isclose(got["mu"], mu, abs_tol=1e-3)
            assert math.isclose(got["sigma"], sigma, abs_tol=1e-3)
            assert got["rating"] == round(1000 + 40 * (mu - 3 * sigma))
        if ranks[0] != ranks[1]:
            winner = ranks.index(1)
            assert want[winner][0] > MU > want[1 - winner][0]
        board = client.get("/api/ratings/louis14").json()
        # Best first; a tie (a drawn game) by handle, as the leaderboard orders it.
        assert [p["handle"] for p in board["players"]] == sorted(
            ["Racine", "Boileau"],
            key=lambda h: (-rating(client, h)["rating"], h.lower()))  # type: ignore[index]
        assert board["players"][0]["place"] == 1
        # The open tables show a seat's rating in the table's game beside its name.
        assert sign_in(client, "racine@example.org").status_code == 200
        client.post("/api/matches", headers=csrf(client), json={
            "game": "louis14", "players": 2,
            "seats": [{"kind": "human", "name": "Racine"}, {"kind": "open"}]})
        [open_table] = client.get("/api/open-matches").json()
        racine = rating(client, "Racine")
        assert racine is not None
        assert open_table["seats"][0]["rating"] == racine["rating"]
        assert open_table["seats"][0]["provisional"] is True
        assert "rating" not in open_table["seats"][1]
        assert client.get("/api/ratings/chess").status_code == 404
        assert client.get("/api/ratings/louis14?offset=-1").status_code == 422
        # His data holds his ratings; deleting his account takes them away.
        exported = client.get("/api/account/export").json()
        assert exported["ratings"]["louis14"] == racine
        assert [c["match_id"] for c in exported["rating_changes"]] == [table["match_id"]]
        assert client.delete("/api/account", headers=csrf(client)).status_code == 200
        assert [p["handle"] for p in client.get("/api/ratings/louis14").json()["players"]] == \
            ["Boileau"]
        engine = accounts_of(client).store.engine
        assert in_store(client, RatingStore(engine).history, exported["account_id"]) == []
        assert in_store(client, RatingStore(engine).of_account, exported["account_id"]) == {}


def test_srv_practice_and_bot_matches_leave_ratings_alone() -> None:
    with account_client() as (client, box):
        table = table_of(client, box, ["Moliere", "Corneille"], practice=True)
        play_out(client, table, [0, 1])
        assert settled(client, table["match_id"]) == "practice"
        sign_up(client, box, "Pascal", "pascal@example.org")
        created = client.post("/api/matches", headers=csrf(client), json={
            "game": "louis14", "players": 2,
            "seats": [{"kind": "human", "name": "Pascal"},
                      {"kind": "bot", "bot": "random"}]}).json()
        client.cookies.clear()
        play_out(client, {"match_id": created["match_id"],
                          "tokens": [created["seats"][0]["token"]]}, [0])
        assert settled(client, created["match_id"]) == "bots"
        for handle in ("Moliere", "Corneille", "Pascal"):
            assert rating(client, handle) is None
        assert client.get("/api/ratings/louis14").json()["players"] == []


def test_srv_resigning_hands_the_seat_to_the_stand_in_and_ranks_last() -> None:
    with account_client() as (client, box):
        table = table_of(client, box, ["Fenelon", "Bossuet"])
        match_id, tokens = table["match_id"], table["tokens"]
        resigned = client.post(f"/api/matches/{match_id}/resign", headers=auth(tokens[1]))
        assert resigned.status_code == 200, resigned.text
        view = resigned.json()
        assert view["seats"][1]["gone"] == "resigned" and view["seats"][1]["away"] is True
        assert view["seats"][0]["gone"] is None
        # He cannot come back to play: the stand-in plays his seat to the end.
        late = client.get(f"/api/matches/{match_id}", headers=auth(tokens[1])).json()
        assert late["seats"][1]["away"] is True and late["legal_actions"] == []
        moved = client.post(f"/api/matches/{match_id}/actions", headers=auth(tokens[1]),
                            json={"version": late["version"], "action": {"kind": "pass"}})
        assert moved.status_code == 403 and "resigned" in moved.text
        end = play_out(client, table, [0])
        assert settled(client, match_id) == "rated"
        after = client.get(f"/api/matches/{match_id}", headers=auth(tokens[1])).json()
        assert after["seats"][1]["gone"] == "resigned"
        assert client.post(f"/api/matches/{match_id}/resign",
                           headers=auth(tokens[0])).json()["error"]["code"] == "game_over"
        assert client.post(f"/api/matches/{match_id}/resign").status_code == 401
        sign_up(client, box, "Patru", "patru@example.org")
        waiting = client.post("/api/matches", headers=csrf(client), json={
            "game": "louis14", "players": 2,
            "seats": [{"kind": "human", "name": "Patru"}, {"kind": "open"}]}).json()
        early = client.post(f"/api/matches/{waiting['match_id']}/resign",
                            headers=auth(waiting["seats"][0]["token"]))
        assert early.json()["error"]["code"] == "not_started"
        # Ranked last whatever the stand-in scored.
        assert 1 in places(end["result"])
        want = expected([(MU, SIGMA), (MU, SIGMA)], [1, 2])
        for handle, (mu, _sigma) in zip(["Fenelon", "Bossuet"], want, strict=True):
            got = rating(client, handle)
            assert got is not None and math.isclose(got["mu"], mu, abs_tol=1e-3)
        changes = in_store(client, RatingStore(accounts_of(client).store.engine).changes,
                           match_id)
        assert {(c["rank"], c["gone"]) for c in changes} == {(1, None), (2, "resigned")}


def test_srv_a_person_whose_clock_runs_out_three_times_in_a_row_has_left() -> None:
    with account_client() as (client, box):
        table = table_of(client, box, ["Scarron", "Segrais"], turn_clock_seconds=0.5)
        match_id, tokens = table["match_id"], table["tokens"]
        end = play_out(client, table, [0])  # Segrais never moves
        assert settled(client, match_id) == "rated"
        assert end["seats"][1]["gone"] == "left" and end["seats"][0]["gone"] is None
        changes = in_store(client, RatingStore(accounts_of(client).store.engine).changes,
                           match_id)
        assert {(c["rank"], c["gone"]) for c in changes} == {(1, None), (2, "left")}
        # He may come back to watch; he has left all the same.
        back = client.get(f"/api/matches/{match_id}", headers=auth(tokens[1])).json()
        assert back["seats"][1]["gone"] == "left"


def test_srv_three_clock_timeouts_in_a_row_count_as_leaving(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'ratings.db'}")
    with account_client(lambda: store) as (client, box):
        table = table_of(client, box, ["Racan", "Malherbe"])
        play_out(client, table, [0, 1])
        assert settled(client, table["match_id"]) == "rated"
        # A process that stopped before settling: every minute another finds the match.
        with store.engine.begin() as conn:
            for done in (RATED_MATCHES, RATINGS, RATING_CHANGES):
                conn.execute(sa.delete(done))
        sweep = client.app.state.ratings.sweep  # type: ignore[attr-defined]
        assert client.portal.call(sweep) == 1  # type: ignore[union-attr]
        assert client.portal.call(sweep) == 0  # type: ignore[union-attr]
        assert rating(client, "Racan")["games"] == 1  # type: ignore[index]
    stored = store.load(table["match_id"])
    outcome, seats = judge(stored)
    assert outcome == "rated" and all(s.gone is None for s in seats)
    # The same log, but seat 0's last three moves made by the stand-in as its clock ran out.
    mine = [i for i, a in enumerate(stored.actions) if a.seat == 0][-3:]
    actions = tuple(dataclasses.replace(a, mover="clock") if i in mine else a
                    for i, a in enumerate(stored.actions))
    outcome, seats = judge(dataclasses.replace(stored, actions=actions))
    assert outcome == "rated" and seats[0].gone == "left" and seats[0].rank == 2
    actions = tuple(dataclasses.replace(a, mover="clock") if i in mine[1:] else a
                    for i, a in enumerate(stored.actions))
    assert judge(dataclasses.replace(stored, actions=actions))[1][0].gone is None
    store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_srv_a_match_is_rated_once_whichever_process_tries(tmp_path: Path,
                                                           database: str) -> None:
    url = f"sqlite:///{tmp_path / 'ratings.db'}" if database == "sqlite" else postgres_url()
    first, second = SqlStore(url), SqlStore(url)  # two server processes on one database
    mine, theirs = RatingStore(first.engine), RatingStore(second.engine)
    a, b, m1, m2 = (uuid.uuid4().hex[:16] for _ in range(4))
    seats = [Placed(a, 1), Placed(b, 2)]
    assert mine.settle(m1, "louis14", "rated", seats, 1.0) is True
    assert theirs.settle(m1, "louis14", "rated", seats, 2.0) is False
    assert mine.settle(m1, "louis14", "rated", seats, 3.0) is False
    assert theirs.of_account(a)["louis14"].games == 1
    [(mu, _sigma), _] = expected([(MU, SIGMA), (MU, SIGMA)], [1, 2])
    assert math.isclose(theirs.of_account(a)["louis14"].mu, mu, abs_tol=1e-9)
    assert theirs.settle(m2, "louis14", "rated", seats[::-1], 4.0) is True
    assert mine.of_account(b)["louis14"].games == 2
    assert mine.outcome(m1) == "rated" and mine.outcome(uuid.uuid4().hex) is None
    # Both processes settle the same twenty matches of the same two people at once: each
    # match counts once, and no update of a rating is lost.
    ids = [uuid.uuid4().hex[:16] for _ in range(20)]
    done: list[bool] = []

    def settle_all(store: RatingStore) -> None:
        done.extend(store.settle(i, "louis14", "rated", seats, 5.0) for i in ids)

    racers = [threading.Thread(target=settle_all, args=(s,)) for s in (mine, theirs)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert done.count(True) == 20 and done.count(False) == 20
    assert mine.of_account(a)["louis14"].games == theirs.of_account(b)["louis14"].games == 22
    first.close()
    second.close()


def test_srv_a_person_suspended_during_a_rated_match_has_left_it() -> None:
    with account_client() as (client, box):
        table = table_of(client, box, ["Racine", "Boileau"])
        match_id = table["match_id"]
        accounts = accounts_of(client)
        boileau = in_store(client, accounts.store.find, None, None, "boileau")
        assert boileau is not None
        in_store(client, CommunityStore(accounts.store.engine).suspend, boileau.account_id,
                 "insults", time.time())
        sweep = getattr(client.app.state, "suspensions", None)
        if sweep is not None:
            sweep.wake()
        for _ in range(500):  # the server finds his seat and gives it to the stand-in
            seats = client.get(f"/api/matches/{match_id}",
                               headers=auth(table["tokens"][0])).json()["seats"]
            if seats[1]["away"]:
                break
            time.sleep(0.01)
        assert seats[1]["away"] and seats[1]["gone"] == "left"
        end = play_out(client, table, [0])  # the stand-in plays Boileau's seat to the end
        assert settled(client, match_id) == "rated"
        assert end["seats"][1]["gone"] == "left"
        changes = in_store(client, RatingStore(accounts.store.engine).changes, match_id)
        assert {(c["rank"], c["gone"]) for c in changes} == {(1, None), (2, "left")}
