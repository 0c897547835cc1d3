"""Whether a running review slows other clients' moves: the latency of one client's moves in
another match, first with the server idle, then while the AI reviews a whole finished game
(every seat of a 4-player match) in the bot workers.

A 4-player match with hints is played out through the API (every seat a person taking a
random legal move), then each seat asks for its review. Meanwhile a second client plays a
2-player match, one move after the other, and the time of each ``POST …/actions`` is measured.
Prints the percentiles of both runs, the review's progress and how long it took.

    nice -n 10 .venv/bin/python benchmarks/review_responsiveness.py
    nice -n 10 .venv/bin/python benchmarks/review_responsiveness.py --game vive_le_roi --moves 300
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import local_server


def create(client: httpx.Client, game: str, players: int, seed: int) -> tuple[str, list[str]]:
    """A match of people only, with hints: its id and every seat's token (the invitations
    claimed as each person would)."""
    created = client.post("/api/matches", json={
        "game": game, "players": players, "seed": seed, "practice": True, "language": "en",
        "hints": True,
        "seats": [{"kind": "human", "name": f"P{n}"} for n in range(players)]}).json()
    match_id = created["match_id"]
    tokens = [""] * players
    for seat in created["seats"]:
        if "token" in seat:
            tokens[seat["seat"]] = seat["token"]
        else:
            claimed = client.post(f"/api/matches/{match_id}/claim",
                                  json={"invitation": seat["invitation"]}).json()
            tokens[seat["seat"]] = claimed["token"]
    return match_id, tokens


def move(client: httpx.Client, match_id: str, tokens: list[str], pick: random.Random
         ) -> float | None:
    """One move of the seat to move (a random legal action): its latency in seconds, or None
    once the match is over."""
    view = client.get(f"/api/matches/{match_id}", headers=_auth(tokens[0])).json()
    if view["status"] == "finished":
        return None
    token = tokens[view["to_move"]]
    legal = client.get(f"/api/matches/{match_id}", headers=_auth(token)).json()["legal_actions"]
    start = time.perf_counter()
    answer = client.post(f"/api/matches/{match_id}/actions", headers=_auth(token),
                         json={"version": view["version"], "action": pick.choice(legal)})
    took = time.perf_counter() - start
    answer.raise_for_status()
    return took


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def timed_moves(client: httpx.Client, game: str, count: int, seed: int,
                while_: Any = None, pause: float = 0.0, into: list[float] | None = None
                ) -> list[float]:
    """``count`` moves of fresh 2-player matches (a new one whenever one ends), each timed
    and followed by ``pause`` seconds; ``while_()`` is asked after each move and stops the
    run early when it says False. The times are appended to ``into`` (a new list if None)."""
    pick = random.Random(seed)
    times: list[float] = [] if into is None else into
    match_id, tokens = create(client, game, 2, seed)
    while len(times) < count and (while_ is None or while_()):
        took = move(client, match_id, tokens, pick)
        if took is None:
            seed += 1
            match_id, tokens = create(client, game, 2, seed)
            continue
        times.append(took)
        time.sleep(pause)
    return times


def percentiles(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=100) if len(ms) > 1 else ms * 99
    print(f"{label:<28} moves {len(ms):4d}  p50 {q[49]:6.1f} ms  p90 {q[89]:6.1f} ms  "
          f"p99 {q[98]:6.1f} ms  max {ms[-1]:6.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="louis14")
    parser.add_argument("--moves", type=int, default=200,
                        help="moves timed without a review (with one: until it ends)")
    parser.add_argument("--pause", type=float, default=0.1,
                        help="seconds between two moves of the timed client")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bot-workers", type=int, default=None,
                        help="the server's bot workers (its default when not set)")
    args = parser.parse_args(argv)
    extra = [] if args.bot_workers is None else ["--bot-workers", str(args.bot_workers)]
    with local_server(*extra) as url, httpx.Client(base_url=url, timeout=60) as client:
        match_id, tokens = create(client, args.game, 4, args.seed)
        pick = random.Random(args.seed)
        played = 0
        while move(client, match_id, tokens, pick) is not None:
            played += 1
        print(f"a 4-player {args.game} match played out: {played} moves")
        idle = timed_moves(client, args.game, args.moves, args.seed + 100, pause=args.pause)
        percentiles("no review running", idle)

        def progress() -> tuple[int, int, bool]:
            done = total = 0
            finished = True
            for token in tokens:
                r = client.get(f"/api/matches/{match_id}/review", headers=_auth(token)).json()
                done, total = done + r["done"], total + r["total"]
                finished = finished and r["status"] != "computing"
            return done, total, finished

        start = time.monotonic()
        progress()  # every seat's review starts
        asked = [0]

        def running() -> bool:  # asked every tenth move, not to load the server itself
            asked[0] += 1
            if asked[0] % 10:
                return True
            done, total, finished = progress()
            print(f"\rreview: {done} of {total} decisions, {len(busy)} moves timed",
                  end="", file=sys.stderr, flush=True)
            return not finished

        busy: list[float] = []
        timed_moves(client, args.game, 10**9, args.seed + 200, while_=running,
                    pause=args.pause, into=busy)
        print(file=sys.stderr)
        percentiles("while the review runs", busy)
        total = progress()[1]
        flagged = sum(len(client.get(f"/api/matches/{match_id}/review",
                                     headers=_auth(t)).json()["decisions"]) for t in tokens)
        print(f"the whole game's review: {total} decisions of 4 seats in "
              f"{time.monotonic() - start:.1f} s, {flagged} flagged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
