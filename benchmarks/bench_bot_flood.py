"""How long a bot takes to answer a person while another client floods the server with bots.

The script starts ``sunking serve`` (one bot worker, no bot delay) and measures, over a few
moves, the time from a person's move in a Louis XIV match against one ``heuristic`` bot until
the bot has answered: first on a quiet server, then while another client runs ``--flood``
matches of four ``ismcts:hard`` bots. The two clients are told apart by the address the
server sees (``X-Forwarded-For``, which uvicorn reads from a local proxy), as two people
behind a proxy would be. The bot queue serves clients in turns, so the flood should cost the
person about one bot move's time at most.

    .venv/bin/python benchmarks/bench_bot_flood.py --flood 40 --moves 8
"""

from __future__ import annotations

import argparse
import statistics
import time

import httpx
from serving import local_server

from sunking.core import Rng

PERSON = {"X-Forwarded-For": "198.51.100.2"}
FLOODER = {"X-Forwarded-For": "198.51.100.1"}


def replies(url: str, moves: int, seed: int) -> list[float]:
    """Seconds from each of the person's moves until the heuristic bot has answered."""
    body = {"game": "louis14", "players": 2, "language": "en", "seed": seed,
            "seats": [{"kind": "human", "name": "Person"}, {"kind": "bot", "bot": "heuristic"}]}
    with httpx.Client(base_url=url, headers=PERSON, timeout=120) as client:
        created = client.post("/api/matches", json=body).json()
        path = f"/api/matches/{created['match_id']}"
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        rng = Rng(seed)
        times: list[float] = []
        while len(times) < moves:
            view = client.get(path, headers=auth).json()
            if view["status"] != "active":
                break
            if view["to_move"] != 0:
                time.sleep(0.02)
                continue
            action = rng.choice(view["legal_actions"])
            client.post(f"{path}/actions", headers=auth,
                        json={"version": view["version"], "action": action})
            started = time.perf_counter()
            while True:
                now = client.get(path, headers=auth).json()
                if now["to_move"] == 0 or now["status"] != "active":
                    break
                time.sleep(0.02)
            if now["version"] > view["version"] + 1:  # the bot moved in between
                times.append(time.perf_counter() - started)
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", type=int, default=40, help="all-bot matches of the flooder")
    parser.add_argument("--moves", type=int, default=8, help="person's moves timed per phase")
    args = parser.parse_args()
    with local_server("--bot-workers", "1", "--bot-delay", "0") as url:
        quiet = replies(url, args.moves, 1)
        bots = {"game": "louis14", "players": 4, "language": "en",
                "seats": [{"kind": "bot", "bot": "ismcts:hard"}] * 4}
        with httpx.Client(base_url=url, headers=FLOODER, timeout=120) as client:
            for _ in range(args.flood):
                client.post("/api/matches", json=bots).raise_for_status()
        flooded = replies(url, args.moves, 2)
    for name, times in (("quiet", quiet), (f"{args.flood} hard matches", flooded)):
        print(f"{name}: bot answers in median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s over {len(times)} moves")


if __name__ == "__main__":
    main()
