"""Schemathesis against a real ``sunking serve``, with its own checks of the OpenAPI schema.

The script starts ``sunking serve`` on a fresh SQLite database with its schema served
(``SUNKING_API_DOCS=1``) and no rate limits, creates a match with two human seats, and runs
``schemathesis run`` on ``/openapi.json`` in every phase (examples, coverage, fuzzing,
stateful) three times: without a token (generated match ids), then with the seat's token and
then the spectator's, the match id of every path set to the real match. Its checks:

- ``not_a_server_error`` (ST101): no 5xx but a quick 503;
- ``status_code_conformance`` (ST103): every status answered is documented for its operation;
- ``negative_data_rejection`` (ST201): a request the schema forbids is refused (4xx);
- ``positive_data_acceptance`` (ST202): a request the schema allows is accepted, or refused
  only for what the schema cannot say (:data:`STATE_RULES`);
- ``missing_required_header`` (ST203), ``unsupported_method`` (ST204: 405 with ``Allow``),
  ``allow_header_conformance`` (ST205).

It prints the cases generated, and the failures by code; exits 1 on any.

    .venv/bin/python benchmarks/fuzz_schema.py --examples 400          # over 20,000 cases
    .venv/bin/python benchmarks/fuzz_schema.py --examples 5            # as in the tests
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from serving import local_server

CHECKS = ("not_a_server_error", "status_code_conformance", "negative_data_rejection",
          "positive_data_acceptance", "missing_required_header", "unsupported_method",
          "allow_header_conformance")

ACCEPTED = ["2xx", "401", "403", "404", "409", "429", "503"]
"""What schemathesis takes as accepting a schema-valid request: an answer, or a refusal for
the token, the match or its state, or a limit (``positive_data_acceptance``)."""

STATE_RULES: dict[str, str] = {
    "POST /api/matches": "the setup's rules across fields (seats for the player count, a "
                         "bot's spec on a bot seat only, a seed only at a practice table or "
                         "with one person, the bank with a clock) and the game's options",
    "GET /api/matches/{match_id}": "since: at most the match's version",
    "POST /api/matches/{match_id}/actions": "the action: one of the game's actions "
                                            "(invalid_action), for a version",
    "GET /api/matches/{match_id}/replay/board": "version: at most the match's; seat: one of "
                                                "its seats",
    "POST /api/matches/{match_id}/chat": "the text once cleaned, recipients among the "
                                         "match's seats, addressed a seat",
    "POST /api/matches/{match_id}/join": "a name that is plain text, not taken at the table "
                                         "(name_taken)",
    "POST /api/matches/{match_id}/claim": "a name that is plain text, not taken at the "
                                          "table (name_taken)",
    "POST /api/matches/{match_id}/report": "a seat of the match other than one's own, "
                                           "one of its chat lines or moves",
    "POST /api/matches/{match_id}/mute": "a seat of the match other than one's own",
    "POST /api/matches/{match_id}/block": "a seat of the match other than one's own, held "
                                          "by an account (guest_seat)",
    "GET /api/matches/{match_id}/moves/{seat}": "seat: one of the match's seats",
    "POST /api/account/people": "another person than oneself (self)",
    "POST /api/account/signup": "a handle in NFC without control or bidi characters, an "
                                "address email-validator takes, a password of 10 to 200 "
                                "characters, languages among the five",
    "POST /api/account/passkeys/register/begin": "a handle and an address as at sign-up",
    "POST /api/account/passkeys/register/finish": "the browser's credential of the ceremony",
    "POST /api/account/passkeys/signin/finish": "the browser's credential of the ceremony",
    "POST /api/account/password-reset/confirm": "a password of 10 to 200 characters",
}
"""The operations where a schema-valid request may still be ``422``, and why: what the
schema cannot say, since it depends on the match or on several fields at once."""

SINGLE_USE: tuple[str, ...] = (
    "POST /api/account/verify", "POST /api/account/password-reset/confirm",
    "POST /api/account/passkeys/register/finish", "POST /api/account/passkeys/signin/finish")
"""The operations that take a secret only the server hands out (a mailed link's token, a
passkey ceremony's id): a made-up one is ``410`` (``link_refused``, ``ceremony_unknown``)."""


@dataclasses.dataclass
class Run:
    """One schemathesis run: its name, cases generated and failures by code."""

    name: str
    cases: int
    failures: dict[str, list[str]]
    seconds: float


def config_text(match_id: str | None) -> str:
    """schemathesis.toml: the checks, the statuses a schema-valid request may get, the
    match id of every path."""
    lines = [f"[checks.positive_data_acceptance]\nexpected-statuses = {json.dumps(ACCEPTED)}"]
    for operation in sorted({*STATE_RULES, *SINGLE_USE}):
        statuses = [*ACCEPTED, *(["422"] if operation in STATE_RULES else []),
                    *(["410"] if operation in SINGLE_USE else [])]
        lines.append(f'[[operations]]\ninclude-name = "{operation}"\n'
                     "checks.positive_data_acceptance.expected-statuses = "
                     f"{json.dumps(statuses)}")
    if match_id is not None:
        lines.insert(0, f'[parameters]\n"path.match_id" = "{match_id}"')
    return "\n\n".join(lines) + "\n"


def run_schemathesis(url: str, name: str, examples: int, seed: int, token: str | None,
                     match_id: str | None) -> Run:
    with tempfile.TemporaryDirectory(prefix="sunking-st-") as work:
        config = Path(work) / "schemathesis.toml"
        config.write_text(config_text(match_id))
        command = [str(Path(sys.executable).parent / "schemathesis"), "--config-file",
                   str(config), "run", f"{url}/openapi.json", "--checks", ",".join(CHECKS),
                   "--max-examples", str(examples), "--seed", str(seed), "--no-color",
                   "--continue-on-failure", "--report", "json", "--report-dir", work,
                   "--generation-database", "none", "--workers", "1"]
        if token is not None:
            command += ["--header", f"Authorization: Bearer {token}"]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, cwd=work)
        reports = sorted(Path(work).glob("json-*.json"))
        if not reports:
            raise RuntimeError(f"schemathesis wrote no report:\n{done.stdout[-3000:]}"
                               f"{done.stderr[-3000:]}")
        report = json.loads(reports[-1].read_text())
    failures = {f["code"]: f["operations"] for f in report["failures"]}
    for error in report.get("errors", []):
        failures.setdefault("error", []).append(json.dumps(error)[:300])
    if failures and os.environ.get("FUZZ_DEBUG"):
        print(done.stdout[-20000:])
    return Run(name, report["test_cases"]["generated"], failures, time.monotonic() - started)


@contextlib.contextmanager
def schema_server() -> Iterator[str]:
    with local_server("--bot-workers", "0", "--bot-delay", "0", SUNKING_API_DOCS="1") as url:
        yield url


def fuzz_schema(url: str, examples: int, seed: int) -> list[Run]:
    """The three runs against ``url`` (a server with its schema served)."""
    with httpx.Client(base_url=url, timeout=30) as client:
        created = client.post("/api/matches", json={
            "game": "louis14", "players": 2, "language": "en",
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}).json()
    match_id = created["match_id"]
    return [
        run_schemathesis(url, "without a token", examples, seed, None, None),
        run_schemathesis(url, "with a seat's token", examples, seed + 1,
                         created["seats"][0]["token"], match_id),
        run_schemathesis(url, "with the spectator's token", examples, seed + 2,
                         created["spectator"]["token"], match_id),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=400,
                        help="cases per operation and phase (schemathesis --max-examples)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", help="a running server started with SUNKING_API_DOCS=1")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(schema_server())
        runs = fuzz_schema(url, args.examples, args.seed)
    for run in runs:
        found = ", ".join(f"{code} ({len(ops)} operations)" for code, ops in
                          sorted(run.failures.items())) or "none"
        print(f"{run.name}: {run.cases} cases in {run.seconds:.0f} s; failures: {found}")
        for code, operations in sorted(run.failures.items()):
            for operation in operations:
                print(f"  {code}: {operation}")
    print(f"cases in all: {sum(r.cases for r in runs)}")
    sys.exit(1 if any(r.failures for r in runs) else 0)


if __name__ == "__main__":
    main()
