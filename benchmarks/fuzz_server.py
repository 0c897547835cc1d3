"""Fuzz a real ``sunking serve``: requests generated from its OpenAPI schema, and websocket
messages generated and mangled, with valid, foreign and missing tokens.

The HTTP half draws cases for every operation of ``/openapi.json`` with Schemathesis (bodies,
path and query parameters from the schema), gives each a real match id or a generated one and
a seat's, the spectator's, a garbage or no token, and now and then replaces the body by
mangled bytes: not UTF-8, nested deep, a lone surrogate, over the size limit. One of the
matches is an open table, so joins (names of every kind) and starts reach real free seats;
every fiftieth case also asks an operator's route (``/healthz``, ``/readyz``, ``/metrics``).
The websocket half opens sockets with good and bad tokens and sends generated JSON, mangled
text and actions that are nearly right (stale versions, wrong types), each followed by a
``ping``.

Every answer must be a 2xx or 4xx (or a quick 503), within the time limit; every socket must
answer each message or close with a 1008 or 4xxx code. The other matches have people only, so
a match's version may move only by the moves the server accepted: at the end each must be
exactly at its first version plus those. Prints the counts and exits 1 on any fault.

    .venv/bin/python benchmarks/fuzz_server.py --requests 80000 --messages 20000
    .venv/bin/python benchmarks/fuzz_server.py --requests 1500 --messages 500   # as in CI
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from schemathesis.core.result import Err
from serving import local_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from sunking.testing.seats import seat_tokens

LIMIT = 10.0
"""Seconds an answer may take before it counts as a hang."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=20,
)

OPERATORS = ("/healthz", "/readyz", "/metrics")

MANGLED = (
    b"\xff\xfe{not utf-8",
    b"[" * 30_000 + b"]" * 30_000,
    b'{"game": "\\ud800", "players": 2, "seats": []}',
    b'{"tokens": [NaN, Infinity]}',
    b'{"version": 0, "action": {"type": "' + b"x" * 70_000 + b'"}}',
    b"",
    b"null",
    b'{"a":' * 50 + b"1" + b"}" * 50,
)


@dataclasses.dataclass
class Report:
    requests: int = 0
    messages: int = 0
    faults: list[str] = dataclasses.field(default_factory=list)
    hangs: list[str] = dataclasses.field(default_factory=list)
    accepted: dict[str, int] = dataclasses.field(default_factory=dict)
    statuses: dict[int, int] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Table:
    match_id: str
    tokens: list[str]
    spectator: str
    version: int
    open: bool = False
    """An open table: joins and bots move it, so its version is not checked."""


@contextlib.contextmanager
def fuzz_server() -> Iterator[str]:
    """A fresh server that serves its OpenAPI schema."""
    with local_server("--bot-workers", "0", "--bot-delay", "0", SUNKING_API_DOCS="1") as url:
        yield url


def make_tables(client: httpx.Client) -> list[Table]:
    tables = []
    for game, players in (("louis14", 2), ("vive_le_roi", 3), ("versailles1682", 3)):
        body = {"game": game, "players": players, "language": "en",
                "seats": [{"kind": "human", "name": f"P{i}"} for i in range(players)]}
        created = client.post("/api/matches", json=body).json()
        tokens = list(seat_tokens(client, created).values())
        view = client.get(f"/api/matches/{created['match_id']}",
                          headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        tables.append(Table(created["match_id"], tokens, created["spectator"]["token"],
                            view["version"]))
    body = {"game": "vive_le_roi", "players": 4, "language": "en",
            "seats": [{"kind": "human", "name": "Host"}, *[{"kind": "open"}] * 3]}
    created = client.post("/api/matches", json=body).json()
    tables.append(Table(created["match_id"], [created["seats"][0]["token"]],
                        created["spectator"]["token"], 0, open=True))
    return tables


def fuzz_http(url: str, tables: list[Table], count: int, report: Report, seed: int) -> None:
    schema = schemathesis.openapi.from_url(f"{url}/openapi.json")
    operations = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise SystemExit(f"the server's OpenAPI schema has an invalid operation: "
                             f"{result.err()}")
        operations.append(result.ok())
    per_operation = max(1, -(-count // len(operations)))
    client = httpx.Client(base_url=url, timeout=LIMIT)
    choose = st.integers(0, 1 << 30)

    for operation in operations:
        @hypothesis_seed(seed)
        @given(case=operation.as_strategy(), pick=choose)
        @settings(max_examples=per_operation, database=None, deadline=None,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        def one(case: Any, pick: int) -> None:
            table = tables[pick % len(tables)]
            path = case.formatted_path
            if "match_id" in case.path_parameters and pick % 2:
                path = case.operation.path.replace("{match_id}", table.match_id)
            headers = {}
            kind = (pick >> 3) % 5
            if kind < 2 and not path.endswith(("/leave", "/resign")):  # such a seat gets a bot
                headers["Authorization"] = f"Bearer {table.tokens[pick % len(table.tokens)]}"
            elif kind == 2:
                headers["Authorization"] = f"Bearer {table.spectator}"
            elif kind == 3:
                headers["Authorization"] = f"Bearer {'garbage' * (1 + pick % 7)}"
            content: bytes | None = None
            if (pick >> 6) % 8 == 0:
                content = MANGLED[(pick >> 9) % len(MANGLED)]
            elif not isinstance(case.body, type(None)) and case.media_type:
                with contextlib.suppress(TypeError, ValueError):
                    content = json.dumps(case.body).encode()
            send(client, case.method.upper(), path, case.query, headers, content, report,
                 table)
            if pick % 50 == 0:
                send(client, "GET", OPERATORS[(pick >> 12) % len(OPERATORS)], None, {}, None,
                     report, table)

        one()
    client.close()


def send(client: httpx.Client, method: str, path: str, query: Any, headers: dict[str, str],
         content: bytes | None, report: Report, table: Table) -> None:
    report.requests += 1
    try:
        answer = client.request(method, path, params=query or None, headers={
            **headers, "content-type": "application/json"}, content=content)
    except httpx.TimeoutException:
        report.hangs.append(f"{method} {path}")
        return
    except httpx.TransportError as err:
        report.faults.append(f"{method} {path}: {err!r}")
        return
    report.statuses[answer.status_code] = report.statuses.get(answer.status_code, 0) + 1
    if answer.status_code >= 500 and answer.status_code != 503:
        report.faults.append(f"{method} {path}: {answer.status_code} {answer.text[:200]}")
    if (method == "POST" and path.endswith("/actions") and answer.status_code == 200
            and table.match_id in path):
        report.accepted[table.match_id] = report.accepted.get(table.match_id, 0) + 1
        if os.environ.get("FUZZ_DEBUG"):
            print("accepted over REST:", path, (content or b"")[:300])


def fuzz_ws(url: str, tables: list[Table], count: int, report: Report, seed: int) -> None:
    base = url.replace("http", "ws", 1)
    sockets: dict[tuple[int, int], ClientConnection] = {}
    stack = contextlib.ExitStack()

    def socket_for(t: int, who: int) -> ClientConnection | None:
        key = (t, who)
        if key not in sockets:
            table = tables[t]
            token = [*table.tokens, table.spectator, "nonsense"][who]
            ws = stack.enter_context(connect(
                f"{base}/ws/matches/{table.match_id}?token={token}", open_timeout=LIMIT,
                max_size=1 << 24))
            first = json.loads(ws.recv(timeout=LIMIT))
            if first["type"] == "error":
                with contextlib.suppress(Exception):
                    ws.recv(timeout=LIMIT)  # the server closes a refused socket
                ws.close()
                report.messages += 1
                return None
            sockets[key] = ws
        return sockets[key]

    @hypothesis_seed(seed)
    @given(message=json_values, pick=st.integers(0, 1 << 30))
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    def one(message: Any, pick: int) -> None:
        t = pick % len(tables)
        table = tables[t]
        who = (pick >> 2) % (len(table.tokens) + 2)
        ws = socket_for(t, who)
        if ws is None:
            return
        shape = (pick >> 5) % 6
        request_id = f"f{report.messages}"
        if shape == 0:
            text = json.dumps(message)
        elif shape == 1:
            text = json.dumps({"type": "action", "version": pick % 50, "action": message,
                               "request_id": request_id})
        elif shape == 2:
            text = MANGLED[(pick >> 8) % len(MANGLED)].decode("utf-8", "replace")
        elif shape == 3:
            text = json.dumps({"type": message, "version": message, "action": message})
        elif shape == 4:
            text = json.dumps({"type": "action", "version": message, "action": {"type": "x"},
                               "request_id": message})
        else:
            text = json.dumps({"type": "sync"})
        report.messages += 1
        try:
            ws.send(text)
            ws.send('{"type": "ping"}')
            refused = False
            while True:
                reply = json.loads(ws.recv(timeout=LIMIT))
                if reply["type"] == "pong":
                    break
                if reply["type"] == "error":  # answers come in order: this message's
                    refused = True
            if shape == 1 and not refused and who < len(table.tokens):
                report.accepted[table.match_id] = report.accepted.get(table.match_id, 0) + 1
                if os.environ.get("FUZZ_DEBUG"):
                    print("accepted over the websocket:", text[:300])
        except TimeoutError:
            report.hangs.append(f"websocket message {text[:80]!r}")
            sockets.pop((t, who)).close()
        except ConnectionClosed as closed:
            sockets.pop((t, who), None)
            code = closed.rcvd.code if closed.rcvd else None
            if code not in (1008,) and not (code and 4000 <= code < 5000):
                report.faults.append(f"websocket closed with {code} after {text[:80]!r}")

    with stack:
        one()


def check_versions(url: str, tables: list[Table], report: Report) -> None:
    """A match moved only by the moves the server accepted."""
    with httpx.Client(base_url=url, timeout=LIMIT) as client:
        for table in tables:
            if table.open:
                continue
            view = client.get(f"/api/matches/{table.match_id}",
                              headers={"Authorization": f"Bearer {table.tokens[0]}"}).json()
            expected = table.version + report.accepted.get(table.match_id, 0)
            if view["version"] != expected:
                report.faults.append(f"match {table.match_id} is at version {view['version']}, "
                                     f"expected {expected}")


def fuzz(url: str, requests: int, messages: int, seed: int = 0) -> Report:
    report = Report()
    with httpx.Client(base_url=url, timeout=LIMIT) as client:
        tables = make_tables(client)
    fuzz_http(url, tables, requests, report, seed)
    fuzz_ws(url, tables, messages, report, seed)
    check_versions(url, tables, report)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=80_000)
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", help="a running server started with SUNKING_API_DOCS=1")
    args = parser.parse_args()
    started = time.monotonic()
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(fuzz_server())
        report = fuzz(url, args.requests, args.messages, args.seed)
    print(f"requests: {report.requests}, websocket messages: {report.messages}, "
          f"in {time.monotonic() - started:.0f} s")
    print("statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(report.statuses.items())))
    print(f"moves accepted: {sum(report.accepted.values())}")
    print(f"faults: {len(report.faults)}, hangs: {len(report.hangs)}")
    for line in (report.faults + report.hangs)[:30]:
        print(f"  {line}")
    sys.exit(1 if report.faults or report.hangs else 0)


if __name__ == "__main__":
    main()
